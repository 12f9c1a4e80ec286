;;; macros-tests.el --- macros and backquote  -*- lexical-binding: t -*-

(require 'ert)

(defmacro macros-tests--swap (a b)
  (let ((tmp (make-symbol "tmp")))
    `(let ((,tmp ,a)) (setq ,a ,b) (setq ,b ,tmp))))

(defmacro macros-tests--my-unless (cond &rest body)
  (declare (indent 1))
  `(if ,cond nil ,@body))

(ert-deftest macros-define-and-use ()
  (let ((x 1) (y 2))
    (macros-tests--swap x y)
    (should (equal (list x y) '(2 1))))
  (should (eq (macros-tests--my-unless nil 'a 'b) 'b))
  (should (eq (macros-tests--my-unless t 'a) nil)))

(ert-deftest macros-macroexpand ()
  (should (equal (macroexpand '(macros-tests--my-unless c x)) '(if c nil x)))
  (should (equal (macroexpand '(not-a-macro 1)) '(not-a-macro 1)))
  (should (equal (macroexpand-1 '(macros-tests--my-unless c x)) '(if c nil x)))
  (should (macrop 'macros-tests--swap))
  (should-not (macrop 'car)))

(ert-deftest macros-backquote ()
  (let ((x 1) (l '(2 3)))
    (should (equal `(a ,x) '(a 1)))
    (should (equal `(a ,@l b) '(a 2 3 b)))
    (should (equal `(,@l) '(2 3)))
    (should (equal `(a . ,x) '(a . 1)))
    (should (equal `[a ,x ,@l] [a 1 2 3]))
    (should (equal `(1 (2 ,x) ((,@l))) '(1 (2 1) ((2 3)))))
    (should (equal `x 'x))
    (should (equal `(a ,(+ x 1)) '(a 2)))))

(ert-deftest macros-nested-backquote ()
  (let ((x 'v))
    (should (equal `(a `(b ,(c ,x))) '(a `(b ,(c v)))))))

(defmacro macros-tests--recursive (n)
  (if (= n 0) 0 `(+ 1 (macros-tests--recursive ,(1- n)))))

(ert-deftest macros-recursive-expansion ()
  (should (= (macros-tests--recursive 5) 5)))

(defvar macros-tests--expansions 0)

(defmacro macros-tests--counting ()
  (setq macros-tests--expansions (1+ macros-tests--expansions))
  1)

(defun macros-tests--use-counting ()
  (macros-tests--counting))

(ert-deftest macros-expanded-once-at-definition ()
  (let ((before macros-tests--expansions))
    (dotimes (_ 5) (macros-tests--use-counting))
    (should (= macros-tests--expansions before))))

(defmacro macros-tests--with-decl (x)
  (declare (indent 0) (debug t))
  `(list ,x))

(defun macros-tests--fn-with-decl (x)
  "Doc string."
  (declare (side-effect-free t))
  (* x 3))

;; A macro that refuses some arguments, to show when its error comes.
(defmacro macros-tests--needs-a-symbol (x)
  (unless (symbolp x) (error "Not a symbol: %S" x))
  `(quote ,x))

(ert-deftest macros-failing-expansion-signals-when-run ()
  ;; Making the function succeeds; the error comes when the bad call
  ;; runs, inside the condition-case written around it.
  (let ((f (eval '(lambda (arg)
                    (if arg
                        (condition-case err (macros-tests--needs-a-symbol 3)
                          (error (cadr err)))
                      'fine))
                 t)))
    (should (eq (funcall f nil) 'fine))
    (should (equal (funcall f t) "Not a symbol: 3")))
  (eval '(defun macros-tests--uses-bad-call () (macros-tests--needs-a-symbol "s")) t)
  (should (equal (should-error (macros-tests--uses-bad-call))
                 '(error "Not a symbol: \"s\""))))

;; Square of a form evaluated once, with the helpers macros use.
(defmacro macros-tests--square (form)
  (macroexp-let2 nil v form `(* ,v ,v)))

(defmacro macros-tests--sum-twice (a b)
  (macroexp-let2* macroexp-copyable-p ((x a) (y b)) `(+ ,x ,y ,x ,y)))

(ert-deftest macros-macroexp-helpers ()
  (should (equal (macroexpand '(macros-tests--square 7)) '(* 7 7)))
  (let ((exp (macroexpand '(macros-tests--square (next)))))
    (should (eq (car exp) 'let*))
    (should (equal (symbol-name (car (car (nth 1 exp)))) "v"))
    (should (equal (nth 1 (car (nth 1 exp))) '(next))))
  (let ((n 0))
    (should (= (macros-tests--square (setq n (1+ n))) 1))
    (should (= n 1)))
  (should (equal (macroexpand '(macros-tests--sum-twice k 2)) '(+ k 2 k 2)))
  (should (= (let ((i 0)) (macros-tests--sum-twice (setq i (1+ i)) (* i 10))) 22))
  (should (equal (mapcar #'macroexp-quote '(5 sym :kw nil (a) "str"))
                 '(5 'sym :kw nil '(a) "str")))
  (should (equal (macroexp-progn '((a) (b))) '(progn (a) (b))))
  (should (equal (macroexp-progn '((a))) '(a)))
  (should (equal (macroexp-unprogn '(progn)) '(nil)))
  (should (equal (macroexp-unprogn '(f)) '((f))))
  (should (equal (macroexp-let* '((a 1)) '(let* ((b a)) b)) '(let* ((a 1) (b a)) b)))
  (should (equal (mapcar #'macroexp-const-p '(3 'q #'car (f) var nil :k))
                 '(t t t nil nil (nil t) t)))
  (should (macroexp-copyable-p 'var)))

(ert-deftest macros-declare-ignored ()
  (should (equal (macros-tests--with-decl 1) '(1)))
  (should (= (macros-tests--fn-with-decl 2) 6)))

;; Macros that appear only after the calling code was loaded: the
;; interpreter expands them when the call runs.

(defun macros-tests--late (x) (* 10 x))

(defun macros-tests--use-late (n)
  (let (r)
    (dotimes (i n) (push (macros-tests--late i) r))
    r))

(ert-deftest macros-defined-at-run-time ()
  (should (equal (macros-tests--use-late 2) '(10 0)))
  (unwind-protect
      (progn
        (defalias 'macros-tests--late (cons 'macro (lambda (x) `(* 100 ,x))))
        (should (equal (macros-tests--use-late 2) '(100 0)))
        ;; Redefined: expanded afresh.
        (defalias 'macros-tests--late (cons 'macro (lambda (x) `(* 1000 ,x))))
        (should (equal (macros-tests--use-late 3) '(2000 1000 0))))
    (defalias 'macros-tests--late (lambda (x) (* 10 x)))))

(defun macros-tests--defines-and-uses ()
  (defmacro macros-tests--inner (x) (list 'list x))
  (let ((y 2))
    (list (macros-tests--inner 1) (macros-tests--inner y))))

(ert-deftest macros-defined-inside-a-function ()
  (should (equal (macros-tests--defines-and-uses) '((1) (2)))))

(defun macros-tests--bump (v) v)

(defun macros-tests--bumps ()
  (let* ((a 1) (b 10) (get-b (lambda () b)))
    (macros-tests--bump a)
    (setq b (1+ b))
    (macros-tests--bump b)
    (list a b (funcall get-b))))

(ert-deftest macros-run-time-expansion-sets-variables ()
  (should (equal (macros-tests--bumps) '(1 11 11)))
  (unwind-protect
      (progn
        (defalias 'macros-tests--bump (cons 'macro (lambda (v) `(setq ,v (+ ,v 5)))))
        (should (equal (macros-tests--bumps) '(6 16 16))))
    (defalias 'macros-tests--bump (lambda (v) v))))

;; Emacs's interpreter expands a macro call each time it runs it, when
;; the macro came after the code was loaded (load's eager expansion
;; did not see it): an expansion that depends on a variable follows
;; it, and the macro's own side effects happen at each call.

(defvar macros-tests--mode 1)
(defvar macros-tests--expansions 0)

(defun macros-tests--use-moody () (macros-tests--moody))

(defun macros-tests--moody-closure ()
  (let ((k 5)) (lambda () (macros-tests--moody-k k))))

(defmacro macros-tests--moody ()
  (setq macros-tests--expansions (1+ macros-tests--expansions))
  (if (= macros-tests--mode 1) ''one ''two))

(defmacro macros-tests--moody-k (v)
  (if (= macros-tests--mode 1) v (list '- v)))

(ert-deftest macros-late-expanded-at-each-call ()
  (let ((macros-tests--mode 1) (macros-tests--expansions 0))
    (should (eq (macros-tests--use-moody) 'one))
    (setq macros-tests--mode 2)
    (should (eq (macros-tests--use-moody) 'two))
    (should (eq (macros-tests--use-moody) 'two))
    (should (= macros-tests--expansions 3))))

(ert-deftest macros-late-expanded-in-a-closure ()
  (let ((f (macros-tests--moody-closure)) (macros-tests--mode 1))
    (should (= (funcall f) 5))
    (setq macros-tests--mode 2)
    (should (= (funcall f) -5))
    (setq macros-tests--mode 1)
    (should (= (funcall f) 5))))

;; A primitive redefined as a macro: calls in code that ran before are
;; expanded from then on, before their arguments are evaluated, as in
;; Emacs's interpreter.  (A native-compiling Emacs would otherwise
;; compile a trampoline for the redefined primitive, with the compiler
;; calling it while it is a macro.)

(defvar comp-enable-subr-trampolines)

(defun macros-tests--masks (x)
  (list (logand x 3) (% x 4)))

(defun macros-tests--mask-unevaluated ()
  (logand (error "Evaluated") 1))

(ert-deftest macros-primitive-redefined-as-macro ()
  (should (equal (macros-tests--masks 7) '(3 3)))
  (should-error (macros-tests--mask-unevaluated))
  (let ((logand-fn (symbol-function 'logand))
        (rem-fn (symbol-function '%))
        (comp-enable-subr-trampolines nil)
        masks unevaluated)
    (unwind-protect
        (progn
          (fset 'logand (cons 'macro (lambda (&rest args) (list 'quote (cons 'mask args)))))
          (fset '% (cons 'macro (lambda (a b) (list '- a b))))
          (setq masks (macros-tests--masks 7))
          (setq unevaluated (macros-tests--mask-unevaluated)))
      (fset 'logand logand-fn)
      (fset '% rem-fn))
    (should (equal masks '((mask x 3) 3)))
    (should (equal unevaluated '(mask (error "Evaluated") 1)))
    (should (equal (macros-tests--masks 7) '(3 3)))))

;; A form whose macro fails when the enclosing form is expanded is
;; expanded again when it runs: by then the forms before it have run.
(require 'cl-lib)
(let ()
  (cl-defstruct macros-tests--base-struct one)
  (cl-defstruct (macros-tests--child-struct (:include macros-tests--base-struct)) two))

(ert-deftest macros-failing-expansion-retried-when-run ()
  (let ((c (make-macros-tests--child-struct :one 1 :two 2)))
    (should (equal (list (macros-tests--base-struct-one c) (macros-tests--child-struct-two c))
                   '(1 2)))
    (should (macros-tests--base-struct-p c)))
  (should (equal (eval '(progn
                          (cl-defstruct macros-tests--eval-base a)
                          (cl-defstruct (macros-tests--eval-child (:include macros-tests--eval-base)) b)
                          (macros-tests--eval-child-a (make-macros-tests--eval-child :a 3 :b 4)))
                       t)
                 3))
  (should (equal (condition-case err
                     (macroexpand '(cl-defstruct (macros-tests--orphan (:include macros-tests--nowhere)) c))
                   (error err))
                 '(error "macros-tests--nowhere is not a struct name")))
  ;; still an error when it runs, if it still fails then
  (should (equal (condition-case err
                     (eval '(progn (cl-defstruct (macros-tests--orphan (:include macros-tests--nowhere)) c) 'made) t)
                   (error err))
                 '(error "macros-tests--nowhere is not a struct name"))))

(ert-deftest macros-macroexp-fgrep-finds-used-bindings ()
  (should (equal (macroexp--fgrep '((a 1) (b 2) (c 3)) '(list b [x (c)] "a"))
                 '((c 3) (b 2))))
  (should (equal (macroexp--fgrep '((a) (b)) '(quote nothing)) nil))
  (should (equal (macroexp--fgrep '((a) (b)) '(x . b)) '((b))))
  ;; Circular code is walked once.
  (let ((loop (list 'f 'b)))
    (setcdr (cdr loop) loop)
    (should (equal (macroexp--fgrep '((a) (b)) loop) '((b)))))
  (let ((v (vector 'x nil)))
    (aset v 1 v)
    (should (equal (macroexp--fgrep '((x)) (list v)) '((x))))))

;; As Emacs's: what needs no expanding is returned as it was, not
;; copied, at every level.
(ert-deftest macros-expand-all-keeps-unchanged-forms ()
  (let ((plain (list 'a (list 'b 'c) (list 'function (list 'lambda '(x) (list '+ 'x 1))))))
    (should (eq (macroexpand-all plain) plain)))
  (let* ((inner (list 'b 'c))
         (lambda-form (list 'lambda '(x) (list 'list 'x)))
         (form (list 'progn (list 'when 'p inner) (list 'function lambda-form)))
         (expanded (macroexpand-all form)))
    (should-not (eq expanded form))
    (should (equal expanded (list 'progn (list 'if 'p (list 'progn inner))
                                  (list 'function lambda-form))))
    (should (eq (nth 2 expanded) (nth 2 form)))
    (should (eq (nth 1 (nth 2 (nth 1 expanded))) inner))))

;; A closure is the list (closure ENV ARGS . BODY) to macroexpand-all,
;; which expands its body as a call's arguments.
(ert-deftest macros-macroexpand-all-walks-closures ()
  (let* ((f (eval '(let ((y 1)) (lambda () (when y 2))) t))
         (expanded (macroexpand-all f)))
    (should (equal expanded '(closure ((y . 1) t) nil (if y (progn 2)))))
    (should (eq (cadr expanded) (cadr f)))
    (should (equal (funcall expanded) 2)))
  (let ((g (eval '(let ((y 1)) (lambda () (+ y 2))) t)))
    (should (eq (macroexpand-all g) g))
    (should (equal (macroexpand-all (list 'progn g)) (list 'progn g)))))
