;;; cl-lib.el --- a subset of Common Lisp for marrow  -*- lexical-binding: t -*-

;; What (require 'cl-lib) gives in GNU Emacs, for the parts marrow
;; supports: blocks, cl-loop, cl-defstruct, cl-defun, local functions,
;; and the common sequence functions.
;;
;; Invariants:
;; - Builds only on subr.el (preloaded) and C primitives.
;; - `cl-block' costs a `catch' only when its body can return from it:
;;   the body is searched for `cl-return', `cl-return-from' and the
;;   loop's `return' clause before a catch is set up.
;; - Generated loops are `while' loops over uninterned variables, so they
;;   allocate nothing per iteration beyond what the user's clauses do.

;;; ---- Small functions ------------------------------------------------

(defun cl-evenp (integer) "True if INTEGER is even." (eq (logand integer 1) 0))
(defun cl-oddp (integer) "True if INTEGER is odd." (eq (logand integer 1) 1))
(defsubst cl-plusp (number) "True if NUMBER is positive." (> number 0))
(defsubst cl-minusp (number) "True if NUMBER is negative." (< number 0))

;; As Emacs 28's cl-lib, the first accessors and the c[ad]r ones are
;; aliases, so that `symbol-function' and the expansions of
;; `macroexpand-all' and `setf' (through the aliases' compiler macros
;; and place expanders) agree with Emacs's.
(dolist (name '(caaar caadr cadar caddr cdaar cdadr cddar cdddr
                caaaar caaadr caadar caaddr cadaar cadadr caddar cadddr
                cdaaar cdaadr cdadar cdaddr cddaar cddadr cdddar cddddr))
  (defalias (intern (concat "cl-" (symbol-name name))) name))
(defalias 'cl-first 'car)
(defalias 'cl-second 'cadr)
(defalias 'cl-rest 'cdr)
(defalias 'cl-third 'cl-caddr "Return the third element of the list X.")
(defalias 'cl-fourth 'cl-cadddr "Return the fourth element of the list X.")
(defsubst cl-fifth (x) (nth 4 x))
(defsubst cl-sixth (x) (nth 5 x))
(defsubst cl-seventh (x) (nth 6 x))
(defsubst cl-eighth (x) (nth 7 x))
(defsubst cl-ninth (x) (nth 8 x))
(defsubst cl-tenth (x) (nth 9 x))

(defun cl-copy-list (list)
  "A copy of LIST's conses; a dotted list keeps its final cdr."
  (if (consp list)
      (let ((copy (list (car list))))
        (let ((tail copy))
          (while (consp (setq list (cdr list)))
            (setq tail (setcdr tail (list (car list)))))
          (setcdr tail list))
        copy)
    (car list)))

;;; ---- Blocks -----------------------------------------------------------

(defun cl-lib--block-tag (name)
  (intern (format "--cl-block-%s--" name)))

(defconst cl-lib--simple-funcs
  '(car cdr nth aref elt if and or + - 1+ 1- min max car-safe cdr-safe progn prog1 prog2)
  "Functions a form may call and still be simple, as for Emacs's cl-macs.")

(defconst cl-lib--safe-funcs '(* / % length memq list vector vectorp < > <= >= = error)
  "Further functions a form may call and still be free of side effects.")

