;;; abbrev-tests.el --- defining, expanding, listing and saving abbrevs  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)
(require 'abbrev)

(defvar abbrev-tests--table nil)
(defvar abbrev-tests--mode nil)

(defun abbrev-tests--two-abbrevs ()
  (let ((table (make-abbrev-table)))
    (define-abbrev table "foo" "find outer otter")
    (define-abbrev table "ab" "alpha beta")
    table))

(defun abbrev-tests--expand (table text)
  "TEXT after \"say \" with its last word expanded by TABLE."
  (with-temp-buffer
    (setq local-abbrev-table table)
    (insert "say " text)
    (expand-abbrev)
    (list (buffer-string) (point))))

(ert-deftest abbrev-tests-case-of-expansion ()
  (let ((table (abbrev-tests--two-abbrevs)))
    (dolist (case '(("Foo" nil "say Find outer otter" 21)
                    ("Foo" t "say Find outer otter" 21)
                    ("FOO" nil "say Find Outer Otter" 21)
                    ("FOO" t "say FIND OUTER OTTER" 21)
                    ("foo" nil "say find outer otter" 21)
                    ("x-Foo" t "say x-Find outer otter" 23)
                    ("AB" nil "say Alpha Beta" 15)
                    ("AB" t "say ALPHA BETA" 15)
                    ("Ab" nil "say Alpha beta" 15)))
      (let ((abbrev-all-caps (nth 1 case)))
        (should (equal (abbrev-tests--expand table (car case)) (cddr case)))))))

