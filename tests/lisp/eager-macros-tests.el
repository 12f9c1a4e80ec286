;;; eager-macros-tests.el --- load expands macros before it runs a form  -*- lexical-binding: t -*-

;; `load' (and `eval-buffer') expands each top-level form's macros
;; before running it, once; `eval' leaves them to be expanded as they
;; are met.  Each test loads a file of its own, written to a temporary
;; directory.

(require 'ert)

(defvar eager-macros--log nil
  "What the macros and forms of the loaded files did, latest first.")

(defun eager-macros--load (text &optional dynamic)
  "Load TEXT as a file, lexically bound unless DYNAMIC; return what it logged, in order."
  (let ((file (make-temp-file "eager-macros" nil ".el"))
        (eager-macros--log nil))
    (unwind-protect
        (progn
          (with-temp-file file
            (unless dynamic
              (insert ";; -*- lexical-binding: t -*-\n"))
            (insert text))
          (load file nil t t))
      (delete-file file))
    (reverse eager-macros--log)))

(defun eager-macros--messages-since (start)
  "The lines *Messages* got after its size was START."
  (with-current-buffer (messages-buffer)
    (split-string (buffer-substring-no-properties (1+ start) (point-max)) "\n" t)))

(defun eager-macros--messages-size ()
  (with-current-buffer (messages-buffer) (buffer-size)))

(defun eager-macros--body (symbol)
  "The body of SYMBOL's function, after its environment and arguments."
  (let ((f (symbol-function symbol)))
    (if (eq (car f) 'closure) (nthcdr 3 f) (nthcdr 2 f))))

(ert-deftest eager-macros-redefinition-after-load-is-not-seen ()
  (eager-macros--load
   (concat "(defmacro eager-macros--ver () ''first)\n"
           "(defun eager-macros--ver-user () (eager-macros--ver))\n"
           "(defmacro eager-macros--ver () ''second)\n"))
  (should (eq (eager-macros--ver-user) 'first))
  (should (equal (eager-macros--body 'eager-macros--ver-user) '('first))))

(ert-deftest eager-macros-macro-defined-later-is-expanded-when-called ()
  (eager-macros--load
   (concat "(defun eager-macros--early-user () (list (eager-macros--later 4)))\n"
           "(defmacro eager-macros--later (n) (list '* n 10))\n"))
  (should (equal (eager-macros--early-user) '(40)))
  (should (equal (eager-macros--body 'eager-macros--early-user)
                 '((list (eager-macros--later 4))))))

(ert-deftest eager-macros-expansion-comes-before-the-form-runs ()
  (should (equal (eager-macros--load
                  (concat "(defmacro eager-macros--noted (tag) (push (list 'expanded tag) eager-macros--log) tag)\n"
                          "(let () (push 'running eager-macros--log)"
                          " (defun eager-macros--noted-user () (eager-macros--noted 7)))\n"
                          "(if nil (defun eager-macros--never-defined () (eager-macros--noted 8)))\n"
                          "(push (list 'calls (eager-macros--noted-user) (eager-macros--noted-user))"
                          " eager-macros--log)\n"))
                 '((expanded 7) running (expanded 8) (calls 7 7))))
  (should-not (fboundp 'eager-macros--never-defined)))

(ert-deftest eager-macros-loaded-function-holds-its-expansion ()
  (eager-macros--load
   "(defun eager-macros--shaped (x) (when x (push 1 x)) (unless x 'empty))\n")
  (should (equal (eager-macros--body 'eager-macros--shaped)
                 '((if x (progn (setq x (cons 1 x))))
                   (if x nil 'empty))))
  (should (eq (eager-macros--shaped nil) 'empty)))

(ert-deftest eager-macros-progn-forms-expanded-one-by-one ()
  (eager-macros--load
   (concat "(progn (defmacro eager-macros--in-progn () 55)\n"
           "       (defun eager-macros--progn-user () (eager-macros--in-progn))\n"
           "       (push (eager-macros--in-progn) eager-macros--log))\n"))
  (should (equal (eager-macros--body 'eager-macros--progn-user) '(55)))
  ;; A let is one form: its macros are expanded before it defines any.
  (eager-macros--load
   (concat "(let () (defmacro eager-macros--in-let () 66)\n"
           "       (defun eager-macros--let-user () (eager-macros--in-let)))\n"))
  (should (equal (eager-macros--body 'eager-macros--let-user) '((eager-macros--in-let))))
  (should (= (eager-macros--let-user) 66)))

(ert-deftest eager-macros-failure-keeps-the-whole-form-as-read ()
  (let ((start (eager-macros--messages-size)))
    (eager-macros--load
     (concat "(defmacro eager-macros--fine () 1)\n"
             "(defmacro eager-macros--broken () (error \"Cannot expand\"))\n"
             "(defun eager-macros--half-broken () (eager-macros--fine) (eager-macros--broken))\n"
             "(defun eager-macros--unbroken () (eager-macros--fine))\n"))
    (should (equal (eager-macros--messages-since start)
                   '("Eager macro-expansion failure: (error \"Cannot expand\")"))))
  (should (equal (eager-macros--body 'eager-macros--half-broken)
                 '((eager-macros--fine) (eager-macros--broken))))
  (should (equal (eager-macros--body 'eager-macros--unbroken) '(1)))
  (should (equal (should-error (eager-macros--half-broken))
                 '(error "Cannot expand"))))

(ert-deftest eager-macros-failure-caught-when-the-form-runs ()
  (let ((start (eager-macros--messages-size)))
    (should (equal (eager-macros--load
                    (concat "(defmacro eager-macros--picky (x) (if (eq x 'no) (signal 'wrong-type-argument (list 'picky x)) x))\n"
                            "(push (condition-case err (list (eager-macros--picky 3) (eager-macros--picky no))"
                            " (error (list 'caught err)))"
                            " eager-macros--log)\n"))
                   '((caught (wrong-type-argument picky no)))))
    (should (equal (eager-macros--messages-since start)
                   '("Eager macro-expansion failure: (wrong-type-argument picky no)")))))

(ert-deftest eager-macros-failing-top-level-call-is-reported-twice ()
  ;; Once when load looks for a progn, once when it expands the form:
  ;; *Messages* logs the repeat as a count.
  (let ((start (eager-macros--messages-size)))
    (should (equal (should-error
                    (eager-macros--load
                     (concat "(defmacro eager-macros--refuses () (error \"Refused\"))\n"
                             "(eager-macros--refuses)\n")))
                   '(error "Refused")))
    (should (equal (eager-macros--messages-since start)
                   '("Eager macro-expansion failure: (error \"Refused\") [2 times]")))))

(ert-deftest eager-macros-dynamic-file-lambdas-stay-lists ()
  (let ((start (eager-macros--messages-size)))
    (eager-macros--load
     (concat "(defmacro eager-macros--dyn-ok () 2)\n"
             "(defmacro eager-macros--dyn-bad () (error \"No\"))\n"
             "(defun eager-macros--dyn-user () (eager-macros--dyn-ok))\n"
             "(defun eager-macros--dyn-failing () (eager-macros--dyn-ok) (eager-macros--dyn-bad))\n")
     t)
    (should (equal (eager-macros--messages-since start)
                   '("Eager macro-expansion failure: (error \"No\")"))))
  (should (equal (symbol-function 'eager-macros--dyn-user) '(lambda nil 2)))
  (should (equal (symbol-function 'eager-macros--dyn-failing)
                 '(lambda nil (eager-macros--dyn-ok) (eager-macros--dyn-bad)))))

(ert-deftest eager-macros-eval-buffer-expands-too ()
  (with-temp-buffer
    (insert "(defmacro eager-macros--buf-m () ''from-buffer)\n"
            "(defun eager-macros--buf-user () (eager-macros--buf-m))\n")
    (eval-buffer))
  (should (equal (eager-macros--body 'eager-macros--buf-user) '('from-buffer))))

(ert-deftest eager-macros-eval-expands-nothing-ahead ()
  (let ((start (eager-macros--messages-size)))
    (eval '(progn
             (defmacro eager-macros--ev-bad () (error "Not now"))
             (defun eager-macros--ev-user (x) (when x (eager-macros--ev-bad))))
          t)
    (should (equal (eager-macros--messages-since start) nil)))
  (should (equal (eager-macros--body 'eager-macros--ev-user)
                 '((when x (eager-macros--ev-bad)))))
  (should (eq (eager-macros--ev-user nil) nil))
  (should (equal (should-error (eager-macros--ev-user t)) '(error "Not now"))))

;; Emacs's `macroexpand-all', and so load's expansion, rewrites a call
;; through its function's compiler macro (found along aliases); `eval'
;; does not.  A compiler macro that signals leaves the call as it is,
;; with a message.

