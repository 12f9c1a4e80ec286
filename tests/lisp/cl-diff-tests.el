;;; cl-diff-tests.el --- cases where random comparison found marrow unlike Emacs 28  -*- lexical-binding: t -*-

;; Each expected value was read off GNU Emacs 28 running the same form.
;; They cover cl-lib's sequence and tree functions, seq, and subr-x.

(require 'ert)
(require 'cl-lib)
(require 'seq)
(require 'subr-x)

(defun cl-diff--error (thunk)
  "The error THUNK signals, as (SYMBOL . DATA), or nil."
  (condition-case err (progn (funcall thunk) nil) (error err)))

;;; Which keyword wins

(ert-deftest cl-diff-test-not-beats-test ()
  (should (equal (cl-remove 2 (list 1 2 3) :test '< :test-not '>) '(1)))
  (should (equal (cl-member 2 (list 1 2 3) :test '< :test-not '>) '(2 3)))
  (should (equal (cl-position 2 (list 1 2 3) :test '< :test-not '>) 1))
  (should (equal (cl-assoc 3 (list nil (cons 3 3) (cons 1 2)) :test '= :test-not 'equal)
                 '(1 . 2))))

(ert-deftest cl-diff-if-not-beats-if ()
  (should (equal (cl-remove 2 (list 1 2 3) :if 'cl-oddp :if-not 'cl-oddp) '(1 3)))
  (should (equal (cl-remove 2 (list 1 2 3) :test '< :if 'cl-oddp) '(1 2))))

;;; Substitution

(ert-deftest cl-diff-substitute-shortcuts ()
  (let ((s (list 1 2)))
    (should (eq (cl-substitute 1 1 s :test-not 'eql) s))
    (should (equal s '(1 2))))
  (should (equal (cl-substitute 1.0 1.0 (list 1.0 2) :test-not 'eql) '(1.0 1.0)))
  (should (equal (cl-substitute-if nil 'cl-oddp (list 1 2)) '(1 2)))
  (should (equal (cl-substitute-if-not nil 'cl-oddp (list 1 2)) '(1 2)))
  (should (equal (cl-nsubstitute nil 1 (list 1 2)) '(nil 2)))
  (should (equal (cl-diff--error (lambda () (cl-nsubstitute ?c ?c "cbca" :bogus 1)))
                 '(error "Bad keyword argument :bogus"))))

(ert-deftest cl-diff-nsubstitute-in-place ()
  (let ((s (list 1 2 1 2)))
    (should (eq (cl-nsubstitute 'x 1 s) s))
    (should (equal s '(x 2 x 2))))
  (let ((v (vector 1 2 1 2)))
    (cl-nsubstitute 'x 1 v :count 1 :from-end t)
    (should (equal v [1 2 x 2])))
  (let ((s (list 1 2 1 2 1 1)))
    (cl-nsubstitute 'x 1 s :count 3 :from-end t)
    (should (equal s '(1 2 x 2 x x))))
  (let ((s (list 3 1 1)))
    (cl-nsubstitute-if-not "x" 'cl-evenp s :count 2)
    (should (equal s '("x" "x" 1)))))

(ert-deftest cl-diff-substitute-past-an-array-end ()
  (should (equal (cl-diff--error (lambda () (cl-substitute ?c ?b (copy-sequence "abb") :end 4)))
                 '(args-out-of-range "acc" 3)))
  (should (equal (cl-substitute-if-not 97 (lambda (c) (eq c ?a)) (copy-sequence "ccbb") :end 7)
                 "aaaa"))
  (should (equal (cl-diff--error (lambda () (cl-substitute 'a ?a (copy-sequence "b")
                                                           :end 2 :from-end t)))
                 '(args-out-of-range "b" 1)))
  (should (equal (cl-diff--error (lambda () (cl-delete 1 (vector 0) :end 4)))
                 '(args-out-of-range [0] 1)))
  (should (equal (cl-remove-if-not (lambda (c) (> c ?a)) "cbaaab" :end 7) "cbb")))

;;; Trees

(ert-deftest cl-diff-nsubst-in-place ()
  (let ((tr (list 1 (list 2 1) (cons 3 1) 2)))
    (should (eq (cl-nsubst 'x 1 tr) tr))
    (should (equal tr '(x (2 x) (3 . x) 2))))
  (let ((tr (list 1 (list 2 1) (cons 3 1) 2)))
    (cl-nsublis '((1 . one) (2 . two)) tr)
    (should (equal tr '(one (two one) (3 . one) two))))
  (should (equal (cl-nsubst 'x nil (list 1 2)) '(1 2 . x)))
  (should (equal (cl-nsubst 'x nil 1) 1))
  (should (equal (cl-nsubst 'x 1 1) 'x))
  ;; The walk also tests the nil that ends its one-element holder.
  (should (equal (cl-diff--error (lambda () (cl-nsubst 'x 1 1 :key '1+)))
                 '(wrong-type-argument number-or-marker-p nil))))

(ert-deftest cl-diff-sublis-test-order ()
  (should (eq (cl-sublis '((1 . one) (2 . two)) 1 :test '>) 'two))
  (let (log)
    (cl-sublis '((1 . a) (2 . b)) (list 1 2)
               :test (lambda (a b) (push (list a b) log) (eql a b)))
    (should (equal (nreverse log)
                   '((1 (1 2)) (2 (1 2)) (1 1) (1 (2)) (2 (2)) (1 2) (2 2) (1 nil) (2 nil))))))

;;; Removal and what it shares

(ert-deftest cl-diff-remove-sharing ()
  (let* ((s (list 1 2 3 2 5 6)) (r (cl-remove 2 s :count 1)))
    (should (equal r '(1 3 2 5 6)))
    (should (eq (cdr r) (nthcdr 2 s))))
  (let ((s (list 2 2 3 2 5 6)))
    (should (eq (cl-remove-if 'cl-evenp s :end 2) (nthcdr 2 s))))
  (let* ((s (list 1 2 3 4 5)) (r (cl-remove 2 s)))
    (should-not (eq (cdr r) (cddr s))))
  (let* ((s (list 4 4 3 3 3)) (r (cl-remove 3 s :count 2 :from-end t)))
    (should (equal r '(4 4 3)))
    (should-not (eq (last r) (last s))))
  (let ((s (list 2 2 3 4 5)))
    (should (eq (cl-remove 2 s :from-end t :count 3) (cddr s)))))

(ert-deftest cl-diff-fractional-count ()
  (should (equal (cl-delete 1 (list 0 2) :test-not 'eql :count 1.5) nil))
  (should (equal (cl-substitute 1 4 (list 3 4 3) :test-not 'eql :count 1.5) '(1 4 1)))
  (should (equal (cl-delete-if (lambda (c) (> c ?a)) (copy-sequence "bcbaa") :count 1.5)
                 "baa")))

(ert-deftest cl-diff-remove-duplicates ()
  (let ((s (list 1 2 3 1)))
    (should (eq (cl-remove-duplicates s) (cdr s))))
  (let ((s (list 1 2 3 4)))
    (should (eq (cl-remove-duplicates s) s)))
  (let ((s (list 1 2 3 1 4)))
    (should (eq (cl-delete-duplicates s :from-end t) s))
    (should (equal s '(1 2 3 4))))
  (should (equal (cl-remove-duplicates (list 0 1 0 0 3) :test '< :from-end t) '(0 0 0)))
  (should (equal (cl-remove-duplicates (list 0 1 2 3) :test '< :from-end t) '(0)))
  (should (equal (cl-remove-duplicates (list 0 1 0 0 3) :test '<) '(3)))
  (should (equal (cl-remove-duplicates (list 1 2 1 3 1 4) :start 1) '(1 2 3 1 4)))
  (should (equal (cl-remove-duplicates (list 1 1 3 4 1) :end -1) '(1 1 3 4 1)))
  (should (equal (cl-remove-duplicates (list 1 1 3 4) :start 2 :end 1) '(1 1 3 4)))
  (should (equal (cl-remove-duplicates (vector 1 2 3 2 4 2) :start -1) [1 3 4 2]))
  (should (equal (cl-remove-duplicates (vector 1 2 3 2 4 2) :end 9) [1 3 4 2])))

(ert-deftest cl-diff-set-operations-copy ()
  (let ((a (list 1 2)))
    (should-not (eq (cl-set-difference a (list 3)) a))
    (should-not (eq (cl-nset-difference a (list 3)) a)))
  (let ((a (list 1 2 3)))
    (should (equal (cl-nset-difference a (list 3)) '(1 2)))
    (should (equal a '(1 2 3))))
  (let* ((b (list 3 4)) (r (cl-set-exclusive-or (list 1 2) b)))
    (should (equal r '(1 2 3 4)))
    (should-not (eq (cddr r) b))))

;;; Filling and replacing

(ert-deftest cl-diff-fill ()
  (should (equal (cl-fill (list 4 4) 2 :end 7) '(2 2)))
  (should (equal (cl-fill (list 1 0 2 0) 'a :start -1) '(a a a a)))
  (should (equal (cl-diff--error (lambda () (cl-fill (copy-sequence "") 'a)))
                 '(wrong-type-argument characterp a))))

(ert-deftest cl-diff-replace-bounds ()
  (should (equal (cl-replace (list 2 4) (vector 3 1) :end1 4 :end2 3) '(3 1)))
  (should (equal (cl-replace (list 4 2 3 1 2 0) (vector 0 3) :end1 2 :end2 7) '(0 3 3 1 2 0)))
  (should (equal (cl-replace (vector 3 0 0 2 1) nil :start2 -1) [nil 0 0 2 1]))
  (should (equal (cl-replace (list 2 1 3) nil :end2 2) '(2 1 3)))
  (should (equal (cl-replace (vector 2 3) (list 1 4 3) :end2 -1) [2 3]))
  (should (equal (cl-replace nil (vector 1 1 1 0 1 3) :end1 4 :start2 1) nil))
  (should (equal (cl-diff--error (lambda () (cl-replace (list 3 0) (vector 3) :end2 4)))
                 '(args-out-of-range [3] 1))))

;;; Searching

(ert-deftest cl-diff-search ()
  (let (log)
    (should (= (cl-search (list 1 2) (list 0 1 2 3 1 2) :from-end t
                          :test (lambda (a b) (push (list a b) log) (eql a b)))
               4))
    (should (equal (nreverse log) '((1 0) (1 1) (1 2) (1 3) (1 1) (2 2)))))
  (should (equal (cl-search (list 4 4 4) (list 2 4 3 3) :end1 7 :start2 -1) nil))
  (should (equal (cl-search (list 0) (list "x") :test 'eq :end1 3 :end2 4) nil))
  (should (equal (cl-diff--error (lambda () (cl-search (list 0) (vector 0 2 4 0 3) :end1 2)))
                 '(wrong-type-argument arrayp (0))))
  (should (equal (cl-diff--error (lambda () (cl-search "ab" "" :start2 1 :end2 4)))
                 '(args-out-of-range "" 1))))

(ert-deftest cl-diff-mismatch ()
  (should (= (cl-mismatch (list 1 2) (list 1 2) :end1 3 :from-end t) 2))
  (should (= (cl-mismatch (list 1 2) (list 1 2) :end2 3 :from-end t) 1))
  (should (equal (cl-mismatch (list 1 2 nil) (list 1 2) :end2 3 :from-end t) nil))
  (should (= (cl-mismatch (list 0 0) (list 3) :start1 -1 :end2 2) -1))
  (should (equal (cl-diff--error (lambda () (cl-mismatch (list 1 2 nil) (list 1 2) :end2 3)))
                 '(wrong-type-argument arrayp (1 2)))))

;;; Sorting, subsequences, mapping

(ert-deftest cl-diff-sort-array-through-list ()
  (let (log)
    (cl-sort (vector 1 0 2 3 2) (lambda (a b) (push (list a b) log) (< a b)))
    (should (equal (nreverse log) '((2 3) (2 2) (0 1) (2 0) (2 1)))))
  (let ((v (vector 3 1 2)))
    (should (eq (cl-sort v '<) v))
    (should (equal v [1 2 3]))))

(ert-deftest cl-diff-subseq-of-lists ()
  (should (equal (cl-subseq (cons 1 2) 0 1) '(1)))
  (should (equal (cl-subseq (cons 1 (cons 2 3)) 1 2) '(2)))
  (should (equal (cl-diff--error (lambda () (cl-subseq (cons 1 (cons 2 3)) 2)))
                 '(wrong-type-argument sequencep 3)))
  (should (equal (cl-diff--error (lambda () (cl-subseq (cons 1 2) 1 0)))
                 '(error "Bad bounding indices: 1, 0")))
  (should (equal (cl-diff--error (lambda () (cl-subseq (cons 1 2) 3 2)))
                 '(wrong-type-argument listp (1 . 2))))
  (should (equal (cl-diff--error (lambda () (cl-subseq (list 1 2 3) 4 4)))
                 '(error "Bad bounding indices: 4, 4")))
  (should (equal (cl-subseq (list 1 2 3) 3 3) nil)))

(ert-deftest cl-diff-mapcar-lengths ()
  (should (equal (cl-mapcar 'list (cons 1 (cons 2 3)) nil) nil))
  (should (equal (cl-diff--error (lambda () (cl-mapcar 'list (list 1 2) (cons 1 (cons 2 3))
                                                       (list 1 2 3))))
                 '(wrong-type-argument listp 3)))
  (should (equal (cl-diff--error (lambda () (cl-mapcar 'list (cons 1 (cons 2 3)) "ab")))
                 '(wrong-type-argument listp 3)))
  (should (equal (cl-mapcar 'list (list 1 2) "abc") '((1 97) (2 98)))))

(ert-deftest cl-diff-list-length ()
  (should (equal (cl-diff--error (lambda () (cl-list-length (cons 1 (cons 2 3)))))
                 '(wrong-type-argument listp 3)))
  (should (equal (cl-list-length (let ((l (list 1 2 3))) (setcdr (cddr l) l) l)) nil))
  (should (= (cl-list-length (list 1 2)) 2)))

(ert-deftest cl-diff-keyword-checks ()
  (should (equal (cl-diff--error (lambda () (cl-member-if 'cl-evenp (list 3 4) :bogus 1)))
                 '(error "Bad keyword argument :bogus")))
  (should (equal (cl-diff--error (lambda () (cl-assoc-if 'identity nil :bogus 1)))
                 '(error "Bad keyword argument :bogus")))
  (should (= (cl-parse-integer "12" :allow-other-keys t :zz 1) 12)))

;;; When :test and :key are called

(defvar cl-diff--log nil "The argument lists of the logged calls, latest first.")

(defmacro cl-diff--calls (form)
  "FORM's value and the argument lists of the calls to `cl-diff--log'
functions it made, in order."
  `(let ((cl-diff--log nil))
     (list ,form (reverse cl-diff--log))))

(defun cl-diff--logged (f)
  (lambda (&rest args) (push args cl-diff--log) (apply f args)))

(ert-deftest cl-diff-remove-call-order ()
  ;; An array is searched for its first hit, then scanned from there.
  (should (equal (cl-diff--calls (cl-remove ?b "aab" :test (cl-diff--logged '=) :end 7))
                 '("aa" ((98 97) (98 97) (98 98) (98 98)))))
  (should (equal (cl-diff--calls (cl-remove 3 (vector 3 2 1 4 4)
                                            :test-not (cl-diff--logged '>) :from-end t))
                 '([2 1] ((3 4) (3 3) (3 2) (3 1) (3 4) (3 4)))))
  ;; Nothing is tested past the :count-th hit.
  (should (equal (cl-diff--calls (cl-remove 2 (list 1 0 1) :test (cl-diff--logged '>) :count 2))
                 '((1) ((2 1) (2 0))))))

(ert-deftest cl-diff-remove-duplicates-call-order ()
  (should (equal (cl-diff--calls (cl-remove-duplicates "baa" :key (cl-diff--logged 'identity)))
                 '("ba" ((98) (97) (97) (97) (97)))))
  (should (equal (cl-diff--calls (cl-remove-duplicates (list 3 0 3 3) :test-not 'eql
                                                       :key (cl-diff--logged 'identity)
                                                       :from-end t))
                 '((3 3 3) ((3) (0) (3) (3) (3) (3) (3))))))

(ert-deftest cl-diff-substitute-call-order ()
  (should (equal (cl-diff--calls (cl-substitute 'x 1 (vector 0 1 2 3 1 5)
                                                :test (cl-diff--logged 'eql) :from-end t))
                 '([0 x 2 3 x 5] ((1 0) (1 1) (1 5) (1 1) (1 3) (1 2)))))
  (should (equal (cl-diff--calls (cl-substitute 'x 1 (vector 0 1 2 3 1 5)
                                                :test (cl-diff--logged 'eql) :count 1 :from-end t))
                 '([0 1 2 3 x 5] ((1 0) (1 1) (1 5) (1 1)))))
  (should (equal (cl-diff--calls (cl-substitute 'x 1 (list 1 1 1) :test (cl-diff--logged 'eql)
                                                :count 2 :from-end t))
                 '((x x 1) ((1 1) (1 1) (1 1)))))
  (should (equal (cl-diff--calls (cl-nsubstitute 'x 1 (list 0 1 2 3 1 5)
                                                 :test (cl-diff--logged 'eql) :count 1 :from-end t))
                 '((0 1 2 3 x 5) ((1 5) (1 1)))))
  (should (equal (cl-diff--calls (cl-subsetp (list 1 2) nil :key (cl-diff--logged '1+)))
                 '(nil nil))))

(ert-deftest cl-diff-remove-shares-after-one-hit ()
  (let* ((s (list 3 3 1 2 3)) (r (cl-remove 3 s :test-not 'equal :count 2)))
    (should (equal r '(3 3 3)))
    (should-not (eq (last r) (last s)))))

(ert-deftest cl-diff-past-the-end-under-from-end ()
  ;; Emacs looks at the nil after a list's end when :end goes past it.
  (let (log)
    (should (equal (cl-remove-duplicates (list 1 2) :end 4 :from-end t
                                         :key (lambda (x) (push x log) x))
                   '(1 2)))
    (should (equal (nreverse log) '(1 2 2 nil))))
  (should (equal (cl-diff--error (lambda () (cl-remove-duplicates (list 2 2) :key '1+
                                                                  :end 4 :from-end t)))
                 '(wrong-type-argument number-or-marker-p nil)))
  (should (equal (cl-diff--error (lambda () (cl-nsubstitute-if 1 'null (list 3 4 4 1 2)
                                                               :end 7 :count 2 :from-end t)))
                 '(wrong-type-argument consp nil)))
  (should (equal (cl-diff--error (lambda () (cl-substitute-if-not 2 'cl-oddp (vector 4 0 1)
                                                                  :end 4 :from-end t)))
                 '(args-out-of-range [2 0 1] 3)))
  (should (equal (cl-diff--error (lambda () (cl-remove 'a (vector) :end 4 :count 5)))
                 '(args-out-of-range [] 0)))
  ;; Under :from-end the first look is past the end, before any test.
  (should (equal (cl-diff--error (lambda () (cl-remove-if-not 'cl-oddp (vector 1 3 nil 3 3)
                                                              :end 7 :from-end t)))
                 '(args-out-of-range [1 3 nil 3 3] 6))))

(ert-deftest cl-diff-dotted-lists ()
  ;; Which functions measure a dotted list first, and which walk it.
  (let ((dotted (lambda () (cl-list* 2 1 1 9))))
    (should (equal (cl-diff--error (lambda () (cl-remove 1 (funcall dotted) :count 0)))
                   '(wrong-type-argument listp 9)))
    (should (equal (cl-diff--error (lambda () (cl-nsubstitute 2 1 (funcall dotted) :count 0)))
                   '(wrong-type-argument listp 9)))
    (should (equal (cl-diff--error (lambda () (cl-nsubstitute-if nil 'cl-oddp (funcall dotted))))
                   '(wrong-type-argument listp 9)))
    (should (equal (cl-substitute 1 1 (funcall dotted)) '(2 1 1 . 9)))
    (should (equal (cl-remove-duplicates (funcall dotted) :end 1) '(2 1 1 . 9)))
    (should (equal (cl-diff--error (lambda () (cl-remove-duplicates (funcall dotted))))
                   '(wrong-type-argument listp 9))))
  (should (equal (cl-diff--error (lambda () (cl-assoc 4 (cl-list* '(2) '(3) 9))))
                 '(wrong-type-argument listp ((2) (3) . 9))))
  (should (equal (cl-diff--error (lambda () (cl-adjoin 4 (cl-list* 2 3 9) :test 'eq)))
                 '(wrong-type-argument listp (2 3 . 9))))
  (should (equal (cl-replace (list 0) (cl-list* 3 1 3 9) :start2 1) '(1)))
  (should (equal (cl-diff--error (lambda () (cl-replace (cl-list* 3 1 3 9) (list 0 1 2 3 4 5))))
                 '(wrong-type-argument consp 9)))
  (should (equal (cl-diff--error (lambda () (cl-replace (cl-list* 4 9) (vector 3 0 3 0) :end2 7)))
                 '(wrong-type-argument consp 9)))
  (should (equal (cl-diff--error (lambda () (cl-replace (vector) (vector 0) :end1 2 :end2 7)))
                 '(args-out-of-range [] 0)))
  (should (equal (cl-diff--error (lambda () (cl-fill (cl-list* 3 1 3 9) 0)))
                 '(wrong-type-argument consp 9)))
  (should (equal (cl-fill (cl-list* 3 1 3 9) 0 :end 2) '(0 0 3 . 9)))
  (should (equal (cl-diff--error (lambda () (cl-search (list 3 3) (cl-list* 2 0 1 9) :start1 2)))
                 '(wrong-type-argument listp 9))))

;;; seq

(ert-deftest cl-diff-seq-setq-value ()
  (let (a b)
    (should (= (seq-setq (a b) '(1 2)) 1))
    (should (equal (list a b) '(1 2)))
    (should (= (seq-setq (_ b) '(5 6 7)) 6))
    (should (equal (list a b) '(1 6)))))

(ert-deftest cl-diff-seq-concatenate-copies ()
  (let* ((b (list 3 4)) (r (seq-concatenate 'list (list 1) b)))
    (should (equal r '(1 3 4)))
    (should-not (eq (cdr r) b))))

(ert-deftest cl-diff-seq-elt-setter-on-nil ()
  (let* ((s nil)
         (err (cl-diff--error (lambda () (setf (seq-elt s 2) 'z)))))
    (should (eq (car err) 'cl-no-applicable-method))
    (should (equal (symbol-name (nth 1 err)) "(setf seq-elt)"))
    (should (equal (nthcdr 2 err) '(z nil 2)))))

(ert-deftest cl-diff-seq-intersection-from-the-end ()
  (let (log)
    (should (equal (seq-intersection (list 0 3 2) (list 2 0)
                                     (lambda (a b) (push (list a b) log) (= a b)))
                   '(0 2)))
    (should (equal (nreverse log) '((2 2) (2 3) (0 3) (2 0) (0 0)))))
  (let (log)
    (should (equal (seq-difference (list 1 2) (list 2)
                                   (lambda (a b) (push (list a b) log) (= a b)))
                   '(1)))
    (should (equal (nreverse log) '((2 2) (2 1))))))

;;; subr-x

(ert-deftest cl-diff-string-pad-exact-fit ()
  (should (equal (string-pad "abc" 2 t) "abc"))
  (should (equal (cl-diff--error (lambda () (string-pad "abc" 3 t)))
                 '(wrong-type-argument characterp t))))

(ert-deftest cl-diff-string-limit-empty-with-coding ()
  (should (equal (cl-diff--error (lambda () (string-limit "" 0 nil 'utf-8)))
                 '(args-out-of-range "" 0)))
  (should (equal (cl-diff--error (lambda () (string-limit "" 3 t 'utf-8)))
                 '(args-out-of-range "" -1)))
  (should (equal (string-limit "" 0) "")))

(ert-deftest cl-diff-string-fill ()
  (should (equal (string-fill "aa bbb cc \n" 3) "aa\nbbb\ncc\n"))
  (should (equal (string-fill "aa bbb cc" 5) "aa\nbbb\ncc"))
  (should (equal (string-fill "a\n\nb c" 1) "a\n\nb\nc")))

;;; cl-diff-tests.el ends here
