;;; callint.el --- calling commands interactively, for marrow  -*- lexical-binding: t -*-

;; Emacs's call-interactively reads a command's arguments as its
;; interactive form says.  Marrow runs as batch Emacs does: no keys,
;; no mark, and the minibuffer reads standard input.

(defun prefix-numeric-value (raw)
  "The number the raw prefix argument RAW stands for: 1 for nil, -1 for
`-', N for (N) or N."
  (cond ((null raw) 1)
        ((eq raw '-) -1)
        ((consp raw) (car raw))
        ((integerp raw) raw)
        (t 1)))

(defun callint--mark ()
  "The mark's position; an error when it is not set."
  (or (mark t) (error "The mark is not set now")))

(defun callint--region ()
  "The region's bounds, a list; an error when the mark is not set."
  (let ((mark (or (mark t) (error "The mark is not set now, so there is no region"))))
    (list (min (point) mark) (max (point) mark))))

(defun callint--read (prompt)
  "Read a Lisp object from a string read with PROMPT."
  (car (read-from-string (read-string prompt))))

(defun callint--event-with-parameters (function keys)
  "The first event of KEYS (else of the keys that ran the command) that
has parameters, as the code e asks; an error without one."
  (or (seq-find #'consp (append keys nil))
      (error "%s must be bound to an event with parameters"
             (if (symbolp function) function "command"))))

(defun callint--code-values (code prompt function keys)
  "What the interactive code letter CODE gives: a list of (VALUE . FORM)
pairs, FORM being what `command-history' records for VALUE (nil for
VALUE itself).  PROMPT is for the codes that read."
  (pcase code
    (?a (list (list (callint--read-symbol prompt))))
    (?b (list (list (read-buffer prompt (current-buffer) t))))
    (?B (list (list (read-buffer prompt (other-buffer (current-buffer))))))
    (?c (list (list (read-char prompt))))
    (?C (list (list (read-command prompt))))
    (?d (list (cons (point) '(point))))
    (?D (list (list (read-directory-name prompt nil default-directory t))))
    (?e (list (list (callint--event-with-parameters function keys))))
    (?f (list (list (read-file-name prompt nil nil 'lambda))))
    (?F (list (list (read-file-name prompt))))
    (?G (list (list (read-file-name prompt nil nil nil ""))))
    ((or ?i ?U) (list (list nil)))
    (?k (list (list (read-key-sequence prompt))))
    (?K (list (list (read-key-sequence-vector prompt))))
    (?m (list (cons (callint--mark) '(mark))))
    (?M (list (list (read-string prompt nil nil nil t))))
    (?n (list (list (read-number prompt))))
    (?N (list (list (if current-prefix-arg
                        (prefix-numeric-value current-prefix-arg)
                      (read-number prompt)))))
    (?p (list (list (prefix-numeric-value current-prefix-arg))))
    (?P (list (list current-prefix-arg)))
    (?r (let ((region (callint--region)))
          (list (cons (car region) '(region-beginning))
                (cons (cadr region) '(region-end)))))
    (?s (list (list (read-string prompt))))
    (?S (list (list (callint--read-symbol prompt))))
    (?v (list (list (read-variable prompt))))
    (?x (list (list (callint--read prompt))))
    (?X (list (list (eval (callint--read prompt) t))))
    (?z (list (list (callint--read-symbol prompt))))
    (?Z (list (list (and current-prefix-arg (callint--read-symbol prompt)))))
    (_ (error "Invalid control letter `%c' (#o%03o, #x%04x) in interactive calling string"
              code code code))))

(defun callint--string-spec-body (spec)
  "SPEC less its leading *, @ and ^, having done what they ask: * that
the buffer be writable (@ selects a window and ^ extends a shifted
selection, neither of which batch has)."
  (let ((start 0))
    (while (and (< start (length spec)) (memq (aref spec start) '(?* ?@ ?^)))
      (when (eq (aref spec start) ?*)
        (barf-if-buffer-read-only))
      (setq start (1+ start)))
    (substring spec start)))

(defun callint--string-values (spec function keys)
  "The (VALUE . FORM) pairs the interactive string SPEC gives: one or
more per line, each a code letter and a prompt, which may format the
values before it with %s."
  (let ((spec (callint--string-spec-body spec))
        (values nil))
    (unless (string= spec "")
      ;; A final newline ends the last line; an empty line within reads
      ;; as the code letter newline, which Emacs rejects.
      (dolist (line (split-string (if (string-suffix-p "\n" spec) (substring spec 0 -1) spec)
                                  "\n"))
        (let ((code (if (string= line "") ?\n (aref line 0)))
              (prompt (substring line (min 1 (length line)))))
          (when (string-search "%" prompt)
            (setq prompt (apply #'format-message prompt (mapcar #'car (reverse values)))))
          (setq values (nconc (nreverse (callint--code-values code prompt function keys))
                              values)))))
    (nreverse values)))

(defun callint--values (spec function keys)
  "The (VALUE . FORM) pairs the interactive form (interactive SPEC) of
FUNCTION gives, called by KEYS: SPEC a string of code letters, or a
form evaluated for the list of arguments (recorded quoted)."
  (cond ((null spec) nil)
        ((stringp spec) (callint--string-values spec function keys))
        (t (let ((forms (callint--preserved-forms spec)))
             (mapcar (lambda (value)
                       (let ((form (pop forms)))
                         (cond (form (cons value form))
                               ((or (consp value) (and (symbolp value) value (not (eq value t))))
                                (cons value (list 'quote value)))
                               (t (list value)))))
                     (eval spec t))))))

(defun callint--preserved-forms (spec)
  "For the interactive form SPEC, the argument expressions that
`command-history' keeps as they are, so that repeating the command
uses the point, mark or region of then: a list with nil for the other
arguments.  Only a `list' form (perhaps the last of a `let', `let*',
`save-excursion' or `progn') has such, its arguments that call
`point', `mark', `region-beginning' or `region-end' (perhaps as the
value of an `if' without else, or the last of a `when')."
  (while (and (consp spec) (memq (car spec) '(let let* save-excursion progn)))
    (setq spec (car (last spec))))
  (when (eq (car-safe spec) 'list)
    (mapcar (lambda (argument)
              (let ((call (pcase argument
                            (`(if ,_ ,then) then)
                            (`(when . ,body) (car (last body)))
                            (_ argument))))
                (and (memq (car-safe call) '(point mark region-beginning region-end))
                     argument)))
            (cdr spec))))

(defun callint--record (function values)
  "Put the call of FUNCTION with VALUES on `command-history'."
  (add-to-history 'command-history
                  (cons function (mapcar (lambda (value) (or (cdr value) (car value))) values))
                  nil t))

(defun add-to-history (history-var newelt &optional maxelt keep-all)
  "Put NEWELT at the front of the history list HISTORY-VAR, which keeps
MAXELT elements (by default its `history-length' property, else
`history-length'; t, no limit).  Unless KEEP-ALL, an empty string or
the newest element again is not added, and with
`history-delete-duplicates' older copies go."
  (let ((maxelt (or maxelt (get history-var 'history-length) history-length))
        (history (symbol-value history-var)))
    (when (and (listp history)
               (or keep-all
                   (and (not (equal newelt "")) (not (equal newelt (car history))))))
      (when history-delete-duplicates
        (setq history (delete newelt history)))
      (push newelt history)
      (when (integerp maxelt)
        (let ((last-kept (and (> maxelt 0) (nthcdr (1- maxelt) history))))
          (if last-kept (setcdr last-kept nil) (when (<= maxelt 0) (setq history nil)))))
      (set history-var history))))

(defun command-execute (cmd &optional record-flag keys _special)
  "Run the command CMD as the command loop does: a keyboard macro (a
string or vector) is executed, recorded on `command-history' with
RECORD-FLAG; anything else is called interactively with KEYS and the
pending `prefix-arg' as `current-prefix-arg'."
  (let ((current-prefix-arg prefix-arg)
        (final (indirect-function cmd)))
    (setq prefix-arg nil)
    (if (or (stringp final) (vectorp final))
        (progn
          (when record-flag
            (add-to-history 'command-history
                            (list 'execute-kbd-macro final current-prefix-arg) nil t))
          (execute-kbd-macro final current-prefix-arg))
      (call-interactively cmd record-flag keys))))

(defun callint--add-event (key event)
  "KEY with EVENT after it: when that has no binding, EVENT as
`local-function-key-map' translates it (so <backspace> is DEL), as the
command loop reads keys."
  (let ((plain (vconcat key (list event))))
    (if (key-binding plain)
        plain
      (let ((translation (lookup-key local-function-key-map (vector event))))
        (if (arrayp translation)
            (vconcat key translation)
          plain)))))

(defun execute-kbd-macro (macro &optional count _loopfunc)
  "Run the keys of the keyboard macro MACRO (a string, a vector or a
symbol defined as one) COUNT times (once by default; 0, until an error
ends it), each complete key running its command in the active keymaps."
  (let* ((keys (append (if (symbolp macro) (indirect-function macro) macro) nil))
         (count (or count 1))
         (round 0))
    (while (or (zerop count) (< round count))
      (let ((pending keys)
            (run 0))
        (while pending
          ;; As the command loop does, each key is looked up and run in
          ;; the selected window's buffer, which stays current after.
          (set-buffer (window-buffer (selected-window)))
          (let ((key (callint--add-event [] (pop pending))))
            (while (and pending (keymapp (key-binding key)))
              (setq key (callint--add-event key (pop pending))))
            (let ((command (key-binding key))
                  (last-command-event (aref key (1- (length key)))))
              (unless (commandp command)
                (user-error "%s is undefined" (key-description key)))
              (setq run (callint--undo-boundary command run))
              (setq this-command command real-this-command command)
              (command-execute command nil key)
              (setq last-command this-command real-last-command real-this-command
                    this-command nil real-this-command nil)))))
      (setq round (1+ round)))))

(defconst callint--amalgamating-commands
  '(self-insert-command delete-char delete-backward-char delete-forward-char)
  "The commands whose runs of one-character changes undo as one, as
Emacs's `undo-auto-amalgamate' joins them.")

(defun callint--undo-boundary (command run)
  "Close the previous command's changes with an undo boundary before
COMMAND runs, as the command loop does, unless COMMAND repeats the
previous one-character insertion or deletion: Emacs undoes up to 20 of
those together.  RUN counts those joined so far; return the new count."
  (if (and (memq command callint--amalgamating-commands)
           (eq command last-command)
           (< (abs (prefix-numeric-value prefix-arg)) 2)
           (< run 19))
      (1+ run)
    ;; Also where the next change's point record is taken from.
    (undo-boundary)
    0))

;; kmacro.el's entry point without its ring, counters and repeat keys.
(defun kmacro-call-macro (arg &optional _no-repeat _end-macro macro)
  "Run the keyboard MACRO (`last-kbd-macro' when nil) ARG times."
  (interactive "p")
  (let ((macro (or macro last-kbd-macro)))
    (unless macro
      (error "No kbd macro has been defined"))
    (execute-kbd-macro macro (prefix-numeric-value arg))))

(defun callint--call (function record-flag keys)
  "`call-interactively' FUNCTION, recording it with RECORD-FLAG; KEYS the
events that called it."
  (let ((values (callint--values (cadr (interactive-form function)) function keys)))
    (when record-flag
      (callint--record function values))
    (apply #'funcall-interactively function (mapcar #'car values))))

;;; ---- Keys and names read

(defun callint--key-string (keys)
  "KEYS as the string Emacs makes of a key sequence, or nil: when every
event is an ASCII character, perhaps with meta (which sets bit 7 of
its byte)."
  (and (seq-every-p (lambda (event)
                      (and (integerp event) (< (logand event (lognot ?\M-\0)) 128)))
                    keys)
       (apply #'unibyte-string
              (mapcar (lambda (event)
                        (if (= 0 (logand event ?\M-\0)) event (logior 128 (logand event 127))))
                      keys))))

(defun read-key-sequence (prompt &optional _continue-echo _dont-downcase-last
                                 _can-return-switch-frame _cmd-loop)
  "Read events (echoing PROMPT) until they make a complete key in the
active keymaps: a string when they are all ASCII characters (meta ones
with bit 7 set), else a vector."
  (let ((keys (read-key-sequence-vector prompt)))
    (or (callint--key-string keys) keys)))

(defun callint--unshifted (event)
  "EVENT without its shift modifier (an upper-case ASCII letter down-cased),
or nil when it has none."
  (cond ((and (integerp event) (/= 0 (logand event ?\S-\0))) (logxor event ?\S-\0))
        ((and (integerp event) (<= ?A event ?Z)) (downcase event))
        ((and (symbolp event)
              (string-match "\\`\\(\\(?:[ACHMs]-\\)*\\)S-" (symbol-name event)))
         (intern (replace-match "\\1" t nil (symbol-name event))))))

(defun callint--shift-translate (keys)
  "KEYS, their last event unshifted when only that makes them bound, as
Emacs's shift translation does."
  (let* ((last (1- (length keys)))
         (unshifted (and (null (key-binding keys)) (callint--unshifted (aref keys last)))))
    (if (null unshifted)
        keys
      (let ((other (copy-sequence keys)))
        (aset other last unshifted)
        (if (key-binding other) other keys)))))

(defun read-key-sequence-vector (prompt &optional _continue-echo _dont-downcase-last
                                        _can-return-switch-frame _cmd-loop)
  "Read events (echoing PROMPT) until they make a complete key in the
active keymaps, and return them in a vector."
  (let ((keys (vector (read-event prompt))))
    (while (keymapp (key-binding keys))
      (setq keys (vconcat keys (list (read-event)))))
    (callint--shift-translate keys)))

(defun read-command (prompt &optional default-value)
  "A command's name read with PROMPT, a symbol; the empty string gives
DEFAULT-VALUE."
  (let ((name (read-string prompt)))
    (if (and (string= name "") default-value)
        (if (stringp default-value) (intern default-value) default-value)
      (intern name))))

(defun read-variable (prompt &optional default-value)
  "A variable's name read with PROMPT, a symbol; the empty string gives
DEFAULT-VALUE."
  (read-command prompt default-value))

(defun callint--plumbing-p (function)
  "Whether a frame calling FUNCTION is advice's own between a function
and its caller: apply, funcall, nadvice's functions and objects, or a
symbol whose definition is advice."
  (or (memq function '(apply funcall))
      (and (symbolp function) (string-prefix-p "nadvice--" (symbol-name function)))
      (and (fboundp 'advice--p)
           (advice--p (if (symbolp function) (and (fboundp function) (symbol-function function))
                        function)))))

(defun callint--advice-functions (frames)
  "The functions of the advice on the advised symbols FRAMES call."
  (mapcan (lambda (frame)
            (let ((function (nth 1 frame)))
              (and (symbolp function)
                   (mapcar #'cadr (get function 'nadvice--pieces)))))
          frames))

(defun callint--calls (frames)
  "FRAMES less the forms being evaluated (special forms, calls whose
arguments are not all evaluated), which Emacs skips here too."
  (let ((calls nil))
    (dolist (frame frames)
      (when (car frame)
        (push frame calls)))
    (nreverse calls)))

(defun callint--called-interactively-p ()
  "Whether the caller of `called-interactively-p' was called by
`funcall-interactively' (so by `call-interactively'), looking through
the advice between them: for a piece of advice, whether the function
it advises was.  As in Emacs, the advised definition itself, called
from its advice, is not: a piece of advice is looked through only
when it called more advice, not the definition."
  (let* ((callers (cddr (callint--calls (backtrace-frames 'called-interactively-p))))
         (advice (callint--advice-functions callers))
         (from-advice nil))
    (while (and callers
                (let ((function (nth 1 (car callers))))
                  (cond ((memq function '(apply funcall)))
                        ((callint--plumbing-p function) (setq from-advice t))
                        ((and from-advice (memq function advice))))))
      (pop callers))
    (eq (nth 1 (car callers)) 'funcall-interactively)))

;;; ---- Reading in the minibuffer, which batch reads from standard input.
;; Batch Emacs completes nothing: each of these reads a line and takes
;; it as it is, an empty one giving the default where there is one.

(defun callint--default-name (default)
  "DEFAULT as a string: the first of a list, a buffer's name."
  (let ((default (if (consp default) (car default) default)))
    (if (bufferp default) (buffer-name default) default)))

(defun callint--prompt-with-default (prompt default)
  "PROMPT saying DEFAULT, as Emacs's `read-buffer' and `read-number' do
with a prompt ending in a colon and space."
  (if (and default (string-suffix-p ": " prompt))
      (format "%s (default %s): " (substring prompt 0 -2) default)
    prompt))

(defun read-buffer (prompt &optional def _require-match _predicate)
  "Read a buffer name with PROMPT; the empty string gives DEF (a buffer,
a name or a list of names) when there is one."
  (let ((default (callint--default-name def)))
    (read-string (callint--prompt-with-default prompt default) nil nil default)))

(defun read-buffer-to-switch (prompt)
  "Read the name of a buffer to switch to, the other buffer by default."
  (read-buffer prompt (other-buffer (current-buffer))))

(defun read-file-name (prompt &optional _dir _default-filename _mustmatch initial _predicate)
  "Read a file name with PROMPT, taken as typed."
  (read-string prompt initial 'file-name-history))

(defun read-directory-name (prompt &optional _dir _default-dirname _mustmatch initial)
  "Read a directory name with PROMPT, taken as typed."
  (read-string prompt initial 'file-name-history))

(defun read-shell-command (prompt &optional initial-contents hist &rest _args)
  "Read a shell command with PROMPT."
  (read-string prompt initial-contents (or hist 'shell-command-history)))

(defun read-regexp (prompt &optional defaults history)
  "Read a regexp with PROMPT (given a colon when it has none); the empty
string gives the first of DEFAULTS, if any."
  (let ((default (callint--default-name defaults)))
    (read-string (if (string-match-p ":[ \t]*\\'" prompt) prompt (concat prompt ": "))
                 nil (or history 'regexp-history) default)))

(defun read-number (prompt &optional default _hist)
  "Read a number with PROMPT, asking again until one is typed; the empty
string gives DEFAULT (its first element, if a list)."
  (let* ((defaults (cond ((consp default) (mapcar #'number-to-string (delq nil default)))
                         (default (number-to-string default))))
         (default (if (consp default) (car default) default))
         (prompt (callint--prompt-with-default prompt default))
         (number nil))
    (while (not number)
      (let* ((text (read-from-minibuffer prompt nil nil nil 'read-number-history defaults))
             (value (if (string= text "") default (ignore-errors (read text)))))
        (if (numberp value)
            (setq number value)
          (message "Please enter a number.")
          (sit-for 1))))
    number))

(defun read-char-from-minibuffer (prompt &optional _chars _history)
  "Read a character with PROMPT: the first of the line typed, RET for an
empty line."
  (let ((line (read-string prompt)))
    (if (string= line "") ?\r (aref line 0))))

(defun read-char-choice (prompt chars &optional inhibit-keyboard-quit)
  "Read one of CHARS with PROMPT: from the minibuffer as
`read-char-from-minibuffer' does (in batch, the first character of the
line), or when `read-char-choice-use-read-key' is set, key by key,
ignoring others (C-g quits unless INHIBIT-KEYBOARD-QUIT)."
  (if read-char-choice-use-read-key
      (read-char-choice-with-read-key prompt chars inhibit-keyboard-quit)
    (read-char-from-minibuffer prompt chars)))

(defun read-char-choice-with-read-key (prompt chars &optional inhibit-keyboard-quit)
  "Read keys with PROMPT until one of CHARS, and return it; C-g quits
unless INHIBIT-KEYBOARD-QUIT, `help-char' shows `help-form'."
  (unless (consp chars)
    (error "Called `read-char-choice' without valid char choices"))
  (let ((char nil))
    (while (not (memq char chars))
      (setq char (read-event prompt))
      (cond ((not (numberp char)))
            ((and (bound-and-true-p help-form) (eq char (bound-and-true-p help-char)))
             (message "%s" (eval help-form t)))
            ((and (not inhibit-keyboard-quit) (eq char ?\C-g))
             (keyboard-quit))))
    (message "%s%s" prompt (char-to-string char))
    char))

(defun callint--read-symbol (prompt)
  "Read a symbol's name with PROMPT."
  (intern (read-string prompt)))

;;; ---- The interactive forms of primitives (see eval.c).

(defun goto-char--read-natnum-interactive (prompt)
  "The argument of `goto-char': the prefix argument, else a number read
with PROMPT (point by default)."
  (list (if (and current-prefix-arg (not (consp current-prefix-arg)))
            (prefix-numeric-value current-prefix-arg)
          (read-number prompt (list (point))))))

(defun read-char-by-name (prompt)
  "A character read with PROMPT: its Unicode name, or its code in hex
(#x, #o or #N prefixes allowed)."
  (let ((text (string-trim (read-string prompt))))
    (or (cond ((string-match "\\`#\\([xo]\\)?\\([0-9a-fA-F]+\\)\\'" text)
               (string-to-number (match-string 2 text)
                                 (if (equal (match-string 1 text) "o") 8
                                   (if (match-beginning 1) 16 10))))
              ((string-match-p "\\`[0-9a-fA-F]+\\'" text) (string-to-number text 16))
              (t (char-from-name text t)))
        (error "Invalid character"))))

(defun confirm-nonexistent-file-or-buffer ()
  "What the option of that name says reading a new name asks for:
confirmation (`confirm'), after completion only, or nothing (nil)."
  (cond ((eq confirm-nonexistent-file-or-buffer 'after-completion)
         'confirm-after-completion)
        (confirm-nonexistent-file-or-buffer 'confirm)))

(defun read-file-modes (&optional prompt orig-file)
  "File modes read with PROMPT, in octal or symbolically (then relative
to ORIG-FILE's)."
  (let ((text (read-string (or prompt "File modes (octal or symbolic): "))))
    (if (string-match-p "\\`[0-7]+\\'" text)
        (string-to-number text 8)
      (file-modes-symbolic-to-number text (and orig-file (file-modes orig-file))))))

(defun read-envvar-name (prompt &optional _mustmatch)
  "An environment variable's name read with PROMPT."
  (read-string prompt))

(defun callint--directory-to-delete ()
  "The arguments of `delete-directory': the name read, whether to delete
its contents (asked when it has some) and whether to move it to the
trash."
  (let* ((trash (and delete-by-moving-to-trash (null current-prefix-arg)))
         (name (expand-file-name
                (read-directory-name (if trash "Move directory to trash: " "Delete directory: ")
                                     default-directory default-directory nil nil))))
    (list name
          (and (directory-files name nil directory-files-no-dot-files-regexp)
               (y-or-n-p (format-message "Directory `%s' is not empty, really %s? "
                                         name (if trash "trash" "delete"))))
          (null current-prefix-arg))))

(defun callint--setenv-args ()
  "The arguments of `setenv': a variable and its value read, or with a
prefix argument a variable to clear."
  (if current-prefix-arg
      (list (read-envvar-name "Clear environment variable: " 'exact) nil)
    (let ((variable (read-envvar-name "Set environment variable: " nil)))
      (list variable (read-string (format "Set %s to value: " variable)) t))))


;;; callint.el ends here
