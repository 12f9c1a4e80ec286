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

;;; Character literals that lack their backslash

(ert-deftest etest-eval-reader-notes-unescaped-literals ()
  (let ((lread--unescaped-character-literals nil))
    (should (equal (read "(?\\( ?a ?\\; ?x)") '(40 97 59 120)))
    (should-not lread--unescaped-character-literals)
    (should (equal (car (read-from-string "(?] ?[ ?] ?\" ?;)"))
                   '(93 91 93 34 59)))
    ;; Each character once, most recent first.
    (should (equal lread--unescaped-character-literals '(59 34 91 93)))))

(ert-deftest etest-eval-reader-unescaped-literals-need-a-list ()
  (let ((lread--unescaped-character-literals 'oops))
    (should (equal (should-error (read "?)"))
                   '(wrong-type-argument listp oops)))
    ;; Other literals leave the variable alone.
    (should (eq (read "?b") ?b))))

(defun etest-eval--last-message ()
  (with-current-buffer "*Messages*"
    (save-excursion
      (goto-char (point-max))
      (skip-chars-backward "\n")
      (buffer-substring (line-beginning-position) (point)))))

(defun etest-eval--load-text (text)
  "Load a file holding TEXT; the last message it left."
  (let ((file (make-temp-file "etest-eval")))
    (unwind-protect
        (progn
          (with-temp-file file (insert text))
          (message "before")
          (ignore-errors (load file nil t t))
          (cons file (etest-eval--last-message)))
      (delete-file file))))

(ert-deftest etest-eval-load-warns-of-unescaped-literals ()
  (let ((result (etest-eval--load-text "(defvar etest-eval--chars (list ?] ?( ?a ?\\[))\n")))
    ;; Only "Loading `%s'" is quoted the `text-quoting-style' way.
    (should (equal (cdr result)
                   (concat (format-message "Loading `%s': " (car result))
                           "unescaped character literals `?(', `?]' detected, "
                           "`?\\(', `?\\]' expected!")))
    (should (equal etest-eval--chars '(93 40 97 91)))))

(ert-deftest etest-eval-load-warns-even-when-it-fails ()
  (let ((result (etest-eval--load-text "(list ?\")\n(error \"stop\")\n")))
    (should (equal (cdr result)
                   (concat (format-message "Loading `%s': " (car result))
                           "unescaped character literals `?\"' detected, "
                           "`?\\\"' expected!")))))

(ert-deftest etest-eval-load-quiet-without-unescaped-literals ()
  (should (equal (cdr (etest-eval--load-text "(list ?\\( ?\\) ?x)\n"))
                 "before")))
