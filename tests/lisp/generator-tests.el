;;; generator-tests.el --- iter-lambda, iter-defun, iter-next and friends  -*- lexical-binding: t -*-

(require 'ert)
(require 'generator)
(require 'cl-lib)

(defvar gen-test-special 'global
  "A special variable that generators in these tests bind.")

(defvar gen-test-trail nil
  "What the code under test did, most recent first.")

(defun gen-test-note (x)
  (push x gen-test-trail)
  x)

(defun gen-test-special-now ()
  gen-test-special)

(defun gen-test-drain (iterator)
  "(VALUES . FINAL): what ITERATOR yields, in order, and its final value."
  (let* ((seen nil)
         (final (iter-do (v iterator) (push v seen))))
    (cons (nreverse seen) final)))

(defmacro gen-test-end (form)
  "The `iter-end-of-sequence' signal that FORM raises, or `no-end'."
  `(condition-case end ,form (iter-end-of-sequence end) (:success 'no-end)))

;;;; Yielding and ending

(ert-deftest generator-yields-in-order-then-ends-with-body-value ()
  (let ((it (funcall (iter-lambda () (iter-yield 'a) (iter-yield 'b) 'fin))))
    (should (eq (iter-next it) 'a))
    (should (eq (iter-next it) 'b))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence . fin)))))

(ert-deftest generator-body-runs-only-when-asked ()
  (setq gen-test-trail nil)
  (let ((it (funcall (iter-lambda () (gen-test-note 'started) (iter-yield 1)
                       (gen-test-note 'resumed) 2))))
    (should-not gen-test-trail)
    (should (= (iter-next it) 1))
    (should (equal gen-test-trail '(started)))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence . 2)))
    (should (equal gen-test-trail '(resumed started)))))

(ert-deftest generator-next-argument-is-the-value-of-yield ()
  (let ((it (funcall (iter-lambda ()
                       (let ((got (list (iter-yield 1) (iter-yield 2))))
                         (iter-yield got))))))
    ;; The first value sent has no yield to go to.
    (should (= (iter-next it 'lost) 1))
    (should (= (iter-next it 'x) 2))
    (should (equal (iter-next it 'y) '(x y)))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence)))))

(ert-deftest generator-ended-iterator-ends-again-with-the-value-sent ()
  (let ((it (iter-make 'only-this)))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence . only-this)))
    (should (equal (gen-test-end (iter-next it 7)) '(iter-end-of-sequence . 7)))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence)))))

(ert-deftest generator-end-of-sequence-is-no-error ()
  (should (equal (get 'iter-end-of-sequence 'error-conditions) '(iter-end-of-sequence)))
  (should (equal (error-message-string '(iter-end-of-sequence 3)) "Iteration terminated: 3"))
  (should (equal (condition-case c (iter-next iter-empty)
                   (error (list 'error c))
                   (iter-end-of-sequence (list 'end c)))
                 '(end (iter-end-of-sequence)))))

(ert-deftest generator-each-call-makes-a-fresh-iterator ()
  (iter-defun gen-test-countdown (n)
    "Yield N, N-1, ... 1; end with `liftoff'."
    (while (> n 0)
      (iter-yield n)
      (setq n (1- n)))
    'liftoff)
  (let ((a (gen-test-countdown 3))
        (b (gen-test-countdown 2)))
    (should (= (iter-next a) 3))
    (should (= (iter-next b) 2))
    (should (= (iter-next a) 2))
    (should (equal (gen-test-drain b) '((1) . liftoff)))
    (should (equal (gen-test-drain a) '((1) . liftoff)))
    (should (equal (gen-test-drain (gen-test-countdown 0)) '(nil . liftoff)))))

(ert-deftest generator-iter-defun-keeps-docstring-and-interactive ()
  (iter-defun gen-test-documented (x &optional y &rest more)
    "Yield the arguments."
    (interactive)
    (iter-yield x) (iter-yield y) (iter-yield more))
  (should (equal (documentation 'gen-test-documented) "Yield the arguments."))
  (should (commandp 'gen-test-documented))
  (should (equal (gen-test-drain (gen-test-documented 1 2 3 4)) '((1 2 (3 4)))))
  (should (equal (gen-test-drain (gen-test-documented 1)) '((1 nil nil)))))

(ert-deftest generator-iter-make-and-iter-empty ()
  (let ((x 10))
    (should (equal (gen-test-drain (iter-make (iter-yield x) (iter-yield (* 2 x)) 'end))
                   '((10 20) . end))))
  (should (equal (gen-test-drain iter-empty) '(nil))))

(ert-deftest generator-iter-do-binds-each-value-and-returns-the-final-one ()
  (let ((seen nil))
    (should (eq (iter-do (v (funcall (iter-lambda () (iter-yield 'p) (iter-yield 'q) 'r)))
                  (push v seen))
                'r))
    (should (equal seen '(q p))))
  (should (eq (iter-do (v (iter-make 'nothing-yielded)) (error "Never runs: %S" v))
              'nothing-yielded))
  (should (equal (should-error (macroexpand '(iter-do (v))))
                 '(wrong-number-of-arguments iter-do 1)))
  (should (equal (should-error (macroexpand '(iter-do v)))
                 '(wrong-type-argument sequencep v))))

;;;; Control structures around yields

(ert-deftest generator-loops-yield-without-growing-the-stack ()
  (let ((it (funcall (iter-lambda (n)
                       (let ((i 0) (total 0))
                         (while (< i n)
                           ;; Most passes yield nothing.
                           (when (= (% i 1000) 0) (iter-yield i))
                           (setq total (+ total i) i (1+ i)))
                         total))
                     3000)))
    (should (equal (gen-test-drain it) '((0 1000 2000) . 4498500)))))

(ert-deftest generator-long-bodies-and-argument-lists ()
  ;; The rewriting's own calls must not nest once per form: 20 yields
  ;; in a row, or as arguments, within a small `max-lisp-eval-depth'.
  (let* ((numbers (number-sequence 1 20))
         (yields (mapcar (lambda (i) `(iter-yield ,i)) numbers))
         (in-a-row (let ((max-lisp-eval-depth 150))
                     (eval `(iter-make ,@yields 'end) t)))
         (as-arguments (let ((max-lisp-eval-depth 150))
                         (eval `(iter-make (length (list ,@yields))) t))))
    (should (equal (gen-test-drain in-a-row) (cons numbers 'end)))
    (should (equal (gen-test-drain as-arguments) (cons numbers 20)))))

(ert-deftest generator-yield-in-conditions-and-branches ()
  (let ((it (funcall (iter-lambda ()
                       (list (if (iter-yield 'test) (iter-yield 'then) (iter-yield 'else))
                             (and (iter-yield 'and1) (iter-yield 'and2))
                             (or (iter-yield 'or1) (iter-yield 'or2))
                             (cond ((iter-yield 'c1) 'first)
                                   ((iter-yield 'c2))
                                   (t 'last)))))))
    (should (eq (iter-next it) 'test))
    (should (eq (iter-next it nil) 'else))
    (should (eq (iter-next it 'e) 'and1))
    (should (eq (iter-next it nil) 'or1))
    (should (eq (iter-next it nil) 'or2))
    (should (eq (iter-next it 'o) 'c1))
    (should (eq (iter-next it nil) 'c2))
    (should (equal (gen-test-end (iter-next it 'from-c2))
                   '(iter-end-of-sequence e nil o from-c2)))))

(ert-deftest generator-prog1-and-setq-keep-their-values ()
  (let ((it (funcall (iter-lambda ()
                       (let ((a 0) (b 0))
                         (list (prog1 (iter-yield 'one) (setq a (iter-yield 'two)))
                               (setq b (iter-yield 'three))
                               (setq a (+ a b))
                               a b))))))
    (should (eq (iter-next it) 'one))
    (should (eq (iter-next it 'p1) 'two))
    (should (eq (iter-next it 5) 'three))
    (should (equal (gen-test-end (iter-next it 7)) '(iter-end-of-sequence p1 7 12 12 7)))))

(ert-deftest generator-arguments-evaluated-in-order-around-yields ()
  (setq gen-test-trail nil)
  (let ((it (funcall (iter-lambda ()
                       (list (gen-test-note 1) (iter-yield 'mid) (gen-test-note 3))))))
    (should (eq (iter-next it) 'mid))
    (should (equal gen-test-trail '(1)))
    (should (equal (gen-test-end (iter-next it 2)) '(iter-end-of-sequence 1 2 3)))
    (should (equal gen-test-trail '(3 1)))))

(ert-deftest generator-let-and-shadowing ()
  (let ((it (funcall (iter-lambda ()
                       (let ((x 'outer) (y 1))
                         (let* ((x (iter-yield x)) (y (list x y)))
                           (iter-yield (list x y)))
                         (list x y))))))
    (should (eq (iter-next it) 'outer))
    (should (equal (iter-next it 'inner) '(inner (inner 1))))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence outer 1)))))

(ert-deftest generator-yield-inside-a-called-lambda ()
  ;; A literal lambda called in place is part of the generator.
  (should (equal (gen-test-drain
                  (funcall (iter-lambda ()
                             (funcall (lambda (a &optional b &rest c)
                                        (iter-yield (list a b c))
                                        'done)
                                      1 2 3 4))))
                 '(((1 2 (3 4))) . done))))

(ert-deftest generator-closures-see-the-generator-variables ()
  (let* ((it (funcall (iter-lambda (start)
                        (let* ((n start)
                               (bump (lambda () (setq n (1+ n)))))
                          (while t
                            (iter-yield bump)
                            (iter-yield n))))
                      10))
         (bump (iter-next it)))
    (funcall bump)
    (funcall bump)
    (should (= (iter-next it) 12))
    (should (eq (iter-next it) bump))
    (funcall bump)
    (should (= (iter-next it) 13))))

;;;; Handlers, catches and cleanups

(ert-deftest generator-condition-case-catches-errors-after-a-resume ()
  (let ((it (funcall (iter-lambda ()
                       (condition-case err
                           (progn (iter-yield 'before) (car 'not-a-list))
                         (wrong-type-argument
                          (iter-yield (list 'caught err))
                          'handled))))))
    (should (eq (iter-next it) 'before))
    (should (equal (iter-next it) '(caught (wrong-type-argument listp not-a-list))))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence . handled)))))

(ert-deftest generator-condition-case-handlers-do-not-cover-the-caller ()
  (let ((it (funcall (iter-lambda ()
                       (condition-case nil (iter-yield 'waiting) (error 'wrongly-caught))))))
    (should (eq (iter-next it) 'waiting))
    ;; An error in the caller between two `iter-next's is not the body's.
    (should (equal (condition-case err (car 1) (error err)) '(wrong-type-argument listp 1)))
    (should (equal (gen-test-end (iter-next it 'fine)) '(iter-end-of-sequence . fine)))))

(ert-deftest generator-catch-takes-throws-after-a-resume ()
  (let ((it (funcall (iter-lambda ()
                       (list (catch 'out
                               (while t
                                 (when (eq (iter-yield 'more) 'stop)
                                   (throw 'out 'stopped))))
                             'after)))))
    (should (eq (iter-next it) 'more))
    (should (eq (iter-next it 'go) 'more))
    (should (equal (gen-test-end (iter-next it 'stop)) '(iter-end-of-sequence stopped after)))))

(ert-deftest generator-unwind-protect-cleanup-on-normal-exit ()
  (setq gen-test-trail nil)
  (let ((it (funcall (iter-lambda ()
                       (unwind-protect (iter-yield 'inside) (gen-test-note 'cleanup))))))
    (should (eq (iter-next it) 'inside))
    (should-not gen-test-trail)
    (should (equal (gen-test-end (iter-next it 'v)) '(iter-end-of-sequence . v)))
    (should (equal gen-test-trail '(cleanup)))))

(ert-deftest generator-error-runs-cleanups-once-and-ends-the-iterator ()
  (setq gen-test-trail nil)
  (let ((it (funcall (iter-lambda ()
                       (unwind-protect
                           (progn (iter-yield 1) (error "Broken %d" 2) (iter-yield 3))
                         (gen-test-note 'cleanup))))))
    (should (= (iter-next it) 1))
    (should (equal (should-error (iter-next it)) '(error "Broken 2")))
    (should (equal gen-test-trail '(cleanup)))
    (should-not (iter-close it))
    (should (equal gen-test-trail '(cleanup)))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence)))))

(ert-deftest generator-throw-out-of-the-body-ends-the-iterator ()
  (let ((it (funcall (iter-lambda () (iter-yield 1) (throw 'gen-test-tag 'away) 'unreached))))
    (should (= (iter-next it) 1))
    (should (eq (catch 'gen-test-tag (iter-next it)) 'away))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence)))))

(ert-deftest generator-close-runs-pending-cleanups-outermost-first ()
  (setq gen-test-trail nil)
  (let ((it (funcall (iter-lambda ()
                       (unwind-protect
                           (progn
                             (iter-yield 1)
                             (unwind-protect (iter-yield 2) (gen-test-note 'inner)))
                         (gen-test-note 'outer)
                         'outer-value)))))
    (should (= (iter-next it) 1))
    (should (= (iter-next it) 2))
    (should-not gen-test-trail)
    ;; `iter-close' returns what the last cleanup returned.
    (should (eq (iter-close it) 'inner))
    (should (equal gen-test-trail '(inner outer)))
    (should-not (iter-close it))
    (should (equal gen-test-trail '(inner outer)))
    (should (equal (gen-test-end (iter-next it 'x)) '(iter-end-of-sequence . x)))))

(ert-deftest generator-close-runs-only-the-cleanups-still-pending ()
  (setq gen-test-trail nil)
  (let ((it (funcall (iter-lambda ()
                       (unwind-protect
                           (progn (unwind-protect (iter-yield 1) (gen-test-note 'inner))
                                  (iter-yield 2))
                         (gen-test-note 'outer))))))
    (iter-next it)
    (iter-next it)
    (should (equal gen-test-trail '(inner)))
    (should (eq (iter-close it) 'outer))
    (should (equal gen-test-trail '(outer inner)))))

(ert-deftest generator-close-before-start-or-outside-cleanups ()
  (setq gen-test-trail nil)
  (let ((it (funcall (iter-lambda ()
                       (unwind-protect (iter-yield 1) (gen-test-note 'cleanup))
                       (iter-yield 2)))))
    (should-not (iter-close it))
    (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence))))
  (let ((it (funcall (iter-lambda ()
                       (unwind-protect (iter-yield 1) (gen-test-note 'cleanup))
                       (iter-yield 2)))))
    (iter-next it)
    (iter-next it)
    (should (equal gen-test-trail '(cleanup)))
    (should-not (iter-close it))
    (should (equal gen-test-trail '(cleanup)))))

(defun gen-test-deeply (thunk depth)
  "Call THUNK DEPTH calls deep; return nil.  Below the collector's frames,
no stale word of the C stack, scanned conservatively, holds what THUNK made."
  (if (> depth 0)
      (gen-test-deeply thunk (1- depth))
    (funcall thunk)
    nil))

(defun gen-test-drop-iterator ()
  "Drop an iterator stopped inside its unwind-protect, 40 calls deep;
return the tag its cleanup notes."
  (let ((tag (make-symbol "collected")))
    (gen-test-deeply (lambda ()
                       (let ((it (funcall (iter-lambda ()
                                            (unwind-protect (iter-yield 1)
                                              (gen-test-note tag))))))
                         (iter-next it)))
                     40)
    tag))

(ert-deftest generator-collector-closes-a-dropped-iterator ()
  ;; A frame living through the whole test may hold a stale word
  ;; pointing where the iterator is made (an object freed earlier was
  ;; there): then it is kept, and another one, made elsewhere, is tried.
  (setq gen-test-trail nil)
  (let ((tries 0) tag)
    (while (progn (setq tag (gen-test-drop-iterator) tries (1+ tries))
                  (garbage-collect)
                  (and (< tries 3) (not (memq tag gen-test-trail)))))
    (should (= (cl-count tag gen-test-trail) 1))
    (garbage-collect)
    (should (= (cl-count tag gen-test-trail) 1))
    ;; Nothing but the cleanups of the iterators dropped here ran.
    (should (cl-every (lambda (x) (equal (symbol-name x) "collected")) gen-test-trail))))

;;;; Special variables

(ert-deftest generator-special-binding-holds-while-the-body-runs ()
  (let ((it (funcall (iter-lambda ()
                       (let ((gen-test-special 'mine))
                         (iter-yield (gen-test-special-now))
                         (setq gen-test-special 'changed)
                         (iter-yield (gen-test-special-now))
                         gen-test-special)))))
    (should (eq (iter-next it) 'mine))
    (should (eq gen-test-special 'global))
    (should (eq (iter-next it) 'changed))
    (should (eq gen-test-special 'global))
    (let ((gen-test-special 'callers))
      (should (equal (gen-test-end (iter-next it)) '(iter-end-of-sequence . changed)))
      (should (eq gen-test-special 'callers)))
    (should (eq gen-test-special 'global))))

(ert-deftest generator-special-binding-in-let-star-seen-by-later-inits ()
  (should (equal (gen-test-drain
                  (funcall (iter-lambda ()
                             (let* ((gen-test-special 'first)
                                    (seen (gen-test-special-now)))
                               (iter-yield seen)
                               (list seen (gen-test-special-now))))))
                 '((first) first first))))

;;;; Delegation

(ert-deftest generator-yield-from-passes-values-both-ways ()
  (let* ((inner (funcall (iter-lambda ()
                           (let ((got (iter-yield 'i1)))
                             (iter-yield (list 'inner-got got))
                             'inner-result))))
         (outer (funcall (iter-lambda ()
                           (iter-yield 'o1)
                           (iter-yield (list 'delegated (iter-yield-from inner)))))))
    (should (eq (iter-next outer) 'o1))
    (should (eq (iter-next outer) 'i1))
    (should (equal (iter-next outer 'hello) '(inner-got hello)))
    (should (equal (iter-next outer) '(delegated inner-result)))
    (should (equal (gen-test-end (iter-next outer 'bye)) '(iter-end-of-sequence . bye)))))

(ert-deftest generator-closing-the-delegator-closes-the-delegate ()
  (setq gen-test-trail nil)
  (let* ((inner (funcall (iter-lambda ()
                           (unwind-protect (iter-yield 'i) (gen-test-note 'inner-closed)))))
         (outer (funcall (iter-lambda ()
                           (unwind-protect (iter-yield-from inner)
                             (gen-test-note 'outer-closed))))))
    (should (eq (iter-next outer) 'i))
    (iter-close outer)
    ;; The delegation's own cleanup, which closes INNER, is the inner one.
    (should (equal gen-test-trail '(inner-closed outer-closed)))))

;;;; cl-lib

(ert-deftest generator-cl-loop-iter-by ()
  (should (equal (cl-loop for x iter-by (funcall (iter-lambda () (iter-yield 1) (iter-yield 2)))
                          collect (* 10 x))
                 '(10 20)))
  (should (equal (cl-loop for (a . b) iter-by (iter-make (iter-yield '(1 . 2)) (iter-yield '(3 . 4)))
                          for tag in '(p q r)
                          collect (list tag (+ a b)))
                 '((p 3) (q 7))))
  (should-not (cl-loop for x iter-by iter-empty collect x)))

(ert-deftest generator-cl-iter-defun ()
  (cl-iter-defun gen-test-cl (a &optional (b 2) &key (c 3))
    "Yield the arguments, unless A is big."
    (when (> a 100) (cl-return-from gen-test-cl 'too-big))
    (iter-yield (list a b c))
    'done)
  (should (string-prefix-p "Yield the arguments" (documentation 'gen-test-cl)))
  (should (equal (gen-test-drain (gen-test-cl 1)) '(((1 2 3)) . done)))
  (should (equal (gen-test-drain (gen-test-cl 1 5 :c 9)) '(((1 5 9)) . done)))
  (should (equal (gen-test-drain (gen-test-cl 1000)) '(nil . too-big))))

;;;; Same values as the code outside a generator

(defun gen-test-yield-before-each (form)
  "FORM, macros expanded, with a yield before each call and special form
it evaluates (cleanup forms aside: they cannot yield)."
  (let ((tick (lambda (f) `(progn (iter-yield 'tick) ,f))))
    (cond ((or (atom form) (memq (car form) '(quote function))) form)
          ((memq (car form) '(let let*))
           (funcall tick
                    `(,(car form)
                      ,(mapcar (lambda (b)
                                 (if (consp b) (list (car b) (gen-test-yield-before-each (nth 1 b))) b))
                               (nth 1 form))
                      ,@(mapcar #'gen-test-yield-before-each (nthcdr 2 form)))))
          ((eq (car form) 'cond)
           `(cond ,@(mapcar (lambda (c) (mapcar #'gen-test-yield-before-each c)) (cdr form))))
          ((eq (car form) 'condition-case)
           `(condition-case ,(nth 1 form) ,(gen-test-yield-before-each (nth 2 form))
              ,@(mapcar (lambda (h) (cons (car h) (mapcar #'gen-test-yield-before-each (cdr h))))
                        (nthcdr 3 form))))
          ((eq (car form) 'unwind-protect)
           `(unwind-protect ,(gen-test-yield-before-each (nth 1 form)) ,@(nthcdr 2 form)))
          ((eq (car form) 'setq)
           (let ((pairs (cdr form)) (out nil))
             (while pairs
               (push (car pairs) out)
               (push (gen-test-yield-before-each (nth 1 pairs)) out)
               (setq pairs (cddr pairs)))
             `(setq ,@(nreverse out))))
          (t (funcall tick (cons (car form) (mapcar #'gen-test-yield-before-each (cdr form))))))))

(defun gen-test-outcome (thunk)
  (condition-case err (list 'value (funcall thunk)) (error (list 'error err))))

(defconst gen-test-forms
  '((let* ((a 1) (b (+ a 1))) (let ((a b) (b a)) (list a b)))
    (let ((i 0) (acc nil)) (while (< i 4) (push (* i i) acc) (setq i (1+ i))) acc)
    (list (gen-test-special-now)
          (let ((gen-test-special 'a)) (list (gen-test-special-now) (setq gen-test-special 'b)))
          (gen-test-special-now))
    (condition-case e (list 1 (signal 'arith-error '(x))) (arith-error (cdr e)) (error 'other))
    (condition-case e (car 'x) ((arith-error wrong-type-argument) (list 'either e)))
    (catch 'k (list 1 (catch 'j (throw 'k 'thrown)) 3))
    (let ((log nil)) (list (catch 'k (unwind-protect (throw 'k 'x) (push 'clean log))) log))
    (let ((log nil))
      (list (condition-case nil (unwind-protect (car 1) (push 'cleaned log)) (error 'handled))
            log))
    (list (and 1 2 3) (and 1 nil 3) (and) (or nil nil) (or nil 2 3) (or))
    (list (cond ((= 1 2) 'a) ((+ 1 1)) (t 'c)) (cond (nil) (nil 1)) (if nil 1 2 3))
    (list (prog1 (list 1) (list 2)) (prog2 1 2 3) (progn))
    (let ((r nil))
      (dolist (x '(1 2 3))
        (condition-case e
            (catch 'skip
              (let ((gen-test-special x))
                (when (= x 2) (throw 'skip nil))
                (when (= x 3) (error "Three"))
                (push (gen-test-special-now) r)))
          (error (push (cadr e) r))))
      r)
    (cl-loop for x in '(1 2 3) collect (* x 10))
    (let ((x 5)) (while (> x 0) (if (= x 3) (setq x -1) (setq x (1- x)))) x)
    (catch 'done (let ((i 0)) (while t (when (= i 4) (throw 'done i)) (setq i (1+ i)))))
    (cl-block b (cl-return-from b 42) 0)
    (funcall (lambda (a &optional b &rest c) (list a b c)) 1 2 3 4)
    (let ((x 1)) (let ((f (lambda () x))) (setq x 2) (funcall f)))
    (condition-case e (let ((gen-test-special 'x)) (/ 1 0)) (arith-error (list e (gen-test-special-now)))))
  "Forms whose value a generator must reproduce with yields anywhere.")

(defun gen-test-check-forms (rewrite)
  "Check each of `gen-test-forms', REWRITE made of it, in a generator."
  (dolist (form gen-test-forms)
    (let* ((plain (gen-test-outcome (lambda () (eval form t))))
           (generator (eval `(iter-lambda () ,(funcall rewrite form)) t))
           (in-generator (gen-test-outcome
                          (lambda () (iter-do (tick (funcall generator)) (ignore tick))))))
      (should (equal (list form in-generator) (list form plain))))))

(ert-deftest generator-reproduces-plain-evaluation ()
  (gen-test-check-forms (lambda (form) (gen-test-yield-before-each (macroexpand-all form)))))

(ert-deftest generator-reproduces-plain-evaluation-rewriting-everything ()
  ;; Forms that cannot yield are rewritten too.
  (let ((cps-inhibit-atomic-optimization t))
    (gen-test-check-forms #'identity)))

;; Programs from a small grammar of the forms the rewriting handles,
;; with a fixed seed: Emacs 28's generators disagree with plain
;; evaluation on many of them (see the marrow-only tests below).
(defvar gen-test-seed 1)

(defun gen-test-random (n)
  (setq gen-test-seed (% (+ (* gen-test-seed 1103515245) 12345) 2147483648))
  (% (/ gen-test-seed 65536) n))

(defun gen-test-random-var ()
  (nth (gen-test-random 4) '(a b c gen-test-special)))

(defun gen-test-random-form (depth)
  (if (<= depth 0)
      (pcase (gen-test-random 4)
        (0 (gen-test-random 10))
        (1 (gen-test-random-var))
        (2 '(gen-test-special-now))
        (_ `(gen-test-note ,(gen-test-random 100))))
    (let ((sub (lambda () (gen-test-random-form (1- depth)))))
      (pcase (gen-test-random 12)
        (0 `(if ,(funcall sub) ,(funcall sub) ,(funcall sub)))
        (1 `(let ((,(gen-test-random-var) ,(funcall sub))) ,(funcall sub)))
        (2 `(let* ((,(gen-test-random-var) ,(funcall sub)) (,(gen-test-random-var) ,(funcall sub)))
              ,(funcall sub)))
        (3 `(setq ,(gen-test-random-var) ,(funcall sub)))
        (4 `(catch 'gen-test-tag ,(funcall sub) ,(funcall sub)))
        (5 `(throw 'gen-test-tag ,(funcall sub)))
        (6 `(condition-case err ,(funcall sub)
              (arith-error (list 'arith ,(funcall sub)))
              (wrong-type-argument (list 'type (car err)))))
        (7 `(unwind-protect ,(funcall sub) (gen-test-note 'cleanup)))
        (8 `(let ((gen-test-special ,(funcall sub))) ,(funcall sub)))
        (9 `(/ 10 ,(funcall sub)))
        (10 (let ((v (gen-test-random-var)))
              `(let ((,v nil) (n 0))
                 (while (< n 2) (setq n (1+ n) ,v (cons ,(funcall sub) ,v)))
                 ,v)))
        (_ `(list (and ,(funcall sub) ,(funcall sub)) (or ,(funcall sub) ,(funcall sub))))))))

(defun gen-test-run (thunk)
  "What THUNK returns or signals, what it noted, and what it left in
`gen-test-special'."
  (let ((gen-test-special 'global))
    (setq gen-test-trail nil)
    (list (gen-test-outcome thunk) gen-test-trail gen-test-special)))

(ert-deftest generator-marrow-random-programs ()
  (skip-unless (boundp 'marrow-collector))
  ;; Rewriting them takes minutes when every allocation collects.
  (skip-unless (not (getenv "MARROW_GC_STRESS")))
  ;; The earlier tests' dropped iterators are closed by their finalizers
  ;; now, not in the middle of a program below.
  (garbage-collect)
  (setq gen-test-seed 2026)
  (dotimes (_ 150)
    (let* ((form `(let ((a 1) (b 2) (c 3)) (catch 'gen-test-tag ,(gen-test-random-form 3))))
           (plain (gen-test-run (lambda () (eval form t))))
           (generator (eval `(iter-lambda () ,(gen-test-yield-before-each (macroexpand-all form))) t)))
      ;; A generator left inside an unwind-protect by an error is closed
      ;; here, not by its finalizer after some later collection: its
      ;; cleanup would note into a later program's trail.
      (let ((iterator (funcall generator)))
        (unwind-protect
            (should (equal (list form (gen-test-run
                                       (lambda () (iter-do (tick iterator) (ignore tick)))))
                           (list form plain)))
          (iter-close iterator))))))

;;;; Misuse

(ert-deftest generator-yield-outside-a-generator ()
  (should (equal (should-error (iter-yield 1))
                 '(error "‘iter-yield’ used outside a generator"))))

(ert-deftest generator-unknown-operation ()
  (should (equal (should-error (funcall (iter-make 1) :rewind nil))
                 '(error "Unknown iterator operation :rewind"))))

(ert-deftest generator-special-form-it-cannot-split ()
  (let ((err (should-error (macroexpand '(iter-make (defvar gen-test-nowhere (iter-yield 1)))))))
    (should (eq (car err) 'error))
    ;; Emacs shows the yield under another name.
    (should (string-match-p "\\`Special form (defvar gen-test-nowhere (.*)) incorrect or not supported\\'"
                            (cadr err)))))

(ert-deftest generator-needs-lexical-binding ()
  ;; (Emacs's `cl-assert' calls the debugger itself when `debug-on-error'.)
  (let ((debug-on-error nil))
    (should (equal (should-error (let ((lexical-binding nil))
                                   (macroexpand '(iter-lambda () (iter-yield 1)))))
                   '(cl-assertion-failed lexical-binding)))))

(ert-deftest generator-malformed-cond-clause ()
  (should (equal (should-error (iter-next (eval '(iter-make (cond x (iter-yield 1))) t)))
                 '(wrong-type-argument listp x))))

(ert-deftest generator-feature-and-cl-lib ()
  (should (featurep 'generator))
  (should (featurep 'cl-lib))
  (should (macrop 'iter-defun))
  (should (functionp 'iter-next)))

;;;; Where marrow follows plain evaluation and Emacs 28 does not

(ert-deftest generator-marrow-cleanup-runs-inside-enclosing-handlers ()
  ;; Emacs 28 runs the cleanup of an `unwind-protect' that ends normally
  ;; outside the forms around it in the generator.
  (skip-unless (boundp 'marrow-collector))
  (let ((it (funcall (iter-lambda ()
                       (let ((gen-test-special 'bound))
                         (condition-case err
                             (unwind-protect (iter-yield 1)
                               (error "In cleanup, %s" (gen-test-special-now)))
                           (error (cadr err))))))))
    (iter-next it)
    (should (equal (gen-test-end (iter-next it))
                   '(iter-end-of-sequence . "In cleanup, bound")))))

(ert-deftest generator-marrow-let-in-a-loop-binds-afresh ()
  ;; Emacs 28 makes one binding of J for all passes.
  (skip-unless (boundp 'marrow-collector))
  (let ((it (funcall (iter-lambda ()
                       (let ((fns nil) (i 0))
                         (while (< i 3)
                           (let ((j i))
                             (push (lambda () j) fns)
                             (iter-yield j))
                           (setq i (1+ i)))
                         (mapcar #'funcall fns))))))
    (should (equal (gen-test-drain it) '((0 1 2) 2 1 0)))))

(ert-deftest generator-marrow-condition-case-success-handler ()
  (skip-unless (boundp 'marrow-collector))
  (let ((it (funcall (iter-lambda ()
                       (condition-case v (progn (iter-yield 1) 5)
                         (:success (list 'ok v))
                         (error 'failed))))))
    (should (equal (gen-test-drain it) '((1) ok 5)))))

;; Emacs 28 reads a variable argument after a later argument's yield.
(ert-deftest generator-marrow-variable-argument-read-in-order ()
  (skip-unless (boundp 'marrow-collector))
  (let ((it (funcall (iter-lambda ()
                       (let ((x 1))
                         (list x (progn (setq x 2) (iter-yield 'mid)) x))))))
    (should (eq (iter-next it) 'mid))
    (should (equal (gen-test-end (iter-next it 'v)) '(iter-end-of-sequence 1 v 2)))))

;; Emacs 28 evaluates all the values of a `setq' before it sets any.
(ert-deftest generator-marrow-setq-pairs-in-order ()
  (skip-unless (boundp 'marrow-collector))
  (let ((it (funcall (iter-lambda ()
                       (let ((x 1) (y 2))
                         (setq x (+ x (iter-yield 'x)) y (* x (iter-yield 'y)))
                         (list x y))))))
    (should (eq (iter-next it) 'x))
    (should (eq (iter-next it 2) 'y))
    (should (equal (gen-test-end (iter-next it 10)) '(iter-end-of-sequence 3 30)))))

;; Emacs 28 ignores the lone variable.
(ert-deftest generator-marrow-setq-with-a-lone-variable ()
  (skip-unless (boundp 'marrow-collector))
  (let ((it (eval '(iter-make (let (a b) (setq a (iter-yield 1) b))) t)))
    (should (= (iter-next it) 1))
    (should (equal (should-error (iter-next it)) '(wrong-number-of-arguments setq 3)))))

;; In Emacs 28 this yield calls an undefined function.
(ert-deftest generator-marrow-yield-in-a-lambda-made-by-the-body ()
  (skip-unless (boundp 'marrow-collector))
  (let ((it (funcall (iter-lambda () (iter-yield (lambda () (iter-yield 2)))))))
    (should (equal (should-error (funcall (iter-next it)))
                   '(error "‘iter-yield’ used outside a generator")))))

;;; generator-tests.el ends here

(iter-defun generator-tests--documented ()
  (:documentation (concat "Yields " "one."))
  (iter-yield 1))

(ert-deftest generator-iter-defun-documentation-form ()
  (should (equal (iter-next (generator-tests--documented)) 1)))
