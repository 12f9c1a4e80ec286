;;; buffer-tick-tests.el --- modification ticks  -*- lexical-binding: t -*-

(require 'ert)

(defmacro buffer-tick-tests--ticks (&rest forms)
  "Run FORMS in a temp buffer, listing (MODIFF CHARS-MODIFF) after each."
  `(with-temp-buffer
     (let ((ticks (list (list (buffer-modified-tick) (buffer-chars-modified-tick)))))
       ,@(mapcar (lambda (f)
                   `(progn ,f (push (list (buffer-modified-tick) (buffer-chars-modified-tick)) ticks)))
                 forms)
       (nreverse ticks))))

(ert-deftest buffer-tick-simple-edits ()
  (should (equal (buffer-tick-tests--ticks
                  (insert "abc") (insert "de") (delete-region 1 3)
                  (put-text-property 1 2 'face 'bold)
                  (put-text-property 1 2 'face 'bold)
                  (erase-buffer) (progn (insert "x") (insert "y")))
                 '((1 1) (2 2) (3 3) (4 4) (5 4) (5 4) (6 6) (8 8)))))

(ert-deftest buffer-tick-replacements-count-once ()
  (should (equal (buffer-tick-tests--ticks
                  (insert "hello world") (upcase-region 1 6) (upcase-region 1 6)
                  (subst-char-in-region 1 12 ?o ?0) (translate-region 1 12 "")
                  (capitalize-region 1 12) (remove-text-properties 1 3 '(a nil))
                  (replace-regexp-in-region "l" "L" 1 12)
                  (transpose-regions 1 2 4 5))
                 '((1 1) (2 2) (3 3) (4 4) (5 5) (6 6) (7 7) (7 7) (10 10) (11 11)))))

(ert-deftest buffer-tick-modified-flag ()
  (with-temp-buffer
    (insert "abc")
    (set-buffer-modified-p nil)
    (should (equal (list (buffer-modified-tick) (buffer-modified-p)) '(2 nil)))
    (should (eq (restore-buffer-modified-p t) t))
    (should (equal (list (buffer-modified-tick) (buffer-chars-modified-tick) (buffer-modified-p))
                   '(3 2 t)))
    (restore-buffer-modified-p t)
    (should (= (buffer-modified-tick) 3))
    (should-not (restore-buffer-modified-p nil))
    (should (equal (list (buffer-modified-tick) (buffer-modified-p)) '(3 nil)))
    (insert "d")
    (should (buffer-modified-p))))

(ert-deftest buffer-tick-other-buffer ()
  (let ((b (generate-new-buffer "tick")))
    (unwind-protect
        (progn
          (should (= (buffer-modified-tick b) 1))
          (with-current-buffer b (insert "a") (erase-buffer) (erase-buffer))
          (should (= (buffer-modified-tick b) 3))
          (should (= (buffer-chars-modified-tick b) 3)))
      (kill-buffer b)))
  (should (equal (condition-case e (buffer-modified-tick 3) (error e))
                 '(wrong-type-argument bufferp 3)))
  (should (equal (condition-case e (buffer-chars-modified-tick "no such buffer") (error e))
                 '(wrong-type-argument bufferp "no such buffer"))))

;;; buffer-tick-tests.el ends here
