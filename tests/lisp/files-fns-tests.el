;;; files-fns-tests.el --- copying, linking, completing file names  -*- lexical-binding: t -*-

;; Expected values were read off GNU Emacs 28 running the same forms.

(require 'ert)

(defmacro files-fns-tests--in-temp (&rest body)
  "Runs BODY with `default-directory' a new empty directory, removed after."
  (declare (indent 0))
  (let ((dir (make-symbol "dir")))
    `(let* ((,dir (make-temp-file "files-fns" t))
            (default-directory (file-name-as-directory ,dir)))
       (unwind-protect (progn ,@body)
         (delete-directory ,dir t)))))

(defun files-fns-tests--write (file text)
  (write-region text nil file nil 0))

(defun files-fns-tests--read (file)
  (with-temp-buffer (insert-file-contents file) (buffer-string)))

(defun files-fns-tests--error (thunk)
  "The error THUNK signals, with `default-directory' shown as D."
  (condition-case err (progn (funcall thunk) nil)
    (error (mapcar (lambda (x)
                     (if (stringp x)
                         (replace-regexp-in-string
                          (regexp-quote (directory-file-name default-directory)) "D" x t t)
                       x))
                   err))))

;;;; copy-file and add-name-to-file

(ert-deftest files-fns-copy-file-basics ()
  (files-fns-tests--in-temp
    (files-fns-tests--write "a" "hello")
    (make-directory "sub")
    (should (null (copy-file "a" "b")))
    (should (equal (files-fns-tests--read "b") "hello"))
    (should (equal (files-fns-tests--error (lambda () (copy-file "a" "b")))
                   '(file-already-exists "File already exists" "D/b")))
    (files-fns-tests--write "c" "a much longer text")
    (copy-file "a" "c" t)
    (should (equal (files-fns-tests--read "c") "hello"))
    (copy-file "a" "sub/")
    (should (equal (files-fns-tests--read "sub/a") "hello"))
    (should (equal (files-fns-tests--error (lambda () (copy-file "a" "sub")))
                   '(file-already-exists "File already exists" "D/sub")))))

(ert-deftest files-fns-copy-file-errors ()
  (files-fns-tests--in-temp
    (files-fns-tests--write "a" "x")
    (make-directory "sub")
    (should (equal (files-fns-tests--error (lambda () (copy-file "nope" "c")))
                   '(file-missing "Opening input file" "No such file or directory" "D/nope")))
    (should (equal (files-fns-tests--error (lambda () (copy-file "a" "nodir/x")))
                   '(file-missing "Opening output file" "No such file or directory" "D/nodir/x")))
    (should (equal (files-fns-tests--error (lambda () (copy-file "a" "nodir/")))
                   '(file-missing "Opening output file" "No such file or directory" "D/nodir/a")))
    (should (equal (files-fns-tests--error (lambda () (copy-file "sub" "c")))
                   '(file-error "Non-regular file" "Is a directory" "D/sub")))
    (should (equal (files-fns-tests--error (lambda () (copy-file "a" "a" t)))
                   '(file-error "Input and output files are the same" "Success" "D/a" "D/a")))
    (should (equal (files-fns-tests--read "a") "x"))
    (should (equal (files-fns-tests--error (lambda () (copy-file "a" 'x)))
                   '(wrong-type-argument stringp x)))
    (make-symbolic-link "dangling" "dl")
    (should (equal (files-fns-tests--error (lambda () (copy-file "dl" "c")))
                   '(file-missing "Opening input file" "No such file or directory" "D/dl")))
    (should (equal (files-fns-tests--error (lambda () (copy-file "a" "dl" t)))
                   '(file-missing "Opening output file" "No such file or directory" "D/dl")))))

(ert-deftest files-fns-copy-file-modes-and-times ()
  (files-fns-tests--in-temp
    (let ((umask (default-file-modes)))
      (unwind-protect
          (progn
            (set-default-file-modes #o755)
            (files-fns-tests--write "a" "abc")
            (files-fns-tests--write "b" "longer text")
            (set-file-modes "a" #o751)
            (set-file-modes "b" #o600)
            (copy-file "a" "b" t)
            ;; An existing file keeps its modes.
            (should (equal (file-modes "b") #o600))
            (set-default-file-modes #o700)
            (copy-file "a" "c")
            (should (equal (file-modes "c") #o700))
            (copy-file "a" "e" nil nil nil t)
            (should (equal (file-modes "e") #o751))
            (copy-file "a" "b" t nil nil t)
            (should (equal (file-modes "b") #o751))
            (set-file-times "a" '(1000 0))
            (copy-file "a" "f" nil t)
            (should (equal (file-attribute-modification-time (file-attributes "f"))
                           '(1000 0 0 0))))
        (set-default-file-modes umask)))))

(ert-deftest files-fns-copy-file-quoted-names ()
  (files-fns-tests--in-temp
    (files-fns-tests--write "a" "q")
    (copy-file (concat "/:" default-directory "a") (concat "/:" default-directory "b"))
    (should (equal (files-fns-tests--read "b") "q"))))

(ert-deftest files-fns-add-name-to-file ()
  (files-fns-tests--in-temp
    (files-fns-tests--write "a" "x")
    (make-directory "sub")
    (should (null (add-name-to-file "a" "h")))
    (should (equal (file-attribute-link-number (file-attributes "a")) 2))
    (should (equal (files-fns-tests--error (lambda () (add-name-to-file "a" "h")))
                   '(file-already-exists "File already exists" "D/h")))
    (should (null (add-name-to-file "a" "h" t)))
    (should (equal (files-fns-tests--error (lambda () (add-name-to-file "nope" "h2")))
                   '(file-missing "Adding new name" "No such file or directory" "D/nope" "D/h2")))
    (add-name-to-file "a" "sub/")
    (should (equal (files-fns-tests--read "sub/a") "x"))))

;;;; Completion

(defun files-fns-tests--tree (files dirs)
  (dolist (f files) (files-fns-tests--write f ""))
  (dolist (d dirs) (make-directory d)))

(ert-deftest files-fns-all-completions ()
  (files-fns-tests--in-temp
    (files-fns-tests--tree '("foo.el" "foo.elc" "foobar.txt" "Foo.c" "bar" "fo")
                           '("food" "fob"))
    (should (equal (sort (file-name-all-completions "fo" default-directory) #'string<)
                   '("fo" "fob/" "foo.el" "foo.elc" "foobar.txt" "food/")))
    (should (equal (sort (file-name-all-completions "" "food") #'string<) '("../" "./")))
    (should (equal (file-name-all-completions "food" default-directory) '("food/")))
    (should (null (file-name-all-completions "zz" default-directory)))
    (should (equal (let ((completion-ignore-case t))
                     (sort (file-name-all-completions "F" default-directory) #'string<))
                   '("Foo.c" "fo" "fob/" "foo.el" "foo.elc" "foobar.txt" "food/")))
    (should (equal (let ((completion-regexp-list '("bar")))
                     (file-name-all-completions "fo" default-directory))
                   '("foobar.txt")))
    (should (equal (files-fns-tests--error
                    (lambda () (file-name-all-completions "fo" "nodir")))
                   '(file-missing "Opening directory" "No such file or directory" "D/nodir")))))

(ert-deftest files-fns-completion ()
  (files-fns-tests--in-temp
    (files-fns-tests--tree '("foo.el" "foo.elc" "foobar.txt" "Foo.c" "bar" "baz.o"
                             "fo" "x~" "x.txt")
                           '("food" "fob" "x.d"))
    (let ((dir default-directory))
      (should (equal (file-name-completion "fo" dir) "fo"))
      (should (equal (file-name-completion "foo" dir) "foo"))
      (should (equal (file-name-completion "foo." dir) "foo.el"))
      (should (eq (file-name-completion "foo.el" dir) t))
      (should (equal (file-name-completion "fob" dir) "fob/"))
      (should (equal (file-name-completion "ba" dir) "bar"))
      (should (eq (file-name-completion "bar" dir) t))
      (should (null (file-name-completion "zz" dir)))
      (should (equal (file-name-completion "x" dir) "x."))
      (should (equal (file-name-completion "." dir) "."))
      (should (equal (file-name-completion ".." dir) "../"))
      (should (equal (file-name-completion "" dir) ""))
      (should (equal (file-name-completion "fo" dir #'file-directory-p) "fo"))
      (should (null (file-name-completion "ba" dir (lambda (f) (equal f "baz.o")))))
      (let ((completion-ignored-extensions '(".txt" "d/")))
        (should (equal (file-name-completion "foo" dir) "foo.el"))
        (should (equal (file-name-completion "x" dir) "x~")))
      (let ((completion-ignored-extensions '(".el" ".elc")))
        (should (equal (file-name-completion "foo." dir) "foo.el"))
        (should (eq (file-name-completion "foo.el" dir) t)))
      (let ((completion-ignore-case t))
        (should (equal (file-name-completion "F" dir) "fo"))
        (should (equal (file-name-completion "fOOb" dir) "foobar.txt"))
        (should (equal (file-name-completion "foo.EL" dir) "foo.el"))))))

(ert-deftest files-fns-completion-predicate-directory ()
  (files-fns-tests--in-temp
    (files-fns-tests--tree '("ab" "ac") '())
    (let ((dir (directory-file-name default-directory))
          seen)
      (file-name-completion "a" dir (lambda (f) (push (cons f default-directory) seen) t))
      (should (equal (sort seen (lambda (x y) (string< (car x) (car y))))
                     (list (cons "ab" dir) (cons "ac" dir)))))))

(ert-deftest files-fns-completion-dots-only-as-a-last-resort ()
  (files-fns-tests--in-temp
    (files-fns-tests--tree '(".x" "..y") '())
    (should (equal (file-name-completion "" default-directory) "."))
    (should (equal (file-name-completion ".." default-directory) "..y"))
    (let ((completion-ignored-extensions '("y")))
      (should (equal (file-name-completion ".." default-directory) "..")))))

;;;; Listings and queries

(ert-deftest files-fns-directory-files-and-attributes ()
  (files-fns-tests--in-temp
    (files-fns-tests--tree '("abc" "Abd" "q.o" "q.oo") '("adir"))
    (let ((all (directory-files-and-attributes default-directory)))
      (should (equal (mapcar #'car all) '("." ".." "Abd" "abc" "adir" "q.o" "q.oo")))
      (should (equal (file-attribute-type (cdr (assoc "adir" all))) t))
      (should (equal (file-attribute-size (cdr (assoc "abc" all))) 0)))
    (should (equal (mapcar #'car (directory-files-and-attributes default-directory t "b"))
                   (list (expand-file-name "Abd") (expand-file-name "abc"))))
    (should (equal (length (directory-files-and-attributes default-directory nil "q" nil nil 1)) 1))
    (should (null (directory-files-and-attributes default-directory nil nil nil nil 0)))
    (should (equal (files-fns-tests--error
                    (lambda () (directory-files-and-attributes default-directory nil nil nil nil -1)))
                   '(wrong-type-argument wholenump -1)))
    (should (equal (files-fns-tests--error (lambda () (directory-files-and-attributes "nodir")))
                   '(file-missing "Opening directory" "No such file or directory" "D/nodir")))))

(ert-deftest files-fns-directory-files-match-case ()
  (files-fns-tests--in-temp
    (files-fns-tests--tree '("abc" "ABE") '())
    (let ((case-fold-search t))
      (should (equal (directory-files default-directory nil "b") '("abc"))))))

(ert-deftest files-fns-small-queries ()
  (files-fns-tests--in-temp
    (files-fns-tests--write "a" "")
    (should (null (access-file "a" "Reading")))
    (should (equal (files-fns-tests--error (lambda () (access-file "nope" "Reading")))
                   '(file-missing "Reading" "No such file or directory" "nope")))
    (should (equal (files-fns-tests--error (lambda () (access-file "a/x" "Opening")))
                   '(file-error "Opening" "Not a directory" "a/x")))
    (should (null (file-name-case-insensitive-p "a")))
    (should (equal (file-selinux-context "a") '(nil nil nil nil)))
    (should (null (set-file-selinux-context "a" '(nil nil nil nil))))
    (should (null (set-file-acl "a" nil)))
    (should (null (file-acl "nope")))
    (let ((info (file-system-info "a")))
      (should (= (length info) 3))
      (should (cl-every #'natnump info))
      (should (>= (nth 0 info) (nth 1 info))))
    (should (null (file-system-info "nope/x")))
    (should (equal (files-fns-tests--error (lambda () (file-system-info 3)))
                   '(wrong-type-argument stringp 3)))))

(ert-deftest files-fns-no-acl-support ()
  ;; marrow has no ACL support: file-acl answers as Emacs built without.
  (skip-unless (boundp 'marrow-collector))
  (files-fns-tests--in-temp
    (files-fns-tests--write "a" "")
    (should (null (file-acl "a")))))

;;;; The Lisp functions

(defun files-fns-tests--sample ()
  (make-directory "src/a/b" t)
  (make-directory "src/empty")
  (files-fns-tests--write "src/f1" "one")
  (files-fns-tests--write "src/a/f2" "two")
  (files-fns-tests--write "src/a/b/f3.el" "three")
  (set-file-modes "src/a/f2" #o600)
  (set-file-modes "src/a" #o750)
  (make-symbolic-link "f1" "src/lnf")
  (make-symbolic-link "a" "src/lnd")
  (make-symbolic-link "nowhere" "src/dang"))

(ert-deftest files-fns-directory-files-recursively ()
  (files-fns-tests--in-temp
    (files-fns-tests--sample)
    (should (equal (directory-files-recursively "src" "")
                   '("src/a/b/f3.el" "src/a/f2" "src/dang" "src/f1" "src/lnf")))
    (should (equal (directory-files-recursively "src" "" t)
                   '("src/a/b/f3.el" "src/a/b" "src/a/f2" "src/a" "src/empty" "src/lnd"
                     "src/dang" "src/f1" "src/lnf")))
    (should (equal (directory-files-recursively "src" "" t nil t)
                   '("src/a/b/f3.el" "src/a/b" "src/a/f2" "src/a" "src/empty"
                     "src/lnd/b/f3.el" "src/lnd/b" "src/lnd/f2" "src/lnd"
                     "src/dang" "src/f1" "src/lnf")))
    (should (equal (directory-files-recursively "src" "\\.el\\'") '("src/a/b/f3.el")))
    (should (equal (directory-files-recursively "src" "^[ab]$" t) '("src/a/b" "src/a")))
    (let (asked)
      (should (equal (directory-files-recursively
                      "src" "" t (lambda (d) (push d asked) (not (string-suffix-p "/a" d))))
                     '("src/a" "src/empty" "src/lnd" "src/dang" "src/f1" "src/lnf")))
      (should (equal asked '("src/empty" "src/a"))))
    (should (equal (files-fns-tests--error (lambda () (directory-files-recursively "nodir" "")))
                   '(file-missing "Opening directory" "No such file or directory" "D/nodir")))
    (should (equal (files-fns-tests--error (lambda () (directory-files-recursively "src/f1" "")))
                   '(file-error "Opening directory" "Not a directory" "D/src/f1")))))

(ert-deftest files-fns-directory-files-recursively-order ()
  ;; A directory's name sorts with its slash, and a caller's
  ;; completion-regexp-list applies, as in Emacs.
  (files-fns-tests--in-temp
    (make-directory "a")
    (make-directory "a.b")
    (files-fns-tests--write "a/x" "")
    (files-fns-tests--write "a.b/y" "")
    (files-fns-tests--write "f" "")
    (should (equal (directory-files-recursively "." "" t)
                   '("./a.b/y" "./a.b" "./a/x" "./a" "./f")))
    (should (null (let ((completion-regexp-list '("x")))
                    (directory-files-recursively "." "" t))))))

(defun files-fns-tests--shape (dir)
  (mapcar (lambda (f)
            (let ((a (file-attributes f)))
              (list (file-relative-name f dir) (file-attribute-type a) (file-attribute-modes a)
                    (and (file-regular-p f) (not (file-symlink-p f))
                         (files-fns-tests--read f)))))
          (directory-files-recursively dir "" t)))

(ert-deftest files-fns-copy-directory ()
  (files-fns-tests--in-temp
    (files-fns-tests--sample)
    (should (null (copy-directory "src" "dst")))
    (should (equal (files-fns-tests--shape "dst")
                   '(("a/b/f3.el" nil "-rw-r--r--" "three") ("a/b" t "drwxr-xr-x" nil)
                     ("a/f2" nil "-rw-------" "two") ("a" t "drwxr-x---" nil)
                     ("empty" t "drwxr-xr-x" nil) ("lnd" "a" "lrwxrwxrwx" nil)
                     ("dang" "nowhere" "lrwxrwxrwx" nil) ("f1" nil "-rw-r--r--" "one")
                     ("lnf" "f1" "lrwxrwxrwx" nil))))
    (should (equal (files-fns-tests--error (lambda () (copy-directory "src" "dst")))
                   '(file-already-exists "File exists" "D/dst")))
    (copy-directory "src" "dst/")
    (should (file-directory-p "dst/src/a/b"))
    (should (equal (files-fns-tests--error (lambda () (copy-directory "src" "dst2/")))
                   '(file-missing "Creating directory" "No such file or directory" "D/dst2/src")))
    (copy-directory "src" "x/y/z" nil t)
    (should (equal (directory-files "x/y/z" nil "f") '("f1" "lnf")))
    (make-directory "into")
    (copy-directory "src" "into/" nil nil t)
    (should (equal (directory-files "into") '("." ".." "a" "dang" "empty" "f1" "lnd" "lnf")))
    (should (equal (files-fns-tests--error (lambda () (copy-directory "src" "into/" nil nil t)))
                   '(file-already-exists "File exists" "D/into/a")))))

(ert-deftest files-fns-copy-directory-special-cases ()
  (files-fns-tests--in-temp
    (files-fns-tests--sample)
    (should (equal (files-fns-tests--error (lambda () (copy-directory "src" "src/inner")))
                   '(error "Cannot copy ‘src’ into its subdirectory ‘src/inner’")))
    (should (equal (files-fns-tests--error (lambda () (copy-directory "src" "src/")))
                   '(error "Cannot copy ‘src’ into its subdirectory ‘src/’")))
    (should (null (copy-directory "src/a" "src/ab")))
    (copy-directory "src/lnd" "q1")
    (should (null (file-symlink-p "q1")))
    (let ((copy-directory-create-symlink t))
      (copy-directory "src/lnd" "q2"))
    (should (equal (file-symlink-p "q2") "a"))
    (set-file-times "src/a/f2" '(1000 0))
    (set-file-times "src/a" '(2000 0))
    (copy-directory "src" "kt" t)
    (should (equal (file-attribute-modification-time (file-attributes "kt/a/f2")) '(1000 0 0 0)))
    (should (equal (file-attribute-modification-time (file-attributes "kt/a")) '(2000 0 0 0)))
    (copy-directory "src" (concat "/:" default-directory "quoted"))
    (should (file-exists-p "quoted/a/b/f3.el"))))

(ert-deftest files-fns-file-chase-links ()
  (files-fns-tests--in-temp
    (make-directory "ch")
    (make-symbolic-link "l2" "ch/l1")
    (make-symbolic-link "l3" "ch/l2")
    (make-symbolic-link "/tmp/../tmp/xx" "ch/l3")
    (should (equal (file-chase-links "ch/l1") "/tmp/../tmp/xx"))
    (should (equal (file-chase-links "ch/l1" 1) "ch/l2"))
    (should (equal (file-chase-links "ch/l1" 1.5) "ch/l3"))
    (should (equal (file-chase-links "ch/l1" -1) "ch/l1"))
    (should (equal (files-fns-tests--error (lambda () (file-chase-links "ch/l1" 'x)))
                   '(wrong-type-argument number-or-marker-p x)))
    (make-symbolic-link "loopb" "ch/loopa")
    (make-symbolic-link "loopa" "ch/loopb")
    (should (equal (file-chase-links "ch/loopa" 5) "ch/loopb"))
    (should (equal (files-fns-tests--error (lambda () (file-chase-links "ch/loopa")))
                   '(error "Apparent cycle of symbolic links for ch/loopa")))
    (make-symbolic-link "../../x/../y" "ch/up2")
    (make-symbolic-link "./z" "ch/dot")
    (make-symbolic-link ".." "ch/pp")
    (make-symbolic-link "../" "ch/pps")
    (make-symbolic-link "~/foo" "ch/tilde")
    (let ((parent (file-name-directory (directory-file-name default-directory))))
      (should (equal (file-chase-links "ch/up2") (concat parent "x/../y")))
      (should (equal (file-chase-links "ch/pps") default-directory)))
    (should (equal (file-chase-links "ch/dot") "ch/./z"))
    (should (equal (file-chase-links "ch/pp") "ch/.."))
    (should (equal (file-chase-links "ch/tilde") "ch/~/foo"))
    (should (equal (file-chase-links "nope") "nope"))
    ;; A link named with no directory part is Emacs's error too.
    (let ((default-directory (expand-file-name "ch/")))
      (should (equal (files-fns-tests--error (lambda () (file-chase-links "l1")))
                     '(wrong-type-argument stringp nil)))
      (should (equal (file-chase-links "./l1") "/tmp/../tmp/xx")))))

(ert-deftest files-fns-locate-dominating-file ()
  (files-fns-tests--in-temp
    (make-directory "src/a/b" t)
    (files-fns-tests--write "src/a/b/f" "")
    (files-fns-tests--write "src/MARK" "")
    (let ((d default-directory))
      (should (equal (locate-dominating-file "src/a/b/f" "MARK") (concat d "src/")))
      (should (equal (locate-dominating-file "src/a/b" "f") (concat d "src/a/b/")))
      (should (equal (locate-dominating-file "src/a/b/f" "f") (concat d "src/a/b/")))
      (should (equal (locate-dominating-file "src/a/b/f" #'always) (concat d "src/a/b/f/")))
      (should (null (locate-dominating-file "src/a/b" "NO-SUCH-FILE-ANYWHERE")))
      (should (equal (locate-dominating-file "src" "") (concat d "src/"))))
    (let (asked)
      (should (null (locate-dominating-file "/tmp/a/b" (lambda (f) (push f asked) nil))))
      (should (equal asked '("/" "/tmp/" "/tmp/a/" "/tmp/a/b"))))
    (should (equal (locate-dominating-file "/" "tmp") "/"))))

;;;; File name handlers

(defvar files-fns-tests--log nil)

(defun files-fns-tests--handler (operation &rest args)
  "Names starting with /zz: : name operations done as usual, the others
logged and answered with a list of names."
  (if (memq operation '(expand-file-name file-name-directory file-name-nondirectory
                        directory-file-name file-name-as-directory file-truename
                        file-exists-p file-directory-p))
      (let ((inhibit-file-name-handlers
             (cons 'files-fns-tests--handler
                   (and (eq inhibit-file-name-operation operation) inhibit-file-name-handlers)))
            (inhibit-file-name-operation operation))
        (apply operation args))
    (push (cons operation args) files-fns-tests--log)
    (list "xab" "xac/" "y" "xab.o")))

(ert-deftest files-fns-handlers ()
  (let ((file-name-handler-alist
         (cons (cons "\\`/zz:" #'files-fns-tests--handler) file-name-handler-alist))
        (files-fns-tests--log nil))
    (should (equal (file-acl "/zz:x") '("xab" "xac/" "y" "xab.o")))
    (file-selinux-context "/zz:x")
    (file-system-info "/zz:x")
    (copy-file "/tmp/a" "/zz:b/")
    (add-name-to-file "/zz:a" "/b")
    (access-file "/zz:a" "s")
    (directory-files-and-attributes "/zz:a" 1 2 3 4 5)
    ;; file-name-completion asks for all the completions, then completes
    ;; over them itself: no predicate, no ignored endings.
    (should (equal (file-name-completion "x" "/zz:a" #'ignore) "xa"))
    (should (equal (file-name-completion "xab" "/zz:a") "xab"))
    (should (equal (files-fns-tests--error (lambda () (copy-directory "/zz:a" "/b")))
                   '(error "Cannot copy ‘/zz:a’ into its subdirectory ‘/b’")))
    (should (equal (reverse files-fns-tests--log)
                   '((file-acl "/zz:x") (file-selinux-context "/zz:x") (file-system-info "/zz:x")
                     (copy-file "/tmp/a" "/zz:b/a" nil nil nil nil)
                     (add-name-to-file "/zz:a" "/b" nil) (access-file "/zz:a" "s")
                     (directory-files-and-attributes "/zz:a" 1 2 3 4 5)
                     (file-name-all-completions "x" "/zz:a")
                     (file-name-all-completions "xab" "/zz:a")
                     (file-in-directory-p "/b" "/zz:a"))))))

;;; files-fns-tests.el ends here
