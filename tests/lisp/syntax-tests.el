;;; syntax-tests.el --- syntax tables, sexp motion, parse-partial-sexp  -*- lexical-binding: t -*-

;; Every expected value here is what GNU Emacs 28 gives.

(require 'ert)

(defvar syntax-tests--c-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?/ ". 124b" table)
    (modify-syntax-entry ?* ". 23" table)
    (modify-syntax-entry ?\n "> b" table)
    (modify-syntax-entry ?' "\"" table)
    table)
  "A table with C's comments: /* */ (style a) and // to a newline (b).")

(define-derived-mode syntax-tests-mode prog-mode "T")
(define-derived-mode syntax-tests-plain-mode text-mode "T2" :syntax-table nil)

(defun syntax-tests--run (table text pos &rest fns)
  "In a buffer holding TEXT with TABLE and comments ignored, from POS:
each of FNS's value and point after it, or the error it signals."
  (with-temp-buffer
    (set-syntax-table table)
    (setq-local parse-sexp-ignore-comments t)
    (insert text)
    (goto-char pos)
    (mapcar (lambda (f)
              (condition-case err (list (funcall f) (point)) (error err)))
            fns)))

(defun syntax-tests--elisp (text pos &rest fns)
  (apply #'syntax-tests--run emacs-lisp-mode-syntax-table text pos fns))

(defun syntax-tests--c (text pos &rest fns)
  (apply #'syntax-tests--run syntax-tests--c-table text pos fns))

;;; Descriptors and tables

(ert-deftest syntax-string-to-syntax ()
  (should (equal (list (string-to-syntax "w") (string-to-syntax "()")
                       (string-to-syntax ". 124b") (string-to-syntax "\" 23bn")
                       (string-to-syntax "@") (string-to-syntax "-")
                       (string-to-syntax "_ p") (string-to-syntax "< c")
                       (string-to-syntax "w x1"))
                 '((2) (4 . 41) (2818049) (6684679) nil (0) (1048579) (8388619) (65538))))
  ;; Plain classes share one descriptor.
  (should (eq (string-to-syntax "w") (aref (standard-syntax-table) ?a)))
  (should (equal (should-error (string-to-syntax "Z"))
                 '(error "Invalid syntax description letter: Z")))
  (should (equal (should-error (string-to-syntax "")) '(error "Invalid syntax description letter: \0")))
  (should (equal (should-error (string-to-syntax 5)) '(wrong-type-argument stringp 5))))

(ert-deftest syntax-scratch-is-lisp-interaction ()
  (with-current-buffer "*scratch*"
    (should (eq (syntax-table) lisp-interaction-mode-syntax-table))
    (should (eq (char-table-parent lisp-interaction-mode-syntax-table) emacs-lisp-mode-syntax-table))
    (should (eq (char-table-parent emacs-lisp-mode-syntax-table) lisp-data-mode-syntax-table))
    (should (equal (list parse-sexp-ignore-comments (local-variable-p 'parse-sexp-ignore-comments))
                   '(t t)))
    (should (equal (mapcar #'char-syntax '(?\n ?\; ?' ?@ ?. ?# ?\r #xa0))
                   '(?> ?< ?' ?_ ?_ ?' ?_ ?\s)))
    (should (equal (aref (syntax-table) ?@) '(1048579)))))

(ert-deftest syntax-class-to-char ()
  (should (equal (mapcar #'syntax-class-to-char (number-sequence 0 15))
                 '(32 46 119 95 40 41 39 34 36 92 47 60 62 64 33 124)))
  (should (equal (should-error (syntax-class-to-char 16)) '(args-out-of-range 15 16)))
  (should (equal (should-error (syntax-class-to-char -1)) '(args-out-of-range 15 -1))))

(ert-deftest syntax-standard-table ()
  (with-temp-buffer
    (should (eq (syntax-table) (standard-syntax-table)))
    (should (equal (mapcar (lambda (c) (string (char-syntax c)))
                           '(?\n ?\; ?' ?$ ?a ?_ ?\" ?\\ #xa0 ?« ?\( ?\} 0 127))
                   '(" " "." "." "w" "w" "_" "\"" "\\" " " "." "(" ")" "." ".")))
    (should (equal (list (matching-paren ?\() (matching-paren ?\}) (matching-paren ?a)
                         (matching-paren #x2045))
                   '(41 123 nil 8262)))
    (should (equal (char-table-range (standard-syntax-table) nil) '(0)))
    (should (equal (aref (standard-syntax-table) #x3008) '(4 . #x3009)))
    (should (equal (mapcar (lambda (c) (string (char-syntax c))) '(#x3fff85 #x10ffff #x3000))
                   '("w" "w" " ")))))

(ert-deftest syntax-make-and-copy ()
  (let ((table (make-syntax-table)))
    (should (eq (char-table-parent table) (standard-syntax-table)))
    (should (null (char-table-range table nil)))
    (should (equal (aref table ?a) '(2)))
    (should (syntax-table-p table))
    (should (eq (char-table-subtype table) 'syntax-table))
    (should-not (syntax-table-p (make-char-table 'foo)))
    (should (eq (char-table-parent (make-syntax-table table)) table)))
  (let ((copy (copy-syntax-table)))
    (should (eq (char-table-parent copy) (standard-syntax-table)))
    (should (null (char-table-range copy nil)))
    (should (equal (aref copy ?\() '(4 . 41)))
    (should (eq (aref copy ?a) (aref (standard-syntax-table) ?a)))))

(ert-deftest syntax-modify-syntax-entry ()
  (let ((table (make-syntax-table)))
    (should (null (modify-syntax-entry '(?a . ?c) "." table)))
    (modify-syntax-entry ?x "w" table)
    (modify-syntax-entry ?y "@" table)
    (should (equal (list (aref table ?a) (aref table ?b) (aref table ?d) (aref table ?x)
                         (aref table ?y))
                   '((1) (1) (2) (2) (2)))))
  (should (equal (should-error (modify-syntax-entry ?a 5)) '(wrong-type-argument stringp 5)))
  (should (equal (should-error (modify-syntax-entry ?a "w" 5))
                 '(wrong-type-argument syntax-table-p 5)))
  (should (equal (should-error (modify-syntax-entry "a" "w"))
                 '(wrong-type-argument characterp "a")))
  (should (equal (should-error (set-syntax-table 3)) '(wrong-type-argument syntax-table-p 3))))

(ert-deftest syntax-with-syntax-table ()
  (with-temp-buffer
    (let ((table (make-syntax-table)))
      (modify-syntax-entry ?z "." table)
      (should (equal (with-syntax-table table (string (char-syntax ?z))) "."))
      (should (equal (string (char-syntax ?z)) "w"))
      (should (eq (syntax-table) (standard-syntax-table)))))
  (with-temp-buffer
    (set-syntax-table (make-syntax-table))
    (kill-all-local-variables)
    (should (eq (syntax-table) (standard-syntax-table)))))

(ert-deftest syntax-after-and-class ()
  (with-temp-buffer
    (insert "foo (bar) 'baz")
    (should (equal (list (syntax-after 1) (syntax-after 5) (syntax-class (syntax-after 5))
                         (syntax-after 0) (syntax-after 15) (syntax-class nil))
                   '((2) (4 . 41) 4 nil nil nil)))))

;;; Syntax in searches and word motion

(ert-deftest syntax-regexps-follow-the-buffer-table ()
  (with-temp-buffer
    (should (equal (list (string-match "\\s-" "a\nb") (string-match "[[:space:]]" "a\nb"))
                   '(1 1)))
    (let ((table (make-syntax-table)))
      (modify-syntax-entry ?. "w" table)
      (set-syntax-table table)
      (should (equal (list (string-match "\\w+" "x.y") (match-end 0)
                           (string-match "\\_<y" "x.y"))
                     '(0 3 nil)))))
  (with-temp-buffer
    (set-syntax-table emacs-lisp-mode-syntax-table)
    (should (equal (list (string-match "\\s-" "a\nb") (string-match "\\s>" "a\nb"))
                   '(nil 1)))))

(ert-deftest syntax-forward-word ()
  (with-temp-buffer
    (insert "foo-bar baz_qux")
    (goto-char 1)
    (should (equal (list (forward-word) (point) (forward-word 2) (point) (forward-word 5) (point)
                         (backward-word) (point))
                   '(t 4 t 12 nil 16 t 13))))
  (with-temp-buffer
    (set-syntax-table (make-syntax-table emacs-lisp-mode-syntax-table))
    (insert "foo-bar baz")
    (goto-char 1)
    (should (equal (list (forward-word) (point)) '(t 4)))
    (modify-syntax-entry ?- "w")
    (should (equal (list (forward-word) (point)) '(t 8)))))

(ert-deftest syntax-skip-syntax ()
  (with-temp-buffer
    (insert "foo_bar  baz.qux")
    (goto-char 1)
    (should (equal (list (skip-syntax-forward "w") (point) (skip-syntax-forward "w_") (point)
                         (skip-syntax-forward " ") (point) (skip-syntax-forward "^.") (point)
                         (skip-syntax-backward "w") (point) (skip-syntax-backward "^ " 3) (point)
                         (skip-syntax-forward "-") (point))
                   '(3 4 4 8 2 10 3 13 -3 10 0 10 0 10)))
    (should (equal (skip-syntax-forward "Z") 0)))
  (with-temp-buffer
    (insert "ab  ")
    (goto-char 1)
    (should (equal (list (skip-syntax-forward "w" 100) (point) (skip-syntax-forward "-" 0) (point))
                   '(2 3 0 3)))))

;;; scan-lists and scan-sexps

(ert-deftest syntax-scan-lists-elisp ()
  (should (equal (syntax-tests--elisp
                  "(a (b c) \"d)\" ?\\) e) f" 1
                  (lambda () (scan-sexps 1 1)) (lambda () (scan-lists 1 1 0))
                  (lambda () (scan-lists 2 1 0)) (lambda () (scan-sexps 2 3))
                  (lambda () (scan-sexps 24 -1)) (lambda () (scan-lists 25 -1 0))
                  (lambda () (scan-lists 3 1 1)) (lambda () (scan-lists 5 -1 1)))
                 '((21 1) (21 1) (9 1) (14 1) (22 1) (1 1) (21 1) (4 1))))
  (should (equal (syntax-tests--elisp
                  "foo\\ bar baz ?\\( \\(x" 1
                  (lambda () (scan-sexps 1 1)) (lambda () (scan-sexps 9 1))
                  (lambda () (scan-sexps 13 1)) (lambda () (scan-sexps 17 1))
                  (lambda () (scan-sexps 21 -1)) (lambda () (scan-sexps 17 -1))
                  (lambda () (scan-sexps 9 -1)))
                 '((9 1) (13 1) (17 1) (21 1) (18 1) (14 1) (1 1)))))

(ert-deftest syntax-scan-errors ()
  (should (equal (syntax-tests--elisp
                  "(a b" 1
                  (lambda () (scan-sexps 1 1)) (lambda () (scan-lists 1 1 0))
                  (lambda () (scan-sexps 2 5)) (lambda () (scan-sexps 5 -3)))
                 '((scan-error "Unbalanced parentheses" 1 5)
                   (scan-error "Unbalanced parentheses" 1 5) (nil 1)
                   (scan-error "Containing expression ends prematurely" 1 1))))
  (should (equal (syntax-tests--elisp
                  "a b)" 1
                  (lambda () (scan-sexps 1 3)) (lambda () (scan-lists 1 1 0))
                  (lambda () (scan-lists 1 1 1)) (lambda () (scan-sexps 5 -3))
                  (lambda () (scan-lists 1 -1 0)))
                 '((scan-error "Containing expression ends prematurely" 4 5)
                   (scan-error "Containing expression ends prematurely" 4 5) (5 1)
                   (scan-error "Unbalanced parentheses" 4 1) (nil 1))))
  (should (equal (syntax-tests--elisp
                  "(a)) (b" 1
                  (lambda () (scan-lists 1 2 0)) (lambda () (scan-lists 5 1 0))
                  (lambda () (scan-lists 8 -2 0)) (lambda () (scan-lists 1 -1 0)))
                 '((scan-error "Containing expression ends prematurely" 4 5)
                   (scan-error "Unbalanced parentheses" 6 8)
                   (scan-error "Containing expression ends prematurely" 6 6) (nil 1))))
  (should (equal (syntax-tests--elisp
                  "a\\" 1 (lambda () (scan-sexps 1 1)))
                 '((scan-error "Unbalanced parentheses" 1 3))))
  (should (equal (syntax-tests--elisp
                  "\"abc" 1 (lambda () (scan-sexps 1 1)) (lambda () (scan-sexps 5 -1)))
                 '((scan-error "Unbalanced parentheses" 1 5) (2 1))))
  (should (equal (should-error (scan-sexps 1.0 1)) '(wrong-type-argument fixnump 1.0)))
  (with-temp-buffer
    (insert "ab")
    (should (equal (list (scan-sexps 100 1) (scan-sexps -5 1) (scan-sexps 1 0)) '(nil 3 1)))))

(ert-deftest syntax-scan-comments-and-prefixes ()
  (let ((text "x ; (comment\n(y) 'z `(w ,@v) #'f"))
    (should (equal (syntax-tests--elisp
                    text 1
                    (lambda () (scan-sexps 1 1)) (lambda () (scan-sexps 2 1))
                    (lambda () (scan-sexps 17 1)) (lambda () (scan-sexps 21 1))
                    (lambda () (scan-sexps 33 -1)) (lambda () (scan-sexps 30 -1))
                    (lambda () (scan-sexps 18 -1)) (lambda () (scan-sexps 17 -1)))
                   '((2 1) (17 1) (20 1) (29 1) (30 1) (22 1) (14 1) (14 1))))
    (should (equal (syntax-tests--elisp
                    text 33
                    (lambda () (forward-sexp -1)) (lambda () (forward-sexp -1))
                    (lambda () (backward-sexp 1)) (lambda () (backward-sexp))
                    (lambda () (forward-sexp 2)) (lambda () (forward-sexp 10))
                    (lambda () (backward-sexp 20)))
                   '((nil 30) (nil 21) (nil 18) (nil 14) (nil 20) (nil 33) (nil 1)))))
  (should (equal (syntax-tests--elisp
                  "'(a b)" 7 (lambda () (backward-sexp)) (lambda () (scan-sexps 7 -1))
                  (lambda () (backward-prefix-chars)))
                 '((nil 1) (2 1) (nil 1))))
  (should (equal (syntax-tests--elisp
                  "  ; only comment" 1 (lambda () (scan-sexps 1 1))
                  (lambda () (scan-sexps 17 -1)) (lambda () (scan-lists 1 1 0)))
                 '((17 1) (10 1) (17 1))))
  (should (equal (syntax-tests--elisp
                  "(a ; )\n b)" 1 (lambda () (scan-sexps 1 1)) (lambda () (scan-sexps 11 -1)))
                 '((11 1) (1 1))))
  ;; Comments are text unless parse-sexp-ignore-comments.
  (with-temp-buffer
    (set-syntax-table emacs-lisp-mode-syntax-table)
    (insert "(a ; )\n b)")
    (should (equal (scan-sexps 1 1) 7))))

(ert-deftest syntax-backward-over-comments-and-strings ()
  (should (equal (syntax-tests--elisp
                  "(a \"x ; y\"\n b ; c \" d\n e ?\\; f\n g) h" 1
                  (lambda () (scan-sexps 1 1)) (lambda () (scan-sexps 34 -1))
                  (lambda () (scan-sexps 33 -2)) (lambda () (scan-sexps 33 -3))
                  (lambda () (scan-sexps 33 -4)) (lambda () (scan-sexps 33 -5))
                  (lambda () (goto-char 34) (forward-comment -1))
                  (lambda () (goto-char 23) (forward-comment -1)))
                 '((35 1) (33 1) (26 1) (24 1) (13 1) (4 1) (nil 34) (t 15))))
  ;; Many commented lines in one list: each comment end is looked up.
  (let ((text (concat "(progn\n"
                      (mapconcat (lambda (i) (format " (x%d \";\") ; %d \"\n" i i))
                                 (number-sequence 1 200) "")
                      ")")))
    (should (equal (syntax-tests--elisp
                    text (1+ (length text))
                    (lambda () (backward-sexp))
                    (lambda () (goto-char (1- (point-max))) (backward-sexp 3))
                    (lambda () (forward-comment -1)) (lambda () (backward-sexp 400)))
                   '((nil 1) (nil 3733) (t 3724)
                     (scan-error "Containing expression ends prematurely" 1 1))))))

(ert-deftest syntax-scan-c-comments ()
  (let ((text "a /* b */ c // d\ne 'f' /* g"))
    (should (equal (syntax-tests--c
                    text 1
                    (lambda () (scan-sexps 2 1)) (lambda () (scan-sexps 10 -1))
                    (lambda () (scan-sexps 12 1)) (lambda () (scan-sexps 19 -1))
                    (lambda () (scan-sexps 19 1)) (lambda () (scan-sexps 23 1))
                    (lambda () (scan-sexps 29 -1)))
                   '((12 1) (1 1) (19 1) (18 1) (23 1) (28 1) (27 1)))))
  (should (equal (syntax-tests--c "a /*/ b */ c" 1 (lambda () (scan-sexps 2 1)))
                 '((13 1)))))

(ert-deftest syntax-nested-comments ()
  (with-temp-buffer
    (set-syntax-table lisp-mode-syntax-table)
    (setq-local parse-sexp-ignore-comments t)
    (insert "a #| b #| c |# d |# e ; f\n|g h| i")
    (should (equal (mapcar (lambda (to) (parse-partial-sexp 1 to)) '(6 9 11 16 20 22 25 29 4 34))
                   '((0 nil 1 nil 1 nil 0 1 3 nil nil) (0 nil 1 nil 1 nil 0 1 3 nil 589830)
                     (0 nil 1 nil 2 nil 0 1 3 nil nil) (0 nil 1 nil 1 nil 0 1 3 nil nil)
                     (0 nil 1 nil nil nil 0 nil nil nil nil) (0 nil 21 nil nil nil 0 nil nil nil nil)
                     (0 nil 21 nil t nil 0 nil 23 nil nil) (0 nil 21 124 nil nil 0 nil 27 nil nil)
                     (0 nil 1 nil nil nil 0 nil nil nil 589830)
                     (0 nil 33 nil nil nil 0 nil nil nil nil))))
    (should (equal (list (scan-sexps 2 1) (scan-sexps 22 -1) (scan-sexps 23 1) (scan-sexps 28 -1)
                         (scan-sexps 26 1))
                   '(22 21 32 18 32)))))

(ert-deftest syntax-brackets-in-standard-table ()
  (with-temp-buffer
    (insert "(a [b] {c})")
    (should (equal (list (scan-sexps 1 1) (scan-lists 3 1 -1) (parse-partial-sexp 1 5)
                         (parse-partial-sexp 1 9))
                   '(12 5 (2 4 nil nil nil nil 0 nil nil (1 4) nil)
                        (2 8 nil nil nil nil 0 nil nil (1 8) nil))))))

(ert-deftest syntax-fences-and-math ()
  (with-temp-buffer
    (let ((table (make-syntax-table)))
      (modify-syntax-entry ?| "|" table)
      (modify-syntax-entry ?! "!" table)
      (modify-syntax-entry ?$ "$" table)
      (set-syntax-table table))
    (setq-local parse-sexp-ignore-comments t)
    (insert "a |b c| ! x ! $m$ d")
    (should (equal (list (scan-sexps 2 1) (scan-sexps 8 -1) (scan-sexps 8 1) (scan-sexps 14 1)
                         (scan-sexps 18 -1))
                   '(8 3 18 18 15)))
    (should (equal (list (parse-partial-sexp 1 5) (parse-partial-sexp 1 11) (parse-partial-sexp 1 16)
                         (parse-partial-sexp 1 12 nil nil nil 'syntax-table))
                   '((0 nil 1 t nil nil 0 nil 3 nil nil) (0 nil 3 nil t nil 0 syntax-table 9 nil nil)
                     (0 nil 3 nil nil nil 0 nil nil nil nil) (0 nil 1 t nil nil 0 nil 3 nil nil))))
    (should (equal (list (forward-comment 1) (point)) '(nil 4)))))

(ert-deftest syntax-nested-two-character-comments ()
  ;; Pascal's (* *): the opener is also an open paren.
  (with-temp-buffer
    (let ((table (make-syntax-table)))
      (modify-syntax-entry ?{ "<" table)
      (modify-syntax-entry ?} ">" table)
      (modify-syntax-entry ?\( "()1n" table)
      (modify-syntax-entry ?* ". 23n" table)
      (modify-syntax-entry ?\) ")(4n" table)
      (set-syntax-table table))
    (setq-local parse-sexp-ignore-comments t)
    (insert "a (* b (* c *) d *) e {f} g")
    (should (equal (list (scan-sexps 2 1) (scan-sexps 21 -1) (parse-partial-sexp 1 8)
                         (parse-partial-sexp 1 12) (parse-partial-sexp 1 18)
                         (parse-partial-sexp 1 24) (scan-sexps 22 1) (scan-sexps 27 -1))
                   '(22 1 (0 nil 1 nil 1 nil 0 nil 3 nil nil) (0 nil 1 nil 2 nil 0 nil 3 nil nil)
                        (0 nil 1 nil 1 nil 0 nil 3 nil nil) (0 nil 21 nil t nil 0 nil 23 nil nil)
                        28 21)))))

(ert-deftest syntax-multibyte-text ()
  (should (equal (syntax-tests--elisp
                  "é (ü \"ñ\" ; ö\n ß) 日本" 1
                  (lambda () (scan-sexps 1 1)) (lambda () (scan-sexps 2 1))
                  (lambda () (scan-sexps 20 -1)) (lambda () (parse-partial-sexp 1 12))
                  (lambda () (skip-syntax-forward "^\"")) (lambda () (forward-word 2))
                  (lambda () (backward-sexp 2)))
                 '((2 1) (17 1) (18 1) ((1 3 6 nil t nil 0 nil 10 (3) nil) 12) (8 20) (nil 20)
                   (nil 3)))))

(ert-deftest syntax-lisp-prefixes ()
  (with-temp-buffer
    (set-syntax-table emacs-lisp-mode-syntax-table)
    (insert "(a . b) #s(x) ,@y")
    (should (equal (list (scan-sexps 1 1) (scan-sexps 8 1) (scan-sexps 14 1) (scan-sexps 18 -1)
                         (scan-sexps 14 -1) (progn (goto-char 18) (backward-sexp) (point))
                         (progn (goto-char 14) (backward-sexp) (point)))
                   '(8 11 18 15 11 15 11)))))

(ert-deftest syntax-forward-comment ()
  (should (equal (syntax-tests--elisp
                  "  ; a\n  ; b\n  x" 1
                  (lambda () (forward-comment 1)) (lambda () (forward-comment 1))
                  (lambda () (forward-comment 1)) (lambda () (forward-comment -1))
                  (lambda () (forward-comment -5)) (lambda () (goto-char 1) (forward-comment 100))
                  (lambda () (forward-comment 0)))
                 '((t 7) (t 13) (nil 15) (t 9) (nil 1) (nil 15) (t 15))))
  (should (equal (syntax-tests--c
                  "x /* a */ // b\n /* c */ y" 25
                  (lambda () (forward-comment -1)) (lambda () (forward-comment -1))
                  (lambda () (forward-comment -1)) (lambda () (forward-comment -1))
                  (lambda () (goto-char 2) (forward-comment 3)) (lambda () (forward-comment 1)))
                 '((t 17) (t 11) (t 3) (nil 2) (t 24) (nil 25))))
  (should (equal (syntax-tests--c
                  "a */ b" 5 (lambda () (forward-comment -1))
                  (lambda () (goto-char 3) (forward-comment 1)))
                 '((nil 5) (nil 3))))
  (should (equal (should-error (forward-comment 'a)) '(wrong-type-argument fixnump a))))

(ert-deftest syntax-comment-end-can-be-escaped ()
  (with-temp-buffer
    (insert "a\\\nb ;c\\\nd")
    (set-syntax-table emacs-lisp-mode-syntax-table)
    (should (equal (list (parse-partial-sexp 1 11)
                         (let ((comment-end-can-be-escaped t)) (parse-partial-sexp 1 11)))
                   '((0 nil 10 nil nil nil 0 nil nil nil nil) (0 nil 1 nil t nil 0 nil 6 nil nil))))))

(ert-deftest syntax-argument-errors ()
  (with-temp-buffer
    (insert "x")
    (should (equal (should-error (skip-syntax-forward 5)) '(wrong-type-argument stringp 5)))
    (should (equal (should-error (char-syntax "a")) '(wrong-type-argument characterp "a")))
    (should (equal (should-error (matching-paren -1)) '(wrong-type-argument characterp -1)))
    (should (equal (should-error (scan-lists 1 1 'a)) '(wrong-type-argument fixnump a)))
    (should (equal (should-error (parse-partial-sexp 1 2 nil nil '(a b c d e f g h i j k l)))
                   '(wrong-type-argument listp j)))
    (should (equal (should-error (copy-syntax-table 5)) '(wrong-type-argument syntax-table-p 5)))
    (should (equal (should-error (make-syntax-table 5)) '(wrong-type-argument char-table-p 5)))))

(ert-deftest syntax-parse-partial-sexp-targets ()
  (with-temp-buffer
    (insert "(a (b")
    (should (equal (list (parse-partial-sexp 1 6)
                         (let ((s (parse-partial-sexp 1 6))) (parse-partial-sexp 6 6 nil nil s))
                         (parse-partial-sexp 6 6 nil nil '(2 nil nil nil nil nil 0 nil nil (1 4) nil))
                         (parse-partial-sexp 1 6 -1) (parse-partial-sexp 1 6 1))
                   '((2 4 5 nil nil nil 0 nil nil (1 4) nil) (2 4 nil nil nil nil 2 nil nil (1 4) nil)
                     (2 4 nil nil nil nil 2 nil nil (1 4) nil) (2 4 5 nil nil nil 0 nil nil (1 4) nil)
                     (1 1 nil nil nil nil 0 nil nil (1) nil)))))
  (with-temp-buffer
    (insert "\"a\" b")
    (should (equal (list (parse-partial-sexp 1 6 nil t) (point) (parse-partial-sexp 4 6 nil t) (point))
                   '((0 nil nil nil nil nil 0 nil nil nil nil) 1
                     (0 nil nil nil nil nil 0 nil nil nil nil) 5)))))

;;; List motion commands

(ert-deftest syntax-list-motion ()
  (should (equal (syntax-tests--elisp
                  "(a (b (c d) e) f)" 9
                  (lambda () (up-list)) (lambda () (backward-up-list)) (lambda () (down-list))
                  (lambda () (down-list 2)) (lambda () (forward-list))
                  (lambda () (backward-list)) (lambda () (up-list 5))
                  (lambda () (down-list -1)))
                 '((nil 12) (nil 4) (nil 5)
                   (scan-error "Containing expression ends prematurely" 11 12)
                   (scan-error "Containing expression ends prematurely" 11 12)
                   (scan-error "Containing expression ends prematurely" 7 7)
                   (scan-error "Unbalanced parentheses" 18 18) (nil 17))))
  (should (equal (syntax-tests--elisp
                  "(a \"b (c\" d)" 7
                  (lambda () (up-list)) (lambda () (goto-char 7) (up-list 1 t))
                  (lambda () (goto-char 7) (backward-up-list 1 t))
                  (lambda () (goto-char 7) (backward-up-list 1)))
                 '((scan-error "Unbalanced parentheses" 7 13) (nil 10) (nil 4)
                   (scan-error "Unbalanced parentheses" 7 1))))
  (should (equal (syntax-tests--elisp
                  "(a) (b)" 1
                  (lambda () (forward-list 2)) (lambda () (forward-list 1))
                  (lambda () (backward-list 5)) (lambda () (backward-up-list)))
                 '((8 8) (8 8) (1 1) (scan-error "Unbalanced parentheses" 1 1))))
  (with-temp-buffer
    (insert "ab c)")
    (goto-char 1)
    (should (equal (should-error (up-list 2)) '(scan-error "Unbalanced parentheses" 6 6)))))

(ert-deftest syntax-list-motion-within-strings-and-comments ()
  (should (equal (syntax-tests--elisp
                  "(a \"b (c) d\" e)" 8
                  (lambda () (up-list 1 nil t)) (lambda () (goto-char 8) (up-list 1 t t))
                  (lambda () (goto-char 8) (backward-up-list 1 nil t))
                  (lambda () (goto-char 8) (up-list -1 t t)))
                 '((nil 10) (nil 10) (nil 7) (nil 7))))
  (should (equal (syntax-tests--elisp
                  "(a ; (b c)\n d)" 8
                  (lambda () (up-list 1 nil t)) (lambda () (goto-char 8) (backward-up-list 1 nil t))
                  (lambda () (goto-char 8) (up-list)))
                 '((nil 11) (nil 6) (nil 11))))
  (should (equal (syntax-tests--elisp
                  "(a (b) c)" 5
                  (lambda () (syntax-ppss-toplevel-pos (syntax-ppss)))
                  (lambda () (syntax-ppss-context (syntax-ppss)))
                  (lambda () (goto-char 1) (syntax-ppss-toplevel-pos (syntax-ppss))))
                 '((1 5) (nil 5) (nil 1))))
  (should (equal (syntax-tests--elisp
                  "(a (b) c)" 1
                  (lambda () (down-list 1 t)) (lambda () (down-list 5 t))
                  (lambda () (goto-char 1) (forward-list 3 t)) (lambda () (backward-list 3 t)))
                 '((nil 2) (user-error "At bottom level") (10 10) (1 1))))
  (with-temp-buffer
    (insert "(a b)")
    (goto-char 1)
    (let ((forward-sexp-function (lambda (n) (forward-char n))))
      (forward-sexp 2))
    (should (= (point) 3))))

(ert-deftest syntax-interactive-sexp-errors ()
  (with-temp-buffer
    (insert "(a b)")
    (goto-char 2)
    (should (null (forward-sexp 1 t)))
    (should (= (point) 3))
    (should (equal (should-error (forward-sexp 5 t)) '(user-error "No next sexp")))
    (should (= (point) 3))
    (should (equal (should-error (backward-sexp 5 t)) '(user-error "No previous sexp")))
    (erase-buffer)
    (insert ")(a) b")
    (goto-char 1)
    (should (equal (should-error (forward-list 3 t)) '(user-error "No next group")))
    (goto-char 4)
    (should (equal (should-error (backward-list 3 t)) '(user-error "No previous group")))))

;;; parse-partial-sexp

(ert-deftest syntax-parse-partial-sexp-lisp ()
  (let ((text "(a (b \"c\" d) ; e\n f 'g"))
    (should (equal (syntax-tests--elisp
                    text 1
                    (lambda () (parse-partial-sexp 1 23)) (lambda () (parse-partial-sexp 1 6))
                    (lambda () (parse-partial-sexp 1 9)) (lambda () (parse-partial-sexp 1 16))
                    (lambda () (parse-partial-sexp 1 14)) (lambda () (parse-partial-sexp 1 12))
                    (lambda () (parse-partial-sexp 1 22)) (lambda () (parse-partial-sexp 1 21)))
                   '(((1 1 22 nil nil nil 0 nil nil (1) nil) 23)
                     ((2 4 5 nil nil nil 0 nil nil (1 4) nil) 6)
                     ((2 4 5 34 nil nil 0 nil 7 (1 4) nil) 9)
                     ((1 1 4 nil t nil 0 nil 14 (1) nil) 16)
                     ((1 1 4 nil nil nil 0 nil nil (1) nil) 14)
                     ((2 4 11 nil nil nil 0 nil nil (1 4) nil) 12)
                     ((1 1 19 nil nil nil 0 nil nil (1) nil) 22)
                     ((1 1 19 nil nil nil 0 nil nil (1) nil) 21))))
    (should (equal (syntax-tests--elisp
                    text 1
                    (lambda () (parse-partial-sexp 1 23 0)) (lambda () (parse-partial-sexp 1 23 2))
                    (lambda () (parse-partial-sexp 2 23 nil t))
                    (lambda () (parse-partial-sexp 1 23 nil nil nil t))
                    (lambda () (parse-partial-sexp 1 23 nil nil nil 'syntax-table))
                    (lambda () (parse-partial-sexp 7 23 nil nil nil 'syntax-table)))
                   '(((1 1 22 nil nil nil 0 nil nil (1) nil) 23)
                     ((2 4 nil nil nil nil 0 nil nil (1 4) nil) 5)
                     ((0 nil nil nil nil nil 0 nil nil nil nil) 2)
                     ((1 1 4 nil t nil 0 nil 14 (1) nil) 15)
                     ((2 4 5 34 nil nil 0 nil 7 (1 4) nil) 8)
                     ((0 nil nil 34 nil nil 0 nil 7 nil nil) 8))))
    (should (equal (syntax-tests--elisp
                    text 1
                    (lambda () (let ((s (parse-partial-sexp 1 8)))
                                 (list s (parse-partial-sexp 8 23 nil nil s))))
                    (lambda () (let ((s (parse-partial-sexp 1 16)))
                                 (list s (parse-partial-sexp 16 23 nil nil s))))
                    (lambda () (let ((s (parse-partial-sexp 1 5)))
                                 (parse-partial-sexp 5 12 nil nil s))))
                   '((((2 4 5 34 nil nil 0 nil 7 (1 4) nil) (1 1 22 nil nil nil 1 nil nil (1) nil)) 23)
                     (((1 1 4 nil t nil 0 nil 14 (1) nil) (1 1 22 nil nil nil 1 nil nil (1) nil)) 23)
                     ((2 4 11 nil nil nil 2 nil nil (1 4) nil) 12))))))

(ert-deftest syntax-parse-partial-sexp-escapes-and-depth ()
  (should (equal (syntax-tests--elisp
                  "a \"b\\" 1 (lambda () (parse-partial-sexp 1 6))
                  (lambda () (parse-partial-sexp 1 3)))
                 '(((0 nil 1 34 nil t 0 nil 3 nil 9) 6)
                   ((0 nil 1 nil nil nil 0 nil nil nil nil) 3))))
  (should (equal (syntax-tests--elisp
                  "x\\" 1 (lambda () (parse-partial-sexp 1 3))
                  (lambda () (let ((s (parse-partial-sexp 1 2)))
                               (list s (parse-partial-sexp 2 3 nil nil s)))))
                 '(((0 nil nil nil nil t 0 nil nil nil 9) 3)
                   (((0 nil 1 nil nil nil 0 nil nil nil nil) (0 nil nil nil nil t 0 nil nil nil 9)) 3))))
  (should (equal (syntax-tests--elisp
                  "a) b) (c" 1 (lambda () (parse-partial-sexp 1 9))
                  (lambda () (parse-partial-sexp 1 4)))
                 '(((-1 7 8 nil nil nil -2 nil nil (7) nil) 9)
                   ((-1 nil 1 nil nil nil -1 nil nil nil nil) 4))))
  (with-temp-buffer
    (insert "ab")
    (should (equal (should-error (parse-partial-sexp 2 1))
                   '(error "End position is smaller than start position")))
    (should (equal (cddr (should-error (parse-partial-sexp 1 10))) '(1 10)))
    (should (equal (car (should-error (parse-partial-sexp 0 2))) 'args-out-of-range))
    (should (equal (should-error (parse-partial-sexp 1 2 'x)) '(wrong-type-argument fixnump x)))
    (should (= (length (parse-partial-sexp 1 1)) 11))))

(ert-deftest syntax-parse-partial-sexp-c ()
  (let ((text "a /* b */ c // d\ne 'f' /* g"))
    (should (equal (mapcar (lambda (to)
                             (car (syntax-tests--c text 1 (lambda () (parse-partial-sexp 1 to)))))
                           '(5 4 8 9 10 15 17 18 21))
                   '(((0 nil 1 nil t nil 0 nil 3 nil nil) 5)
                     ((0 nil 1 nil nil nil 0 nil nil nil 2818049) 4)
                     ((0 nil 1 nil t nil 0 nil 3 nil nil) 8)
                     ((0 nil 1 nil t nil 0 nil 3 nil 393217) 9)
                     ((0 nil 1 nil nil nil 0 nil nil nil nil) 10)
                     ((0 nil 11 nil t nil 0 1 13 nil nil) 15)
                     ((0 nil 11 nil t nil 0 1 13 nil nil) 17)
                     ((0 nil 11 nil nil nil 0 nil nil nil nil) 18)
                     ((0 nil 18 39 nil nil 0 nil 20 nil nil) 21)))))
  ;; Resuming between the two characters of a comment delimiter.
  (should (equal (syntax-tests--c
                  "x /* a */ y" 1
                  (lambda () (let ((s (parse-partial-sexp 1 4)))
                               (list s (parse-partial-sexp 4 11 nil nil s))))
                  (lambda () (let ((s (parse-partial-sexp 1 8)))
                               (list s (parse-partial-sexp 8 12 nil nil s))))
                  (lambda () (parse-partial-sexp 1 12 nil nil nil t)))
                 '((((0 nil 1 nil nil nil 0 nil nil nil 2818049)
                     (0 nil nil nil nil nil 0 nil nil nil nil)) 11)
                   (((0 nil 1 nil t nil 0 nil 3 nil nil) (0 nil 11 nil nil nil 0 nil nil nil nil)) 12)
                   ((0 nil 1 nil t nil 0 nil 3 nil nil) 5))))
  (should (equal (syntax-tests--c "a /*/ b */ c" 1 (lambda () (parse-partial-sexp 1 7)))
                 '(((0 nil 1 nil t nil 0 nil 3 nil nil) 7)))))

(ert-deftest syntax-ppss ()
  (with-temp-buffer
    (set-syntax-table emacs-lisp-mode-syntax-table)
    (insert "(foo \"bar (baz\" ; x")
    (let ((state (syntax-ppss 12)))
      (should (= (point) 12))
      (should (equal (list (nth 0 state) (nth 1 state) (nth 3 state) (nth 8 state) (nth 9 state))
                     '(1 1 34 6 (1)))))))

;;; Modes

(ert-deftest syntax-mode-tables ()
  (with-temp-buffer
    (text-mode)
    (should (eq (syntax-table) text-mode-syntax-table))
    (should (equal (list (string (char-syntax ?')) (string (char-syntax ?\"))
                         (aref (syntax-table) ?'))
                   '("w" "." (1048578))))
    (should (eq (char-table-parent text-mode-syntax-table) (standard-syntax-table))))
  (with-temp-buffer
    (emacs-lisp-mode)
    (should (eq (syntax-table) emacs-lisp-mode-syntax-table))
    (should (eq parse-sexp-ignore-comments t))
    (should (eq (char-table-parent lisp-data-mode-syntax-table) prog-mode-syntax-table)))
  (with-temp-buffer
    (prog-mode)
    (should (eq (syntax-table) prog-mode-syntax-table))
    (should (eq (char-table-parent prog-mode-syntax-table) (standard-syntax-table))))
  (should (equal (list (aref lisp-mode-syntax-table ?#) (aref lisp-mode-syntax-table ?|))
                 '((589830) (6684679))))
  (should (null (default-value 'parse-sexp-ignore-comments))))

(ert-deftest syntax-derived-mode-tables ()
  (with-temp-buffer
    (syntax-tests-mode)
    (should (eq (syntax-table) syntax-tests-mode-syntax-table))
    (should (eq (char-table-parent syntax-tests-mode-syntax-table) prog-mode-syntax-table))
    (should (equal (get 'syntax-tests-mode-syntax-table 'variable-documentation)
                   "Syntax table for `syntax-tests-mode'.")))
  (with-temp-buffer
    (syntax-tests-plain-mode)
    (should (eq (syntax-table) text-mode-syntax-table))
    (should-not (boundp 'syntax-tests-plain-mode-syntax-table))))

;; Emacs preloads text-mode and lisp-mode: their tables exist at start.
(ert-deftest syntax-preloaded-mode-tables ()
  (should (syntax-table-p text-mode-syntax-table))
  (should (syntax-table-p lisp-mode-syntax-table))
  (with-temp-buffer
    (insert "don't \"q\"")
    (with-syntax-table text-mode-syntax-table
      (goto-char 1)
      (should (equal (list (skip-syntax-forward "w") (char-syntax ?\")) '(5 ?.))))
    (with-syntax-table lisp-mode-syntax-table
      (should (equal (string (char-syntax ?\[)) "_")))))

;;; syntax-tests.el ends here

;;; Defun motion and marking

(defun syntax-tests--defun-results (text positions fn)
  "FN's results and point from each of POSITIONS in TEXT, in Lisp mode."
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert text)
    (mapcar (lambda (pos)
              (goto-char pos)
              (deactivate-mark)
              (condition-case err
                  (progn (funcall fn) (list (point) (mark t)))
                (error (list (car err) (point)))))
            positions)))

(ert-deftest syntax-end-of-defun-counts ()
  (let ((text "(a)\n(b)\n(c)\n\nx"))
    ;; Backward from after the last defun, -2 stops at the same end as -1.
    (should (equal (mapcar (lambda (n)
                             (car (car (syntax-tests--defun-results
                                        text '(15) (lambda () (end-of-defun n))))))
                           '(-1 -2 -3 1 2))
                   '(13 13 9 15 15)))
    (should (equal (syntax-tests--defun-results text '(1 3 6 10) (lambda () (end-of-defun 2)))
                   '((9 nil) (9 nil) (13 nil) (15 nil))))
    (should (equal (syntax-tests--defun-results text '(1 6 10) (lambda () (end-of-defun -1)))
                   '((1 nil) (5 nil) (9 nil))))))

(ert-deftest syntax-beginning-of-defun-comments ()
  (let ((text "x\n;; c1\n;; c2\n\n;; c3\n  ;; c4\n(f)\n;; c5\n(g)\n"))
    (should (equal (syntax-tests--defun-results
                    text '(29 33 40 1) (lambda () (beginning-of-defun-comments)))
                   '((1 nil) (16 nil) (16 nil) (1 nil))))
    (should (equal (syntax-tests--defun-results
                    text '(40) (lambda () (beginning-of-defun-comments 2)))
                   '((1 nil))))))

(ert-deftest syntax-mark-defun ()
  (let ((text ";; a\n(a)\n\n\n;; b\n(b)\n(c)\n"))
    (should (equal (syntax-tests--defun-results
                    text '(1 6 9 10 17 22)
                    (lambda () (let ((last-command nil)) (mark-defun))))
                   '((1 10) (1 10) (1 10) (10 21) (10 21) (21 25))))
    (should (equal (syntax-tests--defun-results
                    text '(6 17 22)
                    (lambda () (let ((last-command nil)) (mark-defun 2))))
                   '((1 21) (10 25) (21 25))))
    (should (equal (syntax-tests--defun-results
                    text '(17 22)
                    (lambda () (let ((last-command nil) (this-command nil))
                                 (mark-defun -2)
                                 (should (eq this-command 'mark-defun-back)))))
                   '((6 21) (17 25))))
    (should (equal (syntax-tests--defun-results
                    text '(17)
                    (lambda () (let ((last-command 'mark-defun-back)) (mark-defun 1))))
                   '((10 21))))))
