;;; cl-loop-shapes-tests.el --- cl-loop expansions and results as in Emacs 28  -*- lexical-binding: t -*-

;; Each expansion case is a form and how Emacs 28 prints its
;; macroexpand-all (print-gensym nil), copied from `emacs -Q -batch';
;; each result case a form and its value there.

(require 'ert)
(require 'cl-lib)

(defun cl-loop-shapes--check (cases)
  "Check that each case's form expands as the case says."
  (let ((print-gensym nil))
    (dolist (case cases)
      (should (equal (cons (car case) (prin1-to-string (macroexpand-all (car case))))
                     case)))))

(defun cl-loop-shapes--check-runs (cases)
  "Check that each case's form evaluates to the case's value."
  (dolist (case cases)
    (should (equal (cons (car case) (eval (car case) t)) case))))

;; Clauses joined by `and' are bound by a let of their own and stored
;; in parallel (cl-psetq, or temporaries when destructuring), their
;; steps a cl-psetq.
(ert-deftest cl-loop-shapes-for-and ()
  (cl-loop-shapes--check
   '(
     ((cl-loop for x in l and y = e collect (list x y))
      . "(let ((--cl-var-- l) (x nil) (y nil)) (let* ((--cl-var-- nil) (--cl-var-- t)) (while (consp --cl-var--) (progn (setq x (car --cl-var--) y (if --cl-var-- e y)) nil) (setq --cl-var-- (cons (list x y) --cl-var--)) (progn (setq --cl-var-- (prog1 (cdr --cl-var--) (setq y (if (consp --cl-var--) e y)))) nil) (setq --cl-var-- nil)) (nreverse --cl-var--)))")
     ((cl-loop for x in l and y in m collect (list x y))
      . "(let ((--cl-var-- l) (x nil) (--cl-var-- m) (y nil)) (let* ((--cl-var-- nil)) (while (and (consp --cl-var--) (consp --cl-var--)) (progn (setq x (car --cl-var--) y (car --cl-var--)) nil) (setq --cl-var-- (cons (list x y) --cl-var--)) (progn (setq --cl-var-- (cdr --cl-var--) --cl-var-- (cdr --cl-var--)) nil)) (nreverse --cl-var--)))")
     ((cl-loop for x = 1 then (1+ y) and y = 10 then (1+ x) repeat 3 collect (list x y))
      . "(let ((x nil) (y nil)) (let* ((--cl-var-- 3) (--cl-var-- nil) (--cl-var-- t)) (while (progn (progn (setq x (if --cl-var-- 1 x) y (if --cl-var-- 10 y)) nil) (>= (setq --cl-var-- (1- --cl-var--)) 0)) (setq --cl-var-- (cons (list x y) --cl-var--)) (progn (setq x (prog1 (if t (1+ y) x) (setq y (if t (1+ x) y)))) nil) (setq --cl-var-- nil)) (nreverse --cl-var--)))")
     ((cl-loop for x in l and i from 0 collect (cons i x))
      . "(let ((--cl-var-- l) (x nil) (i 0)) (let* ((--cl-var-- nil)) (while (consp --cl-var--) (progn (setq x (car --cl-var--)) nil) (setq --cl-var-- (cons (cons i x) --cl-var--)) (progn (setq --cl-var-- (cdr --cl-var--) i (+ i 1)) nil)) (nreverse --cl-var--)))")
     ((cl-loop for (a b) in l and c in m collect a)
      . "(let ((--cl-var-- l) (a nil) (b nil) (--cl-var-- m) (c nil)) (let* ((--cl-var--) (--cl-var-- nil)) (while (and (consp --cl-var--) (consp --cl-var--)) (let* ((--cl-var-- (car --cl-var--)) (--cl-var-- (car --cl-var--))) (setq --cl-var-- --cl-var-- a (car-safe (prog1 --cl-var-- (setq --cl-var-- (cdr --cl-var--)))) b (car --cl-var--) c --cl-var--)) (setq --cl-var-- (cons a --cl-var--)) (progn (setq --cl-var-- (cdr --cl-var--) --cl-var-- (cdr --cl-var--)) nil)) (nreverse --cl-var--)))")
     ((cl-loop for (a . b) in l and (c . d) in m collect (list a b c d))
      . "(let ((--cl-var-- l) (b nil) (a nil) (--cl-var-- m) (d nil) (c nil)) (let* ((--cl-var-- nil)) (while (and (consp --cl-var--) (consp --cl-var--)) (let* ((--cl-var-- (car --cl-var--)) (--cl-var-- (car --cl-var--))) (setq b --cl-var-- a (car-safe (prog1 b (setq b (cdr b)))) d --cl-var-- c (car-safe (prog1 d (setq d (cdr d)))))) (setq --cl-var-- (cons (list a b c d) --cl-var--)) (progn (setq --cl-var-- (cdr --cl-var--) --cl-var-- (cdr --cl-var--)) nil)) (nreverse --cl-var--)))")
     ((cl-loop for x across v and y across w collect (cons x y))
      . "(let ((--cl-vec-- v) (--cl-idx-- -1) (x nil) (--cl-vec-- w) (--cl-idx-- -1) (y nil)) (let* ((--cl-var-- nil)) (while (and (setq --cl-idx-- (1+ --cl-idx--)) (< --cl-idx-- (length --cl-vec--)) (setq --cl-idx-- (1+ --cl-idx--)) (< --cl-idx-- (length --cl-vec--))) (progn (setq x (aref --cl-vec-- --cl-idx--) y (aref --cl-vec-- --cl-idx--)) nil) (setq --cl-var-- (cons (cons x y) --cl-var--))) (nreverse --cl-var--)))")
     ((cl-loop for x across-ref v and y in l do (setf x y))
      . "(let ((--cl-vec-- v) (--cl-idx-- -1) (--cl-var-- l) (y nil)) (while (and (setq --cl-idx-- (1+ --cl-idx--)) (< --cl-idx-- (length --cl-vec--)) (consp --cl-var--)) (progn (setq y (car --cl-var--)) nil) (let* ((v --cl-vec--) (v --cl-idx--)) (aset v v y)) (progn (setq --cl-var-- (cdr --cl-var--)) nil)) nil)")
     ((cl-loop for x in l for y in m and z in n collect (list x y z))
      . "(let* ((--cl-var-- l) (x nil)) (let ((--cl-var-- m) (y nil) (--cl-var-- n) (z nil)) (let* ((--cl-var-- nil)) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (consp --cl-var--)) (consp --cl-var--)) (progn (setq y (car --cl-var--) z (car --cl-var--)) nil) (setq --cl-var-- (cons (list x y z) --cl-var--)) (setq --cl-var-- (cdr --cl-var--)) (progn (setq --cl-var-- (cdr --cl-var--) --cl-var-- (cdr --cl-var--)) nil)) (nreverse --cl-var--))))")
     ((cl-loop for x = 0 then (1+ x) and y = 0 then (+ y x) while (< x 4) collect y)
      . "(let ((x nil) (y nil)) (let* ((--cl-var-- nil) (--cl-var-- t)) (while (progn (progn (setq x (if --cl-var-- 0 x) y (if --cl-var-- 0 y)) nil) (< x 4)) (setq --cl-var-- (cons y --cl-var--)) (progn (setq x (prog1 (if t (1+ x) x) (setq y (if t (+ y x) y)))) nil) (setq --cl-var-- nil)) (nreverse --cl-var--)))")
     )))

