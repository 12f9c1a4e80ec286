;;; dir-locals-tests.el --- directory-local variables  -*- lexical-binding: t -*-

;; Expectations read off GNU Emacs 28; the file passes there too.

(require 'ert)

(defvar dlt--root nil "The directory tree of the test being run.")

(defun dlt--write (name text)
  (let ((file (expand-file-name name dlt--root)))
    (make-directory (file-name-directory file) t)
    (with-temp-file file (insert text))))

(defmacro dlt--with-tree (files &rest body)
  "BODY in a fresh tree holding FILES, (NAME . TEXT) pairs."
  (declare (indent 1))
  `(let ((dlt--root (file-name-as-directory (make-temp-file "dlt" t)))
         (dir-locals-directory-cache nil)
         (dir-locals-class-alist nil))
     (unwind-protect
         (progn (dolist (f ,files) (dlt--write (car f) (cdr f))) ,@body)
       (delete-directory dlt--root t))))

(defun dlt--visit (name)
  "(MODE FILL-COLUMN TAB-WIDTH INDENT-TABS-MODE COMMENT-COLUMN
DIR-LOCAL-NAMES FILE-LOCAL-NAMES) of visiting NAME."
  (with-current-buffer (find-file-noselect (expand-file-name name dlt--root))
    (prog1 (list major-mode fill-column tab-width indent-tabs-mode comment-column
                 (sort (mapcar #'car dir-local-variables-alist) #'string<)
                 (mapcar #'car file-local-variables-alist))
      (kill-buffer))))

(defconst dlt--tree
  '((".dir-locals.el" . "((nil . ((fill-column . 42)))
 (text-mode . ((tab-width . 3)))
 (emacs-lisp-mode . ((tab-width . 5) (indent-tabs-mode . nil)))
 (\"sub\" . ((nil . ((fill-column . 50) (comment-column . 11))))))")
    (".dir-locals-2.el" . "((nil . ((comment-column . 22))))")
    ("only/.dir-locals.el" . "((nil . ((subdirs . nil) (fill-column . 17))))")
    ("only/z.txt" . "z\n") ("only/inner/w.txt" . "w\n")
    ("a.txt" . "a\n") ("b.el" . "(b)\n") ("sub/c.txt" . "c\n") ("sub/deeper/d.txt" . "d\n")
    ("e.txt" . "e\n\n;; Local Variables:\n;; fill-column: 60\n;; End:\n")))

(ert-deftest dir-locals-by-mode-subdirectory-and-second-file ()
  (dlt--with-tree dlt--tree
    (should (equal (dlt--visit "a.txt")
                   '(text-mode 42 3 t 22 (comment-column fill-column tab-width)
                               (fill-column comment-column tab-width))))
    (should (equal (dlt--visit "b.el")
                   '(emacs-lisp-mode 42 5 nil 22
                                     (comment-column fill-column indent-tabs-mode tab-width)
                                     (fill-column comment-column tab-width indent-tabs-mode))))
    (should (equal (dlt--visit "sub/deeper/d.txt")
                   '(text-mode 50 3 t 11 (comment-column fill-column tab-width)
                               (fill-column comment-column tab-width))))
    ;; The file's own value wins, and leaves the directory's list.
    (should (equal (dlt--visit "e.txt")
                   '(text-mode 60 3 t 22 (comment-column tab-width)
                               (comment-column tab-width fill-column))))
    ;; The nearest file decides; (subdirs . nil) keeps an entry to its
    ;; own directory.
    (should (equal (nth 1 (dlt--visit "only/z.txt")) 17))
    (should (equal (dlt--visit "only/inner/w.txt") (list 'text-mode 70 8 t 32 nil nil)))
    (let ((enable-dir-local-variables nil))
      (should (equal (nth 1 (dlt--visit "a.txt")) 70)))))

(ert-deftest dir-locals-classes-and-buffers-without-files ()
  (dlt--with-tree dlt--tree
    (dir-locals-set-class-variables 'dlt-class '((nil . ((fill-column . 33)))))
    (dir-locals-set-directory-class (expand-file-name "sub" dlt--root) 'dlt-class)
    (should (equal (dir-locals-get-class-variables 'dlt-class) '((nil (fill-column . 33)))))
    (should (equal (dir-locals-find-file (expand-file-name "sub/c.txt" dlt--root))
                   (list (expand-file-name "sub/" dlt--root) 'dlt-class nil)))
    (should (equal (dir-locals-find-file (expand-file-name "a.txt" dlt--root)) dlt--root))
    (should (equal (nth 1 (dlt--visit "sub/c.txt")) 33))
    (with-temp-buffer
      (setq default-directory dlt--root)
      (hack-dir-local-variables-non-file-buffer)
      (should (= fill-column 42))
      (should (local-variable-p 'fill-column)))))

(ert-deftest dir-locals-unsafe-values-need-consent ()
  ;; Batch Emacs cannot ask: with an unsafe variable or eval form among
  ;; them, none is set, unless `enable-local-variables' is :all.
  (dlt--with-tree '((".dir-locals.el" . "((nil . ((fill-column . 42) (dlt-unsafe . 7) (eval . (setq-local dlt-evaled 1)))))")
                    ("a.txt" . "a\n"))
    (let ((enable-local-eval t))
      (should (equal (dlt--visit "a.txt")
                     '(text-mode 70 8 t 32 (dlt-unsafe eval fill-column) nil)))
      (let ((enable-local-variables :all))
        (with-current-buffer (find-file-noselect (expand-file-name "a.txt" dlt--root))
          (should (= fill-column 42))
          (should (= (symbol-value 'dlt-unsafe) 7))
          (should (= (symbol-value 'dlt-evaled) 1))
          (kill-buffer))))))

;;; dir-locals-tests.el ends here
