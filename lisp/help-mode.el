;;; help-mode.el --- the major mode of help buffers, for marrow  -*- lexical-binding: t -*-

;; Emacs's debugger, and so ERT, load this.  Marrow shows no help
;; buffers; the mode and its keymap are here for code that uses them.

(defvar help-mode-map
  (let ((map (make-sparse-keymap)))
    (pcase-dolist (`(,key . ,command)
                   '(("l" . help-go-back) ("r" . help-go-forward)
                     ("\C-c\C-b" . help-go-back) ("\C-c\C-f" . help-go-forward)
                     ([XF86Back] . help-go-back) ([XF86Forward] . help-go-forward)
                     ("\C-c\C-c" . help-follow-symbol) ("s" . help-view-source)
                     ("I" . help-goto-lispref-info) ("i" . help-goto-info)
                     ("c" . help-customize)))
      (define-key map key command))
    map)
  "The keys of `help-mode'.")

(define-derived-mode help-mode special-mode "Help"
  "The major mode of buffers showing help.")

(set-keymap-parent help-mode-map (make-composed-keymap button-buffer-map special-mode-map))

(defun help-mode-setup ()
  "Put the current buffer in Help mode, still writable (the default of
`temp-buffer-setup-hook')."
  (help-mode)
  (setq buffer-read-only nil))

(defun help-mode-finish ()
  "End a Help mode buffer's text as *Help* ends, and make it read-only
(the default of `temp-buffer-show-hook')."
  (when (derived-mode-p 'help-mode)
    (setq buffer-read-only t)
    (let ((inhibit-read-only t))
      (save-excursion (help--finish-buffer)))))

(provide 'help-mode)

;;; help-mode.el ends here
