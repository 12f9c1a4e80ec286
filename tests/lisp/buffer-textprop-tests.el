;;; buffer-textprop-tests.el --- text properties in buffers  -*- lexical-binding: t -*-

(require 'ert)

(defmacro btp-tests--with-text (&rest body)
  "Run BODY in a temporary buffer holding \"12\", a bold \"345\" and \"67\"."
  (declare (indent 0))
  `(with-temp-buffer
     (insert "12" (propertize "345" 'face 'bold 'n 5) "67")
     ,@body))

(ert-deftest btp-insert-keeps-the-string-properties ()
  (btp-tests--with-text
    (should (equal-including-properties
             (buffer-string) (concat "12" (propertize "345" 'face 'bold 'n 5) "67")))
    (should (eq (get-text-property 3 'face) 'bold))
    (should (eq (get-text-property 5 'face (current-buffer)) 'bold))
    (should-not (get-text-property 6 'face))
    (should-not (get-text-property 2 'face nil))
    (should (equal (text-properties-at 4) '(face bold n 5)))
    (should (equal (format "%S" (buffer-string)) "#(\"1234567\" 2 5 (n 5 face bold))"))))

(ert-deftest btp-substrings ()
  (btp-tests--with-text
    (should (equal (format "%S" (buffer-substring 2 5)) "#(\"234\" 1 3 (n 5 face bold))"))
    (should (equal-including-properties (buffer-substring-no-properties 2 5) "234"))
    (should (equal-including-properties (buffer-substring 6 8) "67"))
    (goto-char (point-min))
    (re-search-forward "3\\(4\\)")
    (should (equal-including-properties (match-string 1) (propertize "4" 'face 'bold 'n 5)))
    (should (equal-including-properties (match-string-no-properties 1) "4"))
    (should (equal-including-properties (delete-and-extract-region 4 6)
                                        (concat (propertize "45" 'face 'bold 'n 5))))
    (should (equal (buffer-string) "12367"))))

(ert-deftest btp-plain-insertion-gets-no-properties ()
  (btp-tests--with-text
    (goto-char 4)
    (insert "ab")
    (insert-char ?z 2)
    (should (equal (format "%S" (buffer-string))
                   "#(\"123abzz4567\" 2 3 (n 5 face bold) 7 9 (n 5 face bold))"))
    (should-not (get-text-property 4 'face))))

(ert-deftest btp-deletion-moves-them ()
  (btp-tests--with-text
    (delete-region 1 4)
    (should (equal (format "%S" (buffer-string)) "#(\"4567\" 0 2 (n 5 face bold))"))
    (goto-char 2)
    (delete-char 1)
    (should (equal (format "%S" (buffer-string)) "#(\"467\" 0 1 (n 5 face bold))"))
    (erase-buffer)
    (insert "new")
    (should-not (text-properties-at 1))))

(ert-deftest btp-changing-them-in-a-buffer ()
  (with-temp-buffer
    (insert "abcdef")
    (should (eq (put-text-property 2 4 'k 1) nil))
    (should (eq (add-text-properties 3 6 '(j 2)) t))
    (should-not (add-text-properties 3 6 '(j 2)))
    (should (equal (format "%S" (buffer-string))
                   "#(\"abcdef\" 1 2 (k 1) 2 3 (k 1 j 2) 3 5 (j 2))"))
    (should (eq (remove-text-properties 1 7 '(k nil)) t))
    (should (equal (format "%S" (buffer-string)) "#(\"abcdef\" 2 3 (j 2) 3 5 (j 2))"))
    (should (eq (remove-list-of-text-properties 1 7 '(j)) t))
    (should (equal (format "%S" (buffer-string)) "\"abcdef\""))
    (set-text-properties 1 3 '(s 9))
    (should (equal (text-properties-at 2) '(s 9)))))

(ert-deftest btp-positions-are-checked ()
  (with-temp-buffer
    (insert "abc")
    (should-not (get-text-property 4 'k))
    (should (equal (condition-case e (get-text-property 0 'k) (error e))
                   '(args-out-of-range 0 0)))
    (should (equal (condition-case e (put-text-property 0 2 'k 1) (error e))
                   '(args-out-of-range 0 2)))
    (should (equal (condition-case e (get-text-property 1 'k 'sym) (error e))
                   '(wrong-type-argument buffer-or-string-p sym)))
    (narrow-to-region 2 3)
    (should (equal (condition-case e (get-text-property 1 'k) (error e))
                   '(args-out-of-range 1 1)))
    (put-text-property 2 3 'k 1)
    (widen)
    (should (equal (format "%S" (buffer-string)) "#(\"abc\" 1 2 (k 1))"))
    ;; A marker is a position.
    (should (eq (get-text-property (copy-marker 2) 'k) 1))))

(ert-deftest btp-property-changes ()
  (btp-tests--with-text
    (should (= (next-single-property-change 1 'face) 3))
    (should (= (next-single-property-change 3 'face) 6))
    (should-not (next-single-property-change 6 'face))
    (should (= (next-single-property-change 6 'face nil 7) 7))
    (should (= (next-property-change 1) 3))
    (should (= (previous-single-property-change 8 'face) 6))
    (should (= (previous-single-property-change 4 'face) 3))
    (should-not (previous-single-property-change 2 'face))
    (should (= (next-single-char-property-change 6 'face) 8))
    (should (= (previous-single-char-property-change 3 'face) 1))
    (narrow-to-region 4 5)
    (should-not (next-single-property-change 4 'face))
    (should (= (next-single-char-property-change 4 'face) 5))))

(ert-deftest btp-text-property-any-and-not-all ()
  (btp-tests--with-text
    (should (= (text-property-any 1 8 'face 'bold) 3))
    (should-not (text-property-any 1 3 'face 'bold))
    (should (= (text-property-not-all 3 8 'face 'bold) 6))
    (should-not (text-property-not-all 3 6 'face 'bold))
    (should (= (text-property-any 1 8 'face nil) 1))
    (should (= (text-property-any 1 4 'face 'bold (buffer-string)) 2))))

(ert-deftest btp-get-char-and-pos-property ()
  (btp-tests--with-text
    (should (eq (get-char-property 3 'face) 'bold))
    ;; Inserted at 6 text would follow the bold character before it...
    (should (eq (get-pos-property 6 'face) 'bold))
    ;; ... but not at 3, the bold text being only rear-sticky.
    (should-not (get-pos-property 3 'face))
    (put-text-property 3 6 'rear-nonsticky '(face))
    (should-not (get-pos-property 6 'face))
    (put-text-property 3 6 'front-sticky t)
    (should (eq (get-pos-property 3 'face) 'bold))))

(ert-deftest btp-between-buffers ()
  (btp-tests--with-text
    (let ((source (current-buffer)))
      (with-temp-buffer
        (insert-buffer-substring source 2 4)
        (should (equal (format "%S" (buffer-string)) "#(\"23\" 1 2 (n 5 face bold))"))
        (insert-buffer-substring-no-properties source 3 5)
        (should (equal (format "%S" (buffer-string)) "#(\"2334\" 1 2 (n 5 face bold))"))))))

(ert-deftest btp-replace-match-uses-the-new-text-properties ()
  (btp-tests--with-text
    (goto-char (point-min))
    (search-forward "4")
    (replace-match "x")
    (should (equal (format "%S" (buffer-string)) "#(\"123x567\" 2 3 (n 5 face bold) 4 5 (n 5 face bold))"))
    (goto-char (point-min))
    (search-forward "6")
    (replace-match (propertize "Y" 'y 1))
    (should (equal (get-text-property 6 'y) 1))))

(ert-deftest btp-replace-match-in-a-string-keeps-properties ()
  (let ((s (propertize "abcdef" 'p 1)))
    (string-match "c\\(d\\)" s)
    (should (equal (format "%S" (replace-match (propertize "<\\&>" 'q 2) t nil s))
                   "#(\"ab<cd>ef\" 0 2 (p 1) 2 3 (q 2) 3 5 (p 1) 5 6 (q 2) 6 8 (p 1))"))
    (should (equal-including-properties (match-string-no-properties 1 s) "d"))))

;;;; Insertion that inherits

(defun btp-tests--props-sorted (pos)
  "The properties at POS as an alist sorted by name: their order in
the plist is an implementation detail."
  (let ((plist (text-properties-at pos)) alist)
    (while plist
      (push (cons (car plist) (cadr plist)) alist)
      (setq plist (cddr plist)))
    (sort alist (lambda (a b) (string< (car a) (car b))))))

(defmacro btp-tests--inserting (before after form)
  "Insert BEFORE and AFTER (strings) in a temporary buffer, point between
them, evaluate FORM and return the buffer's text without properties
and the sorted properties of each inserted character."
  `(with-temp-buffer
     (insert ,before)
     (save-excursion (insert ,after))
     (let ((start (point)))
       ,form
       (list (buffer-substring-no-properties (point-min) (point-max))
             (mapcar #'btp-tests--props-sorted (number-sequence start (1- (point))))))))

(ert-deftest btp-insert-and-inherit-takes-rear-sticky-properties ()
  (should (equal (btp-tests--inserting (propertize "ab" 'face 'bold 'n 1) "cd"
                                       (insert-and-inherit "X" ?Y))
                 '("abXYcd" (((face . bold) (n . 1)) ((face . bold) (n . 1))))))
  ;; Plain insert takes nothing.
  (should (equal (btp-tests--inserting (propertize "ab" 'face 'bold) "cd" (insert "X"))
                 '("abXcd" (nil)))))

(ert-deftest btp-insert-and-inherit-respects-stickiness ()
  ;; rear-nonsticky on the left, for one property or all.
  (should (equal (btp-tests--inserting (propertize "ab" 'face 'bold 'n 1 'rear-nonsticky '(face))
                                       "cd" (insert-and-inherit "X"))
                 '("abXcd" (((n . 1))))))
  (should (equal (btp-tests--inserting (propertize "ab" 'face 'bold 'rear-nonsticky t)
                                       "cd" (insert-and-inherit "X"))
                 '("abXcd" (nil))))
  ;; front-sticky on the right; the left's value wins when both stick.
  (should (equal (btp-tests--inserting "ab" (propertize "cd" 'face 'italic 'front-sticky '(face))
                                       (insert-and-inherit "X"))
                 '("abXcd" (((face . italic) (front-sticky face))))))
  (should (equal (btp-tests--inserting (propertize "ab" 'face 'bold)
                                       (propertize "cd" 'face 'italic 'front-sticky t)
                                       (insert-and-inherit "X"))
                 '("abXcd" (((face . bold))))))
  ;; The right's value when the left's is nil.
  (should (equal (btp-tests--inserting (propertize "ab" 'face nil)
                                       (propertize "cd" 'face 'italic 'front-sticky '(face))
                                       (insert-and-inherit "X"))
                 '("abXcd" (((face . italic) (front-sticky face))))))
  ;; text-property-default-nonsticky, even inside a run.
  (should (equal (btp-tests--inserting (propertize "ab" 'face 'bold 'syntax-table '(1))
                                       (propertize "cd" 'face 'bold 'syntax-table '(1))
                                       (insert-and-inherit "X"))
                 '("abXcd" (((face . bold)))))))

(ert-deftest btp-insert-and-inherit-at-the-edges ()
  (should (equal (with-temp-buffer
                   (insert (propertize "ab" 'face 'bold))
                   (goto-char (point-min))
                   (insert-and-inherit "X")
                   (text-properties-at 1))
                 nil))
  (should (equal (with-temp-buffer
                   (insert (propertize "ab" 'face 'bold))
                   (insert-and-inherit "X")
                   (get-text-property 3 'face))
                 'bold))
  (should (equal (with-temp-buffer (insert-and-inherit "plain" ?!) (buffer-string)) "plain!")))

(ert-deftest btp-insert-and-inherit-keeps-the-strings-other-properties ()
  ;; What is inherited wins; the string's own properties fill in.
  (should (equal (btp-tests--inserting (propertize "ab" 'face 'bold) "cd"
                                       (insert-and-inherit (propertize "X" 'face 'italic 'k 9)))
                 '("abXcd" (((face . bold) (k . 9)))))))

(ert-deftest btp-insert-before-markers-and-inherit ()
  (with-temp-buffer
    (insert (propertize "ab" 'face 'bold) "cd")
    (goto-char 3)
    (let ((stays (copy-marker 3)) (advances (copy-marker 3 t)))
      (insert-before-markers-and-inherit "XY")
      (should (= stays 5))
      (should (= advances 5))
      (should (eq (get-text-property 4 'face) 'bold)))
    (goto-char 3)
    (let ((stays (copy-marker 3)))
      (insert-and-inherit "Z")
      (should (= stays 3)))))

(ert-deftest btp-insert-and-inherit-errors ()
  (with-temp-buffer
    (should (equal (should-error (insert-and-inherit "ok" 'not-text))
                   '(wrong-type-argument char-or-string-p not-text)))
    ;; The arguments before the bad one are in.
    (should (equal (buffer-string) "ok"))))

;;;; add-face-text-property

(ert-deftest btp-add-face-text-property-prepends-and-appends ()
  (with-temp-buffer
    (insert "abcdefgh")
    (put-text-property 2 3 'face 'bold)
    (put-text-property 3 4 'face '(italic underline))
    (put-text-property 4 5 'face '(:weight bold))
    (should-not (add-face-text-property 1 6 'red))
    (should (equal (mapcar (lambda (p) (get-text-property p 'face)) '(1 2 3 4 5 6))
                   '(red (red bold) (red italic underline) (red (:weight bold)) red nil)))
    (add-face-text-property 6 1 'blue t)
    (should (equal (mapcar (lambda (p) (get-text-property p 'face)) '(1 2 3 4 5 6))
                   '((red blue) (red bold blue) (red italic underline blue)
                     (red (:weight bold) blue) (red blue) nil)))))

(ert-deftest btp-add-face-text-property-same-face-and-strings ()
  (with-temp-buffer
    (insert "abc")
    (put-text-property 1 2 'face 'bold)
    (add-face-text-property 1 3 'bold)
    (should (eq (get-text-property 1 'face) 'bold))
    (should (equal (get-text-property 2 'face) 'bold)))
  (let ((s (copy-sequence "xyz")))
    (add-face-text-property 1 3 'italic t s)
    (should (equal (list (get-text-property 0 'face s) (get-text-property 1 'face s)) '(nil italic))))
  (should (equal (should-error (add-face-text-property 0 9 'bold nil (copy-sequence "ab")))
                 '(args-out-of-range 0 9)))
  (should (equal (should-error (with-temp-buffer (add-face-text-property 1 5 'bold)))
                 '(args-out-of-range 1 5))))


(ert-deftest buffer-textprop-inherited-and-own-properties-order ()
  ;; Text inserted inheriting keeps its own properties too; the order
  ;; of the two kinds in its plist is Emacs's.
  (with-temp-buffer
    (insert (propertize "mn" 'k 'v 'w 4))
    (insert-and-inherit (propertize "op" 'e 1 'f 2))
    (should (equal (text-properties-at 3) '(f 2 e 1 k v w 4))))
  (with-temp-buffer
    (insert (propertize "mn" 'face 'bold 'q 5))
    (insert-and-inherit (propertize "op" 'x 1 'y 2))
    (should (equal (text-properties-at 3) '(y 2 x 1 face bold q 5)))))

(defun btp-tests--printed-after (form)
  "How the buffer prints after FORM, run in a fresh buffer."
  (with-temp-buffer (eval form t) (prin1-to-string (buffer-string))))

(ert-deftest btp-insert-and-inherit-joins-the-interval ()
  ;; Text without properties of its own becomes part of the interval
  ;; whose properties it takes, as Emacs prints it.
  (should (equal (btp-tests--printed-after
                  '(progn (insert (propertize "abc" 'face 'bold)) (insert-and-inherit "de")))
                 "#(\"abcde\" 0 5 (face bold))"))
  (should (equal (btp-tests--printed-after
                  '(progn (insert (propertize "abc" 'face 'bold)) (goto-char 2)
                          (insert-and-inherit "de")))
                 "#(\"adebc\" 0 5 (face bold))"))
  (should (equal (btp-tests--printed-after
                  '(progn (insert (propertize "abc" 'face 'bold 'x 1))
                          (insert-before-markers-and-inherit "de" ?f)))
                 "#(\"abcdef\" 0 6 (x 1 face bold))"))
  (should (equal (btp-tests--printed-after
                  '(progn (insert (propertize "abc" 'invisible t)) (goto-char 3)
                          (insert-and-inherit ?X ?Y)))
                 "#(\"abXYc\" 0 5 (invisible t))")))

(ert-deftest btp-insert-and-inherit-keeps-other-boundaries ()
  ;; Only the interval it joins grows: the one after stays apart.
  (should (equal (btp-tests--printed-after
                  '(progn (insert (propertize "ab" 'face 'bold) (propertize "cd" 'face 'bold))
                          (goto-char 3) (insert-and-inherit "X")))
                 "#(\"abXcd\" 0 3 (face bold) 3 5 (face bold))"))
  ;; Joining the interval after it when that one sticks in front.
  (should (equal (btp-tests--printed-after
                  '(progn (insert "ab" (propertize "cd" 'face 'bold 'front-sticky '(face)))
                          (goto-char 3) (insert-and-inherit "X")))
                 "#(\"abXcd\" 2 3 (face bold front-sticky (face)) 3 5 (front-sticky (face) face bold))"))
  ;; A string's own properties keep their own interval.
  (should (equal (btp-tests--printed-after
                  '(progn (insert (propertize "abc" 'face 'bold))
                          (insert-and-inherit (propertize "de" 'face 'bold))))
                 "#(\"abcde\" 0 3 (face bold) 3 5 (face bold))"))
  ;; Inside an interval with a property that does not stick, it splits.
  (should (equal (btp-tests--printed-after
                  '(progn (insert (propertize "abc" 'face 'bold 'rear-nonsticky '(face) 'k 1))
                          (goto-char 2) (insert-and-inherit "X")))
                 "#(\"aXbc\" 0 1 (k 1 rear-nonsticky (face) face bold) 1 2 (k 1) 2 4 (k 1 rear-nonsticky (face) face bold))")))

;; An empty range names no text, so it is never out of range; a single
;; position still is.
(ert-deftest buffer-textprop-empty-range-beyond-the-end ()
  (with-temp-buffer
    (insert (propertize "ab" 'p 1) "cd")
    (should (equal (put-text-property 8 8 'p 2) nil))
    (should (equal (set-text-properties 9 9 '(z 9)) nil))
    (should (equal (add-text-properties 0 0 '(p 3)) nil))
    (should (equal (text-property-any 8 8 'p 2) nil))
    (should (equal (text-property-not-all 8 8 'p nil) nil))
    (should (equal (buffer-string) #("abcd" 0 2 (p 1))))
    (should (equal (should-error (text-properties-at 8)) '(args-out-of-range 8 8)))
    (should (equal (should-error (put-text-property 5 8 'p 2)) '(args-out-of-range 5 8))))
  (should (equal (let ((s (copy-sequence "ab"))) (put-text-property 5 5 'p 1 s) s) "ab")))

(ert-deftest buffer-textprop-replace-match-copies-no-properties ()
  ;; What \& and \N copy of the buffer's match is plain text; a
  ;; replacement string keeps its own properties.
  (with-temp-buffer
    (insert (propertize "abc" 'face 'bold))
    (goto-char 1)
    (re-search-forward "b")
    (replace-match "<\\&>")
    (should (equal (buffer-string)
                   #("a<b>c" 0 1 (face bold) 4 5 (face bold)))))
  (with-temp-buffer
    (insert "a" (propertize "b" 'face 'bold) "c")
    (goto-char 1)
    (re-search-forward "\\(b\\)")
    (replace-match (concat "<\\1" (propertize ">" 'q 1)))
    (should (equal (buffer-string) #("a<b>c" 3 4 (q 1)))))
  ;; In a string, the copies keep theirs.
  (let ((s (propertize "abc" 'face 'bold)))
    (string-match "b" s)
    (should (equal (replace-match "<\\&>" t nil s)
                   #("a<b>c" 0 1 (face bold) 2 3 (face bold) 4 5 (face bold))))))

;;; buffer-textprop-tests.el ends here
