;;; timer.el --- timers as a batch script sees them  -*- lexical-binding: t -*-

;; A timer is a vector laid out as Emacs's: [TRIGGERED HIGH LOW USECS
;; REPEAT FUNCTION ARGS IDLE PSECS INTEGRAL].  In batch, timers run
;; only while `sleep-for' waits; it calls `timer--run-due'.  Idle
;; timers never run, as Emacs -batch is never idle.

(defun timerp (object)
  "Non-nil if OBJECT is a timer."
  (and (vectorp object) (= (length object) 10)))

(defsubst timer--check (timer)
  (or (timerp timer) (signal 'wrong-type-argument (list 'timerp timer))))

(defun timer-next-integral-multiple-of-time (time secs)
  "The first time after TIME that is a whole multiple of SECS seconds
since the epoch (SECS may have a fraction), computed exactly."
  (unless (number-or-marker-p secs)
    (signal 'wrong-type-argument (list 'number-or-marker-p secs)))
  (let* ((now (time-convert time t))
         (step (time-convert secs t))
         ;; TIME + SECS as a count of SECS, cut toward zero.
         (steps (truncate (+ (* (car now) (cdr step)) (* (car step) (cdr now)))
                          (* (cdr now) (car step)))))
    (time-convert (cons (* steps (car step)) (cdr step)) 'list)))

(defun timer--create ()
  (vector t nil nil nil nil nil nil nil 0 nil))

(defun timer-create ()
  "A new timer, not yet set or active."
  (timer--create))

(defun timer--time (timer)
  (list (aref timer 1) (aref timer 2) (aref timer 3) (aref timer 8)))

(defun timer-set-time (timer time &optional delta)
  "Make TIMER run at TIME, then every DELTA seconds if DELTA is non-nil."
  (timer--check timer)
  (let ((l (time-convert time 'list)))
    (aset timer 1 (nth 0 l))
    (aset timer 2 (nth 1 l))
    (aset timer 3 (nth 2 l))
    (aset timer 8 (nth 3 l)))
  (aset timer 4 (and (numberp delta) (> delta 0) delta))
  timer)

(defun timer-set-function (timer function &optional args)
  "Make TIMER call FUNCTION with ARGS."
  (timer--check timer)
  (aset timer 5 function)
  (aset timer 6 args)
  timer)

(defun timer--insert (timer list)
  "LIST with TIMER put before the first timer not earlier than it."
  (let ((time (timer--time timer)) (before nil))
    (while (and list (time-less-p (timer--time (car list)) time))
      (push (pop list) before))
    (nconc (nreverse before) (cons timer list))))

(defun timer-activate (timer &optional triggered-p _reuse-cell)
  "Put TIMER on `timer-list'."
  (timer--check timer)
  (unless (and (aref timer 1) (aref timer 5))
    (error "Invalid or uninitialized timer"))
  (setq timer-list (delq timer timer-list))
  (aset timer 0 triggered-p)
  (aset timer 7 nil)
  (setq timer-list (timer--insert timer timer-list))
  nil)

(defun cancel-timer (timer)
  "Take TIMER off the lists of waiting timers, so that it does not run."
  (timer--check timer)
  (dolist (waiting '(timer-list timer-idle-list))
    (set waiting (delq timer (symbol-value waiting))))
  nil)

(defun cancel-function-timers (function)
  "Cancel all timers which would run FUNCTION."
  (interactive "aCancel timers of function: ")
  (dolist (timer timer-list)
    (when (eq (aref timer 5) function)
      (setq timer-list (delq timer timer-list))))
  (dolist (timer timer-idle-list)
    (when (eq (aref timer 5) function)
      (setq timer-idle-list (delq timer timer-idle-list)))))

(defun run-at-time (time repeat function &rest args)
  "Call FUNCTION with ARGS at TIME, seconds from now (nil or t: now),
then every REPEAT seconds if REPEAT is non-nil.  Return the timer."
  (interactive "sRun at time: \nNRepeat interval: \naFunction: ")
  (unless (or (null repeat) (and (numberp repeat) (>= repeat 0)))
    (error "Invalid repetition interval"))
  (when (stringp time)
    (setq time (or (timer--parse-delay time)
                   (error "Invalid time specification"))))
  (let ((when (cond ((memq time '(nil t)) (current-time))
                    ((numberp time) (time-add nil time))
                    (t time)))
        (timer (timer--create)))
    (timer-set-time timer when repeat)
    (timer-set-function timer function args)
    (timer-activate timer)
    timer))

(defun timer--parse-delay (string)
  "Seconds meant by STRING such as \"2 sec\" or \"1 min\", or nil."
  (when (string-match
         "\\`[ \t]*\\([0-9]+\\(?:\\.[0-9]*\\)?\\)[ \t]*\\([a-z]*\\)[ \t]*\\'" string)
    (let ((n (string-to-number (match-string 1 string)))
          (unit (match-string 2 string)))
      (cond ((string-match-p "\\`\\(?:s\\|sec\\|secs\\|second\\|seconds\\)\\'" unit) n)
            ((string-match-p "\\`\\(?:min\\|mins\\|minute\\|minutes\\)\\'" unit) (* n 60))
            ((string-match-p "\\`\\(?:h\\|hour\\|hours\\)\\'" unit) (* n 3600))
            ((string-match-p "\\`\\(?:day\\|days\\)\\'" unit) (* n 86400))))))

(defun run-with-timer (secs repeat function &rest args)
  "Like `run-at-time': call FUNCTION with ARGS in SECS seconds."
  (interactive "sRun after delay (seconds): \nNRepeat interval: \naFunction: ")
  (apply #'run-at-time secs repeat function args))

(defun run-with-idle-timer (secs repeat function &rest args)
  "Call FUNCTION with ARGS when Emacs has been idle SECS seconds.
In batch Emacs is never idle, so the timer waits on `timer-idle-list'."
  (interactive (list (read-number "Run after idle (seconds): ")
                     (y-or-n-p "Repeat each time Emacs is idle? ")
                     (callint--read-symbol "Function: ")))
  (let ((timer (timer--create)))
    (timer-set-time timer (if (numberp secs) secs 0))
    (aset timer 4 repeat)
    (timer-set-function timer function args)
    (aset timer 0 nil)
    (aset timer 7 'idle)
    (setq timer-idle-list (timer--insert timer (delq timer timer-idle-list)))
    timer))

(defun timer--run (timer)
  "Run TIMER, rescheduled first if it repeats, reporting its error."
  (setq timer-list (delq timer timer-list))
  (let ((repeat (aref timer 4)))
    (when repeat
      (let ((next (time-add (timer--time timer) repeat)))
        ;; Missed repeats are not made up for: the next run is in the future.
        (when (time-less-p next nil)
          (setq next (time-add nil repeat)))
        (timer-set-time timer next repeat)
        (timer-activate timer))))
  (timer--call timer))

(defun timer-event-handler (timer)
  "Run TIMER now, as when its time comes: an idle timer stays on
`timer-idle-list' only if it repeats."
  (if (not (eq (aref timer 7) 'idle))
      (timer--run timer)
    (unless (aref timer 4)
      (setq timer-idle-list (delq timer timer-idle-list)))
    (timer--call timer)))

(defun timer--call (timer)
  "Call TIMER's function, reporting its error."
  (aset timer 0 t)
  (let ((f (aref timer 5)))
    ;; As in Emacs, an error reaches the debugger when `debug-on-error' says so.
    (condition-case-unless-debug err
        (apply f (aref timer 6))
      (error (message "Error running timer%s: %S"
                      (if (symbolp f) (format-message " `%s'" f) "")
                      err)))))

(defun timer--run-due ()
  "Run the timers whose time has come; seconds until the next, or nil."
  (let (timer)
    (while (and (setq timer (car timer-list))
                (not (time-less-p nil (timer--time timer))))
      (timer--run timer)))
  (and timer-list
       (max 0 (float-time (time-subtract (timer--time (car timer-list)) nil)))))

(defun input-pending-p (&optional check-timers)
  "Non-nil if input is waiting, which batch never has.  With
CHECK-TIMERS, the timers whose time has come run first."
  (when check-timers
    (timer--run-due))
  nil)

(defun sit-for (seconds &optional nodisp _obsolete)
  "Wait SECONDS seconds, running timers; in batch, return t.
A number NODISP is milliseconds more, the old calling convention.
When `noninteractive' is nil, the due timers run even for no wait,
as Emacs's check for pending input runs them."
  (unless noninteractive
    (input-pending-p t))
  (sleep-for (if (numberp nodisp) (+ seconds (* 1e-3 nodisp)) seconds))
  t)

(defmacro with-timeout (list &rest body)
  "Run BODY, but if it waits (`sleep-for', `sit-for') past SECONDS,
stop it and run TIMEOUT-FORMS instead.  LIST is (SECONDS TIMEOUT-FORMS...)."
  (declare (indent 1) (debug ((form body) body)))
  (let ((tag (make-symbol "timeout"))
        (value (make-symbol "value"))
        (timer (make-symbol "timer")))
    `(let ((,value
            (catch ',tag
              (let ((,timer (run-with-timer ,(car list) nil
                                            (lambda () (throw ',tag ',tag)))))
                (unwind-protect (progn ,@body)
                  (cancel-timer ,timer))))))
       (if (eq ,value ',tag)
           (progn ,@(cdr list))
         ,value))))

;;; timer.el ends here
