;;; help.el --- key bindings in documentation text, as Emacs 28 writes them  -*- lexical-binding: t -*-

;; `substitute-command-keys' turns the \\[COMMAND], \\<MAP> and \\=
;; constructs of a documentation string, and its grave accents and
;; apostrophes, into what Emacs 28 shows: the keys COMMAND is on (in the
;; face `help-key-binding'), the quotes `text-quoting-style' asks for.

(defun text-quoting-style ()
  "The quoting style in use: `curve' (‘like this’), `straight' ('like
this') or `grave' (`like this'), from the variable `text-quoting-style'."
  (cond ((eq text-quoting-style 'grave) 'grave)
        ((eq text-quoting-style 'straight) 'straight)
        (t 'curve)))

(defconst help--key-binding-properties '(face help-key-binding font-lock-face help-key-binding)
  "The text properties of key descriptions in help text.")

(defun help--fontified (text)
  "TEXT with the faces of a key description."
  (add-text-properties 0 (length text) help--key-binding-properties text)
  text)

(defun help--key-description-fontified (keys &optional prefix)
  "As `key-description', in the face `help-key-binding'."
  (help--fontified (key-description keys prefix)))

(defun help--command-keys-text (name keymap no-face)
  "What \\[NAME] becomes: the first key sequence of the command NAME
\(a substring) in KEYMAP and the global map, or in the active maps
when KEYMAP is nil, else \"M-x NAME\"; in the key face unless NO-FACE."
  (let* ((command (intern name))
         (keys (where-is-internal command keymap t)))
    (when (and (vectorp keys) (> (length keys) 1) (eq (aref keys 0) 'remap)
               (symbolp (aref keys 1)))
      (setq keys (where-is-internal (aref keys 1) keymap t)))
    (let ((text (if keys (key-description keys) (concat "M-x " name))))
      (if no-face text (help--fontified text)))))

(defun help--undefined-keymap-text (name)
  "What \\<NAME> or \\{NAME} becomes when NAME holds no keymap."
  (concat "\nUses keymap " (substitute-command-keys "`") name
          (substitute-command-keys "'") ", which is not currently defined.\n"))

(defun help--keymap-named (name)
  "The keymap the variable NAME (a string) holds, or nil."
  (let ((variable (intern name)))
    (and (boundp variable) (keymapp (symbol-value variable)) (symbol-value variable))))

(defun help--quote-text (c style)
  "What the quote character C becomes in STYLE, or nil to keep it."
  (cond ((eq style 'curve) (if (eq c ?`) "‘" "’"))
        ((and (eq style 'straight) (eq c ?`)) "'")))

(defun substitute-command-keys (string &optional no-face)
  "STRING with its \\[COMMAND] replaced by the keys COMMAND is on (or
\"M-x COMMAND\"), in the face `help-key-binding' unless NO-FACE;
\\<MAP> making the keymap in the variable MAP the one the later
\\[COMMAND] look in (with the global map); \\{MAP} by a summary of
MAP's bindings; \\= keeping the character after it as it is; grave
accents and apostrophes as `text-quoting-style' has them.  A new string."
  (when string
    (unless (multibyte-string-p string)
      (setq string (with-temp-buffer (insert string) (buffer-string))))
    (let ((keymap overriding-local-map) (style (text-quoting-style))
          (length (length string)) (start 0) (i 0) (parts nil))
      (while (< i length)
        (let* ((c (aref string i))
               (next (and (eq c ?\\) (< (1+ i) length) (aref string (1+ i))))
               (close (cdr (assq next '((?\[ . "]") (?< . ">") (?{ . "}")))))
               (end (and close (string-search close string (+ i 2))))
               (text nil) (resume nil))
          (cond ((and (eq next ?=) (< (+ i 2) length))
                 (setq text (substring string (+ i 2) (+ i 3)) resume (+ i 3)))
                ((eq next ?\[)
                 (when end
                   (setq text (help--command-keys-text (substring string (+ i 2) end) keymap no-face)
                         resume (1+ end))))
                (end
                 (let* ((name (substring string (+ i 2) end))
                        (map (help--keymap-named name)))
                   (setq resume (1+ end)
                         text (cond ((null map) (help--undefined-keymap-text name))
                                    ((eq next ?{) (help--describe-keymap-summary map))
                                    (t "")))
                   (when (eq next ?<) (setq keymap map))))
                ((memq c '(?` ?'))
                 (setq text (help--quote-text c style) resume (and text (1+ i)))))
          (if (not text)
              (setq i (if (eq next ?=) (+ i 2) (1+ i)))
            (push (substring string start i) parts)
            (push text parts)
            (setq start resume i resume))))
      (push (substring string start) parts)
      ;; Through a buffer, as Emacs 28 builds it: concat would list the
      ;; properties of each piece in reverse order.
      (with-temp-buffer
        (dolist (part (nreverse parts))
          (insert part))
        (buffer-string)))))

;;; ---- \\{MAP}: a summary of a keymap's bindings ---------------------------

(defun help--summary-bindings (map)
  "MAP's bindings as (EVENT . BINDING), its parents' included, in the
order `map-keymap' gives them, an event's first binding only; ranges
of characters (FROM . TO) in a second list: (BINDINGS . RANGES)."
  (let ((bindings nil) (ranges nil))
    (map-keymap (lambda (event binding)
                  (cond ((consp event) (push (cons event binding) ranges))
                        ((not (assq event bindings)) (push (cons event binding) bindings))))
                map)
    (cons (nreverse bindings) (nreverse ranges))))

(defvar help--summary-partial t
  "Non-nil: the summary leaves out commands put aside by `suppress-keymap',
such as `undefined'.")

(defvar help--summary-menus nil
  "Non-nil: the summary shows the menu bar's bindings too.")

(defvar help--summary-mention-shadow t
  "Non-nil: the summary shows a binding another command shadows, saying
so; nil leaves it out.")

(defun help--summary-entry (event binding shadow)
  "(EVENT COMMAND SHADOWED) for the summary's line of EVENT bound to
BINDING, or nil when the summary leaves it out: no command, one put
aside by `suppress-keymap' (see `help--summary-partial'), or one SHADOW
(a keymap or list of them) binds too; SHADOWED when SHADOW binds EVENT
to another command (see `help--summary-mention-shadow')."
  (let ((command (keymap--keyelt binding help--summary-run-filters)) (shadowed nil))
    (when (and (or (symbolp event) (fixnump event) (consp event)) command
               (or help--summary-menus (not (eq event 'menu-bar)))
               (not (and help--summary-partial (symbolp command)
                         (get command 'suppress-keymap)))
               (let ((hiding (and shadow (not (consp event))
                                  (lookup-key shadow (vector event) t))))
                 (cond ((or (null hiding) (and (keymapp command) (keymapp hiding))))
                       ((not (eq hiding command))
                        (setq shadowed help--summary-mention-shadow)))))
      (list event command shadowed))))

(defun help--summary-event< (a b)
  "Whether the summary's entry A comes before B: characters first, in
order, then symbols as `string-version-lessp' orders their names."
  (let ((a (car a)) (b (car b)))
    (cond ((fixnump a) (or (not (fixnump b)) (< a b)))
          ((fixnump b) nil)
          (t (string-version-lessp (symbol-name a) (symbol-name b))))))

(defvar help--summary-run-filters nil
  "Non-nil: the summary shows what the :filter of a menu item gives.")

(defvar help--summary-column 0
  "The column the summary's last command was written at.")

(defun help--summary-command (command)
  "Write COMMAND after the key just written, at column 16 or 32."
  (let* ((column (current-column))
         (target (cond ((> column 30) (insert "\n") 32)
                       ((or (> column 14) (and (> column 10) (= help--summary-column 32))) 32)
                       (t 16)))
         (from (point)))
    (indent-to target 1)
    (set-text-properties from (point) '(face nil font-lock-face nil))
    (setq help--summary-column target)
    (insert (cond ((symbolp command) (symbol-name command))
                  ((or (stringp command) (vectorp command)) "Keyboard Macro")
                  ((keymapp command) "Prefix Command")
                  (t "??"))
            "\n")))

(defun help--summary-key (event prefix ranges)
  "EVENT under PREFIX as the summary writes it, in the key face; for
a line of RANGES, only as `font-lock-face'."
  (let ((text (key-description (vector event) prefix)))
    (if ranges
        (propertize text 'font-lock-face 'help-key-binding)
      (help--fontified text))))

(defun help--summary-lines (entries prefix &optional ranges)
  "Write the lines of ENTRIES, (EVENT COMMAND SHADOWED) sorted, the
events under PREFIX; characters in a row with one command, or a range
\(FROM . TO), make one line FROM .. TO.  RANGES when ENTRIES are a
keymap's character ranges."
  (when entries
    (setq help--summary-column 0)
    (insert "\n"))
  (while entries
    (let* ((entry (pop entries)) (last (car entry)))
      (when (consp last)
        (setq entry (cons (car last) (cdr entry)) last (cdr last)))
      (when (fixnump last)
        (while (and entries (eql (caar entries) (1+ last))
                    (equal (cdr (car entries)) (cdr entry)))
          (setq last (car (pop entries)))))
      (insert (help--summary-key (car entry) prefix ranges))
      (unless (eql last (car entry))
        (insert " .. " (help--summary-key last prefix ranges)))
      (help--summary-command (nth 1 entry))
      (when (nth 2 entry)
        (backward-char)
        (insert "\n  (this binding is currently shadowed)")
        (forward-char)))))

(defun help--summary-map (map prefix shadow)
  "Write the lines of MAP's bindings, under PREFIX, SHADOW hiding some:
its character ranges first, then its other bindings sorted."
  (let ((bindings (help--summary-bindings map)))
    (help--summary-lines (help--summary-entries (cdr bindings) shadow) prefix t)
    (help--summary-lines (sort (help--summary-entries (car bindings) shadow) #'help--summary-event<)
                         prefix)))

(defun help--summary-entries (bindings shadow)
  "The summary's entries for BINDINGS, (EVENT . BINDING), SHADOW hiding some."
  (delq nil (mapcar (lambda (pair) (help--summary-entry (car pair) (cdr pair) shadow))
                    bindings)))

(defun help--describe-keymap-summary (map)
  "What \\{MAP} becomes: a table of MAP's bindings and those of the
keymaps under it (the menu bar left out), leaving out what the active
maps more urgent than MAP hide; empty when MAP has no bindings."
  (help--keymap-table map (reverse (cdr (memq map (reverse (current-active-maps))))) nil))

(defun help--keymap-table (map shadow prefix &optional title always-title)
  "The table of MAP's bindings under PREFIX (all of them when nil) and
those of the keymaps under it (the menu bar left out unless
`help--summary-menus'),
leaving out what SHADOW (a list of keymaps) hides; empty when there are
none, unless ALWAYS-TITLE.  TITLE heads the table."
  (let* ((maps (seq-remove (lambda (entry)
                             (and (not help--summary-menus)
                                  (eq (aref (vconcat (car entry) [nil]) 0) 'menu-bar)))
                           (accessible-keymaps map prefix)))
         (listed nil))
    (with-temp-buffer
      (when (or maps always-title)
        (when title
          (insert title)
          (when prefix
            (insert " Starting With " (help--key-description-fontified prefix)))
          (insert ":\n"))
        (insert "key             binding\n---             -------\n")
        (dolist (entry maps)
          (let* ((prefix (car entry))
                 (hiding (and shadow (lookup-key shadow prefix t))))
            (when (or (natnump hiding) (null hiding) (keymapp hiding) (keymapp (car-safe hiding)))
              (when (natnump hiding) (setq hiding nil))
              (dolist (earlier listed)
                (when (equal (car earlier) prefix) (push (cdr earlier) hiding)))
              (help--summary-map (cdr entry) prefix hiding)))
          (push entry listed))
        (insert "\n"))
      (buffer-string))))

(defun describe-map-tree (startmap partial shadow prefix title no-menu
                                  _transl always-title mention-shadow)
  "Insert the table of STARTMAP's bindings and those of the keymaps
under it: only keys under PREFIX when given; none SHADOW (a list of
keymaps) hides, unless MENTION-SHADOW, which shows them saying so;
PARTIAL leaves out `undefined' and its like, NO-MENU the menu bar.
TITLE heads the table, which ALWAYS-TITLE writes even when empty."
  (let ((help--summary-partial partial)
        (help--summary-mention-shadow mention-shadow)
        (help--summary-menus (not no-menu)))
    (insert (help--keymap-table startmap shadow prefix title always-title))))

(defun help--describe-command (definition &optional translation)
  "Insert what DEFINITION is, as a table of bindings writes it, and a
newline; a string or vector as keys with TRANSLATION."
  (insert (cond ((symbolp definition) (symbol-name definition))
                ((and translation (or (stringp definition) (vectorp definition)))
                 (key-description definition nil))
                ((or (stringp definition) (vectorp definition)) "Keyboard Macro")
                ((keymapp definition) "Prefix Command")
                ((byte-code-function-p definition) "[byte-code]")
                ((memq (car-safe definition) '(closure lambda))
                 (format "[%s]" (car definition)))
                (t "??"))
          "\n"))

(defun help--vector-runs (vector)
  "The bindings of VECTOR (a char-table or vector) as (FROM TO . DEFINITION),
FROM to TO the characters bound alike, in order."
  (let ((runs nil))
    (if (char-table-p vector)
        (map-char-table (lambda (key definition)
                          (when definition
                            (push (if (consp key) (cons (car key) (cons (cdr key) definition))
                                    (cons key (cons key definition)))
                                  runs)))
                        vector)
      (dotimes (char (length vector))
        (when (aref vector char)
          (push (cons char (cons char (aref vector char))) runs))))
    (sort runs (lambda (a b) (< (car a) (car b))))))

(defun help--vector-shadowing (char shadow)
  "The binding SHADOW (a keymap or nil) has for CHAR, or nil."
  (let ((binding (and shadow (lookup-key shadow (vector char) t))))
    (and (not (numberp binding)) binding)))

(defun help--vector-lines (vector partial shadow entire-map mention-shadow)
  "The lines describing VECTOR: (FROM TO DEFINITION SHADOWER), the
characters FROM to TO bound to DEFINITION and alike in SHADOW, which
binds them to SHADOWER if that is another command.  PARTIAL leaves
out what is undefined; ENTIRE-MAP binding a character otherwise leaves
it out.  Without MENTION-SHADOW, a shadowed character is left out with
the rest of its run."
  (let ((lines nil))
    (dolist (run (help--vector-runs vector))
      (let* ((definition (keymap--keyelt (cddr run) nil))
             (check (and (< (- (cadr run) (car run)) 1000)
                         (or (eq describe-bindings-check-shadowing-in-ranges t)
                             (and describe-bindings-check-shadowing-in-ranges
                                  (not (eq definition 'self-insert-command))))))
             (char (car run)))
        (while (<= char (cadr run))
          (let* ((shadowing (help--vector-shadowing char shadow))
                 (shadowed (and shadowing (not (eq shadowing definition))))
                 (last char))
            (while (and check (< last (cadr run))
                        (eq (help--vector-shadowing (1+ last) shadow) shadowing))
              (setq last (1+ last)))
            (unless check
              (setq last (cadr run)))
            (cond ((and partial (memq definition '(nil undefined))))
                  ((and shadowed (not mention-shadow))
                   (setq last (cadr run)))
                  ((and entire-map
                        (not (eq (keymap--keyelt (lookup-key entire-map (vector char) t) nil)
                                 definition))))
                  (t (push (list char last definition (and shadowed shadowing)) lines)))
            (setq char (1+ last))))))
    (nreverse lines)))

(defun help--describe-vector (vector prefix transl partial shadow entire-map mention-shadow)
  "Insert the table of the bindings of VECTOR (a char-table or vector of
a keymap) under PREFIX, characters in a row bound alike on one line;
see `help--vector-lines' for PARTIAL, SHADOW, ENTIRE-MAP and
MENTION-SHADOW.  TRANSL: the bindings are key translations."
  (let ((lines (help--vector-lines vector partial shadow entire-map mention-shadow)))
    (when lines
      (insert "\n"))
    (dolist (line lines)
      (insert (key-description (vector (car line)) prefix))
      (unless (eql (car line) (cadr line))
        (insert " .. " (key-description (vector (cadr line)) prefix)))
      (insert "\t\t")
      (help--describe-command (nth 2 line) transl)
      (when (nth 3 line)
        (backward-char)
        (insert (format-message "  (currently shadowed by `%s')" (nth 3 line)))
        (forward-char)))))

(defun help--map-title (map buffer)
  "The heading of MAP's bindings, an active map of BUFFER."
  (with-current-buffer buffer
    (let ((mode (car (rassq map minor-mode-map-alist))))
      (cond (mode (format-message "`%s' Minor Mode Bindings:" mode))
            ((eq map (current-local-map)) "Major Mode Bindings:")
            ((eq map (current-global-map)) "Global Bindings:")
            (t "Bindings:")))))

(defun describe-buffer-bindings (buffer &optional prefix _menus)
  "Insert the tables of the key bindings active in BUFFER, those under
PREFIX only when it is given, each active map's in its section (what
more urgent maps hide left out, menu items shown as their :filter
says).  Return nil."
  (let ((maps (with-current-buffer buffer (current-active-maps)))
        (help--summary-run-filters t)
        (shadow nil))
    (dolist (map maps)
      (let ((table (help--keymap-table map shadow prefix)))
        (unless (string= table "")
          (insert (help--map-title map buffer) "\n" table)))
      (setq shadow (append shadow (list map))))
    nil))

;;; ---- Usage lines ("(fn ARGS)") in docstrings ------------------------------

(defun help--docstring-quote (string)
  "STRING with its quote characters escaped by \\=, so that
`substitute-command-keys' leaves them as they are."
  (replace-regexp-in-string "['`‘’\\]" "\\\\=\\&" string t))

(defun help-split-fundoc (docstring def &optional section)
  "Split DOCSTRING into the usage its \"(fn ...)\" line gives for DEF
and the documentation before that line: (USAGE . DOC).  SECTION nil
returns nil when there is no usage line, t the pair anyway, `usage' or
`doc' only that part."
  (let* ((found (and docstring
                     (string-match "\n\n(fn\\(\\( .*\\)?)\\)\\'" docstring)))
         (doc (if found
                  (and (> (match-beginning 0) 0)
                       (substring docstring 0 (match-beginning 0)))
                docstring))
         (usage (and found
                     (concat "("
                             (if (and def (symbolp def))
                                 (help--docstring-quote (format "%S" def))
                               "anonymous")
                             (match-string 1 docstring)))))
    (cond ((null section) (and usage (cons usage doc)))
          ((eq section 'usage) usage)
          ((eq section 'doc) doc)
          (t (cons usage doc)))))

(defun help--usage-argument (arg)
  "ARG of a lambda list as a usage line shows it: a variable's name in
capitals, less the leading underscore that only marks it unused; a
\(VAR DEFAULT...) entry with just VAR in capitals; &-words, and
anything else, as they are."
  (let ((variable (if (consp arg) (car arg) arg)))
    (cond ((not (symbolp variable)) arg)
          ((consp arg)
           (cons (intern (upcase (symbol-name variable))) (cdr arg)))
          (t
           (let ((name (symbol-name variable)))
             (cond ((string-prefix-p "&" name) arg)
                   ;; "_" alone has nothing to drop the underscore from.
                   ((and (string-prefix-p "_" name) (> (length name) 1))
                    (intern (upcase (substring name 1))))
                   (t (intern (upcase name)))))))))

(defun help--make-usage (function arglist)
  "The call FUNCTION's ARGLIST shows: (FUNCTION ARG...), each argument
as `help--usage-argument' has it; FUNCTION is `anonymous' unless a
symbol."
  (cons (if (symbolp function) function 'anonymous)
        (mapcar #'help--usage-argument arglist)))

(defun help--make-usage-docstring (function arglist)
  "`help--make-usage' printed, its quotes escaped for a docstring."
  (help--docstring-quote (format "%S" (help--make-usage function arglist))))

(defun help-add-fundoc-usage (docstring arglist)
  "DOCSTRING (nil is empty) ending in the usage line \"(fn ARGS...)\" of
ARGLIST, a list or a \"(NAME ARGS...)\" string.  A DOCSTRING that has
a usage line already, or an ARGLIST of t, is returned as it is."
  (unless (stringp docstring) (setq docstring ""))
  (if (or (eq arglist t)
          (string-match-p "\n\n(fn\\(\\( .*\\)?)\\)?\\'" docstring))
      docstring
    (concat docstring
            (cond ((not (string-match "\n?\n\\'" docstring)) "\n\n")
                  ((< (- (match-end 0) (match-beginning 0)) 2) "\n")
                  (t ""))
            (cond ((not (stringp arglist)) (help--make-usage-docstring 'fn arglist))
                  ((string-match "\\`[^ ]+\\(.*\\))\\'" arglist)
                   (concat "(fn" (match-string 1 arglist) ")"))
                  (t (error "Unrecognized usage format"))))))

(provide 'help)

;;; help.el ends here
