;;; bytecomp-tests.el --- byte-compile, as the scripts that call it use it  -*- lexical-binding: t -*-

;; Passes under GNU Emacs 28 too, where the results are byte code.

(require 'ert)

(defun bytecomp-tests--fib (n)
  (if (< n 2) n (+ (bytecomp-tests--fib (- n 1)) (bytecomp-tests--fib (- n 2)))))

(defmacro bytecomp-tests--twice (x) `(list ,x ,x))

(ert-deftest bytecomp-compiles-a-named-function ()
  ;; A benchmark compiles its function, then calls it by name.
  (let ((f (byte-compile 'bytecomp-tests--fib)))
    (should (functionp f))
    (should (= (funcall f 15) 610))
    (should (= (bytecomp-tests--fib 20) 6765))
    (should (functionp (symbol-function 'bytecomp-tests--fib)))))

(ert-deftest bytecomp-macros-lambdas-and-forms ()
  (let ((m (byte-compile 'bytecomp-tests--twice)))
    (should (eq (car m) 'macro))
    (should (functionp (cdr m)))
    (should (equal (funcall (cdr m) 'y) '(list y y))))
  (should (equal (bytecomp-tests--twice 3) '(3 3)))
  (should (= (funcall (byte-compile '(lambda (x) (* x 2))) 4) 8))
  (let ((k 3))
    (should (= (funcall (byte-compile (lambda (x) (* x k))) 2) 6)))
  ;; Any other form is evaluated.
  (should (= (byte-compile '(+ 1 2)) 3)))

;; Emacs 28's errors for lambda lists its compiler refuses.
(ert-deftest bytecomp-bad-lambda-lists ()
  (require 'bytecomp)
  (dolist (case '(((&rest) "&rest without variable name")
                  ((&rest a b) "Garbage following &rest VAR in lambda-list")
                  ((&rest &optional) "&optional following &rest in lambda-list")
                  ((x &rest &rest a) "Garbage following &rest VAR in lambda-list")
                  ((&optional &optional) "Duplicate &optional")
                  ((a nil) "Invalid lambda variable nil")
                  ((:k) "Invalid lambda variable :k")
                  ((a "s") "Invalid lambda variable s")))
    (should (equal (condition-case err (byte-compile-check-lambda-list (car case))
                     (error err))
                   (list 'error (cadr case))))
    (let ((byte-compile-debug t))
      (should (equal (condition-case err (byte-compile `(lambda ,(car case) 1))
                       (error err))
                     (list 'error (cadr case))))))
  (should (equal (condition-case err (byte-compile-check-lambda-list '(a . b)) (error err))
                 '(wrong-type-argument listp b)))
  ;; Without `byte-compile-debug' the error is reported, and its report
  ;; is the value.
  (let ((inhibit-message t))
    (should (equal (byte-compile '(lambda (&rest) 1))
                   " Error: &rest without variable name")))
  (should (null (byte-compile-check-lambda-list '(_ _))))
  (dolist (args '((&optional) (&optional &rest a) (&optional a &rest c)))
    (should (null (byte-compile-check-lambda-list args)))
    (should (eq (funcall (byte-compile `(lambda ,args 'ok))) 'ok))))

;;; bytecomp-tests.el ends here
