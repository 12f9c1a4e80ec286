;;; cl-generic.el --- generic functions for marrow  -*- lexical-binding: t -*-

;; `cl-defgeneric' and `cl-defmethod' as GNU Emacs 28 defines them:
;; dispatch on any required argument by type (the builtin types and
;; their supertypes, cl-defstruct types with their :include parents),
;; (eql VAL) and (head SYM), also on the values of `&context'
;; expressions; :around, :before, :after and :extra qualifiers;
;; `cl-call-next-method' and `cl-next-method-p'.  Libraries add types
;; (`cl-generic--type-parents-functions') and specializers
;; (`cl-generic--specializer-kinds'), as EIEIO adds its classes and
;; (subclass CLASS); without it (subclass TYPE) is an unknown
;; specializer, as in Emacs 28.
;;
;; Design:
;; - A generic function is a `cl-generic--generic' record kept in its
;;   name's `cl-generic--generic' property; the name's function cell
;;   holds a dispatcher closed over it.
;; - A method's specializers are those of its required arguments, then
;;   ((&context . EXPR) . SPECIALIZER) for each `&context' entry, as in
;;   Emacs.  A context ranks after all the arguments.
;; - A call computes a key from its dispatched arguments: for each
;;   position (an argument's index, or a context's (&context . EXPR))
;;   some method specializes, the argument's (eql . VAL) or
;;   (head . SYM) when a method of that position names it, else the
;;   key an added specializer kind of that position gives, else its
;;   type tag.  Every argument with the same key gets the same
;;   methods, so the effective method (a function of the argument
;;   list) is built once per key and cached; adding a method clears
;;   the cache.
;; - A method body that calls `cl-call-next-method' or
;;   `cl-next-method-p' gets two leading parameters: the next
;;   function (or a `cl-generic--none' list saying there is none) and
;;   the original arguments, which a call without arguments passes on.

(require 'cl-lib)

(cl-defstruct (cl-generic--generic (:constructor cl-generic--make (name)) (:copier nil))
  name
  (methods nil)                    ; newest first
  (positions nil)                  ; ((POS EQL-VALUES . HEADS)...) dispatched
  (cache (make-hash-table :test 'equal))
  (order nil))                     ; argument indexes by precedence, or nil

;; Laid out as Emacs's, which errors show.
(cl-defstruct (cl--generic-method
               (:constructor cl-generic--make-method (specializers qualifiers uses-cnm function))
               (:copier nil))
  specializers qualifiers uses-cnm function)

;;; ---- Types ---------------------------------------------------------------

(defconst cl-generic--supertypes
  '((integer number number-or-marker atom)
    (float number atom)
    (symbol atom)
    (null symbol list sequence atom)
    (string array sequence atom)
    (cons list sequence)
    (vector array sequence atom)
    (bool-vector array sequence atom)
    (char-table array sequence atom)
    (hash-table atom)
    (subr atom)
    (compiled-function function atom)
    (module-function function atom)
    (marker number-or-marker atom)
    (buffer atom) (overlay atom) (process atom) (window atom) (frame atom)
    (window-configuration atom) (terminal atom) (thread atom) (mutex atom)
    (condvar atom) (font-spec atom) (font-entity atom) (font-object atom)
    (user-ptr atom))
  "Each builtin type tag with its supertypes, most specific first.")

(defun cl-generic--type-tag (x)
  (if (null x) 'null (type-of x)))

(defvar cl-generic--type-parents-functions nil
  "Functions of a type tag returning the types an object of that tag
belongs to, most specific first and t last, or nil for a tag they do not
know: how a library (EIEIO) makes its types known to dispatch.")

(defvar cl-generic--specializer-kinds nil
  "(HEAD KEY-FUNCTION . RANK-FUNCTION) for each specializer (HEAD ARG) a
library adds, as EIEIO adds (subclass CLASS).  KEY-FUNCTION of an
argument returns its dispatch key (a cons whose car is HEAD), or nil to
dispatch on its type; RANK-FUNCTION of a specializer and an argument
returns how specific the specializer is for it (from 2, lower is more,
below the ranks of builtin types), or nil if it does not apply.")

(defun cl-generic--struct-p (type)
  (get type 'cl-lib--struct-tags))

(defun cl-generic--added-type-parents (tag)
  (and (symbolp tag)
       (run-hook-with-args-until-success 'cl-generic--type-parents-functions tag)))

(defun cl-generic--precedence (tag)
  "The types an object of type TAG belongs to, most specific first."
  (if (cl-generic--struct-p tag)
      (let ((types nil))
        (while tag
          (push tag types)
          (setq tag (get tag 'cl-lib--struct-parent)))
        (append (nreverse types) '(cl-structure-object record atom t)))
    (or (cl-generic--added-type-parents tag)
        (append (or (assq tag cl-generic--supertypes) (list tag 'atom)) '(t)))))

(defun cl-generic--known-type-p (type)
  (or (eq type t)
      (cl-generic--struct-p type)
      (cl-generic--added-type-parents type)
      (memq type '(cl-structure-object record))
      (let ((found nil))
        (dolist (entry cl-generic--supertypes)
          (when (memq type entry) (setq found t)))
        found)))

(defun cl-generic--check-specializer (spec)
  (unless (or (and (symbolp spec) (cl-generic--known-type-p spec))
              (and (consp spec)
                   (or (memq (car spec) '(eql head))
                       (assq (car spec) cl-generic--specializer-kinds))
                   (consp (cdr spec))
                   (or (null (cdr (cdr spec))) (eq (car spec) 'derived-mode))))
    (error "Unknown specializer %S" spec)))

;;; ---- Parsing -------------------------------------------------------------

(defun cl-generic--split-args (args)
  "(PLAIN-ARGS . SPECIALIZERS) for a method's lambda list ARGS."
  (let ((plain nil) (specs nil) (contexts nil) (mode 'required))
    (dolist (a args)
      (cond ((memq a '(&optional &rest &key &body &aux &allow-other-keys))
             (setq mode nil)
             (push a plain))
            ((eq a '&context)
             (unless (eq mode 'required)
               (error "&context not immediately after mandatory args"))
             (setq mode 'context))
            ((eq mode 'context)
             (unless (consp a) (error "Invalid &context arg: %S" a))
             (let ((rewriter (and (symbolp (car a))
                                  (get (car a) 'cl-generic--context-rewriter))))
               (when rewriter (setq a (apply rewriter (cdr a)))))
             (push (cons (cons '&context (car a)) (nth 1 a)) contexts))
            ((not mode) (push a plain))
            ((consp a)
             (push (car a) plain)
             (push (nth 1 a) specs))
            (t (push a plain) (push t specs))))
    (cons (nreverse plain) (nconc (nreverse specs) (nreverse contexts)))))

(defmacro cl-generic-define-context-rewriter (name args &rest body)
  "Make a context (NAME ARGS...) of a method stand for the (EXPR
SPECIALIZER) BODY returns; known as soon as it is expanded, for the
methods of the same form."
  (declare (indent defun))
  (list 'eval-and-compile
        (list 'cl-generic--set-context-rewriter (list 'quote name)
              (cons 'lambda (cons args body)))))

(defun cl-generic--set-context-rewriter (name rewriter)
  "Record REWRITER as the function that rewrites contexts (NAME ...)."
  (put name 'cl-generic--context-rewriter rewriter))

;; (major-mode MODE...) is the context of the modes derived from MODE.
(cl-generic-define-context-rewriter major-mode (mode &rest modes)
  `(major-mode ,(if (consp mode) mode `(derived-mode ,mode . ,modes))))

(defun cl-generic--derived-mode-key (arg)
  (and (symbolp arg) (cons 'derived-mode arg)))

(defun cl-generic--derived-mode-rank (spec arg)
  "For (derived-mode MODE): how far ARG, a mode, derives from MODE (from
2, as for the classes of an argument), or nil.  As in Emacs 28, a
specializer naming more modes applies to none."
  (let ((distance 0) (found nil))
    (while (and arg (symbolp arg) (not found) (null (cddr spec)))
      (if (eq arg (nth 1 spec))
          (setq found (+ 2 distance))
        (setq arg (get arg 'derived-mode-parent)
              distance (1+ distance))))
    found))

(setf (alist-get 'derived-mode cl-generic--specializer-kinds)
      (cons #'cl-generic--derived-mode-key #'cl-generic--derived-mode-rank))

(defun cl-generic--context-p (spec)
  "Whether SPEC is a ((&context . EXPR) . SPECIALIZER) entry."
  (eq (car-safe (car-safe spec)) '&context))

(defun cl-generic--mentions-p (tree symbols)
  (cond ((symbolp tree) (memq tree symbols))
        ((consp tree)
         (let ((found nil))
           (while (and (consp tree) (not found))
             (setq found (cl-generic--mentions-p (pop tree) symbols)))
           (or found (and tree (cl-generic--mentions-p tree symbols)))))))

(defun cl-generic--function-name (name)
  "The symbol holding generic function NAME's definition: (setf F) is \\(setf\\ F\\)."
  (if (and (consp name) (eq (car name) 'setf))
      (intern (format "(setf %s)" (nth 1 name)))
    name))

(defun cl-generic--setter-form (name)
  "For a (setf F) NAME, the form making (setf (F ARGS...) V) call it."
  (when (consp name)
    `(subr--set-setter ',(nth 1 name)
                       (lambda (args v)
                         (cons ',(cl-generic--function-name name) (cons v args))))))

;;; ---- Definitions ---------------------------------------------------------

(defun cl-generic--of (name)
  "The generic function NAME is, itself or through aliases, or nil."
  (let ((f name) (g nil))
    (while (and f (symbolp f) (not (setq g (get f 'cl-generic--generic))) (fboundp f))
      (setq f (symbol-function f)))
    g))

(defun cl-generic--install (name g)
  "Make NAME call generic function G; return G."
  (put name 'cl-generic--generic g)
  (defalias name (lambda (&rest args) (cl-generic--call g args)))
  g)

(defun cl-generic--ensure (name)
  "NAME's generic function (or that of the generic it is an alias of),
made (and NAME defined to call it) if new."
  (or (cl-generic--of name)
      (progn
        (when (and (fboundp name) (not (autoloadp (symbol-function name))))
          (error "%s is already defined as something else than a generic function" name))
        (cl-generic--install name (cl-generic--make name)))))

(defun cl-generic--define (name order)
  "What `cl-defgeneric' does, as in Emacs: NAME's generic function (the
one it had, even if unbound since) is installed again, keeping its
methods unless NAME was unbound; a plain function of that name is
replaced.  ORDER, unless nil, lists the argument indexes from the one
deciding first which method is more specific."
  (let ((g (or (get name 'cl-generic--generic) (cl-generic--make name))))
    (unless (fboundp name)
      (setf (cl-generic--generic-order g) nil)
      (setf (cl-generic--generic-methods g) nil)
      (setf (cl-generic--generic-positions g) nil))
    (when order
      (setf (cl-generic--generic-order g) order))
    (clrhash (cl-generic--generic-cache g))
    (cl-generic--install name g)))

(defun cl-generic--dispatch-positions (methods)
  "((POS EQL-VALUES HEADS KINDS)...) for each position some METHODS
specialize: the arguments' indexes in order, then the contexts'
\(&context . EXPR).  KINDS are the heads of the added specializer kinds
used there."
  (let ((positions nil))
    (dolist (m methods)
      (let ((pos 0))
        (dolist (spec (cl--generic-method-specializers m))
          (let ((where pos))
            (when (cl-generic--context-p spec)
              (setq where (car spec) spec (cdr spec)))
            (unless (eq spec t)
              (let ((entry (or (assoc where positions)
                               (car (push (list where nil nil nil) positions)))))
                (cond ((eq (car-safe spec) 'eql)
                       (push (nth 1 spec) (nth 1 entry)))
                      ((eq (car-safe spec) 'head)
                       (push (nth 1 spec) (nth 2 entry)))
                      ((consp spec)
                       (cl-pushnew (car spec) (nth 3 entry)))))))
          (setq pos (1+ pos)))))
    (sort positions (lambda (a b) (and (integerp (car a))
                                       (or (not (integerp (car b))) (< (car a) (car b))))))))

(defun cl-generic--position-value (where args)
  "The value dispatched on at WHERE: an argument's index or (&context . EXPR)."
  (if (integerp where) (nth where args) (eval (cdr where) t)))

(defun cl-generic--method-target (name)
  "The generic function a method of NAME goes to: as in Emacs, an alias
that is no generic function itself stands for what it names, when that
is a generic function or nothing yet.  (An alias for another function
stays NAME, which the error then names, as in Emacs.)"
  (let ((target name) (hops 0))
    (while (and (not (get target 'cl-generic--generic)) (fboundp target)
                (symbolp (symbol-function target)) (symbol-function target)
                (< hops 100))
      (setq target (symbol-function target) hops (1+ hops)))
    (if (or (get target 'cl-generic--generic) (not (fboundp target)))
        target
      name)))

(defun cl-generic--add-method (name qualifiers specializers uses-cnm function)
  ;; Checked when the method is added, as in Emacs, so that a class
  ;; defined earlier in the same form is known.
  (dolist (spec specializers)
    (cl-generic--check-specializer (if (cl-generic--context-p spec) (cdr spec) spec)))
  (setq name (cl-generic--method-target name))
  (let* ((g (cl-generic--ensure name))
         (old (cl-find-if (lambda (m)
                            (and (equal (cl--generic-method-specializers m) specializers)
                                 (equal (cl--generic-method-qualifiers m) qualifiers)))
                          (cl-generic--generic-methods g)))
         (method (cl-generic--make-method specializers qualifiers uses-cnm function)))
    (setf (cl-generic--generic-methods g)
          (cons method (delq old (cl-generic--generic-methods g))))
    (cl-pushnew `(cl-defmethod ,name ,qualifiers . ,specializers) current-load-list
                :test #'equal)
    (setf (cl-generic--generic-positions g)
          (cl-generic--dispatch-positions (cl-generic--generic-methods g)))
    (clrhash (cl-generic--generic-cache g))
    name))

(defun cl-generic--eval-eql (specializers)
  "SPECIALIZERS with the form of each (eql FORM) evaluated, as Emacs 28
does, unless FORM is a symbol that is no constant (taken as it is, the
old way)."
  (mapcar (lambda (spec)
            (let ((s (if (cl-generic--context-p spec) (cdr spec) spec)))
              (if (and (eq (car-safe s) 'eql)
                       (not (and (symbolp (nth 1 s)) (nth 1 s) (not (keywordp (nth 1 s)))
                                 (not (eq (nth 1 s) t)))))
                  (let ((evaluated (list 'eql (eval (nth 1 s) t))))
                    (if (eq s spec) evaluated (cons (car spec) evaluated)))
                spec)))
          specializers))

(defmacro cl-defmethod (name &rest rest)
  "Define a method of generic function NAME.
\(cl-defmethod NAME [QUALIFIERS...] ARGS [DOCSTRING] BODY...): each
required argument of ARGS may be (VAR SPECIALIZER)."
  (declare (indent defun))
  (let ((qualifiers nil))
    (while (not (listp (car rest)))
      (let ((q (pop rest)))
        (push q qualifiers)
        (when (eq q :extra) (push (pop rest) qualifiers))))
    (let* ((split (cl-generic--split-args (pop rest)))
           (body rest)
           (fname (cl-generic--function-name name))
           (uses-cnm (cl-generic--mentions-p body '(cl-call-next-method cl-next-method-p)))
           (args (if uses-cnm
                     (append '(cl-generic--next cl-generic--args) (car split))
                   (car split)))
           (body (if (not uses-cnm)
                     body
                   (let ((doc (and (stringp (car body)) (cdr body) (list (pop body)))))
                     `(,@doc
                       (cl-flet ((cl-call-next-method (&rest args)
                                   (cl-generic--call-next cl-generic--next
                                                          (or args cl-generic--args)))
                                 (cl-next-method-p ()
                                   (functionp cl-generic--next)))
                         ,@body))))))
      `(progn
         ,@(and (consp name) (list (cl-generic--setter-form name)))
         (cl-generic--add-method ',fname ',(nreverse qualifiers)
                                 (cl-generic--eval-eql ',(cdr split)) ,(and uses-cnm t)
                                 (function (lambda ,@(cl-lib--transform-lambda fname args body))))))))

(defmacro cl-defgeneric (name args &rest options-and-methods)
  "Define NAME as a generic function taking ARGS.
OPTIONS-AND-METHODS may start with a docstring, then (declare ...),
\(:documentation ...) and (:method [QUALIFIERS...] ARGS BODY...) forms;
any forms left make the default method's body.  As in Emacs, the
docstring ends in ARGS's usage line, and the declarations are those
of `defun'."
  (declare (indent 2) (doc-string 3))
  (let ((doc (and (stringp (car options-and-methods)) (pop options-and-methods)))
        (fname (cl-generic--function-name name))
        (declarations nil) (options nil) (methods nil))
    (while (let ((head (car-safe (car options-and-methods))))
             (or (keywordp head) (eq head 'declare)))
      (let ((option (pop options-and-methods)))
        (cond ((eq (car option) :documentation)
               (when doc (error "Multiple doc strings for %S" name))
               (setq doc (nth 1 option)))
              ((eq (car option) 'declare)
               (when declarations (error "Multiple `declare' for %S" name))
               (setq declarations (cdr option)))
              ((eq (car option) :method) (push (cdr option) methods))
              (t (push option options)))))
    (when options-and-methods
      (push (cons args options-and-methods) methods))
    `(prog1
         (progn
           ,@(and (consp name) (list (cl-generic--setter-form name)))
           (defalias ',fname (cl-generic-define ',fname ',args ',(nreverse options))
             ,(if (consp doc)
                  `(help-add-fundoc-usage ,doc ',args)
                (help-add-fundoc-usage doc args)))
           :autoload-end
           ,@(mapcar (lambda (method) `(cl-defmethod ,name ,@method)) (nreverse methods)))
       ,@(mapcar (lambda (declaration) (cl-generic--declaration-form fname args declaration))
                 declarations))))

(defun cl-generic--declaration-form (name args declaration)
  "The form a `defun' DECLARATION of generic function NAME taking ARGS
stands for, or nil (with a warning) if `defun' does not know it."
  (let ((handler (cdr (assq (car declaration) defun-declarations-alist))))
    (if handler
        (apply (car handler) name args (cdr declaration))
      (message "Warning: Unknown defun property `%S' in %S" (car declaration) name)
      nil)))

;;; ---- Calls ---------------------------------------------------------------

(defun cl-generic--arg-key (position arg)
  "ARG's dispatch key at POSITION, a (POS EQL-VALUES HEADS KINDS) entry."
  (cond ((and (nth 1 position) (memql arg (nth 1 position))) (cons 'eql arg))
        ((and (nth 2 position) (consp arg) (memq (car arg) (nth 2 position)))
         (cons 'head (car arg)))
        ((and (nth 3 position) (cl-generic--kind-key (nth 3 position) arg)))
        (t (cl-generic--type-tag arg))))

(defun cl-generic--kind-key (kinds arg)
  "ARG's key from the first of the added specializer KINDS giving one, or nil."
  (let ((key nil))
    (while (and kinds (not key))
      (setq key (funcall (nth 1 (assq (pop kinds) cl-generic--specializer-kinds)) arg)))
    key))

(defun cl-generic--key (g args)
  (let ((positions (cl-generic--generic-positions g)))
    (if (and positions (null (cdr positions)))
        (cl-generic--arg-key (car positions)
                             (cl-generic--position-value (car (car positions)) args))
      (mapcar (lambda (p) (cl-generic--arg-key p (cl-generic--position-value (car p) args)))
              positions))))

(defun cl-generic--call (g args)
  (let* ((key (cl-generic--key g args))
         (effective (gethash key (cl-generic--generic-cache g))))
    (unless effective
      (setq effective (cl-generic--effective-method g args))
      (puthash key effective (cl-generic--generic-cache g)))
    (funcall effective args)))

(defun cl-generic--call-next (next args)
  (if (functionp next)
      (funcall next args)
    ;; NEXT is (cl-generic--none NAME METHOD).
    (apply #'cl-no-next-method (cl-generic--object (nth 1 next)) (nth 2 next) args)))

(defun cl-generic--object (name)
  "The generic function object NAME names (NAME itself if none)."
  (or (get name 'cl-generic--generic) name))

(defun cl-generic--rank (spec arg)
  "How specific SPEC is for ARG (lower is more), or nil if it does not apply."
  (cond ((eq spec t) most-positive-fixnum)
        ((eq (car-safe spec) 'eql) (and (eql arg (nth 1 spec)) 0))
        ((eq (car-safe spec) 'head) (and (eq (car-safe arg) (nth 1 spec)) 1))
        ((consp spec)
         (funcall (cdr (cdr (assq (car spec) cl-generic--specializer-kinds))) spec arg))
        (t (let ((tail (memq spec (cl-generic--precedence (cl-generic--type-tag arg)))))
             (and tail (+ 2 (- 1000 (length tail))))))))

(defun cl-generic--ranks (method args contexts)
  "(METHOD ARG-RANKS CONTEXT-RANKS): METHOD's rank at each argument and
at each of CONTEXTS, the generic's (&context . EXPR) in order; or nil if
it does not apply to ARGS."
  (let ((ranks nil) (context-ranks (make-list (length contexts) most-positive-fixnum))
        (ok t))
    (dolist (spec (cl--generic-method-specializers method))
      (if (cl-generic--context-p spec)
          (let ((rank (and ok (cl-generic--rank (cdr spec) (eval (cdr (car spec)) t)))))
            (if (not rank)
                (setq ok nil)
              (let ((i (cl-position (car spec) contexts :test #'equal)))
                (when i (setcar (nthcdr i context-ranks) rank)))))
        (let ((rank (and ok (cl-generic--rank spec (car args)))))
          (if rank (push rank ranks) (setq ok nil))
          (setq args (cdr args)))))
    (and ok (list method (nreverse ranks) context-ranks))))

(defun cl-generic--lower-ranks-p (a b)
  "Whether the ranks A are lexicographically lower than B (missing ranks are t's)."
  (let ((result nil) (done nil))
    (while (and (not done) (or a b))
      (let ((ra (if a (pop a) most-positive-fixnum))
            (rb (if b (pop b) most-positive-fixnum)))
        (unless (= ra rb)
          (setq result (< ra rb) done t))))
    (if done result 'same)))

(defun cl-generic--more-specific-p (a b)
  "Whether the ranked method A comes before B: by the arguments, then the contexts."
  (let ((by-args (cl-generic--lower-ranks-p (nth 1 a) (nth 1 b))))
    (if (eq by-args 'same)
        (eq (cl-generic--lower-ranks-p (nth 2 a) (nth 2 b)) t)
      by-args)))

(defun cl-generic--applicable (g args)
  "The methods of G applying to ARGS, most specific first (newest first
among equals: `sort' is stable)."
  (let ((contexts (delq nil (mapcar (lambda (p) (and (consp (car p)) (car p)))
                                    (cl-generic--generic-positions g)))))
    (mapcar #'car
            (sort (delq nil (mapcar (lambda (m)
                                      (cl-generic--in-order
                                       (cl-generic--ranks m args contexts)
                                       (cl-generic--generic-order g)))
                                    (cl-generic--generic-methods g)))
                  #'cl-generic--more-specific-p))))

(defun cl-generic--in-order (ranked order)
  "RANKED, (METHOD ARG-RANKS CONTEXT-RANKS) or nil, with its argument ranks
taken in ORDER (a list of argument indexes) when that is non-nil."
  (if (and ranked order)
      (list (car ranked)
            (mapcar (lambda (i) (or (nth i (nth 1 ranked)) most-positive-fixnum)) order)
            (nth 2 ranked))
    ranked))

(defun cl-generic--qualified (methods qualifier)
  "The METHODS whose qualifiers, :extra aside, are QUALIFIER's list."
  (cl-remove-if-not
   (lambda (m)
     (let ((qs (cl--generic-method-qualifiers m)) (plain nil))
       (while qs
         (if (eq (car qs) :extra) (setq qs (cdr (cdr qs))) (push (pop qs) plain)))
       (equal plain (and qualifier (list qualifier)))))
   methods))

(defun cl-generic--run (method next args)
  (if (cl--generic-method-uses-cnm method)
      (apply (cl--generic-method-function method) next args args)
    (apply (cl--generic-method-function method) args)))

(defun cl-generic--chain (name methods last)
  "A function of an argument list calling METHODS in turn, each
`cl-call-next-method' going on to the next; after the last, LAST
\(a function, or a `cl-generic--none' list)."
  (if (null methods)
      last
    (let ((method (car methods))
          (next (cl-generic--chain name (cdr methods) last)))
      (when (and (not (functionp next)) (null (cdr next)))
        (setq next (list 'cl-generic--none name method)))
      (lambda (args) (cl-generic--run method next args)))))

(defun cl-generic--effective-method (g args)
  (let* ((name (cl-generic--generic-name g))
         (methods (cl-generic--applicable g args))
         (primary (cl-generic--chain name (cl-generic--qualified methods nil)
                                     (list 'cl-generic--none)))
         (befores (cl-generic--qualified methods :before))
         (afters (reverse (cl-generic--qualified methods :after)))
         (none (list 'cl-generic--none name)))
    (cond ((null methods)
           (lambda (args) (apply #'cl-no-applicable-method (cl-generic--object name) args)))
          (t
           (let ((inner
                  (lambda (args)
                    (dolist (m befores) (cl-generic--run m none args))
                    (prog1 (if (functionp primary)
                               (funcall primary args)
                             (apply #'cl-no-primary-method (cl-generic--object name) args))
                      (dolist (m afters) (cl-generic--run m none args))))))
             (cl-generic--chain name (cl-generic--qualified methods :around) inner))))))

;;; ---- Introspection -------------------------------------------------------

(defun cl-generic-p (f)
  "F's generic function object if F names a generic function, else nil."
  (and (symbolp f) (get f 'cl-generic--generic)))

(defun cl-generic-apply (generic args)
  "Call the generic function object GENERIC with ARGS."
  (unless (cl-generic--generic-p generic)
    (signal 'wrong-type-argument (list 'cl--generic generic)))
  (apply (cl-generic--generic-name generic) args))

(defun cl-find-method (generic qualifiers specializers)
  "The method of GENERIC (a name) with QUALIFIERS and SPECIALIZERS (one
for each required argument, t for none), or nil."
  (let ((g (or (cl-generic-p generic)
               (signal 'wrong-type-argument (list 'cl--generic nil)))))
    (cl-find-if (lambda (m)
                  (and (equal (cl--generic-method-specializers m) specializers)
                       (equal (cl--generic-method-qualifiers m) qualifiers)))
                (cl-generic--generic-methods g))))

(defun cl-method-qualifiers (method) (cl--generic-method-qualifiers method))

(defun cl--generic-method-files (method)
  "Where the methods of the generic function METHOD were loaded from:
\(FILE METHOD QUALIFIERS . SPECIALIZERS) for each, from what
`cl-defmethod' notes in `load-history'."
  (let ((found nil))
    (dolist (file-entry load-history)
      (dolist (item (cdr file-entry))
        (when (and (eq (car-safe item) 'cl-defmethod) (eq (nth 1 item) method))
          (push (cons (car file-entry) (cdr item)) found))))
    found))

;;; ---- Help ------------------------------------------------------------------

(defun cl-generic--method-signature (method)
  "METHOD's qualifiers and argument list, each required argument with
its specializer, as `describe-function' lists it."
  (let* ((function (cl--generic-method-function method))
         (args (help-function-arglist function t))
         (args (if (cl--generic-method-uses-cnm method) (cddr args) args))
         (specs (cl--generic-method-specializers method))
         (shown (mapcar (lambda (arg)
                          (let ((spec (if (memq arg '(&optional &rest)) t (pop specs))))
                            (if (or (eq spec t) (null spec)) arg (list arg spec))))
                        args)))
    (mapconcat #'prin1-to-string
               (append (cl--generic-method-qualifiers method) (list shown))
               " ")))

(add-hook 'help-fns-describe-function-functions #'cl--generic-describe)

(defun cl--generic-describe (function)
  "Insert, for a generic FUNCTION's help, its methods: each one's
signature and documentation, newest first."
  (let ((generic (cl-generic-p function)))
    (when generic
      (insert "\nThis is a generic function.\n\nImplementations:\n\n")
      (let ((files (cl--generic-method-files function)))
        (dolist (method (cl-generic--generic-methods generic))
          (let ((file (cl-generic--method-file method files)))
            (insert (cl-generic--method-signature method)
                    (if file (format-message " in `%s'.\n\n" (help-fns-short-filename file)) "\n")
                    (cl-generic--method-doc method) "\n\n")))))))

(defun cl-generic--method-file (method files)
  "The file of FILES (from `cl--generic-method-files') that defined METHOD."
  (car (cl-find-if (lambda (entry)
                     (and (equal (nth 2 entry) (cl--generic-method-qualifiers method))
                          (equal (nthcdr 3 entry) (cl--generic-method-specializers method))))
                   files)))

(defun cl-generic--method-doc (method)
  "METHOD's documentation without its usage line, or \"Undocumented\"."
  (let* ((raw (documentation (cl--generic-method-function method) t))
         (split (and raw (help-split-fundoc raw nil)))
         (doc (if split (cdr split) raw)))
    (if (member doc '(nil "")) "Undocumented" doc)))

;;; ---- What compiled code calls ---------------------------------------------
;;
;; Emacs compiles `cl-defgeneric' and `cl-defmethod' into calls of these,
;; each method a function that, when it calls the next method, takes
;; the function doing so as its first argument.

(defun cl-generic-define (name args options)
  "The generic function NAME with argument list ARGS and OPTIONS, which a
compiled `cl-defgeneric' then installs with `defalias'."
  (let ((apo (assq :argument-precedence-order options))
        ;; The `defalias' of the result notes the definition, once.
        (current-load-list current-load-list))
    (cl-generic--define name (and apo (mapcar (lambda (arg) (cl-position arg args)) (cdr apo))))
    (symbol-function name)))

(defvar cl-generic--without-next (make-hash-table :test 'eq)
  "The next-method functions given to compiled methods that have no next
method, while those run: what `cl--generic-isnot-nnm-p' looks up.")

(defun cl--generic-isnot-nnm-p (cnm)
  "Whether CNM, a compiled method's next-method function, has a method to call."
  (not (gethash cnm cl-generic--without-next)))

(defun cl-generic--compiled-method (function)
  "FUNCTION, which takes the next-method function first, as a method
called the way `cl-defmethod' here makes them."
  (lambda (next args &rest method-args)
    (let ((cnm (lambda (&rest cnm-args) (cl-generic--call-next next (or cnm-args args)))))
      (if (functionp next)
          (apply function cnm method-args)
        (puthash cnm t cl-generic--without-next)
        (unwind-protect (apply function cnm method-args)
          (remhash cnm cl-generic--without-next))))))

(defun cl-generic-define-method (name qualifiers args uses-cnm function)
  "Add the method FUNCTION of ARGS (with their specializers) and
QUALIFIERS to the generic function NAME, as a compiled `cl-defmethod'
does; USES-CNM says whether FUNCTION takes a next-method function."
  (cl-generic--add-method (cl-generic--function-name name) qualifiers
                          (cl-generic--eval-eql (cdr (cl-generic--split-args args)))
                          (and uses-cnm t)
                          (if uses-cnm (cl-generic--compiled-method function) function)))

;; What a call that finds no method calls: generic functions themselves,
;; which libraries give methods (EIEIO's old `no-next-method' among them).

(defun cl--generic-name (generic)
  "The name of the generic function object GENERIC."
  (if (cl-generic--generic-p generic) (cl-generic--generic-name generic) generic))

(cl-defgeneric cl-no-next-method (generic method &rest args)
  "Called when METHOD of GENERIC, called with ARGS, calls a next method
there is none of: signal `cl-no-next-method'."
  (signal 'cl-no-next-method `(,(cl--generic-name generic) ,method ,@args)))

(cl-defgeneric cl-no-applicable-method (generic &rest args)
  "Called when no method of GENERIC applies to ARGS: signal
`cl-no-applicable-method'."
  (signal 'cl-no-applicable-method `(,(cl--generic-name generic) ,@args)))

(cl-defgeneric cl-no-primary-method (generic &rest args)
  "Called when GENERIC has no primary method for ARGS: signal
`cl-no-primary-method'."
  (signal 'cl-no-primary-method `(,(cl--generic-name generic) ,@args)))

(provide 'cl-generic)

;;; cl-generic.el ends here
