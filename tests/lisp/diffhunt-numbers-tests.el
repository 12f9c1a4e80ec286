;;; diffhunt-numbers-tests.el --- numbers, reader and printer differences with Emacs 28  -*- lexical-binding: t -*-

;; Each test holds forms whose values marrow once gave differently from
;; Emacs 28, found by a differential fuzzer over the number primitives,
;; format, the reader and the printer.  The expected values are what
;; Emacs 28 prints.

(require 'ert)

(defun diffhunt-numbers--error-of (thunk)
  (condition-case err (progn (funcall thunk) nil) (error err)))

(ert-deftest diffhunt-numbers-lsh-float ()
  ;; a negative float shifted right fails ash's integerp check
  (should (equal (diffhunt-numbers--error-of (lambda () (lsh -0.5 -2)))
                 '(wrong-type-argument integerp -0.5)))
  (should (equal (diffhunt-numbers--error-of (lambda () (lsh -3.0 -1)))
                 '(wrong-type-argument integerp -3.0)))
  (should (equal (diffhunt-numbers--error-of
                  (lambda () (lsh (1- most-negative-fixnum) -1)))
                 (list 'args-out-of-range (1- most-negative-fixnum) -1)))
  (should (equal (diffhunt-numbers--error-of (lambda () (lsh -1e300 -256)))
                 '(args-out-of-range -1e300 -256))))

(ert-deftest diffhunt-numbers-format-field-percent ()
  ;; %N$% prints % and moves the next argument to N
  (should (equal (format "%2$%%s" 1 2 3) "%2"))
  (should (equal (format "%1$%%s|%s" 1 2 3) "%1|2"))
  (should (equal (diffhunt-numbers--error-of (lambda () (format "%2$10%%0.8e" 3)))
                 '(error "Not enough arguments for format string"))))

(ert-deftest diffhunt-numbers-format-char-width ()
  ;; an ASCII character is one column for %c, control characters too
  (should (equal (format "%5c|" 9) "    \t|"))
  (should (equal (format "%-5c|" 2) "\2    |"))
  (should (equal (format "%05c|" 127) "    \177|"))
  (should (equal (format "%.1c|" 9) "\t|"))
  (should (equal (format "%.1c|" 0) "\0|"))
  (should (equal (format "%.0c|" ?a) "|"))
  (should (equal (format "%5.0c|" ?é) "     |"))
  (should (equal (format "%.1c|" ?中) "|"))
  (should (equal (format "%.2c|" ?中) "中|")))

(ert-deftest diffhunt-numbers-format-zero-precision ()
  ;; a precision of 0 keeps nothing, zero-width characters included
  (should (equal (format "% .0c|" 10) "|"))
  (should (equal (format "%.0s|" "\n") "|"))
  (should (equal (format "%.0s|" (string-to-unibyte "\n")) "|"))
  (should (equal (format "%.1s|" "a\n") "a\n|"))
  (should (equal (format "%3s|" "\n") "   \n|")))

(ert-deftest diffhunt-numbers-format-d-nonfinite ()
  (should (equal (format "%.3d|" 1.0e+INF) "0inf|"))
  (should (equal (format "%.4d|" 1.0e+INF) "00inf|"))
  (should (equal (format "%.4d|" -1.0e+INF) "-0inf|"))
  (should (equal (format "%+.4d|" 1.0e+INF) "+0inf|"))
  (should (equal (format "% .4d|" 1.0e+INF) " 0inf|"))
  (should (equal (format "%.3d|" -1.0e+INF) "-inf|"))
  (should (equal (format "%15.19d|" 1.0e+INF) "00000000000000000inf|"))
  (should (equal (format "%8.4d|" -1.0e+INF) "   -0inf|"))
  (should (equal (format "%-8.4d|" 1.0e+INF) "00inf   |"))
  (should (equal (format "%08d|" -1.0e+INF) "    -inf|"))
  (should (equal (format "%.4d|" -0.0e+NaN) "-0nan|")))

(ert-deftest diffhunt-numbers-format-multibyte-args ()
  ;; any multibyte string argument, used or not, makes the result
  ;; multibyte, but not after a lone "%s" or "%S"
  (should (multibyte-string-p (format "%2$s" "é" "a")))
  (should (multibyte-string-p (format "%d" 1 "é")))
  (should-not (multibyte-string-p (format "%s" 1 "é")))
  (should-not (multibyte-string-p (format "%S" 1 "é")))
  (should (equal (diffhunt-numbers--error-of (lambda () (format "%2$c" "é" 'foo)))
                 '(error "Format specifier doesn’t match argument type"))))

(ert-deftest diffhunt-numbers-read-control-non-ascii ()
  ;; \C- on a character below 256 looks at its low seven bits
  (should (equal (read "?\\C-é") 137))
  (should (equal (read "?\\^é") 137))
  (should (equal (read "?\\C-\\M-é") 134217865))
  (should (equal (read "?\\C-\\u00e9") 137))
  (should (equal (read "?\\C-\\x0c1") 129))
  (should (equal (read "?\\C-ā") 67109121))
  ;; a one- or two-digit \x or an octal escape of 128..255 is a raw
  ;; byte, which \C- does not take for a letter
  (should (equal (read "?\\C-\\xc0") 67109056))
  (should (equal (read "?\\C-\\351") 67109097))
  (should (equal (read "?\\C-\\M-\\xe9") 201326825))
  (should (equal (read "?\\M-\\xe9") 134217961))
  (should (equal (read "?\\xe9") 233))
  (should (equal (diffhunt-numbers--error-of (lambda () (read "\"\\C-\\xe9\"")))
                 '(invalid-read-syntax "Invalid modifier in string"))))

(ert-deftest diffhunt-numbers-read-escaped-newline-char ()
  (should (equal (read-from-string "?\\\n") '(-1 . 3)))
  (should (equal (read-from-string "?\\ ") '(32 . 3))))

(ert-deftest diffhunt-numbers-read-unicode-escape-error ()
  (should (equal (diffhunt-numbers--error-of (lambda () (read "\"\\ué}\"")))
                 '(error "Non-hex character used for Unicode escape: é (233)"))))

(ert-deftest diffhunt-numbers-read-bool-vector-length ()
  ;; the length is read as an object
  (should (equal (read "#&#x3\"\\0\"") (make-bool-vector 3 nil)))
  (should (equal (read "#&+3\"\\0\"") (make-bool-vector 3 nil)))
  (should (equal (read "#&3.\"\\0\"") (make-bool-vector 3 nil)))
  (should (equal (diffhunt-numbers--error-of (lambda () (read "#&#b")))
                 '(invalid-read-syntax "integer, radix 2")))
  (dolist (s '("#&)" "#&]" "#&a\"\"" "#&(1)\"\"" "#&3" "#&'3\"\\0\""))
    (should (equal (diffhunt-numbers--error-of (lambda () (read s)))
                   '(invalid-read-syntax "#&..."))))
  ;; the string is read before the length is checked
  (should (eq (car (diffhunt-numbers--error-of (lambda () (read "#&a\"41"))))
              'end-of-file)))

(ert-deftest diffhunt-numbers-read-docstring-skip-overflow ()
  (should (equal (diffhunt-numbers--error-of (lambda () (read "#@2305843009213693952")))
                 '(error "Maximum string size exceeded"))))

(ert-deftest diffhunt-numbers-print-length-zero-vector ()
  ;; " ..." follows the opening bracket, even with no slot shown
  (let ((print-length 0))
    (should (equal (prin1-to-string [1 2]) "[ ...]"))
    (should (equal (prin1-to-string []) "[]"))
    (should (equal (prin1-to-string (record 'a 1)) "#s( ...)"))
    (should (equal (prin1-to-string '(1)) "(...)")))
  (let ((print-length 1))
    (should (equal (prin1-to-string [1 2]) "[1 ...]"))))

(ert-deftest diffhunt-numbers-print-level-propertized-string ()
  ;; a string counts as a level: its property lists are one deeper
  (let ((s (propertize "ab" 'face '(a (b) c))))
    (let ((print-level 1))
      (should (equal (prin1-to-string s) "#(\"ab\" 0 2 ...)"))
      (should (equal (prin1-to-string (list s)) "(#(\"ab\" 0 2 ...))")))
    (let ((print-level 2))
      (should (equal (prin1-to-string s) "#(\"ab\" 0 2 (face ...))"))
      (should (equal (prin1-to-string (list s)) "(#(\"ab\" 0 2 ...))")))
    (let ((print-level 3))
      (should (equal (prin1-to-string (list s)) "(#(\"ab\" 0 2 (face ...)))")))))

(ert-deftest diffhunt-numbers-format-props-with-propertized-format ()
  ;; a format string with properties makes an argument's properties
  ;; start where its field does, left padding included
  (let ((arg (propertize "abc" 'a 1)))
    (should (equal-including-properties
             (format (concat (propertize "<" 'f 1) "%5s>") arg)
             #("<  abc>" 0 1 (f 1) 1 6 (a 1))))
    (should (equal-including-properties
             (format (concat (propertize "<" 'f 1) "%5.2s>") (concat "x" (propertize "yz" 'p 1)))
             #("<   xy>" 0 1 (f 1) 2 6 (p 1))))
    (should (equal-including-properties
             (format (concat "<" (propertize "%5s" 'f 1) ">") arg)
             #("<  abc>" 1 6 (f 1 a 1))))
    ;; without them, the properties stay on the text
    (should (equal-including-properties (format "<%5s>" arg) #("<  abc>" 3 6 (a 1))))
    (should (equal-including-properties (format "<%5.2s>" arg) #("<   ab>" 4 6 (a 1))))))

(ert-deftest diffhunt-numbers-format-message-quote-multibyte ()
  ;; a curved quote before %c makes the result multibyte, and then a
  ;; symbol is no character
  (should (equal (diffhunt-numbers--error-of (lambda () (format-message "'%c" 'foo)))
                 '(error "Format specifier doesn’t match argument type")))
  (should (equal (format-message "%c'" 'foo) "foo’"))
  (let ((text-quoting-style 'grave))
    (should (equal (format-message "'%c" 'foo) "'foo"))))

(ert-deftest diffhunt-numbers-read-buffer-error-position ()
  ;; a failed read from a buffer leaves point where reading stopped,
  ;; and invalid-read-syntax tells that line and column
  (with-temp-buffer
    (insert "(a b) ) c")
    (goto-char 1)
    (let (r)
      (dotimes (_ 3)
        (push (condition-case e (read (current-buffer)) (error e)) r))
      (should (equal r '(c (invalid-read-syntax ")" 1 7) (a b))))
      (should (= (point) 10))))
  (with-temp-buffer
    (insert "abc\n (é . . )")
    (goto-char 5)
    (should (equal (diffhunt-numbers--error-of (lambda () (read (current-buffer))))
                   '(invalid-read-syntax "." 2 7)))
    (should (= (point) 12)))
  (with-temp-buffer
    (insert "a\t\tb )")
    (goto-char 5)
    (should (equal (diffhunt-numbers--error-of (lambda () (read (current-buffer))))
                   '(invalid-read-syntax ")" 1 19))))
  (with-temp-buffer
    (insert "abc\n#sx  z")
    (goto-char 5)
    (should (equal (diffhunt-numbers--error-of (lambda () (read (current-buffer))))
                   '(invalid-read-syntax "#" 2 2)))
    (should (= (point) 7)))
  (with-temp-buffer
    (insert "abc\n#[1]")
    (goto-char 5)
    (should (equal (diffhunt-numbers--error-of (lambda () (read (current-buffer))))
                   '(invalid-read-syntax "Invalid byte-code object" 2 4))))
  (with-temp-buffer
    (insert "  (a b")
    (goto-char 1)
    (should (eq (car (diffhunt-numbers--error-of (lambda () (read (current-buffer)))))
                'end-of-file))
    (should (= (point) 7)))
  (with-temp-buffer
    (insert "#&]x y")
    (goto-char 1)
    (should (equal (diffhunt-numbers--error-of (lambda () (read (current-buffer))))
                   '(invalid-read-syntax "#&..." 1 4))))
  ;; a marker moves likewise, without line and column
  (with-temp-buffer
    (insert "abc\n ] x")
    (let ((m (copy-marker 5)))
      (should (equal (diffhunt-numbers--error-of (lambda () (read m)))
                     '(invalid-read-syntax "]")))
      (should (= m 7)))))

(ert-deftest diffhunt-numbers-read-dot-after-dot ()
  (should (equal (diffhunt-numbers--error-of (lambda () (read "(a . . c)")))
                 '(invalid-read-syntax ".")))
  (should (equal (diffhunt-numbers--error-of (lambda () (read "(a . b . c)")))
                 '(invalid-read-syntax ". in wrong context"))))

(ert-deftest diffhunt-numbers-printed-text-multibyte ()
  ;; printed text is multibyte only for a character that needs it
  (should-not (multibyte-string-p (prin1-to-string (string-to-multibyte "a"))))
  (should-not (multibyte-string-p (prin1-to-string (list (string-to-multibyte "a")))))
  (should-not (multibyte-string-p (prin1-to-string (string-to-multibyte "\xff"))))
  (should-not (multibyte-string-p (prin1-to-string (string-to-multibyte "\xff") t)))
  (should-not (multibyte-string-p (let ((print-escape-multibyte t)) (prin1-to-string "é"))))
  (should (multibyte-string-p (prin1-to-string "é")))
  (should-not (multibyte-string-p (format "%S" (string-to-multibyte "a"))))
  (should (equal (format "%S" (string-to-multibyte "\xff")) "\"\\377\""))
  (should (multibyte-string-p (format "x%s" (string-to-multibyte "a"))))
  (should (equal (diffhunt-numbers--error-of (lambda () (format "%S%c" "é" 'foo)))
                 '(error "Format specifier doesn’t match argument type"))))

(ert-deftest diffhunt-numbers-prin1-unibyte-buffer ()
  ;; a string's multibyte characters are escaped for a unibyte buffer
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (prin1 "é\xff" (current-buffer))
    (prin1 "中a" (current-buffer))
    (should (equal (buffer-string) "\"\\x00e9\\377\"\"\\x4e2d\\ a\"")))
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (let ((m (point-marker)))
      (prin1 "é" m))
    (should (equal (buffer-string) "\"\\x00e9\"")))
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (princ "é" (current-buffer))
    (should (equal (string-to-list (buffer-string)) '(233)))))

(ert-deftest diffhunt-numbers-message-raw-byte ()
  ;; batch message writes a raw byte as that byte
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (should (equal (call-process (expand-file-name invocation-name invocation-directory)
                                 nil t nil "-Q" "-batch" "--eval"
                                 "(message \"a%sb\" (string-to-multibyte \"\\xff\"))")
                   0))
    (should (equal (string-to-list (buffer-string)) '(97 255 98 10)))))

(ert-deftest diffhunt-numbers-format-width-past-string-size ()
  (dolist (f '("%99999999999999999999d" "%.99999999999999999999d"
               "%9223372036854775808d" "%2305843009213693952s"))
    (should (equal (diffhunt-numbers--error-of (lambda () (format f 1)))
                   '(error "Maximum string size exceeded")))))

(ert-deftest diffhunt-numbers-read-raw-byte-in-string-text ()
  ;; a raw byte written in a string literal's text is a raw byte, as
  ;; an escape's is: the string is unibyte without other non-ASCII
  (let ((r (read (concat "\"a" (string #x3fff80) "b\""))))
    (should-not (multibyte-string-p r))
    (should (equal r "a\200b")))
  (let ((r (read (concat "\"a" (string #x3fff80) "\\u00e9\""))))
    (should (multibyte-string-p r))
    (should (equal (string-to-list r) '(97 4194176 233))))
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "\"a\233b\"")
    (goto-char 1)
    (let ((r (read (current-buffer))))
      (should-not (multibyte-string-p r))
      (should (equal (string-to-list r) '(97 155 98))))))

(ert-deftest diffhunt-numbers-format-props-percent-spec ()
  ;; a %% spec's text before its last % is nothing for the format's
  ;; properties; the last % is the character
  (should (equal-including-properties
           (format #("%.1%" 0 2 (face bold) 2 3 (q 1 face bold) 3 4 (q 1)) 42)
           #("%" 0 1 (q 1))))
  (should (equal-including-properties
           (format #("%5.2%" 0 4 (p 2)) 42)
           "%"))
  (should (equal-including-properties
           (format #("%0s%-5%" 4 5 (face 1) 6 7 (p 1)) "abc" 42)
           #("abc%" 3 4 (p 1))))
  (should (equal-including-properties
           (format #("%0%é%5s" 1 4 (q 1) 4 5 (face 2 q 1) 5 6 (face 2)) 42 "abc")
           #("%é   42" 0 2 (q 1) 2 7 (q 1 face 2)))))

(ert-deftest diffhunt-numbers-format-props-wide-precision ()
  ;; an argument's properties follow the characters the precision
  ;; shows, counted in columns
  (should (equal-including-properties (format "%5.2s" #("中文" 1 2 (p 1))) "   中"))
  (should (equal-including-properties (format "%5.2s" #("中文" 0 2 (p 1)))
                                      #("   中" 3 4 (p 1))))
  (should (equal-including-properties
           (format "é%.1sab" #("中文" 0 1 (face 2) 1 2 (face 1))) "éab")))

(ert-deftest diffhunt-numbers-format-float-unsigned-64 ()
  ;; an integer that fits 64 bits unsigned is formatted exactly
  (should (equal (format "%.1f" (+ 1 (expt 2 63))) "9223372036854775809.0"))
  (should (equal (format "%.20g" (1- (expt 2 64))) "18446744073709551615"))
  (should (equal (format "%.1f" (- 1 (expt 2 64))) "-18446744073709551616.0"))
  (should (equal (format "%.1f" (1+ (expt 2 64))) "18446744073709551616.0")))

(ert-deftest diffhunt-numbers-read-record-dotted ()
  ;; #s(...) is read as a list, dots and all
  (should (equal (read "#s(a . (b c))") (record 'a 'b 'c)))
  (should (equal (read "#s(. (a b))") (record 'a 'b)))
  (should (equal (diffhunt-numbers--error-of (lambda () (read "#s(a . b)")))
                 '(wrong-type-argument listp b)))
  (should (equal (diffhunt-numbers--error-of (lambda () (read "#s(. b)")))
                 '(wrong-type-argument sequencep b)))
  (should (equal (diffhunt-numbers--error-of (lambda () (read "#s(a . )")))
                 '(invalid-read-syntax ")")))
  (should (equal (diffhunt-numbers--error-of (lambda () (read "#s(a . b c)")))
                 '(invalid-read-syntax ". in wrong context")))
  (should (hash-table-p (read "#s(hash-table size 3 . 1)")))
  (should (equal (hash-table-count (read "#s(hash-table data (1 2) . 3)")) 1)))

(ert-deftest diffhunt-numbers-read-no-break-space ()
  ;; the reader takes U+00A0 for whitespace
  (should (equal (read-from-string (string ?a #xa0 ?b)) '(a . 1)))
  (should (equal (read-from-string (string #xa0 ?a)) '(a . 2)))
  (should (equal (read (string ?\( ?a #xa0 ?b ?\))) '(a b)))
  (should (equal (read-from-string (string ?1 #xa0)) '(1 . 1)))
  ;; escaped, or in a string, it is itself
  (should (equal (symbol-name (read (string ?\\ #xa0 ?a))) (string #xa0 ?a)))
  (should (equal (read (string ?\" ?a #xa0 ?\")) (string ?a #xa0)))
  (should (eq (car (diffhunt-numbers--error-of (lambda () (read (string #xa0)))))
              'end-of-file)))

(ert-deftest diffhunt-numbers-read-nan-without-integer-part ()
  (should (equal (format "%S" (read ".5e+NaN")) "2251799813685246.0e+NaN"))
  (should (equal (format "%S" (string-to-number "-.5e+NaN")) "-2251799813685246.0e+NaN"))
  (should (equal (format "%S" (read "0.5e+NaN")) "0.0e+NaN"))
  (should (equal (format "%S" (read "12e+NaN")) "12.0e+NaN")))

(ert-deftest diffhunt-numbers-read-symbol-shorthands ()
  (let ((read-symbol-shorthands '(("s-" . "string-") ("s-t" . "foo-"))))
    (should (eq (read "s-trim") 'string-trim))
    (should (equal (butlast (read "(s- s-x xs-y :s-a #:s-b)"))
                   (list 'string- 'string-x 'xs-y :s-a)))
    (should (equal (symbol-name (nth 4 (read "(s- s-x xs-y :s-a #:s-b)"))) "s-b"))
    (should (equal (symbol-name (read "#_s-trim")) "s-trim"))
    (should (eq (read "\\s-trim") 'string-trim))
    (should (eq (intern "s-trim") 'string-trim))
    (should (eq (intern-soft "s-trim") 'string-trim))
    (should (eq (intern-soft 's-trim) 's-trim))
    (should (eq (read "S-a") 'S-a))
    (with-temp-buffer
      (insert "(s-trim)")
      (goto-char 1)
      (should (equal (read (current-buffer)) '(string-trim)))))
  (let ((read-symbol-shorthands '(("" . "x-"))))
    (should (eq (read "a") 'x-a))
    (should (eq (read "1") 1)))
  ;; malformed entries are passed over
  (let ((read-symbol-shorthands '((s- . "string-") ("s-" "string-") ("s-" . "string-") . 5)))
    (should (eq (read "s-a") 'string-a))))

(ert-deftest diffhunt-numbers-read-from-string-range-error-unibyte ()
  ;; the error names the string given, unibyte as it was
  (let* ((s (string-to-unibyte "\xff a"))
         (err (diffhunt-numbers--error-of (lambda () (read-from-string s 0 7)))))
    (should (equal (car err) 'args-out-of-range))
    (should (eq (nth 1 err) s))))

(ert-deftest diffhunt-numbers-print-interval-bounds-as-characters ()
  (let ((print-integers-as-characters t))
    (should (equal (prin1-to-string (propertize "\n@NaNNaN" 'face nil))
                   "#(\"\n@NaNNaN\" 0 ?\\b (face nil))"))
    (should (equal (prin1-to-string (propertize (make-string 36 ?a) 'face 1))
                   (concat "#(\"" (make-string 36 ?a) "\" 0 ?$ (face 1))")))))

(defvar diffhunt-numbers--loaded nil)

(ert-deftest diffhunt-numbers-load-file-shorthands ()
  ;; load reads a source file under the shorthands of its Local
  ;; Variables, and under none otherwise
  (let ((file (make-temp-file "diffhunt-sh" nil ".el"))
        (plain (make-temp-file "diffhunt-plain" nil ".el")))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert "(setq diffhunt-numbers--loaded (list 's-trim 'my-x))\n"
                    ";; Local Variables:\n"
                    ";; read-symbol-shorthands: ((\"s-\" . \"string-\") (\"my-\" . \"mypkg-\"))\n"
                    ";; End:\n"))
          (with-temp-file plain
            (insert "(setq diffhunt-numbers--loaded 's-trim)\n"))
          (load file nil t)
          (should (equal diffhunt-numbers--loaded '(string-trim mypkg-x)))
          (let ((read-symbol-shorthands '(("s-" . "string-"))))
            (load plain nil t))
          (should (eq diffhunt-numbers--loaded 's-trim)))
      (delete-file file)
      (delete-file plain))))

;;; diffhunt-numbers-tests.el ends here
