;;; closures-tests.el --- lexical closures and dynamic binding  -*- lexical-binding: t -*-

(require 'ert)

(defun closures-tests--counter ()
  (let ((n 0))
    (lambda () (setq n (1+ n)))))

(ert-deftest closures-capture ()
  (let ((c1 (closures-tests--counter))
        (c2 (closures-tests--counter)))
    (funcall c1) (funcall c1)
    (should (= (funcall c1) 3))
    (should (= (funcall c2) 1))))

(ert-deftest closures-shared-environment ()
  (let* ((x 0)
         (inc (lambda () (setq x (1+ x))))
         (get (lambda () x)))
    (funcall inc) (funcall inc)
    (should (= (funcall get) 2))
    (should (= x 2))))

(ert-deftest closures-per-iteration-binding ()
  (let ((fns nil))
    (dolist (i '(1 2 3))
      (push (lambda () i) fns))
    (should (equal (mapcar #'funcall fns) '(3 2 1))))
  (let ((fns nil))
    (dotimes (i 3)
      (push (lambda () i) fns))
    (should (equal (mapcar #'funcall fns) '(2 1 0)))))

(ert-deftest closures-arguments ()
  (should (equal (funcall (lambda (a &optional b) (list a b)) 1) '(1 nil)))
  (should (equal (funcall (lambda (a &optional b) (list a b)) 1 2) '(1 2)))
  (should (equal (funcall (lambda (a &rest r) (list a r)) 1 2 3) '(1 (2 3))))
  (should (equal (apply #'list 1 2 '(3 4)) '(1 2 3 4)))
  (should (equal (apply (lambda (&rest r) r) nil) nil))
  (should (= (apply #'+ '(1 2 3)) 6))
  (should-error (funcall (lambda (a) a)) :type 'wrong-number-of-arguments)
  (should-error (funcall (lambda (a) a) 1 2) :type 'wrong-number-of-arguments)
  (should-error (funcall 'closures-tests-nope) :type 'void-function)
  (should-error (funcall 5) :type 'invalid-function))

(ert-deftest closures-higher-order ()
  (let ((compose (lambda (f g) (lambda (x) (funcall f (funcall g x))))))
    (should (= (funcall (funcall compose #'1+ (lambda (x) (* x 2))) 5) 11)))
  (let ((adders (mapcar (lambda (n) (lambda (x) (+ x n))) '(1 10 100))))
    (should (equal (mapcar (lambda (f) (funcall f 1)) adders) '(2 11 101)))))

(defvar closures-tests--dyn 'global)

(defun closures-tests--read-dyn () closures-tests--dyn)

(ert-deftest closures-dynamic-binding ()
  (should (eq (closures-tests--read-dyn) 'global))
  (let ((closures-tests--dyn 'let-bound))
    (should (eq (closures-tests--read-dyn) 'let-bound)))
  (should (eq (closures-tests--read-dyn) 'global))
  (let* ((closures-tests--dyn 'star))
    (should (eq (closures-tests--read-dyn) 'star)))
  (catch 'out
    (let ((closures-tests--dyn 'thrown))
      (throw 'out nil)))
  (should (eq closures-tests--dyn 'global))
  (ignore-errors
    (let ((closures-tests--dyn 'errored))
      (error "x")))
  (should (eq closures-tests--dyn 'global)))

(defvar closures-tests--counter 0)

(defun closures-tests--bump () (setq closures-tests--counter (1+ closures-tests--counter)))

(ert-deftest closures-dynamic-setq-inside-let ()
  (let ((closures-tests--counter 100))
    (closures-tests--bump)
    (should (= closures-tests--counter 101)))
  (should (= closures-tests--counter 0)))

(defconst closures-tests--const 7)

(ert-deftest closures-defvar-defconst ()
  (should (= closures-tests--const 7))
  (should (special-variable-p 'closures-tests--dyn))
  (defvar closures-tests--late 1)
  (defvar closures-tests--late 2)
  (should (= closures-tests--late 1)))

(ert-deftest closures-lexical-not-dynamic ()
  (let ((x 'lexical))
    (ignore x)
    (should-not (boundp 'x)))
  (let ((f (let ((y 5)) (lambda () y))))
    (let ((y 6))
      (ignore y)
      (should (= (funcall f) 5)))))

(ert-deftest closures-nested-let-in-binding ()
  (should (= (let ((a 1) (b (let ((s 7)) s))) (+ a b)) 8))
  (should (equal (let ((a 1) (b (let ((s 7)) s)) (c 3)) (list a b c)) '(1 7 3)))
  (should (equal (funcall (lambda (x) (let ((a x) (b (let* ((s 2) (u 3)) (* s u)))) (list a b x))) 5)
                 '(5 6 5)))
  (should (equal (let* ((a 1) (b (let ((s 7)) (+ s a)))) (list a b)) '(1 8))))

(defun closures-tests--fib (n) (if (< n 2) n (+ (closures-tests--fib (- n 1)) (closures-tests--fib (- n 2)))))

(ert-deftest closures-recursion ()
  (should (= (closures-tests--fib 20) 6765)))
