;;; help-fns.el --- describe-function, describe-variable, describe-symbol  -*- lexical-binding: t -*-

;; The *Help* buffer as batch Emacs 28 fills it: a first line saying
;; what the object is and where it was defined, the signature, the
;; documentation, then notes (obsolescence, aliases, buffer-locality).
;; Emacs adds lines marrow cannot know (the NEWS version an object
;; appeared in, shortdoc groups, key bindings from menus); those are
;; left out.
;;
;; marrow's own library stands for Emacs's byte-compiled one: a
;; function defined in a file of marrow's lisp directory is described
;; as byte-compiled, as Emacs describes the functions of its preloaded
;; and autoloaded libraries.  Some functions Emacs writes in Lisp
;; marrow writes in C; `help-fns--emacs-lisp-primitives' names them
;; with the file Emacs keeps them in.

(require 'help-mode)

(defconst help-fns--library-directory
  (and load-file-name (file-name-directory load-file-name))
  "The directory of marrow's Lisp library, which this file is part of.")

(defconst help-fns--emacs-lisp-primitives
  '((last . "subr.el") (butlast . "subr.el") (nbutlast . "subr.el")
    (number-sequence . "subr.el") (assoc-default . "subr.el")
    (alist-get . "subr.el") (string-prefix-p . "subr.el")
    (string-suffix-p . "subr.el") (split-string . "subr.el")
    (string-trim . "subr-x.el") (add-to-list . "subr.el")
    (remove . "subr.el") (remq . "subr.el") (delete-dups . "subr.el")
    (caar . "subr.el") (cadr . "subr.el") (cdar . "subr.el")
    (cddr . "subr.el") (posn-window . "subr.el")
    (string-to-list . "subr.el") (flatten-tree . "subr.el"))
  "Functions marrow has in C that Emacs 28 defines in Lisp, with the
file that defines them there.")

(defvar help-xref-stack nil
  "The help items shown in this *Help* buffer before the current one.")
(put 'help-xref-stack 'permanent-local t)
(make-variable-buffer-local 'help-xref-stack)

(defvar help-xref-forward-stack nil
  "The help items to go forward to in this *Help* buffer.")
(put 'help-xref-forward-stack 'permanent-local t)
(make-variable-buffer-local 'help-xref-forward-stack)

(defvar help-xref-stack-item nil
  "The help item this *Help* buffer shows, as a function and its arguments.")
(put 'help-xref-stack-item 'permanent-local t)
(make-variable-buffer-local 'help-xref-stack-item)

(defvar help-window-select nil
  "Non-nil means describing something selects the help window.")

(defvar describe-function-orig-buffer nil
  "The buffer current when `describe-function' was called.")

(defun help-buffer ()
  "The name of the buffer that help goes into, \"*Help*\", creating it
when needed."
  (buffer-name (get-buffer-create "*Help*")))

(defun help-setup-xref (item _interactive-p)
  "Record ITEM as what the *Help* buffer is about to show, remembering
what it shows now so that the buffer's [back] button can return to it."
  (with-current-buffer (help-buffer)
    (let ((shown help-xref-stack-item))
      ;; Going somewhere new: there is no way forward any more.
      (when shown
        (setq help-xref-stack (cons (cons (point) shown) help-xref-stack)
              help-xref-forward-stack nil)))
    (setq help-xref-stack-item item)))

