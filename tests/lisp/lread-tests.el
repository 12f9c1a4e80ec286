;;; lread-tests.el --- read from buffers and markers, eval-buffer, eval-region  -*- lexical-binding: t -*-

(require 'ert)

(ert-deftest lread-read-from-a-buffer-moves-point ()
  (with-temp-buffer
    (insert "(one 2) three ; note\n  \"four\" ")
    (goto-char (point-min))
    (should (equal (read (current-buffer)) '(one 2)))
    (should (= (point) 8))
    (should (eq (read (current-buffer)) 'three))
    (should (= (point) 14))
    (should (equal (read (current-buffer)) "four"))
    ;; Nothing left but blanks.
    (should-error (read (current-buffer)) :type 'end-of-file)))

(ert-deftest lread-read-from-a-marker-moves-the-marker ()
  (with-temp-buffer
    (insert "alpha [beta gamma] δ")
    (goto-char (point-min))
    (let ((m (copy-marker 7)))
      (should (equal (read m) [beta gamma]))
      (should (= (marker-position m) 19))
      (should (eq (read m) 'δ))
      (should (= (marker-position m) 21))
      ;; Point stays.
      (should (= (point) 1)))))

(ert-deftest lread-read-from-another-buffer ()
  (let ((other (generate-new-buffer "lread-other")))
    (unwind-protect
        (progn
          (with-current-buffer other (insert "x y") (goto-char 2))
          (should (eq (read other) 'y))
          (should (= (with-current-buffer other (point)) 4)))
      (kill-buffer other))))

(defvar lread-tests--value nil)

(ert-deftest lread-eval-buffer-heeds-the-cookie ()
  (with-temp-buffer
    (insert ";; -*- lexical-binding: t -*-\n"
            "(setq lread-tests--value (let ((n 5)) (lambda () n)))\n")
    (should-not (eval-buffer))
    (should (= (funcall lread-tests--value) 5)))
  ;; Without a cookie the text is evaluated with dynamic binding: the
  ;; function made is the list Emacs makes then.
  (with-temp-buffer
    (insert "(setq lread-tests--value (let ((n 5)) (lambda () n)))\n")
    (let ((lexical-binding t))
      (eval-buffer))
    (should (equal lread-tests--value '(lambda nil n)))))

(ert-deftest lread-eval-buffer-output-and-errors ()
  (with-temp-buffer
    (insert "(princ \"out\") (+ 1 2)")
    ;; Output is discarded unless PRINTFLAG says where it goes, and then
    ;; every value is printed there too.
    (should (equal (with-output-to-string (eval-buffer)) ""))
    (should (equal (with-output-to-string (eval-buffer nil standard-output))
                   "out\n\"out\"\n\n3\n"))
    (should (equal (with-output-to-string (eval-region 15 22 standard-output))
                   "\n3\n"))
    (should (= (point) (point-max))))
  (with-temp-buffer
    (insert "(1+ 1) (no-such-function-here)")
    (should-error (eval-buffer) :type 'void-function))
  (with-temp-buffer
    (insert "(list 1")
    (should-error (eval-buffer) :type 'end-of-file))
  (should-error (eval-buffer "lread-tests: no such buffer")))
