;;; debug.el --- the debugger's batch report  -*- lexical-binding: t -*-

;; marrow has no interactive debugger.  What it keeps of Emacs's is the
;; report batch Emacs writes when `debug' is entered (an uncaught error
;; under `backtrace-on-error-noninteractive', or `debug-on-error'): a
;; header naming why, then the active calls, innermost first, printed
;; by `cl-prin1' within the limits Emacs's backtrace buffer uses.  In
;; batch the program then ends with status 255.

;;; Code:

(require 'cl-print)

(defvar debugger-batch-max-lines 40
  "Longer batch reports keep their first and last half of this many
lines, with \"...\" between.")

(defvar debug--line-length 5000
  "The characters a printed object may take before its lists are cut
short (Emacs's `backtrace-line-length').")

(defun debug--print (object limit)
  "OBJECT as `cl-prin1' prints it within LIMIT characters; plain
`prin1' if that fails, as Emacs's backtrace printer falls back."
  (let ((print-escape-newlines t)
        (print-escape-control-characters t))
    (condition-case err
        (cl-print-to-string-with-limit #'cl-prin1 object limit)
      (error
       (message "Error in backtrace printer: %S" err)
       (prin1-to-string object)))))

(defun debug--header (args)
  "The report's first line, for `debug' entered with ARGS."
  (concat "Debugger entered"
          (pcase (car args)
            ((or 'lambda 'debug) "--entering a function:")
            ('error (concat "--Lisp error: "
                            (debug--print (nth 1 args) debug--line-length)))
            ('t "--beginning evaluation of function call form:")
            (_ (concat ": " (debug--print (if (car args) args (cdr args))
                                          debug--line-length))))
          "\n"))

(defun debug--frame-line (frame)
  "FRAME, an element of `backtrace-frames', as a report line."
  (pcase-let* ((`(,evald ,fun ,args . ,_) frame)
               (head (if (and evald (atom fun)) (cl-prin1-to-string fun)
                       (debug--print fun (and args (/ debug--line-length 2))))))
    (concat "  "
            (cond ((not evald) (debug--print (cons fun args) debug--line-length))
                  ((null args) (concat head "()"))
                  (t (concat head
                             (debug--print args (max (/ debug--line-length 5)
                                                     (- debug--line-length
                                                        (length head) 2))))))
            "\n")))

(defun debug--shorten (text)
  "TEXT with its middle lines left out when it has more than
`debugger-batch-max-lines' lines."
  (let ((lines (split-string text "\n"))
        (half (/ debugger-batch-max-lines 2)))
    (if (<= (1- (length lines)) debugger-batch-max-lines)
        text
      (concat (mapconcat #'identity (butlast lines (- (length lines) half)) "\n") "\n...\n"
              (mapconcat #'identity (last lines (1+ half)) "\n")))))

(defun debug--frames ()
  "The frames outside `debug''s own, less the `signal' that `error' and
`user-error' call: Emacs 28's are native code, whose call of `signal'
makes no frame, and its report shows none."
  (let ((frames (cdr (backtrace-frames 'debug))))
    (if (and (eq (nth 1 (car frames)) 'signal)
             (memq (nth 1 (cadr frames)) '(error user-error)))
        (cdr frames)
      frames)))

(defun debug (&rest args)
  "Report why the debugger was entered (ARGS, as the evaluator passes
them: `error' and the error, or nil and objects to show) and the active
calls on standard error.  In batch, the program then exits with 255."
  (interactive)
  (let ((frames (debug--frames))
        (inhibit-message nil))
    (message "%s" (debug--shorten
                   (apply #'concat (debug--header args)
                          (mapcar #'debug--frame-line frames))))
    (when noninteractive
      (kill-emacs -1))))

(provide 'debug)

;;; debug.el ends here
