;;; subr-misc2-tests.el --- smaller subr.el and subr-x.el functions  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)
(require 'subr-x)
(require 'ring)
(require 'thunk)

(ert-deftest subr-misc2-load-history-regexp ()
  (let ((load-suffixes '(".elc" ".el"))
        (jka-compr-load-suffixes '(".gz")))
    (should (equal (load-history-regexp "foo")
                   "\\(\\`\\|/\\)foo\\(\\.elc\\|\\.el\\)?\\(\\.gz\\)?\\'"))
    (should (equal (load-history-regexp "foo.el")
                   "\\(\\`\\|/\\)foo\\.el\\(\\.gz\\)?\\'"))
    (should (string-match-p (load-history-regexp "foo") "/a/b/foo.elc"))
    (should-not (string-match-p (load-history-regexp "foo") "/a/b/xfoo.el"))
    (should (string-prefix-p "\\`/" (load-history-regexp "/")))))

(ert-deftest subr-misc2-button-buffer-map ()
  (should (eq (lookup-key button-buffer-map "\t") 'forward-button))
  (should (eq (lookup-key button-buffer-map "\e\t") 'backward-button))
  (should (eq (lookup-key button-buffer-map [backtab]) 'backward-button)))

(ert-deftest subr-misc2-version-list-not-zero ()
  (should (= (version-list-not-zero '(0 0 -3 1)) -3))
  (should (= (version-list-not-zero '(0 0)) 0))
  (should (= (version-list-not-zero nil) 0)))

(ert-deftest subr-misc2-string-trim-match-data ()
  (string-match "b" "abc")
  (should (equal (string-trim-right "x  ") "x"))
  (should (equal (match-data) '(1 2)))
  (should (equal (string-trim-left "--x" "-+") "x"))
  (should (equal (match-data) '(0 2)))
  (should (equal (string-trim-right "x%s%s" "%s") "x%s")))

(ert-deftest subr-misc2-combine-and-quote-strings ()
  (should (equal (combine-and-quote-strings '("a" "b c" "d\\e")) "a \"b c\" \"d\\\\e\""))
  (should (equal (combine-and-quote-strings '("a.b" "c") ".") "\"a.b\".c"))
  (should (equal (combine-and-quote-strings nil) ""))
  (should (equal (split-string-and-unquote
                  (combine-and-quote-strings '("x y" "q\"r" "z")))
                 '("x y" "q\"r" "z"))))

(ert-deftest subr-misc2-event-click-count ()
  (should (= (event-click-count '(double-mouse-1 nil 2)) 2))
  (should (= (event-click-count '(mouse-1 nil)) 1))
  (should (= (event-click-count ?a) 1)))

(ert-deftest subr-misc2-register-definition-prefixes ()
  (let ((definition-prefixes (make-hash-table :test 'equal)))
    (should (null (register-definition-prefixes "one" '("p-" "q-"))))
    (register-definition-prefixes "two" '("p-"))
    (should (equal (gethash "p-" definition-prefixes) '("two" "one")))
    (should (equal (gethash "q-" definition-prefixes) '("one")))))

(ert-deftest subr-misc2-region-extract-function ()
  (with-temp-buffer
    (insert "abcdef")
    (set-mark 2)
    (goto-char 4)
    (should (equal (funcall region-extract-function 'bounds) '((2 . 4))))
    (should (equal (funcall region-extract-function nil) "bc"))
    (should (equal (buffer-string) "abcdef"))
    (should (equal (funcall region-extract-function t) "bc"))
    (should (equal (buffer-string) "adef"))))

(ert-deftest subr-misc2-with-tables-restore-buffer ()
  (let ((a (generate-new-buffer "a")) (b (generate-new-buffer "b"))
        (table (make-syntax-table)))
    (unwind-protect
        (with-current-buffer a
          (let ((before (syntax-table)))
            (with-syntax-table table
              (should (eq (syntax-table) table))
              (set-buffer b))
            (should (eq (current-buffer) b))
            (should (eq (with-current-buffer a (syntax-table)) before))))
      (kill-buffer a)
      (kill-buffer b))))

(ert-deftest subr-misc2-with-temp-file ()
  (let ((file (make-temp-file "subr-misc2")))
    (unwind-protect
        (progn
          (should (eq (with-temp-file file (insert "hello") 'done) 'done))
          (should (equal (with-temp-buffer (insert-file-contents file) (buffer-string))
                         "hello")))
      (delete-file file))))

(ert-deftest subr-misc2-with-file-modes ()
  (let ((before (default-file-modes)))
    (should (= (with-file-modes #o700 (default-file-modes)) #o700))
    (should (= (default-file-modes) before))
    (ignore-errors (with-file-modes #o700 (error "x")))
    (should (= (default-file-modes) before))))

(defun subr-misc2--inner-frames () (backtrace-frames))
(defun subr-misc2--outer-frames () (subr-misc2--inner-frames))

(ert-deftest subr-misc2-backtrace-frames-order ()
  ;; Innermost first: the callee's frame comes before its caller's.
  (let* ((frames (subr-misc2--outer-frames))
         (names (mapcar #'cadr frames)))
    (should (cl-every (lambda (f) (= (length f) 4)) frames))
    (should (eq (car names) 'backtrace-frames))
    (should (< (cl-position 'subr-misc2--inner-frames names)
               (cl-position 'subr-misc2--outer-frames names)))))

(ert-deftest subr-misc2-help-function-arglist ()
  (should (equal (help-function-arglist (lambda (a &rest b) (list a b))) '(a &rest b)))
  (should (equal (help-function-arglist '(lambda (x) x)) '(x)))
  (should (eq (help-function-arglist 'subr-misc2--no-such-function) t))
  (should (eq (help-function-arglist 42) t)))

(ert-deftest subr-misc2-subr-x-strings ()
  (should (equal (string-remove-suffix "" "abc") "abc"))
  (should (equal (string-remove-suffix "abcd" "cd") "cd"))
  (should (equal (string-remove-suffix "cd" "abcd") "ab"))
  (should (equal (string-clean-whitespace "\n a  \t b \r\n") "a b"))
  (should (equal (string-clean-whitespace "   ") ""))
  (should (equal (string-limit "abcdef" 2 t) "ef"))
  (should (equal (string-limit "abcdef" 0) ""))
  (should (equal (should-error (string-limit "ab" -1))
                 '(wrong-type-argument natnump -1))))

(ert-deftest subr-misc2-ring-p ()
  (should (ring-p (make-ring 2)))
  (should-not (ring-p '(0 . 1)))
  (should-not (ring-p '(0 x . [])))
  (should-not (ring-p [0 0])))

(ert-deftest subr-misc2-thunk-let-bad-bindings ()
  (should (equal (should-error (macroexpand '(thunk-let ((a 1 2)) a)))
                 '(error "Bad binding in thunk-let" (a 1 2))))
  (should (equal (should-error (macroexpand '(thunk-let ("a" 1) a)))
                 '(error "Bad binding in thunk-let" "a")))
  (should (equal (thunk-let ((a (+ 1 2))) (* a a)) 9)))

;; map.el is here as the rewrite of map--merge came with these.
(require 'map)

(ert-deftest subr-misc2-map-merge ()
  (let ((alist '((a . 1) (b . 2))))
    (should (equal (map-merge 'list alist '((b . 3) (c . 4)))
                   '((a . 1) (b . 3) (c . 4))))
    (should (equal alist '((a . 1) (b . 2)))))
  (should (equal (map-merge 'plist '(:a 1) '(:a 2 :b 3)) '(:a 2 :b 3)))
  (should (equal (map-merge-with 'alist #'+ '((a . 1)) '((a . 5) (b . 1)) [7 8])
                 '((a . 6) (b . 1) (0 . 7) (1 . 8))))
  (should (null (map-merge 'list)))
  (let ((h (map-merge 'hash-table '((x . 1)))))
    (should (hash-table-p h))
    (should (eql (gethash 'x h) 1))))

;;; subr-misc2-tests.el ends here

(ert-deftest subr-with-silent-modifications ()
  ;; No undo records, no change hooks, read-only text writable, and an
  ;; unmodified buffer stays unmodified; a modified one stays modified.
  (with-temp-buffer
    (insert "abc")
    (let ((log nil))
      (add-hook 'before-change-functions (lambda (&rest _) (push 'before log)) nil t)
      (add-hook 'after-change-functions (lambda (&rest _) (push 'after log)) nil t)
      (setq buffer-undo-list nil)
      (set-buffer-modified-p nil)
      (should (equal (with-silent-modifications
                       (put-text-property 1 2 'face 'bold)
                       (list buffer-undo-list inhibit-read-only inhibit-modification-hooks
                             (buffer-modified-p)))
                     '(t t t t)))
      (should (equal (list log buffer-undo-list (buffer-modified-p)) '(nil nil nil)))
      (set-buffer-modified-p t)
      (with-silent-modifications (insert "x"))
      (should (equal (list (buffer-modified-p) buffer-undo-list) '(t nil)))
      (set-buffer-modified-p nil)
      (let ((buffer-read-only t))
        (with-silent-modifications (insert "y")))
      (should (equal (buffer-string) #("abcxy" 0 1 (face bold))))
      (should-error (with-silent-modifications (error "boom")))
      (should-not (buffer-modified-p)))))
