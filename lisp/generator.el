;;; generator.el --- generators: iter-lambda, iter-defun, iter-next  -*- lexical-binding: t -*-

;; A generator is a function whose call returns an iterator: a function
;; of (OP VALUE) that `iter-next' (OP :next) runs until the body's next
;; `iter-yield' and `iter-close' (OP :close) abandons, as in GNU Emacs 28.
;;
;; The body, its macros expanded, is rewritten in continuation-passing
;; style.  A form that cannot yield stays as it is.  Where a form can,
;; the code that follows its yield becomes a closure, made at that
;; point, so it sees the lexical variables of that point as they are
;; (no renaming, and a `let' in a loop binds afresh on each pass).  Such
;; closures are the iterator's *steps*: each takes a value, and returns
;; t after storing the next step and its value, or nil after storing the
;; step that resumes a yield and the value yielded.  The driver in the
;; iterator calls steps until one returns nil.
;;
;; While the rewriting walks the body, a continuation K is a cons
;; (PORTABLE . FN): FN makes the code that goes on with the value of an
;; expression, which that code evaluates once, first.  The code FN makes
;; may name the body's variables, so it is moved into a closure (the
;; join) before a scope that binds variables of the body; a PORTABLE
;; continuation names only our own uninterned symbols and goes anywhere.
;;
;; Some constructs hold for all the code inside them: a `let' of a
;; special variable, `condition-case', `catch', `unwind-protect'.  Since
;; their body runs as several steps, each step made inside one is
;; wrapped in a copy of it (a *frame*: the binding, the handlers, the
;; catch, the cleanup on a non-local exit), and leaving the body goes
;; through the driver to a step made outside.  The frames in force where
;; code is made are its context CTX, innermost first.
;;
;; Where Emacs 28's generators differ, marrow's do what the same code
;; does outside a generator: a function's arguments are evaluated in
;; order (Emacs reads a variable argument after a later argument's
;; yield), a `setq' sets each variable before it evaluates the next
;; value, a `let' in a loop makes a new binding for closures on each
;; pass, an `unwind-protect' that ends normally runs its cleanup inside
;; the handlers, catches and special bindings around it, and a
;; `condition-case' handles :success and leaves `nil' alone in its
;; handlers.  As in Emacs, `iter-close' runs the pending cleanups
;; outermost first, outside those bindings, and so does the collector
;; for an iterator dropped while it waits inside an `unwind-protect'.

(require 'cl-lib)

(define-error 'iter-end-of-sequence "Iteration terminated"
  ;; Its own parent: like Emacs's, it is no `error'.
  'iter-end-of-sequence)

(defvar cps-inhibit-atomic-optimization nil
  "When non-nil, generators rewrite every form, not only those that yield.")

(defvar generator--state nil
  "While rewriting: the variable holding the iterator's next step.")

(defvar generator--value nil
  "While rewriting: the variable holding the value passed to the next step,
or the value yielded.")

(defvar generator--closer nil
  "While rewriting: the variable holding the cleanups `iter-close' runs.")

(defvar generator--closes nil
  "While rewriting: non-nil once an `unwind-protect' can yield.")

;;; Which forms can yield

(defun generator--yields-p (form)
  "Non-nil if FORM, its macros expanded, calls `iter-yield' outside a
quoted or function form."
  (and (consp form)
       (cond ((memq (car form) '(quote function)) nil)
             ((eq (car form) 'iter-yield) t)
             ((and (eq (car form) 'funcall) (eq (car-safe (nth 1 form)) 'function))
              ;; A lambda called here is opened (`generator--open-lambda').
              (generator--yields-p (cons (nth 1 (nth 1 form)) (nthcdr 2 form))))
             (t (let ((found nil))
                  (while (and (consp form) (not found))
                    (setq found (generator--yields-p (car form))
                          form (cdr form)))
                  found)))))

(defun generator--atomic-p (form)
  "Non-nil if FORM can be left as it is."
  (not (if cps-inhibit-atomic-optimization
           (and (consp form) (not (memq (car form) '(quote function))))
         (generator--yields-p form))))

(defun generator--our-symbol-p (expr)
  "Non-nil if EXPR is a variable the rewriting made (an uninterned symbol)."
  (and (symbolp expr) expr (not (eq expr (intern-soft (symbol-name expr))))))

(defun generator--then (expr code)
  "CODE after evaluating EXPR for its effects, if it has any."
  (if (or (macroexp-const-p expr) (generator--our-symbol-p expr))
      code
    `(progn ,expr ,code)))

;;; Continuations and steps

(defun generator--k (fn &optional portable)
  "A continuation whose code (FN EXPR) goes on with the value of EXPR."
  (cons portable fn))

(defun generator--continue (k expr)
  "The code of continuation K going on with the value of EXPR."
  (funcall (cdr k) expr))

(defun generator--jump (step)
  "A continuation handing its value to STEP, a variable, through the driver."
  (generator--k (lambda (expr)
                  `(progn (setq ,generator--value ,expr ,generator--state ,step) t))
                t))

(defun generator--portable (k body-fn)
  "Code made by BODY-FN from a portable continuation doing what K does."
  (if (car k)
      (funcall body-fn k)
    (let ((join (make-symbol "join"))
          (v (make-symbol "v")))
      `(let ((,join (lambda (,v) ,(generator--continue k v))))
         ,(funcall body-fn (generator--k (lambda (expr) `(funcall ,join ,expr)) t))))))

(defun generator--wrap (frames code)
  "CODE inside FRAMES, innermost first."
  (dolist (frame frames code)
    (setq code (funcall (nth 1 frame) code))))

(defun generator--step (ctx k)
  "A step, made in CTX, that goes on with K."
  (let ((v (make-symbol "v")))
    `(lambda (,v) ,(generator--wrap ctx (generator--continue k v)))))

(defun generator--enter (frames ctx body-fn)
  "Code running (BODY-FN INNER-CTX) inside FRAMES, new frames inside CTX."
  (generator--wrap frames (funcall body-fn (append frames ctx))))

(defun generator--cleanups (ctx)
  "The variable holding the cleanups `iter-close' runs from CTX, or nil."
  (nth 2 (assq 'unwind ctx)))

;;; The rewriting

(defconst generator--rewriters
  '((progn . generator--progn) (inline . generator--progn)
    (prog1 . generator--prog1) (setq . generator--setq)
    (if . generator--if) (and . generator--and) (or . generator--or)
    (cond . generator--cond) (let . generator--let) (let* . generator--let*)
    (while . generator--while) (catch . generator--catch)
    (unwind-protect . generator--unwind-protect)
    (condition-case . generator--condition-case)
    (iter-yield . generator--yield))
  "The function rewriting each special form, and `iter-yield'.")

(defun generator--cps (form ctx k)
  "Code evaluating FORM in CTX, then going on with K."
  (if (generator--atomic-p form)
      (generator--continue k form)
    (let ((rewriter (cdr (assq (car form) generator--rewriters))))
      (cond (rewriter (funcall rewriter form ctx k))
            ((and (symbolp (car form)) (special-form-p (car form))
                  (not (eq (car form) 'interactive)))
             (if (generator--yields-p form)
                 (error "Special form %S incorrect or not supported" form)
               (generator--continue k form)))
            (t (generator--call form ctx k))))))

(defun generator--call (form ctx k)
  "`generator--cps' for FORM, a function call."
  (let ((opened (generator--open-lambda form)))
    (if opened
        (generator--cps opened ctx k)
      (generator--cps-list (cdr form) ctx
                           (lambda (args)
                             (generator--continue k (cons (car form) args)))))))

(defun generator--open-lambda (form)
  "FORM, a call of a literal lambda whose body yields, as a `let', or nil.
Emacs's `macroexpand-all' opens such calls, so there a yield in the
lambda's body is the generator's."
  (let* ((funcall (eq (car form) 'funcall))
         (fn (if funcall (nth 1 form) (car form)))
         (fn (if (eq (car-safe fn) 'function) (nth 1 fn) fn)))
    (and (eq (car-safe fn) 'lambda)
         (generator--yields-p (cddr fn))
         (generator--lambda-bindings (nth 1 fn) (nthcdr (if funcall 2 1) form)
                                     (cddr fn)))))

(defun generator--lambda-bindings (arglist args body)
  "(let BINDINGS . BODY) binding ARGLIST to ARGS, or nil if they do not fit."
  (let ((bindings nil) (optional nil) (fits t))
    (while (and arglist fits)
      (let ((var (pop arglist)))
        (cond ((eq var '&optional) (setq optional t))
              ((eq var '&rest)
               (if arglist
                   (push (list (car arglist) `(list ,@args)) bindings)
                 (setq fits nil))
               (setq arglist nil args nil))
              ((or args optional) (push (list var (pop args)) bindings))
              (t (setq fits nil)))))
    (and fits (null args) `(let ,(nreverse bindings) ,@body))))

(defun generator--seq (forms ctx k)
  "Code evaluating FORMS in order, going on with K with the last one's value.
The code is made from the last form back, so that the rewriting's own
calls do not nest deeper with each form.  The code after a form that
can yield, if it can yield too, is a join made when the sequence
starts, so that the closures made at yields do not nest one in another
down a long body."
  (if (null forms)
      (generator--continue k nil)
    (let* ((backward (reverse forms))
           (code (generator--cps (car backward) ctx k))
           (yields (not (generator--atomic-p (car backward))))
           (joins nil))
      (dolist (form (cdr backward))
        (if (generator--atomic-p form)
            (setq code `(progn ,form ,code))
          (when yields
            (let ((join (generator--join code)))
              (push (car join) joins)
              (setq code (cdr join))))
          (setq code (generator--cps form ctx (generator--before code))
                yields t)))
      (generator--with-joins joins code))))

(defun generator--join (code)
  "(BINDING . CALL): a join running CODE, its `let*' binding and its call."
  (let ((join (make-symbol "then")))
    (cons `(,join (lambda () ,code)) `(funcall ,join))))

(defun generator--with-joins (joins code &optional first)
  "CODE in the scope of JOINS, bindings pushed last first, after FIRST."
  (if (or joins first)
      `(let* (,@first ,@(reverse joins)) ,code)
    code))

(defun generator--before (code)
  "A continuation evaluating its expression for its effects, then CODE."
  (generator--k (lambda (expr) (generator--then expr code))))

(defconst generator--most-variables 8
  "The most values of forms before a yield that wait in variables of their
own; more wait in a vector.  (marrow's analysis of closures nested as
deep as the yields grows fast with the variables they capture.)")

(defun generator--cps-list (forms ctx fn)
  "Code evaluating FORMS in order, then the code (FN EXPRS): EXPRS, to be
evaluated in order once, give the values of FORMS.  The values of the
forms before the last that can yield wait in variables, constants
aside, or in a vector when there are many or some of them can yield
(the code after such a form is then a join, as in `generator--seq');
the forms after the last that can yield stay as they are."
  (let ((count 0) (n 0))
    (dolist (form forms)
      (setq n (1+ n))
      (unless (generator--atomic-p form) (setq count n)))
    (if (zerop count)
        (funcall fn forms)
      (let* ((before (butlast forms (1+ (- n count))))
             (after (nthcdr count forms))
             (vector (and (or (> (cl-count-if-not #'macroexp-const-p before)
                                 generator--most-variables)
                              (not (cl-every #'generator--atomic-p before)))
                          (make-symbol "values")))
             (places (generator--places before vector))
             (code (generator--cps (nth (1- count) forms) ctx
                                   (generator--k
                                    (lambda (expr)
                                      (funcall fn (append places (list expr) after))))))
             (joins nil))
        (cl-mapc (lambda (form place)
                   (unless (eq form place)
                     (unless (generator--atomic-p form)
                       (let ((join (generator--join code)))
                         (push (car join) joins)
                         (setq code (cdr join))))
                     (setq code (generator--cps form ctx (generator--store place code)))))
                 (reverse before) (reverse places))
        (generator--with-joins
         joins code (and vector `((,vector (make-vector ,(length before) nil)))))))))

(defun generator--places (forms vector)
  "Where the values of FORMS wait: a constant is its own value; another
value waits in a new variable, or in its element of VECTOR if non-nil."
  (let ((i -1))
    (mapcar (lambda (form)
              (setq i (1+ i))
              (cond ((macroexp-const-p form) form)
                    (vector `(aref ,vector ,i))
                    (t (make-symbol "arg"))))
            forms)))

(defun generator--store (place code)
  "A continuation storing the value of its expression in PLACE, from
`generator--places', then running CODE."
  (generator--k (lambda (expr)
                  (if (symbolp place)
                      `(let ((,place ,expr)) ,code)
                    `(progn (aset ,@(cdr place) ,expr) ,code)))))

(defun generator--progn (form ctx k)
  (generator--seq (cdr form) ctx k))

(defun generator--prog1 (form ctx k)
  (let ((first (make-symbol "first")))
    (generator--cps (nth 1 form) ctx
                    (generator--k
                     (lambda (expr)
                       `(let ((,first ,expr))
                          ,(generator--seq (append (nthcdr 2 form) (list first)) ctx k)))))))

(defun generator--setq (form ctx k)
  (let ((pairs (cdr form)))
    (if (cddr pairs)
        (let ((sets nil))
          (while pairs
            (push (if (cdr pairs)
                      `(setq ,(car pairs) ,(nth 1 pairs))
                    `(signal 'wrong-number-of-arguments '(setq ,(length (cdr form)))))
                  sets)
            (setq pairs (cddr pairs)))
          (generator--seq (nreverse sets) ctx k))
      (generator--cps (nth 1 pairs) ctx
                      (generator--k
                       (lambda (expr) (generator--continue k `(setq ,(car pairs) ,expr))))))))

(defun generator--if (form ctx k)
  (let ((then (nth 2 form))
        (else (nthcdr 3 form)))
    (generator--cps
     (nth 1 form) ctx
     (generator--k
      (lambda (test)
        (if (and (generator--atomic-p then) (cl-every #'generator--atomic-p else))
            (generator--continue k `(if ,test ,then ,@else))
          (generator--portable
           k (lambda (k)
               `(if ,test ,(generator--cps then ctx k) ,(generator--seq else ctx k))))))))))

(defun generator--and (form ctx k)
  (let ((args (cdr form)))
    (generator--cps (cond ((null args) t)
                          ((null (cdr args)) (car args))
                          (t `(if ,(car args) (and ,@(cdr args)))))
                    ctx k)))

(defun generator--or (form ctx k)
  (let ((args (cdr form))
        (first (make-symbol "first")))
    (generator--cps (if (cdr args)
                        `(let ((,first ,(car args))) (if ,first ,first (or ,@(cdr args))))
                      (car args))
                    ctx k)))

(defun generator--cond (form ctx k)
  (let ((clause (nth 1 form))
        (rest `(cond ,@(nthcdr 2 form))))
    (generator--cps (cond ((null (cdr form)) nil)
                          ((not (consp clause)) `(signal 'wrong-type-argument '(listp ,clause)))
                          ((cdr clause) `(if ,(car clause) (progn ,@(cdr clause)) ,rest))
                          (t `(or ,(car clause) ,rest)))
                    ctx k)))

(defun generator--let* (form ctx k)
  (let ((bindings (nth 1 form))
        (body (nthcdr 2 form)))
    (generator--cps (if (cdr bindings)
                        `(let (,(car bindings)) (let* ,(cdr bindings) ,@body))
                      `(let ,bindings ,@body))
                    ctx k)))

(defun generator--let (form ctx k)
  (let ((vars (mapcar (lambda (b) (if (consp b) (car b) b)) (nth 1 form)))
        (inits (mapcar (lambda (b) (car-safe (cdr-safe b))) (nth 1 form))))
    (generator--cps-list inits ctx
                         (lambda (exprs)
                           (generator--bind (cl-mapcar #'list vars exprs)
                                            (nthcdr 2 form) ctx k)))))

(defun generator--bind (bindings body ctx k)
  "Code binding BINDINGS ((VAR EXPR)...) around BODY, going on with K."
  (cond ((null bindings) (generator--seq body ctx k))
        ((cl-every #'generator--atomic-p body)
         (generator--continue k `(let ,bindings ,@body)))
        ((cl-some (lambda (b) (special-variable-p (car b))) bindings)
         (generator--bind-special bindings body ctx k))
        (t (generator--portable
            k (lambda (k) `(let ,bindings ,(generator--seq body ctx k)))))))

(defun generator--bind-special (bindings body ctx k)
  "`generator--bind' for BINDINGS of which some are special variables:
each has the value of a lexical variable (its home) while a step of
BODY runs, and the home gets the value back when it ends."
  (let* ((after (make-symbol "after"))
         (homes (mapcar (lambda (b)
                          (and (special-variable-p (car b)) (make-symbol (symbol-name (car b)))))
                        bindings))
         (special (cl-remove nil (cl-mapcar (lambda (b home) (and home (list (car b) home)))
                                            bindings homes)))
         (frame (list 'special
                      (lambda (code)
                        `(let ,special
                           (unwind-protect ,code
                             (setq ,@(apply #'append (mapcar #'reverse special)))))))))
    `(let ((,after ,(generator--step ctx k)))
       (let ,(cl-mapcar (lambda (b home) (if home (list home (nth 1 b)) b)) bindings homes)
         ,(generator--enter (list frame) ctx
                            (lambda (inner)
                              (generator--seq body inner (generator--jump after))))))))

(defun generator--while (form ctx k)
  (let ((loop (make-symbol "loop")))
    `(let ((,loop nil))
       (setq ,loop
             ,(generator--step
               ctx (generator--k
                    (lambda (_)
                      (generator--cps
                       (nth 1 form) ctx
                       (generator--k
                        (lambda (test)
                          `(if ,test
                               ,(generator--seq (nthcdr 2 form) ctx
                                                (generator--k
                                                 (lambda (expr)
                                                   (generator--then
                                                    expr `(progn (setq ,generator--state ,loop) t)))
                                                 t))
                             ,(generator--continue k nil)))))))))
       (setq ,generator--state ,loop)
       t)))

(defun generator--catch (form ctx k)
  (let ((tag (make-symbol "tag"))
        (after (make-symbol "after")))
    (generator--cps
     (nth 1 form) ctx
     (generator--k
      (lambda (expr)
        `(let ((,tag ,expr)
               (,after ,(generator--step ctx k)))
           ,(generator--enter (list (generator--catch-frame tag after)) ctx
                              (lambda (inner)
                                (generator--seq (nthcdr 2 form) inner
                                                (generator--jump after))))))))))

(defun generator--catch-frame (tag after)
  "A frame catching TAG for each step, a throw going on to step AFTER."
  (list 'catch
        (lambda (code)
          (let ((normal (make-symbol "normal"))
                (result (make-symbol "result")))
            `(let* ((,normal nil)
                    (,result (catch ,tag (prog1 ,code (setq ,normal t)))))
               (if ,normal
                   ,result
                 (setq ,generator--value ,result ,generator--state ,after)
                 t))))))

(defun generator--unwind-protect (form ctx k)
  (let* ((cleanup (make-symbol "cleanup"))
         (outer (generator--cleanups ctx))
         (cleanups (if outer (make-symbol "cleanups") cleanup))
         (unwound (make-symbol "unwound")))
    (setq generator--closes t)
    `(let* ((,cleanup (lambda () ,@(nthcdr 2 form)))
            ,@(and outer `((,cleanups (lambda () (funcall ,outer) (funcall ,cleanup)))))
            (,unwound ,(generator--step
                        ctx (generator--k (lambda (v)
                                            `(progn (funcall ,cleanup)
                                                    ,(generator--continue k v)))))))
       ,(generator--enter (list (generator--unwind-frame cleanup cleanups)) ctx
                          (lambda (inner)
                            (generator--cps (nth 1 form) inner (generator--jump unwound)))))))

(defun generator--unwind-frame (cleanup cleanups)
  "A frame calling CLEANUP when a step exits non-locally; CLEANUPS is what
`iter-close' calls while the iterator waits inside it."
  (list 'unwind
        (lambda (code)
          (let ((normal (make-symbol "normal")))
            `(let ((,normal nil))
               (unwind-protect (prog1 ,code (setq ,normal t))
                 (unless ,normal (funcall ,cleanup))))))
        cleanups))

(defun generator--condition-case (form ctx k)
  (let* ((var (nth 1 form))
         (clauses (nthcdr 3 form))
         (success (assq :success clauses))
         (handlers (remq success clauses))
         (after (make-symbol "after"))
         (succeed (make-symbol "success"))
         (steps (mapcar (lambda (_) (make-symbol "handler")) handlers)))
    `(let* ((,after ,(generator--step ctx k))
            ,@(and success
                   `((,succeed ,(generator--handler-step var (cdr success) ctx after))))
            ,@(cl-mapcar (lambda (h step)
                           (list step (generator--handler-step var (cdr h) ctx after)))
                         handlers steps))
       ,(generator--enter (list (generator--handlers-frame handlers steps)) ctx
                          (lambda (inner)
                            (generator--cps (nth 2 form) inner
                                            (generator--jump (if success succeed after))))))))

(defun generator--handler-step (var body ctx after)
  "A step running BODY with VAR bound to its value, then going on to AFTER."
  (generator--step ctx (generator--k
                        (lambda (v)
                          (generator--cps (if var `(let ((,var ,v)) ,@body) `(progn ,@body))
                                          ctx (generator--jump after))))))

(defun generator--handlers-frame (handlers steps)
  "A frame handling, for each step, the conditions of HANDLERS by going
on to the matching one of STEPS with the error."
  (let ((err (make-symbol "err")))
    (list 'handlers
          (lambda (code)
            `(condition-case ,err ,code
               ,@(cl-mapcar (lambda (h step)
                              `(,(car h) (setq ,generator--value ,err ,generator--state ,step) t))
                            handlers steps))))))

(defun generator--yield (form ctx k)
  (unless (= (length form) 2)
    (signal 'wrong-number-of-arguments (list '(1 . 1) (1- (length form)))))
  (generator--cps
   (nth 1 form) ctx
   (generator--k
    (lambda (expr)
      (let ((cleanups (generator--cleanups ctx)))
        `(progn (setq ,generator--value ,expr
                      ,generator--state ,(generator--step ctx k)
                      ,@(and cleanups (list generator--closer cleanups)))
                nil))))))

;;; The iterator

(defun generator--finished (value)
  "The step of an iterator that has ended: the end again, with VALUE."
  (signal 'iter-end-of-sequence value))

(defun generator--make (body)
  "Code making an iterator that runs BODY."
  (unless lexical-binding
    (signal 'cl-assertion-failed '(lexical-binding)))
  (let* ((generator--state (make-symbol "state"))
         (generator--value (make-symbol "value"))
         (generator--closer (make-symbol "cleanups"))
         (generator--closes nil)
         (expanded (macroexpand-all (macroexp-progn body)
                                    (and (boundp 'macroexpand-all-environment)
                                         macroexpand-all-environment)))
         (start (generator--cps expanded nil
                                (generator--k
                                 (lambda (v) `(signal 'iter-end-of-sequence ,v)) t))))
    `(let (,generator--state ,generator--value
           ,@(and generator--closes (list generator--closer)))
       (setq ,generator--state (lambda (_) ,start))
       ,(if generator--closes
            (generator--closed-when-dropped)
          (generator--driver nil)))))

(defun generator--closed-when-dropped ()
  "The iterator, with a finalizer that closes it once it is garbage, as
Emacs's do: its pending cleanups then run."
  (let ((iterator (make-symbol "iterator"))
        (finalizer (make-symbol "finalizer")))
    `(let* ((,finalizer nil)
            (,iterator ,(generator--driver finalizer)))
       (setq ,finalizer (make-finalizer (lambda () (iter-close ,iterator))))
       ,iterator)))

(defun generator--driver (finalizer)
  "The iterator: a function of (OP VALUE) over the steps.  FINALIZER, if
non-nil, is the variable holding its finalizer, which it keeps while
it may have cleanups to run."
  (let ((op (make-symbol "op"))
        (sent (make-symbol "sent"))
        (done (make-symbol "yielded"))
        (cleanups (make-symbol "cleanups"))
        (state generator--state)
        (value generator--value)
        (closer (and generator--closes generator--closer)))
    `(lambda (,op ,sent)
       (cond
        ((eq ,op :next)
         ,@(and closer `((setq ,closer nil)))
         (setq ,value ,sent)
         (let ((,done nil))
           (unwind-protect
               (progn (while (funcall ,state ,value))
                      (setq ,done t)
                      ,value)
             ;; An error or a throw out of the body ends the iterator.
             (unless ,done
               (setq ,state #'generator--finished ,value nil)))))
        ((eq ,op :close)
         ,(if closer
              `(let ((,cleanups ,closer))
                 (setq ,state #'generator--finished ,value nil ,closer nil
                       ,@(and finalizer (list finalizer nil)))
                 (and ,cleanups (funcall ,cleanups)))
            `(setq ,state #'generator--finished ,value nil)))
        (t (error "Unknown iterator operation %S" ,op))))))

;;; The interface

(defmacro iter-lambda (arglist &rest body)
  "Return a generator: a function of ARGLIST that returns an iterator
running BODY, in which `iter-yield' hands a value to `iter-next'."
  (declare (indent defun))
  `(lambda ,arglist ,(generator--make body)))

(defmacro iter-defun (name arglist &rest body)
  "Define NAME as a generator of ARGLIST running BODY (see `iter-lambda').
A docstring, (:documentation FORM) and `declare' and `interactive' forms
at the start of BODY (not its last form) are NAME's."
  (declare (indent defun) (doc-string 3))
  (unless lexical-binding
    (signal 'cl-assertion-failed '(lexical-binding)))
  (let ((parsed (macroexp-parse-body body)))
    `(defun ,name ,arglist ,@(car parsed) ,(generator--make (cdr parsed)))))

(defmacro iter-make (&rest body)
  "Return an iterator running BODY."
  (generator--make body))

(defconst iter-empty (lambda (_op _value) (signal 'iter-end-of-sequence nil))
  "An iterator that has ended.")

(defun iter-yield (value)
  "Inside a generator, hand VALUE to the caller of `iter-next'.
The `iter-yield' form returns the value passed to the next `iter-next'."
  (ignore value)
  (error "`iter-yield' used outside a generator"))

(defun iter-next (iterator &optional yield-result)
  "Run ITERATOR to its next yield and return the value yielded.
YIELD-RESULT is what the `iter-yield' it waits in returns.  When the
body ends, signal `iter-end-of-sequence' with its value."
  (funcall iterator :next yield-result))

(defun iter-close (iterator)
  "End ITERATOR, running the cleanups of the `unwind-protect' forms it
waits in."
  (funcall iterator :close nil))

(defmacro iter-yield-from (iterator)
  "Inside a generator, yield each value of ITERATOR, passing it the values
given to `iter-next'; return ITERATOR's final value.  ITERATOR is closed
when this form is left."
  (let ((it (make-symbol "iterator"))
        (sent (make-symbol "sent"))
        (value (make-symbol "value"))
        (ended (make-symbol "ended"))
        (end (make-symbol "end")))
    `(let ((,it ,iterator) (,sent nil) (,value nil) (,ended nil))
       (unwind-protect
           (progn
             (while (progn
                      (setq ,value (condition-case ,end (iter-next ,it ,sent)
                                     (iter-end-of-sequence (setq ,ended t) (cdr ,end))))
                      (not ,ended))
               (setq ,sent (iter-yield ,value)))
             ,value)
         (iter-close ,it)))))

(defmacro iter-do (spec &rest body)
  "Run BODY with VAR bound to each value of ITERATOR; SPEC is (VAR ITERATOR).
Return ITERATOR's final value.

\(fn (VAR ITERATOR) BODY...)"
  (declare (indent 1))
  (generator--check-spec 'iter-do spec)
  (let ((it (make-symbol "iterator"))
        (more (make-symbol "more"))
        (result (make-symbol "result"))
        (end (make-symbol "end")))
    `(let ((,it ,(nth 1 spec)) (,more t) (,result nil))
       (while ,more
         (let ((,(car spec) (condition-case ,end (iter-next ,it)
                              (iter-end-of-sequence
                               (setq ,more nil ,result (cdr ,end))))))
           (when ,more ,@body)))
       ,result)))

(defun generator--check-spec (macro spec)
  "Signal the error Emacs's `cl-defmacro' would if SPEC is no (VAR ITERATOR)."
  (cond ((not (listp spec)) (signal 'wrong-type-argument (list 'sequencep spec)))
        ((not (proper-list-p spec)) (signal 'wrong-type-argument (list 'listp (cdr (last spec)))))
        ((/= (length spec) 2) (signal 'wrong-number-of-arguments (list macro (length spec))))))

;;; cl-loop's `for VAR iter-by ITERATOR'

(defun generator--loop-for-iter-by (var)
  "Parse `iter-by ITERATOR' of a `for VAR' clause: VAR takes each value of
ITERATOR; the loop ends when it does."
  (let ((it (cl-lib--loop-temp "iterator" (cl-lib--loop-next)))
        (item (cl-lib--loop-temp "item" nil)))
    (cl-lib--loop-bind-pattern var)
    (push `(condition-case nil (progn (setq ,item (iter-next ,it)) t)
             (iter-end-of-sequence nil))
          cl-lib--loop-chain)
    (cl-lib--loop-set var item)))

(put 'iter-by 'cl-loop-for-handler #'generator--loop-for-iter-by)

(provide 'generator)

;;; generator.el ends here
