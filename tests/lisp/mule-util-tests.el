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

(ert-deftest mule-util-truncate-display-ellipsis ()
  ;; With ELLIPSIS-TEXT-PROPERTY the elided end stays, displayed as the
  ;; ellipsis; the property comes first in its plist.
  (should (equal (truncate-string-to-width "abcdefgh" 5 nil nil "..." t)
                 #("abcdefgh" 2 8 (display "..."))))
  (should (equal (truncate-string-to-width "abcdefgh" 5 2 ?x t t)
                 #("cdefgh" 2 6 (display "…"))))
  (should (equal (truncate-string-to-width "日本語" 4 1 ?\s "." t)
                 #(" 本語" 1 3 (display "."))))
  (should (equal (truncate-string-to-width "abcdefgh" 6 nil nil nil t)
                 #("abcdefgh" 6 8 (display ""))))
  (should (equal (truncate-string-to-width (propertize "abcdef" 'face 'bold) 4 nil nil "." t)
                 #("abcdef" 0 3 (face bold) 3 6 (display "." face bold))))
  ;; Not truncated, or an explicit empty ellipsis: no property.
  (should (equal (truncate-string-to-width "abc" 6 nil ?x "." t) "abcxxx"))
  (should (equal (truncate-string-to-width "a\nb" 1 nil nil "" t) "a")))

(ert-deftest mule-util-truncate-no-room-for-ellipsis ()
  ;; When the ellipsis leaves no room at all, Emacs 28 keeps the whole
  ;; rest of the string, and padding it fails.
  (should (equal (truncate-string-to-width "abcdefgh" 2 nil nil "...") "abcdefgh..."))
  (should (equal (truncate-string-to-width "a\tb" 2 nil nil "...") "a\tb..."))
  (should (equal (truncate-string-to-width "abcdefgh" -1 nil nil "...") "..."))
  (should (equal (truncate-string-to-width "abcdefgh" 4 nil nil "...") "a..."))
  (should (equal (should-error (truncate-string-to-width "abc" 1 1 ?\s t t))
                 '(wrong-type-argument number-or-marker-p nil))))
