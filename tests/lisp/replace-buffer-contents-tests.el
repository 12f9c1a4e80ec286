;;; replace-buffer-contents-tests.el --- replace-buffer-contents  -*- lexical-binding: t -*-

;; Emacs 28's replace-buffer-contents changes only the text that
;; differs from the source's, so that markers, properties and point in
;; the text that stays keep their place.  The cases here have one
;; shortest set of changes, which any diff finds.

(require 'ert)

(defmacro rbc-tests--with-buffers (target source &rest body)
  "Run BODY in a buffer holding TARGET, with `src' bound to a buffer
holding SOURCE; both recording undo and killed afterwards."
  (declare (indent 2))
  `(let ((src (generate-new-buffer "rbc-source"))
         (dst (generate-new-buffer "rbc-target")))
     (unwind-protect
         (progn
           (with-current-buffer src (insert ,source))
           (with-current-buffer dst
             (insert ,target)
             (setq buffer-undo-list nil)
             ,@body))
       (kill-buffer src)
       (kill-buffer dst))))

(ert-deftest rbc-keeps-what-stays ()
  (rbc-tests--with-buffers (concat (propertize "hello" 'face 'bold) " small world") "hello big world"
    (let ((m (copy-marker 9)) (m2 (copy-marker 14)))
      (goto-char 14)
      (should (eq (replace-buffer-contents src) t))
      (should (equal-including-properties
               (buffer-string) #("hello big world" 0 5 (face bold))))
      (should (= (point) 12))
      (should (= m 7))
      (should (= m2 12))
      ;; A boundary first (which sets the point undo records), then
      ;; each run deleted and inserted, the last run first.
      (should (equal buffer-undo-list
                     (list '(7 . 10) '("small" . 7) (cons m -2) 14)))
      (primitive-undo 1 buffer-undo-list)
      (should (equal (buffer-string) "hello small world"))
      (should (= m 9)))))

(ert-deftest rbc-several-runs ()
  (rbc-tests--with-buffers "the cat sat" "a cat sat down"
    (goto-char 1)
    (should (eq (replace-buffer-contents (buffer-name src)) t))
    (should (equal (buffer-string) "a cat sat down"))
    (should (= (point) 1))
    ;; The last run first; point, at the boundary, was not where the
    ;; first change starts.
    (should (equal buffer-undo-list '((1 . 2) ("the" . 1) (12 . 17) 1)))))

(ert-deftest rbc-narrowed-and-trivial ()
  (rbc-tests--with-buffers "xxhello" "hello big world"
    (narrow-to-region 3 6)
    (should (eq (replace-buffer-contents src) t))
    (should (equal (buffer-string) "hello big world"))
    (widen)
    (should (equal (buffer-string) "xxhello big worldlo"))
    (should (equal buffer-undo-list '((6 . 18)))))
  (rbc-tests--with-buffers "same" "same"
    (should (eq (replace-buffer-contents src) t))
    (should (null buffer-undo-list)))
  (rbc-tests--with-buffers "" "new"
    (should (eq (replace-buffer-contents src 10 1000) t))
    (should (equal (buffer-string) "new")))
  (rbc-tests--with-buffers "old" ""
    (should (eq (replace-buffer-contents src) t))
    (should (equal (buffer-string) ""))
    (should (equal buffer-undo-list '(("old" . -1))))))

(ert-deftest rbc-hooks-see-one-change ()
  (rbc-tests--with-buffers "abcdef" "abXdeYf"
    (let* ((seen nil)
           (before-change-functions (list (lambda (b e) (push (list 'before b e) seen))))
           (after-change-functions (list (lambda (b e l) (push (list 'after b e l) seen)))))
      (should (eq (replace-buffer-contents src) t))
      (should (equal (buffer-string) "abXdeYf"))
      (should (equal (reverse seen) '((before 1 7) (after 1 8 6)))))))

(ert-deftest rbc-errors ()
  (rbc-tests--with-buffers "a" "b"
    (should (equal (condition-case err (replace-buffer-contents (current-buffer)) (error err))
                   '(error "Cannot replace a buffer with itself")))
    (should (equal (condition-case err (replace-buffer-contents "rbc no such buffer") (error err))
                   '(error "No buffer named rbc no such buffer")))
    (should (equal (condition-case err (replace-buffer-contents 5) (error err))
                   '(wrong-type-argument stringp 5)))
    (should (equal (condition-case err (replace-buffer-contents src nil 'x) (error err))
                   '(wrong-type-argument integerp x)))
    (let ((dead (generate-new-buffer "rbc-dead")))
      (kill-buffer dead)
      (should (equal (condition-case err (replace-buffer-contents dead) (error err))
                     '(error "Selecting deleted buffer"))))
    (setq buffer-read-only t)
    (should (equal (condition-case err (replace-buffer-contents src) (error err))
                   (list 'buffer-read-only (current-buffer))))
    (should (equal (buffer-string) "a"))))

(ert-deftest rbc-max-secs-replaces-whole ()
  ;; Comparing two long unrelated texts takes longer than no time at all:
  ;; the text is then deleted and inserted whole, and the result is nil.
  (let* ((seed 3)
         (random-text (lambda (n)
                        (let ((s (make-string n ?a)))
                          (dotimes (i n s)
                            (setq seed (% (+ (* seed 1103515245) 12345) 2147483648))
                            (aset s i (+ ?a (% (/ seed 65536) 26))))))))
    (rbc-tests--with-buffers (funcall random-text 12000) (funcall random-text 12000)
      (goto-char 5)
      (should (eq (replace-buffer-contents src 0) nil))
      (should (equal (buffer-string) (with-current-buffer src (buffer-string))))
      (should (= (length buffer-undo-list) 2))
      (should (stringp (car (cadr buffer-undo-list)))))))

;;; replace-buffer-contents-tests.el ends here
