;;; newcomment.el --- commenting and uncommenting code  -*- lexical-binding: t -*-

;; The comment commands of marrow, written from what Emacs 28 documents
;; and does.  Their variables are in subr.el, preloaded as in Emacs.
;;
;; A comment "starter" is `comment-start' with its padding, e.g. ";; "
;; in Lisp; an "ender" is `comment-end' with its padding, e.g. " */".
;; Both are made by `comment-padright' and `comment-padleft'.

;;;; Small helpers on strings

(defun comment-string-strip (str beforep afterp)
  "STR without its leading blanks if BEFOREP, its trailing ones if AFTERP."
  (let* ((from (if beforep (progn (string-match "\\`[ \t\n]*" str) (match-end 0)) 0))
         (to (if afterp (string-match "[ \t\n]*\\'" str from) (length str))))
    (substring str from (max from to))))

(defun comment--pieces (str)
  "STR as (BLANKS-BEFORE TEXT BLANKS-AFTER), or nil if STR is all blanks."
  (let ((first (and str (string-match "[^ \t\n]" str))))
    (when first
      (let ((last (string-match "[ \t\n]*\\'" str first)))
        (list (substring str 0 first) (substring str first last)
              (substring str last))))))

(defun comment--padding-string ()
  "The value of `comment-padding' as a string."
  (cond ((integerp comment-padding) (make-string comment-padding ?\s))
        ((stringp comment-padding) comment-padding)
        (t "")))

(defun comment--missing-padding (blanks at-end)
  "What of the padding string is not yet supplied by BLANKS.
AT-END non-nil compares BLANKS with the padding's end, for padding
that goes before an ender."
  (let* ((pad (comment--padding-string))
         (k (min (length blanks) (length pad)))
         (have (if at-end (substring blanks (- (length blanks) k)) (substring blanks 0 k)))
         (want (if at-end (substring pad (- (length pad) k)) (substring pad 0 k))))
    (cond ((not (string= have want)) pad)
          (at-end (substring pad 0 (- (length pad) k)))
          (t (substring pad k)))))

(defun comment--optional-chars-re (str)
  "A regexp matching any prefix-wise subset of STR's characters, each optional."
  (mapconcat (lambda (c) (concat (regexp-quote (string c)) "?")) str ""))

