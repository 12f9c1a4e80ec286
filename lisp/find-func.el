;;; find-func.el --- where a definition is written  -*- lexical-binding: t -*-

;; The variables through which Emacs's `find-function' family finds a
;; definition in its source: for each kind of definition, a regexp
;; with one %s that `format' fills with the quoted name.  ERT and
;; cl-generic register their own kinds in `find-function-regexp-alist',
;; and test files written for Emacs add theirs, so the variables must
;; exist once ERT is loaded, as they do in Emacs.

(defvar find-function-space-re "\\(?:\\s-\\|\n\\|;.*\n\\)+"
  "Whitespace and comments between the defining form and the name.")

(defvar find-function-regexp
  (concat "^\\s-*(\\(def\\(?:un\\|macro\\|subst\\|alias\\|generic\\|method\\)"
          "\\|cl-def\\(?:un\\|macro\\|subst\\)\\*?\\)"
          find-function-space-re "\\('\\|(quote \\)?%s\\(\\s-\\|$\\|[()]\\)")
  "The start of a function definition; %s is the name.")

(defvar find-variable-regexp
  (concat "^\\s-*(def\\(?:var\\|const\\|custom\\|var-local\\)"
          find-function-space-re "%s\\(\\s-\\|$\\)")
  "The start of a variable definition; %s is the name.")

(defvar find-face-regexp
  (concat "^\\s-*(defface" find-function-space-re "%s\\(\\s-\\|$\\)")
  "The start of a face definition; %s is the name.")

(defvar find-feature-regexp ";;; Code:"
  "Where a library's code starts.")

(defvar find-alias-regexp "(defalias +'%s"
  "The start of an alias definition; %s is the name.")

(defvar find-function-regexp-alist
  '((nil . find-function-regexp)
    (defvar . find-variable-regexp)
    (defface . find-face-regexp)
    (feature . find-feature-regexp)
    (defalias . find-alias-regexp))
  "Kinds of definition, each (TYPE . REGEXP-SYMBOL): REGEXP-SYMBOL
holds the regexp for TYPE, or names a function that moves to the
definition.")

(provide 'find-func)
