;;; kbd.el --- key descriptions read as key sequences, for marrow  -*- lexical-binding: t -*-

;; `kbd' reads the text `key-description' prints ("C-x 4 C-f",
;; "<f1>", "M-RET") as Emacs 28's does: a string when every key is a
;; plain or control ASCII character, else a vector of events.

(defconst kbd--modifier-bits
  '((?A . #x400000) (?s . #x800000) (?H . #x1000000)
    (?S . #x2000000) (?C . #x4000000) (?M . #x8000000))
  "Each modifier's letter in a key description, and its bit in an event.")

(defconst kbd--named-characters
  '(("NUL" . 0) ("RET" . 13) ("LFD" . 10) ("TAB" . 9)
    ("ESC" . 27) ("SPC" . 32) ("DEL" . 127))
  "The characters a key description names.")

(defun kbd--control (char)
  "CHAR with the control modifier: a control character when there is
one (for @ to _ and the lower-case letters), else the modifier bit."
  (if (or (<= ?@ char ?_) (<= ?a char ?z))
      (logand char 31)
    (logior char (cdr (assq ?C kbd--modifier-bits)))))

(defun kbd--bits (modifiers)
  "The event bits of MODIFIERS, a list of modifier letters."
  (let ((bits 0))
    (dolist (m modifiers bits)
      (setq bits (logior bits (cdr (assq m kbd--modifier-bits)))))))

(defun kbd--modify (char modifiers)
  "CHAR with MODIFIERS, a list of modifier letters."
  (if (memq ?C modifiers)
      (logior (kbd--bits (remq ?C modifiers)) (kbd--control char))
    (logior (kbd--bits modifiers) char)))

(defun kbd--single-character (text)
  "The character TEXT stands for alone (\"x\", \"^X\", \"RET\"), or nil."
  (cond ((= (length text) 1) (aref text 0))
        ((and (= (length text) 2) (eq (aref text 0) ?^))
         (logand (aref text 1) 31))
        (t (cdr (assoc text kbd--named-characters)))))

(defun kbd--function-key (name prefix modifiers)
  "The event `<NAME>' stands for after the modifiers PREFIX (\"C-M-\"),
whose letters are MODIFIERS: a named character other than TAB with
those modifiers, or the symbol PREFIX NAME."
  (let ((char (and (not (equal name "TAB"))
                   (cdr (assoc name kbd--named-characters)))))
    (if char
        (kbd--modify char modifiers)
      (intern (concat prefix name)))))

(defun kbd--word-events (word)
  "The events of WORD, a key description without spaces."
  (let* ((prefix-end (and (string-match "\\`\\([ACHMsS]-\\)*" word) (match-end 0)))
         (prefix (substring word 0 prefix-end))
         (rest (substring word prefix-end))
         (modifiers (mapcar #'identity (replace-regexp-in-string "-" "" prefix)))
         (char (and (> (length rest) 0) (kbd--single-character rest))))
    (cond ((string-match "\\`<\\([^ <>\t\n\f][^>\t\n\f]*\\)>" rest)
           (let ((end (match-end 0)) (name (match-string 1 rest)))
             (when (and modifiers (< end (length rest)))
               (error "%s must prefix a single character, not %s" prefix rest))
             (cons (kbd--function-key name prefix modifiers)
                   (mapcar #'identity (substring rest end)))))
          ((equal rest "") (mapcar #'identity word))
          ;; An octal code: its modifiers are only bits, even control.
          ((string-match-p "\\`\\\\[0-7]+\\'" rest)
           (list (logior (kbd--bits modifiers) (string-to-number (substring rest 1) 8))))
          (char (list (kbd--modify char modifiers)))
          (modifiers (error "%s must prefix a single character, not %s" prefix rest))
          (t (mapcar #'identity rest)))))

(defun kbd (keys)
  "The key sequence KEYS describes, as `key-description' writes it:
words such as \"C-x\", \"M-RET\", \"<f1>\" or \"abc\" separated by
spaces, a word starting with \";;\" commenting out the rest.  A string
when every key is an ASCII character without modifier bits, else a
vector."
  (let ((events nil) (words (split-string keys "[ \t\n\f]+" t)))
    (while (and words (not (string-prefix-p ";;" (car words))))
      (setq events (append events (kbd--word-events (pop words)))))
    (if (not (memq nil (mapcar (lambda (e) (and (characterp e) (< e 128)))
                               events)))
        (concat events)
      (vconcat events))))


;;; kbd.el ends here
