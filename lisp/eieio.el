;;; eieio.el --- classes and objects as EIEIO has them, for marrow  -*- lexical-binding: t -*-

;; A subset of GNU Emacs 28's EIEIO: `defclass' (slots with :initarg,
;; :initform, :type, :accessor, :reader, :writer, :documentation,
;; :allocation; options :documentation, :abstract and
;; :method-invocation-order), single and multiple inheritance,
;; `make-instance' and each class's constructor, the slot functions
;; (`oref', `oset', `slot-value', `slot-boundp', `with-slots'...),
;; `initialize-instance', `shared-initialize' and `clone' as generic
;; functions user code extends, `cl-defmethod' dispatch on classes
;; and on (subclass CLASS), and `object-write', which prints an object
;; as the Lisp that makes it again (eieio-base's persistent objects
;; are saved with it).
;;
;; Design:
;; - A class is an `eieio--class' record, laid out as Emacs's, kept in
;;   its name's `cl--class' property.  Its slots are `cl-slot-descriptor'
;;   records; its instance slots' indexes are in a hash table.
;; - An object is a record: the class name, then one element per
;;   instance slot, `eieio--unbound' (an uninterned symbol) where the
;;   slot has no value.  So `type-of' gives the class name and `prin1'
;;   prints #s(CLASS VALUES...), as in Emacs 28.  Slots of :class
;;   allocation live in the class.
;; - Each class keeps a default object, tagged with the class record;
;;   `make-instance' copies it, `initialize-instance' evaluates the
;;   initforms that are not constant and `shared-initialize' stores the
;;   initargs, then the copy gets the class name as its tag.
;; - Dispatch: cl-generic asks `eieio--generic-parents' for the classes
;;   an object's class inherits from (breadth first by default, as in
;;   Emacs), and knows (subclass CLASS) from `cl-generic--specializer-kinds'.
;;
;; Not done: :custom and :group are kept but no customization is
;; offered.

(require 'cl-lib)
;; cl-generic's feature is there from the start, as Emacs preloads it,
;; but marrow loads the file on first use: load it now, as its variables
;; are set below.
(when (autoloadp (symbol-function 'cl-generic-define))
  (autoload-do-load (symbol-function 'cl-generic-define) 'cl-generic-define))

;;; ---- Records for classes and slots -----------------------------------------

;; A slot of a class, under the names that code written for Emacs uses.
(cl-defstruct (cl-slot-descriptor
               (:copier cl--copy-slot-descriptor)
               (:conc-name cl--slot-descriptor-)
               (:constructor cl--make-slot-descriptor (name &optional initform type props))
               (:constructor nil))
  name
  initform                              ; a form, or the unbound marker
  type                                  ; nil unless given, as in Emacs
  props)                                ; alist of the other options

(cl-defstruct (eieio--class
               (:constructor nil)
               (:constructor eieio--class-make (name))
               (:copier nil))
  name docstring parents slots index-table
  children
  initarg-tuples                        ; ((INITARG . SLOT-NAME)...)
  class-slots                           ; descriptors of :class slots
  class-allocation-values               ; their values, a vector
  default-object-cache                  ; what `make-instance' copies
  options)                              ; the class options, a plist

(defvar eieio--unbound (make-symbol "eieio--unbound")
  "The value of an object's slot that has none.")

(defvar eieio--unbound-form (macroexp-quote eieio--unbound))

(defvar eieio-skip-typecheck nil
  "Non-nil: store slot values without checking their :type.")

(defvar eieio-backward-compatibility t
  "Non-nil: keep what EIEIO did before Emacs 25 (class names bound to
themselves, CLASS-child-p and CLASS-list-p predicates).")

(defvar eieio-default-superclass nil
  "The class every class without parents inherits from.")

(defvar eieio-hook nil
  "Run, then emptied, before each class definition.")

