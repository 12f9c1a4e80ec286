;;; replace.el --- replacing, counting and pruning by regexp  -*- lexical-binding: t -*-

;; Emacs's replace commands as Lisp calls them: nothing asks, and a
;; replacement says how many it made, as batch Emacs does.  Emacs
;; preloads this; subr.el autoloads it and defines its variables.

(defun isearch-no-upper-case-p (string regexp-flag)
  "Non-nil if STRING has no upper-case letter; with REGEXP-FLAG, a
letter after a backslash, and a [:upper:] class, do not count."
  (let ((i 0) (len (length string)) (found nil))
    (while (and (not found) (< i len))
      (let ((char (aref string i)))
        (if (and regexp-flag (eq char ?\\))
            (setq i (1+ i))
          (setq found (not (eq char (downcase char))))))
      (setq i (1+ i)))
    (not (or found (and regexp-flag (string-match-p "\\[:\\(upp\\|low\\)er:]" string))))))

(defun replace--case-fold (string regexp-flag)
  "Whether a search for STRING ignores case."
  (if (and case-fold-search search-upper-case)
      (isearch-no-upper-case-p string regexp-flag)
    case-fold-search))

(defun replace--next (pattern limit backward match-again)
  "Search for the next match of PATTERN before LIMIT (going back when
BACKWARD): at point when MATCH-AGAIN, else a character further on, so
that an empty match does not repeat where the last match was."
  (let ((search (lambda ()
                  (if backward
                      (re-search-backward pattern limit t)
                    (re-search-forward pattern limit t))))
        (step (if backward -1 1)))
    (cond (match-again (funcall search))
          ((and (if backward (> (1- (point)) (point-min)) (< (1+ (point)) (point-max)))
                (or (null limit)
                    (if backward (> (1- (point)) limit) (< (1+ (point)) limit))))
           (let ((opoint (point)))
             (forward-char step)
             (or (funcall search)
                 (progn (goto-char opoint) nil)))))))

