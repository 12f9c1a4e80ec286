;;; debug-handlers-tests.el --- condition-case clauses that let the debugger in, as in Emacs 28  -*- lexical-binding: t -*-

(require 'ert)

(defun debug-handlers--entries (body)
  "The debugger calls while BODY runs with `debug-on-error' set, and
BODY's value: (VALUE . CALLS)."
  (let ((calls nil))
    ;; Batch Emacs enters the debugger once until an input event comes.
    (setq num-nonmacro-input-events (1+ num-nonmacro-input-events))
    (let* ((debug-on-error t) (debug-ignored-errors nil)
           (debugger (lambda (&rest args) (push args calls)))
           (value (funcall body)))
      (cons value (nreverse calls)))))

(ert-deftest debug-handlers-condition-case-unless-debug-shape ()
  (let ((print-gensym nil))
    (dolist (case '(((condition-case-unless-debug err (f) (error 1))
                     . "(condition-case err (f) ((debug error) 1))")
                    ((condition-case-unless-debug nil (f))
                     . "(condition-case nil (f))")
                    ((condition-case-unless-debug e (f) (error 1) (quit 2) (:success 3))
                     . "(condition-case e (f) ((debug error) 1) ((debug quit) 2) ((debug :success) 3))")
                    ((condition-case-unless-debug e (f) ((error quit) 1) (nil 2))
                     . "(condition-case e (f) ((debug error quit) 1) ((debug) 2))")
                    ((with-demoted-errors "E: %S" (f))
                     . "(condition-case-unless-debug err (f) (error (message \"E: %S\" err) nil))")))
      (should (equal (cons (car case) (prin1-to-string (macroexpand-1 (car case)))) case)))))

(ert-deftest debug-handlers-only-a-list-naming-debug-lets-it-in ()
  ;; The clause that catches the error decides: a list of conditions
  ;; with `debug' in it calls the debugger, then the handler runs.
  (should (equal (debug-handlers--entries
                  (lambda () (condition-case nil (error "x") ((debug error) 'caught))))
                 '(caught (error (error "x")))))
  ;; `debug' as the condition itself is no such clause; nor is one that
  ;; does not catch the error.
  (should (equal (debug-handlers--entries
                  (lambda () (condition-case nil (error "x") (debug 'dbg) (error 'err))))
                 '(err)))
  (should (equal (debug-handlers--entries
                  (lambda () (condition-case nil (error "x") ((debug quit) 'q) (error 'err))))
                 '(err)))
  (should (equal (debug-handlers--entries
                  (lambda () (condition-case nil (error "x") ((debug) 'dbg) (error 'err))))
                 '(err)))
  ;; The first clause that catches it counts.
  (should (equal (debug-handlers--entries
                  (lambda () (condition-case nil (error "x") (error 'err) ((debug error) 'dbg))))
                 '(err)))
  (should (equal (debug-handlers--entries
                  (lambda () (condition-case nil (car 1) ((debug wrong-type-argument) 'dbg) (error 'err))))
                 '(dbg (error (wrong-type-argument listp 1)))))
  (should (equal (debug-handlers--entries
                  (lambda () (condition-case-unless-debug e (car 1) (error (list 'caught e)))))
                 '((caught (wrong-type-argument listp 1)) (error (wrong-type-argument listp 1)))))
  ;; Without debug-on-error, it is an ordinary handler.
  (let ((debug-on-error nil))
    (should (eq (condition-case nil (error "x") ((debug error) 'caught)) 'caught))
    (should (equal (condition-case-unless-debug e (error "y") (error (list 'caught e)))
                   '(caught (error "y"))))))

(ert-deftest debug-handlers-variables ()
  ;; ERT binds debug-on-error (and, in Emacs, debug-on-quit) while a
  ;; test runs.
  (should (equal (mapcar #'boundp '(debug-on-error debug-on-signal debug-on-quit debug-ignored-errors))
                 '(t t t t)))
  (should-not debug-on-signal)
  ;; ERT clears debug-ignored-errors while a test runs.
  (should-not debug-ignored-errors))

(ert-deftest debug-handlers-fail-an-ert-test ()
  ;; ERT sets debug-on-error (and clears debug-ignored-errors) while a
  ;; test runs: an error a `debug' handler catches fails the test.
  (dolist (body (list (lambda () (condition-case nil (error "x") ((debug error) 'caught)))
                      (lambda () (condition-case nil (user-error "x") ((debug error) 'caught)))
                      (lambda () (condition-case-unless-debug nil (error "x") (error nil)))))
    (let ((result (ert-run-test (make-ert-test :body body))))
      (should (ert-test-failed-p result))
      (should (memq (car (ert-test-result-with-condition-condition result)) '(error user-error)))))
  (should (ert-test-passed-p
           (ert-run-test (make-ert-test
                          :body (lambda () (condition-case nil (error "x") (error 'caught))))))))

;;; debug-handlers-tests.el ends here
