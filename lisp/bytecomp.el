;;; bytecomp.el --- byte-compile, for the scripts that call it  -*- lexical-binding: t -*-

;; marrow has no byte compiler.  It runs the byte code Emacs's compiler
;; writes into .elc files, and its evaluator analyses each function body
;; once, when it is first run, resolving variables to slots: what a
;; script calling `byte-compile' for speed wants is already done.  So
;; `byte-compile' hands back the function it would have compiled, and a
;; benchmark that compiles its functions before timing them runs
;; unchanged.  `byte-code-function-p' of the result is nil.
;;
;; `byte-compile-file' and `batch-byte-compile' do what a compiler does
;; to a file short of byte code: macros are expanded (the file's own
;; from where they are defined on), `eval-when-compile' forms are
;; evaluated and replaced by their values, `eval-and-compile',
;; `require' and symbol property forms also run at compile time, and an error is reported
;; as Emacs reports it, with no .elc written.  The .elc holds the
;; expanded forms, printed readably, under Emacs's header, so that
;; build scripts that compile and then load the .elc run unchanged.

;;; Code:

(defun byte-compile (form)
  "FORM as a function, as Emacs's `byte-compile' gives it, though not
compiled to byte code.  A symbol stands for its function definition,
which stays; a macro's comes back as (macro . FUNCTION).  A lambda form
becomes a closure; a function is itself.  Any other form is
evaluated, as Emacs evaluates the code it compiles from one.  A bad
lambda list is reported, or signalled under `byte-compile-debug'."
  (cond ((null form) nil)
        ((symbolp form)
         (let ((def (and (fboundp form) (symbol-function form))))
           (if (eq (car-safe def) 'macro)
               (cons 'macro (byte-compile (cdr def)))
             (byte-compile def))))
        ((memq (car-safe form) '(lambda closure))
         (bytecomp--if-lambda-list-ok
          (if (eq (car form) 'lambda) (cadr form) (nth 2 form))
          (lambda () (if (eq (car form) 'lambda) (eval form t) form))))
        ((functionp form) form)
        (t (eval form t))))

(defun bytecomp--if-lambda-list-ok (args then)
  "Call THEN when ARGS is a good lambda list; else report the error as
the compiler does, a message whose text is the value, unless
`byte-compile-debug' asks for the error itself."
  (if byte-compile-debug
      (progn (byte-compile-check-lambda-list args) (funcall then))
    (condition-case err
        (progn (byte-compile-check-lambda-list args) (funcall then))
      (error (message " Error: %s" (error-message-string err))))))

