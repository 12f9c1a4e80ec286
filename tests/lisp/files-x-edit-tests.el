;;; files-x-edit-tests.el --- editing file-local variables  -*- lexical-binding: t -*-

;; Expected texts were read off GNU Emacs 28.  The "Local Variables" words
;; are split in this file so that loading it finds no list here.

(require 'ert)
(require 'files-x)

(defconst files-x-edit-tests--lv (concat "Local" " Variables:"))

(defun files-x-edit-tests--run (text syntax &rest calls)
  "Insert TEXT (with %L for the list header) in a buffer whose comment
SYNTAX is (START . END), run CALLS, return (TEXT POINT VALUES)."
  (with-temp-buffer
    (insert (replace-regexp-in-string "%L" files-x-edit-tests--lv text t t))
    (goto-char (point-min))
    (setq comment-start (car syntax) comment-end (cdr syntax))
    (let ((values (mapcar (lambda (call)
                            (let ((value (apply (car call) (cdr call))))
                              (if (stringp value) (substring-no-properties value) value)))
                          calls)))
      (list (replace-regexp-in-string files-x-edit-tests--lv "%L" (buffer-string) t t)
            (point) values))))

(ert-deftest files-x-edit-new-list ()
  (should (equal (files-x-edit-tests--run "abc\ndef" '(";; " . "")
                                          '(add-file-local-variable fill-column 70))
                 '("abc\ndef\n;; %L\n;; fill-column: 70\n;; End:\n" 48 (nil))))
  (should (equal (files-x-edit-tests--run "abc\n" '("/* " . " */")
                                          '(add-file-local-variable foo "a \"b\""))
                 '("abc\n\n/* %L */\n/* foo: \"a \\\"b\\\"\" */\n/* End: */\n" 50 (nil))))
  (should (equal (files-x-edit-tests--run "abc\n" '(";" . "")
                                          '(add-file-local-variable bar (a . "b")))
                 '("abc\n\n; %L\n; bar: (a . \"b\")\n; End:\n" 42 (nil)))))

(ert-deftest files-x-edit-replace-and-delete ()
  (should (equal (files-x-edit-tests--run
                  "abc\n;; %L\n;; foo: 1\n;; x: 1\n;; foo: 2\n;; End:\n" '(";; " . "")
                  '(add-file-local-variable foo 3))
                 '("abc\n;; %L\n;; x: 1\n;; foo: 3\n;; End:\n" 43 (nil))))
  ;; The list's own prefix and suffix win over the comment syntax.
  (should (equal (files-x-edit-tests--run "abc\n## %L ##\n## foo: 1 ##\n## End: ##\n"
                                          '(";; " . "")
                                          '(add-file-local-variable baz 3))
                 '("abc\n## %L ##\n## foo: 1 ##\n## baz: 3 ##\n## End: ##\n" 54 (nil))))
  (should (equal (files-x-edit-tests--run
                  "abc\n;; %L\n;;foo:1\n;; FOO: 2\n;; foobar: 3\n;; End:\n" '(";; " . "")
                  '(delete-file-local-variable foo))
                 '("abc\n;; %L\n;;foo:1\n;; foobar: 3\n;; End:\n" 33 (nil)))))

(ert-deftest files-x-edit-mode-and-eval-repeat ()
  (should (equal (files-x-edit-tests--run
                  "abc\n" '(";; " . "")
                  '(add-file-local-variable mode text) '(add-file-local-variable mode c)
                  '(add-file-local-variable eval (foo)) '(add-file-local-variable eval (bar)))
                 '("abc\n\n;; %L\n;; mode: c\n;; mode: text\n;; eval: (foo)\n;; eval: (bar)\n;; End:\n"
                   81 (nil nil nil nil)))))

(ert-deftest files-x-edit-list-limits ()
  ;; A list before a page break, or with no End line.
  (should (equal (files-x-edit-tests--run "a\n;; %L\n;; foo: 1\n;; End:\n\f\nxyz\n"
                                          '(";; " . "")
                                          '(add-file-local-variable foo 2))
                 '("a\n;; %L\n;; foo: 1\n;; End:\n\f\nxyz\n\n;; %L\n;; foo: 2\n;; End:\n"
                   78 (nil))))
  (should (equal (files-x-edit-tests--run "abc\n;; %L\n;; foo: 1\n" '(";; " . "")
                                          '(delete-file-local-variable foo))
                 '("abc\n;; %L\n;; End:\n;; foo: 1\n" 25 (nil))))
  (should (equal (files-x-edit-tests--run "abc\n" '(";; " . "")
                                          '(delete-file-local-variable foo))
                 (list "abc\n" 1 (list (concat files-x-edit-tests--lv-word " not found"))))))

(defconst files-x-edit-tests--lv-word (concat "Local" " Variables"))

(ert-deftest files-x-edit-interactive-messages ()
  (let ((hint "For this change to take effect revisit file using M-x revert-buffer"))
    (should (equal (nth 2 (files-x-edit-tests--run "abc\n" '(";; " . "")
                                                   '(add-file-local-variable foo 1 t)
                                                   '(delete-file-local-variable foo t)
                                                   '(delete-file-local-variable fill-column t)))
                   (list hint hint nil)))
    (should-error (files-x-edit-tests--run "abc\n" '(";; " . "")
                                           '(add-file-local-variable lexical-binding t))
                  :type 'user-error)))

(ert-deftest files-x-edit-prop-line-new ()
  (should (equal (files-x-edit-tests--run "abc\n" '(";; " . "")
                                          '(add-file-local-variable-prop-line foo 1))
                 '(";; -*- foo: 1; -*-\nabc\n" 16 (nil))))
  (should (equal (files-x-edit-tests--run "#!/bin/sh\nabc\n" '("# " . "")
                                          '(add-file-local-variable-prop-line foo "x"))
                 '("#!/bin/sh\n# -*- foo: \"x\"; -*-\nabc\n" 27 (nil))))
  ;; A comment on the first line takes the markers at its end.
  (should (equal (files-x-edit-tests--run "/* x */\nabc\n" '("/* " . " */")
                                          '(add-file-local-variable-prop-line foo 1))
                 '("/* x  -*- foo: 1; -*- */\nabc\n" 19 (nil))))
  (should (equal (files-x-edit-tests--run "abc\n" '(";; " . "")
                                          '(delete-file-local-variable-prop-line foo))
                 '("abc\n" 1 ("The -*- line not found")))))

(ert-deftest files-x-edit-prop-line-settings ()
  (should (equal (files-x-edit-tests--run ";; -*- mode: text; foo: 2; bar: 3 -*-\nabc\n"
                                          '(";; " . "")
                                          '(add-file-local-variable-prop-line foo 1))
                 '(";; -*- mode: text; foo: 1; bar: 3 -*-\nabc\n" 28 (nil))))
  (should (equal (files-x-edit-tests--run ";; -*- foo: 1; foo: 2; bar: 3; foo: 4 -*-\n"
                                          '(";; " . "")
                                          '(delete-file-local-variable-prop-line foo))
                 '(";; -*- bar: 3; -*-\n" 16 (nil))))
  (should (equal (files-x-edit-tests--run "-*-foo: 2 ;   -*-\n" '(";; " . "")
                                          '(add-file-local-variable-prop-line qq 5)
                                          '(add-file-local-variable-prop-line mode c))
                 '("-*- mode: c; foo: 2 ; qq: 5;   -*-\n" 14 (nil nil))))
  (should (equal (files-x-edit-tests--run ";; -*- bar: 3; xx -*-\n" '(";; " . "")
                                          '(delete-file-local-variable-prop-line bar))
                 '(";; -*- xx -*-\n" 8 ("Malformed -*- line")))))

(ert-deftest files-x-edit-prop-line-mode-only ()
  (should (equal (files-x-edit-tests--run "-*- text -*-\nabc\n" '(";; " . "")
                                          '(add-file-local-variable-prop-line foo 1))
                 '("-*-  mode: text; foo: 1;  -*-\nabc\n" 12 (nil))))
  (should (equal (files-x-edit-tests--run "-*- text -*-\nabc\n" '(";; " . "")
                                          '(add-file-local-variable-prop-line mode c))
                 '("-*- c -*-\nabc\n" 6 (nil))))
  ;; Deleting another variable from such a line sets it to nil, as in Emacs.
  (should (equal (files-x-edit-tests--run "-*-text-*-\n" '(";; " . "")
                                          '(delete-file-local-variable-prop-line foo))
                 '("-*- mode: text; foo: nil; -*-\n" 11 (nil)))))

(ert-deftest files-x-edit-autoloaded ()
  (dolist (f '(add-file-local-variable delete-file-local-variable
               add-file-local-variable-prop-line delete-file-local-variable-prop-line))
    (should (commandp f))))

(ert-deftest files-x-edit-disabled-and-without-comment-syntax ()
  ;; With local variables disabled nothing is edited; a buffer whose
  ;; mode has no comment syntax gets Lisp's comments.
  (with-temp-buffer
    (insert "text\n")
    (let ((enable-local-variables nil))
      (should (equal (modify-file-local-variable 'fill-column 44 'add-or-replace)
                     "File-local variables are disabled"))
      (should (equal (modify-file-local-variable-prop-line 'fill-column 44 'add-or-replace)
                     "File-local variables are disabled")))
    (should (equal (buffer-string) "text\n"))
    (modify-file-local-variable 'tab-width 3 'add-or-replace)
    (modify-file-local-variable-prop-line 'mode 'text 'add-or-replace)
    (should (equal (buffer-string)
                   ";;; -*- mode: text; -*-\ntext\n\n;; Local Variables:\n;; tab-width: 3\n;; End:\n"))
    ;; Only the adding command refuses lexical-binding.
    (modify-file-local-variable 'lexical-binding t 'add-or-replace)
    (should (string-match-p "lexical-binding: t" (buffer-string)))
    (should-error (add-file-local-variable 'lexical-binding t) :type 'user-error)))

;;; files-x-edit-tests.el ends here
