;;; vector-churn.el --- millions of short-lived vectors of mixed sizes  -*- lexical-binding: t -*-

;; Run: marrow -batch -Q -l bench/vector-churn.el
;;
;; Allocates 5,000,000 vectors of 1 to 200 slots, sizes drawn from a
;; fixed linear congruential sequence (the same on every runtime).  The
;; last 64 vectors stay live in a ring, so the heap holds a changing
;; mix of sizes: the pattern the vector free-list policies differ on.
;; BENCH_SCALE (default 1) multiplies the count.
;;
;; Prints "vector-churn: N vectors, checksum C" and a timing line; the
;; checksum depends only on N.

(defun vector-churn-run (count)
  "Allocate COUNT vectors; return a checksum of their sizes and contents."
  (let ((ring (make-vector 64 nil))
        (seed 12345)
        (checksum 0))
    (dotimes (i count)
      ;; A 32-bit LCG (Marsaglia's 69069): the product stays below 2^49,
      ;; a fixnum, so the loop allocates nothing but its vectors.
      (setq seed (logand (+ (* seed 69069) 1) #xffffffff))
      (let* ((size (1+ (% (ash seed -8) 200)))
             (v (make-vector size i))
             (slot (% i 64))
             (old (aref ring slot)))
        (when old
          (setq checksum (logand (+ checksum (length old) (aref old 0)) #xfffffff)))
        (aset ring slot v)))
    checksum))

(let* ((scale (let ((s (getenv "BENCH_SCALE")))
                (if (and s (> (string-to-number s) 0)) (string-to-number s) 1)))
       (count (max 1 (round (* 5000000 scale))))
       (checksum nil)
       (timing (benchmark-run 1 (setq checksum (vector-churn-run count)))))
  (princ (format "vector-churn: %d vectors, checksum %d\n" count checksum))
  (princ (format "vector-churn: elapsed %.3f s, %d gcs, %.3f s in gc\n"
                 (nth 0 timing) (nth 1 timing) (nth 2 timing))))
