;;; syntax.el --- motion by sexps and lists, syntax-ppss  -*- lexical-binding: t -*-

;; Syntax tables and the scans over them are primitives (src/syntax.c);
;; here are the commands and helpers Emacs preloads from subr.el,
;; emacs-lisp/lisp.el and emacs-lisp/syntax.el, built on `scan-lists',
;; `scan-sexps' and `parse-partial-sexp'.  subr.el autoloads them.

(defvar forward-sexp-function nil
  "If non-nil, `forward-sexp' calls it with the count instead of scanning.")

(defun buffer-end (arg)
  "`point-max' if ARG is positive, else `point-min'."
  (if (> arg 0) (point-max) (point-min)))

(defun syntax-after (pos)
  "The raw syntax descriptor of the character after POS, nil outside
the accessible portion."
  (unless (or (< pos (point-min)) (>= pos (point-max)))
    (let ((prop (and parse-sexp-lookup-properties
                     (get-char-property pos 'syntax-table))))
      (if (consp prop)
          prop
        (aref (or prop (syntax-table)) (char-after pos))))))

(defun syntax-class (syntax)
  "The class number of raw syntax descriptor SYNTAX (nil for nil)."
  (and syntax (logand (car syntax) 65535)))

(defun syntax--interactively (function arg what)
  "Call FUNCTION with ARG and nil, a scan error becoming the `user-error'
an interactive call gives: no next or previous WHAT."
  (condition-case nil
      (funcall function arg nil)
    (scan-error (user-error "No %s %s" (if (> arg 0) "next" "previous") what))))

(defun forward-sexp (&optional arg interactive)
  "Move forward over ARG balanced expressions (backward if negative).
INTERACTIVE non-nil turns scan errors into user errors."
  (interactive "^p\nd")
  (or arg (setq arg 1))
  (if interactive
      (syntax--interactively #'forward-sexp arg "sexp")
    (if forward-sexp-function
        (funcall forward-sexp-function arg)
      (goto-char (or (scan-sexps (point) arg) (buffer-end arg)))
      (when (< arg 0)
        (backward-prefix-chars)))))

(defun backward-sexp (&optional arg interactive)
  "Move backward over ARG balanced expressions (forward if negative)."
  (interactive "^p\nd")
  (forward-sexp (- (or arg 1)) interactive))

(defun forward-list (&optional arg interactive)
  "Move forward over ARG balanced groups of parentheses."
  (interactive "^p\nd")
  (or arg (setq arg 1))
  (if interactive
      (syntax--interactively #'forward-list arg "group")
    (goto-char (or (scan-lists (point) arg 0) (buffer-end arg)))))

(defun backward-list (&optional arg interactive)
  "Move backward over ARG balanced groups of parentheses."
  (interactive "^p\nd")
  (forward-list (- (or arg 1)) interactive))

(defun down-list (&optional arg interactive)
  "Move forward down ARG levels of parentheses (backward if negative)."
  (interactive "^p\nd")
  (or arg (setq arg 1))
  (if interactive
      (condition-case nil
          (down-list arg nil)
        (scan-error (user-error "At bottom level")))
    (let ((step (if (> arg 0) 1 -1)))
      (while (/= arg 0)
        (goto-char (or (scan-lists (point) step -1) (buffer-end arg)))
        (setq arg (- arg step))))))

(defun syntax--leave-string (arg)
  "Out of the string point is in, if any, towards ARG's sign: t if so."
  (let ((state (syntax-ppss)))
    (when (nth 3 state)
      (goto-char (nth 8 state))
      (when (> arg 0) (forward-sexp))
      t)))

(defun up-list (&optional arg escape-strings no-syntax-crossing)
  "Move forward out of ARG levels of parentheses (backward if negative).
With ESCAPE-STRINGS, a string point is in counts as a level; with
NO-SYNTAX-CROSSING, a scan from a string or comment stays in it."
  (interactive "^p\nd\nd")
  (or arg (setq arg 1))
  (let ((step (if (> arg 0) 1 -1)))
    (while (/= arg 0)
      (condition-case err
          (save-restriction
            (when no-syntax-crossing
              (syntax--narrow-to-string-or-comment))
            (if forward-sexp-function
                (let ((start (point)))
                  (funcall forward-sexp-function step)
                  (when (= start (point)) (signal 'scan-error (list "No more" start start))))
              (goto-char (or (scan-lists (point) step 1) (buffer-end arg)))))
        (scan-error
         (unless (and escape-strings (syntax--leave-string step))
           (signal (car err) (cdr err)))))
      (setq arg (- arg step)))))

(defun syntax--narrow-to-string-or-comment ()
  "Narrow to the string or comment point is in, if any."
  (let* ((state (syntax-ppss))
         (start (nth 8 state)))
    (when start
      (save-excursion
        (goto-char start)
        (narrow-to-region
         (point)
         (if (nth 3 state)
             (condition-case nil (progn (forward-sexp) (point))
               (scan-error (point-max)))
           (forward-comment 1)
           (point)))))))

(defun backward-up-list (&optional arg escape-strings no-syntax-crossing)
  "Move backward out of ARG levels of parentheses (forward if negative)."
  (interactive "^p\nd\nd")
  (up-list (- (or arg 1)) escape-strings no-syntax-crossing))

(defun syntax-ppss (&optional pos)
  "The `parse-partial-sexp' state at POS (default point) parsed from
`point-min'; point moves to POS.  Elements 2 and 6 are not to be relied on."
  (setq pos (or pos (point)))
  (parse-partial-sexp (point-min) pos))

(defun syntax-ppss-toplevel-pos (ppss)
  "The start of the outermost list of state PPSS, or nil at top level."
  (or (car (nth 9 ppss)) (nth 8 ppss)))

(defun syntax-ppss-context (ppss)
  "`string', `comment' or nil: where state PPSS is."
  (cond ((nth 3 ppss) 'string)
        ((nth 4 ppss) 'comment)))

(provide 'syntax)

;;; syntax.el ends here
