;;; rx.el --- regexps written as S-expressions  -*- lexical-binding: t -*-

;; `rx', `rx-to-string', `rx-let', `rx-let-eval', `rx-define' and the
;; `rx' pcase pattern, printing the regexps GNU Emacs 28 prints, whose
;; choices of where a shy group "\\(?:...\\)" is needed we follow.
;;
;; A translated form is (PARTS . LEVEL).  PARTS is a list of strings to
;; concatenate; inside the `rx' macro it may also hold Lisp forms that
;; `literal' and `regexp' evaluate at run time.  LEVEL says what the
;; regexp may be combined with without a shy group around it:
;;   t     it is one atom, which a postfix operator may follow ("a", "[ab]")
;;   seq   it may be concatenated with others ("ab", "a*")
;;   lseq  it may only have seq or t on its right ("^a")
;;   rseq  it may only have seq or t on its left ("a$")
;;   nil   it may only be an alternative of an `or' ("a\\|b")

;;; ---- Tables --------------------------------------------------------

(defconst rx--char-classes
  '((digit . digit) (numeric . digit) (num . digit)
    (control . cntrl) (cntrl . cntrl)
    (hex-digit . xdigit) (hex . xdigit) (xdigit . xdigit)
    (blank . blank)
    (graphic . graph) (graph . graph)
    (printing . print) (print . print)
    (alphanumeric . alnum) (alnum . alnum)
    (letter . alpha) (alphabetic . alpha) (alpha . alpha)
    (ascii . ascii) (nonascii . nonascii)
    (lower . lower) (lower-case . lower)
    (punctuation . punct) (punct . punct)
    (space . space) (whitespace . space) (white . space)
    (upper . upper) (upper-case . upper)
    (word . word) (wordchar . word)
    (unibyte . unibyte) (multibyte . multibyte))
  "The rx names of the regexp character classes [:CLASS:].")

(defconst rx--plain-symbols
  '((nonl "." . t) (not-newline "." . t) (any "." . t)
    (anychar "[^z-a]" . t) (anything "[^z-a]" . t)
    (bol "^" . lseq) (line-start "^" . lseq)
    (eol "$" . rseq) (line-end "$" . rseq)
    (bos "\\`" . t) (string-start "\\`" . t) (bot "\\`" . t) (buffer-start "\\`" . t)
    (eos "\\'" . t) (string-end "\\'" . t) (eot "\\'" . t) (buffer-end "\\'" . t)
    (point "\\=" . t)
    (bow "\\<" . t) (word-start "\\<" . t)
    (eow "\\>" . t) (word-end "\\>" . t)
    (word-boundary "\\b" . t) (not-word-boundary "\\B" . t)
    (symbol-start "\\_<" . t) (symbol-end "\\_>" . t)
    (not-wordchar "\\W" . t))
  "The rx symbols that stand for a fixed regexp: (NAME REGEXP . LEVEL).")

(defconst rx--syntax-codes
  '((whitespace . ?-) (punctuation . ?.) (word . ?w) (symbol . ?_)
    (open-parenthesis . ?\() (close-parenthesis . ?\))
    (expression-prefix . ?\') (string-quote . ?\")
    (paired-delimiter . ?$) (escape . ?\\) (character-quote . ?/)
    (comment-start . ?<) (comment-end . ?>)
    (string-delimiter . ?|) (comment-delimiter . ?!))
  "Names of the syntax classes for `syntax' and `not-syntax'.")

(defconst rx--categories
  '((space-for-indent . ?\s) (base . ?.) (consonant . ?0)
    (base-vowel . ?1) (upper-diacritical-mark . ?2)
    (lower-diacritical-mark . ?3) (tone-mark . ?4) (symbol . ?5)
    (digit . ?6) (vowel-modifying-diacritical-mark . ?7)
    (vowel-sign . ?8) (semivowel-lower . ?9)
    (not-at-end-of-line . ?<) (not-at-beginning-of-line . ?>)
    (alpha-numeric-two-byte . ?A) (chinese-two-byte . ?C)
    (chinse-two-byte . ?C)              ; Emacs 21.1-24.3's spelling
    (greek-two-byte . ?G) (japanese-hiragana-two-byte . ?H)
    (indian-two-byte . ?I) (japanese-katakana-two-byte . ?K)
    (strong-left-to-right . ?L) (korean-hangul-two-byte . ?N)
    (strong-right-to-left . ?R) (cyrillic-two-byte . ?Y)
    (combining-diacritic . ?^) (ascii . ?a) (arabic . ?b)
    (chinese . ?c) (ethiopic . ?e) (greek . ?g) (korean . ?h)
    (indian . ?i) (japanese . ?j) (japanese-katakana . ?k)
    (latin . ?l) (lao . ?o) (tibetan . ?q) (japanese-roman . ?r)
    (thai . ?t) (vietnamese . ?v) (hebrew . ?w) (cyrillic . ?y)
    (can-break . ?|))
  "Names of the character categories for `category'.")

;;; ---- State -----------------------------------------------------------

