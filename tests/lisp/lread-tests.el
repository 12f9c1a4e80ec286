;;; lread-tests.el --- read from buffers and markers, eval-buffer, eval-region  -*- lexical-binding: t -*-

(require 'ert)

(ert-deftest lread-read-from-a-buffer-moves-point ()
  (with-temp-buffer
    (insert "(one 2) three ; note\n  \"four\" ")
    (goto-char (point-min))
    (should (equal (read (current-buffer)) '(one 2)))
    (should (= (point) 8))
    (should (eq (read (current-buffer)) 'three))
    (should (= (point) 14))
    (should (equal (read (current-buffer)) "four"))
    ;; Nothing left but blanks.
    (should-error (read (current-buffer)) :type 'end-of-file)))

(ert-deftest lread-read-from-a-marker-moves-the-marker ()
  (with-temp-buffer
    (insert "alpha [beta gamma] δ")
    (goto-char (point-min))
    (let ((m (copy-marker 7)))
      (should (equal (read m) [beta gamma]))
      (should (= (marker-position m) 19))
      (should (eq (read m) 'δ))
      (should (= (marker-position m) 21))
      ;; Point stays.
      (should (= (point) 1)))))

(ert-deftest lread-read-from-another-buffer ()
  (let ((other (generate-new-buffer "lread-other")))
    (unwind-protect
        (progn
          (with-current-buffer other (insert "x y") (goto-char 2))
          (should (eq (read other) 'y))
          (should (= (with-current-buffer other (point)) 4)))
      (kill-buffer other))))

(defvar lread-tests--value nil)

(ert-deftest lread-eval-buffer-heeds-the-cookie ()
  (with-temp-buffer
    (insert ";; -*- lexical-binding: t -*-\n"
            "(setq lread-tests--value (let ((n 5)) (lambda () n)))\n")
    (should-not (eval-buffer))
    (should (= (funcall lread-tests--value) 5)))
  ;; Without a cookie the text is evaluated with dynamic binding: the
  ;; function made is the list Emacs makes then.
  (with-temp-buffer
    (insert "(setq lread-tests--value (let ((n 5)) (lambda () n)))\n")
    (let ((lexical-binding t))
      (eval-buffer))
    (should (equal lread-tests--value '(lambda nil n)))))

(ert-deftest lread-eval-buffer-output-and-errors ()
  (with-temp-buffer
    (insert "(princ \"out\") (+ 1 2)")
    ;; Output is discarded unless PRINTFLAG says where it goes, and then
    ;; every value is printed there too.
    (should (equal (with-output-to-string (eval-buffer)) ""))
    (should (equal (with-output-to-string (eval-buffer nil standard-output))
                   "out\n\"out\"\n\n3\n"))
    (should (equal (with-output-to-string (eval-region 15 22 standard-output))
                   "\n3\n"))
    (should (= (point) (point-max))))
  (with-temp-buffer
    (insert "(1+ 1) (no-such-function-here)")
    (should-error (eval-buffer) :type 'void-function))
  (with-temp-buffer
    (insert "(list 1")
    (should-error (eval-buffer) :type 'end-of-file))
  (should-error (eval-buffer "lread-tests: no such buffer")))

(defvar lread-tests--trace nil)

(defun lread-tests--eval-buffer-trace (text)
  "The trace the forms of TEXT leave when eval-buffer runs them."
  (setq lread-tests--trace nil)
  (with-temp-buffer
    (insert text)
    (condition-case err (eval-buffer)
      (error (push err lread-tests--trace))))
  (reverse lread-tests--trace))

(ert-deftest lread-eval-buffer-reads-the-buffer-itself ()
  ;; Each form runs with point just after it.
  (should (equal (lread-tests--eval-buffer-trace
                  "(push (point) lread-tests--trace)  (push (point) lread-tests--trace)")
                 '(34 69)))
  ;; Text a form inserts at point is skipped; text it inserts further
  ;; on is read.
  (should (equal (lread-tests--eval-buffer-trace
                  (concat "(insert \"(push 'skipped lread-tests--trace)\")\n"
                          "(save-excursion (goto-char (point-max))"
                          " (insert \" (push 'appended lread-tests--trace)\"))"))
                 '(appended)))
  ;; Moving point moves the reading.
  (should (equal (lread-tests--eval-buffer-trace
                  (concat "(push 1 lread-tests--trace) (goto-char (point-max))"
                          " (push 2 lread-tests--trace)"))
                 '(1)))
  (should (equal (lread-tests--eval-buffer-trace
                  "(push 1 lread-tests--trace) (erase-buffer) (push 2 lread-tests--trace)")
                 '(1)))
  (should (equal (lread-tests--eval-buffer-trace
                  "(push 1 lread-tests--trace) (kill-buffer) (push 2 lread-tests--trace)")
                 '(1 (error "Reading from killed buffer"))))
  ;; The forms after one that changes buffers still come from this one.
  (should (equal (lread-tests--eval-buffer-trace
                  (concat "(set-buffer (get-buffer-create \" lread-tests other\"))"
                          " (push (buffer-name) lread-tests--trace)"))
                 '(" lread-tests other")))
  (kill-buffer " lread-tests other"))

(ert-deftest lread-eval-buffer-point-and-reader ()
  (with-temp-buffer
    (insert "(push (point) lread-tests--trace) ; a comment\n  (+ 1 2)")
    (goto-char 7)
    (setq lread-tests--trace nil)
    (let ((load-read-function
           (lambda (stream)
             (push (list 'read (point)) lread-tests--trace)
             (read stream))))
      (eval-buffer))
    (should (equal (reverse lread-tests--trace) '((read 1) 34 (read 49))))
    ;; Point is back where it was.
    (should (= (point) 7))))

(ert-deftest lread-eval-region-reads-the-buffer-itself ()
  (with-temp-buffer
    (insert "(push (point) lread-tests--trace) (push 'two lread-tests--trace)"
            " (push 'three lread-tests--trace)")
    (goto-char (point-max))
    (setq lread-tests--trace nil)
    ;; The forms run with point where it was, and the narrowing to the
    ;; region is only for the reading.
    (eval-region 1 66 nil (lambda (stream)
                            (push (list 'read (point) (point-max)) lread-tests--trace)
                            (read stream)))
    (should (equal (reverse lread-tests--trace)
                   '((read 1 66) 98 (read 35 66) two)))
    ;; A form that moves point leaves it there.
    (erase-buffer)
    (insert "(goto-char 3)")
    (eval-region 1 (point-max))
    (should (= (point) 3))))

(ert-deftest lread-eval-buffer-files-definitions-under-filename ()
  (with-temp-buffer
    (insert "(defun lread-tests--filed () 'filed)")
    (eval-buffer nil nil "/tmp/lread-tests-filed.el"))
  (should (equal (symbol-file 'lread-tests--filed) "/tmp/lread-tests-filed.el"))
  (should (equal (assoc "/tmp/lread-tests-filed.el" load-history)
                 '("/tmp/lread-tests-filed.el" (defun . lread-tests--filed)))))

(ert-deftest lread-substitute-object-in-subtree ()
  ;; The placeholder, wherever it is inside the object, becomes the
  ;; object: what the reader does for #N=.
  (let ((tree (list 'ph (vector 0 'ph) (record 'rec 'ph)
                    (propertize "t" 'key 'ph) (list (list 'ph 'ph)))))
    (should-not (lread--substitute-object-in-subtree tree 'ph t))
    (should (eq (nth 0 tree) tree))
    (should (eq (aref (nth 1 tree) 1) tree))
    (should (eq (aref (nth 2 tree) 1) tree))
    (should (eq (get-text-property 0 'key (nth 3 tree)) tree))
    (should (equal (mapcar (lambda (x) (eq x tree)) (car (nth 4 tree))) '(t t))))
  ;; An object already circular is visited once.
  (let ((pair (cons nil 'ph)))
    (setcar pair pair)
    (lread--substitute-object-in-subtree pair 'ph t)
    (should (eq (car pair) pair))
    (should (eq (cdr pair) pair))))
