;;; text-property-search.el --- find regions by a text property's value  -*- lexical-binding: t -*-

;; `text-property-search-forward' and `-backward' as Emacs 28 has
;; them, down to the way they walk the runs of a property's values:
;; a backward search that does not start in a match steps over the run
;; just before point before it looks.

(require 'cl-lib)

(cl-defstruct (prop-match)
  beginning end value)

(defun text-property--match-p (value prop-value predicate)
  "Whether PROP-VALUE matches VALUE: PREDICATE t means `equal', nil
means not `equal', and a function is called with VALUE and PROP-VALUE."
  (cond ((eq predicate t) (equal value prop-value))
        ((null predicate) (not (equal value prop-value)))
        (t (funcall predicate value prop-value))))

(defun text-property--region-end (pos property value predicate)
  "Where the matching region from POS ends: a VALUE with a nil PREDICATE
takes in the following runs while they match, else it is one run."
  (if (not (and value (null predicate)))
      (next-single-property-change pos property nil (point-max))
    (let ((end pos) (next nil))
      (while (and (setq next (next-single-property-change end property))
                  (progn (setq end next)
                         (text-property--match-p
                          value (get-text-property next property) predicate))))
      (if next end (point-max)))))

(defun text-property--region-start (pos property value predicate)
  "Where the matching region that ends at POS starts, as
`text-property--region-end' has it, backward."
  (if (not (and value (null predicate)))
      (previous-single-property-change pos property nil (point-min))
    (let ((start pos) (previous nil) (done nil))
      (while (not done)
        (setq previous (previous-single-property-change start property))
        (cond ((null previous) (setq start (point-min) done t))
              ((text-property--match-p
                value (get-text-property (1- previous) property) predicate)
               (setq start (1- previous)))
              (t (setq start previous done t))))
      start)))

(defun text-property--match-forward (start property value predicate)
  "The region matching from START on; point goes to its end."
  (let ((end (text-property--region-end start property value predicate)))
    (goto-char end)
    (make-prop-match :beginning start :end end
                     :value (get-text-property start property))))

(defun text-property--match-backward (last property value predicate)
  "The region matching up to the character at LAST; point goes to its start."
  (let ((start (text-property--region-start (1+ last) property value predicate)))
    (goto-char start)
    (make-prop-match :beginning start :end (1+ last)
                     :value (get-text-property start property))))

(defun text-property-search-forward (property &optional value predicate not-current)
  "Find the next region from point whose PROPERTY matches VALUE, move
point to its end and return it as a `prop-match', or return nil and
leave point.  PREDICATE t means the value must be `equal' to VALUE;
nil, the default, that it must not be; a function is called with VALUE
and the property's value.  NOT-CURRENT skips a match point is in."
  (interactive (list (let ((name (completing-read "Search for property: " obarray)))
                       (and (> (length name) 0) (intern name)))))
  (cond
   ((eobp) nil)
   ((and (not not-current)
         (text-property--match-p value (get-text-property (point) property) predicate))
    (text-property--match-forward (point) property value predicate))
   (t
    (let ((origin (point)) (found nil) (next nil))
      (while (and (not found)
                  (setq next (next-single-property-change (point) property)))
        (goto-char next)
        (cond ((text-property--match-p value (get-text-property next property) predicate)
               (setq found (text-property--match-forward next property value predicate)))
              ((not (next-single-property-change next property))
               (setq next nil))))
      (unless found (goto-char origin))
      found))))

(defun text-property-search-backward (property &optional value predicate not-current)
  "Find the previous region before point whose PROPERTY matches VALUE,
move point to its start and return it as a `prop-match', or return nil.
See `text-property-search-forward' for VALUE, PREDICATE and NOT-CURRENT."
  (interactive (list (let ((name (completing-read "Search for property: " obarray)))
                       (and (> (length name) 0) (intern name)))))
  (cond
   ((bobp) nil)
   ((text-property--match-p value (get-text-property (1- (point)) property) predicate)
    (let* ((origin (point))
           (match (text-property--match-backward (1- origin) property value predicate)))
      (if (and not-current
               (equal (get-text-property (point) property)
                      (get-text-property origin property)))
          (text-property-search-backward property value predicate)
        match)))
   (t
    (let ((origin (point)) (found nil) (previous nil))
      (backward-char)
      (while (and (not found)
                  (setq previous (previous-single-property-change (point) property)))
        (goto-char (1- previous))
        (cond ((text-property--match-p value (get-text-property (point) property) predicate)
               (setq found (text-property--match-backward (point) property value predicate)))
              ((not (previous-single-property-change (point) property))
               (setq previous nil))))
      (unless found (goto-char origin))
      found))))

(provide 'text-property-search)

;;; text-property-search.el ends here
