;;; iso8601.el --- reading ISO 8601 dates, times, durations  -*- lexical-binding: t -*-

;; Written for marrow after the interface of Emacs 28's iso8601.el.
;; A string is read into a decoded time with the parts it does not give
;; left nil.  The grammar accepted, and its quirks, are Emacs 28's: the
;; colons of a time are each optional ("1230" is 12:30), digits after
;; the minutes need no separator to be a fraction, and a fraction of a
;; minute or an hour is scaled by its leading digit's place only.

(require 'time-date)
(autoload 'parse-time-string "parse-time")

;;;; The grammar

(defconst iso8601--year "\\([+-]?[0-9]\\{4\\}\\)")

(defconst iso8601--date-forms
  `((year . ,iso8601--year)
    (calendar . ,(concat iso8601--year "-?\\([0-9][0-9]\\)-?\\([0-9][0-9]\\)"))
    (month . ,(concat iso8601--year "-\\([0-9][0-9]\\)"))
    (month-day . "--\\([0-9][0-9]\\)-?\\([0-9][0-9]\\)")
    (week . ,(concat iso8601--year "-?W\\([0-9][0-9]\\)-?\\([0-9]\\)?"))
    (ordinal . ,(concat iso8601--year "-?\\([0-9]\\{3\\}\\)"))
    (only-month . "--\\([0-9][0-9]\\)")
    (only-day . "---\\([0-9][0-9]\\)"))
  "(KIND . REGEXP) for each form of date, in the order they are tried.")

(defconst iso8601--time
  "\\([0-9][0-9]\\):?\\([0-9][0-9]\\)?:?\\([0-9][0-9]\\)?[.,]?\\([0-9]*\\)"
  "Hours, then optional minutes, seconds and fraction.")

(defconst iso8601--zone
  "\\(Z\\|\\([+-]\\)\\([0-9][0-9]\\):?\\([0-9][0-9]\\)?\\)")

(defun iso8601--shy (regexp)
  "REGEXP with its groups made shy, to be nested in another."
  (replace-regexp-in-string "\\\\(\\(?:\\?:\\)?" "\\(?:" regexp t t))

(defconst iso8601--any-date
  (mapconcat (lambda (form) (concat "\\(?:" (iso8601--shy (cdr form)) "\\)"))
             ;; "--MM" and "---DD" are one alternative: two dashes and
             ;; an optional third.
             (append (butlast iso8601--date-forms 2)
                     '((only . "---?\\([0-9][0-9]\\)")))
             "\\|"))

(defconst iso8601--date-and-time
  (concat "\\(" iso8601--any-date "\\)"
          "\\(?:T\\(" (iso8601--shy iso8601--time) "\\)"
          "\\(" (iso8601--shy iso8601--zone) "\\)?\\)?")
  "Groups: 1 the date, 2 the time, 3 the zone.")

(defun iso8601--whole-match (regexp string)
  (string-match (concat "\\`" regexp "\\'") string))

(defun iso8601--group (n string)
  "Group N of the last match in STRING as a number, or nil."
  (let ((text (match-string n string)))
    (and text (string-to-number text))))

(defun iso8601--decoded (&rest parts)
  "A decoded time from PARTS, a plist of :second ... :year and :zone;
DST is unknown (-1) unless a zone is given."
  (let ((zone (plist-get parts :zone)))
    (append (mapcar (lambda (key) (plist-get parts key))
                    '(:second :minute :hour :day :month :year))
            (list nil (if zone nil -1) zone))))

;;;; Dates

(defun iso8601--date-kind (string)
  "The kind of date STRING is, with its match data set, or nil."
  (let ((forms iso8601--date-forms) kind)
    (while (and forms (not kind))
      (when (iso8601--whole-match (cdr (car forms)) string)
        (setq kind (car (car forms))))
      (setq forms (cdr forms)))
    kind))

(defun iso8601--year-days (year)
  (if (date-leap-year-p year) 366 365))

(defun iso8601--week-date (year week weekday)
  "The decoded date of WEEKDAY (1 for Monday; nil for the Sunday
before the week) of ISO WEEK of YEAR."
  (let* ((jan4 (decoded-time-weekday
                (decode-time (iso8601--encode-time
                              (iso8601--decoded :year year :month 1 :day 4)))))
         (ordinal (- (+ (* 7 week) (or weekday 0))
                     (+ 3 (if (zerop jan4) 7 jan4)))))
    (cond ((< ordinal 1)
           (setq year (1- year) ordinal (+ ordinal (iso8601--year-days year))))
          ((> ordinal (iso8601--year-days year))
           (setq ordinal (- ordinal (iso8601--year-days year)) year (1+ year))))
    (iso8601--ordinal-date year ordinal)))

(defun iso8601--ordinal-date (year ordinal)
  (let ((date (date-ordinal-to-time year ordinal)))
    (iso8601--decoded :year year :month (decoded-time-month date)
                      :day (decoded-time-day date))))

(defun iso8601-parse-date (string)
  "The decoded time of STRING, an ISO 8601 date: a year, a calendar
date, a year and month, a week date, an ordinal date, or one of the
obsolete forms without a year."
  (pcase (iso8601--date-kind string)
    ('year (iso8601--decoded :year (string-to-number string)))
    ('calendar (iso8601--decoded :year (iso8601--group 1 string)
                                 :month (iso8601--group 2 string)
                                 :day (iso8601--group 3 string)))
    ('month (iso8601--decoded :year (string-to-number string)
                              :month (iso8601--group 2 string)))
    ('month-day (iso8601--decoded :month (iso8601--group 1 string)
                                  :day (iso8601--group 2 string)))
    ('week (iso8601--week-date (string-to-number string) (iso8601--group 2 string)
                               (iso8601--group 3 string)))
    ('ordinal (iso8601--ordinal-date (iso8601--group 1 string)
                                     (iso8601--group 2 string)))
    ('only-month (iso8601--decoded :month (iso8601--group 1 string)))
    ('only-day (iso8601--decoded :day (iso8601--group 1 string)))
    (_ (signal 'wrong-type-argument string))))

;;;; Times and zones

(defun iso8601--scaled-fraction (digits base)
  "DIGITS (an integer) read as a decimal fraction, in units of 1/BASE,
rounded; the fraction's length is taken from DIGITS' own value."
  (round (* base (/ (float digits) (expt 10 (1+ (truncate (log digits 10))))))))

(defun iso8601--time-parts (string form)
  "(HOUR MINUTE SECOND) of STRING, which matched `iso8601--time'.  With
FORM t a fraction is kept: in the seconds as (TICKS . HZ), else scaled
into the next smaller unit."
  (let* ((hour (iso8601--group 1 string))
         (minute (iso8601--group 2 string))
         (second (iso8601--group 3 string))
         (digits (replace-regexp-in-string "0+\\'" "" (match-string 4 string))))
    (when (and (eq form t) (not (equal digits "")))
      (let ((fraction (string-to-number digits))
            (hz (expt 10 (length digits))))
        (cond (second (setq second (cons (+ (* second hz) fraction) hz)))
              (minute (setq second (iso8601--scaled-fraction fraction 60)))
              (t (setq minute (iso8601--scaled-fraction fraction 60))))))
    (list hour (or minute 0) (or second 0))))

(defun iso8601-parse-time (string &optional form)
  "The decoded time of STRING, an ISO 8601 time of day with an optional
zone: only the clock and zone are set.  FORM is as for `decode-time'."
  (unless (iso8601--whole-match (concat "\\(" (iso8601--shy iso8601--time) "\\)"
                                        "\\(" (iso8601--shy iso8601--zone) "\\)?")
                                string)
    (signal 'wrong-type-argument string))
  (let ((zone (match-string 2 string))
        (clock (match-string 1 string)))
    (iso8601--whole-match iso8601--time clock)
    (pcase-let ((`(,hour ,minute ,second) (iso8601--time-parts clock form)))
      (iso8601--decoded :hour hour :minute minute :second second
                        :zone (and zone (* 60 (iso8601-parse-zone zone)))))))

(defun iso8601-parse-zone (string)
  "The minutes east of UTC of STRING, an ISO 8601 zone: \"Z\", \"+HH\",
\"+HHMM\" or \"+HH:MM\"."
  (unless (iso8601--whole-match iso8601--zone string)
    (signal 'wrong-type-argument string))
  (if (not (match-beginning 2))
      0                                 ; "Z", or "z" under case folding
    (* (if (equal (match-string 2 string) "-") -1 1)
       (+ (* 60 (iso8601--group 3 string)) (or (iso8601--group 4 string) 0)))))

;;;; Dates with times

(defun iso8601-valid-p (string)
  "0 when STRING is an ISO 8601 date, optionally with a time and zone."
  (iso8601--whole-match iso8601--date-and-time string))

(defun iso8601-parse (string &optional form)
  "The decoded time of STRING, an ISO 8601 date with an optional
\"T\", time and zone; FORM is as for `decode-time'."
  (unless (iso8601-valid-p string)
    (signal 'wrong-type-argument string))
  (let ((clock (match-string 2 string))
        (zone (match-string 3 string))
        (date (iso8601-parse-date (match-string 1 string))))
    (when clock
      (let ((time (iso8601-parse-time clock form)))
        (setf (decoded-time-second date) (decoded-time-second time)
              (decoded-time-minute date) (decoded-time-minute time)
              (decoded-time-hour date) (decoded-time-hour time))))
    (when zone
      (setf (decoded-time-zone date) (* 60 (iso8601-parse-zone zone))
            (decoded-time-dst date) nil))
    date))

(defun iso8601--encode-time (time)
  "TIME encoded with its unknown parts taken from 1 January 1970."
  (encode-time (decoded-time-set-defaults (copy-sequence time))))

;;;; Durations and intervals

(defconst iso8601--duration
  "P\\([0-9]+Y\\)?\\([0-9]+M\\)?\\([0-9]+D\\)?\\(?:T\\([0-9]+H\\)?\\([0-9]+M\\)?\\([0-9]+S\\)?\\)?"
  "Groups: years, months, days, hours, minutes, seconds.")

(defun iso8601-parse-duration (string)
  "The decoded time of STRING, an ISO 8601 duration: \"P1Y2M3DT4H5M6S\"
(any parts), \"PnW\", or \"P\" and a date and time."
  (cond ((and (iso8601--whole-match iso8601--duration string)
              (> (match-end 0) 2))
         (let ((part (lambda (n) (or (iso8601--group n string) 0))))
           (iso8601--decoded :year (funcall part 1) :month (funcall part 2)
                             :day (funcall part 3) :hour (funcall part 4)
                             :minute (funcall part 5) :second (funcall part 6))))
        ((iso8601--whole-match "P\\([0-9]+\\)W" string)
         (iso8601--decoded :day (* 7 (iso8601--group 1 string))))
        ((iso8601--whole-match (concat "P" iso8601--date-and-time) string)
         (iso8601-parse (substring string 1)))
        (t (signal 'wrong-type-argument string))))

(defun iso8601--negated (duration)
  (mapcar (lambda (part) (if (numberp part) (- part) part)) duration))

(defun iso8601-parse-interval (string)
  "(START END DURATION) of STRING, an ISO 8601 interval: START/END,
START/DURATION or DURATION/END."
  (let* ((ends (split-string string "/"))
         (first (car ends)) (second (cadr ends))
         start end duration)
    (cond ((/= (length ends) 2) (signal 'wrong-type-argument string))
          ((and (string-match "\\`P" first) (iso8601-valid-p second))
           (setq duration (iso8601-parse-duration first)
                 end (iso8601-parse second)
                 start (decoded-time-add end (iso8601--negated duration))))
          ((and (string-match "\\`P" second) (iso8601-valid-p first))
           (setq duration (iso8601-parse-duration second)
                 start (iso8601-parse first)
                 end (decoded-time-add start duration)))
          ((and (iso8601-valid-p first) (iso8601-valid-p second))
           (setq start (iso8601-parse first)
                 end (iso8601-parse second)
                 duration (decode-time (time-subtract (iso8601--encode-time end)
                                                      (iso8601--encode-time start))
                                       (or (decoded-time-zone end) 0) 'integer)))
          (t (signal 'wrong-type-argument string)))
    (list start end duration)))

(defun parse-iso8601-time-string (date-string)
  "The time DATE-STRING, an ISO 8601 date and time, names."
  (let ((time (parse-time-string date-string)))
    (and time (encode-time time))))

(provide 'iso8601)

;;; iso8601.el ends here
