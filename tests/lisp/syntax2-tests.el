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

;;; syntax2-tests.el ends here
