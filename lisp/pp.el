;;; pp.el --- pretty printer for marrow  -*- lexical-binding: t -*-

;; `pp' and `pp-to-string' lay out an object as GNU Emacs 28 does, in
;; two passes over its `prin1' text:
;;
;; 1. Line breaks: a list (or vector) that follows whitespace starts a
;;    new line, and a run of closing parens ends one.
;; 2. Indentation, line by line, as Emacs Lisp mode indents code: under
;;    the second element when the first line has two, else under the
;;    first element of the line of the last complete element; forms
;;    whose car has an indentation spec (`pp--indent-specs') indent
;;    their body by 2 and their distinguished arguments by 4.  Columns
;;    of 8 or more start with tabs, as `indent-tabs-mode' does.

(defvar pp-escape-newlines t
  "Value of `print-escape-newlines' used by `pp-to-string'.")

(defconst pp--indent-specs
  ;; Emacs -Q's `lisp-indent-function' of each symbol marrow defines
  ;; (listed with mapatoms in Emacs, kept when fboundp in marrow).
  '((autoload . defun) (benchmark-progn . 0) (benchmark-run . 1) (catch . 1)
    (cl-defgeneric . 2) (cl-defmethod . defun) (condition-case . 2)
    (condition-case-unless-debug . 2) (define-inline . defun) (defmacro . 2)
    (defun . 2) (dlet . 1) (dolist . 1) (dotimes . 1) (ert-deftest . 2)
    (eval-and-compile . 0) (eval-when-compile . 0) (gv-define-setter . 2) (if . 2)
    (if-let . 2) (ignore-error . 1) (ignore-errors . 0) (lambda . defun) (let . 1)
    (let* . 1) (letrec . 1) (pcase . 1) (pcase-dolist . 1) (pcase-exhaustive . 1)
    (pcase-let . 1) (pcase-let* . 1) (prog1 . 1) (prog2 . 2) (progn . 0)
    (save-match-data . 0) (unless . 1) (unwind-protect . 1) (when . 1)
    (when-let . 1) (while . 1) (with-demoted-errors . 1) (with-eval-after-load . 1)
    (with-no-warnings . 0) (with-output-to-string . 0) (with-suppressed-warnings . 1))
  "How Emacs indents the forms of these symbols: body after N arguments, or defun.")

