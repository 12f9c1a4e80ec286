;;; thingatpt.el --- the thing (symbol, list, number, ...) at point  -*- lexical-binding: t -*-

;; A THING is a symbol naming a kind of text.  Its properties say how
;; to find one: `bounds-of-thing-at-point' (a function returning its
;; (BEG . END) around point), `thing-at-point' (one returning the thing
;; itself), `beginning-op' and `end-op' (moving to its start or end),
;; or `forward-op' (moving over N of them; else forward-THING is used).

(require 'cl-lib)

(defvar thing-at-point-provider-alist nil
  "(THING . FUNCTION) pairs: FUNCTION, called with no arguments, may
return the THING at point before the usual ways are tried.")

(defun forward-thing (thing &optional n)
  "Move over N (default 1) THINGs, backward when N is negative."
  (let ((mover (or (get thing 'forward-op)
                   (intern-soft (format "forward-%s" thing)))))
    (unless (functionp mover)
      (error "Can't determine how to move over a %s" thing))
    (funcall mover (or n 1))))

(defun thingatpt--to-end (thing)
  (let ((op (get thing 'end-op)))
    (if op (funcall op) (forward-thing thing 1))))

(defun thingatpt--to-beginning (thing)
  (let ((op (get thing 'beginning-op)))
    (if op (funcall op) (forward-thing thing -1))))

(defun thingatpt--bounds-by-moving (thing)
  "THING's bounds around point found by moving: to its end and back to
its beginning, or, when that overshoots point, to its beginning and on
to its end (finding a THING that ends at point)."
  (let ((orig (point)))
    (ignore-errors
      (save-excursion
        (thingatpt--to-end thing)
        (thingatpt--to-beginning thing)
        (let ((beg (point)))
          (if (<= beg orig)
              (let ((end (progn (thingatpt--to-end thing) (point))))
                (and (<= orig end) (< beg end) (cons beg end)))
            (goto-char orig)
            (thingatpt--to-beginning thing)
            (thingatpt--to-end thing)
            (let* ((end (point))
                   (beg (progn (thingatpt--to-beginning thing) (point))))
              (and (<= beg orig) (<= orig end) (< beg end)
                   (cons beg end)))))))))

(defun bounds-of-thing-at-point (thing)
  "The (BEG . END) of the THING at point, or nil when there is none."
  (let ((finder (get thing 'bounds-of-thing-at-point)))
    (if finder (funcall finder) (thingatpt--bounds-by-moving thing))))

(defun thing-at-point (thing &optional no-properties)
  "The THING at point (usually a string), or nil: a provider's answer
in `thing-at-point-provider-alist', THING's `thing-at-point' function's,
or its text.  NO-PROPERTIES strips a string's text properties."
  (let ((found
         (or (cl-some (lambda (entry)
                        (and (eq (car entry) thing) (funcall (cdr entry))))
                      thing-at-point-provider-alist)
             (let ((getter (get thing 'thing-at-point)))
               (if getter
                   (funcall getter)
                 (let ((bounds (bounds-of-thing-at-point thing)))
                   (and bounds (buffer-substring (car bounds) (cdr bounds)))))))))
    (when (and found no-properties (sequencep found))
      (set-text-properties 0 (length found) nil found))
    found))

(defun bounds-of-thing-at-mouse (event thing)
  "The bounds of the THING where mouse EVENT happened."
  (save-excursion
    (mouse-set-point event)
    (bounds-of-thing-at-point thing)))

(defun thing-at-mouse (event thing &optional no-properties)
  "The THING where mouse EVENT happened."
  (save-excursion
    (mouse-set-point event)
    (thing-at-point thing no-properties)))

(defun beginning-of-thing (thing)
  "Move to the beginning of the THING at point."
  (goto-char (car (or (bounds-of-thing-at-point thing)
                      (error "No %s here" thing)))))

(defun end-of-thing (thing)
  "Move to the end of the THING at point."
  (goto-char (cdr (or (bounds-of-thing-at-point thing)
                      (error "No %s here" thing)))))

;;; Lines, strings, sexps, symbols, lists, defuns

(put 'line 'beginning-op
     (lambda () (if (bolp) (forward-line -1) (beginning-of-line))))

(defun thingatpt--sexp-around-point ()
  "The sexp's bounds, when point is inside it (not at its end)."
  (let ((bounds (bounds-of-thing-at-point 'sexp)))
    (and bounds (<= (car bounds) (point)) (< (point) (cdr bounds))
         bounds)))

(defun thing-at-point-bounds-of-string-at-point ()
  "The bounds of the string (by syntax) point is in or before."
  (save-excursion
    (let ((state (syntax-ppss)))
      (cond ((nth 3 state)
             (ignore-errors
               (goto-char (nth 8 state))
               (cons (point) (progn (forward-sexp) (point)))))
            ((eq (char-syntax (char-after)) ?\")
             (thingatpt--sexp-around-point))))))
(put 'string 'bounds-of-thing-at-point 'thing-at-point-bounds-of-string-at-point)

(defun thing-at-point--end-of-sexp ()
  "Go over the sexp after point, if there is one."
  ;; Emacs 28 compares `syntax-after' (a cons) with characters before
  ;; doing this, a test that never succeeds: only the move remains.
  (ignore-error scan-error
    (forward-sexp 1)))
