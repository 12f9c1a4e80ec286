;;; sort-regexp-tests.el --- sort-regexp-fields  -*- lexical-binding: t -*-

;; Expectations read off GNU Emacs 28; the file passes there too.

(require 'ert)
;; Loaded first, so that the `let's of `sort-fold-case' below bind it
;; dynamically even where the interpreter fixes a binding's kind early.
(require 'sort)

(defun sort-regexp-tests--sorted (text reverse record key &optional beg end)
  (with-temp-buffer
    (insert text)
    (goto-char (point-min))
    (should (null (sort-regexp-fields reverse record key (or beg (point-min)) (or end (point-max)))))
    (should (= (point) (point-min)))
    (buffer-string)))

(ert-deftest sort-regexp-fields-records-and-keys ()
  (let ((lines "b2 x\na3 y\nc1 z\n"))
    (should (equal (sort-regexp-tests--sorted lines nil "^.*$" "\\&") "a3 y\nb2 x\nc1 z\n"))
    (should (equal (sort-regexp-tests--sorted lines t "^.*$" "\\&") "c1 z\nb2 x\na3 y\n"))
    (should (equal (sort-regexp-tests--sorted lines '(4) "^.*$" "\\&") "c1 z\nb2 x\na3 y\n"))
    ;; A group of the record regexp as the key.
    (should (equal (sort-regexp-tests--sorted lines nil "^\\(.\\)\\(.\\).*$" "\\2") "c1 z\nb2 x\na3 y\n"))
    ;; Only the matched parts move; the rest of each line stays.
    (should (equal (sort-regexp-tests--sorted lines nil "[a-z][0-9]" "\\&") "a3 x\nb2 y\nc1 z\n"))
    (should (equal (sort-regexp-tests--sorted lines nil "\\([a-z]\\)\\([0-9]\\)" "\\2") "c1 x\nb2 y\na3 z\n"))
    ;; A key regexp searched inside each record.
    (should (equal (sort-regexp-tests--sorted lines nil "^.*$" "[0-9]") "c1 z\nb2 x\na3 y\n"))
    ;; The region limits the records.
    (should (equal (sort-regexp-tests--sorted lines nil "^.*$" "\\&" 4) "b2 a3 y\nc1 z\nx\n")))
  (let ((pairs "foo=3, bar=1, baz=2"))
    (should (equal (sort-regexp-tests--sorted pairs nil "\\([a-z]+\\)=\\([0-9]+\\)" "\\2") "bar=1, baz=2, foo=3"))
    (should (equal (sort-regexp-tests--sorted pairs nil "[a-z]+" "\\&") "bar=3, baz=1, foo=2"))
    ;; Records without a key stay where they are; empty records change nothing.
    (should (equal (sort-regexp-tests--sorted pairs nil "[a-z]+=[0-9]+" "zz") pairs))
    (should (equal (sort-regexp-tests--sorted pairs nil "" "\\&") pairs))
    (should (equal (sort-regexp-tests--sorted "aa bb aa cc" nil "[a-z]+" "\\3") "aa bb aa cc")))
  ;; Keys compare as strings, case counting unless `sort-fold-case'.
  (should (equal (sort-regexp-tests--sorted "x2 x10 x1" nil "x\\([0-9]+\\)" "\\1") "x1 x10 x2"))
  (should (equal (sort-regexp-tests--sorted "B a C b" nil "[a-zA-Z]" "\\&") "B C a b"))
  (let ((sort-fold-case t))
    (should (equal (sort-regexp-tests--sorted "B a C b" nil "[a-zA-Z]" "\\&") "a B b C")))
  (should (equal (sort-regexp-tests--sorted "z a y b" nil "[a-z]" "\\&" 3 6) "z a y b")))

;;; sort-regexp-tests.el ends here