;; A branch that is not statements only is the and of its tests and
;; statements; `it' is bound by a let around the if.
(ert-deftest cl-loop-shapes-conditional-else ()
  (cl-loop-shapes--check
   '(
     ((cl-loop for x in l if (f x) return x else collect x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil) (--cl-var-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (if (f x) (setq --cl-var-- x --cl-var-- nil) (and t (progn (setq --cl-var-- (cons x --cl-var--)) t))))) (setq --cl-var-- (cdr --cl-var--))) (if --cl-var-- (progn (nreverse --cl-var--)) --cl-var--))")
     ((cl-loop for x in l if (f x) return x else sum x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- 0) (--cl-var-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (if (f x) (setq --cl-var-- x --cl-var-- nil) (and t (progn (setq --cl-var-- (+ --cl-var-- x)) t))))) (setq --cl-var-- (cdr --cl-var--))) (if --cl-var-- (progn --cl-var--) --cl-var--))")
     ((cl-loop for x in l if (f x) do (g) else return x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- t) --cl-var--) (while (and (consp --cl-var--) (progn (setq x (car --cl-var--)) (if (f x) (and t (progn (g) t)) (setq --cl-var-- x --cl-var-- nil)))) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop for x in l if (f x) collect x else count x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (if (f x) (progn (setq --cl-var-- (cons x --cl-var--))) (if x (setq --cl-var-- (1+ --cl-var--)))) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l when (f x) collect x and collect (g x) else do (h) end collect 1)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (if (f x) (progn (setq --cl-var-- (cons x --cl-var--)) (setq --cl-var-- (cons (g x) --cl-var--))) (h)) (setq --cl-var-- (cons 1 --cl-var--)) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l unless (f x) collect x else sum x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (if (f x) (progn (setq --cl-var-- (+ --cl-var-- x))) (setq --cl-var-- (cons x --cl-var--))) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l when (f x) collect it)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (let ((it (f x))) (if it (progn (setq --cl-var-- (cons it --cl-var--))))) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for x in l if (f x) collect it else collect x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (let ((it (f x))) (if it (progn (setq --cl-var-- (cons it --cl-var--))) (setq --cl-var-- (cons x --cl-var--)))) (setq --cl-var-- (cdr --cl-var--))) (nreverse --cl-var--))")
     )))

;; `with' bindings: a group joined by `and' is a let, destructuring
;; pops a spine variable.
(ert-deftest cl-loop-shapes-with ()
  (cl-loop-shapes--check
   '(
     ((cl-loop with (a . b) = e collect (list a b))
      . "(let* ((b e) (a (car-safe (prog1 b (setq b (cdr b))))) (--cl-var-- nil)) (while t (setq --cl-var-- (cons (list a b) --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop with (a b) = e with c = 1 return (list a b c))
      . "(let* ((--cl-var-- e) (a (car-safe (prog1 --cl-var-- (setq --cl-var-- (cdr --cl-var--))))) (b (car --cl-var--)) (c 1) (--cl-var-- t) --cl-var--) (while (setq --cl-var-- (list a b c) --cl-var-- nil)) --cl-var--)")
     ((cl-loop with a = 1 and b = 2 return (list a b))
      . "(let ((a 1) (b 2)) (let* ((--cl-var-- t) --cl-var--) (while (setq --cl-var-- (list a b) --cl-var-- nil)) --cl-var--))")
     ((cl-loop with a and b return (list a b))
      . "(let ((a nil) (b nil)) (let* ((--cl-var-- t) --cl-var--) (while (setq --cl-var-- (list a b) --cl-var-- nil)) --cl-var--))")
     ((cl-loop with (a b) = e and c = 2 return (list a b c))
      . "(let* ((--cl-var-- e) (--cl-var-- --cl-var--) (a (car-safe (prog1 --cl-var-- (setq --cl-var-- (cdr --cl-var--))))) (b (car --cl-var--)) (c 2)) (let* ((--cl-var-- t) --cl-var--) (while (setq --cl-var-- (list a b c) --cl-var-- nil)) --cl-var--))")
     ((cl-loop with a = (f) and b = 3 return (list a b))
      . "(let ((a (f)) (b 3)) (let* ((--cl-var-- t) --cl-var--) (while (setq --cl-var-- (list a b) --cl-var-- nil)) --cl-var--))")
     ((cl-loop with a = 1 with b = 2 return (list a b))
      . "(let* ((a 1) (b 2) (--cl-var-- t) --cl-var--) (while (setq --cl-var-- (list a b) --cl-var-- nil)) --cl-var--)")
     )))

