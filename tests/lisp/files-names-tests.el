;;; files-names-tests.el --- search paths, file modes, lock and auto-save names, local variables  -*- lexical-binding: t -*-

(require 'ert)

(ert-deftest files-names-parse-colon-path ()
  (let ((process-environment (cons "FILES_NAMES_D=/x/y" process-environment)))
    (should (null (parse-colon-path nil)))
    (should (equal (parse-colon-path "") '(nil)))
    (should (equal (parse-colon-path "/a::b") '("/a/" nil "b/")))
    ;; Leading slashes become one; others stay; variables are expanded,
    ;; ~ is not.
    (should (equal (parse-colon-path "///a://b/c//d") '("/a/" "/b/c//d/")))
    (should (equal (parse-colon-path "~/x:$FILES_NAMES_D/z") '("~/x/" "/x/y/z/")))))

(ert-deftest files-names-substitute-env-vars ()
  (let ((process-environment (append '("FILES_NAMES_V=v" "FILES_NAMES_UNSET")
                                     process-environment)))
    (should (equal (substitute-env-vars "$FILES_NAMES_V/${FILES_NAMES_V}w$$x")
                   "v/vw$x"))
    (should (equal (substitute-env-vars "a$FILES_NAMES_UNSET/b") "a/b"))
    (should (equal (substitute-env-vars "a$FILES_NAMES_UNSET/b" t)
                   "a$FILES_NAMES_UNSET/b"))
    (should (equal (substitute-env-vars "${FILES_NAMES_UNSET}" (lambda (v) (downcase v)))
                   "files_names_unset"))
    ;; substitute-in-file-name keeps what it cannot substitute.
    (should (equal (substitute-in-file-name "/a/$FILES_NAMES_UNSET")
                   "/a/$FILES_NAMES_UNSET"))))

(ert-deftest files-names-modes-symbolic ()
  (should (= (file-modes-symbolic-to-number "u=rwx,g=rx,o=") #o750))
  (should (= (file-modes-symbolic-to-number "go-w" #o777) #o755))
  (should (= (file-modes-symbolic-to-number "u+s,g+s,o+t") #o7000))
  ;; s means nothing for others, t nothing for the user.
  (should (= (file-modes-symbolic-to-number "o+s,u+t") 0))
  ;; X only where something is executable already.
  (should (= (file-modes-symbolic-to-number "a+X" #o644) #o644))
  (should (= (file-modes-symbolic-to-number "a+X" #o744) #o755))
  ;; Copying another class's rights.
  (should (= (file-modes-symbolic-to-number "g=u" #o700) #o770))
  (should (= (file-modes-symbolic-to-number "o=g" #o750) #o755))
  ;; Operations in sequence; an empty clause list leaves FROM.
  (should (= (file-modes-symbolic-to-number "u=rx-x" 0) #o400))
  (should (= (file-modes-symbolic-to-number "" #o640) #o640))
  (should (= (file-modes-symbolic-to-number "u=rw," 0) #o600))
  ;; No class means all, less what the umask takes away.
  (let ((old (default-file-modes)))
    (unwind-protect
        (progn (set-default-file-modes #o755)
               (should (= (file-modes-symbolic-to-number "+w" 0) #o200))
               (should (= (file-modes-symbolic-to-number "=r" #o777) #o466)))
      (set-default-file-modes old)))
  (dolist (bad '(("u" . "u") ("u=S" . "S") ("u,g=r" . "u,g=r") ("u=r,,g=r" . ",g=r")
                 ("z=r" . "z=r")))
    (should (equal (should-error (file-modes-symbolic-to-number (car bad)))
                   (list 'error (format-message "Parse error in modes near `%s'"
                                                (cdr bad)))))))

(ert-deftest files-names-modes-number-to-symbolic ()
  (should (equal (file-modes-number-to-symbolic #o755) "-rwxr-xr-x"))
  (should (equal (file-modes-number-to-symbolic #o7777) "-rwsrwsrwt"))
  (should (equal (file-modes-number-to-symbolic #o7000) "---S--S--T"))
  (should (equal (file-modes-number-to-symbolic #o40700) "drwx------"))
  (should (equal (file-modes-number-to-symbolic #o120777) "lrwxrwxrwx"))
  (should (equal (file-modes-number-to-symbolic #o10600) "prw-------"))
  (should (equal (file-modes-number-to-symbolic #o644 ?d) "drw-r--r--")))

(ert-deftest files-names-lock-and-auto-save-names ()
  (let ((lock-file-name-transforms nil))
    (should (equal (make-lock-file-name "/d/e/f.c") "/d/e/.#f.c"))
    (let ((default-directory "/w/"))
      (should (equal (make-lock-file-name "g.c") "/w/.#g.c"))))
  (let ((lock-file-name-transforms '(("\\`/d/\\(.*\\)\\'" "/locks/\\1" t))))
    ;; The whole name, each / a ! and each ! doubled, in the
    ;; replacement's directory.
    (should (equal (make-lock-file-name "/d/a!b/f.c") "/locks/a!b/.#!d!a!!b!f.c"))
    ;; A name no transform matches stays where it is.
    (should (equal (make-lock-file-name "/e/f.c") "/e/.#f.c")))
  (let ((lock-file-name-transforms '(("\\`/d/\\(.*\\)\\'" "/locks/\\1" md5))))
    (should (equal (make-lock-file-name "/d/f.c")
                   (concat "/locks/.#" (md5 "/d/f.c")))))
  (let ((lock-file-name-transforms '(("\\`/d/\\(.*\\)\\'" "sub/\\1"))))
    (let ((default-directory "/w/"))
      (should (equal (make-lock-file-name "/d/f.c") "/w/sub/.#f.c"))))
  (with-temp-buffer
    (setq buffer-file-name "/d/e/f.c")
    (let ((auto-save-file-name-transforms nil))
      (should (equal (make-auto-save-file-name) "/d/e/#f.c#")))
    (let ((auto-save-file-name-transforms '(("\\`/d/\\(.*\\)\\'" "/saves/\\1" sha1))))
      (should (equal (make-auto-save-file-name)
                     (concat "/saves/e/#" (sha1 "/d/e/f.c") "#"))))
    ;; The default moves only remote files' auto-save files.
    (should (equal (make-auto-save-file-name) "/d/e/#f.c#"))))

(ert-deftest files-names-wildcard-in-dir ()
  (should (equal (insert-directory-wildcard-in-dir-p "/a/*/b/*.c") '("/a/" . "*/b/*.c")))
  (should (equal (insert-directory-wildcard-in-dir-p "/a/[x]/c") '("/a/" . "[x]/c")))
  (should (null (insert-directory-wildcard-in-dir-p "/a/b*")))
  ;; A wildcard in the first component: no directory before it.
  (should (equal (insert-directory-wildcard-in-dir-p "a*/b/c") '(nil))))

(ert-deftest files-names-nearby-temp-file ()
  (let ((file (make-nearby-temp-file "files-names")))
    (unwind-protect
        (progn (should (file-exists-p file))
               (should (string-prefix-p (temporary-file-directory) file)))
      (delete-file file))))

(defvar files-names--var nil)
(put 'files-names--var 'safe-local-variable #'booleanp)
(defvar files-names--risky-hook nil)
(defvar files-names--asked nil)

(defun files-names--locals (text enable eval)
  "Set TEXT's local variables with `enable-local-variables' ENABLE and
`enable-local-eval' EVAL; the variables' values and whether it asked."
  (with-temp-buffer
    (insert "x\n;; Local Variables:\n" text ";; End:\n")
    (setq files-names--asked nil)
    (let ((enable-local-variables enable)
          (enable-local-eval eval)
          (enable-dir-local-variables nil)
          (confirm (symbol-function 'hack-local-variables-confirm)))
      (unwind-protect
          (progn
            (fset 'hack-local-variables-confirm
                  (lambda (&rest _) (setq files-names--asked t) nil))
            (hack-local-variables))
        (fset 'hack-local-variables-confirm confirm)))
    (list files-names--var files-names--risky-hook files-names--asked)))

(ert-deftest files-names-local-variables-confirm ()
  ;; Safe values: set without asking, unless ENABLE asks always.
  (should (equal (files-names--locals ";; files-names--var: t\n" t 'maybe) '(t nil nil)))
  (should (equal (files-names--locals ";; files-names--var: t\n" :safe nil) '(t nil nil)))
  (should (equal (files-names--locals ";; files-names--var: t\n" 'ask t) '(nil nil t)))
  ;; An unsafe value asks (the answer here is no), except as :safe
  ;; (dropped) or :all (set).
  (should (equal (files-names--locals ";; files-names--var: 1\n" t t) '(nil nil t)))
  (should (equal (files-names--locals ";; files-names--var: 1\n" :safe t) '(nil nil nil)))
  (should (equal (files-names--locals ";; files-names--var: 1\n" :all nil) '(1 nil nil)))
  (should (equal (files-names--locals ";; files-names--risky-hook: 2\n" t t) '(nil nil t)))
  ;; One unsafe variable holds back the safe ones too.
  (should (equal (files-names--locals ";; files-names--var: t\n;; files-names--risky-hook: 2\n"
                                      t t)
                 '(nil nil t)))
  ;; eval: safe with enable-local-eval t, ignored with nil, asks otherwise.
  (let ((text ";; eval: (setq files-names--var t)\n"))
    (setq files-names--var nil)
    (should (equal (files-names--locals text t t) '(t nil nil)))
    (setq files-names--var nil)
    (should (equal (files-names--locals text t nil) '(nil nil nil)))
    (should (equal (files-names--locals text t 'maybe) '(nil nil t)))
    (should (equal (files-names--locals text :safe t) '(nil nil nil)))
    (should (equal (files-names--locals text :all 'maybe) '(t nil nil))))
  (setq files-names--var nil))

(ert-deftest files-names-permanently-enabled-local-variables ()
  (let ((text ";; -*- lexical-binding: t -*-\n"))
    (let ((enable-local-variables nil))
      (with-temp-buffer
        (setq lexical-binding nil)
        (insert text)
        (hack-local-variables)
        (should (eq lexical-binding t))))
    (let ((enable-local-variables nil)
          (permanently-enabled-local-variables nil))
      (with-temp-buffer
        (setq lexical-binding nil)
        (insert text)
        (hack-local-variables)
        (should (eq lexical-binding nil))))))

(ert-deftest files-names-local-variables-filter ()
  (with-temp-buffer
    (let ((enable-local-variables t))
      (hack-local-variables-filter '((files-names--var . t) (files-names--var . nil)) nil)
      ;; The first of a variable's entries counts.
      (should (equal file-local-variables-alist '((files-names--var . t)))))))

(ert-deftest files-names-magic-mode-alist ()
  (let ((magic-mode-alist '(("my-tag" . text-mode))))
    (with-temp-buffer
      (insert "my-tag and more")
      (normal-mode)
      (should (eq major-mode 'text-mode)))
    ;; Matched at the buffer's start, case-sensitively.
    (with-temp-buffer
      (insert "My-Tag")
      (let ((case-fold-search t)) (normal-mode))
      (should (eq major-mode 'fundamental-mode)))
    (with-temp-buffer
      (insert "x my-tag")
      (normal-mode)
      (should (eq major-mode 'fundamental-mode))))
  ;; A function instead of a regexp.
  (let ((magic-mode-alist (list (cons (lambda () (looking-at "#x")) 'text-mode))))
    (with-temp-buffer
      (insert "#x")
      (normal-mode)
      (should (eq major-mode 'text-mode)))))

(defun files-names--handler (operation &rest args)
  (cons operation args))
(defun files-names--gz (operation &rest args)
  (cons operation args))

(ert-deftest files-names-find-file-name-handler ()
  (let ((file-name-handler-alist '(("\\`/h1:" . files-names--handler)
                                   ("\\.zzt\\'" . files-names--gz))))
    (should (eq (find-file-name-handler "/h1:x" 'file-exists-p) 'files-names--handler))
    ;; The match that starts furthest in wins.
    (should (eq (find-file-name-handler "/h1:x.zzt" 'file-exists-p) 'files-names--gz))
    (should (null (find-file-name-handler "/h2:x" 'file-exists-p)))
    ;; Inhibited for one operation only.
    (let ((inhibit-file-name-handlers '(files-names--handler))
          (inhibit-file-name-operation 'file-exists-p))
      (should (null (find-file-name-handler "/h1:x" 'file-exists-p)))
      (should (eq (find-file-name-handler "/h1:x" 'delete-file) 'files-names--handler)))
    ;; A handler's `operations' property limits it.
    (put 'files-names--gz 'operations '(insert-file-contents))
    (unwind-protect
        (progn
          (should (eq (find-file-name-handler "/h1:x.zzt" 'file-exists-p)
                      'files-names--handler))
          (should (eq (find-file-name-handler "/h1:x.zzt" 'insert-file-contents)
                      'files-names--gz)))
      (put 'files-names--gz 'operations nil))
    (should (equal (should-error (find-file-name-handler 3 nil))
                   '(wrong-type-argument stringp 3)))
    (should (equal (unhandled-file-name-directory "/a/b") "/a/b/")))
  (let ((file-name-handler-alist '(("\\`/h3:" . files-names--local))))
    (should (equal (unhandled-file-name-directory "/h3:x") "/local/"))
    ;; What is no directory name counts as none.
    (should (null (unhandled-file-name-directory "/h3:odd")))))

(defun files-names--local (operation &rest args)
  (cond ((not (eq operation 'unhandled-file-name-directory))
         (let ((file-name-handler-alist nil)) (apply operation args)))
        ((equal (car args) "/h3:odd") 42)
        (t "/local/")))

(ert-deftest files-names-remote-p ()
  (should (null (file-remote-p "/tmp/x")))
  (should (null (file-remote-p default-directory))))

;;; files-names-tests.el ends here
