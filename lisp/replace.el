;;; replace.el --- replacing, counting and pruning by regexp  -*- lexical-binding: t -*-

;; Emacs's replace commands as Lisp calls them: nothing asks, and a
;; replacement says how many it made, as batch Emacs does.  Emacs
;; preloads this; subr.el autoloads it and defines its variables.

(defun isearch-no-upper-case-p (string regexp-flag)
  "Non-nil if STRING has no upper-case letter; with REGEXP-FLAG, a
letter after a backslash, and a [:upper:] class, do not count."
  (let ((escaped nil))
    (catch 'upper
      (mapc (lambda (char)
              (cond (escaped (setq escaped nil))
                    ((and regexp-flag (eq char ?\\)) (setq escaped t))
                    ((/= char (downcase char)) (throw 'upper nil))))
            string)
      ;; [:upper:] and [:lower:] ask for case to matter.
      (not (and regexp-flag (string-match-p "\\[:\\(?:upp\\|low\\)er:]" string))))))

(defun replace--case-fold (string regexp-flag)
  "Whether a search for STRING ignores case."
  (if (and case-fold-search search-upper-case)
      (isearch-no-upper-case-p string regexp-flag)
    case-fold-search))

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
  (perform-replace from-string to-string nil nil delimited nil nil start end backward))

(defun replace-regexp (regexp to-string &optional delimited start end backward
                              _region-noncontiguous-p)
  "Replace the matches of REGEXP with TO-STRING (in which \\& and \\N
stand for the match and its groups) after point, or between START and
END; DELIMITED replaces whole words only, BACKWARD goes back."
  (interactive (replace--read-args "Replace regexp"))
  (perform-replace regexp to-string nil t delimited nil nil start end backward))

(defun replace--bounds (rstart rend)
  "Move to where a line command starts; return where it ends: between
RSTART and REND when given, else from point on."
  (if rstart
      (progn (goto-char (min rstart (or rend rstart)))
             (if rend (max rstart rend) (point-max)))
    (point-max)))

(defun replace--count-from-point (regexp end)
  "How many matches of REGEXP there are from point to END, an empty
one counting once; leave point after the last."
  (let ((count 0))
    (while (and (< (point) end) (re-search-forward regexp end t))
      (setq count (1+ count))
      ;; Step over an empty match, or it would be found again.
      (when (and (= (match-beginning 0) (point)) (not (eobp)))
        (forward-char 1)))
    count))

(defun how-many (regexp &optional rstart rend interactive)
  "The number of matches of REGEXP after point, or between RSTART and
REND; said in a message too when INTERACTIVE."
  (interactive (keep-lines-read-args "How many matches for regexp"))
  (let ((count (save-excursion
                 (let ((case-fold-search (replace--case-fold regexp t)))
                   (replace--count-from-point regexp (replace--bounds rstart rend))))))
    (when interactive
      (message (ngettext "%d occurrence" "%d occurrences" count) count))
    count))

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
  "Install NEW as the match data when it is given.  Return NEW itself
if it is REUSE and already in the wanted form (numbers when INTEGERS,
markers otherwise); else the current match data in that form, stored
into REUSE where it fits."
  (when new
    (set-match-data new))
  (let ((has-markers (and new (markerp (car new)))))
    (if (and new (eq new reuse) (if integers (not has-markers) has-markers))
        new
      (match-data integers reuse t))))

(defun replace--edit-request (text)
  "The index in TEXT of a \\? not quoted by a backslash, or nil."
  (and (string-match "\\(?:\\`\\|[^\\]\\)\\(?:\\\\\\\\\\)*\\(\\\\\\?\\)" text)
       (match-beginning 1)))

(defun replace-match-maybe-edit (newtext fixedcase literal noedit match-data &optional backward)
  "Replace the match MATCH-DATA describes with NEWTEXT, as
`replace-match' with FIXEDCASE and LITERAL would.  Unless LITERAL or
NOEDIT, each \\? in NEWTEXT first asks for the replacement to be
edited, with point where the \\? was.  Going BACKWARD, leave point at
the start of the match.  Return the new NOEDIT: t when nothing asked."
  (let ((asked nil) at)
    (unless (or literal noedit)
      (while (setq at (replace--edit-request newtext))
        ;; The minibuffer may change the buffer: follow the match with markers.
        (setq match-data (replace-match-data nil match-data match-data)
              asked t
              newtext (read-string "Edit replacement string: "
                                   (cons (concat (substring newtext 0 at)
                                                 (substring newtext (+ at 2)))
                                         (1+ at))))))
    (set-match-data match-data)
    (replace-match newtext fixedcase literal)
    (set-match-data match-data)
    (when backward
      (goto-char (car match-data)))
    (if (or literal noedit) noedit (not asked))))

(defun replace-loop-through-replacements (data count)
  "The replacement for match number COUNT (from 0) from DATA, a vector
[SWITCH EVERY CURRENT ALL]: CURRENT is the tail of the list ALL whose
head is in use, until COUNT reaches SWITCH; then the next string (the
first again after the last) takes over for EVERY matches more."
  (pcase-let ((`[,switch ,every ,current ,all] data))
    (when (= count switch)
      (setq current (or (cdr current) all))
      (aset data 2 current)
      (aset data 0 (+ count every)))
    (car current)))

