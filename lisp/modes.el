;;; modes.el --- major and minor modes  -*- lexical-binding: t -*-

;; As Emacs's, without abbrev tables (marrow has none): a major mode
;; command kills the buffer's local variables, sets `major-mode' and
;; `mode-name', gives the buffer its syntax table (MODE-syntax-table,
;; inheriting from its parent mode's) and runs its hooks through
;; `run-mode-hooks'; a derived mode runs its parent's body first, with
;; the hooks delayed until its own end.  Emacs preloads these; subr.el
;; autoloads them from here.

(defvar-local delay-mode-hooks nil
  "Non-nil while `run-mode-hooks' keeps the hooks for later.")
(defvar-local delayed-mode-hooks nil
  "Hooks `run-mode-hooks' kept while `delay-mode-hooks' was on.")
(put 'delay-mode-hooks 'permanent-local t)
(put 'delayed-mode-hooks 'permanent-local t)
(defvar-local delayed-after-hook-functions nil
  "Functions of modes' :after-hook kept for the end of `run-mode-hooks'.")
(defvar change-major-mode-after-body-hook nil
  "Normal hook run by `run-mode-hooks' before the mode hooks.")
(defvar after-change-major-mode-hook nil
  "Normal hook run by `run-mode-hooks' after the mode hooks.")

