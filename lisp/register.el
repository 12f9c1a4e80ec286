;;; register.el --- registers: named places for text, positions, numbers  -*- lexical-binding: t -*-

;; Written for marrow after GNU Emacs 28's behaviour.  A register is a
;; character naming one value in `register-alist': a string, a number,
;; a marker, a list of strings (a rectangle), (file . NAME), or a
;; `registerv' that says itself how to print, jump and insert.

(require 'cl-lib)

; `register-alist' and `register-separator' are in subr.el, special from
;; the start as in Emacs.

(cl-defstruct (registerv (:constructor nil)
                         (:constructor registerv--make (data print-func jump-func insert-func))
                         (:copier nil))
  data print-func jump-func insert-func)

(cl-defun registerv-make (data &key print-func jump-func insert-func)
  "A register value for DATA, shown, jumped to and inserted by the given
functions of DATA."
  (registerv--make data print-func jump-func insert-func))

(defun get-register (register)
  "The contents of REGISTER, or nil."
  (alist-get register register-alist))

(defun set-register (register value)
  "Make VALUE the contents of REGISTER; return VALUE."
  (let ((cell (assq register register-alist)))
    (if cell
        (setcdr cell value)
      (push (cons register value) register-alist))
    value))

(defun register-read-with-preview (prompt)
  "Read a register's name with PROMPT; quitting keys quit."
  (let ((key (read-key prompt)))
    (when (memq last-input-event '(?\C-g escape ?\C-\[))
      (keyboard-quit))
    key))

(defun point-to-register (register &optional arg)
  "Store point, as a marker, in REGISTER (with ARG, with the frame
configuration)."
  (interactive (list (register-read-with-preview "Point to register: ")
                     current-prefix-arg))
  (set-register register (if arg (list (current-frame-configuration) (point-marker))
                           (point-marker))))

(defun jump-to-register (register &optional _delete)
  "Go to the position, file or value stored in REGISTER."
  (interactive (list (register-read-with-preview "Jump to register: ")
                     current-prefix-arg))
  (let ((value (get-register register)))
    (cond ((registerv-p value)
           (unless (registerv-jump-func value)
             (user-error "Register doesn't contain a buffer position or configuration"))
           (funcall (registerv-jump-func value) (registerv-data value)))
          ((markerp value)
           (unless (marker-buffer value)
             (user-error "That register's buffer no longer exists"))
           (switch-to-buffer (marker-buffer value))
           (push-mark)
           (goto-char value))
          ((eq (car-safe value) 'file) (find-file (cdr value)))
          ((and (consp value) (markerp (cadr value)))
           (jump-to-register--marker (cadr value)))
          (t (user-error "Register doesn't contain a buffer position or configuration")))))

(defun jump-to-register--marker (marker)
  (unless (marker-buffer marker)
    (user-error "That register's buffer no longer exists"))
  (switch-to-buffer (marker-buffer marker))
  (push-mark)
  (goto-char marker))

(defun copy-to-register (register start end &optional delete-flag _region)
  "Store the text from START to END in REGISTER; delete it with DELETE-FLAG."
  (interactive (list (register-read-with-preview "Copy to register: ")
                     (region-beginning) (region-end) current-prefix-arg t))
  (set-register register (filter-buffer-substring start end))
  (setq deactivate-mark t)
  (when delete-flag (delete-region start end)))

(defun register--add-text (register start end delete-flag before)
  "Put the text from START to END after (BEFORE: before) REGISTER's
text, with `register-separator''s text between."
  (let ((old (get-register register))
        (text (filter-buffer-substring start end))
        (separator (and register-separator (get-register register-separator))))
    (set-register register
                  (cond ((not old) text)
                        ((not (stringp old)) (user-error "Register does not contain text"))
                        (before (concat text separator old))
                        (t (concat old separator text))))
    (setq deactivate-mark t)
    (when delete-flag (delete-region start end))))

(defun append-to-register (register start end &optional delete-flag)
  "Add the text from START to END at the end of REGISTER's text."
  (interactive (list (register-read-with-preview "Append to register: ")
                     (region-beginning) (region-end) current-prefix-arg))
  (register--add-text register start end delete-flag nil))

(defun prepend-to-register (register start end &optional delete-flag)
  "Add the text from START to END at the start of REGISTER's text."
  (interactive (list (register-read-with-preview "Prepend to register: ")
                     (region-beginning) (region-end) current-prefix-arg))
  (register--add-text register start end delete-flag t))

(defun number-to-register (number register &optional _arg)
  "Store NUMBER in REGISTER; with NUMBER nil, the integer after point,
which point then moves past (0 if there is none)."
  (interactive (list current-prefix-arg (register-read-with-preview "Number to register: ")))
  (set-register register
                (cond (number (prefix-numeric-value number))
                      ((looking-at "\\s-*-?[0-9]+")
                       (goto-char (match-end 0))
                       (string-to-number (match-string 0)))
                      (t 0))))

(defun increment-register (prefix register)
  "Add PREFIX (1 by default) to the number in REGISTER; text in it gets
the region appended instead."
  (interactive (list current-prefix-arg (register-read-with-preview "Increment register: ")))
  (let ((value (get-register register)))
    (cond ((numberp value)
           (set-register register (+ value (prefix-numeric-value prefix))))
          ((or (null value) (stringp value))
           (append-to-register register (region-beginning) (region-end) prefix))
          (t (user-error "Register does not contain a number or text")))))

(defun insert-register (register &optional arg)
  "Insert what REGISTER holds: point before it and mark after, or the
other way round with ARG."
  (interactive (list (register-read-with-preview "Insert register: ")
                     (not current-prefix-arg)))
  (push-mark)
  (let ((value (get-register register)))
    (cond ((registerv-p value)
           (unless (registerv-insert-func value)
             (user-error "Register does not contain text"))
           (funcall (registerv-insert-func value) (registerv-data value)))
          ((stringp value) (insert-for-yank value))
          ((numberp value) (princ value (current-buffer)))
          ((markerp value) (princ (marker-position value) (current-buffer)))
          ((and (consp value) (stringp (car value))) (insert-rectangle value))
          (t (user-error "Register does not contain text"))))
  (unless arg (exchange-point-and-mark)))

(provide 'register)

;;; register.el ends here
