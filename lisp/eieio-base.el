;;; eieio-base.el --- ready-made EIEIO classes to inherit from, for marrow  -*- lexical-binding: t -*-

;; The abstract classes of GNU Emacs 28's eieio-base, written for
;; marrow from their documentation and behaviour:
;; - `eieio-instance-inheritor': a clone reads, from the object it was
;;   cloned from, the slots it has not set itself;
;; - `eieio-instance-tracker': every new object joins the list kept in
;;   the variable its class names;
;; - `eieio-singleton': a class that makes one object only;
;; - `eieio-persistent': an object saved to a file as the Lisp that
;;   makes it again, and read back with class checks;
;; - `eieio-named': an object whose name is a slot.

(require 'eieio)

;;; ---- Instance inheritance --------------------------------------------------

(defclass eieio-instance-inheritor ()
  ((parent-instance :initarg :parent-instance
                    :type eieio-instance-inheritor
                    :documentation
                    "The parent of this instance.
If a slot of this class is referenced, and is unbound, then the parent
is checked for a value."))
  "This special class can enable instance inheritance.
Use `clone' to make a new object that does instance inheritance from
a parent instance.  When a slot in the child is referenced, and has
not been set, use values from the parent."
  :abstract t)

(defun eieio--inheritor-parent (object)
  "The object OBJECT inherits unset slots from, or nil."
  (let ((parent (aref object (eieio--slot-name-index
                              (eieio--object-class object) 'parent-instance))))
    (unless (eq parent eieio--unbound) parent)))

(cl-defmethod slot-unbound ((object eieio-instance-inheritor)
                            _class slot-name _fn)
  "Read SLOT-NAME, which OBJECT lacks, from the instance OBJECT was
cloned from; lacking one, signal `unbound-slot' as usual."
  (let ((parent (eieio--inheritor-parent object)))
    (cond (parent (eieio-oref parent slot-name))
          (t (cl-call-next-method)))))

(cl-defmethod clone ((obj eieio-instance-inheritor) &rest params)
  "A child of OBJ: every slot unbound, so read from OBJ, but those PARAMS
set, and `:parent-instance' OBJ."
  (let ((child (cl-call-next-method obj)))
    (eieio--unbind-from child 1 eieio--unbound)
    (eieio-oset child 'parent-instance obj)
    (when (stringp (car params))
      (pop params))
    (when params
      (shared-initialize child params))
    child))

(defun eieio--unbind-from (array start value)
  "Store VALUE in ARRAY's elements from index START on: an object's slots."
  (while (< start (length array))
    (aset array start value)
    (setq start (1+ start))))

;;; ---- Instance tracking -----------------------------------------------------

(defclass eieio-instance-tracker ()
  ((tracking-symbol :type symbol
                    :allocation :class
                    :documentation
                    "The symbol used to maintain a list of our instances.
The instance list is treated as a variable, with new instances added to it."))
  "This special class enables instance tracking.
Inheritors from this class must overload `tracking-symbol' which is
a variable symbol used to store a list of all instances."
  :abstract t)

(defun eieio--track (var object)
  "Add OBJECT at the end of VAR's list, unless there already."
  (let ((known (symbol-value var)))
    (or (member object known)
        (set var (append known (list object))))))

(cl-defmethod initialize-instance :after ((this eieio-instance-tracker)
                                          &rest _slots)
  "Add THIS at the end of its class's list of instances."
  (eieio--track (eieio-oref this 'tracking-symbol) this))

(cl-defgeneric delete-instance (this)
  "Forget THIS: take it out of the lists that keep it.")

(cl-defmethod delete-instance ((this eieio-instance-tracker))
  "Take THIS out of its class's list of instances; return the list."
  (let ((var (eieio-oref this 'tracking-symbol)))
    (set var (delq this (symbol-value var)))))

(defun eieio-instance-tracker-find (key slot list-symbol)
  "Find KEY as an element of SLOT in the objects in LIST-SYMBOL.
Returns the first match."
  (seq-find (lambda (obj)
              (and (slot-exists-p obj slot)
                   (slot-boundp obj slot)
                   (equal key (eieio-oref obj slot))))
            (symbol-value list-symbol)))

;;; ---- Singletons ------------------------------------------------------------

(defclass eieio-singleton ()
  ((singleton :type eieio-singleton
              :allocation :class
              :documentation
              "The only instance of this class that will be instantiated.
Multiple calls to `make-instance' will return this object."))
  "This special class causes subclasses to be singletons.
A singleton is a class which will only ever have one instance."
  :abstract t)

(defun eieio--existing-singleton (class)
  "The object CLASS has made already, or nil."
  (let ((made (eieio-oref-default class 'singleton)))
    (and (not (eq made eieio--unbound)) made)))

(cl-defmethod make-instance ((class (subclass eieio-singleton)) &rest _slots)
  "CLASS's one object: made, from SLOTS, by the first call only."
  (or (eieio--existing-singleton class)
      (eieio-oset-default class 'singleton (cl-call-next-method))))

;;; ---- Named objects ---------------------------------------------------------

(defclass eieio-named ()
  ((object-name :initarg :object-name :initform nil))
  "Object with a name."
  :abstract t)

(cl-defmethod make-instance ((class (subclass eieio-named)) &rest args)
  "Make an object of CLASS; a string first in ARGS is its name."
  (if (stringp (car args))
      (apply #'cl-call-next-method class :object-name args)
    (cl-call-next-method)))

(cl-defmethod eieio-object-name-string ((obj eieio-named))
  "OBJ's `object-name' slot, or when nil the usual name."
  (or (eieio-oref obj 'object-name)
      (cl-call-next-method)))

(cl-defmethod eieio-object-set-name-string ((obj eieio-named) name)
  "Set OBJ's `object-name' slot to NAME, a string."
  (cl-check-type name string)
  (eieio-oset obj 'object-name name))

(defun eieio--next-clone-name (name)
  "NAME with its numeric suffix -N counted up, or -1 added; nil counts
as an empty name."
  (unless name (setq name ""))
  (if (string-match "-\\([0-9]+\\)\\'" name)
      (format "%s-%d" (substring name 0 (match-beginning 0))
              (1+ (string-to-number (match-string 1 name))))
    (concat name "-1")))

(cl-defmethod clone ((obj eieio-named) &rest params)
  "A copy of OBJ named by a string first in PARAMS, else by OBJ's name
with its number counted up; the rest of PARAMS set its slots."
  (let ((name (if (stringp (car params))
                  (pop params)
                (eieio--next-clone-name (eieio-oref obj 'object-name)))))
    (apply #'cl-call-next-method obj :object-name name params)))

;;; ---- Persistent objects ----------------------------------------------------

(defclass eieio-persistent ()
  ((file
    :documentation "The save file for this persistent object.
This must be a string, and must be specified when the new object is
instantiated."
    :initarg :file :type string)
   ;; Shared by the class.  Their order is reversed in subclasses, so
   ;; they are listed here as Emacs lists them for its subclasses.
   (extension
    :documentation "Extension of files saved by this object.
Enables auto-choosing nice file names based on name."
    :allocation :class :initform ".eieio" :type string)
   (file-header-line
    :documentation "Header line for the save file.
This is used with the `object-write' method."
    :allocation :class :initform ";; EIEIO PERSISTENT OBJECT" :type string)
   (do-backups
    :documentation "Saving this object should make backup files.
Setting to nil will mean no backups are made."
    :allocation :class :initform t :type boolean))
  "This special class enables persistence through save files.
Use the `object-write' method to write this object to disk.  The save
format is Emacs Lisp code which calls the constructor for the saved
object.  For this reason, only slots which do not have an `:initarg'
specified will not be saved."
  :abstract t)

(cl-defgeneric eieio-persistent-save-interactive (this prompt &optional name)
  "Ask for THIS's file name, with PROMPT, unless it has one.")

(cl-defmethod eieio-persistent-save-interactive ((this eieio-persistent) prompt
                                                 &optional name)
  "Prepare to save THIS.  Use in an `interactive' statement.
Query user for file name with PROMPT if THIS does not yet specify
a file.  Optional argument NAME specifies a default file name."
  (unless (slot-boundp this 'file)
    (eieio-oset this 'file
                (read-file-name prompt nil
                                (and name
                                     (concat name (eieio-oref this 'extension))))))
  (eieio-oref this 'file))

(cl-defgeneric eieio-persistent-path-relative (this file)
  "FILE made relative to where THIS is saved.")

(cl-defmethod eieio-persistent-path-relative ((this eieio-persistent) file)
  "For object THIS, make absolute file name FILE relative."
  (file-relative-name file (file-name-directory (eieio-oref this 'file))))

(cl-defmethod object-write ((this eieio-persistent) &optional comment)
  "Write persistent object THIS out to the current stream.
Optional argument COMMENT is a header line comment."
  (cl-call-next-method this (or comment (eieio-oref this 'file-header-line))))

(cl-defgeneric eieio-persistent-save (this &optional file)
  "Save THIS to its file, or to FILE.")

(cl-defmethod eieio-persistent-save ((this eieio-persistent) &optional file)
  "Save persistent object THIS to disk.
Optional argument FILE overrides the file name specified in the object
instance."
  (let* ((own (eieio-oref this 'file))
         (target (if file (expand-file-name file) own))
         (text (unwind-protect
                   ;; The object names its file relative to where it is.
                   (progn
                     (eieio-oset this 'file
                                 (eieio-persistent-path-relative this target))
                     (eieio--persistent-text this))
                 (eieio-oset this 'file own))))
    ;; As in Emacs, a relative file name in THIS is taken from "/".
    (let ((default-directory (file-name-directory target)))
      (with-temp-buffer
        (insert text)
        (write-region nil nil (expand-file-name target) nil 'nomessage))))
  nil)

(defun eieio--persistent-text (obj)
  "The text `eieio-persistent-save' writes for OBJ."
  (with-temp-buffer
    (let ((standard-output (current-buffer)))
      (object-write obj))
    (buffer-string)))

(defun eieio-persistent-read (filename &optional class allow-subclass)
  "Read a persistent object from FILENAME, and return it.
Signal an error if the object in FILENAME is not a constructor
for CLASS.  Optional ALLOW-SUBCLASS says that it is ok for
`eieio-persistent-read' to load in subclasses of class instead of
being pedantic."
  (unless class
    (warn "`eieio-persistent-read' called without specifying a class"))
  (let* ((form (with-temp-buffer
                 (insert-file-contents filename)
                 (read (current-buffer))))
         (found (car form)))
    (unless (child-of-class-p found 'eieio-persistent)
      (error "Invalid object: %s is not a subclass of `eieio-persistent'" found))
    (unless (or (null class) (eq found class)
                (and allow-subclass (child-of-class-p found class)))
      (error "Invalid object: %s is not an object of class %s nor a subclass"
             found class))
    (let ((obj (eieio-persistent-make-instance found (cdr form))))
      (eieio-oset obj 'file filename)
      obj)))

(defun eieio--constructor-form-p (form)
  (and (consp form) (class-p (car form))))

(defun eieio-persistent-fix-value (proposed-value)
  "Fix PROPOSED-VALUE.
Remove leading quotes from lists, and the symbol `list' from the
head of lists.  Explicitly construct any objects found, and strip
any text properties from string values.

This function will descend into the contents of lists, hash
tables, and vectors."
  (let ((v proposed-value))
    (cond ((stringp v) (substring-no-properties v))
          ((hash-table-p v)
           (maphash (lambda (key value)
                      (puthash key (eieio-persistent-fix-value value) v))
                    v)
           v)
          ((vectorp v)
           (dotimes (i (length v))
             (aset v i (eieio-persistent-fix-value (aref v i))))
           v)
          ((not (consp v)) v)
          ((eq (car v) 'quote)
           ;; Every quote goes, but what they quote is kept as it is.
           (while (eq (car-safe v) 'quote)
             (setq v (car (cdr v))))
           v)
          ((and (eq (car v) 'list)
                (or (null (cdr v)) (eieio--constructor-form-p (car (cdr v)))))
           (mapcar (lambda (form)
                     (eieio-persistent-make-instance (car form) (cdr form)))
                   (cdr v)))
          ((class-p (car v))
           (eieio-persistent-make-instance (car v) (cdr v)))
          (t v))))

(cl-defgeneric eieio-persistent-make-instance (objclass inputlist)
  "Convert INPUTLIST, representing slot values, to an instance of OBJCLASS.
Clean slot values, and possibly recursively create additional
objects found there.")

(cl-defmethod eieio-persistent-make-instance
  ((objclass (subclass eieio-default-superclass)) inputlist)
  "Make an OBJCLASS from INPUTLIST, [NAME] INITARG VALUE..., each VALUE
fixed by `eieio-persistent-fix-value'."
  (let ((name (and (stringp (car inputlist)) (pop inputlist)))
        (initargs nil))
    (while inputlist
      (push (car inputlist) initargs)
      (push (eieio-persistent-fix-value (car (cdr inputlist))) initargs)
      (setq inputlist (cdr (cdr inputlist))))
    (setq initargs (nreverse initargs))
    (apply #'make-instance objclass (if name (cons name initargs) initargs))))

(provide 'eieio-base)

;;; eieio-base.el ends here
