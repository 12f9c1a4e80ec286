;;; commands-tests.el --- commands: specs, call-interactively, the commands  -*- lexical-binding: t -*-

(require 'ert)

;;; Which functions are commands, and their interactive forms.

(ert-deftest commands-lisp-library-functions-are-commands ()
  (dolist (command '(kill-region yank newline undo find-file switch-to-buffer kill-buffer
                     forward-sexp kill-line exchange-point-and-mark sort-lines
                     upcase-region other-window eval-buffer goto-char insert-char
                     delete-file transient-mark-mode eval-expression))
    (should (eq (commandp command) t)))
  (dolist (function '(car forward-word-strictly kill-new mark prefix-numeric-value))
    (should-not (commandp function))))

(ert-deftest commands-string-specs ()
  (should (equal (interactive-form 'newline) '(interactive "*P\np")))
  (should (equal (interactive-form 'forward-sexp) '(interactive "^p\nd")))
  (should (equal (interactive-form 'kill-buffer) '(interactive "bKill buffer: ")))
  (should (equal (interactive-form 'sort-lines) '(interactive "P\nr")))
  (should (equal (interactive-form 'other-window) '(interactive "p\ni\np")))
  (should (equal (interactive-form 'undo) '(interactive "*P"))))

(ert-deftest commands-primitives-with-spec-forms ()
  (should (equal (interactive-form 'goto-char)
                 '(interactive (goto-char--read-natnum-interactive "Go to char: "))))
  (should (equal (car (cadr (interactive-form 'rename-buffer))) 'list))
  (with-temp-buffer
    (insert "hello")
    (let ((current-prefix-arg 2))
      (call-interactively #'goto-char))
    (should (= (point) 2))
    (should (equal (interactive-form 'insert-char)
                   '(interactive (list (read-char-by-name "Insert character (Unicode name or hex): ")
                                       (prefix-numeric-value current-prefix-arg) t))))))

(ert-deftest commands-autoload-objects ()
  (let ((name (make-symbol "commands-tests--auto")))
    (fset name (list 'autoload "commands-tests-no-such-file" nil t))
    (should (commandp name))
    (fset name (list 'autoload "commands-tests-no-such-file" nil nil))
    (should-not (commandp name))))

;;; The code letters.

(defun commands-tests--spec-values (spec)
  "The arguments SPEC gives, through `call-interactively'."
  (call-interactively (list 'lambda '(&rest args) (list 'interactive spec) 'args)))

(ert-deftest commands-code-letters-positions ()
  (with-temp-buffer
    (insert "one two three")
    (set-marker (mark-marker) 9)
    (goto-char 4)
    (should (equal (commands-tests--spec-values "r\nd\nm") '(4 9 4 9)))
    (goto-char 12)
    (should (equal (commands-tests--spec-values "r") '(9 12)))
    (should (equal (commands-tests--spec-values "i\nU") '(nil nil)))
    (set-marker (mark-marker) nil)
    (should (equal (cadr (should-error (commands-tests--spec-values "m")))
                   "The mark is not set now"))
    (should (equal (cadr (should-error (commands-tests--spec-values "r")))
                   "The mark is not set now, so there is no region"))))

(ert-deftest commands-code-letters-prefix ()
  (should (equal (commands-tests--spec-values "p\nP") '(1 nil)))
  (dolist (case '(((4) 4 (4)) (- -1 -) (7 7 7)))
    (let ((current-prefix-arg (car case)))
      (should (equal (commands-tests--spec-values "p\nP\nN")
                     (list (nth 1 case) (nth 2 case) (nth 1 case)))))))

(ert-deftest commands-code-letters-events ()
  (let ((unread-command-events (list ?x ?y ?z)))
    (should (equal (commands-tests--spec-values "kFirst: \ncSecond: \nKThird: ")
                   '("x" ?y [?z]))))
  (should (equal (cadr (should-error (commands-tests--spec-values "e")))
                 "command must be bound to an event with parameters")))

(ert-deftest commands-code-letters-read-only ()
  (with-temp-buffer
    (setq buffer-read-only t)
    (should (eq (car (should-error (commands-tests--spec-values "*p")))
                'buffer-read-only))
    (let ((inhibit-read-only t))
      (should (equal (commands-tests--spec-values "*p") '(1))))))

;;; Recording in command-history.

(defun commands-tests--record (n pos things mark)
  (interactive (let ((n 1)) (list n (point) '(a b) (if t (mark t)))))
  (list n pos things mark))

(defun commands-tests--record-codes (n pos)
  (interactive "p\nd")
  (list n pos))

(ert-deftest commands-record-flag ()
  (let ((command-history nil)
        (history-length 10))
    (with-temp-buffer
      (insert "abc")
      (call-interactively #'commands-tests--record t)
      (call-interactively #'commands-tests--record-codes t)
      (call-interactively #'commands-tests--record-codes))
    (should (equal command-history
                   '((commands-tests--record-codes 1 (point))
                     (commands-tests--record 1 (point) '(a b) (if t (mark t)))))))
  (let ((command-history nil)
        (history-length 2))
    (dotimes (_ 5)
      (call-interactively #'ignore t))
    (should (equal command-history '((ignore) (ignore))))))

(ert-deftest commands-command-execute ()
  (let ((command-history nil))
    (command-execute "" t)
    (should (equal command-history '((execute-kbd-macro "" nil)))))
  (let ((prefix-arg '(4)))
    (should (equal (command-execute (lambda (raw) (interactive "P")
                                      (list raw current-prefix-arg prefix-arg)))
                   '((4) (4) nil)))))

(ert-deftest commands-add-to-history ()
  (defvar commands-tests--history)
  (let ((commands-tests--history (list "b" "a"))
        (history-length 3))
    (add-to-history 'commands-tests--history "b")
    (should (equal commands-tests--history '("b" "a")))
    (add-to-history 'commands-tests--history "")
    (should (equal commands-tests--history '("b" "a")))
    (add-to-history 'commands-tests--history "c")
    (add-to-history 'commands-tests--history "d")
    (should (equal commands-tests--history '("d" "c" "b")))
    (add-to-history 'commands-tests--history "d" nil t)
    (should (equal commands-tests--history '("d" "d" "c")))))

;;; The commands themselves.

(ert-deftest commands-newline-arguments ()
  (with-temp-buffer
    (should-error (newline -2))
    (newline '(4))
    (should (equal (buffer-string) "\n\n\n\n"))
    (erase-buffer)
    (insert "ab")
    (backward-char)
    (let ((current-prefix-arg 2))
      (call-interactively #'newline))
    (should (equal (buffer-string) "a\n\nb"))))

(ert-deftest commands-newline-left-margin ()
  (with-temp-buffer
    (insert "xy  z")
    (goto-char 3)
    (let ((left-margin 4))
      (newline))
    (should (equal (buffer-string) "xy\n    z"))
    (should (equal (point) 8))))

(ert-deftest commands-open-line-margin ()
  (with-temp-buffer
    (insert "ab cd")
    (goto-char 3)
    (let ((left-margin 3))
      (open-line 2))
    (should (equal (buffer-string) "ab\n\n   cd"))
    (should (= (point) 3))))

(ert-deftest commands-minor-mode-prefix ()
  (define-minor-mode commands-tests-mode "A mode for the tests.")
  (with-temp-buffer
    (let ((current-prefix-arg '-))
      (call-interactively #'commands-tests-mode))
    (should-not commands-tests-mode)
    (let ((current-prefix-arg '(4)))
      (call-interactively #'commands-tests-mode))
    (should commands-tests-mode)
    (call-interactively #'commands-tests-mode)
    (should-not commands-tests-mode)))

(ert-deftest commands-electric-indent-switches ()
  (should (default-value 'electric-indent-mode))
  (with-temp-buffer
    (electric-indent-local-mode -1)
    (should (local-variable-p 'electric-indent-mode))
    (should-not electric-indent-mode))
  (should (default-value 'electric-indent-mode)))

(ert-deftest commands-eval-expression ()
  (with-temp-buffer
    (eval-expression '(+ 60 5) t nil eval-expression-print-maximum-character)
    (should (equal (buffer-string) "65 (#o101, #x41, ?A)"))
    (erase-buffer)
    (let ((current-prefix-arg '(4)))
      (cl-letf (((symbol-function 'read--expression) (lambda (&rest _) '(list 1 2))))
        (call-interactively #'eval-expression)))
    (should (equal (buffer-string) "(1 2)")))
  (should (equal (mapcar #'eval-expression-get-print-arguments '(nil - (4) 0 -1))
                 `((nil nil 127) (nil nil ,most-positive-fixnum) (t nil nil) (t t 127)
                   (t nil ,most-positive-fixnum))))
  (should (equal (mapcar #'prin1-char '(?a ?\C-a ?\( ?\s 127 ?\e))
                 '("?a" "?\\C-a" "?\\(" "? " "?\\C-?" "?\\C-\\[")))
  (should (equal (eval-expression-print-format 300) " (#o454, #x12c)")))

(ert-deftest commands-kill-region-needs-the-mark ()
  (with-temp-buffer
    (insert "abc")
    (should (equal (cadr (should-error (call-interactively #'kill-region)))
                   "The mark is not set now, so there is no region"))
    (set-marker (mark-marker) 2)
    (let ((kill-ring nil))
      (call-interactively #'kill-region)
      (should (equal (car kill-ring) "bc")))))

(ert-deftest commands-where-is-remapped ()
  (let ((map (make-sparse-keymap)))
    (define-key map "a" 'commands-tests--old)
    (define-key map "b" 'commands-tests--new)
    (define-key map [remap commands-tests--old] 'commands-tests--new)
    (should (equal (where-is-internal 'commands-tests--old map) '([?b] [?a])))
    (should (equal (where-is-internal 'commands-tests--old map nil nil t) '([?a])))))

(ert-deftest commands-mode-keymaps ()
  (require 'help-mode)
  (should (keymapp help-mode-map))
  (should (eq (lookup-key help-mode-map "q") 'quit-window))
  (should (eq (lookup-key help-mode-map "\t") 'forward-button))
  (should (eq (lookup-key special-mode-map "g") 'revert-buffer))
  (should (eq (lookup-key special-mode-map [remap self-insert-command]) 'undefined)))

(defvar commands-tests--count 0)

(defun commands-tests--count-up ()
  (interactive)
  (setq commands-tests--count (1+ commands-tests--count)))

(ert-deftest commands-keyboard-macro-runs-keys ()
  (setq commands-tests--count 0)
  (unwind-protect
      (progn
        (define-key global-map [commands-tests-key] #'commands-tests--count-up)
        (execute-kbd-macro [commands-tests-key commands-tests-key])
        (execute-kbd-macro [commands-tests-key] 3))
    (define-key global-map [commands-tests-key] nil))
  (should (= commands-tests--count 5)))

;;; Describing bindings.

(ert-deftest commands-describe-buffer-bindings ()
  (let ((map (make-sparse-keymap)))
    (define-key map "\C-c\C-za" #'forward-char)
    (define-key map "\C-c\C-zb" '(menu-item "hidden" backward-char :filter ignore))
    (define-key map "\C-c\C-zc" '(menu-item "shown" backward-char :filter identity))
    (with-temp-buffer
      (use-local-map map)
      (let* ((buffer (current-buffer))
             (text (with-temp-buffer
                     (should-not (describe-buffer-bindings buffer "\C-c\C-z"))
                     (buffer-string))))
        (should (string-match-p "^key +binding$" text))
        (should (string-match-p "^C-c C-z a\t+forward-char$" text))
        (should (string-match-p "^C-c C-z c\t+backward-char$" text))
        (should-not (string-match-p "C-c C-z b" text))))))

(ert-deftest commands-describe-vector ()
  (let ((map (make-keymap))
        (shadow (make-keymap))
        (describe-bindings-check-shadowing-in-ranges t))
    (dolist (key '("a" "b" "c" "d"))
      (define-key map key 'commands-tests--x))
    (define-key map "f" 'commands-tests--y)
    (define-key shadow "b" 'commands-tests--z)
    (define-key shadow "d" 'commands-tests--x)
    (let ((text-quoting-style 'grave))
      (with-temp-buffer
        (help--describe-vector (cadr map) nil #'help--describe-command t shadow map t)
        (should (equal (buffer-string)
                       (concat "\na\t\tcommands-tests--x\n"
                               "b\t\tcommands-tests--x  (currently shadowed by `commands-tests--z')\n"
                               "c\t\tcommands-tests--x\n"
                               "d\t\tcommands-tests--x\n"
                               "f\t\tcommands-tests--y\n"))))
      (with-temp-buffer
        (help--describe-vector (cadr map) nil #'help--describe-command t shadow map nil)
        ;; Without the mention, the rest of the shadowed run goes too.
        (should (equal (buffer-string)
                       "\na\t\tcommands-tests--x\nf\t\tcommands-tests--y\n"))))))

(ert-deftest commands-keymap-get-keyelt ()
  (let ((ran nil))
    (should (eq (keymap--get-keyelt '(menu-item "x" forward-char) nil) 'forward-char))
    (should (eq (keymap--get-keyelt '("label" . backward-char) nil) 'backward-char))
    (should (equal (keymap--get-keyelt
                    (list 'menu-item "x" 'forward-char :filter (lambda (c) (setq ran t) (list c)))
                    t)
                   '(forward-char)))
    (should ran)))

;;; Transposing.

(defun commands-tests--transposed (text point function arg)
  "TEXT with point at POINT after (FUNCTION ARG): (BEFORE . AFTER) point."
  (with-temp-buffer
    (emacs-lisp-mode)
    (insert text)
    (goto-char point)
    (set-marker (mark-marker) 2)
    (funcall function arg)
    (cons (buffer-substring (point-min) (point)) (buffer-substring (point) (point-max)))))

(ert-deftest commands-transpose-sexps ()
  (let ((text "(a) (b) (c) (d)"))
    (should (equal (commands-tests--transposed text 8 #'transpose-sexps 1)
                   '("(a) (c) (b)" . " (d)")))
    (should (equal (commands-tests--transposed text 8 #'transpose-sexps -1)
                   '("(b)" . " (a) (c) (d)")))
    (should (equal (commands-tests--transposed text 8 #'transpose-sexps 2)
                   '("(a) (c) (d) (b)" . "")))
    (should (equal (commands-tests--transposed text 8 #'transpose-sexps 0)
                   '("(" . "(c)) (b) a (d)")))
    (should (equal (commands-tests--transposed "x-y z" 2 #'transpose-sexps 1)
                   '("z x-y" . "")))))

(ert-deftest commands-transpose-words ()
  (should (equal (commands-tests--transposed "one two three" 5 #'transpose-words 1)
                 '("two one" . " three")))
  (should (equal (commands-tests--transposed "one two three" 9 #'transpose-words -1)
                 '("two" . " one three"))))

;;; commands-tests.el ends here

(ert-deftest commands-spec-newlines ()
  ;; A final newline ends the last line; an empty line is a bad letter.
  (should (equal (call-interactively (lambda (x) (interactive "p\n") x)) 1))
  (should (equal (should-error (call-interactively (lambda (x y) (interactive "p\n\np") (list x y))))
                 '(error "Invalid control letter ‘\n’ (#o012, #x000a) in interactive calling string")))
  (should (equal (should-error (call-interactively (lambda (x) (interactive "Q") x)))
                 '(error "Invalid control letter ‘Q’ (#o121, #x0051) in interactive calling string"))))

