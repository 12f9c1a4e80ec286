;;; match-data-tests.el --- match-data after string and buffer searches  -*- lexical-binding: t -*-

(require 'ert)

(defun md-tests--positions (data)
  "DATA with each marker replaced by (POSITION . BUFFER)."
  (mapcar (lambda (x) (if (markerp x) (cons (marker-position x) (marker-buffer x)) x))
          data))

(ert-deftest md-buffer-search-gives-markers ()
  (with-temp-buffer
    (insert "one two three")
    (goto-char (point-min))
    (re-search-forward "t\\(w\\)o")
    (let ((here (current-buffer)))
      (should (cl-every #'markerp (match-data)))
      (should (equal (md-tests--positions (match-data))
                     `((5 . ,here) (8 . ,here) (6 . ,here) (7 . ,here))))
      ;; INTEGERS: positions, and the buffer after them.
      (should (equal (match-data t) (list 5 8 6 7 here)))
      (should (= (match-beginning 1) 6))
      ;; The markers move with the text; the match data do not.
      (let ((markers (match-data)))
        (goto-char (point-min))
        (insert "zero ")
        (should (equal (mapcar #'marker-position markers) '(10 13 11 12)))
        (should (equal (match-data t) (list 5 8 6 7 here)))))))

(ert-deftest md-string-match-gives-integers ()
  (with-temp-buffer
    (string-match "b\\(c\\)" "abcd")
    (should (equal (match-data) '(1 3 2 3)))
    (should (equal (match-data t) '(1 3 2 3)))))

(ert-deftest md-reuse-list ()
  (with-temp-buffer
    (insert "abcabc")
    (goto-char (point-min))
    (search-forward "bc")
    (let* ((long (list 'a 'b 'c 'd 'e))
           (short (list 'x)))
      (should (eq (match-data t long) long))
      (should (equal long (list 2 4 (current-buffer) nil nil)))
      (should (eq (match-data t short) short))
      (should (equal short (list 2 4 (current-buffer)))))))

(ert-deftest md-reseat-unchains-markers ()
  (with-temp-buffer
    (insert "abc")
    (goto-char (point-min))
    (search-forward "b")
    (let* ((m (copy-marker 1))
           (reuse (list m 'x)))
      (match-data nil reuse t)
      (should-not (marker-buffer m))
      (should (equal (md-tests--positions reuse)
                     `((2 . ,(current-buffer)) (3 . ,(current-buffer))))))))

(ert-deftest md-set-match-data-finds-the-buffer ()
  (with-temp-buffer
    (insert "abcdef")
    (let ((here (current-buffer)))
      ;; A marker names the buffer searched.
      (set-match-data (list 1 3 (copy-marker 4) 6))
      (should (equal (match-data t) (list 1 3 4 6 here)))
      ;; So does a buffer at the end.
      (set-match-data (list 2 4 here))
      (should (equal (md-tests--positions (match-data)) `((2 . ,here) (4 . ,here))))
      ;; Integers alone: a string was searched.
      (set-match-data (list 2 4))
      (should (equal (match-data) '(2 4)))
      ;; A group that did not match, and an odd element left over.
      (set-match-data (list 1 5 nil nil 2 3 9))
      (should (equal (match-data t) '(1 5 nil nil 2 3)))
      (should-not (match-beginning 1))
      (should (equal (condition-case e (set-match-data (list 1 here)) (error e))
                     (list 'wrong-type-argument 'integer-or-marker-p here)))
      (should (equal (condition-case e (set-match-data 'x) (error e))
                     '(wrong-type-argument listp x))))))

(ert-deftest md-killed-buffer ()
  (let ((b (generate-new-buffer "md-tests")))
    (with-current-buffer b
      (insert "xyz")
      (goto-char (point-min))
      (search-forward "y"))
    (kill-buffer b)
    (should (equal (match-data t) (list 2 3 b)))
    (let ((data (match-data)))
      (should (= (length data) 2))
      (should (cl-every (lambda (m) (and (markerp m) (null (marker-buffer m)))) data)))))

(ert-deftest md-save-match-data-restores-the-buffer-kind ()
  (with-temp-buffer
    (insert "hello")
    (goto-char (point-min))
    (search-forward "ll")
    (save-match-data
      (string-match "e" "hey")
      (should (equal (match-data) '(1 2))))
    (should (equal (match-data t) (list 3 5 (current-buffer))))))

(ert-deftest md-replace-match-in-buffer-keeps-markers ()
  (with-temp-buffer
    (insert "a-b")
    (goto-char (point-min))
    (search-forward "-")
    (replace-match "==")
    (should (equal (buffer-string) "a==b"))
    (should (equal (match-data t) (list 2 4 (current-buffer))))))

;; replace-regexp-in-string restores the match data through
;; save-match-data, whose markers point nowhere once the buffer of the
;; last search is killed: they come back as zeros.
(ert-deftest md-replace-regexp-in-string-after-a-killed-buffer ()
  (with-temp-buffer
    (insert "abcd")
    (goto-char (point-min))
    (re-search-forward "\\(c\\)\\(x\\)?"))
  (should (equal (match-data t) (list 3 4 3 4 (car (last (match-data t))))))
  (should (equal (replace-regexp-in-string "b" "B" "abc") "aBc"))
  (should (equal (match-data t) '(0 0 0 0))))

(ert-deftest md-replace-regexp-in-string-keeps-a-live-buffer-match ()
  (with-temp-buffer
    (insert "abcd")
    (goto-char (point-min))
    (re-search-forward "c")
    (should (equal (replace-regexp-in-string "b" "B" "abc") "aBc"))
    (should (equal (match-data t) (list 3 4 (current-buffer))))))

;; \? in a replacement stays as it is in a string but is refused in a
;; buffer.
(ert-deftest md-replace-match-question-mark-escape ()
  (string-match "b" "abc")
  (should (equal (replace-match "X\\?" nil nil "abc") "aX\\?c"))
  (with-temp-buffer
    (insert "abc")
    (goto-char (point-min))
    (re-search-forward "b")
    (should (equal (should-error (replace-match "X\\?"))
                   '(error "Invalid use of ‘\\’ in replacement text")))
    (should (equal (buffer-string) "abc"))
    (replace-match "X\\?" nil t)
    (should (equal (buffer-string) "aX\\?c"))))

;;; match-data-tests.el ends here
