;;; iso8601.el --- reading ISO 8601 dates, times, durations and intervals  -*- lexical-binding: t -*-

;; Written for marrow after the interface of Emacs 28's iso8601.el: a
;; date (calendar, week or ordinal, extended or basic, and the outdated
;; forms "--MM-DD", "--MM" and "---DD"), optionally a "T", a time of day
;; with a fraction, and a zone, read into a decoded time with the parts
;; the string does not give left nil.  Durations ("P1Y2M3DT4H5M6S",
;; "P2W" or "P" and a date and time) and intervals (START/END,
;; START/DURATION or DURATION/END) are read too.

(require 'time-date)
(autoload 'parse-time-string "parse-time")

(defconst iso8601--date-forms
  '(("[+-]?[0-9]\\{4\\}" . year)
    ("\\([+-]?[0-9]\\{4\\}\\)-?\\([0-9][0-9]\\)-?\\([0-9][0-9]\\)" . calendar)
    ("\\([+-]?[0-9]\\{4\\}\\)-\\([0-9][0-9]\\)" . month)
    ("--\\([0-9][0-9]\\)-?\\([0-9][0-9]\\)" . month-day)
    ("\\([+-]?[0-9]\\{4\\}\\)-?W\\([0-9][0-9]\\)-?\\([0-9]\\)?" . week)
    ("\\([+-]?[0-9]\\{4\\}\\)-?\\([0-9]\\{3\\}\\)" . ordinal)
    ("--\\([0-9][0-9]\\)" . bare-month)
    ("---\\([0-9][0-9]\\)" . bare-day))
  "(REGEXP . KIND) for each form of date, tried in this order.")

(defconst iso8601--time-regexp
  "[0-9][0-9]:?\\(?:[0-9][0-9]\\)?:?\\(?:[0-9][0-9]\\)?[.,]?[0-9]*"
  "A time of day: hours, then optionally minutes, seconds and a fraction.")

(defconst iso8601--zone-regexp
  "\\(?:Z\\|[+-][0-9][0-9]:?\\(?:[0-9][0-9]\\)?\\)"
  "A zone: Z, or an offset in hours and optionally minutes.")

(defconst iso8601--combined-regexp
  (concat "\\`\\("
          ;; The forms' groups do not count here.
          (mapconcat (lambda (form)
                       (concat "\\(?:" (string-replace "\\(" "\\(?:" (car form)) "\\)"))
                     iso8601--date-forms "\\|")
          "\\)\\(?:T\\(" iso8601--time-regexp "\\)\\(" iso8601--zone-regexp "\\)?\\)?\\'")
  "A date, then optionally a T, a time of day and a zone; groups 1, 2
and 3 are those parts.")

(defun iso8601--whole-match (regexp string)
  "Match REGEXP against all of STRING, setting the match data."
  (string-match (concat "\\`\\(?:" regexp "\\)\\'") string))

(defun iso8601--decoded (second minute hour day month year &optional zone)
  "A decoded time of these parts; its DST is unknown (-1) without a ZONE."
  (list second minute hour day month year nil (if zone nil -1) zone))

(defun iso8601--group (n string)
  "Group N of the last match in STRING as a number, or nil."
  (and (match-beginning n) (string-to-number (match-string n string))))

(defun iso8601--year-days (year)
  (if (date-leap-year-p year) 366 365))

(defun iso8601--week-date (year week weekday)
  "(DAY MONTH YEAR) of WEEKDAY (1 for Monday; 0, as Emacs reads a week
without one, the Sunday before) of ISO WEEK of YEAR."
  (let* ((jan4 (decode-time (encode-time (list 0 0 12 4 1 year nil nil 0)) 0))
         (jan4-weekday (let ((d (decoded-time-weekday jan4))) (if (zerop d) 7 d)))
         (ordinal (- (+ (* 7 week) weekday) jan4-weekday 3)))
    ;; A week date may fall in the year before or after.
    (cond ((< ordinal 1)
           (setq year (1- year) ordinal (+ ordinal (iso8601--year-days year))))
          ((> ordinal (iso8601--year-days year))
           (setq ordinal (- ordinal (iso8601--year-days year)) year (1+ year))))
    (let ((date (date-ordinal-to-time year ordinal)))
      (list (nth 3 date) (nth 4 date) year))))

(defun iso8601--date-parts (kind string)
  "(DAY MONTH YEAR) of STRING, a date of KIND just matched."
  (let ((a (iso8601--group 1 string)) (b (iso8601--group 2 string)))
    (pcase kind
      ('year (list nil nil (string-to-number string)))
      ('calendar (list (iso8601--group 3 string) b a))
      ('month (list nil b a))
      ('month-day (list b a nil))
      ('week (iso8601--week-date a b (or (iso8601--group 3 string) 0)))
      ('ordinal (let ((date (date-ordinal-to-time a b)))
                  (list (nth 3 date) (nth 4 date) a)))
      ('bare-month (list nil a nil))
      ('bare-day (list a nil nil)))))

(defun iso8601-parse-date (string)
  "The decoded time of STRING, an ISO 8601 date."
  (let ((forms iso8601--date-forms) (parts nil))
    (while (and forms (not parts))
      (let ((form (pop forms)))
        (when (iso8601--whole-match (car form) string)
          (setq parts (iso8601--date-parts (cdr form) string)))))
    (unless parts
      (signal 'wrong-type-argument string))
    (apply #'iso8601--decoded nil nil nil parts)))

(defun iso8601-parse-zone (string)
  "The offset from UTC in minutes of STRING, an ISO 8601 zone."
  (unless (iso8601--whole-match
           "Z\\|\\([+-]\\)\\([0-9][0-9]\\):?\\([0-9][0-9]\\)?" string)
    (signal 'wrong-type-argument string))
  (if (not (match-beginning 1))
      0
    (* (if (equal (match-string 1 string) "-") -1 1)
       (+ (* 60 (iso8601--group 2 string)) (or (iso8601--group 3 string) 0)))))

(defun iso8601--fraction-of (fraction base)
  "FRACTION, the digits after a decimal point read as an integer, of
BASE, rounded; as in Emacs, its leading zeros do not count."
  (round (* base (/ (float fraction) (expt 10 (length (number-to-string fraction)))))))

(defun iso8601-parse-time (string &optional form)
  "The decoded time of STRING, an ISO 8601 time of day and zone.  A
fraction counts when FORM is t (as `decode-time' takes FORM): of the
seconds it makes (TICKS . HZ) seconds, else of the last unit given."
  (unless (iso8601--whole-match
           (concat "\\(" iso8601--time-regexp "\\)\\(" iso8601--zone-regexp "\\)?")
           string)
    (signal 'wrong-type-argument string))
  (let ((zone (match-string 2 string))
        (time (match-string 1 string)))
    ;; The time's parts, in the shape `iso8601--time-regexp' matched.
    (iso8601--whole-match "\\([0-9][0-9]\\):?\\([0-9][0-9]\\)?:?\\([0-9][0-9]\\)?[.,]?\\([0-9]*\\)"
                          time)
    (let ((hour (iso8601--group 1 time))
          (minute (iso8601--group 2 time))
          (second (iso8601--group 3 time))
          (digits (replace-regexp-in-string "0+\\'" "" (match-string 4 time))))
      (when (and (eq form t) (> (length digits) 0))
        (let ((fraction (string-to-number digits)))
          (cond (second
                 (let ((hz (expt 10 (length digits))))
                   (setq second (cons (+ (* second hz) fraction) hz))))
                (minute (setq second (iso8601--fraction-of fraction 60)))
                (t (setq minute (iso8601--fraction-of fraction 60))))))
      (iso8601--decoded (or second 0) (or minute 0) hour nil nil nil
                        (and zone (* 60 (iso8601-parse-zone zone)))))))

(defun iso8601-valid-p (string)
  "0 if STRING is an ISO 8601 date, optionally with a time and zone, else nil."
  (string-match iso8601--combined-regexp string))

(defun iso8601-parse (string &optional form)
  "The decoded time STRING, an ISO 8601 date with optionally a time of
day and a zone, names; FORM is as for `iso8601-parse-time'.  Signals
`wrong-type-argument' with STRING for anything else."
  (unless (and (stringp string) (iso8601-valid-p string))
    (signal 'wrong-type-argument string))
  (let* ((time-string (match-string 2 string))
         (zone-string (match-string 3 string))
         (date (iso8601-parse-date (match-string 1 string))))
    (when time-string
      ;; The time's second, minute and hour, the date's other parts.
      (setq date (append (butlast (iso8601-parse-time time-string form) 6)
                         (nthcdr 3 date))))
    (if zone-string
        (append (butlast date 2) (list nil (* 60 (iso8601-parse-zone zone-string))))
      date)))

(defun iso8601-parse-duration (string)
  "The decoded time of STRING, an ISO 8601 duration: P then counts of
years, months, days and after a T hours, minutes and seconds
(\"P1Y2DT3M\"), or weeks (\"P2W\"), or a date and time."
  (cond
   ((and (string-match (concat "\\`P\\(?:\\([0-9]+\\)Y\\)?\\(?:\\([0-9]+\\)M\\)?"
                               "\\(?:\\([0-9]+\\)D\\)?\\(?:T\\(?:\\([0-9]+\\)H\\)?"
                               "\\(?:\\([0-9]+\\)M\\)?\\(?:\\([0-9]+\\)S\\)?\\)?\\'")
                       string)
         (> (length string) 2))
    (let ((count (lambda (n) (or (iso8601--group n string) 0))))
      (iso8601--decoded (funcall count 6) (funcall count 5) (funcall count 4)
                        (funcall count 3) (funcall count 2) (funcall count 1))))
   ((string-match "\\`P\\([0-9]+\\)W\\'" string)
    (iso8601--decoded nil nil nil (* 7 (iso8601--group 1 string)) nil nil))
   ((and (string-prefix-p "P" string) (iso8601-valid-p (substring string 1)))
    (iso8601-parse (substring string 1)))
   (t (signal 'wrong-type-argument string))))

(defun iso8601--encode (time)
  "TIME, a decoded time, encoded with its missing parts defaulted."
  (encode-time (decoded-time-set-defaults (copy-sequence time))))

(defun iso8601--negate (duration)
  (mapcar (lambda (part) (if (numberp part) (- part) part)) duration))

(defun iso8601-parse-interval (string)
  "(START END DURATION), decoded times, of STRING, an ISO 8601 interval:
START/END, START/DURATION or DURATION/END."
  (let ((parts (split-string string "/")))
    (unless (= (length parts) 2)
      (signal 'wrong-type-argument string))
    (let ((first (car parts)) (second (nth 1 parts)))
      (cond
       ((and (string-prefix-p "P" first) (iso8601-valid-p second))
        (let ((duration (iso8601-parse-duration first))
              (end (iso8601-parse second)))
          (list (decoded-time-add end (iso8601--negate duration)) end duration)))
       ((and (string-prefix-p "P" second) (iso8601-valid-p first))
        (let ((start (iso8601-parse first))
              (duration (iso8601-parse-duration second)))
          (list start (decoded-time-add start duration) duration)))
       ((and (iso8601-valid-p first) (iso8601-valid-p second))
        (let ((start (iso8601-parse first)) (end (iso8601-parse second)))
          ;; The length as the time that long after the epoch, which is
          ;; what Emacs gives.
          (list start end
                (decode-time (time-subtract (iso8601--encode end) (iso8601--encode start))
                             (or (decoded-time-zone end) 0) 'integer))))
       (t (signal 'wrong-type-argument string))))))

(defun parse-iso8601-time-string (date-string)
  "The time DATE-STRING, an ISO 8601 date and time, names."
  (encode-time (parse-time-string date-string)))

(provide 'iso8601)

;;; iso8601.el ends here