;; of-ref indexes up to a length taken once; hash tables, obarrays and
;; overlays run the pass inside maphash, mapatoms and cl--map-overlays.
(ert-deftest cl-loop-shapes-being ()
  (cl-loop-shapes--check
   '(
     ((cl-loop for x being the elements of-ref v do (setf x (1+ x)))
      . "(let* ((--cl-seq-- v) (--cl-idx-- 0) (--cl-len-- (length --cl-seq--))) (while (< --cl-idx-- --cl-len--) (let* ((v --cl-seq--) (v --cl-idx--)) (if (listp v) (setcar (nthcdr v v) (1+ (elt --cl-seq-- --cl-idx--))) (aset v v (1+ (elt --cl-seq-- --cl-idx--))))) (setq --cl-idx-- (1+ --cl-idx--))) nil)")
     ((cl-loop for k being the hash-keys of h using (hash-values v) collect (list k v))
      . "(let* ((--cl-var-- nil)) (maphash #'(lambda (k v) (setq --cl-var-- (cons (list k v) --cl-var--))) h) (nreverse --cl-var--))")
     ((cl-loop for v being the hash-values of h using (hash-keys k) collect (list k v))
      . "(let* ((--cl-var-- nil)) (maphash #'(lambda (k v) (setq --cl-var-- (cons (list k v) --cl-var--))) h) (nreverse --cl-var--))")
     ((cl-loop for k being the hash-keys of h while (f k) collect k)
      . "(let* ((--cl-var-- nil)) (catch '--cl-block---cl-finish---- (maphash #'(lambda (k --cl-var--) (or (f k) (throw '--cl-block---cl-finish---- nil)) (setq --cl-var-- (cons k --cl-var--))) h)) (nreverse --cl-var--))")
     ((cl-loop for s being the symbols of ob collect s)
      . "(let* ((--cl-var-- nil)) (mapatoms #'(lambda (s) (setq --cl-var-- (cons s --cl-var--))) ob) (nreverse --cl-var--))")
     ((cl-loop for s being the symbols when (f s) return s)
      . "(let* ((--cl-var-- t) --cl-var--) (catch '--cl-block---cl-finish---- (mapatoms #'(lambda (s) (or (if (f s) (setq --cl-var-- s --cl-var-- nil) t) (throw '--cl-block---cl-finish---- nil))) nil)) --cl-var--)")
     ((cl-loop for o being the overlays of b collect o)
      . "(let* ((--cl-var-- nil)) (cl--map-overlays #'(lambda (o --cl-var--) (progn (setq --cl-var-- (cons o --cl-var--))) nil) b nil nil) (nreverse --cl-var--))")
     ((cl-loop for k being the key-codes of m using (key-bindings b) collect (list k b))
      . "(let* ((--cl-var-- nil)) (map-keymap #'(lambda (k b) (setq --cl-var-- (cons (list k b) --cl-var--))) m) (nreverse --cl-var--))")
     ((cl-loop for b being the key-bindings of m collect b)
      . "(let* ((--cl-var-- nil)) (map-keymap #'(lambda (--cl-var-- b) (setq --cl-var-- (cons b --cl-var--))) m) (nreverse --cl-var--))")
     ((cl-loop for k being the key-seqs of m collect k)
      . "(let* ((--cl-var-- nil)) (cl--map-keymap-recursively #'(lambda (k --cl-var--) (setq --cl-var-- (cons k --cl-var--))) m) (nreverse --cl-var--))")
     )))