(put 'sexp 'end-op 'thing-at-point--end-of-sexp)

(defun thingatpt--after-opener-p ()
  "Non-nil when the character before point opens a list, or opens the
string point is in.  At the buffer's start, an error."
  (let ((class (char-syntax (char-before))))
    (or (eq class ?\()
        (and (eq class ?\") (nth 3 (syntax-ppss)) t))))

(defun thing-at-point--beginning-of-sexp ()
  "Go to the start of the sexp at point: back over the opening
delimiter when point is just inside one, else back one sexp."
  (if (thingatpt--after-opener-p)
      (backward-char)
    (backward-sexp)))
(put 'sexp 'beginning-op 'thing-at-point--beginning-of-sexp)

(defun thing-at-point--beginning-of-symbol ()
  "Move to the beginning of the symbol at or before point."
  (and (re-search-backward "\\(\\sw\\|\\s_\\)+")
       (skip-syntax-backward "w_")))
(put 'symbol 'beginning-op 'thing-at-point--beginning-of-symbol)

(defun thing-at-point-bounds-of-list-at-point ()
  "The bounds of the list that encloses point; at top level, of the
sexp point is in."
  (save-excursion
    ;; Only where this leaves point matters: `up-list' returns nil.
    (ignore-errors (backward-up-list))
    (thingatpt--sexp-around-point)))
(put 'list 'bounds-of-thing-at-point 'thing-at-point-bounds-of-list-at-point)

(put 'defun 'beginning-op 'beginning-of-defun)
(put 'defun 'end-op 'end-of-defun)
(put 'defun 'forward-op 'end-of-defun)

;;; Things made of a set of characters

(defun thingatpt--skip-run-forward (chars)
  "Go past the run of CHARS (the inside of a regexp bracket expression)
that starts at point."
  (re-search-forward (concat "\\=[" chars "]*") nil t))

(defun thingatpt--skip-run-backward (chars)
  "Go back to the start of the run of CHARS (as for
`thingatpt--skip-run-forward') that ends at point."
  (if (re-search-backward (concat "[^" chars "]") nil t)
      (forward-char 1)
    (goto-char (point-min))))

(defmacro define-thing-chars (thing chars)
  "Define THING as a run of the characters CHARS, an expression giving
the inside of a regexp bracket expression, evaluated at each use."
  `(progn
     (put ',thing 'end-op (lambda () (thingatpt--skip-run-forward ,chars)))
     (put ',thing 'beginning-op (lambda () (thingatpt--skip-run-backward ,chars)))))

(defvar thing-at-point-file-name-chars "-@~/[:alnum:]_.${}#%,:"
  "The characters of a file name.")

(define-thing-chars filename thing-at-point-file-name-chars)

(defun thing-at-point-file-at-point (&optional _lax _bounds)
  "The name of the existing file named at point, or nil."
  (let ((name (thing-at-point 'filename)))
    (when name
      (setq name (expand-file-name name))
      (and (file-exists-p name) name))))
(put 'existing-filename 'thing-at-point 'thing-at-point-file-at-point)

;;; Things found by a regexp

(defun thing-at-point-looking-at (regexp &optional distance)
  "Whether some match of REGEXP includes point (looking no further
than DISTANCE characters either way when it is given); the match data
is left describing the one that starts earliest."
  (save-excursion
    (let* ((orig (point))
           (ahead (and distance (+ orig distance)))
           (behind (and distance (- orig distance)))
           (start (and (looking-at regexp) (>= (match-end 0) orig) orig)))
      ;; Go past the match ahead, then back over matches, keeping
      ;; each that starts before point and reaches it.
      (re-search-forward regexp ahead 'limit)
      (let ((last (point)) (pos nil) (done nil))
        (while (not done)
          (setq pos (re-search-backward regexp behind t))
          (cond ((or (null pos) (>= pos last)) (setq done t))
                ((> (match-beginning 0) orig))
                ((and (looking-at regexp) (>= (match-end 0) orig))
                 (setq start (point)))
                (t (setq done t)))))
      (when start
        ;; A match straddling point may start before the one the
        ;; search found: step back a character at a time.
        (goto-char start)
        (while (and (not (bobp))
                    (progn (backward-char 1) (looking-at regexp))
                    (>= (match-end 0) orig))
          (setq start (point)))
        (goto-char start)
        (looking-at regexp)))))

(defvar thing-at-point-email-regexp
  "<?[-+_.~a-zA-Z][-+_.~:a-zA-Z0-9]*@[-.a-zA-Z0-9]+>?"
  "A regexp matching an email address, perhaps in angle brackets.")

(put 'email 'bounds-of-thing-at-point
     (lambda ()
       (and (thing-at-point-looking-at thing-at-point-email-regexp 500)
            (cons (match-beginning 0) (match-end 0)))))
(defun thingatpt--plain-text (bounds)
  "The buffer text within BOUNDS, a (START . END) pair, without its
properties; nil when BOUNDS is nil."
  (and bounds (buffer-substring-no-properties (car bounds) (cdr bounds))))

(put 'email 'thing-at-point
     (lambda () (thingatpt--plain-text (bounds-of-thing-at-point 'email))))

(put 'buffer 'end-op (lambda () (goto-char (point-max))))
(put 'buffer 'beginning-op (lambda () (goto-char (point-min))))

(put 'region 'bounds-of-thing-at-point
     (lambda () (and (use-region-p) (cons (region-beginning) (region-end)))))

(defconst thing-at-point-uuid-regexp
  (concat "\\<[[:xdigit:]]\\{8\\}-[[:xdigit:]]\\{4\\}-[[:xdigit:]]\\{4\\}"
          "-[[:xdigit:]]\\{4\\}-[[:xdigit:]]\\{12\\}\\>")
  "A regexp matching a UUID in its usual hexadecimal form.")

(put 'uuid 'bounds-of-thing-at-point
     (lambda ()
       (and (thing-at-point-looking-at thing-at-point-uuid-regexp 36)
            (cons (match-beginning 0) (match-end 0)))))

;;; URLs

(defvar thing-at-point-beginning-of-url-regexp nil
  "A regexp matching a well-formed URI's start, or nil: one made from
`thing-at-point-uri-schemes'.")

(defvar thing-at-point-url-path-regexp
  "[^]\t\n \"'<>[^`{}]*[^]\t\n \"'<>[^`{}.,;]+"
  "A regexp matching the host and file name (or mail) part of a URL.")

(defvar thing-at-point-short-url-regexp
  (concat "[-A-Za-z0-9]+\\.[-A-Za-z0-9.]+" thing-at-point-url-path-regexp)
  "A regexp matching a URI without its scheme.")

(defvar thing-at-point-uri-schemes
  '("aaa://" "about:" "acap://" "apt:" "bzr://" "bzr+ssh://"
    "attachment:/" "chrome://" "cid:" "content://" "crid://" "cvs://"
    "data:" "dav:" "dict://" "doi:" "dns:" "dtn:" "feed:" "file:/"
    "finger://" "fish://" "ftp://" "geo:" "git://" "go:" "gopher://"
    "h323:" "http://" "https://" "im:" "imap://" "info:" "ipp:"
    "irc://" "irc6://" "ircs://" "iris.beep:" "jar:" "ldap://"
    "ldaps://" "magnet:" "mailto:" "mid:"  "mtqp://" "mupdate://"
    "news:" "nfs://" "nntp://" "opaquelocktoken:" "pop://" "pres:"
    "resource://" "rmi://" "rsync://" "rtsp://" "rtspu://" "service:"
    "sftp://" "sip:" "sips:" "smb://" "sms:" "snmp://" "soap.beep://"
    "soap.beeps://" "ssh://" "svn://" "svn+ssh://" "tag:" "tel:"
    "telnet://" "tftp://" "tip://" "tn3270://" "udp://" "urn:"
    "uuid:" "vemmi://"  "webcal://" "xri://" "xmlrpc.beep://"
    "xmlrpc.beeps://" "z39.50r://" "z39.50s://" "xmpp:"
    "fax:" "man:" "mms://" "mmsh://" "modem:" "prospero:" "snews:"
    "wais://")
  "The URI schemes `thing-at-point' knows.")

(defvar thing-at-point-markedup-url-regexp "<URL:\\([^<>\n]+\\)>"
  "A regexp matching a URL marked up as <URL:...>, the URL its group 1.")

(defvar thing-at-point-newsgroup-regexp
  "\\`[[:lower:]]+\\.[-+[:lower:]_0-9.]+\\'"
  "A regexp matching a newsgroup's name.")

(defvar thing-at-point-newsgroup-heads
  '("alt" "comp" "gnu" "misc" "news" "sci" "soc" "talk")
  "The first components of the newsgroup names taken for newsgroups.")

(defvar thing-at-point-default-mail-uri-scheme "mailto"
  "The scheme given to an address in angle brackets, <foo@bar>.")

(defun thing-at-point--bounds-of-markedup-url ()
  "The bounds of the URL inside the first <URL:...> markup on this line
that ends after point, or nil."
  (when thing-at-point-markedup-url-regexp
    (let ((case-fold-search t)
          (origin (point))
          (limit (line-end-position)))
      (save-excursion
        (forward-line 0)
        (catch 'found
          (while (and (<= (point) origin)
                      (re-search-forward thing-at-point-markedup-url-regexp limit t))
            (when (> (point) origin)
              (throw 'found (cons (match-beginning 1) (match-end 1))))))))))

(defun thingatpt--mismatched-parens-p (open close)
  "Whether the paren at OPEN does not match the one before CLOSE."
  (let* ((syntax (syntax-after (1- close)))
         (partner (and (consp syntax) (eq (syntax-class syntax) 5) (cdr syntax))))
    (and partner
         (not (or (eq (char-after open) partner)
                  (eq partner (cdr-safe (syntax-after open))))))))

(defun thingatpt--scheme-start (beg end)
  "Where the first known URI scheme between BEG and END starts, taking
only one at BEG or after a character that is no ASCII letter or digit,
and whose match ends before END; nil if there is none."
  (save-excursion
    (save-restriction
      (narrow-to-region beg end)
      (goto-char beg)
      (let ((schemes (or thing-at-point-beginning-of-url-regexp
                         (regexp-opt thing-at-point-uri-schemes))))
        (and (re-search-forward
              (concat "\\(?:\\`\\|[^a-zA-Z0-9]\\)\\(" schemes "\\)") end t)
             (< (point) end)
             (match-beginning 1))))))

(defun thingatpt--paren-close-before (open limit)
  "When OPEN holds an opening paren (with no flags) closed by its
partner before LIMIT, the position of the closing paren, else nil."
  (when (eql (car-safe (syntax-after open)) 4)
    (let ((after-close (save-excursion
                         (save-restriction
                           (narrow-to-region open (min limit (point-max)))
                           (let ((parse-sexp-ignore-comments nil))
                             (ignore-errors (scan-lists open 1 0)))))))
      (and after-close
           (not (thingatpt--mismatched-parens-p open after-close))
           (1- after-close)))))

(defun thing-at-point--bounds-of-well-formed-url (beg end pt)
  "The bounds of the first URI with a known scheme between BEG and END,
when PT is within them.  A URI right after an opening paren stops
before the paren that closes it."
  (let ((start (thingatpt--scheme-start beg end)))
    (when start
      (let ((stop (or (thingatpt--paren-close-before (1- start) end) end)))
        (and (<= start pt stop) (cons start stop))))))

(defun thing-at-point-bounds-of-url-at-point (&optional lax)
  "The bounds of the URL at point: marked up, or with a known scheme
\(or, with LAX, any run of URL characters)."
  (or (thing-at-point--bounds-of-markedup-url)
      (let* ((chars "--:=&?$+@-Z_[:alpha:]~#,%;*()!'")
             (pt (point))
             (beg (save-excursion
                    (skip-chars-backward chars)
                    (skip-chars-forward "^[0-9a-zA-Z]" pt)
                    (point)))
             (end (save-excursion
                    (skip-chars-forward chars)
                    (skip-chars-backward ":;.,!?'" pt)
                    (point))))
        (or (thing-at-point--bounds-of-well-formed-url beg end pt)
            (and lax (cons beg end))))))
(put 'url 'bounds-of-thing-at-point 'thing-at-point-bounds-of-url-at-point)

(defun thingatpt--gnus-verdict (table-var group)
  "What Gnus's group table TABLE-VAR says of GROUP: `known', `unknown',
or nil when the variable is unbound or its value cannot be searched."
  (when (boundp table-var)
    (let ((table (symbol-value table-var)))
      (condition-case nil
          (if (cond ((obarrayp table) (intern-soft group table))
                    ((listp table) (member group table))
                    ((hash-table-p table) (gethash group table)))
              'known
            'unknown)
        (error nil)))))

(defun thingatpt--newsgroup-head-p (name)
  "Non-nil when NAME's first component is in `thing-at-point-newsgroup-heads'."
  (and (string-match "\\`\\([[:lower:]]+\\)\\." name)
       (member (match-string 1 name) thing-at-point-newsgroup-heads)))

(defun thing-at-point-newsgroup-p (string)
  "STRING when it has the form of a newsgroup name and is one: while
Gnus runs, one of its tables must know it; otherwise its first
component must be a usual one.  Else nil."
  (when (string-match thing-at-point-newsgroup-regexp string)
    (let ((verdicts (mapcar (lambda (var) (thingatpt--gnus-verdict var string))
                            '(gnus-active-hashtb gnus-newsrc-hashtb
                              gnus-killed-hashtb))))
      (cond ((memq 'known verdicts) string)
            ((memq 'unknown verdicts) nil)
            ((thingatpt--newsgroup-head-p string) string)))))

(defconst thingatpt--host-schemes '(("ftp." . "ftp://") ("www." . "http://"))
  "Beginnings of host names that imply a scheme, with what to prefix.")

(defun thingatpt--bracketed-p (bounds)
  "Non-nil when BOUNDS lie right inside a pair of angle brackets."
  (let ((left (char-before (car bounds)))
        (right (char-after (cdr bounds))))
    (and (eql left ?<) (eql right ?>))))

(defun thingatpt--mail-url (address bracketed)
  "ADDRESS with a mail scheme: `thing-at-point-default-mail-uri-scheme'
when BRACKETED (none when that is nil), else mailto."
  (let ((scheme (if bracketed thing-at-point-default-mail-uri-scheme "mailto")))
    (if scheme (concat scheme ":" address) address)))

(defun thingatpt--local-user-p (name)
  "Non-nil when NAME names a user with a home directory here."
  (not (string-search "~" (expand-file-name (concat "~" name)))))

(defun thingatpt--schemeless-url (str bounds)
  "STR, a URL without a scheme found at BOUNDS, with the scheme it
implies: mail for an address, or for a user's name in angle brackets;
news for a newsgroup; ftp or http by the host's first label.  nil
when none fits."
  (let ((bracketed (thingatpt--bracketed-p bounds)))
    (cond ((string-match "\\`[^:</>@]+@[-.0-9=&?$+A-Z_a-z~#,%;*]" str)
           (thingatpt--mail-url str bracketed))
          ((and (string-match "\\`[[:alnum:]]+\\'" str)
                bracketed
                (thingatpt--local-user-p str))
           (concat "mailto:" str))
          ((thing-at-point-newsgroup-p str) (concat "news:" str))
          (t (cl-some (lambda (host)
                        (and (string-prefix-p (car host) str case-fold-search)
                             (concat (cdr host) str)))
                      thingatpt--host-schemes)))))

(defun thing-at-point-url-at-point (&optional lax bounds)
  "The URL at point, or within BOUNDS, as a string with a scheme (the
one its form implies when the text has none); nil when there is none.
LAX accepts any run of URL characters."
  (let* ((span (or bounds (thing-at-point-bounds-of-url-at-point lax)))
         (text (and span (< (car span) (cdr span)) (thingatpt--plain-text span))))
    (cond ((null text) nil)
          ((string-match "\\`[a-zA-Z][-a-zA-Z0-9+.]*:" text) text)
          (t (thingatpt--schemeless-url text span)))))
(put 'url 'thing-at-point 'thing-at-point-url-at-point)
(put 'url 'end-op (lambda () (end-of-thing 'url)))
(put 'url 'beginning-op (lambda () (beginning-of-thing 'url)))

;;; The things as Lisp values

(defun word-at-point (&optional no-properties)
  "The word at point, or nil."
  (thing-at-point 'word no-properties))

(defun sentence-at-point (&optional no-properties)
  "The sentence at point, or nil."
  (thing-at-point 'sentence no-properties))

(defun thing-at-point--read-from-whole-string (string)
  "The one object STRING holds; an error when more follows it."
  (let* ((read (read-from-string string))
         (more (condition-case nil
                   (progn (read-from-string (substring string (cdr read))) t)
                 (end-of-file nil))))
    (when more
      (error "Can't read whole string"))
    (car read)))

(defun form-at-point (&optional thing pred)
  "The THING (default a sexp) at point read as Lisp, when PRED (if
given) accepts it."
  (let* ((found (thing-at-point (or thing 'sexp)))
         (form (if (stringp found)
                   (ignore-errors (thing-at-point--read-from-whole-string found))
                 found)))
    (and (or (null pred) (funcall pred form)) form)))

(defun sexp-at-point ()
  "The sexp at point, read, or nil."
  (form-at-point 'sexp))

(defun symbol-at-point ()
  "The symbol at point, or nil."
  (let ((name (thing-at-point 'symbol)))
    (and name (intern name))))

(defun number-at-point ()
  "The number at point (hexadecimal after 0x or #x), or nil."
  (cond ((thing-at-point-looking-at "\\(0x\\|#x\\)\\([a-fA-F0-9]+\\)" 500)
         (string-to-number (match-string 2) 16))
        ((thing-at-point-looking-at "-?[0-9]+\\.?[0-9]*" 500)
         (string-to-number (match-string 0)))))
(put 'number 'thing-at-point 'number-at-point)

(defun list-at-point (&optional ignore-comment-or-string)
  "The list at point, read, or nil; with IGNORE-COMMENT-OR-STRING, the
one around the comment or string point is in."
  (let ((state (and ignore-comment-or-string (syntax-ppss))))
    (save-excursion
      (goto-char (or (nth 8 state) (point)))
      (form-at-point 'list 'listp))))

(provide 'thingatpt)

;;; thingatpt.el ends here
