;;; mule-util-tests.el --- truncate-string-to-width  -*- lexical-binding: t -*-

;; Expected values printed by GNU Emacs 28.  Emacs's result for
;; ELLIPSIS-TEXT-PROPERTY carries a display property that `equal'
;; ignores; marrow has no text properties.

(require 'ert)

(defvar truncate-string-ellipsis)

(ert-deftest mule-util-truncate-string-to-width ()
  (should (equal (truncate-string-to-width "abcdef" 3) "abc"))
  (should (equal (truncate-string-to-width "abcdef" 10) "abcdef"))
  (should (equal (truncate-string-to-width "abcdef" 10 nil 46) "abcdef...."))
  (should (equal (truncate-string-to-width "abcdef" 4 1) "bcd"))
  (should (equal (truncate-string-to-width "abcdef" 4 2 nil t) "c…"))
  (should (equal (truncate-string-to-width "abcdef" 5 nil nil t) "abcd…"))
  (should (equal (truncate-string-to-width "abcdef" 6 nil nil t) "abcdef"))
  (should (equal (truncate-string-to-width "abcdef" 5 nil nil "..") "abc.."))
  (should (equal (truncate-string-to-width "ab" 5 nil nil t) "ab"))
  (should (equal (truncate-string-to-width "日本語です" 5) "日本"))
  (should (equal (truncate-string-to-width "日本語です" 5 nil 120) "日本x"))
  (should (equal (truncate-string-to-width "日本語です" 5 1) "本"))
  (should (equal (truncate-string-to-width "日本語です" 5 1 120) "x本x"))
  (should (equal (truncate-string-to-width "日本語です" 6 nil nil t) "日本…"))
  (should (equal (truncate-string-to-width "日本語です" 7 nil 45 t) "日本語…"))
  (should (equal (truncate-string-to-width "日本語です" 3 8) ""))
  (should (equal (truncate-string-to-width "日本語です" 3 8 120) ""))
  (should (equal (truncate-string-to-width "日本語です" 20 12 120) "xxxxxxxxxxxxxxxxxxxx"))
  (should (equal (truncate-string-to-width "abc" 0) ""))
  (should (equal (truncate-string-to-width "" 3 nil 120) "xxx"))
  (should (equal (truncate-string-to-width "abc" 2 nil nil "...") "ab"))
  (should (equal (truncate-string-to-width "abcdef" 3 nil nil "…") "ab…"))
  (should (equal (truncate-string-to-width "éèà" 2) "éè"))
  (should (equal (truncate-string-to-width "éé" 1) "e"))
  (should (equal (truncate-string-to-width "éé" 2) "ée"))
  (should (equal (truncate-string-to-width "abc" 5 0 32 t) "abc  "))
  (should (equal (truncate-string-to-width "abcdefgh" 5 nil nil t t) "abcdefgh"))
  (should (equal (truncate-string-to-width "abcdefgh" 5 nil nil nil t) "abcdefgh"))
  (should (equal (truncate-string-to-width "x日本" 2) "x"))
  (should (equal (truncate-string-to-width "x日本" 2 nil 46) "x."))
  (should (equal (truncate-string-to-width "x日本" 4 1 46 "~") "日~"))
  (let ((truncate-string-ellipsis ">>"))
    (should (equal (truncate-string-to-width "abcdefgh" 5 nil nil t) "abc>>"))))
