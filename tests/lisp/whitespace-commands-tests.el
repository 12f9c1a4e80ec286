;;; whitespace-commands-tests.el --- the editing commands on blanks, as in Emacs 28  -*- lexical-binding: t -*-

;; Each case inserts TEXT, puts point at POS, calls the command and
;; compares what it returned, the text and point with what `emacs -Q
;; -batch' gives.

(require 'ert)

(defun whitespace-commands--run (text pos command &rest args)
  "(VALUE TEXT POINT) after COMMAND, called with ARGS at POS in TEXT."
  (with-temp-buffer
    (insert text)
    (goto-char pos)
    (let ((value (apply command args)))
      (list value (buffer-string) (point)))))

(defun whitespace-commands--check (cases)
  "Each case is (TEXT POS COMMAND ARGS VALUE RESULT-TEXT RESULT-POINT)."
  (dolist (case cases)
    (should (equal (cons case (apply #'whitespace-commands--run
                                     (nth 0 case) (nth 1 case) (nth 2 case) (nth 3 case)))
                   (cons case (nthcdr 4 case))))))

(ert-deftest whitespace-commands-horizontal-space ()
  (whitespace-commands--check
   '(("a  \t b" 4 delete-horizontal-space nil nil "ab" 2)
     ("a  \t b" 4 delete-horizontal-space (t) nil "a\t b" 2)
     ("ab" 2 delete-horizontal-space nil nil "ab" 2)
     ("a  \t b" 4 just-one-space nil nil "a b" 3)
     ("a  \t b" 4 just-one-space (3) nil "a   b" 5)
     ("a  b" 3 just-one-space (0) nil "ab" 2)
     ("a \n\n  b" 4 just-one-space (-1) nil "a b" 3)
     ("ab" 2 just-one-space nil nil "a b" 3)
     ("a \n \n b" 3 just-one-space (-1) nil "a b" 3)
     ("a  \t b" 4 cycle-spacing nil nil "a b" 3)
     ("a \n \n b" 3 cycle-spacing (-1 t) nil "a b" 3))))

(defun whitespace-commands--cycle (text pos &rest calls)
  "(TEXT POINT) after each of CALLS, argument lists for `cycle-spacing',
