;;; warnings-tests.el --- display-warning, lwarn, warn in batch mode  -*- lexical-binding: t -*-

(require 'ert)

(defmacro warnings-tests--logged (&rest body)
  "Run BODY with an empty *Warnings* log; return what it logged."
  `(progn
     (when (get-buffer "*Warnings*")
       (kill-buffer "*Warnings*"))
     ,@body
     (if (get-buffer "*Warnings*")
         (with-current-buffer "*Warnings*" (buffer-string))
       "")))

(ert-deftest warnings-display-returns-the-line-it-wrote ()
  (should (equal (display-warning 'marrow-probe "disk %s full") "Warning (marrow-probe): disk %s full"))
  (should (equal (display-warning '(marrow-probe sub) "bad" :error) "Error (marrow-probe): bad"))
  (should (equal (display-warning 'marrow-probe "stop" :emergency) "Emergency (marrow-probe): stop")))

(ert-deftest warnings-are-logged-in-their-buffer ()
  (should (equal (warnings-tests--logged
                  (display-warning 'one "first")
                  (display-warning 'two "second" :error))
                 "Warning (one): first\nError (two): second\n"))
  (display-warning 'three "elsewhere" nil "*marrow-warnings-log*")
  (should (equal (with-current-buffer "*marrow-warnings-log*" (buffer-string))
                 "Warning (three): elsewhere\n"))
  (kill-buffer "*marrow-warnings-log*"))

(ert-deftest warnings-below-the-log-level-are-dropped ()
  (should (eq (display-warning 'quiet "details" :debug) t))
  (should (equal (warnings-tests--logged (display-warning 'quiet "details" :debug)) ""))
  (let ((warning-minimum-log-level :debug))
    (should (equal (display-warning 'quiet "details" :debug) "Debug (quiet): details")))
  (let ((warning-minimum-log-level :error))
    (should (eq (display-warning 'quiet "mild") t))
    (should (stringp (display-warning 'quiet "grave" :error))))
  (should (> (warning-numeric-level :emergency) (warning-numeric-level :error)))
  (should (> (warning-numeric-level :warning) (warning-numeric-level :debug))))

(ert-deftest warnings-suppressed-types ()
  (let ((warning-suppress-log-types '((alpha) (beta gamma))))
    (should (eq (display-warning 'alpha "hidden") t))
    (should (eq (display-warning '(alpha anything) "hidden") t))
    (should (eq (display-warning '(beta gamma delta) "hidden") t))
    (should (stringp (display-warning 'beta "shown")))
    (should (stringp (display-warning '(beta other) "shown")))
    (should (stringp (display-warning 'alphabet "shown"))))
  (should (warning-suppress-p '(x y) '((x))))
  (should-not (warning-suppress-p '(x) '((x y)))))

(ert-deftest warnings-lwarn-and-warn-format-their-message ()
  (should (equal (lwarn 'pkg :error "%d files `%s'" 3 'gone) "Error (pkg): 3 files ‘gone’"))
  (should (equal (warn "%s needs %S" "it" 'that) "Warning (emacs): it needs that")))

(ert-deftest warnings-old-level-names-still-work ()
  (let ((logged (warnings-tests--logged (display-warning 'old "x" 'error))))
    (should (string-match-p "^Error (old): x$" logged))
    (should (string-match-p "^Warning (emacs): .*obsolete" logged))))

(ert-deftest warnings-defvaralias-hiding-a-value ()
  (defvar warnings-tests--base 'base-value)
  (defvar warnings-tests--alias)
  (setq warnings-tests--alias 'alias-value)
  (let ((seen nil))
    (cl-letf (((symbol-function 'display-warning)
               (lambda (type message &rest _) (push (list type message) seen))))
      (defvaralias 'warnings-tests--alias 'warnings-tests--base))
    (should (equal seen '(((defvaralias losing-value warnings-tests--alias)
                           "Overwriting value of ‘warnings-tests--alias’ by aliasing to ‘warnings-tests--base’"))))
    (should (eq warnings-tests--alias 'base-value))
    ;; Nothing is lost when the alias had no value, or the same one.
    (setq seen nil)
    (defvar warnings-tests--alias2)
    (defvar warnings-tests--alias3 'base-value)
    (cl-letf (((symbol-function 'display-warning)
               (lambda (type message &rest _) (push (list type message) seen))))
      (defvaralias 'warnings-tests--alias2 'warnings-tests--base)
      (defvaralias 'warnings-tests--alias3 'warnings-tests--base))
    (should (null seen))))

;;; warnings-tests.el ends here
