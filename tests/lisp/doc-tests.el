;;; doc-tests.el --- documentation and argument lists of functions  -*- lexical-binding: t -*-

(require 'ert)

(defun doc-tests--usage (function)
  "The \"(fn ...)\" line ending FUNCTION's documentation, or nil."
  (let ((doc (documentation function t)))
    (and doc (string-match "\n\n\\((fn\\(?: .*\\)?)\\)\\'" doc) (match-string 1 doc))))

(defconst doc-tests--primitives
  '(+ - * / % mod 1+ 1- abs min max truncate floor ceiling round expt ash
    logand logior logxor sqrt float random number-to-string string-to-number
    cons car cdr setcar setcdr list make-list append nconc reverse nreverse
    length nth nthcdr last butlast member memq assq assoc delq delete remove
    mapcar mapc mapcan mapconcat sort copy-sequence elt concat substring
    make-string upcase downcase string= string< string-to-char char-to-string
    split-string intern symbol-name symbol-value symbol-function get put
    symbol-plist boundp fboundp make-vector vector aref aset vconcat gethash
    puthash remhash maphash hash-table-count make-hash-table eq eql equal
    type-of consp listp numberp integerp floatp stringp symbolp vectorp
    functionp null atom eval load require provide message float-time
    garbage-collect funcall apply signal throw)
  "Functions that Emacs documents with a usage line and marrow writes in C.")

(ert-deftest doc-primitives-have-documentation-and-usage ()
  (dolist (f doc-tests--primitives)
    (should (stringp (documentation f)))
    (should (> (length (documentation f t)) (length (doc-tests--usage f))))
    (should (doc-tests--usage f))))

