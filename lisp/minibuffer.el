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
