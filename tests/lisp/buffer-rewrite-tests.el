;;; buffer-rewrite-tests.el --- transpose-regions, translation, byte positions  -*- lexical-binding: t -*-

(require 'ert)

(ert-deftest rewrite-transpose-regions-moves-markers-and-point ()
  (with-temp-buffer
    (insert "abcdefghij")
    (let ((markers (mapcar #'copy-marker '(2 4 6 8 10))))
      (goto-char 3)
      (should-not (transpose-regions 2 4 6 9))
      (should (equal (buffer-string) "afghdebcij"))
      ;; Each marker went with its text; one at the end stays.
      (should (equal (mapcar #'marker-position markers) '(7 5 2 4 10)))
      (should (= (point) 8))
      ;; Regions may come in either order: this swaps them back.
      (transpose-regions 7 9 2 5)
      (should (equal (buffer-string) "abcdefghij")))))

(ert-deftest rewrite-transpose-regions-leaving-markers ()
  (with-temp-buffer
    (insert "abcdefghij")
    (let ((m (copy-marker 3)))
      (goto-char 7)
      (transpose-regions 2 4 6 9 t)
      (should (equal (buffer-string) "afghdebcij"))
      (should (= (marker-position m) 3))
      (should (= (point) 7)))))

(ert-deftest rewrite-transpose-regions-keeps-properties ()
  (with-temp-buffer
    (insert (propertize "ab" 'p 1) "cd" (propertize "ef" 'q 2))
    (transpose-regions 1 3 5 7)
    (should (equal (format "%S" (buffer-string))
                   "#(\"efcdab\" 0 2 (q 2) 4 6 (p 1))"))
    (should (equal (condition-case e (transpose-regions 1 4 3 5) (error e))
                   '(error "Transposed regions overlap")))
    ;; Adjacent regions, and multibyte text.
    (erase-buffer)
    (insert "÷ab")
    (transpose-regions 1 2 2 4)
    (should (equal (buffer-string) "ab÷"))))

(ert-deftest rewrite-translate-region-internal ()
  (with-temp-buffer
    (insert (propertize "abc" 'q 1) "÷d")
    (let ((table (make-char-table 'translation-table))
          (m (copy-marker 4)))
      (aset table ?b ?B)
      (aset table ?÷ ?x)
      (should (= (translate-region-internal 1 6 table) 2))
      (should (equal (format "%S" (buffer-string)) "#(\"aBcxd\" 0 3 (q 1))"))
      (should (= (marker-position m) 4))
      ;; A string maps the characters below its length.
      (should (= (translate-region-internal 1 3 (make-string 100 ?-)) 2))
      (should (equal (buffer-string) "--cxd"))
      (should (= (translate-region-internal 1 6 "") 0)))))

(ert-deftest rewrite-translate-region-needs-a-translation-table ()
  ;; A vector, a number or a char-table made for another purpose is no
  ;; translation table, and the text stays as it was.
  (with-temp-buffer
    (insert "abc")
    (dolist (table (list [?x ?y] 5 nil (make-char-table 'foo)))
      (should (equal (should-error (translate-region-internal 1 4 table))
                     '(error "Not a translation table"))))
    (should (equal (buffer-string) "abc"))
    (should-error (translate-region-internal 1 9 "xyz") :type 'args-out-of-range)))

(ert-deftest rewrite-byte-positions ()
  (with-temp-buffer
    (insert "a÷bc")
    (should (equal (mapcar #'position-bytes '(0 1 2 3 5 6)) '(nil 1 2 4 6 nil)))
    (should (equal (mapcar #'byte-to-position '(0 1 2 3 4 6 7)) '(nil 1 2 2 3 5 nil)))
    ;; The whole text counts, not the accessible portion.
    (narrow-to-region 3 4)
    (should (= (position-bytes 1) 1))))

(ert-deftest rewrite-buffer-line-statistics ()
  (with-temp-buffer
    (should (equal (buffer-line-statistics) '(0 0 0.0)))
    (insert "ab\nabcé\nx")
    (should (equal (buffer-line-statistics) '(3 5 2.6666666666666665)))
    ;; The whole text, narrowed or not, and another buffer by name.
    (narrow-to-region 1 2)
    (should (equal (buffer-line-statistics (buffer-name)) '(3 5 2.6666666666666665))))
  (should (equal (condition-case e (buffer-line-statistics 3) (error e))
                 '(wrong-type-argument stringp 3))))

(ert-deftest rewrite-delete-backward-char ()
  (with-temp-buffer
    (insert "abcd")
    (goto-char 4)
    (delete-backward-char 2)
    (should (equal (buffer-string) "ad"))
    (backward-delete-char -1)
    (should (equal (buffer-string) "a"))
    (should-error (delete-backward-char 3) :type 'beginning-of-buffer)))

(ert-deftest rewrite-switch-to-buffer ()
  (let ((b (with-temp-buffer (switch-to-buffer "rewrite-tests switched"))))
    (should (equal (buffer-name b) "rewrite-tests switched"))
    (with-temp-buffer
      (should (eq (switch-to-buffer b) b))
      (should (eq (current-buffer) b)))
    (kill-buffer b))
  (should-error (switch-to-buffer 3) :type 'wrong-type-argument))

(ert-deftest rewrite-insert-buffer-substring-out-of-range ()
  (let ((source (get-buffer-create "rewrite-tests source")))
    (with-current-buffer source (insert "abc"))
    (with-temp-buffer
      (let ((here (current-buffer)))
        (should (equal (condition-case e (insert-buffer-substring source 1 10) (error e))
                       '(args-out-of-range 1 10)))
        ;; The error left the current buffer alone.
        (should (eq (current-buffer) here))
        (insert-buffer-substring source 3 2)
        (should (equal (buffer-string) "b"))))
    (kill-buffer source)))

(ert-deftest buffer-rewrite-transpose-regions-empty-one-at-the-other ()
  ;; An empty region at the start of the other one goes first: nothing
  ;; overlaps and nothing moves.
  (dolist (args '((4 6 4 4) (4 6 6 6) (2 4 2 2) (5 5 1 1)))
    (with-temp-buffer
      (insert "hello")
      (apply #'transpose-regions args)
      (should (equal (buffer-string) "hello"))))
  (with-temp-buffer
    (insert "hello")
    (should (equal (should-error (transpose-regions 3 3 2 5))
                   '(error "Transposed regions overlap")))
    (transpose-regions 4 5 1 2)
    (should (equal (buffer-string) "lelho"))))

;;; buffer-rewrite-tests.el ends here

(ert-deftest rewrite-replace-match-moves-markers-as-one-change ()
  ;; A marker at the end of the replaced text ends after the new text,
  ;; one inside it at its start, whatever its insertion type; overlays
  ;; too.  So an end marker bounds a replacing loop to the end.
  (with-temp-buffer
    (insert "aXa aXa")
    (let ((markers (list (copy-marker 1) (copy-marker 1 t) (copy-marker 2) (copy-marker 3)
                         (copy-marker 3 t) (copy-marker 4) (copy-marker 8)))
          (ov (make-overlay 3 4)))
      (goto-char 1)
      (re-search-forward "Xa" nil t)
      (replace-match "YYYY")
      (should (equal (list (buffer-string) (point) (mapcar #'marker-position markers))
                     '("aYYYY aXa" 6 (1 1 2 2 2 6 10))))
      (should (equal (list (overlay-start ov) (overlay-end ov)) '(2 6)))
      (goto-char 1)
      (re-search-forward "a" nil t)
      (replace-match "")
      (should (equal (mapcar #'marker-position markers) '(1 1 1 1 1 5 9)))
      ;; Nothing deleted: the markers at the place end after the text.
      (goto-char 1)
      (re-search-forward "" nil t)
      (replace-match "Q")
      (should (equal (list (buffer-string) (point) (mapcar #'marker-position markers))
                     '("QYYYY aXa" 2 (2 2 2 2 2 6 10))))
      (let ((end (car (last markers))))
        (goto-char 1)
        (while (re-search-forward "a" end t)
          (replace-match "bb"))
        (should (equal (list (buffer-string) (point) (marker-position end))
                       '("QYYYY bbXbb" 12 12)))))))