(defun pp--open-p (c) (memq c '(?\( ?\[)))
(defun pp--close-p (c) (memq c '(?\) ?\])))
(defun pp--space-p (c) (memq c '(?\s ?\t ?\n)))
(defun pp--prefix-p (c) (memq c '(?' ?` ?# ?, ?@)))

(defun pp--atom-end (text i)
  "The index after the atom (string or symbol-like token) starting at I."
  (let ((n (length text)))
    (if (eq (aref text i) ?\")
        (progn
          (setq i (1+ i))
          (while (and (< i n) (not (eq (aref text i) ?\")))
            (setq i (+ i (if (eq (aref text i) ?\\) 2 1))))
          (min n (1+ i)))
      (while (and (< i n)
                  (let ((c (aref text i)))
                    (not (or (pp--space-p c) (pp--open-p c) (pp--close-p c) (eq c ?\"))))
                  (progn (when (eq (aref text i) ?\\) (setq i (1+ i))) t))
        (setq i (1+ i)))
      (min n i))))

;;; ---- Pass 1: line breaks -------------------------------------------------

(defun pp--break-before-list (out)
  "OUT (reversed characters) with the whitespace before its trailing
prefix characters replaced by a newline, if there is such whitespace."
  (let ((prefix nil) (rest out))
    (while (and rest (memq (car rest) '(?' ?` ?# ?^)))
      (push (pop rest) prefix))
    (if (and rest (pp--space-p (car rest)))
        (progn
          (while (and rest (pp--space-p (car rest)))
            (pop rest))
          (append (reverse prefix) (cons ?\n rest)))
      out)))

(defun pp--break-lines (text)
  (let ((i 0) (n (length text)) (out nil))
    (while (< i n)
      (let ((c (aref text i)))
        (cond ((pp--open-p c)
               (setq out (cons c (pp--break-before-list out)) i (1+ i)))
              ((pp--close-p c)
               (while (and (< i n) (pp--close-p (aref text i)))
                 (push (aref text i) out)
                 (setq i (1+ i)))
               (while (and (< i n) (pp--space-p (aref text i)))
                 (setq i (1+ i)))
               (push ?\n out))
              ((pp--space-p c) (push c out) (setq i (1+ i)))
              (t (let ((end (pp--atom-end text i)))
                   (while (< i end)
                     (push (aref text i) out)
                     (setq i (1+ i))))))))
    (concat (nreverse out))))

;;; ---- Pass 2: indentation -------------------------------------------------
;;
;; While the lines are laid out, a stack holds one frame per open list:
;; [PAREN-COLUMN LINE ELEMENTS START-COLUMN], ELEMENTS being (LINE
;; COLUMN TEXT) of each complete element, newest first; TEXT is the
;; atom's text, or nil for a list.  A column is where an element's
;; prefix characters (' ` # ,) start.

(defun pp--frame (paren-column line start-column) (vector paren-column line nil start-column))

(defun pp--add-element (frame line column text)
  (aset frame 2 (cons (list line column text) (aref frame 2))))

(defun pp--first-on-line (elements line)
  "The column of the first of ELEMENTS (newest first) on LINE."
  (let ((column nil))
    (dolist (e elements)
      (when (= (car e) line) (setq column (nth 1 e))))
    column))

(defun pp--sans-prefix (text)
  "TEXT, an atom, without its prefix characters, as Emacs's parser skips them."
  (let ((i 0))
    (while (and (< i (length text)) (memq (aref text i) '(?' ?` ?# ?,)))
      (setq i (1+ i)))
    (substring text i)))

(defun pp--word-start-p (text)
  (and text (> (length text) 0)
       (not (memq (aref text 0) '(?\" ?\? ?\\)))))

(defun pp--specform (count frame elements normal)
  "Emacs's `lisp-indent-specform': COUNT distinguished arguments."
  (let* ((column (aref frame 0))
         (body (+ column 2))
         (args (1- (length elements)))  ; before the line, after the car
         (left (- count args)))
    (cond ((> left 0) (if (<= args 1) (+ column 4) normal))
          ((and (= left 0) (or (= count 0) (<= body normal))) body)
          (t normal))))

(defun pp--indentation (frame)
  "The column for a line starting inside FRAME, as Emacs Lisp mode."
  (let* ((elements (aref frame 2))
         (first (car (last elements)))
         (last (car elements)))
    (if (null elements)
        (1+ (aref frame 0))
      (let* ((on-first-line (= (car last) (car first)))
             (first-text (and (nth 2 first) (pp--sans-prefix (nth 2 first))))
             (normal (cond ((null first-text) (nth 1 first))
                           ((not on-first-line) (pp--first-on-line elements (car last)))
                           ((eq first last) (nth 1 first))
                           (t (nth 1 (nth (- (length elements) 2) elements))))))
        (if (not (pp--word-start-p first-text))
            (if on-first-line (nth 1 first) (pp--first-on-line elements (car last)))
          (let ((method (cdr (assq (intern-soft first-text) pp--indent-specs))))
            (cond ((or (eq method 'defun)
                       (and (null method) (> (length first-text) 3)
                            (string-prefix-p "def" first-text)))
                   (if (= (car last) (aref frame 1)) (+ (aref frame 0) 2) normal))
                  ((integerp method) (pp--specform method frame elements normal))
                  (t normal))))))))

(defun pp--unindented (line)
  (let ((i 0))
    (while (and (< i (length line)) (memq (aref line i) '(?\s ?\t)))
      (setq i (1+ i)))
    (substring line i)))

(defun pp--indent-string (column)
  (concat (make-string (/ column 8) ?\t) (make-string (% column 8) ?\s)))

(defun pp--indent-lines (text)
  (let ((stack nil) (lineno 0) (out nil) (top (pp--frame 0 0 0)))
    (dolist (line (split-string text "\n"))
      (let* ((body (pp--unindented line))
             (column (if (and stack (> lineno 0)) (pp--indentation (car stack)) 0))
             (i 0) (n (length body)) (col column))
        (push (concat (if (and stack (> lineno 0)) (pp--indent-string column) "") body) out)
        (while (< i n)
          (let ((c (aref body i)) (start-col col))
            (cond ((pp--space-p c) (setq i (1+ i) col (1+ col)))
                  ((pp--close-p c)
                   (let ((frame (pop stack)))
                     (when frame
                       (pp--add-element (or (car stack) top) (aref frame 1) (aref frame 3) nil)))
                   (setq i (1+ i) col (1+ col)))
                  (t
                   (let ((j i))
                     (while (and (< j n) (pp--prefix-p (aref body j)) (< (1+ j) n)
                                 (not (pp--space-p (aref body (1+ j)))))
                       (setq j (1+ j)))
                     (if (and (< j n) (pp--open-p (aref body j)))
                         (progn
                           (push (pp--frame (+ start-col (- j i)) lineno start-col) stack)
                           (setq col (+ col (- j i) 1) i (1+ j)))
                       (let ((end (pp--atom-end body j)))
                         (pp--add-element (or (car stack) top) lineno start-col
                                          (substring body i end))
                         (setq col (+ col (string-width (substring body i end))) i end))))))))
        (setq lineno (1+ lineno))))
    (mapconcat #'identity (nreverse out) "\n")))

;;; ---- Entry points --------------------------------------------------------

(defun pp-to-string (object)
  "The pretty-printed representation of OBJECT, as `read' reads it back."
  (let ((text (let ((print-escape-newlines pp-escape-newlines)
                    (print-quoted t))
                (prin1-to-string object))))
    (pp--indent-lines (pp--break-lines text))))

(defun pp (object &optional stream)
  "Print OBJECT pretty-printed to STREAM (default `standard-output')."
  (princ (pp-to-string object) (or stream standard-output)))

(provide 'pp)

;;; pp.el ends here