(defun modes--call-delaying-hooks (function)
  "Call FUNCTION with mode hooks held back, `delay-mode-hooks' being
made buffer-local first so that the hold ends with this call."
  (make-local-variable 'delay-mode-hooks)
  (let ((delay-mode-hooks t))
    (funcall function)))

(defmacro delay-mode-hooks (&rest body)
  "Evaluate BODY with mode hooks held back: `run-mode-hooks' inside it
only records them, for the first call outside to run."
  (declare (indent 0))
  `(modes--call-delaying-hooks (lambda () ,@body)))

(defun modes--take-queue (symbol)
  "The entries pushed onto SYMBOL's value, oldest first; SYMBOL is
emptied."
  (prog1 (nreverse (symbol-value symbol))
    (set symbol nil)))

(defun run-mode-hooks (&rest hooks)
  "Run the mode hooks HOOKS after those kept by `delay-mode-hooks', with
`change-major-mode-after-body-hook' before them and
`after-change-major-mode-hook' and the :after-hook forms after; while
`delay-mode-hooks' is on, only keep HOOKS."
  (if delay-mode-hooks
      (setq delayed-mode-hooks (append (reverse hooks) delayed-mode-hooks))
    (let ((all (nconc (modes--take-queue 'delayed-mode-hooks) hooks)))
      (apply #'run-hooks 'change-major-mode-after-body-hook all))
    (run-hooks 'after-change-major-mode-hook)
    (mapc #'funcall (modes--take-queue 'delayed-after-hook-functions))))

(defun modes--parent (mode)
  "The mode MODE derives from: its `derived-mode-parent', or the mode
that names when it is an alias."
  (let* ((parent (get mode 'derived-mode-parent))
         (target (and parent (symbol-function parent))))
    (if (and target (symbolp target)) target parent)))

(defun provided-mode-derived-p (mode &rest modes)
  "The first of MODE and its ancestors that is one of MODES, or nil."
  (let ((candidate mode))
    (while (and candidate (not (memq candidate modes)))
      (setq candidate (modes--parent candidate)))
    candidate))

(defun derived-mode-p (&rest modes)
  "The first of the current `major-mode' and its parents among MODES, or nil."
  (apply #'provided-mode-derived-p major-mode modes))

(defun subr--mode-options (body)
  "BODY's leading keyword arguments as a plist, and the forms after them."
  (let ((options nil))
    (while (keywordp (car body))
      (push (car body) options)
      (push (cadr body) options)
      (setq body (cddr body)))
    (cons (nreverse options) body)))

(defmacro define-derived-mode (child parent name &rest body)
  "Define CHILD, a major mode command running PARENT's (nil: none) first.
NAME is its `mode-name'.  BODY may start with a docstring and keyword
arguments (:after-hook FORM is kept; :syntax-table names the table,
nil for the parent's, by default CHILD-syntax-table; :group,
:abbrev-table and :interactive are accepted), then forms run in the
new mode before its hook, CHILD-hook."
  (declare (indent defun) (doc-string 4))
  (when (eq parent 'fundamental-mode) (setq parent nil)) ; as Emacs's derived.el
  (let* ((doc (if (stringp (car body)) (pop body)
                (format "Major mode derived from `%s' by `define-derived-mode'." parent)))
         (split (subr--mode-options body))
         (after (plist-get (car split) :after-hook))
         (hook (intern (format "%s-hook" child)))
         (map (intern (format "%s-map" child)))
         (own-syntax (not (plist-member (car split) :syntax-table)))
         (syntax (if own-syntax (intern (format "%s-syntax-table" child))
                   (plist-get (car split) :syntax-table))))
    `(progn
       (defvar ,hook nil)
       (unless (get ',hook 'variable-documentation)
         (put ',hook 'variable-documentation
              ,(format "Hook run after entering %s mode.
No problems result if this variable is not bound.
`add-hook' automatically binds it.  (This is true for all hook variables.)"
                       name)))
       (unless (boundp ',map) (put ',map 'definition-name ',child))
       (defvar ,map (make-sparse-keymap))
       (unless (get ',map 'variable-documentation)
         (put ',map 'variable-documentation ,(format "Keymap for `%s'." child)))
       ,@(when own-syntax
           `((unless (boundp ',syntax)
               (put ',syntax 'definition-name ',child)
               (defvar ,syntax (make-syntax-table)))
             (unless (get ',syntax 'variable-documentation)
               (put ',syntax 'variable-documentation
                    ,(format "Syntax table for `%s'." child)))))
       (put ',child 'derived-mode-parent ',parent)
       (defun ,child ()
         ,doc
         (interactive)
         (delay-mode-hooks
           (,(or parent 'kill-all-local-variables))
           (setq major-mode ',child)
           (setq mode-name ,name)
           ,@(when parent
               `((unless (keymap-parent ,map)
                   (set-keymap-parent ,map (current-local-map)))))
           (use-local-map ,map)
           ,@(when own-syntax
               ;; A table of its own inherits from the parent mode's.
               `((let ((table-parent (char-table-parent ,syntax)))
                   (unless (and table-parent
                                (not (eq table-parent (standard-syntax-table))))
                     (set-char-table-parent ,syntax (syntax-table))))))
           ,@(when syntax `((set-syntax-table ,syntax)))
           ,@(cdr split))
         (run-mode-hooks ',hook)
         ,@(when after
             `((if delay-mode-hooks
                   (push (lambda () ,after) delayed-after-hook-functions)
                 ,after)))))))

(defun fundamental-mode ()
  "The major mode of no particular kind."
  (interactive)
  (kill-all-local-variables)
  (run-mode-hooks))

(define-derived-mode text-mode nil "Text"
  "The major mode for text written for people."
  (setq-local require-final-newline mode-require-final-newline))
(define-derived-mode prog-mode fundamental-mode "Prog"
  "The major mode that modes for programming languages derive from."
  (setq-local require-final-newline mode-require-final-newline)
  (setq-local parse-sexp-ignore-comments t))
(define-derived-mode lisp-data-mode prog-mode "Lisp-Data"
  "The major mode for Lisp data."
  (setq-local indent-line-function #'lisp-indent-line)
  (setq-local indent-region-function #'lisp-indent-region)
  (setq-local comment-start ";")
  (setq-local comment-start-skip ";+ *")
  (setq-local comment-add 1)
  (setq-local comment-use-syntax t)
  (setq-local comment-indent-function #'lisp-comment-indent)
  (setq-local fill-paragraph-function #'lisp-fill-paragraph)
  (setq-local comment-column 40))
(defvar elisp--dynlex-modeline-map
  ;; What Emacs's keymap functions make of mouse-1 on the mode line
  ;; bound to `elisp-enable-lexical-binding'; marrow has no keymap
  ;; functions, keymaps being lists.
  '(keymap (mode-line keymap (mouse-1 . elisp-enable-lexical-binding)))
  "The keymap of the binding style shown in Emacs Lisp mode's name.")
;; Emacs's keys and menu of the mode, less the commands marrow lacks
;; (byte compilation, Edebug, IELM, completion, Lisp indentation).
(defvar emacs-lisp-mode-map
  (let ((map (make-sparse-keymap))
        (menu (make-sparse-keymap "Emacs-Lisp")))
    (define-key map "\e\C-x" #'eval-defun)
    (define-key menu [Indent\ Region]
      '(menu-item "Indent Region" indent-region :enable mark-active
                  :help "Indent each nonblank line in the region"))
    (define-key menu [Evaluate\ Buffer]
      '(menu-item "Evaluate Buffer" eval-buffer
                  :help "Execute the current buffer as Lisp code"))
    (define-key menu [Evaluate\ Region]
      '(menu-item "Evaluate Region" eval-region :enable mark-active
                  :help "Execute the region as Lisp code"))
    (define-key menu [Evaluate\ Last\ S-expression]
      '(menu-item "Evaluate Last S-expression" eval-last-sexp
                  :help "Evaluate sexp before point; print value in echo area"))
    (define-key map [menu-bar emacs-lisp] (cons "Emacs-Lisp" menu))
    map)
  "Keymap for Emacs Lisp mode.")

;; As in Emacs, the name is a mode line construct showing the binding
;; style, "/l" or "/d".
(define-derived-mode emacs-lisp-mode lisp-data-mode
  `("ELisp"
    (lexical-binding (:propertize "/l"
                      help-echo "Using lexical-binding mode")
                     (:propertize "/d"
                      help-echo "Using old dynamic scoping mode\n\
mouse-1: Enable lexical-binding mode"
                      face warning
                      mouse-face mode-line-highlight
                      local-map ,elisp--dynlex-modeline-map)))
  "The major mode for Emacs Lisp.")
(defvar special-mode-map
  (let ((map (make-sparse-keymap)))
    (suppress-keymap map)
    (define-key map "q" #'quit-window)
    (define-key map " " #'scroll-up-command)
    (define-key map [?\S-\ ] #'scroll-down-command)
    (define-key map "\C-?" #'scroll-down-command)
    (define-key map "?" #'describe-mode)
    (define-key map "h" #'describe-mode)
    (define-key map ">" #'end-of-buffer)
    (define-key map "<" #'beginning-of-buffer)
    (define-key map "g" #'revert-buffer)
    map)
  "The keys of `special-mode': reading, not editing.")

(define-derived-mode special-mode fundamental-mode "Special"
  "The major mode of buffers not meant to be edited by hand."
  (setq buffer-read-only t))

(defvar minor-mode-list nil "The minor modes defined so far, newest first.")
(defvar minor-mode-alist nil "(MODE LIGHTER) for each minor mode with a lighter.")
(defvar global-minor-modes nil "The global minor modes that are on.")

(defmacro define-minor-mode (mode doc &rest body)
  "Define MODE, a minor mode: a variable and a command turning it on (with
no argument or a positive number from Lisp), off (a number below 1) or
over (`toggle'), running BODY, then MODE-hook and MODE-on-hook or
MODE-off-hook, and returning the new state.  Keyword arguments before
BODY: :global (the variable is not buffer-local), :init-value,
:lighter, :variable (another variable to use, or (GET . SET): an
expression reading the state and a function storing it), :after-hook, :keymap
\(a keymap, a list of (KEY . BINDING), or a variable holding a keymap;
by default MODE-map when bound), which goes in `minor-mode-map-alist';
:group and the like are accepted."
  (declare (indent defun) (doc-string 2))
  (let* ((split (subr--mode-options body))
         (options (car split))
         (global (plist-get options :global))
         (place (or (plist-get options :variable) mode))
         ;; :variable (GET . SET): GET reads the state, SET stores it.
         (variable (if (consp place) (car place) place))
         (store (if (consp place)
                    (lambda (value) `(funcall ,(cdr place) ,value))
                  (lambda (value) `(setq ,place ,value))))
         (lighter (plist-get options :lighter))
         (after (plist-get options :after-hook))
         (hook (intern (format "%s-hook" mode)))
         (on-hook (intern (format "%s-on-hook" mode)))
         (off-hook (intern (format "%s-off-hook" mode)))
         (keymap (plist-get options :keymap))
         (keymap-var (if (and keymap (symbolp keymap)) keymap (intern (format "%s-map" mode)))))
    `(progn
       ,@(unless (symbolp keymap)
           `((defvar ,keymap-var (modes--minor-mode-keymap ,keymap)
               ,(format "Keymap for `%s'." mode))))
       ,@(unless (plist-get options :variable)
           `((defvar ,mode ,(plist-get options :init-value) ,doc)
             ,@(unless global `((make-variable-buffer-local ',mode)))))
       (defvar ,hook nil)
       (defun ,mode (&optional arg)
         ,doc
         (interactive (list (if current-prefix-arg
                                (prefix-numeric-value current-prefix-arg)
                              'toggle)))
         ,(funcall store `(cond ((eq arg 'toggle) (not ,variable))
                                 ((and (numberp arg) (< arg 1)) nil)
                                 (t t)))
         ,(if global
              `(setq global-minor-modes
                     (if ,variable (cons ',mode (delq ',mode global-minor-modes))
                       (delq ',mode global-minor-modes)))
            `(setq local-minor-modes
                   (if ,variable (cons ',mode (delq ',mode local-minor-modes))
                     (delq ',mode local-minor-modes))))
         ,@(cdr split)
         (run-hooks ',hook (if ,variable ',on-hook ',off-hook))
         ,@(when after (list after))
         ,variable)
       (unless (memq ',mode minor-mode-list) (push ',mode minor-mode-list))
       ,@(when lighter
           `((unless (assq ',mode minor-mode-alist)
               (push (list ',mode ,lighter) minor-mode-alist))))
       (modes--add-minor-mode-map ',(if (consp place) mode variable) ,(if keymap keymap-var
                                                `(if (boundp ',keymap-var) ,keymap-var)))
       ',mode)))

;; A globalized minor mode: GLOBAL turns MODE on in every buffer
;; through TURN-ON, and in each buffer whose major mode changes later.
;; As in Emacs, change-major-mode-hook notes the buffer, and
;; after-change-major-mode-hook (at the end of the new mode's hooks)
;; turns MODE on again unless those hooks set it explicitly.

(defun modes--globalized-names (global mode)
  "The plist of the names of GLOBAL's helper functions and variables
\(for buffer-local MODE)."
  (let ((prefix (symbol-name global)))
    (list :buffers (intern (concat prefix "-buffers"))
          :enable (intern (concat prefix "-enable-in-buffers"))
          :check (intern (concat prefix "-check-buffers"))
          :cmhh (intern (concat prefix "-cmhh"))
          :explicit (intern (format "%s-set-explicitly" mode))
          :major (intern (format "%s-major-mode" mode))
          :modes (intern (concat (replace-regexp-in-string "-mode\\'" "" prefix)
                                 "-modes")))))

(defun modes--globalized-doc (global mode turn-on predicate-var)
  "The documentation of globalized mode GLOBAL of MODE."
  (let ((pretty (easy-mmode-pretty-mode-name mode)))
    (concat (format "Toggle %s in all buffers.\n" pretty)
            (internal--format-docstring-line
             "With prefix ARG, enable %s if ARG is positive; otherwise, disable it."
             (easy-mmode-pretty-mode-name global))
            "\n\nIf called from Lisp, toggle the mode if ARG is `toggle'.
Enable the mode if ARG is nil, omitted, or is a positive number.
Disable the mode if ARG is a negative number.\n\n"
            (internal--format-docstring-line
             "%s is enabled in all buffers where `%s' would do it." pretty turn-on)
            "\n\n"
            (internal--format-docstring-line
             "See `%s' for more information on %s." mode pretty)
            (if predicate-var
                (concat "\n\n"
                        (internal--format-docstring-line
                         "`%s' is used to control which modes this minor mode is used in."
                         predicate-var))
              ""))))

(defun easy-mmode-pretty-mode-name (mode &optional lighter)
  "MODE's name for people: foo-bar-minor-mode gives \"Foo-Bar minor
mode\", global-foo-mode \"Global Foo mode\"; the parts of the name
matching LIGHTER (trimmed, case aside) are written as in LIGHTER."
  (let* ((case-fold-search t)
         (base (replace-regexp-in-string "toggle-\\|-mode\\'" "" (symbol-name mode)))
         (name (concat (replace-regexp-in-string "-Minor" " minor" (capitalize base))
                       " mode")))
    (setq name (replace-regexp-in-string "\\`Global-" "Global " name))
    (when (stringp lighter)
      (setq lighter (string-trim lighter))
      (unless (string= lighter "")
        (setq name (replace-regexp-in-string (regexp-quote lighter) lighter name t t))))
    name))

(defmacro define-globalized-minor-mode (global mode turn-on &rest body)
  "Define GLOBAL, a global minor mode turning buffer-local MODE on in
every buffer by calling TURN-ON there, in existing buffers and in each
buffer after its major mode changes.  Keyword arguments before BODY:
:predicate (which major modes, see `easy-mmode--globalized-predicate-p',
kept in the option GLOBAL-modes without its -mode), :variable, :global
\(ignored), and those of `define-minor-mode'.  BODY runs each time
GLOBAL is toggled, before its hook."
  (declare (doc-string 2) (indent defun))
  (let* ((names (modes--globalized-names global mode))
         (buffers (plist-get names :buffers)) (enable (plist-get names :enable))
         (check (plist-get names :check)) (cmhh (plist-get names :cmhh))
         (explicit (plist-get names :explicit)) (major (plist-get names :major))
         (variable mode) (turn-on-form `#',turn-on)
         (predicate-var nil) (predicate nil) (keywords nil))
    (while (keywordp (car body))
      (let ((key (pop body)) (value (pop body)))
        (pcase key
          (:global nil)
          (:variable (setq variable value))
          (:predicate (setq predicate value
                            predicate-var (plist-get names :modes)))
          (_ (setq keywords (append keywords (list key value)))))))
    (when predicate-var
      (setq turn-on-form
            `(lambda ()
               (require 'easy-mmode)
               (when (easy-mmode--globalized-predicate-p ,predicate-var)
                 (funcall ,turn-on-form)))))
    `(progn
       (put ',global 'globalized-minor-mode t)
       (defvar-local ,major nil)
       (define-minor-mode ,global
         ,(modes--globalized-doc global mode turn-on predicate-var)
         :global t ,@keywords
         (if ,global
             (progn (add-hook 'after-change-major-mode-hook #',enable)
                    (add-hook 'find-file-hook #',check)
                    (add-hook 'change-major-mode-hook #',cmhh))
           (remove-hook 'after-change-major-mode-hook #',enable)
           (remove-hook 'find-file-hook #',check)
           (remove-hook 'change-major-mode-hook #',cmhh))
         (dolist (buffer (buffer-list))
           (with-current-buffer buffer
             (if ,global (funcall ,turn-on-form)
               (when ,mode (,mode -1)))))
         ,@body)
       ,@(when predicate-var
           `((defcustom ,predicate-var ,predicate
               ,(format "Which major modes `%s' is switched on in: t (all), nil (none),
or a list of modes and (not MODES...), an element t meaning \"use\" and
nil \"don't use\", and the end of the list nil." mode)
               :type '(repeat sexp))))
       (defvar-local ,explicit nil)
       (defun ,explicit () (setq ,explicit t))
       (put ',explicit 'definition-name ',global)
       (add-hook ',(intern (format "%s-hook" mode)) #',explicit)
       (defvar ,buffers nil)
       (defun ,enable ()
         (let ((pending ,buffers))
           (setq ,buffers nil)
           (dolist (buffer pending)
             (when (buffer-live-p buffer)
               (with-current-buffer buffer
                 (unless (or ,explicit (eq ,major major-mode))
                   (when ,variable (,mode -1))
                   (funcall ,turn-on-form))
                 (setq ,major major-mode))))))
       (put ',enable 'definition-name ',global)
       (defun ,check ()
         (,enable)
         (remove-hook 'post-command-hook #',check))
       (put ',check 'definition-name ',global)
       (defun ,cmhh ()
         (add-to-list ',buffers (current-buffer))
         (add-hook 'post-command-hook #',check))
       (put ',cmhh 'definition-name ',global)
       ',global)))

(defalias 'define-global-minor-mode #'define-globalized-minor-mode)

(defun modes--minor-mode-keymap (map)
  "MAP, a minor mode's :keymap: a keymap, or a list of (KEY . BINDING)
\(KEY a key or a list of keys) made into one, the first binding of a
key winning."
  (cond ((keymapp map) map)
        ((listp map)
         (let ((keymap (make-sparse-keymap)))
           (dolist (binding map)
             (dolist (key (if (consp (car binding)) (car binding) (list (car binding))))
               (let ((old (lookup-key keymap key)))
                 (when (or (null old) (numberp old) (eq old 'undefined))
                   (define-key keymap key (cdr binding))))))
           keymap))
        (t (error "Invalid keymap %S" map))))

(defun modes--add-minor-mode-map (variable keymap)
  "Make KEYMAP (unless nil) active while VARIABLE is non-nil, in
`minor-mode-map-alist'."
  (when keymap
    (let ((entry (assq variable minor-mode-map-alist)))
      (if entry
          (setcdr entry keymap)
        (push (cons variable keymap) minor-mode-map-alist)))))


;;; modes.el ends here
