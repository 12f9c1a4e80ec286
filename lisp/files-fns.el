;;; files-fns.el --- walking and copying directory trees  -*- lexical-binding: t -*-

;; The parts of Emacs's files.el that work on whole trees of files or
;; follow links: `copy-directory', `directory-files-recursively',
;; `file-chase-links' and `locate-dominating-file'.  Emacs preloads
;; them; subr.el autoloads this file.  Every file operation goes
;; through the primitives, so file name handlers see each of them.

(defconst files-fns--link-limit 100
  "How many symbolic links `file-chase-links' follows, with no limit
given, before it takes the chain for a cycle.")

;;;; Following symbolic links

(defun files-fns--strip-parents (dir target)
  "DIR and TARGET once each leading \"../\" of TARGET has taken DIR
one directory up: a cons (DIR . REST)."
  (let ((dir (expand-file-name dir)))
    (while (string-prefix-p "../" target)
      (setq target (substring target 3)
            dir (file-name-directory (directory-file-name dir))))
    (cons dir target)))

(defun files-fns--link-destination (link target)
  "The name the symbolic link LINK, holding TARGET, leads to: TARGET
when it starts at the root, else TARGET read in LINK's directory,
written as that directory is (absolute only when TARGET climbs out
of it with \"../\")."
  (if (string-prefix-p "../" target)
      (let ((place (files-fns--strip-parents
                    (file-name-directory (expand-file-name link)) target)))
        (concat (car place) (cdr place)))
    ;; Unless TARGET climbs, a LINK with no directory part is an error
    ;; here, as it is in Emacs.
    (let ((dir (file-name-as-directory (file-name-directory link))))
      (if (string-prefix-p "/" target) target (concat dir target)))))

(defun file-chase-links (filename &optional limit)
  "The name FILENAME leads to once the symbolic links it names are
followed, one after the other, until a name that is no link; no
directory above is looked at (see `file-truename' for that).  With
LIMIT a number, at most LIMIT links are followed."
  (let ((name filename)
        (followed 0)
        target)
    (while (and (or (null limit) (< followed limit))
                (setq target (file-symlink-p name)))
      (setq followed (1+ followed))
      (when (and (null limit) (> followed files-fns--link-limit))
        (error "Apparent cycle of symbolic links for %s" filename))
      (setq name (files-fns--link-destination name target)))
    name))

;;;; Looking upwards

(defvar locate-dominating-stop-dir-regexp)

(defun files-fns--parent (place)
  "The directory above PLACE, or nil at the top (the root, or \"~/\"
for a name written from the home directory)."
  (let ((up (file-name-directory (directory-file-name place))))
    (unless (equal up place) up)))

(defun locate-dominating-file (file name)
  "The nearest directory, FILE itself or one above it, holding a file
called NAME, as a directory name; nil when none does.  NAME may
instead be a function, asked first with FILE and then with each
directory above it until it returns non-nil.  The search does not
go above the home directory when FILE is under it, nor into what
`locate-dominating-stop-dir-regexp' matches."
  (let ((place (abbreviate-file-name (expand-file-name file)))
        found)
    (while (and place (not found)
                (not (string-match-p locate-dominating-stop-dir-regexp place)))
      (if (if (stringp name)
              (file-exists-p (expand-file-name name place))
            (funcall name place))
          (setq found (file-name-as-directory place))
        (setq place (files-fns--parent place))))
    found))

;;;; Listing a tree

(defun files-fns--descend-p (dir predicate follow-symlinks)
  "Whether `directory-files-recursively' should go into DIR."
  (and (or follow-symlinks (not (file-symlink-p dir)))
       (or (memq predicate '(nil t)) (funcall predicate dir))))

(defun files-fns--subtree (dir regexp include-directories predicate follow-symlinks)
  "What `directory-files-recursively' finds under the subdirectory
DIR, DIR itself last when it is to be listed."
  (let ((inside (and (files-fns--descend-p dir predicate follow-symlinks)
                     (if (eq predicate t)
                         (condition-case nil
                             (directory-files-recursively
                              dir regexp include-directories predicate follow-symlinks)
                           (file-error nil))
                       (directory-files-recursively
                        dir regexp include-directories predicate follow-symlinks)))))
    (if (and include-directories
             (string-match-p regexp (file-name-nondirectory dir)))
        (append inside (list dir))
      inside)))

(defun directory-files-recursively (dir regexp &optional include-directories
                                        predicate follow-symlinks)
  "The files under DIR, at any depth, whose names match REGEXP.
Each directory gives first what its subdirectories hold, each
subdirectory in alphabetical order and, with INCLUDE-DIRECTORIES,
followed by itself when its name matches, then its own files in
alphabetical order.  The names are DIR's followed by the path below
it.

PREDICATE decides which subdirectories are entered: nil means all,
t all but those that cannot be read, and a function is asked with the
subdirectory's name.  Links to directories are entered only with
FOLLOW-SYMLINKS (a cycle of links then never ends)."
  ;; The names come from `file-name-all-completions', as in Emacs: a
  ;; directory's slash takes part in the sorting, and a caller's
  ;; `completion-regexp-list' applies.
  (let ((prefix (file-name-as-directory dir))
        (found nil)
        (files nil))
    (dolist (entry (sort (file-name-all-completions "" dir) #'string<))
      (cond ((member entry '("./" "../")))
            ((directory-name-p entry)
             (setq found (nconc found (files-fns--subtree
                                       (concat prefix (substring entry 0 -1)) regexp
                                       include-directories predicate follow-symlinks))))
            ((string-match-p regexp entry)
             (push (concat prefix entry) files))))
    (nconc found (nreverse files))))

(defun file-equal-p (file1 file2)
  "Non-nil when FILE1 and FILE2 both exist and are the same file, links
followed: as in Emacs 28, when all their attributes are equal."
  (let ((handler (seq-some (lambda (f) (find-file-name-handler f 'file-equal-p))
                           (list file1 file2))))
    (if handler
        (funcall handler 'file-equal-p file1 file2)
      (let ((attributes (mapcar (lambda (f) (file-attributes (file-truename f)))
                                (list file1 file2))))
        (and (car attributes) (equal (car attributes) (cadr attributes)))))))

;;;; Wildcards

(defun wildcard-to-regexp (wildcard)
  "A regexp matching the whole of a file name that the shell wildcard
WILDCARD matches: * and ? match any characters but NUL, [...] (with !
for negation) a set, anything else itself."
  (let ((i 0) (n (length wildcard)) (parts nil))
    (while (< i n)
      (let ((c (aref wildcard i)))
        (cond
         ((eq c ?*) (push "[^\0]*" parts))
         ((eq c ??) (push "[^\0]" parts))
         ;; A set; Emacs looks at the character after [ even at the end.
         ((eq c ?\[)
          (let ((next (aref wildcard (1+ i))))
            (cond
             ((eq next ?\]) (push "\\[" parts))
             (t
              (push "[" parts)
              (setq i (1+ i))
              (cond ((eq next ?!) (push "^" parts) (setq i (1+ i))
                     (when (>= i n) (aref wildcard i)))
                    ((eq next ?^) (push "\0^" parts) (setq i (1+ i))))
              (let ((end (string-search "]" wildcard (min (1+ i) n))))
                (when (and end (eq (aref wildcard i) ?\]))
                  (setq end (string-search "]" wildcard (1+ i))))
                (push (substring wildcard i (if end (1+ end) n)) parts)
                (setq i (1- (if end (1+ end) n))))))))
         ((memq c '(?. ?+ ?$ ?^ ?\\)) (push (string ?\\ c) parts))
         (t (push (string c) parts)))
        (setq i (1+ i))))
    (concat "\\`" (apply #'concat (nreverse parts)) "\\'")))

(defun file-expand-wildcards (pattern &optional full)
  "The file names PATTERN, a shell wildcard pattern (in the directory
part too), matches, in `string<' order within each directory; relative
to `default-directory' as PATTERN is, unless FULL."
  (save-match-data
    (let* ((nondir (file-name-nondirectory pattern))
           (dirpart (file-name-directory pattern))
           (dirs (if (and dirpart (string-match-p "[[*?]" dirpart))
                     (mapcar #'file-name-as-directory
                             (file-expand-wildcards (directory-file-name dirpart)))
                   (list dirpart)))
           (found nil))
      (dolist (dir dirs)
        (when (or (null dir) (file-accessible-directory-p dir))
          (let ((names (seq-remove
                        (lambda (name)
                          (member (file-name-nondirectory name) '("." "..")))
                        (directory-files (or dir ".") full (wildcard-to-regexp nondir)))))
            ;; Each directory's names go before those of the ones before it.
            (setq found (nconc (if (and dir (not full))
                                   (mapcar (lambda (name) (concat dir name)) names)
                                 names)
                               found)))))
      found)))

;;;; Copying a tree

(defvar copy-directory-create-symlink)

(defun file-in-directory-p (file dir)
  "Non-nil when FILE is the directory DIR or somewhere below it, links
followed in both names; nil when DIR is no existing directory."
  (let ((handler (or (find-file-name-handler file 'file-in-directory-p)
                     (find-file-name-handler dir 'file-in-directory-p))))
    (cond (handler (funcall handler 'file-in-directory-p file dir))
          ((file-directory-p dir)
           (string-prefix-p (file-name-as-directory (file-truename dir))
                            (file-name-as-directory (file-truename file)))))))

(defun files-fns--copy-entry (file target keep-time parents)
  "Copies FILE, something inside a directory being copied, to TARGET:
a link as a link, a directory as a tree, a file with its modes."
  (let ((link (file-symlink-p file)))
    (cond (link (make-symbolic-link link target t))
          ((file-directory-p file) (copy-directory file target keep-time parents))
          (t (copy-file file target t keep-time nil t)))))

(defun files-fns--copy-tree (directory newname keep-time parents)
  "Fills the directory NEWNAME with copies of what DIRECTORY holds,
then gives it DIRECTORY's modes (and times, with KEEP-TIME)."
  (dolist (entry (directory-files directory nil directory-files-no-dot-files-regexp))
    (files-fns--copy-entry (expand-file-name entry directory)
                           (expand-file-name entry newname) keep-time parents))
  (set-file-modes newname (file-modes directory))
  (when keep-time
    (set-file-times newname (file-attribute-modification-time (file-attributes directory)))))

(defun files-fns--copy-target (directory newname parents copy-contents)
  "The directory to copy DIRECTORY's contents into, made when needed."
  (cond ((not (directory-name-p newname))
         (make-directory newname parents)
         newname)
        (copy-contents
         (unless (file-directory-p newname)
           (make-directory newname parents))
         newname)
        (t
         (let ((inner (expand-file-name (file-name-nondirectory directory) newname)))
           (make-directory inner parents)
           inner))))

(defun copy-directory (directory newname &optional keep-time parents copy-contents)
  "Copies DIRECTORY and all it holds to NEWNAME, each copy with the
modes of what it copies; with KEEP-TIME, with its modification time
too.  PARENTS makes the missing directories above NEWNAME.

NEWNAME a directory name (ending in a slash) means the copy goes
inside it, under DIRECTORY's name, unless COPY-CONTENTS asks that
DIRECTORY's contents go straight into NEWNAME.  When DIRECTORY is a
symbolic link and `copy-directory-create-symlink' is set, the copy is
a link with the same target."
  (interactive
   (let ((from (read-directory-name "Copy directory: ")))
     (list from (read-file-name (format "Copy directory %s to: " from))
           current-prefix-arg t nil)))
  (when (file-in-directory-p newname directory)
    (error "Cannot copy `%s' into its subdirectory `%s'" directory newname))
  (let* ((from (directory-file-name (expand-file-name directory)))
         (to (expand-file-name newname))
         (handler (or (find-file-name-handler from 'copy-directory)
                      (find-file-name-handler to 'copy-directory))))
    (cond (handler
           (funcall handler 'copy-directory from to keep-time parents copy-contents))
          ((and copy-directory-create-symlink (file-symlink-p from))
           (make-symbolic-link (file-symlink-p from)
                               (if (directory-name-p to)
                                   (expand-file-name (file-name-nondirectory from) to)
                                 to)
                               t))
          (t
           (let ((target (files-fns--copy-target from to parents copy-contents)))
             (files-fns--copy-tree from target keep-time parents))))
    nil))

(provide 'files-fns)
;;; files-fns.el ends here
