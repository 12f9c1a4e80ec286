;;; subr-core-tests.el --- loops, macro helpers, places and list functions of subr.el  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)

(defun subr-core--expands-to (expand cases)
  "Check that EXPAND prints each car of CASES as its cdr."
  (dolist (case cases)
    (should (equal (cons (car case) (prin1-to-string (funcall expand (car case))))
                   case))))

;;; Loops

(ert-deftest subr-core-dolist-and-dotimes-expansions ()
  (subr-core--expands-to
   #'macroexpand
   '(((dolist (i l)) . "(let ((--dolist-tail-- l)) (while --dolist-tail-- (let ((i (car --dolist-tail--))) (setq --dolist-tail-- (cdr --dolist-tail--)))))")
     ((dolist (i l r) (f i)) . "(let ((--dolist-tail-- l)) (while --dolist-tail-- (let ((i (car --dolist-tail--))) (f i) (setq --dolist-tail-- (cdr --dolist-tail--)))) r)")
     ((dotimes (i 3) (f i)) . "(let ((--dotimes-limit-- 3) (--dotimes-counter-- 0)) (while (< --dotimes-counter-- --dotimes-limit--) (let ((i --dotimes-counter--)) (f i)) (setq --dotimes-counter-- (1+ --dotimes-counter--))))")
     ((dotimes (i 1 2 3)) . "(let ((--dotimes-limit-- 1) (--dotimes-counter-- 0)) (while (< --dotimes-counter-- --dotimes-limit--) (let ((i --dotimes-counter--))) (setq --dotimes-counter-- (1+ --dotimes-counter--))) (let ((i --dotimes-counter--)) 2 3))")))
  (let ((lexical-binding nil))
    (subr-core--expands-to
     #'macroexpand
     '(((dolist (i l r) (f i)) . "(let ((--dolist-tail-- l) i) (while --dolist-tail-- (setq i (car --dolist-tail--)) (f i) (setq --dolist-tail-- (cdr --dolist-tail--))) (setq i nil) r)")
       ((dolist (i l) (f i)) . "(let ((--dolist-tail-- l) i) (while --dolist-tail-- (setq i (car --dolist-tail--)) (f i) (setq --dolist-tail-- (cdr --dolist-tail--))))")
       ((dotimes (i 3 r) (f i)) . "(let ((--dotimes-limit-- 3) (i 0)) (while (< i --dotimes-limit--) (f i) (setq i (1+ i))) r)")))))

