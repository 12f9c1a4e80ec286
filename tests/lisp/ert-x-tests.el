;;; ert-x-tests.el --- ERT's helpers from ert-x  -*- lexical-binding: t -*-

;; Each expectation is what Emacs 28's ert-x gives.

(require 'ert)
(require 'ert-x)

(ert-deftest ert-x-test-buffer-is-named-after-the-test-and-killed ()
  (let (buffer)
    (should (equal (ert-with-test-buffer (:name "x")
                     (setq buffer (current-buffer))
                     (insert "hi")
                     (list (buffer-name) (buffer-string)))
                   '("*Test buffer (ert-x-test-buffer-is-named-after-the-test-and-killed): x*"
                     "hi")))
    (should-not (buffer-live-p buffer))))

(ert-deftest ert-x-test-buffer-kept-after-an-error ()
  (let (buffer)
    (should-error (ert-with-test-buffer ()
                    (setq buffer (current-buffer))
                    (error "boom")))
    (should (buffer-live-p buffer))
    (should (string-match-p "\\`\\*Test buffer (ert-x-test-buffer-kept-after-an-error)\\*"
                            (buffer-name buffer)))
    (should (equal (ert-kill-all-test-buffers) nil))
    (should-not (buffer-live-p buffer))))

(ert-deftest ert-x-message-capture ()
  (ert-with-message-capture out
    (message "one %d" 1)
    (message nil)
    (let ((standard-output t))
      (prin1 'two)
      (princ " three"))
    (with-output-to-string (princ "not captured"))
    (should (equal out "one 1\ntwo three"))))

(ert-deftest ert-x-filter-and-propertize ()
  (should (equal (ert-filter-string "a1b22c" "[0-9]+") "abc"))
  (should (equal (ert-filter-string "key=val; k2=v2" '("\\(=\\)[a-z]" 1) ";")
                 "keyval k2v2"))
  (should (equal-including-properties
           (ert-propertized-string "foo " '(face italic) "bar" " baz" nil " quux")
           #("foo bar baz quux" 4 11 (face italic))))
  (should-error (ert-propertized-string '(a)) :type 'error))

(defun ert-x-tests--forward (n)
  "A command for `ert-simulate-command'."
  (interactive "p")
  (forward-char n))

(ert-deftest ert-x-simulate-command ()
  (let ((ran nil) (last-command nil))
    (with-temp-buffer
      (insert "abc")
      (goto-char 1)
      (let ((pre-command-hook (list (lambda () (push (list 'pre this-command) ran))))
            (post-command-hook (list (lambda () (push 'post ran)))))
        (should (equal (ert-simulate-command '(ert-x-tests--forward 2)) nil)))
      (should (equal (point) 3))
      (should (equal (reverse ran) '((pre ert-x-tests--forward) post)))
      (should (eq last-command 'ert-x-tests--forward)))))

(ert-deftest ert-x-simulate-keys ()
  (should (equal (ert-simulate-keys (list ?a ?b)
                   (list (read-char) (read-event)))
                 '(97 98))))

(ert-deftest ert-x-pass-ends-the-test ()
  (let ((test (make-ert-test :body (lambda () (ert-pass) (error "not reached")))))
    (should (ert-test-passed-p (ert-run-test test)))))

(ert-deftest ert-x-idle-timers ()
  (let* ((timer-idle-list nil)
         (calls 0)
         (once (run-with-idle-timer 1 nil (lambda () (setq calls (1+ calls)))))
         (again (run-with-idle-timer 1 t (lambda () (setq calls (+ calls 10))))))
    (ert-run-idle-timers)
    (should (equal calls 11))
    (should-not (memq once timer-idle-list))
    (should (memq again timer-idle-list))
    (cancel-timer again)))

(ert-deftest ert-x-resource-directory ()
  (let ((dir (ert-resource-directory)))
    (should (string-suffix-p "/ert-x-resources/" dir))
    (should (equal (ert-resource-file "a.txt") (concat dir "a.txt")))))

(ert-deftest ert-x-buffer-renamed ()
  (let ((old (get-buffer-create "ert-x-tests-renamed")) seen)
    (with-current-buffer old (insert "old"))
    (with-current-buffer (get-buffer-create "ert-x-tests-renamed orig buffer")
      (should (equal
               (ert-with-buffer-renamed ("ert-x-tests-renamed")
                 (setq seen (list (buffer-name old)
                                  (with-current-buffer "ert-x-tests-renamed" (buffer-string))))
                 'done)
               'done))
      (kill-buffer))
    (should (equal seen '("ert-x-tests-renamed orig buffer<2>" "")))
    (should (equal (buffer-name old) "ert-x-tests-renamed"))
    (should (equal (with-current-buffer old (buffer-string)) "old"))
    (kill-buffer old))
  (should-not (get-buffer "ert-x-tests-fresh"))
  (ert-call-with-buffer-renamed "ert-x-tests-fresh" #'ignore)
  (should (get-buffer "ert-x-tests-fresh"))
  (kill-buffer "ert-x-tests-fresh"))

(ert-deftest ert-x-kill-all-test-buffers-message ()
  (should-error (ert-with-test-buffer (:name "a") (error "boom")))
  (should-error (ert-with-test-buffer (:name "b") (error "boom")))
  (ert-with-message-capture out
    (ert-kill-all-test-buffers)
    (should (equal out "2 out of 2 test buffers killed\n"))))

;;; ert-x-tests.el ends here
