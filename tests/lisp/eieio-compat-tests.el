;;; eieio-compat-tests.el --- EIEIO's old defgeneric and defmethod  -*- lexical-binding: t -*-

(require 'ert)
(require 'eieio)

(defclass eieio-compat-tests--base () ())
(defclass eieio-compat-tests--child (eieio-compat-tests--base) ())

(defvar eieio-compat-tests--log nil)

(with-no-warnings
  (defgeneric eieio-compat-tests--greet (thing) "Say what THING is.")

  (defmethod eieio-compat-tests--greet ((_b eieio-compat-tests--base))
    (push 'base eieio-compat-tests--log)
    'base)

  (defmethod eieio-compat-tests--greet :BEFORE ((_c eieio-compat-tests--child))
    (push 'before eieio-compat-tests--log))

  (defmethod eieio-compat-tests--greet :primary ((_c eieio-compat-tests--child))
    "The child's own, which goes on to the base's."
    (push 'child eieio-compat-tests--log)
    (list (next-method-p) (call-next-method)))

  (defmethod eieio-compat-tests--greet :after ((_c eieio-compat-tests--child))
    (push 'after eieio-compat-tests--log))

  (defmethod eieio-compat-tests--kind :STATIC ((_class eieio-compat-tests--base))
    'static))

(ert-deftest eieio-compat-qualifiers-and-next-method ()
  (setq eieio-compat-tests--log nil)
  (should (equal (eieio-compat-tests--greet (make-instance 'eieio-compat-tests--child))
                 '(t base)))
  (should (equal (reverse eieio-compat-tests--log) '(before child base after)))
  (setq eieio-compat-tests--log nil)
  (should (eq (eieio-compat-tests--greet (make-instance 'eieio-compat-tests--base)) 'base))
  (should (equal eieio-compat-tests--log '(base))))

(ert-deftest eieio-compat-static-methods ()
  ;; A :static method takes the class's name or one of its objects.
  (should (eq (eieio-compat-tests--kind 'eieio-compat-tests--base) 'static))
  (should (eq (eieio-compat-tests--kind 'eieio-compat-tests--child) 'static))
  (should (eq (eieio-compat-tests--kind (make-instance 'eieio-compat-tests--child)) 'static))
  (should-error (eieio-compat-tests--kind 'integer)))

(defun eieio-compat-tests--target (x) (list 'plain x))
(defalias 'eieio-compat-tests--alias #'eieio-compat-tests--generic)
(cl-defgeneric eieio-compat-tests--generic (x))
(cl-defmethod eieio-compat-tests--generic ((x integer)) (list 'int x))

(ert-deftest eieio-compat-method-on-alias ()
  ;; A method defined under an alias goes to the generic it names.
  (cl-defmethod eieio-compat-tests--alias ((x string)) (list 'str x))
  (should (eq (symbol-function 'eieio-compat-tests--alias) 'eieio-compat-tests--generic))
  (should (equal (eieio-compat-tests--generic "a") '(str "a")))
  (should (equal (eieio-compat-tests--generic 1) '(int 1)))
  (should (eq (symbol-function 'constructor) 'make-instance)))


(ert-deftest eieio-compat-defalias-follows-aliases ()
  (require 'eieio-compat)
  (let ((body (lambda (x) (list 'got x))))
    (defalias 'eieio-compat-tests--front 'eieio-compat-tests--back)
    (fset 'eieio-compat-tests--back nil)
    (eieio--defalias 'eieio-compat-tests--front body)
    (should (eq (symbol-function 'eieio-compat-tests--front) 'eieio-compat-tests--back))
    (should (eq (symbol-function 'eieio-compat-tests--back) body))
    (eieio--defalias 'eieio-compat-tests--plain body)
    (should (eq (symbol-function 'eieio-compat-tests--plain) body))))

;;; eieio-compat-tests.el ends here
