;;; cl-macs-tests.el --- cl-lib's macros compared with Emacs 28  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)

(ert-deftest cl-macs-labels-self-tail-calls-run-in-constant-stack ()
  ;; 5,000 nested calls would pass max-lisp-eval-depth.
  (should (= (cl-labels ((count (n acc) (if (= n 0) acc (count (1- n) (1+ acc)))))
               (count 20000 0))
             20000))
  (should (eq (cl-labels ((down (n) (cond ((> n 0) (down (1- n))) (t 'done))))
                (down 5000))
              'done))
  (should (= (cl-labels ((f (n &optional acc) (if (= n 0) (length acc) (f (1- n) (cons n acc)))))
               (f 5000))
             5000))
  (should (= (cl-labels ((f (n &rest r) (if (= n 0) (length r) (f (1- n) 1 2))))
               (f 5000))
             2))
  (should (eq (cl-labels ((f (n) (condition-case nil (car n) (error (f (list n))))))
                (f 1))
              1)))

(ert-deftest cl-macs-labels-tail-loop-keeps-other-calls-and-closures ()
  (should (equal (cl-labels ((f (n) (cond ((= n 0) 'done) ((< n 0) (list (f 0)))
                                          (t (f (1- n))))))
                   (list (f 5) (f -1)))
                 '(done (done))))
  ;; Each pass binds the arguments afresh for the closures made in it.
  (should (equal (cl-labels ((f (n l) (if (= n 0) (mapcar #'funcall l)
                                        (f (1- n) (cons (lambda () n) l)))))
                   (f 3 nil))
                 '(1 2 3)))
  (should (equal (cl-labels ((f (&key (n 3) acc) (if (> n 0) (f :n (1- n) :acc (cons n acc)) acc)))
                   (f))
                 '(1 2 3))))

;;; cl-macs-tests.el ends here
