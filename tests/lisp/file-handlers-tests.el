;;; file-handlers-tests.el --- file name handlers in the file primitives  -*- lexical-binding: t; -*-

;; Every file primitive first asks `find-file-name-handler' and, when a
;; handler claims the operation, returns what (HANDLER OPERATION ARGS...)
;; gives.  The handler here logs each call and answers (handled OP),
;; except for the pure file name operations, which it does itself with
;; the handler inhibited.

(require 'ert)

(defvar file-handlers--log nil)

(defun file-handlers--handler (operation &rest args)
  (push (cons operation args) file-handlers--log)
  (if (memq operation '(expand-file-name file-name-directory file-name-nondirectory
                        file-name-as-directory directory-file-name substitute-in-file-name))
      (let ((inhibit-file-name-handlers '(file-handlers--handler))
            (inhibit-file-name-operation operation))
        (apply operation args))
    (list 'handled operation)))

(defmacro file-handlers--with-log (&rest body)
  "BODY's value and, in order, the calls the handler got, for names
starting with /fh: (and nothing else, whatever handlers Emacs has)."
  (declare (indent 0))
  `(let ((file-name-handler-alist '(("\\`/fh:" . file-handlers--handler)))
         (default-directory "/tmp/")
         (file-handlers--log nil))
     (let ((value (progn ,@body)))
       (list value (reverse file-handlers--log)))))

