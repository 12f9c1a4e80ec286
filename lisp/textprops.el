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
the current one by default) would get: from an overlay it would be in
(by the overlay's advance settings), else from the text by stickiness.
In a string, the value of PROP at POSITION."
  (if (and object (not (bufferp object)))
      (get-text-property position prop object)
    (with-current-buffer (or object (current-buffer))
      (let ((overlay-value (marrow--overlay-pos-property position prop)))
        (if overlay-value
            (car overlay-value)
          (let ((from (subr--stickiness prop position)))
            (cond ((= from 1) (get-text-property position prop))
                  ((and (= from -1) (> position (point-min)))
                   (get-text-property (1- position) prop)))))))))

;;; ---- Insertion that inherits ----
;; What Emacs's intervals give text inserted with inheritance, taken
;; property by property from the characters around it.

(defun textprops--get (plist prop)
  "PROP's value in PLIST, or failing that its category symbol's."
  (let ((cell (plist-member plist prop)))
    (if cell
        (cadr cell)
      (let ((category (plist-get plist 'category)))
        (and category (symbolp category) (get category prop))))))

(defun textprops--in-set (prop set)
  "Whether SET (t, another non-list, or a list) covers PROP."
  (if (consp set) (memq prop set) set))

(defun textprops--default-stickiness (prop)
  "PROP's entry in `text-property-default-nonsticky': (PROP . NONSTICKY)."
  (assq prop text-property-default-nonsticky))

(defun textprops--names (plist)
  "The properties PLIST gives values, in order."
  (let (names)
    (while plist
      (push (car plist) names)
      (setq plist (cddr plist)))
    (nreverse names)))

(defun textprops--stickiness-special-p (prop)
  (memq prop '(front-sticky rear-nonsticky)))

(defun textprops--inherit-from-right (prop left right)
  "PROP's share of what inserted text takes from RIGHT (a plist), the
text before it having LEFT: a list (VALUE FRONT REAR), or nil."
  (let* ((lfront (textprops--get left 'front-sticky))
         (lrear (textprops--get left 'rear-nonsticky))
         (rfront (textprops--get right 'front-sticky))
         (rrear (textprops--get right 'rear-nonsticky))
         (default (textprops--default-stickiness prop))
         (lcell (plist-member left prop))
         (lval (cadr lcell))
         (rval (plist-get right prop))
         (use-left (and lcell (not (or (textprops--in-set prop lrear) (cdr default)))))
         (use-right (or (textprops--in-set prop rfront) (and default (not (cdr default))))))
    (when (and use-left use-right)
      (cond ((null lval) (setq use-left nil))
            ((null rval) (setq use-right nil))))
    (cond (use-left (list lval (textprops--in-set prop lfront) (textprops--in-set prop lrear)))
          (use-right (list rval (textprops--in-set prop rfront) (textprops--in-set prop rrear))))))

(defun textprops--inherit-from-left (prop left right)
  "As `textprops--inherit-from-right', for PROP that only LEFT has: a
list (VALUE-CELL FRONT REAR), VALUE-CELL nil when only the stickiness
is inherited."
  (let ((lfront (textprops--get left 'front-sticky))
        (lrear (textprops--get left 'rear-nonsticky))
        (rfront (textprops--get right 'front-sticky))
        (rrear (textprops--get right 'rear-nonsticky))
        (default (textprops--default-stickiness prop)))
    (cond ((not (or (textprops--in-set prop lrear) (cdr default)))
           (list (list (plist-get left prop)) (textprops--in-set prop lfront) nil))
          ((or (textprops--in-set prop rfront) (and default (not (cdr default))))
           (list nil t (textprops--in-set prop rrear))))))

(defun textprops--merge-sticky (left right)
  "The properties text inserted between a character with LEFT and one
with RIGHT (plists) inherits."
  (let (props front rear)
    (dolist (prop (textprops--names right))
      (let ((got (and (not (textprops--stickiness-special-p prop))
                      (textprops--inherit-from-right prop left right))))
        (when got
          (setq props (cons (car got) (cons prop props)))
          (when (nth 1 got) (push prop front))
          (when (nth 2 got) (push prop rear)))))
    (dolist (prop (textprops--names left))
      (let ((got (and (not (textprops--stickiness-special-p prop))
                      (not (plist-member right prop))
                      (textprops--inherit-from-left prop left right))))
        (when got
          (when (car got)
            (setq props (cons (car (car got)) (cons prop props))))
          (when (nth 1 got) (push prop front))
          (when (nth 2 got) (push prop rear)))))
    (setq props (nreverse props))
    (when rear
      (setq props (cons 'rear-nonsticky (cons (nreverse rear) props))))
    (let ((category (plist-get props 'category)))
      (when (and front (not (and category (symbolp category)
                                 (eq (get category 'front-sticky) t))))
        (setq props (cons 'front-sticky (cons (nreverse front) props)))))
    props))

(defun textprops--all-sticky-p (plist)
  "Whether text inserted inside a run with PLIST simply joins it."
  (let ((front (textprops--get plist 'front-sticky))
        (rear (textprops--get plist 'rear-nonsticky)))
    (cond ((and rear (not (consp rear))) nil)
          ((and front (not (consp front))) t)
          (t (not (memq nil (mapcar (lambda (prop)
                                      (or (memq prop front)
                                          (not (or (memq prop rear)
                                                   (textprops--default-stickiness prop)))))
                                    (textprops--names plist))))))))

(defun textprops--inherited-here ()
  "The properties text inserted at point would inherit."
  (let ((left (and (> (point) (point-min)) (text-properties-at (1- (point)))))
        (right (and (< (point) (point-max)) (text-properties-at (point)))))
    (if (and left (eq left right) (textprops--all-sticky-p left))
        left
      (textprops--merge-sticky left right))))

(defun textprops--piece-end (arg start pos end)
  "Where the piece of the inserted ARG (at START, ending at END) that
holds POS ends: its intervals stay apart, as Emacs grafts them."
  (let ((bound end))
    (when (stringp arg)
      (dolist (interval (object-intervals arg))
        (let ((edge (+ start (cadr interval))))
          (when (and (> edge pos) (< edge bound))
            (setq bound edge)))))
    bound))

(defun textprops--insert-inheriting (insert-function args)
  "Insert each of ARGS with INSERT-FUNCTION, giving it the properties of
the text around it; its own fill in what those lack."
  (dolist (arg args)
    (let ((inherited (textprops--inherited-here))
          (inside (and (not (internal--interval-boundary-p (point)))
                       (textprops--all-sticky-p (text-properties-at (point)))))
          (start (point)))
      (funcall insert-function arg)
      ;; Emacs inherits as it inserts: undo records the insertion only.
      (let ((inhibit-modification-hooks t)
            (buffer-undo-list t)
            ;; Text that is all the buffer has nothing to inherit:
            ;; Emacs gives it the string's intervals as they are.
            (pos (if (= (- (point) start) (buffer-size)) (point) start)))
        (while (< pos (point))
          (let ((next (textprops--piece-end arg start pos (point)))
                (props (copy-sequence inherited)))
            ;; Its own after the inherited ones, as Emacs orders them:
            ;; set-text-properties stores the pairs in reverse.
            (dolist (prop (textprops--names (text-properties-at pos)))
              (unless (plist-member props prop)
                (setq props (cons prop (cons (get-text-property pos prop) props)))))
            (set-text-properties pos next props)
            (setq pos next)))
        ;; Emacs gives text with no properties of its own to the
        ;; interval it joins; a string's own intervals stay apart.
        (when (or (characterp arg)
                  (not (or (text-properties-at 0 arg) (next-property-change 0 arg))))
          (internal--join-inherited start (point) inside)))))
  nil)

(defun insert-and-inherit (&rest args)
  "Insert ARGS (strings and characters) at point, as `insert' does, the
new text inheriting the sticky properties of the text around it."
  (textprops--insert-inheriting #'insert args))

(defun insert-before-markers-and-inherit (&rest args)
  "As `insert-and-inherit', but as `insert-before-markers' does."
  (textprops--insert-inheriting #'insert-before-markers args))

;;; ---- Faces ----

(defun textprops--added-face (face old present appendp)
  "The face value FACE added to OLD makes; PRESENT, whether OLD is set."
  (cond ((not present) face)
        ((and (consp old) (not (keywordp (car old))))
         (if appendp (append old (list face)) (cons face old)))
        (appendp (list old face))
        (t (list face old))))

(defun add-face-text-property (start end face &optional appendp object)
  "Add FACE to the `face' property of the text from START to END of
OBJECT (a buffer, the current one by default, or a string): in front
of the faces there, or after them if APPENDP."
  (let ((pos (min start end))
        (end (max start end)))
    ;; The range is checked as every text-property function checks it.
    (text-property-not-all pos end 'face nil object)
    (while (< pos end)
      (let* ((next (next-single-property-change pos 'face object end))
             (cell (plist-member (text-properties-at pos object) 'face)))
        (unless (and cell (eq (cadr cell) face))
          (put-text-property pos next 'face
                             (textprops--added-face face (cadr cell) cell appendp)
                             object))
        (setq pos next))))
  nil)


;;; textprops.el ends here

;;; ---- Fields ----
;; A field is a run of characters with the same `field' property (text
;; or overlay, compared with `eq').  At a boundary, the field that
;; owns a position is the one that text inserted there would join (by
;; stickiness); a position that would join neither is an empty field
;; of its own, unless the inserted text would have no field at all.

(defun textprops--field-position (pos)
  (cond ((null pos) (point))
        ((or (integerp pos) (markerp pos)) (+ pos 0))
        (t (signal 'wrong-type-argument (list 'integer-or-marker-p pos)))))

(defun textprops--field-edges (pos merge-at-boundary beg-limit end-limit)
  "The (BEG . END) of the field at POS.  With MERGE-AT-BOUNDARY, a
position between two fields belongs to both (a `boundary' field
between them counts as nothing); BEG-LIMIT and END-LIMIT bound the
search."
  (let* ((after (get-char-property pos 'field))
         ;; At the start, as if the field after reached further back:
         ;; a non-sticky field there is still the first one.
         (before (if (> pos (point-min)) (get-char-property (1- pos) 'field) after))
         (at-start nil)
         (at-end nil))
    (unless (or merge-at-boundary (eq after before))
      (let ((inserted (get-pos-property pos 'field)))
        (setq at-end (not (eq inserted after))
              at-start (not (eq inserted before)))
        ;; Text inserted here would be in no field, between two: not an
        ;; empty field here, but a field not meant for editing nearby.
        (when (and (null inserted) at-start at-end)
          (setq at-start nil at-end nil))))
    (cons (if at-start
              pos
            (let ((p pos))
              (when (and merge-at-boundary (eq before 'boundary))
                (setq p (previous-single-char-property-change p 'field nil beg-limit)))
              (previous-single-char-property-change p 'field nil beg-limit)))
          (if at-end
              pos
            (let ((p pos))
              (when (and merge-at-boundary (eq after 'boundary))
                (setq p (next-single-char-property-change p 'field nil end-limit)))
              (next-single-char-property-change p 'field nil end-limit))))))

(defun field-beginning (&optional pos escape-from-edge limit)
  "The start of the field at POS (point by default).  With
ESCAPE-FROM-EDGE, a POS at the start of a field belongs to the field
before it too; the search stops at LIMIT."
  (car (textprops--field-edges (textprops--field-position pos) escape-from-edge limit nil)))

(defun field-end (&optional pos escape-from-edge limit)
  "The end of the field at POS (point by default).  With
ESCAPE-FROM-EDGE, a POS at the end of a field belongs to the field
after it too; the search stops at LIMIT."
  (cdr (textprops--field-edges (textprops--field-position pos) escape-from-edge nil limit)))

(defun field-string (&optional pos)
  "The text of the field at POS (point by default), with its properties."
  (let ((edges (textprops--field-edges (textprops--field-position pos) nil nil nil)))
    (buffer-substring (car edges) (cdr edges))))

(defun field-string-no-properties (&optional pos)
  "The text of the field at POS (point by default), without properties."
  (let ((edges (textprops--field-edges (textprops--field-position pos) nil nil nil)))
    (buffer-substring-no-properties (car edges) (cdr edges))))

(defun delete-field (&optional pos)
  "Delete the field at POS (point by default)."
  (let ((edges (textprops--field-edges (textprops--field-position pos) nil nil nil)))
    (delete-region (car edges) (cdr edges))))

(defun textprops--fields-near-p (new-pos old-pos)
  "Whether NEW-POS or OLD-POS touches a field: the character after or
before it has one.  (The order of the looks decides which position an
out-of-range error names.)"
  (or (get-char-property new-pos 'field)
      (get-char-property old-pos 'field)
      (and (> new-pos (point-min)) (get-char-property (1- new-pos) 'field))
      (and (> old-pos (point-min)) (get-char-property (1- old-pos) 'field))))

(defun textprops--captures-p (old-pos property)
  "Whether PROPERTY at OLD-POS stops `constrain-to-field': text
inserted there would have it, or both characters around it have it."
  (or (get-pos-property old-pos property)
      (and (> old-pos (point-min))
           (get-char-property old-pos property)
           (get-char-property (1- old-pos) property))))

(defun constrain-to-field (new-pos old-pos &optional escape-from-edge
                                   only-in-line inhibit-capture-property)
  "NEW-POS, moved back into the field of OLD-POS if it left it, and
returned.  A nil NEW-POS means point, which is then moved.
ESCAPE-FROM-EDGE is as for `field-beginning'; with ONLY-IN-LINE, no
constraint that would cross a newline; INHIBIT-CAPTURE-PROPERTY, a
property that at OLD-POS turns the constraint off."
  (let ((set-point (null new-pos)))
    (setq new-pos (textprops--field-position new-pos))
    (unless (or (integerp old-pos) (markerp old-pos))
      (signal 'wrong-type-argument (list 'integer-or-marker-p old-pos)))
    (setq old-pos (+ old-pos 0))
    (when (and (not inhibit-field-text-motion)
               (/= new-pos old-pos)
               (textprops--fields-near-p new-pos old-pos)
               (not (and inhibit-capture-property
                         (textprops--captures-p old-pos inhibit-capture-property))))
      (let* ((forward (> new-pos old-pos))
             (bound (if forward
                        (field-end old-pos escape-from-edge new-pos)
                      (field-beginning old-pos escape-from-edge new-pos))))
        ;; An escape may put the bound past NEW-POS, which then stays.
        (when (and (if (< bound new-pos) forward (not forward))
                   (or (not only-in-line)
                       (not (save-excursion
                              (goto-char (min bound new-pos))
                              (search-forward "\n" (max bound new-pos) t)))))
          (setq new-pos bound)))
      (when set-point
        (goto-char new-pos))))
  new-pos)

;;; ---- Invisibility ----

(defun textprops--spec-invisibility (value spec)
  "What SPEC (a `buffer-invisibility-spec' list) makes of the
`invisible' property VALUE alone: t, invisible; 2, invisible with an
ellipsis; nil, visible."
  (let ((entry (seq-find (lambda (elt) (eq value (if (consp elt) (car elt) elt))) spec)))
    (cond ((not entry) nil)
          ((and (consp entry) (cdr entry)) 2)
          (t t))))

(defun textprops--invisibility (value)
  "What `buffer-invisibility-spec' makes of the `invisible' property
VALUE: t, invisible; 2, invisible with an ellipsis; nil, visible.  A
list VALUE is taken as itself first, then element by element."
  (let ((spec buffer-invisibility-spec))
    (if (eq spec t)
        (and value t)
      (or (textprops--spec-invisibility value spec)
          (and (consp value)
               (seq-some (lambda (elt) (textprops--spec-invisibility elt spec)) value))))))

(defun add-to-invisibility-spec (element)
  "Make text whose `invisible' property is ELEMENT (a symbol, or a
cons (SYMBOL . ELLIPSIS)) invisible in this buffer; a spec of t, which
hides any non-nil value, becomes the list (t) first."
  (let ((old (if (eq buffer-invisibility-spec t) (list t) buffer-invisibility-spec)))
    (setq buffer-invisibility-spec (cons element old))))

(defun remove-from-invisibility-spec (element)
  "Stop ELEMENT in `buffer-invisibility-spec' making text invisible; a
spec that is no list becomes (t)."
  (setq buffer-invisibility-spec
        (if (consp buffer-invisibility-spec)
            (delete element buffer-invisibility-spec)
          (list t))))

(defun invisible-p (pos-or-prop)
  "Whether POS-OR-PROP, a buffer position or a value of the
`invisible' property, makes text invisible under
`buffer-invisibility-spec': t, or 2 when with an ellipsis."
  (textprops--invisibility
   (if (or (natnump pos-or-prop) (markerp pos-or-prop))
       (get-char-property pos-or-prop 'invisible)
     pos-or-prop)))
