;;; callint.el --- calling commands interactively, for marrow  -*- lexical-binding: t -*-

;; Emacs's call-interactively reads a command's arguments as its
;; interactive form says.  Marrow runs as batch Emacs does: no keys,
;; no mark, and the minibuffer reads standard input.

(defun prefix-numeric-value (raw)
  "The number the raw prefix argument RAW stands for: 1 for nil, -1 for
`-', N for (N) or N."
  (cond ((null raw) 1)
        ((eq raw '-) -1)
        ((consp raw) (car raw))
        ((integerp raw) raw)
        (t 1)))

(defun callint--no-region ()
  (error "The mark is not set now, so there is no region"))

(defun callint--read (prompt)
  "Read a Lisp object from a string read with PROMPT."
  (car (read-from-string (read-string prompt))))

(defun callint--code-args (code prompt)
  "The arguments the interactive code letter CODE gives, a list, with
PROMPT for those that read."
  (pcase code
    (?p (list (prefix-numeric-value current-prefix-arg)))
    (?P (list current-prefix-arg))
    (?d (list (point)))
    (?i (list nil))
    ((or ?m ?r) (callint--no-region))
    (?s (list (read-string prompt)))
    (?S (list (intern (read-string prompt))))
    (?x (list (callint--read prompt)))
    (?X (list (eval (callint--read prompt) t)))
    (?n (let ((n (callint--read prompt)))
          (unless (numberp n) (signal 'wrong-type-argument (list 'numberp n)))
          (list n)))
    (_ (error "Invalid control letter `%c' (#o%o, #x%04x) in interactive calling string"
              code code code))))

(defun callint--string-args (spec)
  "The arguments the interactive string SPEC gives: one or more per
line, each a code letter and its prompt; leading *, @ and ^ (about
read-only buffers, windows and shifted keys) do nothing here."
  (let ((spec (replace-regexp-in-string "\\`[*@^]+" "" spec)))
    (unless (string= spec "")
      (mapcan (lambda (line)
                (callint--code-args (aref line 0) (substring line 1)))
              (split-string spec "\n")))))

(defun callint--args (spec)
  "The arguments the interactive form (interactive SPEC) gives: SPEC a
string of code letters (p, P, d, i, s, S, x, X, n; m and r signal, as
there is no mark), or a form evaluated for the list."
  (cond ((null spec) nil)
        ((stringp spec) (callint--string-args spec))
        (t (eval spec t))))

(defun callint--plumbing-p (function)
  "Whether a frame calling FUNCTION is advice's own between a function
and its caller: apply, funcall, nadvice's functions and objects, or a
symbol whose definition is advice."
  (or (memq function '(apply funcall))
      (and (symbolp function) (string-prefix-p "nadvice--" (symbol-name function)))
      (and (fboundp 'advice--p)
           (advice--p (if (symbolp function) (and (fboundp function) (symbol-function function))
                        function)))))

(defun callint--advice-functions (frames)
  "The functions of the advice on the advised symbols FRAMES call."
  (mapcan (lambda (frame)
            (let ((function (nth 1 frame)))
              (and (symbolp function)
                   (mapcar #'cadr (get function 'nadvice--pieces)))))
          frames))

(defun callint--calls (frames)
  "FRAMES less the forms being evaluated (special forms, calls whose
arguments are not all evaluated), which Emacs skips here too."
  (let ((calls nil))
    (dolist (frame frames)
      (when (car frame)
        (push frame calls)))
    (nreverse calls)))

(defun callint--called-interactively-p ()
  "Whether the caller of `called-interactively-p' was called by
`funcall-interactively' (so by `call-interactively'), looking through
the advice between them: for a piece of advice, whether the function
it advises was.  As in Emacs, the advised definition itself, called
from its advice, is not."
  (let* ((callers (cddr (callint--calls (backtrace-frames 'called-interactively-p))))
         (advice (callint--advice-functions callers)))
    (while (and callers (or (callint--plumbing-p (nth 1 (car callers)))
                            (memq (nth 1 (car callers)) advice)))
      (pop callers))
    (eq (nth 1 (car callers)) 'funcall-interactively)))


;;; callint.el ends here
