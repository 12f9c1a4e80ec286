;;; rot13.el --- the Caesar cipher of Usenet: letters moved 13 places  -*- lexical-binding: t -*-

;; Written for marrow after GNU Emacs 28's behaviour.  Only ASCII letters
;; move; doing it twice gives the text back.  (Emacs's display-table
;; mode, which shows a buffer rotated without changing it, needs a
;; display marrow does not have.)

(defvar rot13-translate-table
  (let ((table (make-string 127 0)))
    (dotimes (c 127)
      (aset table c (cond ((<= ?a c ?z) (+ ?a (% (+ (- c ?a) 13) 26)))
                          ((<= ?A c ?Z) (+ ?A (% (+ (- c ?A) 13) 26)))
                          (t c))))
    table)
  "The characters 0 to 126 as rot13 turns them, for `translate-region'.")

(defun rot13-region (start end)
  "Rotate the letters between START and END by 13; return how many changed."
  (interactive "r")
  (translate-region start end rot13-translate-table))

(defun rot13-string (string)
  "STRING with its letters rotated by 13."
  (with-temp-buffer
    (insert string)
    (rot13-region (point-min) (point-max))
    (buffer-string)))

(defun rot13 (object &optional start end)
  "OBJECT rotated: a string's copy, or a buffer's text between START and
END, changed in place."
  (if (bufferp object)
      (with-current-buffer object (rot13-region start end))
    (rot13-string object)))

(provide 'rot13)

;;; rot13.el ends here
