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
  ;; A small percentage and enough garbage: a tenth of the heap earlier
  ;; tests leave live could be more than the conses below.
  (let ((gc-cons-threshold 100000)
        (gc-cons-percentage 0.01)
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

(ert-deftest gc-memory-use-counts-units ()
  ;; Emacs's units: conses, vector cells (slots), string bytes, strings.
  (let* ((before (memory-use-counts))
         (kept (list (make-list 1000 nil) (make-vector 500 nil) (make-string 300 ?a)))
         (after (memory-use-counts)))
    (should (= (length after) 7))
    (should (<= 1000 (- (nth 0 after) (nth 0 before)) 1100))
    (should (<= 500 (- (nth 2 after) (nth 2 before)) 600))
    (should (<= 300 (- (nth 4 after) (nth 4 before)) 400))
    (should (<= 1 (- (nth 6 after) (nth 6 before)) 10))
    (should kept)))

(ert-deftest gc-consed-variables ()
  (let ((c0 cons-cells-consed) (v0 vector-cells-consed)
        (s0 string-chars-consed) (n0 strings-consed) (f0 floats-consed))
    (let ((kept (list (make-list 1000 nil) (make-vector 500 nil)
                      (make-string 300 ?a) (float (random 1000)))))
      (should (<= 1000 (- cons-cells-consed c0) 1100))
      (should (<= 500 (- vector-cells-consed v0) 600))
      (should (<= 300 (- string-chars-consed s0) 400))
      (should (<= 1 (- strings-consed n0) 10))
      ;; Each collection makes gc-elapsed a new float, in Emacs too.
      (should (<= 1 (- floats-consed f0)))
      (should kept))
    (dolist (v '(cons-cells-consed floats-consed vector-cells-consed symbols-consed
                 string-chars-consed intervals-consed strings-consed))
      (should (special-variable-p v))
      (should (natnump (symbol-value v))))))

(ert-deftest gc-consed-variables-set-and-bind ()
  (let ((saved cons-cells-consed))
    (unwind-protect
        (progn
          (setq cons-cells-consed 5)
          (should (<= 5 cons-cells-consed 1000))
          (make-list 2000 nil)
          (should (<= 2005 cons-cells-consed 3000))
          (should-error (setq cons-cells-consed 'a) :type 'wrong-type-argument)
          (let ((cons-cells-consed 0))
            (make-list 10 nil)
            (should (<= 10 cons-cells-consed 500)))
          ;; The let restored the value it shadowed.
          (should (<= 2005 cons-cells-consed 4000)))
      (setq cons-cells-consed (+ saved 10000)))))

(defvar gc-tests--hook-runs 0)

(ert-deftest gc-post-gc-hook ()
  (let ((post-gc-hook (list (lambda () (setq gc-tests--hook-runs (1+ gc-tests--hook-runs)))))
        (before gc-tests--hook-runs))
    (garbage-collect)
    (should (= gc-tests--hook-runs (1+ before)))
    ;; Collections that allocation sets off run it too.
    (let ((gc-cons-threshold 10000))
      (dotimes (i 100000) (make-list 10 i)))
    (should (> gc-tests--hook-runs (+ before 2)))))

(ert-deftest gc-post-gc-hook-error-removes-function ()
  (let* ((bad (lambda () (error "Bad hook")))
         (runs 0)
         (good (lambda () (setq runs (1+ runs))))
         (post-gc-hook (list bad good))
         (message-log-max nil)
         (inhibit-message t))
    (garbage-collect)
    (should (= runs 1))
    (should (equal post-gc-hook (list good)))))

(ert-deftest gc-garbage-collect-maybe ()
  (should-error (garbage-collect-maybe -1) :type 'wrong-type-argument)
  (should-error (garbage-collect-maybe 1.5) :type 'wrong-type-argument)
  (should-not (garbage-collect-maybe 0))
  (garbage-collect)
  (should-not (garbage-collect-maybe 1))
  (let ((before gcs-done)
        (kept (make-list 100000 nil)))
    (should (eq (garbage-collect-maybe 1000000) t))
    (should (> gcs-done before))
    (should kept)))

;; memory-full is a variable, no error symbol: running out signals
;; memory-signal-data itself, as (signal nil memory-signal-data).
(ert-deftest gc-memory-full-is-no-error-symbol ()
  (should-not (get 'memory-full 'error-conditions))
  (should-not (get 'memory-full 'error-message))
  (should (eq (condition-case nil
                  (condition-case nil (signal nil memory-signal-data)
                    (memory-full 'wrong))
                (error 'right))
              'right)))

(ert-deftest gc-memory-full-signals-memory-signal-data ()
  (dolist (form '((make-vector most-positive-fixnum nil)
                  (make-string most-positive-fixnum ?a)
                  (make-bool-vector most-positive-fixnum nil)
                  (make-hash-table :size most-positive-fixnum)))
    (let ((e (condition-case e (eval form t) (error e))))
      (should (eq e memory-signal-data))
      (should (eq (car e) 'error))
      (should (equal (error-message-string e)
                     "Memory exhausted--use C-x s then exit and restart Emacs"))
      ;; one huge request failing is no shortage of memory
      (should-not memory-full))))

(ert-deftest gc-memory-full-uses-the-current-signal-data ()
  (let* ((memory-signal-data (list 'error "Out of room"))
         (e (condition-case e (make-vector most-positive-fixnum nil) (error e))))
    (should (eq e memory-signal-data))
    (should (equal (error-message-string e) "Out of room")))
  (let ((e (condition-case e (signal nil memory-signal-data) (error e))))
    (should (eq e memory-signal-data))))

(ert-deftest gc-memory-signal-data-fontifies-the-key ()
  ;; Emacs's start-up puts the key of save-some-buffers in the message
  ;; as its help shows keys.
  (let ((message (cadr memory-signal-data)))
    (should (equal (text-properties-at 22 message)
                   '(font-lock-face help-key-binding face help-key-binding)))
    (should (equal (next-single-property-change 22 'face message) 27))
    (should-not (text-properties-at 21 message))
    (should-not (text-properties-at 27 message))
    (should (equal (prin1-to-string memory-signal-data)
                   (concat "(error #(\"Memory exhausted--use C-x s then exit and restart Emacs\""
                           " 22 27 (face help-key-binding font-lock-face help-key-binding)))")))))

(ert-deftest gc-memory-variables ()
  (should (boundp 'memory-full))
  (should-not memory-full)
  (should (equal memory-signal-data
                 '(error "Memory exhausted--use C-x s then exit and restart Emacs")))
  (should (natnump (memory-limit)))
  (let ((info (memory-info)))
    (should (= (length info) 4))
    (should (cl-every #'natnump info))
    (should (> (car info) 0))))

(ert-deftest gc-signal-nil-data ()
  (should (equal (condition-case e (signal nil '(error "x")) (error e))
                 '(error "x")))
  (should (equal (condition-case e (signal nil '(wrong-type-argument listp 1)) (error e))
                 '(wrong-type-argument listp 1))))
