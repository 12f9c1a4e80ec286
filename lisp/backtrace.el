;;; backtrace.el --- the active calls as structures  -*- lexical-binding: t -*-

;; Emacs's backtrace.el keeps each frame of a backtrace as a
;; `backtrace-frame' structure; ERT records a failed test's frames so.
;; Marrow has no backtrace buffer (`backtrace-mode'): this file gives
;; the structure and the function that makes the frames.

(require 'cl-lib)

(cl-defstruct (backtrace-frame (:constructor backtrace-make-frame))
  "One active call: EVALD nil while its arguments are being evaluated
\(ARGS then its unevaluated form's rest), FUN the function or special
form, FLAGS a plist (`:debug-on-exit'), LOCALS its lexical variables as
an alist, BUFFER and POS where it was shown."
  evald fun args flags locals buffer pos)

(defun backtrace--frame-of (frame)
  "FRAME, a list (EVALD FUN ARGS FLAGS) as `backtrace-frames' has it,
as a `backtrace-frame'."
  (pcase-let ((`(,evald ,fun ,args ,flags) frame))
    (backtrace-make-frame :evald evald :fun fun :args args :flags flags)))

(defun backtrace--list-of (frame)
  "The `backtrace-frame' FRAME as the list (EVALD FUN ARGS FLAGS) of
`backtrace-frames'."
  (list (backtrace-frame-evald frame) (backtrace-frame-fun frame)
        (backtrace-frame-args frame) (backtrace-frame-flags frame)))

(defun backtrace-get-frames (&optional base)
  "The active calls from the innermost call of BASE (of this function
if nil) outwards, as `backtrace-frame' structures."
  (mapcar #'backtrace--frame-of
          (backtrace-frames (or base 'backtrace-get-frames))))

(provide 'backtrace)

;;; backtrace.el ends here
