;;; ert-batch-output-tests.el --- what ERT's batch runner prints of failures  -*- lexical-binding: t -*-

;; `ert-run-tests-batch' reports a failing test with a backtrace block
;; and a condition block: the condition pretty-printed by `pp' (within
;; print-level 5 and print-length 10), at column 4, indented again as
;; `indent-sexp' does in a fundamental-mode buffer.  These tests run
;; failing tests in a fresh batch process of the program running them
;; (marrow or Emacs) and compare what it prints with what Emacs 28
;; prints.

(require 'ert)

(defconst ert-batch-output-tests--cases
  '((equal-long
     (should (equal (list 1 2 (make-string 3 ?a)
                          '(a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb cc dd ee ff gg hh))
                    3)))
    (should-not-member (should-not (member 'b '(a b c))))
    (should-error-none (should-error (+ 1 2)))
    (should-error-type (should-error (car 'x) :type 'arith-error))
    (signalled (car 'x))
    (error-message (error "Some message %d" 3))
    (fail-string (ert-fail "a string"))
    (fail-deep (ert-fail '(a list (nested (deep (deeper (deepest (x))))))))
    (fail-vector (ert-fail [1 2 [3 4] (5 6) "s"]))
    (fail-newlines (ert-fail "line1\nline2\ttab\e"))
    (fail-strings (ert-fail '("one\ntwo" ("three" four) "five")))
    (fail-plist (ert-fail '(:key1 value1 :key2 (a b) :default (c d) :last "x")))
    (fail-dotted (ert-fail '((a . 1) (b c d) (e . (f g)) . tail)))
    (fail-quoted (ert-fail '(quote (a 'b #'c `(d ,e ,@f)))))
    (fail-record (ert-fail (list (record 'foo 1 '(2 3)) 'x)))
    (fail-let-if (ert-fail '(let ((x 1) (y 2)) (if x (progn (list x y) (foo)) (bar) (baz)))))
    (fail-defun (ert-fail '(defun f (a b) "doc" (when a (message "%s" b)) (unless b (list a)))))
    (fail-cond (ert-fail '(cond ((eq a 1) (list a)) ((stringp a) (concat a "x")) (t nil))))
    (should-long-explanation
     (should (equal '(1 (2 (3 (4 (5 (6))))) "abc" [x y])
                    '(1 (2 (3 (4 (5 (7))))) "abc" [x y]))))
    (should-string-equal (should (string-equal "abcdef" "abcdeg")))
    (fail-numbers (ert-fail '(1 2.5 -3 (4 . 5) [6 7.0] "8")))
    (fail-lambda (ert-fail (list 'lambda '(x) '(+ x 1))))
    (fail-keyword-first (ert-fail '((:a 1 :b 2) (:c (3 4) :d 5))))
    (info-multiline (ert-info ("first line\nsecond line" :prefix "Ctx: ")
                      (ert-info ("inner")
                        (should (eq 1 2)))))
    (fail-wide (ert-fail '("日本語" (x "データ" (y)) z)))
    (fail-long-symbols (ert-fail '(a-rather-long-symbol-name another-long-symbol-name
                                   (yet-another-long-symbol (and-one-more-symbol-name "a string"))
                                   final-symbol)))))

(defun ert-batch-output-tests--run (tests &rest args)
  "What a batch run of TESTS, a list of (NAME BODY...), prints in a
fresh process of this program, ARGS given before the run."
  (with-temp-buffer
    (let ((forms (mapcar (lambda (test) `(ert-deftest ,(car test) () ,@(cdr test))) tests))
          (print-escape-multibyte t))
      (apply #'call-process (expand-file-name invocation-name invocation-directory) nil t nil
             "-batch" "-Q" "-l" "ert"
             (append args (list "--eval" (prin1-to-string `(progn ,@forms))
                                "-f" "ert-run-tests-batch-and-exit"))))
    (buffer-string)))

(defun ert-batch-output-tests--block (output name what)
  "The lines OUTPUT shows under \"Test NAME WHAT:\", up to the test's
result line or the next test's report, or nil."
  (when (string-match (format "^Test %s %s:\n" name what) output)
    (let ((start (match-end 0)))
      (substring output start
                 (string-match "^\\(?: *[A-Za-z]+ +[0-9]+/[0-9]+  \\|Test \\|$\\)"
                               output start)))))

;; Printed by GNU Emacs 28.2.
(defconst ert-batch-output-tests--expected
  '((equal-long
     . "    (ert-test-failed\n     ((should\n       (equal\n\t(list 1 2 ... ...)\n\t3))\n      :form\n      (equal\n       (1 2 \"aaa\"\n\t  (a b c d e f g h i j ...))\n       3)\n      :value nil :explanation\n      (different-types\n       (1 2 \"aaa\"\n\t  (a b c d e f g h i j ...))\n       3)))\n")
    (should-not-member
     . "    (ert-test-failed\n     ((should-not\n       (member 'b '...))\n      :form\n      (member b\n\t      (a b c))\n      :value\n      (b c)))\n")
    (should-error-none
     . "    (ert-test-failed\n     ((should-error\n       (+ 1 2))\n      :form\n      (+ 1 2)\n      :value 3 :fail-reason \"did not signal an error\"))\n")
    (should-error-type
     . "    (ert-test-failed\n     ((should-error\n       (car 'x)\n       :type 'arith-error)\n      :form\n      (car x)\n      :condition\n      (wrong-type-argument listp x)\n      :fail-reason \"the error signaled did not have the expected type\"))\n")
    (signalled
     . "    (wrong-type-argument listp x)\n")
    (error-message
     . "    (error \"Some message 3\")\n")
    (fail-string
     . "    (ert-test-failed \"a string\")\n")
    (fail-deep
     . "    (ert-test-failed\n     (a list\n\t(nested\n\t (deep\n\t  (deeper ...)))))\n")
    (fail-vector
     . "    (ert-test-failed\n     [1 2\n\t[3 4]\n\t(5 6)\n\t\"s\"])\n")
    (fail-newlines
     . "    (ert-test-failed \"line1\\nline2\\11tab\\33\")\n")
    (fail-strings
     . "    (ert-test-failed\n     (\"one\\ntwo\"\n      (\"three\" four)\n      \"five\"))\n")
    (fail-plist
     . "    (ert-test-failed\n     (:key1 value1 :key2\n\t    (a b)\n\t    :default\n\t    (c d)\n\t    :last \"x\"))\n")
    (fail-dotted
     . "    (ert-test-failed\n     ((a . 1)\n      (b c d)\n      (e f g)\n      . tail))\n")
    (fail-quoted
     . "    (ert-test-failed\n     '(a 'b #'c\n\t  `(d ... ...)))\n")
    (fail-record
     . "    (ert-test-failed\n     (#s(foo 1\n\t     (2 3))\n\tx))\n")
    (fail-let-if
     . "    (ert-test-failed\n     (let\n\t ((x 1)\n\t  (y 2))\n       (if x\n\t   (progn\n\t     (list x y)\n\t     (foo))\n\t (bar)\n\t (baz))))\n")
    (fail-defun
     . "    (ert-test-failed\n     (defun f\n\t (a b)\n       \"doc\"\n       (when a\n\t (message \"%s\" b))\n       (unless b\n\t (list a))))\n")
    (fail-cond
     . "    (ert-test-failed\n     (cond\n      ((eq a 1)\n       (list a))\n      ((stringp a)\n       (concat a \"x\"))\n      (t nil)))\n")
    (should-long-explanation
     . "    (ert-test-failed\n     ((should\n       (equal '... '...))\n      :form\n      (equal\n       (1\n\t(2 ...)\n\t\"abc\"\n\t[x y])\n       (1\n\t(2 ...)\n\t\"abc\"\n\t[x y]))\n      :value nil :explanation\n      (list-elt 1\n\t\t(list-elt 1\n\t\t\t  (list-elt 1 ...)))))\n")
    (should-string-equal
     . "    (ert-test-failed\n     ((should\n       (string-equal \"abcdef\" \"abcdeg\"))\n      :form\n      (string-equal \"abcdef\" \"abcdeg\")\n      :value nil :explanation\n      (array-elt 5\n\t\t (different-atoms\n\t\t  (102 \"#x66\" \"?f\")\n\t\t  (103 \"#x67\" \"?g\")))))\n")
    (fail-numbers
     . "    (ert-test-failed\n     (1 2.5 -3\n\t(4 . 5)\n\t[6 7.0]\n\t\"8\"))\n")
    (fail-lambda
     . "    (ert-test-failed\n     (lambda\n       (x)\n       (+ x 1)))\n")
    (fail-keyword-first
     . "    (ert-test-failed\n     ((:a 1 :b 2)\n      (:c\n\t(3 4)\n\t:d 5)))\n")
    (info-multiline
     . "    Ctx: first line\n         second line\n    Info: inner\n    (ert-test-failed\n     ((should\n       (eq 1 2))\n      :form\n      (eq 1 2)\n      :value nil))\n")
    (fail-wide
     . "    (ert-test-failed\n     (\"日本語\"\n      (x \"データ\"\n\t (y))\n      z))\n")
    (fail-long-symbols
     . "    (ert-test-failed\n     (a-rather-long-symbol-name another-long-symbol-name\n\t\t\t\t(yet-another-long-symbol\n\t\t\t\t (and-one-more-symbol-name \"a string\"))\n\t\t\t\tfinal-symbol))\n")
    ))

(ert-deftest ert-batch-output-condition-blocks ()
  (let ((output (ert-batch-output-tests--run ert-batch-output-tests--cases)))
    (dolist (expected ert-batch-output-tests--expected)
      (should (equal (cons (car expected)
                           (ert-batch-output-tests--block output (car expected) "condition"))
                     expected)))))

(defun ert-batch-output-tests--lines (text)
  (split-string text "\n" t))

(ert-deftest ert-batch-output-backtrace-block ()
  ;; A block of frames, innermost first, before the condition: the
  ;; frames differ between marrow and Emacs, their format does not.
  (let* ((output (ert-batch-output-tests--run
                  `((bt-long (ert-fail ,(make-string 100 ?x)))
                    (bt-should (should (eq 1 2))))))
         (long (ert-batch-output-tests--lines
                (ert-batch-output-tests--block output 'bt-long "backtrace")))
         (should-lines (ert-batch-output-tests--lines
                        (ert-batch-output-tests--block output 'bt-should "backtrace"))))
    (should (< (string-match "^Test bt-long backtrace:$" output)
               (string-match "^Test bt-long condition:$" output)))
    (should (equal (car long) (substring (format "  signal(ert-test-failed (%S))" (make-string 100 ?x))
                                         0 70)))
    ;; Emacs's backtrace printer shortens the long string it prints
    ;; here, within the limit of its line.
    (should (equal (nth 1 long) (format "  ert-fail(\"%s...\")" (make-string 50 ?x))))
    (should (equal (car should-lines)
                   "  signal(ert-test-failed (((should (eq 1 2)) :form (eq 1 2) :value nil"))
    (dolist (line (append long should-lines))
      (should (string-prefix-p "  " line))
      (should (<= (length line) 70)))))

(ert-deftest ert-batch-output-backtrace-margin ()
  (let* ((output (ert-batch-output-tests--run
                  `((bt-wide (ert-fail ,(make-string 100 ?y))))
                  "--eval" "(setq ert-batch-backtrace-right-margin 50)"))
         (lines (ert-batch-output-tests--lines
                 (ert-batch-output-tests--block output 'bt-wide "backtrace"))))
    (should (equal (car lines) (substring (format "  signal(ert-test-failed (%S))" (make-string 100 ?y))
                                          0 50)))
    (should (cl-every (lambda (line) (<= (length line) 50)) lines))))

(defun ert-batch-output-tests--sans-times (output)
  "OUTPUT with its times and durations replaced by T and D."
  (replace-regexp-in-string
   "([0-9]+\\.[0-9]+ sec)" "(D sec)"
   (replace-regexp-in-string "[0-9]\\{4\\}-[0-9-]+ [0-9:]+[-+][0-9]+" "T"
                             (replace-regexp-in-string ", [0-9]+\\.[0-9]+ sec)" ", D sec)" output))))

(defconst ert-batch-output-tests--summary-tests
  '((expected-failure :expected-result :failed (should (eq 'a 'b)))
    (passing (should t))
    (skipping (skip-unless (eq 1 2)))
    (unexpected-pass :expected-result :failed (should t))
    (unexpected-failure (ert-fail '("reason" 1)))))

(defun ert-batch-output-tests--sans-frames (output)
  "OUTPUT without the frame lines of its backtrace blocks, and without
times, which differ from run to run and program to program."
  (ert-batch-output-tests--sans-times
   (replace-regexp-in-string "^\\(Test [^ \n]+ backtrace:\n\\)\\(?:  .*\n\\)*" "\\1" output)))

(defun ert-batch-output-tests--summary (&rest args)
  (ert-batch-output-tests--sans-frames
   (apply #'ert-batch-output-tests--run ert-batch-output-tests--summary-tests args)))

;; Printed by GNU Emacs 28.2.
(defconst ert-batch-output-tests--summary-expected
  "Running 5 tests (T, selector ‘t’)\n   failed  1/5  expected-failure (D sec)\n   passed  2/5  passing (D sec)\n  skipped  3/5  skipping (D sec)\nTest unexpected-failure backtrace:\nTest unexpected-failure condition:\n    (ert-test-failed\n     (\"reason\" 1))\n   FAILED  4/5  unexpected-failure (D sec)\nTest unexpected-pass passed unexpectedly\n   PASSED  5/5  unexpected-pass (D sec)\n\nRan 5 tests, 2 results as expected, 2 unexpected, 1 skipped (T, D sec)\n1 expected failures\n\n2 unexpected results:\n   FAILED  unexpected-failure\n   PASSED  unexpected-pass\n\n1 skipped results:\n  SKIPPED  skipping\n\n")

(defconst ert-batch-output-tests--summary-verbose-expected
  "Running 5 tests (T, selector ‘t’)\n   failed  1/5  expected-failure (D sec)\n   passed  2/5  passing (D sec)\n  skipped  3/5  skipping (D sec)\nTest unexpected-failure backtrace:\nTest unexpected-failure condition:\n    (ert-test-failed\n     (\"reason\" 1))\n   FAILED  4/5  unexpected-failure (D sec)\nTest unexpected-pass passed unexpectedly\n   PASSED  5/5  unexpected-pass (D sec)\n\nRan 5 tests, 2 results as expected, 2 unexpected, 1 skipped (T, D sec)\n1 expected failures\n\n2 unexpected results:\n   FAILED  unexpected-failure  (\"reason\" 1)\n   PASSED  unexpected-pass\n\n1 skipped results:\n  SKIPPED  skipping  ((skip-unless (eq 1 2)) :form (eq 1 2) :value nil)\n\n")

(defconst ert-batch-output-tests--summary-quiet-expected
  "Test unexpected-failure backtrace:\nTest unexpected-failure condition:\n    (ert-test-failed\n     (\"reason\" 1))\nTest unexpected-pass passed unexpectedly\n\nRan 5 tests, 2 results as expected, 2 unexpected, 1 skipped (T, D sec)\n1 expected failures\n\n2 unexpected results:\n   FAILED  unexpected-failure\n   PASSED  unexpected-pass\n\n1 skipped results:\n  SKIPPED  skipping\n\n")

(ert-deftest ert-batch-output-summaries ()
  ;; What the batch runner says of skipped tests, expected failures
  ;; and unexpected passes; the summary line `make check' reads.
  (should (equal (ert-batch-output-tests--summary) ert-batch-output-tests--summary-expected))
  (should (string-match-p "^Ran 5 tests, 2 results as expected, 2 unexpected, 1 skipped "
                          (ert-batch-output-tests--summary))))

(ert-deftest ert-batch-output-summaries-verbose ()
  ;; EMACS_TEST_VERBOSE adds the reason, ert-fail's or ert-skip's
  ;; argument, to each unexpected or skipped result.
  (let ((process-environment (cons "EMACS_TEST_VERBOSE=1" process-environment)))
    (should (equal (ert-batch-output-tests--summary)
                   ert-batch-output-tests--summary-verbose-expected))))

(ert-deftest ert-batch-output-quiet ()
  ;; ert-quiet leaves out the start and each test's line, not what
  ;; went wrong.
  (should (equal (ert-batch-output-tests--summary "--eval" "(setq ert-quiet t)")
                 ert-batch-output-tests--summary-quiet-expected)))

;;; ert-batch-output-tests.el ends here
