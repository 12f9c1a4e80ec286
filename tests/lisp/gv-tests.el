;;; gv-tests.el --- places made of control forms and of other places  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)

(ert-deftest gv-if-and-cond-places ()
  (let ((left 1) (right 2) (flag nil))
    (should (= (setf (if flag left right) 20) 20))
    (should (equal (list left right) '(1 20)))
    (setq flag t)
    (should (= (cl-incf (if flag left right) 5) 6))
    (should (equal (list left right) '(6 20)))
    ;; Every form of the else branch runs, the last one is the place.
    (let ((ran nil))
      (setf (if (not flag) left (setq ran t) right) 'r)
      (should ran)
      (should (eq right 'r)))
    (should (eq (setf (cond ((eq flag 'x) left) (flag right) (t 'unused)) 'c) 'c))
    (should (eq right 'c))
    ;; No clause applies: nothing is stored.
    (should (null (setf (cond ((null flag) left)) 'none)))
    (should (equal (list left right) '(6 c)))
    ;; A macro expanding to if is a place too.
    (setf (when flag left) 'w)
    (should (eq left 'w))))

(ert-deftest gv-progn-and-let-places ()
  (let ((cell (list 1 2)) (trace nil))
    (should (= (setf (progn (push 'a trace) (car cell)) 10) 10))
    (should (equal cell '(10 2)))
    (setf (let ((n 1)) (push n trace) (nth n cell)) 20)
    (setf (let* ((m 0) (n (1+ m))) (push n trace) (nthcdr n cell)) '(30 40))
    (should (equal cell '(10 30 40)))
    (should (equal trace '(1 1 a)))))

(ert-deftest gv-cons-place ()
  (let ((head 1) (tail (list 2 3)))
    (should (equal (setf (cons head (cdr tail)) '(a b c)) '(a b c)))
    (should (eq head 'a))
    (should (equal tail '(2 b c)))
    (should-error (cl-incf (cons head tail)) :type 'wrong-type-argument)))

(ert-deftest gv-logand-place ()
  (let ((bits #b1010))
    ;; Only the bits under the mask change.
    (should (= (setf (logand bits #b0011) #b0111) #b0111))
    (should (= bits #b1011))
    (should (= (cl-incf (logand bits #b1100 #b0110) 4) #b0100))
    (should (= bits #b1111))
    (let ((v (vector 0)))
      (setf (logand (aref v 0) #xF0) #xAB)
      (should (equal v [#xA0])))))

(ert-deftest gv-cl-subseq-place ()
  (let ((l (list 1 2 3 4 5)))
    (should (equal (setf (cl-subseq l 1 3) '(a b c)) '(a b c)))
    (should (equal l '(1 a b 4 5)))
    (let ((s (copy-sequence "hello")))
      (setf (cl-subseq s 3) "PX")
      (should (equal s "helPX")))))

;; Emacs loads an autoloaded function's file to learn how to store
;; into its places.
(ert-deftest gv-place-of-an-autoloaded-function ()
  (let ((file (make-temp-file "gv-tests" nil ".el"))
        (cell (list 1 2)))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert "(defun gv-tests--second (c) (nth 1 c))\n"
                    "(gv-define-setter gv-tests--second (v c) `(setcar (cdr ,c) ,v))\n"))
          (autoload 'gv-tests--second file)
          (should (autoloadp (symbol-function 'gv-tests--second)))
          (should (eq (eval `(setf (gv-tests--second ',cell) 'two) t) 'two))
          (should (equal cell '(1 two)))
          (should-not (autoloadp (symbol-function 'gv-tests--second))))
      (delete-file file))))

;;; Expansions print as Emacs 28's: each argument of a place that is
;;; not a constant is bound to a temporary `v' (macroexp-let2's rule).

(defconst gv-tests--expansions
  '(((setf (car x) 1) . "(let* ((v x)) (setcar v 1))")
    ((setf (car (foo)) 1) . "(let* ((v (foo))) (setcar v 1))")
    ((setf (aref v 0) 1) . "(let* ((v v)) (aset v 0 1))")
    ((setf (aref v i) (g)) . "(let* ((v v) (v i)) (aset v v (g)))")
    ((setf x 1) . "(setq x 1)")
    ((setf (car x) 1 (cdr x) 2) . "(progn (let* ((v x)) (setcar v 1)) (let* ((v x)) (setcdr v 2)))")
    ((setf (cadr x) 1) . "(let* ((v x)) (setcar (cdr v) 1))")
    ((setf (caddr x) 1) . "(let* ((v (cdr (cdr x)))) (setcar v 1))")
    ((setf (nth 2 l) 5) . "(let* ((c (nthcdr 2 l))) (setcar c 5))")
    ((setf (nthcdr 2 l) 1) . "(if (<= 2 0) (setq l 1) (setcdr (nthcdr (1- 2) l) 1))")
    ((setf (gethash k h) v) . "(let* ((v k) (v h)) (puthash v v v))")
    ((setf (get 'a 'b) 1) . "(put 'a 'b 1)")
    ((setf (elt s 1) 2) . "(let* ((v s)) (if (listp v) (setcar (nthcdr 1 v) 2) (aset v 1 2)))")
    ((setf (symbol-value (car x)) 3) . "(let* ((v (car x))) (set v 3))")
    ((setf (plist-get p :a) 1)
     . "(let* ((p (cdr (plist-member p :a)))) (if p (setcar p 1) (setq p (cons :a (cons 1 p)))))")
    ((setf (alist-get k al) 1)
     . "(let* ((p (if (and nil (not (eq nil 'eq))) (assoc k al nil) (assq k al)))) (progn (if p (setcdr p 1) (setq al (cons (setq p (cons k 1)) al))) 1))")
    ((setf (substring s 1) "a") . "(progn (setq s (cl--set-substring s 1 nil \"a\")) \"a\")")
    ((setf (if a (car x) (cdr x)) 1) . "(if a (let* ((v x)) (setcar v 1)) (let* ((v x)) (setcdr v 1)))")
    ((setf (gv-tests--no-such-place x y) 3) . "(let* ((v x) (v y)) (\\(setf\\ gv-tests--no-such-place\\) 3 v v))")
    ((push 1 x) . "(setq x (cons 1 x))")
    ((push 1 (car x)) . "(let* ((v x)) (setcar v (cons 1 (car v))))")
    ((push (f) (car x)) . "(let* ((x (f)) (v x)) (setcar v (cons x (car v))))")
    ((push 1 (nth 1 l)) . "(let* ((c (nthcdr 1 l))) (setcar c (cons 1 (car c))))")
    ((pop x) . "(car-safe (prog1 x (setq x (cdr x))))")
    ((pop (car x)) . "(car-safe (let* ((v x) (x (car v))) (prog1 x (setcar v (cdr x)))))")
    ((pop (aref v 2)) . "(car-safe (let* ((v v) (x (aref v 2))) (prog1 x (aset v 2 (cdr x)))))")
    ((cl-incf x) . "(setq x (1+ x))")
    ((cl-incf (car x)) . "(let* ((v x)) (setcar v (+ (car v) 1)))")
    ((cl-incf (aref v 1) 2) . "(let* ((v v)) (aset v 1 (+ (aref v 1) 2)))")
    ((cl-decf (car x)) . "(let* ((v x)) (setcar v (- (car v) 1)))")
    ((gv-letplace (g s) '(car x) (funcall s g))
     . "(gv-get '(car x) #'(lambda (g s) (funcall s g)))")
    ((gv-ref (car x)) . "(let* ((v x)) (cons #'(lambda nil (car v)) #'(lambda (gv--val) (setcar v gv--val))))")
    ((setf (decoded-time-second tm) 3) . "(let* ((v tm)) (setcar v 3))")
    ((setf (decoded-time-minute tm) 3) . "(let* ((c (nthcdr 1 tm))) (setcar c 3))")
    ((setf (buffer-string) "x") . "(insert (prog1 \"x\" (erase-buffer)))")
    ((setf (point) 3) . "(goto-char 3)")
    ((setf (match-data) m) . "(let* ((v m)) (progn (set-match-data v) v))")
    ((setf (buffer-local-value 'v b) (f))
     . "(let* ((v b) (v (f))) (save-current-buffer (set-buffer v) (set (make-local-variable 'v) v)))")
    ((setf (buffer-modified-p) nil)
     . "(let* ((buffer (or nil (current-buffer)))) (save-current-buffer (set-buffer buffer) (set-buffer-modified-p nil)))")
    ((macroexp-let2 nil v (f) (list 'g v))
     . "(let* ((exp (f)) (v (if (macroexp-const-p exp) exp (make-symbol \"v\"))) (body (list 'g v))) (if (eq v exp) body (macroexp-let* (list (list v exp)) body)))")
    ((funcall #'car x) . "(car x)")
    ((cl-shiftf (car x) (cdr x)) . "(let* ((v x)) (prog1 (car v) (setcar v (cdr x))))")
    ((cl-shiftf a b c) . "(prog1 a (setq a (prog1 b (setq b c))))")
    ((cl-rotatef (car x) (cdr x))
     . "(let* ((v x) (--cl-rotatef-- (car v))) (progn (setcar v (let* ((v x)) (prog1 (cdr v) (setcdr v --cl-rotatef--)))) nil))")
    ((cl-letf (((car x) 1) (y 2)) (g) (h))
     . "(let* ((v x) (old (car v)) (y 2)) (unwind-protect (progn (setcar v 1) (g) (h)) (setcar v old)))")
    ((cl-letf ((y 2)) (g)) . "(let ((y 2)) (g))")
    ((cl-letf (((symbol-function 'f) #'ignore)) (f 1))
     . "(let* ((old (symbol-function 'f))) (unwind-protect (progn (fset 'f #'ignore) (f 1)) (fset 'f old)))")
    ((cl-letf (((car x))) (g)) . "(let* ((v x) (old (car v))) (unwind-protect (g) (setcar v old)))")
    ((cl-letf (((aref v (f)) (h))) (g))
     . "(let* ((v v) (v (f)) (vnew (h)) (old (aref v v))) (unwind-protect (progn (aset v v vnew) (g)) (aset v v old)))"))
  "Forms and how Emacs 28 prints their `macroexpand-all'.")

(ert-deftest gv-expansions-print-as-emacs ()
  (dolist (case gv-tests--expansions)
    (should (equal (cons (car case) (prin1-to-string (macroexpand-all (car case))))
                   case))))

(ert-deftest gv-cl-letf-binds-a-variable-with-let ()
  (let ((y 1))
    (should (equal (list (cl-letf ((y 2)) y) y) '(2 1))))
  (let ((x (list 1 2)))
    (should (equal (cl-letf* (((car x) 10) ((cadr x) (car x))) (copy-sequence x)) '(10 10)))
    (should (equal x '(1 2)))))

(ert-deftest gv-buffer-places ()
  (with-temp-buffer
    (setf (buffer-string) "hello")
    (should (equal (buffer-string) "hello"))
    (setf (point) 3)
    (should (= (point) 3))
    (should (equal (setf (buffer-local-value 'gv-tests--local (current-buffer)) 5) 5))
    (should (equal (buffer-local-value 'gv-tests--local (current-buffer)) 5))
    (setf (point-max) 4)
    (should (equal (buffer-string) "hel"))))

(ert-deftest gv-expansion-of-wrong-number-of-arguments ()
  (should (equal (should-error (macroexpand '(setf (car x) 1 y)))
                 '(wrong-number-of-arguments setf 3))))

(ert-deftest gv-letplace-builds-emacs-code ()
  (should (equal (prin1-to-string (gv-letplace (g s) '(car x) (funcall s g)))
                 "(let* ((v x)) (setcar v (car v)))"))
  (should (equal (prin1-to-string (gv-letplace (g s) '(nth 1 (f)) (funcall s (list '1+ g))))
                 "(let* ((c (nthcdr 1 (f)))) (setcar c (1+ (car c))))")))

(ert-deftest gv-setter-definitions-expand-as-emacs ()
  (should (equal (macroexpand-1 '(gv-define-setter foo (v x) `(bar ,x ,v)))
                 '(gv-define-expander foo
                    (lambda (do &rest args)
                      (declare-function gv--defsetter "gv" (name setter do args &optional vars))
                      (gv--defsetter 'foo (lambda (v x) `(bar ,x ,v)) do args)))))
  (should (equal (macroexpand '(gv-define-expander foo (lambda (do x) x)))
                 '(function-put 'foo 'gv-expander (lambda (do x) x))))
  (should (equal (prin1-to-string (macroexpand-1 '(gv-define-simple-setter foo bar)))
                 "(gv-define-setter foo (val &rest args) `(,'bar ,@args ,val))"))
  (should (equal (prin1-to-string (macroexpand-1 '(gv-define-simple-setter foo bar t)))
                 (concat "(gv-define-setter foo (val &rest args) (macroexp-let2 nil v val"
                         " `(progn (,'bar ,@args ,v) ,v)))")))
  (should (equal (prin1-to-string (macroexpand '(macroexp-let2 nil v (f) (list 'g v))))
                 (concat "(let* ((exp (f)) (v (if (funcall #'macroexp-const-p exp) exp (make-symbol \"v\")))"
                         " (body (list 'g v))) (if (eq v exp) body (macroexp-let* (list (list v exp)) body)))"))))

(ert-deftest gv-simple-setter-with-fix-returns-the-value ()
  (let ((log nil))
    (defalias 'gv-tests--get (lambda (k) (cdr (assq k log))))
    (defalias 'gv-tests--put (lambda (k v) (push (cons k v) log) 'ignored))
    (eval '(gv-define-simple-setter gv-tests--get gv-tests--put t) t)
    (should (eq (eval '(setf (gv-tests--get 'a) 7) t) 7))
    (should (equal log '((a . 7))))
    (should (equal (prin1-to-string (macroexpand-all '(setf (gv-tests--get k) (f))))
                   "(let* ((v k) (v (f))) (progn (gv-tests--put v v) v))"))))

;;; Emacs's own gv-tests compile a file and load it in a new Emacs;
;;; the same definitions loaded as source behave alike.

(defun gv-tests--load-forms (forms)
  "Load a file of FORMS, lexical-binding on; return what it messaged."
  (let ((file (make-temp-file "gv-tests" nil ".el")))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert ";; -*- lexical-binding: t; -*-\n")
            (dolist (form forms) (prin1 form (current-buffer)) (insert "\n")))
          (load file nil t))
      (delete-file file))))

(defmacro gv-tests--with-clean-foo (&rest body)
  "Run BODY with no place `gv-tests--foo' before or after."
  `(unwind-protect
       (progn (put 'gv-tests--foo 'gv-expander nil) ,@body)
     (put 'gv-tests--foo 'gv-expander nil)
     (makunbound 'gv-tests--pair)))

(ert-deftest gv-setter-defined-and-used-in-one-file ()
  (gv-tests--with-clean-foo
   (gv-tests--load-forms
    '((gv-define-setter gv-tests--foo (newval cons) `(setcar ,cons ,newval))
      (defvar gv-tests--pair (cons 1 2))
      (setf (gv-tests--foo gv-tests--pair) 99)))
   (should (equal (symbol-value 'gv-tests--pair) '(99 . 2)))))

(ert-deftest gv-setter-redefined-in-one-file ()
  (gv-tests--with-clean-foo
   (gv-tests--load-forms
    '((gv-define-setter gv-tests--foo (newval cons) `(setcar ,cons ,newval))
      (defvar gv-tests--pair (cons 1 2))
      (setf (gv-tests--foo gv-tests--pair) 99)
      (gv-define-setter gv-tests--foo (newval cons) `(setcdr ,cons ,newval))
      (setf (gv-tests--foo gv-tests--pair) 42)))
   (should (equal (symbol-value 'gv-tests--pair) '(99 . 42)))))

(ert-deftest gv-setter-defined-in-a-loaded-file ()
  (gv-tests--with-clean-foo
   (gv-tests--load-forms
    '((gv-define-setter gv-tests--foo (newval cons) `(setcar ,cons ,newval))
      (defvar gv-tests--pair (cons 1 2))))
   (eval '(setf (gv-tests--foo gv-tests--pair) 99) t)
   (should (equal (symbol-value 'gv-tests--pair) '(99 . 2)))))

(ert-deftest gv-setter-not-defined-calls-the-setf-function ()
  (gv-tests--with-clean-foo
   (gv-tests--load-forms
    '((if nil (gv-define-setter gv-tests--foo (newval cons) `(setcar ,cons ,newval)))
      (defvar gv-tests--pair (cons 1 2))))
   (should (equal (should-error (eval '(setf (gv-tests--foo gv-tests--pair) 99) t))
                  (list 'void-function (intern "(setf gv-tests--foo)"))))
   (should (equal (should-error (gv-tests--load-forms
                                 '((when nil (gv-define-setter gv-tests--foo (newval cons)
                                               `(setcar ,cons ,newval)))
                                   (setf (gv-tests--foo gv-tests--pair) 99))))
                  (list 'void-function (intern "(setf gv-tests--foo)"))))))

;;; gv-tests.el ends here
