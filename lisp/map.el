;;; map.el --- functions over alists, plists, hash tables and arrays  -*- lexical-binding: t -*-

;; What (require 'map) gives in GNU Emacs 28, as plain functions: each
;; looks at its map's type (a list is a plist when its first element
;; is an atom, else an alist; a hash table; an array, whose keys are
;; its indices) rather than dispatching through generic functions.

(require 'seq)

(define-error 'map-not-inplace "Cannot modify map in-place")

(defsubst map--plist-p (list)
  (and (consp list) (atom (car list))))

(defun map--unsupported (map)
  (error "Unsupported map type `%S': %S" (type-of map) map))

(defun mapp (map)
  "Non-nil if MAP is a map: a list, hash table or array."
  (or (listp map) (hash-table-p map) (arrayp map)))

(defun map-contains-key (map key &optional testfn)
  "Non-nil if MAP has KEY: by `equal' (or TESTFN) in an alist, `eq' in a
plist, the table's test in a hash table, as an index in an array."
  (cond ((map--plist-p map) (plist-member map key))
        ((listp map)
         (let ((absent (list nil)))
           (not (eq absent (alist-get key map absent nil (or testfn #'equal))))))
        ((hash-table-p map)
         (let ((absent (list nil)))
           (not (eq absent (gethash key map absent)))))
        ((arrayp map) (and (natnump key) (< key (length map))))
        (t (map--unsupported map))))

(defun map-elt (map key &optional default testfn)
  "The value of KEY in MAP, or DEFAULT when MAP has no KEY."
  (cond ((map--plist-p map)
         (let ((cell (plist-member map key))) (if cell (cadr cell) default)))
        ((listp map) (alist-get key map default nil (or testfn #'equal)))
        ((hash-table-p map) (gethash key map default))
        ((arrayp map) (if (map-contains-key map key) (aref map key) default))
        (t (map--unsupported map))))

(defun map-put! (map key value &optional testfn)
  "Give KEY the value VALUE in MAP itself; return VALUE.  Signal
`map-not-inplace' when only a new map could hold it (an alist without KEY)."
  (cond ((map--plist-p map) (plist-put map key value) value)
        ((listp map)
         (let ((cell (if testfn (assoc key map testfn) (assoc key map))))
           (unless cell (signal 'map-not-inplace (list map)))
           (setcdr cell value)
           value))
        ((hash-table-p map) (puthash key value map))
        ((arrayp map) (aset map key value))
        (t (map--unsupported map))))

(defun map-insert (map key value)
  "A new map: MAP with KEY's value VALUE.  MAP is not changed."
  (cond ((map--plist-p map) (cons key (cons value map)))
        ((listp map) (cons (cons key value) map))
        (t (let ((copy (map-copy map)))
             (map-put! copy key value)
             copy))))

;; (setf (map-elt MAP KEY) V) stores in place when it can, else sets
;; the MAP place to a map with the new association.
(gv-define-expander map-elt
  (lambda (do map key &optional default testfn)
    (gv-letplace (getter setter) map
      (macroexp-let2* nil ((k key) (d default) (f testfn))
        (funcall do `(map-elt ,getter ,k ,d)
                 (lambda (value)
                   (macroexp-let2 nil v value
                     `(condition-case nil
                          (map-put! ,getter ,k ,v ,f)
                        (map-not-inplace
                         ,(funcall setter `(map-insert ,getter ,k ,v))
                         ,v)))))))))

(defmacro map-put (map key value &optional testfn)
  "Obsolete: (setf (map-elt MAP KEY nil TESTFN) VALUE)."
  `(setf (map-elt ,map ,key nil ,testfn) ,value))

(defun map--plist-delete (plist key)
  "PLIST without its KEY entries, cut out in place."
  (while (and (consp plist) (eq (car plist) key))
    (setq plist (cddr plist)))
  (let ((prev plist))
    (while (consp (cddr prev))
      (if (eq (car (cddr prev)) key)
          (setcdr (cdr prev) (cddr (cddr prev)))
        (setq prev (cddr prev)))))
  plist)

(defun map-delete (map key)
  "MAP without KEY, changed in place (an array's element becomes nil)."
  (cond ((map--plist-p map) (map--plist-delete map key))
        ((listp map) (setf (alist-get key map nil t #'equal) nil) map)
        ((hash-table-p map) (remhash key map) map)
        ((arrayp map) (when (map-contains-key map key) (aset map key nil)) map)
        (t (map--unsupported map))))

(defun map-do (function map)
  "Call FUNCTION with each key and value of MAP; return nil."
  (cond ((map--plist-p map)
         (while map (funcall function (pop map) (pop map))))
        ((listp map) (dolist (pair map) (funcall function (car pair) (cdr pair))))
        ((hash-table-p map) (maphash function map))
        ((arrayp map) (seq-do-indexed (lambda (elt i) (funcall function i elt)) map))
        (t (map--unsupported map)))
  nil)

(defun map-apply (function map)
  "The list of FUNCTION's values over MAP's keys and values."
  (let (out)
    (map-do (lambda (k v) (push (funcall function k v) out)) map)
    (nreverse out)))

(defun map-keys (map) (map-apply (lambda (k _) k) map))
(defun map-values (map)
  (if (arrayp map) (append map nil) (map-apply (lambda (_ v) v) map)))
(defun map-pairs (map) (map-apply #'cons map))
(defun map-keys-apply (function map) (map-apply (lambda (k _) (funcall function k)) map))
(defun map-values-apply (function map)
  (if (arrayp map) (mapcar function map)
    (map-apply (lambda (_ v) (funcall function v)) map)))

(defun map-length (map)
  "The number of entries of MAP (a key may count twice in a list)."
  (cond ((map--plist-p map) (/ (length map) 2))
        ((listp map) (length map))
        ((hash-table-p map) (hash-table-count map))
        ((arrayp map) (length map))
        (t (map--unsupported map))))

(defun map-empty-p (map)
  (if (listp map) (null map) (zerop (map-length map))))

(defun map-copy (map)
  (cond ((map--plist-p map) (copy-sequence map))
        ((listp map) (copy-alist map))
        ((hash-table-p map) (copy-hash-table map))
        ((arrayp map) (copy-sequence map))
        (t (map--unsupported map))))

(defun map-filter (pred map)
  "The alist of MAP's entries for which PRED (of key and value) is non-nil."
  (delq nil (map-apply (lambda (k v) (and (funcall pred k v) (cons k v))) map)))

(defun map-remove (pred map)
  "The alist of MAP's entries for which PRED (of key and value) is nil."
  (map-filter (lambda (k v) (not (funcall pred k v))) map))

(defun map-some (pred map)
  "The first non-nil value of PRED over MAP's keys and values."
  (catch 'map--done
    (map-do (lambda (k v) (let ((r (funcall pred k v))) (when r (throw 'map--done r))))
            map)
    nil))

(defun map-every-p (pred map)
  (catch 'map--done
    (map-do (lambda (k v) (unless (funcall pred k v) (throw 'map--done nil))) map)
    t))

(defun map--into-hash (map args)
  (let ((table (apply #'make-hash-table args)))
    (map-do (lambda (k v) (puthash k v table)) map)
    table))

(defun map-into (map type)
  "MAP as a map of TYPE: list or alist, plist, hash-table (keys by
`equal') or (hash-table . MAKE-HASH-TABLE-ARGUMENTS)."
  (cond ((memq type '(list alist)) (map-pairs map))
        ((eq type 'plist)
         (let (out)
           (map-do (lambda (k v) (push k out) (push v out)) map)
           (nreverse out)))
        ((eq type 'hash-table)
         (map--into-hash map (list :size (map-length map) :test #'equal)))
        ((eq (car-safe type) 'hash-table) (map--into-hash map (cdr type)))
        (t (signal 'cl-no-applicable-method (list 'map-into map type)))))

(defun map--gathering-type (type)
  "The type of map a merge into TYPE collects its entries in: a hash
table for the list types (keyed by `eq' for a plist, as in Emacs), so
that each key is found quickly; TYPE itself otherwise."
  (cond ((eq type 'plist) '(hash-table :test eq))
        ((memq type '(list alist)) '(hash-table :test equal))
        (t type)))

(defun map--merge (merge type maps)
  "MAPS merged into one of TYPE by MERGE (of the result so far, a key
and a value); lists are gathered in a hash table first."
  (let* ((gathering (map--gathering-type type))
         (result (map-into (car maps) gathering)))
    (dolist (entry (mapcan #'map-pairs (cdr maps)))
      (setq result (funcall merge result (car entry) (cdr entry))))
    (if (eq gathering type) result (map-into result type))))

(defun map-merge (type &rest maps)
  "MAPS merged into a map of TYPE, later values of a key winning."
  (map--merge (lambda (result k v) (setf (map-elt result k) v) result) type maps))

(defun map-merge-with (type function &rest maps)
  "MAPS merged into a map of TYPE, FUNCTION combining the old and new
values of a key seen twice."
  (let ((absent (list nil)))
    (map--merge (lambda (result k v)
                  (let ((old (map-elt result k absent)))
                    (setf (map-elt result k) (if (eq old absent) v (funcall function old v))))
                  result)
                type maps)))

(defun map-nested-elt (map keys &optional default)
  "The value reached from MAP through KEYS in turn, or DEFAULT when nil."
  (or (seq-reduce (lambda (m k) (and (mapp m) (map-elt m k))) keys map)
      default))

(defun map--pcase-elements (args)
  "The `app' patterns of a `map' pattern's ARGS: (KEY PAT), a keyword
:K standing for (:K K), a symbol S for ('S S)."
  (mapcar (lambda (arg)
            (cond ((consp arg) `(app (pcase--flip map-elt ,(car arg)) ,(cadr arg)))
                  ((keywordp arg)
                   `(app (pcase--flip map-elt ,arg) ,(intern (substring (symbol-name arg) 1))))
                  (t `(app (pcase--flip map-elt ',arg) ,arg))))
          args))

(pcase-defmacro map (&rest args)
  "Matches a map whose values under ARGS's keys match their patterns."
  `(and (pred mapp) ,@(map--pcase-elements args)))

(defun map--let-pattern (keys)
  (cons 'map (mapcar (lambda (k) (if (eq (car-safe k) 'map) (map--let-pattern k) k))
                     keys)))

(defmacro map-let (keys map &rest body)
  "Bind KEYS (symbols, or (KEY VAR)) to their values in MAP around BODY."
  (declare (indent 2))
  `(pcase-let ((,(map--let-pattern keys) ,map)) ,@body))


(marrow--byte-code-in-emacs
 'map-apply 'map-contains-key 'map-copy 'map-delete 'map-do 'map-elt
 'map-empty-p 'map-every-p 'map-filter 'map-insert 'map-into 'map-keys
 'map-keys-apply 'map-length 'map-pairs 'map-put! 'map-remove 'map-some
 'map-values 'map-values-apply 'mapp)
(provide 'map)

;;; map.el ends here
