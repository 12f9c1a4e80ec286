;;; indent-tests.el --- tab stops, TAB, relative indentation, margins  -*- lexical-binding: t -*-

;; Each expectation was read off GNU Emacs 28; the file passes there too.

(require 'ert)

(defmacro indent-tests--in (text pos &rest body)
  "Run BODY in a buffer holding TEXT, point at POS, with Emacs's defaults
for the indentation variables; return (VALUE POINT TEXT), VALUE being
BODY's value, or `marker' for a marker."
  (declare (indent 2))
  `(with-temp-buffer
     (insert ,text)
     (goto-char ,pos)
     (setq indent-tabs-mode t tab-width 8 left-margin 0)
     (let* ((tab-stop-list nil) (fill-prefix nil) (tab-always-indent t)
            (indent-line-function 'indent-relative)
            (value (progn ,@body)))
       (list (if (markerp value) 'marker value) (point)
             (buffer-substring-no-properties (point-min) (point-max))))))

(ert-deftest indent-next-tab-stop-without-list ()
  (let ((tab-stop-list nil) (tab-width 4))
    (should (equal (mapcar #'indent-next-tab-stop '(-10 -7 -3 0 3 4 9))
                   '(-4 0 4 4 4 8 12)))
    (should (equal (mapcar (lambda (c) (indent-next-tab-stop c t)) '(-10 0 1 4 5 9))
                   '(-4 -4 0 0 4 8)))))

(ert-deftest indent-next-tab-stop-with-list ()
  (let ((tab-stop-list '(2 5)) (tab-width 8))
    (should (equal (mapcar #'indent-next-tab-stop '(-3 0 2 3 5 8 10 20))
                   '(2 2 5 5 8 11 11 23)))
    (should (equal (mapcar (lambda (c) (indent-next-tab-stop c t)) '(-3 2 3 5 8 10 20))
                   '(0 0 2 2 5 8 17))))
  ;; One stop: `tab-width' apart after it.
  (let ((tab-stop-list '(4)) (tab-width 8))
    (should (equal (mapcar #'indent-next-tab-stop '(0 4 5 12)) '(4 12 12 20)))
    (should (equal (mapcar (lambda (c) (indent-next-tab-stop c t)) '(3 4 5 12 13))
                   '(0 -4 4 4 12)))))

(ert-deftest indent-accumulate-tab-stops-up-to-limit ()
  (let ((tab-stop-list nil) (tab-width 8))
    (should (equal (mapcar #'indent-accumulate-tab-stops '(-1 7 8 20))
                   '(nil nil (8) (8 16)))))
  (let ((tab-stop-list '(-2 3)) (tab-width 4))
    (should (equal (indent-accumulate-tab-stops 13) '(3 8 13)))))

(ert-deftest indent-tab-to-tab-stop ()
  ;; The blanks before point go; those after stay.
  (should (equal (indent-tests--in "abc  def" 4 (tab-to-tab-stop)) '(8 5 "abc\t  def")))
  (should (equal (indent-tests--in "abc  def" 6 (tab-to-tab-stop)) '(8 5 "abc\tdef")))
  (should (equal (indent-tests--in "abc" 4 (setq indent-tabs-mode nil) (tab-to-tab-stop))
                 '(8 9 "abc     "))))

(ert-deftest indent-move-to-tab-stop ()
  (should (equal (indent-tests--in "abc  def" 4 (move-to-tab-stop)) '(nil 9 "abc  def")))
  (should (equal (indent-tests--in "abc" 4 (move-to-tab-stop)) '(nil 5 "abc\t")))
  ;; A tab spanning the stop is split; spaces the tab can replace go.
  (should (equal (indent-tests--in "a\tdef" 2
                   (let ((tab-stop-list '(2 6))) (move-to-tab-stop)))
                 '(nil 3 "a \tdef")))
  (should (equal (indent-tests--in "ab  \tc" 5 (move-to-tab-stop)) '(nil 4 "ab\tc"))))

(ert-deftest indent-move-to-tab-stop-without-tabs ()
  ;; The rest of a split tab is indentation again, here spaces.
  (should (equal (indent-tests--in "a   \tdef" 3
                   (setq indent-tabs-mode nil)
                   (let ((tab-stop-list '(2 6))) (move-to-tab-stop)))
                 '(nil 7 "a       def"))))

(ert-deftest indent-insert-tab ()
  (should (equal (indent-tests--in "abc" 2 (insert-tab 3)) '(nil 5 "a\t\t\tbc")))
  (should (equal (indent-tests--in "abc" 2 (setq indent-tabs-mode nil) (insert-tab 2))
                 '(16 17 "a               bc")))
  (should (equal (indent-tests--in "abc" 2 (setq indent-tabs-mode nil) (insert-tab -2))
                 '(1 2 "abc")))
  (should (equal (indent-tests--in "  y" 3 (insert-tab)) '(nil 4 "  \ty"))))

(ert-deftest indent-relative-to-previous-line ()
  (should (equal (indent-tests--in "  foo bar  baz\nx" 17 (indent-relative))
                 '(marker 18 "  foo bar  baz\nx ")))
  (should (equal (indent-tests--in "  foo bar  baz\nxxxxxxxx" 24 (indent-relative))
                 '(marker 27 "  foo bar  baz\nxxxxxxxx   ")))
  ;; Past the last indent point: a tab stop, or nothing.
  (should (equal (indent-tests--in "  foo bar  baz\nxxxxxxxxxxxxxxxx" 32 (indent-relative))
                 '(24 33 "  foo bar  baz\nxxxxxxxxxxxxxxxx\t")))
  (should (equal (indent-tests--in "  foo bar  baz\nxxxxxxxxxxxxxxxx" 32 (indent-relative nil t))
                 '(nil 32 "  foo bar  baz\nxxxxxxxxxxxxxxxx")))
  ;; A line of blanks is a line to indent under; an empty one is not.
  (should (equal (indent-tests--in "  foo bar  baz\n\n  \n  yy" 21 (indent-relative))
                 '(marker 22 "  foo bar  baz\n\n  \n   yy")))
  (should (equal (indent-tests--in "xx" 2 (indent-relative)) '(8 3 "x\tx")))
  (should (equal (indent-tests--in "xx" 2 (indent-relative nil t)) '(nil 2 "xx"))))

(ert-deftest indent-relative-first-only ()
  (should (equal (indent-tests--in "  foo bar  baz\nxxxx" 20 (indent-relative t))
                 '(marker 20 "  foo bar  baz\nxxxx")))
  (should (equal (indent-tests--in "  foo bar  baz\nx" 16 (indent-relative-first-indent-point))
                 '(marker 18 "  foo bar  baz\n  x")))
  (should (equal (indent-tests--in "foo\n" 5 (indent-relative-first-indent-point))
                 '(marker 5 "foo\n")))
  ;; With no line above, a tab stop all the same.
  (should (equal (indent-tests--in "ab" 2 (indent-relative-first-indent-point))
                 '(8 3 "a\tb")))
  (should (eq (indirect-function 'indent-relative-maybe)
              (indirect-function 'indent-relative-first-indent-point))))

(ert-deftest indent-for-tab-command-modes ()
  (should (equal (indent-tests--in "x\n  y" 5 (indent-for-tab-command)) '(nil 4 "x\n\ty")))
  (should (equal (indent-tests--in "  x\nyy\n" 6 (indent-for-tab-command))
                 '(nil 7 "  x\ny y\n")))
  ;; With nil, TAB past the indentation inserts a tab.
  (should (equal (indent-tests--in "  x\nyy\n" 6
                   (setq tab-always-indent nil) (indent-for-tab-command))
                 '(nil 7 "  x\ny\ty\n")))
  (should (equal (indent-tests--in "  x\nyy\n" 6
                   (setq indent-line-function 'indent-to-left-margin left-margin 3)
                   (indent-for-tab-command))
                 '(nil 7 "  x\ny\ty\n")))
  (should (equal (indent-tests--in "  x\nyy\n" 6
                   (setq indent-line-function (lambda () 'noindent))
                   (indent-for-tab-command))
                 '(nil 6 "  x\nyy\n")))
  ;; With a prefix, the rest of the expression moves along.
  (should (equal (indent-tests--in "  x\n(yy\n z)\n" 5
                   (setq indent-line-function (lambda () (indent-line-to 3)))
                   (indent-for-tab-command '(4)))
                 '(nil 8 "  x\n   (yy\n    z)\n"))))

(ert-deftest indent-for-tab-command-insert-tab-value ()
  (should (equal (indent-tests--in "ab\n" 2
                   (setq indent-line-function 'indent-to-left-margin indent-tabs-mode nil)
                   (indent-for-tab-command))
                 '(8 9 "a       b\n"))))

(ert-deftest indent-rigidly-by-one-and-to-tab-stops ()
  (should (equal (indent-tests--in "  abc\n x\n\tz\n" 1 (indent-rigidly-left 1 12))
                 '(nil 1 " abc\nx\n       z\n")))
  (should (equal (indent-tests--in "  abc\n x\n\tz\n" 1 (indent-rigidly-right 1 12))
                 '(nil 1 "   abc\n  x\n\t z\n")))
  ;; The least indentation goes to a tab stop, the rest along with it.
  (should (equal (indent-tests--in "  abc\n         x\n          z\n" 1
                   (indent-rigidly-right-to-tab-stop 1 22))
                 '(nil 1 "\tabc\n\t       x\n\t\tz\n")))
  (should (equal (indent-tests--in "     abc\n         x\n          z\n" 1
                   (let ((tab-stop-list '(3 5))) (indent-rigidly-left-to-tab-stop 1 22)))
                 '(nil 1 "   abc\n       x\n\tz\n")))
  ;; Blank lines are left out of the least, unless last.
  (should (equal (indent-tests--in " \n    z\n" 1 (indent-rigidly-right-to-tab-stop 1 9))
                 '(nil 1 "\n\tz\n")))
  (should (equal (indent-tests--in "    z\n \n" 1 (indent-rigidly-right-to-tab-stop 1 9))
                 '(nil 1 "\t   z\n\n")))
  (should (equal (car (indent-tests--in "\n" 1
                        (condition-case err (indent-rigidly-right-to-tab-stop 1 1)
                          (error (car err)))))
                 'wrong-type-argument)))

(ert-deftest indent-code-rigidly-skips-strings ()
  (should (equal (indent-tests--in "(a\n \"b\n c\"\n ;x\n d)\n" 1
                   (indent-code-rigidly 1 23 2))
                 '(nil 1 "  (a\n   \"b\n c\"\n   ;x\n   d)\n")))
  (should (equal (indent-tests--in "(a\n \"b\n c\"\n ;x\n d)\n" 1
                   (indent-code-rigidly 1 23 3 "^ d"))
                 '(nil 1 "   (a\n    \"b\n c\"\n    ;x\n d)\n")))
  (should (equal (indent-tests--in "(a \"x\n  y\"\n  b)\n" 3 (indent-code-rigidly 3 17 2))
                 '(nil 3 "(a \"x\n  y\"\n    b)\n"))))

(ert-deftest indent-forward-and-backward-to-indentation ()
  (should (equal (indent-tests--in "a \nb\n  c\n" 1 (forward-to-indentation 2))
                 '(2 8 "a \nb\n  c\n")))
  (should (equal (indent-tests--in "a \nb\n  c" 1 (forward-to-indentation 5))
                 '(0 9 "a \nb\n  c")))
  (should (equal (indent-tests--in "  a \n   x" 8 (backward-to-indentation)) '(2 3 "  a \n   x")))
  (should (equal (indent-tests--in "a " 3 (backward-to-indentation -2)) '(0 3 "a ")))
  (should (equal (indent-tests--in "  a \n   x" 3 (backward-to-indentation -1))
                 '(3 9 "  a \n   x"))))

(ert-deftest indent-beginning-of-line-text ()
  (should (equal (indent-tests--in "  abc\n" 4 (beginning-of-line-text)) '(nil 3 "  abc\n")))
  (should (equal (indent-tests--in ";; abc\n" 4
                   (let ((fill-prefix ";;")) (beginning-of-line-text)))
                 '(nil 3 ";; abc\n")))
  (should (equal (indent-tests--in "  ;; abc\n" 4
                   (let ((fill-prefix ";; ")) (beginning-of-line-text)))
                 '(nil 6 "  ;; abc\n")))
  ;; Adaptive filling's prefix is skipped too.
  (should (equal (indent-tests--in "  - abc\n" 4 (beginning-of-line-text)) '(nil 5 "  - abc\n")))
  (should (equal (indent-tests--in "x\n  abc\n" 1 (beginning-of-line-text 2))
                 '(nil 5 "x\n  abc\n")))
  (should (equal (indent-tests--in "  abc\n" 4
                   (let ((default-justification 'center)) (beginning-of-line-text)))
                 '(0 3 "  abc\n"))))

(ert-deftest indent-to-left-margin-moves-point-out-of-indentation ()
  (should (equal (indent-tests--in "  abc\n" 2 (setq left-margin 3) (indent-to-left-margin))
                 '(2 4 "   abc\n")))
  (should (equal (indent-tests--in "      abc\n" 8 (setq left-margin 3) (indent-to-left-margin))
                 '(nil 5 "   abc\n"))))

(defun indent-tests--margins (text from to function &rest args)
  "TEXT after FUNCTION on FROM..TO and ARGS: the text, then the runs of
characters with margin properties, as (START END LEFT RIGHT)."
  (with-temp-buffer
    (insert text)
    (setq indent-tabs-mode t tab-width 8)
    (apply function from to args)
    (let ((runs nil))
      (dotimes (i (buffer-size))
        (let ((margins (list (get-text-property (1+ i) 'left-margin)
                             (get-text-property (1+ i) 'right-margin)))
              (last-run (car runs)))
          (cond ((equal margins '(nil nil)))
                ((and last-run (= (nth 1 last-run) (1+ i))
                      (equal (nthcdr 2 last-run) margins))
                 (setcar (cdr last-run) (+ i 2)))
                (t (push (cons (1+ i) (cons (+ i 2) margins)) runs)))))
      (list (buffer-substring-no-properties (point-min) (point-max)) (nreverse runs)))))

(ert-deftest indent-set-left-margin ()
  (should (equal (indent-tests--margins "abc\ndef" 1 5 #'set-left-margin 4)
                 '("    abc\ndef" ((5 9 4 nil)))))
  (should (equal (indent-tests--margins "  abc\ndef\n" 2 9 #'set-left-margin 3)
                 '("     abc\n   def\n" ((6 15 3 nil)))))
  ;; The old margin's worth of indentation goes first.
  (should (equal (let ((left-margin 6))
                   (indent-tests--margins "    (f\ng)\n" 2 6 #'set-left-margin 6))
                 '("      (f\ng)\n" ((7 8 6 nil))))))

(ert-deftest indent-increase-and-decrease-margins ()
  (should (equal (indent-tests--margins "  abc\ndef\n" 2 9 #'increase-left-margin nil)
                 '("      abc\n    def\n" ((7 17 4 nil)))))
  (should (equal (indent-tests--margins "  abc\ndef\n" 2 9 #'decrease-left-margin 1)
                 '(" abc\ndef\n" ((2 8 0 nil)))))
  (should (equal (indent-tests--margins "  abc\ndef\n" 2 9 #'set-right-margin 3)
                 '("  abc\ndef\n" ((1 9 nil 3)))))
  (should (equal (indent-tests--margins "  abc\ndef\n" 2 4 #'decrease-right-margin -2)
                 '("  abc\ndef\n" ((2 4 nil 2))))))

(ert-deftest indent-delete-to-left-margin ()
  (with-temp-buffer
    (insert "    (f\n  g)\n\t\tx")
    (setq left-margin 10 indent-tabs-mode t tab-width 8)
    (should (markerp (delete-to-left-margin 2 18)))
    (should (equal (buffer-string) "    (f\ng)\n\tx"))))

(ert-deftest indent-variables-preloaded ()
  (should (equal (default-value 'tab-stop-list) nil))
  (should (equal (default-value 'standard-indent) 4))
  (should (eq (default-value 'tab-always-indent) t))
  (should (special-variable-p 'tab-stop-list))
  (should-not (featurep 'indent)))

;;; indent-tests.el ends here

(ert-deftest indent-code-rigidly-comments-move-strings-stay ()
  ;; Lines inside a comment move with the code; lines starting inside a
  ;; string stay.
  (with-temp-buffer
    (insert "a\n  /* a\n   b */\n  \"x\n  y\"\n  z\n")
    (indent-code-rigidly 1 (point-max) 2)
    (should (equal (buffer-string) "  a\n    /* a\n     b */\n    \"x\n  y\"\n    z\n")))
  (with-temp-buffer
    (insert "ab \"x\n  y\"\n  z\n w")
    (indent-code-rigidly 3 (point-max) -1 "^ *w")
    (should (equal (buffer-string) "ab \"x\n  y\"\n z\n w"))))
