;;; textprop-diff-tests.el --- intervals after text moves, as Emacs 28 leaves them  -*- lexical-binding: t -*-

;; Each test compares `object-intervals' (boundaries and plists, in
;; order) after an operation that copies or moves text with the values
;; read off Emacs 28.

(require 'ert)

(defun tpd--intervals ()
  "The current buffer's intervals."
  (object-intervals (current-buffer)))

(ert-deftest tpd-insert-into-plain ()
  "Text with properties inserted into a buffer without any: split at point."
  (should (equal (with-temp-buffer (insert "xyzux") (goto-char 2) (insert #("xyzuv" 2 3 (a 2))) (tpd--intervals))
                 '((0 1 nil) (1 3 nil) (3 4 (a 2)) (4 6 nil) (6 10 nil)))))

(ert-deftest tpd-insert-char-inherit ()
  "insert-char's INHERIT takes the sticky properties around it."
  (should (equal (with-temp-buffer (insert "ab" (propertize "cd" 'a 2) "ef") (goto-char 5) (insert-char ?m 2 t) (tpd--intervals))
                 '((0 2 nil) (2 6 (a 2)) (6 8 nil)))))

(ert-deftest tpd-insert-char-plain ()
  "insert-char without INHERIT: an interval of its own, no properties."
  (should (equal (with-temp-buffer (insert "ab" (propertize "cd" 'a 2) "ef") (goto-char 5) (insert-char ?m 2) (tpd--intervals))
                 '((0 2 nil) (2 4 (a 2)) (4 6 nil) (6 8 nil)))))

(ert-deftest tpd-subst-same-length ()
  "A character replaced by one as long keeps its interval."
  (should (equal (with-temp-buffer (insert "xxyyzzyyxx")
				   (put-text-property 2 5 'a 1) (put-text-property 5 6 'b 1) (put-text-property 6 9 'a 1)
				   (subst-char-in-region 1 11 ?y ?Y) (tpd--intervals))
                 '((0 1 nil) (1 4 (a 1)) (4 5 (b 1)) (5 8 (a 1)) (8 10 nil)))))

(ert-deftest tpd-translate-other-length ()
  "A character replaced by one of another length loses its properties."
  (should (equal (with-temp-buffer (insert "xxyyzzyyxx")
				   (put-text-property 2 5 'a 1) (put-text-property 5 6 'b 1) (put-text-property 6 9 'a 1)
				   (let ((tb (make-char-table 'translation-table))) (aset tb ?y ?é) (aset tb ?x ?é)
					(translate-region 2 10 tb))
				   (list (buffer-string) (tpd--intervals)))
                 '(#("xééézzéééx" 4 5 (b 1) 5 6 (a 1)) ((0 1 nil) (1 2 nil) (2 3 nil) (3 4 nil) (4 5 (b 1)) (5 6 (a 1)) (6 7 nil) (7 8 nil) (8 9 nil) (9 10 nil))))))

(ert-deftest tpd-substring-plain ()
  "buffer-substring of text without properties takes no intervals."
  (should (equal (with-temp-buffer (insert "abcdefgh") (put-text-property 8 9 'c 1)
				   (goto-char 3) (insert "XY") (goto-char 6) (insert "ZW")
				   (list (object-intervals (buffer-substring 2 11)) (object-intervals (buffer-substring 2 13))))
                 '(nil ((0 1 nil) (1 3 nil) (3 4 nil) (4 6 nil) (6 10 nil) (10 11 (c 1)))))))

(ert-deftest tpd-transpose ()
  "transpose-regions: spans cleared, moved text grafted with its boundaries."
  (should (equal (let (out)
		   (with-temp-buffer
		     (dolist (r '((2 3 3 4) (2 4 4 7) (2 4 6 8) (2 4 6 9) (1 3 11 13) (3 3 7 9)))
		       (erase-buffer) (insert "abcdefghijkl")
		       (put-text-property 2 5 'a 1) (put-text-property 12 13 'z 1)
		       (apply #'transpose-regions r)
		       (push (list (buffer-string) (tpd--intervals)) out)))
		   (nreverse out))
                 '((#("acbdefghijkl" 1 2 (a 1) 2 3 (a 1) 3 4 (a 1) 11 12 (z 1)) ((0 1 nil) (1 2 (a 1)) (2 3 (a 1)) (3 4 (a 1)) (4 11 nil) (11 12 (z 1)))) (#("adefbcghijkl" 1 2 (a 1) 4 6 (a 1) 11 12 (z 1)) ((0 1 nil) (1 2 (a 1)) (2 4 nil) (4 6 (a 1)) (6 11 nil) (11 12 (z 1)))) (#("afgdebchijkl" 3 4 (a 1) 5 7 (a 1) 11 12 (z 1)) ((0 1 nil) (1 3 nil) (3 4 (a 1)) (4 5 nil) (5 7 (a 1)) (7 11 nil) (11 12 (z 1)))) (#("afghdebcijkl" 4 5 (a 1) 6 8 (a 1) 11 12 (z 1)) ((0 1 nil) (1 4 nil) (4 5 (a 1)) (5 6 nil) (6 8 (a 1)) (8 11 nil) (11 12 (z 1)))) (#("klcdefghijab" 1 2 (z 1) 2 4 (a 1) 11 12 (a 1)) ((0 1 nil) (1 2 (z 1)) (2 4 (a 1)) (4 10 nil) (10 11 nil) (11 12 (a 1)))) (#("abghcdefijkl" 1 2 (a 1) 4 6 (a 1) 11 12 (z 1)) ((0 1 nil) (1 2 (a 1)) (2 4 nil) (4 6 (a 1)) (6 8 nil) (8 11 nil) (11 12 (z 1))))))))

(ert-deftest tpd-transpose-plists ()
  "Moved text keeps its plists in their order."
  (should (equal (with-temp-buffer (insert "abcdefghijkl") (put-text-property 1 13 'a 1) (put-text-property 4 6 'b 1)
				   (transpose-regions 3 5 7 7) (tpd--intervals))
                 '((0 2 (a 1)) (2 3 (b 1 a 1)) (3 4 (a 1)) (4 5 (a 1)) (5 6 (b 1 a 1)) (6 12 (a 1))))))

(ert-deftest tpd-inherit-string-intervals ()
  "insert-and-inherit keeps the string's intervals apart."
  (should (equal (with-temp-buffer (insert "abcd") (put-text-property 1 3 'k 1)
				   (goto-char 3)
				   (insert-and-inherit (concat "p" (propertize "q" 'c 1) "r" "s"))
				   (tpd--intervals))
                 '((0 2 (k 1)) (2 3 (k 1)) (3 4 (c 1 k 1)) (4 6 (k 1)) (6 8 nil)))))

(ert-deftest tpd-ibs-other ()
  "insert-buffer-substring copies every interval, those without properties too."
  (should (equal (let ((a (generate-new-buffer " tpd")))
		   (with-current-buffer a (insert "abcdefgh") (put-text-property 8 9 'z 1)
					(goto-char 3) (insert "XY") (goto-char 6) (insert "ZW"))
		   (prog1 (list (with-temp-buffer (insert-buffer-substring a 1 5) (tpd--intervals))
				(with-temp-buffer (insert "pq") (put-text-property 1 3 'k 1) (goto-char 2)
						  (insert-buffer-substring a 2 6) (tpd--intervals))
				(with-temp-buffer (insert "pq") (goto-char 2) (insert-buffer-substring a 10 13) (tpd--intervals)))
		     (kill-buffer a)))
                 '(((0 2 nil) (2 4 nil)) ((0 1 (k 1)) (1 2 nil) (2 4 nil) (4 5 nil) (5 6 (k 1))) ((0 1 nil) (1 3 nil) (3 4 (z 1)) (4 5 nil))))))

(ert-deftest tpd-ibs-self ()
  "Inserting a buffer's text inside itself copies it once the text is in."
  (should (equal (with-temp-buffer (insert "xyz" (propertize "xy" 'b 1) (propertize "z" 'b 1 'd 1) "k")
				   (put-text-property 7 8 'c 1)
				   (goto-char 6) (insert-buffer-substring (current-buffer) 3 7) (list (buffer-string) (tpd--intervals)))
                 '(#("xyzxyzxyzzk" 3 5 (b 1) 6 9 (b 1) 9 10 (d 1 b 1) 10 11 (c 1)) ((0 3 nil) (3 5 (b 1)) (5 6 nil) (6 9 (b 1)) (9 10 (b 1 d 1)) (10 11 (c 1)))))))

(ert-deftest tpd-replace-match ()
  "replace-match: the text grows or shrinks at the match, then takes the new text's properties."
  (should (equal (let (out)
		   (dolist (rep (list "" "QQQ" (propertize "QQ" 'r 1) (concat "Q" (propertize "QQ" 'r 1) "QQQQ")))
		     (dolist (re '("cde" "a" "[a-l]+" "cdefg"))
		       (with-temp-buffer
			 (insert "abcdefghijkl")
			 (put-text-property 2 5 'a 1) (put-text-property 6 8 'b 1) (put-text-property 7 10 'c 1)
			 (goto-char 1) (re-search-forward re) (replace-match rep t)
			 (push (tpd--intervals) out))))
		   (nreverse out))
                 '(((0 1 nil) (1 2 (a 1)) (2 3 (b 1)) (3 4 (c 1 b 1)) (4 6 (c 1)) (6 9 nil)) ((0 3 (a 1)) (3 4 nil) (4 5 (b 1)) (5 6 (c 1 b 1)) (6 8 (c 1)) (8 11 nil)) nil ((0 1 nil) (1 2 (a 1)) (2 4 (c 1)) (4 7 nil)) ((0 1 nil) (1 2 (a 1)) (2 5 nil) (5 6 (b 1)) (6 7 (c 1 b 1)) (7 9 (c 1)) (9 12 nil)) ((0 3 nil) (3 6 (a 1)) (6 7 nil) (7 8 (b 1)) (8 9 (c 1 b 1)) (9 11 (c 1)) (11 14 nil)) ((0 3 nil)) ((0 1 nil) (1 2 (a 1)) (2 5 nil) (5 7 (c 1)) (7 10 nil)) ((0 1 nil) (1 2 (a 1)) (2 3 (r 1)) (3 4 (r 1)) (4 5 (b 1)) (5 6 (c 1 b 1)) (6 8 (c 1)) (8 11 nil)) ((0 2 (r 1)) (2 5 (a 1)) (5 6 nil) (6 7 (b 1)) (7 8 (c 1 b 1)) (8 10 (c 1)) (10 13 nil)) ((0 2 (r 1))) ((0 1 nil) (1 2 (a 1)) (2 3 (r 1)) (3 4 (r 1)) (4 6 (c 1)) (6 9 nil)) ((0 1 nil) (1 2 (a 1)) (2 3 nil) (3 5 (r 1)) (5 8 nil) (8 9 nil) (9 10 (b 1)) (10 11 (c 1 b 1)) (11 13 (c 1)) (13 16 nil)) ((0 1 nil) (1 3 (r 1)) (3 7 nil) (7 10 (a 1)) (10 11 nil) (11 12 (b 1)) (12 13 (c 1 b 1)) (13 15 (c 1)) (15 18 nil)) ((0 1 nil) (1 3 (r 1)) (3 7 nil)) ((0 1 nil) (1 2 (a 1)) (2 3 nil) (3 5 (r 1)) (5 6 nil) (6 7 nil) (7 8 nil) (8 9 nil) (9 11 (c 1)) (11 14 nil))))))

(ert-deftest tpd-replace-match-cased ()
  "A cased replacement keeps its plists in their order."
  (should (equal (let ((s (concat "ab" (propertize "cd" 'a 1 'b 2) "e")))
		   (with-temp-buffer (insert "XYZ abc") (goto-char 1) (re-search-forward "XYZ") (replace-match s) (list (buffer-string) (tpd--intervals))))
                 '(#("ABCDE abc" 2 4 (a 1 b 2)) ((0 2 nil) (2 4 (b 2 a 1)) (4 5 nil) (5 9 nil))))))

;;; textprop-diff-tests.el ends here
