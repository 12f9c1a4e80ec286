;;; process-tests.el --- call-process, call-process-region, process-lines  -*- lexical-binding: t -*-

;; Only programs every Debian machine has: true, false, echo, cat, sh, tr.

(require 'ert)

(defun proc-tests--file-text (file)
  (with-temp-buffer (insert-file-contents file) (buffer-string)))

(defmacro proc-tests--with-files (names &rest body)
  "Run BODY with each of NAMES bound to a new temporary file's name,
deleting the files after."
  (declare (indent 1))
  `(let ,(mapcar (lambda (n) `(,n (make-temp-file "proc-tests"))) names)
     (unwind-protect (progn ,@body)
       (dolist (f (list ,@names)) (when (file-exists-p f) (delete-file f))))))

(ert-deftest proc-exit-status ()
  (should (eq (call-process "true") 0))
  (should (eq (call-process "false") 1))
  (should (eq (call-process "sh" nil nil nil "-c" "exit 7") 7))
  ;; Killed by a signal: its name.
  (should (equal (call-process "sh" nil nil nil "-c" "kill -9 $$") "Killed"))
  (should (equal (call-process "sh" nil nil nil "-c" "kill -TERM $$") "Terminated")))

(ert-deftest proc-output-into-buffers ()
  (with-temp-buffer
    (should (eq (call-process "echo" nil t nil "hello" "wörld") 0))
    (should (equal (buffer-string) "hello wörld\n"))
    (should (= (point) 13)))
  ;; At point, which ends after the output.
  (with-temp-buffer
    (insert "XY")
    (goto-char 2)
    (call-process "echo" nil t nil "a")
    (should (equal (buffer-string) "Xa\nY"))
    (should (= (point) 4)))
  ;; A buffer's name, made if need be.
  (let ((name (generate-new-buffer-name "proc-tests-out")))
    (unwind-protect
        (progn
          (should (eq (call-process "echo" nil name nil "named") 0))
          (should (equal (with-current-buffer name (buffer-string)) "named\n")))
      (kill-buffer name)))
  ;; Undecodable bytes arrive as raw bytes.
  (with-temp-buffer
    (call-process "sh" nil t nil "-c" "printf '\\377\\n'")
    (should (equal (buffer-string) (string #x3fffff ?\n)))))

(ert-deftest proc-stderr-destinations ()
  (let ((script "echo out; echo err >&2"))
    (with-temp-buffer
      (call-process "sh" nil t nil "-c" script)
      (should (equal (buffer-string) "out\nerr\n")))
    (with-temp-buffer
      (call-process "sh" nil '(t nil) nil "-c" script)
      (should (equal (buffer-string) "out\n")))
    (with-temp-buffer
      (call-process "sh" nil '(t t) nil "-c" script)
      (should (equal (buffer-string) "out\nerr\n")))
    (proc-tests--with-files (err)
      (with-temp-buffer
        (should (eq (call-process "sh" nil (list t err) nil "-c" script) 0))
        (should (equal (buffer-string) "out\n")))
      (should (equal (proc-tests--file-text err) "err\n")))
    ;; (:file FILE) takes both.
    (proc-tests--with-files (out)
      (should (eq (call-process "sh" nil (list :file out) nil "-c" script) 0))
      (should (equal (proc-tests--file-text out) "out\nerr\n")))))

(ert-deftest proc-discarding-and-not-waiting ()
  (should (eq (call-process "echo" nil nil nil "gone") 0))
  ;; DESTINATION 0 returns at once, before the program ends.
  (let ((start (float-time)))
    (should (null (call-process "sh" nil 0 nil "-c" "sleep 3")))
    ;; Any integer, as 0.
    (should (null (call-process "sh" nil 5 nil "-c" "sleep 3")))
    (should (< (- (float-time) start) 2))))

(ert-deftest proc-infile-and-directory ()
  (proc-tests--with-files (in)
    (with-temp-file in (insert "from a file\n"))
    (with-temp-buffer
      (should (eq (call-process "cat" in t) 0))
      (should (equal (buffer-string) "from a file\n"))))
  (let ((default-directory "/"))
    (with-temp-buffer
      (call-process "sh" nil t nil "-c" "pwd")
      (should (equal (buffer-string) "/\n")))))

(ert-deftest proc-errors ()
  (should (equal (should-error (call-process "proc-tests-no-such-program"))
                 '(file-missing "Searching for program" "No such file or directory"
                                "proc-tests-no-such-program")))
  (should (equal (should-error (call-process "/proc-tests/no/such"))
                 '(file-missing "Searching for program" "No such file or directory"
                                "/proc-tests/no/such")))
  (should (equal (should-error (call-process "cat" "/proc-tests/no/file"))
                 '(file-missing "Opening process input file" "No such file or directory"
                                "/proc-tests/no/file")))
  (should (equal (should-error (let ((default-directory "/proc-tests/no/dir/"))
                                 (call-process "true")))
                 '(file-missing "Setting current directory" "No such file or directory"
                                "/proc-tests/no/dir/")))
  (should (equal (should-error (call-process 'true)) '(wrong-type-argument stringp true)))
  (should (equal (should-error (call-process "echo" nil nil nil 'a))
                 '(wrong-type-argument stringp a)))
  (should (equal (should-error (call-process "/"))
                 '(file-error "Searching for program" "Is a directory" "/")))
  (should (equal (should-error (call-process "true" nil 'sym))
                 '(wrong-type-argument stringp sym)))
  (should (equal (should-error (call-process "true" nil '(t 5)))
                 '(wrong-type-argument stringp 5)))
  (should (equal (should-error (call-process "true" 5))
                 '(wrong-type-argument stringp 5)))
  (with-temp-buffer
    (should (equal (should-error (call-process-region 5 9 "cat" nil t))
                   (list 'args-out-of-range (current-buffer) 5 9))))
  ;; The search goes along exec-path.
  (should (equal (should-error (let ((exec-path '("/proc-tests/nowhere")))
                                 (call-process "true")))
                 '(file-missing "Searching for program" "No such file or directory" "true"))))

(ert-deftest proc-call-process-region ()
  (with-temp-buffer
    (insert "hello\nworld\n")
    (should (eq (call-process-region 1 (point-max) "cat" nil t) 0))
    (should (equal (buffer-string) "hello\nworld\nhello\nworld\n")))
  (with-temp-buffer
    (insert "hello\nworld\n")
    (call-process-region 1 (point-max) "tr" t t nil "a-z" "A-Z")
    (should (equal (buffer-string) "HELLO\nWORLD\n")))
  (with-temp-buffer
    (call-process-region "from a string" nil "cat" nil t)
    (should (equal (buffer-string) "from a string")))
  (with-temp-buffer
    (insert "abc")
    (call-process-region nil nil "cat" nil t)
    (should (equal (buffer-string) "abcabc")))
  (with-temp-buffer
    (insert "abc")
    (call-process-region 2 3 "cat" nil t)
    (should (equal (list (buffer-string) (point)) '("abcb" 5))))
  ;; More input than a pipe holds, to a program that reads none of it.
  (should (eq (call-process-region (make-string 300000 ?x) nil "true") 0))
  ;; And as much back, through cat.
  (with-temp-buffer
    (call-process-region (make-string 300000 ?y) nil "cat" nil t)
    (should (= (buffer-size) 300000))))

(ert-deftest proc-process-lines ()
  (should (equal (process-lines "echo" "a\nb\n\nc") '("a" "b" "" "c")))
  (should (equal (should-error (process-lines "sh" "-c" "echo x; exit 3"))
                 '(error "sh exited with status 3")))
  (should (equal (process-lines-ignore-status "sh" "-c" "echo x; exit 3") '("x")))
  (let (seen)
    (should (equal (process-lines-handling-status
                    "sh" (lambda (status) (setq seen status)) "-c" "echo y; exit 4")
                   '("y")))
    (should (eq seen 4))))

(ert-deftest proc-environment ()
  ;; Programs get process-environment: the first entry for a name
  ;; counts, and a bare NAME unsets it.
  (let ((process-environment (list "PROC_TESTS_X=1" "PROC_TESTS_X=2" "HOME"
                                   (concat "PATH=" (getenv "PATH")))))
    (should (equal (getenv "PROC_TESTS_X") "1"))
    (should-not (getenv "HOME"))
    (should (equal (with-temp-buffer
                     (call-process "sh" nil t nil "-c" "echo $PROC_TESTS_X ${HOME:-none}")
                     (buffer-string))
                   "1 none\n"))
    ;; setenv changes the entry where it is, or adds one at the front.
    (should (equal (setenv "PROC_TESTS_X" "3") "3"))
    (should (equal (car process-environment) "PROC_TESTS_X=3"))
    (setenv "PROC_TESTS_Y" "y")
    (should (equal (car process-environment) "PROC_TESTS_Y=y"))
    (setenv "PROC_TESTS_Y")
    (should-not (getenv "PROC_TESTS_Y"))
    (should (equal (with-temp-buffer
                     (call-process "sh" nil t nil "-c" "echo ${PROC_TESTS_Y:-unset} $PROC_TESTS_X")
                     (buffer-string))
                   "unset 3\n"))
    (should (equal (should-error (setenv "A=B" "c"))
                   '(error "Environment variable name ‘A=B’ contains ‘=’")))))

(ert-deftest proc-shell-commands ()
  (let ((shell-file-name "/bin/sh"))
    (should (equal (shell-command-to-string "echo hi; echo err >&2") "hi\nerr\n"))
    (should (equal (with-temp-buffer
                     (list (call-process-shell-command "echo" nil t nil "a" "b") (buffer-string)))
                   '(0 "a b\n")))
    ;; Into the current buffer: point before the output, the mark after.
    (with-temp-buffer
      (insert "abc")
      (goto-char 2)
      (should (= (shell-command "echo a" t) 2))
      (should (equal (list (buffer-string) (point) (mark t)) '("aa\nbc" 2 4))))
    ;; Into a named buffer, standard error into another.
    (unwind-protect
        (progn
          (should (= (shell-command "echo 1; echo 2 >&2; exit 3" "proc-tests-out" "proc-tests-err") 3))
          (should (equal (with-current-buffer "proc-tests-out" (buffer-string)) "1\n"))
          (should (equal (with-current-buffer "proc-tests-err" (buffer-string)) "2\n"))
          (should (= (shell-command "true" "proc-tests-out") 0))
          (should (equal (with-current-buffer "proc-tests-out" (buffer-string)) "")))
      (dolist (name '("proc-tests-out" "proc-tests-err"))
        (when (get-buffer name) (kill-buffer name))))
    (should (equal (executable-find "sh") (locate-file "sh" exec-path nil #'file-executable-p)))
    (should (file-executable-p (executable-find "sh")))
    (should-not (executable-find "proc-tests-no-such-program"))
    (should (equal (with-temp-buffer (list (process-file "sh" nil t nil "-c" "echo x") (buffer-string)))
                   '(0 "x\n")))
    (should (file-regular-p (executable-find "sh")))
    (should-not (file-regular-p "/"))
    (should-not (file-writable-p "/proc-tests-nonexistent-dir/x"))))

(ert-deftest proc-make-process-refuses-stop ()
  (should (equal (should-error (make-process :name "p" :command '("true") :stop t))
                 '(wrong-type-argument null t))))

(ert-deftest proc-filter-t-stops-reading ()
  (with-temp-buffer
    (let ((proc (make-process :name "cat" :buffer (current-buffer)
                              :command '("cat") :noquery t :connection-type 'pipe)))
      (unwind-protect
          (progn
            (set-process-filter proc t)
            (should (eq (process-filter proc) t))
            (send-string proc "one\n")
            (should-not (accept-process-output proc 0.3))
            (should (equal (buffer-string) ""))
            ;; Back to the default filter: what waited is read.
            (set-process-filter proc nil)
            (while (equal (buffer-string) "")
              (accept-process-output proc 1))
            (should (equal (buffer-string) "one\n")))
        (delete-process proc)))))

(defvar proc-tests--handled nil)
(defun proc-tests--handler (operation &rest args)
  (cond ((eq operation 'make-process) (push args proc-tests--handled) 'fake)
        ((eq operation 'unhandled-file-name-directory) "/")
        (t (let ((file-name-handler-alist nil)) (apply operation args)))))

(ert-deftest proc-make-process-file-handler ()
  (let ((file-name-handler-alist '(("\\`/proc-tests:" . proc-tests--handler)))
        (default-directory "/proc-tests:/dir/")
        (proc-tests--handled nil))
    ;; With :file-handler the handler makes the process...
    (should (eq (make-process :name "h" :command '("x") :file-handler t) 'fake))
    (should (equal proc-tests--handled '((:name "h" :command ("x") :file-handler t))))
    ;; ...without, the program runs in the directory the handler names.
    (with-temp-buffer
      (let ((proc (make-process :name "pwd" :buffer (current-buffer)
                                :command '("pwd") :connection-type 'pipe)))
        (while (accept-process-output proc 1))
        (should (string-prefix-p "/\n" (buffer-string)))))
    (with-temp-buffer
      (should (= (call-process "pwd" nil t) 0))
      (should (equal (buffer-string) "/\n")))))
