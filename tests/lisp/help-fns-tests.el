;;; help-fns-tests.el --- describe-function and friends in *Help*  -*- lexical-binding: t -*-

(require 'ert)

(defun help-fns-tests--text (thunk)
  "Call THUNK, then return the *Help* buffer's text without properties."
  (let ((text-quoting-style 'curve))
    (funcall thunk))
  (with-current-buffer "*Help*"
    (buffer-substring-no-properties (point-min) (point-max))))

(defun help-fns-tests--first-line (function)
  "The first line describe-function-1 prints for FUNCTION."
  (let ((text-quoting-style 'curve))
    (car (split-string (with-output-to-string (describe-function-1 function)) "\n"))))

(defun help-fns-tests--plain (x &optional y)
  "Return X, ignoring Y.
Second line."
  (list x y))

(defmacro help-fns-tests--mac (form &rest body)
  "Wrap FORM and BODY."
  (cons form body))

(defun help-fns-tests--usage (a)
  "Has its own usage.

\(fn FIRST SECOND)"
  a)

(ert-deftest help-fns-tests-kinds ()
  (should (string-match-p "\\`a built-in function in .C source code.\\.\\'"
                          (help-fns-tests--first-line 'car)))
  (should (string-match-p "\\`a special form in .C source code.\\.\\'"
                          (help-fns-tests--first-line 'if)))
  (should (string-match-p "\\`an interactive built-in function"
                          (help-fns-tests--first-line 'forward-char)))
  (should (string-match-p "\\`a Lisp macro in .+subr\\.el.\\.\\'"
                          (help-fns-tests--first-line 'when)))
  (should (string-match-p "\\`an alias for .re-search-forward. in .+subr\\.el"
                          (help-fns-tests--first-line 'search-forward-regexp)))
  (should (eq (symbol-function 'search-backward-regexp)
              (symbol-function 're-search-backward))))

(ert-deftest help-fns-tests-autoloads ()
  (autoload 'help-fns-tests--auto-mac "help-fns-tests-none" nil nil t)
  (autoload 'help-fns-tests--auto-cmd "help-fns-tests-none" "Run it.\n\n(fn A B)" t)
  (should (equal (help-fns-tests--first-line 'help-fns-tests--auto-mac)
                 "an autoloaded Lisp macro."))
  (autoload 'help-fns-tests--auto-fn "help-fns-tests-none")
  (autoload 'help-fns-tests--auto-map "help-fns-tests-none" nil nil 'keymap)
  (autoload 'help-fns-tests--auto-mac2 "help-fns-tests-none" nil nil 'macro)
  (should (equal (mapcar #'help-fns-tests--first-line
                         '(help-fns-tests--auto-fn help-fns-tests--auto-map
                                                   help-fns-tests--auto-mac2))
                 '("an autoloaded Lisp function." "an autoloaded keymap."
                   "an autoloaded Lisp macro.")))
  (should (equal (help-fns-tests--text (lambda () (describe-function 'help-fns-tests--auto-cmd)))
                 "help-fns-tests--auto-cmd is an autoloaded interactive Lisp function.

(help-fns-tests--auto-cmd A B)

Run it.
")))

(ert-deftest help-fns-tests-function-buffer ()
  (let ((text (help-fns-tests--text
               (lambda () (describe-function 'help-fns-tests--plain)))))
    (should (string-match-p "\\`help-fns-tests--plain is a Lisp \\(closure\\|function\\)" text))
    (should (string-match-p "\n\n(help-fns-tests--plain X &optional Y)\n\nReturn X, ignoring Y.\nSecond line.\n\\(\n\\[back\\]\n\\)?\\'"
                            text)))
  (with-current-buffer "*Help*"
    (should (eq major-mode 'help-mode))
    (should buffer-read-only)
    (should (= (point) 1)))
  (should (get-buffer-window "*Help*"))
  (should (string-match-p "\n\n(help-fns-tests--mac FORM &rest BODY)\n\nWrap FORM and BODY.\n"
                          (help-fns-tests--text
                           (lambda () (describe-function 'help-fns-tests--mac)))))
  (should (string-match-p "\n\n(help-fns-tests--usage FIRST SECOND)\n\nHas its own usage.\n"
                          (help-fns-tests--text
                           (lambda () (describe-function 'help-fns-tests--usage))))))

(ert-deftest help-fns-tests-back-button ()
  (describe-function 'car)
  (let ((text (help-fns-tests--text (lambda () (describe-function 'cdr)))))
    (should (string-match-p "\n\n\\[back\\]\n\\'" text))))

(ert-deftest help-fns-tests-dangling-alias ()
  (let ((alias (make-symbol "help-fns-tests--dangling")))
    (defalias alias 'help-fns-tests--never-defined)
    (should (equal (help-fns-tests--first-line alias)
                   "an alias for ‘help-fns-tests--never-defined’,"))
    (should (string-match-p
             " is an alias for[ \n]‘help-fns-tests--never-defined’, which is not defined\\.\n\nNot documented\\.\n"
             (help-fns-tests--text (lambda () (describe-function alias)))))))

(ert-deftest help-fns-tests-obsolete ()
  (defun help-fns-tests--old (x) "Old." x)
  (make-obsolete 'help-fns-tests--old 'help-fns-tests--plain "1.0")
  (should (string-match-p "\n  This function is obsolete since 1.0;\n  use ‘help-fns-tests--plain’ instead.\n"
                          (help-fns-tests--text
                           (lambda () (describe-function 'help-fns-tests--old))))))

(defvar help-fns-tests--var '(1 2) "A variable for tests.")
(defvar help-fns-tests--undocumented 5)

(ert-deftest help-fns-tests-variables ()
  (should (equal (get 'help-fns-tests--var 'variable-documentation) "A variable for tests."))
  (let ((text (help-fns-tests--text (lambda () (describe-variable 'help-fns-tests--var)))))
    (should (string-match-p "\\`help-fns-tests--var is a variable defined in ‘.*’\\.\n\nIts value is (1 2)\n\nA variable for tests\\.\n"
                            text)))
  (should (string-match-p "\nNot documented as a variable\\.\n"
                          (help-fns-tests--text
                           (lambda () (describe-variable 'help-fns-tests--undocumented)))))
  (should (string-match-p "\\`help-fns-tests--unbound is void as a variable\\.\n\nNot documented as a variable\\.\n"
                          (help-fns-tests--text
                           (lambda () (describe-variable 'help-fns-tests--unbound)))))
  (should (string-match-p "\\`nil’s value is nil\n"
                          (help-fns-tests--text (lambda () (describe-variable nil))))))

(defvar-local help-fns-tests--local 'short "A buffer-local variable.")

(ert-deftest help-fns-tests-local-variable-global-value ()
  (with-current-buffer (get-buffer-create "help-fns-local")
    (setq help-fns-tests--local 1)
    (let ((lines (lambda () (split-string (help-fns-tests--text
                                           (lambda () (describe-variable 'help-fns-tests--local)))
                                          "\n"))))
      ;; A global value printed shorter than 20 characters stays on the line.
      (should (member "Local in buffer help-fns-local; global value is short" (funcall lines)))
      (should (member "  Automatically becomes buffer-local when set." (funcall lines)))
      (setq-default help-fns-tests--local "seventeen chars..")
      (should (member "Local in buffer help-fns-local; global value is \"seventeen chars..\""
                      (funcall lines)))
      (setq-default help-fns-tests--local "eighteen chars....")
      (should (member "\"eighteen chars....\"" (funcall lines)))
      (setq-default help-fns-tests--local 1)
      (should (member "Local in buffer help-fns-local; global value is the same." (funcall lines)))
      (kill-buffer))))

(ert-deftest help-fns-tests-split-fundoc ()
  (should (equal (help-split-fundoc "Doc.\n\n(fn A B)" 'f) '("(f A B)" . "Doc.")))
  (should (equal (help-split-fundoc "Doc." 'f) nil))
  (should (equal (help-split-fundoc "Doc." 'f t) '(nil . "Doc.")))
  (should (equal (help-split-fundoc "\n\n(fn)" 'f 'usage) "(f)"))
  (should (equal (help-split-fundoc nil 'f t) '(nil)))
  (should (equal (help-split-fundoc "X\n\n(fn Y)" nil 'usage) "(anonymous Y)"))
  (should (equal (help--docstring-quote "a`b'c\\d") "a\\=`b\\='c\\=\\d")))

(ert-deftest help-fns-tests-describe-symbol ()
  (defun help-fns-tests--both (x) "Function side." x)
  (defvar help-fns-tests--both 1 "Variable side.")
  (let ((text (help-fns-tests--text (lambda () (describe-symbol 'help-fns-tests--both)))))
    (should (string-match-p "\\`help-fns-tests--both is a Lisp" text))
    (should (string-match-p (concat "Function side\\.\n\n" (make-string 79 ?-)
                                    "\n\nhelp-fns-tests--both’s value is 1\n\nVariable side\\.\n")
                            text))))

(ert-deftest help-fns-tests-keymaps ()
  (defvar help-fns-tests--map (let ((m (make-sparse-keymap)))
                                (define-key m "a" 'forward-char)
                                m))
  (should (eq (help-fns-find-keymap-name help-fns-tests--map) 'help-fns-tests--map))
  (should (string-match-p "\\`help-fns-tests--map is a keymap variable"
                          (help-fns-tests--text
                           (lambda () (describe-keymap 'help-fns-tests--map)))))
  (should (string-match-p "\\`key +binding\n"
                          (help-fns-tests--text
                           (lambda () (describe-keymap (copy-keymap help-fns-tests--map))))))
  (should-error (describe-keymap nil))
  (should-error (describe-keymap "not a map")))

(ert-deftest help-fns-tests-file-names ()
  (should (eq (find-lisp-object-file-name 'car (symbol-function 'car)) 'C-source))
  (should-not (find-lisp-object-file-name 'car 'defun))
  (should-not (find-lisp-object-file-name 'help-fns-tests--not-defined 'defun))
  (should (string-match-p "subr\\.el\\'" (find-lisp-object-file-name 'when 'defun))))


;;; Tables of keymaps

(defun help-fns-tests--map-tree (map &rest args)
  "What `describe-map-tree' inserts for MAP with ARGS, without properties."
  (with-temp-buffer
    (apply #'describe-map-tree map args)
    (buffer-substring-no-properties (point-min) (point-max))))

(ert-deftest help-fns-tests-map-tree ()
  (let ((map '(keymap (1 . forward-char) (2 . undefined)
                      (menu-bar keymap (item menu-item "Item" forward-char)))))
    (should (equal (help-fns-tests--map-tree map t nil nil nil t nil nil nil)
                   "key             binding\n---             -------\n\nC-a\t\tforward-char\n\n"))
    (should (equal (help-fns-tests--map-tree map nil nil nil nil t nil nil nil)
                   "key             binding\n---             -------\n\nC-a\t\tforward-char\nC-b\t\tundefined\n\n"))
    (should (equal (help-fns-tests--map-tree map t nil nil nil nil nil nil nil)
                   "key             binding\n---             -------\n\nC-a\t\tforward-char\n<menu-bar>\tPrefix Command\n\n<menu-bar> <item>\t\tforward-char\n\n"))
    (should (equal (help-fns-tests--map-tree map t nil nil "Mine" t nil nil nil)
                   "Mine:\nkey             binding\n---             -------\n\nC-a\t\tforward-char\n\n")))
  (let ((map '(keymap (1 . forward-char) (2 . backward-char)))
        (shadow '((keymap (1 . end-of-line)))))
    (should (equal (help-fns-tests--map-tree map t shadow nil nil t nil nil t)
                   "key             binding\n---             -------\n\nC-a\t\tforward-char\n  (this binding is currently shadowed)\nC-b\t\tbackward-char\n\n"))
    (should (equal (help-fns-tests--map-tree map t shadow nil nil t nil nil nil)
                   "key             binding\n---             -------\n\nC-b\t\tbackward-char\n\n"))))

;;; What help relies on elsewhere

(defvar help-fns-tests--documented 1 "Documented here.")
(defconst help-fns-tests--constant 2 "A documented constant.")

(ert-deftest help-fns-tests-defvar-documentation ()
  (should (equal (get 'help-fns-tests--documented 'variable-documentation) "Documented here."))
  (should (equal (get 'help-fns-tests--constant 'variable-documentation)
                 "A documented constant."))
  (should (equal (documentation-property 'help-fns-tests--documented 'variable-documentation)
                 "Documented here.")))

(ert-deftest help-fns-tests-autoload-property ()
  (let ((f (make-symbol "help-fns-tests--loaded")))
    (autoload f "help-fns-tests-file" "Doc." t)
    (fset f (lambda () 1))
    (should (equal (get f 'autoload) '("help-fns-tests-file" "Doc." t nil)))))

(ert-deftest help-fns-tests-emacs-aliases ()
  (should (eq (symbol-function 'search-forward-regexp) (symbol-function 're-search-forward)))
  (should (eq (symbol-function 'chmod) 'set-file-modes))
  (should (string-match-p "\\`an alias for .re-search-backward. in .+subr\\.el"
                          (help-fns-tests--first-line 'search-backward-regexp)))
  (should (commandp 'search-forward-regexp)))

(ert-deftest help-fns-make-usage-arguments ()
  (should (equal (help--make-usage 'f '(a _b _ &optional c (d 1) (_e 2) ((e f) 2)
                                          "x" 5 &rest r &key k))
                 '(f A B _ &optional C (D 1) (_E 2) ((e f) 2) "x" 5 &rest R &key K)))
  (should (equal (help--make-usage nil nil) '(nil)))
  (should (equal (help--make-usage 'h '(x-y __z CamelCase)) '(h X-Y _Z CAMELCASE)))
  (should (equal (should-error (help--make-usage 'g '(a . b)))
                 '(wrong-type-argument listp b))))

;;; help-fns-tests.el ends here
