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
    (should (equal (should-error (connection-local-set-profiles 'not-a-list))
                   (list 'error (format-message "Wrong criteria `not-a-list'"))))
    (should (equal (should-error (connection-local-set-profiles nil 'fx-sh 'fx-undefined))
                   (list 'error (format-message "No such connection profile `fx-undefined'"))))
    ;; A refused call changes nothing.
    (should (equal (connection-local-get-profiles files-x-tests--plain) '(fx-ksh fx-sh)))))

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

(defun files-x-tests--remote-handler (operation &rest args)
  "A file name handler for \"/fxt:\" names, remote as far as
`file-remote-p' can tell."
  (if (eq operation 'file-remote-p)
      (cdr (assq (nth 1 args) '((method . "fxt") (user . "u") (host . "m") (nil . "/fxt:u@m:"))))
    (let ((inhibit-file-name-handlers (cons 'files-x-tests--remote-handler
                                            inhibit-file-name-handlers))
          (inhibit-file-name-operation operation))
      (apply operation args))))

(ert-deftest files-x-with-connection-local-variables-remote ()
  (files-x-tests--fresh
    (let ((file-name-handler-alist (cons '("\\`/fxt:" . files-x-tests--remote-handler)
                                         file-name-handler-alist)))
      (should (equal (let ((default-directory "/fxt:u@m:/tmp/"))
                       (connection-local-criteria-for-default-directory 'fx-app))
                     '(:application fx-app :protocol "fxt" :user "u" :machine "m")))
      (connection-local-set-profiles '(:application tramp :protocol "fxt") 'fx-sh)
      (with-temp-buffer
        (setq-local files-x-tests--null "mine")
        (setq default-directory "/fxt:u@m:/tmp/")
        (should (equal (with-connection-local-variables
                        (list files-x-tests--shell files-x-tests--null
                              (local-variable-p 'files-x-tests--shell)))
                       '("/bin/sh" "/dev/null" t)))
        ;; Afterwards the buffer's own values are back, the others gone.
        (should (equal files-x-tests--null "mine"))
        (should-not (local-variable-p 'files-x-tests--shell))
        ;; Also when the body exits non-locally.
        (should (equal (catch 'out
                         (with-connection-local-variables (throw 'out files-x-tests--null)))
                       "/dev/null"))
        (should (equal files-x-tests--null "mine"))))))

;;; files-x-tests.el ends here
