;;; bytecode-tests.el --- byte-code function objects: reading, printing and running them  -*- lexical-binding: t -*-

(require 'ert)

(defconst bytecode-tests--text "#[(a &optional b) \"\\300\\207\" [a] 1 \"Doc.\"]")

(ert-deftest bytecode-read-print-slots ()
  (let ((f (car (read-from-string bytecode-tests--text))))
    (should (byte-code-function-p f))
    (should (functionp f))
    (should (eq (type-of f) 'compiled-function))
    (should-not (vectorp f))
    (should-not (arrayp f))
    (should (equal (prin1-to-string f) bytecode-tests--text))
    (should (equal (aref f 0) '(a &optional b)))
    (should (equal (aref f 2) [a]))
    (should (eq (aref f 3) 1))
    (should (equal (aref f 4) "Doc."))
    (should (= (length f) 5))
    (should (eq (car (condition-case e (aref f 5) (error e))) 'args-out-of-range))
    (should (eq (car (condition-case e (aset f 0 nil) (error e))) 'wrong-type-argument))
    (should (equal (append f nil) (list '(a &optional b) "\300\207" [a] 1 "Doc.")))
    (should (equal (vconcat f) (vector '(a &optional b) "\300\207" [a] 1 "Doc.")))
    (should (equal f (car (read-from-string bytecode-tests--text))))
    (should-not (byte-code-function-p [1 2 3 4]))
    (should (equal (func-arity f) '(1 . 2)))))

(ert-deftest bytecode-descriptor-arity ()
  (should (equal (func-arity (make-byte-code 257 "\300\207" [] 2)) '(1 . 1)))
  (should (equal (func-arity (make-byte-code 513 "\300\207" [] 2)) '(1 . 2)))
  (should (equal (func-arity (make-byte-code 128 "\300\207" [] 2)) '(0 . many))))

(ert-deftest bytecode-make-byte-code ()
  (should (equal (prin1-to-string (make-byte-code '(x) "\300\207" [x] 1))
                 "#[(x) \"\\300\\207\" [x] 1]"))
  (should (equal (prin1-to-string (make-byte-code 257 "\300\207" [] 2 "doc" '(interactive)))
                 "#[257 \"\\300\\207\" [] 2 \"doc\" (interactive)]"))
  (should (equal (condition-case e (make-byte-code 1 2 3 4) (error e))
                 '(error "Invalid byte-code object")))
  (should (eq (car (condition-case e (make-byte-code 1 2 3) (error e)))
              'wrong-number-of-arguments)))

(ert-deftest bytecode-bad-syntax ()
  (dolist (bad '("#[]" "#[1 2 3]" "#[(x) \"a\" [] -1]" "#[(x) 2 [] 1]" "#[(x) \"a\" nil 1]"))
    (should (equal (condition-case e (read bad) (error e))
                   '(invalid-read-syntax "Invalid byte-code object"))))
  (should (eq (car (condition-case e (read "#[(x) \"a\"") (error e))) 'end-of-file)))

;;; Running byte code: functions Emacs 28 compiled (fixtures/bytecode,
;;; whose README says how to make them again) and literal objects.

(defconst bytecode-tests--fixtures
  (expand-file-name "fixtures/bytecode" (file-name-directory (or load-file-name buffer-file-name))))

(load (expand-file-name "bytecode-lex.elc" bytecode-tests--fixtures) nil t)
(load (expand-file-name "bytecode-dyn.elc" bytecode-tests--fixtures) nil t)

(defmacro bytecode-tests--error (form)
  "The error object FORM signals, or (no-error VALUE)."
  `(condition-case err (list 'no-error ,form) (error err)))

(ert-deftest bytecode-fixtures-are-compiled ()
  (dolist (f '(bclex-arith bclex-switch bclex-counter bcdyn-params))
    (should (byte-code-function-p (symbol-function f)))))

(ert-deftest bytecode-arithmetic ()
  (should (equal (bclex-arith 23 4) '(27 19 92 5 3 24 3 -23 23 4)))
  (should (equal (bclex-arith -9 4) '(-5 -13 -36 -2 -1 -8 3 9 4 -9)))
  (should (equal (bclex-float-arith 2.5) '(3.0 5.0 -2.5 0.625 3.5)))
  (should (equal (bclex-big 4000000000) 64000000000000000000000000000))
  (should (equal (bclex-arith most-positive-fixnum 1)
                 (list (1+ most-positive-fixnum) (1- most-positive-fixnum)
                       most-positive-fixnum most-positive-fixnum 0
                       (1+ most-positive-fixnum) 0 (- most-positive-fixnum)
                       most-positive-fixnum 1)))
  (should (equal (bytecode-tests--error (bclex-arith 3 0)) '(arith-error)))
  (should (equal (bytecode-tests--error (bclex-arith 'x 1))
                 '(wrong-type-argument number-or-marker-p x))))

(ert-deftest bytecode-comparisons ()
  (should (equal (bclex-compare 4 9) '(nil t nil t nil)))
  (should (equal (bclex-compare 9 9.0) '(t nil nil t t)))
  (should (equal (bclex-compare 10 -1) '(nil nil t nil t)))
  (should (equal (bytecode-tests--error (bclex-compare "1" 2))
                 '(wrong-type-argument number-or-marker-p "1"))))

(ert-deftest bytecode-lists ()
  (should (equal (bclex-lists 'p 'q 'r)
                 '((p . q) (p) (p q) (p q r) (p q r p) (p q r p q r p))))
  (should (equal (bclex-list-ops '(x y c "s" z))
                 '(x (y c "s" z) x (y c "s" z) 5 y (c "s" z) x (c "s" z) ("s" z) (k . 2))))
  (should (equal (bclex-list-ops nil) '(nil nil nil nil 0 nil nil nil nil nil (k . 2))))
  (should (equal (bytecode-tests--error (bclex-list-ops 'atom)) '(wrong-type-argument listp atom)))
  (should (equal (bclex-safe 'atom) '(nil nil)))
  (should (equal (bclex-safe '(head . tail)) '(head tail)))
  (should (equal (bclex-mutate '(a b c)) '((first b tail) (c b a) (1 2 3)))))

(ert-deftest bytecode-predicates ()
  (should (equal (bclex-predicates 'a) '(t nil nil nil nil nil nil t)))
  (should (equal (bclex-predicates nil) '(t nil nil t t nil nil nil)))
  (should (equal (bclex-predicates "str") '(nil nil t nil nil nil nil nil)))
  (should (equal (bclex-predicates 1.5) '(nil nil nil nil nil t nil nil)))
  (should (equal (bclex-predicates (1+ most-positive-fixnum)) '(nil nil nil nil nil t t nil)))
  (should (equal (bclex-predicates '(a)) '(nil t nil t nil nil nil nil))))

(ert-deftest bytecode-strings-arrays-symbols ()
  (should (equal (bclex-strings "abcd" "Ef")
                 '("bc" "abcdEf" "abcdEfabcd" "abcdEfabcdEf" "abcdEfabcdEfabcdEf" "ABCD" "ef"
                   nil nil t)))
  (should (equal (bytecode-tests--error (bclex-strings "a" "b")) '(args-out-of-range "a" 1 3)))
  (should (equal (bclex-arrays (vector 'a 'b) 1 'z) '(z a [a z])))
  (should (equal (bclex-arrays (copy-sequence "xyz") 0 ?q) '(?q ?q "qyz")))
  (should (equal (bytecode-tests--error (bclex-arrays (vector 1) 3 0)) '(args-out-of-range [1] 3)))
  (let ((sym (make-symbol "bytecode-tests-sym")))
    (should (equal (bclex-symbols sym) '(setval car propval 1)))))

(ert-deftest bytecode-control-flow ()
  (should (equal (bclex-loop 5) '(0 1 4 9 16)))
  (should (equal (bclex-loop 0) nil))
  (should (equal (bclex-and-or nil 7) '(nil 7 nil t)))
  (should (equal (bclex-and-or 'a nil) '(nil a t nil)))
  (should (equal (mapcar #'bclex-cond '(one "three" (car . cdr) 12)) '(1 5 car other))))

(ert-deftest bytecode-switch ()
  (should (equal (mapcar #'bclex-switch '(delta alpha gamma beta 5 "str" 6 "other"))
                 '(4 1 3 2 five string none none))))

(ert-deftest bytecode-argument-conventions ()
  (should (equal (bclex-args 'a) '(a nil nil nil)))
  (should (equal (bclex-args 'a 'b 'c 'd 'e 'f) '(a b c (d e f))))
  (should (equal (bclex-opt) '(nil nil)))
  (should (equal (bclex-rest) nil))
  (should (equal (apply #'bclex-rest '(1 2 3)) '(1 2 3)))
  (should (equal (bytecode-tests--error (bclex-args)) '(wrong-number-of-arguments (1 . 3) 0)))
  (should (equal (bytecode-tests--error (bclex-opt 1 2 3)) '(wrong-number-of-arguments (0 . 2) 3)))
  (should (equal (func-arity 'bclex-args) '(1 . many))))

(ert-deftest bytecode-dynamic-convention ()
  (should (equal (bcdyn-params 'one) '((one nil) nil)))
  (should (equal (bcdyn-params 1 2 3 4) '((1 2) (3 4))))
  (should (equal (bcdyn-let 21) '(21 42)))
  (should (equal (bcdyn-setq-param 9) '(10 10)))
  (should (equal (bcdyn-loop 5) 10))
  (should-not (boundp 'x))
  (let ((err (bytecode-tests--error (bcdyn-params))))
    (should (eq (car err) 'wrong-number-of-arguments))
    (should (eq (nth 1 err) (symbol-function 'bcdyn-params)))
    (should (equal (nth 2 err) 0))))

(ert-deftest bytecode-closures ()
  (let ((c1 (bclex-counter)) (c2 (bclex-counter)))
    (should (byte-code-function-p c1))
    (should (equal (list (funcall c1) (funcall c1) (funcall c2) (funcall c1)) '(1 2 1 3))))
  (should (equal (funcall (bclex-adder 100) 11) 111))
  (should (equal (bclex-map-closure '(1 2 3) -1) '(-1 -2 -3)))
  (should (equal (bclex-call-back (lambda (x) (list 'interpreted x)) 'arg) '(interpreted arg)))
  (should (equal (mapcar (bclex-adder 1) '(1 2)) '(2 3)))
  (should (equal (bytecode-tests--error (make-closure #'car)) '(wrong-type-argument byte-code-function-p car))))

(ert-deftest bytecode-catch-and-throw ()
  (should (equal (bclex-catch '(1 2 stop 3)) '(stopped stop)))
  (should (equal (bclex-catch '(1 2)) 'finished))
  (should (equal (bclex-catch-through '(v)) '(v)))
  (should (equal (catch 'deep (bclex-thrower 'deep 'from-interpreted)) 'from-interpreted))
  (should (equal (bytecode-tests--error (bclex-thrower 'nobody-catches 1)) '(no-catch nobody-catches 1))))

(ert-deftest bytecode-condition-case ()
  (should (equal (bclex-condition-case (lambda () (/ 5 0))) '(arith (arith-error))))
  (should (equal (bclex-condition-case (lambda () (car 'x))) '(type-or-void wrong-type-argument)))
  (should (equal (bclex-condition-case (lambda () (symbol-value (make-symbol "unbound"))))
                 '(type-or-void void-variable)))
  (should (equal (bclex-condition-case (lambda () (signal 'file-error '("x")))) '(other file-error)))
  (should (equal (bclex-condition-case (lambda () 'no-error)) 'no-error))
  (should (equal (bclex-condition-case-success '(a)) '(ok (a))))
  (should (equal (bclex-condition-case-success 'a) 'failed))
  (should (equal (mapcar #'bclex-nested-handlers '(a b err other)) '(thrown-a thrown-b handled plain)))
  (should (equal (bclex-return-from-handler '(0 1 5 2)) 5)))

(ert-deftest bytecode-unwind-protect ()
  (should (equal (bclex-unwind (lambda () 'fine)) '(body cleanup)))
  (should (equal (bclex-unwind (lambda () (car 1))) '(body cleanup (caught wrong-type-argument))))
  (should (equal (bcdyn-unwind 'original) '(cleanup-saw original))))

(ert-deftest bytecode-dynamic-variables ()
  (should (equal (bclex-bind-dyn 'mine) '(mine mine)))
  (should (eq bclex-dyn 'outer))
  (should (equal (bclex-bind-and-throw) '(inner outer)))
  (should (equal (bcdyn-catch nil) '(inner-y outer-y)))
  (let ((bclex-dyn 'let-bound))
    (should (eq (bclex-read-dyn) 'let-bound))
    (bclex-setq-dyn 'set-by-byte-code)
    (should (eq bclex-dyn 'set-by-byte-code)))
  (should (eq bclex-dyn 'outer)))

(ert-deftest bytecode-buffers ()
  (should (equal (bclex-buffer)
                 '(1 21 ?h ?h t nil t nil 3 ?e 2 12 t 13 "line two" "world\nline two")))
  (should (equal (bclex-excursion) '(8 3 "abcdefX")))
  (should (equal (bclex-restriction) '((3 6 "234") 1 11 "0123456789")))
  (should (equal (bclex-set-buffer) '(nil "in b")))
  (should (equal (bclex-search) '(5 8 7 4 9 ?w ?\s)))
  (should (equal (bclex-marker) '(4))))

(ert-deftest bytecode-values-survive-collections ()
  (should (equal (bclex-gc-survivors 50) '(50 (3 4) 50 "aaa"))))

(ert-deftest bytecode-recursion ()
  (should (equal (bclex-fib 15) 610))
  (should (equal (bclex-deep 500) 500))
  (should (equal (car (condition-case err (let ((max-lisp-eval-depth 300)) (bclex-deep 1000))
                        (error err)))
                 (car (condition-case err (let ((max-lisp-eval-depth 300))
                                            (funcall (lambda (f n) (funcall f f n))
                                                     (lambda (f n) (if (= n 0) 0 (1+ (funcall f f (1- n)))))
                                                     1000))
                        (error err))))))

;; Hand-written code for opcodes Emacs 28's compiler no longer emits.
(ert-deftest bytecode-old-opcodes ()
  ;; constant 1; relative goto over one byte; return
  (should (equal (funcall #[0 "\300\252\201\301\207\302\207" [1 2 3] 2]) 1))
  ;; Emacs 24's catch: a tag and a form
  (should (equal (funcall #[0 "\300\301\215\207" [tag (throw 'tag 'caught)] 2]) 'caught))
  ;; Emacs 24's condition-case: a variable, a form and the handlers
  (should (equal (funcall #[0 "\300\301\302\217\207" [e (car 1) ((error (list 'handled (car e))))] 3])
                 '(handled wrong-type-argument))))

;;; Loading compiled files

(ert-deftest bytecode-docstrings-stay-in-the-file ()
  (let ((doc (aref (symbol-function 'bclex-documented) 4)))
    (should (equal doc (cons (expand-file-name "bytecode-lex.elc" bytecode-tests--fixtures)
                             (cdr doc))))
    (should (integerp (cdr doc))))
  (should (equal (documentation 'bclex-documented t)
                 (concat "Return X, or Y when X is nil.\nA second line, with a backslash \\, "
                         "a \"quote\" and a control-A \^A.\n\n(fn X &optional Y)")))
  (should (equal (documentation 'bclex-arith t) "\n\n(fn A B)"))
  (should (equal (help-function-arglist 'bclex-documented t) '(x &optional y)))
  (should (equal (help-function-arglist 'bclex-documented) '(arg1 &optional arg2)))
  (should (equal (help-function-arglist 'bcdyn-params) '(x &optional y &rest z))))

(defconst bytecode-tests--elc-header ";ELC\034\0\0\0\n;;; in Emacs version 28.2\n"
  "What Emacs looks for to take a file as compiled.")

(defvar bytecode-tests--which nil)

(defun bytecode-tests--write (file text)
  (with-temp-file file (insert text)))

(defmacro bytecode-tests--with-library (base &rest body)
  "Run BODY with BASE a fresh file name, whose .el sets
`bytecode-tests--which' to source and whose .elc sets it to compiled."
  (declare (indent 1))
  `(let* ((,base (make-temp-file "bytecode-tests-lib"))
          (bytecode-tests--which nil))
     (unwind-protect
         (progn
           (bytecode-tests--write (concat ,base ".el") "(setq bytecode-tests--which 'source)\n")
           (bytecode-tests--write (concat ,base ".elc")
                                  (concat bytecode-tests--elc-header
                                          "(setq bytecode-tests--which 'compiled)\n"))
           ,@body)
       (dolist (suffix '("" ".el" ".elc"))
         (delete-file (concat ,base suffix))))))

(ert-deftest bytecode-load-prefers-compiled-files ()
  (bytecode-tests--with-library base
    (set-file-times (concat base ".el") 0)
    (load base nil t)
    (should (eq bytecode-tests--which 'compiled))
    (load (concat base ".el") nil t)
    (should (eq bytecode-tests--which 'source))
    (load (concat base ".elc") nil t)
    (should (eq bytecode-tests--which 'compiled))
    (let ((load-path (list (file-name-directory base))))
      (setq bytecode-tests--which nil)
      (load (file-name-nondirectory base) nil t)
      (should (eq bytecode-tests--which 'compiled)))
    (should (file-newer-than-file-p (concat base ".elc") (concat base ".el")))))

(ert-deftest bytecode-load-prefer-newer ()
  (bytecode-tests--with-library base
    (set-file-times (concat base ".elc") 0)
    (should (file-newer-than-file-p (concat base ".el") (concat base ".elc")))
    (load base nil t)
    (should (eq bytecode-tests--which 'compiled))
    (let ((load-prefer-newer t))
      (load base nil t))
    (should (eq bytecode-tests--which 'source))))

(ert-deftest bytecode-load-suffix-arguments ()
  (bytecode-tests--with-library base
    (should (equal (load base nil t t) t)) ; NOSUFFIX: the empty file itself
    (should (eq bytecode-tests--which nil))
    (delete-file base)
    (should (eq (car (condition-case err (load base nil t t) (error err))) 'file-missing))
    (should (equal (load base nil t nil t) t)) ; MUST-SUFFIX
    (should (eq bytecode-tests--which 'compiled))
    (should (member ".elc" (get-load-suffixes)))
    (should (member ".el" (get-load-suffixes)))))

(ert-deftest bytecode-load-checks-compiled-files ()
  (let ((file (make-temp-file "bytecode-tests-bad" nil ".elc")))
    (unwind-protect
        (progn
          (bytecode-tests--write file "(setq bytecode-tests--which 'uncompiled)\n")
          (should (equal (condition-case err (load file nil t) (error err))
                         (list 'error (format-message "File `%s' was not compiled in Emacs" file))))
          ;; Without the suffix, the header decides.
          (let ((plain (make-temp-file "bytecode-tests-plain")))
            (unwind-protect
                (let ((bytecode-tests--which nil))
                  (bytecode-tests--write plain (concat bytecode-tests--elc-header
                                                       "(setq bytecode-tests--which 'plain)\n"))
                  (load plain nil t)
                  (should (eq bytecode-tests--which 'plain)))
              (delete-file plain))))
      (delete-file file))))

(ert-deftest bytecode-set-file-times ()
  (let ((file (make-temp-file "bytecode-tests-times")))
    (unwind-protect
        (progn
          (should (eq (set-file-times file 0) t))
          (should-not (file-newer-than-file-p file bytecode-tests--fixtures))
          (should (eq (set-file-times file) t))
          (should (file-newer-than-file-p file (expand-file-name "README" bytecode-tests--fixtures)))
          (should (file-newer-than-file-p file (concat file "-absent")))
          (should-not (file-newer-than-file-p (concat file "-absent") file)))
      (delete-file file)))
  (should (eq (car (condition-case err (set-file-times "/nonexistent-dir/file") (error err)))
              'file-missing)))

(ert-deftest bytecode-commands ()
  (let ((command (make-byte-code 0 "\300\207" [done] 1 nil "p"))
        (plain (make-byte-code 0 "\300\207" [done] 1)))
    (should (commandp command))
    (should-not (commandp plain))
    (should (equal (interactive-form command) '(interactive "p")))
    (should (equal (interactive-form (make-byte-code 0 "\300\207" [1] 1 nil ["P" (foo-mode)]))
                   '(interactive "P")))
    (should-not (interactive-form plain))
    (should (equal (interactive-form (lambda () (interactive "r") 1)) '(interactive "r")))
    (should (equal (func-arity (cons 'macro (make-byte-code 513 "\300\207" [1] 1))) '(1 . 2)))))

(ert-deftest bytecode-compiled-structs ()
  (require 'cl-lib)
  (should (equal (bclex-structs) '(t t nil 1 2 [bclex-vec 7] 7 (bclex-child bclex-base) t))))

(ert-deftest bytecode-code-left-in-the-file ()
  (load (expand-file-name "bytecode-lazy.elc" bytecode-tests--fixtures) nil t)
  (let ((f (symbol-function 'bclazy-double)))
    (should (consp (aref f 1)))
    (should (equal (bclazy-call) '(42 1.0)))
    (should (stringp (aref f 1)))
    (should (vectorp (aref f 2)))
    (should (equal (documentation 'bclazy-double t) "Twice X.\n\n(fn X)"))
    (should (eq (fetch-bytecode f) f))))

(ert-deftest bytecode-compiled-generic-functions ()
  (should (equal (bclex-describe 3) '(integer 3 (number 3 nil))))
  (should (equal (bclex-describe 7) '(seven (integer 7 (number 7 nil)))))
  (should (equal (bclex-describe 0.5) '(number 0.5 nil)))
  (should (equal (bclex-describe "text") '(string nil cl-no-next-method)))
  (should (equal (bclex-describe (make-bclex-child :a 'slot)) '(struct slot)))
  (should (eq (car (condition-case err (bclex-describe 'symbol) (error err)))
              'cl-no-applicable-method)))
