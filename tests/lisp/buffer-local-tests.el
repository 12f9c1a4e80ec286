;;; buffer-local-tests.el --- buffer-local variables, default values  -*- lexical-binding: t -*-

(require 'ert)

(defvar bl-tests--plain 'the-default)
(defvar-local bl-tests--auto 'auto-default)

(defmacro bl-tests--in-new-buffer (name &rest body)
  "Run BODY in a fresh buffer bound to NAME, killed afterwards."
  (declare (indent 1))
  `(let ((,name (generate-new-buffer "bl-tests")))
     (unwind-protect (with-current-buffer ,name ,@body)
       (kill-buffer ,name))))

;;;; make-local-variable, setq-local and their reads

(ert-deftest bl-make-local-starts-from-the-default ()
  (bl-tests--in-new-buffer b
    (should-not (local-variable-p 'bl-tests--plain))
    (should (eq (make-local-variable 'bl-tests--plain) 'bl-tests--plain))
    (should (local-variable-p 'bl-tests--plain))
    (should (local-variable-p 'bl-tests--plain b))
    (should (eq bl-tests--plain 'the-default))
    (setq bl-tests--plain 'mine)
    (should (eq bl-tests--plain 'mine))
    (should (eq (default-value 'bl-tests--plain) 'the-default))
    (with-temp-buffer
      (should (eq bl-tests--plain 'the-default))
      (should-not (local-variable-p 'bl-tests--plain))
      (should (local-variable-p 'bl-tests--plain b))
      (should (eq (buffer-local-value 'bl-tests--plain b) 'mine))))
  (should (eq bl-tests--plain 'the-default)))

(ert-deftest bl-setq-local-sets-several ()
  (with-temp-buffer
    (setq-local bl-tests--plain 1 bl-tests--x2 (+ bl-tests--plain 1))
    (should (equal (list bl-tests--plain bl-tests--x2) '(1 2)))
    (should (equal (assq 'bl-tests--x2 (buffer-local-variables)) '(bl-tests--x2 . 2)))
    (should (local-variable-p 'bl-tests--x2)))
  (should-not (boundp 'bl-tests--x2))
  (should (equal (macroexpand '(setq-local a 1)) '(set (make-local-variable 'a) 1)))
  (should-error (macroexpand '(setq-local a)))
  (should-error (macroexpand '(setq-local "a" 1))))

(ert-deftest bl-void-variable-made-local-stays-void ()
  (with-temp-buffer
    (make-local-variable 'bl-tests--never-set)
    (should (local-variable-p 'bl-tests--never-set))
    (should-not (boundp 'bl-tests--never-set))
    ;; A locally void variable is listed as its bare symbol.
    (should (memq 'bl-tests--never-set (buffer-local-variables)))
    (setq bl-tests--never-set 4)
    (should (equal (assq 'bl-tests--never-set (buffer-local-variables))
                   '(bl-tests--never-set . 4)))
    (should-not (default-boundp 'bl-tests--never-set))
    (should-error (default-value 'bl-tests--never-set) :type 'void-variable)))

(ert-deftest bl-buffer-local-variables-oldest-first ()
  (with-temp-buffer
    (setq-local bl-tests--first 'a)
    (setq-local bl-tests--second 'b)
    (setq-local bl-tests--first 'c)
    (let ((mine (seq-filter (lambda (e) (memq (car-safe e) '(bl-tests--first bl-tests--second)))
                            (buffer-local-variables))))
      (should (equal mine '((bl-tests--first . c) (bl-tests--second . b)))))
    ;; The entries are copies: changing one changes nothing.
    (setcdr (assq 'bl-tests--first (buffer-local-variables)) 'z)
    (should (eq bl-tests--first 'c))))

(ert-deftest bl-kill-local-variable ()
  (with-temp-buffer
    (setq-local bl-tests--plain 'local)
    (should (eq (kill-local-variable 'bl-tests--plain) 'bl-tests--plain))
    (should-not (local-variable-p 'bl-tests--plain))
    (should (eq bl-tests--plain 'the-default))
    (should-not (assq 'bl-tests--plain (buffer-local-variables)))
    ;; Nothing to kill: the variable comes back all the same.
    (should (eq (kill-local-variable 'bl-tests--plain) 'bl-tests--plain))
    (should (eq (kill-local-variable 'bl-tests--no-such-var) 'bl-tests--no-such-var))))

(ert-deftest bl-killed-buffer-keeps-no-bindings ()
  (let ((b (generate-new-buffer "bl-tests")))
    (with-current-buffer b (setq-local bl-tests--plain 'inside))
    (should (eq (buffer-local-value 'bl-tests--plain b) 'inside))
    (kill-buffer b)
    (should (eq (buffer-local-value 'bl-tests--plain b) 'the-default))))

(ert-deftest bl-argument-errors ()
  (should (equal (condition-case e (make-local-variable nil) (error e))
                 '(setting-constant nil)))
  (should (equal (condition-case e (make-variable-buffer-local :bl-key) (error e))
                 '(setting-constant :bl-key)))
  (should (equal (condition-case e (local-variable-p 'bl-tests--plain "no") (error e))
                 '(wrong-type-argument bufferp "no")))
  (should (equal (condition-case e (buffer-local-value 'bl-tests--plain nil) (error e))
                 '(wrong-type-argument bufferp nil)))
  (should (equal (condition-case e (buffer-local-value 'bl-tests--unbound-anywhere
                                                       (current-buffer))
                   (error e))
                 '(void-variable bl-tests--unbound-anywhere)))
  (should (equal (condition-case e (kill-local-variable 7) (error e))
                 '(wrong-type-argument symbolp 7)))
  (should (equal (condition-case e (set-default t 1) (error e))
                 '(setting-constant t))))

;;;; make-variable-buffer-local and defvar-local

(ert-deftest bl-automatically-local-when-set ()
  (should (local-variable-if-set-p 'bl-tests--auto))
  (should-not (local-variable-p 'bl-tests--auto))
  (with-temp-buffer
    (should (eq bl-tests--auto 'auto-default))
    (setq bl-tests--auto 'set-here)
    (should (local-variable-p 'bl-tests--auto))
    (with-temp-buffer (should (eq bl-tests--auto 'auto-default)))
    (setq-default bl-tests--auto 'new-default)
    (should (eq bl-tests--auto 'set-here)))
  (should (eq bl-tests--auto 'new-default))
  (setq-default bl-tests--auto 'auto-default))

(ert-deftest bl-make-variable-buffer-local-of-void-gives-nil ()
  (should (eq (make-variable-buffer-local 'bl-tests--auto-void) 'bl-tests--auto-void))
  (should (boundp 'bl-tests--auto-void))
  (should (null bl-tests--auto-void))
  (should (local-variable-if-set-p 'bl-tests--auto-void))
  (with-temp-buffer
    ;; make-local-variable of such a variable sets it to what it has.
    (make-local-variable 'bl-tests--auto-void)
    (should (local-variable-p 'bl-tests--auto-void))))

(ert-deftest bl-defvar-local-expansion ()
  (should (equal (macroexpand '(defvar-local v 1 "Doc."))
                 '(progn (defvar v 1 "Doc.") (make-variable-buffer-local 'v)))))

(ert-deftest bl-defvar-sets-only-a-void-default ()
  (with-temp-buffer
    (setq-local bl-tests--defvar-late 'local-only)
    (defvar bl-tests--defvar-late 'from-defvar)
    (should (eq bl-tests--defvar-late 'local-only))
    (should (eq (default-value 'bl-tests--defvar-late) 'from-defvar))))

(ert-deftest bl-variable-binding-locus ()
  (should-not (variable-binding-locus 'bl-tests--plain))
  (with-temp-buffer
    (setq-local bl-tests--plain 1)
    (should (eq (variable-binding-locus 'bl-tests--plain) (current-buffer)))))

;;;; let and buffer-local bindings

(ert-deftest bl-let-binds-the-buffer-binding-and-restores-it-there ()
  (let ((home (generate-new-buffer "bl-tests home"))
        (away (generate-new-buffer "bl-tests away")))
    (unwind-protect
        (progn
          (set-buffer home)
          (setq-local bl-tests--plain 'home-value)
          (let ((bl-tests--plain 'let-value))
            (should (eq bl-tests--plain 'let-value))
            (set-buffer away)
            ;; Another buffer sees the default, untouched by the let.
            (should (eq bl-tests--plain 'the-default)))
          ;; The let ended in AWAY and restored HOME's binding.
          (should (eq (current-buffer) away))
          (should (eq bl-tests--plain 'the-default))
          (should (eq (buffer-local-value 'bl-tests--plain home) 'home-value)))
      (kill-buffer home)
      (kill-buffer away))))

(ert-deftest bl-let-without-a-buffer-binding-binds-the-default ()
  (with-temp-buffer
    (let ((bl-tests--plain 'let-default))
      (should (eq (default-value 'bl-tests--plain) 'let-default))
      (with-temp-buffer (should (eq bl-tests--plain 'let-default))))
    (should (eq (default-value 'bl-tests--plain) 'the-default))))

(ert-deftest bl-setting-an-auto-local-inside-its-let ()
  (with-temp-buffer
    (let ((bl-tests--auto 'bound))
      ;; The let made here shadows: setq sets the default, no binding.
      (setq bl-tests--auto 'set-in-let)
      (should-not (local-variable-p 'bl-tests--auto))
      (should (eq (default-value 'bl-tests--auto) 'set-in-let))
      ;; In another buffer a setq makes a binding as usual.
      (with-temp-buffer
        (setq bl-tests--auto 'elsewhere)
        (should (local-variable-p 'bl-tests--auto))
        (should (eq (default-value 'bl-tests--auto) 'set-in-let))))
    (should (eq bl-tests--auto 'auto-default))))

(ert-deftest bl-binding-killed-inside-let-is-not-restored ()
  (with-temp-buffer
    (setq-local bl-tests--plain 'local)
    (let ((bl-tests--plain 'bound))
      (kill-local-variable 'bl-tests--plain)
      (should (eq bl-tests--plain 'the-default)))
    (should-not (local-variable-p 'bl-tests--plain))
    (should (eq bl-tests--plain 'the-default))))

(ert-deftest bl-made-local-inside-a-plain-let ()
  (with-temp-buffer
    (let ((bl-tests--plain 'bound))
      (make-local-variable 'bl-tests--plain)
      (setq bl-tests--plain 'local))
    ;; The let's end restored the default; the new binding stays.
    (should (eq (default-value 'bl-tests--plain) 'the-default))
    (should (eq bl-tests--plain 'local))))

(ert-deftest bl-makunbound-of-a-local-binding ()
  (with-temp-buffer
    (setq-local bl-tests--plain 'local)
    (makunbound 'bl-tests--plain)
    (should-not (boundp 'bl-tests--plain))
    (should (local-variable-p 'bl-tests--plain))
    (should (eq (default-value 'bl-tests--plain) 'the-default))))

(ert-deftest bl-through-an-alias ()
  (defvaralias 'bl-tests--alias 'bl-tests--plain)
  (with-temp-buffer
    (setq-local bl-tests--alias 'via-alias)
    (should (eq bl-tests--plain 'via-alias))
    (should (local-variable-p 'bl-tests--alias))
    (should (assq 'bl-tests--plain (buffer-local-variables)))
    (should (eq (buffer-local-value 'bl-tests--alias (current-buffer)) 'via-alias)))
  (should (eq bl-tests--alias 'the-default))
  (with-temp-buffer
    (make-local-variable 'bl-tests--not-alias)
    (should (equal (condition-case e (defvaralias 'bl-tests--not-alias 'bl-tests--plain)
                     (error (cdr e)))
                   (list (format-message
                          "Don't know how to make a localized variable an alias"))))))

(defvar bl-tests--toplevel 'top)

(ert-deftest bl-default-toplevel-value ()
  (let ((bl-tests--toplevel 'outer))
    (let ((bl-tests--toplevel 'inner))
      (should (eq (default-toplevel-value 'bl-tests--toplevel) 'top))
      (set-default-toplevel-value 'bl-tests--toplevel 'new-top)
      (should (eq bl-tests--toplevel 'inner))))
  (should (eq bl-tests--toplevel 'new-top))
  (set-default-toplevel-value 'bl-tests--toplevel 'top)
  (should (eq bl-tests--toplevel 'top))
  (should-error (default-toplevel-value 'bl-tests--never-bound) :type 'void-variable)
  (with-temp-buffer
    (setq-local bl-tests--toplevel 'local)
    (let ((bl-tests--toplevel 'let-local))
      ;; A let of the buffer's binding does not hide the default.
      (should (eq (default-toplevel-value 'bl-tests--toplevel) 'top)))))

;;;; kill-all-local-variables

(defvar bl-tests--kept 'kept-default)
(put 'bl-tests--kept 'permanent-local t)
(defvar bl-tests--hook nil)
(put 'bl-tests--hook 'permanent-local 'permanent-local-hook)
(defun bl-tests--kept-function ())
(put 'bl-tests--kept-function 'permanent-local-hook t)
(defun bl-tests--dropped-function ())

(ert-deftest bl-kill-all-local-variables-keeps-permanent-ones ()
  (with-temp-buffer
    (setq-local bl-tests--plain 'gone)
    (setq-local bl-tests--kept 'stays)
    (setq-local bl-tests--hook '(bl-tests--dropped-function t bl-tests--kept-function))
    (let ((ran nil))
      (setq-local change-major-mode-hook (list (lambda () (setq ran bl-tests--plain))))
      (should-not (kill-all-local-variables))
      ;; The hook ran first, with the bindings still there.
      (should (eq ran 'gone)))
    (should-not (local-variable-p 'bl-tests--plain))
    (should (eq bl-tests--kept 'stays))
    (should (equal bl-tests--hook '(t bl-tests--kept-function)))
    (should-not (local-variable-p 'change-major-mode-hook))))

;;;; The variables every buffer has, and those local when set

(ert-deftest bl-per-buffer-variables ()
  (with-temp-buffer
    (should (local-variable-p 'major-mode))
    (should (local-variable-p 'buffer-file-name))
    (should (eq major-mode 'fundamental-mode))
    (should (equal mode-name "Fundamental"))
    ;; A buffer whose name starts with a space keeps no undo.
    (should (eq buffer-undo-list t))
    (should (equal (assq 'buffer-read-only (buffer-local-variables))
                   '(buffer-read-only)))
    (should (equal default-directory
                   (with-current-buffer "*scratch*" default-directory)))
    (setq major-mode 'bl-tests-mode mode-name "BL" buffer-read-only t)
    ;; kill-local-variable cannot take these away.
    (kill-local-variable 'major-mode)
    (should (eq major-mode 'bl-tests-mode))
    (kill-all-local-variables)
    (should (eq major-mode 'fundamental-mode))
    (should (equal mode-name "Fundamental"))
    (should (eq buffer-read-only t))
    (should (local-variable-p 'buffer-read-only)))
  (let ((b (get-buffer-create "bl-tests visible")))
    (should (null (buffer-local-value 'buffer-undo-list b)))
    (should (null (buffer-file-name b)))
    (kill-buffer b)))

(ert-deftest bl-default-of-a-per-buffer-variable ()
  (let ((old (generate-new-buffer "bl-tests old")))
    (unwind-protect
        (progn
          (setq-default buffer-read-only t)
          ;; Buffers made before keep their value, new ones start as ever.
          (should-not (buffer-local-value 'buffer-read-only old))
          (with-temp-buffer (should-not buffer-read-only))
          (should (eq (default-value 'buffer-read-only) t)))
      (setq-default buffer-read-only nil)
      (kill-buffer old))))

(ert-deftest bl-let-of-a-per-buffer-variable ()
  (with-temp-buffer
    (let ((major-mode 'bl-tests-bound))
      (should (local-variable-p 'major-mode))
      (should (eq (default-value 'major-mode) 'fundamental-mode)))
    (should (eq major-mode 'fundamental-mode))))

(ert-deftest bl-variables-local-when-set ()
  (dolist (var '(case-fold-search fill-column tab-width left-margin truncate-lines
                 indent-tabs-mode))
    (should (local-variable-if-set-p var))
    (with-temp-buffer
      (should-not (local-variable-p var))
      (set var (default-value var))
      (should (local-variable-p var))))
  (with-temp-buffer
    (setq fill-column 33)
    (with-temp-buffer (should (= fill-column (default-value 'fill-column))))
    (should (= fill-column 33))))

(ert-deftest bl-case-fold-search-is-read-in-the-current-buffer ()
  (with-temp-buffer
    (setq case-fold-search nil)
    (should-not (string-match "A" "a"))
    (with-temp-buffer (should (string-match "A" "a")))))

;;;; Watchers

(defvar bl-tests--watched 0)
(defvar bl-tests--watched-2 0)
(defvar-local bl-tests--watched-local 0)

(defmacro bl-tests--watching (var log &rest body)
  "Run BODY with LOG collecting the calls of a watcher on VAR."
  (declare (indent 2))
  `(let* ((,log nil)
          (watcher (lambda (&rest args) (push args ,log))))
     (add-variable-watcher ',var watcher)
     (unwind-protect (progn ,@body)
       (remove-variable-watcher ',var watcher))))

(ert-deftest bl-watchers-see-each-kind-of-write ()
  (bl-tests--watching bl-tests--watched log
    (setq bl-tests--watched 1)
    (let ((bl-tests--watched 2))
      (set 'bl-tests--watched 3))
    (set-default 'bl-tests--watched 4)
    (makunbound 'bl-tests--watched)
    (defvar bl-tests--watched 5)
    (should (equal (reverse log)
                   '((bl-tests--watched 1 set nil)
                     (bl-tests--watched 2 let nil)
                     (bl-tests--watched 3 set nil)
                     (bl-tests--watched 1 unlet nil)
                     (bl-tests--watched 4 set nil)
                     (bl-tests--watched nil makunbound nil)
                     (bl-tests--watched 5 set nil))))
    ;; The watcher ran before each write: it saw the old value.
    (should (= bl-tests--watched 5))))

(ert-deftest bl-watchers-see-the-buffer ()
  (bl-tests--watching bl-tests--watched-local log
    (with-temp-buffer
      (let ((here (current-buffer)))
        (let ((bl-tests--watched-local 1)))
        (setq bl-tests--watched-local 2)
        (let ((bl-tests--watched-local 3)))
        (setq-default bl-tests--watched-local 4)
        (kill-local-variable 'bl-tests--watched-local)
        (should (equal (reverse log)
                       `((bl-tests--watched-local 1 let ,here)
                         ;; The default binding's let ends as a set-default.
                         (bl-tests--watched-local 0 set nil)
                         (bl-tests--watched-local 2 set ,here)
                         (bl-tests--watched-local 3 let ,here)
                         (bl-tests--watched-local 2 unlet ,here)
                         (bl-tests--watched-local 4 set nil)
                         (bl-tests--watched-local nil makunbound ,here))))))
    (setq-default bl-tests--watched-local 0)))

(ert-deftest bl-watchers-list-and-removal ()
  (let ((w1 (lambda (&rest _) 1))
        (w2 (lambda (&rest _) 2)))
    (should-not (get-variable-watchers 'bl-tests--watch-list))
    (add-variable-watcher 'bl-tests--watch-list w1)
    (add-variable-watcher 'bl-tests--watch-list w2)
    (add-variable-watcher 'bl-tests--watch-list w1)
    (should (equal (get-variable-watchers 'bl-tests--watch-list) (list w2 w1)))
    (remove-variable-watcher 'bl-tests--watch-list w1)
    (should (equal (get-variable-watchers 'bl-tests--watch-list) (list w2)))
    (remove-variable-watcher 'bl-tests--watch-list w2)
    (should-not (get-variable-watchers 'bl-tests--watch-list))))

(ert-deftest bl-watchers-through-aliases ()
  (defvar bl-tests--watched-base 0)
  (defvaralias 'bl-tests--watched-alias 'bl-tests--watched-base)
  (bl-tests--watching bl-tests--watched-alias log
    (should (get-variable-watchers 'bl-tests--watched-base))
    (setq bl-tests--watched-alias 1)
    (setq bl-tests--watched-base 2)
    (should (equal (reverse log) '((bl-tests--watched-base 1 set nil)
                                   (bl-tests--watched-base 2 set nil))))))

(ert-deftest bl-watcher-of-a-new-alias ()
  (defvar bl-tests--to-alias 0)
  (defvar bl-tests--alias-target 0)
  (bl-tests--watching bl-tests--to-alias log
    (defvaralias 'bl-tests--to-alias 'bl-tests--alias-target)
    (should (equal log '((bl-tests--to-alias bl-tests--alias-target defvaralias nil))))
    ;; Now an alias of an unwatched variable: nothing more is seen.
    (setq bl-tests--to-alias 3)
    (should (= (length log) 1))))

(ert-deftest bl-watcher-may-set-its-variable ()
  (let ((calls 0))
    (add-variable-watcher 'bl-tests--self-set
                          (lambda (sym val _op _where)
                            (setq calls (1+ calls))
                            (unless (eq val 'again) (set sym 'again))))
    (setq bl-tests--self-set 'first)
    ;; The watcher's own set ran no watcher; then the first set landed.
    (should (= calls 1))
    (should (eq bl-tests--self-set 'first))))

(ert-deftest bl-watcher-error-stops-the-write ()
  (defvar bl-tests--guarded 'safe)
  (let ((w (lambda (_s val _o _w) (when (eq val 'bad) (error "Refused")))))
    (add-variable-watcher 'bl-tests--guarded w)
    (unwind-protect
        (progn
          (should-error (setq bl-tests--guarded 'bad))
          (should (eq bl-tests--guarded 'safe))
          (setq bl-tests--guarded 'fine)
          (should (eq bl-tests--guarded 'fine)))
      (remove-variable-watcher 'bl-tests--guarded w))))

(ert-deftest bl-watchers-of-kill-all-local-variables-run-first ()
  (with-temp-buffer
    (setq-local bl-tests--watched-2 'local)
    (let ((seen nil))
      (bl-tests--watching bl-tests--watched-2 log
        (add-variable-watcher 'bl-tests--watched-2
                              (lambda (&rest _) (setq seen bl-tests--watched-2)))
        (kill-all-local-variables)
        (should (equal log `((bl-tests--watched-2 nil makunbound ,(current-buffer)))))
        (should (eq seen 'local))
        (remove-variable-watcher 'bl-tests--watched-2
                                 (car (get-variable-watchers 'bl-tests--watched-2)))))))

(ert-deftest bl-gc-cons-threshold-is-checked ()
  (should (equal (condition-case e (setq gc-cons-threshold 2.5) (error e))
                 '(wrong-type-argument integerp 2.5)))
  (should (equal (condition-case e (let ((gc-cons-threshold 'big)) t) (error e))
                 '(wrong-type-argument integerp big)))
  (should (integerp gc-cons-threshold))
  (let ((gc-cons-threshold 1000000))
    (should (= gc-cons-threshold 1000000))))

;;; Byte code: Emacs 28's compilation of fixtures/bytecode/bytecode-buflocal.el

(defconst bl-tests--fixture
  (expand-file-name "fixtures/bytecode/bytecode-buflocal.elc"
                    (file-name-directory (or load-file-name buffer-file-name))))

(load bl-tests--fixture nil t)

(ert-deftest bl-bytecode-setq-sets-the-buffers-value ()
  (should (byte-code-function-p (symbol-function 'bcbl-set)))
  (let ((a (generate-new-buffer "bl-a")) (b (generate-new-buffer "bl-b")))
    (unwind-protect
        (progn
          (with-current-buffer a
            (set (make-local-variable 'bcbl-var) 'local-in-a)
            (should (eq (bcbl-get) 'local-in-a))
            (should (eq (bcbl-set 'set-in-a) 'set-in-a))
            (should (eq bcbl-var 'set-in-a)))
          (should (eq (buffer-local-value 'bcbl-var a) 'set-in-a))
          (should (eq (default-value 'bcbl-var) 'default))
          (with-current-buffer b
            (should (eq (bcbl-get) 'default))
            (bcbl-set 'set-in-b)
            (should-not (local-variable-p 'bcbl-var)))
          (should (eq (default-value 'bcbl-var) 'set-in-b))
          (should (eq (buffer-local-value 'bcbl-var a) 'set-in-a)))
      (setq-default bcbl-var 'default)
      (kill-buffer a)
      (kill-buffer b))))

(ert-deftest bl-bytecode-setq-of-automatically-local-variable ()
  (with-temp-buffer
    (should-not (local-variable-p 'bcbl-auto))
    (bcbl-set-auto 'mine)
    (should (local-variable-p 'bcbl-auto))
    (should (eq bcbl-auto 'mine))
    (should (eq (default-value 'bcbl-auto) 'default))))

(ert-deftest bl-bytecode-let-binds-the-buffers-value ()
  (let ((a (generate-new-buffer "bl-a")) (b (generate-new-buffer "bl-b")))
    (unwind-protect
        (with-current-buffer a
          (set (make-local-variable 'bcbl-var) 'local-in-a)
          (should (equal (bcbl-let 'bound) '(bound default)))
          (should (eq bcbl-var 'local-in-a))
          ;; The binding ends in the buffer it was made in, though
          ;; another is current by then.
          (should (eq (bcbl-let-then-switch 'bound b) 'default))
          (should (eq (current-buffer) b))
          (should (eq (buffer-local-value 'bcbl-var a) 'local-in-a))
          (should-not (local-variable-p 'bcbl-var b))
          (should (eq (default-value 'bcbl-var) 'default)))
      (kill-buffer a)
      (kill-buffer b))))

(ert-deftest bl-bytecode-writes-reach-the-watchers ()
  (let* ((log nil)
         (watcher (lambda (symbol newval operation where)
                    (push (list symbol newval operation (eq where (current-buffer))) log))))
    (with-temp-buffer
      (set (make-local-variable 'bcbl-var) 'local)
      (add-variable-watcher 'bcbl-var watcher)
      (unwind-protect
          (progn
            (bcbl-set 'changed)
            (bcbl-let 'bound))
        (remove-variable-watcher 'bcbl-var watcher)))
    (should (equal (nreverse log)
                   '((bcbl-var changed set t)
                     (bcbl-var bound let t)
                     (bcbl-var changed unlet t))))))

;;; buffer-local-tests.el ends here
