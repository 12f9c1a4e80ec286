;;; finalizer-tests.el --- make-finalizer as Emacs 28 has it  -*- lexical-binding: t -*-

;; A finalizer object runs its function once, after a collection finds
;; the object unreachable.  Each test makes its finalizers some calls
;; deeper than where it collects (finalizer-tests--deeply): the C stack
;; is scanned conservatively, in Emacs as in marrow, and an unset word
;; of a frame between the test and the collector could still hold a
;; finalizer's address; below the collector's own frames, none is seen.

(require 'ert)
(require 'cl-lib)

(defvar finalizer-tests--ran nil
  "Tags pushed by the finalizers these tests make.")

(defun finalizer-tests--deeply (thunk &optional depth)
  "Call THUNK DEPTH (default 40) calls deep; return nil."
  (if (> (or depth 40) 0)
      (finalizer-tests--deeply thunk (1- (or depth 40)))
    (funcall thunk)
    nil))

(defun finalizer-tests--drop (tag)
  "Make a finalizer that pushes TAG when it runs, and keep nothing of it."
  (finalizer-tests--deeply
   (lambda () (make-finalizer (lambda () (push tag finalizer-tests--ran))))))

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

(ert-deftest finalizer-runs-once-unreachable ()
  (finalizer-tests--drop 'gone)
  (garbage-collect)
  (should (= (finalizer-tests--count 'gone) 1))
  (garbage-collect)
  (should (= (finalizer-tests--count 'gone) 1)))

(ert-deftest finalizer-waits-while-reachable ()
  (let ((kept (make-finalizer (lambda () (push 'kept finalizer-tests--ran)))))
    (garbage-collect)
    (should (= (finalizer-tests--count 'kept) 0))
    (should (eq (type-of kept) 'finalizer))))

(defun finalizer-tests--drop-chain ()
  "Make a finalizer reachable only from another finalizer's function."
  (finalizer-tests--deeply
   (lambda ()
     (let ((inner (make-finalizer (lambda () (push 'inner finalizer-tests--ran)))))
       (make-finalizer (lambda () (ignore inner) (push 'outer finalizer-tests--ran)))))))

(ert-deftest finalizer-reachable-only-from-a-finalizer ()
  (finalizer-tests--drop-chain)
  (garbage-collect)
  (should (= (finalizer-tests--count 'inner) 1))
  (should (= (finalizer-tests--count 'outer) 1)))

(defun finalizer-tests--drop-failing ()
  (finalizer-tests--deeply
   (lambda () (make-finalizer (lambda () (error "Finalizer test failure %d" 42))))))

(ert-deftest finalizer-error-is-logged-not-signalled ()
  (finalizer-tests--drop-failing)
  (garbage-collect)
  (with-current-buffer "*Messages*"
    (goto-char (point-max))
    (should (search-backward "finalizer failed: (error \"Finalizer test failure 42\")"
                             nil t))))

(defun finalizer-tests--drop-throwing ()
  (finalizer-tests--deeply
   (lambda () (make-finalizer (lambda () (throw 'finalizer-tests--tag 'thrown))))))

(ert-deftest finalizer-throw-goes-on-out ()
  (finalizer-tests--drop-throwing)
  (should (eq (catch 'finalizer-tests--tag (garbage-collect) 'not-thrown)
              'thrown)))

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
