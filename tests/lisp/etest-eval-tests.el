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

;;; Auto-saving

(defmacro etest-eval--visiting-temp-file (&rest body)
  "Run BODY in a buffer visiting a fresh file; kill it, and delete the
file and its auto-save file, afterwards."
  (declare (indent 0))
  `(let* ((file (make-temp-file "etest-eval-as"))
          (auto-save (expand-file-name (concat "#" (file-name-nondirectory file) "#")
                                       (file-name-directory file))))
     (unwind-protect
         (with-current-buffer (find-file-noselect file)
           (unwind-protect
               (progn ,@body)
             (set-buffer-modified-p nil)
             (let ((kill-buffer-delete-auto-save-files nil))
               (kill-buffer))))
       (ignore-errors (delete-file file))
       (ignore-errors (delete-file auto-save)))))

(ert-deftest etest-eval-auto-save-mode-names-the-file ()
  (etest-eval--visiting-temp-file
    (should-not buffer-auto-save-file-name)
    (should (eq (auto-save-mode t) t))
    (should (equal buffer-auto-save-file-name auto-save))
    (should (eq (auto-save-mode 'toggle) nil))
    (should-not buffer-auto-save-file-name)
    (should (eq (auto-save-mode 1) t))
    (should (eq (auto-save-mode 0) nil))
    (should-not buffer-auto-save-file-name)))

(ert-deftest etest-eval-do-auto-save-writes-what-changed ()
  (etest-eval--visiting-temp-file
    (auto-save-mode t)
    (should-not (recent-auto-save-p))
    (insert "one\n")
    (should-not (do-auto-save t))
    (should (recent-auto-save-p))
    (should (buffer-modified-p))
    (should (equal (with-temp-buffer (insert-file-contents auto-save) (buffer-string))
                   "one\n"))
    ;; Unchanged since: not written again.
    (delete-file auto-save)
    (do-auto-save t)
    (should-not (file-exists-p auto-save))
    (insert "two\n")
    (do-auto-save t t)
    (should (equal (with-temp-buffer (insert-file-contents auto-save) (buffer-string))
                   "one\ntwo\n"))
    ;; Saving it makes the auto-save no longer recent.
    (set-buffer-modified-p nil)
    (should-not (recent-auto-save-p))))

(ert-deftest etest-eval-set-buffer-auto-saved ()
  (with-temp-buffer
    (should-not (recent-auto-save-p))
    (insert "x")
    (should-not (set-buffer-auto-saved))
    (should (recent-auto-save-p))
    (set-buffer-modified-p nil)
    (should-not (recent-auto-save-p))))

(ert-deftest etest-eval-auto-save-name-of-a-buffer-without-file ()
  (with-temp-buffer
    (rename-buffer " *a/b c*" t)
    (let* ((default-directory temporary-file-directory)
           (name (make-auto-save-file-name)))
      (unwind-protect
          (progn
            (should (equal (file-name-directory name)
                           (file-name-as-directory (expand-file-name temporary-file-directory))))
            (should (string-match-p "\\`#%20%2Aa%2Fb%20c%2A#.+#\\'"
                                    (file-name-nondirectory name))))
        (delete-file name)))))

(defun etest-eval--kill-auto-saved-buffer (answer-fn)
  "Visit a fresh file, auto-save a change, kill the buffer with
`yes-or-no-p' as ANSWER-FN; whether the auto-save file is left."
  (let ((file (make-temp-file "etest-eval-kill"))
        auto-save)
    (cl-letf (((symbol-function 'yes-or-no-p) answer-fn))
      (unwind-protect
          (with-current-buffer (find-file-noselect file)
            (auto-save-mode t)
            (setq auto-save buffer-auto-save-file-name)
            (insert "text\n")
            (do-auto-save t)
            (should (file-exists-p auto-save))
            (kill-buffer)
            (file-exists-p auto-save))
        (ignore-errors (delete-file file))
        (when auto-save (ignore-errors (delete-file auto-save)))))))

(ert-deftest etest-eval-kill-buffer-offers-to-delete-auto-save ()
  (dolist (answer '(t nil))
    (let* ((prompts nil)
           (kill-buffer-delete-auto-save-files t)
           (left (etest-eval--kill-auto-saved-buffer
                  (lambda (prompt) (push prompt prompts) answer))))
      (should (equal prompts '("Delete auto-save file? ")))
      (should (eq left (not answer))))))

(ert-deftest etest-eval-kill-buffer-keeps-auto-save-by-default ()
  (should-not (default-value 'kill-buffer-delete-auto-save-files))
  (should delete-auto-save-files)
  (should (etest-eval--kill-auto-saved-buffer (lambda (_) (error "Asked")))))

(ert-deftest etest-eval-visiting-records-saved-size ()
  (etest-eval--visiting-temp-file
    (should (= buffer-saved-size 0))
    (insert "hello\n")
    (write-region nil nil file nil t)
    (should (= buffer-saved-size 6))
    (auto-save-mode t)
    (insert "more\n")
    (do-auto-save t)
    (should (= buffer-saved-size 11)))
  (let ((file (make-temp-file "etest-eval-size" nil nil "abcd")))
    (unwind-protect
        (with-temp-buffer
          (insert-file-contents file t)
          (should (= buffer-saved-size 4)))
      (delete-file file))))

(ert-deftest etest-eval-visit-needs-an-empty-buffer ()
  (let ((file (make-temp-file "etest-eval-visit" nil nil "abc")))
    (unwind-protect
        (with-temp-buffer
          (insert "xy")
          (narrow-to-region 2 2)
          (should (equal (should-error (insert-file-contents file t))
                         '(error "Cannot do file visiting in a non-empty buffer")))
          (should-not buffer-file-name)
          ;; REPLACE may visit: the text is replaced.
          (should (equal (insert-file-contents file t nil nil t) (list file 3))))
      (delete-file file))))
