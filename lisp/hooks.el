;;; hooks.el --- add-hook and remove-hook  -*- lexical-binding: t -*-

;; Loaded on first use (subr.el autoloads them), so that a start does not
;; read them.
;;
;; run-hooks and its kin are primitives (src/variables.c).  A hook added
;; with LOCAL gets a buffer-local value holding t, which stands for the
;; default value's functions when the hook runs.  The depth of a
;; function added with a non-zero DEPTH is kept in the hook's
;; `hook--depth-alist' property, as in Emacs, and orders the hook's
;; functions (lowest first, stable).

(defun subr--hook-depth (function depths)
  (let ((entry (assq function depths)))
    (if entry (cdr entry) 0)))

(defun subr--hook-without-t (hook)
  "Whether HOOK's current value holds no t: then add-hook and remove-hook
change that value (the buffer's own, if `make-local-variable' made one)."
  (let ((value (symbol-value hook)))
    (not (and (consp value) (memq t value)))))

(defun subr--hook-ensure-bound (hook)
  "Give HOOK the value nil where it has none: current, then default."
  (unless (boundp hook) (set hook nil))
  (unless (default-boundp hook) (set-default hook nil)))

(defun subr--hook-depth-number (depth)
  "DEPTH as a number: itself, 0 for nil, 90 for anything else."
  (cond ((numberp depth) depth)
        (depth 90)
        (t 0)))

(defun subr--hook-change-current-p (hook local)
  "Whether add-hook changes HOOK's current value rather than its
default: with LOCAL (first making the hook buffer-local, holding the t
that stands for the default functions), or when that value has no t."
  (if (not local)
      (subr--hook-without-t hook)
    (unless (local-variable-if-set-p hook)
      (set (make-local-variable hook) (list t)))
    t))

(defun subr--hook-functions (value)
  "A hook's VALUE as a list: a single function becomes a list of it."
  (if (and (listp value) (not (functionp value)))
      value
    (list value)))

(defun subr--hook-insert (hook function depth functions)
  "FUNCTIONS with FUNCTION added at DEPTH: last among equal depths when
DEPTH is positive, first otherwise.  Once any function of HOOK has a
non-zero depth, the depths are kept on HOOK and order the whole list."
  (let ((depths (get hook 'hook--depth-alist))
        (added (if (> depth 0)
                   (append functions (list function))
                 (cons function functions))))
    (when (or depths (/= depth 0))
      (push (cons function depth) depths)
      (put hook 'hook--depth-alist depths))
    (if (null depths)
        added
      ;; `sort' is stable: equal depths keep the order just made.
      (sort (copy-sequence added)
            (lambda (a b) (< (subr--hook-depth a depths) (subr--hook-depth b depths)))))))

(defun subr--hook-keep-permanent (hook function)
  "Mark HOOK's local value to survive a change of major mode when
FUNCTION asks for it, unless HOOK is permanent already."
  (when (and (symbolp function)
             (get function 'permanent-local-hook)
             (not (get hook 'permanent-local)))
    (put hook 'permanent-local 'permanent-local-hook)))

(defun add-hook (hook function &optional depth local)
  "Add FUNCTION to HOOK's functions, unless it is there (`equal').
DEPTH (a number, or 90 for any other non-nil value) places it: lower
depths run first; at equal depths it goes after the others when DEPTH
is positive, before them otherwise.  With LOCAL, change the current
buffer's value (made buffer-local, with a t standing for the default
value's functions) rather than the default value."
  (subr--hook-ensure-bound hook)
  (let* ((depth (subr--hook-depth-number depth))
         (current (subr--hook-change-current-p hook local))
         (functions (subr--hook-functions (if current (symbol-value hook) (default-value hook)))))
    (unless (member function functions)
      (setq functions (subr--hook-insert hook function depth functions)))
    (if (not current)
        (set-default hook functions)
      (subr--hook-keep-permanent hook function)
      (set hook functions))))

(defun remove-hook (hook function &optional local)
  "Remove FUNCTION from HOOK's functions: from the current buffer's value
with LOCAL (if it has one), else from the default value."
  (interactive
   (let ((hook (callint--read-symbol "Hook variable: ")))
     (list hook (car (read-from-string (read-string (format "Remove from %s: " hook))))
           (and (local-variable-p hook) (y-or-n-p "Remove from the buffer-local value? ")))))
  (subr--hook-ensure-bound hook)
  (unless (and local (not (local-variable-p hook)))
    (when (and (local-variable-p hook) (subr--hook-without-t hook))
      (setq local t))
    (let ((value (if local (symbol-value hook) (default-value hook)))
          (removed nil))
      (if (or (not (listp value)) (eq (car value) 'lambda))
          (when (equal value function)
            (setq removed value value nil))
        (setq removed (car (member function value)))
        (when removed (setq value (remq removed value))))
      (when removed
        (let* ((depths (get hook 'hook--depth-alist))
               (entry (assq removed depths)))
          (when entry (put hook 'hook--depth-alist (delq entry depths)))))
      (cond ((not local) (set-default hook value))
            ((equal value '(t)) (kill-local-variable hook))
            (t (set hook value))))))

