;;; known-diffs-tests.el --- known differences from Emacs 28, now matched  -*- lexical-binding: t -*-

;; format's %c given a symbol, ?\x of a raw byte's character,
;; call-interactively's "k" spec, the eval: local variable, date-to-time's
;; fallback parser.

(require 'ert)
(require 'cl-lib)

(ert-deftest known-diffs-format-char-symbol ()
  ;; A symbol the reader made (its name multibyte) prints as with %s,
  ;; with width and precision but no zero padding.
  (should (equal (format "%c" 'known-diffs-fresh) "known-diffs-fresh"))
  (should (multibyte-string-p (format "%c" 'known-diffs-fresh)))
  (should (equal (format "%05c|" 'kdq) "  kdq|"))
  (should (equal (format "%.2c|" 'kdq) "kd|"))
  (should (equal (format "%-5c|%d" 'kdr 3) "kdr  |3"))
  (should (equal (format "%S%c" 7 'kdq) "7kdq"))
  (should (equal (format "%c" (intern (string-to-multibyte "kd-made-mb"))) "kd-made-mb"))
  ;; Only while the result is still unibyte: after another multibyte
  ;; argument, or given nil, t or a symbol interned from unibyte text,
  ;; it is a mismatch.
  (dolist (args (list (list "%c" nil) (list "%c" t) (list "%5c" nil)
                      (list "%c" (intern "kd-made-unibyte"))
                      (list "%s%c" 'kdq 'kdr) (list "%c%c" 'kdq 'kdr)
                      (list "%c%c" 233 'kdq)
                      (list (string-to-multibyte "%c") 'kdq)))
    (should (equal (condition-case err (apply #'format args) (error err))
                   '(error "Format specifier doesn’t match argument type")))))

(ert-deftest known-diffs-format-odd-arguments ()
  (let ((mismatch '(error "Format specifier doesn’t match argument type")))
    (dolist (case `(("%c" "ab" ,mismatch) ("%c" 1.5 ,mismatch)
                    ("%c" ,(expt 2 70) ,mismatch) ("%c" -1 (wrong-type-argument characterp -1))
                    ("%c" [1 2] ,mismatch) ("%d" "ab" ,mismatch) ("%d" nil ,mismatch)
                    ("%x" -2.7 "-2") ("%o" 1.5 "1") ("%e" kdq ,mismatch)
                    ("%f" ,(expt 2 70) "1180591620717411303424.000000")
                    ("%g" 1.0e+INF "inf") ("%d" 0.0e+NaN "nan") ("%x" 1.0e+INF (overflow-error))
                    ("%s" 1.5 "1.5") ("%S" "ab" "\"ab\"") ("%c" 255 "ÿ")))
      (should (equal (condition-case err (format (car case) (cadr case)) (error err))
                     (nth 2 case))))))

(ert-deftest known-diffs-raw-byte-char-literal ()
  ;; ?\x of a raw byte's character reads as the byte, modifiers kept.
  (should (eq ?\x3fffff 255))
  (should (eq ?\x3fff80 128))
  (should (eq (read "?\\M-\\x3fffff") (+ (ash 1 27) 255)))
  (should (eq ?\x3fff7f #x3fff7f))
  (should (equal "\x3fffff" "\377"))
  ;; Hex escapes go up to #xFFFFFFF, for modifier bits, and a raw
  ;; byte's character keeps them.
  (should (eq (read "?\\x400000") #x400000))
  (should (eq (read "?\\x3fffff0") #x3c000f0))
  (should (eq (read "?\\M-\\x400000") (+ (ash 1 27) #x400000)))
  (should (equal (condition-case err (read "?\\x10000000") (error err))
                 '(error "Hex character out of range: \\x10000000...")))
  (should (equal (condition-case err (read "\"\\x400000\"") (error err))
                 '(invalid-read-syntax "Invalid modifier in string")))
  ;; Only one or two digits make a raw byte in a string.
  (should (equal (read "\"\\x0ff\"") "\u00ff"))
  (should (multibyte-string-p (read "\"\\x0ff\"")))
  (should (equal (read "\"\\xff\"") "\377")))

(defun known-diffs--key (&rest events)
  "What the \"k\" spec reads from EVENTS, and the events left unread."
  (let ((unread-command-events events))
    (list (call-interactively (lambda (key) (interactive "kKey: ") key))
          unread-command-events)))

(ert-deftest known-diffs-interactive-k ()
  (let ((global-map (copy-keymap global-map)))
    (global-set-key [?\C-c ?z] #'ignore)
    (global-set-key [?\C-c f5] #'ignore)
    ;; ASCII characters make a string, meta setting bit 7 of a byte.
    (should (equal (known-diffs--key ?\C-c ?x ?y) '("\C-cx" (?y))))
    (should (equal (known-diffs--key ?\M-x) '("\370" nil)))
    (should (equal (known-diffs--key ?\C-c ?\M-a) '("\C-c\341" nil)))
    (should (equal (known-diffs--key ?\C-x ?4 ?f) '("\C-x4f" nil)))
    ;; Other characters and events make a vector.
    (should (equal (known-diffs--key ?é) '([?é] nil)))
    (should (equal (known-diffs--key ?\C-c ?É) '([?\C-c ?É] nil)))
    (should (equal (known-diffs--key ?\H-a) '([?\H-a] nil)))
    (should (equal (known-diffs--key 'f1 ?a) '([f1 ?a] nil)))
    ;; An unbound shifted last key becomes the unshifted one when that
    ;; is bound.
    (should (equal (known-diffs--key ?\C-c ?Z) '("\C-cz" nil)))
    (should (equal (known-diffs--key ?\C-c ?\S-z) '("\C-cz" nil)))
    (should (equal (known-diffs--key ?\C-c ?A) '("\C-cA" nil)))
    (should (equal (known-diffs--key ?\S-a) '("a" nil)))
    (should (equal (known-diffs--key ?\S-\C-a) '("\C-a" nil)))
    (should (equal (known-diffs--key ?\C-c 'S-f5) '([?\C-c f5] nil)))
    (should (equal (known-diffs--key ?\C-c 'S-f6) '([?\C-c S-f6] nil)))
    (should (equal (let ((unread-command-events (list ?\C-c ?\S-z)))
                     (read-key-sequence-vector "Key: "))
                   [?\C-c ?z]))))

(defvar known-diffs--ran nil)
(defun known-diffs--allowed-call (&rest args)
  (push (cons 'called args) known-diffs--ran))
(put 'known-diffs--allowed-call 'safe-local-eval-function t)

(defun known-diffs--locals (variables eval text)
  "Which eval: forms ran and which locals were recorded, for the local
variables TEXT under ENABLE-LOCAL-VARIABLES VARIABLES and
ENABLE-LOCAL-EVAL EVAL."
  (with-temp-buffer
    (insert "x\n;; Local Variables:\n" text ";; End:\n")
    (setq known-diffs--ran nil)
    (let ((enable-local-variables variables) (enable-local-eval eval))
      (hack-local-variables))
    (list (reverse known-diffs--ran) (mapcar #'car file-local-variables-alist)
          (and (local-variable-p 'fill-column) fill-column))))

(ert-deftest known-diffs-local-eval ()
  (let ((unsafe ";; fill-column: 33\n;; eval: (push 'ran known-diffs--ran)\n")
        (safe ";; eval: (known-diffs--allowed-call 1 'a :k)\n;; fill-column: 33\n"))
    ;; An unsafe eval: runs only when enable-local-eval is t (or with
    ;; :all); asking is impossible in batch, so otherwise nothing is set.
    (should (equal (known-diffs--locals t t unsafe) '((ran) (fill-column eval) 33)))
    (should (equal (known-diffs--locals t nil unsafe) '(nil (fill-column) 33)))
    (should (equal (known-diffs--locals t 'maybe unsafe) '(nil nil nil)))
    (should (equal (known-diffs--locals :safe t unsafe) '(nil (fill-column) 33)))
    (should (equal (known-diffs--locals :all 'maybe unsafe) '((ran) (fill-column eval) 33)))
    (should (equal (known-diffs--locals :all nil unsafe) '(nil (fill-column) 33)))
    (should (equal (known-diffs--locals nil t unsafe) '(nil nil nil)))
    ;; Safe ones run unless enable-local-eval is nil.
    (dolist (variables '(t :safe :all))
      (should (equal (known-diffs--locals variables 'maybe safe)
                     '(((called 1 a :k)) (eval fill-column) 33)))
      (should (equal (known-diffs--locals variables nil safe) '(nil (fill-column) 33))))
    ;; A variable argument is not constant.
    (should (equal (known-diffs--locals :safe 'maybe ";; eval: (known-diffs--allowed-call known-diffs--ran)\n")
                   '(nil nil nil)))
    (should (equal (known-diffs--locals t 'maybe ";; eval: 5\n;; eval: known-diffs--ran\n")
                   '(nil (eval eval) nil)))
    (should (equal (known-diffs--locals
                    :safe 'maybe
                    (concat ";; eval: (put 'kd 'lisp-indent-function 2)\n"
                            ";; eval: (put 'kd 'lisp-indent-function 'defun)\n"
                            ";; eval: (put 'kd 'lisp-indent-function 'other)\n"
                            ";; eval: (add-hook 'before-save-hook 'delete-trailing-whitespace nil t)\n"))
                   '(nil (eval eval eval) nil)))
    (should (equal (get 'kd 'lisp-indent-function) 'defun))
    (let ((safe-local-eval-forms '((push 'listed known-diffs--ran))))
      (should (equal (known-diffs--locals t 'maybe ";; eval: (push 'listed known-diffs--ran)\n")
                     '((listed) (eval) nil))))))

(ert-deftest known-diffs-date-to-time-fallback ()
  (dolist (case '(("Thu, 04-Mar-21 05:06:07 GMT" "2021-03-04 05:06:07")
                  ("Thursday, 04-Mar-2021 05:06:07 GMT" "2021-03-04 05:06:07")
                  ("04-Mar-69 05:06:07" "1969-03-04 05:06:07")
                  ("2021-3-4 5:6:7 +0200" "2021-03-04 03:06:07")
                  ("22-AUG-1993 10:59:12.82" "1993-08-22 10:59:12")
                  ("04-MAR-2021 5:06:07 PST" "2021-03-04 13:06:07")
                  ("2021-3-4T5:6:7" "2021-03-04 05:06:07")
                  ("6 May 1992 1641-JST (Saturday)" "1992-05-06 16:41:00")
                  ("1996-06-24 21:13-0300" "1996-06-25 00:13:00")
                  ("Thu, 04 Mar 2021 05:06:07 +0100" "2021-03-04 04:06:07")))
    (should (equal (format-time-string "%F %T" (date-to-time (car case)) t) (cadr case))))
  ;; Without a time of day neither parser gives a whole date.
  (dolist (date '("2021-03-04" "04 Mar 2021" "Sat, 01 Jan 2000" "March 4, 2021"
                  "4-mar-2021 5:06" "2021-3-4 5:6" "garbage" ""))
    (should (equal (condition-case err (date-to-time date) (error err))
                   (list 'error (concat "Invalid date: " date))))))

(ert-deftest known-diffs-buffer-end-and-edebug-defun ()
  (with-temp-buffer
    (insert "abc")
    (narrow-to-region 2 3)
    (should (equal (list (buffer-end 1) (buffer-end 0) (buffer-end -2)) '(3 2 2))))
  (should (eq (symbol-function 'edebug-defun) 'edebug-eval-top-level-form)))

(defun known-diffs--c-syntax-table ()
  "A table with C's /* */ comments and C++'s // ones."
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?/ ". 124b" table)
    (modify-syntax-entry ?* ". 23" table)
    (modify-syntax-entry ?\n "> b" table)
    table))

(ert-deftest known-diffs-comments-after-unclosed-comment ()
  ;; Many line comments after an unclosed block comment: each line end
  ;; met going backward asks where its comment starts.  This took time
  ;; quadratic in the text (over a minute for this buffer).
  (with-temp-buffer
    (set-syntax-table (known-diffs--c-syntax-table))
    (insert "x /* unclosed\n")
    (insert (apply #'concat (make-list 10000 "// c\n")))
    (goto-char (point-max))
    (should (eq (forward-comment -20000) nil))
    (should (= (point) 14))
    (goto-char (point-max))
    (backward-sexp 3)
    (should (= (point) (- (point-max) 12))))
  (with-temp-buffer
    (set-syntax-table (known-diffs--c-syntax-table))
    (insert "x /* unclosed\n")
    (dotimes (_ 3) (insert "a // c\n"))
    (should (equal (list (scan-lists (point-max) -1 0) (scan-sexps (point-max) -2))
                   '(nil 29)))
    (goto-char (point-max))
    (should (eq (forward-comment -2) nil))
    (should (= (point) 30))))

(ert-deftest known-diffs-lookup-menu-key-mixed-case ()
  ;; A menu-bar key not bound as spelled is looked up down-cased.
  (let ((map (make-keymap)))
    (define-key map [menu-bar kd-file kd-open] 'kd-open)
    (define-key map [menu-bar i-bar] 'kd-i)
    (should (equal (list (lookup-key map [menu-bar Kd-File Kd-Open])
                         (lookup-key map [menu-bar I-bar])
                         (lookup-key map [menu-bar Kd-File Kd-Open More])
                         (lookup-key map [menu-bar Kd-File 1])
                         (lookup-key map [menu-bar Kd-File ?A])
                         (lookup-key map [Menu-bar kd-file kd-open]))
                   '(kd-open kd-i 3 nil nil 1)))
    (should (keymapp (lookup-key map [menu-bar KD-FILE])))))

(ert-deftest known-diffs-lookup-menu-key-non-ascii ()
  ;; Only ASCII letters are down-cased.
  (let ((map (make-keymap)))
    (define-key map [menu-bar kdåäö kdbar] 'kd-1)
    (define-key map [menu-bar xkdåy] 'kd-2)
    (define-key map [menu-bar kdé] 'kd-3)
    (should (equal (list (lookup-key map [menu-bar KDÅäö Kdbar])
                         (lookup-key map [menu-bar kdåäö Kdbar])
                         (lookup-key map [menu-bar XKDÅY])
                         (lookup-key map [menu-bar XKdåy])
                         (lookup-key map [menu-bar kdÉ]))
                   '(2 kd-1 nil kd-2 nil)))))

(ert-deftest known-diffs-read-number-reads-from-minibuffer ()
  ;; read-number asks read-from-minibuffer, its defaults as strings; an
  ;; empty answer is the first default.
  (let ((calls nil) (answers (list "" "x" "12")))
    (cl-letf (((symbol-function 'read-from-minibuffer)
               (lambda (&rest args) (push args calls) (pop answers)))
              ((symbol-function 'sit-for) #'ignore))
      (should (equal (read-number "N: " '(5 nil 6)) 5))
      (should (equal (read-number "N: ") 12)))
    (should (equal (reverse calls)
                   '(("N (default 5): " nil nil nil read-number-history ("5" "6"))
                     ("N: " nil nil nil read-number-history nil)
                     ("N: " nil nil nil read-number-history nil))))))
