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

;;; bytecomp-tests.el ends here
