;;; fill-tests.el --- filling, justifying and centring  -*- lexical-binding: t -*-

;; Each expectation was read off GNU Emacs 28; the file passes there too.

(require 'ert)

(defmacro fill-tests--in (text column &rest body)
  "Run BODY in a buffer holding TEXT with `fill-column' COLUMN, point at its start."
  (declare (indent 2))
  `(with-temp-buffer
     (insert ,text)
     (setq fill-column ,column)
     (goto-char (point-min))
     ,@body))

(defun fill-tests--filled (text column &optional function)
  "TEXT after FUNCTION (default `fill-paragraph') at `fill-column' COLUMN."
  (fill-tests--in text column
    (funcall (or function #'fill-paragraph))
    (buffer-string)))

(ert-deftest fill-paragraph-wraps-at-fill-column ()
  (should (equal (fill-tests--filled "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20)
                 "aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk"))
  ;; A line may end exactly at the fill column.
  (should (equal (fill-tests--filled "aaa bbb ccc ddd. eee fff ggg" 16)
                 "aaa bbb ccc\nddd. eee fff ggg"))
  (should (equal (fill-tests--filled "aaa bbb ccc ddd.  eee fff ggg" 16)
                 "aaa bbb ccc ddd.\neee fff ggg"))
  ;; A word longer than the column gets a line of its own.
  (should (equal (fill-tests--filled "aaaaaaaaaaaaaaaaaaaaaaaaaaaaa bbb ccc\n" 20)
                 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nbbb ccc\n")))

(ert-deftest fill-paragraph-sentence-spacing ()
  ;; Two spaces stay after a sentence, a line break after one becomes
  ;; two, and other runs of whitespace become one space.
  (should (equal (fill-tests--filled "aaa bbb\nccc.\nddd   eee fff\tggg hhh iii jjj kkk\n" 20)
                 "aaa bbb ccc.  ddd\neee fff ggg hhh iii\njjj kkk\n"))
  (should (equal (fill-tests--filled "aaa bbb ccc.)\nddd eee fff ggg" 40)
                 "aaa bbb ccc.)  ddd eee fff ggg"))
  (should (equal (fill-tests--filled "aaa    bbb ccc.    ddd eee fff ggg" 40)
                 "aaa bbb ccc.  ddd eee fff ggg"))
  (let ((sentence-end-double-space nil))
    (should (equal (fill-tests--filled "aaa bbb ccc.  ddd eee fff ggg" 16)
                   "aaa bbb ccc. ddd\neee fff ggg")))
  (let ((colon-double-space t))
    (should (equal (fill-tests--filled "aaa bbb ccc:\nddd eee fff ggg" 40)
                   "aaa bbb ccc:  ddd eee fff ggg")))
  (should (equal (fill-tests--filled "aaa bbb ccc:\nddd eee fff ggg" 40)
                 "aaa bbb ccc: ddd eee fff ggg")))

(ert-deftest fill-paragraph-no-break-after-single-spaced-period ()
  (should (equal (fill-tests--filled "aaa bbb ccc e.g. eee fff ggg" 16)
                 "aaa bbb ccc\ne.g. eee fff ggg"))
  (should (equal (fill-tests--filled "aaa bbb ccc ddd? eee fff ggg" 16)
                 "aaa bbb ccc ddd?\neee fff ggg"))
  (let ((sentence-end-double-space nil))
    (should (equal (fill-tests--filled "aaa bbb ccc. ddd eee fff ggg" 16)
                   "aaa bbb ccc. ddd\neee fff ggg"))))

(ert-deftest fill-paragraph-adaptive-prefix ()
  (should (equal (fill-tests--filled "> aaa bbb ccc ddd\n> eee fff ggg hhh iii jjj kkk\n" 20)
                 "> aaa bbb ccc ddd\n> eee fff ggg hhh\n> iii jjj kkk\n"))
  ;; A one-line paragraph's prefix is repeated as blanks of its width.
  (should (equal (fill-tests--filled ";; aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 20)
                 ";; aaa bbb ccc ddd\n   eee fff ggg hhh\n   iii jjj kkk\n"))
  (should (equal (fill-tests--filled "- aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 20)
                 "- aaa bbb ccc ddd\n  eee fff ggg hhh\n  iii jjj kkk\n"))
  (should (equal (fill-tests--filled "1. aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 20)
                 "1. aaa bbb ccc ddd\neee fff ggg hhh iii\njjj kkk\n"))
  ;; The second line's indentation is the prefix.
  (should (equal (fill-tests--filled "aaa bbb\n  ccc ddd eee fff ggg hhh iii jjj kkk\n" 20)
                 "aaa bbb ccc ddd eee\n  fff ggg hhh iii\n  jjj kkk\n"))
  (should (equal (fill-tests--in "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20
                   (list (fill-paragraph) (buffer-string)))
                 '("" "aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk")))
  (let ((adaptive-fill-mode nil))
    (should (null (fill-tests--in "  aaa bbb ccc ddd eee" 10 (fill-paragraph))))))

(ert-deftest fill-context-prefix-cases ()
  (let ((cases '(("> " "  " "  ") ("> " ">> " ">") (">> " "> " "> ") ("" "> " nil)
                 ("  " "> " nil) ("> " " > " " > ") (" > " ">> " nil) ("- " "-- " "-")
                 ("-- " "- " "- ") (";; " "; " "; ") ("# " "# " "# ") ("- " "\t" "\t")
                 ("* " "- " nil) ("  " " > " " "))))
    (dolist (case cases)
      (with-temp-buffer
        (insert (nth 0 case) "aaa bbb\n" (nth 1 case) "ccc ddd\n")
        (should (equal (list case (fill-context-prefix (point-min) (point-max)))
                       (list case (nth 2 case)))))))
  (dolist (case '(("" "") ("  " "  ") ("> " "  ") (";; " "   ") ("|" " ") ("1. " "")))
    (with-temp-buffer
      (insert (car case) "aaa bbb\n")
      (should (equal (fill-context-prefix (point-min) (point-max)) (cadr case)))))
  (with-temp-buffer
    (insert "aaa\n\nbbb\n")
    (should (null (fill-context-prefix (point-min) (point-max))))))

(ert-deftest fill-paragraph-with-fill-prefix ()
  (let ((fill-prefix "// "))
    (should (equal (fill-tests--filled "// aaa bbb ccc ddd eee fff ggg\n// hhh iii jjj kkk" 20)
                   "// aaa bbb ccc ddd\n// eee fff ggg hhh\n// iii jjj kkk"))
    (should (equal (fill-tests--filled "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20)
                   "aaa bbb ccc ddd eee\n// fff ggg hhh iii\n// jjj kkk")))
  (let ((fill-prefix "> "))
    (should (equal (fill-tests--filled "> aaa bbb\n> ccc ddd eee fff ggg\n>\n> hhh iii jjj kkk lll mmm nnn\n" 15
                                       (lambda () (fill-region (point-min) (point-max))))
                   "> aaa bbb ccc\n> ddd eee fff\n> ggg\n> hhh iii jjj\n> kkk lll mmm\n> nnn\n"))))

(ert-deftest fill-paragraph-justification ()
  (should (equal (fill-tests--filled "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20
                                     (lambda () (fill-paragraph 'full)))
                 "aaa bbb  ccc ddd eee\nfff ggg  hhh iii jjj\nkkk"))
  (should (equal (fill-tests--filled "one two three four five six seven eight nine ten eleven twelve" 25
                                     (lambda () (fill-paragraph 'full)))
                 "one  two three  four five\nsix seven  eight nine ten\neleven twelve"))
  (should (equal (fill-tests--filled "aaaa bbbbbbbbb ccc dddddddddddd eee fff ggg hhh" 30
                                     (lambda () (fill-paragraph 'full)))
                 "aaaa       bbbbbbbbb       ccc\ndddddddddddd eee fff ggg hhh"))
  (should (equal (fill-tests--filled "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n" 20
                                     (lambda () (fill-paragraph 'right)))
                 " aaa bbb ccc ddd eee\n fff ggg hhh iii jjj\n\t\t kkk\n"))
  (should (equal (fill-tests--filled "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20
                                     (lambda () (fill-region (point-min) (point-max) 'center)))
                 "aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\n\tkkk"))
  ;; t and nil defer to the text, then `default-justification'.
  (should (equal (fill-tests--filled "aaa bbb ccc ddd eee fff ggg" 20
                                     (lambda () (fill-paragraph t)))
                 "aaa bbb ccc ddd eee\nfff ggg"))
  (should (equal (fill-tests--filled "aaa bbb ccc ddd eee fff ggg" 20
                                     (lambda () (let ((default-justification 'full))
                                                  (fill-paragraph))))
                 "aaa bbb  ccc ddd eee\nfff ggg")))

(ert-deftest fill-justify-current-line ()
  (should (equal (fill-tests--filled "  aaa bbb ccc ddd   \n" 20
                                     (lambda () (justify-current-line 'full)))
                 "  aaa  bbb  ccc  ddd   \n"))
  (should (equal (fill-tests--filled "  aaa bbb ccc ddd   \n" 20
                                     (lambda () (justify-current-line 'right)))
                 "     aaa bbb ccc ddd   \n"))
  (should (equal (fill-tests--filled "  aaa bbb ccc ddd   \n" 20
                                     (lambda () (justify-current-line 'full t)))
                 "  aaa bbb ccc ddd   \n"))
  (should (null (fill-tests--in "abc\n" 20 (justify-current-line)))))

(ert-deftest fill-canonically-space-region ()
  (dolist (case '(("aaa  bbb   ccc.  ddd:   eee\n" "aaa bbb ccc.  ddd: eee\n")
                  ("   aaa  bbb  \n  ccc.  ddd.\teee" " aaa bbb \nccc.  ddd. eee")
                  ("a.\n  b" "a.\n  b") ("a?\n    b" "a?\n  b") ("a\n  b" "a\nb")
                  ("a \n b" "a \n b") ("a.   b" "a.  b") ("a.\t b" "a.  b")
                  ("a)\n  b" "a)\nb") ("a.)  b" "a.)  b")))
    (with-temp-buffer
      (insert (car case))
      (should (null (canonically-space-region (point-min) (point-max))))
      (should (equal (buffer-string) (cadr case)))))
  (with-temp-buffer
    (insert "a.  \n  b")
    (let ((sentence-end-double-space nil))
      (canonically-space-region (point-min) (point-max)))
    (should (equal (buffer-string) "a.  \n b"))))

(ert-deftest fill-region-fills-only-the-region ()
  (should (equal (fill-tests--filled "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20
                                     (lambda () (fill-region 1 20)))
                 "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk"))
  (let ((text "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n\nxxx yyy zzz www xxx yyy zzz www xxx yyy\n"))
    (should (equal (fill-tests--filled text 20 (lambda () (fill-region 1 48)))
                   "aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk\n\nxxx yyy zzz www xxx yyy zzz www xxx yyy\n"))
    (should (equal (fill-tests--filled text 20 (lambda () (fill-region (point-min) (point-max))))
                   "aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk\n\nxxx yyy zzz www xxx\nyyy zzz www xxx yyy\n")))
  ;; Blank lines between paragraphs stay.
  (should (equal (fill-tests--filled "aaa bbb ccc ddd eee\n\n\nfff ggg hhh iii jjj kkk" 12
                                     (lambda () (fill-region (point-min) (point-max))))
                 "aaa bbb ccc\nddd eee\n\n\nfff ggg hhh\niii jjj kkk")))

(ert-deftest fill-region-as-paragraph-point-and-blank-lines ()
  (fill-tests--in "aaa bbb\n\n" 70
    (should (equal (fill-region-as-paragraph (point-min) (point-max)) ""))
    (should (equal (buffer-string) "aaa bbb\n"))
    (should (= (point) 9)))
  (fill-tests--in "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk\n\nxxx yyy zzz" 20
    (fill-region-as-paragraph (point-min) (point-max))
    (should (equal (buffer-string) "aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk xxx yyy zzz"))
    (should (= (point) (point-max))))
  (fill-tests--in "aaa    bbb   ccc" 40
    (fill-region-as-paragraph (point-min) (point-max) nil t)
    (should (equal (buffer-string) "aaa    bbb   ccc"))))

(ert-deftest fill-paragraph-keeps-point-with-its-word ()
  (fill-tests--in "aaa bbb ccc ddd eee fff     ggg hhh" 20
    (goto-char 27)
    (fill-paragraph)
    (should (equal (buffer-string) "aaa bbb ccc ddd eee\nfff ggg hhh"))
    (should (= (point) 25)))
  (fill-tests--in "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll" 20
    (goto-char 17)
    (fill-paragraph)
    (should (= (point) 17))))

(ert-deftest fill-paragraph-which-paragraph ()
  (let ((long "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk lll"))
    ;; After the last paragraph, in blank lines: nothing is filled.
    (fill-tests--in (concat long "\n\n") 20
      (goto-char (point-max))
      (fill-paragraph)
      (should (equal (buffer-string) (concat long "\n\n"))))
    ;; At the end of its last line: that paragraph.
    (fill-tests--in (concat long "\n\n") 20
      (goto-char 48)
      (fill-paragraph)
      (should (equal (buffer-string) "aaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk lll\n\n")))
    ;; In blank lines before a paragraph: the one after.
    (fill-tests--in (concat long "\n\n" long) 20
      (goto-char 49)
      (fill-paragraph)
      (should (equal (buffer-string)
                     (concat long "\n\naaa bbb ccc ddd eee\nfff ggg hhh iii jjj\nkkk lll"))))))

(ert-deftest fill-left-margin ()
  (let ((left-margin 4))
    (should (equal-including-properties
             (fill-tests--filled "aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk" 20)
             #("    aaa bbb ccc ddd\n    eee fff ggg hhh\n    iii jjj kkk"
               0 4 (face default) 20 24 (face default) 40 44 (face default))))))

(ert-deftest fill-center-line-and-region ()
  (fill-tests--in "   hello world   " 20
    (should (null (center-line)))
    (should (equal (buffer-string) "    hello world"))
    (should (= (point) 1)))
  (should (equal (fill-tests--filled "aaa bbb ccc ddd\n  xx\n\nyyyyyyyyyyyyyyyyyyyyyyyyyyyy\n" 20
                                     (lambda () (center-region (point-min) (point-max))))
                 "  aaa bbb ccc ddd\n\t xx\n\nyyyyyyyyyyyyyyyyyyyyyyyyyyyy\n"))
  (should (equal (fill-tests--filled "gc\tjj\n" 12 #'center-line) " gc\tjj\n"))
  ;; `center-paragraph' gives the paragraph a final newline.
  (should (equal (fill-tests--filled "abc" 70 #'center-paragraph) "\t\t\t\t abc\n")))

(ert-deftest fill-set-fill-column-and-prefix ()
  (with-temp-buffer
    (setq fill-column 20)
    (insert "abc")
    (should (equal (set-fill-column 30) 30))
    (should (= fill-column 30))
    (should (equal (set-fill-column '(4)) 3))
    (should (equal (should-error (set-fill-column nil))
                   '(error "set-fill-column requires an explicit argument"))))
  (with-temp-buffer
    (insert "  > abc")
    (goto-char 5)
    (should (equal (set-fill-prefix) "fill-prefix: \"  > \""))
    (should (equal fill-prefix "  > "))
    (goto-char (line-beginning-position))
    (should (equal (set-fill-prefix) "fill-prefix canceled"))
    (should (null fill-prefix))))

(ert-deftest fill-cjk-breaks-between-characters ()
  (should (equal (fill-tests--filled "中文中文中文中文中文中文" 8)
                 "中文中文\n中文中文\n中文中文"))
  (should (equal (fill-tests--filled "aaa\u00e9\u00e9 bbb\u4e2d\u6587 ccc ddd eee fff ggg" 12)
                 "aaaéé bbb中\n文 ccc ddd\neee fff ggg")))



(ert-deftest fill-current-justification ()
  (with-temp-buffer
    (insert "  abc\n")
    (should (eq (current-justification) 'left))
    (put-text-property 1 7 'justification t)
    (goto-char 2)
    (should (eq (current-justification) t))
    (put-text-property 1 7 'justification 'right)
    (goto-char (point-max))
    (should (eq (current-justification) 'right))))


(ert-deftest fill-justification-none-and-margins ()
  ;; Text whose justification is `none' is not filled unless JUSTIFY
  ;; names a kind.
  (with-temp-buffer
    (setq fill-column 10 default-justification 'none)
    (insert "aaa bbb ccc ddd eee fff")
    (goto-char 1)
    (should (null (current-justification)))
    (should (equal (fill-paragraph) ""))
    (should (equal (buffer-string) "aaa bbb ccc ddd eee fff"))
    (fill-paragraph 'none)
    (should (equal (buffer-string) "aaa bbb\nccc ddd\neee fff")))
  ;; `fill-nobreak-predicate' runs where the new line would start.
  (with-temp-buffer
    (setq fill-column 5)
    (insert "a b c d e f")
    (let ((fill-nobreak-predicate (list (lambda () (eq (char-before) ?c)))))
      (fill-paragraph))
    (should (equal (buffer-string) "a b c\nd e f")))
  ;; `set-fill-prefix' starts at the left margin.
  (with-temp-buffer
    (let ((left-margin 2))
      (insert "  > abc")
      (goto-char 5)
      (set-fill-prefix)
      (should (equal fill-prefix "> "))))
  (with-temp-buffer
    (let ((adaptive-fill-mode nil))
      (should (equal (fill-paragraph) "")))))
;;;; Justifying with blank prefixes, CJK text, narrow columns and regions

(defun fill-tests--in-buffer (text function &rest settings)
  "TEXT after FUNCTION, with buffer-local SETTINGS (variable value ...),
as (RESULT TEXT-WITHOUT-PROPERTIES)."
  (with-temp-buffer
    (insert text)
    (while settings
      (set (make-local-variable (pop settings)) (pop settings)))
    (goto-char (point-min))
    (let ((result (funcall function)))
      (list result (buffer-substring-no-properties (point-min) (point-max))))))

(ert-deftest fill-right-and-center-with-blank-prefixes ()
  ;; The blank prefix stays on continuation lines; text too wide to be
  ;; placed is left where it is, and the first line loses its own
  ;; indentation.
  (should (equal (fill-tests--in-buffer
                  "\t\"q.\"\tbb eeeee longwordlongword  Done! Done!"
                  (lambda () (fill-paragraph 'right)) 'fill-column 10)
                 '("\t" "   \"q.\" bb\n\teeeee\n\tlongwordlongword\n\tDone!\n\tDone!")))
  (should (equal (fill-tests--in-buffer
                  "\t x: \n\t dddd eeeee  \"q.\" x: ffffff"
                  (lambda () (fill-region-as-paragraph (point-min) (point-max) 'center))
                  'fill-column 12)
                 '("\t " "  x: dddd\n\t eeeee\n\t \"q.\"\n\t x:\n\t ffffff")))
  (should (equal (fill-tests--in-buffer
                  " > aa bb cc dd ee"
                  (lambda () (fill-region-as-paragraph (point-min) (point-max) 'right))
                  'fill-column 10 'fill-prefix "> ")
                 '("> " "> aa bb cc\n>    dd ee")))
  ;; Point inside the region keeps its place in the text.
  (with-temp-buffer
    (insert "   end. aa bb cc dd\nxx yy")
    (setq fill-column 12)
    (goto-char 3)
    (fill-region 1 (point-max) 'right)
    (should (equal (buffer-string) "  end. aa bb\n cc dd xx yy"))
    (should (= (point) 1))))

(ert-deftest fill-justify-current-line-only-adds-indentation ()
  (let ((justified (lambda (how text)
                     (with-temp-buffer
                       (insert text)
                       (setq fill-column 12)
                       (goto-char 2)
                       (justify-current-line how)
                       (list (buffer-string) (point))))))
    (should (equal (mapcar (lambda (s) (funcall justified 'right s))
                           '("\tabc def" " abc def" "    abc def  " " > "))
                   '(("\tabc def" 2) ("     abc def" 6) ("     abc def  " 2)
                     (" > \t     " 2))))
    (should (equal (mapcar (lambda (s) (funcall justified 'center s))
                           '("      abc def" " abc def" "abc  "))
                   '(("      abc def" 2) ("  abc def" 3) ("    abc  " 6)))))
  ;; A paragraph's last line is respaced, not stretched.
  (with-temp-buffer
    (insert "  aa   bb\tcc.  dd  ")
    (setq fill-column 30)
    (goto-char 1)
    (justify-current-line 'full t)
    (should (equal (buffer-string) "  aa bb cc.  dd  "))))

(ert-deftest fill-cjk-text ()
  ;; Blanks removed at a break next to CJK text are kept in the
  ;; `fill-space' property of the line break.
  (with-temp-buffer
    (insert "日本 aa bb")
    (setq fill-column 3)
    (should (equal (fill-region-as-paragraph 1 (point-max)) ""))
    (should (equal (buffer-string) "日\n本\naa\nbb"))
    (should (equal (text-properties-at 4) '(fill-space " ")))
    (should (null (text-properties-at 3))))
  (should (equal (assq 'fill-space text-property-default-nonsticky) '(fill-space . t)))
  ;; CJK lines join without a space; a line does not begin with a
  ;; closing mark.
  (should (equal (fill-tests--in-buffer
                  "日本\n本日 aa bb\naa\n日本"
                  (lambda () (fill-region-as-paragraph (point-min) (point-max)))
                  'fill-column 40)
                 '("" "日本本日 aa bb aa日本")))
  (with-temp-buffer
    (insert "aa。  bb\n日本。 本日")
    (setq fill-column 3)
    (fill-region-as-paragraph 1 (point-max))
    (should (equal (buffer-string) "aa。\nbb\n日\n本。\n本日"))
    (should (equal (list (get-text-property 4 'fill-space) (get-text-property 12 'fill-space)
                         (next-single-property-change 1 'fill-space))
                   '("  " " " 4))))
  (with-temp-buffer
    (insert "日本 aa bb")
    (setq fill-column 3)
    (fill-region-as-paragraph 1 (point-max) 'right)
    (should (equal (buffer-string) " 日\n 本\n aa\n bb"))
    (should (equal (list (get-text-property 6 'fill-space) (get-text-property 7 'fill-space))
                   '(" " nil)))))

(ert-deftest fill-narrow-columns-and-prefixes ()
  ;; An adaptive prefix leaving no room is dropped; a given one stays.
  (should (equal (mapcar (lambda (column)
                           (fill-tests--in-buffer
                            ">>> aa bb\n>>> cc dd\n"
                            (lambda () (fill-region-as-paragraph (point-min) (point-max)))
                            'fill-column column))
                         '(0 4 5))
                 '((nil ">>>\naa\nbb\n>>>\ncc\ndd\n")
                   (nil ">>>\naa\nbb\n>>>\ncc\ndd\n")
                   (">>> " ">>> aa\n>>> bb\n>>> cc\n>>> dd\n"))))
  (should (equal (fill-tests--in-buffer
                  "> aa bb\n> cc dd\n"
                  (lambda () (fill-region-as-paragraph (point-min) (point-max)))
                  'fill-column 0 'fill-prefix "")
                 '(nil ">\naa\nbb\n>\ncc\ndd\n")))
  (should (equal (fill-tests--in-buffer
                  "> aa bb\n> cc dd\n"
                  (lambda () (fill-region-as-paragraph (point-min) (point-max)))
                  'fill-column 0 'fill-prefix "> ")
                 '("> " "> aa\n> bb\n> cc\n> dd\n")))
  ;; No text, no prefix.
  (should (equal (fill-tests--in-buffer
                  "> end.\tend.\n"
                  (lambda () (list (fill-region-as-paragraph 1 1)
                                   (fill-region-as-paragraph 1 2)))
                  'fill-column 15 'fill-prefix " ")
                 '((nil " ") "> end.\tend.\n")))
  ;; The prefix is found on later lines however it is spaced.
  (should (equal (fill-tests--in-buffer
                  "aa bb\n> cc dd\n  > ee ff\n >gg hh\n>  ii\n  >  jj"
                  (lambda () (fill-region-as-paragraph (point-min) (point-max)))
                  'fill-column 70 'fill-prefix "> ")
                 '("> " "aa bb cc dd ee ff gg hh ii jj")))
  (should (equal (mapcar (lambda (s)
                           (with-temp-buffer
                             (insert s)
                             (fill-context-prefix (point-min) (point-max))))
                         '(" > a\n> b" " >> a\n> b" " ;; a\n;; b" "  a\n\tb"))
                 '("> " "> " ";; " "\t"))))

(ert-deftest fill-regions-ending-mid-line ()
  (let ((adaptive-fill-mode nil) (sentence-end-double-space nil))
    (should (equal (fill-tests--in-buffer
                    "\tbb eeeee longwordlongword  Done! Done! ffffff   a what?   (par)  a \n\tx: "
                    (lambda () (fill-region (point-min) 67 t))
                    'fill-column 5 'left-margin 2 'indent-tabs-mode nil)
                   '(nil "\tbb\n  eeeee\n  longwordlongword\n  Done!\n  Done!\n  ffffff\n  a\n  what?\n  (par)a \n\tx: "))))
  (should (equal (fill-tests--in-buffer
                  "\t x: \n- eeeee eeeee  longwordlongword \n"
                  (lambda () (fill-region-as-paragraph 1 17 'full))
                  'fill-column 5)
                 '(nil "\t x:\n-\neeeee\neeeee  longwordlongword \n")))
  ;; Paragraphs that shrink do not make `fill-region' skip the next.
  (let ((sentence-end-double-space nil))
    (should (equal (fill-tests--in-buffer
                    "- Mr.\n- end. \n- e.g. \"q.\" ccc a \n- what?\n- dddd  x: \n- eeeee end.\n\n\teeeee\n\n"
                    (lambda () (fill-region 1 (point-max)))
                    'fill-column 15)
                   '("\t" "- Mr. end. e.g.\n- \"q.\" ccc a\n- what? dddd x:\n- eeeee end.\n\n\teeeee\n\n"))))
  ;; The left margin: its face, and the prefix read after it.
  (with-temp-buffer
    (insert "   ffffff  dddd  x: dddd ")
    (setq fill-column 8 left-margin 2 indent-tabs-mode nil)
    (should (equal (fill-region 1 (point-max) 'right) " "))
    (should (equal-including-properties
             (buffer-string)
             #("  ffffff\n    dddd\n      x:\n    dddd"
               0 2 (face default) 9 13 (face default) 18 24 (face default) 27 31 (face default)))))
  (should (equal (fill-tests--in-buffer
                  ";; Done! what? what?\n   Mr. x:" #'fill-paragraph
                  'fill-column 30 'left-margin 2)
                 '(" " "  ;; Done! what? what?  Mr. x:"))))

(ert-deftest fill-insertion-into-plain-text-keeps-properties ()
  ;; Text with properties inserted into a buffer without any (as the
  ;; margin is) has them where it lands.
  (with-temp-buffer
    (insert "bb\n")
    (goto-char 3)
    (insert (propertize "\n  " 'face 'default))
    (should (equal (text-properties-at 3) '(face default)))
    (should (= (next-property-change 1) 3))
    (should (= (next-single-property-change 3 'face) 6))))

;;; fill-tests.el ends here
