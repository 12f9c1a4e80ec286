;;; cl-loop-tests.el --- cl-loop clauses compared with Emacs 28  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)

(defun cl-loop-tests--expansion-error (form)
  "The message of the error that expanding FORM signals."
  (cadr (should-error (macroexpand form) :type 'error)))

(ert-deftest cl-loop-for-and-steps-in-parallel ()
  (should (equal (cl-loop for a = 1 then b and b = 1 then (+ a b) repeat 6 collect a)
                 '(1 1 2 3 5 8)))
  (should (equal (cl-loop for x = 1 then (* 2 x) and y = 1 then x repeat 4 collect (list x y))
                 '((1 1) (2 1) (4 2) (8 4))))
  ;; Without `and' the second clause sees the first one's new value.
  (should (equal (cl-loop for x = 1 then (* 2 x) for y = 1 then x repeat 4 collect (list x y))
                 '((1 1) (2 2) (4 4) (8 8))))
  (should (equal (cl-loop for i from 0 below 4 and j = 10 then i collect (list i j))
                 '((0 10) (1 0) (2 1) (3 2))))
  (should (equal (cl-loop for i from 0 to 2 and j = i collect j) '(0 0 1)))
  (should (equal (cl-loop for x on '(1 2 3) and y = 'a then x collect (list x y))
                 '(((1 2 3) a) ((2 3) (1 2 3)) ((3) (2 3)))))
  (should (equal (cl-loop for x in '(1 2 3) and y = 0 then (+ y x) collect y) '(0 1 3)))
  (should (equal (cl-loop for i from 0 to 5 by 2 and j from 100 by 10 collect (+ i j))
                 '(100 112 124))))

(ert-deftest cl-loop-with-and-binds-in-parallel ()
  (let ((a 5))
    (should (equal (cl-loop with a = 1 and b = a return (list a b)) '(1 5))))
  (should (equal (cl-loop with a = 1 with b = (1+ a) return (list a b)) '(1 2)))
  (should (equal (cl-loop with (a . b) = '(1 . 2) return (list a b)) '(1 2))))

(ert-deftest cl-loop-body-clauses-joined-by-and ()
  (should (equal (cl-loop for x in '(1 2 3) collect x into l and sum x into s
                          finally return (list l s))
                 '((1 2 3) 6)))
  (should (equal (cl-loop for i from 1 to 4 when (cl-evenp i) collect i
                          and when (= i 2) collect 'two end)
                 '(2 two 4))))

(ert-deftest cl-loop-accumulations ()
  (should (equal (cl-loop for x in '([1] [2 3]) vconcat x) [1 2 3]))
  (should (equal (cl-loop for x in '("a" "bc") concat x) "abc"))
  (should (equal (cl-loop for x in nil vconcat x) []))
  (should (equal (cl-loop for x in nil concat x) ""))
  (should (equal (cl-loop for x in nil minimize x) nil))
  (should (equal (cl-loop for x in '(1 2) collect x into l collect (* 10 x) into l
                          finally return l)
                 '(1 10 2 20)))
  (should (equal (cl-loop for i from 1 to 3 append (list i) into a
                          nconc (list (* 10 i)) into a finally return a)
                 '(1 10 2 20 3 30)))
  ;; `into' binds its variable anew, hiding a `with' of the same name.
  (should (equal (cl-loop with acc = (list 0) for x in '(1 2) collect x into acc
                          finally return acc)
                 '(1 2)))
  (should (= (cl-loop for x in '(1 2) with s = 10 sum x into s finally return s) 3))
  (should (equal (cl-loop for x in '(1 2 3) minimize x into m maximize x into mm
                          finally return (list m mm))
                 '(1 3))))

(ert-deftest cl-loop-being-the-elements ()
  (should (equal (cl-loop for x being the elements of "abc" using (index i) collect (list i x))
                 '((0 ?a) (1 ?b) (2 ?c))))
  (let ((v (vector 1 2)))
    (cl-loop for x being the elements of-ref v do (setf x (1+ x)))
    (should (equal v [2 3])))
  (let ((h (make-hash-table)))
    (puthash 1 'a h)
    (puthash 2 'b h)
    (should (equal (cl-loop for v being the hash-values of h using (hash-keys k)
                            collect (list k v))
                   '((1 a) (2 b))))))

(ert-deftest cl-loop-numbers ()
  (should (equal (cl-loop for i downfrom 10 above 5 collect i) '(10 9 8 7 6)))
  (should (equal (cl-loop for i from 10 downto 5 by 2 collect i) '(10 8 6)))
  (should (equal (cl-loop for i from 1 to 3 by 1.5 collect i) '(1 2.5)))
  (should (equal (cl-loop for (k v) on '(a 1 b 2) by #'cddr collect (cons k v))
                 '((a . 1) (b . 2)))))

(ert-deftest cl-loop-malformed-clauses ()
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for x in '(1 2) foo))
                 "Expected a cl-loop keyword, found foo"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for x frob '(1 2)))
                 "Expected a ‘for’ preposition, found frob"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for x being the foos of y))
                 "Expected a ‘for’ preposition, found foos"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for x being the elements y))
                 "Expected ‘of’"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for x in '(1 2) collect))
                 "Malformed ‘cl-loop’ macro"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for x in '(1) collect x and))
                 "Malformed ‘cl-loop’ macro"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop repeat))
                 "Malformed ‘cl-loop’ macro"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop do))
                 "Syntax error on ‘do’ clause"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop finally))
                 "Syntax error on ‘finally’ clause"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for i from 1 to 3 by 0 collect i))
                 "Loop ‘by’ value is not positive: 0")))


;; `for V = EXPR' joined by `and': without `then' EXPR is evaluated after
;; the end tests of the clauses before it; with `then' (or after an
;; `and') its step waits for the end tests of the `for' clauses so far.

(ert-deftest cl-loop-for-equals-and-after-end-tests ()
  (let ((squares (vector 0 1 4 9)))
    (should (equal (cl-loop for i below 4
                            for j = (- i) and sq = (aref squares i)
                            collect (list j sq))
                   '((0 0) (-1 1) (-2 4) (-3 9)))))
  (let ((seen nil))
    (should (equal (cl-loop for n from 10 to 12
                            and m = (progn (push n seen) n)
                            collect m)
                   '(10 10 11)))
    ;; Evaluated once more at the end of each pass while N was in range.
    (should (equal seen '(12 11 10 10))))
  (let ((calls 0))
    (should (equal (cl-loop for w across [a b c]
                            and k = 0 then (progn (setq calls (1+ calls)) (1+ k))
                            collect (cons w k))
                   '((a . 0) (b . 1) (c . 2))))
    (should (= calls 3))))

(ert-deftest cl-loop-being-the-buffers ()
  (let ((made (generate-new-buffer "cl-loop-buffer")))
    (unwind-protect
        (progn
          (should (eq (cl-loop for b being the buffers when (eq b made) return b) made))
          (should (equal (cl-loop for b being each buffer collect b) (buffer-list))))
      (kill-buffer made))))

;; As in Emacs 28, a numeric `for' takes its phrases in the order
;; from-word, to-word, `by'; a word out of that order ends the clause.
(ert-deftest cl-loop-numbers-phrase-order ()
  (should (equal (cl-loop for i from 2 to 8 by 3 collect i) '(2 5 8)))
  (should (equal (cl-loop for i upfrom 1 below 4 collect i) '(1 2 3)))
  (should (equal (cl-loop for i by 2 collect i until (> i 3)) '(0 2 4)))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for i to 5 from 2 collect i))
                 "Expected a cl-loop keyword, found from"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for i from 2 by 2 to 6 collect i))
                 "Expected a cl-loop keyword, found to"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for i downto 2 collect i))
                 "Must specify ‘from’ value for downward cl-loop"))
  (should (equal (cl-loop-tests--expansion-error '(cl-loop for i above 0 by 2 downfrom 10))
                 "Must specify ‘from’ value for downward cl-loop")))

(ert-deftest cl-loop-being-the-overlays ()
  (with-temp-buffer
    (insert "abcdefghij")
    (let ((a (make-overlay 1 3)) (b (make-overlay 4 6)) (c (make-overlay 7 9)))
      (overlay-put a 'n 1) (overlay-put b 'n 2) (overlay-put c 'n 3)
      (delete-overlay c)
      (let ((here (current-buffer)))
        (should (equal (sort (cl-loop for o being the overlays collect (overlay-get o 'n)) #'<)
                       '(1 2)))
        (should (equal (with-temp-buffer
                         (cl-loop for o being the overlays of here from 3
                                  collect (overlay-get o 'n)))
                       '(2)))
        (should (equal (cl-loop for o being the overlays to 4 collect (overlay-get o 'n))
                       '(1)))
        (should (eq (cl-loop for o being each extent in here
                             when (eq o b) return o)
                    b))))))

;;; cl-loop-tests.el ends here
