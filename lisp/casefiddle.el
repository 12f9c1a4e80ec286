;;; casefiddle.el --- case conversion in buffers, for marrow  -*- lexical-binding: t -*-

;; Emacs's region and word case commands, built on the string case
;; functions (`upcase', `capitalize', ...), which already know special
;; casing (ß -> SS, the titlecase of ǆ).  A region starts outside a
;; word whatever precedes it, as in Emacs 28, so casing the region's
;; text as a string gives Emacs's result.  Words are runs of characters
;; with word syntax.

(defun casefiddle--pieces (case-function old)
  "The casing of each character of OLD by CASE-FUNCTION, a list of
strings.  A character's casing depends on the one before it only (is
it in a word?), so each is cased after its predecessor."
  (let ((pieces nil))
    (dotimes (i (length old))
      (let ((before (substring old (max 0 (1- i)) i)))
        (push (substring (funcall case-function (concat before (substring old i (1+ i))))
                         (length (funcall case-function before)))
              pieces)))
    (nreverse pieces)))

(defun casefiddle--resized-intervals (case-function from old)
  "The intervals of the buffer once the text OLD at FROM is cased by
CASE-FUNCTION, as Emacs leaves them: a character whose casing is
longer (ß -> SS) keeps its interval, the characters before the last
of its casing being inserted in front of it with inheritance, so that
they grow the interval they inherit from (or join the one after);
the other characters change in place.  Worked out in a copy of the
buffer's text and intervals."
  (let ((intervals (object-intervals (current-buffer)))
        (size (buffer-size))
        (nonsticky text-property-default-nonsticky))
    (with-temp-buffer
      (setq-local text-property-default-nonsticky nonsticky)
      (insert (make-string size ?x))
      (internal--set-intervals intervals)
      (goto-char from)
      (dolist (piece (casefiddle--pieces case-function old))
        (if (equal piece "")
            (delete-char 1)
          (insert-and-inherit (substring piece 0 -1))
          (forward-char 1)))
      (object-intervals (current-buffer)))))

