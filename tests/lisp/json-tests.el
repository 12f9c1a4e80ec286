;;; json-tests.el --- the JSON primitives (Emacs 28's, over libjansson)  -*- lexical-binding: t -*-

(require 'ert)

;; Every test needs the primitives, absent from a build without
;; libjansson (as from an Emacs built without it).
(defmacro json-tests--deftest (name &rest body)
  (declare (indent 1))
  `(ert-deftest ,name ()
     (skip-unless (fboundp 'json-parse-string))
     ,@body))

(defun json-tests--error (thunk)
  "The error THUNK signals, as (SYMBOL . DATA), or its value."
  (condition-case err (funcall thunk) (error err)))

(defmacro json-tests--err (form)
  `(json-tests--error (lambda () ,form)))

(defun json-tests--hash (&rest kvs)
  (let ((h (make-hash-table :test 'equal)))
    (while kvs
      (puthash (pop kvs) (pop kvs) h))
    h))

(defun json-tests--entries (table)
  (let (r)
    (maphash (lambda (k v) (push (cons k v) r)) table)
    (nreverse r)))

(ert-deftest json-available ()
  (should (eq (json-available-p) (and (fboundp 'json-serialize) t))))

(json-tests--deftest json-error-conditions
  (should (equal (get 'json-error 'error-conditions) '(json-error error)))
  (should (equal (get 'json-parse-error 'error-conditions)
                 '(json-parse-error json-error error)))
  (should (equal (get 'json-end-of-file 'error-conditions)
                 '(json-end-of-file json-parse-error json-error error)))
  (should (equal (get 'json-trailing-content 'error-conditions)
                 '(json-trailing-content json-parse-error json-error error)))
  (should (equal (get 'json-object-too-deep 'error-conditions)
                 '(json-object-too-deep json-error error)))
  (should (equal (get 'json-out-of-memory 'error-conditions)
                 '(json-out-of-memory json-error error)))
  (should (equal (get 'json-end-of-file 'error-message) "end of JSON stream"))
  (should (equal (error-message-string '(json-object-too-deep))
                 "object cyclic or Lisp evaluation too deep"))
  (should (equal (error-message-string '(json-parse-error "x" "<string>" 1 2 3))
                 "could not parse JSON stream: \"x\", \"<string>\", 1, 2, 3")))

(json-tests--deftest json-serialize-scalars
  (should (equal (json-serialize t) "true"))
  (should (equal (json-serialize nil) "{}"))
  (should (equal (json-serialize :null) "null"))
  (should (equal (json-serialize :false) "false"))
  (should (equal (json-serialize 42) "42"))
  (should (equal (json-serialize -9223372036854775808) "-9223372036854775808"))
  (should (equal (json-serialize 9223372036854775807) "9223372036854775807"))
  (should (equal (json-serialize [1.0 -0.0 1.5 1e20 1e21 1e-7 0.1 100.0 1e16 1e17])
                 "[1.0,-0.0,1.5,1e20,1e21,9.9999999999999995e-8,0.10000000000000001,100.0,10000000000000000.0,1e17]"))
  (should (equal (json-serialize "a\"b\\c\n\t\1\177 é ☃ 𝄞")
                 "\"a\\\"b\\\\c\\n\\t\\u0001\177 é ☃ 𝄞\""))
  (should (equal (json-serialize "a\0b") "\"a\\u0000b\""))
  ;; The text is multibyte, even all ASCII; properties are dropped.
  (should (multibyte-string-p (json-serialize "a")))
  (should (equal (json-serialize (propertize "ab" 'face 'bold)) "\"ab\""))
  (should-not (text-properties-at 1 (json-serialize (propertize "ab" 'face 'bold))))
  ;; A unibyte string is taken as UTF-8 bytes.
  (should (equal (json-serialize "\303\251") "\"é\"")))

(json-tests--deftest json-serialize-containers
  (should (equal (json-serialize [1 2 [] nil [t :false :null]])
                 "[1,2,[],{},[true,false,null]]"))
  (should (equal (json-serialize (json-tests--hash "x" 2 "y" [1] "é" "ü"))
                 "{\"x\":2,\"y\":[1],\"é\":\"ü\"}"))
  ;; The table's order, the slot of a removed entry reused.
  (let ((h (json-tests--hash "a" 1)))
    (remhash "a" h)
    (puthash "b" 2 h)
    (puthash "c" 3 h)
    (should (equal (json-serialize h) "{\"b\":2,\"c\":3}")))
  (should (equal (json-serialize '((a . 1) (b . [2]) (a . 3))) "{\"a\":1,\"b\":[2]}"))
  (should (equal (json-serialize '(:a 1 :b 2 :a 3)) "{\"a\":1,\"b\":2}"))
  (should (equal (json-serialize '(a 1 :a 2)) "{\"a\":1}"))
  (should (equal (json-serialize '((a . 1) (:a . 2))) "{\"a\":1,\":a\":2}"))
  (should (equal (json-serialize '(: 1)) "{\":\":1}"))
  (should (equal (json-serialize '(nil 1 t 2)) "{\"nil\":1,\"t\":2}"))
  (should (equal (json-serialize '((nil . 1))) "{\"nil\":1}"))
  ;; A repeated key's later value is not even looked at.
  (should (equal (json-serialize '(:a 1 :a foo)) "{\"a\":1}"))
  (should (equal (json-serialize [1 [2 [3 (:a [4])]]]) "[1,[2,[3,{\"a\":[4]}]]]")))

(json-tests--deftest json-serialize-null-and-false-objects
  (should (equal (json-serialize [nil f] :null-object nil :false-object 'f)
                 "[null,false]"))
  (should (equal (json-tests--err (json-serialize [nil :null] :null-object nil))
                 '(wrong-type-argument json-value-p :null)))
  (should (equal (json-serialize 1 :null-object 1) "null"))
  (should (equal (json-serialize [x] :null-object 'x :false-object 'x) "[null]"))
  ;; The first of a repeated keyword counts.
  (should (equal (json-serialize [1] :null-object 1 :null-object 2) "[null]"))
  (should (equal (json-tests--err (json-serialize [:null] :null-object 2 :null-object :null))
                 '(wrong-type-argument json-value-p :null))))

(json-tests--deftest json-serialize-errors
  (should (equal (json-tests--err (json-serialize 'foo)) '(wrong-type-argument json-value-p foo)))
  (should (equal (json-tests--err (json-serialize [1 foo])) '(wrong-type-argument json-value-p foo)))
  (should (equal (json-tests--err (json-serialize (make-bool-vector 2 t)))
                 (list 'wrong-type-argument 'json-value-p (make-bool-vector 2 t))))
  (should (equal (json-tests--err (json-serialize '((1 . 2)))) '(wrong-type-argument symbolp 1)))
  (should (equal (json-tests--err (json-serialize '(("a" . 2)))) '(wrong-type-argument symbolp "a")))
  (should (equal (json-tests--err (json-serialize '(:a 1 "b" 2))) '(wrong-type-argument symbolp "b")))
  (should (equal (json-tests--err (json-serialize '(:a 1 :b))) '(wrong-type-argument consp nil)))
  (should (equal (json-tests--err (json-serialize '(:a . 3))) '(wrong-type-argument consp 3)))
  (should (equal (json-tests--err (json-serialize '((a . 1) b))) '(wrong-type-argument consp b)))
  (should (equal (json-tests--err (json-serialize '((a . 1) . 3)))
                 '(wrong-type-argument listp ((a . 1) . 3))))
  (should (equal (json-tests--err (json-serialize '(:a 1 . 3)))
                 '(wrong-type-argument listp (:a 1 . 3))))
  (should (equal (json-tests--err (json-serialize '(:a foo :a 1)))
                 '(wrong-type-argument json-value-p foo)))
  (should (equal (json-tests--err (json-serialize (list (cons (intern "a\0b") 1))))
                 '(wrong-type-argument string-without-embedded-nulls-p "a\0b")))
  (should (equal (json-tests--err (json-serialize (expt 2 63)))
                 '(args-out-of-range 9223372036854775808
                                     -9223372036854775808 9223372036854775807)))
  (should (equal (json-tests--err (json-serialize (- -1 (expt 2 63))))
                 '(args-out-of-range -9223372036854775809
                                     -9223372036854775808 9223372036854775807)))
  ;; jansson has no infinities nor NaNs, which Emacs 28 reports so.
  (should (equal (json-tests--err (json-serialize 1.0e+INF)) '(json-out-of-memory)))
  (should (equal (json-tests--err (json-serialize [1 -1.0e+INF])) '(json-out-of-memory)))
  (should (equal (json-tests--err (json-serialize 0.0e+NaN)) '(json-out-of-memory))))

(json-tests--deftest json-serialize-invalid-unicode
  ;; The string jansson refused, as the bytes it was given.
  (dolist (case (list (cons "\xff" "\377")
                      (cons (string-to-multibyte "a\0\xff") "a\0\377")
                      (cons "abc\xe9" "abc\351")
                      (cons "\xc0\x80" "\300\200")
                      (cons (string #xd800) "\355\240\200")
                      (cons (string #x110000) "\364\220\200\200")
                      (cons (string #x3fff80) "\200")))
    (let ((err (json-tests--err (json-serialize (car case)))))
      (should (equal err (list 'wrong-type-argument 'utf-8-string-p (cdr case))))
      (should-not (multibyte-string-p (nth 2 err))))))

(json-tests--deftest json-serialize-hash-table-keys
  (let ((h (make-hash-table)))
    (puthash 1 2 h)
    (should (equal (json-tests--err (json-serialize h)) '(wrong-type-argument stringp 1))))
  ;; Two keys equal as strings, which an eq table can hold.
  (let ((h (make-hash-table :test 'eq)))
    (puthash "x" 2 h)
    (puthash (copy-sequence "x") 3 h)
    (should (equal (json-tests--err (json-serialize h)) (list 'wrong-type-argument 'json-value-p h))))
  (let ((h (json-tests--hash "\303\251" 1 "é" 1)))
    (should (equal (json-tests--err (json-serialize h)) (list 'wrong-type-argument 'json-value-p h))))
  (should (equal (json-tests--err (json-serialize (json-tests--hash "x\0y" 2)))
                 '(wrong-type-argument string-without-embedded-nulls-p "x\0y")))
  (should (equal (json-tests--err (json-serialize (json-tests--hash (string #xd800) 1)))
                 '(wrong-type-argument utf-8-string-p "\355\240\200")))
  ;; The value is converted before the key is added.
  (should (equal (json-tests--err (json-serialize (json-tests--hash "\xff" 'foo)))
                 '(wrong-type-argument json-value-p foo)))
  (should (equal (json-tests--err (json-serialize (json-tests--hash "a" 'foo 'b 1)))
                 '(wrong-type-argument json-value-p foo)))
  ;; A symbol name that is no UTF-8: Emacs 28 says so.
  (should (equal (json-tests--err (json-serialize (list (cons (intern "\xff") 1))))
                 '(json-out-of-memory))))

(json-tests--deftest json-serialize-cycles
  (let ((v (vector 1)))
    (aset v 0 v)
    (should (equal (json-tests--err (json-serialize v)) '(json-object-too-deep))))
  (let ((l (list :a 1)))
    (nconc l l)
    (should (eq (car (json-tests--err (json-serialize l))) 'circular-list)))
  (let ((l (list '(a . 1))))
    (nconc l l)
    (should (eq (car (json-tests--err (json-serialize l))) 'circular-list)))
  ;; Still usable afterwards.
  (should (equal (json-serialize [[1]]) "[[1]]")))

(json-tests--deftest json-arguments
  (should (equal (json-tests--err (json-serialize 1 :null-object))
                 '(wrong-type-argument plistp (:null-object))))
  (should (equal (json-tests--err (json-serialize 1 :null-object 1 :false-object))
                 '(wrong-type-argument plistp (:null-object 1 :false-object))))
  (should (equal (json-tests--err (json-serialize 1 :foo 2))
                 '(error "One of :null-object or :false-object should be specified" 2)))
  (should (equal (json-tests--err (json-serialize 1 :object-type 'alist))
                 '(error "One of :null-object or :false-object should be specified" alist)))
  (should-not (multibyte-string-p (cadr (json-tests--err (json-serialize 1 :foo 2)))))
  (should (equal (json-tests--err (json-parse-string "1" :object-type 'foo))
                 '(error "One of hash-table, alist or plist should be specified" foo)))
  (should (equal (json-tests--err (json-parse-string "1" :array-type 'foo))
                 '(error "One of array or list should be specified" foo)))
  (should (equal (json-tests--err (json-parse-string "1" 'a 1))
                 '(error "One of :object-type, :array-type, :null-object or :false-object should be specified" 1)))
  (should (equal (json-tests--err (json-parse-string "1" :object-type))
                 '(wrong-type-argument plistp (:object-type))))
  (should (equal (json-parse-string "{\"a\":1}" :object-type 'alist :object-type 'plist)
                 '((a . 1))))
  (should (equal (error-message-string (json-tests--err (json-serialize 1 :foo 1)))
                 "One of :null-object or :false-object should be specified: 1"))
  ;; The string is checked before the arguments.
  (should (equal (json-tests--err (json-parse-string 1 :foo 1)) '(wrong-type-argument stringp 1)))
  (should (equal (json-tests--err (json-parse-string "\"a\0\"" :foo 1))
                 '(wrong-type-argument string-without-embedded-nulls-p "\"a\0\"")))
  (should (equal (car (json-tests--err (json-parse-string "[1" :foo 1))) 'error))
  (should (equal (json-tests--err (json-serialize)) '(wrong-number-of-arguments json-serialize 0)))
  (should (equal (func-arity 'json-parse-buffer) '(0 . many)))
  (should (equal (func-arity 'json-insert) '(1 . many))))

(json-tests--deftest json-parse-values
  (should (equal (json-parse-string "[1,2]") [1 2]))
  (should (equal (json-parse-string "1") 1))
  (should (equal (json-parse-string " true ") t))
  (should (eq (json-parse-string "null") :null))
  (should (eq (json-parse-string "false") :false))
  (should (equal (json-parse-string "\"a\"") "a"))
  (should (multibyte-string-p (json-parse-string "\"a\"")))
  (should (equal (json-parse-string "[\"é☃\", \"\\u00e9\", \"\\ud834\\udd1e\"]") ["é☃" "é" "𝄞"]))
  (should (equal (json-parse-string "\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"") "/\b\f\n\r\t\"\\"))
  (should (equal (json-parse-string "[1.0, 2.50, 1e2, -1E-2, -0]") [1.0 2.5 100.0 -0.01 0]))
  (should (equal (json-parse-string "[-9223372036854775808, 9223372036854775807]")
                 [-9223372036854775808 9223372036854775807]))
  (should (equal (json-parse-string "[true, false, null]" :false-object nil :null-object 'n)
                 [t nil n]))
  (should (equal (json-parse-string "[[1], []]" :array-type 'list) '((1) nil)))
  (should (equal (json-parse-string (string-to-multibyte "[\"\303\251\"]")) ["é"]))
  (should (equal (json-parse-string (propertize "[1]" 'face 'bold)) [1])))

(json-tests--deftest json-parse-objects
  (let ((h (json-parse-string "{\"b\":1,\"a\":{\"c\":null},\"b\":3}")))
    (should (eq (hash-table-test h) 'equal))
    (should (equal (mapcar #'car (json-tests--entries h)) '("b" "a")))
    (should (equal (json-tests--entries (gethash "a" h)) '(("c" . :null))))
    (should (equal (gethash "b" h) 3)))
  (should (equal (json-tests--entries (json-parse-string "{\"é\":[true]}")) '(("é" . [t]))))
  (should (equal (json-parse-string "{\"a\":1,\"b\":[true,false,null],\"a\":2}" :object-type 'alist)
                 '((a . 2) (b . [t :false :null]))))
  (should (equal (json-parse-string "{\"a\":1,\"b\":[true,false,null],\"a\":2}"
                                    :object-type 'plist :array-type 'list)
                 '(:a 2 :b (t :false :null))))
  (should (equal (json-parse-string "{\"a\":{\"b\":null}}" :object-type 'alist :null-object 'N)
                 '((a (b . N)))))
  (should (eq (car (car (json-parse-string "{\"é\":1}" :object-type 'alist))) 'é))
  (should (equal (json-parse-string "{\"\":1}" :object-type 'alist) (list (cons (intern "") 1))))
  (should (equal (json-parse-string "{\"\":1}" :object-type 'plist) '(: 1)))
  (should (equal (json-parse-string "{\":a\":1}" :object-type 'plist) '(::a 1)))
  (should (equal (json-parse-string "{}" :object-type 'alist) nil))
  (should (equal (json-parse-string "{}" :object-type 'plist) nil))
  (should (equal (hash-table-count (json-parse-string "{}")) 0)))

(json-tests--deftest json-parse-errors
  (should (equal (json-tests--err (json-parse-string ""))
                 '(json-end-of-file "unexpected token near end of file" "<string>" 1 0 0)))
  (should (equal (json-tests--err (json-parse-string "   "))
                 '(json-end-of-file "unexpected token near end of file" "<string>" 1 3 3)))
  (should (equal (json-tests--err (json-parse-string "[1,"))
                 '(json-end-of-file "']' expected near end of file" "<string>" 1 3 3)))
  (should (equal (json-tests--err (json-parse-string "[\"abc"))
                 '(json-end-of-file "premature end of input near '\"abc'" "<string>" 1 5 5)))
  (should (equal (json-tests--err (json-parse-string "[1] x"))
                 '(json-trailing-content "end of file expected near 'x'" "<string>" 1 5 5)))
  (should (equal (json-tests--err (json-parse-string "[1]\n\n  x"))
                 '(json-trailing-content "end of file expected near 'x'" "<string>" 3 3 8)))
  (should (equal (json-tests--err (json-parse-string "[1,]"))
                 '(json-parse-error "unexpected token near ']'" "<string>" 1 4 4)))
  (should (equal (json-tests--err (json-parse-string "\n\n  [1, @]"))
                 '(json-parse-error "invalid token near '@'" "<string>" 3 7 9)))
  (should (equal (json-tests--err (json-parse-string "{1:1}"))
                 '(json-parse-error "string or '}' expected near '1'" "<string>" 1 2 2)))
  (should (equal (json-tests--err (json-parse-string "é"))
                 '(json-parse-error "invalid token near 'é'" "<string>" 1 1 2)))
  (should (equal (json-tests--err (json-parse-string "[\"\\ud800\"]"))
                 '(json-parse-error "invalid Unicode '\\uD800' near '\"\\ud800\"'" "<string>" 1 9 9)))
  (should (equal (json-tests--err (json-parse-string "[\"\\u0000\"]"))
                 '(json-parse-error "\\u0000 is not allowed without JSON_ALLOW_NUL near '\"\\u0000\"'"
                                    "<string>" 1 9 9)))
  (should (equal (json-tests--err (json-parse-string "\"\xff\""))
                 '(json-parse-error "unable to decode byte 0xff near '\"'" "<string>" 1 1 1)))
  (should (equal (json-tests--err (json-parse-string "9223372036854775808"))
                 '(json-parse-error "too big integer near '9223372036854775808'" "<string>" 1 19 19)))
  (should (equal (json-tests--err (json-parse-string "[1E400]"))
                 '(json-parse-error "real number overflow near '1E400'" "<string>" 1 6 6)))
  (should (equal (json-tests--err (json-parse-string "\"\303\251\0\""))
                 '(wrong-type-argument string-without-embedded-nulls-p "\"\303\251\0\"")))
  (let ((err (json-tests--err (json-parse-string "[1,]"))))
    (should (multibyte-string-p (nth 1 err)))
    (should (multibyte-string-p (nth 2 err))))
  (should (equal (json-tests--err (json-parse-string 'a)) '(wrong-type-argument stringp a))))

(json-tests--deftest json-parse-depth
  (should (equal (json-tests--err (json-parse-string (concat (make-string 20000 ?\[)
                                                             (make-string 20000 ?\]))))
                 '(json-parse-error "maximum parsing depth reached near '['" "<string>" 1 2049 2049)))
  (should (equal (json-tests--err (json-parse-string (concat (make-string 2000 ?\[)
                                                             (make-string 2000 ?\]))))
                 '(json-object-too-deep)))
  (let ((max-lisp-eval-depth 200))
    (should (equal (json-tests--err (json-parse-string (concat (make-string 300 ?\{ ) "}")))
                   '(json-parse-error "string or '}' expected near '{'" "<string>" 1 2 2)))
    (should (equal (json-tests--err (json-parse-string (concat (make-string 300 ?\[)
                                                               (make-string 300 ?\]))))
                   '(json-object-too-deep)))
    (should (equal (length (json-parse-string (concat (make-string 150 ?\[)
                                                      (make-string 150 ?\]))))
                   1))))

(json-tests--deftest json-parse-buffer-point
  (with-temp-buffer
    (insert "  [1,2] rest")
    (goto-char 1)
    (should (equal (json-parse-buffer) [1 2]))
    (should (= (point) 8)))
  (with-temp-buffer
    (insert "1 2")
    (goto-char 1)
    (should (equal (list (json-parse-buffer) (point) (json-parse-buffer) (point)) '(1 2 2 4))))
  (with-temp-buffer
    (insert "\"é\" {\"a\":[1]}[1][2]")
    (goto-char 1)
    (should (equal (json-parse-buffer) "é"))
    (should (= (point) 4))
    (should (equal (json-parse-buffer :object-type 'alist) '((a . [1]))))
    (should (= (point) 14))
    (should (equal (json-parse-buffer) [1]))
    (should (= (point) 17)))
  (with-temp-buffer
    (insert "x[1,2]")
    (goto-char 3)
    (should (equal (json-parse-buffer) 1))
    (should (= (point) 4))))

(json-tests--deftest json-parse-buffer-errors
  (with-temp-buffer
    (insert "[1,")
    (goto-char 1)
    (should (equal (json-tests--err (json-parse-buffer))
                   '(json-end-of-file "']' expected near end of file" "<callback>" 1 3 3)))
    (should (= (point) 1))
    (goto-char (point-max))
    (should (equal (json-tests--err (json-parse-buffer))
                   '(json-end-of-file "unexpected token near end of file" "<callback>" 1 0 0))))
  (with-temp-buffer
    (insert "\n[1,\n x]")
    (goto-char 1)
    (should (equal (json-tests--err (json-parse-buffer))
                   '(json-parse-error "invalid token near 'x'" "<callback>" 3 2 7)))
    (should (= (point) 1)))
  ;; Only the accessible portion is read.
  (with-temp-buffer
    (insert "[1] [2]")
    (narrow-to-region 1 3)
    (goto-char 1)
    (should (equal (json-tests--err (json-parse-buffer))
                   '(json-end-of-file "']' expected near end of file" "<callback>" 1 2 2))))
  (with-temp-buffer
    (insert "truex")
    (goto-char 1)
    (should (equal (json-tests--err (json-parse-buffer))
                   '(json-parse-error "invalid token near 'truex'" "<callback>" 1 5 5))))
  ;; A raw byte in a multibyte buffer is what Emacs keeps it as.
  (with-temp-buffer
    (insert "[\"\xff\"]")
    (goto-char 1)
    (should (equal (json-tests--err (json-parse-buffer))
                   '(json-parse-error "unable to decode byte 0xc1 near '\"'" "<callback>" 1 2 2))))
  (with-temp-buffer
    (should (equal (json-tests--err (json-parse-buffer :foo 1))
                   '(error "One of :object-type, :array-type, :null-object or :false-object should be specified" 1)))))

(json-tests--deftest json-parse-buffer-unibyte
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "[\"\303\251\"] 7")
    (goto-char 1)
    (should (equal (json-parse-buffer) ["é"]))
    (should (= (point) 7))
    (should (equal (json-parse-buffer) 7))))

(json-tests--deftest json-insert-text
  (with-temp-buffer
    (insert "ab")
    (goto-char 2)
    (json-insert [1 "é" :null])
    (should (equal (buffer-string) "a[1,\"é\",null]b"))
    (should (= (point) 14)))
  (with-temp-buffer
    (json-insert '(:a 1) :null-object 1)
    (should (equal (buffer-string) "{\"a\":null}")))
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "ab")
    (goto-char 2)
    (json-insert ["é"])
    (should (equal (buffer-string) "a[\"\303\251\"]b")))
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (json-insert [12 3])
    (should (equal (buffer-string) "[12,3]"))
    (should (= (point) 7)))
  (with-temp-buffer
    (insert "ab")
    (goto-char 2)
    (should (equal (json-tests--err (json-insert [1 foo])) '(wrong-type-argument json-value-p foo)))
    (should (equal (buffer-string) "ab"))
    (should (= (point) 2)))
  (with-temp-buffer
    (setq buffer-read-only t)
    (should (eq (car (json-tests--err (json-insert 1))) 'buffer-read-only))
    ;; The value is converted first.
    (should (equal (json-tests--err (json-insert 'foo)) '(wrong-type-argument json-value-p foo))))
  (with-temp-buffer
    (should (equal (json-tests--err (json-insert 1 :object-type 'alist))
                   '(error "One of :null-object or :false-object should be specified" alist)))))

(json-tests--deftest json-insert-change-hooks
  (with-temp-buffer
    (let ((log nil))
      (add-hook 'after-change-functions (lambda (b e l) (push (list 'a b e l) log)) nil t)
      (add-hook 'before-change-functions (lambda (b e) (push (list 'b b e) log)) nil t)
      (json-insert [1 2])
      (condition-case nil (json-insert [1 foo]) (error nil))
      (should (equal (nreverse log) '((b 1 1) (a 1 6 0)))))))

(json-tests--deftest json-round-trip
  (let* ((text "{\"list\":[1,2.5,\"three\",true,false,null,{\"x\":[]}],\"s\":\"é\\n\"}")
         (alist (json-parse-string text :object-type 'alist)))
    (should (equal alist '((list . [1 2.5 "three" t :false :null ((x . []))]) (s . "é\n"))))
    (should (equal (json-serialize alist) text))
    (should (equal (json-serialize (json-parse-string text)) text))
    (should (equal (json-serialize (json-parse-string text :object-type 'plist)) text))))

(json-tests--deftest json-many-values
  ;; Enough allocation for collections in the middle of conversions.
  (let ((v (make-vector 3000 nil)))
    (dotimes (i 3000)
      (aset v i (list :n i :s (number-to-string i) :l (vector i (* 1.5 i)))))
    (let* ((text (json-serialize v))
           (back (json-parse-string text :object-type 'plist)))
      (should (equal (length back) 3000))
      (should (equal (aref back 2999) '(:n 2999 :s "2999" :l [2999 4498.5])))
      (should (equal (json-serialize back) text)))))

;;; json-tests.el ends here
