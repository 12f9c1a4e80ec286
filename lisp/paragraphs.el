;;; paragraphs.el --- moving over, marking and killing paragraphs and sentences  -*- lexical-binding: t -*-

;; Emacs preloads this file; subr.el declares its variables (so that a
;; `let' of one binds it dynamically before this file loads) and
;; autoloads its commands.
;;
;; A line `paragraph-separate' matches (after the left margin) lies
;; between paragraphs; one `paragraph-start' matches begins a paragraph.
;; With a `fill-prefix' (unless `paragraph-ignore-fill-prefix'), a
;; paragraph is instead a run of lines that start with it, and a line
;; of just the prefix separates.

(defun paragraphs--unanchored (regexp)
  "REGEXP without a leading ^: the commands match it at the left margin."
  (if (string-prefix-p "^" regexp) (substring regexp 1) regexp))

(defun paragraphs--prefix-regexp ()
  "The regexp of the fill prefix that shapes paragraphs, or nil."
  (and fill-prefix (not (equal fill-prefix ""))
       (not paragraph-ignore-fill-prefix)
       (regexp-quote fill-prefix)))

(defun paragraphs--separator (prefix-re)
  "The regexp of a separating line, with PREFIX-RE the fill prefix's."
  (let ((sep (paragraphs--unanchored paragraph-separate)))
    (if prefix-re (concat sep "\\|" prefix-re "[ \t]*$") sep)))

(defun paragraphs--separator-here-p (sep)
  "Whether the current line, from its left margin, is a separator."
  (move-to-left-margin)
  (looking-at sep))