(defvar replace-count 0
  "The number of replacements made so far, while an expression computes
the next one (see `replace-eval-replacement').")

(defun replace-quote (replacement)
  "REPLACEMENT (printed with `princ' when not a string) with each
backslash doubled, for `replace-match' to insert as it is."
  (replace-regexp-in-string "\\\\" "\\\\"
                            (if (stringp replacement) replacement
                              (prin1-to-string replacement t))
                            t t))

(defun replace-eval-replacement (expression count)
  "The value of EXPRESSION, with `replace-count' bound to COUNT, as a
string (printed with `princ' when not one)."
  (let* ((replace-count count)
         (value (eval expression)))
    (if (stringp value) value (prin1-to-string value t))))

(defun query-replace--split-string (string)
  "STRING split at a NUL that has a `separator' property, as
\(BEFORE . AFTER); STRING itself when it has no such NUL."
  (let ((split nil) (from 0))
    (while (and (not split) (setq from (string-search "\0" string from)))
      (if (get-text-property from 'separator string)
          (setq split from)
        (setq from (1+ from))))
    (if split
        (cons (substring string 0 split) (substring string (1+ split)))
      string)))

(defun replace--replacement (to count)
  "The COUNTth replacement (from 0) TO gives: TO itself when a string,
the next of a list of strings in turn, or a (FUNCTION . DATA) pair's
value for DATA and COUNT."
  (cond ((stringp to) to)
        ((stringp (car-safe to)) (nth (% count (length to)) to))
        (t (funcall (car to) (cdr to) count))))

(defun replace--perform (from to regexp-flag delimited start end backward)
  "Replace each match of FROM after point (before it if BACKWARD), or
between START and END, with TO; leave the mark where point was."
  (let* ((case-fold-search (replace--case-fold from regexp-flag))
         (fixedcase (not (and case-replace case-fold-search)))
         (pattern (concat (if delimited "\\b" "")
                          (if regexp-flag from (regexp-quote from))
                          (if delimited "\\b" "")))
         (limit nil)
         (match-again t)
         (count 0))
    (when (and start end)
      (setq limit (copy-marker (if backward (min start end) (max start end))))
      (goto-char (if backward (max start end) (min start end))))
    (push-mark)
    (undo-boundary)                     ; as Emacs's perform-replace
    (while (replace--next pattern limit backward match-again)
      (let ((nonempty (/= (match-beginning 0) (match-end 0))))
        (replace-match (save-match-data (replace--replacement to count))
                       fixedcase (not regexp-flag))
        (when backward
          (goto-char (match-beginning 0)))
        (setq count (1+ count))
        ;; After a non-empty match, the next may be adjacent, unless it
        ;; is empty.
        (setq match-again
              (and nonempty
                   (or (not regexp-flag)
                       (and (if backward (looking-back pattern nil) (looking-at pattern))
                            (/= (match-beginning 0) (match-end 0))))))))
    (when limit
      (set-marker limit nil))
    (message "Replaced %d occurrence%s" count (if (= count 1) "" "s"))
    nil))

(defun replace--read-args (prompt)
  "The arguments of the replacing command PROMPT names: what to replace
and what with, read; whether whole words only (a prefix argument other
than -) and backward (the prefix argument -); the active region."
  (let* ((from (read-string (concat prompt ": ")))
         (to (read-string (format "%s %s with: " prompt from))))
    (list from to (and current-prefix-arg (not (eq current-prefix-arg '-)))
          (and (use-region-p) (region-beginning)) (and (use-region-p) (region-end))
          (eq current-prefix-arg '-) (and (use-region-p) (region-noncontiguous-p)))))

(defun keep-lines-read-args (prompt)
  "The arguments of the line commands: a regexp read with PROMPT, the
active region's bounds (else nil), and t for interactive."
  (let ((regexp (read-regexp prompt)))
    (if (use-region-p)
        (list regexp (region-beginning) (region-end) t)
      (list regexp nil nil t))))

(defun replace-string (from-string to-string &optional delimited start end backward
                                   _region-noncontiguous-p)
  "Replace FROM-STRING with TO-STRING after point, or between START and
END; DELIMITED replaces whole words only, BACKWARD goes back."
  (interactive (replace--read-args "Replace string"))
  (replace--perform from-string to-string nil delimited start end backward))

(defun replace-regexp (regexp to-string &optional delimited start end backward
                              _region-noncontiguous-p)
  "Replace the matches of REGEXP with TO-STRING (in which \\& and \\N
stand for the match and its groups) after point, or between START and
END; DELIMITED replaces whole words only, BACKWARD goes back."
  (interactive (replace--read-args "Replace regexp"))
  (replace--perform regexp to-string t delimited start end backward))

(defun replace--bounds (rstart rend)
  "Move to where a line command starts; return where it ends: between
RSTART and REND when given, else from point on."
  (if rstart
      (progn (goto-char (min rstart (or rend rstart)))
             (if rend (max rstart rend) (point-max)))
    (point-max)))

(defun how-many (regexp &optional rstart rend interactive)
  "The number of matches of REGEXP after point, or between RSTART and
REND; said in a message too when INTERACTIVE."
  (interactive (keep-lines-read-args "How many matches for regexp"))
  (save-excursion
    (let ((end (replace--bounds rstart rend))
          (case-fold-search (replace--case-fold regexp t))
          (count 0))
      (while (and (< (point) end) (re-search-forward regexp end t))
        (when (and (= (match-beginning 0) (match-end 0)) (not (eobp)))
          (forward-char 1))
        (setq count (1+ count)))
      (when interactive
        (message "%d occurrence%s" count (if (= count 1) "" "s")))
      count)))

(defalias 'count-matches #'how-many)

(defun flush-lines (regexp &optional rstart rend interactive)
  "Delete the lines after point (or between RSTART and REND) that have
a match of REGEXP after point; return how many."
  (interactive (progn (barf-if-buffer-read-only)
                      (keep-lines-read-args "Flush lines containing match for regexp")))
  (let ((end (copy-marker (replace--bounds rstart rend)))
        (case-fold-search (replace--case-fold regexp t))
        (count 0))
    (save-excursion
      (while (and (< (point) end) (re-search-forward regexp end t))
        (delete-region (save-excursion (goto-char (match-beginning 0)) (line-beginning-position))
                       (progn (forward-line 1) (point)))
        (setq count (1+ count))))
    (set-marker end nil)
    (when interactive
      (message "Deleted %d matching line%s" count (if (= count 1) "" "s")))
    count))

(defun keep-lines (regexp &optional rstart rend _interactive)
  "Delete the lines that start after point (or between RSTART and REND)
and have no match of REGEXP; a match over several lines keeps them all."
  (interactive (progn (barf-if-buffer-read-only)
                      (keep-lines-read-args "Keep lines containing match for regexp")))
  (let ((end (if rstart
                 (save-excursion
                   (goto-char (max rstart rend))
                   (unless (or (bolp) (eobp)) (forward-line 0))
                   (point-marker))
               (point-max-marker))))
    (when rstart
      (goto-char (min rstart rend)))
    (save-excursion
      (unless (bolp) (forward-line 1))
      (let ((start (point))
            (case-fold-search (replace--case-fold regexp t)))
        (while (< (point) end)
          (if (not (re-search-forward regexp end 'move))
              (delete-region start end)
            (let ((kept (save-excursion (goto-char (match-beginning 0)) (line-beginning-position))))
              (when (< start kept)
                (delete-region start kept))))
          (setq start (save-excursion (forward-line 1) (point)))
          (when (and (< (point) end) (= (match-beginning 0) (match-end 0)))
            (forward-char 1)))))
    (set-marker end nil)
    nil))

;;; Query replacing: `perform-replace' asking at each match

(defvar query-replace-map
  (let ((map (make-sparse-keymap)))
    (dolist (binding '((" " . act) ("\d" . skip) ([delete] . skip) ([backspace] . skip)
                       ("y" . act) ("n" . skip) ("Y" . act) ("N" . skip)
                       ("e" . edit-replacement) ("E" . edit-replacement)
                       ("," . act-and-show) ("q" . exit) ("\r" . exit) ([return] . exit)
                       ("." . act-and-exit) ("\C-r" . edit) ("\C-w" . delete-and-edit)
                       ("\C-l" . recenter) ("!" . automatic) ("^" . backup)
                       ("u" . undo) ("U" . undo-all) ("\C-h" . help) ([f1] . help)
                       ([help] . help) ("?" . help) ("\C-g" . quit) ("\C-]" . quit)
                       ("\e" . exit-prefix) ([escape] . exit-prefix)))
      (define-key map (car binding) (cdr binding)))
    map)
  "The keymap of the answers to `query-replace''s question.")

(defun replace-highlight (&rest _)
  "Show the match being asked about (nothing to show in batch).")

(defun replace-dehighlight ()
  "Stop showing the match asked about.")

(defun replace-match-data (integers reuse &optional new)
  "Set the match data to NEW when given and return it (REUSE when that
is NEW in the same form), else the match data (INTEGERS: as numbers)."
  (or (and new
           (progn (set-match-data new)
                  (and (eq new reuse)
                       (eq (null integers) (markerp (car reuse)))
                       new)))
      (match-data integers reuse t)))

(defun replace-match-maybe-edit (newtext fixedcase literal noedit match-data &optional backward)
  "Replace the match of MATCH-DATA with NEWTEXT, first reading an edit
of it for each \\? it has (unless LITERAL or NOEDIT); return whether
no more editing is needed."
  (unless (or literal noedit)
    (setq noedit t)
    (while (string-match "\\(\\`\\|[^\\]\\)\\(\\\\\\\\\\)*\\(\\\\\\?\\)" newtext)
      (setq newtext (read-string "Edit replacement string: "
                                 (prog1 (cons (replace-match "" t t newtext 3)
                                              (1+ (match-beginning 3)))
                                   (setq match-data (replace-match-data nil match-data match-data))))
            noedit nil)))
  (set-match-data match-data)
  (replace-match newtext fixedcase literal)
  (set-match-data match-data)
  (when backward (goto-char (nth 0 match-data)))
  noedit)

(defun replace-loop-through-replacements (data count)
  "The replacement for match COUNT of DATA, [REPEAT LEFT ALL NEXT]:
each of the strings ALL in turn, REPEAT times each."
  (when (= (aref data 0) count)
    (aset data 0 (+ count (aref data 1)))
    (let ((next (cdr (aref data 2))))
      (aset data 2 (or next (aref data 3)))))
  (car (aref data 2)))

(defun replace--search (pattern limit backward)
  (if backward
      (re-search-backward pattern limit t)
    (re-search-forward pattern limit t)))

(defun replace--find-match (pattern limit backward match-again real-match-data)
  "The match data of the next match of PATTERN (the known MATCH-AGAIN
when it is match data; adjacent to the last only when it is non-nil),
or nil."
  (cond ((consp match-again)
         (goto-char (if backward (nth 0 match-again) (nth 1 match-again)))
         (replace-match-data t real-match-data match-again))
        (match-again
         (and (replace--search pattern limit backward)
              (replace-match-data t real-match-data)))
        ((and (if backward (> (1- (point)) (point-min)) (< (1+ (point)) (point-max)))
              (or (null limit)
                  (if backward (> (1- (point)) limit) (< (1+ (point)) limit))))
         (let ((opoint (point)))
           (forward-char (if backward -1 1))
           (if (replace--search pattern limit backward)
               (replace-match-data t real-match-data)
             (goto-char opoint)
             nil)))))

(defun replace--stack-entry (replaced search-string replacement)
  "What `perform-replace' remembers of the match at point, to go back
to it: (POSITION REPLACED MATCH-DATA SEARCH-STRING REPLACEMENT), the
match data just the match's bounds once replaced."
  (list (point) replaced
        (if replaced
            (list (match-beginning 0) (match-end 0) (current-buffer))
          (match-data t))
        search-string replacement))

(defun perform-replace (from-string replacements query-flag regexp-flag delimited-flag
                                    &optional repeat-count map start end backward
                                    _region-noncontiguous-p)
  "Replace the matches of FROM-STRING (a regexp with REGEXP-FLAG; whole
words with DELIMITED-FLAG) after point, or between START and END
\(before point with BACKWARD) with REPLACEMENTS: a string, a list of
strings used REPEAT-COUNT times each in turn, or (FUNCTION . DATA)
called with DATA and the count so far.  With QUERY-FLAG, ask at each
match, reading an event and looking it up in MAP (`query-replace-map').
Return non-nil when asked to stop with replacements to go back to."
  (setq map (or map query-replace-map))
  (let* ((case-fold-search (replace--case-fold from-string regexp-flag))
         (nocasify (not (and case-replace case-fold-search)))
         (literal (or (not regexp-flag) (eq regexp-flag 'literal)))
         (search-string from-string)
         (pattern (concat (if delimited-flag "\\b" "")
                          (if regexp-flag from-string (regexp-quote from-string))
                          (if delimited-flag "\\b" "")))
         (real-match-data nil) (next-replacement nil) (noedit nil)
         (keep-going t) (stack nil)
         (search-string-replaced nil) (next-replacement-replaced nil)
         (last-was-undo nil) (last-was-act-and-show nil) (update-stack t)
         (replace-count 0) (nonempty-match nil) (multi-buffer nil)
         (limit nil) (match-again t)
         (prompt (concat "Query replacing " (if backward "backward " "")
                         (if delimited-flag "word " "") (if regexp-flag "regexp " "")
                         "%s with %s: (? for help) ")))
    (if backward
        (when end
          (setq limit (copy-marker (min start end)))
          (goto-char (max start end))
          (deactivate-mark))
      (when start
        (setq limit (copy-marker (max start end)))
        (goto-char (min start end))
        (deactivate-mark)))
    (cond ((stringp replacements)
           (setq next-replacement replacements replacements nil))
          ((stringp (car replacements))
           (setq repeat-count (or repeat-count 1))
           (setq replacements (cons #'replace-loop-through-replacements
                                    (vector repeat-count repeat-count
                                            replacements replacements)))))
    (push-mark)
    (undo-boundary)
    (unwind-protect
        (while (and keep-going
                    (if backward
                        (not (or (bobp) (and limit (<= (point) limit))))
                      (not (or (eobp) (and limit (>= (point) limit)))))
                    (setq real-match-data (replace--find-match pattern limit backward
                                                               match-again real-match-data)))
          (setq nonempty-match (/= (nth 0 real-match-data) (nth 1 real-match-data)))
          ;; The next match may be adjacent to a non-empty one: find it
          ;; now, before the replacement changes the text after.
          (setq match-again
                (and nonempty-match
                     (or (not regexp-flag)
                         (and (if backward (looking-back search-string nil)
                                (looking-at search-string))
                              (let ((match (match-data)))
                                (and (/= (nth 0 match) (nth 1 match)) match))))))
          (when replacements
            (set-match-data real-match-data)
            (setq next-replacement (funcall (car replacements) (cdr replacements) replace-count)))
          (if (not query-flag)
              (setq noedit (replace-match-maybe-edit next-replacement nocasify literal
                                                     noedit real-match-data backward)
                    replace-count (1+ replace-count))
            (undo-boundary)
            (let ((done nil) (replaced nil) key def)
              (while (not done)
                (set-match-data real-match-data)
                (replace-highlight (match-beginning 0) (match-end 0) start end search-string
                                   regexp-flag delimited-flag case-fold-search backward)
                (when (and last-was-undo regexp-flag)
                  (setq last-was-undo nil
                        real-match-data (save-excursion
                                          (goto-char (nth 0 real-match-data))
                                          (looking-at search-string)
                                          (match-data t real-match-data))))
                (setq search-string-replaced (buffer-substring-no-properties
                                              (nth 0 real-match-data) (nth 1 real-match-data))
                      next-replacement-replaced
                      (query-replace-descr
                       (save-match-data
                         (set-match-data real-match-data)
                         (match-substitute-replacement next-replacement nocasify literal))))
                (message prompt (query-replace-descr from-string)
                         (query-replace-descr next-replacement))
                (setq key (read-event))
                (set-match-data real-match-data)
                (setq key (vector key)
                      def (lookup-key map key))
                (pcase def
                  ('exit (setq keep-going nil done t))
                  ('exit-current (setq multi-buffer t keep-going nil done t))
                  ('backup
                   (if stack
                       (let ((entry (pop stack)))
                         (goto-char (nth 0 entry))
                         (setq replaced (nth 1 entry)
                               real-match-data (replace-match-data t real-match-data
                                                                   (nth 2 entry))))
                     (message "No previous match")
                     (ding 'no-terminate)
                     (sit-for 1)))
                  ((or 'undo 'undo-all)
                   (if (null stack)
                       (progn (message "Nothing to undo")
                              (ding 'no-terminate)
                              (sit-for 1))
                     (let ((idx 0) (len (length stack)) (undone 0)
                           (nocasify t)   ; undoing keeps the text's case
                           search-string last-replacement)
                       (while (and (< idx len) stack
                                   (or (null replaced) last-was-act-and-show))
                         (let ((entry (nth idx stack)))
                           (setq idx (1+ idx)
                                 replaced (nth 1 entry)
                                 search-string (nth (if replaced 4 3) entry)
                                 last-replacement (nth (if replaced 3 4) entry)
                                 search-string-replaced search-string
                                 next-replacement-replaced last-replacement
                                 last-was-act-and-show nil)
                           (when (and (= idx len) (null replaced) (zerop undone))
                             (message "Nothing to undo")
                             (ding 'no-terminate)
                             (sit-for 1))
                           (when replaced
                             (setq stack (nthcdr idx stack))
                             (goto-char (nth 0 entry))
                             (set-match-data (nth 2 entry))
                             (setq real-match-data
                                   (save-excursion
                                     (goto-char (match-beginning 0))
                                     (looking-at (regexp-quote search-string))
                                     (match-data t (nth 2 entry)))
                                   noedit (replace-match-maybe-edit
                                           last-replacement nocasify literal
                                           noedit real-match-data backward)
                                   replace-count (1- replace-count)
                                   real-match-data
                                   (save-excursion
                                     (goto-char (match-beginning 0))
                                     (looking-at (if regexp-flag last-replacement
                                                   (regexp-quote last-replacement)))
                                     (match-data t (nth 2 entry))))
                             (when regexp-flag
                               (setq next-replacement (nth 4 entry)))
                             (when (eq def 'undo-all)
                               (setq replaced nil
                                     len (- len idx)
                                     idx 0
                                     undone (1+ undone))))))
                       (when (and (eq def 'undo-all) (not (zerop undone)))
                         (message (ngettext "Undid %d replacement" "Undid %d replacements" undone)
                                  undone)
                         (ding 'no-terminate)
                         (sit-for 1)))
                     (setq replaced nil last-was-undo t last-was-act-and-show nil)))
                  ((or 'act 'act-and-exit 'automatic 'automatic-all)
                   (unless replaced
                     (setq noedit (replace-match-maybe-edit next-replacement nocasify literal
                                                            noedit real-match-data backward)
                           replace-count (1+ replace-count)))
                   (setq done t)
                   (pcase def
                     ('act (setq update-stack (not last-was-act-and-show)))
                     ('act-and-exit (setq keep-going nil))
                     ('automatic (setq query-flag nil))
                     ('automatic-all (setq query-flag nil multi-buffer t)))
                   (setq replaced t))
                  ('act-and-show
                   (unless replaced
                     (setq noedit (replace-match-maybe-edit next-replacement nocasify literal
                                                            noedit real-match-data backward)
                           replace-count (1+ replace-count)
                           real-match-data (replace-match-data t real-match-data)
                           replaced t
                           last-was-act-and-show t)
                     (push (replace--stack-entry replaced search-string-replaced
                                                 next-replacement-replaced)
                           stack)))
                  ('skip (setq done t update-stack (not last-was-act-and-show)))
                  ('edit-replacement
                   (setq real-match-data (replace-match-data nil real-match-data real-match-data)
                         next-replacement (read-string "Edit replacement string: "
                                                       next-replacement)
                         noedit nil)
                   (if replaced
                       (set-match-data real-match-data)
                     (setq noedit (replace-match-maybe-edit next-replacement nocasify literal
                                                            noedit real-match-data backward)
                           replaced t)
                     (setq next-replacement-replaced next-replacement))
                   (setq done t))
                  ('delete-and-edit
                   (replace-match "" t t)
                   (setq real-match-data (replace-match-data nil real-match-data))
                   (replace-dehighlight)
                   (save-excursion (recursive-edit))
                   (setq replaced t))
                  ((or 'help 'recenter 'edit))
                  (_
                   ;; Any other event ends the replacing and is read again.
                   (setq this-command 'mode-exited
                         keep-going nil
                         unread-command-events (append (listify-key-sequence key)
                                                       unread-command-events)
                         done t))))
              (when update-stack
                (push (replace--stack-entry replaced search-string-replaced
                                            next-replacement-replaced)
                      stack))
              (setq next-replacement-replaced nil
                    search-string-replaced nil
                    last-was-act-and-show nil))))
      (replace-dehighlight)
      (when (markerp limit) (set-marker limit nil)))
    (or unread-command-events
        (message (ngettext "Replaced %d occurrence%s" "Replaced %d occurrences%s" replace-count)
                 replace-count ""))
    (or (and keep-going stack) multi-buffer)))

;;; Occur: the lines that match, listed in a buffer

(defvar list-matching-lines-default-context-lines 0
  "How many lines of context `occur' shows around each match by default
\(negative: before it only).")

(defvar list-matching-lines-jump-to-current-line nil
  "Non-nil means `occur' marks the line point was on (not done here).")

(defvar occur-hook nil "Normal hook run after `occur' lists matches.")

(defvar occur-excluded-properties
  '(read-only invisible intangible field mouse-face help-echo local-map keymap
    yank-handler follow-link)
  "The text properties `occur' leaves out of the lines it copies.")

(defvar occur-revert-arguments nil
  "The arguments `occur-1' had in this Occur buffer, for reverting.")
(make-variable-buffer-local 'occur-revert-arguments)
(put 'occur-revert-arguments 'permanent-local t)

(defun query-replace-descr (string)
  "A copy of STRING whose control characters display as ^C."
  (let ((copy (copy-sequence string)))
    (dotimes (i (length copy))
      (let ((c (aref copy i)))
        (when (or (< c ?\s) (= c ?\^?))
          (put-text-property i (1+ i) 'display
                             (propertize (if (= c ?\^?) "^?" (format "^%c" (+ c 64)))
                                         'face 'escape-glyph)
                             copy))))
    copy))

(defun occur-regexp-descr (regexp)
  "How an Occur header names REGEXP: \" for \\\"REGEXP\\\"\"."
  (format " for %s\"%s\""
          (or (get-text-property 0 'isearch-regexp-function-descr regexp) "")
          (let ((shown (get-text-property 0 'isearch-string regexp)))
            (if shown
                (propertize (query-replace-descr shown) 'help-echo regexp)
              (query-replace-descr regexp)))))

(defun occur-engine-line (beg end &optional _keep-props)
  "The text from BEG to END, without properties."
  (buffer-substring-no-properties beg end))

(defun occur-engine-add-prefix (lines &optional _prefix-face)
  "LINES as context lines: each after a blank prefix, with a newline."
  (mapcar (lambda (line) (concat "       :" line "\n")) lines))

(defun occur-accumulate-lines (count &optional keep-props pt)
  "The texts of COUNT lines from PT's (default point's) on, or -COUNT
back from it, stopping at the buffer's edge."
  (save-excursion
    (when pt (goto-char pt))
    (let ((forward (> count 0)) (lines nil) (moved nil))
      (while (not (or (zerop count) (if forward (eobp) (and (bobp) (not moved)))))
        (setq count (+ count (if forward -1 1)))
        (push (occur-engine-line (line-beginning-position) (line-end-position) keep-props)
              lines)
        (setq moved (= 0 (forward-line (if forward 1 -1)))))
      (nreverse lines))))

(defun occur-context-lines (out-line nlines keep-props begpt endpt curr-line prev-line
                                     prev-after-lines &optional _prefix-face _orig-line
                                     _multi-occur-p)
  "OUT-LINE, a match's listing at line CURR-LINE, with NLINES lines of
context around it (before it only when negative), trimmed where they
would repeat the lines the previous match (ending at PREV-LINE, with
PREV-AFTER-LINES after it) showed, or apart from those after a dashed
line.  Return (TEXT AFTER-LINES)."
  (let ((before (nreverse (cdr (occur-accumulate-lines (- (1+ (abs nlines))) keep-props begpt))))
        (after (cdr (occur-accumulate-lines (1+ nlines) keep-props endpt)))
        (separator nil))
    (when prev-after-lines
      (if (>= (+ prev-line (length prev-after-lines)) (- curr-line (length before)))
          (setq prev-after-lines
                (butlast prev-after-lines
                         (- (length prev-after-lines)
                            (- curr-line prev-line (length before) 1))))
        (setq separator "-------\n")))
    (when prev-line
      (if (<= (- curr-line (length before)) prev-line)
          (setq before (nthcdr (- (length before) (- curr-line prev-line 1)) before))
        (unless (> nlines 0)
          (setq separator "-------\n"))))
    (list (apply #'concat (append (occur-engine-add-prefix prev-after-lines)
                                  (and separator (list separator))
                                  (occur-engine-add-prefix before)
                                  (list out-line)))
          (and (> nlines 0) after))))

(defun occur--mark-matches (regexp line begpt)
  "Find REGEXP's matches in LINE (the text from BEGPT), marking them
with `occur-match'; return their count and their (BEG . END) markers."
  (let ((start 0) (count (if (zerop (length line)) 1 0)) (markers nil))
    (while (and (< start (length line)) (string-match regexp line start))
      (push (cons (copy-marker (+ begpt (match-beginning 0)))
                  (copy-marker (+ begpt (match-end 0))))
            markers)
      (setq count (1+ count))
      (add-text-properties (match-beginning 0) (match-end 0) '(occur-match t) line)
      (let ((end (match-end 0)))
        (setq start (if (= start end) (1+ start) end))))
    (cons count (nreverse markers))))

(defun occur--listing (curr-line line markers)
  "The listing of match LINE (its lines joined by newlines) at line
CURR-LINE: numbered, later lines after a blank prefix."
  (let ((prefix (propertize (format "%7d:" curr-line)
                            'occur-prefix t 'front-sticky t 'rear-nonsticky t
                            'occur-target markers 'follow-link t))
        (text (propertize line 'occur-target markers 'follow-link t)))
    (concat (string-replace "\n" (propertize "\n       :" 'occur-target markers)
                            (propertize (concat prefix text) 'mouse-face 'highlight))
            (propertize "\n" 'occur-target markers))))

(defun occur--scan (regexp source out nlines)
  "List in OUT the matches of REGEXP in SOURCE (a buffer, or an overlay
for a region) with NLINES context lines; return (MATCHES . LINES)."
  (let ((lines 0) (matches 0)
        (inhibit-field-text-motion t))
    (save-excursion
      (goto-char (if (overlayp source) (overlay-start source) (point-min)))
      (forward-line 0)
      (let ((limit (if (overlayp source) (overlay-end source) (point-max)))
            (curr-line (line-number-at-pos))
            (prev-line nil) (prev-after nil)
            origpt begpt endpt)
        (while (< (point) limit)
          (setq origpt (point))
          (when (setq endpt (re-search-forward regexp limit t))
            (setq lines (1+ lines))
            (save-excursion
              (goto-char (match-beginning 0))
              (setq begpt (line-beginning-position))
              (goto-char endpt)
              (setq endpt (line-end-position)))
            (setq curr-line (+ curr-line (count-lines origpt begpt)))
            (let* ((line (occur-engine-line begpt endpt))
                   (found (occur--mark-matches regexp line begpt))
                   (listing (occur--listing curr-line line (cdr found))))
              (setq matches (+ matches (car found)))
              (unless (= nlines 0)
                (let ((shown (occur-context-lines listing nlines nil begpt endpt
                                                  curr-line prev-line prev-after)))
                  (setq listing (car shown)
                        prev-after (nth 1 shown))))
              (with-current-buffer out
                (insert listing)))
            (goto-char endpt))
          (if (not endpt)
              (goto-char (point-max))
            ;; An empty last match line is one more than count-lines says.
            (setq curr-line (+ curr-line (count-lines begpt endpt)
                               (if (and (bolp) (eolp)) 1 0)))
            (forward-line 1))
          (setq prev-line (1- curr-line)))
        (when prev-after
          (with-current-buffer out
            (insert (apply #'concat (occur-engine-add-prefix prev-after)))))))
    (cons matches lines)))

(defun occur--header (matches lines regexp source multi)
  "The line heading the matches in SOURCE."
  (propertize
   (format "%d %s%s%s in buffer: %s%s\n"
           matches (ngettext "match" "matches" matches)
           (if (= lines matches) "" (format " in %d %s" lines (ngettext "line" "lines" lines)))
           (if multi "" (occur-regexp-descr regexp))
           (buffer-name (if (overlayp source) (overlay-buffer source) source))
           (if (overlayp source)
               (format " within region: %d-%d" (overlay-start source) (overlay-end source))
             ""))
   'read-only t))

(defun occur-engine (regexp buffers out-buf nlines case-fold &rest _faces)
  "List the matches of REGEXP in BUFFERS (buffers or overlays) in
OUT-BUF, each buffer's under a header, with NLINES context lines;
CASE-FOLD is `case-fold-search' for the search.  Return how many."
  (with-current-buffer out-buf
    (let ((all-lines 0) (all-matches 0) (multi (cdr buffers)))
      (dolist (source buffers)
        (let ((buffer (if (overlayp source) (overlay-buffer source) source)))
          (when (buffer-live-p buffer)
            (let* ((headerpt (point))
                   (found (with-current-buffer buffer
                            (let ((case-fold-search case-fold))
                              (occur--scan regexp source out-buf nlines)))))
              (unless (zerop (cdr found))
                (setq all-lines (+ all-lines (cdr found))
                      all-matches (+ all-matches (car found)))
                (goto-char headerpt)
                (insert (occur--header (car found) (cdr found) regexp source multi))
                (goto-char (point-min)))))))
      (when (and (not (zerop all-lines)) multi)
        (goto-char (point-min))
        (insert (format "%d %s%s total%s:\n"
                        all-matches (ngettext "match" "matches" all-matches)
                        (if (= all-lines all-matches) ""
                          (format " in %d %s" all-lines (ngettext "line" "lines" all-lines)))
                        (occur-regexp-descr regexp)))
        (goto-char (point-min)))
      all-matches)))

(defun occur--collect (regexp sources out template)
  "Insert in OUT TEMPLATE (with \\& and \\N) for each match of REGEXP
in SOURCES, one a line; return how many."
  (let ((count 0))
    (dolist (source sources)
      (with-current-buffer (if (overlayp source) (overlay-buffer source) source)
        (save-excursion
          (goto-char (if (overlayp source) (overlay-start source) (point-min)))
          (let ((end (and (overlayp source) (overlay-end source))))
            (while (re-search-forward regexp end t)
              (let ((text (match-substitute-replacement template)))
                (when text
                  (with-current-buffer out
                    (insert text)
                    (setq count (1+ count))
                    (unless (zerop (current-column)) (insert "\n"))))))))))
    count))

(define-derived-mode occur-mode special-mode "Occur"
  "Major mode of the buffer `occur' lists matches in."
  (setq-local revert-buffer-function #'occur-revert-function))

(defun occur-revert-function (_ignore-auto _noconfirm)
  "List the matches again, as the Occur buffer's arguments say."
  (apply #'occur-1 (append occur-revert-arguments (list (buffer-name)))))

(defun occur-1 (regexp nlines bufs &optional buf-name)
  "List the matches of REGEXP in BUFS in the buffer BUF-NAME (default
*Occur*), with NLINES context lines, or, NLINES a string, collect it
expanded for each match."
  (when (or (null regexp) (equal regexp ""))
    (error "Occur doesn't work with the empty regexp"))
  (setq buf-name (or buf-name "*Occur*"))
  (let* ((live (delq nil (mapcar (lambda (source)
                                   (and (if (overlayp source) (overlay-buffer source)
                                          (buffer-live-p source))
                                        source))
                                 bufs)))
         (directory default-directory)
         out)
    (when (member buf-name (mapcar (lambda (source)
                                     (buffer-name (if (overlayp source) (overlay-buffer source)
                                                    source)))
                                   live))
      (with-current-buffer (get-buffer buf-name)
        (rename-uniquely)))
    (setq out (get-buffer-create buf-name))
    (with-current-buffer out
      (setq default-directory directory)
      (if (stringp nlines) (fundamental-mode) (occur-mode))
      (let ((inhibit-read-only t)
            (buffer-undo-list t))
        (erase-buffer)
        (let ((count (if (stringp nlines)
                         (occur--collect regexp live out nlines)
                       (occur-engine regexp live out
                                     (or nlines list-matching-lines-default-context-lines)
                                     (replace--case-fold regexp t)))))
          (message "Searched %d %s%s; %s %s%s"
                   (length live) (ngettext "buffer" "buffers" (length live))
                   (let ((killed (- (length bufs) (length live))))
                     (if (zerop killed) "" (format " (%d killed)" killed)))
                   (if (zerop count) "no" (format "%d" count))
                   (ngettext "match" "matches" count)
                   (occur-regexp-descr regexp))
          (setq occur-revert-arguments (list regexp nlines bufs))
          (if (= count 0)
              (kill-buffer out)
            (display-buffer out)
            (setq next-error-last-buffer out)
            (setq buffer-read-only t)
            (set-buffer-modified-p nil)
            (run-hooks 'occur-hook)))))))

(defun occur (regexp &optional nlines region)
  "List the lines of the buffer (or of the first of REGION's bounds)
that match REGEXP, in *Occur*, with NLINES lines of context around
each (before it only when negative)."
  (interactive (list (read-regexp "List lines matching regexp")
                     (and current-prefix-arg (prefix-numeric-value current-prefix-arg))
                     (and (use-region-p) (region-bounds))))
  (let* ((start (and (caar region) (max (caar region) (point-min))))
         (end (and (cdar region) (min (cdar region) (point-max))))
         (sources (if (not (or start end))
                      (list (current-buffer))
                    (let ((overlay (make-overlay (or start (point-min)) (or end (point-max)))))
                      (overlay-put overlay 'occur--orig-point (point))
                      (list overlay)))))
    (occur-1 regexp nlines sources)))

(defun occur--target-at (pos)
  (let ((target (get-text-property pos 'occur-target)))
    (or (and (consp target) (car (car target)))
        (and (markerp target) target))))

(defun occur-find-match (n search message)
  "Move N times over a match text (`occur-match') by SEARCH, a property
change finder: to the match's far end, or the next change when already
at one; signal MESSAGE when there is none."
  (dotimes (_ (or n 1))
    (let ((pos (funcall search (point) 'occur-match)))
      (when (and pos (get-text-property pos 'occur-match))
        (setq pos (funcall search pos 'occur-match)))
      (goto-char (or pos (user-error message))))))

(defun occur-next (&optional n)
  "Move to the end of the Nth next match listed."
  (interactive "p")
  (occur-find-match n #'next-single-property-change "No more matches"))

(defun occur-prev (&optional n)
  "Move back over the Nth previous match listed."
  (interactive "p")
  (occur-find-match n #'previous-single-property-change "No earlier matches"))

(defun occur-mode-goto-occurrence ()
  "Go to the match listed at point, in its buffer's window."
  (interactive)
  (let ((target (or (occur--target-at (point)) (user-error "No occurrence on this line"))))
    (pop-to-buffer (marker-buffer target))
    (goto-char target)))

(defun occur-mode-display-occurrence ()
  "Show the match listed at point in its buffer, staying here."
  (interactive)
  (let ((target (or (occur--target-at (point)) (user-error "No occurrence on this line"))))
    (save-selected-window
      (let ((window (display-buffer (marker-buffer target))))
        (set-window-point window target)))))

(provide 'replace)

;;; replace.el ends here
