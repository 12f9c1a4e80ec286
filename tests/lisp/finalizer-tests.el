;;; finalizer-tests.el --- make-finalizer as Emacs 28 has it  -*- lexical-binding: t -*-

;; A finalizer object runs its function once, after a collection finds
;; the object unreachable.  Each test makes its finalizers some calls
;; deeper than where it collects (finalizer-tests--deeply): the C stack
;; is scanned conservatively, in Emacs as in marrow, and an unset word
;; of a frame between the test and the collector could still hold a
;; finalizer's address; below the collector's own frames, none is seen.
;; A frame that lives through the whole test can hold one all the same:
;; a word it saved before the test began may be the address of an
;; object freed since, where a finalizer is then made.  So a test whose
;; finalizers have not all run tries again with new ones, which are made
;; elsewhere (finalizer-tests--retry).

(require 'ert)
(require 'cl-lib)

(defvar finalizer-tests--ran nil
  "Tags pushed by the finalizers these tests make.")

(defvar finalizer-tests--holes nil
  "Small vectors that take the chunks freed last, kept until the next test.
A word left on the C stack by an earlier test (a saved register, say)
can hold the address of an object freed since: were a finalizer made
at that address, the conservative scan would keep it alive as long as
that frame lives.  Objects of the sizes of a finalizer and a small
closure, made just before a test's finalizers, take those addresses.")

(defun finalizer-tests--fill-holes ()
  (setq finalizer-tests--holes nil)
  (dotimes (i 1024)
    (push (make-vector (1+ (% i 8)) nil) finalizer-tests--holes)))

(defun finalizer-tests--deeply (thunk &optional depth)
  "Call THUNK DEPTH (default 40) calls deep; return nil."
  (if (> (or depth 40) 0)
      (finalizer-tests--deeply thunk (1- (or depth 40)))
    (finalizer-tests--fill-holes)
    (funcall thunk)
    nil))

(defun finalizer-tests--drop (tag)
  "Make a finalizer that pushes TAG when it runs, and keep nothing of it."
  (finalizer-tests--deeply
   (lambda () (make-finalizer (lambda () (push tag finalizer-tests--ran))))))

(defun finalizer-tests--drop-doing (thunk)
  "Make a finalizer whose function calls THUNK; keep nothing of it."
  (finalizer-tests--deeply (lambda () (make-finalizer thunk))))

(ert-deftest finalizer-type-and-printing ()
  (let ((f (make-finalizer #'ignore)))
    (should (eq (type-of f) 'finalizer))
    (should (equal (prin1-to-string f) "#<finalizer>"))
    (should-not (equal f (make-finalizer #'ignore))))
  ;; nil is a function that has already run.
  (should (equal (prin1-to-string (make-finalizer nil)) "#<finalizer used>")))

(ert-deftest finalizer-argument-count ()
  (should-error (make-finalizer) :type 'wrong-number-of-arguments)
  (should-error (make-finalizer #'ignore #'ignore) :type 'wrong-number-of-arguments))

(defun finalizer-tests--count (tag)
  "How often the finalizer tagged TAG has run.
Other tests' finalizers may run during this one: count only TAG."
  (cl-count tag finalizer-tests--ran))

(defun finalizer-tests--retry (names try)
  "Call TRY with new tags named NAMES until the finalizers it drops,
each pushing one of them, have all run; three times at most.  The one
a stale word kept holds that address now.  Return the last tags."
  (let ((tries 0) tags)
    (while (progn
             (setq tags (mapcar #'make-symbol names) tries (1+ tries))
             (funcall try tags)
             (and (< tries 3) (memq 0 (mapcar #'finalizer-tests--count tags)))))
    tags))

(ert-deftest finalizer-runs-once-unreachable ()
  (let ((tag (car (finalizer-tests--retry
                   '("gone") (lambda (tags)
                               (finalizer-tests--drop (car tags))
                               (garbage-collect))))))
    (should (= (finalizer-tests--count tag) 1))
    (garbage-collect)
    (should (= (finalizer-tests--count tag) 1))))

(ert-deftest finalizer-waits-while-reachable ()
  (let ((kept (make-finalizer (lambda () (push 'kept finalizer-tests--ran)))))
    (garbage-collect)
    (should (= (finalizer-tests--count 'kept) 0))
    (should (eq (type-of kept) 'finalizer))))

(defun finalizer-tests--drop-chain (inner-tag outer-tag)
  "Make a finalizer reachable only from another finalizer's function.
They push INNER-TAG and OUTER-TAG."
  (finalizer-tests--deeply
   (lambda ()
     (let ((inner (make-finalizer (lambda () (push inner-tag finalizer-tests--ran)))))
       (make-finalizer (lambda () (ignore inner) (push outer-tag finalizer-tests--ran)))))))

(defun finalizer-tests--collect-until-run (&rest tags)
  "Collect until the finalizers tagged TAGS have run, at most four times.
They run at the first collection, unless a stale word of the C stack
(scanned conservatively) happens to hold one: each later collection
starts a few calls deeper, where other words are stale."
  (let ((collections 0))
    (while (and (< collections 4)
                (memq 0 (mapcar #'finalizer-tests--count tags)))
      (if (= collections 0)
          (garbage-collect)
        (finalizer-tests--deeply #'garbage-collect (* 3 collections)))
      (setq collections (1+ collections)))))

(defun finalizer-tests--drop-and-collect (drop)
  "A try for `finalizer-tests--retry': apply DROP to the tags, then
collect until the finalizers have run."
  (lambda (tags)
    (apply drop tags)
    (apply #'finalizer-tests--collect-until-run tags)))

(ert-deftest finalizer-reachable-only-from-a-finalizer ()
  (let ((tags (finalizer-tests--retry
               '("inner" "outer")
               (finalizer-tests--drop-and-collect #'finalizer-tests--drop-chain))))
    (should (equal (mapcar #'finalizer-tests--count tags) '(1 1)))
    (garbage-collect)
    (should (equal (mapcar #'finalizer-tests--count tags) '(1 1)))))

(defun finalizer-tests--run-doing (thunk)
  "Drop a finalizer whose function pushes a tag, then calls THUNK, and
collect until it has run.  Each collection returns its statistics,
whatever THUNK does."
  (finalizer-tests--retry
   '("ran")
   (lambda (tags)
     (finalizer-tests--drop-doing
      (lambda () (push (car tags) finalizer-tests--ran) (funcall thunk)))
     (should (consp (garbage-collect)))
     (apply #'finalizer-tests--collect-until-run tags))))

(ert-deftest finalizer-error-is-logged-not-signalled ()
  (finalizer-tests--run-doing (lambda () (error "Finalizer test failure %d" 42)))
  (with-current-buffer "*Messages*"
    (goto-char (point-max))
    (should (search-backward "finalizer failed: (error \"Finalizer test failure 42\")"
                             nil t))))

(defun finalizer-tests--drop-throwing (tag)
  (finalizer-tests--deeply
   (lambda () (make-finalizer (lambda ()
                                (push tag finalizer-tests--ran)
                                (throw 'finalizer-tests--tag 'thrown))))))

(ert-deftest finalizer-throw-goes-on-out ()
  ;; The catch holds the drop too: under GC stress, a collection comes
  ;; at its last allocation, and the finalizer runs at the next call.
  (let* ((caught nil)
         (tags (finalizer-tests--retry
                '("thrower")
                (lambda (tags)
                  (setq caught (catch 'finalizer-tests--tag
                                 (finalizer-tests--drop-throwing (car tags))
                                 (garbage-collect)
                                 'not-thrown))))))
    (should (= (finalizer-tests--count (car tags)) 1))
    (should (eq caught 'thrown))))

;; What a failing finalizer leaves: Emacs catches every signal, not
;; only errors, logs it and goes on with the next finalizer.

(defun finalizer-tests--logged-p (text)
  "Whether *Messages* has the line \"finalizer failed: TEXT\", or that
line counted \" [N times]\" when a retry logged it again."
  (with-current-buffer "*Messages*"
    (save-excursion
      (goto-char (point-max))
      (re-search-backward (concat "^finalizer failed: " (regexp-quote text)
                                  "\\( \\[[0-9]+ times]\\)?\n")
                          nil t))))

(ert-deftest finalizer-quit-is-logged-not-signalled ()
  (finalizer-tests--run-doing (lambda () (signal 'quit '(finalizer-tests))))
  (should (finalizer-tests--logged-p "(quit finalizer-tests)")))

(ert-deftest finalizer-throw-without-a-catch-is-logged ()
  (finalizer-tests--run-doing (lambda () (throw 'finalizer-tests--nowhere 17)))
  (should (finalizer-tests--logged-p "(no-catch finalizer-tests--nowhere 17)")))

(ert-deftest finalizer-runs-with-inhibit-quit ()
  (should-not inhibit-quit)
  (finalizer-tests--run-doing
   (lambda () (push (cons 'inhibit-quit inhibit-quit) finalizer-tests--ran)))
  (should (member '(inhibit-quit . t) finalizer-tests--ran))
  (should-not inhibit-quit))

(defun finalizer-tests--drop-failing-between (before after)
  "Make finalizers pushing BEFORE, failing, and pushing AFTER, in that
order; keep none.  All are reachable until all are made, and die
together: the failing one runs in the middle of one run."
  (finalizer-tests--deeply
   (lambda ()
     (let ((first (make-finalizer (lambda () (push before finalizer-tests--ran))))
           (failing (make-finalizer (lambda () (car 'finalizer-tests--not-a-list))))
           (last (make-finalizer (lambda () (push after finalizer-tests--ran)))))
       (ignore first failing last)))))

(ert-deftest finalizer-others-run-after-one-fails ()
  (let ((tags (finalizer-tests--retry
               '("before-failure" "after-failure")
               (finalizer-tests--drop-and-collect
                #'finalizer-tests--drop-failing-between))))
    (should (finalizer-tests--logged-p
             "(wrong-type-argument listp finalizer-tests--not-a-list)"))
    (should (equal (mapcar #'finalizer-tests--count tags) '(1 1)))))

(ert-deftest finalizer-run-in-the-order-made ()
  ;; The Boehm baseline finalizes in its collector's order.
  (skip-unless (not (eq (bound-and-true-p marrow-collector) 'boehm)))
  (let ((tags (finalizer-tests--retry
               '("1" "2" "3" "4" "5")
               (lambda (tags)
                 (mapc #'finalizer-tests--drop tags)
                 (garbage-collect)))))
    (should (equal (reverse (cl-remove-if-not (lambda (tag) (memq tag tags))
                                              finalizer-tests--ran))
                   tags))))

(defun finalizer-tests--drop-throwing-then (thrown queued)
  "Make a finalizer that pushes THROWN and throws, then one that pushes
QUEUED; keep neither.  Both are reachable until both are made, and die
together."
  (finalizer-tests--deeply
   (lambda ()
     (let ((thrower (make-finalizer (lambda ()
                                      (push thrown finalizer-tests--ran)
                                      (throw 'finalizer-tests--out 'out))))
           (behind (make-finalizer (lambda () (push queued finalizer-tests--ran)))))
       (ignore thrower behind)))))

(ert-deftest finalizer-throw-out-leaves-the-rest-queued ()
  (let* ((caught nil)
         (tags (finalizer-tests--retry
                '("thrower" "queued-behind-a-throw")
                (lambda (tags)
                  (setq caught (catch 'finalizer-tests--out
                                 (apply #'finalizer-tests--drop-throwing-then tags)
                                 (garbage-collect)
                                 'not-thrown))
                  ;; Not lost: a later collection runs it.
                  (finalizer-tests--collect-until-run (cadr tags))))))
    (should (eq caught 'out))
    (should (equal (mapcar #'finalizer-tests--count tags) '(1 1)))
    (garbage-collect)
    (should (equal (mapcar #'finalizer-tests--count tags) '(1 1)))))

(defun finalizer-tests--sum-while-collecting ()
  "Sum 1..100 through fresh lists while vectors make collections come.
Few allocations (one collection each under GC stress), many bytes."
  (let ((sum 0) (before gcs-done) (junk nil) (i 0))
    (while (or (< i 100) (and (< i 5000) (< gcs-done (+ before 2))))
      (setq i (1+ i))
      (setq junk (make-vector 5000 i))
      (when (<= i 100)
        (setq sum (+ sum (car (last (make-list 3 i)))))))
    (ignore junk)
    sum))

(ert-deftest finalizer-failing-in-an-implicit-collection-leaves-the-code-alone ()
  (dotimes (i 20)
    (finalizer-tests--drop-doing (lambda () (error "Implicit failure %d" i))))
  (should (= (unwind-protect (finalizer-tests--sum-while-collecting)
               (push 'sum-done finalizer-tests--ran))
             5050))
  (should (memq 'sum-done finalizer-tests--ran))
  (should (with-current-buffer "*Messages*"
            (save-excursion
              (goto-char (point-max))
              (search-backward "finalizer failed: (error \"Implicit failure" nil t)))))

;; A finalizer may run as a call begins: its own locals must not land
;; in the called function's missing optional or &rest arguments.

(defvar finalizer-tests--clobbered nil
  "Arguments `finalizer-tests--probe' found set that should be nil.")

(defun finalizer-tests--probe (_given &optional missing &rest none)
  (when (or missing none)
    (push (list missing none) finalizer-tests--clobbered)))

(ert-deftest finalizer-leaves-the-arguments-of-the-call-it-interrupts ()
  (setq finalizer-tests--clobbered nil)
  (dotimes (_ 30)
    (finalizer-tests--drop-doing
     (lambda ()
       (let ((a 'finalizer-local) (b 'another-local))
         (push (list 'with-locals a b) finalizer-tests--ran)))))
  (let ((before gcs-done) (i 0))
    (while (and (< i 200000) (< gcs-done (+ before 3)))
      (setq i (1+ i))
      (finalizer-tests--probe (make-list 100 i))))
  (should (assoc 'with-locals finalizer-tests--ran))
  (should-not finalizer-tests--clobbered))

(require 'generator)

(iter-defun finalizer-tests--iter-with-failing-cleanup (tag)
  (unwind-protect
      (progn (iter-yield 1) (iter-yield 2))
    (push tag finalizer-tests--ran)
    (error "Iterator cleanup failure")))

(ert-deftest finalizer-abandoned-iterator-cleanup-failure-is-logged ()
  (let ((tags (finalizer-tests--retry
               '("iter-cleanup")
               (lambda (tags)
                 (finalizer-tests--deeply
                  (lambda () (iter-next (finalizer-tests--iter-with-failing-cleanup (car tags)))))
                 (garbage-collect)))))
    (should (= (finalizer-tests--count (car tags)) 1))
    (should (finalizer-tests--logged-p "(error \"Iterator cleanup failure\")"))))

(ert-deftest finalizer-runs-after-an-implicit-collection ()
  (dotimes (i 100)
    (finalizer-tests--drop (list 'implicit i)))
  ;; Some megabytes of vectors: several collections in either program,
  ;; and the finalizers run at the next call or loop turn after one.
  ;; Not necessarily all of them: the C stack is scanned conservatively
  ;; (in Emacs too), and a generational collector may have made a few
  ;; old before they died, which then wait for a full collection.
  (let ((junk nil) (before gcs-done) (turns 0))
    ;; At least 40 turns, and on until three collections have come (a
    ;; collector that sizes its cycles by its heap, the Boehm baseline,
    ;; may want more than 40), at most 400.
    (while (and (< turns 400) (or (< turns 40) (< gcs-done (+ before 3))))
      (setq turns (1+ turns))
      (setq junk (make-vector 10000 (and (< turns 40) junk)))))
  (let ((ran (cl-remove-if-not (lambda (tag) (eq (car-safe tag) 'implicit))
                               finalizer-tests--ran)))
    (should (> (length ran) 50))
    ;; Each at most once.
    (should (= (length (delete-dups (copy-sequence ran))) (length ran)))))

;;; finalizer-tests.el ends here