(ert-deftest subr-core-loop-spec-errors ()
  (should (equal (should-error (macroexpand '(dolist x))) '(wrong-type-argument consp x)))
  (should (equal (should-error (macroexpand '(dolist (i))))
                 '(wrong-number-of-arguments (2 . 3) 1)))
  (should (equal (should-error (macroexpand '(dolist (i l r s))))
                 '(wrong-number-of-arguments (2 . 3) 4)))
  (should (equal (should-error (macroexpand '(dotimes x))) '(wrong-type-argument listp x))))

(ert-deftest subr-core-loops-bind-afresh-per-turn ()
  (let ((closures nil))
    (dotimes (i 3) (push (lambda () i) closures))
    (should (equal (mapcar #'funcall closures) '(2 1 0))))
  (let ((closures nil))
    (should (= (dolist (x '(a b c) (length closures)) (push (lambda () x) closures)) 3))
    (should (equal (mapcar #'funcall closures) '(c b a))))
  (should (= (dotimes (i 3 i)) 3)))

;;; Helpers for writing macros

(ert-deftest subr-core-macroexp-parse-body ()
  (should (equal (macroexp-parse-body
                  '("doc" (declare x) (interactive) (cl-declare 1) (:documentation 2) a b))
                 '(("doc" (declare x) (interactive) (cl-declare 1) (:documentation 2)) a b)))
  ;; The last form is never a declaration.
  (should (equal (macroexp-parse-body '("doc")) '(nil "doc")))
  (should (equal (macroexp-parse-body '("doc" (declare x))) '(("doc") (declare x))))
  (should (equal (macroexp-parse-body '()) '(nil)))
  (should (equal (macroexp-parse-body '((foo) "doc" a)) '(nil (foo) "doc" a))))

(ert-deftest subr-core-macroexp-const-p ()
  (should (equal (mapcar #'macroexp-const-p
                         '(1 "s" nil t :k x 'x #'car #'(lambda () 1) (f) [a] (function) (quote)))
                 '(t t (nil t) (t) t nil t t nil nil t t t)))
  (should (equal (mapcar #'macroexp-copyable-p '(1 x (f) 'x)) '(t t nil t))))

(ert-deftest subr-core-macroexp-let2 ()
  (should (equal (prin1-to-string (macroexp-let2 nil v '(f) (list 'g v)))
                 "(let* ((v (f))) (g v))"))
  (should (equal (macroexp-let2 nil v 1 (list 'g v)) '(g 1)))
  (should (equal (macroexp-let2 macroexp-copyable-p v 'x (list 'g v)) '(g x)))
  (should (equal (prin1-to-string (macroexp-let2* nil ((a '(f)) (b 2)) (list a b)))
                 "(let* ((a (f))) (a 2))")))

(ert-deftest subr-core-macroexp-warn-and-return ()
  (should (eq (macroexp-warn-and-return nil 'f) 'f))
  (should (eq (macroexp-warn-and-return "never shown" 'f nil t) 'f)))

;;; Places

(ert-deftest subr-core-place-expansions ()
  (subr-core--expands-to
   #'macroexpand-all
   '(((setf (elt (f) (g)) (h)) . "(let* ((v (f)) (v (g))) (if (listp v) (setcar (nthcdr v v) (h)) (aset v v (h))))")
     ((setf (buffer-local-value v b) 1) . "(let* ((v v) (v b)) (save-current-buffer (set-buffer v) (set (make-local-variable v) 1)))")
     ((setf (buffer-modified-p b) (f)) . "(let* ((v b) (buffer (or v (current-buffer)))) (save-current-buffer (set-buffer buffer) (set-buffer-modified-p (f))))")
     ((setf (nth i (f)) (g)) . "(let* ((c (nthcdr i (f)))) (setcar c (g)))")
     ((setf (nthcdr (f) (car l)) (g)) . "(let* ((idx (f)) (v l)) (if (<= idx 0) (setcar v (g)) (setcdr (nthcdr (1- idx) (car v)) (g))))")
     ((setf (plist-get (car p) (k)) (v)) . "(let* ((key (k)) (v p) (p (cdr (plist-member (car v) key)))) (if p (setcar p (v)) (setcar v (cons key (cons (v) (car v))))))")
     ((cl-incf (plist-get p k)) . "(let* ((p (cdr (plist-member p k)))) (if p (setcar p (+ (car p) 1)) (setq p (cons k (cons (+ (car p) 1) p)))))")
     ((setf (alist-get k al nil t) nil) . "(let* ((p (if (and nil (not (eq nil 'eq))) (assoc k al nil) (assq k al)))) (progn (if p (setq al (delq p al))) nil))")
     ((setf (alist-get k al 'a t) 'a) . "(let* ((p (if (and nil (not (eq nil 'eq))) (assoc k al nil) (assq k al)))) (progn (if p (setq al (delq p al))) 'a))")
     ((setf (alist-get k al d t #'equal) v) . "(let* ((p (if (and #'equal (not (eq #'equal 'eq))) (assoc k al #'equal) (assq k al))) (v v)) (progn (cond ((not (eql d v)) (if p (setcdr p v) (setq al (cons (setq p (cons k v)) al)))) (p (setq al (delq p al)))) v))")
     ((cl-incf (alist-get (f) al 0)) . "(let* ((k (f)) (p (if (and nil (not (eq nil 'eq))) (assoc k al nil) (assq k al))) (v (+ (if p (cdr p) 0) 1))) (progn (if p (setcdr p v) (setq al (cons (setq p (cons k v)) al))) v))")
     ((setf (substring (car s) (f) (g)) (h)) . "(let* ((v s) (start (f)) (end (g)) (v (h))) (progn (setcar v (cl--set-substring (car v) start end v)) v))")
     ((pop (nth 1 x)) . "(car-safe (let* ((c (nthcdr 1 x)) (x (car c))) (prog1 x (setcar c (cdr x)))))")
     ((push 'a (car x)) . "(let* ((v x)) (setcar v (cons 'a (car v))))")
     ((cl-decf x (f)) . "(setq x (- x (f)))")
     ((cl-incf x 3) . "(setq x (+ x 3))")
     ((gv-ref y) . "(cons #'(lambda nil y) #'(lambda (gv--val) (setq y gv--val)))")
     ((setf (cons a (car b)) (f)) . "(let* ((v b) (v (f))) (progn (setq a (car v)) (setcar v (cdr v)) v))")
     ((setf (logand bits 3) 7) . "(progn (setq bits (logior (logand 7 3) (logand bits (lognot 3)))) 7)")
     ((setf (logand (aref v 0) m n) (f)) . "(let* ((v v) (mask (logand m n)) (v (f))) (progn (aset v 0 (logior (logand v mask) (logand (aref v 0) (lognot mask)))) v))"))))

(ert-deftest subr-core-places-store ()
  (let ((l (list 1 2 3)))
    (setf (nthcdr 0 l) (list 'a))
    (should (equal l '(a))))
  (let ((l (list 1 2 3)))
    (setf (nthcdr 2 l) '(a))
    (should (equal l '(1 2 a))))
  (let ((l (list 1 2 3)) (v (vector 1 2 3)))
    (should (eq (setf (elt l 1) 'x) 'x))
    (should (eq (setf (elt v 1) 'x) 'x))
    (should (equal (list l v) '((1 x 3) [1 x 3]))))
  (let ((p (list :a 1)))
    (setf (plist-get p :b) 2)
    (setf (plist-get p :a) 3)
    (should (equal p '(:b 2 :a 3))))
  (let ((al (list (cons 'a 1))))
    (setf (alist-get 'b al) 2)
    (setf (alist-get 'a al nil t) nil)
    (should (equal al '((b . 2)))))
  (let ((s "hello"))
    (should (equal (setf (substring s 1 3) "XYZ") "XYZ"))
    (should (equal s "hXYZlo")))
  (let ((x (list (list 1 2))))
    (should (= (pop (car x)) 1))
    (should (equal x '((2)))))
  (with-temp-buffer
    (insert "x")
    (setf (buffer-modified-p) nil)
    (should-not (buffer-modified-p))))

(ert-deftest subr-core-setter-definitions ()
  (should (equal (gv-setter 'subr-core--no-place) (intern "(setf subr-core--no-place)")))
  (should (equal (should-error (gv-setter 'car))
                 '(error "gv-expander conflicts with (setf car)"))))

;;; Errors and lists

(ert-deftest subr-core-define-error ()
  (define-error 'subr-core--e1 "E1" 'arith-error)
  (should (equal (get 'subr-core--e1 'error-conditions) '(subr-core--e1 arith-error error)))
  (define-error 'subr-core--e2 nil '(arith-error file-error))
  (should (equal (get 'subr-core--e2 'error-conditions)
                 '(subr-core--e2 arith-error error file-error)))
  (should-not (get 'subr-core--e2 'error-message))
  (should (equal (should-error (define-error 'subr-core--e3 "x" '(subr-core--nosuch)))
                 '(error "Unknown signal ‘subr-core--nosuch’"))))

(ert-deftest subr-core-assoc-default ()
  (should (= (assoc-default "b" '("a" ("b" . 2) "c")) 2))
  (should (eq (assoc-default "c" '("a" ("b" . 2) "c") nil 'dflt) 'dflt))
  (should-not (assoc-default "x" '("a" ("b" . 2) "c") nil 'dflt))
  (should (eq (assoc-default "foo.el" '(("\\.el\\'" . elisp) ("\\.c\\'" . c)) #'string-match)
              'elisp))
  (should (eq (assoc-default 3 '(1 (2 . b) (3 . c)) #'=) 'c))
  ;; TEST gets the element's key first, then KEY.
  (let ((calls nil))
    (assoc-default 'k '((a . 1)) (lambda (x y) (push (list x y) calls) nil))
    (should (equal calls '((a k))))))

(ert-deftest subr-core-remq-and-delete-dups ()
  (let ((l (list 1 2 3)))
    (should (eq (remq 1 l) (cdr l)))
    (should (equal l '(1 2 3))))
  (should (equal (remq 'a (list 'a 'b 'a 'c)) '(b c)))
  (should (equal (remq nil (list nil 1 nil)) '(1)))
  (should (equal (delete-dups (list 1 2 1 "a" "a" 3 2 nil nil)) '(1 2 "a" 3 nil))))

(ert-deftest subr-core-delete-consecutive-dups ()
  (should (equal (delete-consecutive-dups (list 1 1 2 2 2 3 1 1)) '(1 2 3 1)))
  (should (equal (delete-consecutive-dups (list 1 1 2 3 1 1) t) '(1 2 3)))
  (should (equal (delete-consecutive-dups (list 1 1 1) t) '(1)))
  (should (equal (delete-consecutive-dups (list 1 2 1) t) '(1 2)))
  (should (equal (delete-consecutive-dups nil t) nil)))

(defvar subr-core--ordered nil)

(ert-deftest subr-core-add-to-ordered-list ()
  (setq subr-core--ordered nil)
  (put 'subr-core--ordered 'list-order nil)
  (add-to-ordered-list 'subr-core--ordered 'a 3)
  (add-to-ordered-list 'subr-core--ordered 'b 1)
  (add-to-ordered-list 'subr-core--ordered 'c)
  (add-to-ordered-list 'subr-core--ordered 'd)
  (should (equal (add-to-ordered-list 'subr-core--ordered 'e 2) '(b e a d c)))
  (should (equal (add-to-ordered-list 'subr-core--ordered 'a) '(b e a d c)))
  (should (equal (add-to-ordered-list 'subr-core--ordered 'a 0) '(a b e d c)))
  (should (equal (add-to-ordered-list 'subr-core--ordered 'b 'none) '(a e b d c)))
  (should (equal (add-to-ordered-list 'subr-core--ordered 'f 2.5) '(a e f b d c)))
  (should (equal subr-core--ordered '(a e f b d c))))

;;; Definitions

(ert-deftest subr-core-obsolete-alias-and-edebug-specs ()
  (should (equal (macroexpand '(define-obsolete-function-alias 'a 'b "1"))
                 '(progn (defalias 'a 'b nil) (make-obsolete 'a 'b "1"))))
  (should (equal (macroexpand '(define-obsolete-function-alias 'a 'b "1" "doc"))
                 '(progn (defalias 'a 'b "doc") (make-obsolete 'a 'b "1"))))
  (should (equal (def-edebug-elem-spec 'subr-core--spec '(form body)) '(form body)))
  (should (equal (get 'subr-core--spec 'edebug-elem-spec) '(form body)))
  (should (equal (should-error (def-edebug-elem-spec '&subr-core '(form)))
                 '(error "Edebug spec name cannot start with ’&’ or ’:’")))
  (should (equal (should-error (def-edebug-elem-spec :subr-core '(form)))
                 '(error "Edebug spec name cannot start with ’&’ or ’:’")))
  (should (equal (should-error (def-edebug-elem-spec 'subr-core--spec2 'form))
                 '(error "Edebug spec has to be a list: form"))))

(ert-deftest subr-core-funarg-positions ()
  (should (equal (mapcar (lambda (f) (get f 'funarg-positions))
                         '(funcall sort map-keymap-internal run-with-timer add-hook define-key apply))
                 '((1) (2) (1) (3) (2) (3) (1)))))

;;; subr-core-tests.el ends here