(ert-deftest doc-usage-lines-name-the-arguments ()
  (should (equal (doc-tests--usage 'car) "(fn LIST)"))
  (should (equal (doc-tests--usage 'nth) "(fn N LIST)"))
  (should (equal (doc-tests--usage 'substring) "(fn STRING &optional FROM TO)"))
  (should (equal (doc-tests--usage 'gethash) "(fn KEY TABLE &optional DFLT)"))
  (should (equal (doc-tests--usage 'current-time) "(fn)"))
  (should (equal (doc-tests--usage 'if) "(fn COND THEN ELSE...)"))
  (should (equal (doc-tests--usage 'let) "(fn VARLIST BODY...)"))
  ;; Through an alias, and given the function itself.
  (defalias 'doc-tests--first #'car)
  (should (equal (doc-tests--usage 'doc-tests--first) "(fn LIST)"))
  (should (equal (documentation (symbol-function 'cdr) t) (documentation 'cdr t))))

(ert-deftest doc-lisp-functions-keep-their-own-text ()
  (defun doc-tests--fn (a &optional b) "Return A; ignore B." (or a b))
  (defmacro doc-tests--mac (x &rest _body) "Expand to X." x)
  (should (equal (documentation 'doc-tests--fn) "Return A; ignore B."))
  (should (equal (documentation 'doc-tests--mac) "Expand to X."))
  (should (equal (documentation (lambda (n) "Twice N." (* 2 n))) "Twice N."))
  (should (null (documentation (lambda (n) n))))
  (should (equal (condition-case err (documentation 'doc-tests--undefined) (error err))
                 '(void-function doc-tests--undefined))))

(ert-deftest doc-help-function-arglist ()
  ;; Primitives: ARGn from their arity, or the usage line's names.
  (should (equal (help-function-arglist 'car) '(arg1)))
  (should (equal (help-function-arglist 'car t) '(list)))
  (should (equal (help-function-arglist 'substring) '(arg1 &optional arg2 arg3)))
  (should (equal (help-function-arglist 'substring t) '(string &optional from to)))
  (should (equal (help-function-arglist '+) '(&rest rest)))
  (should (equal (help-function-arglist 'gethash t) '(key table &optional dflt)))
  ;; A usage line that is no plain argument list falls back on the arity.
  (should (equal (help-function-arglist 'if t) '(arg1 arg2 &rest rest)))
  (should (equal (help-function-arglist 'setq t) '(&rest rest)))
  ;; Lisp functions and macros, and what is no function.
  (defun doc-tests--three (a &optional b &rest c) (list a b c))
  (should (equal (help-function-arglist 'doc-tests--three) '(a &optional b &rest c)))
  (should (equal (help-function-arglist '(lambda (x y) x)) '(x y)))
  (should (equal (help-function-arglist '(macro lambda (form) form) t) '(form)))
  (should (eq (help-function-arglist 'doc-tests--undefined) t))
  (should (eq (help-function-arglist 42) t)))

(ert-deftest doc-subr-name ()
  (should (equal (subr-name (symbol-function 'car)) "car"))
  (should (equal (subr-name (symbol-function 'if)) "if"))
  (should (equal (condition-case err (subr-name 'car) (error err))
                 '(wrong-type-argument subrp car))))

(ert-deftest doc-marrow-table-names-only-primitives ()
  ;; marrow keeps its primitives' documentation in lisp/subr-doc.el.
  (skip-unless (require 'subr-doc nil t))
  (dolist (entry (symbol-value 'subr-doc--entries))
    ;; The JSON primitives are missing from a build without libjansson.
    (unless (and (string-prefix-p "json-" (symbol-name (car entry)))
                 (not (fboundp (car entry))))
      ;; A macro marrow writes in C is (macro . SUBR).
      (let ((f (symbol-function (car entry))))
        (when (eq (car-safe f) 'macro)
          (setq f (cdr f)))
        (should (subrp f))
        (should (equal (subr-name f) (symbol-name (car entry))))))
    (should (or (null (nth 1 entry)) (stringp (nth 1 entry))))
    (should (stringp (nth 2 entry)))))

(defun doc-tests--primitives-written-in-c ()
  "Every function written in C: a subr under its own name (in Emacs,
not a natively compiled Lisp function)."
  (let ((found nil))
    (mapatoms
     (lambda (s)
       (let ((f (and (fboundp s) (symbol-function s))))
         (when (and (subrp f)
                    (not (and (fboundp 'subr-native-elisp-p) (subr-native-elisp-p f)))
                    (eq (intern-soft (subr-name f)) s))
           (push s found)))))
    found))

(ert-deftest doc-every-primitive-has-documentation ()
  (let ((primitives (doc-tests--primitives-written-in-c))
        (undocumented nil))
    (should (> (length primitives) 300))
    (dolist (f primitives)
      (unless (stringp (condition-case nil (documentation f t) (error nil)))
        (push f undocumented)))
    ;; A new primitive needs its entry in lisp/subr-doc.el: the failure
    ;; names those that have none.
    (should (equal (sort undocumented #'string<) nil))))

;;; doc-tests.el ends here

(ert-deftest doc-macros-written-in-c ()
  ;; defun and its kind are Lisp macros in Emacs: they have documentation
  ;; ending with a usage line.
  (dolist (m '(defun defmacro lambda prog2 declare))
    (should (stringp (documentation m)))
    (should (doc-tests--usage m)))
  (should (equal (doc-tests--usage 'defun)
                 "(fn NAME ARGLIST &optional DOCSTRING DECL &rest BODY)"))
  (should (equal (doc-tests--usage 'prog2) "(fn FORM1 FORM2 &rest BODY)")))

(ert-deftest doc-autoloads ()
  ;; An autoload's docstring is the function's until it loads.
  (autoload 'doc-tests--later "doc-tests--nowhere" "Do it later." nil 'macro)
  (should (equal (documentation 'doc-tests--later) "Do it later."))
  (autoload 'doc-tests--undocumented "doc-tests--nowhere")
  (should (null (documentation 'doc-tests--undocumented)))
  (fmakunbound 'doc-tests--later)
  (fmakunbound 'doc-tests--undocumented))

(ert-deftest doc-benchmark-is-autoloaded ()
  (skip-unless (not (featurep 'benchmark)))
  (should (autoloadp (symbol-function 'benchmark-run)))
  (should (stringp (documentation 'benchmark-run)))
  (let ((r (benchmark-run 2 (+ 1 2))))
    (should (featurep 'benchmark))
    (should (= (length r) 3))))
