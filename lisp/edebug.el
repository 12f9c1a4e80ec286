;;; edebug.el --- what of Edebug works without a debugger, for marrow  -*- lexical-binding: t -*-

;; marrow has no interactive debugger, so it cannot instrument code to
;; stop and step through it.  Programs and test files written for Emacs
;; still use the parts of Edebug's interface that need none, and these
;; work here: the specifications (`def-edebug-spec', `def-edebug-elem-spec'
;; and (declare (debug SPEC)), in subr.el), the variables programs bind,
;; and evaluating a definition with `edebug-defun', which defines it
;; uninstrumented: it then runs as an instrumented one runs in Edebug's
;; Go-nonstop mode.  `edebug-all-defs' and `edebug-all-forms' are
;; accepted and change nothing.  Entering Edebug signals an error.

(defvar edebug-all-defs nil
  "Non-nil: Emacs instruments the definitions `eval-region' and
`eval-buffer' evaluate.  marrow cannot instrument, and ignores it.")

(defvar edebug-all-forms nil
  "Non-nil: Emacs instruments every form `eval-region' and
`eval-buffer' evaluate.  marrow cannot instrument, and ignores it.")

(defvar edebug-initial-mode 'step
  "The mode Edebug starts in: step, next, go, Go-nonstop, trace,
Trace-fast, continue or Continue-fast.  marrow's uninstrumented
definitions always run as in Go-nonstop.")

(defvar edebug-active nil
  "Non-nil while Edebug is active; never, in marrow.")

(defun edebug--top-level-form-start ()
  "Where the top-level form at point starts: the nearest open
parenthesis at the start of a line at or before point, else the next
one, else the start of the buffer."
  (save-excursion
    (cond ((and (bolp) (eq (char-after) ?\()) (point))
          ((re-search-backward "^(" nil t) (point))
          ((re-search-forward "^(" nil t) (1- (point)))
          (t (point-min)))))

(defun edebug-eval-top-level-form ()
  "Evaluate the top-level form at point and print its value, as Emacs's
Edebug does after instrumenting it.  marrow cannot instrument: the form
is evaluated as it is, so a function it defines runs as under Edebug's
Go-nonstop mode."
  (interactive)
  (let* ((form (save-excursion
                 (goto-char (edebug--top-level-form-start))
                 (read (current-buffer))))
         (value (eval form lexical-binding)))
    (prin1 value t)
    value))

(defun edebug (&rest _args)
  "Enter Edebug: not possible in marrow, which has no interactive debugger."
  (error "marrow has no interactive debugger: Edebug cannot stop in code"))

(provide 'edebug)

;;; edebug.el ends here
