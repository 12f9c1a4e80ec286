;;; nadvice.el --- advice on named functions, for marrow  -*- lexical-binding: t -*-

;; Emacs's `advice-add' interface.  An advised symbol's function cell
;; holds a wrapper (a macro's for a macro) that runs the advice around
;; the original definition; the symbol's properties keep the original,
;; `nadvice--original', and the advice, `nadvice--pieces': (HOW FUNCTION
;; PROPS) entries, outermost first.  While advised, the symbol's
;; `defalias-fset-function' makes a later `defalias' (a `defun', a new
;; method) replace the original under the advice, as in Emacs.
;;
;; Not done: `add-function' on other places.

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
  (let ((call (lambda (&rest args) (apply (nadvice--original-function symbol) args))))
    (dolist (piece (reverse pieces))
      (let ((inner call) (how (nth 0 piece)) (function (nth 1 piece)))
        (setq call (lambda (&rest args) (nadvice--combine how function inner args)))))
    call))

(defun nadvice--call (symbol args)
  "Call SYMBOL's original definition on ARGS through its advice."
  (apply (nadvice--function symbol (get symbol 'nadvice--pieces)) args))

(defun nadvice--install (symbol)
  "Put SYMBOL's wrapper in its function cell, a macro's if it is one."
  (let ((wrapper (nadvice--object (lambda (&rest args) (nadvice--call symbol args)))))
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
  (unless (memq how nadvice--how)
    (error "Unknown add-function location `%S'" how))
  (unless (get symbol 'nadvice--pieces)
    (put symbol 'nadvice--original (and (fboundp symbol) (symbol-function symbol)))
    (put symbol 'defalias-fset-function #'nadvice--defalias))
  (let* ((old (nadvice--find symbol function))
         (pieces (remq old (get symbol 'nadvice--pieces)))
         (depth (nadvice--props-depth props))
         (before nil))
    (while (and pieces (< (nadvice--props-depth (nth 2 (car pieces))) depth))
      (push (pop pieces) before))
    (put symbol 'nadvice--pieces
         (append (nreverse before) (list (list how function props)) pieces)))
  (nadvice--install symbol)
  nil)

(defun advice-remove (symbol function)
  "Remove the advice FUNCTION (a function or an advice's name) from
SYMBOL; without advice left, SYMBOL gets its original definition back."
  (let ((piece (nadvice--find symbol function)))
    (when piece
      (put symbol 'nadvice--pieces (remq piece (get symbol 'nadvice--pieces)))
      (unless (get symbol 'nadvice--pieces)
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
