;;; callint-tests.el --- call-interactively and called-interactively-p  -*- lexical-binding: t -*-

(require 'ert)

(defun callint-tests--report (&optional n raw)
  (interactive "p\nP")
  (list n raw (called-interactively-p 'any) (called-interactively-p 'interactive)))

(ert-deftest callint-prefix-argument-codes ()
  (should (equal (call-interactively 'callint-tests--report) '(1 nil t nil)))
  (let ((current-prefix-arg '(16)))
    (should (equal (call-interactively 'callint-tests--report) '(16 (16) t nil))))
  (let ((current-prefix-arg '-))
    (should (equal (call-interactively 'callint-tests--report) '(-1 - t nil))))
  (should (equal (callint-tests--report 3 4) '(3 4 nil nil)))
  (should (equal (funcall-interactively 'callint-tests--report 7) '(7 nil t nil)))
  (should (equal (mapcar #'prefix-numeric-value '(nil - (4) -3)) '(1 -1 4 -3))))

(ert-deftest callint-other-codes-and-forms ()
  (defun callint-tests--where (pos ignored) (interactive "d\ni") (list pos ignored))
  (with-temp-buffer
    (insert "abc")
    (goto-char 2)
    (should (equal (call-interactively 'callint-tests--where) '(2 nil))))
  (defun callint-tests--listed (a b) (interactive (list (+ 1 2) 'b)) (list a b))
  (should (equal (call-interactively 'callint-tests--listed) '(3 b)))
  (defun callint-tests--flags () (interactive "*@^") (called-interactively-p))
  (should (eq (call-interactively 'callint-tests--flags) t))
  (should (eq (call-interactively (lambda () (interactive) (called-interactively-p))) t)))

(ert-deftest callint-errors ()
  (should (equal (should-error (call-interactively 'car))
                 '(wrong-type-argument commandp car)))
  (defun callint-tests--region (b e) (interactive "r") (list b e))
  (with-temp-buffer
    (should-error (call-interactively 'callint-tests--region)))
  (defun callint-tests--bad-code (x) (interactive "q") x)
  (should (equal (cadr (should-error (call-interactively 'callint-tests--bad-code)))
                 "Invalid control letter ‘q’ (#o161, #x0071) in interactive calling string")))

(ert-deftest callint-only-the-command-itself-is-interactive ()
  (defun callint-tests--helper () (called-interactively-p))
  (defun callint-tests--command () (interactive) (list (called-interactively-p) (callint-tests--helper)))
  (should (equal (call-interactively 'callint-tests--command) '(t nil)))
  (should (equal (callint-tests--command) '(nil nil)))
  (should-not (called-interactively-p)))

(ert-deftest callint-called-interactively-p-through-advice ()
  (defun callint-tests--advised (&optional x) (interactive) (or x 'none))
  (let ((around (lambda (f &rest args) (list 'around (called-interactively-p) (apply f args))))
        (seen 'unset))
    (advice-add 'callint-tests--advised :around around)
    (should (equal (callint-tests--advised) '(around nil none)))
    (should (equal (call-interactively 'callint-tests--advised) '(around t none)))
    (let ((before (lambda (&rest _) (setq seen (called-interactively-p)))))
      (advice-add 'callint-tests--advised :before before)
      (call-interactively 'callint-tests--advised)
      (should (eq seen t))
      (callint-tests--advised)
      (should (eq seen nil))
      (advice-remove 'callint-tests--advised before))
    (advice-remove 'callint-tests--advised around))
  ;; Advice on call-interactively itself is looked through.
  (defun callint-tests--plain () (interactive) (called-interactively-p))
  (advice-add 'call-interactively :before #'ignore)
  (unwind-protect
      (should (eq (call-interactively 'callint-tests--plain) t))
    (advice-remove 'call-interactively #'ignore)))


;; Primitives Emacs makes commands carry its interactive specs.
(ert-deftest callint-primitive-commands ()
  (should (equal (list (commandp 'forward-char) (interactive-form 'forward-char)
                       (interactive-form 'delete-char) (commandp 'car)
                       (interactive-form 'car) (interactive-form 'search-forward))
                 '(t (interactive "^p") (interactive "p\nP") nil nil
                     (interactive "MSearch: "))))
  (with-temp-buffer
    (insert "abcdef")
    (goto-char 1)
    (let ((current-prefix-arg 3)) (call-interactively 'forward-char))
    (should (equal (point) 4))
    (let ((current-prefix-arg 2)) (call-interactively 'delete-char))
    (should (equal (buffer-string) "abcf"))))

;;; callint-tests.el ends here
