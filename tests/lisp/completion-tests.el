;;; completion-tests.el --- completion primitives, tables, batch reading  -*- lexical-binding: t -*-

;; Each expectation is what Emacs 28 gives.

(require 'ert)

(defconst completion-tests--words '("carrot" "cardigan" "Carpet" "cart" "dune"))

(defun completion-tests--as (kind words)
  "WORDS as a collection of KIND."
  (pcase kind
    ('strings words)
    ('symbols (mapcar #'intern words))
    ('string-alist (mapcar (lambda (w) (cons w (length w))) words))
    ('symbol-alist (mapcar (lambda (w) (list (intern w) 'x)) words))
    ('obarray (let ((ob (obarray-make 5))) (dolist (w words) (intern w ob)) ob))
    ('string-hash (let ((h (make-hash-table :test 'equal)))
                    (dolist (w words) (puthash w (length w) h))
                    h))
    ('symbol-hash (let ((h (make-hash-table :test 'eq)))
                    (dolist (w words) (puthash (intern w) (length w) h))
                    h))))

(defconst completion-tests--kinds
  '(strings symbols string-alist symbol-alist obarray string-hash symbol-hash))

(ert-deftest completion-try-over-every-kind ()
  (dolist (kind completion-tests--kinds)
    (let ((c (completion-tests--as kind completion-tests--words)))
      (should (equal (try-completion "ca" c) "car"))
      (should (equal (try-completion "card" c) "cardigan"))
      (should (eq (try-completion "dune" c) t))
      (should (equal (try-completion "" c) ""))
      (should-not (try-completion "x" c))
      (should-not (try-completion "dunes" c)))))

(ert-deftest completion-all-over-every-kind ()
  (dolist (kind completion-tests--kinds)
    (let ((c (completion-tests--as kind completion-tests--words)))
      (should (equal (sort (all-completions "car" c) #'string<)
                     '("cardigan" "carrot" "cart")))
      (should (equal (all-completions "du" c) '("dune")))
      (should-not (all-completions "Cart" c)))))

(ert-deftest completion-all-keeps-the-order ()
  (should (equal (all-completions "c" '("cz" "ca" "b" "cb")) '("cz" "ca" "cb")))
  (let ((h (make-hash-table :test 'equal)))
    (dolist (k '("k3" "k1" "x" "k2")) (puthash k t h))
    (should (equal (all-completions "k" h) '("k3" "k1" "k2")))))

(ert-deftest completion-test-over-every-kind ()
  (dolist (kind completion-tests--kinds)
    (let ((c (completion-tests--as kind completion-tests--words)))
      (should (eq (test-completion "cart" c) t))
      (should-not (test-completion "car" c))
      (should-not (test-completion "carpet" c))
      (let ((completion-ignore-case t))
        (should (test-completion "CARPET" c))))))

(ert-deftest completion-predicates-get-elements ()
  (let (seen)
    (all-completions "a" '("ab" ("ac" . 1) b) (lambda (e) (push e seen)))
    (should (equal seen '(("ac" . 1) "ab"))))
  (let ((h (make-hash-table :test 'equal)) seen)
    (puthash "ab" 1 h)
    (puthash 'ac 2 h)
    (should (equal (all-completions "a" h (lambda (k v) (push (cons k v) seen) (eq v 2)))
                   '("ac")))
    (should (equal seen '((ac . 2) ("ab" . 1)))))
  (let ((ob (obarray-make 3)))
    (intern "alpha" ob)
    (should (equal (all-completions "al" ob (lambda (s) (and (symbolp s) (eq (intern-soft "alpha" ob) s))))
                   '("alpha"))))
  ;; test-completion gives back what the predicate returns.
  (should (equal (test-completion "ab" '(("ab" . 9)) (lambda (e) (list 'got e)))
                 '(got ("ab" . 9)))))

(ert-deftest completion-stops-early-when-settled ()
  ;; Case sensitive, once two names leave nothing to add, the rest are
  ;; not looked at.
  (let (asked)
    (should (equal (try-completion "b" '("bx" "by" "bz" "bw") (lambda (e) (push e asked)))
                   "b"))
    (should (equal asked '("by" "bx")))))

(ert-deftest completion-elements-that-are-no-names ()
  (should (equal (all-completions "" '(7 "a" (b) nil ("c" . 1) (8))) '("a" "b" "nil" "c")))
  (should (eq (try-completion "q" '("q" . "qq")) t))
  (should (equal (all-completions "" '(" hidden" "shown") nil t) '("shown")))
  (should (equal (all-completions "" '(" hidden" "shown")) '(" hidden" "shown"))))

(ert-deftest completion-ignoring-case ()
  (let ((completion-ignore-case t))
    (should (equal (all-completions "CAR" completion-tests--words)
                   '("carrot" "cardigan" "Carpet" "cart")))
    ;; Nothing to add: the input keeps its own case.
    (should (equal (try-completion "CA" '("CAbx" "cAby")) "CAb"))
    (should (equal (try-completion "ca" '("CAx" "cAy")) "ca"))
    (should (equal (try-completion "CAR" '("carpet")) "carpet"))
    ;; A whole match wins, in its own case.
    (should (equal (try-completion "foo" '("FOObar" "Foo")) "Foo"))
    (should (equal (try-completion "foo" '("Foo" "FOObar")) "Foo"))
    ;; Names equal but for case count twice: no t.
    (should (equal (try-completion "zed" '("zed" "ZED")) "zed"))
    (should (eq (try-completion "zed" '("zed" "zed")) t))))

(ert-deftest completion-regexps ()
  (let ((completion-regexp-list '("t$")))
    (should (equal (all-completions "car" completion-tests--words) '("carrot" "cart")))
    (should (equal (try-completion "car" completion-tests--words) "car"))
    (should (test-completion "cart" completion-tests--words))
    (should-not (test-completion "dune" completion-tests--words)))
  (let ((completion-regexp-list '("R")))
    (should-not (all-completions "car" '("carrot")))
    (let ((completion-ignore-case t))
      (should (equal (all-completions "car" '("carrot")) '("carrot")))))
  ;; The match data is left by the last name that matched.
  (let ((completion-regexp-list '("o+")))
    (all-completions "" '("foo" "bar"))
    (should (equal (match-data) '(1 3)))))

(ert-deftest completion-functions-complete-themselves ()
  (let ((table (lambda (string pred action) (list string pred action))))
    (should (equal (try-completion "s" table 'p) '("s" p nil)))
    (should (equal (all-completions "s" table 'p) '("s" p t)))
    (should (equal (test-completion "s" table 'p) '("s" p lambda)))))

(ert-deftest completion-bad-arguments ()
  (should (equal (should-error (try-completion 'abc '("abc")))
                 '(wrong-type-argument stringp abc)))
  (should (equal (should-error (all-completions 3 (lambda (&rest _) nil)))
                 '(wrong-type-argument stringp 3)))
  (should (equal (should-error (test-completion "a" []))
                 '(wrong-type-argument vectorp [])))
  (should (equal (should-error (try-completion "a" [5 6]))
                 '(error "Bad data in guts of obarray")))
  (should (equal (should-error (try-completion "a" "abc"))
                 '(invalid-function "abc"))))

(ert-deftest completion-with-action-and-boundaries ()
  (should (equal (complete-with-action nil '("abc" "abd") "a" nil) "ab"))
  (should (equal (complete-with-action t '("abc" "abd") "abc" nil) '("abc")))
  (should (eq (complete-with-action 'lambda '("abc" "abd") "abd" nil) t))
  (should-not (complete-with-action '(boundaries . "x") '("abc") "a" nil))
  (should-not (complete-with-action 'metadata '("abc") "a" nil))
  (should (equal (completion-boundaries "ab" '("abc") nil "xyz") '(0 . 3)))
  (let ((table (lambda (_s _p action)
                 (if (eq (car-safe action) 'boundaries) '(boundaries 2 . 1)))))
    (should (equal (completion-boundaries "ab/c" table nil "d/e") '(2 . 1))))
  (should (equal (completion-metadata "" (lambda (_s _p a) (and (eq a 'metadata) '(metadata (category . thing)))) nil)
                 '(metadata (category . thing))))
  (should (eq (completion-metadata-get '((category . thing)) 'category) 'thing)))

(ert-deftest completion-dynamic-and-cached-tables ()
  (let* ((calls 0)
         (table (completion-table-dynamic
                 (lambda (s) (setq calls (1+ calls)) (list (concat s "1") (concat s "2"))))))
    (should (equal (all-completions "q" table) '("q1" "q2")))
    (should (equal (try-completion "q" table) "q"))
    (should-not (funcall table "q" nil '(boundaries . "")))
    (should-not (funcall table "q" nil 'metadata))
    (should (= calls 2)))
  (let* ((calls 0)
         (table (completion-table-with-cache
                 (lambda (s) (setq calls (1+ calls)) (list (concat s "-a") (concat s "-b"))))))
    (should (equal (all-completions "k" table) '("k-a" "k-b")))
    ;; "k-" extends "k": the cached list serves.
    (should (equal (all-completions "k-" table) '("k-a" "k-b")))
    (should (= calls 1))
    (should (equal (all-completions "j" table) '("j-a" "j-b")))
    (should (= calls 2)))
  (defvar completion-tests--lazy)
  (let ((made 0))
    (setq completion-tests--lazy
          (lazy-completion-table completion-tests--lazy
                                 (lambda () (setq made (1+ made)) '("lazy" "later"))))
    (should (functionp completion-tests--lazy))
    (should (equal (try-completion "la" completion-tests--lazy) "la"))
    (should (equal completion-tests--lazy '("lazy" "later")))
    (should (= made 1))))

(ert-deftest completion-combined-tables ()
  (let ((folded (completion-table-case-fold '("Apple" "apricot"))))
    (should (equal (all-completions "AP" folded) '("Apple" "apricot")))
    (should-not (all-completions "AP" (completion-table-case-fold '("Apple") t))))
  (let ((turn (completion-table-in-turn '("one") '("two" "three"))))
    (should (equal (all-completions "t" turn) '("two" "three")))
    (should (equal (all-completions "o" turn) '("one")))
    (should (eq (test-completion "three" turn) t)))
  (let ((merged (completion-table-merge '("tea" "team") '("teak"))))
    (should (equal (all-completions "te" merged) '("tea" "team" "teak")))
    (should (equal (try-completion "te" merged) "tea"))
    (should (equal (try-completion "tea" merged) "tea")))
  ;; A table that fails is passed over while another answers (unless
  ;; the debugger would be entered for it, as under ERT).
  (let ((debug-on-error nil)
        (turn (completion-table-in-turn (lambda (&rest _) (error "Broken")) '("ok"))))
    (should (equal (all-completions "" turn) '("ok")))
    (should (equal (condition-case err
                       (all-completions "" (completion-table-in-turn
                                            (lambda (&rest _) (error "Broken")) nil))
                     (error err))
                   '(error "Broken")))))

(ert-deftest completion-tables-with-context-terminator-predicate ()
  (let ((table (apply-partially #'completion-table-with-context "pre-" '("alpha" "alps"))))
    (should (equal (try-completion "al" table) "pre-alp"))
    (should (equal (all-completions "al" table) '("alpha" "alps")))
    (should (equal (funcall table "al" nil '(boundaries . "x")) '(boundaries 4 . 1))))
  (let ((table (apply-partially #'completion-table-with-terminator "/" '("usr" "var" "val"))))
    (should (equal (try-completion "u" table) "usr/"))
    (should (equal (try-completion "usr" table) "usr/"))
    (should (equal (try-completion "va" table) "va"))
    (should-not (test-completion "usr" table))
    (should (equal (funcall table "v" nil '(boundaries . "ar/bin")) '(boundaries 0 . 2))))
  (let* ((no-b (lambda (s) (not (string-match-p "b" s))))
         (loose (apply-partially #'completion-table-with-predicate '("abc" "acd" "bcd") no-b nil))
         (strict (apply-partially #'completion-table-with-predicate '("abc" "acd" "bcd") no-b t)))
    (should (equal (all-completions "a" strict) '("acd")))
    (should (equal (all-completions "a" loose) '("acd")))
    ;; Loose: when the predicate leaves nothing, it is dropped.
    (should (equal (all-completions "b" loose) '("bcd")))
    (should-not (all-completions "b" strict))
    (should (eq (test-completion "abc" loose) t))))

(ert-deftest completion-subverted-table ()
  (let ((table (completion-table-subvert '("old-one" "old-two") "new" "old")))
    (should (equal (try-completion "new-o" table) "new-one"))
    (should (equal (try-completion "new-" table) "new-"))
        ;; The field starts at 0: the replaced prefix is cut off.
    (should (equal (all-completions "new-t" table) '("-two")))
    (should-not (try-completion "x" table))
    (should (equal (funcall table "x" nil '(boundaries . "")) '(boundaries 1)))
    (should (equal (funcall table "new-" nil '(boundaries . "")) '(boundaries 3)))))

;;; Reading in batch: lines of standard input.

(defun completion-tests--run (input form)
  "What a batch run of this program evaluating FORM prints on standard
output, with INPUT as its standard input."
  (let ((infile (make-temp-file "completion-tests")))
    (unwind-protect
        (with-temp-buffer
          (with-temp-file infile (insert input))
          (call-process (expand-file-name invocation-name invocation-directory)
                        infile (list t nil) nil "-batch" "-Q"
                        "--eval" (prin1-to-string
                                  `(prin1 (condition-case err ,form (error (list 'error err))))))
          (buffer-string))
      (delete-file infile))))

(ert-deftest completion-completing-read-in-batch ()
  (should (equal (completion-tests--run "car\n" '(completing-read "Veg: " '("carrot" "cabbage")))
                 "Veg: \"car\""))
  ;; An empty line gives the default, the first of a list.
  (should (equal (completion-tests--run "\n" '(completing-read "Veg: " '("carrot") nil t nil nil '("leek" "kale")))
                 "Veg: \"leek\""))
  (should (equal (completion-tests--run "\n" '(completing-read "Veg: " '("carrot")))
                 "Veg: \"\""))
  (should (equal (completion-tests--run "" '(completing-read "Veg: " '("carrot")))
                 "Veg: (error (end-of-file \"Error reading from stdin\"))")))

(ert-deftest completion-minibuffer-readers-in-batch ()
  (should (equal (completion-tests--run "\n" '(read-from-minibuffer "R: " nil nil nil nil "dflt"))
                 "R: \"\""))
  (should (equal (completion-tests--run "\n" '(read-from-minibuffer "R: " nil nil t nil "(dflt)"))
                 "R: (dflt)"))
  (should (equal (completion-tests--run "(+ 2 3)\n" '(list (read-minibuffer "M: ")))
                 "M: ((+ 2 3))"))
  (should (equal (completion-tests--run "(+ 2 3)\n" '(eval-minibuffer "E: "))
                 "E: 5"))
  (should (equal (completion-tests--run "a b\n" '(read-no-blanks-input "N: "))
                 "N: \"a b\"")))

(ert-deftest completion-questions-in-batch ()
  (should (equal (completion-tests--run "maybe\nY\n" '(y-or-n-p "Go?"))
                 "Go? (y or n) Please answer y or n.  Go? (y or n) t"))
  (should (equal (completion-tests--run "n\n" '(y-or-n-p "Go "))
                 "Go (y or n) nil"))
  (should (equal (completion-tests--run "NO\n" '(yes-or-no-p "Sure? "))
                 "Sure? (yes or no) nil"))
  (should (equal (completion-tests--run "y\n" '(let ((use-short-answers t)) (yes-or-no-p "Sure? ")))
                 "Sure? (y or n) t"))
  (should (equal (completion-tests--run "" '(ding)) "\anil")))

(ert-deftest completion-inhibited-interaction ()
  (let ((inhibit-interaction t))
    (should (equal (should-error (read-string "S: ")) '(inhibited-interaction)))
    (should-error (completing-read "C: " '("a")) :type 'inhibited-interaction)
    (should-error (y-or-n-p "Q") :type 'inhibited-interaction)
    (should-error (read-from-minibuffer "R: ") :type 'error))
  (should (equal (get 'inhibited-interaction 'error-message) "User interaction while inhibited")))

;;; completion-tests.el ends here
