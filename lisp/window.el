;;; window.el --- windows and the frame, as batch Emacs 28 has them  -*- lexical-binding: t -*-

;; Batch Emacs has one terminal frame, F1, of 80 columns and 25 lines,
;; with a root window of 24 lines on *scratch* and a minibuffer window
;; below it.  Its windows can be split, deleted, selected and given
;; buffers as on a terminal; nothing is ever drawn.  window.c makes the
;; objects (vector-likes of Lisp slots) and the frame; this file does
;; the rest through `marrow--window-slot', with window.h's indices.
;; Autoloaded (subr.el): a run that never looks at a window reads none
;; of it.
;;
;; A window's point is a marker, which moves with insertions and
;; deletions; as in Emacs, the selected window's point is its buffer's
;; point, and the marker is brought up to date when another window is
;; selected.  Internal windows (the parents made by splitting) have
;; children and no buffer.
;;
;; Not done: lines wrapped by the window's width,
;; `window-sides-reversed', tabs (a `quit-restore' parameter of `tab'),
;; the `window-parameters' and `dedicated' entries of display actions.

(defmacro window--slot (object name)
  "The slot NAME of window or frame OBJECT (window.h's index)."
  `(marrow--window-slot ,object ,(window--index name)))

(defmacro window--set (object name value)
  "Store VALUE in the slot NAME of window or frame OBJECT."
  `(marrow--set-window-slot ,object ,(window--index name) ,value))

(eval-and-compile
  (defun window--index (name)
    "window.h's index of slot NAME."
    (or (cdr (assq name '((frame . 0) (buffer . 1) (parent . 2) (children . 3)
                          (horizontal . 4) (pointm . 5) (startm . 6) (number . 7)
                          (lines . 8) (cols . 9) (top . 10) (left . 11)
                          (dedicated . 12) (parameters . 13) (prev-buffers . 14)
                          (next-buffers . 15) (mini . 16) (valid . 17) (use-time . 18)
                          ;; The frame's.
                          (f-name . 0) (f-root . 1) (f-mini . 2) (f-selected . 3)
                          (f-parameters . 4) (f-use-count . 6))))
        (error "No window slot %s" name))))

;;; ---- Macros, before their first use ----------------------------

