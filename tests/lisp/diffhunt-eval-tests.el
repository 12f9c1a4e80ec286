;;; diffhunt-eval-tests.el --- evaluator, errors and macros against Emacs 28  -*- lexical-binding: t -*-

;; Each expectation was read off GNU Emacs 28.2 (emacs -Q -batch); the
;; file passes under both Emacs and marrow.

(require 'ert)
(require 'cl-lib)

(defmacro diffhunt-eval--err (form)
  "The error FORM signals, or (no-error VALUE)."
  `(condition-case err (list 'no-error ,form) (error err)))

;; signal looks up the error symbol's conditions first: one that is no
;; symbol makes that lookup fail (marrow looped on it at top level).
(ert-deftest diffhunt-eval-signal-non-symbol ()
  (should (equal (diffhunt-eval--err (signal nil '(1)))
                 '(wrong-type-argument symbolp 1)))
  (should (equal (diffhunt-eval--err (signal nil '("x")))
                 '(wrong-type-argument symbolp "x")))
  (should (equal (diffhunt-eval--err (signal 1 nil))
                 '(wrong-type-argument symbolp 1)))
  (should (equal (diffhunt-eval--err (signal "x" 2))
                 '(wrong-type-argument symbolp "x")))
  (should (equal (diffhunt-eval--err (signal nil 5))
                 '(wrong-type-argument listp 5)))
  (should (equal (condition-case e (signal nil '(1)) (t e))
                 '(wrong-type-argument symbolp 1)))
  ;; What still works as before.
  (should (equal (diffhunt-eval--err (signal nil nil)) '(error)))
  (should (equal (diffhunt-eval--err (signal 'error 5)) '(error . 5)))
  (should (equal (diffhunt-eval--err (signal nil '(arith-error 1)))
                 '(arith-error 1))))

;; No catch ever matches the tag nil.
(ert-deftest diffhunt-eval-throw-nil ()
  (should (equal (diffhunt-eval--err (catch nil (throw nil 5)))
                 '(no-catch nil 5)))
  (should (equal (catch 1 (throw 1 5)) 5))
  (should (equal (catch 'a (catch 'b (throw 'a 1)) 2) 1)))

;; A handler's condition must be a symbol or a list.
(ert-deftest diffhunt-eval-condition-case-vector-handler ()
  (should (equal (diffhunt-eval--err
                  (eval '(condition-case nil (car 1)
                           ([arith-error wrong-type-argument] 'wta))
                        t))
                 '(error "Invalid condition handler: ([arith-error wrong-type-argument] 'wta)")))
  (should (equal (diffhunt-eval--err (eval '(condition-case e (car 1) 7) t))
                 '(error "Invalid condition handler: 7")))
  (should (eq (condition-case nil (car 1) ((arith-error wrong-type-argument) 'wta))
              'wta))
  (should (equal (condition-case e (car 1) (nil 1) (error (car e)))
                 'wrong-type-argument)))

(ert-deftest diffhunt-eval-standard-errors ()
  (should (equal (get 'minibuffer-quit 'error-conditions) '(minibuffer-quit quit)))
  (should (equal (get 'file-date-error 'error-conditions)
                 '(file-date-error file-error error)))
  (should (equal (get 'remote-file-error 'error-conditions)
                 '(remote-file-error file-error error)))
  (should (equal (get 'user-search-failed 'error-conditions)
                 '(user-search-failed user-error search-failed error)))
  (should (equal (error-message-string '(minibuffer-quit)) "Quit"))
  (should (equal (error-message-string '(invalid-arity 1)) "Invalid function arity: 1"))
  (should (equal (error-message-string '(file-notify-error "x"))
                 "x"))
  (should (equal (error-message-string '(trapping-constant nil))
                 "Attempt to trap writes to a constant symbol: nil"))
  (should (equal (error-message-string '(protected-field))
                 "Attempt to modify a protected field"))
  (should (eq (condition-case nil (signal 'minibuffer-quit nil) (quit 'q)) 'q)))

;; cl-pushnew with keys, or on a place that is not a variable, expands
;; to cl-adjoin and cl-callf2: they must be there without cl-lib loaded.
(ert-deftest diffhunt-eval-cl-pushnew-places ()
  (let ((l (list (list 1))) (m (list "a")))
    (cl-pushnew 1 (car l))
    (cl-pushnew 2 (car l))
    (cl-pushnew "a" m :test #'equal)
    (cl-pushnew "b" m :test #'equal)
    (should (equal l '((2 1))))
    (should (equal m '("b" "a")))))

;; argv is command-line-args-left under another name; command-line-args
;; holds the program and its arguments.
(ert-deftest diffhunt-eval-argv-alias ()
  (let ((command-line-args-left (list "a" "b")))
    (should (equal argv '("a" "b")))
    (setq argv (list "c"))
    (should (equal command-line-args-left '("c"))))
  (should (consp command-line-args))
  (should (stringp (car command-line-args))))

;; Error data of special forms and calls, as Emacs 28 gives them.
(ert-deftest diffhunt-eval-special-form-errors ()
  (should (equal (diffhunt-eval--err (eval '(setq a) t))
                 '(wrong-number-of-arguments setq 1)))
  (should (equal (diffhunt-eval--err (eval '(if) t))
                 '(wrong-number-of-arguments if 0)))
  (should (equal (diffhunt-eval--err (eval '(prog2 1) t))
                 '(wrong-number-of-arguments (2 . 2) 1)))
  (should (equal (diffhunt-eval--err (eval '(let ((x 1 2)) x) t))
                 '(error "`let' bindings can have only one value-form" x 1 2)))
  (should (equal (diffhunt-eval--err (eval '(defvar a b c d) t))
                 '(error "Too many arguments")))
  (should (equal (diffhunt-eval--err (eval '(condition-case 1 (car 1) (error 2)) t))
                 '(wrong-type-argument symbolp 1)))
  (should (equal (diffhunt-eval--err (eval '((lambda (x) x)) t))
                 '(wrong-number-of-arguments ((t) (x) x) 0)))
  (should (equal (diffhunt-eval--err (eval '((lambda (x) x)) nil))
                 '(wrong-number-of-arguments (lambda (x) x) 0)))
  (should (equal (diffhunt-eval--err (funcall (symbol-function 'car) 1 2))
                 `(wrong-number-of-arguments ,(symbol-function 'car) 2)))
  (should (equal (diffhunt-eval--err (eval '(error "x %d") t))
                 '(error "Not enough arguments for format string")))
  (should (equal (diffhunt-eval--err (throw 'diffhunt-eval--none 1))
                 '(no-catch diffhunt-eval--none 1))))

;; funcall's backtrace frame shows the arguments it was given, even
;; when the function called gathers some into its &rest list (marrow
;; showed the callee's slots: funcall(F 1 (2 3) 1)).
(defun diffhunt-eval--funcall-frame-args ()
  (let (found)
    (mapbacktrace (lambda (_evald fn args _flags)
                    (when (and (eq fn 'funcall) (not found))
                      (setq found (cdr args)))))
    found))

(ert-deftest diffhunt-eval-funcall-frame-rest-args ()
  (let ((f (lambda (a &rest x) (ignore a x) (diffhunt-eval--funcall-frame-args)))
        (g (lambda (&rest x) (ignore x) (diffhunt-eval--funcall-frame-args)))
        (h (lambda (a &optional b &rest x)
             (ignore a b x) (diffhunt-eval--funcall-frame-args))))
    (should (equal (funcall f 1 2 3) '(1 2 3)))
    (should (equal (funcall g 'p 'q) '(p q)))
    (should (equal (funcall h 1 2 3 4) '(1 2 3 4)))))

;; An empty :success handler returns the body's value; (:success nil)
;; returns nil (marrow returned nil for both).
(ert-deftest diffhunt-eval-condition-case-empty-success ()
  (should (equal (eval '(condition-case nil 7 (:success)) t) 7))
  (should (equal (eval '(condition-case e (list 7) (:success) (error 1)) t) '(7)))
  (should (equal (eval '(condition-case e 7 (:success nil)) t) nil))
  (should (equal (eval '(condition-case e (car 7) (:success) (error 1)) t) 1))
  (should (equal (eval '(condition-case e 7 (:success (* 2 e))) t) 14))
  (should (equal (eval '(condition-case e (car 1) (error)) t) nil)))

;; eval binds lexical-binding around a macro's expansion to the kind
;; of code being run: dolist's dynamic shape binds VAR to nil for the
;; result form (marrow expanded it as lexical code: the outer binding).
(ert-deftest diffhunt-eval-macro-sees-dynamic-binding ()
  (should (equal (eval '(let ((a 1)) (dolist (a '(1 2) (unless a 0)) a)) nil) 0))
  (should (equal (eval '(let ((a 1)) (dolist (a '(1 2) (unless a 0)) a)) t) nil))
  (should (equal (eval '(let ((a 1)) (dolist (a '(5) a) 'x)) nil) nil))
  (should (equal (eval '(let ((a 1)) (dolist (a '(5) a) 'x)) t) 1))
  (should (equal (eval '(let ((a 1)) (dotimes (a 3 a) 'x)) nil) 3))
  (defmacro diffhunt-eval--lb () lexical-binding)
  (should (equal (list (eval '(diffhunt-eval--lb) nil) (eval '(diffhunt-eval--lb) t))
                 '(nil t)))
  (should (equal (eval '(funcall (lambda () (diffhunt-eval--lb))) nil) nil))
  (should (eq lexical-binding t)))

;; While eval expands a macro call, the backtrace shows the call as an
;; unevaluated frame below the expander (marrow showed no such frame).
(defun diffhunt-eval--macro-frame ()
  (let (seen)
    (mapbacktrace (lambda (evald fn args _flags)
                    (when (and (not evald) (eq fn 'diffhunt-eval--mf) (not seen))
                      (setq seen (cons fn args)))))
    seen))

(ert-deftest diffhunt-eval-macro-call-frame ()
  (should (equal (eval '(progn (defmacro diffhunt-eval--mf (x)
                                 (list 'quote (diffhunt-eval--macro-frame)))
                               (diffhunt-eval--mf 7))
                       t)
                 '(diffhunt-eval--mf 7)))
  (should (equal (eval '(diffhunt-eval--mf 8) t) '(diffhunt-eval--mf 8)))
  (should (equal (eval '(let ((y 1)) (list y (diffhunt-eval--mf 9))) t)
                 '(1 (diffhunt-eval--mf 9)))))

;; load's eager expansion makes a top-level (funcall #'F ARGS) (F ARGS),
;; and opens (funcall (lambda ...) ARGS) into a let: errors name F, and
;; lambda parameters that are constants fail as let bindings do.
(defvar diffhunt-eval--loaded nil)
(ert-deftest diffhunt-eval-load-rewrites-funcall ()
  (let ((file (make-temp-file "diffhunt-eval" nil ".el")))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert ";;; -*- lexical-binding: t -*-\n"
                    "(setq diffhunt-eval--loaded\n"
                    "  (list (condition-case e (funcall #'car '(1) 2) (error e))\n"
                    "        (condition-case e (funcall (lambda (nil) 1) 1) (error e))\n"
                    "        (condition-case e (funcall (lambda (:k) 1) 1) (error e))\n"
                    "        (funcall #'when t 3)\n"
                    "        (condition-case e (funcall #'(lambda (x) x)) (error (car e)))))\n"))
          (load file nil t)
          (should (equal diffhunt-eval--loaded
                         '((wrong-number-of-arguments car 2)
                           (setting-constant nil)
                           (setting-constant :k)
                           3
                           wrong-number-of-arguments))))
      (delete-file file))))

;;; diffhunt-eval-tests.el ends here
