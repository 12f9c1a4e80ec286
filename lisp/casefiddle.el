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

(defun casefiddle--inherited (before extra after)
  "EXTRA with the properties it takes when inserted and inherited
between the characters BEFORE and AFTER (strings, BEFORE possibly
empty), under this buffer's stickiness defaults."
  (let ((nonsticky text-property-default-nonsticky))
    (with-temp-buffer
      (setq-local text-property-default-nonsticky nonsticky)
      (insert before after)
      (goto-char (1+ (length before)))
      (insert-and-inherit extra)
      (buffer-substring (1+ (length before)) (point)))))

(defun casefiddle--add (text props run segments)
  "SEGMENTS, a list of (TEXT PROPS RUN) newest first, with TEXT added.
TEXT joins the newest segment when its PROPS are the same and it comes
from the same run of OLD's text (RUN), or it was inserted (RUN nil):
inserted text extends the interval it inherits from, as in Emacs."
  (let ((top (car segments)))
    (if (and top (equal props (nth 1 top)) (or (null run) (eql run (nth 2 top))))
        (cons (list (concat (nth 0 top) text) props (or run (nth 2 top))) (cdr segments))
      (cons (list text props run) segments))))

(defun casefiddle--propertized (case-function from old new)
  "NEW with the text properties Emacs leaves on it when it replaces the
text OLD (with its properties), starting at FROM: a character whose
casing is longer (ß -> SS) keeps its properties on the last character
of its casing, the ones before it being inserted with inheritance.
NEW itself when the casing cannot be split character by character."
  (let ((pieces (casefiddle--pieces case-function old))
        (before (if (> from (point-min)) (buffer-substring (1- from) from) ""))
        (segments nil) (run 0) (run-end 0))
    (if (not (equal (apply #'concat pieces) new))
        new
      (dotimes (i (length old))
        (when (>= i run-end)
          (setq run (1+ run) run-end (or (next-property-change i old) (length old))))
        (let* ((piece (pop pieces))
               (char (substring old i (1+ i)))
               (last (substring piece (max 0 (1- (length piece))))))
          (when (> (length piece) 1)
            (let ((extra (casefiddle--inherited before (substring piece 0 -1) char)))
              (setq segments (casefiddle--add extra (text-properties-at 0 extra) nil segments))))
          (setq segments (casefiddle--add last (text-properties-at 0 char) run segments))
          (unless (string= last "")
            (setq before (apply #'propertize last (text-properties-at 0 char))))))
      (mapconcat (lambda (segment) (apply #'propertize (substring-no-properties (car segment)) (nth 1 segment)))
                 (nreverse segments) ""))))

(defun casefiddle--resize (case-function from to old new)
  "Put NEW, CASE-FUNCTION's result on the text OLD between FROM and TO,
in place of OLD when it has another length (ß -> SS).  As in Emacs,
the markers stay at their positions and point moves with its text:
the casing of the text before point is as long as the text there
becomes, since casing depends on what precedes only."
  (let ((pt (point)))
    (internal--replace-keeping-markers
     from to (casefiddle--propertized case-function from (buffer-substring from to) new))
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

(defun upcase-region (beg end)
  "Convert the text between BEG and END to upper case."
  (casefiddle--region #'upcase beg end))

(defun downcase-region (beg end)
  "Convert the text between BEG and END to lower case."
  (casefiddle--region #'downcase beg end))

(defun capitalize-region (beg end)
  "Capitalize the words between BEG and END: each word's first
character in title case, the rest in lower case."
  (casefiddle--region #'capitalize beg end))

(defun upcase-initials-region (beg end)
  "Put the first character of each word between BEG and END in title
case, leaving the rest as it is."
  (casefiddle--region #'upcase-initials beg end))

(defun casefiddle--check-count (arg)
  (unless (fixnump arg)
    (signal 'wrong-type-argument (list 'fixnump arg))))

(defun casefiddle--move-over-word (forward)
  "Move point over the next word, FORWARD or backward; nil when no
word is left, point then at the buffer's accessible end."
  (if forward
      (progn (skip-chars-forward "^[:word:]")
             (and (not (eobp)) (skip-chars-forward "[:word:]")))
    (skip-chars-backward "^[:word:]")
    (and (not (bobp)) (skip-chars-backward "[:word:]"))))

(defun forward-word (&optional arg)
  "Move point forward over ARG words (backward if ARG is negative).
Return t, or nil if the buffer's accessible end came first, with point
left there."
  (setq arg (or arg 1))
  (casefiddle--check-count arg)
  (let ((moved t))
    (while (and moved (/= arg 0))
      (setq moved (casefiddle--move-over-word (> arg 0)))
      (setq arg (if (> arg 0) (1- arg) (1+ arg))))
    (and moved t)))

(defun backward-word (&optional arg)
  "Move point backward over ARG words (forward if ARG is negative)."
  (forward-word (- (or arg 1))))

(defun casefiddle--words (case-function arg)
  "Case ARG words from point with CASE-FUNCTION; point moves past them
when ARG is positive."
  (casefiddle--check-count arg)
  (let ((start (point))
        (far (save-excursion (forward-word arg) (point)))
        (size (buffer-size)))
    (casefiddle--region case-function start far)
    ;; Past the words, which casing may have lengthened.
    (when (> far start)
      (goto-char (+ far (- (buffer-size) size))))
    nil))

(defun upcase-word (arg)
  "Convert the ARG words after point to upper case (before point if ARG
is negative, point then staying)."
  (casefiddle--words #'upcase arg))

(defun downcase-word (arg)
  "Convert the ARG words after point to lower case (before point if ARG
is negative, point then staying)."
  (casefiddle--words #'downcase arg))

(defun capitalize-word (arg)
  "Capitalize the ARG words after point (before point if ARG is
negative, point then staying)."
  (casefiddle--words #'capitalize arg))

(defun subst-char-in-region (start end fromchar tochar &optional noundo)
  "Replace FROMCHAR by TOCHAR from START to END, keeping text properties.
With NOUNDO non-nil the change is not recorded for undo and leaves the
buffer's modified flag as it was.  Return nil."
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
  (when (symbolp table)
    (let ((value (get table 'translation-table)))
      (unless (char-table-p value)
        (error "Invalid translation table name: %s" table))
      (setq table value)))
  (translate-region-internal start end table))


;;; casefiddle.el ends here
