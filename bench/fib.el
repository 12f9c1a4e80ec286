;;; fib.el --- four Fibonacci programs  -*- lexical-binding: t -*-

;; Run: marrow -batch -Q -l bench/fib.el     (or emacs -batch -Q -l ...)
;;
;;   iterative      1,000,000 x fib(80) with dotimes and a multi-pair setf
;;   tail-recursive 1,000,000 x fib(80) by a self tail call
;;   named-let      1,000,000 x fib(80) by a named-let loop
;;   naive          fib(37) by doubly recursive calls
;;
;; Environment: BENCH_SCALE (default 1) multiplies the repetition counts
;; and the naive program's work (it runs fib(37 + log_phi scale), at
;; least fib(20): fib(n) costs about phi^n calls);
;; BENCH_ONLY=NAME runs one program.  Each program prints one line:
;;   NAME: RESULT (elapsed S s, GCS gcs, GC-ELAPSED s in gc)
;; and the checkable results are fib(80) = 23416728348467685 and
;; fib(37) = 24157817.

(require 'cl-lib)
(require 'subr-x)   ; named-let, in Emacs 28

(defun fib-bench-scale ()
  (let ((s (getenv "BENCH_SCALE")))
    (if (and s (> (string-to-number s) 0)) (string-to-number s) 1)))

(defun fib-bench-reps (n)
  (max 1 (round (* n (fib-bench-scale)))))

(defun fib-iterative (n)
  (let ((a 0) (b 1) (sum 0))
    (dotimes (_ n)
      (setf sum (+ a b) a b b sum))
    a))

(defun fib-tail (n a b)
  (if (= n 0) a (fib-tail (1- n) b (+ a b))))

(defun fib-tail-recursive (n) (fib-tail n 0 1))

(defun fib-named-let (n)
  (named-let step ((i n) (a 0) (b 1))
    (if (= i 0) a (step (1- i) b (+ a b)))))

(defun fib-naive (n)
  (if (< n 2) n (+ (fib-naive (- n 1)) (fib-naive (- n 2)))))

(defun fib-bench-repeat (fn reps)
  "Call FN on 80 REPS times; return the last result."
  (let ((result nil))
    (dotimes (_ reps) (setq result (funcall fn 80)))
    result))

(defun fib-bench-report (name thunk)
  (let* ((result nil)
         (timing (benchmark-run 1 (setq result (funcall thunk)))))
    (princ (format "%s: %s (elapsed %.3f s, %d gcs, %.3f s in gc)\n"
                   name result (nth 0 timing) (nth 1 timing) (nth 2 timing)))))

(defun fib-bench-naive-n ()
  "37 at full scale, shifted by log_phi of the scale, at least 20."
  (max 20 (+ 37 (round (/ (log (fib-bench-scale)) (log 1.618034))))))

(defun fib-bench-main ()
  (let ((only (getenv "BENCH_ONLY"))
        (reps (fib-bench-reps 1000000)))
    (dolist (program `(("iterative" . ,(lambda () (fib-bench-repeat #'fib-iterative reps)))
                       ("tail-recursive" . ,(lambda () (fib-bench-repeat #'fib-tail-recursive reps)))
                       ("named-let" . ,(lambda () (fib-bench-repeat #'fib-named-let reps)))
                       ("naive" . ,(lambda () (fib-naive (fib-bench-naive-n))))))
      (when (or (null only) (string= only "") (string= only (car program)))
        (fib-bench-report (concat "fib-" (car program)) (cdr program))))))

(fib-bench-main)
