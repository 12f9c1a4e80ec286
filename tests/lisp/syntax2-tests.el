;;; syntax2-tests.el --- backward comment scans as Emacs 28 makes them  -*- lexical-binding: t -*-

;; Every expected value here is what GNU Emacs 28 gives.  Emacs finds
;; the start of a comment from its end by looking back, trusting what it
;; sees unless the text is ambiguous, so in some texts it finds a
;; comment that a parse from the start of the buffer would not.

(require 'ert)

(defun syntax2-tests--table (entries)
  "A syntax table from ENTRIES, (CHAR . DESCRIPTOR) pairs."
  (let ((table (make-syntax-table)))
    (dolist (entry entries table)
      (modify-syntax-entry (car entry) (cdr entry) table))))

(defun syntax2-tests--back (entries text pos count &rest bindings)
  "In a buffer holding TEXT with a syntax table of ENTRIES and the local
BINDINGS (VARIABLE VALUE ...), from POS: what (forward-comment COUNT)
returns, and point after it; or for COUNT `sexp' what (scan-sexps POS
-1) returns, comments ignored."
  (with-temp-buffer
    (set-syntax-table (syntax2-tests--table entries))
    (setq-local parse-sexp-ignore-comments t)
    (while bindings
      (set (make-local-variable (pop bindings)) (pop bindings)))
    (insert text)
    (goto-char pos)
    (if (eq count 'sexp)
        (condition-case err (scan-sexps pos -1) (error err))
      (list (forward-comment count) (point)))))

(defconst syntax2-tests--braces '((?{ . "<") (?} . ">") (?' . "\""))
  "Pascal's { } comments, with ' strings.")

(defconst syntax2-tests--c
  '((?/ . ". 124b") (?* . ". 23") (?\n . "> b") (?\" . "\""))
  "C's /* */ and // comments, with \" strings.")

(ert-deftest syntax2-unclosed-string-before-comment ()
  ;; The quote before { is an unclosed string to a forward parse, so
  ;; { } is inside it; looking back from }, Emacs meets { before the
  ;; quote and takes it as the comment's start.
  (should (equal (syntax2-tests--back syntax2-tests--braces " '{*a}(" 7 -1) '(t 3)))
  (should (equal (syntax2-tests--back syntax2-tests--braces " '{*a}(" 7 -1
                                      'comment-use-syntax-ppss nil)
                 '(t 3)))
  ;; Quotes in pairs inside the comment change nothing.
  (should (equal (syntax2-tests--back syntax2-tests--braces "{ 'a' } b" 8 -1) '(t 1)))
  (should (equal (syntax2-tests--back syntax2-tests--braces "b { 'a' }" 10 'sexp) 1)))

(ert-deftest syntax2-odd-quote-parses-forward ()
  ;; An odd quote between the comment end and its starter makes Emacs
  ;; parse forward instead, from where syntax-ppss starts.
  (should (equal (syntax2-tests--back syntax2-tests--braces "{ a ' } b '" 8 -1) '(t 1)))
  (let ((text "x = \"a\n(b /* c\" */"))
    (should (equal (syntax2-tests--back syntax2-tests--c text 19 -1) '(nil 19)))
    (should (equal (syntax2-tests--back syntax2-tests--c text 19 'sexp) 5))
    ;; Without syntax-ppss the parse starts at an open paren in
    ;; column 0, here inside the string, and finds the comment.
    (should (equal (syntax2-tests--back syntax2-tests--c text 19 -1
                                        'comment-use-syntax-ppss nil)
                   '(t 11)))
    (should (equal (syntax2-tests--back syntax2-tests--c text 19 'sexp
                                        'comment-use-syntax-ppss nil)
                   9))
    (should (equal (syntax2-tests--back syntax2-tests--c text 19 -1
                                        'comment-use-syntax-ppss nil
                                        'open-paren-in-column-0-is-defun-start nil)
                   '(nil 19)))))

(ert-deftest syntax2-escaped-comment-end ()
  (let ((lisp '((?\; . "<") (?\n . ">") (?\\ . "\\"))))
    (should (equal (syntax2-tests--back lisp "a;\\\n;a" 5 -1) '(t 2)))
    ;; An escaped newline ends no comment: it is passed as whitespace,
    ;; and the escape stops the scan.
    (should (equal (syntax2-tests--back lisp "a;\\\n;a" 5 -1 'comment-end-can-be-escaped t)
                   '(nil 4)))))

(ert-deftest syntax2-overlapping-delimiters ()
  ;; -- both starts and ends a comment: a run of them is ambiguous
  ;; looking back, so Emacs parses forward.
  (let ((dashes '((?- . ". 1234") (?\n . ">"))))
    (should (equal (syntax2-tests--back dashes "a -- b ---- c --" 17 -1) '(t 10)))
    (should (equal (syntax2-tests--back dashes "a -- b ---- c --" 17 -2) '(t 3)))))

(ert-deftest syntax2-nested-and-fenced-comments ()
  (let ((nested '((?\( . "()1n") (?\) . ")(4n") (?* . ". 23n"))))
    (should (equal (syntax2-tests--back nested "x (* a (* b *) c *)" 20 -1) '(t 3)))
    (should (equal (syntax2-tests--back nested "x (* a (* b *) c *)" 20 'sexp) 1))
    (should (equal (syntax2-tests--back nested "x (* a *) c *)" 15 -1) '(nil 15))))
  (let ((fence '((?! . "!") (?\\ . "\\"))))
    (should (equal (syntax2-tests--back fence "a !b\\!c! d" 9 -1) '(t 3)))
    (should (equal (syntax2-tests--back fence "a !b\\!c! d" 8 -1) '(nil 8)))))

(ert-deftest syntax2-comment-styles ()
  ;; /* */ is style b here, # to a newline style c: an end of one style
  ;; has no starter of the other.
  (let ((styles '((?/ . ". 124") (?* . ". 23b") (?# . "< c") (?\n . ">"))))
    (should (equal (syntax2-tests--back styles "a # b */ c" 9 -1) '(nil 9)))
    (should (equal (syntax2-tests--back styles "a /* b # c\n" 12 -1) '(nil 11)))
    (should (equal (syntax2-tests--back styles "a /* b */ c\n" 10 -1) '(t 3)))))

(ert-deftest syntax2-remembered-parse-start ()
  ;; After one ambiguous comment end, Emacs parses from the place it
  ;; found for it again for a later one not far after, in text not
  ;; changed since.
  (with-temp-buffer
    (set-syntax-table (syntax2-tests--table '((?- . ". 1234") (?\n . ">") (?\" . "\""))))
    (insert "-\n --a------a --\"-")
    ;; For the ambiguous -- before 12 Emacs parses from 10, in no
    ;; comment, and again from there for the -- before 13, so it misses
    ;; the comment starting at 9.
    (should (equal (progn (goto-char 12) (list (forward-comment -1) (point))) '(nil 12)))
    (should (equal (progn (goto-char 13) (list (forward-comment -1) (point))) '(nil 13)))
    (goto-char (point-max))
    (insert " ")
    (should (equal (progn (goto-char 13) (list (forward-comment -1) (point))) '(t 9)))))

;;; syntax-table text properties

(ert-deftest syntax2-text-properties ()
  (with-temp-buffer
    (let ((table (make-syntax-table)))
      (modify-syntax-entry ?\; "<" table)
      (modify-syntax-entry ?\n ">" table)
      (set-syntax-table table))
    (insert "a \"b\" c (d) ; e\nf")
    (put-text-property 3 4 'syntax-table (string-to-syntax "."))
    ;; Ignored until parse-sexp-lookup-properties says otherwise.
    (should (equal (parse-partial-sexp 1 6) '(0 nil 3 nil nil nil 0 nil nil nil nil)))
    (setq-local parse-sexp-lookup-properties t)
    (setq-local parse-sexp-ignore-comments t)
    (should (equal (parse-partial-sexp 1 6) '(0 nil 4 34 nil nil 0 nil 5 nil nil)))
    (should (equal (scan-sexps 1 2) 5))
    (goto-char 1)
    (should (equal (skip-syntax-forward "w .") 4))
    ;; A word where the open paren was leaves its close unbalanced.
    (put-text-property 9 10 'syntax-table (string-to-syntax "w"))
    (should (equal (condition-case err (scan-lists 1 1 0) (error err))
                   '(scan-error "Unbalanced parentheses" 5 18)))
    ;; A syntax table as the value: the character is looked up in it.
    (let ((other (make-syntax-table)))
      (modify-syntax-entry ?c "\"" other)
      (put-text-property 7 8 'syntax-table other))
    (should (equal (parse-partial-sexp 1 12) '(0 nil 4 34 nil nil 0 nil 5 nil nil)))
    ;; The comment starter made punctuation: no comment before the newline.
    (put-text-property 14 15 'syntax-table '(1))
    (goto-char 18)
    (should (equal (list (forward-comment -1) (point)) '(nil 18)))))

(ert-deftest syntax2-property-comment-end-passed ()
  ;; A comment end made so by a property that ends no comment: when
  ;; Emacs had to parse forward to know, it looks at the character
  ;; before it with the syntax of the text before, and so goes one
  ;; further than the character itself.
  (with-temp-buffer
    (set-syntax-table (syntax2-tests--table syntax2-tests--c))
    (setq-local parse-sexp-lookup-properties t)
    (insert "   {\\'* {\"/*/}\n\\ *\\\n")
    (put-text-property 17 18 'syntax-table '(12))
    (goto-char 18)
    (should (equal (list (forward-comment -1) (point)) '(nil 19)))
    ;; Without the property, the space is escaped: no whitespace.
    (remove-text-properties 17 18 '(syntax-table nil))
    (goto-char 18)
    (should (equal (list (forward-comment -1) (point)) '(nil 18)))))

(ert-deftest syntax2-symbol-cut-by-comment ()
  ;; A symbol a comment starter cuts short is not the last sexp.
  (with-temp-buffer
    (set-syntax-table (syntax2-tests--table '((?/ . ". 124") (?* . ". 23b"))))
    (insert "(a \\//x")
    (should (equal (parse-partial-sexp 1 8) '(1 1 2 nil t nil 0 nil 5 (1) nil)))
    (erase-buffer)
    (insert "(a b//x")
    (should (equal (parse-partial-sexp 1 8) '(1 1 4 nil t nil 0 nil 5 (1) nil)))))

;;; syntax-propertize

(ert-deftest syntax2-propertize-rules ()
  (with-temp-buffer
    (insert "a 'x' b \"q\" c\nd 'y z' e\n")
    (setq-local syntax-propertize-function
                (syntax-propertize-rules
                 ("\\('\\)[^'\n]*\\('\\)" (1 "\"") (2 "\""))
                 ("\\(z\\)" (1 (if (> (point) 20) "_" "w")))
                 ((concat "\\(" "e" "\\)") (0 ". 1"))))
    (should (equal syntax-propertize--done -1))
    (should (equal (syntax-ppss 4) '(0 nil 1 39 nil nil 0 nil 3 nil nil)))
    (should (equal syntax-propertize--done 25))
    (should (eq parse-sexp-lookup-properties t))
    (should (equal (get-text-property 3 'syntax-table) '(7)))
    (should (equal (get-text-property 21 'syntax-table) '(7)))
    (should-not (get-text-property 24 'syntax-table))
    (should (equal (parse-partial-sexp 1 20) '(0 nil 15 39 nil nil 0 nil 17 nil nil)))
    (should (equal (scan-sexps 1 2) 6))
    ;; A change forgets the properties from there on.
    (goto-char 3)
    (insert "k")
    (should (equal syntax-propertize--done 3))
    (should (equal (syntax-ppss 5) '(0 nil 3 39 nil nil 0 nil 4 nil nil)))
    (should (equal (get-text-property 4 'syntax-table) '(7)))))

(ert-deftest syntax2-propertize-from-scans ()
  ;; A scan looking up properties has them set first.
  (with-temp-buffer
    (insert "foo 'bar' baz")
    (setq-local syntax-propertize-function
                (syntax-propertize-rules ("'\\([^']*\\)'" (1 "_"))))
    (setq-local parse-sexp-lookup-properties t)
    (should (equal (scan-sexps 5 1) 9))
    (should (equal syntax-propertize--done 14))
    (should (equal (get-text-property 6 'syntax-table) '(3))))
  ;; An error setting them is muted; the text counts as done.
  (with-temp-buffer
    (insert "foo 'bar' baz")
    (setq-local syntax-propertize-function (lambda (_start _end) (error "Boom")))
    (setq-local parse-sexp-lookup-properties t)
    (should (equal (scan-sexps 5 1) 9))
    (should (equal syntax-propertize--done 14))))

(ert-deftest syntax2-shift-groups-and-backrefs ()
  (should (equal (syntax-propertize--shift-groups-and-backrefs "\\(?3:x\\)\\(y\\)\\2" 4)
                 "\\(?7:x\\)\\(y\\)\\6"))
  ;; Not in a bracket expression, nor in a repetition count.
  (should (equal (syntax-propertize--shift-groups-and-backrefs "\\(a\\)[\\2]x\\{2,\\3\\}" 1)
                 "\\(a\\)[\\2]x\\{2,\\3\\}"))
  (should (equal (syntax-propertize--shift-groups-and-backrefs "[]\\1[:alpha:]]\\1" 2)
                 "[]\\1[:alpha:]]\\3"))
  (should-error (syntax-propertize--shift-groups-and-backrefs "\\(a\\)\\5" 5)))

;;; syntax2-tests.el ends here
