;;; fill.el --- filling, justifying and centring text  -*- lexical-binding: t -*-

;; Filling one paragraph takes three passes, each editing only
;; whitespace in place so that point and markers stay with their words:
;;
;;  1. Unwrap.  The fill prefix is stripped from every line but the
;;     first, and each run of whitespace between words becomes the
;;     spacing it should have: one space, or two after the end of a
;;     sentence (`sentence-end-double-space') or a colon
;;     (`colon-double-space') when the run was wide or crossed a line.
;;  2. Wrap.  Walking along what is now one long line, cut it at the
;;     last space before `fill-column' where a break is allowed, and
;;     start the next line with the prefix.
;;  3. Justify each new line as asked.
;;
;; The fill prefix comes from `fill-prefix' or, under
;; `adaptive-fill-mode', from what the paragraph's first two lines
;; begin with (`fill-context-prefix').

;; The variables are in subr.el: Emacs has them before fill.el loads.

;;;; Small helpers


(defun fill--blank-line-p ()
  "Whether the line at point holds nothing but whitespace."
  (save-excursion (beginning-of-line) (looking-at-p "[ \t]*$")))

(defun fill--justification-kind (justify)
  "The justification JUSTIFY asks for: t and nil defer to the text."
  (if (memq justify '(nil t)) (current-justification) justify))

(defun current-justification ()
  "How the line at point is to be justified.
The `justification' text property of its first non-blank character
decides (of the buffer's last character for a blank last line), else
`default-justification'; nil stands for `none'."
  (let ((text-start (save-excursion (back-to-indentation) (point))))
    (let ((kind (or (get-text-property (max (point-min) (min text-start (1- (point-max))))
                                       'justification)
                    default-justification)))
      (and (not (eq kind 'none)) kind))))

(defun current-fill-column ()
  "The column filling wraps at, after `right-margin' text properties.
A nil `fill-column' is obsolete: it warns, and nothing is wrapped."
  (if (null fill-column)
      (progn
        (display-warning 'fill-column (format-message "Setting this variable to nil is obsolete; use `(auto-fill-mode -1)' instead"))
        most-positive-fixnum)
    (let ((right (get-text-property (line-beginning-position) 'right-margin)))
      (if (integerp right) (- fill-column right) fill-column))))

;;;; Working out the fill prefix

(defun fill--prefix-at-point ()
  "The prefix the text at point begins with, as adaptive filling sees it."
  (save-excursion
    (or (let ((found (and adaptive-fill-function (funcall adaptive-fill-function))))
          (and (stringp found) found))
        (and adaptive-fill-regexp (looking-at adaptive-fill-regexp)
             (match-string-no-properties 0)))))

(defun fill--prefix-at-line ()
  "The prefix the line at point begins with after the left margin, as
adaptive filling sees it."
  (save-excursion
    (beginning-of-line)
    (let ((margin (current-left-margin)))
      (while (and (memq (char-after) '(?\s ?\t))
                  (<= (save-excursion (forward-char 1) (current-column)) margin))
        (forward-char 1)))
    (fill--prefix-at-point)))

(defun fill--spacing-insensitive-regexp (prefix &optional indented)
  "A regexp matching PREFIX at a string's start, its whitespace optional.
INDENTED non-nil allows blanks before it too."
  (concat "\\`" (if indented "[ \t]*" "")
          (mapconcat (lambda (piece)
                       (if (string-match-p "\\`[ \t]+\\'" piece)
                           "[ \t]*"
                         (regexp-quote piece)))
                     (fill--split-at-whitespace prefix) "")))

(defun fill--split-at-whitespace (string)
  "STRING cut into alternating runs of whitespace and of other text."
  (let ((pieces nil) (start 0))
    (while (string-match "[ \t]+" string start)
      (unless (= start (match-beginning 0))
        (push (substring string start (match-beginning 0)) pieces))
      (push (match-string 0 string) pieces)
      (setq start (match-end 0)))
    (when (< start (length string))
      (push (substring string start) pieces))
    (nreverse pieces)))

(defun fill-common-string-prefix (s1 s2)
  "The longest common start of strings S1 and S2, or nil when they share none."
  (let ((same (compare-strings s1 nil nil s2 nil nil)))
    (let ((n (if (eq same t) (length s1) (1- (abs same)))))
      (and (> n 0) (substring s1 0 n)))))

(defun fill--prefix-for-one-line (prefix)
  "What a one-line paragraph beginning with PREFIX repeats on new lines."
  (cond ((null prefix) nil)
        ((string-match-p adaptive-fill-first-line-regexp prefix) prefix)
        ((and (bound-and-true-p comment-start-skip)
              (string-match-p comment-start-skip prefix))
         prefix)
        (t (make-string (string-width prefix) ?\s))))

(defun fill--prefix-for-two-lines (first second)
  "The prefix common to a paragraph whose first lines begin FIRST and SECOND."
  (cond ((null second) nil)
        ((null first) nil)
        ((string-match-p (fill--spacing-insensitive-regexp second t) first) second)
        (t (fill-common-string-prefix first second))))

(defun fill-context-prefix (from to &optional first-line-regexp)
  "Guess the fill prefix of the paragraph from FROM to TO.
A one-line paragraph's prefix is repeated as it is when it matches
FIRST-LINE-REGEXP (by default `adaptive-fill-first-line-regexp') or
starts a comment, and as spaces of its width otherwise.  With more
lines, the second line's prefix is used when the first line begins
with it, else what the two prefixes share; a blank second line means
no prefix (nil)."
  (let ((adaptive-fill-first-line-regexp
         (or first-line-regexp adaptive-fill-first-line-regexp)))
    (save-excursion
      (goto-char from)
      (let ((first (fill--prefix-at-line)))
        (forward-line 1)
        (if (>= (point) to)
            (fill--prefix-for-one-line first)
          (fill--prefix-for-two-lines
           first (and (not (looking-at-p paragraph-start))
                      (fill--prefix-at-line))))))))

;;;; Pass 1: unwrapping

(defun fill--set-gap (start end text)
  "Replace the whitespace from START to END with TEXT, leaving point after it.
A marker at START stays before TEXT; one inside the old whitespace
ends up after TEXT, at the word that follows."
  (unless (string= (buffer-substring-no-properties start end) text)
    (goto-char start)
    (insert-and-inherit text)
    (delete-region (point) (+ end (length text))))
  (goto-char (+ start (length text))))

(defun fill--sentence-end-before-p (pos)
  "Whether the text just before POS ends a sentence."
  (save-excursion
    (goto-char pos)
    (skip-chars-backward "]\"')}”’»›")
    (or (memq (char-before) '(?. ?? ?! ?… ?‽))
        (and (char-before)
             (memq (char-before) (append sentence-end-without-space nil))))))

(defun fill--gap-spaces (start end)
  "How many spaces the whitespace between words from START to END deserves.
Two after a sentence end (or, with `colon-double-space', a colon) when
the gap was two spaces wide or crossed a line; one otherwise."
  (if (and (save-excursion (goto-char start) (re-search-forward "\n\\|  " end t))
           (or (and sentence-end-double-space (fill--sentence-end-before-p start))
               (and colon-double-space (eq (char-before start) ?:))))
      2
    1))

(defun fill--respace (start end)
  "Make the whitespace between words from START to END canonical."
  (fill--set-gap start end
                 (if (fill--joins-cjk-p start end)
                     ""
                   (make-string (fill--gap-spaces start end) ?\s))))

(defun fill--trim-run-after-sentence (start end)
  "Canonical spacing for the whitespace START..END that follows a sentence end.
Line breaks in it stay; after the last one (or from START) at most one
space remains, two under `sentence-end-double-space'."
  (goto-char end)
  (let ((after-break (if (search-backward "\n" start t) (1+ (point)) start))
        (room (if sentence-end-double-space 2 1)))
    (when (> (- end after-break) room)
      (delete-region (+ after-break room) end))))

(defun fill--sentence-gap-p (start end)
  "Whether the whitespace START..END after a sentence-ending character ends
the sentence: it crosses a line, or holds two spaces when
`sentence-end-double-space' asks for them."
  (or (not sentence-end-double-space)
      (let ((text (buffer-substring-no-properties start end)))
        (or (string-match-p "\\`  \\| ?\n" text)
            (= end (point-max))))))

(defun fill--squeeze-spaces (start end)
  "Shorten the run of two or more spaces START..END.
None stay at a line's start, two after a colon under
`colon-double-space', one elsewhere."
  (let ((keep (cond ((eq (char-before start) ?\n) 0)
                    ((and colon-double-space (eq (char-before start) ?:)) 2)
                    (t 1))))
    (delete-region (+ start keep) end)))

(defun canonically-space-region (beg end)
  "Make the spacing between words from BEG to END canonical.
Tabs become spaces.  After the end of a sentence (see
`sentence-end-double-space') the line breaks stay and at most two
spaces (one when single spacing) follow them; elsewhere a run of
spaces shrinks to one, to two after a colon under `colon-double-space',
and to none at the start of a line."
  (interactive "*r")
  (save-excursion
    (let ((limit (copy-marker (max beg end))))
      (subst-char-in-region (min beg end) limit ?\t ?\s)
      (goto-char (min beg end))
      (while (re-search-forward "[ \n]+" limit t)
        (let ((start (match-beginning 0)) (run-end (copy-marker (match-end 0))))
          (if (and (fill--sentence-end-before-p start)
                   (fill--sentence-gap-p start run-end))
              (fill--trim-run-after-sentence start run-end)
            (goto-char start)
            (while (re-search-forward "  +" run-end t)
              (fill--squeeze-spaces (match-beginning 0) (match-end 0))))
          (goto-char run-end)
          (set-marker run-end nil)))
      (set-marker limit nil)
      nil)))

(defun fill--prefix-regexp (prefix)
  "A regexp matching PREFIX however it is spaced and indented."
  (substring (fill--spacing-insensitive-regexp (string-trim prefix) t) 2))

(defun fill--strip-prefix (prefix)
  "Delete PREFIX at point, found however it is spaced and indented."
  (when (looking-at (fill--prefix-regexp prefix))
    (delete-region (match-beginning 0) (match-end 0))))

(defun fill--joins-cjk-p (start end)
  "Whether the whitespace from START to END, a line break right after a
word and any blanks, sits next to CJK text, whose lines join without a
space."
  (and (eq (char-after start) ?\n)
       (fill--next-to-cjk-p start end)))

(defun fill--next-to-cjk-p (start end)
  "Whether the text just before START or just after END is CJK."
  (or (fill--breakable-char-p (char-before start))
      (fill--breakable-char-p (char-after end))))

(defun fill--unwrap (from to prefix squeeze-from)
  "Join the lines from FROM to TO (a marker), PREFIX taken off the later ones.
Whitespace from SQUEEZE-FROM on (nil: nowhere) is made canonical and
trailing whitespace goes; elsewhere line breaks just become spaces."
  (goto-char from)
  (while (search-forward "\n" to t)
    (when prefix (fill--strip-prefix prefix))
    (let ((newline (1- (point))))
      (unless (and squeeze-from (>= newline squeeze-from))
        (let ((run-end (progn (skip-chars-forward " \t" to) (point))))
          ;; A sentence ending its line gets two spaces here even when
          ;; single spacing is wanted: only squeezing takes one away.
          (fill--set-gap newline run-end
                         (cond ((fill--joins-cjk-p newline run-end) "")
                               ((let ((sentence-end-double-space t))
                                  (= 2 (fill--gap-spaces newline run-end)))
                                "  ")
                               (t " ")))))))
  (when squeeze-from
    (goto-char squeeze-from)
    (while (re-search-forward "[ \t\n]+" to t)
      (if (= (match-end 0) to)
          (delete-region (match-beginning 0) (match-end 0))
        (fill--respace (match-beginning 0) (match-end 0))))))

;;;; Pass 2: wrapping

(defun fill--breakable-char-p (char)
  "Whether a line may be broken next to CHAR without a space (CJK text)."
  (and char enable-kinsoku (> char 255)
       (aref (char-category-set char) ?|)))

(defun fill-nobreak-p ()
  "Whether a line may not be broken at point, where a new line would
start (after the blanks that the break takes away)."
  (and (not (bolp))
       (or (and sentence-end-double-space (fill--after-single-spaced-period-p))
           (and fill-nobreak-invisible (invisible-p (point)))
           (and (not use-hard-newlines)
                (not (eolp))
                (looking-at-p paragraph-start))
           (run-hook-with-args-until-success 'fill-nobreak-predicate))))

(defun fill--after-single-spaced-period-p ()
  "Whether exactly one space comes before point, and a period before it."
  (and (eq (char-before) ?\s)
       (eq (char-before (1- (point))) ?.)))

(defun fill--space-p (char) (memq char '(?\s ?\t)))

(defun fill--cut-allowed-p (floor)
  "Whether the line may be cut at point, a position after FLOOR."
  (and (> (point) floor)
       (not (fill--space-p (char-before)))
       (or (fill--space-p (char-after))
           (and (char-after)
                (or (fill--breakable-char-p (char-before))
                    (fill--breakable-char-p (char-after)))))
       (not (save-excursion (skip-chars-forward " \t") (fill-nobreak-p)))))

(defconst fill--no-line-start
  (concat "!'),-.:;?]_}~¨¯°±´·×÷ˇˉˍ‐–—―‖’”‥…‧′″‾℃℉∶╴、。〃々〆〇〉》」』】〕〗〜〞"
          "ぁぃぅぇぉっゃゅょゎ゛゜ゝゞァィゥェォッャュョヮヵヶ・ーヽヾㄥ仝"
          "︰︱︳︴︶︸︺︼︾﹀﹂﹄﹉﹊﹋﹌﹍﹎﹏﹐﹑﹒﹔﹕﹖﹗﹚﹜﹞﹩"
          "！＂），．／：；？＼］＾＿｀｜｝～｡｣ｧｨｩｪｫｬｭｮｯｰﾞﾟ￣")
  "Characters that may not begin a line in CJK text (kinsoku): closing
punctuation, small kana, prolonged sound marks.")

(defun fill--skip-line-start-forbidden (eol)
  "At a place between CJK characters where a line would begin with a
character that may not begin one, move past such characters (up to
four, before EOL): the line grows rather than breaking there.
Returns whether point moved."
  (when (and enable-kinsoku
             (not (fill--space-p (char-before)))
             (or (fill--breakable-char-p (char-before))
                 (fill--breakable-char-p (char-after))))
    (let ((start (point)) (limit (min eol (+ (point) 4))))
      (while (and (< (point) limit)
                  (seq-position fill--no-line-start (char-after)))
        (forward-char 1))
      (> (point) start))))

(defun fill--find-cut (floor column limit)
  "Where to cut the line at point so that it ends by COLUMN, or nil.
Only the text before LIMIT counts.  Takes the last allowed place after
FLOOR that keeps the line within COLUMN, else the first allowed place
after that.  Nil when the line already fits or cannot be cut; a wide
character that ends the line and crosses COLUMN still fits."
  (let ((eol (min limit (line-end-position))))
    (move-to-column column)
    (when (< (point) eol)
      (let ((cut nil))
        (when (> (current-column) column) (backward-char 1))
        (when (and (fill--skip-line-start-forbidden eol)
                   (fill--space-p (char-after)))
          (setq cut (point)))
        (let ((from (point)))
          (while (and (not cut) (> (point) floor))
            (if (fill--cut-allowed-p floor) (setq cut (point)) (backward-char 1)))
          (goto-char (1+ from))
          (while (and (not cut) (< (point) eol))
            (if (fill--cut-allowed-p floor) (setq cut (point)) (forward-char 1))))
        cut))))

(defun fill--line-start-text (prefix)
  "What begins each new line: the left margin's indentation, then PREFIX."
  (let ((margin (current-left-margin)))
    (concat "\n"
            (if (> margin 0)
                ;; The prefix, inserted after the margin, inherits its face.
                (propertize (concat (fill--indentation-string 0 margin) prefix)
                            'face 'default)
              (or prefix "")))))

(defun fill--indentation-string (from-column to-column)
  "Whitespace taking a line from FROM-COLUMN to TO-COLUMN, as `indent-to' makes it."
  (let ((tabs 0) (column from-column))
    (when indent-tabs-mode
      (while (<= (* tab-width (1+ (/ column tab-width))) to-column)
        (setq tabs (1+ tabs)
              column (* tab-width (1+ (/ column tab-width))))))
    (concat (make-string tabs ?\t) (make-string (max 0 (- to-column column)) ?\s))))

(defun fill--wrap (from to prefix)
  "Cut the line at FROM, up to TO, into lines that end by the fill column.
Each new line begins with PREFIX.  Returns markers at the lines' starts."
  (let ((starts (list (copy-marker from))) (column (current-fill-column)))
    (goto-char from)
    (let ((floor (fill--first-line-floor prefix)))
      (while (let ((cut (and (< (point) to) (fill--find-cut floor column to))))
               (when cut
                 (fill--break-line cut prefix)
                 (push (copy-marker (line-beginning-position)) starts)
                 (setq floor (point))))))
    (nreverse starts)))

(defun fill--break-line (cut prefix)
  "Start a new line at CUT, the blanks after it making way for PREFIX.
Blanks removed next to CJK text are remembered in the `fill-space'
property of the new line break, as Emacs does for unfilling."
  (let* ((blanks-end (save-excursion (goto-char cut) (skip-chars-forward " \t") (point)))
         (blanks (buffer-substring-no-properties cut blanks-end))
         (cjk (and (> (length blanks) 0) (fill--next-to-cjk-p cut blanks-end))))
    (fill--set-gap cut blanks-end (fill--line-start-text prefix))
    (when cjk
      (put-text-property cut (1+ cut) 'fill-space blanks))))

(defun fill--first-line-floor (prefix)
  "Where the first line's own text begins, past its blanks and PREFIX
when it starts with that: no cut may come before it."
  (save-excursion
    (beginning-of-line)
    (skip-chars-forward " \t")
    (let ((after-prefix (and prefix (> (length prefix) 0)
                             (save-excursion
                               (beginning-of-line)
                               (and (looking-at (fill--prefix-regexp prefix))
                                    (match-end 0))))))
      (when after-prefix
        (goto-char (max (point) after-prefix))))
    (point)))

(defun fill--indent-first-line ()
  "Indent the line at point to the left margin when it is shallower."
  (let ((margin (current-left-margin)))
    (when (> margin 0)
      (beginning-of-line)
      (let ((start (point)))
        (skip-chars-forward " \t")
        (when (< (current-column) margin)
          (fill--set-gap start (point) (propertize (fill--indentation-string 0 margin)
                                                   'face 'default)))))))

;;;; Auto-filling: breaking the line being typed

(defun fill-forward-paragraph (arg)
  "Move over ARG paragraphs as filling counts them."
  (funcall fill-forward-paragraph-function arg))

(defun default-indent-new-line (&optional soft force)
  "Break the line at point and indent the new one, as
`comment-line-break-function' does (a SOFT newline when asked);
without one, or with FORCE, by the mode's indentation."
  (interactive (list nil t))
  (if (and comment-line-break-function (not force))
      (funcall comment-line-break-function soft)
    (let ((at (point)))
      (insert "\n")
      (save-excursion (goto-char at) (delete-horizontal-space))
      (indent-according-to-mode))))

(defun fill--auto-prefix ()
  "The prefix auto-filling gives new lines: `fill-prefix', or under
`adaptive-fill-mode' the one the paragraph suggests, unless that is
blanks only and the mode indents."
  (if (or (not adaptive-fill-mode) (not (member fill-prefix '(nil ""))))
      fill-prefix
    (let ((found (fill-context-prefix
                  (save-excursion (fill-forward-paragraph -1) (point))
                  (save-excursion (fill-forward-paragraph 1) (point)))))
      (if (and found (not (equal found ""))
               (not (and fill-indent-according-to-mode
                         (string-match-p "\\`[ \t]*\\'" found))))
          found
        fill-prefix))))

(defun fill--useless-cut-p (cut)
  "Whether breaking at CUT would not help: at the line's start, before
nothing but blanks, or just after a comment starter."
  (save-excursion
    (goto-char cut)
    (or (bolp) (looking-at-p " *$") (fill--right-after-comment-start-p cut))))

(defun fill--right-after-comment-start-p (pos)
  "Whether a comment starter on POS's line ends exactly at POS."
  (and comment-start-skip
       (save-excursion
         (beginning-of-line)
         (and (re-search-forward comment-start-skip pos t) (= (point) pos)))))

(defun fill--auto-cut (column)
  "Where to break the line at point for COLUMN: never before the width
of the fill prefix, and keeping one word at least."
  (save-excursion
    (let ((floor (progn (beginning-of-line)
                        (when fill-prefix (move-to-column (string-width fill-prefix)))
                        (point))))
      (or (fill--find-cut floor column (line-end-position))
          (progn (goto-char floor)
                 (skip-chars-forward " \t")
                 (skip-chars-forward "^ \t\n")
                 (point))))))

(defun do-auto-fill ()
  "Break the line at point where it passes the fill column (as
`current-justification' and `auto-fill-inhibit-regexp' allow), each new
line starting with the fill prefix; t when the line needed it."
  (let ((justify (current-justification))
        (column (current-fill-column)))
    (unless (or (null justify) (null column)
                (and (eq justify 'left) (<= (current-column) column))
                (and auto-fill-inhibit-regexp
                     (save-excursion (beginning-of-line)
                                     (looking-at auto-fill-inhibit-regexp))))
      (unless (eq justify 'left)
        (save-excursion (unjustify-current-line)))
      (let ((fill-prefix (fill--auto-prefix)))
        (while (and (> (current-column) column)
                    (fill--auto-break (fill--auto-cut column) justify))))
      (justify-current-line justify t t)
      t)))

(defun fill--auto-break (cut justify)
  "Break the line at CUT unless that is no use; non-nil when the line
got shorter, so that breaking again may help."
  (unless (fill--useless-cut-p cut)
    (let ((before (current-column)))
      (if (= cut (save-excursion (skip-chars-backward " \t") (point)))
          (default-indent-new-line t)
        (save-excursion (goto-char cut) (default-indent-new-line t)))
      (unless (eq justify 'left)
        (save-excursion (end-of-line 0) (justify-current-line justify nil t)))
      (< (current-column) before))))

(defun unjustify-current-line ()
  "Take away the spacing justification put in this line: extra spaces
between words for `full', the indentation for `center' and `right'."
  (pcase (current-justification)
    ('full (canonically-space-region (line-beginning-position) (line-end-position)))
    ((or 'center 'right)
     (save-excursion
       (beginning-of-line)
       (delete-horizontal-space)
       (indent-to (current-left-margin))))))

;;;; Pass 3: justifying

(defun fill--line-prefix-length ()
  "How much of the text at point is a line prefix: `fill-prefix' when it
starts with that, or under `adaptive-fill-mode' what
`adaptive-fill-regexp' finds there, whichever is longer."
  (max (if (and fill-prefix (looking-at-p (regexp-quote fill-prefix)))
           (length fill-prefix)
         0)
       (if adaptive-fill-mode (length (or (fill--prefix-at-point) "")) 0)))

(defun fill--line-text-bounds ()
  "Where the current line's text starts and ends, past margin, prefix and blanks."
  (save-excursion
    (beginning-of-line)
    (fill--skip-margin)
    (forward-char (fill--line-prefix-length))
    (skip-chars-forward " \t")
    (let ((start (point)))
      ;; The text's end is found from the line's end, so a line that is
      ;; only prefix and blanks ends before it starts, as in Emacs.
      (end-of-line)
      (skip-chars-backward " \t" (line-beginning-position))
      (cons start (point)))))

(defun fill--skip-margin ()
  "Move over the left margin's blanks at point, when the line has them all."
  (let ((margin (current-left-margin)) (start (point)))
    (when (> margin 0)
      (skip-chars-forward " \t")
      (if (< (current-column) margin)
          (goto-char start)
        (move-to-column margin)
        (when (> (current-column) margin) (backward-char 1))))))

(defun fill--reindent-text (start column)
  "Indent the text at START further, to COLUMN; the blanks already
before it stay.  Returns START and where the text now begins, as a cons."
  (goto-char start)
  (insert-and-inherit (fill--indentation-string (current-column) column))
  (cons start (point)))

(defun fill--reindent-within (start end place)
  "Move the text START..END right to the column PLACE returns for its
width.  Justifying only ever adds indentation: text already there or
further right stays where it is.  Returns what `fill--reindent-text'
does, or nil when nothing moved."
  (let* ((from (save-excursion (goto-char start) (current-column)))
         (column (funcall place (- (save-excursion (goto-char end) (current-column))
                                   from))))
    (when (> column from)
      (fill--reindent-text start column))))

(defun fill--stretch-gaps (start end extra)
  "Spread EXTRA more spaces over the gaps between words from START to END.
Gap I of N gets the difference of floor((I+1)*EXTRA + N/2)/N and the
same for I, which spreads them evenly with the odd ones in the middle."
  (let ((gaps nil))
    (save-excursion
      (goto-char start)
      (while (re-search-forward "[ \t]+" end t)
        (push (point) gaps)))
    (let* ((n (length gaps)) (half (/ n 2)) (i n))
      (when (> n 0)
        ;; Go from the last gap back so earlier positions stay valid.
        (dolist (gap gaps)
          (setq i (1- i))
          (let ((more (- (/ (+ (* (1+ i) extra) half) n)
                         (/ (+ (* i extra) half) n))))
            (when (> more 0)
              (goto-char gap)
              (insert-and-inherit (make-string more ?\s)))))))))

(defun justify-current-line (&optional how eop nosqueeze)
  "Justify the current line as HOW says: `left', `right', `full',
`center' or `none' (nil means `full', t means `current-justification').
EOP non-nil means the line ends its paragraph, which full
justification leaves alone.  NOSQUEEZE non-nil keeps the spacing
between words as it is."
  (interactive "*")
  (let ((kind (cond ((null how) 'full)
                    ((eq how t) (current-justification))
                    (t how)))
        (column (current-fill-column))
        (here (point))
        (indented nil))
    (save-excursion
      (pcase-let ((`(,start . ,end) (fill--line-text-bounds)))
        (unless (= (line-beginning-position) (line-end-position))
          (pcase kind
            ('right
             (setq indented (fill--reindent-within
                             start end (lambda (width) (- column width)))))
            ('center
             (let ((margin (current-left-margin)))
               (setq indented (fill--reindent-within
                               start end
                               (lambda (width) (+ margin (/ (- column margin width) 2)))))))
            ((or 'full (guard (not (memq kind '(left none)))))
             ;; The room is measured before respacing, as Emacs does;
             ;; a paragraph's last line is respaced but not stretched.
             (let ((end (copy-marker end))
                   (extra (- column (save-excursion (goto-char end) (current-column)))))
               (unless nosqueeze
                 (canonically-space-region start end))
               (when (and (> extra 0) (not eop))
                 (fill--stretch-gaps start end extra))))))))
    ;; Point at the text moves along with it, as insertion at point does.
    (when (and indented (= here (car indented)))
      (goto-char (cdr indented)))
    nil))

(defun fill--justify-lines (starts justify nosqueeze)
  "Justify the lines beginning at STARTS (markers) as JUSTIFY says."
  (let ((kind (fill--justification-kind justify)))
    (unless (memq kind '(nil none left))
      (let ((last (car (last starts))))
        (dolist (start starts)
          ;; The last line of fully justified text is left as the
          ;; unwrapping spaced it: it may run on past the region.
          (unless (and (eq start last) (not (memq kind '(right center))))
            (goto-char start)
            (justify-current-line kind (eq start last) nosqueeze)))))))

;;;; Filling

(defun fill--paragraph-bounds (from to)
  "The paragraph text from FROM to TO, without blank lines around it.
Returns (START . END) or nil when there is no text."
  (save-excursion
    (goto-char from)
    (skip-chars-forward " \t\n" to)
    (when (< (point) to)
      (let ((start (line-beginning-position)))
        (goto-char to)
        (skip-chars-backward " \t\n" start)
        (cons start (point))))))

(defun fill-region-as-paragraph (from to &optional justify nosqueeze squeeze-after)
  "Fill the text from FROM to TO as one paragraph.
Line breaks and blank lines inside become spaces; the lines made end
by `current-fill-column' and begin at `current-left-margin' with the
fill prefix: `fill-prefix', or under `adaptive-fill-mode' what
`fill-context-prefix' finds.  JUSTIFY is as for `justify-current-line'
\(interactively, a prefix argument means `full').  NOSQUEEZE non-nil
keeps the spacing between words; SQUEEZE-AFTER, a position, keeps it
only before that position.  A period followed by a single space is
not a place to break a line when `sentence-end-double-space' is set.
Point ends at the start of the line after the text.  Returns the
prefix used."
  (interactive (progn (barf-if-buffer-read-only)
                      (list (region-beginning) (region-end)
                            (if current-prefix-arg 'full))))
  (let* ((lo (min from to)) (hi (max from to))
         (bounds (fill--paragraph-bounds lo hi))
         (given (and fill-prefix (not (string= fill-prefix "")) fill-prefix))
         (prefix (cond ((null bounds) nil)
                       ((or given (not adaptive-fill-mode)) given)
                       (t (fill--guessed-prefix (car bounds) (cdr bounds))))))
    ;; Emacs fills nothing when FROM comes after TO, nor text whose
    ;; justification is `none' unless JUSTIFY names a kind.
    (cond
     ((and (memq justify '(nil t))
           (save-excursion (goto-char lo) (null (current-justification)))))
     ((or (> from to) (null bounds))
      ;; No text to fill: point goes to the next text after FROM.
      (goto-char lo)
      (skip-chars-forward " \t\n"))
     (t
      (let ((start (copy-marker (car bounds)))
            (end (copy-marker (cdr bounds) t)))
        ;; Full justification respaces words whatever NOSQUEEZE says.
        (when (eq (fill--justification-kind justify) 'full)
          (setq nosqueeze nil))
        (fill--tidy-text-end end hi nosqueeze)
        ;; Right and centred text is placed from the left edge: the
        ;; first line's own indentation goes.
        (when (memq (fill--justification-kind justify) '(right center))
          (goto-char start)
          (delete-region start (progn (skip-chars-forward " \t") (point))))
        (fill--unwrap start end prefix
                      (and (not nosqueeze)
                           (max (if (memq (fill--justification-kind justify) '(right center))
                                    start
                                  (progn (goto-char start) (skip-chars-forward " \t") (point)))
                                (or squeeze-after start))))
        (goto-char start)
        (fill--indent-first-line)
        (let ((starts (fill--wrap start end prefix)))
          (let ((fill-prefix prefix))
            (fill--justify-lines starts justify nosqueeze))
          (dolist (m starts) (set-marker m nil)))
        ;; Point goes one character past the text's end: the next
        ;; line's start when the text ended its line.
        (goto-char (min (point-max) (1+ end))))))
    prefix))

(defun fill--guessed-prefix (from to)
  "The adaptive prefix of the text FROM..TO, or nil when it leaves no
room on the line: as wide as the fill column once the margin is in."
  (let ((prefix (fill-context-prefix from to)))
    (and prefix
         (< (+ (save-excursion (goto-char from) (current-left-margin)) (length prefix))
            (save-excursion (goto-char from) (current-fill-column)))
         prefix)))

(defun fill--tidy-text-end (pos limit nosqueeze)
  "Tidy the whitespace from the text's end POS up to LIMIT.
One line break stays when LIMIT starts a line; the blanks before it
go unless NOSQUEEZE, and so does everything when LIMIT is mid-line."
  (save-excursion
    (goto-char limit)
    (let ((keep-break (and (bolp) (> limit pos))))
      (goto-char pos)
      (cond (keep-break
             (let ((break (progn (skip-chars-forward " \t" limit) (point))))
               (delete-region (1+ break) limit)
               (unless nosqueeze (delete-region pos break))))
            ((not nosqueeze) (delete-region pos limit))
            ((search-forward "\n" limit t)
             ;; Unwrapping without squeezing: the break is a space.
             (fill--set-gap (1- (point)) limit " "))))))

(defun fill--at-paragraph-text ()
  "Move to the paragraph point is in, or the next one after blank lines.
Returns nil when only blank lines follow."
  (beginning-of-line)
  (while (and (not (eobp)) (looking-at-p paragraph-separate))
    (forward-line 1))
  (not (and (eobp) (fill--blank-line-p))))

(defun fill-paragraph (&optional justify region)
  "Fill the paragraph point is in, or the one after point.
JUSTIFY is as for `fill-region-as-paragraph'.  Calls
`fill-paragraph-function' first when set, and returns its value if it
is non-nil.  With REGION non-nil and the mark active in Transient Mark
mode, fill the region's paragraphs instead.  Returns the fill prefix
used."
  (interactive (progn (barf-if-buffer-read-only)
                      (list (if current-prefix-arg 'full) t)))
  (or (and region transient-mark-mode mark-active
           (not (eq (region-beginning) (region-end)))
           (fill-region (region-beginning) (region-end) justify))
      (and fill-paragraph-function
           (let ((function fill-paragraph-function)
                 (fill-paragraph-function nil))
             (funcall function justify)))
      (let ((here (point-marker)) bounds)
        (save-excursion
          (when (fill--at-paragraph-text)
            (let ((end (progn (funcall fill-forward-paragraph-function 1) (point)))
                  (start (progn (funcall fill-forward-paragraph-function -1) (point))))
              (setq bounds (cons start end)))))
        (prog1 (if bounds
                   (save-excursion
                     (fill-region-as-paragraph (car bounds) (cdr bounds) justify))
                 "")
          (goto-char here)
          (set-marker here nil)))))

(defun fill-region (from to &optional justify nosqueeze to-eop)
  "Fill each paragraph, or part of one, between FROM and TO.
JUSTIFY is `left', `right', `full', `center', `none' or nil, or t for
what each paragraph's text asks (interactively, a prefix argument
means `full').  NOSQUEEZE non-nil keeps the spacing between words.
TO-EOP non-nil fills the last paragraph to its end.  Point does not
move.  Returns the fill prefix of the last paragraph filled."
  (interactive (progn (barf-if-buffer-read-only)
                      (list (region-beginning) (region-end)
                            (if current-prefix-arg 'full))))
  (let ((lo (min from to)) (end (copy-marker (max from to))) (prefix nil))
    (save-excursion
      (goto-char lo)
      (when to-eop
        (save-excursion (goto-char end)
                        (funcall fill-forward-paragraph-function 1)
                        (set-marker end (point))))
      (while (< (point) end)
        (let* ((start (point))
               (next (copy-marker (progn (funcall fill-forward-paragraph-function 1)
                                         (min (point) end)))))
          (when (<= next start) (set-marker next end))
          ;; Blank lines left at the end are no paragraph to fill.
          (when (save-excursion (goto-char start) (skip-chars-forward " \t\n" next)
                                (< (point) next))
            (setq prefix (fill-region-as-paragraph start next justify nosqueeze)))
          (goto-char (max next (point)))
          (set-marker next nil))))
    (set-marker end nil)
    prefix))

;;;; Centring and settings

(defun center-line (&optional nlines)
  "Centre the current line between the left margin and `fill-column'.
With NLINES, centre that many lines from this one (backwards if
negative) and move past them."
  (interactive "P")
  (if (null nlines)
      (save-excursion (fill--center-this-line) nil)
    (let ((count (prefix-numeric-value nlines)))
      (dotimes (_ (abs count))
        (fill--center-this-line)
        (forward-line (if (< count 0) -1 1))))))

(defun fill--center-this-line ()
  "Centre the line point is on, dropping its blanks at both ends."
  (beginning-of-line)
  (delete-horizontal-space)
  (end-of-line)
  (delete-horizontal-space)
  (let* ((width (current-column))
         (margin (current-left-margin))
         (column (+ margin (/ (- (current-fill-column) margin width) 2))))
    (beginning-of-line)
    (when (> column 0) (indent-to column))
    nil))

(defun center-region (from to)
  "Centre each non-blank line between FROM and TO."
  (interactive "r")
  (save-excursion
    (let ((end (copy-marker (max from to))))
      (goto-char (min from to))
      (beginning-of-line)
      (while (< (point) end)
        (unless (fill--blank-line-p)
          (center-line))
        (forward-line 1))
      (set-marker end nil)
      nil)))

(defun center-paragraph ()
  "Centre each non-blank line of the paragraph at or after point.
The paragraph is given a final newline when it lacks one."
  (interactive)
  (save-excursion
    (funcall fill-forward-paragraph-function 1)
    (unless (bolp) (newline 1))
    (let ((end (point)))
      (funcall fill-forward-paragraph-function -1)
      (center-region (point) end))))

(defun set-fill-column (arg)
  "Set `fill-column' to ARG, a number, or with a plain prefix argument
\(a list) to the current column.  Returns the new value."
  (interactive "P")
  (let ((old fill-column)
        (new (cond ((integerp arg) arg)
                   ((consp arg) (current-column))
                   (t (error "set-fill-column requires an explicit argument")))))
    (setq fill-column new)
    (message "Fill column set to %d (was %d)" new old)
    new))

(defun set-fill-prefix ()
  "Make the text before point on its line, from the left margin on, the
fill prefix; at or before the margin, no prefix."
  (interactive)
  (let ((margin-end (save-excursion (move-to-column (current-left-margin)) (point))))
    (setq fill-prefix (and (> (point) margin-end)
                           (buffer-substring margin-end (point)))))
  (if fill-prefix
      (message "fill-prefix: \"%s\"" fill-prefix)
    (message "fill-prefix canceled")))

;;; fill.el ends here
