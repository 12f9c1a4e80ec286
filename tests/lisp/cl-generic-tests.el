;;; cl-generic-tests.el --- cl-defgeneric and cl-defmethod  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)
;; No (require 'cl-generic): Emacs preloads it, marrow autoloads it.

(cl-defgeneric cl-generic-tests--describe (x)
  "Describe X."
  (list 'default x))
(cl-defmethod cl-generic-tests--describe ((x integer)) (list 'integer x))
(cl-defmethod cl-generic-tests--describe ((x number))
  (list 'number x (cl-next-method-p)))
(cl-defmethod cl-generic-tests--describe ((_x string)) 'string)
(cl-defmethod cl-generic-tests--describe ((_x symbol)) 'symbol)
(cl-defmethod cl-generic-tests--describe ((_x cons)) 'cons)
(cl-defmethod cl-generic-tests--describe ((_x sequence)) 'sequence)

(ert-deftest cl-generic-type-dispatch ()
  (should (equal (cl-generic-tests--describe 3) '(integer 3)))
  (should (equal (cl-generic-tests--describe 2.5) '(number 2.5 t)))
  (should (equal (cl-generic-tests--describe (expt 2 70)) (list 'integer (expt 2 70))))
  (should (eq (cl-generic-tests--describe "s") 'string))
  (should (eq (cl-generic-tests--describe 'a) 'symbol))
  ;; nil is a symbol before it is a list.
  (should (eq (cl-generic-tests--describe nil) 'symbol))
  (should (eq (cl-generic-tests--describe '(1)) 'cons))
  (should (eq (cl-generic-tests--describe [1]) 'sequence))
  (should (eq (car (cl-generic-tests--describe (make-hash-table))) 'default))
  ;; The cache must not keep an answer for a type once a method is added.
  (cl-defmethod cl-generic-tests--describe ((_x null)) 'null)
  (should (eq (cl-generic-tests--describe nil) 'null))
  (should (eq (cl-generic-tests--describe 'a) 'symbol)))

(cl-defgeneric cl-generic-tests--two (x y))
(cl-defmethod cl-generic-tests--two (x y) (list 'default x y))
(cl-defmethod cl-generic-tests--two ((x (eql 5)) y)
  (list 'five (cl-call-next-method x (1+ y))))
(cl-defmethod cl-generic-tests--two ((_x (head foo)) y) (list 'head y))
(cl-defmethod cl-generic-tests--two (x (_y null)) (list 'y-null x))
(cl-defmethod cl-generic-tests--two (x (_y list)) (list 'y-list x (cl-call-next-method)))

(ert-deftest cl-generic-eql-head-and-second-argument ()
  (should (equal (cl-generic-tests--two 5 1) '(five (default 5 2))))
  (should (equal (cl-generic-tests--two '(foo 1) 2) '(head 2)))
  (should (equal (cl-generic-tests--two '(bar 1) 2) '(default (bar 1) 2)))
  (should (equal (cl-generic-tests--two 3 nil) '(y-null 3)))
  (should (equal (cl-generic-tests--two 3 '(1)) '(y-list 3 (default 3 (1)))))
  ;; The first argument decides before the second.
  (should (equal (cl-generic-tests--two '(foo 1) nil) '(head nil)))
  (should (equal (cl-generic-tests--two 4 7) '(default 4 7))))

(cl-defstruct cl-generic-tests--animal name)
(cl-defstruct (cl-generic-tests--dog (:include cl-generic-tests--animal)) breed)
(cl-defstruct (cl-generic-tests--puppy (:include cl-generic-tests--dog)))

(cl-defgeneric cl-generic-tests--speak (a &optional loud))
(cl-defmethod cl-generic-tests--speak ((a cl-generic-tests--animal) &optional loud)
  (list 'animal (cl-generic-tests--animal-name a) loud))
(cl-defmethod cl-generic-tests--speak ((_a cl-generic-tests--dog) &optional _loud)
  (cons 'dog (cl-call-next-method)))
(cl-defmethod cl-generic-tests--speak ((a cl-generic-tests--puppy) &optional _loud)
  (list 'puppy (cl-next-method-p) (cl-call-next-method a 'loud)))
(cl-defmethod cl-generic-tests--speak ((_a t) &optional _loud) 'anything)

(ert-deftest cl-generic-struct-inheritance ()
  (should (equal (cl-generic-tests--speak (make-cl-generic-tests--animal :name "a") t)
                 '(animal "a" t)))
  (should (equal (cl-generic-tests--speak (make-cl-generic-tests--dog :name "d"))
                 '(dog animal "d" nil)))
  (should (equal (cl-generic-tests--speak (make-cl-generic-tests--puppy :name "p"))
                 '(puppy t (dog animal "p" loud))))
  (should (eq (cl-generic-tests--speak 1) 'anything)))

(defvar cl-generic-tests--log nil)
(cl-defgeneric cl-generic-tests--area (s))
(cl-defmethod cl-generic-tests--area ((s integer)) (* s s))
(cl-defmethod cl-generic-tests--area :before ((_s integer)) (push 'before-int cl-generic-tests--log))
(cl-defmethod cl-generic-tests--area :before ((_s number)) (push 'before-num cl-generic-tests--log))
(cl-defmethod cl-generic-tests--area :after ((_s integer)) (push 'after-int cl-generic-tests--log))
(cl-defmethod cl-generic-tests--area :after ((_s number)) (push 'after-num cl-generic-tests--log))
(cl-defmethod cl-generic-tests--area :around ((_s number))
  (list 'around-num (cl-call-next-method)))
(cl-defmethod cl-generic-tests--area :around ((s integer))
  (list 'around-int (cl-call-next-method (1+ s))))
(cl-defmethod cl-generic-tests--area :extra "plus" ((s integer))
  (+ 1000 (cl-call-next-method)))

(ert-deftest cl-generic-qualifiers ()
  (setq cl-generic-tests--log nil)
  (should (equal (cl-generic-tests--area 3) '(around-int (around-num 1016))))
  (should (equal (reverse cl-generic-tests--log) '(before-int before-num after-num after-int)))
  ;; Redefining a method replaces it.
  (cl-defmethod cl-generic-tests--area :around ((s integer)) (list 'new (cl-call-next-method s)))
  (should (equal (cl-generic-tests--area 3) '(new (around-num 1009)))))

(ert-deftest cl-generic-errors ()
  (should (equal (condition-case e (cl-generic-tests--area "x") (error e))
                 '(cl-no-applicable-method cl-generic-tests--area "x")))
  (should (equal (error-message-string '(cl-no-applicable-method cl-generic-tests--area "x"))
                 "No applicable method: cl-generic-tests--area, \"x\""))
  (cl-defmethod cl-generic-tests--area :before ((_s symbol)) 1)
  (should (equal (condition-case e (cl-generic-tests--area 'x) (error e))
                 '(cl-no-primary-method cl-generic-tests--area x)))
  (cl-defmethod cl-generic-tests--area ((_s string)) (cl-call-next-method))
  (let ((err (condition-case e (cl-generic-tests--area "s") (error e))))
    (should (eq (car err) 'cl-no-next-method))
    (should (eq (nth 1 err) 'cl-generic-tests--area))
    (should (equal (last err) '("s"))))
  (should (equal (get 'cl-no-next-method 'error-conditions)
                 '(cl-no-next-method cl-no-method error)))
  (defalias 'cl-generic-tests--plain #'identity)
  (should (equal (condition-case e (eval '(cl-defmethod cl-generic-tests--plain ((x integer)) x) t)
                   (error e))
                 '(error "cl-generic-tests--plain is already defined as something else than a generic function")))
  (should (equal (condition-case e (eval '(cl-defmethod cl-generic-tests--area ((_x (foo 1))) 1) t)
                   (error e))
                 '(error "Unknown specializer (foo 1)"))))

(cl-defgeneric cl-generic-tests--methods (x)
  (:method ((x integer)) (list 'int x))
  (:method (x) (list 'other x)))
(cl-defgeneric (setf cl-generic-tests--head) (val obj))
(cl-defmethod (setf cl-generic-tests--head) (val (obj cons)) (setcar obj val))
(cl-defmethod cl-generic-tests--keys ((x integer) &key (k 10)) (+ x k))

(ert-deftest cl-generic-options-setf-and-keys ()
  (should (equal (list (cl-generic-tests--methods 1) (cl-generic-tests--methods "s"))
                 '((int 1) (other "s"))))
  (let ((c (list 1 2)))
    (setf (cl-generic-tests--head c) 9)
    (should (equal c '(9 2))))
  (should (eq (require 'cl-generic) 'cl-generic))
  (should (equal (list (cl-generic-tests--keys 1) (cl-generic-tests--keys 1 :k 2)) '(11 3))))

;; &context: dispatch on the value of an expression at the call.

(defvar cl-generic-tests--mode nil)
(cl-defgeneric cl-generic-tests--ctx (x))
(cl-defmethod cl-generic-tests--ctx (x) (list 'default x))
(cl-defmethod cl-generic-tests--ctx (x &context (cl-generic-tests--mode (eql b)))
  (list 'b x (cl-call-next-method)))
(cl-defmethod cl-generic-tests--ctx ((x integer) &context (cl-generic-tests--mode (eql b)))
  (list 'int-b x (cl-call-next-method)))
(cl-defmethod cl-generic-tests--ctx ((x integer)) (list 'int x (cl-call-next-method)))
(cl-defmethod cl-generic-tests--ctx ((x string) &context ((car-safe cl-generic-tests--mode) symbol))
  (list 'str-sym x))

(ert-deftest cl-generic-context-specializers ()
  (should (equal (cl-generic-tests--ctx 1) '(int 1 (default 1))))
  ;; The arguments rank before the contexts.
  (should (equal (let ((cl-generic-tests--mode 'b)) (cl-generic-tests--ctx 1))
                 '(int-b 1 (int 1 (b 1 (default 1))))))
  ;; (car-safe 'b) is nil, a symbol; the string specializer ranks first.
  (should (equal (let ((cl-generic-tests--mode 'b)) (cl-generic-tests--ctx "s"))
                 '(str-sym "s")))
  (should (equal (let ((cl-generic-tests--mode 'b)) (cl-generic-tests--ctx 'z))
                 '(b z (default z))))
  (should (equal (let ((cl-generic-tests--mode '(1))) (cl-generic-tests--ctx "s"))
                 '(default "s")))
  (should (equal (let ((cl-generic-tests--mode '(q))) (cl-generic-tests--ctx "s"))
                 '(str-sym "s"))))

(ert-deftest cl-generic-context-and-subclass-errors ()
  (should (equal (should-error (eval '(cl-defmethod cl-generic-tests--ctx (x &optional y &context (a integer)) 1) t))
                 '(error "&context not immediately after mandatory args")))
  (should (equal (should-error (eval '(cl-defmethod cl-generic-tests--ctx (x &context a) 1) t))
                 '(error "Invalid &context arg: a")))
  ;; Emacs 28 knows (subclass TYPE) only for EIEIO classes, once EIEIO is loaded.
  (should (equal (should-error (eval '(cl-defmethod cl-generic-tests--ctx ((x (subclass foo))) 1) t))
                 '(error "Unknown specializer (subclass foo)"))))

;; Introspection

(cl-defgeneric cl-generic-tests--find (x y))
(cl-defmethod cl-generic-tests--find ((x integer) y) (list 'i x y))
(cl-defmethod cl-generic-tests--find :before ((x integer) y) (ignore x y))
(cl-defmethod cl-generic-tests--find (x (y string)) (list 's x y))

(ert-deftest cl-generic-introspection ()
  (should (cl-generic-p 'cl-generic-tests--find))
  (should-not (cl-generic-p 'car))
  (should (equal (cl-generic-apply (cl-generic-p 'cl-generic-tests--find) '(1 2)) '(i 1 2)))
  (should (equal (should-error (cl-generic-apply 'cl-generic-tests--find '(1 2)))
                 '(wrong-type-argument cl--generic cl-generic-tests--find)))
  ;; One specializer for each required argument, t included.
  (should-not (cl-find-method 'cl-generic-tests--find nil '(integer)))
  (should (cl-find-method 'cl-generic-tests--find nil '(integer t)))
  (should (cl-find-method 'cl-generic-tests--find nil '(t string)))
  (should (equal (cl-method-qualifiers (cl-find-method 'cl-generic-tests--find '(:before) '(integer t)))
                 '(:before)))
  (should (equal (should-error (cl-find-method 'car nil '(t)))
                 '(wrong-type-argument cl--generic nil))))

;; cl-defgeneric keeps the methods of a generic still bound, drops those
;; of one made unbound; methods reach a generic through an alias; (eql
;; FORM) evaluates FORM; :argument-precedence-order.

(defvar cl-generic-tests--base 10)

(ert-deftest cl-generic-defgeneric-again ()
  (cl-defgeneric cl-generic-tests--measure (shape))
  (cl-defmethod cl-generic-tests--measure ((s integer)) (* s s))
  (should (= (cl-generic-tests--measure 3) 9))
  (cl-defgeneric cl-generic-tests--measure (shape))
  (should (= (cl-generic-tests--measure 3) 9))
  (cl-defmethod cl-generic-tests--measure ((s float)) (* 2 s))
  (fmakunbound 'cl-generic-tests--measure)
  (cl-defgeneric cl-generic-tests--measure (shape))
  (cl-defmethod cl-generic-tests--measure ((s string)) (length s))
  (should (= (cl-generic-tests--measure "abcd") 4))
  (should-error (cl-generic-tests--measure 1.5))
  (should-error (cl-generic-tests--measure 3)))

(ert-deftest cl-generic-methods-through-an-alias-and-eql-forms ()
  (cl-defgeneric cl-generic-tests--name (x))
  (defalias 'cl-generic-tests--name-alias #'cl-generic-tests--name)
  (cl-defmethod cl-generic-tests--name (x) (list 'other x))
  (cl-defmethod cl-generic-tests--name-alias ((_x (eql (+ cl-generic-tests--base 1))))
    (cons 'eleven (cl-call-next-method)))
  (cl-defmethod cl-generic-tests--name ((_x (eql 'tag))) 'the-tag)
  (should (equal (cl-generic-tests--name 11) '(eleven other 11)))
  (should (equal (cl-generic-tests--name-alias 11) '(eleven other 11)))
  (should (eq (cl-generic-tests--name 'tag) 'the-tag))
  (should (equal (cl-generic-tests--name 12) '(other 12))))

(ert-deftest cl-generic-argument-precedence-order ()
  (cl-defgeneric cl-generic-tests--pair (a b)
    (:argument-precedence-order b a))
  (cl-defmethod cl-generic-tests--pair (a b) (list a b))
  (cl-defmethod cl-generic-tests--pair ((_a symbol) _b) (cons 'a-sym (cl-call-next-method)))
  (cl-defmethod cl-generic-tests--pair (_a (_b symbol)) (cons 'b-sym (cl-call-next-method)))
  ;; B decides first, so its method runs before A's.
  (should (equal (cl-generic-tests--pair 'x 'y) '(b-sym a-sym x y)))
  (fmakunbound 'cl-generic-tests--pair)
  (cl-defgeneric cl-generic-tests--pair (a b))
  (cl-defmethod cl-generic-tests--pair (a b) (list a b))
  (cl-defmethod cl-generic-tests--pair ((_a symbol) _b) (cons 'a-sym (cl-call-next-method)))
  (cl-defmethod cl-generic-tests--pair (_a (_b symbol)) (cons 'b-sym (cl-call-next-method)))
  (should (equal (cl-generic-tests--pair 'x 'y) '(a-sym b-sym x y))))

(ert-deftest cl-generic-method-files-from-load-history ()
  ;; Each method a loaded file defines is noted in `load-history' as
  ;; (cl-defmethod NAME QUALIFIERS . SPECIALIZERS), once however often
  ;; it is redefined.
  (let ((file (make-temp-file "cl-generic-tests" nil ".el"
                              (concat
                               "(cl-defgeneric cl-generic-tests--filed (x))\n"
                               "(cl-defmethod cl-generic-tests--filed ((x string)) x)\n"
                               "(cl-defmethod cl-generic-tests--filed ((x string)) (list x))\n"
                               "(cl-defmethod cl-generic-tests--filed :extra \"e\" :before ((_ (eql 3))))\n"
                               "(cl-defmethod cl-generic-tests--filed ((x symbol) &context (overwrite-mode (eql nil))) x)\n"
                               "(cl-defmethod (setf cl-generic-tests--filed) (v (x integer)) (list v x))\n"))))
    (unwind-protect
        (progn
          (load file nil t)
          ;; Emacs's cl-generic also notes the features it requires.
          (should (equal (cl-remove-if (lambda (item) (eq (car-safe item) 'require))
                                       (cdr (assoc file load-history)))
                         '((defun . cl-generic-tests--filed)
                           (cl-defmethod cl-generic-tests--filed nil string)
                           (cl-defmethod cl-generic-tests--filed (:extra "e" :before) (eql 3))
                           (cl-defmethod cl-generic-tests--filed nil symbol
                                         ((&context . overwrite-mode) eql nil))
                           (defun . \(setf\ cl-generic-tests--filed\))
                           (cl-defmethod \(setf\ cl-generic-tests--filed\) nil t integer))))
          (should (equal (cl--generic-method-files 'cl-generic-tests--filed)
                         `((,file cl-generic-tests--filed nil symbol
                                  ((&context . overwrite-mode) eql nil))
                           (,file cl-generic-tests--filed (:extra "e" :before) (eql 3))
                           (,file cl-generic-tests--filed nil string))))
          (should (equal (cl--generic-method-files '\(setf\ cl-generic-tests--filed\))
                         `((,file \(setf\ cl-generic-tests--filed\) nil t integer))))
          (should-not (cl--generic-method-files 'cl-generic-tests--never-defined))
          (should (equal (cl-generic-tests--filed "s") '("s"))))
      (delete-file file))))

(ert-deftest cl-generic-context-on-a-per-buffer-variable ()
  ;; Binding a per-buffer variable to any value is allowed where it has
  ;; no local value, so a &context method can be tried with any.
  (cl-defgeneric cl-generic-tests--mode-kind ())
  (cl-defmethod cl-generic-tests--mode-kind (&context (overwrite-mode (eql t))) 'is-t)
  (cl-defmethod cl-generic-tests--mode-kind () 'other)
  (with-temp-buffer
    (should (equal (list (let ((overwrite-mode t)) (cl-generic-tests--mode-kind))
                         (let ((overwrite-mode 2)) (cl-generic-tests--mode-kind))
                         (cl-generic-tests--mode-kind))
                   '(is-t other other)))))

(ert-deftest cl-generic-docstring-has-the-usage-line ()
  (cl-defgeneric cl-generic-tests--documented (x &optional y) "Say X.")
  (should (equal (get 'cl-generic-tests--documented 'function-documentation)
                 "Say X.\n\n(fn X &optional Y)"))
  (should (equal (documentation 'cl-generic-tests--documented) "Say X.\n\n(fn X &optional Y)"))
  ;; :documentation, a usage line of its own, none at all.
  (cl-defgeneric cl-generic-tests--documented (x &rest _more)
    (:documentation "Other.") (:method ((x integer) &rest _) x))
  (should (equal (documentation 'cl-generic-tests--documented) "Other.\n\n(fn X &rest MORE)"))
  (should (= (cl-generic-tests--documented 4) 4))
  (cl-defgeneric cl-generic-tests--documented (x) "Mine.\n\n(fn THING)")
  (should (equal (documentation 'cl-generic-tests--documented) "Mine.\n\n(fn THING)"))
  (cl-defgeneric cl-generic-tests--documented (_x))
  (should (equal (documentation 'cl-generic-tests--documented) "\n\n(fn X)"))
  (should (equal (should-error (macroexpand '(cl-defgeneric cl-generic-tests--twice (x) "A."
                                               (:documentation "B."))))
                 '(error "Multiple doc strings for cl-generic-tests--twice")))
  (should (equal (macroexpand '(cl-defgeneric cl-generic-tests--shape (x) "D."))
                 '(prog1 (progn (defalias 'cl-generic-tests--shape
                                  (cl-generic-define 'cl-generic-tests--shape '(x) 'nil)
                                  "D.\n\n(fn X)")
                                :autoload-end)))))

(ert-deftest cl-generic-declarations-apply ()
  (cl-defgeneric cl-generic-tests--declared (x y)
    "Doc." (declare (indent 1) (obsolete cl-generic-tests--describe "28.1")))
  (should (eql (function-get 'cl-generic-tests--declared 'lisp-indent-function) 1))
  (should (equal (get 'cl-generic-tests--declared 'byte-obsolete-info)
                 '(cl-generic-tests--describe nil "28.1")))
  (should (equal (should-error (macroexpand '(cl-defgeneric cl-generic-tests--declared (x)
                                               (declare (indent 1)) (declare (indent 2)))))
                 (list 'error (format-message "Multiple `declare' for %s"
                                              'cl-generic-tests--declared)))))

(ert-deftest cl-generic-help-usage-lines ()
  (should (equal (help-add-fundoc-usage "Do it." '(a &optional (b 'x) _c &rest _))
                 "Do it.\n\n(fn A &optional (B \\='x) C &rest _)"))
  (should (equal (help-add-fundoc-usage "Do it.\n" '(a)) "Do it.\n\n(fn A)"))
  (should (equal (help-add-fundoc-usage "Do it.\n\n(fn Z)" '(a)) "Do it.\n\n(fn Z)"))
  (should (equal (help-add-fundoc-usage nil "(foo a b)") "\n\n(fn a b)"))
  (should (equal (help-add-fundoc-usage "Do it." t) "Do it."))
  (should (equal (help--make-usage "not a symbol" '(a)) '(anonymous A))))

(ert-deftest cl-generic-dispatch-on-more-builtin-types ()
  (cl-defgeneric cl-generic-tests--kind (x))
  (cl-defmethod cl-generic-tests--kind ((_ buffer)) 'buffer)
  (cl-defmethod cl-generic-tests--kind ((_ marker)) (list 'marker (cl-call-next-method)))
  (cl-defmethod cl-generic-tests--kind ((_ number-or-marker)) 'number-or-marker)
  (cl-defmethod cl-generic-tests--kind ((_ window)) 'window)
  (cl-defmethod cl-generic-tests--kind ((_ overlay)) 'overlay)
  (cl-defmethod cl-generic-tests--kind ((_ atom)) 'atom)
  (with-temp-buffer
    (should (equal (list (cl-generic-tests--kind (current-buffer))
                         (cl-generic-tests--kind (point-marker))
                         (cl-generic-tests--kind (selected-window))
                         (cl-generic-tests--kind (make-overlay 1 1))
                         (cl-generic-tests--kind 1.5)
                         (cl-generic-tests--kind (make-bool-vector 1 nil)))
                   ;; A float is no number-or-marker in Emacs's type table.
                   '(buffer (marker number-or-marker) window overlay atom atom))))
  (should (equal (should-error (eval '(cl-defmethod cl-generic-tests--kind ((_ fixnum)) 1) t))
                 '(error "Unknown specializer fixnum"))))

(define-derived-mode cl-generic-tests-parent-mode fundamental-mode "Parent")
(define-derived-mode cl-generic-tests-child-mode cl-generic-tests-parent-mode "Child")

(ert-deftest cl-generic-major-mode-context ()
  ;; (major-mode MODE) applies in MODE and the modes derived from it,
  ;; the nearer MODE first.
  (cl-defgeneric cl-generic-tests--by-mode (x))
  (cl-defmethod cl-generic-tests--by-mode (x &context (major-mode cl-generic-tests-parent-mode))
    (list 'parent x (cl-call-next-method)))
  (cl-defmethod cl-generic-tests--by-mode (x &context (major-mode cl-generic-tests-child-mode))
    (list 'child x (cl-call-next-method)))
  (cl-defmethod cl-generic-tests--by-mode (_x &context (major-mode (eql text-mode))) 'text)
  (cl-defmethod cl-generic-tests--by-mode (_x) 'base)
  (with-temp-buffer
    (cl-generic-tests-child-mode)
    (should (equal (cl-generic-tests--by-mode 1) '(child 1 (parent 1 base))))
    (cl-generic-tests-parent-mode)
    (should (equal (cl-generic-tests--by-mode 2) '(parent 2 base)))
    (text-mode)
    (should (eq (cl-generic-tests--by-mode 3) 'text))
    (fundamental-mode)
    (should (eq (cl-generic-tests--by-mode 4) 'base)))
  ;; As in Emacs 28, naming more modes matches none of them.
  (cl-defmethod cl-generic-tests--two-modes (_x &context (major-mode text-mode cl-generic-tests-child-mode))
    'either)
  (with-temp-buffer
    (text-mode)
    (should (equal (should-error (cl-generic-tests--two-modes 1))
                   '(cl-no-applicable-method cl-generic-tests--two-modes 1)))))

(ert-deftest cl-generic-context-rewriters ()
  (cl-generic-define-context-rewriter cl-generic-tests--sign (kind)
    `((if (< cl-generic-tests--number 0) 'negative 'positive) (eql ,kind)))
  (defvar cl-generic-tests--number)
  (cl-defgeneric cl-generic-tests--signed ())
  (cl-defmethod cl-generic-tests--signed (&context (cl-generic-tests--sign negative)) 'minus)
  (cl-defmethod cl-generic-tests--signed () 'plus)
  (should (eq (let ((cl-generic-tests--number -3)) (cl-generic-tests--signed)) 'minus))
  (should (eq (let ((cl-generic-tests--number 3)) (cl-generic-tests--signed)) 'plus)))

;;; cl-generic-tests.el ends here
