;;; diffhunt-buffers-tests.el --- buffers, markers, regexps and search against Emacs 28  -*- lexical-binding: t -*-

;; Each expectation was read off GNU Emacs 28 (emacs -Q -batch); the
;; file passes under both Emacs and marrow.

(require 'ert)

(defmacro diffhunt-buffers--err (form)
  "The error FORM signals, or (no-error VALUE)."
  `(condition-case err (list 'no-error ,form) (error err)))

;; A run of * + ? after an atom is one operator: + or * repeat, * or ?
;; allow none, and a ? after either makes it non-greedy.
(ert-deftest diffhunt-buffers-postfix-run ()
  (should (equal (list (string-match "a+??" "xaaab") (match-data)) '(1 (1 2))))
  (should (equal (list (string-match "a+?+" "xaaab") (match-data)) '(1 (1 2))))
  (should (equal (list (string-match "a?+" "aaab") (match-data)) '(0 (0 3))))
  (should (equal (list (string-match "a?+?" "aaab") (match-data)) '(0 (0 0))))
  (should (equal (list (string-match "a*?*" "aaab") (match-data)) '(0 (0 0))))
  (should (equal (string-match "\\(ab\\)+??b" "abab") nil))
  (should (equal (list (string-match "\\([[:digit:]]+??\\)?" "é211") (match-data))
                 '(0 (0 0))))
  (should (equal (list (string-match "x\\(a+??\\)?" "xaaab") (match-data))
                 '(0 (0 2 1 2))))
  ;; An interval still applies to what the operators made.
  (should (equal (list (string-match "a\\{2\\}*" "aaab") (match-data)) '(0 (0 2))))
  (should (equal (list (string-match "a+?\\{2\\}" "xaaab") (match-data)) '(1 (1 3)))))

;; A failed string-match leaves the positions but makes them a
;; string's: (match-data t) no longer names the buffer.
(ert-deftest diffhunt-buffers-failed-string-match-data ()
  (with-temp-buffer
    (insert "abc")
    (goto-char 1)
    (re-search-forward "b")
    (should (equal (match-data t) (list 2 3 (current-buffer))))
    (string-match-p "z" "abc")
    (should (equal (match-data t) (list 2 3 (current-buffer))))
    (string-match "z" "abc")
    (should (equal (match-data t) '(2 3)))
    ;; A failed buffer search changes nothing.
    (re-search-forward "zz" nil t)
    (should (equal (match-data t) '(2 3)))))

(ert-deftest diffhunt-buffers-inhibit-changing-match-data ()
  (with-temp-buffer
    (insert "abc")
    (goto-char 1)
    (re-search-forward "b")
    (let ((inhibit-changing-match-data t))
      (should (equal (string-match "c" "abc") 2))
      (should (looking-at "c"))
      (should (equal (re-search-forward "c" nil t) 4)))
    (should (equal (match-data t) (list 2 3 (current-buffer))))
    (let ((inhibit-changing-match-data t))
      (string-match "z" "abc"))
    (should (equal (match-data t) (list 2 3 (current-buffer))))))

;; replace-match in a buffer asks first whether the group matched,
;; then whether the group (not the whole match) is accessible.
(ert-deftest diffhunt-buffers-replace-match-subexp-errors ()
  (with-temp-buffer
    (insert "Xabarfo")
    (string-match "a" "abc")
    (should (equal (diffhunt-buffers--err (replace-match "Q" nil nil nil 1))
                   '(error "replace-match subexpression does not exist" 1)))
    (should (equal (diffhunt-buffers--err (replace-match "Q" nil nil nil 0))
                   '(args-out-of-range 0 1)))
    (set-match-data '(2 40))
    (should (equal (diffhunt-buffers--err (replace-match "Q" nil nil nil 1))
                   '(error "replace-match subexpression does not exist" 1)))
    (should (equal (diffhunt-buffers--err (replace-match "Q" nil nil nil 0))
                   '(args-out-of-range 2 40)))
    (set-match-data '(2 4 3 40))
    (should (equal (diffhunt-buffers--err (replace-match "Q" nil nil nil 1))
                   '(args-out-of-range 3 40)))
    (should (equal (diffhunt-buffers--err (replace-match "Q" nil nil nil 2))
                   '(error "replace-match subexpression does not exist" 2)))
    (should (equal (buffer-string) "Xabarfo"))
    (narrow-to-region 3 5)
    (set-match-data '(3 4 2 3))
    (should (equal (diffhunt-buffers--err (replace-match "Q" nil nil nil 1))
                   '(args-out-of-range 2 3)))
    (should (equal (buffer-string) "ba"))))

(ert-deftest diffhunt-buffers-skip-chars-classes ()
  (with-temp-buffer
    (insert "ab:c[]x-^y")
    (goto-char 1)
    (should (equal (diffhunt-buffers--err (skip-chars-forward "[:foo:]"))
                   '(error "Invalid ISO C character class")))
    (should (equal (diffhunt-buffers--err (skip-chars-forward "[:ALPHA:]"))
                   '(error "Invalid ISO C character class")))
    (should (equal (list (skip-chars-forward "[:alpha:") (point)) '(1 2)))
    (goto-char (point-max))
    (should (equal (list (skip-chars-backward "[:alpha:") (point)) '(0 11)))
    (goto-char 2)
    (should (equal (list (skip-chars-forward "[:ab") (point)) '(2 4)))
    (should (equal (list (skip-chars-forward "^[") (point)) '(1 5)))
    (should (equal (list (skip-chars-forward "[") (point)) '(1 6)))))

(ert-deftest diffhunt-buffers-generate-new-buffer-name-ignore ()
  (let ((b (get-buffer-create "diffhunt-gnbn")))
    (unwind-protect
        (progn
          (should (equal (generate-new-buffer-name "diffhunt-gnbn" "diffhunt-gnbn")
                         "diffhunt-gnbn"))
          (should (equal (generate-new-buffer-name "diffhunt-gnbn" "diffhunt-gnbn<2>")
                         "diffhunt-gnbn<2>"))
          (should (equal (generate-new-buffer-name "diffhunt-gnbn" "x")
                         "diffhunt-gnbn<2>")))
      (kill-buffer b))))

;; subst-char-in-region replaces in place: in a multibyte buffer the
;; characters must take as many bytes, whether or not FROMCHAR occurs.
(ert-deftest diffhunt-buffers-subst-char-in-region ()
  (with-temp-buffer
    (insert "fooé")
    (should (equal (diffhunt-buffers--err (subst-char-in-region 1 4 ?o ?é))
                   '(error "Characters in ‘subst-char-in-region’ have different byte-lengths")))
    (should (equal (diffhunt-buffers--err (subst-char-in-region 1 1 ?x ?日))
                   '(error "Characters in ‘subst-char-in-region’ have different byte-lengths")))
    (should (equal (diffhunt-buffers--err (subst-char-in-region 1 5 ?o 'x))
                   '(wrong-type-argument characterp x)))
    (should (equal (diffhunt-buffers--err (subst-char-in-region 0 5 ?o 'x))
                   (list 'args-out-of-range (current-buffer) 0 5)))
    (should (equal (buffer-string) "fooé"))
    (should (equal (subst-char-in-region 1 5 ?é ?ü) nil))
    (should (equal (subst-char-in-region 1 5 ?o ?p t) nil))
    (should (equal (buffer-string) "fppü")))
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "foo\351")
    (subst-char-in-region 1 5 ?o ?é)
    (should (equal (append (buffer-string) nil) '(102 233 233 233)))
    (subst-char-in-region 1 5 ?\351 ?a)
    (should (equal (append (buffer-string) nil) '(102 97 97 97)))))

;; A negative start in set-match-data marks a group that did not match.
(ert-deftest diffhunt-buffers-set-match-data-negative ()
  (set-match-data '(1 2 -1 5 3 4))
  (should (equal (list (match-data) (match-beginning 1) (match-end 1) (match-beginning 2))
                 '((1 2 nil nil 3 4) nil nil 3)))
  (set-match-data '(-3 2 1 5))
  (should (equal (list (match-data) (match-beginning 0) (match-end 0))
                 '((nil nil 1 5) nil nil)))
  (set-match-data '(-1 2))
  (should (equal (match-data) nil)))

;; An alternative that matches empty ends a loop where it comes first,
;; even after an earlier iteration consumed.
(ert-deftest diffhunt-buffers-empty-alternative-ends-loop ()
  (should (equal (list (string-match "\\(?:a\\|x*\\|b\\)*" "ab") (match-data)) '(0 (0 1))))
  (should (equal (list (string-match "\\(?:a\\|\\|b\\)*" "ab") (match-data)) '(0 (0 1))))
  (should (equal (list (string-match "\\(\\(?:a\\|\\|b\\)*\\)" "ab") (match-data)) '(0 (0 1 0 1))))
  (should (equal (list (string-match "\\(?:a\\|\\(\\)\\|b\\)*" "ab") (match-data)) '(0 (0 1 1 1))))
  (should (equal (list (string-match "\\(?:a\\|\\b\\|-\\)*" "a-") (match-data)) '(0 (0 1))))
  (should (equal (list (string-match "\\(?:a\\|\\b\\|ς\\)*" "aaς") (match-data)) '(0 (0 2))))
  (should (equal (list (string-match "\\(\\(?:\\cl\\|\\(?:\\b\\|\\cg\\)\\)\\)+" "barς") (match-data))
                 '(0 (0 3 3 3))))
  ;; Where the empty one cannot end the match, the others go on.
  (should (equal (list (string-match "\\(?:a\\|\\|b\\)*c" "abc") (match-data)) '(0 (0 3))))
  (should (equal (list (string-match "\\(?:a\\|\\|b\\)*$" "ab") (match-data)) '(0 (0 2)))))

;; Words end where the script changes, unless word-combining-categories
;; joins the two (Han then kana).
(ert-deftest diffhunt-buffers-forward-word-scripts ()
  (dolist (case '(("日本σ abc" (3 4 8) (5 3 1))
                  ("ab日本 x" (3 5 7) (6 3 1))
                  ("日本語かなカナ x" (6 8 10) (9 6 1))
                  ("abcαβγ x" (4 7 9) (8 4 1))
                  ("aé x" (3 5) (4 1))
                  ("x日本" (2 4) (2 1))))
    (with-temp-buffer
      (insert (car case))
      (goto-char 1)
      (let (r) (while (forward-word 1) (push (point) r))
           (should (equal (nreverse r) (nth 1 case))))
      (goto-char (point-max))
      (let (r) (while (forward-word -1) (push (point) r))
           (should (equal (nreverse r) (nth 2 case))))))
  (with-temp-buffer
    (insert "abcαβγ")
    (goto-char 1)
    (string-match "b" "ab")
    (capitalize-word 1)
    (should (equal (list (point) (buffer-string) (match-data)) '(4 "Abcαβγ" (1 2))))))

;; replace-match in a buffer reads each group where it is: the whole
;; match need not be in the buffer.
(ert-deftest diffhunt-buffers-replace-match-groups-apart ()
  (with-temp-buffer
    (insert "abcdefgh")
    (set-match-data '(0 7 5 7 3 4))
    (should (equal (replace-match "[\\&|\\1|\\2]" nil nil nil 1) nil))
    (should (equal (list (buffer-string) (match-data t)) '("abcd[ef|ef|c]gh" (0 14 5 14 3 4)))))
  (with-temp-buffer
    (insert "xaby")
    (string-match "\\(y\\)\\|z" "az")
    (should (equal (diffhunt-buffers--err (replace-match "Q" nil nil nil 1))
                   '(error "replace-match subexpression does not exist" 1)))
    (string-match "a\\(b\\)" "ab")
    (replace-match "Q" nil nil nil 1)
    (should (equal (buffer-string) "Qaby"))))

;; replace-match converts the case once the text is in: point and the
;; match's end stay where the unconverted text would end.
(ert-deftest diffhunt-buffers-replace-match-case-growth ()
  (with-temp-buffer
    (insert "<É>")
    (goto-char 1)
    (let ((case-fold-search t)) (search-forward "é"))
    (should (equal (replace-match " ßQé" nil t) nil))
    (should (equal (list (buffer-string) (point) (match-data t))
                   (list "< SSQÉ>" 6 (list 2 6 (current-buffer))))))
  (with-temp-buffer
    (insert "<Xa>")
    (goto-char 1)
    (let ((case-fold-search t)) (search-forward "xa"))
    (replace-match "ßQ")
    (should (equal (list (buffer-string) (point)) '("<SsQ>" 4)))))

;;; diffhunt-buffers-tests.el ends here
