;;; declare-tests.el --- (declare ...) in defun and defmacro, gv, edebug  -*- lexical-binding: t -*-

(require 'ert)

(ert-deftest declare-properties-of-functions ()
  (defun declare-tests--f (a b)
    "Doc."
    (declare (indent 1) (pure t) (side-effect-free error-free) (doc-string 3))
    (list a b))
  (should (equal (declare-tests--f 1 2) '(1 2)))
  (should (equal (function-get 'declare-tests--f 'lisp-indent-function) 1))
  (should (eq (function-get 'declare-tests--f 'pure) t))
  (should (eq (function-get 'declare-tests--f 'side-effect-free) 'error-free))
  (should (equal (function-get 'declare-tests--f 'doc-string-elt) 3))
  (defun declare-tests--old (x) (declare (obsolete declare-tests--f "1.0")) x)
  (should (equal (get 'declare-tests--old 'byte-obsolete-info) '(declare-tests--f nil "1.0"))))

(ert-deftest declare-expansions ()
  ;; The definition, then the forms its declarations ask for.
  (should (equal (macroexpand '(defun declare-tests--g (x) (declare (indent 2)) x))
                 '(prog1 (defalias 'declare-tests--g #'(lambda (x) x))
                    (function-put 'declare-tests--g 'lisp-indent-function '2))))
  (should (equal (macroexpand '(defmacro declare-tests--m (x) "D." (declare (debug t)) x))
                 '(prog1 (defalias 'declare-tests--m (cons 'macro #'(lambda (x) "D." x)))
                    (progn :autoload-end (put 'declare-tests--m 'edebug-form-spec 't)))))
  ;; Without declarations, just the defalias.
  (should (equal (macroexpand '(defun declare-tests--h () 1))
                 '(defalias 'declare-tests--h #'(lambda nil 1)))))

(ert-deftest declare-macro-debug-specs ()
  (defmacro declare-tests--mac (&rest body) (declare (debug (body)) (indent 0)) `(progn ,@body))
  (should (equal (get 'declare-tests--mac 'edebug-form-spec) '(body)))
  (should (equal (function-get 'declare-tests--mac 'lisp-indent-function) 0))
  (def-edebug-spec declare-tests--mac2 (form body))
  (should (equal (get 'declare-tests--mac2 'edebug-form-spec) '(form body)))
  (def-edebug-elem-spec 'declare-tests--elem '(symbolp form))
  (should (equal (get 'declare-tests--elem 'edebug-elem-spec) '(symbolp form)))
  (should-error (def-edebug-elem-spec '&bad '(form)))
  (should-error (def-edebug-elem-spec 'declare-tests--elem2 'form)))

(ert-deftest declare-compiler-macros ()
  (defun declare-tests--twice (x)
    (declare (compiler-macro (lambda (form) (if (numberp x) (* 2 x) form))))
    (* 2 x))
  (should (fboundp 'declare-tests--twice--anon-cmacro))
  (should (eq (function-get 'declare-tests--twice 'compiler-macro)
              'declare-tests--twice--anon-cmacro))
  (should (equal (funcall 'declare-tests--twice--anon-cmacro '(declare-tests--twice 4) 4) 8)))

;; Places are expanded when the code using them is loaded: their
;; definitions come first, at top level.
(defun declare-tests--head (c) (declare (gv-setter declare-tests--set-head)) (car c))
(defun declare-tests--set-head (c v) (setcar c v))
(defun declare-tests--tail (c) (declare (gv-setter (lambda (v) `(setcdr ,c ,v)))) (cdr c))
(defun declare-tests--boxed (c)
  (declare (gv-expander (lambda (do)
                          (funcall do `(car ,c) (lambda (v) `(setcar ,c (list ,v)))))))
  (car c))
(require 'gv)
(gv-define-expander declare-tests--second
  (lambda (do l) (funcall do `(cadr ,l) (lambda (v) `(setcar (cdr ,l) ,v)))))
(defmacro declare-tests--double (place)
  (gv-letplace (getter setter) place (funcall setter `(* 2 ,getter))))
(gv-define-expander declare-tests--third
  (lambda (do l) (funcall do `(nth 2 ,l) (lambda (v) `(setcar (nthcdr 2 ,l) ,v)))))
(gv-define-simple-setter declare-tests--third setcar)

(ert-deftest declare-gv-setters-and-expanders ()
  (let ((cell (list 1 2)))
    (setf (declare-tests--head cell) 'a)
    (setf (declare-tests--tail cell) '(b))
    (should (equal cell '(a b)))
    (setf (declare-tests--boxed cell) 5)
    (should (equal cell '((5) b)))))

(ert-deftest declare-gv-interface ()
  (let ((l (list 1 2 3)))
    (setf (declare-tests--second l) 20)
    (cl-incf (declare-tests--second l))
    (should (equal l '(1 21 3))))
  (let ((v (vector 1 4)))
    (declare-tests--double (aref v 1))
    (should (equal v [1 8])))
  ;; A synthetic place: read one way, stored another.
  (let* ((l (list 0)) (c (car l)))
    (cl-incf (gv-synthetic-place c (lambda (v) `(setcar l ,v))))
    (should (equal l '(1))))
  (let* ((x (list 'p 'q)) (ref (gv-ref (cadr x))))
    (should (eq (gv-deref ref) 'q))
    (setf (gv-deref ref) 'r)
    (should (equal x '(p r))))
  ;; The last definition of a place counts: declare-tests--third's
  ;; simple setter stores into the list's head.
  (let ((l (list 1 2 3)))
    (setf (declare-tests--third l) 9)
    (should (equal l '(9 2 3)))))

(ert-deftest declare-edebug-defines-without-instrumenting ()
  (require 'edebug)
  (should (featurep 'edebug))
  (should-not edebug-all-defs)
  (let ((edebug-initial-mode 'Go-nonstop))
    (with-temp-buffer
      (insert "(defun declare-tests--ed (x)\n  (+ x 1))\n")
      (should (eq (let ((standard-output #'ignore)) (edebug-defun)) 'declare-tests--ed))
      (should (= (declare-tests--ed 1) 2)))
    ;; eval-buffer with edebug-all-defs set still defines everything.
    (with-temp-buffer
      (insert "(defun declare-tests--ed2 () 'two)\n(defun declare-tests--ed3 () 'three)")
      (let ((edebug-all-defs t))
        (eval-buffer))
      (should (eq (declare-tests--ed3) 'three)))))

(ert-deftest declare-file-relative-names ()
  (should (equal (file-relative-name "/a/b/c" "/a/x/y/") "../../b/c"))
  (should (equal (file-relative-name "/a/b/" "/a/") "b/"))
  (should (equal (file-relative-name "/a/" "/a/") "./"))
  (should (equal (file-relative-name "/a" "/a/") "."))
  (should (equal (file-relative-name "/" "/a/b") "../../"))
  (let ((default-directory "/p/q/"))
    (should (equal (file-relative-name "/p/q/r.el") "r.el"))))
