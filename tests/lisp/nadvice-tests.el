;;; nadvice-tests.el --- advice-add and its kin  -*- lexical-binding: t -*-

(require 'ert)

(defun nadvice-tests--triple (x) (* 3 x))
(defun nadvice-tests--log (x) x)
(defmacro nadvice-tests--mac (x) `(list ,x))

(ert-deftest nadvice-around-and-filters ()
  (let ((around (lambda (orig x) (list :around (funcall orig (+ x 1))))))
    (advice-add 'nadvice-tests--triple :around around)
    (should (equal (nadvice-tests--triple 2) '(:around 9)))
    (advice-add 'nadvice-tests--triple :filter-return #'length '((name . len)))
    (should (equal (nadvice-tests--triple 2) 2))
    (should (advice-member-p 'len 'nadvice-tests--triple))
    (should (advice-member-p around 'nadvice-tests--triple))
    (advice-remove 'nadvice-tests--triple 'len)
    (advice-remove 'nadvice-tests--triple around)
    (should-not (advice-member-p around 'nadvice-tests--triple))
    (should (equal (nadvice-tests--triple 2) 6))))

(ert-deftest nadvice-redefinition-keeps-the-advice ()
  (advice-add 'nadvice-tests--triple :filter-args (lambda (args) (list (- (car args)))))
  (unwind-protect
      (progn
        (should (= (nadvice-tests--triple 2) -6))
        (defun nadvice-tests--triple (x) (* 30 x))
        (should (= (nadvice-tests--triple 2) -60)))
    (advice-mapc (lambda (f _props) (advice-remove 'nadvice-tests--triple f))
                 'nadvice-tests--triple)
    (defun nadvice-tests--triple (x) (* 3 x)))
  (should (= (nadvice-tests--triple 2) 6)))

(ert-deftest nadvice-order-by-depth-and-kind ()
  (let ((trace nil))
    (advice-add 'nadvice-tests--log :before (lambda (x) (push (list 'before x) trace)))
    (advice-add 'nadvice-tests--log :after (lambda (x) (push (list 'after x) trace))
                '((depth . -50)))
    (advice-add 'nadvice-tests--log :filter-args (lambda (args) (list (* 2 (car args))))
                '((depth . 100)))
    (should (= (nadvice-tests--log 5) 10))
    ;; The :after advice is outermost; the :filter-args one innermost.
    (should (equal (nreverse trace) '((before 5) (after 5))))
    (advice-mapc (lambda (f _props) (advice-remove 'nadvice-tests--log f)) 'nadvice-tests--log)
    (should (= (nadvice-tests--log 5) 5))))

(ert-deftest nadvice-conditional-combinations ()
  (defun nadvice-tests--pos (x) (list 'ok x))
  (advice-add 'nadvice-tests--pos :before-while (lambda (x) (> x 0)))
  (should (equal (list (nadvice-tests--pos 1) (nadvice-tests--pos -1)) '((ok 1) nil)))
  (advice-add 'nadvice-tests--pos :before-until (lambda (x) (and (= x 0) 'zero)))
  (should (eq (nadvice-tests--pos 0) 'zero))
  (advice-add 'nadvice-tests--pos :override (lambda (x) (list 'over x)) '((depth . -90)))
  ;; Outermost (lowest depth), the override replaces the rest.
  (should (equal (nadvice-tests--pos -1) '(over -1)))
  (should-error (advice-add 'nadvice-tests--pos :sideways #'ignore)))

(ert-deftest nadvice-macros-and-define-advice ()
  (advice-add 'nadvice-tests--mac :filter-return (lambda (form) `(cons 'wrapped ,form)))
  (should (macrop 'nadvice-tests--mac))
  (should (equal (eval '(nadvice-tests--mac 3) t) '(wrapped 3)))
  (define-advice nadvice-tests--log (:around (orig x) doubled)
    (funcall orig (* 2 x)))
  (should (fboundp 'nadvice-tests--log@doubled))
  (should (= (nadvice-tests--log 4) 8))
  (advice-remove 'nadvice-tests--log #'nadvice-tests--log@doubled)
  (should (= (nadvice-tests--log 4) 4)))

(ert-deftest nadvice-generic-functions-keep-advice-over-new-methods ()
  (cl-defgeneric nadvice-tests--gen (x))
  (cl-defmethod nadvice-tests--gen (x) (list 'any x))
  (advice-add 'nadvice-tests--gen :around (lambda (f x) (cons 'advised (funcall f x))))
  (should (equal (nadvice-tests--gen 1) '(advised any 1)))
  (cl-defmethod nadvice-tests--gen ((x integer)) (cons 'integer (cl-call-next-method)))
  (should (equal (nadvice-tests--gen 1) '(advised integer any 1)))
  (should (equal (nadvice-tests--gen "s") '(advised any "s"))))

(defun nadvice-tests--halve (x) (/ x 2))

(ert-deftest nadvice-member-p-returns-an-advice-object ()
  (let ((negate (lambda (n) (- n))))
    (should-not (advice-member-p negate 'nadvice-tests--halve))
    (should-not (advice--p (symbol-function 'nadvice-tests--halve)))
    (advice-add 'nadvice-tests--halve :filter-return negate)
    (advice-add 'nadvice-tests--halve :filter-args (lambda (args) (list (* 10 (car args))))
                '((name . tenfold)))
    (unwind-protect
        (let ((inner (advice-member-p negate 'nadvice-tests--halve))
              (outer (advice-member-p 'tenfold 'nadvice-tests--halve)))
          (should (advice--p (symbol-function 'nadvice-tests--halve)))
          ;; Each is the function of its advice and what is under it.
          (should (advice--p inner))
          (should (= (funcall inner 8) -4))
          (should (= (funcall outer 8) -40))
          ;; nil stands for the advice without a name.
          (should (= (funcall (advice-member-p nil 'nadvice-tests--halve) 6) -3))
          (should-not (advice-member-p 'nadvice-tests--triple 'nadvice-tests--halve))
          (should-not (advice--p negate)))
      (advice-remove 'nadvice-tests--halve negate)
      (advice-remove 'nadvice-tests--halve 'tenfold))
    (should-not (advice-member-p 'tenfold 'nadvice-tests--halve))
    (should (= (nadvice-tests--halve 8) 4))
    (should (equal (should-error (advice-member-p negate 7))
                   '(wrong-type-argument symbolp 7)))))

(defmacro nadvice-tests--pair (a) `(list ',a))
(defalias 'nadvice-tests--pair-alias 'nadvice-tests--pair)

(ert-deftest nadvice-alias-of-a-macro ()
  (advice-add 'nadvice-tests--pair-alias :around
              (lambda (expand &rest args) `(vector ,(apply expand args))))
  (unwind-protect
      (progn
        (should (equal (macroexpand '(nadvice-tests--pair-alias z)) '(vector (list 'z))))
        ;; The macro is looked up when the alias is expanded.
        (defmacro nadvice-tests--pair (a) `(list 'new ',a))
        (should (equal (macroexpand '(nadvice-tests--pair-alias z))
                       '(vector (list 'new 'z)))))
    (advice-mapc (lambda (f _props) (advice-remove 'nadvice-tests--pair-alias f))
                 'nadvice-tests--pair-alias))
  (should (eq (symbol-function 'nadvice-tests--pair-alias) 'nadvice-tests--pair)))

(defalias 'nadvice-tests--when 'when)
(defalias 'nadvice-tests--or 'or)

(ert-deftest nadvice-refuses-special-forms ()
  (should (equal (should-error (advice-add 'nadvice-tests--or :around #'ignore))
                 '(error "Advice impossible: nadvice-tests--or is a special form")))
  (should (equal (should-error (advice-add 'nadvice-tests--or :bogus #'ignore))
                 '(error "Advice impossible: nadvice-tests--or is a special form")))
  (should (equal (should-error (advice-add 'nadvice-tests--halve :bogus #'ignore))
                 '(error "Unknown add-function location ‘:bogus’")))
  ;; A macro is not a special form.
  (advice-add 'nadvice-tests--when :filter-return #'identity)
  (advice-remove 'nadvice-tests--when #'identity)
  (should (eq (symbol-function 'nadvice-tests--when) 'when)))

;;; add-function and remove-function on places

(ert-deftest nadvice-add-function-on-a-lexical-variable ()
  (let ((fn (lambda (n) (* n 10)))
        (double-args (lambda (args) (list (* 2 (car args)))))
        (negate (lambda (r) (- r))))
    (add-function :filter-args (var fn) double-args)
    (should (= (funcall fn 3) 60))
    (should (advice-function-member-p double-args fn))
    (should-not (advice-function-member-p negate fn))
    (add-function :filter-return (var fn) negate)
    (should (= (funcall fn 3) -60))
    ;; Added again under a name, the same function runs twice.
    (add-function :filter-args (var fn) double-args '((name . twice)))
    (should (= (funcall fn 3) -120))
    (should (advice-function-member-p 'twice fn))
    (remove-function (var fn) 'twice)
    (should (= (funcall fn 3) -60))
    (add-function :filter-args (var fn) double-args '((name . twice)))
    ;; Removing by the function removes every piece that runs it.
    (remove-function (var fn) double-args)
    (should (= (funcall fn 3) -30))
    (let ((seen nil))
      (advice-function-mapc (lambda (f props) (push (list f props) seen)) fn)
      (should (equal seen (list (list negate nil)))))
    (remove-function (var fn) negate)
    (should (= (funcall fn 3) 30))
    (should-not (advice--p fn))))

(ert-deftest nadvice-add-function-depth-orders-the-pieces ()
  (let ((fn (lambda (x) (list 'core x))))
    (add-function :around (var fn) (lambda (f x) (list 'deep (funcall f x))) '((depth . 50)))
    (add-function :around (var fn) (lambda (f x) (list 'shallow (funcall f x))) '((depth . -50)))
    (add-function :around (var fn) (lambda (f x) (list 'middle (funcall f x))))
    (should (equal (funcall fn 1) '(shallow (middle (deep (core 1))))))))

(defvar nadvice-tests--handler (lambda (x) (list 'default x)))

(ert-deftest nadvice-add-function-on-a-default-value-and-a-local-one ()
  (let ((guard (lambda (x) (numberp x))))
    (unwind-protect
        (progn
          (with-temp-buffer
            (add-function :before-while (local 'nadvice-tests--handler) guard)
            (should (local-variable-p 'nadvice-tests--handler))
            (should (equal (funcall nadvice-tests--handler 4) '(default 4)))
            (should (null (funcall nadvice-tests--handler "no")))
            ;; The local advice calls whatever the default value is then.
            (setq-default nadvice-tests--handler (lambda (x) (list 'new-default x)))
            (should (equal (funcall nadvice-tests--handler 4) '(new-default 4)))
            (remove-function (local 'nadvice-tests--handler) guard)
            (should (equal (funcall nadvice-tests--handler "no") '(new-default "no"))))
          (should (equal (funcall nadvice-tests--handler "no") '(new-default "no")))
          (add-function :override nadvice-tests--handler (lambda (x) (list 'override x)))
          (should (equal (funcall nadvice-tests--handler 1) '(override 1)))
          (with-temp-buffer
            (should (equal (funcall nadvice-tests--handler 1) '(override 1)))))
      (setq-default nadvice-tests--handler (lambda (x) (list 'default x))))))

(ert-deftest nadvice-add-function-on-a-symbol-function ()
  (defun nadvice-tests--plain (x) (* x 3))
  (let ((add-one (lambda (f x) (1+ (funcall f x)))))
    (add-function :around (symbol-function 'nadvice-tests--plain) add-one)
    (should (= (nadvice-tests--plain 2) 7))
    (remove-function (symbol-function 'nadvice-tests--plain) add-one)
    (should (= (nadvice-tests--plain 2) 6))
    (should-not (advice--p (symbol-function 'nadvice-tests--plain)))))

(ert-deftest nadvice-add-function-unknown-how ()
  (let ((fn #'car))
    (should (equal (should-error (add-function :sideways (var fn) #'cdr))
                   '(error "Unknown add-function location ‘:sideways’")))))
