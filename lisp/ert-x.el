;;; ert-x.el --- ERT's helpers for tests of buffers, commands and messages  -*- lexical-binding: t -*-

;; Written for marrow after the interface of Emacs 28's ert-x.el: test
;; buffers named after the running test, commands run as the command
;; loop would run them, captured messages, and a test file's resource
;; directory.

(require 'ert)
(require 'cl-lib)

;;; ---- Test buffers -------------------------------------------------

(defvar ert--test-buffers (make-hash-table :weakness t)
  "The buffers `ert-with-test-buffer' made and has not killed.")

(defun ert--format-test-buffer-name (base-name)
  "The name of a test buffer: the running test's, and BASE-NAME if any."
  (let ((test (ert-running-test)))
    (format "*Test buffer (%s)%s*"
            (if test (ert-test-name test) "<anonymous test>")
            (if base-name (format ": %s" base-name) ""))))

(defun ert--call-with-test-buffer (base-name thunk)
  "Call THUNK in a new test buffer named after BASE-NAME; kill the
buffer when THUNK returns, keep it when THUNK exits non-locally."
  (let ((buffer (generate-new-buffer (ert--format-test-buffer-name base-name))))
    (puthash buffer t ert--test-buffers)
    (prog1 (with-current-buffer buffer
             (ert-info ((buffer-name buffer) :prefix "Buffer: ")
               (funcall thunk)))
      (remhash buffer ert--test-buffers)
      (kill-buffer buffer))))

(cl-defmacro ert-with-test-buffer ((&key name) &body body)
  "Run BODY in a fresh test buffer, named after the value of the form
NAME; the buffer is killed when BODY returns, kept when it fails."
  (declare (indent 1))
  (list 'ert--call-with-test-buffer name (cons 'lambda (cons nil body))))

(defun ert-kill-all-test-buffers ()
  "Kill the test buffers failed tests left behind, saying how many went;
all are forgotten, even one a kill query kept."
  (interactive)
  (let ((buffers nil))
    (maphash (lambda (buffer _) (push buffer buffers)) ert--test-buffers)
    (clrhash ert--test-buffers)
    (setq buffers (nreverse buffers))
    (let ((gone (delq nil (mapcar #'ert-x--kill-if-live buffers))))
      (message "%s out of %s test buffers killed" (length gone) (length buffers)))
    nil))

(defun ert-x--kill-if-live (buffer)
  "Kill BUFFER unless it is dead already; non-nil unless a query kept it."
  (or (not (buffer-live-p buffer))
      (kill-buffer buffer)))

(defun ert-call-with-buffer-renamed (buffer-name thunk)
  "Call THUNK with the buffer named BUFFER-NAME out of the way: it is
renamed, a fresh one takes its name, and afterwards the fresh one is
killed and the old one gets its name back."
  (let ((original (ert-x--move-aside buffer-name)))
    (unwind-protect
        (progn (get-buffer-create buffer-name)
               (funcall thunk))
      (ert-x--move-back original buffer-name))))

(defun ert-x--move-aside (buffer-name)
  "Give the buffer named BUFFER-NAME (made if there is none) a name of
its own, \"BUFFER-NAME orig buffer\" or a numbered variant; return it."
  (let ((buffer (get-buffer-create buffer-name)))
    (with-current-buffer buffer
      (rename-buffer (concat buffer-name " orig buffer") t))
    buffer))

(defun ert-x--move-back (original buffer-name)
  "Kill whatever buffer is called BUFFER-NAME and give ORIGINAL that name again."
  (let ((stand-in (get-buffer buffer-name)))
    (when stand-in
      (kill-buffer stand-in)))
  (with-current-buffer original
    (rename-buffer buffer-name)))

(defmacro ert-with-buffer-renamed (spec &rest body)
  "Run BODY with the buffer named by the value of the form in SPEC,
\(BUFFER-NAME-FORM), out of the way, as `ert-call-with-buffer-renamed'."
  (declare (indent 1))
  (list 'ert-call-with-buffer-renamed (car spec) (cons 'lambda (cons nil body))))

(defun ert-buffer-string-reindented (&optional buffer)
  "BUFFER's text (the current buffer's by default) as `indent-region'
would leave it, BUFFER itself untouched."
  (let ((text (with-current-buffer (or buffer (current-buffer)) (buffer-string)))
        (mode (buffer-local-value 'major-mode (or buffer (current-buffer)))))
    (with-temp-buffer
      (insert text)
      (funcall mode)
      (let ((inhibit-read-only t))
        (indent-region (point-min) (point-max)))
      (buffer-string))))

;;; ---- Commands and keys --------------------------------------------

(defvar this-original-command nil
  "The command the command loop looked up, before any remapping.")
(defvar last-repeatable-command nil
  "The last command that was not a prefix command.")

(defun ert-simulate-command (command)
  "Run COMMAND, a list (FUNCTION ARGS...), as the command loop would:
the command variables set, and the pre- and post-command hooks run
around it.  Its value."
  (cl-assert (listp command) t)
  (cl-assert (commandp (car command)) t)
  (cl-assert (not unread-command-events) t)
  (setq deactivate-mark nil
        this-original-command (car command)
        this-command (or (command-remapping (car command)) (car command)))
  (run-hooks 'pre-command-hook)
  (prog1 (apply (car command) (cdr command))
    (run-hooks 'post-command-hook)
    (setq real-last-command (car command)
          last-command this-command
          last-repeatable-command real-last-command)
    (when (and deactivate-mark transient-mark-mode)
      (deactivate-mark))))

(defmacro ert-simulate-keys (keys &rest body)
  "Run BODY with KEYS, a sequence of events, as the pending input: what
reads events reads them, then a C-g."
  (declare (indent 1))
  `(let ((unread-command-events (append ,keys '(?\C-g))))
     ,@body))

(defun ert-run-idle-timers ()
  "Run the idle timers, as if Emacs had been idle."
  (mapc #'timer-event-handler (copy-sequence timer-idle-list)))

;;; ---- Strings ------------------------------------------------------

(defun ert-filter-string (s &rest regexps)
  "S without the matches of REGEXPS; an element (REGEXP SUBEXP) takes
out only that group of each match."
  (with-temp-buffer
    (insert s)
    (dolist (spec regexps)
      (let ((regexp (if (consp spec) (car spec) spec))
            (group (and (consp spec) (cadr spec))))
        (goto-char (point-min))
        (while (re-search-forward regexp nil t)
          (replace-match "" t t nil group))))
    (buffer-string)))

(defun ert-propertized-string (&rest args)
  "The strings of ARGS concatenated, each with the property list that
last came before it in ARGS (none before the first)."
  (let ((plist nil) (pieces nil))
    (dolist (x args)
      (cond ((stringp x)
             (let ((piece (copy-sequence x)))
               (set-text-properties 0 (length piece) plist piece)
               (push piece pieces)))
            ((listp x)
             (unless (zerop (% (length x) 2))
               (error "Odd number of args in plist: %S" x))
             (setq plist x))
            (t (signal 'cl-etypecase-failed (list x '(string list))))))
    (apply #'concat (nreverse pieces))))

;;; ---- Messages -----------------------------------------------------

(defun ert--make-message-advice (collector)
  "Around advice for `message' that hands COLLECTOR each message, and
a newline, before the message goes out."
  (lambda (message-function &rest args)
    (if (member (car args) '("" nil))
        (apply message-function args)
      (let ((text (apply #'format-message args)))
        (funcall collector (concat text "\n"))
        (funcall message-function "%s" text)))))

(defun ert--make-print-advice (collector)
  "Around advice for the print functions that hands COLLECTOR what
they print to the echo area, before it goes out."
  (lambda (print-function object &optional printcharfun)
    (when (eq t (or printcharfun standard-output))
      (funcall collector (with-output-to-string (funcall print-function object))))
    (funcall print-function object printcharfun)))

(defmacro ert-with-message-capture (var &rest body)
  "Run BODY with VAR bound to a string that collects, in order, the
messages Lisp code shows and what it prints to the echo area."
  (declare (indent 1))
  (let ((message-advice (make-symbol "message-advice"))
        (print-advice (make-symbol "print-advice"))
        (print-functions ''(prin1 princ print)))
    `(let* ((,var "")
            (,message-advice (ert--make-message-advice
                              (lambda (text) (setq ,var (concat ,var text)))))
            (,print-advice (ert--make-print-advice
                            (lambda (text) (setq ,var (concat ,var text))))))
       (advice-add 'message :around ,message-advice)
       (dolist (f ,print-functions) (advice-add f :around ,print-advice))
       (unwind-protect
           (progn ,@body)
         (dolist (f ,print-functions) (advice-remove f ,print-advice))
         (advice-remove 'message ,message-advice)))))

;;; ---- Resources ----------------------------------------------------

(defvar ert-resource-directory-format "%s-resources/"
  "How `ert-resource-directory' names a test file's own resources.")
(defvar ert-resource-directory-trim-left-regexp ""
  "What `ert-resource-directory' trims from the test file's name's start.")
(defvar ert-resource-directory-trim-right-regexp "\\(-tests?\\)?\\.el"
  "What `ert-resource-directory' trims from the test file's name's end.")

(defun ert--resource-directory (testfile)
  "The resource directory of TESTFILE: \"resources/\" beside it if that
exists, else one named after TESTFILE."
  (let* ((directory (file-name-directory testfile))
         (shared (expand-file-name "resources/" directory)))
    (file-truename
     (if (file-directory-p shared)
         shared
       (expand-file-name (ert-x--own-resource-name testfile) directory)))))

(defun ert-x--own-resource-name (testfile)
  "The name of TESTFILE's own resource directory, as the
`ert-resource-directory-...' variables make it."
  (let ((stem (string-trim testfile ert-resource-directory-trim-left-regexp
                           ert-resource-directory-trim-right-regexp)))
    (format ert-resource-directory-format stem)))

(defmacro ert-resource-directory ()
  "The absolute name of the test data directory of the file this is in."
  `(ert--resource-directory ,(or (macroexp-file-name) buffer-file-name)))

(defmacro ert-resource-file (file)
  "The absolute name of FILE in the test file's resource directory."
  `(expand-file-name ,file (ert-resource-directory)))

(provide 'ert-x)

;;; ert-x.el ends here
