;;; backtrace-tests.el --- backtrace-frame, mapbacktrace, backtrace  -*- lexical-binding: t -*-

(require 'ert)

(defun backtrace-tests--inner (x)
  (list (backtrace-frame 0 'backtrace-tests--inner)
        (backtrace-frame 1 'backtrace-tests--inner)
        (backtrace-frames 'backtrace-tests--outer)
        x))

(defun backtrace-tests--outer (a b)
  (backtrace-tests--inner (+ a b)))

(ert-deftest backtrace-frame-counts-out-from-its-base ()
  (let ((r (backtrace-tests--outer 2 3)))
    (should (equal (nth 0 r) '(t backtrace-tests--inner 5)))
    (should (equal (nth 1 r) '(t backtrace-tests--outer 2 3)))
    (should (equal (car (nth 2 r)) '(t backtrace-tests--outer (2 3) nil)))
    (should (= (nth 3 r) 5)))
  (should (equal (backtrace-frame 0) '(t backtrace-frame 0)))
  (should (null (backtrace-frame most-positive-fixnum)))
  (should-error (backtrace-frame -1) :type 'wrong-type-argument)
  (should-error (backtrace-frame 'one) :type 'wrong-type-argument))

(ert-deftest backtrace-frame-with-a-base-not-running ()
  (should (null (backtrace-frame 0 (make-symbol "not-running"))))
  (should (null (backtrace-frame 0 'backtrace-tests--outer))))

(defun backtrace-tests--collect (base)
  (let ((frames nil))
    (mapbacktrace (lambda (evald function args flags)
                    (push (list evald function args flags) frames))
                  base)
    (nreverse frames)))

(ert-deftest mapbacktrace-visits-each-frame-from-base ()
  (should (null (mapbacktrace #'ignore)))
  (should (null (mapbacktrace #'error (make-symbol "absent"))))
  (let ((frames (backtrace-tests--collect 'backtrace-tests--collect)))
    (should (equal (car frames) '(t backtrace-tests--collect (backtrace-tests--collect) nil)))
    (should (memq 'ert-run-test (mapcar #'cadr frames))))
  (let* ((report (lambda (&rest frame) (throw 'first frame)))
         (first (catch 'first (mapbacktrace report))))
    (should (equal first (list t 'mapbacktrace (list report) nil)))))

(ert-deftest backtrace-frames-and-backtrace-frame-agree ()
  (let* ((frames (backtrace-tests--collect 'ert-run-test))
         (one-by-one (let ((i 0) (frame t) (acc nil))
                       (while (setq frame (backtrace-frame i 'ert-run-test))
                         (push frame acc)
                         (setq i (1+ i)))
                       (nreverse acc))))
    (should (> (length frames) 0))
    (should (equal (mapcar (lambda (f) (cons (nth 0 f) (cons (nth 1 f) (nth 2 f)))) frames)
                   one-by-one))))

(defun backtrace-tests--spread (first &optional second &rest more)
  (ignore first second more)
  (backtrace-frame 1 'backtrace-frame))

(ert-deftest backtrace-frame-shows-the-arguments-given ()
  ;; As they were passed: not the &rest list the function binds, nor
  ;; the nil of a missing &optional.
  (should (equal (backtrace-tests--spread 'a 'b 'c 'd) '(t backtrace-tests--spread a b c d)))
  (should (equal (backtrace-tests--spread 'a 'b 'c) '(t backtrace-tests--spread a b c)))
  (should (equal (backtrace-tests--spread 'a 'b) '(t backtrace-tests--spread a b)))
  (should (equal (backtrace-tests--spread 'a) '(t backtrace-tests--spread a)))
  (should (equal (apply #'backtrace-tests--spread '(1 (2) [3] "4"))
                 '(t backtrace-tests--spread 1 (2) [3] "4"))))

(defun backtrace-tests--print ()
  (with-output-to-string (backtrace)))

(ert-deftest backtrace-prints-the-calls ()
  (let ((text (backtrace-tests--print)))
    (should (string-match-p "^  backtrace()$" text))
    (should (string-match-p "^  backtrace-tests--print()$" text))
    (should (string-match-p "^  ert-run-test(" text))
    (should (< (string-match "backtrace-tests--print()" text)
               (string-match "ert-run-test(" text))))
  (should (null (let ((standard-output #'ignore)) (backtrace)))))

(ert-deftest called-interactively-p-in-batch ()
  (defun backtrace-tests--who-called ()
    (list (called-interactively-p) (called-interactively-p 'any) (called-interactively-p 'interactive)))
  (should (equal (backtrace-tests--who-called) '(nil nil nil))))

;;; backtrace-tests.el ends here
