;;; modes-tests.el --- major and minor modes  -*- lexical-binding: t -*-

(require 'ert)

(defvar modes-tests--log nil "What the hooks saw, newest first.")

(define-derived-mode modes-tests-base-mode text-mode "Base"
  "A mode for these tests."
  (setq-local modes-tests--base-var 'base))

(define-derived-mode modes-tests-child-mode modes-tests-base-mode "Child"
  "A mode derived from the one above."
  :after-hook (push (list 'after-hook major-mode) modes-tests--log)
  (setq-local modes-tests--child-var 'child))

(defun modes-tests--logger (name)
  (lambda () (push name modes-tests--log)))

(ert-deftest modes-derived-mode-runs-parents-then-hooks ()
  (let ((modes-tests-base-mode-hook (list (modes-tests--logger 'base-hook)))
        (modes-tests-child-mode-hook (list (modes-tests--logger 'child-hook)))
        (change-major-mode-after-body-hook (list (modes-tests--logger 'body)))
        (after-change-major-mode-hook (list (modes-tests--logger 'after)))
        (modes-tests--log nil))
    (with-temp-buffer
      (setq-local modes-tests--leftover t)
      (modes-tests-child-mode)
      (should (eq major-mode 'modes-tests-child-mode))
      (should (equal mode-name "Child"))
      (should (eq modes-tests--base-var 'base))
      (should (eq modes-tests--child-var 'child))
      ;; The parent's command killed the local variables first.
      (should-not (local-variable-p 'modes-tests--leftover))
      (should (equal (reverse modes-tests--log)
                     '(body base-hook child-hook after (after-hook modes-tests-child-mode))))
      (should-not delayed-mode-hooks))))

(ert-deftest modes-derivation ()
  (with-temp-buffer
    (modes-tests-child-mode)
    (should (eq (derived-mode-p 'text-mode 'prog-mode) 'text-mode))
    (should (eq (derived-mode-p 'modes-tests-base-mode) 'modes-tests-base-mode))
    (should-not (derived-mode-p 'prog-mode)))
  (should (eq (get 'modes-tests-child-mode 'derived-mode-parent) 'modes-tests-base-mode))
  ;; Through an alias of a parent, but fundamental-mode is no parent.
  (defalias 'modes-tests-alias-mode #'prog-mode)
  (define-derived-mode modes-tests-aliased-mode modes-tests-alias-mode "Aliased")
  (should (eq (provided-mode-derived-p 'modes-tests-aliased-mode 'prog-mode) 'prog-mode))
  (should-not (provided-mode-derived-p 'prog-mode 'fundamental-mode))
  (should-not (get 'prog-mode 'derived-mode-parent)))

(ert-deftest modes-standard-major-modes ()
  (with-temp-buffer
    (special-mode)
    (should (equal (list major-mode mode-name buffer-read-only) '(special-mode "Special" t)))
    (fundamental-mode)
    (should (equal (list major-mode mode-name) '(fundamental-mode "Fundamental")))
    (prog-mode)
    (should (equal mode-name "Prog")))
  (should (stringp (get 'modes-tests-child-mode-hook 'variable-documentation))))

(ert-deftest modes-run-mode-hooks-delayed ()
  (let ((modes-tests--log nil)
        (modes-tests-base-mode-hook (list (modes-tests--logger 'base))))
    (with-temp-buffer
      (delay-mode-hooks
        (run-mode-hooks 'modes-tests-base-mode-hook)
        (should-not modes-tests--log))
      (should (equal delayed-mode-hooks '(modes-tests-base-mode-hook)))
      (run-mode-hooks)
      (should (equal modes-tests--log '(base))))))

(define-minor-mode modes-tests-minor-mode
  "A buffer-local minor mode for these tests."
  :lighter " MT"
  (push (list 'body modes-tests-minor-mode) modes-tests--log))

(define-minor-mode modes-tests-global-mode
  "A global minor mode for these tests."
  :global t)

(ert-deftest modes-minor-mode-arguments ()
  (let ((modes-tests--log nil))
    ;; Unlike MODE-hook, MODE-on-hook and MODE-off-hook are not defvar'd.
    (setq modes-tests-minor-mode-on-hook (list (modes-tests--logger 'on)))
    (setq modes-tests-minor-mode-off-hook (list (modes-tests--logger 'off)))
    (with-temp-buffer
      (should (eq (modes-tests-minor-mode) t))
      (should (local-variable-p 'modes-tests-minor-mode))
      (should (memq 'modes-tests-minor-mode local-minor-modes))
      (should-not (modes-tests-minor-mode 'toggle))
      (should (modes-tests-minor-mode 5))
      (should-not (modes-tests-minor-mode 0))
      (should (modes-tests-minor-mode nil))
      (should (equal (reverse modes-tests--log)
                     '((body t) on (body nil) off (body t) on (body nil) off (body t) on))))
    (should-not modes-tests-minor-mode)
    (should (local-variable-if-set-p 'modes-tests-minor-mode))
    (should (equal (assq 'modes-tests-minor-mode minor-mode-alist)
                   '(modes-tests-minor-mode " MT")))
    (should (memq 'modes-tests-minor-mode minor-mode-list))))

(ert-deftest modes-global-minor-mode ()
  (should-not (local-variable-if-set-p 'modes-tests-global-mode))
  (modes-tests-global-mode)
  (should (memq 'modes-tests-global-mode global-minor-modes))
  (with-temp-buffer (should modes-tests-global-mode))
  (modes-tests-global-mode -1)
  (should-not (memq 'modes-tests-global-mode global-minor-modes)))

;; Emacs Lisp mode's name is a mode line construct showing the binding
;; style; without a display (in batch) `format-mode-line' makes "" of
;; any construct.
(ert-deftest modes-emacs-lisp-mode-name ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (should (equal (car mode-name) "ELisp"))
    (should (equal (prin1-to-string (cdr mode-name))
                   (concat "((lexical-binding (:propertize \"/l\" help-echo \"Using lexical-binding mode\")"
                           " (:propertize \"/d\" help-echo \"Using old dynamic scoping mode\n"
                           "mouse-1: Enable lexical-binding mode\" face warning mouse-face"
                           " mode-line-highlight local-map (keymap (mode-line keymap"
                           " (mouse-1 . elisp-enable-lexical-binding))))))")))
    (should (equal (format-mode-line mode-name) ""))
    (should-not (multibyte-string-p (format-mode-line mode-name)))
    (should (equal (format-mode-line "%b" nil nil (current-buffer)) ""))
    (should (equal (should-error (format-mode-line "x" nil 5)) '(wrong-type-argument windowp 5)))
    (should (equal (should-error (format-mode-line "x" nil nil 5))
                   '(wrong-type-argument bufferp 5)))))

;; The features of the libraries Emacs preloads are there from the
;; start, and none Emacs lacks.
(ert-deftest modes-initial-features ()
  (dolist (f '(simple files nadvice timer cl-generic case-table text-mode prog-mode
                      replace regexp-opt font-lock text-properties overlay backquote macroexp
                      base64 md5 sha1 format env))
    (should (cons f (featurep f))))
  (dolist (f '(subr textprops modes hooks fns lread overlays casefiddle callint process kbd))
    (should-not (featurep f))))

(ert-deftest modes-emacs-lisp-mode-keys-and-menu ()
  (with-temp-buffer
    (emacs-lisp-mode)
    (should (eq (current-local-map) emacs-lisp-mode-map))
    (should (eq (local-key-binding "\e\C-x") 'eval-defun))
    (should-not (local-key-binding [f12]))
    (should (keymapp (local-key-binding [menu-bar])))
    (should (eq (lookup-key (current-local-map)
                            [menu-bar emacs-lisp Evaluate\ Last\ S-expression])
                'eval-last-sexp))))

;;; modes-tests.el ends here

;; easy-mmode.el: what decides whether a globalized minor mode with a
;; :predicate turns on in a buffer.
(ert-deftest modes-globalized-predicate ()
  (require 'easy-mmode)
  (with-temp-buffer
    (emacs-lisp-mode)
    (should (eq (easy-mmode--globalized-predicate-p t) t))
    (should (eq (easy-mmode--globalized-predicate-p nil) nil))
    ;; The old (not MODE...) form: every mode but those.
    (should (eq (easy-mmode--globalized-predicate-p '(not text-mode)) t))
    (should (eq (easy-mmode--globalized-predicate-p '(not prog-mode)) nil))
    ;; A list ends in nil unless an element decides.
    (should (eq (easy-mmode--globalized-predicate-p '((not text-mode))) nil))
    (should (eq (easy-mmode--globalized-predicate-p '((not text-mode) t)) t))
    (should (eq (easy-mmode--globalized-predicate-p '(c-mode prog-mode)) t))
    (should (eq (easy-mmode--globalized-predicate-p '((not lisp-data-mode) prog-mode)) nil))
    (text-mode)
    (should (eq (easy-mmode--globalized-predicate-p '(c-mode (not prog-mode) text-mode)) t))
    (should (eq (easy-mmode--globalized-predicate-p '(c-mode nil text-mode)) nil))))
