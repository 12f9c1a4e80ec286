;;; pp.el --- pretty printer for marrow  -*- lexical-binding: t -*-

;; `pp' and `pp-to-string' lay out an object as GNU Emacs 28 does, in
;; two passes over its `prin1' text:
;;
;; 1. Line breaks: a list (or vector) that follows whitespace starts a
;;    new line, and a run of closing parens ends one.
;; 2. Indentation, line by line, as `indent-sexp' indents code in Emacs
;;    Lisp mode: under the second element when the first line has two,
;;    else under the first element of the line of the last complete
;;    element; forms whose car has an indentation spec
;;    (`pp--indent-specs') indent their body by 2 and their
;;    distinguished arguments by 4.  Columns of 8 or more start with
;;    tabs, as `indent-tabs-mode' does.  The same pass with the standard
;;    syntax table gives ERT's batch reports their layout.

(defvar pp-escape-newlines t
  "Value of `print-escape-newlines' used by `pp-to-string'.")

(defconst pp--indent-specs
  ;; The `lisp-indent-function' (through `function-get') of each symbol
  ;; that has a number or `defun' for it in Emacs 28 -Q with ERT loaded,
  ;; listed with mapatoms, whether or not marrow defines the symbol:
  ;; what pp lays out is data.
  '((atomic-change-group . 0) (autoload . defun)
    (backtrace--with-output-variables . 1) (benchmark-progn . 0)
    (benchmark-run . 1) (benchmark-run-compiled . 1)
    (bindings--define-key . 2) (catch . 1) (cl--generic-with-memoization . 1)
    (cl-block . 1) (cl-callf . 2) (cl-callf2 . 3) (cl-case . 1)
    (cl-defgeneric . 2) (cl-define-compiler-macro . 2) (cl-defmacro . 2)
    (cl-defmethod . defun) (cl-defstruct . 1) (cl-defsubst . 2)
    (cl-deftype . 2) (cl-defun . 2) (cl-destructuring-bind . 2) (cl-do . 2)
    (cl-do* . 2) (cl-do-all-symbols . 1) (cl-do-symbols . 1) (cl-dolist . 1)
    (cl-dotimes . 1) (cl-ecase . 1) (cl-etypecase . 1) (cl-eval-when . 1)
    (cl-flet . 1) (cl-flet* . 1) (cl-generic-define-context-rewriter . defun)
    (cl-generic-define-generalizer . 1) (cl-iter-defun . 2) (cl-labels . 1)
    (cl-letf . 1) (cl-letf* . 1) (cl-macrolet . 1)
    (cl-multiple-value-bind . 2) (cl-multiple-value-setq . 1) (cl-progv . 2)
    (cl-return-from . 1) (cl-symbol-macrolet . 1) (cl-the . 1)
    (cl-typecase . 1) (combine-after-change-calls . 0)
    (combine-change-calls . 2) (comment-with-narrowing . 2)
    (condition-case . 2) (condition-case-no-debug . 2)
    (condition-case-unless-debug . 2) (debugger-env-macro . 0)
    (def-edebug-elem-spec . 1) (def-edebug-spec . 1) (defadvice . 2)
    (define-advice . 2) (define-generic-mode . 1)
    (define-ibuffer-column . defun) (define-ibuffer-filter . 2)
    (define-ibuffer-op . 2) (define-ibuffer-sorter . 1)
    (define-inline . defun) (defmacro . 2) (defun . 2) (delay-mode-hooks . 0)
    (dlet . 1) (dolist . 1) (dolist-with-progress-reporter . 2)
    (dont-compile . 0) (dotimes . 1) (dotimes-with-progress-reporter . 2)
    (easy-menu-define . defun) (easy-mmode-defmap . 1)
    (easy-mmode-defsyntax . 1) (eldoc--documentation-strategy-defcustom . 2)
    (ert-deftest . 2) (ert-info . 1) (eval-after-load . 1)
    (eval-and-compile . 0) (eval-when-compile . 0) (gv-define-expander . 1)
    (gv-define-setter . 2) (gv-letplace . 2) (handler-bind . 1)
    (handler-case . 1) (if . 2) (if-let . 2) (ignore-error . 1)
    (ignore-errors . 0) (inline . 0) (isearch-define-mode-toggle . defun)
    (lambda . defun) (let . 1) (let* . 1) (let-alist . 1)
    (let-when-compile . 1) (letrec . 1) (macroexp--accumulate . 1)
    (macroexp-let2 . 3) (macroexp-let2* . 2) (minibuffer-with-setup-hook . 1)
    (pcase . 1) (pcase-defmacro . 2) (pcase-dolist . 1) (pcase-exhaustive . 1)
    (pcase-lambda . defun) (pcase-let . 1) (pcase-let* . 1) (prog1 . 1)
    (prog2 . 2) (progn . 0) (replace--push-stack . 0) (report-errors . 1)
    (rx-define . defun) (rx-let . 1) (rx-let-eval . 1)
    (save-current-buffer . 0) (save-excursion . 0)
    (save-mark-and-excursion . 0) (save-match-data . 0) (save-restriction . 0)
    (save-selected-window . 0) (save-window-excursion . 0) (track-mouse . 0)
    (transient-append-suffix . defun) (transient-insert-suffix . defun)
    (transient-remove-suffix . defun) (transient-replace-suffix . defun)
    (unless . 1) (unwind-protect . 1) (when . 1) (when-let . 1) (while . 1)
    (while-no-input . 0) (with-auto-compression-mode . 0)
    (with-case-table . 1) (with-category-table . 1) (with-coding-priority . 1)
    (with-current-buffer . 1) (with-current-buffer-window . 3)
    (with-demoted-errors . 1) (with-displayed-buffer-window . 3)
    (with-environment-variables . 1) (with-eval-after-load . 1)
    (with-existing-directory . 0) (with-file-modes . 1) (with-help-window . 1)
    (with-local-quit . 0) (with-minibuffer-selected-window . 0)
    (with-mutex . 1) (with-no-warnings . 0) (with-output-to-string . 0)
    (with-output-to-temp-buffer . 1) (with-selected-frame . 1)
    (with-selected-window . 1) (with-silent-modifications . 0)
    (with-suppressed-warnings . 1) (with-syntax-table . 1)
    (with-temp-buffer . 0) (with-temp-buffer-window . 3) (with-temp-file . 1)
    (with-temp-message . 1) (with-timeout . 1) (with-window-non-dedicated . 1)
    (with-wrapper-hook . 2))
  "How Emacs indents the forms of these symbols: body after N arguments, or defun.")

(defun pp--open-p (c) (memq c '(?\( ?\[)))
(defun pp--close-p (c) (memq c '(?\) ?\])))
(defun pp--space-p (c) (memq c '(?\s ?\t ?\n)))

(defun pp--atom-end (text i)
  "The index after the atom (string or symbol-like token) starting at I."
  (let ((n (length text)))
    (if (eq (aref text i) ?\")
        (progn
          (setq i (1+ i))
          (while (and (< i n) (not (eq (aref text i) ?\")))
            (setq i (+ i (if (eq (aref text i) ?\\) 2 1))))
          (min n (1+ i)))
      (while (and (< i n)
                  (let ((c (aref text i)))
                    (not (or (pp--space-p c) (pp--open-p c) (pp--close-p c) (eq c ?\"))))
                  (progn (when (eq (aref text i) ?\\) (setq i (1+ i))) t))
        (setq i (1+ i)))
      (min n i))))

;;; ---- Pass 1: line breaks -------------------------------------------------

(defun pp--break-before-list (out)
  "OUT (reversed characters) with the whitespace before its trailing
prefix characters replaced by a newline, if there is such whitespace."
  (let ((prefix nil) (rest out))
    (while (and rest (memq (car rest) '(?' ?` ?# ?^)))
      (push (pop rest) prefix))
    (if (and rest (pp--space-p (car rest)))
        (progn
          (while (and rest (pp--space-p (car rest)))
            (pop rest))
          (append (reverse prefix) (cons ?\n rest)))
      out)))

