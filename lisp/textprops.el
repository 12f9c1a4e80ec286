;;; textprops.el --- text-property functions Emacs has in C  -*- lexical-binding: t -*-

;; What Emacs's C adds to the primitives of src/textprop.c, written in
;; Lisp; subr.el autoloads them.  In a buffer, a character's
;; properties are its overlays' and its text's, as `get-char-property'
;; sees them.

(defun next-single-char-property-change (position prop &optional object limit)
  "The position after POSITION where PROP's value changes in OBJECT (a
string, or a buffer, the current one by default); else LIMIT, or the end
of OBJECT (a buffer's accessible part)."
  (if (stringp object)
      (or (next-single-property-change position prop object limit)
          limit (length object))
    (with-current-buffer (or object (current-buffer))
      (let* ((limit (min (or limit (point-max)) (point-max)))
             (value (get-char-property position prop)))
        (while (and (< position limit)
                    (setq position (next-char-property-change position limit))
                    (< position limit)
                    (eq (get-char-property position prop) value)))
        (min position limit)))))

(defun previous-single-char-property-change (position prop &optional object limit)
  "As `next-single-char-property-change', looking back from POSITION."
  (if (stringp object)
      (or (previous-single-property-change position prop object limit)
          limit 0)
    (with-current-buffer (or object (current-buffer))
      (let* ((limit (max (or limit (point-min)) (point-min)))
             (value (and (> position limit) (get-char-property (1- position) prop))))
        (while (and (> position limit)
                    (setq position (previous-char-property-change position limit))
                    (> position limit)
                    (eq (get-char-property (1- position) prop) value)))
        (max position limit)))))

(defun subr--stickiness (prop pos)
  "Where text inserted at POS in the current buffer takes PROP from: 1,
the character after; -1, the one before; 0, neither."
  (let* ((at-start (<= pos (point-min)))
         (rear (and (not at-start)
                    (not (cdr (assq prop text-property-default-nonsticky)))
                    (let ((nonsticky (get-text-property (1- pos) 'rear-nonsticky)))
                      (not (if (consp nonsticky) (memq prop nonsticky) nonsticky)))))
         (sticky (get-text-property pos 'front-sticky))
         (front (or (eq sticky t) (and (consp sticky) (memq prop sticky)))))
    (cond ((and rear (not front)) -1)
          ((and front (not rear)) 1)
          ((not (or rear front)) 0)
          ;; Both: the character before wins unless it has no PROP.
          ((or at-start (null (get-text-property (1- pos) prop))) 1)
          (t -1))))

(defun get-pos-property (position prop &optional object)
  "The value of PROP that text inserted at POSITION of OBJECT (a buffer,
the current one by default) would get by stickiness; in a string, the
value of PROP at POSITION."
  (if (and object (not (bufferp object)))
      (get-text-property position prop object)
    (with-current-buffer (or object (current-buffer))
      (let ((from (subr--stickiness prop position)))
        (cond ((= from 1) (get-text-property position prop))
              ((and (= from -1) (> position (point-min)))
               (get-text-property (1- position) prop)))))))

(provide 'textprops)

;;; textprops.el ends here