(defun help--finish-buffer ()
  "End the *Help* text with one newline, then the [back] button when
there is something to go back to."
  (goto-char (point-max))
  (while (and (not (bobp)) (eq (char-before) ?\n))
    (delete-char -1))
  (insert "\n")
  (when help-xref-stack
    (insert "\n")
    (insert (propertize "[back]" 'button '(t) 'category 'help-back-button
                        'help-args (list (current-buffer))))
    (insert "\n")))

(defvar help-fns--collecting nil
  "Non-nil while `describe-symbol' collects the text of its parts, which
it shows only once, together.")

(defun help--show-buffer (buffer)
  "Show BUFFER in a window, saying how to leave it when the window is new."
  (unless (or help-fns--collecting (get-buffer-window buffer))
    (display-buffer buffer)
    (message "Type C-x 1 to delete the help window, C-M-v to scroll help.")))

(defmacro with-help-window (buffer-or-name &rest body)
  "Evaluate BODY with `standard-output' going to a fresh help buffer
BUFFER-OR-NAME, then show that buffer in help mode.  Return BODY's value."
  (declare (indent 1) (debug t))
  (let ((buffer (make-symbol "buffer")))
    `(let ((,buffer (get-buffer-create ,buffer-or-name)))
       (with-current-buffer ,buffer
         (let ((inhibit-read-only t))
           (erase-buffer)
           (help-mode)))
       (prog1 (let ((standard-output ,buffer))
                (with-current-buffer ,buffer
                  (let ((inhibit-read-only t))
                    ,@body)))
         (with-current-buffer ,buffer
           (let ((inhibit-read-only t))
             (help--finish-buffer))
           (setq buffer-read-only t)
           (set-buffer-modified-p nil)
           (goto-char (point-min)))
         (help--show-buffer ,buffer)))))

;;; Where things are defined

(defun help-fns--library-file-p (file)
  "Non-nil if FILE is one of marrow's own Lisp library files."
  (and (stringp file) help-fns--library-directory
       (string-prefix-p help-fns--library-directory (expand-file-name file))))

(defun help-fns--source-name (file)
  "FILE's source: its .el file when FILE is compiled or has no suffix."
  (cond ((string-match "\\.elc\\'" file) (substring file 0 -1))
        ((string-match-p "\\.el\\'" file) file)
        ((locate-file file load-path '(".el" "")))
        (t file)))

(defun find-lisp-object-file-name (object type)
  "The file that defines OBJECT as TYPE (`defun', `defvar', `defface' or
another kind), `C-source' for a primitive or a variable of C, or nil."
  (let ((def (and (symbolp object) (not (memq type '(defvar defface)))
                  (symbol-function object))))
    (cond
     ((and (or (memq type '(defun nil)) (subrp type)) (symbolp object)
           (assq object help-fns--emacs-lisp-primitives))
      (expand-file-name (cdr (assq object help-fns--emacs-lisp-primitives))
                        help-fns--library-directory))
     ;; As in Emacs, a primitive's file is known from its object.
     ((or (subrp type) (subrp object)) 'C-source)
     ((autoloadp def)
      (locate-file (nth 1 def) load-path '(".el" "")))
     ((not (symbolp object)) nil)
     ((integerp type) nil)
     ((memq type '(defvar defface))
      (let ((file (symbol-file object type)))
        (cond (file (help-fns--source-name file))
              ((and (eq type 'defvar) (help-fns--builtin-variable-p object))
               'C-source))))
     (t (let ((file (symbol-file object (if (symbolp type) type 'defun))))
          (and file (help-fns--source-name file)))))))

(defun help-fns--builtin-variable-p (variable)
  "Non-nil if VARIABLE is special though no file defines it: marrow's
runtime does, as Emacs's C defines its variables of C."
  (and (special-variable-p variable)
       (not (memq variable '(nil t))) (not (keywordp variable))
       (not (memq variable current-load-list))
       (not (symbol-file variable 'defvar))))

(defun help-fns-short-filename (filename)
  "FILENAME relative to the directory of `load-path' it lies in, or whole."
  (let ((best (abbreviate-file-name filename)))
    (dolist (dir load-path)
      (when (stringp dir)
        (let ((dir (file-name-as-directory (expand-file-name dir))))
          (when (and (string-prefix-p dir filename)
                     (< (- (length filename) (length dir)) (length best)))
            (setq best (substring filename (length dir)))))))
    best))

;;; Filling

(defun help-fns--fill-line (line width)
  "LINE broken at spaces into lines of at most WIDTH characters where a
word allows."
  (let ((words (split-string line "[ \n]+" t))
        (lines nil) (current nil))
    (dolist (word words)
      (if (and current (> (+ (length current) 1 (length word)) width))
          (progn (push current lines) (setq current word))
        (setq current (if current (concat current " " word) word))))
    (when current (push current lines))
    (mapconcat #'identity (nreverse lines) "\n")))

(defun help-fns--output-line-prefix ()
  "The text on the current line of `standard-output' when it is a buffer."
  (if (bufferp standard-output)
      (with-current-buffer standard-output
        (buffer-substring-no-properties (line-beginning-position) (point)))
    ""))

(defun help-fns--princ-filled (text)
  "Print TEXT filled at `fill-column' together with what its line of
`standard-output' already holds, when that is the *Help* buffer: as in
Emacs, text printed elsewhere is not filled."
  (if (not (equal standard-output (get-buffer (help-buffer))))
      (princ text)
    (help-fns--princ-filled-1 text)))

(defun help-fns--princ-filled-1 (text)
  "Print TEXT filled together with what its line of `standard-output'
already holds."
  (let* ((prefix (help-fns--output-line-prefix))
         (filled (help-fns--fill-line (concat prefix text) fill-column))
         (keep (length prefix)))
    ;; The prefix is already out; when filling broke inside it, print
    ;; the text as it is rather than rewrite the buffer.
    (princ (if (string-prefix-p prefix filled) (substring filled keep) text))))

;;; Functions

(defun help-fns--library-function-p (function)
  "Non-nil if FUNCTION, a symbol, is defined in marrow's library, which
stands for Emacs's compiled one."
  (and (symbolp function)
       (or (assq function help-fns--emacs-lisp-primitives)
           (help-fns--library-file-p (symbol-file function 'defun)))))

(defun help-fns--lisp-kind (function def)
  "The kind of Lisp function FUNCTION is, its definition being DEF."
  (cond ((or (eq (car-safe def) 'macro) (and (symbolp function) (macrop function)))
         "Lisp macro")
        ;; Emacs's generic functions dispatch through code its compiled
        ;; cl-generic makes.
        ((or (byte-code-function-p def) (help-fns--library-function-p function)
             (and (symbolp function) (get function 'cl-generic--generic)))
         "byte-compiled Lisp function")
        ((eq (car-safe def) 'lambda) "Lisp function")
        ((eq (car-safe def) 'closure) "Lisp closure")))

(defun help-fns--keymap-kind (def)
  "\"keymap\" for a full keymap DEF, \"sparse keymap\" otherwise."
  (if (let ((tail (cdr-safe def)) (full nil))
        (while (and (consp tail) (not full))
          (setq full (char-table-p (car tail)) tail (cdr tail)))
        full)
      "keymap"
    "sparse keymap"))

(defun help-fns--autoload-kind (def)
  "What the autoload DEF will define."
  (concat "an autoloaded "
          (if (commandp def)
              "interactive Lisp function"
            ;; The autoload's TYPE: nil, `keymap', or a macro's t/`macro'.
            (pcase (nth 4 def)
              ('nil "Lisp function")
              ('keymap "keymap")
              (_ "Lisp macro")))))

(defun help-fns--function-kind (function def aliased file)
  "The description of FUNCTION's definition DEF for the first line of its
help, without the file; ALIASED is the symbol it is an alias for, FILE
the file that defines it."
  (let ((article (cond ((and (stringp file) (symbolp function)
                             (get function 'autoload)
                             (or (byte-code-function-p def) (keymapp def)
                                 (memq (car-safe def) '(macro lambda closure))))
                        (if (commandp def) "an autoloaded interactive " "an autoloaded "))
                       ((commandp def) "an interactive ")
                       (t "a "))))
    (cond ((or (stringp def) (vectorp def)) "a keyboard macro")
          (aliased (format-message "an alias for `%s'" aliased))
          ((and (subrp def) (assq function help-fns--emacs-lisp-primitives))
           (concat article "byte-compiled Lisp function"))
          ((subrp def)
           (concat article (if (eq (cdr (subr-arity def)) 'unevalled)
                               "special form"
                             "built-in function")))
          ((autoloadp def) (help-fns--autoload-kind def))
          ((help-fns--lisp-kind function def)
           (concat article (help-fns--lisp-kind function def)))
          ((keymapp def) (concat article (help-fns--keymap-kind def)))
          (t ""))))

(defun help-fns--aliased (function)
  "The symbol FUNCTION is an alias for, at the end of a chain of
aliases, or nil.  As in Emacs, a symbol holding a primitive of another
name is an alias for that name."
  (and (symbolp function)
       (let ((def (symbol-function function)))
         (cond ((and def (symbolp def))
                (let ((target function) (hops 0))
                  (while (and (fboundp target) (symbolp (symbol-function target))
                              (< hops 100))
                    (setq target (symbol-function target) hops (1+ hops)))
                  target))
               ((and (subrp def) (not (string= (subr-name def) (symbol-name function))))
                (intern (subr-name def)))))))

(defun help-fns-function-description-header (function)
  "Print a line saying what kind of function FUNCTION is and where it is
defined."
  (let* ((aliased (help-fns--aliased function))
         (def (if (symbolp function)
                  (indirect-function function)
                function))
         (file (and (symbolp function)
                    (find-lisp-object-file-name function (if aliased 'defun def))))
         (text (help-fns--function-kind function def aliased file)))
    (if (and aliased (not (fboundp aliased)))
        (help-fns--princ-filled (concat text ",\nwhich is not defined."))
      (when file
        (setq text (concat text
                           (format-message
                            " in `%s'"
                            (if (eq file 'C-source) "C source code"
                              (help-fns-short-filename file))))))
      (help-fns--princ-filled (concat text ".")))))

(defun help-fns--usage (function def doc)
  "The usage line of FUNCTION, whose definition is DEF and documentation
DOC, and DOC without its \"(fn ...)\" line: (USAGE . DOC)."
  (let* ((split (help-split-fundoc doc function))
         (doc (if split (cdr split) doc))
         (arglist (help-function-arglist def t)))
    (cons (cond (split (car split))
                ((autoloadp def)
                 "[Arg list not available until function definition is loaded.]")
                ((listp arglist) (help--make-usage-docstring function arglist))
                ((stringp arglist) arglist)
                ((or (stringp def) (vectorp def))
                 (format "\nMacro: %s" (help--docstring-quote (format "%s" def))))
                (t "[Missing arglist.]"))
          doc)))

(defun help-fns--obsolete-text (function)
  "The note on FUNCTION's obsolescence, or nil."
  (let* ((info (and (symbolp function) (get function 'byte-obsolete-info)))
         (use (car info)))
    (when info
      (concat "  This "
              (if (eq (car-safe (symbol-function function)) 'macro) "macro" "function")
              " is obsolete"
              (and (nth 2 info) (format " since %s" (nth 2 info)))
              (cond ((stringp use) (concat ";\n  " use))
                    (use (format-message ";\n  use `%s' instead." use))
                    (t "."))
              "\n"))))

(defun help-fns--ensure-empty-line ()
  "Leave point after an empty line."
  (unless (bolp) (insert "\n"))
  (unless (eq (char-before (1- (point))) ?\n) (insert "\n")))

(defun help-fns--body-text (function)
  "The signature, documentation and notes of FUNCTION, as its help shows
them after the first line."
  (let* ((def (if (symbolp function) (indirect-function function) function))
         (raw (if (autoloadp def) (nth 2 def)
                (condition-case nil (documentation function t)
                  ((invalid-function void-function) nil))))
         (dangling (and (help-fns--aliased function)
                        (not (fboundp (help-fns--aliased function)))))
         (usage (if (not dangling) (help-fns--usage function def raw)
                  ;; A dangling alias: no signature, as in Emacs.
                  (cons nil raw))))
    (with-temp-buffer
      (when (car usage)
        (insert (substitute-command-keys (car usage)) "\n")
        (help-fns--ensure-empty-line))
      (insert (if (cdr usage) (substitute-command-keys (cdr usage)) "Not documented."))
      (unless (bolp) (insert "\n"))
      (help-fns--ensure-empty-line)
      (let ((note (help-fns--obsolete-text function)))
        (when note
          (insert note)
          (help-fns--ensure-empty-line)))
      (buffer-string))))

(defvar help-fns-describe-function-functions nil
  "Functions that add to a function's help, each called with the
function in a buffer holding the help so far, its point at the end.")

(defun describe-function-1 (function)
  "Print the documentation of FUNCTION to `standard-output', without the
leading \"FUNCTION is\"."
  (help-fns-function-description-header function)
  (terpri)
  (terpri)
  (princ (with-temp-buffer
           (insert (help-fns--body-text function))
           (run-hook-with-args 'help-fns-describe-function-functions function)
           (buffer-string))))

(defun describe-function (function)
  "Show the documentation of FUNCTION, a symbol or a function object, in
the *Help* buffer, and return the text shown."
  (interactive (list (intern (completing-read "Describe function: "
                                              obarray #'fboundp t))))
  (unless (fboundp function) ; as Emacs: (void-function F), or symbolp for a non-symbol
    (signal 'void-function (list function)))
  (help-setup-xref (list #'describe-function function) nil)
  (save-excursion
    (with-help-window (help-buffer)
      (prin1 function)
      (princ " is ")
      (describe-function-1 function)
      (buffer-string))))

;;; Variables

(defun help-fns--value-text (value column)
  "VALUE printed for \"Its value is\" ending at COLUMN: on that line
when it fits, else on the lines below."
  (let ((rep (let ((print-quoted t)) (prin1-to-string value))))
    (when (and (symbolp value) (not (booleanp value)))
      (setq rep (format-message "`%s'" rep)))
    (if (< (+ (length rep) column) 68)
        (concat " " rep)
      (concat "\n" rep))))

(defun help-fns--variable-notes (variable)
  "The notes after VARIABLE's documentation: aliases, obsolescence,
buffer-locality, customization."
  (let ((notes nil)
        (alias (indirect-variable variable)))
    (unless (eq alias variable)
      (push (format-message "  This variable is an alias for `%s'.\n" alias) notes))
    (let ((aliases (help-fns--aliases-of variable)))
      (when aliases
        (push (format-message "  This variable has %s: %s.\n"
                              (if (cdr aliases) "aliases" "an alias")
                              (mapconcat (lambda (a) (format-message "`%s'" a))
                                         aliases ", "))
              notes)))
    (let ((obsolete (get variable 'byte-obsolete-variable)))
      (when obsolete
        (push (concat "  This variable is obsolete"
                      (and (nth 2 obsolete) (format " since %s" (nth 2 obsolete)))
                      (cond ((stringp (car obsolete)) (concat ";\n  " (car obsolete)))
                            ((car obsolete) (format-message ";\n  use `%s' instead."
                                                            (car obsolete)))
                            (t "."))
                      "\n")
              notes)))
    (when (local-variable-if-set-p variable)
      (push "  Automatically becomes buffer-local when set.\n" notes))
    (when (get variable 'custom-type)
      (push "  You can customize this variable.\n" notes))
    (apply #'concat (nreverse notes))))

(defun help-fns--aliases-of (variable)
  "The variables that are aliases for VARIABLE."
  (let ((aliases nil))
    (mapatoms (lambda (s)
                (and (not (eq s variable)) (boundp s)
                     (eq (indirect-variable s) variable)
                     (push s aliases))))
    (sort aliases #'string<)))

(defun help-fns--variable-text (variable buffer)
  "The help text of VARIABLE, its value taken in BUFFER."
  (let* ((void (not (with-current-buffer buffer (boundp variable))))
         (value (and (not void) (with-current-buffer buffer (symbol-value variable))))
         (file (find-lisp-object-file-name variable 'defvar))
         (doc (or (documentation-property variable 'variable-documentation)
                  (documentation-property (indirect-variable variable)
                                          'variable-documentation))))
    (with-temp-buffer
      (insert (format "%S" variable))
      (cond (file
             (insert (format-message " is a variable defined in `%s'.\n\n"
                                     (if (eq file 'C-source) "C source code"
                                       (help-fns-short-filename file))))
             (insert (if void "It is void as a variable." "Its ")))
            (void (insert " is void as a variable."))
            (t (insert (substitute-command-keys "'s "))))
      (unless void
        (insert "value is")
        (insert (help-fns--value-text value (current-column))))
      (insert "\n")
      (when (and (not void) (with-current-buffer buffer (local-variable-p variable)))
        (insert (format "Local in buffer %s; global value is " (buffer-name buffer)))
        (let ((global (default-value variable)))
          ;; As Emacs, a global value printed shorter than 20
          ;; characters stays on the line.
          (insert (cond ((eq global value) "the same.")
                        ((< (length (prin1-to-string global)) 20) (format "%S" global))
                        (t (format "\n%S" global)))))
        (insert "\n"))
      (insert "\n" (or doc "Not documented as a variable."))
      (unless (bolp) (insert "\n"))
      (let ((notes (help-fns--variable-notes variable)))
        (unless (string= notes "")
          (help-fns--ensure-empty-line)
          (insert notes)))
      (buffer-string))))

(defun documentation-property (symbol prop &optional raw)
  "SYMBOL's PROP property as documentation: a string goes through
`substitute-command-keys' unless RAW, other values are evaluated."
  (let ((value (get symbol prop)))
    (cond ((stringp value) (if raw value (substitute-command-keys value)))
          ((null value) nil)
          (t (let ((text (eval value t)))
               (if (and (stringp text) (not raw)) (substitute-command-keys text) text))))))

(defun describe-variable (variable &optional buffer _frame)
  "Show the documentation and value of VARIABLE (in BUFFER, by default
the current one) in the *Help* buffer, and return the text shown."
  (interactive (list (intern (completing-read "Describe variable: "
                                              obarray #'boundp t))))
  (unless (buffer-live-p buffer) (setq buffer (current-buffer)))
  (if (not (symbolp variable))
      (user-error "You didn't specify a variable")
    (let ((text (help-fns--variable-text variable buffer)))
      (help-setup-xref (list #'describe-variable variable buffer) nil)
      (with-help-window (help-buffer)
        (insert text)
        (buffer-string)))))

;;; Symbols

(defun help-fns--describe-function-backend (symbol _buffer _frame)
  "`describe-symbol''s way to show SYMBOL as a function."
  (describe-function symbol))

(defun help-fns--variable-p (symbol)
  "Whether SYMBOL is a variable to describe: bound (keywords aside),
or documented as one."
  (if (and (boundp symbol) (not (keywordp symbol)))
      t
    (get symbol 'variable-documentation)))

(defvar describe-symbol-backends
  (list (list nil #'fboundp #'help-fns--describe-function-backend)
        (list "variable" #'help-fns--variable-p #'describe-variable))
  "The kinds of definitions `describe-symbol' shows, each (NAME TEST
DESCRIBE).")

(defun help-fns--backend-text (backend symbol buffer)
  "The help text BACKEND of `describe-symbol-backends' gives for SYMBOL,
without its [back] button and final newlines; the *Help* buffer's
history is left as it was."
  (let ((history (with-current-buffer (help-buffer)
                   (list help-xref-stack help-xref-stack-item))))
    (let ((help-fns--collecting t))
      (funcall (nth 2 backend) symbol buffer nil))
    (with-current-buffer (help-buffer)
      (prog1 (string-trim-right
              (buffer-substring (point-min) (help-fns--text-end)) "\n+")
        (setq help-xref-stack (car history)
              help-xref-stack-item (cadr history))))))

(defun describe-symbol (symbol &optional buffer _frame)
  "Show every definition of SYMBOL in the *Help* buffer: its function,
its variable, and what else `describe-symbol-backends' knows."
  (interactive (list (intern (completing-read "Describe symbol: " obarray))))
  (unless (buffer-live-p buffer) (setq buffer (current-buffer)))
  (let ((docs nil))
    (dolist (backend describe-symbol-backends)
      (when (funcall (nth 1 backend) symbol)
        (push (cons (car backend) (help-fns--backend-text backend symbol buffer))
              docs)))
    (setq docs (nreverse docs))
    (if (null docs)
        (user-error "Not a defined function or variable: %S" symbol)
      (help-setup-xref (list #'describe-symbol symbol buffer) nil)
      (with-help-window (help-buffer)
        (insert (cdar docs))
        (dolist (doc (cdr docs))
          (insert "\n\n" (make-string 79 ?-) "\n\n")
          (unless (string-prefix-p (symbol-name symbol) (cdr doc))
            (insert (format "%s is also a %s.\n\n" symbol (car doc))))
          (insert (cdr doc)))
        1))))

(defun help-fns--text-end ()
  "The end of the help text in the current buffer, before its [back]."
  (save-excursion
    (goto-char (point-max))
    (if (and help-xref-stack (search-backward "\n\n[back]" nil t))
        (1+ (point))
      (point-max))))

;;; Keymaps

(defun help-fns-find-keymap-name (keymap)
  "The variable whose value is KEYMAP, followed through aliases, or nil."
  (when (keymapp keymap)
    (let ((name (catch 'found
                  (mapatoms (lambda (s)
                              (and (not (eq s 'keymap)) (boundp s)
                                   (eq (symbol-value s) keymap)
                                   (throw 'found s))))
                  nil)))
      (and name (indirect-variable name)))))

(defun help-fns--keymap-variable (keymap)
  "A fresh interned variable holding KEYMAP, for a keymap no variable holds."
  (let ((n 0) name)
    (while (progn (setq name (format "KEYMAP OBJECT (no variable) %d" n))
                  (intern-soft name))
      (setq n (1+ n)))
    (let ((sym (intern name)))
      (set sym keymap)
      sym)))

(defun describe-keymap (keymap)
  "Show the bindings of KEYMAP, a keymap or a variable holding one, in
the *Help* buffer, after the variable's file and documentation."
  (interactive (list (intern (completing-read "Keymap: " obarray
                                              (lambda (m) (and (boundp m) (keymapp (symbol-value m))))
                                              t))))
  (let ((anonymous nil))
    (unless (and (symbolp keymap) (boundp keymap) (keymapp (symbol-value keymap)))
      (cond ((keymapp keymap)
             (setq keymap (help-fns--keymap-variable keymap) anonymous t))
            ((symbolp keymap) (error "Not a keymap variable: %S" keymap))
            (t (error "Not a keymap"))))
    (setq keymap (indirect-variable keymap))
    (help-setup-xref (list #'describe-keymap keymap) nil)
    (unwind-protect
        (let ((doc (documentation-property keymap 'variable-documentation))
              (file (find-lisp-object-file-name keymap 'defvar)))
          (with-help-window (help-buffer)
            (unless anonymous
              (insert (format-message "%S is a keymap variable" keymap)
                      (if file
                          (format-message " defined in `%s'.\n\n"
                                          (if (eq file 'C-source) "C source code"
                                            (help-fns-short-filename file)))
                        ".\n\n")))
            (when (and doc (not (equal doc "")))
              (insert "Documentation:\n" doc "\n\n"))
            (insert (substitute-command-keys (format "\\{%s}" keymap)))))
      (when anonymous
        (makunbound keymap)
        (unintern keymap obarray)))))

(provide 'help-fns)

;;; help-fns.el ends here
