;;; sort-tests.el --- sort-columns, delete-duplicate-lines, sort-subr and the field sorts  -*- lexical-binding: t -*-

;; Expectations read off GNU Emacs 28; the file passes there too.

(require 'ert)
(require 'sort)
(require 'seq)

(defmacro sort-tests--run (text point mark &rest body)
  "BODY's value (or (ERR . DATA) when it signals), the text, point and
the mark after BODY runs in a buffer holding TEXT with POINT and MARK."
  (declare (indent 3))
  `(with-temp-buffer
     (insert ,text)
     (goto-char ,point)
     (set-marker (mark-marker) ,mark)
     (let ((value (condition-case err (progn ,@body) (error (cons 'ERR err)))))
       (list value (buffer-string) (point) (mark t)))))

(defun sort-tests--error-message (result)
  "RESULT with the message of an `error' it holds as a plain string."
  (if (and (consp (car result)) (eq (caar result) 'ERR))
      (cons (list 'ERR (cadr (car result)) (substring-no-properties (nth 2 (car result))))
            (cdr result))
    result))

(ert-deftest sort-columns-sorts-whole-lines-by-columns ()
  (skip-unless (executable-find "sort"))
  ;; Columns 1 to 3, both included; the program's exit status comes back.
  (should (equal (sort-tests--run "xb 3\nya 2\nzc 1\n" 1 1 (sort-columns nil 2 14))
                 '(0 "ya 2\nxb 3\nzc 1\n" 1 1)))
  ;; The lines BEG and END are on, whole; point and mark inside go to their start.
  (should (equal (sort-tests--run "xb 3\nya 2\nzc 1\n" 9 14 (sort-columns nil 9 14))
                 '(0 "xb 3\nzc 1\nya 2\n" 6 6)))
  ;; A last line without a newline gets one; END before BEG is the same.
  (should (equal (sort-tests--run "b\na\nc" 1 1 (sort-columns nil 1 3))
                 '(0 "a\nb\nc" 1 1)))
  (should (equal (sort-tests--run "b\na\nc" 1 1 (sort-columns nil 6 1))
                 '(0 "a\nb\nc\n" 1 1)))
  ;; A tab outside the region's lines does not matter.
  (should (equal (sort-tests--run "ab\nba\n\tq\n" 1 1 (sort-columns t 1 4))
                 '(0 "ba\nab\n\tq\n" 1 1))))

(ert-deftest sort-columns-ties-case-and-reverse ()
  (skip-unless (executable-find "sort"))
  (let ((text "xb 3\nyB 2\nza 1\n_a 0\nzA 9\n"))
    ;; Bytes compare; equal keys go by the whole line (reversed too with REVERSE).
    (should (equal (sort-tests--run text 1 1 (sort-columns nil 2 22))
                   '(0 "zA 9\nyB 2\n_a 0\nza 1\nxb 3\n" 1 1)))
    (should (equal (sort-tests--run text 1 1 (sort-columns t 2 22))
                   '(0 "xb 3\nza 1\n_a 0\nyB 2\nzA 9\n" 1 1)))
    ;; `sort-fold-case' folds to upper case: _ comes after the letters.
    (should (equal (sort-tests--run text 1 1 (let ((sort-fold-case t)) (sort-columns nil 2 22)))
                   '(0 "_a 0\nzA 9\nza 1\nxb 3\nyB 2\n" 1 1)))))

(ert-deftest sort-columns-errors ()
  (should (equal (sort-tests--error-message
                  (sort-tests--run "ab\tx\nba\n" 1 6 (sort-columns nil 1 6)))
                 '((ERR error "sort-columns does not work with tabs -- use M-x untabify")
                   "ab\tx\nba\n" 1 6)))
  (should (equal (sort-tests--run "zb\nya\n" 1 1 (sort-columns nil nil 2))
                 '((ERR wrong-type-argument number-or-marker-p nil) "zb\nya\n" 1 1)))
  ;; Without the program the lines are gone, as in Emacs.
  (should (equal (sort-tests--run "b\na\n" 2 1 (let ((exec-path nil)) (sort-columns nil 1 5)))
                 '((ERR file-missing "Searching for program" "No such file or directory" "sort")
                   "" 1 1))))

(ert-deftest sort-delete-duplicate-lines-arguments ()
  (should (equal (sort-tests--run "a\nb\na\nc\nb\n" 1 1 (delete-duplicate-lines 1 11))
                 '(2 "a\nb\nc\n" 1 1)))
  (should (equal (sort-tests--run "a\nb\na\nc\nb\n" 1 1 (delete-duplicate-lines 1 11 t))
                 '(2 "a\nc\nb\n" 1 1)))
  (should (equal (sort-tests--run "a\na\nb\na\n" 1 1 (delete-duplicate-lines 1 9 nil t))
                 '(1 "a\nb\na\n" 1 1)))
  (should (equal (sort-tests--run "a\n\nb\n\na\n" 1 1 (delete-duplicate-lines 1 10 nil nil t))
                 '(1 "a\n\nb\n\n" 1 1)))
  (should (equal (sort-tests--run "a\n\nb\n\na\n" 1 1 (delete-duplicate-lines 1 10))
                 '(2 "a\n\nb\n" 1 1)))
  (should (equal (sort-tests--run "a\na\n" 5 1 (delete-duplicate-lines 1 5 nil nil nil t))
                 '(1 "a\n" 3 1))))

(ert-deftest sort-delete-duplicate-lines-backward-edges ()
  ;; Going backward, the line BEG is on counts as seen when END is at its end.
  (should (equal (sort-tests--run "x\nB\nB\nB" 1 1 (delete-duplicate-lines 1 3 t))
                 '(1 "B\nB\nB" 1 1)))
  ;; END at the start of the text is an error.
  (should (equal (sort-tests--run "B\nB\n" 5 5 (delete-duplicate-lines 3 1 t))
                 '((ERR beginning-of-buffer) "B\nB\n" 5 5)))
  (should (equal (sort-tests--run "" 1 1 (delete-duplicate-lines 1 1 t))
                 '((ERR beginning-of-buffer) "" 1 1))))

(ert-deftest sort-subr-key-shapes ()
  (let ((text "b 2\na 10\nc 1\n"))
    (should (equal (sort-tests--run text 1 1 (sort-subr nil #'forward-line #'end-of-line))
                   `(nil "a 10\nb 2\nc 1\n" 1 1)))
    (should (equal (sort-tests--run text 1 1 (sort-subr t #'forward-line #'end-of-line))
                   `(nil "c 1\nb 2\na 10\n" 1 1)))
    ;; A number from STARTKEYFUN.
    (should (equal (sort-tests--run text 1 1
                     (sort-subr nil #'forward-line #'end-of-line
                                (lambda () (forward-char 2) (read (current-buffer)))))
                   `(nil "c 1\nb 2\na 10\n" 1 1)))
    ;; STARTKEYFUN moving to the key, which runs to the record's end.
    (should (equal (sort-tests--run text 1 1
                     (sort-subr nil #'forward-line #'end-of-line (lambda () (forward-char 2) nil)))
                   `(nil "c 1\na 10\nb 2\n" 1 1)))
    (should (equal (sort-tests--run text 1 1
                     (sort-subr nil #'forward-line #'end-of-line
                                (lambda () (forward-char 2)
                                  (buffer-substring (point) (line-end-position)))))
                   `(nil "c 1\na 10\nb 2\n" 1 1)))
    ;; A predicate gets the keys, buffer spans here.
    (should (equal (sort-tests--run text 1 1
                     (sort-subr nil #'forward-line #'end-of-line nil (lambda () (forward-char 1))
                                #'string>))
                   `((ERR wrong-type-argument stringp (5 . 6)) ,text 1 1)))
    (should (equal (sort-tests--run text 1 1
                     (sort-subr nil #'forward-line #'end-of-line nil nil
                                (lambda (a b) (> (cdr a) (cdr b)))))
                   `(nil "c 1\na 10\nb 2\n" 1 1)))))

(ert-deftest sort-subr-thrown-keys-case-and-mixed-keys ()
  ;; A key thrown to `key'; nil leaves the record where it is.
  (should (equal (sort-tests--run "b\na\nc\n" 1 1
                   (sort-subr nil #'forward-line #'end-of-line
                              (lambda () (throw 'key (if (looking-at "a") nil (char-after))))))
                 '(nil "b\na\nc\n" 1 1)))
  (should (equal (sort-tests--run "B\na\nC\n" 1 1
                   (let ((sort-fold-case t)) (sort-subr nil #'forward-line #'end-of-line)))
                 '(nil "a\nB\nC\n" 1 1)))
  ;; The first record of the list sorted (the last one when descending)
  ;; says how keys compare: here by `<', which a span then upsets.
  (let ((number-or-nil (lambda () (and (looking-at "[0-9]") (read (current-buffer))))))
    (should (equal (sort-tests--run "1\nb\n2\n" 1 1
                     (sort-subr nil #'forward-line #'end-of-line number-or-nil))
                   '((ERR wrong-type-argument number-or-marker-p (3 . 4)) "1\nb\n2\n" 1 1)))
    (should (equal (sort-tests--run "1\nb\n2\n" 1 1
                     (sort-subr t #'forward-line #'end-of-line number-or-nil))
                   '((ERR wrong-type-argument number-or-marker-p (3 . 4)) "1\nb\n2\n" 1 1)))))

(ert-deftest sort-numeric-and-blank-separated-fields ()
  ;; 0x is hexadecimal, a leading 0 octal.
  (should (equal (sort-tests--run "x 0x1F\ny 017\nz 16\nw -3\nv 10\n" 1 1
                   (sort-numeric-fields 2 (point-min) (point-max)))
                 '(nil "w -3\nv 10\ny 017\nz 16\nx 0x1F\n" 1 1)))
  (should (equal (sort-tests--run "x ff\ny 10\nz 0x1\n" 1 1
                   (let ((sort-numeric-base 16)) (sort-numeric-fields 2 (point-min) (point-max))))
                 '(nil "z 0x1\ny 10\nx ff\n" 1 1)))
  (should (equal (sort-tests--run "x 1\ny\n" 1 1 (sort-numeric-fields 2 1 7))
                 '((ERR error "Line has too few fields: y") "x 1\ny\n" 1 1)))
  (should (equal (sort-tests--run "a z c\nd e\nf b g h\n" 1 1 (sort-fields -2 (point-min) (point-max)))
                 '(nil "d e\nf b g h\na z c\n" 1 1)))
  (should (equal (sort-tests--run "a z c\nd e\nf b g h\n" 1 1 (sort-fields 2 (point-min) (point-max)))
                 '(nil "f b g h\nd e\na z c\n" 1 1))))

(ert-deftest sort-regexp-fields-empty-matches-and-groups ()
  ;; Empty matches are records, except one where the last record ended.
  (should (equal (sort-tests--run "xc xxb a xa" 1 1 (sort-regexp-fields nil "x*" "\\&" 1 12))
                 '(nil "c b xax xxa" 1 1)))
  ;; A group that did not match keys as the whole text.
  (should (equal (sort-tests--run "b 2 a 1" 4 6
                   (sort-regexp-fields nil "\\([a-z]+\\)\\|\\([0-9]+\\)" "\\2" 1 8))
                 '(nil "1 2 b a" 1 1)))
  ;; \0 is no group: a regexp matching 0.
  (should (equal (sort-tests--run "a0 b c0" 1 1 (sort-regexp-fields t "[a-z]0?" "\\0" 1 8))
                 '(nil "a0 b c0" 1 1)))
  (should (equal (sort-tests--run "ab cd" 4 5 (sort-regexp-fields nil "zz" "c" 1 6))
                 '(nil "ab cd" 4 5)))
  ;; An empty match at the end where the last record ended.
  (should (equal (sort-tests--run "b a c" 1 1 (sort-regexp-fields nil "[a-z]\\|$" "\\&" 1 6))
                 '((ERR end-of-buffer) "b a c" 1 1))))

(ert-deftest sort-bad-bounds ()
  (should (equal (sort-tests--run "a 12\nb 3\n" 3 3 (sort-lines nil 0 5))
                 '((ERR args-out-of-range 0 5) "a 12\nb 3\n" 3 3)))
  (should (equal (sort-tests--run "a 12\nb 3\n" 3 3 (sort-lines nil "x" 5))
                 '((ERR wrong-type-argument integer-or-marker-p "x") "a 12\nb 3\n" 3 3)))
  (should (equal (sort-tests--run "a 12\nb 3\n" 3 3 (delete-duplicate-lines 5 nil t))
                 '((ERR error "Marker does not point anywhere") "a 12\nb 3\n" 3 3))))

(defun sort-tests--undo-after (text point command)
  "The text and the undo list without marker adjustments after COMMAND
runs in a buffer holding TEXT with point at POINT."
  (with-temp-buffer
    (buffer-enable-undo)
    (insert text)
    (setq buffer-undo-list nil)
    (goto-char point)
    (funcall command)
    (list (buffer-string)
          (seq-remove (lambda (entry) (and (consp entry) (markerp (car entry))))
                      buffer-undo-list))))

(ert-deftest sort-undo-lists ()
  ;; reverse-region deletes a line at a time, the last from its end.
  (should (equal (sort-tests--undo-after "a\nb\nc\n" 1 (lambda () (reverse-region 1 7)))
                 '("c\nb\na\n" ((1 . 6) ("c" . -1) ("b\n" . 1) ("a\n" . 1)))))
  ;; A repeated line goes from its end back.
  (should (equal (sort-tests--undo-after "a\nb\na\n" 1 (lambda () (delete-duplicate-lines 1 7)))
                 '("a\nb\n" (("a\n" . -5)))))
  ;; The records go out from the start, all but the last character,
  ;; which goes once the new text is in.
  (should (equal (sort-tests--undo-after "b 2\na 1\n" 9 (lambda () (sort-fields 2 1 9)))
                 '("a 1\nb 2\n" (("\n" . 9) (1 . 9) ("b 2\na 1" . 1)))))
  (should (equal (sort-tests--undo-after "b 2\na 1\n" 3
                   (lambda () (sort-regexp-fields nil "[a-z]" "\\&" 1 9)))
                 '("a 2\nb 1\n" (("\n" . 9) (1 . 9) ("b 2\na 1" . 1))))))

;; Text properties: sort-columns then sorts in Lisp, and sort-lines
;; leaves the newlines where they are.

(ert-deftest sort-columns-with-text-properties ()
  (let ((text "xb 3\nyB 2\nza 1\n_a 0\nzA 9"))
    ;; Stable, the column of END not included, nil returned.
    (let ((result (sort-tests--run text 5 9
                    (put-text-property 1 2 'x 1)
                    (sort-columns nil 2 24))))
      (should (equal result '(nil "zA 9\nyB 2\nza 1\n_a 0\nxb 3" 1 1)))
      (should (equal-including-properties
               (nth 1 result)
               (concat "zA 9\nyB 2\nza 1\n_a 0\n" (propertize "x" 'x 1) "b 3"))))
    ;; Even a property whose value is nil counts.
    (should (equal (sort-tests--run text 5 9
                     (put-text-property 1 2 'x nil)
                     (let ((sort-fold-case t)) (sort-columns t 2 24)))
                   '(nil "xb 3\nyB 2\nza 1\n_a 0\nzA 9" 1 1))))
  ;; `fontified' does not count: the program sorts (and drops it).
  (skip-unless (executable-find "sort"))
  (should (equal (sort-tests--run "b 2\na 1\nc 0\n" 5 9
                   (put-text-property 1 13 'fontified t)
                   (sort-columns nil 1 9))
                 '(0 "a 1\nb 2\nc 0\n" 1 1))))

(ert-deftest sort-lines-newlines-keep-their-place ()
  (let ((result (sort-tests--run "b\na\nc\n" 1 1
                  (put-text-property 2 3 'x 1)
                  (sort-lines nil 1 7))))
    (should (equal-including-properties
             (nth 1 result)
             (concat "a" (propertize "\n" 'x 1) "b\nc\n"))))
  (let ((result (sort-tests--run "b\na\nc" 1 1
                  (put-text-property 1 2 'x 1)
                  (put-text-property 4 5 'y 2)
                  (sort-lines t 1 6))))
    (should (equal-including-properties
             (nth 1 result)
             (concat "c\n" (propertize "b" 'x 1) (propertize "\n" 'y 2) "a")))))

;;; sort-tests.el ends here
