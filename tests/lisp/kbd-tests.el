;;; kbd-tests.el --- key descriptions, compared with Emacs 28  -*- lexical-binding: t -*-

(require 'ert)

(ert-deftest kbd-plain-and-control-characters-make-strings ()
  (should (equal (kbd "q") "q"))
  (should (equal (kbd "x yz") "xyz"))
  (should (equal (kbd "C-c C-k") "\C-c\C-k"))
  (should (equal (kbd "C-h 3 C-@") "\C-h3\C-@"))
  (should (equal (kbd "^B ^^") "\C-b\C-^"))
  (should (equal (mapcar #'kbd '("NUL" "RET" "LFD" "TAB" "ESC" "SPC" "DEL"))
                 '("\0" "\r" "\n" "\t" "\e" " " "\d")))
  (should (equal (kbd "") ""))
  (should (equal (kbd "C-x  \t C-y") "\C-x\C-y"))
  ;; Text that only looks like modifiers or keys stays as it is.
  (should (equal (mapcar #'kbd '("C-" "k-l" "<" "<>" "\\C-q"))
                 '("C-" "k-l" "<" "<>" "\\C-q"))))

(ert-deftest kbd-modifier-bits-make-vectors ()
  (should (equal (kbd "M-q") [?\M-q]))
  (should (equal (kbd "C-M-q") [?\C-\M-q]))
  (should (equal (kbd "C-S-q") (vector (logior ?\C-q (ash 1 25)))))
  (should (equal (kbd "s-q H-q A-q") [?\s-q ?\H-q ?\A-q]))
  ;; Control of a character without a control form is a bit.
  (should (equal (kbd "C-5") [?\C-5]))
  (should (equal (kbd "C-SPC") (vector (logior 32 (ash 1 26)))))
  (should (equal (kbd "M-RET M--") [?\M-\r ?\M--]))
  (should (equal (kbd "ü") [?ü]))
  (should (equal (kbd "C-c ;; the rest is a comment") "\C-c")))

(ert-deftest kbd-function-keys ()
  (should (equal (kbd "<f5>") [f5]))
  (should (equal (kbd "C-c <f5> <mouse-2>") [?\C-c f5 mouse-2]))
  ;; Modifiers go before the angle brackets or inside them.
  (should (equal (kbd "C-M-<home>") [C-M-home]))
  (should (equal (kbd "<C-M-home>") [C-M-home]))
  (should (equal (kbd "<TAB>") [TAB]))
  (should (equal (kbd "<RET>") "\r"))
  (should (equal (kbd "<f5>k") [f5 ?k])))

(ert-deftest kbd-errors ()
  (should (equal (should-error (kbd "C-xyz"))
                 '(error "C- must prefix a single character, not xyz")))
  (should (equal (should-error (kbd "C-M-<f5>z"))
                 '(error "C-M- must prefix a single character, not <f5>z"))))

;;; kbd-tests.el ends here
