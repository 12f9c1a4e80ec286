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
  "Inside `define-inline': the code template EXP, where `,FORM' marks
a piece filled in from FORM (there is no `,@').  In the function
NAME itself the template is simply run as code."
  (inline--misplaced 'inline-quote))

(defmacro inline-letevals (_vars &rest _body)
  "Inside `define-inline': run BODY once the argument forms named in
VARS have been given variables of their own, so that each is
evaluated exactly once in the inlined code.
An element (VAR EXP) binds VAR to the value of the code EXP; a bare
VAR stands for (VAR VAR).  VARS may end in a symbol instead of nil:
that symbol holds a list of argument forms (a &rest argument), and
it is rebound to a list of forms that are each evaluated once."
  (declare (indent 1))
  (inline--misplaced 'inline-letevals))

(defmacro inline-const-p (_exp)
  "Inside `define-inline': non-nil when EXP's value is known already,
when the call is inlined without running any code."
  (inline--misplaced 'inline-const-p))

(defmacro inline-const-val (_exp)
  "Inside `define-inline': the value of EXP, which should satisfy
`inline-const-p'."
  (inline--misplaced 'inline-const-val))

(defmacro inline-error (_format &rest _args)
  "Inside `define-inline': report, with `format' arguments, that the
call is wrong; the compiler macro then leaves the call alone."
  (inline--misplaced 'inline-error))

;;; ---- The function's body ---------------------------------------------------

(defun inline--comma-p (x)
  (and (consp x) (eq (car x) '\,) (consp (cdr x))))

(defun inline--plain-code (exp)
  "EXP, an `inline-quote' template, as the code it stands for.
A template ending in a comma or a dotted tail becomes an `apply'."
  (cond ((inline--comma-p exp) (nth 1 exp))
        ((not (consp exp)) exp)
        ;; 'FORM and #'FORM around a single `,FORM' are just FORM's value.
        ((and (memq (car exp) '(quote function))
              (consp (cdr exp)) (null (cddr exp))
              (inline--comma-p (nth 1 exp)))
         (nth 1 (nth 1 exp)))
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
         (throw 'inline--give-up call))
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
    (inline-const-val . ,(lambda (exp) `(inline--form-value ,exp inline--call)))
    (inline-error . ,(lambda (&rest _) '(throw 'inline--give-up inline--call)))
    (inline-letevals . inline--inliner-letevals))
  "What the `inline-' macros mean in an inline function's compiler macro.")

;;; ---- define-inline ---------------------------------------------------------

(defun inline--split-body (body)
  "BODY of `define-inline' cut into a list (DOC DECLARATIONS FORMS):
DOC a list of the leading string (even when nothing follows it) or
nil, DECLARATIONS the specs of a `declare' after it, FORMS the rest."
  (let* ((doc (if (stringp (car body)) (list (car body))))
         (rest (if doc (cdr body) body))
         (decl (and (eq (car-safe (car rest)) 'declare) (car rest))))
    (list doc (cdr decl) (if decl (cdr rest) rest))))

(defun inline--expand-body (forms meanings)
  "FORMS as one form, macroexpanded with the `inline-' macros given
the MEANINGS alist."
  (macroexpand-all (macroexp-progn forms)
                   (append meanings macroexpand-all-environment)))

(defun inline--inliner-name (name)
  (intern (concat (symbol-name name) "--inliner")))

(defun inline--inliner-definition (inliner args forms)
  "A `defun' of INLINER, the compiler macro made from FORMS for a
function of ARGS.  It takes the call form first, then the argument
forms; giving up on inlining throws that call form back."
  `(defun ,inliner (inline--call ,@args)
     (catch 'inline--give-up
       ,(inline--expand-body forms inline--inliner-macros))))

;;;###autoload
(defmacro define-inline (name args &rest body)
  "Define NAME as a function of ARGS that the compiler can inline.
BODY, read once with the `inline-' macros meaning plain code, is the
function; read again, it is the body of a compiler macro
NAME--inliner that gets the argument forms and writes the code to
put in place of a call.  There `inline-quote' templates build that
code, `inline-letevals' lets argument forms be evaluated once,
`inline-const-p' and `inline-const-val' look at constant arguments,
and `inline-error' keeps the call as written.
A docstring and a `declare' form may start BODY as in `defun'."
  (declare (indent defun) (debug defun) (doc-string 3))
  (let* ((parts (inline--split-body body))
         (doc (nth 0 parts))
         (declarations (nth 1 parts))
         (forms (nth 2 parts))
         (inliner (inline--inliner-name name)))
    `(progn
       (defun ,name ,args ,@doc
              ,@(and declarations `((declare ,@declarations)))
              ,(inline--expand-body forms inline--function-macros))
       (eval-and-compile
         ,(inline--inliner-definition inliner args forms)
         (function-put ',name 'compiler-macro #',inliner)))))

(provide 'inline)

;;; inline.el ends here
