;;; eieio-compat.el --- EIEIO's obsolete defgeneric and defmethod  -*- lexical-binding: t -*-

;; Before cl-generic, EIEIO defined methods with `defmethod': one
;; qualifier keyword (:before, :primary, :after or :static), and a body
;; calling the next method with `call-next-method' and asking for it
;; with `next-method-p'.  A :static method's first argument is a class
;; name or an object of that class.  Emacs 28 keeps these in
;; eieio-compat.el; so does marrow.

(require 'eieio)

(defun eieio--static-key (arg)
  "For cl-generic: the dispatch key of ARG when it names a class, else nil."
  (and (symbolp arg) (eieio--class-p (cl--find-class arg)) (cons 'eieio--static arg)))

(defun eieio--static-rank (spec arg)
  "For cl-generic: how specific (eieio--static CLASS) is for ARG, a class
name or an object, or nil."
  (if (symbolp arg)
      (eieio--subclass-rank spec arg)
    (cl-generic--rank (nth 1 spec) arg)))

(setf (alist-get 'eieio--static cl-generic--specializer-kinds)
      (cons #'eieio--static-key #'eieio--static-rank))

(defmacro defgeneric (method args &optional doc-string)
  "Define METHOD, taking ARGS, as a generic function, keeping the methods
it has.  Obsolete: use `cl-defgeneric'."
  (declare (doc-string 3) (indent 2))
  `(cl-defgeneric ,method ,args ,@(and doc-string (list doc-string))))

(defun eieio--compat-static-args (args)
  "ARGS with the first one's specializer made (eieio--static CLASS)."
  (let ((first (car args)))
    (if (consp first)
        (cons (list (car first) (list 'eieio--static (nth 1 first))) (cdr args))
      args)))

(defmacro defmethod (method &rest args)
  "Define a method of METHOD: [QUALIFIER] ARGS [DOC] BODY..., with
`call-next-method' and `next-method-p' in BODY.  Obsolete: use
`cl-defmethod'."
  (declare (doc-string 3) (indent defun))
  (let* ((qualifier (and (keywordp (car args)) (pop args)))
         (arglist (pop args))
         (doc (and (stringp (car args)) (cdr args) (list (pop args))))
         (qualifiers (pcase qualifier
                       ((or 'nil :primary :PRIMARY) nil)
                       ((or :before :BEFORE) '(:before))
                       ((or :after :AFTER) '(:after))
                       ((or :around :AROUND) '(:around))
                       ((or :static :STATIC) nil)
                       (_ (error "Unknown method qualifier %S" qualifier)))))
    (when (memq qualifier '(:static :STATIC))
      (setq arglist (eieio--compat-static-args arglist)))
    `(cl-defmethod ,method ,@qualifiers ,arglist ,@doc
       (cl-flet ((call-next-method (&rest args) (apply #'cl-call-next-method args))
                 (next-method-p () (cl-next-method-p)))
         ,@args))))

(provide 'eieio-compat)

;;; eieio-compat.el ends here