made one after the other from POS in TEXT as in batch Emacs, where
`last-command' and `this-command' are both nil."
  (let ((cycle-spacing--context nil)
        (last-command nil)
        (this-command nil))
    (with-temp-buffer
      (insert text)
      (goto-char pos)
      (mapcar (lambda (args)
                (should-not (apply #'cycle-spacing args))
                (list (buffer-string) (point)))
              calls))))

(ert-deftest whitespace-commands-cycle-spacing-repeated ()
  ;; One space, then none, then what was there, then one again.
  (should (equal (whitespace-commands--cycle "a   \t  b" 4 nil nil nil nil)
                 '(("a b" 3) ("ab" 2) ("a   \t  b" 4) ("a b" 3))))
  ;; No blanks at first: nothing to put back, so the next call is a
  ;; first one too; another argument starts again.
  (should (equal (whitespace-commands--cycle "ab" 2 nil nil '(2) '(2) '(2))
                 '(("a b" 3) ("a b" 3) ("a  b" 4) ("ab" 2) ("a b" 3))))
  (should (equal (whitespace-commands--cycle "a    b" 3 '(1) '(2) '(2) '(1))
                 '(("a b" 3) ("a  b" 4) ("ab" 2) ("a b" 3))))
  (should (equal (whitespace-commands--cycle "a \n\n  b" 3 '(-1) '(-1) '(-1))
                 '(("a b" 3) ("ab" 2) ("a \n\n  b" 3))))
  (should (equal (whitespace-commands--cycle "a b" 3 '(1 nil fast) '(1 nil fast) '(1 nil fast))
                 '(("ab" 2) ("a b" 3) ("ab" 2))))
  (should (equal (whitespace-commands--cycle "a    b" 3 '(1 nil single-shot) '(1 nil single-shot))
                 '(("a b" 3) ("a b" 3)))))

(ert-deftest whitespace-commands-cycle-spacing-other-commands ()
  ;; A call after another command is a first one.
  (let ((cycle-spacing--context nil)
        (last-command 'other)
        (this-command 'cycle-spacing))
    (with-temp-buffer
      (insert "a   b")
      (goto-char 3)
      (cycle-spacing)
      (cycle-spacing)
      (should (equal (list (buffer-string) (point)) '("a b" 3)))
      (setq last-command 'cycle-spacing)
      (cycle-spacing)
      (should (equal (list (buffer-string) (point)) '("ab" 2)))
      ;; just-one-space is always a first round.
      (just-one-space)
      (should (equal (list (buffer-string) (point)) '("a b" 3))))))

(ert-deftest whitespace-commands-fixup-whitespace ()
  (whitespace-commands--check
   '(("a  \t b" 4 fixup-whitespace nil nil "a b" 2)
     ("ab" 2 fixup-whitespace nil nil "a b" 2)
     ("(  a  )" 2 fixup-whitespace nil nil "(a  )" 2)
     ("(a  )" 4 fixup-whitespace nil nil "(a)" 3)
     ("a\n   b" 3 fixup-whitespace nil nil "a\nb" 3)
     ("a   \nb" 3 fixup-whitespace nil nil "a\nb" 2)
     ("  a" 2 fixup-whitespace nil nil "a" 1))))

(ert-deftest whitespace-commands-delete-blank-lines ()
  (whitespace-commands--check
   '(("a\n\n\n\nb" 3 delete-blank-lines nil nil "a\n\nb" 3)
     ("a\n\nb" 3 delete-blank-lines nil nil "a\nb" 3)
     ("a\n\n\nb" 1 delete-blank-lines nil nil "a\nb" 1)
     ("a\n  \n \nb" 4 delete-blank-lines nil nil "a\n  \nb" 3)
     ("\n\n\nb" 1 delete-blank-lines nil nil "\nb" 1)
     ("x\n\n  \n" 3 delete-blank-lines nil nil "x\n" 3)
     ("a\nb" 1 delete-blank-lines nil nil "a\nb" 1))))

(ert-deftest whitespace-commands-delete-trailing-whitespace ()
  (whitespace-commands--check
   '(("a  \nb\t\n c \n\n\n" 1 delete-trailing-whitespace nil nil "a\nb\n c\n" 1)
     ("a  \nb\t\n c \n\n\n" 1 delete-trailing-whitespace (1 6) nil "a\nb\t\n c \n\n\n" 1)
     ("a  \nb\t\n c \n\n\n" 1 delete-trailing-whitespace (3) nil "a\nb\n c\n" 1)
     ("a \f\nb  \f \n" 1 delete-trailing-whitespace nil nil "a \f\nb  \f\n" 1)
     ("a\u00a0\n" 1 delete-trailing-whitespace nil nil "a\n" 1)
     ("a  " 2 delete-trailing-whitespace nil nil "a" 2)))
  (let ((delete-trailing-lines nil))
    (should (equal (whitespace-commands--run "a \n\n\n" 1 #'delete-trailing-whitespace)
                   '(nil "a\n\n\n" 1))))
  ;; Narrowed, the empty lines at the end stay.
  (with-temp-buffer
    (insert "a  \n\n")
    (narrow-to-region 1 4)
    (delete-trailing-whitespace)
    (widen)
    (should (equal (buffer-string) "a\n\n"))))

(ert-deftest whitespace-commands-indentation ()
  (whitespace-commands--check
   '(("   abc" 6 back-to-indentation nil nil "   abc" 4)
     ("a\n  b\n\nc\n" 1 indent-rigidly (1 9 2) nil "  a\n    b\n\n  c\n" 1)
     ("a\n  b\n\nc\n" 1 indent-region (1 9 4) t "    a\n    b\n\n    c\n" 1)
     ("a\n  b\n  \nc\n" 3 indent-region (3 11 1) t "a\n b\n\n c\n" 3)))
  (should (eq (default-value 'indent-line-function) 'indent-relative))
  (should (eq (default-value 'indent-region-function) 'indent-region-line-by-line))
  ;; Line by line, in a mode whose indenting only tabs: each line takes
  ;; the indentation of the line before it.
  (with-temp-buffer
    (let ((messages (with-current-buffer (messages-buffer) (buffer-size))))
      (insert "a\n  b\n\n   c\n d\n")
      (should (eq (indent-region 1 (point-max)) t))
      (should (equal (buffer-string) "a\nb\n\nc\nd\n"))
      (should (equal (with-current-buffer (messages-buffer)
                       (split-string (buffer-substring (1+ messages) (point-max)) "\n" t))
                     '("Indenting region...done")))))
  (with-temp-buffer
    (insert "  a\nb\n  ")
    (should-not (indent-according-to-mode))
    (should (equal (list (buffer-string) (point)) '("  a\nb\n" 7)))
    (goto-char 5)
    (should (eq (indent-according-to-mode) 2))
    (should (equal (list (buffer-string) (point)) '("  a\n  b\n" 7))))
  (with-temp-buffer
    (setq-local indent-region-function (lambda (start end) (insert (format "%s-%s" start end))))
    (insert "xy")
    (indent-region 1 2)
    (should (equal (buffer-string) "xy1-2"))))

;;; whitespace-commands-tests.el ends here
