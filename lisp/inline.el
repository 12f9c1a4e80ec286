;;; inline.el --- functions that also inline themselves, for marrow  -*- lexical-binding: t -*-

;; `define-inline' as GNU Emacs 28 has it, written for marrow from its
;; documentation and behaviour.  One body gives two functions:
;; - NAME itself, where `inline-quote' is plain code (its commas
;;   dropped), `inline-const-p' is t, `inline-const-val' the value,
;;   `inline-letevals' a `let' of its (VAR EXP) pairs and `inline-error'
;;   `error';
;; - NAME--inliner, NAME's compiler macro, which gets the argument
;;   forms and returns the form to use instead of the call: there
;;   `inline-quote' builds code, the constant tests look at the forms,
;;   and `inline-error' (or a value asked of a form that is no constant)
;;   gives up, keeping the call as it is.

(require 'macroexp)

(defun inline--misplaced (name)
  (error "%s can only be used within define-inline" name))

(defmacro inline-quote (_exp)
  "Similar to backquote, but quotes code and only accepts , and not ,@."
  (inline--misplaced 'inline-quote))

(defmacro inline-letevals (_vars &rest _body)
  "Make sure the expressions in VARS are evaluated.
VARS should be a list of elements of the form (VAR EXP) or just VAR, in case
EXP is equal to VAR.  The result is to evaluate EXP and bind the result to VAR.

The tail of VARS can be either nil or a symbol VAR which should hold a list
of arguments, in which case each argument is evaluated and the resulting
new list is re-bound to VAR.

After VARS is handled, BODY is evaluated in the new environment."
  (declare (indent 1))
  (inline--misplaced 'inline-letevals))

(defmacro inline-const-p (_exp)
  "Return non-nil if the value of EXP is already known."
  (inline--misplaced 'inline-const-p))

(defmacro inline-const-val (_exp)
  "Return the value of EXP."
  (inline--misplaced 'inline-const-val))

(defmacro inline-error (_format &rest _args)
  "Signal an error."
  (inline--misplaced 'inline-error))

;;; ---- The function's body ---------------------------------------------------

(defun inline--comma-p (x)
  (and (consp x) (eq (car x) '\,) (consp (cdr x))))

(defun inline--plain-code (exp)
  "EXP, an `inline-quote' template, as the code it stands for.
