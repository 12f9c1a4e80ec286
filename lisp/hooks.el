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

(defun add-hook (hook function &optional depth local)
  "Add FUNCTION to HOOK's functions, unless it is there (`equal').
DEPTH (a number, or 90 for any other non-nil value) places it: lower
depths run first; at equal depths it goes after the others when DEPTH
is positive, before them otherwise.  With LOCAL, change the current
buffer's value (made buffer-local, with a t standing for the default
value's functions) rather than the default value."
  (or (boundp hook) (set hook nil))
  (or (default-boundp hook) (set-default hook nil))
  (unless (numberp depth) (setq depth (if depth 90 0)))
  (if local
      (unless (local-variable-if-set-p hook)
        (set (make-local-variable hook) (list t)))
    (when (subr--hook-without-t hook) (setq local t)))
  (let ((value (if local (symbol-value hook) (default-value hook))))
    (when (or (not (listp value)) (functionp value))
      (setq value (list value)))
    (unless (member function value)
      (when (or (get hook 'hook--depth-alist) (/= depth 0))
        (put hook 'hook--depth-alist
             (cons (cons function depth) (get hook 'hook--depth-alist))))
      (setq value (if (> depth 0)
                      (append value (list function))
                    (cons function value)))
      (let ((depths (get hook 'hook--depth-alist)))
        (when depths
          (setq value (sort (if (> depth 0) value (copy-sequence value))
                            (lambda (a b) (< (subr--hook-depth a depths)
                                             (subr--hook-depth b depths))))))))
    (if (not local)
        (set-default hook value)
      (and (symbolp function)
           (get function 'permanent-local-hook)
           (not (get hook 'permanent-local))
           (put hook 'permanent-local 'permanent-local-hook))
      (set hook value))))

(defun remove-hook (hook function &optional local)
  "Remove FUNCTION from HOOK's functions: from the current buffer's value
with LOCAL (if it has one), else from the default value."
  (interactive
   (let ((hook (callint--read-symbol "Hook variable: ")))
     (list hook (car (read-from-string (read-string (format "Remove from %s: " hook))))
           (and (local-variable-p hook) (y-or-n-p "Remove from the buffer-local value? ")))))
  (or (boundp hook) (set hook nil))
  (or (default-boundp hook) (set-default hook nil))
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

