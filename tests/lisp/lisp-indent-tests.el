;;; lisp-indent-tests.el --- indenting Lisp code  -*- lexical-binding: t -*-

;; The expected texts were produced by GNU Emacs 28 (`indent-region' in
;; Emacs Lisp mode); the file passes there too.

(require 'ert)

(defun lisp-mode-tests--indented (text)
  "TEXT after `indent-region' over all of it in Emacs Lisp mode."
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert text)
    (let ((inhibit-message t))
      (indent-region (point-min) (point-max)))
    (buffer-string)))

(ert-deftest lisp-indent-region-calls ()
  (should (equal (lisp-mode-tests--indented
                  "(foo a
b
c)
(foo
a
b)
(foo (bar
x)
y)
((a b)
c)
(1 2
3)
(\"a\"
b)
[a b
c]
'(a b
c)
'(
a b)
`(a ,b
c)
#'(lambda (x)
x)
(  foo
bar)
(funcall f
x)
(foo a b
      c
d)
(a b (c
d) e
f)
")
                 "(foo a
     b
     c)
(foo
 a
 b)
(foo (bar
      x)
     y)
((a b)
 c)
(1 2
   3)
(\"a\"
 b)
[a b
   c]
'(a b
    c)
'(
  a b)
`(a ,b
    c)
#'(lambda (x)
    x)
(  foo
   bar)
(funcall f
	 x)
(foo a b
     c
     d)
(a b (c
      d) e
      f)
")))

(ert-deftest lisp-indent-region-special-forms ()
  (should (equal (lisp-mode-tests--indented
                  "(let ((a 1)
(b 2))
a
b)
(let*
((a 1))
a)
(if a
b
c
d)
(if a b
c)
(if a b c
d)
(if a
b c
d)
(progn
a
b)
(progn a
b)
(when a b
c)
(cond (a
b)
(c d))
(unwind-protect a
b
c)
(condition-case e
a
(error b))
(condition-case
e
a
b)
")
                 "(let ((a 1)
      (b 2))
  a
  b)
(let*
    ((a 1))
  a)
(if a
    b
  c
  d)
(if a b
  c)
(if a b c
    d)
(if a
    b c
    d)
(progn
  a
  b)
(progn a
       b)
(when a b
      c)
(cond (a
       b)
      (c d))
(unwind-protect a
  b
  c)
(condition-case e
    a
  (error b))
(condition-case
    e
    a
  b)
")))

