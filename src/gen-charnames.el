;;; gen-charnames.el --- write src/charnames-data.h from GNU Emacs's character names  -*- lexical-binding: t -*-

;; Run at development time, under the Emacs marrow follows:
;;   emacs -batch -Q -l src/gen-charnames.el > src/charnames-data.h
;; It prints, as C tables for src/charnames.c:
;; - every name `char-from-name' finds in `ucs-names', and every `name'
;;   and `old-name' property of the characters 0 .. #x10FFFF, as
;;   records sorted by character, each name spelled as indexes into a
;;   word list (the commonest words first, as their indexes are one
;;   byte);
;; - the runs of characters whose name is PREFIX-XXXX, XXXX their code
;;   in hex, outside `ucs-names' (CJK and Tangut ideographs ...);
;; - the jamo parts the Hangul syllables' names are made of.
;; Hangul syllables and PREFIX-XXXX runs are computed, not listed; the
;; script checks every such name against Emacs's before using the rule.

(require 'cl-lib)
(require 'subr-x)

(defconst gen-charnames--hangul-first #xAC00)
(defconst gen-charnames--hangul-last #xD7A3)
(defconst gen-charnames--hangul-prefix "HANGUL SYLLABLE ")
(defconst gen-charnames--key 1 "Record flag: `char-from-name' finds this name in `ucs-names'.")
(defconst gen-charnames--name 2 "Record flag: the character's `name' property.")
(defconst gen-charnames--old 4 "Record flag: the character's `old-name' property.")

(defun gen-charnames--hangul-p (c)
  (<= gen-charnames--hangul-first c gen-charnames--hangul-last))

(defun gen-charnames--syllable (index)
  "The part of Hangul syllable INDEX's name after the common prefix."
  (substring (get-char-code-property (+ gen-charnames--hangul-first index) 'name)
             (length gen-charnames--hangul-prefix)))

(defun gen-charnames--jamo ()
  "The lead, vowel and tail spellings, as three vectors, checked."
  (let* ((g (substring (gen-charnames--syllable 0) 0 1))
         (a (substring (gen-charnames--syllable 0) 1))
         (leads (vconcat (cl-loop for l below 19 collect
                                  (string-remove-suffix a (gen-charnames--syllable (* l 588))))))
         (vowels (vconcat (cl-loop for v below 21 collect
                                   (string-remove-prefix g (gen-charnames--syllable (* v 28))))))
         (tails (vconcat (cl-loop for tl below 28 collect
                                  (string-remove-prefix (concat g a) (gen-charnames--syllable tl))))))
    (dotimes (i 11172)
      (unless (equal (gen-charnames--syllable i)
                     (concat (aref leads (/ i 588)) (aref vowels (% (/ i 28) 21))
                             (aref tails (% i 28))))
        (error "Hangul syllable %d breaks the rule" i)))
    (list leads vowels tails)))

(defun gen-charnames--hex-prefix (c name)
  "NAME's prefix if it is PREFIX-XXXX with XXXX C in hex, else nil."
  (let ((suffix (format "-%04X" c)))
    (and name (string-suffix-p suffix name)
         (substring name 0 (- (length name) (length suffix))))))

(defun gen-charnames--collect ()
  "Records (CODE NAME FLAGS) sorted by code, and the hex runs (FIRST LAST PREFIX)."
  (let ((table (make-hash-table :test 'equal)) (runs nil) (records nil))
    (maphash (lambda (name c)
               (unless (gen-charnames--hangul-p c)
                 (puthash (cons c name) gen-charnames--key table)))
             (ucs-names))
    (dotimes (c #x110000)
      (let* ((name (get-char-code-property c 'name))
             (old (get-char-code-property c 'old-name))
             (prefix (gen-charnames--hex-prefix c name)))
        (cond ((gen-charnames--hangul-p c)
               (unless (eq (gethash name (ucs-names)) c)
                 (error "Hangul syllable %X not in ucs-names" c)))
              ((and prefix (not (gethash (cons c name) table)))
               (if (and runs (= (nth 1 (car runs)) (1- c)) (equal (nth 2 (car runs)) prefix))
                   (setcar (cdr (car runs)) c)
                 (push (list c c prefix) runs)))
              (name (puthash (cons c name) (logior gen-charnames--name
                                                   (gethash (cons c name) table 0))
                             table)))
        (when old
          (puthash (cons c old) (logior gen-charnames--old (gethash (cons c old) table 0))
                   table))))
    (maphash (lambda (k flags) (push (list (car k) (cdr k) flags) records)) table)
    (list (sort records (lambda (a b) (or (< (car a) (car b))
                                          (and (= (car a) (car b))
                                               (string< (nth 1 a) (nth 1 b))))))
          (nreverse runs))))

(defun gen-charnames--words (records)
  "The words of RECORDS' names, commonest first."
  (let ((counts (make-hash-table :test 'equal)) (words nil))
    (dolist (r records)
      (dolist (w (split-string (nth 1 r) " "))
        (puthash w (1+ (gethash w counts 0)) counts)))
    (maphash (lambda (w n) (push (cons w n) words)) counts)
    (mapcar #'car (sort words (lambda (a b) (or (> (cdr a) (cdr b))
                                                (and (= (cdr a) (cdr b))
                                                     (string< (car a) (car b)))))))))

(defun gen-charnames--varint (n)
  "N in 7-bit groups, lowest first, bit 7 set on all but the last."
  (if (< n #x80)
      (list n)
    (cons (logior #x80 (logand n #x7F)) (gen-charnames--varint (ash n -7)))))

(defun gen-charnames--encode (records words)
  "The bytes of RECORDS: code delta, flags and word count, word indexes."
  (let ((index (make-hash-table :test 'equal)) (bytes nil) (prev 0))
    (cl-loop for w in words for i from 0 do (puthash w i index))
    (dolist (r records)
      (let ((ws (split-string (nth 1 r) " ")))
        (when (> (length ws) 15) (error "%S has too many words" (nth 1 r)))
        (setq bytes (nconc (nreverse (gen-charnames--varint (- (car r) prev))) bytes))
        (push (logior (ash (nth 2 r) 4) (length ws)) bytes)
        (dolist (w ws)
          (setq bytes (nconc (nreverse (gen-charnames--varint (gethash w index))) bytes)))
        (setq prev (car r))))
    (nreverse bytes)))

(defun gen-charnames--c-string (bytes)
  "BYTES as adjacent C string literals, octal escapes for the unprintable."
  (let ((col 0))
    (princ "  \"")
    (dolist (b bytes)
      (when (> col 72) (princ "\"\n  \"") (setq col 0))
      (let ((text (if (and (>= b 32) (< b 127) (not (memq b '(?\" ?\\ ??))))
                      (string b)
                    (format "\\%03o" b))))
        (princ text)
        (setq col (+ col (length text)))))
    (princ "\"")))

(defun gen-charnames--print-strings (name strings)
  (princ (format "static const char *const %s[] = {\n " name))
  (mapc (lambda (s) (princ (format " %S," s))) strings)
  (princ "\n};\n"))

(let* ((collected (gen-charnames--collect))
       (records (car collected))
       (words (gen-charnames--words records))
       (jamo (gen-charnames--jamo)))
  (princ "/* charnames-data.h -- generated by src/gen-charnames.el from GNU Emacs\n")
  (princ (format "   %s's ucs-names and character name properties; do not edit. */\n"
                 emacs-version))
  (princ (format "enum { CHARNAME_KEY = %d, CHARNAME_NAME = %d, CHARNAME_OLD = %d };\n"
                 gen-charnames--key gen-charnames--name gen-charnames--old))
  (princ (format "#define CHARNAME_WORD_COUNT %d\n" (length words)))
  (princ "static const char charname_words[] =\n")
  (gen-charnames--c-string (apply #'append (mapcar (lambda (w) (append w '(0))) words)))
  (princ ";\n")
  (princ "static const unsigned charname_word_offsets[] = {")
  (let ((offset 0) (i 0))
    (dolist (w words)
      (princ (if (= (% i 10) 0) "\n  " " "))
      (princ (format "%d," offset))
      (setq offset (+ offset (length w) 1) i (1+ i))))
  (princ "\n};\n")
  (princ (format "static const unsigned char charname_records[%d] =\n"
                 (length (gen-charnames--encode records words))))
  (gen-charnames--c-string (gen-charnames--encode records words))
  (princ ";\n")
  (princ "static const struct charname_run {\n  int first, last;\n  const char *prefix;\n} charname_runs[] = {\n")
  (dolist (run (cadr collected))
    (princ (format "  { 0x%X, 0x%X, %S },\n" (nth 0 run) (nth 1 run) (nth 2 run))))
  (princ "};\n")
  (princ (format "#define HANGUL_FIRST 0x%X\n#define HANGUL_LAST 0x%X\n#define HANGUL_PREFIX %S\n"
                 gen-charnames--hangul-first gen-charnames--hangul-last
                 gen-charnames--hangul-prefix))
  (gen-charnames--print-strings "hangul_leads" (append (nth 0 jamo) nil))
  (gen-charnames--print-strings "hangul_vowels" (append (nth 1 jamo) nil))
  (gen-charnames--print-strings "hangul_tails" (append (nth 2 jamo) nil)))
