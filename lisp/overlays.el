;;; overlays.el --- the overlay functions Emacs writes in Lisp  -*- lexical-binding: t -*-

;; The primitives are in src/overlays.c; subr.el autoloads these.

(defun copy-overlay (overlay)
  "A new overlay with the bounds, buffer and properties of OVERLAY (a
deleted one if OVERLAY is)."
  (let ((copy (if (overlay-buffer overlay)
                  (make-overlay (overlay-start overlay) (overlay-end overlay)
                                (overlay-buffer overlay))
                (let ((o (make-overlay (point-min) (point-min))))
                  (delete-overlay o)
                  o)))
        (props (overlay-properties overlay)))
    (while props
      (overlay-put copy (car props) (cadr props))
      (setq props (cddr props)))
    copy))

(defun remove-overlays (&optional beg end name val)
  "Take the overlays whose NAME property is VAL (eq) off the text between
BEG and END (the accessible portion by default): one inside goes, one
reaching out on one side is cut back to that side, and one reaching out
on both sides is cut in two."
  (unless beg (setq beg (point-min)))
  (unless end (setq end (point-max)))
  (when (< end beg) (setq beg (prog1 end (setq end beg))))
  (dolist (o (overlays-in beg end))
    (when (eq (overlay-get o name) val)
      (let ((start (overlay-start o)) (stop (overlay-end o)))
        (cond ((and (< start beg) (> stop end))
               (move-overlay (copy-overlay o) start beg)
               (move-overlay o end stop))
              ((< start beg) (move-overlay o start beg))
              ((> stop end) (move-overlay o end stop))
              (t (delete-overlay o)))))))


;;; overlays.el ends here
