;;; buffer-changes-tests.el --- read-only buffers and the change hooks  -*- lexical-binding: t -*-

(require 'ert)

(defmacro bc-tests--logging (log &rest body)
  "Run BODY in a buffer holding \"abcdef\" whose change hooks push to LOG."
  (declare (indent 1))
  `(with-temp-buffer
     (insert "abcdef")
     (let ((,log nil))
       (add-hook 'before-change-functions
                 (lambda (b e) (push (list 'before b e) ,log)) nil t)
       (add-hook 'after-change-functions
                 (lambda (b e len) (push (list 'after b e len) ,log)) nil t)
       ,@body)))

(ert-deftest bc-insertion-and-deletion ()
  (bc-tests--logging log
    (goto-char 3)
    (insert "XY" ?z)
    (delete-region 1 3)
    (delete-char 1)
    (should (equal (reverse log)
                   '((before 3 3) (after 3 5 0) (before 5 5) (after 5 6 0)
                     (before 1 3) (after 1 1 2) (before 4 5) (after 4 4 1))))))

(ert-deftest bc-one-change-for-each-primitive ()
  (bc-tests--logging log
    (goto-char 1)
    (search-forward "cd")
    (replace-match "CDE")
    (transpose-regions 1 2 6 8)
    (put-text-property 2 4 'face 'bold)
    ;; Nothing changes: no hooks.
    (put-text-property 2 4 'face 'bold)
    (erase-buffer)
    (should (equal (reverse log)
                   '((before 3 5) (after 3 6 2)
                     (before 1 8) (after 1 8 7)
                     (before 2 4) (after 2 4 2)
                     (before 1 8) (after 1 1 7))))))

(ert-deftest bc-hooks-may-be-inhibited ()
  (bc-tests--logging log
    (let ((inhibit-modification-hooks t))
      (insert "quiet"))
    (should-not log)))

(ert-deftest bc-no-nested-hooks ()
  (bc-tests--logging log
    ;; A hook that changes the text runs no hook itself.
    (add-hook 'before-change-functions (lambda (_b _e) (save-excursion (goto-char 1) (insert "!"))) nil t)
    (goto-char 4)
    (insert "Q")
    (should (equal (buffer-string) "!abcQdef"))
    ;; As in Emacs, the after hooks start where point was.
    (should (equal (reverse log) '((before 4 4) (after 4 6 0))))))

(ert-deftest bc-first-change-hook ()
  (with-temp-buffer
    (let ((seen nil))
      (add-hook 'first-change-hook (lambda () (push (buffer-modified-p) seen)) nil t)
      (insert "a")
      (insert "b")
      (set-buffer-modified-p nil)
      (insert "c")
      (should (equal seen '(nil nil))))))

(ert-deftest bc-read-only-buffers ()
  (with-temp-buffer
    (insert "abc")
    (setq buffer-read-only t)
    (let ((here (current-buffer)))
      (should (equal (condition-case e (insert "x") (error e)) (list 'buffer-read-only here)))
      (should (equal (condition-case e (delete-region 1 2) (error e)) (list 'buffer-read-only here)))
      (should-error (put-text-property 1 2 'face 'bold) :type 'buffer-read-only)
      (should-error (let ((standard-output here)) (princ "p")) :type 'buffer-read-only)
      ;; No change, no error; and inhibit-read-only lets changes through.
      (should-not (delete-region 2 2))
      (let ((inhibit-read-only t))
        (insert "ok"))
      (should (equal (buffer-string) "abcok"))
      (should (equal (error-message-string '(buffer-read-only)) "Buffer is read-only")))))

;;; buffer-changes-tests.el ends here
