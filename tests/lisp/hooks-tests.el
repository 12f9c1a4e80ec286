;;; hooks-tests.el --- add-hook, remove-hook, run-hooks and kin  -*- lexical-binding: t -*-

(require 'ert)

(defvar hooks-tests--calls nil "What the test functions saw, newest first.")

(defun hooks-tests--a (&rest args) (push (cons 'a args) hooks-tests--calls) nil)
(defun hooks-tests--b (&rest args) (push (cons 'b args) hooks-tests--calls) 'from-b)
(defun hooks-tests--c (&rest args) (push (cons 'c args) hooks-tests--calls) nil)

(defmacro hooks-tests--with-hook (hook &rest body)
  "Run BODY with HOOK void and no depths, and the call log empty."
  (declare (indent 1))
  `(progn
     (makunbound ',hook)
     (put ',hook 'hook--depth-alist nil)
     (setq hooks-tests--calls nil)
     ,@body))

(defun hooks-tests--log () (reverse hooks-tests--calls))

(ert-deftest hooks-add-hook-orders-by-depth ()
  (hooks-tests--with-hook hooks-tests--h
    (add-hook 'hooks-tests--h #'hooks-tests--a)
    (should (equal hooks-tests--h '(hooks-tests--a)))
    (add-hook 'hooks-tests--h #'hooks-tests--b)
    (add-hook 'hooks-tests--h #'hooks-tests--c t)
    (should (equal hooks-tests--h '(hooks-tests--b hooks-tests--a hooks-tests--c)))
    ;; Added again: nothing changes.
    (add-hook 'hooks-tests--h #'hooks-tests--a 50)
    (should (equal hooks-tests--h '(hooks-tests--b hooks-tests--a hooks-tests--c)))
    (should (equal (get 'hooks-tests--h 'hook--depth-alist) '((hooks-tests--c . 90))))
    (add-hook 'hooks-tests--h 'hooks-tests--early -20)
    (should (eq (car hooks-tests--h) 'hooks-tests--early))))

(ert-deftest hooks-single-function-value-becomes-a-list ()
  (hooks-tests--with-hook hooks-tests--h
    (setq hooks-tests--h #'hooks-tests--a)
    (run-hooks 'hooks-tests--h)
    (should (equal (hooks-tests--log) '((a))))
    (add-hook 'hooks-tests--h #'hooks-tests--b)
    (should (equal hooks-tests--h '(hooks-tests--b hooks-tests--a)))
    (setq hooks-tests--h #'hooks-tests--a)
    (remove-hook 'hooks-tests--h #'hooks-tests--a)
    (should (null hooks-tests--h))))

(ert-deftest hooks-run-variants ()
  (hooks-tests--with-hook hooks-tests--h
    (setq hooks-tests--h '(hooks-tests--a hooks-tests--b hooks-tests--c))
    (should-not (run-hooks 'hooks-tests--h 'hooks-tests--unbound-hook))
    (should (equal (hooks-tests--log) '((a) (b) (c))))
    (setq hooks-tests--calls nil)
    (should-not (run-hook-with-args 'hooks-tests--h 1 2))
    (should (equal (hooks-tests--log) '((a 1 2) (b 1 2) (c 1 2))))
    (setq hooks-tests--calls nil)
    (should (eq (run-hook-with-args-until-success 'hooks-tests--h 3) 'from-b))
    (should (equal (hooks-tests--log) '((a 3) (b 3))))
    (setq hooks-tests--calls nil)
    (should-not (run-hook-with-args-until-failure 'hooks-tests--h 4))
    (should (equal (hooks-tests--log) '((a 4))))
    (should (eq (run-hook-with-args-until-failure 'hooks-tests--unbound-hook) t))
    (should-not (run-hook-with-args-until-success 'hooks-tests--unbound-hook))))

(ert-deftest hooks-run-hook-wrapped ()
  (hooks-tests--with-hook hooks-tests--h
    (setq hooks-tests--h '(hooks-tests--a hooks-tests--b hooks-tests--c))
    (let ((seen nil))
      (should (equal (run-hook-wrapped 'hooks-tests--h
                                       (lambda (f &rest args)
                                         (push (cons f args) seen)
                                         (and (eq f 'hooks-tests--b) args))
                                       'x 'y)
                     '(x y)))
      (should (equal (reverse seen) '((hooks-tests--a x y) (hooks-tests--b x y))))
      ;; The wrapper calls nothing itself.
      (should-not hooks-tests--calls))))

(ert-deftest hooks-errors ()
  (should (equal (condition-case e (run-hooks 7) (error e))
                 '(wrong-type-argument symbolp 7)))
  (hooks-tests--with-hook hooks-tests--h
    (setq hooks-tests--h '(hooks-tests--no-such-function))
    (should (equal (condition-case e (run-hooks 'hooks-tests--h) (error e))
                   '(void-function hooks-tests--no-such-function)))))

(ert-deftest hooks-local-hook-runs-the-global-functions-at-t ()
  (hooks-tests--with-hook hooks-tests--h
    (add-hook 'hooks-tests--h #'hooks-tests--a)
    (with-temp-buffer
      (add-hook 'hooks-tests--h #'hooks-tests--b nil t)
      (add-hook 'hooks-tests--h #'hooks-tests--c t t)
      (should (local-variable-p 'hooks-tests--h))
      (should (equal hooks-tests--h '(hooks-tests--b t hooks-tests--c)))
      (should (equal (default-value 'hooks-tests--h) '(hooks-tests--a)))
      (run-hook-with-args 'hooks-tests--h 'here)
      (should (equal (hooks-tests--log) '((b here) (a here) (c here))))
      (remove-hook 'hooks-tests--h #'hooks-tests--b t)
      (remove-hook 'hooks-tests--h #'hooks-tests--c t)
      ;; Only t was left: the buffer's value goes.
      (should-not (local-variable-p 'hooks-tests--h)))
    (setq hooks-tests--calls nil)
    (run-hooks 'hooks-tests--h)
    (should (equal (hooks-tests--log) '((a))))))

(ert-deftest hooks-local-hook-with-no-global-functions ()
  (hooks-tests--with-hook hooks-tests--h
    (with-temp-buffer
      (add-hook 'hooks-tests--h #'hooks-tests--a nil t)
      (should (null (default-value 'hooks-tests--h)))
      (run-hooks 'hooks-tests--h)
      (should (equal (hooks-tests--log) '((a)))))))

(ert-deftest hooks-global-functions-run-once ()
  (hooks-tests--with-hook hooks-tests--h
    ;; A t in the default value itself is passed over.
    (setq-default hooks-tests--h '(hooks-tests--a t))
    (with-temp-buffer
      (setq-local hooks-tests--h '(t hooks-tests--c))
      (run-hooks 'hooks-tests--h)
      (should (equal (hooks-tests--log) '((a) (c)))))))

(ert-deftest hooks-remove-hook-without-local-binding ()
  (hooks-tests--with-hook hooks-tests--h
    (add-hook 'hooks-tests--h #'hooks-tests--a)
    (with-temp-buffer
      ;; LOCAL and no buffer value: nothing is done.
      (remove-hook 'hooks-tests--h #'hooks-tests--a t)
      (should (equal hooks-tests--h '(hooks-tests--a)))
      ;; A value made by make-local-variable, without t, is changed.
      (setq-local hooks-tests--h (list #'hooks-tests--a #'hooks-tests--b))
      (add-hook 'hooks-tests--h #'hooks-tests--c)
      (should (equal hooks-tests--h '(hooks-tests--c hooks-tests--a hooks-tests--b)))
      (remove-hook 'hooks-tests--h #'hooks-tests--a)
      (should (equal hooks-tests--h '(hooks-tests--c hooks-tests--b))))
    (should (equal hooks-tests--h '(hooks-tests--a)))))

(ert-deftest hooks-remove-hook-forgets-the-depth ()
  (hooks-tests--with-hook hooks-tests--h
    (add-hook 'hooks-tests--h #'hooks-tests--a 30)
    (add-hook 'hooks-tests--h #'hooks-tests--b -30)
    (remove-hook 'hooks-tests--h #'hooks-tests--a)
    (should (equal (get 'hooks-tests--h 'hook--depth-alist) '((hooks-tests--b . -30))))
    (should (equal hooks-tests--h '(hooks-tests--b)))))

(defun hooks-tests--survivor ())
(put 'hooks-tests--survivor 'permanent-local-hook t)

(ert-deftest hooks-permanent-local-hook-functions ()
  (hooks-tests--with-hook hooks-tests--h
    (put 'hooks-tests--h 'permanent-local nil)
    (with-temp-buffer
      (add-hook 'hooks-tests--h #'hooks-tests--a nil t)
      (should-not (get 'hooks-tests--h 'permanent-local))
      (add-hook 'hooks-tests--h #'hooks-tests--survivor nil t)
      (should (eq (get 'hooks-tests--h 'permanent-local) 'permanent-local-hook))
      (kill-all-local-variables)
      (should (equal hooks-tests--h '(hooks-tests--survivor t))))
    (put 'hooks-tests--h 'permanent-local nil)))

(ert-deftest hooks-kill-emacs-hook-is-a-hook ()
  (should (boundp 'kill-emacs-hook)))

;;; hooks-tests.el ends here