;; Accumulations, `by' functions (a quoted name called directly, its
;; c[ad]r opened by the compiler macro) and numeric phrases.
(ert-deftest cl-loop-shapes-accumulations-and-steps ()
  (cl-loop-shapes--check
   '(
     ((cl-loop for x in l concat x into r finally return r)
      . "(let* ((--cl-var-- l) (x nil) (r \"\")) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq r (concat r x)) (setq --cl-var-- (cdr --cl-var--))) r)")
     ((cl-loop for x in l vconcat x into r finally return r)
      . "(let* ((--cl-var-- l) (x nil) (r [])) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq r (vconcat r x)) (setq --cl-var-- (cdr --cl-var--))) r)")
     ((cl-loop for x in l nconc x into r finally return r)
      . "(let* ((--cl-var-- l) (x nil) (r nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq r (nconc r x)) (setq --cl-var-- (cdr --cl-var--))) r)")
     ((cl-loop for x in l minimize x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (if --cl-var-- (min --cl-var-- x) x)) (setq --cl-var-- (cdr --cl-var--))) --cl-var--)")
     ((cl-loop for x in l maximize (f x) into m minimize (g x) into n finally return (list m n))
      . "(let* ((--cl-var-- l) (x nil) (m nil) (n nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (let* ((temp (f x))) (setq m (if m (max m temp) temp))) (let* ((temp (g x))) (setq n (if n (min n temp) temp))) (setq --cl-var-- (cdr --cl-var--))) (list m n))")
     ((cl-loop for x on l by #'cddr collect x)
      . "(let* ((x l) (--cl-var-- nil)) (while (consp x) (setq --cl-var-- (cons x --cl-var--)) (setq x (cdr (cdr x)))) (nreverse --cl-var--))")
     ((cl-loop for x on l by 'cddr collect x)
      . "(let* ((x l) (--cl-var-- nil)) (while (consp x) (setq --cl-var-- (cons x --cl-var--)) (setq x (cdr (cdr x)))) (nreverse --cl-var--))")
     ((cl-loop for x in l by #'cddr collect x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (cons x --cl-var--)) (setq --cl-var-- (cdr (cdr --cl-var--)))) (nreverse --cl-var--))")
     ((cl-loop for x in l by (lambda (y) (cddr y)) collect x)
      . "(let* ((--cl-var-- l) (x nil) (--cl-var-- nil)) (while (consp --cl-var--) (setq x (car --cl-var--)) (setq --cl-var-- (cons x --cl-var--)) (setq --cl-var-- (let ((y --cl-var--)) (cdr (cdr y))))) (nreverse --cl-var--))")
     ((cl-loop for i downfrom 10 to 1 collect i)
      . "(let* ((i 10) (--cl-var-- nil)) (while (>= i 1) (setq --cl-var-- (cons i --cl-var--)) (setq i (- i 1))) (nreverse --cl-var--))")
     ((cl-loop for i from 10 above 1 collect i)
      . "(let* ((i 10) (--cl-var-- nil)) (while (> i 1) (setq --cl-var-- (cons i --cl-var--)) (setq i (- i 1))) (nreverse --cl-var--))")
     ((cl-loop for i upfrom 3 below 6 collect i)
      . "(let* ((i 3) (--cl-var-- nil)) (while (< i 6) (setq --cl-var-- (cons i --cl-var--)) (setq i (+ i 1))) (nreverse --cl-var--))")
     ((cl-loop for i from a to b by c collect i)
      . "(let* ((i a) (--cl-var-- b) (--cl-var-- c) (--cl-var-- nil)) (while (<= i --cl-var--) (setq --cl-var-- (cons i --cl-var--)) (setq i (+ i --cl-var--))) (nreverse --cl-var--))")
     ((cl-loop for i from 10 downto (g) by 2 collect i)
      . "(let* ((i 10) (--cl-var-- (g)) (--cl-var-- nil)) (while (>= i --cl-var--) (setq --cl-var-- (cons i --cl-var--)) (setq i (- i 2))) (nreverse --cl-var--))")
     )))

(ert-deftest cl-loop-shapes-one-iterator-per-loop ()
  (should (equal (condition-case err
                     (macroexpand-all '(cl-loop for k being the hash-keys of h
                                                for v being the hash-values of h2
                                                collect v))
                   (error err))
                 '(error "Iteration on hash-tables does not support this combination")))
  (should (equal (condition-case err
                     (macroexpand-all '(cl-loop for k being the hash-keys of h
                                                for s being the symbols
                                                collect s))
                   (error err))
                 '(error "Iteration on symbols does not support this combination"))))

(ert-deftest cl-loop-shapes-cxxr-compiler-macro ()
  (should (equal (macroexpand-all '(list (cadr x) (cdddr y) (caaddr z) (cddr (f))))
                 '(list (car (cdr x)) (cdr (cdr (cdr y))) (car (car (cdr (cdr z))))
                        (cdr (cdr (f))))))
  (should (eq (get 'cdar 'compiler-macro) 'internal--compiler-macro-cXXr)))

(ert-deftest cl-loop-shapes-results ()
  (cl-loop-shapes--check-runs
   '(
    ((cl-loop for x in '(1 2 3) and y = 0 then x collect (list x y))
     . ((1 0) (2 1) (3 2)))
    ((cl-loop for x in '(1 2 3) and y in '(a b c d) collect (list x y))
     . ((1 a) (2 b) (3 c)))
    ((cl-loop for x = 1 then (1+ y) and y = 10 then (1+ x) repeat 3 collect (list x y))
     . ((1 10) (11 2) (3 12)))
    ((cl-loop for x in '(a b c) and i from 0 collect (cons i x))
     . ((0 . a) (1 . b) (2 . c)))
    ((cl-loop for (a . b) in '((1 . 2) (3 . 4)) and (c d) in '((5 6) (7 8)) collect (list a b c d))
     . ((1 2 5 6) (3 4 7 8)))
    ((cl-loop for x = 0 then (1+ x) and y = 0 then (+ y x) while (< x 4) collect y)
     . (0 0 1 3))
    ((cl-loop for x in '(1 2 3 4) if (> x 2) return x else collect x)
     . 3)
    ((cl-loop for x in '(1 2 3 4) if (> x 5) return x else collect x)
     . (1 2 3 4))
    ((cl-loop for x in '(1 2 3 4) if (> x 3) return x else sum x)
     . 4)
    ((cl-loop for x in '(1 nil 3) if (numberp x) collect x else count x)
     . (1 3))
    ((cl-loop for x in '(1 2 3 4) if (cl-oddp x) collect x into a else collect x into b finally return (list a b))
     . ((1 3) (2 4)))
    ((cl-loop for x in '(1 2 3) when (cl-oddp x) collect x and collect (* 10 x) else collect 0 end collect 'n)
     . (1 10 n 0 n 3 30 n))
    ((cl-loop for x in '((a . 1) (b . 2) (c . 3)) when (cdr x) collect it)
     . (1 2 3))
    ((cl-loop for x in '(1 2 3) if (memq x '(2 3)) collect it else collect x)
     . (1 (2 3) (3)))
    ((let ((v (vector 1 2 3))) (cl-loop for x being the elements of-ref v do (setf x (1+ x))) v)
     . [2 3 4])
    ((let ((l (list 1 2 3))) (cl-loop for x being the elements of-ref l using (index i) do (setf x (* x i))) l)
     . (0 2 6))
    ((let ((v (vector 1 2 3))) (cl-loop for x across-ref v and y in '(a b) do (setf x y)) v)
     . [a b 3])
    ((cl-loop with (a . b) = '(1 2 3) return (list a b))
     . (1 (2 3)))
    ((cl-loop with (a b) = '(1 2) with c = 1 return (list a b c))
     . (1 2 1))
    ((let ((a 5)) (cl-loop with a = 1 and b = a return (list a b)))
     . (1 5))
    ((cl-loop with (a (b c)) = '(1 (2 3)) and d = 4 return (list a b c d))
     . (1 2 3 4))
    ((let ((h (make-hash-table))) (puthash 1 'a h) (puthash 2 'b h) (cl-loop for k being the hash-keys of h using (hash-values v) collect (list k v)))
     . ((1 a) (2 b)))
    ((let ((h (make-hash-table))) (puthash 1 'a h) (puthash 2 'b h) (cl-loop for v being the hash-values of h using (hash-keys k) collect (list k v)))
     . ((1 a) (2 b)))
    ((let ((h (make-hash-table))) (puthash 1 'a h) (puthash 2 'b h) (puthash 3 'c h) (cl-loop for k being the hash-keys of h while (< k 3) collect k))
     . (1 2))
    ((cl-loop for s being the symbols count (eq s 'car))
     . 1)
    ((cl-loop for s being the symbols of obarray when (eq s 'cdr) return s)
     . cdr)
    ((cl-loop for x in '("a" "b") concat x into r finally return r)
     . "ab")
    ((cl-loop for x in '([1] [2]) vconcat x into r finally return r)
     . [1 2])
    ((cl-loop for x in (list (list 1) (list 2)) nconc x into r finally return r)
     . (1 2))
    ((cl-loop for x in '(3 1 2) minimize x)
     . 1)
    ((cl-loop for x in '(3 1 2) maximize x into m minimize (- x) into n finally return (list m n))
     . (3 -3))
    ((cl-loop for x on '(1 2 3 4 5) by #'cddr collect x)
     . ((1 2 3 4 5) (3 4 5) (5)))
    ((cl-loop for x in '(1 2 3 4 5) by 'cddr collect x)
     . (1 3 5))
    ((cl-loop for x in '(1 2 3 4 5) by (lambda (y) (nthcdr 3 y)) collect x)
     . (1 4))
    ((cl-loop for i downfrom 10 to 7 collect i)
     . (10 9 8 7))
    ((cl-loop for i from 10 above 7 collect i)
     . (10 9 8))
    ((cl-loop for i upfrom 3 below 6 collect i)
     . (3 4 5))
    ((let ((n 0)) (list (cl-loop for i from 1 to (progn (cl-incf n) 3) by (1+ 1) collect i) n))
     . ((1 3) 1))
     )))

;; Intervals run the pass inside cl--map-intervals (a variable that is
;; not a pair of names set, not bound, as in Emacs); frames go round
;; from the selected one.
(ert-deftest cl-loop-shapes-intervals-and-frames ()
  (cl-loop-shapes--check
   '(
     ((cl-loop for i being the intervals of b collect i)
      . "(let* ((--cl-var-- nil)) (cl--map-intervals #'(lambda (--cl-var1-- --cl-var2--) (setq i (cons --cl-var1-- --cl-var2--)) (setq --cl-var-- (cons i --cl-var--))) b nil nil nil) (nreverse --cl-var--))")
     ((cl-loop for (a . b) being the intervals property 'face collect a)
      . "(let* ((--cl-var-- nil)) (cl--map-intervals #'(lambda (a b) (setq --cl-var-- (cons a --cl-var--))) nil 'face nil nil) (nreverse --cl-var--))")
     ((cl-loop for (a . b) being the intervals of s to 5 from 1 collect a)
      . "(let* ((--cl-var-- nil)) (cl--map-intervals #'(lambda (a b) (setq --cl-var-- (cons a --cl-var--))) s nil 1 5) (nreverse --cl-var--))")
     ((cl-loop for f being the frames collect f)
      . "(let* ((f (selected-frame)) (--cl-var-- nil) (--cl-var-- nil)) (while (prog1 (not (eq f --cl-var--)) (or --cl-var-- (setq --cl-var-- f))) (setq --cl-var-- (cons f --cl-var--)) (setq f (next-frame f))) (nreverse --cl-var--))")
     ))
  (cl-loop-shapes--check-runs
   '(
    ((with-temp-buffer (insert "abcdef") (put-text-property 2 4 'face 'bold) (cl-loop for (a . b) being the intervals collect (list a b)))
     . ((1 2) (2 4) (4 7)))
    ((with-temp-buffer (insert "abcdef") (put-text-property 2 4 'face 'bold) (put-text-property 3 5 'x 1) (cl-loop for (a . b) being the intervals property 'face collect (list a b)))
     . ((1 2) (2 4) (4 7)))
    ((with-temp-buffer (insert "abcdef") (put-text-property 2 4 'face 'bold) (cl-loop for (a . b) being the intervals from 3 to 5 collect (list a b)))
     . ((3 4) (4 5)))
    ((with-temp-buffer (insert "abc") (let ((i nil)) (cl-loop for i being the intervals collect i)))
     . ((1 . 4)))
    ((let ((s (concat "ab" (propertize "cd" 'face 'bold) "ef"))) (cl-loop for (a . b) being the intervals of s collect (list a b)))
     . ((0 2) (2 4) (4 6)))
    ((let ((s (concat "ab" (propertize "cd" 'face 'bold) "ef"))) (cl-loop for (a . b) being the intervals of s from 1 to 5 collect (list a b)))
     . ((1 2) (2 4) (4 5)))
    ((cl-loop for f being the frames count (framep f))
     . 1)
    ((cl-loop for f being the frames collect (eq f (selected-frame)))
     . (t))
     )))

;; Windows go round from the selected one, through the minibuffer's
;; window when starting there (minibufferp).
(ert-deftest cl-loop-shapes-windows ()
  (cl-loop-shapes--check
   '(
     ((cl-loop for w being the windows collect w)
      . "(let* ((w (selected-window)) (--cl-minip-- (minibufferp (window-buffer w))) (--cl-var-- nil) (--cl-var-- nil)) (while (prog1 (not (eq w --cl-var--)) (or --cl-var-- (setq --cl-var-- w))) (setq --cl-var-- (cons w --cl-var--)) (setq w (next-window w --cl-minip--))) (nreverse --cl-var--))")
     ((cl-loop for w being the windows of f collect w)
      . "(let* ((w (frame-selected-window f)) (--cl-minip-- (minibufferp (window-buffer w))) (--cl-var-- nil) (--cl-var-- nil)) (while (prog1 (not (eq w --cl-var--)) (or --cl-var-- (setq --cl-var-- w))) (setq --cl-var-- (cons w --cl-var--)) (setq w (next-window w --cl-minip--))) (nreverse --cl-var--))")
     ))
  (cl-loop-shapes--check-runs
   '(
    ((list (minibufferp) (minibufferp (get-buffer " *Minibuf-0*")) (minibufferp " *Minibuf-0*") (minibufferp (get-buffer " *Minibuf-0*") t) (minibufferp "no such buffer") (condition-case err (minibufferp 5) (error err)))
     . (nil t t nil nil (wrong-type-argument bufferp 5)))
    ((cl-loop for w being the windows collect (buffer-name (window-buffer w)))
     . ("*scratch*"))
    ((cl-loop for w being the windows of (selected-frame) count (windowp w))
     . 1)
    ((with-selected-window (minibuffer-window) (cl-loop for w being the windows collect (buffer-name (window-buffer w))))
     . (" *Minibuf-0*" "*scratch*"))
     )))

;; Forms without a symbol among them (nil and t aside) are a plain
;; endless loop; one symbol makes them all clauses.
(ert-deftest cl-loop-shapes-plain-loop ()
  (cl-loop-shapes--check
   '(((cl-loop) . "(while t)")
     ((cl-loop nil (f)) . "(while t nil (f))")
     ((cl-loop t (f)) . "(while t t (f))")
     ((cl-loop (f) (g)) . "(while t (f) (g))")))
  (should (equal (condition-case err (macroexpand-all '(cl-loop (f) x)) (error err))
                 '(error "Expected a cl-loop keyword, found (f)")))
  (should (equal (let ((n 0)) (cl-loop nil (when (> (cl-incf n) 2) (cl-return n)))) 3)))

;;; cl-loop-shapes-tests.el ends here
