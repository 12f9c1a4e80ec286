;;; sort.el --- sorting, reversing and pruning the lines of a region  -*- lexical-binding: t -*-

;; Emacs's line commands as Lisp calls them.  A line is a record: the
;; newlines stay where they are and the texts between them move, so a
;; region whose last line has no newline keeps that shape.

(defvar sort-fold-case nil "Non-nil means the sort commands ignore case.")

(defun sort--lines-between (beg end)
  "The texts of the lines between BEG and END, without their newlines."
  (split-string (buffer-substring beg end) "\n"))

(defun sort--put-lines (beg end lines)
  "Replace the text between BEG and END with LINES joined by newlines,
as Emacs's sort-reorder-buffer does: all but the last old character
deleted, the new text inserted before it, then it deleted, so that the
markers at END stay after the text (and undo records those steps)."
  (let ((text (mapconcat #'identity lines "\n")))
    (save-excursion
      (if (= beg end)
          (progn (goto-char beg) (insert text))
        (delete-region beg (1- end))
        (goto-char beg)
        (insert text)
        (delete-region (point) (1+ (point)))))))

(defun sort-lines (reverse beg end)
  "Sort the lines between BEG and END alphabetically (descending with
REVERSE); lines that compare equal keep their order."
  (interactive "P\nr")
  (let* ((key (if sort-fold-case #'downcase #'identity))
         (before (if reverse
                     (lambda (a b) (string< (funcall key b) (funcall key a)))
                   (lambda (a b) (string< (funcall key a) (funcall key b)))))
         (lines (sort--lines-between (min beg end) (max beg end)))
         (trailing (and (cdr lines) (equal (car (last lines)) ""))))
    (when trailing
      (setq lines (butlast lines)))
    (setq lines (sort lines before))
    (sort--put-lines (min beg end) (max beg end)
                     (if trailing (append lines '("")) lines))
    nil))

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
    (sort--put-lines beg end (nreverse (sort--lines-between beg end)))
    nil))

(defun delete-duplicate-lines (beg end &optional reverse adjacent keep-blanks interactive)
  "Delete each line between BEG and END that repeats an earlier one
\(a later one with REVERSE; the one just before with ADJACENT), blank
lines excepted with KEEP-BLANKS.  Return how many went, and say so
when INTERACTIVE."
  (interactive (progn (barf-if-buffer-read-only)
                      (list (region-beginning) (region-end) (equal current-prefix-arg '(4))
                            (equal current-prefix-arg '(16)) (equal current-prefix-arg '(64))
                            t)))
  (let ((seen (make-hash-table :test 'equal))
        (previous nil)
        (count 0)
        (beg (copy-marker beg))
        (end (copy-marker end)))
    (save-excursion
      (goto-char (if reverse end beg))
      (when (and reverse (bolp) (not (bobp)))
        (forward-char -1))
      (let ((more t))
        (while (and more (if reverse t (and (< (point) end) (not (eobp)))))
          (setq more (not (and reverse (or (<= (point) beg) (bobp)))))
          (let ((line (buffer-substring-no-properties (line-beginning-position)
                                                      (line-end-position))))
            (cond ((and keep-blanks (equal line ""))
                   (forward-line (if reverse -1 1)))
                  ((if adjacent (equal line previous) (gethash line seen))
                   (delete-region (line-beginning-position) (progn (forward-line 1) (point)))
                   (when reverse (forward-line -1))
                   (setq count (1+ count)))
                  (t
                   (if adjacent (setq previous line) (puthash line t seen))
                   (forward-line (if reverse -1 1))))))))
    (set-marker beg nil)
    (set-marker end nil)
    (when interactive
      (message "Deleted %d %sduplicate line%s%s" count (if adjacent "adjacent " "")
               (if (= count 1) "" "s") (if reverse " backward" "")))
    count))

(provide 'sort)

;;; sort.el ends here
