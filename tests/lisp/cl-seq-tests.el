;;; cl-seq-tests.el --- cl-lib's sequence functions compared with Emacs 28  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)

(ert-deftest cl-seq-mismatch ()
  (should-not (cl-mismatch '(1 2 3) '(1 2 3)))
  (should (= (cl-mismatch '(1 2 3) '(1 2 4)) 2))
  (should (= (cl-mismatch '(1 2 3) '(1 2)) 2))
  (should (= (cl-mismatch '(1 2) '(1 2 3)) 2))
  (should-not (cl-mismatch [1 2 3] '(1 2 3)))
  (should (= (cl-mismatch nil '(1)) 0))
  (should (= (cl-mismatch '("a") '("a")) 0))
  (should-not (cl-mismatch '("a") '("a") :test #'equal))
  (should-not (cl-mismatch "abcd" "ABCD" :test #'char-equal))
  (should (= (cl-mismatch "abcd" "ABXD" :key #'upcase) 2))
  (should (= (cl-mismatch '(1 2 3) '(1 2 4) :test-not #'eql) 0))
  (should-not (cl-mismatch '(1 2 3) '(5 2 3) :start1 1 :start2 1))
  (should (= (cl-mismatch '(1 2 3) '(5 2 3) :start1 1) 1))
  (should-not (cl-mismatch '(1 2 3 4) '(1 2 9 4) :end1 2 :end2 2))
  (should (= (cl-mismatch '(1 2 3) '(1 2 3) :start1 5) 5)))

(ert-deftest cl-seq-mismatch-from-end ()
  ;; Emacs 28 gives one less than Common Lisp's index after the mismatch.
  (should (= (cl-mismatch '(1 2 3) '(0 2 3) :from-end t) 0))
  (should-not (cl-mismatch '(1 2 3) '(1 2 3) :from-end t))
  (should (= (cl-mismatch '(1 2 3 4) '(2 3 4) :from-end t) 0))
  (should (= (cl-mismatch "abc" "xbc" :from-end t :start1 1) 0)))

(ert-deftest cl-seq-mismatch-errors ()
  (should (equal (should-error (cl-mismatch '(1 2) '(1 2) :foo 1))
                 '(error "Bad keyword argument :foo")))
  (should (equal (should-error (cl-mismatch 1 '(1)))
                 '(wrong-type-argument sequencep 1))))

;;; cl-seq-tests.el ends here