(defun byte-compile-check-lambda-list (list)
  "Signal an error when LIST is no lambda list: a variable that is no
symbol or is constant, &rest not followed by exactly one variable, or
&optional twice.  A repeated variable (not named _...) gets a warning."
  (let ((seen nil))
    (while list
      (let ((arg (car list)))
        (cond ((or (not (symbolp arg)) (memq arg '(nil t)) (keywordp arg))
               (error "Invalid lambda variable %s" arg))
              ((eq arg '&rest) (bytecomp--check-rest (cdr list)))
              ((eq arg '&optional)
               (when (memq '&optional (cdr list))
                 (error "Duplicate &optional")))
              ((and (memq arg seen) (not (string-prefix-p "_" (symbol-name arg))))
               (message " Warning: repeated variable %s in lambda-list" arg))
              (t (push arg seen))))
      (setq list (cdr list)))))

(defun bytecomp--check-rest (after)
  "Check AFTER, what follows &rest in a lambda list."
  (cond ((null after) (error "&rest without variable name"))
        ((cdr after) (error "Garbage following &rest VAR in lambda-list"))
        ((memq (car after) '(&optional &rest))
         (error "%s following &rest in lambda-list" (car after)))))

;;;; Compiling files

(defvar emacs-lisp-file-regexp "\\.el\\'"
  "What ends the name of a file of Emacs Lisp source.")

(defun byte-compile-dest-file (filename)
  "The .elc file compiling FILENAME writes."
  (let ((name (file-name-sans-versions filename)))
    (if (string-match emacs-lisp-file-regexp name)
        (concat (substring name 0 (match-beginning 0)) ".elc")
      (concat name ".elc"))))

(defvar bytecomp--environment nil
  "The macros known while a file compiles: the file's own so far, and
the compile-time forms, as `macroexpand-all' takes them.")

(defvar bytecomp--lexical nil "Whether the file being compiled is lexical.")

(defun bytecomp--compile-time-macros ()
  "The forms a compiler runs as it meets them."
  (list (cons 'eval-when-compile
              (lambda (&rest body)
                (list 'quote (eval (bytecomp--expand (cons 'progn body))
                                   bytecomp--lexical))))
        (cons 'eval-and-compile
              (lambda (&rest body)
                (let ((expanded (bytecomp--expand (cons 'progn body))))
                  (eval expanded bytecomp--lexical)
                  expanded)))))

(defun bytecomp--expand (form)
  (macroexpand-all form bytecomp--environment))

(defun bytecomp--note-toplevel (form)
  "Run what of the expanded top-level FORM a compiler runs: `require',
symbol properties, and a macro's definition, which later forms of the
file then expand."
  (pcase form
    (`(,(or 'progn 'prog1) . ,forms) (mapc #'bytecomp--note-toplevel forms))
    ;; A symbol property the file sets, such as a `gv-define-setter'
    ;; expander, serves its later forms too.
    (`(,(or 'require 'function-put 'put) . ,_) (eval form bytecomp--lexical))
    (`(defalias ',name (cons 'macro ,fn))
     (push (cons name (eval fn bytecomp--lexical)) bytecomp--environment))))

(defun bytecomp--file-lexical-p ()
  "Whether the buffer's first line (after a #! line) sets lexical-binding."
  (save-excursion
    (goto-char (point-min))
    (when (looking-at "#!") (forward-line 1))
    (let ((line (buffer-substring (point) (line-end-position))))
      (and (string-match "-\\*-.*lexical-binding:[ \t]*\\([^ \t;]+\\)" line)
           (not (equal (match-string 1 line) "nil"))))))

(defun bytecomp--where (start)
  "FILE:LINE:COLUMN of buffer position START, as compiler messages say."
  (save-excursion
    (goto-char start)
    (format "%s:%d:%d" (file-relative-name byte-compile-current-file)
            (line-number-at-pos) (1+ (current-column)))))

(defvar byte-compile-current-file nil "The file being compiled.")

(defun bytecomp--skip-to-form ()
  "Move past blanks and comments; non-nil unless that reaches the end."
  (while (progn (skip-chars-forward " \t\n\f\r") (looking-at ";"))
    (forward-line 1))
  (not (eobp)))

(defun bytecomp--compile-buffer ()
  "The buffer's forms, compiled; or nil after reporting an error."
  (let ((bytecomp--lexical (bytecomp--file-lexical-p))
        (bytecomp--environment (bytecomp--compile-time-macros))
        (compiled nil) (failed nil))
    (goto-char (point-min))
    (while (and (not failed) (bytecomp--skip-to-form))
      (let ((start (point)))
        (condition-case err
            (let ((expanded (bytecomp--expand (read (current-buffer)))))
              (bytecomp--note-toplevel expanded)
              (push expanded compiled))
          (error
           ;; Expanding is all marrow compiles: its errors are the
           ;; ones Emacs reports from the top-level form.
           (message "\nIn toplevel form:\n%s: Error: %s"
                    (bytecomp--where start) (error-message-string err))
           (setq failed t)))))
    (unless failed (cons bytecomp--lexical (nreverse compiled)))))

(defun bytecomp--write (dest lexical forms)
  "Write FORMS, compiled from a LEXICAL file or not, as DEST."
  (with-temp-file dest
    (insert ";ELC\034\0\0\0"
            (if lexical " -*- lexical-binding: t -*-" "")
            "\n;;; Compiled\n;;; in Emacs version " emacs-version
            " (by marrow: macros expanded, no byte code)\n\n")
    (let ((print-circle t) (print-gensym t) (print-escape-newlines t)
          (print-length nil) (print-level nil) (print-quoted t))
      (dolist (form forms)
        (prin1 form (current-buffer))
        (insert "\n")))))

(defun byte-compile-file (filename &optional load)
  "Compile FILENAME into its .elc (see `byte-compile-dest-file'); then
load the .elc when LOAD.  The value is t, or nil after an error."
  (let* ((byte-compile-current-file (expand-file-name filename))
         ;; What is being loaded meanwhile is not the file compiled.
         (current-load-list nil)
         (result (with-temp-buffer
                   (insert-file-contents byte-compile-current-file)
                   (let ((default-directory (file-name-directory byte-compile-current-file)))
                     (bytecomp--compile-buffer)))))
    (when result
      (let ((dest (byte-compile-dest-file byte-compile-current-file)))
        (bytecomp--write dest (car result) (cdr result))
        (when load (load dest nil t t))
        t))))

(defun byte-recompile-file (filename &optional force arg load)
  "Compile FILENAME when its .elc is older, or FORCE; without an .elc,
only when ARG is 0 (or, non-nil, when a question would say yes)."
  (let ((dest (byte-compile-dest-file filename)))
    (if (if (file-exists-p dest)
            (or force (file-newer-than-file-p filename dest))
          (eq arg 0))
        (byte-compile-file filename load)
      (when load (load (if (file-exists-p dest) dest filename) nil t))
      'no-byte-compile)))

(defun batch-byte-compile (&optional _noforce)
  "Compile the files (or the .el files of directories) that remain on
the command line, then exit: status 1 if any failed."
  (let ((failed nil))
    (while command-line-args-left
      (let ((arg (pop command-line-args-left)))
        (dolist (file (if (file-directory-p arg)
                          (directory-files arg t "\\.el\\'")
                        (list arg)))
          (unless (byte-compile-file file)
            (setq failed t)))))
    (kill-emacs (if failed 1 0))))

(provide 'bytecomp)

;;; bytecomp.el ends here