(define-error 'invalid-slot-name "Invalid slot name")
(define-error 'invalid-slot-type "Invalid slot type")
(define-error 'unbound-slot "Unbound slot")
(define-error 'inconsistent-class-hierarchy "Inconsistent class hierarchy")

(defun cl--find-class (name)
  "The class record NAME names, or nil."
  (get name 'cl--class))

(gv-define-simple-setter cl--find-class eieio--set-class)

(defun eieio--set-class (name class)
  (put name 'cl--class class))

(defsubst eieio--class-object (class)
  "CLASS's record when CLASS is a class name, else CLASS itself."
  (if (symbolp class) (or (cl--find-class class) class) class))

(defsubst eieio--object-class (obj)
  "The class record of object OBJ."
  (eieio--class-object (aref obj 0)))

(defun eieio--class-of (obj)
  "The class record of OBJ if OBJ is an object, else nil."
  (and (recordp obj)
       (let ((class (eieio--class-object (aref obj 0))))
         (and (eieio--class-p class) class))))

(defun eieio-object-p (obj)
  "Return non-nil if OBJ is an EIEIO object."
  (and (eieio--class-of obj) t))

(defun class-p (x)
  "Return non-nil if X is a class, or the name of one."
  (eieio--class-p (if (symbolp x) (cl--find-class x) x)))

(defun find-class (symbol &optional errorp)
  "The class SYMBOL names, or nil; with ERRORP, an error instead of nil."
  (let ((found (cl--find-class symbol)))
    (unless (eieio--class-p found)
      (setq found nil)
      (when errorp
        (signal 'wrong-type-argument (list 'class-p symbol))))
    found))

(defsubst eieio--class-option (class option)
  (plist-get (eieio--class-options class) option))

(defun class-abstract-p (class)
  "Return non-nil if CLASS is abstract: its constructor makes no objects."
  (eieio--class-option (cl--find-class class) :abstract))

(defun eieio-class-name (class)
  "The name of CLASS (a class or its name)."
  (setq class (eieio--class-object class))
  (cl-check-type class eieio--class)
  (eieio--class-name class))

;;; ---- Class precedence ------------------------------------------------------

(defun eieio--parents-or-default (class)
  (or (eieio--class-parents class) (list eieio-default-superclass)))

(defun eieio--precedence-bfs (class)
  (let ((result nil) (queue (eieio--parents-or-default class)))
    (while queue
      (let ((c (pop queue)))
        (unless (memq c result)
          (push c result)
          (unless (eq c eieio-default-superclass)
            (setq queue (append queue (eieio--parents-or-default c)))))))
    (cons class (nreverse result))))

(defun eieio--precedence-dfs (class)
  (let ((result (list class)))
    (dolist (p (eieio--class-parents class))
      (setq result (append result (eieio--precedence-dfs p))))
    (unless (eieio--class-parents class)
      (setq result (append result (list eieio-default-superclass))))
    (let ((tail result))
      (while tail
        (setcdr tail (delq (car tail) (cdr tail)))
        (setq tail (cdr tail))))
    result))

(defun eieio--c3-merge (done lists)
  "DONE (reversed) followed by the C3 merge of LISTS."
  (setq lists (delq nil lists))
  (if (null lists)
      (nreverse done)
    (let ((next nil) (heads lists))
      (while (and heads (not next))
        (let ((candidate (car (car heads))))
          (unless (cl-some (lambda (l) (memq candidate (cdr l))) lists)
            (setq next candidate)))
        (setq heads (cdr heads)))
      (unless next
        (signal 'inconsistent-class-hierarchy (list lists)))
      (eieio--c3-merge (cons next done)
                       (mapcar (lambda (l) (if (eq (car l) next) (cdr l) l)) lists)))))

(defun eieio--precedence-c3 (class)
  (let ((parents (eieio--class-parents class)))
    (eieio--c3-merge (list class)
                     (append (or (mapcar #'eieio--precedence-c3 parents)
                                 (list (list eieio-default-superclass)))
                             (list parents)))))

(defun eieio--class-precedence-list (class)
  "CLASS and the classes it inherits from, in the order its
:method-invocation-order option asks (breadth first by default)."
  (if (or (null class) (eq class eieio-default-superclass))
      nil
    (pcase (eieio--class-option class :method-invocation-order)
      (:depth-first (eieio--precedence-dfs class))
      (:c3 (eieio--precedence-c3 class))
      (_ (eieio--precedence-bfs class)))))

(defun eieio--generic-parents (tag)
  "For cl-generic: the classes an object of class TAG belongs to, then t."
  (let ((class (cl--find-class tag)))
    (when (eieio--class-p class)
      (append (if (eq class eieio-default-superclass)
                  (list tag)
                (mapcar #'eieio--class-name (eieio--class-precedence-list class)))
              '(t)))))

(defun eieio--subclass-key (arg)
  "For cl-generic: the dispatch key of ARG naming a class, else nil."
  (and (symbolp arg) (eieio--class-p (cl--find-class arg)) (cons 'subclass arg)))

(defun eieio--subclass-rank (spec arg)
  "For cl-generic: how specific (subclass CLASS) is for ARG, or nil."
  (let ((classes (and (symbolp arg) (eieio--generic-parents arg))))
    (let ((tail (memq (nth 1 spec) classes)))
      (and tail (+ 2 (- (length classes) (length tail)))))))

(cl-pushnew #'eieio--generic-parents cl-generic--type-parents-functions)
(setf (alist-get 'subclass cl-generic--specializer-kinds)
      (cons #'eieio--subclass-key #'eieio--subclass-rank))

;;; ---- Defining classes ------------------------------------------------------

(defun eieio--eval-default-p (val)
  "Non-nil when VAL looks like a call: a list headed by a defined function.
Old EIEIO code evaluates such initforms even without quoting rules."
  (let ((head (car-safe val)))
    (and (symbolp head) (fboundp head))))

(defun eieio--perform-slot-validation (spec value)
  "Non-nil if VALUE fits the slot type SPEC."
  (or (eq spec t) (eq value eieio--unbound) (cl-typep value spec)))

(defun eieio--validate-default (slot skipnil)
  "Check SLOT's initform against SLOT's type, when the initform is constant
(other initforms are checked when an instance evaluates them).  With
SKIPNIL a nil initform passes whatever the type.  A misfit signals
`invalid-slot-type' with the slot's name, its type and the initform."
  (let ((form (cl--slot-descriptor-initform slot)))
    (cond (eieio-skip-typecheck nil)
          ((not (macroexp-const-p form)) nil)
          ((and skipnil (null form)) nil)
          (t (let ((type (cl--slot-descriptor-type slot)))
               (unless (eieio--perform-slot-validation type (eval form t))
                 (signal 'invalid-slot-type
                         (list (cl--slot-descriptor-name slot) type form))))))))

(defun eieio--all-of-type-p (list type)
  "Whether each element of LIST is of the cl type TYPE."
  (while (and list (cl-typep (car list) type))
    (setq list (cdr list)))
  (null list))

(cl-deftype list-of (elem-type)
  "The type of lists whose elements are all of ELEM-TYPE."
  (list 'and 'list
        (list 'satisfies
              (lambda (value) (eieio--all-of-type-p value elem-type)))))

(defun eieio--slot-override (old new skipnil)
  "Make the inherited slot OLD take what the redefinition NEW changes."
  (let ((name (cl--slot-descriptor-name old))
        (type (cl--slot-descriptor-type new)))
    (cond ((eq type t)
           (setf (cl--slot-descriptor-type new) (cl--slot-descriptor-type old)))
          ((not (equal type (cl--slot-descriptor-type old)))
           (error "Child slot type `%s' does not match inherited type `%s' for `%s'"
                  type (cl--slot-descriptor-type old) name)))
    (unless (eq (cl--slot-descriptor-initform new) eieio--unbound-form)
      (eieio--validate-default new skipnil)
      (setf (cl--slot-descriptor-initform old) (cl--slot-descriptor-initform new)))
    (let ((old-prot (alist-get :protection (cl--slot-descriptor-props old)))
          (prot (alist-get :protection (cl--slot-descriptor-props new))))
      (unless (eq prot old-prot)
        (error "Child slot protection `%s' does not match inherited protection `%s' for `%s'"
               prot old-prot name)))
    ;; Custom groups add up; the other properties replace.
    (let ((groups (alist-get :group (cl--slot-descriptor-props new))))
      (when groups
        (let ((all (alist-get :group (cl--slot-descriptor-props old))))
          (dolist (group groups)
            (unless (memq group all) (push group all)))
          (setf (alist-get :group (cl--slot-descriptor-props old)) all))))
    (dolist (prop '(:custom :label :documentation :printer))
      (let ((value (alist-get prop (cl--slot-descriptor-props new))))
        (when value
          (setf (alist-get prop (cl--slot-descriptor-props old)) value))))))

(defun eieio--add-slot (class slot initarg alloc &optional override skipnil)
  "Add SLOT (a descriptor) with INITARG to CLASS, per instance or, when
ALLOC is :class, in the class.  A slot CLASS has already is left alone,
unless OVERRIDE: then SLOT redefines it."
  (let* ((name (cl--slot-descriptor-name slot))
         (old (cl-find name (eieio--class-slots class) :key #'cl--slot-descriptor-name))
         (old-class-slot (cl-find name (eieio--class-class-slots class)
                                  :key #'cl--slot-descriptor-name)))
    (cond ((or old-class-slot (eq alloc :class))
           (cond ((not old-class-slot)
                  (eieio--validate-default slot skipnil)
                  (push slot (eieio--class-class-slots class)))
                 (override (eieio--slot-override old-class-slot slot skipnil))))
          ((not old)
           (eieio--validate-default slot skipnil)
           (push slot (eieio--class-slots class)))
          (override (eieio--slot-override old slot skipnil)))
    (when (and initarg (not (or old-class-slot (eq alloc :class))))
      (cl-pushnew (cons initarg name) (eieio--class-initarg-tuples class) :test #'equal))))

(defun eieio--inherit-slots (class)
  "Copy into CLASS the slots of its parents, the earlier parents' first."
  (let ((skipnil (eieio--class-option class :allow-nil-initform)))
    (dolist (parent (eieio--class-parents class))
      (let ((tuples (eieio--class-initarg-tuples parent)))
        (mapc (lambda (slot)
                (eieio--add-slot class (cl--copy-slot-descriptor slot)
                                 (car (rassq (cl--slot-descriptor-name slot) tuples))
                                 nil nil skipnil))
              (eieio--class-slots parent)))
      (mapc (lambda (slot)
              (eieio--add-slot class (cl--copy-slot-descriptor slot) nil :class nil skipnil))
            (eieio--class-class-slots parent)))))

(defun eieio--slot-initform (options)
  "The initform of a slot with OPTIONS, as a form to evaluate."
  (let ((init (if (plist-member options :initform)
                  (plist-get options :initform)
                eieio--unbound-form)))
    (if (or (macroexp-const-p init) (eieio--eval-default-p init))
        init
      ;; EIEIO's old rule: a form that is not a function call is a value.
      (macroexp-quote init))))

(defconst eieio--protection-levels
  '((nil) (public) (:public)
    (protected . protected) (:protected . protected)
    (private . private) (:private . private))
  "Each value a slot's :protection may have, with the level it stands for.")

(defun eieio--slot-protection (prot)
  "The protection level PROT, a slot's :protection option, stands for."
  (let ((known (assq prot eieio--protection-levels)))
    (unless known
      (signal 'invalid-slot-type (list :protection prot)))
    (cdr known)))

(defun eieio--slot-props (options)
  "The property alist of a slot descriptor, from the slot's OPTIONS."
  (let ((group (plist-get options :group))
        (props nil))
    (when (and (null group) (plist-get options :custom))
      (setq group '(default)))
    (when (and group (not (listp group)))
      (setq group (list group)))
    (dolist (g group)
      (unless (symbolp g) (signal 'invalid-slot-type (list :group g))))
    (dolist (entry `((:printer . ,(plist-get options :printer))
                     (:group . ,group)
                     (:label . ,(plist-get options :label))
                     (:custom . ,(plist-get options :custom))
                     (:documentation . ,(plist-get options :documentation))))
      (when (cdr entry) (push entry props)))
    (let ((prot (eieio--slot-protection (plist-get options :protection))))
      (if prot (append props (list (cons :protection prot))) props))))

(defun eieio--add-own-slot (class spec skipnil)
  "Add to CLASS the slot SPEC, (NAME . OPTIONS) of a `defclass'."
  (let* ((options (cdr spec))
         (initarg (plist-get options :initarg)))
    (when (and eieio-backward-compatibility initarg (not (keywordp initarg)))
      (set initarg initarg))
    (eieio--add-slot class
                     (cl--make-slot-descriptor (car spec) (eieio--slot-initform options)
                                               (or (plist-get options :type) t)
                                               (eieio--slot-props options))
                     initarg (plist-get options :allocation) t skipnil)))

(defun eieio--set-parents (class cname superclasses)
  (setf (eieio--class-parents class)
        (mapcar (lambda (p)
                  (let ((parent (and p (symbolp p) (cl--find-class p))))
                    (cond ((not (and p (symbolp p))) (error "Invalid parent class %S" p))
                          ((not (eieio--class-p parent))
                           (error "Given parent class %S is not a class" p)))
                    (cl-pushnew cname (eieio--class-children parent))
                    parent))
                superclasses))
  (when (and (null superclasses) eieio-default-superclass)
    (cl-pushnew cname (eieio--class-children eieio-default-superclass))))

(defun eieio--finish-slots (class)
  "Turn CLASS's slot lists, built backwards, into vectors and tables."
  (let ((slots (vconcat (nreverse (eieio--class-slots class))))
        (index (make-hash-table :test #'eq)))
    (setf (eieio--class-slots class) slots)
    (dotimes (i (length slots))
      (puthash (cl--slot-descriptor-name (aref slots i)) i index))
    (setf (eieio--class-index-table class) index))
  (setf (eieio--class-initarg-tuples class) (nreverse (eieio--class-initarg-tuples class)))
  (let ((class-slots (vconcat (eieio--class-class-slots class))))
    (setf (eieio--class-class-slots class) class-slots)
    (setf (eieio--class-class-allocation-values class)
          (vconcat (mapcar (lambda (slot) (eval (cl--slot-descriptor-initform slot) t))
                           class-slots)))))

(defun eieio--make-default-object (class)
  "The object CLASS's instances start as: each slot's initform's value.
As in Emacs, its tag is CLASS itself (which `type-of' sees through)
until `make-instance' gives a copy the class's name."
  (let ((object (apply #'record class (make-list (length (eieio--class-slots class)) nil)))
        (eieio-skip-typecheck t))
    (dotimes (i (length (eieio--class-slots class)))
      (aset object (1+ i)
            (eval (cl--slot-descriptor-initform (aref (eieio--class-slots class) i)) t)))
    object))

(defun eieio-defclass-internal (cname superclasses slots options)
  "Define CNAME as a class inheriting from SUPERCLASSES, with SLOTS and
OPTIONS as `defclass' has them; return CNAME.  A class defined again
keeps its class record, so that references to it stay valid."
  (run-hooks 'eieio-hook)
  (setq eieio-hook nil)
  (let* ((old (cl--find-class cname))
         (class (if (eieio--class-p old) old (eieio--class-make cname))))
    (setf (eieio--class-slots class) nil
          (eieio--class-initarg-tuples class) nil
          (eieio--class-class-slots class) nil
          (eieio--class-options class) options)
    (eieio--set-parents class cname superclasses)
    (when eieio-backward-compatibility
      (set cname cname)
      (eieio--define-list-predicate cname))
    (eieio--inherit-slots class)
    (setf (cl--find-class cname) class)
    (let ((skipnil (plist-get options :allow-nil-initform)))
      (dolist (spec slots)
        (eieio--add-own-slot class spec skipnil)))
    (eieio--finish-slots class)
    (let ((doc (plist-get options :documentation)))
      (setf (eieio--class-docstring class) doc)
      (when eieio-backward-compatibility
        (put cname 'variable-documentation doc)))
    (unless (plist-member options :custom-groups)
      (setf (eieio--class-options class) (cons :custom-groups (cons nil options))))
    (setf (eieio--class-default-object-cache class) (eieio--make-default-object class))
    cname))

(defun eieio--define-list-predicate (cname)
  "Define CNAME-list-p, whether a list holds only objects of class CNAME.
Emacs 28's asks for objects of the class named `cname' (an error for a
list starting with an object); so does this one."
  (defalias (intern (format "%s-list-p" cname))
    (lambda (obj)
      (and (listp obj)
           (cl-every (lambda (x) (and (eieio-object-p x) (object-of-class-p x 'cname)))
                     obj)))
    (format "Test OBJ to see if it a list of objects which are a child of type %s"
            cname)))

(defun eieio-make-class-predicate (class)
  "The predicate of objects of CLASS itself."
  (lambda (obj) (and (eieio-object-p obj) (same-class-p obj class))))

(defun eieio-make-child-predicate (class)
  "The predicate of objects of CLASS or a class inheriting from it."
  (lambda (obj) (and (eieio-object-p obj) (object-of-class-p obj class))))

(defun eieio--check-defclass-options (options-and-doc)
  (when (if (stringp (car options-and-doc))
            (/= 1 (% (length options-and-doc) 2))
          (and (symbolp (car options-and-doc))
               (/= 0 (% (length options-and-doc) 2))))
    (error "Too many arguments to `defclass'"))
  (let ((order (plist-get (if (stringp (car options-and-doc)) (cdr options-and-doc)
                            options-and-doc)
                          :method-invocation-order)))
    (when (and order (not (memq order '(:depth-first :breadth-first :c3))))
      (error "Method invocation order %s is not allowed" order))))

(defun eieio--check-slot-options (options)
  (let ((alloc (plist-get options :allocation))
        (label (plist-get options :label)))
    (unless (memq alloc '(nil :class :instance))
      (signal 'invalid-slot-type (list :allocation alloc)))
    (unless (or (null label) (stringp label))
      (signal 'invalid-slot-type (list :label label)))))

(defun eieio--slot-methods (class slot-name options)
  "The `cl-defmethod' forms of the :accessor, :writer and :reader of slot
SLOT-NAME, which has OPTIONS, in CLASS."
  (let ((reader (plist-get options :reader))
        (writer (plist-get options :writer))
        (accessor (plist-get options :accessor)))
    (append
     (and reader (list (eieio--reader-method reader class slot-name)))
     (and writer (list (eieio--writer-method writer class slot-name)))
     (and accessor
          (eieio--accessor-methods accessor class slot-name
                                   (eq (plist-get options :allocation) :class))))))

(defun eieio--method-doc (template slot-name class)
  "TEMPLATE, a docstring with two %S for SLOT-NAME and CLASS, filled in."
  (format template slot-name class))

(defun eieio--reader-method (reader class slot-name)
  "The method READER, reading SLOT-NAME of an object of CLASS."
  (list 'cl-defmethod reader (list (list 'this class))
        (eieio--method-doc "Access the slot `%S' from object of class `%S'."
                           slot-name class)
        (list 'slot-value 'this (list 'quote slot-name))))

(defun eieio--writer-method (writer class slot-name)
  "The method WRITER, setting SLOT-NAME of an object of CLASS."
  (list 'cl-defmethod writer (list (list 'this class) 'value)
        (eieio--method-doc "Set the slot `%S' of an object of class `%S'."
                           slot-name class)
        (list 'setf (list 'slot-value 'this (list 'quote slot-name)) 'value)))

(defun eieio--accessor-methods (accessor class slot-name class-allocated)
  "The methods of ACCESSOR for SLOT-NAME of CLASS: reading it from an
object (nil while unbound), from the class too when the slot is
CLASS-ALLOCATED (for old code), and setting it with `setf'."
  (let ((quoted (list 'quote slot-name))
        (unbound-nil (lambda (read)
                       `(if (slot-boundp this ',slot-name) (,read this ',slot-name)))))
    (append
     (and class-allocated eieio-backward-compatibility
          (list (list 'cl-defmethod accessor (list (list 'this (list 'subclass class)))
                      (eieio--method-doc "Retrieve the class slot `%S' from a class `%S'."
                                         slot-name class)
                      (funcall unbound-nil 'eieio-oref-default))))
     (list (list 'cl-defmethod accessor (list (list 'this class))
                 (eieio--method-doc "Retrieve the slot `%S' from an object of class `%S'."
                                    slot-name class)
                 (funcall unbound-nil 'eieio-oref))
           (list 'cl-defmethod (list 'setf accessor) (list 'value (list 'this class))
                 (list 'eieio-oset 'this quoted 'value))))))

(defun eieio--constructor (name options)
  "The `defun' of class NAME's constructor, or of an error for an
abstract class."
  (let ((abstract (plist-get options :abstract)))
    (if abstract
        `(defun ,name (&rest _)
           ,(format "You cannot create a new object of type `%S'." name)
           (error ,(if (stringp abstract) abstract (format "Class %s is abstract" name))))
      `(defun ,name (&rest slots)
         ,(format "Create a new object of class type `%S'." name)
         (apply #'make-instance ',name slots)))))

(defmacro defclass (name superclasses slots &rest options-and-doc)
  "Define NAME as a new class derived from SUPERCLASSES with SLOTS.
OPTIONS-AND-DOC is the class's options (:documentation, :abstract,
:method-invocation-order...), which may start with its docstring.
Each slot is (SLOT-NAME OPTION VALUE...), with the options :initarg,
:initform, :type, :allocation (:instance or :class), :accessor,
:reader, :writer and :documentation."
  (declare (doc-string 4) (indent 2))
  (cl-check-type superclasses list)
  (eieio--check-defclass-options options-and-doc)
  (when (stringp (car options-and-doc))
    (setq options-and-doc (cons :documentation options-and-doc)))
  (let ((predicate (intern (format "%s-p" name)))
        (child-predicate (intern (format "%s--eieio-childp" name)))
        (methods nil))
    (dolist (slot slots)
      (eieio--check-slot-options (cdr slot))
      (setq methods (append methods (eieio--slot-methods name (car slot) (cdr slot)))))
    `(progn
       (defalias ',predicate (eieio-make-class-predicate ',name))
       (defalias ',child-predicate (eieio-make-child-predicate ',name))
       ,@(and eieio-backward-compatibility
              `((defalias ',(intern (format "%s-child-p" name)) #',child-predicate)))
       (define-symbol-prop ',name 'cl-deftype-satisfies #',child-predicate)
       (eieio-defclass-internal ',name ',superclasses ',slots ',options-and-doc)
       ,@methods
       ,(eieio--constructor name options-and-doc))))

;;; ---- Slots -----------------------------------------------------------------

(defun eieio--slot-name-index (class slot)
  "The index in an object of CLASS of its instance slot SLOT (a slot name
or an initarg), or nil."
  (let ((i (gethash slot (eieio--class-index-table class))))
    (if i
        (1+ i)
      (let ((name (cdr (assoc slot (eieio--class-initarg-tuples class)))))
        (and name (eieio--slot-name-index class name))))))

(defun eieio--class-slot-name-index (class slot)
  "The index of CLASS's :class slot SLOT among its class slots, or nil."
  (cl-position slot (eieio--class-class-slots class) :key #'cl--slot-descriptor-name))

(defun eieio--validate (class slots index value slot)
  "Signal `invalid-slot-type' unless VALUE fits the descriptor at INDEX of
SLOTS, of CLASS, when it is stored in SLOT."
  (unless (or eieio-skip-typecheck
              (eieio--perform-slot-validation
               (cl--slot-descriptor-type (aref slots index)) value))
    (signal 'invalid-slot-type (list (eieio--class-name class) slot
                                     (cl--slot-descriptor-type (aref slots index))
                                     value))))

(defun eieio-barf-if-slot-unbound (value instance slot-name fn)
  "VALUE, unless it says a slot is unbound: then what `slot-unbound' says."
  (if (or eieio-skip-typecheck (not (eq value eieio--unbound)))
      value
    (slot-unbound instance (eieio--object-class instance) slot-name fn)))

(defun eieio--wrong-type (predicate value name)
  (signal 'wrong-type-argument (list predicate value name)))

(defun eieio-oref (obj slot)
  "The value of OBJ's SLOT."
  (unless (symbolp slot) (eieio--wrong-type 'symbol slot 'slot))
  (let ((class (eieio--class-of obj)))
    (unless class
      (if (class-p obj)
          (error "eieio-oref called on a class: %s" obj)
        (eieio--wrong-type '(or eieio-object class) obj 'obj)))
    (let ((i (eieio--slot-name-index class slot)))
      (cond (i (eieio-barf-if-slot-unbound (aref obj i) obj slot 'oref))
            ((setq i (eieio--class-slot-name-index class slot))
             (aref (eieio--class-class-allocation-values class) i))
            (t (slot-missing obj slot 'oref))))))

(defun eieio-oset (obj slot value)
  "Set OBJ's SLOT to VALUE."
  (let ((class (or (eieio--class-of obj) (eieio--wrong-type 'eieio-object obj 'obj))))
    (unless (symbolp slot) (eieio--wrong-type 'symbol slot 'slot))
    (let ((i (eieio--slot-name-index class slot)))
      (cond (i (eieio--validate class (eieio--class-slots class) (1- i) value slot)
               (aset obj i value))
            ((setq i (eieio--class-slot-name-index class slot))
             (eieio--validate class (eieio--class-class-slots class) i value slot)
             (aset (eieio--class-class-allocation-values class) i value))
            (t (slot-missing obj slot 'oset value))))))

(defun eieio-oref-default (class slot)
  "The default value of CLASS's SLOT: its initform's value, or for a
:class slot its value.  CLASS may be a class, its name or an object."
  (let ((c (cond ((eieio-object-p class) (eieio--object-class class))
                 ((symbolp class) (cl--find-class class))
                 (t class))))
    (unless (eieio--class-p c)
      (eieio--wrong-type '(or eieio-object class) class 'class))
    (unless (symbolp slot) (eieio--wrong-type 'symbol slot 'slot))
    (let ((i (eieio--slot-name-index c slot)))
      (cond (i (eieio-barf-if-slot-unbound
                (eval (cl--slot-descriptor-initform (aref (eieio--class-slots c) (1- i))) t)
                class (eieio--class-name c) 'oref-default))
            ((setq i (eieio--class-slot-name-index c slot))
             (aref (eieio--class-class-allocation-values c) i))
            (t (slot-missing class slot 'oref-default))))))

(defun eieio-oset-default (class slot value)
  "Set the default value of CLASS's SLOT to VALUE (for a :class slot, its value)."
  (setq class (eieio--class-object class))
  (cl-check-type class eieio--class)
  (unless (symbolp slot) (eieio--wrong-type 'symbol slot 'slot))
  (let ((i (eieio--slot-name-index class slot)))
    (cond (i (eieio--validate class (eieio--class-slots class) (1- i) value slot)
             (setf (cl--slot-descriptor-initform (aref (eieio--class-slots class) (1- i)))
                   (macroexp-quote value))
             (eieio-oset (eieio--class-default-object-cache class) slot value))
          ((setq i (eieio--class-slot-name-index class slot))
           (eieio--validate class (eieio--class-class-slots class) i value slot)
           (aset (eieio--class-class-allocation-values class) i value))
          (t (signal 'invalid-slot-name (list (eieio--class-name class) slot))))))

(gv-define-simple-setter eieio-oref eieio-oset)
(gv-define-simple-setter eieio-oref-default eieio-oset-default)

(defalias 'slot-value #'eieio-oref)
(defalias 'set-slot-value #'eieio-oset)
(gv-define-simple-setter slot-value eieio-oset)

(defmacro oref (obj slot)
  "The value of OBJ's slot SLOT (a name, not evaluated)."
  `(eieio-oref ,obj ',slot))

(defmacro oset (obj slot value)
  "Set OBJ's slot SLOT (a name, not evaluated) to VALUE."
  `(eieio-oset ,obj ',slot ,value))

(defmacro oref-default (class slot)
  "The default value of CLASS's slot SLOT (a name, not evaluated)."
  `(eieio-oref-default ,class ',slot))

(defmacro oset-default (class slot value)
  "Set the default value of CLASS's slot SLOT (a name, not evaluated) to VALUE."
  `(eieio-oset-default ,class ',slot ,value))

(defmacro with-slots (spec-list object &rest body)
  "Run BODY with each of SPEC-LIST, SLOT or (VAR SLOT), standing for
OBJECT's slot: reading or setting the variable reads or sets the slot."
  (declare (indent 2))
  (macroexp-let2 nil object object
    (cons 'cl-symbol-macrolet
          (cons (mapcar (lambda (spec) (eieio--slot-macro spec object)) spec-list)
                body))))

(defun eieio--slot-macro (spec object)
  "The symbol macro `with-slots' makes of SPEC: the variable SPEC names
\(SLOT, or VAR in (VAR SLOT)) expanding into the read of OBJECT's slot."
  (let ((names (if (consp spec) spec (list spec spec))))
    (list (car names) (list 'slot-value object (list 'quote (nth 1 names))))))

(pcase-defmacro eieio (&rest fields)
  "Match an EIEIO object whose slots match FIELDS: each (SLOT PAT), or
SLOT, which binds the variable SLOT to the slot's value."
  `(and (pred eieio-object-p)
        ,@(mapcar (lambda (field)
                    (let ((slot (if (consp field) (car field) field))
                          (pat (if (consp field) (nth 1 field) field)))
                      `(app (pcase--flip eieio-oref ',slot) ,pat)))
                  fields)))

(defun eieio--stored-value (object-or-class slot)
  "What OBJECT-OR-CLASS (an object or a class name) holds in SLOT, its
default for a class; the unbound marker included."
  (let ((eieio-skip-typecheck t))
    (if (symbolp object-or-class)
        (eieio-oref-default object-or-class slot)
      (unless (eieio-object-p object-or-class)
        (signal 'wrong-type-argument (list 'eieio-object-p object-or-class)))
      (eieio-oref object-or-class slot))))

(defun slot-boundp (object slot)
  "Whether OBJECT's SLOT has a value.  OBJECT may also be a class name."
  (not (eq (eieio--stored-value object slot) eieio--unbound)))

(defun slot-makeunbound (object slot)
  "Take away the value of OBJECT's SLOT."
  (eieio-oset object slot eieio--unbound))

(defun eieio--class-of-thing (thing)
  "The class THING is, belongs to (an object) or names (a symbol)."
  (cond ((eieio--class-p thing) thing)
        ((eieio-object-p thing) (eieio--object-class thing))
        (t (find-class thing 'error))))

(defun slot-exists-p (object-or-class slot)
  "Non-nil if OBJECT-OR-CLASS (an object, a class or its name) has SLOT.
That is the slot's index for one of the object's own slots (as the
class's index table holds them), and t for a class-allocated one."
  (let* ((class (eieio--class-of-thing object-or-class))
         (index (gethash slot (eieio--class-index-table class))))
    (cond (index)
          ((eieio--class-slot-name-index class slot) t))))

;;; ---- Objects and classes ---------------------------------------------------

(defun eieio-object-class (obj)
  "The name of OBJ's class."
  (unless (eieio-object-p obj) (eieio--wrong-type 'eieio-object obj 'obj))
  (eieio--class-name (eieio--object-class obj)))

(defalias 'class-of #'eieio-object-class)

(defun eieio-object-class-name (obj)
  "The name of OBJ's class."
  (unless (eieio-object-p obj) (eieio--wrong-type 'eieio-object obj 'obj))
  (eieio-class-name (eieio--object-class obj)))

(defun eieio-class-parents (class)
  "The classes CLASS (a class or its name) inherits from directly."
  (eieio--class-parents (eieio--class-object class)))

(defun eieio-class-children (class)
  "The names of the classes inheriting from CLASS directly."
  (cl-check-type class class)
  (eieio--class-children (cl--find-class class)))

(defun eieio-class-slots (class)
  "The descriptors of the instance slots of CLASS."
  (setq class (eieio--class-object class))
  (cl-check-type class eieio--class)
  (append (eieio--class-slots class) nil))

(defun eieio-slot-descriptor-name (slot)
  (cl--slot-descriptor-name slot))

(defun object-slots (obj)
  "The names of OBJ's instance slots."
  (unless (eieio-object-p obj) (eieio--wrong-type 'eieio-object obj 'obj))
  (mapcar #'cl--slot-descriptor-name (eieio-class-slots (eieio--object-class obj))))

(defun same-class-p (obj class)
  "Return t if OBJ is of class CLASS itself."
  (setq class (eieio--class-object class))
  (cl-check-type class eieio--class)
  (unless (eieio-object-p obj) (eieio--wrong-type 'eieio-object obj 'obj))
  (eq (eieio--object-class obj) class))

(defun child-of-class-p (child class)
  "Return non-nil if class CHILD is CLASS or inherits from it."
  (setq child (eieio--class-object child))
  (cl-check-type child eieio--class)
  (or (eq class 'eieio-default-superclass)
      (progn
        (setq class (eieio--class-object class))
        (cl-check-type class eieio--class)
        ;; Breadth first, each class once: a class defined again to
        ;; inherit from its child makes a cycle (where Emacs loops).
        (let ((pending nil) (seen nil))
          (while (and child (not (eq child class)))
            (push child seen)
            (dolist (parent (eieio--class-parents child))
              (unless (or (memq parent seen) (memq parent pending))
                (setq pending (append pending (list parent)))))
            (setq child (pop pending)))
          (and child t)))))

(defun object-of-class-p (obj class)
  "Return non-nil if OBJ is an object of CLASS or of a class inheriting from it."
  (unless (eieio-object-p obj) (eieio--wrong-type 'eieio-object obj 'obj))
  (child-of-class-p (eieio--object-class obj) class))

;;; ---- The root class and the generic functions ------------------------------

(defclass eieio-default-superclass nil
  nil
  "Default parent class for classes with no specified parent class.
Its slots are automatically adopted by classes with no specified parents.
This class is not stored in the `parent' slot of a class vector."
  :abstract t)

(setq eieio-default-superclass (cl--find-class 'eieio-default-superclass))

(cl-defgeneric make-instance (class &rest initargs)
  "Make a new object of CLASS, its slots set from INITARGS, a plist of
the slots' :initarg keywords and values.")

(cl-defmethod make-instance ((class (subclass eieio-default-superclass)) &rest slots)
  "Copy CLASS's default object, then call `initialize-instance' on it
with SLOTS.  A leading string or nil (an old object name) is ignored."
  (let ((object (copy-sequence (eieio--class-default-object-cache (cl--find-class class)))))
    (when (and slots (or (stringp (car slots)) (null (car slots))))
      (pop slots))
    (initialize-instance object slots)
    (aset object 0 class)
    object))

(cl-defgeneric shared-initialize (obj slots)
  "Set the slots of OBJ from SLOTS, a plist of initargs and values.")

(cl-defmethod shared-initialize ((obj eieio-default-superclass) slots)
  "Set the slots of OBJ from SLOTS, a plist of initargs and values."
  (let ((class (eieio--object-class obj)))
    (while slots
      (let ((name (cdr (assoc (car slots) (eieio--class-initarg-tuples class)))))
        (if name
            (eieio-oset obj name (nth 1 slots))
          (slot-missing obj (car slots) 'oset (nth 1 slots))))
      (setq slots (cdr (cdr slots))))))

(cl-defgeneric initialize-instance (this &optional slots)
  "Initialize the new object THIS from SLOTS, a plist of initargs and values.")

(cl-defmethod initialize-instance ((this eieio-default-superclass) &optional args)
  "Give THIS's slots their initforms' values, unless ARGS sets them,
then let `shared-initialize' store ARGS."
  (let* ((class (eieio--object-class this))
         (slots (eieio--class-slots class))
         (tuples (eieio--class-initarg-tuples class)))
    (dotimes (i (length slots))
      (let* ((slot (aref slots i))
             (name (cl--slot-descriptor-name slot))
             (initform (cl--slot-descriptor-initform slot)))
        (unless (or (macroexp-const-p initform)
                    (let ((initarg (car (rassq name tuples))))
                      (and initarg (plist-get args initarg))))
          (eieio-oset this name (eval initform t))))))
  (shared-initialize this args))

(defun eieio--name-in-errors (thing)
  "How errors about slots name THING: by `eieio-object-name' if it is
an object, else as it is."
  (if (eieio-object-p thing) (eieio-object-name thing) thing))

(cl-defgeneric slot-missing (object slot-name _operation &optional _new-value)
  "Called when OBJECT has no slot SLOT-NAME for OPERATION (oref, oset...).
By default, an `invalid-slot-name' error."
  (signal 'invalid-slot-name (list (eieio--name-in-errors object) slot-name)))

(cl-defgeneric slot-unbound (object class slot-name fn)
  "Called when FN reads OBJECT's SLOT-NAME, which has no value.")

(cl-defmethod slot-unbound ((object eieio-default-superclass) class slot-name fn)
  "Fail with an `unbound-slot' error naming CLASS, OBJECT, SLOT-NAME and FN."
  (let ((where (list (eieio-class-name class) (eieio--name-in-errors object))))
    (signal 'unbound-slot (append where (list slot-name fn)))))

(cl-defgeneric clone (obj &rest params)
  "A copy of OBJ, its slots then set from PARAMS as `shared-initialize' does.")

(cl-defmethod clone ((obj eieio-default-superclass) &rest params)
  "A copy of OBJ, its slots then set from PARAMS."
  (let ((copy (copy-sequence obj)))
    (when (stringp (car params))
      (pop params))
    (when params
      (shared-initialize copy params))
    copy))

;;; ---- Printing --------------------------------------------------------------

(defconst eieio--object-names (make-hash-table :test #'eq :weakness 'key)
  "The names given to objects, which otherwise are named after their address.")

(cl-defgeneric eieio-object-name-string (obj)
  "OBJ's name: the one it was given, or CLASS-HASH."
  (or (gethash obj eieio--object-names)
      ;; Emacs's `sxhash-eq' of an object is its address, never
      ;; negative; marrow's may be.
      (format "%s-%x" (eieio-object-class obj) (logand (sxhash-eq obj) most-positive-fixnum))))

(defun eieio-object-name (obj &optional extra)
  "#<CLASS NAME EXTRA>, how OBJ prints; EXTRA a string or list of strings."
  (let ((tail (if (listp extra)
                  ;; Each string of a list comes after a space.
                  (mapconcat (lambda (text) (concat " " text)) extra "")
                extra)))
    (format "#<%s %s%s>"
            (eieio-object-class obj) (eieio-object-name-string obj) tail)))

(cl-defgeneric object-print (this &rest _strings)
  "A summary of THIS, for `cl-prin1'; a method may add STRINGS to it."
  (format "%S" this))

(cl-defmethod object-print ((this eieio-default-superclass) &rest strings)
  "#<CLASS NAME STRINGS...>, from `eieio-object-name'."
  (eieio-object-name this (apply #'concat strings)))

;; Setting an object's name: kept aside, in `eieio--object-names', as
;; the object itself has no room for it.
(cl-defgeneric eieio-object-set-name-string (obj name)
  "Set the string which is OBJ's NAME."
  (cl-check-type name string)
  (puthash obj name eieio--object-names))

;;; ---- Writing objects as Lisp -----------------------------------------------

;; `object-write' prints an object as a call of its class's constructor:
;; (CLASS "NAME" :INITARG VALUE...), only the slots that have an
;; initarg and a value other than their default.  The layout, quirks
;; included, is Emacs's: a slot goes on a new line only when the
;; current buffer (not the output) is not at a line's start, a nested
;; object or list of objects starts a line of its own, and a vector
;; is printed, on one line, as the vector of what reading back each
;; element's text gives.

(defvar eieio-print-depth 0
  "How deep the object being written by `object-write' is nested.")

(defvar eieio-print-indentation t
  "Non-nil: `object-write' indents nested objects.")

(defvar eieio-print-object-name t
  "Non-nil: `object-write' writes each object's name.")

(defun eieio--write-spaces (count)
  (when eieio-print-indentation
    (princ (make-string count ?\s))))

(defun eieio--object-list-p (value)
  "Non-nil if VALUE is a list written as a call of `list', its first
element being an object."
  (and (consp value) (eieio-object-p (car value))))

(defun eieio--written-slots (obj)
  "The (INITARG . VALUE) of OBJ's slots that `object-write' writes, with
the slot's :printer as a third element."
  (let* ((class (eieio--object-class obj))
         (slots (eieio--class-slots class))
         (out nil))
    (dotimes (i (length slots))
      (let* ((slot (aref slots i))
             (initarg (car (rassq (cl--slot-descriptor-name slot)
                                  (eieio--class-initarg-tuples class))))
             (value (aref obj (1+ i))))
        ;; As in Emacs, the default is the initform itself, not its value.
        (unless (or (null initarg)
                    (eq value eieio--unbound)
                    (equal value (cl--slot-descriptor-initform slot)))
          (push (list initarg value
                      (alist-get :printer (cl--slot-descriptor-props slot)))
                out))))
    (nreverse out)))

(defun eieio--reread (value)
  "What reading back the text `eieio-override-prin1' writes for VALUE gives."
  (car (read-from-string (with-output-to-string (eieio-override-prin1 value)))))

(defun eieio-override-prin1 (thing)
  "Print THING as Lisp that makes it again, objects included."
  (cond ((vectorp thing) (prin1 (vconcat (mapcar #'eieio--reread thing))))
        ((consp thing) (eieio-list-prin1 thing))
        ((not (eieio-object-p thing)) (prin1 thing))
        (t (object-write thing))))

(defun eieio-list-prin1 (list)
  "Print LIST, which may hold objects, as Lisp that makes it again."
  (if (not (eieio--object-list-p list))
      (progn (princ "'") (prin1 list))
    (eieio--write-spaces (* 2 eieio-print-depth))
    (princ "(list")
    (let ((eieio-print-depth (1+ eieio-print-depth)))
      (dolist (elt list)
        (princ "\n")
        ;; An object indents itself; anything else gets one space per
        ;; level, not two, as in Emacs.
        (unless (eieio-object-p elt)
          (eieio--write-spaces eieio-print-depth))
        (eieio-override-prin1 elt)))
    (princ ")")))

(defun eieio--write-slot (initarg value printer)
  (unless (bolp) (princ "\n"))
  (eieio--write-spaces (* 2 eieio-print-depth))
  (princ initarg)
  (cond (printer (princ " ") (funcall printer value))
        ((or (eieio-object-p value) (eieio--object-list-p value))
         (princ "\n")
         (eieio-override-prin1 value))
        (t (princ " ") (eieio-override-prin1 value))))

(cl-defgeneric object-write (this &optional comment)
  "Write THIS to `standard-output' as Lisp that makes it again.
COMMENT, a string, goes before it.")

(cl-defmethod object-write ((this eieio-default-superclass) &optional comment)
  "Write THIS as a call of its constructor, COMMENT first when non-nil;
only the slots with an initarg and a value other than their default."
  (let ((name (eieio-object-name-string this)))
    (when comment
      (when eieio-print-object-name
        (princ (format ";; Object %s\n" name)))
      (princ comment)
      (princ "\n"))
    (eieio--write-spaces (* 2 eieio-print-depth))
    (princ "(")
    (princ (eieio-object-class this))
    (when eieio-print-object-name
      (princ " ")
      (prin1 name)
      (princ "\n"))
    (let ((eieio-print-depth (1+ eieio-print-depth)))
      (pcase-dolist (`(,initarg ,value ,printer) (eieio--written-slots this))
        (eieio--write-slot initarg value printer)))
    (princ ")")
    (when (zerop eieio-print-depth)
      (princ "\n"))))

(with-eval-after-load 'cl-print
  (cl-defmethod cl-print-object ((object eieio-default-superclass) stream)
    "Print OBJECT as `object-print' says."
    (princ (object-print object) stream)))

(provide 'eieio-core)
;; EIEIO's old names, as Emacs keeps them.
(define-obsolete-function-alias 'constructor #'make-instance "25.1")
;; Loading EIEIO brings, as in Emacs, autoloads of its old method macros.
(autoload 'defgeneric "eieio-compat" nil nil t)
(autoload 'defmethod "eieio-compat" nil nil t)
(autoload 'eieio--defalias "eieio-compat")

(provide 'eieio)

;;; eieio.el ends here
