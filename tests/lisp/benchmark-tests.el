;;; benchmark-tests.el --- benchmark-run and its kin, as Emacs 28's  -*- lexical-binding: t -*-

(require 'ert)

(defun benchmark-tests--measure-p (m)
  "Whether M is a measure (SECONDS GC-COUNT GC-SECONDS)."
  (and (= (length m) 3) (floatp (car m)) (natnump (nth 1 m)) (numberp (nth 2 m))))

(ert-deftest benchmark-run-counts-and-forms ()
  ;; Autoloaded, as in Emacs.
  (let ((runs 0) (times 4))
    (should (benchmark-tests--measure-p (benchmark-run 3 (setq runs (1+ runs)))))
    (should (= runs 3))
    ;; A variable gives the count.
    (benchmark-run times (setq runs (1+ runs)))
    (should (= runs 7))
    ;; A first argument that is a form, or nil, runs the forms once.
    (should (benchmark-tests--measure-p (benchmark-run (setq runs (1+ runs)))))
    (should (= runs 8))
    (benchmark-run nil (setq runs (1+ runs)))
    (should (= runs 9))
    (should (equal (macroexpand '(benchmark-run 2 (f)))
                   '(benchmark-call (lambda () (f)) 2)))))

(ert-deftest benchmark-run-compiled-measures ()
  (should (benchmark-tests--measure-p (benchmark-run-compiled (+ 1 2))))
  (should (benchmark-tests--measure-p (benchmark-run-compiled 5 (+ 1 2)))))

(ert-deftest benchmark-call-repetitions ()
  (let ((calls 0))
    (should (benchmark-tests--measure-p (benchmark-call (lambda () (setq calls (1+ calls))))))
    (should (= calls 1))
    (benchmark-call (lambda () (setq calls (1+ calls))) 5)
    (should (= calls 6)))
  ;; A float is the least time to spend; the call count comes first.
  ;; The function must take time of its own: the measure subtracts the
  ;; time of an empty call, so one as quick as `ignore' measures noise,
  ;; and a round of it that measures nothing doubles the next (in Emacs
  ;; too), which once kept this test running for minutes.
  (let ((m (benchmark-call (lambda () (let ((n 0)) (dotimes (i 2000) (setq n (+ n i))) n))
                           0.005)))
    (should (= (length m) 4))
    (should (natnump (car m)))
    (should (>= (nth 1 m) 0.005))))

(ert-deftest benchmark-reports-and-progn ()
  (let ((inhibit-message t))
    (should (string-match-p "\\`Elapsed time: -?[0-9.]+s" (benchmark 2 '(+ 1 2))))
    (should (string-match-p "\\`Elapsed time: -?[0-9.]+s" (benchmark nil '#'ignore)))
    (should (equal (benchmark-progn (+ 1 2) (list 'v)) '(v)))))

(ert-deftest benchmark-progn-message ()
  (require 'ert-x)
  (let ((inhibit-message t))
    (ert-with-message-capture out
      (should (equal (benchmark-progn 1 2) 2))
      (should (string-match-p "\\`Elapsed time: [0-9]+\\.[0-9]\\{6\\}s\\( ([0-9.]+s in [0-9]+ GCs)\\)?\n\\'"
                              out)))))

(ert-deftest benchmark-report-gc-part ()
  (skip-unless (boundp 'marrow-collector))
  (let ((inhibit-message t))
    (should (equal (benchmark--report '(1.5 0 0.0)) "Elapsed time: 1.500000s"))
    (should (equal (benchmark--report '(1.5 2 0.25))
                   "Elapsed time: 1.500000s (0.250000s in 2 GCs)"))))
