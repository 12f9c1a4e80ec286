;;; bytecomp-tests.el --- byte-compile, as the scripts that call it use it  -*- lexical-binding: t -*-

;; Passes under GNU Emacs 28 too, where the results are byte code.

(require 'ert)

(defun bytecomp-tests--fib (n)
  (if (< n 2) n (+ (bytecomp-tests--fib (- n 1)) (bytecomp-tests--fib (- n 2)))))

(defmacro bytecomp-tests--twice (x) `(list ,x ,x))

(ert-deftest bytecomp-compiles-a-named-function ()
  ;; A benchmark compiles its function, then calls it by name.
  (let ((f (byte-compile 'bytecomp-tests--fib)))
    (should (functionp f))
    (should (= (funcall f 15) 610))
    (should (= (bytecomp-tests--fib 20) 6765))
    (should (functionp (symbol-function 'bytecomp-tests--fib)))))

(ert-deftest bytecomp-macros-lambdas-and-forms ()
  (let ((m (byte-compile 'bytecomp-tests--twice)))
    (should (eq (car m) 'macro))
    (should (functionp (cdr m)))
    (should (equal (funcall (cdr m) 'y) '(list y y))))
  (should (equal (bytecomp-tests--twice 3) '(3 3)))
  (should (= (funcall (byte-compile '(lambda (x) (* x 2))) 4) 8))
  (let ((k 3))
    (should (= (funcall (byte-compile (lambda (x) (* x k))) 2) 6)))
  ;; Any other form is evaluated.
  (should (= (byte-compile '(+ 1 2)) 3)))

;; Emacs 28's errors for lambda lists its compiler refuses.
(ert-deftest bytecomp-bad-lambda-lists ()
  (require 'bytecomp)
  (dolist (case '(((&rest) "&rest without variable name")
                  ((&rest a b) "Garbage following &rest VAR in lambda-list")
                  ((&rest &optional) "&optional following &rest in lambda-list")
                  ((x &rest &rest a) "Garbage following &rest VAR in lambda-list")
                  ((&optional &optional) "Duplicate &optional")
                  ((a nil) "Invalid lambda variable nil")
                  ((:k) "Invalid lambda variable :k")
                  ((a "s") "Invalid lambda variable s")))
    (should (equal (condition-case err (byte-compile-check-lambda-list (car case))
                     (error err))
                   (list 'error (cadr case))))
    (let ((byte-compile-debug t))
      (should (equal (condition-case err (byte-compile `(lambda ,(car case) 1))
                       (error err))
                     (list 'error (cadr case))))))
  (should (equal (condition-case err (byte-compile-check-lambda-list '(a . b)) (error err))
                 '(wrong-type-argument listp b)))
  ;; Without `byte-compile-debug' the error is reported, and its report
  ;; is the value.
  (let ((inhibit-message t))
    (should (equal (byte-compile '(lambda (&rest) 1))
                   " Error: &rest without variable name")))
  (should (null (byte-compile-check-lambda-list '(_ _))))
  (dolist (args '((&optional) (&optional &rest a) (&optional a &rest c)))
    (should (null (byte-compile-check-lambda-list args)))
    (should (eq (funcall (byte-compile `(lambda ,args 'ok))) 'ok))))

;;; Compiling files

(defmacro bytecomp-tests--in-dir (&rest body)
  "Run BODY in a fresh temporary `default-directory'."
  `(let ((default-directory (file-name-as-directory (make-temp-file "bytecomp-tests" t))))
     (unwind-protect (progn ,@body)
       (delete-directory default-directory t))))

(defun bytecomp-tests--write (file &rest forms)
  (with-temp-file file
    (insert ";;; " file " --- test  -*- lexical-binding: t -*-\n")
    (dolist (form forms) (prin1 form (current-buffer)) (insert "\n"))
    (insert ";;; " file " ends here\n")))

(ert-deftest bytecomp-compile-file-and-load ()
  (bytecomp-tests--in-dir
   (bytecomp-tests--write
    "bt-a.el"
    '(defmacro bt-a-twice (x) `(list ,x ,x))
    '(defvar bt-a-when (eval-when-compile (list 'compiled (+ 1 2))))
    '(eval-and-compile (defun bt-a-helper (n) (* n 10)))
    '(defmacro bt-a-m (n) (bt-a-helper n))
    '(defun bt-a-f (y) (let ((k (bt-a-m 2))) (lambda () (bt-a-twice (+ y k)))))
    '(gv-define-setter bt-a-first (v cell) `(setcar ,cell ,v))
    '(defvar bt-a-cell (list 1 2))
    '(setf (bt-a-first bt-a-cell) 99)
    '(provide 'bt-a))
   (should (equal (byte-compile-dest-file "bt-a.el") "bt-a.elc"))
   (should (equal (byte-compile-dest-file "/x/bt-b") "/x/bt-b.elc"))
   (should (eq (byte-compile-file "bt-a.el") t))
   (should (file-exists-p "bt-a.elc"))
   (load (expand-file-name "bt-a.elc") nil t)
   (should (equal bt-a-when '(compiled 3)))
   (should (equal (funcall (bt-a-f 1)) '(21 21)))
   (should (equal bt-a-cell '(99 2)))))

(ert-deftest bytecomp-compile-file-errors ()
  (bytecomp-tests--in-dir
   (with-temp-file "bt-bad.el" (insert "(defun bt-bad (\n"))
   (let ((inhibit-message t))
     (should (null (byte-compile-file "bt-bad.el"))))
   (should-not (file-exists-p "bt-bad.elc"))
   ;; A macro used wrongly fails its expansion.
   (bytecomp-tests--write "bt-bad2.el" '(defun bt-bad2 () (pcase)))
   (let ((inhibit-message t))
     (should (null (byte-compile-file "bt-bad2.el"))))
   (should-not (file-exists-p "bt-bad2.elc"))))

(ert-deftest bytecomp-recompile-file ()
  (bytecomp-tests--in-dir
   (bytecomp-tests--write "bt-r.el" '(defvar bt-r-value 7))
   ;; Without an .elc and without ARG 0, nothing is compiled.
   (should (eq (byte-recompile-file "bt-r.el" nil nil) 'no-byte-compile))
   (should-not (file-exists-p "bt-r.elc"))
   (should (eq (byte-recompile-file "bt-r.el" nil 0) t))
   (should (file-exists-p "bt-r.elc"))))

(ert-deftest bytecomp-macroexp-file-name ()
  (bytecomp-tests--in-dir
   (bytecomp-tests--write "bt-n.el" '(defvar bt-n-name (macroexp-file-name)))
   (with-current-buffer (find-file-noselect "bt-n.el")
     (unwind-protect
         (progn
           (makunbound 'bt-n-name)
           (eval-buffer)
           (should (equal (file-name-nondirectory bt-n-name) "bt-n.el"))
           (makunbound 'bt-n-name)
           (eval-region (point-min) (point-max))
           (should (equal (file-name-nondirectory bt-n-name) "bt-n.el")))
       (kill-buffer)))))

(ert-deftest bytecomp-batch-byte-compile ()
  (bytecomp-tests--in-dir
   (bytecomp-tests--write "bt-good.el" '(defvar bt-good 1))
   (with-temp-file "bt-broken.el" (insert "(defvar bt-broken\n"))
   (let ((program (expand-file-name invocation-name invocation-directory)))
     (should (= (call-process program nil nil nil "-batch" "-Q" "-f" "batch-byte-compile"
                              "bt-good.el")
                0))
     (should (file-exists-p "bt-good.elc"))
     (delete-file "bt-good.elc")
     (with-temp-buffer
       (should (= (call-process program nil t nil "-batch" "-Q" "-f" "batch-byte-compile"
                                "bt-broken.el" "bt-good.el")
                  1))
       (should (string-search "\nIn toplevel form:\nbt-broken.el:1:1: Error: End of file during parsing"
                              (buffer-string))))
     (should (file-exists-p "bt-good.elc"))
     (should-not (file-exists-p "bt-broken.elc")))))

;;; bytecomp-tests.el ends here
