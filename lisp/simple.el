;;; simple.el --- the mark, the kill ring and basic editing commands  -*- lexical-binding: t -*-

;; Emacs's editing commands as a batch program calls them: there is no
;; command loop, so `last-command' stays nil and consecutive kills do
;; not append; transient-mark-mode is off, so setting the mark
;; activates it and no region is ever "active"; no window-system
;; selection takes part in killing and yanking.  Emacs preloads this;
;; subr.el autoloads it and defines its variables.

;;; ---- Version ----------------------------------------------------

(defun emacs-version (&optional here)
  "A string naming this Lisp: marrow, and the Emacs it speaks.  With
HERE non-nil, insert it at point instead (and return nil)."
  (interactive "P")
  (let ((version (format "marrow %s (GNU Emacs %s dialect, %s)"
                         marrow-version emacs-version system-type)))
    (if here (progn (insert version) nil) version)))

;;; ---- The mark ---------------------------------------------------


(defun mark-marker ()
  "This buffer's mark, a marker (which points nowhere before the mark
is first set)."
  (or simple--mark-marker (setq simple--mark-marker (make-marker))))

(defun mark (&optional force)
  "The position of the mark, or nil if it is not set.  Under
`transient-mark-mode' an inactive mark signals `mark-inactive' instead,
unless FORCE or `mark-even-if-inactive'."
  (unless (or force mark-active mark-even-if-inactive (not transient-mark-mode))
    (signal 'mark-inactive nil))
  (marker-position (mark-marker)))

(defun activate-mark (&optional _no-tmm)
  "Make the mark active, if it is set."
  (when (and (mark t) (not mark-active))
    (setq mark-active t)
    (run-hooks 'activate-mark-hook)))

(defun deactivate-mark (&optional force)
  "Make the mark inactive (only under transient-mark-mode, or FORCE)."
  (when (and mark-active (or transient-mark-mode force))
    (setq mark-active nil)
    (run-hooks 'deactivate-mark-hook)))

(defun set-mark (pos)
  "Put the mark at POS and activate it; nil unsets it."
  ;; An unset mark cannot stay active: deactivate while it is still set.
  (unless pos
    (deactivate-mark t))
  (set-marker (mark-marker) pos (current-buffer))
  (when pos
    (activate-mark 'no-tmm)))

(defun push-mark (&optional location nomsg activate)
  "Put the mark at LOCATION (point by default), the old mark going onto
`mark-ring'.  Says \"Mark set\" unless NOMSG."
  (when (mark t)
    (push (copy-marker (mark-marker)) mark-ring)
    (when (> (length mark-ring) mark-ring-max)
      (set-marker (car (last mark-ring)) nil)
      (setq mark-ring (butlast mark-ring))))
  (set-marker (mark-marker) (or location (point)) (current-buffer))
  (unless nomsg
    (message "Mark set"))
  (when (or activate (not transient-mark-mode))
    (set-mark (mark t)))
  nil)

