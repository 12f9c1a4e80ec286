;;; files-x.el --- connection-local variables  -*- lexical-binding: t -*-

;; Variables set in a buffer by the connection its `default-directory'
;; goes through: profiles (named lists of (VARIABLE . VALUE)) apply to
;; the connections that criteria, plists of :application, :protocol,
;; :user and :machine, describe.  Emacs's files-x.el also edits
;; file-local variables; marrow's has only the connection part.

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
