;;; editing-commands-tests.el --- open-line, delete-indentation, tabify, zapping, counting  -*- lexical-binding: t -*-

;; Each expected value is what `emacs -Q -batch' (Emacs 28) gives.

(require 'ert)

(defmacro editing-commands--in (text pos &rest body)
  "(VALUE TEXT POINT) after BODY in a buffer of TEXT with point at POS."
  (declare (indent 2))
  `(with-temp-buffer
     (setq kill-ring nil)
     (insert ,text)
     (goto-char ,pos)
     (let ((value (progn ,@body)))
       (list value (buffer-string) (point)))))

(ert-deftest editing-commands-open-line ()
  (should (equal (editing-commands--in "ab" 2 (open-line 2)) '(nil "a\n\nb" 2)))
  (should (equal (editing-commands--in "ab" 1 (open-line 1)) '(nil "\nab" 1)))
  ;; At a line's start the fill prefix goes on the new empty line.
  (should (equal (editing-commands--in "ab" 1 (setq fill-prefix "> ") (open-line 1))
                 '(nil "> \nab" 3))))

(ert-deftest editing-commands-delete-indentation ()
  (should (equal (editing-commands--in "one\n   two\nthree" 10 (delete-indentation))
                 '(nil "one two\nthree" 4)))
  (should (equal (editing-commands--in "one\n   two\nthree" 1 (delete-indentation t))
                 '(nil "one two\nthree" 4)))
  ;; Before a closing paren, no space is left.
  (should (equal (editing-commands--in "(a\n  )" 4 (delete-indentation))
                 '(nil "(a)" 3)))
  ;; On the first line there is nothing to join.
  (should (equal (editing-commands--in "one\ntwo" 2 (delete-indentation))
                 '(nil "one\ntwo" 1)))
  ;; A region joins all its lines.
  (should (equal (editing-commands--in "a\nb\nc\nd" 1 (delete-indentation nil 1 6))
                 '(nil "a b c\nd" 2)))
  ;; The fill prefix of a joined line goes.
  (should (equal (editing-commands--in ";; a\n;; b" 8
                   (setq fill-prefix ";; ")
                   (delete-indentation))
                 '(nil ";; a b" 5)))
  ;; A region within one line joins nothing; ARG on the last line
  ;; leaves the text alone too.
  (should (equal (editing-commands--in "a\n  b c\nd" 7 (delete-indentation nil 6 7))
                 '(nil "a\n  b c\nd" 6)))
  (should (equal (editing-commands--in "a\nb" 3 (delete-indentation t))
                 '(nil "a\nb" 4)))
  ;; ARG wins over a region.
  (should (equal (editing-commands--in "a\nb\nc" 1 (delete-indentation t 1 5))
                 '(nil "a b\nc" 2))))

(ert-deftest editing-commands-tabify-untabify ()
  (should (equal (editing-commands--in "a\tb  c" 1 (untabify 1 (point-max)))
                 '(0 "a       b  c" 1)))
  (should (equal (editing-commands--in "a       b   c" 3 (tabify 1 (point-max)))
                 '(nil "a\tb   c" 2)))
  ;; A run inside one tab stop stays spaces.
  (should (equal (editing-commands--in "abc  x" 1 (tabify 1 (point-max)))
                 '(nil "abc  x" 1)))
  (should (equal (editing-commands--in "\t\tx" 3 (untabify 1 (point-max)))
                 '(16 "                x" 17)))
  (let ((tab-width 4))
    (should (equal (editing-commands--in "a   b" 1 (tabify 1 (point-max)))
                   '(nil "a\tb" 1)))))

(ert-deftest editing-commands-count-words ()
  (with-temp-buffer
    (insert "foo bar-baz, qux")
    (should (equal (count-words 1 (point-max)) 4))
    (should (equal (count-words 3 9) 2))
    (should (equal (count-words 1 1) 0))
    (should (equal (should-error (count-words -1 2)) '(args-out-of-range -1 2)))))

(ert-deftest editing-commands-zap ()
  ;; case-fold-search is t: the second b is the B.
  (should (equal (editing-commands--in "abcBde" 1 (list (zap-to-char 2 ?b) (car kill-ring)))
                 '((nil "abcB") "de" 1)))
  (should (equal (editing-commands--in "abcbde" 1 (zap-up-to-char 1 ?b) (car kill-ring))
                 '("a" "bcbde" 1)))
  (should (equal (editing-commands--in "abcbde" 6 (zap-up-to-char -1 ?b) (car kill-ring))
                 '("d" "abcbe" 5)))
  (should (equal (editing-commands--in "abc" 1 (condition-case e (zap-to-char 1 ?z) (error e)))
                 '((search-failed "z") "abc" 1))))

(ert-deftest editing-commands-line-end-before-the-first-line ()
  ;; Going back past the first line ends at the accessible start.
  (should (equal (editing-commands--in "ab\ncd" 5
                   (list (line-end-position 0) (line-end-position -1)
                         (progn (end-of-line -3) (point))))
                 '((3 1 1) "ab\ncd" 1)))
  (should (equal (editing-commands--in "ab\ncd\nef" 8 (line-end-position -1))
                 '(3 "ab\ncd\nef" 8))))

(ert-deftest editing-commands-count-lines-narrowing ()
  ;; count-lines narrows to its region, wherever the present narrowing is.
  (with-temp-buffer
    (insert "ab\ncd")
    (narrow-to-region 4 6)
    (should (equal (count-lines 1 4) 1))
    (should (equal (should-error (count-lines 0 3)) '(args-out-of-range 0 3)))))

(ert-deftest editing-commands-skip-chars-ignores-case-fold ()
  (with-temp-buffer
    (insert "ABC")
    (goto-char 1)
    (let ((case-fold-search t))
      (should (equal (skip-chars-forward "a-c") 0))
      (should (equal (skip-chars-forward "A-C") 3))
      (should (equal (skip-chars-backward "abc") 0)))))

;; Columns count tabs to multiples of tab-width, or of 8 where it is
;; not a width from 1 to 1000.
(ert-deftest editing-commands-columns-follow-tab-width ()
  (dolist (case '((3 (4 4 4 12 "a\tb\t\t\t"))
                  (-1 (9 3 8 12 "a\t    b"))
                  (2000 (9 3 8 12 "a\t    b"))))
    (let ((tab-width (car case)))
      (with-temp-buffer
        (insert "a\tb")
        (should (equal (list (current-column)
                             (progn (goto-char 2) (move-to-column 5) (point))
                             (current-column)
                             (progn (indent-to 12) (current-column))
                             (buffer-string))
                       (cadr case)))))))

(ert-deftest editing-commands-indent-to-inherits ()
  ;; The blanks take the properties of the text before them, unless it
  ;; is rear-nonsticky.
  (with-temp-buffer
    (setq indent-tabs-mode nil)
    (insert (propertize "ab" 'face 'bold))
    (indent-to 5)
    (should (equal (buffer-string) #("ab   " 0 5 (face bold)))))
  (with-temp-buffer
    (setq indent-tabs-mode nil)
    (insert (propertize "ab" 'face 'bold 'rear-nonsticky t))
    (indent-to 4)
    (should (equal (buffer-string) #("ab  " 0 2 (face bold rear-nonsticky t))))))


;; Emacs 28's next-line and previous-line from Lisp: no command loop, so
;; each starts a new run of line moves at the current column; past the
;; end they stop at the buffer's edge and signal.
(ert-deftest editing-next-and-previous-line ()
  (with-temp-buffer
    (insert "abcdef\nab\nabcdefgh\n\nxyz")
    (goto-char 5)
    (should (equal
             (mapcar (lambda (step)
                       (let ((r (condition-case e (apply (car step) (cdr step)) (error e))))
                         (list r (point) (current-column))))
                     '((next-line) (next-line) (next-line) (next-line) (next-line)
                       (previous-line) (previous-line 2) (previous-line) (previous-line)
                       (next-line 10) (previous-line 10)))
             '((nil 10 2) (nil 13 2) (nil 20 0) (nil 21 0) ((end-of-buffer) 24 3)
               (nil 20 0) (nil 8 0) (nil 1 0) ((beginning-of-buffer) 1 0)
               ((end-of-buffer) 24 3) ((beginning-of-buffer) 1 0)))))
  (with-temp-buffer
    (insert "abc\ndef")
    (goto-char 2)
    (let ((goal-column 5)) (next-line))
    (should (equal (list (point) (current-column)) '(8 3))))
  (with-temp-buffer
    (insert "a\tb\nxxxxxxxxxxxx\n")
    (goto-char 3)
    (next-line)
    (should (equal (list (point) (current-column)) '(13 8))))
  (with-temp-buffer
    (insert "ab\ncd")
    (goto-char 2)
    (let ((next-line-add-newlines t))
      (next-line)
      (should (equal (list (buffer-string) (point)) '("ab\ncd" 5)))
      (next-line)
      (should (equal (list (buffer-string) (point)) '("ab\ncd\n" 7)))))
  (should (commandp 'next-line))
  (should (equal (func-arity 'next-line) '(0 . 2))))

;;; editing-commands-tests.el ends here

(ert-deftest editing-split-line-returns-point ()
  ;; Point skips the blanks after it, stays, and is the value.
  (with-temp-buffer
    (insert "1\ta-foo \t foo  ")
    (goto-char 8)
    (should (= (split-line) 11))
    (should (= (point) 11))
    (should (equal (buffer-string) "1\ta-foo \t \n\t\t foo  "))))
