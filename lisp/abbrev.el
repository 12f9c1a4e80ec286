;;; abbrev.el --- abbrev tables, defining, expanding, listing and saving abbrevs  -*- lexical-binding: t -*-

;; An abbrev table is an obarray.  Each abbrev is a symbol in it: its
;; name is the abbrev, its value the expansion, its function a hook run
;; after expanding, and its plist the abbrev's properties (:count,
;; :system, :case-fixed, :enable-function).  The symbol named "" (its
;; value nil, so that it is no abbrev) carries the table's properties,
;; :abbrev-table-modiff among them, which makes an obarray a table.
;;
;; Emacs preloads this file; subr.el autoloads its functions and
;; declares `local-abbrev-table'.  The abbrev suggestions and menus
;; are not here.

(require 'cl-lib)
(require 'obarray)

(defvar abbrev-file-name
  (expand-file-name "abbrev_defs" (or (bound-and-true-p user-emacs-directory) "~/.emacs.d/"))
  "The file abbrevs are saved in and read from by default.")

(defvar only-global-abbrevs nil
  "Non-nil means the abbrev commands define global abbrevs only.")

(defvar abbrev-all-caps nil
  "Non-nil means an all-caps abbrev of several words expands all in caps.")

(defvar abbrevs-changed nil
  "Non-nil when some abbrev was defined or changed since the last save.")

(defvar abbrev-start-location nil
  "Where the abbrev to expand starts, when `abbrev-prefix-mark' set it.")

(defvar abbrev-start-location-buffer nil
  "The buffer `abbrev-start-location' is in.")

(defvar last-abbrev nil "The abbrev symbol last expanded.")
(defvar last-abbrev-text nil "The text of the abbrev last expanded.")
(defvar last-abbrev-location 0 "Where the abbrev last expanded was.")

(defvar abbrev-minor-mode-table-alist nil
  "(MODE-VARIABLE . TABLE-OR-TABLES) pairs: the tables active while the
variable is non-nil.")

(defvar abbrev-expand-functions nil
  "Obsolete wrapper hook around expansion (ignored here).")

(defvar abbrev-expand-function #'abbrev--default-expand
  "The function `expand-abbrev' calls.")

(defvar abbrev-mode-hook nil "Hook run when `abbrev-mode' changes.")

;;; Tables

(defun abbrev-table-get (table prop)
  "The property PROP of abbrev table TABLE."
  (let ((holder (obarray-get table "")))
    (and holder (get holder prop))))

(defun abbrev-table-put (table prop val)
  "Set abbrev table TABLE's property PROP to VAL; return VAL."
  (let ((holder (obarray-put table "")))
    ;; Bound to nil, the holder is no abbrev.
    (set holder nil)
    (put holder prop val)))

(defalias 'abbrev-get #'get
  "The property PROP of abbrev SYM.")

(defalias 'abbrev-put #'put
  "Set abbrev SYM's property PROP to VAL.")

(defun abbrev--put-props (table plist &optional strict)
  "Store each property of PLIST in abbrev table TABLE.
A property without a value gets nil, or is an error when STRICT."
  (while plist
    (let ((prop (car plist)) (rest (cdr plist)))
      (when (and strict (null rest))
        (error "Missing value for property %S" prop))
      (abbrev-table-put table prop (car rest))
      (setq plist (cdr rest)))))

(defun make-abbrev-table (&optional props)
  "Return a fresh abbrev table, an obarray without abbrevs whose table
properties come from the plist PROPS."
  (let ((fresh (obarray-make)))
    ;; The modification counter is what marks an obarray as a table;
    ;; PROPS may still override it.
    (abbrev--put-props fresh (cons :abbrev-table-modiff (cons 0 props)))
    fresh))

(defun abbrev-table-p (object)
  "Whether OBJECT is an abbrev table."
  (and (obarrayp object)
       (numberp (abbrev-table-get object :abbrev-table-modiff))))

(defun abbrev--abbrev-p (sym &optional ignore-system)
  "Whether SYM of a table is an abbrev (a system one only without
IGNORE-SYSTEM)."
  (not (or (zerop (length (symbol-name sym)))
           (and ignore-system (abbrev-get sym :system)))))

