;;; fields-tests.el --- fields and the motions they constrain  -*- lexical-binding: t -*-

;; Expectations read off GNU Emacs 28; the file passes there too.

(require 'ert)

(defun fields-tests--buffer ()
  "abc|de NL fg|hi| NL jk: three fields (a, b, c) over two lines, a plain last line."
  (insert (propertize "abc" 'field 'a))
  (insert (propertize "de\nfg" 'field 'b))
  (insert (propertize "hi" 'field 'c))
  (insert "\njk"))

(defmacro fields-tests--at (pos &rest body)
  `(with-temp-buffer (fields-tests--buffer) (goto-char ,pos) ,@body))

(ert-deftest fields-line-positions ()
  ;; The line functions stop at the field of point, not across a newline.
  (should (equal (fields-tests--at 5 (list (line-beginning-position) (line-end-position)))
                 '(4 6)))
  (should (equal (fields-tests--at 2 (list (line-beginning-position) (line-end-position)))
                 '(1 4)))
  (should (equal (fields-tests--at 8 (list (line-beginning-position) (line-end-position)))
                 '(7 9)))
  ;; N other than 1 lets the start escape the edge of the field.
  (should (equal (fields-tests--at 10 (list (line-beginning-position 0) (line-beginning-position 2)))
                 '(1 12)))
  (should (equal (fields-tests--at 5 (progn (beginning-of-line) (point))) 4))
  (should (equal (fields-tests--at 7 (progn (end-of-line) (point))) 9))
  (should (equal (fields-tests--at 5 (let ((inhibit-field-text-motion t))
                                       (list (line-beginning-position) (line-end-position))))
                 '(1 6))))

(ert-deftest fields-line-positions-from-overlays ()
  ;; An overlay's field counts, given directly or through its category;
  ;; a face, in an overlay or the text, makes no field.
  (put 'fields-tests--category 'field 'ov)
  (dolist (case '(((field x) (5 8) (1 5))
                  ((category fields-tests--category) (5 8) (1 5))
                  ((face bold) (1 8) (1 8))))
    (with-temp-buffer
      (insert "abc def\nghi")
      (overlay-put (make-overlay 5 8) (car (car case)) (cadr (car case)))
      (put-text-property 1 4 'face 'bold)
      (goto-char 6)
      (should (equal (list (line-beginning-position) (line-end-position)) (nth 1 case)))
      (goto-char 2)
      (should (equal (list (line-beginning-position) (line-end-position)) (nth 2 case)))
      (goto-char 10)
      (should (equal (list (line-beginning-position 0) (line-end-position 0)) '(1 8))))))

(ert-deftest fields-move-to-line-edges ()
  ;; move-beginning-of-line stops at a field's start; move-end-of-line
  ;; goes to the end of the line whatever the fields.
  (should (equal (fields-tests--at 6 (move-beginning-of-line 1) (point)) 4))
  (should (equal (fields-tests--at 2 (move-end-of-line 1) (point)) 6))
  (should (equal (fields-tests--at 7 (move-end-of-line 2) (point)) 14))
  (should (equal (fields-tests--at 4 (move-end-of-line 2) (point)) 11)))

(ert-deftest fields-word-motion ()
  ;; forward-word stays in the field of point, and returns nil when a
  ;; field's edge cut it short.
  (with-temp-buffer
    (insert (propertize "ab cd" 'field 'a) (propertize " ef gh" 'field 'b))
    (goto-char 1)
    (should (eq (forward-word 1) t))
    (should (= (point) 3))
    (should (null (forward-word 2)))
    (should (= (point) 6))
    (goto-char 9)
    (should (null (backward-word 3)))
    (should (= (point) 6))
    ;; The case commands are not constrained.
    (goto-char 4)
    (upcase-word 2)
    (should (equal (buffer-string) "ab CD EF gh"))))

(ert-deftest fields-overlays-and-insertion ()
  ;; get-pos-property takes an overlay's value when text inserted there
  ;; would be in the overlay, as its advance settings say.
  (let (results)
    (dolist (advance '((nil . nil) (t . nil) (nil . t) (t . t)))
      (with-temp-buffer
        ;; Rear-nonsticky text: inserted text gets none of its P.
        (insert (propertize "abcde" 'p 'text 'rear-nonsticky t))
        (overlay-put (make-overlay 2 4 nil (car advance) (cdr advance)) 'p 'ov)
        (push (mapcar (lambda (pos) (get-pos-property pos 'p)) '(1 2 3 4 5 6)) results)))
    (should (equal (nreverse results)
                   '((nil ov ov nil nil nil) (nil nil ov nil nil nil)
                     (nil ov ov ov nil nil) (nil nil ov ov nil nil)))))
  ;; An overlay's field counts for the field functions.
  (with-temp-buffer
    (insert (propertize "gh\ni" 'field 'boundary) "ab")
    (overlay-put (make-overlay 2 4) 'field 'ov)
    (goto-char 2)
    (should (equal (list (field-beginning) (field-end)) '(2 4)))))

(ert-deftest fields-constrain-errors ()
  ;; Only NEW-POS may be nil; the positions are looked at in Emacs's
  ;; order, so the first out of range is the one named.
  (with-temp-buffer
    (insert (propertize "ab" 'field 'a))
    (should (equal (should-error (constrain-to-field 1 nil) :type 'wrong-type-argument)
                   '(wrong-type-argument integer-or-marker-p nil)))
    (should (equal (should-error (constrain-to-field 3 7 nil nil 'field) :type 'args-out-of-range)
                   '(args-out-of-range 7)))))

;;; fields-tests.el ends here

(ert-deftest fields-sort-columns-and-odd-constraints ()
  ;; sort-columns works on whole lines, whatever the fields.
  (with-temp-buffer
    (insert "zz b\naa a\n")
    (put-text-property 1 3 'field 'f)
    (sort-columns nil 4 10)
    (should (equal (buffer-substring-no-properties 1 (point-max)) "aa a\nzz b\n"))))

(ert-deftest fields-redefined-constrain-to-field ()
  ;; The line functions keep whatever a redefined constrain-to-field
  ;; returns inside the buffer.
  (skip-unless (boundp 'marrow-collector))
  (let ((saved (symbol-function 'constrain-to-field)))
    (unwind-protect
        (progn
          (fset 'constrain-to-field (lambda (&rest _) 100000))
          (with-temp-buffer
            (insert (propertize "abc" 'field 'f))
            (beginning-of-line)
            (insert "x")
            (should (equal (buffer-substring-no-properties 1 (point-max)) "abcx"))))
      (fset 'constrain-to-field saved))))
