;;; env.el --- environment variables in strings  -*- lexical-binding: t -*-

;; Emacs 28's env.el functions, written for marrow: `getenv' and
;; `setenv' are primitives in src/sysfns.c.  Emacs preloads env.el, so
;; subr.el autoloads these and provides the feature.

(defconst env--reference-regexp
  "\\$\\(?:\\(?1:[[:alnum:]_]+\\)\\|{\\(?1:[^{}]+\\)}\\|\\$\\)"
  "A reference in a string: $NAME or ${NAME} (group 1 is NAME), or $$.")

(defun substitute-env-vars (string &optional when-undefined)
  "STRING with each $NAME or ${NAME} replaced by the value of
environment variable NAME, and each $$ by a single $.  NAME in the
first form is letters, digits and underscores.  For an undefined
variable WHEN-UNDEFINED says: nil, the reference goes; a function,
it is called with NAME and gives the replacement; anything else, the
reference stays as it is."
  (let ((start 0) (pieces nil))
    (while (string-match env--reference-regexp string start)
      (let* ((name (match-string 1 string))
             (value (and name (getenv name))))
        (push (substring string start (match-beginning 0)) pieces)
        (push (cond ((null name) "$")
                    (value value)
                    ((null when-undefined) "")
                    ((functionp when-undefined) (funcall when-undefined name))
                    (t (match-string 0 string)))
              pieces)
        (setq start (match-end 0))))
    (push (substring string start) pieces)
    (apply #'concat (nreverse pieces))))

(defun substitute-env-in-file-name (filename)
  "FILENAME with its environment variable references replaced as
`substitute-env-vars' does, undefined ones left as they are."
  (substitute-env-vars filename t))

(defmacro with-environment-variables (variables &rest body)
  "Run BODY with the environment variables of VARIABLES, a list of
\(NAME VALUE) whose elements are evaluated, set; the environment is
as it was afterwards."
  (declare (indent 1) (debug (sexp body)))
  `(let ((process-environment (copy-sequence process-environment)))
     ,@(mapcar (lambda (binding) `(setenv ,(car binding) ,(cadr binding)))
               variables)
     ,@body))

(provide 'env)

;;; env.el ends here
