;;; files-x.el --- editing file-local variables; connection-local variables  -*- lexical-binding: t -*-

;; Two parts.  The first edits the file-local variables written in a
;; buffer's text: the "Local Variables:" list near its end and the
;; -*- line at its top.  The second handles variables set in a buffer
;; by the connection its `default-directory' goes through: profiles
;; (named lists of (VARIABLE . VALUE)) apply to the connections that
;; criteria, plists of :application, :protocol, :user and :machine,
;; describe.  Directory-local variables are not supported by marrow,
;; so neither are the commands editing them.

;;; Editing file-local variables

(defconst files-x--revisit-hint
  "For this change to take effect revisit file using \\[revert-buffer]"
  "What the editing commands say when called interactively.")

(defun files-x--done (variable op interactive)
  "Tell the user, when INTERACTIVE, how the edited VARIABLE takes effect.
Emacs 28 says nothing after deleting a bound variable, `mode' or `coding'."
  (when (and interactive
             (not (and (eq op 'delete)
                       (or (boundp variable) (memq variable '(mode coding))))))
    (message "%s" (substitute-command-keys files-x--revisit-hint))))

(defun files-x--read-variable (prompt)
  "Read a variable name with PROMPT, offering the bound symbols."
  (intern (completing-read prompt obarray
                           (lambda (sym) (or (boundp sym) (memq sym '(mode eval coding))))
                           nil nil nil)))

(defun files-x--read-value (variable)
  "Read a Lisp value for VARIABLE, proposing its current one."
  (let ((default (and (boundp variable) (symbol-value variable))))
    (read--expression (format "Add %s with value: " variable)
                      (and (not (eq variable 'mode))
                           (format "%S" default)))))

;;;; The Local Variables list

(defun files-x--list-search-start ()
  "Where a search for the Local Variables list starts: its last page
within 3000 characters of the end of the buffer."
  (let ((limit (max (point-min) (- (point-max) 3000))))
    (save-excursion
      (goto-char (point-max))
      (if (re-search-backward "^\f" limit t)
          (match-end 0)
        limit))))

(defun files-x--list-header ()
  "Where the \"Local Variables:\" text opening the buffer's list ends, or
nil when there is none."
  (let ((case-fold-search t))
    (save-excursion
      (goto-char (files-x--list-search-start))
      (search-forward "Local Variables:" nil t))))

(defun files-x--new-list ()
  "Put an empty Local Variables list, commented out, at the buffer's end."
  (goto-char (point-max))
  (insert "\n")
  (let ((start (point)))
    (insert "Local Variables:\nEnd:\n")
    ;; A mode without comment syntax gets Lisp's.
    (let ((comment-style 'plain) (comment-start (or comment-start ";; ")))
      (comment-region start (point)))
    (goto-char start)
    (let ((case-fold-search t))
      (search-forward "Local Variables:"))))

(defun files-x--list-end (body prefix suffix)
  "Beginning of the line closing the list whose entries start at BODY;
insert that line at BODY, made of PREFIX and SUFFIX, when missing."
  (let ((case-fold-search t))
    (save-excursion
      (if (re-search-forward (concat "^" (regexp-quote prefix) "[ \t]*End:"
                                     (regexp-quote suffix) "[ \t]*$")
                             nil t)
          (line-beginning-position)
        (goto-char body)
        (insert prefix "End:" suffix "\n")
        (goto-char body)
        (line-beginning-position)))))

(defun files-x--list-delete (variable prefix suffix end)
  "Delete the list's lines, between PREFIX and SUFFIX, that set VARIABLE,
from point up to END (a marker).  Point stays where the last one was;
return non-nil if there was one."
  ;; As in Emacs, the printed name is used as a regexp as it is.
  (let ((entry (concat "^" (regexp-quote prefix) (format "%S" variable) ":.*"
                       (regexp-quote suffix) "$"))
        (found nil))
    (while (re-search-forward entry end t)
      (delete-region (line-beginning-position) (line-beginning-position 2))
      (setq found t))
    found))

(defun files-x--edit-list (variable value op)
  "Do OP (`add-or-replace' or `delete') on VARIABLE in the Local Variables
list; VALUE is what `add-or-replace' sets.  Return a message when there is
no list to delete from."
  (let ((found (files-x--list-header)))
    (if (and (not found) (eq op 'delete))
        (message "Local Variables not found")
      (if found
          (let ((case-fold-search t))
            (goto-char found)
            (looking-back "Local Variables:" (line-beginning-position)))
        (files-x--new-list))
      (let* ((prefix (buffer-substring (line-beginning-position) (match-beginning 0)))
             (suffix (buffer-substring (match-end 0) (line-end-position)))
             (body (progn (forward-line 1) (point)))
             (end (copy-marker (files-x--list-end body prefix suffix))))
        (cond ((eq op 'delete) (files-x--list-delete variable prefix suffix end))
              ((eq variable 'mode))
              ((eq variable 'eval) (goto-char end))
              ((not (files-x--list-delete variable prefix suffix end))
               (goto-char end)))
        (unless (eq op 'delete)
          (insert prefix (format "%S: %S" variable value) suffix "\n"))
        (set-marker end nil)
        nil))))

(defun modify-file-local-variable (variable value op &optional interactive)
  "Edit the file-local VARIABLE in the buffer's Local Variables list.
OP `add-or-replace' removes VARIABLE's settings (but not those of `mode'
and `eval', which may repeat) and writes one setting it to VALUE, making
the list, commented out, at the end of the buffer if there is none.
OP `delete' removes all its settings, ignoring VALUE.
INTERACTIVE non-nil means tell how the change takes effect."
  (if (not enable-local-variables)
      (files-x--disabled)
    ;; Like Emacs, leave the buffer widened: point may end up outside the
    ;; old restriction.
    (widen)
    (let ((missing (files-x--edit-list variable value op)))
      (or missing (files-x--done variable op interactive)))))

(defun files-x--disabled ()
  "Say that nothing is edited, `enable-local-variables' being nil."
  (message "File-local variables are disabled"))

(defun add-file-local-variable (variable value &optional interactive)
  "Set the file-local VARIABLE to VALUE in the Local Variables list.
Other settings of VARIABLE are removed, except for `mode' and `eval'.
A list, commented out, is added at the end of the buffer if it has none."
  (interactive
   (let ((variable (files-x--read-variable "Add file-local variable: ")))
     (list variable (files-x--read-value variable) t)))
  (when (eq variable 'lexical-binding)
    (user-error "The `lexical-binding' variable must be set at the start of the file"))
  (modify-file-local-variable variable value 'add-or-replace interactive))

(defun delete-file-local-variable (variable &optional interactive)
  "Remove every setting of the file-local VARIABLE from the Local
Variables list."
  (interactive (list (files-x--read-variable "Delete file-local variable: ") t))
  (modify-file-local-variable variable nil 'delete interactive))

;;;; The -*- line

(defconst files-x--mode-only-line
  "[ \t]*\\([^ \t\n:;]+\\)[ \t]*-\\*-"
  "What follows the opening -*- of a line naming only a major mode;
group 1 is the mode's name.")

(defun files-x--prop-line-start ()
  "Move to where the -*- line is or belongs: the first line, or the
second when the first starts with \"#!\"."
  (goto-char (point-min))
  (when (looking-at "#!") (forward-line 1)))

(defun files-x--prop-line-bounds ()
  "The (START . END) of the text between the -*- markers of the line at
point, or nil when that line has no pair of markers."
  (save-excursion
    (let ((eol (line-end-position)))
      (when (search-forward "-*-" eol t)
        (let ((start (point)))
          (when (search-forward "-*-" eol t)
            (cons start (match-beginning 0))))))))

(defun files-x--comment-line-p ()
  "Whether the line at point starts with the buffer's comment starter."
  (and (stringp comment-start)
       (not (string= (string-trim comment-start) ""))
       (looking-at (regexp-quote (string-trim comment-start)))))

(defun files-x--comment-text-end ()
  "Where the text of the comment on the line at point ends, or nil when
that comment goes on past the line.  Like Emacs, fail when there is no
comment ender at all after point."
  (if (member comment-end '(nil ""))
      (line-end-position)
    (comment-normalize-vars)
    (let ((eol (line-end-position)))
      (save-excursion
        (re-search-forward comment-end-skip)
        (and (<= (match-beginning 0) eol) (match-beginning 0))))))

(defun files-x--new-prop-line ()
  "Put empty -*- markers on the line at point: at the end of its comment
when it is one, else on a new line, commented out, before it.  Return
where Emacs looks for a lone mode name afterwards: just after the text
inserted (which, for a new line, is the old line)."
  (let ((text-end (and (files-x--comment-line-p) (files-x--comment-text-end))))
    (if text-end
        (progn (goto-char text-end)
               (insert "  -*--*-")
               (point))
      (let ((start (point)))
        (insert "-*--*-\n")
        (let ((after (point-marker)))
          (let ((comment-style 'plain) (comment-start (or comment-start ";;; ")))
            (comment-region start (1- (point))))
          (prog1 (marker-position after)
            (set-marker after nil)))))))

(defun files-x--edit-mode-only (variable value op name-start name-end)
  "Do OP on VARIABLE in a -*- line naming only a mode, from NAME-START to
NAME-END.  Any variable other than `mode' turns it into a list of
settings, given VALUE (nil for a deletion)."
  (cond ((not (eq variable 'mode))
         (goto-char name-start)
         (insert " mode: ")
         (save-excursion
           (goto-char (+ name-end 7))
           (insert (format "; %S: %S; " variable (and (eq op 'add-or-replace) value)))))
        ((eq op 'delete) (delete-region name-start name-end) (goto-char name-start))
        (t (delete-region name-start name-end)
           (goto-char name-start)
           (insert (format "%S" value)))))

(defun files-x--insert-setting (variable value)
  "Insert VARIABLE's setting at point, in the middle of the -*- line."
  (unless (memq (char-before) '(?\s ?\t)) (insert " "))
  (insert (format "%S: %S; " variable value)))

(defun files-x--append-setting (variable value start end)
  "Insert VARIABLE's setting after the last one, before END, separated by
a semicolon; START is where the settings start."
  (goto-char end)
  (skip-chars-backward " \t" start)
  (unless (or (= (point) start) (eq (char-before) ?\;))
    (insert ";"))
  (insert (format " %S: %S;" variable value))
  (when (looking-at "-\\*-") (insert " ")))

(defun files-x--next-setting (end)
  "Move over the blanks before the next setting of the -*- line ending at
END.  Return (NAME START) and move past that setting and its separator;
return nil at END, or `malformed' before what is no setting."
  (skip-chars-forward " \t")
  (cond ((>= (point) end) nil)
        ((not (looking-at "\\([^ \t:]+\\)[ \t]*:[ \t]*")) 'malformed)
        (t (let ((start (point)) (name (match-string 1)))
             (goto-char (match-end 0))
             (save-restriction
               (narrow-to-region (point-min) end)
               (read (current-buffer)))
             (skip-chars-forward " \t;")
             (list name start)))))

(defun files-x--remove-settings (variable end)
  "Delete VARIABLE's settings from point to END (a marker).  Return where
the last one was, nil if none, or `malformed' when the line is."
  (let ((name (format "%S" variable)) setting removed)
    (while (consp (setq setting (files-x--next-setting end)))
      (when (string= (car setting) name)
        (delete-region (nth 1 setting) (point))
        (setq removed (nth 1 setting))))
    (or setting removed)))

(defun files-x--edit-settings (variable value op start end)
  "Do OP on VARIABLE in the -*- line's settings from START to END (a
marker).  Return a message when the line is malformed."
  (goto-char start)
  (if (and (eq op 'add-or-replace) (memq variable '(mode eval)))
      ;; Those may repeat: nothing to remove, so no need to parse.
      (if (eq variable 'eval)
          (files-x--append-setting variable value start end)
        (skip-chars-forward " \t")
        (files-x--insert-setting variable value))
    (let ((removed (files-x--remove-settings variable end)))
      (cond ((eq removed 'malformed) (message "Malformed -*- line"))
            ((eq op 'delete) nil)
            (removed (goto-char removed)
                     (files-x--insert-setting variable value))
            (t (files-x--append-setting variable value start end))))))

(defun files-x--edit-prop-line (variable value op)
  "Do OP on VARIABLE in the -*- line; see `modify-file-local-variable-prop-line'.
Return a message when there is nothing to do."
  (let* ((line (save-excursion (files-x--prop-line-start) (point)))
         (bounds (save-excursion (goto-char line) (files-x--prop-line-bounds))))
    (if (and (not bounds) (eq op 'delete))
        (message "The -*- line not found")
      (goto-char line)
      (let ((lone-mode-at (and bounds (car bounds))))
        (unless bounds
          (setq lone-mode-at (save-excursion (files-x--new-prop-line)))
          (setq bounds (files-x--prop-line-bounds)))
        (let ((end (copy-marker (cdr bounds))))
          (prog1
              (if (progn (goto-char lone-mode-at)
                         (looking-at files-x--mode-only-line))
                  (progn (files-x--edit-mode-only variable value op
                                                  (match-beginning 1) (match-end 1))
                         nil)
                (files-x--edit-settings variable value op (car bounds) end))
            (set-marker end nil)))))))

(defun modify-file-local-variable-prop-line (variable value op &optional interactive)
  "Edit the file-local VARIABLE in the buffer's -*- line.
OP `add-or-replace' removes VARIABLE's settings (but not those of `mode'
and `eval') and writes one setting it to VALUE, making the line,
commented out, at the top of the buffer (below a \"#!\" line) if there is
none.  OP `delete' removes all its settings, ignoring VALUE.
INTERACTIVE non-nil means tell how the change takes effect."
  (if (not enable-local-variables)
      (files-x--disabled)
    (widen)
    (let ((failure (files-x--edit-prop-line variable value op)))
      (or failure (files-x--done variable op interactive)))))

(defun add-file-local-variable-prop-line (variable value &optional interactive)
  "Set the file-local VARIABLE to VALUE in the -*- line.
Other settings of VARIABLE are removed, except for `mode' and `eval'.
A -*- line, commented out, is added if the buffer has none."
  (interactive
   (let ((variable (files-x--read-variable "Add -*- file-local variable: ")))
     (list variable (files-x--read-value variable) t)))
  (modify-file-local-variable-prop-line variable value 'add-or-replace interactive))

(defun delete-file-local-variable-prop-line (variable &optional interactive)
  "Remove every setting of the file-local VARIABLE from the -*- line."
  (interactive (list (files-x--read-variable "Delete -*- file-local variable: ") t))
  (modify-file-local-variable-prop-line variable nil 'delete interactive))

;;; Connection-local variables

(defvar connection-local-profile-alist nil
  "Alist of (PROFILE . VARIABLES): each VARIABLES an alist of
\(VARIABLE . VALUE) pairs.")

(defvar connection-local-criteria-alist nil
  "Alist of (CRITERIA . PROFILES): the profiles that apply to the
connections CRITERIA (a normalized plist) describes.")

(defvar enable-connection-local-variables t
  "Non-nil means connection-local variables are set.")

(defvar-local connection-local-variables-alist nil
  "The (VARIABLE . VALUE) pairs connection profiles give this buffer.")
(put 'connection-local-variables-alist 'permanent-local t)

(defconst connection-local--properties '(:application :protocol :user :machine)
  "The properties of connection criteria, in their normal order.")

(defsubst connection-local-normalize-criteria (criteria)
  "CRITERIA's properties in the normal order, the unknown ones left out."
  (mapcan (lambda (property)
            (when (plist-member criteria property)
              (list property (plist-get criteria property))))
          connection-local--properties))

(defsubst connection-local-get-profile-variables (profile)
  "The (VARIABLE . VALUE) pairs of connection profile PROFILE."
  (cdr (assq profile connection-local-profile-alist)))

(defun connection-local-set-profile-variables (profile variables)
  "Make VARIABLES, (VARIABLE . VALUE) pairs, the connection profile
PROFILE, in place of its old variables."
  (setf (alist-get profile connection-local-profile-alist) variables))

(defun connection-local--criteria-match-p (stored criteria)
  "Whether the STORED criteria agree with CRITERIA on every property
both have."
  (let ((match t))
    (while (and criteria match)
      (when (plist-member stored (car criteria))
        (setq match (equal (plist-get stored (car criteria)) (cadr criteria))))
      (setq criteria (cddr criteria)))
    match))

(defsubst connection-local-get-profiles (criteria)
  "The profiles of every criteria that agree with CRITERIA, each once."
  (let ((criteria (connection-local-normalize-criteria criteria))
        (profiles nil))
    (dolist (entry connection-local-criteria-alist)
      (when (connection-local--criteria-match-p (car entry) criteria)
        (setq profiles (append profiles (cdr entry)))))
    (delete-dups profiles)))

(defun connection-local-set-profiles (criteria &rest profiles)
  "Have PROFILES (defined ones) apply to the connections CRITERIA
describes, after those that already do."
  (unless (listp criteria)
    (error "Wrong criteria `%s'" criteria))
  (dolist (profile profiles)
    (or (assq profile connection-local-profile-alist)
        (error "No such connection profile `%s'" (symbol-name profile))))
  (let* ((key (connection-local-normalize-criteria criteria))
         (known (assoc key connection-local-criteria-alist))
         ;; A fresh list: `delete-dups' must not cut into the old one.
         (all (delete-dups (append (cdr known) profiles nil))))
    (if known
        (setcdr known all)
      (push (cons key all) connection-local-criteria-alist))))

(defun hack-connection-local-variables (criteria)
  "Add to `connection-local-variables-alist' the variables the profiles
for CRITERIA give, the first profile naming a variable winning."
  (dolist (profile (connection-local-get-profiles criteria))
    (dolist (pair (connection-local-get-profile-variables profile))
      (unless (assq (car pair) connection-local-variables-alist)
        (push pair connection-local-variables-alist)))))

(defun hack-connection-local-variables-apply (criteria)
  "Set in the buffer the connection-local variables for CRITERIA, when
`enable-connection-local-variables' allows."
  (when enable-connection-local-variables
    (hack-connection-local-variables criteria)
    (dolist (pair connection-local-variables-alist)
      (set (make-local-variable (car pair)) (cdr pair)))))

(defsubst connection-local-criteria-for-default-directory (&optional application)
  "The criteria of the connection `default-directory' goes through, for
APPLICATION (default `tramp'); nil for a local directory."
  (when (file-remote-p default-directory)
    (apply #'append
           (list :application (or application 'tramp))
           (mapcar (lambda (part)
                     (list (car part) (file-remote-p default-directory (cdr part))))
                   '((:protocol . method) (:user . user) (:machine . host))))))

(defun connection-local--restore (old-locals)
  "Give each variable of `connection-local-variables-alist' back the
buffer-local value it had in OLD-LOCALS (a `buffer-local-variables'
list), or no local value if it had none there."
  (dolist (pair connection-local-variables-alist)
    (let* ((variable (car pair))
           (before (assq variable old-locals)))
      (if (not before)
          (kill-local-variable variable)
        (set (make-local-variable variable) (cdr before))))))

(defun connection-local--call-with-variables (body)
  "Call BODY with the connection-local variables of a remote
`default-directory' set, and those put back as they were after."
  (if (not (file-remote-p default-directory))
      (funcall body)
    (let ((enable-connection-local-variables t)
          (old-locals (buffer-local-variables))
          (connection-local-variables-alist nil))
      (hack-connection-local-variables-apply
       (connection-local-criteria-for-default-directory))
      (unwind-protect
          (funcall body)
        (connection-local--restore old-locals)))))

(defmacro with-connection-local-variables (&rest body)
  "Run BODY with the connection-local variables of `default-directory'
set, when it is remote; restore the buffer's variables afterwards."
  (declare (debug t))
  `(connection-local--call-with-variables (lambda () ,@body)))

(provide 'files-x)

;;; files-x.el ends here
