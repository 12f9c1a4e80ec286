;;; window-resize-tests.el --- resizing, scrolling, the frame, window states  -*- lexical-binding: t -*-

;; Batch Emacs 28's answers: its frame F1 has 25 lines, a window that
;; fills it 23 once a window configuration has been put back (the menu
;; bar then takes line 0), a minibuffer window of one line.

(require 'ert)
(load (expand-file-name "fixtures/window-history" (file-name-directory load-file-name))
      nil t)

(defmacro winr-tests--fresh (&rest body)
  "Run BODY with one window of 23 lines on *scratch*, the buffers named
\"winr-...\" killed and the windows put back afterwards."
  (declare (indent 0))
  `(progn
     (let ((ignore-window-parameters t)) (delete-other-windows))
     (switch-to-buffer "*scratch*")
     (set-window-configuration (current-window-configuration))
     (unwind-protect (progn ,@body)
       (dolist (b (buffer-list))
         (when (string-prefix-p "winr-" (buffer-name b))
           (kill-buffer b)))
       ;; An atomic window may fill the frame.
       (let ((ignore-window-parameters t)) (delete-other-windows))
       (set-window-parameter nil 'window-atom nil)
       (switch-to-buffer "*scratch*"))))

(defun winr-tests--heights ()
  "The total heights of the ordinary windows, first to last."
  (mapcar #'window-total-height (window-list nil 'nomini (frame-first-window))))

(defun winr-tests--widths ()
  "The total widths of the ordinary windows, first to last."
  (mapcar #'window-total-width (window-list nil 'nomini (frame-first-window))))

(defun winr-tests--tops ()
  (mapcar #'window-top-line (window-list nil 'nomini (frame-first-window))))

(defun winr-tests--lines-buffer (name n)
  "A buffer NAME of N lines \"lNN\\n\", point at its start."
  (with-current-buffer (get-buffer-create name)
    (erase-buffer)
    (dotimes (i n) (insert (format "l%02d\n" i)))
    (goto-char (point-min))
    (current-buffer)))

(ert-deftest winr-the-root-window-cannot-be-resized ()
  (winr-tests--fresh
    (should (equal (winr-tests--heights) '(23)))
    (should (equal (list window-min-height window-min-width
                         window-safe-min-height window-safe-min-width)
                   '(4 10 1 2)))
    (dolist (form '((enlarge-window 1) (shrink-window 1) (window-resize nil 1)
                    (window-resize nil -1) (enlarge-window-horizontally 1)
                    (shrink-window-horizontally 1) (maximize-window)
                    (minimize-window) (window-resize nil 0)))
      (should (equal (should-error (eval form t))
                     '(error "Cannot resize the root window of a frame"))))
    (should (= (window-resizable nil 1) 0))
    (should (= (window-resizable nil -1) 0))
    (should (= (window-max-delta) 0))
    (should (= (window-min-delta) 0))
    (should (eq (enlarge-window 0) t))
    (should (eq (shrink-window 0) t))
    (should (eq (balance-windows) t))
    (should-not (fit-window-to-buffer))
    (should (equal (winr-tests--heights) '(23)))
    (should (= (window-top-line) 1))))

(ert-deftest winr-two-windows-one-above-the-other ()
  (winr-tests--fresh
    (let ((w1 (selected-window)) (w2 (split-window)))
      (should (equal (winr-tests--heights) '(12 11)))
      (should (eq (enlarge-window 3) t))
      (should (equal (winr-tests--heights) '(15 8)))
      (should (equal (winr-tests--tops) '(1 16)))
      (should (eq (shrink-window 5) t))
      (should (equal (winr-tests--heights) '(10 13)))
      (should (= (window-body-height w2) 12))
      ;; Too much: as much as the other window can give.
      (should (eq (enlarge-window 100) t))
      (should (equal (winr-tests--heights) '(19 4)))
      (should (= (window-body-height w2) 3))
      (should (eq (shrink-window 100) t))
      (should (equal (winr-tests--heights) '(4 19)))
      (should (equal (list (window-resizable nil 5) (window-resizable nil 50)
                           (window-resizable nil -50) (window-resizable w2 -50)
                           (window-resizable w2 2 t))
                     '(5 15 0 -15 0)))
      (should (equal (list (window-max-delta) (window-min-delta)
                           (window-max-delta w2) (window-min-delta w2))
                     '(15 0 0 15)))
      (should (equal (should-error (window-resize nil 50))
                     (list 'error (format "Cannot resize window %s" w1))))
      (should (equal (should-error (window-resize w2 1 t))
                     (list 'error (format "Cannot resize window %s" w2))))
      (should (eq (window-resize nil 2) t))
      (should (equal (winr-tests--heights) '(6 17)))
      (should (equal (should-error (window-resize w2 3))
                     (list 'error (format "Cannot resize window %s" w2))))
      (should (eq (window-resize w2 2) t))
      (should (equal (winr-tests--heights) '(4 19)))
      (should (equal (winr-tests--tops) '(1 5)))
      (should (eq (maximize-window) t))
      (should (equal (winr-tests--heights) '(19 4)))
      (should (eq (minimize-window) t))
      (should (equal (winr-tests--heights) '(4 19)))
      (should (eq (balance-windows) t))
      (should (equal (winr-tests--heights) '(12 11)))
      (should (equal (winr-tests--widths) '(80 80)))
      ;; The horizontal ones cannot change anything here.
      (should (eq (enlarge-window-horizontally 1) t))
      (should (eq (shrink-window-horizontally 1) t))
      (should (equal (winr-tests--widths) '(80 80)))
      (delete-other-windows)
      (should (equal (winr-tests--heights) '(23))))))

(ert-deftest winr-three-windows-share-a-change ()
  (winr-tests--fresh
    (let* ((w1 (selected-window)) (w2 (split-window)) (w3 (split-window w2)))
      (should (equal (winr-tests--heights) '(12 6 5)))
      (should (eq (balance-windows) t))
      (should (equal (winr-tests--heights) '(8 8 7)))
      (should (equal (winr-tests--tops) '(1 9 17)))
      ;; The window below takes the whole change when it can...
      (enlarge-window 2)
      (should (equal (winr-tests--heights) '(10 6 7)))
      (select-window w2)
      (enlarge-window 2)
      (should (equal (winr-tests--heights) '(10 8 5)))
      ;; ... the window above when the window is last...
      (select-window w3)
      (shrink-window 1)
      (should (equal (winr-tests--heights) '(10 9 4)))
      ;; ... and else all the others share it.
      (select-window w1)
      (enlarge-window 6)
      (should (equal (winr-tests--heights) '(15 4 4)))
      (should (equal (winr-tests--tops) '(1 16 20)))
      (select-window w3)
      (should (eq (enlarge-window 10) t))
      (should (equal (winr-tests--heights) '(5 4 14)))
      (should (eq (window-resize w2 3) t))
      (should (equal (winr-tests--heights) '(5 7 11)))
      (should (eq (shrink-window 30) t))
      (should (equal (winr-tests--heights) '(5 14 4)))
      (balance-windows)
      (should (equal (winr-tests--heights) '(8 8 7)))
      (delete-window w2)
      (should (equal (winr-tests--heights) '(16 7)))
      (should (equal (winr-tests--tops) '(1 17))))))

(ert-deftest winr-side-by-side ()
  (winr-tests--fresh
    (let* ((w1 (selected-window)) (w2 (split-window nil nil t)))
      (should (equal (winr-tests--widths) '(40 40)))
      (should (eq (enlarge-window-horizontally 5) t))
      (should (equal (winr-tests--widths) '(45 35)))
      (should (equal (mapcar #'window-left-column (list w1 w2)) '(0 45)))
      (should (= (window-body-width w1) 44))
      (should (eq (shrink-window-horizontally 50) t))
      (should (equal (winr-tests--widths) '(10 70)))
      (should (equal (list (window-min-size nil t) (window-max-delta nil t)
                           (window-min-delta w2 t))
                     '(10 60 60)))
      (should (eq (balance-windows) t))
      (should (equal (winr-tests--widths) '(40 40)))
      (maximize-window)
      (should (equal (winr-tests--widths) '(70 10)))
      (minimize-window)
      (should (equal (winr-tests--widths) '(10 70)))
      (should (equal (winr-tests--heights) '(23 23)))
      ;; A window in a column resizes the column sideways.
      (let ((w3 (split-window w2)))
        (should (equal (winr-tests--heights) '(23 12 11)))
        (select-window w2)
        (enlarge-window 3)
        (should (equal (winr-tests--heights) '(23 15 8)))
        (should (eq (enlarge-window-horizontally 3) t))
        (should (equal (winr-tests--widths) '(10 70 70)))
        (should (eq (shrink-window-horizontally 20) t))
        (should (equal (winr-tests--widths) '(30 50 50)))
        (should (equal (mapcar #'window-left-column (list w1 w2 w3)) '(0 30 30)))
        (maximize-window)
        (should (equal (winr-tests--heights) '(23 19 4)))
        (should (equal (winr-tests--widths) '(10 70 70)))
        (balance-windows)
        (should (equal (winr-tests--heights) '(23 12 11)))
        (should (equal (winr-tests--widths) '(40 40 40)))
        (should (equal (should-error (balance-windows 'x))
                       '(wrong-type-argument window-valid-p x)))))))

(ert-deftest winr-a-row-inside-a-column ()
  (winr-tests--fresh
    (let* ((w2 (split-window)) (w3 (split-window w2 nil 'right)))
      (should (equal (winr-tests--heights) '(12 11 11)))
      (should (eq (window-resize w3 5 t) t))
      (should (equal (winr-tests--widths) '(80 35 45)))
      (should (eq (window-resize w2 3) t))
      (should (equal (winr-tests--heights) '(9 14 14)))
      (should (eq (window-resize (window-parent w3) -3) t))
      (should (equal (winr-tests--heights) '(12 11 11)))
      (should (equal (list (window-min-size (window-parent w3))
                           (window-min-size (frame-root-window))
                           (window-min-size (frame-root-window) t)
                           (window-resizable (window-parent w3) -30))
                     '(4 8 20 -7)))
      (let ((window-min-width 3))
        (should (eq (window-resize w3 -30 t) t))
        (should (equal (winr-tests--widths) '(80 65 15)))
        (should (equal (should-error (window-resize w3 -28 t))
                       (list 'error (format "Cannot resize window %s" w3)))))
      (should (eq (balance-windows (window-parent w3)) t))
      (should (equal (winr-tests--widths) '(80 40 40)))
      (should (eq (minimize-window w3) t))
      (should (equal (winr-tests--heights) '(19 4 4)))
      (should (equal (winr-tests--widths) '(80 70 10)))
      (delete-window w3)
      (should (equal (winr-tests--widths) '(80 80))))))

(ert-deftest winr-minimum-sizes ()
  (winr-tests--fresh
    (let ((w1 (selected-window)))
      (let ((window-min-height 2))
        (split-window)
        (split-window)
        (split-window))
      (balance-windows)
      (should (equal (winr-tests--heights) '(6 6 6 5)))
      (should (= (window-resizable w1 -100) -2))
      (should (= (window-resizable w1 100) 5))
      (let ((window-min-height 1))
        (should (= (window-resizable w1 100) 11))
        (should (= (window-resizable w1 -100) -4))
        (should (eq (window-resize w1 -4) t)))
      (should (equal (winr-tests--heights) '(2 10 6 5)))
      (should (= (window-resizable w1 2 nil t) 2))
      (should (= (window-resizable w1 -2 nil 'safe) -1))
      (let ((window-min-height 0))
        (should (= (window-resizable w1 -100) 0)))
      (should (= (window-resizable w1 1.5) 1.5))
      ;; A window's neighbor gives what it can, the others the rest.
      (balance-windows)
      (enlarge-window 3)
      (should (equal (winr-tests--heights) '(9 5 5 4)))
      (select-window (car (last (window-list nil 'nomini w1))))
      (should (eq (enlarge-window 5) t))
      (should (equal (winr-tests--heights) '(6 4 4 9))))))

(ert-deftest winr-bad-arguments ()
  (winr-tests--fresh
    (split-window)
    (should (equal (should-error (window-resizable 'foo 1))
                   '(error "foo is not a valid window")))
    (should (equal (should-error (window-resize 'foo 1))
                   '(error "foo is not a valid window")))
    (should (equal (should-error (enlarge-window 'a))
                   '(wrong-type-argument number-or-marker-p a)))
    (should (equal (should-error (window-resize nil 1.5))
                   '(wrong-type-argument integerp 1.5)))
    (should (equal (should-error (enlarge-window 1.5))
                   '(wrong-type-argument integerp 1.5)))
    (should (equal (should-error (fit-window-to-buffer 'foo))
                   '(error "foo is not a live window")))
    (should (equal (should-error (window-resize (minibuffer-window) 1 t))
                   '(error "Cannot resize minibuffer window horizontally")))))

(ert-deftest winr-fit-window-to-buffer ()
  (winr-tests--fresh
    (let ((w2 (split-window)))
      (set-window-buffer w2 (winr-tests--lines-buffer "winr-a" 10))
      (should-not (fit-window-to-buffer w2))
      (should (equal (winr-tests--heights) '(12 11)))
      (winr-tests--lines-buffer "winr-a" 40)
      (fit-window-to-buffer w2)
      (should (equal (winr-tests--heights) '(4 19)))
      (with-current-buffer "winr-a" (erase-buffer))
      (fit-window-to-buffer w2)
      (should (equal (winr-tests--heights) '(19 4)))
      (with-current-buffer "winr-a" (insert "a\nb\nc\nd\ne\nf"))
      (fit-window-to-buffer w2)
      (should (equal (winr-tests--heights) '(16 7)))
      (fit-window-to-buffer w2 5)
      (should (equal (winr-tests--heights) '(18 5)))
      (fit-window-to-buffer w2 nil 9)
      (should (equal (winr-tests--heights) '(14 9)))
      (should (equal (winr-tests--tops) '(1 15))))))

(ert-deftest winr-the-minibuffer-window-grows ()
  (winr-tests--fresh
    (let ((mini (minibuffer-window)))
      (split-window)
      (should (eq (window-resize mini 2) t))
      (should (equal (winr-tests--heights) '(11 10)))
      (should (equal (list (window-total-height mini) (window-top-line mini)) '(3 22)))
      (should (eq (window-resize mini -2) t))
      (should (= (apply #'+ (winr-tests--heights)) 23))
      (should (equal (list (window-total-height mini) (window-top-line mini)) '(1 24)))
      (should-not (window-resize mini -2))
      (should (= (window-total-height mini) 1)))))

(ert-deftest winr-scrolling ()
  (winr-tests--fresh
    (switch-to-buffer (winr-tests--lines-buffer "winr-a" 30))
    (should (equal (list (window-start) (window-end)) '(1 121)))
    ;; Batch Emacs first starts the window half its height above point.
    (should-not (scroll-up 1))
    (should (equal (list (point) (window-start)) '(5 5)))
    (goto-char 1)
    (scroll-up 7)
    (should (equal (list (point) (window-start)) '(29 29)))
    (goto-char 1)
    (scroll-up)
    (should (equal (list (point) (window-start)) '(81 81)))
    (goto-char 81)
    (scroll-up 3)
    (should (equal (list (point) (window-start)) '(81 49)))
    (goto-char 81)
    (scroll-down 3)
    (should (equal (list (point) (window-start)) '(81 25)))
    (goto-char 121)
    (scroll-down)
    (should (equal (list (point) (window-start)) '(85 1)))
    (goto-char 121)
    (scroll-down 30)
    (should (equal (list (point) (window-start)) '(85 1)))
    (goto-char 121)
    (scroll-up -2)
    (should (equal (list (point) (window-start)) '(121 69)))
    (goto-char 21)
    (should (equal (should-error (scroll-down 3)) '(beginning-of-buffer)))
    (goto-char 121)
    (should (equal (should-error (scroll-up 11)) '(end-of-buffer)))
    (should-not (scroll-up-command 1))
    (should-not (scroll-down-command 1))
    (with-temp-buffer
      (switch-to-buffer (current-buffer))
      (should (equal (should-error (scroll-up 1)) '(end-of-buffer)))
      (should (equal (should-error (scroll-down 1)) '(beginning-of-buffer))))))

(ert-deftest winr-recenter-and-move-to-window-line ()
  (winr-tests--fresh
    (switch-to-buffer (winr-tests--lines-buffer "winr-a" 30))
    (goto-char 100)
    (should-not (recenter))
    (should (= (window-start) 53))
    (recenter 0)
    (should (= (window-start) 97))
    (recenter 3)
    (should (= (window-start) 85))
    (recenter -1)
    (should (= (window-start) 13))
    (recenter 50)
    (should (= (window-start) 13))
    (recenter -50)
    (should (= (window-start) 97))
    (recenter '(4))
    (should (= (window-start) 53))
    (set-window-start nil 61)
    (should (= (move-to-window-line 0) 0))
    (should (= (point) 61))
    (should (= (move-to-window-line 2) 2))
    (should (= (point) 69))
    (should (= (move-to-window-line nil) 10))
    (should (= (move-to-window-line -1) 15))
    (should (= (point) 121))
    (should (= (move-to-window-line 50) 15))
    (should (equal (set-window-start nil (copy-marker 41)) (copy-marker 41)))
    (should (= (window-start) 41))
    (should (= (set-window-start nil 99999) 99999))
    (should (= (window-start) 121))
    (should (equal (should-error (set-window-start nil 'a))
                   '(wrong-type-argument integer-or-marker-p a)))
    ;; The selected window scrolls in its own buffer.
    (goto-char 100)
    (should (equal (with-temp-buffer (insert "abc") (scroll-up 2) (list (point) (window-start)))
                   '(4 61)))
    (should (= (point) 100))
    (should (equal (should-error (with-temp-buffer (move-to-window-line 2)))
                   '(error "move-to-window-line called from unrelated buffer")))
    (should (eq (car (should-error (with-temp-buffer (recenter 2)))) 'error))
    ;; The accessible portion's start is the buffer's.
    (narrow-to-region 41 81)
    (goto-char 61)
    (should (equal (should-error (scroll-down 1)) '(beginning-of-buffer)))
    (goto-char 41)
    (scroll-up 2)
    (should (equal (list (point) (window-start)) '(49 49)))
    (widen)))

(ert-deftest winr-sideways-scrolling ()
  (winr-tests--fresh
    (should (= (window-hscroll) 0))
    (should (= (scroll-left 1) 1))
    (should (= (window-hscroll) 1))
    (should (= (set-window-hscroll nil 3) 3))
    (should (= (scroll-right 1) 2))
    (should (= (scroll-right 10) 0))
    (should (= (scroll-left) 78))
    (should (= (set-window-hscroll nil -3) 0))
    (should (equal (should-error (set-window-hscroll nil 'a))
                   '(wrong-type-argument fixnump a)))
    (set-window-hscroll nil 5)
    ;; Window configurations put it back...
    (should (= (save-window-excursion (set-window-hscroll nil 9) (split-window)
                                      (window-hscroll))
               9))
    (should (= (window-hscroll) 5))
    (let ((c (current-window-configuration)))
      (set-window-hscroll nil 7)
      (set-window-configuration c))
    (should (= (window-hscroll) 5))
    ;; ... a new window does not inherit it...
    (should (= (window-hscroll (split-window)) 0))
    ;; ... and another buffer shown starts unscrolled.
    (switch-to-buffer (get-buffer-create "winr-a"))
    (should (= (window-hscroll) 0))))

(ert-deftest winr-the-only-frame ()
  (let ((f (selected-frame)))
    (should (equal (should-error (make-frame)) '(error "Unknown terminal type")))
    (should (equal (frame-list) (list f)))
    (should (equal (visible-frame-list) (list f)))
    (should (eq (next-frame) f))
    (should (eq (previous-frame f) f))
    (should (eq (select-frame f) f))
    (should (equal (should-error (delete-frame))
                   '(error "Attempt to delete the sole visible or iconified frame")))
    (should (equal (should-error (delete-frame f t))
                   '(error "Attempt to delete the only frame")))
    (should (equal (should-error (select-frame 'a)) '(wrong-type-argument frame-live-p a)))
    (should (equal (should-error (delete-frame 'a)) '(wrong-type-argument framep a)))
    (should (equal (should-error (next-frame 'a)) '(wrong-type-argument frame-live-p a)))
    (should (frame-live-p f))))

(ert-deftest winr-fit-window-to-buffer-long-lines-and-rows ()
  (winr-tests--fresh
    (let ((w2 (split-window)))
      (with-current-buffer (get-buffer-create "winr-a")
        (insert (make-string 200 ?a) "\nb\n"))
      (set-window-buffer w2 "winr-a")
      ;; 79 characters a screen line, then the mode line.
      (fit-window-to-buffer w2)
      (should (equal (winr-tests--heights) '(18 5)))
      (with-current-buffer "winr-a"
        (erase-buffer)
        (dotimes (_ 10) (insert "abc\n"))
        (narrow-to-region 1 9))
      (fit-window-to-buffer w2)
      (should (equal (winr-tests--heights) '(19 4)))
      (with-current-buffer "winr-a" (widen))
      (should-not (shrink-window-if-larger-than-buffer w2))
      (should (equal (winr-tests--heights) '(19 4)))
      (should (eq (window-combined-p w2) (frame-first-window)))
      (should-not (window-combined-p w2 t))
      ;; A window in a row is not fitted.
      (let ((w3 (split-window nil nil t)))
        (should (eq (window-combined-p w3 t) (frame-first-window)))
        (should-not (window-combined-p w3))
        (should-not (fit-window-to-buffer w3))
        (should (equal (winr-tests--heights) '(19 19 4)))
        ;; Without the minimum sizes, two lines: text and mode line.
        (should (eq (window-resize w2 -2 nil t) t))
        (should (equal (winr-tests--heights) '(21 21 2)))
        (should (equal (should-error (window-resize w2 -1 nil t))
                       (list 'error (format "Cannot resize window %s" w2))))
        (select-window w2)
        (should (eq (enlarge-window 1) t))
        (should (equal (winr-tests--heights) '(20 20 3)))))))

(ert-deftest winr-scroll-other-window ()
  (winr-tests--fresh
    (should (equal (should-error (scroll-other-window 1))
                   '(error "There is no other window")))
    (let ((w2 (split-window)))
      (with-current-buffer (get-buffer-create "winr-a")
        (dotimes (_ 100) (insert "line\n")))
      (set-window-buffer w2 "winr-a")
      (should (eq (other-window-for-scrolling) w2))
      (should-not (scroll-other-window 1))
      (should (equal (list (window-start w2) (window-point w2)) '(481 501)))
      (should (equal (should-error (scroll-other-window)) '(end-of-buffer)))
      (should-not (scroll-other-window-down 2))
      (should (equal (list (window-start w2) (window-point w2)) '(466 501)))
      (should (eq (window-buffer) (get-buffer "*scratch*"))))))

(defun winr-tests--layout ()
  "Each ordinary window's buffer name, height, top, width, left, side,
slot and dedication."
  (mapcar (lambda (w)
            (list (buffer-name (window-buffer w)) (window-total-height w) (window-top-line w)
                  (window-total-width w) (window-left-column w)
                  (window-parameter w 'window-side) (window-parameter w 'window-slot)
                  (window-dedicated-p w)))
          (window-list nil 'nomini (frame-first-window))))

(ert-deftest winr-side-windows ()
  (winr-tests--fresh
    (let ((main (selected-window)) (a (get-buffer-create "winr-a"))
          (b (get-buffer-create "winr-b")) sw)
      (setq sw (display-buffer-in-side-window a '((side . bottom))))
      ;; A quarter of the frame's lines.
      (should (equal (winr-tests--layout)
                     '(("*scratch*" 18 1 80 0 nil nil nil)
                       ("winr-a" 5 19 80 0 bottom 0 side))))
      (should (eq (selected-window) main))
      (should (equal (window-parameters sw)
                     (list (list 'quit-restore 'window 'window main a)
                           '(window-slot . 0) '(window-side . bottom))))
      (should-not (window-prev-buffers sw))
      (should (eq (window-main-window) main))
      (should (eq (window-with-parameter 'window-side) sw))
      (should (eq (window-with-parameter 'window-side 'bottom) sw))
      (should-not (window-with-parameter 'window-side 'top))
      ;; The same slot is reused, dedicated as it is.
      (should (eq (display-buffer-in-side-window b '((side . bottom))) sw))
      (should (eq (window-buffer sw) b))
      (should (eq (window-dedicated-p sw) 'side))
      ;; Other slots share the side evenly, in order of slot.
      (display-buffer-in-side-window a '((side . bottom) (slot . -1)))
      (display-buffer-in-side-window a '((side . bottom) (slot . 2)))
      (should (equal (winr-tests--layout)
                     '(("*scratch*" 18 1 80 0 nil nil nil)
                       ("winr-a" 5 19 27 0 bottom -1 side)
                       ("winr-b" 5 19 27 27 bottom 0 side)
                       ("winr-a" 5 19 26 54 bottom 2 side))))
      (should (equal (should-error (split-window sw))
                     '(error "Cannot split side window or parent of side window")))
      (should (equal (should-error (delete-window main))
                     (list 'error (format "Attempt to delete main window of frame %s"
                                          (selected-frame)))))
      (should (equal (should-error (delete-other-windows sw))
                     '(error "Cannot make side window the only window")))
      (should (equal (should-error (display-buffer-in-side-window a '((side . foo))))
                     '(error "Invalid side foo specified")))
      (delete-other-windows)
      (should (equal (winr-tests--layout) '(("*scratch*" 23 1 80 0 nil nil nil))))
      ;; Left and right ones go beside the main window, top and bottom
      ;; ones across the frame; sizes as counts or fractions.
      (display-buffer-in-side-window a '((side . left) (window-width . 0.5)))
      (display-buffer-in-side-window b '((side . top) (window-height . 3)))
      (should (equal (winr-tests--layout)
                     '(("winr-b" 3 1 80 0 top 0 side)
                       ("winr-a" 20 4 40 0 left 0 side)
                       ("*scratch*" 20 4 40 40 nil nil nil))))
      (should (eq (window-main-window) main))
      (delete-window (window-with-parameter 'window-side 'top))
      (should (equal (winr-tests--layout)
                     '(("winr-a" 23 1 40 0 left 0 side)
                       ("*scratch*" 23 1 40 40 nil nil nil))))
      (select-window main)
      (split-window)
      (should (equal (mapcar #'cadr (winr-tests--layout)) '(23 12 11)))
      (quit-window nil (window-with-parameter 'window-side 'left))
      (should (equal (winr-tests--layout)
                     '(("*scratch*" 12 1 80 0 nil nil nil)
                       ("*scratch*" 11 13 80 0 nil nil nil)))))))

(ert-deftest winr-toggle-side-windows ()
  (winr-tests--fresh
    (let ((a (get-buffer-create "winr-a")) (b (get-buffer-create "winr-b")))
      (display-buffer-in-side-window a '((side . bottom)))
      (display-buffer-in-side-window b '((side . left)))
      (let ((shown (winr-tests--layout)))
        (should (equal shown '(("winr-b" 18 1 20 0 left 0 side)
                               ("*scratch*" 18 1 60 20 nil nil nil)
                               ("winr-a" 5 19 80 0 bottom 0 side))))
        (should-not (window-toggle-side-windows))
        (should (equal (winr-tests--layout) '(("*scratch*" 23 1 80 0 nil nil nil))))
        (should-not (window-toggle-side-windows))
        (should (equal (winr-tests--layout) shown))
        ;; What was hidden last comes back after the side windows went.
        (delete-other-windows)
        (should-not (window-toggle-side-windows))
        (should (equal (winr-tests--layout) shown))
        (window-toggle-side-windows)))))

;;; ---- Normal sizes, window states and atomic windows -------------
;;
;; The expected values were printed by `emacs -Q -batch' running the
;; same forms.

(defalias 'winr-tests--normals #'window-history-layout)

(defun winr-tests--shape (&optional tree)
  "`window-tree' with buffer names for the live windows."
  (let ((tree (or tree (car (window-tree)))))
    (if (windowp tree)
        (if (window-live-p tree) (buffer-name (window-buffer tree)) 'dead)
      (append (list (car tree) (cadr tree)) (mapcar #'winr-tests--shape (cddr tree))))))

(defun winr-tests--atoms ()
  "The `window-atom' parameters of the ordinary windows."
  (mapcar (lambda (w) (window-parameter w 'window-atom))
          (window-list nil 'nomini (frame-first-window))))

(defun winr-tests--history (seed steps)
  "The layout after STEPS steps from SEED."
  (window-history-run seed steps)
  (winr-tests--normals))

(ert-deftest winr-normal-sizes-split-resize-delete ()
  "Splitting halves normal sizes, resizing moves them between neighbors, deleting gives them to the sibling."
  (winr-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window)) (c (split-window b nil 'right)) out)
        (push (list (window-normal-size a) (window-normal-size b) (window-normal-size b t)
                    (window-normal-size (window-parent c)) (window-normal-size (frame-root-window) t))
              out)
        (window-resize a 3)
        (push (list (window-normal-size a) (window-normal-size (window-parent c)) (winr-tests--normals)) out)
        (delete-window a)
        (push (list (window-normal-size b) (window-normal-size b t) (winr-tests--normals)) out)
        (nreverse out))
      '((0.5 1.0 0.5 0.5 1.0)
        (0.6304347826086957
         0.3695652173913043
         (((0 1 80 16) 0.6304347826086957 1.0)
          ((0 16 40 24) 1.0 0.5)
          ((40 16 80 24) 1.0 0.5)))
        (1.0 0.5 (((0 1 40 24) 1.0 0.5) ((40 1 80 24) 1.0 0.5))))))))

(ert-deftest winr-normal-sizes-nested-delete ()
  "Deleting a window whose sibling combination joins its grandparent's renormalizes the joined windows."
  (winr-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window nil nil 'right)) (c (split-window b)) (d (split-window c nil 'right)))
        (window-resize d 5 t)
        (delete-window b)
        (list (winr-tests--shape) (winr-tests--normals)))
      '((nil (0 1 80 24) "*scratch*" "*scratch*" "*scratch*")
        (((0 1 40 24) 1.0 0.5)
         ((40 1 55 24) 1.0 0.1875)
         ((55 1 80 24) 1.0 0.3125)))))))

(ert-deftest winr-normal-sizes-resize-through-ancestors ()
  "A window too tall for its siblings to feed grows from the combination above, by normal sizes."
  (winr-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window a 1)) (c (split-window b nil 'right)) (d (split-window b)))
        (window-resize d 2)
        (list (winr-tests--normals) (window-max-delta a) (window-max-delta d)))
      '((((0 1 80 5) 0.17391304347826084 1.0)
         ((0 5 40 13) 0.39473684210526316 1.0)
         ((0 13 40 24) 0.6052631578947368 1.0)
         ((40 5 80 24) 1.0 0.5))
        11
        4)))))

