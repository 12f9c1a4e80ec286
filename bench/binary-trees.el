;;; binary-trees.el --- the Benchmarks Game binary-trees  -*- lexical-binding: t -*-

;; Run: marrow -batch -Q -l bench/binary-trees.el
;;
;; Allocates perfect binary trees of conses (a leaf is (nil . nil)) and
;; walks them: a stretch tree, a long-lived tree, and many short-lived
;; trees of growing depth.  Depth 16 by default; BINARY_TREES_DEPTH, or
;; BENCH_SCALE < 1 (two levels less per quartering), makes it smaller.
;; Prints the Benchmarks Game's lines, then one timing line.

(defun binary-trees-make (depth)
  (if (= depth 0)
      (cons nil nil)
    (cons (binary-trees-make (1- depth)) (binary-trees-make (1- depth)))))

(defun binary-trees-check (tree)
  (if (car tree)
      (+ 1 (binary-trees-check (car tree)) (binary-trees-check (cdr tree)))
    1))

(defun binary-trees-scale ()
  (let ((s (getenv "BENCH_SCALE")))
    (if (and s (> (string-to-number s) 0)) (string-to-number s) 1)))

(defun binary-trees-depth ()
  (let ((env (getenv "BINARY_TREES_DEPTH"))
        (scale (binary-trees-scale))
        (depth 16))
    (if env
        (string-to-number env)
      (while (and (< scale 0.25) (> depth 6))
        (setq depth (- depth 2) scale (* scale 4)))
      depth)))

(defun binary-trees-run (max-depth)
  (let* ((min-depth 4)
         (max-depth (max (+ min-depth 2) max-depth))
         (stretch (1+ max-depth)))
    (princ (format "stretch tree of depth %d\t check: %d\n"
                   stretch (binary-trees-check (binary-trees-make stretch))))
    (let ((long-lived (binary-trees-make max-depth))
          (depth min-depth))
      (while (<= depth max-depth)
        (let ((iterations (ash 1 (+ (- max-depth depth) min-depth)))
              (check 0))
          (dotimes (_ iterations)
            (setq check (+ check (binary-trees-check (binary-trees-make depth)))))
          (princ (format "%d\t trees of depth %d\t check: %d\n" iterations depth check)))
        (setq depth (+ depth 2)))
      (princ (format "long lived tree of depth %d\t check: %d\n"
                     max-depth (binary-trees-check long-lived))))))

(let* ((depth (binary-trees-depth))
       (timing (benchmark-run 1 (binary-trees-run depth))))
  (princ (format "binary-trees: depth %d (elapsed %.3f s, %d gcs, %.3f s in gc)\n"
                 depth (nth 0 timing) (nth 1 timing) (nth 2 timing))))
