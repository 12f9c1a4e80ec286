;;; gc-tests.el --- the collector as Lisp sees it  -*- lexical-binding: t -*-

;; Only what GNU Emacs 28 and marrow both do: the shape of
;; (garbage-collect), the counters, and data surviving collections.

(require (quote ert))
(require (quote cl-lib))

(ert-deftest gc-garbage-collect-shape ()
  (let ((stats (garbage-collect)))
    (should (consp stats))
    (dolist (entry stats)
      (should (consp entry))
      (should (symbolp (car entry)))
      (should (cl-every #'integerp (cdr entry))))
    (let ((conses (assq 'conses stats)))
      (should conses)
      (should (= (length conses) 4))
      (should (= (nth 1 conses) 16))
      ;; Counts only: the Boehm baseline build cannot count by type.
      (should (natnump (nth 2 conses))))
    (should (assq 'symbols stats))
    (should (assq 'strings stats))
    (should (assq 'vectors stats))
    (should (assq 'floats stats))))

(ert-deftest gc-counters ()
  (let ((before gcs-done)
        (elapsed gc-elapsed))
    (garbage-collect)
    (should (> gcs-done before))
    (should (floatp gc-elapsed))
    (should (>= gc-elapsed elapsed))))

(ert-deftest gc-thresholds ()
  (should (integerp gc-cons-threshold))
  (should (floatp gc-cons-percentage)))

(ert-deftest gc-data-survives ()
  (let ((l (number-sequence 1 5000))
        (v (make-vector 1000 'x))
        (h (make-hash-table :test 'equal))
        (s (make-string 1000 ?a))
        (big (expt 3 500)))
    (dotimes (i 1000) (puthash (format "k%d" i) i h))
    (garbage-collect)
    (dotimes (_ 2000) (make-list 10 'garbage))
    (garbage-collect)
    (should (= (apply #'+ l) 12502500))
    (should (eq (aref v 999) 'x))
    (should (= (gethash "k999" h) 999))
    (should (= (length s) 1000))
    (should (= big (expt 3 500)))))

(ert-deftest gc-collection-during-allocation ()
  ;; 120,000 conses (about 2 MB) exceed the default threshold.
  (let ((before gcs-done)
        (keep nil))
    (dotimes (i 60000)
      (let ((x (list i i)))
        (when (= (% i 300) 0) (push x keep))))
    ;; A collector that sizes its cycles by its heap (the Boehm
    ;; baseline) may want more; KEEP must outlive what it takes.
    (let ((more 0))
      (while (and (= gcs-done before) (< more 2000000))
        (setq more (1+ more))
        (list more more)))
    (should (> gcs-done before))
    (should (= (length keep) 200))
    (should (equal (car keep) '(59700 59700)))))

(ert-deftest gc-threshold-binding-takes-effect ()
  ;; As in Emacs, a new gc-cons-threshold counts from the moment it is
  ;; set, not from the next collection.  The Boehm baseline paces its
  ;; collections by its own heap growth instead.
  (skip-unless (not (eq (bound-and-true-p marrow-collector) 'boehm)))
  (garbage-collect)
  (let ((gc-cons-threshold 100000)
        (before gcs-done))
    (dotimes (i 20000) (list i i))
    (should (> gcs-done before))))

(ert-deftest gc-bignum-churn ()
  (let ((acc 0))
    (dotimes (i 500)
      (setq acc (+ acc (* (expt 2 100) i))))
    (garbage-collect)
    (should (= acc (* (expt 2 100) 124750)))))

(ert-deftest gc-memory-use-counts ()
  (let ((counts (memory-use-counts)))
    (should (listp counts))
    (should (cl-every #'integerp counts))))