(defvar rx-constituents nil
  "Old-style rx extensions, kept for compatibility: (SYMBOL . DEF).
DEF a symbol makes SYMBOL its alias, a string makes SYMBOL stand for
that regexp, and (FUN MIN-ARGS MAX-ARGS PRED) makes (SYMBOL ARGS...)
a form that FUN turns into a regexp string.  New code should use
`rx-define', `rx-let' or `rx-let-eval'.")

(defvar rx--local-definitions nil
  "Local rx definitions, innermost first: (NAME DEF) or (NAME ARGS DEF).")

(defvar rx--greedy t
  "Whether the operators that `minimal-match' affects are greedy.")

(defvar rx--delayed-evaluation nil
  "Non-nil when `literal' and `regexp' may take expressions evaluated later.")

;;; ---- Small helpers ---------------------------------------------------

(defun rx--nothing ()
  "The translation of a regexp that never matches."
  (cons (list regexp-unmatchable) 'seq))

(defun rx--shy (parts)
  "PARTS inside a shy group."
  (append (list "\\(?:") parts (list "\\)")))

(defun rx--atom (item)
  "The parts of ITEM, in a shy group unless it is already one atom."
  (if (eq (cdr item) t) (car item) (rx--shy (car item))))

(defun rx--every (pred list)
  "Whether PRED holds for each element of LIST."
  (catch 'rx--fails
    (dolist (x list t)
      (unless (funcall pred x)
        (throw 'rx--fails nil)))))

(defun rx--one-arg (body what)
  "The single element of BODY, else an error naming the form WHAT."
  (unless (and body (null (cdr body)))
    (error "rx `%s' form takes exactly one argument" what))
  (car body))

;;; ---- Definitions -----------------------------------------------------

(defun rx--definition (name)
  "NAME's rx definition, (DEF) or (ARGS DEF), local ones first."
  (let ((local (assq name rx--local-definitions)))
    (if local (cdr local) (get name 'rx-definition))))

(defun rx--expand-def (form)
  "FORM expanded once if it uses a definition, else nil."
  (cond ((symbolp form)
         (let ((def (rx--definition form)))
           (cond ((null def) nil)
                 ((cdr def) (error "Not an `rx' symbol definition: %s" form))
                 (t (car def)))))
        ((and (consp form) (symbolp (car form)))
         (let ((def (rx--definition (car form))))
           (cond ((null def) nil)
                 ((cdr def) (rx--expand-template (car form) (cdr form) (car def) (cadr def)))
                 (t (error "Not an `rx' form definition: %s" (car form))))))))

(defun rx--check-arity (op got fixed rest-part)
  "Signal an error unless GOT arguments suit the definition OP, which
has FIXED plain parameters and REST-PART, the tail of its parameter
list from `&rest' on (nil when there is none)."
  (cond ((< got fixed)
         (error "Expanding rx def `%s': too few arguments (got %d, need %s%d)"
                op got (if rest-part "at least " "") fixed))
        ((equal rest-part '(&rest))
         (error "Expanding rx def `%s': missing &rest parameter name" op))
        ((and (null rest-part) (> got fixed))
         (error "Expanding rx def `%s': too many arguments (got %d, need %d)"
                op got fixed))))

(defun rx--bind-params (op values params)
  "What each of the PARAMS of OP's definition stands for when it is
called with VALUES, as an alist of (NAME . FORMS): FORMS holds the one
argument of a plain parameter, or all the arguments left over for the
name after `&rest'.  Words after that name are ignored; of two equal
names the later one wins."
  (let* ((rest-part (memq '&rest params))
         (fixed (butlast params (length rest-part)))
         (args values)
         (alist nil))
    (rx--check-arity op (length values) (length fixed) rest-part)
    (dolist (name fixed)
      (push (list name (pop args)) alist))
    (if rest-part
        (cons (cons (cadr rest-part) args) alist)
      alist)))

(defun rx--expand-template (op values params template)
  "The single form TEMPLATE of the definition OP turns into when its
PARAMS are given VALUES."
  (let ((forms (rx--substitute (rx--bind-params op values params) template)))
    (unless (= (length forms) 1)
      (error "Expanding rx def `%s': must result in a single value" op))
    (car forms)))

(defun rx--substitute-one (forms)
  "The only element of FORMS, which stand for one half of a dotted pair."
  (unless (and forms (null (cdr forms)))
    (error "Cannot substitute a &rest parameter into a dotted pair"))
  (car forms))

(defun rx--substitute (bindings form)
  "The forms FORM turns into when the parameters in BINDINGS are replaced,
as a list: one form, except for a parameter bound by `&rest', which
turns into all the arguments it received (maybe none)."
  (let ((param (and (symbolp form) (assq form bindings))))
    (cond (param (cdr param))
          ((atom form) (list form))
          ((listp (cdr form))
           (let ((spliced nil))
             ;; Fresh conses throughout, so that the expansion shares no
             ;; structure with the arguments.
             (dolist (elt form)
               (dolist (new (rx--substitute bindings elt))
                 (push new spliced)))
             (list (nreverse spliced))))
          (t                            ; a dotted pair, such as a range
           (let ((left (rx--substitute bindings (car form)))
                 (right (rx--substitute bindings (cdr form))))
             (list (cons (rx--substitute-one left)
                         (rx--substitute-one right))))))))

(defun rx--compat-entry (name want)
  "NAME's entry in `rx-constituents' of the kind WANT (`stringp' or
`consp'), following aliases and skipping entries of another kind."
  (rx--compat-search name want rx-constituents))

(defun rx--compat-search (name want entries)
  "Look for NAME in ENTRIES, a tail of `rx-constituents', as
`rx--compat-entry' describes: an alias restarts the search for the
name it stands for at the head of the list."
  (let ((entry (assq name entries)))
    (cond ((null entry) nil)
          ((funcall want (cdr entry)) entry)
          ((symbolp (cdr entry)) (rx--compat-search (cdr entry) want rx-constituents))
          (t (rx--compat-search name want (cdr (memq entry entries)))))))

(defun rx--builtin-symbol (sym)
  "The translation of SYM if rx itself gives it a meaning, else nil."
  (let ((plain (assq sym rx--plain-symbols))
        (class (assq sym rx--char-classes)))
    (cond (plain (cons (list (cadr plain)) (cddr plain)))
          (class (cons (list (concat "[[:" (symbol-name (cdr class)) ":]]")) t))
          ((eq sym 'unmatchable) (rx--nothing)))))

(defun rx--translate-compat-form (def form)
  "FORM translated by DEF, an `rx-constituents' (FUN MIN MAX PRED)."
  (let ((nargs (length (cdr form))))
    (when (< nargs (nth 1 def))
      (error "The `%s' form takes at least %d argument(s)" (car form) (nth 1 def)))
    (when (and (nth 2 def) (> nargs (nth 2 def)))
      (error "The `%s' form takes at most %d argument(s)" (car form) (nth 2 def)))
    (when (and (nth 3 def) (not (rx--every (nth 3 def) (cdr form))))
      (error "The `%s' form requires arguments satisfying `%s'" (car form) (nth 3 def)))
    (let ((regexp (funcall (car def) form)))
      (unless (stringp regexp)
        (error "The `%s' form did not expand to a string" (car form)))
      (cons (list regexp) nil))))

;;; ---- Symbols, strings and sequences ----------------------------------

(defun rx--translate-symbol (sym)
  "The translation of SYM: a built-in name, a definition, or an old
string entry of `rx-constituents', in that order of precedence."
  (or (rx--builtin-symbol sym)
      (let ((expanded (rx--expand-def sym)))
        (and expanded (rx--translate expanded)))
      (let ((entry (rx--compat-entry sym #'stringp)))
        (and entry (cons (list (cdr entry)) nil)))
      (error "Unknown rx symbol `%s'" sym)))

(defun rx--translate-char (char)
  "The translation of CHAR matched literally."
  (rx--translate-string (char-to-string char)))

(defun rx--shy-if (item levels)
  "ITEM, inside a shy group when its level is one of LEVELS."
  (if (memq (cdr item) levels)
      (cons (rx--shy (car item)) t)
    item))

(defun rx--translate-string (str)
  (if (equal str "")
      (cons nil 'seq)
    (cons (list (regexp-quote str)) (if (= (length str) 1) t 'seq))))

(defun rx--concat-level (left right)
  "The level of LEFT's regexp followed by RIGHT's (neither nil nor a
wrong-sided anchor)."
  (cond ((and (eq left 'lseq) (eq right 'rseq)) nil)
        ((eq left 'lseq) 'lseq)
        ((eq right 'rseq) 'rseq)
        (t 'seq)))

(defun rx--concat (left right)
  "The translation of LEFT followed by RIGHT."
  (if (and (car left) (car right))
      ;; An alternation or a trailing $ cannot be followed as it is,
      ;; and an alternation or a leading ^ cannot follow something.
      (let ((l (rx--shy-if left '(nil rseq)))
            (r (rx--shy-if right '(nil lseq))))
        (cons (append (car l) (car r))
              (rx--concat-level (cdr l) (cdr r))))
    (if (car left) left right)))

(defun rx--translate-seq (body)
  ;; `mapcar' takes any sequence, so (seq . "ab") is (seq ?a ?b), as in Emacs.
  (let ((items (mapcar #'rx--translate body)))
    (if (null items)
        (cons nil 'seq)
      (let ((result (car items)))
        (dolist (item (cdr items))
          (setq result (rx--concat result item)))
        result))))

;;; ---- or --------------------------------------------------------------

(defun rx--expand-eval (body)
  (eval (rx--one-arg body 'eval)))

(defun rx--expand-head (form)
  "FORM with the definitions and `eval' forms at its top expanded,
repeatedly, until neither is left there."
  (let ((done nil))
    (while (not done)
      (let ((expanded (if (eq (car-safe form) 'eval)
                          (list (rx--expand-eval (cdr form)))
                        (let ((def (rx--expand-def form)))
                          (and def (list def))))))
        (if expanded
            (setq form (car expanded))
          (setq done t))))
    form))

(defun rx--normalise-or-arg (form)
  "FORM, an `or' argument, ready to be recognised as a set of strings:
characters become strings, and definitions and `eval' are expanded,
in it and in the `or' forms it is made of."
  (let ((form (rx--expand-head form)))
    (cond ((characterp form) (char-to-string form))
          ((memq (car-safe form) '(or |))
           (cons (car form) (mapcar #'rx--normalise-or-arg (cdr form))))
          (t form))))

(defun rx--or-strings (forms)
  "The strings FORMS and their nested `or' forms are made of, or
`not-strings' when one of them is something else."
  (catch 'not-strings
    (let ((strings nil))
      (dolist (form forms)
        (cond ((stringp form) (push form strings))
              ((memq (car-safe form) '(or |))
               (let ((inner (rx--or-strings (cdr form))))
                 (when (eq inner 'not-strings) (throw 'not-strings inner))
                 (setq strings (append (reverse inner) strings))))
              (t (throw 'not-strings 'not-strings))))
      (nreverse strings))))

(defun rx--translate-or (body)
  "The translation of (or . BODY): `regexp-opt' for strings alone, a
character alternative for sets of characters alone, else BODY's
translations as alternatives."
  (if (cdr body)
      (let* ((args (mapcar #'rx--normalise-or-arg body))
             (strings (rx--or-strings args)))
        (cond
         ;; An empty list is not `not-strings' but no strings at all.
         ((and strings (listp strings))
          (cons (list (regexp-opt strings nil)) t))
         ((rx--every #'rx--charset-p args)
          (rx--intervals-to-alt nil (rx--charset-union args)))
         (t (rx--alternatives (mapcar #'rx--translate args)))))
    (if body (rx--translate (car body)) (rx--nothing))))

(defun rx--alternatives (items)
  "The translations ITEMS joined as alternatives, \"\\\\|\" between."
  (let ((parts (car (car items))))
    (dolist (item (cdr items))
      (setq parts (append parts (list "\\|") (car item))))
    (cons parts nil)))

;;; ---- Character sets --------------------------------------------------

(defun rx--charset-p (form)
  "Whether FORM is a set of characters that `or', `not' and
`intersection' can compute with: a character, a one-character
string, an `any' form without class names, one of those operators
applied to such sets, or a definition standing for one."
  (pcase form
    ((pred characterp) t)
    ((pred stringp) (= (length form) 1))
    (`(,(or 'any 'in 'char) . ,args)
     (rx--every (lambda (arg) (not (symbolp arg))) args))
    (`(,(or 'not 'or '| 'intersection) . ,args)
     (rx--every #'rx--charset-p args))
    ((or (pred symbolp) (pred consp))
     (let ((expanded (rx--expand-def form)))
       (and expanded (rx--charset-p expanded))))))

(defun rx--string-chars (str)
  "The characters of STR; a unibyte string's bytes above 127 count as
raw bytes."
  (if (multibyte-string-p str)
      (append str nil)
    (mapcar #'unibyte-char-to-multibyte str)))

(defun rx--range-intervals (from to text)
  "The intervals of the range FROM-TO in a string argument of `any',
written TEXT there."
  (cond ((> from to) (error "Invalid rx `any' range: %s" text))
        ;; From ASCII up into the raw bytes means both ends only, not
        ;; the whole of Unicode that lies between.
        ((and (<= from #x7f) (>= to #x3fff80))
         (list (cons #x3fff80 to) (cons from #x7f)))
        (t (list (cons from to)))))

(defun rx--string-intervals (str)
  "The characters and ranges (\"A-Z\") of STR as intervals (FROM . TO),
last first."
  (let ((chars (rx--string-chars str)) (pos 0) (found nil))
    (while chars
      (if (and (cddr chars) (eq (cadr chars) ?-))
          (setq found (nconc (rx--range-intervals (car chars) (nth 2 chars)
                                                  (substring str pos (+ pos 3)))
                             found)
                chars (nthcdr 3 chars)
                pos (+ pos 3))
        (push (cons (car chars) (car chars)) found)
        (setq chars (cdr chars)
              pos (1+ pos))))
    found))

(defun rx--merge-intervals (intervals)
  "INTERVALS sorted, with overlapping and adjacent ones merged."
  (let ((sorted (sort (copy-sequence intervals) (lambda (a b) (< (car a) (car b)))))
        (out nil))
    (dolist (iv sorted)
      (if (and out (>= (cdar out) (1- (car iv))))
          (setcar out (cons (caar out) (max (cdar out) (cdr iv))))
        (push (cons (car iv) (cdr iv)) out)))
    (nreverse out)))

(defun rx--any-arg-interval (arg)
  "ARG of `any' as an interval, when it is a character or a range cons."
  (pcase arg
    ((pred characterp) (cons arg arg))
    (`(,(and from (pred characterp)) . ,(and to (pred characterp)))
     (and (<= from to) (cons from to)))))

(defun rx--parse-any (body)
  "(INTERVALS CLASSES) for the arguments BODY of `any': the merged
intervals, and the class names in the order they first appear."
  (let ((classes nil) (strings nil) (intervals nil))
    (dolist (arg body)
      (let ((iv (rx--any-arg-interval arg))
            (class (and (symbolp arg) (cdr (assq arg rx--char-classes)))))
        (cond ((stringp arg) (push arg strings))
              (iv (push iv intervals))
              (class (unless (memq class classes) (push class classes)))
              (t (error "Invalid rx `any' argument: %s" arg)))))
    ;; The strings' ranges are checked last, the last string first, as Emacs does.
    (dolist (s strings)
      (setq intervals (append intervals (rx--string-intervals s))))
    (list (rx--merge-intervals intervals) (nreverse classes))))

(defun rx--first-interval (pred items)
  "The first interval (a cons) among ITEMS satisfying PRED."
  (let ((found nil))
    (while (and items (not found))
      (when (and (consp (car items)) (funcall pred (car items)))
        (setq found (car items)))
      (setq items (cdr items)))
    found))

(defun rx--replace-item (old new items)
  (mapcar (lambda (x) (if (eq x old) new x)) items))

(defun rx--arrange-bracket-items (items)
  "ITEMS (intervals then class names) reordered so that a bracket
expression reads as meant: `]' first, `-' last, `^' not first."
  (let ((rb-start (rx--first-interval (lambda (iv) (eq (car iv) ?\])) items)))
    (when rb-start
      (setq items (cons rb-start (delq rb-start items)))))
  (let ((rb-end (rx--first-interval (lambda (iv) (eq (cdr iv) ?\])) items)))
    ;; Cut the ] off the end of a range X-] and put it first.
    (when (and rb-end (not (eq (car rb-end) ?\])))
      (setq items (cons (cons ?\] ?\])
                        (rx--replace-item rb-end (cons (car rb-end) ?\\) items)))))
  (let ((dash-end (rx--first-interval (lambda (iv) (eq (cdr iv) ?-)) items)))
    ;; ",-" would print as the two characters, the - not last: split it.
    (when (eq (car dash-end) ?,)
      (setq items (append (rx--replace-item dash-end (cons ?, ?,) items)
                          (list (cons ?- ?-))))))
  (let ((dash-start (rx--first-interval (lambda (iv) (eq (car iv) ?-)) items)))
    (when dash-start
      (setq items (append (if (eq (cdr dash-start) ?-)
                              (delq dash-start items)
                            (rx--replace-item dash-start (cons ?. (cdr dash-start)) items))
                          (list (cons ?- ?-))))))
  (if (and (consp (car items)) (eq (caar items) ?^) (cdr items))
      (cons (cadr items) (cons (car items) (cddr items)))
    items))

(defun rx--bracket-item-string (item)
  "How ITEM, a class name or an interval, is written in brackets: a
range of three characters or more takes a dash."
  (if (symbolp item)
      (concat "[:" (symbol-name item) ":]")
    (let ((from (car item)) (to (cdr item)))
      (pcase (- to from)
        (0 (string from))
        (1 (string from to))
        (_ (string from ?- to))))))

(defun rx--generate-alt (negated intervals classes)
  "The translation of the set of INTERVALS and class names CLASSES, or
of its complement if NEGATED: a bracket expression, unless the set is
empty, everything, one character, or all but newline."
  (let ((items (rx--arrange-bracket-items (append intervals classes))))
    (pcase (cons (and negated t) items)
      ('(nil) (rx--nothing))
      ('(t) (rx--builtin-symbol 'anything))
      ('(t (?\n . ?\n)) (rx--builtin-symbol 'nonl))
      ((and `(nil (,from . ,to)) (guard (eq from to))) (rx--translate-char from))
      (_ (cons (list (concat (if negated "[^" "[")
                             (mapconcat #'rx--bracket-item-string items "")
                             "]"))
               t)))))

(defun rx--translate-any (negated body)
  (apply #'rx--generate-alt negated (rx--parse-any body)))

(defun rx--complement-intervals (intervals)
  "The characters outside INTERVALS (sorted and disjoint) as intervals.
Emacs 28 leaves out a gap made of the last character (`max-char')
alone, which shows in the sets that use a complement, so we do too."
  (let ((gaps nil) (from 0))
    (dolist (bound (append intervals (list (cons (1+ (max-char)) nil))))
      (let ((to (1- (car bound))))
        (when (and (<= from to) (/= from (max-char)))
          (push (cons from to) gaps))
        (setq from (and (cdr bound) (1+ (cdr bound))))))
    (nreverse gaps)))

(defun rx--intersect-intervals (a b)
  "The intersection of the sorted disjoint interval lists A and B."
  (let ((out nil))
    (while (and a b)
      (let ((lo (max (caar a) (caar b)))
            (hi (min (cdar a) (cdar b))))
        (when (<= lo hi) (push (cons lo hi) out))
        ;; Drop whichever interval ends first; the other may meet more.
        (if (< (cdar a) (cdar b)) (setq a (cdr a)) (setq b (cdr b)))))
    (nreverse out)))

(defun rx--charset-intervals (charset)
  "The sorted, disjoint, non-adjacent intervals CHARSET matches."
  (cond
   ((memq (car-safe charset) '(any in char))
    (let ((parsed (rx--parse-any (cdr charset))))
      (when (cadr parsed)
        (error "Character class not permitted in set operations: %S" (car (cadr parsed))))
      (car parsed)))
   ((and (eq (car-safe charset) 'not) (consp (cdr charset)) (null (cddr charset)))
    (rx--complement-intervals (rx--charset-intervals (cadr charset))))
   ((memq (car-safe charset) '(or |)) (rx--charset-union (cdr charset)))
   ((eq (car-safe charset) 'intersection) (rx--charset-intersection (cdr charset)))
   ((characterp charset) (list (cons charset charset)))
   ((and (stringp charset) (= (length charset) 1))
    (let ((c (string-to-char charset))) (list (cons c c))))
   (t (let ((expanded (rx--expand-def charset)))
        (if expanded
            (rx--charset-intervals expanded)
          (error "Bad character set: %S" charset))))))

(defun rx--charset-union (charsets)
  "The intervals of the union of CHARSETS.  It is the complement of the
intersection of their complements, as in Emacs 28, whose results this
reproduces even where `rx--complement-intervals' loses a character."
  (rx--complement-intervals
   (rx--intersect-all
    (mapcar (lambda (cs) (rx--complement-intervals (rx--charset-intervals cs)))
            charsets))))

(defun rx--charset-intersection (charsets)
  (rx--intersect-all (mapcar #'rx--charset-intervals charsets)))

(defun rx--intersect-all (sets)
  "The intersection of SETS, lists of intervals; all characters if none."
  (let ((result (list (cons 0 (max-char)))))
    (dolist (set sets result)
      (setq result (rx--intersect-intervals result set)))))

(defun rx--intervals-to-alt (negated intervals)
  "The character alternative of INTERVALS, negated if NEGATED.  A set
holding the character #x3ffeff is written as its negated complement,
the form Emacs 28 prints."
  (let ((flip (rx--covers-p #x3ffeff intervals)))
    (rx--generate-alt (if flip (not negated) negated)
                      (if flip (rx--complement-intervals intervals) intervals)
                      nil)))

(defun rx--covers-p (char intervals)
  "Whether CHAR lies in one of INTERVALS."
  (not (rx--every (lambda (iv) (or (< char (car iv)) (> char (cdr iv))))
                  intervals)))

(defun rx--translate-not (negated body)
  "The translation of (not . BODY), complemented again if NEGATED."
  (rx--charspec (not negated) (rx--one-arg body 'not)))

(defun rx--charspec (complement arg)
  "The translation of ARG, an argument of `not', as a set of
characters or a zero-width assertion, complemented if COMPLEMENT."
  (let ((class (and (symbolp arg) (assq arg rx--char-classes))))
    (pcase arg
      (`(,(or 'any 'in 'char) . ,args) (rx--translate-any complement args))
      (`(syntax . ,args) (rx--translate-syntax complement args))
      (`(category . ,args) (rx--translate-category complement args))
      (`(not . ,args) (rx--charspec (not complement) (rx--one-arg args 'not)))
      (`(,(or 'or '|) . ,args)
       (rx--intervals-to-alt complement (rx--charset-union args)))
      (`(intersection . ,args)
       (rx--intervals-to-alt complement (rx--charset-intersection args)))
      ('word-boundary
       (rx--translate-symbol (if complement 'not-word-boundary 'word-boundary)))
      ((guard class) (rx--generate-alt complement nil (list (cdr class))))
      ((or (pred characterp) (and (pred stringp) (guard (= (length arg) 1))))
       (let ((char (if (stringp arg) (string-to-char arg) arg)))
         (rx--generate-alt complement (list (cons char char)) nil)))
      (_ (let ((expanded (rx--expand-def arg)))
           (unless expanded
             (error "Illegal argument to rx `not': %S" arg))
           (rx--charspec complement expanded))))))

;;; ---- Repetition ------------------------------------------------------

(defun rx--counted (min max body)
  "BODY repeated MIN to MAX times (MAX nil: no upper bound)."
  (let ((operand (rx--translate-seq body)))
    (if (null (car operand))
        operand
      (cons (append (rx--atom operand)
                    (list (concat "\\{" (number-to-string min)
                                  (cond ((null max) ",")
                                        ((< min max) (format ",%d" max)))
                                  "\\}")))
            t))))

(defun rx--bounded (name body)
  "(NAME MIN MAX RX...) translated."
  (let ((min (car body)) (max (cadr body)))
    (unless (and (natnump min) (natnump max) (<= min max))
      (error "rx `%s' range error" name))
    (rx--counted min max (cddr body))))

(defun rx--repetition-args (op body count-args)
  "BODY, the arguments of the repetition OP, checked: it must have
COUNT-ARGS counts or more, the first a natural number."
  (when (< (length body) count-args)
    (error "rx `%s' requires at least %s" op
           (if (= count-args 1) "1 argument" (format "%d arguments" count-args))))
  (unless (natnump (car body))
    (error "rx `%s' first argument must be nonnegative" op))
  body)

(defun rx--translate-repeat (body)
  "(repeat N RX...) or (repeat MIN MAX RX...), told apart by length."
  (rx--repetition-args 'repeat body 2)
  (if (cddr body)
      (rx--bounded 'repeat body)
    (rx--counted (car body) (car body) (cdr body))))

(defun rx--postfix (op greedy body)
  "BODY followed by OP (\"*\", \"+\" or \"?\"), made lazy unless GREEDY."
  (let ((operand (rx--translate-seq body)))
    (if (null (car operand))
        operand
      ;; Level seq, not t: (? (* "a")) must not print as the lazy "a*?".
      (cons (append (rx--atom operand) (list (if greedy op (concat op "?"))))
            'seq))))

;;; ---- Groups, syntax, categories, literals ----------------------------

(defun rx--group-with (opening body)
  "BODY in sequence, between OPENING and the group's end."
  (cons (append (list opening) (car (rx--translate-seq body)) (list "\\)")) t))

(defun rx--translate-group (body)
  (rx--group-with "\\(" body))

(defun rx--translate-group-n (body)
  (let ((number (car body)))
    (unless (and (integerp number) (> number 0))
      (error "rx `group-n' requires a positive number as first argument"))
    (rx--group-with (format "\\(?%d:" number) (cdr body))))

(defun rx--translate-backref (body)
  (pcase body
    (`(,(and n (pred integerp) (guard (<= 1 n 9))))
     (cons (list (format "\\%d" n)) t))
    (_ (error "rx `backref' requires an argument in the range 1..9"))))

(defun rx--category-code (arg)
  "The category character ARG, a character or a category name, stands for."
  (cond ((characterp arg) arg)
        ((not (symbolp arg)) (error "Invalid rx `category' argument `%s'" arg))
        ((cdr (assq arg rx--categories)))
        (t (error "Unknown rx category `%s'" arg))))

(defun rx--syntax-char (name)
  "The syntax class character rx's NAME stands for, or nil."
  (or (cdr (assq name rx--syntax-codes))
      (and (characterp name) (rassq name rx--syntax-codes) name)
      (and (symbolp name) (= (length (symbol-name name)) 1)
           (let ((c (string-to-char (symbol-name name))))
             (and (rassq c rx--syntax-codes) c)))))

(defun rx--translate-syntax (negated body)
  (let* ((name (rx--one-arg body 'syntax))
         (syntax (rx--syntax-char name)))
    (unless syntax
      (error "Unknown rx syntax name `%s'" name))
    (cons (list (string ?\\ (if negated ?S ?s) syntax)) t)))

(defun rx--translate-category (negated body)
  (let ((code (rx--category-code (rx--one-arg body 'category))))
    (cons (list (string ?\\ (if negated ?C ?c) code)) t)))

(defun rx--run-time-arg (op body)
  "The argument of the OP form (OP . BODY): a string, or inside the
`rx' macro any expression, whose value is used when the code runs."
  (let ((arg (rx--one-arg body op)))
    (unless (or (stringp arg) rx--delayed-evaluation)
      (error "rx `%s' form with non-string argument" op))
    arg))

(defun rx--translate-literal (body)
  ;; Not `rx--translate-string': an empty string stays a part here,
  ;; which a postfix operator then sees.
  (let* ((arg (rx--run-time-arg 'literal body))
         (known (stringp arg)))
    (cons (list (if known (regexp-quote arg) (list 'regexp-quote arg)))
          (if (and known (= (length arg) 1)) t 'seq))))

(defconst rx--atom-regexp
  (concat "\\`\\(?:"
          "[^*+?^$[\\]"                  ; an ordinary character
          "\\|\\\\[sScC_]?[^z-a]"        ; an escape such as \\w, \\sw or \\cg
          "\\|\\[\\^?]?\\(?:\\[:[a-z]+:]\\|[^]]\\)*]" ; a bracket expression
          "\\|\\\\(\\(?:[^\\]\\|\\\\[^)]\\)*\\\\)"    ; one group
          "\\)\\'")
  "Matches the regexps `rx--atomic-regexp-p' recognises as atoms.")

(defun rx--atomic-regexp-p (regexp)
  "Whether REGEXP is surely one atom.  Some atoms are missed (never a
non-atom taken for one), for a REGEXP that is well formed."
  (string-match-p rx--atom-regexp regexp))

(defun rx--translate-regexp (body)
  (let ((arg (rx--run-time-arg 'regexp body)))
    (cons (list arg) (and (stringp arg) (rx--atomic-regexp-p arg) t))))

;;; ---- Forms -----------------------------------------------------------

(defun rx--postfix-handler (op greedy)
  "A handler putting OP (\"*\", \"+\" or \"?\") after its operand.
GREEDY is t, nil, or `dynamic' to follow `minimal-match'."
  (lambda (body)
    (rx--postfix op (if (eq greedy 'dynamic) rx--greedy greedy) body)))

(defun rx--negatable-handler (translate negated)
  "A handler calling TRANSLATE with NEGATED and the body."
  (lambda (body) (funcall translate negated body)))

(defun rx--counted-handler (op count-args max-p)
  "A handler for OP, whose body starts with COUNT-ARGS counts: a
minimum, and a maximum when MAX-P (one count then means exactly)."
  (lambda (body)
    (rx--repetition-args op body count-args)
    (cond ((= count-args 2) (rx--bounded op body))
          (max-p (rx--counted (car body) (car body) (cdr body)))
          (t (rx--counted (car body) nil (cdr body))))))

(defconst rx--operators
  (let ((table nil))
    (dolist (entry
             `(((seq sequence : and) . rx--translate-seq)
               ((or |) . rx--translate-or)
               ((any in char) . ,(rx--negatable-handler #'rx--translate-any nil))
               ((not-char) . ,(rx--negatable-handler #'rx--translate-any t))
               ((not) . ,(rx--negatable-handler #'rx--translate-not nil))
               ((intersection)
                . ,(lambda (body)
                     (rx--intervals-to-alt nil (rx--charset-intersection body))))
               ((minimal-match)
                . ,(lambda (body) (let ((rx--greedy nil)) (rx--translate-seq body))))
               ((maximal-match)
                . ,(lambda (body) (let ((rx--greedy t)) (rx--translate-seq body))))
               ((group submatch) . rx--translate-group)
               ((group-n submatch-n) . rx--translate-group-n)
               ((backref) . rx--translate-backref)
               ((syntax) . ,(rx--negatable-handler #'rx--translate-syntax nil))
               ((not-syntax) . ,(rx--negatable-handler #'rx--translate-syntax t))
               ((category) . ,(rx--negatable-handler #'rx--translate-category nil))
               ((literal) . rx--translate-literal)
               ((regexp regex) . rx--translate-regexp)
               ((eval) . ,(lambda (body) (rx--translate (rx--expand-eval body))))
               ((repeat) . rx--translate-repeat)
               ((**) . ,(rx--counted-handler '** 2 t))
               ((=) . ,(rx--counted-handler '= 1 t))
               ((>=) . ,(rx--counted-handler '>= 1 nil))
               ;; (? ...) and (?? ...) read as the characters ?\s and ??.
               ((zero-or-more 0+) . ,(rx--postfix-handler "*" 'dynamic))
               ((one-or-more 1+) . ,(rx--postfix-handler "+" 'dynamic))
               ((zero-or-one opt optional) . ,(rx--postfix-handler "?" 'dynamic))
               ((*) . ,(rx--postfix-handler "*" t))
               ((+) . ,(rx--postfix-handler "+" t))
               ((\? ?\s) . ,(rx--postfix-handler "?" t))
               ((*?) . ,(rx--postfix-handler "*" nil))
               ((+?) . ,(rx--postfix-handler "+" nil))
               ((\?? ??) . ,(rx--postfix-handler "?" nil))))
      (dolist (name (car entry))
        (push (cons name (cdr entry)) table)))
    table)
  "The built-in rx operators: (NAME . HANDLER), HANDLER a function
of the operator's arguments returning their translation.")

(defun rx--translate-form (form)
  "The translation of FORM, a list: a built-in operator first, then a
definition, then an old `rx-constituents' form function."
  (let ((handler (cdr (assq (car form) rx--operators))))
    (if handler
        (funcall handler (cdr form))
      (rx--translate-user-form form))))

(defun rx--translate-user-form (form)
  "The translation of FORM, whose operator is not a built-in one."
  (let ((op (car form)))
    (unless (symbolp op)
      (error "Bad rx operator `%S'" op))
    (let ((expanded (rx--expand-def form)))
      (if expanded
          (rx--translate expanded)
        (let ((entry (rx--compat-entry op #'consp)))
          (unless entry
            (error "Unknown rx form `%s'" op))
          (rx--translate-compat-form (cdr entry) form))))))

(defun rx--translate (item)
  "ITEM translated: (PARTS . LEVEL)."
  (pcase item
    ((pred consp) (rx--translate-form item))
    ((pred stringp) (rx--translate-string item))
    ((pred characterp) (rx--translate-char item))
    ((pred symbolp) (rx--translate-symbol item))
    (_ (error "Bad rx expression: %S" item))))

(defun rx--builtin-name-p (name)
  "Whether rx itself gives NAME a meaning, which no definition may take."
  (or (eq name 'unmatchable)
      (assq name rx--operators)
      (assq name rx--plain-symbols)
      (assq name rx--char-classes)))

;;; ---- Entry points ----------------------------------------------------

;;;###autoload
(defun rx-to-string (form &optional no-group)
  "The regexp string the `rx' form FORM stands for.
Its `literal' and `regexp' forms must have string arguments.  Unless
NO-GROUP, a regexp that is not one atom is put in a shy group.
`rx-define' and `rx-let-eval' extend the notation."
  (let ((item (rx--translate form)))
    (apply #'concat (if no-group (car item) (rx--atom item)))))

(defun rx--to-expr (form)
  "A Lisp expression whose value is the regexp for the rx FORM."
  (let ((args nil) (pending nil))
    (dolist (part (car (let ((rx--delayed-evaluation t)) (rx--translate form))))
      (if (stringp part)
          (push part pending)
        (when pending
          (push (apply #'concat (nreverse pending)) args)
          (setq pending nil))
        (push part args)))
    (when pending
      (push (apply #'concat (nreverse pending)) args))
    (setq args (delete "" (nreverse args)))
    (cond ((null args) "")
          ((cdr args) (cons 'concat args))
          (t (car args)))))

(defun rx--with-definitions (definitions thunk)
  "Call THUNK with DEFINITIONS as the local rx definitions."
  (let ((rx--local-definitions definitions))
    (funcall thunk)))

(defun rx--macro-local-definitions ()
  "The definitions of the `rx-let' forms around the macro call being
expanded, which `rx-let' passes down in `macroexpand-all-environment'."
  (cdr (assq :rx-locals macroexpand-all-environment)))

;;;###autoload
(defmacro rx (&rest regexps)
  "The regexp string matching REGEXPS, rx forms, in sequence.
A form is a string or a character (matched literally), a symbol such
as `bol', `eos', `digit', `anychar' or `word-boundary', or a list
such as (seq RX...), (or RX...), (any SET...), (not CHARSPEC),
(* RX...), (+ RX...), (? RX...), their lazy forms (*? RX...) etc.,
(= N RX...), (>= N RX...), (** N M RX...), (group RX...),
(group-n N RX...), (backref N), (syntax SYNTAX), (category CAT),
(literal EXPR), (regexp EXPR) and (eval EXPR); see Info node
`(elisp) Rx Notation'.  `rx-define' and `rx-let' add to them.

\(fn REGEXPS...)"
  (rx--with-definitions (rx--macro-local-definitions)
                        (lambda () (rx--to-expr (cons 'seq regexps)))))

(defun rx--make-binding (name tail)
  "The definition (DEF) or (ARGS DEF) of NAME from TAIL, ([ARGS] DEF)."
  (unless (symbolp name)
    (error "Bad `rx' definition name: %S" name))
  (when (rx--builtin-name-p name)
    (error "Cannot redefine built-in rx name `%s'" name))
  (cond ((and (consp tail) (null (cdr tail))) (list (car tail)))
        ((and (consp tail) (consp (cdr tail)) (null (cddr tail)))
         (let ((args (car tail)))
           (unless (and (listp args) (rx--every #'symbolp args))
             (error "Bad argument list for `rx' definition %s: %S" name args))
           (list args (cadr tail))))
        (t (error "Bad `rx' definition of %s: %S" name tail))))

(defun rx--make-named-binding (bindspec)
  "A `rx--local-definitions' entry from BINDSPEC, (NAME [ARGS] DEF)."
  (pcase bindspec
    (`(,name . ,tail) (cons name (rx--make-binding name tail)))
    (_ (error "Bad `rx-let' binding: %S" bindspec))))

(defun rx--extend-local-defs (bindspecs)
  (append (mapcar #'rx--make-named-binding bindspecs) rx--local-definitions))

;;;###autoload
(defmacro rx-let-eval (bindings &rest body)
  "Run BODY with rx definitions in effect for `rx-to-string'.
BINDINGS is evaluated; its value lists the definitions, each
\(NAME [ARGS] RX) as in `rx-let'.

\(fn BINDINGS BODY...)"
  (declare (debug (form body)) (indent 1))
  (list 'rx--with-definitions (list 'rx--extend-local-defs bindings)
        `(lambda () ,@body)))

;;;###autoload
(defmacro rx-let (bindings &rest body)
  "Make the definitions BINDINGS, (NAME [ARGS] RX) each, visible to
the `rx' forms in BODY, which is expanded here.  With ARGS, which may
end in &rest, (NAME VALUES...) stands for RX with VALUES put in.

\(fn BINDINGS BODY...)"
  (declare (indent 1) (debug (sexp body)))
  (let ((definitions (rx--with-definitions (rx--macro-local-definitions)
                                           (lambda () (rx--extend-local-defs bindings)))))
    (macroexpand-all `(progn ,@body)
                     (cons (cons :rx-locals definitions) macroexpand-all-environment))))

(defun rx--define-globally (name definition)
  "Make DEFINITION, (DEF) or (ARGS DEF), NAME's rx meaning; return NAME."
  (put name 'rx-definition definition)
  name)

;;;###autoload
(defmacro rx-define (name &rest definition)
  "Give NAME a meaning in rx forms everywhere: DEFINITION is either
RX, for which the symbol NAME then stands, or ARGS RX, making
\(NAME VALUES...) stand for RX with its ARGS replaced by VALUES.

\(fn NAME [(ARGS...)] RX)"
  (declare (indent defun))
  `(eval-and-compile
     (rx--define-globally ',name ',(rx--make-binding name definition))))

;;; ---- The rx pcase pattern ----------------------------------------------

(defvar rx--pcase-vars nil
  "While an rx pcase pattern is rewritten: the names of its `let'
groups, last first.")

(defun rx--pcase-var-index (name)
  "The group number of the pattern variable NAME, nil if it has none."
  (let ((tail (memq name rx--pcase-vars)))
    (and tail (length tail))))

(defun rx--pcase-let-group (name body)
  "(let NAME . BODY) as a numbered group, numbered for NAME."
  (let ((index (rx--pcase-var-index name)))
    (unless index
      (push name rx--pcase-vars)
      (setq index (length rx--pcase-vars)))
    (list 'group-n index (rx--pcase-transform (cons 'seq body)))))

(defun rx--pcase-backref (name)
  "(backref NAME) for the number of the group NAME's `let' made."
  (list 'backref
        (or (rx--pcase-var-index name)
            (error "rx `backref' variable must be one of: %s"
                   (mapconcat #'symbol-name rx--pcase-vars " ")))))

(defun rx--pcase-transform (form)
  "FORM with its (let NAME RX...) made numbered groups and its
\(backref NAME) references to them."
  (let ((op (car-safe form))
        (args (cdr-safe form)))
    (cond
     ((and (eq op 'let) (consp args))
      (rx--pcase-let-group (car args) (cdr args)))
     ((and (eq op 'backref) (consp args) (null (cdr args)) (symbolp (car args)))
      (rx--pcase-backref (car args)))
     ((and (consp form) (rx--pcase-descend-p op))
      (cons op (mapcar #'rx--pcase-transform args)))
     (t form))))

(defun rx--pcase-descend-p (op)
  "Whether the arguments of a form with operator OP are rx forms that
may hold `let' and `backref'."
  (and (or (symbolp op) (memq op '(?\s ??)))
       (not (memq op '(literal regexp regex eval)))))

(defun rx--pcase-matches (regexp count)
  "A function of a string: nil unless REGEXP matches it, else a dotted
list of its first COUNT groups' texts (the one text when COUNT is 1)."
  (let ((texts (mapcar (lambda (i) `(match-string ,i s)) (number-sequence 1 count))))
    `(lambda (s)
       (and (string-match ,regexp s)
            ,(let ((form (car (last texts))))
               (dolist (text (cdr (reverse texts)))
                 (setq form `(cons ,text ,form)))
               form)))))

;;;###autoload
(pcase-defmacro rx (&rest regexps)
  "A pattern matching a string that REGEXPS, rx forms, match.
Besides the usual forms, (let NAME RX...) binds NAME to what RX...
matched, and (backref NAME) matches that text again."
  (let* ((rx--pcase-vars nil)
         (regexp (rx--to-expr (rx--pcase-transform (cons 'seq regexps))))
         (vars (reverse rx--pcase-vars)))
    (cond
     ((null vars) `(and (pred stringp) (pred (string-match ,regexp))))
     ((null (cdr vars))
      ;; A group that matched nothing is nil, so failure must be told apart.
      `(and (pred stringp)
            (app (lambda (s) (if (string-match ,regexp s) (match-string 1 s) 0))
                 (and ,(car vars) (pred (not numberp))))))
     (t
      `(and (pred stringp)
            (app ,(rx--pcase-matches regexp (length vars))
                 ,(list '\` (let ((pat (list '\, (car (last vars)))))
                              (dolist (v (cdr (reverse vars)))
                                (setq pat (cons (list '\, v) pat)))
                              pat))))))))

(define-obsolete-function-alias 'rx-submatch-n 'rx-to-string "27.1")

(provide 'rx)

;;; rx.el ends here
