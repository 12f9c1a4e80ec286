;;; etest-edit-tests.el --- editing primitives: regions, fields, columns  -*- lexical-binding: t -*-

;; Behaviour Emacs 28 has and marrow now matches: case commands over a
;; noncontiguous region, the character deletion commands on an active
;; region, fields, invisible text in column counting, forward-line
;; with a bignum count.

(require 'ert)

;;; ---- region-extract-function and the case commands ----

(ert-deftest etest-edit-region-extract-default ()
  (with-temp-buffer
    (insert "one two three")
    (should-error (funcall region-extract-function 'bounds))
    (set-mark 5)
    (goto-char 8)
    (should (equal (funcall region-extract-function 'bounds) '((5 . 8))))
    (should (equal (funcall region-extract-function nil) "two"))
    (should (equal (buffer-string) "one two three"))
    (should (equal (funcall region-extract-function t) "two"))
    (should (equal (buffer-string) "one  three"))
    (set-mark 1)
    (goto-char 4)
    (should (null (funcall region-extract-function 'delete-only)))
    (should (equal (buffer-string) "  three"))))

(ert-deftest etest-edit-case-noncontiguous-region ()
  (with-temp-buffer
    (insert "alpha beta gamma")
    (let ((region-extract-function (lambda (_) '((1 . 3) (7 . 11)))))
      (should (null (upcase-region nil nil t)))
      (should (equal (buffer-string) "ALpha BETA gamma"))
      (downcase-region nil nil t)
      (should (equal (buffer-string) "alpha beta gamma"))
      (capitalize-region nil nil t)
      (should (equal (buffer-string) "Alpha Beta gamma")))
    ;; Without the flag, the arguments are the region.
    (upcase-initials-region 12 17 nil)
    (should (equal (buffer-string) "Alpha Beta Gamma"))))

(ert-deftest etest-edit-case-noncontiguous-bad-bounds ()
  (with-temp-buffer
    (insert "text")
    (let ((region-extract-function (lambda (_) '(nil))))
      (should (equal (should-error (upcase-region nil nil t))
                     '(wrong-type-argument consp nil))))
    (let ((region-extract-function (lambda (_) 7)))
      (should (equal (should-error (downcase-region nil nil t))
                     '(wrong-type-argument listp 7))))
    (let ((region-extract-function (lambda (_) '((1 . 2) . 9))))
      (should (equal (should-error (capitalize-region nil nil t))
                     '(wrong-type-argument listp 9)))
      (should (equal (buffer-string) "Text")))
    (let ((region-extract-function
           (lambda (_) (let ((cycle (list '(2 . 3) '(3 . 4))))
                         (setcdr (cdr cycle) cycle)))))
      (should (eq (car (should-error (upcase-region nil nil t))) 'circular-list))
      (should (equal (buffer-string) "TEXt")))))

;;; ---- Character deletion on an active region ----

(ert-deftest etest-edit-delete-forward-char ()
  (with-temp-buffer
    (insert "abcdefgh")
    (goto-char 2)
    (should (null (delete-forward-char 2)))
    (should (equal (buffer-string) "adefgh"))
    (should (equal (should-error (delete-forward-char 'x))
                   '(wrong-type-argument integerp x)))
    (should-error (delete-forward-char 10) :type 'end-of-buffer)
    (should (null (delete-backward-char -1)))
    (should (equal (buffer-string) "aefgh"))))

(ert-deftest etest-edit-delete-char-active-region ()
  (with-temp-buffer
    (let ((transient-mark-mode t)
          (kill-ring nil))
      (insert "abcdefgh")
      (set-mark 2)
      (goto-char 5)
      (delete-forward-char 1)
      (should (equal (buffer-string) "aefgh"))
      (should (null kill-ring))
      (set-mark 1)
      (goto-char 3)
      (let ((delete-active-region 'kill))
        (delete-backward-char 1))
      (should (equal (buffer-string) "fgh"))
      (should (equal kill-ring '("ae")))
      ;; A count other than 1, or no region in use: characters go.
      (set-mark 1)
      (goto-char 3)
      (delete-backward-char 2)
      (should (equal (buffer-string) "h"))
      (let ((delete-active-region nil))
        (set-mark 1)
        (goto-char 2)
        (delete-backward-char 1)
        (should (equal (buffer-string) ""))))))

(ert-deftest etest-edit-delete-char-killflag ()
  (with-temp-buffer
    (let ((kill-ring nil))
      (insert "abcdef")
      (should (null (delete-char -2 t)))
      (should (equal kill-ring '("ef")))
      (goto-char 1)
      (delete-char 1 'yes)
      (should (equal (buffer-string) "bcd"))
      (should (equal kill-ring '("a" "ef")))
      (should (eq (car (should-error (delete-char 9 t))) 'args-out-of-range))
      (kill-forward-chars '(2))
      (should (equal kill-ring '("bc" "a" "ef")))
      (goto-char (point-max))
      (kill-backward-chars 1)
      (should (equal (buffer-string) ""))
      (should (equal (current-kill 0) "d")))))

;;; ---- facemenu-add-face ----

(ert-deftest etest-edit-facemenu-add-face ()
  (require 'facemenu)
  (with-temp-buffer
    (insert "abcdef")
    (put-text-property 3 5 'face 'italic)
    (should (null (facemenu-add-face 'bold 2 6)))
    (should (equal (mapcar (lambda (pos) (get-text-property pos 'face)) '(1 2 3 4 5 6))
                   '(nil bold (bold italic) (bold italic) bold nil)))
    (facemenu-add-face 'italic 4 5)
    (should (equal (get-text-property 4 'face) '(italic bold)))
    (facemenu-add-face 'default 1 7)
    (should (null (next-single-property-change 1 'face)))
    (should (null (facemenu-add-face 'bold 3 3)))))

;;; ---- forward-line with a bignum ----

(ert-deftest etest-edit-forward-line-bignum ()
  (with-temp-buffer
    (insert "one\ntwo\nthree")
    (let ((far (* 3 most-positive-fixnum)))
      (should (= (forward-line (- far)) (+ (- far) 2)))
      (should (= (point) 1))
      ;; Two newlines and the last line's end: three lines short.
      (should (= (forward-line far) (- far 3)))
      (should (= (point) (point-max))))
    (should (equal (should-error (forward-line 2.0))
                   '(wrong-type-argument integerp 2.0)))
    (goto-char 1)
    (should (= (forward-line) 0))
    (should (= (point) 5))))

;;; ---- Fields ----

(defun etest-edit--field-buffer ()
  (insert "ab" (propertize "cde" 'field 'mid) "fg"
          (propertize "hi" 'field 'boundary) (propertize "jk" 'field 'last)))

(ert-deftest etest-edit-field-edges ()
  (with-temp-buffer
    (etest-edit--field-buffer)
    (should (equal (mapcar (lambda (pos) (list (field-beginning pos) (field-end pos)))
                           '(1 3 4 6 8 10 12))
                   '((1 3) (1 3) (3 6) (3 6) (6 8) (8 10) (10 12))))
    ;; With escape-from-edge, an edge belongs to both fields; a
    ;; `boundary' field between two is passed over.
    (should (= (field-beginning 6 t) 3))
    (should (= (field-end 3 t) 6))
    (should (= (field-end 8 t) 12))
    (should (= (field-beginning 10 t) 6))
    (should (= (field-beginning 5 nil 4) 4))
    (should (= (field-end 4 nil 5) 5))
    (goto-char 4)
    (should (= (field-beginning) 3))
    (should (equal (should-error (field-end "x"))
                   '(wrong-type-argument integer-or-marker-p "x")))))

(ert-deftest etest-edit-field-string-and-delete ()
  (with-temp-buffer
    (etest-edit--field-buffer)
    (should (equal-including-properties (field-string 4) #("cde" 0 3 (field mid))))
    (should (equal (field-string-no-properties 1) "ab"))
    (delete-field 4)
    (should (equal (buffer-string) "abfghijk"))))

(ert-deftest etest-edit-field-sticky-edges ()
  (with-temp-buffer
    ;; A rear-nonsticky field ends where it ends: text inserted after
    ;; it would not join it.
    (insert (propertize "prompt" 'field 'p 'rear-nonsticky t) "input")
    (should (= (field-beginning 7) 7))
    (should (= (field-end 7) 12))
    (should (= (field-end 1) 7))))

(ert-deftest etest-edit-constrain-to-field ()
  (with-temp-buffer
    (etest-edit--field-buffer)
    (should (= (constrain-to-field 1 4) 3))
    (should (= (constrain-to-field 12 4) 6))
    (should (= (constrain-to-field 5 4) 5))
    (should (= (constrain-to-field 1 2) 1))
    (let ((inhibit-field-text-motion t))
      (should (= (constrain-to-field 1 4) 1)))
    (goto-char 12)
    (should (= (constrain-to-field nil 4) 6))
    (should (= (point) 6)))
  (with-temp-buffer
    (insert (propertize "abc" 'field 'f) "\nxyz")
    ;; ONLY-IN-LINE: no constraint across a newline.
    (should (= (constrain-to-field 7 2 nil t) 7))
    (should (= (constrain-to-field 7 2 nil nil) 4))
    (should (= (constrain-to-field 3 2 nil t) 3))))

;;; ---- Invisible text and columns ----

(ert-deftest etest-edit-invisible-p ()
  (with-temp-buffer
    (insert "abcdefgh")
    (put-text-property 2 4 'invisible 'hide)
    (should (eq (invisible-p 2) t))
    (should (null (invisible-p 4)))
    (should (null (invisible-p (point-max))))
    (should (eq (car (should-error (invisible-p 0))) 'args-out-of-range))
    (setq buffer-invisibility-spec '((hide . t) other))
    (should (eq (invisible-p 2) 2))
    (should (eq (invisible-p 'other) t))
    (should (eq (invisible-p '(x other)) t))
    (should (null (invisible-p 'x)))
    (should (null (invisible-p t)))))

(ert-deftest etest-edit-move-to-column-invisible ()
  (with-temp-buffer
    (insert "abcdefgh")
    (put-text-property 2 4 'invisible t)
    ;; The invisible "bc" takes no columns; reaching a column passes
    ;; over the invisible text after it.
    (should (equal (list (move-to-column 1) (point)) '(1 4)))
    (should (equal (list (move-to-column 3) (point)) '(3 6)))
    (should (equal (list (move-to-column 99) (point)) '(6 9)))
    (setq buffer-invisibility-spec '((t . t)))
    ;; Invisible with an ellipsis: its characters still count.
    (should (equal (list (move-to-column 2) (point)) '(2 3)))))

(ert-deftest etest-edit-move-to-column-force-invisible ()
  (with-temp-buffer
    (insert "\tzz\tword\n")
    (put-text-property 2 4 'invisible t)
    (goto-char (point-min))
    ;; The second tab starts at column 8 once "zz" is hidden, so it is
    ;; split by spaces up to column 11.
    (should (= (move-to-column 11 t) 11))
    (should (equal (buffer-substring-no-properties 1 (point-max))
                   "\tzz   \tword\n"))
    (should (= (point) 7))))

(ert-deftest etest-edit-current-column-invisible ()
  (with-temp-buffer
    (insert "abcdefgh\tx\nab")
    (put-text-property 2 4 'invisible t)
    (should (equal (mapcar (lambda (pos) (goto-char pos) (current-column))
                           '(1 2 3 4 5 9 10 11 12 14))
                   '(0 1 1 1 2 6 8 9 0 2)))
    (put-text-property 9 11 'invisible t)
    (goto-char 11)
    (should (= (current-column) 6))))

;;; ---- Deletion when the hooks before it edit the buffer ----

(ert-deftest etest-edit-delete-follows-hook-edits ()
  (with-temp-buffer
    (insert "abcdefghij")
    (setq buffer-undo-list nil)
    (let ((before-change-functions
           (list (lambda (beg _end) (delete-region 1 (1+ beg))))))
      ;; The hook takes "abc"; the three characters from where "cde"
      ;; started go: "def".
      (delete-region 3 6))
    (should (equal (buffer-string) "ghij"))
    (should (equal (car buffer-undo-list) '("def" . 1)))
    ;; The markers that followed the change's bounds were inside the
    ;; text the hook deleted: undo keeps their adjustments, and they
    ;; point nowhere now.
    (let ((adjusted (seq-filter (lambda (elt) (markerp (car-safe elt))) buffer-undo-list)))
      (should (equal (mapcar #'cdr adjusted) '(-2 -2)))
      (should (null (seq-some #'marker-buffer (mapcar #'car adjusted))))))
  (with-temp-buffer
    (insert "abcdef")
    (let ((before-change-functions
           (list (lambda (_beg _end) (goto-char 1) (insert "XY")))))
      (delete-region 2 4))
    (should (equal (buffer-string) "XYadef")))
  (with-temp-buffer
    (insert "abcdef")
    (let* ((seen nil)
          (first-change-hook (list (lambda () (goto-char 1) (insert "12"))))
          (before-change-functions (list (lambda (beg end) (push (list beg end) seen)))))
      (set-buffer-modified-p nil)
      (delete-region 3 5)
      ;; The bounds before-change-functions see moved with the text.
      (should (equal seen '((5 7))))
      (should (equal (buffer-string) "12abef")))))

;;; ---- Autoloaded commands ----

(ert-deftest etest-edit-autoload-commandp ()
  (should (commandp '(autoload "nowhere" nil t)))
  (should-not (commandp '(autoload "nowhere" nil nil)))
  (should-not (commandp '(autoload "nowhere")))
  (dolist (command '(upcase-region downcase-region capitalize-region
                     upcase-initials-region delete-forward-char tabify untabify))
    (should (commandp command))))

(ert-deftest etest-edit-autoload-interactive-form ()
  (let* ((dir (make-temp-file "etest-edit" t))
         (file (expand-file-name "etest-edit-cmd.el" dir)))
    (with-temp-file file
      (insert "(defun etest-edit--cmd (n) (interactive \"p\") (* 2 n))\n"))
    (unwind-protect
        (progn
          (autoload 'etest-edit--cmd file nil t)
          (should (autoloadp (symbol-function 'etest-edit--cmd)))
          ;; Asking for the form loads the file.
          (should (equal (interactive-form 'etest-edit--cmd) '(interactive "p")))
          (should-not (autoloadp (symbol-function 'etest-edit--cmd)))
          (should (= (call-interactively 'etest-edit--cmd) 2)))
      (fmakunbound 'etest-edit--cmd)
      (delete-directory dir t))))

(ert-deftest etest-edit-case-region-interactively ()
  (with-temp-buffer
    (insert "abc def ghi")
    (set-mark 2)
    (goto-char 6)
    (should (equal (region-bounds) '((2 . 6))))
    (should (null (region-noncontiguous-p)))
    (call-interactively 'upcase-region)
    (should (equal (buffer-string) "aBC Def ghi"))
    (let ((region-extract-function (lambda (_) '((1 . 2) (9 . 11)))))
      (should (equal (region-noncontiguous-p) '((9 . 11))))
      (call-interactively 'capitalize-region))
    (should (equal (buffer-string) "ABC Def Ghi"))))

;;; ---- transpose-regions keeps the moved text's properties ----

(ert-deftest etest-edit-transpose-keeps-plist-order ()
  (dolist (case '((1 2 3 4) (1 2 2 3) (1 3 3 4) (1 2 4 6) (2 3 5 7) (3 4 5 6)))
    (with-temp-buffer
      (insert "abcdefg")
      (put-text-property 1 3 'a 1)
      (put-text-property 1 3 'b 2)
      (put-text-property 5 7 'x 1)
      (put-text-property 5 7 'y 2)
      (let ((before (list (text-properties-at 1) (text-properties-at 5))))
        (apply #'transpose-regions case)
        ;; Each moved character has the very plist it had, in order.
        (dolist (pos '(1 2 3 4 5 6 7))
          (let ((plist (text-properties-at pos)))
            (should (or (null plist) (member plist before))))))))
  (with-temp-buffer
    (insert (propertize "ab" 'p 1 'q 2) "-" (propertize "cd" 'r 3))
    (transpose-regions 1 3 4 6)
    (should (equal-including-properties
             (buffer-string)
             #("cd-ab" 0 2 (r 3) 3 5 (q 2 p 1))))))

;;; etest-edit-tests.el ends here
