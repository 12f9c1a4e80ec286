;;; checked-variables-tests.el --- variables whose values Emacs checks: DEFVAR_BOOL ones, typed per-buffer ones  -*- lexical-binding: t -*-

(require 'ert)

(ert-deftest variables-boolean-store-t-or-nil ()
  (let ((print-quoted 5))
    (should (eq print-quoted t))
    (setq print-quoted "yes")
    (should (eq print-quoted t))
    (set 'print-quoted nil)
    (should (eq print-quoted nil)))
  (should (eq print-quoted t))
  (let ((print-escape-newlines '(a list)))
    (should (eq (symbol-value 'print-escape-newlines) t))
    (should (eq (default-value 'print-escape-newlines) t)))
  (should (eq print-escape-newlines nil))
  (with-temp-buffer
    (setq-local inhibit-modification-hooks 0)
    (should (eq inhibit-modification-hooks t)))
  ;; Other variables keep what they are given.
  (let ((print-length 'anything))
    (should (eq print-length 'anything))))

(ert-deftest variables-boolean-watchers-see-the-value-given ()
  (let* ((seen nil)
         (watcher (lambda (_symbol newval operation _where) (push (list operation newval) seen))))
    (add-variable-watcher 'print-integers-as-characters watcher)
    (unwind-protect
        (let ((print-integers-as-characters 42))
          (should (eq print-integers-as-characters t)))
      (remove-variable-watcher 'print-integers-as-characters watcher))
    (should (equal (car (last seen)) '(let 42)))
    ;; Without watchers, still t or nil.
    (let ((print-integers-as-characters 'x))
      (should (eq print-integers-as-characters t)))))

;;;; Emacs's typed per-buffer variables

(ert-deftest variables-per-buffer-types-are-checked ()
  (with-temp-buffer
    (should (equal (should-error (setq fill-column 'wide)) '(wrong-type-argument integerp wide)))
    (should (eql fill-column (default-value 'fill-column)))
    (should (equal (should-error (setq-local tab-width 2.5)) '(wrong-type-argument integerp 2.5)))
    (should (equal (should-error (setq buffer-file-name 'file)) '(wrong-type-argument stringp file)))
    (should (equal (should-error (let ((default-directory 7)) default-directory))
                   '(wrong-type-argument stringp 7)))
    (should (stringp default-directory))
    (should (equal (should-error (setq major-mode "mode")) '(wrong-type-argument symbolp "mode")))
    (should (equal (should-error (set 'line-spacing "wide")) '(wrong-type-argument numberp "wide")))
    (should (equal (should-error (setq overwrite-mode 'yes))
                   '(error "One of nil, overwrite-mode-textual or overwrite-mode-binary should be specified" yes)))
    ;; The right type passes, and nil.
    (setq-local fill-column 60)
    (should (= fill-column 60))
    (setq overwrite-mode 'overwrite-mode-binary)
    (should (eq overwrite-mode 'overwrite-mode-binary))
    (setq overwrite-mode nil)
    (setq line-spacing 0.5)
    (should (= line-spacing 0.5))
    (setq buffer-file-name nil)
    (should-not buffer-file-name)))

(ert-deftest variables-checked-defaults ()
  ;; A boolean's default is t or nil too; a per-buffer variable's
  ;; default value is not type-checked.
  (let ((tabs (default-value 'indent-tabs-mode))
        (margin (default-value 'left-margin)))
    (unwind-protect
        (progn
          (setq-default indent-tabs-mode 5)
          (should (eq (default-value 'indent-tabs-mode) t))
          (setq-default left-margin 'anything)
          (should (eq (default-value 'left-margin) 'anything)))
      (setq-default indent-tabs-mode tabs)
      (setq-default left-margin margin))))

(ert-deftest variables-let-of-a-per-buffer-variable-binds-its-default ()
  ;; Where the variable has no local value, `let' binds the default,
  ;; which is not checked; where it has one, the local value is.
  (with-temp-buffer
    (should-not (local-variable-p 'overwrite-mode))
    (should (equal (let ((overwrite-mode 1))
                     (list overwrite-mode (default-value 'overwrite-mode)
                           (local-variable-p 'overwrite-mode)
                           (with-temp-buffer overwrite-mode)))
                   '(1 1 nil 1)))
    (should-not (default-value 'overwrite-mode))
    (should (equal (let ((line-spacing "wide")) line-spacing) "wide"))
    (setq-local line-spacing 2)
    (should (equal (should-error (let ((line-spacing "wide")) line-spacing))
                   '(wrong-type-argument numberp "wide")))
    (should (eql line-spacing 2))
    (setq overwrite-mode 'overwrite-mode-textual)
    (should (local-variable-p 'overwrite-mode))
    (should (equal (should-error (let ((overwrite-mode 1)) overwrite-mode))
                   '(error "One of nil, overwrite-mode-textual or overwrite-mode-binary should be specified" 1)))
    (should (eq overwrite-mode 'overwrite-mode-textual))))

;;; checked-variables-tests.el ends here
