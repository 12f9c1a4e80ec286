;;; obarray-tests.el --- obarrays other than the symbol table  -*- lexical-binding: t -*-

;; Each expectation is what Emacs 28 gives.

(require 'ert)

(ert-deftest obarray-own-symbols ()
  (let ((ob (obarray-make)))
    (should-not (eq (intern "car" ob) 'car))
    (should-not (fboundp (intern "car" ob)))
    (should (eq (intern "x" ob) (intern "x" ob)))
    (should (eq (intern-soft "x" ob) (intern "x" ob)))
    (should-not (intern-soft "y" ob))
    ;; The global x is not the one in OB.
    (should-not (intern-soft 'x ob))
    (should (equal (symbol-name (intern-soft "x" ob)) "x"))))

(ert-deftest obarray-mapatoms-and-unintern ()
  (let ((ob (obarray-make 3)) names)
    (dolist (n '("a" "b" "c" "d" "e" "é")) (intern n ob))
    (mapatoms (lambda (s) (push (symbol-name s) names)) ob)
    (should (equal (sort names #'string<) '("a" "b" "c" "d" "e" "é")))
    (should (equal (list (unintern "a" ob) (unintern "a" ob) (intern-soft "a" ob) (unintern "zz" ob))
                   '(t nil nil nil)))
    (setq names nil)
    (mapatoms (lambda (s) (push (symbol-name s) names)) ob)
    (should (equal (length names) 5))))

(ert-deftest obarray-library ()
  (let ((ob (obarray-make 3)))
    (should (equal (list (obarray-get ob "q") (symbol-name (obarray-put ob "q"))
                         (eq (obarray-get ob "q") (obarray-put ob "q"))
                         (obarray-remove ob "q") (obarray-get ob "q")
                         (obarray-size ob) (obarrayp ob) (obarrayp []) (obarrayp "x"))
                   '(nil "q" t t nil 3 t nil nil))))
  (should (equal obarray-default-size 59))
  (should (equal (should-error (obarray-make 0)) '(wrong-type-argument size 0)))
  (should (equal (should-error (intern "a" [])) '(wrong-type-argument vectorp [])))
  (should (equal (should-error (intern "a" 5)) '(wrong-type-argument vectorp 5))))

(ert-deftest obarray-variable-names-the-default ()
  (let ((obarray (obarray-make)))
    (should-not (eq (intern "car") 'car))))

(ert-deftest obarray-symbols-survive-collection ()
  (let ((ob (obarray-make 7)))
    (dotimes (i 200) (intern (format "sym%d" i) ob))
    (garbage-collect)
    (let ((n 0))
      (mapatoms (lambda (s) (when (string-prefix-p "sym" (symbol-name s)) (setq n (1+ n)))) ob)
      (should (equal n 200)))
    (should (equal (symbol-name (intern-soft "sym150" ob)) "sym150"))))

;; The reader interns in whatever `obarray' names while it reads.
(ert-deftest obarray-reader-interns-in-the-bound-obarray ()
  (let* ((ob (obarray-make))
         (read-syms (let ((obarray ob))
                      (list (read "obtest-plain-zq") (read "esc\\aped") (read "##")
                            (read ":key") (read "nil") (read "#:loose")))))
    (should (equal (mapcar #'symbol-name read-syms)
                   '("obtest-plain-zq" "escaped" "" ":key" "nil" "loose")))
    (should (eq (nth 0 read-syms) (intern-soft "obtest-plain-zq" ob)))
    (should (eq (nth 1 read-syms) (intern-soft "escaped" ob)))
    (should (eq (nth 2 read-syms) (intern-soft "" ob)))
    (should-not (intern-soft "obtest-plain-zq"))
    (should-not (eq (nth 3 read-syms) :key))
    (should-not (keywordp (nth 3 read-syms)))
    (should-not (eq (nth 4 read-syms) nil))
    (should-not (intern-soft "loose" ob))
    (should (equal (should-error (let ((obarray 5)) (read "x")))
                   '(wrong-type-argument vectorp 5)))))

(ert-deftest obarray-bad-guts ()
  (let ((bad (vector (list "s"))))
    (should (equal (should-error (intern-soft "x" bad)) '(error "Bad data in guts of obarray")))
    (should (equal (should-error (let ((obarray bad)) (read "x")))
                   '(error "Bad data in guts of obarray")))))


(ert-deftest obarray-tests-buckets-as-emacs ()
  ;; Each slot holds the symbol interned there last, or 0; the others
  ;; hang from it.  Names hash as in Emacs 28.
  (let ((ob (obarray-make 7)))
    (dolist (n '("" "a" "b" "abc" "hello" "abcdefghij" "x1" "x2" "x3"))
      (intern n ob))
    (should (equal (format "%S" ob) "[abc a b x1 x2 x3 abcdefghij]"))
    (let (seen)
      (mapatoms (lambda (s) (push (symbol-name s) seen)) ob)
      (should (equal (nreverse seen)
                     '("abcdefghij" "x3" "x2" "x1" "hello" "b" "a" "abc" ""))))
    (unintern "x2" ob)
    (unintern "abc" ob)
    (should (equal (format "%S" ob) "[## a b x1 0 x3 abcdefghij]"))
    (should (equal (all-completions "x" ob) '("x1" "x3")))
    (should (intern-soft "hello" ob)))
  (let ((ob (obarray-make 5)))
    (dotimes (i 20) (intern (format "sym%d" i) ob))
    (should (equal (all-completions "sym1" ob)
                   '("sym18" "sym13" "sym19" "sym14" "sym15" "sym10" "sym16"
                     "sym11" "sym1" "sym17" "sym12"))))
  (let ((ob (make-vector 3 0)))
    (aset ob 0 "junk")
    (should (equal (condition-case err (intern "abc" ob) (error err))
                   '(error "Bad data in guts of obarray")))))


(ert-deftest obarray-tests-unintern-keeps-links ()
  ;; A symbol taken out keeps its link, as in Emacs, so another vector
  ;; holding it still reaches the symbols after it.
  (let ((a (obarray-make 1)) (b (obarray-make 1)))
    (intern "x" a)
    (intern "y" a)
    (aset b 0 (intern "y" a))
    (unintern "y" b)
    (should (eq (intern-soft "x" a) (intern "x" a))))
  ;; make-vector's nil slots are empty buckets.
  (let ((ob (make-vector 3 nil)))
    (should (eq (intern "a" ob) (intern-soft "a" ob))))
  ;; mapatoms skips bad slots; intern refuses them.
  (let ((ob (make-vector 2 "junk")) (seen 0))
    (mapatoms (lambda (_) (setq seen (1+ seen))) ob)
    (should (= seen 0))))

;;; obarray-tests.el ends here
