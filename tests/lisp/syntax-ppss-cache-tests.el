;;; syntax-ppss-cache-tests.el --- syntax-ppss answers from its cache as a parse from point-min would  -*- lexical-binding: t -*-

;; The expected values are what GNU Emacs 28 gives.  Emacs's cache may
;; differ from a parse from point-min in elements 2 and 6 (its
;; documentation says not to rely on them); the tests that run under
;; Emacs compare the other elements only, and marrow's own tests check
;; that marrow gives all eleven exactly.

(require 'ert)

(defconst syntax-ppss-cache-tests--text
  "(a (b) c) ; x\n(defun f ()\n  \"str (\" (g 1)\n  'x)\n(h)\n")

(defmacro syntax-ppss-cache-tests--in-lisp (text &rest body)
  "Run BODY in an Emacs Lisp mode buffer holding TEXT."
  (declare (indent 1))
  `(with-temp-buffer
     (emacs-lisp-mode)
     (insert ,text)
     ,@body))

(defun syntax-ppss-cache-tests--sure-part (state)
  "STATE without elements 2 and 6, which a cache need not keep."
  (let ((copy (copy-sequence state)))
    (setcar (nthcdr 2 copy) 'any)
    (setcar (nthcdr 6 copy) 'any)
    copy))

(defun syntax-ppss-cache-tests--fresh (pos)
  "The state at POS of a parse from `point-min'."
  (save-excursion (parse-partial-sexp (point-min) pos)))

(defun syntax-ppss-cache-tests--line-starts ()
  "The positions where the lines of the buffer start."
  (save-excursion
    (goto-char (point-min))
    (let ((starts (list (point))))
      (while (zerop (forward-line 1))
        (push (point) starts))
      (nreverse starts))))

(defun syntax-ppss-cache-tests--scramble (list)
  "LIST in an order that jumps back and forth."
  (let ((front nil) (back nil) (i 0))
    (dolist (x list)
      (if (zerop (% (setq i (1+ i)) 3)) (push x front) (push x back)))
    (append front (reverse back))))

(ert-deftest syntax-ppss-cache-values ()
  (syntax-ppss-cache-tests--in-lisp syntax-ppss-cache-tests--text
    (should (equal (mapcar #'syntax-ppss '(40 30 20 5 50 1 53))
                   '((2 37 38 nil nil nil 0 nil nil (15 37) nil)
                     (1 15 24 34 nil nil 0 nil 29 (15) nil)
                     (1 15 16 nil nil nil 0 nil nil (15) nil)
                     (2 4 nil nil nil nil 0 nil nil (1 4) nil)
                     (1 49 nil nil nil nil 0 nil nil (49) nil)
                     (0 nil nil nil nil nil 0 nil nil nil nil)
                     (0 nil 49 nil nil nil 0 nil nil nil nil))))
    ;; Point moves to POS.
    (goto-char 1)
    (syntax-ppss 30)
    (should (= (point) 30))
    (goto-char 22)
    (should (equal (syntax-ppss) '(1 15 16 nil nil nil 0 nil nil (15) nil)))))

(ert-deftest syntax-ppss-cache-hook ()
  (syntax-ppss-cache-tests--in-lisp "(a)"
    (syntax-ppss 2)
    (should (equal before-change-functions '(t syntax-ppss-flush-cache)))
    (should (local-variable-p 'syntax-ppss-wide))))

(ert-deftest syntax-ppss-cache-preloaded-variables ()
  (should (equal (default-value 'syntax-ppss-max-span) 20000))
  (should (null (default-value 'syntax-begin-function)))
  (dolist (v '(syntax-ppss-wide syntax-ppss-narrow syntax-ppss-narrow-start
               syntax-ppss-table))
    (should (local-variable-if-set-p v))
    (should (null (default-value v))))
  ;; A `let' binds them dynamically.
  (let ((syntax-ppss-max-span 7))
    (should (= (funcall (lambda () (symbol-value 'syntax-ppss-max-span))) 7))))

(ert-deftest syntax-ppss-cache-errors ()
  (syntax-ppss-cache-tests--in-lisp syntax-ppss-cache-tests--text
    (syntax-ppss 30)
    (should (equal (condition-case err (syntax-ppss 1000) (error err))
                   (list 'args-out-of-range (current-buffer) 1 1000)))
    (should (equal (condition-case err (syntax-ppss 0) (error err))
                   '(error "End position is smaller than start position")))))

(ert-deftest syntax-ppss-cache-edits ()
  (syntax-ppss-cache-tests--in-lisp syntax-ppss-cache-tests--text
    (syntax-ppss 40)
    (syntax-ppss 31)
    (goto-char 16)
    (insert "\"")
    (should (equal (syntax-ppss 31) '(1 15 16 nil nil nil 0 nil nil (15) nil)))
    (should (equal (syntax-ppss 10) '(0 nil 1 nil nil nil 0 nil nil nil nil)))
    (delete-region 16 17)
    (should (equal (syntax-ppss 31) '(1 15 24 34 nil nil 0 nil 29 (15) nil)))
    ;; An edit the hooks do not hear of, reported by hand.
    (let ((inhibit-modification-hooks t))
      (goto-char 27)
      (insert ";"))
    (syntax-ppss-flush-cache 27)
    (should (equal (syntax-ppss 31) '(1 15 24 nil t nil 0 nil 27 (15) nil)))
    (should (equal (syntax-ppss 45) '(1 15 24 nil nil nil 0 nil nil (15) nil)))))

(ert-deftest syntax-ppss-cache-text-properties ()
  (syntax-ppss-cache-tests--in-lisp syntax-ppss-cache-tests--text
    (setq-local parse-sexp-lookup-properties t)
    (should (equal (syntax-ppss 31) '(1 15 24 34 nil nil 0 nil 29 (15) nil)))
    (put-text-property 29 30 'syntax-table (string-to-syntax "."))
    (should (equal (syntax-ppss 31) '(1 15 30 nil nil nil 0 nil nil (15) nil)))
    (should (equal (syntax-ppss-cache-tests--sure-part (syntax-ppss 40))
                   (syntax-ppss-cache-tests--sure-part
                    '(2 34 nil 34 nil nil 0 nil 35 (15 34) nil))))
    (remove-text-properties 29 30 '(syntax-table nil))
    (should (equal (syntax-ppss 31) '(1 15 24 34 nil nil 0 nil 29 (15) nil)))))

(ert-deftest syntax-ppss-cache-propertize ()
  (syntax-ppss-cache-tests--in-lisp syntax-ppss-cache-tests--text
    (setq-local syntax-propertize-function
                (syntax-propertize-rules ("\\(x\\))" (1 "|"))))
    (should (equal (syntax-ppss 49) '(1 15 37 t nil nil 0 nil 46 (15) nil)))
    (should (equal (syntax-ppss-cache-tests--sure-part (syntax-ppss 51))
                   (syntax-ppss-cache-tests--sure-part
                    '(1 15 nil t nil nil 1 nil 46 (15) nil))))
    (should (equal (get-text-property 46 'syntax-table) '(15)))
    (should parse-sexp-lookup-properties)
    ;; Editing before the fence takes it away until propertized again.
    (goto-char 46)
    (insert "y")
    (should (equal (syntax-ppss 50) '(1 15 46 t nil nil 0 nil 47 (15) nil)))))

(ert-deftest syntax-ppss-cache-narrowing ()
  (with-temp-buffer
    (insert "a \"b\" (c\n d) e")
    (narrow-to-region 5 12)
    ;; Inside a narrowing the parse starts at its beginning.
    (should (equal (syntax-ppss 6) '(0 nil nil 34 nil nil 0 nil 5 nil nil)))
    (should (equal (syntax-ppss 12) '(0 nil nil 34 nil nil 0 nil 5 nil nil)))
    (should (equal syntax-ppss-narrow-start 5))
    (widen)
    (should (equal (syntax-ppss 9) '(1 7 8 nil nil nil 0 nil nil (7) nil)))
    (narrow-to-region 7 15)
    (should (equal (syntax-ppss 13) '(0 nil 7 nil nil nil 0 nil nil nil nil)))))

(ert-deftest syntax-ppss-cache-table ()
  (syntax-ppss-cache-tests--in-lisp syntax-ppss-cache-tests--text
    (setq-local syntax-ppss-table
                (let ((table (make-syntax-table)))
                  (modify-syntax-entry ?\" "." table)
                  table))
    (should (equal (syntax-ppss 30) '(1 15 24 nil nil nil 0 nil nil (15) nil)))))

(ert-deftest syntax-ppss-cache-orders ()
  ;; Whatever the order of the calls, the sure elements are those of a
  ;; parse from the start.
  (syntax-ppss-cache-tests--in-lisp
      (apply #'concat (make-list 30 syntax-ppss-cache-tests--text))
    (let* ((syntax-ppss-max-span 200)
           (starts (syntax-ppss-cache-tests--line-starts)))
      (dolist (order (list starts (reverse starts)
                           (syntax-ppss-cache-tests--scramble starts)))
        (dolist (pos order)
          (should (equal (syntax-ppss-cache-tests--sure-part (syntax-ppss pos))
                         (syntax-ppss-cache-tests--sure-part
                          (syntax-ppss-cache-tests--fresh pos))))
          (let ((inside (min (point-max) (+ pos 3))))
            (should (equal (syntax-ppss-cache-tests--sure-part (syntax-ppss inside))
                           (syntax-ppss-cache-tests--sure-part
                            (syntax-ppss-cache-tests--fresh inside))))))))))

(ert-deftest syntax-ppss-cache-one-long-line ()
  (syntax-ppss-cache-tests--in-lisp
      (apply #'concat (make-list 300 "(a \"b\" c) "))
    (let ((syntax-ppss-max-span 200)
          (positions (number-sequence 1 (point-max) 37)))
      (dolist (order (list positions (reverse positions)))
        (dolist (pos order)
          (should (equal (syntax-ppss-cache-tests--sure-part (syntax-ppss pos))
                         (syntax-ppss-cache-tests--sure-part
                          (syntax-ppss-cache-tests--fresh pos)))))))))

;;; marrow's cache gives every element of a parse from point-min.

(defconst syntax-ppss-cache-tests--tricky
  (concat "(a ?\\( b) \"s\\\"t(r\" ; c (\n"
          "  `(,x ,@y #'z) [v w]\n"
          "x)) ) \"u\n  v\" 'q\n"
          "(p \\( q) ?\\\" (r\n"))

(ert-deftest syntax-ppss-cache-every-element ()
  (skip-unless (boundp 'marrow-collector))
  (syntax-ppss-cache-tests--in-lisp
      (apply #'concat (make-list 20 syntax-ppss-cache-tests--tricky))
    (let ((syntax-ppss-max-span 60)
          (all (number-sequence (point-min) (point-max))))
      (dolist (order (list all (reverse all) (syntax-ppss-cache-tests--scramble all)))
        (dolist (pos order)
          (should (equal (list pos (syntax-ppss pos))
                         (list pos (syntax-ppss-cache-tests--fresh pos)))))))))

(ert-deftest syntax-ppss-cache-unreported-changes ()
  (skip-unless (boundp 'marrow-collector))
  (syntax-ppss-cache-tests--in-lisp syntax-ppss-cache-tests--text
    (syntax-ppss 45)
    (let ((inhibit-modification-hooks t))
      (goto-char 16)
      (insert "\""))
    ;; No flush: the change of the text is seen all the same.
    (should (equal (syntax-ppss 45) (syntax-ppss-cache-tests--fresh 45)))
    (let ((table (copy-syntax-table (syntax-table))))
      (modify-syntax-entry ?\" "." table)
      (set-syntax-table table)
      (should (equal (syntax-ppss 45) (syntax-ppss-cache-tests--fresh 45))))))

(ert-deftest syntax-ppss-cache-shape ()
  (skip-unless (boundp 'marrow-collector))
  (syntax-ppss-cache-tests--in-lisp
      (apply #'concat (make-list 40 syntax-ppss-cache-tests--text))
    (let ((syntax-ppss-max-span 400))
      (syntax-ppss (point-max))
      (let ((checkpoints (cdr syntax-ppss-wide)))
        (should (equal (caar syntax-ppss-wide) (syntax-ppss-cache-tests--line-starts-last)))
        (should (> (length checkpoints) 5))
        (should (equal checkpoints (sort (copy-sequence checkpoints)
                                         (lambda (a b) (> (car a) (car b))))))
        (dolist (c checkpoints)
          (should (equal (cdr c) (syntax-ppss-cache-tests--fresh (car c))))))
      (syntax-ppss-flush-cache 500)
      (should (< (caadr syntax-ppss-wide) 500)))))

(defun syntax-ppss-cache-tests--line-starts-last ()
  "Where the last line of the buffer starts."
  (save-excursion (goto-char (point-max)) (line-beginning-position)))

;;; syntax-ppss-cache-tests.el ends here