(defun paragraphs--real-start-p (start parstart)
  "Whether the line at point, which a start regexp matched at START,
really begins a paragraph (with hard newlines, only after a hard one)."
  (cond ((not (looking-at parstart)) nil)
        ((or (not use-hard-newlines) (bobp)) t)
        (t (get-text-property (1- start) 'hard))))

(defun paragraphs--skip-separators-forward (sep)
  "Move over the separating lines at point, to the left margin of the
first other line (or the buffer's end)."
  (let ((more t))
    (while more
      (unless (eobp)
        (move-to-left-margin))
      (setq more (and (not (eobp)) (looking-at sep)))
      (when more
        (forward-line 1)))))

(defun paragraphs--continues-prefixed-p (sep prefix-re)
  "At a line's start: whether that line still belongs to a paragraph of
fill-prefixed lines.  Unless at the buffer's end, point moves to the
line's left margin, where the test looks."
  (unless (eobp)
    (move-to-left-margin)
    (cond ((eobp) nil)
          ((looking-at sep) nil)
          (t (looking-at prefix-re)))))

(defun paragraphs--ends-here-p (start sep parstart)
  "Whether the line that a start-or-separator regexp matched at START
(point) bounds the paragraph: it is the buffer's end, a separator, or a
genuine paragraph start."
  (or (eobp)
      (paragraphs--separator-here-p sep)
      (paragraphs--real-start-p start parstart)))

(defun paragraphs--to-bounding-line (sep parstart)
  "Move to the start of the next line that bounds the paragraph, or to
the buffer's end when none does."
  (let ((candidate-re (concat "^[ \t]*\\(?:" parstart "\\|" sep "\\)"))
        (bound nil))
    (while (and (not bound) (re-search-forward candidate-re nil 1))
      (let ((start (match-beginning 0)))
        (goto-char start)
        (if (paragraphs--ends-here-p start sep parstart)
            (setq bound start)
          ;; A false start: look again from just after it.
          (forward-char 1))))
    (when (and bound (not (eobp)))
      (goto-char bound))))

(defun paragraphs--to-next-start (sep parstart prefix-re)
  "From the second line of a paragraph, move to where it ends."
  (if prefix-re
      (while (paragraphs--continues-prefixed-p sep prefix-re)
        (forward-line 1))
    (paragraphs--to-bounding-line sep parstart)))

(defun paragraphs--to-previous-start (sep parstart prefix-re)
  "From the end of a paragraph's last line, move back to the line that
begins or precedes it; return nil when there is none (at the buffer's
start)."
  (if prefix-re
      (progn
        (while (and (progn (beginning-of-line) (not (bobp)))
                    (not (paragraphs--separator-here-p sep))
                    (looking-at prefix-re))
          (forward-line -1))
        (move-to-left-margin)
        (not (bobp)))
    (let ((candidates (concat "^[ \t]*\\(?:" parstart "\\|" sep "\\)"))
          (found nil) (done nil))
      (while (not done)
        (if (not (re-search-backward candidates nil 1))
            (setq done t)
          (let ((start (point)))
            (if (or (paragraphs--separator-here-p sep)
                    (paragraphs--real-start-p start parstart))
                (setq found t done t)
              (goto-char start)))))
      found)))

(defun paragraphs--after-previous-start (sep)
  "Having found the line before a paragraph, move to where it begins:
past the separators, then back to the end of the line before when it
has text beyond the margin, else to the start of its line."
  (paragraphs--skip-separators-forward sep)
  (end-of-line 0)
  (let ((beyond-margin (> (current-column) (current-left-margin))))
    (unless beyond-margin
      (skip-chars-backward " \t"))
    (cond (beyond-margin (forward-char 1))
          ((not (bolp)) (forward-line 1)))))

(defun paragraphs--back-one (sep parstart prefix-re)
  "Move back over one paragraph; return whether one was counted."
  (if (and (not (looking-at sep))
           (re-search-backward "^\n" (max (1- (point)) (point-min)) t)
           (looking-at sep))
      t
    (forward-char -1)
    (beginning-of-line)
    (while (and (not (bobp)) (paragraphs--separator-here-p sep))
      (forward-line -1))
    (unless (bobp)
      (end-of-line)
      (if (paragraphs--to-previous-start sep parstart prefix-re)
          (paragraphs--after-previous-start sep)
        (goto-char (point-min)))
      t)))

(defun forward-paragraph (&optional arg)
  "Move to the end of the paragraph, ARG times (backward when negative).
Return how many paragraphs were left to move."
  (interactive "^p")
  (setq arg (or arg 1))
  (let* ((opoint (point))
         (prefix-re (paragraphs--prefix-regexp))
         (parstart (paragraphs--unanchored paragraph-start))
         (sep (paragraphs--separator prefix-re)))
    (while (and (< arg 0) (not (bobp)))
      (when (paragraphs--back-one sep parstart prefix-re)
        (setq arg (1+ arg))))
    (while (and (> arg 0) (not (eobp)))
      (paragraphs--skip-separators-forward sep)
      (unless (eobp) (setq arg (1- arg)))
      (forward-line 1)
      (paragraphs--to-next-start sep parstart prefix-re))
    (constrain-to-field nil opoint t)
    arg))

(defun backward-paragraph (&optional arg)
  "Move to the start of the paragraph, ARG times (forward when negative)."
  (interactive "^p")
  (forward-paragraph (- (or arg 1))))

(defun paragraphs--extend-mark-p (allow-extend)
  "Whether a marking command given ALLOW-EXTEND moves the mark on
rather than marking afresh: when the region is active, or the command
repeats and there is a mark."
  (cond ((not allow-extend) nil)
        ((and transient-mark-mode mark-active) t)
        ((eq last-command this-command) (mark t))))

(defun paragraphs--mark-moved (motion arg)
  "Where MOTION, called with ARG, takes point from the mark."
  (save-excursion
    (goto-char (mark))
    (funcall motion arg)
    (point)))

(defun mark-paragraph (&optional arg allow-extend)
  "Put point at the start of this paragraph and the mark at its end (ARG
paragraphs' end); with ALLOW-EXTEND, when repeated or the region is
active, move the mark ARG paragraphs further."
  (interactive "p\np")
  (let ((count (or arg 1)))
    (cond ((zerop count)
           (error "Cannot mark zero paragraphs"))
          ((paragraphs--extend-mark-p allow-extend)
           (set-mark (paragraphs--mark-moved #'forward-paragraph count)))
          (t
           ;; The end first: the start is found back from there.
           (forward-paragraph count)
           (push-mark nil t t)
           (backward-paragraph count)))))

(defun paragraphs--kill-over (motion arg)
  "Kill the text MOTION moves over when called with ARG."
  (kill-region (point) (progn (funcall motion arg) (point))))

(defun kill-paragraph (arg)
  "Kill from point to the end of the paragraph (ARG of them)."
  (interactive "p")
  (paragraphs--kill-over #'forward-paragraph arg))

(defun backward-kill-paragraph (arg)
  "Kill from point back to the start of the paragraph (ARG of them)."
  (interactive "p")
  (paragraphs--kill-over #'backward-paragraph arg))

(defun transpose-paragraphs (arg)
  "Swap the paragraph around point with the next (ARG times)."
  (interactive "*p")
  (transpose-subr 'forward-paragraph arg))

(defun start-of-paragraph-text ()
  "Move to the first non-blank character of the paragraph."
  (let ((opoint (point)))
    (forward-paragraph -1)
    (let ((start (point)))
      (skip-chars-forward " \t\n")
      ;; Point was in the blank text before a paragraph: go one further.
      (when (and (>= (point) opoint) (< start opoint))
        (goto-char start)
        (when (> start (point-min))
          (start-of-paragraph-text))))))

(defun end-of-paragraph-text ()
  "Move to the end of the paragraph's text, before its last newline."
  (let ((opoint (point)))
    (forward-paragraph 1)
    (when (eq (preceding-char) ?\n)
      (forward-char -1))
    (when (<= (point) opoint)
      (forward-char 1)
      (when (< (point) (point-max))
        (end-of-paragraph-text)))))

;;; Pages: the text between matches of `page-delimiter'

(defun paragraphs--past-next-delimiter ()
  "Move past the next page delimiter, or to the end."
  ;; A delimiter that can match the empty string must not match at the
  ;; line start point is at.
  (when (bolp)
    (forward-char 1))
  (unless (re-search-forward page-delimiter nil t)
    (goto-char (point-max))))

(defun paragraphs--back-to-page-start ()
  "Move back to where the page before point starts: after the page
delimiter before it, or to the start."
  (let ((delimiter-end (save-excursion
                         (and (re-search-backward page-delimiter nil t)
                              (match-end 0)))))
    ;; Just after a delimiter: that one ends the page sought.
    (when (eql delimiter-end (point))
      (goto-char (match-beginning 0))))
  (backward-char 1)
  (goto-char (if (re-search-backward page-delimiter nil t)
                 (match-end 0)
               (point-min))))

(defun forward-page (&optional count)
  "Move to the end of the page, COUNT times (backward when negative)."
  (interactive "p")
  (let ((left (or count 1)))
    (while (and (> left 0) (not (eobp)))
      (paragraphs--past-next-delimiter)
      (setq left (1- left)))
    (while (and (< left 0) (not (bobp)))
      (paragraphs--back-to-page-start)
      (setq left (1+ left)))))

(defun backward-page (&optional count)
  "Move to the start of the page, COUNT times (forward when negative)."
  (interactive "p")
  (forward-page (- (or count 1))))

;;; Sentences

(defun sentence-end ()
  "The regexp of a sentence's end: `sentence-end' when non-nil, or
else one made from `sentence-end-base', `sentence-end-double-space',
`sentence-end-without-period' and `sentence-end-without-space'."
  (or sentence-end
      (let ((blank "[ \u00a0]"))
        (concat (and sentence-end-without-period (concat "\\w" blank blank "\\|"))
                "\\(" sentence-end-base
                (if sentence-end-double-space
                    (concat "\\($\\|" blank "$\\|\t\\|" blank blank "\\)")
                  "\\($\\|[\t \u00a0]\\)")
                "\\|[" sentence-end-without-space "]+\\)"
                "[ \u00a0\t\n]*"))))

(defun paragraphs--previous-sentence-end (pos end-re limit)
  "Where the last sentence end (a match of END-RE back to LIMIT) before
POS ends; an end reaching POS is passed over once.  Nil if none."
  (let ((tries 2) (found nil))
    (while (and (not found) (> tries 0) (re-search-backward end-re limit t))
      (setq tries (1- tries))
      (when (or (< (match-end 0) pos) (zerop tries))
        (setq found (match-end 0))))
    found))

(defun paragraphs--sentence-back (end-re)
  "Move to the start of the sentence before point (END-RE their ends),
at most to the start of the paragraph's text."
  (let ((pos (point)) text-start limit)
    (save-excursion
      (start-of-paragraph-text)
      (setq text-start (point))
      ;; Search from the line's start, for an END-RE anchored there.
      (beginning-of-line)
      (setq limit (point)))
    (goto-char (or (paragraphs--previous-sentence-end pos end-re limit) text-start))))

(defun paragraphs--sentence-forward (end-re)
  "Move to the end of the sentence after point (END-RE their ends)."
  (let ((par-end (save-excursion (end-of-paragraph-text) (point))))
    (if (re-search-forward end-re par-end t)
        (skip-chars-backward " \t\n")
      (goto-char par-end))))

(defun forward-sentence (&optional arg)
  "Move to the end of the sentence, ARG times (backward when negative)."
  (interactive "^p")
  (setq arg (or arg 1))
  (let ((opoint (point))
        (end-re (sentence-end)))
    (while (< arg 0)
      (paragraphs--sentence-back end-re)
      (setq arg (1+ arg)))
    (while (> arg 0)
      (paragraphs--sentence-forward end-re)
      (setq arg (1- arg)))
    (constrain-to-field nil opoint t)))

(defun backward-sentence (&optional arg)
  "Move to the start of the sentence, ARG times (forward when negative)."
  (interactive "^p")
  (forward-sentence (- (or arg 1))))

(defun kill-sentence (&optional arg)
  "Kill from point to the end of the sentence (ARG of them)."
  (interactive "p")
  (paragraphs--kill-over #'forward-sentence arg))

(defun backward-kill-sentence (&optional arg)
  "Kill from point back to the start of the sentence (ARG of them)."
  (interactive "p")
  (paragraphs--kill-over #'backward-sentence arg))

(defun mark-end-of-sentence (arg)
  "Put the mark ARG sentences after point (after the mark when the
command repeats), activating it."
  (interactive "p")
  (push-mark (if (and (eq last-command this-command) (mark t))
                 (paragraphs--mark-moved #'forward-sentence arg)
               (save-excursion (forward-sentence arg) (point)))
             nil t))

(defun transpose-sentences (arg)
  "Swap the sentence around point with the next (ARG times)."
  (interactive "*p")
  (transpose-subr 'forward-sentence arg))

(defun repunctuate-sentences (&optional no-query)
  "Put two spaces after each sentence's end from point on (asking each
time unless NO-QUERY)."
  (interactive)
  (let ((end-re "\\([]\"')]?\\)\\([.?!]\\)\\([]\"')]?\\) +")
        (replacement "\\1\\2\\3  "))
    (if no-query
        (while (re-search-forward end-re nil t)
          (replace-match replacement))
      (query-replace-regexp end-re replacement))))

(provide 'paragraphs)

;;; paragraphs.el ends here