(ert-deftest abbrev-tests-check-chars ()
  (with-temp-buffer
    (should (equal (should-error (abbrev--check-chars "a-b c-" nil))
                   '(error "Some abbrev characters (- ) are not word constituents in this mode")))
    (should (equal (should-error (abbrev--check-chars "a-b c-" t))
                   '(error "Some abbrev characters (- ) are not word constituents in the standard syntax")))
    (should-not (abbrev--check-chars "abc" nil))))

(defun abbrev-tests--names (tables alist)
  (mapcar (lambda (table) (car (rassq table alist))) tables))

(ert-deftest abbrev-tests-active-tables ()
  (let* ((g (make-abbrev-table)) (l (make-abbrev-table))
         (m (make-abbrev-table)) (m2 (make-abbrev-table))
         (names (list (cons 'g g) (cons 'l l) (cons 'm m) (cons 'm2 m2)))
         (global-abbrev-table g)
         (abbrev-minor-mode-table-alist
          (list (cons 'abbrev-tests--mode m)
                (cons 'abbrev-tests--unbound-variable m2)
                (cons 'abbrev-tests--mode (list m2 l)))))
    (with-temp-buffer
      (setq local-abbrev-table l)
      (should (equal (abbrev-tests--names (abbrev--active-tables) names) '(l g)))
      (let ((abbrev-tests--mode t))
        (should (equal (abbrev-tests--names (abbrev--active-tables) names)
                       '(m2 l m l g)))
        (setq local-abbrev-table (list l m))
        (should (equal (abbrev-tests--names (abbrev--active-tables) names)
                       '(m2 l m l m g))))
      (should (equal (abbrev--active-tables g) (list g)))
      (should (equal (abbrev--active-tables (list m l)) (list m l))))))

(ert-deftest abbrev-tests-define-table-and-describe ()
  (setq abbrev-tests--table nil)
  (define-abbrev-table 'abbrev-tests--table
    '(("aa" "apple" nil :count 3)
      ("zz" "zebra" ignore :system t)
      ("mm" "mango" nil :case-fixed t :enable-function ignore))
    "Doc." :regexp "x")
  (should (equal (abbrev-table-get abbrev-tests--table :regexp) "x"))
  (should (equal (documentation-property 'abbrev-tests--table 'variable-documentation)
                 "Doc."))
  (should (eq (abbrev-table-name abbrev-tests--table) 'abbrev-tests--table))
  ;; A symbol in place of the docstring starts the properties.
  (define-abbrev-table 'abbrev-tests--table nil :foo 1)
  (should (eq (abbrev-table-get abbrev-tests--table :foo) 1))
  (should (equal (should-error (define-abbrev-table 'abbrev-tests--table nil nil :bar))
                 '(error "Missing value for property :bar")))
  (with-temp-buffer
    (insert-abbrev-table-description 'abbrev-tests--table)
    (should (equal (buffer-string) "(define-abbrev-table 'abbrev-tests--table
  '(
    (\"aa\" \"apple\" nil :count 3)
    (\"mm\" \"mango\" nil :count 0 :case-fixed t :enable-function ignore)
   ))

")))
  (with-temp-buffer
    (insert-abbrev-table-description 'abbrev-tests--table t)
    (should (equal (buffer-string) "(abbrev-tests--table)

\"aa\"\t       3    \"apple\"
\"mm\"\t       0    \"mango\"
\"zz\" (sys)\t    0 \"zebra\"\t\t     ignore


")))
  (let ((file (make-temp-file "abbrev-tests"))
        (abbrev-table-name-list '(global-abbrev-table abbrev-tests--table)))
    (unwind-protect
        (let ((global-abbrev-table (make-abbrev-table)))
          (write-abbrev-file file)
          (with-temp-buffer
            (insert-file-contents file)
            (should (equal (buffer-string) ";;-*-coding: utf-8;-*-
(define-abbrev-table 'abbrev-tests--table
  '(
    (\"aa\" \"apple\" nil :count 3)
    (\"mm\" \"mango\" nil :count 0 :case-fixed t :enable-function ignore)
   ))

"))))
      (delete-file file)))
  (let ((table (make-abbrev-table)))
    (setq abbrev-tests--table table)
    (with-temp-buffer
      (insert-abbrev-table-description 'abbrev-tests--table)
      (should (equal (buffer-string)
                     "(define-abbrev-table 'abbrev-tests--table '())\n\n")))))

(ert-deftest abbrev-tests-list-buffer ()
  (let* ((abbrev-tests--table (make-abbrev-table))
         (global-abbrev-table (make-abbrev-table))
         (abbrev-table-name-list '(global-abbrev-table abbrev-tests--table)))
    (define-abbrev abbrev-tests--table "q" "quux")
    (with-current-buffer (prepare-abbrev-list-buffer)
      (unwind-protect
          (progn
            (should (eq major-mode 'edit-abbrevs-mode))
            (should (= (point) 1))
            (should-not (buffer-modified-p))
            (should (equal (buffer-string) "(abbrev-tests--table)

\"q\"\t       0    \"quux\"


(global-abbrev-table)



")))
        (kill-buffer)))))

(ert-deftest abbrev-tests-expand-region ()
  (let ((table (abbrev-tests--two-abbrevs)))
    (with-temp-buffer
      (setq local-abbrev-table table)
      (insert "foo x ab y foo")
      (expand-region-abbrevs (point-min) (point-max) t)
      (should (equal (buffer-string) "find outer otter x alpha beta y find outer otter"))
      (should (= (point) 49)))
    (with-temp-buffer
      (setq local-abbrev-table table)
      (insert "foo x ab y foo")
      (expand-region-abbrevs 1 9 t)
      (should (equal (buffer-string) "find outer otter x alpha beta y foo")))
    (with-temp-buffer
      (setq local-abbrev-table table)
      (insert "foo x ab y foo")
      (let ((asked nil))
        (cl-letf (((symbol-function 'y-or-n-p)
                   (lambda (prompt) (push prompt asked) (string-match "ab" prompt))))
          (expand-region-abbrevs (point-min) (point-max)))
        (should (equal (buffer-string) "foo x alpha beta y foo"))
        (should (equal asked (list (format-message "Expand `foo'? ")
                                   (format-message "Expand `ab'? ")
                                   (format-message "Expand `foo'? "))))))))

(ert-deftest abbrev-tests-unexpand ()
  (with-temp-buffer
    (setq local-abbrev-table (abbrev-tests--two-abbrevs))
    (insert "say ab")
    (expand-abbrev)
    (goto-char 2)
    (unexpand-abbrev)
    (should (equal (list (buffer-string) (point) last-abbrev-text) '("say ab" 2 nil)))
    (unexpand-abbrev)
    (should (equal (buffer-string) "say ab"))))

(ert-deftest abbrev-tests-add-abbrev ()
  (let ((table (abbrev-tests--two-abbrevs)) (prompts nil))
    (cl-letf (((symbol-function 'read-string) (lambda (p &rest _) (push p prompts) "XY"))
              ((symbol-function 'y-or-n-p) (lambda (p) (push p prompts) t)))
      (with-temp-buffer
        (insert "one two three")
        (add-abbrev table "Mode" 2)
        (should (equal prompts '("Mode abbrev that expands into \"two three\": ")))
        (should (equal (abbrev-expansion "xy" table) "two three"))
        (set-mark 5)
        (setq prompts nil)
        (add-abbrev table "Global" 0)
        (should (equal prompts '("XY expands into \"two three\"; redefine? "
                                 "Global abbrev that expands into \"two three\": ")))
        (setq prompts nil)
        (add-abbrev table "Mode" -1)
        (should (equal prompts '("Undefine Mode abbrev: ")))
        (should-not (abbrev-symbol "xy" table))))))

(ert-deftest abbrev-tests-inverse-add-and-prefix-mark ()
  (let ((table (abbrev-tests--two-abbrevs)) (prompts nil))
    (with-temp-buffer
      (setq local-abbrev-table table)
      (insert "one two, three")
      (goto-char 5)
      (cl-letf (((symbol-function 'read-string) (lambda (p &rest _) (push p prompts) "EXP")))
        (inverse-add-abbrev table "Mode" -1))
      (should (equal prompts '("Expansion for Mode abbrev \"three\": ")))
      (should (equal (list (buffer-string) (point)) '("one two, EXP" 5))))
    (with-temp-buffer
      (setq local-abbrev-table table)
      (insert "zz foo")
      (goto-char 3)
      (abbrev-prefix-mark t)
      (insert "foo")
      (should (equal (buffer-string) "zz-foo foo"))
      (expand-abbrev)
      (should (equal (list (buffer-string) (point)) '("zzfind outer otter foo" 19)))
      (should-not abbrev-start-location))))

(ert-deftest abbrev-tests-props-parents-and-hooks ()
  (let ((table (make-abbrev-table '(:a 1 :b))))
    (should (equal (list (abbrev-table-get table :a) (abbrev-table-get table :b)
                         (abbrev-table-get table :abbrev-table-modiff))
                   '(1 nil 0)))
    (define-abbrev table "x" "y" 'ignore :system 'force)
    (should (equal (symbol-plist (obarray-get table "x"))
                   '(:system t :count 0 :abbrev-table-modiff 0)))
    (define-abbrev table "p" "q" nil 4)
    (should (equal (symbol-plist (obarray-get table "p"))
                   '(:count 4 :abbrev-table-modiff 1))))
  (let ((parent (make-abbrev-table)) (child (make-abbrev-table))
        (other (make-abbrev-table)))
    (define-abbrev parent "pa" "parent")
    (define-abbrev other "pa" "other")
    (abbrev-table-put child :parents (list parent))
    (should (equal (abbrev-expansion "pa" (list child other)) "parent"))
    (should (equal (abbrev-expansion "pa" (list other child)) "other"))
    (should (equal (abbrev-expansion "pa" child) "parent")))
  (with-temp-buffer
    (setq local-abbrev-table (make-abbrev-table))
    (define-abbrev local-abbrev-table "hk" "hook" (lambda () (goto-char (point-max))))
    (define-abbrev local-abbrev-table "sx" "(six)")
    (insert "a hk b")
    (goto-char 5)
    (should (eq (expand-abbrev) (abbrev-symbol "hk")))
    (should (equal (list (buffer-string) (point)) '("a hook b" 9)))
    (erase-buffer)
    (insert "Sx")
    (expand-abbrev)
    (should (equal (buffer-string) "(Six)")))
  (with-temp-buffer
    (setq local-abbrev-table nil)
    (should (equal (should-error (define-mode-abbrev "x" "y"))
                   '(error "Major mode has no abbrev table")))))

;;; abbrev-tests.el ends here
