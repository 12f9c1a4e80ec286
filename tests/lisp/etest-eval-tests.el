;;; etest-eval-tests.el --- what Emacs's own evaluator, reader and buffer tests rely on  -*- lexical-binding: t -*-

(require 'ert)

;;; find-func, loaded with ERT

(ert-deftest etest-eval-find-func-loaded-with-ert ()
  (should (featurep 'find-func))
  (should (boundp 'find-function-regexp-alist))
  (should (eq (cdr (assq 'ert--test find-function-regexp-alist))
              'ert--find-test-regexp))
  (should (eq (cdr (assq 'defvar find-function-regexp-alist))
              'find-variable-regexp)))

(ert-deftest etest-eval-find-func-regexps-match-definitions ()
  (should (string-match-p (format ert--find-test-regexp "my-test")
                          "(ert-deftest my-test ()"))
  (should-not (string-match-p (format ert--find-test-regexp "my-test")
                              "(ert-deftest my-test-2 ()"))
  (should (string-match-p (format find-variable-regexp "my-var")
                          "(defvar my-var 1)"))
  (should (string-match-p (format find-function-regexp "my-fun")
                          "(defun my-fun (x) x)"))
  (should (string-match-p (format find-face-regexp "my-face")
                          "  (defface\n  my-face nil"))
  (should (string-match-p (format find-alias-regexp "al")
                          "(defalias 'al #'car)")))

(ert-deftest etest-eval-find-func-alist-takes-new-kinds ()
  (let ((find-function-regexp-alist find-function-regexp-alist))
    (add-to-list 'find-function-regexp-alist '(my-kind . my-kind-regexp))
    (should (equal (car find-function-regexp-alist)
                   '(my-kind . my-kind-regexp)))))
