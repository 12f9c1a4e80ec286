;;; help-generic-tests.el --- describe-function on generic functions  -*- lexical-binding: t -*-

;; Emacs 28's help for a generic function lists its methods, newest
;; first: qualifiers, the argument list with each specializer, the file
;; that defined the method, and its documentation.  Read off Emacs 28.

(require 'ert)
(require 'cl-lib)
(require 'help-fns)

(defconst help-generic-tests--file (or load-file-name buffer-file-name))

(cl-defgeneric help-generic-tests--g (a b &rest r))
(cl-defmethod help-generic-tests--g ((a (eql 5)) b &rest r) "Eql." (list a b r))
(cl-defmethod help-generic-tests--g (a (b (head foo)) &rest r) (list a b r))
(cl-defmethod help-generic-tests--g :extra "x" ((a integer) b &rest r)
  "Extra." (list a b r (cl-call-next-method)))

(ert-deftest help-generic-methods-listed ()
  (let* ((file (help-fns-short-filename help-generic-tests--file))
         (help (describe-function 'help-generic-tests--g))
         ;; The first line, with the file, is filled to the window's width.
         (body (substring help (string-search "\n\n" help))))
    (should (string-prefix-p "help-generic-tests--g is a byte-compiled Lisp function in"
                             help))
    (should (equal body
                   (format-message "

\(help-generic-tests--g A B &rest R)

Not documented.


This is a generic function.

Implementations:

:extra \"x\" ((a integer) b &rest r) in `%s'.

Extra.

\(a (b (head foo)) &rest r) in `%s'.

Undocumented

\((a (eql 5)) b &rest r) in `%s'.

Eql.

" file file file)))))

;;; help-generic-tests.el ends here
