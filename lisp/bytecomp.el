;;; bytecomp.el --- byte-compile, for the scripts that call it  -*- lexical-binding: t -*-

;; marrow has no byte compiler.  It runs the byte code Emacs's compiler
;; writes into .elc files, and its evaluator analyses each function body
;; once, when it is first run, resolving variables to slots: what a
;; script calling `byte-compile' for speed wants is already done.  So
;; `byte-compile' hands back the function it would have compiled, and a
;; benchmark that compiles its functions before timing them runs
;; unchanged.  `byte-code-function-p' of the result is nil.

;;; Code:

(defun byte-compile (form)
  "FORM as a function, as Emacs's `byte-compile' gives it, though not
compiled to byte code.  A symbol stands for its function definition,
which stays; a macro's comes back as (macro . FUNCTION).  A lambda form
becomes a closure; a function is itself.  Any other form is
evaluated, as Emacs evaluates the code it compiles from one.  A bad
lambda list is reported, or signalled under `byte-compile-debug'."
  (cond ((null form) nil)
        ((symbolp form)
         (let ((def (and (fboundp form) (symbol-function form))))
           (if (eq (car-safe def) 'macro)
               (cons 'macro (byte-compile (cdr def)))
             (byte-compile def))))
        ((memq (car-safe form) '(lambda closure))
         (bytecomp--if-lambda-list-ok
          (if (eq (car form) 'lambda) (cadr form) (nth 2 form))
          (lambda () (if (eq (car form) 'lambda) (eval form t) form))))
        ((functionp form) form)
        (t (eval form t))))

(defun bytecomp--if-lambda-list-ok (args then)
  "Call THEN when ARGS is a good lambda list; else report the error as
the compiler does, a message whose text is the value, unless
`byte-compile-debug' asks for the error itself."
  (if byte-compile-debug
      (progn (byte-compile-check-lambda-list args) (funcall then))
    (condition-case err
        (progn (byte-compile-check-lambda-list args) (funcall then))
      (error (message " Error: %s" (error-message-string err))))))

(defun byte-compile-check-lambda-list (list)
  "Signal an error when LIST is no lambda list: a variable that is no
symbol or is constant, &rest not followed by exactly one variable, or
&optional twice.  A repeated variable (not named _...) gets a warning."
  (let ((seen nil))
    (while list
      (let ((arg (car list)))
        (cond ((or (not (symbolp arg)) (memq arg '(nil t)) (keywordp arg))
               (error "Invalid lambda variable %s" arg))
              ((eq arg '&rest) (bytecomp--check-rest (cdr list)))
              ((eq arg '&optional)
               (when (memq '&optional (cdr list))
                 (error "Duplicate &optional")))
              ((and (memq arg seen) (not (string-prefix-p "_" (symbol-name arg))))
               (message " Warning: repeated variable %s in lambda-list" arg))
              (t (push arg seen))))
      (setq list (cdr list)))))

(defun bytecomp--check-rest (after)
  "Check AFTER, what follows &rest in a lambda list."
  (cond ((null after) (error "&rest without variable name"))
        ((cdr after) (error "Garbage following &rest VAR in lambda-list"))
        ((memq (car after) '(&optional &rest))
         (error "%s following &rest in lambda-list" (car after)))))

(provide 'bytecomp)

;;; bytecomp.el ends here
