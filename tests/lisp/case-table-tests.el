;;; case-table-tests.el --- case tables, compared with Emacs 28  -*- lexical-binding: t -*-

(require 'ert)
(require 'case-table)

(ert-deftest case-table-standard-one ()
  (let* ((down (standard-case-table))
         (up (case-table-get-table down 'up)))
    (should (case-table-p down))
    (should (eq (char-table-subtype down) 'case-table))
    (should (eq (standard-case-table) down))
    (with-temp-buffer
      (should (eq (current-case-table) down)))
    ;; Each character: its lower and its upper case in the tables.
    (should (equal (mapcar (lambda (c) (list (aref down c) (aref up c)))
                           '(?G ?g ?7 ?Ж ?ж ?ǈ ?ß))
                   '((?g ?G) (?g ?G) (?7 ?7) (?ж ?Ж) (?ж ?Ж) (?ǉ ?Ǉ) (?ß ?ẞ))))
    (should (eq (get-upcase-table down) up))))

(ert-deftest case-table-predicate ()
  (should (case-table-p (make-char-table 'case-table)))
  (should-not (case-table-p (make-char-table 'syntax-table)))
  (should-not (case-table-p "abc"))
  (let ((odd (make-char-table 'case-table)))
    ;; An equivalences table needs a canonicalize table.
    (set-char-table-extra-slot odd 2 (make-char-table 'case-table))
    (should-not (case-table-p odd))
    (set-char-table-extra-slot odd 1 (make-char-table 'case-table))
    (should (case-table-p odd))
    (set-char-table-extra-slot odd 0 'up)
    (should-not (case-table-p odd)))
  (should (equal (should-error (set-case-table [1 2]))
                 '(wrong-type-argument case-table-p [1 2]))))

(ert-deftest case-table-a-buffer-of-its-own ()
  (let ((swapped (copy-case-table (standard-case-table))))
    ;; The copy is separate from the standard table, up table included.
    (set-case-syntax-pair ?K ?j swapped)
    (should (eq (aref (standard-case-table) ?K) ?k))
    (should (eq (aref (get-upcase-table (standard-case-table)) ?j) ?J))
    (should-not (char-table-extra-slot swapped 1))
    (with-temp-buffer
      (insert "jab K")
      (set-case-table swapped)
      (should (eq (current-case-table) swapped))
      (should (equal (upcase "jjk") "KKK"))
      (should (equal (downcase "JK") "jj"))
      (should (eq (upcase ?j) ?K))
      (upcase-region (point-min) (point-max))
      (should (equal (buffer-string) "KAB K"))
      ;; Another buffer keeps the standard table.
      (should (equal (with-temp-buffer (upcase "jjk")) "JJK")))
    (should (equal (upcase "jjk") "JJK"))))

(ert-deftest case-table-with-case-table ()
  (let ((plain (copy-case-table (standard-case-table)))
        (outer (current-buffer)))
    (set-case-syntax ?e "w" plain)
    (with-temp-buffer
      (let ((inner (current-buffer)))
        (with-case-table plain
          (should (equal (upcase "bee") "Bee"))
          (should (equal (capitalize "eel") "Eel"))
          ;; The table goes back to the buffer current on entry, even
          ;; if the body left it.
          (set-buffer outer))
        (should (eq (current-buffer) outer))
        (with-current-buffer inner
          (should (eq (current-case-table) (standard-case-table)))
          (should (equal (upcase "bee") "BEE")))))))

(ert-deftest case-table-one-way-changes ()
  (let ((table (copy-case-table (standard-case-table))))
    (set-upcase-syntax ?R ?p table)
    (set-downcase-syntax ?M ?n table)
    (with-temp-buffer
      (set-case-table table)
      (should (equal (upcase "pn") "RN"))
      (should (equal (downcase "RM") "rn"))
      (should (equal (upcase "q") "Q")))))

(ert-deftest case-table-made-from-a-bare-char-table ()
  ;; Given no upcase table, set-case-table makes one: the characters
  ;; sharing a lower case become a cycle, so in a pair the upper case
  ;; "upcases" to the lower.
  (let ((table (make-char-table 'case-table)))
    (aset table ?Q ?q)
    (aset table ?q ?q)
    (with-temp-buffer
      (set-case-table table)
      (let ((up (char-table-extra-slot table 0)))
        (should (equal (list (aref up ?q) (aref up ?Q) (aref up ?r)) '(?Q ?q nil))))
      (should (equal (upcase "qQr") "Qqr"))
      (should (equal (downcase "QR") "qR")))))

(ert-deftest case-table-reset-by-kill-all-local-variables ()
  (with-temp-buffer
    (set-case-table (copy-case-table (standard-case-table)))
    (should-not (eq (current-case-table) (standard-case-table)))
    (kill-all-local-variables)
    (should (eq (current-case-table) (standard-case-table)))))

;; A table pairing ?Z with ?o shows which table a case-folding
;; operation consults: ?O keeps its lower case ?o and ?z its upper
;; case ?Z, so all four fold together, while ?o now upcases to ?Z.
(defun case-table-tests--z-o-table ()
  (let ((table (copy-case-table (standard-case-table))))
    (set-case-syntax-pair ?Z ?o table)
    table))

(ert-deftest case-table-char-equal-follows-the-buffer-table ()
  (with-temp-buffer
    (let ((case-fold-search t))
      (should-not (char-equal ?o ?Z))
      (with-case-table (case-table-tests--z-o-table)
        (should (char-equal ?o ?Z))
        (should (char-equal ?Z ?O))
        (should-not (char-equal ?z ?Z)) ; ?Z downcases to ?o now
        (should-not (char-equal ?z ?q))
        (let ((case-fold-search nil))
          (should-not (char-equal ?o ?Z)))))))

(ert-deftest case-table-string-match-folds-by-the-table ()
  (with-temp-buffer
    (let ((case-fold-search t))
      (with-case-table (case-table-tests--z-o-table)
        (should (equal (string-match "Z+" "fooo") 1))
        (should (equal (match-end 0) 4))
        (should (equal (string-match "[Z]" "xo") 1))
        (should (equal (string-match "[m-p]" "xyZ") 2))
        (should (equal (string-match "z" "xO") 1))
        (should-not (string-match "q" "oOzZ"))
        (should (equal (string-match "\\(o\\)\\1" "aoZ") 1))
        (let ((case-fold-search nil))
          (should-not (string-match "Z" "fooo"))))
      (should-not (string-match "Z" "fooo")))))

(ert-deftest case-table-buffer-searches-fold-by-the-table ()
  (with-temp-buffer
    (insert "a cool ZOO")
    (let ((case-fold-search t))
      (with-case-table (case-table-tests--z-o-table)
        (goto-char (point-min))
        (should (equal (search-forward "zz" nil t) 6))
        (should (equal (search-forward "OZ" nil t) 10))
        (goto-char (point-min))
        (should (equal (re-search-forward "l \\(z\\|Z\\)o" nil t) 10))
        (goto-char (point-max))
        (should (equal (search-backward "oZ" nil t) 9))
        (goto-char 9)
        (should (looking-at "oo"))
        (goto-char 7)
        (should-not (looking-at "oo"))))))

(ert-deftest case-table-replace-match-reads-case-by-the-table ()
  ;; Under the table ?Z is an upper case letter (it has a lower
  ;; case) and ?o a lower case one whose upper case is ?Z.
  (with-temp-buffer
    (let ((case-fold-search t))
      (with-case-table (case-table-tests--z-o-table)
        (should (equal (progn (string-match "x+" "xx ZZ")
                              (replace-match "new" nil nil "xx ZZ"))
                       "new ZZ"))
        (let ((s "one ZOZ"))
          (string-match "ZOZ" s)
          (should (equal (replace-match "toy" nil nil s) "one TZY")))
        (let ((s "one oo"))
          (string-match "oo" s)
          (should (equal (replace-match "toy" nil nil s) "one toy")))))))

(ert-deftest case-table-compare-strings-ignores-case-by-the-table ()
  (with-temp-buffer
    (with-case-table (case-table-tests--z-o-table)
      (should (eq (compare-strings "Zap" nil nil "oAP" nil nil t) t))
      (should-not (eq (compare-strings "Zap" nil nil "oAP" nil nil nil) t)))
    (should-not (eq (compare-strings "Zap" nil nil "oAP" nil nil t) t))))

;;; case-table-tests.el ends here

(ert-deftest case-table-set-case-syntax-delims ()
  (let ((table (copy-case-table (standard-case-table)))
        (old-l (aref (standard-syntax-table) ?«))
        (old-r (aref (standard-syntax-table) ?»)))
    (unwind-protect
        (progn
          (set-case-syntax-delims ?« ?» table)
          (should (equal (list (aref table ?«) (aref table ?»)
                               (aref (standard-syntax-table) ?«)
                               (aref (standard-syntax-table) ?»))
                         (list ?« ?» (cons 4 ?») (cons 5 ?«)))))
      (aset (standard-syntax-table) ?« old-l)
      (aset (standard-syntax-table) ?» old-r))))
