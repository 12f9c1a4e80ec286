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

(defconst nadvice--how
  '(:around :before :after :override :after-until :after-while
    :before-until :before-while :filter-args :filter-return)
  "The ways advice can combine with the function it advises.")

(defun nadvice--combine (how function inner args)
  "Call FUNCTION as HOW says around INNER, a function, with ARGS."
  (pcase how
    (:around (apply function inner args))
    (:before (apply function args) (apply inner args))
    (:after (prog1 (apply inner args) (apply function args)))
    (:override (apply function args))
    (:after-until (or (apply inner args) (apply function args)))
    (:after-while (and (apply inner args) (apply function args)))
    (:before-until (or (apply function args) (apply inner args)))
    (:before-while (and (apply function args) (apply inner args)))
    (:filter-args (apply inner (funcall function args)))
    (:filter-return (funcall function (apply inner args)))))

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

(defvar nadvice--objects (make-hash-table :test 'eq :weakness 'key)
  "The functions that are advice objects, for `advice--p'.")

(defun nadvice--object (function)
  "Record FUNCTION as an advice object and return it."
  (puthash function t nadvice--objects)
  function)

(defun advice--p (object)
  "Whether OBJECT is a function made by advice: an advised symbol's
definition (a macro's expander for a macro), or what `advice-member-p'
returns."
  (and (gethash (if (eq (car-safe object) 'macro) (cdr object) object)
                nadvice--objects)
       t))

(defun nadvice--function (symbol pieces)
  "A function that calls SYMBOL's original definition through PIECES,
a tail of its advice."
  ;; The call of the original is not an advice object: for
  ;; `called-interactively-p' the original, called from its advice, is
  ;; not called interactively, as in Emacs.
  (let ((call (lambda (&rest args) (apply (nadvice--original-function symbol) args))))
    (dolist (piece (reverse pieces))
      (let ((inner call) (how (nth 0 piece)) (function (nth 1 piece)))
        (setq call (nadvice--object
                    (lambda (&rest args) (nadvice--combine how function inner args))))))
    call))

(defun nadvice--call (symbol args)
  "Call SYMBOL's original definition on ARGS through its advice."
  (apply (nadvice--function symbol (get symbol 'nadvice--pieces)) args))

(defun nadvice--interactive-form (symbol)
  "The interactive form SYMBOL has under its advice, as in Emacs: the
outermost advice's that has one, else the original definition's."
  (let ((spec nil)
        (original (get symbol 'nadvice--original)))
    (dolist (piece (get symbol 'nadvice--pieces))
      (unless spec
        (setq spec (interactive-form (nth 1 piece)))))
    (or spec
        (and original (not (autoloadp original)) (functionp original)
             (interactive-form original)))))

(defun nadvice--wrapper (symbol)
  "A function that calls SYMBOL through its advice, with the
interactive form SYMBOL has under it."
  (let ((spec (nadvice--interactive-form symbol)))
    (if spec
        (eval `(lambda (&rest args) ,spec (nadvice--call ',symbol args)) t)
      (lambda (&rest args) (nadvice--call symbol args)))))

(defun nadvice--install (symbol)
  "Put SYMBOL's wrapper in its function cell, a macro's if it is one."
  (let ((wrapper (nadvice--object (nadvice--wrapper symbol))))
    (fset symbol (let ((original (get symbol 'nadvice--original)))
                   (if (or (eq (car-safe original) 'macro) (nadvice--macro-alias-p original))
                       (cons 'macro wrapper)
                     wrapper)))))

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
  nil)

(defun nadvice--check-how (how)
  (unless (memq how nadvice--how)
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
nil if not, else, as in Emacs, an advice object, the function that
runs that advice and what is under it."
  (let ((tail (nadvice--find-tail symbol advice)))
    (and tail (nadvice--object (nadvice--function symbol tail)))))

(defun advice-mapc (f symbol)
  "Call F with each piece of advice on SYMBOL and its properties."
  (dolist (piece (get symbol 'nadvice--pieces))
    (funcall f (nth 1 piece) (nth 2 piece))))

;;; ---- Advice on the function in a place ---------------------------

(defvar nadvice--links (make-hash-table :test 'eq :weakness 'key)
  "Each advice object made by `add-function' and its piece of advice:
\(HOW FUNCTION PROPS INNER), INNER being the function it runs it around.")

(defun nadvice--link (how function props inner)
  "An advice object that calls INNER through FUNCTION as HOW says."
  (let ((object (nadvice--object
                 (lambda (&rest args) (nadvice--combine how function inner args)))))
    (puthash object (list how function props inner) nadvice--links)
    object))

(defun nadvice--chain (definition)
  "(PIECES . INNERMOST): the pieces of advice (HOW FUNCTION PROPS) of
DEFINITION, an advice object made by `add-function' (or any other
function, which has none), outermost first, and the function under them."
  (let ((pieces nil) link)
    (while (setq link (gethash definition nadvice--links))
      (push (butlast link) pieces)
      (setq definition (nth 3 link)))
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
  (let ((found nil) link)
    (while (and (not found) (setq link (gethash function-def nadvice--links)))
      (if (nadvice--piece-matches-p link advice)
          (setq found function-def)
        (setq function-def (nth 3 link))))
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
  (let* ((how (nth 0 args)) (lambda-list (nth 1 args))
         (name (nth 2 args)) (depth (nth 3 args))
         (props (and depth `((depth . ,depth))))
         (advice (if name (intern (format "%s@%s" symbol name)) `(lambda ,lambda-list ,@body))))
    `(prog1 ,(when name `(defun ,advice ,lambda-list ,@body))
       (advice-add ',symbol ,how ,(if name `#',advice advice) ',props))))

(provide 'nadvice)

;;; nadvice.el ends here
