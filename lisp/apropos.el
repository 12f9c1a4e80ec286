;;; apropos.el --- find symbols by a pattern of their names  -*- lexical-binding: t -*-

;; Written for marrow from the documented behaviour of GNU Emacs's
;; apropos commands and from comparing their output in batch.

;;; Commentary:

;; A pattern is either a string, used as a regexp, or a list of words.
;; A word list matches a name that contains any two of its words (or
;; the one word, when there is a single one); words of a synonym group
;; in `apropos-synonyms' stand for the whole group.
;;
;; Results go to the *Apropos* buffer in one of two layouts: a
;; "labelled" one, where each name is followed by lines such as
;; "  Function: ..." or "  Variable: ...", and a "plain" one, for lists
;; of a single kind, where the first line of the doc follows indented
;; by three spaces.
;;
;; Not provided: `apropos-local-value' and `apropos-library'.
;; marrow has no DOC file, so `apropos-documentation' always searches
;; every documentation string, as Emacs does with DO-ALL.

;;; Code:

(defgroup apropos nil
  "Listing symbols whose names or documentation match a pattern."
  :group 'help)

(defcustom apropos-do-all nil
  "Non-nil means the apropos commands behave as if given a prefix argument."
  :type 'boolean)

(defcustom apropos-sort-by-scores nil
  "Non-nil means name searches list their best matches first."
  :type '(choice (const nil) (const t) (const verbose)))

(defcustom apropos-documentation-sort-by-scores t
  "Non-nil means `apropos-documentation' lists its best matches first."
  :type '(choice (const nil) (const t) (const verbose)))

