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
        (replace-match to fixedcase (not regexp-flag))
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

(provide 'replace)

;;; replace.el ends here
