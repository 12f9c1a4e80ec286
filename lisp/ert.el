;;; ert.el --- a small ERT for marrow  -*- lexical-binding: t -*-

;; The subset of Emacs Lisp Regression Testing that test files use:
;; `ert-deftest', `should', `should-not', `should-error', `skip-unless',
;; and a batch runner whose output and exit status follow Emacs's
;; `ert-run-tests-batch-and-exit'.
;;
;; Invariants:
;; - Tests run sorted by name, as in Emacs's ERT.
;; - A test's outcome is one of passed, failed or skipped.  It is
;;   "expected" when it matches the :expected-result of the test
;;   (:passed unless stated), and skipped tests are never unexpected.
;; - Failures are signals of `ert-test-failed', whose data is the same
;;   plist Emacs's ERT uses: (FORM :form F :value V ...).

;; Emacs's ert.el loads cl-lib, and test files written for Emacs use
;; cl-lib after requiring only ert.
(require 'cl-lib)

(define-error 'ert-test-failed "Test failed")
(define-error 'ert-test-skipped "Test skipped")

(defvar ert--test-names nil
  "The names of the defined tests, most recent first.")

;;; ---- Defining tests ----------------------------------------------

(defun ert--parse-body (body)
  "Split BODY into (KEYWORDS . FORMS), dropping a leading docstring."
  (when (and (stringp (car body)) (cdr body))
    (setq body (cdr body)))
  (let ((keys nil))
    (while (keywordp (car body))
      (setq keys (cons (car (cdr body)) (cons (car body) keys)))
      (setq body (cdr (cdr body))))
    (cons (nreverse keys) body)))

(defmacro ert-deftest (name _args &rest body)
  "Define NAME as a test: (ert-deftest NAME () [DOC] [:KEY VALUE]... BODY)."
  (declare (indent 2))
  (let* ((parsed (ert--parse-body body))
         (keys (car parsed)))
    `(progn
       (ert--define-test ',name (lambda () ,@(cdr parsed))
                         ,(or (plist-get keys :expected-result) :passed))
       ',name)))

(defun ert--define-test (name body expected)
  (put name 'ert--test body)
  (put name 'ert--expected expected)
  (unless (memq name ert--test-names)
    (setq ert--test-names (cons name ert--test-names))))

(defun ert-test-boundp (name) (and (get name 'ert--test) t))

;;; ---- Assertions ---------------------------------------------------

(defun ert-fail (data)
  "Make the current test fail with DATA."
  (signal 'ert-test-failed (list data)))

(defun ert-skip (data)
  "Skip the current test, with DATA as the reason."
  (signal 'ert-test-skipped (list data)))

(defun ert--plain-call-p (form)
  "True when FORM calls a function, so its arguments can be shown."
  (and (consp form) (symbolp (car form)) (functionp (car form))))

(defun ert--expand-should (whole form inverse)
  "The expansion of `should' (INVERSE nil) or `should-not' for FORM.
WHOLE is the assertion, quoted in the failure data."
  (let ((value (make-symbol "value"))
        (args (make-symbol "args")))
    (if (ert--plain-call-p form)
        `(let* ((,args (list ,@(cdr form)))
                (,value (apply #',(car form) ,args)))
           (,(if inverse 'when 'unless) ,value
            (ert-fail (list ',whole :form (cons ',(car form) ,args) :value ,value)))
           ,(if inverse nil value))
      `(let ((,value ,form))
         (,(if inverse 'when 'unless) ,value
          (ert-fail (list ',whole :form ',form :value ,value)))
         ,(if inverse nil value)))))

(defmacro should (form)
  "Fail the current test unless FORM is non-nil; return its value."
  (ert--expand-should `(should ,form) form nil))

(defmacro should-not (form)
  "Fail the current test if FORM is non-nil."
  (ert--expand-should `(should-not ,form) form t))

(defun ert--error-matches-p (err type)
  "True when the signal ERR has one of the conditions in TYPE."
  (let ((conditions (get (car err) 'error-conditions))
        (types (if (listp type) type (list type)))
        (found nil))
    (while (and types (not found))
      (setq found (memq (car types) conditions))
      (setq types (cdr types)))
    found))

(defmacro should-error (form &rest keys)
  "Fail unless FORM signals an error (of :type TYPE, if given).
Return the error, (ERROR-SYMBOL . DATA)."
  (let ((err (make-symbol "err"))
        (type (make-symbol "type"))
        (whole `(should-error ,form ,@keys)))
    `(let ((,type ,(plist-get keys :type))
           (,err (condition-case ,err (progn ,form nil) (error ,err))))
       (cond ((null ,err)
              (ert-fail (list ',whole :form ',form :value nil
                              :fail-reason "did not signal an error")))
             ((and ,type (not (ert--error-matches-p ,err ,type)))
              (ert-fail (list ',whole :form ',form :condition ,err
                              :fail-reason "the error signaled did not have the expected type")))
             (t ,err)))))

(defvar ert--infos nil
  "The (PREFIX . MESSAGE) pairs of the `ert-info' forms being run.")

(defvar ert--failure-infos nil
  "The `ert--infos' in force where the current test failed.")

(defmacro ert-info (message-and-prefix &rest body)
  "Run BODY; if it fails, report MESSAGE with the failure.
\(ert-info (MESSAGE-FORM [:prefix PREFIX-FORM]) BODY...).  MESSAGE-FORM
gives a string or a function returning one; PREFIX defaults to \"Info: \"."
  (declare (indent 1))
  (let ((message-form (car message-and-prefix))
        (prefix-form (or (plist-get (cdr message-and-prefix) :prefix) "Info: ")))
    `(let ((ert--infos (cons (cons ,prefix-form ,message-form) ert--infos)))
       (condition-case err
           (progn ,@body)
         (t (unless ert--failure-infos (setq ert--failure-infos ert--infos))
            (signal (car err) (cdr err)))))))

(defun ert--print-infos (infos)
  (dolist (info (reverse infos))
    (let ((text (cdr info)))
      (message "    %s%s" (car info) (if (functionp text) (funcall text) text)))))

(defmacro skip-unless (form)
  "Skip the current test unless FORM is non-nil."
  `(unless ,form (ert-skip '(skip-unless ,form))))

(defmacro skip-when (form)
  "Skip the current test if FORM is non-nil."
  `(when ,form (ert-skip '(skip-when ,form))))

;;; ---- Running ------------------------------------------------------

(defun ert--run-one (name)
  "Run test NAME; return (OUTCOME . CONDITION), OUTCOME one of
`passed', `failed' or `skipped'."
  (setq ert--failure-infos nil)
  (condition-case err
      (progn (funcall (get name 'ert--test)) (list 'passed))
    (ert-test-skipped (cons 'skipped err))
    (t (cons 'failed err))))

(defun ert--expected-p (name outcome)
  (let ((expected (get name 'ert--expected)))
    (cond ((eq outcome 'skipped) t)
          ((eq expected t) t)
          ((eq expected :failed) (eq outcome 'failed))
          (t (eq outcome 'passed)))))

(defun ert--select (selector)
  "The tests to run, sorted by name as Emacs does, chosen by SELECTOR
\(nil or t for all, a string regexp on the name, or a test name)."
  (let ((all (sort (copy-sequence ert--test-names)
                   (lambda (a b) (string< (symbol-name a) (symbol-name b))))))
    (cond ((memq selector '(nil t)) all)
          ((stringp selector)
           (delq nil (mapcar (lambda (n) (and (string-match selector (symbol-name n)) n))
                             all)))
          ((symbolp selector) (and (memq selector all) (list selector)))
          (t all))))

(defun ert--pad (s width)
  "The string S right-aligned in WIDTH columns."
  (concat (make-string (max 0 (- width (length s))) ?\s) s))

(defun ert--status-word (name outcome)
  (cond ((eq outcome 'skipped) "skipped")
        ((ert--expected-p name outcome) (if (eq outcome 'passed) "passed" "failed"))
        (t (if (eq outcome 'passed) "PASSED" "FAILED"))))

(defun ert--report-outcome (name outcome condition elapsed index total)
  (unless (ert--expected-p name outcome)
    (message "Test %S condition:" name)
    (ert--print-infos ert--failure-infos)
    (message "    %S" condition))
  (message "%s  %s/%d  %S (%f sec)"
           (ert--pad (ert--status-word name outcome) 9)
           (ert--pad (number-to-string index) (length (number-to-string total)))
           total name elapsed))

(defun ert-run-tests-batch (&optional selector)
  "Run the tests chosen by SELECTOR, reporting with `message'.
Return a list (TOTAL EXPECTED UNEXPECTED-NAMES SKIPPED-NAMES)."
  (let* ((tests (ert--select selector))
         (total (length tests))
         (start (float-time))
         (index 0) (expected 0) (unexpected nil) (skipped nil) (failed-ok 0))
    (message "Running %d tests (selector `%S')" total (or selector t))
    (dolist (name tests)
      (setq index (1+ index))
      (let* ((t0 (float-time))
             (result (ert--run-one name))
             (outcome (car result)))
        (ert--report-outcome name outcome (cdr result) (- (float-time) t0)
                             index total)
        (cond ((eq outcome 'skipped) (push name skipped))
              ((ert--expected-p name outcome)
               (setq expected (1+ expected))
               (when (eq outcome 'failed) (setq failed-ok (1+ failed-ok))))
              (t (push (cons name outcome) unexpected)))))
    (ert--summary total expected (nreverse unexpected) (nreverse skipped)
                  failed-ok (- (float-time) start))
    (list total expected unexpected skipped)))

(defun ert--summary (total expected unexpected skipped failed-ok elapsed)
  (message "\nRan %d tests, %d results as expected, %d unexpected%s (%f sec)"
           total expected (length unexpected)
           (if skipped (format ", %d skipped" (length skipped)) "")
           elapsed)
  (when (> failed-ok 0)
    (message "%d expected failures" failed-ok))
  (when unexpected
    (message "\n%d unexpected results:" (length unexpected))
    (dolist (u unexpected)
      (message "%s  %S" (if (eq (cdr u) 'passed) "   PASSED" "   FAILED") (car u))))
  (when skipped
    (message "\n%d skipped results:" (length skipped))
    (dolist (s skipped)
      (message "  SKIPPED  %S" s)))
  (message ""))

(defun ert-run-tests-batch-and-exit (&optional selector)
  "Run the tests chosen by SELECTOR and exit: status 0 when every
result was expected, 1 otherwise."
  (let ((stats (condition-case err
                   (ert-run-tests-batch selector)
                 (error (message "Error running tests: %S" err)
                        (kill-emacs 2)))))
    (kill-emacs (if (nth 2 stats) 1 0))))

(provide 'ert)

;;; ert.el ends here
