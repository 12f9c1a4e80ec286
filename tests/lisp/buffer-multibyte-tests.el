;;; buffer-multibyte-tests.el --- unibyte buffers and set-buffer-multibyte  -*- lexical-binding: t -*-

;; A unibyte buffer holds bytes: what goes in becomes bytes, what comes
;; out is bytes (unibyte strings, characters 0-255), and changing a
;; buffer's multibyteness keeps its bytes, moving positions with them.

(require 'ert)

(ert-deftest buffer-multibyte-going-unibyte-splits-characters ()
  (with-temp-buffer
    (insert "xñy")
    (goto-char 3)
    (should (eq (set-buffer-multibyte nil) nil))
    (should-not enable-multibyte-characters)
    (should (= (buffer-size) 4))
    (should (= (point) 4))
    (should (equal (buffer-string) "x\303\261y"))
    (should-not (multibyte-string-p (buffer-string)))
    (should (equal (list (char-after 2) (char-after 3) (char-before)) '(#xc3 #xb1 #xb1)))
    (should (= (position-bytes 3) 3))
    (should (= (byte-to-position 4) 4))))

(ert-deftest buffer-multibyte-going-multibyte-joins-bytes ()
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "q\303\261\377")
    (goto-char 3)                        ; between the two bytes of ñ
    (should (eq (set-buffer-multibyte t) t))
    (should enable-multibyte-characters)
    (should (equal (buffer-string) (string ?q ?ñ #x3fffff)))
    (should (multibyte-string-p (buffer-string)))
    ;; A position inside a character's bytes goes after it.
    (should (= (point) 3))
    (should (= (char-after 3) #x3fffff))))

(ert-deftest buffer-multibyte-to-keeps-every-byte-a-character ()
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "a\303\261")
    (should (eq (set-buffer-multibyte 'to) 'to))
    (should (= (buffer-size) 3))
    (should (equal (buffer-string) (string ?a #x3fffc3 #x3fffb1)))))

(ert-deftest buffer-multibyte-overlong-bytes-stay-raw ()
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "\xc0\x80z")
    (set-buffer-multibyte t)
    (should (equal (buffer-string) (string-to-multibyte "\xc0\x80z")))))

(ert-deftest buffer-multibyte-inserting-into-unibyte-keeps-low-bytes ()
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "é" ?ÿ #x3fff90 "\xaa" ?k)
    (should (equal (buffer-string) "\351\377\220\252k"))
    (insert-char ?ā 2)
    (should (equal (buffer-substring 6 8) "\001\001"))))

(ert-deftest buffer-multibyte-markers-overlays-and-properties-follow-bytes ()
  (with-temp-buffer
    (insert "ññ-")
    (put-text-property 2 3 'face 'bold)
    (let ((marker (copy-marker 2))
          (overlay (make-overlay 1 2)))
      (set-buffer-multibyte nil)
      (should (= marker 3))
      (should (equal (list (overlay-start overlay) (overlay-end overlay)) '(1 3)))
      (should (equal (next-single-property-change 1 'face) 3))
      (should (equal (next-single-property-change 3 'face) 5))
      (set-buffer-multibyte t)
      (should (= marker 2))
      (should (equal (list (overlay-start overlay) (overlay-end overlay)) '(1 2)))
      (should (equal (get-text-property 2 'face) 'bold))
      (should-not (get-text-property 3 'face)))))

(ert-deftest buffer-multibyte-refused-when-narrowed ()
  (with-temp-buffer
    (insert "abc")
    (narrow-to-region 2 3)
    (should (equal (should-error (set-buffer-multibyte nil))
                   '(error "Changing multibyteness in a narrowed buffer")))
    (should enable-multibyte-characters)
    ;; No change asked: no error.
    (should (eq (set-buffer-multibyte t) t))))

(ert-deftest buffer-multibyte-undo-list-gets-the-way-back ()
  (with-temp-buffer
    (let ((before (list nil '(1 . 3))))
      (setq buffer-undo-list before)
      (set-buffer-multibyte nil)
      (should (equal (car buffer-undo-list) '(apply set-buffer-multibyte t)))
      (should (eq (cdr buffer-undo-list) before))))
  (with-temp-buffer
    (setq buffer-undo-list t)
    (set-buffer-multibyte nil)
    (should (eq buffer-undo-list t))))

(ert-deftest buffer-multibyte-empty-unibyte-buffer-string ()
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (should (equal (buffer-string) ""))
    (should-not (multibyte-string-p (buffer-string))))
  (with-temp-buffer
    (should (multibyte-string-p (buffer-string)))))

(ert-deftest buffer-multibyte-toggle ()
  (with-temp-buffer
    (toggle-enable-multibyte-characters)
    (should-not enable-multibyte-characters)
    (toggle-enable-multibyte-characters)
    (should enable-multibyte-characters)
    (toggle-enable-multibyte-characters 1)
    (should enable-multibyte-characters)
    (toggle-enable-multibyte-characters -1)
    (should-not enable-multibyte-characters)))

(ert-deftest buffer-multibyte-case-conversion-of-bytes ()
  ;; In a unibyte buffer only what maps to a byte changes case: ASCII
  ;; by default, and raw bytes a case table pairs.
  (let ((table (copy-case-table (standard-case-table))))
    (set-case-syntax-pair (+ #x3fff00 #xc1) (+ #x3fff00 #xe1) table)
    (with-temp-buffer
      (set-buffer-multibyte nil)
      (insert "\341b\351")
      (upcase-region (point-min) (point-max))
      (should (equal (buffer-string) "\341B\351"))
      (set-case-table table)
      (downcase-region (point-min) (point-max))
      (upcase-region (point-min) (point-max))
      (should (equal (buffer-string) "\301B\351")))))

;;; buffer-multibyte-tests.el ends here
