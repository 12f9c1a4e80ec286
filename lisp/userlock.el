;;; userlock.el --- what to do when a visited file changed on disk  -*- lexical-binding: t -*-

;; The first change to an unmodified buffer whose file changed on disk
;; since it was visited (buffer.c checks, as Emacs's lock_file does)
;; calls `userlock--ask-user-about-supersession-threat'.  Emacs asks
;; with a key; marrow cannot read one, so it answers as batch Emacs
;; does: it shows the question and refuses the change with an error.
;; marrow makes no lock files, so `ask-user-about-lock' is only called
;; by whoever calls it.  subr.el autoloads this file.

(define-error 'file-locked "File is locked" 'file-error)
(define-error 'file-supersession nil 'file-error)

(defun userlock--fontify-key (key)
  "KEY as the prompts show it."
  (propertize key 'face 'help-key-binding))

(defun userlock--cannot-ask (question error-text)
  "Show QUESTION, then refuse with ERROR-TEXT: nobody can answer here."
  (message "%s" question)
  (error "%s" error-text))

(defun userlock--shortened (text limit)
  "TEXT when it has at most LIMIT characters, else its last LIMIT after \"...\"."
  (if (> (length text) limit)
      (concat "..." (substring text (- (length text) limit)))
    text))

(defun userlock--short-opponent (opponent)
  "OPPONENT (\"USER@HOST (pid N)\") cut to fit in the lock question."
  (if (<= (length opponent) 25)
      opponent
    (save-match-data
      (string-match " (pid [0-9]+)" opponent)
      (concat (substring opponent 0 13) "..." (match-string 0 opponent)))))

(defun ask-user-about-lock (file opponent)
  "Ask what to do about editing FILE, which OPPONENT has locked.
Emacs returns t (take the lock), nil (edit anyway) or signals
`file-locked'; as in batch Emacs, this shows the question and
signals an error."
  (userlock--cannot-ask
   (format "%s locked by %s: (%s, %s, %s, %s)? "
           (userlock--shortened file 22) (userlock--short-opponent opponent)
           (userlock--fontify-key "s") (userlock--fontify-key "q")
           (userlock--fontify-key "p") (userlock--fontify-key "?"))
   "Cannot resolve lock conflict in batch mode"))

(defun ask-user-about-supersession-threat (filename)
  "Ask what to do about changing the current buffer, whose FILENAME
changed on disk since it was visited.  Returning lets the change go
ahead; a signal refuses it.  As in batch Emacs, this shows the
question and signals an error."
  (userlock--cannot-ask
   (format "%s changed on disk; really edit the buffer? (%s, %s, %s or %s) "
           (file-name-nondirectory filename)
           (userlock--fontify-key "y") (userlock--fontify-key "n")
           (userlock--fontify-key "r") (userlock--fontify-key "C-h"))
   "Cannot resolve conflict in batch mode"))

(defun userlock--file-text (filename)
  "FILENAME's text as the current buffer would read it."
  (let ((coding-system-for-read buffer-file-coding-system))
    (with-temp-buffer
      (insert-file-contents filename)
      (buffer-substring-no-properties (point-min) (point-max)))))

(defun userlock--check-content-unchanged (filename)
  "If FILENAME, the current buffer's file, holds the buffer's text, take
its time as the visited one and return `unchanged'.  A failure is only
reported."
  (with-demoted-errors "Unchanged content check: %S"
    (unless (equal (expand-file-name filename) (expand-file-name buffer-file-truename))
      (signal 'cl-assertion-failed
              '((equal (expand-file-name filename) (expand-file-name buffer-file-truename)))))
    (let ((text (save-restriction
                  (widen)
                  (buffer-substring-no-properties (point-min) (point-max)))))
      (when (equal (userlock--file-text filename) text)
        (set-visited-file-modtime)
        'unchanged))))

(defun userlock--ask-user-about-supersession-threat (filename)
  "Called before the current buffer's first change when its FILENAME
changed on disk: a file that only has a new time needs no question."
  (unless (userlock--check-content-unchanged filename)
    (ask-user-about-supersession-threat filename)))

;;; userlock.el ends here
