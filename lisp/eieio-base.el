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
                    "The object this one was cloned from: any slot
left unbound here is read from it instead."))
  "Mixin for objects whose clones share their values.
A `clone' of such an object starts with every slot unbound except
the ones given to `clone'; reading an unbound slot of the clone
gives the value the original has for it."
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

(cl-defmethod eieio-instance-inheritor-slot-boundp ((object eieio-instance-inheritor)
                                                     slot)
  "Non-nil when SLOT of OBJECT has a value, its own or one inherited from
the instance it was cloned from."
  (let ((parent (eieio--inheritor-parent object)))
    (cond ((slot-boundp object slot) t)
          (parent (eieio-instance-inheritor-slot-boundp parent slot)))))

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
                    "A variable: each object made is added at the
end of the list it holds."))
  "Mixin for classes that keep a list of all their objects.
A subclass gives `tracking-symbol' an initial value: the variable
holding that list.  `delete-instance' takes an object out of it."
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
  "The first object in the list held by the variable LIST-SYMBOL whose
slot SLOT is bound to a value `equal' to KEY, or nil if none is."
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
              "The object the class has made, given back again by
every later `make-instance'."))
  "Mixin for classes that make a single object.
The first `make-instance' of such a class makes it; the next ones
return that same object."
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
  "Mixin for objects that keep their name in a slot, `object-name'."
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
    :documentation "Where the object is saved: a file name string,
given when the object is made (or asked for before saving)."
    :initarg :file :type string)
   ;; Shared by the class.  Their order is reversed in subclasses, so
   ;; they are listed here as Emacs lists them for its subclasses.
   (extension
    :documentation "Suffix for the object's file name, added to a
default name offered when asking for one."
    :allocation :class :initform ".eieio" :type string)
   (file-header-line
    :documentation "Comment line written at the top of the file, by
`object-write' when it is given no comment of its own."
    :allocation :class :initform ";; EIEIO PERSISTENT OBJECT" :type string)
   (do-backups
    :documentation "Whether saving may keep a backup of the old file;
nil means never."
    :allocation :class :initform t :type boolean))
  "Mixin for objects kept in a file between sessions.
`eieio-persistent-save' writes the object as a Lisp call of its
class's constructor, and `eieio-persistent-read' reads it back.  A
slot without an `:initarg' cannot appear in such a call, so it is not
saved."
  :abstract t)

(cl-defgeneric eieio-persistent-save-interactive (this prompt &optional name)
  "Ask for THIS's file name, with PROMPT, unless it has one.")

(cl-defmethod eieio-persistent-save-interactive ((this eieio-persistent) prompt
                                                 &optional name)
  "THIS's file name, first read with PROMPT and stored when THIS has
none; NAME, when given, plus the class's extension is the default
offered.  Meant for an `interactive' form before saving."
  (unless (slot-boundp this 'file)
    (eieio-oset this 'file
                (read-file-name prompt nil
                                (and name
                                     (concat name (eieio-oref this 'extension))))))
  (eieio-oref this 'file))

(cl-defgeneric eieio-persistent-path-relative (this file)
  "FILE made relative to where THIS is saved.")

(cl-defmethod eieio-persistent-path-relative ((this eieio-persistent) file)
  "FILE as a file name relative to the directory of THIS's file."
  (file-relative-name file (file-name-directory (eieio-oref this 'file))))

(cl-defmethod object-write ((this eieio-persistent) &optional comment)
  "Print THIS to `standard-output' as the call that makes it again,
under the comment line COMMENT, else under its `file-header-line'."
  (cl-call-next-method this (or comment (eieio-oref this 'file-header-line))))

(cl-defgeneric eieio-persistent-save (this &optional file)
  "Save THIS to its file, or to FILE.")

(cl-defmethod eieio-persistent-save ((this eieio-persistent) &optional file)
  "Write THIS into its file, or into FILE when given (THIS keeps its
own file name).  The text written names the file relative to the
directory it is written in."
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

(defun eieio--first-form-in-file (file)
  (with-temp-buffer
    (insert-file-contents file)
    (read (current-buffer))))

(defun eieio--persistent-class-mismatch (found wanted allow-subclass)
  "Why an object of class FOUND may not be read where WANTED is asked
for (any class when WANTED is nil, subclasses too when ALLOW-SUBCLASS):
a message, or nil when it may."
  (cond ((not (child-of-class-p found 'eieio-persistent))
         (format-message "%s is not a subclass of `eieio-persistent'" found))
        ((null wanted) nil)
        ((eq found wanted) nil)
        ((and allow-subclass (child-of-class-p found wanted)) nil)
        (t (format "%s is not an object of class %s nor a subclass"
                   found wanted))))

(defun eieio-persistent-read (filename &optional class allow-subclass)
  "The object saved in FILENAME, made again, with FILENAME as its file.
The constructor call read from the file must be of CLASS, or with
ALLOW-SUBCLASS non-nil of a subclass of it; without a CLASS any
subclass of `eieio-persistent' is accepted, with a warning."
  (unless class
    (warn "`eieio-persistent-read' called without specifying a class"))
  (let* ((call (eieio--first-form-in-file filename))
         (problem (eieio--persistent-class-mismatch (car call) class
                                                    allow-subclass)))
    (when problem
      (error "Invalid object: %s" problem))
    (let ((object (eieio-persistent-make-instance (car call) (cdr call))))
      (eieio-oset object 'file filename)
      object)))

(defun eieio--constructor-form-p (form)
  (and (consp form) (class-p (car form))))

(defun eieio-persistent-fix-value (proposed-value)
  "PROPOSED-VALUE, read from a saved object, as the value it stands for.
Strings lose their text properties; quoted forms become what they
quote; constructor calls, alone or as the arguments of `list', become
objects.  Vectors and hash tables are fixed element by element, in
place."
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
  "An object of class OBJCLASS made from INPUTLIST, the arguments of
its constructor call as saved, whose values are read back with
`eieio-persistent-fix-value' (and so may hold objects themselves).")

(defun eieio--fixed-initargs (plist)
  "The INITARG VALUE... list PLIST with each VALUE fixed by
`eieio-persistent-fix-value'; a missing last VALUE is nil."
  (when plist
    (let ((value (eieio-persistent-fix-value (car (cdr plist)))))
      (cons (car plist)
            (cons value (eieio--fixed-initargs (cdr (cdr plist))))))))

(cl-defmethod eieio-persistent-make-instance
  ((objclass (subclass eieio-default-superclass)) inputlist)
  "Make an OBJCLASS from INPUTLIST, [NAME] INITARG VALUE..., each VALUE
fixed by `eieio-persistent-fix-value'."
  (let ((name (and (stringp (car inputlist)) (list (car inputlist)))))
    (apply #'make-instance objclass
           (append name (eieio--fixed-initargs
                         (if name (cdr inputlist) inputlist))))))

(provide 'eieio-base)

;;; eieio-base.el ends here
