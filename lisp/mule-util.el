;;; mule-util.el --- string width utilities for marrow  -*- lexical-binding: t -*-

;; `truncate-string-to-width' as GNU Emacs 28 behaves, autoloaded from
;; subr.el.  Columns are `char-width' columns.  marrow has no text
;; properties: given ELLIPSIS-TEXT-PROPERTY, the result holds the
;; characters Emacs's does (the elided text is kept, not replaced),
;; without the `display' property over them.

(defvar truncate-string-ellipsis nil
  "The string `truncate-string-to-width' uses for an ELLIPSIS of t, if non-nil.")

(defun truncate-string-ellipsis ()
  "The ellipsis for truncated strings: `truncate-string-ellipsis' or \"…\"."
  (or truncate-string-ellipsis "…"))

(defun mule-util--advance (str idx column limit fit)
  "Walk STR from index IDX at COLUMN while COLUMN is below LIMIT.
With FIT, stop before a character that would pass LIMIT.
Return (INDEX . COLUMN) where the walk stopped."
  (let ((len (length str)) (done nil))
    (while (and (not done) (< column limit) (< idx len))
      (let ((next (+ column (char-width (aref str idx)))))
        (if (and fit (> next limit))
            (setq done t)
          (setq column next idx (1+ idx)))))
    (cons idx column)))

(defun truncate-string-to-width (str end-column &optional start-column padding ellipsis
                                     ellipsis-text-property)
  "Truncate STR to end at column END-COLUMN, starting at START-COLUMN.
PADDING, a character, fills columns that a wide character at either
end, or the end of STR, leaves empty.  ELLIPSIS, a string (or t for
`truncate-string-ellipsis'), replaces the end of a STR wider than
END-COLUMN, unless STR is no wider than ELLIPSIS."
  (let* ((start-column (or start-column 0))
         (ellipsis (if (and ellipsis (not (stringp ellipsis))) (truncate-string-ellipsis) ellipsis))
         (width (string-width str))
         (ellipsis-width (if ellipsis (string-width ellipsis) 0))
         (start (mule-util--advance str 0 0 start-column nil))
         (from (car start))
         (column (cdr start)))
    (if (< column start-column)
        (if padding (make-string end-column padding) "")
      (let ((head (if (and padding (> column start-column))
                      (make-string (- column start-column) padding)
                    ""))
            (idx from)
            (tail ""))
        (when (>= end-column column)
          (if (and (< end-column width) (> width ellipsis-width))
              (setq end-column (- end-column ellipsis-width))
            (setq ellipsis ""))
          (let ((stop (mule-util--advance str idx column end-column t)))
            (setq idx (car stop) column (cdr stop)))
          (when (and padding (< column end-column))
            (setq tail (make-string (- end-column column) padding))))
        (if (and ellipsis-text-property (not (equal ellipsis "")))
            (concat head (substring str from))
          (concat head (substring str from idx) tail ellipsis))))))

(provide 'mule-util)

;;; mule-util.el ends here
