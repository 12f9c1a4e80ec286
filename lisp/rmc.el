;;; rmc.el --- read one of several choices by its key  -*- lexical-binding: t -*-

;; Emacs 28's `read-multiple-choice', written for marrow, as a batch
;; (text) frame shows it: each choice's key bracketed in its name.

(defun rmc--choice-label (choice)
  "How the prompt shows CHOICE, (KEY NAME ...): NAME with the first KEY
in it bracketed and upcased, else KEY bracketed before NAME."
  (let* ((key (car choice))
         (name (cadr choice))
         (at (string-search (string key) name)))
    (if at
        (concat (substring name 0 at) "[" (upcase (string key)) "]"
                (substring name (1+ at)))
      (concat "[" (string key) "] " name))))

(defun read-multiple-choice (prompt choices &optional _help-string)
  "Ask PROMPT, offering CHOICES, a list of (KEY NAME [DESCRIPTION]),
until a KEY is typed; return its choice.  Typing `?' asks again (a
text frame has no help window to show)."
  (let ((question (format "%s (%s): " prompt
                          (mapconcat #'identity
                                     (append (mapcar #'rmc--choice-label choices) '("[?]"))
                                     ", ")))
        (preamble "")
        (answer nil))
    (while (not answer)
      (message "%s%s" preamble question)
      (let ((event (read-event)))
        (setq answer (assq event choices))
        (unless answer
          (if (eq event ??)
              (setq preamble "")
            (ding)
            (setq preamble "Invalid choice.  "))
          (message ""))))
    answer))

(provide 'rmc)

;;; rmc.el ends here
