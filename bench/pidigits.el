;;; pidigits.el --- the Benchmarks Game spigot for the digits of pi  -*- lexical-binding: t -*-

;; Run: marrow -batch -Q -l bench/pidigits.el
;;
;; Computes the first 500 digits of pi 1000 times with Gibbons's
;; unbounded spigot, over bignums.  The spigot state lives in special
;; variables that each run rebinds with `let', as elisp programs do.
;;
;; Environment: BENCH_SCALE (default 1) multiplies the 1000
;; repetitions; PIDIGITS_N sets the digit count (default 500).
;; Prints the digits in lines of ten, "DIGITS\t:N", then one timing line.
;; The digits start 3141592653.

(require 'cl-lib)

(defvar pidigits-numerator 1 "The spigot's q.")
(defvar pidigits-accumulator 0 "The spigot's r.")
(defvar pidigits-denominator 1 "The spigot's t.")

(defun pidigits-digit-at (k)
  "The digit the current state gives for (q*K + r) / t."
  (truncate (+ (* pidigits-numerator k) pidigits-accumulator) pidigits-denominator))

(defun pidigits-absorb-term (k)
  "Fold term K of the series into the state."
  (let ((k2 (1+ (* 2 k))))
    (cl-incf pidigits-accumulator (* 2 pidigits-numerator))
    (setq pidigits-accumulator (* pidigits-accumulator k2)
          pidigits-denominator (* pidigits-denominator k2)
          pidigits-numerator (* pidigits-numerator k))))

(defun pidigits-emit (d)
  "Remove the produced digit D from the state."
  (cl-decf pidigits-accumulator (* pidigits-denominator d))
  (setq pidigits-accumulator (* 10 pidigits-accumulator)
        pidigits-numerator (* 10 pidigits-numerator)))

(defun pidigits (count)
  "The first COUNT digits of pi, as a list."
  (let ((pidigits-numerator 1)
        (pidigits-accumulator 0)
        (pidigits-denominator 1)
        (digits nil))
    (cl-do ((k 0) (produced 0))
        ((>= produced count))
      (cl-incf k)
      (pidigits-absorb-term k)
      (when (<= pidigits-numerator pidigits-accumulator)
        (let ((d (pidigits-digit-at 3)))
          (when (= d (pidigits-digit-at 4))
            (push d digits)
            (cl-incf produced)
            (pidigits-emit d)))))
    (nreverse digits)))

(defun pidigits-print (digits)
  "Print DIGITS in the Benchmarks Game's format: ten per line."
  (let ((n 0) (line ""))
    (dolist (d digits)
      (setq line (concat line (number-to-string d))
            n (1+ n))
      (when (= (% n 10) 0)
        (princ (format "%s\t:%d\n" line n))
        (setq line "")))
    (unless (string= line "")
      (princ (format "%-10s\t:%d\n" line n)))))

(defun pidigits-main ()
  (let* ((scale (let ((s (getenv "BENCH_SCALE")))
                  (if (and s (> (string-to-number s) 0)) (string-to-number s) 1)))
         (reps (max 1 (round (* 1000 scale))))
         (count (let ((n (getenv "PIDIGITS_N")))
                  (if n (string-to-number n) 500)))
         (digits nil)
         (timing (benchmark-run 1
                   (cl-loop repeat reps do (setq digits (pidigits count))))))
    (pidigits-print digits)
    (princ (format "pidigits: %d x %d digits (elapsed %.3f s, %d gcs, %.3f s in gc)\n"
                   reps count (nth 0 timing) (nth 1 timing) (nth 2 timing)))))

(pidigits-main)
