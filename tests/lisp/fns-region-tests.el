;;; fns-region-tests.el --- base64 on regions and object-intervals, compared with Emacs 28  -*- lexical-binding: t -*-

(require 'ert)

(defun fns-region-tests--run (function text point &rest args)
  "FUNCTION called on the region 3..(- (length TEXT) 1) of a buffer
holding TEXT, point at POINT: its value, the text after, and point."
  (with-temp-buffer
    (insert text)
    (goto-char point)
    (let ((value (apply function 3 (- (point-max) 2) args)))
      (list value (buffer-string) (point)))))

(ert-deftest fns-region-base64-encoding ()
  ;; Point after the region moves with the text, inside it goes to the
  ;; region's start, before it stays.
  (should (equal (fns-region-tests--run #'base64-encode-region "<[hello]>" 10)
                 '(8 "<[aGVsbG8=]>" 13)))
  (should (equal (fns-region-tests--run #'base64-encode-region "<[hello]>" 5)
                 '(8 "<[aGVsbG8=]>" 3)))
  (should (equal (fns-region-tests--run #'base64-encode-region "<[hello]>" 2)
                 '(8 "<[aGVsbG8=]>" 2)))
  (should (equal (fns-region-tests--run #'base64url-encode-region "<[\377\376?]>" 1)
                 '(4 "<[__4_]>" 1)))
  (should (equal (fns-region-tests--run #'base64url-encode-region "<[ab]>" 1 t)
                 '(3 "<[YWI]>" 1)))
  ;; Long text is cut in lines unless asked not to.
  (with-temp-buffer
    (insert (make-string 60 ?z))
    (should (= (base64-encode-region (point-min) (point-max)) 81))
    (should (equal (buffer-substring 77 78) "\n")))
  (with-temp-buffer
    (insert (make-string 60 ?z))
    (should (= (base64-encode-region (point-max) (point-min) t) 80)))
  (with-temp-buffer
    (insert "aŝb")
    (should (equal (should-error (base64-encode-region 1 4))
                   '(error "Multibyte character in data for base64 encoding")))))

(ert-deftest fns-region-base64-decoding ()
  (should (equal (fns-region-tests--run #'base64-decode-region "<[aGVsbG8=]>" 13)
                 '(5 "<[hello]>" 10)))
  (should (equal (fns-region-tests--run #'base64-decode-region "<[YWI]>" 1 t)
                 '(2 "<[ab]>" 1)))
  ;; A byte above 127 becomes a raw byte in the buffer.
  (with-temp-buffer
    (insert "/g==")
    (base64-decode-region 1 5)
    (should (equal (append (buffer-string) nil) '(#x3ffffe))))
  (with-temp-buffer
    (insert "$$")
    (should-error (base64-decode-region 1 3))))

(ert-deftest fns-region-object-intervals ()
  (should-not (object-intervals "plain"))
  (should (equal (object-intervals (concat "pq" (propertize "r" 'k 'v) "s"))
                 '((0 2 nil) (2 3 (k v)) (3 4 nil))))
  (should (equal (object-intervals (propertize "xyz" 'k 1))
                 '((0 3 (k 1)))))
  (with-temp-buffer
    (insert "buffer")
    (should-not (object-intervals (current-buffer)))
    (put-text-property 3 5 'k 2)
    ;; All of the buffer, narrowed or not.
    (narrow-to-region 4 5)
    (should (equal (object-intervals (current-buffer))
                   '((0 2 nil) (2 4 (k 2)) (4 6 nil)))))
  (should (equal (should-error (object-intervals 'sym))
                 '(wrong-type-argument buffer-or-string-p sym))))

;; Every interval as the text's operations left it: neighbours with
;; equal plists stay apart, as in Emacs.
(ert-deftest fns-region-object-intervals-unmerged ()
  (should (equal (object-intervals (concat (propertize "a" 'k 1) (propertize "b" 'k 1)))
                 '((0 1 (k 1)) (1 2 (k 1)))))
  (should (equal (object-intervals (concat (propertize "ab" 'k 1) "" (propertize "c" 'k 1) "d"))
                 '((0 2 (k 1)) (2 3 (k 1)) (3 4 nil))))
  (should (equal (object-intervals
                  (substring (concat (propertize "ab" 'k 1) (propertize "cd" 'k 1)) 1 3))
                 '((0 1 (k 1)) (1 2 (k 1)))))
  (should (equal (object-intervals (format "%s%s" (propertize "a" 'k 1) (propertize "b" 'k 1)))
                 '((0 1 (k 1)) (1 2 (k 1)))))
  (let ((s (copy-sequence "abcdef")))
    (put-text-property 1 3 'k 1 s)
    (put-text-property 2 5 'k 1 s)
    (should (equal (object-intervals s) '((0 1 nil) (1 3 (k 1)) (3 5 (k 1)) (5 6 nil))))
    ;; Removing every property leaves the intervals, setting none on all
    ;; of the string drops them.
    (remove-text-properties 0 6 '(k nil) s)
    (should (equal (object-intervals s) '((0 1 nil) (1 3 nil) (3 5 nil) (5 6 nil))))
    (set-text-properties 0 6 nil s)
    (should-not (object-intervals s)))
  (let ((s (propertize "abcdef" 'k 1)))
    (put-text-property 2 3 'k 2 s)
    (put-text-property 2 3 'k 1 s)
    (should (equal (object-intervals s) '((0 2 (k 1)) (2 3 (k 1)) (3 6 (k 1))))))
  (with-temp-buffer
    (insert (propertize "a" 'k 1))
    (insert (propertize "b" 'k 1))
    (goto-char 2)
    (insert (propertize "x" 'k 1))
    (should (equal (object-intervals (current-buffer)) '((0 1 (k 1)) (1 2 (k 1)) (2 3 (k 1)))))
    (goto-char 2)
    (insert-and-inherit "y")
    (should (equal (object-intervals (current-buffer))
                   '((0 2 (k 1)) (2 3 (k 1)) (3 4 (k 1)))))
    (should (equal (object-intervals (buffer-substring 2 4)) '((0 1 (k 1)) (1 2 (k 1))))))
  (with-temp-buffer
    (insert (propertize "ab" 'k 1) "cd")
    (goto-char 3)
    (insert-and-inherit "x")
    (should (equal (object-intervals (current-buffer)) '((0 3 (k 1)) (3 5 nil))))
    (add-text-properties 1 6 '(k 1 j 2))
    (should (equal (object-intervals (current-buffer)) '((0 3 (j 2 k 1)) (3 5 (j 2 k 1))))))
  (let ((b (generate-new-buffer "fns-region-tests")))
    (with-current-buffer b (insert (propertize "a" 'q 1)))
    (kill-buffer b)
    (should-not (object-intervals b)))
  (should (equal (should-error (object-intervals nil))
                 '(wrong-type-argument buffer-or-string-p nil))))

;;; fns-region-tests.el ends here
