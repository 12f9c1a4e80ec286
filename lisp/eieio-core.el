;;; eieio-core.el --- what (require 'eieio-core) gives  -*- lexical-binding: t -*-

;; Emacs splits EIEIO into eieio-core.el (classes, slots, dispatch) and
;; eieio.el (`defclass' and the rest); marrow's eieio.el has both and
;; provides both features.

(require 'eieio)

;;; eieio-core.el ends here
