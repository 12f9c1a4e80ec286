;;; window-quit-tests.el --- quitting windows, quit-restore, no-other-window, no-delete-other-windows, side slots  -*- lexical-binding: t -*-

;; Batch Emacs 28's answers, printed by `emacs -Q -batch' running the
;; same forms: `other-window' and the `no-other-window' parameter,
;; `delete-other-windows' and `no-delete-other-windows',
;; `window-sides-vertical' and `window-sides-slots', and how
;; `quit-window' reads the `quit-restore' parameter that
;; `display-buffer' writes.  Windows print as (w N), N their place from
;; the frame's first window; buffers as their names, markers as
;; positions.

(require 'ert)
(load (expand-file-name "fixtures/window-history" (file-name-directory load-file-name))
      nil t)

(defun winq-tests--reset ()
  "One window on *scratch*, without parameters; the \"wq-\" buffers killed."
  (let ((ignore-window-parameters t) (window-combination-resize nil))
    (delete-other-windows)
    (dolist (p (window-parameters)) (set-window-parameter nil (car p) nil))
    (set-window-dedicated-p nil nil)
    (switch-to-buffer "*scratch*")
    (set-window-configuration (current-window-configuration)))
  (dolist (b (buffer-list))
    (when (string-prefix-p "wq-" (buffer-name b)) (kill-buffer b))))

(defun winq-tests--norm (x)
  "X with windows, buffers and markers put in printable terms."
  (cond ((windowp x) (let ((i (seq-position (window-list nil 'nomini (frame-first-window)) x)))
                       (cond (i (list 'w i)) ((window-live-p x) 'mini) (t 'dead))))
        ((bufferp x) (if (buffer-live-p x) (buffer-name x) 'killed))
        ((markerp x) (marker-position x))
        ((consp x) (cons (winq-tests--norm (car x)) (winq-tests--norm (cdr x))))
        (t x)))

(defun winq-tests--layout ()
  "Each ordinary window's edges, buffer, dedication and `quit-restore'."
  (mapcar (lambda (w) (list (window-edges w) (buffer-name (window-buffer w))
                            (window-dedicated-p w)
                            (winq-tests--norm (window-parameter w 'quit-restore))))
          (window-list nil 'nomini (frame-first-window))))

(defun winq-tests--normals ()
  "Each ordinary window's normal sizes, lines and columns."
  (mapcar (lambda (w) (list (window-normal-size w) (window-normal-size w t)))
          (window-list nil 'nomini (frame-first-window))))

(defun winq-tests--sel ()
  "The selected window, printable."
  (winq-tests--norm (selected-window)))

(defmacro winq-tests--case (name doc expected &rest body)
  "A test NAME (DOC) that BODY, run from one window and undone after,
returns EXPECTED (an error as (err ERROR))."
  (declare (indent 3) (doc-string 2))
  `(ert-deftest ,(intern (format "winq-%s" name)) ()
     ,doc
     (unwind-protect
         (should (equal (progn (winq-tests--reset)
                               (condition-case err (progn ,@body) (error (list 'err err))))
                        ',expected))
       (winq-tests--reset))))

(winq-tests--case other-window-skips
  "`other-window' does not count the windows whose `no-other-window'
parameter is non-nil, selects none when only those are left, and
`ignore-window-parameters' does not change that; `next-window' does
not skip them."
  ((w 2) (w 0) (w 2) (w 2) ((w 1) (w 1)) (nil (w 2)) (nil (w 2) nil (w 2)) (nil (w 2)))
  (let* ((a (selected-window)) (b (split-window)) (c (split-window b nil 'right)) out)
    (set-window-parameter b 'no-other-window t)
    (push (progn (other-window 1) (winq-tests--sel)) out)
    (push (progn (other-window 1) (winq-tests--sel)) out)
    (push (progn (other-window -1) (winq-tests--sel)) out)
    (push (progn (other-window 2) (winq-tests--sel)) out)
    (push (list (winq-tests--norm (next-window a)) (winq-tests--norm (previous-window c))) out)
    (set-window-parameter a 'no-other-window t)
    (push (list (other-window 1) (winq-tests--sel)) out)
    (set-window-parameter c 'no-other-window t)
    (push (list (other-window 1) (winq-tests--sel) (other-window -3) (winq-tests--sel)) out)
    (push (list (let ((ignore-window-parameters t)) (other-window 1)) (winq-tests--sel)) out)
    (nreverse out)))

(winq-tests--case other-window-function
  "A function in the selected window's `other-window' parameter acts
instead, unless `ignore-window-parameters'."
  (mine (w 0) ((3 visible)) nil (w 1) nil (w 0))
  (let* ((a (selected-window)) (b (split-window)) calls)
    (set-window-parameter a 'other-window (lambda (n all) (push (list n all) calls) 'mine))
    (list (other-window 3 'visible) (winq-tests--sel) calls
          (let ((ignore-window-parameters t)) (other-window 1)) (winq-tests--sel)
          (other-window 1) (winq-tests--sel))))

(winq-tests--case lru-no-other
  "`get-lru-window', `get-mru-window' and `get-largest-window' leave out
windows whose `no-other-window' parameter is non-nil when asked."
  ((w 2) (w 1) (w 1) (w 1) (w 0) (w 0) (w 2))
  (let* ((a (selected-window)) (b (split-window)) (c (split-window b nil 'right)))
    (select-window c) (select-window b) (select-window a)
    (set-window-parameter c 'no-other-window t)
    (mapcar #'winq-tests--norm
            (list (get-lru-window) (get-lru-window nil nil nil t) (get-mru-window nil nil t)
                  (get-mru-window nil nil t t) (get-largest-window nil nil nil t)
                  (get-largest-window) (get-lru-window nil nil t)))))

(winq-tests--case lru-ties
  "Among windows of the same use time the first from the selected
window on wins, one as wide as the frame and not selected first."
  ((w 3) (w 0) (w 0) (w 1))
  (let* ((a (selected-window)) (b (split-window)) (c (split-window b nil 'right)) (d (split-window a nil 'right)))
    (select-window c 'norecord)
    (mapcar #'winq-tests--norm (list (get-lru-window) (get-mru-window) (get-largest-window) (get-lru-window nil nil t)))))

(winq-tests--case dow-sides-stay
  "With the side windows' `no-delete-other-windows' parameter set and no
other window's, `delete-other-windows' deletes only within the main
window; `ignore-window-parameters' deletes them too."
  ((((0 1 20 19) "wq-x" side (window window (w 1) "wq-x"))
    ((20 1 50 19) "*scratch*" nil nil)
    ((50 1 80 10) "*scratch*" nil nil)
    ((50 10 80 19) "*scratch*" nil nil)
    ((0 19 80 24) "wq-y" side (window window (w 1) "wq-y")))
   (((0 1 20 19) "wq-x" side (window window dead "wq-x"))
    ((20 1 80 19) "*scratch*" nil nil)
    ((0 19 80 24) "wq-y" side (window window dead "wq-y")))
   (((0 1 20 19) "wq-x" side (window window dead "wq-x"))
    ((20 1 80 19) "*scratch*" nil nil)
    ((0 19 80 24) "wq-y" side (window window dead "wq-y")))
   (error "Cannot make side window the only window")
   (((0 1 20 19) "wq-x" side (window window dead "wq-x"))
    ((20 1 80 19) "*scratch*" nil nil)
    ((0 19 80 24) "wq-y" side (window window dead "wq-y")))
   (((0 1 80 24) "*scratch*" nil nil)))
  (let ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")))
    (display-buffer-in-side-window x '((side . left)))
    (set-window-parameter (window-with-parameter 'window-side 'left) 'no-delete-other-windows t)
    (display-buffer-in-side-window y '((side . bottom)))
    (set-window-parameter (window-with-parameter 'window-side 'bottom) 'no-delete-other-windows t)
    (let ((m (split-window (window-main-window) nil 'right)))
      (split-window m)
      (list (winq-tests--layout)
            (progn (delete-other-windows m) (winq-tests--layout))
            (progn (delete-other-windows (window-main-window)) (winq-tests--layout))
            (condition-case e (delete-other-windows (window-with-parameter 'window-side 'left)) (error e))
            (progn (delete-other-windows (window-main-window)) (winq-tests--layout))
            (let ((ignore-window-parameters t)) (delete-other-windows (window-main-window)) (winq-tests--layout))))))

(winq-tests--case dow-one-by-one
  "A window that is not a side window and has `no-delete-other-windows'
stays: the other windows are deleted one by one."
  ((((0 1 60 7) "*scratch*" nil nil)
    ((0 7 60 13) "*scratch*" nil nil)
    ((0 13 30 24) "*scratch*" nil nil)
    ((30 13 60 24) "*scratch*" nil nil)
    ((60 1 80 24) "wq-x" side (window window (w 0) "wq-x")))
   ((((0 1 80 13) "*scratch*" nil nil) ((0 13 80 24) "*scratch*" nil nil)) (w 0))
   (((0 1 80 13) "*scratch*" nil nil) ((0 13 80 24) "*scratch*" nil nil)))
  (let* ((x (get-buffer-create "wq-x")) (a (selected-window)) (b (split-window)) (c (split-window b nil 'right)) (d (split-window a)))
    (set-window-parameter c 'no-delete-other-windows t)
    (display-buffer-in-side-window x '((side . right)))
    (list (winq-tests--layout)
          (progn (delete-other-windows d) (list (winq-tests--layout) (winq-tests--sel)))
          (progn (set-window-parameter (frame-first-window) 'no-delete-other-windows nil)
                 (delete-other-windows) (winq-tests--layout)))))

(winq-tests--case dow-side-mixed
  "A side window without the parameter beside one with it: the others
are deleted one by one, the kept one staying."
  ((((0 1 80 6) "wq-x" side (window window (w 1) "wq-x"))
    ((0 6 60 15) "*scratch*" nil nil)
    ((0 15 60 24) "*scratch*" nil nil)
    ((60 6 80 24) "wq-y" side (window window (w 1) "wq-y")))
   (((0 1 80 6) "wq-x" side (window window dead "wq-x"))
    ((0 6 80 24) "*scratch*" nil nil)))
  (let ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")))
    (display-buffer-in-side-window x '((side . top)))
    (display-buffer-in-side-window y '((side . right)))
    (set-window-parameter (window-with-parameter 'window-side 'top) 'no-delete-other-windows t)
    (split-window (window-main-window))
    (list (winq-tests--layout) (progn (delete-other-windows (window-main-window)) (winq-tests--layout)))))

(winq-tests--case sides-vertical
  "With `window-sides-vertical' the left and right side windows span the
frame's height, the top and bottom ones the width between them."
  ((((0 1 20 24) "wq-y" side (window window (w 2) "wq-y"))
    ((20 1 60 6) "wq-y" side (window window (w 2) "wq-y"))
    ((20 6 60 19) "*scratch*" nil nil)
    ((20 19 60 24) "wq-x" side (window window (w 2) "wq-x"))
    ((60 1 80 24) "wq-x" side (window window (w 2) "wq-x")))
   ((1.0 0.25)
    (0.2065217391304348 1.0)
    (0.5543478260869565 1.0)
    (0.2391304347826087 1.0)
    (1.0 0.25))
   (w 2))
  (let ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")) (window-sides-vertical t))
    (display-buffer-in-side-window x '((side . bottom)))
    (display-buffer-in-side-window y '((side . left)))
    (display-buffer-in-side-window x '((side . right)))
    (display-buffer-in-side-window y '((side . top)))
    (list (winq-tests--layout) (winq-tests--normals)
          (winq-tests--norm (window-main-window)))))

(winq-tests--case sides-vertical-2
  "The same, the sides made in another order and with slots."
  (((0 1 20 12) "wq-y" side (window window (w 3) "wq-y"))
   ((0 12 20 24) "wq-x" side (window window (w 3) "wq-x"))
   ((20 1 60 6) "wq-x" side (window window (w 3) "wq-x"))
   ((20 6 60 19) "*scratch*" nil nil)
   ((20 19 60 24) "wq-y" side (window window (w 3) "wq-y"))
   ((60 1 80 24) "wq-y" side (window window (w 3) "wq-y")))
  (let ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")) (window-sides-vertical t))
    (display-buffer-in-side-window x '((side . top)))
    (display-buffer-in-side-window y '((side . right)))
    (display-buffer-in-side-window y '((side . bottom)))
    (display-buffer-in-side-window x '((side . left) (slot . 1)))
    (display-buffer-in-side-window y '((side . left) (slot . -1)))
    (winq-tests--layout)))

(winq-tests--case sides-slots
  "`window-sides-slots' limits each side's slots: 0 gives no window, a
full side reuses its nearest slot's window; a slot that is not a
number is an error."
  (nil
   (w 1)
   (w 2)
   (w 1)
   (w 1)
   (w 1)
   (error "Invalid slot foo specified")
   (((0 1 60 19) "*scratch*" nil nil)
    ((60 1 80 19) "wq-z" side (other ("wq-y" 1 1 20) (w 0) "wq-z"))
    ((0 19 40 24) "wq-z" side (other ("wq-x" 1 1 40) (w 0) "wq-z"))
    ((40 19 80 24) "wq-y" side (window window (w 0) "wq-y")))
   (nil 2 -1 1))
  (let ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")) (z (get-buffer-create "wq-z"))
        (window-sides-slots '(0 nil 1 2)))
    (list (display-buffer-in-side-window x '((side . left)))
          (winq-tests--norm (display-buffer-in-side-window x '((side . bottom))))
          (winq-tests--norm (display-buffer-in-side-window y '((side . bottom) (slot . 1))))
          (winq-tests--norm (display-buffer-in-side-window z '((side . bottom) (slot . -1))))
          (winq-tests--norm (display-buffer-in-side-window y '((side . right))))
          (winq-tests--norm (display-buffer-in-side-window z '((side . right) (slot . 2))))
          (condition-case e (display-buffer-in-side-window z '((side . right) (slot . foo))) (error e))
          (winq-tests--layout)
          (mapcar (lambda (w) (window-parameter w 'window-slot)) (window-list nil 'nomini (frame-first-window))))))

(winq-tests--case quit-popup
  "A window popped up for a buffer is deleted on quitting it, and the
window selected before selected again."
  ((((0 1 80 13) "*scratch*" nil nil)
    ((0 13 80 24) "wq-x" nil (window window (w 0) "wq-x")))
   (w 0)
   ((((0 1 80 24) "*scratch*" nil nil)) (w 0) t))
  (let ((x (get-buffer-create "wq-x")))
    (let ((w (display-buffer x)))
      (list (winq-tests--layout) (winq-tests--sel)
            (progn (quit-window nil w) (list (winq-tests--layout) (winq-tests--sel) (buffer-live-p x)))))))

(winq-tests--case quit-other
  "A window reused for a buffer records the buffer, start, point and
height before; a second display makes the record `same'; quitting puts
back buffer, point and height."
  ((((0 1 80 13) "*scratch*" nil nil)
    ((0 13 80 24) "wq-x" nil (other ("wq-y" 1 4 11) (w 0) "wq-x")))
   (((0 1 80 10) "*scratch*" nil nil)
    ((0 10 80 24) "wq-x" nil (other ("wq-y" 1 4 11) (w 0) "wq-x")))
   (((0 1 80 10) "*scratch*" nil nil)
    ((0 10 80 24) "wq-x" nil (same ("wq-y" 1 4 11) (w 0) "wq-x")))
   (((0 1 80 10) "*scratch*" nil nil)
    ((0 10 80 24) "wq-x" nil (same ("wq-y" 1 4 11) (w 0) "wq-x")))
   ((((0 1 80 13) "*scratch*" nil nil) ((0 13 80 24) "wq-y" nil nil))
    (w 0) 4 nil
    (("wq-y" 1 4) ("*scratch*" 1 1)) nil))
  (let* ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")) (a (selected-window)) (b (split-window)))
    (set-window-buffer b y)
    (with-current-buffer y (insert "hello\nworld\n"))
    (set-window-point b 4)
    (let ((w (display-buffer x '(display-buffer-use-some-window (inhibit-same-window . t)))))
      (list (winq-tests--layout)
            (progn (window-resize w 3) (winq-tests--layout))
            (progn (display-buffer x '(display-buffer-reuse-window)) (winq-tests--layout))
            (progn (select-window w) (display-buffer x '(display-buffer-reuse-window)) (winq-tests--layout))
            (progn (quit-window 'kill w) (list (winq-tests--layout) (winq-tests--sel) (window-point b) (buffer-live-p x)
                                              (winq-tests--norm (window-prev-buffers b)) (winq-tests--norm (window-next-buffers b))))))))

(winq-tests--case quit-same-other-window
  "Quitting with `append' puts the quit buffer last in the window's
previous buffers and selects the window selected at display."
  ((((0 1 80 13) "*scratch*" nil nil)
    ((0 13 80 19) "wq-x" nil (same ("*scratch*" 1 1 6) (w 2) "wq-x"))
    ((0 19 80 24) "*scratch*" nil nil))
   (w 1)
   ((((0 1 80 13) "*scratch*" nil nil)
     ((0 13 80 19) "*scratch*" nil nil)
     ((0 19 80 24) "*scratch*" nil nil))
    (w 2)
    (("*scratch*" 1 1) ("wq-x" 1 1))))
  (let* ((x (get-buffer-create "wq-x")) (a (selected-window)) (b (split-window)) (c (split-window b)))
    (let ((w (display-buffer x '(display-buffer-use-some-window (inhibit-same-window . t)))))
      (select-window c)
      (display-buffer x '(display-buffer-reuse-window))
      (list (winq-tests--layout) (winq-tests--norm w)
            (progn (quit-restore-window w 'append) (list (winq-tests--layout) (winq-tests--sel)
                                                         (winq-tests--norm (window-prev-buffers w))))))))

(winq-tests--case quit-previous-window
  "`display-buffer-in-previous-window' picks a window that showed the
buffer, not the selected one if another did, or the `previous-window'
entry's window."
  ((w 2)
   (((0 1 80 13) "*scratch*" nil nil)
    ((0 13 80 19) "*scratch*" nil nil)
    ((0 19 80 24) "wq-x" nil (other ("wq-y" 1 1 5) (w 0) "wq-x")))
   (((0 1 80 13) "*scratch*" nil nil)
    ((0 13 80 19) "*scratch*" nil nil)
    ((0 19 80 24) "wq-y" nil nil))
   (w 1)
   (w 2)
   (w 1)
   (((0 1 80 13) "*scratch*" nil nil)
    ((0 13 80 19) "wq-y" nil (other ("wq-x" 1 1 6) (w 0) "wq-y"))
    ((0 19 80 24) "wq-y" nil nil)))
  (let* ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")) (a (selected-window)) (b (split-window)) (c (split-window b)))
    (set-window-buffer c x) (set-window-buffer c y) (set-window-buffer a x) (set-window-buffer a "*scratch*")
    (list (winq-tests--norm (display-buffer x '(display-buffer-in-previous-window)))
          (winq-tests--layout)
          (progn (quit-window nil c) (winq-tests--layout))
          (winq-tests--norm (display-buffer x '(display-buffer-in-previous-window (inhibit-same-window . t))))
          (winq-tests--norm (display-buffer y '(display-buffer-in-previous-window (previous-window . nil))))
          (let ((v b)) (winq-tests--norm (display-buffer y `(display-buffer-in-previous-window (previous-window . ,v)))))
          (winq-tests--layout))))

(winq-tests--case quit-side
  "A side window shown again for another buffer quits back to the first
one, staying a side window; quitting that deletes it."
  ((((0 1 80 19) "*scratch*" nil nil)
    ((0 19 80 24) "wq-x" side (window window (w 0) "wq-x")))
   (((0 1 80 19) "*scratch*" nil nil)
    ((0 19 80 24) "wq-y" side (other ("wq-x" 1 1 5) (w 0) "wq-y")))
   ((((0 1 80 19) "*scratch*" nil nil) ((0 19 80 24) "wq-x" side nil)) (w 0))
   ((((0 1 80 24) "*scratch*" nil nil)) (w 0)) "*Messages*")
  (let ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")))
    (let ((s (display-buffer-in-side-window x '((side . bottom)))))
      (list (winq-tests--layout)
            (progn (display-buffer-in-side-window y '((side . bottom))) (winq-tests--layout))
            (progn (quit-window nil s) (list (winq-tests--layout) (winq-tests--sel)))
            (progn (quit-window nil s) (list (winq-tests--layout) (winq-tests--sel)))
            (progn (switch-to-prev-buffer) (buffer-name (window-buffer)))))))

(winq-tests--case quit-dedicated
  "A dedicated window is deleted on quitting unless it is the only one,
which shows another buffer; `switch-to-prev-buffer' refuses a window
dedicated t."
  ((((0 1 80 24) "*scratch*" nil nil)) (((0 1 80 24) "*scratch*" nil nil)) error)
  (let* ((x (get-buffer-create "wq-x")) (a (selected-window)) (b (split-window)))
    (set-window-buffer b x) (set-window-dedicated-p b t)
    (list (progn (quit-window nil b) (winq-tests--layout))
          (progn (set-window-buffer nil x) (set-window-dedicated-p nil t)
                 (quit-window) (winq-tests--layout))
          (progn (set-window-buffer nil x) (set-window-dedicated-p nil t)
                 (condition-case e (switch-to-prev-buffer) (error (car e)))))))

(winq-tests--case quit-main
  "The main window beside side windows cannot be deleted: quitting it
shows another buffer."
  ((((0 1 20 24) "wq-x" side (window window (w 1) "wq-x"))
    ((20 1 80 24) "wq-y" nil (other ("*scratch*" 1 1 60) (w 1) "wq-y"))) nil t t nil
   (((0 1 20 24) "wq-x" side (window window (w 1) "wq-x"))
    ((20 1 80 24) "*scratch*" nil nil)))
  (let ((x (get-buffer-create "wq-x")))
    (display-buffer-in-side-window x '((side . left)))
    (let ((w (display-buffer (get-buffer-create "wq-y") '(display-buffer-same-window))))
      (list (winq-tests--layout) (window-deletable-p w) (window-deletable-p (window-with-parameter 'window-side 'left))
            (let ((ignore-window-parameters t)) (window-deletable-p w))
            (window-deletable-p (minibuffer-window))
            (progn (set-window-parameter w 'quit-restore (list 'window 'window w (window-buffer w)))
                   (set-window-prev-buffers w nil)
                   (quit-window nil w) (winq-tests--layout))))))

(winq-tests--case kill-side-buffer
  "Killing a buffer deletes the windows dedicated to it and gives the
others another buffer; a side window given another buffer is no longer
dedicated."
  ((((0 1 80 10) "*scratch*" nil nil)
    ((0 10 80 19) "wq-x" t nil)
    ((0 19 80 24) "wq-y" nil (window window (w 0) "wq-x")))
   (((0 1 80 19) "*scratch*" nil nil)
    ((0 19 80 24) "wq-y" nil (window window (w 0) killed)))
   (((0 1 80 24) "*scratch*" nil nil)))
  (let ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")))
    (display-buffer-in-side-window x '((side . bottom)))
    (set-window-buffer (window-with-parameter 'window-side 'bottom) y)
    (let ((a (split-window)))
      (set-window-buffer a x) (set-window-dedicated-p a t)
      (list (winq-tests--layout) (progn (kill-buffer x) (winq-tests--layout))
            (progn (kill-buffer y) (winq-tests--layout))))))

(winq-tests--case use-some-even
  "`display-buffer-use-some-window' takes the least recently used window
and evens its height with the selected window's as `even-window-sizes'
allows."
  ((((0 1 80 18) "*scratch*" nil nil) ((0 18 80 24) "*scratch*" nil nil))
   (((0 1 80 13) "*scratch*" nil nil)
    ((0 13 80 24) "wq-x" nil (other ("*scratch*" 1 1 6) (w 0) "wq-x")))
   (((0 1 80 13) "wq-y" nil (other ("*scratch*" 1 1 12) (w 1) "wq-y"))
    ((0 13 80 24) "wq-x" nil (other ("*scratch*" 1 1 6) (w 0) "wq-x")))
   (((0 1 80 13) "wq-x" nil (other ("wq-y" 1 1 12) (w 2) "wq-x"))
    ((0 13 40 24) "wq-x" nil (other ("*scratch*" 1 1 6) (w 0) "wq-x"))
    ((40 13 80 24) "wq-x" nil nil)))
  (let* ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")) (a (selected-window)) (b (split-window a 17)))
    (list (winq-tests--layout)
          (progn (display-buffer x '(display-buffer-use-some-window (inhibit-same-window . t))) (winq-tests--layout))
          (progn (select-window b) (display-buffer y '(display-buffer-use-some-window (inhibit-same-window . t)))
                 (winq-tests--layout))
          (let ((c (split-window b nil 'right)))
            (select-window c)
            (let ((even-window-sizes 'height-only))
              (display-buffer x '(display-buffer-use-some-window (inhibit-same-window . t))))
            (winq-tests--layout)))))

(winq-tests--case use-some-regrow
  "A window reused again grows back to the height its `quit-restore'
parameter recorded."
  ((((0 1 80 9) "*scratch*" nil nil)
    ((0 9 80 24) "wq-x" nil (other ("*scratch*" 1 1 15) (w 0) "wq-x"))))
  (let* ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")) (a (selected-window)) (b (split-window a 8)))
    (set-window-parameter b 'quit-restore (list 'other (list y 1 1 14) a x))
    (list (progn (display-buffer x '(display-buffer-use-some-window (inhibit-same-window . t))) (winq-tests--layout)))))

(winq-tests--case bury-dedicated
  "`bury-buffer' deletes the selected window when it is dedicated and
can go, else shows another buffer there, undedicated."
  (((((0 1 80 24) "*scratch*" nil nil)) (w 0))
   (((0 1 80 24) "wq-x" side nil))
   (((0 1 80 24) "wq-x" t nil)))
  (let* ((x (get-buffer-create "wq-x")) (a (selected-window)) (b (split-window)))
    (set-window-buffer b x) (set-window-dedicated-p b t) (select-window b)
    (list (progn (bury-buffer) (list (winq-tests--layout) (winq-tests--sel)))
          (progn (set-window-buffer nil x) (set-window-dedicated-p nil 'side) (bury-buffer)
                 (winq-tests--layout))
          (progn (set-window-buffer nil x) (set-window-dedicated-p nil t) (bury-buffer)
                 (winq-tests--layout)))))

(winq-tests--case toggle-nested
  "Side windows hidden and shown again come back from the frame's
window state with their sizes and normal sizes, around the main window
as it is now; their `quit-restore' parameters are not kept."
  (((((0 1 80 6) "wq-y" side (window window (w 3) "wq-y"))
     ((0 6 20 10) "wq-x" side (window window (w 3) "wq-x"))
     ((0 10 20 19) "wq-y" side (window window (w 3) "wq-y"))
     ((20 6 50 19) "*scratch*" nil nil)
     ((50 6 80 19) "*scratch*" nil nil)
     ((0 19 40 24) "wq-z" side (window window (w 3) "wq-z"))
     ((40 19 80 24) "wq-x" side (window window (w 3) "wq-x")))
    ((0.2065217391304348 1.0)
     (0.34615384615384615 1.0)
     (0.6538461538461539 1.0)
     (1.0 0.5)
     (1.0 0.5)
     (1.0 0.5)
     (1.0 0.5)))
   (((0 1 80 6) "wq-y" side nil)
    ((0 6 20 10) "wq-x" side nil)
    ((0 10 20 19) "wq-y" side nil)
    ((20 6 50 12) "*scratch*" nil nil)
    ((20 12 50 19) "*scratch*" nil nil)
    ((50 6 80 19) "*scratch*" nil nil)
    ((0 19 40 24) "wq-z" side nil)
    ((40 19 80 24) "wq-x" side nil))
   ((0.21739130434782605 1.0)
    (0.3076923076923077 1.0)
    (0.6923076923076923 1.0)
    (0.46153846153846156 1.0)
    (0.5384615384615384 1.0)
    (1.0 0.5)
    (1.0 0.5)
    (1.0 0.5))
   (((0 1 80 6) 0.21739130434782605 1.0)
    ((0 6 20 10) 0.3076923076923077 1.0)
    ((0 10 20 19) 0.6923076923076923 1.0)
    ((20 6 50 12) 0.46153846153846156 1.0)
    ((20 12 50 19) 0.5384615384615384 1.0)
    ((50 6 80 19) 1.0 0.5)
    ((0 19 40 24) 1.0 0.5)
    ((40 19 80 24) 1.0 0.5)))
  (let ((x (get-buffer-create "wq-x")) (y (get-buffer-create "wq-y")) (z (get-buffer-create "wq-z")))
    (display-buffer-in-side-window x '((side . left)))
    (display-buffer-in-side-window y '((side . left) (slot . 1)))
    (display-buffer-in-side-window z '((side . bottom) (slot . -1)))
    (display-buffer-in-side-window x '((side . bottom) (slot . 1)))
    (display-buffer-in-side-window y '((side . top)))
    (split-window (window-main-window) nil 'right)
    (window-resize (window-with-parameter 'window-slot 1) 2)
    (let ((before (list (winq-tests--layout) (winq-tests--normals))))
      (window-toggle-side-windows)
      (split-window)
      (window-toggle-side-windows)
      (list before (winq-tests--layout)
            (winq-tests--normals)
            (progn (window-toggle-side-windows) (window-toggle-side-windows)
                   (window-history-layout))))))

(defconst winq-tests--fixture
  (expand-file-name "fixtures/window-history" (file-name-directory (or load-file-name buffer-file-name)))
  "The history fixture, for a new run of the Lisp under test.")

(ert-deftest winq-side-random-histories ()
  "Histories of 30 steps from 120 seeds, with side windows shown, hidden
and shown again, windows quit and buffers shown by `display-buffer',
`delete-other-windows' and `other-window' with the windows' parameters
set, end as in Emacs: the md5 of each one's printed layout (see
`window-history-side-layout'), in a new batch run of the Lisp under
test, whose buffers are as a fresh Emacs has them."
  (should
   (equal (with-temp-buffer
            (call-process (expand-file-name invocation-name invocation-directory) nil (list t nil) nil
                          "-Q" "-batch" "-l" winq-tests--fixture "--eval"
                          (format "%S" '(prin1 (mapcar (lambda (seed)
                                                         (window-history-side-reset)
                                                         (window-history-side-run seed 30)
                                                         (cons seed (md5 (prin1-to-string
                                                                          (window-history-side-layout)))))
                                                       (number-sequence 1 120)))))
            (goto-char (point-min))
            (read (current-buffer)))
          '((1 . "8fe7c981e6ef8304bc57d7e59f3b34a1") (2 . "a39597ddaf1343888a94357ba0dd01f3")
            (3 . "be2b75587e3a4d5a1c579903e6340bd9") (4 . "57a6b3536d2980cc8bd20f15f7f8a986")
            (5 . "eed5a0b7bcfa8f0468b78c06377ff5eb") (6 . "5efe3a905442cc606b0d16fe330a1dfb")
            (7 . "8d63f5f07bfdf1877a781e721ca618a2") (8 . "8be86c33e72f929c53798db5a3a8d586")
            (9 . "36ca5617fc5854825fe9a2a889b93612") (10 . "e194b5d0e51ef8e740782277ccd4578a")
            (11 . "481873365be534cb6aa5e1dde51056f7") (12 . "d123d90d276e2ae3489886add92515c0")
            (13 . "e32af0d7f63965fd3a299faf6782abc0") (14 . "d198c7083505b8203102ffe7a67a839c")
            (15 . "f4a2569f4b2a242e57db319b9dc5a754") (16 . "63aa7d2ab5e3d298a0291cdbb13f134c")
            (17 . "a4bb33f0b0de517eb7ae2d9be65dad89") (18 . "fd789911c355eabba90344c0f3a6a084")
            (19 . "ddc8ff9c3cde0c780af37b7c3894b9a6") (20 . "54080240aca04fd84f94508c26a00254")
            (21 . "e68f5370ea8fbd8a963e253db4208b70") (22 . "a72362cad76679f041041a6b9c04c8a2")
            (23 . "3fede5d020b0f17efd7489aad3c7e94f") (24 . "53e643f31bb4e4fbe385fe149f206ecb")
            (25 . "c5b443f6726c3d6edc1c272c35c624ba") (26 . "6e5590af31cda7705ad4af13f349e7b0")
            (27 . "fdac3b5774bc805397643574cb04777f") (28 . "d1d536ece1218927c18ede33d51c232f")
            (29 . "273be697cfcdeed13c8dfbf10a6848f3") (30 . "9a57cb62a036f2868c448d6bc6cc04a8")
            (31 . "19be4c2d92667530c305f1958fc8f897") (32 . "25c5e3f12d6554fbb73753a436ec82fb")
            (33 . "7b68de4181d22805f3ec959f30439765") (34 . "c5736730667739c1cf0d8ae487e32e94")
            (35 . "f5ef17456b5026c60a245b5c30539239") (36 . "d72fc40db9fecaa2361653c377273848")
            (37 . "eb2b747bad9dc4277ddb6c17773206b2") (38 . "fbfa99e5f74f0bc1e62a1e6cca382cc5")
            (39 . "010873e4b0a188a88813adcbe2a969bb") (40 . "36cc544cab5bc341be9db694e4574b6b")
            (41 . "c996fa6c60e91ea54b3b26b537e420f9") (42 . "06324192c87a416afc8d4045abe3c79b")
            (43 . "d4fd845526c546be8787c0afed485825") (44 . "411c53fa29f37c1142bfa2c8ae037e39")
            (45 . "78ad1ca9200dc73a7579f0da2ea9f33d") (46 . "1c84a7fdafde98a1743f88abd2afb2f6")
            (47 . "7d1973ab08f1df9cb30da318620b61b2") (48 . "3cd0fbc166c3ebdd713c4e41c8016200")
            (49 . "c919fa00896cf5b321ac4c4203cc8a0f") (50 . "d9a34485421aa861ab077aa84d867686")
            (51 . "1a9a4a8001a653df877d31d46f0c0789") (52 . "1ab77f288a812ac98f2579da6bb01859")
            (53 . "003d8ff4cfcc43971ca1561b94c452ea") (54 . "33cc31150fd12a805d37d5d7bc30bb70")
            (55 . "79add340d10c5921245ace1ee1802e77") (56 . "26e9aa658fd2ced756b935d598dcf3ca")
            (57 . "ca311b201b65428efd7ccc03125a0aa1") (58 . "82fdcc5b5cfb6031ff9f1fdd9c0a4f1e")
            (59 . "4741894bf8037422d8e01f6853a8592d") (60 . "c40db7cf1fc58dfd5bb6bf2b707b43ee")
            (61 . "06a7e39acaa3f371c1e1b4fe6ae2b6a1") (62 . "e7f38319cb1fab8fab6f19d4e3505954")
            (63 . "437056f6babd403c4349890c3ae40581") (64 . "784266d4bd52905f898cca0b932224fe")
            (65 . "e5a5cea6745caf295d2435ef788f6e38") (66 . "3cd0fbc166c3ebdd713c4e41c8016200")
            (67 . "64078fc42c7a22504cc7c1be1455f0a8") (68 . "645ce92250873a2fded348bd498e67a1")
            (69 . "26e9aa658fd2ced756b935d598dcf3ca") (70 . "97bb2ca8b4b464e60c1762c1609c1ae2")
            (71 . "f7a5b971b6427dd166ad2afa093b9955") (72 . "7908ad4af1aa707875341e6f83e9c7ac")
            (73 . "88e83f180f39a9b41bafedab62f427d3") (74 . "e3e75877f55a47e6008616a97b02587b")
            (75 . "77b205e4ef3c981f5177cb05df0d2353") (76 . "ad57fe32850439c9055b628e7d9c697e")
            (77 . "c3c8ae404d5d9b22086921903c28ef4e") (78 . "7a28426626fadb35fdee78c2bf350bb4")
            (79 . "0b63f1821c4c289fa232ed0a53007fcf") (80 . "40ec6cf2505559d5a4edfaa0e4d2ee4a")
            (81 . "0941d2cc9bee11642efdf8117afe0d9e") (82 . "9bfc9759caca80a7966d63fc811ebf48")
            (83 . "4c632947956136b9676056746ee9fda7") (84 . "998ad2dcf7c7476b9dea73517c7e7a99")
            (85 . "d45f5b7cf0f8b9be6b94a3e7a2cf8e2d") (86 . "40ec6cf2505559d5a4edfaa0e4d2ee4a")
            (87 . "4d6e5c3dc93b92b5791f249e069312b0") (88 . "29b969779496c9c36559ef915af7c4da")
            (89 . "7483c7f22113bef41b377abed2be565c") (90 . "c2dddaf5985c9fa93a6265409654b223")
            (91 . "8b7251f1c694065fc0bcad21aaf6058f") (92 . "26e9aa658fd2ced756b935d598dcf3ca")
            (93 . "f649b034031e2616d333cc86a16f71c3") (94 . "2fcc82ba4ee44594d655bc927e986f8f")
            (95 . "53141d2dc9de3a119732cc2a7762d147") (96 . "b6e7848817ab3c9fa0271f2babf9c992")
            (97 . "e77f798adb1d27f94775027211ec5cfc") (98 . "8b7191a414d4d8a5dce0d6846a57286a")
            (99 . "42a1bb61832415324ac709fed0ca463c") (100 . "26e9aa658fd2ced756b935d598dcf3ca")
            (101 . "26e9aa658fd2ced756b935d598dcf3ca") (102 . "e194b5d0e51ef8e740782277ccd4578a")
            (103 . "1a9af3654e2b3b86b17c2d00d0ffd644") (104 . "c40db7cf1fc58dfd5bb6bf2b707b43ee")
            (105 . "e652bdf3e37b4f389a3ce6e4bfdcb111") (106 . "02fbe88fabf94749c361e2b701366284")
            (107 . "0c9b182ede9ea794f9b4cfdfc10275c1") (108 . "401b47155731a822de0000ff70ccb241")
            (109 . "9744ed72f02a342022eb7d0e746957f2") (110 . "2ff756808de5c166111785e50a0acd65")
            (111 . "868b81e2d7cf0da082f05498b00b1151") (112 . "9ab47d019b95a80a52fc9ce91d8e245d")
            (113 . "d198c7083505b8203102ffe7a67a839c") (114 . "f1b140e7f67be592fcfe70b7b21bafbf")
            (115 . "79206a1bd4a67c27550febe2f049f68e") (116 . "d5b541cb827de55f35c09303629f2b1f")
            (117 . "40ec6cf2505559d5a4edfaa0e4d2ee4a") (118 . "e2504a2b416df42ed45e2b306f9e8420")
            (119 . "f5269d01217de8abe642008e90b859f9") (120 . "ab3aa7841eda3e18888ddd2482fa49b4")))))

;;; window-quit-tests.el ends here
