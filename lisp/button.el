;;; button.el --- clickable text: overlay and text-property buttons  -*- lexical-binding: t -*-

;; Written for marrow after GNU Emacs 28's behaviour (Emacs preloads its
;; button.el).  A button is either an overlay whose `button' property is
;; itself, or a run of text whose `button' property is a fresh (t), found
;; through a marker at it.  A button's type is a symbol whose
;; `button-category-symbol' names an uninterned symbol holding the
;; type's properties, which the button reads through its `category'.

(defface button '((t :inherit link)) "The face of buttons.")

(defvar button-map
  (let ((map (make-sparse-keymap)))
    (define-key map "\r" #'push-button)
    (define-key map [mouse-2] #'push-button)
    (define-key map [follow-link] 'mouse-face)
    (define-key map [mode-line mouse-2] #'push-button)
    (define-key map [header-line mouse-2] #'push-button)
    map)
  "The keymap of the text of a button.")

(define-minor-mode button-mode
  "Move between buttons with TAB and S-TAB."
  :keymap button-buffer-map)

(dolist (prop `((face . button) (mouse-face . highlight) (keymap . ,button-map)
                (type . button) (action . ignore)
                (help-echo . "mouse-2, RET: Push this button")
                (evaporate . t) (rear-nonsticky . t)))
  (put 'default-button (car prop) (cdr prop)))
(put 'button 'button-category-symbol 'default-button)

;;;; Types

(defun button-category-symbol (type)
  "The symbol holding the properties of button TYPE."
  (or (get type 'button-category-symbol)
      (error "Unknown button type `%s'" type)))

(defun define-button-type (name &rest properties)
  "Define NAME as a button type with PROPERTIES; a :supertype among them
gives the type whose properties NAME starts from (`button' by default)."
  (let* ((category (make-symbol (concat (symbol-name name) "-button")))
         (super (or (plist-get properties :supertype) 'button)))
    (setplist category (copy-sequence (symbol-plist (button-category-symbol super))))
    (put category 'type name)
    (while properties
      (let ((prop (pop properties)) (value (pop properties)))
        (unless (eq prop :supertype) (put category prop value))))
    (put category 'supertype super)
    (put name 'button-category-symbol category)
    name))

(defun button-type-put (type prop val)
  (put (button-category-symbol type) prop val))

(defun button-type-get (type prop)
  (get (button-category-symbol type) prop))

(defun button-type-subtype-p (type supertype)
  "Whether button TYPE is SUPERTYPE or below it."
  (while (and type (not (eq type supertype)))
    (setq type (button-type-get type 'supertype)))
  (and type t))

;;;; Buttons

(defmacro button--in-buffer (button &rest body)
  "BODY in the buffer of BUTTON: an overlay's, a marker's, or for a
text button's position the current one."
  (declare (indent 1))
  `(with-current-buffer (cond ((overlayp ,button) (overlay-buffer ,button))
                              ((markerp ,button) (marker-buffer ,button))
                              (t (current-buffer)))
     ,@body))

(defun button-start (button)
  (if (overlayp button)
      (overlay-start button)
    (button--in-buffer button
      (or (previous-single-property-change (1+ button) 'button) (point-min)))))

(defun button-end (button)
  (if (overlayp button)
      (overlay-end button)
    (button--in-buffer button
      (or (next-single-property-change button 'button) (point-max)))))

(defun button-get (button prop)
  (if (overlayp button)
      (overlay-get button prop)
    (button--in-buffer button (get-text-property button prop))))

(defun button--property (prop val)
  "PROP and VAL as a button keeps them: a type as its category."
  (if (memq prop '(type :type))
      (cons 'category (button-category-symbol val))
    (cons prop val)))

(defun button-put (button prop val)
  (let ((stored (button--property prop val)))
    (if (overlayp button)
        (overlay-put button (car stored) (cdr stored))
      (let ((inhibit-read-only t) (inhibit-modification-hooks t))
        (button--in-buffer button
          (put-text-property (button-start button) (button-end button)
                             (car stored) (cdr stored)))))))

(defun button-label (button)
  (button--in-buffer button
    (buffer-substring-no-properties (button-start button) (button-end button))))

(defun button-has-type-p (button type)
  (button-type-subtype-p (button-get button 'type) type))

(defun button-activate (button &optional use-mouse-action)
  "Run BUTTON's action (its mouse action, if USE-MOUSE-ACTION and it has
one): a function called with BUTTON, or a marker to go to."
  (let ((action (button--action button use-mouse-action)))
    (if (markerp action)
        (button--visit action)
      (funcall action button))))

(defun button--action (button mouse)
  "BUTTON's `action', or with MOUSE its `mouse-action' if it has one."
  (or (and mouse (button-get button 'mouse-action))
      (button-get button 'action)))

(defun button--visit (marker)
  "Show MARKER's buffer and put its window's point at MARKER."
  (let ((window (display-buffer (marker-buffer marker))))
    (save-selected-window
      (select-window window)
      (goto-char marker))))

(defun make-button (beg end &rest properties)
  "Make an overlay button from BEG to END with PROPERTIES (a `type' or
:type among them); return it.  The overlay's `button' is itself."
  (let ((button (make-overlay beg end nil t nil)))
    (button--put-all button properties)
    (overlay-put button 'button button)
    (or (overlay-get button 'category)
        (overlay-put button 'category 'default-button))
    button))

(defun button--put-all (button properties)
  "Give BUTTON each property of the list PROPERTIES, in order."
  (while properties
    (button-put button (car properties) (cadr properties))
    (setq properties (cddr properties))))

(defun insert-button (label &rest properties)
  "Insert LABEL as an overlay button with PROPERTIES; return it."
  (apply #'make-button (prog1 (point) (insert label)) (point) properties))

(defun make-text-button (beg end &rest properties)
  "Make the text from BEG to END a button with PROPERTIES; return BEG.
BEG may be a string, made into a button from its start (END nil) and
returned, copied."
  (when (plist-get properties 'category)
    (error "Button `category' property may not be set directly"))
  (let* ((object (and (stringp beg) (copy-sequence beg)))
         (from (if object 0 beg))
         (to (if object (or end (length object)) end))
         (typed (or (plist-member properties 'type) (plist-member properties :type)))
         (properties (if typed
                         (let ((copy (copy-sequence properties)))
                           (let ((cell (or (plist-member copy 'type) (plist-member copy :type))))
                             (setcar cell 'category)
                             (setcar (cdr cell) (button-category-symbol (cadr cell))))
                           copy)
                       (cons 'category (cons 'default-button properties)))))
    ;; A fresh (t) for each button, so that adjacent ones stay apart.
    (add-text-properties from to (cons 'button (cons (list t) properties)) object)
    (or object beg)))

(defun insert-text-button (label &rest properties)
  "Insert LABEL as a text button with PROPERTIES; return its start."
  (apply #'make-text-button (prog1 (point) (insert label)) (point) properties))

(defun button-buttonize (string callback &optional data)
  "A copy of STRING that, clicked, calls CALLBACK with DATA."
  (let ((copy (copy-sequence string)))
    (add-text-properties 0 (length copy)
                         `(action ,callback keymap ,button-map button-data ,data
                                  category t follow-link t button t face button)
                         copy)
    copy))

;;;; Finding buttons

(defun button-at (pos)
  "The button at POS: its overlay, or a marker at POS for a text button."
  (let ((button (get-char-property pos 'button)))
    (if (or (overlayp button) (null button))
        button
      (copy-marker pos t))))

(defun next-button (pos &optional count-current)
  "The next button after POS (or at it, with COUNT-CURRENT)."
  (let ((found nil))
    (unless count-current
      (setq pos (next-single-char-property-change pos 'button)))
    (while (and (not found) (< pos (point-max)))
      (or (setq found (button-at pos))
          (setq pos (next-single-char-property-change pos 'button))))
    found))

(defun previous-button (pos &optional count-current)
  "The button before POS (or at it, with COUNT-CURRENT)."
  (let ((button (button-at pos)))
    (unless count-current
      (setq pos (previous-single-char-property-change pos 'button)))
    (when (and button (not count-current))
      (setq button nil))
    (and (> pos (point-min))
         (or (button-at (1- pos)) button (previous-button pos)))))

(defun push-button (&optional pos use-mouse-action)
  "Run the action of the button at POS (point by default); t if there
is one."
  (interactive (list nil current-prefix-arg))
  (when-let ((button (button-at (or pos (point)))))
    (button-activate button use-mouse-action)
    t))

(defun button--help-echo (button)
  "BUTTON's `help-echo' as a string, its command keys substituted: a
function's value, a form's, or the string itself."
  (let ((help (button-get button 'help-echo)))
    (when (functionp help)
      (setq help (funcall help (selected-window)
                          (if (overlayp button) button (current-buffer))
                          (button-start button))))
    (unless (or (null help) (stringp help))
      (setq help (eval help lexical-binding)))
    (and help (substitute-command-keys help))))

(defun button--next-skipping (from backward)
  "The next (or, BACKWARD, previous) button from FROM without a `skip'."
  (let ((button (if backward (previous-button from) (next-button from))))
    (while (and button (button-get button 'skip))
      (setq button (if backward (previous-button (button-start button))
                     (next-button (button-start button)))))
    button))

(defun forward-button (n &optional wrap display-message no-error)
  "Move to the Nth next button (previous, N negative); past the last,
back to the first when WRAP.  With DISPLAY-MESSAGE, say its help.  No
button signals \"No more buttons\" unless NO-ERROR.  Return the button."
  (interactive "p\nd\nd")
  (let ((backward (< n 0)) (button nil))
    (dotimes (_ (abs n))
      (setq button (or (button--next-skipping (point) backward)
                       (and wrap (button--next-skipping
                                  (if backward (point-max) (point-min)) backward))))
      (if button
          (goto-char (button-start button))
        (unless no-error (user-error "No more buttons"))))
    (when (and button display-message)
      (let ((help (button--help-echo button)))
        (when help (message "%s" help))))
    button))

(defun backward-button (n &optional wrap display-message no-error)
  "Move to the Nth previous button; see `forward-button'."
  (interactive "p\nd\nd")
  (forward-button (- n) wrap display-message no-error))

(provide 'button)

;;; button.el ends here
