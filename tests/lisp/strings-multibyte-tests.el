;;; strings-multibyte-tests.el --- character access, unibyte strings, display widths  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)

(defun strings-mb--sample (n)
  "A string of N characters of 1, 2, 3 and 4 UTF-8 bytes, mixed."
  (let ((chars [?a ?é ?中 ?😀]) (l nil))
    (dotimes (i n) (push (aref chars (% (+ (* i 7) (/ i 5)) 4)) l))
    (apply #'string (nreverse l))))

(ert-deftest strings-mb-access-orders ()
  (let* ((s (strings-mb--sample 200)) (l (string-to-list s)) (v (vconcat s)))
    (should (= (length s) 200))
    (should (equal (cl-loop for c across s collect c) l))
    (should (equal (mapcar #'identity s) l))
    (should (equal (cl-loop for i from 199 downto 0 collect (aref s i)) (reverse l)))
    (should (equal (cl-loop for k below 200 for i = (% (* k 37) 200)
                            collect (eq (aref s i) (aref v i)))
                   (make-list 200 t)))
    (should (equal (cl-loop for i below 200 collect (elt s i)) l))
    (should (equal (substring s 150 153) (concat (substring s 150 151) (substring s 151 153))))
    (should (equal (cl-loop for i below 200 concat (substring s i (1+ i))) s))))

(ert-deftest strings-mb-access-after-aset ()
  (let ((s (copy-sequence "aé中😀b")))
    (should (eq (aref s 3) ?😀))
    (aset s 1 ?x)
    (should (equal s "ax中😀b"))
    (should (eq (aref s 3) ?😀))
    (aset s 3 ?é)
    (should (eq (aref s 4) ?b))
    (should (eq (aref s 2) ?中))
    (should (equal s "ax中éb"))))
