;;; loadhist-tests.el --- load-history queries and unload-feature  -*- lexical-binding: t -*-

;; Values read off GNU Emacs 28: the files features come from, what a
;; file provides and requires, which files depend on it, and what
;; `unload-feature' takes away.

(require 'ert)
(require 'loadhist)

(ert-deftest loadhist-queries-and-unloading ()
  (let* ((dir (make-temp-file "loadhist-tests" t))
         (a (expand-file-name "lht-a.el" dir))
         (b (expand-file-name "lht-b.el" dir))
         (load-path (cons dir load-path)))
    (unwind-protect
        (progn
          (with-temp-file a
            (insert "(defvar lht-a-var 1)\n(defun lht-a-fn () 1)\n"
                    "(defun lht-a-hookfn () nil)\n(add-hook 'find-file-hook #'lht-a-hookfn)\n"
                    "(provide 'lht-a)\n"))
          (with-temp-file b
            (insert "(require 'lht-a)\n(defun lht-b-fn () 2)\n(provide 'lht-b)\n"))
          (require 'lht-b)
          (should (equal (file-loadhist-lookup "lht-a")
                         '(lht-a-var (defun . lht-a-fn) (defun . lht-a-hookfn) (provide . lht-a))))
          (should (equal (car (file-loadhist-lookup a)) a))
          (should (equal (file-provides "lht-a") '(lht-a)))
          (should (equal (file-requires "lht-b") '(lht-a)))
          (should (equal (file-dependents "lht-a") (list b)))
          (should (equal (feature-file 'lht-a) a))
          (should (equal (car (feature-symbols 'lht-a)) a))
          (should-not (feature-symbols 'loadhist-tests-none))
          (should (equal (should-error (feature-file 'loadhist-tests-none))
                         '(error "loadhist-tests-none is not a currently loaded feature")))
          (should (equal (should-error (unload-feature 'lht-a))
                         (list 'error (format "Loaded libraries (%S) depend on %s" b a))))
          (should (memq 'lht-a-hookfn find-file-hook))
          (should-not (unload-feature 'lht-b))
          (should-not (unload-feature 'lht-a))
          (should-not (or (fboundp 'lht-a-fn) (boundp 'lht-a-var) (featurep 'lht-a)
                          (memq 'lht-a-hookfn find-file-hook) (assoc a load-history)))
          ;; FORCE unloads what others still require.
          (require 'lht-b)
          (should-not (unload-feature 'lht-a t))
          (should (equal (list (featurep 'lht-a) (fboundp 'lht-b-fn)) '(nil t))))
      (remove-hook 'find-file-hook 'lht-a-hookfn)
      (delete-directory dir t))))

;;; loadhist-tests.el ends here
