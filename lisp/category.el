;;; category.el --- category tables, which Emacs keeps in C  -*- lexical-binding: t -*-

;; A category table is a char-table of subtype `category-table' whose
;; values are category sets: bool-vectors of 128 bits, bit C set when
;; the character is in category C (a character from space to tilde).
;; Its first extra slot holds the categories' docstrings, a vector
;; indexed by category minus space.
;;
;; marrow's regexps (\cC, \CC) know only Emacs 28's standard
;; categories, compiled in (src/categories.h); the standard category
;; table here starts empty and asks the regexp engine what a character
;; is in.  Tables of one's own hold what they are given.

(put 'category-table 'char-table-extra-slots 2)

(defvar category--standard nil "The standard category table, once made.")
(defvar-local category--table nil
  "The current buffer's category table; nil for the standard one.")

(defun category--check-category (category)
  (unless (and (characterp category) (<= ?\s category ?~))
    (signal 'wrong-type-argument (list 'categoryp category))))

(defun category--check-table (table)
  "TABLE as a category table, nil for the current buffer's."
  (cond ((null table) (category-table))
        ((category-table-p table) table)
        (t (signal 'wrong-type-argument (list 'category-table-p table)))))

(defun category--new-table ()
  (let ((table (make-char-table 'category-table)))
    (set-char-table-extra-slot table 0 (make-vector 95 nil))
    table))

(defun category-table-p (object)
  "Whether OBJECT is a category table."
  (and (char-table-p object) (eq (char-table-subtype object) 'category-table)))

(defun make-category-table ()
  "A new category table, with no categories defined."
  (category--new-table))

(defun standard-category-table ()
  "The standard category table."
  (or category--standard (setq category--standard (category--new-table))))

(defun category-table ()
  "The current buffer's category table."
  (or category--table (standard-category-table)))

(defun set-category-table (table)
  "Make TABLE the current buffer's category table; return TABLE."
  (setq category--table (category--check-table table)))

(defun category--docstrings (table)
  (char-table-extra-slot table 0))

(defun define-category (category docstring &optional table)
  "Define CATEGORY, a character from space to tilde, with DOCSTRING in
TABLE (the current buffer's category table by default)."
  (category--check-category category)
  (let ((docs (category--docstrings (category--check-table table))))
    (when (aref docs (- category ?\s))
      (error "Category `%c' is already defined" category))
    (aset docs (- category ?\s) docstring)
    nil))

(defun category-docstring (category &optional table)
  "The docstring of CATEGORY in TABLE, or nil when it is undefined."
  (category--check-category category)
  (aref (category--docstrings (category--check-table table)) (- category ?\s)))

(defun get-unused-category (&optional table)
  "A category TABLE does not define yet, or nil when there is none."
  (let ((docs (category--docstrings (category--check-table table))))
    (seq-find (lambda (category) (null (aref docs (- category ?\s))))
              (number-sequence ?\s ?~))))

(defun make-category-set (categories)
  "The category set of the characters of the string CATEGORIES."
  (let ((set (make-bool-vector 128 nil)))
    (mapc (lambda (category) (category--check-category category) (aset set category t))
          categories)
    set))

(defun category-set-mnemonics (category-set)
  "The categories of CATEGORY-SET as a string, in the order of their
characters."
  (unless (and (bool-vector-p category-set) (= (length category-set) 128))
    (signal 'wrong-type-argument (list 'categorysetp category-set)))
  (apply #'string (seq-filter (lambda (category) (aref category-set category))
                              (number-sequence ?\s ?~))))

(defun category--standard-set (char)
  "The categories of CHAR the regexp engine knows."
  (let ((set (make-bool-vector 128 nil)) (text (string char)))
    (dolist (category (number-sequence ?\s ?~))
      (when (string-match-p (concat "\\c" (string category)) text)
        (aset set category t)))
    set))

(defun char-category-set (char)
  "The category set of CHAR in the current buffer's category table."
  (unless (characterp char)
    (signal 'wrong-type-argument (list 'characterp char)))
  (let ((table (category-table)))
    (or (aref table char)
        (if (eq table category--standard)
            (category--standard-set char)
          (make-bool-vector 128 nil)))))

(defun modify-category-entry (character category &optional table reset)
  "Put CHARACTER (or each of the range (FROM . TO)) in CATEGORY in TABLE,
or take it out when RESET."
  (category--check-category category)
  (let ((table (category--check-table table))
        (from (if (consp character) (car character) character))
        (to (if (consp character) (cdr character) character)))
    (unless (category-docstring category table)
      (error "Undefined category: %c" category))
    (dolist (char (number-sequence from to))
      (let ((old (aref table char)))
        (unless (eq (and old (aref old category)) (not reset))
          (let ((new (if old (copy-sequence old) (make-bool-vector 128 nil))))
            (aset new category (not reset))
            (aset table char new)))))
    nil))

(defun copy-category-table (&optional table)
  "A copy of TABLE (by default the standard category table)."
  (let* ((table (if table (category--check-table table) (standard-category-table)))
         (copy (copy-sequence table)))
    (set-char-table-extra-slot copy 0 (copy-sequence (category--docstrings table)))
    copy))

(provide 'category)

;;; category.el ends here
