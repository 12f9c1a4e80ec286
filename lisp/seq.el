;;; seq.el --- sequence functions  -*- lexical-binding: t -*-

;; Part of what (require 'seq) gives in GNU Emacs, written over lists:
;; every function accepts a list, vector or string and returns a list
;; unless its Emacs counterpart keeps the sequence's type.

(require 'cl-lib)

;; Emacs walks a list with mapc, whose length check comes first: a
;; dotted or circular list is refused before any function is called.
;; Other sequences are walked by mapcar too: a record gives no
;; elements and a char-table (wrong-type-argument listp TABLE).
(defun seq--list (seq) (if (listp seq) (progn (length seq) seq) (mapcar #'identity seq)))

(defun seq-elt (seq n) (elt seq n))
(subr--set-setter 'seq-elt (lambda (args v) `(seq--set-elt ,@args ,v)))
(defun seq--set-elt (seq n value)
  "Store VALUE as element N of SEQ.  Emacs's setter is a generic function
with no method for nil, whose error this repeats."
  (if (null seq)
      (signal 'cl-no-applicable-method (list (intern "(setf seq-elt)") value seq n))
    (setf (elt seq n) value)))
(defun seq-length (seq) (length seq))
(defun seqp (object) "Non-nil if OBJECT is a sequence." (sequencep object))
(defun seq-empty-p (seq) (if (listp seq) (null seq) (= (length seq) 0)))
(defun seq-first (seq) (elt seq 0))
(defun seq-rest (seq) (if (listp seq) (cdr seq) (seq-drop seq 1)))
(defun seq-into (seq type)
  "SEQ as a sequence of TYPE: SEQ itself when it already is one."
  (cond ((eq type 'list) (seq--list seq))
        ((eq type 'vector) (if (vectorp seq) seq (vconcat seq)))
        ((eq type 'string) (if (stringp seq) seq (concat seq)))
        (t (error "Not a sequence type name: %S" type))))

(defun seq-copy (seq) (copy-sequence seq))
(defun seq-map (fn seq) (mapcar fn seq))
(defun seq-do (fn seq) (mapc fn seq) seq)
(defalias 'seq-each #'seq-do)
(defun seq-filter (pred seq)
  "A new list of SEQ's elements satisfying PRED."
  (let (out)
    (seq-do (lambda (x) (when (funcall pred x) (push x out))) seq)
    (nreverse out)))
(defun seq-remove (pred seq) (seq-filter (lambda (x) (not (funcall pred x))) seq))
(defun seq-reduce (fn seq initial)
  (let ((acc initial))
    (dolist (x (seq--list seq) acc) (setq acc (funcall fn acc x)))))
(defun seq-some (pred seq) (cl-some pred (seq--list seq)))
(defun seq-every-p (pred seq) (cl-every pred (seq--list seq)))
(defun seq-find (pred seq &optional default)
  (catch 'seq--found
    (dolist (x (seq--list seq) default)
      (when (funcall pred x) (throw 'seq--found x)))))
(defun seq-count (pred seq) (cl-count-if pred seq))
(defun seq-uniq (seq &optional testfn)
  (let (out)
    (dolist (x (seq--list seq) (nreverse out))
      (unless (seq-contains-p out x testfn)
        (push x out)))))
;; N is compared before SEQ's length is taken, as in Emacs's seq-take.
(defun seq--clamp (seq n) (min (max n 0) (length seq)))
(defun seq-take (seq n)
  (if (listp seq)
      (let (out) (while (and seq (> n 0)) (push (pop seq) out) (setq n (1- n)))
           (nreverse out))
    (seq--subseq seq 0 (seq--clamp seq n))))
(defun seq-drop (seq n)
  ;; Emacs's method for lists is nthcdr alone: (seq-drop '(1) nil)
  ;; signals (wrong-type-argument integerp nil)
  (cond ((listp seq) (nthcdr n seq))
        ((<= n 0) seq)
        (t (seq--subseq seq (seq--clamp seq n)))))
(defun seq--subseq (seq from &optional to)
  (if (or (stringp seq) (vectorp seq)) (substring seq from to)
    (error "Unsupported sequence: %s" seq)))
(defun seq-subseq (seq start &optional end)
  (unless (or (listp seq) (stringp seq) (vectorp seq))
    (error "Unsupported sequence: %s" seq))
  ;; Emacs compares a list's END with 0 before it looks at START
  (and end (listp seq) (< end 0))
  (cl-subseq seq start end))
;; TESTFN is called with an element of SEQ first, then ELT.
(defun seq-position (seq elt &optional testfn)
  (let ((index 0))
    (catch 'seq--found
      (seq-do (lambda (e)
                (when (funcall (or testfn #'equal) e elt) (throw 'seq--found index))
                (setq index (1+ index)))
              seq)
      nil)))
(defun seq-contains (seq elt &optional testfn)
  "The first element of SEQ equal to ELT (under TESTFN), or nil."
  (seq-some (lambda (e) (and (funcall (or testfn #'equal) elt e) e)) seq))
(defun seq-set-equal-p (seq1 seq2 &optional testfn)
  "Whether SEQ1 and SEQ2 have the same elements, in any order or number."
  (and (seq-every-p (lambda (x) (seq-contains-p seq2 x testfn)) seq1)
       (seq-every-p (lambda (x) (seq-contains-p seq1 x testfn)) seq2)))
(defun seq-into-sequence (seq)
  (if (sequencep seq) seq (error "Cannot convert %S into a sequence" seq)))
(defun seq-contains-p (seq elt &optional testfn)
  (and (seq-position seq elt testfn) t))
(defun seq-reverse (seq)
  (if (sequencep seq) (reverse seq) (seq--into-type-of (seq--list seq) seq)))
(defun seq-concatenate (type &rest seqs)
  ;; TYPE is looked at first, then the concatenating function checks SEQS
  (cond ((eq type 'list) (apply #'append (append seqs '(nil))))
        ((eq type 'vector) (apply #'vconcat seqs))
        ((eq type 'string) (apply #'concat seqs))
        (t (error "Not a sequence type name: %S" type))))
(defun seq-mapn (fn seq &rest seqs) (apply #'cl-mapcar fn seq seqs))
(defun seq--into-type-of (list seq)
  "LIST as a sequence of SEQ's type, as Emacs's (seq-into LIST (type-of
SEQ)): a bool-vector or record has no such type."
  (seq-into list (if (listp seq) 'list (type-of seq))))
(defun seq-sort (pred seq)
  "A sorted copy of SEQ, of SEQ's type."
  (if (listp seq)
      (sort (copy-sequence seq) pred)
    (seq--into-type-of (sort (append seq nil) pred) seq)))
(defun seq-min (seq) (apply #'min (seq--list seq)))
(defun seq-max (seq) (apply #'max (seq--list seq)))
(defun seq-partition (seq n)
  "SEQ cut into pieces of N elements (the last may be shorter), each of
SEQ's type; nil when N is not positive."
  (when (> n 0)
    (let (out)
      (while (not (seq-empty-p seq))
        (push (seq-take seq n) out)
        (setq seq (seq-drop seq n)))
      (nreverse out))))
(defun seq-group-by (fn seq)
  "The elements of SEQ grouped by FN, as (KEY ELEMENTS...) in Emacs's
order: walking SEQ from its end, a new key goes in front."
  (let (groups)
    (dolist (x (reverse (seq--list seq)) groups)
      (let* ((k (funcall fn x)) (cell (assoc k groups)))
        (if cell (setcdr cell (cons x (cdr cell))) (push (list k x) groups))))))

(defun seq--keep-from-end (seq1 keep)
  "The elements of SEQ1 for which KEEP is non-nil, as a list.  As in
Emacs, SEQ1 is looked at from its last element back."
  (let (out)
    (dolist (x (reverse (seq--list seq1)) out)
      (when (funcall keep x) (push x out)))))
(defun seq-difference (seq1 seq2 &optional testfn)
  "The elements of SEQ1 not in SEQ2, as a list."
  (seq--keep-from-end seq1 (lambda (x) (not (seq-contains-p seq2 x testfn)))))
(defun seq-intersection (seq1 seq2 &optional testfn)
  "The elements of SEQ1 also in SEQ2, as a list."
  (seq--keep-from-end seq1 (lambda (x) (seq-contains-p seq2 x testfn))))
(defun seq-union (seq1 seq2 &optional testfn)
  "The elements of SEQ1 and then SEQ2, each once, as a list."
  ;; SEQ1 is walked to its end (TESTFN called) before SEQ2 is looked at
  (let (out)
    (dolist (seq (list seq1 seq2) (nreverse out))
      (dolist (x (seq--list seq))
        (unless (seq-contains-p out x testfn) (push x out))))))
(defun seq-mapcat (fn seq &optional type)
  (apply #'seq-concatenate (or type 'list) (seq-map fn seq)))
(defun seq-map-indexed (fn seq)
  "FN called with each element of SEQ and its index; the results."
  (let ((i -1))
    (seq-map (lambda (x) (funcall fn x (setq i (1+ i)))) seq)))
(defun seq-do-indexed (fn seq)
  (seq-map-indexed fn seq)
  nil)
(defun seq--count-while (pred seq)
  (let ((n 0) (list (seq--list seq)))
    (while (and list (funcall pred (car list))) (setq n (1+ n) list (cdr list)))
    n))
(defun seq-take-while (pred seq) (seq-take seq (seq--count-while pred seq)))
(defun seq-drop-while (pred seq) (seq-drop seq (seq--count-while pred seq)))
(defun seq-sort-by (fn pred seq)
  (seq-sort (lambda (a b) (funcall pred (funcall fn a) (funcall fn b))) seq))
(defun seq-random-elt (seq)
  (if (seq-empty-p seq) (error "Sequence cannot be empty")
    (seq-elt seq (random (seq-length seq)))))

(defmacro seq-doseq (spec &rest body)
  (declare (indent 1))
  `(seq-do (lambda (,(car spec)) ,@body) ,(nth 1 spec)))

(defun seq--elt-safe (seq n) (ignore-errors (seq-elt seq n)))

(defun seq--bindings (pattern form)
  "The `let*' bindings giving PATTERN's variables the parts of FORM's
value: PATTERN is a variable, or a list or vector of patterns in which
`&rest' takes the remaining elements."
  (if (symbolp pattern)
      (list (list pattern form))
    (let ((s (make-symbol "seq")) (i 0) (items (append pattern nil)) (out nil))
      (while items
        (let ((p (pop items)))
          (if (eq p '&rest)
              (push (seq--bindings (pop items) `(seq-drop ,s ,i)) out)
            (push (seq--bindings p `(seq--elt-safe ,s ,i)) out)
            (setq i (1+ i)))))
      (cons (list s form) (apply #'append (nreverse out))))))

(defmacro seq-let (args seq &rest body)
  "Bind the variables of the pattern ARGS to SEQ's elements around BODY."
  (declare (indent 2))
  `(let* ,(seq--bindings args seq) ,@body))

(defmacro seq-setq (args seq)
  "Assign the variables of the pattern ARGS from SEQ's elements."
  (let (temps sets first)
    ;; The pattern's own variables are interned; seq--bindings's
    ;; temporaries are not.
    (dolist (b (seq--bindings args seq))
      (cond ((not (intern-soft (car b))) (push b temps))
            ((memq (car b) '(nil _)))
            (t (let ((tmp (make-symbol (symbol-name (car b)))))
                 (push (list tmp (cadr b)) temps)
                 (push `(setq ,(car b) ,tmp) sets)
                 (unless first (setq first (car b)))))))
    ;; The value is the first variable's, as in Emacs.
    `(let* ,(nreverse temps) ,@(nreverse sets) ,first)))

;; The `seq' pcase pattern: (seq PAT...) matches a sequence whose
;; elements match the PATs in turn (nil for missing ones); &rest PAT
;; matches what follows.  The element patterns come last first, as in
;; Emacs 28's expansion.
(defun seq--pcase-elements (patterns)
  (let ((index 0) (out nil))
    (while patterns
      (let ((pat (pop patterns)))
        (if (eq pat '&rest)
            (setq out (cons `(app (pcase--flip seq-drop ,index) ,(car patterns)) out)
                  patterns nil)
          (push `(app (pcase--flip seq--elt-safe ,index) ,pat) out)
          (setq index (1+ index)))))
    out))

(pcase-defmacro seq (&rest patterns)
  "Matches a sequence whose elements match PATTERNS (&rest PAT: the rest)."
  `(and (pred seqp) ,@(seq--pcase-elements patterns)))


(marrow--byte-code-in-emacs
 'seq-concatenate 'seq-contains-p 'seq-copy 'seq-count 'seq-difference
 'seq-do 'seq-drop 'seq-drop-while 'seq-elt 'seq-empty-p 'seq-every-p
 'seq-filter 'seq-find 'seq-group-by 'seq-intersection 'seq-into
 'seq-into-sequence 'seq-length 'seq-map 'seq-mapcat 'seq-mapn 'seq-max
 'seq-min 'seq-partition 'seq-position 'seq-random-elt 'seq-reduce
 'seq-remove 'seq-reverse 'seq-set-equal-p 'seq-some 'seq-sort
 'seq-subseq 'seq-take 'seq-take-while 'seq-union 'seq-uniq 'seqp)
(provide 'seq)

;;; seq.el ends here