(defun eager-macros--triple (x) (* 3 x))
(put 'eager-macros--triple 'compiler-macro
     (lambda (form x)
       (push (list 'rewriting x) eager-macros--log)
       (if (numberp x) (list 'quote (list 'folded (* 3 x))) form)))
(defalias 'eager-macros--triple-alias 'eager-macros--triple)

(ert-deftest eager-macros-compiler-macros-rewrite-loaded-calls ()
  (should (equal (eager-macros--load
                  (concat "(defun eager-macros--cm-user (y) (list (eager-macros--triple-alias 2)"
                          " (eager-macros--triple (when y 1))))\n"
                          "(push (eager-macros--triple 5) eager-macros--log)\n"))
                 '((rewriting 2) (rewriting (when y 1)) (rewriting (if y (progn 1)))
                   (rewriting 5) (folded 15))))
  (should (equal (eager-macros--body 'eager-macros--cm-user)
                 '((list '(folded 6) (eager-macros--triple (if y (progn 1)))))))
  (should (equal (eager-macros--cm-user t) '((folded 6) 3)))
  (should (equal (macroexpand-all '(eager-macros--triple (eager-macros--triple 1)))
                 '(eager-macros--triple '(folded 3))))
  (let ((eager-macros--log nil))
    (should (= (eval '(eager-macros--triple 4) t) 12))
    (should-not eager-macros--log)))

(defun eager-macros--stubborn (x) x)
(put 'eager-macros--stubborn 'compiler-macro (lambda (_form _x) (error "Will not")))

(ert-deftest eager-macros-failing-compiler-macro-keeps-the-call ()
  ;; Emacs lets the error through to the debugger when debug-on-error
  ;; is set, as ERT sets it.
  (let ((start (eager-macros--messages-size))
        (debug-on-error nil))
    (eager-macros--load "(defun eager-macros--stubborn-user () (eager-macros--stubborn 1))\n")
    (should (equal (eager-macros--messages-since start)
                   '("Compiler-macro error for eager-macros--stubborn: (error \"Will not\")"))))
  (should (equal (eager-macros--body 'eager-macros--stubborn-user) '((eager-macros--stubborn 1))))
  (should (= (eager-macros--stubborn-user) 1)))

;; A file whose expansion loads the file again (here through an
;; autoloaded macro of its own): Emacs 28 warns, naming what led there,
;; and expands nothing more in that inner load.
(ert-deftest eager-macros-cycle-is-skipped-with-a-warning ()
  (let* ((file (make-temp-file "eager-macros-cycle" nil ".el"))
         (name (file-name-nondirectory file))
         (start (eager-macros--messages-size))
         (eager-macros--log nil))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert ";; -*- lexical-binding: t -*-\n"
                    (format "(autoload 'eager-macros--cyc %S nil nil 'macro)\n"
                            (file-name-sans-extension file))
                    "(push 'loading eager-macros--log)\n"
                    "(defun eager-macros--cyc-user () (eager-macros--cyc))\n"
                    "(defmacro eager-macros--cyc () 1)\n"
                    "(push (eager-macros--cyc-user) eager-macros--log)\n"))
          (load file nil t t)
          (should (equal (reverse eager-macros--log) '(loading loading 1 1)))
          (should (equal (eager-macros--messages-since start)
                         (list "Warning: Eager macro-expansion skipped due to cycle:"
                               (format (concat "  … => (load %S) => (macroexpand-all"
                                               " (defalias 'eager-macros--cyc-user …))"
                                               " => (macroexpand (eager-macros--cyc …))"
                                               " => (load %S)")
                                       name name))))
          (should-not macroexp--pending-eager-loads))
      (fmakunbound 'eager-macros--cyc)
      (fmakunbound 'eager-macros--cyc-user)
      (delete-file file))))

;; Two files: the second, loaded while the first's form is expanded,
;; loads the first again.
(ert-deftest eager-macros-cycle-through-another-file ()
  (let* ((dir (make-temp-file "eager-macros" t))
         (a (expand-file-name "eager-cyc-a.el" dir))
         (b (expand-file-name "eager-cyc-b.el" dir))
         (start (eager-macros--messages-size))
         (eager-macros--log nil))
    (unwind-protect
        (progn
          (with-temp-file a
            (insert (format "(autoload 'eager-macros--cyc-b %S nil nil 'macro)\n"
                            (file-name-sans-extension b))
                    "(unless (memq 'b eager-macros--log) (push 'a eager-macros--log))\n"
                    "(defun eager-macros--cyc-a () (eager-macros--cyc-b))\n"))
          (with-temp-file b
            (insert "(push 'b eager-macros--log)\n"
                    (format "(load %S nil t)\n" a)
                    "(defmacro eager-macros--cyc-b () 2)\n"))
          (load a nil t)
          (should (equal (eager-macros--cyc-a) 2))
          (should (equal (reverse eager-macros--log) '(a b)))
          (should (equal (eager-macros--messages-since start)
                         (list "Warning: Eager macro-expansion skipped due to cycle:"
                               (concat "  … => (load \"eager-cyc-a.el\") => (macroexpand-all"
                                       " (defalias 'eager-macros--cyc-a …))"
                                       " => (macroexpand (eager-macros--cyc-b …))"
                                       " => (load \"eager-cyc-b.el\") => (load \"eager-cyc-a.el\")")))))
      (fmakunbound 'eager-macros--cyc-a)
      (fmakunbound 'eager-macros--cyc-b)
      (delete-directory dir t))))


;; A function analysed before the macros it calls were defined: each
;; call is expanded when it runs, and a pop inside a push must still
;; set the function's variable (marrow looped forever here).
(defun eager-macros-tests--parse (body)
  (let ((decls ()))
    (while (and (cdr body) (stringp (car body)))
      (eager-macros-tests--push (eager-macros-tests--pop body) decls))
    (cons (nreverse decls) body)))
(defmacro eager-macros-tests--push (x place) (list 'setq place (list 'cons x place)))
(defmacro eager-macros-tests--pop (place)
  (list 'car-safe (list 'prog1 place (list 'setq place (list 'cdr place)))))

(ert-deftest eager-macros-late-pop-inside-a-late-push ()
  (should (equal (eager-macros-tests--parse '("a" "b" (foo))) '(("a" "b") (foo))))
  (should (equal (eager-macros-tests--parse '((foo))) '(nil (foo)))))

;; A late macro's setq reaches the closures over the variable, made
;; before or by the expansion, as the binding's cons in Emacs does.
(require 'cl-lib)
(defun eager-macros-tests--set-param (x)
  (let ((g (lambda () x))) (eager-macros-tests--set x 5) (list (funcall g) x)))
(defun eager-macros-tests--set-let ()
  (let ((y 1)) (let ((g (lambda () y))) (eager-macros-tests--set y 5) (list (funcall g) y))))
(defun eager-macros-tests--set-then-capture (x)
  (eager-macros-tests--set x 5) (let ((g (lambda () x))) (funcall g)))
(defun eager-macros-tests--set-loop-var (l)
  (let (r)
    (dolist (e l) (push (lambda () e) r) (eager-macros-tests--set e (* e 10)))
    (mapcar #'funcall r)))
(defun eager-macros-tests--set-counter (n)
  (let (r)
    (dotimes (i n) (push (lambda () i) r) (eager-macros-tests--set i (* i 10)))
    (mapcar #'funcall r)))
(defun eager-macros-tests--late-push (x)
  (let ((g (lambda () x))) (eager-macros-tests--push-on 3 x) (list (funcall g) x)))
(defun eager-macros-tests--late-pop (x)
  (let ((g (lambda () x))) (eager-macros-tests--pop-off x) (list (funcall g) x)))
(defun eager-macros-tests--late-incf (x)
  (let ((g (lambda () x))) (eager-macros-tests--incf x) (list (funcall g) x)))
(defun eager-macros-tests--late-lambda (x)
  (let ((g (eager-macros-tests--lambda x))) (setq x 7) (list (funcall g) x)))
(defun eager-macros-tests--set-from-closure (x)
  (let ((g (lambda () (eager-macros-tests--set x 5)))) (funcall g) x))
(defun eager-macros-tests--nested-set (x)
  (let ((g (lambda () x))) (eager-macros-tests--set-42 x) (list (funcall g) x)))
(defun eager-macros-tests--closure-shown (x)
  (let ((g (lambda () x))) (eager-macros-tests--set x 5) g))
(defun eager-macros-tests--maybe-set (x set)
  (let ((g (lambda () x))) (when set (eager-macros-tests--set-later x 5)) (list (funcall g) x)))
;; Analysed now, while `eager-macros-tests--set-later' is no function.
(eager-macros-tests--maybe-set 1 nil)
(defmacro eager-macros-tests--set (v e) (list 'setq v e))
(defmacro eager-macros-tests--set-later (v e) (list 'setq v e))
(defmacro eager-macros-tests--push-on (e v) (list 'push e v))
(defmacro eager-macros-tests--pop-off (v) (list 'pop v))
(defmacro eager-macros-tests--incf (v) (list 'cl-incf v))
(defmacro eager-macros-tests--lambda (v) (list 'lambda () v))
(defmacro eager-macros-tests--set-42 (v) (list 'eager-macros-tests--set v 42))

(ert-deftest eager-macros-late-setq-reaches-closures ()
  (should (equal (eager-macros-tests--set-param 1) '(5 5)))
  (should (equal (eager-macros-tests--set-let) '(5 5)))
  (should (equal (eager-macros-tests--set-then-capture 1) 5))
  (should (equal (eager-macros-tests--set-loop-var '(1 2)) '(20 10)))
  (should (equal (eager-macros-tests--set-counter 3) '(20 10 0)))
  (should (equal (eager-macros-tests--set-from-closure 1) 5))
  (should (equal (eager-macros-tests--nested-set 1) '(42 42)))
  (should (equal (eager-macros-tests--maybe-set 1 t) '(5 5)))
  (should (equal (eager-macros-tests--maybe-set 1 nil) '(1 1))))

(ert-deftest eager-macros-late-push-pop-incf-reach-closures ()
  (should (equal (eager-macros-tests--late-push '(1)) '((3 1) (3 1))))
  (should (equal (eager-macros-tests--late-pop '(1 2)) '((2) (2))))
  (should (equal (eager-macros-tests--late-incf 1) '(2 2))))

(ert-deftest eager-macros-late-lambda-sees-later-setq ()
  (should (equal (eager-macros-tests--late-lambda 1) '(7 7))))

(ert-deftest eager-macros-late-setq-shows-in-closure-environment ()
  (should (equal (prin1-to-string (eager-macros-tests--closure-shown 1))
                 "(closure ((x . 5) t) nil x)")))

;;; eager-macros-tests.el ends here
