;;; macroexpand-shapes-tests.el --- what macro expansions print as, as in Emacs 28  -*- lexical-binding: t -*-

;; Each case is a form and how Emacs 28 prints its expansion, copied
;; from `emacs -Q -batch'.

(require 'ert)
(require 'cl-lib)

(defun macroexpand-shapes--check (expand cases)
  "Check that EXPAND prints each case's form as the case says."
  (let ((print-gensym nil))
    (dolist (case cases)
      (should (equal (cons (car case) (prin1-to-string (funcall expand (car case))))
                     case)))))

(defun macroexpand-shapes--messages-size ()
  (with-current-buffer (messages-buffer) (buffer-size)))

(defun macroexpand-shapes--messages-since (start)
  "The lines *Messages* got after its size was START."
  (with-current-buffer (messages-buffer)
    (split-string (buffer-substring-no-properties (1+ start) (point-max)) "\n" t)))

(ert-deftest macroexpand-shapes-lambda-calls-open-into-let ()
  ;; A call of a lambda becomes the let binding its arguments, its body
  ;; a progn when it binds none, and is then expanded itself.
  (macroexpand-shapes--check
   #'macroexpand-all
   '((((lambda (x) (1+ x)) 2) . "(let ((x 2)) (1+ x))")
     (((lambda (x &optional y &rest r) (list x y r)) 1)
      . "(let ((x 1) (y nil) (r nil)) (list x y r))")
     (((lambda (x &optional y &rest r) (list x y r)) 1 2 3 4)
      . "(let ((x 1) (y 2) (r (list 3 4))) (list x y r))")
     (((lambda () "doc" 1 2)) . "(progn 1 2)")
     (((lambda () "doc")) . "\"doc\"")
     (((lambda () (interactive) 1)) . "1")
     (((lambda ())) . "nil")
     (((lambda (x) (when x 1)) (when a b)) . "(let ((x (if a (progn b)))) (if x (progn 1)))")
     (((lambda (x)) 1) . "(let ((x 1)) nil)")
     (((lambda (&rest r) r) 1 2) . "(let ((r (list 1 2))) r)")
     (((lambda (&rest r) r)) . "(let ((r nil)) r)")
     (((lambda (&optional a) a)) . "(let ((a nil)) a)")
     ((funcall #'(lambda (x) x) 1) . "(let ((x 1)) x)")
     ((funcall (lambda (x) x) 1) . "(let ((x 1)) x)")
     ((apply #'(lambda (x) x) '(1)) . "(apply #'(lambda (x) x) '(1))"))))

(ert-deftest macroexpand-shapes-lambda-calls-that-do-not-fit ()
  ;; Too few or too many values: the call stays, expanded, with a warning.
  (let ((start (macroexpand-shapes--messages-size)))
    (macroexpand-shapes--check
     #'macroexpand-all
     '((((lambda (x y) (when x y)) (when a b)) . "((lambda (x y) (if x (progn y))) (if a (progn b)))")
       (((lambda (x) x) 1 2) . "((lambda (x) x) 1 2)")))
    (should (equal (macroexpand-shapes--messages-since start)
                   '("Warning: attempt to open-code `anonymous lambda' with too few arguments"
                     "Warning: attempt to open-code `anonymous lambda' with too many arguments"))))
  ;; Malformed argument lists are errors.
  (should (equal (should-error (macroexpand-all '((lambda (&rest) 1))))
                 '(error "Nothing after &rest in anonymous lambda")))
  (should (equal (should-error (macroexpand-all '((lambda (&optional) 1))))
                 '(error "Nothing after &optional in anonymous lambda")))
  (should (equal (should-error (macroexpand-all '((lambda (&rest a b) 1) 2)))
                 '(error "Multiple vars after &rest in anonymous lambda")))
  (should (equal (should-error (macroexpand-all '((lambda (&rest a &optional b) 1) 2)))
                 '(error "Multiple vars after &rest in anonymous lambda")))
  (should (equal (should-error (macroexpand-all '((lambda x x) 1)))
                 '(wrong-type-argument listp x))))

(ert-deftest macroexpand-shapes-special-forms ()
  (macroexpand-shapes--check
   #'macroexpand-all
   '(((funcall #'car x) . "(car x)")
     ((funcall f (when a b)) . "(funcall f (if a (progn b)))")
     ((funcall 'car x) . "(funcall 'car x)")
     ((funcall) . "(funcall nil)")
     (#'(lambda (x) (when x 1)) . "#'(lambda (x) (if x (progn 1)))")
     (#'car . "#'car")
     ('(when a b) . "'(when a b)")
     ((cond ((when a b) (unless c d)) (x)) . "(cond ((if a (progn b)) (if c nil d)) (x))")
     ((cond) . "(cond)")
     ((condition-case e (when a b) (error (unless c d)))
      . "(condition-case e (if a (progn b)) (error (if c nil d)))")
     ((condition-case nil (when a b)) . "(condition-case nil (if a (progn b)))")
     ((condition-case) . "(condition-case)")
     ((let ((x (when a b))) (unless x y)) . "(let ((x (if a (progn b)))) (if x nil y))")
     ((let ((x 1))) . "(let ((x 1)) nil)")
     ((let* (x (y (when a b)) (z)) y) . "(let* (x (y (if a (progn b))) (z)) y)")
     ((let) . "(let nil nil)")
     ((let*) . "(let* nil nil)")
     (`(a ,b ,@c) . "(cons 'a (cons b c))")
     ((defvar xx (when a b) "doc") . "(defvar xx (if a (progn b)) \"doc\")")
     ((defconst yy (when a b)) . "(defconst yy (if a (progn b)))")
     ((setq a (when b c)) . "(setq a (if b (progn c)))")
     ((if (when a b) (unless c d)) . "(if (if a (progn b)) (if c nil d))")
     ((while (when a b) (push 1 x)) . "(while (if a (progn b)) (setq x (cons 1 x)))"))))

(ert-deftest macroexpand-shapes-quoted-lambda-arguments-warn ()
  ;; A lambda quoted with ' where a function is expected is left as it
  ;; is, with a warning.
  (let ((start (macroexpand-shapes--messages-size)))
    (macroexpand-shapes--check
     #'macroexpand-all
     '(((mapcar '(lambda (x) x) l) . "(mapcar '(lambda (x) x) l)")
       ((sort l '(lambda (a b) (< a b))) . "(sort l '(lambda (a b) (< a b)))")
       ((mapcar 'car l) . "(mapcar 'car l)")))
    (should (equal (macroexpand-shapes--messages-since start)
                   '("Warning: (lambda (x) \\.\\.\\.) quoted with ' rather than with #'"
                     "Warning: (lambda (a b) \\.\\.\\.) quoted with ' rather than with #'")))))

;; cl-psetf is one setq when it can be (all places variables, no value
;; that could read an earlier one or have side effects), else a chain
;; of setf's each of whose values is a prog1; cl-psetq is cl-psetf.
(ert-deftest macroexpand-shapes-cl-psetf ()
  (macroexpand-shapes--check
   #'macroexpand-1
   '(((cl-psetf a 1 b 2) . "(progn (setq a 1 b 2) nil)")
     ((cl-psetf a b b a) . "(progn (setf a (prog1 b (setf b a))) nil)")
     ((cl-psetf (car x) 1 (cdr x) 2) . "(progn (setf (car x) (prog1 1 (setf (cdr x) 2))) nil)")
     ((cl-psetf a (f) b 2) . "(progn (setf a (prog1 (f) (setf b 2))) nil)")
     ((cl-psetf a (+ c 1) b (car d)) . "(progn (setq a (+ c 1) b (car d)) nil)")
     ((cl-psetf a (+ b 1) b 2) . "(progn (setq a (+ b 1) b 2) nil)")
     ((cl-psetf a b b (+ a b)) . "(progn (setf a (prog1 b (setf b (+ a b)))) nil)")
     ((cl-psetf a b b (+ 'a 1)) . "(progn (setq a b b (+ 'a 1)) nil)")
     ((cl-psetf a 1 b '(a)) . "(progn (setq a 1 b '(a)) nil)")
     ((cl-psetf) . "(progn (setq) nil)")
     ((cl-psetq a 1 b 2) . "(cl-psetf a 1 b 2)")
     ((cl-psetq) . "(cl-psetf)")
     ((cl-rotatef a b c) . "(cl-psetf a b b c c a)")
     ((cl-rotatef a) . "nil")
     ((cl-rotatef) . "nil")
     ((cl-shiftf a b c) . "(prog1 a (setq a (cl-shiftf b c)))")
     ((cl-shiftf a) . "a")))
  (macroexpand-shapes--check
   #'macroexpand
   '(((cl-psetq a b b a) . "(progn (setf a (prog1 b (setf b a))) nil)")
     ((cl-rotatef a b c) . "(progn (setf a (prog1 b (setf b (prog1 c (setf c a))))) nil)")))
  (macroexpand-shapes--check
   #'macroexpand-all
   '(((cl-psetq a b b a) . "(progn (setq a (prog1 b (setq b a))) nil)")
     ((cl-psetf a (f) b 2) . "(progn (setq a (prog1 (f) (setq b 2))) nil)")
     ((cl-rotatef a b c) . "(progn (setq a (prog1 b (setq b (prog1 c (setq c a))))) nil)")
     ((cl-shiftf a b c) . "(prog1 a (setq a (prog1 b (setq b c))))")))
  (should (equal (should-error (macroexpand '(cl-psetf a 1 a 2)))
                 '(error "Destination duplicated in psetf: a")))
  (should (equal (should-error (macroexpand '(cl-psetf a 1 b)))
                 '(error "Odd number of arguments to cl-psetf")))
  (should (equal (should-error (macroexpand '(cl-psetq a)))
                 '(error "Odd number of arguments to cl-psetf"))))

(ert-deftest macroexpand-shapes-cl-psetf-runs-in-parallel ()
  (let ((a 1) (b 2) (c 3) (l (list 1 2)))
    (should-not (cl-psetq a b b a))
    (should (equal (list a b) '(2 1)))
    (cl-psetq a b b (+ a b))
    (should (equal (list a b) '(1 3)))
    (cl-psetq a (list b) b (list 'quote a))
    (should (equal (list a b) '((3) (quote 1))))
    (setq a 2 b 1)
    (cl-psetf (car l) (cadr l) (cadr l) (car l))
    (should (equal l '(2 1)))
    (cl-rotatef a b c)
    (should (equal (list a b c) '(1 3 2)))
    (should (= (cl-shiftf a b c 7) 1))
    (should (equal (list a b c) '(3 2 7)))
    (cl-rotatef (car l) a)
    (should (equal (list l a) '((3 1) 2)))))

(ert-deftest macroexpand-shapes-common-macros ()
  (macroexpand-shapes--check
   #'macroexpand-1
   '(((with-temp-buffer (f))
      . "(let ((temp-buffer (generate-new-buffer \" *temp*\" t))) (with-current-buffer temp-buffer (unwind-protect (progn (f)) (and (buffer-name temp-buffer) (kill-buffer temp-buffer)))))")
     ((save-match-data (f))
      . "(let ((save-match-data-internal (match-data))) (unwind-protect (progn (f)) (set-match-data save-match-data-internal 'evaporate)))")
     ((with-output-to-string (f))
      . "(let ((standard-output (generate-new-buffer \" *string-output*\" t))) (unwind-protect (progn (let ((standard-output standard-output)) (f)) (with-current-buffer standard-output (buffer-string))) (kill-buffer standard-output)))")
     ((with-no-warnings 1) . "(with-no-warnings 1)")
     ((dlet ((a 1) b) a) . "(let (_) (defvar a) (defvar b) (let ((a 1) b) a))")
     ((cl-case x (1 'a) ((2 3) 'b) (t 'c)) . "(cond ((eql x '1) 'a) ((cl-member x '(2 3)) 'b) (t 'c))")
     ((cl-case (f) (1 'a)) . "(let* ((temp (f))) (cond ((eql temp '1) 'a)))")
     ((cl-ecase x (1 'a)) . "(cl-case x (1 'a) (cl--ecase-error-flag))")
     ((cl-assert x) . "(progn (or x (cl--assertion-failed 'x)) nil)")
     ((cl-assert (< x 2) t) . "(progn (or (< x 2) (cl--assertion-failed '(< x 2) nil (list x) (list))) nil)")
     ((cl-check-type x integer)
      . "(progn (or (cl-typep x 'integer) (signal 'wrong-type-argument (list 'integer x 'x))) nil)")
     ((defsubst macroexpand-shapes--f (x) x)
      . "(prog1 (defun macroexpand-shapes--f (x) x) (eval-and-compile (function-put 'macroexpand-shapes--f 'speed '-1) (put 'macroexpand-shapes--f 'byte-optimizer 'byte-compile-inline-expand)))")
     ((eval-and-compile (+ 1 2)) . "'3")
     ((cl-check-type (f) (satisfies p) "thing")
      . "(let* ((temp (f))) (progn (or (cl-typep temp '(satisfies p)) (signal 'wrong-type-argument (list \"thing\" temp '(f)))) nil))"))))

(ert-deftest macroexpand-shapes-common-macros-run ()
  (should (equal (with-output-to-string (princ 1) (setq standard-output t) (princ 2)) "1"))
  (should (equal (with-no-warnings 1 2 3) 3))
  (should-not (with-no-warnings))
  (should (equal (cl-case 3 (1 'a) ((2 3) 'b) (t 'c)) 'b))
  (should (equal (should-error (macroexpand '(cl-case x (1 'a) (1 'b))))
                 '(error "Duplicate key in case: 1")))
  (should (equal (should-error (cl-ecase 5 (1 'a) ((2 3) 'b)))
                 '(error "cl-ecase failed: 5, (1 3 2)")))
  (defsubst macroexpand-shapes--inc (x) (1+ x))
  (should (equal (list (macroexpand-shapes--inc 1) (get 'macroexpand-shapes--inc 'byte-optimizer)
                       (function-get 'macroexpand-shapes--inc 'speed))
                 '(2 byte-compile-inline-expand -1)))
  (put 'macroexpand-shapes--prim 'byte-optimizer 'macroexpand-shapes--optimizer)
  (should (equal (should-error (macroexpand '(defsubst macroexpand-shapes--prim (x) x)))
                 '(error "‘macroexpand-shapes--prim’ is a primitive")))
  (should-not (cl-assert t))
  (let ((debug-on-error nil) (x 3))
    (should (equal (should-error (cl-assert (< x 2))) '(cl-assertion-failed (< x 2))))
    (should (equal (should-error (cl-assert (< x 2) t)) '(cl-assertion-failed (< x 2) 3)))
    (should (equal (should-error (cl-assert (< x 2) nil "Too big: %s" x)) '(error "Too big: 3"))))
  (should (equal (should-error (cl-check-type 'a integer)) '(wrong-type-argument integer a 'a)))
  (should-not (cl-check-type 1 integer))
  (string-match "b" "abc")
  (save-match-data (string-match "c" "abc"))
  (should (equal (match-data) '(1 2))))

;; cl-block: a body free of side effects is a progn, a block nothing
;; returns from is its body (a lone form itself), else a catch.
(ert-deftest macroexpand-shapes-cl-block ()
  (macroexpand-shapes--check
   #'macroexpand-all
   '(((cl-block nil 1) . "(progn 1)")
     ((cl-block nil) . "(progn)")
     ((cl-block nil (car x) (+ 1 2)) . "(progn (car x) (+ 1 2))")
     ((cl-block nil (f x)) . "(f x)")
     ((cl-block nil (f) (g)) . "(progn (f) (g))")
     ((cl-block nil (let ((a 1)) (f a))) . "(let ((a 1)) (f a))")
     ((cl-block nil (while x (f))) . "(while x (f))")
     ((cl-block nil (cl-return 1)) . "(catch '--cl-block-nil-- (throw '--cl-block-nil-- 1))")
     ((cl-block foo (f) (cl-return-from foo 1))
      . "(catch '--cl-block-foo-- (f) (throw '--cl-block-foo-- 1))")
     ((cl-dolist (x l) (f x))
      . "(let ((--dolist-tail-- l)) (while --dolist-tail-- (let ((x (car --dolist-tail--))) (f x) (setq --dolist-tail-- (cdr --dolist-tail--)))))")))
  (should (equal (cl-block nil 1 2) 2))
  (should (equal (cl-block b (dolist (x '(1 2 3)) (when (= x 2) (cl-return-from b (* x 10))))) 20))
  (should (equal (cl-dolist (x '(1 2 3)) (when (= x 3) (cl-return x))) 3)))

;; dolist and dotimes under dynamic binding bind VAR once around the
;; loop, as Emacs 28's do.
(ert-deftest macroexpand-shapes-dolist-dotimes-by-binding ()
  (macroexpand-shapes--check
   (lambda (form) (let ((lexical-binding nil)) (macroexpand-all form)))
   '(((dolist (x l) (f x))
      . "(let ((--dolist-tail-- l) x) (while --dolist-tail-- (setq x (car --dolist-tail--)) (f x) (setq --dolist-tail-- (cdr --dolist-tail--))))")
     ((dolist (x l r) (f x))
      . "(let ((--dolist-tail-- l) x) (while --dolist-tail-- (setq x (car --dolist-tail--)) (f x) (setq --dolist-tail-- (cdr --dolist-tail--))) (setq x nil) r)")
     ((dotimes (i 3) (f i))
      . "(let ((--dotimes-limit-- 3) (i 0)) (while (< i --dotimes-limit--) (f i) (setq i (1+ i))))")
     ((dotimes (i n r)) . "(let ((--dotimes-limit-- n) (i 0)) (while (< i --dotimes-limit--) (setq i (1+ i))) r)")))
  (macroexpand-shapes--check
   (lambda (form) (let ((lexical-binding t)) (macroexpand-all form)))
   '(((dolist (x l r) (f x))
      . "(let ((--dolist-tail-- l)) (while --dolist-tail-- (let ((x (car --dolist-tail--))) (f x) (setq --dolist-tail-- (cdr --dolist-tail--)))) r)")
     ((dotimes (i 3 r) (f i))
      . "(let ((--dotimes-limit-- 3) (--dotimes-counter-- 0)) (while (< --dotimes-counter-- --dotimes-limit--) (let ((i --dotimes-counter--)) (f i)) (setq --dotimes-counter-- (1+ --dotimes-counter--))) (let ((i --dotimes-counter--)) r))")))
  (let ((lexical-binding nil))
    (should (equal (eval '(let (acc) (list (dolist (x '(1 2 3) x) (push x acc)) acc)) nil)
                   '(nil (3 2 1))))
    (should (equal (eval '(let (acc) (list (dotimes (i 3 i) (push i acc)) acc)) nil)
                   '(3 (2 1 0))))))

;; cl-loop: the commonest clauses expand as Emacs 28's loop builds them:
;; the iteration tests make the while test, the statements its body.
(ert-deftest macroexpand-shapes-cl-loop ()
  (macroexpand-shapes--check
   #'macroexpand-all
   '(((cl-loop for x in l collect x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (cons x --cl-var--)) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for i from 1 to 3 collect i)
      . "(let* ((i 1) (--cl-var-- nil)) (while (<= i 3) (setq --cl-var-- (cons i --cl-var--)) (setq i (+ i 1))) (nreverse --cl-var--))")
     ((cl-loop for x in l do (f x))
      . "(let* ((--cl-var-- l) (x nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (f x) (setq --cl-var-- (cdr --cl-var--))) nil)")
     ((cl-loop repeat 3 do (f))
      . "(let* ((--cl-var-- 3)) (while (>= (setq --cl-var-- (1- --cl-var--)) 0) (f)) nil)")
     ((cl-loop for x in l sum x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- 0)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (+ --cl-var-- x)) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop for x across v collect x)
      . "(let* ((--cl-vec-- v) (--cl-idx-- -1) (x nil) (--cl-var-- nil)) (while (and (setq --cl-idx-- (1+ --cl-idx--)) (< --cl-idx-- (length --cl-vec--))) (setq x (aref --cl-vec-- --cl-idx--)) (setq --cl-var-- (cons x --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l when (f x) collect x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (if (f x) (progn (setq --cl-var-- (cons x --cl-var--)))) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x on l collect x)
      . "(let* ((x l) (--cl-var-- nil)) (while (consp x) (setq --cl-var-- (cons x --cl-var--)) (setq x (cdr x))) (nreverse --cl-var--))")
     ((cl-loop for i below 5 collect i)
      . "(let* ((i 0) (--cl-var-- nil)) (while (< i 5) (setq --cl-var-- (cons i --cl-var--)) (setq i (+ i 1))) (nreverse --cl-var--))")
     ((cl-loop for x in l count (f x))
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- 0)) (while (consp --cl-var--) (setq x (car --cl-var--)) (if (f x) (setq --cl-var-- (1+ --cl-var--))) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop for x in l append (f x))
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (nconc (reverse (f x)) --cl-var--)) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l maximize x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (if --cl-var-- (max --cl-var-- x) x)) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop for x in l for y in m collect (cons x y))
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- m) (y nil) (--cl-var-- nil)) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (consp --cl-var--))) (setq y (car --cl-var--)) (setq --cl-var-- (cons (cons x y) --cl-var--)) (setq --cl-var-- (cdr --cl-var--)) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l while (f x) collect x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (f x))) (setq --cl-var-- (cons x --cl-var--)) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l until (f x) do (g x))
      . "(let* ((--cl-var-- l) (x nil)) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (not (f x)))) (g x) (setq --cl-var-- (cdr --cl-var--))) nil)")
     ((cl-loop for i from 0 below 10 by 2 collect i)
      . "(let* ((i 0) (--cl-var-- nil)) (while (< i 10) (setq --cl-var-- (cons i --cl-var--)) (setq i (+ i 2))) (nreverse --cl-var--))")
     ((cl-loop for x in l if (f x) collect x else collect (g x))
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (if (f x) (progn (setq --cl-var-- (cons x --cl-var--))) (setq --cl-var-- (cons (g x) --cl-var--))) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l unless (f x) collect x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (if (f x) (progn) (setq --cl-var-- (cons x --cl-var--))) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l collect x into r finally return r)
      . "(let* ((--cl-var-- l) (x nil) (r nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq r (nconc r (list x))) (setq --cl-var-- (cdr --cl-var--))) r)")
     ((cl-loop with a = 1 for x in l collect (+ a x))
      . "(let* ((a 1) (--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (cons (+ a x) --cl-var--)) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l nconc (f x))
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (nconc (nreverse (f x)) --cl-var--)) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l concat x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- \"\")) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (concat --cl-var-- x)) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop for x in l vconcat x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- [])) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (vconcat --cl-var-- x)) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)"))))

(ert-deftest macroexpand-shapes-cl-loop-runs ()
  (should (equal (cl-loop for x in '(1 2 3 4) if (cl-oddp x) collect x else collect (- x)) '(1 -2 3 -4)))
  (should (equal (cl-loop for x in '(1 2 3 4) unless (cl-oddp x) collect x) '(2 4)))
  (should (equal (cl-loop for x in '(1 2 3) when (> x 1) collect x and sum x into s finally return (list s))
                 '(5)))
  (should (equal (cl-loop for x in '(3 1 4) maximize (* 2 x)) 8))
  (should (equal (cl-loop for x across [1 2 3] for y in '(a b) collect (cons x y)) '((1 . a) (2 . b))))
  (should (equal (cl-loop repeat 2 collect 'r) '(r r)))
  (should (equal (cl-loop for x on '(1 2 3) collect (length x)) '(3 2 1))))

;; always, never, thereis and return end the loop by clearing a flag
;; (bound last, with the variable thereis and return leave the value
;; in), not by a throw; a `for VAR =' clause binds the first-pass flag.
(ert-deftest macroexpand-shapes-cl-loop-flags ()
  (macroexpand-shapes--check
   #'macroexpand-all
   '(((cl-loop for x in l thereis (f x))
      . "(let* ((--cl-var-- l) (x nil) (--cl-flag-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (setq --cl-flag-- (not (setq --cl-var-- (f x)))))) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop for x in l always (f x))
      . "(let* ((--cl-var-- l) (x nil) (--cl-flag-- t)) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (setq --cl-flag-- (f x)))) (setq --cl-var-- (cdr --cl-var--))) (if --cl-flag-- (progn t) nil))")
     ((cl-loop for x in l never (f x))
      . "(let* ((--cl-var-- l) (x nil) (--cl-flag-- t)) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (setq --cl-flag-- (not (f x))))) (setq --cl-var-- (cdr --cl-var--))) (if --cl-flag-- (progn t) nil))")
     ((cl-loop for x in l if (f x) return x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (if (f x) (setq --cl-var-- x --cl-var-- nil) t))) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop for x in l return x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (setq --cl-var-- x --cl-var-- nil))) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop for x in l thereis (f x) finally return 5)
      . "(let* ((--cl-var-- l) (x nil) (--cl-flag-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (setq --cl-flag-- (not (setq --cl-var-- (f x)))))) (setq --cl-var-- (cdr --cl-var--))) (if --cl-flag-- (progn 5) --cl-var--))")
     ((cl-loop for x in l always (f x) finally (g))
      . "(let* ((--cl-var-- l) (x nil) (--cl-flag-- t)) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (setq --cl-flag-- (f x)))) (setq --cl-var-- (cdr --cl-var--))) (if --cl-flag-- (progn (g) t) nil))")
     ((cl-loop for x in l collect x if (f x) return x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil) (--cl-var-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (setq --cl-var-- (cons x --cl-var--)) (if (f x) (setq --cl-var-- x --cl-var-- nil) t))) (setq --cl-var-- (cdr --cl-var--))) (if --cl-var-- (progn (nreverse --cl-var--)) --cl-var--))")
     ((cl-loop for x in l always (f x) if (g) return x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-flag-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (setq --cl-flag-- (f x))) (if (g) (setq --cl-var-- x --cl-flag-- nil) t)) (setq --cl-var-- (cdr --cl-var--))) (if --cl-flag-- (progn t) --cl-var--))")
     ((cl-loop for x in l when (f x) thereis x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-flag-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (if (f x) (setq --cl-flag-- (not (setq --cl-var-- x))) t))) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop repeat 3 thereis (f))
      . "(let* ((--cl-var-- 3) (--cl-flag-- t) --cl-var--) (while (and (>= (setq --cl-var-- (1- --cl-var--)) 0) (setq --cl-flag-- (not (setq --cl-var-- (f)))))) --cl-var--)")
     ((cl-loop for y = (f) collect y)
      . "(let* ((y nil) (--cl-var-- nil) (--cl-var-- t)) (while t (setq y (f)) (setq --cl-var-- (cons y --cl-var--)) (setq --cl-var-- nil)) (nreverse --cl-var--))")
     ((cl-loop for x in l for y = (f x) collect y)
      . "(let* ((--cl-var-- l) (x nil) (y nil) (--cl-var-- nil) (--cl-var-- t)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq y (f x)) (setq --cl-var-- (cons y --cl-var--)) (setq --cl-var-- (cdr --cl-var--)) (setq --cl-var-- nil)) (nreverse --cl-var--))")
     ((cl-loop for y = (f) then (g y) collect y)
      . "(let* ((y nil) (--cl-var-- nil) (--cl-var-- t)) (while t (setq y (if --cl-var-- (f) (g y))) (setq --cl-var-- (cons y --cl-var--)) (setq --cl-var-- nil)) (nreverse --cl-var--))")
     ((cl-loop for y = (f) thereis y)
      . "(let* ((y nil) (--cl-flag-- t) (--cl-var-- t) --cl-var--) (while (progn (setq y (f)) (setq --cl-flag-- (not (setq --cl-var-- y)))) (setq --cl-var-- nil)) --cl-var--)"))))

(ert-deftest macroexpand-shapes-cl-loop-flags-run ()
  (should (eq (cl-loop for x in '(1 2 3) thereis (and (> x 1) (* x 10))) 20))
  (should-not (cl-loop for x in '(1 2 3) thereis (> x 5)))
  (should (eq (cl-loop for x in '(1 2 3) thereis (> x 5) finally return 'none) 'none))
  (should (eq (cl-loop for x in '(1 2 3) always (> x 0)) t))
  (should-not (cl-loop for x in '(1 2 3) always (< x 2) finally return 'all))
  (should (eq (cl-loop for x in '(1 2 3) always (> x 0) finally return 'all) 'all))
  (should (eq (cl-loop for x in '(1 2 3) never (> x 5)) t))
  (should-not (cl-loop for x in '(1 2 3) never (> x 2)))
  (should (eq (cl-loop for x in '(1 2 3) if (> x 1) return (* x 100)) 200))
  (should (equal (cl-loop for x in '(1 2 3) collect x if (> x 5) return 'no) '(1 2 3)))
  (should (eq (cl-loop for x in '(1 2 3) collect x if (> x 1) return 'early) 'early))
  (let ((finals 0))
    (should (eq (cl-loop for x in '(1 2) if (= x 2) return 'r finally (setq finals 1)) 'r))
    (should (= finals 0)))
  (should (eq (cl-loop for x in '(1 2) return nil finally return 'f) nil))
  (should (eq (cl-loop named outer for x in '(1 2 3) do (when (= x 2) (cl-return-from outer 'thrown))
                       always t)
              'thrown))
  (let ((n 0))
    (should (equal (cl-loop for y = (setq n (1+ n)) while (< y 4) collect y) '(1 2 3))))
  (should (equal (cl-loop for y = 1 then (* y 2) repeat 4 collect y) '(1 2 4 8)))
  (should (equal (cl-loop for x in '(1 2 3) for y = (* x x) collect y) '(1 4 9))))

;; Load expands as macroexpand-all: a loaded function's body shows the
;; opened calls, and a top-level call that does not fit is warned of.
(defvar macroexpand-shapes--loaded nil)

(ert-deftest macroexpand-shapes-load-opens-lambda-calls ()
  (let ((file (make-temp-file "macroexpand-shapes" nil ".el"))
        (start (macroexpand-shapes--messages-size))
        (macroexpand-shapes--loaded nil))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert ";; -*- lexical-binding: t -*-\n"
                    "(defun macroexpand-shapes--opened (y) ((lambda (x) (list x y)) 1))\n"
                    "(defun macroexpand-shapes--funcalled () (funcall #'(lambda (x) x) 2))\n"
                    "(push ((lambda (a &optional b) (list a b)) 1) macroexpand-shapes--loaded)\n"
                    "(push (condition-case nil ((lambda (x) x)) (error 'failed))"
                    " macroexpand-shapes--loaded)\n"))
          (load file nil t t))
      (delete-file file))
    (should (equal macroexpand-shapes--loaded '(failed (1 nil))))
    (should (equal (symbol-function 'macroexpand-shapes--opened)
                   '(closure (t) (y) (let ((x 1)) (list x y)))))
    (should (equal (symbol-function 'macroexpand-shapes--funcalled)
                   '(closure (t) nil (let ((x 2)) x))))
    (should (equal (macroexpand-shapes--opened 3) '(1 3)))
    (should (equal (macroexpand-shapes--messages-since start)
                   (list (format "%s: Warning: attempt to open-code `anonymous lambda' with too few arguments"
                                 (file-relative-name file)))))))

;;; macroexpand-shapes-tests.el ends here
