;;; fileio-tests.el --- file names and file contents  -*- lexical-binding: t -*-

(require 'ert)

(defmacro fileio-tests--with-home (home &rest body)
  "Run BODY with the environment variable HOME set to HOME (nil: unset)."
  (declare (indent 1))
  `(let ((process-environment (cons (if ,home (concat "HOME=" ,home) "HOME")
                                    process-environment)))
     ,@body))

(ert-deftest fileio-tilde-follows-setenv ()
  ;; "~" is what HOME says now, not what it said at startup.
  (fileio-tests--with-home "/x/y"
    (should (equal (expand-file-name "~") "/x/y"))
    (should (equal (expand-file-name "~/z") "/x/y/z")))
  (let ((old (getenv "HOME")))
    (unwind-protect
        (progn (setenv "HOME" "/p/q/")
               (should (equal (expand-file-name "~/r") "/p/q/r")))
      (setenv "HOME" old))))

(ert-deftest fileio-tilde-home-shapes ()
  ;; Trailing slashes go; the name is normalized.
  (fileio-tests--with-home "/a//b/../c/"
    (should (equal (expand-file-name "~") "/a/c"))
    (should (equal (expand-file-name "~/") "/a/c/")))
  ;; A relative HOME is relative to the directory Emacs started in, not
  ;; to default-directory.
  (fileio-tests--with-home "rel/home"
    (let ((start (expand-file-name "rel/home" (file-name-as-directory
                                               (car (process-lines "pwd"))))))
      (let ((default-directory "/nowhere/"))
        (should (equal (expand-file-name "~") start))
        (should (equal (expand-file-name "~/f") (concat start "/f"))))))
  ;; "~" in HOME is no user: it is a relative name.
  (fileio-tests--with-home "~"
    (should (string-suffix-p "/~" (expand-file-name "~")))))

(ert-deftest fileio-after-insert-file-functions ()
  (let ((file (make-temp-file "fileio-tests")))
    (unwind-protect
        (progn
          (write-region "hello\n" nil file nil 'silent)
          (with-temp-buffer
            (insert "XY")
            (goto-char 2)
            (let* ((seen nil)
                   (after-insert-file-functions
                    (list (lambda (n) (push (list n (point) (buffer-string)) seen) 3)
                          (lambda (n) (push n seen) nil))))
              ;; Each gets the count so far, point at the text's start;
              ;; a number returned is the new count.
              (should (equal (insert-file-contents file) (list file 3)))
              (should (equal (nreverse seen) '((6 2 "Xhello\nY") 3)))
              (should (= (point) 2))))
          (with-temp-buffer
            (let ((after-insert-file-functions (list (lambda (_) 99))))
              (should (equal (should-error (insert-file-contents file))
                             '(wrong-type-argument inserted-chars 99)))))
          (with-temp-buffer
            ;; A value that is no list calls nothing.
            (let ((after-insert-file-functions 'identity))
              (should (equal (insert-file-contents file) (list file 6)))))
          (with-temp-buffer
            (let ((after-insert-file-functions (list 'identity)))
              (setcdr after-insert-file-functions after-insert-file-functions)
              (should-error (insert-file-contents file) :type 'circular-list))))
      (delete-file file))))

(ert-deftest fileio-default-file-modes ()
  (let ((old (default-file-modes)))
    (unwind-protect
        (progn
          (should (null (set-default-file-modes #o700)))
          (should (= (default-file-modes) #o700))
          (set-default-file-modes #o70000755)
          (should (= (default-file-modes) #o755))
          (should (equal (should-error (set-default-file-modes "x"))
                         '(wrong-type-argument fixnump "x"))))
      (set-default-file-modes old))))

;;; fileio-tests.el ends here