(defun push-mark-command (arg &optional nomsg)
  "Set the mark at point and activate it; when it is already at point
\(and no ARG), just activate it.  Say so unless NOMSG."
  (interactive "P")
  (cond ((or arg (not (eql (mark t) (point))))
         (push-mark nil nomsg t))
        (t
         (activate-mark 'no-message)
         (unless nomsg
           (message "Mark activated")))))

(defun simple--line-edge (arg forward)
  "Move ARG-1 lines (ARG nil: 1), then to the line's end (FORWARD) or
start, past invisible text there, a start then on to the first visible
character.  As in Emacs, only the start stops at the edge of a field
between."
  (setq arg (or arg 1))
  (let ((orig (point))
        (skip (if forward #'skip-chars-forward #'skip-chars-backward)))
    (unless (= arg 1)
      (forward-line (1- arg)))
    (funcall skip "^\n")
    (while (and (not (if forward (eobp) (bobp)))
                (invisible-p (if forward (point) (1- (point)))))
      (goto-char (if forward
                     (next-char-property-change (point))
                   (previous-char-property-change (point))))
      (funcall skip "^\n"))
    (unless forward
      (while (and (< (point) orig) (invisible-p (point)))
        (goto-char (next-char-property-change (point) orig))))
    (unless forward
      (goto-char (constrain-to-field (point) orig (/= arg 1) t nil)))))

(defun move-beginning-of-line (arg)
  "Move to the start of the line (ARG-1 lines on first), past invisible
text to the first visible character, stopping at a field's edge."
  (interactive "^p")
  (simple--line-edge arg nil))

(defun move-end-of-line (arg)
  "Move to the end of the line (ARG-1 lines on first), past invisible
text, whatever the fields."
  (interactive "^p")
  (simple--line-edge arg t))

(defun pop-mark ()
  "Move the mark to the newest position of `mark-ring', and the mark's
old position to the ring's far end; leave the mark inactive."
  (when mark-ring
    (let ((newest (pop mark-ring)))
      (setq mark-ring (nconc mark-ring (list (copy-marker (mark-marker)))))
      (set-marker (mark-marker) newest)
      ;; The ring's marker is done with; keep it from slowing edits.
      (set-marker newest nil)))
  (deactivate-mark))

(defun exchange-point-and-mark (&optional _arg)
  "Put the mark where point is and point where the mark was."
  (interactive "P")
  (let ((old-mark (or (mark t) (user-error "No mark set in this buffer"))))
    (set-mark (point))
    (goto-char old-mark)
    nil))

(define-minor-mode transient-mark-mode
  "Toggle Transient Mark mode: setting the mark activates the region,
and commands such as `undo' then act on it; a change deactivates it."
  :global t)

(defun region-active-p ()
  "t when the region is active (under transient-mark-mode only).  An
active mark that is not set is a bug: an assertion fails."
  (and transient-mark-mode mark-active
       (progn (unless (mark)
                (signal 'cl-assertion-failed (list '(mark))))
              t)))

(defun use-region-p ()
  "t when commands should act on the active region: one that is not
empty, unless `use-empty-active-region'."
  (and (region-active-p)
       (or use-empty-active-region (> (region-end) (region-beginning)))
       t))

(defun simple--region-bound (pick)
  (let ((mark (marker-position (mark-marker))))
    (unless mark
      (error "The mark is not set now, so there is no region"))
    (funcall pick (point) mark)))

(defun region-beginning ()
  "The position of the start of the region: point or the mark."
  (simple--region-bound #'min))

(defun region-end ()
  "The position of the end of the region: point or the mark."
  (simple--region-bound #'max))

(defun region-bounds ()
  "The region's pieces, a list of (BEG . END) from
`region-extract-function'."
  (funcall region-extract-function 'bounds))

(defun region-noncontiguous-p ()
  "Non-nil when the region has more than one piece: the pieces after
the first."
  (cdr (region-bounds)))

(defun simple--char-count (arg)
  "The count of characters the raw prefix ARG stands for: a lone minus
is -1, a list the number in it, a number itself."
  (cond ((eq arg '-) -1)
        ((consp arg) (car arg))
        (t arg)))

(defun kill-forward-chars (arg)
  "Kill the ARG characters after point (before it if ARG is negative);
ARG may be a raw prefix argument."
  (kill-region (point) (+ (point) (simple--char-count arg))))

(defun kill-backward-chars (arg)
  "Kill the ARG characters before point (after it if ARG is negative);
ARG may be a raw prefix argument."
  (kill-forward-chars (- (simple--char-count arg))))

(defun simple--delete-region-instead (n)
  "Delete the active region, or kill it when `delete-active-region' is
`kill', if N is 1 and the region is in use: what the character deletion
commands do then.  Non-nil if it did."
  (let ((how (and (= n 1) delete-active-region (use-region-p)
                  delete-active-region)))
    (cond ((null how) nil)
          ((eq how 'kill)
           (kill-region (region-beginning) (region-end) 'region)
           t)
          (t
           (funcall region-extract-function 'delete-only)
           t))))

(defun delete-forward-char (n &optional killflag)
  "Delete the N characters after point (before it if N is negative),
saving them in the kill ring when KILLFLAG.  With N 1 and an active
region, delete the region instead (see `delete-active-region')."
  (interactive "p\nP")
  (unless (integerp n)
    (signal 'wrong-type-argument (list 'integerp n)))
  (unless (simple--delete-region-instead n)
    (delete-char n killflag))
  nil)

(defun mark-whole-buffer ()
  "Put point at the beginning of the buffer and the mark at its end."
  (interactive)
  (push-mark)
  (push-mark (point-max) nil t)
  (goto-char (point-min)))

(defun beginning-of-buffer (&optional arg)
  "Move point to the beginning of the buffer, leaving the mark behind."
  (interactive "^P")
  (or (consp arg) (region-active-p) (push-mark))
  (goto-char (point-min)))

(defun end-of-buffer (&optional arg)
  "Move point to the end of the buffer, leaving the mark behind."
  (interactive "^P")
  (or (consp arg) (region-active-p) (push-mark))
  (goto-char (point-max)))

(defun goto-line-read-args (&optional relative)
  "The arguments of `goto-line': the prefix argument, else a line
number read."
  (list (if (and current-prefix-arg (not (consp current-prefix-arg)))
            (prefix-numeric-value current-prefix-arg)
          (read-number (if relative "Goto relative line: " "Goto line: ")))
        nil relative))

(defun simple--line-start (n whole)
  "Where line N (1 for the first) starts, counting from the start of the
whole buffer when WHOLE, else of its accessible portion.  Past the last
line, the end."
  (save-excursion
    (save-restriction
      (when whole (widen))
      (goto-char (point-min))
      (forward-line (1- n))
      (point))))

(defun goto-line (line &optional _buffer relative)
  "Go to the beginning of line LINE, leaving the mark where point was
unless the region is active.  Lines count from the buffer's start, or
from its accessible portion's with RELATIVE; a line outside the
narrowing widens the buffer."
  (interactive (goto-line-read-args))
  (unless (region-active-p) (push-mark))
  (let ((target (simple--line-start line (not relative))))
    (unless (<= (point-min) target (point-max))
      (widen))
    (goto-char target)))

;;; ---- The kill ring ------------------------------------------------


(defun simple--trim-kill-ring ()
  "Drop the kills past the first `kill-ring-max' from `kill-ring'."
  (let ((last-kept (nthcdr (1- kill-ring-max) kill-ring)))
    (when (consp last-kept)
      (setcdr last-kept nil))))

(defun kill-new (string &optional replace)
  "Make STRING the newest kill (in place of the newest with REPLACE)."
  (let ((repeated (and kill-do-not-save-duplicates
                       (equal-including-properties string (car kill-ring)))))
    (cond (repeated)
          ((and replace kill-ring) (setcar kill-ring string))
          (t (push string kill-ring)
             (simple--trim-kill-ring))))
  (setq kill-ring-yank-pointer kill-ring)
  nil)

(defun kill-append (string before-p)
  "Add STRING to the end (the start, if BEFORE-P) of the newest kill."
  (let* ((newest (car kill-ring))
         (joined (if before-p (concat string newest) (concat newest string)))
         ;; A kill that has a yank handler of its own is kept as it is,
         ;; the joined text going in front of it.
         (own-handler (and (not (equal newest ""))
                           (get-text-property 0 'yank-handler newest))))
    (kill-new joined (not own-handler))))

(defun current-kill (n &optional do-not-move)
  "The kill N places after the one `yank' would take, which becomes the
one it takes unless DO-NOT-MOVE."
  (unless kill-ring
    (error "Kill ring is empty"))
  (let* ((size (length kill-ring))
         (yank-index (- size (length kill-ring-yank-pointer)))
         (tail (nthcdr (mod (+ yank-index n) size) kill-ring)))
    (unless do-not-move
      (setq kill-ring-yank-pointer tail))
    (car tail)))

(defun filter-buffer-substring (beg end &optional delete)
  "The text between BEG and END, deleted too if DELETE."
  (if delete
      ;; From BEG, as Emacs deletes it: undo then records point's
      ;; marker's adjustment rather than a negative position.
      (save-excursion
        (goto-char beg)
        (delete-and-extract-region beg end))
    (buffer-substring beg end)))

(defun simple--save-kill (string beg end)
  "Save STRING, the text from BEG to END, as a kill: a new one, or
joined to the previous one right after another `kill-region'."
  (if (not (eq last-command 'kill-region))
      (kill-new string)
    ;; Killing backwards puts the text in front of the previous kill.
    (kill-append string (> beg end))))

(defun copy-region-as-kill (beg end &optional _region)
  "Save the text between BEG and END as the newest kill."
  (interactive (list (mark) (point) 'region))
  (simple--save-kill (filter-buffer-substring beg end) beg end)
  (setq deactivate-mark t)
  nil)

(defun kill-ring-save (beg end &optional region)
  "Save the text between BEG and END as the newest kill."
  (interactive (list (mark) (point) 'region))
  (copy-region-as-kill beg end region))

(defun barf-if-buffer-read-only (&optional position)
  "Signal `buffer-read-only' if the buffer is read-only, unless
`inhibit-read-only' or the text at POSITION lets it be edited."
  (when (and buffer-read-only (not inhibit-read-only)
             (not (and position (get-text-property position 'inhibit-read-only))))
    (signal 'buffer-read-only (list (current-buffer)))))

(defun kill-region (beg end &optional _region)
  "Delete the text between BEG and END, saving it as the newest kill.
Read-only text is copied, then signals (unless `kill-read-only-ok')."
  (interactive (let ((mark (mark)))
                 (unless mark
                   (user-error "The mark is not set now, so there is no region"))
                 (list mark (point) 'region)))
  (unless (and beg end)
    (user-error "The mark is not set now, so there is no region"))
  (condition-case nil
      (let ((string (filter-buffer-substring beg end 'delete)))
        (simple--save-kill string beg end)
        (setq this-command 'kill-region)
        (setq deactivate-mark t)
        nil)
    ((buffer-read-only text-read-only)
     (copy-region-as-kill beg end)
     (setq this-command 'kill-region)
     (if kill-read-only-ok
         (progn (message "Read only text copied to kill ring") nil)
       (barf-if-buffer-read-only)
       (signal 'text-read-only (list (current-buffer)))))))

(defun kill-line (&optional arg)
  "Kill the rest of the line (its newline too when only blanks remain);
with ARG, kill ARG lines forward from point (backward if negative)."
  (interactive "P")
  (kill-region (point)
               (progn
                 (if arg
                     (forward-line (prefix-numeric-value arg))
                   (when (eobp)
                     (signal 'end-of-buffer nil))
                   (let ((end (line-end-position)))
                     (if (or (save-excursion (skip-chars-forward " \t" end) (= (point) end))
                             (and kill-whole-line (bolp)))
                         (forward-line 1)
                       (goto-char end))))
                 (point))))

(defun kill-word (arg)
  "Kill ARG words forward (backward if negative)."
  (interactive "p")
  (kill-region (point) (progn (forward-word arg) (point))))

(defun backward-kill-word (arg)
  "Kill ARG words backward (forward if negative)."
  (interactive "p")
  (kill-word (- arg)))

(defun yank-handle-font-lock-face-property (face start end)
  "Give the text from START to END the `face' FACE, outside font-lock;
nothing when FACE is nil."
  (and face
       (not (and (boundp 'font-lock-defaults) font-lock-defaults))
       (put-text-property start end 'face face)))

(defun yank-handle-category-property (category start end)
  "Spell out the properties of CATEGORY on the text from START to END."
  (when category
    (while (< start end)
      (let ((next (next-property-change start nil end))
            (original (text-properties-at start)))
        (set-text-properties start next (symbol-plist category))
        (add-text-properties start next original)
        (setq start next)))))

(defun remove-yank-excluded-properties (beg end)
  "Run `yank-handled-properties' on the text between BEG and END, then
remove `yank-excluded-properties' from it."
  (let ((inhibit-read-only t))
    (dolist (handler yank-handled-properties)
      (let ((run beg))
        (while (< run end)
          (let ((next (next-single-property-change run (car handler) nil end)))
            (funcall (cdr handler) (get-text-property run (car handler)) run next)
            (setq run next)))))
    (if (eq yank-excluded-properties t)
        (set-text-properties beg end nil)
      (remove-list-of-text-properties beg end yank-excluded-properties))))

(defun insert-for-yank (string)
  "Insert STRING as yanked text, without `yank-excluded-properties'."
  (let ((opoint (point)))
    (insert string)
    (remove-yank-excluded-properties opoint (point))
    ;; Text typed after the yank does not take its properties.
    (when (and (> (point) opoint) (text-properties-at (1- (point))))
      (put-text-property (1- (point)) (point) 'rear-nonsticky t))))

(defun yank (&optional arg)
  "Insert the newest kill (the ARGth with a number), leaving point after
it and the mark before it (the other way round with a plain C-u ARG)."
  (interactive "*P")
  ;; `this-command' is t until the text is in: an error on the way
  ;; leaves no yank for `yank-pop' to replace, and a yank handler may
  ;; name a command of its own.
  (setq this-command t)
  (push-mark)
  (insert-for-yank (current-kill (1- (if (listp arg) 1 (prefix-numeric-value arg)))))
  (when (consp arg)
    (let ((start (mark t)))
      (set-marker (mark-marker) (point) (current-buffer))
      (goto-char start)))
  (when (eq this-command t)
    (setq this-command 'yank))
  nil)

;;; ---- Columns and indentation --------------------------------------

(defun simple--tab-width ()
  "`tab-width', or 8 where it is not a width from 1 to 1000, as Emacs."
  (if (and (integerp tab-width) (< 0 tab-width 1001)) tab-width 8))

(defun simple--char-width-at (column)
  "The columns the character after point takes when it starts at COLUMN."
  (if (eq (char-after) ?\t)
      (let ((tab (simple--tab-width)))
        (- (* (1+ (/ column tab)) tab) column))
    (char-width (char-after))))

(defun simple--skip-invisible (&optional limit)
  "Move point over the invisible text after it, up to LIMIT: it takes
no columns (text invisible with an ellipsis still does)."
  (setq limit (or limit (point-max)))
  (while (and (< (point) limit) (eq (invisible-p (point)) t))
    (goto-char (next-single-char-property-change (point) 'invisible nil limit))))

(defun simple--current-column ()
  "`current-column' in a buffer where some text may be invisible."
  (let ((end (point))
        (col 0))
    (save-excursion
      (beginning-of-line)
      (simple--skip-invisible end)
      (while (< (point) end)
        (setq col (+ col (simple--char-width-at col)))
        (forward-char 1)
        (simple--skip-invisible end)))
    col))

;; As Emacs, a newline (or a CR that starts a selective-display line)
;; counts as invisible by the `invisible' property of the character
;; just before point after matching it.
(defun simple--count-visible-lines (start end)
  "`count-lines' from START to END leaving out the invisible lines."
  (save-excursion
    (save-restriction
      (narrow-to-region start end)
      (goto-char (point-min))
      (let ((lines (count-lines start end))
            (hidden 0))
        (while (re-search-forward "\n\\|\r[^\n]" nil t)
          (let ((prop (get-char-property (1- (point)) 'invisible)))
            (when (if (eq buffer-invisibility-spec t)
                      prop
                    (or (memq prop buffer-invisibility-spec)
                        (assq prop buffer-invisibility-spec)))
              (setq hidden (1+ hidden)))))
        (- lines hidden)))))

(defun move-to-column (column &optional force)
  "Move point to COLUMN in this line, or as near as the line allows;
return the column reached.  A non-nil FORCE splits a tab that spans
COLUMN into spaces up to it and indentation after; FORCE t also pads
a short line with indentation."
  (interactive "NMove to column: ")
  (unless (natnump column)
    (signal 'wrong-type-argument (list 'wholenump column)))
  (beginning-of-line)
  (let ((col 0))
    (simple--skip-invisible)
    (while (and (< col column) (not (eolp))
                (<= (+ col (simple--char-width-at col)) column))
      (setq col (+ col (simple--char-width-at col)))
      (forward-char 1)
      (simple--skip-invisible))
    (cond ((and (< col column) (not (eolp)) force (eq (char-after) ?\t))
           (let ((tab-end (+ col (simple--char-width-at col))))
             ;; The spaces go in before the tab goes, as in Emacs, so
             ;; that a marker after the tab stays after the blanks.
             (insert-and-inherit (make-string (- column col) ?\s))
             (delete-char 1)
             (save-excursion (indent-to tab-end))
             (setq col column)))
          ((and (< col column) (not (eolp)))
           (setq col (+ col (simple--char-width-at col)))
           (forward-char 1))
          ((and (< col column) (eq force t))
           (setq col (indent-to column))))
    col))

(defun indent-to (column &optional minimum)
  "Insert tabs (if `indent-tabs-mode') and spaces to reach COLUMN, at
least MINIMUM spaces' worth; return the column reached."
  (interactive "NIndent to column: ")
  (dolist (n (list column (or minimum 0)))
    (unless (fixnump n) (signal 'wrong-type-argument (list 'fixnump n))))
  ;; The counts come from the columns alone, never from current-column
  ;; after inserting: the blanks inherit the properties around them, as
  ;; Emacs's do, and inherited invisibility would leave it unchanged.
  (let* ((from (current-column))
         (to (max column (+ from (or minimum 0))))
         (width (simple--tab-width))
         (tabs (if indent-tabs-mode (- (/ to width) (/ from width)) 0)))
    (when (> tabs 0)
      (insert-and-inherit (make-string tabs ?\t))
      (setq from (* width (/ to width))))
    (insert-and-inherit (make-string (- to from) ?\s))
    to))

(defun current-indentation ()
  "The column of the first character of this line that is not a blank."
  (save-excursion
    (beginning-of-line)
    (skip-chars-forward " \t")
    (current-column)))

(defun back-to-indentation ()
  "Move point to the first character of this line that is not a blank."
  (interactive "^")
  (beginning-of-line 1)
  (skip-chars-forward " \t" (line-end-position))
  nil)

(defun simple--indent-up-to (column from)
  "Indent from point, at column FROM, up to COLUMN.
When a tab stop lies on the way, the spaces just before point go first,
so that `indent-to' may use tabs in their stead."
  (let ((next-tab-stop (* (1+ (/ from tab-width)) tab-width)))
    (when (<= next-tab-stop column)
      (let ((end (point)))
        (skip-chars-backward " ")
        (delete-region (point) end)))
    (indent-to column)))

(defun simple--indent-down-to (column)
  "Cut this line's indentation, point at its end, back to COLUMN (a tab
that straddles it is split into spaces)."
  (move-to-column column t)
  (delete-region (point) (progn (skip-chars-forward " \t") (point))))

(defun indent-line-to (column)
  "Indent this line to COLUMN; point moves with its text, or to the
indentation when it was in it."
  (back-to-indentation)
  (let ((now (current-column)))
    (cond ((< now column) (simple--indent-up-to column now))
          ((> now column) (simple--indent-down-to column)))))

(defun backward-to-indentation (&optional arg)
  "Move ARG lines backward (1 if nil), then past the blanks there;
return how many blanks that was."
  (interactive "^p")
  (forward-line (- (or arg 1)))
  (skip-chars-forward " \t"))

(defun simple--shift-indentation (delta)
  "Move the text of the line point starts by DELTA columns (never left
of the margin); a line of only blanks is emptied instead.  The new
indentation goes in before the old comes out, so that markers at the
text stay with it."
  (let* ((old-length (skip-chars-forward " \t"))
         (blank (eolp))
         (width (current-column)))
    (backward-char old-length)
    (unless blank
      (indent-to (max 0 (+ width delta)) 0))
    (delete-char old-length)))

(defun indent-rigidly (start end arg &optional _interactive)
  "Indent each line that starts between START and END by ARG columns
(less when ARG is negative; ARG may be a raw prefix argument), and
empty the lines that hold only blanks."
  (interactive "r\nP\np")
  (let ((delta (prefix-numeric-value arg))
        (stop (copy-marker end)))
    (save-excursion
      (goto-char start)
      (unless (bolp)
        (forward-line 1))
      (while (< (point) stop)
        (simple--shift-indentation delta)
        (forward-line 1)))
    (set-marker stop nil)
    nil))

;;; ---- Whitespace ---------------------------------------------------

(defun delete-horizontal-space (&optional backward-only)
  "Delete the spaces and tabs around point (only those before it when
BACKWARD-ONLY)."
  (interactive "*P")
  (let ((after (if backward-only
                   (point)
                 (skip-chars-forward " \t")
                 (point))))
    (skip-chars-backward " \t")
    (delete-region (point) after)))

(defun cycle-spacing--first (n count blanks orig-pos mode)
  "The first round of `cycle-spacing', point at the blanks' start."
  (let* ((start (point))
         (spaces-kept (- (point) (progn (skip-chars-forward " " (+ count (point))) (point))))
         (missing (+ count spaces-kept))
         (kept-end (point))
         (end (progn (skip-chars-forward blanks) (point))))
    (setq cycle-spacing--context
          (and (/= start end)
               (cons n (cons orig-pos (buffer-substring start end)))))
    ;; A fast round that would change nothing takes every blank instead.
    (delete-region (if (and (eq mode 'fast) (zerop missing) (= kept-end end)) start kept-end)
                   end)
    (insert (make-string missing ?\s))))

(defun cycle-spacing (&optional n preserve-nl-back mode)
  "Leave N spaces (1 if nil) where the spaces and tabs around point
were; a negative N also takes newlines, as many spaces as its absolute
value being left, though not the newlines before point when
PRESERVE-NL-BACK.  Called again with the same N (`last-command' being
`this-command'), it leaves no space, then puts back what was there.
MODE `single-shot' always does the first round; `fast' leaves no space
at once when the first round would change nothing."
  (interactive "*p")
  (let ((orig-pos (point))
        (count (abs (or n 1)))
        (blanks (if (and n (< n 0)) " \t\n\r" " \t")))
    (skip-chars-backward (if preserve-nl-back " \t" blanks))
    (cond
     ((or (eq mode 'single-shot)
          (not (equal last-command this-command))
          (null cycle-spacing--context)
          (not (eq (car cycle-spacing--context) n)))
      (cycle-spacing--first n count blanks orig-pos mode))
     ((/= orig-pos (point))
      (delete-region (point) orig-pos))
     (t
      (insert (cddr cycle-spacing--context))
      (goto-char (cadr cycle-spacing--context))
      (setq cycle-spacing--context nil)))
    nil))

(defun just-one-space (&optional n)
  "Leave N spaces (1 if nil) where the spaces and tabs around point
were; a negative N takes newlines too."
  (interactive "*p")
  (cycle-spacing n nil 'single-shot))

(defun fixup-whitespace ()
  "Leave one space, or none, where the blanks around point were: none
at the start or end of a line, before a closing delimiter or after an
opening one or an expression prefix."
  (interactive "*")
  (save-excursion
    (delete-horizontal-space)
    (unless (or (bolp) (eolp)
                (eq (char-syntax (following-char)) ?\))
                (memq (char-syntax (preceding-char)) '(?\( ?')))
      (insert ?\s))))

(defun delete-blank-lines ()
  "On a blank line, delete the blank lines around it but one; on a lone
blank line, that line; on another line, the blank lines after it."
  (interactive "*")
  (let* ((blank (save-excursion (beginning-of-line) (looking-at-p "[ \t]*$")))
         (lone (and blank
                    (save-excursion
                      (beginning-of-line)
                      (and (not (looking-at-p "[ \t]*\n[ \t]*$"))
                           (or (bobp)
                               (progn (forward-line -1)
                                      (not (looking-at-p "[ \t]*$")))))))))
    (when blank
      (beginning-of-line)
      (when lone (forward-line 1))
      ;; The blank lines before, and a lone blank line itself.
      (delete-region (save-excursion
                       (if (re-search-backward "[^ \t\n]" nil t)
                           (progn (forward-line 1) (point))
                         (point-min)))
                     (point)))
    (unless lone
      (save-excursion
        (end-of-line)
        (forward-line 1)
        (delete-region (point)
                       (if (re-search-forward "[^ \t\n]" nil t)
                           (line-beginning-position)
                         (point-max)))))
    ;; A blank last line before the end of the buffer goes too.
    (when (looking-at-p "^[ \t]*\n\\'")
      (delete-region (point) (point-max)))))

(defun delete-trailing-whitespace (&optional start end)
  "Delete the whitespace at the end of each line from START to END (the
accessible portion when nil), though not that before a form feed; on
the whole of an unnarrowed buffer, with `delete-trailing-lines', also
the empty lines at its end."
  (interactive (progn (barf-if-buffer-read-only)
                      (if (use-region-p) (list (region-beginning) (region-end)) (list nil nil))))
  (save-match-data
    (save-excursion
      (let ((limit (and end (copy-marker end))))
        (goto-char (or start (point-min)))
        (while (re-search-forward "\\s-$" limit t)
          (let ((line-end (match-end 0)))
            (while (and (> (point) (line-beginning-position))
                        (eq (char-syntax (preceding-char)) ?\s))
              (forward-char -1))
            (when (looking-at ".*\f")
              (goto-char (match-end 0)))
            (delete-region (point) line-end)))
        (if limit
            (set-marker limit nil)
          (goto-char (point-max))
          (when (and delete-trailing-lines
                     (= (point) (1+ (buffer-size)))
                     (<= (skip-chars-backward "\n") -2))
            (delete-region (1+ (point)) (point-max)))))))
  nil)

(defvar indent-line-ignored-functions
  '(indent-relative indent-relative-maybe indent-relative-first-indent-point)
  "Values of `indent-line-function' that only tab, which
`indent-according-to-mode' replaces with its own simple indentation.")

(defun simple--indentation-above ()
  "The indentation of the line above this one; 0 on the first line or
below a line of blanks."
  (save-excursion
    (beginning-of-line)
    (if (and (zerop (forward-line -1))
             (not (looking-at-p "[ \t]*$")))
        (current-indentation)
      0)))

(defun indent-according-to-mode (&optional _inhibit-widen)
  "Indent the current line as `indent-line-function' says.  Where that
only tabs (one of `indent-line-ignored-functions'), the line takes the
indentation of the line above (none below a blank line or at the start)."
  (interactive)
  (if (not (memq indent-line-function indent-line-ignored-functions))
      (funcall indent-line-function)
    (let ((in-indentation (<= (current-column) (current-indentation))))
      ;; Point stays with the text after the indentation, if it is there.
      (prog1 (save-excursion (indent-line-to (simple--indentation-above)))
        (when in-indentation
          (back-to-indentation))))))

(defun indent-region-line-by-line (start end)
  "Indent each line that starts between START and END (blank ones left
alone) as `indent-according-to-mode' does."
  (save-excursion
    (let ((limit (copy-marker end)))
      (goto-char start)
      (unless (bolp) (forward-line 1))
      (message "Indenting region... ")
      (while (< (point) limit)
        (unless (and (bolp) (eolp))
          (indent-according-to-mode t))
        (forward-line 1))
      (set-marker limit nil)
      (message "Indenting region...done"))))

(defun indent-region (start end &optional column)
  "Indent each line that starts between START and END: to COLUMN when
given (blank lines emptied), else with `indent-region-function'."
  (interactive "r\nP")
  (if (not column)
      (funcall (or indent-region-function #'indent-region-line-by-line) start end)
    (setq column (prefix-numeric-value column))
    (save-excursion
      (let ((limit (copy-marker end)))
        (goto-char start)
        (unless (bolp) (forward-line 1))
        (while (< (point) limit)
          (delete-region (point) (progn (skip-chars-forward " \t") (point)))
          (unless (eolp) (indent-to column 0))
          (forward-line 1))
        (set-marker limit nil))))
  (setq deactivate-mark t))

;;; ---- Undo ---------------------------------------------------------

;; The buffers record their changes in `buffer-undo-list' (buffer.c and
;; textprop.c, as Emacs's undo.c); these functions play the records
;; back.  With no command loop `last-command' is never `undo', so each
;; `undo' starts a new run from the head of the list, as an undo typed
;; after some other command does in Emacs, and only `undo-boundary'
;; separates changes.  Not done: auto-save files.

(defun buffer-disable-undo (&optional buffer)
  "Make BUFFER (the current buffer if nil) stop keeping undo information."
  (interactive)
  (save-current-buffer
    (when buffer
      (set-buffer (get-buffer buffer)))
    (setq buffer-undo-list t)))

(defun undo--check-range (beg end)
  "Signal unless BEG..END is in the accessible portion."
  (when (or (< beg (point-min)) (> end (point-max)))
    (error "Changes to be undone are outside visible portion of buffer")))

(defun undo--reinsert (string pos list)
  "Undo the deletion of STRING from POS (negated when point was at its
end, where it goes back); LIST starts with the marker adjustments
recorded with it, of which those whose markers are still at POS are
applied.  Return LIST past them."
  (let ((at (abs pos))
        (adjustments nil))
    (undo--check-range at at)
    ;; Whether a marker is still where the deletion left it has to be
    ;; known before the text goes in, whatever its insertion type.
    (while (and (markerp (car-safe (car list))) (integerp (cdr-safe (car list))))
      (let ((adjustment (car list)))
        (setq list (cdr list))
        (when (and (eq (marker-buffer (car adjustment)) (current-buffer))
                   (= at (car adjustment)))
          (setq adjustments (cons adjustment adjustments)))))
    (goto-char at)
    (insert string)
    (when (>= pos 0)
      (goto-char pos))
    ;; The insertion's hooks may have killed some of the markers.
    (dolist (adjustment adjustments)
      (when (marker-buffer (car adjustment))
        (set-marker (car adjustment) (- (car adjustment) (cdr adjustment)))))
    list))

(defun undo--call (fun-args)
  "Run the (apply . FUN-ARGS) entry of an undo list.  Its long form
\(DELTA START END FUN . ARGS) promises that FUN changes only START..END,
whose end moves by DELTA."
  (let ((buffer (current-buffer)))
    (if (not (integerp (car fun-args)))
        (apply fun-args)
      (let ((start (copy-marker (nth 1 fun-args)))
            (end (copy-marker (nth 2 fun-args) t)))
        (undo--check-range (nth 1 fun-args) (nth 2 fun-args))
        (apply (nth 3 fun-args) (nthcdr 4 fun-args))
        (unless (and (= start (nth 1 fun-args))
                     (= end (+ (car fun-args) (nth 2 fun-args))))
          (error "Changes to be undone by function different from announced"))
        (set-marker start nil)
        (set-marker end nil)))
    (unless (eq buffer (current-buffer))
      (error "Undo function switched buffer"))))

(defun undo--entry (entry list)
  "Undo ENTRY, the element of an undo list before LIST; return the rest
of the list (past the marker adjustments a deletion entry has)."
  (let ((head (car-safe entry)) (tail (cdr-safe entry)))
    (cond
     ((integerp entry) (goto-char entry))
     ((eq head t)
      ;; The first change after a save: undone, unmodified again, unless
      ;; the file has changed since.  As in Emacs 28, an indirect buffer
      ;; compares its own time (0), not its base buffer's.
      (when (or (equal tail (visited-file-modtime))
                (and (consp tail)
                     (equal (list (car tail) (cdr tail)) (visited-file-modtime))))
        (set-buffer-modified-p nil)))
     ((and (null head) (consp entry))
      (let ((prop (nth 0 tail)) (value (nth 1 tail))
            (beg (nth 2 tail)) (end (nthcdr 3 tail)))
        (undo--check-range beg end)
        (put-text-property beg end prop value)))
     ((and (integerp head) (integerp tail))
      (undo--check-range head tail)
      ;; Point first, so that undoing this does not bring it back here.
      (goto-char head)
      (delete-region head tail))
     ((eq head 'apply) (undo--call tail))
     ((and (stringp head) (integerp tail))
      (setq list (undo--reinsert head tail list)))
     ((and (markerp head) (integerp tail))
      (warn "Encountered %S entry in undo list with no matching (TEXT . POS) entry"
            entry)
      (when (marker-buffer head)
        (set-marker head (- head tail) (marker-buffer head))))
     (t (error "Unrecognized entry in undo list %S" entry)))
    list))

(defun primitive-undo (n list)
  "Undo N records from the front of the list LIST.
Return what remains of the list."
  (let ((inhibit-read-only t)
        (inhibit-point-motion-hooks t)
        (before buffer-undo-list)
        (called nil)
        (entry nil))
    (while (> n 0)
      ;; A record ends at a boundary (nil) or with the list.
      (while (setq entry (car list))
        (setq list (undo--entry entry (cdr list)))
        (when (eq (car-safe entry) 'apply)
          (setq called t)))
      (setq list (cdr list)
            n (1- n)))
    ;; An undo that only called functions still leaves a record, so that
    ;; `undo' can tell that it ran.
    (when (and called (eq before buffer-undo-list))
      (setq buffer-undo-list (cons (list 'apply 'cdr nil) buffer-undo-list))))
  list)

(defun undo--discard-after-asking (size)
  "Ask whether to drop the undo list, SIZE bytes long, unless the user
refused when it was less than 50000 bytes shorter.  Non-nil if dropped."
  (let ((asked-at undo-extra-outer-limit))
    (when (or (null asked-at) (> size asked-at))
      ;; Set first: a refusal leaves it there, so the next question
      ;; waits until the list has grown well past this size.
      (setq undo-extra-outer-limit (+ size 50000))
      (and (yes-or-no-p (format-message
                         "Buffer `%s' undo info is %d bytes long; discard it? "
                         (buffer-name) size))
           (progn (setq buffer-undo-list nil
                        undo-extra-outer-limit nil)
                  t)))))

(defun undo--discard-with-warning (size)
  "Drop the undo list, SIZE bytes long, and tell the user why."
  (display-warning
   '(undo discard-info)
   (concat (format-message "Buffer `%s' undo info was %d bytes long.\n"
                           (buffer-name) size)
           "It was thrown away: a single change this large is over \
`undo-outer-limit'.

A command that really changes this much text in one go, such as a
replacement over a huge buffer, can trigger it.  If that is expected,
give `undo-outer-limit' a value above the largest change you want to
be able to undo, but well below the memory Emacs may use.  If no such
command ran, something went wrong, and a bug report would help.

To stop this warning from popping up, add (undo discard-info) to
`warning-suppress-types', from the `warnings' library.\n")
   :warning)
  (setq buffer-undo-list nil)
  t)

(defun undo-outer-limit-truncate (size)
  "Discard the current buffer's undo list, SIZE bytes past `undo-outer-limit'.
With `undo-ask-before-discard', ask first, and once refused not again
until it grows 50000 bytes more; otherwise warn.  The collector calls
it through `undo-outer-limit-function'."
  (if undo-ask-before-discard
      (undo--discard-after-asking size)
    (undo--discard-with-warning size)))

(defun undo-start (&optional beg end)
  "Set `pending-undo-list' to the front of the undo list.
The next call to `undo-more' will undo the most recently made change.
If BEG and END are specified, then undo only elements
that apply to text between BEG and END are used; other undo elements
are ignored.  If BEG and END are nil, all undo elements are used."
  (when (eq buffer-undo-list t)
    (user-error "No undo information in this buffer"))
  (setq pending-undo-list
        (if (and beg end (/= beg end))
            (undo-make-selective-list (min beg end) (max beg end))
          buffer-undo-list)))

;; Undo in region.  The records of changes inside START..END are kept,
;; their positions moved back over the changes outside it made after
;; them (those changes stay), so that they apply to the text as it is.
;; A change outside shifts what follows it: an undo delta (POS . N)
;; says that N characters went in at POS (N < 0: -N came out there).

(defun undo-delta (undo-elt)
  "The (POSITION . ADJUSTMENT) by which undoing UNDO-ELT moves the text
after POSITION: the length of a deletion it reinserts, minus that of an
insertion it deletes; (0 . 0) for anything else."
  (let ((head (car-safe undo-elt)))
    (cond ((stringp head)               ; (TEXT . POS): text comes back
           (cons (abs (cdr undo-elt)) (length head)))
          ((integerp head)              ; (BEG . END): text goes away
           (cons head (- head (cdr undo-elt))))
          (t (cons 0 0)))))

(defun undo--pos-before-delta (pos delta strict)
  "POS as it was before the change of the undo DELTA, a (WHERE . N).
A POS before WHERE (or at it, if STRICT) is unaffected; one inside text
the change inserted goes to WHERE."
  (let ((where (car delta)))
    (if (or (< pos where) (and strict (= pos where)))
        pos
      (max where (- pos (cdr delta))))))

(defun undo-adjust-pos (pos deltas &optional use-<)
  "POS once the changes of the undo DELTAS (newest first) are taken
back, those at POS included unless USE-<.  POS never goes back before
the place of a delta: text it deleted there leaves POS at its start."
  (dolist (delta deltas pos)
    (setq pos (undo--pos-before-delta pos delta use-<))))

(defun undo-adjust-beg-end (beg end deltas)
  "(BEG . END) moved by the undo DELTAS; END never before BEG."
  (let ((beg (undo-adjust-pos beg deltas)))
    (cons beg (max beg (undo-adjust-pos end deltas t)))))

(defun undo-adjust-elt (elt deltas)
  "Undo element ELT with its positions moved by the undo DELTAS.
Elements without positions it knows are returned as they are."
  (let ((head (car-safe elt)) (tail (cdr-safe elt)))
    (cond ((integerp elt) (undo-adjust-pos elt deltas))
          ((and (integerp head) (integerp tail))
           (undo-adjust-beg-end head tail deltas))
          ((and (stringp head) (integerp tail))
           (cons head (* (if (< tail 0) -1 1)
                         (undo-adjust-pos (abs tail) deltas))))
          ((and (null head) (consp elt) (consp (cdr tail)) (consp (cddr tail)))
           (cons nil (cons (nth 0 tail)
                           (cons (nth 1 tail)
                                 (undo-adjust-beg-end (nth 2 tail) (nthcdr 3 tail)
                                                      deltas)))))
          (t elt))))

(defun undo-elt-in-region (undo-elt start end)
  "Whether UNDO-ELT lies within START..END (one that crosses an edge
does not).  For a (MARKER . ADJUSTMENT), better ask about the (TEXT
. POS) it follows: a marker may have moved anywhere since."
  (let ((span (undo--elt-span undo-elt))
        (within (lambda (pos) (and (>= pos start) (<= pos end)))))
    (cond ((null undo-elt) t)           ; a boundary
          (span (and (>= (car span) start) (<= (cdr span) end)))
          ((integerp undo-elt) (funcall within undo-elt))
          ((atom undo-elt) nil)
          ((stringp (car undo-elt)) (funcall within (abs (cdr undo-elt))))
          ((markerp (car undo-elt)) (funcall within (car undo-elt))))))

(defun undo--elt-span (undo-elt)
  "The (BEG . END) of the text UNDO-ELT is about, for an insertion
record (BEG . END) or a property one (nil PROP VAL BEG . END); else nil."
  (let ((head (car-safe undo-elt)))
    (cond ((integerp head) undo-elt)
          ((and (null head) (consp undo-elt)) (nthcdr 3 undo-elt)))))

(defun undo-elt-crosses-region (undo-elt start end)
  "Whether UNDO-ELT, a change of a range, overlaps START..END."
  (let ((span (undo--elt-span undo-elt)))
    (and span
         (> (cdr span) start)
         (< (car span) end))))
(make-obsolete 'undo-elt-crosses-region nil "25.1")

(defun undo-make-selective-list (start end)
  "The elements of `buffer-undo-list' that change START..END, moved to
apply to the buffer as it is, with a boundary first and last as
`undo' expects.  The region grows and shrinks with the changes kept;
a first-change (t . TIME) is kept only while nothing was left out.
With `undo-no-redo', changes already undone are passed over."
  (let ((list buffer-undo-list)
        (kept (list nil))
        (deltas nil))
    (while list
      (when undo-no-redo
        (while (consp (gethash list undo-equiv-table))
          (setq list (gethash list undo-equiv-table))))
      (let ((elt (car list)))
        (cond
         ((null elt)
          ;; One boundary between kept changes, however many left out.
          (when (car kept)
            (push nil kept)))
         ((eq (car-safe elt) t)
          (unless deltas
            (push elt kept)))
         ;; Marker adjustments go with the deletion they follow.
         ((markerp (car-safe elt)))
         (t
          (let ((adjusted (undo-adjust-elt elt deltas)))
            (if (undo-elt-in-region adjusted start end)
                (progn
                  (setq end (+ end (cdr (undo-delta adjusted))))
                  (push adjusted kept)
                  (when (and (stringp (car-safe adjusted)) (integerp (cdr-safe adjusted)))
                    (let ((rest (cdr list)))
                      (while (markerp (car-safe (car rest)))
                        (push (car rest) kept)
                        (setq rest (cdr rest))))))
              (let ((delta (undo-delta elt)))
                (unless (zerop (cdr delta))
                  (push delta deltas))))))))
      (setq list (cdr list)))
    (nreverse kept)))

(defun undo-more (n)
  "Undo back N undo-boundaries beyond what was already undone recently.
Call `undo-start' to get ready to undo recent changes,
then call `undo-more' one or more times to undo them."
  (unless (listp pending-undo-list)
    (user-error "No further undo information%s"
                (if undo-in-region " for region" "")))
  (let ((undo-in-progress t))
    (setq pending-undo-list (primitive-undo n pending-undo-list)))
  ;; With nothing left, t: the mark of no further undo.
  (or pending-undo-list
      (setq pending-undo-list t)))

(defun undo--past-boundaries (undo-list)
  "UNDO-LIST from its first record that is not a boundary."
  (while (and (consp undo-list) (null (car undo-list)))
    (setq undo-list (cdr undo-list)))
  undo-list)

(defun undo--last-change-was-undo-p (undo-list)
  "The undo records that the newest change in UNDO-LIST undid, if it
was an undo."
  (gethash (undo--past-boundaries undo-list) undo-equiv-table))

(defun undo--drop-point-records ()
  "Drop the first position record of the newest change in
`buffer-undo-list', and the same position later in it: undoing an undo
puts point where the change is."
  (let ((tail buffer-undo-list) (prev nil) (pos nil))
    (while (car-safe tail)
      (if (and (integerp (car tail)) (or (null pos) (eq pos (car tail))))
          (progn
            (setq pos (car tail))
            (if prev
                (setcdr prev (cdr tail))
              (setq buffer-undo-list (cdr tail))))
        (setq prev tail))
      (setq tail (cdr tail)))))

(defun undo--continues-p ()
  "Whether this undo goes on from where the previous command's undo
stopped, rather than from the newest change."
  (and (eq last-command 'undo)
       (or (eq pending-undo-list t)
           (undo--last-change-was-undo-p buffer-undo-list))))

(defun undo--in-region-p (arg)
  "Whether an undo with raw prefix ARG is confined to the region: with
the region active, or a non-numeric ARG, unless the previous command
refuses it (its `undo-inhibit-region' property)."
  (let ((refused (and (symbolp last-command)
                      (get last-command 'undo-inhibit-region))))
    (and (not refused)
         (or (region-active-p)
             (not (or (null arg) (numberp arg)))))))

(defun undo--last-link (key)
  "Where the chain of `undo-equiv-table' entries from KEY ends."
  (let (next)
    (while (setq next (gethash key undo-equiv-table))
      (setq key next))
    key))

(defun undo--pass-over-redone ()
  "For `undo-only': when what is pending was an undo, start instead
from the change that the whole chain of undos ahead of it undid."
  (let ((undone (gethash pending-undo-list undo-equiv-table)))
    (when (consp undone)
      (let ((origin (undo--last-link undone)))
        (setq pending-undo-list (if (consp origin) origin t))))))

(defun undo--note-what-was-undone ()
  "Map the records this undo just made to what is left to undo, so that
a later undo (`undo-only' in particular) can tell what they undid."
  (let ((made (undo--past-boundaries buffer-undo-list)))
    (puthash made
             (cond (undo-in-region 'undo-in-region)
                   ((not (eq made pending-undo-list)) pending-undo-list)
                   ;; Nothing was undone: keep what was known of it.
                   (t (or (gethash made undo-equiv-table) 'empty)))
             undo-equiv-table)))

(defun undo (&optional arg)
  "Undo some previous changes.
Repeat this command to undo more changes.
A numeric ARG serves as a repeat count."
  (interactive "*P")
  (setq this-command 'undo-start)
  (unless (undo--continues-p)
    (setq undo-in-region (undo--in-region-p arg))
    (apply #'undo-start
           (and undo-in-region (list (region-beginning) (region-end))))
    ;; This only steps over the boundary that ends the newest change.
    (undo-more 1))
  (setq this-command 'undo)
  (let ((redo (and (not undo-no-redo)
                   (gethash pending-undo-list undo-equiv-table))))
    (when undo-no-redo
      (undo--pass-over-redone))
    (undo-more (if (numberp arg) (prefix-numeric-value arg) 1))
    (undo--note-what-was-undone)
    (undo--drop-point-records)
    (message "%s%s" (if redo "Redo" "Undo") (if undo-in-region " in region" ""))))

(defun undo-only (&optional arg)
  "Undo some previous changes, never redoing a previous undo.
A numeric ARG serves as a repeat count."
  (interactive "*p")
  (let ((undo-no-redo t))
    (undo arg)))

(defun undo-redo (&optional arg)
  "Undo the last ARG undos, i.e., redo the last ARG changes."
  (interactive "*p")
  (unless (undo--last-change-was-undo-p buffer-undo-list)
    (user-error "No undone changes to redo"))
  (let ((rest (let ((undo-in-progress t))
                (primitive-undo arg (undo--past-boundaries buffer-undo-list)))))
    (message "Redo%s" (if undo-in-region " in region" ""))
    (setq this-command 'undo
          pending-undo-list (undo--last-change-was-undo-p rest)
          buffer-undo-list rest)))

;;; ---- Change groups -------------------------------------------------
;; A change group's handle is a list of (BUFFER . UNDO-LIST-THEN): each
;; buffer's undo list when the group was prepared.  Cancelling undoes
;; the records pushed since, which lie in front of UNDO-LIST-THEN.

(defun prepare-change-group (&optional buffer)
  "Return a handle for the current buffer's (or BUFFER's) state, to give
to `activate-change-group' and then `accept-change-group' or
`cancel-change-group'."
  (let ((buffer (or buffer (current-buffer))))
    (list (cons buffer (buffer-local-value 'buffer-undo-list buffer)))))

(defun activate-change-group (handle)
  "Start recording the changes of the change group HANDLE."
  (dolist (entry handle)
    (with-current-buffer (car entry)
      (cond ((eq buffer-undo-list t) (setq buffer-undo-list nil))
            ;; An empty insertion where the last insertion was keeps the
            ;; group's first insertion from merging into that one,
            ;; without the visible boundary `undo-boundary' would make.
            ((numberp (car-safe (car buffer-undo-list)))
             (let ((at (car (car buffer-undo-list))))
               (push (cons at at) buffer-undo-list)))))))

(defun accept-change-group (handle)
  "Finish the change group HANDLE, keeping its changes."
  (dolist (entry handle)
    (with-current-buffer (car entry)
      (when (eq (cdr entry) t)
        (setq buffer-undo-list t)))))

(defun undo-amalgamate-change-group (handle)
  "Drop the undo boundaries among the changes of the group HANDLE made
so far, so that they undo as one."
  (dolist (entry handle)
    (with-current-buffer (car entry)
      (let ((then (cdr entry)))
        (when (consp buffer-undo-list)
          ;; A boundary at the head stays: it ends the group.
          (let ((tail buffer-undo-list))
            (while (and (consp (cdr tail)) (not (eq (cdr tail) then)))
              (if (null (cadr tail))
                  (setcdr tail (cddr tail))
                (setq tail (cdr tail))))))))))

(defun simple--records-since (then)
  "A fresh list of the undo records pushed in front of THEN, the undo
list a change group started from.  THEN must be a tail of the current
undo list, unless it is not a cons (then every record counts)."
  (let ((rest (if (listp buffer-undo-list) buffer-undo-list nil))
        (records nil))
    (while (and (consp rest) (not (eq rest then)))
      (push (car rest) records)
      (setq rest (cdr rest)))
    (when (and (consp then) (not (eq rest then)))
      (error "Undoing to some unrelated state"))
    (nreverse records)))

(defun simple--revert-to-undo-state (then)
  "Undo the current buffer's changes recorded since its undo list was
THEN, and drop their records along with those of the undoing."
  (let ((records (simple--records-since then))
        (undo-in-progress t))
    (save-restriction
      (widen)
      (save-excursion
        (while records
          (setq records (primitive-undo 1 records)))))
    (setq buffer-undo-list then)))

(defun cancel-change-group (handle)
  "End the change group HANDLE by undoing what it changed; its buffers'
undo lists go back to what they were when it was prepared."
  (dolist (entry handle)
    (with-current-buffer (car entry)
      (simple--revert-to-undo-state (cdr entry)))))

(defun simple--call-as-change-group (body)
  "Call BODY as one change group of the current buffer: all its changes
are undone if it exits non-locally."
  (let ((handle (prepare-change-group))
        ;; The group's undo records must all survive until it ends.
        (undo-outer-limit nil)
        (undo-limit most-positive-fixnum)
        (undo-strong-limit most-positive-fixnum)
        (finished nil))
    (unwind-protect
        (progn
          (activate-change-group handle)
          (prog1 (funcall body)
            (setq finished t)))
      (funcall (if finished #'accept-change-group #'cancel-change-group)
               handle))))

(defmacro atomic-change-group (&rest body)
  "Run BODY as one change group: if it exits non-locally, its changes
to the current buffer are undone."
  (declare (indent 0) (debug t))
  `(simple--call-as-change-group (lambda () ,@body)))

;;; ---- Opening, joining and zapping --------------------------------

(defun move-to-left-margin (&optional n force)
  "Move to the left margin of this line (N - 1 lines on, with N), or
where its indentation ends if that is before; with FORCE, indent a line
indented less than the margin up to it."
  (interactive (list (prefix-numeric-value current-prefix-arg) t))
  (forward-line (1- (or n 1)))
  (skip-chars-forward " \t")
  (let ((margin (current-left-margin))
        (column (current-column)))
    (cond ((> column margin)
           (when (> (move-to-column margin force) margin)
             (backward-char 1)))
          ((and force (< column margin))
           (indent-line-to margin)))))

(defun current-left-margin ()
  "The left margin of this line: `left-margin' plus the line's own
`left-margin' text property, taken where its indentation ends."
  (save-excursion
    (back-to-indentation)
    (let* ((at (if (and (eobp) (not (bobp))) (1- (point)) (point)))
           (extra (get-text-property at 'left-margin)))
      (max 0 (+ left-margin (or extra 0))))))

(defun open-line (n)
  "Insert N newlines after point, which stays before them.  Each new
line that starts empty gets the left margin and the fill prefix when
point was at a line's start."
  (interactive "*p")
  (let* ((at-start (bolp))
         (prefix (and at-start fill-prefix))
         (margin (and at-start (> (current-left-margin) 0)))
         (here (point-marker))
         (abbrev-mode nil))
    (newline n)
    (goto-char here)
    (dotimes (_ (max n 0))
      (when (bolp)
        (when margin (indent-to (current-left-margin)))
        (when prefix (insert-and-inherit prefix)))
      (forward-line 1))
    (goto-char here)
    (end-of-line)))

(defun simple--join-to-line-above (stop prefix)
  "If this line starts after STOP, join it to the line above as
`delete-indentation' does (PREFIX: a regexp for the fill prefix, or
nil) and return t; else nil, with point at the line's start."
  (when (> (line-beginning-position) stop)
    (forward-line 0)
    (when (eq (preceding-char) ?\n)
      (delete-char -1)
      (when (and prefix (looking-at prefix))
        (replace-match "" t t))
      (fixup-whitespace)
      t)))

(defun simple--last-line-to-join (down beg end)
  "Move to the bottom line that `delete-indentation' will pull up and
return a bound: lines starting at or before it stay where they are.
DOWN, BEG and END are that command's arguments."
  (cond (down
         ;; Just the next line, whose join point is this line's newline
         ;; (or the buffer's last character when there is no next line).
         (forward-line 1)
         (1- (point)))
        (beg
         ;; A region ending on its first line joins nothing.
         (let ((first-eol (progn (goto-char beg) (line-end-position))))
           (when (> end first-eol)
             (goto-char end))
           beg))
        (t (save-excursion (forward-line 0) (1- (point))))))

(defun delete-indentation (&optional arg beg end)
  "Pull the current line up onto the previous one; with ARG, pull the
following line up onto this one instead.  At each join the fill prefix
starting the lower line goes, and the spaces around the join are
settled by `fixup-whitespace'.  BEG and END without ARG join every line
of that stretch of text into one."
  (interactive
   (progn (barf-if-buffer-read-only)
          (let ((region (and (use-region-p)
                             (list (region-beginning) (region-end)))))
            (cons current-prefix-arg region))))
  (setq deactivate-mark t)
  (let* ((prefix-re (unless (member fill-prefix '(nil ""))
                      (regexp-quote fill-prefix)))
         (bound (simple--last-line-to-join (and arg t) (and (not arg) beg) end)))
    (while (simple--join-to-line-above bound prefix-re))))

;; Marrow has no bidirectional display: every paragraph runs left to
;; right, so left is backward.
(defmacro simple--define-horizontal-motion (name side unit motion)
  "Define NAME, the command moving point N UNITs to SIDE by MOTION."
  `(defun ,name (&optional n)
     ,(format "Move point N %ss to the %s (the other way when N < 0)." unit side)
     (interactive "^p")
     (,motion n)))

(simple--define-horizontal-motion left-char "left" "character" backward-char)
(simple--define-horizontal-motion right-char "right" "character" forward-char)
(simple--define-horizontal-motion left-word "left" "word" backward-word)
(simple--define-horizontal-motion right-word "right" "word" forward-word)

(defun forward-word-strictly (&optional arg)
  "`forward-word', whatever a word-boundary table would say."
  (forward-word arg))

(defun backward-word-strictly (&optional arg)
  "`backward-word', whatever a word-boundary table would say."
  (backward-word arg))

(defun count-words (start end)
  "The number of words between START and END."
  (interactive (list nil nil))
  (save-excursion
    (save-restriction
      (narrow-to-region start end)
      (goto-char (point-min))
      ;; A field boundary does not end a word here.
      (let ((words 0) (inhibit-field-text-motion t))
        (while (forward-word-strictly 1)
          (setq words (1+ words)))
        words))))

(defmacro save-mark-and-excursion (&rest body)
  "As `save-excursion', and put back the mark and whether it is active."
  (declare (indent 0))
  (let ((saved (make-symbol "saved")))
    `(let ((,saved (cons (copy-marker (mark-marker)) mark-active)))
       (unwind-protect (save-excursion ,@body)
         (simple--restore-mark ,saved)))))

(defun simple--restore-mark (saved)
  "Put back the mark (car SAVED, a marker) and its activity (cdr SAVED)."
  (let ((marker (car saved)))
    (with-current-buffer (or (marker-buffer marker) (current-buffer))
      (set-marker (mark-marker) (marker-position marker))
      (set-marker marker nil)
      (setq mark-active (cdr saved)))))

(defun simple--word-runs (string)
  "STRING cut into its runs of word constituents and of other
characters, in order, each as (WORDP . TEXT)."
  (let ((runs nil)
        (start 0)
        (length (length string)))
    (while (< start length)
      (let* ((wordp (eq (char-syntax (aref string start)) ?w))
             (end (1+ start)))
        (while (and (< end length)
                    (eq wordp (eq (char-syntax (aref string end)) ?w)))
          (setq end (1+ end)))
        (push (cons wordp (substring string start end)) runs)
        (setq start end)))
    (nreverse runs)))

(defun word-search-regexp (string &optional lax)
  "A regexp matching the words of STRING separated by non-word text;
with LAX, the last word may be a prefix of a longer one."
  (let ((runs (simple--word-runs string)))
    ;; Emacs splits a STRING with words in it at its non-word runs,
    ;; which leaves the match data of the last run found.
    (when (string-match-p "\\w" string)
      (split-string string "\\W+"))
    ;; Words match themselves, each gap any non-word text; the ends are
    ;; anchored at word boundaries where STRING starts or ends a word.
    (concat (if (car (car runs)) "\\<" "")
            (mapconcat (lambda (run)
                         (if (car run) (regexp-quote (cdr run)) "\\W+"))
                       runs "")
            (if (and (car (car (last runs))) (not lax)) "\\>" ""))))

(defun word-search-forward (string &optional bound noerror count)
  "Search forward for the words of STRING, as `re-search-forward'
searches for `word-search-regexp''s regexp."
  (interactive "sWord search: ")
  (re-search-forward (word-search-regexp string) bound noerror count))

(defun word-search-backward (string &optional bound noerror count)
  "Search backward for the words of STRING, as `word-search-forward'."
  (interactive "sWord search backward: ")
  (re-search-backward (word-search-regexp string) bound noerror count))

(defun word-search-forward-lax (string &optional bound noerror count)
  "As `word-search-forward', the last word possibly a prefix."
  (interactive "sWord search: ")
  (re-search-forward (word-search-regexp string t) bound noerror count))

(defun word-search-backward-lax (string &optional bound noerror count)
  "As `word-search-backward', the last word possibly a prefix."
  (interactive "sWord search backward: ")
  (re-search-backward (word-search-regexp string t) bound noerror count))

(defun simple--whole-lines-end (count)
  "Where a kill of COUNT whole lines from point ends: the end of the
line for 0; COUNT lines on; or, back, the end of the line COUNT-1 lines
up (the newline before the current line goes too)."
  (save-excursion
    (cond ((= count 0) (end-of-line))
          ((> count 0) (forward-line count))
          (t (forward-line (1+ count))
             (unless (bobp) (backward-char))))
    (point)))

(defun kill-whole-line (&optional arg)
  "Kill ARG whole lines from the current one, newlines included (back
when ARG is negative, with the newline before them); with ARG 0, the
current line's text alone.  The kills go into one kill ring entry."
  (interactive "p")
  (let ((count (or arg 1)))
    (cond ((and (> count 0) (save-excursion (forward-line 0) (eobp)))
           (signal 'end-of-buffer nil))
          ((and (< count 0) (save-excursion (end-of-line) (bobp)))
           (signal 'beginning-of-buffer nil)))
    ;; An empty kill to start the entry both parts join, unless the last
    ;; command killed: then they join its entry.
    (unless (eq last-command 'kill-region)
      (kill-new "")
      (setq last-command 'kill-region))
    ;; First the part of the current line on the side away from the
    ;; kill's direction, point staying, then the rest from point.
    (save-excursion
      (kill-region (point) (if (< count 0) (line-end-position) (line-beginning-position))))
    (kill-region (point) (simple--whole-lines-end count))))

(defun simple--copy-into (buffer start end where)
  "Insert the text from START to END of the current buffer into BUFFER:
WHERE `point' at its point, which moves past it; `before', at its point,
which stays; `all', in place of its whole text."
  (let ((source (current-buffer)))
    (with-current-buffer (get-buffer-create buffer)
      (barf-if-buffer-read-only)
      (when (eq where 'all) (erase-buffer))
      (if (eq where 'point)
          (insert-buffer-substring source start end)
        (save-excursion (insert-buffer-substring source start end))))))

(defun append-to-buffer (buffer start end)
  "Insert the region from START to END into BUFFER at its point, after
which its point stays."
  (interactive "BAppend to buffer: \nr")
  (simple--copy-into buffer start end 'point))

(defun prepend-to-buffer (buffer start end)
  "Insert the region from START to END into BUFFER before its point."
  (interactive "BPrepend to buffer: \nr")
  (simple--copy-into buffer start end 'before))

(defun copy-to-buffer (buffer start end)
  "Replace BUFFER's text by the region from START to END."
  (interactive "BCopy to buffer: \nr")
  (simple--copy-into buffer start end 'all))

(defun insert-buffer (buffer)
  "Insert BUFFER's text after point, leaving point before it and the
mark after it."
  (interactive "*bInsert buffer: ")
  (push-mark (save-excursion (insert-buffer-substring (get-buffer buffer)) (point)))
  nil)

(defun simple--split-line-prefix (arg)
  "The prefix `split-line' repeats on its new line: ARG when a string,
else `fill-prefix' unless ARG is non-nil; nil unless the line starts
with it."
  (let ((prefix (cond ((stringp arg) arg) ((null arg) fill-prefix))))
    (and prefix
         (save-excursion (beginning-of-line) (looking-at-p (regexp-quote prefix)))
         prefix)))

(defun split-line (&optional arg)
  "Split the line at point, the text after point (and its blanks)
moving down to the column it was at, after the line's prefix (see
`simple--split-line-prefix'); point stays, past the blanks, and is
returned."
  (interactive "*P")
  (skip-chars-forward " \t")
  (let ((prefix (simple--split-line-prefix arg))
        (column (current-column)))
    (save-excursion
      (newline 1)
      (when prefix (insert-and-inherit prefix))
      (indent-to column 0))
    (point)))

(defun what-line ()
  "Show, and return, the number of the line point is on."
  (interactive)
  (message "Line %d" (line-number-at-pos)))

(define-obsolete-function-alias 'count-lines-region #'count-words-region "24.1")

(defalias 'join-line #'delete-indentation)

(defun mark-word (&optional arg allow-extend)
  "Set the mark ARG words after point; with ALLOW-EXTEND and an active
region, move the mark ARG words on from where it is."
  (interactive "P\np")
  (let* ((extend (and allow-extend (use-region-p)))
         (target (save-excursion
                   (when extend (goto-char (mark)))
                   (forward-word (prefix-numeric-value arg))
                   (point))))
    (if extend
        (set-mark target)
      (push-mark target nil t))))

(define-minor-mode read-only-mode
  "Make the current buffer read-only, or writable when turned off."
  :variable buffer-read-only)

(defun kill-current-buffer ()
  "Kill the current buffer."
  (interactive)
  (kill-buffer (current-buffer)))

(defun count-words-region (start end &optional _arg)
  "The number of words between START and END, as `count-words' counts."
  (interactive "r\nP")
  (count-words start end))

(defun current-word (&optional strict really-word)
  "The symbol (with REALLY-WORD, the word) at or next to point, as a
string with no properties.  Unless STRICT, one on the same line
before or after point will do; nil when there is none."
  (save-excursion
    (let* ((constituents (if really-word "w" "w_"))
           (here (point))
           (bol (line-beginning-position))
           (eol (line-end-position))
           (ahead (progn (skip-syntax-backward constituents) (point)))
           (behind (progn (goto-char here) (skip-syntax-forward constituents) (point))))
      (when (and (= ahead behind) (not strict))
        ;; Nothing touches point: the nearest on this line, before first.
        (if (progn (skip-syntax-backward (concat "^" constituents) bol) (bolp))
            (progn (goto-char here)
                   (skip-syntax-forward (concat "^" constituents) eol)
                   (setq ahead (point))
                   (skip-syntax-forward constituents)
                   (setq behind (point)))
          (setq behind (point))
          (skip-syntax-backward constituents)
          (setq ahead (point))))
      (unless (= ahead behind)
        (buffer-substring-no-properties ahead behind)))))

(defun simple--char-search (char count)
  "Point after the COUNTth CHAR ahead (behind if COUNT is negative);
case folds as `case-fold-search' says."
  (search-forward (char-to-string char) nil nil count)
  (point))

(defun zap-to-char (arg char)
  "Kill from point through the ARGth CHAR (backward if ARG is negative).
Case is ignored if `case-fold-search' is non-nil."
  (interactive (list (prefix-numeric-value current-prefix-arg)
                     (read-char-from-minibuffer "Zap to char: " nil 'read-char-history)))
  (kill-region (point) (simple--char-search char arg)))

(defun zap-up-to-char (arg char)
  "Kill from point up to, not through, the ARGth CHAR, a CHAR at point
not counting."
  (interactive (list (prefix-numeric-value current-prefix-arg)
                     (read-char-from-minibuffer "Zap up to char: " nil 'read-char-history)))
  (let ((step (if (>= arg 0) 1 -1))
        (from (point)))
    (forward-char step)
    (unwind-protect (simple--char-search char arg)
      (backward-char step))
    (kill-region from (point))))

;;; ---- Transposing ---------------------------------------------------

(defun transpose-subr (mover arg &optional special)
  "Transpose things MOVER moves over (a function of a count, moving
forward): drag the one before point past ARG others (back if ARG is
negative), or with ARG 0 swap the ones at point and at the mark.  With
SPECIAL, MOVER returns the thing's bounds (END . START) itself."
  (let ((bounds (if special
                    mover
                  (lambda (count)
                    (cons (progn (funcall mover count) (point))
                          (progn (funcall mover (- count)) (point)))))))
    (cond ((= arg 0)
           (save-excursion
             (let ((here (funcall bounds 1)))
               (goto-char (or (mark) (error "No mark set in this buffer")))
               (transpose-subr-1 here (funcall bounds 1))))
           (exchange-point-and-mark))
          ((> arg 0)
           (let* ((before (funcall bounds -1))
                  (after (funcall bounds arg)))
             (transpose-subr-1 before after)
             (goto-char (car after))))
          (t
           (let ((after (funcall bounds -1)))
             (goto-char (car after))
             (let ((before (funcall bounds arg)))
               (transpose-subr-1 after before)
               (goto-char (+ (car before) (- (cdr after) (car after))))))))))

(defun transpose-subr-1 (pos1 pos2)
  "Swap the text of the spans POS1 and POS2, (A . B) each in either
order; an error if they overlap."
  (let* ((one (cons (min (car pos1) (cdr pos1)) (max (car pos1) (cdr pos1))))
         (two (cons (min (car pos2) (cdr pos2)) (max (car pos2) (cdr pos2))))
         (first (if (<= (car one) (car two)) one two))
         (second (if (eq first one) two one)))
    (when (> (cdr first) (car second))
      (error "Don't have two things to transpose"))
    (transpose-regions (car first) (cdr first) (car second) (cdr second) t)))

(defun simple--sexp-bounds (count)
  "For `transpose-sexps': (END . START) of the COUNT sexps from here,
START where the one being jumped over begins (a symbol point is in
counts whole)."
  (let ((forward (> count 0)))
    (if (if forward
            (looking-at "\\sw\\|\\s_")
          (and (not (bobp))
               (save-excursion (backward-char) (looking-at "\\sw\\|\\s_"))))
        (progn (if forward (skip-syntax-backward "w_") (skip-syntax-forward "w_"))
               (cons (save-excursion (forward-sexp count) (point)) (point)))
      (if forward (skip-syntax-backward " .") (skip-syntax-forward " ."))
      (cons (save-excursion (forward-sexp count) (point))
            (progn (while (or (forward-comment (if forward 1 -1))
                              (/= 0 (if forward
                                        (skip-syntax-forward ".")
                                      (skip-syntax-backward ".")))))
                   (point))))))

(defun transpose-sexps (arg &optional interactive)
  "Drag the sexp before point past ARG sexps after it (before it if ARG
is negative); with ARG 0 swap the sexps at point and at the mark.
INTERACTIVE: an unbalanced one is a `user-error'."
  (interactive "*p\nd")
  (let ((swap (lambda () (transpose-subr #'simple--sexp-bounds arg 'special))))
    (if (not interactive)
        (funcall swap)
      (condition-case nil
          (funcall swap)
        (scan-error (user-error "Not between two complete sexps"))))))

(defun transpose-chars (arg)
  "Drag the character before point past ARG characters (back if ARG is
negative); with ARG nil at the end of a line, swap the two before point."
  (interactive "*P")
  (transpose-subr #'forward-char
                  (cond (arg (prefix-numeric-value arg))
                        ((and (eolp) (not (bobp))) (backward-char) 1)
                        (t 1))))

(defun transpose-lines (arg)
  "Drag the line before point's line past ARG lines (back if ARG is
negative); with ARG 0 swap the lines at point and at the mark."
  (interactive "*p")
  (transpose-subr (lambda (count)
                    (if (<= count 0)
                        (forward-line count)
                      ;; Lines missing at the end are made, a last line
                      ;; without a newline given one.
                      (let ((missing (forward-line count)))
                        (unless (eq (preceding-char) ?\n)
                          (setq missing (1+ missing)))
                        (when (> missing 0)
                          (newline missing)))))
                  arg))

(defun transpose-words (arg)
  "Drag the word before point past ARG words (back if ARG is negative);
with ARG 0 swap the words at point and at the mark."
  (interactive "*p")
  (transpose-subr #'forward-word arg))

;;; ---- Evaluating expressions typed ---------------------------------

(defun eval-expression-get-print-arguments (prefix-argument)
  "How the raw PREFIX-ARGUMENT says to print a value: the list
\(INSERT-VALUE NO-TRUNCATE CHAR-PRINT-LIMIT)."
  (let ((number (prefix-numeric-value prefix-argument)))
    (list (not (memq prefix-argument '(nil -)))
          (= number 0)
          (cond ((not (memq prefix-argument '(nil - 0 -1))) nil)
                ((= number -1) most-positive-fixnum)
                (t eval-expression-print-maximum-character)))))

(defun prin1-char (char)
  "CHAR in the ?X read syntax, or nil if it is no character."
  (when (characterp char)
    (let ((specials "()[]\\;\"|'`#.,"))
      (cond ((= char 127) "?\\C-?")
            ((< char 32)
             (let ((base (if (<= 1 char 26) (+ char 96) (+ char 64))))
               (concat "?\\C-" (and (string-search (string base) specials) "\\")
                       (string base))))
            ((string-search (string char) specials) (string ?? ?\\ char))
            (t (string ?? char))))))

(defun eval-expression-print-format (value)
  "The other forms of the integer VALUE that `eval-expression' shows, as
\" (#oOCTAL, #xHEX, ?CHAR)\" (the character only up to
`eval-expression-print-maximum-character'); nil for other values."
  (when (integerp value)
    (let ((char (and (characterp value) (<= value eval-expression-print-maximum-character)
                     (prin1-char value))))
      (if char
          (format " (#o%o, #x%x, %s)" value value char)
        (format " (#o%o, #x%x)" value value)))))

(defun eval-expression (exp &optional insert-value no-truncate char-print-limit)
  "Evaluate EXP and print its value: in the echo area, or with
INSERT-VALUE into this buffer; abbreviated as
`eval-expression-print-length' and `eval-expression-print-level' say
unless NO-TRUNCATE; an integer in its other forms too when
CHAR-PRINT-LIMIT (as a character up to it).  The value goes onto
`values'."
  (interactive (cons (read--expression "Eval: ")
                     (eval-expression-get-print-arguments current-prefix-arg)))
  (let ((result (eval (macroexpand-all exp) t)))
    (push result values)
    (simple--print-eval-value result (if insert-value (current-buffer) t)
                              no-truncate char-print-limit)))

(defun simple--print-eval-value (value out &optional no-truncate char-print-limit)
  "Print VALUE to OUT as the eval commands show what they computed."
  (let ((print-length (unless no-truncate eval-expression-print-length))
        (print-level (unless no-truncate eval-expression-print-level))
        (eval-expression-print-maximum-character char-print-limit)
        (deactivate-mark nil))
    (prog1 (prin1 value out)
      (let ((extra (and char-print-limit (eval-expression-print-format value))))
        (when extra
          (princ extra out))))))

(defun eval-last-sexp (eval-last-sexp-arg-internal)
  "Evaluate the expression before point and print its value; with
EVAL-LAST-SEXP-ARG-INTERNAL into this buffer, unabbreviated when it
is 0.  Return the value."
  (interactive "P")
  (let* ((form (save-excursion
                 (let ((end (point)))
                   (backward-sexp)
                   (read (buffer-substring (point) end)))))
         (value (eval (macroexpand-all form) lexical-binding)))
    ;; As Emacs, the other forms of an integer only in the echo area.
    (simple--print-eval-value value (if eval-last-sexp-arg-internal (current-buffer) t)
                              (eq eval-last-sexp-arg-internal 0)
                              (unless eval-last-sexp-arg-internal
                                eval-expression-print-maximum-character))
    value))

(defun simple--defun-reset-form (form)
  "FORM as `eval-defun' evaluates it: a `defvar' or `defcustom' sets
its variable again even when it already has a value."
  (pcase form
    (`(defvar ,var ,value . ,rest)
     (if (default-boundp var)
         `(progn (defvar ,var nil ,@rest) (setq-default ,var ,value))
       form))
    (`(defcustom ,var ,standard . ,_)
     (when (default-boundp var)
       (set-default var (eval standard t)))
     form)
    (_ form)))

(defun eval-defun (edebug-it)
  "Evaluate the top-level form around or before point and print its
value; a `defvar' or `defcustom' there resets its variable.  Return
the value.  (There is no Edebug: EDEBUG-IT is ignored.)"
  (interactive "P")
  (ignore edebug-it)
  (let* ((form (save-excursion
                 (end-of-defun)
                 (beginning-of-defun)
                 (read (current-buffer))))
         (value (let ((current-load-list (list buffer-file-name)))
                  (eval (macroexpand-all (simple--defun-reset-form form)) lexical-binding))))
    (push value values)
    (simple--print-eval-value value t nil eval-expression-print-maximum-character)
    value))

;;; ---- Electric indentation ----------------------------------------
;; Emacs reindents as a command inserts a newline; batch marrow has the
;; switches, which the commands that insert newlines here do not read.

(define-minor-mode electric-indent-mode
  "Reindent lines as they are typed and broken (on from the start)."
  :global t :init-value t)

(defun keyboard-quit ()
  "Quit: deactivate the mark, end a completion in a buffer, and signal
`quit' (with `debug-on-quit' off)."
  (interactive)
  (deactivate-mark)
  (when (bound-and-true-p completion-in-region-mode)
    (completion-in-region-mode -1))
  (let ((debug-on-quit nil))
    (signal 'quit nil)))

;;; ---- Moving by lines ----------------------------------------------

(defun line-move (arg &optional noerror _to-end _try-vscroll)
  "Move ARG lines down (up when negative), to the goal column: `goal-column'
if set, else the column where a run of line moves began.  Past the
last or first line, stop at the end or beginning of the buffer and
signal `end-of-buffer' or `beginning-of-buffer' unless NOERROR."
  (unless (memq last-command '(next-line previous-line))
    (setq temporary-goal-column
          (if (and track-eol (eolp) (not (bolp))) most-positive-fixnum (current-column))))
  (let ((shortfall (forward-line arg)))
    (if (or (/= shortfall 0) (and (> arg 0) (eobp) (not (bolp))))
        (unless noerror
          (signal (if (> arg 0) 'end-of-buffer 'beginning-of-buffer) nil))
      (move-to-column (or goal-column temporary-goal-column)))))

(defun next-line (&optional arg try-vscroll)
  "Move ARG lines down (1 by default), keeping the goal column; at the
end of the buffer, a newline is added first when
`next-line-add-newlines' says so."
  (interactive "^p\np")
  (let ((arg (or arg 1)))
    (if (and next-line-add-newlines (= arg 1)
             (save-excursion (end-of-line) (eobp)))
        (progn (end-of-line) (insert (if use-hard-newlines hard-newline "\n")))
      (line-move arg nil nil try-vscroll)))
  nil)

(defun previous-line (&optional arg try-vscroll)
  "Move ARG lines up (1 by default), keeping the goal column."
  (interactive "^p\np")
  (line-move (- (or arg 1)) nil nil try-vscroll)
  nil)

(defun set-goal-column (arg)
  "Make the current column the goal of line moves here; with ARG, none."
  (interactive "P")
  (setq goal-column (and (not arg) (current-column)))
  (message "%s" (if (not goal-column)
                    "No goal column"
                  (format "Goal column %d %s" goal-column
                          (substitute-command-keys
                           "(use \\[set-goal-column] with an arg to unset it)"))))
  nil)

;;; ---- Typing -------------------------------------------------------

(defun self-insert-command (n &optional c)
  "Insert the character C (by default `last-command-event') N times, as
typing it does: an abbrev before it may expand, `overwrite-mode'
replaces what it types over, a space or newline past the fill column
fills, and then `post-self-insert-hook' runs.  An event that is no
character only rings the bell."
  (interactive (list (prefix-numeric-value current-prefix-arg) last-command-event))
  (unless (fixnump n) (signal 'wrong-type-argument (list 'fixnump n)))
  (when (< n 0) (error "Negative repetition argument %d" n))
  (let ((c (or c last-command-event)))
    (cond ((not (characterp c)) (ding))
          ((> n 0) (simple--insert-typed c n))))
  nil)

(defun simple--insert-typed (c n)
  (barf-if-buffer-read-only)
  (unless (and (simple--abbrev-before-p c)
               (simple--no-self-insert-p (expand-abbrev)))
    (when (and overwrite-mode (not (eq c ?\n)))
      (simple--overwrite c n))
    (insert-and-inherit (make-string n c))
    (when (and auto-fill-function (memq c '(?\s ?\n)))
      (simple--auto-fill-after c))
    (run-hooks 'post-self-insert-hook)))

(defun simple--abbrev-before-p (c)
  "Whether typing C, not a word character, may end an abbrev before point."
  (and abbrev-mode (not buffer-read-only) (> (point) (point-min))
       (not (eq (char-syntax c) ?w))
       (eq (char-syntax (preceding-char)) ?w)))

(defun simple--no-self-insert-p (expanded)
  "Whether the abbrev EXPANDED (a symbol) asks that the typed character
not be inserted: its hook function has a `no-self-insert' property."
  (and expanded (symbolp expanded)
       (let ((hook (symbol-function expanded)))
         (and (symbolp hook) hook (get hook 'no-self-insert)))))

(defun simple--overwrite-p (c n)
  "Whether typing C N times at point replaces text: not at the end,
not a newline (unless binary), and a tab only when typing ends on a
tab stop (textual)."
  (let ((next (char-after)))
    (and next
         (or (eq overwrite-mode 'overwrite-mode-binary)
             (and (not (eq c ?\n)) (not (eq next ?\n))
                  (or (not (eq next ?\t))
                      (not (< 0 tab-width 21))
                      (zerop (% (+ (current-column) n) tab-width))))))))

(defun simple--overwrite (c n)
  "Replace what typing C N times covers in `overwrite-mode': N
characters when binary, else the columns they take, blanks making up a
tab cut through so that the text after it stays put."
  (when (simple--overwrite-p c n)
    (let ((start (point)) (pad 0))
      (if (eq overwrite-mode 'overwrite-mode-binary)
          (goto-char (min (point-max) (+ start n)))
        (let ((target (+ (current-column) (* n (char-width c)))))
          (setq pad (max 0 (- (move-to-column target) target)))))
      (delete-region start (point))
      (save-excursion (insert (make-string pad ?\s))))))

(defun simple--auto-fill-after (c)
  "Call `auto-fill-function' for C just typed: before a newline, on its
line rather than the new one."
  (if (eq c ?\n)
      (save-excursion (backward-char) (funcall auto-fill-function))
    (funcall auto-fill-function)))

(defun electric-indent-post-self-insert-function ()
  "In `electric-indent-mode', reindent after typing one of
`electric-indent-chars' (or what `electric-indent-functions' allow),
outside strings and comments; after a newline, reindent the line
before too and drop its trailing blanks."
  (let ((pos (and electric-indent-mode (eq (char-before) last-command-event)
                  (1- (point)))))
    (when (and pos (simple--electric-p pos))
      (when (and (eq last-command-event ?\n)
                 (not electric-indent-inhibit)
                 (not (memq indent-line-function electric-indent-functions-without-reindent)))
        (save-excursion
          (goto-char pos)
          (ignore-errors (indent-according-to-mode))
          (delete-horizontal-space t)))
      (unless (and electric-indent-inhibit (not (eq last-command-event ?\n)))
        (ignore-errors (indent-according-to-mode))))))

(defun simple--electric-p (pos)
  "Whether the character typed at POS calls for reindenting."
  (save-excursion
    (goto-char pos)
    (let ((verdict (or (run-hook-with-args-until-success 'electric-indent-functions
                                                         last-command-event)
                       (memq last-command-event electric-indent-chars))))
      (and verdict (not (eq verdict 'no-indent))
           (or (eq verdict 'do-indent) (not (nth 8 (syntax-ppss))))))))

(defun blink-paren-post-self-insert-function ()
  "Show the opening parenthesis a typed closing one matches: batch marrow
has no display to show it on, so nothing happens, as in Emacs's batch."
  nil)

(define-minor-mode overwrite-mode
  "Typed characters replace the text after point instead of pushing it
forward (a tab is replaced once typing reaches its last column)."
  :variable (overwrite-mode
             . (lambda (on) (setq overwrite-mode (and on 'overwrite-mode-textual)))))

(define-minor-mode binary-overwrite-mode
  "Typed characters replace as many characters after point, newlines
and tabs too."
  :variable (overwrite-mode
             . (lambda (on) (setq overwrite-mode (and on 'overwrite-mode-binary)))))

(define-minor-mode auto-fill-mode
  "Break lines as typing passes the fill column."
  :variable (auto-fill-function
             . (lambda (on) (setq auto-fill-function (and on normal-auto-fill-function)))))

(defun electric-indent-local-mode (&optional arg)
  "`electric-indent-mode' in this buffer only: on with no ARG or a
positive one, off below 1, over with `toggle'."
  (interactive (list (if current-prefix-arg (prefix-numeric-value current-prefix-arg) 'toggle)))
  (setq-local electric-indent-mode (cond ((eq arg 'toggle) (not electric-indent-mode))
                                         ((and (numberp arg) (< arg 1)) nil)
                                         (t t))))

;;; ---- Sizes --------------------------------------------------------

(defun simple--size-unit-name (exponent flavor unit)
  "The name of the unit 1024 or 1000 to the EXPONENT times UNIT, spelt
for FLAVOR: the bare metric letter, or the binary one (Ki, Mi...) with
a default UNIT of B for `iec'."
  (let ((letter (if (zerop exponent) ""
                  (string (aref "kMGTPEZY" (1- exponent))))))
    (if (not (eq flavor 'iec))
        (concat letter unit)
      ;; The binary kilo is a capital K, and every binary prefix has an i.
      (concat (upcase letter) (and (> exponent 0) "i") (or unit "B")))))

(defun simple--size-digits (amount)
  "AMOUNT with one decimal, unless it is that close to a whole number."
  (let ((fraction (mod amount 1.0)))
    (format (if (or (< fraction 0.05) (>= fraction 0.95)) "%.0f" "%.1f")
            amount)))

(defun file-size-human-readable (file-size &optional flavor space unit)
  "FILE-SIZE in bytes as a short string: 1024-based with k, M, G...
by default, 1000-based with FLAVOR `si', and with KiB, MiB... with
FLAVOR `iec'; SPACE goes between number and unit, UNIT after it."
  (let ((base (if (memq flavor '(nil iec)) 1024.0 1000.0))
        (amount file-size)
        (exponent 0))
    ;; Y (the eighth power) is the largest prefix there is.
    (while (and (< exponent 8) (>= amount base))
      (setq amount (/ amount base)
            exponent (1+ exponent)))
    (let ((name (simple--size-unit-name exponent flavor unit)))
      (concat (simple--size-digits amount)
              (and (not (equal name "")) space)
              name))))

(defun file-size-human-readable-iec (size)
  "SIZE in bytes with an IEC unit (KiB, MiB...) after a space."
  (file-size-human-readable size 'iec " "))

(provide 'simple)

;;; simple.el ends here
