;;; lisp-mode.el --- indenting Lisp code  -*- lexical-binding: t -*-

;; A line of Lisp code is indented from the list that contains its
;; start, as Emacs 28 indents it:
;;
;; - A line starting inside a string is left alone, and so is a
;;   comment of three or more semicolons; a one-semicolon comment goes
;;   to `comment-column'; anything else at top level to column 0.
;; - Otherwise look at the list's elements that start before the line.
;;   With none, the line goes just inside the paren.  When the list's
;;   head is a symbol with an indentation method (its
;;   `lisp-indent-function' property, or `defun' for names starting
;;   with "def"), the method decides: N distinguished arguments are
;;   indented 4 past the paren and the body after them 2.
;; - Otherwise ("normal" indentation) the line lines up with the first
;;   element of the line the last element before it sits on; on the
;;   list's first line, with its second element, or with the head when
;;   that is all there is, or is itself a list.

;; Its variables are in subr.el, preloaded as in Emacs.

;;;; Looking at a list

(defun lisp-indent--column-of (pos)
  "The column of POS, counting the prefix characters (quotes) before it."
  (save-excursion (goto-char pos) (backward-prefix-chars) (current-column)))

(defun lisp-indent--elements (open limit)
  "Start positions, past any quotes, of the elements of the list at OPEN
beginning before LIMIT."
  (let ((starts nil) (pos (1+ open)))
    (save-excursion
      (goto-char pos)
      (while (progn (forward-comment (buffer-size))
                    (skip-syntax-forward "'")
                    (and (< (point) limit) (not (memq (char-syntax (char-after)) '(?\) )))))
        ;; An element is taken from after its quotes, as Emacs's parse
        ;; stops there; `lisp-indent--column-of' counts them back in.
        (let ((start (point))
              (end (condition-case nil (scan-sexps (point) 1) (scan-error nil))))
          (push start starts)
          (goto-char (if (and end (> end start)) end limit)))))
    (nreverse starts)))

(defun lisp-indent--keep (predicate list)
  "The elements of LIST that satisfy PREDICATE (no seq.el: it loads cl-lib)."
  (let ((kept nil))
    (dolist (x list) (when (funcall predicate x) (push x kept)))
    (nreverse kept)))

(defun lisp-indent--line-of (pos)
  (save-excursion (goto-char pos) (line-beginning-position)))

(defun lisp-indent--first-on-line (pos)
  "The start of the first sexp on POS's line, before or at POS: the
parens closing lists begun on earlier lines are passed over."
  (save-excursion
    (goto-char (lisp-indent--line-of pos))
    (skip-syntax-forward " )")
    (if (> (point) pos) pos (point))))

(defun lisp-indent--ends-before-p (start limit)
  "Whether the sexp at START ends at or before LIMIT."
  (let ((end (condition-case nil (scan-sexps start 1) (scan-error nil))))
    (and end (<= end limit))))

;;;; Normal indentation

(defun lisp-indent--normal (open elements last)
  "The column lining up with the elements ELEMENTS (LAST the last one
complete before the line) of the list at OPEN."
  (let ((head (car elements)))
    (cond ((> (lisp-indent--line-of last) (lisp-indent--line-of head))
           (lisp-indent--column-of (lisp-indent--first-on-line last)))
          ;; A head that is not a symbol (a list, string, vector...)
          ;; makes the list data: line up under it.
          ((not (memq (char-syntax (char-after head)) '(?w ?_)))
           (lisp-indent--column-of head))
          ((or (eq last head) (null (cdr elements))) (lisp-indent--column-of head))
          (t (lisp-indent--column-of (cadr elements))))))

(defun lisp-indent--begins-line-p (pos)
  "Whether only blanks come before POS (and its quotes) on its line."
  (save-excursion
    (goto-char pos)
    (backward-prefix-chars)
    (skip-chars-backward " \t")
    (bolp)))

(defun lisp-indent--keyword-column (line-start elements)
  "For a line starting with a keyword: the column of the keyword that
begins the line of the list's last ELEMENTS, if one does; else nil."
  (when (save-excursion (goto-char line-start) (looking-at-p "[ \t]*:"))
    (let ((candidate (car (last (lisp-indent--keep #'lisp-indent--begins-line-p
                                                   (cdr elements))))))
      (and candidate
           (eq (char-after candidate) ?:)
           (lisp-indent--column-of candidate)))))

;;;; Methods

(defun lisp-indent--method (head)
  "How the list whose head starts at HEAD is indented: an integer, `defun',
a function, or nil for normal indentation."
  (when (memq (char-syntax (char-after head)) '(?w ?_))
    (let* ((name (buffer-substring-no-properties
                  head (save-excursion (goto-char head) (forward-sexp 1) (point))))
           (symbol (intern-soft name))
           (method (and symbol (or (function-get symbol 'lisp-indent-function)
                                   (get symbol 'lisp-indent-hook)))))
      (or method
          (and (> (length name) 3) (string-prefix-p "def" name) 'defun)))))

(defun lisp-indent--special-form (count open elements normal)
  "Indentation after COUNT distinguished arguments in the list at OPEN,
whose ELEMENTS start before the line; NORMAL is the normal column."
  (let* ((column (save-excursion (goto-char open) (current-column)))
         (body (+ column lisp-body-indent))
         (left (- count (1- (length elements)))))
    (cond ((> left 0)
           ;; A distinguished argument: only the first ones stand out.
           ;; The list form tells `lisp-indent-region' not to reuse it.
           (list (if (<= (- count left) 1) (+ column (* 2 lisp-body-indent)) normal)))
          ((and (= left 0) (or (= count 0) (<= body normal))) body)
          (t normal))))

(defun lisp-indent-function (indent-point state)
  "The column for the line at INDENT-POINT from its list's head, or nil.
STATE is the `parse-partial-sexp' state there."
  (let* ((open (nth 1 state))
         (elements (lisp-indent--elements open indent-point))
         (last (car (last elements)))
         (method (and elements (lisp-indent--method (car elements))))
         (normal (and elements (lisp-indent--normal open elements last))))
    (pcase method
      ('defun (and (= (lisp-indent--line-of last) (lisp-indent--line-of open))
                   (+ (save-excursion (goto-char open) (current-column))
                      lisp-body-indent)))
      ((pred integerp) (lisp-indent--special-form method open elements normal))
      ((pred functionp) (funcall method indent-point state)))))

;;;; The column of a line

(defun calculate-lisp-indent (&optional _parse-start)
  "The column the line at point should be indented to as Lisp code.
Nil for a line that starts inside a string or comment."
  (let ((found (lisp-indent--line-column)))
    (if (consp found) (car found) found)))

(defun lisp-indent--line-column (&optional state)
  "The column for the line at point: an integer, a list (COLUMN) for a
column later lines of its list should not copy, or nil to leave it.
STATE is the parse state at the line's start, when the caller has it."
  (save-excursion
    (beginning-of-line)
    (let* ((bol (point))
           (state (or state (syntax-ppss bol))))
      (cond ((or (nth 3 state) (nth 4 state)) nil)
            ((null (nth 1 state)) 0)
            (t (lisp-indent--in-list bol state))))))

(defun lisp-indent--in-list (bol state)
  "The column for the line at BOL inside the list STATE names."
  (let* ((open (nth 1 state))
         (elements (lisp-indent--elements open bol))
         (complete (lisp-indent--keep (lambda (e) (lisp-indent--ends-before-p e bol)) elements)))
    (cond ((null complete) (1+ (save-excursion (goto-char open) (current-column))))
          (lisp-indent-offset
           (+ (save-excursion (goto-char open) (current-column)) lisp-indent-offset))
          (t
           (let ((last (car (last complete))))
             (or (funcall lisp-indent-function bol state)
                 (lisp-indent--keyword-column bol complete)
                 (lisp-indent--normal open complete last)))))))

(defun lisp-indent--comment-column ()
  "Where the comment starting the line at point goes: nil to leave it."
  (save-excursion
    (back-to-indentation)
    (cond ((looking-at-p ";;;") nil)
          ((looking-at-p ";;") 'code)
          ((looking-at-p ";") comment-column)
          (t 'code))))

(defun lisp-indent-line (&optional indent)
  "Indent the current line as Lisp code (to INDENT when given)."
  (interactive)
  (let* ((place (lisp-indent--comment-column))
         (column (if (eq place 'code) (or indent (calculate-lisp-indent)) place)))
    (when column
      (let ((in-indentation (<= (current-column) (current-indentation))))
        (save-excursion (indent-line-to column))
        (when in-indentation (back-to-indentation))))))

(defun indent-sexp (&optional endpos)
  "Indent each line of the list after point, or of the text up to ENDPOS,
as `lisp-indent-region' does; comments after code on its lines, the
first included, go to the comment column."
  (interactive)
  (save-excursion
    (let ((end (copy-marker (or endpos (lisp-indent--sexp-end)))))
      (lisp-indent--trailing-comment)
      (forward-line 1)
      (lisp-indent--lines (point) end #'lisp-indent--trailing-comment)
      (set-marker end nil))))

(defun lisp-indent--sexp-end ()
  "Where the expression after point ends, for `indent-sexp': past the
end of its line when the line ends inside a list, so that #s(...),
which reads as a prefix and a list, counts whole."
  (save-excursion
    (forward-sexp 1)
    (let ((line-end (line-end-position)))
      (when (and (< (point) line-end) (lisp-indent--in-list-p line-end))
        (condition-case nil
            (while (< (point) line-end) (forward-sexp 1))
          (scan-error nil))))
    (point)))

(defun lisp-indent--in-list-p (pos)
  "Whether POS is inside a list."
  (> (car (save-excursion (syntax-ppss pos))) 0))

(defun lisp-indent--trailing-comment ()
  "Move a comment that follows code on this line to its column."
  (save-excursion
    (let ((start (progn (beginning-of-line)
                        (comment-search-forward (line-end-position) t))))
      (when (and start
                 (progn (goto-char start)
                        (skip-chars-backward " \t")
                        (not (bolp))))
        (goto-char start)
        (comment-indent)))))

(defun indent-pp-sexp (&optional arg)
  "Indent the list after point; with ARG, lay it out with `pp' first."
  (interactive "P")
  (when arg (lisp-indent--pretty-print-at-point))
  (indent-sexp))

(defun lisp-indent--pretty-print-at-point ()
  "Replace the sexp after point by its `pp' layout, point staying before it."
  (let* ((start (point))
         (end (scan-sexps start 1))
         (layout (string-trim-right
                  (pp-to-string (car (read-from-string (buffer-substring start end)))))))
    (save-excursion
      (delete-region start end)
      (goto-char start)
      (insert layout))))

(defun lisp-indent-region (start end)
  "Indent each non-blank line from START to END as Lisp code.
As in Emacs, the first column worked out at a depth of nesting serves
the later lines at that depth until the nesting gets shallower."
  (message "Indenting region... ")
  (save-excursion (lisp-indent--lines start end))
  (message "Indenting region...done"))

(defun lisp-indent--lines (start end &optional after-each)
  "Indent the non-blank lines from START's to END, reusing columns per depth.
AFTER-EACH, when given, is called on each line once it is indented."
  (let ((end (copy-marker end)) (columns nil) (depth nil)
        (parsed (progn (goto-char start) (beginning-of-line) (point)))
        (state nil))
    (while (< (point) end)
      ;; The parse goes on from the last line's start: indenting that
      ;; line changed nothing before it.
      (setq state (if state
                      (parse-partial-sexp parsed (point) nil nil state)
                    (syntax-ppss))
            parsed (point))
      (let ((now (car state)))
        ;; As in Emacs, a line starting inside a string leaves the
        ;; columns alone: the next line compares its depth with the
        ;; line before the string's.
        (unless (nth 3 state)
          (setq columns (lisp-indent--follow-depth columns (if depth (- now depth) 0))
                depth now))
        (unless (or (nth 3 state) (looking-at-p "[ \t]*$"))
          (let ((column (if (and (> now 0) (car columns))
                            (car columns)
                          (lisp-indent--line-column state))))
            (when (and (> now 0) (integerp column) (null (car columns)))
              (setcar columns column))
            (lisp-indent-line (if (consp column) (car column) column))
            (when after-each (funcall after-each)))))
      (forward-line 1))
    (set-marker end nil)))

(defun lisp-indent--follow-depth (columns change)
  "COLUMNS, one per open list, after the nesting deepens by CHANGE."
  (cond ((null columns) (list nil))
        ((> change 0) (append (make-list change nil) columns))
        ((< change 0) (or (nthcdr (- change) columns) (list nil)))
        (t columns)))

;;;; Filling

(defun lisp-fill-paragraph (&optional justify)
  "Fill the comment or string at point as Lisp mode does, JUSTIFY as
`fill-paragraph' takes it.  A comment is filled by
`fill-comment-paragraph'; a string, docstrings included, is filled
whole at `emacs-lisp-docstring-fill-column', its lines after the first
starting at column 0; code is left alone.  Returns the fill prefix
used, \"\" outside comments."
  (or (fill-comment-paragraph justify)
      (let ((state (syntax-ppss)))
        (when (nth 3 state)
          (lisp-indent--fill-string (nth 8 state) justify))
        "")))

(defun lisp-indent--fill-string (start justify)
  "Fill the paragraphs of the string that opens at START."
  (save-excursion
    (goto-char start)
    (let ((end (condition-case nil (scan-sexps start 1) (scan-error nil))))
      (when end
        (save-restriction
          (narrow-to-region (1+ start) (1- end))
          (let ((fill-column emacs-lisp-docstring-fill-column)
                (fill-paragraph-function nil)
                (fill-prefix nil))
            (fill-region (point-min) (point-max) justify)))))))

;;; lisp-mode.el ends here
