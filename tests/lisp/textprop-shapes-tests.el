;;; textprop-shapes-tests.el --- text properties through edits and string functions, as in Emacs 28  -*- lexical-binding: t -*-

(require 'ert)

(defmacro textprop-shapes--in (text &rest body)
  "The printed text of a buffer holding TEXT after BODY, and its intervals."
  (declare (indent 1))
  `(with-temp-buffer
     (insert ,text)
     ,@body
     (list (format "%S" (buffer-string)) (object-intervals (current-buffer)))))

;; Text deleted inside one interval shrinks it; a deletion across a
;; boundary leaves the intervals on either side apart.
(ert-deftest textprop-shapes-deletion ()
  (should (equal (textprop-shapes--in (propertize "abc" 'k 1) (goto-char 2) (delete-char 1))
                 '("#(\"ac\" 0 2 (k 1))" ((0 2 (k 1))))))
  (should (equal (textprop-shapes--in (propertize "abcdef" 'k 1) (delete-region 2 6))
                 '("#(\"af\" 0 2 (k 1))" ((0 2 (k 1))))))
  (should (equal (textprop-shapes--in (propertize "abcdef" 'k 1) (delete-region 1 6))
                 '("#(\"f\" 0 1 (k 1))" ((0 1 (k 1))))))
  (should (equal (textprop-shapes--in (concat (propertize "abc" 'k 1) (propertize "def" 'k 1))
                   (delete-region 3 5))
                 '("#(\"abef\" 0 2 (k 1) 2 4 (k 1))" ((0 2 (k 1)) (2 4 (k 1))))))
  (should (equal (textprop-shapes--in (propertize "abcd" 'k 1)
                   (put-text-property 2 3 'j 1)
                   (delete-region 2 4))
                 '("#(\"ad\" 0 1 (k 1) 1 2 (k 1))" ((0 1 (k 1)) (1 2 (k 1))))))
  (should (equal (textprop-shapes--in (propertize "abcdef" 'k 1)
                   (goto-char 1) (re-search-forward "cd") (replace-match "XYZ"))
                 '("#(\"abXYZef\" 0 2 (k 1) 5 7 (k 1))" ((0 2 (k 1)) (2 5 nil) (5 7 (k 1)))))))

;; Casing a unibyte string works on a copy of it, which keeps its
;; properties as copy-sequence does; a multibyte one's result has none.
(ert-deftest textprop-shapes-string-casing ()
  (should (equal (format "%S" (upcase (propertize "ab" 'k 1 'j 2))) "#(\"AB\" 0 2 (k 1 j 2))"))
  (should (equal (object-intervals (upcase (propertize "ab" 'k 1 'j 2))) '((0 2 (j 2 k 1)))))
  (should (equal (object-intervals (upcase (concat (propertize "a" 'k 1) (propertize "b" 'k 1))))
                 '((0 1 (k 1)) (1 2 (k 1)))))
  (should (equal (format "%S" (capitalize (propertize "ab cd" 'k 1))) "#(\"Ab Cd\" 0 5 (k 1))"))
  (should (equal (format "%S" (downcase (propertize "AB" 'k 1))) "#(\"ab\" 0 2 (k 1))"))
  (should (equal (format "%S" (upcase-initials (propertize "ab" 'k 1))) "#(\"Ab\" 0 2 (k 1))"))
  (should (equal (format "%S" (upcase (propertize "a\351" 'k 1))) "#(\"A\\351\" 0 2 (k 1))"))
  (should (equal (format "%S" (upcase (propertize "éa" 'k 1))) "\"ÉA\""))
  (should (equal (format "%S" (upcase (propertize "aß" 'k 1))) "\"ASS\""))
  (let ((s (propertize "AB" 'k 1)))
    (should-not (eq (upcase s) s))))

;; The text around each match keeps its properties, as subr.el's
;; substrings keep them.
(ert-deftest textprop-shapes-string-replacing ()
  (should (equal (format "%S" (replace-regexp-in-string
                               "b" "X" (concat (propertize "ab" 'k 1) (propertize "cd" 'k 1))))
                 "#(\"aXcd\" 0 1 (k 1) 2 4 (k 1))"))
  (should (equal (object-intervals (replace-regexp-in-string
                                    "b" "X" (concat (propertize "ab" 'k 1) (propertize "cd" 'k 1))))
                 '((0 1 (k 1)) (1 2 nil) (2 4 (k 1)))))
  (should (equal (format "%S" (replace-regexp-in-string "\\(b\\)c" "Y" (propertize "abcd" 'k 1)
                                                        nil nil 1))
                 "#(\"aYcd\" 0 1 (k 1) 2 3 (k 1) 3 4 (k 1))"))
  (should (equal (format "%S" (replace-regexp-in-string
                               "b" (lambda (m) (format "%S" m)) (propertize "abc" 'k 1)))
                 "#(\"a#(\\\"b\\\" 0 1 (k 1))c\" 0 1 (k 1) 17 18 (k 1))"))
  (should (equal (format "%S" (string-replace "b" "X" (propertize "abc" 'k 1)))
                 "#(\"aXc\" 0 1 (k 1) 2 3 (k 1))"))
  (should (equal (format "%S" (string-replace "é" "X" (propertize "aébé" 'k 1)))
                 "#(\"aXbX\" 0 1 (k 1) 2 3 (k 1))"))
  (let ((s (propertize "abc" 'k 1)))
    (should (eq (string-replace "z" "X" s) s))))

;;; textprop-shapes-tests.el ends here
