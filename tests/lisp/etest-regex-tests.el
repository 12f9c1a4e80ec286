;;; etest-regex-tests.el --- regexp ranges, backward comments, file-local variables  -*- lexical-binding: t -*-

;; Every expected value here is what GNU Emacs 28 gives.

(require 'ert)

;;; Bracket ranges ending in a raw byte

(ert-deftest etest-regex-raw-range-from-ascii ()
  "From ASCII to a raw byte: the rest of ASCII and the raw bytes, no
multibyte character."
  (let ((re (string-to-multibyte "[m-\xc8]")))
    (should (equal (string-match re "xyz") 0))
    (should (equal (string-match re (string-to-multibyte "ab\xa0")) 2))
    (should-not (string-match re "l"))
    (should-not (string-match re "é"))
    (should-not (string-match re "ĉ"))
    (should-not (string-match re (string-to-multibyte "\xc9")))))

(ert-deftest etest-regex-raw-range-unibyte-pattern ()
  (should (equal (string-match "[m-\xc8]" (string-to-multibyte "--\x90")) 2))
  (should-not (string-match "[m-\xc8]" "ñ"))
  (should (equal (string-match "[^m-\xc8]" "ñ") 0)))

(ert-deftest etest-regex-raw-range-from-multibyte-is-empty ()
  (should-not (string-match "[é-\xc8]" "é"))
  (should-not (string-match "[é-\xc8]" (string-to-multibyte "\xc8")))
  (should-not (string-match "[é-\xc8]" "\xb0"))
  (should (equal (string-match "[é-\xc8x]" "ax") 1)))

(ert-deftest etest-regex-raw-range-between-raw-bytes ()
  (let ((re (string-to-multibyte "[\x90-\xa0]+")))
    (should (equal (string-match re (string-to-multibyte "a\x95\xa0\xa1")) 1))
    (should (equal (match-end 0) 3))
    (should-not (string-match re "Ġ"))))

;;; Backward comment scans after a comment left open

(defun etest-regex--comment-back (text entries)
  "`forward-comment' -1 from the end of TEXT, its syntax ENTRIES set:
its value and point."
  (with-temp-buffer
    (set-syntax-table (make-syntax-table))
    (setq-local parse-sexp-ignore-comments t)
    (dolist (e entries) (modify-syntax-entry (car e) (cdr e)))
    (insert text)
    (goto-char (point-max))
    (list (forward-comment -1) (point))))

(defvar etest-regex--hash-bar '((?# . ". 14") (?| . ". 23n") (?\; . "< b") (?\n . "> b"))
  "Lisp's nested #| |# comments and ; line comments.")

(ert-deftest etest-regex-nested-comment-after-open-one ()
  (should (equal (etest-regex--comment-back "q#|\nr#| s |#" etest-regex--hash-bar)
                 '(t 6)))
  (should (equal (etest-regex--comment-back "q#|\nr#||#" etest-regex--hash-bar)
                 '(t 6)))
  (should (equal (etest-regex--comment-back "q#|\nr#| #| s |# |#" etest-regex--hash-bar)
                 '(t 6)))
  (should (equal (etest-regex--comment-back "q#|\nr#|#|#" etest-regex--hash-bar)
                 '(t 6))))

(ert-deftest etest-regex-nested-comment-overlapping-markers ()
  (should (equal (etest-regex--comment-back "#|#|#" etest-regex--hash-bar) '(t 1)))
  (should (equal (etest-regex--comment-back "z#|#|#|#" etest-regex--hash-bar) '(t 4)))
  (should (equal (etest-regex--comment-back "z#| |#|#" etest-regex--hash-bar) '(nil 9)))
  (should (equal (etest-regex--comment-back "z#| s |# |#" etest-regex--hash-bar) '(nil 12))))

(ert-deftest etest-regex-line-comment-after-open-block ()
  (should (equal (etest-regex--comment-back "q#|\nr; #|\n" etest-regex--hash-bar)
                 '(t 6)))
  (should (equal (etest-regex--comment-back "q#|\nr#| ; |#" etest-regex--hash-bar)
                 '(t 6))))

;;; File-local variables

(defmacro etest-regex--visiting (name text &rest body)
  "Run BODY in a buffer visiting a new file called NAME holding TEXT."
  (declare (indent 2))
  (let ((dir (make-symbol "dir")) (buf (make-symbol "buf")))
    `(let* ((,dir (make-temp-file "etest-regex" t))
            (,buf nil))
       (unwind-protect
           (progn
             (with-temp-file (expand-file-name ,name ,dir) (insert ,text))
             (setq ,buf (find-file-noselect (expand-file-name ,name ,dir)))
             (with-current-buffer ,buf ,@body))
         (when (buffer-live-p ,buf) (kill-buffer ,buf))
         (delete-directory ,dir t)))))

(ert-deftest etest-regex-local-variables-mode ()
  (etest-regex--visiting "notes.txt" "x\n\nLocal Variables:\nmode: fundamental\nEnd:\n"
    (should (eq major-mode 'fundamental-mode))
    (should (eq (hack-local-variables t) 'fundamental-mode)))
  (etest-regex--visiting "plain" "-*- text -*-\n"
    (should (eq major-mode 'text-mode)))
  (etest-regex--visiting "code" "#!/bin/sh\n# -*- mode: Emacs-Lisp; fill-column: 51 -*-\n"
    (should (eq major-mode 'emacs-lisp-mode))
    (should (equal fill-column 51))
    (should (equal file-local-variables-alist '((fill-column . 51))))))

(ert-deftest etest-regex-local-variables-safe-only ()
  (etest-regex--visiting "a.txt" "a\n;; Local Variables:\n;; tab-width: 3\n;; fill-column: 44\n;; End:\n"
    (should (eq major-mode 'text-mode))
    (should (equal (list tab-width fill-column) '(3 44)))
    (should (equal file-local-variables-alist '((tab-width . 3) (fill-column . 44)))))
  ;; One unsafe entry: a batch session cannot ask, so none is set.
  (etest-regex--visiting "b.txt" "Local Variables:\nfill-column: 33\netest-regex--unsafe: 5\nEnd:\n"
    (should (equal fill-column (default-value 'fill-column)))
    (should-not (boundp 'etest-regex--unsafe))
    (should-not file-local-variables-alist)))

(ert-deftest etest-regex-local-variables-enable-safe ()
  (let ((enable-local-variables :safe))
    (etest-regex--visiting "c.txt" "# Local Variables:\n# fill-column: 44\n# eval: (setq etest-regex--evaled t)\n# End:\n"
      (should (equal fill-column 44))
      (should-not (boundp 'etest-regex--evaled)))))

(ert-deftest etest-regex-local-variables-lexical-binding ()
  "Only the first line's lexical-binding counts."
  (etest-regex--visiting "x.el" ";;; x.el --- y -*- lexical-binding: t -*-\n(foo)\n"
    (should (local-variable-p 'lexical-binding))
    (should (equal file-local-variables-alist '((lexical-binding . t)))))
  (etest-regex--visiting "z.el" "a\n;; Local Variables:\n;; lexical-binding: t\n;; End:\n"
    (should-not (local-variable-p 'lexical-binding))
    (should-not file-local-variables-alist)))

(ert-deftest etest-regex-local-variables-malformed ()
  "A bad list is reported, not signaled: the mode stays fundamental."
  (let ((debug-on-error nil))
    (etest-regex--visiting "d.txt" "a\n;; Local Variables:\nfill-column: 3\n;; End:\n"
      (should (eq major-mode 'fundamental-mode))
      (should (equal fill-column (default-value 'fill-column)))
      (should-error (hack-local-variables t)))))

(ert-deftest etest-regex-local-variable-predicates ()
  (should (safe-local-variable-p 'fill-column 3))
  (should-not (safe-local-variable-p 'fill-column 'a))
  (should (risky-local-variable-p 'etest-regex-hook))
  (should (risky-local-variable-p 'etest-regex-functions))
  (should-not (risky-local-variable-p 'etest-regex-width))
  ;; The value is where the risky ending starts, or the property.
  (should (equal (mapcar #'risky-local-variable-p
                         '(foo-map foo-mapx foo-program font-lock-keywords-12
                                   a-frame-alist foo-predicate))
                 '(3 nil 3 0 1 3)))
  (put 'etest-regex-risky 'risky-local-variable 7)
  (should (equal (risky-local-variable-p 'etest-regex-risky) 7))
  ;; An alias is judged by the variable it stands for.
  (defvaralias 'etest-regex-alias-hook 'etest-regex-alias-target)
  (should-not (risky-local-variable-p 'etest-regex-alias-hook))
  (defvaralias 'etest-regex-alias 'etest-regex-target-hooks)
  (should (equal (risky-local-variable-p 'etest-regex-alias) 18))
  (let ((safe-local-variable-values '((etest-regex-zzz . 1))))
    (should (equal (safe-local-variable-p 'etest-regex-zzz 1) '((etest-regex-zzz . 1)))))
  (put 'etest-regex-failing 'safe-local-variable (lambda (_) (error "No")))
  (let ((debug-on-error nil))
    (should-not (safe-local-variable-p 'etest-regex-failing 1)))
  (put 'etest-regex-not-fn 'safe-local-variable 'etest-regex-no-such-function)
  (should-not (safe-local-variable-p 'etest-regex-not-fn 1)))

;;; etest-regex-tests.el ends here
