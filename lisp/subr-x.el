;;; subr-x.el --- extra string, hash table and threading helpers  -*- lexical-binding: t -*-

;; What (require 'subr-x) gives in GNU Emacs 28, for the parts marrow
;; supports.  `named-let' lives in subr.el, so it is here too.
;;
;; Invariant: like subr.el, nothing here replaces a C primitive.

(subr--define-missing string-join
  (defun string-join (strings &optional separator)
    "Join STRINGS with SEPARATOR between them."
    (mapconcat #'identity strings (or separator ""))))

(defsubst string-blank-p (string)
  "0 when STRING is empty or holds only blanks and newlines, else nil
(the position `string-match-p' gives, as in Emacs)."
  (string-match-p "\\`[ \t\n\r]*\\'" string))

(defsubst string-remove-prefix (prefix string)
  (if (string-prefix-p prefix string) (substring string (length prefix)) string))

(defsubst string-remove-suffix (suffix string)
  "STRING without SUFFIX at its end, or STRING itself if it does not end so."
  (let ((stem-length (- (length string) (length suffix))))
    (if (and (>= stem-length 0) (string-suffix-p suffix string))
        (substring string 0 stem-length)
      string)))

(defun string-chop-newline (string)
  "STRING without one final newline."
  (string-remove-suffix "\n" string))

(defun string-clean-whitespace (string)
  "STRING with each run of blanks and newlines made one space, and none
at either end."
  ;; Each run made one space, then the ends trimmed, as Emacs does
  ;; (whose errors for a non-string come from the same calls).
  (let ((runs "[[:blank:]\r\n]+"))
    (string-trim (replace-regexp-in-string runs " " string t t) runs runs)))

(defun string-truncate-left (string length)
  "STRING cut to LENGTH characters from its end, \"...\" marking the cut."
  (let ((len (length string)))
    (if (<= len length)
        string
      ;; As in Emacs 28, one character more than LENGTH - 3 is kept.
      (concat "..." (substring string (max 0 (- len 1 (max 0 (- length 3)))))))))

