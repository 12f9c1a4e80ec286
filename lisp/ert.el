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
(require 'backtrace)
(require 'help-mode) ; as Emacs's ERT has it, through its debugger

;; As in Emacs, tests are definitions `find-function' can find: their
;; kind is `ert--test', the property holding them.
(require 'find-func)
(defvar ert--find-test-regexp
  (concat "^\\s-*(ert-deftest" find-function-space-re "%s\\(\\s-\\|$\\)")
  "The start of a test definition; %s is the test's name.")
(add-to-list 'find-function-regexp-alist '(ert--test . ert--find-test-regexp))

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
  (name nil) (documentation nil) (body (cl-assert nil)) (most-recent-result nil)
  (expected-result-type :passed) (tags nil) (file-name nil))

(cl-defstruct (ert-test-result (:copier nil)) (messages nil) (should-forms nil) (duration 0))
(cl-defstruct (ert-test-passed (:include ert-test-result)))
;; As in Emacs, a result with a condition must be given each of these:
;; making one without fails as `cl-assert' does.
(defun ert--slot-required ()
  "The default of a slot that must be given: there is none."
  (signal 'cl-assertion-failed (list nil)))
(cl-defstruct (ert-test-result-with-condition (:include ert-test-result))
  (condition (ert--slot-required))
  (backtrace (ert--slot-required))
  (infos (ert--slot-required)))
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

(defun ert-set-test (symbol definition)
  "Make DEFINITION, an `ert-test', the test named SYMBOL (noted in
`load-history', for `symbol-file')."
  (define-symbol-prop symbol 'ert--test definition)
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

(defun ert-describe-test (test-or-test-name)
  "Show the documentation of TEST-OR-TEST-NAME, a test or its name, in
the *Help* buffer, and return the text shown."
  (interactive (list (callint--read-symbol "Describe test: ")))
  (let* ((name (if (ert-test-p test-or-test-name)
                   (ert-test-name test-or-test-name)
                 test-or-test-name))
         (test (if (ert-test-p test-or-test-name)
                   test-or-test-name
                 (ert-get-test test-or-test-name)))
         (file (and name (symbol-file name 'ert--test))))
    (help-setup-xref (list #'ert-describe-test test-or-test-name) nil)
    (save-excursion
      (with-help-window (help-buffer)
        (insert (help-fns--fill-line
                 (concat (if name (format "%S" name) "<anonymous test>") " is a test"
                         (and file (format-message " defined in `%s'"
                                                   (file-name-nondirectory file)))
                         ".")
                 fill-column)
                "\n\n")
        (unless (and name (ert-test-boundp name) (eq (ert-get-test name) test))
          (insert "Note: This test has been redefined or deleted, this documentation
refers to an old definition.\n\n"))
        (insert (substitute-command-keys
                 (or (ert-test-documentation test) "It is not documented."))
                "\n")
        (buffer-string)))))

(defun ert-delete-test (test-name)
  "Make TEST-NAME name no test; return it."
  (interactive (list (callint--read-symbol "Delete test: ")))
  (ert-make-test-unbound test-name))

;;; ---- Assertions ---------------------------------------------------

(defun ert-fail (data)
  "Make the current test fail with DATA."
  (signal 'ert-test-failed (list data)))

(defun ert-pass ()
  "End the current test here, passed."
  (throw 'ert--pass nil))

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
local macros (kept by marrow in `subr--local-macros') included.  As in
Emacs, an error while expanding becomes a form that signals it, so that
it fails the assertion rather than the whole test's definition."
  (condition-case err
      (let ((local nil) (done nil))
        (while (not done)
          (setq local (assq (car-safe form) subr--local-macros))
          (let ((expanded (if local
                              (apply (cdr local) (cdr form))
                            (macroexpand form (and (boundp 'macroexpand-all-environment)
                                                   macroexpand-all-environment)))))
            (setq done (eq expanded form) form expanded)))
        form)
    (error `(signal ',(car err) ',(cdr err)))))

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

(defun ert--call-bindings (fn args form)
  "`let*' bindings of FN to the function FORM calls and ARGS to its
arguments, evaluated; if evaluating them signals, FN is `signal' and
ARGS the error, so that applying FN signals it again, as in Emacs."
  `((,fn #',(car form))
    (,args (condition-case err
               (list ,@(cdr form))
             (error (setq ,fn #'signal) (list (car err) (cdr err)))))))

(defun ert--called-form (fn args form)
  "A form giving the call FN made of ARGS, as failures show it: FORM's
function, or `signal' if evaluating its arguments signalled."
  `(cons (if (eq ,fn #'signal) 'signal ',(car form)) ,args))

(defmacro should-error (form &rest keys)
  "Fail unless FORM signals an error (of :type TYPE, if given: one of its
conditions, or its very symbol with :exclude-subtypes t).  Return the
error, (ERROR-SYMBOL . DATA).  A function call's arguments are evaluated
first and shown evaluated in the failure, as in Emacs."
  (let ((whole `(should-error ,form ,@keys))
        (form (ert--expand-macros form))
        (args (make-symbol "args"))
        (fn (make-symbol "fn")))
    (if (ert--plain-call-p form)
        `(let* ,(ert--call-bindings fn args form)
           (ert--should-error ',whole ,(ert--called-form fn args form)
                              (lambda () (apply ,fn ,args))
                              ,(plist-get keys :type) ,(plist-get keys :exclude-subtypes)))
      `(ert--should-error ',whole ',form (lambda () ,form)
                          ,(plist-get keys :type) ,(plist-get keys :exclude-subtypes)))))

(defvar ert--infos nil
  "The (PREFIX . MESSAGE) pairs of the `ert-info' forms being run.")

(defvar ert--failure-infos nil
  "The `ert--infos' in force where the current test failed, as
`ert--debugger' found them.")

(defmacro ert-info (message-and-prefix &rest body)
  "Run BODY; if it fails, report MESSAGE with the failure.
\(ert-info (MESSAGE-FORM [:prefix PREFIX-FORM]) BODY...).  MESSAGE-FORM
gives a string or a function returning one; PREFIX defaults to \"Info: \"."
  (declare (indent 1))
  (let ((message-form (car message-and-prefix))
        (prefix-form (or (plist-get (cdr message-and-prefix) :prefix) "Info: ")))
    ;; `ert--debugger' notes the infos in force where a test fails.
    `(let ((ert--infos (cons (cons ,prefix-form ,message-form) ert--infos)))
       ,@body)))

(defun ert--expand-skip-unless (whole form)
  "The expansion of `skip-unless' FORM: the reason for skipping, like a
`should''s failure, (WHOLE :form F :value V ...), has no :value when
FORM signalled."
  (let ((form (ert--expand-macros form))
        (value (make-symbol "value"))
        (args (make-symbol "args"))
        (fn (make-symbol "fn")))
    (if (ert--plain-call-p form)
        `(let* (,@(ert--call-bindings fn args form)
                (,value ',fn))
           (unless (ignore-errors (setq ,value (apply ,fn ,args)))
             (ert-skip (ert--note-should
                        (if (eq ,value ',fn)
                            (list ',whole :form ,(ert--called-form fn args form))
                          (ert--call-data ',whole ',(car form) ,args ,value))))))
      `(let ((,value (ignore-errors ,form)))
         (unless ,value
           (ert-skip (ert--note-should (list ',whole :form ',form :value ,value))))))))

(defmacro skip-unless (form)
  "Skip the current test unless FORM is non-nil (an error in FORM skips too)."
  (ert--expand-skip-unless `(skip-unless ,form) form))

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
  "Where the arrays (or records) A and B differ, or nil.  A unibyte
and a multibyte string are compared as multibyte, so a raw byte shows
as the character #x3FFF00 + BYTE that it is there."
  (when (and (stringp a) (not (eq (multibyte-string-p a) (multibyte-string-p b))))
    (setq a (string-to-multibyte a) b (string-to-multibyte b)))
  (if (/= (length a) (length b))
      `(arrays-of-different-length ,(length a) ,(length b) ,a ,b
                                   ,@(unless (char-table-p a)
                                       `(first-mismatch-at ,(cl-mismatch a b :test 'equal))))
    (let ((i 0) (found nil))
      (while (and (< i (length a)) (not found))
        (let ((x (ert--explain-equal-rec (aref a i) (aref b i))))
          (when x (setq found `(array-elt ,i ,x))))
        (setq i (1+ i)))
      found)))

(defun ert--explain-struct (a b)
  "Where the structs A and B, of one type, differ: (struct-field SLOT X)."
  (let ((slots (cl-struct-slot-info (type-of a))) (i 0) (found nil))
    (while (and slots (not found))
      (let ((x (ert--explain-equal-rec (aref a i) (aref b i))))
        (when x (setq found `(struct-field ,(car (car slots)) ,x))))
      (setq slots (cdr slots) i (1+ i)))
    found))

(defun ert--explain-equal-rec (a b)
  "Where A and B differ for `equal', or nil if they do not."
  (cond ((not (eq (type-of a) (type-of b))) `(different-types ,a ,b))
        ((consp a) (ert--explain-lists a b))
        ((cl-struct-p a) (ert--explain-struct a b))
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
  (let ((keys nil))
    (while plist
      (when (and (nth 1 plist) (not (memq (car plist) keys)))
        (push (car plist) keys))
      (setq plist (cddr plist)))
    (nreverse keys)))

(defun ert--plist-difference-explanation (a b)
  "Why plists A and B differ, a missing key reading as nil, whatever
the order of their pairs; nil when they do not:
\(different-properties-for-key KEY EXPLANATION), for the first key of A
that B lacks, else of B that A lacks, else of A whose values differ."
  (cl-assert (cl-evenp (length a)) t)
  (cl-assert (cl-evenp (length b)) t)
  (let* ((keys-a (ert--significant-plist-keys a))
         (keys-b (ert--significant-plist-keys b))
         (key (or (cl-find-if-not (lambda (k) (memq k keys-b)) keys-a)
                  (cl-find-if-not (lambda (k) (memq k keys-a)) keys-b)
                  (cl-find-if-not (lambda (k) (equal (plist-get a k) (plist-get b k)))
                                  keys-a))))
    (and key
         `(different-properties-for-key
           ,key ,(ert--explain-equal-including-properties (plist-get a key)
                                                          (plist-get b key))))))

(defun ert--explain-equal-including-properties (a b)
  "Why A and B are not `ert-equal-including-properties', or nil: their
`equal' explanation, else for strings the first character whose
properties differ, (char I C PLIST-EXPLANATION context-before TEXT
context-after TEXT)."
  (cond ((not (equal a b)) (ert--explain-equal a b))
        (t (cl-assert (stringp a) t)
           (cl-assert (stringp b) t)
           (let ((hit (ert--first-property-difference a b)))
             (and hit (ert--property-difference-at a (car hit) (cdr hit)))))))

(defun ert--next-property-change-in-either (pos a b)
  "The first position after POS where the properties of A or of B
change, or nil when neither changes again."
  (let ((in-a (next-property-change pos a))
        (in-b (next-property-change pos b)))
    (if (and in-a in-b) (min in-a in-b) (or in-a in-b))))

(defun ert--first-property-difference (a b)
  "(POS . WHY) for the first character where the equal strings A and B
differ in text properties, WHY saying how; or nil.  Only the positions
where either string's properties change need to be looked at."
  (let ((pos 0) (hit nil))
    (while (and pos (not hit))
      (let ((why (ert--plist-difference-explanation (text-properties-at pos a)
                                                    (text-properties-at pos b))))
        (if why
            (setq hit (cons pos why))
          (setq pos (ert--next-property-change-in-either pos a b)))))
    hit))

(defun ert--property-difference-at (string pos why)
  "The explanation of a property difference WHY at POS of STRING: the
character and a little of the text on either side."
  (let ((before (substring-no-properties string 0 pos))
        (after (substring-no-properties string (1+ pos))))
    (list 'char pos (substring-no-properties string pos (1+ pos)) why
          'context-before (ert--abbreviate-string before 10 t)
          'context-after (ert--abbreviate-string after 10 nil))))

(defun ert-equal-including-properties (a b)
  "Whether A and B are `equal' with the same text properties, the
properties' values compared with `equal' (Emacs 28's
`equal-including-properties' compares them with `eq')."
  (not (ert--explain-equal-including-properties a b)))

(put 'ert-equal-including-properties 'ert-explainer
     'ert--explain-equal-including-properties)

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

(defun ert--error-result (condition)
  "The result of a test that signalled CONDITION."
  (funcall (if (eq (car condition) 'quit) #'make-ert-test-quit #'make-ert-test-failed)
           :condition condition :backtrace nil :infos ert--failure-infos))

(defvar ert--running-tests nil
  "The tests being run, innermost first.")

(defun ert-running-test ()
  "The test the test runner started, around any that it runs in turn."
  (car (last ert--running-tests)))

(defun ert--condition-result (condition)
  "The result of a test that signalled CONDITION: skipped for `ert-skip',
else as `ert--error-result' has it."
  (if (eq (car condition) 'ert-test-skipped)
      (make-ert-test-skipped :condition condition :backtrace nil :infos ert--failure-infos)
    (ert--error-result condition)))

(defun ert--test-frames (frames body)
  "FRAMES (as `backtrace-frames' gives them, innermost first) down to
the call of the test's BODY: the frames of ERT's runner outside it say
nothing about the test."
  (let ((kept nil))
    (while (and frames (not (eq (nth 1 (car frames)) 'ert--run-body)))
      (push (car frames) kept)
      (setq frames (if (eq (nth 1 (car frames)) body) nil (cdr frames))))
    (nreverse kept)))

(defun ert--debugger (kind &optional condition &rest _)
  "The debugger while a test runs, entered by an error that leaves the
test's body (or that a handler naming `debug' would catch): as in
Emacs, the test ends there, before any handler runs, its result that
error with the frames active where it was signalled."
  (when (memq kind '(error quit))
    ;; Batch Emacs enters the debugger once until an input event comes:
    ;; ERT counts one so that the next error may enter it again.
    (setq num-nonmacro-input-events (1+ num-nonmacro-input-events))
    (setq ert--failure-infos ert--infos)
    (let ((result (ert--condition-result condition)))
      (when (ert-test-result-with-condition-p result)
        (setf (ert-test-result-with-condition-backtrace result)
              (mapcar #'backtrace--frame-of
                      (ert--test-frames (cdr (backtrace-frames 'ert--debugger))
                                        (ert-test-body (car ert--running-tests))))))
      (throw 'ert--debugger-exit result))))

(defun ert--passing-debugger (next)
  "A debugger for a test run with `ert-debug-on-error': it enters NEXT,
the debugger around the run, leaving batch Emacs ready to enter a
debugger again, as ERT's own debugger does."
  (lambda (&rest args)
    (setq num-nonmacro-input-events (1+ num-nonmacro-input-events))
    (apply next args)))

(defun ert--run-body (test debug log)
  "Run TEST's body, logging its assertions in LOG; its result.  Unless
DEBUG, an error leaving the body enters `ert--debugger' (its handler
names `debug'), which sees the frames it was signalled in."
  (let ((ert--should-log log)
        (ert--running-tests (cons test ert--running-tests))
        (debugger (if debug (ert--passing-debugger debugger) #'ert--debugger))
        (debug-ignored-errors nil))
    (setq ert--failure-infos nil)
    (catch 'ert--debugger-exit
      (let ((run (lambda () (catch 'ert--pass (funcall (ert-test-body test))) (make-ert-test-passed))))
        (if debug
            ;; As in Emacs, the error goes on: to a handler around
            ;; `ert-run-test' if there is one, else to `debugger'.
            (funcall run)
          (condition-case err (funcall run)
            ((debug t) (ert--condition-result err))))))))

(defun ert--force-message-log-buffer-truncation ()
  "Keep the last `message-log-max' lines of *Messages*, as logging does."
  (when (natnump message-log-max)
    (with-current-buffer (messages-buffer)
      (save-excursion
        (goto-char (point-max))
        (forward-line (- message-log-max))
        (delete-region (point-min) (point))))))

(defun ert-run-test (test)
  "Run TEST, an `ert-test', and return its result, also kept as its most
recent one.  The result holds the messages the test logged (all of them:
`message-log-max' is t while it runs).  A test left by `throw' gets an
aborted result, and the throw goes on."
  (let ((start (float-time)) (log (list 'log)) (result nil)
        (logged-from (with-current-buffer (messages-buffer) (point-max-marker))))
    (setf (ert-test-most-recent-result test) nil)
    (unwind-protect
        (setq result (let ((message-log-max t) (debug-on-error t))
                       (ert--run-body test ert-debug-on-error log)))
      (unless result (setq result (make-ert-test-aborted-with-non-local-exit)))
      (setf (ert-test-result-messages result)
            (with-current-buffer (messages-buffer)
              (buffer-substring logged-from (point-max))))
      (set-marker logged-from nil)
      (ert--force-message-log-buffer-truncation)
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

;;; ---- Runs of tests ------------------------------------------------
;;
;; As in Emacs: a run is an `ert--stats' record that counts the results
;; by kind, and `ert-run-tests' tells a listener function of each step:
;; (run-started STATS), (test-started STATS TEST), (test-ended STATS
;; TEST RESULT), (run-ended STATS ABORTEDP).

(cl-defstruct (ert--stats (:copier nil))
  "The state of a run of tests."
  ;; What runs: the tests as a vector, and where each is in it.
  selector
  (tests [])
  test-map                              ; name (or test) -> index
  ;; When, and how far it got.
  start-time end-time aborted-p current-test
  ;; Per test, at its index: its result and its times.
  (test-results []) (test-start-times []) (test-end-times [])
  ;; How many results of each kind.
  (passed-expected 0) (passed-unexpected 0)
  (failed-expected 0) (failed-unexpected 0)
  (skipped 0)
  ;; Kept for code written for Emacs's interactive display.
  (next-redisplay 0.0))

(defun ert--stats-test-key (test)
  "What STATS maps to TEST's position: its name, or TEST if it has none."
  (or (ert-test-name test) test))

(defun ert--make-stats (tests selector)
  "A new `ert--stats' for running TESTS, chosen by SELECTOR."
  (let* ((tests (vconcat tests))
         (n (length tests))
         (map (make-hash-table :size (max n 1))))
    (dotimes (i n)
      (let ((key (ert--stats-test-key (aref tests i))))
        (cl-assert (not (gethash key map)))
        (puthash key i map)))
    (make-ert--stats :selector selector :tests tests :test-map map
                     :test-results (make-vector n nil)
                     :test-start-times (make-vector n nil)
                     :test-end-times (make-vector n nil))))

(defun ert--stats-test-pos (stats test)
  "TEST's position in the run STATS."
  (gethash (ert--stats-test-key test) (ert--stats-test-map stats)))

(defun ert--stats-count (stats pos delta)
  "Add DELTA to the counter of STATS the result at POS counts in (none
for no result, an aborted or a quit one)."
  (let* ((result (aref (ert--stats-test-results stats) pos))
         (expected (ert-test-result-expected-p (aref (ert--stats-tests stats) pos) result)))
    (cond ((ert-test-skipped-p result) (cl-incf (ert--stats-skipped stats) delta))
          ((ert-test-passed-p result)
           (if expected
               (cl-incf (ert--stats-passed-expected stats) delta)
             (cl-incf (ert--stats-passed-unexpected stats) delta)))
          ((ert-test-failed-p result)
           (if expected
               (cl-incf (ert--stats-failed-expected stats) delta)
             (cl-incf (ert--stats-failed-unexpected stats) delta))))))

(defun ert--stats-set-test-and-result (stats pos test result)
  "Put TEST and its RESULT at position POS of STATS, counts updated."
  (ert--stats-count stats pos -1)
  (remhash (ert--stats-test-key (aref (ert--stats-tests stats) pos))
           (ert--stats-test-map stats))
  (aset (ert--stats-tests stats) pos test)
  (aset (ert--stats-test-results stats) pos result)
  (puthash (ert--stats-test-key test) pos (ert--stats-test-map stats))
  (ert--stats-count stats pos 1)
  nil)

(defun ert-stats-completed-expected (stats)
  "How many tests of STATS gave the result they expect (skips aside)."
  (+ (ert--stats-passed-expected stats) (ert--stats-failed-expected stats)))

(defun ert-stats-completed-unexpected (stats)
  "How many tests of STATS gave a result they do not expect."
  (+ (ert--stats-passed-unexpected stats) (ert--stats-failed-unexpected stats)))

(defun ert-stats-skipped (stats)
  "How many tests of STATS were skipped."
  (ert--stats-skipped stats))

(defun ert-stats-completed (stats)
  "How many tests of STATS have run."
  (+ (ert-stats-completed-expected stats) (ert-stats-completed-unexpected stats)
     (ert-stats-skipped stats)))

(defun ert-stats-total (stats)
  "How many tests STATS runs, run or not."
  (length (ert--stats-tests stats)))

(defvar ert--current-run-stats nil
  "The `ert--stats' of the run going on.")

(defun ert-run-or-rerun-test (stats test listener)
  "Run TEST, one of the run STATS, telling LISTENER; keep its result."
  (let ((ert--current-run-stats stats)
        (pos (ert--stats-test-pos stats test)))
    (ert--begin-test stats pos test listener)
    (unwind-protect
        (ert-run-test test)
      (ert--finish-test stats pos test listener))))

(defun ert--begin-test (stats pos test listener)
  "Make TEST, at POS in STATS, the current one, its old result forgotten,
and tell LISTENER it starts."
  (ert--make-current stats pos test)
  (funcall listener 'test-started stats test)
  ;; Dropped only now, so that LISTENER could still see the last result.
  (setf (ert-test-most-recent-result test) nil)
  (ert--time-stamp (ert--stats-test-start-times stats) pos))

(defun ert--make-current (stats pos test)
  "Make TEST, at POS in STATS, the test running, with no result yet."
  (setf (ert--stats-current-test stats) test)
  (ert--stats-set-test-and-result stats pos test nil))

(defun ert--time-stamp (times pos)
  "Put the current time at POS of the vector TIMES."
  (aset times pos (current-time)))

(defun ert--finish-test (stats pos test listener)
  "Record the end and the result of TEST, at POS in STATS, and tell
LISTENER, then leave no test current."
  (ert--time-stamp (ert--stats-test-end-times stats) pos)
  (let ((result (ert-test-most-recent-result test)))
    (ert--stats-set-test-and-result stats pos test result)
    ;; No result: the run is leaving before the test had one (a
    ;; memory-full as it started), and that signal is what counts.
    (when result
      (funcall listener 'test-ended stats test result)))
  (setf (ert--stats-current-test stats) nil))

(defun ert-run-tests (selector listener &optional _interactively)
  "Run the tests SELECTOR chooses (see `ert-select-tests'), telling
LISTENER of each step; return the run's `ert--stats'."
  (let* ((tests (ert-select-tests selector t))
         (stats (ert--make-stats tests selector))
         (aborted t))
    (setf (ert--stats-start-time stats) (current-time))
    (funcall listener 'run-started stats)
    (unwind-protect
        (let ((ert--current-run-stats stats))
          (dolist (test tests)
            (ert-run-or-rerun-test stats test listener))
          (setq aborted nil))
      (setf (ert--stats-aborted-p stats) aborted)
      (setf (ert--stats-end-time stats) (current-time))
      (funcall listener 'run-ended stats aborted))
    stats))

(defun ert-string-for-test-result (result expected)
  "The word for RESULT in reports, in capitals unless EXPECTED."
  (let ((word (cond ((ert-test-passed-p result) "passed")
                    ((ert-test-failed-p result) "failed")
                    ((ert-test-skipped-p result) "skipped")
                    ((null result) "unknown")
                    ((ert-test-aborted-with-non-local-exit-p result) "aborted")
                    ((ert-test-quit-p result) "quit")
                    (t (error "Not an ERT test result: %S" result)))))
    (if expected word (upcase word))))

(defun ert-char-for-test-result (result expected)
  "The character for RESULT in a row of them, a capital unless EXPECTED."
  (let ((c (aref (ert-string-for-test-result result t) 0)))
    (if (and expected (ert-test-passed-p result)) ?. (if expected c (upcase c)))))

;;; ---- The batch runner ----------------------------------------------

(defun ert--format-time-iso8601 (time)
  "TIME as ERT's reports show it."
  (format-time-string "%Y-%m-%d %H:%M:%S%z" time))

(defvar ert-quiet nil
  "Non-nil: the batch runner reports only what was unexpected.")

(defvar ert-batch-backtrace-right-margin 70
  "The most characters of a backtrace line the batch runner shows; nil
for whole lines.")

(defun ert--report-backtrace (frames)
  "Show FRAMES (`backtrace-frame's, innermost first) as the batch runner does: a line each,
as Emacs's backtraces print them, cut at `ert-batch-backtrace-right-margin'."
  (require 'debug)
  (let ((lines (mapcar (lambda (frame)
                         (substring (debug--frame-line (backtrace--list-of frame)) 0 -1))
                       frames)))
    (if (not ert-batch-backtrace-right-margin)
        (message "%s" (mapconcat (lambda (line) (concat line "\n")) lines ""))
      (dolist (line lines)
        (message "%s" (substring line 0 (min (length line) ert-batch-backtrace-right-margin)))))))

(defun ert--infos-text (infos)
  "INFOS (PREFIX . MESSAGE), outermost first, as the batch runner shows
them: a line each, a message's later lines indented under its first."
  (mapconcat (lambda (info)
               (let ((lines (split-string (let ((text (cdr info)))
                                            (if (functionp text) (funcall text) text))
                                          "\n"))
                     (indentation (make-string (+ (length (car info)) 4) ?\s)))
                 (concat "    " (car info) (car lines) "\n"
                         (mapconcat (lambda (line) (concat indentation line "\n"))
                                    (cdr lines) ""))))
             infos ""))

(defun ert--condition-text (condition &optional level)
  "CONDITION as the batch runner shows it: `pp' within ERT's print
limits (LEVEL deep, 5 by default), at column 4, then indented again as
`indent-sexp' does in the fundamental-mode buffer where Emacs's runner
writes it."
  (require 'pp)
  (let* ((print-escape-newlines t)
         (print-level (or level 5))
         (print-length 10)
         (pp-escape-newlines t)
         (print-escape-control-characters t)
         (text (pp-to-string condition)))
    (concat "    " (let ((pp--syntax 'standard))
                      (pp--indent-lines (if (string-suffix-p "\n" text) (substring text 0 -1) text)
                                        4)))))

(defun ert--report-unexpected (test result)
  "Say what went wrong with TEST, whose RESULT was unexpected."
  (let ((name (ert-test-name test)))
    (cond ((ert-test-passed-p result) (message "Test %S passed unexpectedly" name))
          ((ert-test-result-with-condition-p result)
           (message "Test %S backtrace:" name)
           (ert--report-backtrace (ert-test-result-with-condition-backtrace result))
           (let ((infos (ert--infos-text
                         (reverse (ert-test-result-with-condition-infos result))))
                 (condition (ert--condition-text
                             (ert-test-result-with-condition-condition result))))
             (message "Test %S condition:" name)
             (message "%s" (concat infos condition))))
          ((ert-test-aborted-with-non-local-exit-p result)
           (message "Test %S aborted with non-local exit" name))
          ((ert-test-quit-p result) (message "Quit during %S" name)))))

(defun ert--report-test-ended (stats test result)
  (let ((expected (ert-test-result-expected-p test result)))
    (unless expected
      (ert--report-unexpected test result))
    (unless ert-quiet
      (let ((total (number-to-string (ert-stats-total stats))))
        (message (concat "%9s  %" (number-to-string (length total)) "s/" total "  %S (%f sec)")
                 (ert-string-for-test-result result expected)
                 (1+ (ert--stats-test-pos stats test))
                 (ert-test-name test)
                 (ert-test-result-duration result))))))

(defun ert-reason-for-test-result (result)
  "The reason RESULT was given, the argument of `ert-fail' or `ert-skip',
as \"  REASON\" printed by `prin1'; \"\" when there is none."
  (let ((reason (ert--result-reason result)))
    (if (not reason)
        ""
      ;; Short and on one line, as a report line needs it.
      (let ((print-escape-newlines t) (print-level 6) (print-length 10))
        (concat "  " (prin1-to-string reason))))))

(defun ert--result-reason (result)
  "The first datum of RESULT's condition, if it has one."
  (and (ert-test-result-with-condition-p result)
       (nth 1 (ert-test-result-with-condition-condition result))))

(defun ert--report-results (stats title keep)
  "List the tests of STATS whose results KEEP chooses, under TITLE."
  (let ((lines nil))
    (cl-loop for test across (ert--stats-tests stats)
             for result = (ert-test-most-recent-result test)
             when (funcall keep test result)
             do (push (format "%9s  %S%s" (ert-string-for-test-result result nil)
                              (ert-test-name test)
                              (if (getenv "EMACS_TEST_VERBOSE")
                                  (ert-reason-for-test-result result)
                                ""))
                      lines))
    (when lines
      (message "%d %s:" (length lines) title)
      (dolist (line (nreverse lines)) (message "%s" line))
      (message "%s" ""))))

(defun ert--report-run-ended (stats aborted)
  (let ((skipped (ert-stats-skipped stats))
        (failed-ok (ert--stats-failed-expected stats)))
    (message "\n%sRan %d tests, %d results as expected, %d unexpected%s (%s, %f sec)%s\n"
             (if aborted "Aborted: " "")
             (ert-stats-total stats) (ert-stats-completed-expected stats)
             (ert-stats-completed-unexpected stats)
             (if (zerop skipped) "" (format ", %d skipped" skipped))
             (ert--format-time-iso8601 (ert--stats-end-time stats))
             (float-time (time-subtract (ert--stats-end-time stats)
                                        (ert--stats-start-time stats)))
             (if (zerop failed-ok) "" (format "\n%d expected failures" failed-ok)))
    (ert--report-results stats "unexpected results"
                         (lambda (test result) (not (ert-test-result-expected-p test result))))
    (ert--report-results stats "skipped results"
                         (lambda (_test result) (ert-test-skipped-p result)))))

(defun ert-run-tests-batch (&optional selector)
  "Run the tests SELECTOR chooses (all if nil), reporting with `message'
as Emacs's batch runner does; return the run's `ert--stats'."
  (let ((selector (or selector t)))
    (ert-run-tests
     selector
     (lambda (event &rest args)
       (pcase event
         ('run-started
          (unless ert-quiet
            (message "Running %d tests (%s, selector `%S')"
                     (ert-stats-total (car args))
                     (ert--format-time-iso8601 (ert--stats-start-time (car args)))
                     selector)))
         ('test-ended (apply #'ert--report-test-ended args))
         ('run-ended (apply #'ert--report-run-ended args)))))))

(defun ert-run-tests-batch-and-exit (&optional selector)
  "Run the tests chosen by SELECTOR and exit: status 0 when every
result was expected, 1 otherwise, 2 when the run itself failed."
  (let ((stats (condition-case err
                   (ert-run-tests-batch selector)
                 (error (message "Error running tests: %S" err)
                        (kill-emacs 2)))))
    (kill-emacs (if (zerop (ert-stats-completed-unexpected stats)) 0 1))))

;;; ---- The interactive runner -------------------------------------
;; A results buffer as Emacs's shows a finished run: the counts, a
;; progress bar of a character per test, and the tests whose result
;; was unexpected.  Its buttons are text with the properties
;; `insert-text-button' gives.  Not done: rerunning, moving between
;; and expanding entries.

(defun ert--results-button (text type &rest properties)
  "Insert TEXT as a button of TYPE with PROPERTIES.  As button.el's
types, TYPE has an uninterned symbol TYPE-button as its category."
  (let ((category (or (get type 'button-category-symbol)
                      (put type 'button-category-symbol
                           (make-symbol (format "%s-button" type))))))
    (insert (apply #'propertize text 'button '(t) 'category category properties))))

(defun ert--results-face (expected)
  "The face that shows a result that was EXPECTED, or the `button'
face when font lock is off."
  (if (bound-and-true-p font-lock-mode)
      (if expected 'ert-test-result-expected 'ert-test-result-unexpected)
    'button))

(defun ert--results-stats-face (stats)
  "The face of the progress bar of STATS."
  (cond ((not (bound-and-true-p font-lock-mode)) 'button)
        ((ert--stats-aborted-p stats) nil)
        ((> (ert-stats-completed-unexpected stats) 0) 'ert-test-result-unexpected)
        ((= (ert-stats-completed-expected stats) (ert-stats-total stats))
         'ert-test-result-expected)))

(defun ert--readable-selector (selector)
  "SELECTOR with each test in it shown by a symbol <NAME>."
  (cond ((ert-test-p selector)
         (make-symbol (if (ert-test-name selector)
                          (format "<%S>" (ert-test-name selector))
                        "<unnamed test>")))
        ((and (consp selector) (memq (car selector) '(member eql and not or)))
         (cons (car selector) (mapcar #'ert--readable-selector (cdr selector))))
        (t selector)))

(defun ert--results-count (expected unexpected)
  "EXPECTED + UNEXPECTED results, with how many were unexpected."
  (let ((total (number-to-string (+ expected unexpected))))
    (if (> unexpected 0)
        (concat total " (" (number-to-string unexpected) " unexpected)")
      total)))

(defun ert--results-insert-header (stats)
  "Insert the counts and state of the run STATS and its progress bar."
  (insert (format "Selector: %S\n" (ert--readable-selector (ert--stats-selector stats)))
          (format "Passed:  %s\nFailed:  %s\nSkipped: %s\nTotal:   %s/%s\n\n"
                  (ert--results-count (ert--stats-passed-expected stats)
                                      (ert--stats-passed-unexpected stats))
                  (ert--results-count (ert--stats-failed-expected stats)
                                      (ert--stats-failed-unexpected stats))
                  (ert-stats-skipped stats) (ert-stats-completed stats)
                  (ert-stats-total stats))
          (format "Started at:   %s\n" (ert--format-time-iso8601 (ert--stats-start-time stats))))
  (let ((current (ert--stats-current-test stats)))
    (cond ((ert--stats-aborted-p stats)
           (insert (if current "Aborted during test: " "Aborted.")))
          (current (insert "Running test: "))
          ((ert--stats-end-time stats) (insert "Finished.")))
    (when current
      (ert--results-button (format "%S" (ert-test-name current)) 'ert--test-name-button
                           'ert-test-name (ert-test-name current))))
  (insert "\n")
  (if (ert--stats-end-time stats)
      (insert (if (ert--stats-aborted-p stats) "Aborted at:   " "Finished at:  ")
              (ert--format-time-iso8601 (ert--stats-end-time stats)) "\n")
    (insert "\n"))
  (insert "\n")
  (ert--results-button (ert--results-progress-bar stats) 'ert--results-progress-bar-button
                       'face (ert--results-stats-face stats))
  (insert "\n\n"))

(defun ert--results-progress-bar (stats)
  "A character for the result of each test of STATS."
  (let ((tests (ert--stats-tests stats))
        (results (ert--stats-test-results stats)))
    (apply #'string
           (cl-loop for i below (length tests)
                    collect (ert-char-for-test-result
                             (aref results i)
                             (ert-test-result-expected-p (aref tests i) (aref results i)))))))

(defun ert--results-insert-infos (infos)
  "Insert INFOS, each (PREFIX . MESSAGE), a message's later lines
indented under its first; MESSAGE keeps its text properties."
  (dolist (info infos)
    (let ((start (point))
          (indentation (make-string (+ (length (car info)) 4) ?\s)))
      (insert (cdr info) "\n")
      (save-excursion
        (let ((end (copy-marker (point))))
          (goto-char start)
          (insert "    " (car info))
          (forward-line 1)
          (while (< (point) end)
            (insert indentation)
            (forward-line 1))
          (set-marker end nil))))))

(defun ert--results-insert-entry (test result)
  "Insert the entry of TEST, whose RESULT was unexpected."
  (ert--results-button (string (ert-char-for-test-result result nil))
                       'ert--results-expand-collapse-button 'face (ert--results-face nil))
  (insert " ")
  (ert--results-button (format "%S" (ert-test-name test)) 'ert--test-name-button
                       'ert-test-name (ert-test-name test))
  (insert "\n")
  (when (ert-test-documentation test)
    (insert "    " (propertize (ert--string-first-line (ert-test-documentation test))
                               'font-lock-face 'font-lock-doc-face)
            "\n"))
  (cond ((ert-test-passed-p result) (insert "    passed unexpectedly\n"))
        ((ert-test-result-with-condition-p result)
         (ert--results-insert-infos (reverse (ert-test-result-with-condition-infos result)))
         (insert (ert--condition-text (ert-test-result-with-condition-condition result) 6)
                 "\n"))
        ((ert-test-aborted-with-non-local-exit-p result) (insert "    aborted\n"))
        ((ert-test-quit-p result) (insert "    quit\n")))
  (insert "\n"))

(defvar-local ert--results-stats nil
  "The `ert--stats' of the run a results buffer shows.")

(defun ert--results-redraw ()
  "Draw this results buffer again from its run."
  (when ert--results-stats
    (let ((inhibit-read-only t)
          (stats ert--results-stats))
      (erase-buffer)
      (ert--results-insert-header stats)
      (dotimes (i (length (ert--stats-tests stats)))
        (let ((test (aref (ert--stats-tests stats) i))
              (result (aref (ert--stats-test-results stats) i)))
          (when (and result (not (ert-test-result-expected-p test result)))
            (ert--results-insert-entry test result))))
      (insert "\n")
      (goto-char (point-min)))))

(define-derived-mode ert-results-mode special-mode "ERT-Results"
  "The mode of the buffer showing the results of a run of ERT tests."
  ;; Faces show results only with font lock on: turning it on or off
  ;; draws the buffer again.
  (add-hook 'font-lock-mode-hook #'ert--results-redraw nil t))

(defun ert-run-tests-interactively (selector &optional output-buffer-name message-fn)
  "Run the tests SELECTOR chooses, showing their results in the buffer
OUTPUT-BUFFER-NAME (*ert* by default), and say how it went through
MESSAGE-FN (`message' by default)."
  (interactive (list (read-from-minibuffer "Run tests (default t): " nil nil t nil nil "t")))
  (let ((buffer (get-buffer-create (or output-buffer-name "*ert*")))
        (message-fn (or message-fn #'message)))
    (ert-run-tests
     selector
     (lambda (event stats &rest _)
       (pcase event
         ('run-started
          (with-current-buffer buffer
            (ert-results-mode)
            (setq ert--results-stats stats)
            (ert--results-redraw))
          (pop-to-buffer buffer))
         ('test-ended (with-current-buffer buffer (ert--results-redraw)))
         ('run-ended
          (with-current-buffer buffer (ert--results-redraw))
          (funcall message-fn "%sRan %s tests, %s results were as expected%s%s"
                   (if (ert--stats-aborted-p stats) "Aborted: " "")
                   (ert-stats-total stats)
                   (ert-stats-completed-expected stats)
                   (let ((unexpected (ert-stats-completed-unexpected stats)))
                     (if (zerop unexpected) "" (format ", %s unexpected" unexpected)))
                   (let ((skipped (ert-stats-skipped stats)))
                     (if (zerop skipped) "" (format ", %s skipped" skipped)))))))
     t)))

(provide 'ert)

;;; ert.el ends here
