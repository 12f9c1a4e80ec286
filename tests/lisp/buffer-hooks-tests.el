;;; buffer-hooks-tests.el --- the hooks of buffer creation, renaming and killing  -*- lexical-binding: t -*-

(require 'ert)

(defvar bh-tests--log nil)

(defmacro bh-tests--logging (&rest body)
  "Run BODY with the buffer hooks logging to `bh-tests--log'."
  (declare (indent 0))
  `(let ((bh-tests--log nil)
         (kill-buffer-hook (list (lambda () (push (list 'kill (buffer-name)) bh-tests--log))))
         (buffer-list-update-hook (list (lambda () (push (list 'update (buffer-name)) bh-tests--log))))
         (kill-buffer-query-functions
          (list (lambda () (push (list 'query (buffer-name)) bh-tests--log)
                  (not (equal (buffer-name) "bh-tests keep"))))))
     ,@body))

(ert-deftest bh-kill-buffer-runs-queries-then-hook-in-the-buffer ()
  (bh-tests--logging
    (let ((here (current-buffer))
          (b (get-buffer-create "bh-tests one")))
      (should (equal bh-tests--log `((update ,(buffer-name here)))))
      (setq bh-tests--log nil)
      (should (eq (kill-buffer b) t))
      (should (equal (reverse bh-tests--log)
                     `((query "bh-tests one") (kill "bh-tests one") (update ,(buffer-name here)))))
      (should (eq (current-buffer) here)))))

(ert-deftest bh-a-query-may-refuse ()
  (bh-tests--logging
    (let ((b (get-buffer-create "bh-tests keep")))
      (setq bh-tests--log nil)
      (should-not (kill-buffer b))
      (should (buffer-live-p b))
      (should (equal bh-tests--log '((query "bh-tests keep"))))
      (let ((kill-buffer-query-functions nil))
        (kill-buffer b)))))

(ert-deftest bh-inhibited-buffers-run-no-hooks ()
  (bh-tests--logging
    (with-temp-buffer (insert "x"))
    (let ((b (get-buffer-create "bh-tests quiet" t)))
      (kill-buffer b))
    (should-not bh-tests--log)))

(ert-deftest bh-local-kill-buffer-hook ()
  (let ((log nil)
        (b (generate-new-buffer "bh-tests local")))
    (with-current-buffer b
      (add-hook 'kill-buffer-hook (lambda () (push (buffer-name) log)) nil t))
    (kill-buffer b)
    (should (equal log '("bh-tests local")))))

(ert-deftest bh-rename-buffer ()
  (let ((taken (get-buffer-create "bh-tests taken")))
    (with-temp-buffer
      (should (equal (condition-case e (rename-buffer "bh-tests taken") (error (cdr e)))
                     (list (format-message "Buffer name `%s' is in use" "bh-tests taken"))))
      (should (equal (rename-buffer "bh-tests taken" t) "bh-tests taken<2>"))
      (should (equal (buffer-name) "bh-tests taken<2>"))
      ;; Its own name is no conflict.
      (should (equal (rename-buffer "bh-tests taken<2>") "bh-tests taken<2>"))
      (should (equal (condition-case e (rename-buffer "") (error (cdr e)))
                     '("Empty string is invalid as a buffer name")))
      (should-error (rename-buffer 3) :type 'wrong-type-argument))
    (bh-tests--logging
      (let ((b (get-buffer-create "bh-tests before")))
        (with-current-buffer b
          (setq bh-tests--log nil)
          (rename-buffer "bh-tests after")
          (should (equal bh-tests--log '((update "bh-tests after")))))
        (should (eq (get-buffer "bh-tests after") b))
        (should-not (get-buffer "bh-tests before"))
        (let ((kill-buffer-query-functions nil)) (kill-buffer b))))
    (kill-buffer taken)))

;;; buffer-hooks-tests.el ends here
