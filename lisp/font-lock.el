;;; font-lock.el --- font-lock's text-property helpers  -*- lexical-binding: t -*-

;; Emacs preloads font-lock.el; of it, marrow has the functions that
;; edit a property holding a face or a list of faces, which code
;; outside font-lock mode uses too.  subr.el autoloads them.  There is
;; no fontification here: marrow displays nothing.

(defun font-lock--single-face-p (value)
  "Whether VALUE, a face property's value, is one face (a name, an
anonymous face plist or a (foreground-color . C) pair), not a list."
  (or (atom value)
      (keywordp (car value))
      (memq (car value) '(foreground-color background-color))))

(defun font-lock--as-list (prop value)
  "PROP's VALUE as a list of its elements: a face property's single
face, or any other non-list value, becomes a list of one."
  (if (if (memq prop '(face font-lock-face))
          (font-lock--single-face-p value)
        (not (listp value)))
      (list value)
    value))

(defun font-lock--combine-text-property (start end prop value object combine)
  "Set PROP over each run from START to END of OBJECT to what COMBINE
makes of VALUE's elements and the run's value's (both lists)."
  (let ((new (if (and (listp value) (not (keywordp (car value)))) value (list value))))
    (while (/= start end)
      (let ((next (next-single-property-change start prop object end))
            (old (get-text-property start prop object)))
        (put-text-property start next prop
                           (funcall combine new (and old (font-lock--as-list prop old)))
                           object)
        (setq start next)))))

(defun font-lock-prepend-text-property (start end prop value &optional object)
  "Put VALUE (a list is taken as its elements) in front of PROP's value
on the text from START to END of OBJECT (a buffer, the current one by
default, or a string).  The values made are always lists."
  (font-lock--combine-text-property start end prop value object #'append))

(defun font-lock-append-text-property (start end prop value &optional object)
  "As `font-lock-prepend-text-property', putting VALUE after PROP's value."
  (font-lock--combine-text-property start end prop value object
                                    (lambda (new old) (append old new))))

(defun font-lock-fillin-text-property (start end prop value &optional object)
  "Give PROP the value VALUE on the text from START to END of OBJECT
where it has none."
  (let ((start (text-property-any start end prop nil object)))
    (while start
      (let ((next (or (text-property-not-all start end prop nil object) end)))
        (put-text-property start next prop value object)
        (setq start (text-property-any next end prop nil object))))))

(defun font-lock--without-face (value old)
  "What is left of OLD, a property's value, once the face VALUE is taken out:
nil when nothing is, the face alone when one is; OLD if VALUE is not in it."
  (cond ((font-lock--single-face-p old) (if (eq old value) nil old))
        ((not (memq value old)) old)
        (t (let ((left (remq value old)))
             (if (cdr left) left (car left))))))

(defun font-lock--remove-face-from-text-property (start end prop value &optional object)
  "Take the face VALUE out of PROP on the text from START to END of
OBJECT: a value that is VALUE, or a list holding it, loses it."
  (let ((start (text-property-not-all start end prop nil object)))
    (while start
      (let* ((next (next-single-property-change start prop object end))
             (old (get-text-property start prop object))
             (new (font-lock--without-face value old)))
        (cond ((null new) (remove-list-of-text-properties start next (list prop) object))
              ((not (eq new old)) (put-text-property start next prop new object)))
        (setq start (text-property-not-all next end prop nil object))))))

;; As in Emacs, where it is preloaded.
(provide 'font-lock)

;;; font-lock.el ends here
