;;; time-stamp.el --- updating a time stamp template in a buffer  -*- lexical-binding: t -*-

;; As Emacs 28's time-stamp: `time-stamp' finds a template (by default
;; "Time-stamp: <>" in the first 8 lines) and writes the time there in
;; `time-stamp-format', whose conversions are those of
;; `format-time-string' with time-stamp's historical variations (field
;; widths truncate names, ":" gives full names, "#" changes case, %z
;; has its own offset forms, and %f, %l, %h and the like give file,
;; user and host names).

;;; Code:

(defgroup time-stamp nil
  "Maintain last change time stamps in files edited by Emacs."
  :group 'data)

(defcustom time-stamp-format "%Y-%02m-%02d %02H:%02M:%02S %l"
  "Format of the string `time-stamp' inserts: text, and conversions
starting with %, as `format-time-string' has them with these
variations: %:A and %:B full names, %3a and %3b abbreviations, %#A and
the like upper case, %#p \"am\" or \"pm\", %P \"AM\" or \"PM\", %5z the
numeric zone offset, %f the file's base name, %F its whole name, %l the
login name, %L the user's full name, %h the mail host, %q the
unqualified and %Q the qualified host name, %% a percent sign.  A
width pads on the left and truncates names on the right."
  :type 'string
  :safe #'stringp)

(defcustom time-stamp-active t
  "Non-nil means \\[time-stamp] updates time stamps."
  :type 'boolean)

(defcustom time-stamp-warn-inactive t
  "Non-nil means say that a time stamp was not updated because
`time-stamp-active' is off."
  :type 'boolean)

(defun time-stamp-zone-type-p (zone)
  "Non-nil if ZONE is a zone rule `format-time-string' accepts: nil,
t, `wall', a string, an integer, or (OFFSET ABBREVIATION)."
  (cond ((memq zone '(nil t wall)))
        ((consp zone)
         (and (integerp (car zone)) (stringp (car-safe (cdr zone)))))
        (t (or (stringp zone) (integerp zone)))))

(defcustom time-stamp-time-zone nil
  "The zone rule time stamps are written in, as the ZONE argument of
`format-time-string'."
  :type '(choice (const :tag "Local time of this Emacs" nil)
                 (const :tag "UTC" t)
                 (const :tag "The system's local time" wall)
                 (string :tag "Rule in the syntax of TZ")
                 (list :tag "Fixed offset with a name"
                       (integer :tag "Seconds ahead of UTC")
                       (string :tag "Name of the zone"))
                 (integer :tag "Seconds ahead of UTC"))
  :safe #'time-stamp-zone-type-p)

(defvar time-stamp-line-limit 8
  "How many lines `time-stamp' searches: from the start of the buffer
when positive, from its end when negative, all of it when 0.")
(put 'time-stamp-line-limit 'safe-local-variable #'integerp)

(defvar time-stamp-start "Time-stamp:[ \t]+\\\\?[\"<]+"
  "Regexp of the text before a time stamp.")
(put 'time-stamp-start 'safe-local-variable #'stringp)

(defvar time-stamp-end "\\\\?[\">]"
  "Regexp of the text after a time stamp, on the same line as the start
unless it holds newlines.")
(put 'time-stamp-end 'safe-local-variable #'stringp)

(defvar time-stamp-inserts-lines nil
  "Non-nil means a format with newlines may add lines to the buffer:
the end is searched for right after the start rather than that many
lines below.")
(put 'time-stamp-inserts-lines 'safe-local-variable #'booleanp)

(defvar time-stamp-count 1
  "How many templates `time-stamp' updates (at least one).")
(put 'time-stamp-count 'safe-local-variable
     (lambda (c) (and (integerp c) (< c 100))))

(defvar time-stamp-pattern nil
  "All of the time stamp's location and format in one string: an
optional line limit and slash (\"-10/\"), the start regexp, the format
\(\"%%\" for `time-stamp-format'), and the end regexp, each optional.")
(put 'time-stamp-pattern 'safe-local-variable #'stringp)

(defvar mail-host-address nil
  "The host name used in mail addresses, or nil for `system-name'.")

(defconst time-stamp-no-file "(no file)"
  "What %f and %F give in a buffer without a file.")

(defvar time-stamp-conversion-warn t
  "Non-nil means warn about conversions whose meaning will change.")

;;; Finding and updating the template

(defconst time-stamp--pattern-regexp
  (let ((conversion "%[-.,:@+_ #^()0-9]*[A-Za-z%]"))
    (concat "\\`\\(\\(-?[0-9]+\\)/\\)?\\([^%]+\\)?"
            "\\(\\(" conversion "[^%]*\\)*" conversion "\\)?"
            "\\([^%]+\\)?\\'"))
  "The parts of `time-stamp-pattern': limit, start, format and end.")

(defun time-stamp--pattern-parts ()
  "`time-stamp-pattern' as (LINE-LIMIT START FORMAT END), nil for the
parts it leaves to the variables."
  (let ((pattern time-stamp-pattern))
    (when (and (stringp pattern) (string-match time-stamp--pattern-regexp pattern))
      (let ((format (match-string 4 pattern)))
        (list (and (match-beginning 2) (string-to-number (match-string 2 pattern)))
              (match-string 3 pattern)
              (and format (not (equal format "%%")) format)
              (match-string 6 pattern))))))

(defun time-stamp--count-newlines (string)
  "How many newlines STRING has (0 for a non-string)."
  (let ((count 0) (from 0))
    (while (and (stringp string) (string-match "\n" string from))
      (setq count (1+ count) from (match-end 0)))
    count))

(defun time-stamp--search-bounds (line-limit)
  "(START . LIMIT) of the region searched, LINE-LIMIT lines at the start
\(positive), at the end (negative) or everything (0)."
  (save-excursion
    (save-restriction
      (widen)
      (cond ((> line-limit 0)
             (goto-char (point-min))
             (forward-line line-limit)
             (cons (point-min) (point)))
            ((< line-limit 0)
             (goto-char (point-max))
             (forward-line line-limit)
             (cons (point) (point-max)))
            (t (cons (point-min) (point-max)))))))

(defun time-stamp--checked-integer (value name default)
  "VALUE if an integer, else DEFAULT after saying that variable NAME
is not one."
  (if (integerp value) value
    (message "%s is not an integer" name)
    (sit-for 1)
    default))

(defun time-stamp ()
  "Update the time stamp templates of the buffer (see `time-stamp-start',
`time-stamp-end', `time-stamp-format' and `time-stamp-pattern') when
`time-stamp-active' is on.  Return nil."
  (interactive)
  (let* ((parts (time-stamp--pattern-parts))
         (line-limit (time-stamp--checked-integer
                      (or (nth 0 parts) time-stamp-line-limit)
                      "time-stamp-line-limit" 8))
         (ts-start (or (nth 1 parts) time-stamp-start))
         (ts-format (or (nth 2 parts) time-stamp-format))
         (ts-end (or (nth 3 parts) time-stamp-end))
         ;; At least one search, for the warnings it gives.
         (count (max 1 (time-stamp--checked-integer time-stamp-count
                                                    "time-stamp-count" 1)))
         (format-lines (time-stamp--count-newlines ts-format))
         (end-lines (1+ (time-stamp--count-newlines ts-end)))
         (bounds (time-stamp--search-bounds line-limit))
         (start (car bounds)))
    (while (and start (< start (cdr bounds)) (> count 0))
      (setq start (time-stamp-once start (cdr bounds) ts-start ts-end
                                   ts-format format-lines end-lines))
      (setq count (1- count))))
  nil)

(defun time-stamp--find (start search-limit ts-start ts-end format-lines end-lines)
  "The first template from START before SEARCH-LIMIT, as (START END
END-LENGTH), or nil."
  (let ((case-fold-search nil) (found nil))
    (save-excursion
      (save-restriction
        (widen)
        (while (and (not found)
                    (< (goto-char start) search-limit)
                    (re-search-forward ts-start search-limit 'move))
          (setq start (point))
          (unless time-stamp-inserts-lines (forward-line format-lines))
          (let ((end-search-start (max start (point))))
            (when (= (forward-line end-lines) 0)
              (when (bolp) (backward-char))
              (let ((line-end (min (point) search-limit)))
                (when (>= line-end end-search-start)
                  (goto-char end-search-start)
                  (when (re-search-forward ts-end line-end t)
                    (setq found (list start (match-beginning 0)
                                      (- (match-end 0) (match-beginning 0))))))))))))
    found))

(defun time-stamp--replace (start end new)
  "Replace the text from START to END by NEW, tabs made spaces; return
the new end."
  (save-excursion
    (save-restriction
      (widen)
      (delete-region start end)
      (goto-char start)
      (insert-and-inherit new)
      (setq end (point))
      (when (search-backward "\t" start t)
        (untabify start end)
        (setq end (point)))
      end)))

(defun time-stamp-once (start search-limit ts-start ts-end ts-format format-lines end-lines)
  "Update the first time stamp from START before SEARCH-LIMIT; return
where the next search starts, or nil when none was found."
  (let ((found (time-stamp--find start search-limit ts-start ts-end
                                 format-lines end-lines)))
    (when found
      (let ((end (nth 1 found)))
        (setq start (nth 0 found))
        (cond ((not time-stamp-active)
               (when time-stamp-warn-inactive
                 (message "Warning: time-stamp-active is off; did not time-stamp buffer.")
                 (sit-for 1)))
              ((not (and (stringp ts-start) (stringp ts-end)))
               (message "time-stamp-start or time-stamp-end is not a string")
               (sit-for 1))
              (t
               (let ((new (time-stamp-string ts-format)))
                 (when (and (stringp new)
                            (not (string-equal (buffer-substring start end) new)))
                   (setq end (time-stamp--replace start end new))))))
        (+ end (nth 2 found))))))

(defun time-stamp-toggle-active (&optional arg)
  "Toggle `time-stamp-active'; with ARG, turn it on when ARG is positive."
  (interactive "P")
  (let ((on (if arg
                (> (prefix-numeric-value arg) 0)
              (not time-stamp-active))))
    (setq time-stamp-active on)
    (message "time-stamp is now %s." (if on "active" "off"))))

;;; Formatting

(defun time-stamp--format (format time)
  "TIME in FORMAT, in the zone `time-stamp-time-zone'."
  (format-time-string format time time-stamp-time-zone))

(defun time-stamp-string (&optional ts-format time)
  "The time stamp for TIME (now by default) in TS-FORMAT (by default
`time-stamp-format'), or nil when the format is not a string."
  (unless ts-format (setq ts-format time-stamp-format))
  (when (stringp ts-format)
    (time-stamp-string-preprocess ts-format time)))

(defun time-stamp--read-options (format index)
  "Read the options of the conversion of FORMAT whose % is at INDEX:
return (END . OPTIONS), END the index of its conversion character
\(the length of FORMAT when missing) and OPTIONS a plist of :width (a
string, \"\" for none), :colons, :change-case, :upcase, :zeros,
:minimize and :spaces."
  (let ((length (length format))
        (width "") (colons 0) (change-case nil) (upcase nil)
        (zeros nil) (minimize nil) (spaces nil)
        (depth 0) (previous nil) (char nil) (going t))
    (while going
      (setq index (1+ index)
            char (if (< index length) (aref format index) ?\0))
      (cond ((memq char '(?. ?, ?@ ?+ ?\s)))
            ((eq char ?:) (setq colons (1+ colons)))
            ((eq char ?#) (setq change-case t))
            ((eq char ?^) (setq upcase t))
            ((eq char ?-) (setq width "1" minimize t))
            ((eq char ?_) (setq width "2" spaces t))
            ((and (eq char ?\() (not (eq previous ?\\)))
             (setq depth (1+ depth)))
            ((and (eq char ?\)) (not (eq previous ?\\)) (> depth 0))
             (setq depth (1- depth)))
            ;; Inside parentheses, anything is skipped.
            ((and (> depth 0) (< index length)))
            ((and (>= char ?0) (<= char ?9))
             (let ((digits-start index))
               (while (and (< (1+ index) length)
                           (<= ?0 (aref format (1+ index)) ?9))
                 (setq index (1+ index)))
               (setq width (substring format digits-start (1+ index)))
               ;; A leading 0 is also the zero-padding flag.
               (when (eq char ?0) (setq zeros t))))
            (t (setq going nil)))
      (setq previous char))
    (cons index (list :width width :colons colons :change-case change-case
                      :upcase upcase :zeros zeros :minimize minimize :spaces spaces))))

(defun time-stamp--name (char options time)
  "The day or month name of conversion CHAR (a, A, b or B) with OPTIONS."
  (let ((short (memq char '(?a ?b)))
        (full (if (memq char '(?a ?A)) "%A" "%B"))
        (abbrev (if (memq char '(?a ?A)) "%a" "%b"))
        (width (plist-get options :width))
        (up (or (plist-get options :change-case) (plist-get options :upcase))))
    (cond ((and short (> (plist-get options :colons) 0))
           ;; %:a is the full name; %:3a is discouraged.
           (if (equal width "") (time-stamp--format full time) ""))
          (short (time-stamp--format (if up (concat "%#" (substring abbrev 1)) abbrev) time))
          ((or up (not (equal width "")))
           (time-stamp--format (concat "%#" (substring full 1)) time))
          (t (time-stamp--format full time)))))

(defun time-stamp-do-number (format-char alt-form field-width time)
  "The number of conversion FORMAT-CHAR of TIME, or \"\" when colons
\(ALT-FORM above 0) come with FIELD-WIDTH."
  (if (and (> alt-form 0) (not (equal field-width "")))
      ""
    (string-to-number (time-stamp--format (string ?% format-char) time))))

(defun time-stamp--year (options time)
  "The year of %y with OPTIONS: two digits, four with colons or a
width above 2 (which is warned about)."
  (let ((width (plist-get options :width)))
    (cond ((> (plist-get options :colons) 0)
           (string-to-number (time-stamp--format "%Y" time)))
          ((or (equal width "") (<= (string-to-number width) 2))
           (string-to-number (time-stamp--format "%y" time)))
          (t (time-stamp-conv-warn (format "%%%sy" width) "%Y")
             (string-to-number (time-stamp--format "%Y" time))))))

(defun time-stamp--zone-offset (time)
  "The offset in seconds of `time-stamp-time-zone' at TIME."
  (let* ((zone time-stamp-time-zone)
         ;; A fixed offset, alone or with its name; else a rule to ask.
         (fixed (if (consp zone) (car zone) zone)))
    (if (numberp fixed)
        fixed
      (car (current-time-zone time zone)))))

(defun time-stamp--offset (options time)
  "The %z conversion with OPTIONS: without options the zone's name as
in the old meaning (warned about), else the numeric offset."
  (let ((width (string-to-number (plist-get options :width))))
    (cond ((plist-get options :change-case) "")
          ((and (= (plist-get options :colons) 0) (= width 0)
                (not (or (plist-get options :minimize) (plist-get options :spaces)
                         (plist-get options :zeros))))
           (time-stamp-conv-warn "%z" "%#Z")
           (time-stamp--format "%#Z" time))
          (t (time-stamp-formatz-from-parsed-options
              (plist-get options :minimize) (plist-get options :spaces)
              (plist-get options :zeros) (plist-get options :colons)
              width (time-stamp--zone-offset time))))))

(defun time-stamp--host (qualified)
  "The system's name, the part before its first dot unless QUALIFIED."
  (let ((name (system-name)))
    (if (and (not qualified) (string-match "\\." name))
        (substring name 0 (match-beginning 0))
      name)))

(defun time-stamp--conversion (char options time)
  "The value of conversion CHAR with OPTIONS for TIME: a string, a
number (padded later), or nil for an unknown conversion."
  (pcase char
    (?% "%")
    ((or ?a ?A ?b ?B) (time-stamp--name char options time))
    ((or ?d ?H ?I ?m ?M ?S)
     (time-stamp-do-number char (plist-get options :colons)
                           (plist-get options :width) time))
    (?p (time-stamp--format (if (plist-get options :change-case) "%#p" "%p") time))
    (?P (time-stamp--format "%p" time))
    (?w (time-stamp--format "%w" time))
    (?y (time-stamp--year options time))
    (?Y (string-to-number (time-stamp--format "%Y" time)))
    (?z (time-stamp--offset options time))
    (?Z (time-stamp--format (if (plist-get options :change-case) "%#Z" "%Z") time))
    (?f (if buffer-file-name (file-name-nondirectory buffer-file-name)
          time-stamp-no-file))
    (?F (or buffer-file-name time-stamp-no-file))
    ((or ?s ?Q) (system-name))
    (?q (time-stamp--host nil))
    ((or ?u ?l) (user-login-name))
    ((or ?U ?L) (user-full-name))
    (?h (or mail-host-address (system-name)))))

(defun time-stamp--pad (value char width colons)
  "VALUE of conversion CHAR at WIDTH (a string, \"\" for none): numbers
get two digits by default and never shrink, names are cut on the
right, an offset (which pads itself) is left alone."
  (when (eq char ?z) (setq width ""))
  (when (and (numberp value) (= colons 0) (equal width ""))
    (setq width "02"))
  (let ((padded (format (concat "%" width (if (numberp value) "d" "s")) (or value "")))
        (wanted (string-to-number width)))
    (if (and (stringp value) (not (equal width "")) (> (length padded) wanted))
        (substring padded 0 wanted)
      padded)))

(defun time-stamp-string-preprocess (format &optional time)
  "FORMAT with its conversions replaced by their values for TIME (now
by default)."
  (let ((index 0) (length (length format)) (pieces nil))
    (while (< index length)
      (let ((char (aref format index)))
        (if (not (eq char ?%))
            (push (char-to-string char) pieces)
          (let* ((read (time-stamp--read-options format index))
                 (options (cdr read))
                 (conversion (if (< (car read) length) (aref format (car read)) ?\0)))
            (setq index (car read))
            (push (time-stamp--pad (time-stamp--conversion conversion options time)
                                   conversion (plist-get options :width)
                                   (plist-get options :colons))
                  pieces))))
      (setq index (1+ index)))
    (apply #'concat (nreverse pieces))))

(defun time-stamp-conv-warn (old-form new-form)
  "Note in *Time-stamp-compatibility* that OLD-FORM, whose meaning will
change, is better written NEW-FORM."
  (when time-stamp-conversion-warn
    (with-current-buffer (get-buffer-create "*Time-stamp-compatibility*")
      (goto-char (point-max))
      (when (bobp)
        (insert "The formats recognized in time-stamp-format will change in a future release\n"
                "to be more compatible with the format-time-string function.\n\n"
                "The following obsolescent time-stamp-format construct(s) were found:\n\n"))
      (insert "\"" old-form "\" -- use " new-form "\n"))
    (display-buffer "*Time-stamp-compatibility*")))

(defun time-stamp--formatz-conflict-p (minimize spaces zeros colons)
  "Non-nil if the %z options contradict each other, giving no output."
  (or (and minimize (> colons 0))
      (and spaces (> colons 0))
      (and spaces (or minimize zeros))
      (and zeros minimize)))

(defun time-stamp-formatz-from-parsed-options (flag-minimize flag-pad-spaces-only
                                               flag-pad-zeros-first colon-count
                                               field-width offset-secs)
  "OFFSET-SECS formatted as a %z variation: +HHMM, with seconds when
not zero.  FLAG-MINIMIZE (\"-\") may give hours only;
FLAG-PAD-SPACES-ONLY (\"_\") always gives seconds; FLAG-PAD-ZEROS-FIRST
\(\"0\") adds minutes and seconds before padding to FIELD-WIDTH with
spaces on the right.  COLON-COUNT 1 or 2 separates the parts with
colons (2 always giving seconds); 3 gives hours only when it can and
colons otherwise.  Contradictory options give \"\"."
  (if (time-stamp--formatz-conflict-p flag-minimize flag-pad-spaces-only
                                      flag-pad-zeros-first colon-count)
      ""
    (let* ((total (abs offset-secs))
           (hours (/ total 3600))
           (minutes (/ (% total 3600) 60))
           (seconds (% total 60))
           (separator (if (or (> colon-count 0) (> hours 99)) ":" ""))
           (result (format "%s%02d" (if (>= offset-secs 0) "+" "-") hours))
           (zero-fill (lambda () (and flag-pad-zeros-first
                                      (> field-width (length result))))))
      (when (or (> hours 99) (> minutes 0) (> seconds 0)
                (not (or flag-minimize (= colon-count 3)))
                (funcall zero-fill))
        (setq result (format "%s%s%02d" result separator minutes))
        (when (or (> seconds 0) (= colon-count 2) flag-pad-spaces-only
                  (funcall zero-fill))
          (setq result (format "%s%s%02d" result separator seconds))))
      (if (> field-width (length result))
          (concat result (make-string (- field-width (length result)) ?\s))
        result))))

(provide 'time-stamp)

;;; time-stamp.el ends here
