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

;;; gv-tests.el ends here
