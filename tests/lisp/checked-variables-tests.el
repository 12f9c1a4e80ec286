;;; boolean-variables-tests.el --- variables that hold t or nil, as Emacs's DEFVAR_BOOL  -*- lexical-binding: t -*-

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

;;; boolean-variables-tests.el ends here
