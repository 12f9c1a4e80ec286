;;; autoload-match-data-tests.el --- loading marrow's libraries keeps match data  -*- lexical-binding: t -*-

;; Emacs has replace.el preloaded; marrow autoloads it.  Either way
;; the caller's match data survive the first call.

(require 'ert)

(ert-deftest autoload-of-a-library-keeps-match-data ()
  (when (boundp 'marrow-collector)
    ;; The call below is the one that loads replace.el.
    (should (autoloadp (symbol-function 'replace-match-data))))
  (should (string-match "b" "abc"))
  (should (equal (replace-match-data t nil) '(1 2)))
  (should (equal (match-data) '(1 2))))

;;; autoload-match-data-tests.el ends here
