;;; mule-util.el --- string width utilities for marrow  -*- lexical-binding: t -*-

;; `truncate-string-to-width' as GNU Emacs 28 behaves, autoloaded from
;; subr.el.  Columns are `char-width' columns.  marrow has no text
;; properties: given ELLIPSIS-TEXT-PROPERTY, the result holds the
;; characters Emacs's does (the elided text is kept, not replaced),
;; without the `display' property over them.

(defvar truncate-string-ellipsis nil
  "The string `truncate-string-to-width' uses for an ELLIPSIS of t, if non-nil.")

(defun truncate-string-ellipsis ()
  "The ellipsis for truncated strings: `truncate-string-ellipsis' or \"…\"."
  (or truncate-string-ellipsis "…"))

(defun mule-util--advance (str idx column limit fit)
  "Walk STR from index IDX at COLUMN while COLUMN is below LIMIT.
With FIT, stop before a character that would pass LIMIT.
Return (INDEX . COLUMN) where the walk stopped."
  (let ((len (length str)) (done nil))
    (while (and (not done) (< column limit) (< idx len))
      (let ((next (+ column (char-width (aref str idx)))))
        (if (and fit (> next limit))
            (setq done t)
          (setq column next idx (1+ idx)))))
    (cons idx column)))

(defun truncate-string-to-width (str end-column &optional start-column padding ellipsis
                                     ellipsis-text-property)
  "Truncate STR to end at column END-COLUMN, starting at START-COLUMN.
PADDING, a character, fills columns that a wide character at either
end, or the end of STR, leaves empty.  ELLIPSIS, a string (or t for
`truncate-string-ellipsis'), replaces the end of a STR wider than
END-COLUMN, unless STR is no wider than ELLIPSIS.  With
ELLIPSIS-TEXT-PROPERTY, the end is kept but covered by a `display'
property showing ELLIPSIS."
  ;; Emacs takes STR's length first: a non-sequence is (wrong-type-argument sequencep STR)
  (length str)
  (let* ((start-column (or start-column 0))
         (ellipsis (if (and ellipsis (not (stringp ellipsis))) (truncate-string-ellipsis) ellipsis))
         (width (string-width str))
         (ellipsis-width (if ellipsis (string-width ellipsis) 0))
         (start (mule-util--advance str 0 0 start-column nil))
         (from (car start))
         (column (cdr start)))
    (if (< column start-column)
        (if padding (make-string end-column padding) "")
      (let ((head (if (and padding (> column start-column))
                      (make-string (- column start-column) padding)
                    ""))
            (idx from)
            (tail ""))
        (when (>= end-column column)
          (if (and (< end-column width) (> width ellipsis-width))
              (setq end-column (- end-column ellipsis-width))
            (setq ellipsis ""))
          (if (> column end-column)
              ;; No room before the ellipsis: Emacs 28 then keeps all the
              ;; rest of STR, and fails on padding it.
              (progn
                (setq idx nil)
                (when padding
                  (signal 'wrong-type-argument (list 'number-or-marker-p nil))))
            (let ((stop (mule-util--advance str idx column end-column t)))
              (setq idx (car stop) column (cdr stop)))
            (when (and padding (< column end-column))
              (setq tail (make-string (- end-column column) padding)))))
        (if (and ellipsis-text-property idx (not (equal ellipsis "")))
            (concat head (substring str from idx)
                    (propertize (substring str idx) 'display (or ellipsis "")))
          (concat head (substring str from idx) tail ellipsis))))))

;;; File positions and buffer positions

;; A file's byte offsets against its buffer's positions, given the
;; coding system it was read in.  Each coding system marrow knows falls
;; in one of four kinds: UTF-8 (a position's internal bytes are its
;; file bytes), one byte a character, UTF-16 (two bytes a character but
;; past the BMP), and what only encoding again can tell.

(defun mule-util--coding-kind (coding-system)
  "How CODING-SYSTEM lays characters out in a file: `utf-8',
`single-byte', `utf-16' or nil."
  (pcase (coding-system-type coding-system)
    ('utf-8 'utf-8)
    ((or 'charset 'raw-text 'undecided) 'single-byte)
    ('utf-16 'utf-16)))

(defun mule-util--mark-bytes (coding-system)
  "How many bytes of byte order mark CODING-SYSTEM's files start with."
  (let ((base (coding-system-base coding-system)))
    (cond ((eq base 'utf-8-with-signature) 3)
          ((memq base '(utf-16 utf-16le-with-signature utf-16be-with-signature)) 2)
          (t 0))))

(defun mule-util--eol (coding-system quality)
  "CODING-SYSTEM's end of line as a number; an undecided one is Unix,
or an error when QUALITY is `exact'."
  (let ((eol (coding-system-eol-type coding-system)))
    (cond ((numberp eol) eol)
          ((eq quality 'exact)
           (error "Unknown EOL format in coding system: %s" coding-system))
          (t 0))))

(defun mule-util--crlf-position (byte to-position)
  "The position of file BYTE in a DOS file: TO-POSITION maps a byte
offset with no CRs to a position; each line before that position
holds one CR more, so settle the count of lines by going round."
  (let ((crs 0) (pos nil) (rounds 0) (done nil))
    (while (not done)
      (setq pos (or (funcall to-position (max 0 (- byte crs)))
                    (if (<= byte crs) (point-min) (point-max))))
      (let ((lines (save-restriction (widen) (1- (line-number-at-pos pos)))))
        (setq rounds (1+ rounds))
        (if (or (= lines crs) (> rounds 64))
            (setq done t)
          (setq crs lines))))
    pos))

(defun mule-util--encoded-length (from to coding-system)
  "How many bytes the text from FROM to TO takes in CODING-SYSTEM."
  (length (encode-coding-string (buffer-substring-no-properties from to) coding-system)))

(defun filepos-to-bufferpos (byte &optional quality coding-system)
  "The buffer position of the file's (0-based) byte offset BYTE, the
file being in CODING-SYSTEM (default `buffer-file-coding-system').
QUALITY `approximate' may cut corners, `exact' may not (an undecided
end of line is then an error), nil may give nil."
  (unless coding-system (setq coding-system buffer-file-coding-system))
  (let* ((eol (mule-util--eol coding-system quality))
         (start (save-restriction (widen) (point-min)))
         (byte (max 0 (- byte (mule-util--mark-bytes coding-system))))
         (kind (mule-util--coding-kind coding-system))
         (to-position
          (pcase kind
            ('utf-8 (lambda (b) (byte-to-position (+ start b))))
            ('single-byte (lambda (b) (+ start b)))
            ('utf-16 (lambda (b) (+ start (/ b 2)))))))
    (cond ((and to-position (not (and (eq kind 'utf-16) (eq quality 'exact))))
           (if (= eol 1)
               (mule-util--crlf-position byte to-position)
             (funcall to-position byte)))
          ((eq quality 'approximate) (byte-to-position (+ start byte)))
          (t
           ;; Encode the text until it is BYTE long.
           (save-restriction
             (widen)
             (let ((pos (point-min)))
               (while (and (< pos (point-max))
                           (<= (mule-util--encoded-length (point-min) (1+ pos) coding-system)
                               (+ byte (mule-util--mark-bytes coding-system))))
                 (setq pos (1+ pos)))
               pos))))))

(defun bufferpos-to-filepos (position &optional quality coding-system)
  "The file's (0-based) byte offset of buffer POSITION, the file being
in CODING-SYSTEM (default `buffer-file-coding-system').  QUALITY as
for `filepos-to-bufferpos'."
  (unless coding-system (setq coding-system buffer-file-coding-system))
  (let* ((eol (mule-util--eol coding-system quality))
         (crs (if (= eol 1) (save-restriction (widen) (1- (line-number-at-pos position))) 0))
         (start (save-restriction (widen) (point-min)))
         (mark (mule-util--mark-bytes coding-system)))
    (pcase (mule-util--coding-kind coding-system)
      ('utf-8 (+ (- (position-bytes position) (position-bytes start)) crs mark))
      ('single-byte (+ (- position start) crs))
      ((and 'utf-16 (guard (not (eq quality 'exact))))
       (+ (* 2 (- position start)) (* 2 crs) mark))
      (_ (if (eq quality 'approximate)
             (+ (- (position-bytes position) (position-bytes start)) crs)
           (save-restriction
             (widen)
             (mule-util--encoded-length (point-min) position coding-system)))))))

(provide 'mule-util)

;;; mule-util.el ends here
