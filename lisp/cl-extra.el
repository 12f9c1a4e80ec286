;;; cl-extra.el --- part of cl-lib in marrow  -*- lexical-binding: t -*-

;; In GNU Emacs, cl-lib's macros and sequence functions live in
;; cl-macs, cl-seq and cl-extra, and files may require those by name.
;; marrow keeps them in cl-lib.el, all but `cl-old-struct-compat-mode',
;; which cl-lib autoloads from here.

(require 'cl-lib)

(defun cl--old-struct-type-of (type-of object)
  "`type-of' (the function TYPE-OF) for OBJECT, but the struct name for
a vector tagged cl-struct-NAME, as code compiled by old Emacsen made
structs."
  (let ((tag (and (vectorp object) (> (length object) 0) (aref object 0))))
    (if (not (and tag (symbolp tag) (string-prefix-p "cl-struct-" (symbol-name tag))))
        (funcall type-of object)
      (unless (eq (symbol-function tag) :quick-object-witness-check)
        (set tag (cl--struct-get-class (intern (substring (symbol-name tag) 10))))
        (fset tag :quick-object-witness-check))
      (cl--class-name (symbol-value tag)))))

(define-minor-mode cl-old-struct-compat-mode
  "Make `type-of' see structs in the vectors old-style compiled code
made, tagged cl-struct-NAME."
  :global t
  (if cl-old-struct-compat-mode
      (advice-add 'type-of :around #'cl--old-struct-type-of)
    (advice-remove 'type-of #'cl--old-struct-type-of)))

(provide 'cl-extra)

;;; cl-extra.el ends here
