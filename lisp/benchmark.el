;;; benchmark.el --- timing the evaluation of forms  -*- lexical-binding: t -*-

;; Loaded through the autoloads in subr.el, as Emacs autoloads it.

(defmacro benchmark-elapse (&rest forms)
  "Return the time in seconds elapsed for execution of FORMS."
  (declare (indent 0))
  (let ((t1 (make-symbol "t1")))
    `(let ((,t1 (float-time)))
       ,@forms
       (- (float-time) ,t1))))

(defun benchmark-call (func &optional repetitions)
  "Call FUNC REPETITIONS times; return (ELAPSED GCS GC-ELAPSED).
The time of an empty loop of the same length is subtracted, as Emacs does."
  (unless repetitions (setq repetitions 1))
  (let ((gc gc-elapsed)
        (gcs gcs-done)
        (empty-func (lambda () 'empty-func)))
    (list
     (if (> repetitions 1)
         (- (benchmark-elapse (dotimes (_ repetitions) (funcall func)))
            (benchmark-elapse (dotimes (_ repetitions) (funcall empty-func))))
       (- (benchmark-elapse (funcall func))
          (benchmark-elapse (funcall empty-func))))
     (- gcs-done gcs)
     (- gc-elapsed gc))))

(defmacro benchmark-run (&optional repetitions &rest forms)
  "Time FORMS, run REPETITIONS times: return (ELAPSED GCS GC-ELAPSED)."
  (declare (indent 1))
  (unless (or (natnump repetitions) (and repetitions (symbolp repetitions)))
    (setq forms (cons repetitions forms)
          repetitions 1))
  `(benchmark-call (lambda () ,@forms) ,repetitions))

(defmacro benchmark-progn (&rest body)
  "Evaluate BODY and message the time taken."
  (declare (indent 0))
  (let ((value (make-symbol "value"))
        (start (make-symbol "start")))
    `(let* ((,start (float-time))
            (,value (progn ,@body)))
       (message "Elapsed time: %fs" (- (float-time) ,start))
       ,value)))

(provide 'benchmark)

;;; benchmark.el ends here
