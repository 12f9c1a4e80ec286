;;; process.el --- a program's output as a list of lines  -*- lexical-binding: t -*-

;; What Emacs's subr.el builds on call-process (src/callproc.c).

(defun process-lines-handling-status (program status-handler &rest args)
  "Run PROGRAM with ARGS and return its output's lines, without their
newlines.  STATUS-HANDLER, when non-nil, is called with the exit status
first; when nil, a status other than 0 signals an error."
  (with-temp-buffer
    (let ((status (apply #'call-process program nil t nil args))
          (lines nil))
      (cond (status-handler (funcall status-handler status))
            ((not (eq status 0))
             (error "%s exited with status %s" program status)))
      (goto-char (point-min))
      (while (not (eobp))
        (push (buffer-substring-no-properties (point) (line-end-position)) lines)
        (forward-line 1))
      (nreverse lines))))

(defun process-lines (program &rest args)
  "The lines PROGRAM run with ARGS prints; an error when it fails."
  (apply #'process-lines-handling-status program nil args))

(defun process-lines-ignore-status (program &rest args)
  "The lines PROGRAM run with ARGS prints, whatever its exit status."
  (apply #'process-lines-handling-status program #'ignore args))

(defun locate-file (filename path &optional suffixes predicate)
  "The first file FILENAME with one of SUFFIXES (default: none) in a
directory of PATH (nil: `default-directory') that PREDICATE accepts.
PREDICATE is a function (a directory is found only when it returns
`dir-ok'), nil for a readable file, or a symbol or list of the symbols
`executable', `writable', `readable' that the file must all be (none of
them: it must exist); a directory is never found by these."
  (when (and predicate (symbolp predicate) (not (functionp predicate)))
    (setq predicate (list predicate)))
  (let ((test (cond ((null predicate) #'file-readable-p)
                    ((functionp predicate) predicate)
                    (t (lambda (file) (locate-file--modes-ok file predicate))))))
    (catch 'found
      (dolist (dir (if (file-name-absolute-p filename) '(nil) (or path '(nil))))
        (dolist (suffix (or suffixes '("")))
          (let* ((file (expand-file-name (concat filename suffix) dir))
                 (ok (funcall test file)))
            (when (and ok (or (eq ok 'dir-ok) (not (file-directory-p file))))
              (throw 'found file))))))))

(defun locate-file--modes-ok (file modes)
  "Whether FILE exists and is each of MODES (`executable', `writable',
`readable') that the list MODES names."
  (and (file-exists-p file)
       (or (not (memq 'executable modes)) (file-executable-p file))
       (or (not (memq 'writable modes)) (file-writable-p file))
       (or (not (memq 'readable modes)) (file-readable-p file))))

(defun executable-find (command &optional _remote)
  "The absolute name of the program COMMAND along `exec-path', or nil."
  (locate-file command exec-path exec-suffixes #'file-executable-p))

(defun process-file (program &optional infile buffer display &rest args)
  "`call-process' (there are no remote files)."
  (apply #'call-process program infile buffer display args))

(defun call-process-shell-command (command &optional infile buffer display &rest args)
  "Run COMMAND (with ARGS after it) through `shell-file-name', as
`call-process' runs a program."
  (call-process shell-file-name infile buffer display shell-command-switch
                (mapconcat #'identity (cons command args) " ")))

(defalias 'process-file-shell-command #'call-process-shell-command)

(defun shell-command-to-string (command)
  "What the shell command COMMAND prints, standard error included."
  (with-output-to-string
    (with-current-buffer standard-output
      (call-process shell-file-name nil t nil shell-command-switch command))))

(defun process--shell-into (command buffer error-buffer)
  "Run COMMAND with its output into BUFFER at point (its errors too,
unless ERROR-BUFFER takes them); return its exit status."
  (let ((error-file (and error-buffer (make-temp-file "shell-errors"))))
    (unwind-protect
        (prog1 (with-current-buffer buffer
                 (call-process shell-file-name nil (if error-file (list t error-file) t) nil
                               shell-command-switch command))
          (let ((errors (and error-file
                             (with-temp-buffer (insert-file-contents error-file) (buffer-string)))))
            (unless (member errors '(nil ""))
              (with-current-buffer (get-buffer-create error-buffer)
                (erase-buffer)
                (insert errors)))))
      (when error-file (delete-file error-file)))))

(defun shell-command (command &optional output-buffer error-buffer)
  "Run the shell command COMMAND and show its output: as a message when
it is short, else in the buffer OUTPUT-BUFFER (*Shell Command Output*
by default); any other non-nil OUTPUT-BUFFER inserts it at point.
Return the exit status (the position after the text when inserted)."
  (interactive (list (read-shell-command "Shell command: ") current-prefix-arg nil))
  (if (and output-buffer (not (or (bufferp output-buffer) (stringp output-buffer))))
      (progn
        (barf-if-buffer-read-only)
        (push-mark nil t)
        (process--shell-into command (current-buffer) error-buffer)
        (goto-char (prog1 (mark t) (set-marker (mark-marker) (point) (current-buffer)))))
    (let ((buffer (get-buffer-create (or output-buffer "*Shell Command Output*"))))
      (with-current-buffer buffer (erase-buffer))
      (let ((status (with-current-buffer buffer
                      (process--shell-into command buffer error-buffer))))
        (with-current-buffer buffer
          (cond ((> (buffer-size) 0)
                 (when (<= (count-lines (point-min) (point-max)) 6)
                   (message "%s" (string-trim-right (buffer-string) "\n"))))
                ((eq status 0) (message "(Shell command succeeded with no output)"))
                (t (message "(Shell command failed with code %s and no output)" status))))
        status))))

;; Asynchronous processes: the primitives are in src/process.c.

(defun start-process (name buffer program &rest program-args)
  "Start PROGRAM with PROGRAM-ARGS as an asynchronous process NAME,
its output into BUFFER (a buffer, its name, or nil); return it."
  (make-process :name name :buffer buffer :command (cons program program-args)))

(defun start-process-shell-command (name buffer command)
  "Start the shell command COMMAND as an asynchronous process."
  (start-process name buffer shell-file-name shell-command-switch command))

(defun open-network-stream (name buffer host service &rest parameters)
  "Open a TCP connection to SERVICE (a port or its name) at HOST, as a
network process NAME with BUFFER; PARAMETERS may give :nowait and
:coding (there is no TLS)."
  (make-network-process :name name :buffer buffer :host host :service service
                        :nowait (plist-get parameters :nowait)
                        :tls-parameters nil
                        :coding (plist-get parameters :coding)))

(defun process-get (process propname)
  "PROCESS's value of PROPNAME in its property list."
  (plist-get (process-plist process) propname))

(defun process-put (process propname value)
  "Give PROCESS the property PROPNAME with VALUE."
  (set-process-plist process (plist-put (process-plist process) propname value)))

(defun process--buffer-end (buffer)
  (with-current-buffer buffer (point-max)))

(defun process--call (function process arg)
  "Call a filter or sentinel: its buffer changes and match data stay its own."
  (save-current-buffer
    (save-match-data
      (funcall function process arg))))

(defun process--insert-at-mark (process text)
  "Insert TEXT in PROCESS's buffer at its mark, moving the mark after
it; a point at or after the insertion moves with the text."
  (let ((buffer (process-buffer process)))
    (when (buffer-live-p buffer)
      (set-buffer buffer)
      (let* ((mark (process-mark process))
             (opoint (point))
             (before (if (marker-buffer mark) (marker-position mark) (point-max))))
        (goto-char before)
        (insert text)
        (set-marker mark (point))
        (goto-char (if (>= opoint before) (+ opoint (- (point) before)) opoint))))))

(defun internal-default-process-filter (process text)
  "Insert TEXT, output of PROCESS, in its buffer at its mark."
  (process--insert-at-mark process text))

(defun internal-default-process-sentinel (process event)
  "Note the status change EVENT of PROCESS in its buffer."
  (let ((inhibit-read-only t))
    (process--insert-at-mark process (concat "\nProcess " (process-name process) " " event))))

;;; process.el ends here
