;;; indent.el --- tab stops, relative indentation, margins -*- lexical-binding: t -*-

;; The commands behind TAB and the margin commands, written for marrow
;; from the documented and observed behaviour of Emacs 28.  Their
;; variables (`tab-stop-list', `standard-indent', `tab-always-indent',
;; `tab-first-completion') are in subr.el, which also autoloads this
;; file, since Emacs preloads it.  As in Emacs, loading it provides no
;; feature.

;;; ---- Tab stops ----------------------------------------------------

(defun indent--stop-after-list ()
  "The distance between the tab stops past the end of `tab-stop-list'."
  (let ((final-pair (last tab-stop-list 2)))
    (if (cdr final-pair)
        (- (cadr final-pair) (car final-pair))
      tab-width)))

(defun indent--even-stop (column prev)
  "The tab stop after COLUMN (before it when PREV) with a stop at every
multiple of `tab-width'."
  (cond ((not prev) (* tab-width (1+ (/ column tab-width))))
        ((<= column 0) (- tab-width))
        (t (* tab-width (/ (1- column) tab-width)))))

(defun indent--listed-stop (column prev)
  "The stop of `tab-stop-list' after COLUMN, or with PREV the last one
before it (0 when none is), COLUMN being before the list's last stop."
  (if prev
      (let ((before 0))
        (dolist (stop tab-stop-list before)
          (when (< stop column)
            (setq before stop))))
    (seq-find (lambda (stop) (> stop column)) tab-stop-list)))