(ert-deftest lisp-indent-region-definitions ()
  (should (equal (lisp-mode-tests--indented
                  "(defvar x
1
\"doc\")
(defun f (a
b)
c)
(defun
foo ()
x)
(defun foo
()
x)
(defmacro m ()
b)
(def-foo x
y)
(defface x
nil
\"doc\")
(with-temp-buffer
x)
(with-foo
x)
(cl-defstruct a
b)
(ert-deftest x ()
y)
(pcase x
(a b))
(dotimes (i 3)
x)
")
                 "(defvar x
  1
  \"doc\")
(defun f (a
	  b)
  c)
(defun
    foo ()
  x)
(defun foo
    ()
  x)
(defmacro m ()
  b)
(def-foo x
  y)
(defface x
  nil
  \"doc\")
(with-temp-buffer
  x)
(with-foo
 x)
(cl-defstruct a
  b)
(ert-deftest x ()
  y)
(pcase x
  (a b))
(dotimes (i 3)
  x)
")))

(ert-deftest lisp-indent-region-comments-strings ()
  (should (equal (lisp-mode-tests--indented
                  "(foo a ; c
b)
;;; top
  ;; two
(foo
;; two
; one
;;; three
x)
(a \"str
in
  string\" b
c)
(foo
   ;;; x
)
(foo ; a
 ; b
c)
(foo


bar)
")
                 "(foo a ; c
     b)
;;; top
;; two
(foo
 ;; two
					; one
;;; three
 x)
(a \"str
in
  string\" b
  c)
(foo
   ;;; x
 )
(foo ; a
					; b
 c)
(foo


 bar)
")))

(ert-deftest lisp-indent-region-data-heads ()
  (should (equal (lisp-mode-tests--indented
                  "'('(catch) \"str\"
#'(let*
x))
`(\"a b\" 99
x \"a b\")
((and
'b c
a) x
(67))
('([b
zzz] \"a b\"
\"s\") :foo t
:k2)
((and b) x
   y
(67))
")
                 "'('(catch) \"str\"
  #'(let*
	x))
`(\"a b\" 99
  x \"a b\")
((and
  'b c
  a) x
  (67))
('([b
    zzz] \"a b\"
    \"s\") :foo t
    :k2)
((and b) x
 y
 (67))
")))

(ert-deftest lisp-indent-region-keywords-and-cache ()
  (should (equal (lisp-mode-tests--indented
                  "(:key a
:k2 b)
(foo
:key a
:k2 b)
(foo bar :a 1
:b 2)
(foo (bar baz
qux) (zot
a)
b)
(a
 b
  c)
(x
\"s\" a
b)
")
                 "(:key a
      :k2 b)
(foo
 :key a
 :k2 b)
(foo bar :a 1
     :b 2)
(foo (bar baz
	  qux) (zot
	  a)
	  b)
(a
 b
 c)
(x
 \"s\" a
 b)
")))

(ert-deftest lisp-indent-line-and-point ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "(foo (bar baz\n\t  qux) (zot\na)\nb)\n")
    (goto-char (point-min))
    (forward-line 2)
    ;; Line by line there is no reuse of columns: A goes under ZOT.
    (should (= (calculate-lisp-indent) 16))
    (lisp-indent-line)
    (should (= (current-indentation) 16))
    (should (= (point) (save-excursion (back-to-indentation) (point))))
    (should (looking-at-p "a)")))
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "(when a\n        b)")
    (goto-char (point-max))
    (backward-char 2)
    (lisp-indent-line)
    (should (equal (buffer-string) "(when a\n  b)"))
    (should (looking-at-p "b)")))
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "(a \"x\ny\")")
    (goto-char (point-max))
    (should (null (calculate-lisp-indent)))))

(ert-deftest lisp-indent-sexp-and-settings ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "(let ((x 1))\nx\n(when x\ny))\n(foo\nbar)")
    (goto-char (point-min))
    (indent-sexp)
    (should (equal (buffer-string) "(let ((x 1))\n  x\n  (when x\n    y))\n(foo\nbar)")))
  (with-temp-buffer
    (emacs-lisp-mode)
    (should (eq indent-line-function 'lisp-indent-line))
    (should (eq indent-region-function 'lisp-indent-region))
    (should (= comment-column 40))
    (should (equal comment-start ";")))
  (should (= (function-get 'when 'lisp-indent-function) 1))
  (should (eq (function-get 'lambda 'lisp-indent-function) 'defun))
  (should (= (function-get 'progn 'lisp-indent-function) 0)))

(ert-deftest lisp-indent-messages-under-inhibit-message ()
  ;; Both show nothing while `inhibit-message' is set.
  (let ((inhibit-message t))
    (should (equal (message "hidden %d" 1) "hidden 1"))))

;; Lisp mode fills comments and strings, and leaves code alone.
(defun lisp-mode-tests--filled (text pos column)
  (with-temp-buffer
    (emacs-lisp-mode)
    (setq fill-column column)
    (insert text)
    (goto-char pos)
    (list (fill-paragraph) (buffer-string) (point))))

(ert-deftest lisp-fill-paragraph-comments-strings-code ()
  (should (equal (lisp-mode-tests--filled
                  ";; aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm\n(foo)\n" 5 30)
                 '(";; " ";; aaa bbb ccc ddd eee fff ggg\n;; hhh iii jjj kkk lll mmm\n(foo)\n" 5)))
  (should (equal (lisp-mode-tests--filled
                  "(foo bar) ; aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 15 30)
                 '("\t  ; " "(foo bar) ; aaa bbb ccc ddd\n\t  ; eee fff ggg hhh\n\t  ; iii jjj kkk\n" 15)))
  ;; A docstring is filled at `emacs-lisp-docstring-fill-column' (65),
  ;; counted from after its quote on the first line.
  (should (equal (lisp-mode-tests--filled
                  "(defun f ()\n  \"aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp qqq rrr sss ttt uuu vvv www.\"\n  x)\n" 20 70)
                 '("" "(defun f ()\n  \"aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm nnn ooo ppp\nqqq rrr sss ttt uuu vvv www.\"\n  x)\n" 20)))
  (should (equal (lisp-mode-tests--filled
                  "(foo bar baz qux quux corge grault garply waldo fred plugh)\n" 3 20)
                 '("" "(foo bar baz qux quux corge grault garply waldo fred plugh)\n" 3))))

(ert-deftest lisp-indent-sexp-reuses-columns-and-places-comments ()
  (dolist (case '(("(f (a\nb) (c\nd))" "(f (a\n    b) (c\n    d))")
                  ("(foo ; x\n bar ; y\n;; z\n  ; w\n baz)"
                   "(foo                                    ; x\n bar                                    ; y\n ;; z\n                                        ; w\n baz)")))
    (with-temp-buffer
      (emacs-lisp-mode)
      (setq indent-tabs-mode nil)
      (insert (car case))
      (goto-char (point-min))
      (indent-sexp)
      (should (equal (buffer-string) (cadr case)))))
  (should (featurep 'lisp-mode)))

(ert-deftest lisp-indent-region-after-strings-and-closing-parens ()
  ;; A line lines up with the first sexp on the line of the list's last
  ;; element, past the parens that close earlier lists there.
  (should (equal (lisp-mode-tests--indented "((x(((\n))(y(z))\n)w)")
                 "((x(((\n      ))(y(z))\n\t)w)"))
  (should (equal (lisp-mode-tests--indented
                  "((\"\"(((\n))(\"\"(\"\"))\n)\"\")((((\"\"))()))(((()\"\"())\"\")()))")
                 "((\"\"(((\n       ))(\"\"(\"\"))\n\t )\"\")((((\"\"))()))(((()\"\"())\"\")()))"))
  (should (equal (lisp-mode-tests--indented "(a (b\nc)) (d\ne)\nf)")
                 "(a (b\n    c)) (d\n\t e)\nf)"))
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "((x(((\n))(y(z))\n)w)")
    (goto-char (point-min))
    (forward-line 2)
    (should (= (calculate-lisp-indent) 2)))
  ;; A line starting inside a string does not count in the columns kept
  ;; per depth: the next line compares with the line before the string.
  (should (equal (lisp-mode-tests--indented
                  "((foo \"s\"\n`(a ,b)) \"multi\nline\" (?\\( \"\\\"q\"\n;; cc\n'q\nif) 1)")
                 "((foo \"s\"\n      `(a ,b)) \"multi\nline\" (?\\( \"\\\"q\"\n      ;; cc\n      'q\n      if) 1)"))
  (should (equal (lisp-mode-tests--indented "(defun f ()\n(let ((x \"a\nb\"))\n(g x\ny)))")
                 "(defun f ()\n  (let ((x \"a\nb\"))\n    (g x\n       y)))"))
  (should (equal (lisp-mode-tests--indented
                  "(a (b \"x\n  b\n\" (\"multi\nline\" 1\n?\\(\nprogn))\nbar)\n")
                 "(a (b \"x\n  b\n\" (\"multi\nline\" 1\n?\\(\nprogn))\n   bar)\n")))

;; Emacs 28: `indent-sexp' at #s(...) indents the whole record, though
;; `forward-sexp' stops after the #s.
(ert-deftest lisp-indent-sexp-after-hash-s ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "#s(foo\nbar)\n")
    (goto-char (point-min))
    (indent-sexp)
    (should (equal (buffer-string) "#s(foo\n   bar)\n")))
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert "(a\nb) (c\nd)")
    (goto-char (point-min))
    (indent-sexp)
    ;; The line the expression ends on ends inside another: on to its end.
    (should (equal (buffer-string) "(a\n b) (c\n d)"))))

;;; lisp-indent-tests.el ends here
