;;; messages-tests.el --- the message log, *Messages*  -*- lexical-binding: t -*-

(require 'ert)

(defun messages-tests--tail (n)
  "The last N lines of *Messages*."
  (with-current-buffer (messages-buffer)
    (save-excursion
      (goto-char (point-max))
      (forward-line (- n))
      (buffer-substring-no-properties (point) (point-max)))))

(ert-deftest messages-go-into-the-log ()
  (should (equal (buffer-name (messages-buffer)) "*Messages*"))
  (message "logged %d %s" 42 'here)
  (should (equal (messages-tests--tail 1) "logged 42 here\n"))
  ;; nil and "" clear the echo area: nothing is logged.
  (message nil)
  (message "")
  (should (equal (messages-tests--tail 1) "logged 42 here\n"))
  ;; With message-log-max nil nothing is.
  (let ((message-log-max nil))
    (message "not logged"))
  (should (equal (messages-tests--tail 1) "logged 42 here\n")))

(ert-deftest messages-repeats-are-counted ()
  (message "once more")
  (message "once more")
  (should (equal (messages-tests--tail 1) "once more [2 times]\n"))
  (message "once more")
  (should (equal (messages-tests--tail 1) "once more [3 times]\n"))
  (message "something else")
  (should (equal (messages-tests--tail 2) "once more [3 times]\nsomething else\n"))
  ;; A progress message ("...") gives way to the one that ends it.
  (message "Working...")
  (message "Working...done")
  (should (equal (messages-tests--tail 2) "something else\nWorking...done\n"))
  ;; Each line of a message counts as one.
  (message "twin\ntwin")
  (should (equal (messages-tests--tail 2) "Working...done\ntwin [2 times]\n")))

(ert-deftest messages-log-keeps-the-last-lines ()
  (let ((message-log-max 3))
    (message "one")
    (message "two")
    (message "three")
    (message "four")
    (should (equal (with-current-buffer (messages-buffer) (buffer-string))
                   "two\nthree\nfour\n"))))

(ert-deftest messages-log-does-not-move-point-elsewhere ()
  (with-current-buffer (messages-buffer)
    (goto-char (point-min))
    (message "at the end")
    (should (= (point) (point-min)))
    (goto-char (point-max))
    (message "at the end again")
    (should (= (point) (point-max)))))

(ert-deftest messages-log-keeps-the-match-data ()
  (should (string-match "b+" "abbc"))
  (message "abc")
  (message "abc")
  (should (equal (match-data) '(1 3))))

(ert-deftest messages-empty-buffer-text-is-multibyte-and-apart ()
  ;; An empty buffer's text is a multibyte "", and making it leaves the
  ;; unibyte "" as it was.
  (with-temp-buffer
    (should (multibyte-string-p (buffer-substring (point-min) (point-max)))))
  (should-not (multibyte-string-p "")))