(defun comment-padright (str &optional n)
  "STR followed by `comment-padding', as a comment starter.
N more copies (default none) of STR's last non-blank character are
put after it; blanks STR ends with stand for as much of the padding.
N `re' means a regexp matching what any N would give instead.
Call `comment-normalize-vars' first."
  (let ((parts (comment--pieces str)))
    (when parts
      (pcase-let* ((`(,before ,text ,after) parts)
                   (tail (concat after (comment--missing-padding after nil))))
        (if (eq n 're)
            (concat (comment--optional-chars-re before) (regexp-quote text) "+"
                    (comment--optional-chars-re tail))
          (concat before text
                  (make-string (or n 0) (aref text (1- (length text))))
                  tail))))))

(defun comment-padleft (str &optional n)
  "`comment-padding' followed by STR, as a comment ender.
N more copies (default none) of STR's first non-blank character are
put before it; blanks STR starts with stand for as much of the padding.
N `re' means a regexp matching what any N would give instead.
Call `comment-normalize-vars' first."
  (unless (or (null str) (string= str ""))
    (let ((parts (comment--pieces str)))
      (unless parts (signal 'args-out-of-range (list str 1)))
      (pcase-let* ((`(,before ,text ,after) parts)
                   (lead (aref text 0)))
        (if (eq n 're)
            (concat "\\s-*" (regexp-quote (string lead)) "*"
                    (regexp-quote (concat text after)))
          (concat (comment--missing-padding before t) before
                  (make-string (or n 0) lead) text after))))))

(defun comment--single-char-p ()
  "Non-nil if `comment-start' is one character before its blanks."
  (= (string-match "[ \t]*\\'" comment-start) 1))

(defun comment-add (arg)
  "The number of extra comment characters a command with prefix ARG uses.
Without ARG and for a one-character `comment-start' that is
`comment-add'; otherwise one less than ARG's numeric value."
  (if (and (null arg) (comment--single-char-p))
      comment-add
    (1- (prefix-numeric-value arg))))

;;;; Setting up

(defconst comment--escape-prefix-re "\\(\\(^\\|[^\\\n]\\)\\(\\\\\\\\\\)*\\)"
  "Matches what may precede an unescaped comment starter.")

(defun comment--syntax-agrees-p ()
  "Non-nil if the syntax table reads `comment-start' as a comment."
  (let ((table (syntax-table))
        (text (concat comment-start " x "
                      (if (string= comment-end "") "\n" comment-end))))
    (with-temp-buffer
      (set-syntax-table table)
      (insert text)
      (goto-char (point-min))
      (and (forward-comment 1) (eobp)))))

(defun comment--default-end-skip ()
  "A regexp matching `comment-end' and the blanks before it."
  (let ((ender (comment-string-strip comment-end t t)))
    (concat "[ \t]*\\(\\s>\\|"
            (if (string= ender "")
                "\n"
              (concat (regexp-quote (substring ender 0 1)) "+"
                      (regexp-quote (substring ender 1))))
            "\\)")))

(defun comment-normalize-vars (&optional noerror)
  "Check and set up the variables the comment commands rely on.
Every command calls this; Lisp callers of the other comment
functions should call it first.  Without a `comment-start', ask
for one unless NOERROR is non-nil."
  (if (not comment-start)
      (unless noerror
        (setq-local comment-start (read-string "No comment syntax is defined.  Use: ")))
    (when (integerp comment-padding)
      (setq comment-padding (make-string comment-padding ?\s)))
    (when (eq comment-use-syntax 'undecided)
      (setq-local comment-use-syntax (comment--syntax-agrees-p)))
    (unless comment-start-skip
      (setq-local comment-start-skip
                  (concat comment--escape-prefix-re "\\(?:\\s<+\\|"
                          (regexp-quote (comment-string-strip comment-start t t))
                          "+\\)[ \t]*")))
    (unless comment-end-skip
      (setq-local comment-end-skip (comment--default-end-skip)))
    (when (and (null comment-continue) (not (string= comment-end "")))
      (setq-local comment-continue (concat " " (substring comment-start 1))))
    t))

;;;; Finding comments

(defun comment--skip-match-start ()
  "Where the comment found by the last `comment-start-skip' match starts."
  (or (match-end 1) (match-beginning 0)))

(defun comment--skip-end-from (from start)
  "End of a `comment-start-skip' match at FROM for the comment at START."
  (save-excursion
    (goto-char from)
    (and (looking-at comment-start-skip)
         (= (comment--skip-match-start) start)
         (match-end 0))))

(defun comment--enter (start)
  "Move to just after the starter of the comment at START; return START.
The match may need the character before START (an escape check)."
  (goto-char (or (comment--skip-end-from start start)
                 (and (> start (point-min)) (comment--skip-end-from (1- start) start))
                 (1+ start)))
  start)

(defun comment--syntax-search-forward (limit)
  "Find, by syntax, a comment starting between point and LIMIT."
  ;; Like Emacs, the search takes point to be outside any comment.
  (let ((state nil)
        (from (point))
        found)
    (while (and (not found) (< (point) limit))
      (setq state (parse-partial-sexp (point) limit nil nil state 'syntax-table))
      (when (and (nth 4 state) (>= (nth 8 state) from))
        (setq found (nth 8 state))))
    found))

(defun comment-search-forward (limit &optional noerror)
  "Look for a comment starting between point and LIMIT.
When one is found, leave point after its starter and return where it
begins.  Otherwise go to LIMIT and fail: with an error, or by
returning nil when NOERROR is non-nil.
Call `comment-normalize-vars' first."
  (let ((start (if comment-use-syntax
                   (comment--syntax-search-forward limit)
                 (and (re-search-forward comment-start-skip limit t)
                      (comment--skip-match-start)))))
    (cond (start (comment--enter start))
          (t (goto-char limit)
             (unless noerror (error "No comment"))))))

(defun comment--syntax-search-backward (limit)
  "Find, by syntax, the start of a comment before point, not before LIMIT."
  (let (start)
    (while (and (not start) (re-search-backward comment-start-skip limit t))
      (let* ((here (comment--skip-match-start))
             (state (save-excursion (syntax-ppss (1+ here)))))
        (setq start (and (nth 4 state) (nth 8 state)))))
    start))

(defun comment-search-backward (&optional limit noerror)
  "Look back for a comment starting between LIMIT and point.
When one is found, leave point after its starter and return where it
begins.  Otherwise go to LIMIT and fail: with an error, or by
returning nil when NOERROR is non-nil.
Call `comment-normalize-vars' first."
  (let ((start (if comment-use-syntax
                   (comment--syntax-search-backward limit)
                 ;; By regexp, the last match ending before point wins,
                 ;; point going to its end.
                 (and (re-search-backward comment-start-skip limit t)
                      (progn (goto-char (match-end 0))
                             (comment--skip-match-start))))))
    (cond ((and start comment-use-syntax) (comment--enter start))
          (start start)
          (t (goto-char (or limit (point-min)))
             (unless noerror (error "No comment"))))))

(defun comment-beginning ()
  "If point is in a comment, go after its starter and return its start.
Return nil when point is not in a comment."
  (if comment-use-syntax
      (let ((state (save-excursion (syntax-ppss))))
        (when (nth 4 state) (comment--enter (nth 8 state))))
    (let* ((here (point))
           (start (comment-search-backward nil t)))
      ;; Emacs accepts only a starter its regexp matches from there,
      ;; and no ender between it and where point was.
      (cond ((not (and start (save-excursion (goto-char start)
                                              (looking-at comment-start-skip))))
             nil)
            ((if (string= comment-end "")
                 (> here (save-excursion (goto-char start) (line-end-position)))
               (save-excursion (re-search-forward comment-end-skip here t)))
             (goto-char here)
             nil)
            (t start)))))

(defun comment--regexp-forward-1 ()
  "Move over blanks and one comment, by regexps; nil if none follows."
  (skip-chars-forward " \t\n")
  (when (looking-at comment-start-skip)
    (goto-char (match-end 0))
    (if (re-search-forward comment-end-skip nil 'move) t
      (goto-char (point-max)) t)))

(defun comment-forward (&optional n)
  "Skip forward over N comments (default 1), and the blanks around them.
Like `forward-comment' with a positive N, but works by regexps when
the syntax table does not describe the comments."
  (setq n (or n 1))
  (if comment-use-syntax
      (forward-comment n)
    (let ((ok t))
      (while (and ok (> n 0))
        (setq ok (comment--regexp-forward-1)
              n (1- n)))
      ok)))

(defun comment-only-p (beg end)
  "Non-nil if nothing but comments and blanks lies between BEG and END."
  (save-excursion
    (goto-char beg)
    (comment-forward (point-max))
    (unless comment-use-syntax (skip-chars-forward " \t\n"))
    (>= (point) end)))

;;;; Indenting one comment

(defun comment-indent-default ()
  "Default for `comment-indent-function'."
  (let ((at-indentation (= (current-column) (current-indentation))))
    (cond ((and (looking-at "\\s<\\s<\\(\\s<\\)?")
                (or (match-beginning 1) (not at-indentation)))
           0)
          ((or (not at-indentation)
               (and (> comment-add 0) (looking-at "\\s<\\(?:\\S<\\|\\'\\)")))
           comment-column))))

(defun lisp-comment-indent ()
  "`comment-indent-default' for Lisp, keeping `;;' right after an open paren."
  (or (and (looking-at "\\s<\\s<")
           (save-excursion
             (skip-syntax-backward " ")
             (and (eq (char-before) ?\()
                  (cons (current-column) (current-column)))))
      (comment-indent-default)))

(defun comment--column-on-previous-line ()
  "The column of the comment on the line before this one, or nil."
  (save-excursion
    (and (zerop (forward-line -1))
         (let ((start (comment-search-forward (line-end-position) t)))
           (and start (progn (goto-char start) (current-column)))))))

(defun comment-choose-indent (&optional indent)
  "Choose the column for a comment following code on its line.
In order: keep the comment within `comment-fill-column', line it up
with a comment on the line above, prefer INDENT (default
`comment-column').  Point is at the comment's start."
  (let* ((wanted (or indent comment-column))
         (lowest (save-excursion
                   (skip-chars-backward " \t")
                   (if (bolp) 0 (+ (current-column) comment-inline-offset))))
         (width (- (save-excursion (end-of-line) (current-column)) (current-column)))
         (highest (- (or comment-fill-column fill-column) width))
         (above (comment--column-on-previous-line)))
    (cond ((and above (<= lowest above) (<= above highest)) above)
          ((< wanted lowest) lowest)
          ((> wanted highest) (max lowest highest))
          (t wanted))))

(defun comment--code-before-p ()
  "Non-nil if something other than blanks precedes point on its line."
  (save-excursion (skip-chars-backward " \t") (not (bolp))))

(defun comment--reindent-at-point (existing)
  "Put the comment at point in its column; EXISTING nil means it was just
made.  Point ends at the comment's start."
  (let ((column (save-excursion (funcall comment-indent-function))))
    (if (null column)
        (let ((start (copy-marker (point) t)))
          (indent-according-to-mode)
          (goto-char start)
          (set-marker start nil))
      (if (consp column)
          (setq column (car column))
        (when (comment--code-before-p)
          (setq column (comment-choose-indent column))))
      (unless (= (current-column) column)
        ;; Blanks are kept before a new comment that moves right.
        (when (or existing (< column (current-column)))
          (delete-region (save-excursion (skip-chars-backward " \t") (point)) (point)))
        (indent-to column)))))

(defun comment-indent (&optional continue)
  "Put this line's comment at its column, making an empty one if there is none.
Non-nil CONTINUE makes the new comment with `comment-continue', if set."
  (interactive "*")
  (comment-normalize-vars)
  (let* ((continuing (and continue comment-continue))
         (starter (if continuing comment-continue comment-start))
         (ender (if continuing "" comment-end))
         (limit (line-end-position))
         start skip-length existing)
    (beginning-of-line)
    (setq start (comment-search-forward limit t))
    (if start
        (setq skip-length (- (point) start)
              existing t)
      (goto-char limit)
      ;; Code reaching the comment column is kept a space away.
      (when (and (not (bolp)) (>= (current-column) comment-column))
        (insert " "))
      (setq skip-length (length starter))
      (insert starter ender)
      (backward-char (+ (length starter) (length ender))))
    (goto-char (or start (point)))
    (comment--reindent-at-point existing)
    (forward-char skip-length)
    (set-marker (point-marker) nil)))

(defun comment--column-of-previous-comment ()
  "The column of the nearest comment starting before this line."
  (save-excursion
    (beginning-of-line)
    (goto-char (comment-search-backward))
    (current-column)))

(defun comment-set-column (arg)
  "Make the current column the comment column.
ARG `-' kills this line's comment instead; any other non-nil ARG takes
the column of the comment before this line, then indents or adds a
comment here."
  (interactive "P")
  (if (eq arg '-)
      (comment-kill nil)
    (when arg (comment-normalize-vars))
    (setq comment-column (if arg (comment--column-of-previous-comment) (current-column)))
    (message "Comment column set to %d" comment-column)
    (when arg (comment-indent))))

(defun comment-kill (arg)
  "Kill the comment of this line, if it has one.
A prefix ARG kills the comments of that many lines, from this one down."
  (interactive "P")
  (comment-normalize-vars)
  (dotimes (_ (prefix-numeric-value arg))
    (save-excursion
      (beginning-of-line)
      (let ((start (comment-search-forward (line-end-position) t)))
        (when start
          (goto-char start)
          (skip-syntax-backward " ")
          (let ((from (point)))
            (goto-char start)
            (comment-forward 1)
            (kill-region from (if (bolp) (1- (point)) (point)))
            (indent-according-to-mode)))))
    (when arg (forward-line 1))))

;;;; Quoting comment markers nested in a region

(defun comment--nested-markers (starter ender)
  "The (TEXT . BREAK) pairs of STARTER and ENDER to quote: TEXT is the
marker and BREAK where in it a backslash goes."
  (let ((open (comment-string-strip starter t t))
        (close (comment-string-strip ender t t)))
    (delq nil (list (and (> (length open) 1) (cons open 1))
                    (and (> (length close) 1) (cons close (1- (length close))))))))

(defun comment-quote-nested-default (starter ender unquote)
  "Quote the comment markers STARTER and ENDER in the accessible text,
or with UNQUOTE non-nil, remove such quoting."
  (dolist (marker (comment--nested-markers starter ender))
    (let* ((text (car marker))
           (cut (cdr marker))
           (quoted (concat (substring text 0 cut) "\\" (substring text cut))))
      (goto-char (point-min))
      (while (search-forward (if unquote quoted text) nil t)
        (replace-match (if unquote text quoted) t t)))))

(defun comment-quote-nested (cs ce unp)
  "Quote comment markers CS and CE in the accessible text; UNP unquotes."
  (when (and comment-quote-nested (not (string= comment-end "")))
    (save-excursion (funcall comment-quote-nested-function cs ce unp))))

;;;; Commenting a region

(defun comment--region-bounds (beg end)
  "BEG and END moved in over blank lines, as (BEG . END); error if empty."
  (let ((b (save-excursion (goto-char beg) (skip-chars-forward " \t\n\r")
                           (max beg (line-beginning-position))))
        (e (save-excursion (goto-char end) (skip-chars-backward " \t\n\r")
                           (min end (line-end-position)))))
    (when (>= b e) (error "Nothing to comment"))
    (cons b e)))

(defun comment--whole-lines-p (beg end)
  "Non-nil if only blanks precede BEG and follow END on their lines."
  (save-excursion
    (and (progn (goto-char beg) (skip-chars-backward " \t") (bolp))
         (progn (goto-char end) (skip-chars-forward " \t") (eolp)))))

(defun comment--line-starts (beg end)
  "Markers at the starts of the lines BEG..END covers (the first at BEG)."
  (save-excursion
    (goto-char beg)
    (let ((starts (list (copy-marker beg))))
      (while (and (zerop (forward-line 1)) (<= (point) end) (not (eobp)))
        (push (copy-marker (point)) starts))
      (when (and (eobp) (bolp) (<= (point) end) (> (point) (car starts)))
        (push (copy-marker (point)) starts))
      (nreverse starts))))

(defun comment--blank-from-p (pos end)
  "Non-nil if only blanks follow POS on its line, up to END."
  (save-excursion
    (goto-char pos)
    (skip-chars-forward " \t" end)
    (or (eolp) (>= (point) end))))

(defun comment--text-column (pos)
  "The column of the first non-blank at or after POS on its line."
  (save-excursion (goto-char pos) (skip-chars-forward " \t") (current-column)))

(defun comment--goto-column (pos column)
  "Go to COLUMN on the line of POS (not before POS), adding blanks if short."
  (goto-char pos)
  (while (and (memq (char-after) '(?\s ?\t))
              (<= (save-excursion (forward-char 1) (current-column)) column))
    (forward-char 1))
  (cond ((>= (current-column) column))
        ((eq (char-after) ?\t)
         ;; A tab across COLUMN becomes blanks up to it and blanks from
         ;; it to where the tab ended, made as `indent-to' makes them.
         (let ((tab-end (save-excursion (forward-char 1) (current-column))))
           (delete-char 1)
           (indent-to column)
           (save-excursion (indent-to tab-end))))
        (t (indent-to column))))

(defun comment--plan (beg end arg)
  "How to comment BEG..END with ARG: a plist of the pieces to insert."
  (let* ((spec (cdr (assq comment-style comment-styles)))
         (single (comment--single-char-p))
         (closed (not (string= comment-end "")))
         (extra (and (nth 2 spec) (comment--whole-lines-p beg end)
                     (or (nth 1 spec) closed)
                     ;; A line end in the region, or only blanks after it.
                     (save-excursion (goto-char beg)
                                     (or (re-search-forward "$" end t)
                                         (progn (goto-char end) (looking-at-p "[ \t]*$"))))))
         (align (and (nth 1 spec) (or extra (not closed))))
         (multi (and (nth 0 spec) closed))
         (indent (if (eq (nth 3 spec) 'multi-char) (not single) (nth 3 spec)))
         ;; `indent-or-triple' triples one-character starters put in
         ;; front of an indented first line.
         (triple (and (eq (nth 3 spec) 'multi-char) single
                      (save-excursion (goto-char beg) (looking-at-p "[ \t]"))))
         (n (if (and (null arg) single)
                (* comment-add (if triple 2 1))
              (1- (prefix-numeric-value arg))))
         (starter (comment-padright comment-start n))
         (ender (cond (closed (comment-padleft comment-end n))
                      (align (comment-padleft (comment-string-strip comment-start t t) n)))))
    (list :starter starter :ender ender :multi multi :align align :extra extra
          :indent indent
          ;; One comment with its markers on lines of their own.
          :framed (and multi extra)
          :side (and multi extra align
                     (comment-padleft (comment-string-strip comment-continue t t) n))
          :continue (if multi (comment-padright comment-continue n) starter))))

(defun comment--insert-starters (starts end plan)
  "Insert the starters of PLAN on the lines at STARTS, the region ending
at END; return the column and the lines commented."
  (let* ((commented (seq-remove
                     (lambda (m) (and (comment--blank-from-p m end)
                                      (not (or comment-empty-lines
                                               (plist-get plan :multi)
                                               (plist-get plan :align)))))
                     starts))
         (column (if (plist-get plan :indent)
                     (let ((cols (delq nil (mapcar (lambda (m) (and (not (comment--blank-from-p m end))
                                                                    (comment--text-column m)))
                                                   commented))))
                       ;; Emacs also caps it at the region's end
                       ;; position, which shows on short tabbed lines.
                       (min (if cols (apply #'min cols) 0)
                            end))
                   0))
         (first t))
    (dolist (m commented)
      (comment--goto-column m column)
      (insert (if (or (plist-get plan :framed)
                      (and (plist-get plan :multi) (not first)))
                  (plist-get plan :continue)
                (plist-get plan :starter)))
      (setq first nil))
    (cons column commented)))

(defun comment--line-end-of (m last-line end)
  "Where the text of the line at M ends: END for LAST-LINE."
  (if (eq m last-line) (marker-position end)
    (save-excursion (goto-char m) (line-end-position))))

(defun comment--end-columns (lines end)
  "The columns the LINES (markers) end at, the last one at END."
  (let ((last-line (car (last lines))))
    (mapcar (lambda (m)
              (save-excursion
                (goto-char (comment--line-end-of m last-line end))
                (current-column)))
            lines)))

(defun comment--tabbed-width (lines end plan)
  "Where aligned enders go when the text of LINES (the last ending at END)
holds a tab, measured before the starters of PLAN go in, or nil.
Emacs then widens the box by a tab's width less one."
  (and (plist-get plan :align)
       (save-excursion (goto-char (car lines)) (search-forward "\t" end t))
       (save-excursion (goto-char end) (eolp))
       (+ (apply #'max (comment--end-columns lines end))
          (length (plist-get plan :starter))
          (1- tab-width))))

(defun comment--insert-enders (lines end plan &optional tabbed-width)
  "Insert PLAN's enders at the ends of LINES, the last one ending at marker END.
TABBED-WIDTH, when non-nil, is the column to align them at.
Return the column the aligned enders end at, if they are aligned."
  (let* ((last-line (car (last lines)))
         (framed (plist-get plan :framed))
         (ender (if framed (plist-get plan :side) (plist-get plan :ender)))
         (targets (cond (framed lines)
                        ((plist-get plan :multi) (list last-line))
                        (t lines)))
         (width (and (plist-get plan :align)
                     (or tabbed-width
                         (apply #'max (comment--end-columns lines end))))))
    (when ender
      (dolist (m targets)
        (goto-char (comment--line-end-of m last-line end))
        (when width (indent-to width))
        (insert ender)))
    (and width (+ width (length (or ender ""))))))

(defun comment--rule (column right open close fill-from)
  "OPEN, a run of its last character, and CLOSE, from COLUMN to RIGHT.
FILL-FROM is where the run's character is taken from."
  (concat open
          (make-string (max 0 (- right column (length open) (length close)))
                       (aref fill-from (1- (length fill-from))))
          close))

(defun comment--add-extra-lines (column lines right end plan)
  "Add the lines above and below LINES that `extra-line' and boxes have.
RIGHT is the column aligned enders end at, END the region's end marker."
  (let* ((open (comment-string-strip (plist-get plan :starter) nil t))
         (ender (or (plist-get plan :ender) ""))
         (close (comment-string-strip ender t nil))
         (framed (plist-get plan :framed))
         (top (cond ((not right) open)
                    (framed (comment--rule column right open "" open))
                    (t (comment--rule column right open close open))))
         (bottom (cond ((not right) ender)
                       ;; The same run as on top, under the starter.
                       (framed (concat " " (substring top (length open)) close))
                       (t top))))
    (goto-char end)
    (insert "\n")
    (indent-to column)
    (insert bottom)
    ;; The top goes where the first starter is, after the blanks that
    ;; line had; the starter's line is indented anew.
    (goto-char (car lines))
    (beginning-of-line)
    (move-to-column column)
    (insert top "\n")
    (indent-to column)))

(defun comment--split-at (end)
  "Break the line at END if comments there must end with their line.
The rest of the line is indented as code on a line of its own."
  (unless (or (not (string= comment-end ""))
              (save-excursion (goto-char end) (eolp)))
    (save-excursion
      (goto-char end)
      (insert "\n")
      (indent-according-to-mode))))

(defun comment--comment-lines (beg end arg)
  "Comment the lines of BEG..END, as `comment-region' with ARG does."
  (let* ((plan (comment--plan beg end arg))
         (end-marker (progn (comment--split-at end) (copy-marker end t)))
         (starts (comment--line-starts beg end))
         (closed (not (string= comment-end ""))))
    (save-restriction
      (narrow-to-region beg end)
      (comment-quote-nested comment-start comment-end nil))
    (pcase-let* ((tabbed-width (comment--tabbed-width starts end-marker plan))
                 (`(,column . ,lines) (comment--insert-starters starts end plan)))
      (when lines
        (let ((right (comment--insert-enders lines end-marker plan tabbed-width)))
          (when (plist-get plan :extra)
            (comment--add-extra-lines column lines right end-marker plan)))))
    (mapc (lambda (m) (set-marker m nil)) starts)
    (set-marker end-marker nil)
    nil))

(defun comment-region-default (beg end &optional arg)
  "Comment BEG..END as `comment-region' describes."
  (let ((numeric (prefix-numeric-value arg))
        (bounds (comment--region-bounds beg end)))
    (cond ((consp arg) (uncomment-region (car bounds) (cdr bounds)))
          ((< numeric 0) (uncomment-region (car bounds) (cdr bounds) (- numeric)))
          (t (comment--comment-lines (car bounds) (cdr bounds) arg)))))

(defun comment--run-on-region (worker beg end arg)
  "Call WORKER with the ends of BEG..END in order and ARG, keeping point."
  (comment-normalize-vars)
  (save-excursion (funcall worker (min beg end) (max beg end) arg)))

(defun comment-region (beg end &optional arg)
  "Comment out the lines of the region BEG..END.
A plain \\[universal-argument] as ARG uncomments them instead; a number
uses that many comment characters, a negative one removes that many.
Starters come from `comment-start' and `comment-padding', enders from
`comment-end' and `comment-padding'.  `comment-style' says where they
go: by default at the region's indentation, one comment per line,
leaving blank lines alone."
  (interactive "*r\nP")
  (comment--run-on-region comment-region-function beg end arg))

(defun comment-box (beg end &optional arg)
  "Comment the lines of BEG..END out inside a box of comment characters.
ARG adds that many comment characters beyond what `comment-add' asks."
  (interactive "*r\np")
  (comment-normalize-vars)
  ;; A style making one comment of the lines keeps doing so in the box.
  (let* ((one-comment (car (alist-get comment-style comment-styles)))
         (comment-style (if one-comment 'box-multi 'box))
         (count (+ comment-add arg)))
    (comment-region beg end count)))

;;;; Uncommenting

(defun comment--run-end (from limit char)
  "Where the run of CHAR starting at FROM ends, not beyond LIMIT."
  (save-excursion
    (goto-char from)
    (while (and (< (point) limit) (eq (char-after) char)) (forward-char 1))
    (point)))

(defun comment--strip-starter (start count)
  "Delete COUNT of the repeated characters of the starter at START, or the
whole starter and its padding if COUNT is nil or reaches them all.
Return where the comment's text begins."
  (goto-char start)
  (let ((body (comment-string-strip comment-start t t)))
    (if (not (looking-at (comment-padright comment-start 're)))
        (progn (when (looking-at comment-start-skip) (goto-char (match-end 0)))
               (point))
      (let* ((whole-end (match-end 0))
             (run-start (+ start (string-match (regexp-quote body) (match-string 0))))
             (run-end (comment--run-end run-start whole-end (aref body (1- (length body))))))
        (when (and count (or (< count -1) (> count (- run-end run-start))))
          (signal 'beginning-of-buffer nil))
        (if (or (null count) (< count 0) (= count (- run-end run-start)))
            (delete-region start whole-end)
          (delete-region (- run-end count) run-end))
        (point)))))

(defun comment--strip-ender (from count)
  "Delete the ender of the comment whose text starts at FROM, COUNT of its
repeated characters if COUNT is smaller than their number.
Return where the comment ended."
  (goto-char from)
  (unless (re-search-forward comment-end-skip nil t)
    (error "Can't find the comment end"))
  (let* ((stop (match-end 0))
         (from (match-beginning 0))
         (body (comment-string-strip comment-end t t))
         (run-start (progn (goto-char from) (skip-chars-forward " \t") (point)))
         (run-end (comment--run-end run-start stop (aref body 0))))
    (goto-char from)
    (if (and count (< count (- run-end run-start)))
        (progn (delete-region run-start (+ run-start count)) (goto-char (- stop count)))
      (delete-region (point) stop))
    (point)))

(defun uncomment-region-default (beg end &optional arg)
  "Remove the comments markers of the comments in BEG..END.
ARG, a number, removes that many repeated comment characters only."
  (let ((count (and arg (prefix-numeric-value arg)))
        (limit (copy-marker end)))
    (goto-char beg)
    (let (start)
      (while (and (< (point) limit)
                  (setq start (comment-search-forward limit t)))
        ;; A regexp starter that needs the character before it to be
        ;; recognized is not recognized here, as in Emacs.
        (unless (or comment-use-syntax
                    (save-excursion (goto-char start) (looking-at comment-start-skip)))
          (error "Can't find the comment end"))
        (let ((text-start (comment--strip-starter start count)))
          (if (string= comment-end "")
              (forward-line 1)
            (let ((stop (copy-marker (comment--strip-ender text-start count))))
              (save-restriction
                (narrow-to-region text-start stop)
                (comment-quote-nested comment-start comment-end t))
              (goto-char stop)
              (set-marker stop nil))))))
    (set-marker limit nil)))

(defun uncomment-region (beg end &optional arg)
  "Remove the comment markers from the lines of BEG..END.
A numeric ARG removes only that many repeated comment characters."
  (interactive "*r\nP")
  (comment--run-on-region uncomment-region-function beg end arg))

(defun comment-or-uncomment-region (beg end &optional arg)
  "Uncomment BEG..END if it holds only comments, else comment it.
ARG is passed on to `uncomment-region' or `comment-region'."
  (interactive "*r\nP")
  (comment-normalize-vars)
  (if (comment-only-p beg end)
      (uncomment-region beg end arg)
    (comment-region beg end arg)))

;;;; The commands bound to keys

(defun comment--blank-line-p ()
  "Non-nil if this line holds nothing but blanks."
  (save-excursion (beginning-of-line) (looking-at "[ \t]*$")))

(defun comment--insert-on-blank-line (arg)
  "Start a comment on this blank line, with ARG as in `comment-dwim'."
  (let ((extra (comment-add arg)))
    (indent-according-to-mode)
    (insert (comment-padright comment-start extra))
    (save-excursion
      (unless (string= comment-end "")
        (insert (comment-padleft comment-end extra)))
      (indent-according-to-mode))))

(defun comment-dwim (arg)
  "Comment or uncomment, whichever fits the situation.
With an active region (Transient Mark mode): `comment-region', or
`uncomment-region' when the region holds only comments.
On a blank line: `comment-insert-comment-function', or a new comment
indented as the mode says.
On another line: `comment-kill' given a prefix ARG, else `comment-indent'.
`comment-style' decides how regions are commented."
  (interactive "*P")
  (comment-normalize-vars)
  (cond ((use-region-p)
         (comment-or-uncomment-region (region-beginning) (region-end) arg))
        ((comment--blank-line-p)
         (if comment-insert-comment-function
             (funcall comment-insert-comment-function)
           (comment--insert-on-blank-line arg)))
        (arg (comment-kill (and (integerp arg) arg)))
        (t (comment-indent))))

(defun comment--line-span (count)
  "The bounds (FROM . TO) of the COUNT lines `comment-line' acts on."
  (let ((here (line-beginning-position))
        (there (line-end-position count)))
    (cons (min here there) (max here there))))

(defun comment-line (n)
  "Toggle the comments of the current line and move past it.
A positive N acts on N lines starting with this one, a negative N on
lines above; a repeated call keeps going upwards after a negative N.
An active region means its lines, all of them whole, instead."
  (interactive "p")
  (if (use-region-p)
      (let ((first (region-beginning)) (last (region-end)))
        (comment-or-uncomment-region
         (save-excursion (goto-char first) (line-beginning-position))
         (save-excursion (goto-char last) (line-end-position))))
    (let* ((upwards (and (eq last-command 'comment-line-backward) (>= n 0)))
           (count (if upwards (- n) n))
           (span (comment--line-span count)))
      (goto-char (line-end-position count))
      (comment-or-uncomment-region (car span) (cdr span))
      (forward-line 1)
      (back-to-indentation)
      (when (< count 0) (setq this-command 'comment-line-backward)))))

(defun comment-indent-new-line (&optional soft)
  "Start a new line at point; inside a comment, go on commenting there.
The new line repeats the comment's starter at the comment's column,
the old comment being closed first when comments need closing, unless
`comment-multi-line' lets one comment go on over the lines.  Outside a
comment the line is indented as the mode says; a `fill-prefix' is
inserted as it is.  SOFT makes the newline soft under `use-hard-newlines'."
  (interactive)
  (comment-normalize-vars t)
  (let* ((compos (and comment-start (save-excursion (comment-beginning))))
         (column (and compos (save-excursion (goto-char compos) (current-column))))
         starter)
    (delete-horizontal-space)
    ;; The new line repeats the starter as it is once blanks at point
    ;; are gone, and no further than point.
    (when compos
      (setq starter (buffer-substring compos (min (point) (save-excursion
                                                            (comment--enter compos)
                                                            (point))))))
    (when (and compos (not (string= comment-end "")) (not comment-multi-line))
      (insert comment-end))
    (if soft (insert-and-inherit ?\n) (newline 1))
    (cond (fill-prefix (insert-and-inherit fill-prefix))
          ((null compos) (indent-according-to-mode))
          ((and comment-multi-line (not (string= comment-end "")))
           (indent-to column)
           (insert (or comment-continue "")))
          (t (indent-to column)
             (insert starter)))))

;;;; Filling comments

(defun comment--starter-text (start)
  "The starter of the comment at START, blanks around it stripped."
  (save-excursion
    (comment-string-strip (buffer-substring start (progn (comment--enter start) (point)))
                          t t)))

(defun comment--blanks-to (column)
  "Blanks reaching COLUMN from a line's start, tabs first under `indent-tabs-mode'."
  (if indent-tabs-mode
      (concat (make-string (/ column tab-width) ?\t) (make-string (% column tab-width) ?\s))
    (make-string column ?\s)))

(defun comment--fill-prefix-at (start)
  "What the lines filled from the comment at START begin with: its
indentation, or blanks as wide as the code before it, and its starter."
  (save-excursion
    (goto-char start)
    (let ((lead (if (comment--code-before-p)
                    (comment--blanks-to (current-column))
                  (buffer-substring (line-beginning-position) start))))
      (comment--enter start)
      (concat lead (buffer-substring start (point))))))

(defun comment--line-continues-p (starter)
  "Non-nil if this line is only a comment with STARTER and some text."
  (save-excursion
    (beginning-of-line)
    (skip-chars-forward " \t")
    (let ((here (point))
          (start (comment-search-forward (line-end-position) t)))
      (and start (= start here)
           (string= (comment--starter-text start) starter)
           (progn (goto-char start) (comment--enter start)
                  (skip-chars-forward " \t") (not (eolp)))))))

(defun fill-comment-paragraph (&optional justify)
  "Fill the comment paragraph at point, as `fill-paragraph' would text.
The paragraph is the comment on this line and the lines around it
holding only comments with the same starter.  JUSTIFY is passed on
to `fill-region-as-paragraph'.  Return the fill prefix used, or nil
when there is no comment on this line."
  (comment-normalize-vars t)
  (let ((start (and comment-start
                    (save-excursion (beginning-of-line)
                                    (comment-search-forward (line-end-position) t)))))
    (when start
      (let* ((starter (comment--starter-text start))
             (prefix (comment--fill-prefix-at start))
             (after-code (save-excursion (goto-char start) (comment--code-before-p)))
             (from (save-excursion
                     (beginning-of-line)
                     (unless after-code
                       (while (and (zerop (forward-line -1))
                                   (comment--line-continues-p starter)))
                       (unless (comment--line-continues-p starter) (forward-line 1)))
                     (point)))
             (to (save-excursion
                   (while (and (zerop (forward-line 1))
                               (comment--line-continues-p starter)))
                   (unless (comment--line-continues-p starter) (forward-line -1))
                   (line-end-position))))
        (let ((fill-prefix prefix)
              (here (point-marker)))
          (fill-region-as-paragraph from to justify)
          (goto-char here)
          (set-marker here nil))
        prefix))))

(provide 'newcomment)

;;; newcomment.el ends here