(defun indent--repeated-stop (column prev)
  "The stop after COLUMN (before it when PREV) among those that repeat
the last step of `tab-stop-list' past its end, COLUMN not being before
the list's last stop."
  (let* ((origin (car (last tab-stop-list)))
         (step (indent--stop-after-list))
         (steps (if prev
                    (floor (- column origin 1) step)
                  (1+ (/ (- column origin) step)))))
    (+ origin (* steps step))))

(defun indent-next-tab-stop (column &optional prev)
  "Return the first tab stop after COLUMN, or with PREV the last one
before it.  The stops are those of `tab-stop-list', then more of them
as far apart as its last two (`tab-width' apart if it has fewer than
two); with no list, every `tab-width' columns."
  (cond ((null tab-stop-list) (indent--even-stop column prev))
        ((>= column (car (last tab-stop-list)))
         (indent--repeated-stop column prev))
        (t (indent--listed-stop column prev))))

(defun indent-accumulate-tab-stops (limit)
  "Return the list of the tab stops after column 0, up to LIMIT included."
  (let ((stops nil)
        (stop (indent-next-tab-stop 0)))
    (while (<= stop limit)
      (push stop stops)
      (setq stop (indent-next-tab-stop stop)))
    (nreverse stops)))

(defun indent--maybe-expand-abbrev ()
  "Expand the abbrev before point first, as a space would in `abbrev-mode'."
  (when (and abbrev-mode (eq (char-syntax (preceding-char)) ?w))
    (expand-abbrev)))

(defun tab-to-tab-stop ()
  "Replace the blanks before point by indentation up to the next tab stop
\(see `indent-next-tab-stop' and `tab-stop-list')."
  (interactive)
  (indent--maybe-expand-abbrev)
  (let ((goal (indent-next-tab-stop (current-column))))
    (delete-horizontal-space t)
    (indent-to goal)))

(defun indent--merge-spaces-into-tab (pos)
  "When a tab follows POS and spaces precede it, delete those spaces
the tab can stand for without moving the text after it."
  (save-excursion
    (goto-char pos)
    (when (and (eq (preceding-char) ?\s) (eq (following-char) ?\t))
      (let ((tab-start (* tab-width (/ (current-column) tab-width))))
        (while (and (eq (preceding-char) ?\s) (> (current-column) tab-start))
          (backward-char))
        (delete-region (point) pos)))))

(defun move-to-tab-stop ()
  "Move point to the next tab stop column (see `indent-next-tab-stop'),
extending the line with blanks when it is shorter."
  (interactive)
  (let ((start (point)))
    (move-to-column (indent-next-tab-stop (current-column)) t)
    (indent--merge-spaces-into-tab start)
    nil))

(defun insert-tab (&optional arg)
  "Insert ARG tabs (ARG a prefix argument, 1 if nil); without
`indent-tabs-mode', spaces up to as many multiples of `tab-width'."
  (indent--maybe-expand-abbrev)
  (let ((count (prefix-numeric-value arg)))
    (if (not indent-tabs-mode)
        (let ((whole-tabs-before (/ (current-column) tab-width)))
          (indent-to (* (+ whole-tabs-before count) tab-width)))
      (insert-char ?\t count))))

;;; ---- Relative indentation ------------------------------------------

(defun indent--to-previous-nonempty-line ()
  "Move to the start of the nearest line above with any character on it;
return nil, point at the buffer's start, when there is none."
  (let ((found nil))
    (beginning-of-line)
    (while (and (not found) (not (bobp)))
      (forward-line -1)
      (setq found (not (eolp))))
    found))

(defun indent--relative-column (column first-only)
  "The column of the first indent point (a non-blank after a blank) at
or past COLUMN on the previous non-empty line, or with FIRST-ONLY the
first non-blank there; nil when there is no such line or point."
  (save-excursion
    (when (indent--to-previous-nonempty-line)
      (let ((next-line (line-beginning-position 2)))
        (move-to-column column)
        (when (> (current-column) column)
          (backward-char))
        (unless (or first-only (memq (following-char) '(?\s ?\t)))
          (skip-chars-forward "^ \t" next-line))
        (skip-chars-forward " \t" next-line)
        (and (< (point) next-line) (current-column))))))

(defun indent-relative (&optional first-only unindented-ok)
  "Indent from point to under the next indent point of the previous
non-empty line, an indent point being a non-blank after a blank (with
FIRST-ONLY, to its first non-blank).  Where there is none, do
`tab-to-tab-stop', or nothing when UNINDENTED-OK."
  (interactive "P")
  (indent--maybe-expand-abbrev)
  (let ((goal (indent--relative-column (current-column) first-only)))
    (cond (goal
           (let ((start (point-marker)))
             (indent-to goal)
             ;; The value is the marker, freed, as Emacs returns it.
             (set-marker start nil)))
          ((not unindented-ok) (tab-to-tab-stop)))))

(defun indent-relative-first-indent-point ()
  "Indent from point to the column where the text of the previous
non-empty line starts, if that is further right; on the first line,
do `tab-to-tab-stop'."
  (interactive)
  (indent-relative t))

(define-obsolete-function-alias 'indent-relative-maybe
  #'indent-relative-first-indent-point "26.1")

;;; ---- TAB ------------------------------------------------------------

(defun indent--call-widened (function)
  "Call FUNCTION with the whole buffer accessible."
  (save-restriction
    (widen)
    (funcall function)))

(defun indent--tab-inserts-p ()
  "Non-nil when TAB should insert a tab rather than indent."
  (cond ((eq indent-line-function 'indent-to-left-margin) t)
        (tab-always-indent nil)
        ;; A TAB repeated (or any, in batch) past the indentation too.
        ((eq last-command this-command) t)
        (t (< (current-indentation) (current-column)))))

(defun indent--completion-wanted-p ()
  "Non-nil when `tab-first-completion' lets a first TAB complete here.
A repeated TAB always completes; so does any in batch, where
`this-command' and `last-command' are both nil.  Emacs 28 looks for
the syntax class of the next character in a list of syntax descriptors,
where it is never found, so the `word' values never hold TAB back."
  (or (null tab-first-completion)
      (eq last-command this-command)
      (and (eq tab-first-completion 'eol) (eolp))
      (memq tab-first-completion '(word word-or-paren word-or-paren-or-punct))))

(defun indent--shift-sexp-lines (change)
  "Move the lines after this one that the expression starting this line
spans by CHANGE columns."
  (save-excursion
    (beginning-of-line)
    (let ((sexp-end (save-excursion (forward-sexp) (point-marker))))
      (forward-line 1)
      (when (and (/= change 0) (< (point) sexp-end))
        (indent-rigidly (point) sexp-end change))
      (set-marker sexp-end nil))))

(defun indent--indent-line-for-tab (arg)
  "Indent this line for `indent-for-tab-command'; then complete, or with
ARG move the rest of the expression this line starts along with it."
  (let ((tick (buffer-chars-modified-tick))
        (start (point))
        (indentation (current-indentation)))
    (when (and (eq (indent--call-widened indent-line-function) 'noindent)
               (or (not (eq tab-always-indent 'complete))
                   (<= (current-column) (current-indentation))))
      (indent--call-widened (default-value 'indent-line-function)))
    (cond ((and (eq tab-always-indent 'complete)
                (= start (point))
                (= tick (buffer-chars-modified-tick))
                (indent--completion-wanted-p))
           (completion-at-point))
          (arg (indent--shift-sexp-lines (- (current-indentation) indentation))
               nil))))

(defun indent-for-tab-command (&optional arg)
  "Indent this line with `indent-line-function', or insert a tab, as
`tab-always-indent' says; with an active region, indent the region.
With ARG, the rest of the expression this line starts moves with it."
  (interactive "P")
  (cond ((use-region-p) (indent-region (region-beginning) (region-end)))
        ((indent--tab-inserts-p) (insert-tab arg))
        (t (indent--indent-line-for-tab arg))))

;;; ---- Rigid indentation ----------------------------------------------

(defun indent-rigidly-left (beg end)
  "Move the lines starting between BEG and END one column left."
  (interactive "r")
  (indent-rigidly beg end -1))

(defun indent-rigidly-right (beg end)
  "Move the lines starting between BEG and END one column right."
  (interactive "r")
  (indent-rigidly beg end 1))

(defun indent--least-indentation (beg end)
  "The least indentation of the lines from that of BEG to END that a
search finds: from a line's start, whitespace (newlines included) then
a printing character, the whole before END.  A line of blanks thus
counts only when no text follows it before END; nil if none is found."
  (save-excursion
    (goto-char beg)
    (beginning-of-line)
    (let ((least nil))
      (while (re-search-forward "^\\s-*[[:print:]]" end t)
        (let ((indentation (current-indentation)))
          (setq least (min indentation (or least indentation)))))
      least)))

(defun indent--rigidly-to-stop (beg end prev)
  "Move the lines starting between BEG and END so that the least indented
reaches the next tab stop (the one before when PREV)."
  (let ((least (indent--least-indentation beg end)))
    ;; With no such line, LEAST is nil and this signals, as in Emacs.
    (indent-rigidly beg end (- (indent-next-tab-stop least prev) least))))

(defun indent-rigidly-left-to-tab-stop (beg end)
  "Move the lines starting between BEG and END left together, their
least indentation going to the tab stop before it."
  (interactive "r")
  (indent--rigidly-to-stop beg end t))

(defun indent-rigidly-right-to-tab-stop (beg end)
  "Move the lines starting between BEG and END right together, their
least indentation going to the tab stop after it."
  (interactive "r")
  (indent--rigidly-to-stop beg end nil))

(defun indent--reindent-line-by (delta)
  "Replace the indentation of the line starting at point by one DELTA
columns wider (never below 0); empty the line if it has only blanks."
  (let ((indentation (current-indentation)))
    (delete-region (point) (progn (skip-chars-forward " \t") (point)))
    (unless (eolp)
      (indent-to (max 0 (+ indentation delta))))))

(defun indent-code-rigidly (start end arg &optional nochange-regexp)
  "Move the lines starting between START and END by ARG columns, except
those starting inside a string (START being outside any)
and those NOCHANGE-REGEXP matches at their start."
  (interactive "r\np")
  (save-excursion
    (let ((stop (copy-marker end))
          (state nil))
      (goto-char start)
      (unless (bolp)
        (setq state (parse-partial-sexp (point) (line-beginning-position 2))))
      (while (< (point) stop)
        (let ((line-start (point)))
          (unless (or (nth 3 state)
                      (and nochange-regexp (looking-at nochange-regexp)))
            (indent--reindent-line-by arg))
          (setq state (parse-partial-sexp line-start (line-beginning-position 2)
                                          nil nil state))))
      (set-marker stop nil)
      nil)))

;;; ---- Margins ----------------------------------------------------------

(defun beginning-of-line-text (&optional n)
  "Move to where the text of this line starts (N - 1 lines on, with N):
past the indentation, then the fill prefix (or what adaptive filling
takes for one), then the blanks that centre or right-justify the line."
  (interactive "^p")
  (beginning-of-line n)
  (skip-chars-forward " \t")
  (cond ((and fill-prefix (not (string= fill-prefix "")))
         (when (looking-at (regexp-quote fill-prefix))
           (goto-char (match-end 0))))
        ((and adaptive-fill-mode adaptive-fill-regexp
              (looking-at adaptive-fill-regexp))
         (goto-char (match-end 0))))
  (and (memq (current-justification) '(center right))
       (skip-chars-forward " \t")))

(defun indent-to-left-margin ()
  "Indent this line to `current-left-margin'; point in the indentation
goes to its end."
  (let ((in-indentation (<= (current-column) (current-indentation))))
    (save-excursion (indent-line-to (current-left-margin)))
    (and in-indentation (skip-chars-forward " \t"))))

(defun indent--region-start (from)
  "FROM, or the start of its line when only blanks come before it there."
  (save-excursion
    (goto-char from)
    (skip-chars-backward " \t")
    (if (bolp) (point) from)))

(defun indent--region-end (to)
  "TO moved past the blanks that follow it."
  (save-excursion
    (goto-char to)
    (skip-chars-forward " \t")
    (point)))

(defun indent--refill (from to)
  "Fill FROM..TO again after a margin change, when Auto Fill is on."
  (when auto-fill-function
    (fill-region from to nil t t)))

(defun indent--delete-blanks-to-column (column)
  "Delete the blanks from the start of this line up to COLUMN, or all of
them when they end before it (a tab spanning COLUMN is split)."
  (beginning-of-line)
  (let ((line-start (point)))
    (skip-chars-forward " \t")
    (when (> (current-column) column)
      (move-to-column column t))
    (delete-region line-start (point))))

(defun delete-to-left-margin (&optional from to)
  "Delete the indentation of the lines starting between FROM and TO (the
whole accessible buffer by default) up to their `current-left-margin';
only blanks go."
  (save-excursion
    (let ((end (copy-marker (or to (point-max)))))
      (goto-char (or from (point-min)))
      (unless (bolp) (forward-line 1))
      (while (< (point) end)
        (indent--delete-blanks-to-column (current-left-margin))
        (forward-line 1))
      (set-marker end nil))))

(defun set-left-margin (from to width)
  "Make WIDTH the left margin of the region FROM..TO: the lines lose
their old margin's worth of indentation and gain WIDTH columns of it.
With Auto Fill, fill the region again."
  (interactive "r\nNSet left margin to column: ")
  (save-excursion
    (let ((from (indent--region-start from))
          (end (copy-marker (indent--region-end to))))
      (delete-to-left-margin from end)
      (put-text-property from end 'left-margin width)
      (indent-rigidly from end width)
      (indent--refill from end)
      (set-marker end nil))))

(defun indent--margin-change (inc)
  "INC as a number of columns: a prefix argument, `standard-indent' if nil."
  (if inc (prefix-numeric-value inc) standard-indent))

(defun indent--add-to-margin (property from to delta floor)
  "Add DELTA to the margin PROPERTY of each character FROM..TO, keeping
the sums at FLOOR or above when FLOOR is non-nil."
  (let ((pos from))
    (while (< pos to)
      (let ((run-end (next-single-property-change pos property nil to))
            (sum (+ delta (or (get-text-property pos property) 0))))
        (put-text-property pos run-end property (if floor (max floor sum) sum))
        (setq pos run-end)))))

(defun increase-left-margin (from to inc)
  "Widen the left margin of FROM..TO by INC columns (a prefix argument;
`standard-indent' if nil), moving its lines along."
  (interactive "*r\nP")
  (let ((delta (indent--margin-change inc)))
    (save-excursion
      (let ((from (indent--region-start from))
            (end (copy-marker to)))
        ;; The margin itself, `left-margin' added, stays at 0 or more.
        (indent--add-to-margin 'left-margin from end delta (- left-margin))
        (indent-rigidly from end delta)
        (indent--refill from end)
        (set-marker end nil)))))

(defun decrease-left-margin (from to inc)
  "Narrow the left margin of FROM..TO by INC columns (a prefix argument;
`standard-indent' if nil), moving its lines along."
  (interactive "*r\nP")
  (increase-left-margin from to (- (indent--margin-change inc))))

(defun set-right-margin (from to width)
  "Make WIDTH the right margin of the region FROM..TO; with Auto Fill,
fill it again."
  (interactive "r\nNSet right margin to width: ")
  (let ((from (indent--region-start from)))
    (put-text-property from to 'right-margin width)
    (indent--refill from to)))

(defun increase-right-margin (from to inc)
  "Widen the right margin of FROM..TO by INC columns (a prefix argument;
`standard-indent' if nil; narrow it when negative)."
  (interactive "r\nP")
  (indent--add-to-margin 'right-margin from to (indent--margin-change inc) nil)
  (indent--refill from to))

(defun decrease-right-margin (from to inc)
  "Narrow the right margin of FROM..TO by INC columns (a prefix argument;
`standard-indent' if nil; widen it when negative)."
  (interactive "*r\nP")
  (increase-right-margin from to (- (indent--margin-change inc))))

;;; ---- Moving to indentation -----------------------------------------------

(defun forward-to-indentation (&optional arg)
  "Move ARG lines forward (1 if nil), then past the blanks there; return
how many blanks that was."
  (interactive "^p")
  (forward-line (or arg 1))
  (skip-chars-forward " \t"))

;;; indent.el ends here
