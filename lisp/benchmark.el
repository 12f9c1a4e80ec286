;;; benchmark.el --- timing the evaluation of forms, as Emacs 28's benchmark.el  -*- lexical-binding: t -*-

;; Each measure is a list (SECONDS GC-COUNT GC-SECONDS): the time the
;; forms took, how many garbage collections ran meanwhile and how long
;; those took.  marrow has no byte compiler: `benchmark-run-compiled'
;; times the forms as they are.

;;; Code:

(defmacro benchmark-elapse (&rest forms)
  "Evaluate FORMS and return the seconds they took, a float."
  (declare (indent 0))
  (let ((start (make-symbol "start")))
    `(let ((,start (current-time)))
       ,@forms
       (float-time (time-since ,start)))))

(defun benchmark--repetitions-and-forms (repetitions forms)
  "(REPETITIONS . FORMS) as `benchmark-run' reads its arguments: a first
argument that is neither a count nor a variable is the first form, and
the forms then run once."
  (if (or (natnump repetitions) (and repetitions (symbolp repetitions)))
      (cons repetitions forms)
    (cons 1 (cons repetitions forms))))

(defmacro benchmark-run (&optional repetitions &rest forms)
  "Time REPETITIONS runs of FORMS (once if REPETITIONS is not a number
or variable, it being then the first form): (SECONDS GC-COUNT GC-SECONDS),
less the cost of calling an empty function as often."
  (declare (indent 1))
  (let ((parsed (benchmark--repetitions-and-forms repetitions forms)))
    `(benchmark-call (lambda () ,@(cdr parsed)) ,(car parsed))))

(defmacro benchmark-run-compiled (&optional repetitions &rest forms)
  "As `benchmark-run', FORMS being a function of their own, which sees
no local variable around (Emacs byte-compiles it; marrow has no byte
compiler and runs it as it is)."
  (declare (indent 1))
  (let ((parsed (benchmark--repetitions-and-forms repetitions forms)))
    `(benchmark-call (eval '(lambda () ,@(cdr parsed)) t) ,(car parsed))))

(defun benchmark--counted (func count)
  "(SECONDS GC-COUNT GC-SECONDS) of COUNT calls of FUNC, less the time of
as many calls of a function doing nothing."
  (let ((gc gc-elapsed)
        (gcs gcs-done)
        (nothing (lambda () 'nothing)))
    (list (- (benchmark-elapse (dotimes (_ count) (funcall func)))
             (benchmark-elapse (dotimes (_ count) (funcall nothing))))
          (- gcs-done gcs)
          (- gc-elapsed gc))))

(defun benchmark--sum (a b)
  "The lists of numbers A and B, of the same length, added element-wise."
  (let ((sum nil))
    (while a
      (push (+ (pop a) (pop b)) sum))
    (nreverse sum)))

(defun benchmark--until (func limit)
  "(CALLS SECONDS GC-COUNT GC-SECONDS) of calling FUNC in rounds until
the rounds' SECONDS reach LIMIT.  A round that measured no time (the
process paused, say) is dropped and the next one made twice as long;
otherwise the next is sized from the time per call so far, at most ten
times the last."
  (let ((total (list 0 0 0 0))
        (count 1)
        (done nil))
    (while (not done)
      (let ((round (benchmark--counted func count)))
        (if (<= (car round) 0)
            (setq count (* 2 count))
          (setq total (benchmark--sum total (cons count round)))
          (if (>= (nth 1 total) limit)
              (setq done t)
            (let ((per-call (/ (nth 1 total) (car total))))
              (setq count (max count (min (ceiling (/ (- limit (nth 1 total)) per-call))
                                          (* 10 count)))))))))
    total))

(defun benchmark-call (func &optional repetitions)
  "Time REPETITIONS calls of FUNC (once when nil): (SECONDS GC-COUNT
GC-SECONDS), less the time of calling a function that does nothing as
often.  A float REPETITIONS is the least time to measure instead: the
list then starts with the number of calls made."
  (if (floatp repetitions)
      (benchmark--until func repetitions)
    (benchmark--counted func (or repetitions 1))))

(defun benchmark--report (result)
  "Message RESULT, a `benchmark-call' measure, as Emacs does; return the text."
  (let* ((gc-count (nth 1 result))
         (gc-part (if (> gc-count 0)
                      (format " (%fs in %d GCs)" (nth 2 result) gc-count)
                    "")))
    (message "Elapsed time: %fs%s" (car result) gc-part)))

(defun benchmark (repetitions form)
  "Message and return the time REPETITIONS evaluations of FORM took.
FORM may also be a function (#'F or a lambda), then called without
arguments."
  (interactive "p\nxForm: ")
  (benchmark--report
   (benchmark-call (eval (if (memq (car-safe form) '(function lambda))
                             form
                           `(lambda () ,form))
                         t)
                   repetitions)))

(defmacro benchmark-progn (&rest body)
  "Evaluate BODY, message the time it took, and return its value."
  (declare (indent 0))
  (list 'benchmark--call-and-report (cons 'lambda (cons nil body))))

(defun benchmark--call-and-report (thunk)
  "Call THUNK, message the time it took as `benchmark-progn' does, and
return its value."
  (let* ((gc-time gc-elapsed)
         (gc-count gcs-done)
         (start (current-time))
         (value (funcall thunk)))
    (benchmark--report (list (float-time (time-since start))
                             (- gcs-done gc-count)
                             (- gc-elapsed gc-time)))
    value))

(provide 'benchmark)

;;; benchmark.el ends here
