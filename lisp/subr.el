;;; subr.el --- marrow's preloaded Lisp library  -*- lexical-binding: t -*-

;; The runtime loads this file at startup, so everything here is
;; available without `require', as the same names are in GNU Emacs.
;;
;; Invariants:
;; - Nothing here redefines a C primitive: definitions that a C module
;;   may also provide are wrapped in `subr--define-missing' and only
;;   take effect when the name is not already fbound.
;; - Each macro is defined before its first use in this file, because
;;   macros are expanded once, when a top-level form is loaded.
;; - Expansions evaluate each argument form once and left to right,
;;   as Emacs's do, and the macros that loop expand into `while' so
;;   that they allocate nothing per iteration.
;; - Generated variables are uninterned (`make-symbol'), so they never
;;   capture the user's names.

;;; ---- Bootstrapping: macros built from special forms only ----------

(defmacro subr--define-missing (name &rest definition)
  "Evaluate DEFINITION unless NAME is already a function (a C primitive)."
  `(if (fboundp ',name) nil ,@definition))

(defmacro when (cond &rest body)
  "If COND yields non-nil, do BODY, else return nil."
  (declare (indent 1))
  (list 'if cond (cons 'progn body)))

(defmacro unless (cond &rest body)
  "If COND yields nil, do BODY, else return nil."
  (declare (indent 1))
  (cons 'if (cons cond (cons nil body))))

(subr--define-missing ignore
  (defun ignore (&rest _args) "Ignore ARGS and return nil." nil))
;; A command in Emacs, whose own is a Lisp function with (interactive).
(put 'ignore 'interactive-form '(interactive nil))
(subr--define-missing identity
  (defun identity (x) "Return X." x))

(subr--define-missing car-safe
  (defun car-safe (x) (if (consp x) (car x) nil)))
(subr--define-missing cdr-safe
  (defun cdr-safe (x) (if (consp x) (cdr x) nil)))

(defmacro subr--with-gensyms (names &rest body)
  "Bind each symbol in NAMES to a fresh uninterned symbol around BODY."
  (declare (indent 1))
  (cons 'let (cons (mapcar (lambda (n) (list n (list 'make-symbol (symbol-name n))))
                           names)
                   body)))

(defun subr--copyable-p (form)
  "True when FORM can be evaluated twice without a visible difference."
  (or (symbolp form) (not (consp form)) (eq (car form) 'quote)
      (eq (car form) 'function)))

;;; ---- Errors ---------------------------------------------------------

(defun error (&rest args)
  "Signal an error, making a message by passing ARGS to `format-message'."
  (signal 'error (list (apply #'format-message args))))

(defun user-error (format &rest args)
  "Signal a user error, formatting the message with `format-message'."
  (signal 'user-error (list (apply #'format-message format args))))

