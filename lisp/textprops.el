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
            (pos start))
        (while (< pos (point))
          (let ((next (next-property-change pos nil (point)))
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
