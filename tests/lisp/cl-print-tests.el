;;; cl-print-tests.el --- cl-prin1 compared with Emacs 28  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)

(cl-defstruct cl-print-tests-pair left right)
(cl-defstruct (cl-print-tests-triple (:include cl-print-tests-pair)) middle)
(cl-defstruct cl-print-tests-empty)
(cl-defstruct cl-print-tests-opaque label)
(cl-defmethod cl-print-object ((x cl-print-tests-opaque) stream)
  (princ (format "<opaque %s>" (cl-print-tests-opaque-label x)) stream))

(ert-deftest cl-print-is-available-without-require ()
  (should (fboundp 'cl-prin1))
  (should (fboundp 'cl-prin1-to-string)))

(ert-deftest cl-print-structs-name-their-slots ()
  (should (equal (cl-prin1-to-string (make-cl-print-tests-pair :left 'a :right "b"))
                 "#s(cl-print-tests-pair :left a :right \"b\")"))
  (should (equal (cl-prin1-to-string
                  (list (make-cl-print-tests-triple :left 1 :middle (make-cl-print-tests-empty))))
                 "(#s(cl-print-tests-triple :left 1 :right nil :middle #s(cl-print-tests-empty)))"))
  ;; prin1 is not affected, and cl-print-readably falls back to it.
  (should (equal (prin1-to-string (make-cl-print-tests-pair :left 1))
                 "#s(cl-print-tests-pair 1 nil)"))
  (let ((cl-print-readably t))
    (should (equal (cl-prin1-to-string (make-cl-print-tests-pair :left 1))
                   "#s(cl-print-tests-pair 1 nil)"))))

(ert-deftest cl-print-like-prin1-for-plain-objects ()
  (dolist (x (list 12 -0.5 "tab\there" 'a-symbol :key '(1 (2 . 3)) [x "y" (z)]
                   ''q '#'f '(\` (a (\, b) (\,@ c))) '(quote 1 2) nil (make-bool-vector 4 t)
                   (record 'not-a-struct 1)))
    (should (equal (cl-prin1-to-string x) (prin1-to-string x)))))

(ert-deftest cl-print-methods-of-the-program ()
  (should (equal (cl-prin1-to-string (list (make-cl-print-tests-opaque :label 7) 8))
                 "(<opaque 7> 8)")))

(ert-deftest cl-print-hash-tables-show-test-and-count ()
  (let ((h (make-hash-table :test 'equal)))
    (puthash "k" 1 h)
    (puthash "l" 2 h)
    (should (string-match "\\`#<hash-table equal 2/[0-9]+ -?0x[0-9a-f]+>\\'"
                          (cl-prin1-to-string h)))))

(ert-deftest cl-print-length-and-level ()
  (let ((print-length 2))
    (should (equal (cl-prin1-to-string '(a b c)) "(a b ...)"))
    (should (equal (cl-prin1-to-string [a b c d]) "[a b ...]"))
    (should (equal (cl-prin1-to-string "abcdef") "\"ab...\""))
    (should (equal (cl-prin1-to-string (make-cl-print-tests-triple :left 1 :right 2))
                   "#s(cl-print-tests-triple :left 1 :right 2 ...)")))
  (let ((print-level 2))
    (should (equal (cl-prin1-to-string '(1 (2 (3)) [4 [5]])) "(1 (2 ...) [4 ...])"))
    (should (equal (cl-prin1-to-string (list (list (make-cl-print-tests-pair))))
                   "((...))"))))

(ert-deftest cl-print-circular-without-print-circle ()
  ;; A structure met again inside itself prints as #N, N its depth.
  (let ((ring (list 'a 'b 'c)))
    (setcdr (cddr ring) ring)
    (should (equal (cl-prin1-to-string ring) "(a b c . #0)"))
    (should (equal (cl-prin1-to-string (list ring)) "((a b c . #1))")))
  (let ((v (vector 'x nil)))
    (aset v 1 (list v))
    (should (equal (cl-prin1-to-string v) "[x (#0)]")))
  ;; Shared but not circular: printed in full each time.
  (let ((shared (list 1 2)))
    (should (equal (cl-prin1-to-string (list shared shared)) "((1 2) (1 2))"))))

(ert-deftest cl-print-circle-labels ()
  (let ((print-circle t)
        (shared (list 'p))
        (word (copy-sequence "w")))
    (should (equal (cl-prin1-to-string (list shared word shared word))
                   "(#1=(p) #2=\"w\" #1# #2#)"))
    (let ((ring (list 1 2)))
      (setcdr (cdr ring) ring)
      (should (equal (cl-prin1-to-string ring) "#1=(1 2 . #1#)")))
    (let ((g (make-symbol "g")))
      (should (equal (cl-prin1-to-string (list g g)) "(g g)"))
      (let ((print-gensym t))
        (should (equal (cl-prin1-to-string (list g g)) "(#1=#:g #1#)"))))))

(ert-deftest cl-print-to-a-stream-and-with-a-limit ()
  (should (equal (with-output-to-string (cl-prin1 (make-cl-print-tests-empty)))
                 "#s(cl-print-tests-empty)"))
  (let ((long (number-sequence 1 300)))
    ;; print-length and print-level step down until the text is short
    ;; enough or print-level reached 2.
    (should (equal (cl-print-to-string-with-limit #'cl-prin1 long 60)
                   (concat (substring (prin1-to-string (number-sequence 1 26)) 0 -1)
                           " ...)")))
    (should (equal (cl-print-to-string-with-limit #'cl-prin1 '(1 (2 (3 (4 (5 (6)))))) 22)
                   "(1 (2 (3 ...)))"))
    (should (equal (cl-print-to-string-with-limit #'cl-prin1 '(1 2 3) nil) "(1 2 3)"))
    (should (equal (cl-print-to-string-with-limit #'cl-prin1 long 0)
                   (prin1-to-string long)))))


(ert-deftest cl-print-propertized-strings ()
  (let ((s (propertize "abcd" 'face 'bold 'k 1)))
    (put-text-property 2 3 'z 9 s)
    ;; Each run's plist in the order text-properties-at gives it.
    (should (equal (cl-prin1-to-string s)
                   (format "#(\"abcd\" 0 2 %S 2 3 %S 3 4 %S)"
                           (text-properties-at 0 s) (text-properties-at 2 s)
                           (text-properties-at 3 s))))
    ;; print-length cuts the text and shows a third of it in runs.
    (let ((print-length 3))
      (should (equal (cl-prin1-to-string s)
                     (format "#(\"abc...\" 0 2 %s ...)"
                             (cl-prin1-to-string (text-properties-at 0 s))))))
    ;; A propertized string is a level of its own for print-level; a
    ;; plain one is not.
    (let ((print-level 2))
      (should (equal (cl-prin1-to-string (list (list s "plain")))
                     "((... \"plain\"))")))))

(ert-deftest cl-print-circle-labels-inside-text-properties ()
  (let ((s (copy-sequence "xyz"))
        (shared (list 1 2))
        (print-circle t))
    (put-text-property 0 1 'a shared s)
    (put-text-property 2 3 'a shared s)
    (should (equal (cl-prin1-to-string s)
                   "#(\"xyz\" 0 1 (a #1=(1 2)) 2 3 (a #1#))"))))

(defun cl-print-tests--expansion (text)
  "TEXT without properties, where its first ellipsis starts, and what
`cl-print-expand-ellipsis' prints for that ellipsis."
  (let* ((at (next-single-property-change 0 'cl-print-ellipsis text))
         (value (and at (get-text-property at 'cl-print-ellipsis text))))
    (list (substring-no-properties text) at
          (and value (substring-no-properties
                      (with-output-to-string (cl-print-expand-ellipsis value nil)))))))

(ert-deftest cl-print-ellipses-expand-to-what-they-hide ()
  (let ((print-length 2))
    (should (equal (cl-print-tests--expansion (cl-prin1-to-string (number-sequence 1 6)))
                   '("(1 2 ...)" 5 "3 4 ...")))
    (should (equal (cl-print-tests--expansion (cl-prin1-to-string [p q r]))
                   '("[p q ...]" 5 "r")))
    (should (equal (cl-print-tests--expansion
                    (cl-prin1-to-string (make-cl-print-tests-triple :left 1 :right 2 :middle 'm)))
                   '("#s(cl-print-tests-triple :left 1 :right 2 ...)" 42 ":middle m"))))
  (let ((print-length 3))
    ;; Inside a string the dots precede the closing quote, and the
    ;; rest is printed escaped but unquoted.
    (should (equal (cl-print-tests--expansion (cl-prin1-to-string "q\"rstuvw"))
                   '("\"q\\\"r...\"" 5 "stu...")))
    (should (equal (cl-print-tests--expansion
                    (cl-prin1-to-string (concat (propertize "a" 'k 1) (propertize "b" 'k 2))))
                   '("#(\"ab\" 0 1 (k 1) ...)" 17 "1 2 (k 2)"))))
  (let ((print-level 2))
    (should (equal (cl-print-tests--expansion (cl-prin1-to-string '(1 (2 (3 (4))) 5)))
                   '("(1 (2 ...) 5)" 6 "(3 ...)")))))

(ert-deftest cl-print-ellipses-with-print-length-zero ()
  (let ((print-length 0))
    (should (equal (mapcar #'cl-prin1-to-string
                           (list [1 2] (make-cl-print-tests-pair) '(1 2) "ab"))
                   '("[ ...]" "#s(cl-print-tests-pair ...)" "(1 ...)" "\"...\"")))))

(ert-deftest cl-print-ellipses-in-a-buffer-and-elsewhere ()
  ;; Printed at point in a buffer, the dots carry the property there.
  (with-temp-buffer
    (insert "<>")
    (goto-char 2)
    (let ((print-length 1))
      (cl-prin1 '(x y) (current-buffer)))
    (should (equal (buffer-substring-no-properties 1 (point-max)) "<(x ...)>"))
    (should (equal (point) 9))
    (should (get-text-property 5 'cl-print-ellipsis))
    (should-not (get-text-property 4 'cl-print-ellipsis)))
  ;; With no limit, the text has no ellipsis property at all.
  (should-not (next-single-property-change
               0 'cl-print-ellipsis (cl-print-to-string-with-limit #'cl-prin1 '(a b c) 50)))
  (let ((print-length 1))
    (should (get-text-property 3 'cl-print-ellipsis (cl-prin1-to-string '(a b))))))

(ert-deftest cl-print-ellipsis-in-a-circular-list ()
  (let ((ring (list 'a 'b 'c))
        (print-length 2))
    (setcdr (cddr ring) ring)
    (let ((print-circle nil))
      (should (equal (cl-print-tests--expansion (cl-prin1-to-string ring))
                     '("(a b ...)" 5 "c . #0"))))
    (let ((print-circle t))
      (should (equal (cl-print-tests--expansion (cl-prin1-to-string ring))
                     '("#1=(a b ...)" 8 "c . #1#"))))))


(ert-deftest cl-print-hash-table-numbers-as-characters ()
  (let ((print-integers-as-characters t))
    (should (string-match-p "\\`#<hash-table eql 0/\\?A 0x[0-9a-f]+>\\'"
                            (cl-prin1-to-string (make-hash-table))))))

(ert-deftest cl-print-list-tails-and-print-length ()
  ;; As Emacs 28 prints them: dotted ends, cut lists, circular tails.
  (should (equal
           (mapcar (lambda (pl)
                     (let ((print-length pl))
                       (list (substring-no-properties (cl-prin1-to-string '(1 2 3 . 4)))
                             (substring-no-properties (cl-prin1-to-string '(1 2 3)))
                             (let ((c (list 1 2 3)))
                               (setcdr (cddr c) c)
                               (substring-no-properties (cl-prin1-to-string c)))
                             (let ((print-circle t) (c (list 1 2)))
                               (setcdr (cdr c) c)
                               (substring-no-properties (cl-prin1-to-string c))))))
                   '(nil 0 1 2 3))
           '(("(1 2 3 . 4)" "(1 2 3)" "(1 2 3 . #0)" "#1=(1 2 . #1#)")
             ("(1 ...)" "(1 ...)" "(1 ...)" "#1=(1 ...)")
             ("(1 ...)" "(1 ...)" "(1 ...)" "#1=(1 ...)")
             ("(1 2 ...)" "(1 2 ...)" "(1 2 ...)" "#1=(1 2 . #1#)")
             ("(1 2 3 . 4)" "(1 2 3)" "(1 2 3 . #0)" "#1=(1 2 . #1#)")))))

;;; cl-print-tests.el ends here
