;;; newcomment-tests.el --- the comment commands  -*- lexical-binding: t -*-

;; Each expectation was read off GNU Emacs 28; the file passes there too.

(require 'ert)

(defun newcomment-tests--hash () (setq-local comment-start "# "))
(defun newcomment-tests--c () (setq-local comment-start "/* " comment-end " */"))

(defmacro newcomment-tests--in (mode text &rest body)
  "Run BODY in a buffer in MODE (a function) holding TEXT, point at its start."
  (declare (indent 2))
  `(with-temp-buffer
     (funcall ,mode)
     (insert ,text)
     (goto-char (point-min))
     ,@body))

(defun newcomment-tests--region (mode text style &optional arg)
  "TEXT commented whole by `comment-region' in MODE with STYLE and ARG."
  (newcomment-tests--in mode text
    (let ((comment-style style))
      (comment-region (point-min) (point-max) arg))
    (buffer-string)))

(defun newcomment-tests--indent (mode text pos)
  "TEXT and point after `comment-indent' from POS, in MODE."
  (newcomment-tests--in mode text
    (goto-char pos)
    (comment-indent)
    (list (buffer-string) (point))))

(ert-deftest newcomment-normalize-vars-makes-regexps ()
  (newcomment-tests--in #'newcomment-tests--hash ""
    (comment-normalize-vars)
    (should (equal comment-start-skip
                   "\\(\\(^\\|[^\\\n]\\)\\(\\\\\\\\\\)*\\)\\(?:\\s<+\\|#+\\)[ \t]*"))
    (should (equal comment-end-skip "[ \t]*\\(\\s>\\|\n\\)"))
    (should (eq comment-use-syntax nil))
    (should (eq comment-continue nil)))
  (newcomment-tests--in #'newcomment-tests--c ""
    (comment-normalize-vars)
    (should (equal comment-end-skip "[ \t]*\\(\\s>\\|\\*+/\\)"))
    (should (equal comment-continue " * ")))
  (with-temp-buffer
    (setq-local comment-start "#" comment-padding 3)
    (comment-normalize-vars)
    (should (equal comment-padding "   ")))
  (with-temp-buffer
    (should-not (comment-normalize-vars t))))

(ert-deftest newcomment-lisp-modes-set-comment-variables ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (should (equal (list comment-start comment-start-skip comment-add
                         comment-use-syntax comment-column comment-indent-function)
                   '(";" ";+ *" 1 t 40 lisp-comment-indent)))))

(ert-deftest newcomment-padright-and-padleft ()
  (newcomment-tests--in #'newcomment-tests--hash ""
    (comment-normalize-vars)
    (should (equal (comment-padright ";" 1) ";; "))
    (should (equal (comment-padright "/* " 2) "/*** "))
    (should (equal (comment-padright "/* " 're) "/\\*+ ?"))
    (should (equal (comment-padright "  ;  " 're) " ? ?;+ ? ?"))
    (should (equal (comment-padright "") nil))
    (should (equal (comment-padleft " */" 1) " **/"))
    (should (equal (comment-padleft ";") " ;"))
    (should (equal (comment-padleft "<!-- " 2) " <<<!-- "))
    (should (equal (comment-padleft " *) " 're) "\\s-*\\**\\*) "))
    (should (equal (comment-padleft "") nil))
    (should (equal (should-error (comment-padleft " ")) '(args-out-of-range " " 1)))
    (let ((comment-padding "-"))
      (should (equal (comment-padright "# ") "# -"))
      (should (equal (comment-padright "# " 're) "#+ ?-?")))
    (let ((comment-padding "  "))
      (should (equal (comment-padright "# ") "#  ")))))

(ert-deftest newcomment-string-strip ()
  (should (equal (comment-string-strip " \n a\t\n" t t) "a"))
  (should (equal (comment-string-strip " */" t nil) "*/"))
  (should (equal (comment-string-strip " */ " nil t) " */")))

(ert-deftest newcomment-indent-puts-comments-at-comment-column ()
  (let ((indent-tabs-mode t))
    (should (equal (newcomment-tests--indent #'emacs-lisp-mode "(foo)" 3)
                   '("(foo)\t\t\t\t\t;" 12)))
    (should (equal (newcomment-tests--indent #'emacs-lisp-mode "(foo) ; c" 10)
                   '("(foo)\t\t\t\t\t; c" 13)))
    ;; Two semicolons at the start of a line follow the code's indentation.
    (should (equal (newcomment-tests--indent #'emacs-lisp-mode "  ;; c" 3) '(";; c" 4)))
    ;; Three stay where they are.
    (should (equal (newcomment-tests--indent #'emacs-lisp-mode "(foo) ;;; c" 1)
                   '("(foo) ;;; c" 11)))
    ;; A comment on the line above is lined up with.
    (should (equal (newcomment-tests--indent #'emacs-lisp-mode "(a)      ; x\n(b)" 15)
                   '("(a)      ; x\n(b)\t ;" 20)))
    ;; Code past the comment column keeps a space before the comment.
    (should (equal (newcomment-tests--indent
                    #'emacs-lisp-mode
                    "a very long line of code that goes beyond the comment column ok" 1)
                   '("a very long line of code that goes beyond the comment column ok ;" 66)))
    (should (equal (newcomment-tests--indent #'newcomment-tests--hash "(foo) # x" 3)
                   '("(foo)\t\t\t\t# x" 12)))
    (should (equal (newcomment-tests--indent #'newcomment-tests--hash "   " 3) '("# " 3)))
    (should (equal (newcomment-tests--indent #'newcomment-tests--c "(foo)" 3)
                   '("(foo)\t\t\t\t/*  */" 13)))
    (should (equal (newcomment-tests--indent #'newcomment-tests--c "x /* y */" 3)
                   '("x\t\t\t\t/* y */" 9)))))

(ert-deftest newcomment-region-styles-in-lisp ()
  (let ((indent-tabs-mode t)
        (text "  (foo\n\n    bar)\n  x"))
    (should (equal (newcomment-tests--region #'emacs-lisp-mode text 'indent)
                   "  ;; (foo\n\n  ;;   bar)\n  ;; x"))
    (should (equal (newcomment-tests--region #'emacs-lisp-mode text 'plain)
                   ";;   (foo\n\n;;     bar)\n;;   x"))
    (should (equal (newcomment-tests--region #'emacs-lisp-mode text 'aligned)
                   "  ;; (foo   ;;\n  ;; \t    ;;\n  ;;   bar) ;;\n  ;; x\t    ;;"))
    (should (equal (newcomment-tests--region #'emacs-lisp-mode text 'box)
                   "  ;;;;;;;;;;;;\n  ;; (foo   ;;\n  ;; \t    ;;\n  ;;   bar) ;;\n  ;; x\t    ;;\n  ;;;;;;;;;;;;"))
    (should (equal (newcomment-tests--region #'emacs-lisp-mode text 'indent 1)
                   "  ; (foo\n\n  ;   bar)\n  ; x"))))

(ert-deftest newcomment-region-styles-with-comment-end ()
  (let ((indent-tabs-mode t)
        (text "  (foo\n\n    bar)\n  x"))
    (should (equal (newcomment-tests--region #'newcomment-tests--c text 'indent)
                   "  /* (foo */\n\n  /*   bar) */\n  /* x */"))
    (should (equal (newcomment-tests--region #'newcomment-tests--c text 'multi-line)
                   "  /* (foo\n   * \n   *   bar)\n   * x */"))
    (should (equal (newcomment-tests--region #'newcomment-tests--c text 'extra-line)
                   "  /*\n   * (foo\n   * \n   *   bar)\n   * x\n   */"))
    (should (equal (newcomment-tests--region #'newcomment-tests--c text 'box)
                   "  /**********/\n  /* (foo   */\n  /* \t    */\n  /*   bar) */\n  /* x\t    */\n  /**********/"))
    (should (equal (newcomment-tests--region #'newcomment-tests--c text 'box-multi)
                   "  /**********\n   * (foo   *\n   * \t    *\n   *   bar) *\n   * x\t    *\n   **********/"))
    (should (equal (newcomment-tests--region #'newcomment-tests--hash text 'aligned)
                   "  # (foo   #\n  # \t   #\n  #   bar) #\n  # x\t   #"))
    ;; Nested comment markers are quoted.
    (should (equal (newcomment-tests--region #'newcomment-tests--c "a /* b */ c" 'indent)
                   "/* a /\\* b *\\/ c */"))))

(ert-deftest newcomment-region-edge-cases ()
  (should (equal (should-error (newcomment-tests--region #'emacs-lisp-mode "  \n\n" 'indent))
                 '(error "Nothing to comment")))
  (should (equal (should-error (newcomment-tests--region #'emacs-lisp-mode "x" 'indent 0))
                 '(wrong-type-argument wholenump -1)))
  ;; A tab before the indentation column stays whole.
  (should (equal (newcomment-tests--region #'newcomment-tests--hash "\tfoo\n  bar" 'indent)
                 "  # \tfoo\n  # bar"))
  ;; A region ending inside a line breaks it there.
  (newcomment-tests--in #'newcomment-tests--hash "foo bar\nbaz"
    (comment-region 1 5)
    (should (equal (buffer-string) "# foo \nbar\nbaz"))))

(ert-deftest newcomment-uncomment-region ()
  (newcomment-tests--in #'emacs-lisp-mode "  ;; (foo\n\n  ;;   bar)\n  ;; x"
    (uncomment-region (point-min) (point-max))
    (should (equal (buffer-string) "  (foo\n\n    bar)\n  x")))
  (newcomment-tests--in #'emacs-lisp-mode ";;;; (foo\n ;  bar)\n;x"
    (uncomment-region (point-min) (point-max) 1)
    (should (equal (buffer-string) ";;; (foo\n  bar)\nx")))
  (newcomment-tests--in #'emacs-lisp-mode ";;;; (foo\n;;; bar\n"
    ;; A negative ARG to `comment-region' uncomments that many characters.
    (comment-region (point-min) (point-max) -2)
    (should (equal (buffer-string) ";; (foo\n; bar\n"))
    ;; More than a comment has is an error.
    (should (equal (should-error (comment-region (point-min) (point-max) -2))
                   '(beginning-of-buffer))))
  (newcomment-tests--in #'newcomment-tests--c "/* a /\\* b *\\/ c */"
    (uncomment-region (point-min) (point-max))
    (should (equal (buffer-string) "a /* b */ c")))
  (newcomment-tests--in #'newcomment-tests--hash "# foo\n## bar\n"
    (uncomment-region (point-min) (point-max))
    (should (equal (buffer-string) "foo\nbar\n")))
  ;; Emacs does not find the end of a regexp-recognized comment that
  ;; does not start its line.
  (newcomment-tests--in #'newcomment-tests--hash "x # foo\n"
    (should-error (uncomment-region (point-min) (point-max)))
    (should (equal (buffer-string) "x # foo\n"))))

(ert-deftest newcomment-or-uncomment-region ()
  (newcomment-tests--in #'emacs-lisp-mode ";; a\n  ;; b\n"
    (comment-or-uncomment-region (point-min) (point-max))
    (should (equal (buffer-string) "a\n  b\n"))
    (comment-or-uncomment-region (point-min) (point-max))
    (should (equal (buffer-string) ";; a\n;;   b\n"))))

(ert-deftest newcomment-dwim ()
  (let ((indent-tabs-mode t))
    (newcomment-tests--in #'emacs-lisp-mode "(foo)"
      (comment-dwim nil)
      (should (equal (list (buffer-string) (point)) '("(foo)\t\t\t\t\t;" 12))))
    (newcomment-tests--in #'emacs-lisp-mode "  (a\n   \n b)"
      (goto-char 7)
      (comment-dwim nil)
      (should (equal (list (buffer-string) (point)) '("  (a\n   ;; \n b)" 12))))
    (newcomment-tests--in #'newcomment-tests--c "  (a\n\n b)"
      (goto-char 6)
      (comment-dwim nil)
      (should (equal (list (buffer-string) (point)) '("  (a\n  /*  */\n b)" 11))))
    (newcomment-tests--in #'emacs-lisp-mode "(a) ; x"
      (comment-dwim 2)
      (should (equal (list (buffer-string) (point)) '("(a)" 4))))
    (newcomment-tests--in #'emacs-lisp-mode "(foo)\n(bar)\n"
      (transient-mark-mode 1)
      (set-mark (point-max))
      (activate-mark)
      (comment-dwim nil)
      (should (equal (buffer-string) ";; (foo)\n;; (bar)\n")))))

(ert-deftest newcomment-line ()
  (newcomment-tests--in #'emacs-lisp-mode ";;; head\n(let ((x 1))\n; comment\n    (y))\n"
    (goto-char 17)
    (comment-line 2)
    (should (equal (buffer-string)
                   ";;; head\n;; (let ((x 1))\n;; ; comment\n    (y))\n"))
    (should (equal (point) 43))))

(ert-deftest newcomment-kill ()
  (newcomment-tests--in #'emacs-lisp-mode "(a) ; x\n(b) ; y\n(c)"
    (comment-kill 2)
    (should (equal (buffer-string) "(a)\n(b)\n(c)"))
    (should (equal (car kill-ring) " ; y"))))

(ert-deftest newcomment-search-and-beginning ()
  (newcomment-tests--in #'emacs-lisp-mode "(foo \"; no\") ;; yes"
    (comment-normalize-vars)
    (should (equal (comment-search-forward (point-max)) 14))
    (should (equal (point) 17))
    (goto-char (point-max))
    (should (equal (comment-beginning) 14))
    (goto-char 3)
    (should-not (comment-beginning))
    (goto-char (point-max))
    (should (equal (comment-search-backward) 14))
    (should (equal (point) 17))
    (should (comment-only-p 14 (point-max)))
    (should-not (comment-only-p 1 (point-max)))))

(ert-deftest newcomment-indent-new-line ()
  (let ((cases
         `((emacs-lisp-mode "(foo) ; a comment here" 17 "(foo) ; a commen\n      ; t here" 26)
           (emacs-lisp-mode "  ;; a comment here" 12 "  ;; a comm\n  ;; ent here" 18)
           (emacs-lisp-mode "  (foo bar)" 7 "  (foo\n   bar)" 11)
           ;; Blanks at point go, and with them the starter's padding.
           (emacs-lisp-mode "; comment\n  ;; ind\n" 16 "; comment\n  ;;\n  ;;ind\n" 20)
           ;; Found by regexp, a comment after code is not continued.
           (newcomment-tests--hash "x # a comment here" 10 "x # a com\nment here" 11)
           (newcomment-tests--c "  /* a comment here" 12 "  /* a comm\n  ent here" 15))))
    (dolist (c cases)
      (newcomment-tests--in (car c) (nth 1 c)
        (goto-char (nth 2 c))
        (comment-indent-new-line)
        (should (equal (list (buffer-string) (point)) (nthcdr 3 c)))))))

(ert-deftest newcomment-box-and-set-column ()
  (newcomment-tests--in #'newcomment-tests--hash "(a)\n(b)\n"
    (comment-box 1 8 2)
    (should (equal (buffer-string) "#########\n## (a) ##\n## (b) ##\n#########\n")))
  (newcomment-tests--in #'emacs-lisp-mode "(a)\n(b)\n"
    ;; Without ARG, Emacs adds `comment-add' to nil.
    (should (equal (should-error (comment-box 1 8))
                   '(wrong-type-argument number-or-marker-p nil))))
  (newcomment-tests--in #'emacs-lisp-mode "(a)  ; x\n(b)"
    (goto-char 12)
    (comment-set-column t)
    (should (equal comment-column 5))
    (should (equal (list (buffer-string) (point)) '("(a)  ; x\n(b)  ;" 16))))
  (newcomment-tests--in #'emacs-lisp-mode "(a)  ; x\n(b) ; y"
    (goto-char 12)
    (comment-set-column '-)
    (should (equal (buffer-string) "(a)  ; x\n(b)"))))

(ert-deftest newcomment-fill-paragraph-fills-comments ()
  (let ((cases
         '((emacs-lisp-mode
            ";; aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm\n;; nnn\n(foo)" 5
            ";; aaa bbb ccc ddd eee fff ggg\n;; hhh iii jjj kkk lll mmm nnn\n(foo)" 5)
           (emacs-lisp-mode
            "(foo) ; aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm\n" 10
            "(foo) ; aaa bbb ccc ddd eee\n      ; fff ggg hhh iii jjj\n      ; kkk lll mmm\n" 10)
           ;; An empty comment line ends the paragraph.
           (emacs-lisp-mode
            "(foo)\n  ;; aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll mmm\n  ;; nnn ooo\n  ;;\n  ;; ppp\n" 12
            "(foo)\n  ;; aaa bbb ccc ddd eee fff\n  ;; ggg hhh iii jjj kkk lll\n  ;; mmm nnn ooo\n  ;;\n  ;; ppp\n" 12)
           ;; So does another starter.
           (emacs-lisp-mode "(foo)\n  ;; aaa bbb\n  ;; ccc ddd\n;;; eee\n" 30
                            "(foo)\n  ;; aaa bbb ccc ddd\n;;; eee\n" 25))))
    (dolist (c cases)
      (newcomment-tests--in (car c) (nth 1 c)
        (setq fill-column 30)
        (goto-char (nth 2 c))
        (fill-paragraph)
        (should (equal (list (buffer-string) (point)) (nthcdr 3 c)))))))

;;;; Boxes around text with tabs

(defun newcomment-tests--boxed (text style tabs &optional width beg end arg)
  "TEXT commented with STYLE, `indent-tabs-mode' TABS and `tab-width' WIDTH
\(default 8), from BEG to END (default the whole text), ARG as given."
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert text)
    (setq indent-tabs-mode tabs tab-width (or width 8))
    (let ((comment-style style))
      (comment-region (or beg 1) (or end (point-max)) arg))
    (buffer-string)))

(ert-deftest newcomment-box-with-tabs ()
  (should (equal (list (newcomment-tests--boxed "a\tb" 'box nil)
                       (newcomment-tests--boxed "a\tb" 'box t)
                       (newcomment-tests--boxed "abcdefg\th" 'box nil)
                       (newcomment-tests--boxed "x\ny\tz" 'box t))
                 '(";;;;;;;;;;;;;;;;;;;;;;\n;; a\tb           ;;\n;;;;;;;;;;;;;;;;;;;;;;"
                   ";;;;;;;;;;;;;;;;;;;;;;\n;; a\tb\t    ;;\n;;;;;;;;;;;;;;;;;;;;;;"
                   ";;;;;;;;;;;;;;;;;;;;;;\n;; abcdefg\th   ;;\n;;;;;;;;;;;;;;;;;;;;;;"
                   ";;;;;;;;;;;;;;;;;;;;;;\n;; x\t\t    ;;\n;; y\tz\t    ;;\n;;;;;;;;;;;;;;;;;;;;;;")))
  ;; Indented by tabs: the top goes after the first line's tab.
  (should (equal (list (newcomment-tests--boxed "\tfoo" 'box nil)
                       (newcomment-tests--boxed "\tfoo\n\tbar\tbaz" 'box nil)
                       (newcomment-tests--boxed "\tfoo\n\tbar\tbaz" 'box t)
                       (newcomment-tests--boxed "  foo\tbar\n  x" 'box-multi nil))
                 '("     ;;;;;;;;;;;;;;;;;;;\n     ;;    foo        ;;\n     ;;;;;;;;;;;;;;;;;;;"
                   "\t;;;;;;;;;;;;;;;;;;;;;;;;\n        ;; foo                ;;\n\t;; bar\tbaz           ;;\n        ;;;;;;;;;;;;;;;;;;;;;;;;"
                   "\t;;;;;;;;;;;;;;;;;;;;;;;;\n\t;; foo\t\t      ;;\n\t;; bar\tbaz\t      ;;\n\t;;;;;;;;;;;;;;;;;;;;;;;;"
                   "  ;;;;;;;;;;;;;;;;;;;;;;\n  ;; foo\tbar   ;;\n  ;; x                ;;\n  ;;;;;;;;;;;;;;;;;;;;;;")))
  ;; Other tab widths.
  (should (equal (list (newcomment-tests--boxed "a\tb\nabcdefghijkl" 'box nil 4 nil nil 3)
                       (newcomment-tests--boxed "  \ta" 'box nil 4 nil nil 3)
                       (newcomment-tests--boxed "\ta\n\tb" 'box nil 8 nil nil 3))
                 '(";;;;;;;;;;;;;;;;;;;;;;;\n;;; a\tb           ;;;\n;;; abcdefghijkl    ;;;\n;;;;;;;;;;;;;;;;;;;;;;;"
                   "  \t;;;;;;;;;;;;\n    ;;; a    ;;;\n    ;;;;;;;;;;;;"
                   "      ;;;;;;;;;;;;;;;;;;\n      ;;;   a        ;;;\n      ;;;   b        ;;;\n      ;;;;;;;;;;;;;;;;;;")))
  ;; Blanks after the region's end on its line still make a box.
  (should (equal (list (newcomment-tests--boxed "    zz \t\nfoo" 'box nil 8 2 7)
                       (newcomment-tests--boxed "\tx \n  \tbaz  q\t" 'box nil 8 4 14)
                       (newcomment-tests--boxed "x\n  baz  q " 'box nil 8 3 11))
                 '("    ;;;;;;;;\n    ;; zz ;;\n    ;;;;;;;;\n\nfoo"
                   "\tx \n  \t;;;;;;;;;;;;;;;;;;;\n        ;; baz  q        ;;\n        ;;;;;;;;;;;;;;;;;;;\n"
                   "x\n  ;;;;;;;;;;;;\n  ;; baz  q ;;\n  ;;;;;;;;;;;;\n")))
  (dolist (case '((nil 1 ";;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;\n;; a\tb                    ;;\n;; \tcc\tdd           ;;\n;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;\n")
                  (t 2 ";;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;\n;;; a\tb\t\t      ;;;\n;;; \tcc\tdd\t      ;;;\n;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;\n")))
    (with-temp-buffer
      (emacs-lisp-mode)
      (insert "a\tb\n\tcc\tdd\n")
      (setq indent-tabs-mode (car case))
      (comment-box 1 (point-max) (nth 1 case))
      (should (equal (buffer-string) (nth 2 case))))))
