;;; window-state-tests.el --- normal sizes, window states, atomic windows  -*- lexical-binding: t -*-

;; Batch Emacs 28's answers.  Each test starts from one window of 23
;; lines on *scratch* (a window configuration put back, so the menu bar
;; takes line 0 and the pixel edges match the edges); the expected
;; values were printed by `emacs -Q -batch' running the same forms.

(require 'ert)

(defmacro wins-tests--fresh (&rest body)
  "Run BODY with one window of 23 lines on *scratch*, the buffers named
\"wins-...\" killed and the windows put back afterwards."
  (declare (indent 0))
  `(progn
     (let ((ignore-window-parameters t)) (delete-other-windows))
     (switch-to-buffer "*scratch*")
     (set-window-configuration (current-window-configuration))
     (unwind-protect (progn ,@body)
       (dolist (b (buffer-list))
         (when (string-prefix-p "wins-" (buffer-name b))
           (kill-buffer b)))
       (let ((ignore-window-parameters t)) (delete-other-windows))
       (set-window-parameter nil 'window-atom nil)
       (switch-to-buffer "*scratch*"))))

(defun wins-tests--layout ()
  "The edges and normal sizes of the ordinary windows, first to last."
  (mapcar (lambda (w) (list (window-edges w) (window-normal-size w) (window-normal-size w t)))
          (window-list nil 'nomini (frame-first-window))))

(defun wins-tests--shape (&optional tree)
  "`window-tree' with buffer names for the live windows."
  (let ((tree (or tree (car (window-tree)))))
    (if (windowp tree)
        (if (window-live-p tree) (buffer-name (window-buffer tree)) 'dead)
      (append (list (car tree) (cadr tree)) (mapcar #'wins-tests--shape (cddr tree))))))

(defun wins-tests--atoms ()
  "The `window-atom' parameters of the ordinary windows."
  (mapcar (lambda (w) (window-parameter w 'window-atom))
          (window-list nil 'nomini (frame-first-window))))

;; A pseudo-random history of splits, resizes, deletions and balancing,
;; the same in any Lisp (no `random').

(defvar wins-tests--seed 1)

(defun wins-tests--rand (n)
  "The next pseudo-random number below N."
  (setq wins-tests--seed (% (+ (* wins-tests--seed 1103515245) 12345) 2147483648))
  (% (/ wins-tests--seed 65536) n))

(defun wins-tests--step ()
  "Split, resize, delete or balance some window, errors ignored."
  (let* ((ws (window-list nil 'nomini (frame-first-window)))
         (w (nth (wins-tests--rand (length ws)) ws)))
    (ignore-errors
      (pcase (wins-tests--rand 6)
        ((or 0 1) (split-window w nil (nth (wins-tests--rand 4) '(below right above left))))
        (2 (window-resize w (- (wins-tests--rand 7) 3) (= 0 (wins-tests--rand 2))))
        (3 (delete-window w))
        (4 (let ((s (- (wins-tests--rand 9) 4))) (split-window w (if (= s 0) nil s))))
        (5 (if (= 0 (wins-tests--rand 3)) (balance-windows)
             (window-resize w (- (wins-tests--rand 5) 2))))))))

(defun wins-tests--history (seed steps)
  "The layout after STEPS steps from SEED."
  (setq wins-tests--seed seed)
  (dotimes (_ steps) (wins-tests--step))
  (wins-tests--layout))

(ert-deftest window-state-tests-normal-sizes-split-resize-delete ()
  "Splitting halves normal sizes, resizing moves them between neighbors, deleting gives them to the sibling."
  (wins-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window)) (c (split-window b nil 'right)) out)
        (push (list (window-normal-size a) (window-normal-size b) (window-normal-size b t)
                    (window-normal-size (window-parent c)) (window-normal-size (frame-root-window) t))
              out)
        (window-resize a 3)
        (push (list (window-normal-size a) (window-normal-size (window-parent c)) (wins-tests--layout)) out)
        (delete-window a)
        (push (list (window-normal-size b) (window-normal-size b t) (wins-tests--layout)) out)
        (nreverse out))
      '((0.5 1.0 0.5 0.5 1.0)
        (0.6304347826086957
         0.3695652173913043
         (((0 1 80 16) 0.6304347826086957 1.0)
          ((0 16 40 24) 1.0 0.5)
          ((40 16 80 24) 1.0 0.5)))
        (1.0 0.5 (((0 1 40 24) 1.0 0.5) ((40 1 80 24) 1.0 0.5))))))))

(ert-deftest window-state-tests-normal-sizes-nested-delete ()
  "Deleting a window whose sibling combination joins its grandparent's renormalizes the joined windows."
  (wins-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window nil nil 'right)) (c (split-window b)) (d (split-window c nil 'right)))
        (window-resize d 5 t)
        (delete-window b)
        (list (wins-tests--shape) (wins-tests--layout)))
      '((nil (0 1 80 24) "*scratch*" "*scratch*" "*scratch*")
        (((0 1 40 24) 1.0 0.5)
         ((40 1 55 24) 1.0 0.1875)
         ((55 1 80 24) 1.0 0.3125)))))))

(ert-deftest window-state-tests-normal-sizes-resize-through-ancestors ()
  "A window too tall for its siblings to feed grows from the combination above, by normal sizes."
  (wins-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window a 1)) (c (split-window b nil 'right)) (d (split-window b)))
        (window-resize d 2)
        (list (wins-tests--layout) (window-max-delta a) (window-max-delta d)))
      '((((0 1 80 5) 0.17391304347826084 1.0)
         ((0 5 40 13) 0.39473684210526316 1.0)
         ((0 13 40 24) 0.6052631578947368 1.0)
         ((40 5 80 24) 1.0 0.5))
        11
        4)))))

(ert-deftest window-state-tests-split-sanitizes-small-windows ()
  "Splitting without a size grows a window below `window-min-height' back to it."
  (wins-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window a 1)))
        (split-window b)
        (wins-tests--layout))
      '(((0 1 80 5) 0.17391304347826084 1.0)
        ((0 5 80 13) 0.34782608695652173 1.0)
        ((0 13 80 24) 0.4782608695652174 1.0))))))

(ert-deftest window-state-tests-balance-sets-normal-sizes ()
  "Balancing shares each combination evenly and sets normal sizes to the shares."
  (wins-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window a 3)) (c (split-window b 4)) (d (split-window c nil 'left)))
        (balance-windows)
        (wins-tests--layout))
      '(((0 1 80 9) 0.34782608695652173 1.0)
        ((0 9 80 17) 0.34782608695652173 1.0)
        ((0 17 40 24) 1.0 0.5)
        ((40 17 80 24) 1.0 0.5))))))

(ert-deftest window-state-tests-random-histories ()
  "Split, resize, delete and balance in a fixed pseudo-random order: the layout and normal sizes batch Emacs ends with."
  (wins-tests--fresh
    (should
     (equal
      (mapcar (lambda (seed) (wins-tests--fresh (wins-tests--history seed 25))) '(3 6 11 29 47))
      '((((0 1 40 3) 0.20000000000000007 1.0)
         ((0 3 40 9) 0.6 1.0)
         ((0 9 40 11) 0.2 1.0)
         ((40 1 80 11) 1.0 0.5)
         ((0 11 80 16) 0.21739130434782608 1.0)
         ((0 16 40 20) 1.0 0.5)
         ((40 16 80 20) 1.0 0.5)
         ((0 20 80 24) 0.17391304347826086 1.0))
        (((0 1 40 3) 0.08695652173913043 1.0)
         ((0 3 40 7) 0.1739130434782609 1.0)
         ((0 7 40 12) 0.21739130434782608 1.0)
         ((0 12 20 24) 1.0 0.5)
         ((20 12 40 16) 0.3333333333333333 1.0)
         ((20 16 30 20) 1.0 0.5)
         ((30 16 40 20) 1.0 0.5)
         ((20 20 40 24) 0.3333333333333333 1.0)
         ((40 1 80 13) 0.5217391304347826 1.0)
         ((40 13 60 24) 1.0 0.5)
         ((60 13 80 24) 1.0 0.5))
        (((0 1 40 6) 0.5 1.0)
         ((0 6 40 11) 0.5 1.0)
         ((40 1 80 5) 0.33333333333333326 1.0)
         ((40 5 80 11) 0.6666666666666667 1.0)
         ((0 11 80 16) 0.22438981716385267 1.0)
         ((0 16 80 20) 0.1653398652786283 1.0)
         ((0 20 80 24) 0.16149068322981364 1.0))
        (((0 1 20 9) 1.0 0.25)
         ((20 1 40 9) 1.0 0.25)
         ((40 1 50 5) 0.5 1.0)
         ((40 5 50 9) 0.5 1.0)
         ((50 1 80 9) 1.0 0.375)
         ((0 9 80 19) 0.43478260869565216 1.0)
         ((0 19 80 24) 0.2173913043478261 1.0))
        (((0 1 16 7) 1.0 0.2)
         ((16 1 32 7) 1.0 0.2)
         ((32 1 48 7) 1.0 0.2)
         ((48 1 64 7) 1.0 0.2)
         ((64 1 80 7) 1.0 0.2)
         ((0 7 80 14) 0.30434782608695654 1.0)
         ((0 14 80 19) 0.21739130434782608 1.0)
         ((0 19 80 24) 0.21739130434782608 1.0)))))))

(ert-deftest window-state-tests-configuration-keeps-normal-sizes ()
  "Putting back a configuration puts back normal sizes; the root's lost line goes by them."
  (wins-tests--fresh
    (should
     (equal
      (let ((a (selected-window)))
        (delete-other-windows)
        (split-window) (split-window nil nil 'right) (window-resize nil 2)
        (let ((config (current-window-configuration)) (before (wins-tests--layout)))
          (delete-other-windows) (split-window nil 5)
          (set-window-configuration config)
          (list before (wins-tests--layout))))
      '((((0 1 40 15) 1.0 0.5)
         ((40 1 80 15) 1.0 0.5)
         ((0 15 80 24) 0.41304347826086957 1.0))
        (((0 1 40 15) 1.0 0.5)
         ((40 1 80 15) 1.0 0.5)
         ((0 15 80 24) 0.41304347826086957 1.0)))))))

(ert-deftest window-state-tests-one-line-window-has-no-mode-line ()
  "A window of one line is all text."
  (wins-tests--fresh
    (should
     (equal
      (let ((b (split-window nil 1)))
        (list (window-body-height) (window-edges nil t) (window-body-height b)))
      '(1 (0 1 80 2) 21)))))

(ert-deftest window-state-tests-pixel-and-body-edges ()
  "Pixel and text edges count lines from below the menu bar."
  (wins-tests--fresh
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

(ert-deftest window-state-tests-window-tree-shape ()
  "`window-tree' gives directions, edges and children."
  (wins-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window a nil 'right)))
        (split-window b)
        (list (wins-tests--shape) (equal (window-tree) (window-tree (selected-frame)))
              (eq (cadr (window-tree)) (minibuffer-window))
              (equal (cddr (nth 3 (car (window-tree)))) (list b (next-window b)))))
      '((nil (0 1 80 24) "*scratch*" (t (40 1 80 24) "*scratch*" "*scratch*"))
        t
        t
        t)))))

(ert-deftest window-state-tests-combination-limit ()
  "With `window-combination-limit' t a split always makes a new combination, whose limit is t."
  (wins-tests--fresh
    (should
     (equal
      (let ((window-combination-limit t))
        (split-window nil nil 'right)
        (split-window nil nil 'right)
        (list (wins-tests--shape) (window-combination-limit (window-parent))
              (window-combination-limit (frame-root-window))
              (condition-case err (window-combination-limit (selected-window)) (error err))))
      '((nil
         (0 1 80 24)
         (nil (0 1 40 24) "*scratch*" "*scratch*")
         "*scratch*")
        t
        t
        (error "Combination limit is meaningful for internal windows only"))))))

(ert-deftest window-state-tests-state-get-writable ()
  "A writable state names buffers, gives positions as numbers and keeps sizes and normal sizes."
  (wins-tests--fresh
    (should
     (equal
      (progn
        (split-window) (split-window nil nil 'right) (window-resize nil 2)
        (let ((w (next-window)))
          (with-current-buffer (get-buffer-create "wins-x") (insert "hello\nworld"))
          (set-window-buffer w "wins-x")
          (set-window-point w 4)
          (set-window-dedicated-p w t)
          (list (window-state-get nil t) (window-state-get (selected-window) t))))
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
            "wins-x"
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
        (((min-height . 4)
          (min-width . 10)
          (min-height-ignore . 2)
          (min-width-ignore . 2)
          (min-height-safe . 1)
          (min-width-safe . 2)
          (min-pixel-height . 4)
          (min-pixel-width . 10)
          (min-pixel-height-ignore . 2)
          (min-pixel-width-ignore . 2)
          (min-pixel-height-safe . 1)
          (min-pixel-width-safe . 2))
         leaf
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
          (start . 1))))))))

(ert-deftest window-state-tests-state-get-live ()
  "A state that is not writable keeps buffers, markers and the clone-of parameter."
  (wins-tests--fresh
    (should
     (equal
      (progn
        (split-window)
        (let ((state (window-state-get)))
          (list (mapcar (lambda (x) (if (consp x) (car x) x)) (cdr state))
                (car state)
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
        ((min-height . 8)
         (min-width . 10)
         (min-height-ignore . 4)
         (min-width-ignore . 2)
         (min-height-safe . 2)
         (min-width-safe . 2)
         (min-pixel-height . 8)
         (min-pixel-width . 10)
         (min-pixel-height-ignore . 4)
         (min-pixel-width-ignore . 2)
         (min-pixel-height-safe . 2)
         (min-pixel-width-safe . 2))
        t
        (leaf t t))))))

(ert-deftest window-state-tests-state-round-trip ()
  "Putting a writable state back makes the same splits, sizes, buffers and points."
  (wins-tests--fresh
    (should
     (equal
      (progn
        (split-window) (split-window nil nil 'right) (window-resize nil 2)
        (with-current-buffer (get-buffer-create "wins-x") (insert "hello\nworld"))
        (set-window-buffer (next-window) "wins-x")
        (set-window-point (next-window) 4)
        (let ((state (read (prin1-to-string (window-state-get nil t)))))
          (delete-other-windows)
          (window-state-put state)
          (list (wins-tests--shape) (wins-tests--layout)
                (mapcar (lambda (w) (list (buffer-name (window-buffer w)) (window-point w)))
                        (window-list nil 'nomini (frame-first-window)))
                (equal (cddr state) (cddr (window-state-get nil t))))))
      '((t (0 1 80 24) (nil (0 1 80 15) "*scratch*" "wins-x") "*scratch*")
        (((0 1 40 15) 1.0 0.5)
         ((40 1 80 15) 1.0 0.5)
         ((0 15 80 24) 0.391304347826087 1.0))
        (("*scratch*" 1) ("wins-x" 4) ("*scratch*" 1))
        nil)))))

(ert-deftest window-state-tests-state-put-into-window ()
  "Putting a state into a smaller live window splits it by normal sizes."
  (wins-tests--fresh
    (should
     (equal
      (progn
        (split-window) (split-window nil nil 'right)
        (let ((state (window-state-get nil t)))
          (delete-other-windows)
          (let ((w (split-window nil nil 'right)))
            (window-state-put state w)
            (list (wins-tests--shape) (wins-tests--layout)
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

(ert-deftest window-state-tests-state-put-safe ()
  "IGNORE `safe' puts a state into a window too small for it otherwise."
  (wins-tests--fresh
    (should
     (equal
      (progn
        (split-window) (split-window)
        (let ((state (window-state-get nil t)))
          (delete-other-windows)
          (let ((w (split-window nil -10)))
            (list (car state)
                  (condition-case err (window-state-put state w) (error (car err)))
                  (progn (window-state-put state w 'safe) (wins-tests--shape))))))
      '(((min-height . 12)
         (min-width . 10)
         (min-height-ignore . 6)
         (min-width-ignore . 2)
         (min-height-safe . 3)
         (min-width-safe . 2)
         (min-pixel-height . 12)
         (min-pixel-width . 10)
         (min-pixel-height-ignore . 6)
         (min-pixel-width-ignore . 2)
         (min-pixel-height-safe . 3)
         (min-pixel-width-safe . 2))
        error
        (t (0 1 80 24) "*scratch*" "*scratch*" "*scratch*" "*scratch*"))))))

(ert-deftest window-state-tests-state-put-missing-buffer ()
  "A window whose buffer is gone shows another buffer; a dead root state errors."
  (wins-tests--fresh
    (should
     (equal
      (progn
        (split-window)
        (with-current-buffer (get-buffer-create "wins-gone") (insert "x"))
        (set-window-buffer (next-window) "wins-gone")
        (let ((state (window-state-get nil t)))
          (kill-buffer "wins-gone")
          (delete-other-windows)
          (window-state-put state)
          (list (wins-tests--shape)
                (condition-case err (window-state-get (let ((w (split-window))) (delete-window w) w))
                  (error (car err))))))
      '("*scratch*" error)))))

(ert-deftest window-state-tests-atom-display-buffer ()
  "`display-buffer-in-atom-window' makes an atomic window of the two."
  (wins-tests--fresh
    (should
     (equal
      (progn
        (split-window) (delete-other-windows)
        (with-current-buffer (get-buffer-create "wins-a") (insert "aaa"))
        (let ((new (display-buffer (get-buffer "wins-a") '(display-buffer-in-atom-window (side . right)))))
          (list (eq new (next-window)) (wins-tests--shape) (wins-tests--atoms)
                (eq (window-atom-root new) (frame-root-window))
                (eq (window-atom-root (window-parent new)) (frame-root-window))
                (equal (window-parameter new 'quit-restore)
                       (list 'window 'window (selected-window) (get-buffer "wins-a")))
                (window-prev-buffers new)
                (window-combination-limit (window-parent new)))))
      '(t (nil (0 1 80 24) "*scratch*" "wins-a") (main right) t t t nil t)))))

(ert-deftest window-state-tests-atom-delete-and-split ()
  "Deleting or splitting a part of an atomic window acts on the whole."
  (wins-tests--fresh
    (should
     (equal
      (progn
        (split-window) (delete-other-windows)
        (with-current-buffer (get-buffer-create "wins-a") (insert "aaa"))
        (let* ((new (display-buffer-in-atom-window (get-buffer "wins-a") '((side . right))))
               (out (list (condition-case err (delete-window new) (error err))
                          (condition-case err (delete-other-windows new) (error err)))))
          (split-window new)
          (push (wins-tests--shape) out)
          (push (wins-tests--atoms) out)
          (delete-window new)
          (push (wins-tests--shape) out)
          (push (wins-tests--atoms) out)
          (nreverse out)))
      '((error "Root of atomic window is root window of its frame")
        (error "Root of atomic window is root window of its frame")
        (t (0 1 80 24) (nil (0 1 80 13) "*scratch*" "wins-a") "*scratch*")
        (main right nil)
        "*scratch*"
        (nil))))))

(ert-deftest window-state-tests-atom-make-and-check ()
  "`window-make-atom' marks a subtree; an atom left with one window stops being one."
  (wins-tests--fresh
    (should
     (equal
      (let* ((a (selected-window)) (b (split-window)) (c (split-window b nil 'right)))
        (list (eq (window-make-atom (window-parent c)) (window-parent c))
              (condition-case err (window-make-atom c) (error (car err)))
              (eq (window-atom-root c) (window-parent c)) (window-atom-root a)
              (wins-tests--atoms)
              (progn (let ((ignore-window-parameters t)) (delete-window c))
                     (wins-tests--atoms))
              (progn (split-window b) (wins-tests--shape))))
      '(t
        error
        t
        nil
        (nil t t)
        (nil nil)
        (t (0 1 80 24) "*scratch*" "*scratch*" "*scratch*"))))))

;;; window-state-tests.el ends here