(defun subr-x--limit-encoded (string length end coding-system)
  "The longest run of STRING's characters (its tail if END) whose
encodings in CODING-SYSTEM, joined, fit in LENGTH bytes."
  (let ((chars (append (if end (reverse string) string) nil))
        (pieces nil) (used 0) (fits t))
    (while (and chars fits)
      (let ((bytes (encode-coding-char (car chars) coding-system)))
        (if (> (+ used (length bytes)) length)
            (setq fits nil)
          (push bytes pieces)
          (setq used (+ used (length bytes)) chars (cdr chars)))))
    (apply #'concat (if end pieces (nreverse pieces)))))

(defun subr-x--check-length (length)
  "Signal `wrong-type-argument' unless LENGTH is a natural number."
  (unless (natnump length)
    (signal 'wrong-type-argument (list 'natnump length))))

(defun string-limit (string length &optional end coding-system)
  "STRING's first LENGTH characters (its last ones if END); with
CODING-SYSTEM, as many whole characters as fit in LENGTH encoded bytes."
  (subr-x--check-length length)
  (if coding-system
      (if (equal string "")
          ;; Emacs looks at a first (or last) character that is not there.
          (signal 'args-out-of-range (list string (if end -1 0)))
        (subr-x--limit-encoded string length end coding-system))
    (let ((excess (- (length string) length)))
      (cond ((<= excess 0) string)
            (end (substring string excess))
            (t (substring string 0 length))))))

(defun string-pad (string length &optional padding start)
  "STRING padded with PADDING (a space) to LENGTH, at the end or START."
  (unless (natnump length)
    (signal 'wrong-type-argument (list 'natnump length)))
  (let ((pad (- length (length string))))
    ;; An exact fit still makes an empty padding, which checks PADDING.
    (if (< pad 0)
        string
      (let ((fill (make-string pad (or padding ?\s))))
        (if start (concat fill string) (concat string fill))))))

(defun string-fill (string length)
  "STRING word-wrapped into lines of at most LENGTH columns where it has
whitespace; a word longer than LENGTH keeps its own longer line.  This
is what `fill-region' makes of STRING, paragraph by paragraph, without
adaptive fill prefixes."
  (with-temp-buffer
    (insert string)
    ;; Bound, not set: the scratch buffer's own values, and a LENGTH
    ;; that is no number fails only where fill-region compares it.
    (let ((fill-column length)
          (adaptive-fill-mode nil))
      (fill-region 1 (point)))
    (buffer-substring 1 (point-max))))

;; Obsolete since 25.1: in Emacs 28 it is `reverse' itself.
(define-obsolete-function-alias 'string-reverse #'reverse "25.1")

(subr--define-missing hash-table-keys
  (defun hash-table-keys (table)
    "The keys of TABLE, in its order."
    (let (keys)
      (maphash (lambda (k _v) (push k keys)) table)
      (nreverse keys))))

(subr--define-missing hash-table-values
  (defun hash-table-values (table)
    "The values of TABLE, in its order."
    (let (values)
      (maphash (lambda (_k v) (push v values)) table)
      (nreverse values))))

(defsubst hash-table-empty-p (table) (zerop (hash-table-count table)))

(defun subr-x--thread (forms last)
  "Thread the first of FORMS through the rest, as first or LAST argument."
  (let ((acc (car forms)))
    (dolist (f (cdr forms) acc)
      (setq acc (if (consp f)
                    (if last `(,@f ,acc) `(,(car f) ,acc ,@(cdr f)))
                  (list f acc))))))

(defmacro thread-first (&rest forms)
  "Thread FORMS, each result becoming the first argument of the next."
  (subr-x--thread forms nil))

(defmacro thread-last (&rest forms)
  "Thread FORMS, each result becoming the last argument of the next."
  (subr-x--thread forms t))

;; The binding macros expand as Emacs's do, into one let* whose
;; bindings each test the previous variable first:
;; (let* ((A (and t FORM1)) (B (and A FORM2))) (if B THEN ELSE...)).

(defun subr-x--binding (b previous)
  "B as such a let* binding, guarded by the variable PREVIOUS."
  (let ((b (cond ((symbolp b) (list b b))
                 ((null (cdr b)) (list (make-symbol "s") (car b)))
                 (t b))))
    (when (cddr b)
      (signal 'error (cons "`let' bindings can have only one value-form" b)))
    (list (car b) (list 'and previous (nth 1 b)))))

(defun subr-x--bindings (varlist)
  (let ((previous t))
    (mapcar (lambda (b)
              (setq b (subr-x--binding b previous))
              (setq previous (car b))
              b)
            varlist)))

(defun subr-x--spec (spec)
  "Accept the old single-binding form (SYMBOL VALUE) too."
  (if (and (<= (length spec) 2) (not (listp (car spec))))
      (list spec)
    spec))

(defmacro if-let* (varlist then &rest else)
  "Bind VARLIST in turn; if all are non-nil do THEN, else ELSE."
  (declare (indent 2))
  (if varlist
      (let ((bindings (subr-x--bindings varlist)))
        `(let* ,bindings (if ,(car (car (last bindings))) ,then ,@else)))
    `(let* () ,then)))

(defmacro if-let (spec then &rest else)
  "Bind SPEC in turn; if all are non-nil do THEN, else ELSE."
  (declare (indent 2))
  (list 'if-let* (subr-x--spec spec) then (macroexp-progn else)))

(defmacro when-let* (varlist &rest body)
  "Bind VARLIST in turn; if all are non-nil do BODY."
  (declare (indent 1))
  (list 'if-let* varlist (macroexp-progn body)))

(defmacro when-let (spec &rest body)
  "Bind SPEC in turn; if all are non-nil do BODY."
  (declare (indent 1))
  (list 'if-let spec (macroexp-progn body)))

(defmacro and-let* (varlist &rest body)
  "Bind VARLIST as `if-let*'; if all are non-nil, the value of BODY, or
without BODY the value of the last binding (t for no bindings)."
  (declare (indent 1))
  (if varlist
      (let* ((bindings (subr-x--bindings varlist))
             (last-var (car (car (last bindings)))))
        `(let* ,bindings (when ,last-var ,@(or body (list last-var)))))
    `(let* () ,@(or body '(t)))))

(defun replace-region-contents (beg end replace-fn &optional max-secs max-costs)
  "Replace the text between BEG and END by what REPLACE-FN returns, called
with the buffer narrowed to them and point at BEG: a string, or a
buffer whose text is taken.  As with `replace-buffer-contents' (given
MAX-SECS and MAX-COSTS), only the differences are edited, so that
point, markers and properties of the unchanged text stay."
  (save-excursion
    (save-restriction
      (narrow-to-region beg end)
      (goto-char (point-min))
      (let ((replacement (funcall replace-fn)))
        (if (bufferp replacement)
            (replace-buffer-contents replacement max-secs max-costs)
          (let ((target (current-buffer)))
            (with-temp-buffer
              (insert replacement)
              (let ((source (current-buffer)))
                (set-buffer target)
                (replace-buffer-contents source max-secs max-costs)))))))))

(provide 'subr-x)

;;; subr-x.el ends here
