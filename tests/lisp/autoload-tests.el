;;; autoload-tests.el --- autoload, autoloadp, autoload-do-load  -*- lexical-binding: t -*-

(require 'ert)

(defconst autoload-tests--dir
  (expand-file-name "fixtures" (file-name-directory load-file-name)))
(add-to-list 'load-path autoload-tests--dir)

(defvar autoload-fixture-loads)

(ert-deftest autoload-a-function-and-macro ()
  (should (eq (autoload 'autoload-fixture-double "autoload-fixture" "Doc." t)
              'autoload-fixture-double))
  (should (eq (autoload 'autoload-fixture-twice "autoload-fixture" nil nil 'macro)
              'autoload-fixture-twice))
  (should (equal (symbol-function 'autoload-fixture-twice)
                 '(autoload "autoload-fixture" nil nil macro)))
  (should (autoloadp (symbol-function 'autoload-fixture-double)))
  (should-not (autoloadp #'car))
  (should (functionp 'autoload-fixture-double))
  (should-not (functionp 'autoload-fixture-twice))
  (should (equal (macrop 'autoload-fixture-twice) '(macro t)))
  (should-not (autoload 'car "autoload-fixture"))
  (should-not (featurep 'autoload-fixture))
  ;; Expanding the macro loads the file once; the call then finds the
  ;; function defined.
  (should (equal (eval '(autoload-fixture-twice 3) t) '(3 3)))
  (should (featurep 'autoload-fixture))
  (should (= autoload-fixture-loads 1))
  (should (= (autoload-fixture-double 4) 8))
  (should (= autoload-fixture-loads 1))
  (should-not (autoloadp (symbol-function 'autoload-fixture-double))))

(ert-deftest autoload-b-do-load-and-errors ()
  (should (eq (autoload-do-load 5) 5))
  (should (eq (autoload-do-load #'car 'car) #'car))
  ;; MACRO-ONLY leaves a function autoload unloaded.
  (let ((fundef '(autoload "autoload-tests-no-such-file" nil nil nil)))
    (should (eq (autoload-do-load fundef 'x 'macro) fundef)))
  (autoload 'autoload-tests--missing "autoload-tests-no-such-file")
  (should (equal (condition-case e (autoload-tests--missing) (error e))
                 '(file-missing "Cannot open load file" "No such file or directory"
                                "autoload-tests-no-such-file")))
  (autoload 'autoload-tests--undefined "autoload-fixture")
  (should (equal (condition-case e (autoload-tests--undefined 1) (error (car e)))
                 'error))
  (should (string-match-p "\\`Autoloading file .*autoload-fixture\\.el failed to define function autoload-tests--undefined\\'"
                          (condition-case e (autoload-tests--undefined 1) (error (cadr e)))))
  (autoload 'autoload-tests--via-funcall "autoload-fixture")
  (should-error (funcall 'autoload-tests--via-funcall) :type 'error))

;; A file loaded by an autoload or `require' that signals: Emacs puts
;; back the definitions it replaced and the features list, and keeps
;; the functions it defined anew.  A plain `load' undoes nothing.
(ert-deftest autoload-c-failed-load-is-undone ()
  (defalias 'autoload-failing-existing (lambda () 'original))
  (autoload 'autoload-failing-entry "autoload-failing-fixture")
  (should (equal (condition-case e (autoload-failing-entry) (error e))
                 '(error "Failing midway")))
  (should (eq (autoload-failing-existing) 'original))
  (should (autoloadp (symbol-function 'autoload-failing-entry)))
  (should (eq (autoload-failing-new) 'new))
  (should-not (featurep 'autoload-failing-fixture))
  (fmakunbound 'autoload-failing-entry)
  (fmakunbound 'autoload-failing-new)
  (should (equal (condition-case e (require 'autoload-failing-fixture) (error e))
                 '(error "Failing midway")))
  (should (eq (autoload-failing-existing) 'original))
  (should (eq (autoload-failing-entry) 'entry))
  (should (eq (autoload-failing-new) 'new))
  (should-not (featurep 'autoload-failing-fixture))
  (should (equal (condition-case e (load "autoload-failing-fixture" nil t) (error e))
                 '(error "Failing midway")))
  (should (eq (autoload-failing-existing) 'replaced))
  (should (featurep 'autoload-failing-fixture)))

(ert-deftest autoload-library-functions-emacs-autoloads ()
  ;; Functions Emacs 28 autoloads (or preloads) work without a require.
  (should (equal (seq-take '(a b c d) 2) '(a b)))
  (should (equal (seq-filter #'natnump '(-2 0 5 -1)) '(0 5)))
  (should (equal (seq-uniq '(1 2 1 3 2)) '(1 2 3)))
  (should (= (seq-reduce #'+ [1 2 3 4] 10) 20))
  (should (equal (seq-subseq [5 6 7 8] 1 3) [6 7]))
  (should (eq (seq-find #'symbolp '(1 "a" b c)) 'b))
  (should (ring-p (make-ring 4)))
  (should (string-or-null-p nil))
  (should (string-or-null-p "text"))
  (should-not (string-or-null-p 'text)))

;; Emacs 28: `func-arity' of an autoloaded function loads its file.
(ert-deftest autoload-func-arity-loads ()
  (let ((file (make-temp-file "autoload-arity" nil ".el")))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert "(defun autoload-tests--arity (a &optional b) (list a b))\n"))
          (fmakunbound 'autoload-tests--arity)
          (autoload 'autoload-tests--arity file)
          (should (autoloadp (symbol-function 'autoload-tests--arity)))
          (should (equal (func-arity 'autoload-tests--arity) '(1 . 2)))
          (should-not (autoloadp (symbol-function 'autoload-tests--arity))))
      (delete-file file))))

;; Emacs's libraries are compiled, so loading one makes no gensyms.
(ert-deftest autoload-library-load-keeps-gensym-counter ()
  (let ((before gensym-counter))
    (load "rx" nil t)
    (load "eieio" nil t)
    (should (= gensym-counter before))))

;; In Emacs 28 `cl-incf' is one of cl-lib's autoloads: using it loads
;; cl-lib, whose functions a script may then call unrequired.  (Emacs
;; has no `cl-decf' before cl-lib loads; marrow's loads cl-lib too.)
(ert-deftest autoload-cl-incf-loads-cl-lib ()
  (let ((program (expand-file-name invocation-name invocation-directory)))
    (dolist (form '("(let ((x 1)) (cl-incf x))" "1"))
      (with-temp-buffer
        (call-process program nil t nil "-batch" "-Q" "--eval"
                      (format "(progn %s (princ (list (featurep 'cl-lib) (and (fboundp 'cl-remove-if) t))))"
                              form))
        (should (equal (buffer-string) (if (equal form "1") "(nil nil)" "(t t)")))))))
