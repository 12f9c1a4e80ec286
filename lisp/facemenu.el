;;; facemenu.el --- adding faces to text  -*- lexical-binding: t -*-

;; Written for marrow after Emacs 28's `facemenu-add-face', without the
;; menus.  A face added to text goes in front of the faces already
;; there; the same face further back goes away.  Emacs also drops the
;; faces whose every attribute the new one hides: marrow has no face
;; attributes to compare, so only repeats of the new face go.  With no
;; region there is no next typed character to give the face to in
;; batch, so nothing happens.

(defun facemenu--face-list (value)
  "The `face' property VALUE as a list of faces: a face name or an
attribute plist alone becomes a one-element list."
  (cond ((atom value) (if value (list value) nil))
        ((keywordp (car value)) (list value))
        (t value)))

(defun facemenu-add-face (face &optional start end)
  "Add FACE to the text between START and END, in front of the faces
each part of it already has.  The `default' face instead removes the
`face' property there."
  (when (and start (< start end))
    (if (eq face 'default)
        (remove-list-of-text-properties start end '(face))
      (let ((part-start start))
        (while (/= part-start end)
          (let ((part-end (next-single-property-change part-start 'face nil end))
                (prev (get-text-property part-start 'face)))
            (put-text-property part-start part-end 'face
                               (if prev
                                   (cons face (remove face (facemenu--face-list prev)))
                                 face))
            (setq part-start part-end))))))
  nil)

(provide 'facemenu)