(ert-deftest winr-split-sanitizes-small-windows ()
  "Splitting without a size grows a window below `window-min-height' back to it."
  (winr-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window a 1)))
        (split-window b)
        (winr-tests--normals))
      '(((0 1 80 5) 0.17391304347826084 1.0)
        ((0 5 80 13) 0.34782608695652173 1.0)
        ((0 13 80 24) 0.4782608695652174 1.0))))))

(ert-deftest winr-balance-sets-normal-sizes ()
  "Balancing shares each combination evenly and sets normal sizes to the shares."
  (winr-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window a 3)) (c (split-window b 4)) (d (split-window c nil 'left)))
        (balance-windows)
        (winr-tests--normals))
      '(((0 1 80 9) 0.34782608695652173 1.0)
        ((0 9 80 17) 0.34782608695652173 1.0)
        ((0 17 40 24) 1.0 0.5)
        ((40 17 80 24) 1.0 0.5))))))

(ert-deftest winr-random-histories ()
  "Split, resize, delete and balance in a fixed pseudo-random order: the
layout and normal sizes batch Emacs ends with, a line for each seed."
  (winr-tests--fresh
    (should
     (equal
      (mapcar (lambda (seed) (winr-tests--fresh (winr-tests--history seed 25))) '(3 6 11 29 47))
      '((((0 1 40 3) 0.20000000000000007 1.0) ((0 3 40 9) 0.6 1.0) ((0 9 40 11) 0.2 1.0) ((40 1 80 11) 1.0 0.5) ((0 11 80 16) 0.21739130434782608 1.0) ((0 16 40 20) 1.0 0.5) ((40 16 80 20) 1.0 0.5) ((0 20 80 24) 0.17391304347826086 1.0))
        (((0 1 40 3) 0.08695652173913043 1.0) ((0 3 40 7) 0.1739130434782609 1.0) ((0 7 40 12) 0.21739130434782608 1.0) ((0 12 20 24) 1.0 0.5) ((20 12 40 16) 0.3333333333333333 1.0) ((20 16 30 20) 1.0 0.5) ((30 16 40 20) 1.0 0.5) ((20 20 40 24) 0.3333333333333333 1.0) ((40 1 80 13) 0.5217391304347826 1.0) ((40 13 60 24) 1.0 0.5) ((60 13 80 24) 1.0 0.5))
        (((0 1 40 6) 0.5 1.0) ((0 6 40 11) 0.5 1.0) ((40 1 80 5) 0.33333333333333326 1.0) ((40 5 80 11) 0.6666666666666667 1.0) ((0 11 80 16) 0.22438981716385267 1.0) ((0 16 80 20) 0.1653398652786283 1.0) ((0 20 80 24) 0.16149068322981364 1.0))
        (((0 1 20 9) 1.0 0.25) ((20 1 40 9) 1.0 0.25) ((40 1 50 5) 0.5 1.0) ((40 5 50 9) 0.5 1.0) ((50 1 80 9) 1.0 0.375) ((0 9 80 19) 0.43478260869565216 1.0) ((0 19 80 24) 0.2173913043478261 1.0))
        (((0 1 16 7) 1.0 0.2) ((16 1 32 7) 1.0 0.2) ((32 1 48 7) 1.0 0.2) ((48 1 64 7) 1.0 0.2) ((64 1 80 7) 1.0 0.2) ((0 7 80 14) 0.30434782608695654 1.0) ((0 14 80 19) 0.21739130434782608 1.0) ((0 19 80 24) 0.21739130434782608 1.0)))))))

