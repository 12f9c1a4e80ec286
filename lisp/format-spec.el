;;; format-spec.el --- %-specs filled from an alist  -*- lexical-binding: t -*-

;; Emacs 28's `format-spec' and `format-spec-make', written for marrow.
;; The text is edited in a buffer, so that a substitution inherits the
;; text properties of its spec's `%' as Emacs's does (`insert-and-inherit').

(defconst format-spec--spec-regexp
  "\\([ 0<>^_-]*\\)\\([0-9]*\\)\\(?:\\.\\([0-9]+\\)\\)?\\([[:alpha:]]\\)"
  "What may follow a `%': flags, width, precision and the spec character.")

(defconst format-spec--flag-keywords
  '((?- . :pad-right) (?0 . :pad-zero) (?< . :chop-left) (?> . :chop-right)
    (?^ . :upcase) (?_ . :downcase))
  "Each flag character of a spec and the keyword naming it.")

(defun format-spec--parse-flags (flags)
  "The keywords of the flag characters in string FLAGS, in their order;
characters that are not flags (such as space) are skipped."
  (let ((keywords nil))
    (mapc (lambda (char)
            (let ((known (assq char format-spec--flag-keywords)))
              (when known (push (cdr known) keywords))))
          flags)
    (nreverse keywords)))

(defun format-spec--do-flags (text flags width truncate)
  "TEXT cut to TRUNCATE columns, then padded or cut to WIDTH columns,
then case-converted, as FLAGS (keywords from `format-spec--parse-flags')
ask."
  (let ((chop-left (memq :chop-left flags)))
    (when (and truncate (> (string-width text) truncate))
      (setq text (format-spec--cut text truncate chop-left)))
    (when width
      (let ((excess (- (string-width text) width)))
        (cond ((< excess 0)
               (let ((pad (make-string (- excess) (if (memq :pad-zero flags) ?0 ?\s))))
                 (setq text (if (memq :pad-right flags) (concat text pad) (concat pad text)))))
              ((and (> excess 0) chop-left)
               (setq text (format-spec--cut text width t)))
              ((and (> excess 0) (memq :chop-right flags))
               (setq text (format-spec--cut text width nil))))))
    (cond ((memq :upcase flags) (upcase text))
          ((memq :downcase flags) (downcase text))
          (t text))))

(defun format-spec--cut (text columns from-left)
  "TEXT cut to COLUMNS columns, keeping its end when FROM-LEFT, else its start."
  (if from-left
      (let ((all (string-width text)))
        (truncate-string-to-width text all (- all columns)))
    (format (format "%%.%ds" columns) text)))

(defun format-spec--substitute (value flags width precision)
  "Insert VALUE, fitted, at point (just after a `%'), inheriting the
properties of the text before it; then delete the spec the last match
found after point, and the `%'."
  (let ((spec-end (match-end 0))
        (percent (1- (point)))
        (text (format-spec--do-flags (format "%s" value)
                                     (format-spec--parse-flags flags)
                                     (and (> (length width) 0) (string-to-number width))
                                     (and precision (string-to-number precision)))))
    (insert-and-inherit text)
    (delete-region (point) (+ spec-end (length text)))
    (delete-region percent (1+ percent))))

(defun format-spec (format specification &optional ignore-missing split)
  "FORMAT with each %-spec replaced by its value in SPECIFICATION, an
alist of (CHARACTER . VALUE).  A spec is
%<flags><width><.precision>CHARACTER, the flags being 0 (pad with
zeros), - (pad on the right), < and > (cut on the left or right to
the width), ^ (upcase) and _ (downcase).  \"%%\" is one %.
IGNORE-MISSING says what a spec without a value does: nil, signal an
error; `ignore', stay as it is; `delete', go; anything else, as
`ignore', and \"%%\" stays too.  With SPLIT, the result is a list of
the strings between specs and of the specs' substitutions."
  (with-temp-buffer
    (insert format)
    (goto-char (point-min))
    (let ((pieces nil)
          (piece-start (point)))
      (while (search-forward "%" nil t)
        (let ((spec-start (1- (point))))
          (cond
           ((eq (char-after) ?%)
            (when (memq ignore-missing '(nil ignore delete))
              (delete-char 1)))
           ((looking-at format-spec--spec-regexp)
            (when (and split (/= spec-start piece-start))
              (push (buffer-substring piece-start spec-start) pieces))
            (let ((entry (assq (string-to-char (match-string 4)) specification)))
              (cond (entry
                     (format-spec--substitute (cdr entry) (match-string 1) (match-string 2)
                                              (match-string 3)))
                    ((eq ignore-missing 'delete)
                     (delete-region spec-start (match-end 0)))
                    ((null ignore-missing)
                     (error "Invalid format character: `%%%c'"
                            (string-to-char (match-string 4))))))
            (when split
              (push (buffer-substring spec-start (point)) pieces)
              (setq piece-start (point))))
           ((null ignore-missing)
            (error "Invalid format string")))))
      (cond ((not split) (buffer-string))
            (t (when (< piece-start (point-max))
                 (push (buffer-substring piece-start (point-max)) pieces))
               (nreverse pieces))))))

(defun format-spec-make (&rest pairs)
  "An alist for `format-spec' from PAIRS, characters alternating with
the values they stand for."
  (unless (zerop (% (length pairs) 2))
    (error "Invalid list of pairs"))
  (let ((alist nil))
    (while pairs
      (push (cons (pop pairs) (pop pairs)) alist))
    (nreverse alist)))

(provide 'format-spec)

;;; format-spec.el ends here
