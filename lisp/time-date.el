;;; time-date.el --- calendar arithmetic on times  -*- lexical-binding: t -*-

;; Written for marrow after the interface of Emacs 28's time-date.el.
;; Days are counted as Emacs counts them: day 1 is 1 January of year 1
;; in the proleptic Gregorian calendar, in local time.

(require 'cl-lib)

(defun date-leap-year-p (year)
  "Whether YEAR is a leap year."
  (and (zerop (% year 4))
       (or (not (zerop (% year 100))) (zerop (% year 400)))))

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

(cl-defun make-decoded-time (&key second minute hour day month year dst zone)
  "A decoded time with the given parts, the others nil."
  (list second minute hour day month year nil dst zone))

(defun date-ordinal-to-time (year ordinal)
  "The decoded date of the ORDINALth day of YEAR (1 for 1 January),
its other parts nil."
  (let ((month 1))
    (while (> ordinal (date-days-in-month year month))
      (setq ordinal (- ordinal (date-days-in-month year month))
            month (1+ month)))
    (list nil nil nil ordinal month year nil nil nil)))

(defun decoded-time-period (time)
  "The length in seconds of decoded TIME read as a period, its nil parts
0, a month 30 days and a year 365."
  (let ((second (or (nth 0 time) 0))
        (days (+ (or (nth 3 time) 0) (* 30 (or (nth 4 time) 0)) (* 365 (or (nth 5 time) 0)))))
    (+ (if (consp second) (/ (float (car second)) (cdr second)) second)
       (* 60 (or (nth 1 time) 0))
       (* 3600 (or (nth 2 time) 0))
       (* 86400 days))))

(defun decoded-time--step-day (time forward)
  "Move decoded TIME, in place, to the next day (FORWARD) or the one before."
  (let ((day (+ (nth 3 time) (if forward 1 -1)))
        (month (nth 4 time))
        (year (nth 5 time)))
    (cond ((< day 1)
           (setq month (1- month))
           (when (< month 1) (setq month 12 year (1- year)))
           (setq day (date-days-in-month year month)))
          ((> day (date-days-in-month year month))
           (setq day 1 month (1+ month))
           (when (> month 12) (setq month 1 year (1+ year)))))
    (setcar (nthcdr 3 time) day)
    (setcar (nthcdr 4 time) month)
    (setcar (nthcdr 5 time) year)))

(defun decoded-time--add-seconds (time seconds)
  "Add SECONDS, a time value, to the clock of decoded TIME in place,
the whole days it makes moving the date.  The clock is kept in the
resolution of TIME's seconds and SECONDS, as `time-add' gives it."
  (let* ((clock (time-convert (or (nth 0 time) 0) t))
         (hour-minutes (+ (* 3600 (or (nth 2 time) 0)) (* 60 (or (nth 1 time) 0))))
         (total (time-convert (time-add (time-add clock (time-convert hour-minutes (cdr clock)))
                                        seconds)
                              t))
         (hz (cdr total))
         (day (time-convert 86400 hz)))
    (while (time-less-p total 0)
      (decoded-time--step-day time nil)
      (setq total (time-add total day)))
    (while (not (time-less-p total day))
      (decoded-time--step-day time t)
      (setq total (time-subtract total day)))
    (let ((whole (time-convert total 'integer)))
      (setcar time (time-add (time-convert (% whole 60) hz)
                             (time-subtract total (time-convert whole hz))))
      (setcar (nthcdr 1 time) (% (/ whole 60) 60))
      (setcar (nthcdr 2 time) (/ whole 3600)))))

(defun decoded-time-add (time delta)
  "The decoded TIME moved by the decoded DELTA, whose nil parts are no
change: years, then months (a day past the month's end becomes its
last), then days, then the clock and the zone offset as seconds.
Daylight saving time changes are not taken into account."
  (let ((time (copy-sequence time)))
    (when (nth 5 delta)
      (setcar (nthcdr 5 time) (+ (nth 5 time) (nth 5 delta))))
    (when (nth 4 delta)
      (let ((months (+ (1- (nth 4 time)) (nth 4 delta))))
        (setcar (nthcdr 4 time) (1+ (mod months 12)))
        ;; As in Emacs, the years carried are truncated toward zero.
        (setcar (nthcdr 5 time) (+ (nth 5 time) (/ months 12)))))
    (setcar (nthcdr 3 time) (min (nth 3 time) (date-days-in-month (nth 5 time) (nth 4 time))))
    (let ((days (or (nth 3 delta) 0)))
      (dotimes (_ (abs days))
        (decoded-time--step-day time (> days 0))))
    (let ((seconds (time-convert (or (nth 0 delta) 0) t)))
      (decoded-time--add-seconds
       time
       (time-add seconds (time-convert (+ (* 3600 (or (nth 2 delta) 0))
                                          (* 60 (or (nth 1 delta) 0))
                                          (or (nth 8 delta) 0))
                                       (cdr seconds)))))
    time))

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

(defun time-date--complete-date (date)
  "DATE read by `parse-time-string' with the clock and zone it lacks
taken as midnight GMT, or nil when it lacks a day, month or year."
  (let ((parsed (parse-time-string date)))
    (when (and (nth 3 parsed) (nth 4 parsed) (nth 5 parsed))
      (dotimes (i 3)
        (unless (nth i parsed) (setcar (nthcdr i parsed) 0)))
      (unless (nth 8 parsed)
        (setcar (nthcdr 8 parsed) 0))
      parsed)))

(defun date-to-time (date)
  "The time DATE, a string `parse-time-string' reads, names; a date
without a time of day or zone is taken as midnight GMT."
  (let ((overflow '(error "Specified time is not representable")))
    (condition-case err
        (encode-time (parse-time-string date))
      (error
       (when (equal err overflow)
         (signal (car err) (cdr err)))
       (let ((parsed (time-date--complete-date date)))
         (unless parsed
           (error "Invalid date: %s" date))
         (encode-time parsed))))))

(defun safe-date-to-time (date)
  "`date-to-time', or 0 for a DATE it cannot read."
  (condition-case nil (date-to-time date) (error '(0 0))))

(provide 'time-date)

;;; time-date.el ends here
