;;; tabify.el --- spaces to tabs and back  -*- lexical-binding: t -*-

;; Written for marrow after Emacs 28's commands of the same names: each
;; run of blanks is replaced by `indent-to' the column it ended at, so
;; columns never move; `tab-width' places the tab stops.

(defvar tabify-regexp " [ \t]+"
  "Regexp of the blanks `tabify' considers: by default a space followed
by more blanks.")

(defun tabify--reindent (from column tabs)
  "Replace the text from FROM to point by indentation to COLUMN, with
tabs where they fit if TABS is non-nil."
  (let ((indent-tabs-mode tabs))
    (delete-region from (point))
    (indent-to column)))

(defun untabify (start end &optional _arg)
  "Turn the tabs between START and END into spaces, keeping columns."
  (interactive (list (region-beginning) (region-end) nil))
  (let ((column (current-column)))
    (save-excursion
      (save-restriction
        (narrow-to-region (point-min) end)
        (goto-char start)
        (while (search-forward "\t" nil t)
          (let ((from (1- (point))))
            (skip-chars-forward "\t")
            (tabify--reindent from (current-column) nil)))))
    (move-to-column column)))

(defun tabify (start end &optional _arg)
  "Turn runs of blanks between START and END into tabs where a tab
stop falls inside them, keeping the column each run ends at."
  (interactive (list (region-beginning) (region-end) nil))
  (save-excursion
    (save-restriction
      (goto-char start)
      (narrow-to-region (line-beginning-position) end)
      (goto-char start)
      (while (re-search-forward tabify-regexp nil t)
        (let* ((from (match-beginning 0))
               (end-column (current-column))
               (start-column (save-excursion
                               (goto-char from)
                               (skip-chars-forward "\t")
                               (current-column))))
          (unless (= (/ end-column tab-width) (/ start-column tab-width))
            (tabify--reindent from end-column t)))))))

(provide 'tabify)

;;; tabify.el ends here
