;;; lread.el --- functions Emacs writes in C (lread.c), in Lisp for marrow  -*- lexical-binding: t -*-

(defun lread--property-plists (string)
  "The plists of STRING's text properties, one per run that has any."
  (let ((plists nil) (pos 0) (len (length string)))
    (while (< pos len)
      (let ((plist (text-properties-at pos string)))
        (when plist (push plist plists))
        (setq pos (next-property-change pos string len))))
    plists))

(defun lread--substitute-object-in-subtree (object placeholder _completed)
  "Put OBJECT in place of PLACEHOLDER wherever it occurs inside OBJECT:
in conses, vectors, records and the text properties of strings, each
visited once however circular.  Emacs's reader does this for #N=;
COMPLETED, which there says which objects may be circular, is not
needed here.  Return nil."
  (let ((seen (make-hash-table :test 'eq))
        (stack (list object)))
    (while stack
      (let ((x (pop stack)))
        (unless (gethash x seen)
          (puthash x t seen)
          (cond ((consp x)
                 (when (eq (car x) placeholder) (setcar x object))
                 (when (eq (cdr x) placeholder) (setcdr x object))
                 (push (car x) stack)
                 (push (cdr x) stack))
                ((or (vectorp x) (recordp x))
                 (dotimes (i (length x))
                   (when (eq (aref x i) placeholder) (aset x i object))
                   (push (aref x i) stack)))
                ((stringp x)
                 (setq stack (append (lread--property-plists x) stack)))))))
    nil))


;;; lread.el ends here
