;;; iso8601.el --- reading ISO 8601 dates and times  -*- lexical-binding: t -*-

;; Written for marrow after the interface of Emacs 28's iso8601.el: a
;; date (calendar, week or ordinal, extended or basic), optionally a
;; "T" and a time of day with a fraction and a zone, read into a decoded
;; time with the parts the string does not give left nil.

(require 'time-date)
(autoload 'parse-time-string "parse-time")

(defconst iso8601--date-patterns
  '(("\\`\\([0-9]\\{4\\}\\)-\\([0-9][0-9]\\)-\\([0-9][0-9]\\)" . calendar)
    ("\\`\\([0-9]\\{4\\}\\)\\([0-9][0-9]\\)\\([0-9][0-9]\\)" . calendar)
    ("\\`\\([0-9]\\{4\\}\\)-?W\\([0-9][0-9]\\)-?\\([1-7]\\)" . week)
    ("\\`\\([0-9]\\{4\\}\\)-?\\([0-9]\\{3\\}\\)" . ordinal)
    ("\\`\\([0-9]\\{4\\}\\)-\\([0-9][0-9]\\)" . month)
    ("\\`\\([0-9]\\{4\\}\\)" . year)
    ("\\`\\([+-][0-9]\\{4\\}\\)\\'" . year))
  "(REGEXP . KIND) for the date forms, longest first.")

(defconst iso8601--time-regexp
  (concat "\\`\\([0-9][0-9]\\)\\(?::?\\([0-9][0-9]\\)\\(?::?\\([0-9][0-9]\\)\\)?\\)?"
          "\\(?:[.,][0-9]+\\)?"
          "\\(Z\\|[+-][0-9][0-9]\\(?::?[0-9][0-9]\\)?\\)?\\'")
  "A time of day: hours, minutes and seconds, a fraction, a zone.")

(defun iso8601--number (n string)
  (and (match-beginning n) (string-to-number (match-string n string))))

(defun iso8601--zone (zone)
  "Seconds east of UTC for ZONE: \"Z\", \"+HH\", \"+HHMM\" or \"+HH:MM\"."
  (if (equal zone "Z")
      0
    (let ((digits (replace-regexp-in-string ":" "" (substring zone 1))))
      (* (if (eq (aref zone 0) ?-) -1 1)
         (+ (* 3600 (string-to-number (substring digits 0 2)))
            (if (> (length digits) 2) (* 60 (string-to-number (substring digits 2))) 0))))))

(defun iso8601--month-day (year day-of-year)
  "(MONTH . DAY) of the DAY-OF-YEARth day of YEAR."
  (let ((month 1))
    (while (> day-of-year (date-days-in-month year month))
      (setq day-of-year (- day-of-year (date-days-in-month year month))
            month (1+ month)))
    (cons month day-of-year)))

(defun iso8601--week-date (year week weekday)
  "(MONTH DAY YEAR) of WEEKDAY (1 for Monday) of ISO WEEK of YEAR."
  (let* ((jan4 (decode-time (encode-time (list 0 0 12 4 1 year nil nil 0)) 0))
         (monday1 (- 4 (mod (+ (decoded-time-weekday jan4) 6) 7)))
         (n (+ monday1 (* 7 (1- week)) (1- weekday)))
         (y year))
    (while (< n 1)
      (setq y (1- y) n (+ n (if (date-leap-year-p y) 366 365))))
    (while (> n (if (date-leap-year-p y) 366 365))
      (setq n (- n (if (date-leap-year-p y) 366 365)) y (1+ y)))
    (let ((md (iso8601--month-day y n)))
      (list (car md) (cdr md) y))))

(defun iso8601--parse-date (string)
  "(DAY MONTH YEAR REST) of the date STRING starts with, or nil."
  (let ((patterns iso8601--date-patterns) found)
    (while (and patterns (not found))
      (let ((p (pop patterns)))
        (when (string-match (car p) string)
          (let ((a (iso8601--number 1 string)) (b (iso8601--number 2 string))
                (c (iso8601--number 3 string)) (rest (substring string (match-end 0))))
            (setq found
                  (pcase (cdr p)
                    ('calendar (list c b a rest))
                    ('month (list nil b a rest))
                    ('year (list nil nil a rest))
                    ('ordinal (let ((md (iso8601--month-day a b))) (list (cdr md) (car md) a rest)))
                    ('week (let ((mdy (iso8601--week-date a b c)))
                             (list (nth 1 mdy) (nth 0 mdy) (nth 2 mdy) rest)))))))))
    found))

(defun iso8601-parse (string &optional _form)
  "The decoded time an ISO 8601 date or date and time names; signals
`wrong-type-argument' with STRING for anything else."
  (let ((date (and (stringp string) (iso8601--parse-date string))))
    (unless (and date
                 (or (equal (nth 3 date) "")
                     (and (string-prefix-p "T" (nth 3 date))
                          (string-match iso8601--time-regexp (substring (nth 3 date) 1)))))
      (signal 'wrong-type-argument string))
    (if (equal (nth 3 date) "")
        (list nil nil nil (nth 0 date) (nth 1 date) (nth 2 date) nil -1 nil)
      (let* ((time (substring (nth 3 date) 1))
             (zone (and (match-beginning 4) (iso8601--zone (match-string 4 time)))))
        (list (or (iso8601--number 3 time) 0) (or (iso8601--number 2 time) 0)
              (iso8601--number 1 time) (nth 0 date) (nth 1 date) (nth 2 date)
              nil (if zone nil -1) zone)))))

(defun iso8601-valid-p (string)
  "0 if STRING is an ISO 8601 date or date and time, else nil."
  (and (condition-case nil (iso8601-parse string) (wrong-type-argument nil)) 0))

(defun parse-iso8601-time-string (date-string)
  "The time DATE-STRING, an ISO 8601 date and time, names."
  (encode-time (parse-time-string date-string)))

(provide 'iso8601)

;;; iso8601.el ends here