(ert-deftest winr-configuration-keeps-normal-sizes ()
  "Putting back a configuration puts back normal sizes; the root's lost line goes by them."
  (winr-tests--fresh
    (should
     (equal
      (let ((a (selected-window)))
        (delete-other-windows)
        (split-window) (split-window nil nil 'right) (window-resize nil 2)
        (let ((config (current-window-configuration)) (before (winr-tests--normals)))
          (delete-other-windows) (split-window nil 5)
          (set-window-configuration config)
          (list before (winr-tests--normals))))
      '((((0 1 40 15) 1.0 0.5)
         ((40 1 80 15) 1.0 0.5)
         ((0 15 80 24) 0.41304347826086957 1.0))
        (((0 1 40 15) 1.0 0.5)
         ((40 1 80 15) 1.0 0.5)
         ((0 15 80 24) 0.41304347826086957 1.0)))))))

(ert-deftest winr-one-line-window-has-no-mode-line ()
  "A window of one line is all text."
  (winr-tests--fresh
    (should
     (equal
      (let ((b (split-window nil 1)))
        (list (window-body-height) (window-edges nil t) (window-body-height b)))
      '(1 (0 1 80 2) 21)))))

(ert-deftest winr-pixel-and-body-edges ()
  "Pixel and text edges count lines from below the menu bar."
  (winr-tests--fresh
    (should
     (equal
      (progn (split-window nil nil 'right) (split-window)
             (mapcar (lambda (w) (list (window-edges w) (window-pixel-edges w) (window-inside-edges w)
                                       (window-body-edges w) (window-edges w t) (window-absolute-pixel-edges w)
                                       (window-inside-pixel-edges w)))
                     (cons (minibuffer-window) (window-list))))
      '(((0 24 80 25)
         (0 24 80 25)
         (0 24 80 25)
         (0 24 80 25)
         (0 24 80 25)
         (0 24 80 25)
         (0 24 80 25))
        ((0 1 40 13)
         (0 1 40 13)
         (0 1 39 12)
         (0 1 39 12)
         (0 1 39 12)
         (0 1 40 13)
         (0 1 39 12))
        ((0 13 40 24)
         (0 13 40 24)
         (0 13 39 23)
         (0 13 39 23)
         (0 13 39 23)
         (0 13 40 24)
         (0 13 39 23))
        ((40 1 80 24)
         (40 1 80 24)
         (40 1 80 23)
         (40 1 80 23)
         (40 1 80 23)
         (40 1 80 24)
         (40 1 80 23)))))))

(ert-deftest winr-window-tree-shape ()
  "`window-tree' gives directions, edges and children."
  (winr-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window a nil 'right)))
        (split-window b)
        (list (winr-tests--shape) (equal (window-tree) (window-tree (selected-frame)))
              (eq (cadr (window-tree)) (minibuffer-window))
              (equal (cddr (nth 3 (car (window-tree)))) (list b (next-window b)))))
      '((nil (0 1 80 24) "*scratch*" (t (40 1 80 24) "*scratch*" "*scratch*"))
        t
        t
        t)))))

