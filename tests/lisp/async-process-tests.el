;;; async-process-tests.el --- make-process and friends  -*- lexical-binding: t -*-

;; Only programs every Debian machine has: sh, cat, echo, sleep, false.
;; No test depends on timing beyond waits of seconds for what takes
;; milliseconds.

(require 'ert)

(defun aproc-tests--finish (process)
  "Wait (at most 10 s) until PROCESS has ended and its sentinel ran."
  (let ((end (+ (float-time) 10)))
    (while (and (or (process-live-p process) (memq process (process-list)))
                (< (float-time) end))
      (accept-process-output process 0.1))))

(defmacro aproc-tests--with-buffer (var &rest body)
  (declare (indent 1))
  `(let ((,var (generate-new-buffer "aproc")))
     (unwind-protect (progn ,@body)
       (let ((p (get-buffer-process ,var)))
         (when p (delete-process p)))
       (kill-buffer ,var))))

(ert-deftest aproc-object ()
  (aproc-tests--with-buffer b
    (let ((p (make-process :name "aproc-obj" :buffer b :command '("cat"))))
      (should (processp p))
      (should-not (processp "aproc-obj"))
      (should (eq (type-of p) 'process))
      (should (equal (prin1-to-string p) "#<process aproc-obj>"))
      (should (equal (process-name p) "aproc-obj"))
      (should (equal (process-command p) '("cat")))
      (should (eq (process-buffer p) b))
      (should (eq (process-status p) 'run))
      (should (eq (process-status "aproc-obj") 'run))
      (should (equal (process-live-p p) '(run open listen connect stop)))
      (should (integerp (process-id p)))
      (should (eq (process-exit-status p) 0))
      (should (markerp (process-mark p)))
      (should (eq (marker-buffer (process-mark p)) b))
      (should (eq (get-process "aproc-obj") p))
      (should (eq (get-buffer-process b) p))
      (should (memq p (process-list)))
      (should (eq (process-filter p) 'internal-default-process-filter))
      (should (eq (process-sentinel p) 'internal-default-process-sentinel))
      (should (eq (process-query-on-exit-flag p) t))
      (should-not (set-process-query-on-exit-flag p nil))
      (should-not (process-query-on-exit-flag p))
      (should-not (process-plist p))
      (process-put p 'colour 'blue)
      (should (eq (process-get p 'colour) 'blue))
      (should (equal (process-plist p) '(colour blue)))
      (delete-process p)
      (should-not (process-live-p p))
      (should-not (memq p (process-list)))
      (should-not (get-process "aproc-obj")))))

(ert-deftest aproc-unique-names ()
  (let* ((a (start-process "aproc-u" nil "cat"))
         (b (start-process "aproc-u" nil "cat"))
         (c (start-process "aproc-u" nil "cat")))
    (unwind-protect
        (should (equal (mapcar #'process-name (list a b c))
                       '("aproc-u" "aproc-u<1>" "aproc-u<2>")))
      (mapc #'delete-process (list a b c)))))

(ert-deftest aproc-default-filter-and-sentinel ()
  (aproc-tests--with-buffer b
    (let ((p (start-process "aproc-d" b "/bin/sh" "-c" "echo hi; exit 3")))
      (aproc-tests--finish p)
      (should (equal (with-current-buffer b (buffer-string))
                     "hi\n\nProcess aproc-d exited abnormally with code 3\n"))
      (should (eq (process-status p) 'exit))
      (should (eq (process-exit-status p) 3))
      (should (= (marker-position (process-mark p))
                 (with-current-buffer b (point-max))))
      (should-not (memq p (process-list)))
      (should-not (get-buffer-process b)))))

(ert-deftest aproc-send-and-eof ()
  (aproc-tests--with-buffer b
    (let ((p (start-process "aproc-cat" b "cat")))
      (process-send-string p "abc\n")
      (with-temp-buffer
        (insert "region text\n")
        (process-send-region p (point-min) (point-max)))
      (process-send-eof p)
      (aproc-tests--finish p)
      (should (equal (with-current-buffer b (buffer-string))
                     "abc\nregion text\n\nProcess aproc-cat finished\n")))))

(ert-deftest aproc-send-more-than-a-pipe-holds ()
  ;; cat blocks writing its output while we write its input: the
  ;; output must be read meanwhile, its filter running as we send.
  (let* ((n 0)
         (p (make-process :name "aproc-big" :command '("cat") :sentinel #'ignore
                          :connection-type 'pipe ; a pty's line holds 4095 bytes
                          :filter (lambda (_p s) (setq n (+ n (length s)))))))
    (process-send-string p (make-string 1000000 ?x))
    (process-send-eof p)
    (aproc-tests--finish p)
    (should (= n 1000000))
    (should (eq (process-status p) 'exit))))

(ert-deftest aproc-point-follows-mark ()
  (aproc-tests--with-buffer b
    (with-current-buffer b (insert "before"))
    (let ((p (start-process "aproc-pt" b "echo" "out")))
      (with-current-buffer b (goto-char 3))
      (set-process-sentinel p #'ignore)
      (aproc-tests--finish p)
      (with-current-buffer b
        (should (equal (buffer-string) "beforeout\n"))
        ;; Point was before the mark: it stays.
        (should (= (point) 3))))
    (let ((p (start-process "aproc-pt2" b "echo" "more")))
      (with-current-buffer b (goto-char (point-max)))
      (set-process-sentinel p #'ignore)
      (aproc-tests--finish p)
      (with-current-buffer b
        (should (equal (buffer-string) "beforeout\nmore\n"))
        (should (= (point) (point-max)))))))

(ert-deftest aproc-filter-and-sentinel-functions ()
  (let* ((out nil) (events nil)
         (p (make-process :name "aproc-f" :command '("/bin/sh" "-c" "echo one; echo two >&2")
                          :filter (lambda (_p s) (push s out))
                          :sentinel (lambda (proc e) (push (list proc e (process-status proc)) events)))))
    (aproc-tests--finish p)
    (should (equal (apply #'concat (nreverse out)) "one\ntwo\n"))
    (should (equal events (list (list p "finished\n" 'exit))))
    (should-not (process-buffer p))))

(ert-deftest aproc-accept-process-output ()
  (let* ((p (start-process "aproc-a" nil "cat")) (got nil))
    (set-process-filter p (lambda (_p s) (setq got (concat got s))))
    (unwind-protect
        (progn
          ;; Nothing to read: nil after the time is up.
          (should-not (accept-process-output p 0.05))
          (process-send-string p "ping\n")
          (let ((end (+ (float-time) 10)) (result nil))
            (while (and (not result) (< (float-time) end))
              (setq result (accept-process-output p 1)))
            (should result))
          (should (equal got "ping\n")))
      (delete-process p))))

(ert-deftest aproc-signals ()
  (let* ((events nil)
         (sentinel (lambda (_p e) (push e events)))
         (p (start-process "aproc-k" nil "sleep" "30")))
    (set-process-sentinel p sentinel)
    (kill-process p)
    (aproc-tests--finish p)
    (should (equal events '("killed\n")))
    (should (eq (process-status p) 'signal))
    (should (eq (process-exit-status p) 9))
    (setq events nil)
    (setq p (start-process "aproc-i" nil "sleep" "30"))
    (set-process-sentinel p sentinel)
    (interrupt-process p)
    (aproc-tests--finish p)
    (should (equal events '("interrupt\n")))
    (should (eq (process-exit-status p) 2))
    (setq events nil)
    (setq p (start-process "aproc-t" nil "sleep" "30"))
    (set-process-sentinel p sentinel)
    (should (eq (signal-process p 'SIGTERM) 0))
    (aproc-tests--finish p)
    (should (equal events '("terminated\n")))
    (should-error (signal-process p 'no-such-signal))
    (should-not (signal-process "aproc-no-such-process" 'SIGTERM))))

(ert-deftest aproc-delete-running ()
  (aproc-tests--with-buffer b
    (let* ((events nil)
           (p (start-process "aproc-del" b "sleep" "30")))
      (delete-process p)
      (should (eq (process-status p) 'signal))
      (should (eq (process-exit-status p) 9))
      (should (equal (with-current-buffer b (buffer-string)) "\nProcess aproc-del killed\n"))
      (setq p (start-process "aproc-del2" nil "sleep" "30"))
      (set-process-sentinel p (lambda (_p e) (push e events)))
      (delete-process p)
      ;; The sentinel runs at once.
      (should (equal events '("killed\n"))))))

(ert-deftest aproc-shell-command ()
  (aproc-tests--with-buffer b
    (let ((p (start-process-shell-command "aproc-sh" b "echo $((6 * 7)); false")))
      (aproc-tests--finish p)
      (should (equal (with-current-buffer b (buffer-string))
                     "42\n\nProcess aproc-sh exited abnormally with code 1\n")))))

(ert-deftest aproc-sleep-for-runs-filters ()
  (let* ((got nil)
         (p (make-process :name "aproc-s" :command '("echo" "x")
                          :filter (lambda (_p s) (setq got s)) :sentinel #'ignore))
         (end (+ (float-time) 10)))
    (while (and (not got) (< (float-time) end))
      (sleep-for 0.05))
    (should (equal got "x\n"))
    (aproc-tests--finish p)))

(ert-deftest aproc-errors ()
  (should-error (process-name 1) :type 'wrong-type-argument)
  (should-error (make-process :command '("cat")) :type 'wrong-type-argument)
  (should-error (make-process :name "aproc-none" :command '("aproc-no-such-program"))
                :type 'file-missing)
  (should-error (get-process 1) :type 'wrong-type-argument)
  (should-error (process-exit-status "aproc-none") :type 'wrong-type-argument)
  (should-error (make-process :name "aproc-none" :command "cat") :type 'wrong-type-argument)
  (should-error (accept-process-output nil "x") :type 'wrong-type-argument)
  (should-not (get-process "aproc-no-such-process"))
  (should-not (process-status "aproc-no-such-process"))
  (should-error (process-send-string "aproc-no-such-process" "a") :type 'error)
  (let ((p (start-process "aproc-e" nil "false")))
    (set-process-sentinel p #'ignore)
    (aproc-tests--finish p)
    (should-error (process-send-string p "a") :type 'error)))

(ert-deftest aproc-timers-run-while-waiting ()
  (let ((fired nil)
        (p (start-process "aproc-timer" nil "cat")))
    (unwind-protect
        (progn
          (run-with-timer 0.05 nil (lambda () (setq fired t)))
          (let ((end (+ (float-time) 10)))
            (while (and (not fired) (< (float-time) end))
              (accept-process-output p 0.5)))
          (should fired)
          ;; A timer's throw ends a wait with no time limit.
          (should (eq (with-timeout (0.1 'timed-out) (accept-process-output p))
                      'timed-out)))
      (delete-process p))))

;;; async-process-tests.el ends here
