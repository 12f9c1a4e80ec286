;;; ring.el --- fixed-size rings of the most recent items  -*- lexical-binding: t -*-

;; A ring is (HEAD LENGTH . VECTOR), as in Emacs: LENGTH items stored
;; from the oldest at index HEAD of VECTOR, wrapping around.  Index 0
;; of the ring functions is the newest item, LENGTH - 1 the oldest.

(defun make-ring (size)
  "A new empty ring with room for SIZE items."
  (cons 0 (cons 0 (make-vector size nil))))

(defun ring-p (x)
  "Whether X is a ring."
  ;; A ring is (START COUNT . ITEMS), ITEMS a vector.
  (and (consp x) (consp (cdr x))
       (let ((start (car x)) (count (cadr x)) (items (cddr x)))
         (and (integerp start) (integerp count) (vectorp items)))))

(defun ring-size (ring) "The room of RING." (length (cddr ring)))
(defun ring-length (ring) "The number of items in RING." (cadr ring))
(defun ring-empty-p (ring) "Whether RING holds nothing." (zerop (cadr ring)))

(defun ring-plus1 (index veclen)
  "INDEX + 1, wrapping to 0 at VECLEN."
  (let ((next (1+ index))) (if (= next veclen) 0 next)))

(defun ring-minus1 (index veclen)
  "INDEX - 1, wrapping to VECLEN - 1 below 0."
  (1- (if (zerop index) veclen index)))

(defun ring-index (index head ringlen veclen)
  "The vector slot of item INDEX (0 the newest, taken modulo RINGLEN) of a
ring whose oldest item is at HEAD of a vector of VECLEN slots."
  (mod (+ head (- ringlen (mod index ringlen) 1)) veclen))

(defun ring--slot (ring index)
  (ring-index index (car ring) (cadr ring) (ring-size ring)))

(defun ring-ref (ring index)
  "Item INDEX of RING, 0 the newest (INDEX is taken modulo the length)."
  (when (ring-empty-p ring) (error "Accessing an empty ring"))
  (aref (cddr ring) (ring--slot ring index)))

(defun ring-elements (ring)
  "RING's items, newest first."
  (let ((items nil))
    (dotimes (i (ring-length ring))
      (push (ring-ref ring (- (ring-length ring) 1 i)) items))
    items))

(defun ring-copy (ring)
  "A copy of RING, sharing its items."
  (cons (car ring) (cons (cadr ring) (copy-sequence (cddr ring)))))

(defun ring-insert (ring item)
  "Add ITEM to RING as its newest, dropping the oldest when full; return ITEM."
  (let ((vec (cddr ring)) (head (car ring)) (len (cadr ring)))
    (aset vec (mod (+ head len) (length vec)) item)
    (if (= len (length vec))
        (setcar ring (ring-plus1 head (length vec)))
      (setcar (cdr ring) (1+ len)))
    item))

(defun ring-insert-at-beginning (ring item)
  "Add ITEM to RING as its oldest, dropping the newest when full; return
the new length."
  (let* ((vec (cddr ring))
         (head (ring-minus1 (car ring) (length vec))))
    (aset vec head item)
    (setcar ring head)
    (setcar (cdr ring) (min (length vec) (1+ (cadr ring))))))

(defun ring-remove (ring &optional index)
  "Remove item INDEX (default the oldest) from RING and return it."
  (when (ring-empty-p ring) (error "Ring empty"))
  (let* ((vec (cddr ring)) (veclen (length vec)) (len (cadr ring))
         (slot (ring--slot ring (or index (1- len))))
         (item (aref vec slot))
         (last (mod (+ (car ring) len -1) veclen)))
    ;; Close the gap by moving the newer items down one slot.
    (while (/= slot last)
      (let ((next (ring-plus1 slot veclen)))
        (aset vec slot (aref vec next))
        (setq slot next)))
    (aset vec last nil)
    (setcar (cdr ring) (1- len))
    item))

(defun ring-member (ring item)
  "The index of the newest item of RING `equal' to ITEM, or nil."
  (catch 'found
    (dotimes (i (ring-length ring))
      (when (equal item (ring-ref ring i)) (throw 'found i)))
    nil))

(defun ring-next (ring item)
  "The item of RING after ITEM (one older, wrapping); an error if ITEM is absent."
  (let ((i (or (ring-member ring item) (error "Item is not in the ring: `%s'" item))))
    (ring-ref ring (ring-plus1 i (ring-length ring)))))

(defun ring-previous (ring item)
  "The item of RING before ITEM (one newer, wrapping); an error if ITEM is absent."
  (let ((i (or (ring-member ring item) (error "Item is not in the ring: `%s'" item))))
    (ring-ref ring (ring-minus1 i (ring-length ring)))))

(defun ring-resize (ring size)
  "Give RING room for SIZE items, dropping the oldest that no longer fit."
  (when (integerp size)
    (let ((len (ring-length ring))
          (vec (make-vector size nil)))
      (if (zerop len)
          (setcdr ring (cons 0 vec))
        ;; The first slot copied is computed modulo the length, not the
        ;; vector's size, exactly as Emacs 28 does (which loses the order
        ;; of some wrapped rings): the same calls leave the same rings.
        (let* ((old (cddr ring))
               (kept (min size len))
               (from (mod (+ (car ring) (- len kept)) len)))
          (setcdr ring (cons kept vec))
          (dotimes (j kept)
            (aset vec j (aref old (mod (+ from j) (length old)))))
          (setcar ring 0))))))

(defun ring-extend (ring x)
  "Give RING room for X more items."
  (when (> x 0)
    (ring-resize ring (+ x (ring-size ring)))))

(defun ring-insert+extend (ring item &optional grow-p)
  "Like `ring-insert', but when GROW-P and RING is full, make room first."
  (when (and grow-p (= (ring-length ring) (ring-size ring)))
    (ring-extend ring 1))
  (ring-insert ring item))

(defun ring-remove+insert+extend (ring item &optional grow-p)
  "Remove the items of RING `equal' to ITEM, then `ring-insert+extend' it."
  (let ((i 0))
    (while (< i (ring-length ring))
      (if (equal item (ring-ref ring i))
          (ring-remove ring i)
        (setq i (1+ i)))))
  (ring-insert+extend ring item grow-p))

(defun ring-convert-sequence-to-ring (seq)
  "SEQ itself if it is a ring, else a ring of SEQ's items, the first the
newest, leaving out each item `equal' to that newest one (as Emacs does)."
  (if (ring-p seq)
      seq
    (let ((ring (make-ring (length seq))))
      (mapc (lambda (item)
              (unless (and (not (ring-empty-p ring)) (equal (ring-ref ring 0) item))
                (ring-insert-at-beginning ring item)))
            seq)
      ring)))

(provide 'ring)

;;; ring.el ends here
