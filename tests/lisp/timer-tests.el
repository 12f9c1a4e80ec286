;;; timer-tests.el --- timers run while a batch script waits  -*- lexical-binding: t -*-

(require 'ert)

(defmacro timer-tests--with-messages (var &rest body)
  "Run BODY with `message' text collected, newest first, in VAR."
  (declare (indent 1))
  (let ((orig (make-symbol "orig")))
    `(let ((,var nil) (,orig (symbol-function 'message)))
       (unwind-protect
           (progn (fset 'message (lambda (fmt &rest args)
                                   (push (apply #'format-message fmt args) ,var)))
                  ,@body)
         (fset 'message ,orig)))))

(defmacro timer-tests--wait-until (condition)
  "Sleep in short steps until CONDITION holds, two seconds at most:
on a loaded machine, or under GC stress, a timer comes late."
  `(let ((steps 0))
     (while (and (not ,condition) (< steps 40))
       (sleep-for 0.05)
       (setq steps (1+ steps)))))

(defmacro timer-tests--deftest (name &rest body)
  "An ERT test NAME whose timers are all gone when BODY ends."
  (declare (indent 1))
  `(ert-deftest ,name ()
     (let ((old timer-list))
       (unwind-protect (progn ,@body)
         (dolist (timer timer-list)
           (unless (memq timer old) (cancel-timer timer)))))))

(timer-tests--deftest timer-runs-only-while-waiting-in-order
  ;; A and B far enough apart, and from now, that a slow run (GC
  ;; stress) cannot reorder them while they are made.
  (let* ((log nil)
         (b (run-at-time 0.6 nil (lambda () (push 'b log))))
         (a (run-at-time 0.3 nil (lambda () (push 'a log))))
         (now (run-at-time nil nil (lambda () (push 'now log)))))
    (should (timerp a))
    (should (memq b timer-list))
    (should (eq (car timer-list) now))
    (should-not log)
    (timer-tests--wait-until (= (length log) 3))
    (should (equal log '(b a now)))
    (should-not (memq a timer-list))
    (should (eq (aref a 0) t))))

(timer-tests--deftest timer-args-and-alias
  (let* ((got nil)
         (timer (run-with-timer 0 nil (lambda (&rest args) (setq got args)) 1 "two" '(3))))
    (should (equal (aref timer 6) '(1 "two" (3))))
    (should (eq (aref timer 4) nil))
    (sleep-for 0.01)
    (should (equal got '(1 "two" (3))))))

(timer-tests--deftest timer-repeat-and-cancel
  (let* ((n 0)
         (timer (run-at-time 0.01 0.01 (lambda () (setq n (1+ n))))))
    (should (eql (aref timer 4) 0.01))
    ;; Waiting in short sleeps up to a deadline: a loaded machine may
    ;; wake late, and then runs fewer repeats in a fixed sleep.
    (let ((deadline (+ (float-time) 10)))
      (while (and (< n 3) (< (float-time) deadline))
        (sleep-for 0.01)))
    (should (>= n 3))
    (should (memq timer timer-list))
    (should (null (cancel-timer timer)))
    (should-not (memq timer timer-list))
    (let ((seen n))
      (sleep-for 0.03)
      (should (= n seen)))))

(timer-tests--deftest timer-cancel-before-run
  (let* ((ran nil)
         (timer (run-at-time 0 nil (lambda () (setq ran t)))))
    (cancel-timer timer)
    (sleep-for 0.01)
    (should-not ran)
    (defun timer-tests--fn () (setq ran 'fn))
    (run-at-time 0 nil #'timer-tests--fn)
    (run-at-time 0 nil #'timer-tests--fn)
    (cancel-function-timers #'timer-tests--fn)
    (sleep-for 0.01)
    (should-not ran)))

(timer-tests--deftest timer-object-shape
  (let ((timer (run-at-time 100 nil #'ignore 'x)))
    (unwind-protect
        (progn
          (should (vectorp timer))
          (should (= (length timer) 10))
          (should (equal (list (aref timer 0) (aref timer 5) (aref timer 6)
                               (aref timer 7) (aref timer 9))
                         '(nil ignore (x) nil nil))))
      (cancel-timer timer)))
  (should-not (timerp [1 2 3]))
  (should-not (timerp nil))
  (should-error (cancel-timer 'nope) :type 'wrong-type-argument)
  (let ((idle (run-with-idle-timer 0.01 nil #'ignore)))
    (should (equal idle [nil 0 0 10000 nil ignore nil idle 0 nil]))
    (should (memq idle timer-idle-list))
    (should-not (memq idle timer-list))
    (cancel-timer idle)
    (should-not (memq idle timer-idle-list))))

(timer-tests--deftest timer-set-and-activate
  (let* ((got nil)
         (timer (timer-create)))
    (should (timerp timer))
    (should (eq (aref timer 0) t))
    (timer-set-time timer (time-add nil 0.01))
    (timer-set-function timer (lambda (x) (setq got x)) '(7))
    (sleep-for 0.03)
    (should-not got)
    (timer-activate timer)
    (sleep-for 0.03)
    (should (eql got 7))))

(timer-tests--deftest timer-with-timeout
  (should (eq (with-timeout (0.02 'late) (sleep-for 1) 'done) 'late))
  (should (equal (with-timeout (1 'late) (sleep-for 0.01) (list 'done)) '(done)))
  (should (eq (with-timeout (0.02 (ignore) 'late) (sit-for 1) 'done) 'late))
  (let ((before (length timer-list)))
    (with-timeout (1 'late) 'quick)
    (should (= (length timer-list) before))))

(timer-tests--deftest timer-sit-for-returns-t
  (let ((ran nil))
    (run-at-time 0 nil (lambda () (setq ran t)))
    (should (eq (sit-for 0.01) t))
    (should ran)
    (should (eq (sit-for 0 5) t))))

(timer-tests--deftest timer-error-is-reported-and-sleep-goes-on
  (defun timer-tests--boom () (error "Boom %d" 1))
  (let ((after nil) (debug-on-error nil))
    (timer-tests--with-messages log
      (run-at-time 0 nil #'timer-tests--boom)
      (run-at-time 0.01 nil (lambda () (signal 'wrong-type-argument '(x))))
      (run-at-time 0.02 nil (lambda () (setq after t)))
      (timer-tests--wait-until after)
      (should after)
      (should (equal (reverse log)
                     '("Error running timer ‘timer-tests--boom’: (error \"Boom 1\")"
                       "Error running timer: (wrong-type-argument x)"))))))

;;; timer-tests.el ends here
