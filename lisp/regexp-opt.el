;;; regexp-opt.el --- regexps that match any of a list of strings  -*- lexical-binding: t -*-

;; `regexp-opt' and `regexp-opt-charset' as in GNU Emacs 28, which
;; marrow's regexps must print identically: the strings are sorted and
;; deduplicated, then split recursively by their longest common prefix,
;; else their longest common suffix, else into the one-character strings
;; (a bracket expression) and the rest, else by their first character.
;; subr.el loads this file on the first call of either function.
;;
;; Nothing here uses regexps, so the caller's match data are untouched.

(defconst regexp-opt--unmatchable "\\`a\\`"
  "A regexp that matches nothing, Emacs's `regexp-unmatchable'.")

(defun regexp-opt--common-prefix (strings)
  "The longest string that begins every one of STRINGS."
  (let ((len (length (car strings))))
    (dolist (s (cdr strings))
      (let ((i 0)
            (n (min len (length s))))
        (while (and (< i n) (eq (aref s i) (aref (car strings) i)))
          (setq i (1+ i)))
        (setq len i)))
    (substring (car strings) 0 len)))

(defun regexp-opt--common-suffix (strings)
  "The longest string that ends every one of STRINGS."
  (let ((reversed (regexp-opt--common-prefix (mapcar #'reverse strings))))
    (reverse reversed)))

(defun regexp-opt--runs (chars)
  "CHARS (sorted, distinct) as bracket-expression text: a run of four
or more consecutive characters becomes a range."
  (let ((out nil))
    (while chars
      (let ((start (car chars))
            (end (car chars)))
        (setq chars (cdr chars))
        (while (and chars (= (car chars) (1+ end)))
          (setq end (car chars) chars (cdr chars)))
        (push (if (> end (+ start 2))
                  (string start ?- end)
                (apply #'string (number-sequence start end)))
              out)))
    (apply #'concat (nreverse out))))

(defun regexp-opt-charset (chars)
  "A regexp matching any one of the characters in the list CHARS.
`]' goes first, `^' anywhere but first, `-' last, as brackets need."
  (let ((plain nil) (bracket "") (caret "") (dash ""))
    (dolist (c chars)
      (cond ((eq c ?\]) (setq bracket "]"))
            ((eq c ?^) (setq caret "^"))
            ((eq c ?-) (setq dash "-"))
            ((not (memq c plain)) (push c plain))))
    (let ((body (regexp-opt--runs (sort plain #'<))))
      (cond
       ((and (equal body "") (equal bracket "") (equal caret "") (equal dash ""))
        regexp-opt--unmatchable)
       ((= (+ (length body) (length bracket) (length caret) (length dash)) 1)
        (regexp-quote (concat body bracket caret dash)))
       ((and (equal body "") (equal bracket "") (not (equal caret "")))
        ;; "[^-]" would be a negated set: put the caret last.
        (concat "[" dash caret "]"))
       (t (concat "[" bracket body caret dash "]"))))))

;; A list of two lists: the members of STRINGS that satisfy PRED, and the others.
(defun regexp-opt--partition (pred strings)
  (let ((yes nil) (no nil))
    (dolist (s strings)
      (if (funcall pred s) (push s yes) (push s no)))
    (list (nreverse yes) (nreverse no))))

(defun regexp-opt--group (strings &optional paren lax)
  "A regexp for STRINGS (sorted, distinct).  PAREN non-nil wraps it in
a group (PAREN itself when a string, else a shy group); LAX lets a
bracket expression or an optional atom go without that group."
  (let* ((open (cond ((stringp paren) paren) (paren "\\(?:") (t "")))
         (close (if paren "\\)" ""))
         (open-atom (if lax "" open))
         (close-atom (if lax "" close)))
    (cond
     ((null (cdr strings))
      (if (= (length (car strings)) 1)
          (concat open-atom (regexp-quote (car strings)) close-atom)
        (concat open (regexp-quote (car strings)) close)))
     ((equal (car strings) "")
      (concat open-atom (regexp-opt--group (cdr strings) t t) "?" close-atom))
     (t
      (let ((prefix (regexp-opt--common-prefix strings))
            (suffix (regexp-opt--common-suffix strings)))
        (cond
         ((> (length prefix) 0)
          (let ((rests (mapcar (lambda (s) (substring s (length prefix))) strings)))
            (concat open (regexp-quote prefix) (regexp-opt--group rests t t) close)))
         ((> (length suffix) 0)
          (let ((heads (mapcar (lambda (s) (substring s 0 (- (length suffix)))) strings)))
            (concat open (regexp-opt--group (sort heads #'string-lessp) t t)
                    (regexp-quote suffix) close)))
         (t (regexp-opt--group-by-first strings open close open-atom close-atom))))))))

(defun regexp-opt--group-by-first (strings open close open-atom close-atom)
  "The last case of `regexp-opt--group', for STRINGS without a common
prefix or suffix: a bracket expression for the one-character strings
when the first string is one and there are others, else the strings
that start as the first one does, then the others."
  (let* ((parts (regexp-opt--partition (lambda (s) (= (length s) 1)) strings))
         (letters (car parts)))
    (if (and (cdr letters) (= (length (car strings)) 1))
        (let ((charset (regexp-opt-charset (mapcar #'string-to-char letters))))
          (if (cadr parts)
              (concat open (regexp-opt--group (cadr parts)) "\\|" charset close)
            (concat open-atom charset close-atom)))
      (let* ((first (aref (car strings) 0))
             (halves (regexp-opt--partition (lambda (s) (eq (aref s 0) first)) strings)))
        (concat open (regexp-opt--group (car halves)) "\\|"
                (regexp-opt--group (cadr halves)) close)))))

(defconst regexp-opt--boundaries
  '((words "\\<" . "\\>") (symbols "\\_<" . "\\_>"))
  "The assertions PAREN `words' and `symbols' put around the group.")

(defun regexp-opt--sorted-set (strings)
  "STRINGS sorted, without duplicates, in a new list."
  (delete-dups (sort (copy-sequence strings) #'string-lessp)))

(defun regexp-opt (strings &optional paren)
  "A regexp that matches any string in the list STRINGS.
PAREN: nil for a shy group only where needed, t or a string opening
the group for an explicit group, `words' or `symbols' to also require
word or symbol boundaries around it."
  (let* ((open (if (stringp paren) paren (and paren "\\(")))
         (sides (cdr (assq paren regexp-opt--boundaries)))
         (body (if strings
                   (regexp-opt--group (regexp-opt--sorted-set strings) (or open t) (not open))
                 ;; No strings still make the group asked for, or a shy one.
                 (concat (or open "\\(?:") regexp-opt--unmatchable "\\)"))))
    (concat (car sides) body (cdr sides))))

(defconst regexp-opt--cut-construct-errors
  '("Unmatched [ or [^" "Unmatched \\{" "Trailing backslash")
  "The compile errors of a regexp cut off inside brackets, a count or
an escape.")

(defun regexp-opt--compile-error (regexp)
  "The message of the `invalid-regexp' error REGEXP raises, nil if none."
  (condition-case err
      (progn (save-match-data (string-match regexp ""))
             nil)
    (invalid-regexp (cadr err))))

(defun subregexp-context-p (regexp pos &optional start)
  "Whether a sub-regexp could begin at POS in REGEXP: not inside
brackets, nor right after a quoting backslash.  START, when given, is
an earlier position known to be such a place.  As in Emacs, the text
between is compiled and the kind of error it gives decides."
  (not (member (regexp-opt--compile-error (substring regexp (or start 0) pos))
               regexp-opt--cut-construct-errors)))

(defun regexp-opt-depth (regexp)
  "The number of capturing groups in REGEXP, which must be valid.
Groups \\(?: and \\(?N: are not counted."
  (save-match-data (string-match regexp ""))
  (let ((count 0) (from 0) (last nil) at)
    (while (setq at (string-search "\\(" regexp from))
      (setq from (+ at 2))
      (unless (or (regexp-opt--numbered-or-shy regexp from)
                  (not (subregexp-context-p regexp at last)))
        (setq last from count (1+ count))))
    count))

(defun regexp-opt--numbered-or-shy (regexp i)
  "Whether REGEXP has ?DIGITS: at index I (DIGITS possibly empty)."
  (and (< i (length regexp)) (eq (aref regexp i) ??)
       (let ((j (1+ i)))
         (while (and (< j (length regexp)) (<= ?0 (aref regexp j) ?9))
           (setq j (1+ j)))
         (and (< j (length regexp)) (eq (aref regexp j) ?:)))))

(provide 'regexp-opt)
