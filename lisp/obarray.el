;;; obarray.el --- obarrays as values  -*- lexical-binding: t -*-

;; Written for marrow after Emacs 28's obarray.el: an obarray is a
;; vector that `intern', `intern-soft', `unintern' and `mapatoms' take
;; as their OBARRAY argument.

(defun obarray-make (&optional size)
  "A new empty obarray of SIZE slots (`obarray-default-size' by default)."
  (let ((slots (or size obarray-default-size)))
    (unless (< 0 slots)
      (signal 'wrong-type-argument '(size 0)))
    (make-vector slots 0)))

(defun obarray-size (ob)
  "The number of slots of obarray OB."
  (length ob))

(defun obarrayp (object)
  "Whether OBJECT can be an obarray: a vector with a slot."
  (and (vectorp object) (> (length object) 0)))

(defun obarray-get (ob name)
  "The symbol named NAME in obarray OB, or nil."
  (intern-soft name ob))

(defun obarray-put (ob name)
  "The symbol named NAME in obarray OB, made there if need be."
  (intern name ob))

(defun obarray-remove (ob name)
  "Take the symbol named NAME out of obarray OB; t if it was there."
  (unintern name ob))

(defun obarray-map (fn ob)
  "Call FN on each symbol of obarray OB."
  (mapatoms fn ob))

(provide 'obarray)

;;; obarray.el ends here
