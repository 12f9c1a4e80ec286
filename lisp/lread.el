;;; lread.el --- functions Emacs writes in C (lread.c), in Lisp for marrow  -*- lexical-binding: t -*-

(defun lread--property-plists (string)
  "The plists of STRING's text properties, one per run that has any."
  (let ((plists nil) (pos 0) (len (length string)))
    (while (< pos len)
      (let ((plist (text-properties-at pos string)))
        (when plist (push plist plists))
        (setq pos (next-property-change pos string len))))
    plists))

(defun lread--substitute-object-in-subtree (object placeholder _completed)
  "Put OBJECT in place of PLACEHOLDER wherever it occurs inside OBJECT:
in conses, vectors, records and the text properties of strings, each
visited once however circular.  Emacs's reader does this for #N=;
COMPLETED, which there says which objects may be circular, is not
needed here.  Return nil."
  (let ((seen (make-hash-table :test 'eq))
        (stack (list object)))
    (while stack
      (let ((x (pop stack)))
        (unless (gethash x seen)
          (puthash x t seen)
          (cond ((consp x)
                 (when (eq (car x) placeholder) (setcar x object))
                 (when (eq (cdr x) placeholder) (setcdr x object))
                 (push (car x) stack)
                 (push (cdr x) stack))
                ((or (vectorp x) (recordp x))
                 (dotimes (i (length x))
                   (when (eq (aref x i) placeholder) (aset x i object))
                   (push (aref x i) stack)))
                ((stringp x)
                 (setq stack (append (lread--property-plists x) stack)))))))
    nil))


;; `read' from a function: Emacs calls it for each character, and with
;; one argument to give back the character after the datum it read.

(defconst lread--delimiters '(?\s ?\t ?\n ?\r ?\f ?\( ?\) ?\[ ?\] ?\" ?\' ?\; ?` ?,)
  "Characters that may end a datum, or follow one that ends it.")

(defun lread--syntax-error-position (buffer)
  "The (LINE COLUMN) of point in BUFFER, for a read error there.
LINE counts from the accessible portion's start, from 1; COLUMN is
the display column, as Emacs's invalid-read-syntax reports them."
  (with-current-buffer buffer
    (list (1+ (count-lines (point-min) (line-beginning-position)))
          (current-column))))

(defun lread--file-shorthands (text)
  "The `read-symbol-shorthands' of the Local Variables list of TEXT,
a source file's text, as Emacs 28's load finds them; nil for none."
  (with-temp-buffer
    (insert text)
    (condition-case nil
        (alist-get 'read-symbol-shorthands (files--local-variables-list))
      (error nil))))

(defun lread--read-from-function (stream)
  "Read a datum from STREAM, a function returning the next character
\(nil at the end) when called without arguments and taking back the
character it gave when called with it."
  (let ((chars nil) (datum nil) (done nil))
    (while (not done)
      (let ((c (funcall stream)))
        (if (null c)
            (setq datum (car (read-from-string (concat (nreverse chars))))
                  done t)
          (push c chars)
          (when (memq c lread--delimiters)
            (let ((found (lread--complete-datum (concat (reverse chars)))))
              (when found
                (setq datum (car found) done t)
                (unless (= (cdr found) (length chars))
                  (funcall stream c))))))))
    datum))

(defun lread--complete-datum (text)
  "(DATUM . END) when TEXT, whose last character is a delimiter, holds a
whole datum ending at END; nil when more text is needed."
  (let ((found (condition-case nil (read-from-string text) (end-of-file nil)))
        (len (length text)))
    (and found
         (or (< (cdr found) len)
             (and (memq (aref text (1- len)) '(?\) ?\] ?\"))
                  (not (and (> len 1) (eq (aref text (- len 2)) ?\\)))))
         found)))

(defun byte-run--unescaped-character-literals-warning ()
  "The warning `load' gives about the character literals in
`lread--unescaped-character-literals', or nil when there are none."
  (when lread--unescaped-character-literals
    (let ((chars (sort (copy-sequence lread--unescaped-character-literals) #'<)))
      (format-message "unescaped character literals %s detected, %s expected!"
                      (mapconcat (lambda (c) (format "`?%c'" c)) chars ", ")
                      (mapconcat (lambda (c) (format "`?\\%c'" c)) chars ", ")))))

;;; lread.el ends here