A template ending in a comma or a dotted tail becomes an `apply'."
  (cond ((inline--comma-p exp) (nth 1 exp))
        ((not (consp exp)) exp)
        (t
         (let ((items nil) (rest exp))
           (while (and (consp rest) (not (inline--comma-p rest)))
             (push (inline--plain-code (car rest)) items)
             (setq rest (cdr rest)))
           (setq items (nreverse items))
           (if (null rest)
               items
             `(apply #',(car items) ,@(cdr items) ,(inline--plain-code rest)))))))

(defun inline--function-letevals (vars &rest body)
  "`inline-letevals' in NAME's own body: only (VAR EXP) pairs bind."
  (let ((pairs nil))
    (while (consp vars)
      (when (consp (car vars)) (push (car vars) pairs))
      (setq vars (cdr vars)))
    (if pairs
        `(let ,(nreverse pairs) ,@body)
      (macroexp-progn body))))

(defconst inline--function-macros
  `((inline-quote . inline--plain-code)
    (inline-const-p . ,(lambda (_exp) t))
    (inline-const-val . identity)
    (inline-error . ,(lambda (format &rest args) `(error ,format ,@args)))
    (inline-letevals . inline--function-letevals))
  "What the `inline-' macros mean in an inline function's own body.")

;;; ---- The compiler macro's body ---------------------------------------------

(defun inline--self-quoting-p (x)
  (or (not (symbolp x)) (memq x '(nil t)) (keywordp x)))

(defun inline--code-building (exp)
  "Code building, from the argument forms, the code template EXP
stands for (`inline-quote' in a compiler macro)."
  (cond ((inline--comma-p exp) (nth 1 exp))
        ((not (consp exp))
         (if (inline--self-quoting-p exp) exp (list 'quote exp)))
        (t
         (let ((items nil) (rest exp))
           (while (and (consp rest) (not (inline--comma-p rest)))
             (push (inline--code-building (car rest)) items)
             (setq rest (cdr rest)))
           (if (null rest)
               (cons 'list (nreverse items))
             ;; A dotted template: conses, innermost the tail.
             (let ((built (inline--code-building rest)))
               (dolist (item items built)
                 (setq built (list 'cons item built)))))))))

(defun inline--const-form-p (form)
  "Non-nil if FORM's value is known without running it."
  (or (macroexp-const-p form) (eq (car-safe form) 'function)))

(defun inline--form-value (form call)
  "The value of the constant FORM; if it is none, give up inlining and
keep CALL."
  (cond ((not (inline--const-form-p form))
         (throw 'inline--just-use call))
        ((consp form) (nth 1 form))
        (t form)))

(defun inline--bind-form (form name always body-fn)
  "Call BODY-FN with what stands for FORM's value: FORM itself when it
may be copied (and ALWAYS is nil), else a new symbol called NAME, then
bound to FORM around the code BODY-FN returns."
  (let* ((var (if (and (not always) (macroexp-copyable-p form))
                  form
                (make-symbol name)))
         (code (funcall body-fn var)))
    (if (eq var form)
        code
      (macroexp-let* (list (list var form)) code))))

(defun inline--bind-forms (forms body-fn)
  "Call BODY-FN with FORMS, each that may not be copied replaced by a
new variable, bound to it around the code BODY-FN returns."
  (let* ((bindings nil)
         (vars (mapcar (lambda (form)
                         (if (macroexp-copyable-p form)
                             form
                           (let ((var (gensym "v")))
                             (push (list var form) bindings)
                             var)))
                       forms)))
    (macroexp-let* (nreverse bindings) (funcall body-fn vars))))

(defun inline--inliner-letevals (vars &rest body)
  "`inline-letevals' in a compiler macro: code binding VARS' forms."
  (cond ((consp vars)
         (let* ((spec (car vars))
                (var (if (consp spec) (car spec) spec))
                (form (if (consp spec) (nth 1 spec) var)))
           `(inline--bind-form ,form ,(symbol-name var) ,(consp spec)
                               (lambda (,var)
                                 ,(apply #'inline--inliner-letevals (cdr vars) body)))))
        (vars
         `(inline--bind-forms ,vars (lambda (,vars) ,@body)))
        (t (macroexp-progn body))))

(defconst inline--inliner-macros
  `((inline-quote . inline--code-building)
    (inline-const-p . ,(lambda (exp) `(inline--const-form-p ,exp)))
    (inline-const-val . ,(lambda (exp) `(inline--form-value ,exp inline--form)))
    (inline-error . ,(lambda (&rest _) '(throw 'inline--just-use inline--form)))
    (inline-letevals . inline--inliner-letevals))
  "What the `inline-' macros mean in an inline function's compiler macro.")

;;; ---- define-inline ---------------------------------------------------------

;;;###autoload
(defmacro define-inline (name args &rest body)
  "Define an inline function NAME with arguments ARGS and body in BODY.

This is like `defmacro', but has several advantages.
See Info node `(elisp)Defining Functions' for more details."
  (declare (indent defun) (debug defun) (doc-string 3))
  (let ((doc (and (stringp (car body)) (list (pop body))))
        (declarations (and (eq (car-safe (car body)) 'declare)
                           (cdr (pop body))))
        (inliner (intern (format "%s--inliner" name)))
        (code (macroexp-progn body)))
    `(progn
       (defun ,name ,args ,@doc
              (declare (compiler-macro ,inliner) ,@declarations)
              ,(macroexpand-all code (append inline--function-macros
                                             macroexpand-all-environment)))
       :autoload-end
       (eval-and-compile
         (defun ,inliner (inline--form ,@args)
           (ignore inline--form)
           (catch 'inline--just-use
             ,(macroexpand-all code (append inline--inliner-macros
                                            macroexpand-all-environment))))))))

(provide 'inline)

;;; inline.el ends here