(defun cl-lib--call-of-p (x funcs)
  "Non-nil if X calls one of FUNCS or a side-effect-free function."
  (and (symbolp (car x))
       (or (memq (car x) funcs) (get (car x) 'side-effect-free))))

(defun cl-lib--quoted-p (x)
  (or (atom x) (memq (car x) '(quote function cl-function))))

(defun cl-lib--simple-size (x size)
  "What remains of SIZE once the form X is counted, or nil if X is not
quick and free of side effects within SIZE."
  (if (cl-lib--quoted-p x)
      (and (> size 0) (1- size))
    (and (cl-lib--call-of-p x cl-lib--simple-funcs)
         (let ((left (1- size)) (args (cdr x)))
           (while (and args (setq left (cl-lib--simple-size (car args) left)))
             (setq args (cdr args)))
           (and (null args) left (>= left 0) left)))))

(defun cl-lib--safe-p (x)
  "Non-nil if the form X has no side effects."
  (or (cl-lib--quoted-p x)
      (and (cl-lib--call-of-p x (append cl-lib--simple-funcs cl-lib--safe-funcs))
           (let ((ok t))
             (dolist (arg (cdr x) ok)
               (setq ok (and ok (cl-lib--safe-p arg))))))))

(defun cl-lib--returns-p (form)
  "True when FORM may return from a block (searched conservatively)."
  (or (subr--mentions-p 'cl-return form)
      (subr--mentions-p 'cl-return-from form)))

(defmacro cl-block (name &rest body)
  "Define a lexically-scoped block named NAME; `cl-return-from' exits it."
  (declare (indent 1))
  ;; As in Emacs, a body free of side effects is a progn; a block
  ;; nothing returns from is its body, a lone form being itself.
  (cond ((cl-lib--safe-p `(progn ,@body)) `(progn ,@body))
        ((cl-lib--returns-p body) `(catch ',(cl-lib--block-tag name) ,@body))
        ((and body (null (cdr body))) (car body))
        (t `(progn ,@body))))

(defmacro cl-return (&optional result)
  "Return RESULT from the block named nil."
  `(cl-return-from nil ,result))

(defmacro cl-return-from (name &optional result)
  "Return RESULT from the block named NAME."
  `(throw ',(cl-lib--block-tag name) ,result))

(defmacro cl-dolist (spec &rest body)
  "Like `dolist', inside a block named nil."
  (declare (indent 1))
  `(cl-block nil (dolist ,spec ,@body)))

(defmacro cl-dotimes (spec &rest body)
  "Like `dotimes', inside a block named nil."
  (declare (indent 1))
  `(cl-block nil (dotimes ,spec ,@body)))

(defmacro cl-psetq (&rest pairs)
  "Set variables in parallel: every value is computed before any is stored."
  (cons 'cl-psetf pairs))

(defmacro cl-do (steps endtest &rest body)
  "Bind STEPS ((VAR INIT [STEP])...) and loop over BODY until ENDTEST.
ENDTEST is (TEST RESULT...)."
  (declare (indent 2))
  (cl-lib--do 'let 'cl-psetq steps endtest body))

(defmacro cl-do* (steps endtest &rest body)
  (declare (indent 2))
  (cl-lib--do 'let* 'setq steps endtest body))

(defun cl-lib--do (binder setter steps endtest body)
  (let ((updates (apply #'append
                        (mapcar (lambda (s) (and (consp s) (cdr (cdr s))
                                                 (list (car s) (nth 2 s))))
                                steps))))
    `(cl-block nil
       (,binder ,(mapcar (lambda (s) (if (consp s) (list (car s) (nth 1 s)) s)) steps)
         (while (not ,(car endtest))
           ,@body
           ,@(and updates (list (cons setter updates))))
         ,@(cdr endtest)))))

(defmacro cl-case (expr &rest clauses)
  "Evaluate EXPR and choose among CLAUSES by `eql' on their keys."
  (declare (indent 1))
  (macroexp-let2 macroexp-copyable-p temp expr
    (let ((keys nil))
      `(cond
        ,@(mapcar
           (lambda (c)
             (let ((k (car c)))
               (cons (cond ((memq k '(t otherwise)) t)
                           ((eq k 'cl--ecase-error-flag)
                            `(error "cl-ecase failed: %s, %s" ,temp ',(reverse keys)))
                           ((listp k) (setq keys (append k keys)) `(cl-member ,temp ',k))
                           (t (when (memq k keys)
                                (error "Duplicate key in case: %s" k))
                              (push k keys)
                              `(eql ,temp ',k)))
                     (or (cdr c) '(nil)))))
           clauses)))))

(defmacro cl-ecase (expr &rest clauses)
  "Like `cl-case', but signal an error when no clause matches."
  (declare (indent 1))
  ;; The last clause stands for that error, as in Emacs.
  `(cl-case ,expr ,@clauses (cl--ecase-error-flag)))

(defun cl--assertion-failed (form &optional string sargs args)
  "Report that the check FORM of a `cl-assert' came out false.
A format STRING makes it a plain `error' whose arguments are the
shown values SARGS followed by ARGS; without one the error is
`cl-assertion-failed', whose data is FORM and the shown values."
  (when string
    (apply #'error string (append sargs args)))
  (signal 'cl-assertion-failed (cons form sargs)))

(defun cl-lib--assert-shown-args (form)
  "The argument forms of the call FORM whose values a failed assertion
shows: all but the constant ones."
  (let ((shown nil))
    (dolist (arg (cdr-safe form))
      (unless (macroexp-const-p arg)
        (push arg shown)))
    (nreverse shown)))

(defmacro cl-assert (form &optional show-args string &rest args)
  "Evaluate FORM and fail unless its value is non-nil; always nil.
The failure is `cl-assertion-failed'; with SHOW-ARGS it also carries
the values of FORM's non-constant arguments.  STRING and ARGS turn it
into an `error' with that message instead."
  (let* ((shown (and show-args (cl-lib--assert-shown-args form)))
         (extra (and (or string shown args)
                     (list string (cons 'list shown) (cons 'list args)))))
    (list 'progn
          (list 'or form (cl-lib--quoted-call 'cl--assertion-failed form extra))
          nil)))

(defun cl-lib--quoted-call (function quoted &optional more-args)
  "A call of FUNCTION on QUOTED, quoted, and the forms MORE-ARGS."
  (cons function (cons (list 'quote quoted) more-args)))

(defun cl-lib--on-stable-value (form build)
  "BUILD's form, handed a copyable expression for the value of FORM.
That is FORM itself when it may be copied, else a temporary bound to
its value around the result, as `macroexp-let2' does."
  (if (macroexp-copyable-p form)
      (funcall build form)
    (let ((temp (make-symbol "temp")))
      (list 'let* (list (list temp form)) (funcall build temp)))))

(defun cl-lib--type-error-form (description value form)
  "A form signalling that VALUE, from the form FORM, is not of the type
DESCRIPTION (a form) names."
  (list 'signal ''wrong-type-argument
        (list 'list description value (list 'quote form))))

(defun cl-lib--type-description (type string)
  "The form naming what `cl-check-type' expected: STRING, else TYPE quoted,
a (satisfies PRED) type being named by PRED."
  (cond (string)
        ((eq (car-safe type) 'satisfies) (list 'quote (nth 1 type)))
        (t (list 'quote type))))

(defmacro cl-check-type (form type &optional string)
  "Fail with `wrong-type-argument' when the place FORM holds no TYPE.
The error data are STRING (or TYPE), the value and FORM.  Returns nil."
  (cl-lib--on-stable-value
   form
   (lambda (value)
     (let ((complaint (cl-lib--type-error-form
                       (cl-lib--type-description type string) value form)))
       (list 'progn
             (list 'or (list 'cl-typep value (list 'quote type)) complaint)
             nil)))))

(defmacro cl-deftype (name arglist &rest body)
  "Define NAME as a type: BODY, run with the arguments of (NAME ARGS...)
in a type, returns the type it stands for.  As in Emacs, an &optional
argument without a default is `*'."
  (declare (indent 2))
  `(put ',name 'cl-deftype-handler
        ,(if (and (cl-lib--simple-lambda-list-p arglist) (not (memq '&optional arglist)))
             `(function (lambda ,arglist ,@body))
           `(cl-function (lambda ,(cl-lib--deftype-arglist arglist) ,@body)))))

(defun cl-lib--deftype-arglist (arglist)
  (let ((optional nil))
    (mapcar (lambda (a)
              (cond ((memq a '(&rest &body &key &aux)) (setq optional nil) a)
                    ((eq a '&optional) (setq optional t) a)
                    ((and optional (symbolp a)) (list a ''*))
                    (t a)))
            arglist)))

;; A bound of a numeric type: * or nil for none, N inclusive, (N) exclusive.
(defun cl-lib--above-low-p (x low)
  (cond ((memq low '(* nil)) t)
        ((consp low) (> x (car low)))
        (t (>= x low))))
(defun cl-lib--below-high-p (x high)
  (cond ((memq high '(* nil)) t)
        ((consp high) (< x (car high)))
        (t (<= x high))))

(defun cl-typep (object type)
  "True if OBJECT is of type TYPE (a predicate name's type, a struct, or
a type whose `cl-deftype-satisfies' property names its predicate).  As
in Emacs, the true value is the predicate's when one decides, the last
type's for (and TYPES...)."
  (cond ((eq type t) t)
        ((and (symbolp type) (get type 'cl-deftype-handler))
         (cl-typep object (funcall (get type 'cl-deftype-handler))))
        ((and (consp type) (symbolp (car type)) (get (car type) 'cl-deftype-handler))
         (cl-typep object (apply (get (car type) 'cl-deftype-handler) (cdr type))))
        ((null type) nil)
        ((eq type 'null) (null object))
        ((eq type 'list) (listp object))
        ((eq type 'atom) (atom object))
        ((eq type 'real) (numberp object))
        ((eq type 'fixnum) (fixnump object))
        ((eq type 'base-char) (characterp object))
        ((and (symbolp type) (get type 'cl-deftype-satisfies))
         (funcall (get type 'cl-deftype-satisfies) object))
        ((and (symbolp type) (get type 'cl-lib--struct-tags))
         (and (memq (cl-lib--struct-tag-at type object)
                    (get type 'cl-lib--struct-tags))
              t))
        ((and (consp type) (eq (car type) 'or))
         (let ((types (cdr type)) found)
           (while (and types (not found))
             (setq found (cl-typep object (pop types))))
           found))
        ((and (consp type) (eq (car type) 'and))
         (let ((types (cdr type)) (value t))
           (while (and types (setq value (cl-typep object (pop types)))))
           value))
        ((and (consp type) (eq (car type) 'not)) (not (cl-typep object (nth 1 type))))
        ((and (consp type) (eq (car type) 'satisfies)) (funcall (nth 1 type) object))
        ((and (consp type) (memq (car type) '(member cl-member eql)))
         (and (memql object (cdr type)) t))
        ((and (consp type) (memq (car type) '(integer float real number)))
         (and (cl-typep object (car type))
              (cl-lib--above-low-p object (nth 1 type))
              (cl-lib--below-high-p object (nth 2 type))
              t))
        ((consp type) (error "Bad type spec: %s" type))
        (t (let ((pred (intern (format "%sp" type)))
                 (pred2 (intern (format "%s-p" type))))
             (cond ((fboundp pred) (funcall pred object))
                   ((fboundp pred2) (funcall pred2 object))
                   ((fboundp type) (funcall type object))
                   (t (error "Unknown type %S" type)))))))

;;; ---- Lambda lists with &key and defaults --------------------------------
;;
;; marrow's C lambda lists know &optional and &rest.  cl-defun turns a
;; richer list into (REQUIRED... &rest ARGS) and a `let*' that takes
;; the optional and keyword values out of ARGS.

(defun cl-lib--simple-lambda-list-p (args)
  (let ((ok t))
    (dolist (a args)
      (unless (and (symbolp a) (not (memq a '(&key &aux &body &allow-other-keys))))
        (setq ok nil)))
    ok))

(defun cl-lib--kw-get (args key default-fn)
  "The value after KEY in the plist ARGS, or the result of DEFAULT-FN."
  (let ((tail args))
    (while (and tail (not (eq (car tail) key)))
      (setq tail (cdr (cdr tail))))
    (if tail (car (cdr tail)) (funcall default-fn))))

(defun cl-lib--check-keys (args keys)
  (let ((tail args))
    (unless (plist-get args :allow-other-keys)
      (while tail
        (unless (memq (car tail) keys)
          (error "Keyword argument %S not one of %S" (car tail) keys))
        (setq tail (cdr (cdr tail)))))))

(defun cl-lib--with-defaults (args slots)
  "Lambda list ARGS with each optional or keyword argument that has no
default of its own given its slot's non-nil default: how a struct's BOA
constructor fills the slots its caller leaves out, as in Emacs."
  (let ((mode nil))
    (mapcar (lambda (a)
              (when (memq a '(&optional &rest &key &aux &body)) (setq mode a))
              (let ((var (if (consp a) (car a) a)))
                (if (and (memq mode '(&optional &key)) (not (memq a '(&optional &key)))
                         (symbolp var) (or (symbolp a) (null (cdr a)))
                         (nth 1 (assq var slots)))
                    (list var (nth 1 (assq var slots)))
                  a)))
            args)))

(defun cl-lib--aux-split (args)
  "(BEFORE . AUX-BINDINGS): ARGS up to &aux, and its variables as `let*'
bindings."
  (let ((aux (memq '&aux args)))
    (cons (butlast args (length aux))
          (mapcar (lambda (a) (if (consp a) (list (car a) (nth 1 a)) (list a nil)))
                  (cdr aux)))))

(defun cl-lib--plain-prefix (args temporaries)
  "(PREFIX . REST): the leading arguments of ARGS that a plain lambda
list takes as they are (required and optional variables without
defaults, up to one of TEMPORARIES, the stand-ins of destructuring
patterns), and the rest of ARGS, which the Lisp code parses; REST
starts with &optional if PREFIX ended optional arguments."
  (let ((prefix nil))
    (while (and args (symbolp (car args))
                (not (memq (car args) '(&rest &body &key &aux &allow-other-keys)))
                (not (memq (car args) temporaries)))
      (push (pop args) prefix))
    (when (memq '&optional prefix)
      (when (eq (car prefix) '&optional)
        (pop prefix))
      (when (and args (not (memq (car args) '(&rest &body &key &aux &allow-other-keys))))
        (push '&optional args)))
    (cons (nreverse prefix) args)))

(defun cl-lib--parse-lambda-list (name args temporaries)
  "Return (PLAIN-ARGS . BINDINGS) for the cl lambda list ARGS, whose
destructuring patterns are TEMPORARIES now: a plain list stays as it
is, else, as in Emacs, its plain prefix is followed by &rest VAR (the
list's own &rest variable if it comes next, else --cl-rest--), and
BINDINGS, for a `let*', take the other arguments out of VAR."
  (if (not (cl-lib--rewritten-p args temporaries))
      (cl-lib--aux-split args)
    (let* ((split (cl-lib--plain-prefix args temporaries))
           (prefix (car split))
           (args (cdr split))
           (own-rest (and (memq (car args) '(&rest &body)) (nth 1 args)))
           (rest (or own-rest (make-symbol "--cl-rest--")))
           (positional (length (remq '&optional prefix)))
           (taken 0) (bindings nil) (mode 'required) (keys nil) (allow nil) (has-rest nil))
      (dolist (a (if own-rest (nthcdr 2 args) args))
        (cond
         ((eq a '&optional) (setq mode 'optional))
         ((memq a '(&rest &body)) (setq mode 'rest has-rest t))
         ((eq a '&key) (setq mode 'key))
         ((eq a '&aux) (setq mode 'aux))
         ((eq a '&allow-other-keys) (setq allow t))
         ((eq mode 'required)
          (push `(,a (if ,rest (pop ,rest) (signal 'wrong-number-of-arguments (list ',name ,taken))))
                bindings)
          (setq taken (1+ taken)))
         ((eq mode 'optional)
          (let ((var (if (consp a) (car a) a)) (def (and (consp a) (nth 1 a))))
            (when (and (consp a) (nth 2 a))
              (push `(,(nth 2 a) (and ,rest t)) bindings))
            (push `(,var (if ,rest (pop ,rest) ,def)) bindings)
            (setq taken (1+ taken))))
         ((eq mode 'rest) (push `(,a ,rest) bindings))
         ((eq mode 'key)
          (let* ((var (if (consp a) (car a) a))
                 (var (if (consp var) (nth 1 var) var))
                 (kw (if (and (consp a) (consp (car a))) (car (car a))
                       (intern (format ":%s" var))))
                 (def (and (consp a) (nth 1 a))))
            (push kw keys)
            (when (and (consp a) (nth 2 a))
              (push `(,(nth 2 a) (and (plist-member ,rest ,kw) t)) bindings))
            (push `(,var (cl-lib--kw-get ,rest ,kw (lambda () ,def))) bindings)))
         ((eq mode 'aux)
          (push (if (consp a) (list (car a) (nth 1 a)) (list a nil)) bindings))))
      (when (and keys (not allow))
        (push `(_ (cl-lib--check-keys ,rest ',(reverse keys))) bindings))
      (unless (or own-rest has-rest keys)
        (push `(_ (when ,rest
                    (signal 'wrong-number-of-arguments
                            (list ',name (+ ,(+ positional taken) (length ,rest))))))
              bindings))
      (cons (append prefix (list '&rest rest))
            (nreverse bindings)))))

(defun cl-lib--usage-var (v)
  "V, a variable or destructuring pattern, upper-cased for a usage line;
keywords and &-words stay as they are."
  (cond ((consp v) (cons (cl-lib--usage-var (car v)) (cl-lib--usage-var (cdr v))))
        ((or (not (symbolp v)) (null v) (keywordp v)
             (eq (aref (symbol-name v) 0) ?&))
         v)
        (t (intern (upcase (symbol-name v))))))

(defun cl-lib--usage (args &optional dotted)
  "The \"(fn ARGS)\" line of cl lambda list ARGS: its variables upper-cased,
default values as written, &aux left out; with DOTTED, its final
&rest VAR as the dotted tail it was written as."
  (let ((optional nil) (usage nil))
    (dolist (a (car (cl-lib--aux-split args)))
      (when (memq a '(&optional &key)) (setq optional t))
      (push (if (and optional (consp a))
                (cons (cl-lib--usage-var (car a))
                      (cons (nth 1 a) (and (cddr a) (list (cl-lib--usage-var (nth 2 a))))))
              (cl-lib--usage-var a))
            usage))
    (setq usage (nreverse usage))
    (when dotted
      (setcdr (last usage 3) (car (last usage))))
    ;; Quotes in default values are escaped by \\=, as Emacs's help does.
    (replace-regexp-in-string "['`]" "\\\\=\\&"
                              (format "%S" (cons 'fn usage)) t)))

(defun cl-lib--rewritten-p (args patterns)
  "Whether Emacs parses lambda list ARGS (with destructuring PATTERNS)
by hand: unless it is plain, or plain but for &aux variables after no
&optional."
  (let ((before-aux (car (cl-lib--aux-split args))))
    (or (and patterns t)
        (not (cl-lib--simple-lambda-list-p before-aux))
        (and (memq '&aux args) (memq '&optional before-aux) t))))

(defun cl-lib--usage-p (args patterns)
  "Whether Emacs documents lambda list ARGS by a usage line: when it
parses it by hand, or it has a &rest argument."
  (or (cl-lib--rewritten-p args patterns) (and (memq '&rest args) t)))

(defun cl-lib--doc-with-usage (head args dotted)
  "HEAD (docstring and declare form) with ARGS's usage line after the
docstring, as Emacs's cl-defun documents a lambda list it rewrites.
DOTTED: ARGS was written with a dotted tail, which the line shows."
  (let ((doc (and (stringp (car head)) (pop head))))
    (cons (concat doc "\n\n" (cl-lib--usage args dotted)) head)))

(defun cl-lib--transform-lambda (name args body)
  "Return (ARGS . BODY) for a plain lambda equivalent to the cl one.
BODY is in a block NAME, unless NAME is nil (as for Emacs's `cl-function',
`cl-flet' and `cl-labels', whose block no `cl-return' can name).  ARGS
may start with &cl-defs SLOTS, defaults that its usage line leaves out
(see `cl-lib--with-defaults')."
  (let* ((patterns nil)
         (defaults (and (eq (car args) '&cl-defs) (nth 1 args)))
         (cl-args (if (eq (car args) '&cl-defs) (cddr args) args))
         (dotted (cdr (last cl-args)))
         (cl-args (cl-lib--proper-lambda-list cl-args))
         (env-var (cadr (memq '&environment cl-args)))
         (cl-args (cl-lib--without-environment cl-args))
         (args (cl-lib--with-defaults cl-args defaults))
         (args (cl-lib--destructured-args args (lambda (pattern tmp) (push (cons pattern tmp) patterns))))
         (parsed (cl-lib--parse-lambda-list name args (mapcar #'cdr patterns)))
         (split (cl-lib--split-doc body))
         (split (if (cl-lib--usage-p args patterns)
                    (cons (cl-lib--doc-with-usage (car split) cl-args dotted) (cdr split))
                  split))
         (body (if name `((cl-block ,name ,@(cdr split))) (cdr split))))
    (dolist (p patterns)
      (setq body `((cl-destructuring-bind ,(car p) ,(cdr p) ,@body))))
    (when env-var
      (setq body `((let ((,env-var (and (boundp 'macroexpand-all-environment)
                                          macroexpand-all-environment)))
                     ,@body))))
    (if (cdr parsed)
        `(,(car parsed) ,@(car split) (let* ,(cdr parsed) ,@body))
      `(,(car parsed) ,@(car split) ,@body))))

(defun cl-lib--without-environment (args)
  "Lambda list ARGS without its `&environment VAR', which a macro's
expander binds to the environment it expands in; signals at a leading
&whole, which a macro's own lambda list cannot have, as in Emacs."
  (when (eq (car args) '&whole)
    (error "&whole not currently implemented"))
  (let ((env (memq '&environment args)))
    (if env
        (append (butlast args (length env)) (cddr env))
      args)))

(defun cl-lib--destructured-args (args note)
  "ARGS with each destructuring pattern (a required argument that is a
list, an optional one's (PATTERN DEFAULT [SVAR]), a keyword one's
\((KEYWORD PATTERN) DEFAULT [SVAR])) replaced by a temporary; NOTE is
called with each pattern and its temporary."
  (let ((mode 'required))
    (mapcar (lambda (a)
              (when (memq a '(&optional &rest &body &key &aux)) (setq mode a))
              (let ((pattern (pcase mode
                               ('required (and (consp a) a))
                               ('&optional (and (consp a) (consp (car a)) (car a)))
                               ('&key (and (consp a) (consp (car a)) (consp (cadr (car a)))
                                           (cadr (car a)))))))
                (if (not pattern)
                    a
                  (let ((tmp (make-symbol "arg")))
                    (funcall note pattern tmp)
                    (pcase mode
                      ('required tmp)
                      ('&optional (cons tmp (cdr a)))
                      ('&key (cons (list (car (car a)) tmp) (cdr a))))))))
            args)))

(defun cl-lib--split-doc (body)
  "(HEAD . FORMS): BODY's leading docstring, (:documentation FORM),
declare and interactive forms, and the forms after, as Emacs's cl
lambdas keep them ahead of their block."
  (macroexp-parse-body body))

(defmacro cl-defun (name args &rest body)
  "Define NAME as a function with a Common Lisp style lambda list."
  (declare (indent 2))
  `(defun ,name ,@(cl-lib--transform-lambda name args body)))

(defmacro cl-defmacro (name args &rest body)
  "Define NAME as a macro with a Common Lisp style lambda list."
  (declare (indent 2))
  `(defmacro ,name ,@(cl-lib--transform-lambda name args body)))

(defmacro cl-iter-defun (name args &rest body)
  "Define NAME as a generator (see `iter-defun') with a Common Lisp style
lambda list; BODY is in a block NAME."
  (declare (indent 2))
  (require 'generator)
  `(iter-defun ,name ,@(cl-lib--transform-lambda name args body)))

(defmacro cl-function (func)
  (if (eq (car-safe func) 'lambda)
      `(function (lambda ,@(cl-lib--transform-lambda nil (nth 1 func) (cdr (cdr func)))))
    `(function ,func)))

;;; ---- Local functions ----------------------------------------------------

(defun cl-lib--local-fns (bindings)
  "An alist (NAME . VARIABLE) for the function BINDINGS."
  (mapcar (lambda (b) (cons (car b) (make-symbol (symbol-name (car b))))) bindings))

(defun cl-lib--local-lambda (binding fns)
  "The function of BINDING, (NAME ARGS BODY...) or (NAME EXP); FNS are
the local functions it may call, nil in `cl-flet', where as in Emacs a
binding of one form is an expression even when that is a list."
  (if (and (cdr binding) (null (cdr (cdr binding)))
           (or (null fns) (not (listp (nth 1 binding)))))
      (subr--walk (nth 1 binding) fns)
    (let* ((lam (cl-lib--transform-lambda nil (nth 1 binding) (cdr (cdr binding))))
           (split (cl-lib--split-doc (cdr lam)))
           ;; In cl-labels, as in Emacs 28, self tail calls do not grow the stack.
           (loop (and (assq (car binding) fns)
                      (subr--tail-loop (car binding) (car lam) (cdr split)))))
      `(function (lambda ,(car lam)
                   ,@(subr--walk-list (if loop (append (car split) (list loop)) (cdr lam))
                                      fns))))))

(defmacro cl-flet (bindings &rest body)
  "Make local (non-recursive) function definitions: ((NAME ARGS BODY...)...).
A binding (NAME EXPR) makes NAME call EXPR's value; as in Emacs, a
symbol EXPR is not evaluated until NAME is called."
  (declare (indent 1))
  (let ((fns nil) (binds nil))
    (dolist (b bindings)
      (if (and (cdr b) (null (cdr (cdr b))) (symbolp (nth 1 b)))
          (push (cons (car b) (nth 1 b)) fns)
        (let ((var (make-symbol (format "--cl-%s--" (car b)))))
          (push (cons (car b) var) fns)
          (push (list var (if (and (cdr b) (null (cdr (cdr b))))
                              (nth 1 b)
                            `(cl-function (lambda ,@(cdr b)))))
                binds))))
    (let ((walked `(progn ,@(subr--walk-list body fns))))
      (if binds `(let* ,(nreverse binds) ,walked) walked))))

(defmacro cl-labels (bindings &rest body)
  "Make local recursive function definitions: ((NAME ARGS BODY...)...)."
  (declare (indent 1))
  (let ((fns (cl-lib--local-fns bindings)))
    `(letrec ,(cl-lib--zip-map (lambda (b f) (list (cdr f) (cl-lib--local-lambda b fns)))
                           bindings fns)
       ,@(subr--walk-list body fns))))

(defmacro cl-macrolet (bindings &rest body)
  "Make local macro definitions: ((NAME ARGLIST BODY...)...) in BODY."
  (declare (indent 1))
  (let ((subr--local-macros
         (append (mapcar (lambda (b) (cons (car b) (eval `(cl-function (lambda ,@(cdr b))) t)))
                         bindings)
                 subr--local-macros)))
    (macroexp-progn (subr--walk-list body nil))))

;; The body runs as segments, each starting at a tag: a loop runs the
;; segment named by NEXT inside a catch, which (go TAG) throws TAG to,
;; and a segment that ends normally names the following one.
(defmacro cl-tagbody (&rest body)
  "Run BODY, in which a symbol or integer is a tag that (go TAG) jumps to.
Return nil.  (With no forms at all it returns at once: Emacs 28 hangs.)"
  (let* ((catch-tag (make-symbol "tagbody"))
         (next (make-symbol "next"))
         (segments (cl-lib--tagbody-segments body))
         (tags (mapcar #'car segments))
         (outer-go (cdr (assq 'go subr--local-macros)))
         (subr--local-macros
          (cons (cons 'go (lambda (tag)
                            (cond ((memql tag tags) `(throw ',catch-tag ',tag))
                                  (outer-go (funcall outer-go tag))
                                  (t (error "Unknown cl-tagbody go label `%S'" tag)))))
                subr--local-macros)))
    `(let ((,next ',(car tags)))
       (while ,next
         (setq ,next
               (catch ',catch-tag
                 (cond
                  ,@(cl-mapcar (lambda (segment following)
                                 `((eql ,next ',(car segment))
                                   ,@(subr--walk-list (cdr segment) nil)
                                   ',following))
                               segments (append (cdr tags) '(nil)))))))
       nil)))

(defun cl-lib--tagbody-segments (body)
  "((TAG FORM...)...) for BODY, the first segment's tag made up."
  (let ((segments (list (list (make-symbol "start")))))
    (dolist (x body)
      (if (consp x)
          (push x (cdr (car segments)))
        (push (list x) segments)))
    (nreverse (mapcar (lambda (s) (cons (car s) (nreverse (cdr s)))) segments))))

(defmacro cl-prog (bindings &rest body)
  "Run BODY, a `cl-tagbody', with BINDINGS made by `let', in a block nil."
  (declare (indent 1))
  `(cl-block nil (let ,bindings (cl-tagbody ,@body))))

(defmacro cl-prog* (bindings &rest body)
  "`cl-prog' with BINDINGS made by `let*'."
  (declare (indent 1))
  `(cl-block nil (let* ,bindings (cl-tagbody ,@body))))

;; The symbol macros' expansions replace the variables' uses, and a
;; setq of one sets its expansion as a place; a let or lambda that binds
;; the same name hides it.
(defmacro cl-symbol-macrolet (bindings &rest body)
  "Make symbol macro definitions: ((NAME EXPANSION)...) in BODY."
  (declare (indent 1))
  (let ((subr--symbol-macros
         (append (mapcar (lambda (b) (cons (car b) (nth 1 b))) (cl-remove-if #'atom bindings))
                 subr--symbol-macros)))
    (macroexp-progn (subr--walk-list body nil))))

(defmacro cl-progv (symbols values &rest body)
  "Bind SYMBOLS to VALUES dynamically in BODY; missing values are nil."
  (declare (indent 2))
  `(cl-lib--progv ,symbols ,values (lambda () ,@body)))

(defun cl-lib--progv (symbols values body)
  (let ((bindings nil))
    (dolist (s symbols)
      (push (list s (list 'quote (pop values))) bindings))
    (eval `(let ,(nreverse bindings) (funcall ',body)))))

(defmacro cl-flet* (bindings &rest body)
  (declare (indent 1))
  (if (null bindings)
      `(progn ,@body)
    `(cl-flet (,(car bindings)) (cl-flet* ,(cdr bindings) ,@body))))

(defun cl-lib--zip-map (fn a b)
  (let (out)
    (while a
      (push (funcall fn (car a) (car b)) out)
      (setq a (cdr a) b (cdr b)))
    (nreverse out)))

(defun cl-lib--call-form (func args)
  "A form applying FUNC to the forms ARGS: by name when FUNC is a symbol,
as a function object (a lambda, say) otherwise."
  (if (symbolp func)
      (cons func args)
    (cl-list* 'funcall (list 'function func) args)))

(defmacro cl-callf2 (func arg1 place &rest args)
  "Set PLACE to (FUNC ARG1 PLACE ARGS...)."
  (declare (indent 3))
  ;; A short place read twice and a first argument free of side effects
  ;; may simply be written out twice; anything else is evaluated once.
  (if (and (symbolp func)
           (cl-lib--safe-p arg1)
           (cl-lib--simple-size place 10))
      (list 'setf place (cl-list* func arg1 place args))
    (macroexp-let2 nil a1 arg1
      (gv-letplace (old store) place
        (funcall store (cl-lib--call-form func (cl-list* a1 old args)))))))

(defmacro cl-shiftf (place &rest places)
  "Shift the values left: PLACE gets the second's, the last gets the
last argument; return PLACE's old value."
  ;; One step at a time, as Emacs expands it: PLACE takes the value of
  ;; the shift of the rest.
  (if places
      (cl-lib--old-value-after-store place (cons 'cl-shiftf places))
    place))

(defun cl-lib--old-value-after-store (place value-form)
  "A form that reads PLACE, stores VALUE-FORM's value into it and returns
what it read."
  (if (symbolp place)
      (list 'prog1 place (list 'setq place value-form))
    (gv-letplace (read write) place
      (list 'prog1 read (funcall write value-form)))))

(defmacro cl-rotatef (&rest places)
  "Rotate the values of PLACES left by one; return nil."
  (if (not (memq nil (mapcar #'symbolp places)))
      ;; Variables only: a parallel assignment, each taking the next.
      (and (cdr places)
           (let ((pairs nil) (rest places))
             (while (cdr rest)
               (setq pairs (nconc pairs (list (car rest) (nth 1 rest))))
               (setq rest (cdr rest)))
             `(cl-psetf ,@pairs ,(car rest) ,(car places))))
    ;; Each place but the first takes the next one's value, read
    ;; before it is stored; the last takes the first's.
    (let* ((first (make-symbol "--cl-rotatef--"))
           (form first)
           (later (reverse (cdr places))))
      (dolist (place later)
        (setq form (gv-letplace (getter setter) place
                     `(prog1 ,getter ,(funcall setter form)))))
      (gv-letplace (getter setter) (car places)
        (macroexp-let* `((,first ,getter))
                       `(progn ,(funcall setter form) nil))))))

(defun cl-lib--refers-to-p (form symbols)
  "Non-nil if FORM, quoted parts aside, contains one of SYMBOLS."
  (cond ((memq form symbols) t)
        ((and (consp form) (not (memq (car form) '(quote function cl-function))))
         (let ((found nil))
           (while (and (consp form) (not found))
             (setq found (cl-lib--refers-to-p (car form) symbols) form (cdr form)))
           (or found (and form (cl-lib--refers-to-p form symbols)))))))

(defun cl-lib--psetf-simple-p (pairs)
  "Whether the cl-psetf of PAIRS can be one setq: all places variables,
and no value (unless constant) that could read an earlier one or has
side effects.  Signals the errors of a malformed PAIRS."
  (let ((simple t) (vars nil))
    (while pairs
      (let ((place (car pairs)) (value (nth 1 pairs)))
        (unless (and (symbolp place)
                     (or (macroexp-const-p value)
                         (and (cl-lib--safe-p value)
                              (not (cl-lib--refers-to-p value vars)))))
          (setq simple nil))
        (when (memq place vars)
          (error "Destination duplicated in psetf: %s" place))
        (push place vars)
        (unless (cdr pairs)
          (error "Odd number of arguments to cl-psetf"))
        (setq pairs (cddr pairs))))
    simple))

(defmacro cl-psetf (&rest pairs)
  "Set each PLACE to its VALUE, all VALUEs computed first; return nil."
  (if (cl-lib--psetf-simple-p pairs)
      `(progn (setq ,@pairs) nil)
    ;; The first store's value form holds the rest, each store coming
    ;; after every value has been computed.
    (let* ((rev (reverse pairs))
           (form `(setf ,(nth 1 rev) ,(car rev))))
      (while (setq rev (cddr rev))
        (setq form `(setf ,(nth 1 rev) (prog1 ,(car rev) ,form))))
      `(progn ,form nil))))

(defmacro cl-remf (place tag)
  "Remove TAG and its value from the property list in PLACE; t if it was there."
  (let ((r (make-symbol "r")))
    (subr--place place
                 (lambda (get set)
                   `(let ((,r (cl-lib--remf ,get ,tag)))
                      (when (car ,r) ,(funcall set `(cdr ,r)))
                      (car ,r))))))

(defun cl-lib--remf (plist tag)
  "(FOUND . PLIST without TAG), relinking PLIST.
The key cell of TAG is found first; the value cell before it is then
linked past TAG's value."
  (let ((at (plist-member plist tag)))
    (cond ((null at) (cons nil plist))
          ((eq at plist) (cons t (nthcdr 2 plist)))
          (t (let ((key-cell plist))
               (while (not (eq (nthcdr 2 key-cell) at))
                 (setq key-cell (nthcdr 2 key-cell)))
               (setcdr (cdr key-cell) (nthcdr 2 at))
               (cons t plist))))))

(defmacro cl-destructuring-bind (args expr &rest body)
  "Bind the variables of the lambda list ARGS to the parts of EXPR, run BODY.
A required argument may itself be a lambda list, destructured in turn."
  (declare (indent 2))
  (if (eq (car-safe args) '&whole)
      (let ((whole (make-symbol "whole")))
        `(let* ((,whole ,expr) (,(nth 1 args) ,whole))
           (cl-destructuring-bind ,(nthcdr 2 args) ,whole ,@body)))
    (let ((value (make-symbol "value"))
          (proper (cl-lib--proper-lambda-list args)))
      (if (cl-lib--plain-dotted-p args)
          ;; (P... . TAIL) takes a dotted value too: destructure the
          ;; list of its first elements and the rest.
          (let ((heads (butlast proper 2)))
            `(cl-destructuring-bind (,@heads ,(cdr (last args)))
                 (cl-lib--dotted-parts ',args ,expr ,(length heads))
               ,@body))
        `(let ((,value ,expr))
           (cl-lib--check-length ',proper ,value)
           (apply (cl-function (lambda ,proper ,@body)) ,value))))))

(defun cl-lib--plain-dotted-p (args)
  "Whether ARGS is a dotted lambda list (P... . TAIL) with no & keywords."
  (and (consp args) (cdr (last args))
       (not (cl-some (lambda (a)
                       (memq a '(&optional &rest &body &key &aux &allow-other-keys
                                           &environment &whole)))
                     (butlast (cl-lib--proper-lambda-list args) 2)))))

(defun cl-lib--dotted-parts (args value n)
  "VALUE's first N elements and then the rest of it, as a list, or
the error Emacs signals for the dotted lambda list ARGS."
  (unless (listp value) (signal 'wrong-type-argument (list 'listp value)))
  (let ((out nil) (tail value))
    (dotimes (i n)
      (unless (consp tail) (signal 'wrong-number-of-arguments (list args i)))
      (push (pop tail) out))
    (nreverse (cons tail out))))

(defun cl-lib--check-length (args list)
  "Signal as Emacs does, naming the lambda list ARGS, unless LIST has
as many elements as ARGS takes."
  (let ((required 0) (optional 0) (mode 'required) (n (length list)))
    (dolist (a args)
      (cond ((memq a '(&optional &rest &body &key &aux &allow-other-keys)) (setq mode a))
            ((eq mode 'required) (setq required (1+ required)))
            ((eq mode '&optional) (setq optional (1+ optional)))))
    (when (or (< n required)
              (and (not (memq '&rest args)) (not (memq '&body args)) (not (memq '&key args))
                   (> n (+ required optional))))
      (signal 'wrong-number-of-arguments (list args n)))))

(defun cl-lib--proper-lambda-list (args)
  "ARGS with a dotted tail VAR written as &rest VAR."
  (let (out)
    (while (consp args) (push (pop args) out))
    (nconc (nreverse out) (and args (list '&rest args)))))

(defmacro cl-letf (bindings &rest body)
  "Temporarily bind PLACEs: ((PLACE VALUE)...) restored on exit.  As in
Emacs, a variable is bound by `let'; another place's old value is saved
and stored back."
  (declare (indent 1))
  (if (and (null (cdr bindings)) (cdr-safe (car bindings)) (symbolp (car-safe (car bindings))))
      `(let ,bindings ,@body)
    (cl-lib--letf bindings nil nil body)))

(defun cl-lib--letf (bindings simple saved body)
  "The code of cl-letf's BINDINGS around BODY: SIMPLE are `let*'
bindings of the variables done so far, SAVED (OLD GETTER SETTER [NEW])
for each other place, latest first."
  (if bindings
      (let* ((binding (car bindings)) (place (car binding)))
        (gv-letplace (getter setter) place
          (macroexp-let2 nil vnew (nth 1 binding)
            (if (symbolp place)
                (cl-lib--letf (cdr bindings)
                              (cons (list getter (if (cdr binding) vnew getter)) simple)
                              saved body)
              (cl-lib--letf (cdr bindings) simple
                            (cons `(,(make-symbol "old") ,getter ,setter
                                    ,@(and (cdr binding) (list vnew)))
                                  saved)
                            body)))))
    (if (and (null saved) (null simple))
        (macroexp-progn body)
      `(let* (,@(mapcar (lambda (s) (list (nth 0 s) (nth 1 s))) saved) ,@simple)
         (unwind-protect
             ,(macroexp-progn
               (append (delq nil (mapcar (lambda (s) (and (nthcdr 3 s) (funcall (nth 2 s) (nth 3 s))))
                                         saved))
                       body))
           ,@(mapcar (lambda (s) (funcall (nth 2 s) (nth 0 s))) saved))))))

(defmacro cl-letf* (bindings &rest body)
  "`cl-letf' of each binding in turn, the next inside the last."
  (declare (indent 1))
  (if (null bindings)
      (macroexp-progn body)
    (dolist (binding (reverse bindings) (car body))
      (setq body (list `(cl-letf (,binding) ,@body))))))

;;; ---- Sequence functions -------------------------------------------------

(defun cl-lib--key (key x) (if key (funcall key x) x))

;; The keywords each family of functions accepts, as Emacs checks them:
;; another one is an error unless :allow-other-keys is non-nil.
(defconst cl-lib--remove-keys '(:test :test-not :key :if :if-not :count :from-end :start :end))
(defconst cl-lib--position-keys '(:test :test-not :key :if :if-not :start :end :from-end))
(defconst cl-lib--count-keys '(:test :test-not :key :if :if-not :start :end))
(defconst cl-lib--member-keys '(:test :test-not :key :if :if-not))

(defun cl-lib--seq-list (seq) (if (listp seq) seq (append seq nil)))

(defun cl-lib--like (seq list)
  "LIST converted to the type of SEQ."
  (cond ((listp seq) list)
        ((stringp seq) (concat list))
        (t (vconcat list))))

(defun cl-lib--count (keys)
  "KEYS's :count as a whole number: Emacs counts a fraction down to
below zero, so it acts as the next whole number up."
  (let ((count (plist-get keys :count)))
    (if (floatp count) (ceiling count) count)))

(defun cl-lib--hits (pred seq keys &optional lenient-from-end rescan)
  "The indices, ascending, of the elements of SEQ between KEYS's :start
and :end whose :key satisfies PRED; at most :count of them, the last
ones under :from-end.  A list's range is cut to its length; an array's
must not start before 0.  As in Emacs, :from-end counts only when :count
is under half the length; with LENIENT-FROM-END (cl-substitute's rule)
when it is at most half, or SEQ is an array.  PRED is called as Emacs
calls it: not past the :count-th hit when going forward, and with
RESCAN on an array, first to find the first (or last) hit, then again
over the range from there."
  (let* ((start (or (plist-get keys :start) 0))
         (len (length seq))
         (end (min len (or (plist-get keys :end) len)))
         (count (cl-lib--count keys))
         (from-end (and (plist-get keys :from-end)
                        (or (null count)
                            (if lenient-from-end
                                (or (not (listp seq)) (<= count (/ len 2)))
                              (< count (/ len 2))))))
         (test (let ((key (plist-get keys :key)))
                 (lambda (x) (funcall pred (cl-lib--key key x)))))
         (hits nil))
    (when (and (< start 0) (not (listp seq)))
      (signal 'args-out-of-range (list seq start)))
    (setq start (max start 0))
    (when (and rescan (arrayp seq))
      (if (plist-get keys :from-end)
          (let ((j (1- end)))
            (while (and (>= j start) (not (funcall test (aref seq j))))
              (setq j (1- j)))
            (setq end (1+ j)))
        (while (and (< start end) (not (funcall test (aref seq start))))
          (setq start (1+ start)))))
    (let ((i start) (tail (nthcdr start (cl-lib--seq-list seq)))
          (room (if (and count (not from-end)) count most-positive-fixnum)))
      (while (and (< i end) (> room 0))
        (when (funcall test (car tail)) (push i hits) (setq room (1- room)))
        (setq i (1+ i) tail (cdr tail))))
    (setq hits (nreverse hits))
    (cond ((null count) hits)
          (from-end (last hits (max 0 count)))
          (t hits))))

(defun cl-lib--rebuild (seq hits fn)
  "SEQ with each element at an index in HITS (ascending) replaced by the
list FN returns for it (nil drops it); SEQ itself when HITS is empty."
  (if (null hits) seq
    (let ((i 0) out)
      (dolist (x (cl-lib--seq-list seq))
        (if (not (eq i (car hits))) (push x out)
          (pop hits)
          (dolist (y (funcall fn x)) (push y out)))
        (setq i (1+ i)))
      (cl-lib--like seq (nreverse out)))))

(defun cl-lib--unlink (list indices)
  "LIST without its cells at INDICES (ascending), unlinked in place."
  (let ((head list) (previous nil) (i 0))
    (while indices
      (if (not (eq i (car indices)))
          (setq previous list)
        (pop indices)
        (if previous (setcdr previous (cdr list)) (setq head (cdr list))))
      (setq list (cdr list) i (1+ i)))
    head))

(defun cl-lib--drop-hits (pred seq keys in-place)
  "SEQ without the elements satisfying PRED under KEYS: a copy, or with
IN-PLACE and a list SEQ, its cells unlinked."
  (cl-lib--check-seq-keys keys cl-lib--remove-keys)
  ;; The length is taken first, as Emacs does (a dotted list fails).
  (if (<= (let ((len (length seq))) (or (cl-lib--count keys) len)) 0) seq
    ;; Under :from-end, Emacs's first look is past an array's end.
    (when (plist-get keys :from-end) (cl-lib--array-range-check seq keys t))
    (let ((hits (cl-lib--hits pred seq keys nil t)))
      (cl-lib--array-range-check seq keys hits)
      (cond ((and in-place (consp seq)) (cl-lib--unlink seq hits))
            ((consp seq) (cl-lib--list-without seq hits keys))
            (t (cl-lib--rebuild seq hits #'ignore))))))

(defun cl-lib--list-without (list hits keys)
  "A copy of LIST without its elements at HITS (ascending), sharing with
LIST what Emacs 28 shares: the tail after hits at its very front, and
after the one further hit that uses up :count (unless :from-end is given)."
  (let* ((count (cl-lib--count keys))
         (from-end (and count (plist-get keys :from-end) (< count (/ (length list) 2))))
         (exhausted (and count (= (length hits) count) (not (plist-get keys :from-end))))
         (i 0) (out nil))
    (unless from-end
      (while (and hits (eq (car hits) i))
        (setq list (cdr list) hits (cdr hits) i (1+ i))))
    ;; Past the front, only a single hit that uses up :count leaves the
    ;; rest shared.
    (when (cdr hits) (setq exhausted nil))
    (if (null hits) (if (or exhausted (not from-end)) list (copy-sequence list))
      (while hits
        (if (eq (car hits) i) (pop hits) (push (car list) out))
        (setq list (cdr list) i (1+ i)))
      (nconc (nreverse out) (if (and exhausted (not from-end)) list (copy-sequence list))))))

(defun cl-remove-if (pred seq &rest keys)
  "A copy of SEQ without the elements satisfying PRED (within :start,
:end, :count, :from-end and through :key)."
  (cl-lib--drop-hits pred seq keys nil))

(defun cl-remove-if-not (pred seq &rest keys)
  "A copy of SEQ with only the elements satisfying PRED."
  (apply #'cl-remove-if (lambda (x) (not (funcall pred x))) seq keys))

(defun cl-delete-if (pred seq &rest keys)
  "SEQ without the elements satisfying PRED; a list loses them in place."
  (cl-lib--drop-hits pred seq keys t))
(defun cl-delete-if-not (pred seq &rest keys)
  (cl-lib--drop-hits (cl-lib--not pred) seq keys t))

(defun cl-lib--not (pred) (lambda (x) (not (funcall pred x))))

(defun cl-lib--test (keys)
  "The two-argument test given by :test or :test-not in KEYS (eql by default).
Given both, Emacs 28 obeys :test-not."
  (let ((test (plist-get keys :test))
        (test-not (plist-get keys :test-not)))
    (cond (test-not (lambda (a b) (not (funcall test-not a b))))
          (test test)
          (t #'eql))))

(defun cl-lib--item-test (item keys)
  "The test of an element (through :key) against ITEM under KEYS: :test or
:test-not with ITEM, else :if or :if-not alone (ITEM unused), else eql."
  (let ((if-pred (plist-get keys :if)) (if-not (plist-get keys :if-not)))
    (cond ((or (plist-get keys :test) (plist-get keys :test-not) (not (or if-pred if-not)))
           (let ((test (cl-lib--test keys))) (lambda (x) (funcall test item x))))
          (if-not (cl-lib--not if-not))
          (t if-pred))))

(defun cl-remove (item seq &rest keys)
  (apply #'cl-remove-if (cl-lib--item-test item keys) seq keys))

(defun cl-find-if (pred seq &rest keys)
  "The first element of SEQ satisfying PRED (the last under :from-end), or nil."
  (let ((i (apply #'cl-position-if pred seq keys)))
    (and i (elt seq i))))

(defun cl-find-if-not (pred seq &rest keys)
  (apply #'cl-find-if (lambda (x) (not (funcall pred x))) seq keys))

(defun cl-find (item seq &rest keys)
  (apply #'cl-find-if (cl-lib--item-test item keys) seq keys))

(defun cl-position-if (pred seq &rest keys)
  "The index of the first element of SEQ between :start and :end whose
:key satisfies PRED (the last under :from-end), or nil.  A list's range
ends with the list; an array's indices must be in range, as Emacs's
`aref' finds them."
  (cl-lib--check-seq-keys keys cl-lib--position-keys)
  (let ((key (plist-get keys :key))
        (from-end (plist-get keys :from-end))
        (i (or (plist-get keys :start) 0))
        (end (plist-get keys :end))
        (found nil))
    (if (listp seq)
        (let ((tail (nthcdr i seq)))
          (while (and tail (or (null end) (< i end)) (or from-end (not found)))
            (when (funcall pred (cl-lib--key key (car tail))) (setq found i))
            (setq i (1+ i) tail (cdr tail))))
      (setq end (or end (length seq)))
      (if from-end
          (while (and (not found) (>= (setq end (1- end)) i))
            (when (funcall pred (cl-lib--key key (aref seq end))) (setq found end)))
        (while (and (not found) (< i end))
          (when (funcall pred (cl-lib--key key (aref seq i))) (setq found i))
          (setq i (1+ i)))))
    found))

(defun cl-position (item seq &rest keys)
  (apply #'cl-position-if (cl-lib--item-test item keys) seq keys))

(defun cl-count-if (pred seq &rest keys)
  "The number of elements of SEQ between :start and :end whose :key
satisfies PRED.  As in Emacs, a range past a list's end finds nil where
an array was expected."
  (cl-lib--check-seq-keys keys cl-lib--count-keys)
  (let* ((key (plist-get keys :key))
         (i (or (plist-get keys :start) 0))
         (end (or (plist-get keys :end) (length seq)))
         (rest (if (consp seq) (nthcdr i seq) seq))
         (n 0))
    (while (< i end)
      (when (funcall pred (cl-lib--key key (if (consp rest) (pop rest) (aref rest i))))
        (setq n (1+ n)))
      (setq i (1+ i)))
    n))

(defun cl-count (item seq &rest keys)
  (apply #'cl-count-if (cl-lib--item-test item keys) seq keys))

(defun cl-position-if-not (pred seq &rest keys)
  (apply #'cl-position-if (cl-lib--not pred) seq keys))
(defun cl-count-if-not (pred seq &rest keys)
  (apply #'cl-count-if (cl-lib--not pred) seq keys))
(defun cl-substitute-if-not (new pred seq &rest keys)
  (apply #'cl-substitute-if new (cl-lib--not pred) seq keys))

(defun cl-delete (item seq &rest keys)
  (cl-lib--drop-hits (cl-lib--item-test item keys) seq keys t))

(defun cl-lib--array-range-check (seq keys hits)
  "Signal as Emacs's `aref' would for an array SEQ whose :end in KEYS
lies past its end: at :end - 1 under :from-end, else at its length,
which Emacs reaches only when looking for a first hit in vain (HITS
is nil)."
  (let ((start (or (plist-get keys :start) 0))
        (end (plist-get keys :end)))
    (when (and (arrayp seq) end (> end (length seq)) (< start end)
               (or (null hits) (plist-get keys :from-end)))
      (signal 'args-out-of-range
              (list seq (if (plist-get keys :from-end) (1- end) (max start (length seq))))))))

(defun cl-nsubstitute (new old seq &rest keys)
  "SEQ with the elements matching OLD replaced by NEW, in place.
When NEW is OLD itself, SEQ is returned untouched, as in Emacs."
  (cl-lib--check-seq-keys keys cl-lib--remove-keys)
  (length seq)                          ; a dotted list fails first, as in Emacs
  (if (eq new old) seq
    (apply #'cl-lib--nsubstitute-if new (cl-lib--item-test old keys) seq keys)))

(defun cl-nsubstitute-if (new pred seq &rest keys)
  "SEQ with the elements satisfying PRED replaced by NEW, in place.
As in Emacs, a nil NEW leaves SEQ as it is."
  (cl-lib--check-seq-keys keys cl-lib--remove-keys)
  (length seq)                          ; a dotted list fails first, as in Emacs
  (if (null new) seq (apply #'cl-lib--nsubstitute-if new pred seq keys)))

(defun cl-lib--nsubstitute-if (new pred seq &rest keys)
  (let ((count (cl-lib--count keys)) (len (length seq)))
    (when (> (or count len) 0)
      (cl-lib--substitute-scan new pred seq keys (or (plist-get keys :start) 0) count)))
  seq)

(defun cl-lib--cell (cells i)
  "The cons at I in the vector CELLS of a list's conses; nil past them."
  (and (< i (length cells)) (aref cells i)))

(defun cl-lib--substitute-scan (new pred seq keys start count)
  "Store NEW in place of SEQ's elements satisfying PRED (through KEYS's
:key) from START to :end, at most COUNT of them (by default all); return
their indices.  The scan goes down from :end under :from-end when Emacs
honours it there: always in an array, in a list only for a COUNT at most
half its length."
  (let* ((len (length seq))
         (key (plist-get keys :key))
         (left (or count len))
         (down (and (plist-get keys :from-end)
                    (or (arrayp seq) (and count (<= count (/ len 2))))))
         ;; :end is cut to a list's length only going forward: past the
         ;; end, `aref' and `aset' fail, and a list gives nil elements
         ;; that cannot be replaced, as in Emacs.
         (end (if (and (listp seq) (not down)) (min len (or (plist-get keys :end) len))
                (or (plist-get keys :end) len)))
         (hits nil))
    (if down
        (let ((i (1- end))
              ;; A list's cells, found once, so that going down stays linear.
              (cells (and (listp seq) (vconcat (cl-maplist #'identity seq)))))
          (while (and (>= i (max start 0)) (> left 0))
            (when (funcall pred (cl-lib--key key (if cells (car (cl-lib--cell cells i))
                                                    (aref seq i))))
              (if cells (setcar (cl-lib--cell cells i) new) (aset seq i new))
              (push i hits)
              (setq left (1- left)))
            (setq i (1- i))))
      (let ((i start) (tail (and (listp seq) (nthcdr start seq))))
        (while (and (< i end) (> left 0) (or (arrayp seq) tail))
          (when (funcall pred (cl-lib--key key (if (listp seq) (car tail) (aref seq i))))
            (if (listp seq) (setcar tail new) (aset seq i new))
            (push i hits)
            (setq left (1- left)))
          (setq i (1+ i) tail (cdr tail)))))
    hits))

(defun cl-member-if (pred list &rest keys)
  "The tail of LIST whose first element (through :key) satisfies PRED."
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((key (plist-get keys :key)))
    (while (and list (not (funcall pred (cl-lib--key key (car list)))))
      (setq list (cdr list)))
    list))
(defun cl-member-if-not (pred list &rest keys)
  (apply #'cl-member-if (cl-lib--not pred) list keys))

(defun cl-assoc-if (pred alist &rest keys)
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((key (plist-get keys :key)))
    (cl-find-if (lambda (e) (and (consp e) (funcall pred (cl-lib--key key (car e)))))
                alist)))
(defun cl-assoc-if-not (pred alist &rest keys)
  (apply #'cl-assoc-if (cl-lib--not pred) alist keys))

(defun cl-rassoc-if-not (pred alist &rest keys)
  (apply #'cl-rassoc-if (cl-lib--not pred) alist keys))

(defun cl-nsubstitute-if-not (new pred seq &rest keys)
  (apply #'cl-nsubstitute-if new (cl-lib--not pred) seq keys))

(defun cl-acons (key value alist) (cons (cons key value) alist))

(defun cl-pairlis (keys values &optional alist)
  "An alist pairing KEYS with VALUES, in front of ALIST."
  (nconc (cl-mapcar #'cons keys values) alist))

(defun cl-revappend (x y) (nconc (reverse x) y))
(defun cl-nreconc (x y) (nconc (nreverse x) y))

(defun cl-merge (type seq1 seq2 pred &rest keys)
  "SEQ1 and SEQ2, each sorted by PRED (through :key), merged into one of TYPE."
  (cl-lib--check-seq-keys keys '(:key))
  (let ((key (plist-get keys :key))
        (a (cl-lib--seq-list seq1)) (b (cl-lib--seq-list seq2)) (out nil))
    (while (and a b)
      (push (if (funcall pred (cl-lib--key key (car b)) (cl-lib--key key (car a)))
                (pop b) (pop a))
            out))
    (cl-coerce (nconc (nreverse out) a b) type)))

(defun cl-rassoc-if (pred alist &rest keys)
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((key (plist-get keys :key)))
    (cl-find-if (lambda (e) (and (consp e) (funcall pred (cl-lib--key key (cdr e)))))
                alist)))

(defun cl-lib--match-at (pattern vec i test key)
  "Whether the vector PATTERN matches VEC's elements from index I."
  (let ((j 0) (n (length pattern)))
    (while (and (< j n) (funcall test (cl-lib--key key (aref pattern j))
                                 (cl-lib--key key (aref vec (+ i j)))))
      (setq j (1+ j)))
    (= j n)))

(defun cl-search (seq1 seq2 &rest keys)
  "The index in SEQ2 where SEQ1 (:start1 to :end1) first occurs between
:start2 and :end2 (the last occurrence under :from-end), or nil."
  (cl-lib--check-seq-keys keys '(:test :test-not :key :from-end :start1 :end1 :start2 :end2))
  (let* ((start1 (or (plist-get keys :start1) 0))
         (end1 (or (plist-get keys :end1) (length seq1)))
         ;; Taken first, as Emacs does, so that a dotted SEQ2 fails.
         (end2 (or (plist-get keys :end2) (length seq2))))
    ;; An empty pattern is found at once, as in Emacs.
    (if (>= start1 end1)
        (if (plist-get keys :from-end) end2 (or (plist-get keys :start2) 0))
      (cl-lib--search seq1 seq2 keys start1 end1))))

(defun cl-lib--search (seq1 seq2 keys start1 end1)
  "Where SEQ1 from START1 to END1 occurs in SEQ2, as Emacs finds it: the
pattern's first element by `cl-position' among the places it fits,
then the rest by `cl-mismatch'."
  (let* ((from-end (plist-get keys :from-end))
         (key (plist-get keys :key))
         (size (- end1 start1))
         (low (or (plist-get keys :start2) 0))
         (high (- (or (plist-get keys :end2) (length seq2)) size -1))
         (first (cl-lib--key key (cl-lib--element seq1 start1)))
         (tests (cl-lib--plist-only keys '(:test :test-not :key)))
         (found nil) (more (< low high)))
    (while more
      (let ((at (apply #'cl-position first seq2 :start low :end high :from-end from-end tests)))
        (cond ((null at) (setq more nil))
              ((null (apply #'cl-mismatch seq1 seq2 :start1 (1+ start1) :end1 end1
                            :start2 (1+ at) :end2 (+ at size) tests))
               (setq found at more nil))
              (from-end (setq high at more (< low high)))
              (t (setq low (1+ at) more (< low high))))))
    found))

(defun cl-lib--plist-only (plist props)
  "The pairs of PLIST whose property is one of PROPS."
  (let (out)
    (while plist
      (when (memq (car plist) props) (setq out (cons (cadr plist) (cons (car plist) out))))
      (setq plist (cddr plist)))
    (nreverse out)))

(defun cl-lib--element (seq i)
  "Element I of SEQ: nil past a list's end, checked by `aref' in an array."
  (if (listp seq) (nth i seq) (aref seq i)))

(defun cl-lib--check-seq-keys (keys allowed)
  (unless (plist-get keys :allow-other-keys)
    (let ((tail keys))
      (while tail
        (unless (memq (car tail) allowed)
          (error "Bad keyword argument %s" (car tail)))
        (setq tail (cdr (cdr tail)))))))

(defun cl-mismatch (seq1 seq2 &rest keys)
  "The index in SEQ1 of the first element that does not match SEQ2's, or
nil when they match.  Under :from-end, one less than the index after the
last mismatch, as in Emacs 28."
  (cl-lib--check-seq-keys keys '(:test :test-not :key :start1 :end1 :start2 :end2 :from-end))
  (let* ((test (cl-lib--test keys)) (key (plist-get keys :key))
         (start1 (or (plist-get keys :start1) 0)) (end1 (or (plist-get keys :end1) (length seq1)))
         (start2 (or (plist-get keys :start2) 0)) (end2 (or (plist-get keys :end2) (length seq2)))
         (same (lambda (a b) (funcall test (cl-lib--key key a) (cl-lib--key key b)))))
    (if (plist-get keys :from-end)
        (progn
          (while (and (< start1 end1) (< start2 end2)
                      (funcall same (cl-lib--element seq1 (1- end1))
                               (cl-lib--element seq2 (1- end2))))
            (setq end1 (1- end1) end2 (1- end2)))
          (and (or (< start1 end1) (< start2 end2)) (1- end1)))
      (let ((next1 (cl-lib--cursor seq1 start1)) (next2 (cl-lib--cursor seq2 start2)))
        (while (and (< start1 end1) (< start2 end2)
                    (funcall same (funcall next1) (funcall next2)))
          (setq start1 (1+ start1) start2 (1+ start2)))
        (and (or (< start1 end1) (< start2 end2)) start1)))))

(defun cl-lib--cursor (seq i)
  "A function giving SEQ's elements from I on, one per call.  A list's
are popped; past its end, and in an array, `aref' fetches them from SEQ,
as Emacs does (so running off a list is a `wrong-type-argument')."
  (let ((tail (and (listp seq) (nthcdr i seq))))
    (lambda ()
      (prog1 (if (consp tail) (pop tail) (aref seq i))
        (setq i (1+ i))))))

(defun cl-member (item list &rest keys)
  (if (null keys) (memql item list) (cl-lib--member item list keys)))

(defun cl-lib--member (item list keys)
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((match (cl-lib--item-test item keys)) (key (plist-get keys :key)))
    (while (and list (not (funcall match (cl-lib--key key (car list)))))
      (setq list (cdr list)))
    list))

(defun cl-assoc (item alist &rest keys)
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (if (null keys)
      ;; As in Emacs, the primitives do the plain case (so they report a
      ;; dotted ALIST).
      (if (numberp item) (assoc item alist) (assq item alist))
    (cl-lib--assoc item alist keys)))

(defun cl-lib--assoc (item alist keys)
  (let ((match (cl-lib--item-test item keys)) (key (plist-get keys :key)))
    (cl-find-if (lambda (e) (and (consp e) (funcall match (cl-lib--key key (car e)))))
                alist)))

(defun cl-rassoc (item alist &rest keys)
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((match (cl-lib--item-test item keys)) (key (plist-get keys :key)))
    (cl-find-if (lambda (e) (and (consp e) (funcall match (cl-lib--key key (cdr e)))))
                alist)))

(defun cl-adjoin (item list &rest keys)
  "LIST with ITEM in front unless it is already a member."
  (let* ((key (plist-get keys :key))
         ;; As in Emacs, a lone :test of `eq' or `equal' is the primitive's.
         (primitive (and (eq (car keys) :test) (null (cddr keys))
                         (cdr (assq (cadr keys) '((eq . memq) (equal . member)))))))
    (if (if primitive (funcall primitive item list)
          (apply #'cl-member (cl-lib--key key item) list keys))
        list
      (cons item list))))

(defun cl-lib--in (x list keys)
  "Whether X (through :key) is a member of LIST under KEYS."
  (apply #'cl-member (cl-lib--key (plist-get keys :key) x) list keys))

(defun cl-set-difference (list1 list2 &rest keys)
  "The elements of LIST1 not in LIST2, in LIST1's order: a fresh list
unless LIST2 is empty."
  (if (null list2) list1
    (let (out)
      (dolist (x list1 (nreverse out))
        (unless (cl-lib--in x list2 keys) (push x out))))))

(defun cl-lib--longer-first (list1 list2)
  (if (>= (length list1) (length list2)) (cons list1 list2) (cons list2 list1)))

(defun cl-intersection (list1 list2 &rest keys)
  "The elements common to LIST1 and LIST2 (in Emacs's order)."
  (and list1 list2
       (if (equal list1 list2) list1
         (let* ((lists (cl-lib--longer-first list1 list2)) out)
           (dolist (x (cdr lists) out)
             (when (cl-lib--in x (car lists) keys) (push x out)))))))

(defun cl-union (list1 list2 &rest keys)
  "The elements of LIST1 and LIST2, each once (in Emacs's order)."
  (cond ((null list1) list2) ((null list2) list1)
        ((and (null keys) (equal list1 list2)) list1)
        ;; Each element of the shorter list joins the longer unless
        ;; already there: by KEYS, or by `eql' for a number, else `eq'.
        (t (let* ((lists (cl-lib--longer-first list1 list2)) (out (car lists)))
             (dolist (x (cdr lists) out)
               (unless (if (or keys (numberp x)) (cl-lib--in x out keys) (memq x out))
                 (push x out)))))))

(defun cl-set-exclusive-or (list1 list2 &rest keys)
  "The elements of LIST1 not in LIST2, then those of LIST2 not in LIST1."
  (cond ((null list1) list2) ((null list2) list1)
        ((equal list1 list2) nil)
        (t (append (apply #'cl-set-difference list1 list2 keys)
                   (apply #'cl-set-difference list2 list1 keys)
                   nil))))

;; Emacs's destructive versions may reuse their arguments' conses, so
;; callers keep only the results, which these give.
(defalias 'cl-nunion #'cl-union)
(defalias 'cl-nintersection #'cl-intersection)
(defalias 'cl-nset-difference #'cl-set-difference)
(defalias 'cl-nset-exclusive-or #'cl-set-exclusive-or)

(defun cl-subsetp (list1 list2 &rest keys)
  "Whether every element of LIST1 is in LIST2."
  (cond ((null list1) t)
        ((null list2) nil)
        (t (cl-every (lambda (x) (cl-lib--in x list2 keys)) list1))))

(defun cl-substitute-if (new pred seq &rest keys)
  "A copy of SEQ with the elements satisfying PRED replaced by NEW.
As in Emacs, a nil NEW leaves SEQ as it is."
  (cl-lib--check-seq-keys keys cl-lib--remove-keys)
  (if (null new) seq (apply #'cl-lib--substitute-if new pred seq keys)))

(defun cl-lib--substitute-if (new pred seq &rest keys)
  "`cl-substitute-if' as Emacs 28 does it: the first hit is found going
forward, then a copy of SEQ is substituted in place from there on, that
first hit included only when :from-end and :count are both given (else
it is replaced at once and the rest counts one less)."
  (let* ((count (cl-lib--count keys))
         (first (and (> (or count (length seq)) 0)
                     (cl-position-if pred seq :key (plist-get keys :key)
                                     :start (or (plist-get keys :start) 0)
                                     :end (plist-get keys :end)))))
    (if (null first) seq
      (let ((copy (copy-sequence seq)))
        (if (and count (plist-get keys :from-end))
            (cl-lib--substitute-scan new pred copy keys first count)
          (if (listp copy) (setcar (nthcdr first copy) new) (aset copy first new))
          (cl-lib--substitute-scan new pred copy keys (1+ first)
                                   (1- (or count (length seq)))))
        copy))))

(defun cl-substitute (new old seq &rest keys)
  "A copy of SEQ with the elements matching OLD replaced by NEW.
When NEW is OLD itself, SEQ is returned as it is, as in Emacs."
  (cl-lib--check-seq-keys keys cl-lib--remove-keys)
  (if (eq new old) seq
    (apply #'cl-lib--substitute-if new (cl-lib--item-test old keys) seq keys)))

(defun cl-subst (new old tree &rest keys)
  "A copy of TREE with the subtrees matching OLD replaced by NEW."
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((test (cl-lib--test keys)) (key (plist-get keys :key)))
    (cl-lib--subst-if (lambda (x) (funcall test old (cl-lib--key key x))) new tree)))

(defun cl-subst-if (new pred tree &rest keys)
  "A copy of TREE with the subtrees satisfying PRED (through :key) replaced by NEW."
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((key (plist-get keys :key)))
    (cl-lib--subst-if (lambda (x) (funcall pred (cl-lib--key key x))) new tree)))

(defun cl-subst-if-not (new pred tree &rest keys)
  (apply #'cl-subst-if new (cl-lib--not pred) tree keys))

(defun cl-lib--replace-in-conses (cell replacement)
  "Replace in place, in the conses from CELL on, each car or final cdr
for which REPLACEMENT gives a non-nil list by that list's car; a cons
is tried before its parts."
  (while (consp cell)
    (let ((a (funcall replacement (car cell))))
      (if a (setcar cell (car a))
        (cl-lib--replace-in-conses (car cell) replacement)))
    (let ((d (funcall replacement (cdr cell))))
      (if d (progn (setcdr cell (car d)) (setq cell nil))
        (setq cell (cdr cell))))))

(defun cl-lib--replace-in-tree (tree replacement)
  "TREE with its subtrees replaced in place as `cl-lib--replace-in-conses'
does.  TREE sits in a one-element list for the walk, so that, as in
Emacs, REPLACEMENT also sees that list's nil end, to no effect."
  (let ((holder (list tree)))
    (cl-lib--replace-in-conses holder replacement)
    (car holder)))

(defun cl-nsubst (new old tree &rest keys)
  "TREE with the subtrees matching OLD replaced by NEW, in place."
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((test (cl-lib--test keys)) (key (plist-get keys :key)))
    (cl-lib--replace-in-tree
     tree (lambda (x) (and (funcall test old (cl-lib--key key x)) (list new))))))

(defun cl-nsubst-if (new pred tree &rest keys)
  "TREE with the subtrees satisfying PRED (through :key) replaced by NEW, in place."
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((key (plist-get keys :key)))
    (cl-lib--replace-in-tree
     tree (lambda (x) (and (funcall pred (cl-lib--key key x)) (list new))))))

(defun cl-nsubst-if-not (new pred tree &rest keys)
  (apply #'cl-nsubst-if new (cl-lib--not pred) tree keys))

(defun cl-sublis (alist tree &rest keys)
  "A copy of TREE with each subtree matching a key of ALIST replaced by its value."
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((test (cl-lib--test keys)) (key (plist-get keys :key)))
    (cl-lib--sublis alist tree test key)))

(defun cl-lib--sublis-entry (alist x test)
  "The entry of ALIST whose key matches X, as (TEST KEY X) says."
  (while (and alist (not (and (consp (car alist)) (funcall test (car (car alist)) x))))
    (setq alist (cdr alist)))
  (car alist))

(defun cl-lib--sublis (alist tree test key)
  (let ((hit (cl-lib--sublis-entry alist (cl-lib--key key tree) test)))
    (cond (hit (cdr hit))
          ((consp tree)
           (let ((a (cl-lib--sublis alist (car tree) test key))
                 (d (cl-lib--sublis alist (cdr tree) test key)))
             (if (and (eq a (car tree)) (eq d (cdr tree))) tree (cons a d))))
          (t tree))))

(defun cl-nsublis (alist tree &rest keys)
  "TREE with each subtree matching a key of ALIST replaced, in place, by its value."
  (cl-lib--check-seq-keys keys cl-lib--member-keys)
  (let ((test (cl-lib--test keys)) (key (plist-get keys :key)))
    (cl-lib--replace-in-tree
     tree (lambda (x)
            (let ((hit (cl-lib--sublis-entry alist (cl-lib--key key x) test)))
              (and hit (list (cdr hit))))))))

(defun cl-tree-equal (x y &rest keys)
  "Whether trees X and Y have the same shape and leaves matching under :test and :key."
  (cl-lib--check-seq-keys keys '(:test :test-not :key))
  (let ((test (cl-lib--test keys)) (key (plist-get keys :key)))
    (cl-lib--tree-equal x y test key)))

(defun cl-lib--tree-equal (x y test key)
  "Whether X and Y are conses of one shape down to atoms that TEST,
called on their KEY, finds equal.  Only cars are compared recursively;
the lists themselves are followed in a loop."
  (catch 'differ
    (while (or (consp x) (consp y))
      (unless (and (consp x) (consp y)
                   (cl-lib--tree-equal (pop x) (pop y) test key))
        (throw 'differ nil)))
    (funcall test (cl-lib--key key x) (cl-lib--key key y))))

(defun cl-lib--subst-if (pred new tree)
  "TREE with NEW for each of its subtrees that PRED accepts.
Subtrees are tried in preorder, a cons before its car and its cdr.
The spine of each list is walked in a loop rather than by recursion,
and the cells that nothing changed are kept, as Emacs keeps them."
  (let ((walked nil) (spine tree) (end nil) (more t))
    (while more
      (cond ((funcall pred spine) (setq end new more nil))
            ((consp spine)
             (push (cons spine (cl-lib--subst-if pred new (car spine))) walked)
             (setq spine (cdr spine)))
            (t (setq end spine more nil))))
    (dolist (step walked end)
      (let ((cell (car step)) (head (cdr step)))
        (setq end (if (and (eq head (car cell)) (eq end (cdr cell)))
                      cell
                    (cons head end)))))))

(defun cl-ldiff (list sublist)
  "A fresh copy of the cells of LIST that come before SUBLIST.
When SUBLIST is no tail of LIST, that is all of LIST."
  (let* ((anchor (list nil)) (last anchor))
    (while (and (consp list) (not (eq list sublist)))
      (setq last (setcdr last (list (car list))))
      (setq list (cdr list)))
    (cdr anchor)))

(defun cl-tailp (sublist list)
  "Whether SUBLIST is a tail of LIST (compared with `eql')."
  (while (and (consp list) (not (eql sublist list)))
    (setq list (cdr list)))
  (eql sublist list))

(defun cl-endp (x)
  (if (listp x) (null x) (signal 'wrong-type-argument (list 'list x 'x))))

(defun cl-list-length (x)
  "The length of list X, or nil when it is circular.  A dotted X is a
`wrong-type-argument' about its last cdr."
  (unless (listp x) (signal 'wrong-type-argument (list 'list x 'x)))
  (if (proper-list-p x) (length x)
    ;; Past `safe-length' conses lies a dotted list's end, or a cons
    ;; again in a circular one.
    (let ((end (nthcdr (safe-length x) x)))
      (and (atom end) (signal 'wrong-type-argument (list 'listp end))))))

(defun cl-lib--store (seq start count producer)
  "Store COUNT results of calling PRODUCER into SEQ from index START.
Lists are walked once, so filling a long list stays linear."
  (if (listp seq)
      (let ((tail (nthcdr start seq)))
        (dotimes (_ count)
          (setcar tail (funcall producer))
          (setq tail (cdr tail))))
    (dotimes (k count)
      (aset seq (+ start k) (funcall producer)))))

(defun cl-fill (seq item &rest keys)
  "Store ITEM into SEQ's elements from :start to :end; return SEQ."
  (cl-lib--check-seq-keys keys '(:start :end))
  (let ((start (or (plist-get keys :start) 0))
        (end (or (plist-get keys :end) (and (arrayp seq) (length seq)))))
    (cond
     ((and (arrayp seq) (eq start 0) (= end (length seq))) (fillarray seq item))
     ((listp seq)
        ;; A list is filled up to its end, whatever :end says; a dotted
        ;; end is met by `setcar', as in Emacs.
        (let ((tail (nthcdr start seq)))
          (while (and tail (or (null end) (< start end)))
            (setcar tail item)
            (setq tail (cdr tail) start (1+ start)))))
     (t (cl-lib--store seq start (max 0 (- end start)) (lambda () item))))
    seq))

(defun cl-replace (seq1 seq2 &rest keys)
  "Copy SEQ2's elements (from :start2 to :end2) into SEQ1 (from :start1
to :end1), as many as both ranges hold; return SEQ1.  As in Emacs, the
bounds are not checked beyond what storing and fetching need: a list
SEQ1 takes no more than it has, nor than a list SEQ2 has, and the
length of a list is not taken when it need not be."
  (cl-lib--check-seq-keys keys '(:start1 :end1 :start2 :end2))
  (let* ((start1 (or (plist-get keys :start1) 0))
         (start2 (or (plist-get keys :start2) 0))
         (lists (and (listp seq1) (listp seq2)))
         (end1 (or (plist-get keys :end1) (and (arrayp seq1) (length seq1))))
         (end2 (or (plist-get keys :end2) (and (not lists) (length seq2))))
         (n (min (if end1 (- end1 start1) most-positive-fixnum)
                 (if end2 (- end2 start2) most-positive-fixnum)))
         (dest (and (listp seq1) (nthcdr start1 seq1)))
         (source (if (eq seq1 seq2) (copy-sequence seq2) seq2)))
    (cond ((<= n 0))
          ((listp seq1)
           (cl-lib--replace-in-list dest n
                                    (if lists (nthcdr start2 source)
                                      (cl-lib--cursor source start2))))
          (t (let ((next (if (listp source)
                             (let ((tail (nthcdr start2 source))) (lambda () (pop tail)))
                           (cl-lib--cursor source start2))))
               (dotimes (i n) (aset seq1 (+ start1 i) (funcall next)))))))
  seq1)

(defun cl-lib--replace-in-list (dest n source)
  "Store SOURCE's elements into the cells of DEST, at most N of them,
until DEST ends or SOURCE, a list, does (a dotted end is met by `setcar'
or `car').  SOURCE may also be a function giving one element a call."
  (while (and (> n 0) dest source)
    (setcar dest (if (functionp source) (funcall source) (pop source)))
    (setq dest (cdr dest) n (1- n))))

(defun cl-concatenate (type &rest sequences)
  "The SEQUENCES joined into one of TYPE: list, vector or string."
  (cond ((eq type 'list) (apply #'append (append sequences '(nil))))
        ((eq type 'vector) (apply #'vconcat sequences))
        ((eq type 'string) (apply #'concat sequences))
        (t (error "Not a sequence type name: %S" type))))

(defun cl-map (type fn seq &rest more)
  "The results of FN over SEQ (and MORE), as a sequence of TYPE."
  (let ((results (apply #'cl-mapcar fn seq more)))
    (and type (cl-coerce results type))))

(defun cl-maplist (fn list &rest more)
  "FN applied to LIST (and MORE) and each of their tails; the results."
  (let ((lists (cons list more)) out)
    (while (not (memq nil lists))
      (push (apply fn lists) out)
      (setq lists (mapcar #'cdr lists)))
    (nreverse out)))

(defun cl-mapl (fn list &rest more)
  (apply #'cl-maplist fn list more)
  list)

(defun cl-mapcon (fn list &rest more)
  (apply #'nconc (apply #'cl-maplist fn list more)))

(defun cl-some (pred seq &rest more)
  "The first non-nil value of PRED over the elements of SEQ (and MORE)."
  (if more
      (catch 'cl-lib--found
        (apply #'cl-mapc (lambda (&rest xs) (let ((v (apply pred xs)))
                                              (when v (throw 'cl-lib--found v))))
               seq more)
        nil)
    (catch 'cl-lib--found
      (dolist (x (cl-lib--seq-list seq))
        (let ((v (funcall pred x)))
          (when v (throw 'cl-lib--found v))))
      nil)))

(defun cl-every (pred seq &rest more)
  "True when PRED is true of every element of SEQ (and MORE)."
  (catch 'cl-lib--found
    (if more
        (apply #'cl-mapc (lambda (&rest xs) (unless (apply pred xs)
                                              (throw 'cl-lib--found nil)))
               seq more)
      (dolist (x (cl-lib--seq-list seq))
        (unless (funcall pred x) (throw 'cl-lib--found nil))))
    t))

(defun cl-notany (pred seq &rest more) (not (apply #'cl-some pred seq more)))
(defun cl-notevery (pred seq &rest more) (not (apply #'cl-every pred seq more)))

(defun cl-reduce (func seq &rest keys)
  "Combine the elements of SEQ (:start to :end) with FUNC, from the left
\(the right under :from-end).  Keywords: :initial-value, :key."
  (cl-lib--check-seq-keys keys '(:from-end :start :end :initial-value :key))
  (let* ((key (plist-get keys :key))
         (from-end (plist-get keys :from-end))
         (list (cl-subseq (cl-lib--seq-list seq) (or (plist-get keys :start) 0)
                          (plist-get keys :end)))
         (list (if from-end (reverse list) list))
         (acc (cond ((plist-member keys :initial-value) (plist-get keys :initial-value))
                    (list (cl-lib--key key (pop list)))
                    (t (funcall func)))))
    (dolist (x list acc)
      (setq x (cl-lib--key key x))
      (setq acc (if from-end (funcall func x acc) (funcall func acc x))))))

(defun cl-lib--mapcar-many (fn seqs)
  "FN's values over the elements of SEQS taken together, as far as the
shortest goes.  As in Emacs, two lists are walked until either ends (a
dotted end is then taken for a cons), while other arguments have every
length taken first."
  (let (out)
    (if (and (null (nthcdr 2 seqs)) (listp (car seqs)) (listp (cadr seqs)))
        (let ((a (car seqs)) (b (cadr seqs)))
          (while (and a b)
            (push (funcall fn (pop a) (pop b)) out)))
      (let ((n (apply #'min (mapcar #'length seqs)))
            (lists (mapcar #'cl-lib--seq-list seqs)))
        (dotimes (_ n)
          (push (apply fn (mapcar #'car lists)) out)
          (setq lists (mapcar #'cdr lists)))))
    (nreverse out)))

(defun cl-mapcar (fn seq &rest more)
  "Like `mapcar', but over several sequences, stopping at the shortest."
  (if more (cl-lib--mapcar-many fn (cons seq more)) (mapcar fn seq)))

(defun cl-mapc (fn seq &rest more)
  (if more (cl-lib--mapcar-many fn (cons seq more)) (mapc fn seq))
  seq)

(defun cl-mapcan (fn seq &rest more)
  (apply #'nconc (apply #'cl-mapcar fn seq more)))

;; Emacs 28's duplicate removal, as its results show: without :from-end,
;; duplicates at the very front are skipped by sharing the tail, then any
;; other duplicate is unlinked from a copy (or, deleting, in place).  An
;; element is compared as (TEST EARLIER LATER), through :key, with the
;; later elements up to :end only; a :start below 1 past the front acts
;; as 1, and a range too short or past the end changes nothing.

(defun cl-lib--later-matches (cell count test key gone all &optional rekey)
  "The cells among the COUNT after CELL (skipping those GONE, an `eq'
hash table, holds) whose element matches CELL's: all of them with ALL,
else the first.  CELL's key is taken only when there is something to
compare it with, unless REKEY; with REKEY, it is taken at once and
again after each match (as Emacs does under :from-end)."
  (let ((tail (cdr cell)) (x-taken rekey) (x (and rekey (cl-lib--key key (car cell)))) found)
    (while (and tail (> count 0) (or all (not found)))
      (unless (and gone (gethash tail gone))
        (unless x-taken (setq x (cl-lib--key key (car cell)) x-taken t))
        (when (funcall test x (cl-lib--key key (car tail)))
          (push tail found)
          (when rekey (setq x (cl-lib--key key (car cell)))))
        (setq count (1- count)))
      (setq tail (cdr tail)))
    found))

(defun cl-lib--dedupe-list (list start end test key from-end in-place)
  ;; Under :from-end, an :end past LIST's end has Emacs look at the nil
  ;; after it too, as if it were an element.  Without it, a cell goes
  ;; only when it is the one looked at, so later ones are never gone.
  (let ((end (or end (if from-end (length list) most-positive-fixnum)))
        (gone (make-hash-table :test 'eq))
        (lost 0))
    (unless from-end
      (while (and (eq start 0) (cdr list) (> end 1)
                  (cl-lib--later-matches list (- end 1) test key nil nil))
        (setq list (cdr list) end (1- end))))
    (let* ((i (if from-end (max start 0) (max start 1)))
           (cell (nthcdr i list)))
      (while (and (or cell from-end) (< i (1- end)))
        (let ((hits (cl-lib--later-matches cell (- end i 1) test key (and from-end gone)
                                           from-end from-end)))
          (if (and hits (not from-end))
              (puthash cell t gone)
            (dolist (h hits) (puthash h t gone))
            (setq i (1+ i)))
          (setq end (- end (length hits))
                lost (+ lost (length hits))
                cell (cdr cell))
          (while (and cell (gethash cell gone)) (setq cell (cdr cell))))))
    (cond ((= lost 0) list)
          (in-place (cl-lib--unlink-cells list gone))
          (t (let (out)
               (while list
                 (unless (gethash list gone) (push (car list) out))
                 (setq list (cdr list)))
               (nreverse out))))))

(defun cl-lib--unlink-cells (list gone)
  "LIST without the conses GONE, an `eq' hash table, holds, unlinked in place."
  (while (and list (gethash list gone)) (setq list (cdr list)))
  (let ((prev list))
    (while (cdr prev)
      (if (gethash (cdr prev) gone)
          (setcdr prev (cdr (cdr prev)))
        (setq prev (cdr prev)))))
  list)

(defun cl-lib--dedupe (seq keys in-place)
  (cl-lib--check-seq-keys keys '(:test :test-not :key :start :end :from-end :if))
  (let* ((start (or (plist-get keys :start) 0))
         (end (plist-get keys :end))
         (args (list (cl-lib--test keys) (plist-get keys :key) (plist-get keys :from-end))))
    (unless end (length seq))           ; a dotted list fails then, as in Emacs
    (if (listp seq)
        (apply #'cl-lib--dedupe-list seq start end (append args (list in-place)))
      (let* ((list (append seq nil))
             (out (apply #'cl-lib--dedupe-list list start
                         (if (plist-get keys :from-end) end (and end (min end (length seq))))
                         (append args (list t)))))
        (if (and (= (length out) (length seq)) (not (stringp seq))) (vconcat out)
          (cl-lib--like seq out))))))

(defun cl-remove-duplicates (seq &rest keys)
  "A copy of SEQ with duplicates between :start and :end removed, keeping
the last occurrence (the first under :from-end)."
  (cl-lib--dedupe seq keys nil))

(defun cl-delete-duplicates (seq &rest keys)
  "SEQ without its duplicates (as `cl-remove-duplicates'); a list loses
them in place."
  (cl-lib--dedupe seq keys t))

(defun cl-subseq (seq start &optional end)
  "The part of SEQ from START to END (negative indices count from the end)."
  (cond ((listp seq) (cl-lib--list-part seq start end))
        ((or (stringp seq) (vectorp seq)) (substring seq start end))
        (t (error "Unsupported sequence: %s" seq))))

(defun cl-lib--list-part (list start end)
  "`cl-subseq' of LIST.  As in Emacs, its length is taken only for a
negative index; otherwise running out of cells is what shows an index
to be too large, and a dotted end meets `car', `cdr' or `copy-sequence'."
  (let ((bad (lambda () (error "Bad bounding indices: %s, %s" start end)))
        (from start) (to end))
    (when (or (< from 0) (and to (< to 0)))
      (let ((len (length list)))
        (when (< from 0) (setq from (+ from len)))
        (when (and to (< to 0)) (setq to (+ to len)))))
    (when (< from 0) (funcall bad))
    (when (> from 0)
      (setq list (nthcdr (1- from) list))
      (unless list (funcall bad))
      (setq list (cdr list)))
    (when (and to (< to from)) (funcall bad))
    (if (null to)
        (copy-sequence list)
      (let (out)
        (dotimes (_ (- to from))
          (unless list (funcall bad))
          (push (pop list) out))
        (nreverse out)))))

(defun cl-sort (seq pred &rest keys)
  "SEQ sorted by PRED (comparing the :key of elements); an array is
sorted in place, through a list as in Emacs (so PRED sees the pairs a
list's sort compares)."
  (cl-lib--check-seq-keys keys '(:key))
  (let* ((key (plist-get keys :key))
         (test (if key (lambda (a b) (funcall pred (funcall key a) (funcall key b))) pred)))
    (if (listp seq)
        (sort seq test)
      (cl-replace seq (sort (append seq nil) test)))))

(defun cl-stable-sort (seq pred &rest keys) (apply #'cl-sort seq pred keys))

(defun cl-list* (arg &rest others)
  "Like `list', but the last argument is the tail of the result."
  (if (null others)
      arg
    (let ((all (cons arg others)))
      (nconc (butlast all) (car (last all))))))

(defun cl-getf (plist tag &optional def)
  "TAG's value in PLIST, or DEF when TAG is absent or ends an odd PLIST."
  (let ((value-cell (cdr (plist-member plist tag))))
    (if value-cell (car value-cell) def)))

;; (setf (cl-getf PLACE TAG DEF) V): a new TAG goes in front, as with
;; plist-get.
(defun cl-lib--getf-store-form (read-plist write-plist key value)
  "A form storing VALUE under KEY in the plist READ-PLIST reads, by
WRITE-PLIST (a place's setter); its value is VALUE's."
  (let ((new (make-symbol "new")))
    `(let ((,new ,value))
       ,(funcall write-plist (list 'cl--set-getf read-plist key new))
       ,new)))

(defun cl-lib--getf-expansion (do plist-place tag default)
  "Hand DO the reader and the writer of (cl-getf PLIST-PLACE TAG DEFAULT)."
  (gv-letplace (read-plist write-plist) plist-place
    (macroexp-let2* nil ((key tag) (fallback default))
      (funcall do (list 'cl-getf read-plist key fallback)
               (lambda (value)
                 (cl-lib--getf-store-form read-plist write-plist key value))))))

(gv-define-expander cl-getf
  (lambda (do plist tag &optional def)
    (cl-lib--getf-expansion do plist tag def)))

(defun cl--set-getf (plist tag value)
  "PLIST with TAG's value VALUE: stored into its cell, else in front."
  (let ((cell (cdr (plist-member plist tag))))
    (if cell
        (progn (setcar cell value) plist)
      (cons tag (cons value plist)))))

;; (setf (cl-subseq SEQ START END) NEW) overwrites SEQ's elements in place.
(subr--set-setter 'cl-subseq
                  (lambda (args v)
                    `(cl-lib--set-subseq ,(nth 0 args) ,(nth 1 args) ,(nth 2 args) ,v)))

(defun cl-lib--set-subseq (seq start end new)
  (let ((len (length seq)))
    (cl-replace seq new :start1 (if (< start 0) (+ start len) start)
                :end1 (cond ((null end) len) ((< end 0) (+ end len)) (t end)))
    new))

(defun cl-gcd (&rest args)
  (let ((a (abs (or (pop args) 0))))
    (dolist (b args a)
      (setq b (abs b))
      (while (> b 0) (setq b (% a (setq a b)))))))

(defun cl-isqrt (x)
  "The integer square root of the natural number X (rounded down).
Anything else is an `arith-error'."
  (unless (natnump x)
    (signal 'arith-error nil))
  (if (< x 2)
      x
    ;; Newton's step from a power of two above the root only goes down,
    ;; and stops going down exactly at the root rounded down.
    (let ((root (ash 1 (1+ (/ (logb x) 2)))))
      (while (> (* root root) x)
        (setq root (/ (+ root (/ x root)) 2)))
      root)))

(defun cl-signum (x)
  "1, 0 or -1, as the number X is positive, zero or negative."
  (if (> x 0) 1 (if (< x 0) -1 0)))

(defun cl-lib--skip-blanks (string i end)
  (while (and (< i end) (memq (aref string i) '(?\s ?\t ?\n ?\r ?\f)))
    (setq i (1+ i)))
  i)

(defun cl-parse-integer (string &rest keys)
  "The integer STRING spells in :radix (10) between :start and :end,
blanks around it allowed; with :junk-allowed, what precedes the junk
\(nil without digits) rather than an error."
  (unless (stringp string) (signal 'wrong-type-argument (list 'string string 'string)))
  (let ((tail (and (not (plist-get keys :allow-other-keys)) keys)))
    (while tail
      (unless (memq (car tail) '(:start :end :radix :junk-allowed :allow-other-keys))
        (error "Keyword argument %S not one of (:start :end :radix :junk-allowed)" (car tail)))
      (setq tail (cddr tail))))
  (let* ((i (or (plist-get keys :start) 0))
         (end (or (plist-get keys :end) (length string)))
         (radix (or (plist-get keys :radix) 10))
         (sign 1) (sum nil) digit)
    (unless (<= i end (length string))
      (error "Bad interval: [%d, %d)" i end))
    (setq i (cl-lib--skip-blanks string i end))
    (when (and (< i end) (memq (aref string i) '(?+ ?-)))
      (when (eq (aref string i) ?-) (setq sign -1))
      (setq i (1+ i)))
    (while (and (< i end) (setq digit (cl-digit-char-p (aref string i) radix)))
      (setq sum (+ (* (or sum 0) radix) digit) i (1+ i)))
    (setq i (cl-lib--skip-blanks string i end))
    (cond ((plist-get keys :junk-allowed) (and sum (* sign sum)))
          ((and sum (= i end)) (* sign sum))
          (t (error "Not an integer string: `%s'" string)))))

(defun cl-lib--quotient-and-rest (quotient x y)
  "(Q R): Q is QUOTIENT (a rounding division) of X by Y (1 if nil), R
what is left of X."
  (let ((q (funcall quotient x y)))
    (list q (- x (* q (or y 1))))))

(defun cl-floor (x &optional y)
  "(Q R): X / Y rounded down, and the rest."
  (cl-lib--quotient-and-rest #'floor x y))
(defun cl-truncate (x &optional y)
  "(Q R): X / Y rounded toward zero, and the rest."
  (cl-lib--quotient-and-rest #'truncate x y))

(defun cl-values (&rest values) values)
(defun cl-values-list (list)
  "LIST itself: multiple values are a list."
  (if (listp list) list (signal 'wrong-type-argument list)))
(defalias 'cl-multiple-value-call #'apply)
(defsubst cl-multiple-value-apply (function values) (apply function values))
(defalias 'cl-copy-seq #'copy-sequence)
(defalias 'cl-svref #'aref)
(defalias 'cl-floatp-safe #'floatp)
(dolist (name '(caaar caadr cadar caddr cdaar cdadr cddar cdddr
                caaaar caaadr caadar caaddr cadaar cadadr caddar cadddr
                cdaaar cdaadr cdadar cdaddr cddaar cddadr cdddar cddddr))
  (defalias (intern (format "cl-%s" name)) name))

(defmacro cl-multiple-value-setq (vars form)
  "Set VARS to the values of FORM (a list); return the first."
  (let ((values (make-symbol "values")))
    `(let ((,values ,form))
       (prog1 (car ,values)
         ,@(let ((i -1))
             (mapcar (lambda (v) (setq i (1+ i)) `(setq ,v (nth ,i ,values))) vars))))))

(defmacro cl-defsubst (name args &rest body)
  "Define NAME as a function (inlined in Emacs), with a cl lambda list."
  (declare (indent 2))
  `(cl-defun ,name ,args ,@body))

(defmacro cl-do-symbols (spec &rest body)
  "Run BODY with (VAR [OBARRAY [RESULT]]) bound to each symbol; return RESULT."
  (declare (indent 1))
  ;; As in Emacs, VAR is also bound (to nil) around RESULT.
  (let* ((var (nth 0 spec))
         (table (nth 1 spec))
         (walk (list 'mapatoms
                     (list 'function (cons 'lambda (cons (list var) body))))))
    ;; No OBARRAY form means mapatoms's own default.
    (when table
      (setq walk (append walk (list table))))
    (list 'cl-block nil (list 'let (list var) walk (nth 2 spec)))))

(defmacro cl-do-all-symbols (spec &rest body)
  (declare (indent 1))
  `(cl-do-symbols (,(car spec) nil ,(cadr spec)) ,@body))

(defun cl-nth-value (n values) "The Nth of the multiple VALUES." (nth n values))

(defvar cl--gensym-counter 0 "The number in the next `cl-gensym' name.")

(defun cl-lib--take-gensym-number ()
  "The value of `cl--gensym-counter', which goes up by one."
  (setq cl--gensym-counter (1+ cl--gensym-counter))
  (1- cl--gensym-counter))

(defun cl-gensym (&optional prefix)
  "A new uninterned symbol named PREFIX (\"G\") and a number; an
integer PREFIX is the number."
  (make-symbol
   (concat (if (stringp prefix) prefix "G")
           (number-to-string (if (integerp prefix) prefix
                               (cl-lib--take-gensym-number))))))

(defun cl-gentemp (&optional prefix)
  "A new interned symbol named PREFIX (\"T\") and the first number from
`cl--gensym-counter' giving a name no symbol has yet."
  (let ((prefix (if (stringp prefix) prefix "T")))
    (while (intern-soft (format "%s%d" prefix cl--gensym-counter))
      (setq cl--gensym-counter (1+ cl--gensym-counter)))
    (intern (format "%s%d" prefix cl--gensym-counter))))

(defvar cl-most-positive-float nil "The largest float, once `cl-float-limits' ran.")
(defvar cl-most-negative-float nil)
(defvar cl-least-positive-float nil "The smallest positive (denormal) float.")
(defvar cl-least-negative-float nil)
(defvar cl-least-positive-normalized-float nil)
(defvar cl-least-negative-normalized-float nil)
(defvar cl-float-epsilon nil "The smallest E with (/= (+ 1.0 E) 1.0).")
(defvar cl-float-negative-epsilon nil "The smallest E with (/= (- 1.0 E) 1.0).")

(defun cl-float-limits ()
  "Set the cl- float limit variables for IEEE doubles; return nil."
  (setq cl-most-positive-float (* (- 2.0 (ldexp 1.0 -52)) (ldexp 1.0 1023))
        cl-most-negative-float (- cl-most-positive-float)
        cl-least-positive-float (ldexp 1.0 -1074)
        cl-least-negative-float (- cl-least-positive-float)
        cl-least-positive-normalized-float (ldexp 1.0 -1022)
        cl-least-negative-normalized-float (- cl-least-positive-normalized-float)
        cl-float-epsilon (ldexp 1.0 -52)
        cl-float-negative-epsilon (ldexp 1.0 -53))
  nil)

(defun cl-get (symbol property &optional default)
  "SYMBOL's PROPERTY, or DEFAULT when it has none (nil values count)."
  (let ((cell (plist-member (symbol-plist symbol) property)))
    (if cell (cadr cell) default)))

(defun cl-remprop (symbol property)
  "Remove PROPERTY from SYMBOL's plist; t if it was there."
  (let ((plist (symbol-plist symbol)))
    (cond ((null plist) nil)
          ((eq (car plist) property) (setplist symbol (cddr plist)) t)
          (t (let ((tail (cdr plist)))
               (while (and (cdr tail) (not (eq (cadr tail) property)))
                 (setq tail (cddr tail)))
               (when (cdr tail)
                 (setcdr tail (cdr (cddr tail)))
                 t))))))

;; Multiple values are lists, as in Emacs's cl-lib.
(defmacro cl-multiple-value-bind (vars form &rest body)
  (declare (indent 2))
  (let ((values (make-symbol "values")) (i -1))
    `(let* ((,values ,form)
            ,@(mapcar (lambda (v) (setq i (1+ i)) `(,v (nth ,i ,values))) vars))
       ,@body)))

(defmacro cl-multiple-value-list (form) form)

(defun cl-round (x &optional y)
  "(Q R): X / Y rounded to the nearest integer (even on ties), and the rest."
  (let ((q (if (and y (not (and (integerp x) (integerp y)))) (round (/ x y)) (round x y))))
    (list q (- x (if y (* q y) q)))))
(defun cl-ceiling (x &optional y)
  "(Q R): X / Y rounded up, and the rest."
  (cl-lib--quotient-and-rest #'ceiling x y))
(defun cl-mod (x y) (nth 1 (cl-floor x y)))
(defun cl-rem (x y) (nth 1 (cl-truncate x y)))

(defun cl-lcm (&rest args)
  (let ((a (abs (or (pop args) 1))))
    (dolist (b args a)
      (setq a (if (or (zerop a) (zerop b)) 0 (/ (abs (* a b)) (cl-gcd a b)))))))

(defconst cl-digit-char-table
  (let ((table (make-vector 256 nil)))
    (dotimes (i 10) (aset table (+ ?0 i) i))
    (dotimes (i 26)
      (aset table (+ ?A i) (+ 10 i))
      (aset table (+ ?a i) (+ 10 i)))
    table)
  "The digit value of each character below 256, or nil.")

(defun cl-digit-char-p (char &optional radix)
  "The value of CHAR as a digit in RADIX (10 by default), or nil.
As in Emacs, CHAR is looked up in `cl-digit-char-table', so that a
character past its end is out of range."
  (let ((base (or radix 10)))
    (if (or (< base 2) (> base 36))
        (signal 'args-out-of-range (list 'radix radix '(2 36)))
      (let ((weight (aref cl-digit-char-table char)))
        (when (and weight (< weight base))
          weight)))))

;;; ---- Types and declarations ---------------------------------------------

(defmacro cl-the (type form)
  "FORM's value, checked to be of TYPE as Emacs checks it by default."
  (let ((quoted-type (list 'quote type)))
    (cl-lib--on-stable-value
     form
     (lambda (value)
       (list 'progn
             (list 'unless (list 'cl-typep value quoted-type)
                   (cl-lib--type-error-form quoted-type value form))
             value)))))
(defmacro cl-declare (&rest _specs) nil)
(defmacro cl-declaim (&rest _specs) nil)
(defmacro cl-locally (&rest body) `(progn ,@body))
(defmacro cl-eval-when (_when &rest body) (declare (indent 1)) `(progn ,@body))
(defmacro cl-load-time-value (form &optional _read-only) form)

(defmacro cl-typecase (expr &rest clauses)
  "Run the body of the first (TYPE BODY...) clause whose TYPE EXPR has."
  (declare (indent 1))
  (let ((x (make-symbol "x")))
    `(let ((,x ,expr))
       (cond ,@(mapcar (lambda (c)
                         (cons (if (memq (car c) '(t otherwise)) t `(cl-typep ,x ',(car c)))
                               (or (cdr c) '(nil))))
                       clauses)))))

(defmacro cl-etypecase (expr &rest clauses)
  "As `cl-typecase', with an error when no clause matches."
  (declare (indent 1))
  (let ((x (make-symbol "x")))
    `(let ((,x ,expr))
       (cl-typecase ,x
         ,@clauses
         (t (error "cl-etypecase failed: %s, %s" ,x ',(mapcar #'car clauses)))))))

(defun cl-lib--coerce-failed (x type)
  (error "Can't coerce %s to type %s" x type))

(defun cl-lib--coerce-to-character (x)
  "The character that X, a one-character string or symbol, stands for."
  (let ((name (if (symbolp x) (symbol-name x) x)))
    (if (and (stringp name) (= (length name) 1))
        (aref name 0)
      (cl-lib--coerce-failed name 'character))))

(defconst cl-lib--coercions
  (list (cons 'list (lambda (x) (append x nil)))
        (cons 'vector #'vconcat)
        (cons 'array #'vconcat)
        (cons 'string #'concat)
        (cons 'bool-vector (lambda (x) (apply #'bool-vector (append x nil))))
        (cons 'float #'float)
        (cons 'character #'cl-lib--coerce-to-character))
  "The conversion `cl-coerce' applies for each type it can convert to.")

(defun cl-coerce (x type)
  "X converted to TYPE: list, vector, string, array, character or float.
A value already of TYPE is returned as it is."
  (let ((convert (cdr (assq type cl-lib--coercions))))
    (cond ((cl-typep x type) x)
          (convert (funcall convert x))
          (t (cl-lib--coerce-failed x type)))))

(defun cl-lib--equalp-lists (x y)
  "Whether the conses X and Y are alike for `cl-equalp', cell by cell and
then in their final cdrs."
  (let ((alike t))
    (while (and alike (consp x))
      (setq alike (and (consp y) (cl-equalp (pop x) (pop y)))))
    (and alike (cl-equalp x y))))

(defun cl-lib--equalp-vectors (x y)
  "Whether the vectors X and Y are alike for `cl-equalp', slot by slot."
  (let* ((i (length x))
         (alike (= i (length y))))
    (while (and alike (> i 0))
      (setq i (1- i))
      (setq alike (cl-equalp (aref x i) (aref y i))))
    alike))

(defun cl-equalp (x y)
  "Whether X and Y are alike in the looser sense of Common Lisp's equalp.
That is `equal', except that strings are compared regardless of case,
numbers with `=' (so 1 and 1.0 are alike), and conses and vectors
element by element with this same looser test."
  (cond ((eq x y) t)
        ((and (stringp x) (stringp y)) (string= (downcase x) (downcase y)))
        ((and (numberp x) (numberp y)) (= x y))
        ((and (consp x) (consp y)) (cl-lib--equalp-lists x y))
        ((and (vectorp x) (vectorp y)) (cl-lib--equalp-vectors x y))
        (t (equal x y))))

;;; ---- cl-defstruct --------------------------------------------------------
;;
;; A struct is a record (type-of gives its name), or with (:type vector)
;; a vector, tagged in slot 0 when :named.  Each struct name keeps in its
;; `cl-lib--struct-tags' property the tags of itself and of every struct
;; that includes it, so predicates accept children.

(defun cl-lib--struct-tag-at (type x)
  "What X holds where struct TYPE keeps its tag, or nil."
  (let ((i (get type 'cl-lib--struct-tag-index)))
    (cond ((eq (get type 'cl-lib--struct-type) 'list) (car-safe (nthcdr i x)))
          ((eq (get type 'cl-lib--struct-type) 'record) (cl-lib--struct-tag x))
          ((and (vectorp x) (> (length x) i)) (aref x i)))))

(defun cl-lib--struct-tag (x)
  (cond ((recordp x) (aref x 0))
        ((and (vectorp x) (> (length x) 0)) (aref x 0))))

(defun cl-lib--slot-spec (s)
  "Normalize slot S to (NAME DEFAULT . OPTIONS)."
  (if (consp s) s (list s nil)))

(defun cl-lib--struct-options (name-and-options)
  (if (consp name-and-options)
      (mapcar (lambda (o) (if (consp o) o (list o))) (cdr name-and-options))
    nil))

(defconst cl-lib--builtin-types
  '(atom array sequence list cons null symbol number integer float
    number-or-marker marker string vector bool-vector char-table hash-table
    function subr compiled-function module-function buffer overlay process
    window window-configuration frame terminal thread mutex condvar
    font-spec font-entity font-object user-ptr)
  "Type names that Emacs's `cl-defstruct' refuses as struct names.")

(defun cl--struct-name-p (name)
  "Whether NAME may name a struct: a symbol other than nil, a keyword or
a built-in type's name."
  (and name (symbolp name) (not (keywordp name))
       (not (memq name cl-lib--builtin-types))))

(defun cl-lib--struct-name (name-and-options)
  (let ((name (if (consp name-and-options) (car name-and-options) name-and-options)))
    (unless (cl--struct-name-p name)
      (signal 'wrong-type-argument (list 'cl-struct-name-p name 'name)))
    name))

(defun cl-lib--struct-layout (type named include offset slots)
  "The slot descriptors of a struct in the order of its storage:
INCLUDE's layout (its slots replaced by their overrides), then OFFSET
skipped slots and the tag (a record's tag always comes first), then
SLOTS.  A struct that includes another is named if its parent is."
  (let* ((overrides (mapcar #'cl-lib--slot-spec (cdr include)))
         (parent (and include
                      (if (get (car include) 'cl-lib--struct-type)
                          (get (car include) 'cl-lib--struct-layout)
                        (error "%s is not a struct name" (car include)))))
         (skips (make-list offset '(cl-skip-slot nil)))
         (tag (cond ((or include (not named)) nil)
                    ((null type) '((cl-tag-slot)))
                    (t '((cl-tag-slot nil))))))
    (append (mapcar (lambda (s) (or (assq (car s) overrides) s)) parent)
            (if (null type) (append tag skips) (append skips tag))
            slots)))

(defun cl-lib--struct-initial-offset (options)
  (let ((offset (or (nth 1 (assq :initial-offset options)) 0)))
    (unless (natnump offset) (signal 'wrong-type-argument (list 'natnump offset)))
    offset))

(defun cl-lib--struct-tag-test (name type index size)
  "A form true when `cl-x' carries one of the tags of struct NAME at
INDEX; a vector must have the struct's SIZE."
  (let ((tag (cond ((null type) '(aref cl-x 0))
                   ((eq type 'list) `(nth ,index cl-x))
                   (t `(aref cl-x ,index)))))
    `(and ,(cond ((null type) '(recordp cl-x))
                 ((eq type 'list) '(consp cl-x))
                 (t `(and (vectorp cl-x) (>= (length cl-x) ,size))))
          (memq ,tag (get ',name 'cl-lib--struct-tags))
          t)))

(defconst cl-lib--struct-option-names
  '(:conc-name :constructor :copier :predicate :include :print-function
    :type :noinline :initial-offset :named)
  "The options `cl-defstruct' knows.")

(defun cl-lib--check-struct-options (options)
  (dolist (o options)
    (unless (memq (car o) cl-lib--struct-option-names)
      (error "Structure option %s unrecognized" (car o)))))

(defmacro cl-defstruct (name-and-options &rest slots)
  "Define a struct type: constructor, predicate, copier and slot accessors."
  (declare (indent 1))
  (let* ((name (cl-lib--struct-name name-and-options))
         (options (cl-lib--struct-options name-and-options))
         (_ (cl-lib--check-struct-options options))
         (opt (lambda (k) (assq k options)))
         (type (nth 1 (funcall opt :type)))
         (include (cdr (funcall opt :include)))
         (conc-name (let ((c (funcall opt :conc-name)))
                      (cond ((null c) (format "%s-" name))
                            ((null (nth 1 c)) "")
                            (t (format "%s" (nth 1 c))))))
         (doc (and (stringp (car slots)) (car slots)))
         (slots (mapcar #'cl-lib--slot-spec
                        (if (stringp (car slots)) (cdr slots) slots)))
         (layout (cl-lib--struct-layout
                  type (or (null type) (funcall opt :named)) include
                  (cl-lib--struct-initial-offset options) slots))
         (tag-index (cl-position 'cl-tag-slot layout :key #'car))
         (predicate (let ((p (funcall opt :predicate)))
                      (if p (nth 1 p) (intern (format "%s-p" name)))))
         (copier (let ((c (funcall opt :copier)))
                   (if c (nth 1 c) (intern (format "copy-%s" name)))))
         (maker (if (eq type 'list) 'list (if type 'vector 'record)))
         (forms nil))
    ;; Known when the form is expanded too, as Emacs's `cl-struct-define'
    ;; is: a struct including this one later in the same top-level form
    ;; (a `let', a `when') is expanded before that form runs.
    (let ((register `((put ',name 'cl-lib--struct-layout ',layout)
                      (put ',name 'cl-lib--struct-type ',maker))))
      (push `(eval-and-compile ,@register) forms)
      (setq forms (append (reverse register) forms)))
    (push `(cl-lib--note-struct-class ',name ,doc
                                      ,(and (null type) (not (funcall opt :print-function))
                                            (if include `(cl-lib--struct-prints-p ',(car include)) t)))
          forms)
    (when tag-index
      (push `(put ',name 'cl-lib--struct-tag-index ,tag-index) forms)
      (push `(put ',name 'cl-lib--struct-tags (list ',name)) forms)
      (when include
        (push `(put ',name 'cl-lib--struct-parent ',(car include)) forms)
        (push `(cl-lib--add-struct-tag ',(car include) ',name) forms)))
    (dolist (c (cl-lib--struct-constructors name options))
      (when (nth 1 c)
        (push (cl-lib--struct-constructor name maker layout c) forms)))
    (when (and tag-index predicate)
      (push `(defun ,predicate (cl-x)
               ,(cl-lib--struct-tag-test name type tag-index (length layout)))
            forms))
    (when copier
      (push `(defalias ',copier #'copy-sequence) forms))
    (let ((i 0))
      (dolist (s layout)
        (unless (memq (car s) '(cl-skip-slot cl-tag-slot))
          (setq forms (nconc (nreverse (cl-lib--struct-accessor
                                        name type tag-index (length layout) conc-name s i))
                             forms)))
        (setq i (1+ i))))
    `(progn ,@(nreverse forms) ',name)))

(defun cl-lib--struct-constructor (name maker layout spec)
  "The `cl-defun' of constructor SPEC, (:constructor CNAME [ARGS [DOC]])."
  (let* ((slots (cl-remove-if (lambda (s) (memq (car s) '(cl-skip-slot cl-tag-slot)))
                              layout))
         (args `(&cl-defs ,slots ,@(if (cdr (cdr spec))
                                       (nth 2 spec)
                                     (cons '&key (mapcar #'car slots))))))
    `(cl-defun ,(nth 1 spec) ,args
       ,(if (stringp (nth 3 spec))
            (nth 3 spec)
          (format "Constructor for objects of type `%s'." name))
       (,maker ,@(mapcar (lambda (s)
                           (cond ((eq (car s) 'cl-tag-slot) `',name)
                                 ((eq (car s) 'cl-skip-slot) nil)
                                 ((cl-lib--arg-named-p (car s) args) (car s))
                                 (t (nth 1 s))))
                         layout)))))

(defun cl-lib--struct-accessor (name type tag-index size conc-name slot index)
  "The accessor of SLOT at INDEX and its setf expander.  As in Emacs,
the accessor of a struct with a tag checks it, and SIZE, the length of
a vector struct."
  (let ((accessor (intern (format "%s%s" conc-name (car slot))))
        (doc (plist-get (cddr slot) :documentation)))
    (list
     `(defun ,accessor (cl-x)
        ,(concat (internal--format-docstring-line
                  "Access slot \"%s\" of `%s' struct CL-X." (car slot) name)
                 (if doc (concat "\n" doc) ""))
        ,@(cond ((and tag-index (null type))
                 `((or (memq (cl-lib--struct-tag cl-x) (get ',name 'cl-lib--struct-tags))
                       (signal 'wrong-type-argument (list ',name cl-x)))))
                (tag-index
                 `((or ,(cl-lib--struct-tag-test name type tag-index size)
                       (signal 'wrong-type-argument (list ',name cl-x))))))
        ,(if (eq type 'list) `(nth ,index cl-x) `(aref cl-x ,index)))
     `(subr--set-setter ',accessor
                        (lambda (args v)
                          ,(cond ((plist-get (cddr slot) :read-only)
                                  `(error "%s is a read-only slot" ',accessor))
                                 ((eq type 'list)
                                  ``(setcar (nthcdr ,,index ,(car args)) ,v))
                                 (t ``(aset ,(car args) ,,index ,v))))))))

(define-error 'cl-struct-unknown-slot "struct has no slot")

(defun cl-struct-p (object)
  "Whether OBJECT is a record made by a `cl-defstruct' (not a struct of
:type vector or list, which are plain vectors and lists)."
  (and (recordp object)
       (eq (get (type-of object) 'cl-lib--struct-type) 'record)))

(defun cl-struct-slot-info (struct-type)
  "(SLOT-NAME DEFAULT . OPTIONS) for each slot of STRUCT-TYPE in the
order of storage, with Emacs's (cl-tag-slot) and (cl-skip-slot nil)."
  (unless (get struct-type 'cl-lib--struct-type)
    (error "%s is not a struct name" struct-type))
  (get struct-type 'cl-lib--struct-layout))

(defun cl-struct-slot-offset (struct-type slot-name)
  "The index of SLOT-NAME in an object of STRUCT-TYPE."
  (or (cl-position slot-name (cl-struct-slot-info struct-type) :key #'car)
      (signal 'cl-struct-unknown-slot (list struct-type slot-name))))

(defun cl-struct-slot-value (struct-type slot-name inst)
  "The value of slot SLOT-NAME of INST, of STRUCT-TYPE."
  (unless (cl-typep inst struct-type)
    (signal 'wrong-type-argument (list struct-type inst)))
  (let ((i (cl-struct-slot-offset struct-type slot-name)))
    (if (consp inst) (nth i inst) (aref inst i))))

(defun cl-lib--set-slot-value (struct-type slot-name inst v)
  (let ((i (cl-struct-slot-offset struct-type slot-name)))
    (if (consp inst) (setcar (nthcdr i inst) v) (aset inst i v))))

(subr--set-setter 'cl-struct-slot-value
                  (lambda (args v) `(cl-lib--set-slot-value ,@args ,v)))

(defun cl-lib--struct-constructors (name options)
  "The (:constructor NAME [ARGS]) specs to define, as Emacs reads them:
a spec with an argument list adds a BOA constructor; one without renames
the keyword constructor make-NAME, or with nil suppresses it."
  (let ((default (intern (format "make-%s" name)))
        (boa nil))
    (dolist (o options)
      (when (eq (car o) :constructor)
        (if (cdr (cdr o))
            (push o boa)
          (setq default (nth 1 o)))))
    (if default
        (cons (list :constructor default) (nreverse boa))
      (nreverse boa))))

(defun cl-lib--arg-named-p (name args)
  (let (found)
    (dolist (a args)
      (when (or (eq a name) (and (consp a) (eq (car a) name))) (setq found t)))
    found))

(defun cl-lib--add-struct-tag (parent tag)
  (while parent
    (put parent 'cl-lib--struct-tags
         (append (get parent 'cl-lib--struct-tags) (list tag)))
    (setq parent (get parent 'cl-lib--struct-parent))))

;; Class records.  A struct's `cl-structure-class' record, laid out as
;; Emacs 28's, is made from its properties on first use and kept until
;; the struct's layout changes.  Its parents go up to the root
;; `cl-structure-object', which records' structs share.

(defconst cl-lib--root-struct-class
  (record 'cl-structure-class 'cl-structure-object
          "The root parent of all \"normal\" CL structs" nil []
          (make-hash-table :test 'eq :size 1) 'cl-structure-object nil nil t
          'cl-struct-cl-structure-object-tags)
  "The class of `cl-structure-object'.")

(defun cl-lib--slot-descriptor (slot)
  "The `cl-slot-descriptor' record of SLOT, (NAME DEFAULT . OPTIONS)."
  (let ((props nil) (type t) (options (nthcdr 2 slot)))
    (while options
      (if (eq (car options) :type)
          (setq type (nth 1 options))
        (push (cons (car options) (nth 1 options)) props))
      (setq options (nthcdr 2 options)))
    (record 'cl-slot-descriptor (car slot) (nth 1 slot) type (nreverse props))))

(defun cl-lib--make-struct-class (name)
  (let* ((record-p (eq (get name 'cl-lib--struct-type) 'record))
         (slots (get name 'cl-lib--struct-layout))
         (offset (if record-p 1 0))
         (slots (if (and record-p (eq (car (car slots)) 'cl-tag-slot)) (cdr slots) slots))
         (index-table (make-hash-table :test 'eq :size (length slots)))
         (parent (get name 'cl-lib--struct-parent)))
    (dotimes (i (length slots))
      (puthash (car (nth i slots)) (+ i offset) index-table))
    (record 'cl-structure-class name (get name 'cl-lib--struct-doc)
            (cond (parent (list (cl--struct-get-class parent)))
                  (record-p (list cl-lib--root-struct-class)))
            (vconcat (mapcar #'cl-lib--slot-descriptor slots))
            index-table name (and (not record-p) (get name 'cl-lib--struct-type))
            (and (not record-p) (get name 'cl-lib--struct-tag-index) t)
            (cl-lib--struct-prints-p name)
            (or (get name 'cl-lib--struct-children-sym)
                (intern (format "cl-struct-%s-tags" name))))))

(defun cl-lib--note-struct-class (name doc print)
  "Keep what the class of struct NAME shows: its DOC, and PRINT, whether
its objects print as #s(...) by default: records with no :print-function
whose parent's do."
  (put name 'cl-lib--struct-doc doc)
  (put name 'cl-lib--struct-print (if print 'yes 'no)))

(defun cl-lib--struct-prints-p (name)
  (let ((print (get name 'cl-lib--struct-print)))
    (if print
        (eq print 'yes)
      (eq (get name 'cl-lib--struct-type) 'record))))

(defun cl--struct-get-class (name)
  "The `cl-structure-class' record of the struct NAME."
  (cond ((eq name 'cl-structure-object) cl-lib--root-struct-class)
        ((not (get name 'cl-lib--struct-type))
         (error "%s is not a struct name" name))
        (t
         (let ((layout (get name 'cl-lib--struct-layout))
               (made (get name 'cl-lib--struct-class)))
           (if (eq (car made) layout)
               (cdr made)
             (cdr (put name 'cl-lib--struct-class
                       (cons layout (cl-lib--make-struct-class name)))))))))

(defun cl-find-class (type)
  "The class record of TYPE, a struct or EIEIO class name, or nil."
  (or (get type 'cl--class)
      (and (or (eq type 'cl-structure-object) (get type 'cl-lib--struct-type))
           (cl--struct-get-class type))))

(defun cl-struct-sequence-type (struct-type)
  "How objects of STRUCT-TYPE are stored: `vector' or `list', or nil
for records."
  (cl--struct-get-class struct-type)
  (let ((type (get struct-type 'cl-lib--struct-type)))
    (and (not (eq type 'record)) type)))

(defun cl--class-name (class)
  "The name of the class record CLASS."
  (aref class 1))

;; The mode's code is in cl-extra.el: defining a minor mode loads the
;; mode machinery, which cl-lib's users seldom need.
(defvar cl-old-struct-compat-mode nil
  "Non-nil if Cl-Old-Struct-Compat mode is enabled.")
(autoload 'cl-old-struct-compat-mode "cl-extra")

(defun cl-struct-define (name docstring parent type named slots children-sym tag print)
  "Record the struct NAME as the code Emacs compiles `cl-defstruct' to
asks: stored as TYPE (record, vector or list) in SLOTS (as
`cl-struct-slot-info' lists them), tagged with TAG when NAMED or a
record.  CHILDREN-SYM's value lists TAG and the tags of the structs
that include NAME, as PARENT's lists NAME's."
  (unless (cl--struct-name-p name)
    (signal 'wrong-type-argument (list 'cl--struct-name name 'name)))
  (unless type
    ;; What old compiled code defines: its objects are tagged vectors.
    (cl-old-struct-compat-mode 1))
  (let ((index (cl-position 'cl-tag-slot slots :key #'car)))
    (cl-lib--note-struct-class name docstring print)
    (put name 'cl-lib--struct-layout slots)
    (put name 'cl-lib--struct-type (if (memq type '(nil record)) 'record type))
    (put name 'cl-lib--struct-children-sym children-sym)
    (set children-sym (list tag))
    (when (and index (or named (memq type '(nil record))))
      (put name 'cl-lib--struct-tag-index index)
      (put name 'cl-lib--struct-tags (list tag)))
    (when (get parent 'cl-lib--struct-type)
      (put name 'cl-lib--struct-parent parent)
      (cl-lib--add-struct-tag parent tag)
      (while parent
        (let ((sym (get parent 'cl-lib--struct-children-sym)))
          (when sym (set sym (cons tag (symbol-value sym)))))
        (setq parent (get parent 'cl-lib--struct-parent))))
    (unless (or (eq named t) (eq tag name))
      ;; An old-style tag holds the class, its function cell the mark
      ;; `cl--old-struct-type-of' looks for.
      (set tag (cl--struct-get-class name))
      (fset tag :quick-object-witness-check))))

;;; ---- Compiler macros ------------------------------------------------------
;;
;; As in Emacs's interpreter, a compiler macro rewrites the calls that
;; `macroexpand-all' meets, and so those of the code `load' expands;
;; `cl-compiler-macroexpand' applies one on demand.

(defun cl-lib--cmacro-params (args)
  "The `cl-defun' parameters of a compiler macro declared with ARGS.
The call form always comes first: as the variable of a leading
\"&whole VAR\", else as an ignored `_cl-whole-arg'.  A dotted tail
becomes &rest."
  (let ((params (cl-lib--proper-lambda-list args)))
    (if (eq (car params) '&whole)
        (cdr params)
      (cons '_cl-whole-arg params))))

(defmacro cl-define-compiler-macro (func args &rest body)
  "Give FUNC a compiler macro: BODY computes what a call to FUNC turns
into, with the call's arguments bound as ARGS says (ARGS may start with
&whole VAR for the call itself).  The macro becomes function
FUNC--cmacro, stored in FUNC's `compiler-macro' property."
  (declare (indent 2))
  (let ((handler (intern (concat (symbol-name func) "--cmacro"))))
    `(eval-and-compile
       (cl-defun ,handler ,(cl-lib--cmacro-params args) ,@body)
       (put ',func 'compiler-macro #',handler))))

(defun cl-lib--compiler-macro-of (func)
  "The compiler macro of FUNC or of a function it is an alias of,
loading an autoloaded definition on the way."
  (let ((handler nil))
    (while (and (symbolp func) func
                (not (setq handler (get func 'compiler-macro)))
                (fboundp func))
      (when (autoloadp (symbol-function func))
        (autoload-do-load (symbol-function func) func))
      (setq func (symbol-function func)))
    handler))

(defun cl-compiler-macroexpand (form)
  "FORM with the compiler macro of its function applied again and again,
until there is none or it returns the form it was given."
  (let ((handler nil) (done nil))
    (while (not done)
      (setq handler (cl-lib--compiler-macro-of (car-safe form)))
      (setq done (or (null handler)
                     (eq form (setq form (apply handler form (cdr form)))))))
    form))

;;; ---- Random numbers ---------------------------------------------------------
;;
;; Emacs's cl-random draws from a subtractive generator (Knuth's, the
;; "ran3" of Numerical Recipes): 55 numbers of 23 bits, each draw
;; replacing one by its difference with the one 24 places further on.
;; The same seed gives the same numbers as in Emacs 28, so the table is
;; filled and warmed up the way Emacs does it.  A state's vec is its
;; integer seed until its first draw.

(cl-defstruct (cl--random-state (:copier nil) (:predicate cl-random-state-p)
                                (:constructor nil)
                                (:constructor cl-lib--make-random-state (vec)))
  (i -1) (j 30) vec)

(defconst cl-lib--random-bits 23 "The width of the generator's numbers.")

(defun cl-lib--random-table (seed)
  "The generator's 55 numbers for integer SEED, before the warm-up:
a Fibonacci-like run of differences spread over the table 21 places apart."
  (let ((table (make-vector 55 nil))
        (prev (- 1357335 (abs (% seed 1357333))))
        (next 1)
        (pos 21))
    (aset table 0 prev)
    (while (> pos 0)
      (aset table pos next)
      (setq next (- prev next) prev (aref table pos))
      (setq pos (% (+ pos 21) 55)))
    table))

(defun cl-lib--random-table-of (state)
  "STATE's table, made from its seed and warmed up at the first draw."
  (let ((vec (cl--random-state-vec state)))
    (if (vectorp vec)
        vec
      (setf (cl--random-state-vec state) (cl-lib--random-table vec))
      (dotimes (_ 199) (cl-lib--random-draw state))
      (cl--random-state-vec state))))

(defun cl-lib--random-draw (state)
  "The next number of STATE's generator, from 0 below 2^23."
  (let ((vec (cl-lib--random-table-of state))
        (i (setf (cl--random-state-i state) (% (1+ (cl--random-state-i state)) 55)))
        (j (setf (cl--random-state-j state) (% (1+ (cl--random-state-j state)) 55))))
    (aset vec i (logand (1- (ash 1 cl-lib--random-bits)) (- (aref vec i) (aref vec j))))))

(defun cl-lib--random-integer (lim state)
  "A number from 0 below LIM: small limits take a remainder, larger ones
mask the draw (widened by nine more bits past 23) and draw again when
the masked number is not below LIM."
  (if (<= lim 512)
      (% (cl-lib--random-draw state) lim)
    (let ((mask 1023) (n nil))
      (while (< mask (1- lim)) (setq mask (1+ (* 2 mask))))
      (while (progn (setq n (cl-lib--random-draw state))
                    (when (> lim (1- (ash 1 cl-lib--random-bits)))
                      (setq n (+ (ash n 9) (% (cl-lib--random-draw state) 512))))
                    (>= (setq n (logand n mask)) lim)))
      n)))

(defvar cl--random-state (cl-lib--make-random-state (car (time-convert nil t)))
  "The state `cl-random' draws from when given none.")

(defun cl-random (lim &optional state)
  "A pseudo-random number from 0 below LIM, an integer or a float, drawn
from STATE (a `cl-make-random-state' object) or from `cl--random-state'."
  (let ((state (or state cl--random-state)))
    (if (integerp lim)
        (cl-lib--random-integer lim state)
      (* lim (/ (cl-lib--random-draw state) (float (ash 1 cl-lib--random-bits)))))))

(defun cl-make-random-state (&optional state)
  "A new random state: a copy of STATE if it is one (of `cl--random-state'
if nil), seeded by STATE if it is an integer, or by the clock if t."
  (let ((state (or state cl--random-state)))
    (if (cl-random-state-p state)
        (copy-sequence state)
      (cl-lib--make-random-state
       (if (integerp state) state (car (time-convert nil t)))))))

;;; ---- cl-loop ---------------------------------------------------------------
;;
;; The loop is parsed into one `and' chain run at the top of every pass
;; (iteration tests and variable updates of `for' clauses, in clause
;; order, interleaved with the body clauses, each form non-nil to go
;; on), the steps run at the end of a pass, and the epilogue:
;;
;;   (cl-block NAME
;;     (let* (BINDINGS...)
;;       INITIALLY...
;;       (while (and CHAIN...) STEPS...)
;;       FINALLY...
;;       RESULT))
;;
;; The bindings nest as Emacs's: a group joined by `and' is a let of its
;; own, the bindings between groups one let* each, destructuring
;; patterns spread where they are bound.  A hash-table, obarray,
;; overlay or interval clause runs the while's pass in a mapping
;; function instead.

(defvar cl-lib--loop-args nil "Tokens not parsed yet.")
(defvar cl-lib--loop-name nil)
(defvar cl-lib--loop-bindings nil
  "Reversed bindings: (VAR INIT), (PATTERN INIT), (VAR), VAR, or a vector
of a list of them, a group bound in parallel.")
(defvar cl-lib--loop-chain nil "Reversed chain forms.")
(defvar cl-lib--loop-steps nil "Reversed step forms.")
(defvar cl-lib--loop-initially nil)
(defvar cl-lib--loop-finally nil)
(defvar cl-lib--loop-result nil "The form giving the loop's value.")
(defvar cl-lib--loop-result-explicit nil "Non-nil after `finally return'.")
(defvar cl-lib--loop-accum nil "The default accumulation variable, once made.")
(defvar cl-lib--loop-into-vars nil "The variables named by `into', once bound.")
(defvar cl-lib--loop-first nil "The first-pass flag, once made.")
(defvar cl-lib--loop-finish nil
  "The flag that `always', `never', `thereis' and `return' clear to end
the loop early, once made.")
(defvar cl-lib--loop-map nil
  "For a `being the hash-keys/hash-values/symbols/overlays' clause: the
function of the loop's pass (a list of forms) giving the form that runs
it for each item, as Emacs's loop makes it.")
(defvar cl-lib--loop-result-var nil
  "The variable `thereis' and `return' leave the loop's value in, once made.")
(defvar cl-lib--loop-pending nil
  "Reversed (PATTERN FORM) stores of the current `for' group, made at its end.")
(defvar cl-lib--loop-group-steps nil
  "Reversed (VAR FORM) steps of the current `for' group, made in parallel.")
(defvar cl-lib--loop-ands nil "Non-nil once the current `for' group has an `and'.")
(defvar cl-lib--loop-conditions nil
  "Reversed end tests of the `for' clauses parsed so far, all groups.")

(defmacro cl-loop (&rest clauses)
  "The Common Lisp `loop' macro (a subset: for (in, on, across, in-ref,
across-ref, =/then, numbers, being the elements/symbols/hash-keys/
hash-values/buffers/frames/windows/overlays/intervals/key-codes/
key-bindings/key-seqs, joined by
`and'), repeat, with, while, until, collect,
append, nconc, concat, vconcat, sum, count, maximize, minimize, when,
unless, if (with `it'), do, return, always, never, thereis, named,
initially, finally)."
  ;; As in Emacs, forms without a symbol (other than nil and t) among
  ;; them make a plain endless loop.
  (if (not (cl-some (lambda (c) (and c (not (eq c t)) (symbolp c))) clauses))
      `(cl-block nil (while t ,@clauses))
    (let ((cl-lib--loop-args (append clauses '(cl-end-loop))) (cl-lib--loop-name nil)
          (cl-lib--loop-bindings nil) (cl-lib--loop-chain nil) (cl-lib--loop-steps nil)
          (cl-lib--loop-initially nil) (cl-lib--loop-finally nil)
          (cl-lib--loop-result nil) (cl-lib--loop-result-explicit nil)
          (cl-lib--loop-accum nil) (cl-lib--loop-into-vars nil) (cl-lib--loop-first nil) (cl-lib--loop-pending nil)
          (cl-lib--loop-finish nil) (cl-lib--loop-result-var nil) (cl-lib--loop-map nil)
          (cl-lib--loop-conditions nil))
      (while (not (eq (car cl-lib--loop-args) 'cl-end-loop))
        (cl-lib--loop-clauses))
      ;; As Emacs's loop, the flags and the result variable come last.
      (when cl-lib--loop-finish
        (cl-lib--loop-bind cl-lib--loop-finish t))
      (when cl-lib--loop-first
        (cl-lib--loop-bind cl-lib--loop-first t)
        (push `(setq ,cl-lib--loop-first nil) cl-lib--loop-steps))
      (when cl-lib--loop-result-var
        (push cl-lib--loop-result-var cl-lib--loop-bindings))
      (let* ((loop (cl-lib--loop-while (nreverse cl-lib--loop-chain) (nreverse cl-lib--loop-steps)))
             (forms `(,@(nreverse cl-lib--loop-initially)
                      ,(if cl-lib--loop-map (cl-lib--loop-map-form loop) loop)
                      ,@(cl-lib--loop-epilogue))))
        `(cl-block ,cl-lib--loop-name
           ,@(cl-lib--loop-wrap-lets cl-lib--loop-bindings forms))))))

(defun cl-lib--loop-wrap-lets (bindings body)
  "BODY, a list of forms, inside the lets of BINDINGS (reversed): as
Emacs's loop nests them, a group bound in parallel (a vector of more
than one binding) makes a let of its own, the bindings between groups
one let* each."
  (while bindings
    (if (cl-lib--loop-parallel-p (car bindings))
        (setq body (list (cl-lib--loop-let (aref (pop bindings) 0) body t)))
      (let ((lets nil))
        (while (and bindings (not (cl-lib--loop-parallel-p (car bindings))))
          (let ((b (pop bindings)))
            (push (if (vectorp b) (car (aref b 0)) b) lets)))
        (setq body (list (cl-lib--loop-let lets body nil))))))
  body)

(defun cl-lib--loop-parallel-p (binding)
  (and (vectorp binding) (cdr (aref binding 0))))

(defun cl-lib--loop-group-bindings (start)
  "Make the bindings pushed since the list was START one parallel group."
  (let ((new nil) (rest cl-lib--loop-bindings))
    (while (not (eq rest start)) (push (pop rest) new))
    (when new (setq cl-lib--loop-bindings (cons (vector new) rest)))))

(defun cl-lib--loop-unused-p (var)
  "Non-nil if VAR is nil or a name starting with `_', one whose value
is not wanted."
  (or (null var) (and (symbolp var) (string-prefix-p "_" (symbol-name var)))))

(defun cl-lib--loop-specs (specs par setq)
  "How Emacs's loop binds (or, with SETQ, sets) SPECS, each VAR, (VAR)
or (PATTERN VALUE), PATTERN a tree of variables: (PAR TEMPS PAIRS), PAR
whether still in parallel, TEMPS the bindings computing the values
first and PAIRS the (VAR VALUE) in order.  A pattern with a value turns
a parallel group sequential, its values computed first into
temporaries.  A list is walked by popping its dotted tail's variable,
else a new temporary (bound by its own binding when setting)."
  (let ((temps nil) (pairs nil))
    (when (and par (cl-some (lambda (s) (and (consp (car-safe s)) (nth 1 s))) specs))
      (setq par nil
            specs (mapcar (lambda (s)
                            (if (or (atom s) (macroexp-const-p (nth 1 s))) s
                              (let ((temp (make-symbol "--cl-var--")))
                                (push (list temp (nth 1 s)) temps)
                                (list (car s) temp))))
                          specs)))
    (while specs
      (let* ((spec (pop specs)) (pat (car-safe spec)))
        (if (not (and (consp spec) (or (consp pat) (cl-lib--loop-unused-p pat))))
            (push spec pairs)
          (let ((value (nth 1 spec)) (tail (if (consp pat) (cdr (last pat)) pat)) (parts nil))
            (unless (and (null value) (cl-lib--loop-unused-p tail))
              (when (or (null tail) (and setq (cl-lib--loop-unused-p tail)))
                (setq tail (make-symbol "--cl-var--"))
                (when setq (push (list tail) cl-lib--loop-bindings)))
              (push (list tail value) pairs))
            (while (consp pat)
              (push (list (pop pat) (and value (list (if pat 'pop 'car) tail))) parts))
            (setq specs (nconc (nreverse parts) specs))))))
    (list par (nreverse temps) (nreverse pairs))))

(defun cl-lib--loop-let (specs body par)
  (let ((spread (cl-lib--loop-specs specs par nil)))
    `(,(if (car spread) 'let 'let*) ,(append (nth 1 spread) (nth 2 spread)) ,@body)))

(defun cl-lib--loop-setq (specs par)
  "The form storing SPECS, as `cl-lib--loop-let' would bind them."
  (let* ((spread (cl-lib--loop-specs specs par t))
         (set (cons (if (car spread) 'cl-psetq 'setq) (apply #'append (nth 2 spread)))))
    (if (nth 1 spread) `(let* ,(nth 1 spread) ,set) set)))

(defun cl-lib--loop-map-form (loop)
  "The iteration of `cl-lib--loop-map' running LOOP's pass, a (while TEST
BODY...) form, for each item; a TEST that can fail ends it."
  ;; The throw is written out: a cl-return-from would make the loop's
  ;; own block (which looks for one conservatively) keep its catch.
  (let* ((test (nth 1 loop))
         (tag (cl-lib--block-tag '--cl-finish--))
         (map (funcall cl-lib--loop-map
                       `(,@(and (not (eq test t)) `((or ,test (throw ',tag nil))))
                         ,@(nthcdr 2 loop)))))
    (if (eq test t) map `(catch ',tag ,map))))

(defun cl-lib--loop-epilogue ()
  "The forms after the while: the `finally' ones and the result, run
only if no flag-clearing clause ended the loop, which then gives the
result variable's value."
  (let ((forms (append (reverse cl-lib--loop-finally) (list cl-lib--loop-result))))
    (cond ((null cl-lib--loop-finish) forms)
          ((equal forms '(nil)) (list cl-lib--loop-result-var))
          (t `((if ,cl-lib--loop-finish (progn ,@forms) ,cl-lib--loop-result-var))))))

(defun cl-lib--loop-finish-flag (name)
  "The flag ending the loop early, made named NAME if not made yet."
  (or cl-lib--loop-finish (setq cl-lib--loop-finish (make-symbol name))))

(defun cl-lib--loop-result-variable ()
  (or cl-lib--loop-result-var (setq cl-lib--loop-result-var (make-symbol "--cl-var--"))))

(defun cl-lib--statements-p (form)
  "Non-nil if FORM is (progn STATEMENT... t), whose value in the chain
only says to go on."
  (and (eq (car-safe form) 'progn) (eq (car (last form)) t)))

(defun cl-lib--loop-build-ands (forms)
  "FORMS, run while all are non-nil, as (TEST BODY COMBINED): TEST the
tests, BODY the statements after them, COMBINED one form doing both.
As Emacs's loop builds them, the statements of a (progn STATEMENT... t)
go ahead of the next form (a progn's own forms spliced in), and the
trailing ones make BODY."
  (let ((tests nil) (statements nil))
    (dolist (form forms)
      (cond ((cl-lib--statements-p form)
             (setq statements (append statements (butlast (cdr form)))))
            (statements
             (push `(progn ,@statements ,@(if (eq (car-safe form) 'progn) (cdr form) (list form)))
                   tests)
             (setq statements nil))
            (t (push form tests))))
    (setq tests (or (nreverse tests) (list t)))
    (list (cl-lib--loop-and tests)
          statements
          (cl-lib--loop-and (append tests (and statements `((progn ,@statements t))))))))

(defun cl-lib--loop-and (forms)
  (if (cdr forms) `(and ,@forms) (or (car forms) t)))

(defun cl-lib--loop-while (chain steps)
  "The loop's while form for CHAIN, run while its forms are all non-nil,
then STEPS."
  (let ((ands (cl-lib--loop-build-ands chain)))
    `(while ,(car ands) ,@(nth 1 ands) ,@steps)))

(defun cl-lib--loop-next () (pop cl-lib--loop-args))

(defun cl-lib--loop-peek-p (&rest words) (memq (car cl-lib--loop-args) words))

(defun cl-lib--loop-bind (var init)
  (push (list var init) cl-lib--loop-bindings)
  var)

(defun cl-lib--loop-temp (name init)
  (cl-lib--loop-bind (make-symbol name) init))

(defun cl-lib--loop-bind-pattern (pattern)
  "Bind every variable in the destructuring PATTERN to nil (spread when
the lets are made)."
  (cl-lib--loop-check-pattern pattern)
  (cl-lib--loop-bind pattern nil))

(defun cl-lib--loop-check-pattern (pattern)
  (cond ((or (null pattern) (symbolp pattern)) nil)
        ((atom pattern) (signal 'wrong-type-argument (list 'symbolp pattern)))
        (t (cl-lib--loop-check-pattern (car pattern))
           (cl-lib--loop-check-pattern (cdr pattern)))))

(defun cl-lib--loop-set (pattern form)
  "Store FORM into PATTERN (a variable or a tree of them) on each pass.
The stores of a `for' group are made together at its end, those of
clauses joined by `and' in parallel, as in Emacs."
  (push (list pattern form) cl-lib--loop-pending))

(defun cl-lib--loop-first-flag ()
  (or cl-lib--loop-first
      (setq cl-lib--loop-first (make-symbol "--cl-var--"))))

(defun cl-lib--loop-forms (clause)
  "Take the compound forms that follow (a `do' or `finally' body)."
  (let (forms)
    (while (consp (car cl-lib--loop-args))
      (push (cl-lib--loop-next) forms))
    (or (nreverse forms) (error "Syntax error on `%s' clause" clause))))

(defun cl-lib--loop-clauses ()
  "Parse one clause and those joined to it by `and'."
  (let ((form (cl-lib--loop-clause)))
    (when form (push form cl-lib--loop-chain)))
  (when (cl-lib--loop-peek-p 'and)
    (cl-lib--loop-next)
    (cl-lib--loop-clauses)))

(defun cl-lib--loop-word ()
  "Take the word starting a clause.  The end marker `cl-end-loop' as a
clause's word or operand means a clause ran past the end, as in Emacs."
  (prog1 (cl-lib--loop-next)
    (unless cl-lib--loop-args (error "Malformed `cl-loop' macro"))))

(defun cl-lib--loop-clause ()
  "Parse one clause; return a chain form for it, or nil."
  (let ((word (cl-lib--loop-word)))
    (cond
     ((eq word 'named) (setq cl-lib--loop-name (cl-lib--loop-next)) nil)
     ((eq word 'with) (cl-lib--loop-with) nil)
     ((memq word '(for as)) (cl-lib--loop-for) nil)
     ((eq word 'repeat)
      (let ((n (cl-lib--loop-temp "--cl-var--" (cl-lib--loop-next))))
        `(>= (setq ,n (1- ,n)) 0)))
     ((eq word 'initially)
      (when (cl-lib--loop-peek-p 'do 'doing) (cl-lib--loop-next))
      (setq cl-lib--loop-initially (append (reverse (cl-lib--loop-forms 'initially)) cl-lib--loop-initially))
      nil)
     ((eq word 'finally) (cl-lib--loop-finally) nil)
     (t (cl-lib--loop-body-clause word)))))

(defun cl-lib--loop-finally ()
  (cond ((cl-lib--loop-peek-p 'return)
         (cl-lib--loop-next)
         (setq cl-lib--loop-result (cl-lib--loop-next) cl-lib--loop-result-explicit t))
        (t
         (when (cl-lib--loop-peek-p 'do 'doing) (cl-lib--loop-next))
         (setq cl-lib--loop-finally (append (reverse (cl-lib--loop-forms 'finally)) cl-lib--loop-finally)))))

(defun cl-lib--loop-with ()
  "A `with' clause and those joined to it by `and', which are bound in
parallel: each value is computed before any of the group's variables."
  (let ((group nil))
    (while (progn (push (list (cl-lib--loop-next)
                              (and (cl-lib--loop-peek-p '=) (cl-lib--loop-next) (cl-lib--loop-next)))
                        group)
                  (and (cl-lib--loop-peek-p 'and) (cl-lib--loop-next))))
    (push (vector (nreverse group)) cl-lib--loop-bindings)))

;;; for clauses

(defun cl-lib--loop-for ()
  "A `for' clause and those joined to it by `and'."
  (let ((cl-lib--loop-group-steps nil) (cl-lib--loop-ands nil)
        (start cl-lib--loop-bindings))
    (cl-lib--loop-for-clause)
    (while (cl-lib--loop-peek-p 'and)
      (cl-lib--loop-next)
      (setq cl-lib--loop-ands t)
      (cl-lib--loop-for-clause))
    (when cl-lib--loop-ands
      (cl-lib--loop-group-bindings start))
    (when cl-lib--loop-pending
      (push `(progn ,(cl-lib--loop-setq (reverse cl-lib--loop-pending) cl-lib--loop-ands) t)
            cl-lib--loop-chain)
      (setq cl-lib--loop-pending nil))
    (when cl-lib--loop-group-steps
      (push (cons (if cl-lib--loop-ands 'cl-psetq 'setq)
                  (apply #'append (nreverse cl-lib--loop-group-steps)))
            cl-lib--loop-steps))))

(defun cl-lib--loop-for-test (form)
  "Make FORM an end test of the loop, made by a `for' clause."
  (push form cl-lib--loop-conditions)
  (push form cl-lib--loop-chain))

(defun cl-lib--loop-for-index (i seq)
  "Advance index I, then end the loop when it is past SEQ: the test
alone is the end test, free of the step's effect."
  (push `(setq ,i (1+ ,i)) cl-lib--loop-chain)
  (cl-lib--loop-for-test `(< ,i (length ,seq))))

(defun cl-lib--loop-step (var form)
  "Step VAR to FORM at the end of each pass; the steps of a `for ... and'
group all see the values from before any of them."
  (push (list var form) cl-lib--loop-group-steps))

(defun cl-lib--loop-for-clause ()
  (let ((var (cl-lib--loop-next))
        (word (cl-lib--loop-next)))
    (cond
     ((eq word 'in) (cl-lib--loop-for-in var (cl-lib--loop-next)))
     ((eq word 'on) (cl-lib--loop-for-on var (cl-lib--loop-next)))
     ((eq word 'across) (cl-lib--loop-for-across var (cl-lib--loop-next)))
     ((eq word 'across-ref) (cl-lib--loop-for-across-ref var (cl-lib--loop-next)))
     ((eq word 'in-ref) (cl-lib--loop-for-in-ref var (cl-lib--loop-next)))
     ((eq word '=) (cl-lib--loop-for-= var (cl-lib--loop-next)))
     ((memq word '(from upfrom downfrom to upto below downto above by))
      (push word cl-lib--loop-args)
      (cl-lib--loop-for-numbers var))
     ((memq word '(being the)) (cl-lib--loop-for-being var))
     ;; As in Emacs, a library adds a preposition (generator.el's
     ;; `iter-by') with a handler, called with VAR, that parses the rest.
     ((get word 'cl-loop-for-handler) (funcall (get word 'cl-loop-for-handler) var))
     (t (error "Expected a `for' preposition, found %s" word)))))

(defun cl-lib--loop-by-step (tail)
  "The step of a list walk: (cdr TAIL), or a `by' function applied to it."
  (if (not (cl-lib--loop-peek-p 'by))
      (list 'cdr tail)
    (cl-lib--loop-next)
    (cl-lib--loop-call-form (cl-lib--loop-next) tail)))

(defun cl-lib--loop-call-form (function-form arg)
  "A form calling the function FUNCTION-FORM gives with ARG.
A quoted function name is called by name, as Emacs's loop does."
  (let ((name (and (memq (car-safe function-form) '(quote function cl-function))
                   (nth 1 function-form))))
    (if (and name (symbolp name))
        (list name arg)
      (list 'funcall function-form arg))))

(defun cl-lib--loop-for-in (var list)
  (let ((tail (cl-lib--loop-temp "--cl-var--" list)))
    (cl-lib--loop-bind-pattern var)
    (cl-lib--loop-for-test `(consp ,tail))
    (cl-lib--loop-set var `(car ,tail))
    (cl-lib--loop-step tail (cl-lib--loop-by-step tail))))

(defun cl-lib--loop-for-on (var list)
  (if (symbolp var)
      (progn
        (cl-lib--loop-bind var list)
        (cl-lib--loop-for-test `(consp ,var))
        (cl-lib--loop-step var (cl-lib--loop-by-step var)))
    (let ((tail (cl-lib--loop-temp "--cl-var--" list)))
      (cl-lib--loop-bind-pattern var)
      (cl-lib--loop-for-test `(consp ,tail))
      (cl-lib--loop-set var tail)
      (cl-lib--loop-step tail (cl-lib--loop-by-step tail)))))

(defun cl-lib--loop-for-across (var array)
  (let ((vec (cl-lib--loop-temp "--cl-vec--" array))
        (i (cl-lib--loop-temp "--cl-idx--" -1)))
    (cl-lib--loop-bind-pattern var)
    (cl-lib--loop-for-index i vec)
    (cl-lib--loop-set var `(aref ,vec ,i))))

;; VAR of across-ref, in-ref and of-ref names the element's place: the
;; clauses that follow see the place instead (Emacs uses a symbol macro).
(defun cl-lib--loop-for-across-ref (var seq)
  "VAR as the place (aref SEQ INDEX) of each element of SEQ."
  (let ((vec (cl-lib--loop-temp "--cl-vec--" seq))
        (i (cl-lib--loop-temp "--cl-idx--" -1)))
    (cl-lib--loop-for-index i vec)
    (setq cl-lib--loop-args (cl-lib--subst-place var `(aref ,vec ,i) cl-lib--loop-args))))

(defun cl-lib--loop-for-in-ref (var list)
  (let ((tail (cl-lib--loop-temp "--cl-var--" list)))
    (cl-lib--loop-for-test `(consp ,tail))
    (cl-lib--loop-step tail `(cdr ,tail))
    (setq cl-lib--loop-args (cl-lib--subst-place var `(car ,tail) cl-lib--loop-args))))

(defun cl-lib--subst-place (var place tree)
  "TREE with VAR read as PLACE, (setq VAR X) as (setf PLACE X); quoted
forms are left alone."
  (cond ((eq tree var) place)
        ((not (consp tree)) tree)
        ((eq (car tree) 'quote) tree)
        ((and (eq (car tree) 'setq) (eq (nth 1 tree) var) (= (length tree) 3))
         `(setf ,place ,(cl-lib--subst-place var place (nth 2 tree))))
        (t (cons (cl-lib--subst-place var place (car tree))
                 (cl-lib--subst-place var place (cdr tree))))))

(defun cl-lib--loop-for-= (var init)
  (cl-lib--loop-bind-pattern var)
  (let ((then (if (cl-lib--loop-peek-p 'then)
                  (progn (cl-lib--loop-next) (cl-lib--loop-next))
                init)))
    (cond ((and (or cl-lib--loop-ands (cl-lib--loop-peek-p 'and)) (symbolp var))
           ;; As in Emacs, THEN becomes a parallel step of the group,
           ;; taken only while the end tests of the `for' clauses so far
           ;; hold (after the steps of the groups before).
           (cl-lib--loop-set var `(if ,(cl-lib--loop-first-flag) ,init ,var))
           (cl-lib--loop-step var `(if ,(cl-lib--loop-and (reverse cl-lib--loop-conditions)) ,then ,var)))
          ((eq then init)
           (cl-lib--loop-first-flag) ; made, though unused, as in Emacs
           (cl-lib--loop-set var init))
          (t (cl-lib--loop-set var `(if ,(cl-lib--loop-first-flag) ,init ,then))))))

(defun cl-lib--loop-for-elements (var seq ref)
  "for VAR being the elements of SEQ [using (index I)]: a list is popped,
an array indexed, as Emacs's loop walks it; with REF (of-ref), VAR names
the place (elt SEQ I), SEQ's length taken once."
  (let* ((seq (cl-lib--loop-temp "--cl-seq--" seq))
         (index (and (cl-lib--loop-peek-p 'using)
                     (progn (cl-lib--loop-next) (nth 1 (cl-lib--loop-next)))))
         (i (if index (cl-lib--loop-bind index 0) (cl-lib--loop-temp "--cl-idx--" 0))))
    (if ref
        (let ((len (cl-lib--loop-temp "--cl-len--" `(length ,seq))))
          (cl-lib--loop-for-test `(< ,i ,len))
          (setq cl-lib--loop-args (cl-lib--subst-place var `(elt ,seq ,i) cl-lib--loop-args)))
      (cl-lib--loop-bind-pattern var)
      (cl-lib--loop-for-test `(and ,seq (or (consp ,seq) (< ,i (length ,seq)))))
      (cl-lib--loop-set var `(if (consp ,seq) (pop ,seq) (aref ,seq ,i))))
    (cl-lib--loop-step i `(1+ ,i))))

(defun cl-lib--loop-for-being (var)
  "for VAR being the elements/symbols/hash-keys/hash-values of SEQ, the
buffers, frames, windows, overlays or intervals."
  (while (cl-lib--loop-peek-p 'the 'each 'being) (cl-lib--loop-next))
  (let ((kind (cl-lib--loop-next)))
    (cond ((memq kind '(overlay overlays extent extents)) (cl-lib--loop-for-overlays var))
          ((memq kind '(interval intervals)) (cl-lib--loop-for-intervals var))
          ((memq kind '(frame frames screen screens)) (cl-lib--loop-for-frames var))
          ((memq kind '(window windows)) (cl-lib--loop-for-windows var))
          (t (cl-lib--loop-for-of var kind)))))

(defun cl-lib--loop-for-of (var kind)
  "for VAR being the KIND of SEQ: elements, symbols, hash keys or values,
or the buffers."
  (let ((of (cl-lib--loop-peek-p 'of 'in 'of-ref 'in-ref)))
    (cond (of (cl-lib--loop-next))
          ((not (memq kind '(symbol symbols buffer buffers))) ; no `of' needed
           (error "Expected `of'")))
    (let ((seq (and of (cl-lib--loop-next))))
      (cond
       ((memq (car of) '(of-ref in-ref))
        (unless (memq kind '(element elements))
          (error "Expected a `for' preposition, found %s" kind))
        (cl-lib--loop-for-elements var seq t))
       ((memq kind '(element elements)) (cl-lib--loop-for-elements var seq nil))
       ((memq kind cl-lib--loop-key-kinds) (cl-lib--loop-for-keys var kind seq))
       ((memq kind '(symbol symbols))
        (cl-lib--loop-iterate 'symbols (lambda (body) `(mapatoms (lambda (,var) ,@body) ,seq))))
       ((memq kind '(buffer buffers))
        (cl-lib--loop-for-in var '(buffer-list)))
       ((and (memq kind '(hash-key hash-keys hash-value hash-values)) (symbolp var))
        (let* ((other (and (cl-lib--loop-peek-p 'using)
                           (progn (cl-lib--loop-next) (nth 1 (cl-lib--loop-next)))))
               (other (or other (make-symbol "--cl-var--")))
               (args (if (memq kind '(hash-key hash-keys)) (list var other) (list other var))))
          (cl-lib--loop-iterate 'hash-tables (lambda (body) `(maphash (lambda ,args ,@body) ,seq)))))
       ((memq kind '(hash-key hash-keys hash-value hash-values))
        (let ((other (and (cl-lib--loop-peek-p 'using)
                          (progn (cl-lib--loop-next) (nth 1 (cl-lib--loop-next)))))
              (keyp (memq kind '(hash-key hash-keys))))
          (cl-lib--loop-for-in (if other (if keyp (list var other) (list other var))
                             (if keyp (list var) (list nil var)))
                           `(cl-lib--hash-pairs ,seq))))
       (t (error "Expected a `for' preposition, found %s" kind))))))

(defconst cl-lib--loop-key-kinds '(key-code key-codes key-seq key-seqs key-binding key-bindings)
  "The words of a loop over a keymap's bindings.")

(defun cl-lib--loop-for-keys (var kind map)
  "for VAR being the key-codes, key-seqs or key-bindings of MAP [using
\(KIND2 VAR2)]: the events (or key sequences) and bindings
`map-keymap' (or `cl--map-keymap-recursively') gives."
  (let ((other (if (not (cl-lib--loop-peek-p 'using))
                   (make-symbol "--cl-var--")
                   (cl-lib--loop-next)
                   (let ((clause (cl-lib--loop-next)))
                     (if (and (= (length clause) 2) (memq (car clause) cl-lib--loop-key-kinds)
                              (not (eq (car clause) kind)))
                         (cadr clause)
                       (error "Bad `using' clause"))))))
    (when (memq kind '(key-binding key-bindings))
      (setq var (prog1 other (setq other var))))
    (cl-lib--loop-iterate 'keys
                          (lambda (body)
                            `(,(if (memq kind '(key-seq key-seqs))
                                   'cl--map-keymap-recursively
                                 'map-keymap)
                              (lambda (,var ,other) ,@body) ,map)))))

(defun cl--map-keymap-recursively (function map &optional base)
  "Call FUNCTION with each key sequence MAP binds to something other
than a keymap, through its prefix keys, and that binding.  The key
sequence is one vector (BASE, the prefix), changed between calls."
  (let ((base (or base (vector 0))))
    (map-keymap (lambda (key binding)
                  (aset base (1- (length base)) key)
                  (if (keymapp binding)
                      (cl--map-keymap-recursively function binding (vconcat base [0]))
                    (funcall function base binding)))
                map)))

(defun cl-lib--loop-phrases (words)
  "The values of the phrases named by WORDS (`in' standing for `of'),
which come in any order, as a list in the order of WORDS, nil for those
absent."
  (let ((found nil))
    (while (or (cl-lib--loop-peek-p 'in) (memq (car cl-lib--loop-args) words))
      (let ((word (cl-lib--loop-next)))
        (push (cons (if (eq word 'in) 'of word) (cl-lib--loop-next)) found)))
    (mapcar (lambda (word) (cdr (assq word found))) words)))

(defun cl-lib--loop-for-overlays (var)
  "for VAR being the overlays [of BUFFER] [from POS] [to POS]."
  (let ((args (cl-lib--loop-phrases '(of from to))))
    (cl-lib--loop-iterate 'overlays
                          (lambda (body)
                            `(cl--map-overlays (lambda (,var ,(make-symbol "--cl-var--"))
                                                 (progn ,@body) nil)
                                               ,@args)))))

(defun cl-lib--loop-for-intervals (var)
  "for VAR being the intervals [of OBJECT] [property PROP] [from POS]
[to POS]: VAR (START . END), set (not bound, as in Emacs) unless a pair
of variables, which then take the bounds themselves."
  (let* ((args (cl-lib--loop-phrases '(of property from to)))
         (pair (and (consp var) (symbolp (car var)) (symbolp (cdr var))))
         (start (if pair (car var) (make-symbol "--cl-var1--")))
         (end (if pair (cdr var) (make-symbol "--cl-var2--"))))
    (unless pair (cl-lib--loop-set var `(cons ,start ,end)))
    (cl-lib--loop-iterate 'intervals
                          (lambda (body)
                            `(cl--map-intervals (lambda (,start ,end) ,@body) ,@args)))))

(defun cl-lib--loop-for-frames (var)
  "for VAR being the frames: from the selected one round to it again."
  (cl-lib--loop-bind var '(selected-frame))
  (cl-lib--loop-round-trip var `(next-frame ,var)))

(defun cl-lib--loop-for-windows (var)
  "for VAR being the windows [of FRAME]: from the selected one round to
it again, through the minibuffer's when starting there."
  (let ((frame (car (cl-lib--loop-phrases '(of)))))
    (cl-lib--loop-bind var (if frame `(frame-selected-window ,frame) '(selected-window)))
    (let ((minip (cl-lib--loop-temp "--cl-minip--" `(minibufferp (window-buffer ,var)))))
      (cl-lib--loop-round-trip var `(next-window ,var ,minip)))))

(defun cl-lib--loop-round-trip (var step)
  "Step VAR by STEP until it is back at its first value."
  (let ((first (cl-lib--loop-temp "--cl-var--" nil)))
    (cl-lib--loop-for-test `(prog1 (not (eq ,var ,first)) (or ,first (setq ,first ,var))))
    (cl-lib--loop-step var step)))

(defun cl-lib--loop-iterate (kind iterator)
  "Have the loop's pass run by ITERATOR, a function of the pass's forms
giving the form that runs them for each item; one per loop, as Emacs's."
  (when cl-lib--loop-map
    (error "Iteration on %S does not support this combination" kind))
  (setq cl-lib--loop-map iterator))

(defun cl--map-intervals (function &optional object property from to)
  "Call FUNCTION with the start and end of each run of OBJECT (a string,
or a buffer, the current one by default) from FROM to TO over which
PROPERTY (with nil, every property) keeps its value."
  (let ((object (or object (current-buffer))))
    (if (bufferp object)
        (let ((start (or from (with-current-buffer object (point-min)))) (next t))
          (while (and next (or (null to) (< start to)))
            (setq next (cl-lib--next-change start property object))
            (let ((end (or next (with-current-buffer object (point-max)))))
              (funcall function start (if to (min end to) end))
              (setq start end))))
      (let ((start (or from 0)) (to (or to (length object))))
        (while (< start to)
          (let ((next (or (cl-lib--next-change start property object) to)))
            (funcall function start (min next to))
            (setq start next)))))))

(defun cl-lib--next-change (pos property object)
  (if property
      (next-single-property-change pos property object)
    (next-property-change pos object)))

(defun cl--map-overlays (function &optional buffer from to arg)
  "Call FUNCTION with each overlay of BUFFER reaching into FROM..TO and
ARG, until it returns non-nil."
  (let ((overlays (cl-lib--overlays buffer from to)))
    (while (and overlays (not (funcall function (pop overlays) arg))))
    nil))

(defun cl-lib--overlays (buffer from to)
  "BUFFER's overlays (the current buffer's by default) that reach into
FROM..TO, as `cl-loop' visits them."
  (with-current-buffer (or buffer (current-buffer))
    (let ((lists (overlay-lists)))
      (cl-remove-if-not (lambda (ov)
                          (and (overlay-start ov)
                               (not (and to (>= (overlay-start ov) to)))
                               (not (and from (<= (overlay-end ov) from)))))
                        (append (car lists) (cdr lists))))))

(defun cl-lib--hash-pairs (table)
  (let (pairs)
    (maphash (lambda (k v) (push (list k v) pairs)) table)
    (nreverse pairs)))

(defun cl-lib--loop-for-numbers (var)
  ;; As in Emacs, the phrases come in this order only: a `from' word, a
  ;; `to' word, then `by'; any other order is left for the clause parser.
  (when (cl-lib--loop-peek-p 'downto 'above)
    (error "Must specify `from' value for downward cl-loop"))
  (let* ((from (and (cl-lib--loop-peek-p 'from 'upfrom 'downfrom) (cl-lib--loop-next)))
         (start (and from (cl-lib--loop-next)))
         (to (and (cl-lib--loop-peek-p 'to 'upto 'below 'downto 'above) (cl-lib--loop-next)))
         (end (and to (cl-lib--loop-next)))
         (step (and (cl-lib--loop-peek-p 'by) (cl-lib--loop-next) (cl-lib--loop-next)))
         (down (or (eq from 'downfrom) (memq to '(downto above))))
         (inclusive (not (memq to '(below above)))))
    (when (and (numberp step) (<= step 0))
      (error "Loop `by' value is not positive: %s" step))
    (cl-lib--loop-bind var (or start 0))
    (let ((end-var (and end (if (macroexp-const-p end) end (cl-lib--loop-temp "--cl-var--" end))))
          (step-var (if (macroexp-const-p step) (or step 1)
                      (cl-lib--loop-temp "--cl-var--" step))))
      (when end-var
        (cl-lib--loop-for-test
         `(,(if down (if inclusive '>= '>) (if inclusive '<= '<)) ,var ,end-var)))
      (cl-lib--loop-step var `(,(if down '- '+) ,var ,step-var)))))

;;; body clauses

(defun cl-lib--loop-accumulator (kind)
  "The variable a clause of KIND accumulates into (`into' or the default)."
  (if (cl-lib--loop-peek-p 'into)
      (progn
        (cl-lib--loop-next)
        (let ((var (cl-lib--loop-next)))
          ;; As in Emacs, a new binding, hiding any `with' of the same name.
          (unless (memq var cl-lib--loop-into-vars)
            (push var cl-lib--loop-into-vars)
            (cl-lib--loop-bind var (cl-lib--loop-accum-init kind)))
          (cons var t)))
    (unless cl-lib--loop-accum
      (setq cl-lib--loop-accum (cl-lib--loop-temp "--cl-var--" (cl-lib--loop-accum-init kind)))
      (unless cl-lib--loop-result-explicit
        (setq cl-lib--loop-result
              (if (memq kind '(collect append nconc))
                  `(nreverse ,cl-lib--loop-accum)
                cl-lib--loop-accum))))
    (cons cl-lib--loop-accum nil)))

(defun cl-lib--loop-accum-init (kind)
  (cond ((memq kind '(sum count)) 0)
        ((eq kind 'concat) "")
        ((eq kind 'vconcat) [])
        (t nil)))

(defun cl-lib--loop-accumulate (kind x)
  (let* ((acc (cl-lib--loop-accumulator kind))
         (var (car acc))
         (into (cdr acc)))
    `(progn
       ,(cond
         ((eq kind 'collect)
          (if into `(setq ,var (nconc ,var (list ,x))) `(setq ,var (cons ,x ,var))))
         ((eq kind 'append)
          (if into `(setq ,var (append ,var ,x)) `(setq ,var (nconc (reverse ,x) ,var))))
         ((eq kind 'nconc)
          (if into `(setq ,var (nconc ,var ,x)) `(setq ,var (nconc (nreverse ,x) ,var))))
         ((eq kind 'sum) `(setq ,var (+ ,var ,x)))
         ((eq kind 'count) `(if ,x (setq ,var (1+ ,var))))
         ((memq kind '(maximize minimize))
          (macroexp-let2 macroexp-copyable-p temp x
            `(setq ,var (if ,var (,(if (eq kind 'maximize) 'max 'min) ,var ,temp) ,temp))))
         ((eq kind 'concat) `(setq ,var (concat ,var ,x)))
         ((eq kind 'vconcat) `(setq ,var (vconcat ,var ,x))))
       t)))

(defconst cl-lib--loop-accum-words
  '((collect . collect) (collecting . collect) (append . append)
    (appending . append) (nconc . nconc) (nconcing . nconc)
    (sum . sum) (summing . sum) (count . count) (counting . count)
    (maximize . maximize) (maximizing . maximize)
    (minimize . minimize) (minimizing . minimize)
    (concat . concat) (vconcat . vconcat)))

(defun cl-lib--loop-body-clause (word)
  "Parse a clause that runs in the body; return its chain form."
  (let ((accum (assq word cl-lib--loop-accum-words)))
    (cond
     (accum (cl-lib--loop-accumulate (cdr accum) (cl-lib--loop-next)))
     ((memq word '(do doing)) `(progn ,@(cl-lib--loop-forms 'do) t))
     ((eq word 'while) (cl-lib--loop-next))
     ((eq word 'until) `(not ,(cl-lib--loop-next)))
     ((eq word 'return)
      (let ((flag (cl-lib--loop-finish-flag "--cl-var--")))
        `(setq ,(cl-lib--loop-result-variable) ,(cl-lib--loop-next) ,flag nil)))
     ((memq word '(always never))
      (unless cl-lib--loop-result-explicit (setq cl-lib--loop-result t))
      (let ((flag (cl-lib--loop-finish-flag "--cl-flag--")) (x (cl-lib--loop-next)))
        `(setq ,flag ,(if (eq word 'never) `(not ,x) x))))
     ((eq word 'thereis)
      (let ((flag (cl-lib--loop-finish-flag "--cl-flag--")))
        `(setq ,flag (not (setq ,(cl-lib--loop-result-variable) ,(cl-lib--loop-next))))))
     ((memq word '(when if unless)) (cl-lib--loop-conditional word))
     (t (error "Expected a cl-loop keyword, found %s" word)))))

(defun cl-lib--loop-clause-group ()
  "Body clauses joined by `and': their chain forms."
  (let ((forms (list (cl-lib--loop-body-clause (cl-lib--loop-word)))))
    (while (cl-lib--loop-peek-p 'and)
      (cl-lib--loop-next)
      (push (cl-lib--loop-body-clause (cl-lib--loop-word)) forms))
    (nreverse forms)))

(defun cl-lib--loop-conditional (word)
  (let* ((cond (cl-lib--loop-next))
         (then (cl-lib--loop-clause-group))
         (else (and (cl-lib--loop-peek-p 'else)
                    (progn (cl-lib--loop-next) (cl-lib--loop-clause-group)))))
    (when (cl-lib--loop-peek-p 'end) (cl-lib--loop-next))
    (setq then (cl-lib--loop-build-ands then)
          else (cl-lib--loop-build-ands else))
    (when (eq word 'unless) (cl-rotatef then else))
    (let* ((simple (and (eq (car then) t) (eq (car else) t)))
           ;; Statements only: an if run for effect, as in Emacs's loop.
           (branches (if simple
                         `((progn ,@(nth 1 then)) ,@(nth 1 else))
                       (list (nth 2 then) (nth 2 else))))
           ;; `it' in the clauses is the condition's value.
           (form (if (cl-lib--mentions-p 'it branches)
                     `(let ((it ,cond)) (if it ,@branches))
                   `(if ,cond ,@branches))))
      (if simple `(progn ,form t) form))))

(defun cl-lib--mentions-p (symbol tree)
  (cond ((eq tree symbol) t)
        ((consp tree) (or (cl-lib--mentions-p symbol (car tree))
                          (cl-lib--mentions-p symbol (cdr tree))))))


(marrow--byte-code-in-emacs
 'cl-typep 'cl-struct-slot-value)
(provide 'cl-lib)

;;; cl-lib.el ends here