(ert-deftest file-handlers-predicates-get-expanded-name ()
  (dolist (op '(file-exists-p file-readable-p file-directory-p file-regular-p
                file-writable-p file-executable-p file-symlink-p
                file-accessible-directory-p))
    (should (equal (file-handlers--with-log (funcall op "/fh:a/./b"))
                   `((handled ,op)
                     ((expand-file-name "/fh:a/./b" nil) (,op "/fh:a/b")))))))

(ert-deftest file-handlers-argument-lists ()
  ;; file-attributes passes ID-FORMAT only when there is one.
  (should (equal (cadr (file-handlers--with-log (file-attributes "/fh:a")))
                 '((expand-file-name "/fh:a" nil) (file-attributes "/fh:a"))))
  (should (equal (cadr (file-handlers--with-log (file-attributes "/fh:a" 'string)))
                 '((expand-file-name "/fh:a" nil) (file-attributes "/fh:a" string))))
  (should (equal (car (last (cadr (file-handlers--with-log (file-modes "/fh:a")))))
                 '(file-modes "/fh:a" nil)))
  (should (equal (car (last (cadr (file-handlers--with-log (set-file-modes "/fh:a" #o600)))))
                 '(set-file-modes "/fh:a" 384 nil)))
  (should (equal (car (last (cadr (file-handlers--with-log (set-file-times "/fh:a" 0 'nofollow)))))
                 '(set-file-times "/fh:a" 0 nofollow)))
  (should (equal (car (last (cadr (file-handlers--with-log (directory-files "/fh:d" t "x")))))
                 '(directory-files "/fh:d" t "x" nil nil)))
  (should (equal (car (last (cadr (file-handlers--with-log (delete-file "/fh:a")))))
                 '(delete-file "/fh:a" nil)))
  (should (equal (car (last (cadr (file-handlers--with-log (make-directory "/fh:d" t)))))
                 '(make-directory "/fh:d" t)))
  ;; delete-directory gives the directory's own name, no slash.
  (should (equal (car (last (cadr (file-handlers--with-log (delete-directory "/fh:d/" t)))))
                 '(delete-directory "/fh:d" t nil))))

(ert-deftest file-handlers-two-file-operations ()
  ;; Either name may have the handler.
  (should (equal (file-handlers--with-log (file-newer-than-file-p "/tmp/x" "/fh:b"))
                 '((handled file-newer-than-file-p)
                   ((expand-file-name "/fh:b" nil)
                    (file-newer-than-file-p "/tmp/x" "/fh:b")))))
  (should (equal (car (last (cadr (file-handlers--with-log (rename-file "/fh:a" "/tmp/b"))))) 
                 '(rename-file "/fh:a" "/tmp/b" nil)))
  ;; A directory name as NEWNAME gets FILE's name in it.
  (should (equal (car (last (cadr (file-handlers--with-log (rename-file "/tmp/b" "/fh:d/" t)))))
                 '(rename-file "/tmp/b" "/fh:d/b" t)))
  ;; make-symbolic-link's TARGET is stored as written: only LINKNAME counts.
  (should (equal (file-handlers--with-log (make-symbolic-link "tgt" "/fh:l" t))
                 '((handled make-symbolic-link)
                   ((expand-file-name "/fh:l" nil) (make-symbolic-link "tgt" "/fh:l" t))))))

(ert-deftest file-handlers-name-operations ()
  (should (equal (file-handlers--with-log (file-name-directory "/fh:a/b"))
                 '("/fh:a/" ((file-name-directory "/fh:a/b")))))
  (should (equal (file-handlers--with-log (file-name-nondirectory "/fh:a/b"))
                 '("b" ((file-name-nondirectory "/fh:a/b")))))
  (should (equal (file-handlers--with-log (file-name-as-directory "/fh:a"))
                 '("/fh:a/" ((file-name-as-directory "/fh:a")))))
  (should (equal (file-handlers--with-log (directory-file-name "/fh:a/"))
                 '("/fh:a" ((directory-file-name "/fh:a/")))))
  (should (equal (file-handlers--with-log (substitute-in-file-name "/fh:a/$$"))
                 '("/fh:a/$" ((substitute-in-file-name "/fh:a/$$")))))
  ;; Names with no handler are the plain functions' business.
  (should (equal (file-handlers--with-log (file-name-directory "/tmp/a"))
                 '("/tmp/" nil))))

(ert-deftest file-handlers-expand-file-name ()
  ;; NAME's handler first, then DEFAULT-DIRECTORY's (the variable's
  ;; when the argument is nil), even for an absolute NAME.
  (should (equal (file-handlers--with-log (expand-file-name "/fh:a/./b" "/tmp"))
                 '("/fh:a/b" ((expand-file-name "/fh:a/./b" "/tmp")))))
  (should (equal (file-handlers--with-log (expand-file-name "a" "/fh:d"))
                 '("/fh:d/a" ((expand-file-name "a" "/fh:d")))))
  (should (equal (file-handlers--with-log (expand-file-name "/abs" "/fh:d"))
                 '("/abs" ((expand-file-name "/abs" "/fh:d")))))
  (should (equal (file-handlers--with-log
                   (let ((default-directory "/fh:dd/")) (expand-file-name "a")))
                 '("/fh:dd/a" ((expand-file-name "a" "/fh:dd/")))))
  (should (equal (file-handlers--with-log (expand-file-name "a")) '("/tmp/a" nil))))

(defun file-handlers--bad (operation &rest args)
  (if (eq operation 'expand-file-name)
      (let ((file-name-handler-alist nil)) (apply operation args))
    42))

(ert-deftest file-handlers-name-must-be-a-string ()
  (let ((file-name-handler-alist '(("\\`/bad:" . file-handlers--bad))))
    (dolist (op '(file-name-nondirectory file-name-as-directory directory-file-name
                  substitute-in-file-name))
      (should (equal (should-error (funcall op "/bad:x/"))
                     '(error "Invalid handler in ‘file-name-handler-alist’"))))
    ;; file-name-directory takes anything else for no directory.
    (should (null (file-name-directory "/bad:x/y")))
    (should (null (get-file-buffer "/bad:x")))
    ;; Other operations give the handler's value as it is.
    (should (eq (file-exists-p "/bad:x") 42))))

(ert-deftest file-handlers-buffer-file-operations ()
  (with-temp-buffer
    (insert "abc")
    ;; LOCKNAME defaults to the file visited.
    (should (equal (file-handlers--with-log (write-region 1 2 "/fh:w"))
                   '((handled write-region)
                     ((expand-file-name "/fh:w" nil)
                      (write-region 1 2 "/fh:w" nil nil "/fh:w" nil)))))
    ;; A VISIT file name with the handler is enough.
    (should (equal (car (last (cadr (file-handlers--with-log
                                      (write-region nil nil "/tmp/fh-none" t "/fh:v" "lk" 'excl)))))
                   '(write-region nil nil "/tmp/fh-none" t "/fh:v" "lk" excl)))
    (should-not (file-exists-p "/tmp/fh-none"))
    ;; Visiting through the handler: the buffer visits, unmodified.
    (should (equal (car (file-handlers--with-log (write-region nil nil "/fh:w" nil t)))
                   '(handled write-region)))
    (should (equal buffer-file-name "/fh:w"))
    (should-not (buffer-modified-p))
    (should (equal (file-handlers--with-log (set-visited-file-modtime))
                   '((handled set-visited-file-modtime)
                     ((expand-file-name "/fh:w" nil) (set-visited-file-modtime nil)))))
    (should (equal (file-handlers--with-log (make-auto-save-file-name))
                   '((handled make-auto-save-file-name) ((make-auto-save-file-name)))))
    (setq buffer-file-name nil))
  (with-temp-buffer
    (should (equal (file-handlers--with-log (insert-file-contents "/fh:r" nil 1 2))
                   '((handled insert-file-contents)
                     ((expand-file-name "/fh:r" nil) (insert-file-contents "/fh:r" nil 1 2 nil)))))
    (should (equal (car (last (cadr (file-handlers--with-log (insert-file-contents-literally "/fh:r")))))
                   '(insert-file-contents "/fh:r" nil nil nil nil)))))

(ert-deftest file-handlers-lisp-functions ()
  (should (equal (file-handlers--with-log (file-remote-p "/fh:a" 'localname t))
                 '((handled file-remote-p) ((file-remote-p "/fh:a" localname t)))))
  (should (equal (file-handlers--with-log (file-local-name "/fh:a"))
                 '((handled file-remote-p) ((file-remote-p "/fh:a" localname nil)))))
  (should (equal (file-handlers--with-log (file-local-name "/tmp/a")) '("/tmp/a" nil)))
  (should (equal (file-handlers--with-log (file-local-copy "/fh:a"))
                 '((handled file-local-copy) ((file-local-copy "/fh:a")))))
  (should (equal (file-handlers--with-log (file-truename "/fh:a"))
                 '((handled file-truename) ((file-truename "/fh:a")))))
  (should (equal (file-handlers--with-log (file-name-sans-versions "/fh:a~"))
                 '((handled file-name-sans-versions) ((file-name-sans-versions "/fh:a~" nil)))))
  (should (equal (file-handlers--with-log (unhandled-file-name-directory "/fh:a"))
                 '(nil ((unhandled-file-name-directory "/fh:a")))))
  (should (equal (file-handlers--with-log
                   (let ((default-directory "/fh:dd/")) (temporary-file-directory)))
                 '((handled temporary-file-directory) ((temporary-file-directory)))))
  (should (equal (cadr (file-handlers--with-log (get-file-buffer "/fh:a")))
                 '((expand-file-name "/fh:a" nil) (get-file-buffer "/fh:a")))))

(defun file-handlers--reentrant (operation &rest args)
  (push operation file-handlers--log)
  (let ((inhibit-file-name-handlers '(file-handlers--reentrant))
        (inhibit-file-name-operation operation))
    (apply operation args)))

(ert-deftest file-handlers-inhibited-for-one-operation ()
  ;; The handler runs the primitive itself, now unhandled for that
  ;; operation only: the primitive's own expand-file-name is handled.
  (let ((file-name-handler-alist '(("\\`/tmp/fh-re" . file-handlers--reentrant)))
        (file-handlers--log nil))
    (should-not (file-exists-p "/tmp/fh-re-missing"))
    (should (equal file-handlers--log '(expand-file-name file-exists-p expand-file-name)))))

(ert-deftest file-handlers-find-handler-details ()
  (let ((file-name-handler-alist '(("\\`/fh:" . file-handlers--handler)))
        (case-fold-search t))
    ;; Case counts, whatever case-fold-search says.
    (should-not (find-file-name-handler "/FH:a" 'file-exists-p))
    ;; The match data stays as it was.
    (string-match "b+" "abbc")
    (should (find-file-name-handler "/fh:a" 'file-exists-p))
    (should (equal (match-data) '(1 3)))
    ;; No handler: the primitive's own answer.
    (should (eq (file-exists-p "/") t))))

;; Quoted names: "/:" in front makes a name mean itself.

(defmacro file-handlers--with-quoted-dir (dir quoted &rest body)
  "BODY with DIR a new directory and QUOTED its name quoted, only the
handler for quoted names in effect."
  (declare (indent 2))
  `(let* ((file-name-handler-alist
           (list (rassq 'file-name-non-special file-name-handler-alist)))
          (,dir (make-temp-file "file-handlers" t))
          (,quoted (file-name-quote ,dir)))
     (unwind-protect (progn ,@body)
       (delete-directory ,dir t))))

(ert-deftest file-handlers-quoted-names-in-primitives ()
  (should (assoc "\\`/:" file-name-handler-alist))
  (file-handlers--with-quoted-dir dir quoted
    (let ((file (concat quoted "/f")))
      (write-region "hi" nil file)
      (should (file-exists-p (concat dir "/f")))
      (should (file-regular-p file))
      (should (equal (directory-files quoted) '("." ".." "f")))
      (should (equal (with-temp-buffer (insert-file-contents file) (buffer-string)) "hi"))
      (should (equal (file-attribute-size (file-attributes file)) 2))
      (set-file-modes file #o600)
      (should (eq (file-modes file) #o600))
      (rename-file file (concat quoted "/g"))
      (should (file-exists-p (concat dir "/g")))
      (make-symbolic-link "g" (concat quoted "/l"))
      (should (equal (file-symlink-p (concat quoted "/l")) "g"))
      (should (file-newer-than-file-p (concat quoted "/g") (concat quoted "/none")))
      (make-directory (concat quoted "/sub/x") t)
      (should (file-directory-p (concat dir "/sub/x")))
      (delete-directory (concat quoted "/sub") t)
      (delete-file (concat quoted "/g"))
      (should-not (file-exists-p (concat dir "/g"))))))

(ert-deftest file-handlers-quoted-names-stay-quoted ()
  (file-handlers--with-quoted-dir dir quoted
    ;; Operations giving a file name keep the quoting...
    (should (equal (expand-file-name "a/./b" quoted) (concat quoted "/a/b")))
    (should (equal (expand-file-name "/:~") "/:~"))
    (should (equal (expand-file-name "/:") "/:"))
    (should (equal (file-name-directory "/:/a/b") "/:/a/"))
    (should (equal (file-name-as-directory "/:/a") "/:/a/"))
    (should (equal (directory-file-name "/:/a/") "/:/a"))
    (should (equal (file-name-sans-versions "/:/a~") "/:/a"))
    (should (equal (file-truename (concat quoted "/")) (file-name-quote (file-truename (concat dir "/")))))
    ;; ... and nothing is substituted in them.
    (should (equal (substitute-in-file-name "/:/a/$HOME//b") "/:/a/$HOME//b"))
    (should (equal (file-local-name "/:/a") "/:/a"))
    ;; A buffer visiting a quoted name keeps it quoted.
    (let ((file (concat quoted "/v")))
      (write-region "x" nil file)
      (with-temp-buffer
        (insert-file-contents file t)
        (should (equal buffer-file-name file))
        (should (eq (verify-visited-file-modtime) t))
        (setq buffer-file-name nil)))))


(ert-deftest file-handlers-circular-lists-signal ()
  ;; A circular `operations' or `inhibit-file-name-handlers' list is an
  ;; error, as Emacs's memq makes it, never a hang.
  (defun file-handlers-circular (op file &rest _) (list op file))
  (put 'file-handlers-circular 'operations
       (let ((l (list 'file-exists-p))) (setcdr l l) l))
  (let ((file-name-handler-alist '(("\\`/circular:" . file-handlers-circular))))
    (should (eq (car (condition-case err (file-exists-p "/circular:x") (error err)))
                'circular-list))))

;;; file-handlers-tests.el ends here
