;;; defvar-scope-tests.el --- how far a bare (defvar SYM) reaches  -*- lexical-binding: t -*-

;; A top-level (defvar SYM) without a value makes SYM special for the
;; rest of the file being loaded (or buffer evaluated) only, functions
;; defined there included; another file, loaded afterwards or from
;; inside it, binds SYM lexically.  Values read off Emacs 28.

(require 'ert)

(defvar dvs--results nil
  "What the files loaded by the tests found, newest first.")

(defun dvs--load (&rest forms)
  "Load a lexical-binding file holding FORMS."
  (let ((file (make-temp-file "dvs" nil ".el")))
    (unwind-protect
        (progn
          (with-temp-file file
            (insert ";;; -*- lexical-binding: t -*-\n")
            (dolist (form forms)
              (prin1 form (current-buffer))
              (insert "\n")))
          (load file nil t t))
      (delete-file file))))

(defun dvs--value-of (symbol)
  "SYMBOL's dynamic value, or `void'."
  (condition-case nil (symbol-value symbol) (void-variable 'void)))

(ert-deftest dvs-declaration-ends-with-its-file ()
  (setq dvs--results nil)
  (dvs--load '(defvar dvs-x)
             '(push (let ((dvs-x 1)) (boundp 'dvs-x)) dvs--results)
             '(defun dvs--bind-in-first () (let ((dvs-x 2)) (dvs--value-of 'dvs-x))))
  (dvs--load '(push (let ((dvs-x 1)) (boundp 'dvs-x)) dvs--results)
             '(defun dvs--bind-in-second () (let ((dvs-x 3)) (dvs--value-of 'dvs-x)))
             '(push (funcall (let ((dvs-x 5)) (lambda () dvs-x))) dvs--results))
  (should (equal dvs--results '(5 nil t)))
  (should (equal (dvs--bind-in-first) 2))
  (should (equal (dvs--bind-in-second) 'void))
  (should-not (special-variable-p 'dvs-x))
  (should (equal (let ((dvs-x 7))
                   (ignore dvs-x)
                   (funcall (eval '(let ((dvs-x 8)) (lambda () dvs-x)) t)))
                 8)))

(ert-deftest dvs-declaration-does-not-reach-a-nested-load ()
  (setq dvs--results nil)
  (let ((inner (make-temp-file "dvs" nil ".el")))
    (unwind-protect
        (progn
          (with-temp-file inner
            (insert ";;; -*- lexical-binding: t -*-\n"
                    "(push (let ((dvs-y 1)) (boundp 'dvs-y)) dvs--results)\n"))
          (dvs--load '(defvar dvs-y)
                     `(load ,inner nil t t)
                     '(push (let ((dvs-y 1)) (boundp 'dvs-y)) dvs--results)))
      (delete-file inner)))
  (should (equal dvs--results '(t nil))))

(ert-deftest dvs-declaration-in-eval-buffer ()
  (setq dvs--results nil)
  (with-temp-buffer
    (insert ";;; -*- lexical-binding: t -*-\n"
            "(defvar dvs-z)\n"
            "(push (let ((dvs-z 1)) (boundp 'dvs-z)) dvs--results)\n")
    (eval-buffer))
  (with-temp-buffer
    (insert ";;; -*- lexical-binding: t -*-\n"
            "(push (let ((dvs-z 1)) (boundp 'dvs-z)) dvs--results)\n")
    (eval-buffer))
  (should (equal dvs--results '(nil t))))

(ert-deftest dvs-declaration-in-a-body ()
  (should (equal (funcall (eval '(let ((w 1)) (defvar w) (let ((w 2)) (lambda () w))) t)) 1))
  (should (eval '(progn (defvar dvs-w) (let ((dvs-w 5)) (boundp 'dvs-w))) t))
  (should (eval '(let () (defvar dvs-v) (let ((dvs-v 5)) (boundp 'dvs-v))) t))
  (should-not (eval '(let ((dvs-u 5)) (boundp 'dvs-u)) t))
  (should-not (special-variable-p 'dvs-w)))

;;; defvar-scope-tests.el ends here
