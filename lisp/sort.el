;;; sort.el --- sorting, reversing and pruning the lines of a region  -*- lexical-binding: t -*-

;; Emacs's line commands as Lisp calls them.  A line is a record: the
;; newlines stay where they are and the texts between them move, so a
;; region whose last line has no newline keeps that shape.

(defvar sort-fold-case nil "Non-nil means the sort commands ignore case.")

(defun sort--lines-between (beg end)
  "The texts of the lines between BEG and END, without their newlines."
  (split-string (buffer-substring beg end) "\n"))

(defun sort--put-lines (beg end lines)
  "Replace the text between BEG and END with LINES, between which the
newlines there stay in their order, text properties and all."
  (let ((newlines (save-excursion
                    (goto-char beg)
                    (let ((found nil))
                      (while (search-forward "\n" end t)
                        (push (buffer-substring (1- (point)) (point)) found))
                      (nreverse found))))
        (pieces nil))
    (dolist (line lines)
      (push line pieces)
      (when newlines
        (push (pop newlines) pieces)))
    (sort--replace beg end (apply #'concat (nreverse pieces)))))

(defun sort--replace (beg end text)
  "Replace the text between BEG and END with TEXT, keeping the old
text's last character until the new text is in, so that the markers at
END stay after it."
  (save-excursion
    ;; From BEG, as in Emacs: the undo list then says point was there.
    (goto-char beg)
    (if (= beg end)
        (insert text)
      (delete-region beg (1- end))
      (insert text)
      (delete-region (point) (1+ (point))))))

(defun sort-lines (reverse beg end)
  "Sort the lines between BEG and END alphabetically (descending with
REVERSE); lines that compare equal keep their order."
  (interactive "P\nr")
  (let* ((key (if sort-fold-case #'downcase #'identity))
         (before (if reverse
                     (lambda (a b) (string< (funcall key b) (funcall key a)))
                   (lambda (a b) (string< (funcall key a) (funcall key b)))))
         lines trailing)
    (sort--check-bounds beg end)
    (setq lines (sort--lines-between (min beg end) (max beg end))
          trailing (and (cdr lines) (equal (car (last lines)) "")))
    (when trailing
      (setq lines (butlast lines)))
    (setq lines (sort lines before))
    (sort--put-lines (min beg end) (max beg end)
                     (if trailing (append lines '("")) lines))
    nil))

(defun sort--check-bounds (beg end)
  "Signal as `narrow-to-region' would on BEG and END, which Emacs
narrows to (but narrowing here would leave marks in the undo list)."
  (dolist (bound (list beg end))
    (unless (integer-or-marker-p bound)
      (signal 'wrong-type-argument (list 'integer-or-marker-p bound))))
  (unless (and (<= (point-min) (min beg end)) (<= (max beg end) (point-max)))
    (signal 'args-out-of-range (list beg end))))

(defun reverse-region (beg end)
  "Reverse the order of the whole lines between BEG and END: a line BEG
is inside of starts after it, one END is inside of ends before it."
  (interactive "r")
  (when (> beg end)
    (setq beg (prog1 end (setq end beg))))
  (save-excursion
    (goto-char beg)
    (unless (bolp) (forward-line 1))
    (setq beg (point))
    (goto-char end)
    (unless (and (eolp) (not (bolp)))
      (forward-line -1)
      (end-of-line))
    (setq end (point))
    (when (<= end beg)
      (user-error "There are no full lines in the region"))
    ;; Emacs deletes the lines one by one, each with its newline (the
    ;; last one from its end), and inserts them reversed at BEG: the
    ;; markers among them, point's too, end up at BEG, and the undo
    ;; list has a deletion a line.
    (let ((lines (nreverse (sort--lines-between beg end)))
          (stop (copy-marker end)))
      (goto-char beg)
      (while (< (line-end-position) stop)
        (delete-region beg (line-beginning-position 2)))
      (goto-char stop)
      (delete-region beg stop)
      (set-marker stop nil)
      (insert (mapconcat #'identity lines "\n")))
    nil))

(defun sort--line-memory (adjacent)
  "A function of a line's text that returns non-nil when the line
repeats one it was given before (with ADJACENT, the one given last),
and otherwise remembers it."
  (if adjacent
      (let ((last nil))
        (lambda (line)
          (or (equal line last)
              (progn (setq last line) nil))))
    (let ((seen (make-hash-table :test #'equal)))
      (lambda (line)
        (or (gethash line seen)
            (progn (puthash line t seen) nil))))))

(defun sort--drop-line-if-repeated (repeated-p keep-blanks backward)
  "Delete the line at point, with its newline, when REPEATED-P says it
repeats one (an empty line never does with KEEP-BLANKS), then go to the
line before when BACKWARD; else go to the next line (the one before
when BACKWARD).  Return non-nil when it deleted."
  (let ((line (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
    (if (or (and keep-blanks (string= line ""))
            (not (funcall repeated-p line)))
        (progn (forward-line (if backward -1 1)) nil)
      ;; Deleted from the line's end back, as Emacs's undo list shows.
      (let ((bol (line-beginning-position)))
        (forward-line 1)
        (delete-region bol (point)))
      (when backward
        (forward-line -1))
      t)))

(defun sort--walk-lines (beg end backward visit)
  "Call VISIT, which deletes a line or moves off it, until the lines
from BEG's to END's are done: forward from BEG while short of END, or
BACKWARD from the last line with text before END through BEG's line."
  (if (not backward)
      (progn
        (goto-char beg)
        (while (and (< (point) end) (not (eobp)))
          (funcall visit)))
    (goto-char end)
    (when (and (bolp) (not (bobp)))
      (forward-char -1))
    (let ((at-first nil))
      (while (not at-first)
        (setq at-first (or (<= (point) beg) (bobp)))
        (funcall visit)))))

(defun sort--prune-lines (beg end backward keep-blanks repeated-p)
  "Delete the lines from BEG's to END's (from END's back with BACKWARD)
that REPEATED-P, a `sort--line-memory', says were seen; empty ones stay
with KEEP-BLANKS.  Return how many went."
  (let ((from (copy-marker beg))
        (to (copy-marker end))
        (count 0))
    (save-excursion
      ;; Emacs steps back from END first, so that END at the start of
      ;; the text is an error even before anything is looked at.
      (when backward
        (goto-char to)
        (when (bobp)
          (signal 'beginning-of-buffer nil)))
      (sort--walk-lines from to backward
                        (lambda ()
                          (when (sort--drop-line-if-repeated repeated-p keep-blanks backward)
                            (setq count (1+ count))))))
    (set-marker from nil)
    (set-marker to nil)
    count))

(defun sort--pruning-arguments ()
  "The interactive arguments of `delete-duplicate-lines': the region,
then whether the prefix is C-u (backward), C-u C-u (adjacent only) and
C-u C-u C-u (keep empty lines), then t to have the count said."
  (barf-if-buffer-read-only)
  `(,(region-beginning) ,(region-end)
    ,@(mapcar (lambda (presses) (equal current-prefix-arg (list presses)))
              '(4 16 64))
    t))

(defun delete-duplicate-lines (beg end &optional reverse adjacent keep-blanks interactive)
  "Delete each line between BEG and END that repeats an earlier one
\(a later one with REVERSE; the one just before with ADJACENT), empty
lines excepted with KEEP-BLANKS.  Return how many went, and say so
when INTERACTIVE."
  (interactive (sort--pruning-arguments))
  (let ((count (sort--prune-lines beg end reverse keep-blanks
                                  (sort--line-memory adjacent))))
    (when interactive
      (sort--tell-pruned count adjacent reverse))
    count))

(defun sort--tell-pruned (count adjacent backward)
  "Say how many lines `delete-duplicate-lines' deleted (COUNT), and how."
  (message (concat "Deleted %d "
                   (and adjacent "adjacent ")
                   (if (= count 1) "duplicate line" "duplicate lines")
                   (and backward " backward"))
           count))

;;; Records: the general sorter and the commands built on it

(defvar sort-numeric-base 10
  "The base `sort-numeric-fields' reads numbers in (without 0x or 0).")

(defvar sort-fields-syntax-table
  (let ((table (make-syntax-table)))
    (dotimes (c 256)
      (modify-syntax-entry c "w" table))
    (dolist (c '(?\s ?\t ?\n))
      (modify-syntax-entry c " " table))
    ;; A period stays inside a number's sexp.
    (modify-syntax-entry ?. "_" table)
    table)
  "The syntax table the field sorts read keys with.")

(defun sort--record-key (startkeyfun endkeyfun endrecfun)
  "Find the key of the record at point; return (KEY . ENDED).
KEY is what STARTKEYFUN returns if not nil, else the span (BEG . END)
from where it left point to where ENDKEYFUN moves, or ENDRECFUN when
there is no ENDKEYFUN (then ENDED is t: point is at the record's end).
Any of them may also throw the key to the tag `key'."
  (let ((ended nil))
    (cons (catch 'key
            (let ((given (and startkeyfun (funcall startkeyfun)))
                  (key-beg (point)))
              (cond (given)
                    (endkeyfun (funcall endkeyfun) (cons key-beg (point)))
                    (t (funcall endrecfun)
                       (setq ended t)
                       (cons key-beg (point))))))
          ended)))

(defun sort--records (nextrecfun endrecfun startkeyfun endkeyfun)
  "The records from point to the end, as (KEY START . END) in order."
  (let ((records nil))
    (while (not (eobp))
      (let* ((start (point))
             (key+end (sort--record-key startkeyfun endkeyfun endrecfun))
             (at-next nil))
        (unless (cdr key+end)
          (cond (endrecfun (funcall endrecfun))
                (nextrecfun (funcall nextrecfun) (setq at-next t))))
        (when (car key+end)
          (push (cons (car key+end) (cons start (point))) records))
        (when (and nextrecfun (not at-next))
          (funcall nextrecfun))))
    (nreverse records)))

(defun sort--record-less (predicate key)
  "How two records compare: with PREDICATE on their keys, else as KEY
\(a sample key) is: numbers by `<', buffer spans by their text (folding
case as `case-fold-search' says), strings by `string<'."
  (cond (predicate (lambda (a b) (funcall predicate (car a) (car b))))
        ((numberp key) (lambda (a b) (< (car a) (car b))))
        ((consp key)
         (lambda (a b)
           (< (compare-buffer-substrings nil (caar a) (cdar a)
                                         nil (caar b) (cdar b))
              0)))
        (t (lambda (a b) (string< (car a) (car b))))))

(defun sort--reorder (sorted records)
  "Put the records of SORTED where those of RECORDS (buffer order) are,
the text between them staying."
  (let ((from (point-min)) (pieces nil))
    (while records
      (push (buffer-substring from (cadr (car records))) pieces)
      (push (buffer-substring (cadr (car sorted)) (cddr (car sorted))) pieces)
      (setq from (cddr (car records))
            records (cdr records)
            sorted (cdr sorted)))
    (push (buffer-substring from (point-max)) pieces)
    ;; From the start, as in Emacs, so that no marker at point shows
    ;; in the undo list.
    (goto-char (point-min))
    (sort--replace (point-min) (point-max) (apply #'concat (nreverse pieces)))))

(defun sort-subr (reverse nextrecfun endrecfun &optional startkeyfun endkeyfun predicate)
  "Sort the records from point to the end of the accessible text.
NEXTRECFUN moves from a record's end to the next record's start,
ENDRECFUN from a record's start to its end; STARTKEYFUN moves to the
key (or returns it), ENDKEYFUN to the key's end; PREDICATE compares two
keys.  Records with equal keys keep their order; REVERSE sorts
descending."
  (save-excursion
    (sort--rearrange (sort--records nextrecfun endrecfun startkeyfun endkeyfun)
                     reverse predicate))
  nil)

(defun sort--rearrange (records reverse &optional predicate)
  "Sort RECORDS, (KEY START . END) in buffer order, and move their texts.
Records with equal keys keep their order; REVERSE sorts descending."
  (when records
    ;; Stable either way: a descending sort sorts the records in
    ;; reverse and turns the result around.  The first record of the
    ;; list sorted, as in Emacs, says how keys compare.
    (let* ((case-fold-search sort-fold-case)
           (order (if reverse (reverse records) (copy-sequence records)))
           (sorted (sort order (sort--record-less predicate (car (car order))))))
      (sort--reorder (if reverse (nreverse sorted) sorted) records))))

;;;; Sorting by regexps

(defun sort--regexp-key (key-regexp start end)
  "The key of the record from START to END, which the match data
describe, as a span (BEG . END), or nil.  KEY-REGEXP is \\& for the
whole record, \\N for its group N (N from 1 to 9; an unmatched group
gives (nil . nil), which compares as the whole text), or a regexp
searched for from START to END."
  (cond ((equal key-regexp "\\&") (cons start end))
        ((string-match-p "\\`\\\\[1-9]\\'" key-regexp)
         (let ((group (- (aref key-regexp 1) ?0)))
           (cons (match-beginning group) (match-end group))))
        ((save-excursion
           (goto-char start)
           (re-search-forward key-regexp end t))
         (cons (match-beginning 0) (match-end 0)))))

(defun sort--next-record-match (record-regexp)
  "Search for the next record from point.  An empty match where the
search starts does not count: the search starts again one character
on (an error at the end of the text, as in Emacs)."
  (let ((from (point)))
    (and (re-search-forward record-regexp nil t)
         (or (not (= (match-beginning 0) (match-end 0) from))
             (progn (forward-char 1)
                    (re-search-forward record-regexp nil t))))))

(defun sort--regexp-records (record-regexp key-regexp)
  "The records RECORD-REGEXP matches from point on that have a key, as
\(KEY START . END), point being at the first match, which the match
data describe; an empty match is a record too, one at the end of the
text is not."
  (let ((records nil))
    (while (not (eobp))
      (let* ((start (point))
             (end (match-end 0))
             (key (save-match-data (sort--regexp-key key-regexp start end))))
        (goto-char end)
        (when key
          (push (cons key (cons start end)) records))
        (goto-char (if (sort--next-record-match record-regexp)
                       (match-beginning 0)
                     (point-max)))))
    (nreverse records)))

(defun sort--no-record-matches (key-regexp)
  "The records when no record matches.  Emacs then makes one from
whatever match data is left from before; here, with a key KEY-REGEXP
names as \\& or \\N, the text is one record and is put back (the
markers in it going to its start), with another one there is none."
  (and (string-match-p "\\`\\\\[&1-9]\\'" key-regexp)
       (list (cons (cons (point-min) (point-max))
                   (cons (point-min) (point-max))))))

(defun sort-regexp-fields (reverse record-regexp key-regexp beg end)
  "Sort the records RECORD-REGEXP matches between BEG and END by their keys.
KEY-REGEXP picks each record's key: \"\\\\&\" the whole record,
\"\\\\N\" the record's Nth group (N from 1 to 9; a group that did not
match keys as the whole text), anything else the first match of it
inside the record; a record without a key stays where it is.  The text
between records stays too.  Keys compare as strings, ignoring case
when `sort-fold-case' is set; REVERSE non-nil (interactively, any
prefix argument) sorts descending."
  (interactive "P\nsRegexp specifying records to sort: \nsRegexp specifying key within record: \nr")
  (save-excursion
    (save-restriction
      (narrow-to-region beg end)
      (goto-char (point-min))
      (if (not (re-search-forward record-regexp nil t))
          (sort--rearrange (sort--no-record-matches key-regexp) reverse)
        ;; Point kept at the first record, as Emacs keeps it (the undo
        ;; list shows its marker).
        (goto-char (match-beginning 0))
        (save-excursion
          (sort--rearrange (sort--regexp-records record-regexp key-regexp) reverse)))))
  nil)

(defun sort--within (beg end thunk)
  "Call THUNK at the start of the text from BEG to END, with the
buffer narrowed to it; point and the restriction come back after."
  (save-excursion
    (save-restriction
      (narrow-to-region beg end)
      (goto-char (point-min))
      (funcall thunk))))

(defun sort--skip-separator-lines ()
  "Move over the lines that separate paragraphs."
  (while (and (not (eobp)) (looking-at paragraph-separate))
    (forward-line 1)))

(defun sort--end-of-paragraph ()
  "Move to the end of the paragraph; end it with a newline at the end
of the text, so that after sorting it cannot join the next."
  (forward-paragraph)
  (unless (or (bolp) (not (eobp)))
    (insert "\n")))

(defun sort-paragraphs (reverse beg end)
  "Sort the paragraphs between BEG and END alphabetically (descending
with REVERSE)."
  (interactive "P\nr")
  (sort--within beg end
                (lambda ()
                  (sort-subr reverse #'sort--skip-separator-lines #'sort--end-of-paragraph))))

(defun sort-pages (reverse beg end)
  "Sort the pages between BEG and END alphabetically (descending with
REVERSE); blank lines before a page are not part of its key."
  (interactive "P\nr")
  (sort--within beg end
                (lambda ()
                  (sort-subr reverse (apply-partially #'skip-chars-forward "\n")
                             #'forward-page))))

(defun sort--too-few-fields ()
  (error "Line has too few fields: %s"
         (buffer-substring (line-beginning-position) (line-end-position))))

(defun sort-skip-fields (n)
  "Move to the start of the line's Nth blank-separated field (counting
from the end when N is negative)."
  (if (> n 0)
      (progn
        (dotimes (_ (1- n))
          (skip-chars-forward " \t")
          (skip-chars-forward "^ \t\n"))
        (skip-chars-forward " \t")
        (when (eolp) (sort--too-few-fields)))
    (end-of-line)
    (dotimes (_ (1- (- n)))
      (skip-chars-backward " \t")
      (skip-chars-backward "^ \t\n"))
    (skip-chars-backward " \t")
    (when (bolp) (sort--too-few-fields))
    (skip-chars-backward "^ \t\n")))

(defun sort-fields-1 (_field beg end startkeyfun endkeyfun)
  "Sort the lines from BEG to END, one record each, with the field
syntax table: STARTKEYFUN and ENDKEYFUN find each line's key (they
know the field to look at themselves)."
  (sort--within beg end
                (lambda ()
                  (with-syntax-table sort-fields-syntax-table
                    (sort-subr nil #'forward-line #'end-of-line startkeyfun endkeyfun)))))

(defun sort--by-field (field beg end key-here key-end)
  "Sort the lines from BEG to END by their FIELDth field: at its start,
KEY-HERE returns the key, or nil for the text up to where KEY-END
moves."
  (let ((inhibit-field-text-motion t))
    (sort-fields-1 field beg end
                   (lambda ()
                     (sort-skip-fields field)
                     (funcall key-here))
                   key-end)))

(defun sort-fields (field beg end)
  "Sort the lines between BEG and END by their FIELDth blank-separated
field, alphabetically (negative FIELD counts from the line's end)."
  (interactive "p\nr")
  (sort--by-field field beg end #'ignore (lambda () (skip-chars-forward "^ \t\n"))))

(defun sort--number-here ()
  "The number at point: hexadecimal after 0x, octal after a leading 0,
else in `sort-numeric-base'."
  (let* ((case-fold-search t)
         (base (cond ((looking-at "0x[0-9a-f]") (forward-char 2) 16)
                     ((looking-at "0[0-7]") (forward-char 1) 8)
                     (t sort-numeric-base))))
    (string-to-number (buffer-substring (point) (save-excursion (forward-sexp 1) (point)))
                      base)))

(defun sort-numeric-fields (field beg end)
  "Sort the lines between BEG and END by the number in their FIELDth
blank-separated field."
  (interactive "p\nr")
  (sort--by-field field beg end #'sort--number-here nil))

;;;; Sorting by columns, with the system's sort program

(defvar sort-columns-subprocess t
  "Non-nil: `sort-columns' hands the lines to the sort program.
On GNU/Linux it always does, whatever this says.")

(defun sort--columns-key-option (col-a col-b)
  "The sort program's -k option for the characters from the lesser of
the columns COL-A and COL-B through the greater, both included; the
whole line is field 1, since tab separates fields and lines have none."
  (format "-k1.%d,1.%d" (1+ (min col-a col-b)) (1+ (max col-a col-b))))

(defun sort-columns (reverse &optional beg end)
  "Sort the whole lines that BEG and END are on (and those between) by
the text in the columns from BEG's to END's, both included, running the
program sort (with -f when `sort-fold-case' is set, -r with REVERSE).
Lines with equal keys come in the order of their whole text.  Tabs in
those lines are an error, as the program counts them as one column
\(it counts bytes, too, so columns after non-ASCII text are off, as in
Emacs).  Return the program's exit status.

When that text has text properties (other than `fontified'), Emacs
sorts it itself instead, stably and by the columns from BEG's up to
END's, END's not included, and returns nil; so does this."
  (interactive "P\nr")
  (let ((low (min beg end)) (high (max beg end))
        (inhibit-field-text-motion t)) ; whole lines, whatever the fields
    (save-excursion
      (goto-char high)
      (let* ((high-col (current-column))
             (stop (progn (forward-line 1) (point)))
             (low-col (progn (goto-char low) (current-column)))
             (start (progn (beginning-of-line) (point))))
        (when (search-forward "\t" stop t)
          (error "sort-columns does not work with tabs -- use %s"
                 (substitute-command-keys "\\[untabify]")))
        ;; From the end, as in Emacs, for the undo list's sake (its
        ;; marker adjustments show where point was).
        (goto-char stop)
        (if (sort--properties-besides-fontified-p start stop)
            (save-excursion
              (sort--columns-here reverse start stop low-col high-col))
          (apply #'call-process-region start stop "sort" t t nil
                 (append (and sort-fold-case '("-f"))
                         (list (if reverse "-rt\t" "-t\t")
                               (sort--columns-key-option low-col high-col)))))))))

(defun sort--properties-besides-fontified-p (start stop)
  "Non-nil when some text from START to STOP has a text property other
than `fontified' (even one whose value is nil)."
  (let ((pos start) (found nil))
    (while (and (not found) (< pos stop))
      (let ((plist (text-properties-at pos)))
        (while (and plist (not found))
          (setq found (not (eq (car plist) 'fontified))
                plist (cddr plist))))
      (setq pos (next-property-change pos nil stop)))
    found))

(defun sort--columns-here (reverse start stop low-col high-col)
  "Sort the lines from START to STOP in Lisp, by the text from column
LOW-COL up to (not including) HIGH-COL, stably, so that the program's
output does not drop their text properties; return nil as Emacs does."
  (save-restriction
    (narrow-to-region start stop)
    (goto-char (point-min))
    (sort-subr reverse #'forward-line #'end-of-line
               (lambda () (move-to-column low-col) nil)
               (lambda () (move-to-column high-col)))))

(provide 'sort)

;;; sort.el ends here
