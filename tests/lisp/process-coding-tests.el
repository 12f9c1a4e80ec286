;;; process-coding-tests.el --- what a process decodes and encodes with  -*- lexical-binding: t -*-

(require 'ert)

(defun process-coding-tests--output (connection-type)
  "What `printf' writes, as a process filter receives it."
  (let* ((process-connection-type connection-type)
         (out nil)
         (p (start-process "coding" nil "printf" "a\r\nb\351c")))
    (set-process-filter p (lambda (_p s) (setq out (concat out s))))
    (while (process-live-p p) (accept-process-output p 0.1))
    (accept-process-output p 0.1)
    (list out (process-coding-system p))))

(ert-deftest process-coding-default-keeps-carriage-returns ()
  (skip-unless (executable-find "printf"))
  (should (equal default-process-coding-system '(utf-8-unix . utf-8-unix)))
  (dolist (type '(t nil))
    (should (equal (process-coding-tests--output type)
                   (list (string ?a ?\r ?\n ?b #x3fffe9 ?c) '(utf-8-unix . utf-8-unix))))))

(ert-deftest process-coding-options-and-variables ()
  (let ((p (make-pipe-process :name "coding" :coding 'latin-1)))
    (unwind-protect
        (should (equal (process-coding-system p) '(latin-1 . latin-1)))
      (delete-process p)))
  (let ((p (make-pipe-process :name "coding" :coding '(utf-8 . binary))))
    (unwind-protect
        (should (equal (process-coding-system p) '(utf-8 . binary)))
      (delete-process p)))
  (let* ((coding-system-for-read 'binary)
         (p (make-pipe-process :name "coding")))
    (unwind-protect
        (should (equal (process-coding-system p) '(binary . utf-8-unix)))
      (delete-process p))))

(ert-deftest process-coding-set-settles-the-encoding ()
  (let ((p (make-pipe-process :name "coding")))
    (unwind-protect
        (progn
          (should-not (set-process-coding-system p 'utf-8))
          (should (equal (process-coding-system p) '(utf-8 . raw-text-unix)))
          (should (equal (mapcar (lambda (c)
                                   (set-process-coding-system p nil c)
                                   (cdr (process-coding-system p)))
                                 '(utf-8 latin-1 ascii raw-text emacs-internal binary utf-8-dos))
                         '(utf-8-unix iso-latin-1-unix us-ascii-unix raw-text-unix
                                      emacs-internal binary utf-8-dos)))
          (should (equal (should-error (set-process-coding-system p 'no-such-coding))
                         '(coding-system-error no-such-coding)))
          (should (equal (check-coding-system 'utf-8) 'utf-8))
          (should (null (check-coding-system nil))))
      (delete-process p))))
