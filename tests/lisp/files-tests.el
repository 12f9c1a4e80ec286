;;; files-tests.el --- visiting, saving and listing files  -*- lexical-binding: t -*-

(require 'ert)

(defmacro files-tests--in-dir (spec &rest body)
  "Run BODY with DIR bound to a new directory (a directory name), then
kill the buffers visiting files in it and delete it.  SPEC is DIR or
(DIR PREFIX), PREFIX being `make-temp-file's."
  (declare (indent 1))
  `(let ((,(or (car-safe spec) spec)
          (file-name-as-directory (make-temp-file ,(if (consp spec) (nth 1 spec) "files-tests") t))))
     (unwind-protect (progn ,@body)
       (dolist (buffer (buffer-list))
         (let ((file (buffer-file-name buffer)))
           (when (and file (string-prefix-p ,(or (car-safe spec) spec) file))
             (with-current-buffer buffer (set-buffer-modified-p nil))
             (kill-buffer buffer))))
       (delete-directory ,(or (car-safe spec) spec) t))))

(defun files-tests--contents (file)
  (with-temp-buffer (insert-file-contents file) (buffer-string)))

(ert-deftest files-find-file-noselect-visits ()
  (files-tests--in-dir dir
    (let ((file (expand-file-name "notes.txt" dir)))
      (write-region "héllo\nworld\n" nil file)
      (let ((buffer (find-file-noselect file)))
        (should (equal (buffer-name buffer) "notes.txt"))
        (should (equal (buffer-file-name buffer) file))
        (with-current-buffer buffer
          (should (equal (buffer-string) "héllo\nworld\n"))
          (should (= (point) 1))
          (should-not (buffer-modified-p))
          (should (equal default-directory dir))
          (should (eq major-mode 'text-mode)))
        ;; The same file again is the same buffer, found both ways.
        (should (eq (find-file-noselect (concat dir "./notes.txt")) buffer))
        (should (eq (get-file-buffer file) buffer))
        (should (eq (find-buffer-visiting file) buffer))
        (should (eq (find-file file) buffer))
        (should (eq (current-buffer) buffer))))))

(ert-deftest files-new-file-is-made-by-the-first-save ()
  (files-tests--in-dir dir
    (let* ((file (expand-file-name "new.txt" dir))
           (buffer (find-file-noselect file)))
      (should-not (file-exists-p file))
      (with-current-buffer buffer
        (should (= (buffer-size) 0))
        (should (equal buffer-file-name file))
        ;; Unmodified, but the file is missing: saved all the same.
        (should (null (save-buffer)))
        (should (equal (files-tests--contents file) ""))
        (should (equal (directory-files dir) '("." ".." "new.txt")))
        (insert "x")
        (save-buffer)
        (should-not (buffer-modified-p))
        ;; text-mode asks for a final newline, added in the buffer too.
        (should (equal (files-tests--contents file) "x\n"))
        (should (equal (buffer-string) "x\n"))))))

(ert-deftest files-no-backup-of-temporary-files ()
  (files-tests--in-dir dir
    (let ((file (expand-file-name "a.txt" dir)))
      (write-region "one\n" nil file)
      (with-current-buffer (find-file-noselect file)
        (should backup-inhibited)
        (insert "two\n")
        (save-buffer)
        (should (equal (directory-files dir) '("." ".." "a.txt")))))))

(ert-deftest files-first-save-keeps-a-backup ()
  ;; Emacs makes no backups of files in /tmp: this directory is in HOME.
  (files-tests--in-dir (dir (expand-file-name "files-tests" "~"))
    (let* ((file (expand-file-name "a.txt" dir))
           (saved nil))
      (write-region "one\n" nil file)
      (with-current-buffer (find-file-noselect file)
        (add-hook 'after-save-hook (lambda () (push (buffer-string) saved)) nil t)
        (goto-char (point-max))
        (insert "two\n")
        (save-buffer)
        (insert "three\n")
        (save-buffer)
        (should (equal (files-tests--contents file) "one\ntwo\nthree\n"))
        (should (equal (files-tests--contents (concat file "~")) "one\n"))
        (should (equal saved '("one\ntwo\nthree\n" "one\ntwo\n")))
        (should (equal (directory-files dir) '("." ".." "a.txt" "a.txt~")))))))

(ert-deftest files-write-file-visits-the-new-file ()
  (files-tests--in-dir dir
    (with-current-buffer (find-file-noselect (expand-file-name "a.txt" dir))
      (insert "data\n")
      (write-file (expand-file-name "b.el" dir))
      (should (equal (buffer-name) "b.el"))
      (should (equal buffer-file-name (expand-file-name "b.el" dir)))
      (should-not (buffer-modified-p))
      (should (eq major-mode 'emacs-lisp-mode))
      (should (equal (files-tests--contents (expand-file-name "b.el" dir)) "data\n"))
      (should-not (file-exists-p (expand-file-name "a.txt" dir)))
      (set-visited-file-name nil)
      (should-not buffer-file-name)
      (should-not (buffer-modified-p)))))

(ert-deftest files-insert-file-contents-arguments ()
  (files-tests--in-dir dir
    (let ((file (expand-file-name "a.txt" dir)))
      (write-region "héllo\nworld\n" nil file)
      (with-temp-buffer
        (should (equal (insert-file-contents file t) (list file 12)))
        (should (equal buffer-file-name file))
        (should-not (buffer-modified-p)))
      ;; BEG and END count bytes; point stays before the text.
      (with-temp-buffer
        (insert "xy")
        (goto-char 2)
        (should (equal (insert-file-contents file nil 0 3) (list file 2)))
        (should (equal (buffer-string) "xhéy"))
        (should (= (point) 2)))
      (with-temp-buffer
        (insert "old")
        (insert-file-contents file nil 7 nil t)
        (should (equal (buffer-string) "world\n")))
      (with-temp-buffer
        (should (equal (should-error (insert-file-contents file t 0 3))
                       '(error "Attempt to visit less than an entire file")))
        (should-error (insert-file-contents file nil 1.5) :type 'wrong-type-argument))
      ;; Visiting a missing file still visits it, then signals.
      (with-temp-buffer
        (should-error (insert-file-contents (expand-file-name "nope" dir) t) :type 'file-missing)
        (should (equal buffer-file-name (expand-file-name "nope" dir))))
      (with-temp-buffer
        (insert-file-contents-literally file)
        (should (= (buffer-size) 13))
        (should (equal (buffer-substring 2 4) (string-to-multibyte "\303\251")))))))

(ert-deftest files-write-region-arguments ()
  (files-tests--in-dir dir
    (let ((file (expand-file-name "w.txt" dir)))
      (with-temp-buffer
        (insert "abc")
        (write-region nil nil file nil t)
        (should (equal buffer-file-name file))
        (should-not (buffer-modified-p)))
      (write-region "XY" nil file 1)      ; at byte 1, in place
      (write-region "Z" nil file t)       ; at the end
      (should (equal (files-tests--contents file) "aXYZ"))
      (should (equal (should-error (write-region "q" nil file nil nil nil 'excl))
                     (list 'file-already-exists "File exists" file))))))

(ert-deftest files-directory-files ()
  (files-tests--in-dir dir
    (dolist (name '("b" "a.el" "c.el"))
      (write-region "" nil (expand-file-name name dir)))
    (should (equal (directory-files dir) '("." ".." "a.el" "b" "c.el")))
    (should (equal (directory-files dir nil "\\.el\\'") '("a.el" "c.el")))
    (should (equal (directory-files dir t "^a") (list (concat dir "a.el"))))
    (should (equal (directory-files (directory-file-name dir) t "^b")
                   (list (concat dir "b"))))
    (should (= (length (directory-files dir nil nil nil 2)) 2))
    (should (equal (sort (directory-files dir nil "^[^.]" t) #'string<) '("a.el" "b" "c.el")))
    (should-error (directory-files (expand-file-name "nope" dir)) :type 'file-missing)
    (should-error (directory-files (expand-file-name "b" dir)) :type 'file-error)
    (should-error (directory-files dir nil "\\(") :type 'invalid-regexp)))

(ert-deftest files-rename-links-and-names ()
  (files-tests--in-dir dir
    (let ((default-directory dir))
      (write-region "1" nil "r1")
      (write-region "2" nil "r2")
      (make-directory "d")
      (should (equal (should-error (rename-file "r1" "r2"))
                     (list 'file-already-exists "File already exists" (concat dir "r2"))))
      (rename-file "r1" "r3")
      (should (equal (list (file-exists-p "r1") (file-exists-p "r3")) '(nil t)))
      (rename-file "r3" "r2" t)
      (should (equal (files-tests--contents "r2") "1"))
      (rename-file "r2" "d/")             ; into the directory
      (should (file-exists-p "d/r2"))
      (should (eq (car (should-error (rename-file "nope" "x"))) 'file-missing))
      (make-symbolic-link "d/r2" "link")
      (should (equal (should-error (make-symbolic-link "d/r2" "link"))
                     (list 'file-already-exists "File already exists" (concat dir "link"))))
      (make-symbolic-link "d" "link" t)
      (should (equal (file-symlink-p "link") "d"))
      (should (equal (files-tests--contents "link/r2") "1"))
      (should-not (file-symlink-p "d"))
      (should (equal (file-truename "link/r2") (concat (file-truename dir) "d/r2")))
      (should (equal (file-truename "nope/x") (concat (file-truename dir) "nope/x")))
      ;; A relative directory is relative to default-directory.
      (should (equal (expand-file-name "x" "d") (concat dir "d/x")))
      (should (equal (expand-file-name "x" "d/../e/") (concat dir "e/x")))))
  (should (equal (abbreviate-file-name (expand-file-name "x/y" "~")) "~/x/y"))
  (should (equal (abbreviate-file-name "/nonexistent-files-tests/y") "/nonexistent-files-tests/y"))
  (should (directory-name-p "a/"))
  (should-not (directory-name-p "a"))
  (should (null (delete-directory "/nonexistent-files-tests/" t)))
  (should-error (delete-directory "/nonexistent-files-tests/") :type 'file-missing))

;;; files-tests.el ends here

(defun files-tests--visit (dir &rest files)
  "Visit each of FILES under DIR (making its directory); return the
buffers' names after the last visit, in the order of FILES."
  (mapcar #'buffer-name
          (mapcar (lambda (file)
                    (let ((file (expand-file-name file dir)))
                      (make-directory (file-name-directory file) t)
                      (find-file-noselect file)))
                  files)))

(ert-deftest files-uniquify-tells-buffers-apart-by-directory ()
  (files-tests--in-dir dir
    (should (equal (files-tests--visit dir "a/f.txt") '("f.txt")))
    (should (equal (files-tests--visit dir "b/f.txt") '("f.txt<b>")))
    (should (get-buffer "f.txt<a>"))
    ;; The shortest distinguishing directories, and never the
    ;; directories all of them share.
    (should (equal (files-tests--visit dir "p/q/a/g" "r/q/a/g" "s/g")
                   '("g<p/q/a>" "g<r/q/a>" "g<s>")))
    (kill-buffer "g<s>")
    (should (get-buffer "g<p>"))
    (should (get-buffer "g<r>"))))

(ert-deftest files-uniquify-after-kill-and-rename ()
  (files-tests--in-dir dir
    (files-tests--visit dir "a/f.txt" "b/f.txt" "c/f.txt")
    (kill-buffer "f.txt<c>")
    (should (get-buffer "f.txt<a>"))
    ;; A buffer renamed by hand leaves the group.
    (with-current-buffer "f.txt<a>" (rename-buffer "mine"))
    (should (get-buffer "f.txt"))
    (should (equal (buffer-file-name (get-buffer "f.txt"))
                   (expand-file-name "b/f.txt" dir)))
    (kill-buffer "mine")
    (should (get-buffer "f.txt"))))

(ert-deftest files-uniquify-other-buffers-and-styles ()
  (files-tests--in-dir dir
    (let ((other (get-buffer-create "h.el")))
      (unwind-protect
          ;; A buffer of the same name visiting no file: the file's gets
          ;; its directory.
          (should (equal (files-tests--visit dir "a/h.el") '("h.el<a>")))
        (kill-buffer other))
      (should (get-buffer "h.el<a>")))
    (let ((uniquify-buffer-name-style 'forward))
      (should (equal (files-tests--visit dir "x/k" "y/k") '("x/k" "y/k"))))
    (let ((uniquify-buffer-name-style 'post-forward))
      (should (equal (files-tests--visit dir "x/m" "y/m") '("m|x" "m|y"))))
    (let ((uniquify-buffer-name-style 'reverse))
      (should (equal (files-tests--visit dir "x/n" "y/n") '("n\\x" "n\\y"))))
    (let ((uniquify-buffer-name-style nil))
      (should (equal (files-tests--visit dir "x/o" "y/o") '("o" "o<2>"))))))
