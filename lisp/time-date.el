;;; time-date.el --- calendar arithmetic on times  -*- lexical-binding: t -*-

;; Written for marrow after the interface of Emacs 28's time-date.el.
;; Days are counted as Emacs counts them: day 1 is 1 January of year 1
;; in the proleptic Gregorian calendar, in local time.

(require 'cl-lib)

(defun date-leap-year-p (year)
  "Whether YEAR is a leap year."
  ;; A century year leaps only every fourth century.
  (zerop (% year (if (zerop (% year 100)) 400 4))))

(defun date-days-in-month (year month)
  "The number of days in MONTH of YEAR."
  (unless (and (integerp month) (<= 1 month 12))
    (error "Month %s is invalid" month))
  (cond ((= month 2) (if (date-leap-year-p year) 29 28))
        ((memq month '(4 6 9 11)) 30)
        (t 31)))

(defun time-date--day-of-year (day month year)
  "Which day of YEAR the DAYth of MONTH is, 1 for 1 January."
  (let ((days day))
    (dotimes (m (1- month))
      (setq days (+ days (date-days-in-month year (1+ m)))))
    days))

(defun time-date--days-before-year (year)
  "The days from the calendar's start to the start of YEAR."
  (let ((y (1- year)))
    (+ (* 365 y) (/ y 4) (- (/ y 100)) (/ y 400))))

(defun time-date--decoded-day-in-year (d)
  "The day of the year decoded time D falls on."
  (time-date--day-of-year (decoded-time-day d) (decoded-time-month d) (decoded-time-year d)))

(defun time-to-day-in-year (time)
  "The day of the year TIME falls on, in local time."
  (time-date--decoded-day-in-year (decode-time time)))

(defun time-to-days (time)
  "The number of days from the calendar's start to TIME, in local time."
  (let ((d (decode-time time)))
    (+ (time-date--decoded-day-in-year d)
       (time-date--days-before-year (decoded-time-year d)))))

(defun days-to-time (days)
  "DAYS as a time value; a list of two integers when DAYS is one."
  (let ((time (seconds-to-time (* 86400.0 days))))
    (if (integerp days) (list (car time) (cadr time)) time)))

(defun time-to-number-of-days (time)
  "TIME as a number of days, a float."
  (/ (float-time time) 86400.0))

(defun date-to-day (date)
  "The day number of DATE, a string `date-to-time' reads."
  (time-to-days (date-to-time date)))

(defun days-between (date1 date2)
  "The days from DATE2 to DATE1, strings `date-to-time' reads."
  (- (date-to-day date1) (date-to-day date2)))

(defvar time-date--string-units
  '((1 "ms" 0.001) (100 "s" 1) (6000 "m" 60.0) (108000 "h" 3600.0)
    (34560000 "d" 86400.0) (nil "y" 31557600.0))
  "For `seconds-to-string': (BELOW UNIT SECONDS): a delay under BELOW
seconds is shown in UNITs of SECONDS; the last has no bound.")

(defun seconds-to-string (delay)
  "DELAY seconds in the largest unit that keeps it above one, such as
\"90.00s\" or \"1.58y\"."
  (cond ((< delay 0) (concat "-" (seconds-to-string (- delay))))
        ((= delay 0) "0s")
        (t (let ((units time-date--string-units))
             (while (and (car (car units)) (<= (car (car units)) delay))
               (setq units (cdr units)))
             (format "%.2f%s" (/ delay (nth 2 (car units))) (nth 1 (car units)))))))

;;;; Calendar arithmetic on decoded times

(defun date-ordinal-to-time (year ordinal)
  "A decoded time for day ORDINAL (1 for 1 January) of YEAR, with
only its day, month and year set."
  (let ((month 1) (day ordinal))
    (while (> day (date-days-in-month year month))
      (setq day (- day (date-days-in-month year month)))
      (cl-incf month))
    (list nil nil nil day month year nil nil nil)))

(defun time-date--next-day (time forward)
  "Move decoded TIME one day FORWARD (else back), across months and years."
  (let ((day (+ (decoded-time-day time) (if forward 1 -1)))
        (month (decoded-time-month time))
        (year (decoded-time-year time)))
    (cond ((> day (date-days-in-month year month))
           (setq day 1 month (1+ month))
           (when (> month 12) (setq month 1 year (1+ year))))
          ((< day 1)
           (setq month (1- month))
           (when (< month 1) (setq month 12 year (1- year)))
           (setq day (date-days-in-month year month))))
    (setf (decoded-time-day time) day
          (decoded-time-month time) month
          (decoded-time-year time) year)))

(defun time-date--add-clock (time delta)
  "Add DELTA, a (TICKS . HZ) time, to the clock of decoded TIME, moving
its date a day at a time when the clock passes midnight."
  (let* ((second (time-convert (or (decoded-time-second time) 0) t))
         (hz (cdr second))
         (clock (time-add second (time-convert
                                  (+ (* 3600 (or (decoded-time-hour time) 0))
                                     (* 60 (or (decoded-time-minute time) 0)))
                                  hz)))
         (clock (time-convert (time-add clock delta) t))
         (hz (cdr clock))
         (day (time-convert 86400 hz)))
    (while (time-less-p clock 0)
      (time-date--next-day time nil)
      (setq clock (time-add clock day)))
    (while (not (time-less-p clock day))
      (time-date--next-day time t)
      (setq clock (time-subtract clock day)))
    (let ((whole (time-convert clock 'integer)))
      (setf (decoded-time-second time)
            (time-add (time-convert (% whole 60) hz)
                      (time-subtract clock (time-convert whole hz)))
            (decoded-time-minute time) (% (/ whole 60) 60)
            (decoded-time-hour time) (/ whole 3600)))))

(defun decoded-time-add (time delta)
  "A copy of decoded TIME moved by decoded DELTA, whose non-nil parts
are the amounts to add.  Years and months go first; a day past the
new month's end becomes its last day.  Then days, then the clock
(hours, minutes, seconds and the zone's offset), ignoring DST."
  (let ((time (copy-sequence time)))
    (when (decoded-time-year delta)
      (cl-incf (decoded-time-year time) (decoded-time-year delta)))
    (when (decoded-time-month delta)
      ;; The year moves by the truncated quotient, as in Emacs 28.
      (let ((months (+ (decoded-time-month time) -1 (decoded-time-month delta))))
        (setf (decoded-time-month time) (1+ (mod months 12)))
        (cl-incf (decoded-time-year time) (/ months 12))))
    (setf (decoded-time-day time)
          (min (decoded-time-day time)
               (date-days-in-month (decoded-time-year time) (decoded-time-month time))))
    (let ((days (or (decoded-time-day delta) 0)))
      (dotimes (_ (abs days))
        (time-date--next-day time (> days 0))))
    (let* ((seconds (time-convert (or (decoded-time-second delta) 0) t))
           (rest (+ (* 3600 (or (decoded-time-hour delta) 0))
                    (* 60 (or (decoded-time-minute delta) 0))
                    (or (decoded-time-zone delta) 0))))
      (time-date--add-clock time (time-add seconds (time-convert rest (cdr seconds)))))
    time))

(defun decoded-time-period (time)
  "Decoded TIME read as a length of time, in seconds; a year counts
365 days and a month 30."
  (let ((second (decoded-time-second time)))
    (+ (if (consp second) (/ (float (car second)) (cdr second)) (or second 0))
       (* 60 (or (decoded-time-minute time) 0))
       (* 3600 (or (decoded-time-hour time) 0))
       (* 86400 (+ (or (decoded-time-day time) 0)
                   (* 30 (or (decoded-time-month time) 0))
                   (* 365 (or (decoded-time-year time) 0)))))))

(cl-defun make-decoded-time (&key second minute hour day month year dst zone)
  "A decoded time with the given parts, the others nil."
  (list second minute hour day month year nil dst zone))

(defun decoded-time-set-defaults (time &optional default-zone)
  "Fill the unknown parts of decoded TIME in place and return it: 0
for the clock, 1 January 1970 for the date, DEFAULT-ZONE (without DST)
for the zone, else DST unknown."
  (let ((defaults '((0 . 0) (1 . 0) (2 . 0) (3 . 1) (4 . 1) (5 . 1970))))
    (dolist (d defaults)
      (unless (nth (car d) time)
        (setcar (nthcdr (car d) time) (cdr d)))))
  (unless (nth 8 time)
    (if default-zone
        (progn (setcar (nthcdr 8 time) default-zone)
               (setcar (nthcdr 7 time) nil))
      (setcar (nthcdr 7 time) -1)))
  time)

;; Emacs's date-to-time falls back on timezone.el's parser for what
;; parse-time-string cannot read: each entry is a regexp and the groups
;; of its day, month, year, hour, minute, second and zone (0 for none).
(defconst time-date--fallback-shapes
  '(;; 22-AUG-1993 10:59:12.82 [zone]
    ("\\([0-9]+\\)-\\([A-Za-z]+\\)-\\([0-9]+\\)[ \t]+\\([0-9]+\\):\\([0-9]+\\):\\([0-9]+\\)\\(?:\\.[0-9]*\\)?\\(?:[ \t]+\\([-+]?[A-Za-z0-9]+\\)\\)?"
     1 2 3 4 5 6 7)
    ;; 1996-6-24[ T]1:2:3 [zone]
    ("\\([0-9][0-9][0-9][0-9]\\)-\\([0-9]+\\)-\\([0-9]+\\)[ \tT]+\\([0-9]+\\):\\([0-9]+\\):\\([0-9]+\\)\\(?:[ \t]+\\([-+]?[A-Za-z0-9]+\\)\\)?"
     3 2 1 4 5 6 7)
    ;; 1996-06-24 21:13-0300
    ("\\([0-9][0-9][0-9][0-9]\\)-\\([0-9]+\\)-\\([0-9]+\\)[ \t]+\\([0-9]+\\):\\([0-9]+\\)\\([-+][0-9][0-9][0-9][0-9]\\)"
     3 2 1 4 5 0 6)
    ;; 6 May 1992 1641-JST
    ("\\([0-9]+\\)[ \t]+\\([A-Za-z]+\\)[ \t]+\\([0-9]+\\)[ \t]+\\([0-9][0-9]\\)\\([0-9][0-9]\\)-\\([A-Za-z]+\\)"
     1 2 3 4 5 0 6)
    ;; Thu, 11 Apr 16:17:12 91 [zone]
    ("\\([0-9]+\\)[ \t]+\\([A-Za-z]+\\)[ \t]+\\([0-9]+\\):\\([0-9]+\\):\\([0-9]+\\)[ \t]+\\([0-9]+\\)\\(?:[ \t]+\\([-+]?[A-Za-z0-9]+\\)\\)?"
     1 2 6 3 4 5 7)))

(defun time-date--fallback-field (date group)
  "The number (or for the month, name) group GROUP of the last match
in DATE matched, or nil."
  (and (> group 0) (match-string group date)))

(defun time-date--fallback-text (date)
  "DATE rewritten as \"DD Mon YYYY HH:MM:SS ZONE\" by the first of
`time-date--fallback-shapes' it matches, or nil.  A two-digit year
below 50 is in this century, and an unknown zone is GMT."
  (seq-some
   (lambda (shape)
     (when (string-match (car shape) date)
       (let* ((fields (mapcar (lambda (group) (time-date--fallback-field date group)) (cdr shape)))
              (month (nth 1 fields))
              (year (string-to-number (nth 2 fields)))
              (zone (nth 6 fields)))
         (format "%02d %s %d %02d:%02d:%02d %s"
                 (string-to-number (nth 0 fields))
                 (if (string-match-p "\\`[0-9]+\\'" month)
                     (format-time-string "%b" (encode-time (list 0 0 0 1 (string-to-number month) 2000 nil nil 0)) t)
                   month)
                 (cond ((>= year 100) year) ((< year 50) (+ year 2000)) (t (+ year 1900)))
                 (string-to-number (nth 3 fields)) (string-to-number (nth 4 fields))
                 (string-to-number (or (nth 5 fields) "0"))
                 (if (and zone (nth 8 (parse-time-string (concat "1 Jan 2000 0:0:0 " zone))))
                     zone
                   "+0000")))))
   time-date--fallback-shapes))

;; What timezone.el makes of a date it cannot read at all is day 0 of
;; month 0 of 2000 at 00:00 GMT, moved into the local zone: west of
;; Greenwich that lands on 31 December 1999, a real date, so Emacs 28
;; returns 2000-01-01T00:00Z; elsewhere the month stays 0 and it fails.
(defun time-date--unparsed-text ()
  "The text date-to-time falls back on for an unreadable date, or nil."
  (and (< (or (car (current-time-zone 946684800)) 0) 0)
       "01 Jan 2000 00:00:00 +0000"))

(defun date-to-time (date)
  "The time DATE, a string `parse-time-string' reads, names; as in
Emacs 28, what that cannot read completely is tried in the shapes
timezone.el reads (see `time-date--fallback-shapes')."
  (let ((overflow '(error "Specified time is not representable")))
    (condition-case err
        (encode-time (parse-time-string date))
      (error
       (when (equal err overflow)
         (signal (car err) (cdr err)))
       (let ((text (or (time-date--fallback-text date)
                       (time-date--unparsed-text))))
         (condition-case err
             (encode-time (parse-time-string (or text "")))
           (error
            (when (equal err overflow)
              (signal (car err) (cdr err)))
            (error "Invalid date: %s" date))))))))

(defun safe-date-to-time (date)
  "`date-to-time', or 0 for a DATE it cannot read."
  (condition-case nil (date-to-time date) (error '(0 0))))

(provide 'time-date)

;;; time-date.el ends here
