;;; eieio-opt.el --- browsing and reading EIEIO classes, for marrow  -*- lexical-binding: t -*-

;; Written for marrow after GNU Emacs 28's behaviour: the class tree
;; as an alist for completion, reading a class name, and a browser
;; buffer that draws the tree.

(require 'eieio)

(defun eieio-build-class-alist (&optional class instantiable-only buildlist)
  "(NAME . 1) for CLASS (by default `eieio-default-superclass') and
every class below it, children first, consed onto BUILDLIST.  With
INSTANTIABLE-ONLY, abstract classes are left out."
  (let ((class (or class 'eieio-default-superclass)))
    (unless (or (assoc (symbol-name class) buildlist)
                (and instantiable-only (class-abstract-p class)))
      (push (cons (symbol-name class) 1) buildlist))
    (dolist (child (eieio-class-children class) buildlist)
      (setq buildlist (eieio-build-class-alist child instantiable-only buildlist)))))

(defvar eieio-read-class nil "The history of `eieio-read-class'.")

(defun eieio-read-class (prompt &optional histvar instantiable-only)
  "Read the name of a class, asking with PROMPT."
  (eieio-read-subclass prompt 'eieio-default-superclass histvar instantiable-only))

(defun eieio-read-subclass (prompt class &optional histvar instantiable-only)
  "Read the name of CLASS or a class below it, asking with PROMPT."
  (let ((names (eieio-build-class-alist class instantiable-only)))
    (intern (completing-read prompt names nil t nil (or histvar 'eieio-read-class)))))

(defun eieio-browse (&optional root-class)
  "Draw the classes below ROOT-CLASS as a tree in *EIEIO OBJECT BROWSE*."
  (interactive (if current-prefix-arg (list (eieio-read-class "Class: "))))
  (let ((root (or root-class 'eieio-default-superclass)))
    (unless (class-p root) (signal 'wrong-type-argument (list 'class-p root)))
    (with-current-buffer (get-buffer-create "*EIEIO OBJECT BROWSE*")
      (erase-buffer)
      (eieio-browse-tree root "" "")
      (goto-char (point-min)))
    (display-buffer "*EIEIO OBJECT BROWSE*")))

(defun eieio-browse-tree (class prefix child-prefix)
  "Insert CLASS after PREFIX, then its children, indented by CHILD-PREFIX."
  (insert prefix (symbol-name class) "\n")
  (let ((children (eieio-class-children class)))
    (while children
      (let ((last (null (cdr children))))
        (eieio-browse-tree (car children)
                           (concat child-prefix "  +--")
                           (concat child-prefix (if last "     " "  |  "))))
      (setq children (cdr children)))))

(provide 'eieio-opt)

;;; eieio-opt.el ends here
