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
;;; fill-tests.el ends here
