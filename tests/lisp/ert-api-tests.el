;;; ert-api-tests.el --- ERT's tests, results and selectors as objects  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)

(ert-deftest ert-api-tests--tagged ()
  "A test that exists to be looked at."
  :tags '(sample slow)
  :expected-result :failed
  (should (= 1 2)))

(ert-deftest ert-api-defined-tests-are-objects ()
  (let ((test (ert-get-test 'ert-api-tests--tagged)))
    (should (ert-test-p test))
    (should (eq (ert-test-name test) 'ert-api-tests--tagged))
    (should (equal (ert-test-documentation test) "A test that exists to be looked at."))
    (should (equal (ert-test-tags test) '(sample slow)))
    (should (eq (ert-test-expected-result-type test) :failed))
    (should (functionp (ert-test-body test))))
  (should (ert-test-boundp 'ert-api-tests--tagged))
  (should-not (ert-test-boundp 'ert-api-tests--never-defined))
  (should-error (ert-get-test 'ert-api-tests--never-defined))
  (ert-set-test 'ert-api-tests--temporary (make-ert-test :body #'ignore))
  (should (ert-test-boundp 'ert-api-tests--temporary))
  (ert-make-test-unbound 'ert-api-tests--temporary)
  (should-not (ert-test-boundp 'ert-api-tests--temporary)))

(ert-deftest ert-api-run-test-results ()
  (let* ((passing (make-ert-test :body (lambda () (should (< 1 2)) (should-not nil))))
         (result (ert-run-test passing)))
    (should (ert-test-passed-p result))
    (should (eq (ert-test-most-recent-result passing) result))
    (should (numberp (ert-test-result-duration result)))
    ;; Each assertion run is logged, with its evaluated arguments.
    (should (equal (ert-test-result-should-forms result)
                   '(((should (< 1 2)) :form (< 1 2) :value t)
                     ((should-not nil) :form nil :value nil)))))
  (let ((result (ert-run-test (make-ert-test :body (lambda () (should (equal (+ 1 1) 3)))))))
    (should (ert-test-failed-p result))
    (should (eq (car (ert-test-result-with-condition-condition result)) 'ert-test-failed))
    (should (equal (plist-get (cdr (nth 1 (ert-test-result-with-condition-condition result)))
                              :form)
                   '(equal 2 3))))
  (let ((result (ert-run-test (make-ert-test :body (lambda () (car 'x))))))
    (should (ert-test-failed-p result))
    (should (ert-test-failed-p (let ((ert-debug-on-error nil))
                                 (ert-run-test (make-ert-test :body (lambda () (ert-fail "x")))))))
    (should (equal (ert-test-result-with-condition-condition result)
                   '(wrong-type-argument listp x))))
  (should (ert-test-skipped-p (ert-run-test (make-ert-test :body (lambda () (skip-unless nil))))))
  (should (ert-test-skipped-p
           (ert-run-test (make-ert-test :body (lambda () (skip-unless (car 'x))))))))

(ert-deftest ert-api-expected-results ()
  ;; (Tests are run outside `should', which would see their errors.)
  (let* ((test (make-ert-test :body (lambda () (error "Boom")) :expected-result-type :failed))
         (result (ert-run-test test)))
    (should (ert-test-result-expected-p test result)))
  (let* ((test (make-ert-test :body #'ignore :expected-result-type '(or :failed :passed)))
         (result (ert-run-test test)))
    (should (ert-test-result-expected-p test result)))
  (let* ((test (make-ert-test :body #'ignore :expected-result-type '(not :passed)))
         (result (ert-run-test test)))
    (should-not (ert-test-result-expected-p test result)))
  (let ((result (ert-run-test (make-ert-test :body #'ignore))))
    (should (ert-test-result-type-p result :passed))
    (should (ert-test-result-type-p result t))
    (should-not (ert-test-result-type-p result nil))
    (should (ert-test-result-type-p result '(satisfies ert-test-passed-p)))
    (should (ert-test-result-type-p result '(and :passed (not :failed))))))

(ert-deftest ert-api-select-tests ()
  (let* ((a (make-ert-test :name 'ert-api-tests--a :body #'ignore :tags '(quick)))
         (b (make-ert-test :name 'ert-api-tests--b :body (lambda () (error "No"))))
         (both (list a b)))
    (ert-run-test a)
    (ert-run-test b)
    (should (equal (ert-select-tests t both) both))
    (should (equal (ert-select-tests nil both) nil))
    (should (equal (ert-select-tests "--b\\'" both) (list b)))
    (should (equal (ert-select-tests '(tag quick) both) (list a)))
    (should (equal (ert-select-tests :failed both) (list b)))
    (should (equal (ert-select-tests '(not :failed) both) (list a)))
    (should (equal (ert-select-tests '(or (tag quick) :failed) both) (list b a)))
    (should (equal (ert-select-tests `(member ,b) both) (list b)))
    (should (equal (ert-select-tests '(satisfies ert-test-tags) both) (list a)))
    ;; Over all tests, a test object or list of them is taken as given.
    (should (equal (ert-select-tests `(and (member ,a ,b) :passed) t) (list a))))
  (should (equal (ert-select-tests "\\`ert-api-tests--tagged\\'" t)
                 (list (ert-get-test 'ert-api-tests--tagged))))
  (should (equal (ert-select-tests 'ert-api-tests--tagged t)
                 (list (ert-get-test 'ert-api-tests--tagged)))))

(ert-deftest ert-api-should-error-details ()
  (should (equal (should-error (signal 'overflow-error '(1))
                               :type 'arith-error)
                 '(overflow-error 1)))
  (should (equal (should-error (signal 'overflow-error '(2))
                               :type 'overflow-error :exclude-subtypes t)
                 '(overflow-error 2)))
  (cl-flet ((reason (body)
              (let ((condition (ert-test-result-with-condition-condition
                                (ert-run-test (make-ert-test :body body)))))
                (list (plist-get (cdr (nth 1 condition)) :fail-reason)
                      (plist-get (cdr (nth 1 condition)) :form)))))
    (should (equal (reason (lambda () (should-error (signal 'overflow-error nil)
                                                    :type 'arith-error :exclude-subtypes t)))
                   '("the error signaled was a subtype of the expected type"
                     (signal overflow-error nil))))
    (should (equal (reason (lambda () (should-error (car 'y) :type 'arith-error)))
                   '("the error signaled did not have the expected type" (car y))))
    (should (equal (reason (lambda () (should-error (+ 1 2))))
                   '("did not signal an error" (+ 1 2))))))

(ert-deftest ert-api-helpers ()
  (should (equal (ert--abbreviate-string "abcdef" 3 nil) "abc"))
  (should (equal (ert--abbreviate-string "abcdef" 2 t) "ef"))
  (should (equal (ert--abbreviate-string "ab" 5 t) "ab"))
  (should (equal (ert--string-first-line "one\ntwo") "one"))
  (should (equal (ert--string-first-line "single") "single"))
  (should (equal (ert--significant-plist-keys '(:x 1 :y nil :x 2 :z t)) '(:x :z)))
  (should (ert--special-operator-p 'let))
  (should-not (ert--special-operator-p 'list))
  (should (equal (ert--parse-keys-and-body '(:k 1 (body))) '((:k 1) ((body)))))
  (should-error (ert--parse-keys-and-body '(:k))))

(ert-deftest ert-api-explanations ()
  (should (null (ert--explain-equal '(1 [2 "x"]) (list 1 (vector 2 "x")))))
  (should (equal (ert--explain-equal '(p q r) '(p q s))
                 '(list-elt 2 (different-atoms r s))))
  (should (equal (ert--explain-equal '(p (q 7)) '(p (q 8)))
                 '(list-elt 1 (list-elt 1 (different-atoms (7 "#x7" "?\7") (8 "#x8" "?\10"))))))
  (should (equal (ert--explain-equal 300000000 -2)
                 '(different-atoms (300000000 "#x11e1a300") (-2 "#x-2"))))
  (should (equal (ert--explain-equal 1.5 1.25) '(different-atoms 1.5 1.25)))
  (should (equal (ert--explain-equal 2 2.0) '(different-types 2 2.0)))
  (should (equal (ert--explain-equal '(x . y) '(x . z)) '(cdr (different-atoms y z))))
  (should (equal (ert--explain-equal '(x y) '(x . y)) '(one-list-proper-one-improper (x y) (x . y))))
  (should (equal (ert--explain-equal '(1 2) '(1 2 3))
                 '(proper-lists-of-different-length 2 3 (1 2) (1 2 3) first-mismatch-at 2)))
  (should (equal (ert--explain-equal "kite" "kit")
                 '(arrays-of-different-length 4 3 "kite" "kit" first-mismatch-at 3)))
  (should (equal (ert--explain-equal [a b] [a c]) '(array-elt 1 (different-atoms b c))))
  (should (equal (ert--explain-string-equal 'ab "ab") nil))
  ;; A failing (should (equal ...)) carries the explanation.
  (let* ((test (make-ert-test :body (lambda () (should (equal (list 'n 1) '(n 2))))))
         (condition (ert-test-result-with-condition-condition (ert-run-test test))))
    (should (equal condition
                   '(ert-test-failed ((should (equal (list 'n 1) '(n 2)))
                                      :form (equal (n 1) (n 2)) :value nil
                                      :explanation (list-elt 1 (different-atoms
                                                                (1 "#x1" "?\1")
                                                                (2 "#x2" "?\2")))))))))

(ert-deftest ert-api-running-test ()
  (let* ((outer (ert-get-test 'ert-api-running-test))
         (seen nil)
         (inner (make-ert-test :body (lambda ()
                                       (push (ert-running-test) seen)
                                       (push (length ert--running-tests) seen)))))
    (should (eq (ert-running-test) outer))
    (should (ert-test-passed-p (ert-run-test inner)))
    (should (equal seen (list 2 outer)))))

(defmacro ert-api-tests--both (a b) `(and ,a ,b))

(ert-deftest ert-api-failures-show-macro-calls-expanded ()
  (let ((result (ert-run-test (make-ert-test :body (lambda () (should (ert-api-tests--both t nil)))))))
    (should (equal (ert-test-result-with-condition-condition result)
                   '(ert-test-failed ((should (ert-api-tests--both t nil))
                                      :form (and t nil) :value nil)))))
  (let ((result (ert-run-test
                 (make-ert-test :body (lambda ()
                                        (cl-macrolet ((twice (x) `(list ,x ,x)))
                                          (should-not (twice 3))))))))
    (should (equal (ert-test-result-with-condition-condition result)
                   '(ert-test-failed ((should-not (twice 3)) :form (list 3 3) :value (3 3)))))))

(ert-deftest backtrace-of-a-failed-ert-test ()
  ;; ERT keeps a failed test's frames as structures, innermost first:
  ;; the failure's `signal' heads them.
  (let* ((test (make-ert-test :body (lambda () (ert-fail "no good"))))
         (result (ert-run-test test))
         (frames (ert-test-failed-backtrace result)))
    (should (ert-test-failed-p result))
    (should (cl-every #'backtrace-frame-p frames))
    (should (eq (backtrace-frame-fun (car frames)) 'signal))
    (should (equal (backtrace-frame-args (car frames))
                   '(ert-test-failed ("no good"))))))

(defun ert-api-tests--results-text ()
  "This results buffer's text, its times left out."
  (replace-regexp-in-string "\\(Started\\|Finished\\) at:  .*" "\\1 at:" (buffer-string) t))

(ert-deftest ert-api-run-tests-interactively ()
  (let* ((good (make-ert-test :name 'ert-api--good :body #'ignore))
         (bad (make-ert-test :name 'ert-api--bad
                             :documentation "Fails.\nAlways."
                             :body (lambda () (ert-info ("two\nlines" :prefix "Where: ")
                                                (should (= 1 2))))))
         (anonymous (make-ert-test :body (lambda () (error "Boom"))))
         (ert-debug-on-error nil)
         (said nil)
         (name (generate-new-buffer-name " *ert-api-results*")))
    (save-window-excursion
      (unwind-protect
          (progn
            (ert-run-tests-interactively `(member ,good ,bad ,anonymous) name
                                         (lambda (format &rest args)
                                           (push (apply #'format format args) said)))
            (should (equal said '("Ran 3 tests, 1 results were as expected, 2 unexpected")))
            (with-current-buffer name
              (should (eq major-mode 'ert-results-mode))
              (should buffer-read-only)
              (should (equal (ert-api-tests--results-text)
                             (concat "Selector: (member <ert-api--good> <ert-api--bad> <unnamed\\ test>)\n"
                                     "Passed:  1\n"
                                     "Failed:  2 (2 unexpected)\n"
                                     "Skipped: 0\n"
                                     "Total:   3/3\n\n"
                                     "Started at:\n"
                                     "Finished.\n"
                                     "Finished at:\n\n"
                                     ".FF\n\n"
                                     "F ert-api--bad\n"
                                     "    Fails.\n"
                                     "    Where: two\n"
                                     "           lines\n"
                                     "    (ert-test-failed\n"
                                     "     ((should\n"
                                     "       (= 1 2))\n"
                                     "      :form\n"
                                     "      (= 1 2)\n"
                                     "      :value nil))\n\n"
                                     "F nil\n"
                                     "    (error \"Boom\")\n\n\n")))
              (goto-char (point-min))
              (search-forward ".FF")
              (let ((properties (text-properties-at (match-beginning 0))))
                (should (= (length properties) 6))
                (should (equal (plist-get properties 'button) '(t)))
                (should (eq (plist-get properties 'category)
                            (get 'ert--results-progress-bar-button 'button-category-symbol)))
                (should (equal (symbol-name (plist-get properties 'category))
                               "ert--results-progress-bar-button-button"))
                (should (eq (plist-get properties 'face) 'button)))
              (search-forward "F ert-api--bad")
              (should (eq (get-text-property (1- (point)) 'ert-test-name) 'ert-api--bad))
              (should (equal (symbol-name (get-text-property (match-beginning 0) 'category))
                             "ert--results-expand-collapse-button-button"))))
        (when (get-buffer name)
          (kill-buffer name))))))

(ert-deftest ert-api-rewritten-helpers ()
  (should (equal (ert--explain-equal-including-properties
                  (concat "abc" (propertize "d" 'face 'bold) "e") "abcde")
                 '(char 3 "d" (different-properties-for-key face (different-atoms bold nil))
                        context-before "abc" context-after "e")))
  (should (equal (ert--explain-equal-including-properties
                  (propertize "abcdefghijklmnop" 'a 'x)
                  (concat (propertize "abcdefghijklmno" 'a 'x) (propertize "p" 'a 'y)))
                 '(char 15 "p" (different-properties-for-key a (different-atoms x y))
                        context-before "fghijklmno" context-after "")))
  (should-not (ert--explain-equal-including-properties
               (propertize "ab" 'x 1) (propertize "ab" 'x 1)))
  (should (equal (ert-reason-for-test-result
                  (make-ert-test-failed :condition (list 'ert-test-failed
                                                         (list "a\nb" (make-list 20 1)))
                                        :backtrace nil :infos nil))
                 "  (\"a\\nb\" (1 1 1 1 1 1 1 1 1 1 ...))"))
  (should (equal (ert-reason-for-test-result (make-ert-test-passed)) ""))
  (let ((debug-on-error nil))
    (should (equal (condition-case err (make-ert-test-failed) (error err))
                   '(cl-assertion-failed nil)))))

(ert-deftest ert-api-results-count ()
  (skip-unless (boundp 'marrow-collector))
  (should (equal (ert--results-count 3 0) "3"))
  (should (equal (ert--results-count 3 2) "5 (2 unexpected)")))

;;; ert-api-tests.el ends here

(ert-deftest ert-api-results-hold-the-messages ()
  (let ((result (ert-run-test (make-ert-test :body (lambda ()
                                                     (message "first %s" 1)
                                                     (message "second"))))))
    (should (equal (ert-test-result-messages result) "first 1\nsecond\n")))
  (let ((result (ert-run-test (make-ert-test :body #'ignore))))
    (should (equal (ert-test-result-messages result) ""))))

(ert-deftest ert-api-stats-count-results ()
  (let* ((a (make-ert-test :name 'ert-api--a :body #'ignore))
         (b (make-ert-test :name 'ert-api--b :body #'ignore
                           :expected-result-type :failed))
         (stats (ert--make-stats (list a b) t)))
    (should (= (ert-stats-total stats) 2))
    (should (= (ert-stats-completed stats) 0))
    (ert--stats-set-test-and-result stats 0 a (make-ert-test-passed))
    (ert--stats-set-test-and-result stats 1 b (make-ert-test-passed))
    (should (equal (list (ert-stats-completed stats)
                         (ert-stats-completed-expected stats)
                         (ert-stats-completed-unexpected stats))
                   '(2 1 1)))
    ;; Replacing a result takes the old one out of the counts.
    (ert--stats-set-test-and-result stats 1 b (make-ert-test-failed :condition nil :backtrace nil :infos nil))
    (should (equal (list (ert-stats-completed-expected stats)
                         (ert-stats-completed-unexpected stats))
                   '(2 0)))
    (ert--stats-set-test-and-result stats 0 a (make-ert-test-skipped :condition nil :backtrace nil :infos nil))
    (should (equal (list (ert-stats-completed stats) (ert-stats-skipped stats)) '(2 1)))
    (ert--stats-set-test-and-result stats 0 a nil)
    (should (= (ert-stats-completed stats) 1))
    (should (= (ert--stats-test-pos stats b) 1))))

(ert-deftest ert-api-run-tests-tells-the-listener ()
  (let* ((events nil)
         (stats (ert-run-tests '(member ert-api-tests--tagged)
                               (lambda (event &rest args)
                                 (push (cons event (length args)) events)))))
    (should (equal (nreverse events)
                   '((run-started . 1) (test-started . 2) (test-ended . 3) (run-ended . 2))))
    (should (= (ert-stats-total stats) 1))
    ;; The test expects to fail, and does.
    (should (= (ert-stats-completed-expected stats) 1))
    (should (equal (ert-string-for-test-result (make-ert-test-failed :condition nil :backtrace nil :infos nil) nil) "FAILED"))
    (should (equal (ert-string-for-test-result (make-ert-test-skipped :condition nil :backtrace nil :infos nil) t) "skipped"))))

(ert-deftest ert-api-errors-in-macros-fail-the-assertion ()
  (cl-macrolet ((broken () (error "Cannot expand")))
    (should (equal (should-error (broken)) '(error "Cannot expand"))))
  (let ((result (ert-run-test (make-ert-test
                               :body (lambda ()
                                       (cl-macrolet ((broken () (error "Nope")))
                                         (should (broken))))))))
    (should (equal (ert-test-result-with-condition-condition result) '(error "Nope")))))

(ert-deftest ert-api-demoted-errors-fail-tests ()
  ;; While a test runs, `debug-on-error' is set, and so errors go through
  ;; `condition-case-unless-debug' and `with-demoted-errors'.
  (let ((result (ert-run-test (make-ert-test
                               :body (lambda () (with-demoted-errors "E: %S" (error "x")))))))
    (should (ert-test-failed-p result))
    (should (equal (ert-test-result-with-condition-condition result) '(error "x"))))
  (let ((debug-on-error nil))
    (should-not (with-demoted-errors "Problem: %S" (error "boom")))
    (should (equal (with-demoted-errors (+ 1 2)) 3))
    (should (equal (condition-case-unless-debug e (signal 'wrong-type-argument '(x))
                     (wrong-type-argument (list 'caught e)))
                   '(caught (wrong-type-argument x))))))

(ert-deftest ert-api-explanations-of-properties-and-structs ()
  (should (ert-equal-including-properties (propertize "ab" 'k (list 1)) (propertize "ab" 'k (list 1))))
  (should-not (ert-equal-including-properties (propertize "ab" 'k 1) (propertize "ab" 'k 2)))
  (should (equal (ert--explain-equal-including-properties (propertize "abc" 'k 1)
                                                          (concat "a" (propertize "bc" 'k 1)))
                 '(char 0 "a" (different-properties-for-key k (different-types 1 nil))
                        context-before "" context-after "bc")))
  (should (equal (ert--plist-difference-explanation '(x 1 y nil) '(x 1)) nil))
  (should (equal (ert--plist-difference-explanation '(x 1 z 3) '(z 2 x 1))
                 '(different-properties-for-key z (different-atoms (3 "#x3" "?\C-c")
                                                                   (2 "#x2" "?\C-b")))))
  (should (equal (ert--plist-difference-explanation '(x 1) '(z 2 x 1))
                 '(different-properties-for-key z (different-types nil 2))))
  (should (equal (ert--significant-plist-keys '(a nil b 1 a 2 b 3)) '(b a)))
  (cl-defstruct ert-api--point x y)
  (should (equal (ert--explain-equal (make-ert-api--point :x 1 :y '(2))
                                     (make-ert-api--point :x 1 :y '(3)))
                 '(struct-field y (list-elt 0 (different-atoms (2 "#x2" "?\C-b") (3 "#x3" "?\C-c"))))))
  ;; A unibyte string's raw byte is compared as the character it is in
  ;; a multibyte string.
  (should (equal (ert--explain-equal "z\377" (string ?z 255))
                 `(array-elt 1 (different-atoms
                                (#x3fffff "#x3fffff" ,(string-to-multibyte "?\377"))
                                (255 "#xff" ,(string ?? 255)))))))

(ert-deftest ert-api-debug-on-error-goes-on ()
  ;; With `ert-debug-on-error', a handler around `ert-run-test' sees
  ;; the test's own condition, failure or error.  (Outside `should',
  ;; whose own watching of signals would see them first.)
  (let ((error-seen (condition-case c
                        (let ((ert-debug-on-error t))
                          (ert-run-test (make-ert-test :body (lambda () (error "Inner")))))
                      (error c)))
        (failure-seen (condition-case c
                          (let ((ert-debug-on-error t))
                            (ert-run-test (make-ert-test :body (lambda () (ert-fail "why")))))
                        (error c))))
    (should (equal error-seen '(error "Inner")))
    (should (equal failure-seen '(ert-test-failed "why"))))
  ;; With no handler, the debugger around the run gets it.
  (should (eq (catch 'seen
                (let ((debugger (lambda (&rest _) (throw 'seen 'debugger)))
                      (ert-debug-on-error t))
                  (ert-run-test (make-ert-test :body (lambda () (ert-fail "x"))))))
              'debugger)))

(ert-deftest ert-api-describe-test ()
  "Documented for `ert-describe-test'."
  (let ((text-quoting-style 'curve))
    (ert-describe-test 'ert-api-describe-test))
  (with-current-buffer "*Help*"
    (should (string-match-p
             "\\`ert-api-describe-test is a test defined in ‘ert-api-tests.elc?’\\.\n\nDocumented for ‘ert-describe-test’\\.\n"
             (buffer-string))))
  (let ((old (make-ert-test :name 'ert-api--gone :body #'ignore)))
    (ert-describe-test old)
    (with-current-buffer "*Help*"
      (should (string-match-p
               "\\`ert-api--gone is a test\\.\n\nNote: This test has been redefined or deleted, this documentation\nrefers to an old definition\\.\n\nIt is not documented\\.\n"
               (buffer-string))))))

(ert-deftest ert-api-message-log-truncation ()
  (with-current-buffer (messages-buffer)
    (let ((inhibit-read-only t))
      (erase-buffer)
      (insert "one\ntwo\nthree\n")
      (let ((message-log-max 2))
        (ert--force-message-log-buffer-truncation))
      (should (equal (buffer-string) "two\nthree\n"))
      (let ((message-log-max t))
        (ert--force-message-log-buffer-truncation))
      (should (equal (buffer-string) "two\nthree\n")))))
