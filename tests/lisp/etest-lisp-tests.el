;;; etest-lisp-tests.el --- Lisp-library behaviour Emacs's own tests check  -*- lexical-binding: t -*-

;; What marrow was found to lack or get wrong when run against the Lisp
;; library tests of Emacs 28 (subr, map, cl-lib, cl-seq, cl-extra):
;; each test here asserts the Emacs 28 behaviour in marrow's own forms.

(require 'ert)
(require 'cl-lib)
(require 'map)

;;; kbd

(ert-deftest etest-lisp-kbd-octal-codes ()
  (should (equal (kbd "\\101") "A"))
  (should (equal (kbd "C-c \\141") "\C-ca"))
  (should (equal (kbd "\\0") "\0"))
  (should (equal (kbd "\\600") [384]))
  ;; Modifiers of an octal code are only bits: C- does not make ^A.
  (should (equal (kbd "C-\\141") [67108961]))
  (should (equal (kbd "M-\\142") [134217826]))
  ;; Only a whole word is a code.
  (should (equal (kbd "x\\101") "x\\101"))
  (should (equal (kbd "\\19") "\\19")))

(ert-deftest etest-lisp-kbd-modified-named-characters ()
  ;; <RET>-style names inside angle brackets are characters, which
  ;; take their modifiers as characters do; TAB stays a symbol.
  (should (equal (kbd "<SPC>") " "))
  (should (equal (kbd "M-<ESC>") [134217755]))
  (should (equal (kbd "C-<RET>") [67108877]))
  (should (equal (kbd "S-<SPC>") [33554464]))
  (should (equal (kbd "C-M-<DEL>") [201326719]))
  (should (equal (kbd "C-<NUL>") [67108864]))
  (should (equal (kbd "<TAB>") [TAB]))
  (should (equal (kbd "M-<TAB>") [M-TAB]))
  (should (equal (kbd "C-<return>") [C-return])))

;;; Lists

(ert-deftest etest-lisp-car-less-than-car ()
  (should (eq (car-less-than-car '(1 x) '(2 y)) t))
  (should-not (car-less-than-car '(2.5) '(2)))
  (should (equal (sort (list '(3 . c) '(1 . a) '(2 . b)) #'car-less-than-car)
                 '((1 . a) (2 . b) (3 . c))))
  (should (equal (should-error (car-less-than-car '(z) '(1))
                               :type 'wrong-type-argument)
                 '(wrong-type-argument number-or-marker-p z)))
  (should (equal (should-error (car-less-than-car 4 '(1))
                               :type 'wrong-type-argument)
                 '(wrong-type-argument listp 4))))

;;; Errors libraries signal without loading cl-generic

(ert-deftest etest-lisp-cl-generic-errors-defined ()
  (should (equal (get 'cl-no-applicable-method 'error-conditions)
                 '(cl-no-applicable-method cl-no-method error)))
  (should (equal (get 'cl-no-primary-method 'error-conditions)
                 '(cl-no-primary-method cl-no-method error)))
  (should (equal (get 'cl-no-next-method 'error-conditions)
                 '(cl-no-next-method cl-no-method error)))
  (should (equal (should-error (map-into '((a . 1)) 'no-such-map-type)
                               :type 'cl-no-method)
                 '(cl-no-applicable-method map-into ((a . 1)) no-such-map-type))))

;;; cl-lib

(ert-deftest etest-lisp-cl-delete-is-destructive ()
  (let ((l (list 'a 1 'b 2 'c)))
    (should (equal (cl-delete-if #'numberp l) '(a b c)))
    (should (equal l '(a b c))))
  (let ((l (list 1 'a 2 3)))
    ;; The list's first kept cell starts the result.
    (should (equal (cl-delete-if #'numberp l) '(a)))
    (should (equal l '(1 a))))
  (let ((l (list 1 'a 2 'b)))
    (should (equal (cl-delete-if-not #'numberp l) '(1 2)))
    (should (equal l '(1 2))))
  (let ((l (list "x" "y" "x" "z")))
    (should (equal (cl-delete "x" l :test #'equal :count 1 :from-end t)
                   '("x" "y" "z")))
    (should (equal l '("x" "y" "z"))))
  (let ((l (list 1 2 3 4 5 6)))
    (should (equal (cl-delete-if #'cl-evenp l :start 2 :end 5) '(1 2 3 5 6)))
    (should (equal l '(1 2 3 5 6))))
  ;; An array gives a fresh one, the argument untouched.
  (let ((v (vector 1 'a 2)))
    (should (equal (cl-delete-if #'numberp v) [a]))
    (should (equal v [1 a 2])))
  (should-not (cl-delete-if #'numberp (list 7))))

(ert-deftest etest-lisp-cl-getf-odd-plist ()
  (let ((plist (list 'p 1 'q)))
    ;; A tag without a value is absent.
    (should (eq (cl-getf plist 'q 'missing) 'missing))
    (should (eq (cl-getf plist 'p 'missing) 1))
    (should (eq (cl-incf (cl-getf plist 'q 20) 3) 23))
    (should (equal plist '(q 23 p 1 q))))
  (let ((plist (list 'p nil)))
    (should-not (cl-getf plist 'p 'missing))))

(ert-deftest etest-lisp-cl-letf-of-symbol-macro ()
  ;; cl-letf binds the place a symbol macro stands for; let hides it.
  (let ((v 1))
    (cl-symbol-macrolet ((m v))
      (should (equal (list (cl-letf ((m 2)) (list m v))
                           (let ((m 3)) (list m v))
                           (cl-letf* ((m 4)) (list m v))
                           m)
                     '((2 2) (3 1) (4 4) 1)))))
  (let ((cell (list 'old)))
    (cl-symbol-macrolet ((head (car cell)))
      (should (equal (cl-letf ((head 'new)) (list head (car cell)))
                     '(new new)))
      (should (eq head 'old)))))

;;; Struct classes and old-style structs

(cl-defstruct etest-lisp--base a)
(cl-defstruct (etest-lisp--sub (:include etest-lisp--base))
  (b 7 :read-only t))
(cl-defstruct (etest-lisp--vec (:type vector) :named) c)

(ert-deftest etest-lisp-struct-class-records ()
  (let ((class (cl--struct-get-class 'etest-lisp--sub)))
    (should (eq (type-of class) 'cl-structure-class))
    (should (eq (cl--class-name class) 'etest-lisp--sub))
    (should (eq class (cl--struct-get-class 'etest-lisp--sub)))
    ;; name docstring parents slots index-table tag type named print
    ;; children-sym
    (should (eq (cl--class-name (car (aref class 3))) 'etest-lisp--base))
    (should (eq (cl--class-name (car (aref (car (aref class 3)) 3)))
                'cl-structure-object))
    (should (equal (mapcar (lambda (d) (list (aref d 1) (aref d 2) (aref d 4)))
                           (aref class 4))
                   '((a nil nil) (b 7 ((:read-only . t))))))
    (should (equal (list (gethash 'a (aref class 5)) (gethash 'b (aref class 5)))
                   '(1 2)))
    (should (equal (mapcar (lambda (i) (aref class i)) '(6 7 8 9 10))
                   '(etest-lisp--sub nil nil t cl-struct-etest-lisp--sub-tags))))
  (let ((class (cl--struct-get-class 'etest-lisp--vec)))
    (should-not (aref class 3))
    (should (equal (gethash 'c (aref class 5)) 1))
    (should (equal (mapcar (lambda (i) (aref class i)) '(6 7 8 9))
                   '(etest-lisp--vec vector t nil))))
  (should (equal (should-error (cl--struct-get-class 'etest-lisp--none))
                 '(error "etest-lisp--none is not a struct name"))))

(ert-deftest etest-lisp-old-struct-compat-mode ()
  (let ((was cl-old-struct-compat-mode)
        (object (vector 'cl-struct-etest-lisp--base 1)))
    (unwind-protect
        (progn
          (cl-old-struct-compat-mode -1)
          (should (eq (type-of object) 'vector))
          (cl-old-struct-compat-mode 1)
          (should (eq (type-of object) 'etest-lisp--base))
          ;; The tag now holds the class and is marked.
          (should (eq (symbol-function 'cl-struct-etest-lisp--base)
                      :quick-object-witness-check))
          (should (eq (type-of [etest-lisp--base]) 'vector))
          (should (eq (type-of []) 'vector))
          (should (equal (should-error (type-of [cl-struct-etest-lisp--none]))
                         '(error "etest-lisp--none is not a struct name"))))
      (cl-old-struct-compat-mode (if was 1 -1))
      (fmakunbound 'cl-struct-etest-lisp--base)
      (makunbound 'cl-struct-etest-lisp--base))))

(ert-deftest etest-lisp-struct-define-old-style ()
  ;; A struct defined with no type is what old compiled code makes:
  ;; the compatibility mode comes on and the tag holds the class.
  (let ((was cl-old-struct-compat-mode))
    (unwind-protect
        (progn
          (cl-old-struct-compat-mode -1)
          (cl-struct-define 'etest-lisp--old "" 'cl-structure-object nil nil
                            '((cl-tag-slot) (x)) 'cl-struct-etest-lisp--old-tags
                            'cl-struct-etest-lisp--old t)
          (should cl-old-struct-compat-mode)
          (should (eq (symbol-function 'cl-struct-etest-lisp--old)
                      :quick-object-witness-check))
          (should (eq (cl--class-name (symbol-value 'cl-struct-etest-lisp--old))
                      'etest-lisp--old))
          (should (eq (type-of (vector 'cl-struct-etest-lisp--old 5))
                      'etest-lisp--old)))
      (cl-old-struct-compat-mode (if was 1 -1)))))

;;; Change groups and read-passwd

(defmacro etest-lisp--in-change-group (text group &rest body)
  "Run BODY in a buffer with undo holding TEXT, with GROUP a change
group prepared and activated there."
  (declare (indent 2))
  `(with-temp-buffer
     (buffer-enable-undo)
     (insert ,text)
     (let ((,group (prepare-change-group)))
       (activate-change-group ,group)
       ,@body)))

(ert-deftest etest-lisp-cancel-change-group ()
  (etest-lisp--in-change-group "keep" group
    (insert " more")
    (delete-region 1 3)
    (should (equal (buffer-string) "ep more"))
    (cancel-change-group group)
    (should (equal (buffer-string) "keep"))
    ;; The undo list is as it was before the group.
    (should (equal buffer-undo-list '((1 . 5) (t . 0))))))

(ert-deftest etest-lisp-accept-change-group ()
  (etest-lisp--in-change-group "ab" group
    ;; The empty insertion after the last insertion keeps the new
    ;; insertion apart from it.
    (should (equal (car buffer-undo-list) '(1 . 1)))
    (insert "cd")
    (accept-change-group group)
    (should (equal (buffer-string) "abcd"))
    (should (equal buffer-undo-list '((3 . 5) (1 . 1) (1 . 3) (t . 0))))))

(ert-deftest etest-lisp-change-group-without-undo ()
  (with-temp-buffer
    (insert "x")
    (should (eq buffer-undo-list t))
    (let ((group (prepare-change-group)))
      (activate-change-group group)
      (should-not buffer-undo-list)
      (insert "yz")
      (cancel-change-group group))
    (should (equal (buffer-string) "x"))
    (should (eq buffer-undo-list t))))

(ert-deftest etest-lisp-atomic-change-group ()
  (with-temp-buffer
    (insert "one")
    (should (equal (should-error (atomic-change-group
                                   (insert " two")
                                   (error "stop")))
                   '(error "stop")))
    (should (equal (buffer-string) "one"))
    (should (eq (atomic-change-group (insert "!") 'done) 'done))
    (should (equal (buffer-string) "one!"))
    (should (eq buffer-undo-list t))))

(ert-deftest etest-lisp-read-passwd ()
  (let ((prompts nil))
    (cl-letf (((symbol-function 'read-string)
               (lambda (prompt &optional _initial _history default _inherit)
                 (push prompt prompts)
                 default)))
      (should (equal (read-passwd "Key: " nil "sesame") "sesame"))
      (should (equal (read-passwd "Key: " t "open") "open")))
    (should (equal (nreverse prompts)
                   '("Key: " "Key: " "Confirm password: ")))))

;;; replace-region-contents and JSON pretty-printing

(ert-deftest etest-lisp-replace-region-contents ()
  (with-temp-buffer
    (insert "one two three")
    (goto-char 12)
    (replace-region-contents 5 8 (lambda () (upcase (buffer-string))))
    (should (equal (buffer-string) "one TWO three"))
    ;; Point, after the region, stays by its text.
    (should (= (point) 12))
    (let ((source (generate-new-buffer " source")))
      (unwind-protect
          (progn
            (with-current-buffer source (insert "2"))
            (replace-region-contents 5 8 (lambda () source))
            (should (equal (buffer-string) "one 2 three")))
        (kill-buffer source)))))

(defun etest-lisp--pretty (text &optional minimize)
  "TEXT after `json-pretty-print-buffer' (with MINIMIZE), or the error."
  (require 'json)
  (with-temp-buffer
    (insert text)
    (condition-case err
        (progn (json-pretty-print-buffer minimize) (buffer-string))
      (error (list err (buffer-string))))))

(ert-deftest etest-lisp-json-pretty-print ()
  (should (equal (etest-lisp--pretty "{}") "{}"))
  (should (equal (etest-lisp--pretty "[]") "[]"))
  (should (equal (etest-lisp--pretty "null") "null"))
  (should (equal (etest-lisp--pretty "[true,{\"x\":null}]")
                 "[\n  true,\n  {\n    \"x\": null\n  }\n]"))
  ;; Keys that look like Lisp keywords and members' order survive.
  (should (equal (etest-lisp--pretty "{\"z\":1,\":json-false\":{},\"nil\":[]}")
                 "{\n  \"z\": 1,\n  \":json-false\": {},\n  \"nil\": []\n}"))
  ;; Whitespace between values stays; minimizing drops the rest.
  (should (equal (etest-lisp--pretty " [ 1 ]\n\n{ \"a\" : 2 } " t)
                 " [1]\n\n{\"a\":2} "))
  ;; What cannot be read is kept, its error signalled.
  (should (equal (etest-lisp--pretty "[1] {\"a\"" t)
                 '((json-object-format ":" 0) "[1] {\"a\"")))
  (should (equal (etest-lisp--pretty "[2] oops" t)
                 '((json-readtable-error 111) "[2] oops"))))

(ert-deftest etest-lisp-json-pretty-print-ordered ()
  (require 'json)
  (with-temp-buffer
    (insert "x {\"b\":1,\"a\":{\"d\":2,\"c\":3}} y")
    (json-pretty-print-ordered 3 28 t)
    (should (equal (buffer-string) "x {\"a\":{\"c\":3,\"d\":2},\"b\":1} y"))))

;;; ISO 8601 and decoded-time arithmetic

(require 'iso8601)
(require 'time-date)

(ert-deftest etest-lisp-iso8601-dates ()
  (should (equal (iso8601-parse-date "2021") '(nil nil nil nil nil 2021 nil -1 nil)))
  (should (equal (iso8601-parse-date "-0042") '(nil nil nil nil nil -42 nil -1 nil)))
  (should (equal (iso8601-parse-date "+20210704") '(nil nil nil 4 7 2021 nil -1 nil)))
  (should (equal (iso8601-parse-date "2021-07") '(nil nil nil nil 7 2021 nil -1 nil)))
  (should (equal (iso8601-parse-date "2020-060") '(nil nil nil 29 2 2020 nil -1 nil)))
  ;; Week dates, across a year's end; without a day, the Sunday before.
  (should (equal (iso8601-parse-date "2021-W01-1") '(nil nil nil 4 1 2021 nil -1 nil)))
  (should (equal (iso8601-parse-date "2020W537") '(nil nil nil 3 1 2021 nil -1 nil)))
  (should (equal (iso8601-parse-date "2021W10") '(nil nil nil 7 3 2021 nil -1 nil)))
  ;; The outdated forms.
  (should (equal (iso8601-parse-date "--0704") '(nil nil nil 4 7 nil nil -1 nil)))
  (should (equal (iso8601-parse-date "--07") '(nil nil nil nil 7 nil nil -1 nil)))
  (should (equal (iso8601-parse-date "---04") '(nil nil nil 4 nil nil nil -1 nil)))
  (should (equal (should-error (iso8601-parse-date "2021-7-4"))
                 '(wrong-type-argument . "2021-7-4"))))

(ert-deftest etest-lisp-iso8601-times-and-zones ()
  (should (equal (iso8601-parse-time "0930") '(0 30 9 nil nil nil nil -1 nil)))
  (should (equal (iso8601-parse-time "09:30:15-02:30")
                 '(15 30 9 nil nil nil nil nil -9000)))
  ;; A fraction counts only with FORM t.
  (should (equal (iso8601-parse-time "09:30:15.250") '(15 30 9 nil nil nil nil -1 nil)))
  (should (equal (iso8601-parse-time "09:30:15.250" t)
                 '((1525 . 100) 30 9 nil nil nil nil -1 nil)))
  (should (equal (iso8601-parse-time "09:30,5" t) '(30 30 9 nil nil nil nil -1 nil)))
  (should (equal (iso8601-parse-time "09,25" t) '(0 15 9 nil nil nil nil -1 nil)))
  (should (equal (iso8601-parse-zone "Z") 0))
  (should (equal (iso8601-parse-zone "-0130") -90))
  (should (equal (iso8601-parse-zone "+05") 300))
  (should (equal (should-error (iso8601-parse-zone "+5"))
                 '(wrong-type-argument . "+5")))
  (should (equal (iso8601-parse "2021-W01-1T10:00Z") '(0 0 10 4 1 2021 nil nil 0)))
  (should (equal (iso8601-parse "--07T08") '(0 0 8 nil 7 nil nil -1 nil)))
  (should (eq (iso8601-valid-p "2021-07-04T10:00:00+01:00") 0))
  (should-not (iso8601-valid-p "2021-07-04 10:00")))

(ert-deftest etest-lisp-iso8601-durations-and-intervals ()
  (should (equal (iso8601-parse-duration "P1DT2H") '(0 0 2 1 0 0 nil -1 nil)))
  (should (equal (iso8601-parse-duration "P3W") '(nil nil nil 21 nil nil nil -1 nil)))
  (should (equal (iso8601-parse-duration "P0000-02-03T04:05:06")
                 '(6 5 4 3 2 0 nil -1 nil)))
  (should (equal (should-error (iso8601-parse-duration "PT"))
                 '(wrong-type-argument . "PT")))
  (should (equal (iso8601-parse-interval "2021-01-31T00:00:00Z/P1M")
                 '((0 0 0 31 1 2021 nil nil 0) (0 0 0 28 2 2021 nil nil 0)
                   (0 0 0 0 1 0 nil -1 nil))))
  (should (equal (iso8601-parse-interval "PT36H/2021-03-01T12:00:00")
                 '((0 0 0 28 2 2021 nil -1 nil) (0 0 12 1 3 2021 nil -1 nil)
                   (0 0 36 0 0 0 nil -1 nil))))
  (should (equal (iso8601-parse-interval "2021-01-01T00:00:00Z/2021-01-02T01:00:00Z")
                 '((0 0 0 1 1 2021 nil nil 0) (0 0 1 2 1 2021 nil nil 0)
                   (0 0 1 2 1 1970 5 nil 0))))
  (should (equal (should-error (iso8601-parse-interval "2021/2022/2023"))
                 '(wrong-type-argument . "2021/2022/2023"))))

(ert-deftest etest-lisp-decoded-time-add ()
  (let ((time '(30 20 10 31 1 2021 0 nil 0)))
    ;; A month on from 31 January is the month's last day.
    (should (equal (decoded-time-add time (make-decoded-time :month 1))
                   '(30 20 10 28 2 2021 0 nil 0)))
    (should (equal (decoded-time-add time (make-decoded-time :month 11 :day 1))
                   '(30 20 10 1 1 2022 0 nil 0)))
    (should (equal (decoded-time-add time (make-decoded-time :year -1 :day -31))
                   '(30 20 10 31 12 2019 0 nil 0)))
    ;; The clock carries into the date, both ways.
    (should (equal (decoded-time-add time (make-decoded-time :hour 14 :second 30))
                   '(0 21 0 1 2 2021 0 nil 0)))
    (should (equal (decoded-time-add time (make-decoded-time :minute -621))
                   '(30 59 23 30 1 2021 0 nil 0)))
    ;; A zone in the delta is seconds more.
    (should (equal (decoded-time-add time (make-decoded-time :zone 3600))
                   '(30 20 11 31 1 2021 0 nil 0)))
    ;; As in Emacs, years carried back by months are truncated.
    (should (equal (decoded-time-add '(0 0 0 15 3 2021 nil -1 nil)
                                     (make-decoded-time :month -5))
                   '(0 0 0 15 10 2021 nil -1 nil)))
    (should (equal (decoded-time-add time nil) time))))

(ert-deftest etest-lisp-date-ordinal-and-period ()
  (should (equal (date-ordinal-to-time 2020 60) '(nil nil nil 29 2 2020 nil nil nil)))
  (should (equal (date-ordinal-to-time 2021 365) '(nil nil nil 31 12 2021 nil nil nil)))
  (should (equal (decoded-time-period '(5 4 3 2 1 nil nil nil nil)) 2775845))
  (should (equal (decoded-time-period '((7 . 2) nil nil nil nil nil nil nil nil)) 3.5))
  (should (equal (decoded-time-period nil) 0)))

(ert-deftest etest-lisp-format-seconds ()
  ;; Seconds are rounded; a comma and a digit show the fraction, added
  ;; to the rounded seconds as Emacs 28 does.
  (should (equal (format-seconds "%m:%.2s" 119.6) "2:00"))
  (should (equal (format-seconds "%m:%,2s" 119.6) "2:0.60"))
  (should (equal (format-seconds "[%6,1s]" 7.25) "[   7.2]"))
  (should (equal (format-seconds "[%.6,1s]" 7.25) "[0007.2]"))
  (should (equal (format-seconds "[%4h|%.4m]" 3720) "[   1|0002]"))
  ;; Upper case names the unit; other units' counts are whole.
  (should (equal (format-seconds "%H %,1M" 3720) "1 hour 2.0 minutes"))
  ;; Units take their counts largest first, wherever they are written.
  (should (equal (format-seconds "%s and %m" 125) "5 and 2"))
  (should (equal (format-seconds "%Y, %D, %z%M" 86460) "1 day, 1 minute"))
  (should (equal (format-seconds "<%h %z%m>" 30) "0>"))
  (should (equal (format-seconds "%d%%" 86400) "1%"))
  (should (equal (should-error (format-seconds "%s %s" 1))
                 '(error "Multiple instances of specifier: ‘s’")))
  (should (equal (should-error (format-seconds "%m %z%h" 1))
                 '(error "Units are not in decreasing order of size")))
  (should (equal (should-error (format-seconds "%w" 1))
                 '(error "Bad format specifier: ‘w’"))))

(ert-deftest etest-lisp-time-subtract-same-argument ()
  ;; nil twice is one reading of the clock.
  (should (equal (time-subtract nil nil) '(0 0 0 0)))
  (should (equal (time-since nil) '(0 0 0 0)))
  (should (equal (let ((x '(1 . 10))) (time-subtract x x)) '(0 . 10)))
  (should (equal (time-subtract 7 7) 0)))

;;; etest-lisp-tests.el ends here
