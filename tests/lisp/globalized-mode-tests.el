;;; globalized-mode-tests.el --- define-globalized-minor-mode, read-char-choice  -*- lexical-binding: t -*-

(require 'ert)

(defvar globalized-tests-calls nil)
(define-minor-mode globalized-tests-local-mode "A local mode for the tests.")
(defun globalized-tests-turn-on ()
  (push (buffer-name) globalized-tests-calls)
  (globalized-tests-local-mode 1))
(define-globalized-minor-mode globalized-tests-everywhere-mode
  globalized-tests-local-mode globalized-tests-turn-on)
(define-globalized-minor-mode globalized-tests-text-only-mode
  globalized-tests-local-mode globalized-tests-turn-on
  :predicate '(text-mode))

(ert-deftest globalized-own-definitions ()
  (should (get 'globalized-tests-everywhere-mode 'globalized-minor-mode))
  (should (local-variable-if-set-p 'globalized-tests-local-mode-major-mode))
  (should (local-variable-if-set-p 'globalized-tests-local-mode-set-explicitly))
  (should-not (local-variable-if-set-p 'globalized-tests-everywhere-mode))
  (should (equal globalized-tests-text-only-modes '(text-mode)))
  (should (eq (get 'globalized-tests-everywhere-mode-cmhh 'definition-name)
              'globalized-tests-everywhere-mode))
  (should (string-prefix-p "Toggle Globalized-Tests-Local mode in all buffers.
With prefix ARG, enable Globalized-Tests-Everywhere mode if ARG is
positive; otherwise, disable it."
                           (documentation 'globalized-tests-everywhere-mode)))
  (should (string-suffix-p "`globalized-tests-text-only-modes' is used to control which modes this
minor mode is used in."
                           (documentation 'globalized-tests-text-only-mode t))))

(ert-deftest globalized-own-pretty-names ()
  (should (equal (easy-mmode-pretty-mode-name 'global-foo-bar-mode) "Global Foo-Bar mode"))
  (should (equal (easy-mmode-pretty-mode-name 'foo-minor-mode) "Foo minor mode"))
  (should (equal (easy-mmode-pretty-mode-name 'toggle-iimage-mode " iImag") "iImage mode")))

(ert-deftest globalized-own-turns-on-in-buffers ()
  (let ((buffer (generate-new-buffer "globalized-a")))
    (unwind-protect
        (with-current-buffer buffer
          (setq globalized-tests-calls nil)
          (globalized-tests-everywhere-mode 1)
          (should globalized-tests-local-mode)
          (should (member "globalized-a" globalized-tests-calls))
          (should (memq 'globalized-tests-everywhere-mode-enable-in-buffers
                        after-change-major-mode-hook))
          ;; A new major mode turns the mode on again.
          (setq globalized-tests-calls nil)
          (text-mode)
          (should globalized-tests-local-mode)
          (should (equal globalized-tests-calls '("globalized-a")))
          (should (eq globalized-tests-local-mode-major-mode 'text-mode))
          ;; Unless the mode's hooks set it explicitly.
          (setq globalized-tests-calls nil)
          (let ((text-mode-hook (list (lambda () (globalized-tests-local-mode -1)))))
            (text-mode))
          (should-not globalized-tests-local-mode)
          (should globalized-tests-local-mode-set-explicitly)
          (should-not globalized-tests-calls)
          ;; Turning the global mode off turns the local one off everywhere.
          (globalized-tests-local-mode 1)
          (globalized-tests-everywhere-mode -1)
          (should-not globalized-tests-local-mode)
          (should-not (memq 'globalized-tests-everywhere-mode-enable-in-buffers
                            after-change-major-mode-hook)))
      (kill-buffer buffer))))

(ert-deftest globalized-own-predicate ()
  (let ((buffer (generate-new-buffer "globalized-b")))
    (unwind-protect
        (with-current-buffer buffer
          (globalized-tests-text-only-mode 1)
          (should-not globalized-tests-local-mode)
          (text-mode)
          (should globalized-tests-local-mode)
          (prog-mode)
          (should-not globalized-tests-local-mode)
          (globalized-tests-text-only-mode -1))
      (kill-buffer buffer))))

(ert-deftest globalized-own-read-char-choice-checks-choices ()
  (let ((read-char-choice-use-read-key t))
    (should (equal (should-error (read-char-choice "? " nil))
                   (list 'error (format-message "Called `read-char-choice' without valid char choices"))))))
