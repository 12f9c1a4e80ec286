;;; ert-debug-tests.el --- ERT and handlers that let the debugger in  -*- lexical-binding: t -*-

;; A test's error that a condition-case clause naming `debug' would
;; catch enters ERT's debugger first (ERT binds debug-on-error), which
;; ends the test there: the handler's body never runs.

(require 'ert)

(defvar ert-debug-tests--log nil)

(defun ert-debug-tests--run (body)
  "Run BODY as a test: (RESULT-TYPE CONDITION LOG)."
  (setq ert-debug-tests--log nil)
  (let ((result (ert-run-test (make-ert-test :name 'ert-debug-tests--inner :body body))))
    (list (type-of result)
          (and (ert-test-result-with-condition-p result)
               (ert-test-result-with-condition-condition result))
          (reverse ert-debug-tests--log))))

(defun ert-debug-tests--note (x) (push x ert-debug-tests--log))

(ert-deftest ert-debug-handler-body-skipped ()
  (should (equal (ert-debug-tests--run
                  (lambda ()
                    (ert-debug-tests--note 'before)
                    (condition-case nil (error "boom")
                      ((debug error) (ert-debug-tests--note 'handler)))
                    (ert-debug-tests--note 'after)))
                 '(ert-test-failed (error "boom") (before))))
  (should (equal (ert-debug-tests--run
                  (lambda ()
                    (condition-case nil (car 1)
                      ((debug wrong-type-argument) (ert-debug-tests--note 'handler)))))
                 '(ert-test-failed (wrong-type-argument listp 1) nil)))
  (should (equal (ert-debug-tests--run
                  (lambda ()
                    (condition-case nil (error "x")
                      ((debug t) (ert-debug-tests--note 'handler)))))
                 '(ert-test-failed (error "x") nil))))

(ert-deftest ert-debug-nested-and-should ()
  ;; The inner error ends the test: the outer handler does not see it.
  (should (equal (ert-debug-tests--run
                  (lambda ()
                    (condition-case nil
                        (condition-case nil (error "inner")
                          ((debug error) (ert-debug-tests--note 'inner) (error "again")))
                      (error (ert-debug-tests--note 'outer)))))
                 '(ert-test-failed (error "inner") nil)))
  (should (equal (ert-debug-tests--run
                  (lambda ()
                    (condition-case nil (should (= 1 2))
                      ((debug error) (ert-debug-tests--note 'handler)))))
                 '(ert-test-failed
                   (ert-test-failed ((should (= 1 2)) :form (= 1 2) :value nil))
                   nil)))
  (should (equal (ert-debug-tests--run
                  (lambda ()
                    (condition-case nil (ert-skip "not here")
                      ((debug ert-test-skipped) (ert-debug-tests--note 'handler)))))
                 '(ert-test-skipped (ert-test-skipped "not here") nil))))

(ert-deftest ert-debug-handlers-without-debug ()
  ;; Handlers that do not name `debug' catch as usual, before and after
  ;; a test that the debugger ended.
  (should (equal (ert-debug-tests--run
                  (lambda ()
                    (condition-case nil (error "x") (error (ert-debug-tests--note 'plain)))
                    (ignore-errors
                      (condition-case nil (error "y")
                        ((debug quit) (ert-debug-tests--note 'quit))))
                    (ert-debug-tests--note
                     (catch 'tag (condition-case nil (throw 'tag 'thrown)
                                   ((debug error) 'handler))))))
                 '(ert-test-passed nil (plain thrown))))
  ;; Each test enters the debugger anew.
  (dotimes (_ 2)
    (should (equal (car (ert-debug-tests--run
                         (lambda () (condition-case nil (error "z")
                                      ((debug error) (ert-debug-tests--note 'h))))))
                   'ert-test-failed))))

(ert-deftest ert-debug-expected-failure ()
  (let* ((test (make-ert-test :name 'ert-debug-tests--expected
                              :expected-result-type :failed
                              :body (lambda ()
                                      (condition-case nil (error "k")
                                        ((debug error) 'handled)))))
         (result (ert-run-test test)))
    (should (ert-test-failed-p result))
    (should (ert-test-result-expected-p test result))))

(ert-deftest ert-debug-debugger-may-throw ()
  ;; Outside ERT: a debugger that throws leaves the handler unrun, and
  ;; the next error enters the debugger again (in batch, once an input
  ;; event has come since the last time, as ERT's debugger counts one).
  (let ((debug-on-error t) (debug-ignored-errors nil) (entered 0))
    (let ((debugger (lambda (&rest args)
                      (setq entered (1+ entered))
                      (setq num-nonmacro-input-events (1+ num-nonmacro-input-events))
                      (throw 'out (cadr args)))))
      (dotimes (i 2)
        (should (equal (catch 'out
                         (condition-case nil (error "e%d" i)
                           ((debug error) 'handler)))
                       (list 'error (format "e%d" i))))))
    (should (= entered 2))))
