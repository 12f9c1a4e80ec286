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
evaluated, as Emacs evaluates the code it compiles from one."
  (cond ((null form) nil)
        ((symbolp form)
         (let ((def (and (fboundp form) (symbol-function form))))
           (if (eq (car-safe def) 'macro)
               (cons 'macro (byte-compile (cdr def)))
             (byte-compile def))))
        ((eq (car-safe form) 'lambda) (eval form t))
        ((functionp form) form)
        (t (eval form t))))

(provide 'bytecomp)

;;; bytecomp.el ends here
