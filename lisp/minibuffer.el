;;; minibuffer.el --- completion and the batch minibuffer  -*- lexical-binding: t -*-

;; Written for marrow after Emacs 28's behaviour.  The three completion
;; primitives, which Emacs has in C, walk a collection here: a list of
;; strings or symbols (or an alist keyed by them), an obarray, a hash
;; table keyed by strings or symbols, or a function that does its own
;; completing.  compare-strings does the character work, so the walk
;; costs one Lisp call per element.  Then the completion tables built
;; of other tables, and `completing-read', which in batch reads a line
;; of standard input as `read-from-minibuffer' does.

;;; ---- The primitives ---------------------------------------------

(defun minibuffer--table-kind (collection)
  "How the primitives walk COLLECTION: `list', `obarray', `hash', or
nil for a function that completes by itself."
  (cond ((hash-table-p collection) 'hash)
        ((vectorp collection) 'obarray)
        ((or (null collection)
             (and (consp collection) (not (functionp collection))))
         'list)))

(defun minibuffer--check-obarray (ob)
  "Signal Emacs's errors for a vector OB that is no obarray."
  (when (= (length ob) 0)
    (signal 'wrong-type-argument (list 'vectorp ob)))
  ;; A bucket holds 0 or symbols (a list of them in marrow's obarrays).
  (dotimes (i (length ob))
    (let ((bucket (aref ob i)))
      (unless (or (eq bucket 0) (symbolp bucket) (consp bucket))
        (error "Bad data in guts of obarray")))))

(defun minibuffer--regexps-match-p (name fold)
  "Whether NAME matches every regexp of `completion-regexp-list', case
folded when FOLD.  `string-match' leaves the match data of the last
success, as Emacs's primitives do."
  (let ((case-fold-search fold)
        (regexps completion-regexp-list))
    (while (and (consp regexps) (string-match (car regexps) name))
      (setq regexps (cdr regexps)))
    (not (consp regexps))))

(defun minibuffer--walk (string collection predicate visit &optional hide-spaces)
  "Call VISIT on the name of each element of COLLECTION that completes
STRING: the name starts with STRING (case folded when
`completion-ignore-case'), matches `completion-regexp-list', and
satisfies PREDICATE (given the element, or a hash table's key and
value).  HIDE-SPACES with an empty STRING skips names that start with
a space."
  (let* ((fold completion-ignore-case)
         (len (length string))
         (kind (minibuffer--table-kind collection))
         (consider
          (lambda (elt key value)
            (let ((name (if (symbolp key) (symbol-name key) key)))
              (and (stringp name)
                   (<= len (length name))
                   (eq t (compare-strings name 0 len string 0 nil fold))
                   (not (and hide-spaces (= len 0) (> (length name) 0)
                             (eq (aref name 0) ?\s)))
                   (or (null completion-regexp-list)
                       (minibuffer--regexps-match-p name fold))
                   (or (null predicate)
                       (if (eq kind 'hash)
                           (funcall predicate key value)
                         (funcall predicate elt)))
                   (funcall visit name))))))
    (pcase kind
      ('list (let ((tail collection))
               (while (consp tail)
                 (let ((elt (car tail)))
                   (funcall consider elt (if (consp elt) (car elt) elt) nil))
                 (setq tail (cdr tail)))))
      ('obarray (minibuffer--check-obarray collection)
                ;; Emacs walks an obarray's slots from the first.
                (if (eq collection obarray)
                    (mapatoms (lambda (sym) (funcall consider sym sym nil)) collection)
                  (dolist (sym (marrow--obarray-symbols collection))
                    (funcall consider sym sym nil))))
      ('hash (maphash (lambda (key value) (funcall consider key key value))
                      collection)))))

(defun minibuffer--try (string collection predicate)
  "`try-completion' of STRING over COLLECTION, which is no function."
  (let ((fold completion-ignore-case)
        (len (length string))
        best (best-size 0) (count 0))
    (catch 'minibuffer--settled
      (minibuffer--walk
       string collection predicate
       (lambda (name)
         (if (null best)
             (setq best name best-size (length name) count 1)
           (let* ((n (min best-size (length name)))
                  (cmp (compare-strings best 0 n name 0 n fold))
                  (size (if (eq cmp t) n (1- (abs cmp))))
                  (previous best))
             (when fold
               (setq best (minibuffer--better-case string best name size)))
             ;; The same name twice counts once.
             (when (and (<= count 1)
                        (or (/= best-size (length name)) (/= best-size size)
                            (and fold (not (eq t (compare-strings previous 0 n name 0 n))))))
               (setq count (1+ count)))
             (setq best-size size)
             ;; Case folded, a later name may still give a better case.
             (when (and (<= size len) (not fold) (> count 1))
               (throw 'minibuffer--settled nil)))))))
    (cond ((null best) nil)
          ;; Nothing to add: keep the case that was typed.
          ((and fold (= best-size len) (> (length best) best-size))
           (if (multibyte-string-p best) (string-to-multibyte string) string))
          ((and (= count 1) (equal best string)) t)
          (t (substring best 0 best-size)))))

(defun minibuffer--better-case (string best name size)
  "Of BEST and NAME, which agree (case folded) on their first SIZE
characters, the one whose case a folded completion of STRING shows: a
name that is whole within SIZE, else one that keeps STRING's case."
  (let ((name-whole (= size (length name)))
        (best-whole (= size (length best)))
        (len (length string)))
    (if (or (and name-whole (< size (length best)))
            (and (eq name-whole best-whole)
                 (eq t (compare-strings name 0 len string 0 nil))
                 (not (eq t (compare-strings best 0 len string 0 nil)))))
        name
      best)))

(defun try-completion (string collection &optional predicate)
  "The longest common prefix of the completions of STRING in COLLECTION,
t when STRING is the only one and exact, nil when there is none.
COLLECTION is a list of strings or symbols or an alist keyed by them,
an obarray, a hash table keyed by strings or symbols, or a function
called with STRING, PREDICATE and nil.  PREDICATE filters the
elements (a hash table's gets key and value).  `completion-ignore-case'
and `completion-regexp-list' apply."
  (unless (stringp string) (signal 'wrong-type-argument (list 'stringp string)))
  (if (minibuffer--table-kind collection)
      (minibuffer--try string collection predicate)
    (funcall collection string predicate nil)))

(defun all-completions (string collection &optional predicate hide-spaces)
  "The list of completions of STRING in COLLECTION, in COLLECTION's
order; see `try-completion' for COLLECTION and PREDICATE.  A function
COLLECTION is called with STRING, PREDICATE and t.  HIDE-SPACES (an
obsolete argument) with an empty STRING leaves out names starting
with a space."
  (unless (stringp string) (signal 'wrong-type-argument (list 'stringp string)))
  (if (minibuffer--table-kind collection)
      (let (found)
        (minibuffer--walk string collection predicate
                          (lambda (name) (push name found))
                          hide-spaces)
        (nreverse found))
    (funcall collection string predicate t)))

(defun minibuffer--test-hash (string table)
  "The (KEY . VALUE) of TABLE whose key names STRING, or nil."
  (let* ((missing (make-symbol "missing"))
         (value (gethash string table missing)))
    (if (not (eq value missing))
        (cons string value)
      (catch 'minibuffer--found
        (maphash (lambda (key value)
                   (let ((name (if (symbolp key) (symbol-name key) key)))
                     (when (and (stringp name)
                                (eq t (compare-strings string nil nil name nil nil
                                                       completion-ignore-case)))
                       (throw 'minibuffer--found (cons key value)))))
                 table)
        nil))))

(defun minibuffer--test-obarray (string ob)
  "The symbol of obarray OB named STRING (case folded when
`completion-ignore-case' and there is no exact one), or nil."
  (minibuffer--check-obarray ob)
  (or (intern-soft string ob)
      (and completion-ignore-case
           (catch 'minibuffer--found
             (mapatoms (lambda (sym)
                         (when (eq t (compare-strings string nil nil (symbol-name sym)
                                                      nil nil t))
                           (throw 'minibuffer--found sym)))
                       ob)
             nil))))

(defun test-completion (string collection &optional predicate)
  "Non-nil when STRING is itself a completion in COLLECTION: t, or what
PREDICATE returns for its element.  A function COLLECTION is called
with STRING, PREDICATE and `lambda'; see `try-completion'."
  (unless (stringp string) (signal 'wrong-type-argument (list 'stringp string)))
  (let* ((kind (minibuffer--table-kind collection))
         (found (pcase kind
                  ('list (let ((elt (assoc-string string collection completion-ignore-case)))
                           (and elt (list elt))))
                  ('obarray (let ((sym (minibuffer--test-obarray string collection)))
                              (and sym (list sym))))
                  ('hash (minibuffer--test-hash string collection)))))
    (cond ((null kind) (funcall collection string predicate 'lambda))
          ((null found) nil)
          ;; The element is STRING but for case: match STRING itself.
          ((not (minibuffer--regexps-match-p string completion-ignore-case)) nil)
          ((null predicate) t)
          ((eq kind 'hash) (funcall predicate (car found) (cdr found)))
          (t (funcall predicate (car found))))))

;;; ---- Completion tables ------------------------------------------

(defun complete-with-action (action collection string predicate)
  "What completion table COLLECTION answers to ACTION for STRING: nil
`try-completion', t `all-completions', `lambda' `test-completion';
a plain table has no boundaries and no metadata."
  (cond ((functionp collection) (funcall collection string predicate action))
        ((or (eq (car-safe action) 'boundaries) (eq action 'metadata)) nil)
        ((null action) (try-completion string collection predicate))
        ((eq action t) (all-completions string collection predicate))
        (t (test-completion string collection predicate))))

(defun completion-boundaries (string collection pred suffix)
  "Where the field being completed lies: (START . END), START an index
into STRING (the text before point) and END one into SUFFIX (the text
after it).  Only a function COLLECTION can narrow the field; with any
other, it spans all of STRING and SUFFIX."
  (let* ((reply (and (functionp collection)
                     (funcall collection string pred (cons 'boundaries suffix))))
         (field (and (eq (car-safe reply) 'boundaries) (cdr reply))))
    (cons (or (car field) 0)
          (or (cdr field) (length suffix)))))

(defun completion-metadata (string table pred)
  "The (metadata . ALIST) TABLE gives for STRING."
  (let ((answer (and (functionp table) (funcall table string pred 'metadata))))
    (cons 'metadata (and (eq (car-safe answer) 'metadata) (cdr answer)))))

(defun completion-metadata-get (metadata prop)
  "PROP's value in completion METADATA."
  (cdr (assq prop metadata)))

(defun completion-table-dynamic (fun &optional switch-buffer)
  "A completion table whose elements are FUN's table for the string
completed; with SWITCH-BUFFER, FUN runs in the buffer of the window
the minibuffer was entered from."
  (lambda (string pred action)
    (unless (or (eq (car-safe action) 'boundaries) (eq action 'metadata))
      (with-current-buffer
          (let ((window (and switch-buffer (minibuffer-selected-window))))
            (if (window-live-p window) (window-buffer window) (current-buffer)))
        (complete-with-action action (funcall fun string) string pred)))))

(defun completion-table-with-cache (fun &optional ignore-case)
  "`completion-table-dynamic' over FUN, reusing FUN's last table while
the string completed extends the string that made it (case folded
when IGNORE-CASE)."
  (let (cached-for cached)
    (completion-table-dynamic
     (lambda (string)
       (unless (and cached-for (string-prefix-p cached-for string ignore-case))
         (setq cached (funcall fun string)
               cached-for string))
       cached))))

(defun minibuffer--lazy-table (get set make)
  "A table over the one GET returns; while that is still a function
\(the lazy table itself), MAKE's value is stored with SET first."
  (completion-table-dynamic
   (lambda (_string)
     (let ((current (funcall get)))
       (if (functionp current)
           (funcall set (funcall make))
         current)))
   'do-switch-buffer))

(defmacro lazy-completion-table (var fun)
  "A completion table to initialize VAR with: the first time it is
used, it replaces itself in VAR by the table FUN (called with no
arguments, in the buffer the minibuffer was entered from) returns."
  `(minibuffer--lazy-table (lambda () ,var)
                           (lambda (table) (setq ,var table))
                           #',fun))

(defun minibuffer--complete-folding (fold table string pred action)
  "TABLE's answer to ACTION on STRING and PRED, ignoring case when FOLD."
  (let ((completion-ignore-case fold))
    (complete-with-action action table string pred)))

(defun completion-table-case-fold (table &optional dont-fold)
  "TABLE made to ignore case, or with DONT-FOLD, to respect it."
  (apply-partially #'minibuffer--complete-folding (not dont-fold) table))

(defun completion-table-in-turn (&rest tables)
  "A table asking TABLES in turn, answering with the first non-nil answer."
  (lambda (string pred action)
    (minibuffer--first-answer tables action string pred)))

(defun minibuffer--first-answer (tables action string pred)
  "The first non-nil answer of TABLES to ACTION.  A table that fails is
passed over; when none answers, the first failure is signaled."
  (let (answer failure)
    (while (and tables (not answer))
      (condition-case-unless-debug err
          (setq answer (complete-with-action action (pop tables) string pred))
        (error (unless failure (setq failure err)))))
    (cond (answer)
          (failure (signal (car failure) (cdr failure))))))

(defun minibuffer--merged-try (tables string pred)
  "What `try-completion' of STRING and PRED gives over all of TABLES."
  (let ((tries (mapcar (lambda (table) (try-completion string table pred))
                       tables)))
    (if (member string tries)
        string
      ;; Complete over what each table completed to (t: STRING itself).
      (let ((candidates nil))
        (dolist (try tries)
          (cond ((eq try t) (push string candidates))
                (try (push try candidates))))
        (try-completion string (nreverse candidates) pred)))))

(defun minibuffer--merged-all (tables string pred)
  "TABLES' `all-completions' of STRING and PRED, one after the other."
  (let ((all nil))
    (dolist (table tables)
      (setq all (append all (all-completions string table pred))))
    all))

(defun completion-table-merge (&rest tables)
  "A table completing over the union of TABLES; other requests go to
the tables in turn, the first non-nil answer winning."
  (lambda (string pred action)
    (cond ((null action) (minibuffer--merged-try tables string pred))
          ((eq action t) (minibuffer--merged-all tables string pred))
          (t (minibuffer--first-answer tables action string pred)))))

(defun minibuffer--both-predicates (p q)
  "A one-argument predicate requiring P and Q, either of which may be nil."
  (cond ((null p) q)
        ((null q) p)
        (t (lambda (candidate)
             (and (funcall p candidate) (funcall q candidate))))))

(defun completion-table-with-predicate (table pred1 strict string pred2 action)
  "TABLE's answer to ACTION on STRING, counting only what PRED1 (and
PRED2) accept.  Unless STRICT, PRED1 gives way when it would leave
nothing, and any string TABLE itself accepts is accepted."
  (let ((lenient (not strict)))
    (if (and lenient (eq action 'lambda))
        (test-completion string table pred2)
      (or (complete-with-action action table string
                                (minibuffer--both-predicates pred1 pred2))
          (and lenient pred1
               (complete-with-action action table string pred2))))))

(defun minibuffer--field-end-before (terminator suffix limit)
  "Where the field ends in SUFFIX, at most LIMIT: at the first match of
TERMINATOR's regexp (its cdr when a cons, else the quoted string)."
  (let* ((regexp (if (consp terminator) (cdr terminator) (regexp-quote terminator)))
         (hit (and regexp (string-match regexp suffix))))
    (min limit (or hit (length suffix)))))

(defun minibuffer--finished-p (completion table pred)
  "Non-nil when COMPLETION is a string whose last field is non-empty
and complete in TABLE: nothing longer completes it."
  (and (stringp completion)
       (not (equal completion ""))
       (< (car (completion-boundaries completion table pred ""))
          (length completion))
       (eq (try-completion completion table pred) t)))

(defun completion-table-with-terminator (terminator table string pred action)
  "TABLE, with TERMINATOR added to a completion that is whole and unique.
TERMINATOR is a string, or (END . REGEXP) where REGEXP finds where the
field ends in the text after point and END is a string or a function
of the completion giving the terminated string.  No string is
accepted as complete: it still lacks its terminator."
  (cond
   ((eq (car-safe action) 'boundaries)
    (let ((field (completion-boundaries string table pred (cdr action))))
      (cons 'boundaries
            (cons (car field)
                  (minibuffer--field-end-before terminator (cdr action) (cdr field))))))
   ((null action)
    (let ((completion (try-completion string table pred))
          (end (if (consp terminator) (car terminator) terminator)))
      (cond ((eq completion t) (minibuffer--terminated string end))
            ((minibuffer--finished-p completion table pred)
             (minibuffer--terminated completion end))
            (t completion))))
   ((eq action 'lambda) nil)
   (t (complete-with-action action table string pred))))

(defun minibuffer--terminated (completion end)
  "COMPLETION with terminator END: a string appended, or a function's value."
  (if (functionp end) (funcall end completion) (concat completion end)))

;; What TABLE's answers become when its strings start with S2 where the
;; strings completed start with S1.
(defun minibuffer--swap-prefix (string from to)
  "STRING with its prefix FROM (matched as `completion-ignore-case'
says) replaced by TO; nil when STRING does not start with FROM."
  (and (string-prefix-p from string completion-ignore-case)
       (concat to (substring string (length from)))))

(defun minibuffer--subverted-boundaries (answer string s1 s2)
  "The boundaries for STRING, given ANSWER, the inner table's reply for
STRING with S2 in place of S1.  Always a boundaries reply, even when
the inner table gave none; its start stays within S1 and STRING."
  (let* ((field (and (eq (car-safe answer) 'boundaries) (cdr answer)))
         (start (+ (or (car field) 0) (- (length s1) (length s2)))))
    (cons 'boundaries
          (cons (min (length string) (max (length s1) start))
                (cdr field)))))

(defun completion-table-subvert (table s1 s2)
  "A table completing strings that start with S1 as TABLE completes them
with S2 in S1's place."
  (lambda (string pred action)
    (let* ((inner (minibuffer--swap-prefix string s1 s2))
           (answer (and inner (complete-with-action action table inner pred))))
      (cond ((eq (car-safe action) 'boundaries)
             (minibuffer--subverted-boundaries answer string s1 s2))
            ((stringp answer) (minibuffer--swap-prefix answer s2 s1))
            ((and answer (eq action t))
             (minibuffer--unsubverted
              answer (car (completion-boundaries inner table pred "")) s2))
            (t answer)))))

(defun minibuffer--unsubverted (completions start s2)
  "COMPLETIONS of a field that starts at START of the subverted string,
without what of S2 lies in the field."
  (if (>= start (length s2))
      completions
    (let ((head (concat "\\`" (regexp-quote (substring s2 start)))))
      (delq nil (mapcar (lambda (c)
                          (and (string-match head c) (substring c (match-end 0))))
                        completions)))))

(defun minibuffer--prefixed-predicate (pred prefix table)
  "PRED, when a function, made to see each candidate of TABLE as the
string PREFIX followed by the candidate's text; TABLE decides how a
candidate comes (symbol, key and value, string or list element)."
  (cond ((not (functionp pred)) pred)
        ((hash-table-p table)
         (lambda (key _value) (funcall pred (concat prefix key))))
        (t
         (let ((text-of (cond ((vectorp table) #'symbol-name)
                              ((functionp table) #'identity)
                              (t (lambda (elt) (if (consp elt) (car elt) elt))))))
           (lambda (candidate)
             (funcall pred (concat prefix (funcall text-of candidate))))))))

(defun completion-table-with-context (prefix table string pred action)
  "Answer ACTION for the text PREFIX followed by STRING, where TABLE
completes STRING alone: PRED sees candidates with PREFIX before them,
boundaries count PREFIX in, and completed strings get it back."
  (let ((inner-pred (minibuffer--prefixed-predicate pred prefix table)))
    (cond ((eq (car-safe action) 'boundaries)
           (let ((field (completion-boundaries string table inner-pred (cdr action))))
             (cons 'boundaries
                   (cons (+ (length prefix) (car field)) (cdr field)))))
          (t
           (let ((answer (complete-with-action action table string inner-pred)))
             (if (stringp answer) (concat prefix answer) answer))))))

;;; ---- Completion styles ------------------------------------------

;; A style reads the text being completed and point's place in it, and
;; answers what the text should become (and where point goes) or the
;; list of candidates.  `basic' takes the text before point as a prefix
;; and keeps what follows point; `partial-completion' lets each word of
;; "f-b" be the start of a word of "foo-bar"; `emacs22' ignores what
;; follows point.  The first two share one matcher: a pattern of
;; literal strings and holes (`any', `any-delim', `star', `point',
;; `prefix'), tried as a regexp, whose holes are then filled with what
;; every candidate has in common.






(defun minibuffer--styles (metadata)
  "The styles to try for a table with METADATA, its category's first."
  (let* ((category (completion-metadata-get metadata 'category))
         (own (or (assq category completion-category-overrides)
                  (assq category completion-category-defaults))))
    (delete-dups (append (cdr (assq 'styles (cdr own))) completion-styles))))

(defun minibuffer--style-answer (which string table pred point metadata)
  "The first non-nil answer of the styles' WHICH function (1 try, 2 all)."
  (let ((metadata (or metadata
                      (completion-metadata (substring string 0 point) table pred))))
    (catch 'answer
      (dolist (style (minibuffer--styles metadata))
        (let* ((fn (nth which (assq style completion-styles-alist)))
               (answer (and fn (funcall fn string table pred point))))
          (when answer (throw 'answer answer)))))))

(defun completion-try-completion (string table pred point &optional metadata)
  "What STRING, with point at index POINT, completes to in TABLE: nil for
nothing, t when it is the only completion and exact, else (NEW . NEWPOINT)."
  (minibuffer--style-answer 1 string table pred point metadata))

(defun completion-all-completions (string table pred point &optional metadata)
  "The completions of STRING, point at index POINT, in TABLE; the last
cdr is the length of the text before the completed field."
  (minibuffer--style-answer 2 string table pred point metadata))

(defun minibuffer--with-base (completions base)
  "COMPLETIONS with BASE, the field's start, as its last cdr."
  (when completions (nconc completions base)))

;;;; The styles that call the primitives only

(defun minibuffer--try-pair (completion)
  "A `try-completion' answer as a style's: a string goes with its length."
  (if (stringp completion) (cons completion (length completion)) completion))

(defun completion-emacs21-try-completion (string table pred _point)
  (minibuffer--try-pair (try-completion string table pred)))

(defun completion-emacs21-all-completions (string table pred _point)
  (let ((field-start (car (completion-boundaries string table pred ""))))
    (completion-hilit-commonality (all-completions string table pred)
                                  (length string) field-start)))

(defun completion-emacs22-try-completion (string table pred point)
  (let ((completion (try-completion (substring string 0 point) table pred)))
    (if (stringp completion)
        (cons (concat completion (minibuffer--one-slash completion (substring string point)))
              (length completion))
      completion)))

(defun minibuffer--one-slash (completion after)
  "AFTER, less the slash it starts with when COMPLETION ends in one."
  (if (and (string-suffix-p "/" completion) (string-prefix-p "/" after))
      (substring after 1)
    after))

(defun completion-emacs22-all-completions (string table pred point)
  (let ((before (substring string 0 point)))
    (completion-hilit-commonality (all-completions before table pred) point
                                  (car (completion-boundaries before table pred "")))))

;;;; Patterns

(defun minibuffer--pattern-string (pattern)
  "The text PATTERN stands for: its literals, and * for a `star'."
  (mapconcat (lambda (e) (cond ((stringp e) e) ((eq e 'star) "*") (t "")))
             pattern ""))

(defun minibuffer--word-pattern (string)
  "STRING as a pattern: a hole before each delimiter, which stays, and a
`star' for each *; after a delimiter, more delimiters may come."
  (let ((delimiters (string-to-list completion-pcm-word-delimiters))
        (pattern nil) (word-start 0) (after-delimiter nil))
    (dotimes (i (length string))
      (let ((c (aref string i)))
        (when (or (eq c ?*) (memq c delimiters))
          (when (< word-start i)
            (when after-delimiter (push 'any-delim pattern))
            (push (substring string word-start i) pattern))
          (setq after-delimiter (not (eq c ?*)))
          (if (eq c ?*)
              (push 'star pattern)
            (push 'any pattern)
            (push (string c) pattern))
          (setq word-start (1+ i)))))
    (when (< word-start (length string))
      (when after-delimiter (push 'any-delim pattern))
      (push (substring string word-start) pattern))
    (nreverse pattern)))

(defun minibuffer--pcm-pattern (string point)
  "STRING as a partial-completion pattern, `point' at index POINT."
  (if (< point (length string))
      (append (minibuffer--word-pattern (substring string 0 point))
              '(point)
              (minibuffer--word-pattern (substring string point)))
    (minibuffer--word-pattern string)))

(defun minibuffer--simplify-pattern (pattern)
  "PATTERN without empty literals (deleted from it, as Emacs does),
without a hole right before another hole or point, and without a
final point: the end is an open hole."
  (let ((in (delete "" pattern)) out)
    (while in
      (let ((e (pop in)))
        (unless (or (and (memq e '(any any-delim)) (memq (car in) '(any point)))
                    (and (eq e 'point) (null in)))
          (push e out))))
    (nreverse out)))

(defun minibuffer--pattern-regexp (pattern &optional group)
  "A regexp matching what PATTERN does, each hole a group when GROUP.
A hole right after another matches nothing, so that the first takes
whatever lies between their neighbours."
  (let ((previous nil))
    (concat "\\`"
            (mapconcat
             (lambda (e)
               (let ((re (cond ((stringp e) (regexp-quote e))
                               ((and (memq previous '(any star point prefix))
                                     (not (eq e 'any-delim)))
                                "")
                               ((eq e 'any-delim)
                                (concat "[" completion-pcm-word-delimiters "*]*?"))
                               (t ".*?"))))
                 (setq previous e)
                 (if (and group (symbolp e)) (concat "\\(" re "\\)") re)))
             pattern ""))))

(defun minibuffer--pattern-plain-p (pattern)
  "Non-nil when PATTERN is one literal, perhaps followed by point."
  (and (stringp (car pattern))
       (null (remove 'point (remove "" (cdr pattern))))))

(defun minibuffer--pattern-candidates (prefix pattern table pred)
  "The completions of PREFIX in TABLE whose field matches PATTERN."
  (if (minibuffer--pattern-plain-p pattern)
      (all-completions (concat prefix (car pattern)) table pred)
    (let* ((re (minibuffer--pattern-regexp pattern))
           (case-fold-search completion-ignore-case)
           (found (let ((completion-regexp-list (cons re completion-regexp-list)))
                    (all-completions
                     (concat prefix (if (stringp (car pattern)) (car pattern) ""))
                     table pred))))
      ;; A function table may not heed `completion-regexp-list'.
      (if (functionp table)
          (let (kept)
            (dolist (c found (nreverse kept))
              (when (string-match-p re c) (push c kept))))
        found))))

;;;; Filling the holes

(defun minibuffer--hole-texts (re candidate)
  "CANDIDATE cut after each group RE matches in it: the text each hole
took, after the literal before it, and then the rest."
  (let ((case-fold-search completion-ignore-case))
    (string-match re candidate)
    (let ((from 0) (group 1) pieces)
      (while (match-end group)
        (push (substring candidate from (match-end group)) pieces)
        (setq from (match-end group) group (1+ group)))
      (nreverse (cons (substring candidate from) pieces)))))

(defun minibuffer--common-suffix (strings)
  "The longest string each of STRINGS ends with."
  (let ((reversed (try-completion "" (mapcar #'reverse strings))))
    (if (stringp reversed) (reverse reversed) (car strings))))

(defun minibuffer--fill-hole (hole literal texts)
  "The pattern, newest first, for HOLE after LITERAL given the TEXTS each
candidate has there: their common start, the hole if they differ, and
for a `star' or `point' their common end too."
  (let* ((common (try-completion literal texts))
         (same (or (eq common t) (eq (try-completion common texts) t)))
         (common (if (eq common t) literal common))
         (out nil))
    (unless (or (eq hole 'prefix) (equal common ""))
      (push common out))
    (unless same
      (push hole out)
      (when (and (memq hole '(star point prefix))
                 (not (assoc-string common texts t)))
        (let ((end (minibuffer--common-suffix
                    (mapcar (lambda (s) (substring s (length common))) texts))))
          (unless (equal end "") (push end out)))))
    out))

(defun minibuffer--merge (candidates pattern)
  "What CANDIDATES, all matching PATTERN, have in common, as a pattern in
reverse order."
  (if (null (cdr candidates))
      (list (car candidates))
    (let* ((re (minibuffer--pattern-regexp pattern t))
           (cuts (mapcar (lambda (c) (minibuffer--hole-texts re c)) candidates))
           (literal "")
           merged)
      (dolist (e (append pattern '(any)))
        (if (stringp e)
            (setq literal (concat literal e))
          (setq merged (append (minibuffer--fill-hole e literal (mapcar #'car cuts))
                               merged)
                cuts (mapcar #'cdr cuts)
                literal "")))
      merged)))

(defun minibuffer--suffix-after (completion from suffix)
  "SUFFIX less the start it shares with the end of COMPLETION, the
longest such end that starts at FROM or later and spans no newline."
  (let ((n (length completion)) (i (max from 0)) (overlap nil))
    (while (and (not overlap) (< i n))
      (let ((tail (substring completion i)))
        (when (and (not (string-search "\n" tail))
                   (string-prefix-p tail suffix case-fold-search))
          (setq overlap (length tail))))
      (setq i (1+ i)))
    (if overlap (substring suffix overlap) suffix)))

(defun minibuffer--pattern-try (pattern candidates prefix suffix)
  "The try answer for PATTERN over CANDIDATES: point goes where the
merged text leaves a choice, the last such place when point's own
hole was filled."
  (cond ((not (consp candidates)) candidates)
        ((and (null (cdr candidates))
              (equal (minibuffer--pattern-string pattern) (car candidates)))
         t)
        (t
         (let* ((merged (minibuffer--merge candidates pattern))
                (up-to-point (or (memq 'point merged) (memq 'any merged)
                                 (memq 'star merged) merged))
                (text (minibuffer--pattern-string (reverse merged))))
           (cons (concat prefix text
                         (minibuffer--suffix-after text (1- (length text)) suffix))
                 (+ (length prefix)
                    (length (minibuffer--pattern-string up-to-point))))))))

;;;; Showing how candidates match

;; The candidates a style lists are copies marked for *Completions*:
;; `completions-common-part' over what the text matched, and
;; `completions-first-difference' on the character where point's
;; position leaves a choice.  Partial completion also scores each
;; candidate, in its first character's `completion-score': the share of
;; it the text matched, less for each gap in the match (a gap of N
;; characters counts 1 + (N-1)^(1/`flex-score-match-tightness')).

(defvar flex-score-match-tightness 3
  "How much gaps in a match lower its score; above 1, one gap costs
less than several.")

(defun completion-hilit-commonality (completions prefix-len &optional base-size)
  "Copies of COMPLETIONS, strings or (STRING ...) lists, their first
PREFIX-LEN less BASE-SIZE characters in `completions-common-part' and
the next in `completions-first-difference'; BASE-SIZE ends the list."
  (when completions
    (let ((common (- prefix-len (or base-size 0))))
      (nconc (mapcar (lambda (c)
                       (let ((s (copy-sequence (if (consp c) (car c) c))))
                         (font-lock-prepend-text-property 0 (min common (length s)) 'face
                                                          'completions-common-part s)
                         (when (> (length s) common)
                           (font-lock-prepend-text-property common (1+ common) 'face
                                                            'completions-first-difference s))
                         (if (consp c) (cons s (cdr c)) s)))
                     completions)
             base-size))))

(defun minibuffer--hilit-pattern (pattern completions)
  "Copies of COMPLETIONS marked and scored for how PATTERN matches
each; COMPLETIONS themselves when PATTERN has no literal text."
  (if (not (and completions (memq t (mapcar #'stringp pattern))))
      completions
    (let ((re (minibuffer--pattern-regexp pattern t))
          (point-group (minibuffer--point-group pattern))
          (case-fold-search completion-ignore-case))
      (mapcar (lambda (c) (minibuffer--hilit-one (copy-sequence c) re point-group))
              completions))))

(defun minibuffer--point-group (pattern)
  "The number of PATTERN's group for `point', counting holes; nil if none."
  (let ((n 0) found)
    (dolist (e pattern found)
      (when (symbolp e)
        (setq n (1+ n))
        (when (eq e 'point) (setq found n))))))

(defun minibuffer--hilit-one (s re point-group)
  "Mark and score S, which RE matches, over its text outside the groups."
  (string-match re s)
  (let ((choice (if point-group (match-beginning point-group) (match-end 0)))
        (spans (minibuffer--literal-spans (cddr (match-data t)) (match-end 0))))
    (dolist (span spans)
      (add-face-text-property (car span) (cdr span) 'completions-common-part nil s))
    (when (> (length s) choice)
      (add-face-text-property choice (1+ choice) 'completions-first-difference nil s))
    (unless (equal s "")
      (put-text-property 0 1 'completion-score
                         (minibuffer--match-score spans (length s)) s))
    s))

(defun minibuffer--literal-spans (group-bounds whole-end)
  "The spans (START . END) outside the groups whose bounds GROUP-BOUNDS
lists (START END START END ...), up to WHOLE-END."
  (let ((from 0) spans)
    (while group-bounds
      (push (cons from (car group-bounds)) spans)
      (setq from (cadr group-bounds)
            group-bounds (cddr group-bounds)))
    (unless (= from whole-end)
      (push (cons from whole-end) spans))
    (nreverse spans)))

(defun minibuffer--match-score (spans length)
  "The share of LENGTH characters that SPANS cover, divided by one more
than the cost of the gaps between them."
  (let ((covered 0) (gaps 0) (last-end 0))
    (dolist (span spans)
      (let ((a (car span)) (b (cdr span)))
        (setq covered (+ covered (- b a)))
        (unless (or (= a last-end) (zerop last-end) (= a length))
          (setq gaps (+ gaps 1 (expt (- a last-end 1)
                                     (/ 1.0 flex-score-match-tightness)))))
        (setq last-end b)))
    (/ covered (* length (1+ gaps)) 1.0)))

;;;; The styles built on patterns

(defun minibuffer--field (string table pred point)
  "(BEFORE-FIELD FIELD-BEFORE-POINT FIELD-AFTER-POINT AFTER-FIELD) of STRING."
  (let* ((before (substring string 0 point))
         (after (substring string point))
         (bounds (completion-boundaries before table pred after)))
    (list (substring before 0 (car bounds)) (substring before (car bounds))
          (substring after 0 (cdr bounds)) (substring after (cdr bounds)))))

(defun completion-basic-try-completion (string table pred point)
  (pcase-let ((`(,prefix ,head ,tail ,suffix) (minibuffer--field string table pred point)))
    (if (equal tail "")
        (let ((completion (try-completion (concat prefix head) table pred)))
          (if (stringp completion)
              (cons (concat completion (minibuffer--suffix-after completion point suffix))
                    (length completion))
            completion))
      (let ((pattern (minibuffer--simplify-pattern (list head 'point tail))))
        (minibuffer--pattern-try
         pattern (minibuffer--pattern-candidates prefix pattern table pred)
         prefix suffix)))))

(defun completion-basic-all-completions (string table pred point)
  (pcase-let ((`(,prefix ,head ,tail ,_) (minibuffer--field string table pred point)))
    (completion-hilit-commonality
     (minibuffer--pattern-candidates prefix (remove "" (list head 'point tail)) table pred)
     point (length prefix))))

(defun minibuffer--pcm-find (string table pred point)
  "(PATTERN CANDIDATES PREFIX SUFFIX) for partial completion of STRING."
  (pcase-let ((`(,prefix ,head ,tail ,suffix) (minibuffer--field string table pred point)))
    (let ((pattern (minibuffer--simplify-pattern
                    (minibuffer--pcm-pattern (concat head tail) (length head)))))
      (list pattern (minibuffer--pattern-candidates prefix pattern table pred)
            prefix suffix))))

(defun completion-pcm-try-completion (string table pred point)
  (apply #'minibuffer--pattern-try (minibuffer--pcm-find string table pred point)))

(defun minibuffer--marked (found)
  "The candidates of FOUND, (PATTERN CANDIDATES PREFIX SUFFIX), marked
for how the pattern matches them, ending in the length of the prefix."
  (when found
    (minibuffer--with-base (minibuffer--hilit-pattern (car found) (nth 1 found))
                           (length (nth 2 found)))))

(defun completion-pcm-all-completions (string table pred point)
  (minibuffer--marked (minibuffer--pcm-find string table pred point)))

(defun minibuffer--substring-find (string table pred point &optional reshape)
  "(PATTERN CANDIDATES PREFIX SUFFIX) for substring completion of STRING;
RESHAPE, if given, rewrites the pattern first."
  (pcase-let ((`(,prefix ,head ,tail ,suffix) (minibuffer--field string table pred point)))
    (let ((pattern (minibuffer--simplify-pattern
                    (funcall (or reshape #'identity) (list 'prefix head 'point tail)))))
      (list pattern (minibuffer--pattern-candidates prefix pattern table pred)
            prefix suffix))))

(defun completion-substring-try-completion (string table pred point)
  (apply #'minibuffer--pattern-try (minibuffer--substring-find string table pred point)))

(defun completion-substring-all-completions (string table pred point)
  (minibuffer--marked (minibuffer--substring-find string table pred point)))

(defalias 'completion-pcm--optimize-pattern #'minibuffer--simplify-pattern)

(defun minibuffer--flex-pattern (pattern)
  "PATTERN with a hole after each character of its literals: flex
completion finds the characters in order, anything between them."
  (mapcan (lambda (e)
            (if (stringp e)
                (mapcan (lambda (c) (list (string c) 'any)) e)
              (list e)))
          pattern))

(defun minibuffer--flex-find (string table pred point)
  (unless (and completion-flex-nospace (string-search " " string))
    (minibuffer--substring-find string table pred point #'minibuffer--flex-pattern)))

(defun completion-flex-try-completion (string table pred point)
  (let ((found (minibuffer--flex-find string table pred point)))
    (and found (apply #'minibuffer--pattern-try found))))

(defun completion-flex-all-completions (string table pred point)
  (minibuffer--marked (minibuffer--flex-find string table pred point)))

;;;; All the candidates, best first

(defvar-local completion-all-sorted-completions nil
  "The candidates `completion-all-sorted-completions' last found here.")

(defun minibuffer-prompt-end ()
  "Where the minibuffer's input starts; the buffer's start elsewhere."
  (point-min))

(defun minibuffer--history-order (base)
  "The default and the history, those starting with BASE without it."
  (let* ((default (if (stringp minibuffer-default) minibuffer-default
                    (car-safe minibuffer-default)))
         (history (and (not (eq minibuffer-history-variable t))
                       (symbol-value minibuffer-history-variable)))
         (all (if default (cons default history) history)))
    (if (equal base "")
        all
      (delq nil (mapcar (lambda (h) (and (string-prefix-p base h)
                                         (substring h (length base))))
                        all)))))

(defun minibuffer--sort-candidates (all base)
  "ALL shortest first, then alphabetically; in a minibuffer, those in
the default and history first, in that order."
  (setq all (sort all (lambda (a b) (or (< (length a) (length b))
                                        (and (= (length a) (length b))
                                             (string< a b))))))
  (if (not (minibufferp))
      all
    (let* ((order (minibuffer--history-order base))
           (rank (lambda (c) (let ((tail (member c order)))
                               (if tail (- (length order) (length tail))
                                 most-positive-fixnum)))))
      (sort all (lambda (a b) (< (funcall rank a) (funcall rank b)))))))

(defun minibuffer--region-completions (start end)
  "(STRING METADATA CANDIDATES) for the text from START to END, point in
it; the candidates end in the base size."
  (let ((string (buffer-substring start end))
        (metadata (minibuffer--region-metadata start)))
    (list string metadata
          (completion-all-completions string minibuffer-completion-table
                                      minibuffer-completion-predicate
                                      (- (point) start) metadata))))

(defun completion-all-sorted-completions (&optional start end)
  "The candidates for the text from START to END, best first, ending in
the base size; kept until the buffer changes."
  (or completion-all-sorted-completions
      (pcase-let* ((start (or start (minibuffer-prompt-end)))
                   (`(,string ,metadata ,all)
                    (minibuffer--region-completions start (or end (point-max))))
                   (last (last all))
                   (base (or (cdr last) 0))
                   (sort (completion-metadata-get metadata 'cycle-sort-function)))
        (when last
          (setcdr last nil)
          (setq all (delete-dups all))
          (setq all (if sort (funcall sort all)
                      (minibuffer--sort-candidates all (substring string 0 base))))
          (add-hook 'after-change-functions #'minibuffer--forget-sorted nil t)
          (setq completion-all-sorted-completions (nconc all base))))))

(defun minibuffer--forget-sorted (&rest _)
  (remove-hook 'after-change-functions #'minibuffer--forget-sorted t)
  (setq completion-all-sorted-completions nil))

;;; ---- Completion in a buffer -------------------------------------

;; `completion-at-point' asks `completion-at-point-functions' what text
;; around point to complete and from which table, then completes it in
;; place: the text grows to what the candidates share, and when that
;; leaves a choice the candidates are listed in *Completions*.  In batch
;; the messages print on standard error, each followed by the empty
;; line with which Emacs clears them.

(defvar completion-in-region--data nil
  "(START END TABLE PREDICATE) of the completion under way.")

(defun minibuffer-message (message &rest args)
  "Show MESSAGE, formatted with ARGS, for `minibuffer-message-timeout'
seconds.  In batch it prints and waits, then clears (an empty line)."
  (message "%s" (if args (apply #'format-message message args) message))
  (let ((waited (sit-for (or minibuffer-message-timeout 1000000))))
    (message nil)
    waited))

(defun minibuffer--say (text)
  (when completion-show-inline-help
    (minibuffer-message text)))

(defun minibuffer-hide-completions ()
  "Take *Completions* off the screen; batch shows nothing to take."
  nil)

(defun minibuffer--done (string status message)
  "Completion ended on STRING with STATUS: tell the table's exit
function, then say MESSAGE unless that function said something."
  (let* ((exit (plist-get completion-extra-properties :exit-function))
         (before (and exit (current-message))))
    (when exit
      (when (eq status 'unknown)
        (setq status (if (eq t (try-completion string minibuffer-completion-table
                                               minibuffer-completion-predicate))
                         'finished 'exact)))
      (funcall exit string status))
    (when (and message (equal before (and exit (current-message))))
      (minibuffer--say message))))

(defun minibuffer--replace (beg end text)
  "Make the buffer between BEG and END read TEXT, touching only the
middle that differs, so that markers and properties at the ends stay;
leave point after TEXT."
  (let* ((old (buffer-substring beg end))
         (head (minibuffer--shared-length old text nil))
         (tail (min (minibuffer--shared-length old text t)
                    (- (length old) head) (- (length text) head))))
    (goto-char (+ beg head))
    (delete-region (point) (- end tail))
    (insert (substring text head (- (length text) tail)))
    (goto-char (+ beg (length text)))))

(defun minibuffer--shared-length (a b from-end)
  "How many characters A and B share at their start, or at their end."
  (let ((n 0) (max (min (length a) (length b))))
    (while (and (< n max)
                (eq (aref a (if from-end (- (length a) n 1) n))
                    (aref b (if from-end (- (length b) n 1) n))))
      (setq n (1+ n)))
    n))

(defun minibuffer--region-metadata (beg)
  (completion-metadata (buffer-substring-no-properties beg (point))
                       minibuffer-completion-table minibuffer-completion-predicate))

(defun minibuffer--complete-region (beg end)
  "Complete the text between BEG and END.  The answer has bit 4 when the
text grew, 2 when there were candidates, 1 when it is now exact."
  (let* ((string (buffer-substring beg end))
         (try (completion-try-completion string minibuffer-completion-table
                                         minibuffer-completion-predicate
                                         (- (point) beg)
                                         (minibuffer--region-metadata beg))))
    (cond ((null try)
           (minibuffer-hide-completions)
           (unless completion-fail-discreetly
             (ding)
             (minibuffer--say "No match"))
           0)
          ((eq try t)
           (minibuffer-hide-completions)
           (goto-char end)
           (minibuffer--done string 'finished "Sole completion")
           1)
          (t (minibuffer--apply-try beg end string (car try) (cdr try))))))

(defun minibuffer--apply-try (beg end string new new-point)
  "Put NEW, what STRING between BEG and END completes to, in its place
with point at NEW-POINT in it, and say what it came to."
  (let ((grew (not (eq t (compare-strings new nil nil string nil nil t))))
        (unchanged (eq t (compare-strings new nil nil string nil nil))))
    (if unchanged
        (goto-char end)
      (minibuffer--replace beg end new)
      (setq end (+ beg (length new))))
    (forward-char (- new-point (length new)))
    (if (not (or unchanged grew))
        ;; Only the case changed: ask again, in the table's case.
        (minibuffer--complete-region beg end)
      (let ((exact (test-completion new minibuffer-completion-table
                                    minibuffer-completion-predicate)))
        (cond (grew
               (minibuffer-hide-completions)
               (when exact
                 (minibuffer--done new (if (< new-point (length new)) 'exact 'unknown)
                                   nil)))
              ((not exact)
               (if completion-auto-help
                   (minibuffer-completion-help beg end)
                 (minibuffer--say "Next char not unique")))
              (t
               (when (and completion-auto-help (eq this-command last-command))
                 (minibuffer-completion-help beg end))
               (minibuffer--done new 'exact "Complete, but not unique")))
        (logior (if grew 4 0) 2 (if exact 1 0))))))

(defun completion-in-region (start end collection &optional predicate)
  "Complete the text between START and END from COLLECTION, whose
elements must satisfy PREDICATE; nil when nothing completes it."
  (unless (<= start (point))
    (signal 'cl-assertion-failed (list '(<= start (point)) start (point))))
  (funcall completion-in-region-function start end collection predicate))

(defun completion--in-region (start end collection &optional predicate)
  "The default `completion-in-region-function'."
  (let ((minibuffer-completion-table collection)
        (minibuffer-completion-predicate predicate))
    (when completion-in-region-mode-predicate
      (setq completion-in-region--data
            (list (if (markerp start) start (copy-marker start))
                  (copy-marker end t) collection predicate))
      (completion-in-region-mode 1))
    (setq this-command 'completion-at-point)
    (/= 0 (minibuffer--complete-region start end))))

(defvar completion-in-region-mode nil
  "Non-nil while a completion in a buffer is under way.")

(defun completion-in-region-mode (&optional arg)
  "Mark a completion in a buffer as under way (ARG positive) or ended.
It ends by itself after a command that leaves the completed field."
  (setq completion-in-region-mode
        (if (numberp arg) (> arg 0) (not (eq arg 'toggle))))
  (remove-hook 'post-command-hook #'minibuffer--region-check)
  (if completion-in-region-mode
      (add-hook 'post-command-hook #'minibuffer--region-check)
    (setq completion-in-region--data nil))
  completion-in-region-mode)

(defun minibuffer--region-check ()
  "End `completion-in-region-mode' once point has left its field."
  (let ((data completion-in-region--data))
    (unless (and data
                 (eq (current-buffer) (marker-buffer (car data)))
                 (<= (car data) (point) (cadr data))
                 (or (null completion-in-region-mode-predicate)
                     (funcall completion-in-region-mode-predicate)))
      (completion-in-region-mode -1))))

(defvar tags-file-name nil "The tags table file, when one is visited.")
(defvar tags-table-list nil "The tags tables to search.")

(defun tags-completion-at-point-function ()
  "No completion from tags: marrow reads no tags tables."
  nil)

(defun minibuffer--capf-answer (fn)
  "(FN . ANSWER) when FN, a `completion-at-point-functions' member, has
something to complete here; a non-exclusive table must match the text."
  (let ((answer (funcall fn)))
    (when (and (consp answer) (not (functionp answer))
               (eq 'no (plist-get (nthcdr 3 answer) :exclusive))
               (null (try-completion (buffer-substring-no-properties (car answer) (point))
                                     (nth 2 answer)
                                     (plist-get (nthcdr 3 answer) :predicate))))
      (setq answer nil))
    (when (and answer (not (listp answer)) (not (functionp answer)))
      (message "Completion function %S uses a deprecated calling convention" fn))
    (and answer (cons fn answer))))

(defun completion-at-point ()
  "Complete the text around point, as `completion-at-point-functions' say."
  (interactive)
  (let* ((found (run-hook-wrapped 'completion-at-point-functions
                                  #'minibuffer--capf-answer))
         (answer (cdr found)))
    (cond ((functionp answer) (funcall answer))
          ((consp answer) (apply #'minibuffer--complete-answer (car found) answer))
          (t (when answer
               (message "Warning: %S failed to return valid completion data!"
                        (car found)))
             answer))))

(defun minibuffer--complete-answer (fn start end collection &rest plist)
  "Complete from COLLECTION between START and END, as FN said to; the
completion stays under way while FN still answers with START."
  (let ((start (if (markerp start) start (copy-marker start)))
        (completion-extra-properties plist))
    (let ((completion-in-region-mode-predicate
           (lambda () (let ((again (car-safe (funcall fn))))
                        (and again (= again start))))))
      (completion-in-region start end collection (plist-get plist :predicate)))))

;;;; *Completions*

(defun minibuffer-completion-help (&optional start end)
  "List the completions of the text between START and END in *Completions*."
  (message "Making completion list...")
  (pcase-let* ((`(,string ,metadata ,all)
                 (minibuffer--region-completions (or start (point-min)) (or end (point-max))))
               (last (last all)))
    (message nil)
    (when last (setcdr last nil))
    (if (or (null all) (and (null (cdr all)) (equal (car all) string)))
        (progn (minibuffer-hide-completions)
               (ding)
               (minibuffer-message (if all "Sole completion" "No completions")))
      (minibuffer--show-completions (minibuffer--annotated
                                     (minibuffer--sorted all metadata)
                                     metadata)))
    nil))

(defun minibuffer--sorted (completions metadata)
  (let ((sort (completion-metadata-get metadata 'display-sort-function)))
    (if sort (funcall sort completions) (sort completions #'string-lessp))))

(defun minibuffer--annotated (completions metadata)
  "COMPLETIONS, each with its annotation as (STRING ANNOTATION) if any."
  (let ((annotate (or (completion-metadata-get metadata 'annotation-function)
                      (plist-get completion-extra-properties :annotation-function))))
    (if (not annotate)
        completions
      (mapcar (lambda (c) (let ((note (funcall annotate c)))
                            (if note (list c note) c)))
              completions))))

(defun minibuffer--show-completions (completions)
  (with-current-buffer (get-buffer-create "*Completions*")
    (let ((inhibit-read-only t))
      (erase-buffer)
      (completion-list-mode)
      (let ((standard-output (current-buffer)))
        (display-completion-list completions))
      (goto-char (point-min))))
  (display-buffer "*Completions*"))

(define-derived-mode completion-list-mode special-mode "Completion List"
  "The mode of *Completions*."
  nil)

(defun display-completion-list (completions &optional _common-substring _group-fun)
  "Insert COMPLETIONS (strings, or (STRING ANNOTATION) lists) in
`standard-output', laid out as `completions-format' says."
  (if (not (bufferp standard-output))
      (let ((out standard-output))
        (with-temp-buffer
          (let ((standard-output (current-buffer)))
            (display-completion-list completions))
          (princ (buffer-string) out)))
    (with-current-buffer standard-output
      (goto-char (point-max))
      (when completion-show-help
        (insert "In this buffer, type "
                (propertize "RET" 'font-lock-face 'help-key-binding 'face 'help-key-binding)
                " to select the completion near point.\n\n"))
      (if (null completions)
          (insert "There are no possible completions of what you have typed.")
        (insert "Possible completions are:\n")
        (completion--insert-strings completions))))
  nil)

(defun minibuffer--completion-width (c)
  (if (consp c) (apply #'+ (mapcar #'string-width c)) (string-width c)))

(defun minibuffer--insert-completion (c)
  "Insert C: a string, (STRING SUFFIX) or (STRING PREFIX SUFFIX).  The
string is clickable; a lone suffix without a face of its own shows in
`completions-annotations'."
  (let* ((string (if (consp c) (car c) c))
         (prefix (and (consp c) (nth 2 c) (nth 1 c)))
         (suffix (and (consp c) (or (nth 2 c) (nth 1 c))))
         (start (point)))
    (when prefix
      (insert prefix)
      (put-text-property start (point) 'mouse-face nil)
      (setq start (point)))
    (insert string)
    (add-text-properties start (point) `(mouse-face highlight completion--string ,string))
    (when suffix
      (setq start (point))
      (insert suffix)
      (put-text-property start (point) 'mouse-face nil)
      (unless (or prefix (text-property-not-all 0 (length suffix) 'face nil suffix))
        (font-lock-prepend-text-property start (point) 'face 'completions-annotations)))))

(defun completion--insert-strings (completions &optional _group-fun)
  "Lay COMPLETIONS out in columns as wide as the widest needs, at most
as many as half their number, over the width of a window showing the
buffer (less its last column), 79 when none does."
  (let* ((window (get-buffer-window (current-buffer) 0))
         (width (if window (1- (window-width window)) 79))
         (widest (apply #'max (mapcar #'minibuffer--completion-width completions)))
         (columns (min (max 2 (/ width (+ 2 widest)))
                       (max 1 (/ (length completions) 2))))
         (column-width (/ width columns)))
    (pcase completions-format
      ('vertical (minibuffer--insert-vertically completions columns column-width))
      ('one-column (dolist (c completions)
                     (minibuffer--insert-completion c)
                     (insert "\n")))
      (_ (minibuffer--insert-horizontally completions width column-width)))))

(defun minibuffer--insert-tab-to (column)
  "A space and a tab, shown as blank up to COLUMN."
  (insert " \t")
  (put-text-property (1- (point)) (point) 'display `(space :align-to ,column)))

(defun minibuffer--insert-horizontally (completions width column-width)
  (let ((column 0) (first t) (previous nil))
    (dolist (c completions)
      (unless (equal c previous)
        (setq previous c)
        (let ((w (minibuffer--completion-width c)))
          (unless first
            (if (< width (+ column (max column-width w)))
                (progn (insert "\n") (setq column 0))
              (minibuffer--insert-tab-to column)))
          (setq first nil)
          (minibuffer--insert-completion c)
          (setq column (+ column (* column-width (ceiling w column-width)))))))))

(defun minibuffer--insert-vertically (completions columns column-width)
  "Fill columns top to bottom, as many rows as COLUMNS columns need."
  (let* ((rows (ceiling (length completions) columns))
         (table (make-vector rows nil))
         (i 0))
    (dolist (c completions)
      (push c (aref table (% i rows)))
      (setq i (1+ i)))
    (dotimes (r rows)
      (let ((column 0))
        (dolist (c (nreverse (aref table r)))
          (unless (= column 0)
            (minibuffer--insert-tab-to column))
          (minibuffer--insert-completion c)
          (setq column (+ column (* column-width
                                    (ceiling (minibuffer--completion-width c)
                                             column-width))))))
      (insert "\n"))))

;;; ---- Reading with completion ------------------------------------

(defun completing-read-default (prompt collection &optional predicate require-match
                                       initial-input hist def inherit-input-method)
  "`completing-read' as Emacs does it by default: batch reads a line;
an empty line means DEF (its first element when a list)."
  (let* ((minibuffer-completion-table collection)
         (minibuffer-completion-predicate predicate)
         (minibuffer-completion-confirm (unless (eq require-match t) require-match))
         (initial (if (consp initial-input) (car initial-input) initial-input))
         (keymap (if (memq require-match '(nil confirm confirm-after-completion))
                     minibuffer-local-completion-map
                   minibuffer-local-must-match-map))
         (result (read-from-minibuffer prompt initial keymap nil hist def
                                       inherit-input-method)))
    (if (and (equal result "") def)
        (if (consp def) (car def) def)
      result)))

(defun completing-read (prompt collection &optional predicate require-match
                               initial-input hist def inherit-input-method)
  "Read a string in the minibuffer with completion over COLLECTION;
see `try-completion'.  Batch reads a line of standard input."
  (funcall completing-read-function prompt collection predicate require-match
           initial-input hist def inherit-input-method))

;;; ---- Questions and other readers --------------------------------

(defalias 'beep #'ding)

(defun y-or-n-p (prompt)
  "Ask PROMPT, answered by a line \"y\" or \"n\" (either case) in batch."
  (let* ((prompt (concat prompt
                         (if (or (equal prompt "") (string-suffix-p " " prompt)) "" " ")
                         "(y or n) "))
         (asked prompt)
         answer)
    (while (not answer)
      (let ((line (read-string asked)))
        (cond ((member line '("y" "Y")) (setq answer 'yes))
              ((member line '("n" "N")) (setq answer 'no))
              (t (setq asked (concat "Please answer y or n.  " prompt))))))
    (eq answer 'yes)))

(defun yes-or-no-p (prompt)
  "Ask PROMPT, answered by a line \"yes\" or \"no\" (any case); another
answer rings the bell, says so and waits two seconds, as Emacs does."
  (if use-short-answers
      (y-or-n-p prompt)
    (let ((prompt (concat prompt "(yes or no) "))
          answer)
      (while (not answer)
        (let ((line (downcase (read-from-minibuffer prompt nil nil nil
                                                    'yes-or-no-p-history))))
          (cond ((equal line "yes") (setq answer 'yes))
                ((equal line "no") (setq answer 'no))
                (t (ding)
                   (message "Please answer yes or no.")
                   (sleep-for 2)))))
      (eq answer 'yes))))

(defun read-no-blanks-input (prompt &optional initial inherit-input-method)
  "Read a string without blanks; batch reads a line as it is."
  (read-from-minibuffer prompt initial nil nil 'minibuffer-history nil
                        inherit-input-method))

(defun read-minibuffer (prompt &optional initial-contents)
  "Read the Lisp object a line holds."
  (read-from-minibuffer prompt initial-contents nil t 'minibuffer-history))

(defun eval-minibuffer (prompt &optional initial-contents)
  "Evaluate the Lisp expression a line holds."
  (eval (read-minibuffer prompt initial-contents)))

(provide 'minibuffer)

;;; minibuffer.el ends here
