;;; undo-limit-tests.el --- garbage collection trims undo lists  -*- lexical-binding: t -*-

;; As in Emacs 28, each garbage collection trims the undo list of every
;; live buffer changed since the last one: the newest record always
;; stays, then whole records up to the boundary where the weighed size
;; first exceeds `undo-limit', never past `undo-strong-limit'.  The
;; weights are a 64-bit Emacs's: 16 bytes a cons, 31 plus the characters
;; for a deleted string.  The lengths below are what Emacs 28 prints.

(require 'ert)

(defmacro undo-limit-tests--with-buffer (&rest body)
  "Run BODY in a new buffer that records undo, holding \"abc\"."
  (declare (indent 0))
  `(let ((buffer (generate-new-buffer "undo-limit-tests")))
     (unwind-protect
         (with-current-buffer buffer
           (insert "abc")
           (setq buffer-undo-list nil)
           ,@body)
       (kill-buffer buffer))))

(defun undo-limit-tests--records (n)
  "A list of N boundaries each followed by a record (1 . 2)."
  (let (list)
    (dotimes (_ n)
      (push '(1 . 2) list)
      (push nil list))
    list))

(ert-deftest undo-limit-insertions-trimmed ()
  (undo-limit-tests--with-buffer
    (let ((undo-limit 1000) (undo-strong-limit 1500))
      ;; Each change last: a collection during the loop (as under GC
      ;; stress) trims the list early, at the same place.
      (dotimes (_ 100)
        (undo-boundary)
        (insert "x"))
      (garbage-collect)
      ;; 32 for the first record, then 48 a record to the 21st
      ;; boundary, where the size reaches 992 + 48.
      (should (= (length buffer-undo-list) 43))
      (should (equal (seq-take buffer-undo-list 3) '((103 . 104) nil (102 . 103))))
      (should (equal (last buffer-undo-list) '((82 . 83)))))))

(ert-deftest undo-limit-deleted-strings-weigh-more ()
  (undo-limit-tests--with-buffer
    (let ((undo-limit 1000) (undo-strong-limit 1500))
      (dotimes (_ 100)
        (insert "abcdefghij")
        (delete-region (- (point) 3) (point))
        (undo-boundary))
      (garbage-collect)
      (should (= (length buffer-undo-list) 27))
      (should (equal (seq-take buffer-undo-list 3)
                     '(nil ("hij" . -704) (697 . 707)))))))

(ert-deftest undo-limit-strong-limit ()
  (undo-limit-tests--with-buffer
    (setq buffer-undo-list (undo-limit-tests--records 200))
    (insert "q")
    (let ((undo-limit 100000) (undo-strong-limit 400))
      (garbage-collect))
    (should (= (length buffer-undo-list) 15))
    (setq buffer-undo-list (undo-limit-tests--records 200))
    (insert "q")
    ;; Nothing fits: the newest record alone stays.
    (let ((undo-limit 0) (undo-strong-limit 0))
      (garbage-collect))
    (should (equal buffer-undo-list '((5 . 6))))))

(ert-deftest undo-limit-weights ()
  (undo-limit-tests--with-buffer
    (let ((undo-limit 100) (undo-strong-limit 1500))
      ;; Integers and strings weigh a cons alone.
      (setq buffer-undo-list (list "abc" nil 1 nil 2))
      (insert "x")
      (garbage-collect)
      (should (equal buffer-undo-list '((4 . 5) "abc" nil 1 nil 2)))
      (setq buffer-undo-list
            (list (cons (make-string 52 ?a) 1) nil 1 nil 2))
      (insert "x")
      (garbage-collect)
      (should (equal buffer-undo-list `((5 . 6) (,(make-string 52 ?a) . 1))))
      (setq buffer-undo-list (list (cons "aé" 1) nil 1 nil 2 nil 3 nil 4 nil))
      (insert "x")
      (let ((undo-limit 110))
        (garbage-collect))
      (should (equal buffer-undo-list '((6 . 7) ("aé" . 1) nil 1))))))

(ert-deftest undo-limit-only-changed-buffers ()
  (undo-limit-tests--with-buffer
    (let ((undo-limit 100))
      (garbage-collect)
      ;; Not changed since the last collection: left alone.
      (setq buffer-undo-list (undo-limit-tests--records 200))
      (garbage-collect)
      (should (= (length buffer-undo-list) 400))
      (undo-boundary)                   ; point stays: no point record
      (insert "q")
      (garbage-collect)
      (should (= (length buffer-undo-list) 5))
      ;; A list without a boundary past its first record stays whole,
      ;; and so does one that ends before the limit.
      (setq buffer-undo-list (make-list 500 '(1 . 2)))
      (insert "q")
      (garbage-collect)
      (should (= (length buffer-undo-list) 501))))
  (let ((buffer (generate-new-buffer "undo-limit-tests")))
    (unwind-protect
        (with-current-buffer buffer
          (let ((undo-limit 100))
            (setq buffer-undo-list (undo-limit-tests--records 200))
            (garbage-collect)
            (should (= (length buffer-undo-list) 400))
            ;; Marking it modified counts as a change.
            (set-buffer-modified-p t)
            (garbage-collect)
            (should (= (length buffer-undo-list) 6))))
      (kill-buffer buffer))))

(ert-deftest undo-limit-buffer-local-value ()
  (undo-limit-tests--with-buffer
    (setq-local undo-limit 10)
    (setq buffer-undo-list (undo-limit-tests--records 200))
    (insert "q")
    (with-temp-buffer
      (garbage-collect))
    (should (equal buffer-undo-list '((4 . 5))))))

(ert-deftest undo-limit-odd-lists ()
  (undo-limit-tests--with-buffer
    (let ((undo-limit 100))
      ;; A tail that is not a list is cut off with what follows it.
      (setq buffer-undo-list (cons '(1 . 2) (undo-limit-tests--records 200)))
      (setcdr (last buffer-undo-list) 5)
      (insert "x")
      (garbage-collect)
      (should (= (length buffer-undo-list) 4))
      (setq buffer-undo-list t)
      (insert "x")
      (garbage-collect)
      (should (eq buffer-undo-list t)))))

(ert-deftest undo-limit-long-edit-loop-bounded ()
  (undo-limit-tests--with-buffer
    (let ((undo-limit 2000) (undo-strong-limit 3000))
      (dotimes (i 3000)
        (insert "ab")
        (delete-char -1)
        (undo-boundary)
        (when (= (% i 500) 0)
          (garbage-collect)))
      (garbage-collect)
      (should (< (length buffer-undo-list) 200)))))

;;; undo-limit-tests.el ends here
