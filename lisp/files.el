;;; files.el --- visiting and saving files  -*- lexical-binding: t -*-

;; Emacs's file-visiting commands as a batch script sees them: a buffer
;; visits a file (`buffer-file-name'), is saved back to it with a backup
;; of the first version, and nothing asks questions.  Auto-saving is
;; there for `auto-save-mode' and `do-auto-save' to call (no timer runs
;; it).  Reverting reads the file again.  There is no locking and no
;; uniquify renaming of same-named buffers (only its rule that a
;; directory's buffer is named after the directory).  Emacs preloads this; subr.el autoloads it.

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
  (let* ((file (expand-file-name filename))
         (buffer (files--with-handler file get-file-buffer (file)
                   (subr--first (lambda (buffer) (equal (buffer-file-name buffer) file)) (buffer-list)))))
    (and (bufferp buffer) buffer)))

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

(defun files--magic-mode (alist)
  "The mode of the first (TEST . MODE) of ALIST whose TEST, a regexp
matched case-sensitively or a function, accepts the buffer's start."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (let ((case-fold-search nil))
        (cdr (seq-find (lambda (entry)
                         (save-excursion
                           (if (functionp (car entry))
                               (funcall (car entry))
                             (looking-at (car entry)))))
                       alist))))))

(defun set-auto-mode (&optional keep-mode-if-same)
  "Put the buffer in the major mode its text names (\"mode:\" on its
-*- line or in its local variables list), else the one
`auto-mode-alist' gives its file (unless it is in it already and
KEEP-MODE-IF-SAME), or leave its mode."
  (let ((mode (and enable-local-variables (hack-local-variables t))))
    (when (and mode (not (fboundp mode)))
      (message "Ignoring unknown mode `%s'" mode)
      (setq mode nil))
    (unless mode
      (setq mode (files--magic-mode magic-mode-alist)))
    (unless mode
      (setq mode (and buffer-file-name
                      (assoc-default buffer-file-name auto-mode-alist #'string-match-p))))
    (unless mode
      (setq mode (files--magic-mode magic-fallback-mode-alist)))
    (when (and mode (fboundp mode) (not (and keep-mode-if-same (eq mode major-mode))))
      (funcall mode))))

(defun files--set-mode-and-locals ()
  "Set a visited file's major mode and local variables; an error in
either is a message, as Emacs shows it (unless `debug-on-error'), and a
bad mode specification leaves the local variables unset."
  (when (condition-case-unless-debug err
            (progn (set-auto-mode) t)
          (error (message "File mode specification error: %s" err) nil))
    (condition-case-unless-debug err
        (hack-local-variables 'no-mode)
      (error (message "File local-variables error: %s" err)))))

(defun normal-mode (&optional _find-file)
  "Put the buffer in the major mode its text or its file's name calls
for, then set its local variables."
  (interactive)
  (files--set-mode-and-locals))

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
              (files--set-mode-and-locals)
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
    ;; As in Emacs, the buffer now has the coding its file was written in.
    (setq buffer-file-coding-system last-coding-system-used)
    (run-hooks 'after-save-hook))
  nil)

(defun save-buffer (&optional _arg)
  "Save the current buffer in its visited file, if it has been modified."
  (interactive "p")
  (basic-save-buffer))

;;; Auto-saving

(defun files--url-encode-unsafe (name)
  "NAME with each character outside a small safe set written %XX, so
that the name suits any file system."
  (replace-regexp-in-string "[^A-Za-z0-9_.~#+-]"
                            (lambda (c) (format "%%%02X" (string-to-char c)))
                            name t t))

(defun files--transform-file-name (filename transforms prefix suffix)
  "FILENAME's file name with PREFIX and SUFFIX around it, in its own
directory unless one of TRANSFORMS, entries (REGEXP REPLACEMENT
UNIQUIFY), matches it: then in the directory of REPLACEMENT for the
match, under the name of the replacement, or with UNIQUIFY under the
whole of FILENAME with each / made ! (t), or its hash by the
`secure-hash' algorithm UNIQUIFY names."
  (let ((file filename)
        (result nil))
    (save-match-data
      (while (and transforms (not result))
        (let ((rule (pop transforms)))
          (when (string-match (car rule) file)
            (setq result (replace-match (nth 1 rule) t nil file))
            (let ((uniquify (nth 2 rule)))
              (cond ((memq uniquify (secure-hash-algorithms))
                     (setq result (concat (file-name-directory result)
                                          (secure-hash uniquify file))))
                    (uniquify
                     (setq result (concat (file-name-directory result)
                                          (string-replace
                                           "/" "!" (string-replace "!" "!!" file)))))))))))
    (setq result (or result file))
    (expand-file-name (concat prefix (file-name-nondirectory result) suffix)
                      (file-name-directory result))))

(defun make-lock-file-name (filename)
  "The name of the file that locks FILENAME: .#FILE beside it, or where
`lock-file-name-transforms' puts it."
  (files--with-handler filename make-lock-file-name (filename)
    (files--transform-file-name filename lock-file-name-transforms ".#" "")))

(defun make-auto-save-file-name ()
  "The name to auto-save the current buffer in: #FILE# beside its file
(or where `auto-save-file-name-transforms' puts it), else a fresh file
#BUFFER#XXXXXX# in `default-directory' (or another writable one), the
buffer name made safe for any file system."
  (if buffer-file-name
      (files--with-handler buffer-file-name make-auto-save-file-name ()
        (files--transform-file-name buffer-file-name auto-save-file-name-transforms "#" "#"))
    (make-temp-file
     (expand-file-name (format "#%s#" (files--url-encode-unsafe (buffer-name)))
                       (cond ((file-writable-p default-directory) default-directory)
                             ((file-writable-p "/var/tmp/") "/var/tmp/")
                             (t "~/")))
     nil "#")))

(defun files--auto-save-on-p ()
  (and buffer-auto-save-file-name (>= buffer-saved-size 0) t))

(defun auto-save-mode (&optional arg)
  "Turn auto-saving of the current buffer on (no ARG or a positive
number from Lisp), off (a number below 1) or over (`toggle'), as Emacs's
minor mode does: the buffer is auto-saved in `buffer-auto-save-file-name'."
  (interactive (list (or current-prefix-arg 'toggle)))
  (let ((on (cond ((eq arg 'toggle) (not (files--auto-save-on-p)))
                  ((and (numberp arg) (< arg 1)) nil)
                  (t t))))
    (setq buffer-auto-save-file-name
          (cond ((not on) nil)
                ((and buffer-file-name auto-save-visited-file-name (not buffer-read-only))
                 buffer-file-name)
                (t (make-auto-save-file-name))))
    ;; A negative size turned auto-saving off for a while: on again.
    (when (< buffer-saved-size 0)
      (setq buffer-saved-size 0))
    (setq local-minor-modes (if on (cons 'auto-save-mode (delq 'auto-save-mode local-minor-modes))
                              (delq 'auto-save-mode local-minor-modes)))
    (run-hooks 'auto-save-mode-hook (if on 'auto-save-mode-on-hook 'auto-save-mode-off-hook))
    (files--auto-save-on-p)))

(defun files--auto-save-due-p (buffer)
  (and (stringp (buffer-local-value 'buffer-auto-save-file-name buffer))
       (not (buffer-base-buffer buffer))
       (>= (buffer-local-value 'buffer-saved-size buffer) 0)
       (marrow--auto-save-due-p buffer)))

(defun do-auto-save (&optional no-message current-only)
  "Auto-save every buffer changed since it was last auto-saved (only
the current one if CURRENT-ONLY), saying so unless NO-MESSAGE."
  (run-hooks 'auto-save-hook)
  (let ((saved nil))
    (dolist (buffer (if current-only (list (current-buffer)) (buffer-list)))
      (when (files--auto-save-due-p buffer)
        (unless (or saved no-message)
          (message "Auto-saving..."))
        (setq saved t)
        (with-current-buffer buffer
          (write-region nil nil buffer-auto-save-file-name nil 'nomessage)
          (set-buffer-auto-saved)
          (setq buffer-saved-size (buffer-size)))))
    (when (and saved (not no-message))
      (message "Auto-saving...done"))
    nil))

(defun files--kill-buffer-auto-save (buffer)
  "What `kill-buffer' does for BUFFER when
`kill-buffer-delete-auto-save-files': offer to delete the auto-save
file written since the buffer was last saved."
  (with-current-buffer buffer
    (when (and delete-auto-save-files
               (recent-auto-save-p)
               (stringp buffer-auto-save-file-name)
               (file-exists-p buffer-auto-save-file-name)
               ;; Auto-saving to the visited file itself: keep that.
               (not (equal buffer-auto-save-file-name buffer-file-name))
               (yes-or-no-p "Delete auto-save file? "))
      (delete-file buffer-auto-save-file-name))))

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
  (files--with-handler name file-name-sans-versions (name keep-backup-version)
    (substring name 0 (unless keep-backup-version
                        (string-match (concat file-name-version-regexp "\\'") name)))))

(defun file-name-with-extension (filename extension)
  "FILENAME with its extension replaced by EXTENSION (a leading dot is
optional).  An empty FILENAME or EXTENSION, or a directory name, is an
error."
  (when (equal filename "")
    (error "Empty filename"))
  (unless (stringp extension)
    (signal 'wrong-type-argument (list 'stringp extension)))
  (let ((suffix (if (string-prefix-p "." extension)
                    (substring extension 1)
                  extension)))
    (when (equal suffix "")
      (error "Malformed extension: %s" extension))
    (when (directory-name-p filename)
      (error "Filename is a directory: %s" filename))
    (concat (file-name-sans-extension filename) "." suffix)))

(defsubst file-name-quoted-p (name &optional _top)
  "Non-nil if NAME starts with \"/:\", which quotes a file name."
  (string-prefix-p "/:" name))

(defsubst file-name-quote (name &optional top)
  "NAME with \"/:\" in front, unless it has it already."
  (if (file-name-quoted-p name top) name (concat "/:" name)))

(defsubst file-name-unquote (name &optional top)
  "NAME without the \"/:\" that quotes it, if it has one (\"/:\" alone
is \"/\")."
  (cond ((not (file-name-quoted-p name top)) (concat name))
        ((= (length name) 2) "/")
        (t (substring name 2))))

;; The handler of quoted file names ("/:" first): each operation runs
;; on the names unquoted, no handler asked again.

(defconst files--non-special-arguments
  '((directory-file-name) (expand-file-name) (file-name-as-directory)
    (file-name-directory) (file-name-sans-versions) (file-remote-p)
    (find-backup-file-name)
    (substitute-in-file-name identity)
    (file-truename quote-result 0)
    (insert-file-contents insert-file-contents 0)
    (verify-visited-file-modtime buffer-of-argument)
    (make-auto-save-file-name buffer-file-name)
    (set-visited-file-modtime buffer-file-name)
    (copy-file nil 0 1) (rename-file nil 0 1) (copy-directory nil 0 1)
    (file-name-completion nil 0 1) (file-name-all-completions nil 0 1)
    (file-equal-p nil 0 1) (file-newer-than-file-p nil 0 1)
    (file-in-directory-p nil 0 1) (make-symbolic-link nil 0 1)
    (add-name-to-file nil 0 1) (write-region nil 2 5)
    (make-process))
  "(OPERATION HOW INDEX...): which arguments of OPERATION are file names
`file-name-non-special' unquotes (the first when OPERATION is not
listed), and HOW it treats the rest: nil plainly, `identity' the first
argument is the value, `quote-result' the value is quoted,
`insert-file-contents' a visited name is quoted again, `buffer-file-name'
and `buffer-of-argument' the buffer's (or the argument buffer's) file
name is unquoted meanwhile.")

(defun file-name-non-special (operation &rest arguments)
  "Do OPERATION on ARGUMENTS, quoted file names (\"/:\" first), as on
the names themselves: no file name handler is asked for them."
  (let* ((inhibit-file-name-handlers
          (cons 'file-name-non-special
                (and (eq inhibit-file-name-operation operation) inhibit-file-name-handlers)))
         (inhibit-file-name-operation operation)
         (default-directory
          (if (memq operation '(insert-directory process-file start-file-process make-process
                                shell-command temporary-file-directory))
              (directory-file-name
               (expand-file-name (unhandled-file-name-directory default-directory)))
            default-directory))
         (entry (assq operation files--non-special-arguments))
         (spec (if entry (cdr entry) '(nil 0)))
         (arguments (copy-sequence arguments)))
    (dolist (index (cdr spec))
      (let ((cell (nthcdr index arguments)))
        (when (stringp (car cell))
          (setcar cell (file-name-unquote (car cell) t)))))
    (pcase (car spec)
      ('identity (car arguments))
      ('quote-result (file-name-quote (apply operation arguments) t))
      ('buffer-file-name
       (let ((buffer-file-name (and buffer-file-name (file-name-unquote buffer-file-name t))))
         (apply operation arguments)))
      ('buffer-of-argument (files--with-unquoted-visited-name (or (car arguments) (current-buffer))
                                                             operation arguments))
      ('insert-file-contents
       (unwind-protect (apply operation arguments)
         (when (and (nth 1 arguments) buffer-file-name)
           (setq buffer-file-name (file-name-quote buffer-file-name t)))))
      (_ (apply operation arguments)))))

(defun files--with-unquoted-visited-name (buffer operation arguments)
  "(OPERATION ARGUMENTS...) while BUFFER's file name is unquoted."
  (let ((name (buffer-local-value 'buffer-file-name buffer)))
    (with-current-buffer buffer
      (setq buffer-file-name (and name (file-name-unquote name t))))
    (unwind-protect (apply operation arguments)
      (with-current-buffer buffer
        (setq buffer-file-name name)))))

;;; File modes in the notation of chmod and ls

(defun files--mode-who-mask (who)
  "The mode bits a chmod WHO string (of u, g, o, a) may change; an empty
WHO is all of them but those the umask takes away."
  (if (equal who "")
      (logior #o7000 (default-file-modes))
    (let ((mask 0))
      (dolist (c (string-to-list who) mask)
        (setq mask (logior mask (pcase c (?u #o4700) (?g #o2070) (?o #o1007) (_ #o7777))))))))

(defun files--mode-copy (mode mask shifts)
  "The bits of MODE under MASK (a class's permissions and its special
bit) added to themselves shifted by each of SHIFTS, as Emacs adds them
when a chmod right copies a class: carries and all."
  (let ((bits (logand mode mask)))
    (apply #'+ bits (mapcar (lambda (shift) (ash bits shift)) shifts))))

(defun files--mode-right (char mode)
  "The mode bits the chmod right CHAR stands for, applied to MODE."
  (pcase char
    (?r #o444) (?w #o222) (?x #o111) (?s #o6000) (?t #o1000)
    (?X (if (zerop (logand mode #o111)) 0 #o111))
    (?u (files--mode-copy mode #o4700 '(-3 -6)))
    (?g (files--mode-copy mode #o2070 '(-3 3)))
    (?o (files--mode-copy mode #o1007 '(3 6)))))

(defun files--mode-clause (clause mode)
  "MODE changed by the chmod CLAUSE, a WHO part then operations."
  (string-match "\\`[ugoa]*" clause)
  (let ((mask (files--mode-who-mask (match-string 0 clause)))
        (ops (substring clause (match-end 0))))
    (while (string-match "\\`\\([-+=]\\)\\([rwxXstugo]*\\)" ops)
      (let ((op (aref (match-string 1 ops) 0))
            (bits 0))
        (dolist (c (string-to-list (match-string 2 ops)))
          (setq bits (logior bits (files--mode-right c mode))))
        (setq bits (logand bits mask)
              mode (pcase op
                     (?+ (logior mode bits))
                     (?- (logand mode (lognot bits)))
                     (_ (logior (logand mode (lognot mask)) bits)))
              ops (substring ops (match-end 0)))))
    mode))

(defun file-modes-symbolic-to-number (modes &optional from)
  "The file mode number the chmod-style MODES make of FROM (default 0):
clauses such as u=rwx,g+w,o-x separated by commas."
  (let ((mode (or from 0))
        (start 0)
        (case-fold-search nil)
        (clause-re "[ugoa]*\\(?:[-+=][rwxXstugo]*\\)+"))
    (save-match-data
      (while (< start (length modes))
        (unless (eq (string-match clause-re modes start) start)
          (error "Parse error in modes near `%s'" (substring modes start)))
        (let ((end (match-end 0)))
          (setq mode (files--mode-clause (substring modes start end) mode))
          (setq start end)
          (cond ((= start (length modes)))
                ((eq (aref modes start) ?,) (setq start (1+ start)))
                (t (error "Parse error in modes near `%s'" (substring modes start)))))))
    mode))

(defun file-modes-number-to-symbolic (mode &optional filetype)
  "MODE as ls shows it, such as \"-rwxr-xr-x\": FILETYPE (a character)
first, else the type MODE's file type bits give."
  (let ((triple (lambda (shift special set unset)
                  (let ((bits (logand (ash mode (- shift)) 7))
                        (on (/= 0 (logand mode special))))
                    (string (if (/= 0 (logand bits 4)) ?r ?-)
                            (if (/= 0 (logand bits 2)) ?w ?-)
                            (cond ((and on (/= 0 (logand bits 1))) set)
                                  (on unset)
                                  ((/= 0 (logand bits 1)) ?x)
                                  (t ?-)))))))
    (concat (string (or filetype
                        (pcase (logand mode #o170000)
                          (#o040000 ?d) (#o120000 ?l) (#o020000 ?c) (#o060000 ?b)
                          (#o010000 ?p) (#o140000 ?s) (_ ?-))))
            (funcall triple 6 #o4000 ?s ?S)
            (funcall triple 3 #o2000 ?s ?S)
            (funcall triple 0 #o1000 ?t ?T))))

(defun insert-directory-wildcard-in-dir-p (dir)
  "When DIR's directory part holds a wildcard (* ? or [) and DIR names
no existing file, (DIRECTORY . WILDCARD): the part before the first
directory with a wildcard, and the rest."
  (save-match-data
    (when (and (string-match-p "[[?*]" (or (file-name-directory dir) ""))
               (not (file-exists-p dir)))
      (if (string-match "\\`\\([^[?*]*/\\)\\([^[?*]*[[?*].*\\)" dir)
          (cons (match-string 1 dir) (match-string 2 dir))
        (cons nil nil)))))

(defun unhandled-file-name-directory (filename)
  "The local directory a program started for FILENAME runs in: FILENAME
as a directory, unless a file name handler says otherwise (nil for
none)."
  (let ((dir (files--with-handler filename unhandled-file-name-directory (filename)
               (file-name-as-directory filename))))
    (and (stringp dir) dir)))

(defun file-remote-p (file &optional identification connected)
  "Whether FILE is on a remote machine: what its file name handler says
(IDENTIFICATION and CONNECTED as Emacs's Tramp takes them), nil when it
has none, marrow reaching no remote machine itself."
  (files--with-handler file file-remote-p (file identification connected)
    nil))

(defun file-local-name (file)
  "FILE's name on its own machine: without the remote part, if any."
  (or (file-remote-p file 'localname) file))

(defun file-local-copy (file)
  "A local copy of the remote FILE its handler makes, or nil for a file
that is local already."
  (files--with-handler file file-local-copy (file)
    nil))

(defun temporary-file-directory ()
  "The directory for temporary files: `temporary-file-directory', unless
`default-directory' has a handler that knows better."
  (files--with-handler default-directory temporary-file-directory ()
    temporary-file-directory))

(defun make-nearby-temp-file (prefix &optional dir-flag suffix)
  "A new temporary file (or directory with DIR-FLAG), as `make-temp-file'
makes one, near `default-directory'."
  (let ((temporary-file-directory (temporary-file-directory)))
    (make-temp-file prefix dir-flag suffix)))

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

(defun files--substitute-variables (name &optional when-undefined)
  "NAME with $$ made $, and $VAR and ${VAR} the value of the environment
variable VAR.  An unset VAR is left as it is when WHEN-UNDEFINED is t,
is the empty string when it is nil, and what it returns given VAR when
it is a function."
  (replace-regexp-in-string
   "\\$\\(?:\\$\\|{\\([^}]*\\)}\\|\\([[:alnum:]_]+\\)\\)"
   (lambda (ref)
     (let ((var (or (match-string 1 ref) (match-string 2 ref))))
       (cond ((null var) "$")
             ((getenv var))
             ((eq when-undefined t) ref)
             ((null when-undefined) "")
             (t (funcall when-undefined var)))))
   name t t))

(defun parse-colon-path (search-path)
  "The directories of SEARCH-PATH, a string of names separated by
`path-separator' in which environment variables are substituted, each
as a directory name; an empty one is nil."
  (when (stringp search-path)
    (mapcar (lambda (dir)
              (unless (equal dir "")
                (replace-regexp-in-string "\\`//+" "/" (file-name-as-directory dir) t t)))
            (split-string (substitute-env-vars search-path) path-separator))))

(defun substitute-in-file-name (filename)
  "FILENAME with environment variables substituted ($VAR, ${VAR}; $$
is $), and everything before the last \"//\" or \"/~\" gone.  A name
quoted with \"/:\" stays as it is."
  (unless (stringp filename)
    (signal 'wrong-type-argument (list 'stringp filename)))
  (let ((name (files--with-handler filename substitute-in-file-name (filename)
                (if (string-prefix-p "/:" filename)
                    filename
                  (files--embedded-absolute
                   (files--substitute-variables (files--embedded-absolute filename) t))))))
    (unless (stringp name)
      (error "Invalid handler in `file-name-handler-alist'"))
    name))

;;; File-local variables

(defvar hack-local-variables-hook nil
  "Normal hook run after a file's local variables are set.")

(dolist (pair '((fill-column . integerp) (tab-width . integerp)
                (indent-tabs-mode . booleanp) (truncate-lines . booleanp)
                (left-margin . integerp) (comment-column . integerp)
                (lexical-binding . booleanp) (case-fold-search . booleanp)
                (sentence-end-double-space . booleanp) (require-final-newline . booleanp)
                (buffer-read-only . booleanp) (byte-compile-warnings . booleanp)
                (no-byte-compile . booleanp) (version-control . symbolp)))
  (put (car pair) 'safe-local-variable (cdr pair)))

(defun safe-local-variable-p (sym val)
  "Non-nil if SYM may be VAL as a file-local variable: the pair is in
`safe-local-variable-values', or SYM's `safe-local-variable' property
is a predicate VAL satisfies."
  (let ((predicate (get sym 'safe-local-variable)))
    (cond ((member (cons sym val) safe-local-variable-values))
          ((functionp predicate)
           ;; A predicate that fails says no, unless debugging.
           (condition-case-unless-debug nil
               (funcall predicate val)
             (error nil))))))

(defconst files--risky-name-endings
  '("-hooks?" "-functions?" "-forms?" "-program" "-commands?" "-predicates?"
    "font-lock-keywords" "font-lock-keywords-[0-9]+"
    "font-lock-syntactic-keywords" "-frame-alist" "-mode-alist" "-map"
    "-map-alist")
  "Regexps for the ends of names of variables that are risky as
file-local ones, holding code or commands.")

(defconst files--risky-name-regexp
  (concat "\\(?:" (mapconcat #'identity files--risky-name-endings "\\|") "\\)$")
  "Matches the name of a variable that `files--risky-name-endings' makes
risky, at the start of the ending.")

(defun risky-local-variable-p (sym &optional _ignored)
  "Non-nil if SYM is risky as a file-local variable: its
`risky-local-variable' property says so, or its name ends as hooks,
functions, forms, programs, commands, predicates, maps and mode
alists do.  An alias is judged as the variable it stands for."
  (let ((variable (condition-case nil
                      (indirect-variable sym)
                    (error sym))))
    (or (get variable 'risky-local-variable)
        (string-match-p files--risky-name-regexp (symbol-name variable)))))

(defun files--read-local-value (text)
  "The Lisp value TEXT, a local variable's value, holds."
  (car (read-from-string text)))

(defun files--prop-line-variables (&optional first-mode)
  "The (VAR . VALUE) pairs of the buffer's -*- line (its first, or its
second after a #! line), in order; a bare mode name counts as mode.
With FIRST-MODE, only its first mode entry, what follows unread."
  (save-excursion
    (goto-char (point-min))
    (when (looking-at "#!") (forward-line 1))
    (let ((eol (line-end-position)) start end)
      (when (and (search-forward "-*-" eol t)
                 (setq start (point))
                 (search-forward "-*-" eol t)
                 (setq end (- (point) 3)))
        (let ((text (string-trim (buffer-substring-no-properties start end))))
          (if (not (string-match-p ":" text))
              (and (> (length text) 0) (list (cons 'mode (intern text))))
            (let ((entries (split-string text ";" t "[ \t]+")) vars)
              (while entries
                (let ((entry (pop entries)))
                  (when (string-match "\\`\\([^:]+\\):[ \t]*\\(.*\\)\\'" entry)
                    (let ((pair (cons (intern (downcase (string-trim (match-string 1 entry))))
                                      (files--read-local-value (match-string 2 entry)))))
                      (when (or (not first-mode) (eq (car pair) 'mode))
                        (push pair vars)
                        (when first-mode (setq entries nil)))))))
              (nreverse vars))))))))

(defun files--local-variables-list (&optional first-mode)
  "The (VAR . VALUE) pairs of the buffer's \"Local Variables:\" list,
near its end, in order; with FIRST-MODE, only its first mode entry, the
lines after that unread.  A list with no \"End:\" line has none."
  (save-excursion
    (goto-char (point-max))
    (search-backward "\f" (max (- (point-max) 3000) (point-min)) 'move)
    (let ((case-fold-search t) vars)
      (when (search-forward "Local Variables:" nil t)
        (let* ((prefix (buffer-substring-no-properties
                        (line-beginning-position) (match-beginning 0)))
               (suffix (string-trim (buffer-substring-no-properties (point) (line-end-position))))
               (done (not (save-excursion
                            (re-search-forward (concat "^" (regexp-quote prefix) "[ \t]*End:")
                                               nil t)))))
          (when done
            (message "Local variables list is not properly terminated"))
          (forward-line 1)
          (while (and (not done) (not (eobp)))
            (let ((line (buffer-substring-no-properties (point) (line-end-position))))
              (unless (string-prefix-p prefix line)
                (error "Local variables entry is missing the prefix"))
              (setq line (string-trim (substring line (length prefix))))
              (when (and (> (length suffix) 0) (string-suffix-p suffix line))
                (setq line (string-trim (substring line 0 (- (length suffix))))))
              (cond ((string-match-p "\\`End:" line) (setq done t))
                    ((string-match "\\`\\([^ \t:]+\\):[ \t]*\\(.*\\)\\'" line)
                     (let ((pair (cons (intern (match-string 1 line))
                                       (files--read-local-value (match-string 2 line)))))
                       (when (or (not first-mode) (eq (car pair) 'mode))
                         (push pair vars)
                         (setq done first-mode))))
                    ((string= line ""))
                    (t (error "Malformed local variable line: %S" line))))
            (forward-line 1))))
      (nreverse vars))))

(defun files--mode-symbol (name)
  "The major mode function a local \"mode:\" entry NAME names."
  (intern (concat (downcase (symbol-name name)) "-mode")))

(defun files--quoted-p (form)
  "Whether FORM is (quote X)."
  (and (eq (car-safe form) 'quote) (consp (cdr form))))

(defun files--constant-argument-p (form)
  "Whether FORM evaluates to itself or is quoted: an argument a function
whose `safe-local-eval-function' property is t may get."
  (or (not (or (symbolp form) (consp form)))
      (memq form '(nil t))
      (keywordp form)
      (files--quoted-p form)))

(defun files--safe-put-p (form)
  "Whether FORM is (put \='SYMBOL \='PROP VALUE) setting an indentation
property to a number or \='defun, or an Edebug spec to a quoted name."
  (and (eq (car form) 'put)
       (files--quoted-p (nth 1 form))
       (files--quoted-p (nth 2 form))
       (let ((property (cadr (nth 2 form))) (value (nth 3 form)))
         (if (eq property 'edebug-form-spec)
             (and (files--quoted-p value) (fboundp 'edebug-basic-spec)
                  (edebug-basic-spec (cadr value)))
           (and (memq property '(lisp-indent-hook lisp-indent-function scheme-indent-function))
                (or (numberp value) (equal value ''defun)))))))

(defun files--safe-eval-call-p (form)
  "Whether FORM calls a mode function with at most a numeric toggle, or
a function its `safe-local-eval-function' property (t, a predicate or
a list of them) allows."
  (let ((check (get (car form) 'safe-local-eval-function)))
    (cond ((and (member (cdr form) '(nil (1) (0) (-1)))
                (string-suffix-p "-mode" (symbol-name (car form)))))
          ((eq check t) (seq-every-p #'files--constant-argument-p (cdr form)))
          ((functionp check) (funcall check form))
          ((consp check) (let ((ok nil))
                           (dolist (predicate check ok)
                             (when (funcall predicate form) (setq ok t))))))))

(defun files--eval-safe-p (form)
  "Whether the \"eval:\" entry FORM may run without asking."
  (or (not (consp form))
      (files--safe-put-p form)
      (member form safe-local-eval-forms)
      (and (symbolp (car form)) (files--safe-eval-call-p form))
      (member (cons 'eval form) safe-local-variable-values)))

(defun hack-local-variables-confirm (_all-vars _unsafe-vars _risky-vars _dir-name)
  "Whether to set ALL-VARS though UNSAFE-VARS and RISKY-VARS are among
them: batch Emacs cannot ask, so no."
  nil)

(defun files--local-variables-filter (variables &optional dir-name)
  "The (VAR . VALUE) pairs of VARIABLES to set, as
`enable-local-variables' and `enable-local-eval' allow; when some are
unsafe or risky, all of them if `hack-local-variables-confirm' agrees."
  (let (all unsafe risky)
    (dolist (pair variables)
      (let ((var (car pair)) (val (cdr pair)))
        (cond ((memq var ignored-local-variables))
              ((eq var 'mode) (push pair all))
              ((eq var 'eval)
               (when enable-local-eval
                 (let ((safe (files--eval-safe-p val)))
                   (when (or safe (not (eq enable-local-variables :safe)))
                     (push pair all)
                     (unless (or safe (eq enable-local-eval t))
                       (push pair unsafe))))))
              ((assq var all))
              ((safe-local-variable-p var val) (push pair all))
              ((eq enable-local-variables :safe))
              (t (push pair all)
                 (if (risky-local-variable-p var) (push pair risky) (push pair unsafe))))))
    (setq all (nreverse all))
    (and all
         (or (memq enable-local-variables '(:all :safe))
             (and (eq enable-local-variables t) (null unsafe) (null risky))
             (hack-local-variables-confirm all (nreverse unsafe) (nreverse risky) dir-name))
         all)))

(defun files--record-local-variable (pair &optional from-file)
  "Put the (VAR . VALUE) PAIR last in `file-local-variables-alist', in
place of an earlier value of VAR (an `eval' form adds to the others).
FROM-FILE: the file's own value, which also takes VAR out of
`dir-local-variables-alist'."
  (let ((adds-up (memq (car pair) '(eval mode))))
    (when (and from-file (not adds-up))
      (setq dir-local-variables-alist (assq-delete-all (car pair) dir-local-variables-alist)))
    (setq file-local-variables-alist
          (append (if adds-up
                      file-local-variables-alist
                    (assq-delete-all (car pair) file-local-variables-alist))
                  (list pair)))))

(defun hack-local-variables-filter (variables dir-name)
  "Add to `file-local-variables-alist' those of the (VAR . VALUE) pairs
VARIABLES that may be set, as `hack-local-variables' would set them."
  (dolist (pair (files--local-variables-filter variables dir-name))
    (files--record-local-variable pair (null dir-name))))

(defun hack-local-variables (&optional handle-mode _inhibit-locals)
  "Set the variables the buffer's text names on its -*- line and in
its \"Local Variables:\" list, as `enable-local-variables' allows (or,
when it is nil, those of `permanently-enabled-local-variables'), and
record them in `file-local-variables-alist'.  A mode entry is obeyed
when HANDLE-MODE is nil, unless the buffer has that mode already; with
HANDLE-MODE t, set nothing and return the major mode the text names
first, if any; with any other HANDLE-MODE mode entries are ignored."
  (if (eq handle-mode t)
      (let ((mode (or (cdr (assq 'mode (files--prop-line-variables t)))
                      (cdr (assq 'mode (files--local-variables-list t))))))
        (and mode (files--mode-symbol mode)))
    (files--hack-local-variables (null handle-mode))))

;;; Directory-local variables

(defun dir-locals-set-class-variables (class variables)
  "Make VARIABLES the specification of CLASS: an alist whose keys are
nil (every mode), a major mode (it and the modes derived from it) or a
subdirectory name (a specification of its own for the files there),
and whose values are (VAR . VALUE) alists."
  (setf (alist-get class dir-locals-class-alist) variables))

(defun dir-locals-get-class-variables (class)
  "The specification of CLASS."
  (cdr (assq class dir-locals-class-alist)))

(defun dir-locals-set-directory-class (directory class &optional mtime)
  "Give the files under DIRECTORY the variables of CLASS; MTIME is when
the file that said so was last changed."
  (let ((dir (file-name-as-directory (expand-file-name directory))))
    (setq dir-locals-directory-cache
          (cons (list dir class mtime)
                (seq-remove (lambda (entry) (equal (car entry) dir))
                            dir-locals-directory-cache)))))

(defun files--dir-locals-files (dir)
  "The dir-locals files present in DIR, the one that overrides last."
  (let ((main (expand-file-name dir-locals-file dir)))
    (seq-filter #'file-readable-p
                (list main (concat (file-name-sans-extension main) "-2.el")))))

(defun dir-locals-find-file (file)
  "Where FILE's directory-local variables come from: the nearest
directory above it holding a dir-locals file (a name), or the cache
entry (DIRECTORY CLASS MTIME) of a class directory nearer still."
  (let* ((file (expand-file-name file))
         (found (locate-dominating-file file #'files--dir-locals-files))
         (cached (seq-find (lambda (entry) (string-prefix-p (car entry) file))
                           (sort (copy-sequence dir-locals-directory-cache)
                                 (lambda (a b) (> (length (car a)) (length (car b))))))))
    (cond ((and cached
                (or (not found)
                    (>= (length (car cached))
                        (length (file-name-as-directory (expand-file-name found))))))
           cached)
          (found (file-name-as-directory (expand-file-name found))))))

(defun files--merge-dir-locals (base override)
  "The specification BASE with OVERRIDE's: an entry for the same key
gets OVERRIDE's pairs after those of BASE it leaves."
  (let ((merged (copy-tree base)))
    (dolist (entry override merged)
      (let ((old (assoc (car entry) merged)))
        (if old
            (setcdr old (append (seq-remove (lambda (pair) (assq (car pair) (cdr entry))) (cdr old))
                                (cdr entry)))
          (setq merged (append merged (list entry))))))))

(defun dir-locals-read-from-dir (dir)
  "Read DIR's dir-locals files into a class named after DIR, give DIR
that class and return it."
  (let* ((dir (file-name-as-directory (expand-file-name dir)))
         (files (files--dir-locals-files dir))
         (class (intern dir))
         (spec nil))
    (dolist (file files)
      (setq spec (files--merge-dir-locals
                  spec (with-temp-buffer
                         (insert-file-contents file)
                         (condition-case nil (read (current-buffer)) (end-of-file nil))))))
    (dir-locals-set-class-variables class spec)
    (dir-locals-set-directory-class
     dir class (and files (file-attribute-modification-time (file-attributes (car (last files))))))
    class))

(defun dir-locals-collect-mode-variables (mode-variables variables)
  "VARIABLES with the (VAR . VALUE) pairs of MODE-VARIABLES: a later
value of a variable replaces an earlier one; `mode' and `eval' entries
add up."
  (dolist (pair mode-variables variables)
    (let ((slot (assq (car pair) variables)))
      (if (and slot (not (memq (car pair) '(mode eval))))
          (setcdr slot (cdr pair))
        (push (cons (car pair) (cdr pair)) variables)))))

(defun files--dir-locals-below (root)
  "The current buffer's file name (or directory) relative to ROOT; nil
when it is not under ROOT."
  (let ((name (expand-file-name (or buffer-file-name default-directory))))
    (and (string-prefix-p root name) (substring name (length root)))))

(defun files--dir-locals-add-entry (entry root variables predicate)
  "VARIABLES with the pairs of ENTRY, (KEY . PAIRS), if KEY is nil or
a mode the buffer's derives from (or PREDICATE accepts KEY); a
\(subdirs . nil) pair among PAIRS keeps them to ROOT itself."
  (let* ((pairs (cdr entry))
         (subdirs (assq 'subdirs pairs))
         (root-only (and subdirs (null (cdr subdirs)))))
    (if (and (if predicate (funcall predicate (car entry))
               (or (null (car entry)) (derived-mode-p (car entry))))
             (or (not root-only) (equal root (expand-file-name default-directory))))
        (dir-locals-collect-mode-variables (remq subdirs pairs) variables)
      variables)))

(defun dir-locals-collect-variables (class-variables root variables &optional predicate)
  "VARIABLES with those of the specification CLASS-VARIABLES of the
directory ROOT that apply to the current buffer: see
`dir-locals-set-class-variables'.  PREDICATE, when given, decides
which non-directory keys apply."
  (let ((below (files--dir-locals-below root)))
    (dolist (entry class-variables variables)
      (setq variables
            (cond ((not (stringp (car entry)))
                   (files--dir-locals-add-entry entry root variables predicate))
                  ((and below (string-prefix-p (car entry) below))
                   (dir-locals-collect-variables (cdr entry) root variables predicate))
                  (t variables))))))

(defun files--dir-local-variables ()
  "The (VAR . VALUE) pairs the directory gives the current buffer, and
the directory, as (VARIABLES . DIRECTORY); nil when none."
  (let ((source (dir-locals-find-file (or buffer-file-name
                                          (expand-file-name "x" default-directory)))))
    (when source
      (let* ((dir (if (consp source) (car source) source))
             (class (if (consp source) (nth 1 source) (dir-locals-read-from-dir dir)))
             (vars (nreverse (dir-locals-collect-variables
                              (dir-locals-get-class-variables class) dir nil))))
        (and vars (cons vars dir))))))

(defun hack-dir-local-variables ()
  "Record in `dir-local-variables-alist' and `file-local-variables-alist'
the variables the buffer's directory gives it, as
`enable-local-variables' allows; `hack-local-variables-apply' sets them."
  (when (and enable-local-variables enable-dir-local-variables)
    (let ((found (files--dir-local-variables)))
      (when found
        (dolist (pair (car found))
          (unless (memq (car pair) '(eval mode))
            (setq dir-local-variables-alist (assq-delete-all (car pair) dir-local-variables-alist)))
          (push pair dir-local-variables-alist))
        (hack-local-variables-filter (seq-remove (lambda (pair) (eq (car pair) 'coding)) (car found))
                                     (cdr found))))))

(defun hack-local-variables-apply ()
  "Set the variables of `file-local-variables-alist' in the buffer."
  (dolist (pair file-local-variables-alist)
    (pcase (car pair)
      ('eval (save-current-buffer (eval (cdr pair) t)))
      ('mode (files--apply-local-mode (cdr pair)))
      (_ (set (make-local-variable (car pair)) (cdr pair))))))

(defun hack-dir-local-variables-non-file-buffer ()
  "Set a buffer's directory-local variables by its `default-directory'."
  (hack-dir-local-variables)
  (hack-local-variables-apply))

(defun files--apply-local-mode (name)
  "Turn on the major mode a local \"mode:\" entry NAME names, unless
the buffer has it already."
  (let* ((mode (files--mode-symbol name))
         (already (eq (indirect-function mode) (indirect-function major-mode))))
    (unless already
      (funcall mode))))

(defun files--hack-local-variables (with-mode)
  "`hack-local-variables' setting variables, and WITH-MODE the mode."
  (let* ((at-end (files--local-variables-list))
         (all (append (files--prop-line-variables) at-end)))
    ;; Loading reads lexical-binding from the first line only.
    (when (assq 'lexical-binding at-end)
      (display-warning 'files (format-message "%s: `lexical-binding' at end of file unreliable"
                                              (file-name-nondirectory (or buffer-file-name ""))))
      (setq all (append (files--prop-line-variables) (assq-delete-all 'lexical-binding at-end))))
    (let* ((ignored (if with-mode '(coding unibyte) '(mode coding unibyte)))
           (candidates (seq-remove (lambda (pair) (memq (car pair) ignored)) all))
           (vars (if enable-local-variables
                     (files--local-variables-filter candidates)
                   (seq-filter (lambda (pair)
                                 (memq (car pair) permanently-enabled-local-variables))
                               candidates))))
      ;; The directory's variables come first: the file's replace them.
      (setq file-local-variables-alist nil)
      (with-demoted-errors "Directory-local variables error: %s"
        (hack-dir-local-variables))
      (dolist (pair vars) (files--record-local-variable pair t))
      (hack-local-variables-apply)
      (run-hooks 'hack-local-variables-hook))))

;;; Reverting and renaming

(defvar revert-buffer-in-progress-p nil "Non-nil while `revert-buffer' runs.")
(defvar before-revert-hook nil "Normal hook run before a file's text is read again.")
(defvar after-revert-hook nil "Normal hook run after a file's text is read again.")

(defun revert-buffer--default (_ignore-auto noconfirm)
  "Read the visited file's text again, asking first unless NOCONFIRM."
  (unless buffer-file-name
    (error "Buffer does not seem to be associated with any file"))
  (when (or noconfirm (yes-or-no-p (format "Revert buffer from file %s? " buffer-file-name)))
    (run-hooks 'before-revert-hook)
    (let ((inhibit-read-only t) (opoint (point)))
      (erase-buffer)
      (insert-file-contents buffer-file-name t)
      (goto-char (min opoint (point-max))))
    (set-buffer-modified-p nil)
    (run-hooks 'after-revert-hook)
    t))

(defun revert-buffer (&optional ignore-auto noconfirm _preserve-modes)
  "Remake the buffer's text: by `revert-buffer-function', by default
from its file."
  (interactive (list (not current-prefix-arg)))
  (let ((revert-buffer-in-progress-p t))
    (funcall (or revert-buffer-function #'revert-buffer--default) ignore-auto noconfirm)))

(defun rename-uniquely ()
  "Rename the buffer to a name no other buffer has, from its own (a
<N> suffix dropped first unless it is the visited file's name)."
  (interactive)
  (save-match-data
    (let ((base (buffer-name)))
      (when (and (string-match "<[0-9]+>\\'" base)
                 (not (and buffer-file-name
                           (string= base (file-name-nondirectory buffer-file-name)))))
        (setq base (substring base 0 (match-beginning 0))))
      (rename-buffer (generate-new-buffer-name base)))))

;;; The working directory and loading by file name

(defun cd-absolute (dir)
  "Make DIR, an absolute name, the default directory."
  (setq dir (file-name-as-directory (expand-file-name dir)))
  (unless (file-directory-p dir)
    (error "%s: no such directory" dir))
  (unless (file-accessible-directory-p dir)
    (error "Cannot cd to %s:  Permission denied" dir))
  (setq default-directory dir))

(defun cd (dir)
  "Make DIR the default directory: a relative DIR is looked for in the
directories of `cd-path'."
  (interactive "DChange default directory: ")
  (let* ((name (substitute-in-file-name dir))
         (bases (cond ((file-name-absolute-p name) (list nil))
                      (cd-path)
                      ((getenv "CDPATH") (parse-colon-path (getenv "CDPATH")))
                      (t (list default-directory))))
         (found nil))
    (while (and bases (not found))
      (let ((candidate (expand-file-name name (pop bases))))
        (when (file-directory-p candidate)
          (setq found candidate))))
    (unless found
      (error "No such directory: %s" dir))
    (cd-absolute found)))

(defun pwd (&optional insert)
  "Show the default directory; with INSERT, insert it at point instead."
  (interactive "P")
  (if insert
      (insert default-directory)
    (message "Directory %s" default-directory)))

(defun load-file (file)
  "Load the Lisp file FILE, by exactly that name."
  (interactive "fLoad file: ")
  (load (expand-file-name file) nil nil t))

(defun load-library (library)
  "Load LIBRARY as `load' finds it along `load-path'."
  (interactive "sLoad library: ")
  (load library))

(defun locate-library (library &optional nosuffix path interactive-call)
  "The file name LIBRARY would load from, along PATH (default
`load-path'), with the load suffixes unless NOSUFFIX; nil if none.
With INTERACTIVE-CALL, also show it."
  (let ((file (locate-file (substitute-in-file-name library)
                           (or path load-path)
                           (if nosuffix load-file-rep-suffixes (get-load-suffixes)))))
    (when interactive-call
      (if file
          (message "Library is file %s" (abbreviate-file-name file))
        (message "No library %s in search path" library)))
    file))

(provide 'files)

;;; files.el ends here
