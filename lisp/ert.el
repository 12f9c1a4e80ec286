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

;;; ---- Tests and results -------------------------------------------
;;
;; As in Emacs: a test is an `ert-test' record, kept in its name's
;; `ert--test' property; running it gives a record of one of the
;; `ert-test-result' types.

(cl-defstruct (ert-test (:constructor make-ert-test) (:copier nil))
  (name nil) (documentation nil) (body (error "No test body")) (most-recent-result nil)
  (expected-result-type :passed) (tags nil) (file-name nil))

(cl-defstruct (ert-test-result (:copier nil)) (messages nil) (should-forms nil) (duration 0))
(cl-defstruct (ert-test-passed (:include ert-test-result)))
(cl-defstruct (ert-test-result-with-condition (:include ert-test-result))
  (condition nil) (backtrace nil) (infos nil))
(cl-defstruct (ert-test-quit (:include ert-test-result-with-condition)))
(cl-defstruct (ert-test-failed (:include ert-test-result-with-condition)))
(cl-defstruct (ert-test-skipped (:include ert-test-result-with-condition)))
(cl-defstruct (ert-test-aborted-with-non-local-exit (:include ert-test-result)))

(defun ert--parse-keys-and-body (keys-and-body)
  "(KEYS BODY): the leading :KEYWORD VALUE pairs of KEYS-AND-BODY as a
plist, and the forms after them.  A keyword given twice is an error."
  (let ((keys nil))
    (while (keywordp (car keys-and-body))
      (when (plist-member keys (car keys-and-body))
        (error "Duplicate keyword %S" (car keys-and-body)))
      (unless (cdr keys-and-body)
        (error "Value expected after keyword %S" (car keys-and-body)))
      (setq keys (append keys (list (car keys-and-body) (nth 1 keys-and-body))))
      (setq keys-and-body (cddr keys-and-body)))
    (list keys keys-and-body)))

(defmacro ert-deftest (name _args &rest docstring-keys-and-body)
  "Define NAME as a test: (ert-deftest NAME () [DOC] [:KEY VALUE]... BODY),
KEY being :expected-result or :tags, whose VALUEs are evaluated."
  (declare (indent 2) (doc-string 3))
  (let* ((doc (and (stringp (car docstring-keys-and-body))
                   (pop docstring-keys-and-body)))
         (parsed (ert--parse-keys-and-body docstring-keys-and-body))
         (keys (car parsed)))
    (when (plist-member keys :documentation)
      (error "Use a docstring instead of :documentation in ert-deftest"))
    `(progn
       (ert-set-test ',name
                     (make-ert-test :name ',name :documentation ,doc
                                    :expected-result-type ,(or (plist-get keys :expected-result)
                                                               :passed)
                                    :tags ,(plist-get keys :tags)
                                    :body (lambda () ,@(nth 1 parsed))
                                    :file-name load-file-name))
       ',name)))

(defvar ert--test-names nil
  "The names of the defined tests, most recent first.")

(defun ert-set-test (symbol definition)
  "Make DEFINITION, an `ert-test', the test named SYMBOL."
  (put symbol 'ert--test definition)
  (unless (memq symbol ert--test-names)
    (setq ert--test-names (cons symbol ert--test-names)))
  definition)

(defun ert-test-boundp (symbol)
  "Non-nil when SYMBOL names a test."
  (and (get symbol 'ert--test) t))

(defun ert-get-test (symbol)
  "The test named SYMBOL; an error when there is none."
  (or (get symbol 'ert--test) (error "No test named `%S'" symbol)))

(defun ert-make-test-unbound (symbol)
  "Make SYMBOL name no test; return SYMBOL."
  (put symbol 'ert--test nil)
  (setq ert--test-names (delq symbol ert--test-names))
  symbol)

(defalias 'ert-delete-test #'ert-make-test-unbound)

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

(defvar ert--should-log nil
  "While `ert-run-test' runs a test, a list whose cdr collects, newest
first, the (FORM :form F :value V) of each `should' and `should-not'.")

(defun ert--note-should (data)
  "Log the assertion DATA for the running test; return DATA."
  (when ert--should-log
    (setcdr ert--should-log (cons data (cdr ert--should-log))))
  data)

(defun ert--expand-macros (form)
  "FORM with its macro call expanded until it is none, `cl-macrolet's
local macros (kept by marrow in `subr--local-macros') included."
  (let ((local nil) (done nil))
    (while (not done)
      (setq local (assq (car-safe form) subr--local-macros))
      (let ((expanded (if local
                          (apply (cdr local) (cdr form))
                        (macroexpand form (and (boundp 'macroexpand-all-environment)
                                               macroexpand-all-environment)))))
        (setq done (eq expanded form) form expanded)))
    form))

(defun ert--call-data (whole fn args value)
  "The data of assertion WHOLE about the call of FN on ARGS giving VALUE,
with :explanation when FN has an `ert-explainer', as in Emacs."
  (let ((explainer (and (symbolp fn) (get fn 'ert-explainer))))
    (append (list whole :form (cons fn args) :value value)
            (and explainer (list :explanation (and (not value) (apply explainer args)))))))

(defun ert--expand-should (whole form inverse)
  "The expansion of `should' (INVERSE nil) or `should-not' for FORM,
macro calls expanded first as Emacs shows them.  WHOLE is the assertion,
quoted in the failure data."
  (let ((form (ert--expand-macros form))
        (value (make-symbol "value"))
        (args (make-symbol "args"))
        (data (make-symbol "data")))
    (if (ert--plain-call-p form)
        `(let* ((,args (list ,@(cdr form)))
                (,value (apply #',(car form) ,args))
                (,data (ert--note-should
                        (ert--call-data ',whole ',(car form) ,args ,value))))
           (,(if inverse 'when 'unless) ,value (ert-fail ,data))
           ,(if inverse nil value))
      `(let* ((,value ,form)
              (,data (ert--note-should (list ',whole :form ',form :value ,value))))
         (,(if inverse 'when 'unless) ,value (ert-fail ,data))
         ,(if inverse nil value)))))

(defmacro should (form)
  "Fail the current test unless FORM is non-nil; return its value."
  (ert--expand-should `(should ,form) form nil))

(defmacro should-not (form)
  "Fail the current test if FORM is non-nil."
  (ert--expand-should `(should-not ,form) form t))

(defun ert--error-of-type-p (err type exclude-subtypes)
  "Whether the signal ERR is of TYPE (a condition or a list of them):
by its error symbol alone if EXCLUDE-SUBTYPES, else by its conditions."
  (or (null type)
      (let ((types (if (listp type) type (list type))))
        (if exclude-subtypes
            (memq (car err) types)
          (cl-intersection types (get (car err) 'error-conditions))))))

(defun ert--should-error (whole form-description thunk type exclude-subtypes)
  "Check that THUNK signals an error of TYPE for assertion WHOLE about
FORM-DESCRIPTION; return the error, (ERROR-SYMBOL . DATA)."
  (let* ((value nil)
         (err (condition-case err (progn (setq value (funcall thunk)) nil) (error err))))
    (cond ((null err)
           (ert-fail (ert--note-should
                      (list whole :form form-description :value value
                            :fail-reason "did not signal an error"))))
          ((not (ert--error-of-type-p err type exclude-subtypes))
           (ert-fail (ert--note-should
                      (list whole :form form-description :condition err
                            :fail-reason
                            (if (ert--error-of-type-p err type nil)
                                "the error signaled was a subtype of the expected type"
                              "the error signaled did not have the expected type")))))
          (t (ert--note-should (list whole :form form-description :condition err))
             err))))

(defmacro should-error (form &rest keys)
  "Fail unless FORM signals an error (of :type TYPE, if given: one of its
conditions, or its very symbol with :exclude-subtypes t).  Return the
error, (ERROR-SYMBOL . DATA).  A function call's arguments are evaluated
first and shown evaluated in the failure, as in Emacs."
  (let ((whole `(should-error ,form ,@keys))
        (args (make-symbol "args"))
        (fn (make-symbol "fn")))
    (if (ert--plain-call-p form)
        `(let* ((,fn #',(car form))
                (,args (condition-case err
                           (list ,@(cdr form))
                         (error (setq ,fn #'signal) (list (car err) (cdr err))))))
           (ert--should-error ',whole (cons (if (eq ,fn #'signal) 'signal ',(car form)) ,args)
                              (lambda () (apply ,fn ,args))
                              ,(plist-get keys :type) ,(plist-get keys :exclude-subtypes)))
      `(ert--should-error ',whole ',form (lambda () ,form)
                          ,(plist-get keys :type) ,(plist-get keys :exclude-subtypes)))))

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
  "Skip the current test unless FORM is non-nil (an error in FORM skips too)."
  `(unless (ignore-errors ,form) (ert-skip '(skip-unless ,form))))

(defmacro skip-when (form)
  "Skip the current test if FORM is non-nil."
  `(when ,form (ert-skip '(skip-when ,form))))

;;; ---- Explanations ------------------------------------------------
;;
;; A failed (should (equal A B)) carries :explanation, a description of
;; where A and B first differ, in Emacs's terms: (list-elt I X),
;; (array-elt I X), (car X), (cdr X), (different-types A B),
;; (different-atoms A B), (proper-lists-of-different-length ...),
;; (arrays-of-different-length ...), (one-list-proper-one-improper A B),
;; (different-symbols-with-the-same-name A B).

(defun ert--explain-format-atom (x)
  "X as an explanation shows it: an integer with its hex digits, and a
character also as ?C."
  (cond ((characterp x) (list x (format "#x%x" x) (format "?%c" x)))
        ((integerp x) (list x (format "#x%x" x)))
        (t x)))

(defun ert--explain-lists (a b)
  "Where the conses A and B differ, or nil."
  (let ((la (proper-list-p a)) (lb (proper-list-p b)))
    (cond ((not (eq (not la) (not lb))) `(one-list-proper-one-improper ,a ,b))
          ((and la (/= la lb))
           `(proper-lists-of-different-length ,la ,lb ,a ,b
                                              first-mismatch-at ,(cl-mismatch a b :test 'equal)))
          (la (let ((i 0) (found nil))
                (while (and a (not found))
                  (let ((x (ert--explain-equal-rec (pop a) (pop b))))
                    (when x (setq found `(list-elt ,i ,x))))
                  (setq i (1+ i)))
                found))
          (t (let ((x (ert--explain-equal-rec (car a) (car b))))
               (if x `(car ,x)
                 (let ((y (ert--explain-equal-rec (cdr a) (cdr b))))
                   (and y `(cdr ,y)))))))))

(defun ert--explain-arrays (a b)
  "Where the arrays (or records) A and B differ, or nil."
  (if (/= (length a) (length b))
      `(arrays-of-different-length ,(length a) ,(length b) ,a ,b
                                   first-mismatch-at ,(cl-mismatch a b :test 'equal))
    (let ((i 0) (found nil))
      (while (and (< i (length a)) (not found))
        (let ((x (ert--explain-equal-rec (aref a i) (aref b i))))
          (when x (setq found `(array-elt ,i ,x))))
        (setq i (1+ i)))
      found)))

(defun ert--explain-equal-rec (a b)
  "Where A and B differ for `equal', or nil if they do not."
  (cond ((not (eq (type-of a) (type-of b))) `(different-types ,a ,b))
        ((consp a) (ert--explain-lists a b))
        ((or (arrayp a) (recordp a)) (ert--explain-arrays a b))
        ((equal a b) nil)
        ((and (symbolp a) (string= a b)) `(different-symbols-with-the-same-name ,a ,b))
        (t `(different-atoms ,(ert--explain-format-atom a) ,(ert--explain-format-atom b)))))

(defun ert--explain-equal (a b)
  "Why (equal A B) is false, or nil when it is true."
  (and (not (equal a b)) (ert--explain-equal-rec a b)))

(defun ert--explain-string-equal (a b)
  "Why (string-equal A B) is false, or nil; symbols stand for their names."
  (ert--explain-equal (if (symbolp a) (symbol-name a) a)
                      (if (symbolp b) (symbol-name b) b)))

(put 'equal 'ert-explainer 'ert--explain-equal)
(put 'string-equal 'ert-explainer 'ert--explain-string-equal)

;;; ---- Helpers Emacs's ERT has -----------------------------------

(defun ert--abbreviate-string (s len suffixp)
  "S cut to its first LEN characters, or its last ones if SUFFIXP."
  (cond ((<= (length s) len) s)
        (suffixp (substring s (- (length s) len)))
        (t (substring s 0 len))))

(defun ert--string-first-line (s)
  "The text of S before its first newline."
  (substring s 0 (string-match-p "\n" s)))

(defun ert--significant-plist-keys (plist)
  "The keys of PLIST with a non-nil value, each once, in order."
  (let ((seen nil) (keys nil))
    (while plist
      (unless (memq (car plist) seen)
        (push (car plist) seen)
        (when (nth 1 plist) (push (car plist) keys)))
      (setq plist (cddr plist)))
    (nreverse keys)))

(defun ert--special-operator-p (thing)
  "Whether THING is a special form's name, or an alias of one."
  (and (symbolp thing)
       (let ((def (indirect-function thing)))
         (and (subrp def) (eq (cdr (func-arity def)) 'unevalled)))))

;;; ---- Running ------------------------------------------------------

(defvar ert-debug-on-error nil
  "Non-nil: an error in a test that `ert-run-test' runs goes to `debugger'
(when that is not the default one) and on to the caller, instead of
making the result a failure.  Its value when the run starts counts.")

(defun ert--error-result (condition debug)
  "The result of a test that signalled CONDITION, unless DEBUG sends the
signal on."
  (when debug
    (when (and (boundp 'debugger) (functionp debugger) (not (eq debugger 'debug)))
      (funcall debugger 'error condition))
    (signal (car condition) (cdr condition)))
  (funcall (if (eq (car condition) 'quit) #'make-ert-test-quit #'make-ert-test-failed)
           :condition condition :infos ert--failure-infos))

(defvar ert--running-tests nil
  "The tests being run, innermost first.")

(defun ert-running-test ()
  "The test the test runner started, around any that it runs in turn."
  (car (last ert--running-tests)))

(defun ert--run-body (test debug log)
  "Run TEST's body, logging its assertions in LOG; its result."
  (let ((ert--should-log log)
        (ert--running-tests (cons test ert--running-tests)))
    (setq ert--failure-infos nil)
    (condition-case err
        (progn (funcall (ert-test-body test)) (make-ert-test-passed))
      (ert-test-skipped (make-ert-test-skipped :condition err :infos ert--failure-infos))
      (t (ert--error-result err debug)))))

(defun ert-run-test (test)
  "Run TEST, an `ert-test', and return its result, also kept as its most
recent one.  A test left by `throw' gets an aborted result, and the
throw goes on."
  (let ((start (float-time)) (log (list 'log)) (result nil))
    (setf (ert-test-most-recent-result test) nil)
    (unwind-protect
        (setq result (ert--run-body test ert-debug-on-error log))
      (unless result (setq result (make-ert-test-aborted-with-non-local-exit)))
      (setf (ert-test-result-should-forms result) (reverse (cdr log)))
      (setf (ert-test-result-duration result) (- (float-time) start))
      (setf (ert-test-most-recent-result test) result))))

(defun ert-test-result-type-p (result type)
  "Whether RESULT is of result TYPE: nil, t, :passed, :failed,
:skipped, or (and TYPE...), (or TYPE...), (not TYPE), (satisfies PRED)."
  (pcase type
    ('nil nil)
    ('t t)
    (:passed (ert-test-passed-p result))
    (:failed (ert-test-failed-p result))
    (:skipped (ert-test-skipped-p result))
    (`(and . ,types) (cl-every (lambda (ty) (ert-test-result-type-p result ty)) types))
    (`(or . ,types) (and (cl-some (lambda (ty) (ert-test-result-type-p result ty)) types) t))
    (`(not ,ty) (not (ert-test-result-type-p result ty)))
    (`(satisfies ,pred) (and (funcall pred result) t))
    (_ (error "Unknown result type: %S" type))))

(defun ert-test-result-expected-p (test result)
  "Whether RESULT is what TEST expects; a skipped test always is."
  (or (ert-test-skipped-p result)
      (ert-test-result-type-p result (ert-test-expected-result-type test))))

(defun ert--run-one (name)
  "Run test NAME; return (OUTCOME . CONDITION), OUTCOME one of
`passed', `failed' or `skipped'."
  (let ((result (ert-run-test (ert-get-test name))))
    (cons (cond ((ert-test-passed-p result) 'passed)
                ((ert-test-skipped-p result) 'skipped)
                (t 'failed))
          (and (ert-test-result-with-condition-p result)
               (ert-test-result-with-condition-condition result)))))

(defun ert--expected-p (name _outcome)
  (let ((test (ert-get-test name)))
    (ert-test-result-expected-p test (ert-test-most-recent-result test))))

(defun ert--all-tests ()
  "Every defined test, sorted by name as Emacs does."
  (mapcar #'ert-get-test
          (sort (copy-sequence ert--test-names)
                (lambda (a b) (string< (symbol-name a) (symbol-name b))))))

(defun ert--selected-p (selector test)
  "Whether TEST matches SELECTOR (see `ert-select-tests')."
  (let ((result (ert-test-most-recent-result test)))
    (pcase selector
      ('nil nil)
      ('t t)
      (:new (null result))
      ((or :passed :failed :skipped) (and result (ert-test-result-type-p result selector)))
      (:expected (and result (ert-test-result-expected-p test result)))
      (:unexpected (and result (not (ert-test-result-expected-p test result))))
      ((pred stringp) (and (ert-test-name test)
                           (string-match-p selector (symbol-name (ert-test-name test)))))
      ((pred ert-test-p) (eq selector test))
      ((pred symbolp) (eq selector (ert-test-name test)))
      (`(member . ,items) (cl-some (lambda (i) (ert--selected-p i test)) items))
      (`(eql ,item) (ert--selected-p item test))
      (`(and . ,selectors) (cl-every (lambda (s) (ert--selected-p s test)) selectors))
      (`(or . ,selectors) (cl-some (lambda (s) (ert--selected-p s test)) selectors))
      (`(not ,sel) (not (ert--selected-p sel test)))
      (`(tag ,tag) (memq tag (ert-test-tags test)))
      (`(satisfies ,pred) (funcall pred test))
      (_ (error "Invalid test selector: %S" selector)))))

(defun ert--as-test (item)
  (if (ert-test-p item) item (ert-get-test item)))

(defun ert-select-tests (selector universe)
  "The tests of UNIVERSE (a list of tests, or t for all) that SELECTOR
chooses: t, nil, a test, a test's name, a regexp on names, :new,
:passed, :failed, :skipped, :expected, :unexpected, (member TESTS...),
\(eql TEST), (and ...), (or ...), (not SELECTOR), (tag TAG), (satisfies
PRED)."
  (pcase selector
    ;; Over all tests, these name their tests, defined or not.
    ((and (pred ert-test-p) (guard (eq universe t))) (list selector))
    ((and `(member . ,items) (guard (eq universe t))) (mapcar #'ert--as-test items))
    ((and `(eql ,item) (guard (eq universe t))) (list (ert--as-test item)))
    ((and (pred symbolp) (guard (and (eq universe t) selector (not (keywordp selector))
                                     (not (eq selector t)))))
     (list (ert-get-test selector)))
    (`(and . ,selectors)
     (dolist (s selectors) (setq universe (ert-select-tests s universe)))
     (if (eq universe t) (ert--all-tests) universe))
    ;; Joined by `cl-union', in its order, as in Emacs.
    (`(or . ,selectors)
     (cl-reduce #'cl-union (mapcar (lambda (s) (ert-select-tests s universe)) selectors)))
    (_ (cl-remove-if-not (lambda (test) (ert--selected-p selector test))
                         (if (eq universe t) (ert--all-tests) universe)))))

(defun ert--select (selector)
  "The names of the tests SELECTOR chooses among all (nil chooses all)."
  (mapcar #'ert-test-name (ert-select-tests (or selector t) t)))

(defun ert--timestamp ()
  "The time now, as Emacs's ERT shows it in its reports."
  (format-time-string "%Y-%m-%d %H:%M:%S%z"))

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
    (message "Running %d tests (%s, selector `%S')" total (ert--timestamp) (or selector t))
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
  (message "\nRan %d tests, %d results as expected, %d unexpected%s (%s, %f sec)"
           total expected (length unexpected)
           (if skipped (format ", %d skipped" (length skipped)) "")
           (ert--timestamp) elapsed)
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
