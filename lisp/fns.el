;;; fns.el --- functions Emacs writes in C (fns.c, coding.c), in Lisp for marrow  -*- lexical-binding: t -*-

;; The base64 and coding functions on buffer regions, built on the
;; string ones.

(defun fns--region-bytes (beg end)
  "The text between BEG and END as a unibyte string: a character below
256 or a raw byte is one byte; any other is an error, as in Emacs."
  (apply #'unibyte-string
         (mapcar (lambda (c)
                   (let ((byte (multibyte-char-to-unibyte c)))
                     (if (< byte 0)
                         (error "Multibyte character in data for base64 encoding")
                       byte)))
                 (buffer-substring-no-properties beg end))))

(defun fns--replace-region (beg end text)
  "Put TEXT in place of the text between BEG and END and return its
length.  Point after the region moves with the text after it, and
point inside it goes to its start, as Emacs's base64 functions do."
  (let ((from (min beg end)) (to (max beg end)) (old (point)))
    (save-excursion
      (goto-char from)
      (delete-region from to)
      (insert text))
    (goto-char (cond ((>= old to) (+ old (length text) (- from to)))
                     ((> old from) from)
                     (t old)))
    (length text)))

(defun base64-encode-region (beg end &optional no-line-break)
  "Replace the text between BEG and END by its base64 encoding, in lines
of 76 characters unless NO-LINE-BREAK; return the encoding's length."
  (interactive "r")
  (fns--replace-region beg end (base64-encode-string (fns--region-bytes beg end)
                                                     no-line-break)))

(defun base64url-encode-region (beg end &optional no-pad)
  "Replace the text between BEG and END by its base64url encoding,
without padding if NO-PAD; return the encoding's length."
  (interactive "r")
  (fns--replace-region beg end (base64url-encode-string (fns--region-bytes beg end)
                                                        no-pad)))

(defun base64-decode-region (beg end &optional base64url)
  "Replace the base64 text between BEG and END (base64url if BASE64URL)
by what it encodes, its bytes above 127 raw bytes; return the decoded
length."
  (interactive "r")
  (fns--replace-region beg end (base64-decode-string
                                (buffer-substring-no-properties beg end) base64url)))


