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
    (list (winq-tests--layout) (mapcar (lambda (w) (list (window-normal-size w) (window-normal-size w t)))
                               (window-list nil 'nomini (frame-first-window)))
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
    (let ((before (list (winq-tests--layout) (mapcar (lambda (w) (list (window-normal-size w) (window-normal-size w t))) (window-list nil 'nomini (frame-first-window))))))
      (window-toggle-side-windows)
      (split-window)
      (window-toggle-side-windows)
      (list before (winq-tests--layout)
            (mapcar (lambda (w) (list (window-normal-size w) (window-normal-size w t))) (window-list nil 'nomini (frame-first-window)))
            (progn (window-toggle-side-windows) (window-toggle-side-windows)
                   (mapcar (lambda (w) (list (window-edges w) (window-normal-size w) (window-normal-size w t))) (window-list nil 'nomini (frame-first-window))))))))

;;; window-quit-tests.el ends here
