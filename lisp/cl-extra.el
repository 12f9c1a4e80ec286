;;; cl-extra.el --- part of cl-lib in marrow  -*- lexical-binding: t -*-

;; In GNU Emacs, cl-lib's macros and sequence functions live in
;; cl-macs, cl-seq and cl-extra, and files may require those by name.
;; marrow keeps all of them in cl-lib.el.

(require 'cl-lib)
(provide 'cl-extra)

;;; cl-extra.el ends here
