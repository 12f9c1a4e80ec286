;;; lines-tests.el --- sorting, pruning and replacing lines  -*- lexical-binding: t -*-

(require 'ert)

(defmacro lines-tests--in (text &rest body)
  "BODY's value, the buffer's text and point, after BODY runs in a
buffer holding TEXT with point at its start."
  (declare (indent 1))
  `(with-temp-buffer
     (insert ,text)
     (goto-char (point-min))
     (let ((value (progn ,@body)))
       (list value (buffer-string) (point)))))

(ert-deftest lines-sort-lines ()
  (should (equal (lines-tests--in "b\na\nc\na" (sort-lines nil (point-min) (point-max)))
                 '(nil "a\na\nb\nc" 1)))
  (should (equal (lines-tests--in "b\na\nc\na\n" (sort-lines t (point-min) (point-max)))
                 '(nil "c\nb\na\na\n" 1)))
  ;; Equal lines keep their order, either way.
  (should (equal (lines-tests--in "b\nB\na\nA\n"
                   (let ((sort-fold-case t)) (sort-lines nil (point-min) (point-max))))
                 '(nil "a\nA\nb\nB\n" 1)))
  (should (equal (lines-tests--in "b\nB\na\nA\n"
                   (let ((sort-fold-case t)) (sort-lines t (point-min) (point-max))))
                 '(nil "b\nB\na\nA\n" 1)))
  ;; The region is taken as it is, not widened to whole lines.
  (should (equal (lines-tests--in "xb\na\nc\nd" (sort-lines nil 2 7))
                 '(nil "xa\nb\nc\nd" 1))))

(ert-deftest lines-reverse-region ()
  (should (equal (lines-tests--in "1\n2\n3\n4" (reverse-region 1 (point-max)))
                 '(nil "4\n3\n2\n1" 1)))
  (should (equal (lines-tests--in "1\n2\n3\n4\n" (reverse-region 3 6))
                 '(nil "1\n3\n2\n4\n" 1)))
  (should (equal (lines-tests--in "1\n2\n3\n4\n" (reverse-region 6 3))
                 '(nil "1\n3\n2\n4\n" 1)))
  (should (equal (should-error (lines-tests--in "12\n" (reverse-region 2 3)) :type 'user-error)
                 '(user-error "There are no full lines in the region"))))

(ert-deftest lines-delete-duplicate-lines ()
  (should (equal (lines-tests--in "x\ny\nx\nz\ny\n"
                   (delete-duplicate-lines (point-min) (point-max)))
                 '(2 "x\ny\nz\n" 1)))
  (should (equal (lines-tests--in "x\ny\nx\nz\ny\n"
                   (delete-duplicate-lines (point-min) (point-max) t))
                 '(2 "x\nz\ny\n" 1)))
  (should (equal (lines-tests--in "x\nx\ny\nx\n"
                   (delete-duplicate-lines (point-min) (point-max) nil t))
                 '(1 "x\ny\nx\n" 1)))
  (should (equal (lines-tests--in "x\n\n\nx\n"
                   (delete-duplicate-lines (point-min) (point-max) nil nil t))
                 '(1 "x\n\n\n" 1))))

(ert-deftest lines-flush-keep-and-count ()
  (should (equal (lines-tests--in "a1\nb\na2\nc\n" (flush-lines "^a"))
                 '(2 "b\nc\n" 1)))
  (should (equal (lines-tests--in "a1\nb\na2\nc\n" (keep-lines "^a"))
                 '(nil "a1\na2\n" 1)))
  ;; From point on: the line point is in goes only for a match after it.
  (should (equal (lines-tests--in "a1\nb\na2\nc" (forward-line 1) (flush-lines "a"))
                 '(1 "a1\nb\nc" 4)))
  (should (equal (lines-tests--in "a1\nb\na2\nc\n" (flush-lines "b" 4 6))
                 '(1 "a1\na2\nc\n" 4)))
  (should (equal (lines-tests--in "a1 a\nb\na2\nc\n" (how-many "a")) '(3 "a1 a\nb\na2\nc\n" 1)))
  (should (equal (lines-tests--in "a1 a\nb\na2\nc\n" (count-matches "a" 3))
                 '(2 "a1 a\nb\na2\nc\n" 1)))
  ;; An upper-case letter makes the search case-sensitive.
  (should (equal (car (lines-tests--in "A a" (how-many "a"))) 2))
  (should (equal (car (lines-tests--in "A a" (how-many "A"))) 1)))

(ert-deftest lines-replace-string-and-regexp ()
  (should (equal (lines-tests--in "foo bar foo" (replace-string "foo" "baz"))
                 '(nil "baz bar baz" 12)))
  (should (equal (lines-tests--in "foo bar foo" (forward-char 1) (replace-string "foo" "baz"))
                 '(nil "foo bar baz" 12)))
  (should (equal (lines-tests--in "a1 b22" (replace-regexp "\\([a-z]\\)\\([0-9]+\\)" "\\2\\1"))
                 '(nil "1a 22b" 7)))
  ;; Ignoring case, the replacement takes the case of what it replaces.
  (should (equal (lines-tests--in "Foo foo FOO" (replace-string "foo" "bar"))
                 '(nil "Bar bar BAR" 12)))
  (should (equal (lines-tests--in "Foo foo FOO"
                   (let ((case-fold-search nil)) (replace-string "foo" "bar")))
                 '(nil "Foo bar FOO" 8)))
  (should (equal (lines-tests--in "foo foobar foo" (replace-string "foo" "x" t))
                 '(nil "x foobar x" 11)))
  (should (equal (lines-tests--in "aXa aXa" (replace-string "a" "b" nil 1 4))
                 '(nil "bXb aXa" 4)))
  ;; An empty match is not replaced next to the last match, nor at the end.
  (should (equal (lines-tests--in "xyz" (replace-regexp "y*" "-"))
                 '(nil "-x-z" 4)))
  ;; The mark is left where point was.
  (with-temp-buffer
    (insert "foo foo")
    (goto-char 2)
    (replace-string "o" "0")
    (should (equal (list (buffer-string) (mark t)) '("f00 f00" 2)))))

(ert-deftest lines-reverse-region-moves-point-to-its-start ()
  ;; Emacs deletes the lines and inserts them reversed: point, inside
  ;; them or at their end, ends up where they start.
  (with-temp-buffer
    (insert "hello world")
    (reverse-region (point-min) (point-max))
    (should (equal (point) 1)))
  (with-temp-buffer
    (insert "a\nb\nc")
    (goto-char 4)
    (reverse-region 3 (point-max))
    (should (equal (list (buffer-string) (point)) '("a\nc\nb" 3)))))

;; Which strings search case-sensitively, and the backward adjacent
;; deletion of duplicate lines in part of a buffer.
(ert-deftest lines-upper-case-and-backward-duplicates ()
  (should (equal (mapcar (lambda (s) (list (isearch-no-upper-case-p s nil)
                                           (isearch-no-upper-case-p s t)))
                         '("abc" "aBc" "\\B" "\\\\B" "a\\" "[[:upper:]]" "[[:lower:]]"))
                 '((t t) (nil nil) (nil t) (nil nil) (t t) (t nil) (t nil))))
  (should (equal (lines-tests--in "a\nb\nb\na\nb\nc\nc\n" (delete-duplicate-lines 3 13 t t))
                 '(1 "a\nb\na\nb\nc\nc\n" 1))))

;;; lines-tests.el ends here
