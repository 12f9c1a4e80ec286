;;; case-table.el --- case tables, for marrow  -*- lexical-binding: t -*-

;; A case table is a char-table of subtype `case-table' mapping each
;; character to its lower case, with three extra slots: the table
;; mapping to upper case, and the canonicalize and equivalences tables,
;; which marrow keeps but does not use: case-folding searches derive the
;; canon from the other two as they go.  `upcase', `downcase',
;; `capitalize', `upcase-initials', `char-equal', replace-match and the
;; searches follow the current buffer's table (src/strfns.c reads the
;; two variables below).
;;
;; The standard table is made on first use, from the built-in casing,
;; so that a program that never asks for a case table pays nothing.
;; Until a buffer is given a table of its own, it uses the standard one.

(defvar internal--standard-case-table nil
  "The standard case table, once made; nil means the built-in casing.")

(defvar-local internal--case-table nil
  "The current buffer's case table; nil means the standard one.")
;; A slot of the buffer in Emacs, so `buffer-local-variables' leaves it out.
(put 'internal--case-table 'internal--buffer-slot t)

(defun case-table--built-in ()
  "A case table holding the built-in casing of every character."
  ;; A fresh buffer has no table of its own, so the casing below is
  ;; the built-in one whatever the current buffer's table is.
  (with-temp-buffer
    (let ((down (make-char-table 'case-table))
          (up (make-char-table 'case-table)))
      (dotimes (c #x20000)
        (let ((lower (downcase c)) (upper (upcase c)))
          (when (or (< c 128) (/= lower c) (/= upper c))
            (aset down c lower)
            (aset up c upper))))
      (set-char-table-extra-slot down 0 up)
      down)))

(defun case-table-p (object)
  "Whether OBJECT is a case table: a `case-table' char-table whose
extra slots are nil or char-tables, with no equivalences table unless
it has a canonicalize one."
  (and (char-table-p object)
       (eq (char-table-subtype object) 'case-table)
       (let ((up (char-table-extra-slot object 0))
             (canon (char-table-extra-slot object 1))
             (eqv (char-table-extra-slot object 2)))
         (and (or (null up) (char-table-p up))
              (if canon
                  (and (char-table-p canon) (or (null eqv) (char-table-p eqv)))
                (null eqv))))))

(defun case-table--check (table)
  (unless (case-table-p table)
    (signal 'wrong-type-argument (list 'case-table-p table))))

(defun case-table--each (function table)
  "Call FUNCTION with each character of char-table TABLE whose value is
a character, and that value."
  (map-char-table (lambda (key value)
                    (when (natnump value)
                      (let ((c (if (consp key) (car key) key)))
                        (while (<= c (if (consp key) (cdr key) key))
                          (funcall function c value)
                          (setq c (1+ c))))))
                  table))

(defun case-table--inverse (down)
  "An upcase table for case table DOWN, made as Emacs makes one: the
characters with the same lower case form a cycle, each mapping to the
next, so that the lower case maps to an upper one (and, in a pair, the
upper to the lower)."
  (let ((up (make-char-table 'case-table)))
    (case-table--each (lambda (c _lower) (aset up c c)) down)
    (case-table--each (lambda (c lower)
                        (unless (eq c lower)
                          (let ((next (aref up lower)))
                            (aset up lower c)
                            (aset up c next))))
                      down)
    up))

(defun case-table--ready (table)
  "TABLE, a case table, given an upcase table if it had none."
  (case-table--check table)
  (unless (char-table-extra-slot table 0)
    (set-char-table-extra-slot table 0 (case-table--inverse table)))
  table)

(defun standard-case-table ()
  "The standard case table, which buffers use until given their own."
  (or internal--standard-case-table
      (setq internal--standard-case-table (case-table--built-in))))

(defun current-case-table ()
  "The current buffer's case table."
  (or internal--case-table (standard-case-table)))

(defun set-case-table (table)
  "Make case table TABLE the current buffer's; return it."
  (setq internal--case-table (case-table--ready table)))

(defun set-standard-case-table (table)
  "Make case table TABLE the standard one; return it."
  (setq internal--standard-case-table (case-table--ready table)))

(defun case-table-get-table (case-table table)
  "CASE-TABLE's table named TABLE: `down' (CASE-TABLE itself), `up',
`canon' or `eqv'; an upcase table is made if it had none."
  (if (eq table 'down)
      case-table
    (when (eq table 'up) (case-table--ready case-table))
    (char-table-extra-slot case-table
                           (or (cdr (assq table '((up . 0) (canon . 1) (eqv . 2))))
                               (error "Unknown case table %s" table)))))

(defun get-upcase-table (case-table)
  "CASE-TABLE's upcase table."
  (case-table-get-table case-table 'up))

(defun copy-case-table (case-table)
  "A copy of CASE-TABLE that changes to either leave the other alone.
The copy has no canonicalize or equivalences table."
  (let ((copy (copy-sequence case-table))
        (up (get-upcase-table case-table)))
    (set-char-table-extra-slot copy 0 (copy-sequence up))
    (set-char-table-extra-slot copy 1 nil)
    (set-char-table-extra-slot copy 2 nil)
    copy))

(defun case-table--put (table lower upper)
  "Set entries of case TABLE: LOWER and UPPER are lists (CHAR CASE ...)
of lower and upper cases.  The derived tables are out of date then."
  (let ((up (get-upcase-table table)))
    (while lower
      (aset table (pop lower) (pop lower)))
    (while upper
      (aset up (pop upper) (pop upper))))
  (set-char-table-extra-slot table 1 nil)
  (set-char-table-extra-slot table 2 nil))

;; As Emacs's, these also set the standard syntax table's entries.

(defun case-table--words (&rest chars)
  "Make CHARS word constituents in the standard syntax table."
  (dolist (c chars)
    (modify-syntax-entry c "w   " (standard-syntax-table))))

(defun set-case-syntax-pair (uc lc table)
  "Make UC and LC the upper and lower case of each other in TABLE, and
word constituents."
  (case-table--put table (list uc lc lc lc) (list uc uc lc uc))
  (case-table--words lc uc))

(defun set-upcase-syntax (uc lc table)
  "Make UC the upper case of LC in TABLE, leaving UC's lower case as is;
both become word constituents."
  (case-table--put table (list lc lc) (list uc uc lc uc))
  (case-table--words lc uc))

(defun set-downcase-syntax (uc lc table)
  "Make LC the lower case of UC in TABLE, leaving LC's upper case as is;
both become word constituents."
  (case-table--put table (list uc lc lc lc) (list uc uc))
  (case-table--words lc uc))

(defun set-case-syntax (c syntax table)
  "Make C a character without case in TABLE, of syntax SYNTAX."
  (case-table--put table (list c c) (list c c))
  (modify-syntax-entry c syntax (standard-syntax-table)))

(defun set-case-syntax-delims (l r table)
  "Make L and R characters without case in TABLE, and in the standard
syntax table a pair of parentheses matching each other."
  (case-table--put table (list l l r r) (list l l r r))
  (let ((syntax (standard-syntax-table)))
    (modify-syntax-entry l (format "(%c  " r) syntax)
    (modify-syntax-entry r (format ")%c  " l) syntax)))

(provide 'case-table)

;;; case-table.el ends here
