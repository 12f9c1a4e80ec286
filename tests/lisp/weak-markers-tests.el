;;; weak-markers-tests.el --- markers nothing holds are collected  -*- lexical-binding: t -*-

(require 'ert)

(defun weak-markers--litter (n position)
  "Make N markers at POSITION and keep none."
  (dotimes (_ n) (copy-marker position))
  nil)

(ert-deftest weak-markers-dropped-ones-go ()
  ;; The Boehm baseline scans a buffer's chain of markers, so keeps them.
  (skip-unless (not (eq (bound-and-true-p marrow-collector) 'boehm)))
  (with-temp-buffer
    (insert "abcdef")
    (let ((kept (copy-marker 5))
          (littered '(1 2 3 4 6)))
      (dolist (pos littered)
        (weak-markers--litter 10 pos))
      (garbage-collect)
      ;; As in Emacs, the buffer does not hold its markers.  (A stale
      ;; word on the C stack may keep the last one made a while.)
      (should (<= (length (seq-filter #'buffer-has-markers-at littered)) 1))
      (should (buffer-has-markers-at 5))
      (goto-char (point-min))
      (insert "xy")
      (should (= (marker-position kept) 7))
      (should (buffer-has-markers-at 7)))))

(ert-deftest weak-markers-held-ones-keep-moving ()
  (with-temp-buffer
    (insert "0123456789")
    (let ((markers (mapcar #'copy-marker '(2 4 6 8))))
      (dotimes (_ 20) (point-marker))
      (garbage-collect)
      (goto-char 1)
      (insert "ab")
      (delete-region 5 7)
      (should (equal (mapcar #'marker-position markers) '(4 5 6 8)))
      (set-marker (nth 1 markers) nil)
      (should-not (marker-buffer (nth 1 markers)))
      (garbage-collect)
      (insert "c")
      (should (equal (mapcar #'marker-position markers) '(5 nil 7 9))))))

(ert-deftest weak-markers-buffer-has-markers-at ()
  (with-temp-buffer
    (insert "abc")
    (let ((m (copy-marker 2)))
      (should (buffer-has-markers-at 2))
      (should-not (buffer-has-markers-at 3))
      ;; Positions are clipped to the buffer.
      (set-marker m 4)
      (should (buffer-has-markers-at 100)))))

(ert-deftest weak-markers-killed-buffer ()
  (let* ((b (generate-new-buffer "weak-markers"))
         (m (with-current-buffer b (insert "abc") (copy-marker 2))))
    (kill-buffer b)
    (should-not (marker-buffer m))
    (garbage-collect)
    (should-not (marker-position m))))

;;; weak-markers-tests.el ends here
