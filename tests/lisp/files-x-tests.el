;;; files-x-tests.el --- connection-local variables  -*- lexical-binding: t -*-

(require 'ert)
(require 'files-x)

(defvar files-x-tests--shell)
(defvar files-x-tests--null)
(defconst files-x-tests--plain '(:application files-x-tests :protocol "p" :user "u" :machine "m"))

(defmacro files-x-tests--fresh (&rest body)
  (declare (indent 0))
  `(let (connection-local-profile-alist connection-local-criteria-alist)
     (connection-local-set-profile-variables
      'fx-sh '((files-x-tests--shell . "/bin/sh") (files-x-tests--null . "/dev/null")))
     (connection-local-set-profile-variables 'fx-ksh '((files-x-tests--shell . "/bin/ksh")))
     ,@body))

(ert-deftest files-x-profile-variables ()
  (files-x-tests--fresh
    (should (equal (connection-local-get-profile-variables 'fx-ksh)
                   '((files-x-tests--shell . "/bin/ksh"))))
    (connection-local-set-profile-variables 'fx-ksh '((files-x-tests--null . "nul")))
    (should (equal (connection-local-get-profile-variables 'fx-ksh)
                   '((files-x-tests--null . "nul"))))
    (should (null (connection-local-get-profile-variables 'fx-none)))))

(ert-deftest files-x-profiles-and-criteria ()
  (files-x-tests--fresh
    (connection-local-set-profiles files-x-tests--plain 'fx-ksh)
    ;; Added profiles go last, each once; the order of the criteria's
    ;; properties does not matter.
    (connection-local-set-profiles '(:machine "m" :user "u" :protocol "p"
                                     :application files-x-tests)
                                   'fx-sh 'fx-ksh)
    (should (equal (connection-local-get-profiles files-x-tests--plain) '(fx-ksh fx-sh)))
    (should (= (length connection-local-criteria-alist) 1))
    ;; Criteria missing a property, or none, match.
    (should (equal (connection-local-get-profiles '(:machine "m")) '(fx-ksh fx-sh)))
    (should (equal (connection-local-get-profiles nil) '(fx-ksh fx-sh)))
    ;; A property that differs does not.
    (should (null (connection-local-get-profiles '(:machine "other"))))
    (should-error (connection-local-set-profiles 'not-a-list))
    (should-error (connection-local-set-profiles nil 'fx-undefined))))

(ert-deftest files-x-apply ()
  (files-x-tests--fresh
    (connection-local-set-profiles files-x-tests--plain 'fx-ksh 'fx-sh)
    (with-temp-buffer
      (hack-connection-local-variables-apply files-x-tests--plain)
      ;; The first profile naming a variable wins; newest first.
      (should (equal connection-local-variables-alist
                     '((files-x-tests--null . "/dev/null")
                       (files-x-tests--shell . "/bin/ksh"))))
      (should (local-variable-p 'files-x-tests--shell))
      (should (equal (symbol-value 'files-x-tests--shell) "/bin/ksh")))
    (should-not (boundp 'files-x-tests--shell))
    (with-temp-buffer
      (let ((enable-connection-local-variables nil))
        (hack-connection-local-variables-apply files-x-tests--plain)
        (should-not connection-local-variables-alist)
        (should-not (local-variable-p 'files-x-tests--shell))))
    ;; A local default-directory has no connection: the body just runs.
    (with-temp-buffer
      (should (equal (with-connection-local-variables (list connection-local-variables-alist 1))
                     '(nil 1))))))

;;; files-x-tests.el ends here