(subr--define-missing define-error
  (defun define-error (name message &optional parent)
    "Make NAME an error symbol that prints as MESSAGE.  Its conditions are
NAME, then PARENT's (`error' when PARENT is nil), or, when PARENT is a
list, each of those signals followed by its own conditions."
    (let ((parents (if (consp parent) parent (list (or parent 'error))))
          (inherited nil))
      ;; Only a list of parents must name known signals, as in Emacs.
      (while parents
        (let ((own (get (car parents) 'error-conditions)))
          (and (null own) (consp parent)
               (error "Unknown signal `%s'" (car parents)))
          (setq inherited (append inherited (cons (car parents) own))
                parents (cdr parents))))
      (put name 'error-conditions (delete-dups (cons name inherited)))
      (if message (put name 'error-message message)))))

;; cl-generic's errors are preloaded, as in Emacs, for libraries such as
;; map.el that signal them without loading cl-generic.
(define-error 'cl-no-method "No method")
(define-error 'cl-no-next-method "No next method" 'cl-no-method)
(define-error 'cl-no-applicable-method "No applicable method" 'cl-no-method)
(define-error 'cl-no-primary-method "No primary method" 'cl-no-method)
;; Standard errors of Emacs 28 that nothing in marrow signals, there for
;; code that signals or handles them.
(define-error 'minibuffer-quit "Quit" 'quit)
(define-error 'file-date-error "Cannot set file date" 'file-error)
(define-error 'file-notify-error "File notification error" 'file-error)
(define-error 'remote-file-error "Remote file error" 'file-error)
(define-error 'invalid-arity "Invalid function arity")
(define-error 'protected-field "Attempt to modify a protected field")
(define-error 'trapping-constant "Attempt to trap writes to a constant symbol")
(put 'user-search-failed 'error-conditions
     '(user-search-failed user-error search-failed error))
(put 'user-search-failed 'error-message "Search failed")

(defmacro ignore-errors (&rest body)
  "Execute BODY; if an error occurs, return nil, else BODY's value."
  (declare (indent 0))
  `(condition-case nil (progn ,@body) (error nil)))

(defmacro condition-case-unless-debug (var bodyform &rest handlers)
  "Like `condition-case', but `debug-on-error' enters the debugger for
an error the handlers catch: each handler's conditions get `debug'
added.  As in Emacs, a :success handler is never run."
  (declare (indent 2) (debug condition-case))
  `(condition-case ,var ,bodyform
     ,@(mapcar (lambda (handler)
                 (cons (cons 'debug (if (listp (car handler)) (car handler) (list (car handler))))
                       (cdr handler)))
               handlers)))

(defmacro with-demoted-errors (format &rest body)
  "Run BODY; report an error with `message' using FORMAT instead of
signalling it, and return nil.  A FORMAT that is no string, or a string
with no BODY after it, is the first form of BODY, the format being
\"Error: %S\", as in Emacs."
  (declare (indent 1))
  (let ((err (make-symbol "err")))
    (unless (and (stringp format) body)
      (setq body (cons format body) format "Error: %S"))
    `(condition-case-unless-debug ,err ,(macroexp-progn body)
       (error (message ,format ,err) nil))))

;;; ---- Loops ------------------------------------------------------------

(defmacro dolist (spec &rest body)
  "Run BODY once per element of LIST, VAR bound to it; then return the
value of RESULT, if given: (dolist (VAR LIST [RESULT]) BODY...)."
  (declare (indent 1))
  (or (consp spec) (signal 'wrong-type-argument (list 'consp spec)))
  (let ((n (length spec)))
    (or (memq n '(2 3)) (signal 'wrong-number-of-arguments (list '(2 . 3) n))))
  ;; The tail's name and the loop's shape are those of Emacs 28, so that
  ;; closures made in BODY print alike.  Lexically, each element gets a
  ;; binding of its own; dynamically, VAR is bound once and reassigned.
  (let* ((var (car spec))
         (tail (make-symbol "--dolist-tail--"))
         (elt (list 'car tail))
         (steps (append (if lexical-binding nil (list (list 'setq var elt)))
                        body
                        (list (list 'setq tail (list 'cdr tail)))))
         (result (cdr (cdr spec))))
    `(let ((,tail ,(car (cdr spec))) ,@(if lexical-binding nil (list var)))
       (while ,tail ,@(if lexical-binding `((let ((,var ,elt)) ,@steps)) steps))
       ,@(if (or lexical-binding (null result)) result
           (cons (list 'setq var nil) result)))))

(defmacro dotimes (spec &rest body)
  "Run BODY with VAR bound to 0, 1, ... up to COUNT - 1; then return the
value of RESULT, if given: (dotimes (VAR COUNT [RESULT]) BODY...)."
  (declare (indent 1))
  ;; As in Emacs 28: lexically, a hidden counter is copied into a fresh
  ;; binding of VAR for each turn and for RESULT; dynamically, VAR
  ;; itself counts.
  (let* ((var (car spec))
         (limit (make-symbol "--dotimes-limit--"))
         (count (if lexical-binding (make-symbol "--dotimes-counter--") var))
         (with-var (lambda (forms)
                     (if lexical-binding `((let ((,var ,count)) ,@forms)) forms)))
         (result (cdr (cdr spec))))
    `(let ((,limit ,(car (cdr spec))) (,count 0))
       (while (< ,count ,limit)
         ,@(funcall with-var body)
         (setq ,count (1+ ,count)))
       ,@(and result (funcall with-var result)))))

;;; ---- Helpers for writing macros (Emacs's macroexp) ----------------------

(defun macroexp-progn (exps)
  "EXPS as one form: the only one, or a progn of them."
  (if (cdr exps) (cons 'progn exps) (car exps)))

(defun macroexp-unprogn (exp)
  "EXP as a non-empty list of forms, a progn's body spliced."
  (cond ((not (eq (car-safe exp) 'progn)) (list exp))
        ((cdr exp) (cdr exp))
        (t (list nil))))

(defun macroexp-let* (bindings exp)
  "A form equivalent to (let* BINDINGS EXP), merging a let* in EXP."
  (cond ((null bindings) exp)
        ((eq (car-safe exp) 'let*)
         (cons 'let* (cons (append bindings (nth 1 exp)) (nthcdr 2 exp))))
        (t (list 'let* bindings exp))))

(defun subr--body-header-p (form)
  "Whether FORM may come before the code of a function body: a docstring
or a declare, interactive, cl-declare or :documentation form."
  (or (stringp form)
      (memq (car-safe form) '(:documentation declare interactive cl-declare))))

(defun macroexp-parse-body (body)
  "Split BODY into (DECLARATIONS . FORMS), DECLARATIONS being its leading
forms that `subr--body-header-p' accepts; the last form is always code."
  (if (and (cdr body) (subr--body-header-p (car body)))
      (let ((split (macroexp-parse-body (cdr body))))
        (cons (cons (car body) (car split)) (cdr split)))
    (cons nil body)))

(defun macroexp-const-p (exp)
  "Non-nil when EXP can only evaluate to one value: a self-evaluating
atom, a quoted object, or a function quoted by its name."
  (cond ((not (consp exp))
         (if (symbolp exp) (or (memq exp '(nil t)) (keywordp exp)) t))
        ((eq (car exp) 'quote) t)
        ((eq (car exp) 'function) (symbolp (car-safe (cdr exp))))))

(defun macroexp-copyable-p (exp)
  "Non-nil if EXP costs nothing to evaluate twice."
  (or (symbolp exp) (macroexp-const-p exp)))

(defun macroexp-quote (v)
  "A form whose value is V: V itself when it evaluates to itself."
  (if (or (consp v) (and (symbolp v) (not (keywordp v)) (not (memq v '(nil t)))))
      (list 'quote v)
    v))

(defmacro macroexp-let2 (test sym exp &rest body)
  "Evaluate BODY, code-building forms, with SYM bound to a form standing
for the value of the form EXP: EXP itself when TEST (a function name,
by default `macroexp-const-p') accepts it, else a new variable that the
code BODY returns gets wrapped in a `let*' binding to EXP.  The code
this expands into is shaped as in Emacs, to print alike."
  (declare (indent 3))
  (let* ((given (make-symbol "exp"))
         (code (make-symbol "body"))
         (keep-p `(funcall #',(or test 'macroexp-const-p) ,given))
         (fresh `(make-symbol ,(symbol-name sym)))
         (wrapped `(macroexp-let* (list (list ,sym ,given)) ,code)))
    `(let* ((,given ,exp)
            (,sym (if ,keep-p ,given ,fresh))
            (,code ,(macroexp-progn body)))
       (if (eq ,sym ,given) ,code ,wrapped))))

(defmacro macroexp-let2* (test bindings &rest body)
  "`macroexp-let2' for each (SYM EXP) of BINDINGS in turn."
  (declare (indent 2))
  (let ((form (macroexp-progn body)))
    (dolist (b (reverse bindings) form)
      (setq form `(macroexp-let2 ,test ,(car b) ,(nth 1 b) ,form)))))

(defun subr--bind-once (form name build &optional copyable)
  "The code BUILD, a function, returns when called with a form standing
for the value of FORM, such that FORM is evaluated once, before it.
Constants (with COPYABLE, any copyable form) stand for themselves;
another FORM is bound to a new variable NAME around the code."
  (if (funcall (if copyable #'macroexp-copyable-p #'macroexp-const-p) form)
      (funcall build form)
    (let ((var (make-symbol name)))
      (macroexp-let* (list (list var form)) (funcall build var)))))

(defun subr--store-returning (value stores)
  "Code storing the value of the form VALUE and then returning it, VALUE
being evaluated once: STORES, called with a form for that value, returns
the list of forms that store it."
  (subr--bind-once value "v"
                   (lambda (v) (cons 'progn (append (funcall stores v) (list v))))))

(defun function-get (f prop &optional _autoload)
  "PROP of function F, looked up along F's chain of aliases."
  (let ((value nil))
    (while (and (symbolp f) f
                (null (setq value (get f prop)))
                (fboundp f)
                (symbolp (symbol-function f)))
      (setq f (symbol-function f)))
    value))

(defun function-put (func prop value)
  "Set FUNC's property PROP to VALUE."
  (put func prop value))

;;; ---- Eager macro expansion in load (Emacs's internal-macroexpand-for-load)

(defvar macroexp--pending-eager-loads nil
  "The files whose top-level forms are being expanded, innermost first,
`skip' on top once one of them is loaded again meanwhile (a cycle).")

(defvar macroexp--eager-trail nil
  "The files being loaded, innermost first, as (load FILE) entries:
with what is being expanded eagerly in them, the trail Emacs's warning
about a cycle names (see `macroexp--eager-trail-frames').")

(defun macroexp--eager-frame (form)
  "The trail's entry for an eager expansion of the top-level FORM."
  (let ((second (car-safe (cdr-safe form))))
    (if (and (consp (cdr-safe form))
             (or (symbolp second)
                 (and (eq (car-safe second) 'quote) (symbolp (car-safe (cdr second))))))
        (list 'macroexpand-all (list (car form) second '…))
      '(macroexpand-all …))))

(defun macroexp--eager-cycle ()
  "Report that the file being loaded is loaded again while its own
forms are being expanded eagerly (a cycle): as in Emacs, a warning
names the trail and the rest of the outer expansion of that file
expands nothing.  Eval calls this only then; what is being expanded is
marked where eval keeps its bindings, and made into the trail's
frames by `macroexp--eager-trail-frames' only here."
  (let* ((load (list 'load (file-name-nondirectory load-file-name)))
         (trail (macroexp--eager-trail-frames))
         (tail (member load (cdr (member load trail)))))
    (when tail (setcdr tail (list '…)))
    (message "Warning: Eager macro-expansion skipped due to cycle:\n  %s"
             (mapconcat #'prin1-to-string (nreverse trail) " => "))
    (push 'skip macroexp--pending-eager-loads)))

;;; ---- Generalized places -----------------------------------------------
;;
;; As in Emacs's gv.el, (HEAD ARGS...) is a place when HEAD's
;; `gv-expander' property is a function called as (EXPANDER DO ARGS...):
;; DO takes a getter form and a store function (value form -> store
;; form) and returns the code.  The code built has the shapes Emacs 28
;; builds, so that macroexpansions print alike: an argument of a place
;; is bound to a temporary `v' unless it is a constant.

(define-error 'gv-invalid-place "%S is not a valid place expression")

(defmacro gv-define-expander (name handler)
  "Make (NAME ARGS...) a place: HANDLER, called as (HANDLER DO ARGS...)
with the place's argument forms, returns the code for it."
  (declare (indent 1))
  `(function-put ',name 'gv-expander ,handler))

(defun gv--defsetter (name setter do args)
  "Call DO for the place (NAME ARGS...), its arguments bound once;
SETTER maps the value form and the bound arguments to the store form."
  (let ((bindings nil) (vars nil))
    (dolist (arg args)
      (if (macroexp-const-p arg)
          (push arg vars)
        (let ((v (make-symbol "v")))
          (push (list v arg) bindings)
          (push v vars))))
    (setq vars (nreverse vars))
    (macroexp-let* (nreverse bindings)
                   (funcall do (cons name vars)
                            (lambda (v) (apply setter v vars))))))

(defconst subr--defsetter-declaration
  '(declare-function gv--defsetter "gv" (name setter do args &optional vars))
  "The declaration that expanders made by `gv-define-setter' open with,
as in Emacs (where `gv--defsetter' lives in gv.el).")

(defmacro gv-define-setter (name arglist &rest body)
  "Teach `setf' to store into (NAME ARGS...): ARGLIST is (VAL ARGS...),
and BODY builds the store form out of the value form and the argument
forms, each of which it may use more than once."
  (declare (indent 2))
  (list 'gv-define-expander name
        (list 'lambda '(do &rest args)
              subr--defsetter-declaration
              (list 'gv--defsetter (list 'quote name) (cons 'lambda (cons arglist body))
                    'do 'args))))

(defmacro gv-define-simple-setter (name setter &optional fix-return)
  "Make (setf (NAME ARGS...) V) call (SETTER ARGS... V).  With FIX-RETURN,
the store's value is V, whatever SETTER returns."
  (if (eq (car-safe setter) 'lambda)
      (message "Use `gv-define-setter' or name %s's setter function" name))
  ;; The store is a backquote template over ARGS, as Emacs writes it, so
  ;; that the expansion prints alike.
  (let ((call-with (lambda (value)
                     (list (list '\, (list 'quote setter)) '(\,@ args) (list '\, value)))))
    (list 'gv-define-setter name '(val &rest args)
          (if fix-return
              (list 'macroexp-let2 nil 'v 'val
                    (list '\` (list 'progn (funcall call-with 'v) '(\, v))))
            (list '\` (funcall call-with 'val))))))

(defun subr--set-setter (accessor builder)
  "Make BUILDER how ACCESSOR's places are stored into: a function symbol
called as (BUILDER ARGS... VALUE), or a function of the argument list
and the value form returning the store form."
  (function-put accessor 'gv-expander
                (lambda (do &rest args)
                  (gv--defsetter accessor
                                 (lambda (v &rest vars)
                                   (if (symbolp builder)
                                       `(,builder ,@vars ,v)
                                     (funcall builder vars v)))
                                 do args))))

(defun gv-setter (name)
  "The function `setf' calls to store into (NAME ...) when NAME has no
expander: the symbol named (setf NAME)."
  (when (get name 'gv-expander)
    (error "gv-expander conflicts with (setf %S)" name))
  (intern (concat "(setf " (symbol-name name) ")")))

(defun gv-get (place do)
  "Call DO with the getter form of PLACE and the function that turns a
value form into the form storing it there; return what DO returns."
  (if (symbolp place)
      (funcall do place (lambda (value) (list 'setq place value)))
    (or (consp place) (signal 'gv-invalid-place (list place)))
    (let ((expander (subr--place-expander (car place))))
      (if expander
          (apply expander do (cdr place))
        (gv--get-expanded place do)))))

(defun subr--place-expander (head)
  "The `gv-expander' of HEAD, or of what it is an alias of, loading its
file first when it is an autoloaded function without one."
  (and (symbolp head)
       (or (function-get head 'gv-expander) (subr--autoload-place head))))

(defun gv--get-expanded (place do)
  "`gv-get' for a PLACE whose head has no expander: the place its macro
or compiler macro makes, else that of the function HEAD is an alias
of, else a call of the function (setf HEAD)."
  (let* ((head (car place))
         (env (and (boundp 'macroexpand-all-environment) macroexpand-all-environment))
         (new (macroexpand-1 place env)))
    (when (and (eq new place) (symbolp head) (get head 'compiler-macro))
      (setq new (apply (get head 'compiler-macro) place (cdr place))))
    (when (and (eq new place) (symbolp head) (fboundp head)
               (symbolp (symbol-function head)))
      (setq new (cons (symbol-function head) (cdr place))))
    (if (not (eq new place))
        (gv-get new do)
      (let ((setter (gv-setter head)))
        (gv--defsetter head (lambda (v &rest args) `(,setter ,v ,@args)) do (cdr place))))))

(defun subr--autoload-place (head)
  "Load HEAD's definition if it is an autoload, as Emacs does to learn
how to store into a place (HEAD ...); non-nil if that taught it."
  (when (and (symbolp head) (autoloadp (symbol-function head)))
    (autoload-do-load (symbol-function head) head)
    (get head 'gv-expander)))

(defmacro gv-letplace (vars place &rest body)
  "Run BODY (at macro-expansion time) with VARS, (GETTER SETTER), bound
to PLACE's getter form and store function; BODY returns the code."
  (declare (indent 2))
  `(gv-get ,place (lambda ,vars ,@body)))

;; marrow's own Lisp calls these by their older names.
(defalias 'subr--place #'gv-get)

(defun subr--modify (place fn)
  "Expand a read-modify-write of PLACE: FN maps the getter to the new value."
  (gv-get place (lambda (get set) (funcall set (funcall fn get)))))

(gv-define-simple-setter aref aset)
(gv-define-simple-setter car setcar)
(gv-define-simple-setter cdr setcdr)
(gv-define-setter caar (val x) `(setcar (car ,x) ,val))
(gv-define-setter cadr (val x) `(setcar (cdr ,x) ,val))
(gv-define-setter cdar (val x) `(setcdr (car ,x) ,val))
(gv-define-setter cddr (val x) `(setcdr (cdr ,x) ,val))
(subr--set-setter 'elt
  (lambda (args value)
    (let ((seq (car args)) (index (nth 1 args)))
      (list 'if (list 'listp seq)
            (list 'setcar (list 'nthcdr index seq) value)
            (list 'aset seq index value)))))
(gv-define-simple-setter get put)
(subr--set-setter 'gethash (lambda (args v) (list 'puthash (car args) v (nth 1 args))))
(gv-define-simple-setter symbol-function fset)
(gv-define-simple-setter symbol-plist setplist)
(gv-define-simple-setter symbol-value set)
(gv-define-simple-setter default-value set-default)

;; Places of buffers and their text, as in Emacs's gv.el.
(gv-define-simple-setter match-data set-match-data 'fix)
(gv-define-simple-setter overlay-get overlay-put)
;; Moving one end of an overlay keeps the other where it is.
(subr--set-setter 'overlay-start
  (lambda (args v)
    (list 'progn (list 'move-overlay (car args) v (list 'overlay-end (car args))) v)))
(subr--set-setter 'overlay-end
  (lambda (args v)
    (list 'progn (list 'move-overlay (car args) (list 'overlay-start (car args)) v) v)))
(defun subr--in-buffer (buffer form)
  "FORM run with BUFFER (a form) current."
  (list 'with-current-buffer buffer form))
(subr--set-setter 'buffer-local-value
  (lambda (args value)
    (subr--bind-once value "v"
      (lambda (v)
        (subr--in-buffer (nth 1 args) (list 'set (list 'make-local-variable (car args)) v))))))
;; With no buffer argument, the store is into the current buffer's flag.
(subr--set-setter 'buffer-modified-p
  (lambda (args flag)
    (subr--bind-once (list 'or (car args) '(current-buffer)) "buffer"
      (lambda (buffer) (subr--in-buffer buffer (list 'set-buffer-modified-p flag))))))
(gv-define-simple-setter buffer-name rename-buffer t)
(gv-define-setter buffer-string (store) `(insert (prog1 ,store (erase-buffer))))
(gv-define-simple-setter current-buffer set-buffer)
(gv-define-simple-setter getenv setenv t)
(gv-define-simple-setter marker-position set-marker t)
(gv-define-simple-setter point goto-char)
(gv-define-simple-setter point-marker goto-char t)
;; Storing into one end of the accessible region narrows at that end.
(subr--set-setter 'point-max
  (lambda (_args v) (list 'progn (list 'narrow-to-region '(point-min) v) v)))
(subr--set-setter 'point-min
  (lambda (_args v) (list 'progn (list 'narrow-to-region v '(point-max)) v)))
(gv-define-simple-setter standard-case-table set-standard-case-table)

;; The longer c[ad]r compositions are places as the car or cdr of the
;; shorter ones, as Emacs's compiler macros for them make them.
(defun subr--cxr-form (ops arg)
  "Apply the accessors named by OPS (a string of ?a and ?d) to ARG."
  (let ((form arg)
        (i (length ops)))
    (while (> i 0)
      (setq i (1- i))
      (setq form (list (if (eq (aref ops i) ?a) 'car 'cdr) form)))
    form))

(dolist (name '(caaar caadr cadar caddr cdaar cdadr cddar cdddr
                caaaar caaadr caadar caaddr cadaar cadadr caddar cadddr
                cdaaar cdaadr cdadar cdaddr cddaar cddadr cdddar cddddr))
  (let ((ops (substring (symbol-name name) 1 -1)))
    (function-put name 'gv-expander
                  (lambda (do x) (gv-get (subr--cxr-form ops x) do)))))

(defun internal--compiler-macro-cXXr (form x)
  "The compiler macro of the c[ad]+r functions: FORM, a call of one (or
of an alias of one) on X, as the car and cdr calls it composes."
  (let ((name (symbol-name (car form))))
    (cond ((string-match "\\`c\\([ad]+\\)r\\'" name)
           (subr--cxr-form (match-string 1 name) x))
          ((and (fboundp (car form)) (symbolp (symbol-function (car form))))
           (internal--compiler-macro-cXXr (cons (symbol-function (car form)) (cdr form)) x))
          (t (error "Compiler macro for cXXr applied to non-cXXr form")))))

;; As in Emacs, macroexpand-all opens every c[ad]+r call into car and cdr.
(dolist (name '(caar cadr cdar cddr caaar caadr cadar caddr cdaar cdadr cddar cdddr
                caaaar caaadr caadar caaddr cadaar cadadr caddar cadddr
                cdaaar cdaadr cdadar cdaddr cddaar cddadr cdddar cddddr))
  (function-put name 'compiler-macro #'internal--compiler-macro-cXXr))

(function-put 'nth 'gv-expander
              (lambda (do n list)
                (subr--bind-once (list 'nthcdr n list) "c"
                  (lambda (cell)
                    (funcall do (list 'car cell) (lambda (v) (list 'setcar cell v)))))))

;; (setf (nthcdr N L) V) stores V into L itself when N <= 0, else into
;; the cdr of the cell before.
(function-put 'nthcdr 'gv-expander
              (lambda (do n place)
                (subr--bind-once n "idx"
                  (lambda (idx)
                    (gv-get place
                            (lambda (list-get list-set)
                              (let ((cell-before (list 'nthcdr (list '1- idx) list-get)))
                                (funcall do (list 'nthcdr idx list-get)
                                         (lambda (v)
                                           (list 'if (list '<= idx 0)
                                                 (funcall list-set v)
                                                 (list 'setcdr cell-before v)))))))))))

;; As in Emacs, a new key goes in front of the list.
(gv-define-expander plist-get
  (lambda (do plist prop)
    (subr--bind-once
     prop "key"
     (lambda (key)
       (gv-get plist
               (lambda (plist-get plist-set)
                 (subr--bind-once
                  (list 'cdr (list 'plist-member plist-get key)) "p"
                  (lambda (value-cell)
                    (funcall do (list 'car value-cell)
                             (lambda (val)
                               (list 'if value-cell
                                     (list 'setcar value-cell val)
                                     (funcall plist-set
                                              (cons 'cons (list key (list 'cons val plist-get))))))))))))
     t)))

(defun subr--alist-cell (k getter testfn)
  "The form finding K's cell in the alist GETTER by the TESTFN form, as
`alist-get' does: `assq' for a quoted eq, else chosen when it runs."
  (let ((by-eq (list 'assq k getter)))
    (if (member testfn '(#'eq 'eq))
        by-eq
      (list 'if (list 'and testfn (list 'not (list 'eq testfn ''eq)))
            (list 'assoc k getter testfn)
            by-eq))))

(defun subr--same-constant-p (a b)
  "Whether the forms A and B are known, unevaluated, to give `eql' values."
  (or (eql a b)
      (and (eq (car-safe a) 'quote) (eq (car-safe b) 'quote)
           (eql (car-safe (cdr a)) (car-safe (cdr b))))))

(defun subr--alist-store (p k v getter setter default remove)
  "The store of V into K's cell P of the alist GETTER; with REMOVE,
storing DEFAULT (eql) deletes the cell instead."
  (let* ((add (funcall setter (list 'cons (list 'setq p (list 'cons k v)) getter)))
         (update (list 'if p (list 'setcdr p v) add))
         (drop (list p (funcall setter (list 'delq p getter)))))
    (cond ((not remove) update)
          ;; Known at expansion time to store DEFAULT: only drop.
          ((subr--same-constant-p v default) (cons 'if drop))
          (t (list 'cond (list (list 'not (list 'eql default v)) update) drop)))))

(gv-define-expander alist-get
  (lambda (do key alist &optional default remove testfn)
    (subr--bind-once
     key "k"
     (lambda (k)
       (gv-get alist
               (lambda (alist-get alist-set)
                 (subr--bind-once
                  (subr--alist-cell k alist-get testfn) "p"
                  (lambda (cell)
                    (funcall do
                             (if default (list 'if cell (list 'cdr cell) default) (list 'cdr cell))
                             (lambda (value)
                               (subr--store-returning
                                value
                                (lambda (v)
                                  (list (subr--alist-store cell k v alist-get alist-set
                                                           default remove)))))))))))
     t)))

;; (setf (substring S FROM TO) V) stores a new string into S.
(gv-define-expander substring
  (lambda (do place from &optional to)
    (gv-get place
            (lambda (string-get string-set)
              (subr--bind-once
               from "start"
               (lambda (start)
                 (subr--bind-once
                  to "end"
                  (lambda (end)
                    (funcall do (list 'substring string-get start end)
                             (lambda (value)
                               (subr--store-returning
                                value
                                (lambda (v)
                                  (list (funcall string-set
                                                 (list 'cl--set-substring
                                                       string-get start end v)))))))))))))))

(defun cl--set-substring (string from to new)
  "STRING with the characters from FROM to TO replaced by NEW."
  (let ((len (length string)))
    (setq to (cond ((null to) len) ((< to 0) (+ to len)) (t to)))
    (if (< from 0) (setq from (+ from len)))
    (concat (substring string 0 from) new (substring string to))))

(defmacro setf (&rest pairs)
  "Set each PLACE to the value of its VAL: (setf PLACE VAL PLACE VAL ...)."
  (unless (= (% (length pairs) 2) 0)
    (signal 'wrong-number-of-arguments (list 'setf (length pairs))))
  (if (and pairs (null (cdr (cdr pairs))))
      (gv-letplace (_getter setter) (car pairs)
        (funcall setter (nth 1 pairs)))
    (let ((forms nil))
      (while pairs
        (push `(setf ,(car pairs) ,(nth 1 pairs)) forms)
        (setq pairs (cdr (cdr pairs))))
      (cons 'progn (nreverse forms)))))

(defmacro push (newelt place)
  "Store in PLACE the list PLACE holds with NEWELT added in front."
  (if (symbolp place)
      (list 'setq place (list 'cons newelt place))
    ;; NEWELT is evaluated before PLACE's own argument forms.
    (subr--bind-once newelt "x"
                     (lambda (elt)
                       (subr--modify place (lambda (old) (list 'cons elt old))))
                     t)))

(defmacro pop (place)
  "Take the first element off the list in PLACE, storing back the rest,
and return that element."
  (list 'car-safe
        (gv-get place
                (lambda (getter setter)
                  ;; A variable is read twice; a place's value, once.
                  (subr--bind-once getter "x"
                                   (lambda (old)
                                     (list 'prog1 old (funcall setter (list 'cdr old))))
                                   t)))))

(defvar subr--cl-lib-loading nil "Non-nil while cl-lib loads for `cl-incf'.")

(defun subr--step-place (place op amount one-op)
  "The expansion of `cl-incf' or `cl-decf': PLACE set to (OP PLACE AMOUNT),
or for a variable stepped by one, (ONE-OP PLACE).  In Emacs `cl-incf'
is an autoload of cl-lib, so using it loads cl-lib (whose functions
scripts then call without requiring it): here both do."
  (unless (or (featurep 'cl-lib) subr--cl-lib-loading)
    (let ((subr--cl-lib-loading t))
      (require 'cl-lib)))
  (cond ((not (symbolp place)) (list 'cl-callf op place (or amount 1)))
        (amount (list 'setq place (list op place amount)))
        (t (list 'setq place (list one-op place)))))

(defmacro cl-incf (place &optional x)
  "Add X (1 by default) to the number in PLACE; return the sum."
  (subr--step-place place '+ x '1+))

(defmacro cl-decf (place &optional x)
  "Subtract X (1 by default) from the number in PLACE; return the difference."
  (subr--step-place place '- x '1-))

(defmacro cl-callf (func place &rest args)
  "Set PLACE to (FUNC PLACE ARGS...)."
  (declare (indent 2))
  (gv-letplace (getter setter) place
    (funcall setter (if (symbolp func) `(,func ,getter ,@args)
                      `(funcall #',func ,getter ,@args)))))

(defmacro cl-pushnew (x place &rest keys)
  "Push X onto the list in PLACE unless it is a member already: `eql' to
one, or as the :test, :test-not or :key of KEYS say (see `cl-adjoin')."
  (let ((adjoin (cons 'cl-adjoin (cons x (cons place keys)))))
    (cond ((not (symbolp place)) (cons 'cl-callf2 adjoin))
          (keys (list 'setq place adjoin))
          ;; The common case, open-coded for a variable and `eql'.
          (t (subr--bind-once
              x "var"
              (lambda (elt)
                (list 'if (list 'memql elt place)
                      (list 'with-no-warnings place)
                      (list 'setq place (list 'cons elt place)))))))))

(defun subr--member-if (x list test)
  (while (and list (not (funcall test x (car list))))
    (setq list (cdr list)))
  list)

;;; ---- Lists and alists --------------------------------------------------

(subr--define-missing memql
  (defun memql (elt list)
    "Return the tail of LIST whose car is `eql' to ELT."
    (while (and list (not (eql elt (car list))))
      (setq list (cdr list)))
    list))

(subr--define-missing delete-dups
  (defun delete-dups (list)
    "Unlink from LIST each element `equal' to an earlier one; return LIST."
    (let ((seen (make-hash-table :test 'equal))
          (kept nil)
          (rest list))
      ;; The first cell is always kept, so KEPT is set before any unlinking.
      (while rest
        (if (gethash (car rest) seen)
            (setcdr kept (cdr rest))
          (puthash (car rest) t seen)
          (setq kept rest))
        (setq rest (cdr rest)))
      list)))

(subr--define-missing alist-get
  (defun alist-get (key alist &optional default remove testfn)
    "Return the value associated with KEY in ALIST, or DEFAULT."
    (ignore remove)
    (let ((cell (if testfn (assoc key alist testfn) (assq key alist))))
      (if cell (cdr cell) default))))

(subr--define-missing assoc-default
  (defun assoc-default (key alist &optional test default)
    "Look KEY up in ALIST, whose elements are conses or bare keys: the
first element whose key TEST (default `equal') called as (TEST ELT-KEY
KEY) accepts gives its cdr, or DEFAULT for a bare key.  Nil if none."
    (let* ((matches (or test #'equal))
           (found (subr--member-if
                   key alist
                   (lambda (key elt)
                     (funcall matches (if (consp elt) (car elt) elt) key)))))
      (when found
        (if (consp (car found)) (cdr (car found)) default)))))

(defun add-to-list (list-var element &optional append compare-fn)
  "Add ELEMENT to the value of LIST-VAR if it isn't there yet."
  (let ((list (symbol-value list-var)))
    (if (cond ((null compare-fn) (member element list))
              ((eq compare-fn #'eq) (memq element list))
              ((eq compare-fn #'eql) (memql element list))
              (t (subr--member-if element list compare-fn)))
        list
      (set list-var (if append
                        (append list (list element))
                      (cons element list))))))

(subr--define-missing remq
  (defun remq (elt list)
    "LIST without the elements `eq' to ELT, LIST itself left intact: a
tail of it when only leading elements go, else a copy."
    (let ((rest list))
      (while (and rest (eq (car rest) elt))
        (setq rest (cdr rest)))
      (if (memq elt rest) (delq elt (copy-sequence rest)) rest))))

(subr--define-missing proper-list-p
  (defun proper-list-p (object)
    (condition-case nil (and (listp object) (length object)) (error nil))))

(subr--define-missing flatten-tree
  (defun flatten-tree (tree)
    (let (elems)
      (while (consp tree)
        (let ((elem (car tree)))
          (setq tree (cdr tree))
          (while (consp elem)
            (setq tree (cons (cdr elem) tree))
            (setq elem (car elem)))
          (if elem (setq elems (cons elem elems)))))
      (if tree (setq elems (cons tree elems)))
      (nreverse elems))))

(subr--define-missing string-empty-p
  (defun string-empty-p (string) (string= string "")))

(defconst split-string-default-separators "[ \f\t\n\r\v]+"
  "The separators `split-string' uses when given none.")

(defun member-ignore-case (elt list)
  "The tail of LIST whose car is a string equal to ELT, case aside.
Elements that are not strings are skipped."
  (let ((tail list))
    (while (and tail
                (not (and (stringp (car tail))
                          (eq (compare-strings elt 0 nil (car tail) 0 nil t) t))))
      (setq tail (cdr tail)))
    tail))

(defun vector-or-char-table-p (object)
  "Non-nil if OBJECT is a vector or a char-table."
  (or (vectorp object) (char-table-p object)))

(defun string-or-null-p (object)
  "Non-nil when OBJECT is a string or nil."
  (or (stringp object) (null object)))

(subr--define-missing string-prefix-p
  (defun string-prefix-p (prefix string &optional ignore-case)
    (let ((n (length prefix)))
      (and (<= n (length string))
           (if ignore-case
               (string= (downcase prefix) (downcase (substring string 0 n)))
             (string= prefix (substring string 0 n)))))))

(subr--define-missing string-suffix-p
  (defun string-suffix-p (suffix string &optional ignore-case)
    (let ((start (- (length string) (length suffix))))
      (and (>= start 0)
           (if ignore-case
               (string= (downcase suffix) (downcase (substring string start)))
             (string= suffix (substring string start)))))))

(subr--define-missing gensym
  (defvar gensym-counter 0)
  (defun gensym (&optional prefix)
    (let ((n gensym-counter))
      (setq gensym-counter (1+ n))
      (make-symbol (format "%s%d" (or prefix "g") n)))))

(subr--define-missing apply-partially
  (defun apply-partially (fun &rest args)
    "Return FUN with its first arguments fixed to ARGS."
    (lambda (&rest args2) (apply fun (append args args2)))))

(subr--define-missing xor
  (defun xor (cond1 cond2)
    "True when exactly one of COND1 and COND2 is non-nil; return it."
    (cond ((not cond1) cond2) ((not cond2) cond1))))

(subr--define-missing always
  (defun always (&rest _arguments) "Ignore ARGUMENTS and return t." t))

(subr--define-missing ensure-list
  (defun ensure-list (object)
    "OBJECT if it is a list, else a list of it."
    (if (listp object) object (list object))))

(subr--define-missing json-available-p
  (defun json-available-p ()
    "Non-nil when the JSON primitives are there (marrow built with libjansson)."
    (and (fboundp 'json-serialize) t)))

;; The *-delete-all functions are destructive, as in Emacs: they relink
;; the list around the removed elements.
(defun subr--delete-if (pred list)
  "LIST without the elements satisfying PRED, reusing its conses.
As in Emacs, a dotted or non-list LIST fails where car meets its end."
  (while (funcall pred (car list))
    (setq list (cdr list)))
  (let ((tail list))
    (while (cdr tail)
      (if (funcall pred (car (cdr tail)))
          (setcdr tail (cdr (cdr tail)))
        (setq tail (cdr tail)))))
  list)

(defun assq-delete-all (key alist)
  "Delete from ALIST all elements whose car is `eq' to KEY."
  (subr--delete-if (lambda (e) (and (consp e) (eq (car e) key))) alist))

(defun assoc-delete-all (key alist &optional test)
  "Delete from ALIST all elements whose car is KEY, by TEST (`equal')."
  (subr--delete-if (lambda (e) (and (consp e) (funcall (or test #'equal) (car e) key)))
                   alist))

(defun rassq-delete-all (value alist)
  "Delete from ALIST all elements whose cdr is `eq' to VALUE."
  (subr--delete-if (lambda (e) (and (consp e) (eq (cdr e) value))) alist))

(defun delete-consecutive-dups (list &optional circular)
  "Unlink from LIST each element `equal' to the one kept before it, and
return LIST.  With CIRCULAR, the last one kept is also dropped when it
equals the first."
  (let ((kept list) (before-kept nil))
    (while (cdr kept)
      (let ((next (cdr kept)))
        (if (equal (car next) (car kept))
            (setcdr kept (cdr next))
          (setq before-kept kept kept next))))
    (and circular before-kept (equal (car kept) (car list))
         (setcdr before-kept nil))
    list))

(defun subr--list-orders (list-var)
  "The table of the orders of LIST-VAR's elements, made on first use and
kept in its `list-order' property; it does not keep elements alive."
  (or (get list-var 'list-order)
      (put list-var 'list-order (make-hash-table :test 'eq :weakness 'key))))

(defun add-to-ordered-list (list-var element &optional order)
  "Put ELEMENT into the list in LIST-VAR unless it is there (`eq'), and
sort the list: elements with a numeric order first, smallest first, then
the others, as they were.  A number ORDER becomes ELEMENT's order, nil
keeps it, anything else removes it.  Return the new list."
  (let ((orders (subr--list-orders list-var))
        (elements (symbol-value list-var)))
    (cond ((numberp order) (puthash element order orders))
          (order (remhash element orders)))
    (unless (memq element elements)
      (setq elements (cons element elements)))
    (set list-var
         (sort elements
               (lambda (a b)
                 (let ((rank (gethash a orders)))
                   (and rank
                        (let ((other (gethash b orders)))
                          (or (null other) (< rank other))))))))))

;;; ---- Binding forms ------------------------------------------------------

(defun subr--mentions-any (vars form)
  "Whether FORM (walked through conses and vectors) holds one of VARS."
  (cond ((symbolp form) (memq form vars))
        ((consp form) (or (subr--mentions-any vars (car form))
                          (subr--mentions-any vars (cdr form))))
        ((vectorp form) (subr--mentions-any vars (append form nil)))))

(defmacro letrec (binders &rest body)
  "Bind variables as `let' does, but each init form sees all of them.
As in Emacs, the leading bindings whose init forms use none of the
variables still to bind become a plain let*."
  (declare (indent 1))
  (let ((plain nil))
    (while (and binders
                (not (subr--mentions-any
                      (mapcar (lambda (b) (if (consp b) (car b) b)) binders)
                      (car (cdr-safe (car binders))))))
      (push (pop binders) plain))
    (let ((inner (if binders
                     `(let ,(mapcar (lambda (b) (if (consp b) (car b) b)) binders)
                        ,@(delq nil (mapcar (lambda (b) (if (cdr-safe b) `(setq ,@b))) binders))
                        ,@body)
                   (macroexp-progn body))))
      (cond ((null plain) inner)
            ((and (null (cdr plain)) (symbolp inner) (eq inner (car-safe (car plain))))
             (car (cdr (car plain))))
            (t `(let* ,(nreverse plain) ,inner))))))

(defmacro dlet (binders &rest body)
  "Like `let' but every variable is bound dynamically."
  (declare (indent 1))
  ;; The defvars inside a let of their own, as in Emacs.
  `(let (_)
     ,@(mapcar (lambda (b) `(defvar ,(if (consp b) (car b) b))) binders)
     (let ,binders ,@body)))

(defun macroexp--fgrep (bindings sexp)
  "The elements of BINDINGS, (SYMBOL ...) lists, whose SYMBOL occurs in
SEXP, a tree of conses and vectors that may be circular: last found
first, a list's own elements before those of the lists inside it."
  (let ((seen (make-hash-table :test 'eq)) (todo (list (list sexp))) (found nil))
    (while (and todo bindings)
      (let ((items (pop todo)))
        (when (vectorp items)
          (setq items (unless (gethash items seen)
                        (puthash items t seen)
                        (append items nil))))
        (while (and items (not (gethash items seen)))
          (let ((x (if (consp items) (car items) items)))
            (if (or (consp x) (vectorp x))
                (push x todo)
              (let ((b (assq x bindings)))
                (when b
                  (push b found)
                  (setq bindings (remq b bindings))))))
          (setq items (when (consp items)
                        (puthash items t seen)
                        (cdr items))))))
    found))

(defun macroexp-file-name ()
  "The name of the file whose code is being loaded, evaluated or
compiled, or nil: `load', `eval-buffer' and `eval-region' name it in
`current-load-list'."
  (let ((evaluated (car (last current-load-list))))
    (or (and (stringp evaluated) evaluated)
        (and (boundp 'byte-compile-current-file) byte-compile-current-file))))

;;; ---- A code walker ------------------------------------------------------
;;
;; `subr--walk' expands every macro in FORM and rewrites calls to the
;; local functions in FNS, an alist (NAME . VARIABLE): (NAME ARGS...)
;; becomes (funcall VARIABLE ARGS...) and #'NAME becomes VARIABLE.  It is
;; what cl-flet, cl-labels and named-let need from `macroexpand-all'.
;; It also expands the symbol macros of `subr--symbol-macros' (for
;; cl-symbol-macrolet), which the variables a let or lambda binds hide,
;; and the local macros of `subr--local-macros' (for cl-macrolet).

(defvar subr--symbol-macros nil
  "Alist (NAME . EXPANSION) of the symbol macros `subr--walk' expands.")

(defvar subr--local-macros nil
  "Alist (NAME . EXPANDER) of the local macros `subr--walk' expands.")

(defun subr--shadow (names)
  "`subr--symbol-macros' without those of NAMES, variables bound anew."
  (let ((kept nil))
    (dolist (m subr--symbol-macros (nreverse kept))
      (unless (memq (car m) names) (push m kept)))))

(defun subr--walk-list (forms fns)
  (mapcar (lambda (f) (subr--walk f fns)) forms))

(defun subr--walk-lambda (fn fns)
  "Walk (lambda ARGS . BODY)."
  (let ((subr--symbol-macros (subr--shadow (nth 1 fn))))
    `(,(car fn) ,(nth 1 fn) ,@(subr--walk-list (cdr (cdr fn)) fns))))

(defun subr--walk-let (form fns)
  (let* ((subr--symbol-macros subr--symbol-macros)
         (bindings
          (mapcar (lambda (b)
                    (prog1 (if (consp b) (cons (car b) (subr--walk-list (cdr b) fns)) b)
                      (when (eq (car form) 'let*)
                        (setq subr--symbol-macros (subr--shadow (list (car-safe b)))))))
                  (nth 1 form))))
    (setq subr--symbol-macros
          (subr--shadow (mapcar (lambda (b) (if (consp b) (car b) b)) (nth 1 form))))
    `(,(car form) ,bindings ,@(subr--walk-list (cdr (cdr form)) fns))))

(defun subr--walk-setq (form fns)
  "Walk (setq VAR VALUE...): a symbol macro VAR is set as a place."
  (let ((pairs (cdr form)) (sets nil) (found nil))
    (while pairs
      (let ((m (assq (car pairs) subr--symbol-macros)))
        (when m (setq found t))
        (push (if m `(setf ,(cdr m) ,(nth 1 pairs)) `(setq ,(car pairs) ,(nth 1 pairs)))
              sets))
      (setq pairs (cdr (cdr pairs))))
    (if found
        (subr--walk (macroexp-progn (nreverse sets)) fns)
      (cons 'setq (subr--walk-list (cdr form) fns)))))

(defun subr--walk-letf (form fns)
  "Walk (cl-letf BINDINGS . BODY): a place that is a symbol macro is its
expansion, bound as a place rather than hiding the macro."
  (let ((bindings
         (mapcar (lambda (b)
                   (let ((m (and (consp b) (symbolp (car b))
                                 (assq (car b) subr--symbol-macros))))
                     (if m (cons (cdr m) (cdr b)) b)))
                 (nth 1 form))))
    (subr--walk (macroexpand `(,(car form) ,bindings ,@(cdr (cdr form)))) fns)))

(defun subr--walk (form fns)
  (if (not (consp form))
      (let ((m (and (symbolp form) (assq form subr--symbol-macros))))
        (if m (subr--walk (cdr m) fns) form))
    (let* ((head (car form))
           (local (and (symbolp head) (assq head fns)))
           (macro (and (symbolp head) (assq head subr--local-macros))))
      (cond
       (local `(funcall ,(cdr local) ,@(subr--walk-list (cdr form) fns)))
       (macro (subr--walk (apply (cdr macro) (cdr form)) fns))
       ((eq head 'quote) form)
       ((eq head 'function)
        (let ((fn (nth 1 form)))
          (cond ((and (symbolp fn) (assq fn fns)) (cdr (assq fn fns)))
                ((eq (car-safe fn) 'lambda) (list 'function (subr--walk-lambda fn fns)))
                (t form))))
       ((memq head '(let let*)) (subr--walk-let form fns))
       ((eq head 'cond)
        (cons 'cond (mapcar (lambda (clause) (subr--walk-list clause fns))
                            (cdr form))))
       ((eq head 'condition-case)
        `(condition-case ,(nth 1 form) ,(subr--walk (nth 2 form) fns)
           ,@(mapcar (lambda (h) (cons (car h) (subr--walk-list (cdr h) fns)))
                     (nthcdr 3 form))))
       ((memq head '(defvar defconst))
        `(,head ,(nth 1 form) ,@(subr--walk-list (nthcdr 2 form) fns)))
       ((eq head 'lambda) (list 'function (subr--walk-lambda form fns)))
       ((eq head 'setq) (subr--walk-setq form fns))
       ((and (memq head '(cl-letf cl-letf*)) subr--symbol-macros)
        (subr--walk-letf form fns))
       ((memq head '(if and or progn prog1 prog2 while catch unwind-protect))
        (cons head (subr--walk-list (cdr form) fns)))
       (t
        (let ((expansion (if (symbolp head) (macroexpand form) form)))
          (if (eq expansion form)
              (cons (if (eq (car-safe head) 'lambda) (subr--walk-lambda head fns) head)
                    (subr--walk-list (cdr form) fns))
            (subr--walk expansion fns))))))))

(defun subr--mentions-p (symbol form)
  "True when SYMBOL occurs anywhere in FORM (conservatively, as data too)."
  (cond ((eq form symbol) t)
        ((consp form)
         (let ((found nil))
           (while (and (consp form) (not found))
             (setq found (subr--mentions-p symbol (car form)))
             (setq form (cdr form)))
           (or found (eq form symbol))))
        (t nil)))

;;; ---- named-let and self tail calls ------------------------------------
;;
;; As in Emacs 28 (whose named-let is a cl-labels function): a call of
;; the function NAME to itself in tail position becomes a jump back to
;; the start of a `while' that rebinds the arguments for each pass, so
;; such calls do not grow the stack.  Other calls stay real calls.
;; When no call is left, named-let needs no function at all.

(defun subr--tail-body (forms name jump)
  "Rewrite a body: the last form is in tail position."
  (let ((rest (reverse forms)))
    (when rest
      (nreverse (cons (subr--tail (car rest) name jump) (cdr rest))))))

(defun subr--tail (form name jump)
  "Rewrite FORM, in tail position, so tail calls of NAME call JUMP."
  (if (not (consp form))
      form
    (let ((head (car form)))
      (cond
       ((eq head name) (funcall jump (cdr form)))
       ((eq head 'quote) form)
       ((eq head 'if)
        `(if ,(nth 1 form)
             ,(subr--tail (nth 2 form) name jump)
           ,@(subr--tail-body (nthcdr 3 form) name jump)))
       ((memq head '(progn and or))
        (cons head (subr--tail-body (cdr form) name jump)))
       ((eq head 'cond)
        (cons 'cond
              (mapcar (lambda (clause)
                        (if (cdr clause)
                            (cons (car clause) (subr--tail-body (cdr clause) name jump))
                          clause))
                      (cdr form))))
       ((memq head '(let let*))
        `(,head ,(nth 1 form) ,@(subr--tail-body (cdr (cdr form)) name jump)))
       ((eq head 'condition-case)       ; its handlers run after it exits
        `(condition-case ,(nth 1 form) ,(nth 2 form)
           ,@(mapcar (lambda (h) (cons (car h) (subr--tail-body (cdr h) name jump)))
                     (nthcdr 3 form))))
       ((memq head '(function setq while prog1 prog2 catch unwind-protect
                              defvar defconst))
        form)
       (t
        (let ((expansion (if (symbolp head) (macroexpand form) form)))
          (if (eq expansion form)
              form
            (subr--tail expansion name jump))))))))

(defun subr--arg-vars (args)
  (delq nil (mapcar (lambda (a) (unless (memq a '(&optional &rest)) a)) args)))

(defun subr--jump-sets (args temps actuals)
  "The (TEMP VALUE...) assignments passing ACTUALS to ARGS.  As in
Emacs 28, missing values are nil and extra ones are dropped unevaluated."
  (let ((rest nil) (sets nil))
    (dolist (a args (nreverse sets))
      (cond ((eq a '&optional))
            ((eq a '&rest) (setq rest t))
            (t (push (pop temps) sets)
               (push (if rest `(list ,@actuals) (pop actuals)) sets))))))

(defun subr--tail-loop (name args body)
  "The body BODY of the function NAME of ARGS as a loop whose self calls
in tail position jump to the next pass; nil when there are no such
calls, or ARGS is not a list of symbols, `&optional' and `&rest'."
  (when (and (listp args) (not (memq nil (mapcar #'symbolp args))))
    (let* ((vars (subr--arg-vars args))
           (temps (mapcar (lambda (v) (make-symbol (symbol-name v))) vars))
           (again (make-symbol "again"))
           (result (make-symbol "result"))
           (jumped nil)
           (loop-body
            (subr--tail (subr--progn body) name
                        (lambda (actuals)
                          (setq jumped t)
                          `(progn (setq ,@(subr--jump-sets args temps actuals)) (setq ,again t)
                                  nil)))))
      (and jumped
           ;; A fresh binding of VARS for each pass, for the closures
           ;; that capture them.
           `(let (,@(subr--zip temps vars) (,again t) (,result nil))
              (while ,again
                (setq ,again nil)
                (setq ,result (let ,(subr--zip vars temps) ,loop-body)))
              ,result)))))

(defmacro named-let (name bindings &rest body)
  "Looping construct taken from Scheme: BODY may call NAME to loop.
\(named-let NAME ((VAR INIT)...) BODY...)"
  (declare (indent 2))
  (let* ((vars (mapcar (lambda (b) (if (consp b) (car b) b)) bindings))
         (inits (mapcar (lambda (b) (if (consp b) (car (cdr b)) nil)) bindings))
         (loop (subr--tail-loop name vars body)))
    (if (and loop (not (subr--mentions-p name loop)))
        `(let ,(subr--zip vars inits) ,loop)
      (let ((fn (make-symbol (symbol-name name))))
        `(letrec ((,fn (lambda ,vars
                         ,@(subr--walk-list (if loop (list loop) body)
                                            (list (cons name fn))))))
           (funcall ,fn ,@inits))))))

(defun subr--progn (body)
  (if (cdr body) (cons 'progn body) (car body)))

(defun subr--zip (a b)
  (let (out)
    (while a
      (setq out (cons (list (car a) (car b)) out))
      (setq a (cdr a) b (cdr b)))
    (nreverse out)))

(defun subr--interleave (a b)
  (let (out)
    (while a
      (setq out (cons (car b) (cons (car a) out)))
      (setq a (cdr a) b (cdr b)))
    (nreverse out)))

;;; ---- pcase ------------------------------------------------------------------
;;
;; pcase builds a decision tree as Emacs 28's does (lisp/pcase.el),
;; loaded on first use so that start-up does not pay for it.  Pattern
;; macros may be defined before it loads.

(defmacro pcase-defmacro (name args &rest body)
  "Define the pcase pattern (NAME ARGS...), which expands to the pattern BODY returns."
  (declare (indent 2) (doc-string 3))
  (let ((expander (intern (format "%s--pcase-macroexpander" name))))
    `(progn (defun ,expander ,args ,@(remq (assq 'declare body) body))
            (put ',name 'pcase-macroexpander #',expander)
            ',name)))

(dolist (m '(pcase pcase-exhaustive pcase-let pcase-let* pcase-dolist pcase-setq
             pcase-lambda pcase--flip))
  (autoload m "pcase" nil nil 'macro))
(autoload 'pcase-compile-patterns "pcase")

;;; ---- Angles (Emacs's float-sup) ------------------------------------------

(defconst pi float-pi "Obsolete name of `float-pi'.")
(defconst degrees-to-radians (/ float-pi 180.0) "Radians in one degree.")
(defconst radians-to-degrees (/ 180.0 float-pi) "Degrees in one radian.")

(defmacro degrees-to-radians (x)
  "X degrees in radians."
  `(* ,degrees-to-radians ,x))

(defmacro radians-to-degrees (x)
  "X radians in degrees."
  `(* ,radians-to-degrees ,x))

;;; ---- Timing -----------------------------------------------------------
;; lisp/benchmark.el's, autoloaded as in Emacs 28.

(dolist (f '(benchmark-run benchmark-run-compiled benchmark-progn))
  (autoload f "benchmark" nil nil 'macro))
(autoload 'benchmark-call "benchmark")
(dolist (f '(feature-file feature-symbols file-loadhist-lookup file-provides
             file-requires file-dependents unload-feature))
  (autoload f "loadhist" nil (eq f 'unload-feature)))
(dolist (f '(get-register set-register point-to-register jump-to-register copy-to-register
             insert-register append-to-register prepend-to-register number-to-register
             increment-register registerv-make register-read-with-preview))
  (autoload f "register" nil (memq f '(point-to-register jump-to-register copy-to-register
                                       insert-register append-to-register prepend-to-register
                                       number-to-register increment-register))))
(defvar register-alist nil "Alist of (CHAR . VALUE), each register's contents.")
(defvar register-separator nil "The register whose text goes between appended texts.")
(dolist (f '(rot13 rot13-string rot13-region))
  (autoload f "rot13" nil (eq f 'rot13-region)))
(autoload 'byte-compile "bytecomp")
(autoload 'byte-compile-check-lambda-list "bytecomp")
(dolist (f '(byte-compile-file byte-recompile-file batch-byte-compile byte-compile-dest-file))
  (autoload f "bytecomp"))
(defvar byte-compile-debug nil
  "Non-nil: an error found while compiling is signalled, not reported.")
(autoload 'benchmark "benchmark" nil t)

;;; ---- Symbols, functions and obsolescence ---------------------------------

(defun make-obsolete (obsolete-name current-name when)
  (put obsolete-name 'byte-obsolete-info (list current-name nil when))
  obsolete-name)

(defun make-obsolete-variable (obsolete-name current-name when &optional access-type)
  (put obsolete-name 'byte-obsolete-variable (list current-name access-type when))
  obsolete-name)

(defun subr--obsolete-alias (alias-fn mark-fn obsolete current when docstring)
  "The expansion of the define-obsolete-*-alias macros: make OBSOLETE an
alias of CURRENT by ALIAS-FN, with DOCSTRING, then mark it obsolete
since WHEN by MARK-FN (the arguments are forms)."
  (list 'progn
        (list alias-fn obsolete current docstring)
        (list mark-fn obsolete current when)))

(defmacro define-obsolete-function-alias (obsolete-name current-name when &optional docstring)
  "Make OBSOLETE-NAME a function alias of CURRENT-NAME, documented by
DOCSTRING, and mark it obsolete since WHEN."
  (subr--obsolete-alias 'defalias 'make-obsolete obsolete-name current-name when docstring))

;;; Declarations: what (declare ...) in a defun or defmacro asks for
;;; becomes forms run after the definition (src/eval.c puts them in a
;;; `prog1' after the `defalias'), as Emacs's byte-run makes them.

(defvar advertised-signature-table (make-hash-table :test 'eq :weakness 'key)
  "Function -> the argument list its documentation shows instead of its own.")

(defun set-advertised-calling-convention (function signature _when)
  "Have FUNCTION's documentation show SIGNATURE as its argument list."
  (puthash (indirect-function function) signature advertised-signature-table))

(defun file-relative-name (filename &optional directory)
  "FILENAME relative to DIRECTORY (`default-directory' if nil), with
\"../\" going up as far as needed."
  (let* ((file (expand-file-name filename))
         (file-as-dir (file-name-as-directory file))
         (dir (file-name-as-directory (expand-file-name (or directory default-directory))))
         (up nil))
    ;; Up from DIR until it holds FILE, or is FILE as a directory.
    (while (not (or (string-prefix-p dir file) (string-prefix-p dir file-as-dir)))
      (setq dir (file-name-directory (substring dir 0 -1))
            up (cons ".." up)))
    (let ((ancestor (if up (mapconcat #'identity up "/") "."))
          (rest (and (string-prefix-p dir file) (substring file (length dir)))))
      (cond ((null rest) ancestor)
            ((and (null up) (not (equal rest ""))) rest)
            (t (concat (file-name-as-directory ancestor) rest))))))

(defun subr--warning-prefix ()
  "What a warning about code being loaded starts with: the file, if any."
  (if (stringp load-file-name)
      (concat (file-relative-name load-file-name) ": ")
    ""))

(defun macroexp-warn-and-return (msg form &optional _category compile-only)
  "Return FORM, first showing the warning MSG (if any) as Emacs does for
source it loads.  A COMPILE-ONLY warning is never shown, for marrow
never compiles; the byte compiler's warning CATEGORY is of no use."
  (and msg (not compile-only)
       (message "%sWarning: %s" (subr--warning-prefix) msg))
  form)

;; The arguments that take functions, where `macroexpand-all' warns of
;; a lambda quoted with ' (as Emacs's macroexp.el records them): for
;; each position, the functions.
(dolist (entry '((1 funcall apply mapcar mapatoms mapconcat mapc cl-mapcar maphash
                    map-char-table map-keymap map-keymap-internal)
                 (2 add-hook remove-hook advice-remove advice--remove-function defalias
                    fset global-set-key run-after-idle-timeout set-process-filter
                    set-process-sentinel sort)
                 (3 advice-add define-key run-at-time run-with-idle-timer run-with-timer)))
  (let ((positions (list (car entry))))
    (dolist (f (cdr entry))
      (put f 'funarg-positions positions))))

(defmacro def-edebug-spec (symbol spec)
  "Give macro SYMBOL the Edebug specification SPEC (unevaluated), as
(declare (debug SPEC)) does."
  (declare (indent 1))
  `(put ',symbol 'edebug-form-spec ',spec))

(defun def-edebug-elem-spec (name spec)
  "Let NAME stand for SPEC, a list, as an element of Edebug
specifications.  Names starting with & or : mean something else there."
  (cond ((memq (string-to-char (symbol-name name)) '(?& ?:))
         (error "Edebug spec name cannot start with '&' or ':'"))
        ((not (consp spec))
         (error "Edebug spec has to be a list: %S" spec))
        (t (put name 'edebug-elem-spec spec))))

(defun subr--declare-property (prop)
  "The form (function-put \='F \='PROP \='VALUE) a declaration makes."
  (lambda (f _args value) `(function-put ',f ',prop ',value)))

(defun subr--declare-compiler-macro (f args expander)
  "A compiler macro for F: EXPANDER, a function's name or a lambda whose
arguments are the form and then F's ARGS."
  (if (eq (car-safe expander) 'lambda)
      (let ((name (intern (concat (symbol-name f) "--anon-cmacro"))))
        `(progn (eval-and-compile (function-put ',f 'compiler-macro #',name))
                :autoload-end
                (eval-and-compile (defun ,name (,@(nth 1 expander) ,@args)
                                    ,@(nthcdr 2 expander)))))
    `(eval-and-compile (function-put ',f 'compiler-macro #',expander))))

(defvar defun-declarations-alist
  (list (list 'advertised-calling-convention
              (lambda (f _args arglist when)
                `(set-advertised-calling-convention ',f ',arglist ',when)))
        (list 'obsolete (lambda (f _args new when) `(make-obsolete ',f ',new ',when)))
        (list 'interactive-only (subr--declare-property 'interactive-only))
        (list 'pure (subr--declare-property 'pure))
        (list 'side-effect-free (subr--declare-property 'side-effect-free))
        (list 'compiler-macro #'subr--declare-compiler-macro)
        (list 'doc-string (subr--declare-property 'doc-string-elt))
        (list 'indent (subr--declare-property 'lisp-indent-function))
        (list 'speed (subr--declare-property 'speed))
        (list 'completion (lambda (f _args pred)
                            `(function-put ',f 'completion-predicate #',pred)))
        (list 'modes (lambda (f _args &rest modes) `(function-put ',f 'command-modes ',modes))))
  "(PROP FUNCTION) for each declaration a `defun' understands: FUNCTION
gets the function's name, its argument list and the declaration's
values, and returns the form that makes the declaration hold.")

(defvar macro-declarations-alist
  (cons (list 'debug (lambda (name _args spec)
                       `(progn :autoload-end (put ',name 'edebug-form-spec ',spec))))
        (cons (list 'no-font-lock-keyword (subr--declare-property 'no-font-lock-keyword))
              defun-declarations-alist))
  "As `defun-declarations-alist', for `defmacro'.")

(defun subr--declaration-forms (alist kind name arglist specs)
  (mapcar (lambda (spec)
            (let ((handler (nth 1 (assq (car spec) alist))))
              (if handler
                  (apply handler name arglist (cdr spec))
                (macroexp-warn-and-return
                 (format-message "Unknown %s property `%S' in %S" kind (car spec) name)
                 nil))))
          specs))

(defun marrow--defun-declarations (name arglist specs)
  "The forms the declarations SPECS of function NAME expand to."
  (subr--declaration-forms defun-declarations-alist "defun" name arglist specs))

(defun marrow--macro-declarations (name arglist specs)
  "The forms the declarations SPECS of macro NAME expand to."
  (subr--declaration-forms macro-declarations-alist "macro" name arglist specs))

;;; More of Emacs's gv.el places, made through the interface above.

(defmacro gv-synthetic-place (getter setter)
  "A place read by the form GETTER and stored into by SETTER, a function
from a value form to a store form; outside a place it is GETTER."
  (ignore setter)
  getter)
(gv-define-expander gv-synthetic-place #'funcall)

(defmacro gv-ref (place)
  "A reference to PLACE: a pair of closures, reading and storing into it,
for `gv-deref' and (setf (gv-deref REF) V)."
  (gv-get place
          (lambda (getter setter)
            (list 'cons
                  (list 'lambda nil getter)
                  (list 'lambda '(gv--val) (funcall setter 'gv--val))))))

(defun gv-deref (ref)
  "The value of the place REF, made by `gv-ref', refers to."
  (funcall (car ref)))
(gv-define-setter gv-deref (v ref) `(funcall (cdr ,ref) ,v))

;;; Places made of control forms and of other places, as Emacs's gv.el
;;; has them: the store goes to the place the form's value comes from.

(defun subr--last-form-place (do forms)
  "FORMS, a body, with its last form made the place DO stores into."
  (let ((forms (or forms '(nil))))
    (append (butlast forms) (list (gv-get (car (last forms)) do)))))

(gv-define-expander progn
  (lambda (do &rest forms) (macroexp-progn (subr--last-form-place do forms))))
(gv-define-expander let
  (lambda (do bindings &rest body) `(let ,bindings ,@(subr--last-form-place do body))))
(gv-define-expander let*
  (lambda (do bindings &rest body) `(let* ,bindings ,@(subr--last-form-place do body))))

;; The store is written into each branch.
(gv-define-expander if
  (lambda (do test then &rest else)
    `(if ,test ,(gv-get then do) ,@(subr--last-form-place do else))))

(gv-define-expander cond
  (lambda (do &rest clauses)
    `(cond ,@(mapcar (lambda (clause)
                       (if (cdr clause)
                           (cons (car clause) (subr--last-form-place do (cdr clause)))
                         ;; As in Emacs, a clause of a test alone becomes
                         ;; the place's code.
                         (gv-get (car clause) do)))
                     clauses))))

(gv-define-expander cons
  (lambda (do car-place cdr-place)
    (gv-get car-place
            (lambda (car-get car-set)
              (gv-get cdr-place
                      (lambda (cdr-get cdr-set)
                        (funcall do (list 'cons car-get cdr-get)
                                 (lambda (value)
                                   (subr--store-returning
                                    value
                                    (lambda (v)
                                      (list (funcall car-set (list 'car v))
                                            (funcall cdr-set (list 'cdr v)))))))))))))

(defun subr--merge-bits (new old mask)
  "The form of the bits of NEW under MASK and those of OLD outside it."
  (list 'logior (list 'logand new mask) (list 'logand old (list 'lognot mask))))

;; (setf (logand PLACE MASK...) V) stores V's bits under the mask into
;; PLACE, keeping its other bits.
(gv-define-expander logand
  (lambda (do place &rest masks)
    (gv-get place
            (lambda (getter setter)
              (subr--bind-once
               (if (cdr masks) (cons 'logand masks) (car masks)) "mask"
               (lambda (mask)
                 (funcall do (list 'logand getter mask)
                          (lambda (value)
                            (subr--store-returning
                             value
                             (lambda (v)
                               (list (funcall setter (subr--merge-bits v getter mask))))))))
               t)))))

(defun subr--gv-declaration (kind name args handler &optional fix)
  "The code for (declare (KIND HANDLER [FIX])) in the definition of NAME,
KIND being gv-expander or gv-setter, as Emacs's gv.el makes it."
  (let ((form
         (cond ((and (eq kind 'gv-expander) (eq (car-safe handler) 'lambda))
                `(gv-define-expander ,name
                   (lambda (,(car (nth 1 handler)) ,@args) ,@(nthcdr 2 handler))))
               ((eq kind 'gv-expander) `(gv-define-expander ,name #',handler))
               ((eq (car-safe handler) 'lambda)
                `(gv-define-setter ,name (,(car (nth 1 handler)) ,@args) ,@(nthcdr 2 handler)))
               ((symbolp handler) `(gv-define-simple-setter ,name ,handler ,fix)))))
    (if form
        `(progn :autoload-end ,form)
      (message "Unknown %s declaration %S" kind handler)
      nil)))

(dolist (kind '(gv-expander gv-setter))
  (let ((entry (list kind (apply-partially #'subr--gv-declaration kind))))
    (push entry defun-declarations-alist)
    (push entry macro-declarations-alist)))


;;; Where things were defined: load-history, filled by `load' (src/load.c).

(defun define-symbol-prop (symbol prop val)
  "Set SYMBOL's property PROP to VAL, noting in `load-history' that the
code being loaded defines it, as `defalias' notes a function."
  (let ((props (assq 'define-symbol-props current-load-list)))
    (unless props
      (setq props (list 'define-symbol-props))
      (push props current-load-list))
    (let ((entry (assq prop (cdr props))))
      (unless entry
        (setq entry (list prop))
        (setcdr props (cons entry (cdr props))))
      (unless (memq symbol (cdr entry))
        (setcdr entry (cons symbol (cdr entry))))))
  (put symbol prop val))

(defun symbol-file (symbol &optional type)
  "The file that defined SYMBOL, from `load-history', or nil.  TYPE
`defun' or `defvar' asks for a function's or a variable's definition;
another symbol, a definition of that kind, such as a property set by
`define-symbol-prop'; nil, any.  An autoloaded function's file is the
one its autoload names."
  (if (and (memq type '(nil defun)) (symbolp symbol) (autoloadp (symbol-function symbol)))
      (nth 1 (symbol-function symbol))
    (catch 'found
      (dolist (entry load-history)
        (let ((items (cdr entry)))
          (when (cond ((eq type 'defvar) (memq symbol items))
                      (type (or (member (cons type symbol) items)
                                (memq symbol (cdr (assq type (cdr (assq 'define-symbol-props items)))))))
                      (t (or (memq symbol items) (rassq symbol items))))
            (throw 'found (car entry))))))))

(defun autoloadp (object)
  "Non-nil if OBJECT is an autoload."
  (eq 'autoload (car-safe object)))

(defmacro define-obsolete-variable-alias (obsolete-name current-name when &optional docstring)
  `(progn (defvaralias ,obsolete-name ,current-name ,docstring)
          (make-obsolete-variable ,obsolete-name ,current-name ,when)))

(defalias 'int-to-string #'number-to-string)
;; Emacs's aliases, which describe-function shows as such.
(defalias 'search-forward-regexp (symbol-function 're-search-forward))
(defalias 'search-backward-regexp (symbol-function 're-search-backward))
(defalias 'chmod #'set-file-modes)

(defmacro bound-and-true-p (var)
  "The value of VAR when it is bound, else nil."
  `(and (boundp ',var) ,var))

(defmacro ignore-error (condition &rest body)
  "Run BODY; return nil if it signals CONDITION."
  (declare (indent 1))
  `(condition-case nil (progn ,@body) (,condition nil)))

(defmacro setq-default (&rest pairs)
  "Set each VAR's default value to VALUE: (setq-default VAR VALUE ...)."
  (let ((forms nil))
    (while pairs
      (setq forms (cons `(set-default ',(car pairs) ,(car (cdr pairs))) forms))
      (setq pairs (cdr (cdr pairs))))
    (cons 'progn (nreverse forms))))


;;; ---- Documentation ------------------------------------------------------

(defvar regexp-unmatchable "\\`a\\`" "A regexp that matches nothing.")

(defun subr--docstring (definition)
  "The docstring in the body of the function DEFINITION, or nil."
  (let ((body (cond ((eq (car-safe definition) 'macro)
                      (list (subr--docstring (cdr definition))))
                     ((and (eq (car-safe definition) 'closure) (consp (cdr definition))
                           (consp (cddr definition)))
                      (nthcdr 3 definition))
                     ((and (memq (car-safe definition) '(lambda autoload))
                           (consp (cdr definition)))
                      (nthcdr 2 definition))
                     ((byte-code-function-p definition)
                      (list (subr--compiled-docstring definition)))
                     ;; Also the macros marrow writes in C, (macro . SUBR).
                     ((subrp definition)
                      (list (subr--primitive-docstring definition))))))
    (and (stringp (car body)) (car body))))

(defun subr--compiled-docstring (f)
  "The docstring of the byte-code function F: its slot, or the text an
.elc file keeps at the (FILE . POSITION) there."
  (let ((doc (and (> (length f) 4) (aref f 4))))
    (if (and (consp doc) (stringp (car doc)) (integerp (cdr doc)))
        (marrow--docstring-from-file (car doc) (cdr doc))
      doc)))

(defun subr--primitive-doc (subr)
  "(USAGE DOC) of the primitive SUBR from lisp/subr-doc.el, or nil."
  (require 'subr-doc)
  (gethash (intern (subr-name subr)) subr-doc--table))

(defun subr--primitive-docstring (subr)
  "SUBR's documentation with the \"(fn ARGS)\" line Emacs ends it with."
  (let ((entry (subr--primitive-doc subr)))
    (cond ((null entry) nil)
          ((null (car entry)) (nth 1 entry))
          (t (concat (nth 1 entry) "\n\n(fn"
                     (if (equal (car entry) "") "" " ") (car entry) ")")))))

(defun documentation (function &optional raw)
  "FUNCTION's documentation string, or nil; unless RAW, with ` and ' as
`text-quoting-style' has them.  A primitive's ends with its usage line."
  (let* ((prop (and (symbolp function) (get function 'function-documentation)))
         (doc (cond (prop (if (stringp prop) prop (eval prop t)))
                    ((and (symbolp function) (not (fboundp function)))
                     (signal 'void-function (list function)))
                    (t (let ((def (indirect-function function)))
                         (unless (functionp def)
                           (unless (memq (car-safe def) '(macro autoload))
                             (unless (subrp def)
                               (signal 'invalid-function (list def)))))
                         (subr--docstring def))))))
    (cond ((or raw (null doc)) doc)
          ;; Keys in the text need the keymaps (lisp/help.el).
          ((string-match-p "\\\\[[<{]" doc) (substitute-command-keys doc))
          (t (subr--doc-quotes doc)))))

(defun subr--doc-quotes (doc)
  "DOC with ` and ' as `text-quoting-style' has them, except a character
escaped by \\=, which stays as it is without its escape."
  (let ((start 0) (parts nil))
    (while (string-match "\\\\=\\(.\\)" doc start)
      (push (format-message (replace-regexp-in-string
                             "%" "%%" (substring doc start (match-beginning 0)) t t))
            parts)
      (push (match-string 1 doc) parts)
      (setq start (match-end 0)))
    (push (format-message (replace-regexp-in-string "%" "%%" (substring doc start) t t))
          parts)
    (apply #'concat (nreverse parts))))

(defun subr--arity-arglist (arity)
  "An argument list ARG1... for a primitive of ARITY, as Emacs makes one."
  (let ((args nil) (max (cdr arity)))
    (dotimes (i (if (numberp max) max (car arity)))
      (when (= i (car arity)) (push '&optional args))
      (push (intern (format "arg%d" (1+ i))) args))
    (unless (numberp max) (setq args (cons 'rest (cons '&rest args))))
    (nreverse args)))

(defun subr--compiled-usage (f)
  "The ARGS of the \"(fn ARGS)\" line ending the docstring of the
byte-code function F, or nil."
  (let ((doc (subr--compiled-docstring f)))
    (and (stringp doc) (string-match "\n\n(fn\\(?: \\(.*\\)\\)?)\\'" doc)
         (or (match-string 1 doc) ""))))

(defun subr--usage-arglist (def)
  "DEF's argument names from its usage line (a primitive's in subr-doc.el,
a byte-code function's at the end of its docstring), when they make a
plain argument list (no ARG... or [ARG]), else nil."
  (let* ((usage (if (subrp def) (car (subr--primitive-doc def)) (subr--compiled-usage def)))
         (args (and usage (car (read-from-string (concat "(" (downcase usage) ")"))))))
    (and args
         (null (delq nil (mapcar (lambda (a)
                                   (not (and (symbolp a)
                                             (if (eq (aref (symbol-name a) 0) ?&)
                                                 (memq a '(&optional &rest))
                                               (not (string-search "." (symbol-name a)))))))
                                 args)))
         args)))

(defun subr--function-definition (def)
  "DEF's function object: a symbol's (nil when it has none) after
following aliases, with a macro's `macro' tag taken off."
  (let ((fn (if (symbolp def) (and (fboundp def) (indirect-function def)) def)))
    (if (eq 'macro (car-safe fn)) (cdr fn) fn)))

(defun help-function-arglist (def &optional preserve-names)
  "The argument list of function DEF, or t when it is none.  A
primitive's arguments are ARG1..., or with PRESERVE-NAMES the names of
its documentation's usage line when it has a plain one."
  (let* ((fn (subr--function-definition def))
         (kind (car-safe fn)))
    (cond ((eq kind 'lambda) (cadr fn))
          ;; A closure keeps its environment before its arguments.
          ((eq kind 'closure) (car (cddr fn)))
          ((not (or (subrp fn) (byte-code-function-p fn))) t)
          ((and (byte-code-function-p fn) (listp (aref fn 0)))
           ;; Compiled with lexical-binding nil: the names are there.
           (aref fn 0))
          (t (let ((named (and preserve-names (subr--usage-arglist fn))))
               (or named (subr--arity-arglist (func-arity fn))))))))

(defun apropos-internal (regexp &optional predicate)
  "The symbols whose names match REGEXP (and satisfy PREDICATE), sorted."
  (let* ((name-matches (lambda (symbol) (string-match-p regexp (symbol-name symbol))))
         (wanted (if predicate
                     (lambda (symbol)
                       (and (funcall name-matches symbol) (funcall predicate symbol)))
                   name-matches))
         (found nil))
    (mapatoms (lambda (symbol) (when (funcall wanted symbol) (push symbol found))))
    (sort found #'string-lessp)))

;;; ---- Versions -----------------------------------------------------------

(defvar version-separator "."
  "The text between the numbers of a version string.")

(defvar version-regexp-alist
  '(("^[-._+ ]?snapshot$" . -4) ("^[-._+]$" . -4)
    ("^[-._+ ]?\\(cvs\\|git\\|bzr\\|svn\\|hg\\|darcs\\)$" . -4)
    ("^[-._+ ]?unknown$" . -4) ("^[-._+ ]?alpha$" . -3) ("^[-._+ ]?beta$" . -2)
    ("^[-._+ ]?\\(pre\\|rc\\)$" . -1))
  "Regexps for the words inside version strings, and the numbers they stand for.")

(defun subr--version-part (part version at-end)
  "The number for PART, the text after a number of VERSION, or nil for
the separator; AT-END when nothing follows PART (only there may a
letter stand for its place in the alphabet)."
  (let ((case-fold-search t)
        (words version-regexp-alist))
    (while (and words (not (string-match (car (car words)) part)))
      (setq words (cdr words)))
    (cond ((equal part version-separator) nil)
          (words (cdr (car words)))
          ((and at-end (string-match "^[-._+ ]?\\([a-zA-Z]\\)$" part))
           (- (downcase (aref part (match-beginning 1))) ?a -1))
          (t (error "Invalid version syntax: `%s'" version)))))

(defun version-to-list (ver)
  "The list of numbers for the version string VER: \"1.0pre2\" is (1 0 -1 2)."
  (unless (stringp ver) (error "Version must be a string"))
  (when (string-prefix-p version-separator ver)
    (setq ver (concat "0" ver)))
  (unless (string-match-p "^[0-9]" ver)
    (error "Invalid version syntax: `%s' (must start with a number)" ver))
  (save-match-data
    (let ((i 0) (numbers nil))
      (while (eq (string-match "[0-9]+" ver i) i)
        (push (string-to-number (match-string 0 ver)) numbers)
        (setq i (match-end 0))
        (when (eq (string-match "[^0-9]+" ver i) i)
          (setq i (match-end 0))
          (let ((n (subr--version-part (match-string 0 ver) ver (= i (length ver)))))
            (when n (push n numbers)))))
      (nreverse numbers))))

(defun subr--version-list-compare (l1 l2)
  "-1, 0 or 1 as L1 is below, equal to or above L2, missing numbers as 0."
  (while (and (or l1 l2) (= (or (car l1) 0) (or (car l2) 0)))
    (setq l1 (cdr l1) l2 (cdr l2)))
  (cond ((not (or l1 l2)) 0)
        ((< (or (car l1) 0) (or (car l2) 0)) -1)
        (t 1)))

(defun version-list-< (l1 l2) (< (subr--version-list-compare l1 l2) 0))
(defun version-list-= (l1 l2) (= (subr--version-list-compare l1 l2) 0))
(defun version-list-<= (l1 l2) (<= (subr--version-list-compare l1 l2) 0))
(defun version-list-not-zero (lst)
  "The first number of LST other than 0, or 0 when all are."
  (catch 'found
    (dolist (n lst 0)
      (unless (zerop n) (throw 'found n)))))
(defun version< (v1 v2) (version-list-< (version-to-list v1) (version-to-list v2)))
(defun version<= (v1 v2) (version-list-<= (version-to-list v1) (version-to-list v2)))
(defun version= (v1 v2) (version-list-= (version-to-list v1) (version-to-list v2)))

;;; ---- Time ---------------------------------------------------------------

(defalias 'time-to-seconds #'float-time)

(defun seconds-to-time (seconds)
  "SECONDS as a (HIGH LOW USEC PSEC) time value."
  (time-convert seconds 'list))

(defun time-since (time)
  "The time elapsed since TIME."
  (time-subtract nil time))

;; The fields of a decode-time list, and their places.
(let ((i 0))
  (dolist (field '(second minute hour day month year weekday dst zone))
    (let ((name (intern (format "decoded-time-%s" field)))
          (n i))
      (defalias name (lambda (time) (nth n time)))
      ;; As the place (nth N TIME), Emacs's compiler macro making it that.
      (function-put name 'gv-expander
                    (lambda (do time) (gv-get (if (= n 0) `(car ,time) `(nth ,n ,time)) do))))
    (setq i (1+ i))))

(defconst subr--seconds-units
  '((?y "year" 31536000) (?d "day" 86400) (?h "hour" 3600) (?m "minute" 60) (?s "second" 1))
  "format-seconds' units: specifier, name and length in seconds.")

(defun subr--seconds-specs (string)
  "STRING, a `format-seconds' control, as a list of literal strings and
specs (UNIT DOT WIDTH DECIMALS NAMED), the position of %z in it (or
nil), and whether some unit is larger than one before it."
  (let ((pieces nil) (start 0) (used nil) (zero-at nil) (previous nil) (larger nil))
    (while (string-match "%\\(\\.\\)?\\([0-9]*\\)\\(?:,\\([0-9]\\)\\)?\\(.\\)" string start)
      (push (substring string start (match-beginning 0)) pieces)
      (setq start (match-end 0))
      (let* ((spec (match-string 4 string))
             (char (downcase (string-to-char spec)))
             (unit (assq char subr--seconds-units)))
        (cond ((equal spec "%") (push "%" pieces))
              ((not (or unit (eq char ?z)))
               (error "Bad format specifier: `%s'" spec))
              ((memq char used)
               (error "Multiple instances of specifier: `%s'" spec))
              ((eq char ?z) (push char used) (setq zero-at (length pieces)))
              (t
               (push char used)
               (setq larger (or larger (and previous (> (nth 2 unit) previous)))
                     previous (nth 2 unit))
               (push (list unit (match-beginning 1) (match-string 2 string)
                           (match-string 3 string) (not (equal spec (downcase spec))))
                     pieces)))))
    (push (substring string start) pieces)
    (list (nreverse pieces) zero-at larger)))

(defun subr--seconds-text (match unit count fraction)
  "What the spec matched as MATCH (groups: 1 width, 2 comma and
decimals, 3 letter) becomes for COUNT of UNIT, an entry of
`subr--seconds-units'; seconds with decimals get FRACTION too."
  (let* ((width (match-string 1 match))
         (decimals (match-string 2 match))
         (named (not (equal (match-string 3 match) (downcase (match-string 3 match)))))
         (value (if (= (nth 2 unit) 1) (+ count fraction) count)))
    (concat (if decimals
                (format (concat "%" (and width (if (eq (aref width 0) ?.)
                                                    (concat "0" (substring width 1))
                                                  width))
                                "." (substring decimals 1) "f")
                        value)
              (format (concat "%" width "d") value))
            (if named (format " %s%s" (nth 1 unit) (if (= count 1) "" "s")) ""))))

(defun format-seconds (string seconds)
  "SECONDS formatted by STRING: %y %d %h %m %s give the number of years,
days, hours, minutes and (rounded) seconds, %Y ... %S with the unit's
name.  A width may follow the %, after a dot for zero-padding, and a
comma and a digit gives that many decimals (the seconds' fraction
shows).  %z drops what precedes it up to the first non-zero unit, the
units then in decreasing order; %% is a percent sign."
  (let ((parsed (subr--seconds-specs string)))
    (when (and (nth 1 parsed) (nth 2 parsed))
      (error "Units are not in decreasing order of size")))
  (unless (numberp seconds)
    (setq seconds (float-time seconds)))
  ;; As Emacs 28, the units are put in one after the other, largest
  ;; first, each where its first spec is in the text so far; %z (even
  ;; with a width, which then stays) cuts the text before the first
  ;; non-zero unit, and only then %% become %.
  (let ((fraction (mod seconds 1))
        (left (round seconds))
        (case-fold-search t)
        (first-non-zero nil))
    (save-match-data
      (dolist (unit subr--seconds-units)
        (when (string-match (format "%%\\(\\.?[0-9]+\\)?\\(,[0-9]+\\)?\\(%c\\)" (car unit))
                            string)
          (let ((count (floor left (nth 2 unit))))
            (setq left (- left (* count (nth 2 unit))))
            (unless (or first-non-zero (zerop count))
              (setq first-non-zero (match-beginning 0)))
            (setq string (replace-match (subr--seconds-text string unit count fraction)
                                        t t string)))))
      (when (string-match "%\\(\\.?[0-9]+\\)?\\(,[0-9]+\\)?z" string)
        (setq string (string-replace
                      "%z" "" (substring string (min (or first-non-zero (match-end 0))
                                                     (match-beginning 0))))))))
  (string-replace "%%" "%" string))

;;; ---- Hooks --------------------------------------------------------------
;;
;; run-hooks and its kin are primitives (src/variables.c); add-hook and
;; remove-hook are lisp/hooks.el's, loaded on first use.

(autoload 'add-hook "hooks")
(autoload 'remove-hook "hooks")

;;; ---- Miscellany ---------------------------------------------------------

(defun sxhash-equal-including-properties (obj)
  "A hash code for OBJ under `equal-including-properties': a string's
text properties count too."
  (let ((intervals (and (stringp obj) (object-intervals obj))))
    (if intervals
        (logxor (sxhash-equal obj) (sxhash-equal intervals))
      (sxhash-equal obj))))

(defun store-substring (string idx obj)
  "Store OBJ (a character or a string) into STRING at IDX; return STRING."
  (if (characterp obj)
      (aset string idx obj)
    (dotimes (i (length obj))
      (aset string (+ idx i) (aref obj i))))
  string)

(defun subr--trim-pattern (regexp at-start)
  "REGEXP (by default a run of spaces, tabs, newlines and carriage
returns) anchored at the start of a string if AT-START, else at its end."
  (let ((group (concat "\\(?:" (or regexp "[ \t\n\r]+") "\\)")))
    (if at-start (concat "\\`" group) (concat group "\\'"))))

(defun string-trim-left (string &optional regexp)
  "STRING without a leading match of REGEXP (default: spaces, tabs,
newlines and carriage returns)."
  (if (not (string-match (subr--trim-pattern regexp t) string))
      string
    (substring string (match-end 0))))

(defun string-trim-right (string &optional regexp)
  "STRING without a trailing match of REGEXP (default as `string-trim-left')."
  ;; Unlike the left trim, this one leaves the match data alone.
  (let ((cut (string-match-p (subr--trim-pattern regexp nil) string)))
    (if cut (substring string 0 cut) string)))

(defun string-trim (string &optional trim-left trim-right)
  "STRING without leading and trailing matches of TRIM-LEFT and TRIM-RIGHT."
  (string-trim-left (string-trim-right string trim-right) trim-left))

(defun string-lines (string &optional omit-nulls)
  "Split STRING into a list of lines."
  (split-string string "\n" omit-nulls))

;;; ---- Quoting for shells and for `split-string-and-unquote' ---------

(defun shell-quote-argument (argument)
  "ARGUMENT quoted for a POSIX shell: a backslash before each character
that is not a letter, digit or one of -_./, a newline in single quotes,
and '' for the empty string."
  (if (equal argument "")
      "''"
    (string-replace "\n" "'\n'"
                    (replace-regexp-in-string "[^-0-9a-zA-Z_./\n]" "\\\\\\&" argument))))

(defun subr--quote-for-unquote (string separator)
  "STRING in double quotes, its quotes and backslashes escaped, when it
holds either or SEPARATOR; else STRING itself."
  (if (or (string-search separator string) (string-match-p "[\\\"]" string))
      (format "\"%s\"" (replace-regexp-in-string "[\\\"]" "\\\\\\&" string))
    string))

(defun combine-and-quote-strings (strings &optional separator)
  "STRINGS joined by SEPARATOR (default \" \"), each one that holds a
double quote, a backslash or SEPARATOR put in double quotes with those
quotes and backslashes escaped: `split-string-and-unquote' splits the
result back."
  (let ((sep (or separator " ")))
    (mapconcat #'identity
               (mapcar (lambda (s) (subr--quote-for-unquote s sep)) strings)
               sep)))

(defun split-string-and-unquote (string &optional separator)
  "STRING split at matches of SEPARATOR (default \"\\\\s-+\"), the parts
in double quotes read as Lisp strings, whole."
  (let ((sep (or separator "\\s-+"))
        (parts nil)
        (start 0)
        quote)
    (while (setq quote (string-search "\"" string start))
      (setq parts (nconc (nreverse (split-string (substring string start quote) sep t)) parts))
      (let ((read (read-from-string string quote)))
        (push (car read) parts)
        (setq start (cdr read))))
    (nconc (nreverse parts) (split-string (substring string start) sep t))))

(defun split-string-shell-command (string)
  "The words of the last command of the shell command line STRING, as
the shell would pass them: quotes and backslashes do what they do in a
shell; $ and other expansions are not done."
  (with-temp-buffer
    (insert string)
    (goto-char (subr--shell-last-command-start))
    (let ((words nil))
      (while (not (eobp))
        (skip-chars-forward " \t\n;")
        (push (subr--shell-word) words))
      (nreverse words))))

(defconst subr--shell-blanks " \t\n\r\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000"
  "The characters with whitespace syntax in the standard syntax table.")

(defun subr--shell-last-command-start ()
  "Where the last command of the buffer's command line starts: after the
last run of ; & or | that a command follows on its line."
  (save-excursion
    (goto-char (point-max))
    (skip-chars-backward subr--shell-blanks)
    (let ((text-end (point)))
      (if (re-search-backward "[;&|]+[\t ]*\\([^;&|\n]+\\)" nil t)
          (goto-char (match-beginning 1))
        (goto-char (point-min)))
      (when (/= (point) text-end)
        (skip-chars-forward subr--shell-blanks text-end))
      (point))))

(defun subr--shell-word ()
  "The shell word at point, unquoted; point moves past it."
  (let ((pieces nil))
    (while (cond ((looking-at "[^ \t\n\\\"';]+")
                  (push (match-string 0) pieces))
                 ((looking-at "'\\([^']*\\)'?")
                  (push (match-string 1) pieces))
                 ((looking-at "\"\\(\\(?:[^\"\\]\\|\\\\.\\)*\\)\"?")
                  (push (replace-regexp-in-string "\\\\\\(.\\)" "\\1" (match-string 1)) pieces))
                 ((looking-at "\\\\\\(\\(?:.\\|\n\\)?\\)")
                  (push (if (= (match-beginning 1) (match-end 1)) "\\" (match-string 1)) pieces)))
      (goto-char (match-end 0)))
    (apply #'concat (nreverse pieces))))

(defun format-prompt (prompt default &rest format-args)
  "PROMPT (formatted with FORMAT-ARGS), \" (default DEFAULT)\" when there
is one, and \": \"."
  (concat (if format-args (apply #'format prompt format-args) prompt)
          (and default (or (not (stringp default)) (> (length default) 0))
               (format " (default %s)" (if (consp default) (car default) default)))
          ": "))

(subr--define-missing with-output-to-string
  (defmacro with-output-to-string (&rest body)
    "Run BODY with `standard-output' collected into a string; return it.
As in Emacs, the output goes to a buffer of its own."
    (declare (indent 0))
    ;; The expansion must be Emacs's: the buffer is the outer value of
    ;; `standard-output' and BODY runs in an inner binding of it, so
    ;; whatever BODY does to that binding, the outer one is the buffer.
    (let* ((out 'standard-output)
           (run-body (cons 'let (cons (list (list out out)) body)))
           (collect (list 'with-current-buffer out '(buffer-string))))
      (list 'let (list (list out '(generate-new-buffer " *string-output*" t)))
            (list 'unwind-protect (list 'progn run-body collect)
                  (list 'kill-buffer out))))))

(defvar after-load-alist nil
  "(REGEXP-OR-FEATURE FUNCS...) entries: FUNCS run once a file whose
name REGEXP matches is loaded, or FEATURE is provided.")
(defvar after-load-functions nil
  "Abnormal hook run with the absolute name of each file loaded.")
(defvar jka-compr-load-suffixes '(".gz") "Suffixes of compressed Lisp files.")

(defun directory-name-p (name)
  "Non-nil if NAME ends in a slash, naming a directory."
  (string-suffix-p "/" name))

(defmacro files--with-handler (file operation args &rest body)
  "The value of (HANDLER \='OPERATION ARGS...) when FILE has a file name
handler for OPERATION (see `find-file-name-handler'), else of BODY."
  (declare (indent 3) (debug t))
  (let ((handler (make-symbol "handler")))
    `(let ((,handler (find-file-name-handler ,file ',operation)))
       (if ,handler
           (funcall ,handler ',operation ,@args)
         ,@body))))

(defun file-truename (filename)
  "FILENAME absolute, with every symbolic link along it followed; a
file name handler gives its own."
  (when (member filename '("" "~"))
    (setq filename (expand-file-name filename)))
  (files--with-handler filename file-truename (filename)
    (files--plain-truename filename)))

(defun files--plain-truename (filename)
  (let ((parts (split-string (expand-file-name filename) "/" t))
        (done "/")
        (links 0))
    (while parts
      (let* ((next (expand-file-name (pop parts) done))
             (target (file-symlink-p next)))
        (if (not target)
            (setq done next)
          (when (> (setq links (1+ links)) 100)
            (error "Apparent cycle of symbolic links for %s" filename))
          (setq parts (append (split-string (expand-file-name target (file-name-directory next))
                                            "/" t)
                              parts)
                done "/"))))
    (if (directory-name-p filename) (file-name-as-directory done) done)))

(defun subr--optional-suffix-group (suffixes)
  "A regexp group matching one of the strings SUFFIXES or nothing."
  (format "\\(%s\\)?" (mapconcat #'regexp-quote suffixes "\\|")))

(defun load-history-regexp (file)
  "A regexp matching the file name FILE names in `load-history': the
whole absolute name, or a relative name after a slash, with or without
a load suffix."
  (let* ((absolute (file-name-absolute-p file))
         (name (if absolute (file-truename file) file)))
    (concat (if absolute "\\`" "\\(\\`\\|/\\)")
            (regexp-quote name)
            ;; A name without an extension may have had .el or .elc added.
            (unless (file-name-extension name)
              (subr--optional-suffix-group load-suffixes))
            (subr--optional-suffix-group jka-compr-load-suffixes)
            "\\'")))

(defun subr--first (pred list)
  "The first element of LIST for which PRED is non-nil.  (seq-find,
which Emacs does not preload.)"
  (while (and list (not (funcall pred (car list))))
    (setq list (cdr list)))
  (car list))

(defun load-history-filename-element (file-regexp)
  "The newest `load-history' entry of a file FILE-REGEXP matches."
  (save-match-data
    (subr--first (lambda (entry) (and (car entry) (string-match file-regexp (car entry))))
                 load-history)))

(defun subr--after-load-of-feature (func)
  "FUNC, to run when its feature is provided: at once outside a load,
else once the file that provides it has finished loading."
  (lambda ()
    (if (not load-file-name)
        (funcall func)
      (let ((file load-file-name)
            (helper (make-symbol "eval-after-load-helper")))
        (fset helper (lambda (loaded)
                       (when (equal loaded file)
                         (remove-hook 'after-load-functions helper)
                         (funcall func))))
        (add-hook 'after-load-functions helper 'append)))))

(defun eval-after-load (file form)
  "Run FORM (a function, or a form) once FILE is loaded: at once when
it has been.  FILE is a feature, or a file name as `load' takes it.
Return FORM's value when run at once, else nil."
  (declare (indent 1))
  (let* ((key (if (stringp file) (load-history-regexp file) file))
         (entry (or (assoc key after-load-alist)
                    (car (push (list key) after-load-alist))))
         (func (if (functionp form) form (eval `(lambda () ,form) lexical-binding)))
         (waiting (if (symbolp key) (subr--after-load-of-feature func) func)))
    (prog1 (when (if (stringp file) (load-history-filename-element key) (featurep file))
             (funcall func))
      (unless (member waiting (cdr entry))
        (nconc entry (list waiting))))))

(defmacro with-eval-after-load (file &rest body)
  "Run BODY once FILE (a feature or file name) is loaded."
  (declare (indent 1))
  `(eval-after-load ,file (lambda () ,@body)))

(defconst subr--lisp-directory (and load-file-name (file-name-directory load-file-name))
  "Where marrow's Lisp library is.")
(defconst subr--hidden-libraries
  '("callint" "case-table" "casefiddle" "cl-generic" "files" "fns" "font-lock" "hooks"
    "kbd" "keymap" "lread" "modes" "nadvice" "overlays" "process" "regexp-opt" "replace" "simple"
    "subr-doc" "syntax" "textprops" "timer" "env")
  "marrow's libraries that Emacs preloads or writes in C: loading one
on first use is invisible, as they are already there in Emacs.")

(defun do-after-load-evaluation (abs-file)
  "Run what `eval-after-load' registered for the file ABS-FILE just
loaded, then `after-load-functions'."
  (unless (and subr--lisp-directory
               (equal (file-name-directory abs-file) subr--lisp-directory)
               (member (file-name-base abs-file) subr--hidden-libraries))
    (subr--after-load abs-file)))

(defun subr--after-load (abs-file)
  (dolist (entry after-load-alist)
    (when (and (stringp (car entry)) (string-match-p (car entry) abs-file))
      (mapc #'funcall (cdr entry))))
  (run-hook-with-args 'after-load-functions abs-file))

(defmacro save-match-data (&rest body)
  "Run BODY, then restore the match data as they were, even on a non-local exit."
  (declare (indent 0))
  ;; The variable's name is Emacs's, so the expansion prints as Emacs's.
  `(let ((save-match-data-internal (match-data)))
     (unwind-protect (progn ,@body)
       (set-match-data save-match-data-internal 'evaporate))))

;;;; Buffers: the primitives are in src/buffer.c; save-excursion,
;;;; save-restriction and save-current-buffer are special forms, as in
;;;; Emacs (src/eval.c, over buffer.c's internal--save-* functions).

(defmacro with-current-buffer (buffer-or-name &rest body)
  "Run BODY with BUFFER-OR-NAME current, then the buffer current before."
  (declare (indent 1))
  `(save-current-buffer
     (set-buffer ,buffer-or-name)
     ,@body))

(defun subr--discard-buffer (buffer)
  "Kill BUFFER unless that has been done already."
  (when (buffer-live-p buffer)
    (kill-buffer buffer)))

(defun subr--kill-if-named-form (var)
  "A form killing the buffer in variable VAR unless it is dead already
\(Emacs's `with-temp-buffer' expands to this check, and marrow's must
expand the same)."
  (list 'and (list 'buffer-name var) (list 'kill-buffer var)))

(defmacro with-temp-buffer (&rest body)
  "Run BODY in a new empty buffer, killed afterwards; return BODY's value."
  (declare (indent 0))
  (let* ((var (make-symbol "temp-buffer"))
         (guarded (list 'unwind-protect (cons 'progn body)
                        (subr--kill-if-named-form var))))
    ;; The buffer is killed while current: `kill-buffer' may switch
    ;; buffers, and `with-current-buffer' then switches back.
    (list 'let (list (list var '(generate-new-buffer " *temp*" t)))
          (list 'with-current-buffer var guarded))))

(defun subr--save-buffer-as (buffer file)
  "Write all of BUFFER to FILE, quietly."
  (with-current-buffer buffer
    (write-region nil nil file nil 0)))

(defmacro with-temp-file (file &rest body)
  "Run BODY in a new buffer and write what it holds to FILE."
  (declare (indent 1))
  (let ((target (make-symbol "target"))
        (scratch (make-symbol "scratch"))
        (value (make-symbol "value")))
    `(let* ((,target ,file)
            (,scratch (generate-new-buffer " *temp file*" t)))
       (unwind-protect
           (let ((,value (with-current-buffer ,scratch ,@body)))
             (subr--save-buffer-as ,scratch ,target)
             ,value)
         (subr--discard-buffer ,scratch)))))

(defun subr--existing-directory ()
  "`default-directory' if it exists, else the first of the home
directory, `temporary-file-directory', $TMPDIR and /tmp/ that does, else /."
  (catch 'found
    (dolist (dir (list default-directory (expand-file-name "~/")
                       temporary-file-directory (getenv "TMPDIR") "/tmp/"))
      (when (and dir (file-exists-p dir))
        (throw 'found dir)))
    "/"))

(defmacro with-existing-directory (&rest body)
  "Run BODY with `default-directory' bound to a directory that exists,
itself if it does (see `subr--existing-directory')."
  (declare (indent 0) (debug t))
  `(let ((default-directory (subr--existing-directory)))
     ,@body))

(defvar enable-multibyte-characters t)

(defun toggle-enable-multibyte-characters (&optional arg)
  "Make the current buffer's text unibyte if multibyte, else multibyte;
with ARG, multibyte when its numeric value is positive."
  (interactive "P")
  (set-buffer-multibyte (if arg
                            (> (prefix-numeric-value arg) 0)
                          (not enable-multibyte-characters))))

(defalias 'point-at-bol #'line-beginning-position)
(defalias 'point-at-eol #'line-end-position)

;; Undo: buffers record their changes in C (buffer-undo-list,
;; undo-boundary, buffer-enable-undo); undoing them is lisp/simple.el's.
(defvar undo-inhibit-record-point nil
  "Non-nil means do not record `point' in `buffer-undo-list'.")
(defvar undo-limit 160000
  "Keep no more undo information once it exceeds this size.
Each garbage collection trims `buffer-undo-list' to the boundary
where its size first exceeds this.")
(defvar undo-strong-limit 240000
  "Don't keep more than this much size of undo information.
A record that would take the undo information past it is dropped.")
(defvar undo-outer-limit nil
  "Outer limit on the undo information of one command; nil for none.
A collection that finds the newest change heavier than this calls
`undo-outer-limit-function' with its size, at the next safe point.
Batch Emacs starts with none.")
(defvar undo-outer-limit-function #'undo-outer-limit-truncate
  "Called with the size of a change past `undo-outer-limit'.
A non-nil value means it took care of `buffer-undo-list'; nil lets the
other limits trim it.")
(defvar undo-ask-before-discard nil
  "Non-nil means ask before discarding undo information past `undo-outer-limit'.")
(defvar undo-extra-outer-limit nil
  "Once asked about, the size past which to ask again.")
(make-variable-buffer-local 'undo-extra-outer-limit)
(defvar undo-auto--last-boundary-cause nil
  "What made the last undo boundary: `explicit' after `undo-boundary'.")
(make-variable-buffer-local 'undo-auto--last-boundary-cause)
(defvar pending-undo-list nil
  "Within a run of consecutive undo commands, list remaining to be undone.
If t, we undid all the way to the end of it.")
(defvar undo-in-region nil
  "Non-nil if `pending-undo-list' is not just a tail of `buffer-undo-list'.")
(defvar undo-no-redo nil "If t, `undo' doesn't go through redo entries.")
(defvar undo-in-progress nil
  "Non-nil while performing an undo.")
(defvar undo-equiv-table (make-hash-table :test 'eq :weakness t)
  "Table mapping redo records to the corresponding undo one.")
(defun buffer-local-boundp (symbol buffer)
  "Whether SYMBOL has a value in BUFFER."
  (condition-case nil
      (progn (buffer-local-value symbol buffer) t)
    (void-variable nil)))

(defun buffer-hash (&optional buffer-or-name)
  "The SHA-1 of the text of BUFFER-OR-NAME (the current buffer), all of it."
  (with-current-buffer (or buffer-or-name (current-buffer))
    (save-restriction
      (widen)
      (sha1 (buffer-string)))))

(defun match-substitute-replacement (replacement &optional fixedcase literal string subexp)
  "What `replace-match' would put in place of the last match: REPLACEMENT
with its \\& and \\N expanded and its case adapted, taken from STRING
if the match was in it, else from the current buffer."
  (let ((matched (match-string 0 string))
        (offset (match-beginning 0)))
    (save-match-data
      ;; With the match data relative to MATCHED, `replace-match' can
      ;; work on that string alone and give back just the replacement.
      (match-data--translate (- offset))
      (replace-match replacement fixedcase literal matched subexp))))

(defun subr--call-silently (thunk)
  "Call THUNK as if it changed nothing: see `with-silent-modifications'."
  (let ((modified-before (buffer-modified-p)))
    (let ((buffer-undo-list t) (inhibit-read-only t) (inhibit-modification-hooks t))
      (unwind-protect (funcall thunk)
        (or modified-before (restore-buffer-modified-p nil))))))

(defmacro with-silent-modifications (&rest body)
  "Run BODY as if it changed nothing: no undo records, no change hooks,
read-only text writable, and an unmodified buffer unmodified after."
  (declare (indent 0))
  `(subr--call-silently (lambda () ,@body)))

(defvar temp-buffer-setup-hook '(help-mode-setup)
  "Functions `with-output-to-temp-buffer' runs in its emptied buffer.")
(defvar temp-buffer-show-hook '(help-mode-finish)
  "Functions `with-output-to-temp-buffer' runs in its buffer at the end.")

(defmacro with-output-to-temp-buffer (bufname &rest body)
  "Evaluate BODY with `standard-output' a buffer named BUFNAME, emptied
first and shown afterwards (in batch, nothing is displayed); the value
is BODY's.  The buffer is set up by `temp-buffer-setup-hook', finished
by `temp-buffer-show-hook' and left unmodified."
  (declare (indent 1))
  (let ((directory (make-symbol "directory"))
        (buffer (make-symbol "buffer")))
    `(let* ((,directory default-directory)
            (,buffer (subr--temp-output-buffer ,bufname ,directory))
            (standard-output ,buffer))
       (prog1 (progn ,@body)
         (subr--show-temp-output-buffer ,buffer)))))

(defun subr--temp-output-buffer (name directory)
  "The buffer NAME emptied for `with-output-to-temp-buffer', in DIRECTORY."
  (let ((buffer (get-buffer-create name)))
    (save-current-buffer
      (set-buffer buffer)
      (kill-all-local-variables)
      ;; Output must get in even if the buffer was read-only or had
      ;; change hooks, and it is not worth undoing.
      (setq buffer-undo-list t
            buffer-read-only nil
            buffer-file-name nil
            default-directory directory)
      (let ((inhibit-modification-hooks t)
            (inhibit-read-only t))
        (erase-buffer)
        (run-hooks 'temp-buffer-setup-hook)))
    buffer))

(defun subr--show-temp-output-buffer (buffer)
  "Finish BUFFER of `with-output-to-temp-buffer'."
  (with-current-buffer buffer
    (goto-char (point-min))
    (run-hooks 'temp-buffer-show-hook)
    (set-buffer-modified-p nil)))

(defun subr--show-temp-message (text)
  "Show TEXT, if non-nil; return what to show afterwards: the message
shown before, as a list, or nil when TEXT is nil."
  (when text
    (prog1 (list (current-message))
      (message "%s" text))))

(defmacro with-temp-message (message &rest body)
  "Show MESSAGE (unless nil) while BODY runs, then the message shown
before it; the value is BODY's."
  (declare (indent 1))
  (let ((restore (make-symbol "restore")))
    `(let ((,restore (subr--show-temp-message ,message)))
       (unwind-protect (progn ,@body)
         (when ,restore
           (message (and (car ,restore) "%s") (car ,restore)))))))

(defun subr--repost-quit ()
  "Set `quit-flag' again, so that a quit caught where quitting was
allowed takes effect as soon as it is allowed outside; return nil."
  (setq quit-flag t)
  nil)

(defmacro with-local-quit (&rest body)
  "Run BODY with `inhibit-quit' nil; a quit in it makes the value nil."
  (declare (indent 0))
  `(condition-case nil
       (let ((inhibit-quit nil)) ,@body)
     (quit (subr--repost-quit))))

(defmacro while-no-input (&rest body)
  "Run BODY unless input arrives; in batch no input interrupts it, so
its value is BODY's."
  (declare (indent 0))
  `(progn ,@body))

(defmacro with-file-modes (modes &rest body)
  "Run BODY with `default-file-modes' MODES, as `set-default-file-modes' sets."
  (declare (indent 1))
  (let ((previous (make-symbol "previous")))
    ;; MODES is installed before the `unwind-protect', as nothing has
    ;; changed yet if computing or installing it fails.
    `(let ((,previous (prog1 (default-file-modes)
                        (set-default-file-modes ,modes))))
       (unwind-protect (progn ,@body)
         (set-default-file-modes ,previous)))))

;;; Progress reporters.  A reporter is (NEXT . [TIME MIN MAX MESSAGE
;;; MIN-CHANGE MIN-TIME SUFFIX]): NEXT the value worth the next report
;;; (for a spinning one, the index of its last pulse character), TIME
;;; when the next report may be shown (nil: always).

(defvar progress-reporter--pulse-characters ["-" "\\" "|" "/"]
  "Characters to use for pulsing progress reporters.")

(defun make-progress-reporter (message &optional min-value max-value
                                       current-value min-change min-time)
  "A reporter of progress from MIN-VALUE to MAX-VALUE (a spinning one when
either is nil), showing MESSAGE (\"...\" added after a letter or digit)
with a percentage, now and at changes of at least MIN-CHANGE percent
(default 1) at most every MIN-TIME seconds (default 0.2)."
  (when (string-match-p "[[:alnum:]]\\'" message)
    (setq message (concat message "...")))
  (setq min-time (or min-time 0.2))
  (let ((reporter (cons (or min-value 0)
                        (vector (and (>= min-time 0.02) (float-time))
                                min-value max-value message
                                (if min-change (max 1 (min 50 min-change)) 1)
                                min-time nil))))
    (progress-reporter-update reporter (or current-value min-value))
    reporter))

(defun progress-reporter-update (reporter &optional value suffix)
  "Report VALUE (or, for a spinning REPORTER, show SUFFIX or the string
VALUE) if it has moved far enough since the last report."
  (unless (and (numberp value) (< value (car reporter)))
    (progress-reporter-do-update reporter value suffix)))

(defun progress-reporter--make-due (parameters)
  "Let the next report of the reporter with PARAMETERS show at once, if
its reports are spaced in time at all."
  (when (aref parameters 0)
    (aset parameters 0 (float-time))))

(defun progress-reporter-force-update (reporter &optional value new-message suffix)
  "Report VALUE now, with NEW-MESSAGE from now on if non-nil."
  (let ((parameters (cdr reporter)))
    (progress-reporter--make-due parameters)
    (when new-message (aset parameters 3 new-message))
    (progress-reporter-do-update reporter value suffix)))

(defun progress-reporter--time-p (parameters)
  "Whether a report may be shown now; if so, when the next one may."
  (let ((due (aref parameters 0)))
    (or (null due)
        (and (time-less-p due nil)
             (aset parameters 0 (+ due (aref parameters 5)))))))

(defun progress-reporter--suffix (parameters suffix)
  "SUFFIX, kept for later reports, or the one kept before (or \"\")."
  (if suffix (aset parameters 6 suffix) (or (aref parameters 6) "")))

(defun progress-reporter-do-update (reporter value &optional suffix)
  "Show REPORTER's progress at VALUE if enough time has passed."
  (let* ((parameters (cdr reporter))
         (low (aref parameters 1))
         (high (aref parameters 2))
         (text (aref parameters 3))
         (show (progress-reporter--time-p parameters)))
    (if (and low high)
        (let* ((step (/ (- high low) 100.0))
               (percent (if (= high low) 0 (truncate (/ (- value low) step))))
               (next (min high (+ low (* step (+ percent (if show (aref parameters 4) 1)))))))
          (setcar reporter (if (integerp value) (ceiling next) next))
          (when show
            (setq suffix (progress-reporter--suffix parameters suffix))
            (if (> percent 0)
                (message "%s%d%% %s" text percent suffix)
              (message "%s %s" text suffix))))
      (when show
        (setq suffix (progress-reporter--suffix parameters (or suffix value)))
        (setcar reporter (mod (1+ (car reporter)) 4))
        (let ((message-log-max nil))
          (message "%s %s %s" text
                   (aref progress-reporter--pulse-characters (car reporter))
                   suffix))))))

(defun progress-reporter-done (reporter)
  "Show REPORTER's message followed by \"done\"."
  (message "%sdone" (aref (cdr reporter) 3)))

(defun subr--reporter-for (reporter-or-message total)
  "REPORTER-OR-MESSAGE, or a reporter made from that message counting
from 0 to TOTAL."
  (if (stringp reporter-or-message)
      (make-progress-reporter reporter-or-message 0 total)
    reporter-or-message))

(defmacro dotimes-with-progress-reporter (spec reporter-or-message &rest body)
  "As `dotimes' with SPEC (VAR COUNT [RESULT]), reporting each step to
REPORTER-OR-MESSAGE (a reporter, or a message to make one from 0 to COUNT).

\(fn (VAR COUNT [RESULT]) REPORTER-OR-MESSAGE BODY...)"
  (declare (indent 2))
  (let ((given (make-symbol "given")) (count (make-symbol "count"))
        (reporter (make-symbol "reporter")))
    ;; The reporter's form is evaluated before the count's, as in Emacs.
    `(let* ((,given ,reporter-or-message) (,count ,(nth 1 spec))
            (,reporter (subr--reporter-for ,given ,count)))
       (dotimes (,(car spec) ,count)
         ,@body
         (progress-reporter-update ,reporter (1+ ,(car spec))))
       (progress-reporter-done ,reporter)
       ,(nth 2 spec))))

(defmacro dolist-with-progress-reporter (spec reporter-or-message &rest body)
  "As `dolist' with SPEC (VAR LIST [RESULT]), reporting the count of
elements done to REPORTER-OR-MESSAGE (a reporter, or a message to make
one from 0 to LIST's length).

\(fn (VAR LIST [RESULT]) REPORTER-OR-MESSAGE BODY...)"
  (declare (indent 2))
  (let ((given (make-symbol "given")) (elements (make-symbol "elements"))
        (reporter (make-symbol "reporter")) (done (make-symbol "done")))
    `(let* ((,given ,reporter-or-message) (,elements ,(nth 1 spec))
            (,reporter (subr--reporter-for ,given (length ,elements)))
            (,done 0))
       (dolist (,(car spec) ,elements)
         ,@body
         (progress-reporter-update ,reporter (setq ,done (1+ ,done))))
       (progress-reporter-done ,reporter)
       ,(nth 2 spec))))

(defalias 'rplaca #'setcar)
(defalias 'rplacd #'setcdr)
(defalias 'store-match-data #'set-match-data)
(defalias 'flatten-list #'flatten-tree)
;; As in Emacs 28, the short names are aliases: (symbol-function 'string<)
;; is `string-lessp', and errors name the subr by its long name.
(defalias 'string= #'string-equal)
(defalias 'string< #'string-lessp)
(defalias 'string> #'string-greaterp)
(defalias 'sxhash #'sxhash-equal)

(defun recursion-depth ()
  "The depth of recursive edits: marrow has none, so 0."
  0)

(defun this-command-keys ()
  "The keys of the command being run: no command runs in batch."
  "")
(defun this-command-keys-vector ()
  "The keys of the command being run, as a vector."
  [])
(defun this-single-command-keys ()
  "The keys of the command being run, without prefix arguments."
  [])
(defun this-single-command-raw-keys ()
  "The keys of the command being run, untranslated."
  [])

(defun get-byte (&optional position string)
  "The byte at POSITION (default point) of STRING, or of the current
buffer when STRING is nil: an ASCII character or a raw byte."
  (let ((char (cond (string
                     (unless (natnump (or position 0))
                       (signal 'wrong-type-argument (list 'wholenump position)))
                     (unless (< (or position 0) (length string))
                       (signal 'args-out-of-range (list string position)))
                     (aref string (or position 0)))
                    ((and (null position) (= (point) (point-max))) 0)
                    (t (setq position (or position (point)))
                       (unless (and (>= position (point-min)) (< position (point-max)))
                         (signal 'args-out-of-range (list position (point-min) (point-max))))
                       (char-after position)))))
    (cond ((< char 128) char)
          ((or (and string (not (multibyte-string-p string)))
               (and (not string) (not enable-multibyte-characters)))
           char)
          ((>= char #x3fff80) (- char #x3fff00))
          (t (error "Not an ASCII nor an 8-bit character: %d" char)))))

(defun insert-byte (byte count &optional inherit)
  "Insert COUNT copies of BYTE, a raw byte when the buffer is multibyte
and BYTE is not ASCII; with INHERIT, inheriting text properties."
  (unless (fixnump byte) (signal 'wrong-type-argument (list 'fixnump byte)))
  (unless (<= 0 byte 255) (signal 'args-out-of-range (list byte 0 255)))
  (insert-char (if (and (>= byte 128) enable-multibyte-characters) (+ byte #x3fff00) byte)
               count inherit))

(defalias 'condition-case-no-debug #'condition-case-unless-debug)
(make-obsolete 'condition-case-no-debug 'condition-case-unless-debug "24.1")

(defmacro noreturn (form)
  "Evaluate FORM, which must exit non-locally: an error if it returns."
  `(prog1 ,form (error ,(format-message "Form marked with `noreturn' did return"))))

(defmacro 1value (form)
  "FORM, which always has the same value (a hint for coverage tools)."
  form)

(defvar delayed-warnings-list nil
  "Warnings to show later, each (TYPE MESSAGE LEVEL BUFFER-NAME) as
`display-warning' takes them.")

(defun delay-warning (type message &optional level buffer-name)
  "Queue a warning for `display-warning' to show later."
  (push (list type message level buffer-name) delayed-warnings-list))

(defun display-delayed-warnings ()
  "Show the warnings `delay-warning' queued, oldest first."
  (dolist (warning (nreverse delayed-warnings-list))
    (apply #'display-warning warning))
  (setq delayed-warnings-list nil))

(defun insert-into-buffer (buffer &optional start end)
  "Insert the current buffer's text from START to END (default all of
it) into BUFFER at its point."
  (let ((source (current-buffer)))
    (with-current-buffer buffer
      (insert-buffer-substring source start end))))

(defun subr-primitive-p (object)
  "Whether OBJECT is a primitive written in C."
  (subrp object))

(defconst listify-key-sequence-1 (logior 128 ?\M-\C-@)
  "What turns a string's meta character (128 and up) into a meta event.")

(defun listify-key-sequence (key)
  "The events of KEY, a string or vector, as a list; a string's
characters 128 and up are meta characters."
  (let (events)
    (dotimes (i (length key))
      (let ((event (aref key i)))
        (push (if (and (stringp key) (> event 127))
                  (logxor event listify-key-sequence-1)
                event)
              events)))
    (nreverse events)))

(defun eventp (object)
  "Whether OBJECT is an input event: a character, a non-keyword symbol,
or a list headed by a symbol."
  (and object
       (or (integerp object)
           (and (symbolp object) (not (keywordp object)))
           (and (consp object) (symbolp (car object))))))

(defun subr--point-position ()
  "A mouse position list for point in the selected window, which is
what a keyboard event stands for."
  (list (selected-window) (point) '(0 . 0) 0))

(defun event-start (event)
  "Where EVENT (a mouse event) started: its position list."
  (or (and (consp event) (nth 1 event)) (subr--point-position)))

(defun event-end (event)
  "Where EVENT (a mouse event) ended: its last position list (a drag
has two)."
  (let (last-position)
    (dolist (part (and (consp event) (cdr event)))
      (when (consp part) (setq last-position part)))
    (or last-position (subr--point-position))))

(defun event-click-count (event)
  "How many clicks EVENT is (1 for a non-mouse event)."
  (let ((clicks (and (consp event) (nth 2 event))))
    (if (integerp clicks) clicks 1)))

(defvar definition-prefixes (make-hash-table :test 'equal)
  "Hash table of definition prefixes, each to the files defining names
that start with it.")

(defun register-definition-prefixes (file prefixes)
  "Record that FILE defines names starting with PREFIXES."
  (let ((table definition-prefixes))
    (mapc (lambda (prefix)
            (puthash prefix (cons file (gethash prefix table)) table))
          prefixes))
  nil)

(defun undefined ()
  "Beep: the keys typed are bound to nothing."
  (interactive)
  (ding)
  (message "%s is undefined" (key-description (this-single-command-keys)))
  nil)

(defun user-original-login-name (&optional uid)
  "The login name of whoever ran this program (through sudo, the user
who ran sudo), or of UID."
  (or (and (null uid) (getenv "SUDO_USER")) (user-login-name uid)))

(defvar find-tag-default-function nil
  "A function to find the tag at point, or nil for the symbol at point.")

(defun find-tag-default-bounds ()
  "The bounds (START . END) of the symbol at point, or nil."
  (bounds-of-thing-at-point 'symbol))

(defun subr--tag-function ()
  "The function finding the tag at point in this buffer."
  (or find-tag-default-function (get major-mode 'find-tag-default-function)
      #'find-tag-default))

(defun find-tag-default ()
  "The tag at point (by default the symbol there), or nil."
  (let ((function (or find-tag-default-function
                      (get major-mode 'find-tag-default-function))))
    (if function
        (funcall function)
      (let ((bounds (find-tag-default-bounds)))
        (and bounds (buffer-substring-no-properties (car bounds) (cdr bounds)))))))

(defun find-tag-default-as-regexp ()
  "A regexp matching the tag at point literally, or nil."
  (let ((tag (funcall (subr--tag-function))))
    (and tag (regexp-quote tag))))

(defun find-tag-default-as-symbol-regexp ()
  "As `find-tag-default-as-regexp', matching whole symbols when the tag
is the symbol at point."
  (let ((regexp (find-tag-default-as-regexp)))
    (if (and regexp (eq (subr--tag-function) #'find-tag-default))
        (format "\\_<%s\\_>" regexp)
      regexp)))

(defun subst-char-in-string (fromchar tochar string &optional inplace)
  "STRING with each FROMCHAR replaced by TOCHAR: a copy, or STRING
itself, changed, when INPLACE."
  (let ((result (if inplace string (copy-sequence string))))
    (dotimes (i (length result) result)
      (when (eq (aref result i) fromchar)
        (aset result i tochar)))))

(defun buffer-narrowed-p ()
  "Whether the current buffer is narrowed."
  (/= (- (point-max) (point-min)) (buffer-size)))

(defun delete-backward-char (n &optional killflag)
  "Delete the N characters before point (after it if N is negative).
With N 1 and an active region, delete the region instead (see
`delete-active-region')."
  (interactive "p\nP")
  (unless (integerp n)
    (signal 'wrong-type-argument (list 'integerp n)))
  (unless (simple--delete-region-instead n)
    (delete-char (- n) killflag))
  nil)
(defalias 'backward-delete-char #'delete-backward-char)

(defun insert-buffer-substring-no-properties (buffer &optional start end)
  "Insert the text of BUFFER between START and END, without its properties."
  (let ((from (point)))
    (insert-buffer-substring buffer start end)
    (set-text-properties from (point) nil)))

(defun delete-and-extract-region (start end)
  "Delete the text between START and END and return it."
  (prog1 (buffer-substring start end)
    (delete-region start end)))

(defun subr--buffer-span (buffer start end)
  "The text of BUFFER (a buffer, its name, or nil: the current buffer)
from START to END (nil: the accessible text's start or end)."
  (with-current-buffer (cond ((null buffer) (current-buffer))
                             ((bufferp buffer) buffer)
                             ((get-buffer buffer))
                             (t (error "No buffer named %s" buffer)))
    (let ((from (or start (point-min))) (to (or end (point-max))))
      ;; Emacs names the bounds, not the buffer, when they are outside.
      (when (and (integer-or-marker-p from) (integer-or-marker-p to)
                 (not (<= (point-min) (min from to) (max from to) (point-max))))
        (signal 'args-out-of-range (list start end)))
      (buffer-substring-no-properties from to))))

(defun redisplay (&optional _force)
  "Update the display: there is none in batch; return t as Emacs does."
  t)

(defun ngettext (msgid msgid-plural n)
  "MSGID when N is 1, else MSGID-PLURAL (there are no translations)."
  (if (= n 1) msgid msgid-plural))

(defun compare-buffer-substrings (buffer1 start1 end1 buffer2 start2 end2)
  "Compare the text of BUFFER1 from START1 to END1 with that of BUFFER2
from START2 to END2 (a nil buffer is the current one, nil bounds the
accessible text's), ignoring case when `case-fold-search' is non-nil.
The value is 0 when they match, -N when the first is less after N-1
equal characters and N when it is greater."
  (let* ((fold (lambda (text) (if case-fold-search (downcase text) text)))
         (order (compare-strings
                 (funcall fold (subr--buffer-span buffer1 start1 end1)) nil nil
                 (funcall fold (subr--buffer-span buffer2 start2 end2)) nil nil)))
    (if (eq order t) 0 order)))

(defun subr--forward-runs (regexp n back-to-start)
  "Move over N runs REGEXP matches: forward to the Nth one's end, or
\(N negative) back to the -Nth one's start, BACK-TO-START moving from
where the backward search stops to the run's start.  At the buffer's
edge, stop there."
  (if (natnump n)
      (re-search-forward regexp nil 'move n)
    (dotimes (_ (- n))
      (when (re-search-backward regexp nil 'move)
        (funcall back-to-start)))))

(defun forward-whitespace (arg)
  "Move over ARG runs of blanks (a newline is a run of its own),
backward when ARG is negative."
  (interactive "^p")
  (subr--forward-runs "[ \t]+\\|\n" arg
                      (lambda ()
                        (unless (eq (char-after (match-beginning 0)) ?\n)
                          (skip-chars-backward " \t")))))

(defun forward-symbol (arg)
  "Move over ARG symbols (runs of word and symbol constituents),
backward when ARG is negative."
  (interactive "^p")
  (subr--forward-runs "\\(\\sw\\|\\s_\\)+" arg
                      (lambda () (skip-syntax-backward "w_"))))

(defun forward-same-syntax (&optional arg)
  "Move over ARG runs of characters of one syntax class, backward when
ARG is negative."
  (interactive "^p")
  (setq arg (or arg 1))
  (dotimes (_ (max 0 (- arg)))
    (skip-syntax-backward (char-to-string (char-syntax (char-before)))))
  (dotimes (_ (max 0 arg))
    (skip-syntax-forward (char-to-string (char-syntax (char-after))))))

(defvar page-delimiter "^\014" "A regexp matching where a page starts.")
;; Paragraphs and sentences (lisp/paragraphs.el): preloaded in Emacs.
(defvar paragraph-start "\f\\|[ \t]*$"
  "A regexp matching the start of a line that begins or separates paragraphs.")
(defvar paragraph-separate "[ \t\f]*$"
  "A regexp matching the start of a line that separates paragraphs.")
(put 'paragraph-start 'safe-local-variable #'stringp)
(put 'paragraph-separate 'safe-local-variable #'stringp)
(defvar paragraph-ignore-fill-prefix nil
  "Non-nil means the paragraph commands ignore `fill-prefix'.")
(defvar use-hard-newlines nil
  "Non-nil means only hard newlines (a `hard' property) end paragraphs.")
(make-variable-buffer-local (quote use-hard-newlines))
(defvar sentence-end-double-space t
  "Non-nil means a sentence ends with two spaces after its period.")
(defvar sentence-end-without-period nil
  "Non-nil means a sentence may end with two spaces and no period.")
(defvar sentence-end-without-space "\u3002\uff0e\uff1f\uff01"
  "The characters that end a sentence with no space after them.")
(defvar sentence-end nil
  "The regexp of a sentence's end, or nil for `sentence-end''s default.")
(put 'sentence-end 'safe-local-variable #'string-or-null-p)
(defvar sentence-end-base "[.?!\u2026\u203d][]\"'\u201d\u2019)}\u00bb\u203a]*"
  "The regexp of a sentence's end without the spaces after it.")
(dolist (f '(forward-paragraph backward-paragraph mark-paragraph kill-paragraph
             backward-kill-paragraph transpose-paragraphs start-of-paragraph-text
             end-of-paragraph-text sentence-end forward-sentence backward-sentence
             kill-sentence backward-kill-sentence mark-end-of-sentence
             transpose-sentences repunctuate-sentences forward-page backward-page))
  (autoload f "paragraphs"))
;; Abbrevs (lisp/abbrev.el): preloaded in Emacs.
(defvar local-abbrev-table nil
  "The buffer's abbrev table, or a list of them.")
(make-variable-buffer-local 'local-abbrev-table)
(dolist (f '(abbrev-table-get abbrev-table-put abbrev-get abbrev-put make-abbrev-table
             abbrev-table-p abbrev-table-empty-p clear-abbrev-table abbrev-table-name
             kill-all-abbrevs copy-abbrev-table define-abbrev define-global-abbrev
             define-mode-abbrev define-abbrev-table abbrev-symbol abbrev-expansion
             abbrev-insert expand-abbrev unexpand-abbrev abbrev-prefix-mark
             expand-region-abbrevs abbrev-mode add-abbrev add-mode-abbrev add-global-abbrev
             inverse-add-abbrev inverse-add-mode-abbrev inverse-add-global-abbrev
             insert-abbrev-table-description insert-abbrevs edit-abbrevs-mode
             prepare-abbrev-list-buffer list-abbrevs edit-abbrevs define-abbrevs
             edit-abbrevs-redefine read-abbrev-file quietly-read-abbrev-file
             write-abbrev-file abbrev-edit-save-to-file abbrev-edit-save-buffer))
  (autoload f "abbrev"))

(defun newline (&optional arg interactive)
  "Insert a newline, or as many as the raw prefix argument ARG says, as
typing RET does: with `self-insert-command', so that abbrevs expand and
auto-fill works, and, when INTERACTIVE, `post-self-insert-hook' runs
(which reindents in `electric-indent-mode').  The line after them is
indented to the left margin (unless a page starts there), and a line
they leave blank loses its whitespace when there is a left margin."
  (interactive "*P\np")
  (barf-if-buffer-read-only)
  (let ((count (prefix-numeric-value arg)))
    (when (< count 0)
      (error "Repetition argument has to be non-negative"))
    (let* ((page-start (and (bolp) (looking-at page-delimiter)))
           (before (point))
           (last-command-event ?\n)
           (margins (lambda () (subr--newline-margins before page-start))))
      (if interactive
          (let ((post-self-insert-hook (cons margins post-self-insert-hook)))
            (self-insert-command count))
        (let ((post-self-insert-hook (list margins)))
          (self-insert-command count)))))
  nil)

(defun subr--newline-margins (before page-start)
  "After newlines inserted at BEFORE: a blank line left there loses its
whitespace when there is a left margin, and the new line is indented
to the margin unless a page starts there (PAGE-START)."
  (save-excursion
    (goto-char before)
    (forward-line 0)
    (when (and (looking-at "[ \t]+$") (> (current-left-margin) 0))
      (delete-region (point) (line-end-position))))
  (unless page-start
    (move-to-left-margin nil t)))

(defun looking-back (regexp &optional limit greedy)
  "Whether the text before point, back to LIMIT at most, ends with a match
for REGEXP; the match data describe it.  GREEDY extends the match back
one character at a time, even past LIMIT, while REGEXP still matches
exactly up to point."
  (let* ((origin (point))
         (start (save-excursion
                  (and (re-search-backward (concat "\\(?:" regexp "\\)\\=") limit t)
                       (point)))))
    (when (and start greedy)
      (let ((to-origin (concat "\\(?:" regexp "\\)\\'")))
        (save-excursion
          (save-restriction
            (narrow-to-region (point-min) origin)
            (while (and (> start (point-min))
                        (progn (goto-char (1- start)) (looking-at to-origin)))
              (setq start (1- start)))
            (goto-char start)
            (looking-at to-origin)))))
    (and start t)))

(defun subr--replace-in-region (search-fn pattern replacement literal start end)
  "Replace the matches SEARCH-FN finds for PATTERN between START and END,
case counting; return how many there were, or nil for none.  As in
Emacs 28, END stays where it was while replacements change the text,
and an END before START is a search bound on the wrong side."
  (let ((start (or start (point)))
        (end (or end (point-max)))
        (count 0)
        (case-fold-search nil))
    (when (< start (point-min))
      (error "Start before start of buffer"))
    (when (> end (point-max))
      (error "End after end of buffer"))
    (save-excursion
      (goto-char start)
      (while (funcall search-fn pattern end t)
        (replace-match replacement t literal)
        (setq count (1+ count))))
    (and (> count 0) count)))

(defun replace-regexp-in-region (regexp replacement &optional start end)
  "Replace the matches for REGEXP between START (point) and END (point-max)
by REPLACEMENT, which may refer to groups; return the count, nil for none."
  (subr--replace-in-region #'re-search-forward regexp replacement nil start end))

(defun replace-string-in-region (string replacement &optional start end)
  "Replace the occurrences of STRING between START (point) and END
(point-max) by REPLACEMENT literally; return the count, nil for none."
  (subr--replace-in-region #'search-forward string replacement t start end))

(defmacro declare-function (&rest _) nil)

(defmacro defsubst (name args &rest body)
  "Define an inline function: in marrow, an ordinary function, with the
properties Emacs gives it for its byte compiler."
  (declare (indent defun))
  ;; A function the byte compiler optimizes in its own way must not
  ;; become inline.
  (let ((optimizer (get name 'byte-optimizer)))
    (when (and optimizer (not (eq optimizer 'byte-compile-inline-expand)))
      (error "`%s' is a primitive" name)))
  `(prog1 (defun ,name ,args ,@body)
     (eval-and-compile
       (function-put ',name 'speed '-1)
       (put ',name 'byte-optimizer 'byte-compile-inline-expand))))

;; Debian's Emacs 28 compiles its Lisp natively, into primitives,
;; except inline and generic functions, which stay byte code: a call
;; with the wrong number of arguments evaluates them first and names the
;; function by (REQUIRED . REQUIRED+OPTIONAL), as marrow's evaluator
;; does for functions so marked.
(dolist (f '(gv-deref autoloadp buffer-narrowed-p string-empty-p xor progress-reporter-update
             hash-table-keys hash-table-values
             looking-at-p string-join string-match-p string-to-list string-to-vector))
  (put f 'byte-optimizer 'byte-compile-inline-expand))
(defun marrow--byte-code-in-emacs (&rest functions)
  "Mark FUNCTIONS, generic or inline in Emacs 28, as byte code there."
  (dolist (f functions) (put f 'marrow--byte-code t)))

(defmacro defgroup (&rest _) nil)

;; What the byte compiler turns `defcustom', `defgroup', `defface' and
;; some `declare's into: calls of functions Emacs preloads, which
;; compiled files make as they load.

(defun purecopy (object)
  "OBJECT itself: marrow has no pure storage to copy it to."
  object)

(defun custom-declare-variable (symbol default doc &rest _args)
  "Make SYMBOL special, with the value of the form DEFAULT unless it has
a value; DOC is its documentation.  Returns SYMBOL."
  (put symbol 'standard-value (list default))
  (eval `(defvar ,symbol ,default ,@(and doc (list doc))) t)
  symbol)

(defun custom-declare-group (symbol _members doc &rest _args)
  "Record the customization group SYMBOL with documentation DOC."
  (when doc (put symbol 'group-documentation doc))
  symbol)

(defun custom-declare-face (face spec doc &rest _args)
  "Record the face FACE with its default SPEC and documentation DOC."
  (put face 'face-defface-spec spec)
  (when doc (put face 'face-documentation doc))
  face)

(defmacro defface (face spec doc &rest args)
  "Declare FACE, a face with default SPEC and documentation DOC."
  (declare (doc-string 3) (indent defun))
  `(custom-declare-face ',face ,spec ,doc ,@args))

(defmacro defcustom (symbol standard &optional doc &rest args)
  "Define SYMBOL as a user option.  Of the keywords, those that matter
without the Customize interface act as in Emacs: :type is kept, :safe
and :risky mark the variable for file-local use, and :local (t or
`permanent') makes it buffer-local."
  (let ((type (plist-get args :type)) (safe (plist-get args :safe))
        (risky (plist-get args :risky)) (local (plist-get args :local)))
    `(prog1 (defvar ,symbol ,standard ,doc)
       ,@(and type `((put ',symbol 'custom-type ,type)))
       ,@(and safe `((put ',symbol 'safe-local-variable ,safe)))
       ,@(and risky `((put ',symbol 'risky-local-variable ,risky)))
       ,@(and local
              `((let ((local ,local))
                  (when (memq local '(t permanent)) (make-variable-buffer-local ',symbol))
                  (when (eq local 'permanent) (put ',symbol 'permanent-local t))))))))

(defmacro defvar-local (symbol value &optional doc)
  "Define SYMBOL as a variable that is buffer-local whenever it is set."
  `(progn (defvar ,symbol ,value ,doc)
          (make-variable-buffer-local ',symbol)))

(defmacro setq-local (&rest pairs)
  "Give each VAR of PAIRS (VAR VALUE ...) a buffer-local binding, set to VALUE."
  (unless (= (% (length pairs) 2) 0)
    (error "PAIRS must have an even number of variable/value members"))
  (let ((forms nil))
    (while pairs
      (unless (symbolp (car pairs))
        (error "Attempting to set a non-symbol: %s" (car pairs)))
      (push `(set (make-local-variable ',(car pairs)) ,(cadr pairs)) forms)
      (setq pairs (cddr pairs)))
    (macroexp-progn (nreverse forms))))

(defmacro with-suppressed-warnings (_warnings &rest body)
  (declare (indent 1))
  `(progn ,@body))

(defun with-no-warnings (&rest body)
  "The value of the last of BODY: a function, as in Emacs, whose byte
compiler alone treats it specially."
  (car (last body)))

(defalias 'inline 'progn
  "Like `progn', but when compiled inline top-level function calls in body.
You don't need this.  (See bytecomp.el commentary for more details.)

\(fn BODY...)")

(defmacro eval-when-compile (&rest body)
  "BODY's value, computed when the form is expanded, as a constant: what
Emacs's interpreter does, marrow expanding each form once when it loads."
  (list 'quote (eval (cons 'progn body) t)))

(defmacro let-when-compile (bindings &rest body)
  "BODY expanded with BINDINGS, ((VAR VALUE)...), made dynamically for
the expansion, so that the `eval-when-compile' forms in BODY see them."
  (declare (indent 1))
  (if (null bindings)
      (macroexpand-all (macroexp-progn body))
    ;; Evaluated without lexical binding, the let binds dynamically.
    (eval `(let ((,(car (car bindings)) ',(eval (nth 1 (car bindings)) t)))
             (macroexpand-all '(let-when-compile ,(cdr bindings) ,@body)))
          nil)))

(defvar fill-column 70 "The column beyond which filling breaks lines.")

(defvar debugger 'debug
  "The function the evaluator calls for `debug-on-error'.  marrow's
`debug' writes batch Emacs's report: the error and the active calls.")

(autoload 'debug "debug")

(defun internal--format-docstring-line (string &rest objects)
  "STRING formatted with OBJECTS, then filled to `fill-column', for a line
of a generated docstring.  STRING may not contain a newline."
  (when (string-match-p "\n" string)
    (error "Unable to fill string containing newline: %S" string))
  (require 'subr-x)
  (string-fill (apply #'format string objects) fill-column))

(defmacro eval-and-compile (&rest body)
  "BODY's value, computed when the form is expanded, as a constant: what
Emacs's interpreter does, as `eval-when-compile'."
  (list 'quote (eval (cons 'progn body) lexical-binding)))

;;; ---- Evaluating buffers ----------------------------------------------
;; As in Emacs, the forms are read from the buffer itself, one at a time,
;; so what a form does to the buffer (or to point, in eval-buffer) shows
;; in what is read next; src/load.c runs them as `load' runs a file's.

(defvar load-read-function #'read
  "The function `eval-buffer' and `eval-region' read each form with.")

(defun internal--skip-blanks ()
  "Move point over whitespace and comments, as reading the next form
would."
  (skip-chars-forward " \t\n\f\r")
  (while (eq (char-after) ?\;)
    (forward-line 1)
    (skip-chars-forward " \t\n\f\r")))

(defun internal--next-form (buffer read-function)
  "The next form READ-FUNCTION reads from point in BUFFER, in a list;
nil at the end of its accessible text."
  (unless (buffer-live-p buffer)
    (error "Reading from killed buffer"))
  (with-current-buffer buffer
    (internal--skip-blanks)
    (and (< (point) (point-max))
         (list (funcall read-function buffer)))))

(defun internal--eval-forms (next printflag output name cookie)
  "Evaluate the forms NEXT returns, as `eval-buffer' does; with COOKIE,
lexically if the first line says so."
  (marrow--eval-text (save-excursion
                       (goto-char (point-min))
                       (buffer-substring-no-properties (point) (line-end-position)))
                     output printflag cookie next name))

(defun eval-region (start end &optional printflag read-function)
  "Evaluate the forms between START and END of the current buffer.
Their output goes to PRINTFLAG, and each value is printed there, when
it is non-nil; otherwise output is discarded.  Each form is read with
READ-FUNCTION, `load-read-function' if nil, and run with point where
it was before the reading."
  (interactive "r")
  (let* ((buffer (current-buffer))
         (from (copy-marker start))
         (read-function (or read-function load-read-function #'read))
         (next (lambda ()
                 (with-current-buffer buffer
                   (save-excursion
                     (save-restriction
                       (goto-char from)
                       (narrow-to-region (point-min) end)
                       (prog1 (internal--next-form buffer read-function)
                         (set-marker from (point)))))))))
    ;; As in Emacs, what the forms define is filed under the buffer's
    ;; file, and `current-load-list' names it to them.
    (internal--eval-forms next printflag (or printflag #'symbolp) buffer-file-name nil)))

(defun eval-buffer (&optional buffer printflag filename _unibyte do-allow-print)
  "Evaluate the accessible text of BUFFER (a buffer or its name; the
current one if nil) as Lisp code, lexically if its first line says
`lexical-binding: t' and dynamically otherwise.  Each form is read
with `load-read-function' and run with point after it.  PRINTFLAG is
as for `eval-region'; DO-ALLOW-PRINT lets output through to
`standard-output' when PRINTFLAG is nil.  What the forms define is
filed in `load-history' under FILENAME, the buffer's file if nil.  Return nil."
  (interactive "")
  (let ((buf (if buffer (get-buffer buffer) (current-buffer)))
        (read-function (or load-read-function #'read)))
    (unless buf (error "No such buffer"))
    (save-excursion
      (set-buffer buf)
      (goto-char (point-min))
      (internal--eval-forms (lambda () (internal--next-form buf read-function))
                            printflag
                            (if (or printflag do-allow-print) printflag #'symbolp)
                            (or filename buffer-file-name) t))))

;;; ---- The message log ------------------------------------------------
;; Emacs keeps every message as a line of *Messages*, batch mode too;
;; `message' (src/printer.c) hands each one to `marrow--log-message'.

(defun messages-buffer ()
  "The buffer `message' logs to, *Messages*, made if it is gone."
  (get-buffer-create "*Messages*"))

(defun current-message ()
  "The message the echo area shows: none in batch mode, so nil."
  nil)

(defun marrow--message-repeats (prev this)
  "What line THIS, just logged after line PREV, makes of PREV: 2 when
PREV is THIS, N+1 when PREV is THIS and \" [N times]\", 1 when PREV
differs from THIS after a \"...\" (a progress message THIS ends), else 0."
  (let ((same (compare-strings prev nil nil this nil nil)))
    (cond ((and (integerp same) (< (abs same) (1+ (length this))))
           (if (string-search "..." (substring prev 0 (1- (abs same)))) 1 0))
          ((= (length prev) (length this)) 2)
          (t (let ((n (save-match-data
                        (and (string-match "\\` \\[\\([0-9]+\\) times\\]\\'"
                                          (setq prev (substring prev (length this))))
                             (string-to-number (match-string 1 prev))))))
               (if (and n (> n 0)) (1+ n) 0))))))

(defun marrow--merge-repeated-line ()
  "Merge the last line of the log with the one before, as Emacs does."
  (let* ((this-start (progn (goto-char (point-max)) (forward-line -1) (point)))
         (prev-start (and (> this-start (point-min))
                          (progn (forward-line -1) (point))))
         (repeats (and prev-start
                       (marrow--message-repeats
                        (buffer-substring-no-properties prev-start (1- this-start))
                        (buffer-substring-no-properties this-start (1- (point-max)))))))
    (when (and repeats (> repeats 0))
      (delete-region prev-start this-start)
      (when (> repeats 1)
        (goto-char (1- (point-max)))
        (insert (format " [%d times]" repeats))))))

(defun marrow--log-message (text)
  "Append TEXT as a line of *Messages*, merged with the line before when
it repeats it, keeping the last `message-log-max' lines (all when t).
Point stays at the end when it was there."
  (when message-log-max
    (with-current-buffer (messages-buffer)
      (let ((at-end (= (point) (point-max))))
        (save-restriction
          (widen)
          (save-excursion
            (goto-char (point-max))
            (insert (substring-no-properties text) "\n")
            (marrow--merge-repeated-line)
            (when (natnump message-log-max)
              (goto-char (point-max))
              (forward-line (- message-log-max))
              (delete-region (point-min) (point)))))
        (when at-end
          (goto-char (point-max)))))))

;;; ---- The backtrace --------------------------------------------------

(defun backtrace-frame (nframes &optional base)
  "The call NFRAMES out from the innermost call of BASE (of
`backtrace-frame' itself if nil), as (t FUNCTION ARG-VALUES...); nil
past the outermost."
  (backtrace-frame--internal (lambda (evald function args _flags)
                               (cons evald (cons function args)))
                             nframes (or base 'backtrace-frame)))

(defun backtrace-frames (&optional base)
  "The calls from the innermost call of BASE (of `backtrace-frames'
itself if nil) outwards, each as (EVALD FUNCTION ARGS FLAGS)."
  ;; Frames come innermost first; they are appended at a tail pointer
  ;; to keep that order.
  (let* ((head (list nil))
         (tail head))
    (mapbacktrace (lambda (&rest frame)
                    (setq tail (setcdr tail (list frame))))
                  (or base 'backtrace-frames))
    (cdr head)))

(defun backtrace ()
  "Print the active calls to `standard-output', innermost first, one
\"  FUNCTION(ARGS...)\" line each; a form being evaluated (a special
form, a call whose arguments are not all evaluated yet) prints as
itself."
  (let ((print-level (or print-level 8))
        (print-escape-newlines t))
    (mapbacktrace (lambda (evald function args _flags)
                    (princ "  ")
                    (if (not evald)
                        (prin1 (cons function args))
                      (prin1 function)
                      (princ (if args (prin1-to-string args) "()")))
                    (terpri))
                  'backtrace))
  nil)

(defvar current-prefix-arg nil
  "The raw prefix argument of the command running now.")
(defvar prefix-arg nil
  "The raw prefix argument for the next command.")
(defvar command-history nil
  "The commands called interactively with a record flag, newest first,
as forms.")
(defvar history-length 100
  "How many elements a history list keeps (t: no limit).")
(defvar history-delete-duplicates nil
  "Non-nil: adding to a history list removes the older copies.")

(defvar subr--interactive-calls 0
  "How many calls of `funcall-interactively' are running.")

(defun funcall-interactively (function &rest args)
  "Call FUNCTION with ARGS as a command called interactively: within
it, `called-interactively-p' is non-nil."
  (let ((subr--interactive-calls (1+ subr--interactive-calls)))
    (apply function args)))

(defun call-interactively (function &optional record-flag keys)
  "Call the command FUNCTION with the arguments its interactive form
gives, by `funcall-interactively'.  Marrow runs as batch Emacs does:
codes that read use the minibuffer, which reads standard input."
  (unless (commandp function)
    (signal 'wrong-type-argument (list 'commandp function)))
  (callint--call function record-flag keys))

(defun called-interactively-p (&optional kind)
  "Whether the function that calls this was called interactively, by
`call-interactively' (through any advice on it).  With KIND
`interactive', always nil, as in batch Emacs."
  (and (> subr--interactive-calls 0)
       (not (eq kind 'interactive))
       (callint--called-interactively-p)))

;;; ---- Autoloads: files loaded on first use -------------------------
;; Emacs preloads or autoloads these; loading them at startup would
;; slow every run.

(defvar timer-list nil "Timers waiting to run, earliest first.")
(defvar timer-idle-list nil "Idle timers; batch Emacs is never idle.")
(dolist (f '(timerp timer-create timer-set-time timer-set-function timer-activate cancel-timer
             cancel-function-timers run-at-time run-with-timer run-with-idle-timer
             sit-for timer-event-handler timer-next-integral-multiple-of-time input-pending-p))
  (autoload f "timer"))
(autoload 'with-timeout "timer" nil nil 'macro)
;; Input events.  Batch has no keyboard: events come from
;; `unread-command-events', else from a line of standard input.
(defvar unread-command-events nil
  "Events to read before any other input, first first.")
(defvar pre-command-hook nil "Run before each command the command loop runs.")
(defvar post-command-hook nil "Run after each command the command loop runs.")

(defun subr--wait-for-event (seconds)
  "Wait up to SECONDS for an event to arrive in `unread-command-events',
running the timers that come due meanwhile."
  (let ((end (+ (float-time) seconds)))
    (while (and (not unread-command-events) (< (float-time) end))
      (sleep-for (min 0.01 (- end (float-time)))))))

(defun subr--next-event (prompt &optional seconds)
  "Take the next input event, or nil when SECONDS pass and none came.
Without SECONDS, a line of standard input (shown PROMPT) goes into
`unread-command-events' when none is pending.  An event there of the
form (t . EVENT) or (no-record . EVENT) is EVENT."
  (when inhibit-interaction
    (signal 'inhibited-interaction nil))
  (if seconds
      (subr--wait-for-event seconds)
    (unless unread-command-events
      (setq unread-command-events
            (append (read-from-minibuffer (or prompt "")) '(?\n)))))
  (let ((event (pop unread-command-events)))
    (if (memq (car-safe event) '(t no-record)) (cdr event) event)))

(defun read-event (&optional prompt _inherit-input-method seconds)
  "The next input event; nil when SECONDS pass without one."
  (subr--next-event prompt seconds))

(defun read-char (&optional prompt _inherit-input-method seconds)
  "The next input event, which must be a character; nil when SECONDS
pass without one."
  (let ((event (subr--next-event prompt seconds)))
    (unless (or (characterp event) (and seconds (null event)))
      ;; As in Emacs, the event is left to read again, alone.
      (setq unread-command-events (list event))
      (error "Non-character input-event"))
    event))

(defun read-char-exclusive (&optional prompt _inherit-input-method seconds)
  "The next input event that is a character, the others dropped; nil
when SECONDS pass without one."
  (let ((end (and seconds (+ (float-time) seconds)))
        event)
    (while (not (or (characterp (setq event (subr--next-event
                                              prompt (and end (max 0 (- end (float-time)))))))
                    (and end (null event)))))
    event))

(defvar subr--lossage-size 300
  "How many recent input events `recent-keys' would keep.")

(defun lossage-size (&optional size)
  "Make the record of recent keystrokes hold SIZE events (at least 100);
return the size now."
  (when size
    (unless (natnump size)
      (user-error "Value must be a positive integer"))
    (when (< size 100)
      (user-error "Value must be >= 100"))
    (setq subr--lossage-size size))
  subr--lossage-size)

(defun read-passwd (prompt &optional confirm default)
  "Read a password with PROMPT, DEFAULT when the answer is empty.  With
CONFIRM, read it twice until both readings agree.  Batch has no
minibuffer to hide the input in: it is read as `read-string' reads."
  (if (not confirm)
      (read-string prompt nil t default)
    (catch 'agreed
      (while t
        (let ((answer (read-passwd prompt nil default)))
          (when (equal answer (read-passwd "Confirm password: " nil default))
            (throw 'agreed answer))
          (message "Password not repeated accurately; please start over")
          (sit-for 1))))))
(dolist (f '(ask-user-about-lock ask-user-about-supersession-threat
             userlock--ask-user-about-supersession-threat))
  (autoload f "userlock"))
;; Windows and the frame (window.el); window.c makes the objects.
(defvar window-min-height 4 "The fewest lines a window may be split to.")
(defvar window-min-width 10 "The fewest columns a window may be split to.")
(defvar window-safe-min-height 1 "The fewest lines a window may ever have.")
(defvar window-safe-min-width 2 "The fewest columns a window may ever have.")
(defvar next-screen-context-lines 2 "The lines a screenful's scroll keeps in view.")
(defvar window-system nil "nil: the frame is a terminal's.")
(defvar initial-window-system nil "nil: Emacs started without a window system.")
(defvar window-point-insertion-type nil "The insertion type of window points.")
(defvar display-buffer-alist nil "(CONDITION . ACTION) entries for `display-buffer'.")
(defvar display-buffer-overriding-action '(nil . nil)
  "An action `display-buffer' tries before any other.")
(defvar display-buffer-base-action '(nil . nil)
  "An action `display-buffer' tries after the caller's.")
(dolist (f '(bury-buffer recenter pos-visible-in-window-p display-buffer-same-window
             display-buffer-reuse-window display-buffer-pop-up-window
             display-buffer-use-some-window display-buffer-no-window
             quit-window quit-restore-window))
  (autoload f "window"))
(dolist (f '(window-live-p window-valid-p frame-live-p
             window-normalize-window window-normalize-frame
             window-normalize-buffer selected-window minibuffer-window
             frame-root-window frame-selected-window frame-first-window
             window-frame frame-parameters frame-parameter
             modify-frame-parameters set-frame-parameter frame-width
             frame-text-cols frame-total-cols frame-height frame-text-lines
             frame-total-lines frame-visible-p frame-char-width
             frame-char-height window-system display-graphic-p window-buffer
             window-parent window-child window-top-child window-left-child
             window-next-sibling window-right window-prev-sibling window-left
             window-list window-list-1 next-window previous-window
             other-window one-window-p walk-windows get-buffer-window
             get-buffer-window-list window-minibuffer-p
             minibuffer-selected-window active-minibuffer-window minibufferp
             window-use-time get-lru-window get-mru-window get-largest-window
             window-dedicated-p set-window-dedicated-p window-parameters
             window-parameter set-window-parameter window-prev-buffers
             set-window-prev-buffers window-next-buffers
             set-window-next-buffers window-point set-window-point
             window-start set-window-start window-end window-old-point
             window-hscroll window-vscroll window-margins window-fringes
             window-display-table window-total-height window-total-width
             window-total-size window-height window-body-height
             window-body-width window-width window-text-width
             window-text-height window-body-size window-max-chars-per-line
             window-left-column window-top-line window-edges
             window-pixel-edges window-absolute-pixel-edges window-body-edges
             window-inside-edges window-inside-pixel-edges
             window-body-pixel-edges window-inside-absolute-pixel-edges
             window-absolute-body-pixel-edges window-normal-size window-tree
             window-combinations window-combination-limit set-window-combination-limit
             window-scroll-bars window-state-get window-state-put
             window-atom-root window-make-atom display-buffer-in-atom-window
             window-full-height-p window-full-width-p select-window
             set-frame-selected-window set-window-buffer
             set-window-buffer-start-and-point unrecord-window-buffer
             switch-to-prev-buffer replace-buffer-in-windows window-deletable-p
             window--replace-buffer-for-kill
             display-buffer-in-previous-window
             window-normalize-buffer-to-switch-to display-buffer
             pop-to-buffer pop-to-buffer-same-window switch-to-buffer
             switch-to-buffer-other-window split-window split-window-below
             split-window-vertically split-window-right
             split-window-horizontally delete-window delete-other-windows
             delete-windows-on current-window-configuration
             set-window-configuration window-min-size window-max-delta
             window-min-delta window-resizable window-resizable-p
             window-resize enlarge-window shrink-window
             enlarge-window-horizontally shrink-window-horizontally
             maximize-window minimize-window balance-windows
             fit-window-to-buffer shrink-window-if-larger-than-buffer
             window-combined-p other-window-for-scrolling scroll-other-window
             scroll-other-window-down window-main-window window-with-parameter
             display-buffer-in-side-window window-toggle-side-windows scroll-up scroll-down move-to-window-line
             scroll-up-command scroll-down-command scroll-left scroll-right
             set-window-hscroll
             make-frame make-frame-command next-frame previous-frame
             select-frame visible-frame-list other-frame delete-frame))
  (autoload f "window"))
;; Emacs's C variables, special before window.el is loaded.
(defvar ignore-window-parameters nil
  "Non-nil: splitting and deleting windows disregard their parameters.")
(defvar window-persistent-parameters (list (cons 'clone-of t))
  "Window parameters that window states and configurations keep.")
(defvar even-window-sizes t
  "Whether `display-buffer' evens the sizes of the window it reuses and
the selected one: t, `height-only', `width-only' or nil.")
(defvar window-sides-vertical nil
  "Non-nil: the left and right side windows span the frame's height, the
top and bottom ones only the width between them; nil: the other way.")
(defvar window-sides-slots '(nil nil nil nil)
  "How many slots the left, top, right and bottom sides may have, nil
for any number.")
(defvar window-combination-limit nil
  "t: splitting a window always makes it a new combination.")
(defvar window-combination-resize nil
  "Whether splitting, deleting and resizing a window take or give room
from all the windows of its combination (t), or from the window itself
or its neighbor (nil); `side' and `atom' as `display-buffer' uses them.")
(autoload 'save-selected-window "window" nil nil 'macro)
(autoload 'with-selected-window "window" nil nil 'macro)
(autoload 'save-window-excursion "window" nil nil 'macro)
(autoload 'regexp-opt "regexp-opt")
(autoload 'regexp-opt-charset "regexp-opt")
(autoload 'regexp-opt-depth "regexp-opt")
(autoload 'subregexp-context-p "regexp-opt")
;; Autoloaded in Emacs, the rx pcase pattern included.
(autoload 'rx "rx" nil nil 'macro)
(autoload 'rx-let "rx" nil nil 'macro)
(autoload 'rx-let-eval "rx" nil nil 'macro)
(autoload 'rx-define "rx" nil nil 'macro)
(autoload 'rx-to-string "rx")
(autoload 'rx--pcase-macroexpander "rx")
(put 'rx 'pcase-macroexpander #'rx--pcase-macroexpander)
(autoload 'truncate-string-to-width "mule-util")
(autoload 'format-spec "format-spec")
(autoload 'read-multiple-choice "rmc")
;; Autoloaded in Emacs.
(autoload 'time-stamp "time-stamp" nil t)
(autoload 'time-stamp-toggle-active "time-stamp" nil t)
(autoload 'substitute-env-vars "env")
(autoload 'substitute-env-in-file-name "env")
(autoload 'with-environment-variables "env" nil nil 'macro)
(autoload 'pp "pp")
(autoload 'pp-to-string "pp")
(autoload 'truncate-string-ellipsis "mule-util")
(autoload 'filepos-to-bufferpos "mule-util")
(autoload 'bufferpos-to-filepos "mule-util")
;; category.c's functions, in Lisp (lisp/category.el).
(dolist (f '(category-table-p make-category-table standard-category-table category-table
             set-category-table define-category category-docstring get-unused-category
             make-category-set category-set-mnemonics char-category-set
             modify-category-entry copy-category-table))
  (autoload f "category"))
;; Preloaded in Emacs: the code it compiles `cl-defstruct' to calls it.
(autoload 'cl-struct-define "cl-lib")
;; What `cl-pushnew' above expands to for keys or a place not a variable.
(autoload 'cl-adjoin "cl-lib")
(autoload 'cl-callf2 "cl-lib" nil nil 'macro)
(autoload 'cl-defgeneric "cl-generic" nil nil 'macro)
(autoload 'cl-generic-define "cl-generic")
(autoload 'cl-generic-define-method "cl-generic")
(autoload 'cl-defmethod "cl-generic" nil nil 'macro)
(autoload 'if-let "subr-x" nil nil 'macro)
(autoload 'string-clean-whitespace "subr-x")
(autoload 'replace-region-contents "subr-x")
(autoload 'string-truncate-left "subr-x")
(autoload 'let-alist "let-alist" nil nil 'macro)
(autoload 'when-let "subr-x" nil nil 'macro)
;; seq.el's autoloaded functions in Emacs 28, usable without require.
(dolist (f '(seq-every-p seq-filter seq-find seq-group-by seq-intersection seq-max
             seq-position seq-random-elt seq-reduce seq-remove seq-some seq-sort-by
             seq-subseq seq-take seq-union seq-uniq))
  (autoload f "seq"))
(autoload 'make-ring "ring")
(autoload 'ring-p "ring")
(autoload 'ert-deftest "ert" nil nil 'macro)
(autoload 'ert-run-tests-batch "ert")
(autoload 'ert-run-tests-batch-and-exit "ert")
;; Preloaded in Emacs with the rest of cl-generic.
(dolist (f '(cl-find-method cl-generic-apply cl-generic-p cl-method-qualifiers))
  (autoload f "cl-generic"))
(dolist (f '(upcase-word downcase-word capitalize-word forward-word backward-word
             subst-char-in-region translate-region))
  (autoload f "casefiddle"))
(dolist (f '(upcase-region downcase-region capitalize-region upcase-initials-region
             upcase-dwim downcase-dwim capitalize-dwim))
  (autoload f "casefiddle" nil t))
(defvar text-property-default-nonsticky
  '((syntax-table . t) (display . t) (composition . t) (cursor . t))
  "Alist of (PROPERTY . NONSTICKINESS): text inserted after a character
does not inherit its PROPERTY when NONSTICKINESS is non-nil.")

;; Text-property functions Emacs writes in C (lisp/textprops.el).
(dolist (f '(next-single-char-property-change previous-single-char-property-change
             get-pos-property insert-and-inherit insert-before-markers-and-inherit
             add-face-text-property field-beginning field-end field-string
             field-string-no-properties delete-field constrain-to-field invisible-p
             add-to-invisibility-spec remove-from-invisibility-spec))
  (autoload f "textprops"))
(defvar inhibit-field-text-motion nil
  "Non-nil means text motion commands ignore fields.")
;; The mark, the kill ring and editing commands (lisp/simple.el):
;; preloaded in Emacs, so their variables exist from the start.
(dolist (f '(emacs-version mark-marker mark activate-mark deactivate-mark set-mark push-mark
             push-mark-command move-beginning-of-line move-end-of-line
             pop-mark exchange-point-and-mark region-active-p use-region-p region-beginning
             region-end mark-whole-buffer beginning-of-buffer end-of-buffer goto-line
             kill-new kill-append current-kill filter-buffer-substring copy-region-as-kill
             kill-ring-save kill-region kill-line kill-word backward-kill-word
             remove-yank-excluded-properties insert-for-yank yank move-to-column indent-to
             current-indentation back-to-indentation indent-line-to backward-to-indentation
             indent-rigidly file-size-human-readable file-size-human-readable-iec barf-if-buffer-read-only
             delete-horizontal-space cycle-spacing just-one-space fixup-whitespace
             delete-blank-lines delete-trailing-whitespace indent-according-to-mode indent-region
             indent-region-line-by-line
             yank-handle-font-lock-face-property yank-handle-category-property
             undo undo-only undo-redo undo-more undo-start primitive-undo buffer-disable-undo
             undo-make-selective-list undo-elt-in-region undo-elt-crosses-region undo-delta
             undo-adjust-elt undo-adjust-beg-end undo-adjust-pos undo-outer-limit-truncate
             transient-mark-mode current-left-margin open-line delete-indentation
             forward-word-strictly backward-word-strictly count-words zap-to-char
             zap-up-to-char simple--delete-region-instead simple--current-column
             simple--count-visible-lines
             region-bounds region-noncontiguous-p current-word word-search-regexp
             kill-forward-chars kill-backward-chars prepare-change-group activate-change-group
             accept-change-group cancel-change-group))
  (autoload f "simple"))
(autoload 'atomic-change-group "simple" nil nil 'macro)
(autoload 'save-mark-and-excursion "simple" nil nil 'macro)
(dolist (f '(help-mode-setup help-mode-finish)) (autoload f "help-mode"))
(dolist (f '(count-words-region word-search-forward word-search-backward
             word-search-forward-lax word-search-backward-lax kill-whole-line
             transpose-chars transpose-lines append-to-buffer prepend-to-buffer
             copy-to-buffer insert-buffer split-line what-line count-lines-region
             join-line mark-word read-only-mode kill-current-buffer))
  (autoload f "simple" nil t))
(autoload 'undo-amalgamate-change-group "simple")
(autoload 'delete-forward-char "simple" nil t)
(autoload 'tabify "tabify" nil t)

;; `message' (printer.c) writes nothing while this is set.
(defvar inhibit-message nil
  "Non-nil means `message' shows nothing; it still logs to *Messages*.")

;;; Lisp indentation (lisp-mode.el); its variables and the methods of
;;; the forms Emacs has loaded are here, as Emacs preloads them.
(dolist (f '(lisp-indent-line indent-sexp indent-pp-sexp))
  (autoload f "lisp-mode" nil t))
(dolist (f '(calculate-lisp-indent lisp-indent-region lisp-indent-function
             lisp-fill-paragraph))
  (autoload f "lisp-mode"))

(defcustom lisp-indent-offset nil
  "When non-nil, the columns past an open paren that its later lines get."
  :type '(choice (const nil) integer))

(defcustom lisp-body-indent 2
  "How far the body of a special form is indented past its paren."
  :type 'integer)

(defvar lisp-indent-function #'lisp-indent-function
  "The function that picks the indentation of a line from its list's head.")

(defcustom emacs-lisp-docstring-fill-column 65
  "The fill column for strings, docstrings included, in Lisp modes."
  :type 'integer)

(defvar-local comment-column 32
  "The column a comment on a line of code starts at.")
(defvar comment-start nil
  "The text that starts a comment in the current mode, or nil.")
(defvar comment-start-skip nil
  "A regexp matching the start of a comment and the blanks after it.")
(defvar comment-end ""
  "The text that ends a comment in the current mode.")

;; The `lisp-indent-function' of each form with one in Emacs 28 -Q, by
;; method; a library that defines a form declares its own.
(dolist (group '((0
                     atomic-change-group benchmark-progn combine-after-change-calls
                     delay-mode-hooks dont-compile eval-and-compile eval-when-compile
                     ignore-errors inline progn replace--push-stack save-current-buffer
                     save-excursion save-mark-and-excursion save-match-data save-restriction
                     save-selected-window save-window-excursion track-mouse while-no-input
                     with-auto-compression-mode with-existing-directory with-local-quit
                     with-minibuffer-selected-window with-no-warnings with-output-to-string
                     with-silent-modifications with-temp-buffer)
                 (1
                     benchmark-run benchmark-run-compiled catch cl--generic-with-memoization
                     cl-generic-define-generalizer def-edebug-elem-spec def-edebug-spec
                     define-generic-mode define-ibuffer-sorter dlet dolist dotimes
                     easy-mmode-defmap easy-mmode-defsyntax eval-after-load
                     gv-define-expander handler-bind handler-case ignore-error let let*
                     let-alist let-when-compile letrec macroexp--accumulate
                     minibuffer-with-setup-hook pcase pcase-dolist pcase-exhaustive
                     pcase-let pcase-let* prog1 report-errors rx-let rx-let-eval unless
                     unwind-protect when when-let while with-case-table with-category-table
                     with-coding-priority with-current-buffer with-demoted-errors
                     with-environment-variables with-eval-after-load with-file-modes
                     with-help-window with-mutex with-output-to-temp-buffer
                     with-selected-frame with-selected-window with-suppressed-warnings
                     with-syntax-table with-temp-file with-temp-message with-timeout
                     with-window-non-dedicated)
                 (2
                     bindings--define-key cl-defgeneric combine-change-calls
                     comment-with-narrowing condition-case condition-case-no-debug
                     condition-case-unless-debug defadvice define-advice
                     define-ibuffer-filter define-ibuffer-op defmacro defun
                     dolist-with-progress-reporter dotimes-with-progress-reporter
                     eldoc--documentation-strategy-defcustom ert-deftest gv-define-setter
                     gv-letplace if if-let macroexp-let2* pcase-defmacro prog2
                     with-wrapper-hook)
                 (3
                     macroexp-let2 with-current-buffer-window with-displayed-buffer-window
                     with-temp-buffer-window)
                 (defun
                     autoload cl-defmethod cl-generic-define-context-rewriter
                     define-ibuffer-column define-inline easy-menu-define
                     isearch-define-mode-toggle lambda pcase-lambda rx-define
                     transient-append-suffix transient-insert-suffix transient-remove-suffix
                     transient-replace-suffix)))
  (dolist (name (cdr group))
    (unless (function-get name 'lisp-indent-function)
      (put name 'lisp-indent-function (car group)))))

;;; Filling (fill.el); its variables are here, preloaded as in Emacs.
(dolist (f '(fill-paragraph fill-region fill-region-as-paragraph center-line
             center-region center-paragraph justify-current-line
             canonically-space-region set-fill-prefix set-fill-column))
  (autoload f "fill" nil t))
(dolist (f '(fill-context-prefix current-justification current-fill-column
             fill-nobreak-p fill-common-string-prefix do-auto-fill fill-forward-paragraph
             unjustify-current-line))
  (autoload f "fill"))
(autoload 'default-indent-new-line "fill" nil t)
(defvar fill-indent-according-to-mode nil
  "Non-nil: filling indents new lines as the mode does, rather than
with a prefix of blanks only.")
;; Filling marks the blanks it removes next to CJK text on the line break
;; (`fill-space'); text inserted after the break does not take it.
(push '(fill-space . t) text-property-default-nonsticky)
;;; Indentation commands (indent.el); its variables are here,
;;; preloaded as in Emacs (which provides no `indent' feature).
(dolist (f '(indent-for-tab-command tab-to-tab-stop move-to-tab-stop
             indent-relative indent-relative-first-indent-point
             indent-rigidly-left indent-rigidly-right
             indent-rigidly-left-to-tab-stop indent-rigidly-right-to-tab-stop
             indent-code-rigidly beginning-of-line-text set-left-margin
             set-right-margin increase-left-margin decrease-left-margin
             increase-right-margin decrease-right-margin forward-to-indentation))
  (autoload f "indent" nil t))
(dolist (f '(indent-next-tab-stop indent-accumulate-tab-stops insert-tab
             indent-to-left-margin indent-relative-maybe
             delete-to-left-margin))
  (autoload f "indent"))
(defcustom tab-stop-list nil
  "The columns of the tab stops of `tab-to-tab-stop', in increasing
order; past the last, more stops follow as far apart as the last two
\(`tab-width' apart when there are fewer than two).  nil means a stop
every `tab-width' columns."
  :type '(repeat integer)
  :safe 'listp)
(defcustom standard-indent 4
  "How many columns the margin commands move a margin by default."
  :type 'integer)
(defcustom tab-always-indent t
  "What TAB (`indent-for-tab-command') does: t, always indent the line;
nil, indent only when point is in the indentation, else insert a tab;
`complete', indent, and complete when the line was already indented."
  :type '(choice (const t) (const nil) (const complete)))
(defcustom tab-first-completion nil
  "When the first TAB may complete, `tab-always-indent' being `complete':
nil, always; `eol', at the end of a line; `word', unless a word
character follows; `word-or-paren', unless one or a parenthesis does;
`word-or-paren-or-punct', unless one of those or punctuation does."
  :type '(choice (const nil) (const eol) (const word) (const word-or-paren)
                 (const word-or-paren-or-punct)))
;;; Trees of files and links (files-fns.el); its variables are here,
;;; preloaded as in Emacs.
(defvar completion-ignored-extensions
  '(".o" "~" ".bin" ".lbin" ".so" ".a" ".ln" ".blg" ".bbl" ".elc" ".lof"
    ".glo" ".idx" ".lot" ".svn/" ".hg/" ".git/" ".bzr/" "CVS/" "_darcs/"
    "_MTN/" ".fmt" ".tfm" ".class" ".fas" ".lib" ".mem" ".x86f" ".sparcf"
    ".dfsl" ".pfsl" ".d64fsl" ".p64fsl" ".lx64fsl" ".lx32fsl" ".dx64fsl"
    ".dx32fsl" ".fx64fsl" ".fx32fsl" ".sx64fsl" ".sx32fsl" ".wx64fsl"
    ".wx32fsl" ".fasl" ".ufsl" ".fsl" ".dxl" ".lo" ".la" ".gmo" ".mo"
    ".toc" ".aux" ".cp" ".fn" ".ky" ".pg" ".tp" ".vr" ".cps" ".fns" ".kys"
    ".pgs" ".tps" ".vrs" ".pyc" ".pyo")
  "Endings of the file names `file-name-completion' passes over while
other names complete the same text.  An ending with a final slash is
for directories, the others for files.")
(defvar copy-directory-create-symlink nil
  "Non-nil: `copy-directory' of a symbolic link to a directory makes a
link with the same target instead of copying what it leads to.")
(defvar locate-dominating-stop-dir-regexp
  "\\`\\(?:[\\/][\\/][^\\/]+[\\/]\\|/\\(?:net\\|afs\\|\\.\\.\\.\\)/\\)\\'"
  "Directories `locate-dominating-file' does not look into or above:
network shares, where looking can be slow.")
(autoload 'copy-directory "files-fns" nil t)
(dolist (f '(directory-files-recursively file-chase-links locate-dominating-file
             file-in-directory-p file-equal-p file-expand-wildcards wildcard-to-regexp))
  (autoload f "files-fns"))
;;; The cache of syntax-ppss (syntax.el); its variables are here,
;;; preloaded as in Emacs.
(defvar syntax-ppss-max-span 20000
  "How sparse the checkpoints `syntax-ppss' keeps are: the long-range
ones are a twentieth of this many characters apart.")
(defvar syntax-begin-function nil
  "Obsolete: a function moving point back, out of any string, comment
or list, to a place whose parse state is that of `point-min'.")
(defvar-local syntax-ppss-table nil
  "The syntax table `syntax-ppss' parses with, or nil for the buffer's.")
(defvar-local syntax-ppss-wide nil
  "The cache of `syntax-ppss' when the accessible part starts at 1:
\(LAST . CACHE), LAST the (POS . STATE) used last, CACHE a list of
\(POS . STATE) with POS decreasing.")
(defvar-local syntax-ppss-narrow nil
  "Like `syntax-ppss-wide', for a buffer whose accessible part starts
at `syntax-ppss-narrow-start'.")
(defvar-local syntax-ppss-narrow-start nil
  "Where the accessible part began when `syntax-ppss-narrow' was made.")
;;; Word boundaries in regexps (\\b \\< \\>) between two scripts or within one.
(defvar word-combining-categories '((nil . ?^) (?^ . nil) (?C . ?H) (?C . ?K))
  "Pairs (CAT1 . CAT2) of categories joining words of different scripts.
Word characters of two scripts are two words, except when the first has
category CAT1 and the second category CAT2; nil stands for any character.")
(defvar word-separating-categories '((?H . ?K))
  "Pairs (CAT1 . CAT2) of categories parting words of one script.
A word character with CAT1 but not CAT2 followed by one with CAT2 but not
CAT1 ends a word, although both are of the same script.")
;;; Editing file-local variables (files-x.el) and the apropos commands
;;; apropos.el lacked: autoloaded, as in Emacs.
(dolist (f '(add-file-local-variable delete-file-local-variable
             add-file-local-variable-prop-line delete-file-local-variable-prop-line
             apropos-library apropos-local-value))
  (autoload f (if (memq f '(apropos-library apropos-local-value)) "apropos" "files-x")
    nil t))
;;; Comments (newcomment.el); its variables are here, preloaded as in Emacs.
(dolist (f '(comment-region uncomment-region comment-or-uncomment-region
             comment-dwim comment-indent comment-kill comment-line comment-box
             comment-indent-new-line comment-set-column))
  (autoload f "newcomment" nil t))
(dolist (f '(comment-normalize-vars comment-string-strip comment-padright
             comment-padleft comment-search-forward comment-search-backward
             comment-beginning comment-forward comment-only-p
             comment-indent-default comment-choose-indent comment-region-default
             uncomment-region-default lisp-comment-indent
             fill-comment-paragraph))
  (autoload f "newcomment"))
(defvar comment-use-syntax 'undecided
  "Whether the syntax table decides what a comment is.
`undecided' until the comment commands find out for the buffer.")
(make-variable-buffer-local 'comment-use-syntax)
(defvar comment-end-skip nil
  "A regexp matching the end of a comment and the blanks before it.")
(make-variable-buffer-local 'comment-end-skip)
(defvar comment-continue nil
  "What starts the lines inside a comment spanning several lines.
Nil means it is made from `comment-start'.")
(defcustom comment-fill-column nil
  "The column comments are filled to; nil means `fill-column'."
  :type '(choice (const nil) integer))
(defvar comment-indent-function #'comment-indent-default
  "Function giving the column of the comment at point, called with
point at the comment's start.  Nil from it means indent the line as
the mode does; a cons (MIN . MAX) gives the acceptable range.")
(defvar comment-insert-comment-function nil
  "When non-nil, what `comment-dwim' calls to add a comment on an empty line.")
(defvar comment-region-function #'comment-region-default
  "The function `comment-region' hands its work to.")
(defvar uncomment-region-function #'uncomment-region-default
  "The function `uncomment-region' hands its work to.")
(defvar comment-add 0
  "How many more comment characters than one a region comment starts with.
Only for modes whose comments start with a single character.")
(make-variable-buffer-local 'comment-add)
(defconst comment-styles
  '((plain      nil nil nil nil "Start in column 0 (do not indent), as in Emacs-20")
    (indent-or-triple nil nil nil multi-char
                  "Start in column 0, but only for single-char starters")
    (indent     nil nil nil t "Full comment per line, ends not aligned")
    (aligned    nil t   nil t "Full comment per line, ends aligned")
    (box        nil t   t   t "Full comment per line, ends aligned, + top and bottom")
    (extra-line t   nil t   t "One comment for all lines, end on a line by itself")
    (multi-line t   nil nil t "One comment for all lines, end on last commented line")
    (box-multi  t   t   t   t "One comment for all lines, + top and bottom"))
  "The comment styles: (STYLE MULTI ALIGN EXTRA-LINES INDENT DOC).")
(defcustom comment-style 'indent
  "The style `comment-region' comments with: a key of `comment-styles'."
  :type 'symbol)
(defcustom comment-padding " "
  "What goes between a comment starter and the text (and before the ender).
An integer means that many spaces."
  :type '(choice string integer (const nil)))
(defcustom comment-inline-offset 1
  "The least number of spaces between code and a comment after it."
  :type 'integer)
(defcustom comment-multi-line nil
  "Non-nil means \\[comment-indent-new-line] continues a comment rather
than closing it and starting another."
  :type 'boolean)
(defcustom comment-empty-lines nil
  "Non-nil means `comment-region' comments empty lines too.
`eol' means only when comments end at the end of the line."
  :type '(choice (const nil) (const t) (const eol)))
(defvar comment-quote-nested t
  "Non-nil means comment markers inside a commented region are quoted.")
(defvar comment-quote-nested-function #'comment-quote-nested-default
  "The function quoting and unquoting comment markers nested in a region.")
(defvar comment-line-break-function #'comment-indent-new-line
  "What breaks a line when auto-filling inside a comment.")
(defvar comment-combine-change-calls t
  "Non-nil means the region commands report their changes as one.")
(make-variable-buffer-local 'comment-combine-change-calls)
(defvar comment-use-global-state t
  "Non-nil means comment searches may parse from the start of the buffer.")
(defcustom comment-auto-fill-only-comments nil
  "Non-nil means Auto Fill mode fills only inside comments."
  :type 'boolean)
(defvar block-comment-start nil)
(defvar block-comment-end nil)

;;; Apropos (apropos.el) and shortdoc.el: their commands are autoloaded, as in Emacs.
(dolist (f '(apropos apropos-command apropos-function apropos-variable
             apropos-user-option apropos-local-variable apropos-value
             apropos-documentation))
  (autoload f "apropos" nil t))
(autoload 'apropos-read-pattern "apropos")
(autoload 'apropos-documentation-property "apropos")
(autoload 'shortdoc-display-group "shortdoc" nil t)

(defcustom adaptive-fill-mode t
  "Non-nil means filling guesses the fill prefix from the paragraph's text."
  :type 'boolean)

(defcustom adaptive-fill-regexp "[ \t]*\\([-–!|#%;>*·•‣⁃◦]+[ \t]*\\)*"
  "What a line may begin with that filling repeats on the lines it makes."
  :type '(choice (const nil) regexp))

(defcustom adaptive-fill-first-line-regexp "\\`[ \t]*\\'"
  "Which prefixes of a one-line paragraph are repeated as they are.
A prefix of a one-line paragraph that does not match this regexp
\(and does not start a comment) is repeated as spaces of its width."
  :type 'regexp)

(defcustom adaptive-fill-function #'ignore
  "Function that returns the fill prefix of the line at point, or nil.
It is asked before `adaptive-fill-regexp'."
  :type 'function)

(defcustom colon-double-space nil
  "Non-nil means filling keeps two spaces after a colon that ends a phrase."
  :type 'boolean)

(defcustom default-justification 'left
  "How filling justifies lines unless told otherwise.
One of `left', `right', `full', `center' or `none'."
  :type '(choice (const left) (const right) (const full) (const center) (const none)))
(make-variable-buffer-local 'default-justification)

(defcustom fill-nobreak-predicate nil
  "Functions called with point at a candidate line break.
A break is not made where any of them returns non-nil."
  :type 'hook)

(defcustom fill-nobreak-invisible nil
  "Non-nil means filling never breaks a line inside invisible text."
  :type 'boolean)

(defvar fill-paragraph-function nil
  "When non-nil, `fill-paragraph' calls this with its JUSTIFY argument first.
A non-nil value from it is what `fill-paragraph' returns, without
filling anything itself.")

(defcustom fill-paragraph-handle-comment t
  "Non-nil means `fill-paragraph' fills comments with the comment commands."
  :type 'boolean)

(defvar fill-forward-paragraph-function #'forward-paragraph
  "Function `fill-paragraph' and `fill-region' move over paragraphs with.
It is called with a count, as `forward-paragraph' is.")

(defcustom fill-individual-varying-indent nil
  "Non-nil means a change of indentation starts a new paragraph
for `fill-individual-paragraphs'."
  :type 'boolean)

(defcustom fill-separate-heterogeneous-words-with-space nil
  "Non-nil means unwrapping puts a space between a word that ends a line
and one that begins the next even where their scripts need none."
  :type 'boolean)

(defvar enable-kinsoku t
  "Non-nil means lines are not broken before or after certain characters.")
;;; define-inline (inline.el) is autoloaded, as in Emacs; `backquote-list*'
;;; is from backquote.el, which Emacs preloads.
(autoload 'define-inline "inline" nil nil 'macro)
(defun backquote-list*-function (first &rest list)
  "Like `list' but the last argument is the tail of the new list.

For example (backquote-list* \='a \='b \='c) => (a b . c)"
  (if (null list)
      first
    (let* ((all (cons first list))
           (last-cell (last all 2)))
      (setcdr last-cell (car (cdr last-cell)))
      all)))
(defmacro backquote-list*-macro (first &rest list)
  "Like `list' but the last argument is the tail of the new list.

For example (backquote-list* \='a \='b \='c) => (a b . c)"
  (let ((forms (reverse (cons first list))))
    (let ((built (car forms)))
      (dolist (form (cdr forms) built)
        (setq built (list 'cons form built))))))
(defalias 'backquote-list* (symbol-function 'backquote-list*-macro))


(dolist (f '(date-leap-year-p date-days-in-month time-to-day-in-year time-to-days
             days-to-time time-to-number-of-days date-to-day days-between
             seconds-to-string make-decoded-time decoded-time-add decoded-time-set-defaults date-to-time
             safe-date-to-time date-ordinal-to-time decoded-time-period))
  (autoload f "time-date"))
(autoload 'parse-time-string "parse-time")
(dolist (f '(iso8601-parse iso8601-valid-p parse-iso8601-time-string))
  (autoload f "iso8601"))
(dolist (f '(obarray-make obarray-size obarrayp obarray-get obarray-put obarray-remove
             obarray-map))
  (autoload f "obarray"))
(defconst obarray-default-size 59
  "The number of slots `obarray-make' gives an obarray by default.")
;; The syntax tables of modes Emacs preloads (modes.el makes the modes).
(defvar text-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?\" ".   " table)
    (modify-syntax-entry ?\\ ".   " table)
    (modify-syntax-entry ?' "w p" table)
    ;; Word constituents between letters (UAX #29): Hebrew geresh and
    ;; gershayim, middle dot, hyphenation point, fullwidth colon.
    (dolist (c '(#x5f3 #x5f4 #xb7 #x2027 #xff1a))
      (modify-syntax-entry c "w   " table))
    table)
  "Syntax table used while in `text-mode'.")
;; lisp-data-mode-syntax-table and emacs-lisp-mode-syntax-table are
;; made in C (src/syntax.c), *scratch* using them from the start.
(defvar lisp-mode-syntax-table
  (let ((table (make-syntax-table lisp-data-mode-syntax-table)))
    (dolist (entry '((?\[ . "_   ") (?\] . "_   ")
                     (?# . "' 14") (?| . "\" 23bn")))
      (modify-syntax-entry (car entry) (cdr entry) table))
    table)
  "Syntax table used in `lisp-mode'.")
(autoload 'untabify "tabify" nil t)
(defvar-local fill-prefix nil
  "The text each line of a paragraph starts with, or nil.")
(defvar-local mark-ring nil "Markers of the former marks of this buffer, newest first.")
(put 'mark-ring 'permanent-local t)
(defvar mark-ring-max 16 "How many former marks `mark-ring' keeps.")
(defvar cycle-spacing--context nil
  "What the last first-round `cycle-spacing' replaced: nil, or
(N ORIG-POS . BLANKS), N its argument, ORIG-POS point before it and
BLANKS the text it took out.")
(defvar-local mark-active nil "Non-nil when the mark is active.")
(put 'mark-active 'permanent-local t)
(defvar transient-mark-mode nil "Non-nil when the region highlights (never in batch).")
(defvar mark-even-if-inactive t "Non-nil means an inactive mark still counts.")
(defvar use-empty-active-region nil "Non-nil means an empty active region counts.")
(defvar activate-mark-hook nil "Normal hook run when the mark becomes active.")
(defvar deactivate-mark-hook nil "Normal hook run when the mark becomes inactive.")
(defvar-local simple--mark-marker nil)
(defvar delete-active-region t
  "Whether the character deletion commands delete an active region
instead (`kill': kill it).")
(defvar region-extract-function
  (lambda (method)
    ;; `region-beginning' signals when there is no mark.
    (let ((beg (region-beginning))
          (end (region-end)))
      (cond ((not (memq method '(bounds delete-only)))
             (filter-buffer-substring beg end method))
            ((eq method 'bounds) (list (cons beg end)))
            (t (delete-region beg end)))))
  "How commands get the region: called with METHOD `bounds', it returns
the list of the region's (BEG . END) pieces; with `delete-only', it
deletes them; otherwise it returns their text, deleted when METHOD is
non-nil.")
(put 'simple--mark-marker 'permanent-local t)
(define-error 'mark-inactive "The mark is not active now")
(defvar last-command nil "The previous command (there is no command loop: nil).")
(defvar real-last-command nil "The previous command, as the command loop saw it.")
(defvar this-command nil "The command now running, as commands may set it.")
;; simple.el in Emacs, preloaded: how a visited occurrence is shown.
(defvar next-error-highlight 0.5
  "How a visited occurrence shows: highlighted for that many seconds, t
until the next command, nil not at all, or `fringe-arrow'.")
(defvar next-error-highlight-no-select 0.5
  "`next-error-highlight' for an occurrence displayed without going there.")
(defvar next-error-highlight-timer nil "The timer ending the highlight.")
(defvar next-error-overlay-arrow-position nil "Where the fringe arrow points.")
;; Line moves (simple.el in Emacs).
(defvar temporary-goal-column 0 "The column a run of line moves keeps to.")
(defvar-local goal-column nil "The column line moves go to, when set.")
(defvar track-eol nil "Non-nil: line moves from the end of a line stay at ends.")
(defvar next-line-add-newlines nil "Non-nil: `next-line' at the end adds a line.")
(defconst hard-newline (propertize "\n" 'hard t 'rear-nonsticky '(hard))
  "A newline marked hard, as `use-hard-newlines' inserts them.")
(defvar last-command-event nil
  "The last input event of the command now running: the character a
`self-insert-command' inserts.")
(defvar last-input-event nil "The last input event read.")
(defvar post-self-insert-hook '(electric-indent-post-self-insert-function
                                blink-paren-post-self-insert-function)
  "Functions run after `self-insert-command' inserts its characters.")
(defvar electric-indent-chars '(?\n)
  "The characters whose insertion reindents the line, in
`electric-indent-mode'.")
(defvar-local electric-indent-inhibit nil
  "Non-nil: electric indentation does not reindent the line before a newline.")
(defvar electric-indent-functions nil
  "Functions deciding, for the character just inserted, whether to
reindent: `do-indent', `no-indent', non-nil or nil.")
(defvar electric-indent-functions-without-reindent
  '(indent-relative indent-to-left-margin indent-relative-maybe
    indent-relative-first-indent-point py-indent-line smie-indent-line
    haskell-indentation-indent-line haskell-indent-cycle haskell-simple-indent
    yaml-indent-line)
  "Indentation functions that only ever indent a new line: electric
indentation does not reindent the line before a newline with them.")
(defvar blink-matching-paren t
  "Non-nil: inserting a closing parenthesis shows the opening one.")
(defvar auto-fill-inhibit-regexp nil
  "A regexp matching the lines auto-fill leaves alone.")
(defvar normal-auto-fill-function 'do-auto-fill
  "The function `auto-fill-mode' puts in `auto-fill-function'.")
(defvar last-kbd-macro nil
  "The last keyboard macro defined, as a string or vector; nil if none.")
(defvar deactivate-mark nil "Non-nil when the command loop should deactivate the mark.")
(defvar delete-trailing-lines t
  "Non-nil means `delete-trailing-whitespace' on the whole buffer also
deletes the empty lines at its end.")
(defvar indent-line-function 'indent-relative
  "The function that indents the current line for the major mode.")
(defvar indent-region-function #'indent-region-line-by-line
  "The function `indent-region' calls with the region's bounds.")
(defvar kill-ring nil "Killed text, newest first.")
(defvar kill-ring-max 120 "How many kills `kill-ring' keeps.")
(defvar kill-ring-yank-pointer nil "The tail of `kill-ring' that `yank' takes from.")
(defvar kill-do-not-save-duplicates nil
  "Non-nil means a kill equal to the newest is not saved again.")
(defvar kill-read-only-ok nil
  "Non-nil means killing read-only text copies it without an error.")
(defvar kill-whole-line nil
  "Non-nil means `kill-line' at the start of a line kills its newline too.")
(defvar yank-handled-properties
  '((font-lock-face . yank-handle-font-lock-face-property)
    (category . yank-handle-category-property))
  "(PROPERTY . FUNCTION) pairs: yanking calls FUNCTION on each run of
PROPERTY with its value, start and end.")
(defvar yank-excluded-properties
  '(category field follow-link fontified font-lock-face help-echo
    intangible invisible keymap local-map mouse-face read-only yank-handler)
  "Text properties yanking discards, or t for all of them.")
;; Replacing by regexp (lisp/replace.el): preloaded in Emacs.
(dolist (f '(isearch-no-upper-case-p replace-string replace-regexp how-many count-matches
             flush-lines keep-lines replace-quote replace-eval-replacement
             query-replace--split-string query-replace-descr occur occur-1 occur-mode
             occur-next occur-prev occur-mode-goto-occurrence occur-mode-display-occurrence
             perform-replace replace-match-maybe-edit replace-match-data))
  (autoload f "replace"))
(defvar case-replace t
  "Non-nil means a replacement takes the case of the text it replaces
\(when the search ignored case).")
(defvar search-upper-case 'not-yanks
  "Non-nil means a search string with an upper-case letter is searched
for case-sensitively.")
;; The thing at point (lisp/thingatpt.el): autoloaded in Emacs.
(dolist (f '(forward-thing bounds-of-thing-at-point thing-at-point bounds-of-thing-at-mouse
             thing-at-mouse sexp-at-point symbol-at-point number-at-point list-at-point))
  (autoload f "thingatpt"))
;; Line commands (lisp/sort.el): autoloaded in Emacs.
(dolist (f '(sort-lines reverse-region delete-duplicate-lines sort-subr sort-paragraphs
             sort-pages sort-fields sort-numeric-fields sort-regexp-fields sort-columns))
  (autoload f "sort"))
;; Visiting files (lisp/files.el): preloaded in Emacs.
(dolist (f '(abbreviate-file-name basic-save-buffer clear-visited-file-modtime
             file-attribute-type file-attribute-link-number file-attribute-user-id
             file-attribute-group-id file-attribute-access-time file-attribute-modification-time
             file-attribute-status-change-time file-attribute-size file-attribute-modes
             file-attribute-inode-number file-attribute-device-number file-attribute-collect
             create-file-buffer find-buffer-visiting
             find-file find-file-noselect get-file-buffer save-buffer set-auto-mode
             hack-local-variables safe-local-variable-p risky-local-variable-p
             set-visited-file-name write-file
             file-name-sans-versions file-name-with-extension file-name-quoted-p
             file-name-quote file-name-unquote convert-standard-filename substitute-in-file-name
             make-auto-save-file-name auto-save-mode do-auto-save files--kill-buffer-auto-save
             make-lock-file-name parse-colon-path
             file-modes-symbolic-to-number file-modes-number-to-symbolic
             insert-directory-wildcard-in-dir-p temporary-file-directory make-nearby-temp-file
             normal-mode hack-local-variables-filter hack-local-variables-confirm file-remote-p
             file-local-name file-local-copy file-name-non-special
             unhandled-file-name-directory
             revert-buffer rename-uniquely cd-absolute locate-library
             hack-dir-local-variables hack-dir-local-variables-non-file-buffer
             hack-local-variables-apply dir-locals-find-file dir-locals-read-from-dir
             dir-locals-set-class-variables dir-locals-get-class-variables
             dir-locals-set-directory-class dir-locals-collect-variables
             dir-locals-collect-mode-variables))
  (autoload f "files"))
(dolist (f '(cd pwd load-file load-library))
  (autoload f "files" nil t))
(defvar cd-path nil
  "Directories `cd' looks in for a relative name; nil means the
directories of $CDPATH, or the default directory alone.")
(defvar file-name-handler-alist '(("\\`/:" . file-name-non-special))
  "Alist of (REGEXP . HANDLER): operations on a file whose name REGEXP
matches go to HANDLER (see `find-file-name-handler'), called with the
operation's name and arguments.  marrow's own handler is Emacs's for
quoted names, \"/:\" first.")
(defvar inhibit-file-name-handlers nil
  "Handlers `find-file-name-handler' skips for `inhibit-file-name-operation'.")
(defvar inhibit-file-name-operation nil
  "The operation `inhibit-file-name-handlers' applies to.")
;; Connection-local variables (lisp/files-x.el): autoloaded in Emacs.
(dolist (f '(connection-local-set-profile-variables connection-local-set-profiles
             hack-connection-local-variables-apply))
  (autoload f "files-x"))
(autoload 'with-connection-local-variables "files-x" nil nil 'macro)
(defvar path-separator ":" "What separates the directories of a search path.")
(defvar auto-save-file-name-transforms
  `(("\\`/[^/]*:\\([^/]*/\\)*\\([^/]*\\)\\'" ,(concat temporary-file-directory "\\2") t))
  "Entries (REGEXP REPLACEMENT UNIQUIFY) that put auto-save files of the
files REGEXP matches elsewhere (see `make-auto-save-file-name').")
(defvar lock-file-name-transforms nil
  "Entries (REGEXP REPLACEMENT UNIQUIFY) that put lock files elsewhere.")
(defvar magic-mode-alist nil
  "Entries (REGEXP-OR-FUNCTION . MODE): a buffer whose start REGEXP
matches (or for which FUNCTION is non-nil) gets MODE, before
`auto-mode-alist' is looked at.")
(defvar magic-fallback-mode-alist nil
  "As `magic-mode-alist', looked at after `auto-mode-alist'.")
(defvar permanently-enabled-local-variables '(lexical-binding)
  "File-local variables set even when `enable-local-variables' is nil.")
(defvar revert-buffer-function 'revert-buffer--default
  "The function `revert-buffer' calls with IGNORE-AUTO and NOCONFIRM.")
(make-variable-buffer-local 'revert-buffer-function)
;; The command line (src/cli.c runs the actions it knows; the rest
;; come here, as in Emacs's command-line-1).
(defvar command-line-args nil
  "The program's name and its command-line arguments, as strings, less
the options read before any action runs (-batch, -Q and the like).")
(defvaralias 'argv 'command-line-args-left
  "The command-line arguments not processed yet: a script run by
-l may read (and take) its own arguments from here.")
(defvar command-switch-alist nil
  "(OPTION . HANDLER) pairs: the command-line OPTION, exactly as
written, calls HANDLER with it; HANDLER may take the arguments after it
from `command-line-args-left'.")
(defvar command-line-functions nil
  "Functions called in turn, with `argi' the command-line argument
nothing else handles, until one returns non-nil.")
(defvar argi nil "The command-line argument being handled.")

(defun marrow--command-line-visit (file)
  "Visit FILE, named on the command line, as Emacs does."
  (find-file (expand-file-name file)))

(defun marrow--command-line-claim (arg)
  "Handle ARG, a command-line argument no action of marrow's claims, by
`command-switch-alist' or `command-line-functions'; nil when neither
does (then src/cli.c rejects an option and runs a file as the script)."
  (let ((switch (assoc arg command-switch-alist))
        (argi arg))
    (if switch
        (progn (funcall (cdr switch) arg) t)
      (run-hook-with-args-until-success 'command-line-functions))))

;; File-local variables (lisp/files.el): let-bound before files.el loads.
(defvar-local file-local-variables-alist nil
  "The (VAR . VALUE) pairs of the file-local variables set in this buffer.")
(put 'file-local-variables-alist 'permanent-local t)
(defvar-local dir-local-variables-alist nil
  "The (VAR . VALUE) pairs the directory gave the buffer.")
(put 'dir-local-variables-alist 'permanent-local t)
(defvar dir-locals-file ".dir-locals.el"
  "The file that names the local variables of a directory tree.
A second file beside it, its name ending in \"-2.el\", overrides it.")
(defvar enable-dir-local-variables t
  "Non-nil: directory-local variables are set, as file-local ones are.")
(defvar dir-locals-class-alist nil
  "(CLASS . VARIABLES) for each class of directories.")
(defvar dir-locals-directory-cache nil
  "(DIRECTORY CLASS MTIME) for each directory given a class.")
(defvar enable-local-variables t
  "Whether visiting a file sets the variables its text names: t for
all of them when all are safe (and, asking being impossible in batch,
none otherwise), :safe for the safe ones, :all for all, nil for none.")
(defvar enable-local-eval 'maybe
  "Whether an \"eval:\" entry of a file's local variables runs: t for
any, nil for none, anything else for the safe ones (see
`safe-local-eval-forms'), or any under `enable-local-variables' :all.")
(defvar safe-local-variable-values nil
  "Alist of (VAR . VAL) pairs safe as file-local variables.")
(defvar ignored-local-variables '(ignored-local-variables safe-local-variable-values)
  "Variables a file never sets.")
(defvar safe-local-eval-forms
  '((add-hook 'write-file-hooks 'time-stamp)
    (add-hook 'write-file-functions 'time-stamp)
    (add-hook 'before-save-hook 'time-stamp nil t)
    (add-hook 'before-save-hook 'delete-trailing-whitespace nil t))
  "Forms an \"eval:\" file-local entry may hold without asking.")
(defvar auto-save-default t "Non-nil means visiting a file turns on auto-saving.")
(defvar auto-save-visited-file-name nil
  "Non-nil means a buffer is auto-saved in the file it visits.")
(defvar delete-auto-save-files t
  "Non-nil means a buffer's auto-save file may be deleted once it is saved or killed.")
(defvar auto-save-hook nil "Normal hook run just before auto-saving.")
;; uniquify.el is preloaded in Emacs; marrow's is in lisp/files.el.
(defvar uniquify-buffer-name-style 'post-forward-angle-brackets
  "How buffers visiting files of one name are told apart: `forward'
\"a/f\", `reverse' \"f\\a\", `post-forward' \"f|a\",
`post-forward-angle-brackets' \"f<a>\", or nil for \"f<2>\".")
(defvar uniquify-after-kill-buffer-p t
  "Non-nil means the names are made shorter again when a buffer dies.")
(defvar uniquify-strip-common-suffix t
  "Non-nil means directories all the names would share are left out.")
(defvar uniquify-min-dir-content 0)
(defvar uniquify-separator nil)
(defvar uniquify-ignore-buffers-re nil)
(defvar uniquify-trailing-separator-p nil)
(defvar-local uniquify-managed nil
  "Non-nil in a buffer uniquify names: (BASE DIRECTORIES . NAME).")
(put 'uniquify-managed 'permanent-local t)
(defun uniquify-kill-buffer-function ()
  "Name the buffers that shared a name with this one afresh without it."
  (when (and uniquify-managed uniquify-after-kill-buffer-p
             (equal (cddr uniquify-managed) (buffer-name)))
    (uniquify--rationalize (car uniquify-managed) (current-buffer))))
(setq-default kill-buffer-hook '(uniquify-kill-buffer-function))
(autoload 'uniquify--rationalize "files")
(autoload 'uniquify--renamed "files")
(defvar mode-require-final-newline t
  "The value major modes for text give `require-final-newline'.")
(defvar-local require-final-newline nil
  "Non-nil means a saved file ends with a newline: t adds one silently.")
;; fns.c functions marrow writes in Lisp (lisp/fns.el), mule-cmds.el's
;; encode-coding-char and mule.el's choice of a file's coding system.
(dolist (f '(base64-encode-region base64url-encode-region base64-decode-region
             decode-coding-region encode-coding-region encode-coding-char
             coding-system-change-eol-conversion find-new-buffer-file-coding-system
             after-insert-file-set-coding coding-system-equal merge-coding-systems
             set-buffer-file-coding-system fns--coding-to-write fns--file-coding
             sgml-html-meta-auto-coding-function sgml-xml-auto-coding-function find-auto-coding
             coding-system-priority-list set-coding-system-priority prefer-coding-system
             detect-coding-region check-coding-systems-region))
  (autoload f "fns"))
;; A file's coding system outlives its buffer's change of major mode.
(put 'buffer-file-coding-system 'permanent-local t)
(defvar auto-coding-regexp-alist
  '(("\\`BABYL OPTIONS:[ \t]*-\\*-[ \t]*rmail[ \t]*-\\*-" . no-conversion)
    ("\\`\376\377" . utf-16be-with-signature)
    ("\\`\377\376" . utf-16le-with-signature)
    ("\\`\357\273\277" . utf-8-with-signature))
  "(REGEXP . CODING-SYSTEM) pairs: a file whose first bytes REGEXP
matches is read in CODING-SYSTEM.")
(defvar auto-coding-alist
  '(("\\.\\(exe\\|EXE\\)\\'" . no-conversion)
    ("\\.\\(sx[dmicw]\\|odt\\|tar\\|t[bg]z\\)\\'" . no-conversion)
    ("\\.\\(gz\\|Z\\|bz\\|bz2\\|xz\\|gpg\\)\\'" . no-conversion)
    ("\\.\\(jpe?g\\|png\\|gif\\|tiff?\\|p[bpgn]m\\)\\'" . no-conversion)
    ("\\.pdf\\'" . no-conversion)
    ("/#[^/]+#\\'" . utf-8-emacs-unix))
  "(REGEXP . CODING-SYSTEM) pairs: a file whose name REGEXP matches is
read in CODING-SYSTEM, before anything else is looked at.")
(defvar file-coding-system-alist
  (append (mapcar (lambda (ext) (cons (concat "\\." ext "\\'") '(no-conversion . no-conversion)))
                  '("tzst" "zst" "dz" "txz" "xz" "lzma" "lz" "g?z" "\\(?:tgz\\|svgz\\|sifz\\)"
                    "tbz2?" "bz2" "Z"))
          '(("\\.elc\\'" . utf-8-emacs) ("\\.el\\'" . prefer-utf-8)
            ("\\.utf\\(-8\\)?\\'" . utf-8)
            ("\\(\\`\\|/\\)loaddefs.el\\'" raw-text . raw-text-unix)
            ("\\.tar\\'" no-conversion . no-conversion)
            ("" undecided)))
  "(REGEXP . CODING) pairs: the first whose REGEXP matches a file's name
gives the coding system to read it in (CODING, or the car of a cons).")
(defvar auto-coding-functions '(sgml-xml-auto-coding-function sgml-html-meta-auto-coding-function)
  "Functions find-auto-coding calls with the size of the text at point,
the first to return a coding system giving it.")
(defmacro with-coding-priority (coding-systems &rest body)
  "Run BODY with CODING-SYSTEMS first in detection's order: undecided
tries their categories first (UTF-8, Latin-1, EUC, Shift-JIS, Big5),
and utf-8-auto first makes it read a byte order mark as
utf-8-with-signature."
  (declare (indent 1) (debug t))
  (let ((codings (make-symbol "codings")))
    `(let ((,codings ,coding-systems))
       (mapc #'check-coding-system ,codings)
       (let ((mule--coding-priority (append ,codings mule--coding-priority)))
         ,@body))))
;; lread.c functions marrow writes in Lisp (lisp/lread.el).
(autoload 'lread--substitute-object-in-subtree "lread")
(autoload 'lread--read-from-function "lread")
(autoload 'lread--syntax-error-position "lread")
(autoload 'lread--file-shorthands "lread")
(autoload 'files--local-variables-list "files")
(autoload 'byte-run--unescaped-character-literals-warning "lread")
;; Key descriptions (lisp/kbd.el).
(autoload 'kbd "kbd")

;; Keymaps (lisp/keymap.el), which Emacs writes in C.  The maps every
;; Emacs has, and the variables its C code reads, are here so that code
;; can name them before the first keymap function loads keymap.el.
(dolist (f '(keymapp make-sparse-keymap make-keymap define-key lookup-key
             key-binding keymap-parent set-keymap-parent keymap-prompt
             map-keymap map-keymap-internal map-keymap-sorted copy-keymap
             current-global-map use-global-map current-local-map use-local-map
             current-minor-mode-maps current-active-maps command-remapping
             global-set-key local-set-key global-unset-key local-unset-key
             define-prefix-command suppress-keymap event-convert-list
             single-key-description text-char-description key-description accessible-keymaps
             where-is-internal make-composed-keymap global-key-binding local-key-binding
             event-modifiers event-basic-type internal-event-symbol-parse-modifiers
             substitute-key-definition minor-mode-key-binding))
  (autoload f "keymap"))
;; Key bindings in documentation text (lisp/help.el).
(dolist (f '(substitute-command-keys text-quoting-style help--key-description-fontified
             help-add-fundoc-usage help--make-usage help--make-usage-docstring
             help--docstring-quote help-split-fundoc))
  (autoload f "help"))
(dolist (f '(describe-buffer-bindings describe-map-tree help--describe-vector help--describe-command))
  (autoload f "help"))
;; The *Help* buffer's descriptions of functions and variables (lisp/help-fns.el).
(dolist (f '(describe-function describe-variable describe-symbol describe-keymap))
  (autoload f "help-fns" nil t))
(dolist (f '(describe-function-1 help-buffer help-setup-xref
             find-lisp-object-file-name help-fns-short-filename
             documentation-property help-fns-find-keymap-name help--finish-buffer))
  (autoload f "help-fns"))
(autoload 'with-help-window "help-fns" nil nil 'macro)
(defvar describe-bindings-check-shadowing-in-ranges 'ignore-self-insert
  "Whether describing a range of characters with one binding looks for
the characters another map binds: t, yes; `ignore-self-insert', unless
the binding is `self-insert-command'; nil, no.")
(autoload 'keymap--get-keyelt "keymap")
(put 'keymap 'char-table-extra-slots 0)
;; Key binding summaries leave out keys bound to `undefined'.
(put 'undefined 'suppress-keymap t)
(defvar meta-prefix-char 27 "The event that stands for the meta modifier: ESC.")
(defvar minor-mode-map-alist nil "(VARIABLE . KEYMAP) of each minor mode with a keymap.")
(defvar minor-mode-overriding-map-alist nil
  "As `minor-mode-map-alist', its keymaps used instead of those there.")
(defvar emulation-mode-map-alists nil
  "Alists (or variables holding them) as `minor-mode-map-alist', looked in first.")
(defvar overriding-local-map nil "A keymap that, when non-nil, replaces the local maps.")
(defvar overriding-terminal-local-map nil "A keymap used before all others when non-nil.")
(defvar esc-map (list 'keymap (make-char-table 'keymap)) "The keymap of ESC (meta) keys.")
(defvar ctl-x-map (list 'keymap (make-char-table 'keymap)) "The keymap of C-x keys.")
(defvar mode-specific-map (list 'keymap) "The keymap of C-c keys.")
(defvar help-map (list 'keymap) "The keymap of C-h keys.")
(defvar function-key-map
  (let ((map (list 'keymap
                   '(escape . [?\e]) '(return . [?\r]) '(clear . [?\C-l])
                   '(linefeed . [?\n]) '(tab . [?\t]) '(S-tab . [backtab])
                   '(delete . [?\d]) '(backspace . [?\d]) '(kp-delete . [?\d])
                   '(kp-enter . [?\r]) '(kp-tab . [?\t]) '(kp-space . [?\s])
                   '(kp-equal . [?=]) '(kp-separator . [?,]) '(kp-decimal . [?.])
                   '(kp-add . [?+]) '(kp-subtract . [?-]) '(kp-multiply . [?*])
                   '(kp-divide . [?/]))))
    ;; The keypad's digits type digits, and its other keys (with or
    ;; without Num Lock) are the cursor keys of the same names.
    (dotimes (digit 10)
      (push (cons (intern (format "kp-%d" digit)) (vector (+ ?0 digit))) (cdr map)))
    (dolist (key '(prior up home right begin left next down end insert))
      (push (cons (intern (format "kp-%s" key)) (vector key)) (cdr map)))
    map)
  "The keymap translating function keys' sequences when no binding has them.")
(defvar local-function-key-map (cons 'keymap function-key-map)
  "The terminal's keymap translating key sequences, inheriting `function-key-map'.")
(defvar input-decode-map (list 'keymap) "The keymap decoding terminal input.")
(defvar key-translation-map (list 'keymap) "The keymap translating keys after decoding.")
;; The maps under those, which lisp/bindings.el fills with Emacs's
;; bindings when keymap.el loads.
(defvar search-map (list 'keymap) "The keymap of M-s keys.")
(defvar goto-map (list 'keymap) "The keymap of M-g keys.")
(defvar ctl-x-4-map (list 'keymap) "The keymap of C-x 4 keys, for other windows.")
(defvar ctl-x-5-map (list 'keymap) "The keymap of C-x 5 keys, for other frames.")
(defvar ctl-x-r-map (list 'keymap) "The keymap of C-x r keys: rectangles, registers, bookmarks.")
(defvar ctl-x-x-map (list 'keymap) "The keymap of C-x x keys, for buffers.")
(defvar narrow-map (list 'keymap) "The keymap of C-x n keys, for narrowing.")
(defvar abbrev-map (list 'keymap) "The keymap of C-x a keys, for abbrevs.")
(defvar mule-keymap (list 'keymap) "The keymap of C-x RET keys, for coding systems.")
(defvar tab-prefix-map (list 'keymap) "The keymap of C-x t keys, for tabs.")
(defvar project-prefix-map (list 'keymap) "The keymap of C-x p keys, for projects.")
(defvar vc-prefix-map (list 'keymap) "The keymap of C-x v keys, for version control.")
(fset 'ctl-x-4-prefix ctl-x-4-map)
(fset 'ctl-x-5-prefix ctl-x-5-map)
(fset 'vc-prefix-map vc-prefix-map)
(fset 'help-command help-map)
(fset 'ESC-prefix esc-map)
(fset 'Control-X-prefix ctl-x-map)
(fset 'mode-specific-command-prefix mode-specific-map)
(defvar global-map
  (let ((table (make-char-table 'keymap)))
    (set-char-table-range table '(32 . 126) 'self-insert-command)
    (set-char-table-range table (cons 128 (max-char)) 'self-insert-command)
    (aset table ?\e 'ESC-prefix)
    (aset table ?\C-x 'Control-X-prefix)
    (aset table ?\C-c 'mode-specific-command-prefix)
    (aset table ?\C-h 'help-command)
    (list 'keymap table))
  "The global keymap, where bindings no other active map has are found.")
;; The variables naming font-lock's faces, preloaded with font-lock in
;; Emacs; code outside font-lock mode passes them around.  Each holds
;; its own name.
(dolist (face '((comment "comments")
                (comment-delimiter "the characters that start and end comments")
                (string "strings") (doc "documentation strings") (keyword "keywords")
                (builtin "builtins")
                (function-name "the names of functions being defined")
                (variable-name "the names of variables being defined")
                (type "type and class names") (constant "constant and label names")
                (warning "things that deserve attention")))
  (let ((name (intern (format "font-lock-%s-face" (car face)))))
    (eval `(defvar ,name ',name ,(format "The name of the face for %s." (nth 1 face))) t)))
;; font-lock's text-property helpers (lisp/font-lock.el): preloaded in Emacs.
(dolist (f '(font-lock-prepend-text-property font-lock-append-text-property
             font-lock-fillin-text-property font-lock--remove-face-from-text-property))
  (autoload f "font-lock"))
;; Running programs' output as lines (lisp/process.el).
(dolist (f '(process-lines process-lines-ignore-status process-lines-handling-status
             locate-file executable-find process-file call-process-shell-command
             process-file-shell-command shell-command-to-string shell-command
             start-process start-process-shell-command process-get process-put
             process--buffer-end process--call internal-default-process-filter
             internal-default-process-sentinel))
  (autoload f "process"))
(defalias 'send-string #'process-send-string)
;; Overlay functions (lisp/overlays.el).
(autoload 'copy-overlay "overlays")
(autoload 'remove-overlays "overlays")
;; Modes (lisp/modes.el): preloaded in Emacs.
(dolist (f '(run-mode-hooks provided-mode-derived-p derived-mode-p
             fundamental-mode text-mode prog-mode special-mode lisp-data-mode emacs-lisp-mode))
  (autoload f "modes"))
(dolist (f '(define-derived-mode define-minor-mode delay-mode-hooks
             define-globalized-minor-mode define-global-minor-mode))
  (autoload f "modes" nil nil 'macro))
(autoload 'cl-prin1 "cl-print")
(autoload 'cl-prin1-to-string "cl-print")
(autoload 'cl-print-object "cl-print")
(autoload 'cl-print-to-string-with-limit "cl-print")
(autoload 'cl-print-expand-ellipsis "cl-print")
;; Case tables (lisp/case-table.el): preloaded in Emacs.
(put 'case-table 'char-table-extra-slots 3)
(dolist (f '(case-table-p standard-case-table current-case-table set-case-table
             set-standard-case-table case-table-get-table get-upcase-table
             copy-case-table set-case-syntax-pair set-upcase-syntax
             set-downcase-syntax set-case-syntax set-case-syntax-delims))
  (autoload f "case-table"))

(defun subr--buffer-table-expansion (getter setter table body)
  "The code running BODY with TABLE installed in the current buffer by
SETTER; afterwards the buffer current at the start gets back the table
GETTER returned then."
  (let ((saved (make-symbol "saved")))
    `(let ((,saved (cons (current-buffer) (,getter))))
       (unwind-protect
           (progn (,setter ,table) ,@body)
         (with-current-buffer (car ,saved)
           (,setter (cdr ,saved)))))))

(defmacro with-case-table (table &rest body)
  "Run BODY with case table TABLE the current buffer's; the buffer
current on entry gets its own table back on exit."
  (declare (indent 1))
  (subr--buffer-table-expansion 'current-case-table 'set-case-table table body))
;; Defun motion and `delete-pair' (lisp/syntax.el) read these.
(defvar beginning-of-defun-function nil
  "If non-nil, the function that moves to a defun's start (given ARG).")
(defvar end-of-defun-function (lambda () (forward-sexp 1))
  "The function that moves from a defun's start to its end.")
(defvar defun-prompt-regexp nil
  "If non-nil, a regexp matching the text before a defun's open paren.")
(defvar insert-pair-alist
  '((?\( ?\)) (?\[ ?\]) (?\{ ?\}) (?\< ?\>) (?\" ?\") (?\' ?\') (?\` ?\'))
  "The pairs of characters `insert-pair' and `delete-pair' know, each
\(OPEN CLOSE) or (COMMAND-CHAR OPEN CLOSE).")
(defvar delete-pair-blink-delay 1
  "Seconds `delete-pair' shows the pair before deleting it (0: none).")
;; Syntax tables are in C (src/syntax.c); motion over sexps and
;; syntax-ppss, preloaded in Emacs, in lisp/syntax.el.
(dolist (f '(buffer-end syntax-after syntax-class forward-sexp backward-sexp forward-list
             backward-list down-list up-list backward-up-list syntax-ppss
             syntax-ppss-toplevel-pos syntax-ppss-context beginning-of-defun
             beginning-of-defun-raw beginning-of-defun-comments end-of-defun mark-defun
             delete-pair syntax-propertize internal--syntax-propertize
             syntax-ppss-flush-cache syntax-propertize-wholelines
             syntax-propertize--shift-groups-and-backrefs))
  (autoload f "syntax"))
(autoload 'syntax-propertize-rules "syntax" nil nil 'macro)
(defvar-local syntax-propertize-function nil
  "Function (START END) setting the syntax-table properties of the text
between START and END, or nil.  See `syntax-propertize'.")
(defvar-local syntax-propertize--done -1
  "Where the text has its syntax-table properties set up to.")

(defmacro with-syntax-table (table &rest body)
  "Run BODY with syntax table TABLE the current buffer's; the buffer
current on entry gets its own table back on exit."
  (declare (debug t) (indent 1))
  (subr--buffer-table-expansion 'syntax-table 'set-syntax-table table body))
(autoload 'edebug-eval-top-level-form "edebug" nil t)
;; Preloaded in Emacs.
(dolist (f '(advice-add advice-remove advice-member-p advice-mapc advice--p
             advice-function-member-p advice-function-mapc))
  (autoload f "nadvice"))
(dolist (f '(define-advice add-function remove-function))
  (autoload f "nadvice" nil nil 'macro))
(dolist (f '(ad-activate ad-deactivate ad-add-advice ad-remove-advice ad-enable-advice
             ad-disable-advice ad-is-active ad-unadvise))
  (autoload f "advice"))
(autoload 'defadvice "advice" nil nil 'macro)
(autoload 'region-noncontiguous-p "simple")
(autoload 'move-to-left-margin "simple" nil t)
(dolist (f '(left-char right-char left-word right-word))
  (autoload f "simple" nil t))
(dolist (f '(transpose-subr transpose-subr-1 transpose-sexps transpose-words))
  (autoload f "simple" nil (memq f '(transpose-sexps transpose-words))))
(dolist (f '(eval-expression eval-expression-get-print-arguments eval-expression-print-format
             eval-last-sexp eval-defun
             prin1-char electric-indent-mode electric-indent-local-mode
             self-insert-command electric-indent-post-self-insert-function
             blink-paren-post-self-insert-function overwrite-mode binary-overwrite-mode
             auto-fill-mode next-line previous-line line-move set-goal-column keyboard-quit))
  (autoload f "simple" nil (memq f '(eval-expression eval-last-sexp eval-defun electric-indent-mode
                                     electric-indent-local-mode self-insert-command
                                     overwrite-mode binary-overwrite-mode auto-fill-mode
                                     next-line previous-line set-goal-column keyboard-quit))))
(defvar button-buffer-map
  (let ((map (make-sparse-keymap)))
    (dolist (binding '(("\t" . forward-button)
                       ("\e\t" . backward-button)
                       ([backtab] . backward-button)))
      (define-key map (car binding) (cdr binding)))
    map)
  "The keys of buffers with buttons: moving between them.")
(dolist (f '(define-button-type button-type-put button-type-get button-type-subtype-p
             button-start button-end button-get button-put button-label button-has-type-p
             button-activate make-button insert-button make-text-button insert-text-button
             button-buttonize button-at next-button previous-button push-button
             forward-button backward-button button-mode button-category-symbol))
  (autoload f "button" nil (memq f '(push-button forward-button backward-button button-mode))))
(defvar electric-indent-mode t
  "Non-nil: lines are reindented as they are typed and broken.")
(defun read--expression (prompt &optional initial-contents)
  "An expression read with PROMPT (after INITIAL-CONTENTS)."
  (read-from-minibuffer prompt initial-contents nil t 'read-expression-history))
(defvar eval-expression-print-length 12
  "The `print-length' of the values `eval-expression' prints.")
(defvar eval-expression-print-level 4
  "The `print-level' of the values `eval-expression' prints.")
(defvar eval-expression-print-maximum-character 127
  "The largest integer `eval-expression' also shows as a character.")
(defvar eval-expression-debug-on-error t
  "Non-nil: errors in `eval-expression' enter the debugger.")
;; As in Emacs 28, `values' is a global variable that is not special: a
;; `let' of it in lexical code binds it lexically.
(set-default 'values nil)
(put 'values 'variable-documentation
     "The values `eval-expression' and `eval-defun' have given, newest first.")
(dolist (f '(callint--call callint--called-interactively-p prefix-numeric-value
             read-key-sequence read-key-sequence-vector read-command read-variable
             add-to-history command-execute execute-kbd-macro
             read-buffer read-buffer-to-switch read-file-name
             read-directory-name read-shell-command read-regexp read-number
             read-char-from-minibuffer read-char-choice read-char-choice-with-read-key
             callint--read-symbol
             goto-char--read-natnum-interactive read-char-by-name
             confirm-nonexistent-file-or-buffer read-file-modes read-envvar-name
             callint--directory-to-delete callint--setenv-args))
  (autoload f "callint"))
(autoload 'kmacro-call-macro "callint" nil t)
(defvar read-char-choice-use-read-key nil
  "Non-nil means `read-char-choice' reads keys with `read-key' rather
than a line from the minibuffer.")
(defvar confirm-nonexistent-file-or-buffer 'after-completion
  "Whether reading a name that is no file or buffer asks to confirm it.")
(defvar delete-by-moving-to-trash nil
  "Non-nil: deleting files and directories moves them to the trash.")
(defalias 'mkdir #'make-directory)

(defconst directory-files-no-dot-files-regexp "\\`\\(?:[^.]\\|\\.[^.]\\|\\.\\..\\)"
  "Matches every file name but \".\" and \"..\".")

;; Preloaded in Emacs.
(dolist (f '(display-warning lwarn warn warning-numeric-level warning-suppress-p))
  (autoload f "warnings"))
;; edebug.el's autoloaded alias, as Emacs's loaddefs.el has it.
(defalias 'edebug-defun #'edebug-eval-top-level-form)
;; Completion (minibuffer.el); the primitives are C in Emacs.
(defvar completion-ignore-case nil "Non-nil: completion ignores case.")
(defvar minibuffer-history nil "The lines read in the minibuffer.")
(defvar minibuffer-completion-table nil "The table of the completing read under way.")
(defvar minibuffer-completion-predicate nil "Its predicate.")
(defvar minibuffer-completion-confirm nil "Whether it must end on a completion.")
(defvar minibuffer-completing-file-name nil "Whether it reads a file name.")
(defvar minibuffer-local-completion-map (make-sparse-keymap)
  "The keymap of a completing read that accepts any input.")
(defvar minibuffer-local-must-match-map (make-sparse-keymap)
  "The keymap of a completing read that requires a completion.")
(defvar completing-read-function #'completing-read-default
  "The function `completing-read' hands its arguments to.")
(defvar use-short-answers nil "Non-nil: `yes-or-no-p' asks `y-or-n-p'.")
(defvar yes-or-no-p-history nil "The answers given to `yes-or-no-p'.")
(defvar completion-regexp-list nil
  "Regexps every completion must match, case folded as completion is.")
(defvar completion-at-point-functions '(tags-completion-at-point-function)
  "Functions that say what to complete at point, and from which table.")
(defvar completion-styles '(basic partial-completion emacs22)
  "The completion styles tried in turn until one finds something.")
(defvar completion-styles-alist
  '((emacs21 completion-emacs21-try-completion completion-emacs21-all-completions
             "The whole text is a prefix.")
    (emacs22 completion-emacs22-try-completion completion-emacs22-all-completions
             "The text before point is a prefix; the text after it is kept.")
    (basic completion-basic-try-completion completion-basic-all-completions
           "The text before point is a prefix; the text after it, a suffix.")
    (partial-completion completion-pcm-try-completion completion-pcm-all-completions
                        "Each word is the start of a word: f-b finds foo-bar.")
    (substring completion-substring-try-completion completion-substring-all-completions
               "The text may be anywhere in a candidate.")
    (flex completion-flex-try-completion completion-flex-all-completions
          "The characters of the text, in order, anywhere in a candidate."))
  "Each style: (NAME TRY-FUNCTION ALL-FUNCTION DOC).")
(defvar completion-flex-nospace nil
  "Non-nil: the flex style does not complete a text with a space.")
(defvar minibuffer-default nil "The default of the minibuffer read under way.")
(defvar minibuffer-history-variable 'minibuffer-history
  "The history list of the minibuffer read under way, or t for none.")
(defvar completion-category-defaults
  '((buffer (styles . (basic substring)))
    (unicode-name (styles . (basic substring)))
    (project-file (styles . (substring)))
    (xref-location (styles . (substring)))
    (info-menu (styles . (basic substring))))
  "The styles some categories of completion use before `completion-styles'.")
(defvar completion-category-overrides nil
  "Like `completion-category-defaults', set by the user, and preferred.")
(defvar completion-pcm-word-delimiters "-_./:| "
  "The characters that end a word for partial completion.")
(defvar completion-show-inline-help t
  "Non-nil: completion says \"No match\" and the like.")
(defvar completion-fail-discreetly nil
  "Non-nil: completion finding nothing stays silent.")
(defvar completion-auto-help t
  "Non-nil: completion that cannot go further lists the candidates.")
(defvar completion-show-help t
  "Non-nil: *Completions* starts by saying how to choose.")
(defvar completions-format 'horizontal
  "How *Completions* lays candidates out: `horizontal', `vertical' or
`one-column'.")
(defvar completion-cycle-threshold nil
  "Cycling through few candidates; marrow never cycles.")
(defvar completion-extra-properties nil
  "The property list of the table being completed from.")
(defvar completion-in-region-function #'completion--in-region
  "The function `completion-in-region' hands its arguments to.")
(defvar completion-in-region-mode-predicate nil
  "A function telling whether the completion under way still applies.")
(defvar minibuffer-message-timeout 2
  "Seconds a `minibuffer-message' stays.")
(dolist (f '(try-completion all-completions test-completion complete-with-action
             completion-boundaries completion-metadata completion-metadata-get
             completion-table-dynamic completion-table-with-cache
             completion-table-case-fold completion-table-in-turn completion-table-merge
             completion-table-with-predicate completion-table-with-terminator
             completion-table-with-context completion-table-subvert completing-read completing-read-default
             beep y-or-n-p yes-or-no-p read-no-blanks-input read-minibuffer eval-minibuffer
             completion-at-point completion-in-region completion--in-region
             completion-in-region-mode tags-completion-at-point-function
             completion-try-completion completion-all-completions
             completion-emacs21-try-completion completion-emacs21-all-completions
             completion-emacs22-try-completion completion-emacs22-all-completions
             completion-basic-try-completion completion-basic-all-completions
             completion-pcm-try-completion completion-pcm-all-completions
             completion-substring-try-completion completion-substring-all-completions
             completion-flex-try-completion completion-flex-all-completions
             completion-hilit-commonality completion--insert-strings completion--pcm-score
             completion-pcm--optimize-pattern completion-all-sorted-completions
             minibuffer-prompt-end
             minibuffer-message minibuffer-completion-help minibuffer-hide-completions
             display-completion-list completion-list-mode))
  (autoload f "minibuffer"))
(autoload 'lazy-completion-table "minibuffer" nil nil 'macro)

;; The autoloaded functions above that are commands, as Emacs's
;; autoloads say, so that `commandp' knows them before their file loads.
(dolist (f '(ad-activate ad-deactivate ad-disable-advice ad-enable-advice
             ad-remove-advice ad-unadvise back-to-indentation backward-kill-word
             backward-list backward-sexp backward-to-indentation backward-up-list
             backward-word backward-word-strictly balance-windows base64-decode-region
             base64-encode-region base64url-encode-region basic-save-buffer
             beginning-of-buffer buffer-disable-undo bury-buffer
             cancel-function-timers capitalize-region capitalize-word
             completion-at-point completion-in-region-mode completion-list-mode
             copy-region-as-kill count-matches count-words cycle-spacing debug
             delete-blank-lines delete-duplicate-lines delete-frame
             delete-horizontal-space delete-indentation delete-other-windows
             delete-trailing-whitespace delete-window delete-windows-on display-buffer
             down-list downcase-region downcase-word edebug-eval-top-level-form
             emacs-lisp-mode emacs-version end-of-buffer enlarge-window
             enlarge-window-horizontally exchange-point-and-mark find-file
             fit-window-to-buffer fixup-whitespace flush-lines forward-list
             forward-sexp forward-word forward-word-strictly fundamental-mode
             global-set-key global-unset-key goto-line how-many
             indent-according-to-mode indent-region indent-rigidly indent-to
             just-one-space keep-lines kill-line kill-region kill-ring-save kill-word
             lisp-data-mode local-set-key local-unset-key make-frame
             make-frame-command mark-whole-buffer maximize-window minimize-window
             move-to-column move-to-window-line open-line other-frame other-window
             pop-to-buffer prog-mode quit-window recenter remove-hook
             replace-buffer-in-windows replace-regexp replace-string reverse-region
             run-at-time run-with-idle-timer run-with-timer save-buffer scroll-down
             scroll-down-command scroll-left scroll-other-window
             scroll-other-window-down scroll-right scroll-up scroll-up-command
             select-frame set-visited-file-name shell-command shrink-window
             shrink-window-horizontally shrink-window-if-larger-than-buffer sort-lines
             special-mode split-window-below split-window-horizontally
             split-window-right split-window-vertically switch-to-buffer
             switch-to-buffer-other-window switch-to-prev-buffer tabify text-mode
             transient-mark-mode translate-region undo undo-only undo-redo untabify
             up-list upcase-initials-region upcase-region upcase-word
             window-toggle-side-windows write-file yank zap-to-char zap-up-to-char))
  (when (autoloadp (symbol-function f))
    (autoload f (nth 1 (symbol-function f)) nil t)))

;; The features Emacs 28 has from the start (its preloaded libraries
;; and C parts) that marrow has: every function of marrow's libraries
;; for them is autoloaded above, so their features can be there
;; already.  subr.el and the libraries marrow writes for what Emacs has
;; in C provide none, as Emacs has none of their names.  `emacs' is the
;; C's own: scripts that ask (featurep 'emacs) mean "not XEmacs", and
;; take the path marrow follows.
(dolist (feature '(emacs backquote env format base64 md5 sha1 overlay text-properties files
                   macroexp nadvice simple case-table cl-generic font-lock timer
                   prog-mode text-mode replace regexp-opt uniquify minibuffer
                   lisp-mode newcomment))
  (provide feature))

;;; subr.el ends here
