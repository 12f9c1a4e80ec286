;;; shortdoc.el --- summaries of related functions with examples  -*- lexical-binding: t -*-

;; Written for marrow from the documented behaviour of GNU Emacs's
;; shortdoc and from comparing the buffers it shows in batch.

;;; Commentary:

;; A group is a named list of section titles (strings) and function
;; entries (FUNCTION . PLIST), where the plist holds examples such as
;; `:eval FORM' or `:no-eval FORM' and results such as `:result VALUE'.
;; `shortdoc-display-group' shows a group in "*Shortdoc GROUP*".
;; Only the machinery is here; marrow does not ship Emacs's groups.

;;; Code:

(defvar shortdoc--groups ()
  "The documentation groups, each (GROUP . ELEMENTS).")

(defmacro define-short-documentation-group (group &rest functions)
  "Define the short documentation GROUP as FUNCTIONS.
FUNCTIONS are section titles (strings) and entries (FUNCTION . PLIST).
The plist keys are :no-manual, :args (the argument list to show),
example keys :eval, :no-eval, :no-eval* and :no-value, and result
keys :result, :result-string, :eg-result and :eg-result-string.
An :eval form is shown and evaluated, and its value shown; a string
given as a form is shown as it is."
  (declare (indent defun))
  `(shortdoc--set-group ',group ',functions))

(defun shortdoc--set-group (group elements)
  "Make ELEMENTS the contents of GROUP; return `shortdoc--groups'.
A new group goes first; an old one keeps its place."
  (let ((old (assq group shortdoc--groups)))
    (if old
        (progn (setcdr old elements) shortdoc--groups)
      (push (cons group elements) shortdoc--groups))))

(defun shortdoc--group-entry (group)
  "GROUP's cell (GROUP . ELEMENTS) of `shortdoc--groups', made if missing."
  (or (assq group shortdoc--groups)
      (car (shortdoc--set-group group nil))))

(defun shortdoc--section-last-cell (elements section)
  "The cons of ELEMENTS holding SECTION's last element, or nil."
  (let ((cell (member section elements)))
    (while (and (cdr cell) (not (stringp (cadr cell))))
      (setq cell (cdr cell)))
    cell))

(defun shortdoc-add-function (group section elem)
  "Add the entry ELEM to SECTION of GROUP, at the end of that section.
A missing GROUP is made first in the list, a missing SECTION at the
end of GROUP.  Return the part of GROUP that starts with ELEM."
  (let* ((entry (shortdoc--group-entry group))
         (cell (shortdoc--section-last-cell (cdr entry) section)))
    (if cell
        (setcdr cell (cons elem (cdr cell)))
      (setq cell (last entry))
      (setcdr cell (list section elem))
      (setq cell (cdr cell)))
    (cdr cell)))

(defun shortdoc-function-groups (function)
  "The names of the groups that have an entry for FUNCTION."
  (let ((names ()))
    (dolist (entry shortdoc--groups)
      (when (assq function (seq-remove #'stringp (cdr entry)))
        (push (car entry) names)))
    (nreverse names)))

;;; Display

(defvar shortdoc-mode-map (make-sparse-keymap)
  "Keymap of shortdoc buffers.")

(define-derived-mode shortdoc-mode special-mode "shortdoc"
  "Major mode of the buffers `shortdoc-display-group' shows.")

(defun shortdoc--text (object)
  "OBJECT as an example shows it: strings as they are, else printed."
  (if (stringp object)
      object
    (let ((print-escape-newlines t))
      (prin1-to-string object))))

(defun shortdoc--insert-value (prefix value)
  (insert "    " prefix (let ((print-escape-newlines t))
                            (prin1-to-string value))
          "\n"))

(defun shortdoc--insert-example (key value)
  "Insert the lines the plist pair KEY VALUE stands for."
  (pcase key
    (:eval
     (insert "  " (shortdoc--text value) "\n")
     (unless (stringp value)
       (shortdoc--insert-value "⇒ " (eval value t))))
    ((or :no-eval :no-value)
     (insert "  " (shortdoc--text value) "\n"))
    (:no-eval*
     (insert "  " (shortdoc--text value) "\n    → [it depends]\n"))
    (:result (shortdoc--insert-value "⇒ " value))
    (:result-string (insert "    ⇒ " value "\n"))
    (:eg-result (shortdoc--insert-value "e.g. ⇒ " value))
    (:eg-result-string (insert "    e.g. ⇒ " value "\n"))))

(defun shortdoc--signature (function plist)
  "The text \"(FUNCTION ARGS...)\" heading FUNCTION's entry."
  (let ((args (if (plist-member plist :args)
                  (plist-get plist :args)
                (help-function-arglist function t))))
    (concat "(" (symbol-name function)
            (mapconcat (lambda (arg) (concat " " (downcase (format "%s" arg))))
                       (if (listp args) args nil)
                       "")
            ")")))

(defun shortdoc--insert-function (entry)
  "Insert the summary of ENTRY, (FUNCTION . PLIST)."
  (let ((function (car entry)) (plist (cdr entry)))
    (let ((start (point)))
      (insert (shortdoc--signature function plist))
      (add-text-properties start (1+ start)
                           (list 'shortdoc-function function)))
    (insert "\n  ")
    (let ((doc (documentation function)))
      (insert (substring doc 0 (string-match "\n" doc)) "\n"))
    (while plist
      (shortdoc--insert-example (car plist) (cadr plist))
      (setq plist (cddr plist)))))

(defun shortdoc--separator ()
  (insert (make-string (1- (window-width)) ?-) "\n"))

(defun shortdoc--insert-group (elements)
  "Insert the sections and entries of ELEMENTS."
  (let ((section-has-entry nil))
    (dolist (element elements)
      (cond ((stringp element)
             (unless (bobp) (insert "\n"))
             (insert (propertize element 'shortdoc-section t) "\n\n")
             (setq section-has-entry nil))
            ((fboundp (car element))
             (when section-has-entry (shortdoc--separator))
             (shortdoc--insert-function element)
             (setq section-has-entry t))))))

(defun shortdoc--goto-function (function)
  "Move to the entry of FUNCTION, if the buffer shows one."
  (let ((pos (point-min)) (found nil))
    (while (and (not found) pos)
      (if (eq (get-text-property pos 'shortdoc-function) function)
          (setq found pos)
        (setq pos (next-single-property-change pos 'shortdoc-function))))
    (when found (goto-char found))))

(defun shortdoc--read-group ()
  "Ask for the name of a group, completing on the known ones."
  (intern (completing-read "Show summary for functions in: "
                           (mapcar (lambda (entry) (symbol-name (car entry)))
                                   shortdoc--groups))))

(defun shortdoc-display-group (group &optional function)
  "Show the summary of GROUP in the buffer \"*Shortdoc GROUP*\".
With FUNCTION, put point on the entry for FUNCTION, if there is one."
  (interactive (list (shortdoc--read-group)))
  (let ((entry (or (assq group shortdoc--groups)
                   (error "No such documentation group %s" group))))
    (with-current-buffer (get-buffer-create (format "*Shortdoc %s*" group))
      (let ((inhibit-read-only t))
        (erase-buffer)
        (shortdoc-mode)
        (shortdoc--insert-group (cdr entry)))
      (goto-char (point-min))
      (and function (shortdoc--goto-function function)))
    (pop-to-buffer (format "*Shortdoc %s*" group))
    nil))

(provide 'shortdoc)

;;; shortdoc.el ends here
