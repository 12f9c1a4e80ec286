;;; diffhunt-sequences-tests.el --- lists, strings, symbols, vectors and hash tables against Emacs 28  -*- lexical-binding: t -*-

;; Each test holds forms whose values (or errors) marrow once printed
;; differently from Emacs 28; the expected values were read off
;; `emacs -Q -batch' 28.

(require 'ert)

(defmacro diffhunt-seq--err (form)
  "The error FORM signals, or the symbol `no-error'."
  `(condition-case err (progn ,form 'no-error) (error err)))

(ert-deftest diffhunt-seq-fillarray-string-byte-length ()
  ;; A multibyte string is filled in place: a character of another
  ;; byte length is refused, one of the same length is fine.
  (let ((s (copy-sequence "ß")))
    (should (equal (diffhunt-seq--err (fillarray s ?a))
                   '(error "Attempt to change byte length of a string")))
    (should (equal s "ß")))
  (should (equal (diffhunt-seq--err (fillarray (string-to-multibyte "abc") ?é))
                 '(error "Attempt to change byte length of a string")))
  (should (equal (fillarray (copy-sequence "éé") ?ß) "ßß"))
  (should (equal (diffhunt-seq--err (fillarray (copy-sequence "héllo") ?x))
                 '(error "Attempt to change byte length of a string")))
  ;; A unibyte string takes the character's low byte and stays unibyte.
  (let ((s (fillarray (copy-sequence "abc") 300)))
    (should (equal s ",,,"))
    (should-not (multibyte-string-p s)))
  (should (equal (fillarray (make-string 0 ?a) ?é) "")))

(ert-deftest diffhunt-seq-string-comparison-aliases ()
  (should (eq (symbol-function 'string<) 'string-lessp))
  (should (eq (symbol-function 'string=) 'string-equal))
  (should (eq (symbol-function 'string>) 'string-greaterp))
  (should (eq (symbol-function 'sxhash) 'sxhash-equal))
  (should (equal (diffhunt-seq--err (mapcar 'string< "ab"))
                 (list 'wrong-number-of-arguments (symbol-function 'string-lessp) 1)))
  (should (equal (sort (list "b" "a" "c") #'string<) '("a" "b" "c"))))

(ert-deftest diffhunt-seq-string-reverse-is-reverse ()
  (require 'subr-x)
  (with-no-warnings
    (should (equal (string-reverse "abc") "cba"))
    (should (equal (string-reverse '(1 2 3)) '(3 2 1)))
    (should (equal (string-reverse [1 2]) [2 1]))
    (should (equal (string-reverse nil) nil))))

(ert-deftest diffhunt-seq-copy-alist-any-sequence ()
  (let* ((c (cons 'a 1)) (r (copy-alist (vector c))))
    (should (equal r '((a . 1))))
    (should-not (eq (car r) c)))
  (should (equal (copy-alist "ab") '(97 98)))
  (should (equal (copy-alist (bool-vector t nil)) '(t nil)))
  (should (equal (diffhunt-seq--err (copy-alist 65)) '(wrong-type-argument sequencep 65)))
  (should (equal (diffhunt-seq--err (copy-alist '((a . 1) . 2))) '(wrong-type-argument listp 2))))

(ert-deftest diffhunt-seq-butlast-of-an-array ()
  ;; nthcdr 0 hands the array back and setcdr refuses it; the vector
  ;; must come out untouched.
  (let ((v (vector 1 2)))
    (should (equal (diffhunt-seq--err (nbutlast v)) '(wrong-type-argument consp [1 2])))
    (should (equal v [1 2])))
  (should (equal (diffhunt-seq--err (butlast "ab")) '(wrong-type-argument consp "ab")))
  (should (equal (diffhunt-seq--err (butlast [1 2 3])) '(wrong-type-argument listp [1 2 3])))
  (should (equal (butlast "abc" 5) nil))
  (should (equal (butlast [1 2 3] 0) [1 2 3])))

(ert-deftest diffhunt-seq-argument-check-order ()
  (should (equal (diffhunt-seq--err (intern 1 2)) '(wrong-type-argument vectorp 2)))
  (should (equal (diffhunt-seq--err (string-replace "" 1 2)) '(wrong-length-argument 0))))

(ert-deftest diffhunt-seq-make-hash-table-errors ()
  ;; A list argument is spliced into the error data.
  (should (equal (diffhunt-seq--err (make-hash-table '(1 2)))
                 '(error "Invalid argument list" 1 2)))
  (should (equal (diffhunt-seq--err (make-hash-table :weakness '(a b)))
                 '(error "Invalid hash table weakness" a b)))
  (should (equal (diffhunt-seq--err (make-hash-table :test nil))
                 '(error "Invalid hash table test")))
  (should (equal (diffhunt-seq--err (make-hash-table nil 1))
                 '(error "Invalid argument list")))
  (should (equal (diffhunt-seq--err (make-hash-table 'foo))
                 '(error "Invalid argument list" foo)))
  (should (hash-table-p (read "#s(hash-table test nil data (1 2))"))))

(ert-deftest diffhunt-seq-circular-list-data ()
  ;; The data is the tail where the cycle was noticed, not the head.
  (let ((l (list 1 2 3)))
    (setcdr (cddr l) l)
    (dolist (thunk (list (lambda () (length l)) (lambda () (member 7 l))
                         (lambda () (memq 7 l)) (lambda () (assq 7 l))
                         (lambda () (delq 7 l)) (lambda () (reverse l))
                         (lambda () (copy-sequence l)) (lambda () (append l nil))
                         (lambda () (mapcar #'identity l)) (lambda () (sort l #'<))))
      (let ((err (condition-case e (funcall thunk) (error e))))
        (should (eq (car err) 'circular-list))
        (should (eq (cadr err) (cddr l)))))
    (let ((err (condition-case e (plist-put l 7 1) (error e))))
      (should (eq (cadr err) (cdr l))))
    (should (eq (last l) (cdr l)))
    (should (eq (nthcdr 100 l) (cdr l)))))

(ert-deftest diffhunt-seq-replace-regexp-in-string-start ()
  (should (equal (replace-regexp-in-string "a" "X" "bab" nil nil nil -2) "Xb"))
  (should (equal (replace-regexp-in-string "a" "X" "bab" nil nil nil -3) "bXb"))
  (should (equal (replace-regexp-in-string "a" "X" "bab" nil nil nil 3) ""))
  (should (equal (diffhunt-seq--err (replace-regexp-in-string "a" "X" "bab" nil nil nil -4))
                 '(args-out-of-range "bab" -4)))
  (should (equal (diffhunt-seq--err (replace-regexp-in-string "a" "X" "bab" nil nil nil 4))
                 '(args-out-of-range "bab" 4 3)))
  ;; REGEXP is checked before a non-string STRING, START before either.
  (should (equal (diffhunt-seq--err (replace-regexp-in-string 2.0 "x" (list 1)))
                 '(wrong-type-argument stringp 2.0)))
  (should (equal (diffhunt-seq--err (replace-regexp-in-string "" "x" (list 1 2) nil nil nil 'a))
                 '(wrong-type-argument number-or-marker-p a)))
  (should (equal (diffhunt-seq--err (replace-regexp-in-string "" "x" (list 1 2) nil nil nil 7))
                 '(wrong-type-argument arrayp (1 2)))))

(ert-deftest diffhunt-seq-concatenation-checks-types-first ()
  (should (equal (diffhunt-seq--err (append '(1 . 2) 5 nil)) '(wrong-type-argument sequencep 5)))
  (should (equal (diffhunt-seq--err (vconcat '(1 . 2) 5)) '(wrong-type-argument sequencep 5)))
  (should (equal (diffhunt-seq--err (concat '(1 . 2) 5)) '(wrong-type-argument sequencep 5)))
  (should (equal (diffhunt-seq--err (append '(1 . 2) nil)) '(wrong-type-argument listp 2))))

(ert-deftest diffhunt-seq-seq-library ()
  (require 'seq)
  (should (equal (diffhunt-seq--err (seq-concatenate 7 [1] 3)) '(error "Not a sequence type name: 7")))
  (should (equal (diffhunt-seq--err (seq-concatenate 'list '(1 . 2) 5)) '(wrong-type-argument sequencep 5)))
  (should (equal (seq-concatenate 'string "a" '(98) [99]) "abc"))
  (should (equal (seq-concatenate 'vector "a" '(1)) [97 1]))
  (should (equal (diffhunt-seq--err (seq-take [1 2 3] 2.5)) '(wrong-type-argument integerp 2.5)))
  (should (equal (diffhunt-seq--err (seq-take 5 'a)) '(wrong-type-argument number-or-marker-p a)))
  (should (equal (seq-take "abc" 5) "abc"))
  (should (equal (seq-take [1 2 3] -1) []))
  (should (equal (diffhunt-seq--err (seq-drop '(1 2) nil)) '(wrong-type-argument integerp nil)))
  (should (equal (seq-drop '(1 2) -1) '(1 2)))
  (should-not (seq-empty-p '(1 . 2)))
  (should (equal (diffhunt-seq--err (seq-some #'ignore '(1 . 2))) '(wrong-type-argument listp 2)))
  (should (equal (diffhunt-seq--err (seq-reduce #'+ '(1 . 2) 0)) '(wrong-type-argument listp 2)))
  (let ((l (list 1 2 3)))
    (setcdr (cddr l) l)
    (should (eq (car (diffhunt-seq--err (seq-uniq l))) 'circular-list))))

(ert-deftest diffhunt-seq-subr-x-error-order ()
  (require 'subr-x)
  (should (equal (string-clean-whitespace "  a \n\t b  ") "a b"))
  (should (equal (diffhunt-seq--err (string-clean-whitespace 7)) '(wrong-type-argument sequencep 7)))
  (should (equal (diffhunt-seq--err (truncate-string-to-width 'a 3)) '(wrong-type-argument sequencep a)))
  (should (equal (diffhunt-seq--err (string-fill :kw 3)) '(wrong-type-argument char-or-string-p :kw))))

(ert-deftest diffhunt-seq-sort-list-left-by-a-throw ()
  ;; Emacs cuts the list before sorting its halves and relinks while
  ;; merging: a predicate that exits leaves the list in pieces.
  (let ((l (list 3 'a 1 2)))
    (should (equal (diffhunt-seq--err (sort l #'<)) '(wrong-type-argument number-or-marker-p a)))
    (should (equal l '(3))))
  (let ((l (list 5 4 3 2 1 'x 0)))
    (should (equal (diffhunt-seq--err (sort l #'<)) '(wrong-type-argument number-or-marker-p x)))
    (should (equal l '(5 4 3))))
  (dolist (case '((3 (5 3 9 1 4)) (7 (5 3 9 1 4)) (12 (5))))
    (let ((l (list 5 3 9 1 4 8 2 7 6 0)) (n 0))
      (should (eq (catch 'stop
                    (sort l (lambda (a b)
                              (when (= (setq n (1+ n)) (car case)) (throw 'stop 'x))
                              (< a b))))
                  'x))
      (should (equal l (cadr case)))))
  (let ((l (list 2 1 3 5 4)))
    (should (equal (sort l #'<) '(1 2 3 4 5)))
    (should (equal l '(2 3 4 5)))))

(ert-deftest diffhunt-seq-delete-all-on-dotted-lists ()
  (should (equal (diffhunt-seq--err (assq-delete-all 'a (cons 1 2))) '(wrong-type-argument listp 2)))
  (should (equal (diffhunt-seq--err (assq-delete-all 'a 5)) '(wrong-type-argument listp 5)))
  (should (equal (diffhunt-seq--err (rassq-delete-all 1 '((a . 1) . 5))) '(wrong-type-argument listp 5)))
  (should (equal (diffhunt-seq--err (assoc-delete-all 1 (cons 1 2))) '(wrong-type-argument listp 2)))
  (should (equal (diffhunt-seq--err (delete-consecutive-dups (cons 1 2))) '(wrong-type-argument listp 2)))
  (should (equal (assq-delete-all 'a (list '(a . 1) 'x '(b . 2) '(a . 3))) '(x (b . 2))))
  (should (equal (delete-consecutive-dups (list 1 1 2 2 1) t) '(1 2))))

(ert-deftest diffhunt-seq-fillarray-char-table ()
  ;; marrow once treated the char-table as a string here and crashed.
  (let ((ct (make-char-table 'x)))
    (should (eq (fillarray ct 1) ct))
    (should (equal (list (aref ct ?a) (aref ct #x3fffff) (char-table-range ct nil))
                   '(1 1 1)))
    (should (equal (prin1-to-string ct)
                   (concat "#^[1 nil x nil" (apply #'concat (make-list 64 " 1")) "]")))))

(ert-deftest diffhunt-seq-records-and-char-tables-are-not-concatenated ()
  (let ((r (record 'foo 1 2)) (ct (make-char-table 'x)))
    (should (equal (diffhunt-seq--err (append r nil)) (list 'wrong-type-argument 'sequencep r)))
    (should (equal (diffhunt-seq--err (vconcat r)) (list 'wrong-type-argument 'sequencep r)))
    (should (equal (diffhunt-seq--err (string-to-list r)) (list 'wrong-type-argument 'sequencep r)))
    ;; marrow built a vector of 4194304 nils here
    (should (equal (car (diffhunt-seq--err (string-to-vector ct))) 'wrong-type-argument))
    (should (equal (car (diffhunt-seq--err (vconcat ct))) 'wrong-type-argument))
    ;; mapcar walks a record as a list that ends at once
    (should (equal (mapcar #'identity r) nil))
    (should (eq (mapc #'car r) r))
    (should (equal (mapcan #'list r) nil))
    (should (equal (length r) 3))))

(ert-deftest diffhunt-seq-string-replace-unibyte-result ()
  ;; Empty pieces of IN are not concatenated: replacing all of a
  ;; multibyte ASCII string by unibyte text gives a unibyte string.
  (should-not (multibyte-string-p (string-replace "abc" "x" (string-to-multibyte "abc"))))
  (should (multibyte-string-p (string-replace "a" "x" (string-to-multibyte "aba"))))
  (should-not (multibyte-string-p (string-replace "a" "" (string-to-multibyte "a"))))
  (should (equal (string-replace "a" "" (propertize "aba" 'f 1)) (propertize "b" 'f 1)))
  (should (equal-including-properties (string-replace "a" "" (propertize "aba" 'f 1))
                                      (propertize "b" 'f 1))))

(ert-deftest diffhunt-seq-seq-on-records-and-subseq-order ()
  (require 'seq)
  (should (equal (seq-reduce #'+ (record 'foo 1 2) 7) 7))
  (should (equal (car (diffhunt-seq--err (seq-every-p #'identity (make-char-table 'x))))
                 'wrong-type-argument))
  (should (equal (diffhunt-seq--err (seq-subseq '(1 2 3) 'a 'b))
                 '(wrong-type-argument number-or-marker-p b))))

(ert-deftest diffhunt-seq-elt-of-a-char-table ()
  (let ((ct (make-char-table 'foo)))
    (aset ct ?a 'x)
    (should (eq (elt ct ?a) 'x))
    (should (eq (elt ct ?b) nil))
    (should (equal (diffhunt-seq--err (elt ct -1)) '(wrong-type-argument characterp -1)))
    (should (equal (diffhunt-seq--err (elt ct 1.0)) '(wrong-type-argument fixnump 1.0)))))

(ert-deftest diffhunt-seq-union-walks-the-first-sequence-first ()
  (require 'seq)
  (should (equal (diffhunt-seq--err (seq-union '(1 2 3) 'string< "x"))
                 '(invalid-function "x")))
  (should (equal (seq-union '(1 2 2) [3 1 4]) '(1 2 3 4))))

;;; diffhunt-sequences-tests.el ends here
