;;; load-tests.el --- load and the lexical-binding cookie  -*- lexical-binding: t -*-

(require 'ert)

(defconst load-tests--dir
  (expand-file-name "fixtures" (file-name-directory load-file-name)))

(defvar dynamic-fixture-offset)

(ert-deftest load-file-without-cookie-binds-dynamically ()
  (load (expand-file-name "dynamic-fixture" load-tests--dir) nil t)
  (should (eq dynamic-fixture-binding-seen nil))
  (should (= (dynamic-fixture-scaled 7) 7))
  (let ((adder (dynamic-fixture-adder 1)))
    (should (equal adder '(lambda (x) (+ x dynamic-fixture-offset))))
    (should (= (let ((dynamic-fixture-offset 100)) (funcall adder 1)) 101)))
  (should (equal (symbol-function 'dynamic-fixture-doubler)
                 '(lambda nil #'(lambda (y) (* 2 y)))))
  (should (equal (dynamic-fixture-doubler) '(lambda (y) (* 2 y))))
  (should (= (funcall (dynamic-fixture-doubler) 4) 8)))

(ert-deftest load-cookie-after-a-script-line ()
  (load (expand-file-name "script-fixture" load-tests--dir) nil t)
  (should (eq script-fixture-binding-seen t))
  (should (= (funcall (script-fixture-adder 10) 5) 15)))

(defun load-tests--write (dir name text)
  (let ((file (expand-file-name name dir)))
    (with-temp-file file (insert text))
    file))

(ert-deftest load-history-records-definitions ()
  (let* ((dir (make-temp-file "load-tests" t))
         (load-path (cons dir load-path))
         (main (load-tests--write
                dir "load-tests-main.el"
                (concat ";; -*- lexical-binding: t -*-\n"
                        "(require 'load-tests-dep)\n"
                        "(defvar load-tests--v 1)\n(defvar load-tests--only-declared)\n"
                        "(defun load-tests--f () 1)\n(defmacro load-tests--m () 1)\n"
                        "(define-symbol-prop 'load-tests--f 'load-tests--prop t)\n"
                        "(autoload 'load-tests--later \"load-tests-dep\")\n"
                        "(provide 'load-tests-main)\n")))
         (dep (load-tests--write dir "load-tests-dep.el"
                                 "(defun load-tests--g () 2)\n(provide 'load-tests-dep)\n")))
    (unwind-protect
        (progn
          (load main nil t)
          ;; The newest file first, with what it defined in order.
          (should (equal (car load-history)
                         (list main '(require . load-tests-dep) 'load-tests--v
                               '(defun . load-tests--f) '(defun . load-tests--m)
                               '(define-symbol-props (load-tests--prop load-tests--f))
                               '(autoload . load-tests--later) '(provide . load-tests-main))))
          (should (equal (cdr (assoc dep load-history))
                         '((defun . load-tests--g) (provide . load-tests-dep))))
          (should (equal (symbol-file 'load-tests--f) main))
          (should (equal (symbol-file 'load-tests--f 'defun) main))
          (should (equal (symbol-file 'load-tests--v 'defvar) main))
          (should-not (symbol-file 'load-tests--v 'defun))
          (should-not (symbol-file 'load-tests--only-declared))
          (should (equal (symbol-file 'load-tests--f 'load-tests--prop) main))
          (should (equal (symbol-file 'load-tests--g) dep))
          (should (equal (symbol-file 'load-tests--later) "load-tests-dep"))
          ;; Loading again replaces the file's entry.
          (load main nil t)
          (should (= (length (seq-filter (lambda (e) (equal (car e) main)) load-history)) 1))
          ;; Code evaluated from a buffer is filed under nil.
          (with-temp-buffer
            (insert "(defun load-tests--from-buffer () 3)")
            (eval-buffer))
          (should-not (symbol-file 'load-tests--from-buffer))
          (should (member '(defun . load-tests--from-buffer) (cdr (assq nil load-history)))))
      (delete-file main)
      (delete-file dep)
      (delete-directory dir))))

(ert-deftest load-history-knows-the-preloaded-library ()
  (should (stringp (symbol-file 'when)))
  (should (string-match-p "subr\\.elc?\\'" (symbol-file 'when))))

(ert-deftest load-make-and-delete-directories ()
  (let* ((top (make-temp-file "load-tests-dirs" t))
         (deep (expand-file-name "a/b/c" top)))
    (unwind-protect
        (progn
          (should-error (make-directory deep) :type 'file-missing)
          (should-not (make-directory deep t))
          (should (file-directory-p deep))
          (should-not (make-directory deep t))
          (should-error (make-directory deep) :type 'file-already-exists)
          (with-temp-file (expand-file-name "note" deep) (insert "x"))
          (should-error (delete-directory (expand-file-name "a" top)) :type 'file-error)
          (should-not (delete-directory (expand-file-name "a" top) t))
          (should-not (file-exists-p (expand-file-name "a" top)))
          (should-error (delete-directory (expand-file-name "a" top)) :type 'file-missing))
      (delete-directory top t))
    (should-not (file-exists-p top))))

(defvar load-tests--trail nil)

(ert-deftest load-eval-after-load ()
  (let* ((dir (make-temp-file "load-tests" t))
         (feature (intern (format "load-tests-feature-%s" (random 1000000))))
         (file (load-tests--write
                dir "eal-fixture.el"
                (format "(push 'providing load-tests--trail)\n(provide '%s)\n(push 'after-provide load-tests--trail)\n"
                        feature)))
         (after-load-functions
          (list (lambda (f) (push (list 'loaded (file-name-nondirectory f)) load-tests--trail)))))
    (unwind-protect
        (progn
          (setq load-tests--trail nil)
          ;; Nothing runs before the feature is there.
          (should (null (eval-after-load feature '(push 'form load-tests--trail))))
          (with-eval-after-load feature (push 'body load-tests--trail))
          (eval-after-load "eal-fixture" (lambda () (push 'by-name load-tests--trail)))
          (should (null load-tests--trail))
          (load file nil t)
          ;; A feature's functions wait for the end of the file providing it,
          ;; after the file-name ones, then after-load-functions.
          (should (equal (reverse load-tests--trail)
                         '(providing after-provide by-name (loaded "eal-fixture.el") form body)))
          ;; Once loaded, at once, with the form's value.
          (should (equal (eval-after-load feature '(+ 1 2)) 3))
          (should (equal (eval-after-load file '(+ 2 2)) 4))
          (setq load-tests--trail nil)
          (load file nil t)
          (should (memq 'form load-tests--trail))
          (should (memq 'by-name load-tests--trail))
          (should (assoc feature after-load-alist)))
      (setq after-load-alist (assq-delete-all feature after-load-alist))
      (delete-directory dir t))))

(ert-deftest load-eval-after-load-provide-outside-a-load ()
  (let ((feature (intern (format "load-tests-feature-%s" (random 1000000))))
        (ran nil))
    (unwind-protect
        (progn
          (with-eval-after-load feature (setq ran t))
          (should-not ran)
          (let ((load-file-name nil))
            (provide feature))
          (should ran))
      (setq after-load-alist (assq-delete-all feature after-load-alist)))))

(defvar load-tests--read-results nil)

(ert-deftest load-read-in-a-loaded-file-reads-its-next-form ()
  ;; While a file loads, standard-input reads from it: a (read) there
  ;; takes the form that follows, which is then not evaluated.
  (let ((file (make-temp-file "load-tests-read" nil ".el")))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert "(push (read) load-tests--read-results)\n"
                    "(this form is data)\n"
                    "(push (read standard-input) load-tests--read-results)\n"
                    "[1 \"two\" ?3]\n"
                    "(push 'done load-tests--read-results)\n"
                    "(push (condition-case err (read) (error err)) load-tests--read-results)\n"))
          (setq load-tests--read-results nil)
          (load file nil t)
          ;; Past the end, the error names the file, as every
          ;; end-of-file does while a file loads.
          (should (equal load-tests--read-results
                         `((end-of-file ,file) done [1 "two" 51] (this form is data)))))
      (delete-file file))))

(ert-deftest load-standard-input-outside-a-load ()
  (should (eq (default-value 'standard-input) t))
  (should (equal (let ((standard-input "(a . b) c")) (read)) '(a . b))))

(defvar load-tests--latin nil)

(ert-deftest load-latin-1-source-is-decoded ()
  ;; A source file that is not UTF-8 is decoded by detection, as Emacs
  ;; decodes what it loads: Latin-1 bytes become the letters they spell.
  (let ((file (make-temp-file "load-tests-latin" nil ".el")))
    (unwind-protect
        (progn
          (let ((coding-system-for-write 'no-conversion))
            (write-region "(setq load-tests--latin (list 'caf\351 \"na\357ve\"))\n" nil file))
          (setq load-tests--latin nil)
          (load file nil t)
          (should (equal (symbol-name (car load-tests--latin)) "café"))
          (should (equal (cadr load-tests--latin) "naïve"))
          (should (eq (car load-tests--latin) (intern "café"))))
      (delete-file file))))
