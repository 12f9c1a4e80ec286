;;; thunk.el --- lazy evaluation: delayed forms and lazy let  -*- lexical-binding: t -*-

;; (thunk-delay BODY...) is a thunk: BODY runs at the first
;; `thunk-force' and its value is kept for the later ones.
;; (thunk-let ((VAR EXPR)...) BODY...) binds each VAR to its EXPR's
;; value computed when VAR is first used; VAR may not be set.

(require 'cl-lib)

(defmacro thunk-delay (&rest body)
  "A thunk that runs BODY once, when first forced."
  (let ((done (make-symbol "done")) (value (make-symbol "value")))
    `(let (,done ,value)
       (lambda (&optional check)
         (cond (check ,done)
               (,done ,value)
               (t (setq ,value (progn ,@body) ,done t) ,value))))))

(defun thunk-force (delayed)
  "The value of the thunk DELAYED, computing it the first time."
  (funcall delayed))

(defun thunk-evaluated-p (delayed)
  "Whether the thunk DELAYED has been forced."
  (funcall delayed t))

(defun thunk--binding-p (binding)
  "Whether BINDING has the form (SYMBOL EXPR)."
  (and (eql (proper-list-p binding) 2)
       (symbolp (car binding))))

(defun thunk--check-bindings (bindings)
  "Signal an error for the first of BINDINGS not of the form (SYMBOL EXPR)."
  (dolist (binding bindings)
    (unless (thunk--binding-p binding)
      (signal 'error (list "Bad binding in thunk-let" binding)))))

(defmacro thunk-let (bindings &rest body)
  "Bind each (VAR EXPR) of BINDINGS lazily around BODY: EXPR runs when
VAR is first used, and never if it is not."
  (declare (indent 1))
  (thunk--check-bindings bindings)
  (let ((thunks (mapcar (lambda (binding)
                          (make-symbol (concat (symbol-name (car binding)) "-thunk")))
                        bindings))
        (delays nil) (uses nil))
    (let ((tail thunks))
      (dolist (binding bindings)
        (push (list (car tail) (list 'thunk-delay (nth 1 binding))) delays)
        (push (list (car binding) (list 'thunk-force (car tail))) uses)
        (setq tail (cdr tail))))
    `(let ,(nreverse delays)
       (cl-symbol-macrolet ,(nreverse uses)
         ,@body))))

(defmacro thunk-let* (bindings &rest body)
  "Like `thunk-let', each EXPR seeing the variables bound before it."
  (declare (indent 1))
  (thunk--check-bindings bindings)
  (if (null bindings)
      (macroexp-progn body)
    `(thunk-let (,(car bindings))
       (thunk-let* ,(cdr bindings) ,@body))))

(provide 'thunk)

;;; thunk.el ends here
