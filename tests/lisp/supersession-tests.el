;;; supersession-tests.el --- changing a buffer whose file changed on disk  -*- lexical-binding: t -*-

(require 'ert)

(defun supersession-tests--messages (fn)
  "Call FN; return (RESULT-OR-ERROR . MESSAGES), what it showed with `message'."
  (let ((shown nil) (real (symbol-function 'message)))
    (fset 'message (lambda (format &rest args)
                     (push (substring-no-properties (apply #'format format args)) shown)))
    (unwind-protect
        (cons (condition-case err (funcall fn) (error err)) (nreverse shown))
      (fset 'message real))))

(defun supersession-tests--try (fn &optional same-text)
  "Visit a file, change it on disk (keeping its text if SAME-TEXT), call FN.
Returns (OUTCOME MESSAGES MODIFIED TEXT VERIFIED)."
  (let* ((file (make-temp-file "superseded"))
         (name (file-name-nondirectory file)))
    (unwind-protect
        (progn
          (with-temp-file file (insert "hello\n"))
          (with-current-buffer (find-file-noselect file)
            (unwind-protect
                (progn
                  (unless same-text
                    (write-region "changed\n" nil file nil 'silent))
                  (set-file-times file (time-add nil 100))
                  (let ((outcome (supersession-tests--messages fn)))
                    (list (car outcome)
                          (mapcar (lambda (m) (string-replace name "FILE" m)) (cdr outcome))
                          (buffer-modified-p)
                          (buffer-substring-no-properties (point-min) (point-max))
                          (verify-visited-file-modtime))))
              (set-buffer-modified-p nil)
              (kill-buffer))))
      (delete-file file))))

(defconst supersession-tests--refused
  '((error "Cannot resolve conflict in batch mode")
    ("FILE changed on disk; really edit the buffer? (y, n, r or C-h) ")
    nil "hello\n" nil))

(ert-deftest supersession-first-change-refused ()
  (dolist (fn (list (lambda () (insert "x"))
                    (lambda () (delete-region 1 2))
                    (lambda () (erase-buffer))
                    (lambda () (put-text-property 1 3 'face 'bold))
                    (lambda () (set-buffer-modified-p t))
                    (lambda () (restore-buffer-modified-p t))
                    (lambda () (buffer-disable-undo) (insert "x"))))
    (should (equal (supersession-tests--try fn) supersession-tests--refused))))

(ert-deftest supersession-no-check ()
  ;; No question when modification hooks are inhibited, when the
  ;; buffer is already modified or visits no file (as bound), or when
  ;; only the file's time changed (which then becomes the visited one).
  (should (equal (supersession-tests--try
                  (lambda () (let ((inhibit-modification-hooks t)) (insert "x"))))
                 '(nil nil t "xhello\n" nil)))
  (should (equal (supersession-tests--try
                  (lambda () (let ((buffer-file-name nil)) (insert "x")) (insert "y")))
                 '(nil nil t "xyhello\n" nil)))
  (should (equal (supersession-tests--try
                  (lambda () (let ((buffer-file-truename nil)) (insert "x"))))
                 '(nil nil t "xhello\n" nil)))
  (should (equal (supersession-tests--try (lambda () (insert "a")) t)
                 '(nil nil t "ahello\n" t))))

(ert-deftest supersession-asks-the-hook-function ()
  (load "userlock" nil t) ; it provides no feature
  (let ((real (symbol-function 'ask-user-about-supersession-threat))
        (asked nil))
    (fset 'ask-user-about-supersession-threat
          (lambda (file) (push (file-name-nondirectory file) asked)))
    (unwind-protect
        (should (equal (car (supersession-tests--try (lambda () (insert "x") 'done)))
                       'done))
      (fset 'ask-user-about-supersession-threat real))
    (should (= (length asked) 1))
    (should (string-prefix-p "superseded" (car asked)))))

(ert-deftest supersession-batch-answers ()
  (should (equal (supersession-tests--messages
                  (lambda () (ask-user-about-supersession-threat "/tmp/dir/foo")))
                 '((error "Cannot resolve conflict in batch mode")
                   "foo changed on disk; really edit the buffer? (y, n, r or C-h) ")))
  (should (equal (supersession-tests--messages
                  (lambda () (ask-user-about-lock "/tmp/foo" "me")))
                 '((error "Cannot resolve lock conflict in batch mode")
                   "/tmp/foo locked by me: (s, q, p, ?)? ")))
  (should (equal (cdr (supersession-tests--messages
                       (lambda () (ask-user-about-lock "/a/very/long/directory/name/file.txt"
                                                       "somebody@somewhere.example (pid 4242)"))))
                 '("...irectory/name/file.txt locked by somebody@some... (pid 4242): (s, q, p, ?)? ")))
  (should (equal (get 'file-supersession 'error-conditions) '(file-supersession file-error error)))
  (should (equal (get 'file-locked 'error-conditions) '(file-locked file-error error)))
  (should (equal (get 'file-locked 'error-message) "File is locked"))
  (should (equal (error-message-string '(file-supersession "a" "b")) "a: b")))
