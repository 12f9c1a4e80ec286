;;; keyboard-tests.el --- reading input events in batch  -*- lexical-binding: t -*-

(require 'ert)

(ert-deftest keyboard-read-event-timeout ()
  (let ((unread-command-events (list ?a)))
    ;; A pending event comes at once; none gives nil when time is up.
    (should (eq (read-char nil nil 0.1) ?a))
    (should (null (read-char nil nil 0.1)))
    (should (null (read-event nil nil 0.1)))
    (should (null (read-char-exclusive nil nil 0.1)))))

(ert-deftest keyboard-read-event-runs-timers ()
  (let ((unread-command-events nil))
    (run-with-timer 0.1 nil (lambda () (push ?z unread-command-events)))
    (should (eq (read-event nil nil 2) ?z))))

(ert-deftest keyboard-event-wrappers ()
  ;; (t . EVENT) and (no-record . EVENT) read as EVENT.
  (let ((unread-command-events (list '(t . ?a) '(no-record . ?b) 'foo ?c)))
    (should (eq (read-event) ?a))
    (should (eq (read-event) ?b))
    ;; A non-character event is left to read again, the only one left.
    (should (equal (should-error (read-char nil nil 0.1))
                   '(error "Non-character input-event")))
    (should (equal unread-command-events '(foo)))
    (should (null (read-char-exclusive nil nil 0.1)))))

(ert-deftest keyboard-inhibit-interaction-even-with-events ()
  (let ((inhibit-interaction t)
        (unread-command-events (list ?a)))
    (should-error (read-event) :type 'inhibited-interaction)
    (should-error (read-char nil nil 0.1) :type 'inhibited-interaction)))

(ert-deftest keyboard-lossage-size-values ()
  (let ((old (lossage-size)))
    (unwind-protect
        (progn
          (should (= (lossage-size 150) 150))
          (should (= (lossage-size) 150))
          (should (equal (should-error (lossage-size 99))
                         '(user-error "Value must be >= 100")))
          (should (equal (should-error (lossage-size 1.5))
                         '(user-error "Value must be a positive integer")))
          (should (equal (should-error (lossage-size "200"))
                         '(user-error "Value must be a positive integer"))))
      (lossage-size old))))

;;; keyboard-tests.el ends here