(defun replace--search (pattern limit backward)
  "Search for PATTERN from point to LIMIT, back when BACKWARD."
  (funcall (if backward #'re-search-backward #'re-search-forward) pattern limit t))

(defun replace--room-to-step-p (limit backward)
  "Whether one character on from point, toward LIMIT or the buffer's
edge, is still strictly inside both."
  (let ((next (if backward (1- (point)) (1+ (point))))
        (inside (if backward #'> #'<)))
    (and (funcall inside next (if backward (point-min) (point-max)))
         (or (null limit) (funcall inside next limit)))))

(defun replace--find-match (pattern limit backward lookahead reuse)
  "Move to the next match of PATTERN toward LIMIT and return its match
data as numbers (stored into REUSE where it fits), or nil.
LOOKAHEAD says where it is: match data found already, t for a search
from point, nil for a search a character on, so that an empty match
is not found twice."
  (cond ((consp lookahead)
         (goto-char (nth (if backward 0 1) lookahead))
         (replace-match-data t reuse lookahead))
        ((and (not lookahead) (not (replace--room-to-step-p limit backward)))
         nil)
        (t
         (let ((from (point)))
           (unless lookahead
             (forward-char (if backward -1 1)))
           (if (replace--search pattern limit backward)
               (replace-match-data t reuse)
             (goto-char from)
             nil)))))

;; The state of one `perform-replace', which it binds and the functions
;; below share.
(defvar replace--from nil "What is searched for, as given.")
(defvar replace--regexp-p nil "Non-nil when `replace--from' is a regexp.")
(defvar replace--backward nil "Non-nil when replacing goes back.")
(defvar replace--fixedcase nil "Non-nil when replacements keep their own case.")
(defvar replace--literal nil "Non-nil when replacements are inserted as written.")
(defvar replace--match nil "The match data of the match at hand.")
(defvar replace--text nil "The replacement for the match at hand, unexpanded.")
(defvar replace--noedit nil "Non-nil once no \\? in the replacement asks to edit it.")
(defvar replace--going nil "Nil once told to stop.")
(defvar replace--asking nil "Nil once told to replace the rest without asking.")
(defvar replace--other-buffers nil "Non-nil when the answer concerns other buffers too.")
(defvar replace--replaced nil "Non-nil when the match at hand has been replaced.")
(defvar replace--shown nil
  "Non-nil when the match at hand was replaced by `act-and-show' (and
already remembered).")
(defvar replace--after-undo nil "Non-nil just after an undo, until the match is asked about.")
(defvar replace--remember nil
  "Whether to remember the answer to the match at hand.  Only the
act and skip answers set it, so that it carries over to the matches
after, as in Emacs.")
(defvar replace--seen-text nil "The text of the match at hand, to remember.")
(defvar replace--seen-replacement nil "Its replacement as shown, to remember.")
(defvar replace--history nil
  "The matches answered, newest first, each (POINT REPLACED MATCH-DATA
TEXT REPLACEMENT): where point was, whether replaced, the match's data
\(its bounds only once replaced), its text and its replacement.")

(defun replace--replace-at-hand (count)
  "Replace the match at hand; add 1 to `replace-count' when COUNT."
  (setq replace--noedit (replace-match-maybe-edit replace--text replace--fixedcase
                                                  replace--literal replace--noedit
                                                  replace--match replace--backward))
  (when count
    (setq replace-count (1+ replace-count))))

(defun replace--remember-answer ()
  "Push the match at hand, as the match data now says, on the history."
  (push (list (point) replace--replaced
              (if replace--replaced
                  (list (match-beginning 0) (match-end 0) (current-buffer))
                (match-data t))
              replace--seen-text replace--seen-replacement)
        replace--history))

(defun replace--complain (text)
  "Say TEXT with a beep and a pause."
  (message "%s" text)
  (ding 'no-terminate)
  (sit-for 1))

(defun replace--back-up ()
  "Return to the match answered last, forgetting the answer."
  (if (null replace--history)
      (replace--complain "No previous match")
    (pcase-let ((`(,where ,replaced ,data . ,_) (pop replace--history)))
      (goto-char where)
      (setq replace--replaced replaced
            replace--match (replace-match-data t replace--match data)))))

(defun replace--pop-replaced ()
  "Forget the answers up to the newest replacement and return it; nil
when no answer replaced anything."
  (let ((tail replace--history))
    (while (and tail (not (nth 1 (car tail))))
      (setq tail (cdr tail)))
    (when tail
      (setq replace--history (cdr tail))
      (car tail))))

(defun replace--revert (entry)
  "Put back the text the replacement history ENTRY made, and make the
restored text the match at hand."
  (pcase-let ((`(,where ,_ ,bounds ,original ,replacement) entry))
    (goto-char where)
    (set-match-data bounds)
    (save-excursion
      (goto-char (match-beginning 0))
      (looking-at (regexp-quote replacement)))
    (let ((replace--text original)
          (replace--fixedcase t)        ; the original text has its case already
          (replace--match (match-data t)))
      (replace--replace-at-hand nil))
    (setq replace-count (1- replace-count))
    (save-excursion
      (goto-char (match-beginning 0))
      (looking-at (if replace--regexp-p original (regexp-quote original))))
    (setq replace--match (match-data t))
    (when replace--regexp-p
      (setq replace--text replacement))))

(defun replace--undo (all)
  "Take back the last replacement (ALL: every one) and make its place
the match at hand."
  (if (null replace--history)
      (replace--complain "Nothing to undo")
    (when (or (not replace--replaced) replace--shown)
         (let ((undone 0) entry)
           (while (and (or all (zerop undone))
                       (setq entry (replace--pop-replaced)))
             (replace--revert entry)
             (setq undone (1+ undone)))
           (cond ((zerop undone)
                  (replace--complain "Nothing to undo"))
                 (all
                  (replace--complain (format (ngettext "Undid %d replacement"
                                                       "Undid %d replacements" undone)
                                             undone))))))
    (setq replace--replaced nil replace--after-undo t replace--shown nil)))

(defun replace--accept (answer)
  "Replace the match at hand unless done already; ANSWER says what
else to do: `act-and-exit' stop, `automatic' stop asking,
`automatic-all' in other buffers too."
  (unless replace--replaced
    (replace--replace-at-hand t))
  (setq replace--replaced t)
  (pcase answer
    ('act (setq replace--remember (not replace--shown)))
    ('act-and-exit (setq replace--going nil))
    ('automatic (setq replace--asking nil))
    ('automatic-all (setq replace--asking nil replace--other-buffers t))))

(defun replace--accept-and-stay ()
  "Replace the match at hand and remember it, to show it before going on."
  (unless replace--replaced
    (replace--replace-at-hand t)
    (setq replace--match (replace-match-data t replace--match)
          replace--replaced t
          replace--shown t)
    (replace--remember-answer)))

(defun replace--edit-and-accept ()
  "Read a new replacement, then replace the match at hand with it
unless replaced already."
  (setq replace--match (replace-match-data nil replace--match replace--match)
        replace--text (read-string "Edit replacement string: " replace--text)
        replace--noedit nil)
  (if replace--replaced
      (set-match-data replace--match)
    ;; Not counted, as in Emacs.
    (replace--replace-at-hand nil)
    (setq replace--replaced t
          replace--seen-replacement replace--text)))

(defun replace--delete-and-edit ()
  "Delete the match at hand and let the user edit recursively."
  (replace-match "" t t)
  (setq replace--match (replace-match-data nil replace--match))
  (replace-dehighlight)
  (save-excursion (recursive-edit))
  (setq replace--replaced t))

(defun replace--stop-for (key)
  "Stop replacing, leaving KEY to be read again."
  (setq this-command 'mode-exited
        replace--going nil
        unread-command-events (append (listify-key-sequence key) unread-command-events)))

(defun replace--answer (answer key)
  "Act on ANSWER, the binding of KEY in the answer map; non-nil when
it is done with the match at hand."
  (pcase answer
    ((or 'act 'act-and-exit 'automatic 'automatic-all) (replace--accept answer) t)
    ('skip (setq replace--remember (not replace--shown)) t)
    ('exit (setq replace--going nil) t)
    ('exit-current (setq replace--going nil replace--other-buffers t) t)
    ('edit-replacement (replace--edit-and-accept) t)
    ('act-and-show (replace--accept-and-stay) nil)
    ('backup (replace--back-up) nil)
    ('undo (replace--undo nil) nil)
    ('undo-all (replace--undo t) nil)
    ('delete-and-edit (replace--delete-and-edit) nil)
    ;; Batch use has no window to recenter: `recenter' signals then, as in Emacs.
    ('recenter (recenter) nil)
    ((or 'help 'edit) nil)
    (_ (replace--stop-for key) t)))

(defun replace--regroup-after-undo ()
  "After an undo put a regexp match's original text back, match it
again, to have its groups for the replacement."
  (when (and replace--after-undo replace--regexp-p)
    (setq replace--after-undo nil)
    (save-excursion
      (goto-char (car replace--match))
      (looking-at replace--from)
      (setq replace--match (match-data t replace--match)))))

(defun replace--describe-match ()
  "Note the text of the match at hand and its expanded replacement,
for the history."
  (replace--regroup-after-undo)
  (pcase-let ((`(,beg ,end . ,_) replace--match))
    (setq replace--seen-text (buffer-substring-no-properties beg end)))
  (let ((expanded (save-match-data
                    (set-match-data replace--match)
                    (match-substitute-replacement
                     replace--text replace--fixedcase replace--literal))))
    (setq replace--seen-replacement (query-replace-descr expanded))))

(defun replace--ask (map prompt)
  "Ask about the match at hand with PROMPT until an answer, looked up
in MAP, moves on."
  (undo-boundary)
  (let ((replace--replaced nil) (moved-on nil))
    (while (not moved-on)
      (set-match-data replace--match)
      (replace-highlight (match-beginning 0) (match-end 0))
      (replace--describe-match)
      (message prompt (query-replace-descr replace--from) (query-replace-descr replace--text))
      (let ((key (vector (read-event))))
        (set-match-data replace--match)
        (setq moved-on (replace--answer (lookup-key map key) key))))
    (when replace--remember
      (replace--remember-answer))
    (setq replace--seen-text nil replace--seen-replacement nil replace--shown nil)))

(defun replace--replacer (replacements repeat-count)
  "REPLACEMENTS as (FUNCTION . DATA), FUNCTION giving the replacement
for DATA and the count so far; nil for a string."
  (cond ((stringp replacements) nil)
        ((stringp (car replacements))
         (let ((every (or repeat-count 1)))
           (cons #'replace-loop-through-replacements
                 (vector every every replacements replacements))))
        (t replacements)))

(defun replace--adjacent-match ()
  "Where to look for the match after the one just found: its match
data when it is a non-empty one adjoining it, t for searching from
point, nil for a character further."
  (cond ((= (nth 0 replace--match) (nth 1 replace--match)) nil)
        ((not replace--regexp-p) t)
        ((and (if replace--backward (looking-back replace--from nil) (looking-at replace--from))
              (/= (match-beginning 0) (match-end 0)))
         (match-data))))

(defun replace--enter-region (start end)
  "Go to the side of the region START..END replacing begins at; return
a marker at its other side, or nil when there is no region."
  (when (if replace--backward end start)
    (deactivate-mark)
    (goto-char (if replace--backward (max start end) (min start end)))
    (copy-marker (if replace--backward (min start end) (max start end)))))

(defun replace--more-room-p (limit)
  "Whether point is short of LIMIT and the buffer's edge."
  (let ((edge (if replace--backward
                  (max (point-min) (or limit (point-min)))
                (min (point-max) (or limit (point-max))))))
    (funcall (if replace--backward #'> #'<) (point) edge)))

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
  (let* ((case-fold-search (replace--case-fold from-string regexp-flag))
         (replace--from from-string)
         (replace--regexp-p regexp-flag)
         (replace--backward backward)
         (replace--fixedcase (not (and case-replace case-fold-search)))
         (replace--literal (or (not regexp-flag) (eq regexp-flag 'literal)))
         (replace--text (and (stringp replacements) replacements))
         (replace--asking query-flag)
         (replace--going t) (replace--remember t)
         (replace--match nil) (replace--noedit nil) (replace--history nil)
         (replace--other-buffers nil) (replace--shown nil) (replace--after-undo nil)
         (replace--seen-text nil) (replace--seen-replacement nil)
         (replace-count 0)
         (replacer (replace--replacer replacements repeat-count))
         (word (if delimited-flag "\\b" ""))
         (pattern (concat word (if regexp-flag from-string (regexp-quote from-string)) word))
         (prompt (concat "Query replacing " (if backward "backward " "")
                         (if delimited-flag "word " "") (if regexp-flag "regexp " "")
                         "%s with %s: (? for help) "))
         (limit (replace--enter-region start end))
         (lookahead t))
    (push-mark)
    (undo-boundary)
    (unwind-protect
        (while (and replace--going
                    (replace--more-room-p limit)
                    (setq replace--match (replace--find-match pattern limit backward
                                                              lookahead replace--match)))
          ;; Look for an adjoining match now: replacing changes the text.
          (setq lookahead (replace--adjacent-match))
          (when replacer
            (set-match-data replace--match)
            (setq replace--text (funcall (car replacer) (cdr replacer) replace-count)))
          (if replace--asking
              (replace--ask (or map query-replace-map) prompt)
            (replace--replace-at-hand t)))
      (replace-dehighlight)
      (when limit (set-marker limit nil)))
    (unless unread-command-events
      (message (ngettext "Replaced %d occurrence%s" "Replaced %d occurrences%s" replace-count)
               replace-count ""))
    (or (and replace--going replace--history) replace--other-buffers)))

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

(defvar occur-highlight-overlays nil "The overlays highlighting the visited occurrence.")
(defface next-error '((t :inherit region)) "The face of a visited occurrence.")

(defun occur-goto-locus-delete-o ()
  "Take away the highlight of the visited occurrence."
  (mapc #'delete-overlay occur-highlight-overlays)
  (setq occur-highlight-overlays nil)
  (when (timerp next-error-highlight-timer)
    (cancel-timer next-error-highlight-timer))
  (remove-hook 'pre-command-hook #'occur-goto-locus-delete-o))

(defun occur--show-target (pos)
  "Mark the occurrence listed at POS in its buffer, as
`next-error-highlight' says: a `next-error' face until the next command
or for a while, or a fringe arrow."
  (let ((spans (get-text-property pos 'occur-target))
        (start (occur--target-at pos)))
    (occur-goto-locus-delete-o)
    (with-current-buffer (marker-buffer start)
      (cond ((or (eq next-error-highlight t) (numberp next-error-highlight))
             (setq occur-highlight-overlays
                   (mapcar (lambda (span)
                             (let ((o (make-overlay (car span) (cdr span))))
                               (overlay-put o 'face 'next-error)
                               o))
                           (occur--target-spans spans)))
             (add-hook 'pre-command-hook #'occur-goto-locus-delete-o)
             (when (numberp next-error-highlight)
               (setq next-error-highlight-timer
                     (run-at-time next-error-highlight nil #'occur-goto-locus-delete-o))))
            ((eq next-error-highlight 'fringe-arrow)
             (setq next-error-overlay-arrow-position
                   (save-excursion (goto-char start)
                                   (copy-marker (line-beginning-position)))))))))

(defun occur--target-spans (target)
  "The (START . END) spans of an `occur-target' value: a list of them,
or a single start marker, which stands for the rest of its line."
  (if (consp target)
      target
    (list (cons target (with-current-buffer (marker-buffer target)
                         (save-excursion (goto-char target) (line-end-position)))))))

(defun occur-mode-goto-occurrence ()
  "Go to the match listed at point, in its buffer's window, and
highlight it as `next-error-highlight' says."
  (interactive)
  (let* ((listing (current-buffer))
         (here (point))
         (target (or (occur--target-at here) (user-error "No occurrence on this line"))))
    (pop-to-buffer (marker-buffer target))
    (goto-char target)
    (with-current-buffer listing (occur--show-target here))))

(defun occur-mode-display-occurrence ()
  "Show the match listed at point in its buffer, staying here."
  (interactive)
  (let ((target (or (occur--target-at (point)) (user-error "No occurrence on this line")))
        (next-error-highlight next-error-highlight-no-select))
    (save-selected-window
      (let ((window (display-buffer (marker-buffer target))))
        (set-window-point window target)))
    (occur--show-target (point))))

(provide 'replace)

;;; replace.el ends here
