;;; process-childless-tests.el --- make-process with no :command  -*- lexical-binding: t -*-

;; Emacs 28 makes a process with no child then: on a pty, which it
;; reads and writes, or (without a pty) on no descriptors at all.

(require 'ert)

(defun childless-tests--outcome (fn)
  (condition-case err (funcall fn) (error err)))

(ert-deftest childless-on-a-pty ()
  (skip-unless (file-exists-p "/dev/ptmx"))
  (let* ((events nil) (out nil)
         (p (make-process :name "childless-pty" :command nil :connection-type 'pty
                          :filter (lambda (_ s) (push s out))
                          :sentinel (lambda (_ e) (push e events)))))
    (unwind-protect
        (progn
          (should (equal (list (process-status p) (process-command p) (process-id p)
                               (process-type p) (process-exit-status p))
                         '(run nil -2 real 0)))
          (should (process-live-p p))
          (should (string-prefix-p "/dev/pts/" (process-tty-name p)))
          (should (memq p (process-list)))
          ;; The terminal echoes what is sent (no newline: Emacs keeps a CR).
          (should-not (process-send-string p "abc"))
          (while (and (< (length (apply #'concat out)) 3) (accept-process-output p 1)))
          (should (equal (apply #'concat (reverse out)) "abc"))
          (should (equal (childless-tests--outcome (lambda () (signal-process p 'SIGTERM)))
                         '(error "Cannot signal process childless-pty")))
          (should (eq (interrupt-process p) p))
          (should (eq (kill-process p) p))
          (should (eq (process-status p) 'run))
          (should (eq (process-send-eof p) p)))
      (delete-process p))
    (should (equal (list (process-status p) (process-exit-status p) (process-live-p p))
                   '(signal 9 nil)))
    (should (equal events '("killed\n")))
    (should-not (memq p (process-list)))))

(ert-deftest childless-without-a-pty ()
  (let* ((events nil)
         (p (make-process :name "childless-pipe" :command nil :connection-type 'pipe
                          :sentinel (lambda (_ e) (push e events)))))
    (unwind-protect
        (progn
          (should (equal (list (process-status p) (process-command p) (process-id p)
                               (process-tty-name p) (process-exit-status p))
                         '(run nil -2 nil 0)))
          (should (equal (childless-tests--outcome (lambda () (process-send-string p "x")))
                         '(error "Output file descriptor of childless-pipe is closed")))
          (should (equal (childless-tests--outcome (lambda () (signal-process p 'SIGTERM)))
                         '(error "Cannot signal process childless-pipe")))
          (should (equal (childless-tests--outcome (lambda () (interrupt-process p)))
                         '(error "Process childless-pipe is not active")))
          (should (equal (childless-tests--outcome (lambda () (kill-process p)))
                         '(error "Process childless-pipe is not active")))
          (should-not (accept-process-output p 0.05))
          (should (eq (process-send-eof p) p)))
      (delete-process p))
    ;; Nothing to end: it leaves the list still running, and no
    ;; sentinel hears of it.
    (should (equal (list (process-status p) (process-exit-status p)) '(run 0)))
    (should-not (memq p (process-list)))
    (accept-process-output nil 0.05)
    (should-not events)))

(ert-deftest childless-buffer-and-name ()
  (let ((p (make-process :name "childless-buf" :command nil :connection-type 'pipe
                         :buffer "childless-buf-b")))
    (unwind-protect
        (progn
          (should (equal (buffer-name (process-buffer p)) "childless-buf-b"))
          (should (eq (get-buffer-process "childless-buf-b") p))
          (should (equal (process-name p) "childless-buf")))
      (delete-process p)
      (kill-buffer "childless-buf-b"))))

(defun childless-tests--pty-output (command &optional input)
  "What COMMAND on a pty writes, after INPUT and an end of file are sent."
  (let* ((out nil)
         (p (make-process :name "childless-long" :command command :connection-type 'pty
                          :filter (lambda (_ s) (push s out)) :sentinel #'ignore)))
    (when input
      (process-send-string p input)
      (process-send-eof p))
    (while (accept-process-output p 1))
    (apply #'concat (nreverse out))))

(ert-deftest pty-long-lines ()
  (skip-unless (and (file-exists-p "/dev/ptmx") (executable-find "cat")))
  ;; The terminal keeps at most 4095 bytes of a line being typed, and
  ;; its newline: what cat reads of a longer line is cut there.
  (dolist (n '(4094 4095 4096 9000))
    (let ((s (childless-tests--pty-output '("cat") (concat (make-string n ?a) "\nbc\n"))))
      (should (equal s (concat (make-string (min n 4095) ?a) "\nbc\n")))))
  ;; A child's own long lines come whole.
  (skip-unless (executable-find "sh"))
  (let ((s (childless-tests--pty-output
            '("sh" "-c" "i=0; while [ $i -lt 1000 ]; do printf 0123456789; i=$((i+1)); done; echo; echo done"))))
    (should (= (length s) 10006))
    (should (string-suffix-p "789\ndone\n" s))))
