;;; apropos-tests.el --- tests of apropos.el  -*- lexical-binding: t -*-

(require 'ert)
(require 'apropos)

(defun apropos-tests--text ()
  "The text of *Apropos*, which is then killed."
  (prog1 (with-current-buffer "*Apropos*"
           (buffer-substring-no-properties (point-min) (point-max)))
    (kill-buffer "*Apropos*")))

(defun aptz-fn (a) "Does aptz things.\nMore." a)
(defun aptz-undoc (a) a)
(defun aptz-cmd () "A command of aptz." (interactive) nil)
(defmacro aptz-mac (x) "A macro." x)
(defalias 'aptz-alias 'aptz-fn)
(defvar aptz-var 42 "A variable about aptz.\nMore lines here.")
(defvar aptz-str "a string value aptzq" "String var.")
(put 'aptz-plist 'foo 'bar)
(put 'aptz-plist 'a-rather-long-property-name-one 1)
(put 'aptz-plist 'a-rather-long-property-name-two 1)
(put 'aptz-plist 'a-rather-long-property-name-three 1)

(ert-deftest apropos-parse-pattern-regexp ()
  (apropos-parse-pattern "a.b c")
  (should (equal (list apropos-pattern apropos-pattern-quoted apropos-regexp
                       apropos-words apropos-all-words apropos-all-words-regexp)
                 '("a.b c" "a\\.b c" "a.b c" nil nil "a.b c"))))

(ert-deftest apropos-parse-pattern-words ()
  (apropos-parse-pattern '("find" "file"))
  (should (equal apropos-regexp
                 "\\(?:file\\).*?\\(?:find\\)\\|\\(?:find\\).*?\\(?:file\\)"))
  (should (equal apropos-words '("file" "find")))
  (should (equal apropos-all-words '("file" "find\\|open\\|edit")))
  (should (equal apropos-all-words-regexp
                 "\\(?:file\\).+\\(?:find\\|open\\|edit\\)\\|\\(?:find\\|open\\|edit\\).+\\(?:file\\)"))
  (apropos-parse-pattern '("open" "x" "paste"))
  (should (equal apropos-words '("yank\\|paste" "x" "find\\|open\\|edit")))
  (apropos-parse-pattern '("x" "x"))
  (should (equal (list apropos-regexp apropos-words) '("x" ("x" "x"))))
  (apropos-parse-pattern '("foo" "bar") t)
  (should (equal apropos-regexp
                 "\\(?:bar\\)[^b-a]*?\\(?:foo\\)\\|\\(?:foo\\)[^b-a]*?\\(?:bar\\)"))
  (should-error (apropos-parse-pattern nil) :type 'wrong-type-argument))

(ert-deftest apropos-words-to-regexp-cases ()
  (should (equal (apropos-words-to-regexp '("a" "b" "a") ".*?")
                 "\\(?:a\\).*?\\(?:b\\)\\|\\(?:b\\).*?\\(?:a\\)"))
  (should (equal (apropos-words-to-regexp '("a") ".*?") "a"))
  (should (equal (apropos-words-to-regexp nil "x") nil)))

(ert-deftest apropos-scores ()
  (apropos-parse-pattern "foo")
  (should (equal (mapcar #'apropos-score-str
                         '("foo" "xfoo" "foofoo" "a foo b" "xxxxxxxxxfoo" "fo" ""))
                 '(3000 2750 3500 2999 2249 0 0)))
  (should (equal (apropos-score-str (make-string 25 ?x)) -2))
  (should (equal (mapcar #'apropos-score-doc '("foo" "xfoo" "a foo b" "fo"))
                 '(10150 10137 10149 0)))
  (apropos-parse-pattern '("foo" "bar"))
  (should (equal (mapcar #'apropos-score-str '("foo bar" "foobar" "a foo b"))
                 '(3428 3500 1714)))
  (should (equal (mapcar #'apropos-score-doc '("foo bar" "bar foo"))
                 '(10171 171))))

(ert-deftest apropos-lists-symbols ()
  (let ((result (apropos "aptz-[pvf]")))
    (should (equal (mapcar (lambda (e) (cons (car e) (cddr e))) result)
                   '((aptz-fn "Does aptz things." nil nil nil nil nil)
                     (aptz-plist nil nil "foo a-rather-long-property-name-one a-rather-long-property-name-two a-rather-long-property-name-three" nil nil nil)
                     (aptz-var nil "A variable about aptz." "variable-documentation" nil nil nil)))))
  (should (equal (apropos-tests--text)
                 "Type RET on a type label to view its full documentation.

aptz-fn
  Function: Does aptz things.
aptz-plist
  Properties: foo a-rather-long-property-name-one
              a-rather-long-property-name-two
              a-rather-long-property-name-three
aptz-var
  Variable: A variable about aptz.
  Properties: variable-documentation
")))

(ert-deftest apropos-function-layout ()
  (apropos-function "aptz-[^c]")
  (should (equal (apropos-tests--text)
                 "Type RET on a type label to view its full documentation.

aptz-alias
  Function: Does aptz things.
aptz-fn
  Function: Does aptz things.
aptz-mac
  Macro: A macro.
aptz-undoc
  Function: (not documented)
")))

(ert-deftest apropos-command-layout ()
  ;; The message returned depends on the window layout.
  (should (stringp (apropos-command "aptz-")))
  (should (equal (apropos-tests--text)
                 "Type RET on an entry to view its full documentation.

aptz-cmd		      M-x ... RET
   A command of aptz.
"))
  (should-not (apropos-command "aptznomatch"))
  (should (equal (apropos-tests--text) "")))

(ert-deftest apropos-variable-layouts ()
  (apropos-variable "aptz-")
  (should (equal (apropos-tests--text)
                 "Type RET on a type label to view its full documentation.

aptz-str
  Variable: String var.
aptz-var
  Variable: A variable about aptz.
"))
  (should-not (apropos-variable "aptz-" t)))

(ert-deftest apropos-documentation-and-value ()
  (let ((result (apropos-documentation "about aptz" t)))
    (should (equal (mapcar (lambda (e) (cons (car e) (cddr e))) result)
                   '((aptz-var nil "A variable about aptz.\nMore lines here."))))
    (should (equal (get-text-property 11 'face (nth 3 (car result))) 'match)))
  (should (equal (apropos-tests--text)
                 "Type RET on a type label to view its full documentation.


----------------
aptz-var
  Variable: A variable about aptz.
More lines here.
"))
  (apropos-value "a string value aptzq\"")
  (should (equal (apropos-tests--text)
                 "Type RET on an entry to view its full documentation.


----------------
aptz-str
   \"a string value aptzq\"
")))

(ert-deftest apropos-no-match ()
  (should-not (apropos "aptznomatchzz"))
  (should-not (get-buffer "*Apropos*")))

;; Values long enough to be wrapped.
(defvar aptz-long (make-list 30 "qq zval"))
(defvar aptz-longword (list (make-string 90 ?x) "qq zval"))

(ert-deftest apropos-score-symbol-cases ()
  (apropos-parse-pattern "foo")
  (should (equal (mapcar (lambda (name) (apropos-score-symbol (intern name) 1))
                         '("foo" "foox" "xfoo" "zqx-foo" "fooxxxxxxx" "afoob"))
                 '(174 187 157 131 202 170)))
  (should (equal (apropos-score-symbol 'foo) 522))
  (should (equal (apropos-score-symbol 'foo 0) 0))
  (should (equal (apropos-score-symbol 'car) 0))
  (apropos-parse-pattern '("qbeta" "qgamma" "qalpha"))
  (should (equal (apropos-score-symbol 'zqx-qbeta-qgamma 1) 155))
  (should (equal (apropos-score-symbol 'zqx-qgamma-var 1) 88)))

(ert-deftest apropos-documentation-scores ()
  (let ((result (apropos-documentation "about aptz" t)))
    (kill-buffer "*Apropos*")
    (should (equal (nth 1 (car result)) 10158))))

(ert-deftest apropos-value-wraps ()
  (let ((result (apropos-value "^(\\(\"qq zval\" \\)\\{29\\}\\|(\"x\\{90\\}")))
    (should (equal (mapcar (lambda (e) (list (car e) (nth 1 e))) result)
                   '((aptz-long 3003) (aptz-longword 3105)))))
  (should (equal (apropos-tests--text)
                 (concat "Type RET on an entry to view its full documentation.


----------------
aptz-long
   (\"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq
   zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\"
   \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq
   zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\"
   \"qq zval\" \"qq zval\" \"qq zval\" \"qq zval\")

----------------
aptz-longword
   (\"" (make-string 90 ?x) "\"
   \"qq zval\")
"))))

(ert-deftest apropos-documentation-property-cases ()
  (put 'aptz-dp1 'variable-documentation '(error "x"))
  (put 'aptz-dp2 'variable-documentation "Doc \\[undo] x")
  (should (equal (apropos-documentation-property 'aptz-dp1 'variable-documentation nil)
                 "(error retrieving documentation)"))
  (should (equal (apropos-documentation-property 'aptz-dp2 'variable-documentation t)
                 "Doc \\[undo] x"))
  (should (equal (apropos-documentation-property 'aptz-dp3 'variable-documentation t)
                 "(not documented)"))
  ;; Emacs's documentation search would trip over the faulty property.
  (setplist 'aptz-dp1 nil))

(ert-deftest apropos-value-do-all ()
  ;; The searched text is made here so that this test's own code,
  ;; which is also searched, does not hold it.
  (let ((token (concat "qz" "vv" "tk")))
    (put 'aptz-vp 'aptzprop token)
    (put 'aptz-vp 'other 1)
    (put 'aptz-vp 'aptzprop2 (list (make-string 60 ?w) token))
    (defalias 'aptz-vf (list 'lambda '(a) "Doc." (list 'list 'a token)))
    (let ((result (apropos-value token t)))
      (should (equal (mapcar (lambda (e) (list (car e) (nth 1 e))) result)
                     '((aptz-vf 2321) (aptz-vp 3741)))))
    (should (equal (apropos-tests--text)
                   (format "Type RET on a type label to view its full documentation.


----------------
aptz-vf
  Function: (lambda (a) \"Doc.\" (list a \"%s\"))

----------------
aptz-vp
  Properties: aptzprop \"%s\"
    aptzprop2
              (\"%s\"
              \"%s\")
" token token (make-string 60 ?w) token)))))

;;; apropos-local-value and apropos-library (expected texts from Emacs 28)

(defvar-local aptz-local-a "hello aptzl world")

(ert-deftest apropos-local-value-listing ()
  (with-temp-buffer
    (rename-buffer "aptz-buf" t)
    (setq aptz-local-a "hello aptzl local")
    (setq-local aptz-local-c '(aptzl 1 2))
    (let ((result (apropos-local-value "aptzl")))
      (should (equal (mapcar (lambda (e) (list (car e) (nth 1 e) (nth 2 e)
                                               (substring-no-properties (nth 3 e))))
                             result)
                     '((aptz-local-a 2998 nil "\"hello aptzl local\"")
                       (aptz-local-c 3362 nil "(aptzl 1 2)"))))
      (should (= (length (car result)) 4)))
    (should (equal (apropos-tests--text)
                   "Type RET on an entry to view its full documentation.

Buffer `aptz-buf' has the following local variables
matching `aptzl':


----------------
aptz-local-a
   \"hello aptzl local\"

----------------
aptz-local-c
   (aptzl 1 2)
"))
    ;; A variable local once set, with no local value, shows its default.
    (kill-local-variable 'aptz-local-a)
    (should (equal (caar (apropos-local-value '("world" "aptzl") (current-buffer)))
                   'aptz-local-a))
    (should (string-match-p "^matching keywords `(world aptzl)':$"
                            (apropos-tests--text)))
    (should-not (apropos-local-value "aptznomatchzz"))))

(defvar aptzvq-named (concat "hello " "aptz" "vq"))

(ert-deftest apropos-value-scores-values-only ()
  ;; The name matching the pattern adds nothing to the score.  The pattern
  ;; is built here so that no printed code holds it.
  (should (equal (nth 1 (assq 'aptzvq-named (apropos-value (concat "aptz" "vq\""))))
                 2499))
  (kill-buffer "*Apropos*"))

(defconst apropos-tests--library
  (expand-file-name "aptz-library.el" (or (getenv "TMPDIR") temporary-file-directory)))

(ert-deftest apropos-library-listing ()
  (with-temp-file apropos-tests--library
    (insert "(require 'seq)\n(require 'cl-lib)\n"
            "(defvar aptzlib-var 1 \"A variable.\\nMore.\")\n"
            "(defvar aptzlib-undoc 2)\n"
            "(defun aptzlib-fn (x) \"Return X.\" x)\n"
            "(defun aptzlib-cmd () \"A command.\" (interactive) 1)\n"
            "(defmacro aptzlib-mac (x) \"A macro.\" x)\n"
            "(provide 'aptz-library)\n"))
  (unwind-protect
      (progn
        (load apropos-tests--library nil t)
        (let ((result (apropos-library "aptz-library")))
          (should (equal result
                         '((aptzlib-cmd 654 "A command." nil nil nil nil nil)
                           (aptzlib-fn 660 "Return X." nil nil nil nil nil)
                           (aptzlib-mac 654 "A macro." nil nil nil nil nil)
                           (aptzlib-undoc 642 nil "(not documented)" nil nil nil nil)
                           (aptzlib-var 654 nil "A variable." "variable-documentation"
                                        nil nil nil)))))
        (should (equal (apropos-tests--text)
                       (format-message "Type RET on a type label to view its full documentation.

Library `aptz-library' provides: aptz-library
and requires: cl-lib and seq

aptzlib-cmd
  Command: A command.
aptzlib-fn
  Function: Return X.
aptzlib-mac
  Macro: A macro.
aptzlib-undoc
  Variable: (not documented)
aptzlib-var
  Variable: A variable.
  Properties: variable-documentation
")))
        (should-error (apropos-library "aptz-no-such-library")))
    (delete-file apropos-tests--library)))

;;; apropos-tests.el ends here
