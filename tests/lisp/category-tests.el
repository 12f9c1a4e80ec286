;;; category-tests.el --- category tables  -*- lexical-binding: t -*-

(require 'ert)

(ert-deftest category-tables-are-char-tables ()
  (let ((table (make-category-table)))
    (should (category-table-p table))
    (should (eq (char-table-subtype table) 'category-table))
    (should (category-table-p (standard-category-table)))
    (should-not (category-table-p (make-char-table 'syntax-table)))
    (should-not (category-table-p [1 2]))
    (should (eq (category-table) (standard-category-table)))
    (with-temp-buffer
      (should (eq (set-category-table table) table))
      (should (eq (category-table) table)))
    (should (eq (category-table) (standard-category-table)))
    (should (equal (condition-case e (set-category-table 'x) (error e))
                   '(wrong-type-argument category-table-p x)))))

(ert-deftest category-define-and-docstrings ()
  (let ((table (make-category-table)))
    (should-not (category-docstring ?q table))
    (should (null (define-category ?q "Q things." table)))
    (should (equal (category-docstring ?q table) "Q things."))
    (should (eq (get-unused-category table) ?\s))
    (should (equal (condition-case e (define-category ?q "Again." table) (error e))
                   '(error "Category ‘q’ is already defined")))
    (should (equal (condition-case e (define-category 200 "Out." table) (error e))
                   '(wrong-type-argument categoryp 200)))))

(ert-deftest category-sets ()
  (should (equal (category-set-mnemonics (make-category-set "zA9")) "9Az"))
  (should (equal (category-set-mnemonics (make-category-set "")) ""))
  (should (bool-vector-p (make-category-set "a")))
  (should (= (length (make-category-set "a")) 128)))

(ert-deftest category-entries ()
  (let ((table (make-category-table)))
    (define-category ?v "Vowels." table)
    (define-category ?d "Digits." table)
    (modify-category-entry ?e ?v table)
    (modify-category-entry '(?0 . ?3) ?d table)
    (should (equal (condition-case e (modify-category-entry ?x ?u table) (error e))
                   '(error "Undefined category: u")))
    (let ((copy (copy-category-table table)))
      (modify-category-entry ?e ?v table t)
      (with-temp-buffer
        (set-category-table table)
        (should (equal (category-set-mnemonics (char-category-set ?e)) ""))
        (should (equal (category-set-mnemonics (char-category-set ?2)) "d"))
        (should (equal (category-set-mnemonics (char-category-set ?4)) "")))
      (with-temp-buffer
        (set-category-table copy)
        (should (equal (category-set-mnemonics (char-category-set ?e)) "v"))
        (should (equal (category-docstring ?v) "Vowels."))))))

(ert-deftest category-standard-sets ()
  ;; The standard table's sets are Emacs 28's categories.
  (should (string-match-p "l" (category-set-mnemonics (char-category-set ?a))))
  (should (string-match-p "j" (category-set-mnemonics (char-category-set ?あ))))
  (should-not (string-match-p "j" (category-set-mnemonics (char-category-set ?a)))))

;;; category-tests.el ends here