(defcustom apropos-match-face 'match
  "Face put on the matched text of documentation and values."
  :type 'face)

(defcustom apropos-compact-layout nil
  "Non-nil means some apropos listings take less room."
  :type 'boolean)

(defcustom apropos-synonyms
  '(("find" "open" "edit") ("kill" "cut") ("yank" "paste")
    ("region" "selection"))
  "Groups of words that a word-list pattern treats as one another."
  :type '(repeat (repeat string)))

(defvar apropos-pattern ""
  "The pattern being searched for, as the user gave it (words joined by spaces).")
(defvar apropos-pattern-quoted nil
  "`apropos-pattern' quoted so that it matches itself literally.")
(defvar apropos-regexp nil
  "The regexp that names (or docs) must match.")
(defvar apropos-words ()
  "The words of a word-list pattern, last first; nil for a regexp.")
(defvar apropos-all-words ()
  "Like `apropos-words', with every word widened to its synonyms.")
(defvar apropos-all-words-regexp nil
  "Regexp matching any two of `apropos-all-words'.")
(defvar apropos-accumulator ()
  "The entries the last apropos search found.")

(defvar apropos-mode-map (make-sparse-keymap)
  "Keymap of the *Apropos* buffer.")

(define-derived-mode apropos-mode special-mode "Apropos"
  "Major mode of the *Apropos* buffer.")

;;; Patterns

(defun apropos-words-to-regexp (words wild)
  "A regexp for a pair of distinct WORDS in either order, WILD between.
A single distinct word is returned as it is; no words give nil."
  (let ((distinct (delete-dups (copy-sequence words))))
    (if (cdr distinct)
        (mapconcat
         (lambda (first)
           (format "\\(?:%s\\)%s\\(?:%s\\)" first wild
                   (mapconcat #'identity (remove first distinct) "\\|")))
         distinct "\\|")
      (car distinct))))

(defun apropos--synonym-group (word)
  "The synonym group of `apropos-synonyms' that WORD belongs to, or nil."
  (seq-find (lambda (group) (member word group)) apropos-synonyms))

(defun apropos-parse-pattern (pattern &optional multiline-p)
  "Set the apropos-pattern variables from PATTERN, a regexp or word list.
The variables are `apropos-pattern', `apropos-pattern-quoted',
`apropos-regexp', `apropos-words', `apropos-all-words' and
`apropos-all-words-regexp'.  A word list becomes regexps matching
two of its words in either order; with MULTILINE-P, newlines may
come between them."
  (if (consp pattern)
      (let ((words ()) (widened ()))
        (dolist (word pattern)
          (let* ((group (apropos--synonym-group word))
                 (alternatives (and group (mapconcat #'identity group "\\|"))))
            ;; Only the head word of a group keeps its own spelling.
            (push (if (and group (not (equal word (car group)))) alternatives word)
                  words)
            (push (or alternatives word) widened)))
        (setq apropos-pattern (mapconcat #'identity pattern " ")
              apropos-pattern-quoted (regexp-quote apropos-pattern)
              apropos-words words
              apropos-all-words widened
              apropos-regexp (apropos-words-to-regexp
                              words (if multiline-p "[^b-a]*?" ".*?"))
              apropos-all-words-regexp (apropos-words-to-regexp
                                        widened (if multiline-p "[^b-a]+?" ".+"))))
    (setq apropos-pattern-quoted (regexp-quote pattern)
          apropos-pattern pattern
          apropos-regexp pattern
          apropos-words nil
          apropos-all-words nil
          apropos-all-words-regexp pattern)))

;;; Scores

(defun apropos--positions (string)
  "Where the pattern matches in STRING: word starts, or one match's ends."
  (let ((case-fold-search case-fold-search))
    (if apropos-all-words
        (delq nil (mapcar (lambda (word) (string-match word string))
                          apropos-all-words))
      (and (string-match apropos-regexp string)
           (list (match-beginning 0) (match-end 0))))))

(defun apropos--position-score (string unit)
  "Sum over the match positions in STRING of UNIT, plus more the earlier."
  (let ((len (length string)) (sum 0))
    (dolist (pos (apropos--positions string) sum)
      (setq sum (+ sum unit (/ (* unit (- len pos)) len))))))

(defun apropos-score-str (str)
  "How well the parsed pattern matches STR, as a number (0 for nil).
Early matches count more; long strings lose a little."
  (if (or (null str) (equal str ""))
      0
    (- (apropos--position-score str 1000) (/ (length str) 10))))

(defun apropos-score-doc (doc)
  "How well the parsed pattern matches documentation DOC, as a number.
Containing the pattern's own text literally adds 10000."
  (if (or (null doc) (equal doc ""))
      0
    (+ (apropos--position-score doc 50)
       (if (string-match-p apropos-pattern-quoted doc) 10000 0))))

(defun apropos-score-symbol (symbol &optional weight)
  "How well the parsed pattern matches the name of SYMBOL, times WEIGHT.
WEIGHT defaults to 3.  Each match position counts 60, more the
earlier it is, less the name's length."
  (let* ((name (symbol-name symbol))
         (len (length name))
         (sum 0))
    (dolist (pos (and (> len 0) (apropos--positions name)))
      (setq sum (+ sum (- (+ 60 (/ (* 60 (- len pos)) len)) len))))
    (* (or weight 3) sum)))

(defun apropos-true-hit (str words)
  "Non-nil if STR matches at least two of WORDS (or the only one)."
  (or (null (cdr words))
      (let ((found 0))
        (dolist (word words)
          (when (string-match-p word str) (setq found (1+ found))))
        (> found 1))))

;;; Gathering

(defun apropos-documentation-property (symbol property raw)
  "SYMBOL's documentation PROPERTY, as `documentation-property' gives it.
RAW is passed on.  A failure to get it gives the text
\"(error retrieving documentation)\", no documentation \"(not documented)\"."
  (let ((doc (condition-case nil
                 (documentation-property symbol property raw)
               (error :failed))))
    (cond ((eq doc :failed) "(error retrieving documentation)")
          ((null doc) "(not documented)")
          (t doc))))

(defun apropos--custom-variable-p (symbol)
  "Non-nil if SYMBOL was made by `defcustom'."
  (or (get symbol 'standard-value) (get symbol 'custom-autoload)
      (get symbol 'custom-type)))

(defun apropos--first-line (doc)
  "The first line of DOC, or nil when DOC is nil."
  (and doc (substring doc 0 (string-match "\n" doc))))

(defun apropos--function-doc (symbol)
  "SYMBOL's function documentation, or \"(not documented)\"."
  (or (ignore-errors (documentation symbol t)) "(not documented)"))

(defun apropos--variable-doc (symbol)
  "SYMBOL's variable documentation, or \"(not documented)\"."
  (let ((doc (ignore-errors
               (documentation-property symbol 'variable-documentation t))))
    (if (stringp doc) doc "(not documented)")))

(defun apropos--plist-names (symbol)
  "The property names of SYMBOL, joined by spaces, or nil."
  (let ((plist (symbol-plist symbol)) (names ()))
    (while plist
      (push (symbol-name (car plist)) names)
      (setq plist (cddr plist)))
    (and names (mapconcat #'identity (nreverse names) " "))))

(defun apropos--widget-doc (symbol)
  (and (get symbol 'widget-type)
       (let ((doc (get symbol 'widget-documentation)))
         (apropos--first-line (if (stringp doc) doc "(not documented)")))))

(defun apropos--face-doc (symbol)
  (and (fboundp 'facep) (facep symbol)
       (apropos--first-line
        (or (get symbol 'face-documentation) "(not documented)"))))

(defun apropos--entry (symbol)
  "The list (SYMBOL SCORE FN-DOC VAR-DOC PLIST WIDGET-DOC FACE-DOC GROUP-DOC)."
  (list symbol (apropos-score-symbol symbol)
        (and (fboundp symbol) (apropos--first-line (apropos--function-doc symbol)))
        (and (boundp symbol) (apropos--first-line (apropos--variable-doc symbol)))
        (apropos--plist-names symbol)
        (apropos--widget-doc symbol)
        (apropos--face-doc symbol)
        nil))

(defun apropos--meaningful-p (symbol)
  (or (fboundp symbol) (boundp symbol) (symbol-plist symbol)
      (and (fboundp 'facep) (facep symbol))))

(defun apropos--matching-symbols (predicate)
  "The symbols whose names match the parsed pattern and PREDICATE."
  (seq-filter (lambda (symbol)
                (or (null apropos-words)
                    (apropos-true-hit (symbol-name symbol) apropos-all-words)))
              (apropos-internal apropos-regexp predicate)))

;;; Printing

(defun apropos--button (start end category symbol &rest more)
  "Mark START..END as a button of CATEGORY about SYMBOL."
  (add-text-properties start end
                       (append (list 'button '(t) 'category category)
                               more
                               (and symbol (list 'apropos-symbol symbol)))))

(defun apropos--insert-name (symbol skip)
  (let ((start (point)))
    (insert (symbol-name symbol))
    (apropos--button start (point) 'apropos-symbol-button nil
                     'skip skip 'face 'apropos-symbol)))

(defun apropos--key-texts (command)
  "How to run COMMAND: its key descriptions, or \"M-x ... RET\"."
  (let ((keys (where-is-internal command nil nil t)))
    (if keys
        (list (mapconcat #'key-description
                         (where-is-internal command) ", "))
      (list "M-x" " ... " "RET"))))

(defun apropos--padding (from to)
  "Tabs (of width 8) and spaces going from column FROM to column TO.
At least one space is given.  The padding is returned as a string
because `indent-to' would give it the name's properties."
  (if (>= from (1- to))
      " "
    (let ((tabs 0) (column from))
      (while (<= (* 8 (1+ (/ column 8))) to)
        (setq column (* 8 (1+ (/ column 8))) tabs (1+ tabs)))
      (concat (make-string tabs ?\t) (make-string (- to column) ?\s)))))

(defun apropos--insert-keys (symbol)
  "Insert the keys of SYMBOL at column 30, when it is a command."
  (when (commandp symbol)
    (insert (apropos--padding (current-column) 30))
    (let ((texts (apropos--key-texts symbol)))
      (if (cdr texts)
          (dolist (text texts)
            (insert (if (equal text " ... ")
                        text
                      (propertize text 'face 'apropos-keybinding))))
        (insert (car texts))))))

(defun apropos--function-label (symbol)
  (let ((def (indirect-function symbol)))
    (cond ((commandp symbol) "Command")
          ((macrop def) "Macro")
          ((special-form-p def) "Special form")
          (t "Function"))))

(defun apropos--variable-label (symbol)
  (if (apropos--custom-variable-p symbol) "User option" "Variable"))

(defun apropos--insert-labelled (label category symbol text)
  "Insert an \"  LABEL: TEXT\" line."
  (insert "  ")
  (let ((start (point)))
    (insert label)
    (apropos--button start (point) category symbol))
  (insert ": ")
  (let ((start (point)))
    (insert text)
    (when (equal text "(not documented)")
      (put-text-property start (point) 'font-lock-face 'shadow)))
  (insert "\n"))

(defun apropos--insert-properties (symbol names)
  "Insert the \"  Properties:\" line of SYMBOL, wrapped at column 70."
  (insert "  ")
  (let ((start (point)))
    (insert "Properties")
    (apropos--button start (point) 'apropos-plist-button symbol))
  (insert ":")
  (let ((column 13))
    (dolist (name (split-string names " "))
      (if (> (+ column 1 (length name)) 70)
          (progn (insert "\n" (make-string 14 ?\s))
                 (setq column 14))
        (insert " ")
        (setq column (1+ column)))
      (insert name)
      (setq column (+ column (length name)))))
  (insert "\n"))

(defun apropos--category (label)
  (intern (format "apropos-%s-button"
                  (replace-regexp-in-string " " "-" (downcase label)))))

(defun apropos--insert-labelled-entry (entry keys &optional properties)
  "Insert ENTRY in the labelled layout; with KEYS, show command keys.
PROPERTIES non-nil shows the names of SYMBOL's properties."
  (let ((symbol (car entry)))
    (apropos--insert-name symbol t)
    (when keys (apropos--insert-keys symbol))
    (insert "\n")
    (apropos--insert-definitions entry #'apropos--insert-labelled)
    (when (nth 6 entry)
      (apropos--insert-labelled "Face" 'apropos-face-button symbol (nth 6 entry)))
    (when (nth 5 entry)
      (apropos--insert-labelled "Widget" 'apropos-widget-button symbol (nth 5 entry)))
    (when (and properties (nth 4 entry))
      (apropos--insert-properties symbol (nth 4 entry)))))

(defun apropos--insert-plain-entry (symbol doc keys category)
  "Insert SYMBOL and DOC in the plain layout; with KEYS, show command keys."
  (apropos--insert-name symbol nil)
  (when keys (apropos--insert-keys symbol))
  (insert "\n   ")
  ;; The last space before the doc is the button that describes SYMBOL.
  (apropos--button (1- (point)) (point) category symbol 'skip t 'face 'default)
  (let ((start (point)))
    (insert doc)
    (when (equal doc "(not documented)")
      (put-text-property start (point) 'font-lock-face 'shadow)))
  (insert "\n"))

(defconst apropos--restore-message
  "Type C-x 4 C-o RET to restore the other window.  "
  "What the apropos commands say after showing their buffer.")

(defun apropos--show (labelled inserter &optional quiet)
  "Fill *Apropos* by calling INSERTER; LABELLED chooses the header.
Return the message that is shown, or nil when QUIET."
  (let ((buffer (get-buffer-create "*Apropos*")))
    (with-current-buffer buffer
      (let ((inhibit-read-only t))
        (erase-buffer)
        (apropos-mode)
        (let ((inhibit-read-only t))
          (insert "Type ")
          (insert "RET")
          (add-text-properties (- (point) 3) (point)
                               '(face help-key-binding
                                 font-lock-face help-key-binding))
          (insert (if labelled " on a type label" " on an entry")
                  " to view its full documentation.\n\n")
          (funcall inserter))
        (goto-char (point-min))
        (setq buffer-read-only t)))
    (unless quiet (apropos--restore-message))))

(defun apropos--say (text)
  "Show TEXT in the echo area after clearing it, as Emacs does here."
  (message "")
  (message "%s" text))

(defun apropos--restore-message ()
  (let ((text (copy-sequence apropos--restore-message)))
    (add-text-properties 5 14 '(font-lock-face help-key-binding
                                face help-key-binding)
                         text)
    (apropos--say text)
    text))

(defun apropos--no-match (&optional make-buffer)
  "Say nothing matched and return nil.
MAKE-BUFFER non-nil leaves an empty *Apropos* buffer, as the
commands listing a single kind of symbol do."
  (when make-buffer
    (with-current-buffer (get-buffer-create "*Apropos*")
      (let ((inhibit-read-only t)) (erase-buffer))))
  (apropos--say (format-message "No apropos matches for `%s'" apropos-pattern))
  nil)

;;; Commands

(defun apropos--pattern-from-input (input)
  "INPUT as a pattern: its words when it has no regexp specials, else itself."
  (cond ((not (equal input (regexp-quote input))) input)
        ((split-string input "[ \t]+" t))
        (t (user-error "No word list given"))))

(defun apropos-read-pattern (subject)
  "Prompt for a pattern to look for SUBJECT (a noun such as \"command\").
The answer comes back as a regexp string if it uses regexp
specials, else as the list of its words."
  (apropos--pattern-from-input
   (read-string (format "Search for %s (word list or regexp): " subject))))

(defun apropos (pattern &optional do-all)
  "List in *Apropos* the symbols named by PATTERN that mean something.
A symbol means something when it has a function, a value, a face
or properties.

PATTERN is a regexp string or a list of words; a list matches names
holding any two of its words (or its one word).

DO-ALL (or `apropos-do-all') lists every matching symbol and shows
the keys of commands.  The value is the list of entries shown, each
\(SYMBOL SCORE FN-DOC VAR-DOC PROPERTIES WIDGET-DOC FACE-DOC GROUP-DOC)."
  (interactive (list (apropos-read-pattern "symbol") current-prefix-arg))
  (apropos-parse-pattern pattern)
  (let* ((all (or do-all apropos-do-all))
         (entries (delq nil
                        (mapcar (lambda (symbol)
                                  (let ((entry (apropos--entry symbol)))
                                    (and (seq-some #'identity (cddr entry)) entry)))
                                (apropos--matching-symbols
                                 (unless all #'apropos--meaningful-p))))))
    (setq apropos-accumulator entries)
    (if (null entries)
        (apropos--no-match)
      (apropos--show t (lambda ()
                         (dolist (entry entries)
                           (apropos--insert-labelled-entry entry all t)))
                    t)
      entries)))

(defun apropos--list-matching (predicate labelled show-entry)
  "Show the symbols matching the pattern and PREDICATE, in the labelled
layout when LABELLED, each entry inserted by SHOW-ENTRY."
  (let ((symbols (apropos--matching-symbols predicate)))
    (if (null symbols)
        (apropos--no-match t)
      (setq apropos-accumulator (mapcar #'apropos--entry symbols))
      (apropos--show labelled
                     (lambda () (mapc show-entry apropos-accumulator))))))

(defun apropos--list-functions (all)
  "Show the functions (commands only unless ALL) matching the pattern."
  (apropos--list-matching
   (if all #'fboundp #'commandp) all
   (lambda (entry)
     (if all
         (apropos--insert-labelled-entry entry t)
       (apropos--insert-plain-entry (car entry) (nth 2 entry) t
                                    'apropos-command-button)))))

(defun apropos--list-variables (predicate labelled)
  "Show the variables matching the pattern and PREDICATE.
LABELLED non-nil chooses the labelled layout."
  (apropos--list-matching
   predicate labelled
   (lambda (entry)
     (if labelled
         (apropos--insert-labelled-entry (list (car entry) nil nil (nth 3 entry)) nil)
       (apropos--insert-plain-entry
        (car entry) (or (nth 3 entry) "(not documented)") nil
        (apropos--category (apropos--variable-label (car entry))))))))

(defun apropos-command (pattern &optional do-all var-predicate)
  "List in *Apropos* the commands named by PATTERN, with their keys.
PATTERN is a regexp string or a list of words; a list matches names
holding any two of its words (or its one word).

DO-ALL (or `apropos-do-all') lists other functions too.  A non-nil
VAR-PREDICATE lists instead the variables for which it returns non-nil.
Return the message shown after the listing, or nil if none matched."
  (interactive (list (apropos-read-pattern (if (or current-prefix-arg apropos-do-all)
                                        "command or function" "command"))
                     current-prefix-arg))
  (apropos-parse-pattern pattern)
  (if var-predicate
      (apropos--list-variables var-predicate nil)
    (apropos--list-functions (or do-all apropos-do-all))))

(defun apropos-function (pattern)
  "List in *Apropos* all the functions named by PATTERN.

PATTERN is a regexp string or a list of words; a list matches names
holding any two of its words (or its one word).

It is `apropos-command' with DO-ALL."
  (interactive (list (apropos-read-pattern "function")))
  (apropos-command pattern t))

(defun apropos--documented-variable-p (symbol)
  (and (boundp symbol) (get symbol 'variable-documentation) t))

(defun apropos-variable (pattern &optional do-not-all)
  "List in *Apropos* the documented variables named by PATTERN.
DO-NOT-ALL non-nil narrows the list to options, as
`apropos-user-option' does."
  (interactive (list (apropos-read-pattern (if current-prefix-arg "user option" "variable"))
                     current-prefix-arg))
  (if do-not-all
      (apropos-user-option pattern)
    (apropos-parse-pattern pattern)
    (apropos--list-variables #'apropos--documented-variable-p t)))

(defun apropos-user-option (pattern &optional do-all)
  "Show user options that match PATTERN.
With DO-ALL non-nil, show all documented variables, as `apropos-variable'."
  (interactive (list (apropos-read-pattern "user option") current-prefix-arg))
  (if (or do-all apropos-do-all)
      (apropos-variable pattern)
    (apropos-parse-pattern pattern)
    (apropos--list-variables #'apropos--custom-variable-p nil)))

(defun apropos-local-variable (pattern &optional buffer)
  "List in *Apropos* the variables named by PATTERN that are local in BUFFER.
BUFFER defaults to the current one; variables that would become local
once set there count too."
  (interactive (list (apropos-read-pattern "buffer-local variable")))
  (let ((buffer (or buffer (current-buffer))))
    (apropos-parse-pattern pattern)
    (apropos--list-variables
     (lambda (symbol) (and (boundp symbol) (local-variable-if-set-p symbol buffer)))
     nil)))

;;; Searching documentation and values

(defconst apropos--separator "\n----------------\n"
  "What goes before each entry of documentation and value listings.")

(defun apropos--mark-match (text)
  "A copy of TEXT with its match of the pattern in `apropos-match-face'.
Return nil when the pattern does not match TEXT."
  (when (and (stringp text)
             (string-match (if apropos-words apropos-all-words-regexp apropos-regexp)
                           text))
    (let ((copy (copy-sequence text)))
      (when apropos-match-face
        (put-text-property (match-beginning 0) (match-end 0)
                           'face apropos-match-face copy))
      copy)))

(defun apropos--doc-hits (symbol)
  "The entry (SYMBOL SCORE FN-DOC VAR-DOC) when SYMBOL's docs match, else nil."
  (let ((fn-doc (and (fboundp symbol)
                     (apropos--mark-match (ignore-errors (documentation symbol t)))))
        (var-doc (and (boundp symbol)
                      (apropos--mark-match
                       (ignore-errors
                         (documentation-property symbol 'variable-documentation t))))))
    (when (or fn-doc var-doc)
      (list symbol
            (+ (apropos-score-symbol symbol 2)
               (apropos-score-doc fn-doc) (apropos-score-doc var-doc))
            fn-doc var-doc))))

(defun apropos--sort (entries by-score)
  (sort entries (if by-score
                    (lambda (a b) (> (nth 1 a) (nth 1 b)))
                  (lambda (a b) (string-lessp (car a) (car b))))))

(defun apropos--insert-doc-entry (entry)
  (insert apropos--separator)
  (apropos--insert-name (car entry) t)
  (insert "\n")
  (let ((symbol (car entry)))
    (when (nth 2 entry)
      (let ((label (apropos--function-label symbol)))
        (apropos--insert-labelled label (apropos--category label) symbol (nth 2 entry))))
    (when (nth 3 entry)
      (let ((label (apropos--variable-label symbol)))
        (apropos--insert-labelled label (apropos--category label) symbol (nth 3 entry))))))

(defun apropos--break-point (bol indent)
  "Where to break the line starting at BOL to keep it within column 70.
INDENT columns at its start are not text to break in.  Return the
position of the space to break at, or nil if none is needed or possible."
  (goto-char bol)
  (end-of-line)
  (when (> (current-column) 70)
    (move-to-column 70)
    (unless (eq (char-after) ?\s)
      (skip-chars-backward "^ " bol)
      (unless (bobp) (backward-char)))
    (when (<= (save-excursion (skip-chars-backward " " bol) (point))
              (+ bol indent))
      ;; A word too long for the line: break after it instead.
      (goto-char (+ bol indent))
      (skip-chars-forward " ")
      (skip-chars-forward "^ \n"))
    (and (eq (char-after) ?\s) (point))))

(defun apropos--fill-value (start end &optional indent)
  "Wrap the value text from START to END at column 70.
START is the beginning of its line, and the text proper starts INDENT
\(default 3) columns into it; continuation lines are indented as much.
Lines that the value's own newlines begin are wrapped likewise."
  (let ((prefix (concat "\n" (make-string (or indent 3) ?\s))))
    (save-excursion
      (let ((end (copy-marker end)) (bol start) (skip (or indent 3)))
        (while (< bol end)
          (let ((space (apropos--break-point bol skip)))
            (if space
                (let ((props (text-properties-at space)))
                  (goto-char space)
                  (delete-char 1)
                  ;; The break keeps the properties of the space it replaces.
                  (insert (apply #'propertize prefix props))
                  (setq skip (1- (length prefix))
                        bol (- (point) skip)))
              (forward-line 1)
              (setq bol (point) skip 0))))
        (set-marker end nil)))))

(defun apropos--insert-value-entry (entry)
  (insert apropos--separator)
  (apropos--insert-name (car entry) nil)
  (insert "\n   ")
  (apropos--button (1- (point)) (point) 'apropos-variable-button (car entry)
                   'skip t 'face 'default)
  (let ((start (- (point) 3)))
    (insert (nth 3 entry))
    (apropos--fill-value start (point)))
  (insert "\n"))

(defun apropos-documentation (pattern &optional do-all)
  "List in *Apropos* the symbols whose documentation PATTERN matches.
PATTERN is a regexp string or a list of words; a list matches names
holding any two of its words (or its one word).

marrow keeps no separate file of documentation, so all documentation
strings are searched, with or without DO-ALL.

The value is the list of entries (SYMBOL SCORE FN-DOC VAR-DOC), the
docs with the matched text in `apropos-match-face'."
  (interactive (list (apropos-read-pattern "documentation") current-prefix-arg))
  (ignore do-all)
  (apropos-parse-pattern pattern t)
  (let ((entries ()))
    (mapatoms (lambda (symbol)
                (let ((hit (apropos--doc-hits symbol)))
                  (when hit (push hit entries)))))
    (setq entries (apropos--sort entries apropos-documentation-sort-by-scores))
    (setq apropos-accumulator entries)
    (if (null entries)
        (apropos--no-match)
      (apropos--show t (lambda () (mapc #'apropos--insert-doc-entry entries)) t)
      entries)))

(defun apropos--value-hit (symbol)
  "The entry (SYMBOL SCORE nil VALUE nil) when SYMBOL's value matches."
  (when (and (boundp symbol) (not (keywordp symbol)) (not (eq symbol t))
             (not (memq symbol '(apropos-accumulator apropos-pattern apropos-regexp
                                 apropos-pattern-quoted apropos-all-words-regexp
                                 apropos-words apropos-all-words))))
    (let ((value (apropos--mark-match
                  (prin1-to-string (symbol-value symbol)))))
      ;; Emacs 28 scores a value hit by the value alone, not the name.
      (when value
        (list symbol (apropos-score-str value) nil value nil)))))

(defun apropos--property-hits (symbol)
  "The properties of SYMBOL whose \"NAME VALUE\" text matches, one a line."
  (let ((plist (symbol-plist symbol)) (texts ()))
    (while plist
      (let ((text (apropos--mark-match
                   (concat (propertize (symbol-name (car plist))
                                       'face 'apropos-property)
                           " " (prin1-to-string (cadr plist))))))
        (when text (push text texts)))
      (setq plist (cddr plist)))
    (and texts (mapconcat #'identity (nreverse texts) "\n    "))))

(defun apropos--value-hit-all (symbol)
  "Like `apropos--value-hit', also searching SYMBOL's function and properties."
  (let* ((var-hit (apropos--value-hit symbol))
         (fn-text (and (fboundp symbol)
                       (apropos--mark-match
                        (prin1-to-string (symbol-function symbol)))))
         (prop-text (apropos--property-hits symbol)))
    (when (or var-hit fn-text prop-text)
      (list symbol
            (+ (apropos-score-symbol symbol 2)
               (apropos-score-str fn-text) (apropos-score-str (nth 3 var-hit))
               (apropos-score-str prop-text))
            fn-text (nth 3 var-hit) prop-text))))

(defun apropos--insert-filled (label category symbol text)
  "Insert \"  LABEL: TEXT\", TEXT wrapped under its own first column."
  (let ((start (point)))
    (apropos--insert-labelled label category symbol text)
    (apropos--fill-value start (1- (point)) (+ 4 (length label)))))

(defun apropos--insert-definitions (entry insert)
  "Insert ENTRY's function and variable lines, each through INSERT,
called as `apropos--insert-labelled' is."
  (let ((symbol (car entry)))
    (dolist (slot (list (cons 2 #'apropos--function-label)
                        (cons 3 #'apropos--variable-label)))
      (when (nth (car slot) entry)
        (let ((label (funcall (cdr slot) symbol)))
          (funcall insert label (apropos--category label) symbol (nth (car slot) entry)))))))

(defun apropos--insert-value-all-entry (entry)
  (let ((symbol (car entry)))
    (insert apropos--separator)
    (apropos--insert-name symbol t)
    (insert "\n")
    (apropos--insert-definitions entry #'apropos--insert-filled)
    (when (nth 4 entry)
      (apropos--insert-filled "Properties" 'apropos-plist-button symbol (nth 4 entry)))))

(defun apropos-value (pattern &optional do-all)
  "List in *Apropos* the variables whose printed values PATTERN matches.
PATTERN is a regexp string or a list of words; a list matches names
holding any two of its words (or its one word).

DO-ALL (or `apropos-do-all') also searches the printed function
definitions and the \"NAME VALUE\" texts of properties.

The value is the list of entries (SYMBOL SCORE nil VALUE-TEXT nil)."
  (interactive (list (apropos-read-pattern "value") current-prefix-arg))
  (apropos-parse-pattern pattern t)
  (let* ((all (or do-all apropos-do-all))
         (finder (if all #'apropos--value-hit-all #'apropos--value-hit))
         (entries ()))
    (mapatoms (lambda (symbol)
                (let ((hit (funcall finder symbol)))
                  (when hit (push hit entries)))))
    (setq entries (apropos--sort entries apropos-sort-by-scores))
    (setq apropos-accumulator entries)
    (if (null entries)
        (apropos--no-match)
      (apropos--show all
                     (lambda ()
                       (mapc (if all #'apropos--insert-value-all-entry
                               #'apropos--insert-value-entry)
                             entries))
                     t)
      entries)))

;;; Local values and libraries

(defun apropos--local-value-hit (symbol buffer)
  "The entry (SYMBOL SCORE nil VALUE) when SYMBOL is local in BUFFER
\(or would be once set) and its value there matches the pattern."
  (when (local-variable-if-set-p symbol buffer)
    (let ((hit (with-current-buffer buffer (apropos--value-hit symbol))))
      (and hit (butlast hit)))))

(defun apropos-local-value (pattern &optional buffer)
  "List in *Apropos* the buffer-local variables whose values PATTERN matches.
This is `apropos-value' for the variables local in BUFFER (default the
current buffer), their values taken there.
The value is the list of entries (SYMBOL SCORE nil VALUE-TEXT)."
  (interactive (list (apropos-read-pattern "value of buffer-local variable")))
  (let ((buffer (or buffer (current-buffer))) (entries ()))
    (apropos-parse-pattern pattern t)
    (mapatoms (lambda (symbol)
                (let ((hit (apropos--local-value-hit symbol buffer)))
                  (when hit (push hit entries)))))
    (setq entries (apropos--sort entries apropos-sort-by-scores))
    (setq apropos-accumulator entries)
    (if (null entries)
        (progn (message "%s" (format-message "No apropos matches for `%s'" apropos-pattern))
               nil)
      (apropos--show nil
                     (lambda ()
                       (insert (format "Buffer `%s' has the following local variables\n"
                                       (buffer-name buffer))
                               (if (consp pattern)
                                   (format "matching keywords `%s':\n\n" pattern)
                                 (format "matching `%s':\n\n" pattern)))
                       (mapc #'apropos--insert-value-entry entries))
                     t)
      entries)))

(defun apropos--library-button (name)
  "Insert NAME, a feature, as a button describing that library."
  (let ((start (point)))
    (insert name)
    (add-text-properties start (point)
                         (list 'apropos-symbol name 'face 'apropos-symbol
                               'category 'apropos-library-button 'button '(t)))))

(defun apropos--insert-features (features)
  "Insert the names of FEATURES joined by \" and \", or \"<nothing>\"."
  (if (null features)
      (insert "<nothing>")
    (apropos--library-button (symbol-name (car features)))
    (dolist (feature (cdr features))
      (insert " and ")
      (apropos--library-button (symbol-name feature)))))

(defun apropos--library-contents (definitions)
  "The features the load-history DEFINITIONS provide and require, most
recent first, and the symbols they define, by name: (PROVIDED REQUIRED
SYMBOLS)."
  (let (provided required symbols)
    (dolist (item definitions)
      (cond ((symbolp item) (push item symbols))
            ((eq (car item) 'provide) (push (cdr item) provided))
            ((eq (car item) 'require) (push (cdr item) required))
            ((memq (car item) '(defun defface t)) (push (cdr item) symbols))))
    (list provided required
          (sort (delete-dups symbols) (lambda (a b) (string-lessp a b))))))

(defun apropos-library (file)
  "List in *Apropos* the variables and functions defined by library FILE,
one of the libraries recorded in `load-history'.  With `apropos-do-all',
the keys of commands are shown too.
The value is the list of entries, as `apropos' gives them."
  (interactive
   (list (completing-read "Describe library: "
                          (delq nil (mapcar (lambda (entry)
                                              (and (stringp (car entry))
                                                   (file-name-sans-extension
                                                    (file-name-nondirectory (car entry)))))
                                            load-history)))))
  (let ((definitions (cdr (load-history-filename-element (load-history-regexp file)))))
    (unless (load-history-filename-element (load-history-regexp file))
      (error "Unknown library `%s'" file))
    (apropos-parse-pattern "")
    (let* ((contents (apropos--library-contents definitions))
           (entries (mapcar #'apropos--entry (nth 2 contents))))
      (setq apropos-accumulator entries)
      (apropos--show t
                     (lambda ()
                       (insert (format-message "Library `%s' provides: " file))
                       (apropos--insert-features (car contents))
                       (insert "\nand requires: ")
                       (apropos--insert-features (nth 1 contents))
                       (insert "\n\n")
                       (dolist (entry entries)
                         (apropos--insert-labelled-entry entry apropos-do-all t)))
                     t)
      entries)))

(provide 'apropos)

;;; apropos.el ends here
