;;; special-forms-tests.el --- special forms as Emacs 28 has them  -*- lexical-binding: t -*-

(require 'ert)

;; save-excursion and its kin are special forms in Emacs 28, not macros.
(ert-deftest special-forms-buffer-state-forms-are-special ()
  (dolist (name '(save-excursion save-restriction save-current-buffer))
    (should (special-form-p name))
    (should-not (macrop name))
    (should (subrp (symbol-function name)))
    (should (equal (func-arity name) '(0 . unevalled)))
    (should (stringp (documentation name)))
    (should (equal (help-function-arglist name) '(&rest rest)))
    (should (equal (help-function-arglist name t) '(&rest body)))
    (should (equal (macroexpand (list name 1)) (list name 1)))
    (should (eq (car (should-error (funcall name) :type 'invalid-function))
                'invalid-function))))

(ert-deftest special-forms-buffer-state-forms-bind-nothing ()
  (let* ((x 1)
         (made (list (save-excursion (lambda () x))
                     (save-restriction (lambda () x))
                     (save-current-buffer (lambda () x)))))
    (dolist (f made)
      (should (equal (cadr f) '((x . 1) t)))
      (should (= (funcall f) 1)))))

(ert-deftest special-forms-buffer-state-forms-restore ()
  (with-temp-buffer
    (insert "hello")
    (goto-char 2)
    (should (= (save-excursion (goto-char 4) (point)) 4))
    (should (= (point) 2))
    (should (= (catch 'out (save-excursion (goto-char 5) (throw 'out (point)))) 5))
    (should (= (point) 2))
    (should (equal (save-restriction (narrow-to-region 2 4) (buffer-string)) "el"))
    (should (equal (buffer-string) "hello"))
    (let ((here (current-buffer)))
      (save-current-buffer
        (set-buffer (get-buffer-create " special-forms-tests"))
        (should-not (eq (current-buffer) here)))
      (should (eq (current-buffer) here))
      (kill-buffer " special-forms-tests"))
    (should (null (save-excursion)))
    (should (= (save-restriction 1 2 3) 3))))

(defvar special-forms--log nil)

;; Malformed let bindings signal as Emacs 28's let and let* do: let
;; checks its list's end first, then each binding when its init would
;; run (after the inits before it); let* meets a dotted end after
;; binding.  A dotted cond clause (TEST . X) gives nil.
(ert-deftest special-forms-malformed-let-and-cond ()
  (dolist (lexical '(t nil))
    (let ((run (lambda (form)
                 (setq special-forms--log nil)
                 (let ((value (condition-case err (eval form lexical)
                                (error err))))
                   (list value (reverse special-forms--log))))))
      (dolist (let-sym '(let let*))
        (should (equal (funcall run `(,let-sym (1) 2))
                       '((wrong-type-argument listp 1) nil)))
        (should (equal (funcall run `(,let-sym ((x (push 'a special-forms--log)) (y . 1)) x))
                       '((wrong-type-argument listp 1) (a))))
        (should (equal (funcall run `(,let-sym ((x (push 'a special-forms--log)) (y 1 2)) x))
                       '((error "`let' bindings can have only one value-form" y 1 2) (a))))
        (should (equal (funcall run `(,let-sym ((x . nil)) x)) '(nil nil)))
        (should (equal (funcall run `(,let-sym ((1 2)) 3))
                       '((wrong-type-argument symbolp 1) nil))))
      (should (equal (funcall run '(let ((x (push 'a special-forms--log)) . 2) x))
                     '((wrong-type-argument listp 2) nil)))
      (should (equal (funcall run '(let* ((x (push 'a special-forms--log)) . z)
                                     (push 'body special-forms--log)))
                     '((wrong-type-argument listp ((x (push 'a special-forms--log)) . z)) (a))))
      (should (equal (funcall run '(cond ((push 'c special-forms--log) . 3) (t 4)))
                     '(nil (c))))
      (should (equal (funcall run '(cond (nil . 3) (t 4))) '(4 nil))))))

;; `inline' is progn under another name, as in Emacs 28; a symbol
;; whose definition names a special form runs as that form.
(ert-deftest special-forms-inline-is-progn ()
  (should (eq (symbol-function 'inline) 'progn))
  (should (special-form-p 'inline))
  (should (equal (inline 1 2 3) 3))
  (should (null (inline)))
  (let ((x 1))
    (should (equal (inline (setq x (1+ x)) (list x x)) '(2 2))))
  (should (equal (eval '(inline (if nil 1 2)) t) 2)))
