;;; pcase-tests.el --- pcase expands as Emacs 28's and runs right  -*- lexical-binding: t -*-

;; Each expansion is compared, printed, with what `emacs -Q -batch'
;; prints for it: the decision tree pcase builds (shared tests, `cond'
;; merging, generated names).  Names come from `gensym', so the
;; counter starts from 0 for each expansion.  Once byte-opt is loaded
;; (running any ERT test in Emacs loads it) the `side-effect-free'
;; property lets Emacs prune a few more branches than a fresh Emacs
;; does; the forms below expand alike either way.

(require 'ert)

(defun pcase-tests--expand (form)
  "FORM fully expanded, printed, with `gensym' numbering from 0."
  (let ((gensym-counter 0))
    (prin1-to-string (macroexpand-all form))))

(ert-deftest pcase-tests-expand-literals ()
  (should (equal (pcase-tests--expand
                  '(pcase x (1 'a) ("s" 'b) (:k 'c) ('nil 'd) ('foo 'e) ('(1 2) 'f) (_ 'g)))
                 "(cond ((eql x 1) (let nil 'a)) ((equal x '\"s\") (let nil 'b)) ((eq x :k) (let nil 'c)) ((null x) (let nil 'd)) ((eq x 'foo) (let nil 'e)) ((equal x '(1 2)) (let nil 'f)) (t (let nil 'g)))")))

(ert-deftest pcase-tests-expand-conses-and-vectors ()
  (should (equal (pcase-tests--expand
                  '(pcase (f x) (`(,a . ,b) (list a b)) (`[,c ,d] (list c d)) (n (list n))))
                 "(let* ((val (f x))) (cond ((consp val) (let* ((x0 (car-safe val)) (x1 (cdr-safe val))) (let ((a x0) (b x1)) (list a b)))) ((vectorp val) (let* ((x2 (length val))) (if (eql x2 2) (let* ((x3 (aref val 0)) (x4 (aref val 1))) (let ((c x3) (d x4)) (list c d))) (let ((n val)) (list n))))) (t (let ((n val)) (list n)))))")))

(ert-deftest pcase-tests-expand-preds-and-guards ()
  (should (equal (pcase-tests--expand
                  '(pcase x ((pred integerp) 1) ((pred (< 3)) 2) ((and y (guard (> y 0))) y)))
                 "(cond ((integerp x) (let nil 1)) ((< 3 x) (let nil 2)) ((let* ((y x)) (> y 0)) (let ((y x)) (ignore y) y)))")))

(ert-deftest pcase-tests-expand-or-patterns ()
  (should (equal (pcase-tests--expand
                  '(pcase x ((or 'a 'b) 1) ((or `(,a) `(,a ,_)) a)))
                 "(cond ((memq x '(b a)) (let nil 1)) ((consp x) (let* ((x0 (car-safe x)) (x1 (cdr-safe x))) (cond ((null x1) (let ((a x0)) a)) ((consp x1) (let* ((x3 (cdr-safe x1))) (if (null x3) (let ((a x0)) a))))))))")))

(ert-deftest pcase-tests-expand-app ()
  (should (equal (pcase-tests--expand
                  '(pcase x ((app car 'a) 1) ((app (lambda (z) (* z 2)) 4) 3)))
                 "(let* ((x0 (car x))) (if (eq x0 'a) (let nil 1) (let* ((x1 (let ((z x)) (* z 2)))) (if (eql x1 4) (let nil 3)))))")))

(ert-deftest pcase-tests-expand-shared-prefix ()
  (should (equal (pcase-tests--expand
                  '(pcase x (`(add ,a ,b) (+ a b)) (`(sub ,a ,b) (- a b)) (`(neg ,a) (- a))))
                 "(if (consp x) (let* ((x0 (car-safe x))) (cond ((eq x0 'add) (let* ((x1 (cdr-safe x))) (if (consp x1) (let* ((x2 (car-safe x1)) (x3 (cdr-safe x1))) (if (consp x3) (let* ((x4 (car-safe x3)) (x5 (cdr-safe x3))) (if (null x5) (let ((a x2) (b x4)) (+ a b))))))))) ((eq x0 'sub) (let* ((x6 (cdr-safe x))) (if (consp x6) (let* ((x7 (car-safe x6)) (x8 (cdr-safe x6))) (if (consp x8) (let* ((x9 (car-safe x8)) (x10 (cdr-safe x8))) (if (null x10) (let ((a x7) (b x9)) (- a b))))))))) ((eq x0 'neg) (let* ((x11 (cdr-safe x))) (if (consp x11) (let* ((x12 (car-safe x11)) (x13 (cdr-safe x11))) (if (null x13) (let ((a x12)) (- a))))))))))")))

(ert-deftest pcase-tests-expand-member-choice ()
  (should (equal (pcase-tests--expand
                  '(pcase x ('t 1) (:a 2) ((or 1 2 "x") 3) ((or 'a 3) 4)))
                 "(cond ((eq x 't) (let nil 1)) ((eq x :a) (let nil 2)) ((member x '(\"x\" 2 1)) (let nil 3)) ((memql x '(3 a)) (let nil 4)))")))

(ert-deftest pcase-tests-expand-shared-body-function ()
  (should (equal (pcase-tests--expand
                  '(pcase x ((and (pred consp) (app car y) (guard (> y 2))) (message "long body %s" y) (list y y)) ((or `(,y) `(,_ ,y)) (message "long body %s" y) (list y y))))
                 "(let* ((pcase-0 #'(lambda (y) (message \"long body %s\" y) (list y y)))) (if (consp x) (let* ((x0 (car x))) (if (let* ((y x0)) (> y 2)) (let ((y x0)) (ignore y) (message \"long body %s\" y) (list y y)) (let* ((x1 (car-safe x)) (x2 (cdr-safe x))) (cond ((null x2) (funcall pcase-0 x1)) ((consp x2) (let* ((x3 (car-safe x2)) (x4 (cdr-safe x2))) (if (null x4) (funcall pcase-0 x3))))))))))")))

(ert-deftest pcase-tests-expand-repeated-variable ()
  (should (equal (pcase-tests--expand
                  '(pcase x (`(,a ,a) a) ((pred (lambda (z) (> z a))) 2)))
                 "(cond ((consp x) (let* ((x0 (car-safe x)) (x1 (cdr-safe x))) (cond ((consp x1) (let* ((x2 (car-safe x1))) (cond ((eql x0 x2) (let* ((x3 (cdr-safe x1))) (cond ((null x3) (let ((a x0)) (ignore a) a)) ((let ((z x)) (> z a)) (let nil 2))))) ((let ((z x)) (> z a)) (let nil 2))))) ((let ((z x)) (> z a)) (let nil 2))))) ((let ((z x)) (> z a)) (let nil 2)))")))

(ert-deftest pcase-tests-expand-let-and-not ()
  (should (equal (pcase-tests--expand
                  '(pcase x ((let 3 (f x)) 1) ((and (let y (g)) (guard (h y))) y) ((pred (not stringp)) 2) ((pred stringp) 3)))
                 "(let* ((x0 (let ((_ x)) (f x)))) (if (eql x0 3) (let nil 1) (let* ((x1 (let ((_ x)) (g)))) (cond ((let* ((y x1)) (h y)) (let ((y x1)) (ignore y) y)) ((not (stringp x)) (let nil 2)) (t (let nil 3))))))")))

(ert-deftest pcase-tests-expand-nested ()
  (should (equal (pcase-tests--expand
                  '(pcase v (`(,(and k (pred symbolp)) [,x (,y . ,_)]) (list k x y)) (`(,k . ,_) k) ((pred symbolp) v)))
                 "(cond ((consp v) (let* ((x0 (car-safe v))) (if (symbolp x0) (let* ((x1 (cdr-safe v))) (if (consp x1) (let* ((x2 (car-safe x1))) (if (vectorp x2) (let* ((x3 (length x2))) (if (eql x3 2) (let* ((x4 (aref x2 0)) (x5 (aref x2 1))) (if (consp x5) (let* ((x6 (car-safe x5)) (x8 (cdr-safe x1))) (if (null x8) (let ((k x0) (x x4) (y x6)) (list k x y)) (let ((k x0)) k))) (let ((k x0)) k))) (let ((k x0)) k))) (let ((k x0)) k))) (let ((k x0)) k))) (let ((k x0)) k)))) ((symbolp v) (let nil v)))")))

(ert-deftest pcase-tests-expand-empty-body ()
  (should (equal (pcase-tests--expand
                  '(pcase x ('a) (_ nil)))
                 "(if (eq x 'a) 'nil 'nil)")))

(ert-deftest pcase-tests-expand-pcase-let ()
  (should (equal (pcase-tests--expand
                  '(pcase-let ((`(,a ,b) x) (c y) (_ (z))) (list a b c)))
                 "(let ((x0 x) (c y) (_ (z))) (progn (ignore (consp x0)) (let* ((x0 (car-safe x0)) (x1 (cdr-safe x0))) (progn (ignore (consp x1)) (let* ((x2 (car-safe x1)) (x3 (cdr-safe x1))) (progn (ignore (null x3)) (let ((a x0) (b x2)) (list a b c))))))))")))

(ert-deftest pcase-tests-expand-pcase-let* ()
  (should (equal (pcase-tests--expand
                  '(pcase-let* ((`(,a ,b) x) (`[,c] a) (d b)) (list a b c d)))
                 "(progn (ignore (consp x)) (let* ((x2 (car-safe x)) (x3 (cdr-safe x))) (progn (ignore (consp x3)) (let* ((x4 (car-safe x3)) (x5 (cdr-safe x3))) (progn (ignore (null x5)) (let ((a x2) (b x4)) (progn (ignore (vectorp a)) (let* ((x0 (length a))) (progn (ignore (eql x0 1)) (let* ((x1 (aref a 0))) (let ((c x1)) (let* ((d b)) (list a b c d)))))))))))))")))

(ert-deftest pcase-tests-expand-pcase-dolist ()
  (should (equal (pcase-tests--expand
                  '(pcase-dolist (`(,k . ,v) alist) (print k v)))
                 "(let ((--dolist-tail-- alist)) (while --dolist-tail-- (let ((x0 (car --dolist-tail--))) (progn (ignore (consp x0)) (let* ((x1 (car-safe x0)) (x2 (cdr-safe x0))) (let ((k x1) (v x2)) (print k v)))) (setq --dolist-tail-- (cdr --dolist-tail--)))))")))

(ert-deftest pcase-tests-expand-pcase-setq ()
  (should (equal (pcase-tests--expand
                  '(pcase-setq `(,a ,b) x c (f) `[,d] (g)))
                 "(progn (progn (ignore (consp x)) (let* ((x0 (car-safe x)) (x1 (cdr-safe x))) (progn (ignore (consp x1)) (let* ((x2 (car-safe x1)) (x3 (cdr-safe x1))) (progn (ignore (null x3)) (setq a x0 b x2)))))) (setq c (f)) (let* ((val (g))) (progn (ignore (vectorp val)) (let* ((x4 (length val))) (progn (ignore (eql x4 1)) (let* ((x5 (aref val 0))) (setq d x5)))))))")))

(ert-deftest pcase-tests-expand-pcase-lambda ()
  (should (equal (pcase-tests--expand
                  '(pcase-lambda (`(,a ,b) c) "Doc." (list a b c)))
                 "#'(lambda (arg0 c) \"Doc.\" (progn (ignore (consp arg0)) (let* ((x0 (car-safe arg0)) (x1 (cdr-safe arg0))) (progn (ignore (consp x1)) (let* ((x2 (car-safe x1)) (x3 (cdr-safe x1))) (progn (ignore (null x3)) (let ((a x0) (b x2)) (list a b c))))))))")))

(ert-deftest pcase-tests-expand-pcase-exhaustive ()
  (should (equal (pcase-tests--expand
                  '(pcase-exhaustive x (1 'a) ((pred stringp) 'b)))
                 "(cond ((eql x 1) (let nil 'a)) ((stringp x) (let nil 'b)) (t (let ((x0 x)) (error \"No clause matching `%S'\" x0))))")))

;; `or' of quoted constants of one variable becomes one membership
;; test, the cheapest exact for them; a single quoted constant becomes
;; the cheapest exact comparison; a function applied by `app' is called
;; once for all the clauses testing its value.
(ert-deftest pcase-tests-expand-constants-and-app ()
  (dolist (case
           '(((pcase x ((or 'a 'b 'c) 1) ((or 1 'd 2) 2) ((or "s" 'e '3.0) 3))
              . "(cond ((memq x '(c b a)) (let nil 1)) ((memql x '(2 d 1)) (let nil 2)) ((member x '(3.0 e \"s\")) (let nil 3)))")
             ((pcase x ((or 'a (pred stringp) 'b) 1) ((or 'k `(,_)) 2))
              . "(cond ((memq x '(b a)) (let nil 1)) ((stringp x) (let nil 1)) ((eq x 'k) (let nil 2)) ((consp x) (let* ((x1 (cdr-safe x))) (if (null x1) (let nil 2)))))")
             ((pcase x ('nil 1) (:k 2) ('t 3) ("s" 4) ('1.5 5) ('(1 2) 6) ('sym 7) (7 8))
              . "(cond ((null x) (let nil 1)) ((eq x :k) (let nil 2)) ((eq x 't) (let nil 3)) ((equal x '\"s\") (let nil 4)) ((equal x '1.5) (let nil 5)) ((equal x '(1 2)) (let nil 6)) ((eq x 'sym) (let nil 7)) ((eql x 7) (let nil 8)))")
             ((pcase x ((app car 'a) 1) ((app car (pred symbolp)) 2) ((app cdr y) y))
              . "(let* ((x0 (car x))) (cond ((eq x0 'a) (let nil 1)) ((symbolp x0) (let nil 2)) (t (let* ((x1 (cdr x))) (let ((y x1)) y)))))")
             ((pcase x ((app length _) 1)) . "(let nil 1)")))
    (should (equal (cons (car case) (pcase-tests--expand (car case))) case))))

;;; Run-time behaviour

(defun pcase-tests--classify (x)
  (pcase x
    ('nil 'null)
    (1 'one)
    ("s" 'string-s)
    (:k 'keyword-k)
    ('foo 'symbol-foo)
    ((or 'a 'b) 'a-or-b)
    (`(add ,a ,b) (list 'sum (+ a b)))
    (`(add ,a) (list 'inc (1+ a)))
    (`[,a ,b] (list 'pair a b))
    ((and (pred integerp) n (guard (> n 10))) (list 'big n))
    ((and (pred numberp) (pred (< 5))) 'over-five)
    ((and (pred sequencep) (app length 3)) 'length-three)
    (_ 'other)))

(ert-deftest pcase-tests-run-classify ()
  (should (equal (mapcar #'pcase-tests--classify
                         '(nil 1 "s" :k foo a b (add 1 2) (add 4) [7 8] 42 7 "abc" (1 2 3) 2))
                 '(null one string-s keyword-k symbol-foo a-or-b a-or-b (sum 3) (inc 5)
                        (pair 7 8) (big 42) over-five length-three length-three other))))

(ert-deftest pcase-tests-run-or-binds ()
  (should (equal (mapcar (lambda (x) (pcase x ((or `(,a) `(,_ ,a)) a) (_ 'none)))
                         '((1) (1 2) (1 2 3) 5))
                 '(1 2 none none))))

(ert-deftest pcase-tests-run-repeated-variable ()
  (should (equal (mapcar (lambda (x) (pcase x (`(,a ,a) (list 'same a)) (_ 'differ)))
                         '((1 1) (1 2) (x x)))
                 '((same 1) differ (same x)))))

(ert-deftest pcase-tests-run-shared-body ()
  (let ((f (lambda (x)
             (pcase x
               ((and (pred consp) (app car y) (guard (numberp y)) (guard (> y 2)))
                (list 'big (* y 10)))
               ((or `(,y) `(,_ ,y)) (list 'small y))))))
    (should (equal (mapcar f '((5 1) (1 2) (4) (1) nil))
                   '((big 50) (small 2) (big 40) (small 1) nil)))))

(ert-deftest pcase-tests-run-exhaustive ()
  (should (eq (pcase-exhaustive 1 (1 'a) (_ 'b)) 'a))
  (should (equal (condition-case err (pcase-exhaustive 3 (1 'a) ((pred stringp) 'b))
                   (error (cadr err)))
                 (format-message "No clause matching `%S'" 3))))

(ert-deftest pcase-tests-run-destructuring ()
  (should (equal (pcase-let ((`(,a ,b) '(1 2)) (c 3)) (list a b c)) '(1 2 3)))
  (should (equal (pcase-let* ((`(,a ,b) '([4] 5)) (`[,c] a)) (list a b c)) '([4] 5 4)))
  (let (out)
    (pcase-dolist (`(,k . ,v) '((a . 1) (b . 2))) (push (list k v) out))
    (should (equal out '((b 2) (a 1)))))
  (let (a b c d)
    (pcase-setq `(,a ,b) '(1 2) c 3 `[,d] [4])
    (should (equal (list a b c d) '(1 2 3 4))))
  (should (equal (funcall (pcase-lambda (`(,a ,b) c) (list a b c)) '(1 2) 3) '(1 2 3))))

(ert-deftest pcase-tests-run-pattern-macro ()
  (pcase-defmacro pcase-tests-pair (a b) `(and (pred consp) (app car ,a) (app cdr ,b)))
  (should (equal (eval '(pcase '(1 . 2) ((pcase-tests-pair x y) (list y x))) t) '(2 1))))

(ert-deftest pcase-tests-unknown-pattern ()
  (should-error (macroexpand-all '(pcase x ((pcase-tests-no-such-pattern) 1)))))


(ert-deftest pcase-tests-rewritten-forms ()
  (should (equal (condition-case err (macroexpand '(pcase-setq a 1 b)) (error err))
                 '(wrong-number-of-arguments pcase-setq 3)))
  (should (equal (pcase [1 "s" (2 . x)] (`[,a "s" (,b . x)] (list a b))) '(1 2)))
  (should (equal (pcase "S" (`"s" 1) (`"S" 2)) 2))
  (should (equal (pcase '(1 . 2) (`(,a . ,(and b (pred cl-evenp))) (+ a b))) 3))
  (should (equal (pcase 5 ((or (and (pred stringp) s) (and (pred integerp) s)) s)) 5))
  (should (equal (pcase 'b ((or 'a 'b) 1) (_ 2)) 1))
  (let (a b c)
    (pcase-setq `(,a ,b) '(1 2) c 3)
    (should (equal (list a b c) '(1 2 3))))
  (should (equal (pcase-let ((`(,a) '(1)) (_ 2) (`[,b] [3])) (list a b)) '(1 3))))

;; An expander giving nil is an error of its own; an unknown head names itself.
(pcase-defmacro pcase-tests-nothing () nil)

(ert-deftest pcase-tests-macroexpand-errors ()
  (should (equal (condition-case err (macroexpand '(pcase x ((pcase-tests-nope 1) 2))) (error err))
                 '(error "Unknown pcase-tests-nope pattern: (pcase-tests-nope 1)")))
  (should (equal (condition-case err (macroexpand '(pcase x ((pcase-tests-nothing) 2))) (error err))
                 '(error "Unexpandable pcase-tests-nothing pattern: (pcase-tests-nothing)"))))

(ert-deftest pcase-tests-flat-expansions ()
  ;; Nested conditionals come out as one flat `cond', as in Emacs.
  (dolist (case '(((pcase x (:a 1) ((or 'b 'c) 2) (_ 3))
                   . "(cond ((eq x :a) (let nil 1)) ((pcase--flip memq '(c b) x) (let nil 2)) (t (let nil 3)))")
                  ((pcase x ((and (pred integerp) (guard (> x 0))) 1) ((app car 'z) 2))
                   . "(cond ((not (integerp x)) (let* ((x1 (car x))) (if (eq x1 'z) (let nil 2)))) ((> x 0) (let nil 1)) (t (let* ((x0 (car x))) (if (eq x0 'z) (let nil 2)))))")
                  ((pcase x (`(,a . ,b) (list a b)) ((pred stringp) 's) (_ 3))
                   . "(cond ((consp x) (let* ((x0 (car-safe x)) (x1 (cdr-safe x))) (let ((a x0) (b x1)) (list a b)))) ((stringp x) (let nil 's)) (t (let nil 3)))")))
    (should (equal (let ((print-gensym nil) (gensym-counter 0))
                     (prin1-to-string (macroexpand (car case))))
                   (cdr case)))))

(ert-deftest pcase-tests-if-form ()
  (skip-unless (boundp 'marrow-collector))
  (dolist (case '(((a b (if c b d)) . (if (or a c) b d))
                  ((a b (if c d b)) . (if (or a (not c)) b d))
                  ((a (progn b e) (if c d b e)) . (if (or a (not c)) (progn b e) d))
                  ((a b (if c d)) . (cond (a b) (c d)))
                  ((a b (cond (c d))) . (cond (a b) (c d)))
                  ((a (if x y) nil) . (cond ((not a) nil) (x y)))
                  ((a (cond (x y)) q) . (cond ((not a) q) (x y)))
                  ((a b (progn c d)) . (if a b c d))
                  ((a b nil) . (if a b))
                  ((a b (progn)) . (if a b nil))
                  ((a (progn) (if c d)) . (cond (a nil) (c d)))))
    (should (equal (apply #'pcase--if-form (car case)) (cdr case)))))

;;; pcase-tests.el ends here
