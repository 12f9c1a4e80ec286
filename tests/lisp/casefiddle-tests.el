;;; casefiddle-tests.el --- case conversion of buffer text  -*- lexical-binding: t -*-

(require 'ert)

(defmacro casefiddle-tests--in (text pos &rest body)
  "Run BODY in a buffer holding TEXT with point at POS; return the
buffer's text and point."
  (declare (indent 2))
  `(with-temp-buffer
     (insert ,text)
     (goto-char ,pos)
     ,@body
     (list (buffer-string) (point))))

(ert-deftest casefiddle-regions ()
  (should (equal (casefiddle-tests--in "quick brown fox" 1 (upcase-region 3 10))
                 '("quICK BROwn fox" 1)))
  (should (equal (casefiddle-tests--in "QUICK BROWN FOX" 5 (downcase-region 14 7))
                 '("QUICK brown fOX" 5)))
  ;; The region starts outside a word even in the middle of one.
  (should (equal (casefiddle-tests--in "quick brown fox" 1 (capitalize-region 4 12))
                 '("quiCk Brown fox" 1)))
  (should (equal (casefiddle-tests--in "qUICK bROWN" 1 (upcase-initials-region 1 12))
                 '("QUICK BROWN" 1)))
  (should (equal (casefiddle-tests--in "abc" 1 (upcase-region (copy-marker 3) 1))
                 '("ABc" 1)))
  (should (null (with-temp-buffer (insert "x") (downcase-region 1 2)))))

(defun casefiddle-tests--cased (case-function beg end &rest texts)
  "The printed text of a buffer holding TEXTS after CASE-FUNCTION on
the region from BEG to END."
  (with-temp-buffer
    (apply #'insert texts)
    (funcall case-function beg end)
    (format "%S" (buffer-string))))

;; The intervals a longer casing leaves: the characters before the last
;; of the casing are inserted in front of the character with
;; inheritance, growing the interval they inherit from, even outside
;; the region, or making one of their own with the properties merged as
;; an insertion merges them; the character keeps its interval.
(defun casefiddle-tests--intervals (case-function beg end &rest texts)
  (with-temp-buffer
    (apply #'insert texts)
    (funcall case-function beg end)
    (list (format "%S" (buffer-string)) (object-intervals (current-buffer)))))

(ert-deftest casefiddle-longer-casing-intervals ()
  (should (equal (casefiddle-tests--intervals #'upcase-region 2 3 (propertize "aßb" 'face 'bold))
                 '("#(\"aSSb\" 0 4 (face bold))" ((0 4 (face bold))))))
  (should (equal (casefiddle-tests--intervals #'upcase-region 2 4 "x" (propertize "aßb" 'face 'bold) "y")
                 '("#(\"xASSby\" 1 5 (face bold))" ((0 1 nil) (1 5 (face bold)) (5 6 nil)))))
  (should (equal (casefiddle-tests--intervals #'upcase-region 2 3 (propertize "a" 'k 1)
                                              (propertize "ß" 'k 1) (propertize "b" 'k 1))
                 '("#(\"aSSb\" 0 2 (k 1) 2 3 (k 1) 3 4 (k 1))" ((0 2 (k 1)) (2 3 (k 1)) (3 4 (k 1))))))
  (should (equal (casefiddle-tests--intervals #'upcase-region 2 3 (propertize "a" 'q 1)
                                              (propertize "ß" 'front-sticky t 'face 'bold 'x 2))
                 '("#(\"aSS\" 0 1 (q 1) 1 2 (q 1 x 2 face bold front-sticky (face x)) 2 3 (x 2 face bold front-sticky t))"
                   ((0 1 (q 1)) (1 2 (front-sticky (face x) face bold x 2 q 1))
                    (2 3 (front-sticky t face bold x 2))))))
  (should (equal (casefiddle-tests--intervals #'upcase-region 1 2 (propertize "ß" 'front-sticky t 'face 'bold 'x 2))
                 '("#(\"SS\" 0 1 (x 2 face bold front-sticky (face x)) 1 2 (x 2 face bold front-sticky t))"
                   ((0 1 (front-sticky (face x) face bold x 2)) (1 2 (front-sticky t face bold x 2))))))
  (should (equal (casefiddle-tests--intervals #'upcase-region 2 3 (propertize "aßb" 'k 1 'rear-nonsticky t))
                 '("#(\"aSSb\" 0 1 (rear-nonsticky t k 1) 2 4 (rear-nonsticky t k 1))"
                   ((0 1 (k 1 rear-nonsticky t)) (1 2 nil) (2 4 (k 1 rear-nonsticky t))))))
  (should (equal (casefiddle-tests--intervals #'upcase-region 2 5 "x" (propertize "ßß" 'q 1)
                                              (propertize "ß" 'q 1) "y")
                 '("#(\"xSSSSSSy\" 2 6 (q 1) 6 7 (q 1))" ((0 2 nil) (2 6 (q 1)) (6 7 (q 1)) (7 8 nil)))))
  (let ((text-property-default-nonsticky '((k . t))))
    (should (equal (casefiddle-tests--intervals #'upcase-region 2 3 (propertize "a" 'k 1)
                                                (propertize "ß" 'j 2))
                   '("#(\"aSS\" 0 1 (k 1) 2 3 (j 2))" ((0 1 (k 1)) (1 2 nil) (2 3 (j 2)))))))
  (with-temp-buffer
    (insert (propertize "aßßb" 'k 1))
    (narrow-to-region 2 4)
    (upcase-region 2 4)
    (widen)
    (should (equal (object-intervals (current-buffer)) '((0 6 (k 1)))))))

(ert-deftest casefiddle-longer-casing-keeps-properties ()
  ;; The last character of a longer casing keeps the properties of the
  ;; character it replaces; the ones before it are inserted with
  ;; inheritance from the text before (rear-sticky by default).
  (should (equal (casefiddle-tests--cased #'upcase-region 1 4 (propertize "aßb" 'face 'bold))
                 "#(\"ASSB\" 0 4 (face bold))"))
  (should (equal (casefiddle-tests--cased #'upcase-region 1 5 "x" (propertize "aß" 'face 'bold)
                                          (propertize "b" 'q 1))
                 "#(\"XASSB\" 1 4 (face bold) 4 5 (q 1))"))
  ;; Nothing before the first ß to inherit from.
  (should (equal (casefiddle-tests--cased #'upcase-region 1 3 (propertize "ßß" 'face 'bold))
                 "#(\"SSSS\" 1 4 (face bold))"))
  (should (equal (casefiddle-tests--cased #'capitalize-region 1 3 (propertize "ßa" 'q 1))
                 "#(\"Ssa\" 1 3 (q 1))"))
  (should (equal (casefiddle-tests--cased #'upcase-region 1 3 (propertize "ﬃx" 'q 1))
                 "#(\"FFIX\" 2 4 (q 1))"))
  (should (equal (casefiddle-tests--cased #'capitalize-region 1 5 (propertize "ﬃ ßa" 'q 1))
                 "#(\"Ffi Ssa\" 2 7 (q 1))"))
  ;; rear-nonsticky: the inserted S takes nothing from the a.
  (should (equal (casefiddle-tests--cased #'upcase-region 1 3
                                          (propertize "a" 'q 1 'rear-nonsticky t)
                                          (propertize "ß" 'face 'bold))
                 "#(\"ASS\" 0 1 (rear-nonsticky t q 1) 2 3 (face bold))")))

(ert-deftest casefiddle-region-changing-length ()
  ;; ß upcases to SS: the text after it, and point there, move on.
  (should (equal (casefiddle-tests--in "fuß ball" 6 (upcase-region 1 4))
                 '("FUSS ball" 7)))
  (should (equal (casefiddle-tests--in "ǆungla" 1 (capitalize-region 1 7))
                 '("ǅungla" 1)))
  ;; Point inside moves with the growth of the text before it.
  (should (equal (casefiddle-tests--in "ßxßy" 3 (upcase-region 1 5))
                 '("SSXSSY" 4)))
  (should (equal (casefiddle-tests--in "ßxßy" 1 (upcase-region 1 5))
                 '("SSXSSY" 1))))

(ert-deftest casefiddle-region-changing-length-leaves-markers ()
  ;; Unlike point, markers keep their positions when casing changes
  ;; the text's length, before, inside and after the region alike.
  (with-temp-buffer
    (insert "mß nß o")
    (let ((markers (mapcar #'copy-marker '(1 2 3 5 6 8)))
          (advancing (copy-marker 3 t)))
      (goto-char 8)
      (upcase-region 1 6)
      (should (equal (buffer-string) "MSS NSS o"))
      (should (equal (point) 10))
      (should (equal (mapcar #'marker-position markers) '(1 2 3 5 6 8)))
      (should (equal (marker-position advancing) 3)))))

(ert-deftest casefiddle-region-errors ()
  (with-temp-buffer
    (insert "abc")
    (should (equal (should-error (upcase-region 0 2))
                   (list 'args-out-of-range (current-buffer) 0 2)))
    (should (equal (should-error (downcase-region 1 9))
                   (list 'args-out-of-range (current-buffer) 1 9)))
    (should (equal (should-error (capitalize-region 'x 2))
                   '(wrong-type-argument integer-or-marker-p x)))
    (should (equal (buffer-string) "abc"))))

(ert-deftest casefiddle-words ()
  (should (equal (casefiddle-tests--in "one two three" 1 (upcase-word 2))
                 '("ONE TWO three" 8)))
  (should (equal (casefiddle-tests--in "one two three" 2 (capitalize-word 1))
                 '("oNe two three" 4)))
  ;; Backward the words are cased and point stays.
  (should (equal (casefiddle-tests--in "ONE TWO THREE" 11 (downcase-word -2))
                 '("ONE two thREE" 11)))
  (should (equal (casefiddle-tests--in "one two" 3 (capitalize-word 0))
                 '("one two" 3)))
  ;; Too many words: up to the end of the buffer.
  (should (equal (casefiddle-tests--in "  fuß" 1 (upcase-word 4))
                 '("  FUSS" 7)))
  (should (null (with-temp-buffer (insert "a") (goto-char 1) (upcase-word 1))))
  (should (equal (should-error (with-temp-buffer (upcase-word "2")))
                 '(wrong-type-argument fixnump "2"))))

(ert-deftest casefiddle-forward-word ()
  (with-temp-buffer
    (insert "it's snake_case x2y")
    (goto-char 1)
    (let ((stops nil))
      (while (forward-word 1)
        (push (point) stops))
      (should (equal (nreverse stops) '(3 5 11 16 20))))
    (should (= (point) 20))
    (should (eq (forward-word -2) t))
    (should (= (point) 12))
    (should (eq (backward-word 9) nil))
    (should (= (point) 1))
    (should (eq (forward-word 0) t))
    (goto-char 6)
    (should (eq (backward-word -1) t))
    (should (= (point) 11))))

;; Each row: a character, then its uppercase, lowercase, titlecase,
;; special-uppercase, special-lowercase and special-titlecase.
(defconst casefiddle-tests--properties
  '((?Q nil ?q nil nil nil nil)
    (?é ?É nil ?É nil nil nil)
    (?Ж nil ?ж nil nil nil nil)
    (?ǲ ?Ǳ ?ǳ ?ǲ nil nil nil)
    (?ǳ ?Ǳ nil ?ǲ nil nil nil)
    (?ß nil nil nil "SS" nil "Ss")
    (?ﬀ nil nil nil "FF" nil "Ff")
    (?ı ?I nil ?I nil nil nil)
    (?İ nil ?i nil nil "i̇" nil)
    (?K nil ?k nil nil nil nil)
    (?ა ?Ა nil ?ა nil nil nil)
    (?ⓑ ?Ⓑ nil ?Ⓑ nil nil nil)
    (?7 nil nil nil nil nil nil)
    (?💡 nil nil nil nil nil nil)))

(ert-deftest casefiddle-character-properties ()
  (dolist (row casefiddle-tests--properties)
    (should (equal (cons (car row)
                         (mapcar (lambda (prop) (get-char-code-property (car row) prop))
                                 '(uppercase lowercase titlecase special-uppercase
                                   special-lowercase special-titlecase)))
                   row)))
  (should (equal (should-error (get-char-code-property -3 'uppercase))
                 '(wrong-type-argument characterp -3))))

(ert-deftest casefiddle-region-keeps-text-properties ()
  (with-temp-buffer
    (insert (propertize "lo" 'face 'italic) (propertize "w k" 'k 7))
    (upcase-region 2 6)
    (should (equal-including-properties
                   (buffer-string)
                   #("lOW K" 0 2 (face italic) 2 5 (k 7))))
    (capitalize-region 1 6)
    (should (equal-including-properties
                   (buffer-string)
                   #("Low K" 0 2 (face italic) 2 5 (k 7))))))

(ert-deftest casefiddle-region-change-hooks-see-what-changed ()
  ;; Before: the whole region; after: from the first character that
  ;; changed to the last, and nothing when none did.
  (with-temp-buffer
    (insert "UP mid Zz")
    (let ((calls nil))
      (add-hook 'before-change-functions
                (lambda (b e) (push (list 'before b e) calls)) nil t)
      (add-hook 'after-change-functions
                (lambda (b e n) (push (list 'after b e n) calls)) nil t)
      (upcase-region 1 3)
      (downcase-region 3 10)
      (should (equal (nreverse calls)
                     '((before 1 3) (before 3 10) (after 8 9 1)))))
    (should (equal (buffer-string) "UP mid zz"))))

(ert-deftest casefiddle-region-leaves-point-and-markers ()
  (with-temp-buffer
    (insert "aıé")
    (let ((marker (copy-marker 3)))
      (goto-char 2)
      (upcase-region 1 4)
      (should (equal (buffer-string) "AıÉ"))
      (should (= (point) 2))
      (should (= marker 3))
      (should (= (position-bytes 4) 6)))))

;; subst-char-in-region and translate-region rewrite characters in place.
(ert-deftest casefiddle-subst-char-keeps-properties ()
  (with-temp-buffer
    (insert (propertize "x.y" 'face 'italic) ".z")
    (should (null (subst-char-in-region 1 6 ?. ?/)))
    (should (equal-including-properties
             (buffer-string) (concat (propertize "x/y" 'face 'italic) "/z")))))

(ert-deftest casefiddle-subst-char-noundo ()
  (with-temp-buffer
    (insert "1,2,3")
    (set-buffer-modified-p nil)
    (setq buffer-undo-list nil)
    (subst-char-in-region 2 5 ?, ?\; t)
    (should (equal (buffer-string) "1;2;3"))
    (should-not (buffer-modified-p))
    (should (null buffer-undo-list))))

(ert-deftest casefiddle-translate-region-tables ()
  (with-temp-buffer
    (insert "abba")
    (let ((s (make-string 128 ?-)))
      (aset s ?b ?B)
      (should (= (translate-region 1 5 s) 4))
      (should (equal (buffer-string) "-BB-")))
    (let ((ct (make-char-table 'translation-table)))
      (aset ct ?B ?c)
      (should (= (translate-region 2 4 ct) 2))
      (should (equal (buffer-string) "-cc-")))))

;;; casefiddle-tests.el ends here