(defun abbrev-table-empty-p (object &optional ignore-system)
  "Whether abbrev table OBJECT has no abbrevs (no non-system ones with
IGNORE-SYSTEM)."
  (unless (abbrev-table-p object)
    (error "Non abbrev table object"))
  (not (catch 'found
         (obarray-map (lambda (sym)
                        (when (abbrev--abbrev-p sym ignore-system)
                          (throw 'found t)))
                      object))))

(defvar abbrev-table-name-list '(fundamental-mode-abbrev-table global-abbrev-table)
  "The names of the abbrev tables `define-abbrev-table' made.")

(defvar global-abbrev-table (make-abbrev-table)
  "The abbrev table active in every buffer.")

(defvar fundamental-mode-abbrev-table
  (let ((table (make-abbrev-table)))
    (setq-default local-abbrev-table table)
    table)
  "The abbrev table of Fundamental mode.")

(defun abbrev--bump-modiff (table)
  (abbrev-table-put table :abbrev-table-modiff
                    (1+ (abbrev-table-get table :abbrev-table-modiff))))

(defun clear-abbrev-table (table)
  "Remove every abbrev from abbrev table TABLE, keeping its properties."
  (setq abbrevs-changed t)
  (let ((props (symbol-plist (obarray-get table ""))))
    (fillarray table 0)
    (let ((holder (obarray-put table "")))
      (set holder nil)
      (setplist holder props))
    (abbrev--bump-modiff table))
  nil)

(defun abbrev-table-name (table)
  "The name (in `abbrev-table-name-list') of abbrev table TABLE, or nil."
  (cl-find-if (lambda (name) (eq (symbol-value name) table)) abbrev-table-name-list))

(defun kill-all-abbrevs ()
  "Empty every abbrev table in `abbrev-table-name-list'."
  (interactive)
  (dolist (name abbrev-table-name-list)
    (clear-abbrev-table (symbol-value name))))

(defun copy-abbrev-table (table)
  "A new abbrev table with the abbrevs of TABLE (not its properties)."
  (let ((copy (make-abbrev-table)))
    (obarray-map (lambda (sym)
                   (define-abbrev copy (symbol-name sym) (symbol-value sym)
                     (symbol-function sym)))
                 table)
    copy))

(defun abbrev--defined-p (sym)
  "Non-nil when the table symbol SYM currently stands for an abbrev."
  (and (boundp sym) (symbol-value sym)))

(defun abbrev--table-symbols (name &optional system)
  "The abbrevs (as symbols) of the table held by the variable NAME.
System abbrevs are left out unless SYSTEM is non-nil."
  (let ((wanted nil))
    (obarray-map (lambda (sym)
                   (and (abbrev--defined-p sym)
                        (not (and (abbrev-get sym :system) (not system)))
                        (push sym wanted)))
                 (symbol-value name))
    wanted))

;;; Defining

(defun abbrev--normal-props (props)
  "Turn the PROPS given to `define-abbrev' into the plist it stores.
The obsolete form (COUNT SYSTEM-FLAG) is recognised by its leading
number or nil; a missing or nil :count becomes 0."
  (let ((plist props))
    (when (and (consp props) (or (null (car props)) (numberp (car props))))
      (let ((count (car props)) (system (nth 1 props)))
        (setq plist (if system (list :count count :system system)
                      (list :count count)))))
    (if (plist-get plist :count)
        plist
      (plist-put plist :count 0))))

(defun abbrev--user-abbrev-kept-p (sym system)
  "Whether defining SYM with :system SYSTEM must leave it unchanged.
Only `force' lets a system definition replace a user's abbrev."
  (and system
       (not (eq system 'force))
       (abbrev--defined-p sym)
       (not (abbrev-get sym :system))))

(defun abbrev--changes-p (sym expansion hook)
  "Whether giving SYM EXPANSION and HOOK changes it."
  (not (and (boundp sym)
            (equal expansion (symbol-value sym))
            (equal hook (symbol-function sym)))))

(defun define-abbrev (table abbrev expansion &optional hook &rest props)
  "Define ABBREV (a string) in abbrev table TABLE to expand to EXPANSION.
HOOK, if non-nil, is called after expanding.  PROPS is a plist of the
abbrev's properties, :count, :system, :case-fixed, :enable-function
among them, or the obsolete (COUNT SYSTEM-FLAG).  A system abbrev
never overwrites one the user made, unless its :system is `force'.
Return ABBREV."
  (let* ((plist (abbrev--normal-props props))
         (system (plist-get plist :system))
         (sym (obarray-put table abbrev)))
    (unless (abbrev--user-abbrev-kept-p sym system)
      ;; Only user definitions count as changes worth saving.
      (when (and (not system) (abbrev--changes-p sym expansion hook))
        (setq abbrevs-changed t))
      (when (eq system 'force)
        (setq plist (plist-put plist :system t)))
      (set sym expansion)
      (fset sym hook)
      (setplist sym (plist-put plist :abbrev-table-modiff
                               (abbrev-table-get table :abbrev-table-modiff)))
      (abbrev--bump-modiff table))
    abbrev))

(defun abbrev--non-word-chars (string)
  "The distinct characters of STRING without word syntax, in order."
  (let ((found nil))
    (mapc (lambda (char)
            (unless (or (eq (char-syntax char) ?w) (memq char found))
              (push char found)))
          string)
    (nreverse found)))

(defun abbrev--check-chars (abbrev global)
  "Signal an error when ABBREV has characters that are not word
constituents, judged by the standard syntax table when GLOBAL, else by
the buffer's."
  (let ((bad (with-syntax-table (if global (standard-syntax-table) (syntax-table))
               (abbrev--non-word-chars abbrev))))
    (when bad
      (error "Some abbrev characters (%s) are not word constituents %s"
             (concat bad)
             (if global "in the standard syntax" "in this mode")))))

(defun abbrev--define-typed (table abbrev expansion global)
  "Define the downcased ABBREV in TABLE after checking its characters."
  (abbrev--check-chars abbrev global)
  (define-abbrev table (downcase abbrev) expansion))

(defun define-global-abbrev (abbrev expansion)
  "Define ABBREV (downcased) in `global-abbrev-table'."
  (interactive "sDefine global abbrev: \nsExpansion for %s: ")
  (abbrev--define-typed global-abbrev-table abbrev expansion t))

(defun define-mode-abbrev (abbrev expansion)
  "Define ABBREV (downcased) in the buffer's `local-abbrev-table'."
  (interactive "sDefine mode abbrev: \nsExpansion for %s: ")
  (let ((table (or local-abbrev-table (error "Major mode has no abbrev table"))))
    (abbrev--define-typed table abbrev expansion nil)))

(defun abbrev--table-variable (name doc)
  "The abbrev table held by the variable NAME, made when NAME holds none.
NAME is proclaimed special, with documentation DOC when non-nil, and a
table made here is recorded in `abbrev-table-name-list'."
  (eval (list 'defvar name nil) t)
  (when doc
    (put name 'variable-documentation doc))
  (or (symbol-value name)
      (progn
        (unless (memq name abbrev-table-name-list)
          (push name abbrev-table-name-list))
        (set name (make-abbrev-table)))))

(defun define-abbrev-table (tablename definitions &optional docstring &rest props)
  "Make TABLENAME a variable holding an abbrev table, unless it has one.
Give the table the properties of the plist PROPS and define each of
DEFINITIONS, a list of `define-abbrev' arguments after its TABLE.
DOCSTRING documents the variable; a symbol there instead is taken as
the first property name."
  (declare (doc-string 3))
  (let* ((shifted (and docstring (symbolp docstring) props))
         (table (abbrev--table-variable tablename (unless shifted docstring))))
    (abbrev--put-props table (if shifted (cons docstring props) props) t)
    (dolist (definition definitions)
      (apply #'define-abbrev table definition))))

;;; Looking abbrevs up

(defun abbrev--as-list (tables)
  "TABLES, one abbrev table or a list of them, as a list."
  (if (listp tables) tables (list tables)))

(defun abbrev--minor-mode-tables ()
  "The tables `abbrev-minor-mode-table-alist' gives the enabled modes.
Later entries come first, so that they take precedence."
  (let ((tables nil))
    (dolist (entry abbrev-minor-mode-table-alist tables)
      (let ((mode (car entry)))
        (when (and (symbolp mode) (boundp mode) (symbol-value mode))
          (setq tables (append (abbrev--as-list (cdr entry)) tables)))))))

(defun abbrev--active-tables (&optional tables)
  "The list of tables to search: TABLES when it is a table or a list of
them, else those of the buffer (its minor modes', its local ones, then
the global table)."
  (if (or (consp tables) (vectorp tables))
      (abbrev--as-list tables)
    (append (abbrev--minor-mode-tables)
            (abbrev--as-list local-abbrev-table)
            (list global-abbrev-table))))

(defun abbrev--symbol (abbrev table)
  "ABBREV's symbol in TABLE alone (its downcased form too, unless the
table or the abbrev is :case-fixed), or nil."
  (let ((sym (or (obarray-get table abbrev)
                 (and (not (abbrev-table-get table :case-fixed))
                      (let ((lower (obarray-get table (downcase abbrev))))
                        (and lower (not (abbrev-get lower :case-fixed)) lower))))))
    (and (symbol-value sym) sym)))

(defun abbrev--search (abbrev tables)
  "ABBREV's symbol in the first of TABLES, or of their parents, having it.
A table's parents are searched right after it."
  (cl-some (lambda (table)
             (or (abbrev--symbol abbrev table)
                 (abbrev--search abbrev (abbrev-table-get table :parents))))
           tables))

(defun abbrev-symbol (abbrev &optional table)
  "The symbol of ABBREV in TABLE (or a list of tables; by default the
active ones) and their parents, or nil if it is no abbrev there."
  (abbrev--search abbrev (abbrev--active-tables table)))

(defun abbrev-expansion (abbrev &optional table)
  "ABBREV's expansion in TABLE (default the active tables), or nil."
  (symbol-value (abbrev-symbol abbrev table)))

;;; Expanding

(defun abbrev--marked-before-point ()
  "The abbrev between `abbrev-start-location' and point, if any, as
\(SYMBOL NAME START END).  Consume the location and the hyphen
`abbrev-prefix-mark' left there; whitespace before point is no part
of the abbrev."
  (let ((start abbrev-start-location))
    (setq abbrev-start-location nil)
    (when (eq (char-after start) ?-)
      ;; Point, if after the hyphen, moves back with the text.
      (save-excursion (goto-char start) (delete-char 1)))
    (let ((resume (point)))
      (skip-syntax-backward " ")
      (let ((end (point)))
        (when (< start end)
          (goto-char resume)
          (let ((name (buffer-substring start end)))
            (list (abbrev-symbol name) name start end)))))))

(defun abbrev--word-before-point (table)
  "The candidate abbrev before point for TABLE (by its :regexp, or the
word), as (SYMBOL NAME START END) when TABLE has it and it is enabled."
  (let ((enable (abbrev-table-get table :enable-function))
        (regexp (abbrev-table-get table :regexp))
        start end)
    (and (or (not enable) (funcall enable))
         (if regexp
             (when (looking-back regexp (line-beginning-position))
               (setq start (match-beginning 1) end (match-end 1)))
           (let ((limit (point)))
             (backward-word 1)
             (setq start (point))
             (forward-word 1)
             (setq end (min (point) limit))))
         (let* ((name (buffer-substring start end))
                (sym (abbrev--symbol name table)))
           (when sym
             (let ((enable (abbrev-get sym :enable-function)))
               (and (or (not enable) (funcall enable))
                    (list sym name start end))))))))

(defun abbrev--before-point ()
  "The abbrev before point, as (SYMBOL NAME START END), or nil."
  (unless (eq abbrev-start-location-buffer (current-buffer))
    (setq abbrev-start-location nil))
  (if abbrev-start-location
      (abbrev--marked-before-point)
    (let ((tables (abbrev--active-tables)) (pos (point)) (found nil))
      (while (and tables (not (car found)))
        (let ((table (pop tables)))
          (setq tables (append (abbrev-table-get table :parents) tables))
          (setq found (abbrev--word-before-point table))
          (goto-char pos)))
      found)))

(defun abbrev--capitals (name)
  "How NAME is capitalized: `all', `initial' (some capitals, not all),
or nil when it has none."
  (let ((case-fold-search nil))
    (cond ((not (string-match-p "[[:upper:]]" name)) nil)
          ((string-match-p "[[:lower:]]" name) 'initial)
          (t 'all))))

(defun abbrev--several-words-p (start end)
  "Whether the text from START to END has a word beginning after the
end of its first word."
  (save-excursion
    (goto-char start)
    (forward-word 1)
    (let ((first-end (point)))
      (goto-char end)
      (backward-word 1)
      (< first-end (point)))))

(defun abbrev--match-case (name sym wordstart)
  "Give the expansion of SYM, from WORDSTART to point, the capitals of
the text NAME it replaced, unless NAME is SYM's own name.  An all-caps
NAME makes the expansion all caps, or only its initials when it has
several words and `abbrev-all-caps' is nil; otherwise a capital in
NAME capitalizes the expansion's first letter."
  (unless (equal name (symbol-name sym))
    (let ((end (point)))
      (pcase (abbrev--capitals name)
        ('all
         (if (and (not abbrev-all-caps) (abbrev--several-words-p wordstart end))
             (upcase-initials-region wordstart end)
           (upcase-region wordstart end)))
        ('initial
         (save-excursion
           (goto-char wordstart)
           (skip-syntax-forward "^w" (1- end))
           (upcase-initials-region (point) (1+ (point)))))))))

(defun abbrev--run-hook (sym)
  "Call the hook of the abbrev SYM, if it has one.  Return nil when the
expansion must not count as done: the hook is a symbol whose
`no-self-insert' property is set and it returned nil."
  (let ((hook (symbol-function sym)))
    (or (null hook)
        (funcall hook)
        (not (and (symbolp hook) (get hook 'no-self-insert))))))

(defun abbrev-insert (abbrev &optional name wordstart wordend)
  "Expand the abbrev ABBREV (a symbol) written NAME (by default its own
name) from WORDSTART (by default point) to WORDEND (by default
WORDSTART): count the use, put the expansion in place of the text with
NAME's capitals, then run ABBREV's hook.  Return ABBREV, or nil when
its `no-self-insert' hook returned nil."
  (let* ((text (or name (symbol-name abbrev)))
         (start (or wordstart (point)))
         (end (or wordend start))
         (expansion (symbol-value abbrev)))
    (abbrev-put abbrev :count (1+ (abbrev-get abbrev :count)))
    (when (stringp expansion)
      (goto-char start)
      (insert expansion)
      (delete-char (- end start))
      (abbrev--match-case text abbrev start))
    (and (abbrev--run-hook abbrev) abbrev)))

(defun abbrev--replace-found (sym name start end)
  "Expand the abbrev SYM, written NAME from START to END, recording it
for `unexpand-abbrev'; return what `abbrev-insert' returns."
  (let ((origin (copy-marker (point) t))
        (abbrev-end (copy-marker end t)))
    (unless (or noninteractive (window-minibuffer-p))
      (undo-boundary))
    (setq last-abbrev sym
          last-abbrev-text name
          last-abbrev-location start)
    (let ((result (abbrev-insert sym name start end)))
      ;; When point was past the abbrev and the hook left it at the
      ;; expansion's end, return to where the user was.
      (when (and (= (point) abbrev-end) (> origin abbrev-end))
        (goto-char origin))
      result)))

(defun abbrev--default-expand ()
  "Expand the abbrev before point, if any; return its symbol, or nil."
  (let ((found (abbrev--before-point)))
    (and (car found)
         (apply #'abbrev--replace-found found))))

(defun expand-abbrev ()
  "Expand the abbrev before point (through `abbrev-expand-function')."
  (interactive)
  (funcall abbrev-expand-function))

(defun unexpand-abbrev ()
  "Undo the last abbrev expansion: put its text back in place of the
expansion, leaving point where it is."
  (interactive)
  (when (and (stringp last-abbrev-text)
             (<= (point-min) last-abbrev-location (point-max)))
    (let ((expansion (symbol-value last-abbrev)))
      (unless (stringp expansion)
        (error "Value of abbrev-symbol must be a string"))
      (save-excursion
        (goto-char last-abbrev-location)
        (insert last-abbrev-text)
        (delete-char (length expansion)))
      (setq last-abbrev-text nil))))

(defun abbrev-prefix-mark (&optional arg)
  "Make point the start of the next abbrev to expand, showing it with
a hyphen.  First expand the abbrev before point, unless ARG."
  (interactive "P")
  (unless arg
    (expand-abbrev))
  (insert "-")
  (setq abbrev-start-location-buffer (current-buffer)
        abbrev-start-location (copy-marker (1- (point)))))

(defun abbrev--next-word-end (limit)
  "Move over the next word; return non-nil if it ends no later than LIMIT."
  (unless (eobp)
    (forward-word 1)
    (<= (point) limit)))

(defun abbrev--preceding-word ()
  "The text of the word ending at point."
  (buffer-substring-no-properties (save-excursion (backward-word 1) (point))
                                  (point)))

(defun expand-region-abbrevs (start end &optional noquery)
  "Expand each abbrev between START and END, asking about each unless
NOQUERY is non-nil."
  (interactive "r\nP")
  (save-excursion
    ;; Expansions move END; the text after it keeps its size.
    (let ((after-end (- (point-max) end)))
      (goto-char start)
      (while (abbrev--next-word-end (- (point-max) after-end))
        (let ((word (abbrev--preceding-word)))
          (when (and (abbrev-expansion word)
                     (or noquery
                         (y-or-n-p (format-message "Expand `%s'? " word))))
            (expand-abbrev)))))))

(defun abbrev-mode (&optional arg)
  "Toggle Abbrev mode in the buffer: on with ARG nil or positive, off
otherwise (`toggle' toggles)."
  (interactive (list (or current-prefix-arg 'toggle)))
  (setq abbrev-mode (if (eq arg 'toggle)
                        (not abbrev-mode)
                      (> (prefix-numeric-value arg) 0)))
  (run-hooks 'abbrev-mode-hook)
  abbrev-mode)

;;; Adding abbrevs from the buffer's text

(defun abbrev--may-define-p (name table)
  "Whether NAME may be defined in TABLE: it has no expansion there yet,
or the user agrees to replace it."
  (let ((old (abbrev-expansion name table)))
    (or (null old)
        (y-or-n-p (format "%s expands into \"%s\"; redefine? " name old)))))

(defun abbrev--text-for (count)
  "The COUNT words before point, or the region's text when COUNT is 0."
  (let ((from (if (zerop count)
                  (mark)
                (save-excursion (forward-word (- count)) (point)))))
    (buffer-substring-no-properties (point) from)))

(defun add-abbrev (table type arg)
  "Read an abbrev to define in TABLE (TYPE names TABLE in the prompt)
expanding to the ARG words before point, or to the region when ARG is
0.  A negative ARG reads an abbrev to undefine instead."
  (let* ((expansion (unless (< arg 0) (abbrev--text-for arg)))
         (name (substring-no-properties
                (read-string
                 (if expansion
                     (format "%s abbrev that expands into \"%s\": " type expansion)
                   (format "Undefine %s abbrev: " type))))))
    (when (or (null expansion) (abbrev--may-define-p name table))
      (define-abbrev table (downcase name) expansion))))

(defun abbrev--mode-table ()
  (if only-global-abbrevs
      global-abbrev-table
    (or local-abbrev-table (error "No per-mode abbrev table"))))

(defun add-mode-abbrev (arg)
  "Define a mode abbrev for the ARG words before point."
  (interactive "p")
  (add-abbrev (abbrev--mode-table) "Mode" arg))

(defun add-global-abbrev (arg)
  "Define a global abbrev for the ARG words before point."
  (interactive "p")
  (add-abbrev global-abbrev-table "Global" arg))

(defun abbrev--nth-word (n)
  "The Nth word before point, or after it when N is negative, as
\(WORD . END).  Non-word text between point and that word is skipped."
  (save-excursion
    (forward-word (- 1 n))
    (skip-syntax-backward "^w")
    (let ((end (point)))
      (backward-word 1)
      (cons (buffer-substring-no-properties (point) end) end))))

(defun inverse-add-abbrev (table type arg)
  "Make the ARGth word before point (after it when ARG is negative) an
abbrev in TABLE, reading its expansion (TYPE names TABLE in the
prompt), then expand it."
  (let* ((word (abbrev--nth-word arg))
         (prompt (format "Expansion for %s abbrev \"%s\": " type (car word)))
         (expansion (read-string prompt nil nil nil t)))
    (when (abbrev--may-define-p (car word) table)
      (define-abbrev table (downcase (car word)) expansion)
      (save-excursion
        (goto-char (cdr word))
        (expand-abbrev)))))

(defun inverse-add-mode-abbrev (n)
  "Make the Nth word before point a mode abbrev."
  (interactive "p")
  (inverse-add-abbrev (abbrev--mode-table) "Mode" n))

(defun inverse-add-global-abbrev (n)
  "Make the Nth word before point a global abbrev."
  (interactive "p")
  (inverse-add-abbrev global-abbrev-table "Global" n))

;;; Describing, editing and saving

(defun abbrev--write (sym)
  "Insert SYM's definition as one element of the definitions of a
`define-abbrev-table' form."
  (insert (format "    (%S %S %S :count %S"
                  (symbol-name sym) (symbol-value sym) (symbol-function sym)
                  (abbrev-get sym :count)))
  ;; Only the properties a user can set, and only when they are set.
  (dolist (prop '(:case-fixed :enable-function))
    (let ((value (abbrev-get sym prop)))
      (when value
        (insert (format " %s %S" prop value)))))
  (insert ")\n"))

(defun abbrev--insert-columns (first &rest columns)
  "Insert FIRST, then each of COLUMNS, a list alternating a column and
an object printed there (at least one space after the text before it)."
  (insert first)
  (while columns
    (indent-to (car columns) 1)
    (insert (prin1-to-string (cadr columns)))
    (setq columns (cddr columns))))

(defun abbrev--describe (sym)
  "Insert the line of the listing describing the abbrev SYM: its name
\(and \"(sys)\" for a system abbrev), use count, expansion and hook."
  (when (symbol-value sym)
    (let ((system (abbrev-get sym :system))
          (hook (symbol-function sym)))
      (apply #'abbrev--insert-columns
             (concat (prin1-to-string (symbol-name sym)) (and system " (sys)"))
             (if system 20 15) (abbrev-get sym :count)
             20 (symbol-value sym)
             (and hook (list 45 hook))))
    (insert "\n")))

(defun abbrev--insert-listing (name symbols)
  "Insert the human-readable listing of table NAME's abbrev SYMBOLS."
  (insert (format "(%S)\n\n" name))
  (mapc #'abbrev--describe symbols)
  (insert "\n\n"))

(defun abbrev--insert-definition (name symbols)
  "Insert a `define-abbrev-table' form defining SYMBOLS in table NAME."
  (insert (format "(define-abbrev-table '%S" name))
  (if (null symbols)
      (insert " '())\n\n")
    (insert "\n  '(\n")
    (mapc #'abbrev--write symbols)
    (insert "   ))\n\n")))

(defun insert-abbrev-table-description (name &optional readable)
  "Insert before point the abbrevs of the table held by variable NAME,
sorted by name.  By default insert a `define-abbrev-table' form of
the non-system abbrevs; with READABLE, the listing `edit-abbrevs'
shows, system abbrevs included."
  (let ((symbols (sort (abbrev--table-symbols name readable) #'string-lessp)))
    (if readable
        (abbrev--insert-listing name symbols)
      (abbrev--insert-definition name symbols))
    nil))

(defun insert-abbrevs ()
  "Insert the listing of every abbrev table after point, marking its end."
  (interactive)
  (push-mark (save-excursion
               (dolist (name abbrev-table-name-list)
                 (insert-abbrev-table-description name t))
               (point))))

(defvar edit-abbrevs-mode-map
  (let ((map (make-sparse-keymap)))
    (mapc (lambda (binding) (define-key map (car binding) (cdr binding)))
          '(("\C-c\C-c" . edit-abbrevs-redefine)
            ("\C-x\C-s" . abbrev-edit-save-buffer)
            ("\C-x\C-w" . abbrev-edit-save-to-file)))
    map)
  "Keymap of `edit-abbrevs-mode'.")

(define-derived-mode edit-abbrevs-mode fundamental-mode "Edit-Abbrevs"
  "Major mode for editing the listing of abbrevs `edit-abbrevs' makes.")

(defun abbrev--nonempty-first (names)
  "The table NAMES, those of tables with abbrevs before the others."
  (let ((emptyp (lambda (name) (abbrev-table-empty-p (symbol-value name)))))
    (append (cl-remove-if emptyp names) (cl-remove-if-not emptyp names))))

(defun prepare-abbrev-list-buffer (&optional local)
  "Fill the buffer *Abbrevs* with the listing of every abbrev table,
those with abbrevs first, in Edit-Abbrevs mode; with LOCAL, list only
the current buffer's local table.  Return that buffer."
  (let ((names (if local
                   (list (abbrev-table-name local-abbrev-table))
                 (abbrev--nonempty-first abbrev-table-name-list))))
    (with-current-buffer (get-buffer-create "*Abbrevs*")
      (erase-buffer)
      (dolist (name names)
        (insert-abbrev-table-description name t))
      (unless local
        (edit-abbrevs-mode))
      (goto-char (point-min))
      (set-buffer-modified-p nil)
      (current-buffer))))

(defun list-abbrevs (&optional local)
  "Display the listing of the abbrevs (the local table's with LOCAL)."
  (interactive "P")
  (display-buffer (prepare-abbrev-list-buffer local)))

(defun edit-abbrevs ()
  "Switch to a buffer listing the abbrevs for editing, with point at the
abbrevs of the buffer's local table."
  (interactive)
  (let ((local (abbrev-table-name local-abbrev-table)))
    (switch-to-buffer (prepare-abbrev-list-buffer))
    (and local
         (search-forward (format "(%s)\n\n" local) nil t))))

(defun abbrev--read-listed (buffer)
  "The abbrevs listed after point in BUFFER's listing of one table, as
`define-abbrev-table' definitions (in reverse)."
  (let ((abbrevs nil))
    (while (and (not (eobp)) (looking-at "[ \t\n]\\|\\(\"\\)"))
      (when (match-string 1)
        (let* ((name (read buffer))
               (count (read buffer))
               (system (equal count '(sys))))
          (when system (setq count (read buffer)))
          (let ((expansion (read buffer)) hook)
            (skip-chars-backward " \t\n\f")
            (setq hook (and (not (eolp)) (read buffer)))
            (skip-chars-backward " \t\n\f")
            (push (list name expansion hook count system) abbrevs))))
      (forward-line 1))
    abbrevs))

(defun abbrev--next-listed-table ()
  "Read the next table of an abbrev listing after point, as
\(NAME . DEFINITIONS), or return nil when there is none."
  (when (re-search-forward "^(" nil t)
    (let ((name (read (current-buffer))))
      (forward-line 1)
      (cons name (abbrev--read-listed (current-buffer))))))

(defun define-abbrevs (&optional arg)
  "Define the abbrevs listed in the buffer, in the format `edit-abbrevs'
shows; with ARG, first remove every abbrev from every table."
  (interactive "P")
  (when arg
    (kill-all-abbrevs))
  (save-excursion
    (goto-char (point-min))
    (let (table)
      (while (setq table (abbrev--next-listed-table))
        (define-abbrev-table (car table) (cdr table))))))

(defun edit-abbrevs-redefine ()
  "Redefine the abbrevs from the listing in the buffer."
  (interactive)
  (save-restriction
    (widen)
    (define-abbrevs t)
    (set-buffer-modified-p nil)))

(defun abbrev--existing-file ()
  "Read the name of an existing abbrev file, `abbrev-file-name' by default."
  (read-file-name (format-prompt "Read abbrev file" abbrev-file-name)
                  nil abbrev-file-name t))

(defun abbrev--file-to-write (prompt)
  "Read with PROMPT a file to save abbrevs in; `abbrev-file-name' is the default."
  (let ((default abbrev-file-name))
    (read-file-name prompt (file-name-directory (expand-file-name default))
                    default)))

(defun read-abbrev-file (&optional file quietly)
  "Define the abbrevs of FILE, by default `abbrev-file-name', by loading
it (without a message when QUIETLY); they count as saved."
  (interactive (list (abbrev--existing-file)))
  ;; Loading defines the abbrevs, which marks them as changed.
  (let ((source (or file abbrev-file-name)))
    (when (load source nil quietly)
      (setq abbrevs-changed nil))))

(defun quietly-read-abbrev-file (&optional file)
  "`read-abbrev-file' without a message."
  (read-abbrev-file file t))

(defun write-abbrev-file (&optional file verbose)
  "Save the abbrevs of every table that has some, as `define-abbrev-table'
forms ordered by table name, in FILE (by default, or when FILE is empty,
`abbrev-file-name').  Only with VERBOSE is the writing reported."
  (interactive (list (abbrev--file-to-write "Write abbrev file: ")))
  (let ((target (if (or (null file) (equal file "")) abbrev-file-name file))
        (coding-system-for-write 'utf-8))
    (with-temp-buffer
      (insert ";;-*-coding: utf-8;-*-\n")
      (dolist (name (sort (copy-sequence abbrev-table-name-list) #'string<))
        (when (abbrev--table-symbols name)
          (insert-abbrev-table-description name)))
      (write-region nil nil target nil (unless verbose 0)))))

(defun abbrev-edit-save-to-file (file)
  "Define the abbrevs the buffer lists, then save every abbrev in FILE."
  (interactive (list (abbrev--file-to-write "Save abbrevs to file: ")))
  (edit-abbrevs-redefine)
  (write-abbrev-file file t))

(defun abbrev-edit-save-buffer ()
  "Redefine the abbrevs from the listing and save them to
`abbrev-file-name'."
  (interactive)
  (abbrev-edit-save-to-file abbrev-file-name))

(provide 'abbrev)

;;; abbrev.el ends here
