;;; text-things-tests.el --- paragraphs, sentences, sorting records, things at point, defuns  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)
(require 'text-property-search)

;;; text-property-search

(defun text-things--colored ()
  "A buffer text with `color' runs: red, none, blue, red, none."
  (insert (propertize "ab" 'color 'red) "cd"
          (propertize "ef" 'color 'blue) (propertize "gh" 'color 'red) "ij"))

(defun text-things--all-matches (search &rest args)
  "The (BEG END VALUE POINT) of each match SEARCH finds in turn."
  (let (found m)
    (while (setq m (apply search args))
      (push (list (prop-match-beginning m) (prop-match-end m)
                  (prop-match-value m) (point))
            found))
    (nreverse found)))

(ert-deftest text-things-property-search-forward ()
  (with-temp-buffer
    (text-things--colored)
    (goto-char (point-min))
    (should (equal (text-things--all-matches #'text-property-search-forward 'color 'red t)
                   '((1 3 red 3) (7 9 red 9))))
    (goto-char (point-min))
    ;; Not red: the runs between reds, blue and none together.
    (should (equal (text-things--all-matches #'text-property-search-forward 'color 'red nil)
                   '((3 7 nil 7) (9 11 nil 11))))
    (goto-char (point-min))
    ;; Any value: each run on its own.
    (should (equal (text-things--all-matches #'text-property-search-forward 'color nil nil)
                   '((1 3 red 3) (5 7 blue 7) (7 9 red 9))))
    (goto-char 2)
    (should (equal (text-things--all-matches #'text-property-search-forward 'color 'red t t)
                   '((7 9 red 9))))
    (goto-char 4)
    (should-not (text-property-search-forward 'color 'green t))
    (should (= (point) 4))))

(ert-deftest text-things-property-search-backward ()
  (with-temp-buffer
    (text-things--colored)
    (should (equal (text-things--all-matches #'text-property-search-backward 'color 'red t)
                   '((7 9 red 7) (1 3 red 1))))
    (goto-char (point-max))
    (should (equal (text-things--all-matches #'text-property-search-backward 'color nil t)
                   '((9 11 nil 9) (3 5 nil 3))))
    (goto-char 8)
    (should (equal (text-property-search-backward 'color 'red t)
                   (make-prop-match :beginning 7 :end 8 :value 'red)))
    (goto-char (point-max))
    (should (equal (text-property-search-backward
                    'color 'blue (lambda (want have) (eq want have)))
                   (make-prop-match :beginning 5 :end 7 :value 'blue)))))

;;; Paragraphs and sentences

(ert-deftest text-things-paragraph-motion ()
  (with-temp-buffer
    (insert "one\ntwo\n\n\nthree\n  \nfour")
    (goto-char (point-min))
    (forward-paragraph)
    (should (= (point) 9))
    (forward-paragraph)
    (should (= (point) 17))
    (should (= (forward-paragraph 3) 2))
    (should (eobp))
    ;; A separating line of blanks is more than margin: the paragraph
    ;; after it starts on the next line.
    (backward-paragraph)
    (should (= (point) 20))
    (backward-paragraph 2)
    (should (bobp))
    (goto-char 12)
    (start-of-paragraph-text)
    (should (= (point) 11))
    (end-of-paragraph-text)
    (should (= (point) 16))))

;; Where successive `forward-paragraph's stop in TEXT, with SETTINGS a
;; plist of :prefix (the fill prefix), :start (`paragraph-start') and
;; :hard (a position whose newline is hard, turning on hard newlines).
(defun text-things-tests--paragraph-stops (text &rest settings)
  (with-temp-buffer
    (insert text)
    (goto-char (point-min))
    (let* ((hard (plist-get settings :hard))
           (fill-prefix (plist-get settings :prefix))
           (use-hard-newlines (and hard t))
           (paragraph-start (or (plist-get settings :start) paragraph-start))
           (stops nil))
      (when hard
        (put-text-property hard (1+ hard) 'hard t))
      (while (not (eobp))
        (forward-paragraph)
        (push (point) stops))
      (nreverse stops))))

(ert-deftest text-things-paragraph-ends ()
  ;; With a fill prefix, a line without it or of just it ends a paragraph.
  (should (equal (text-things-tests--paragraph-stops
                  "> one\n> two\n>\n> three\n> four\nplain\n\nlast\n"
                  :prefix "> ")
                 '(13 30 36 42)))
  (should (equal (text-things-tests--paragraph-stops
                  "a b\n* item\nc d\n* item2\n\n" :start "\\*\\|[ \t]*$")
                 '(5 16 24 25)))
  ;; With hard newlines, only a start after a hard one counts.
  (should (equal (text-things-tests--paragraph-stops
                  "ab\ncd\n* x\ny\n* z\n" :start "\\*\\|[ \t]*$" :hard 6)
                 '(7 17)))
  (should (equal (text-things-tests--paragraph-stops "one\ntwo\n  \nthree")
                 '(9 17))))

(ert-deftest text-things-paragraph-editing ()
  (with-temp-buffer
    (insert "alpha\n\nbeta\ngamma\n")
    (goto-char (point-min))
    (transpose-paragraphs 1)
    (should (equal (buffer-string) "\nbeta\ngamma\nalpha\n"))
    (goto-char 8)
    (mark-paragraph)
    (should (= (mark) 19))
    (should (= (point) 1))
    (kill-paragraph 1)
    (should (equal (buffer-string) ""))
    (should (equal (car kill-ring) "\nbeta\ngamma\nalpha\n"))))

(ert-deftest text-things-sentences ()
  (should (equal (let ((sentence-end "!!")) (sentence-end)) "!!"))
  (should (string-match-p (sentence-end) "Done.  Next"))
  (should-not (string-match-p (sentence-end) "e.g. this"))
  (with-temp-buffer
    (insert "Hi there.  How are you?  Fine.")
    (goto-char (point-min))
    (forward-sentence 2)
    (should (= (point) 24))
    (backward-sentence)
    (should (= (point) 12))
    (kill-sentence)
    (should (equal (buffer-string) "Hi there.    Fine."))
    (goto-char (point-min))
    (transpose-sentences 1)
    (should (equal (buffer-string) "Fine.    Hi there.")))
  (with-temp-buffer
    (insert "A. B! C? D")
    (goto-char (point-min))
    (repunctuate-sentences t)
    (should (equal (buffer-string) "A.  B!  C?  D"))))

;;; Sorting records

(ert-deftest text-things-sort-paragraphs-and-fields ()
  (with-temp-buffer
    (insert "pear\nfig\n\napple\n\nkiwi")
    (sort-paragraphs nil (point-min) (point-max))
    ;; The last paragraph gets a newline.
    (should (equal (buffer-string) "apple\n\nkiwi\n\npear\nfig\n")))
  (with-temp-buffer
    (insert "b 10 x\na 9 y\nc 0x1f z\n")
    (sort-numeric-fields 2 (point-min) (point-max))
    (should (equal (buffer-string) "a 9 y\nb 10 x\nc 0x1f z\n"))
    (sort-fields 3 (point-min) (point-max))
    (should (equal (buffer-string) "b 10 x\na 9 y\nc 0x1f z\n"))
    (sort-fields -1 (point-min) (point-max))
    (should (equal (buffer-string) "b 10 x\na 9 y\nc 0x1f z\n"))
    (should-error (sort-fields 4 (point-min) (point-max))))
  (with-temp-buffer
    (insert "c 3 z\na 1 y\nb 2 x\n")
    ;; Field 0 is the last one.
    (sort-fields 0 (point-min) (point-max))
    (should (equal (buffer-string) "b 2 x\na 1 y\nc 3 z\n"))
    (sort-numeric-fields -2 (point-min) (point-max))
    (should (equal (buffer-string) "a 1 y\nb 2 x\nc 3 z\n"))))

(ert-deftest text-things-pages ()
  (with-temp-buffer
    (insert "p1\n\f\np3\n\f\np2\n")
    (let (stops)
      (goto-char (point-min))
      (dotimes (_ 4) (forward-page) (push (point) stops))
      (dotimes (_ 4) (backward-page) (push (point) stops))
      (should (equal (nreverse stops) '(5 10 14 14 10 5 1 1))))
    ;; A page is the text up to and with its delimiter: the last
    ;; page, having none, gets its predecessor's.
    (sort-pages nil (point-min) (point-max))
    (should (equal (buffer-string) "p1\n\f\np2\n\np3\n\f"))
    (sort-pages t (point-min) (point-max))
    (should (equal (buffer-string) "p2\n\np3\n\f\np1\n\f"))))

(ert-deftest text-things-sort-subr-stable ()
  (with-temp-buffer
    (insert "b1\na1\nb2\na2\n")
    (goto-char (point-min))
    ;; The key is the line's first character: equal keys keep their order.
    (sort-subr nil #'forward-line #'end-of-line nil (lambda () (forward-char 1)))
    (should (equal (buffer-string) "a1\na2\nb1\nb2\n"))
    (goto-char (point-min))
    (sort-subr t #'forward-line #'end-of-line nil (lambda () (forward-char 1)))
    (should (equal (buffer-string) "b1\nb2\na1\na2\n"))))

(ert-deftest text-things-compare-buffer-substrings ()
  (with-temp-buffer
    (insert "abcABd_")
    (let ((case-fold-search nil))
      (should (> (compare-buffer-substrings nil 1 3 nil 4 6) 0))
      (should (= (compare-buffer-substrings nil 1 3 nil 1 3) 0)))
    (let ((case-fold-search t))
      (should (= (compare-buffer-substrings nil 1 3 nil 4 6) 0))
      (should (= (compare-buffer-substrings nil 1 4 nil 4 7) -3))
      (should (= (compare-buffer-substrings nil 7 8 nil 1 2) -1)))
    (should (= (compare-buffer-substrings nil 1 2 nil 1 4) -2))
    (should (= (compare-buffer-substrings (current-buffer) nil nil nil 1 3) 3))
    (should (equal (should-error (compare-buffer-substrings nil 1 20 nil 1 2))
                   '(args-out-of-range 1 20)))
    (should-error (compare-buffer-substrings "no such buffer here" 1 1 nil 1 1))))

;;; Things at point

(ert-deftest text-things-symbol-and-list-at-point ()
  (with-temp-buffer
    (insert "(car (cdr x-y)) ;; z")
    (goto-char 10)
    (should (eq (symbol-at-point) 'cdr))
    (should (equal (bounds-of-thing-at-point 'symbol) '(7 . 10)))
    (should (equal (list-at-point) '(cdr x-y)))
    (should (equal (thing-at-point 'sexp) "cdr"))
    (goto-char (point-max))
    (should (eq (symbol-at-point) 'z))
    (goto-char 16)
    (should (null (symbol-at-point)))
    (goto-char 2)
    (should (equal (thing-at-point 'list) "(car (cdr x-y))"))))

(ert-deftest text-things-regexp-things ()
  (with-temp-buffer
    (insert "id 0123abcd-0000-1111-2222-333344445555, n=-12.5 mail <me@example.org>")
    (goto-char 10)
    (should (equal (thing-at-point 'uuid) "0123abcd-0000-1111-2222-333344445555"))
    (goto-char 46)
    (should (= (number-at-point) -12.5))
    (goto-char 62)
    (should (equal (thing-at-point 'email) "<me@example.org>"))
    (goto-char 1)
    (should (thing-at-point-looking-at "i[a-z]"))
    (should (equal (list (match-beginning 0) (match-end 0)) '(1 3)))
    (should-not (thing-at-point-looking-at "[0-9]+"))))

(ert-deftest text-things-forward-symbol-and-whitespace ()
  (with-temp-buffer
    (insert "foo-bar  baz\n\tqux")
    (goto-char (point-min))
    (forward-symbol 1)
    (should (= (point) 8))
    (forward-symbol 2)
    (should (eobp))
    (forward-symbol -1)
    (should (= (point) 15))
    (goto-char (point-min))
    (forward-whitespace 2)
    (should (= (point) 14))
    (forward-whitespace -1)
    (should (= (point) 13))
    (goto-char (point-min))
    (forward-same-syntax 2)
    (should (= (point) 5))))

(ert-deftest text-things-url-at-point ()
  (dolist (case '(("see https://example.org/a?b=c, ok" 8 "https://example.org/a?b=c")
                  ("(ftp://host/dir) here" 3 "ftp://host/dir")
                  ("x (https://h/p(q)) y" 6 "https://h/p(q)")
                  ("mail <URL:me@host.example> now" 12 "mailto:me@host.example")
                  ("nothing://here" 3 nil)
                  ("plain words" 3 nil)))
    (with-temp-buffer
      (insert (car case))
      (goto-char (nth 1 case))
      (should (equal (thing-at-point 'url) (nth 2 case)))))
  (with-temp-buffer
    (insert "go https://gnu.org/x now")
    (goto-char 8)
    (should (equal (bounds-of-thing-at-point 'url) '(4 . 21)))
    (should (equal (thing-at-point-url-at-point t '(1 . 3)) nil)))
  ;; Without a scheme, only LAX finds the text, then given one.
  (dolist (case '(("site www.example.com." 8 "http://www.example.com")
                  ("group comp.lang.lisp" 10 "news:comp.lang.lisp")
                  ("at ftp.gnu.org/gnu" 6 "ftp://ftp.gnu.org/gnu")
                  ("write to <who@where.net>" 12 "mailto:who@where.net")
                  ("just.some.words" 3 nil)))
    (with-temp-buffer
      (insert (car case))
      (goto-char (nth 1 case))
      (should-not (thing-at-point-url-at-point))
      (should (equal (thing-at-point-url-at-point t) (nth 2 case))))))

;;; Defuns, lists and pairs

(ert-deftest text-things-defun-motion ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert ";; head\n(defun a ()\n  1)\n\n;; about b\n(defun b ()\n  2)\n")
    (goto-char 12)
    (end-of-defun)
    (should (= (point) 26))
    (end-of-defun)
    (should (= (point) 55))
    (beginning-of-defun)
    (should (= (point) 38))
    (beginning-of-defun 2)
    (should (bobp))
    (goto-char 40)
    (let ((last-command nil))
      (mark-defun))
    (should (= (point) 26))
    (should (= (mark) 55))))

(ert-deftest text-things-up-list-variants ()
  (with-temp-buffer
    (insert "(a \"b (c\" d)")
    (goto-char 9)
    (should-error (up-list 1 nil t) :type 'user-error)
    (up-list 1 t)
    (should (= (point) 10))
    (up-list)
    (should (eobp)))
  (with-temp-buffer
    (insert "(a (b) c)")
    (goto-char 6)
    (let ((forward-sexp-function
           (lambda (n) (let ((forward-sexp-function nil)) (forward-sexp n)))))
      (up-list)
      (should (= (point) 7))
      (up-list)
      (should (= (point) 10))
      (should-error (up-list) :type 'scan-error))))

(ert-deftest text-things-delete-pair ()
  (let ((delete-pair-blink-delay 0))
    (with-temp-buffer
      (insert "  [x y] z")
      (goto-char (point-min))
      (delete-pair)
      (should (equal (buffer-string) "  x y z")))
    (with-temp-buffer
      (insert "(a b)")
      (delete-pair -1)
      (should (equal (buffer-string) "a b")))
    (with-temp-buffer
      (insert "(a] b")
      (goto-char (point-min))
      (should-error (delete-pair))
      (should (equal (buffer-string) "(a] b")))
    (with-temp-buffer
      (insert "ab")
      (goto-char (point-min))
      (should (equal (should-error (delete-pair))
                     '(error "Not before matching pair"))))))

(ert-deftest text-things-cl-flet-expression-binding ()
  (should (equal (cl-flet ((twice (lambda (n) (* 2 n)))) (twice 21)) 42))
  (let ((f #'upcase))
    (should (equal (cl-flet ((up f)) (up "a")) "A"))))

;;; Line edges and the mark

(ert-deftest text-things-line-edges ()
  (with-temp-buffer
    (insert "first\n" (propertize "gone" 'invisible t) "second\nthird"
            (propertize "!!" 'invisible t) "\nlast")
    ;; Invisible text at a line's start is skipped, at its end passed.
    (goto-char 15)
    (move-beginning-of-line 1)
    (should (= (point) 11))
    (move-end-of-line 1)
    (should (= (point) 17))
    (goto-char 3)
    (move-end-of-line 3)
    (should (= (point) 25))
    (move-beginning-of-line 2)
    (should (= (point) 26))
    (move-beginning-of-line -1)
    (should (= (point) 11)))
  (with-temp-buffer
    (insert (propertize "Name: " 'field 'label) "value")
    (goto-char 9)
    (move-beginning-of-line 1)
    (should (= (point) 7))))

(ert-deftest text-things-push-mark-command ()
  (with-temp-buffer
    (insert "abc")
    (let ((transient-mark-mode t))
      (push-mark-command nil t)
      (should (equal (list (mark) mark-active (length mark-ring)) '(4 t 0)))
      (deactivate-mark)
      ;; The mark already at point is just activated.
      (push-mark-command nil t)
      (should (equal (list (mark) mark-active (length mark-ring)) '(4 t 0)))
      (goto-char 2)
      (push-mark-command nil t)
      (should (equal (list (mark) mark-active (length mark-ring)) '(2 t 1))))))

;; Marking on from the mark when the command repeats, sentences back
;; to the paragraph's start, and pages.
(ert-deftest text-things-marking-on-and-pages ()
  (with-temp-buffer
    (insert "One. Two three. Four.\n\nFive. Six.")
    (transient-mark-mode -1)
    (goto-char 6)
    (let ((this-command 'mark-end-of-sentence) (last-command nil))
      (mark-end-of-sentence 1)
      (should (equal (list (point) (mark)) '(6 22))))
    (let ((this-command 'mark-end-of-sentence) (last-command 'mark-end-of-sentence))
      (mark-end-of-sentence 1)
      (should (equal (list (point) (mark)) '(6 34))))
    (goto-char 30)
    (let ((this-command 'mark-paragraph) (last-command 'mark-paragraph))
      (set-mark 3)
      (mark-paragraph 1 t)
      (should (equal (list (point) (mark)) '(30 23))))
    (should (= (progn (goto-char 30) (backward-sentence) (point)) 24))
    (should (= (progn (goto-char 29) (backward-sentence) (point)) 24))
    (should (= (progn (goto-char 16) (backward-sentence) (point)) 1))
    (should (equal (should-error (mark-paragraph 0))
                   '(error "Cannot mark zero paragraphs"))))
  (with-temp-buffer
    (insert "p1\n\fp2\n\f\np3")
    (goto-char 1)
    (should (equal (list (progn (forward-page) (point)) (progn (forward-page 2) (point))
                         (progn (forward-page) (point)) (progn (backward-page) (point))
                         (progn (backward-page 2) (point)) (progn (backward-page) (point)))
                   '(5 12 12 9 1 1)))))

;;; text-things-tests.el ends here

(ert-deftest text-things-newsgroup-p-with-gnus-tables ()
  (require 'thingatpt)
  (should (equal (thing-at-point-newsgroup-p "comp.lang.c") "comp.lang.c"))
  (should-not (thing-at-point-newsgroup-p "zz.top"))
  ;; While Gnus's tables are bound, they alone decide.
  (let ((known (make-hash-table :test 'equal)))
    (puthash "zz.top" t known)
    (cl-progv '(gnus-newsrc-hashtb) (list known)
      (should (equal (thing-at-point-newsgroup-p "zz.top") "zz.top"))
      (should-not (thing-at-point-newsgroup-p "comp.lang.c")))
    ;; A table that cannot be searched does not count.
    (cl-progv '(gnus-active-hashtb) (list '(x . y))
      (should (equal (thing-at-point-newsgroup-p "comp.lang.c") "comp.lang.c")))))