(defun pp--break-lines (text)
  (let ((i 0) (n (length text)) (out nil))
    (while (< i n)
      (let ((c (aref text i)))
        (cond ((pp--open-p c)
               (setq out (cons c (pp--break-before-list out)) i (1+ i)))
              ((pp--close-p c)
               (while (and (< i n) (pp--close-p (aref text i)))
                 (push (aref text i) out)
                 (setq i (1+ i)))
               (while (and (< i n) (pp--space-p (aref text i)))
                 (setq i (1+ i)))
               (push ?\n out))
              ((pp--space-p c) (push c out) (setq i (1+ i)))
              (t (let ((end (pp--atom-end text i)))
                   (while (< i end)
                     (push (aref text i) out)
                     (setq i (1+ i))))))))
    (concat (nreverse out))))

;;; ---- Pass 2: indentation -------------------------------------------------
;;
;; Emacs indents pp's lines with `indent-sexp': it parses the text with
;; a syntax table and gives each line the column `calculate-lisp-indent'
;; finds from the lists around it.  This pass does the same over the
;; lines as strings.  A position is (LINE . INDEX) into `pp--lines',
;; lines before the one being indented holding their final text; an
;; index at a line's end stands for its newline.  As in
;; `lisp-indent-calc-next', the first column computed inside a list is
;; kept for its later lines (`pp--cache'), unless it was a distinguished
;; argument's.

