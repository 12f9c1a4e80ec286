;;; gc-micro.el --- collector micro-benchmarks  -*- lexical-binding: t -*-

;; Run: marrow -batch -Q -l bench/gc-micro.el
;;
;;   full-gc       time of one full collection with 10,000,000 live
;;                 conses (the mean of 3 collections)
;;   alloc-rate    million small vectors (1 to 16 slots, mixed) per second
;;   bignum-churn  time of a loop making short-lived bignums
;;
;; BENCH_SCALE (default 1) multiplies the sizes; BENCH_ONLY=NAME runs one
;; part.  Each part prints one line with a checkable result, its
;; measurement in a trailing "(elapsed ...)" that the harness strips
;; before comparing runtimes.

(defun gc-micro-scale ()
  (let ((s (getenv "BENCH_SCALE")))
    (if (and s (> (string-to-number s) 0)) (string-to-number s) 1)))

(defun gc-micro-size (n) (max 1 (round (* n (gc-micro-scale)))))

(defun gc-micro-full-gc ()
  (let* ((n (gc-micro-size 10000000))
         (live (make-list n 'x))
         (runs 3)
         (start (float-time)))
    (dotimes (_ runs) (garbage-collect))
    (let ((per-gc (/ (- (float-time) start) runs)))
      (princ (format "gc-micro full-gc: %d live conses, length %d (elapsed %.1f ms per collection)\n"
                     n (length live) (* 1000 per-gc))))))

(defun gc-micro-alloc-rate ()
  (let* ((n (gc-micro-size 5000000))
         (sink nil)
         (total 0)
         (start (float-time)))
    (dotimes (i n)
      (setq sink (make-vector (1+ (% (* i 7) 16)) i))
      (setq total (+ total (length sink))))
    (let ((elapsed (- (float-time) start)))
      (princ (format "gc-micro alloc-rate: %d vectors, %d slots (elapsed %.3f s, %.2f M objects/s)\n"
                     n total elapsed (/ n (max elapsed 1e-9) 1e6))))))

(defun gc-micro-bignum-churn ()
  (let* ((n (gc-micro-size 1000000))
         (base (expt 2 100))
         (acc 0)
         (timing (benchmark-run 1
                   (dotimes (i n)
                     (setq acc (% (+ acc (* base (1+ i))) (expt 3 70)))))))
    (princ (format "gc-micro bignum-churn: %d steps, result %d (elapsed %.3f s, %d gcs, %.3f s in gc)\n"
                   n acc (nth 0 timing) (nth 1 timing) (nth 2 timing)))))

(let ((only (getenv "BENCH_ONLY")))
  (dolist (part '(("full-gc" . gc-micro-full-gc)
                  ("alloc-rate" . gc-micro-alloc-rate)
                  ("bignum-churn" . gc-micro-bignum-churn)))
    (when (or (null only) (string= only "") (string= only (car part)))
      (funcall (cdr part)))))
