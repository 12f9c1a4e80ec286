;;; regex-diff-tests.el --- regexps and searches found to differ from Emacs 28 by random comparison  -*- lexical-binding: t -*-

;; Each case below came out of a random differential run of marrow
;; against GNU Emacs 28 and needed a fix; every expected value is what
;; Emacs 28 gives.

(require 'ert)

(defun regex-diff--match (regexp string &optional start fold)
  "STRING-MATCH's value and the match data, or the error."
  (set-match-data nil)
  (condition-case err
      (let ((case-fold-search fold))
        (list (string-match regexp string start) (match-data)))
    (error err)))

(defmacro regex-diff--in-buffer (text point &rest body)
  "Evaluate BODY in a buffer holding TEXT with point at POINT."
  (declare (indent 2))
  `(with-temp-buffer
     (insert ,text)
     (goto-char ,point)
     (set-match-data nil)
     ,@body))

;;; Word boundaries between scripts

(ert-deftest regex-diff-word-boundary-between-scripts ()
  (should (equal (regex-diff--match "a\\>" "aΣ") '(0 (0 1))))
  (should (equal (regex-diff--match "a\\<" "aΣ") '(0 (0 1))))
  (should (equal (regex-diff--match "a\\b" "aΣ") '(0 (0 1))))
  (should (equal (regex-diff--match "a\\B" "aΣ") '(nil nil)))
  (should (equal (regex-diff--match "\\>" "é0ς" 2) '(2 (2 2))))
  (should (equal (regex-diff--match "a\\_>" "aΣ") '(nil nil))))

(ert-deftest regex-diff-word-boundary-categories ()
  ;; Han then kana: one word (word-combining-categories).
  (should (equal (regex-diff--match "漢\\b" "漢あ") '(nil nil)))
  (should (equal (regex-diff--match "a\\b" "aあ") '(0 (0 1))))
  ;; Hiragana then katakana: two words, not the other way round.
  (should (equal (regex-diff--match "あ\\b" "あア") '(0 (0 1))))
  (should (equal (regex-diff--match "ア\\b" "アあ") '(nil nil)))
  (should (equal (regex-diff--match ".\\b" (string #x301 ?a)) '(1 (1 2))))
  (let ((word-separating-categories nil))
    (should (equal (regex-diff--match "あ\\b" "あア") '(nil nil)))))

(ert-deftest regex-diff-word-boundary-raw-byte ()
  (should (equal (regex-diff--match "a\\b" "a\200") '(0 (0 1))))
  (should (equal (regex-diff--match "\\>" (concat ".ı'\nc" (string #x3fff80)) 3) '(5 (5 5)))))

;;; Raw bytes and the named classes

(ert-deftest regex-diff-raw-bytes-in-no-named-class ()
  (dolist (s (list "\200" "\377" (string #x3fff80)))
    (dolist (re '("[[:nonascii:]]" "[[:multibyte:]]" "[[:unibyte:]]" "[[:word:]]"))
      (should (equal (list re (regex-diff--match re s)) (list re '(nil nil))))))
  (should (equal (regex-diff--match "\\w" "\300") '(0 (0 1))))
  (should (equal (regex-diff--match "[^[:alpha:]]" (string #x3fff80)) '(0 (0 1))))
  (should (equal (regex-diff--match "[[:nonascii:]]" (string ?ς ?' ?_ ?b #x3fff80 ?ı) 2)
                 '(5 (5 6)))))

(ert-deftest regex-diff-symbol-boundary-unibyte ()
  ;; Bytes of a unibyte string count as Latin-1 characters there.
  (should (equal (regex-diff--match "\\_<" "\240") '(nil nil)))
  (should (equal (regex-diff--match "\\_>" "a\240a") '(1 (1 1))))
  (should (equal (regex-diff--match "\\_<" "\327") '(0 (0 0)))))

(ert-deftest regex-diff-category-unibyte ()
  ;; A match starts at a byte of #x80 and up of a unibyte string for \\CC
  ;; when it is #xC0..#xF8 or a Latin-1 character outside C; the byte
  ;; itself is a raw byte, in no category.
  (should (equal (regex-diff--match "\\Cl" "\251") '(nil nil)))
  (should (equal (regex-diff--match "\\cl" "\251") '(nil nil)))
  (should (equal (regex-diff--match "\\Cl" "\303") '(0 (0 1))))
  (should (equal (regex-diff--match "\\Cl" "a\251\303\251") '(2 (2 3))))
  (should (equal (regex-diff--match "\\Cl\\Cl" "a\303\251b") '(1 (1 3))))
  (should (equal (regex-diff--match "\\C." "\255") '(0 (0 1))))
  (should (equal (regex-diff--match "\\C." "\256") '(nil nil)))
  (should (equal (regex-diff--match "\\cg" "\316\243") '(nil nil))))

;;; Parsing

(ert-deftest regex-diff-interval-without-operand ()
  (should (equal (regex-diff--match "\\{2\\}" "a{2}") '(1 (1 4))))
  (should (equal (regex-diff--match "\\{2,1\\}" "") '(invalid-regexp "Invalid content of \\{\\}")))
  (should (equal (regex-diff--match "\\{1" "") '(invalid-regexp "Unmatched \\{")))
  (should (equal (regex-diff--match "\\{70000\\}" "") '(invalid-regexp "Invalid content of \\{\\}")))
  (should (equal (regex-diff--match "\\(?:^\\{1" "") '(invalid-regexp "Unmatched \\{")))
  (should (equal (regex-diff--match "a\\{65536\\}" "") '(invalid-regexp "Invalid content of \\{\\}"))))

(ert-deftest regex-diff-operator-after-zero-width-takes-run ()
  ;; After \\` \\' \\b or \\B an operator applies to the whole run of
  ;; plain characters before.
  (should (equal (regex-diff--match "ab\\`*" "a") '(0 (0 0))))
  (should (equal (regex-diff--match "ab\\b*" "a") '(0 (0 0))))
  (should (equal (regex-diff--match "ab\\'*" "a") '(0 (0 0))))
  (should (equal (regex-diff--match "ab\\`\\{,1\\}" "xab") '(0 (0 0))))
  (should (equal (regex-diff--match "^\\{2\\}\\b\\{0\\}\\(?:\\)\\{2\\}" "aÉ" nil t) '(0 (0 0))))
  (should (equal (regex-diff--match "a\\`*" "xa") '(0 (0 0))))
  (should (equal (regex-diff--match "ab*c\\`*" "ab") '(0 (0 2)))))

(ert-deftest regex-diff-bracket-cut-in-range ()
  (should (equal (regex-diff--match "[a-" "") '(invalid-regexp "Premature end of regular expression")))
  (should (equal (regex-diff--match "[]-" "") '(invalid-regexp "Premature end of regular expression")))
  (should (equal (regex-diff--match "[a" "") '(invalid-regexp "Unmatched [ or [^")))
  (should (equal (regex-diff--match "[-" "") '(invalid-regexp "Unmatched [ or [^"))))

;;; Where a search starts after X\{m,\}

(ert-deftest regex-diff-open-interval-start ()
  (should (equal (regex-diff--match "\\(\\)\\{1,\\}" "ab") '(nil nil)))
  (should (equal (regex-diff--match "\\<\\{1,\\}" "ab") '(nil nil)))
  (should (equal (regex-diff--match "\\(a*\\)\\{1,\\}" "b") '(nil nil)))
  (should (equal (regex-diff--match "\\(a*\\)\\{1,\\}" "ab") '(0 (0 1 1 1))))
  (should (equal (regex-diff--match "\\(\\|a\\)\\{1,\\}" "ab") '(0 (0 0 0 0))))
  (should (equal (regex-diff--match "\\(a\\|\\)\\{1,\\}b" "b") '(nil nil)))
  (should (equal (regex-diff--match "A\\{0\\}é*?\\(?3:[^a]\\{0\\}\\)\\{1,\\}" "Aéxa" nil t)
                 '(1 (1 1 nil nil nil nil 1 1))))
  (should (equal (regex-diff--match "\\<\\{2\\}" "ab") '(0 (0 0))))
  (should (equal (regex-diff--match "\\<+" "ab") '(0 (0 0))))
  ;; looking-at starts where it is.
  (regex-diff--in-buffer "b" 1
    (should (looking-at "\\(a*\\)\\{1,\\}"))))

(ert-deftest regex-diff-lazy-inside-empty-loop ()
  (should (equal (regex-diff--match "\\(a*?\\)*b" "aab") '(0 (0 3 2 2))))
  (should (equal (regex-diff--match "\\(a*?\\)+b" "aab") '(0 (0 3 2 2))))
  (should (equal (regex-diff--match "\\(a*?\\)\\{1,\\}b" "aab") '(0 (0 3 2 2))))
  (should (equal (regex-diff--match "\\(a*?\\)\\(a*?\\)*b" "aab") '(0 (0 3 0 0 2 2)))))

(ert-deftest regex-diff-open-interval-start-after-syntax ()
  ;; Emacs does not look into `.' or syntax classes for where a match
  ;; may start, but into bracket expressions and categories it does.
  (should (equal (regex-diff--match "\\(?:\\|\\w\\)\\{1,\\}" "-") '(0 (0 0))))
  (should (equal (regex-diff--match "\\(?:\\|.\\)\\{1,\\}" "") '(0 (0 0))))
  (should (equal (regex-diff--match "\\(?:\\|\\cg\\)\\{1,\\}" "-") '(nil nil)))
  (should (equal (regex-diff--match "\\(?:\\|[^a]\\)\\{1,\\}" "") '(nil nil)))
  (should (equal (regex-diff--match "\\(?:\\|[^a]\\)\\{1,\\}" "-") '(0 (0 0))))
  ;; Non-ASCII characters count by their first byte: ß's is é's.
  (should (equal (regex-diff--match "\\(?1:\\|[é-ź]\\cl\\)\\{1,\\}" "AkAß1a\t" nil t)
                 '(3 (3 3 3 3))))
  ;; A back reference lets a match start anywhere.
  (should (equal (regex-diff--match "\\(\\(\\)\\{2\\}\\_<\\2\\|\\([[:space:]]\\)\\{1,\\}.\\)" "AAA A\n")
                 '(0 (0 0 0 0 0 0)))))

;;; Loops Emacs makes possessive

(ert-deftest regex-diff-possessive-class-loop ()
  ;; A greedy loop over a bracket expression followed by one sharing no
  ;; ASCII character with it gives back nothing, even characters both
  ;; take.
  (should (equal (regex-diff--match "[[:upper:]]+[[:nonascii:]]" "ΣΣx") '(nil nil)))
  (should (equal (regex-diff--match "\\([[:upper:]]*\\)[[:nonascii:]]" "ΣΣx") '(nil nil)))
  (should (equal (regex-diff--match "[[:nonascii:]]*[[:multibyte:]]" "ǅΣ_" 1) '(nil nil)))
  (should (equal (regex-diff--match "[[:upper:]]+[[:nonascii:]a]" "ΣΣx") '(nil nil)))
  ;; Not when either has a non-ASCII member, the second has an operator,
  ;; the loop is non-greedy or an interval, or it is inside a loop.
  (should (equal (regex-diff--match "[[:upper:]Σ]+[[:nonascii:]]" "ΣΣx") '(0 (0 2))))
  (should (equal (regex-diff--match "[ΣA]+[Σ]" "ΣΣx") '(0 (0 2))))
  (should (equal (regex-diff--match "[[:upper:]]+[[:nonascii:]]+" "ΣΣx") '(0 (0 2))))
  (should (equal (regex-diff--match "[[:upper:]]*?[[:nonascii:]]" "ΣΣx") '(0 (0 1))))
  (should (equal (regex-diff--match "[[:upper:]]\\{1,\\}[[:nonascii:]]" "ΣΣx") '(0 (0 2))))
  (should (equal (regex-diff--match "\\(?:[[:upper:]]+[[:nonascii:]]\\)*x" "ΣΣx") '(0 (0 3))))
  (should (equal (regex-diff--match "[^a]*[[:nonascii:]]" "ΣΣx") '(0 (0 2))))
  (let ((case-fold-search t))
    (regex-diff--in-buffer "ßAΣς" 2
      (should-not (looking-at-p "[[:upper:]]+[[:nonascii:]]+?")))))

;;; POSIX matching

(ert-deftest regex-diff-posix ()
  (set-match-data nil)
  (should (equal (posix-string-match "a\\|ab" "ab") 0))
  (should (equal (match-data) '(0 2)))
  (should (equal (string-match "a\\|ab" "ab") 0))
  (should (equal (match-data) '(0 1)))
  (should (equal (posix-string-match "\\(a\\|ab\\)\\(c\\|bcd\\)" "abcd") 0))
  (should (equal (match-data) '(0 4 0 1 1 4)))
  (regex-diff--in-buffer "xabcab" 1
    (should (equal (posix-search-forward "ab\\|abc" nil t) 5))
    (should (equal (match-data t) (list 2 5 (current-buffer))))
    (should (equal (posix-search-backward "b\\|ab\\|cab" nil t) 3))
    (should (equal (match-data t) (list 3 4 (current-buffer))))
    (goto-char 4)
    (should (equal (re-search-backward "a\\|ab" nil t) 2))
    (should (equal (match-end 0) 3))
    (goto-char 4)
    (should (equal (posix-search-backward "a\\|ab" nil t) 2))
    (should (equal (match-end 0) 4))
    (goto-char 2)
    (should (posix-looking-at "a\\|ab\\|abca"))
    (should (equal (match-end 0) 6))))

(ert-deftest regex-diff-posix-arity ()
  (should (equal (func-arity 'posix-string-match) '(2 . 3)))
  (should (equal (func-arity 'posix-search-forward) '(1 . 4)))
  (should (equal (func-arity 'posix-looking-at) '(1 . 1))))

;;; Search commands

(ert-deftest regex-diff-search-count-zero ()
  (regex-diff--in-buffer "\nABAéaFoo" 7
    (should (equal (search-forward "\nA" 1 nil 0) 7))
    (should (equal (match-data t) (list 7 7 (current-buffer)))))
  (regex-diff--in-buffer "xé1Kǅ_ " 3
    (should (equal (condition-case err (re-search-forward "\\s." 7 0 0) (error err))
                   '(error "Invalid search bound (wrong side of point)")))))

(ert-deftest regex-diff-search-count-match-data ()
  ;; Emacs searches for σ character by character (its case variants lie
  ;; apart) and then sets the match data only after the last match.
  (let ((case-fold-search t))
    (regex-diff--in-buffer "ΣıK_K\taς" 5
      (should (equal (condition-case err (search-backward "ς" nil nil 2) (error err))
                     '(search-failed "ς")))
      (should-not (match-data)))
    (regex-diff--in-buffer "\200É" 1
      (should-not (search-forward "É" nil t 2))
      (should (equal (match-data t) (list 2 3 (current-buffer)))))
    (let ((case-fold-search nil))
      (regex-diff--in-buffer "ABÉaA\na" 1
        (should-not (re-search-forward "[[:lower:]]" 7 t 3))
        (should (equal (match-data t) (list 4 5 (current-buffer))))))))

(ert-deftest regex-diff-looking-back-greedy ()
  (regex-diff--in-buffer "b-b1.ǅ" 4
    (should (looking-back "b" 1 t))
    (should (equal (match-data t) (list 3 4 (current-buffer)))))
  (regex-diff--in-buffer "é('σKcK_" 7
    (should (looking-back "[^]a]*" nil t))
    (should (equal (match-data t) (list 1 7 (current-buffer)))))
  (regex-diff--in-buffer "-" 1
    (should (looking-back "[[:punct:]]*\\(?2:\\)" nil t))
    (should (equal (match-data t) (list 1 1 nil nil 1 1 (current-buffer)))))
  ;; The match may grow back past LIMIT.
  (regex-diff--in-buffer "aaaa" 5
    (should (looking-back "a+" 4 t))
    (should (equal (match-beginning 0) 1))))

;;; replace-match

(ert-deftest regex-diff-replace-match-ampersand-is-subexp ()
  (string-match "\\(a\\)\\(b\\)" "ab")
  (should (equal (replace-match "<\\&>" t nil "ab" 2) "a<b>"))
  (should (equal (match-substitute-replacement "<\\&>" t nil "ab" 1) "<a>b"))
  (regex-diff--in-buffer "ab" 1
    (re-search-forward "\\(a\\)\\(b\\)")
    (replace-match "<\\&>" t nil nil 2)
    (should (equal (buffer-string) "a<b>"))
    (should (equal (point) 5))
    (should (equal (match-data t) (list 1 5 1 2 2 5 (current-buffer)))))
  (should (equal (replace-regexp-in-string "\\(.\\)\\(.\\)" "[\\&]" "abcd" nil nil 2)
                 "a[b]c[d]")))

(ert-deftest regex-diff-replace-match-checks-subexp-first ()
  (regex-diff--in-buffer "ab" 1
    (re-search-forward "\\(a\\)\\|\\(b\\)")
    (should (equal (condition-case err (replace-match "\\?" t nil nil 2) (error err))
                   '(error "replace-match subexpression does not exist" 2)))
    (should (equal (buffer-string) "ab")))
  (set-match-data nil)
  (should (equal (condition-case err (replace-match "x" t nil "ab") (error err))
                 '(error "replace-match subexpression does not exist" nil))))

;; Emacs's match registers only grow, so how far they reach depends on
;; the searches before; far enough past any is out of their range.
(ert-deftest regex-diff-replace-match-subexp-out-of-range ()
  (string-match "\\(a\\)" "ab")
  (let ((err (condition-case err (replace-match "x" t nil "ab" 40) (error err))))
    (should (equal (list (car err) (nth 1 err) (nth 2 err)) '(args-out-of-range 40 0))))
  (let ((err (condition-case err (replace-match "x" t nil "ab" -1) (error err))))
    (should (equal (list (car err) (nth 1 err) (nth 2 err)) '(args-out-of-range -1 0))))
  (should (equal (condition-case err (replace-match "x" t nil "ab" 1) (error err)) "xb"))
  (string-match "\\(a\\)\\|\\(b\\)" "ab")
  (should (equal (condition-case err (replace-match "x" t nil "ab" 2) (error err))
                 '(error "replace-match subexpression does not exist" 2))))

;;; regex-diff-tests.el ends here