(defvar pp--syntax 'elisp
  "The syntax table the indentation pass parses with: `elisp' (Emacs
Lisp mode's, as `pp-to-string' has) or `standard' (a fundamental-mode
buffer's, where ERT's batch report indents its conditions).")

(defvar pp--lines nil
  "The lines being indented, a vector of strings.")

(defun pp--class (c)
  "The syntax class of C under `pp--syntax': space, open, close, string,
escape, word (a symbol's constituent), prefix (skipped before a sexp,
part of a symbol, gone over by `backward-prefix-chars') or punct."
  (cond ((null c) nil)
        ((memq c '(?\s ?\t ?\n ?\f)) 'space)
        ((memq c '(?\( ?\[)) 'open)
        ((memq c '(?\) ?\])) 'close)
        ((eq c ?\") 'string)
        ((eq c ?\\) 'escape)
        ((eq pp--syntax 'elisp)
         (cond ((memq c '(?' ?` ?, ?# ?@)) 'prefix)
               ((eq c ?\xa0) 'space)
               (t 'word)))
        ((eq c ?\r) 'space)
        ((eq c ?{) 'open)
        ((eq c ?}) 'close)
        ((or (>= c 128) (memq c '(?$ ?% ?& ?* ?+ ?- ?/ ?< ?= ?> ?_ ?|))
             (and (>= c ?0) (<= c ?9)) (and (>= c ?a) (<= c ?z)) (and (>= c ?A) (<= c ?Z)))
         'word)
        (t 'punct)))

(defun pp--char (pos)
  "The character at POS; a newline at a line's end, nil past the text."
  (let ((line (and (< (car pos) (length pp--lines)) (aref pp--lines (car pos)))))
    (cond ((null line) nil)
          ((< (cdr pos) (length line)) (aref line (cdr pos)))
          ((< (1+ (car pos)) (length pp--lines)) ?\n))))

(defun pp--next (pos)
  (if (< (cdr pos) (length (aref pp--lines (car pos))))
      (cons (car pos) (1+ (cdr pos)))
    (cons (1+ (car pos)) 0)))

(defun pp--previous (pos)
  (if (> (cdr pos) 0)
      (cons (car pos) (1- (cdr pos)))
    (cons (1- (car pos)) (length (aref pp--lines (1- (car pos)))))))

(defun pp--before-p (a b)
  "Whether position A comes before position B."
  (or (< (car a) (car b)) (and (= (car a) (car b)) (< (cdr a) (cdr b)))))

(defun pp--column (pos)
  "POS's column, tabs stopping every 8 columns."
  (let ((line (aref pp--lines (car pos))) (column 0))
    (dotimes (i (cdr pos))
      (let ((c (aref line i)))
        (setq column (if (eq c ?\t) (* 8 (1+ (/ column 8))) (+ column (char-width c))))))
    column))

(defun pp--skip-to-sexp (pos limit)
  "The start of the first sexp from POS, or LIMIT if none starts before
it: `parse-partial-sexp' told to stop before a sexp."
  (while (and (pp--before-p pos limit)
              (not (memq (pp--class (pp--char pos)) '(word escape open string))))
    (setq pos (pp--next pos)))
  (if (pp--before-p pos limit) pos limit))

(defun pp--end-of-symbol (pos)
  (while (let ((class (pp--class (pp--char pos))))
           (cond ((eq class 'escape) (setq pos (pp--next pos)))
                 ((memq class '(word prefix)) t)))
    (setq pos (pp--next pos)))
  pos)

(defun pp--end-of-string (pos)
  "The position after the string whose opening quote is at POS."
  (setq pos (pp--next pos))
  (while (and (pp--char pos) (not (eq (pp--char pos) ?\")))
    (when (eq (pp--char pos) ?\\) (setq pos (pp--next pos)))
    (setq pos (pp--next pos)))
  (if (pp--char pos) (pp--next pos) pos))

(defun pp--forward-sexp (pos)
  "The position after the sexp at or after POS."
  (while (memq (pp--class (pp--char pos)) '(space punct prefix))
    (setq pos (pp--next pos)))
  (pcase (pp--class (pp--char pos))
    ('string (pp--end-of-string pos))
    ('open (let ((depth 0))
             (while (progn
                      (pcase (pp--class (pp--char pos))
                        ('open (setq depth (1+ depth) pos (pp--next pos)))
                        ('close (setq depth (1- depth) pos (pp--next pos)))
                        ('string (setq pos (pp--end-of-string pos)))
                        ('escape (setq pos (pp--next (pp--next pos))))
                        (_ (setq pos (pp--next pos))))
                      (and (> depth 0) (pp--char pos))))
             pos))
    ('close pos)
    (_ (pp--end-of-symbol pos))))

(defun pp--backward-prefix (pos)
  "POS moved back over prefix characters, as `backward-prefix-chars'."
  (while (and (> (cdr pos) 0) (eq (pp--class (pp--char (pp--previous pos))) 'prefix))
    (setq pos (pp--previous pos)))
  pos)

(defun pp--backward-sexp (pos)
  "The start of the sexp before POS, its prefix characters included."
  (let ((before (lambda () (and (> (+ (car pos) (cdr pos)) 0) (pp--char (pp--previous pos))))))
    (while (memq (pp--class (funcall before)) '(space punct prefix))
      (setq pos (pp--previous pos)))
    (pcase (pp--class (funcall before))
      ('close (let ((depth 0))
                (while (progn
                         (setq pos (pp--previous pos))
                         (pcase (pp--class (pp--char pos))
                           ('close (setq depth (1+ depth)))
                           ('open (setq depth (1- depth))))
                         (and (> depth 0) (funcall before))))))
      ('string (setq pos (pp--previous pos))
               (while (and (funcall before)
                           (not (and (eq (funcall before) ?\")
                                     (not (eq (pp--char (pp--previous (pp--previous pos))) ?\\)))))
                 (setq pos (pp--previous pos)))
               (setq pos (pp--previous pos)))
      ('nil)
      (_ (while (memq (pp--class (funcall before)) '(word prefix escape))
           (setq pos (pp--previous pos)))))
    (pp--backward-prefix pos)))

(defun pp--blank-before-p (pos)
  "Whether only spaces and tabs precede POS on its line."
  (string-match-p "\\`[ \t]*\\'" (substring (aref pp--lines (car pos)) 0 (cdr pos))))

;; The parse state at a line's start: LEVELS, the lists open there,
;; innermost first, each (OPEN-POSITION . LAST-SEXP), LAST-SEXP being
;; the start of the last complete element parsed in it on the line (the
;; bottom level's OPEN-POSITION is nil); and the open string's start,
;; if the line starts inside one.

(defun pp--parse-line (levels line string)
  "Parse LINE on from LEVELS (innermost first) and STRING (the open
string's start or nil), as `parse-partial-sexp' does up to its end:
return (LEVELS STRING)."
  (dolist (level levels) (setcdr level nil))
  (let ((pos (cons line 0)) (end (cons line (length (aref pp--lines line)))))
    (when string
      (let ((after (pp--end-of-string (pp--previous pos))))
        (if (pp--before-p end after)
            (setq pos end)
          (setcdr (car levels) string)
          (setq pos after string nil))))
    (while (pp--before-p pos end)
      (pcase (pp--class (pp--char pos))
        ((or 'word 'escape)
         (setcdr (car levels) pos)
         (setq pos (pp--end-of-symbol pos)))
        ('string
         (let ((after (pp--end-of-string pos)))
           (if (pp--before-p end after)
               (setq string pos pos end)
             (setcdr (car levels) pos)
             (setq pos after))))
        ('open (push (cons pos nil) levels) (setq pos (pp--next pos)))
        ('close (when (cdr levels)
                  (let ((closed (pop levels)))
                    (setcdr (car levels) (car closed))))
                (setq pos (pp--next pos)))
        (_ (setq pos (pp--next pos)))))
    (list levels string)))

(defun pp--specform (count line containing normal)
  "Emacs's `lisp-indent-specform': COUNT distinguished arguments, in the
list opening at CONTAINING, for LINE.  A list (COLUMN) is not cached."
  (let* ((column (pp--column containing))
         (body (+ column 2))
         (limit (cons line 0))
         (pos (pp--skip-to-sexp (pp--forward-sexp (pp--next containing)) limit))
         (left count))
    (while (pp--before-p pos limit)
      (setq left (1- left)
            pos (pp--skip-to-sexp (pp--forward-sexp pos) limit)))
    (cond ((> left 0) (list (if (<= (- count left) 1) (+ column 4) normal)))
          ((and (= left 0) (or (= count 0) (<= body normal))) body)
          (t normal))))

(defun pp--first-on-line-of (pos)
  "The first sexp on POS's line, its prefix characters included."
  (pp--backward-prefix (pp--skip-to-sexp (cons (car pos) 0) pos)))

(defun pp--indent-function (line containing last first normal)
  "Emacs's `lisp-indent-function' for LINE, in the list opening at
CONTAINING whose first element starts at FIRST and last complete one at
LAST: a column, a list (COLUMN), or nil for NORMAL's."
  (if (not (eq (pp--class (pp--char first)) 'word))
      (pp--column (if (> (car last) (car first)) (pp--first-on-line-of last)
                    (pp--backward-prefix first)))
    (let* ((name (substring (aref pp--lines (car first)) (cdr first)
                            (cdr (pp--forward-sexp first))))
           (method (cdr (assq (intern-soft name) pp--indent-specs))))
      (cond ((or (eq method 'defun)
                 (and (null method) (> (length name) 3) (string-prefix-p "def" name)))
             (and (= (car last) (car containing)) (+ (pp--column containing) 2)))
            ((integerp method) (pp--specform method line containing normal))))))

(defun pp--keyword-column (line containing last)
  "For LINE starting with a keyword: the column of a keyword that starts
the last line's elements, as `calculate-lisp-indent' aligns them."
  (when (string-match-p "\\`[ \t]*:" (aref pp--lines line))
    (let ((inner (pp--next containing))
          (pos (pp--backward-prefix last)))
      (while (not (or (pp--blank-before-p pos) (equal pos inner)))
        (setq pos (pp--backward-sexp pos)))
      (when (pp--before-p (pp--skip-to-sexp inner pos) pos)
        (if (eq (pp--char pos) ?:)
            (pp--column pos)
          (let ((before (pp--backward-sexp pos)))
            (and (= (car before) (car pos)) (> (cdr before) 0)
                 (eq (pp--char before) ?:) (pp--column before))))))))

(defun pp--calculate-indent (line levels last)
  "Emacs's `calculate-lisp-indent' for LINE, whose start is inside the
lists LEVELS, the last complete sexp before it starting at LAST."
  (let* ((containing (car (car levels)))
         (inner (pp--next containing)))
    (if (null last)
        (pp--column inner)
      (let* ((first (pp--skip-to-sexp inner last))
             (normal (pp--column
                      (cond ((eq (pp--class (pp--char first)) 'open) first)
                            ((> (car last) (car first)) (pp--first-on-line-of last))
                            ((equal first last) (pp--backward-prefix first))
                            (t (pp--backward-prefix
                                (pp--skip-to-sexp (pp--forward-sexp first) last)))))))
        (or (pp--indent-function line containing last first normal)
            (pp--keyword-column line containing last)
            normal)))))

(defun pp--indent-string (column)
  (concat (make-string (/ column 8) ?\t) (make-string (% column 8) ?\s)))

(defun pp--indent-lines (text &optional start-column)
  "TEXT's lines after the first indented as `indent-sexp' indents them,
the first line starting at START-COLUMN (default 0, its indentation
not included in the result)."
  (let* ((pp--lines (vconcat (split-string text "\n")))
         (prefix (make-string (or start-column 0) ?\s))
         (levels (list (cons nil nil)))
         (string nil) (last nil)
         (cache (list nil)) (cache-depth 0))
    (aset pp--lines 0 (concat prefix (aref pp--lines 0)))
    (dotimes (line (length pp--lines))
      (let* ((depth (length levels))
             (state (pp--parse-line levels line string)))
        (setq levels (car state) string (nth 1 state))
        ;; As `lisp-indent-calc-next': an element completed on an
        ;; earlier line still counts when the depth is unchanged.
        (unless (and (null (cdr (car levels))) (= depth (length levels)))
          (setq last (cdr (car levels))))
        (let ((delta (- (1- (length levels)) cache-depth)))
          (setq cache (if (< delta 0) (nthcdr (- delta) cache)
                        (append (make-list delta nil) cache))
                cache-depth (1- (length levels))))
        (when (and (< (1+ line) (length pp--lines)) (not string) cache (cdr levels))
          (let ((indent (or (car cache)
                            (pp--calculate-indent (1+ line) levels last))))
            (when (integerp indent) (setcar cache indent))
            (aset pp--lines (1+ line)
                  (concat (pp--indent-string (if (consp indent) (car indent) indent))
                          (replace-regexp-in-string "\\`[ \t]*" ""
                                                    (aref pp--lines (1+ line)))))))))
    (substring (mapconcat #'identity pp--lines "\n") (length prefix))))

;;; ---- Entry points --------------------------------------------------------

(defun pp-to-string (object)
  "The pretty-printed representation of OBJECT, as `read' reads it back."
  (let ((text (let ((print-escape-newlines pp-escape-newlines)
                    (print-quoted t))
                (prin1-to-string object))))
    (pp--indent-lines (pp--break-lines text))))

(defun pp (object &optional stream)
  "Print OBJECT pretty-printed to STREAM (default `standard-output')."
  (princ (pp-to-string object) (or stream standard-output)))

(provide 'pp)

;;; pp.el ends here