(defmacro save-selected-window (&rest body)
  "Run BODY, then select the window selected before (if still live) and
make the buffer current before current again."
  (declare (indent 0) (debug t))
  (let ((window (make-symbol "window")))
    `(let ((,window (selected-window)))
       (save-current-buffer
         (unwind-protect (progn ,@body)
           (when (window-live-p ,window)
             (select-window ,window 'norecord)))))))

(defmacro with-selected-window (window &rest body)
  "Run BODY with WINDOW selected and its buffer current, neither recorded;
then put back the selected window and the current buffer."
  (declare (indent 1) (debug t))
  (let ((new (make-symbol "new")))
    `(let ((,new (window--valid ,window)))
       (save-selected-window
         (select-window ,new 'norecord)
         ,@body))))

;;; ---- Checking arguments ------------------------------------------

(defun window-live-p (object)
  "Whether OBJECT is a window showing a buffer."
  (and (windowp object) (window--slot object valid) (window--slot object buffer) t))

(defun window-valid-p (object)
  "Whether OBJECT is a window not deleted, live or internal."
  (and (windowp object) (window--slot object valid) t))

(defun frame-live-p (object)
  "t if OBJECT is the frame (a terminal frame), else nil."
  (and (framep object) t))

(defun window--checked (window predicate)
  "WINDOW, the selected window if nil, which PREDICATE must accept."
  (let ((w (or window (selected-window))))
    (unless (funcall predicate w)
      (signal 'wrong-type-argument (list predicate w)))
    w))

(defun window--live (window)
  "WINDOW, the selected window if nil, checked to be live."
  (window--checked window #'window-live-p))

(defun window--valid (window)
  "WINDOW, the selected window if nil, checked to be valid."
  (window--checked window #'window-valid-p))

(defun window--any (window)
  "WINDOW, the selected window if nil, checked to be a window."
  (window--checked window #'windowp))

(defun window--frame (frame)
  "FRAME, the selected frame if nil, checked to be a frame."
  (cond ((null frame) (selected-frame))
        ((framep frame) frame)
        (t (signal 'wrong-type-argument (list 'framep frame)))))

(defun window-normalize-window (window &optional live-only)
  "WINDOW, the selected window if nil, which must be valid (live if
LIVE-ONLY)."
  (cond ((null window) (selected-window))
        ((if live-only (window-live-p window) (window-valid-p window)) window)
        (t (error (if live-only "%s is not a live window" "%s is not a valid window")
                  window))))

(defun window-normalize-frame (frame)
  "FRAME, the selected frame if nil, which must be live."
  (cond ((null frame) (selected-frame))
        ((frame-live-p frame) frame)
        (t (error "%s is not a live frame" frame))))

(defun window-normalize-buffer (buffer-or-name)
  "The live buffer BUFFER-OR-NAME names, the current buffer if nil."
  (unless (or (null buffer-or-name) (bufferp buffer-or-name) (stringp buffer-or-name))
    (error "No such buffer %s" buffer-or-name))
  (let ((buffer (if buffer-or-name (get-buffer buffer-or-name) (current-buffer))))
    ;; A name of no buffer, or a killed buffer.
    (unless (buffer-live-p buffer)
      (error "No such live buffer %s" buffer-or-name))
    buffer))

;;; ---- The frame -----------------------------------------------------

(defun selected-window ()
  "The selected window."
  (window--slot (selected-frame) f-selected))

(defun minibuffer-window (&optional frame)
  "FRAME's minibuffer window."
  (window--slot (window--frame frame) f-mini))

(defun frame-root-window (&optional frame-or-window)
  "The root window of FRAME-OR-WINDOW's frame."
  (if (windowp frame-or-window) (window--valid frame-or-window)
    (window--frame frame-or-window))
  (window--slot (selected-frame) f-root))

(defun frame-selected-window (&optional frame-or-window)
  "The selected window of FRAME-OR-WINDOW's frame."
  (frame-root-window frame-or-window)
  (selected-window))

(defun frame-first-window (&optional frame-or-window)
  "The live window at the top left of FRAME-OR-WINDOW's frame."
  (car (window--leaves (frame-root-window frame-or-window))))

(defun window-frame (&optional window)
  "The frame of WINDOW."
  (window--slot (window--valid window) frame))

(defun frame-parameters (&optional frame)
  "A copy of FRAME's parameters alist."
  (copy-alist (window--slot (window--frame frame) f-parameters)))

(defun frame-parameter (frame parameter)
  "The value of FRAME's PARAMETER."
  (cdr (assq parameter (window--slot (window--frame frame) f-parameters))))

(defun modify-frame-parameters (frame alist)
  "Give FRAME the parameters of ALIST, which is (PARAMETER . VALUE) pairs."
  (let ((frame (window--frame frame)))
    (dolist (pair alist)
      (let* ((params (window--slot frame f-parameters))
             (old (assq (car pair) params)))
        (if old (setcdr old (cdr pair))
          (window--set frame f-parameters (append params (list (cons (car pair) (cdr pair))))))))))

(defun set-frame-parameter (frame parameter value)
  "Give FRAME's PARAMETER VALUE."
  (modify-frame-parameters frame (list (cons parameter value))))

(defun frame-width (&optional frame)
  "The columns of FRAME's text area."
  (frame-parameter (window--frame frame) 'width))
(defalias 'frame-text-cols #'frame-width)
(defalias 'frame-total-cols #'frame-width)

(defun frame-height (&optional frame)
  "The lines of FRAME's text area."
  (frame-parameter (window--frame frame) 'height))
(defalias 'frame-text-lines #'frame-height)
(defalias 'frame-total-lines #'frame-height)

(defun frame-visible-p (frame)
  "t: the terminal frame counts as visible."
  (window--frame frame)
  t)

(defun frame-char-width (&optional frame)
  "1: a terminal's characters are one column wide."
  (window--frame frame)
  1)

(defun frame-char-height (&optional frame)
  "1: a terminal's lines are one line high."
  (window--frame frame)
  1)

(defun window-system (&optional frame)
  "nil: the frame is a terminal's."
  (window--frame frame)
  nil)

(defun display-graphic-p (&optional _display)
  "nil: nothing here can show images."
  nil)

(defun window--frame-list-entry (name)
  "The entry of the frame's buffer list parameter NAME, `buffer-list' or
`buried-buffer-list'."
  (assq name (window--slot (selected-frame) f-parameters)))

(defun window--record-in-frame (buffer)
  "Put BUFFER first in the frame's `buffer-list' parameter, out of its
`buried-buffer-list'."
  (let ((entry (window--frame-list-entry 'buffer-list))
        (buried (window--frame-list-entry 'buried-buffer-list)))
    (when entry
      (setcdr entry (cons buffer (delq buffer (cdr entry)))))
    (when buried
      (setcdr buried (delq buffer (cdr buried))))))

(defun window--bury (buffer)
  "Put BUFFER last in the buffer list and, as Emacs's
`bury-buffer-internal' does, first in the frame's `buried-buffer-list'
parameter, out of its `buffer-list'; return nil."
  (bury-buffer-internal buffer)
  (let ((entry (window--frame-list-entry 'buffer-list))
        (buried (window--frame-list-entry 'buried-buffer-list)))
    (when entry
      (setcdr entry (delq buffer (cdr entry))))
    (when buried
      (setcdr buried (cons buffer (delq buffer (cdr buried)))))
    nil))

(defun window--frame-buffer-list ()
  "The live buffers in the order Emacs's (buffer-list FRAME) has them:
the frame's `buffer-list' parameter, the others, then its
`buried-buffer-list' parameter, the last buried last."
  (let ((front (seq-filter #'buffer-live-p (cdr (window--frame-list-entry 'buffer-list))))
        (back (reverse (seq-filter #'buffer-live-p
                                   (cdr (window--frame-list-entry 'buried-buffer-list))))))
    (append front
            (seq-remove (lambda (b) (or (memq b front) (memq b back))) (buffer-list))
            back)))

;;; ---- The window tree -------------------------------------------

(defun window-buffer (&optional window)
  "The buffer WINDOW shows; nil for an internal or deleted window."
  (and (window--slot (window--any window) valid)
       (window--slot (or window (selected-window)) buffer)))

(defun window-parent (&optional window)
  "WINDOW's parent window, nil for the root."
  (window--slot (window--valid window) parent))

(defun window-child (window)
  "The first child of internal WINDOW."
  (car (window--slot (window--valid window) children)))

(defun window-top-child (&optional window)
  "The first child of WINDOW if its children are stacked vertically."
  (let ((w (window--valid window)))
    (and (not (window--slot w horizontal)) (window-child w))))

(defun window-left-child (&optional window)
  "The first child of WINDOW if its children are side by side."
  (let ((w (window--valid window)))
    (and (window--slot w horizontal) (window-child w))))

(defun window--siblings (window)
  "The children of WINDOW's parent, WINDOW among them."
  (let ((parent (window--slot window parent)))
    (and parent (window--slot parent children))))

(defun window-next-sibling (&optional window)
  "The window after WINDOW in its parent's combination."
  (let ((w (window--valid window)))
    (cadr (memq w (window--siblings w)))))
(defalias 'window-right #'window-next-sibling)

(defun window-prev-sibling (&optional window)
  "The window before WINDOW in its parent's combination."
  (let* ((w (window--valid window)) (siblings (window--siblings w)))
    (and siblings (not (eq w (car siblings)))
         (let ((l siblings))
           (while (not (eq (cadr l) w)) (setq l (cdr l)))
           (car l)))))
(defalias 'window-left #'window-prev-sibling)

(defun window--leaves (window)
  "The live windows in the tree under WINDOW, top left first."
  (if (window--slot window buffer) (list window)
    (mapcan #'window--leaves (window--slot window children))))

(defun window--all (window)
  "WINDOW and every window under it."
  (cons window (mapcan #'window--all (window--slot window children))))

(defun window--cycle (minibuf)
  "The windows of the frame in cyclic order; the minibuffer window last
if MINIBUF is t (it is never active)."
  (append (window--leaves (frame-root-window))
          (and (eq minibuf t) (list (minibuffer-window)))))

(defun window--from (window windows)
  "WINDOWS rotated to start at WINDOW, if it is there."
  (let ((tail (memq window windows)))
    (if tail (append tail (butlast windows (length tail))) windows)))

(defun window-list (&optional frame minibuf window)
  "The live windows of FRAME, from WINDOW (the selected one) on, in
cyclic order; the minibuffer window too if MINIBUF is t."
  (when (and frame (not (framep frame)))
    (error "Window is on a different frame"))
  (window--from (if window (window--live window) (selected-window))
                (window--cycle (or minibuf (and (window-minibuffer-p window) t)))))

(defun window-list-1 (&optional window minibuf _all-frames)
  "The live windows from WINDOW (the selected one) on, in cyclic order."
  (window--from (or window (selected-window)) (window--cycle minibuf)))

(defun window--step (window minibuf count)
  "The window COUNT steps from WINDOW in cyclic order."
  (let* ((window (window--live window))
         (cycle (window--cycle (or minibuf (and (window-minibuffer-p window) t))))
         (pos (or (seq-position cycle window) -1)))
    (nth (mod (+ pos count) (length cycle)) cycle)))

(defun next-window (&optional window minibuf _all-frames)
  "The live window after WINDOW in cyclic order."
  (window--step window minibuf 1))

(defun previous-window (&optional window minibuf _all-frames)
  "The live window before WINDOW in cyclic order."
  (window--step window minibuf -1))

(defun window--skip-no-other (count)
  "The window COUNT steps on in cyclic order, windows whose
`no-other-window' parameter is non-nil not counted; nil if only those
are left (met again with COUNT unchanged)."
  (let ((window (selected-window)) (step (if (> count 0) 1 -1)) first first-count)
    (catch 'none
      (while (/= count 0)
        (setq window (window--step window nil step))
        (cond ((eq window first)
               (when (= count first-count) (throw 'none nil)))
              ((window-parameter window 'no-other-window)
               (unless first (setq first window first-count count)))
              (t (setq count (- count step)))))
      window)))

(defun other-window (count &optional all-frames _interactive)
  "Select the window COUNT windows on in cyclic order (back if negative),
skipping those whose `no-other-window' parameter is non-nil.  Unless
`ignore-window-parameters', the selected window's `other-window'
parameter, a function, is called with COUNT and ALL-FRAMES instead."
  (interactive "p\ni\np")
  (let ((function (and (not ignore-window-parameters)
                       (window-parameter nil 'other-window))))
    (if (functionp function)
        (funcall function count all-frames)
      (let ((window (window--skip-no-other count)))
        (when window (select-window window)))
      nil)))

(defun one-window-p (&optional _nomini _all-frames)
  "Whether the frame has one ordinary window."
  (null (cdr (window--leaves (frame-root-window)))))

(defun walk-windows (fun &optional minibuf _all-frames)
  "Call FUN on each live window, from the selected one on."
  (save-selected-window
    (dolist (w (window-list-1 nil minibuf))
      (funcall fun w))))

(defun get-buffer-window (&optional buffer-or-name _all-frames)
  "A window showing BUFFER-OR-NAME (the current buffer), the selected
one if it does, else the first in cyclic order; nil if none."
  (let ((buffer (if buffer-or-name (get-buffer buffer-or-name) (current-buffer))))
    (and buffer
         (seq-find (lambda (w) (eq (window--slot w buffer) buffer))
                   (window-list-1 nil t)))))

(defun get-buffer-window-list (&optional buffer-or-name minibuf _all-frames)
  "The windows showing BUFFER-OR-NAME (the current buffer), from the
selected one on."
  (let ((buffer (window-normalize-buffer buffer-or-name)))
    (seq-filter (lambda (w) (eq (window--slot w buffer) buffer))
                (window-list-1 nil minibuf))))

(defun window-minibuffer-p (&optional window)
  "Whether WINDOW is the minibuffer window."
  (and (window--slot (window--any window) mini) t))

(defun minibuffer-selected-window ()
  "nil: the minibuffer is never active here."
  nil)

(defun active-minibuffer-window ()
  "nil: the minibuffer is never active here."
  nil)

(defun minibufferp (&optional buffer live)
  "Non-nil if BUFFER (the current one by default, or a buffer's name) is
a minibuffer: here the minibuffer window's buffer, never active, so
none is with LIVE."
  (let ((buffer (if (stringp buffer) (get-buffer buffer) (or buffer (current-buffer)))))
    (when buffer
      (unless (bufferp buffer) (signal 'wrong-type-argument (list 'bufferp buffer)))
      (and (not live) (eq buffer (window-buffer (minibuffer-window)))))))

(defun window-use-time (&optional window)
  "When WINDOW was last selected, a count."
  (window--slot (window--live window) use-time))

(defun window--candidates (dedicated not-selected no-other)
  "The ordinary windows from the selected one on that `get-lru-window'
and its kin may pick: not dedicated ones unless DEDICATED, not the
selected one if NOT-SELECTED, none whose `no-other-window' parameter
is non-nil if NO-OTHER."
  (seq-filter (lambda (w)
                (and (or dedicated (not (window-dedicated-p w)))
                     (not (and not-selected (eq w (selected-window))))
                     (not (and no-other (window-parameter w 'no-other-window)))))
              (window-list-1 nil 'nomini)))

(defun window--earliest-used (windows)
  "The first of WINDOWS least recently used, nil if none."
  (let (best)
    (dolist (w windows best)
      (when (or (null best) (< (window-use-time w) (window-use-time best)))
        (setq best w)))))

(defun get-lru-window (&optional _all-frames dedicated not-selected no-other)
  "The least recently used ordinary window, one as wide as the frame and
not selected if there is such."
  (let ((windows (window--candidates dedicated not-selected no-other)))
    (or (window--earliest-used
         (seq-filter (lambda (w) (and (not (eq w (selected-window))) (window-full-width-p w)))
                     windows))
        (window--earliest-used windows))))

(defun get-mru-window (&optional _all-frames dedicated not-selected no-other)
  "The most recently used ordinary window."
  (let (best)
    (dolist (w (window--candidates dedicated not-selected no-other) best)
      (when (or (null best) (> (window-use-time w) (window-use-time best)))
        (setq best w)))))

(defun get-largest-window (&optional _all-frames dedicated not-selected no-other)
  "The ordinary window with the most lines and columns, the first such
from the selected one on."
  (let (best (best-size 0))
    (dolist (w (window--candidates dedicated not-selected no-other) best)
      (let ((size (* (window--slot w lines) (window--slot w cols))))
        (when (> size best-size)
          (setq best w best-size size))))))

;;; ---- Properties of a window ----------------------------------------

(defun window-dedicated-p (&optional window)
  "Whether WINDOW is dedicated to its buffer (the flag given)."
  (window--slot (window--live window) dedicated))

(defun set-window-dedicated-p (window flag)
  "Make WINDOW dedicated to its buffer if FLAG is non-nil; return FLAG."
  (window--set (window--live window) dedicated flag))

(defun window-parameters (&optional window)
  "A copy of WINDOW's parameters alist."
  (copy-alist (window--slot (window--any window) parameters)))

(defun window-parameter (window parameter)
  "WINDOW's PARAMETER."
  (cdr (assq parameter (window--slot (window--any window) parameters))))

(defun set-window-parameter (window parameter value)
  "Give WINDOW's PARAMETER VALUE; return VALUE."
  (let* ((w (window--any window))
         (entry (assq parameter (window--slot w parameters))))
    (if entry (setcdr entry value)
      (window--set w parameters (cons (cons parameter value) (window--slot w parameters))))
    value))

(defun window-prev-buffers (&optional window)
  "The buffers WINDOW showed before, as (BUFFER START POINT), newest first."
  (window--slot (window--live window) prev-buffers))

(defun window-next-buffers (&optional window)
  "The buffers `switch-to-prev-buffer' left WINDOW."
  (window--slot (window--live window) next-buffers))

(defun set-window-prev-buffers (window prev-buffers)
  "Set WINDOW's previous buffers to PREV-BUFFERS."
  (window--set (window--live window) prev-buffers prev-buffers))

(defun set-window-next-buffers (window next-buffers)
  "Set WINDOW's next buffers to NEXT-BUFFERS."
  (window--set (window--live window) next-buffers next-buffers))

(defun window-point (&optional window)
  "WINDOW's point: its buffer's point if it is the selected window."
  (let ((w (window--live window)))
    (if (eq w (selected-window))
        (with-current-buffer (window--slot w buffer) (point))
      (marker-position (window--slot w pointm)))))

(defun set-window-point (window pos)
  "Put WINDOW's point at POS (its buffer's point if WINDOW is selected)."
  (let ((w (window--live window)))
    (with-current-buffer (window--slot w buffer)
      (if (eq w (selected-window))
          (goto-char pos)
        (set-marker (window--slot w pointm)
                    (max (point-min) (min (point-max) pos)))))
    pos))

(defun window-start (&optional window)
  "Where WINDOW's display starts."
  (marker-position (window--slot (window--live window) startm)))

(defun set-window-start (window pos &optional _noforce)
  "Make WINDOW's display start at POS; return POS."
  (let ((w (window--live window)))
    (unless (integer-or-marker-p pos)
      (signal 'wrong-type-argument (list 'integer-or-marker-p pos)))
    (with-current-buffer (window--slot w buffer)
      (set-marker (window--slot w startm) (max (point-min) (min (point-max) pos))))
    pos))

(defun window-end (&optional window _update)
  "Where WINDOW's display ends: never having been drawn, it shows its
buffer to the end, as batch Emacs says."
  (with-current-buffer (window--slot (window--live window) buffer)
    (1+ (buffer-size))))

(defun window-old-point (&optional window)
  "WINDOW's point when it was last redisplayed: never, so its point."
  (window-point window))

(defvar window--hscrolls (make-hash-table :test 'eq :weakness 'key)
  "The windows scrolled sideways, and by how many columns.")

(defun window-hscroll (&optional window)
  "The columns WINDOW is scrolled sideways by."
  (gethash (window--live window) window--hscrolls 0))

(defun set-window-hscroll (window ncol)
  "Scroll WINDOW sideways by NCOL columns (none if negative); return that."
  (setq window (window--live window))
  (unless (fixnump ncol)
    (signal 'wrong-type-argument (list 'fixnump ncol)))
  (puthash window (max 0 ncol) window--hscrolls))

(defun window-vscroll (&optional window _pixels-p)
  "0: nothing scrolls here."
  (window--live window)
  0)

(defun window-margins (&optional window)
  "(nil): no margins."
  (window--live window)
  (list nil))

(defun window-fringes (&optional window)
  "(0 0 nil nil): a terminal has no fringes."
  (window--live window)
  (list 0 0 nil nil))

(defun window-display-table (&optional window)
  "nil: no display tables."
  (window--live window)
  nil)

;;; ---- Sizes -----------------------------------------------------------

(defun window-total-height (&optional window _round)
  "WINDOW's lines, its mode line included."
  (window--slot (window--valid window) lines))

(defun window-total-width (&optional window _round)
  "WINDOW's columns, a divider on its right included."
  (window--slot (window--valid window) cols))

(defun window-total-size (&optional window horizontal round)
  "WINDOW's total width if HORIZONTAL, else its total height."
  (if horizontal (window-total-width window round) (window-total-height window round)))
(defalias 'window-height #'window-total-height)
(defalias 'window-pixel-height #'window-total-height)
(defalias 'window-pixel-width #'window-total-width)

(defun window-body-height (&optional window _pixelwise)
  "WINDOW's lines of text: all but the mode line, which the minibuffer
window and a window of one line have none of."
  (let* ((w (window--live window)) (lines (window--slot w lines)))
    (if (or (window--slot w mini) (<= lines 1)) lines (1- lines))))

(defun window-body-width (&optional window _pixelwise)
  "WINDOW's columns of text: all but the divider of a window with another
on its right."
  (let ((w (window--live window)))
    (if (< (+ (window--slot w left) (window--slot w cols)) (frame-width))
        (1- (window--slot w cols))
      (window--slot w cols))))
(defalias 'window-width #'window-body-width)
(defalias 'window-text-width #'window-body-width)
(defalias 'window-text-height #'window-body-height)

(defun window-body-size (&optional window horizontal pixelwise)
  "WINDOW's body width if HORIZONTAL, else its body height."
  (if horizontal (window-body-width window pixelwise) (window-body-height window pixelwise)))

(defun window-max-chars-per-line (&optional window _face)
  "The characters a line of WINDOW shows before continuing."
  (1- (window-body-width window)))

(defun window-left-column (&optional window)
  "WINDOW's first column on the frame."
  (window--slot (window--valid window) left))

(defun window-top-line (&optional window)
  "WINDOW's first line on the frame."
  (window--slot (window--valid window) top))

(defun window-edges (&optional window body _absolute pixelwise)
  "(LEFT TOP RIGHT BOTTOM) of WINDOW, of its text if BODY.  Its text's
edges and the PIXELWISE ones count lines from below the frame's menu
bar, as on a batch Emacs terminal."
  (let* ((w (window-normalize-window window))
         (left (window--slot w left))
         (top (if (or body pixelwise) (window--pixel-top w) (window--slot w top))))
    (list left top
          (+ left (if body (window-body-width w) (window--slot w cols)))
          (+ top (if body (window-body-height w) (window--slot w lines))))))

(defun window--pixel-top (window)
  "WINDOW's first line as its pixel edges count it: its place in the
tree below the root window's pixel top, whatever lines Emacs has not
yet moved (the minibuffer window's, its line)."
  (let ((parent (window--slot window parent)))
    (cond ((window--slot window mini) (window--slot window top))
          ((null parent) window--root-pixel-top)
          ((window--slot parent horizontal) (window--pixel-top parent))
          (t (let ((top (window--pixel-top parent))
                   (siblings (window--slot parent children)))
               ;; Below the siblings before it.
               (while (and siblings (not (eq (car siblings) window)))
                 (setq top (+ top (window--slot (car siblings) lines))
                       siblings (cdr siblings)))
               top)))))

(defun window-pixel-edges (&optional window)
  "WINDOW's edges, the lines counted from below the menu bar."
  (window-edges window nil nil t))
(defalias 'window-absolute-pixel-edges #'window-pixel-edges)

(defun window-body-edges (&optional window)
  "The edges of WINDOW's text."
  (window-edges window t))
(defalias 'window-inside-edges #'window-body-edges)
(defalias 'window-inside-pixel-edges #'window-body-edges)
(defalias 'window-body-pixel-edges #'window-body-edges)
(defalias 'window-inside-absolute-pixel-edges #'window-body-edges)
(defalias 'window-absolute-body-pixel-edges #'window-body-edges)

(defun window-full-height-p (&optional window)
  "Whether WINDOW is as tall as the root window."
  (= (window-total-height window) (window-total-height (frame-root-window))))

(defun window-full-width-p (&optional window)
  "Whether WINDOW is as wide as the root window."
  (= (window-total-width window) (window-total-width (frame-root-window))))

;;; ---- Selecting and showing buffers ---------------------------------

(defun window--save-point (window)
  "Bring live WINDOW's point marker up to its buffer's point."
  (let ((buffer (window--slot window buffer)))
    (set-marker (window--slot window pointm) (with-current-buffer buffer (point)) buffer)))

(defun window--record (window)
  "WINDOW is used now: give it the next use time and put its buffer
first in the buffer list."
  (let* ((frame (selected-frame))
         (time (1+ (window--slot frame f-use-count))))
    (window--set frame f-use-count time)
    (window--set window use-time time)
    (marrow--record-buffer (window--slot window buffer))
    (window--record-in-frame (window--slot window buffer))))

(defun select-window (window &optional norecord)
  "Make WINDOW the selected window and its buffer current, at its point;
unless NORECORD, mark it used and put its buffer first in the list."
  (let ((w (window--live window))
        (old (selected-window)))
    (unless (eq w old)
      (when (window-live-p old)
        (window--save-point old))
      (window--set (selected-frame) f-selected w))
    (set-buffer (window--slot w buffer))
    (unless (eq w old)
      (goto-char (window--slot w pointm)))
    (unless norecord
      (window--record w))
    w))

(defun set-frame-selected-window (frame window &optional norecord)
  "Select WINDOW on FRAME."
  (window--frame frame)
  (select-window window norecord))

(defun window--push-prev (window)
  "Record WINDOW's buffer, start and point at the front of its previous
buffers, as Emacs's `record-window-buffer'."
  (let ((buffer (window--slot window buffer)))
    (window--set window next-buffers nil)
    (unless (eq (aref (buffer-name buffer) 0) ?\s)
      (window--set window prev-buffers
                   (cons (with-current-buffer buffer
                           (list buffer (copy-marker (window-start window))
                                 (copy-marker (window-point window))))
                         (assq-delete-all buffer (window--slot window prev-buffers)))))))

(defun window--show (window buffer)
  "Show BUFFER in live WINDOW from its start, at its point, not scrolled
sideways."
  (window--set window buffer buffer)
  (remhash window window--hscrolls)
  (with-current-buffer buffer
    (if (markerp (window--slot window pointm))
        (progn (set-marker (window--slot window pointm) (point))
               (set-marker (window--slot window startm) (point-min)))
      (window--set window pointm (copy-marker (point)))
      (window--set window startm (copy-marker (point-min))))))

(defun set-window-buffer (window buffer-or-name &optional _keep-margins)
  "Show the buffer BUFFER-OR-NAME in WINDOW."
  (let ((w (window--live window))
        (buffer (get-buffer buffer-or-name)))
    (unless buffer
      (signal 'wrong-type-argument (list 'bufferp nil)))
    (unless (buffer-live-p buffer)
      (error "Attempt to display deleted buffer"))
    (unless (eq buffer (window--slot w buffer))
      ;; Only a window dedicated t refuses; `side' and the like let go.
      (when (eq (window--slot w dedicated) t)
        (error "Window is dedicated to `%s'" (buffer-name (window--slot w buffer))))
      (window--set w dedicated nil)
      (window--push-prev w))
    (window--show w buffer)
    nil))

(defun set-window-buffer-start-and-point (window buffer &optional start point)
  "Show BUFFER in WINDOW from START at POINT, a side window staying
dedicated as such; if WINDOW is selected and showed the current buffer,
BUFFER becomes current."
  (let* ((w (window-normalize-window window t))
         (current (and (eq w (selected-window)) (eq (window-buffer w) (current-buffer))))
         (side (eq (window-dedicated-p w) 'side)))
    (set-window-buffer w buffer)
    (when side (set-window-dedicated-p w 'side))
    (when current
      (set-buffer buffer))
    (when start (set-window-start w start))
    (when point (set-window-point w point))))

(defun unrecord-window-buffer (&optional window buffer)
  "Forget BUFFER (WINDOW's own) among WINDOW's previous and next buffers."
  (let* ((w (window-normalize-window window t))
         (buffer (or buffer (window-buffer w))))
    (window--set w prev-buffers (assq-delete-all buffer (window--slot w prev-buffers)))
    (window--set w next-buffers (delq buffer (window--slot w next-buffers)))))

(defun window--hidden-p (buffer)
  "Whether BUFFER's name starts with a space."
  (eq (aref (buffer-name buffer) 0) ?\s))

(defun window--prev-entry (window old next bury-or-kill)
  "The first entry of WINDOW's previous buffers that
`switch-to-prev-buffer' may show instead of OLD: a live buffer other
than OLD, not one of NEXT unless BURY-OR-KILL."
  (seq-find (lambda (e) (and (not (eq (car e) old)) (buffer-live-p (car e))
                             (or bury-or-kill (not (memq (car e) next)))))
            (window--slot window prev-buffers)))

(defvar-local window--sides-shown nil
  "Non-nil in a buffer shown in a side window: `switch-to-prev-buffer'
does not pick it for another window.")

(defun window--switch-candidate (window old next bury-or-kill)
  "A buffer of the buffer list (the last first unless BURY-OR-KILL) for
`switch-to-prev-buffer' to show in WINDOW instead of OLD: none in a
side window, and none hidden, shown in a side window, or one of NEXT
unless BURY-OR-KILL."
  (unless (window-parameter window 'window-side)
    (seq-find (lambda (b) (not (or (eq b old) (window--hidden-p b)
                                   (buffer-local-value 'window--sides-shown b)
                                   (and (not bury-or-kill) (memq b next)))))
              (if bury-or-kill (window--frame-buffer-list)
                (reverse (window--frame-buffer-list))))))

(defun window--forget-buffer (window buffer bury-or-kill next)
  "Take BUFFER, gone from WINDOW, out of WINDOW's next buffers (NEXT as
they were) and, if BURY-OR-KILL, its previous ones (last of them if
`append'); else put it first among the next ones."
  (if (not bury-or-kill)
      (window--set window next-buffers (cons buffer (delq buffer next)))
    (let ((entry (and (eq bury-or-kill 'append)
                      (assq buffer (window--slot window prev-buffers)))))
      (window--set window prev-buffers (assq-delete-all buffer (window--slot window prev-buffers)))
      (window--set window next-buffers (delq buffer next))
      (when entry
        (window--set window prev-buffers
                     (append (window--slot window prev-buffers) (list entry)))))))

(defun switch-to-prev-buffer (&optional window bury-or-kill)
  "Show in WINDOW the buffer it showed before, else one of the buffer
list (none in a side window), else one it showed after; with
BURY-OR-KILL, forget the one it shows now.  Return the buffer shown,
nil if none was found."
  (interactive)
  (let* ((w (window-normalize-window window t))
         (old (window-buffer w))
         (next (window--slot w next-buffers))
         (entry (window--prev-entry w old next bury-or-kill))
         (new (or (car entry) (window--switch-candidate w old next bury-or-kill))))
    (when (window-minibuffer-p w)
      (error "Window %s is a minibuffer window" w))
    (unless (memq (window-dedicated-p w) '(nil side))
      (error "Window %s is dedicated to buffer %s" w old))
    (unless (or new bury-or-kill)
      (setq entry (seq-find (lambda (b) (and (not (eq b old)) (buffer-live-p b)
                                             (assq b (window--slot w prev-buffers))))
                            (reverse next))
            entry (assq entry (window--slot w prev-buffers))
            new (car entry)))
    (when new
      (set-window-buffer-start-and-point w new (nth 1 entry) (nth 2 entry)))
    (window--forget-buffer w old bury-or-kill next)
    new))

(defun window-deletable-p (&optional window)
  "t if WINDOW can be deleted: it is neither the root window (the only
frame cannot go), the minibuffer window nor, unless
`ignore-window-parameters', the main window; a window of an atomic
window stands for the whole."
  (let ((w (window-normalize-window window)))
    (unless (or ignore-window-parameters (eq (window-parameter w 'delete-window) t))
      (when (window-parameter w 'window-atom)
        (setq w (window-atom-root w))))
    (and (not (eq w (frame-root-window)))
         (not (window-minibuffer-p w))
         (or ignore-window-parameters (not (eq w (window-main-window))))
         t)))

(defun window--delete-if-deletable (window &optional dedicated-only)
  "Delete WINDOW if `window-deletable-p' allows it (and, if
DEDICATED-ONLY, it is dedicated); non-nil if it did."
  (when (and (or (not dedicated-only) (window-dedicated-p window))
             (window-deletable-p window))
    (delete-window window)
    t))

(defun window--restore-quad (window quad dedicated buffer bury-or-kill)
  "Show in WINDOW, quitting BUFFER, the buffer, start and point of QUAD
from its `quit-restore' parameter, at the size QUAD has if it can;
dedicated `side' again if it was (DEDICATED)."
  (let* ((horizontal (not (window-combined-p window)))
         (delta (and (integerp (nth 3 quad))
                     (- (nth 3 quad) (window--size window horizontal)))))
    (when (and delta (/= delta 0))
      (ignore-errors (window-resize window delta horizontal))))
  (set-window-dedicated-p window nil)
  (set-window-buffer-start-and-point window (nth 0 quad) (nth 1 quad) (nth 2 quad))
  (when (eq dedicated 'side)
    (set-window-dedicated-p window 'side))
  (when bury-or-kill
    (window--forget-buffer window buffer bury-or-kill (window--slot window next-buffers)))
  (set-window-parameter window 'quit-restore nil))

(defun quit-restore-window (&optional window bury-or-kill)
  "Quit WINDOW: delete it if it is dedicated (not as a side window), or
was made to show its buffer and has shown no other; else show what its
`quit-restore' parameter says it showed before, or its previous buffer,
deleting it if there is none.  Then kill its buffer if BURY-OR-KILL is
`kill', or put it last in the buffer list if `bury' or `append'."
  (let* ((w (window-normalize-window window t))
         (buffer (window-buffer w))
         (quit-restore (window-parameter w 'quit-restore))
         (quad (nth 1 quit-restore))
         (ours (eq (nth 3 quit-restore) buffer))
         (dedicated (window-dedicated-p w))
         (shown-other (seq-find (lambda (e) (not (eq (car e) buffer))) (window-prev-buffers w))))
    (cond
     ((and dedicated (not (eq dedicated 'side)) (window--delete-if-deletable w t))
      (window--select-if-live (nth 2 quit-restore)))
     ((and (not shown-other) ours
           (or (eq quad 'frame) (and (eq quad 'window) (not (eq w (frame-root-window)))))
           (window--delete-if-deletable w))
      (window--select-if-live (nth 2 quit-restore)))
     ((and ours (consp quad) (buffer-live-p (car quad)))
      (window--restore-quad w quad dedicated buffer bury-or-kill)
      (window--select-if-live (nth 2 quit-restore)))
     (t
      (set-window-parameter w 'quit-restore nil)
      (set-window-dedicated-p w nil)
      (if (switch-to-prev-buffer w bury-or-kill)
          (when (eq dedicated 'side)
            (set-window-dedicated-p w 'side))
        (window--delete-if-deletable w)
        (window--select-if-live (nth 2 quit-restore)))))
    (cond ((not (buffer-live-p buffer)) nil)
          ((eq bury-or-kill 'kill) (kill-buffer buffer))
          (bury-or-kill (window--bury buffer)))))

(defun window--select-if-live (window)
  "Select WINDOW if it is a live window."
  (when (window-live-p window)
    (select-window window)))

(defvar quit-window-hook nil
  "Functions `quit-window' runs first, in the buffer of the window it quits.")

(defun quit-window (&optional kill window)
  "Quit WINDOW (the selected one) as `quit-restore-window' does, killing
its buffer if KILL, else burying it; `quit-window-hook' runs first, in
WINDOW's buffer."
  (interactive "P")
  (let ((shown (window-buffer (window-normalize-window window))))
    (with-current-buffer shown
      (run-hooks 'quit-window-hook)))
  (quit-restore-window window (if kill 'kill 'bury)))

(defun bury-buffer (&optional buffer-or-name)
  "Put BUFFER-OR-NAME (the current buffer) last in the buffer list; if
nil and the selected window shows it, show another buffer there."
  (interactive)
  (let ((buffer (window-normalize-buffer buffer-or-name)))
    (window--bury buffer)
    (when (and (null buffer-or-name) (eq buffer (window-buffer))
               (not (window-minibuffer-p))
               (not (window--delete-if-deletable (selected-window) t)))
      (set-window-dedicated-p nil nil)
      (switch-to-prev-buffer nil 'bury))
    nil))

(defun pos-visible-in-window-p (&optional _pos window _partially)
  "nil: batch Emacs never draws a window, so no position is visible."
  (window--live window)
  nil)

(defun replace-buffer-in-windows (&optional buffer-or-name)
  "Show another buffer in the windows that show BUFFER-OR-NAME (the
current buffer), deleting those dedicated to it (not side windows) or
left without another; as `kill-buffer' does."
  (interactive "bBuffer to replace: ")
  (let ((buffer (window-normalize-buffer buffer-or-name)))
    (dolist (w (window-list-1 nil 'nomini))
      (if (not (eq (window-buffer w) buffer))
          (unrecord-window-buffer w buffer)
        (let ((side (eq (window-dedicated-p w) 'side)))
          (when (or side (not (window--delete-if-deletable w t)))
            (set-window-dedicated-p w nil)
            (if (switch-to-prev-buffer w 'kill)
                (when side (set-window-dedicated-p w 'side))
              (window--delete-if-deletable w))))))))

(defun window--replace-buffer-for-kill (buffer)
  "Give the windows showing BUFFER, about to be killed, other buffers:
as `replace-buffer-in-windows' does, then, in those left showing it
\(a main window with nothing to switch to), the first buffer of the
buffer list that is not hidden, else *scratch*, made if need be."
  (replace-buffer-in-windows buffer)
  (dolist (w (window-list-1 nil 'nomini))
    (when (eq (window-buffer w) buffer)
      (window--show w (or (seq-find (lambda (b) (not (or (eq b buffer) (window--hidden-p b))))
                                    (buffer-list))
                          (window-normalize-buffer-to-switch-to "*scratch*"))))))

(defun window-normalize-buffer-to-switch-to (buffer-or-name)
  "The buffer BUFFER-OR-NAME names, made if there is none (the other
buffer if nil)."
  (cond ((null buffer-or-name) (other-buffer))
        ((bufferp buffer-or-name) buffer-or-name)
        ((get-buffer buffer-or-name))
        (t (let ((buffer (get-buffer-create buffer-or-name)))
             (when (fboundp 'set-buffer-major-mode)
               (set-buffer-major-mode buffer))
             buffer))))

(defun window--usable-p (window)
  "Whether WINDOW may be given another buffer."
  (not (or (window-dedicated-p window) (window-minibuffer-p window))))

(defconst display-buffer-fallback-action
  '((display-buffer-reuse-window display-buffer-pop-up-window
     display-buffer-use-some-window))
  "The action `display-buffer' tries last, Emacs's defaults.")

(defun window--alist-get (key alist)
  "The value of KEY in ALIST."
  (cdr (assq key alist)))

(defun window--show-for-display (window buffer)
  "Show BUFFER in WINDOW, which showed another buffer or the same, noting
in WINDOW's `quit-restore' parameter what `quit-window' is to put back,
as Emacs's `display-buffer-record-window' does."
  (let ((quit-restore (window-parameter window 'quit-restore)))
    (if (eq (window-buffer window) buffer)
        (when (consp quit-restore)
          (setcar quit-restore 'same)
          (unless (or (eq window (selected-window)) (eq window (nth 2 quit-restore)))
            (setcar (cddr quit-restore) (selected-window))))
      (set-window-parameter
       window 'quit-restore
       (with-current-buffer (window-buffer window)
         (list 'other (list (current-buffer) (window-start window)
                            (copy-marker (window-point window))
                            (window--size window (not (window-combined-p window))))
               (selected-window) buffer)))
      (set-window-buffer window buffer))
    window))

(defun display-buffer-same-window (buffer alist)
  "Show BUFFER in the selected window, unless ALIST inhibits it or the
window cannot take it."
  (unless (or (window--alist-get 'inhibit-same-window alist)
              (not (window--usable-p (selected-window))))
    (window--show-for-display (selected-window) buffer)))

(defun display-buffer-reuse-window (buffer alist)
  "A window already showing BUFFER (not the selected one if ALIST
inhibits it)."
  (let ((w (seq-find (lambda (w) (and (eq (window-buffer w) buffer)
                                      (not (and (eq w (selected-window))
                                                (window--alist-get 'inhibit-same-window alist)))))
                     (window-list-1 nil 'nomini))))
    (and w (window--show-for-display w buffer))))

(defun display-buffer-pop-up-window (buffer _alist)
  "Show BUFFER in a new window split off the largest window, else the
least recently used one, dedicated ones included, as Emacs's
`split-window-sensibly' would split it on batch Emacs's small frame."
  (let ((new (or (window--split-sensibly (get-largest-window nil t))
                 (window--split-sensibly (get-lru-window nil t)))))
    (when new
      (window--show-in-new new buffer))))

(defun window--split-sensibly (window)
  "The window below WINDOW split off it, if WINDOW is the only usable
window of the frame (the others dedicated; no side window), twice as
high as `window-min-height' and two lines: the frame is too small for
`split-height-threshold' and `split-width-threshold'.  nil if not."
  (and window
       (not (window-parameter window 'window-side))
       (not (window-minibuffer-p window))
       (seq-every-p (lambda (w) (or (eq w window) (window-dedicated-p w)))
                    (window--leaves (frame-root-window)))
       (>= (window-total-height window) (* 2 (max window-min-height 2)))
       (ignore-errors (with-selected-window window (split-window-below)))))

(defun window--show-in-new (window buffer)
  "Show BUFFER in WINDOW, just made for it; return WINDOW, or nil if
BUFFER is not a live buffer."
  (when (buffer-live-p buffer)
    (set-window-buffer window buffer)
    (window--set window prev-buffers nil)
    (set-window-parameter window 'quit-restore (list 'window 'window (selected-window) buffer))
    window))

(defun display-buffer-in-previous-window (buffer alist)
  "Show BUFFER in a window that showed it before and is not dedicated,
not the selected one if another did or ALIST inhibits it; ALIST's
`previous-window' (a window, or a variable holding one) is preferred
even if it never showed BUFFER."
  (let* ((inhibit (window--alist-get 'inhibit-same-window alist))
         (given (window--alist-get 'previous-window alist))
         (given (if (and given (symbolp given) (boundp given)) (symbol-value given) given))
         (showed (seq-filter (lambda (w) (and (assq buffer (window-prev-buffers w))
                                              (not (window-dedicated-p w))))
                             (window-list-1 (frame-first-window) 'nomini)))
         (best (seq-find (lambda (w) (not (eq w (selected-window)))) showed))
         (second (and (not inhibit) (memq (selected-window) showed) (selected-window))))
    (when (and (window-live-p given)
               (or (eq buffer (window-buffer given)) (not (window-dedicated-p given))))
      (if (not (eq given (selected-window))) (setq best given)
        (unless inhibit (setq second given))))
    (when (or best second)
      (window--show-for-display (or best second) buffer))))

(defun display-buffer-use-some-window (buffer alist)
  "Show BUFFER in the least recently used window (not the selected one if
ALIST inhibits it), else one showing it, else the largest; grown back to
the height its `quit-restore' parameter recorded, and evened with the
selected window as `even-window-sizes' asks."
  (let* ((not-this (window--alist-get 'inhibit-same-window alist))
         (window (or (get-lru-window nil nil not-this)
                     (let ((showing (get-buffer-window buffer)))
                       (unless (and not-this (eq showing (selected-window))) showing))
                     (get-largest-window nil nil not-this)))
         (quad (and window (nth 1 (window-parameter window 'quit-restore)))))
    (when window
      (when (and (listp quad) (integerp (nth 3 quad))
                 (> (nth 3 quad) (window-total-height window)))
        (ignore-errors (window-resize window (- (nth 3 quad) (window-total-height window)))))
      (prog1 (window--show-for-display window buffer)
        (window--even-window-sizes window)))))

(defun window--even-window-sizes (window)
  "Enlarge the selected window to even it with WINDOW when the two are
their parent's only children and WINDOW is the smaller, as
`even-window-sizes' allows (`height-only', `width-only', t)."
  (let ((parent (window-parent window)))
    (when (and parent (eq parent (window-parent)) (= (length (window--slot parent children)) 2))
      (let* ((horizontal (window--slot parent horizontal))
             (skip (if horizontal 'height-only 'width-only)))
        (when (and even-window-sizes (not (eq even-window-sizes skip))
                   (> (window--size (selected-window) horizontal) (window--size window horizontal)))
          (ignore-errors
            (enlarge-window (/ (- (window--size window horizontal)
                                  (window--size (selected-window) horizontal))
                               2)
                            horizontal)))))))

(defun display-buffer-no-window (_buffer alist)
  "`fail' if ALIST allows showing no window: `display-buffer' then
returns nil."
  (and (window--alist-get 'allow-no-window alist) 'fail))

(defun window--action-functions (action)
  "The functions of ACTION, (FUNCTIONS . ALIST), FUNCTIONS one or a list."
  (let ((f (car-safe action)))
    (if (and f (or (functionp f) (symbolp f))) (list f) f)))

(defun window--alist-action (buffer action)
  "The action of the first entry of `display-buffer-alist' whose
condition, a regexp for the name or a function of the name and ACTION,
BUFFER meets."
  (cdr (seq-find (lambda (entry)
                   (let ((condition (car entry)))
                     (if (stringp condition)
                         (string-match-p condition (buffer-name buffer))
                       (funcall condition (buffer-name buffer) action))))
                 display-buffer-alist)))

(defun display-buffer (buffer-or-name &optional action _frame)
  "Show the buffer BUFFER-OR-NAME in a window and return the window: the
first of the functions of `display-buffer-overriding-action', the
first entry of `display-buffer-alist' for the buffer, ACTION
\(a function or list of them and an alist, as (FUNCTIONS . ALIST); t
for a window other than the selected one), `display-buffer-base-action'
and Emacs's defaults (a window showing it, the only usable window split,
the least recently used one) that returns one."
  (interactive (list (read-buffer "Display buffer: " (other-buffer)) (and current-prefix-arg t)))
  (let* ((buffer (if (bufferp buffer-or-name) buffer-or-name (get-buffer buffer-or-name)))
         (action (if (eq action t) '(nil (inhibit-same-window . t)) action))
         (actions (list display-buffer-overriding-action
                        (window--alist-action buffer action)
                        action display-buffer-base-action display-buffer-fallback-action))
         (alist (apply #'append (mapcar #'cdr-safe actions)))
         (window nil))
    (unless (buffer-live-p buffer)
      (error "Invalid buffer"))
    (dolist (f (mapcan (lambda (a) (copy-sequence (window--action-functions a))) actions))
      (unless window
        (setq window (funcall f buffer alist))))
    (and (windowp window) window)))

(defun pop-to-buffer (buffer-or-name &optional action norecord)
  "Show BUFFER-OR-NAME (made if needed) with `display-buffer' and ACTION,
select its window and make it current."
  (interactive (list (read-buffer "Pop to buffer: " (other-buffer)) (and current-prefix-arg t)))
  (let* ((buffer (window-normalize-buffer-to-switch-to buffer-or-name))
         (window (display-buffer buffer action)))
    (when window
      (select-window window norecord))
    (set-buffer buffer)))

(defun pop-to-buffer-same-window (buffer-or-name &optional norecord)
  "Show BUFFER-OR-NAME (made if needed) in the selected window if it can
take it, else as `pop-to-buffer', and make it current."
  (pop-to-buffer buffer-or-name '(display-buffer-same-window (inhibit-same-window . nil))
                 norecord))

(defun switch-to-buffer (buffer-or-name &optional norecord force-same-window)
  "Show BUFFER-OR-NAME (made if no buffer has that name; the other
buffer if nil) in the selected window and make it current; unless
NORECORD, put it first in the buffer list.  A dedicated or minibuffer
window leaves it to `pop-to-buffer'."
  (interactive (list (read-buffer-to-switch "Switch to buffer: ") nil 'force-same-window))
  (let ((buffer (window-normalize-buffer-to-switch-to buffer-or-name)))
    (cond
     ((not (window--usable-p (selected-window)))
      (when force-same-window
        (user-error "Cannot switch buffers in a dedicated window"))
      (pop-to-buffer buffer nil norecord))
     (t
      (unless (eq buffer (window-buffer))
        (let ((entry (assq buffer (window-prev-buffers))))
          (set-window-buffer nil buffer)
          (when entry
            (set-window-start nil (nth 1 entry))
            (set-window-point nil (nth 2 entry)))))
      (unless norecord
        (select-window (selected-window)))
      (set-buffer buffer)))))

(defun switch-to-buffer-other-window (buffer-or-name &optional norecord)
  "Show BUFFER-OR-NAME in a window other than the selected one, select
it and make the buffer current."
  (interactive (list (read-buffer-to-switch "Switch to buffer in other window: ")))
  (pop-to-buffer buffer-or-name t norecord))

;;; ---- Splitting and deleting ------------------------------------------

(defun window--geometry (window horizontal)
  "The slots of WINDOW's size and position along HORIZONTAL's direction."
  (if horizontal '(cols . left) '(lines . top)))

(defun window--get (window name)
  "WINDOW's slot NAME, a symbol."
  (marrow--window-slot window (window--index name)))

(defun window--put (window name value)
  "Store VALUE in WINDOW's slot NAME, a symbol."
  (marrow--set-window-slot window (window--index name) value))

(defvar window--root-pixel-top 0
  "The root window's pixel top: 0 in a new batch Emacs, whose menu bar
line its windows' lines learn about only as they are laid out again
\(`window--relayout'), 1 once a configuration put back fits the windows
below it.")

(defun window--fit-root (frame)
  "Fit FRAME's windows to the 23 lines between its menu bar and its
minibuffer window, as restoring a configuration does in batch Emacs,
the windows sharing the difference by their normal sizes."
  (setq window--root-pixel-top 1)
  (let ((root (window--slot frame f-root))
        (mini (window--slot frame f-mini)))
    (window--set root top 1)
    (window--reset-new)
    (window--resize-this root (- 24 (window--slot mini lines) (window--slot root lines)) nil nil t)
    (window--apply-new nil)
    (window--set mini top (+ (window--slot root top) (window--slot root lines)))))

(defun window--split-size (window size horizontal)
  "The size of the new window when WINDOW is split with SIZE."
  (let* ((old (window--get window (car (window--geometry window horizontal))))
         (new (cond ((null size) (/ old 2))
                    ((>= size 0) (- old size))
                    (t (- size))))
         (safe (if horizontal 2 1))
         (min (window--min-size window horizontal nil)))
    (when (if size
              (or (and (>= size 0) (>= size old)) (< new safe) (< (- old new) safe))
            (> (+ new min) old))
      (error "Window %s too small for splitting" window))
    new))

(defun window--replace (old new)
  "Put NEW where OLD is in the tree: in OLD's parent, or as the root,
which starts below the menu bar line."
  (let ((parent (window--slot old parent)))
    (window--set new parent parent)
    (if parent
        (window--set parent children
                     (mapcar (lambda (c) (if (eq c old) new c)) (window--slot parent children)))
      (window--set new top 1)
      (window--set (selected-frame) f-root new))))

(defun window--copy-geometry (from to)
  "Give window TO the size and position of window FROM."
  (dolist (name '(lines cols top left))
    (window--put to name (window--get from name))))

(defun window--parameter-function (window name)
  "What WINDOW's parameter NAME (`split-window', `delete-window' or
`delete-other-windows') asks of the command of that name: nil to act
with the other parameters heeded, t to act disregarding them
\(`ignore-window-parameters', or the parameter t), else a function to
call instead (`ignore' to do nothing)."
  (let ((function (window-parameter window name)))
    (cond ((or ignore-window-parameters (eq function t)) t)
          ((functionp function) function))))

(defun window--side-argument (side)
  "`split-window's SIDE as one of `below', `above', `left' and `right'."
  (cond ((memq side '(nil below down)) 'below)
        ((eq side 'up) 'above)
        ((memq side '(above left right)) side)
        (t 'right)))

(defun split-window (&optional window size side pixelwise)
  "Make a new window beside WINDOW (below by default; SIDE `above',
`left', `right' or t, which is `right') and return it.  SIZE, if
non-negative, is WINDOW's new size, if negative the new window's; else
the new window takes half (with `window-combination-resize', its share
of the combination).  Unless `ignore-window-parameters', WINDOW's
`split-window' parameter, a function, splits instead, and a window of
an atomic window splits the atomic window's root."
  (let* ((window (window-normalize-window window))
         (side (window--side-argument side))
         (function (window--parameter-function window 'split-window)))
    (window--check-atoms (list (frame-root-window)))
    (cond ((eq function t) (window--split window size side nil))
          (function (funcall function window size side))
          ((window--atom-root-for window)
           (split-window (window--atom-root-for window) size side pixelwise))
          ((and (window-parameter window 'window-side)
                (not (eq window-combination-resize 'side)))
           (error "Cannot split side window or parent of side window"))
          (t (window--split window size side t)))))

(defun window--split-resizes-p (window horizontal)
  "Whether splitting WINDOW along HORIZONTAL's direction takes the new
window's room from all of its combination, as Emacs does with
`window-combination-resize' (`side' only for a side window)."
  (let ((parent (window--slot window parent)))
    (and parent
         (not (eq window-combination-limit t))
         (if (eq window-combination-resize 'side)
             (window-parameter window 'window-side)
           window-combination-resize)
         (window--along-p parent horizontal))))

(defun window--combinations (window horizontal)
  "How many live windows WINDOW holds along HORIZONTAL's direction, at
most: the sum over a combination that way, the largest over one the
other way."
  (let ((children (window--slot window children)))
    (cond ((null children) 1)
          ((window--along-p window horizontal)
           (apply #'+ (mapcar (lambda (c) (window--combinations c horizontal)) children)))
          (t (apply #'max (mapcar (lambda (c) (window--combinations c horizontal)) children))))))

(defun window-combinations (&optional window horizontal _ignore-fixed)
  "The most live windows WINDOW holds one above the other (side by side
if HORIZONTAL)."
  (window--combinations (window-normalize-window window) horizontal))

(defun window--resizing-split-size (parent size horizontal)
  "The size of a new window that takes its room from all of PARENT's
children, SIZE as `split-window' has it: the average size of a child
were there one more, if SIZE is nil."
  (let ((total (window--size parent horizontal))
        (children (window--slot parent children)))
    (cond (size (- size))
          ;; As in Emacs, at least `window-min-height', whichever way.
          (t (max (min (- total (window--min-size parent horizontal nil))
                       (/ total (1+ (length children))))
                  (max window-min-height window-safe-min-height))))))

(defun window--split (window size side params)
  "Split WINDOW as `split-window' does, SIDE checked; PARAMS non-nil
when window parameters are heeded."
  (let* ((horizontal (memq side '(left right)))
         (before (memq side '(above left)))
         (parent (window--slot window parent))
         (window-combination-limit
          (if (or (and (eq window-combination-resize t) size (> size 0))
                  ;; The main window beside side windows splits on its own.
                  (and params (not (eq window-combination-resize 'side))
                       (window--beside-side-p window)))
              t
            window-combination-limit))
         (resize (window--split-resizes-p window horizontal)))
    (when (window-minibuffer-p window)
      (error "Attempt to split minibuffer window"))
    (let* ((new-size (if resize (window--resizing-split-size parent size horizontal)
                       (window--split-size window size horizontal)))
           (names (window--geometry window horizontal))
           (old-size (window--size window horizontal))
           (normal (window--normal window horizontal))
           (new-parent (not (and parent (not (eq window-combination-limit t))
                                 (window--along-p parent horizontal))))
           (new-normal (cond (size (/ (float new-size)
                                      (if new-parent old-size (window--size parent horizontal))))
                             (new-parent 0.5)
                             (resize (/ 1.0 (1+ (window--combinations parent horizontal))))
                             (t (/ normal 2.0))))
           new)
      (window--reset-new)
      (if resize
          (window--take-from-combination parent new-size horizontal new-normal)
        ;; WINDOW's subtree gives up the room, if it can.
        (window--add-new-size window (- new-size) horizontal)
        (window--resize-this window (- new-size) horizontal nil)
        (unless (window--new-sizes-fit-p window horizontal)
          (error "Resizing old window failed"))
        (window--set-new-normal window (- (if new-parent 1.0 normal) new-normal)))
      (when new-parent
        (setq parent (window--new-combination window horizontal)))
      (setq new (marrow--make-window))
      (window--copy-geometry window new)
      (window--put new (car names) 0)
      (window--insert-child parent window new before)
      (window--apply-new horizontal)
      (window--set-normal new horizontal new-normal)
      (window--put new (car names) (- (window--size parent horizontal)
                                      (apply #'+ (mapcar (lambda (c) (window--size c horizontal))
                                                         (window--others new)))))
      (window--relayout horizontal)
      (window--set new use-time 0)
      (window--show-like new window)
      (window--split-parameters window new parent new-parent side)
      (unless size
        (window--sanitize horizontal))
      (window--check-atoms (list (frame-root-window)))
      new)))

(defun window--take-from-combination (parent new-size horizontal new-normal)
  "Decide new sizes for PARENT's children that leave NEW-SIZE to a new
child of normal size NEW-NORMAL, all of them giving up room; their
normal sizes shrink to leave it its share."
  (when (> new-size (window--spare parent horizontal nil))
    (error "Window %s too small for splitting" parent))
  (when (< new-size (if horizontal window-safe-min-width window-safe-min-height))
    (error "Size of new window too small (after split)"))
  (window--resize-children parent (- new-size) horizontal nil)
  (dolist (c (window--slot parent children))
    (window--set-new-normal c (* (window--normal c horizontal) (- 1.0 new-normal)))))

(defun window--new-combination (window horizontal)
  "Put WINDOW into a new combination of HORIZONTAL's direction, in its
place; return the combination."
  (let ((combination (marrow--make-window)))
    (window--copy-geometry window combination)
    (window--set combination horizontal (and horizontal t))
    (window--replace window combination)
    (window--set combination children (list window))
    (window--set window parent combination)
    (puthash combination (cons (window--normal window nil) (window--normal window t))
             window--normals)
    (window--set-normal window (not horizontal) 1.0)
    (window--set-normal window horizontal 1.0)
    (when (eq window-combination-limit t)
      (set-window-combination-limit combination t))
    combination))

(defun window--insert-child (parent window new before)
  "Make NEW a child of PARENT, next to its child WINDOW (BEFORE it if
BEFORE)."
  (window--set new parent parent)
  (window--set parent children
               (let (out)
                 (dolist (c (window--slot parent children) (nreverse out))
                   (if (not (eq c window)) (push c out)
                     (if before (setq out (cons window (cons new out)))
                       (setq out (cons new (cons window out)))))))))

(defun window--show-like (new window)
  "Show in NEW the buffer, point and start of WINDOW, if live, else of
the selected window."
  (let ((from (if (window-live-p window) window (selected-window))))
    (window--show new (window-buffer from))
    (set-window-point new (window-point from))
    (set-window-start new (window-start from))))

(defun window--split-parameters (window new parent new-parent side)
  "Give NEW, just split off WINDOW, and PARENT, their combination (new if
NEW-PARENT), the side or atom parameters `window-combination-resize'
asks for."
  (pcase window-combination-resize
    ('side
     (let ((window-side (or (window-parameter window 'window-side)
                            (cdr (assq side '((above . top) (below . bottom)
                                              (left . left) (right . right)))))))
       (set-window-parameter new 'window-side window-side)
       (when (and new-parent (window-parameter window 'window-side))
         (set-window-parameter parent 'window-side window-side))))
    ('atom
     (unless (window-parameter window 'window-atom)
       (set-window-parameter window 'window-atom t))
     (when new-parent
       (set-window-parameter parent 'window-atom t))
     (set-window-parameter new 'window-atom t))))

(defun window--new-sizes-fit-p (window horizontal)
  "Whether the new sizes decided for WINDOW's subtree fit together: a
combination's children fill it, and no window is left without a line
\(two columns)."
  (let ((size (window--new-size window horizontal))
        (children (window--slot window children)))
    (cond ((null children) (>= size (if horizontal 2 1)))
          ((window--along-p window horizontal)
           (and (= size (apply #'+ (mapcar (lambda (c) (window--new-size c horizontal)) children)))
                (seq-every-p (lambda (c) (window--new-sizes-fit-p c horizontal)) children)))
          (t (seq-every-p (lambda (c) (and (= size (window--new-size c horizontal))
                                           (window--new-sizes-fit-p c horizontal)))
                          children)))))

(defun window--sanitize (horizontal)
  "Grow each live window smaller than its minimum size (along
HORIZONTAL's direction) to it, if it can, as Emacs does after a split."
  (dolist (w (window--leaves (frame-root-window)))
    (let ((short (- (window--min-size w horizontal nil) (window--size w horizontal))))
      (when (and (> short 0) (window-resizable-p w short horizontal))
        (window-resize w short horizontal)))))

(defun split-window-below (&optional size)
  "Split the selected window into two, the new one below; return it."
  (interactive "P")
  (split-window nil size 'below))
(defalias 'split-window-vertically #'split-window-below)

(defun split-window-right (&optional size)
  "Split the selected window into two side by side; return the new one."
  (interactive "P")
  (split-window nil size 'right))
(defalias 'split-window-horizontally #'split-window-right)

(defun window--kill-one (w)
  "Mark window W deleted, its markers pointing nowhere."
  (window--set w valid nil)
  (when (window--slot w buffer)
    (set-marker (window--slot w pointm) nil)
    (set-marker (window--slot w startm) nil)
    (window--set w buffer nil)))

(defun window--kill (window)
  "Mark WINDOW and its subtree deleted."
  (mapc #'window--kill-one (window--all window)))

(defun window--dissolve (parent)
  "PARENT has one child left: the child takes its place, joining its
grandparent's combination if that runs its way."
  (let* ((child (car (window--slot parent children)))
         (grandparent (window--slot parent parent)))
    (window--replace parent child)
    (window--set parent valid nil)
    (puthash child (cons (window--normal parent nil) (window--normal parent t)) window--normals)
    (when (and grandparent (window--slot child children)
               (not (gethash child window--combination-limits))
               (eq (and (window--slot child horizontal) t)
                   (and (window--slot grandparent horizontal) t)))
      (dolist (c (window--slot child children))
        (window--set c parent grandparent)
        (let ((along (window--slot grandparent horizontal)))
          (window--set-normal c along (/ (float (window--size c along))
                                         (window--size grandparent along)))))
      (window--set grandparent children
                   (mapcan (lambda (c) (if (eq c child) (copy-sequence (window--slot child children))
                                         (list c)))
                           (window--slot grandparent children)))
      (window--set child valid nil))))

(defun delete-window (&optional window)
  "Delete WINDOW, giving its space to the window before it (after it if
it is first; to all of its combination with `window-combination-resize'
t); the most recently used window is selected if it was.  Unless
`ignore-window-parameters', WINDOW's `delete-window' parameter, a
function, deletes instead, and a window of an atomic window deletes the
whole."
  (interactive)
  (let* ((window (window-normalize-window window))
         (function (progn (window--check-atoms (list (frame-root-window)))
                          (window--parameter-function window 'delete-window))))
    (cond ((eq function t) (window--delete window nil))
          (function (funcall function window))
          ((window--atom-root-for window t) (delete-window (window--atom-root-for window t)))
          (t (window--delete window t)))))

(defun window--select-instead (gone)
  "Select another window than the selected one, about to go with GONE,
as Emacs does once the first window that stays is selected: the most
recently used one (the first from there) that is not dedicated and
whose `no-other-window' parameter is nil, else the first without that
parameter, else that first window."
  (let* ((staying (seq-remove (lambda (w) (memq w gone)) (window--leaves (frame-root-window))))
         (mru (let (best)
                (dolist (w staying best)
                  (when (and (not (window-dedicated-p w))
                             (not (window-parameter w 'no-other-window))
                             (or (null best) (> (window-use-time w) (window-use-time best))))
                    (setq best w))))))
    (select-window (or mru
                       (seq-find (lambda (w) (not (window-parameter w 'no-other-window))) staying)
                       (car staying)))))

(defun window--delete (window params)
  "Delete WINDOW as `delete-window' does, PARAMS non-nil when window
parameters are heeded."
  (let ((parent (window--slot window parent)))
    (when (or (window-minibuffer-p window) (null parent))
      (error "Attempt to delete minibuffer or sole ordinary window"))
    (when (and params (eq window (window-main-window)) (window--side-windows))
      (error "Attempt to delete main window of frame %s" (selected-frame)))
    (let* ((horizontal (window--slot parent horizontal))
           (prev (window-prev-sibling window))
           (sibling (or prev (window-next-sibling window)))
           (size (window--get window (car (window--geometry window horizontal))))
           (gone (window--leaves window)))
      (when (memq (selected-window) gone)
        (window--select-instead gone))
      (window--reset-new)
      (if (eq window-combination-resize t)
          (window--resize-siblings window (- size) horizontal nil)
        (window--resize-this sibling size horizontal nil t)
        (window--set-new-normal sibling (+ (window--normal sibling horizontal)
                                           (window--normal window horizontal))))
      (window--set parent children (delq window (window--slot parent children)))
      (window--kill window)
      (window--apply-new horizontal)
      (unless (cdr (window--slot parent children))
        (window--dissolve parent))
      (window--relayout horizontal)
      (window--check-atoms (list (frame-root-window)))
      nil)))

(defun delete-other-windows (&optional window _interactive)
  "Make WINDOW fill the frame, deleting every other ordinary window.
Unless `ignore-window-parameters', WINDOW's `delete-other-windows'
parameter, a function, acts instead, a window of an atomic window keeps
the whole, and windows whose `no-delete-other-windows' parameter is
non-nil stay."
  (interactive "i\np")
  (let* ((window (window-normalize-window window))
         (function (window--parameter-function window 'delete-other-windows)))
    (cond ((eq function t) (window--delete-others window (frame-root-window)))
          (function (funcall function window))
          ((window--atom-root-for window t)
           (delete-other-windows (window--atom-root-for window t)))
          ((window-parameter window 'window-side)
           (error "Cannot make side window the only window"))
          ((not (window-with-parameter 'no-delete-other-windows))
           (window--delete-others window (frame-root-window)))
          ((window--only-side-windows-stay-p)
           (window--delete-others window (window-main-window)))
          (t (window--delete-others-one-by-one window)))))

(defun window--only-side-windows-stay-p ()
  "Whether the windows whose `no-delete-other-windows' parameter is
non-nil are the side windows, all of them: then the others are those
of the main window."
  (seq-every-p (lambda (w) (eq (and (window-parameter w 'window-side) t)
                               (and (window-parameter w 'no-delete-other-windows) t)))
               (window-list nil 'nomini (frame-first-window))))

(defun window--delete-others-one-by-one (window)
  "Delete, as `delete-window' does, each other window but those whose
`no-delete-other-windows' parameter is non-nil and those of WINDOW's
atomic window; a window that cannot go stays."
  (let ((atom (window-atom-root window)))
    (dolist (other (window-list))
      (when (and (window-live-p other) (not (eq other window))
                 (not (window-parameter other 'no-delete-other-windows))
                 (not (and atom (eq (window-atom-root other) atom))))
        (ignore-errors (delete-window other))))
    nil))

(defun window--delete-others (window main)
  "Put WINDOW in the place of MAIN, the frame's root or main window."
  (when (window-minibuffer-p window)
    (error "Can't expand minibuffer to full frame"))
  (window--keep-only window main)
  nil)

(defun window--keep-only (window root)
  "Put WINDOW in the place of ROOT, an ancestor, deleting the other
windows under ROOT."
  (unless (eq window root)
    (let ((lines (- (window--slot root lines) (window--slot window lines)))
          (cols (- (window--slot root cols) (window--slot window cols)))
          (keep (window--all window)))
      (window--set window left (window--slot root left))
      (puthash window (cons (window--normal root nil) (window--normal root t)) window--normals)
      (window--replace root window)
      (dolist (w (window--all root))
        (unless (memq w keep) (window--kill-one w)))
      ;; WINDOW's subtree grows by normal sizes, lines first.
      (dolist (change (list (cons nil lines) (cons t cols)))
        (window--reset-new)
        (window--resize-this window (cdr change) (car change) nil t)
        (window--apply-new (car change)))
      ;; A selected window outside WINDOW, gone or not, gives way: Emacs
      ;; walks back in cyclic order from it into WINDOW, to its last.
      (unless (memq (selected-window) keep)
        (select-window (car (last (window--leaves window))))))))

(defun delete-windows-on (&optional buffer-or-name _frame)
  "Delete the windows showing BUFFER-OR-NAME, or give the sole one
another buffer."
  (interactive "bDelete windows on (buffer):\nP")
  (let ((buffer (window-normalize-buffer buffer-or-name)))
    (dolist (w (get-buffer-window-list buffer))
      (if (window-parent w) (delete-window w) (switch-to-prev-buffer w)))))

;;; ---- Window configurations -------------------------------------

(defun window--state (window)
  "WINDOW's slots, its markers copied, for a configuration."
  (let ((slots (let (out)
                 (dotimes (i 19 (nreverse out))
                   (push (marrow--window-slot window i) out)))))
    ;; The lists are changed in place later (delq, setcdr).
    (setf (nth (window--index 'children) slots) (copy-sequence (window--slot window children))
          (nth (window--index 'parameters) slots) (copy-alist (window--slot window parameters)))
    (when (window--slot window buffer)
      (setf (nth (window--index 'pointm) slots) (copy-marker (window-point window))
            (nth (window--index 'startm) slots) (copy-marker (window-start window))))
    ;; The sideways scroll and the normal sizes, kept apart from the
    ;; slots, come last.
    (cons window (nconc slots (list (gethash window window--hscrolls 0)
                                    (cons (window--normal window nil) (window--normal window t)))))))

(defun current-window-configuration (&optional frame)
  "A snapshot of the windows of FRAME: their tree, sizes, buffers,
points and starts, the selected window and the current buffer."
  (window--frame frame)
  (marrow--make-window-configuration
   (list (frame-root-window) (selected-window) (current-buffer)
         (mapcar #'window--state (window--all (frame-root-window))))))

(defun window--restore (state)
  "Put back a window from STATE, made by `window--state'."
  (let* ((w (car state)) (i 0)
         (buffer (nth (window--index 'buffer) (cdr state)))
         ;; As in Emacs, a window's history is not put back, but grows
         ;; by the buffer it stops showing.
         (own (mapcar #'window--index '(pointm startm prev-buffers next-buffers))))
    (when (and (window-live-p w) buffer (not (eq buffer (window--slot w buffer))))
      (window--push-prev w))
    (dolist (value (butlast (cdr state) 2))
      (unless (memq i own)
        (marrow--set-window-slot w i value))
      (setq i (1+ i)))
    (when (window--slot w buffer)
      (unless (buffer-live-p (window--slot w buffer))
        (window--set w buffer (other-buffer)))
      (let ((point (nth (window--index 'pointm) (cdr state)))
            (start (nth (window--index 'startm) (cdr state))))
        (window--show w (window--slot w buffer))
        (when (eq (marker-buffer point) (window--slot w buffer))
          (set-marker (window--slot w pointm) point)
          (set-marker (window--slot w startm) start))
        (puthash w (car (last state 2)) window--hscrolls)))
    (let ((normals (car (last state))))
      (puthash w (cons (car normals) (cdr normals)) window--normals))))

(defun set-window-configuration (configuration &optional _dont-set-frame _dont-set-miniwindow)
  "Give the frame back the windows CONFIGURATION saw; return t."
  (unless (window-configuration-p configuration)
    (signal 'wrong-type-argument (list 'window-configuration-p configuration)))
  (pcase-let* ((`(,root ,selected ,buffer ,states) (marrow--window-slot configuration 0))
               (saved (mapcar #'car states)))
    (dolist (w (window--all (frame-root-window)))
      (unless (memq w saved) (window--kill-one w)))
    (mapc #'window--restore states)
    (window--set (selected-frame) f-root root)
    (window--fit-root (selected-frame))
    (window--set (selected-frame) f-selected selected)
    (when (window-live-p selected)
      (set-buffer (window--slot selected buffer))
      ;; As in Emacs, point stays where it is in the buffer that was
      ;; current when the configuration was made.
      (unless (eq (current-buffer) buffer)
        (goto-char (window--slot selected pointm)))
      (window--record selected))
    (when (buffer-live-p buffer)
      (set-buffer buffer))
    t))

;;; ---- Window states ---------------------------------------------
;;
;; A state is a window tree as a list, which `window-state-put' builds
;; again by splitting: (HEAD TYPE . ALIST-AND-CHILDREN), HEAD the tree's
;; minimum sizes, TYPE `leaf', `vc' (children stacked) or `hc' (side by
;; side).  WRITABLE states name buffers and give positions as numbers,
;; so that they can be printed and read back.

(defvar window--combination-limits (make-hash-table :test 'eq :weakness 'key)
  "Internal windows whose children stay a combination of their own.")

(defun window-combination-limit (window)
  "WINDOW's combination limit: non-nil keeps its children together when
only one is left."
  (let ((w (window--valid window)))
    (when (window--slot w buffer)
      (error "Combination limit is meaningful for internal windows only"))
    (gethash w window--combination-limits)))

(defun set-window-combination-limit (window limit)
  "Give internal WINDOW the combination limit LIMIT; return LIMIT."
  (window-combination-limit window)
  (puthash window limit window--combination-limits))

(defun window-scroll-bars (&optional window)
  "(nil 0 t nil 0 t nil): a terminal has no scroll bars."
  (window--live window)
  (list nil 0 t nil 0 t nil))

(defun window--min-sizes (window)
  "The minimum sizes that head WINDOW's state."
  (let (sizes)
    (dolist (pixel '("" "pixel-") (nreverse sizes))
      (dolist (ignore '((nil . "") (t . "-ignore") (safe . "-safe")))
        (dolist (horizontal '(nil t))
          (push (cons (intern (format "min-%s%s%s" pixel (if horizontal "width" "height") (cdr ignore)))
                      (window-min-size window horizontal (car ignore)))
                sizes))))))

(defun window-state-get (&optional window writable)
  "The state of WINDOW (the frame's root window) and its subtree, to
give back with `window-state-put'; WRITABLE names buffers instead."
  (let ((window (cond ((null window) (frame-root-window))
                      ((window-valid-p window) window)
                      (t (error "%s is not a live or internal window" window)))))
    (cons (window--min-sizes window) (window--state-of window writable))))

(defun window--persistent-parameters (window writable)
  "WINDOW's parameters that its state keeps, the last first."
  (let ((allowed (lambda (name)
                   (let ((how (cdr (assq name window-persistent-parameters))))
                     (and how (or (not writable) (eq how 'writable))))))
        kept)
    (dolist (parameter (window-parameters window))
      (when (funcall allowed (car parameter))
        (push (cons (car parameter) (cdr parameter)) kept)))
    (when (and (funcall allowed 'clone-of) (not (assq 'clone-of kept)))
      (push (cons 'clone-of window) kept))
    kept))

(defconst window--state-readers
  '((hscroll . window-hscroll)
    (fringes . window-fringes)
    (margins . window-margins)
    (scroll-bars . window-scroll-bars)
    (vscroll . window-vscroll)
    (dedicated . window-dedicated-p))
  "The entries of a window's state that a function of the window gives
as they are, in the order of `window-state-get', with that function.")

(defun window--buffer-state (window writable)
  "The state of what live WINDOW shows: its buffer and the places in it,
as names and numbers if WRITABLE, else as the buffer and new markers."
  (let* ((buffer (window--slot window buffer))
         (point (window-point window))
         (start (window-start window))
         (read (mapcar (lambda (entry)
                         (cons (car entry) (funcall (cdr entry) window)))
                       window--state-readers)))
    (unless writable
      (setq point (with-current-buffer buffer
                    (copy-marker point window-point-insertion-type))
            start (copy-marker start)))
    (append (list 'buffer
                  (if writable (buffer-name buffer) buffer)
                  (cons 'selected (eq window (selected-window))))
            read
            (list (cons 'point point) (cons 'start start)))))

(defun window--history-state (window writable)
  "The state of live WINDOW's next and previous buffers."
  (let ((next (seq-filter #'buffer-live-p (window--slot window next-buffers)))
        (prev (seq-filter (lambda (entry) (buffer-live-p (car entry)))
                          (window--slot window prev-buffers))))
    `(,@(when next
          `((next-buffers . ,(if writable (mapcar #'buffer-name next) next))))
      ,@(when prev
          `((prev-buffers
             . ,(if writable
                    (mapcar (lambda (entry)
                              (list (buffer-name (car entry)) (marker-position (nth 1 entry))
                                    (marker-position (nth 2 entry))))
                            prev)
                  prev)))))))

(defun window--state-of (window writable)
  "WINDOW's subtree as a state, without the head."
  (let ((children (window--slot window children))
        (parameters (window--persistent-parameters window writable)))
    `(,(cond ((null children) 'leaf) ((window--slot window horizontal) 'hc) (t 'vc))
      ;; The root window is followed by the minibuffer window.
      ,@(unless (or (window-next-sibling window) (eq window (frame-root-window)))
          '((last . t)))
      (pixel-width . ,(window--slot window cols))
      (pixel-height . ,(window--slot window lines))
      (total-width . ,(window--slot window cols))
      (total-height . ,(window--slot window lines))
      (normal-height . ,(window--normal window nil))
      (normal-width . ,(window--normal window t))
      ,@(when children
          `((combination-limit . ,(window-combination-limit window))))
      ,@(when parameters
          `((parameters . ,parameters)))
      ,@(when (window--slot window buffer)
          (cons (window--buffer-state window writable)
                (window--history-state window writable)))
      ,@(mapcar (lambda (c) (window--state-of c writable)) children))))

(defvar window--state-puts nil
  "While a state is being put: (WINDOW . ALIST) for each window made,
the last made first.")

(defvar window--state-stale nil
  "While a state is being put: the windows whose buffer is gone.")

(defun window--state-target (window)
  "The live window a state goes into: WINDOW if live, else a new one in
the place of internal WINDOW (the frame's root window if nil)."
  (if (and window (window-live-p window)) window
    (let ((live (if window
                    (seq-find (lambda (w) (not (window-parameter w 'window-side)))
                              (window--leaves (window--valid window)))
                  (selected-window))))
      (window--keep-only live (or window (frame-root-window)))
      (prog1 (split-window live) (delete-window live)))))

(defun window--state-fits-p (window head ignore)
  "Whether WINDOW is as large as HEAD's minimum sizes, the ones IGNORE
\(nil, t or `safe') selects."
  (let ((fits (lambda (suffix)
                (and (<= (cdr (assq (intern (concat "min-pixel-height" suffix)) head))
                         (window--slot window lines))
                     (<= (cdr (assq (intern (concat "min-pixel-width" suffix)) head))
                         (window--slot window cols))))))
    (or (funcall fits "")
        (and ignore (funcall fits "-ignore"))
        (and (eq ignore 'safe) (funcall fits "-safe")))))

(defun window-state-put (state &optional window ignore)
  "Build in WINDOW (a new window if nil) the windows of STATE, made by
`window-state-get'."
  (let* ((window (window--state-target window))
         (tree (cdr state))
         (totals (and (= (window--slot window cols) (cdr (assq 'total-width tree)))
                      (= (window--slot window lines) (cdr (assq 'total-height tree))))))
    (set-window-dedicated-p window nil)
    (unless (or totals (window--state-fits-p window (car state) ignore))
      (error "Window %s too small to accommodate state" window))
    (let ((window--state-puts nil) (window--state-stale nil))
      (with-temp-buffer
        (set-window-buffer window (current-buffer))
        (window--state-split tree window totals)
        (mapc (lambda (put) (window--state-fill (car put) (cdr put) ignore))
              window--state-puts))
      (dolist (w window--state-stale)
        (when (and (window-valid-p w) (window--slot w parent))
          (delete-window w)))
      (window--check-atoms (list (frame-root-window))))))

(defun window--state-split (state window totals)
  "Split WINDOW into the windows of STATE (without the head): each child
but the last gets its saved size if TOTALS, else its normal share."
  (let ((type (car state)) (alist (cdr state)))
    (if (eq type 'leaf)
        (push (cons window alist) window--state-puts)
      (let* ((horizontal (eq type 'hc))
             (total (window--size window horizontal))
             (window-combination-limit (cdr (assq 'combination-limit alist)))
             (first t))
        (dolist (item alist)
          (when (memq (car item) '(leaf vc hc))
            (let ((new nil))
              (unless (assq 'last item)
                (let ((size (max (if totals
                                     (cdr (assq (if horizontal 'total-width 'total-height) item))
                                   (round (* total (cdr (assq (if horizontal 'normal-width 'normal-height)
                                                              item)))))
                                 (if horizontal window-safe-min-width window-safe-min-height))))
                  (unless (window--shrinkable-p window size horizontal 'safe)
                    (error "Cannot resize window %s" window))
                  (setq new (ignore-errors (split-window window size horizontal)))
                  (setq window-combination-limit nil)
                  (when first
                    (setq first nil)
                    (push (cons (window-parent window) alist) window--state-puts))))
              (window--state-split item window totals)
              (setq window new))))))))

(defun window--shrinkable-p (window lines horizontal ignore)
  "Whether WINDOW could give up LINES (columns if HORIZONTAL)."
  (let ((min (window--min-size window horizontal ignore))
        (size (window--size window horizontal)))
    (and (> size min) (>= (- size min) lines))))

(defun window--state-fill (window alist ignore)
  "Give WINDOW, made by `window-state-put', its parameters, buffer and
history from ALIST; nil, when a split failed, is the selected window."
  (let ((window (or window (selected-window)))
        (limit (cdr (assq 'combination-limit alist)))
        (buffer-state (cdr (assq 'buffer alist))))
    (when limit
      (set-window-combination-limit window limit))
    (dolist (parameter (window-parameters window))
      (set-window-parameter window (car parameter) nil))
    (dolist (parameter (cdr (assq 'parameters alist)))
      (set-window-parameter window (car parameter) (cdr parameter)))
    (when buffer-state
      (let ((buffer (get-buffer (car buffer-state))) (state (cdr buffer-state)))
        (if (not buffer)
            (progn (switch-to-prev-buffer window)
                   (push window window--state-stale))
          (with-current-buffer buffer
            (set-window-buffer window buffer)
            (set-window-hscroll window (cdr (assq 'hscroll state)))
            (dolist (horizontal '(nil t))
              (let ((short (- (window-min-size window horizontal ignore)
                              (window--size window horizontal))))
                (when (and (> short 0) (window-resizable-p window short horizontal ignore))
                  (window-resize window short horizontal ignore))))
            (set-window-dedicated-p window (cdr (assq 'dedicated state)))
            (ignore-errors
              (set-window-start window (cdr (assq 'start state)) 'noforce)
              (set-window-point window (cdr (assq 'point state))))
            (when (cdr (assq 'selected state))
              (select-window window))
            (window--fill-history window alist)))))))

(defun window--fill-history (window alist)
  "Give WINDOW the next and previous buffers of ALIST that still live."
  (set-window-next-buffers
   window (delq nil (mapcar (lambda (b) (let ((buffer (get-buffer b)))
                                          (and (buffer-live-p buffer) buffer)))
                            (cdr (assq 'next-buffers alist)))))
  (set-window-prev-buffers
   window (delq nil (mapcar (lambda (entry)
                              (let ((buffer (get-buffer (car entry))))
                                (when (buffer-live-p buffer)
                                  (cons buffer
                                        (mapcar (lambda (pos)
                                                  (if (markerp pos) pos
                                                    (set-marker (make-marker) pos buffer)))
                                                (cdr entry))))))
                            (cdr (assq 'prev-buffers alist))))))

(defmacro save-window-excursion (&rest body)
  "Run BODY, then put back the windows and the current buffer as they
were before."
  (declare (indent 0) (debug t))
  (let ((configuration (make-symbol "configuration")))
    `(let ((,configuration (current-window-configuration)))
       (unwind-protect (progn ,@body)
         (set-window-configuration ,configuration)))))

;;; ---- Resizing ----------------------------------------------------
;;
;; As in Emacs with `window-combination-resize' nil: a window grows or
;; shrinks against the sibling after it (before it if it is last) when
;; that one can take the whole change; else its other siblings share
;; it a line at a time, the one changed least so far first, none going
;; below its minimum size.  A window in a combination of the other
;; direction resizes through the nearest ancestor that can.

(defun window--size (window horizontal)
  "WINDOW's total columns if HORIZONTAL, else its total lines."
  (if horizontal (window--slot window cols) (window--slot window lines)))

(defun window--set-size (window horizontal size)
  (if horizontal (window--set window cols size) (window--set window lines size)))

(defun window--along-p (window horizontal)
  "Whether internal WINDOW combines its children along HORIZONTAL's
direction (side by side if HORIZONTAL, stacked if not)."
  (eq (and (window--slot window horizontal) t) (and horizontal t)))

(defun window--min-size (window horizontal ignore)
  "The fewest lines (columns if HORIZONTAL) WINDOW can have; IGNORE
non-nil drops `window-min-height' and `window-min-width' (`safe' the
mode line too)."
  (let ((children (window--slot window children)))
    (cond (children
           (apply (if (window--along-p window horizontal) #'+ #'max)
                  (mapcar (lambda (c) (window--min-size c horizontal ignore)) children)))
          (horizontal (if ignore window-safe-min-width
                        (max window-min-width window-safe-min-width)))
          ((eq ignore 'safe) window-safe-min-height)
          ;; A text line and the mode line at least.
          (ignore (1+ window-safe-min-height))
          (t (max window-min-height (1+ window-safe-min-height))))))

(defun window--spare (window horizontal ignore)
  "The lines (columns if HORIZONTAL) WINDOW can give up."
  (max 0 (- (window--size window horizontal) (window--min-size window horizontal ignore))))

(defun window--resize-anchor (window horizontal)
  "WINDOW or the nearest ancestor of it in a combination along
HORIZONTAL's direction: what changes size when WINDOW does; nil if none."
  (let ((w window) found)
    (while (and w (not found))
      (let ((parent (window--slot w parent)))
        (if (and parent (window--along-p parent horizontal))
            (setq found w)
          (setq w parent))))
    found))

(defun window--others (window)
  "WINDOW's siblings."
  (remq window (window--slot (window--slot window parent) children)))

(defun window-min-size (&optional window horizontal ignore _pixelwise)
  "The fewest lines (columns if HORIZONTAL) WINDOW can be resized to."
  (window--min-size (window-normalize-window window) horizontal ignore))

(defun window-max-delta (&optional window horizontal ignore _trail _noup _nodown _pixelwise)
  "The lines (columns if HORIZONTAL) WINDOW can grow by."
  (let ((w (window-normalize-window window)) (room 0))
    ;; Each combination along the way up can give its spare lines.
    (while (window--slot w parent)
      (when (window--along-p (window--slot w parent) horizontal)
        (dolist (other (window--others w))
          (setq room (+ room (window--spare other horizontal ignore)))))
      (setq w (window--slot w parent)))
    room))

(defun window-min-delta (&optional window horizontal ignore _trail _noup _nodown _pixelwise)
  "The lines (columns if HORIZONTAL) WINDOW can shrink by."
  (let ((a (window--resize-anchor (window-normalize-window window) horizontal)))
    (if a (window--spare a horizontal ignore) 0)))

(defun window-resizable (window delta &optional horizontal ignore _pixelwise)
  "DELTA, or as much of it as WINDOW can grow (shrink if negative) by."
  (setq window (window-normalize-window window))
  (cond ((> delta 0) (min delta (window-max-delta window horizontal ignore)))
        ((< delta 0) (max delta (- (window-min-delta window horizontal ignore))))
        (t 0)))

(defun window-resizable-p (window delta &optional horizontal ignore pixelwise)
  "Whether WINDOW can be resized by DELTA lines (columns if HORIZONTAL)."
  (= (window-resizable window delta horizontal ignore pixelwise) delta))

(defvar window--normals (make-hash-table :test 'eq :weakness 'key)
  "Each window's normal sizes, (LINES . COLUMNS): its share of its
parent's size, as Emacs keeps them.  A window not here has 1.0 both ways.")

(defun window--normal (window horizontal)
  "WINDOW's normal width if HORIZONTAL, else its normal height."
  (let ((normals (gethash window window--normals)))
    (cond ((null normals) 1.0) (horizontal (cdr normals)) (t (car normals)))))

(defun window--set-normal (window horizontal value)
  "Make VALUE WINDOW's normal width if HORIZONTAL, else its normal height."
  (let ((normals (or (gethash window window--normals)
                     (puthash window (cons 1.0 1.0) window--normals))))
    (if horizontal (setcdr normals value) (setcar normals value))))

(defun window-normal-size (&optional window horizontal)
  "WINDOW's share of its parent's height (width if HORIZONTAL), a float."
  (window--normal (window--valid window) horizontal))

;; A resize works as in Emacs: it first decides every window's new size
;; and new normal size in these tables, then gives them to all windows
;; at once (`window--apply-new').  A new normal size may also be
;; `ignore' (the window is changed by its caller) or `skip' (it cannot
;; shrink any further); only a number is applied.

(defvar window--new-sizes nil
  "While windows are being resized: window -> its new size.")

(defvar window--new-normals nil
  "While windows are being resized: window -> its new normal size.")

(defun window--reset-new ()
  "Start deciding a resize: every window keeps its size and normal size."
  (setq window--new-sizes (make-hash-table :test 'eq)
        window--new-normals (make-hash-table :test 'eq)))

(defun window--new-size (window horizontal)
  (gethash window window--new-sizes (window--size window horizontal)))

(defun window--add-new-size (window delta horizontal)
  (puthash window (+ (window--new-size window horizontal) delta) window--new-sizes))

(defun window--new-normal (window)
  (gethash window window--new-normals))

(defun window--set-new-normal (window value)
  (puthash window value window--new-normals))

(defvar window--mini-new-size 0
  "The minibuffer window's new size as Emacs keeps it: 0 until the
window is resized, then its height, whichever way resizing goes.")

(defun window--apply-new (horizontal &optional if-resized)
  "Give every window of the frame the size and normal size decided; if
IF-RESIZED, only when some size changes, as Emacs's resizing and
balancing do (the normal sizes then stay).  As in Emacs, the check sees
the minibuffer window's new size too, which is mostly not its size."
  (let ((windows (window--all (frame-root-window)))
        (applied (or (not if-resized)
                     (/= window--mini-new-size (window--size (minibuffer-window) horizontal)))))
    (dolist (w windows)
      (unless (= (window--new-size w horizontal) (window--size w horizontal))
        (setq applied t)))
    (when applied
      (dolist (w windows)
        (window--set-size w horizontal (window--new-size w horizontal))
        (when (numberp (window--new-normal w))
          (window--set-normal w horizontal (window--new-normal w)))))
    (window--relayout (or horizontal (not applied)))))

(defun window--resize-this (window delta horizontal ignore &optional add)
  "Resize WINDOW's subtree by DELTA (WINDOW too if ADD): the children of
a combination along HORIZONTAL's direction share it, the others each
take all of it."
  (when add
    (window--add-new-size window delta horizontal))
  (let ((children (window--slot window children)))
    (cond ((null children))
          ((window--along-p window horizontal)
           (window--resize-children window delta horizontal ignore))
          (t (dolist (c children)
               (window--resize-this c delta horizontal ignore t))))))

(defun window--moved-p (window)
  "Whether WINDOW takes no part in sharing out its parent's change."
  (memq (window--new-normal window) '(ignore skip)))

(defun window--resize-children (parent delta horizontal ignore)
  "Share DELTA among PARENT's children a line (column) at a time: each
goes to the child whose new size falls furthest below its normal share
of PARENT's new size when growing, or exceeds it when shrinking (the
last of equals), none shrinking below its minimum.  Their normal sizes
stay; their subtrees follow, if all of DELTA found a child."
  (let* ((total (float (+ (window--size parent horizontal) delta)))
         (children (reverse (window--slot parent children)))
         (candidates (seq-remove #'window--moved-p children))
         (room (mapcar (lambda (w) (cons w (window--spare w horizontal ignore))) candidates))
         (step (if (> delta 0) 1 -1))
         (left delta))
    (while (and (/= left 0) candidates)
      (let (best best-excess)
        (dolist (w candidates)
          (let ((excess (- (/ (window--new-size w horizontal) total)
                           (window--normal w horizontal))))
            (when (and (or (> step 0) (> (cdr (assq w room)) 0))
                       (or (null best)
                           (if (> step 0) (< excess best-excess) (> excess best-excess))))
              (setq best w best-excess excess))))
        (if (null best)
            (setq candidates nil)
          (window--add-new-size best step horizontal)
          (setq left (- left step))
          (when (< step 0)
            (let ((cell (assq best room)))
              (setcdr cell (1- (cdr cell)))
              (when (= 0 (cdr cell))
                (window--set-new-normal best 'skip)
                (setq candidates (remq best candidates))))))))
    (when (and (/= delta 0) (= left 0))
      (dolist (w children)
        (unless (eq (window--new-normal w) 'ignore)
          (let ((change (- (window--new-size w horizontal) (window--size w horizontal))))
            (unless (= change 0)
              (window--resize-this w change horizontal ignore))))))))

(defun window--resize-siblings (window delta horizontal ignore)
  "Make room for WINDOW growing by DELTA (shrinking if negative): its
siblings along HORIZONTAL's direction give what they can, the parent's
own siblings the rest, all the way up."
  (let ((parent (window--slot window parent)))
    (when parent
      (if (not (window--along-p parent horizontal))
          (progn
            (window--add-new-size parent delta horizontal)
            (dolist (w (window--others window))
              (window--resize-this w delta horizontal ignore t)))
        (let* ((others (window--others window))
               (here (cond ((= (- delta) (window--size window horizontal)) (if others delta 0))
                           ((< delta 0) delta)
                           (t (min delta (apply #'+ (mapcar (lambda (w) (window--spare w horizontal ignore))
                                                            others))))))
               (beyond (- delta here)))
          (window--set-new-normal window 'ignore)
          (unless (= beyond 0)
            (window--add-new-size parent beyond horizontal))
          (unless (= here 0)
            (window--resize-children parent (- here) horizontal ignore))
          (window--share-normals parent horizontal window here beyond)
          (setq delta beyond)))
      (unless (= delta 0)
        (window--resize-siblings parent delta horizontal ignore)))))

(defun window--share-normals (parent horizontal window delta beyond)
  "New normal sizes for PARENT's children after its child WINDOW grew by
DELTA, BEYOND more coming from outside PARENT: the others give up
normal size in proportion to theirs, WINDOW takes the rest of 1.0."
  (let* ((size (window--size parent horizontal))
         (change (if (and (= (- delta) (window--size window horizontal)) (= beyond 0))
                     (- (window--normal window horizontal))
                   (/ (float delta) size)))
         (others (window--others window))
         (others-normal (apply #'+ 0.0 (mapcar (lambda (w) (window--normal w horizontal)) others)))
         (scale (/ (float size) (+ size beyond)))
         (sum 0))
    (dolist (w others)
      (let ((old (window--normal w horizontal)))
        (window--set-new-normal
         w (window--clamp (* (window--clamp (- old (* (/ old others-normal) change))) scale)))))
    (dolist (w others)
      (setq sum (+ sum (if (numberp (window--new-normal w)) (window--new-normal w)
                         (window--normal w horizontal)))))
    (window--set-new-normal window (window--clamp (- 1.0 sum)))))

(defun window--clamp (normal)
  "NORMAL kept between 0.0 and 1.0."
  (min 1.0 (max normal 0.0)))

(defun window--layout (window &optional columns-only)
  "Place WINDOW's descendants one after the other from its top left;
leave their lines alone if COLUMNS-ONLY."
  (let ((top (window--slot window top)) (left (window--slot window left))
        (along (window--slot window horizontal)))
    (dolist (c (window--slot window children))
      (unless columns-only
        (window--set c top top))
      (window--set c left left)
      (if along (setq left (+ left (window--slot c cols)))
        (setq top (+ top (window--slot c lines))))
      (window--layout c columns-only))))

(defun window--relayout (&optional columns-only)
  "Place every window of the frame after a change of sizes.  As Emacs
does, a change of lines puts the root window below the menu bar line
and the minibuffer window after it, while a change of COLUMNS-ONLY
leaves lines where they were: in a new batch Emacs, line 0."
  (let ((root (frame-root-window)) (mini (minibuffer-window)))
    (unless columns-only
      (window--set root top 1)
      (window--set mini top (+ 1 (window--slot root lines))))
    (window--layout root columns-only)))

(defvar window--mini-resized nil
  "Whether the minibuffer window has been resized: from then on, as in
batch Emacs, resizing a window by no lines says nil, no longer t.")

(defun window--resize-mini (delta)
  "Give the minibuffer window DELTA more lines, taken from the last lines
of the root window; it then starts where the root window ends, which
with the menu bar line may be below the frame's last line, as in batch
Emacs.  Return whether anything changed."
  (let* ((mini (minibuffer-window)) (root (frame-root-window))
         (delta (max (- 1 (window--slot mini lines))
                     (min delta (window--spare root nil nil)))))
    (setq window--mini-resized t)
    (unless (= delta 0)
      (setq window--mini-new-size (+ (window--slot mini lines) delta)))
    (window--set mini lines (+ (window--slot mini lines) delta))
    (window--reset-new)
    (window--resize-this root (- delta) nil nil t)
    (window--apply-new nil)
    (window--set mini top (+ (window--slot root top) (window--slot root lines)))
    (/= delta 0)))

(defun window-resize (window delta &optional horizontal ignore _pixelwise)
  "Make WINDOW DELTA lines taller (columns wider if HORIZONTAL), taking
the room from its siblings; return t."
  (setq window (window-normalize-window window))
  (unless (integerp delta)
    (signal 'wrong-type-argument (list 'integerp delta)))
  (cond ((eq window (frame-root-window))
         (error "Cannot resize the root window of a frame"))
        ((window-minibuffer-p window)
         (if horizontal (error "Cannot resize minibuffer window horizontally")
           (window--resize-mini delta)))
        ((/= (window-resizable window delta horizontal ignore) delta)
         (error "Cannot resize window %s" window))
        (t
         (window--reset-new)
         (window--resize-this window delta horizontal ignore t)
         (let* ((parent (window--slot window parent))
                (sibling (and (not (eq window-combination-resize t))
                              (window--along-p parent horizontal)
                              (or (window-next-sibling window) (window-prev-sibling window)))))
           ;; The neighbor takes all of the change if it can, unless
           ;; `window-combination-resize' asks all siblings to.
           (if (and sibling (or (<= delta 0) (>= (window--spare sibling horizontal ignore) delta)))
               (let ((change (/ (float delta) (window--size parent horizontal))))
                 (window--resize-this sibling (- delta) horizontal nil t)
                 (window--set-new-normal window (+ (window--normal window horizontal) change))
                 (window--set-new-normal sibling (- (window--normal sibling horizontal) change)))
             (window--resize-siblings window delta horizontal ignore)))
         ;; As in Emacs, resizing by 0 applies the sizes all the same,
         ;; so that lines may move, and says whether Emacs found them
         ;; changed.
         (window--apply-new horizontal t)
         (or (/= delta 0) horizontal (not window--mini-resized)))))

(defun window--numeric-arg (arg)
  "ARG as a command's numeric prefix argument."
  (cond ((integerp arg) arg) ((eq arg '-) -1) ((consp arg) (car arg)) (t 1)))

(defun window--resize-selected (delta horizontal)
  "Make the selected window DELTA lines taller (columns wider if
HORIZONTAL; narrower for a negative DELTA), or as much as it can go
that way."
  (if (zerop delta)
      t
    (window-resize nil
                   (cond ((window-resizable-p nil delta horizontal) delta)
                         ((< delta 0) (- (window-min-delta nil horizontal)))
                         (t (window-max-delta nil horizontal)))
                   horizontal)))

(defun enlarge-window (delta &optional horizontal)
  "Make the selected window DELTA lines taller (columns wider if
HORIZONTAL), or as much as it can."
  (interactive "p")
  (window--resize-selected delta horizontal))

(defun shrink-window (delta &optional horizontal)
  "Make the selected window DELTA lines shorter (columns narrower if
HORIZONTAL), or as much as it can."
  (interactive "p")
  (window--resize-selected (- delta) horizontal))

(defun enlarge-window-horizontally (delta)
  "Make the selected window DELTA columns wider."
  (interactive "p")
  (enlarge-window delta t))

(defun shrink-window-horizontally (delta)
  "Make the selected window DELTA columns narrower."
  (interactive "p")
  (shrink-window delta t))

(defun maximize-window (&optional window)
  "Make WINDOW as large as its siblings let it, both ways."
  (interactive)
  (setq window (window-normalize-window window))
  (window-resize window (window-max-delta window))
  (window-resize window (window-max-delta window t) t))

(defun minimize-window (&optional window)
  "Make WINDOW as small as it may be, both ways."
  (interactive)
  (setq window (window-normalize-window window))
  (window-resize window (- (window-min-delta window)))
  (window-resize window (- (window-min-delta window t)) t))

(defun balance-windows (&optional window-or-frame)
  "Make the windows of the frame (or under WINDOW-OR-FRAME) share their
combinations' sizes evenly; return t."
  (interactive)
  (let ((root (if (or (null window-or-frame) (framep window-or-frame))
                  (frame-root-window (window-normalize-frame window-or-frame))
                (window--valid window-or-frame))))
    (dolist (horizontal '(nil t))
      (window--reset-new)
      (window--balance-subtree root horizontal)
      (window--apply-new horizontal t))
    t))

(defun window--balance-subtree (window horizontal)
  "Decide sizes along HORIZONTAL's direction for WINDOW's subtree that
share WINDOW's new size evenly in each combination that way."
  (let ((children (window--slot window children)))
    (cond ((null children))
          ((window--along-p window horizontal) (window--balance-children window horizontal))
          (t (dolist (c children)
               (puthash c (window--new-size window horizontal) window--new-sizes)
               (window--balance-subtree c horizontal))))))

(defun window--balance-children (window horizontal)
  "Give WINDOW's children equal shares of its new size, the first ones a
line (column) more while some are left over; a child that cannot take
its share keeps what it can, and the others share again without it."
  (let* ((children (window--slot window children))
         (parent-size (window--new-size window horizontal))
         (total parent-size) (n (length children)) (failed t))
    (while (and failed (> n 0))
      (setq failed nil)
      (let ((share (/ total n)) (l children))
        (while (and l (not failed))
          (unless (window--moved-p (car l))
            (let* ((c (car l)) (old (window--size c horizontal))
                   (want (- share old))
                   (min (window--min-size c horizontal nil))
                   (got (cond ((>= want 0) want)
                              ((<= old min) 0)
                              (t (max want (- min old))))))
              (puthash c (+ old got) window--new-sizes)
              (unless (= got want)
                (setq total (- total old got) n (1- n) failed t)
                (window--set-new-normal c 'skip))))
          (setq l (cdr l)))))
    (let ((rest (if (> n 0) (% total n) 0)))
      ;; As in Emacs, the first pass checks WINDOW, not each child.
      (dolist (c children)
        (when (and (> rest 0) (not (window--moved-p window)))
          (window--add-new-size c 1 horizontal)
          (setq rest (1- rest))))
      (dolist (c children)
        (when (and (> rest 0) (not (eq (window--new-normal c) 'ignore)))
          (window--add-new-size c 1 horizontal)
          (setq rest (1- rest)))))
    (dolist (c children)
      (window--set-new-normal c (/ (window--new-size c horizontal) (float parent-size)))
      (window--balance-subtree c horizontal))))

(defun window-tree (&optional frame)
  "(ROOT MINIBUFFER-WINDOW): ROOT is the root window if live, else
(DIR EDGES CHILD...), DIR nil if the children are side by side, t if
stacked, each CHILD the same way."
  (window-normalize-frame frame)
  (list (window--tree (frame-root-window)) (minibuffer-window)))

(defun window--tree (window)
  "`window-tree's description of WINDOW."
  (if (window--slot window buffer) window
    (cons (not (window--slot window horizontal))
          (cons (window-edges window) (mapcar #'window--tree (window--slot window children))))))

(defun window-combined-p (&optional window horizontal)
  "WINDOW's first sibling if their parent puts them side by side (if
HORIZONTAL) or one above the other (if not), else nil."
  (let ((parent (window-parent (window-normalize-window window))))
    (and parent (if horizontal (window-left-child parent) (window-top-child parent)))))

(defun shrink-window-if-larger-than-buffer (&optional window)
  "Do nothing but check WINDOW: the buffer's start must be visible, and
batch Emacs never sees any position."
  (interactive)
  (window-normalize-window window t)
  nil)

(defun window--screen-lines (window)
  "The lines WINDOW's buffer takes on the screen, a line longer than the
window going on over the next ones."
  (let ((width (window-max-chars-per-line window)) (lines 0))
    (with-current-buffer (window-buffer window)
      (save-excursion
        (goto-char (point-min))
        (while (not (eobp))
          (let ((length (- (line-end-position) (point))))
            (setq lines (+ lines (max 1 (/ (+ length width -1) width)))))
          (forward-line 1))))
    lines))

(defun fit-window-to-buffer (&optional window max-height min-height _max-width _min-width _preserve-size)
  "Make WINDOW, one of a stack, as tall as its buffer's lines and its
mode line, within MIN-HEIGHT, MAX-HEIGHT and what its siblings allow;
return nil."
  (interactive)
  (setq window (window-normalize-window window t))
  (when (window-combined-p window)
    (let* ((size (window--slot window lines))
           (lines (window--screen-lines window))
           (high (+ size (window-max-delta window)))
           (high (if (integerp max-height) (min high max-height) high))
           (low (max (window--min-size window nil nil) (if (integerp min-height) min-height 0)))
           (want (max low (min high (1+ lines)))))
      (when (and (/= want size) (window-resizable-p window (- want size)))
        (window-resize window (- want size)))))
  nil)

;;; ---- Scrolling -------------------------------------------------------
;;
;; Batch Emacs never draws a window, so it never knows point to be
;; visible: each scroll first starts the window half its height above
;; point's line, then moves that start.  Lines here are the buffer's
;; (a line longer than the window counts once).

(defun window--line-start (pos lines)
  "The start of the line LINES lines from POS's (back if negative),
stopping at the accessible portion's ends."
  (save-excursion (goto-char pos) (forward-line lines) (point)))

(defun window--scroll (window lines)
  "Scroll WINDOW, the selected window, LINES lines towards the end (the
start if negative), in its buffer whatever buffer is current."
  (with-current-buffer (window-buffer window)
    (window--scroll-buffer window lines)))

(defun window--scroll-buffer (window lines)
  "Scroll WINDOW, showing the current buffer, as `window--scroll' does."
  (let* ((height (window-body-height window))
         (start (window--line-start (point) (- (/ height 2))))
         (pos (window--line-start start lines)))
    (cond ((and (< lines 0) (= start (point-min))) (signal 'beginning-of-buffer nil))
          ((>= pos (point-max)) (signal 'end-of-buffer nil)))
    (set-window-start window pos)
    (if (> lines 0)
        (when (< (point) pos) (goto-char pos))
      (when (>= (point) (window--line-start pos height))
        (goto-char (window--line-start pos (1- height)))))
    nil))

(defun window--scroll-amount (arg window sign)
  "The lines a scroll command with ARG moves, SIGN the way nil goes."
  (let ((screen (max 1 (- (window-body-height window) next-screen-context-lines))))
    (cond ((null arg) (* sign screen))
          ((eq arg '-) (* (- sign) screen))
          (t (* sign (window--numeric-arg arg))))))

(defun scroll-up (&optional arg)
  "Scroll the selected window ARG lines towards the end (a screen if nil)."
  (interactive "^P")
  (window--scroll (selected-window) (window--scroll-amount arg (selected-window) 1)))

(defun scroll-down (&optional arg)
  "Scroll the selected window ARG lines towards the start (a screen if nil)."
  (interactive "^P")
  (window--scroll (selected-window) (window--scroll-amount arg (selected-window) -1)))

(defun scroll-up-command (&optional arg)
  "Scroll the selected window ARG lines towards the end (a screen if nil)."
  (interactive "^P")
  (scroll-up arg))

(defun scroll-down-command (&optional arg)
  "Scroll the selected window ARG lines towards the start (a screen if nil)."
  (interactive "^P")
  (scroll-down arg))

(defun other-window-for-scrolling ()
  "The window the scroll-other-window commands scroll: the next one."
  (let ((window (next-window (selected-window) nil)))
    (when (eq window (selected-window))
      (error "There is no other window"))
    window))

(defun scroll-other-window (&optional arg)
  "Scroll the next window ARG lines towards the end (a screen if nil)."
  (interactive "P")
  (with-selected-window (other-window-for-scrolling)
    (scroll-up arg)))

(defun scroll-other-window-down (&optional arg)
  "Scroll the next window ARG lines towards the start (a screen if nil)."
  (interactive "P")
  (scroll-other-window (cond ((eq arg '-) nil) ((null arg) '-)
                             (t (- (window--numeric-arg arg))))))

(defun scroll-left (&optional arg _set-minimum)
  "Scroll the selected window ARG columns left (its width less two if
nil); return its new sideways scroll."
  (interactive "^P\np")
  (set-window-hscroll nil (+ (window-hscroll)
                             (if (null arg) (- (window-body-width) 2) (window--numeric-arg arg)))))

(defun scroll-right (&optional arg _set-minimum)
  "Scroll the selected window ARG columns right (its width less two if
nil); return its new sideways scroll."
  (interactive "^P\np")
  (set-window-hscroll nil (- (window-hscroll)
                             (if (null arg) (- (window-body-width) 2) (window--numeric-arg arg)))))

(defun recenter (&optional arg _redisplay)
  "Start the selected window so that point's line is on its row ARG
(from the bottom if negative; the middle if nil)."
  (interactive "P\np")
  (unless (eq (window-buffer) (current-buffer))
    (error "`recenter'ing a window that does not display current-buffer."))
  (let* ((height (window-body-height))
         (row (cond ((or (null arg) (consp arg)) (/ height 2))
                    ((< (window--numeric-arg arg) 0) (max 0 (+ height (window--numeric-arg arg))))
                    (t (min (1- height) (window--numeric-arg arg))))))
    (set-window-start nil (window--line-start (point) (- row)))
    nil))

(defun move-to-window-line (arg)
  "Move point to the start of the selected window's row ARG (from the
bottom if negative, the middle if nil); return the row reached."
  (interactive "P")
  (unless (eq (window-buffer) (current-buffer))
    (error "move-to-window-line called from unrelated buffer"))
  (let* ((height (window-body-height))
         (row (cond ((null arg) (/ (1- height) 2))
                    ((< (window--numeric-arg arg) 0) (+ height (window--numeric-arg arg)))
                    (t (window--numeric-arg arg))))
         (start (window-start)))
    (goto-char start)
    (let ((short (forward-line row)))
      (- row short (if (and (eobp) (not (bolp))) -1 0)))))

;;; ---- Side windows ------------------------------------------------------
;;
;; A side window keeps to one side of the frame: the top and bottom ones
;; as wide as the frame, the left and right ones beside the main window
;; (the windows that are not side windows).  Several slots of one side
;; share it evenly.

;;; ---- Atomic windows ----------------------------------------------
;;
;; The windows of an atomic window all have a non-nil `window-atom'
;; parameter; splitting or deleting one of them splits or deletes the
;; whole, unless `ignore-window-parameters'.

(defun window-atom-root (&optional window)
  "The root of the atomic window WINDOW is part of, nil if none."
  (let ((w (window-normalize-window window)) root)
    (while (and w (window-parameter w 'window-atom))
      (setq root w w (window--slot w parent)))
    root))

(defun window-make-atom (window)
  "Make internal WINDOW and its subtree an atomic window; return WINDOW."
  (unless (window-child window)
    (error "Window %s is not an internal window" window))
  (dolist (w (window--all window) window)
    (unless (window-parameter w 'window-atom)
      (set-window-parameter w 'window-atom t))))

(defun window--atom-root-for (window &optional deleting)
  "The atomic window that splitting or DELETING WINDOW acts on instead,
nil if WINDOW acts for itself; deleting the frame's root window is an
error."
  (let ((root (and (window-parameter window 'window-atom)
                   (window-atom-root window))))
    (when (and root (not (eq root window)))
      (when (and deleting (eq root (frame-root-window)))
        (error "Root of atomic window is root window of its frame"))
      root)))

(defun window--check-atoms (windows)
  "Undo each atomic window among WINDOWS and their subtrees that has a
window without the `window-atom' parameter, or no children."
  (dolist (w windows)
    (if (not (window-parameter w 'window-atom))
        (window--check-atoms (window--slot w children))
      (let ((subtree (window--all w)))
        (when (or (null (cdr subtree))
                  (seq-some (lambda (x) (not (window-parameter x 'window-atom))) subtree))
          (dolist (x subtree)
            (set-window-parameter x 'window-atom nil)))))))

(defun display-buffer-in-atom-window (buffer alist)
  "Show BUFFER in a new window on ALIST's `side' (below) of ALIST's
`window' (the selected one), the two making or joining an atomic window."
  (let* ((ignore-window-parameters t)
         (window-combination-limit t)
         (window-combination-resize 'atom)
         (given (cdr (assq 'window alist)))
         (was-atom (and given (window-parameter given 'window-atom)))
         (window (window-normalize-window given))
         (root (window-atom-root window))
         (new (ignore-errors (split-window window nil (or (cdr (assq 'side alist)) 'below)))))
    (when new
      (window-make-atom (if (and root (not (eq root window))) root (window-parent window)))
      (when (and (not was-atom) (window-live-p window))
        (set-window-parameter window 'window-atom 'main))
      (set-window-parameter new 'window-atom (or (cdr (assq 'side alist)) 'below))
      (window--show-in-new new buffer))))

(defun window-with-parameter (parameter &optional value _frame any minibuf)
  "The first window whose PARAMETER is non-nil (VALUE if VALUE is),
internal windows too if ANY."
  (seq-find (lambda (w) (let ((v (window-parameter w parameter)))
                          (if value (equal v value) v)))
            (if any (window--all (frame-root-window))
              (window-list nil minibuf (frame-first-window)))))

(defun window--side-windows ()
  "The frame's side windows, first to last."
  (seq-filter (lambda (w) (window-parameter w 'window-side))
              (window-list nil 'nomini (frame-first-window))))

(defun window--beside-side-p (window)
  "Whether WINDOW's sibling before or after it is a side window."
  (let ((prev (window-prev-sibling window)) (next (window-next-sibling window)))
    (or (and prev (window-parameter prev 'window-side))
        (and next (window-parameter next 'window-side)))))

(defun window-main-window (&optional frame)
  "FRAME's main window: as Emacs finds it, the last window of the tree,
in order, that is no side window but is beside one; the root window if
there is none."
  (let ((root (frame-root-window (window-normalize-frame frame))) main)
    (dolist (w (window--all root) (or main root))
      (when (and (not (window-parameter w 'window-side)) (window--beside-side-p w))
        (setq main w)))))

(defun window--side-resize (window alist)
  "Give WINDOW, a new side window, the height and width ALIST asks for
\(`window-height', `window-width': a count of lines or columns, a
fraction of the frame's, or a function to call with WINDOW), as Emacs's
`window--display-buffer' does: only along a combination, and only as
far as windows can shrink to their safe minimum.  Return WINDOW."
  (dolist (horizontal '(nil t) window)
    (let ((size (cdr (assq (if horizontal 'window-width 'window-height) alist))))
      (cond ((numberp size)
             (let ((delta (- (if (integerp size) size
                               (round (* size (window--size (frame-root-window) horizontal))))
                             (window--size window horizontal))))
               (when (and (window-resizable-p window delta horizontal 'safe)
                          (window-combined-p window horizontal))
                 (window-resize window delta horizontal 'safe))))
            ((functionp size) (ignore-errors (funcall size window)))))))

(defun window--major-side-next-to (side)
  "The window to split for the first window on SIDE, as Emacs picks it:
the sibling of the window on the opposite side; else the root window
if the new window spans the frame (the top and bottom ones unless
`window-sides-vertical', the left and right ones if it is non-nil);
else the sibling of the window on a side across."
  (let ((on (lambda (side) (window-with-parameter 'window-side side nil t)))
        (spans (if (memq side '(top bottom)) (not window-sides-vertical) window-sides-vertical)))
    (cond ((and (eq side 'left) (funcall on 'right)) (window-prev-sibling (funcall on 'right)))
          ((and (eq side 'top) (funcall on 'bottom)) (window-prev-sibling (funcall on 'bottom)))
          ((and (eq side 'right) (funcall on 'left)) (window-next-sibling (funcall on 'left)))
          ((and (eq side 'bottom) (funcall on 'top)) (window-next-sibling (funcall on 'top)))
          (spans (frame-root-window))
          ((funcall on (if (memq side '(top bottom)) 'left 'top))
           (window-next-sibling (funcall on (if (memq side '(top bottom)) 'left 'top))))
          ((funcall on (if (memq side '(top bottom)) 'right 'bottom))
           (window-prev-sibling (funcall on (if (memq side '(top bottom)) 'right 'bottom))))
          (t (frame-root-window)))))

(defun window--make-side (buffer side slot alist)
  "A new window on SIDE for SLOT, showing BUFFER, of the size ALIST asks
for, a quarter of the frame's by default; nil if there is no room."
  (let* ((horizontal (memq side '(left right)))
         (beside (window--major-side-next-to side))
         (new (let ((window-combination-resize 'side) (window-combination-limit nil))
                (ignore-errors
                  (split-window beside nil (cdr (assq side '((top . above) (bottom . below)
                                                             (left . left) (right . right)))))))))
    (when new
      (window--new-side new buffer side slot)
      ;; As in Emacs, window states keep the side parameters from now on.
      (add-to-list 'window-persistent-parameters '(window-side . writable))
      (add-to-list 'window-persistent-parameters '(window-slot . writable))
      (window--side-resize
       new (if (assq (if horizontal 'window-width 'window-height) alist) alist
             (cons (cons (if horizontal 'window-width 'window-height)
                         (/ (window--size (frame-root-window) horizontal) 4))
                   alist)))
      new)))

(defun window--new-side (window buffer side slot)
  "Make WINDOW, new, the side window of SIDE and SLOT showing BUFFER."
  (with-current-buffer buffer (setq window--sides-shown t))
  (window--show window buffer)
  (set-window-prev-buffers window nil)
  (set-window-dedicated-p window 'side)
  (set-window-parameter window 'window-side side)
  (set-window-parameter window 'window-slot slot)
  (set-window-parameter window 'quit-restore (list 'window 'window (selected-window) buffer))
  window)

(defun window--add-slot (buffer side slot windows)
  "A new window for SLOT beside WINDOWS, the side's others, showing
BUFFER: before the first window of a later slot, else (or if that one
cannot be split) after the last one of an earlier slot; as in Emacs, it
takes its share of the side from all of them.  nil if neither split."
  (let* ((across (memq side '(top bottom)))
         (slot-of (lambda (w) (window-parameter w 'window-slot)))
         (next (seq-find (lambda (w) (> (funcall slot-of w) slot)) windows))
         (prev (car (last (seq-filter (lambda (w) (<= (funcall slot-of w) slot)) windows))))
         (new (let ((window-combination-resize 'side))
                (or (and next (ignore-errors
                                (split-window next nil (if across 'left 'above))))
                    (and prev (ignore-errors
                                (split-window prev nil (if across 'right 'below))))))))
    (and new (window--new-side new buffer side slot))))

(defun window--reuse-side (window buffer slot)
  "Show BUFFER in WINDOW, a side window, now of SLOT; return WINDOW."
  (with-current-buffer buffer (setq window--sides-shown t))
  (set-window-parameter window 'window-slot slot)
  (set-window-dedicated-p window nil)
  (window--show-for-display window buffer)
  (set-window-dedicated-p window 'side)
  window)

(defun window--slot-distance (slot window)
  "How far the slot of side WINDOW is from SLOT."
  (abs (- slot (window-parameter window 'window-slot))))

(defun window--nearest-slot (slot windows)
  "The first of WINDOWS whose slot is nearest SLOT."
  (let ((nearest (car windows)))
    (dolist (window (cdr windows) nearest)
      (when (< (window--slot-distance slot window)
               (window--slot-distance slot nearest))
        (setq nearest window)))))

(defun window--side-max-slots (side)
  "How many slots SIDE may have, from `window-sides-slots'; nil for any."
  (nth (seq-position '(left top right bottom) side) window-sides-slots))

(defun display-buffer-in-side-window (buffer alist)
  "Show BUFFER in the side window of ALIST's `side' (bottom by default)
and `slot' (0), made if need be and `window-sides-slots' allows it (else
the side window of the nearest slot shows it); return that window, nil
if the side may have no slots."
  (let ((side (or (cdr (assq 'side alist)) 'bottom))
        (slot (or (cdr (assq 'slot alist)) 0)))
    (unless (memq side '(top bottom left right))
      (error "Invalid side %s specified" side))
    (unless (numberp slot)
      (error "Invalid slot %s specified" slot))
    (let* ((windows (seq-filter (lambda (w) (eq (window-parameter w 'window-side) side))
                                (window--side-windows)))
           (same (seq-find (lambda (w) (eql (window-parameter w 'window-slot) slot)) windows))
           (max-slots (window--side-max-slots side)))
      (cond ((and (numberp max-slots) (<= max-slots 0)) nil)
            (same (window--reuse-side same buffer slot))
            (windows
             (let ((new (and (or (not (numberp max-slots)) (< (length windows) max-slots))
                             (window--add-slot buffer side slot windows))))
               (if new (window--side-resize new alist)
                 (window--reuse-side (window--nearest-slot slot windows) buffer slot))))
            (t (window--make-side buffer side slot alist))))))

(defun window-toggle-side-windows (&optional frame)
  "Hide the side windows of FRAME, its state kept in its `window-state'
parameter, or put that state back around the main window."
  (interactive)
  (let ((frame (window-normalize-frame frame)))
    (cond ((window-with-parameter 'window-side)
           (set-frame-parameter frame 'window-state (window-state-get (frame-root-window)))
           (let ((ignore-window-parameters t))
             (delete-other-windows (window-main-window))))
          ((frame-parameter frame 'window-state)
           (let ((window-combination-resize t)
                 (main-state (window-state-get (frame-root-window))))
             (window-state-put (frame-parameter frame 'window-state) (frame-root-window) t)
             (window-state-put main-state (window-main-window))))
          (t (error "No side windows state found")))
    nil))

;;; ---- Other frames ------------------------------------------------------
;;
;; Batch Emacs cannot make a frame ("Unknown terminal type"), so F1 stays
;; the only one.

(defun make-frame (&optional _parameters)
  "Signal an error: batch Emacs has no terminal to open a frame on."
  (interactive)
  (error "Unknown terminal type"))

(defun make-frame-command ()
  "Signal an error, as `make-frame' does."
  (interactive)
  (make-frame))

(defun window--live-frame (frame)
  "FRAME, the selected frame if nil, checked to be live."
  (cond ((null frame) (selected-frame))
        ((frame-live-p frame) frame)
        (t (signal 'wrong-type-argument (list 'frame-live-p frame)))))

(defun next-frame (&optional frame _miniframe)
  "The frame after FRAME: the only one."
  (window--live-frame frame))

(defun previous-frame (&optional frame _miniframe)
  "The frame before FRAME: the only one."
  (window--live-frame frame))

(defun select-frame (frame &optional _norecord)
  "Select FRAME, the only one; return it."
  (interactive "e")
  (window--live-frame frame)
  frame)

(defun visible-frame-list ()
  "The frames shown: the only one."
  (frame-list))

(defun other-frame (_arg)
  "Select another frame: there is none."
  (interactive "p")
  nil)

(defun delete-frame (&optional frame force)
  "Signal an error: the only frame cannot be deleted."
  (interactive "")
  (when (and frame (not (framep frame)))
    (signal 'wrong-type-argument (list 'framep frame)))
  (error (if force "Attempt to delete the only frame"
           "Attempt to delete the sole visible or iconified frame")))

(provide 'window)

;;; window.el ends here
