;;; overlays-tests.el --- overlays  -*- lexical-binding: t -*-

(require 'ert)

(defmacro ov-tests--in-text (&rest body)
  "Run BODY in a temporary buffer holding \"abcdefghij\"."
  (declare (indent 0))
  `(with-temp-buffer (insert "abcdefghij") ,@body))

(defun ov-tests--bounds (ov) (list (overlay-start ov) (overlay-end ov)))

(ert-deftest ov-make-and-read ()
  (ov-tests--in-text
    (let ((ov (make-overlay 7 3)))
      (should (overlayp ov))
      (should (eq (type-of ov) 'overlay))
      (should (equal (ov-tests--bounds ov) '(3 7)))
      (should (eq (overlay-buffer ov) (current-buffer)))
      (should (equal (format "%S" ov)
                     (format "#<overlay from 3 to 7 in %s>" (buffer-name))))
      ;; Bounds are clipped to the whole text.
      (should (equal (ov-tests--bounds (make-overlay 0 100)) '(1 11)))
      (should (equal (ov-tests--bounds (make-overlay (copy-marker 2) 4)) '(2 4)))
      (should-not (overlayp (copy-marker 2))))))

(ert-deftest ov-errors ()
  (ov-tests--in-text
    (should (equal (condition-case e (make-overlay "1" 2) (error e))
                   '(wrong-type-argument integer-or-marker-p "1")))
    (should (equal (condition-case e (make-overlay 1 2 'buf) (error e))
                   '(wrong-type-argument bufferp buf)))
    (should (equal (condition-case e (overlay-start 'x) (error e))
                   '(wrong-type-argument overlayp x)))
    (let ((dead (with-temp-buffer (current-buffer)))
          (ov (make-overlay 1 2)))
      (should (equal (condition-case e (move-overlay ov 1 2 dead) (error e))
                     '(error "Attempt to move overlay to a dead buffer")))
      (should-error (make-overlay 1 2 dead)))
    (let ((elsewhere (with-temp-buffer (insert "x") (copy-marker 1))))
      (should (equal (car (condition-case e (make-overlay elsewhere 2) (error (cdr e))))
                     "Marker points into wrong buffer")))))

(ert-deftest ov-properties ()
  (ov-tests--in-text
    (let ((ov (make-overlay 2 5)))
      (should-not (overlay-properties ov))
      (should (eq (overlay-put ov 'face 'bold) 'bold))
      (overlay-put ov 'size 3)
      (overlay-put ov 'face 'italic)
      (should (equal (overlay-properties ov) '(size 3 face italic)))
      (should (eq (overlay-get ov 'face) 'italic))
      ;; A category symbol stands in for missing properties.
      (put 'ov-tests--category 'colour 'green)
      (overlay-put ov 'category 'ov-tests--category)
      (should (eq (overlay-get ov 'colour) 'green))
      (should-not (overlay-get ov 'missing)))))

(ert-deftest ov-follow-the-text ()
  (ov-tests--in-text
    (let ((plain (make-overlay 4 6))
          (front (make-overlay 4 6 nil t))
          (rear (make-overlay 4 6 nil nil t)))
      (goto-char 4) (insert "X")
      (goto-char 7) (insert "Y")
      ;; Inserted at its start, text goes in unless the start advances.
      (should (equal (ov-tests--bounds plain) '(4 7)))
      (should (equal (ov-tests--bounds front) '(5 7)))
      (should (equal (ov-tests--bounds rear) '(4 8)))
      (delete-region 3 9)
      (should (equal (mapcar #'ov-tests--bounds (list plain front rear))
                     '((3 3) (3 3) (3 3)))))))

(ert-deftest ov-empty-front-advance-stays-in-order ()
  (ov-tests--in-text
    (let ((ov (make-overlay 4 4 nil t nil)))
      (goto-char 4)
      (insert "zz")
      ;; Its start advanced past its end: it is made empty there.
      (should (equal (ov-tests--bounds ov) '(4 4))))))

(ert-deftest ov-evaporate ()
  (ov-tests--in-text
    (let ((empty (make-overlay 5 5))
          (doomed (make-overlay 5 7))
          (kept (make-overlay 5 7)))
      (overlay-put empty 'evaporate t)
      (should-not (overlay-buffer empty))
      (overlay-put doomed 'evaporate t)
      (delete-region 5 7)
      (should-not (overlay-buffer doomed))
      (should (equal (ov-tests--bounds kept) '(5 5))))))

(ert-deftest ov-finding-them ()
  (ov-tests--in-text
    (let ((a (make-overlay 2 5))
          (b (make-overlay 4 8))
          (e (make-overlay 9 9)))
      (should (equal (length (overlays-at 4)) 2))
      (should (equal (overlays-at 5) (list b)))
      (should-not (overlays-at 9))
      (should (memq e (overlays-in 9 10)))
      (should-not (memq e (overlays-in 1 9)))
      ;; An empty overlay at the accessible end counts there.
      (narrow-to-region 1 9)
      (should (memq e (overlays-in 1 9)))
      (widen)
      (should (equal (mapcar (lambda (p) (next-overlay-change p)) '(1 2 4 5 8 9))
                     '(2 4 5 8 9 11)))
      (should (equal (mapcar (lambda (p) (previous-overlay-change p)) '(11 9 6 3 1))
                     '(9 8 5 2 1)))
      (should (memq a (car (overlay-lists)))))))

(ert-deftest ov-move-delete ()
  (ov-tests--in-text
    (let ((ov (make-overlay 2 4))
          (other (get-buffer-create "ov-tests other")))
      (should (eq (move-overlay ov 9 6) ov))
      (should (equal (ov-tests--bounds ov) '(6 9)))
      (move-overlay ov 1 2 other)
      (should (eq (overlay-buffer ov) other))
      (should-not (overlays-in (point-min) (point-max)))
      (should-not (delete-overlay ov))
      (should-not (overlay-buffer ov))
      (should-not (overlay-start ov))
      (should (equal (format "%S" ov) "#<overlay in no buffer>"))
      ;; A deleted overlay can come back.
      (move-overlay ov 3 4)
      (should (eq (overlay-buffer ov) (current-buffer)))
      (kill-buffer other)
      (make-overlay 1 2)
      (should-not (delete-all-overlays))
      (should-not (overlays-in (point-min) (point-max))))))

(ert-deftest ov-killing-the-buffer-deletes-them ()
  (let* ((b (generate-new-buffer "ov-tests"))
         (ov (with-current-buffer b (insert "abc") (make-overlay 1 3))))
    (kill-buffer b)
    (should-not (overlay-buffer ov))
    (should-not (overlay-end ov))))

(ert-deftest ov-equal ()
  (ov-tests--in-text
    (should (equal (make-overlay 2 4) (make-overlay 2 4 nil t t)))
    (should-not (equal (make-overlay 2 4) (make-overlay 2 5)))
    (let ((a (make-overlay 2 4)) (b (make-overlay 2 4)))
      (overlay-put a 'k 1)
      (should-not (equal a b))
      (overlay-put b 'k 1)
      (should (equal a b)))))

(ert-deftest ov-char-property-and-priority ()
  (ov-tests--in-text
    (put-text-property 3 4 'face 'text)
    (should (eq (get-char-property 3 'face) 'text))
    (let ((low (make-overlay 2 6))
          (high (make-overlay 3 5)))
      (overlay-put low 'face 'low)
      (should (eq (get-char-property 3 'face) 'low))
      (overlay-put high 'face 'high)
      ;; At equal priorities the inner overlay wins.
      (should (eq (get-char-property 3 'face) 'high))
      (overlay-put low 'priority 10)
      (should (eq (get-char-property 3 'face) 'low))
      (should (equal (overlays-at 3 t) (list low high)))
      ;; The text's own property is still there underneath.
      (should (eq (get-text-property 3 'face) 'text))
      (should (eq (get-char-property 2 'face (buffer-string)) 'text)))))

(ert-deftest ov-copy-and-remove ()
  (ov-tests--in-text
    (let* ((ov (make-overlay 2 9))
           (copy (progn (overlay-put ov 'tag 'x) (copy-overlay ov))))
      (should (equal (ov-tests--bounds copy) '(2 9)))
      (should (eq (overlay-get copy 'tag) 'x))
      (delete-overlay copy)
      ;; Taking [4, 6) off cuts the overlay in two.
      (remove-overlays 4 6 'tag 'x)
      (should (equal (sort (mapcar #'ov-tests--bounds (overlays-in 1 11))
                           (lambda (a b) (< (car a) (car b))))
                     '((2 4) (6 9))))
      (remove-overlays nil nil 'tag 'other)
      (should (equal (length (overlays-in 1 11)) 2))
      ;; With no NAME, every overlay's nil property is nil: all go.
      (make-overlay 1 2)
      (remove-overlays)
      (should-not (overlays-in 1 11)))))

(ert-deftest ov-modification-hooks ()
  (ov-tests--in-text
    (let* ((log nil)
           (logger (lambda (name)
                     (lambda (ov after beg end &optional len)
                       (push (list name (overlay-start ov) after beg end len) log))))
           (ov (make-overlay 3 6)))
      (overlay-put ov 'modification-hooks (list (funcall logger 'mod)))
      (overlay-put ov 'insert-in-front-hooks (list (funcall logger 'front)))
      (overlay-put ov 'insert-behind-hooks (list (funcall logger 'behind)))
      (goto-char 4) (insert "x")
      (goto-char 3) (insert "y")
      (goto-char 8) (insert "z")
      (delete-region 1 2)
      (should (equal (reverse log)
                     '((mod 3 nil 4 4 nil) (mod 3 t 4 5 0)
                       (front 3 nil 3 3 nil) (front 3 t 3 4 0)
                       (behind 3 nil 8 8 nil) (behind 3 t 8 9 0))))
      ;; A deletion touching it from outside is no modification of it.
      (setq log nil)
      (delete-region 1 2)
      (should-not log))))

(ert-deftest ov-modification-hooks-of-a-deleted-overlay ()
  (ov-tests--in-text
    (let ((after-ran nil)
          (kept (make-overlay 2 5))
          (doomed (make-overlay 2 5)))
      (overlay-put kept 'modification-hooks
                   (list (lambda (_ov after &rest _) (when after (setq after-ran t)))))
      ;; A hook that deletes its overlay before the change: the other
      ;; overlay's hooks still run after it, its own do not.
      (overlay-put doomed 'modification-hooks
                   (list (lambda (ov after &rest _)
                           (if after (error "Deleted overlay's hook ran")
                             (delete-overlay ov)))))
      (goto-char 3)
      (insert "1")
      (should after-ran)
      (let ((inhibit-modification-hooks t))
        (setq after-ran nil)
        (insert "2")
        (should-not after-ran)))))

(defmacro ov-tests--with-layers (&rest body)
  "Run BODY over \"abcdefghij\" with `face' bold as text on 2-4, and
overlays A on 5-8 (face italic, q 1) and B on 7-10 (face underline,
priority 5)."
  (declare (indent 0))
  `(ov-tests--in-text
     (put-text-property 2 4 'face 'bold)
     (let ((a (make-overlay 5 8)) (b (make-overlay 7 10)))
       (overlay-put a 'face 'italic)
       (overlay-put a 'q 1)
       (overlay-put b 'face 'underline)
       (overlay-put b 'priority 5)
       ,@body)))

(ert-deftest ov-get-char-property-and-overlay ()
  (ov-tests--with-layers
    (should (equal (get-char-property-and-overlay 2 'face) '(bold)))
    (should (equal (get-char-property-and-overlay 5 'face) (cons 'italic a)))
    ;; Where both overlays hold the character, B's priority wins.
    (should (equal (get-char-property-and-overlay 7 'face) (cons 'underline b)))
    ;; ... but only B's properties count that B has.
    (should (equal (get-char-property-and-overlay 7 'q) (cons 1 a)))
    (should (equal (get-char-property-and-overlay 9 'q) '(nil)))
    (should (equal (get-char-property-and-overlay 1 'face (current-buffer)) '(nil)))
    (should (equal (get-char-property-and-overlay 0 'face (propertize "xy" 'face 'z)) '(z)))
    (should (equal (condition-case e (get-char-property-and-overlay 30 'face) (error e))
                   '(args-out-of-range 30)))
    (should (equal (condition-case e (get-char-property 30 'face) (error e))
                   '(args-out-of-range 30)))))

(ert-deftest ov-get-char-property-in-another-buffer ()
  (ov-tests--with-layers
    (let ((there (current-buffer)))
      (with-temp-buffer
        (should (eq (get-char-property 5 'face there) 'italic))
        (should (equal (get-char-property-and-overlay 8 'face there) (cons 'underline b)))
        (should (eq (get-char-property 2 'face there) 'bold))))))

(ert-deftest ov-char-property-changes ()
  (ov-tests--with-layers
    (should (equal (mapcar #'next-char-property-change '(1 2 4 5 7 8 10 11))
                   '(2 4 5 7 8 10 11 11)))
    (should (equal (mapcar #'previous-char-property-change '(11 10 8 7 5 4 2 1))
                   '(10 8 7 5 4 2 1 1)))
    ;; LIMIT stops the search, even before POSITION.
    (should (= (next-char-property-change 5 6) 6))
    (should (= (next-char-property-change 6 3) 3))
    (should (= (next-char-property-change 1 50) 2))
    (should (= (next-char-property-change 10 50) 11))
    (should (= (previous-char-property-change 7 6) 6))
    (should (= (previous-char-property-change 6 9) 9))
    (narrow-to-region 3 9)
    (should (= (next-char-property-change 8) 9))
    (should (= (previous-char-property-change 4) 3))
    (should (equal (condition-case e (next-char-property-change 20) (error e))
                   '(args-out-of-range 20 20)))
    (should (equal (condition-case e (next-char-property-change 'x) (error e))
                   '(wrong-type-argument integer-or-marker-p x)))))

(ert-deftest ov-single-char-property-changes-see-overlays ()
  (ov-tests--with-layers
    ;; A and B give the same face where they meet, as far as `eq' goes
    ;; only when it is the same symbol.
    (overlay-put b 'face 'italic)
    (should (equal (mapcar (lambda (p) (next-single-char-property-change p 'face))
                           '(1 2 4 5 10 11))
                   '(2 4 5 10 11 11)))
    (should (equal (mapcar (lambda (p) (previous-single-char-property-change p 'face))
                           '(11 10 5 4 2 1))
                   '(10 5 4 2 1 1)))
    (should (= (next-single-char-property-change 1 'q) 5))
    (should (= (next-single-char-property-change 6 'q) 8))
    (should (= (previous-single-char-property-change 11 'q) 8))
    (should (= (next-single-char-property-change 1 'face nil 3) 2))
    (should (= (next-single-char-property-change 6 'face nil 3) 3))
    (should (= (next-single-char-property-change 5 'face nil 100) 10))
    (should (= (previous-single-char-property-change 11 'face nil 10) 10))
    (should (= (previous-single-char-property-change 3 'face nil 9) 9))
    (should (equal (condition-case e (next-single-char-property-change 30 'face) (error e))
                   '(args-out-of-range 30)))
    (narrow-to-region 3 9)
    (should (= (next-single-char-property-change 5 'face) 9))
    (should (= (previous-single-char-property-change 9 'face nil 1) 5))
    ;; A string has no overlays.
    (should (= (next-single-char-property-change 0 'face (concat "ab" (propertize "c" 'face 'x))) 2))))

;;; overlays-tests.el ends here