(defun casefiddle--resize (case-function from to old new)
  "Put NEW, CASE-FUNCTION's result on the text OLD between FROM and TO,
in place of OLD when it has another length (ß -> SS), with the text
properties Emacs leaves on it.  As in Emacs,
the markers stay at their positions and point moves with its text:
the casing of the text before point is as long as the text there
becomes, since casing depends on what precedes only."
  (let ((pt (point))
        (intervals (and (equal (apply #'concat (casefiddle--pieces case-function old)) new)
                        (save-restriction
                          (widen)
                          (casefiddle--resized-intervals case-function from old)))))
    (internal--replace-keeping-markers from to new)
    ;; Without intervals (a casing that cannot be split character by
    ;; character), the new text has no properties.
    (when intervals
      (internal--set-intervals intervals))
    (goto-char (cond ((<= pt from) pt)
                     ((>= pt to) (+ pt (- (length new) (length old))))
                     (t (+ from (length (funcall case-function
                                                 (substring old 0 (- pt from))))))))))

(defun casefiddle--region (case-function beg end)
  "Replace the text between BEG and END by CASE-FUNCTION's result on it.
The text is changed in place, its properties kept, unless the casing
changes its length (ß -> SS)."
  (dolist (pos (list beg end))
    (unless (or (fixnump pos) (markerp pos))
      (signal 'wrong-type-argument (list 'integer-or-marker-p pos))))
  (unless (and (<= (point-min) (min beg end)) (<= (max beg end) (point-max)))
    (signal 'args-out-of-range (list (current-buffer) beg end)))
  (let* ((from (min beg end))
         (old (buffer-substring-no-properties from (max beg end)))
         (new (funcall case-function old)))
    (if (/= (length old) (length new))
        (casefiddle--resize case-function from (max beg end) old new)
      (internal--case-replace from (max beg end) new)))
  nil)

(defun casefiddle--regions (case-function beg end noncontiguous)
  "Case the text between BEG and END by CASE-FUNCTION, or with
NONCONTIGUOUS, each (BEG . END) that `region-extract-function' gives
for `bounds', in turn; a cyclic list of them is an error."
  (if (not noncontiguous)
      (casefiddle--region case-function beg end)
    (let* ((bounds (funcall region-extract-function 'bounds))
           (tail bounds)
           (slow bounds)
           (slow-moves t))
      (while (consp tail)
        (unless (consp (car tail))
          (signal 'wrong-type-argument (list 'consp (car tail))))
        (casefiddle--region case-function (caar tail) (cdar tail))
        (setq tail (cdr tail))
        ;; SLOW moves at half TAIL's speed: on a cycle, TAIL catches it.
        (when (setq slow-moves (not slow-moves))
          (setq slow (cdr slow)))
        (when (eq tail slow)
          (signal 'circular-list (list bounds))))
      (when tail
        (signal 'wrong-type-argument (list 'listp tail)))
      nil)))

(defun upcase-region (beg end &optional region-noncontiguous-p)
  "Convert the text between BEG and END to upper case.  With
REGION-NONCONTIGUOUS-P, the pieces of a noncontiguous region instead."
  (interactive (list (region-beginning) (region-end) (region-noncontiguous-p)))
  (casefiddle--regions #'upcase beg end region-noncontiguous-p))

(defun downcase-region (beg end &optional region-noncontiguous-p)
  "Convert the text between BEG and END to lower case.  With
REGION-NONCONTIGUOUS-P, the pieces of a noncontiguous region instead."
  (interactive (list (region-beginning) (region-end) (region-noncontiguous-p)))
  (casefiddle--regions #'downcase beg end region-noncontiguous-p))

(defun capitalize-region (beg end &optional region-noncontiguous-p)
  "Capitalize the words between BEG and END: each word's first
character in title case, the rest in lower case.  With
REGION-NONCONTIGUOUS-P, the pieces of a noncontiguous region instead."
  (interactive (list (region-beginning) (region-end) (region-noncontiguous-p)))
  (casefiddle--regions #'capitalize beg end region-noncontiguous-p))

(defun upcase-initials-region (beg end &optional region-noncontiguous-p)
  "Put the first character of each word between BEG and END in title
case, leaving the rest as it is.  With REGION-NONCONTIGUOUS-P, the
pieces of a noncontiguous region instead."
  (interactive (list (region-beginning) (region-end) (region-noncontiguous-p)))
  (casefiddle--regions #'upcase-initials beg end region-noncontiguous-p))

(defun casefiddle--check-count (arg)
  (unless (fixnump arg)
    (signal 'wrong-type-argument (list 'fixnump arg))))

(defun casefiddle--move-over-word (forward)
  "Move point over the next word, FORWARD or backward; nil when no
word is left, point then at the buffer's accessible end."
  (if forward
      (progn (skip-chars-forward "^[:word:]")
             (and (not (eobp))
                  (casefiddle--word-end (point) (skip-chars-forward "[:word:]"))))
    (skip-chars-backward "^[:word:]")
    (and (not (bobp))
         (casefiddle--word-end (point) (skip-chars-backward "[:word:]")))))

(defun casefiddle--word-end (from skipped)
  "Point has moved over SKIPPED word characters from FROM: bring it
back to the first word boundary on the way, as Emacs's words end
where the script changes (see `word-combining-categories').  SKIPPED."
  (let ((to (point)))
    (goto-char from)
    ;; Words of ASCII are of one script (and all in categories a, l
    ;; and r, which word-separating-categories does not part).
    (if (progn (if (< from to) (skip-chars-forward "\0-\177" to) (skip-chars-backward "\0-\177" to))
               (= (point) to))
        skipped
      (goto-char from)
      ;; \\< and \\> know the boundaries between scripts.  The match
      ;; data go back as they were: nothing changes the text meanwhile.
      (let ((data (match-data t)))
        (unwind-protect
            (if (< from to)
                (re-search-forward "\\w+?\\>" to t)
              (re-search-backward "\\<\\w" to t))
          (set-match-data data)))
      skipped)))

(defun forward-word (&optional arg)
  "Move point forward over ARG words (backward if ARG is negative).
Return t, or nil if the buffer's accessible end came first, with point
left there."
  (interactive "^p")
  (let* ((start (point))
         (moved (casefiddle--move-over-words (or arg 1)))
         (scanned (point)))
    ;; As in Emacs, point stays in its field, and a move cut short by
    ;; a field's edge returns nil too.
    (goto-char (constrain-to-field scanned start))
    (and moved (= (point) scanned))))

(defun casefiddle--move-over-words (arg)
  "Move over ARG words (backward if negative), whatever the fields;
nil when the accessible end or start came first."
  (casefiddle--check-count arg)
  (let ((moved t))
    (while (and moved (/= arg 0))
      (setq moved (casefiddle--move-over-word (> arg 0)))
      (setq arg (if (> arg 0) (1- arg) (1+ arg))))
    (and moved t)))

(defun backward-word (&optional arg)
  "Move point backward over ARG words (forward if ARG is negative)."
  (interactive "^p")
  (forward-word (- (or arg 1))))

(defun casefiddle--words (case-function arg)
  "Case ARG words from point with CASE-FUNCTION; point moves past them
when ARG is positive."
  (casefiddle--check-count arg)
  (let ((start (point))
        (far (save-excursion (casefiddle--move-over-words arg) (point)))
        (size (buffer-size)))
    (casefiddle--region case-function start far)
    ;; Past the words, which casing may have lengthened.
    (when (> far start)
      (goto-char (+ far (- (buffer-size) size))))
    nil))

(defun upcase-word (arg)
  "Convert the ARG words after point to upper case (before point if ARG
is negative, point then staying)."
  (interactive "p")
  (casefiddle--words #'upcase arg))

(defun downcase-word (arg)
  "Convert the ARG words after point to lower case (before point if ARG
is negative, point then staying)."
  (interactive "p")
  (casefiddle--words #'downcase arg))

(defun capitalize-word (arg)
  "Capitalize the ARG words after point (before point if ARG is
negative, point then staying)."
  (interactive "p")
  (casefiddle--words #'capitalize arg))

(defun casefiddle--dwim (region-function word-function arg)
  "Apply REGION-FUNCTION to the active region, or WORD-FUNCTION to ARG words."
  (if (use-region-p)
      (funcall region-function (region-beginning) (region-end) (region-noncontiguous-p))
    (funcall word-function arg)))

(defun upcase-dwim (arg)
  "Upcase the active region, or the ARG words after point."
  (interactive "*p")
  (casefiddle--dwim #'upcase-region #'upcase-word arg))

(defun downcase-dwim (arg)
  "Downcase the active region, or the ARG words after point."
  (interactive "*p")
  (casefiddle--dwim #'downcase-region #'downcase-word arg))

(defun capitalize-dwim (arg)
  "Capitalize the active region, or the ARG words after point."
  (interactive "*p")
  (casefiddle--dwim #'capitalize-region #'capitalize-word arg))

(defun subst-char-in-region (start end fromchar tochar &optional noundo)
  "Replace FROMCHAR by TOCHAR from START to END, keeping text properties.
With NOUNDO non-nil the change is not recorded for undo and leaves the
buffer's modified flag as it was.  Return nil."
  (dolist (pos (list start end))
    (unless (integer-or-marker-p pos)
      (signal 'wrong-type-argument (list 'integer-or-marker-p pos))))
  (unless (and (<= (point-min) (min start end)) (<= (max start end) (point-max)))
    (signal 'args-out-of-range (list (current-buffer) start end)))
  (dolist (c (list fromchar tochar))
    (unless (characterp c)
      (signal 'wrong-type-argument (list 'characterp c))))
  ;; Emacs 28 replaces in place: in a multibyte buffer the two must
  ;; take as many bytes, even where FROMCHAR does not occur.
  (when (and enable-multibyte-characters
             (/= (string-bytes (string fromchar)) (string-bytes (string tochar))))
    (error "Characters in `subst-char-in-region' have different byte-lengths"))
  ;; A unibyte buffer holds bytes: 128..255 is the byte, as in Emacs.
  (when (and (not enable-multibyte-characters) (<= 128 fromchar 255))
    (setq fromchar (unibyte-char-to-multibyte fromchar)))
  (let ((table (make-char-table 'translation-table)))
    (aset table fromchar tochar)
    (if (not noundo)
        (translate-region-internal start end table)
      (let ((modified (buffer-modified-p))
            (buffer-undo-list t))
        (translate-region-internal start end table)
        (set-buffer-modified-p modified)))
    nil))

(defun translate-region (start end table)
  "Translate the characters from START to END by TABLE: a string (indexed
by character code), a char-table, or a symbol whose `translation-table'
property is one.  Return the number of characters changed."
  (interactive (list (region-beginning) (region-end)
                     (callint--read-symbol "Translate region with table: ")))
  (when (symbolp table)
    (let ((value (get table 'translation-table)))
      (unless (char-table-p value)
        (error "Invalid translation table name: %s" table))
      (setq table value)))
  (translate-region-internal start end table))


;;; casefiddle.el ends here
