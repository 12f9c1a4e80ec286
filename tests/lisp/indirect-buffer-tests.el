;;; indirect-buffer-tests.el --- make-indirect-buffer  -*- lexical-binding: t -*-

(require 'ert)

(defmacro ib-tests--with-base (text &rest body)
  "Run BODY with `base' a fresh buffer holding TEXT, current, and kill
it (and so its indirect buffers) after."
  (declare (indent 1))
  `(let ((base (generate-new-buffer "ib-base")))
     (unwind-protect
         (with-current-buffer base (insert ,text) ,@body)
       (kill-buffer base))))

(defun ib-tests--state (buffer)
  "BUFFER's point, accessible bounds and accessible text."
  (with-current-buffer buffer
    (list (point) (point-min) (point-max) (buffer-string))))

(ert-deftest ib-shares-text-and-properties ()
  (ib-tests--with-base "hello world"
    (put-text-property 1 6 'face 'bold)
    (narrow-to-region 2 8)
    (goto-char 4)
    (let ((ind (make-indirect-buffer base (generate-new-buffer-name "ib-ind"))))
      (should (eq (buffer-base-buffer ind) base))
      (should (null (buffer-base-buffer base)))
      (should (null (buffer-base-buffer)))
      ;; Point and narrowing start as the base's.
      (should (equal-including-properties
               (ib-tests--state ind) (list 4 2 8 #("ello w" 0 4 (face bold)))))
      (with-current-buffer ind
        (widen)
        (goto-char 1)
        (insert "XY")
        (should (equal (ib-tests--state ind) '(3 1 14 "XYhello world")))
        (should (equal (prin1-to-string (buffer-string))
                       "#(\"XYhello world\" 2 7 (face bold))")))
      ;; The base's point and narrowing moved with its text.
      (should (equal (ib-tests--state base) '(6 4 10 "ello w")))
      (should (buffer-modified-p))
      (with-current-buffer ind (set-buffer-modified-p nil))
      (should-not (buffer-modified-p))
      (should (= (buffer-size ind) 13)))))

(ert-deftest ib-own-point-narrowing-and-markers ()
  (ib-tests--with-base "0123456789"
    (let ((ind (make-indirect-buffer base (generate-new-buffer-name "ib-ind")))
          m1 m2)
      (with-current-buffer ind
        (narrow-to-region 3 7)
        (goto-char 5)
        (setq m1 (point-marker) m2 (copy-marker 7 t)))
      (goto-char 5)
      (insert "ab")
      (should (equal (ib-tests--state ind) '(5 3 9 "23ab45")))
      (should (equal (list (marker-position m1) (marker-position m2)) '(5 9)))
      (should (eq (marker-buffer m1) ind))
      ;; insert-before-markers moves the other buffer's markers and
      ;; narrowing end at the place too.
      (goto-char 7)
      (insert-before-markers "Z")
      (should (equal (ib-tests--state ind) '(5 3 10 "23abZ45")))
      (should (= (marker-position m2) 10))
      (goto-char 3)
      (insert "Q")
      (should (equal (ib-tests--state ind) '(6 3 11 "Q23abZ45")))
      (with-current-buffer ind
        (goto-char (point-min))
        (should (= (re-search-forward "ab" nil t) 8))
        (should (looking-at "Z")))
      (delete-region 1 5)
      (should (equal (ib-tests--state ind) '(4 1 7 "3abZ45")))
      (should (equal (list (marker-position m1) (marker-position m2)) '(2 7)))
      (erase-buffer)
      (should (equal (ib-tests--state ind) '(1 1 1 "")))
      (with-current-buffer ind (widen) (insert "new"))
      (should (equal (ib-tests--state base) '(1 1 4 "new"))))))

(ert-deftest ib-indirect-of-indirect-and-clone ()
  (ib-tests--with-base "hello world"
    (narrow-to-region 2 8)
    (goto-char 4)
    (setq-local ib-tests--var 42)
    (let* ((ind (make-indirect-buffer base (generate-new-buffer-name "ib-ind")))
           (ind2 (make-indirect-buffer ind (generate-new-buffer-name "ib-ind") t)))
      ;; No double indirection; CLONE copies the base's state.
      (should (eq (buffer-base-buffer ind2) base))
      (should-not (local-variable-p 'ib-tests--var ind))
      (should (equal (buffer-local-value 'ib-tests--var ind2) 42))
      (should (equal (ib-tests--state ind2) '(4 2 8 "ello w"))))))

(ert-deftest ib-clone-copies-overlays ()
  (ib-tests--with-base "0123456789"
    (let ((ov (make-overlay 2 5)))
      (overlay-put ov 'face 'bold)
      (let ((plain (make-indirect-buffer base (generate-new-buffer-name "ib-ind")))
            (clone (make-indirect-buffer base (generate-new-buffer-name "ib-ind") t)))
        (should (null (with-current-buffer plain (overlays-in 1 11))))
        (let ((copies (with-current-buffer clone (overlays-in 1 11))))
          (should (= (length copies) 1))
          (should-not (eq (car copies) ov))
          (should (eq (overlay-buffer (car copies)) clone))
          (should (equal (list (overlay-start (car copies)) (overlay-end (car copies))
                               (overlay-properties (car copies)))
                         '(2 5 (face bold)))))))))

(ert-deftest ib-errors ()
  (ib-tests--with-base "x"
    (let ((name (generate-new-buffer-name "ib-ind")))
      (make-indirect-buffer base name)
      (should (equal (should-error (make-indirect-buffer base name))
                     (list 'error (format-message "Buffer name `%s' is in use" name))))
      (should (equal (should-error (make-indirect-buffer "ib-tests no such" "q"))
                     (list 'error (format-message "No such buffer: `ib-tests no such'"))))
      (should (equal (should-error (make-indirect-buffer base ""))
                     '(error "Empty string for buffer name is not allowed")))
      (should (equal (should-error (make-indirect-buffer base 'sym))
                     '(wrong-type-argument stringp sym)))
      (should (equal (should-error (make-indirect-buffer 3 "q"))
                     '(wrong-type-argument stringp 3)))
      (let ((dead (generate-new-buffer "ib-dead")))
        (kill-buffer dead)
        (should (equal (should-error (make-indirect-buffer dead "q"))
                       '(error "Base buffer has been killed"))))
      (with-current-buffer name
        (should (equal (should-error (set-buffer-multibyte nil))
                       (list 'error (format-message "Cannot do `set-buffer-multibyte' on an indirect buffer"))))
        (should (equal (should-error (buffer-swap-text base))
                       (list 'error (format-message "Cannot swap indirect buffers's text")))))
      (with-temp-buffer
        (should (equal (should-error (buffer-swap-text base))
                       '(error "One of the buffers to swap has indirect buffers")))))))

(ert-deftest ib-killing-the-base-kills-indirect-buffers ()
  (let* ((base (generate-new-buffer "ib-base"))
         (ind (make-indirect-buffer base (generate-new-buffer-name "ib-ind")))
         (ind2 (make-indirect-buffer base (generate-new-buffer-name "ib-ind")))
         (log nil)
         (kill-buffer-hook (list (lambda () (push (current-buffer) log)))))
    (kill-buffer base)
    (should-not (buffer-live-p base))
    (should-not (buffer-live-p ind))
    (should-not (buffer-live-p ind2))
    ;; The base's hook ran first, then each indirect buffer's, in the
    ;; order they were made.
    (should (equal log (list ind2 ind base)))
    ;; A killed indirect buffer still names its base.
    (should (eq (buffer-base-buffer ind) base))))

(ert-deftest ib-killing-an-indirect-buffer-keeps-the-base ()
  (ib-tests--with-base "abc"
    (let ((ind (make-indirect-buffer base (generate-new-buffer-name "ib-ind"))))
      (with-current-buffer ind (goto-char 2) (insert "Z"))
      (kill-buffer ind)
      (should (buffer-live-p base))
      (should (equal (buffer-string) "aZbc"))
      (insert "d")
      (should (equal (buffer-string) "aZbcd")))))

(ert-deftest ib-multibyteness-is-the-base-s ()
  (ib-tests--with-base "aéb€c"
    (let ((ind (make-indirect-buffer base (generate-new-buffer-name "ib-ind")))
          m)
      (with-current-buffer ind
        (narrow-to-region 2 5)
        (goto-char 4)
        (setq m (copy-marker 5)))
      (set-buffer-multibyte nil)
      (should-not (buffer-local-value 'enable-multibyte-characters ind))
      ;; The indirect buffer's positions move with the bytes too.
      (should (equal (with-current-buffer ind (list (point) (point-min) (point-max)))
                     '(5 2 8)))
      (should (= (marker-position m) 8))
      (should (= (buffer-size ind) 8)))))

(ert-deftest ib-inhibit-buffer-hooks ()
  (let* ((base (generate-new-buffer "ib-base"))
         (updated nil)
         (killed nil)
         (ind (let ((buffer-list-update-hook (list (lambda () (setq updated t)))))
                (make-indirect-buffer base (generate-new-buffer-name "ib-ind") nil t))))
    ;; Emacs 28 runs buffer-list-update-hook for it all the same.
    (should updated)
    (let ((kill-buffer-hook (list (lambda () (push (current-buffer) killed)))))
      (kill-buffer ind)
      (should-not killed)
      (kill-buffer base)
      (should (equal killed (list base))))))