(defun fns--code-region (convert start end coding-system destination)
  "Convert the text between START and END with CONVERT, the string
function taking it and CODING-SYSTEM, for the region functions of
coding.c.  DESTINATION t returns the result; a buffer gets it inserted
at its point, which stays; nil puts it in place of the region.  Else
the length of the result."
  (check-coding-system coding-system)
  (dolist (pos (list start end))
    (unless (integer-or-marker-p pos)
      (signal 'wrong-type-argument (list 'integer-or-marker-p pos))))
  (let ((from (min start end)) (to (max start end)))
    (when (or (< from (point-min)) (> to (point-max)))
      (signal 'args-out-of-range (list (current-buffer) start end)))
    (unless (or (memq destination '(nil t)) (bufferp destination))
      (signal 'wrong-type-argument (list 'bufferp destination)))
    (let ((text (funcall convert (buffer-substring-no-properties from to) coding-system)))
      ;; As Emacs, decoded text lands in a unibyte buffer as the bytes
      ;; of its internal form.
      (when (and (multibyte-string-p text) (not (eq destination t))
                 (not (buffer-local-value 'enable-multibyte-characters
                                          (if (bufferp destination) destination (current-buffer)))))
        (setq text (string-as-unibyte text)))
      (cond ((eq destination t) text)
            (destination
             (with-current-buffer destination (save-excursion (insert text)))
             (length text))
            (t (fns--replace-region from to text))))))

(defun decode-coding-region (start end coding-system &optional destination)
  "Decode the text between START and END with CODING-SYSTEM: in place,
or into the buffer DESTINATION at its point, or, when DESTINATION is t,
as the string returned.  Else return the decoded text's length."
  (fns--code-region #'decode-coding-string start end coding-system destination))

(defun encode-coding-region (start end coding-system &optional destination)
  "Encode the text between START and END with CODING-SYSTEM: in place,
or into the buffer DESTINATION at its point, or, when DESTINATION is t,
as the string returned.  Else return the encoded text's length."
  (fns--code-region #'encode-coding-string start end coding-system destination))

;; encode-coding-char is Lisp in Emacs too (mule-cmds.el).  It encodes
;; the character alone and doubled, and takes the doubled form up to
;; where the two encodings stop agreeing from the end, after any byte
;; order mark; marrow's coding systems leave nothing after the text,
;; but the arithmetic is kept for its results at the edges (a
;; character whose encoding repeats its mark's bytes; utf-8-auto, whose
;; mark is never written, failing as in Emacs).

(defun fns--char-encodable-p (base char)
  "Whether the coding system BASE (a `coding-system-base') encodes CHAR."
  (cond ((< char 128) t)
        ((memq base '(raw-text no-conversion)) t)
        ((memq base '(utf-8-emacs prefer-utf-8)) (< char #x3FFF80))
        ((eq base 'iso-latin-1) (< char 256))
        ((memq base '(us-ascii undecided)) nil)
        ((memq (coding-system-type base) '(shift-jis big5 iso-2022))
         ;; What these cannot encode comes back a space; a raw byte
         ;; does come back, but Emacs counts it as not encodable.
         (let ((text (string char)))
           (and (< char #x3FFF80)
                (equal (decode-coding-string (encode-coding-string text base) base) text))))
        (t (<= char #x10FFFF))))

(defun fns--signature-length (base)
  "How many bytes of byte order mark coding system BASE writes, or nil."
  (cond ((memq base '(utf-8-with-signature utf-8-auto)) 3)
        ((memq base '(utf-16 utf-16le-with-signature utf-16be-with-signature)) 2)))

(defun check-coding-systems-region (start end coding-system-list)
  "Which of CODING-SYSTEM-LIST cannot encode the text from START to END
(or the string START): an alist of (CODING-SYSTEM POSITION...), its
positions those of the characters it cannot encode; nil when all can."
  (let ((text (if (stringp start) start (buffer-substring-no-properties start end)))
        (offset (if (stringp start) 0 start))
        (result nil))
    ;; As Emacs, text of ASCII only looks at no coding system.
    (dolist (coding (and (string-match-p "[^[:ascii:]]" text) coding-system-list))
      (check-coding-system coding)
      (let ((base (coding-system-base coding)) (positions nil))
        (dotimes (i (length text))
          (unless (fns--char-encodable-p base (aref text i))
            (push (+ offset i) positions)))
        (when positions
          (push (cons coding (nreverse positions)) result))))
    (nreverse result)))

(defun encode-coding-char (char coding-system &optional charset)
  "The bytes CODING-SYSTEM encodes CHAR into, as a unibyte string; nil
when CODING-SYSTEM cannot encode CHAR.  CHARSET, if non-nil, is the
charset to prefer."
  (let* ((once (string char))
         (twice (string char char))
         (base (coding-system-base coding-system))
         (mark (fns--signature-length base)))
    (cond ((and (< char 128) (not mark))
           (encode-coding-string once coding-system))
          ((fns--char-encodable-p base char)
           (when charset
             (put-text-property 0 1 'charset charset once)
             (put-text-property 0 2 'charset charset twice))
           (let* ((one (encode-coding-string once coding-system))
                  (two (encode-coding-string twice coding-system))
                  (end1 (length one))
                  (end2 (length two)))
             (while (and (> end1 0) (= (aref one (1- end1)) (aref two (1- end2))))
               (setq end1 (1- end1) end2 (1- end2)))
             (substring two (or mark 0) end2))))))

;; The order undecided tries coding systems in: one a category, as in
;; Emacs; `mule--coding-priority' holds those put before Emacs's
;; default order (which C's detection reads too).

(defconst fns--default-coding-priority
  '(utf-8 iso-latin-1 raw-text iso-2022-jp chinese-iso-8bit utf-8-auto
    utf-8-with-signature utf-16 utf-16be-with-signature utf-16le-with-signature
    utf-16be utf-16le japanese-shift-jis chinese-big5 undecided)
  "Emacs 28's default order of priority, of the coding systems marrow knows.")

(defun fns--coding-category (coding)
  "The category of CODING's base: the EUC codings share one."
  (let ((base (coding-system-base coding)))
    (if (memq base '(japanese-iso-8bit chinese-iso-8bit korean-iso-8bit))
        'euc
      base)))

(defun coding-system-priority-list (&optional highestp)
  "The coding systems in the order undecided tries them, one a
category, by their base names; only the first when HIGHESTP.  Of
Emacs's, only those marrow knows."
  (let ((seen nil) (list nil))
    (dolist (coding (append mule--coding-priority fns--default-coding-priority))
      (let ((category (fns--coding-category coding)))
        (unless (memq category seen)
          (push category seen)
          (push (coding-system-base coding) list))))
    (if highestp (car (last list)) (nreverse list))))

(defun set-coding-system-priority (&rest coding-systems)
  "Put CODING-SYSTEMS first, in that order, in the order of priority."
  (mapc #'check-coding-system coding-systems)
  (let ((categories (mapcar #'fns--coding-category coding-systems)))
    (setq mule--coding-priority
          (append coding-systems
                  (seq-remove (lambda (coding) (memq (fns--coding-category coding) categories))
                              mule--coding-priority)))))

(defun prefer-coding-system (coding-system)
  "Put CODING-SYSTEM's base first in the order of priority.  Unlike
Emacs, the default coding systems of files and processes stay."
  (unless (and coding-system (coding-system-p coding-system))
    (error "Invalid coding system `%s'" coding-system))
  (set-coding-system-priority (coding-system-base coding-system)))

(defun detect-coding-region (start end &optional highest)
  "The coding systems that could decode the text from START to END (see
`detect-coding-string')."
  (detect-coding-string (buffer-substring-no-properties start end) highest))

;; What a file's insertion leaves in `buffer-file-coding-system' is
;; mule.el's business in Emacs: its charset and its end of line are
;; settled apart, the buffer's own (local) setting first, else what
;; decoding the file found.

(defun fns--eol-number (coding)
  "The end of line CODING settles, as a number, or nil."
  (let ((eol (coding-system-eol-type coding)))
    (and (numberp eol) eol)))

(defun coding-system-change-eol-conversion (coding-system eol-type)
  "CODING-SYSTEM with its end of line EOL-TYPE: `unix', `dos', `mac', or
0, 1, 2; nil leaves it to the text."
  (let* ((eol (cond ((memq eol-type '(unix 0)) 0)
                    ((memq eol-type '(dos 1)) 1)
                    ((memq eol-type '(mac 2)) 2)))
         (variants (coding-system-eol-type coding-system)))
    (cond ((vectorp variants) (if eol (aref variants eol) coding-system))
          ((null eol) (coding-system-base coding-system))
          ((eql eol variants) coding-system)
          (t (let ((base-variants (coding-system-eol-type (coding-system-base coding-system))))
               (and (vectorp base-variants) (aref base-variants eol)))))))

(defun coding-system-equal (coding-system-1 coding-system-2)
  "Whether CODING-SYSTEM-1 and CODING-SYSTEM-2 are one coding system:
the same base and the same end of line."
  (check-coding-system coding-system-1)
  (check-coding-system coding-system-2)
  (and (eq (coding-system-base coding-system-1) (coding-system-base coding-system-2))
       (equal (coding-system-eol-type coding-system-1)
              (coding-system-eol-type coding-system-2))))

(defun merge-coding-systems (first second)
  "FIRST, what it leaves undecided (its charset, its end of line) taken
from SECOND."
  (let ((eol (fns--eol-number first)))
    (when (eq (coding-system-base first) 'undecided)
      (setq first (coding-system-change-eol-conversion (coding-system-base second) eol)))
    (let ((second-eol (fns--eol-number second)))
      (if (and second-eol (vectorp (coding-system-eol-type first)))
          (coding-system-change-eol-conversion first second-eol)
        first))))

(defun set-buffer-file-coding-system (coding-system &optional force nomodify)
  "Make CODING-SYSTEM the one the current buffer's file is written in,
what it leaves undecided taken from the buffer's present one unless
FORCE; the buffer counts as modified unless NOMODIFY."
  (check-coding-system coding-system)
  (when (and coding-system buffer-file-coding-system (not force))
    (setq coding-system (merge-coding-systems coding-system buffer-file-coding-system)))
  (setq buffer-file-coding-system coding-system)
  (unless nomodify
    (set-buffer-modified-p t)))

(defun fns--coding-to-write (text &optional from-string)
  "The coding system `write-region' encodes TEXT with:
`coding-system-for-write', else the one a coding cookie of TEXT names
(unless it is FROM-STRING, not the buffer's), else
`buffer-file-coding-system'; an undecided end of line made Unix, and an
undecided charset UTF-8 unless TEXT is all ASCII."
  (let* ((cookie (and (not coding-system-for-write) (not from-string)
                      (fns--text-coding-cookie text)))
         (coding (or coding-system-for-write
                     (and cookie (merge-coding-systems
                                  cookie (or buffer-file-coding-system 'undecided)))
                     buffer-file-coding-system 'undecided)))
    (when (and (eq (coding-system-type coding) 'undecided)
               (string-match-p "[^[:ascii:]]" text))
      (setq coding (merge-coding-systems 'utf-8 coding)))
    (if (vectorp (coding-system-eol-type coding))
        (coding-system-change-eol-conversion coding 'unix)
      coding)))

(defun fns--text-coding-cookie (text)
  "The coding system a `coding:' entry of TEXT's -*- line or Local
Variables list names, if marrow knows it; only TEXT's first and last
few thousand characters are looked at, as for a file."
  (with-temp-buffer
    (insert (if (> (length text) 6000)
                (concat (substring text 0 3000) "\n" (substring text -3000))
              text))
    (let ((coding (fns--coding-cookie (point-min) (point-max))))
      (and coding (coding-system-p coding) coding))))

(defun fns--alist-coding (alist string)
  "The coding system of ALIST's first (REGEXP . CODING) pair whose
REGEXP matches STRING: CODING, or its car when it is a cons; nil when
none matches, or the pair's coding is none marrow knows."
  (let* ((pair (assoc string alist (lambda (regexp name) (string-match-p regexp name))))
         (coding (if (consp (cdr pair)) (cadr pair) (cdr pair))))
    (and coding (symbolp coding) (coding-system-p coding) coding)))

(defun fns--file-coding (file bytes)
  "The coding system `insert-file-contents' reads FILE's BYTES in
when `coding-system-for-read' is nil: as Emacs, after the name's
`auto-coding-alist', the first bytes' `auto-coding-regexp-alist',
then the name's `file-coding-system-alist'; else nil."
  (let ((case-fold-search nil))
    (or (fns--alist-coding auto-coding-alist file)
        (fns--alist-coding auto-coding-regexp-alist (substring bytes 0 (min 100 (length bytes))))
        (fns--alist-coding file-coding-system-alist file))))

(defun sgml-html-meta-auto-coding-function (size)
  "The coding system the charset of an HTML document's <meta> tag names,
the document at point, SIZE characters long; nil when it is no HTML,
names no charset or one that is no coding system.  Only the head is
looked at, or the first 10 lines when there is no </head>.  A UTF-8
charset in a buffer already in a kind of UTF-8 keeps the buffer's.
As in Emacs 28, a charset (or buffer) whose coding system is of type
`charset' signals `coding-system-error' there."
  (let* ((case-fold-search t)
         (end (min (+ (point) size)
                   (save-excursion
                     (unless (search-forward "</head>" (+ (point) size) t)
                       (forward-line 10))
                     (point)))))
    (when (and (re-search-forward
                "\\`[[:space:]\n]*\\(?:<!doctype[[:space:]\n]+\\(?:html\\|netscape\\)\\|<html\\)"
                end t)
               (re-search-forward
                (concat "<meta\\s-+\\(?:http-equiv=[\"']?content-type[\"']?\\s-+"
                        "content=[\"']text/\\sw+;\\s-*\\)?charset=[\"']?\\(.+?\\)[\"'[:space:]/>]")
                end t))
      (let ((name (match-string 1)))
        (fns--declared-coding name (intern (downcase name)) nil)))))

(defun fns--declared-coding (name coding charset-ok)
  "The coding system CODING, which a document declares as NAME; but the
buffer's own when both are kinds of UTF-8 in a multibyte buffer; nil
with a warning when CODING is none.  A CODING of type `charset'
signals `coding-system-error' (as comparing it does in Emacs 28) unless
CHARSET-OK."
  (cond ((not (coding-system-p coding))
         (message "Warning: unknown coding system \"%s\"" name)
         nil)
        ((and enable-multibyte-characters
              (or (not charset-ok) (not (eq (coding-system-type coding) 'charset)))
              (coding-system-equal 'utf-8 (coding-system-type coding))
              (coding-system-equal 'utf-8 (coding-system-type buffer-file-coding-system)))
         buffer-file-coding-system)
        (t coding)))

(defun sgml-xml-auto-coding-function (size)
  "The coding system of an XML document at point (the buffer's start,
blanks aside), SIZE characters long: the one its declaration's
encoding names (utf-16le and utf-16be standing for their kinds with a
byte order mark), else the one its text is detected in, with a
warning when that is no kind of UTF-8.  Nil when there is no
declaration within SIZE, or an unknown encoding."
  (let ((limit (+ (point) size)))
    (when (re-search-forward "\\`[[:space:]\n]*<\\?xml" (min limit (point-max)) t)
      (let ((end (save-excursion (re-search-forward "[\"']\\s-*\\?>" (min limit (point-max)) t))))
        (when end
          (if (re-search-forward "encoding=[\"']\\(.+?\\)[\"']" end t)
              (let* ((name (match-string 1))
                     (lower (downcase name)))
                (fns--declared-coding
                 name (intern (cond ((equal lower "utf-16le") "utf-16-le")
                                    ((equal lower "utf-16be") "utf-16-be")
                                    (t lower)))
                 t))
            (fns--xml-detected-coding limit)))))))

(defun fns--xml-detected-coding (end)
  "The coding system the text from the buffer's start to END is
detected in, UTF-8 first: `utf-8' for any kind of it (or plain ASCII),
else the one found, with a warning."
  (let* ((text (buffer-substring-no-properties (point-min) end))
         (bytes (if (multibyte-string-p text) (encode-coding-string text 'utf-8) text))
         (detected (with-coding-priority '(utf-8)
                     (decode-coding-string bytes 'undecided)
                     (coding-system-base last-coding-system-used))))
    (if (memq detected '(utf-8 utf-8-with-signature utf-8-hfs undecided))
        'utf-8
      (warn "File contents detected as %s.
  Consider adding an encoding attribute to the xml declaration,
  or saving as utf-8, as mandated by the xml specification." detected)
      detected)))

(defun fns--coding-cookie (start end)
  "The coding system named by a `coding:' entry of the -*- line at
START, or of a Local Variables list in the last 3000 characters before
END; nil when there is none."
  (save-excursion
    (let ((case-fold-search t) (name nil))
      (goto-char start)
      ;; The -*- line is the first, or the second after a #! line.
      (let ((head-end (min end (line-end-position (if (looking-at "#!") 2 1)))))
        (when (re-search-forward "-\\*-\\(.*?\\)-\\*-" head-end t)
          (let ((props (match-string-no-properties 1)))
            (when (string-match "\\(?:\\`\\|;\\)[ \t]*coding:[ \t]*\\([^ \t;]+\\)" props)
              (setq name (match-string 1 props))))))
      (unless name
        ;; The Local Variables line follows a newline: never the first.
        (goto-char (max start (- end 3000)))
        (when (re-search-forward "\n\\(.*?\\)[ \t]*Local Variables:[ \t]*\\(.*?\\)[ \t]*$" end t)
          (let* ((prefix (regexp-quote (match-string-no-properties 1)))
                 (suffix (regexp-quote (match-string-no-properties 2)))
                 (stop (save-excursion
                         (if (re-search-forward (concat "^" prefix "[ \t]*End *:[ \t]*" suffix "[ \t]*$")
                                                end t)
                             (match-beginning 0)
                           end))))
            (when (re-search-forward (concat "^" prefix "[ \t]*coding[ \t]*:[ \t]*\\([^ \t]+\\)[ \t]*"
                                             suffix "[ \t]*$")
                                     stop t)
              (setq name (match-string-no-properties 1))))))
      (and name (intern name)))))

(defun find-auto-coding (filename size)
  "Find the coding system of the file FILENAME (\"\" for none), whose
SIZE bytes follow point: (CODING . SOURCE), SOURCE telling where it
came from: `auto-coding-alist' (the name), `auto-coding-regexp-alist'
(the first bytes), :coding (a `coding:' entry of the -*- line or a
Local Variables list), or `auto-coding-functions'; nil when none
gives one."
  (let* ((start (point))
         (end (min (point-max) (+ start size)))
         (coding nil))
    (cond ((and (not (equal filename ""))
                (setq coding (fns--alist-coding auto-coding-alist filename)))
           (cons coding 'auto-coding-alist))
          ((setq coding (fns--alist-coding auto-coding-regexp-alist
                                           (buffer-substring-no-properties start (min end (+ start 100)))))
           (cons coding 'auto-coding-regexp-alist))
          ((setq coding (fns--coding-cookie start end))
           (unless (coding-system-p coding)
             (message "Invalid coding system `%s' is specified\nfor the file contents.  So, it is ignored" coding)
             (setq coding nil))
           (and coding (cons coding :coding)))
          (t
           ;; Each from the buffer's start; one that fails counts for none.
           (let ((functions auto-coding-functions) (found nil))
             (while (and functions (not found))
               (setq found (ignore-errors
                             (save-excursion (goto-char (point-min)) (funcall (pop functions) size)))))
             (and found (cons found 'auto-coding-functions)))))))

(defun find-new-buffer-file-coding-system (coding)
  "The `buffer-file-coding-system' the current buffer takes after a
file decoded with CODING is inserted, or nil to leave it."
  (when coding
    (let* ((local (local-variable-p 'buffer-file-coding-system))
           (own-eol (fns--eol-number buffer-file-coding-system))
           (own-base (and buffer-file-coding-system
                          (not (eq (coding-system-type buffer-file-coding-system) 'undecided))
                          (coding-system-base buffer-file-coding-system)))
           (found-eol (fns--eol-number coding))
           (found-base (coding-system-base coding)))
      (unless (or (and local own-eol own-base)
                  (and (not found-eol) (eq found-base 'undecided)))
        (let ((base (if local (or own-base found-base) (or found-base own-base)))
              (eol (if local (or own-eol found-eol) (or found-eol own-eol))))
          (if (and eol (vectorp (coding-system-eol-type base)))
              (aref (coding-system-eol-type base) eol)
            base))))))

(defun after-insert-file-set-coding (inserted &optional _visit)
  "Set `buffer-file-coding-system' after a file's INSERTED characters
went in, from `last-coding-system-used'; return INSERTED."
  (let ((coding (find-new-buffer-file-coding-system last-coding-system-used)))
    (when coding
      (setq buffer-file-coding-system coding)))
  inserted)

;;; fns.el ends here
