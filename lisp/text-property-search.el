;;; text-property-search.el --- finding regions by a text property's value  -*- lexical-binding: t -*-

;; A match is a run of characters whose PROPERTY value "matches" VALUE
;; under PREDICATE: t means `equal', nil means not `equal', and a
;; function is called with VALUE and the property's value.  With a
;; non-nil VALUE and a nil PREDICATE a match runs on across changes of
;; the property between values that all differ from VALUE; otherwise
;; it stops at the property's first change.  The positions each search
;; visits (and so its results near point) are Emacs 28's.

(require 'cl-lib)

(cl-defstruct (prop-match)
  beginning end value)

(defun text-property-search--match-p (value found predicate)
  "Whether FOUND, a value of the property, matches VALUE under PREDICATE."
  (cond ((eq predicate t) (equal value found))
        ((null predicate) (not (equal value found)))
        (t (funcall predicate value found))))

(defun text-property-search--spans-changes-p (value predicate)
  "Whether a match runs on across changes between non-matching values."
  (and value (null predicate)))

(defun text-property-search--end-forward (start property value predicate)
  "The match starting at START (point): move to its end and return it."
  (goto-char
   (if (text-property-search--spans-changes-p value predicate)
       (let ((pos (point)) (done nil))
         (while (not done)
           (let ((change (next-single-property-change pos property)))
             (setq pos (or change (point-max)))
             (setq done (or (null change)
                            (not (text-property-search--match-p
                                  value (get-text-property pos property)
                                  predicate))))))
         pos)
     (next-single-property-change (point) property nil (point-max))))
  (make-prop-match :beginning start :end (point)
                   :value (get-text-property start property)))

(defun text-property-search--end-backward (start property value predicate)
  "The match whose last character is at START (point): move to its
beginning and return it."
  (goto-char
   (if (text-property-search--spans-changes-p value predicate)
       (let ((pos (point)) (beg nil))
         (while (not beg)
           (let ((change (previous-single-property-change pos property)))
             (cond ((null change) (setq beg (point-min)))
                   ((text-property-search--match-p
                     value (get-text-property (1- change) property) predicate)
                    (setq pos (1- change)))
                   (t (setq beg change)))))
         beg)
     (previous-single-property-change (point) property nil (point-min))))
  (make-prop-match :beginning (point) :end (1+ start)
                   :value (get-text-property (point) property)))

(defun text-property-search--scan (step property value predicate found)
  "Go from change to change of PROPERTY (the next one STEP returns for
a position), until the character at a position it gives matches: then
return FOUND's match from there.  At the last change, go back to where
the search began and return nil."
  (let ((origin (point)) (result nil) (done nil))
    (while (not done)
      (let ((pos (funcall step (point))))
        (if (null pos)
            (progn (goto-char origin) (setq done t))
          (goto-char pos)
          (when (text-property-search--match-p
                 value (get-text-property pos property) predicate)
            (setq result (funcall found pos) done t)))))
    result))

(defun text-property-search-forward (property &optional value predicate not-current)
  "Find the next region where PROPERTY's value matches VALUE under
PREDICATE (see the file's commentary), move point to its end and
return a `prop-match' of its beginning, end and value; nil, point
unmoved, when there is none.  NOT-CURRENT skips a match point is in."
  (interactive (list (let ((name (completing-read "Search for property: " obarray)))
                       (and (> (length name) 0) (intern name)))))
  (let ((found (lambda (pos)
                 (text-property-search--end-forward pos property value predicate))))
    (cond ((eobp) nil)
          ((and (not not-current)
                (text-property-search--match-p
                 value (get-text-property (point) property) predicate))
           (funcall found (point)))
          (t (text-property-search--scan
              (lambda (pos) (next-single-property-change pos property))
              property value predicate found)))))

(defun text-property-search-backward (property &optional value predicate not-current)
  "Like `text-property-search-forward', searching backward: point goes
to the beginning of the region found."
  (interactive (list (let ((name (completing-read "Search for property: " obarray)))
                       (and (> (length name) 0) (intern name)))))
  (let ((found (lambda (pos)
                 (text-property-search--end-backward pos property value predicate))))
    (cond ((bobp) nil)
          ((text-property-search--match-p
            value (get-text-property (1- (point)) property) predicate)
           (let* ((origin (point))
                  (match (funcall found (1- origin))))
             ;; Emacs compares the values after the two ends, not
             ;; the match's own.
             (if (and not-current
                      (equal (get-text-property (point) property)
                             (get-text-property origin property)))
                 (text-property-search-backward property value predicate)
               match)))
          (t
           (let ((origin (point)) match)
             (forward-char -1)
             (setq match (text-property-search--scan
                          (lambda (pos)
                            (let ((change (previous-single-property-change pos property)))
                              (and change (1- change))))
                          property value predicate found))
             (unless match (goto-char origin))
             match)))))

(provide 'text-property-search)

;;; text-property-search.el ends here
