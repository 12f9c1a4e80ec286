;;; loadhist.el --- what loaded files defined, and unloading them  -*- lexical-binding: t -*-

;; Written for marrow after GNU Emacs 28's behaviour.  Everything here
;; reads `load-history', whose entries are (FILE . ITEMS): a variable as
;; itself, (defun . F), (provide . FEATURE), (require . FEATURE) and
;; the like.

(defun feature-symbols (feature)
  "The `load-history' entry of the file that provided FEATURE, or nil."
  (let ((item (cons 'provide feature)) (found nil))
    (dolist (entry load-history found)
      (when (and (not found) (member item (cdr entry)))
        (setq found entry)))))

(defun feature-file (feature)
  "The file that provided FEATURE, which must be loaded."
  (unless (featurep feature)
    (error "%S is not a currently loaded feature" feature))
  (car (feature-symbols feature)))

(defun file-loadhist-lookup (file)
  "What `load-history' holds for FILE: its entry when FILE is the name
recorded, else the items of the file `load-library' would load for it."
  (or (assoc file load-history)
      (let ((found (locate-file file load-path (get-load-suffixes))))
        (and found (not (equal found file))
             (cdr (assoc found load-history))))))

(defun loadhist--items-of (kind file)
  "The features of FILE's (KIND . FEATURE) items, in order."
  (let ((items (file-loadhist-lookup file)) found)
    (dolist (item (if (stringp (car-safe items)) (cdr items) items))
      (when (eq (car-safe item) kind) (push (cdr item) found)))
    (nreverse found)))

(defun file-provides (file)
  "The features FILE provides."
  (loadhist--items-of 'provide file))

(defun file-requires (file)
  "The features FILE requires."
  (loadhist--items-of 'require file))

(defun file-dependents (file)
  "The loaded files that require a feature FILE provides."
  (let ((provided (file-provides file)) dependents)
    (dolist (entry load-history)
      (when (loadhist--requires-any-p (cdr entry) provided)
        (push (car entry) dependents)))
    dependents))

(defun loadhist--requires-any-p (items features)
  "Whether ITEMS of a `load-history' entry require one of FEATURES."
  (let ((found nil))
    (dolist (item items found)
      (when (and (eq (car-safe item) 'require) (memq (cdr item) features))
        (setq found t)))))

(defvar unload-feature-special-hooks
  '(after-change-functions after-load-functions before-change-functions
    completion-at-point-functions find-file-hook kill-buffer-hook
    kill-emacs-hook post-command-hook pre-command-hook
    post-self-insert-hook change-major-mode-hook after-change-major-mode-hook
    emacs-startup-hook write-file-functions write-contents-functions)
  "Hooks that `unload-feature' takes the unloaded file's functions out of.")

(defvar unload-function-defs-list nil
  "While `unload-feature' runs, the items of the file being unloaded.")

(defun loadhist--undefine (item)
  "Take back the definition ITEM of `load-history' names."
  (pcase item
    (`(provide . ,feature) (setq features (delq feature features)))
    (`(defun . ,fn)
     (when (fboundp fn)
       (let ((autoload (get fn 'autoload)))
         (fmakunbound fn)
         ;; An autoload that the file's definition replaced comes back.
         (when autoload (fset fn (cons 'autoload autoload))))))
    ((pred symbolp) (when (boundp item) (makunbound item)))))

(defun unload-feature (feature &optional force)
  "Unload the file that provided FEATURE: its functions, variables and
features go, its functions leave the hooks that hold them.  Unless
FORCE, refuse when loaded files require FEATURE's file."
  (interactive (list (read (completing-read "Unload feature: "
                                            (mapcar #'symbol-name features) nil t))
                     current-prefix-arg))
  (unless (featurep feature)
    (error "%s is not a currently loaded feature" (symbol-name feature)))
  (let* ((file (feature-file feature))
         (dependents (delete file (copy-sequence (file-dependents file)))))
    (when (and dependents (not force))
      (error "Loaded libraries %s depend on %s" (prin1-to-string dependents) file))
    (let ((unload-function-defs-list (cdr (assoc file load-history)))
          (unload-hook (intern-soft (format "%s-unload-function" feature))))
      (unless (and unload-hook (fboundp unload-hook) (funcall unload-hook))
        (loadhist--remove-hook-functions unload-function-defs-list))
      (mapc #'loadhist--undefine unload-function-defs-list)
      (setq load-history (assoc-delete-all file load-history))
      nil)))

(defun loadhist--remove-hook-functions (items)
  "Take the functions ITEMS define out of `unload-feature-special-hooks'."
  (dolist (item items)
    (when (eq (car-safe item) 'defun)
      (dolist (hook unload-feature-special-hooks)
        (when (boundp hook)
          (remove-hook hook (cdr item)))))))

(provide 'loadhist)

;;; loadhist.el ends here
