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

(defun eieio--defalias (name body)
  "Define NAME (or the function NAME is an alias of) as BODY, unless it
is BODY already."
  (let ((target (eieio--alias-target name)))
    (unless (and (fboundp target) (eq (symbol-function target) body))
      (defalias target body))))

(defun eieio--alias-target (name)
  "The symbol that NAME's chain of function aliases ends at."
  (let ((definition (and (fboundp name) (symbol-function name))))
    (if (and definition (symbolp definition))
        (eieio--alias-target definition)
      name)))

(defun eieio--defgeneric (method doc-string)
  "What `defgeneric' does: METHOD made a generic function, keeping its
methods, with DOC-STRING; an error if it is a plain function."
  (when doc-string
    (put method 'function-documentation doc-string))
  ;; These two are plain functions calling cl-generic's namesakes.
  (unless (memq method '(no-next-method no-applicable-method))
    (cl-generic--ensure method))
  method)

(defmacro defgeneric (method args &optional doc-string)
  "Make METHOD a generic function, keeping the methods it has; ARGS is
ignored.  Obsolete: use `cl-defgeneric'."
  (declare (doc-string 3) (indent 2))
  (ignore args)
  `(eieio--defgeneric ',method ,doc-string))

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
    (let ((body `((cl-flet ((call-next-method (&rest args) (apply #'cl-call-next-method args))
                            (next-method-p () (cl-next-method-p)))
                    ,@args))))
      (pcase method
        ('no-next-method
         `(cl-defmethod cl-no-next-method ,@qualifiers (_generic _method ,@arglist) ,@doc
            ,@body))
        ('no-applicable-method (eieio--compat-no-applicable qualifiers arglist doc body))
        (_ `(cl-defmethod ,method ,@qualifiers ,arglist ,@doc ,@body))))))

(defun eieio--compat-no-applicable (qualifiers arglist doc body)
  "A method of `cl-no-applicable-method' from an old one of
`no-applicable-method' with QUALIFIERS, ARGLIST (OBJECT METHOD ARGS...),
DOC and BODY: the old one got the object, the generic function's name,
then all the arguments."
  (let* ((first (car arglist))
         (object (if (consp first) (car first) first)))
    `(cl-defmethod cl-no-applicable-method ,@qualifiers
       (generic ,first &rest args) ,@doc
       (apply (lambda ,(cons object (cdr arglist)) ,@body)
              ,object (cl--generic-name generic) ,object args))))

;; Code catching EIEIO's old error still catches cl-generic's.
(push 'no-method-definition (get 'cl-no-applicable-method 'error-conditions))

(defun generic-p (fname)
  "Non-nil if FNAME names a generic function."
  (and (cl-generic-p fname) t))

(defun no-next-method (&rest args)
  (declare (obsolete cl-no-next-method "25.1"))
  (apply #'cl-no-next-method 'unknown nil args))

(defun no-applicable-method (object method &rest args)
  (declare (obsolete cl-no-applicable-method "25.1"))
  (apply #'cl-no-applicable-method method object args))

(provide 'eieio-compat)

;;; eieio-compat.el ends here
