;;; eieio-base-tests.el --- eieio-base classes and object-write  -*- lexical-binding: t -*-

;; Expected values are read off GNU Emacs 28.  Objects' default names
;; hold their address, so most cases name their objects or hide names.

(require 'ert)
(require 'eieio-base)

(defclass ebt-item ()
  ((x :initarg :x :initform 1)
   (y :initarg :y)))

(defclass ebt-printed (ebt-item)
  ((z :initarg :z :printer (lambda (v) (princ (format "<%S>" v))))))

(defclass ebt-defaults ()
  ((a :initarg :a :initform 'sym)
   (b :initarg :b :initform (list 1 2))
   (c :initarg :c :initform "str")
   (d :initform 7)))

(defun ebt-write (obj &optional comment)
  "What `object-write' prints for OBJ, names hidden."
  (let ((eieio-print-object-name nil))
    (with-output-to-string (object-write obj comment))))

;;; ---- object-write ----------------------------------------------------------

(ert-deftest eieio-base-write-defaults-left-out ()
  ;; The default compared with is the initform itself, unevaluated.
  (should (equal (ebt-write (ebt-defaults)) "(ebt-defaults  :a sym  :b '(1 2))\n"))
  (should (equal (ebt-write (ebt-defaults :a 'sym :b '(list 1 2) :c "str"))
                 "(ebt-defaults  :a sym)\n"))
  (should (equal (ebt-write (ebt-defaults :a ''sym :b '(1 2) :c nil))
                 "(ebt-defaults  :b '(1 2)  :c nil)\n")))

(ert-deftest eieio-base-write-nested ()
  (should (equal (ebt-write (ebt-item :x 2 :y (ebt-item :y (list (ebt-item) 3 "s"))))
                 "(ebt-item  :x 2  :y
  (ebt-item    :y
    (list
      (ebt-item)
   3
   \"s\")))\n"))
  (should (equal (ebt-write (ebt-item :y [1 (2) sym]) ";; c")
                 ";; c\n(ebt-item  :y [1 '(2) sym])\n")))

(ert-deftest eieio-base-write-in-current-buffer ()
  ;; A slot starts a new line when the current buffer is not at a
  ;; line's start: so in a buffer written to, each slot has its line.
  (should (equal (with-temp-buffer
                   (let ((standard-output (current-buffer))
                         (eieio-print-object-name nil))
                     (object-write (ebt-item :x 2 :y (list (ebt-item :x 5 :y 3) 4))))
                   (buffer-string))
                 "(ebt-item
  :x 2
  :y
  (list
    (ebt-item
      :x 5
      :y 3)
  4))\n")))

(ert-deftest eieio-base-write-depth-and-indentation ()
  (let ((eieio-print-object-name nil))
    (should (equal (let ((eieio-print-depth 2))
                     (with-output-to-string
                       (object-write (ebt-item :y (list (ebt-item) 1)))))
                   "    (ebt-item      :y
      (list
        (ebt-item)
    1))"))
    (should (equal (let ((eieio-print-indentation nil))
                     (with-output-to-string
                       (object-write (ebt-item :x 3 :y (ebt-item :x 4)))))
                   "(ebt-item:x 3:y\n(ebt-item:x 4))\n"))))

(ert-deftest eieio-base-write-printer ()
  (should (equal (ebt-write (ebt-printed :z '(1 2))) "(ebt-printed  :z <(1 2)>)\n"))
  ;; In a vector, what the printer prints is read back.
  (should (equal (let ((eieio-print-object-name nil))
                   (with-output-to-string
                     (eieio-override-prin1 (vector (ebt-printed :z 2.5 :x 2)))))
                 "[(ebt-printed :x 2 :z <2\\.5>)]")))

(ert-deftest eieio-base-override-prin1 ()
  (let ((eieio-print-object-name nil))
    (should (equal (with-output-to-string (eieio-override-prin1 '(a b))) "'(a b)"))
    (should (equal (with-output-to-string (eieio-override-prin1 'a)) "a"))
    (should (equal (with-output-to-string (eieio-override-prin1 "s")) "\"s\""))
    (should (equal (with-output-to-string (eieio-override-prin1 [a (b) [c (d)]]))
                   "[a '(b) [c '(d)]]"))
    (should (equal (with-output-to-string (eieio-list-prin1 (list 1 (ebt-item))))
                   "'(1 #s(ebt-item 1 eieio--unbound))"))
    (should (equal (with-output-to-string (eieio-list-prin1 (list (ebt-item) 'q)))
                   "(list\n  (ebt-item)\n q)"))
    (should (equal (eieio-override-prin1 [1 (2)]) [1 '(2)]))
    (should-error (eieio-override-prin1 (vector (current-buffer)))
                  :type 'invalid-read-syntax)))

(ert-deftest eieio-base-write-return-values ()
  (let ((standard-output #'ignore))
    (should (equal (object-write (ebt-item)) "\n"))
    (should (equal (let ((eieio-print-depth 1)) (object-write (ebt-item))) nil))
    (should (equal (eieio-list-prin1 (list (ebt-item))) ")"))
    (should (equal (eieio-list-prin1 (list 1 2)) '(1 2)))))

;;; ---- eieio-named -----------------------------------------------------------

(defclass ebt-named (eieio-named)
  ((q :initarg :q)))

(ert-deftest eieio-base-named ()
  (let ((o (ebt-named :object-name "a" :q 1)))
    (should (equal (eieio-object-name o) "#<ebt-named a>"))
    (should (equal (object-print o " x" " y") "#<ebt-named a x y>"))
    (should (equal (eieio-object-set-name-string o "b") "b"))
    (should (equal (oref o object-name) "b"))
    (should (equal (should-error (eieio-object-set-name-string o 'c))
                   '(wrong-type-argument string c name))))
  (should (equal (oref (make-instance 'ebt-named "n" :q 2) object-name) "n"))
  (should (equal (oref (make-instance 'ebt-named :q 2) object-name) nil))
  (should (equal (should-error (make-instance 'ebt-named "n" "m"))
                 '(invalid-slot-name "#<ebt-named n>" "m")))
  (should (equal (eieio-object-name-string (ebt-named :object-name 5)) 5)))

(ert-deftest eieio-base-named-clone ()
  (let ((names (mapcar (lambda (name)
                         (eieio-object-name-string
                          (clone (ebt-named :object-name name))))
                       '("a" "a-1" "a-99" "a-x" "a-" "-1" nil))))
    (should (equal names '("a-1" "a-2" "a-100" "a-x-1" "a--1" "-2" "-1"))))
  (let ((o (ebt-named :object-name "x" :q 3)))
    (should (equal (clone o "new") #s(ebt-named "new" 3)))
    (should (equal (clone o :q 4) #s(ebt-named "x-1" 4)))
    (should (equal (clone o :object-name "zz") #s(ebt-named "zz" 3))))
  (should (equal (should-error (clone (ebt-named :object-name 'sym)))
                 '(wrong-type-argument stringp sym))))

;;; ---- eieio-instance-inheritor ----------------------------------------------

(defclass ebt-inh (eieio-instance-inheritor)
  ((a :initarg :a)
   (b :initarg :b :initform 2)))

(defclass ebt-named-inh (eieio-named eieio-instance-inheritor)
  ((a :initarg :a)))

(ert-deftest eieio-base-inheritor ()
  (let* ((parent (ebt-inh :a 1))
         (child (clone parent))
         (grandchild (clone child :b 9)))
    (should (eq (oref child parent-instance) parent))
    (should (equal (list (oref child a) (oref child b)) '(1 2)))
    (should (equal (list (oref grandchild a) (oref grandchild b)) '(1 9)))
    (should-not (slot-boundp child 'a))
    (should (equal (oref (clone parent "ignored" :a 7) a) 7))
    (should (eq (car (should-error (oref parent parent-instance))) 'unbound-slot))
    (should (eq (car (should-error (oref (clone (ebt-inh)) a))) 'unbound-slot)))
  (should (equal (should-error (ebt-inh :parent-instance 3))
                 '(invalid-slot-type ebt-inh parent-instance eieio-instance-inheritor 3)))
  (let* ((p (ebt-named-inh :object-name "x" :a 1))
         (c (clone p)))
    (should (equal (eieio-object-name-string c) "x-1"))
    (should (equal (oref c a) 1))
    (should (equal (eieio-object-name-string (clone p "y")) "y"))))

;;; ---- eieio-instance-tracker ------------------------------------------------

(defvar ebt-tracked nil)

(defclass ebt-tracker (eieio-instance-tracker)
  ((tracking-symbol :initform ebt-tracked)
   (k :initarg :k)))

(ert-deftest eieio-base-tracker ()
  (setq ebt-tracked nil)
  (let ((one (ebt-tracker :k 1))
        (two (ebt-tracker :k "s")))
    (should (equal ebt-tracked (list one two)))
    (initialize-instance one)
    (should (equal (length ebt-tracked) 2))
    (should (eq (eieio-instance-tracker-find "s" 'k 'ebt-tracked) two))
    (should-not (eieio-instance-tracker-find 3 'k 'ebt-tracked))
    (should-not (eieio-instance-tracker-find 1 'nosuch 'ebt-tracked))
    (should (equal (delete-instance one) (list two)))
    (should (equal ebt-tracked (list two))))
  (should (equal (oref-default 'ebt-tracker tracking-symbol) 'ebt-tracked)))

;;; ---- eieio-singleton -------------------------------------------------------

(defclass ebt-single (eieio-singleton) ((a :initarg :a)))
(defclass ebt-single2 (ebt-single) ())

(ert-deftest eieio-base-singleton ()
  (let ((first (ebt-single :a 1)))
    (should (eq (ebt-single :a 2) first))
    (should (eq (make-instance 'ebt-single) first))
    (should (equal (oref first a) 1))
    (should-not (eq (clone first) first))
    (should-not (eq (ebt-single2 :a 3) first))
    (should (eq (ebt-single2) (ebt-single2)))))

;;; ---- eieio-persistent ------------------------------------------------------

(defclass ebt-pers (eieio-persistent)
  ((a :initarg :a :initform 1)
   (b :initarg :b :type (or null ebt-item))
   (l :initarg :l :initform nil)))

(defclass ebt-pers2 (ebt-pers) ())

(defclass ebt-pers-named (eieio-persistent eieio-named)
  ((a :initarg :a)))

(defmacro ebt-with-dir (&rest body)
  (declare (indent 0))
  `(let ((default-directory (file-name-as-directory (make-temp-file "ebt" t))))
     (unwind-protect (progn ,@body)
       (delete-directory default-directory t))))

(defun ebt-file-text (file)
  (with-temp-buffer (insert-file-contents file) (buffer-string)))

(defun ebt-named-item (name &rest args)
  (let ((item (apply #'make-instance 'ebt-item args)))
    (eieio-object-set-name-string item name)
    item))

(ert-deftest eieio-base-persistent-save ()
  (ebt-with-dir
    (let ((o (ebt-pers-named :object-name "nm" :file (expand-file-name "one.eieio")
                             :a (list (ebt-named-item "i1" :x 2) 'q "é"))))
      (should (equal (eieio-persistent-save o) nil))
      (should (equal (ebt-file-text "one.eieio")
                     ";; Object nm
;; EIEIO PERSISTENT OBJECT
(ebt-pers-named \"nm\"
  :file \"one.eieio\"
  :object-name \"nm\"
  :a
  (list
    (ebt-item \"i1\"
      :x 2)
  q
  \"é\"))
"))
      ;; The file slot is written relative, then restored.
      (should (equal (oref o file) (expand-file-name "one.eieio")))
      (make-directory "sub")
      (eieio-persistent-save o "sub/two.eieio")
      (should (string-match-p "\n  :file \"sub/two.eieio\"\n"
                              (ebt-file-text "sub/two.eieio")))
      (should-not (directory-files "." nil "~\\'")))
    (let ((unsaved (ebt-pers)))
      (should (equal (should-error (eieio-persistent-save unsaved))
                     (list 'unbound-slot 'ebt-pers
                           (eieio-object-name unsaved) 'file 'oref))))))

(ert-deftest eieio-base-persistent-write-comment ()
  (let ((o (ebt-pers-named :object-name "p" :file "/x/y.eieio" :a 2)))
    (should (equal (with-output-to-string (object-write o))
                   ";; Object p
;; EIEIO PERSISTENT OBJECT
(ebt-pers-named \"p\"
  :file \"/x/y.eieio\"  :object-name \"p\"  :a 2)
"))
    (should (string-prefix-p ";; Object p\n;; mine\n"
                             (with-output-to-string (object-write o ";; mine"))))))

(ert-deftest eieio-base-persistent-path-relative ()
  (let ((o (ebt-pers :file "/a/b/c.eieio")))
    (should (equal (eieio-persistent-path-relative o "/a/b/sub/x") "sub/x"))
    (should (equal (eieio-persistent-path-relative o "/tmp/abc") "../../tmp/abc"))))

(defun ebt-read-text (text &rest args)
  (ebt-with-dir
    (with-temp-file "f.eieio" (insert text))
    (apply #'eieio-persistent-read "f.eieio" args)))

(ert-deftest eieio-base-persistent-read ()
  (should (equal (ebt-read-text ";; c\n(ebt-pers \"n\" :a '(x) :l (list (ebt-item \"i\" :x #(\"s\" 0 1 (face bold)))))\n(junk"
                                'ebt-pers)
                 (let ((o (ebt-pers :a '(x) :l (list (ebt-item :x "s")))))
                   (oset o file "f.eieio")
                   o)))
  (should (equal (oref (ebt-read-text "(ebt-pers-named \"nm\" :a [(ebt-item \"i\") '(1)])"
                                      'ebt-pers-named)
                       a)
                 (vector (ebt-item) '(1))))
  (should (equal (oref (ebt-read-text "(ebt-pers-named \"nm\")" 'ebt-pers-named)
                       object-name)
                 "nm"))
  (should (ebt-read-text "(ebt-pers2 \"n\")" 'ebt-pers t))
  (should (equal (should-error (ebt-read-text "(ebt-pers2 \"n\")" 'ebt-pers))
                 '(error "Invalid object: ebt-pers2 is not an object of class ebt-pers nor a subclass")))
  (should (equal (should-error (ebt-read-text "(ebt-item \"n\")" 'ebt-pers))
                 '(error "Invalid object: ebt-item is not a subclass of ‘eieio-persistent’")))
  (should (equal (should-error (ebt-read-text "(nosuch \"n\")" 'ebt-pers))
                 '(wrong-type-argument eieio--class nosuch child)))
  (should (equal (should-error (ebt-read-text "(ebt-pers \"n\" :b 3)" 'ebt-pers))
                 '(invalid-slot-type ebt-pers b (or null ebt-item) 3)))
  (should (equal (should-error (ebt-read-text "12" 'ebt-pers))
                 '(wrong-type-argument listp 12)))
  (should (eq (car (should-error (ebt-read-text "" 'ebt-pers))) 'end-of-file)))

(ert-deftest eieio-base-persistent-fix-value ()
  (should (equal (eieio-persistent-fix-value '(quote (quote (ebt-item "n")))) '(ebt-item "n")))
  (should (equal (eieio-persistent-fix-value '(list 1 2)) '(list 1 2)))
  (should (equal (eieio-persistent-fix-value '(list)) nil))
  (should (equal (eieio-persistent-fix-value '(list (ebt-item "n" :x '(1))))
                 (list (ebt-item :x '(1)))))
  (should (equal (eieio-persistent-fix-value '((ebt-item "n"))) '((ebt-item "n"))))
  (should (equal (eieio-persistent-fix-value '(ebt-item "n" :x 1 :x 2)) (ebt-item :x 2)))
  (should (equal (should-error (eieio-persistent-fix-value '(list (ebt-item) 3)))
                 '(wrong-type-argument listp 3)))
  (should (equal (should-error (eieio-persistent-fix-value '(list (ebt-item) (nosuch))))
                 '(cl-no-applicable-method eieio-persistent-make-instance nosuch nil)))
  (let ((v (vector ''a #("s" 0 1 (face bold)))))
    (should (eq (eieio-persistent-fix-value v) v))
    (should (equal-including-properties v [a "s"])))
  (let ((err (should-error (eieio-persistent-make-instance 'ebt-item '(nil :x 2)))))
    (should (eq (car err) 'invalid-slot-name))
    (should (string-prefix-p "#<ebt-item " (nth 1 err)))
    (should (null (nth 2 err)))))

;; Odd and dotted argument lists, as Emacs 28 takes them.
(ert-deftest eieio-base-persistent-make-instance-edges ()
  (should (equal (eieio-persistent-make-instance 'ebt-item '(:x)) (ebt-item :x nil)))
  (should (equal (eieio-persistent-make-instance 'ebt-item '("nm" :x '(1)))
                 (ebt-item :x '(1))))
  (should (equal (should-error (eieio-persistent-make-instance 'ebt-item '(:x 1 . 2)))
                 '(wrong-type-argument listp 2)))
  (should (equal (should-error (eieio-persistent-make-instance 'ebt-item 5))
                 '(wrong-type-argument listp 5))))

(ert-deftest eieio-base-persistent-read-any-class ()
  (let ((warning-minimum-log-level :emergency)
        (warning-minimum-level :emergency))
    (should (equal (oref (ebt-read-text "(ebt-pers2 \"n\" :a 4)") a) 4))
    (should (equal (should-error (ebt-read-text "(ebt-item \"n\")"))
                   '(error "Invalid object: ebt-item is not a subclass of ‘eieio-persistent’")))))

;; Emacs 28's eieio-base and eieio-opt, read off Emacs.
(defclass ebt-inheritor (eieio-instance-inheritor)
  ((a :initarg :a) (b :initarg :b)))

(ert-deftest eieio-base-inheritor-slot-boundp ()
  (let* ((parent (ebt-inheritor))
         (child (clone parent :b 1))
         (grandchild (clone child :a 2)))
    (should-not (eieio-instance-inheritor-slot-boundp parent 'a))
    (should-not (eieio-instance-inheritor-slot-boundp child 'a))
    (should (eieio-instance-inheritor-slot-boundp child 'b))
    (should (eieio-instance-inheritor-slot-boundp grandchild 'a))
    (should (eieio-instance-inheritor-slot-boundp grandchild 'b))
    (should (eieio-instance-inheritor-slot-boundp grandchild :a))))

(require 'eieio-opt)
(defclass ebt-root () ())
(defclass ebt-left (ebt-root) ())
(defclass ebt-right (ebt-root) () :abstract t)
(defclass ebt-leaf (ebt-left) ())

(ert-deftest eieio-opt-class-alist-and-browser ()
  (should (equal (eieio-build-class-alist 'ebt-root)
                 '(("ebt-leaf" . 1) ("ebt-left" . 1) ("ebt-right" . 1) ("ebt-root" . 1))))
  (should (equal (eieio-build-class-alist 'ebt-root t)
                 '(("ebt-leaf" . 1) ("ebt-left" . 1) ("ebt-root" . 1))))
  (should (assoc "ebt-leaf" (eieio-build-class-alist)))
  (eieio-browse 'ebt-root)
  (should (equal (with-current-buffer "*EIEIO OBJECT BROWSE*" (buffer-string))
                 "ebt-root\n  +--ebt-right\n  +--ebt-left\n       +--ebt-leaf\n")))

(provide 'eieio-base-tests)
