;;; process.el --- a program's output as a list of lines  -*- lexical-binding: t -*-

;; What Emacs's subr.el builds on call-process (src/callproc.c).

(defun process-lines-handling-status (program status-handler &rest args)
  "Run PROGRAM with ARGS and return its output's lines, without their
newlines.  STATUS-HANDLER, when non-nil, is called with the exit status
first; when nil, a status other than 0 signals an error."
  (with-temp-buffer
    (let ((status (apply #'call-process program nil t nil args))
          (lines nil))
      (cond (status-handler (funcall status-handler status))
            ((not (eq status 0))
             (error "%s exited with status %s" program status)))
      (goto-char (point-min))
      (while (not (eobp))
        (push (buffer-substring-no-properties (point) (line-end-position)) lines)
        (forward-line 1))
      (nreverse lines))))

(defun process-lines (program &rest args)
  "The lines PROGRAM run with ARGS prints; an error when it fails."
  (apply #'process-lines-handling-status program nil args))

(defun process-lines-ignore-status (program &rest args)
  "The lines PROGRAM run with ARGS prints, whatever its exit status."
  (apply #'process-lines-handling-status program #'ignore args))

(provide 'process)

;;; process.el ends here
