;;; easy-mmode.el --- the library Emacs 28 defines minor modes in  -*- lexical-binding: t -*-

;; marrow defines `define-minor-mode' and its kin in lisp/modes.el,
;; loaded at startup; this file is what (require 'easy-mmode) finds,
;; with the helpers Emacs keeps here.

;;; Code:

(defun easy-mmode--globalized-predicate-p (predicate)
  "Whether a globalized minor mode with :predicate PREDICATE turns on in
the current buffer's major mode.  t and nil stand for themselves; a
list is read in order: a mode derived from an element's mode (or from
one of a (not MODE...) element's, that giving nil) decides, an element
t or nil is the answer, and the end of the list is nil.  The old form
\(not MODE...) means the modes but those."
  (cond ((memq predicate '(t nil)) predicate)
        ((listp predicate)
         (when (eq (car predicate) 'not)
           (setq predicate (append (mapcar (lambda (mode) (list 'not mode)) (cdr predicate))
                                   (list t))))
         (catch 'decided
           (dolist (element predicate)
             (cond ((memq element '(t nil)) (throw 'decided element))
                   ((eq (car-safe element) 'not)
                    (when (apply #'derived-mode-p (cdr element))
                      (throw 'decided nil)))
                   ((and (symbolp element) (derived-mode-p element))
                    (throw 'decided t))))
           nil))))

(provide 'easy-mmode)

;;; easy-mmode.el ends here
