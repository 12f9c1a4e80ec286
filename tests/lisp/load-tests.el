;;; load-tests.el --- load and the lexical-binding cookie  -*- lexical-binding: t -*-

(require 'ert)

(defconst load-tests--dir
  (expand-file-name "fixtures" (file-name-directory load-file-name)))

(defvar dynamic-fixture-offset)

(ert-deftest load-file-without-cookie-binds-dynamically ()
  (load (expand-file-name "dynamic-fixture" load-tests--dir) nil t)
  (should (eq dynamic-fixture-binding-seen nil))
  (should (= (dynamic-fixture-scaled 7) 7))
  (let ((adder (dynamic-fixture-adder 1)))
    (should (equal adder '(lambda (x) (+ x dynamic-fixture-offset))))
    (should (= (let ((dynamic-fixture-offset 100)) (funcall adder 1)) 101)))
  (should (equal (symbol-function 'dynamic-fixture-doubler)
                 '(lambda nil #'(lambda (y) (* 2 y)))))
  (should (equal (dynamic-fixture-doubler) '(lambda (y) (* 2 y))))
  (should (= (funcall (dynamic-fixture-doubler) 4) 8)))

(ert-deftest load-cookie-after-a-script-line ()
  (load (expand-file-name "script-fixture" load-tests--dir) nil t)
  (should (eq script-fixture-binding-seen t))
  (should (= (funcall (script-fixture-adder 10) 5) 15)))
