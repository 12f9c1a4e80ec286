;;; nadvice.el --- advice on named functions, for marrow  -*- lexical-binding: t -*-

;; Emacs's `advice-add' interface.  An advised symbol's function cell
;; holds a wrapper (a macro's for a macro) that runs the advice around
;; the original definition; the symbol's properties keep the original,
;; `nadvice--original', and the advice, `nadvice--pieces': (HOW FUNCTION
;; PROPS) entries, outermost first.  While advised, the symbol's
;; `defalias-fset-function' makes a later `defalias' (a `defun', a new
;; method) replace the original under the advice, as in Emacs.
;;
;; `add-function' advises the function in any place: there the advice
;; is a chain of functions, each an advice object (a closure) that runs
;; one piece of advice around the next, the place's function innermost.
;; Not done: process filters and sentinels, which marrow does not have.

(defun nadvice--macro-alias-p (definition)
  (and definition (symbolp definition) (macrop definition)))

(defun nadvice--original-function (symbol)
  "SYMBOL's definition under its advice, as a function: a macro's
expander, an autoload's definition once loaded."
  (let ((def (get symbol 'nadvice--original)))
    (when (autoloadp def)
      (autoload-do-load def symbol)
      (setq def (get symbol 'nadvice--original)))
    (cond ((eq (car-safe def) 'macro) (cdr def))
          ;; An alias of a macro expands through whatever the macro
          ;; is when it is used, as in Emacs.
          ((nadvice--macro-alias-p def) (lambda (&rest args) (macroexpand (cons def args))))
          (t def))))

(defconst nadvice--codes
  '((:around "\300\301\302\003#\207" 5)
    (:before "\300\301\002\"\210\300\302\002\"\207" 4)
    (:after "\300\302\002\"\300\301\003\"\210\207" 5)
    (:override "\300\301\002\"\207" 4)
    (:after-until "\300\302\002\"\206\013\000\300\301\002\"\207" 4)
    (:after-while "\300\302\002\"\205\013\000\300\301\002\"\207" 4)
    (:before-until "\300\301\002\"\206\013\000\300\302\002\"\207" 4)
    (:before-while "\300\301\002\"\205\013\000\300\302\002\"\207" 4)
    (:filter-args "\300\302\301\003!\"\207" 5)
    (:filter-return "\301\300\302\003\"!\207" 5))
  "(HOW CODE DEPTH): the byte code of an advice object of each HOW, and
its stack depth.  An advice object is a byte-code function of any
number of arguments, its constants [apply FUNCTION MAIN PROPS]; CODE
applies FUNCTION and MAIN to the argument list as HOW says.  These are
the bytes Emacs 28's advice objects have, so they print alike.")

(defconst nadvice--code-strings (mapcar #'cadr nadvice--codes))

(defun advice--p (object)
  "Whether OBJECT is an advice object: a byte-code function made by
`advice-add' or `add-function'."
  (and (byte-code-function-p object)
       (eq (aref object 0) 128)
       (memq (length object) '(5 6))
       (memq (aref object 1) nadvice--code-strings)
       (eq (aref (aref object 2) 0) #'apply)))

(defsubst advice--car (f) "The advice function of the advice object F." (aref (aref f 2) 1))
(defsubst advice--cdr (f) "The function the advice object F advises." (aref (aref f 2) 2))
(defsubst advice--props (f) "The properties of the advice object F." (aref (aref f 2) 3))

(defun nadvice--how-of (f)
  "How the advice object F combines its advice with what it advises."
  (car (seq-find (lambda (entry) (eq (nth 1 entry) (aref f 1))) nadvice--codes)))

(defun nadvice--command-spec (function)
  "FUNCTION's interactive form, without loading it if it is an autoload."
  (and (commandp function)
       (not (autoloadp (indirect-function function)))
       (interactive-form function)))

(defun nadvice--spec (function main)
  "The interactive spec of advice FUNCTION on MAIN: FUNCTION's, else
MAIN's; a function spec of FUNCTION's gets MAIN's spec, as in Emacs."
  (let* ((own (nadvice--command-spec function))
         (under (nadvice--command-spec main))
         (spec (nth 1 own)))
    (when (eq (car-safe spec) 'function)
      (setq spec (nth 1 spec)))
    (if (functionp spec)
        `(funcall ',spec ',(nth 1 under))
      (nth 1 (or own under)))))

(defun nadvice--link (how function props main)
  "An advice object that calls MAIN through FUNCTION as HOW says."
  (let ((code (cdr (assq how nadvice--codes))))
    (apply #'make-byte-code 128 (car code) (vector #'apply function main props)
           (nth 1 code) nil
           (and (or (commandp function) (commandp main))
                (list (nadvice--spec function main))))))

(defun nadvice--main (symbol)
  "What the advice on SYMBOL advises: its original definition when that
is a function (a macro's expander for a macro), else a function that
calls the definition it has when called."
  (let ((def (get symbol 'nadvice--original)))
    (cond ((eq (car-safe def) 'macro) (cdr def))
          ((and def (not (autoloadp def)) (not (nadvice--macro-alias-p def))) def)
          (t (lambda (&rest args) (apply (nadvice--original-function symbol) args))))))

(defun nadvice--function (symbol pieces)
  "The advice object that calls SYMBOL's original definition through
PIECES, a tail of its advice."
  (let ((call (nadvice--main symbol)))
    (dolist (piece (reverse pieces) call)
      (setq call (apply #'nadvice--link (append piece (list call)))))))

(defun nadvice--install (symbol)
  "Put SYMBOL's advice objects in its function cell, a macro's if it is
one.  As in Emacs, advice on an undefined SYMBOL waits for its `defalias'."
  (let ((advice (nadvice--function symbol (get symbol 'nadvice--pieces)))
        (original (get symbol 'nadvice--original)))
    (when original
      (fset symbol (if (or (eq (car-safe original) 'macro) (nadvice--macro-alias-p original))
                       (cons 'macro advice)
                     advice)))))

(defun nadvice--defalias (symbol definition)
  "What `defalias' does to an advised SYMBOL: DEFINITION becomes the
original, under the same advice."
  (put symbol 'nadvice--original definition)
  (nadvice--install symbol))

(defun nadvice--props-depth (props)
  (or (cdr (assq 'depth props)) 0))

(defun nadvice--find-tail (symbol function)
  "The tail of SYMBOL's advice entries that starts with FUNCTION's, a
function or an advice's name.  As in Emacs, nil names any advice that
has no name."
  (let ((pieces (get symbol 'nadvice--pieces)))
    (while (and pieces
                (not (equal (nth 1 (car pieces)) function))
                (not (equal (cdr (assq 'name (nth 2 (car pieces)))) function)))
      (setq pieces (cdr pieces)))
    pieces))

(defun nadvice--find (symbol function)
  "SYMBOL's advice entry for FUNCTION, a function or an advice's name."
  (car (nadvice--find-tail symbol function)))

(defun advice-add (symbol how function &optional props)
  "Make FUNCTION advice on SYMBOL's function, combined with it as HOW
says: :around calls FUNCTION with the advised function and the
arguments; :before, :after, :override, :before-while, :before-until,
:after-while, :after-until, :filter-args and :filter-return as in
Emacs.  PROPS is an alist: `name' names the advice, `depth' (-100 to
100, 0 by default) places it, lower ones outside; among equal depths
the newest is outermost.  Adding the same advice again moves it."
  (when (special-form-p (symbol-function symbol))
    (error "Advice impossible: %S is a special form" symbol))
  (nadvice--check-how how)
  (unless (get symbol 'nadvice--pieces)
    (put symbol 'nadvice--original (and (fboundp symbol) (symbol-function symbol)))
    (put symbol 'defalias-fset-function #'nadvice--defalias))
  (put symbol 'nadvice--pieces
       (nadvice--insert (list how function props)
                        (nadvice--without-same (get symbol 'nadvice--pieces) function props)))
  (nadvice--install symbol)
  (put symbol 'function-documentation `(advice--make-docstring ',symbol))
  nil)

(defun nadvice--check-how (how)
  (unless (assq how nadvice--codes)
    (error "Unknown add-function location `%S'" how)))

(defun nadvice--insert (piece pieces)
  "PIECES, outermost first, with PIECE placed by its depth: inside the
lower depths, outside the others (so the newest of equal depths is
outermost)."
  (let ((depth (nadvice--props-depth (nth 2 piece)))
        (outer nil))
    (while (and pieces (< (nadvice--props-depth (nth 2 (car pieces))) depth))
      (push (pop pieces) outer))
    (append (nreverse outer) (list piece) pieces)))

(defun advice-remove (symbol function)
  "Remove the advice FUNCTION (a function or an advice's name) from
SYMBOL; without advice left, SYMBOL gets its original definition back."
  (let ((piece (nadvice--find symbol function)))
    (when piece
      (put symbol 'nadvice--pieces (remq piece (get symbol 'nadvice--pieces)))
      (if (get symbol 'nadvice--pieces)
          (nadvice--install symbol)
        (put symbol 'defalias-fset-function nil)
        (fset symbol (get symbol 'nadvice--original))
        (put symbol 'nadvice--original nil))))
  nil)

(defun advice-member-p (advice symbol)
  "Whether ADVICE (a function or an advice's name) is advice on SYMBOL:
nil if not, else, as in Emacs, the advice object that runs it."
  (let ((def (if (and (get symbol 'nadvice--pieces) (null (get symbol 'nadvice--original)))
                 ;; Advice waiting for the definition.
                 (nadvice--function symbol (get symbol 'nadvice--pieces))
               (symbol-function symbol))))
    (advice-function-member-p advice (if (eq (car-safe def) 'macro) (cdr def) def))))

(defun nadvice--split-usage (doc)
  "(DOC-WITHOUT-USAGE . USAGE) when DOC ends with a \"(fn ARGS)\" line."
  (and (stringp doc) (string-match "\n\n\\((fn\\(?: .*\\)?)\\)\\'" doc)
       (cons (substring doc 0 (match-beginning 0)) (match-string 1 doc))))

(defun nadvice--usage (function arglist)
  "The usage line \"(fn ARGS)\" of ARGLIST, as Emacs makes it for FUNCTION."
  (ignore function)
  (format "(fn%s)"
          (mapconcat (lambda (arg)
                       (if (memq arg '(&optional &rest)) (format " %s" arg)
                         ;; As in Emacs, without the _ of an unused one.
                         (format " %s" (upcase (replace-regexp-in-string
                                                "\\`_" "" (symbol-name arg))))))
                     arglist "")))

(defun nadvice--piece-doc (object symbol macrop)
  "The paragraph the advice object OBJECT adds to SYMBOL's documentation."
  (ignore symbol)
  (let ((fn (advice--car object)))
    (concat (format "This %s has %s advice: " (if macrop "macro" "function")
                    (nadvice--how-of object))
            (if (symbolp fn)
                (format-message "`%S'." fn)
              (let ((name (cdr (assq 'name (advice--props object))))
                    (doc (documentation fn t)))
                (when (nadvice--split-usage doc)
                  (setq doc (car (nadvice--split-usage doc))))
                (cond ((and name doc) (format "%s\n%s" name doc))
                      (name (format "%s" name))
                      (t (or doc "No documentation")))))
            "\n")))

(defun advice--make-docstring (symbol)
  "SYMBOL's documentation under its advice: the original's, a paragraph
for each piece of advice, and the original's usage line."
  (let* ((def (indirect-function symbol))
         (macrop (eq (car-safe def) 'macro))
         (def (if macrop (cdr def) def))
         (pieces nil))
    (while (advice--p def)
      (setq pieces (concat pieces (nadvice--piece-doc def symbol macrop))
            def (advice--cdr def)))
    (let* ((doc (and (not (eq def symbol)) (functionp def) (documentation def t)))
           (split (nadvice--split-usage doc))
           (usage (cond (split (cdr split))
                        ((listp (help-function-arglist def))
                         (nadvice--usage symbol (help-function-arglist def))))))
      (when split (setq doc (car split)))
      (let ((text (concat doc (if (string-suffix-p "\n" (or doc "")) "\n" "\n\n") pieces)))
        (if usage
            (concat text
                    (cond ((string-suffix-p "\n\n" text) "")
                          ((string-suffix-p "\n" text) "\n")
                          (t "\n\n"))
                    usage)
          text)))))

(defun advice-mapc (f symbol)
  "Call F with each piece of advice on SYMBOL and its properties."
  (dolist (piece (get symbol 'nadvice--pieces))
    (funcall f (nth 1 piece) (nth 2 piece))))

;;; ---- Advice on the function in a place ---------------------------

(defun nadvice--chain (definition)
  "(PIECES . INNERMOST): the pieces of advice (HOW FUNCTION PROPS) of
DEFINITION, an advice object (or any other function, which has none),
outermost first, and the function under them."
  (let ((pieces nil))
    (while (advice--p definition)
      (push (list (nadvice--how-of definition) (advice--car definition) (advice--props definition))
            pieces)
      (setq definition (advice--cdr definition)))
    (cons (nreverse pieces) definition)))

(defun nadvice--rechain (pieces innermost)
  "The advice object that runs PIECES, outermost first, around INNERMOST."
  (dolist (piece (reverse pieces) innermost)
    (setq innermost (apply #'nadvice--link (append piece (list innermost))))))

(defun nadvice--piece-matches-p (piece function-or-name)
  "Whether PIECE is the advice FUNCTION-OR-NAME names: its function or
its name property."
  (or (equal (nth 1 piece) function-or-name)
      (equal (cdr (assq 'name (nth 2 piece))) function-or-name)))

(defun nadvice--add-to (how function props definition)
  "DEFINITION with FUNCTION added as advice HOW, placed by PROPS's depth.
An advice of the same name (without one, of the same function) goes."
  (nadvice--check-how how)
  (let ((chain (nadvice--chain definition)))
    (nadvice--rechain (nadvice--insert (list how function props)
                                       (nadvice--without-same (car chain) function props))
                      (cdr chain))))

(defun nadvice--without-same (pieces function props)
  "PIECES without the one that adding FUNCTION with PROPS replaces: the
one of the same name, or without a name, the one of FUNCTION."
  (let ((name (cdr (assq 'name props))))
    (seq-remove (lambda (piece)
                  (if name
                      (equal (cdr (assq 'name (nth 2 piece))) name)
                    (nadvice--piece-matches-p piece function)))
                pieces)))

(defun nadvice--remove-from (definition function)
  "DEFINITION without any advice FUNCTION (a function or a name) names."
  (let ((chain (nadvice--chain definition)))
    (nadvice--rechain (seq-remove (lambda (piece) (nadvice--piece-matches-p piece function))
                                  (car chain))
                      (cdr chain))))

(defun nadvice--local (variable)
  "VARIABLE's buffer-local function; where it has none, one that calls
its default value, whatever that is when called."
  (if (local-variable-p variable)
      (symbol-value variable)
    (lambda (&rest args) (apply (default-value variable) args))))
(defun nadvice--set-local (variable value)
  "Set VARIABLE's buffer-local value to VALUE, made before VARIABLE is
made local, as it may read the value that had."
  (set (make-local-variable variable) value))
(gv-define-simple-setter nadvice--local nadvice--set-local)

(defun nadvice--place (place)
  "PLACE as `add-function' reads it, as a generalized variable:
\(local VARIABLE) is VARIABLE's buffer-local value, (var VARIABLE)
the variable itself, a symbol its default value."
  (pcase place
    (`(local ,variable) `(nadvice--local ,variable))
    (`(var ,variable) variable)
    ((pred symbolp) `(default-value ',place))
    (_ place)))

(defmacro add-function (how place function &optional props)
  "Advise the function in PLACE with FUNCTION, combined with it as HOW
says (as for `advice-add'), with PROPS (`name', `depth').  PLACE is a
generalized variable, or (local VARIABLE) for a buffer-local value,
\(var VARIABLE) for a lexical variable, or a symbol for its default
value."
  (gv-letplace (getter setter) (nadvice--place place)
    (funcall setter `(nadvice--add-to ,how ,function ,props ,getter))))

(defmacro remove-function (place function)
  "Remove the advice FUNCTION (a function or an advice's name) from the
function in PLACE, as `add-function' reads PLACE."
  (gv-letplace (getter setter) (nadvice--place place)
    (funcall setter `(nadvice--remove-from ,getter ,function))))

(defun advice-function-member-p (advice function-def)
  "Whether ADVICE (a function or a name) is advice in FUNCTION-DEF: nil
if not, else, as in Emacs, the advice object that runs it."
  (let ((found nil))
    (while (and (not found) (advice--p function-def))
      (if (or (equal advice (cdr (assq 'name (advice--props function-def))))
              (equal advice (advice--car function-def)))
          (setq found function-def)
        (setq function-def (advice--cdr function-def))))
    found))

(defun advice-function-mapc (f function-def)
  "Call F with each piece of advice in FUNCTION-DEF and its properties."
  (dolist (piece (car (nadvice--chain function-def)))
    (funcall f (nth 1 piece) (nth 2 piece))))

(defmacro define-advice (symbol args &rest body)
  "Define a function as advice on SYMBOL and add it: ARGS is
\(HOW LAMBDA-LIST [NAME [DEPTH]]); with NAME the function is named
SYMBOL@NAME, else it is anonymous."
  (declare (indent 2))
  (let* ((how (car args))
         (lambda-list (cadr args))
         (options (cddr args))            ; ([NAME [DEPTH]])
         (name (car options))
         (depth (cadr options))
         (advice-name (and name (intern (format "%s@%s" symbol name))))
         (function (if advice-name
                       (list 'function advice-name)
                     (cons 'lambda (cons lambda-list body)))))
    (list 'prog1
          (and advice-name (cons 'defun (cons advice-name (cons lambda-list body))))
          (list 'advice-add (list 'quote symbol) how function
                (list 'quote (and depth (list (cons 'depth depth))))))))

(provide 'nadvice)

;;; nadvice.el ends here
