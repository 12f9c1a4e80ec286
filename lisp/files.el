;;; files.el --- visiting and saving files  -*- lexical-binding: t -*-

;; Emacs's file-visiting commands as a batch script sees them: a buffer
;; visits a file (`buffer-file-name'), is saved back to it with a backup
;; of the first version, and nothing asks questions.  There is no
;; locking, no auto-save, no revert and no uniquify renaming of
;; same-named buffers (only its rule that a directory's buffer is named
;; after the directory).  Emacs preloads this; subr.el autoloads it.

(defvar auto-mode-alist
  '(("\\.te?xt\\'" . text-mode)
    ("\\.el\\'" . emacs-lisp-mode)
    ("\\.eld\\'" . lisp-data-mode)
    ("/\\(?:README\\|NEWS\\|INSTALL\\)\\'" . text-mode))
  "Alist of (REGEXP . MODE): a visited file whose name matches REGEXP
gets MODE.  marrow's list names only the major modes it has.")

(defvar find-file-hook nil "Normal hook run after a file is visited.")
(defvar before-save-hook nil "Normal hook run before a buffer is saved.")
(defvar after-save-hook nil "Normal hook run after a buffer is saved.")
(defvar make-backup-files t
  "Non-nil means the first save of a visited file keeps its old version
as FILE~.")
(defvar-local buffer-backed-up nil
  "Non-nil once this buffer's file has been backed up.")
(put 'buffer-backed-up 'permanent-local t)
(defvar directory-abbrev-alist nil
  "Alist of (FROM . TO): `abbreviate-file-name' puts TO for a match of
the regexp FROM at the start of a file name.")

(defun abbreviate-file-name (filename)
  "FILENAME shortened: `directory-abbrev-alist' applied, and the home
directory written as ~."
  (save-match-data
    (dolist (abbrev directory-abbrev-alist)
      (when (string-match (car abbrev) filename)
        (setq filename (concat (cdr abbrev) (substring filename (match-end 0))))))
    (let ((home (directory-file-name (expand-file-name "~"))))
      (if (and (not (equal home "/"))
               (string-prefix-p home filename)
               (or (= (length filename) (length home))
                   (eq (aref filename (length home)) ?/)))
          (concat "~" (substring filename (length home)))
        filename))))

(defun create-file-buffer (filename)
  "A new buffer named after FILENAME (the directory's name for a
directory), told apart from other buffers of that name by its
directory, as `uniquify-buffer-name-style' says, or else by <N>."
  (let* ((file (directory-file-name (expand-file-name filename)))
         (name (file-name-nondirectory file))
         (base (if (string-prefix-p " " name) (concat "|" name) name))
         (buffer (generate-new-buffer base)))
    (uniquify--manage buffer base (file-name-directory file))
    buffer))

(defun get-file-buffer (filename)
  "The live buffer visiting FILENAME, or nil."
  (let ((file (expand-file-name filename)))
    (subr--first (lambda (buffer) (equal (buffer-file-name buffer) file)) (buffer-list))))

(defun find-buffer-visiting (filename &optional predicate)
  "The live buffer visiting FILENAME, under its name or its true name,
for which PREDICATE (if given) is non-nil; or nil."
  (let ((file (expand-file-name filename))
        (truename (abbreviate-file-name (file-truename filename))))
    (subr--first (lambda (buffer)
                   (and (or (equal (buffer-file-name buffer) file)
                            (equal (buffer-local-value 'buffer-file-truename buffer) truename))
                        (or (null predicate) (funcall predicate buffer))))
                 (buffer-list))))

(defun set-auto-mode (&optional keep-mode-if-same)
  "Put the buffer in the major mode `auto-mode-alist' gives its file
(unless it is in it already and KEEP-MODE-IF-SAME), or leave its mode."
  (let ((mode (and buffer-file-name
                   (assoc-default buffer-file-name auto-mode-alist #'string-match-p))))
    (when (and mode (fboundp mode) (not (and keep-mode-if-same (eq mode major-mode))))
      (funcall mode))))

(defun find-file-noselect (filename &optional _nowarn rawfile _wildcards)
  "The buffer visiting FILENAME, made and filled from the file when no
buffer visits it yet.  A missing file gives an empty buffer, to be
created by the first save.  RAWFILE inserts the bytes undecoded and
skips the mode and hooks."
  (let ((file (expand-file-name filename)))
    (when (file-directory-p file)
      (error "%s is a directory" file))
    (or (find-buffer-visiting file)
        (let ((buffer (create-file-buffer file)))
          (with-current-buffer buffer
            (setq default-directory (file-name-directory file))
            (if (file-exists-p file)
                (if rawfile
                    (insert-file-contents-literally file t)
                  (insert-file-contents file t))
              (setq buffer-file-name file))
            (setq buffer-file-truename (abbreviate-file-name (file-truename file)))
            ;; Decided once, as Emacs does: the mode cannot change it.
            (when (and backup-enable-predicate (not (funcall backup-enable-predicate file)))
              (setq backup-inhibited t))
            (unless rawfile
              (set-auto-mode)
              (run-hooks 'find-file-hook)))
          buffer))))

(defun find-file (filename &optional wildcards)
  "Visit FILENAME in a buffer and make it current."
  (interactive (list (read-file-name "Find file: ") t))
  (switch-to-buffer (find-file-noselect filename nil nil wildcards)))

(defvar small-temporary-file-directory nil
  "A second directory of temporary files, or nil.")
(defvar backup-enable-predicate #'normal-backup-enable-predicate
  "Called with a visited file's name: nil means no backups of it.")
(defvar-local backup-inhibited nil
  "Non-nil means this buffer's file gets no backup.")
(put 'backup-inhibited 'permanent-local t)

(defun normal-backup-enable-predicate (name)
  "Non-nil unless NAME is in a directory of temporary files:
`temporary-file-directory', /tmp or `small-temporary-file-directory'."
  (let ((temporary (if (file-directory-p temporary-file-directory)
                       (file-truename temporary-file-directory)
                     temporary-file-directory)))
    (not (subr--first (lambda (dir) (and dir (string-prefix-p dir name)))
                      (list temporary "/tmp" small-temporary-file-directory)))))

(defun files--backup (file)
  "Keep FILE's present version as FILE~ before the buffer's first save,
unless backups are off for it."
  (when (and make-backup-files (not backup-inhibited) (not buffer-backed-up)
             (file-exists-p file))
    (rename-file file (concat file "~") t)
    (setq buffer-backed-up t)))

(defun basic-save-buffer (&optional _called-interactively)
  "Save the buffer in its visited file, if it has been modified."
  (interactive '(called-interactively))
  (when (or (buffer-modified-p)
            ;; A new file, or one deleted since: saved even unchanged.
            (and buffer-file-name (not (file-exists-p buffer-file-name))))
    (unless buffer-file-name
      (signal 'end-of-file '("Error reading from stdin")))
    (run-hooks 'before-save-hook)
    (when (and require-final-newline (> (buffer-size) 0)
               (not (eq (char-before (point-max)) ?\n)))
      (save-excursion (goto-char (point-max)) (insert "\n")))
    (files--backup buffer-file-name)
    (save-restriction
      (widen)
      (write-region nil nil buffer-file-name nil t))
    (run-hooks 'after-save-hook))
  nil)

(defun save-buffer (&optional _arg)
  "Save the current buffer in its visited file, if it has been modified."
  (interactive "p")
  (basic-save-buffer))

;;; The parts of what `file-attributes' returns.

(defsubst file-attribute-type (attributes)
  "The type in ATTRIBUTES: t for a directory, the target of a symbolic
link, nil for anything else."
  (nth 0 attributes))

(defsubst file-attribute-link-number (attributes)
  "The number of names the file in ATTRIBUTES has."
  (nth 1 attributes))

(defsubst file-attribute-user-id (attributes)
  "The owner in ATTRIBUTES: a number, or a name if asked for."
  (nth 2 attributes))

(defsubst file-attribute-group-id (attributes)
  "The group in ATTRIBUTES: a number, or a name if asked for."
  (nth 3 attributes))

(defsubst file-attribute-access-time (attributes)
  "When the file in ATTRIBUTES was last read, a Lisp time."
  (nth 4 attributes))

(defsubst file-attribute-modification-time (attributes)
  "When the file in ATTRIBUTES was last written, a Lisp time."
  (nth 5 attributes))

(defsubst file-attribute-status-change-time (attributes)
  "When the status of the file in ATTRIBUTES last changed, a Lisp time."
  (nth 6 attributes))

(defsubst file-attribute-size (attributes)
  "The size in bytes of the file in ATTRIBUTES."
  (nth 7 attributes))

(defsubst file-attribute-modes (attributes)
  "The permissions in ATTRIBUTES, as `ls -l' shows them."
  (nth 8 attributes))

(defsubst file-attribute-inode-number (attributes)
  "The inode number in ATTRIBUTES."
  (nth 10 attributes))

(defsubst file-attribute-device-number (attributes)
  "The number of the file system device in ATTRIBUTES."
  (nth 11 attributes))

(defun file-attribute-collect (attributes &rest attr-names)
  "The values of ATTR-NAMES (symbols such as `size' and `modes', the
names of the accessors above without `file-attribute-') in
ATTRIBUTES, in order."
  (let ((names '(type link-number user-id group-id access-time modification-time
                 status-change-time size modes unused inode-number device-number))
        (values nil))
    (dolist (name attr-names (nreverse values))
      (let ((index (seq-position names name)))
        (if (and index (not (eq name 'unused)))
            (push (nth index attributes) values)
          (error "Wrong attribute name '%S'" name))))))

(defun clear-visited-file-modtime ()
  "Forget the visited file's modification time: the next save does
not complain that the file changed."
  (set-visited-file-modtime 0))

(defun set-visited-file-name (filename &optional _no-query along-with-file)
  "Make the current buffer visit FILENAME (nil: no file), renamed after
it and marked modified unless ALONG-WITH-FILE."
  (interactive "FSet visited file name: ")
  (let ((file (and filename (expand-file-name filename))))
    (setq buffer-file-name file
          buffer-file-truename (and file (abbreviate-file-name (file-truename file)))
          buffer-backed-up nil)
    (when file
      (setq default-directory (file-name-directory file))
      (unless (equal (buffer-name) (file-name-nondirectory file))
        (rename-buffer (file-name-nondirectory file) t)
        (uniquify--manage (current-buffer) (file-name-nondirectory file)
                          default-directory)))
    (unless along-with-file
      (clear-visited-file-modtime))
    (when (and file (not along-with-file))
      (set-buffer-modified-p t))
    (when file
      (set-auto-mode t))))

(defun write-file (filename &optional _confirm)
  "Write the current buffer into FILENAME (in it, if a directory) and
visit that file."
  (interactive (list (read-file-name "Write file: ") (not current-prefix-arg)))
  (when (or (directory-name-p filename) (file-directory-p filename))
    (setq filename (expand-file-name (file-name-nondirectory (or buffer-file-name (buffer-name)))
                                     filename)))
  (set-visited-file-name filename)
  (save-buffer))

;;; Uniquify: buffers visiting files of one name are told apart by the
;;; innermost directories that differ, "f.txt<a>" and "f.txt<b>" in the
;;; default style, as Emacs's preloaded uniquify.el names them.  Each
;;; managed buffer's `uniquify-managed' is (BASE DIRECTORY-PARTS . NAME):
;;; its name without directories, its directories innermost first, and
;;; the name uniquify gave it, so that a buffer renamed since drops out.

(defvar uniquify--renaming nil
  "Non-nil while uniquify renames buffers itself.")

(defun uniquify--manage (buffer base directory)
  "Let uniquify name BUFFER, named after BASE in DIRECTORY, beside the
other buffers of BASE."
  (when uniquify-buffer-name-style
    (with-current-buffer buffer
      (setq uniquify-managed
            (cons base (cons (reverse (split-string directory "/" t)) (buffer-name)))))
    (uniquify--rationalize base)))

(defun uniquify--group (base &optional except)
  "The live buffers uniquify names after BASE, but EXCEPT."
  (let (group)
    (dolist (buffer (buffer-list) (nreverse group))
      (let ((item (buffer-local-value 'uniquify-managed buffer)))
        (cond ((or (null item) (eq buffer except)))
              ((not (equal (cddr item) (buffer-name buffer)))
               (with-current-buffer buffer (setq uniquify-managed nil)))
              ((equal (car item) base) (push buffer group)))))))

(defun uniquify--parts (buffer)
  (cadr (buffer-local-value 'uniquify-managed buffer)))

(defun uniquify--strip-common-suffix (parts)
  "PARTS (directory lists, innermost first) without the innermost
directories they all share."
  (while (and (cdr parts) (car (car parts))
              (let ((dir (car (car parts))))
                (not (memq nil (mapcar (lambda (p) (equal (car p) dir)) parts)))))
    (setq parts (mapcar #'cdr parts)))
  parts)

(defun uniquify--name (base parts depth)
  "BASE with the DEPTH innermost of PARTS, in `uniquify-buffer-name-style'."
  (if (zerop depth)
      base
    (let ((dirs nil))            ; outermost first
      (dotimes (_ depth)
        (when parts (push (pop parts) dirs)))
      (let ((forward (mapconcat #'identity dirs "/")))
        (cond ((eq uniquify-buffer-name-style 'forward) (concat forward "/" base))
              ((eq uniquify-buffer-name-style 'reverse)
               (mapconcat #'identity (cons base (reverse dirs)) "\\"))
              ((eq uniquify-buffer-name-style 'post-forward) (concat base "|" forward))
              (t (concat base "<" forward ">")))))))

(defun uniquify--count (name names)
  (let ((n 0))
    (dolist (x names n)
      (when (equal x name) (setq n (1+ n))))))

(defun uniquify--depths (base group parts)
  "How many directories each buffer of GROUP (with directories PARTS)
needs in its name: those whose names collide, with each other or with
a buffer outside GROUP, all take one more, until none collides or their
directories run out."
  (let* ((n (length group))
         (parts (vconcat parts))
         (depths (make-vector n 0))
         (grew t))
    (while grew
      (setq grew nil)
      (let ((names (mapcar (lambda (i) (uniquify--name base (aref parts i) (aref depths i)))
                           (number-sequence 0 (1- n)))))
        (dotimes (i n)
          (let ((name (nth i names))
                (other (get-buffer (nth i names))))
            (when (and (or (> (uniquify--count name names) 1)
                           (and other (not (memq other group))))
                       (< (aref depths i) (max 1 (length (aref parts i)))))
              (aset depths i (1+ (aref depths i)))
              (setq grew t))))))
    (append depths nil)))

(defun uniquify--rationalize (base &optional except)
  "Rename the buffers uniquify names after BASE (but EXCEPT, about to
die) so that each name is the shortest that tells them apart."
  (let* ((group (uniquify--group base except))
         (parts (mapcar #'uniquify--parts group))
         (parts (if uniquify-strip-common-suffix
                    (uniquify--strip-common-suffix parts)
                  parts))
         (names (mapcar (let ((depths (uniquify--depths base group parts)))
                         (lambda (dirs) (uniquify--name base dirs (pop depths))))
                       parts))
         (uniquify--renaming t)
         (moves nil))
    ;; Through names of their own first, so that two buffers can swap.
    (while group
      (let ((buffer (pop group)) (name (pop names)))
        (unless (equal name (buffer-name buffer))
          (with-current-buffer buffer
            (rename-buffer (make-temp-name " *uniquify*") t))
          (push (cons buffer name) moves))))
    (dolist (move (nreverse moves))
      (with-current-buffer (car move)
        (rename-buffer (cdr move) t)
        (setcdr (cdr uniquify-managed) (buffer-name))))))

(defun uniquify--renamed (buffer)
  "BUFFER, which uniquify named, was renamed by hand: uniquify leaves
it be from now on and names the others of its old group afresh."
  (unless uniquify--renaming
    (let ((base (car (buffer-local-value 'uniquify-managed buffer))))
      (with-current-buffer buffer (setq uniquify-managed nil))
      (uniquify--rationalize base))))

;; File names as strings (no file is looked at).

(defvar file-name-version-regexp
  "\\(?:~\\|\\.~[-[:alnum:]:#@^._]+\\(?:~[[:digit:]]+\\)?~\\)"
  "What ends a backup or version file name: \"~\", \".~N~\" or \".~REV~N~\".")

(defun file-name-sans-versions (name &optional keep-backup-version)
  "NAME without its backup or version suffix (`file-name-version-regexp');
with KEEP-BACKUP-VERSION, NAME itself."
  (substring name 0 (unless keep-backup-version
                      (string-match (concat file-name-version-regexp "\\'") name))))

(defun file-name-with-extension (filename extension)
  "FILENAME with its extension replaced by EXTENSION (a leading dot is
optional).  An empty FILENAME or EXTENSION, or a directory name, is an
error."
  (let ((bare (string-trim-left extension "[.]")))
    (cond ((string-empty-p filename) (error "Empty filename"))
          ((string-empty-p bare) (error "Malformed extension: %s" extension))
          ((directory-name-p filename) (error "Filename is a directory: %s" filename))
          (t (concat (file-name-sans-extension filename) "." bare)))))

(defun file-name-quoted-p (name &optional _top)
  "Non-nil if NAME starts with \"/:\", which quotes a file name."
  (string-prefix-p "/:" name))

(defun file-name-quote (name &optional top)
  "NAME with \"/:\" in front, unless it has it already."
  (if (file-name-quoted-p name top) name (concat "/:" name)))

(defun file-name-unquote (name &optional top)
  "NAME without the \"/:\" that quotes it, if it has one (\"/:\" alone
is \"/\")."
  (cond ((not (file-name-quoted-p name top)) (concat name))
        ((= (length name) 2) "/")
        (t (substring name 2))))

(defun convert-standard-filename (filename)
  "FILENAME as a valid name on this system: on GNU/Linux, FILENAME."
  filename)

(defun files--embedded-absolute (name)
  "NAME from its last absolute name after a slash (\"//\" or \"/~\",
with a user that exists), else NAME."
  (let ((start 0))
    (dotimes (i (length name))
      (when (and (> i 0) (eq (aref name (1- i)) ?/)
                 (or (eq (aref name i) ?/)
                     (and (eq (aref name i) ?~) (file-name-absolute-p (substring name i)))))
        (setq start i)))
    (if (= start 0) name (substring name start))))

(defun files--substitute-variables (name)
  "NAME with $$ made $, and $VAR and ${VAR} the value of the environment
variable VAR when it is set."
  (replace-regexp-in-string
   "\\$\\(?:\\$\\|{\\([^}]*\\)}\\|\\([[:alnum:]_]+\\)\\)"
   (lambda (ref)
     (let ((var (or (match-string 1 ref) (match-string 2 ref))))
       (cond ((null var) "$")
             ((getenv var))
             (t ref))))
   name t t))

(defun substitute-in-file-name (filename)
  "FILENAME with environment variables substituted ($VAR, ${VAR}; $$
is $), and everything before the last \"//\" or \"/~\" gone.  A name
quoted with \"/:\" stays as it is."
  (unless (stringp filename)
    (signal 'wrong-type-argument (list 'stringp filename)))
  (if (string-prefix-p "/:" filename)
      filename
    (files--embedded-absolute
     (files--substitute-variables (files--embedded-absolute filename)))))

(provide 'files)

;;; files.el ends here
