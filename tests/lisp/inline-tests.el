;;; inline-tests.el --- define-inline and backquote-list*  -*- lexical-binding: t -*-

;; Expected values are read off GNU Emacs 28.

(require 'ert)
(require 'inline)

(define-inline inline-tests-add (a b) "Add A and B." (inline-quote (+ ,a ,b)))

(define-inline inline-tests-pick (x &optional y &rest zs)
  (inline-letevals (x y . zs)
    (if (inline-const-p x)
        (inline-quote (list 'const ,x ,y))
      (inline-quote (list 'var ,x ,y (length (list ,@zs)))))))

(define-inline inline-tests-const (x)
  (if (inline-const-p x) (inline-const-val x) (inline-error "Not const: %S" x)))

(define-inline inline-tests-square (x)
  (declare (side-effect-free t))
  (inline-letevals ((y (inline-quote (1+ ,x))))
    (inline-quote (* ,y ,y))))

(defun inline-tests-expand (name &rest args)
  (let ((print-gensym t))
    (prin1-to-string (apply (function-get name 'compiler-macro)
                            (cons name args) args))))

(ert-deftest inline-function-itself ()
  (should (equal (symbol-function 'inline-tests-add)
                 (if (eq (car-safe (symbol-function 'inline-tests-add)) 'closure)
                     '(closure (t) (a b) "Add A and B." (+ a b))
                   '(lambda (a b) "Add A and B." (+ a b)))))
  (should (equal (inline-tests-add 1 2) 3))
  (should (equal (documentation 'inline-tests-add) "Add A and B."))
  (should (equal (inline-tests-const 5) 5))
  (should (equal (inline-tests-square 3) 16))
  (should (eq (function-get 'inline-tests-square 'side-effect-free) t))
  (should (eq (function-get 'inline-tests-add 'compiler-macro) 'inline-tests-add--inliner)))

(ert-deftest inline-compiler-macro ()
  (should (equal (inline-tests-expand 'inline-tests-add 'x '(f y)) "(+ x (f y))"))
  (should (equal (inline-tests-expand 'inline-tests-pick 1 2 3) "(list 'const 1 2)"))
  (should (equal (inline-tests-expand 'inline-tests-pick '(f a) '(g) 3)
                 "(let* ((#:x (f a)) (#:y (g))) (list 'var #:x #:y (length (list (\\,@ zs)))))"))
  (should (equal (inline-tests-expand 'inline-tests-const 5) "5"))
  (should (equal (inline-tests-expand 'inline-tests-const ''q) "q"))
  (should (equal (inline-tests-expand 'inline-tests-const '#'car) "car"))
  (should (equal (inline-tests-expand 'inline-tests-const 'q) "(inline-tests-const q)"))
  (should (equal (inline-tests-expand 'inline-tests-square 'a)
                 "(let* ((#:y (1+ a))) (* #:y #:y))")))

(ert-deftest inline-define-inline-expansion ()
  (should (equal (macroexpand-1 '(define-inline f (x) "D" (declare (pure t))
                                   (when x (inline-quote (g ,x (h . ,x) [v ,x] 'd nil :k "s")))))
                 '(progn
                    (defun f (x) "D" (declare (compiler-macro f--inliner) (pure t))
                           (if x (progn (g x (apply #'h x) [v (\, x)] 'd nil :k "s"))))
                    :autoload-end
                    (eval-and-compile
                      (defun f--inliner (inline--form x)
                        (ignore inline--form)
                        (catch 'inline--just-use
                          (if x (progn (list 'g x (cons 'h x) [v (\, x)] (list 'quote 'd)
                                             nil :k "s")))))))))
  (should (equal (nth 1 (macroexpand-1 '(define-inline f (x) (interactive) (inline-quote `(a ,x)))))
                 '(defun f (x) (declare (compiler-macro f--inliner)) (progn (interactive) '(a x)))))
  (should (equal (nth 1 (macroexpand-1 '(define-inline f () "only doc")))
                 '(defun f nil "only doc" (declare (compiler-macro f--inliner)) nil))))

(ert-deftest inline-macros-outside ()
  (should (equal (should-error (macroexpand '(inline-quote (a ,b))))
                 '(error "inline-quote can only be used within define-inline")))
  (should (equal (should-error (macroexpand '(inline-letevals (a) b)))
                 '(error "inline-letevals can only be used within define-inline")))
  (should (equal (should-error (macroexpand '(inline-const-p a)))
                 '(error "inline-const-p can only be used within define-inline")))
  (should (equal (should-error (macroexpand '(inline-const-val a)))
                 '(error "inline-const-val can only be used within define-inline")))
  (should (equal (should-error (macroexpand '(inline-error "x")))
                 '(error "inline-error can only be used within define-inline"))))

(ert-deftest inline-backquote-list* ()
  (should (equal (backquote-list* 'a 'b 'c) '(a b . c)))
  (should (equal (macroexpand '(backquote-list* 'a 'b 'c)) '(cons 'a (cons 'b 'c))))
  (should (equal (macroexpand '(backquote-list* 'a)) ''a))
  (should (equal (backquote-list*-function 1 2 '(3)) '(1 2 3)))
  (should (equal (backquote-list*-function 1) 1))
  (let ((err (should-error (backquote-list*-function))))
    (should (eq (car err) 'wrong-number-of-arguments))
    (should (equal (nth 2 err) 0))))

(provide 'inline-tests)
