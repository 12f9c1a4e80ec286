;;; warnings.el --- warnings as batch Emacs shows them, for marrow  -*- lexical-binding: t -*-

;; Emacs logs a warning in the *Warnings* buffer and, in batch mode,
;; also writes it to standard error with `message'.  Marrow always runs
;; as batch Emacs does, so it does both.

(defvar warning-levels
  '((:emergency "Emergency%s: ")
    (:error "Error%s: ")
    (:warning "Warning%s: ")
    (:debug "Debug%s: "))
  "The warning levels, most severe first: (LEVEL FORMAT), where FORMAT
begins the warning's line, its %s taking `warning-type-format'.")

(defvar warning-level-aliases
  '((emergency . :emergency) (error . :error) (warning . :warning)
    (notice . :warning) (info . :warning) (critical . :emergency)
    (alarm . :emergency))
  "Old level names and the levels they stand for.")

(defvar warning-minimum-level :warning
  "Warnings less severe than this are not shown in a window: unused,
as marrow has none.")

(defvar warning-minimum-log-level :warning
  "Warnings less severe than this are not logged (nor shown).")

(defvar warning-suppress-log-types nil
  "Warning types neither logged nor shown, each a list of symbols: a
warning's type is suppressed when one of them starts it (a symbol type
counts as the list of itself).")

(defvar warning-suppress-types nil
  "Warning types not shown in a window, as `warning-suppress-log-types'
lists them: unused, as marrow has no window.")

(defvar warning-type-format " (%s)"
  "How a warning's type is shown in its line.")

(defun warning-numeric-level (level)
  "LEVEL's severity as a number, larger for the more severe."
  (let ((tail (memq (assq level warning-levels) warning-levels)))
    (if tail (length tail) 0)))

(defun warning--starts-p (prefix list)
  "Whether the list PREFIX is the start of LIST."
  (while (and (consp prefix) (consp list) (equal (car prefix) (car list)))
    (setq prefix (cdr prefix) list (cdr list)))
  (null prefix))

(defun warning-suppress-p (type suppress-list)
  "Whether warning TYPE (a symbol, or a list of symbols) is suppressed
by SUPPRESS-LIST: whether one of its lists starts TYPE."
  (let ((type-list (if (consp type) type (list type)))
        (found nil))
    (dolist (entry suppress-list found)
      (when (and (consp entry)
                 (if (consp type)
                     (warning--starts-p entry type-list)
                   (equal entry type-list)))
        (setq found t)))))

(defun warning--level (level)
  "LEVEL, an old name replaced by the level it stands for, with a
warning about the old name, as Emacs gives."
  (let ((new (cdr (assq level warning-level-aliases))))
    (if (not new)
        (or level :warning)
      (warn "Warning level `%s' is obsolete; use `%s' instead" level new)
      new)))

(defun display-warning (type message &optional level buffer-name)
  "Warn about MESSAGE of TYPE (a symbol, or a list whose first symbol
names it) at LEVEL (:emergency, :error, :warning, the default, or
:debug): log it in BUFFER-NAME (*Warnings* by default) and write it
to standard error, unless LEVEL is below `warning-minimum-log-level'
or `warning-suppress-log-types' suppresses TYPE; then return t.  The
display options (`warning-minimum-level', `warning-suppress-types')
do not apply: as in batch Emacs, there is no display but the message.
Return the text written."
  (setq level (warning--level level))
  (or (< (warning-numeric-level level)
         (warning-numeric-level warning-minimum-log-level))
      (warning-suppress-p type warning-suppress-log-types)
      (let ((text (concat (format (nth 1 (assq level warning-levels))
                                  (format warning-type-format
                                          (if (consp type) (car type) type)))
                          message)))
        (with-current-buffer (get-buffer-create (or buffer-name "*Warnings*"))
          (goto-char (point-max))
          (insert text "\n"))
        (message "%s" text))))

(defun lwarn (type level message &rest args)
  "`display-warning' of TYPE at LEVEL with MESSAGE formatted with ARGS
by `format-message'."
  (display-warning type (apply #'format-message message args) level))

(defun warn (message &rest args)
  "A warning of type `emacs': MESSAGE formatted with ARGS by
`format-message'."
  (display-warning 'emacs (apply #'format-message message args)))

(provide 'warnings)

;;; warnings.el ends here
