;;; undo-region-tests.el --- undo in region  -*- lexical-binding: t -*-

;; Undo restricted to a region, as Emacs 28's simple.el does it: the
;; records of changes inside the region, moved back over the later
;; changes outside it, which stay.  The expected values are what Emacs
;; 28 gives.

(require 'ert)

(defmacro undo-region-tests--with-changes (&rest body)
  "Run BODY in a buffer after a series of changes, each its own record:
a deletion (with a marker in it), an insertion, a face, deletions at
the end and in the middle."
  (declare (indent 0))
  `(let ((buffer (generate-new-buffer "undo-region-tests"))
         (transient-mark-mode transient-mark-mode))
     (unwind-protect
         (with-current-buffer buffer
           (insert "one two three four")
           (setq buffer-undo-list nil)
           (undo-boundary)
           (let ((marker (copy-marker 6)))
             (delete-region 5 8) (undo-boundary)
             (goto-char 1) (insert "AB") (undo-boundary)
             (put-text-property 10 14 'face 'bold) (undo-boundary)
             (goto-char (point-max)) (delete-char -2) (undo-boundary)
             (goto-char 3) (delete-char 2) (undo-boundary)
             (ignore marker)
             ,@body))
       (kill-buffer buffer))))

(defun undo-region-tests--quietly (fn &rest args)
  (let ((inhibit-message t) (message-log-max nil))
    (apply fn args)))

(defun undo-region-tests--no-markers (list)
  "LIST with each marker replaced by its position."
  (mapcar (lambda (elt)
            (if (markerp (car-safe elt)) (cons (marker-position (car elt)) (cdr elt)) elt))
          list))

(ert-deftest undo-region-selective-list ()
  (undo-region-tests--with-changes
    (should (equal (buffer-string) "ABe  three fo"))
    (should (equal (undo-region-tests--no-markers (undo-make-selective-list 1 5))
                   '(nil ("on" . 3) nil 3 nil (1 . 3) nil ("two" . 5) (5 . -1))))
    ;; The face went on at 10..14, before "AB" was inserted before it
    ;; and "on" deleted: it is at 8..12 now.
    (should (equal (undo-make-selective-list 6 12) '(nil (nil face nil 8 . 12) nil)))
    (should (equal (undo-make-selective-list 12 30) '(nil 14 nil ("ur" . -14) nil 16 nil 16)))
    ;; An empty region: a point at it only.
    (should (equal (undo-make-selective-list 3 3) '(nil ("on" . 3) nil 3 nil)))))

(ert-deftest undo-region-deltas-and-adjustments ()
  (should (equal (undo-delta '(5 . 9)) '(5 . -4)))
  (should (equal (undo-delta '("abc" . -5)) '(5 . 3)))
  (should (equal (undo-delta 7) '(0 . 0)))
  (should (equal (undo-delta '(nil face bold 1 . 3)) '(0 . 0)))
  (should (equal (undo-adjust-elt '(10 . 12) '((3 . 1))) '(9 . 11)))
  (should (equal (undo-adjust-elt '(nil face nil 10 . 14) '((8 . -2) (3 . 2)))
                 '(nil face nil 10 . 14)))
  (should (equal (undo-adjust-elt '("abc" . -10) '((8 . -2) (3 . 2))) '("abc" . -10)))
  (should (equal (undo-adjust-elt 12 '((8 . 5))) 8))
  (should (equal (undo-adjust-elt '(apply foo) '((8 . 5))) '(apply foo)))
  (should (equal (undo-adjust-pos 10 '((10 . 3))) 10))
  (should (equal (undo-adjust-pos 10 '((10 . 3)) t) 10))
  (should (equal (undo-adjust-pos 11 '((10 . 3))) 10))
  (should (equal (undo-adjust-pos 15 '((10 . 3) (2 . -1))) 13))
  (should (equal (undo-adjust-beg-end 9 12 '((10 . 3))) '(9 . 10))))

(ert-deftest undo-region-elt-in-region ()
  (with-temp-buffer
    (insert "0123456789")
    (should (undo-elt-in-region '("x" . -4) 1 4))
    (should (undo-elt-in-region (cons (copy-marker 6) 1) 1 8))
    (should-not (undo-elt-in-region (cons (copy-marker 9) 1) 1 8))
    (should-not (undo-elt-in-region '(nil face nil 2 . 9) 1 8))
    (should (undo-elt-in-region '(nil face nil 2 . 8) 1 8))
    (should (undo-elt-in-region '(3 . 5) 3 5))
    (should-not (undo-elt-in-region '(3 . 6) 3 5))
    (should (undo-elt-in-region 5 5 9))
    (should-not (undo-elt-in-region "foo" 1 8))
    (should (undo-elt-in-region nil 1 8))
    (should-not (undo-elt-in-region '(t . 0) 1 8))
    (should-not (undo-elt-in-region '(apply ignore) 1 8))
    (with-no-warnings
      (should (undo-elt-crosses-region '(3 . 9) 5 20))
      (should-not (undo-elt-crosses-region '(nil face nil 3 . 9) 9 20))
      (should-not (undo-elt-crosses-region 4 1 20))
      (should (undo-elt-crosses-region '(nil face nil 3 . 10) 9 20))
      (should-not (undo-elt-crosses-region '(3 . 5) 5 20))
      (should-not (undo-elt-crosses-region '(apply ignore) 1 20))
      (should-not (undo-elt-crosses-region '("x" . 3) 1 20)))))

(ert-deftest undo-region-undo-command ()
  (undo-region-tests--with-changes
    (transient-mark-mode 1)
    (set-mark 12)
    (goto-char 20)
    (should (region-active-p))
    (should (eq (use-region-p) t))
    (setq last-command nil)
    (should (equal (undo-region-tests--quietly #'undo) "Undo in region"))
    (should undo-in-region)
    ;; The first record of the region moves point only.
    (should (equal (buffer-string) "ABe  three fo"))
    (should (equal pending-undo-list '(("ur" . -14) nil 16 nil 16)))
    (setq last-command 'undo)
    (undo-region-tests--quietly #'undo)
    (should (equal (buffer-string) "ABe  three four"))
    (should (equal pending-undo-list '(16 nil 16)))
    (undo-region-tests--quietly #'undo)
    (undo-region-tests--quietly #'undo)
    (should (eq pending-undo-list t))
    (should (equal (seq-take buffer-undo-list 3) '((14 . 16) nil ("on" . 3))))
    (should (equal (should-error (undo-region-tests--quietly #'undo))
                   '(user-error "No further undo information for region")))))

(ert-deftest undo-region-undo-only ()
  (undo-region-tests--with-changes
    (transient-mark-mode 1)
    (set-mark 1)
    (goto-char 4)
    (setq last-command nil)
    (undo-region-tests--quietly #'undo-only)
    (should (equal (buffer-string) "ABone  three fo"))
    (should (equal pending-undo-list '(3 nil (1 . 3) nil)))
    (should (equal-including-properties
                 (buffer-string)
                 #("ABone  three fo" 9 13 (face bold))))
    (setq last-command 'undo)
    (undo-region-tests--quietly #'undo-only)
    (should (equal pending-undo-list '((1 . 3) nil)))
    (should (region-active-p))
    ;; A prefix argument that is not a number undoes in the region even
    ;; with the mark inactive.
    (deactivate-mark)
    (should-not (region-active-p))
    (setq last-command nil)
    (undo-region-tests--quietly #'undo '(4))
    (should (equal (buffer-string) "one  three fo"))
    (should (eq pending-undo-list t))
    (should undo-in-region)))

(ert-deftest undo-region-undo-start ()
  (undo-region-tests--with-changes
    (undo-start 5 1)
    (should (equal (undo-region-tests--no-markers pending-undo-list)
                   '(nil ("on" . 3) nil 3 nil (1 . 3) nil ("two" . 5) (5 . -1))))
    (undo-start 4 4)
    (should (eq pending-undo-list buffer-undo-list))
    (undo-start)
    (should (eq pending-undo-list buffer-undo-list))
    (setq buffer-undo-list t)
    (should (equal (should-error (undo-start 1 3))
                   '(user-error "No undo information in this buffer")))))

(ert-deftest undo-region-transient-mark-mode ()
  (let ((transient-mark-mode transient-mark-mode))
    (should (eq (transient-mark-mode 1) t))
    (should (eq transient-mark-mode t))
    (should (eq (transient-mark-mode -1) nil))
    (should (eq (transient-mark-mode 'toggle) t))
    (should (eq (transient-mark-mode 0) nil))
    (should (eq (transient-mark-mode) t))
    (with-temp-buffer
      (insert "abc")
      (set-mark 2)
      (should (eq (region-active-p) t))
      (goto-char 2)
      (should (eq (region-active-p) t))
      (should-not (use-region-p))
      (let ((use-empty-active-region t))
        (should (eq (use-region-p) t))))))

;;; undo-region-tests.el ends here
