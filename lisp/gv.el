;;; gv.el --- what (require 'gv) gives, for marrow  -*- lexical-binding: t -*-

;; marrow's generalized variables (`setf', `gv-define-setter', ...) are
;; in subr.el; this file is there for `require', which finds gv.el as
;; in Emacs, where it is not preloaded either.

(provide 'gv)

;;; gv.el ends here
