;;; syntax.el --- motion by sexps and lists, syntax-ppss  -*- lexical-binding: t -*-

;; Syntax tables and the scans over them are primitives (src/syntax.c);
;; here are the commands and helpers Emacs preloads from subr.el,
;; emacs-lisp/lisp.el and emacs-lisp/syntax.el, built on `scan-lists',
;; `scan-sexps' and `parse-partial-sexp'.  subr.el autoloads them.

(defvar forward-sexp-function nil
  "If non-nil, `forward-sexp' calls it with the count instead of scanning.")

(defun buffer-end (arg)
  "`point-max' if ARG is positive, else `point-min'."
  (if (> arg 0) (point-max) (point-min)))

(defun syntax-after (pos)
  "The raw syntax descriptor that applies to the character at POS, or
nil when POS is not before the end of the accessible text."
  (and (<= (point-min) pos) (< pos (point-max))
       (let ((char (char-after pos))
             (override (and parse-sexp-lookup-properties
                            (get-char-property pos 'syntax-table))))
         (cond ((consp override) override)
               (override (aref override char))
               (t (aref (syntax-table) char))))))

(defun syntax-class (syntax)
  "The class number of raw syntax descriptor SYNTAX (nil for nil)."
  (and syntax (logand (car syntax) 65535)))

(defun syntax--interactively (function arg what)
  "Call FUNCTION with ARG and nil, a scan error becoming the `user-error'
an interactive call gives: no next or previous WHAT."
  (condition-case nil
      (funcall function arg nil)
    (scan-error (user-error "No %s %s" (if (> arg 0) "next" "previous") what))))

(defun forward-sexp (&optional arg interactive)
  "Move forward over ARG balanced expressions (backward if negative).
INTERACTIVE non-nil turns scan errors into user errors."
  (interactive "^p\nd")
  ;; A nil ARG reaches `syntax--interactively' as is: like Emacs 28, a
  ;; scan error then ends in a wrong-type-argument.
  (if interactive
      (syntax--interactively #'forward-sexp arg "sexp")
    (let ((count (or arg 1)))
      (if forward-sexp-function
          (funcall forward-sexp-function count)
        (goto-char (or (scan-sexps (point) count) (buffer-end count)))
        (when (< count 0)
          (backward-prefix-chars))))))

(defun backward-sexp (&optional arg interactive)
  "Move backward over ARG balanced expressions (forward if negative)."
  (interactive "^p\nd")
  (forward-sexp (- (or arg 1)) interactive))

(defun forward-list (&optional arg interactive)
  "Move over ARG groups of balanced parentheses, backward when ARG is
negative.  INTERACTIVE turns running out of groups into a `user-error'."
  (interactive "^p\nd")
  (if interactive
      (syntax--interactively #'forward-list arg "group")
    (let* ((count (or arg 1))
           (target (scan-lists (point) count 0)))
      (goto-char (or target (buffer-end count))))))

(defun backward-list (&optional arg interactive)
  "Move backward over ARG balanced groups of parentheses."
  (interactive "^p\nd")
  (forward-list (- (or arg 1)) interactive))

(defun down-list (&optional arg interactive)
  "Go into ARG levels of parentheses, forward, or backward when ARG is
negative.  INTERACTIVE makes running out of lists a `user-error'."
  (interactive "^p\nd")
  (let ((count (or arg 1)))
    (if interactive
        (condition-case nil
            (down-list count)
          (scan-error (user-error "At bottom level")))
      (let ((direction (if (< count 0) -1 1)))
        (dotimes (_ (abs count))
          (goto-char (or (scan-lists (point) direction -1)
                         (buffer-end count))))))))

(defun syntax--leave-string (arg)
  "Out of the string point is in, if any, towards ARG's sign: t if so."
  (let ((state (syntax-ppss)))
    (when (nth 3 state)
      (goto-char (nth 8 state))
      (when (> arg 0) (forward-sexp))
      t)))

(defun syntax--up-by-sexps (step)
  "Leave one list towards STEP's sign using `forward-sexp-function'.
Sexps are skipped until a step goes nowhere or fails; a failing step's
scan error names the list's edge, where point goes.  Ending where the
last step began means there was no list to leave."
  (let ((stop (catch 'syntax--stuck
                (while t
                  (let ((from (point)))
                    (condition-case err
                        (forward-sexp step)
                      (scan-error
                       (throw 'syntax--stuck
                              (cons from (nth (if (< step 0) 2 3) err)))))
                    (when (= (point) from)
                      (throw 'syntax--stuck (cons from from))))))))
    (goto-char (cdr stop))
    (when (= (car stop) (cdr stop))
      (signal 'scan-error (list "Unbalanced parentheses" (point) (point))))))

(defun syntax--leave-comment (step)
  "When point is in a comment, go to its start (STEP negative) or past
its end, and return non-nil unless the comment has no end."
  (let ((state (syntax-ppss)))
    (and (nth 4 state)
         (progn (goto-char (nth 8 state))
                (if (> step 0) (forward-comment 1) t)))))

(defun up-list (&optional arg escape-strings no-syntax-crossing)
  "Move forward out of ARG levels of parentheses (backward if negative).
With ESCAPE-STRINGS, a string point is in counts as a level; with
NO-SYNTAX-CROSSING, a scan from a string or comment stays in it, going
out of a comment counts as no level, and there is no list to leave at
top level (a `user-error')."
  (interactive "^p\nd\nd")
  (or arg (setq arg 1))
  (let ((step (if (> arg 0) 1 -1)))
    (while (/= arg 0)
      (condition-case err
          (save-restriction
            (when no-syntax-crossing
              (syntax--narrow-to-string-or-comment))
            (if forward-sexp-function
                (syntax--up-by-sexps step)
              (goto-char (or (scan-lists (point) step 1) (buffer-end arg)))))
        (scan-error
         (cond ((and escape-strings (syntax--leave-string step)))
               ((and no-syntax-crossing (syntax--leave-comment step))
                (setq arg (+ arg step)))
               (no-syntax-crossing (user-error "At top level"))
               (t (signal (car err) (cdr err))))))
      (setq arg (- arg step)))))

(defun syntax--literal-end (in-string)
  "Where the string (IN-STRING non-nil) or comment opening at point
stops; a string left open runs to the end of the accessible text."
  (save-excursion
    (cond ((not in-string) (forward-comment 1) (point))
          ((ignore-error scan-error (forward-sexp) t) (point))
          (t (point-max)))))

(defun syntax--narrow-to-string-or-comment ()
  "Narrow to the string or comment around point; outside both, do nothing."
  (let* ((state (syntax-ppss))
         (opening (nth 8 state)))
    (when opening
      (narrow-to-region opening
                        (save-excursion
                          (goto-char opening)
                          (syntax--literal-end (nth 3 state)))))))

(defun backward-up-list (&optional arg escape-strings no-syntax-crossing)
  "Move backward out of ARG levels of parentheses (forward if negative)."
  (interactive "^p\nd\nd")
  (up-list (- (or arg 1)) escape-strings no-syntax-crossing))

;;; Defuns: a defun starts with an open paren in column 0 (by default),
;;; or where `beginning-of-defun-function' finds one.

(defun syntax--push-mark-once (command)
  "Push the mark when COMMAND runs as a command, not repeated and with
no active region."
  (unless (or (not (eq this-command command))
              (eq last-command command)
              (and transient-mark-mode mark-active))
    (push-mark)))

(defun beginning-of-defun (&optional arg)
  "Move to the start of the defun, ARG times (forward when negative);
return t when one was found."
  (interactive "^p")
  (syntax--push-mark-once 'beginning-of-defun)
  (and (beginning-of-defun-raw arg)
       (progn (beginning-of-line) t)))

(defun syntax--defun-opener ()
  "The regexp of a defun's start, its open paren last."
  (if defun-prompt-regexp
      (concat (if open-paren-in-column-0-is-defun-start "^\\s(\\|" "")
              "\\(?:" defun-prompt-regexp "\\)\\s(")
    "^\\s("))

(defun syntax--defun-start-by-regexp (arg)
  "Move to the ARGth defun opener back (forward when negative), one
outside strings and comments, and to its paren; t when found."
  (when (and (< arg 0) (not (eobp)))
    (forward-char 1))
  (let ((found nil))
    (while (and (setq found (re-search-backward (syntax--defun-opener) nil 'move arg))
                (nth 8 (syntax-ppss))))
    (when found
      (goto-char (1- (match-end 0)))
      t)))

(defun syntax--defun-start-by-lists (arg)
  "Move to the start of the ARGth top-level list back (forward when
negative), staying in the accessible text; t when found."
  (let ((floor (point-min)) (ceiling (point-max)) (forward (< arg 0)))
    (save-restriction
      (widen)
      (let ((state (syntax-ppss)))
        (when (nth 8 state)
          (goto-char (nth 8 state))
          (setq state (syntax-ppss)))
        (let ((outer (syntax-ppss-toplevel-pos state)))
          (cond (outer
                 (goto-char outer)
                 (unless forward (setq arg (1- arg))))
                ((and forward (not (looking-at "\\s(")))
                 (setq arg (1+ arg)))))
        (condition-case nil
            (progn
              (goto-char (scan-lists (point) (- arg) 0))
              (if forward
                  (progn (goto-char (1- (scan-lists (point) 1 -1)))
                         (or (<= (point) ceiling) (progn (goto-char ceiling) nil)))
                (or (>= (point) floor) (progn (goto-char floor) nil))))
          (error (goto-char (if forward ceiling floor))
                 nil))))))

(defun beginning-of-defun-raw (&optional arg)
  "Move to the open paren that starts the defun, ARG times (forward when
negative); t when found."
  (interactive "^p")
  (setq arg (or arg 1))
  (cond (beginning-of-defun-function
         (condition-case nil
             (funcall beginning-of-defun-function arg)
           ;; An old-style function takes no count: repeat it.
           (wrong-number-of-arguments
            (dotimes (_ (abs arg))
              (funcall (if (> arg 0) beginning-of-defun-function end-of-defun-function))))))
        ((or defun-prompt-regexp open-paren-in-column-0-is-defun-start)
         (syntax--defun-start-by-regexp arg))
        ((zerop arg))
        (t (syntax--defun-start-by-lists arg))))

(defun syntax--comments-only-line-p ()
  "Non-nil when nothing but blanks and comments make up this line; a
line that begins inside a string never qualifies."
  (save-excursion
    (let* ((bol (line-beginning-position))
           (eol (line-end-position))
           (state (syntax-ppss bol)))
      (unless (nth 3 state)
        (goto-char (or (nth 8 state) bol))
        (forward-comment (buffer-size))
        (> (point) eol)))))

(defun syntax--to-comment-opening-line ()
  "Go to the end of this line; if a comment still open there began on
an earlier line, to the end of that line instead, and so on up."
  (let ((state (syntax-ppss (line-end-position))))
    (when (and (nth 4 state) (< (nth 8 state) (line-beginning-position)))
      (goto-char (nth 8 state))
      (syntax--to-comment-opening-line))))

(defun syntax--line-above-kind ()
  "Go up a line (see `syntax--to-comment-opening-line') and classify it:
`none' when there was no line above, `comment' for a non-blank line of
comments only, `other' for anything else."
  (if (/= (forward-line -1) 0)
      'none
    (syntax--to-comment-opening-line)
    (if (and (save-excursion
               (forward-line 0)
               (skip-syntax-forward "-" (line-end-position))
               (not (eolp)))
             (syntax--comments-only-line-p))
        'comment
      'other)))

(defun beginning-of-defun-comments (&optional arg)
  "Go to the start of the ARGth defun back, then further up over the
unbroken run of comment lines right above it."
  (interactive "^p")
  (beginning-of-defun (or arg 1))
  (let ((kind (syntax--line-above-kind)))
    (while (eq kind 'comment)
      (setq kind (syntax--line-above-kind)))
    (forward-line (if (eq kind 'none) 0 1))))

(defun syntax--past-defun-end ()
  "From a defun's end, go to the next line when only blanks and a
comment or the newline follow on this one."
  (unless (bolp)
    (skip-chars-forward " \t")
    (when (looking-at "\\s<\\|\n")
      (forward-line 1))))

(defun syntax--goto-enclosing-defun-end (trim)
  "Go to the end of the defun that starts at or before the end of this
line, past the rest of its last line when TRIM; return the defun's start."
  (end-of-line)
  (beginning-of-defun-raw 1)
  (let ((start (point)))
    (funcall end-of-defun-function)
    (when trim
      (syntax--past-defun-end))
    start))

(defun syntax--end-of-defuns-forward (count origin)
  "Go to the COUNTth defun end after ORIGIN (point)."
  (syntax--goto-enclosing-defun-end (= count 1))
  ;; The defun around point counts only when it ends beyond ORIGIN.
  (let ((left (if (> (point) origin) (1- count) count)))
    (when (= left count)
      (goto-char origin))
    (when (> left 0)
      (beginning-of-defun-raw (- left))
      (funcall end-of-defun-function))
    (syntax--past-defun-end)))

(defun syntax--defun-back-and-end (count &optional limit)
  "Jump COUNT defun starts back; unless that gets no further back than
LIMIT, go past the end of the defun found and return its start."
  (beginning-of-defun-raw count)
  (unless (and limit (>= (point) limit))
    (let ((start (point)))
      (funcall end-of-defun-function)
      (syntax--past-defun-end)
      start)))

(defun syntax--end-of-defuns-backward (count origin)
  "Go to the COUNTth defun end before ORIGIN (point)."
  (let* ((start (syntax--goto-enclosing-defun-end t))
         (left (if (< (point) origin) (1- count) count)))
    (when (= left count)
      (goto-char start))
    (when (> left 0)
      (setq start (syntax--defun-back-and-end left))
      ;; Until an end before ORIGIN turns up, keep jumping back from the
      ;; defun's start, giving up once no jump gets further back.
      (while (and start (>= (point) origin))
        (goto-char start)
        (setq start (syntax--defun-back-and-end left start))))))

(defun end-of-defun (&optional arg interactive)
  "Move to the end of the defun, ARG times (backward when negative).
INTERACTIVE turns scan errors into user errors."
  (interactive "^p\nd")
  (if interactive
      (condition-case err
          (end-of-defun arg nil)
        (scan-error (user-error (cadr err))))
    (syntax--push-mark-once 'end-of-defun)
    (let ((count (if (or (null arg) (= arg 0)) 1 arg)))
      (if (> count 0)
          (syntax--end-of-defuns-forward count (point))
        (syntax--end-of-defuns-backward (- count) (point))))
    nil))

(defun syntax--defun-ends-after (pos count)
  "Go from POS through COUNT `end-of-defun's and return where that is."
  (goto-char pos)
  (dotimes (_ count) (end-of-defun))
  (point))

(defun syntax--defun-span (end-first)
  "(START . END) of the defun around or after point, START taking in
the comment lines above it.  END-FIRST finds its end before its start,
so that from between two defuns the span is the next one."
  (if end-first
      (progn (end-of-defun)
             (let ((end (point)))
               (beginning-of-defun-comments)
               (cons (point) end)))
    (beginning-of-defun-comments)
    (let ((start (point)))
      (end-of-defun)
      (cons start (point)))))

(defun syntax--mark-defuns (count)
  "Without an active region: mark COUNT defuns from the one point is in
or before, or when COUNT is negative, the defun and -COUNT - 1 before it."
  (let ((origin (point)))
    (push-mark origin)
    (let ((span (syntax--defun-span nil)))
      (when (or (= (car span) (point-min))
                (and (> count 0) (<= (cdr span) origin)))
        (goto-char origin)
        (setq span (syntax--defun-span t)))
      (goto-char (car span))
      (cond ((> count 0)
             (push-mark (syntax--defun-ends-after (car span) count) nil t)
             (goto-char (car span)))
            (t
             (unless (= count -1)
               (beginning-of-defun (- -1 count)))
             (push-mark (cdr span) nil t))))))

(defun syntax--mark-defun-direction (count)
  "COUNT, turned around when the last command marked defuns backward;
a backward marking is recorded in `this-command' for the next one."
  (let ((signed (if (eq last-command 'mark-defun-back) (- count) count)))
    (and (< signed 0) (setq this-command 'mark-defun-back))
    signed))

(defun mark-defun (&optional arg interactive)
  "Mark ARG defuns (the one point is in or before, with the comments
above it, and those after; before, when ARG is negative), leaving point
at the start.  An active region grows by ARG defuns instead.
INTERACTIVE makes scan errors `user-error's."
  (interactive "p\nd")
  (if interactive
      (condition-case err
          (mark-defun arg nil)
        (scan-error (user-error (cadr err))))
    (let ((count (syntax--mark-defun-direction (or arg 1))))
      (cond ((not (use-region-p)) (syntax--mark-defuns count))
            ((< count 0) (beginning-of-defun-comments (- count)))
            (t (set-mark (save-excursion
                           (syntax--defun-ends-after (mark) count))))))
    ;; Blank lines above the first defun belong to the region too.
    (skip-chars-backward "[:space:]\n")
    (unless (bobp)
      (forward-line 1))))

;;; Pairs

(defun syntax--known-pair-p (open close)
  (member (list open close)
          (mapcar (lambda (pair) (if (= (length pair) 3) (cdr pair) pair))
                  insert-pair-alist)))

(defun syntax--blink-pair ()
  (when (and (numberp delete-pair-blink-delay) (> delete-pair-blink-delay 0))
    (sit-for delete-pair-blink-delay)))

(defun delete-pair (&optional arg)
  "Delete the pair of characters around the ARG sexps after point (ARG
negative: before point), when `insert-pair-alist' knows it."
  (interactive "P")
  (setq arg (if arg (prefix-numeric-value arg) 1))
  (save-excursion
    (if (< arg 0)
        (progn
          (skip-chars-backward " \t")
          (save-excursion
            (let ((close (char-before)))
              (forward-sexp arg)
              (unless (syntax--known-pair-p (char-after) close)
                (error "Not after matching pair"))
              (syntax--blink-pair)
              (delete-char 1)))
          (delete-char -1))
      (skip-chars-forward " \t")
      (save-excursion
        (let ((open (char-after)))
          (forward-sexp arg)
          (unless (syntax--known-pair-p open (char-before))
            (error "Not before matching pair"))
          (syntax--blink-pair)
          (delete-char -1)))
      (delete-char 1))))

;;; syntax-propertize: syntax-table properties set on demand.

(defconst syntax-propertize-chunk-size 500
  "The least number of characters `syntax-propertize' does at a time.")

(defvar-local syntax-propertize-extend-region-functions '(syntax-propertize-wholelines)
  "Functions (START END) widening the region `syntax-propertize' is
about to do: each returns nil, or (NEW-START . NEW-END).")

(defun syntax-propertize-wholelines (start end)
  "Widen START..END to whole lines, for
`syntax-propertize-extend-region-functions'."
  (goto-char start)
  (cons (line-beginning-position)
        (if (or (eobp) (progn (goto-char end) (bolp)))
            end
          (line-beginning-position 2))))

(defun syntax-ppss-flush-cache (beg &rest _)
  "Forget what `syntax-ppss' and `syntax-propertize' know of the text
from BEG on (a change there may change it)."
  (setq syntax-ppss--flushed t
        syntax-ppss-wide (syntax-ppss--cut syntax-ppss-wide beg)
        syntax-ppss-narrow (syntax-ppss--cut syntax-ppss-narrow beg))
  (when (< beg syntax-propertize--done)
    (setq syntax-propertize--done beg)))

(defun syntax-propertize--extend (start end)
  "START..END as `syntax-propertize-extend-region-functions' widen it,
asking them again until none changes it."
  (let ((again t))
    (while again
      (setq again nil)
      (dolist (f syntax-propertize-extend-region-functions)
        (unless (eq f t)
          (let ((wider (save-excursion (funcall f start end))))
            (when (and wider (or (< (car wider) start) (> (cdr wider) end)))
              (setq start (min start (car wider))
                    end (max end (cdr wider))
                    again t)))))))
  (cons start end))

(defun syntax-propertize (pos)
  "Set the syntax-table properties of the text up to POS, as
`syntax-propertize-function' says, if not done already."
  (when (< syntax-propertize--done pos)
    (if (null syntax-propertize-function)
        (setq syntax-propertize--done (max (point-max) pos))
      (setq-local parse-sexp-lookup-properties t)
      (add-hook 'before-change-functions #'syntax-ppss-flush-cache t t)
      (save-excursion
        ;; The properties set are no change `syntax-ppss' must hear of.
        (with-silent-modifications
          (let* ((start (max (min syntax-propertize--done (point-max)) (point-min)))
                 (end (max pos (min (point-max) (+ start syntax-propertize-chunk-size))))
                 (region (syntax-propertize--extend start end)))
            (setq start (car region) end (cdr region))
            (setq syntax-propertize--done end)
            (remove-text-properties start end '(syntax-table nil syntax-multiline nil))
            ;; The function's own scans must not ask for more.
            (let ((syntax-propertize--done most-positive-fixnum))
              (funcall syntax-propertize-function start end))))))))

(defun internal--syntax-propertize (pos)
  "`syntax-propertize' to POS for the scans of syntax.c, keeping the
match data."
  (save-match-data (syntax-propertize pos)))

(defun syntax--bracket-end (re pos)
  "The index after the bracket expression of RE opening at POS."
  (let ((i (1+ pos)) (len (length re)))
    (when (and (< i len) (eq (aref re i) ?^))
      (setq i (1+ i)))
    (when (and (< i len) (eq (aref re i) ?\]))
      (setq i (1+ i)))
    (while (and (< i len) (not (eq (aref re i) ?\])))
      (let ((class-end (and (eq (aref re i) ?\[) (< (1+ i) len) (eq (aref re (1+ i)) ?:)
                            (string-search ":]" re (+ i 2)))))
        (setq i (if class-end (+ class-end 2) (1+ i)))))
    (min len (1+ i))))

(defun syntax-propertize--shift-groups-and-backrefs (re shift)
  "RE with its explicitly numbered groups and its back-references
renumbered SHIFT up; an error when a back-reference would pass 9."
  (let ((i 0) (len (length re)) (pieces nil))
    (while (< i len)
      (let ((c (aref re i)) (next (1+ i)))
        (cond
         ((eq c ?\[) (setq next (syntax--bracket-end re i)))
         ((and (eq c ?\\) (< (1+ i) len))
          (let ((d (aref re (1+ i))))
            (setq next (+ i 2))
            (cond
             ((eq d ?{)
              (let ((close (string-search "\\}" re i)))
                (setq next (if close (+ close 2) len))))
             ((<= ?1 d ?9)
              (let ((n (+ (- d ?0) shift)))
                (when (> n 9)
                  (error "There may be at most nine back-references"))
                (push (format "\\%d" n) pieces)
                (setq c nil)))
             ((and (eq d ?\() (eq (string-match "\\\\(\\?\\([0-9]+\\):" re i) i))
              (push (format "\\(?%d:" (+ shift (string-to-number (match-string 1 re))))
                    pieces)
              (setq next (match-end 0) c nil))))))
        (when c
          (push (substring re i next) pieces))
        (setq i next)))
    (apply #'concat (nreverse pieces))))

(defun syntax--rule-action (highlight group)
  "The form applying HIGHLIGHT, (NUMBER SYNTAX), of the rule whose match
is group GROUP of the combined regexp."
  (let ((g (+ group (car highlight))) (syntax (cadr highlight)))
    (if (stringp syntax)
        `(when (match-beginning ,g)
           (put-text-property (match-beginning ,g) (match-end ,g)
                              'syntax-table ',(string-to-syntax syntax)))
      `(let ((mb (match-beginning ,g)) (me (match-end ,g)))
         (when mb
           (let ((value (save-match-data
                          (set-match-data (nthcdr ,(* 2 group) (match-data)))
                          ,syntax)))
             (when value
               (put-text-property mb me 'syntax-table
                                  (if (stringp value) (string-to-syntax value) value)))))))))

(defmacro syntax-propertize-rules (&rest rules)
  "A `syntax-propertize-function' from RULES, each (REGEXP HIGHLIGHT...):
where REGEXP (a constant expression) matches, each HIGHLIGHT, (NUMBER
SYNTAX), gives group NUMBER of the match the syntax SYNTAX, a
descriptor string or an expression whose value is nil (no change), a
descriptor string or a raw descriptor."
  (declare (debug (&rest &or symbolp (form &rest (numberp form)))))
  (let ((group 1) (regexps nil) (clauses nil))
    (dolist (rule rules)
      (let* ((re (if (stringp (car rule)) (car rule) (eval (car rule) t))))
        (push (format "\\(?%d:%s\\)" group
                      (syntax-propertize--shift-groups-and-backrefs re group))
              regexps)
        (push `((match-beginning ,group)
                ,@(mapcar (lambda (h) (syntax--rule-action h group)) (cdr rule)))
              clauses)
        (setq group (+ group 1 (regexp-opt-depth re)))))
    `(lambda (start end)
       (goto-char start)
       (while (and (< (point) end)
                   (re-search-forward ,(mapconcat #'identity (nreverse regexps) "\\|")
                                      end t))
         (let ((matched (match-beginning 0)))
           (cond ,@(nreverse clauses))
           (when (and (= (point) matched) (< (point) end))
             (forward-char 1)))))))

;;; syntax-ppss: parse states from point-min, kept at checkpoints.
;;
;; A checkpoint is a position with the state a parse from `point-min'
;; gives there.  Parsing on from it with `parse-partial-sexp' reaches the
;; state a parse from `point-min' would, except in elements 2 (the last
;; complete sexp) and 6 (the least depth): the parser does not take those
;; from the old state.  `syntax-ppss--carry' mends both, which is sound
;; only at a "clean" checkpoint, where no sexp is cut in two and no escape
;; or two-character delimiter is half read: see `syntax-ppss--clean-p'.
;; Each cache, (LAST . CHECKPOINTS), holds the checkpoint used last and
;; long-range ones at least `syntax-ppss--spacing' apart.
;;
;; Left over: after an escaped comment starter, Emacs's parser may keep a
;; last-sexp position it does not show in element 2 until parens close
;; below depth 0; parsing on from a checkpoint after such text can give
;; another element 2 there (a few in 10,000 random C-like texts).

(defvar-local syntax-ppss--made-under nil
  "(TABLE LOOKUP-PROPERTIES TICK): the syntax table, the value of
`parse-sexp-lookup-properties' and the buffer's character tick when
the caches of `syntax-ppss' were last known good.")

(defvar-local syntax-ppss--flushed nil
  "Non-nil when `syntax-ppss-flush-cache' ran since the last
`syntax-ppss': the text changes since were reported to it.")

(defun syntax-ppss--cut (cache beg)
  "CACHE, (LAST . CHECKPOINTS), without its checkpoints at BEG or later."
  (when cache
    (let ((last (car cache)) (older (cdr cache)))
      (while (and older (>= (caar older) beg))
        (setq older (cdr older)))
      (when (and last (>= (car last) beg))
        (setq last nil))
      (and (or last older) (cons last older)))))

(defun syntax-ppss--escaped-p (pos)
  "Non-nil when the character at POS comes after an odd number of
escape or character-quote characters."
  (let ((before pos))
    (while (and (> before (point-min))
                (memq (syntax-class (syntax-after (1- before))) '(9 10)))
      (setq before (1- before)))
    (= (% (- pos before) 2) 1)))

(defun syntax-ppss--clean-p (pos state)
  "Non-nil when POS, whose state from `point-min' is STATE, can be a
checkpoint: inside a string or comment, or after a blank, a paren or a
comment end that is not escaped."
  (and (not (nth 5 state))
       (not (nth 10 state))
       (or (nth 3 state) (nth 4 state)
           (= pos (point-min))
           (and (memq (syntax-class (syntax-after (1- pos))) '(0 4 5 12))
                (not (syntax-ppss--escaped-p (1- pos)))))))

(defun syntax-ppss--carry (old new)
  "NEW, the state a parse reached from a checkpoint whose state is OLD,
with elements 2 and 6 as the parse from `point-min' has them."
  (let ((state (copy-sequence new)) (depth (car new)))
    (setcar (nthcdr 6 state) (min (nth 6 old) (nth 6 new)))
    ;; Nothing was completed at the final level since the checkpoint:
    ;; the last sexp there is the one before it, or the string it was in.
    (when (and (null (nth 2 new)) (<= depth (car old)) (= (nth 6 new) depth))
      (setcar (nthcdr 2 state)
              (if (and (nth 3 old) (not (eql (nth 8 old) (nth 8 new))))
                  (nth 8 old)
                (nth 2 old))))
    state))

(defun syntax-ppss--parse (from to)
  "The state at TO, parsing on from FROM, a (POS . STATE) whose STATE is
nil at the start of the parse."
  (if (cdr from)
      (syntax-ppss--carry (cdr from)
                          (parse-partial-sexp (car from) to nil nil (cdr from)))
    (parse-partial-sexp (car from) to)))

(defun syntax-ppss--nearest (cache pos)
  "The checkpoint of CACHE nearest before or at POS, or nil."
  (let ((older (cdr cache)) (last (car cache)))
    (while (and older (> (caar older) pos))
      (setq older (cdr older)))
    (setq older (car older))
    (if (and last (<= (car last) pos) (or (null older) (> (car last) (car older))))
        last
      older)))

(defun syntax-ppss--spacing ()
  "How far apart the long-range checkpoints are.
So dense that a parse between two costs little next to the call."
  (max 1 (/ syntax-ppss-max-span 20)))

(defun syntax-ppss--far-from-all (checkpoints pos)
  "Non-nil when no position of CHECKPOINTS, in decreasing order, is
within `syntax-ppss--spacing' of POS."
  (let ((spacing (syntax-ppss--spacing)) (near nil))
    (while (and checkpoints (not near) (> (caar checkpoints) (- pos spacing)))
      (setq near (< (caar checkpoints) (+ pos spacing))
            checkpoints (cdr checkpoints)))
    (not near)))

(defun syntax-ppss--insert (checkpoints entry)
  "CHECKPOINTS, in decreasing order, with ENTRY added in its place."
  (let ((after nil))
    (while (and checkpoints (> (caar checkpoints) (car entry)))
      (push (pop checkpoints) after))
    (nconc (nreverse after) (cons entry checkpoints))))

(defun syntax-ppss--remember (cache-var entry)
  "Make ENTRY, a clean (POS . STATE), the last checkpoint of the cache in
CACHE-VAR, and a long-range one too when none is near it."
  (let ((older (cdr (symbol-value cache-var))))
    (when (syntax-ppss--far-from-all older (car entry))
      (setq older (syntax-ppss--insert older entry)))
    (set cache-var (cons entry older))))

(defun syntax-ppss--checkpoint (cache-var from pos)
  "Parse from FROM to POS and return (POS . STATE); when POS is clean,
remember it in the cache CACHE-VAR names.  Return FROM when it is not."
  (let ((state (syntax-ppss--parse from pos)))
    (if (not (syntax-ppss--clean-p pos state))
        from
      (syntax-ppss--remember cache-var (cons pos state))
      (cons pos state))))

(defun syntax-ppss--line-start (pos)
  "The start of the line POS is on, fields ignored."
  (save-excursion (goto-char pos) (forward-line 0) (point)))

(defun syntax-ppss--approach (cache-var from pos)
  "Go from checkpoint FROM towards POS by checkpoints about
`syntax-ppss--spacing' apart, then at the start of POS's line; return
the last checkpoint reached."
  (let ((going t) (spacing (syntax-ppss--spacing)))
    (while (and going (> (- pos (car from)) spacing))
      (let* ((mark (+ (car from) spacing))
             (bol (syntax-ppss--line-start mark))
             ;; A line start if there is one, lest a long line be
             ;; crossed one character at a time.
             (stop (if (> bol (car from)) bol mark))
             (next (syntax-ppss--checkpoint cache-var from stop)))
        ;; A stop that cannot be a checkpoint ends the long strides.
        (setq going (not (eq next from)) from next))))
  (let ((bol (syntax-ppss--line-start pos)))
    (if (> bol (car from))
        (syntax-ppss--checkpoint cache-var from bol)
      from)))

(defun syntax-ppss--begin-by-function (pos)
  "Where `syntax-begin-function' says a parse to POS can start as from
`point-min', or nil."
  (when syntax-begin-function
    (let ((start (save-excursion (goto-char pos)
                                 (funcall syntax-begin-function)
                                 (point))))
      (and (<= (point-min) start pos) start))))

(defun syntax-ppss--cache-var ()
  "The variable holding the cache for the accessible part as it is."
  (cond ((= (point-min) 1) 'syntax-ppss-wide)
        (t (unless (eql syntax-ppss-narrow-start (point-min))
             (setq syntax-ppss-narrow nil
                   syntax-ppss-narrow-start (point-min)))
           'syntax-ppss-narrow)))

(defun syntax-ppss--check-caches (table)
  "Empty the caches unless they were made with syntax table TABLE, the
same `parse-sexp-lookup-properties', and every text change since was
reported to `syntax-ppss-flush-cache'."
  (let ((now (list table parse-sexp-lookup-properties (buffer-chars-modified-tick)))
        (then syntax-ppss--made-under))
    (unless (and (eq (car then) table)
                 (eq (nth 1 then) parse-sexp-lookup-properties)
                 (or syntax-ppss--flushed (eql (nth 2 then) (nth 2 now))))
      (setq syntax-ppss-wide nil syntax-ppss-narrow nil))
    (setq syntax-ppss--made-under now syntax-ppss--flushed nil)))

(defun syntax-ppss--state (pos)
  "The state at POS from `point-min', by way of the caches."
  (let* ((cache-var (syntax-ppss--cache-var))
         (from (syntax-ppss--nearest (symbol-value cache-var) pos)))
    (if (and from (= (car from) pos))
        (copy-sequence (cdr from))
      (unless from
        ;; A start `syntax-begin-function' finds counts as `point-min'.
        (setq from (list (or (syntax-ppss--begin-by-function pos) (point-min)))))
      (syntax-ppss--parse (syntax-ppss--approach cache-var from pos) pos))))

(defun syntax-ppss (&optional pos)
  "The state `parse-partial-sexp' gives at POS (default point) when it
parses from `point-min'; point moves to POS.  States met on the way are
kept for the next calls until the text or the syntax table changes.  The
hook that hears of text changes is in `before-change-functions': when it
is not run (e.g. that variable is let-bound), call
`syntax-ppss-flush-cache' from the start of the change."
  (setq pos (or pos (point)))
  (when (markerp pos)
    (setq pos (marker-position pos)))
  (if (or (< pos (point-min)) (> pos (point-max)))
      ;; The error of the plain parse.
      (parse-partial-sexp (point-min) pos)
    (syntax-propertize pos)
    (add-hook 'before-change-functions #'syntax-ppss-flush-cache t t)
    (let ((table (or syntax-ppss-table (syntax-table))))
      (with-syntax-table table
        (syntax-ppss--check-caches table)
        (prog1 (syntax-ppss--state pos)
          (goto-char pos))))))

(defun syntax-ppss-toplevel-pos (ppss)
  "The start of the outermost list of state PPSS, or nil at top level."
  (or (car (nth 9 ppss)) (nth 8 ppss)))

(defsubst syntax-ppss-context (ppss)
  "`string', `comment' or nil: where state PPSS is."
  (cond ((nth 3 ppss) 'string)
        ((nth 4 ppss) 'comment)))

(provide 'syntax)

;;; syntax.el ends here
