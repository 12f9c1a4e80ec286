;;; window-combination-tests.el --- window-combination-resize, window parameters, side slots, first splits  -*- lexical-binding: t -*-

;; Batch Emacs 28's answers, printed by `emacs -Q -batch' running the
;; same forms: splitting and deleting with `window-combination-resize'
;; t, the `split-window', `delete-window' and `delete-other-windows'
;; parameters and `ignore-window-parameters', the normal sizes of side
;; windows, and the line edges of a frame whose first change is a
;; split side by side (in a new run of the Lisp under test).

(require 'ert)
(load (expand-file-name "fixtures/window-history" (file-name-directory load-file-name))
      nil t)

(defmacro winc-tests--fresh (&rest body)
  "Run BODY with one window of 23 lines on *scratch*, no window
parameters, and put that back afterwards, the buffers named \"winc-...\"
killed."
  (declare (indent 0))
  `(progn
     (winc-tests--reset)
     (unwind-protect (progn ,@body)
       (winc-tests--reset)
       (dolist (b (buffer-list))
         (when (string-prefix-p "winc-" (buffer-name b))
           (kill-buffer b))))))

(defun winc-tests--reset ()
  "One window on *scratch*, without parameters, fitted below the menu bar."
  (let ((ignore-window-parameters t)
        (window-combination-resize nil))
    (delete-other-windows)
    (dolist (p (window-parameters))
      (set-window-parameter nil (car p) nil))
    (set-window-dedicated-p nil nil)
    (switch-to-buffer "*scratch*")
    (set-window-configuration (current-window-configuration))))

(defalias 'winc-tests--normals #'window-history-layout)

(defun winc-tests--shape (&optional tree)
  "`window-tree' with edges, `live' for the live windows."
  (let ((tree (or tree (car (window-tree)))))
    (if (windowp tree) 'live
      (append (list (car tree) (cadr tree)) (mapcar #'winc-tests--shape (cddr tree))))))

(defun winc-tests--history (seed steps)
  "The layout after STEPS steps from SEED."
  (window-history-run seed steps)
  (winc-tests--normals))

(defun winc-tests--new-run (form)
  "What FORM returns in a new batch run of this Lisp, on a frame whose
windows nothing has changed yet."
  (with-temp-buffer
    (call-process (expand-file-name invocation-name invocation-directory) nil (list t nil) nil
                  "-Q" "-batch" "--eval" (format "(prin1 %S)" form))
    (goto-char (point-min))
    (read (current-buffer))))

(defun winc-tests--lines-after (steps)
  "In a new batch run, each window's edges, pixel edges and body edges
and the minibuffer window's edges after each of STEPS."
  (winc-tests--new-run
   `(mapcar (lambda (step)
              (eval step t)
              (list (mapcar (lambda (w) (list (window-edges w) (window-pixel-edges w)
                                              (window-body-edges w)))
                            (window-list nil 'nomini (frame-first-window)))
                    (window-edges (minibuffer-window))))
            ',steps)))

(ert-deftest winc-resize-split-takes-from-all ()
  "With `window-combination-resize' t a split takes the new window's room
from every window of the combination, the new window getting the
average size."
  (winc-tests--fresh
    (should
     (equal
      (let ((window-combination-resize t))
        (let* ((a (selected-window)) (b (split-window)) (c (split-window b)) out)
          (push (winc-tests--normals) out)
          (split-window a nil 'above)
          (push (winc-tests--normals) out)
          (split-window c -3)
          (push (winc-tests--normals) out)
          (nreverse out)))
      '((((0 1 80 9) 0.33333333333333337 1.0)
         ((0 9 80 17) 0.33333333333333337 1.0)
         ((0 17 80 24) 0.3333333333333333 1.0))
        (((0 1 80 6) 0.25 1.0)
         ((0 6 80 12) 0.25 1.0)
         ((0 12 80 18) 0.25 1.0)
         ((0 18 80 24) 0.25 1.0))
        (((0 1 80 6) 0.21739130434782608 1.0)
         ((0 6 80 11) 0.21739130434782608 1.0)
         ((0 11 80 16) 0.21739130434782608 1.0)
         ((0 16 80 21) 0.21739130434782608 1.0)
         ((0 21 80 24) 0.13043478260869565 1.0)))))))

(ert-deftest winc-resize-split-side-by-side ()
  "Columns are shared the same way; a positive size nests the new window
instead."
  (winc-tests--fresh
    (should
     (equal
      (let ((window-combination-resize t))
        (let* ((a (selected-window)) (b (split-window nil nil 'right)) out)
          (split-window b nil 'left)
          (push (winc-tests--normals) out)
          (split-window a 12 'right)
          (push (list (winc-tests--shape) (winc-tests--normals)) out)
          (nreverse out)))
      '((((0 1 27 24) 1.0 0.33333333333333337)
         ((27 1 53 24) 1.0 0.3333333333333333)
         ((53 1 80 24) 1.0 0.33333333333333337))
        ((nil (0 1 80 24) (nil (0 1 27 24) live live) live live)
         (((0 1 12 24) 1.0 0.4444444444444444)
          ((12 1 27 24) 1.0 0.5555555555555556)
          ((27 1 53 24) 1.0 0.3333333333333333)
          ((53 1 80 24) 1.0 0.33333333333333337))))))))

(ert-deftest winc-resize-delete-gives-to-all ()
  "With `window-combination-resize' t deleting a window shares its room
among all the others of its combination, by their normal sizes."
  (winc-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window a 4)) (c (split-window b 5)) (d (split-window c)) out)
        (let ((window-combination-resize t))
          (delete-window c)
          (push (winc-tests--normals) out)
          (delete-window a)
          (push (winc-tests--normals) out))
        (nreverse out))
      '((((0 1 80 7) 0.25 1.0)
         ((0 7 80 14) 0.31249999999999994 1.0)
         ((0 14 80 24) 0.43750000000000006 1.0))
        (((0 1 80 11) 0.4166666666666666 1.0)
         ((0 11 80 24) 0.5833333333333334 1.0)))))))

(ert-deftest winc-resize-too-small ()
  "Splitting with `window-combination-resize' fails when the combination
cannot give the room."
  (winc-tests--fresh
    (should
     (equal
      (let ((window-combination-resize t) (window-min-height 8))
        (let* ((a (selected-window)) (b (split-window)))
          (list (condition-case err (split-window a) (error (car err)))
                (winc-tests--normals))))
      '(error (((0 1 80 13) 0.5 1.0) ((0 13 80 24) 0.5 1.0)))))))

(ert-deftest winc-resize-random-histories ()
  "Random histories with `window-combination-resize' t end as in Emacs."
  (winc-tests--fresh
    (should
     (equal
      (let ((window-combination-resize t))
        (mapcar (lambda (seed) (winc-tests--fresh (winc-tests--history seed 25))) '(2 5 9 17 31 44)))
      '((((0 1 14 11) 0.8478260869565218 1.0)
         ((0 11 14 15) 0.15217391304347824 1.0)
         ((14 1 27 15) 1.0 0.3333333333333333)
         ((27 1 41 15) 1.0 0.33333333333333337)
         ((0 15 41 24) 0.39130434782608703 1.0)
         ((41 1 80 12) 0.4782608695652173 1.0)
         ((41 12 80 24) 0.5217391304347827 1.0))
        (((0 1 44 6) 0.21739130434782608 1.0)
         ((0 6 22 11) 1.0 0.5)
         ((22 6 44 11) 1.0 0.5)
         ((0 11 44 16) 0.21739130434782608 1.0)
         ((0 16 17 20) 1.0 0.3999999999999999)
         ((17 16 31 20) 1.0 0.31111111111111117)
         ((31 16 44 20) 1.0 0.2888888888888889)
         ((0 20 44 24) 0.17391304347826086 1.0)
         ((44 1 80 7) 0.5 1.0)
         ((44 7 80 13) 0.5 1.0)
         ((44 13 80 24) 0.4782608695652174 1.0))
        (((0 1 20 24) 1.0 0.25)
         ((20 1 40 13) 0.5 1.0)
         ((20 13 40 24) 0.5 1.0)
         ((40 1 60 4) 0.2727272727272727 1.0)
         ((40 4 60 12) 0.7272727272727273 1.0)
         ((40 12 50 24) 1.0 0.5)
         ((50 12 60 16) 0.33333333333333337 1.0)
         ((50 16 60 24) 0.6666666666666666 1.0)
         ((60 1 80 13) 0.5217391304347826 1.0)
         ((60 13 80 24) 0.4782608695652174 1.0))
        (((0 1 80 5) 0.17391304347826086 1.0)
         ((0 5 80 9) 0.5 1.0)
         ((0 9 80 13) 0.5 1.0)
         ((0 13 80 24) 0.4782608695652174 1.0))
        (((0 1 27 10) 0.6923076923076923 1.0)
         ((0 10 27 14) 0.30769230769230776 1.0)
         ((27 1 54 7) 0.5 1.0)
         ((27 7 54 14) 0.5 1.0)
         ((54 1 80 14) 1.0 0.325)
         ((0 14 26 19) 0.5454545454545454 1.0)
         ((0 19 26 22) 0.6 1.0)
         ((0 22 26 24) 0.4 1.0)
         ((26 14 54 24) 1.0 0.35)
         ((54 14 80 24) 1.0 0.31886792452830187))
        (((0 1 80 5) 0.18856332703213613 1.0)
         ((0 5 80 6) 0.25 1.0)
         ((0 6 80 9) 0.75 1.0)
         ((0 9 27 15) 1.0 0.33333333333333337)
         ((27 9 54 15) 1.0 0.33333333333333337)
         ((54 9 80 15) 1.0 0.3333333333333333)
         ((0 15 80 19) 0.17391304347826086 1.0)
         ((0 19 80 24) 0.20652173913043478 1.0)))))))

(ert-deftest winc-side-slots-share ()
  "A new slot takes its share of the side from all its windows, whose
normal sizes shrink to leave it."
  (winc-tests--fresh
    (should
     (equal
      (let ((a (get-buffer-create "winc-a")) (b (get-buffer-create "winc-b")))
        (display-buffer-in-side-window a '((side . bottom)))
        (display-buffer-in-side-window b '((side . bottom) (slot . 1)))
        (display-buffer-in-side-window a '((side . bottom) (slot . -1)))
        (display-buffer-in-side-window b '((side . bottom) (slot . 2)))
        (list (winc-tests--normals)
              (progn (balance-windows) (winc-tests--normals))
              (progn (delete-window (window-with-parameter 'window-slot 1)) (winc-tests--normals))))
      '((((0 1 80 19) 0.7608695652173914 1.0)
         ((0 19 20 24) 1.0 0.25)
         ((20 19 40 24) 1.0 0.25)
         ((40 19 60 24) 1.0 0.25)
         ((60 19 80 24) 1.0 0.25))
        (((0 1 80 13) 0.5217391304347826 1.0)
         ((0 13 20 24) 1.0 0.25)
         ((20 13 40 24) 1.0 0.25)
         ((40 13 60 24) 1.0 0.25)
         ((60 13 80 24) 1.0 0.25))
        (((0 1 80 13) 0.5217391304347826 1.0)
         ((0 13 20 24) 1.0 0.25)
         ((20 13 60 24) 1.0 0.5)
         ((60 13 80 24) 1.0 0.25)))))))

(ert-deftest winc-side-left-and-top ()
  "Left and top side windows, their slots and balancing: sizes and normal
sizes."
  (winc-tests--fresh
    (should
     (equal
      (let ((a (get-buffer-create "winc-a")) (b (get-buffer-create "winc-b")))
        (display-buffer-in-side-window a '((side . left)))
        (display-buffer-in-side-window b '((side . left) (slot . 1)))
        (display-buffer-in-side-window b '((side . top) (window-height . 0.3)))
        (split-window (window-main-window) nil 'right)
        (list (winc-tests--normals)
              (progn (balance-windows) (winc-tests--normals))
              (progn (window-resize (window-with-parameter 'window-side 'top) 2) (winc-tests--normals))))
      '((((0 1 80 8) 0.32608695652173914 1.0)
         ((0 8 20 16) 0.5 1.0)
         ((0 16 20 24) 0.5 1.0)
         ((20 8 50 24) 1.0 0.5)
         ((50 8 80 24) 1.0 0.5))
        (((0 1 80 13) 0.5217391304347826 1.0)
         ((0 13 40 19) 0.5454545454545454 1.0)
         ((0 19 40 24) 0.45454545454545453 1.0)
         ((40 13 60 24) 1.0 0.5)
         ((60 13 80 24) 1.0 0.5))
        (((0 1 80 15) 0.6086956521739131 1.0)
         ((0 15 40 20) 0.5454545454545454 1.0)
         ((0 20 40 24) 0.45454545454545453 1.0)
         ((40 15 60 24) 1.0 0.5)
         ((60 15 80 24) 1.0 0.5)))))))

(ert-deftest winc-split-window-parameter ()
  "A function in the `split-window' parameter splits instead, called with
the window, the size and the side; t or `ignore-window-parameters'
disregards the parameters."
  (winc-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (calls nil))
        (set-window-parameter a 'split-window (lambda (w size side) (push (list (eq w a) size side) calls) 'done))
        (list (split-window a 5 'up) (split-window a nil t) (split-window a -3 'left)
              (reverse calls) (length (window-list))
              (let ((ignore-window-parameters t)) (split-window a) (length (window-list)))
              (progn (set-window-parameter a 'split-window t) (split-window a) (length (window-list)))
              (winc-tests--normals)))
      '(done
        done
        done
        ((t 5 above) (t nil right) (t -3 left))
        1
        2
        3
        (((0 1 80 7) 0.25 1.0) ((0 7 80 13) 0.25 1.0) ((0 13 80 24) 0.5 1.0)))))))

(ert-deftest winc-delete-window-parameter ()
  "A function in the `delete-window' parameter deletes instead; t or
`ignore-window-parameters' disregards it, and with it atomic windows."
  (winc-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window)) (calls nil))
        (set-window-parameter b 'delete-window (lambda (w) (push (eq w b) calls) 'kept))
        (list (delete-window b) calls (length (window-list))
              (let ((ignore-window-parameters t)) (delete-window b) (length (window-list)))
              (let ((c (split-window a nil 'right)))
                (set-window-parameter c 'delete-window t)
                (set-window-parameter c 'split-window 'ignore)
                (list (split-window c) (delete-window c) (length (window-list))))
              (should-error (let ((ignore-window-parameters t)) (delete-window a)))
              (winc-tests--normals)))
      '(kept
        (t)
        2
        1
        (nil nil 1)
        (error "Attempt to delete minibuffer or sole ordinary window")
        (((0 1 80 24) 1.0 1.0)))))))

(ert-deftest winc-delete-other-windows-parameter ()
  "A function in the `delete-other-windows' parameter acts instead; t
disregards the parameters."
  (winc-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window)) (calls nil))
        (set-window-parameter a 'delete-other-windows (lambda (w) (push (eq w a) calls) 'mine))
        (list (delete-other-windows a) calls (length (window-list))
              (progn (set-window-parameter a 'delete-other-windows t) (delete-other-windows a))
              (length (window-list))))
      '(mine (t) 2 nil 1)))))

(ert-deftest winc-atom-parameters-ignored ()
  "Splitting or deleting a window of an atomic window acts on the whole
unless the parameters are ignored."
  (winc-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window)) (c (split-window b nil 'right)))
        (window-make-atom (window-parent c))
        (list (progn (split-window c) (winc-tests--shape))
              (let ((ignore-window-parameters t)) (delete-window c) (winc-tests--shape))
              (winc-tests--normals)))
      '((t (0 1 80 24) live (nil (0 13 80 19) live live) live)
        (t (0 1 80 24) live live live)
        (((0 1 80 13) 0.5 1.0)
         ((0 13 80 19) 0.25 1.0)
         ((0 19 80 24) 0.25 1.0)))))))

(ert-deftest winc-side-window-parameters-ignored ()
  "With `ignore-window-parameters' a side window can be split, and the
main window deleted."
  (winc-tests--fresh
    (should
     (equal
      (let ((a (get-buffer-create "winc-a")) (main (selected-window)))
        (let ((sw (display-buffer-in-side-window a '((side . right)))))
          (list (condition-case err (split-window sw) (error err))
                (let ((ignore-window-parameters t)) (split-window sw) (winc-tests--normals))
                (let ((ignore-window-parameters t)) (delete-window main) (winc-tests--normals)))))
      '((error "Cannot split side window or parent of side window")
        (((0 1 60 24) 1.0 0.75)
         ((60 1 80 13) 0.5 1.0)
         ((60 13 80 24) 0.5 1.0))
        (((0 1 80 13) 0.5 1.0) ((0 13 80 24) 0.5 1.0)))))))

(ert-deftest winc-side-top-beside-bottom ()
  "A top side window made while a bottom one exists splits the main
window, then takes a quarter of the frame's lines."
  (winc-tests--fresh
    (should
     (equal
      (let ((a (get-buffer-create "winc-a")) (b (get-buffer-create "winc-b")))
        (display-buffer-in-side-window a '((side . bottom)))
        (display-buffer-in-side-window b '((side . top)))
        (display-buffer-in-side-window a '((side . right) (window-width . 0.3)))
        (list (winc-tests--normals)
              (equal (window-main-window) (frame-first-window))
              (progn (window-toggle-side-windows) (winc-tests--normals))))
      '((((0 1 80 6) 0.2065217391304348 1.0)
         ((0 6 56 19) 1.0 0.7)
         ((56 6 80 19) 1.0 0.3)
         ((0 19 80 24) 0.2391304347826087 1.0))
        nil
        (((0 1 80 24) 1.0 1.0)))))))

(ert-deftest winc-side-toggle-normals ()
  "Side windows shown again get normal sizes by their sizes, as Emacs
puts them back from a state."
  (winc-tests--fresh
    (should
     (equal
      (let ((a (get-buffer-create "winc-a")) (b (get-buffer-create "winc-b")))
        (display-buffer-in-side-window a '((side . bottom)))
        (display-buffer-in-side-window b '((side . bottom) (slot . 1)))
        (split-window (window-main-window) 7)
        (window-resize (frame-first-window) 2)
        (display-buffer-in-side-window b '((side . left)))
        (window-toggle-side-windows)
        (window-toggle-side-windows)
        (winc-tests--normals))
      '(((0 1 20 19) 1.0 0.25)
        ((20 1 80 10) 0.5 1.0)
        ((20 10 80 19) 0.5 1.0)
        ((0 19 40 24) 1.0 0.5)
        ((40 19 80 24) 1.0 0.5))))))

(ert-deftest winc-side-full-slot-reuses-nearest ()
  "When a side cannot be split for a new slot, the window of the nearest
slot shows the buffer and takes the slot."
  (winc-tests--fresh
    (should
     (equal
      (let ((a (get-buffer-create "winc-a")) (b (get-buffer-create "winc-b")) (window-min-width 30))
        (display-buffer-in-side-window a '((side . top) (slot . 2)))
        (display-buffer-in-side-window b '((side . top) (slot . -1)))
        (display-buffer-in-side-window b '((side . top) (slot . 1)))
        (mapcar (lambda (w) (list (window-edges w) (buffer-name (window-buffer w)) (window-parameter w 'window-slot)))
                (window-list nil 'nomini (frame-first-window))))
      '(((0 1 30 6) "winc-b" -1)
        ((30 1 50 6) "winc-b" 1)
        ((50 1 80 6) "winc-a" 2)
        ((0 6 80 24) "*scratch*" nil))))))

(ert-deftest winc-first-split-side-by-side ()
  "In a new run, splits side by side leave the windows' lines at 0 (their
parent starts below the menu bar line); the first change of lines
moves them all, and the minibuffer window after the root window."
  (winc-tests--fresh
    (should
     (equal
      (list (winc-tests--lines-after '((split-window nil nil t) (split-window nil 3 t) (delete-window)
                                       (window-resize nil 2 t) (split-window) (delete-window)))
            (winc-tests--lines-after '((split-window nil nil 'left) (split-window (frame-root-window) nil t)
                                       (delete-window (frame-first-window))))
            (winc-tests--lines-after '((split-window nil nil t) (delete-window)))
            (winc-tests--lines-after '((split-window nil nil t) (balance-windows)))
            (winc-tests--lines-after '((split-window nil nil t) (enlarge-window 1)))
            (winc-tests--lines-after '((fit-window-to-buffer) (window-resize (minibuffer-window) 1))))
      '((((((0 0 40 24) (0 0 40 24) (0 0 39 23))
           ((40 0 80 24) (40 0 80 24) (40 0 80 23)))
          (0 24 80 25))
         ((((0 0 3 24) (0 0 3 24) (0 0 2 23))
           ((3 0 40 24) (3 0 40 24) (3 0 39 23))
           ((40 0 80 24) (40 0 80 24) (40 0 80 23)))
          (0 24 80 25))
         ((((0 0 40 24) (0 0 40 24) (0 0 39 23))
           ((40 0 80 24) (40 0 80 24) (40 0 80 23)))
          (0 24 80 25))
         ((((0 0 42 24) (0 0 42 24) (0 0 41 23))
           ((42 0 80 24) (42 0 80 24) (42 0 80 23)))
          (0 24 80 25))
         ((((0 1 42 13) (0 0 42 12) (0 0 41 11))
           ((0 13 42 25) (0 12 42 24) (0 12 41 23))
           ((42 1 80 25) (42 0 80 24) (42 0 80 23)))
          (0 25 80 26))
         ((((0 1 42 25) (0 0 42 24) (0 0 41 23))
           ((42 1 80 25) (42 0 80 24) (42 0 80 23)))
          (0 25 80 26)))
        (((((0 0 40 24) (0 0 40 24) (0 0 39 23))
           ((40 0 80 24) (40 0 80 24) (40 0 80 23)))
          (0 24 80 25))
         ((((0 0 20 24) (0 0 20 24) (0 0 19 23))
           ((20 0 40 24) (20 0 40 24) (20 0 39 23))
           ((40 1 80 25) (40 0 80 24) (40 0 80 23)))
          (0 24 80 25))
         ((((0 0 40 24) (0 0 40 24) (0 0 39 23))
           ((40 1 80 25) (40 0 80 24) (40 0 80 23)))
          (0 24 80 25)))
        (((((0 0 40 24) (0 0 40 24) (0 0 39 23))
           ((40 0 80 24) (40 0 80 24) (40 0 80 23)))
          (0 24 80 25))
         ((((0 1 80 25) (0 0 80 24) (0 0 80 23))) (0 24 80 25)))
        (((((0 0 40 24) (0 0 40 24) (0 0 39 23))
           ((40 0 80 24) (40 0 80 24) (40 0 80 23)))
          (0 24 80 25))
         ((((0 1 40 25) (0 0 40 24) (0 0 39 23))
           ((40 1 80 25) (40 0 80 24) (40 0 80 23)))
          (0 25 80 26)))
        (((((0 0 40 24) (0 0 40 24) (0 0 39 23))
           ((40 0 80 24) (40 0 80 24) (40 0 80 23)))
          (0 24 80 25))
         ((((0 1 40 25) (0 0 40 24) (0 0 39 23))
           ((40 1 80 25) (40 0 80 24) (40 0 80 23)))
          (0 25 80 26)))
        (((((0 0 80 24) (0 0 80 24) (0 0 80 23))) (0 24 80 25))
         ((((0 1 80 24) (0 0 80 23) (0 0 80 22))) (0 24 80 26))))))))

;;; window-combination-tests.el ends here
