;;; process-pty-tests.el --- ptys, pipe processes, :stderr  -*- lexical-binding: t -*-

;; Only programs every Debian machine has: sh, cat, true.  Waits are
;; of seconds for what takes milliseconds.

(require 'ert)

(defun ppty-tests--finish (process)
  "Wait (at most 10 s) until PROCESS has ended and its sentinel ran."
  (let ((end (+ (float-time) 10)))
    (while (and (or (process-live-p process) (memq process (process-list)))
                (< (float-time) end))
      (accept-process-output process 0.1))))

(defun ppty-tests--run (&rest args)
  "Run `make-process' with ARGS; its output and sentinel events, in order."
  (let* ((out "")
         (p (apply #'make-process
                   :filter (lambda (_p s) (setq out (concat out s)))
                   :sentinel (lambda (_p e) (setq out (concat out "<" e ">")))
                   args)))
    (ppty-tests--finish p)
    out))

(ert-deftest ppty-default-is-a-pty ()
  (should (eq process-connection-type t))
  (let ((p (start-process "ppty-d" nil "true")))
    (set-process-sentinel p #'ignore)
    (should (string-match-p "\\`/dev/pts/[0-9]+\\'" (process-tty-name p)))
    (should (eq (process-type p) 'real))
    (should (eq (process-contact p) t))
    (ppty-tests--finish p))
  (let ((p (let ((process-connection-type nil)) (start-process "ppty-n" nil "true"))))
    (set-process-sentinel p #'ignore)
    (should-not (process-tty-name p))
    (ppty-tests--finish p))
  (should-error (process-tty-name 3) :type 'wrong-type-argument))

(ert-deftest ppty-the-child-sees-a-terminal ()
  ;; Its own session, the pty its terminal; no CR added before NL.
  (should (string-match-p
           "\\`/dev/pts/[0-9]+\nyes\nerr\n<finished\n>\\'"
           (ppty-tests--run :name "ppty-t" :connection-type 'pty
                            :command '("sh" "-c" "tty; test -t 0 && test -t 2 && echo yes; echo err >&2"))))
  (should (equal (ppty-tests--run :name "ppty-p" :connection-type 'pipe
                                  :command '("sh" "-c" "tty; test -t 0 || echo no"))
                 "not a tty\nno\n<finished\n>"))
  ;; Explicit nil means "as process-connection-type says".
  (should (equal (let ((process-connection-type nil))
                   (ppty-tests--run :name "ppty-nil" :connection-type nil
                                    :command '("sh" "-c" "test -t 0 || echo pipe")))
                 "pipe\n<finished\n>")))

(ert-deftest ppty-no-echo-and-eof-is-c-d ()
  ;; Input is not echoed; CR becomes NL; C-d ends a partial line
  ;; without ending the file, C-d at a line's start ends it.
  (let* ((out "")
         (p (start-process "ppty-cat" nil "cat")))
    (set-process-filter p (lambda (_p s) (setq out (concat out s))))
    (set-process-sentinel p (lambda (_p e) (setq out (concat out "<" e ">"))))
    (process-send-string p "a\rb\n")
    (process-send-string p "abc")
    (should (eq (process-send-eof p) p))
    (should (eq (process-status p) 'run))
    (process-send-string p "def\n")
    (process-send-eof p)
    (ppty-tests--finish p)
    (should (equal out "a\nb\nabcdef\n<finished\n>"))))

(ert-deftest ppty-bad-connection-type ()
  ;; Emacs adds to the message what errno happens to hold.
  (dolist (type '(foo t 7))
    (let ((e (should-error (make-process :name "ppty-bad" :command '("true") :connection-type type)
                           :type 'file-error)))
      (should (equal (nth 1 e) "Unknown connection type"))
      (should (eq (car (last e)) type))))
  (should-not (get-process "ppty-bad")))

(ert-deftest ppty-signals-reach-the-child ()
  ;; The child is its own session's leader: signals sent at once reach it.
  (let* ((events nil)
         (p (start-process "ppty-sig" nil "sh" "-c" "sleep 30")))
    (set-process-sentinel p (lambda (_p e) (push e events)))
    (interrupt-process p)
    (ppty-tests--finish p)
    (should (equal events '("interrupt\n")))
    (should (eq (process-status p) 'signal))))

(ert-deftest ppty-process-list-newest-first ()
  (let* ((a (make-process :name "ppty-la" :command '("cat") :connection-type 'pipe))
         (b (make-process :name "ppty-lb" :command '("cat") :connection-type 'pipe)))
    (unwind-protect
        (let ((l (process-list)))
          (should (< (length (memq a l)) (length (memq b l)))))
      (delete-process a)
      (delete-process b))))

(ert-deftest ppty-pipe-process ()
  (let ((pp (make-pipe-process :name "ppty-pipe")))
    (unwind-protect
        (progn
          (should (equal (process-name pp) "ppty-pipe"))
          ;; No :buffer: a buffer of the process's name.
          (should (eq (process-buffer pp) (get-buffer "ppty-pipe")))
          (should (eq (process-status pp) 'open))
          (should (eq (process-type pp) 'pipe))
          (should-not (process-id pp))
          (should-not (process-command pp))
          (should-not (process-tty-name pp))
          (should (eq (process-contact pp) t))
          (should (equal (process-live-p pp) '(open listen connect stop)))
          (should (eq (process-exit-status pp) 0))
          (should (eq (process-query-on-exit-flag pp) t))
          (should (memq pp (process-list)))
          (should-not (process-send-string pp "x"))
          (should (equal (condition-case e (interrupt-process pp) (error e))
                         '(error "Process ppty-pipe is not a subprocess")))
          (delete-process pp)
          (should (eq (process-status pp) 'closed))
          (should (eq (process-exit-status pp) 0))
          (should-not (process-live-p pp))
          (should-not (memq pp (process-list)))
          (should (equal (with-current-buffer "ppty-pipe" (buffer-string))
                         "\nProcess ppty-pipe finished\n")))
      (kill-buffer "ppty-pipe")))
  (should-error (make-pipe-process :name 3) :type 'wrong-type-argument)
  (let ((b (generate-new-buffer "ppty-pb")))
    (unwind-protect
        (let ((pp (make-pipe-process :name "ppty-pipe2" :buffer b :noquery t)))
          (should (eq (process-buffer pp) b))
          (should-not (process-query-on-exit-flag pp))
          (should (eq (marker-buffer (process-mark pp)) b))
          (delete-process pp))
      (kill-buffer b))))

(ert-deftest ppty-stderr-to-a-buffer ()
  (let ((b (generate-new-buffer "ppty-err")))
    (unwind-protect
        (let* ((out "")
               (p (make-process :name "ppty-se" :stderr b
                                :command '("sh" "-c" "echo out; echo err >&2; exit 2")
                                :filter (lambda (_p s) (setq out (concat out s)))
                                :sentinel (lambda (_p e) (setq out (concat out "<" e ">")))))
               (ep (get-process "ppty-se stderr")))
          (should (processp ep))
          (should (eq (process-type ep) 'pipe))
          (should (eq (process-buffer ep) b))
          (should (equal (list p ep) (seq-filter (lambda (x) (memq x (list p ep))) (process-list))))
          (ppty-tests--finish p)
          (ppty-tests--finish ep)
          (should (equal out "out\n<exited abnormally with code 2\n>"))
          (should (equal (with-current-buffer b (buffer-string))
                         "err\n\nProcess ppty-se stderr finished\n"))
          (should (eq (process-status ep) 'closed))
          (should-not (get-process "ppty-se stderr")))
      (kill-buffer b))))

(ert-deftest ppty-stderr-to-a-pipe-process ()
  (let* ((err "")
         (pp (make-pipe-process :name "ppty-ep" :buffer nil
                                :filter (lambda (_p s) (setq err (concat err s)))
                                :sentinel (lambda (_p e) (setq err (concat err "<" e ">"))))))
    (unwind-protect
        (progn
          (should (equal (ppty-tests--run :name "ppty-se2" :stderr pp :connection-type 'pipe
                                          :command '("sh" "-c" "echo out; echo err >&2"))
                         "out\n<finished\n>"))
          (ppty-tests--finish pp)
          (should (equal err "err\n<finished\n>"))
          (should (eq (process-status pp) 'closed)))
      (delete-process pp)
      (kill-buffer "ppty-ep")))
  (should-error (make-process :name "ppty-bad" :command '("true") :stderr 3)
                :type 'wrong-type-argument))

;;; process-pty-tests.el ends here