(ert-deftest winr-combination-limit ()
  "With `window-combination-limit' t a split always makes a new combination, whose limit is t."
  (winr-tests--fresh
    (should
     (equal
      (let ((window-combination-limit t))
        (split-window nil nil 'right)
        (split-window nil nil 'right)
        (list (winr-tests--shape) (window-combination-limit (window-parent))
              (window-combination-limit (frame-root-window))
              (condition-case err (window-combination-limit (selected-window)) (error err))))
      '((nil
         (0 1 80 24)
         (nil (0 1 40 24) "*scratch*" "*scratch*")
         "*scratch*")
        t
        t
        (error "Combination limit is meaningful for internal windows only"))))))

(ert-deftest winr-state-get-writable ()
  "A writable state names buffers, gives positions as numbers and keeps sizes and normal sizes."
  (winr-tests--fresh
    ;; Earlier tests' buffers would be in the state.
    (set-window-prev-buffers nil nil)
    (should
     (equal
      (progn
        (split-window) (split-window nil nil 'right) (window-resize nil 2)
        (let ((w (next-window)))
          (with-current-buffer (get-buffer-create "winr-x") (insert "hello\nworld"))
          (set-window-buffer w "winr-x")
          (set-window-point w 4)
          (set-window-dedicated-p w t)
          (let ((state (window-state-get nil t)) (own (window-state-get (selected-window) t)))
            ;; The selected window's own state is its leaf in the frame's.
            (list state (mapcar #'cdr (car own)) (equal (cdr own) (nth 8 (nth 9 state)))))))
      '((((min-height . 8)
          (min-width . 20)
          (min-height-ignore . 4)
          (min-width-ignore . 4)
          (min-height-safe . 2)
          (min-width-safe . 4)
          (min-pixel-height . 8)
          (min-pixel-width . 20)
          (min-pixel-height-ignore . 4)
          (min-pixel-width-ignore . 4)
          (min-pixel-height-safe . 2)
          (min-pixel-width-safe . 4))
         vc
         (pixel-width . 80)
         (pixel-height . 23)
         (total-width . 80)
         (total-height . 23)
         (normal-height . 1.0)
         (normal-width . 1.0)
         (combination-limit)
         (hc
          (pixel-width . 80)
          (pixel-height . 14)
          (total-width . 80)
          (total-height . 14)
          (normal-height . 0.5869565217391304)
          (normal-width . 1.0)
          (combination-limit)
          (leaf
           (pixel-width . 40)
           (pixel-height . 14)
           (total-width . 40)
           (total-height . 14)
           (normal-height . 1.0)
           (normal-width . 0.5)
           (buffer
            "*scratch*"
            (selected . t)
            (hscroll . 0)
            (fringes 0 0 nil nil)
            (margins nil)
            (scroll-bars nil 0 t nil 0 t nil)
            (vscroll . 0)
            (dedicated)
            (point . 1)
            (start . 1)))
          (leaf
           (last . t)
           (pixel-width . 40)
           (pixel-height . 14)
           (total-width . 40)
           (total-height . 14)
           (normal-height . 1.0)
           (normal-width . 0.5)
           (buffer
            "winr-x"
            (selected)
            (hscroll . 0)
            (fringes 0 0 nil nil)
            (margins nil)
            (scroll-bars nil 0 t nil 0 t nil)
            (vscroll . 0)
            (dedicated . t)
            (point . 4)
            (start . 1))
           (prev-buffers ("*scratch*" 1 1))))
         (leaf
          (last . t)
          (pixel-width . 80)
          (pixel-height . 9)
          (total-width . 80)
          (total-height . 9)
          (normal-height . 0.41304347826086957)
          (normal-width . 1.0)
          (buffer
           "*scratch*"
           (selected)
           (hscroll . 0)
           (fringes 0 0 nil nil)
           (margins nil)
           (scroll-bars nil 0 t nil 0 t nil)
           (vscroll . 0)
           (dedicated)
           (point . 1)
           (start . 1))))
        (4 10 2 2 1 2 4 10 2 2 1 2)
        t)))))

(ert-deftest winr-state-get-live ()
  "A state that is not writable keeps buffers, markers and the clone-of parameter."
  (winr-tests--fresh
    (should
     (equal
      (progn
        (split-window)
        (let ((state (window-state-get)))
          (list (mapcar (lambda (x) (if (consp x) (car x) x)) (cdr state))
                (mapcar #'cdr (car state))
                (equal (cdr (assq 'parameters (cdr state))) (list (cons 'clone-of (frame-root-window))))
                (let ((leaf (nth 11 state)))
                  (list (car leaf) (bufferp (cadr (assq 'buffer leaf)))
                        (markerp (cdr (assq 'point (cdr (assq 'buffer leaf))))))))))
      '((vc
         pixel-width
         pixel-height
         total-width
         total-height
         normal-height
         normal-width
         combination-limit
         parameters
         leaf
         leaf)
        (8 10 4 2 2 2 8 10 4 2 2 2)
        t
        (leaf t t))))))

(ert-deftest winr-state-round-trip ()
  "Putting a writable state back makes the same splits, sizes, buffers and points."
  (winr-tests--fresh
    (should
     (equal
      (progn
        (split-window) (split-window nil nil 'right) (window-resize nil 2)
        (with-current-buffer (get-buffer-create "winr-x") (insert "hello\nworld"))
        (set-window-buffer (next-window) "winr-x")
        (set-window-point (next-window) 4)
        (let ((state (read (prin1-to-string (window-state-get nil t)))))
          (delete-other-windows)
          (window-state-put state)
          (list (winr-tests--shape) (winr-tests--normals)
                (mapcar (lambda (w) (list (buffer-name (window-buffer w)) (window-point w)))
                        (window-list nil 'nomini (frame-first-window)))
                (equal (cddr state) (cddr (window-state-get nil t))))))
      '((t (0 1 80 24) (nil (0 1 80 15) "*scratch*" "winr-x") "*scratch*")
        (((0 1 40 15) 1.0 0.5)
         ((40 1 80 15) 1.0 0.5)
         ((0 15 80 24) 0.391304347826087 1.0))
        (("*scratch*" 1) ("winr-x" 4) ("*scratch*" 1))
        nil)))))

(ert-deftest winr-state-put-into-window ()
  "Putting a state into a smaller live window splits it by normal sizes."
  (winr-tests--fresh
    (should
     (equal
      (progn
        (split-window) (split-window nil nil 'right)
        (let ((state (window-state-get nil t)))
          (delete-other-windows)
          (let ((w (split-window nil nil 'right)))
            (window-state-put state w)
            (list (winr-tests--shape) (winr-tests--normals)
                  (condition-case err (window-state-put state (split-window nil 2)) (error err))))))
      '((nil
         (0 1 80 24)
         "*scratch*"
         (t
          (40 1 80 24)
          (nil (40 1 80 13) "*scratch*" "*scratch*")
          "*scratch*"))
        (((0 1 40 24) 1.0 0.5)
         ((40 1 60 13) 1.0 0.5)
         ((60 1 80 13) 1.0 0.5)
         ((40 13 80 24) 0.4782608695652174 1.0))
        nil)))))

(ert-deftest winr-state-put-safe ()
  "IGNORE `safe' puts a state into a window too small for it otherwise."
  (winr-tests--fresh
    (should
     (equal
      (progn
        (split-window) (split-window)
        (let ((state (window-state-get nil t)))
          (delete-other-windows)
          (let ((w (split-window nil -10)))
            (list (mapcar #'cdr (car state))
                  (condition-case err (window-state-put state w) (error (car err)))
                  (progn (window-state-put state w 'safe) (winr-tests--shape))))))
      '((12 10 6 2 3 2 12 10 6 2 3 2)
        error
        (t (0 1 80 24) "*scratch*" "*scratch*" "*scratch*" "*scratch*"))))))

(ert-deftest winr-state-put-missing-buffer ()
  "A window whose buffer is gone shows another buffer; a dead root state errors."
  (winr-tests--fresh
    (should
     (equal
      (progn
        (split-window)
        (with-current-buffer (get-buffer-create "winr-gone") (insert "x"))
        (set-window-buffer (next-window) "winr-gone")
        (let ((state (window-state-get nil t)))
          (kill-buffer "winr-gone")
          (delete-other-windows)
          (window-state-put state)
          (list (winr-tests--shape)
                (condition-case err (window-state-get (let ((w (split-window))) (delete-window w) w))
                  (error (car err))))))
      '("*scratch*" error)))))

(ert-deftest winr-atom-display-buffer ()
  "`display-buffer-in-atom-window' makes an atomic window of the two."
  (winr-tests--fresh
    (should
     (equal
      (progn
        (split-window) (delete-other-windows)
        (with-current-buffer (get-buffer-create "winr-a") (insert "aaa"))
        (let ((new (display-buffer (get-buffer "winr-a") '(display-buffer-in-atom-window (side . right)))))
          (list (eq new (next-window)) (winr-tests--shape) (winr-tests--atoms)
                (eq (window-atom-root new) (frame-root-window))
                (eq (window-atom-root (window-parent new)) (frame-root-window))
                (equal (window-parameter new 'quit-restore)
                       (list 'window 'window (selected-window) (get-buffer "winr-a")))
                (window-prev-buffers new)
                (window-combination-limit (window-parent new)))))
      '(t (nil (0 1 80 24) "*scratch*" "winr-a") (main right) t t t nil t)))))

(ert-deftest winr-atom-delete-and-split ()
  "Deleting or splitting a part of an atomic window acts on the whole."
  (winr-tests--fresh
    (should
     (equal
      (progn
        (split-window) (delete-other-windows)
        (with-current-buffer (get-buffer-create "winr-a") (insert "aaa"))
        (let* ((new (display-buffer-in-atom-window (get-buffer "winr-a") '((side . right))))
               (out (list (condition-case err (delete-window new) (error err))
                          (condition-case err (delete-other-windows new) (error err)))))
          (split-window new)
          (push (winr-tests--shape) out)
          (push (winr-tests--atoms) out)
          (delete-window new)
          (push (winr-tests--shape) out)
          (push (winr-tests--atoms) out)
          (nreverse out)))
      '((error "Root of atomic window is root window of its frame")
        (error "Root of atomic window is root window of its frame")
        (t (0 1 80 24) (nil (0 1 80 13) "*scratch*" "winr-a") "*scratch*")
        (main right nil)
        "*scratch*"
        (nil))))))

(ert-deftest winr-atom-make-and-check ()
  "`window-make-atom' marks a subtree; an atom left with one window stops being one."
  (winr-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window)) (c (split-window b nil 'right)))
        (list (eq (window-make-atom (window-parent c)) (window-parent c))
              (condition-case err (window-make-atom c) (error (car err)))
              (eq (window-atom-root c) (window-parent c)) (window-atom-root a)
              (winr-tests--atoms)
              (progn (let ((ignore-window-parameters t)) (delete-window c))
                     (winr-tests--atoms))
              (progn (split-window b) (winr-tests--shape))))
      '(t
        error
        t
        nil
        (nil t t)
        (nil nil)
        (t (0 1 80 24) "*scratch*" "*scratch*" "*scratch*"))))))

(ert-deftest winr-split-cannot-squeeze-children ()
  "Splitting a combination into less room than its children need fails
and leaves the windows as they were."
  (winr-tests--fresh
    (split-window)
    (should (equal (should-error (split-window (frame-root-window) 6))
                   '(error "Resizing old window failed")))
    (should (equal (winr-tests--heights) '(12 11)))
    (should (window-live-p (split-window (frame-root-window) 8)))
    (should (equal (winr-tests--heights) '(4 4 15)))))

(ert-deftest winr-state-and-atom-bad-arguments ()
  "Bad windows, frames and buffers give Emacs's errors."
  (winr-tests--fresh
    (should (equal (should-error (window-tree 3)) '(error "3 is not a live frame")))
    (should (equal (should-error (window-pixel-edges 3)) '(error "3 is not a valid window")))
    (should (equal (should-error (window-normal-size 3)) '(wrong-type-argument window-valid-p 3)))
    (should (equal (should-error (window-state-get 3))
                   '(error "3 is not a live or internal window")))
    (should (equal (should-error (window-make-atom (selected-window)))
                   (list 'error (format "Window %s is not an internal window" (selected-window)))))
    (should-not (display-buffer-in-atom-window 3 nil))
    ;; The window was split all the same, the two an atomic window.
    (should (equal (winr-tests--atoms) '(main below)))))

;;; window-resize-tests.el ends here
