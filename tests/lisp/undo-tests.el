;;; undo-tests.el --- buffer-undo-list and undoing  -*- lexical-binding: t -*-

;; What the buffer primitives record in `buffer-undo-list', as Emacs 28
;; records it, and what `primitive-undo' and `undo' make of it.  The
;; buffers here have names without a leading space, so that they
;; record (with-temp-buffer's do not).

(require 'ert)

(defmacro undo-tests--with-buffer (text &rest body)
  "Run BODY in a new buffer holding TEXT, point at its end, its undo
list empty (and the buffer modified, so no first-change entry)."
  (declare (indent 1))
  `(let ((buffer (generate-new-buffer "undo-tests")))
     (unwind-protect
         (with-current-buffer buffer
           (insert ,text)
           (setq buffer-undo-list nil)
           ,@body)
       (kill-buffer buffer))))

(defun undo-tests--quietly (fn &rest args)
  "Apply FN to ARGS with `message' silenced (undo's \"Undo\")."
  (let ((inhibit-message t)
        (message-log-max nil))
    (apply fn args)))

(ert-deftest undo-disabled-buffers ()
  (with-temp-buffer
    (should (eq buffer-undo-list t))
    (insert "abc")
    (should (eq buffer-undo-list t))
    (buffer-enable-undo)
    (should (null buffer-undo-list))
    (insert "d")
    ;; Already modified: no first-change entry.
    (should (equal buffer-undo-list '((4 . 5))))
    (buffer-disable-undo)
    (should (eq buffer-undo-list t)))
  (let ((hidden (get-buffer-create " undo-tests hidden")))
    (unwind-protect
        (progn
          (should (eq (buffer-local-value 'buffer-undo-list hidden) t))
          (buffer-enable-undo hidden)
          (should (null (buffer-local-value 'buffer-undo-list hidden)))
          (buffer-disable-undo " undo-tests hidden")
          (should (eq (buffer-local-value 'buffer-undo-list hidden) t)))
      (kill-buffer hidden)))
  (should (equal (condition-case err (buffer-enable-undo "undo-tests no such buffer")
                   (error err))
                 '(error "No buffer named undo-tests no such buffer")))
  (should (equal (condition-case err (buffer-enable-undo 5) (error err))
                 '(wrong-type-argument stringp 5))))

(ert-deftest undo-first-change-and-merged-insertions ()
  (let ((buffer (generate-new-buffer "undo-tests")))
    (unwind-protect
        (with-current-buffer buffer
          (should (null buffer-undo-list))
          (insert "hello")
          (insert " world")
          (should (equal buffer-undo-list '((1 . 12) (t . 0))))
          (goto-char 3)
          (insert ?X)
          (should (equal buffer-undo-list '((3 . 4) (1 . 12) (t . 0))))
          (insert-char ?Y 2)
          (should (equal buffer-undo-list '((3 . 6) (1 . 12) (t . 0))))
          (set-buffer-modified-p nil)
          (insert "Z")
          (should (equal buffer-undo-list '((6 . 7) (t . 0) (3 . 6) (1 . 12) (t . 0)))))
      (kill-buffer buffer))))

(ert-deftest undo-deletions-and-point ()
  (undo-tests--with-buffer "hello world"
    (goto-char 4)
    (delete-char 1)
    (delete-char 1)
    (goto-char 2)
    (delete-char -1)
    ;; Negative when point was at the end of the deleted text; two
    ;; deletions are never merged.
    (should (equal buffer-undo-list '(("h" . -1) ("o" . 4) ("l" . 4))))
    (setq buffer-undo-list nil)
    (erase-buffer)
    (should (equal buffer-undo-list '(("el world" . 1))))))

(ert-deftest undo-boundaries-and-point-records ()
  (undo-tests--with-buffer "hello"
    (undo-boundary)
    (should (null buffer-undo-list))     ; nothing to separate yet
    (insert "!")
    (undo-boundary)
    (undo-boundary)                     ; only one boundary
    (should (equal buffer-undo-list '(nil (6 . 7))))
    (should (eq undo-auto--last-boundary-cause 'explicit))
    ;; A change after a boundary away from where point was then records
    ;; that point.
    (goto-char 1)
    (delete-char 2)
    (should (equal buffer-undo-list '(("he" . 1) 7 nil (6 . 7))))
    (undo-boundary)
    (goto-char 3)
    (delete-char -2)
    (should (equal (seq-take buffer-undo-list 3) '(("ll" . -1) nil ("he" . 1))))
    (undo-boundary)
    (let ((undo-inhibit-record-point t))
      (goto-char 2)
      (insert "x"))
    (should (equal (seq-take buffer-undo-list 2) '((2 . 3) nil))))
  (undo-tests--with-buffer "abc"
    (setq buffer-undo-list 5)
    (should (equal (condition-case err (undo-boundary) (error err))
                   '(wrong-type-argument listp 5)))
    (setq buffer-undo-list t)
    (should (null (undo-boundary)))
    (should (eq buffer-undo-list t))))

(ert-deftest undo-marker-adjustments ()
  (undo-tests--with-buffer "hello world"
    (let ((m1 (copy-marker 4)) (m2 (copy-marker 6 t))
          (m3 (copy-marker 3)) (m4 (copy-marker 8 t)))
      (delete-region 3 8)
      ;; Only the markers reinsertion would not put back, newest last.
      (should (equal buffer-undo-list
                     (list (cons "llo w" 3) (cons m1 -1) (cons m2 2))))
      (should (equal (mapcar #'marker-position (list m1 m2 m3 m4)) '(3 3 3 3)))
      (primitive-undo 1 buffer-undo-list)
      (should (equal (buffer-string) "hello world"))
      (should (equal (mapcar #'marker-position (list m1 m2 m3 m4)) '(4 6 3 8)))
      (should (= (point) 3))
      ;; A marker moved since is left where it is.
      (setq buffer-undo-list nil)
      (delete-region 3 8)
      (set-marker m1 1)
      (primitive-undo 1 buffer-undo-list)
      (should (equal (mapcar #'marker-position (list m1 m2 m3 m4)) '(1 6 3 8))))))

(ert-deftest undo-text-property-records ()
  (undo-tests--with-buffer "abcdef"
    (put-text-property 2 5 'face 'bold)
    (put-text-property 3 4 'x 1)
    (setq buffer-undo-list nil)
    (put-text-property 1 7 'face 'italic)
    (should (equal buffer-undo-list
                   '((nil face nil 5 . 7) (nil face bold 4 . 5) (nil face bold 3 . 4)
                     (nil face bold 2 . 3) (nil face nil 1 . 2))))
    (primitive-undo 1 buffer-undo-list)
    ;; Undone, a property comes back as it was or as nil.
    (should (equal-including-properties
             (buffer-string)
             #("abcdef" 0 1 (face nil) 1 2 (face bold) 2 3 (face bold x 1)
               3 4 (face bold) 4 6 (face nil)))))
  (undo-tests--with-buffer "abcdef"
    (put-text-property 2 5 'face 'bold)
    (put-text-property 3 4 'x 1)
    (setq buffer-undo-list nil)
    (set-text-properties 2 6 '(z 3))
    (should (equal buffer-undo-list
                   '((nil z nil 5 . 6) (nil z nil 4 . 5) (nil face bold 4 . 5)
                     (nil z nil 3 . 4) (nil face bold 3 . 4) (nil x 1 3 . 4)
                     (nil z nil 2 . 3) (nil face bold 2 . 3)))))
  (undo-tests--with-buffer "abcdef"
    (put-text-property 2 5 'face 'bold)
    (put-text-property 3 4 'x 1)
    (setq buffer-undo-list nil)
    (remove-text-properties 1 7 '(face nil x nil))
    (should (equal buffer-undo-list
                   '((nil face bold 4 . 5) (nil x 1 3 . 4) (nil face bold 3 . 4)
                     (nil face bold 2 . 3))))
    (setq buffer-undo-list nil)
    ;; Nothing to change, nothing recorded; an insertion records no
    ;; property, whatever it lands in.
    (remove-text-properties 1 7 '(face nil x nil))
    (put-text-property 2 3 'face 'bold)
    (put-text-property 2 3 'face 'bold)
    (goto-char 3)
    (insert "Q")
    (should (equal buffer-undo-list '((3 . 4) (nil face nil 2 . 3)))))
  (undo-tests--with-buffer "abc"
    (set-buffer-modified-p nil)
    (add-text-properties 1 3 '(face bold))
    (should (buffer-modified-p))
    (should (equal buffer-undo-list '((nil face nil 1 . 3) (t . 0))))))

(ert-deftest undo-replacements ()
  (undo-tests--with-buffer "hello world"
    (goto-char 1)
    (re-search-forward "wor")
    (replace-match "XY")
    ;; The insertion first, so that undo reinserts before deleting.
    (should (equal buffer-undo-list '(("wor" . -7) (10 . 12)))))
  (undo-tests--with-buffer "heLLo world"
    (upcase-region 3 5)                 ; the whole region, changed or not
    (upcase-region 8 8)
    (should (equal buffer-undo-list '((3 . 5) ("LL" . 3)))))
  (undo-tests--with-buffer "heLLo world"
    (transpose-regions 1 3 4 6)
    (transpose-regions 1 3 3 6)
    (should (equal buffer-undo-list
                   '((1 . 6) ("LoLhe" . 1) (4 . 6) ("Lo" . 4) (1 . 3) ("he" . 1)))))
  (undo-tests--with-buffer "hello world"
    (subst-char-in-region 1 10 ?o ?0)
    (should (equal buffer-undo-list '((8 . 9) ("o" . 8) (5 . 6) ("o" . 5))))))

(ert-deftest undo-primitive-undo ()
  (undo-tests--with-buffer "hello"
    (set-buffer-modified-p nil)
    (insert " world")
    (undo-boundary)
    (goto-char 1)
    (delete-char 2)
    (undo-boundary)
    (put-text-property 1 3 'face 'bold)
    (let ((rest (primitive-undo 2 buffer-undo-list)))
      (should (equal (buffer-string) "hello world"))
      (should (null (get-text-property 1 'face)))
      (should (= (point) 12))
      (should (equal rest '((6 . 12) (t . 0))))
      (should (null (primitive-undo 1 rest)))
      (should (equal (buffer-string) "hello"))
      (should-not (buffer-modified-p))))
  (undo-tests--with-buffer ""
    (should (equal (condition-case err (primitive-undo 1 '((1 . 2) nil (3 . 4))) (error err))
                   '(error "Changes to be undone are outside visible portion of buffer")))
    (should (equal (condition-case err (primitive-undo 1 '(foo)) (error err))
                   '(error "Unrecognized entry in undo list foo")))
    (insert "abc")
    (should (equal (primitive-undo 1 '(2 nil 3)) '(3)))
    (should (= (point) 2))))

(ert-deftest undo-command ()
  (undo-tests--with-buffer "hello world"
    (let ((m (copy-marker 4)))
      (undo-boundary)
      (delete-region 3 8)
      (undo-boundary)
      (undo-tests--quietly #'undo)
      (should (equal (buffer-string) "hello world"))
      ;; Where point was at the boundary before the deletion.
      (should (= (point) 12))
      (should (= m 4))
      (should (eq pending-undo-list t))
      (should (equal (car buffer-undo-list) '(3 . 8)))
      ;; Without a command loop each undo starts again from the newest
      ;; change: here the undo itself, which it redoes.
      (undo-boundary)
      (should (equal (undo-tests--quietly #'undo) "Redo"))
      (should (equal (buffer-string) "heorld"))
      (should (= (point) 3))
      ;; undo-only undoes that redo, dropping its point record.
      (undo-boundary)
      (should (equal (undo-tests--quietly #'undo-only) "Undo"))
      (should (equal (buffer-string) "hello world"))
      (should (= (point) 12))
      (should (equal (seq-take buffer-undo-list 4)
                     (list '(3 . 8) nil '("llo w" . 3) (cons m -1))))
      (should (equal (last buffer-undo-list 2) (list (cons m -1) 12)))))
  (undo-tests--with-buffer "abc"
    (should (equal (condition-case err (undo-tests--quietly #'undo) (error err))
                   '(user-error "No further undo information")))
    (setq buffer-undo-list t)
    (should (equal (condition-case err (undo-tests--quietly #'undo) (error err))
                   '(user-error "No undo information in this buffer")))
    (setq pending-undo-list t)
    (should (equal (condition-case err (undo-more 1) (error err))
                   '(user-error "No further undo information")))))

(ert-deftest undo-only-and-undo-start ()
  (undo-tests--with-buffer "abc"
    (insert "d")
    (undo-boundary)
    (insert "e")
    (undo-boundary)
    (undo-tests--quietly #'undo-only)
    (should (equal (buffer-string) "abcd"))
    (undo-boundary)
    (undo-start)
    (should (eq pending-undo-list buffer-undo-list))
    (undo-more 2)
    (should (equal (buffer-string) "abcde"))))

(ert-deftest undo-editing-commands ()
  ;; The Lisp commands change the text through the same steps as
  ;; Emacs's, so they record the same entries.
  (undo-tests--with-buffer "hello world\nfoo bar\n"
    (goto-char 3)
    (let ((end (save-excursion (end-of-line) (point-marker))))
      (kill-line)
      ;; Deleted from its start, with point's saved marker at its end.
      (should (equal (car buffer-undo-list) '("llo world" . 3)))
      (should (= (cdr (cadr buffer-undo-list)) -9))
      (should (markerp (car (cadr buffer-undo-list))))
      (set-marker end nil)))
  (undo-tests--with-buffer "hello world\nfoo bar\n"
    (goto-char 1)
    (replace-string "o" "0")
    ;; A boundary first: point at it (1) is recorded with the first change.
    (should (equal buffer-undo-list
                   '(("o" . -15) (16 . 17) ("o" . -14) (15 . 16) ("o" . -8) (9 . 10)
                     ("o" . -5) (6 . 7) 1))))
  (undo-tests--with-buffer "hello world\nfoo bar\n"
    (sort-lines nil 1 21)
    (should (equal (buffer-string) "foo bar\nhello world\n"))
    (should (equal (nth 0 buffer-undo-list) '("\n" . 21)))
    (should (equal (nthcdr 2 buffer-undo-list) '((1 . 21) ("hello world\nfoo bar" . 1))))
    (primitive-undo 1 buffer-undo-list)
    (should (equal (buffer-string) "hello world\nfoo bar\n")))
  (undo-tests--with-buffer "hello world"
    (transpose-regions 1 3 3 3)           ; nothing moves
    (should (null buffer-undo-list))
    (transpose-regions 1 1 5 5)
    (should (equal buffer-undo-list '((5 . 5) ("" . 5) (1 . 1) ("" . 1))))))

(ert-deftest undo-visiting-a-file ()
  (let ((file (make-temp-file "undo-tests"))
        (buffer (generate-new-buffer "undo-tests")))
    (unwind-protect
        (progn
          (write-region "abc" nil file nil 'silent)
          (with-current-buffer buffer
            (insert-file-contents file t)
            ;; The visited text is where undo starts.
            (should (null buffer-undo-list))
            (should-not (buffer-modified-p))
            (insert "x")
            (should (equal (car buffer-undo-list) '(1 . 2)))
            ;; (t . MODTIME): marrow's is 0, Emacs's the file's time.
            (should (eq (car (cadr buffer-undo-list)) t))
            (primitive-undo 1 buffer-undo-list)
            (should (equal (buffer-string) "abc"))))
      (kill-buffer buffer)
      (delete-file file))))

(ert-deftest undo-in-a-keyboard-macro ()
  ;; Each command of a macro ends the previous one's changes with a
  ;; boundary; `undo' in it undoes the last command's, and puts point
  ;; back where that command started.
  (let ((last-command nil) (this-command nil) (real-last-command nil) (real-this-command nil))
  (with-temp-buffer
    (switch-to-buffer (current-buffer))
    (setq buffer-undo-list nil
          kill-ring nil kill-ring-yank-pointer nil)
    (insert "one\ntwo\nthree")
    (goto-char 5)
    (kmacro-call-macro nil nil nil [C-delete right backspace ?\C-/])
    (should (equal (buffer-string) "one\n\nthree"))
    (should (= (point) 6))
    (should (eq last-command 'undo))
    ;; The point record 6: where the deletion's command started.
    (should (equal (seq-take buffer-undo-list 6)
                   '((5 . 6) nil ("\n" . -5) 6 nil ("two" . 5)))))
  (with-temp-buffer
    (switch-to-buffer (current-buffer))
    (setq buffer-undo-list nil)
    (insert "abcdef")
    ;; Deletions in a row undo together; a second undo goes on to the
    ;; insertion before them.
    (execute-kbd-macro [left backspace backspace backspace ?\C-_ ?\C-_])
    (should (equal (buffer-string) ""))
    (should (equal buffer-undo-list
                   '(("abcdef" . 1) nil (3 . 6) nil ("c" . -3) ("d" . -4) ("e" . -5) 6 nil
                     (1 . 7) (t . 0)))))))

(ert-deftest keyboard-macro-translates-function-keys ()
  ;; Keys with no binding go through `local-function-key-map':
  ;; <backspace> is DEL, <kp-4> is 4 and <kp-left> is <left>.
  (should (equal (lookup-key local-function-key-map [backspace]) [?\d]))
  (should (equal (lookup-key local-function-key-map [kp-7]) [?7]))
  (should (equal (lookup-key local-function-key-map [kp-left]) [left]))
  (with-temp-buffer
    (switch-to-buffer (current-buffer))
    (insert "xyz")
    (let ((last-command nil) (this-command nil) (real-last-command nil) (real-this-command nil))
      (execute-kbd-macro [kp-left backspace]))
    (should (equal (buffer-string) "xz"))
    (should (= (point) 2)))
  (let ((last-kbd-macro nil))
    (should (equal (should-error (kmacro-call-macro nil))
                   '(error "No kbd macro has been defined")))))

;;; undo-tests.el ends here
