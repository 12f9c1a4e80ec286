;;; json.el --- JSON in Lisp, as Emacs's json.el reads and writes it  -*- lexical-binding: t -*-

;; The Lisp JSON library of Emacs 28 (`json-read', `json-encode' and
;; their variables), for programs that (require 'json) rather than use
;; the libjansson primitives (`json-parse-string', `json-serialize').
;; It reads from the current buffer as Emacs's does, leniently where
;; Emacs's is lenient (a comma before a closing bracket), and writes
;; the same text: keywords for plist keys, `prin1' for numbers, only
;; quotation mark, backslash and control characters escaped.

;;; Code:

(defvar json-object-type 'alist
  "What a JSON object becomes: `alist', `plist' or `hash-table'.")

(defvar json-array-type 'vector
  "What a JSON array becomes: `vector' or `list'.")

(defvar json-key-type nil
  "What an object key becomes: `string', `symbol' or `keyword'.
nil means what suits `json-object-type': a string in a hash table, a
symbol in an alist, a keyword in a plist.")

(defvar json-false :json-false
  "The value JSON false reads as, and the value written as false.")

(defvar json-null nil
  "The value JSON null reads as, and the value written as null.")

(defvar json-encoding-separator ","
  "What separates the elements of arrays and objects when encoding.")

(defvar json-encoding-default-indentation "  "
  "One level of indentation when pretty-printing.")

(defvar json-encoding-pretty-print nil
  "Non-nil: encode with a new line and indentation before each element.")

(defvar json-encoding-lisp-style-closings nil
  "Non-nil: put closing brackets on the line of the last element.")

(defvar json-encoding-object-sort-predicate nil
  "nil, or a function of two keys by which object members are sorted.")

(defvar json-pre-element-read-function nil
  "nil, or a function called with each element's key or index before it is read.")

(defvar json-post-element-read-function nil
  "nil, or a function called with no argument after each element is read.")

(define-error 'json-error "Unknown JSON error")
(define-error 'json-readtable-error "JSON readtable error" 'json-error)
(define-error 'json-unknown-keyword "Unrecognized keyword" 'json-error)
(define-error 'json-number-format "Invalid number format" 'json-error)
(define-error 'json-string-escape "Bad Unicode escape" 'json-error)
(define-error 'json-string-format "Bad string format" 'json-error)
(define-error 'json-key-format "Bad JSON object key" 'json-error)
(define-error 'json-object-format "Bad JSON object" 'json-error)
(define-error 'json-array-format "Bad JSON array" 'json-error)
(define-error 'json-end-of-file "End of file while parsing JSON"
  '(end-of-file json-error))

;;;; Predicates

(defun json-alist-p (list)
  "Non-nil if LIST is a proper list of conses whose cars are atoms."
  (while (and (consp list) (consp (car list)) (atom (caar list)))
    (setq list (cdr list)))
  (null list))

(defun json-plist-p (list)
  "Non-nil if LIST is a proper list of keyword and value pairs."
  (while (and (consp list) (keywordp (car list)) (consp (cdr list)))
    (setq list (cddr list)))
  (null list))

(defun json-join (strings separator)
  "STRINGS joined with SEPARATOR between them."
  (mapconcat #'identity strings separator))
(make-obsolete 'json-join 'string-join "28.1")

;;;; Reading

(defun json-advance (&optional n)
  "Move forward N characters (1 by default)."
  (forward-char n))

(defun json-peek ()
  "The character at point, 0 at the end of the accessible text."
  (following-char))

(defun json-pop ()
  "The character at point, moving past it; `json-end-of-file' at the end."
  (let ((c (char-after)))
    (unless c
      (signal 'json-end-of-file ()))
    (forward-char 1)
    c))

(defun json-skip-whitespace ()
  "Move past JSON's whitespace: space, tab, newline and return."
  (skip-chars-forward "\t\n\r "))

(defconst json--value-end-regexp "[]\t\n\r ,}]\\|\\'"
  "What may follow a number or a keyword.")

(defun json--word-at-point ()
  "The word around point, or nil."
  (let ((end (save-excursion (skip-chars-forward "[:alnum:]") (point)))
        (beg (save-excursion (skip-chars-backward "[:alnum:]") (point))))
    (and (< beg end) (buffer-substring-no-properties beg end))))

(defun json-read-keyword (keyword)
  "Read KEYWORD (\"true\", \"false\" or \"null\") at point."
  (let ((value (pcase keyword
                 ("true" t)
                 ("false" json-false)
                 ("null" json-null)
                 (_ (signal 'json-unknown-keyword (list keyword))))))
    (unless (looking-at-p (regexp-quote keyword))
      (signal 'json-unknown-keyword (list (json--word-at-point))))
    (forward-char (length keyword))
    (unless (looking-at-p json--value-end-regexp)
      (signal 'json-unknown-keyword (list (json--word-at-point))))
    (json-skip-whitespace)
    value))

(defconst json--number-regexp
  "-?\\(?:[1-9][0-9]*\\|0\\)\\(?:\\.[0-9]+\\)?\\(?:[Ee][+-]?[0-9]+\\)?"
  "A JSON number.")

(defun json-read-number (&optional _sign)
  "Read the JSON number at point."
  (unless (looking-at json--number-regexp)
    (signal 'json-number-format (list (point))))
  (goto-char (match-end 0))
  (let ((n (string-to-number (match-string 0))))
    (unless (looking-at-p json--value-end-regexp)
      (signal 'json-number-format (list (point))))
    (json-skip-whitespace)
    n))

(defconst json-special-chars
  '((?\" . ?\") (?\\ . ?\\) (?b . ?\b) (?f . ?\f) (?n . ?\n) (?r . ?\r) (?t . ?\t))
  "Each escape letter of JSON with the character it stands for.")

(defun json-read-escaped-char ()
  "Read the escape sequence at point (at its backslash) as a character."
  (forward-char 1)
  (let ((c (json-pop)))
    (cond ((cdr (assq c json-special-chars)))
          ((/= c ?u) c)
          ;; A UTF-16 surrogate pair names one character.
          ((looking-at "\\([Dd][89ABab][[:xdigit:]][[:xdigit:]]\\)\\\\u\\([Dd][C-Fc-f][[:xdigit:]][[:xdigit:]]\\)")
           (forward-char 10)
           (+ #x10000
              (ash (- (string-to-number (match-string 1) 16) #xD800) 10)
              (- (string-to-number (match-string 2) 16) #xDC00)))
          ((looking-at "[[:xdigit:]]\\{4\\}")
           (forward-char 4)
           (string-to-number (match-string 0) 16))
          (t (signal 'json-string-escape (list (point)))))))

(defun json-read-string ()
  "Read the JSON string at point (at its opening quotation mark)."
  (forward-char 1)
  (let ((chars nil) c)
    (while (/= (setq c (json-peek)) ?\")
      (cond ((= c 0) (signal 'json-end-of-file ()))
            ((< c 32) (signal 'json-string-format (list c)))
            ((= c ?\\) (push (json-read-escaped-char) chars))
            (t (forward-char 1) (push c chars))))
    (forward-char 1)
    (if chars (concat (nreverse chars)) "")))

(defun json-new-object ()
  "An empty object of `json-object-type': a hash table, or nil."
  (and (eq json-object-type 'hash-table)
       (make-hash-table :test #'equal)))

(defun json-add-to-object (object key value)
  "OBJECT with KEY (a string) associated with VALUE; use the value returned.
The key becomes what `json-key-type' says."
  (let* ((type (or json-key-type
                   (cdr (assq json-object-type
                              '((hash-table . string) (alist . symbol) (plist . keyword))))))
         (k (pcase type
              ('string key)
              ('symbol (intern key))
              ('keyword (intern (concat ":" key))))))
    (pcase json-object-type
      ('hash-table (puthash k value object) object)
      ('alist (cons (cons k value) object))
      ('plist (cons k (cons value object))))))

(defun json--plist-nreverse (plist)
  "The key and value pairs of PLIST in the reverse order (a new list,
though Emacs's of this name may reuse PLIST's conses)."
  (let ((r nil))
    (while plist
      (setq r (cons (car plist) (cons (cadr plist) r))
            plist (cddr plist)))
    r))

(defun json--expect-separator (close error)
  "After an element: move past a comma, or signal ERROR unless at CLOSE."
  (json-skip-whitespace)
  (let ((c (json-peek)))
    (cond ((= c close))
          ((= c ?,) (forward-char 1))
          (t (signal error (list "," c))))))

(defun json-read-object ()
  "Read the JSON object at point (at its opening brace)."
  (forward-char 1)
  (json-skip-whitespace)
  (let ((object (json-new-object)))
    (while (/= (json-peek) ?\})
      (json-skip-whitespace)
      (let ((key (json-read-string)))
        (json-skip-whitespace)
        (if (= (json-peek) ?:)
            (forward-char 1)
          (signal 'json-object-format (list ":" (json-peek))))
        (json-skip-whitespace)
        (when json-pre-element-read-function
          (funcall json-pre-element-read-function key))
        (let ((value (json-read)))
          (when json-post-element-read-function
            (funcall json-post-element-read-function))
          (setq object (json-add-to-object object key value))))
      (json--expect-separator ?\} 'json-object-format))
    (forward-char 1)
    (pcase json-object-type
      ('alist (nreverse object))
      ('plist (json--plist-nreverse object))
      (_ object))))

(defun json--read-array-item (index)
  "Read one array element and the separator after it, running the
element hooks around the reading (the pre hook gets INDEX)."
  (json-skip-whitespace)
  (when json-pre-element-read-function
    (funcall json-pre-element-read-function index))
  (let ((item (json-read)))
    (when json-post-element-read-function
      (funcall json-post-element-read-function))
    (json--expect-separator ?\] 'json-array-format)
    item))

(defun json--array-of (items)
  "The list ITEMS as the kind of array `json-array-type' names."
  (cond ((eq json-array-type 'vector) (vconcat items))
        ((eq json-array-type 'list) items)))

(defun json-read-array ()
  "Read the JSON array whose opening bracket is at point."
  (forward-char 1)
  (json-skip-whitespace)
  ;; The pre hook's index counts only the elements it was called for.
  (let ((items nil) (hooked 0))
    (while (/= (json-peek) ?\])
      (let ((counts json-pre-element-read-function))
        (push (json--read-array-item hooked) items)
        (when counts
          (setq hooked (1+ hooked)))))
    (forward-char 1)
    (json--array-of (nreverse items))))

(defun json-read ()
  "Read the JSON value after point, and move past it."
  (json-skip-whitespace)
  (let ((c (char-after)))
    (cond ((null c) (signal 'json-end-of-file ()))
          ((eq c ?\") (json-read-string))
          ((eq c ?\[) (json-read-array))
          ((eq c ?\{) (json-read-object))
          ((eq c ?n) (json-read-keyword "null"))
          ((eq c ?f) (json-read-keyword "false"))
          ((eq c ?t) (json-read-keyword "true"))
          ((or (eq c ?-) (and (>= c ?0) (<= c ?9))) (json-read-number))
          (t (signal 'json-readtable-error (list c))))))

(defun json-read-from-string (string)
  "The first JSON value in STRING."
  (with-temp-buffer
    (insert string)
    (goto-char (point-min))
    (json-read)))

(defun json-read-file (file)
  "The first JSON value in FILE."
  (with-temp-buffer
    (insert-file-contents file)
    (json-read)))

;;;; Paths

(defun json-path-to-position (position &optional string)
  "Where the JSON element at POSITION is, or nil.
The value is (:path PATH :match-start START :match-end END): PATH the
object keys and array indices leading to the innermost element
around POSITION, which spans START to END.  The JSON is STRING if it
is given, else the current buffer's text from its beginning."
  (let* ((open nil)                     ; (START . KEY) of each element being read
         (json-pre-element-read-function
          (lambda (key) (push (cons (point) key) open)))
         (json-post-element-read-function
          (lambda ()
            (let ((start (caar open)))
              (when (and (< start position) (<= position (point)))
                (throw 'json--path (list :path (reverse (mapcar #'cdr open))
                                         :match-start start :match-end (point)))))
            (pop open)))
         (found (save-excursion
                  (catch 'json--path
                    (if string
                        (json-read-from-string string)
                      (goto-char (point-min))
                      (json-read))
                    nil))))
    (and (plist-get found :path) found)))

;;;; Encoding

(defun json-encode-keyword (keyword)
  "The JSON text for KEYWORD: true for t, false for `json-false', null
for `json-null'; nil for anything else."
  (cdr (assq keyword (list (cons t "true")
                           (cons json-false "false")
                           (cons json-null "null")))))

(defun json--escape (c)
  "The JSON escape of character C.  A raw byte (above 127 here) becomes
a backslash, escaped, and its octal code, as Emacs writes it."
  (let ((letter (car (rassq c json-special-chars))))
    (cond (letter (string ?\\ letter))
          ((> c 127) (format "\\\\%o" (logand c 255)))
          (t (format "\\u%04x" c)))))

(defconst json--escaped-regexp
  (concat "[\"\\[:cntrl:]" (string #x3fff80) "-" (string #x3fffff) "]")
  "What `json-encode-string' escapes: quotation marks, backslashes,
control characters and raw bytes.")

;; Emacs's encoder writes into a buffer, so what it returns is
;; multibyte, even all ASCII; the encoders here return the same.
(defun json--text (string) (string-to-multibyte string))

(defun json-encode-string (string)
  "STRING as a JSON string: only quotation marks, backslashes, control
characters and raw bytes escaped."
  (let ((start 0) (parts (list "\"")))
    (while (string-match json--escaped-regexp string start)
      (push (substring-no-properties string start (match-beginning 0)) parts)
      (push (json--escape (aref string (match-beginning 0))) parts)
      (setq start (match-end 0)))
    (push (substring-no-properties string start) parts)
    (push "\"" parts)
    (json--text (apply #'concat (nreverse parts)))))

(defun json--stringlike (object)
  "OBJECT as a JSON string if it is a string or symbol (a keyword
losing its colon), else nil."
  (cond ((stringp object) (json-encode-string object))
        ((keywordp object) (json-encode-string (substring (symbol-name object) 1)))
        ((symbolp object) (json-encode-string (symbol-name object)))))

(defun json-encode-key (object)
  "OBJECT as a JSON object key; `json-key-format' if it can be none."
  (or (json--stringlike object)
      (signal 'json-key-format (list object))))

;; Encoding builds the text of the current nesting level from these:
;; the indentation before an element and after the last one.
(defvar json--depth 0)

(defun json--newline (depth)
  "What goes before an element at DEPTH: nothing unless pretty-printing."
  (if json-encoding-pretty-print
      (concat "\n" (apply #'concat (make-list depth json-encoding-default-indentation)))
    ""))

(defun json--bracket (open close elements)
  "ELEMENTS (strings) between OPEN and CLOSE, as an array or object."
  (json--text
   (if (null elements)
       (concat open close)
     (let ((inner (json--newline (1+ json--depth))))
       (concat open inner
               (mapconcat #'identity elements (concat json-encoding-separator inner))
               (if json-encoding-lisp-style-closings "" (json--newline json--depth))
               close)))))

(defun json--encode-pairs (pairs)
  "The JSON object of PAIRS, a list of (KEY . VALUE)."
  (when (and json-encoding-object-sort-predicate pairs)
    (setq pairs (sort (copy-sequence pairs)
                      (lambda (a b)
                        (funcall json-encoding-object-sort-predicate (car a) (car b))))))
  (json--bracket
   "{" "}"
   (let ((json--depth (1+ json--depth))
         (colon (if json-encoding-pretty-print ": " ":")))
     (mapcar (lambda (pair)
               (concat (json-encode-key (car pair)) colon (json-encode (cdr pair))))
             pairs))))

(defun json-encode-alist (alist)
  "ALIST as a JSON object."
  (json--encode-pairs alist))

(defun json--plist-pairs (plist)
  (let ((pairs nil))
    (while plist
      (push (cons (car plist) (cadr plist)) pairs)
      (setq plist (cddr plist)))
    (nreverse pairs)))

(defun json-encode-plist (plist)
  "PLIST as a JSON object, its keywords losing their colons."
  (json--encode-pairs (json--plist-pairs plist)))

(defun json-encode-hash-table (table)
  "TABLE as a JSON object."
  (let ((pairs nil))
    (maphash (lambda (k v) (push (cons k v) pairs)) table)
    (json--encode-pairs (nreverse pairs))))

(defun json-encode-array (array)
  "ARRAY (or list) as a JSON array."
  (json--bracket "[" "]"
                 (let ((json--depth (1+ json--depth)))
                   (mapcar #'json-encode array))))

(defun json-encode-list (list)
  "LIST as a JSON object if it is an alist or plist, else an array."
  (cond ((json-alist-p list) (json-encode-alist list))
        ((json-plist-p list) (json-encode-plist list))
        ((listp list) (json-encode-array list))
        (t (signal 'json-error (list list)))))

(defun json-encode-number (number)
  "NUMBER as JSON, as `prin1' writes it."
  (json--text (prin1-to-string number)))

(defun json-encode (object)
  "The JSON text of OBJECT, a value as `json-read' returns them.
Errors are `json-error' or kinds of it."
  (cond ((let ((keyword (json-encode-keyword object))) (and keyword (json--text keyword))))
        ((listp object) (json-encode-list object))
        ((json--stringlike object))
        ((numberp object) (json-encode-number object))
        ((arrayp object) (json-encode-array object))
        ((hash-table-p object) (json-encode-hash-table object))
        (t (signal 'json-error (list object)))))

;;; Pretty-printing text

(defvar json-pretty-print-max-secs 2.0
  "The MAX-SECS `json-pretty-print' gives `replace-region-contents'.")

(defun json-pretty-print (begin end &optional minimize)
  "Pretty-print the JSON values between BEGIN and END (MINIMIZE: write
them without whitespace), leaving the whitespace between them.  Text
that cannot be read stays as it is; its error is signalled after."
  (interactive "r\nP")
  (let ((json-encoding-pretty-print (not minimize))
        (json-null :json-null)          ; so that {} stays {}
        (json-object-type 'alist)       ; keeps the members' order
        (json-key-type 'string)         ; keys such as "t" and ":nil" stay
        (failure nil))
    (replace-region-contents
     begin end
     (lambda ()
       (let ((pieces nil) (reading t))
         (while reading
           (let ((start (point)))
             (condition-case err
                 (let* ((space (progn (skip-chars-forward " \t\n")
                                      (buffer-substring start (point))))
                        (value (json-read)))
                   (setq pieces (cons (json-encode value) (cons space pieces))))
               (t
                (setq reading nil)
                (push (buffer-substring start (point-max)) pieces)
                ;; The end of the text ends the values normally.
                (unless (eq (car err) 'json-end-of-file)
                  (setq failure err))))))
         (apply #'concat (nreverse pieces))))
     json-pretty-print-max-secs
     64)
    (when failure
      (signal (car failure) (cdr failure)))))

(defun json-pretty-print-buffer (&optional minimize)
  "Pretty-print the current buffer (MINIMIZE: minimize it)."
  (interactive "P")
  (json-pretty-print (point-min) (point-max) minimize))

(defun json-pretty-print-ordered (begin end &optional minimize)
  "`json-pretty-print' with the object members sorted by key."
  (interactive "r\nP")
  (let ((json-encoding-object-sort-predicate #'string<))
    (json-pretty-print begin end minimize)))

(defun json-pretty-print-buffer-ordered (&optional minimize)
  "`json-pretty-print-buffer' with the object members sorted by key."
  (interactive "P")
  (json-pretty-print-ordered (point-min) (point-max) minimize))


(marrow--byte-code-in-emacs
 'json-advance 'json-peek 'json-pop 'json-skip-whitespace)
(provide 'json)

;;; json.el ends here
