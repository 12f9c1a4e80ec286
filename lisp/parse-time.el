;;; parse-time.el --- reading dates in loose formats  -*- lexical-binding: t -*-

;; Written for marrow after the interface and rules of Emacs 28's
;; parse-time.el: an ISO 8601 string is read by iso8601.el; anything
;; else is cut into words and numbers, and each is given to the first
;; rule that fits it and whose first part of the time is still unknown.

(require 'iso8601)

(defvar parse-time-months
  '(("jan" . 1) ("feb" . 2) ("mar" . 3) ("apr" . 4) ("may" . 5) ("jun" . 6)
    ("jul" . 7) ("aug" . 8) ("sep" . 9) ("oct" . 10) ("nov" . 11) ("dec" . 12)
    ("january" . 1) ("february" . 2) ("march" . 3) ("april" . 4) ("june" . 6)
    ("july" . 7) ("august" . 8) ("september" . 9) ("october" . 10)
    ("november" . 11) ("december" . 12))
  "Month names, lower case, and their numbers.")

(defvar parse-time-weekdays
  '(("sun" . 0) ("mon" . 1) ("tue" . 2) ("wed" . 3) ("thu" . 4) ("fri" . 5) ("sat" . 6)
    ("sunday" . 0) ("monday" . 1) ("tuesday" . 2) ("wednesday" . 3) ("thursday" . 4)
    ("friday" . 5) ("saturday" . 6))
  "Weekday names, lower case, and their numbers, Sunday 0.")

(defvar parse-time-zoneinfo
  `(("z" 0) ("ut" 0) ("gmt" 0)
    ("pst" ,(* -8 3600)) ("pdt" ,(* -7 3600) t) ("mst" ,(* -7 3600)) ("mdt" ,(* -6 3600) t)
    ("cst" ,(* -6 3600)) ("cdt" ,(* -5 3600) t) ("est" ,(* -5 3600)) ("edt" ,(* -4 3600) t))
  "(ZONE SECONDS-EAST DST-P) for the zone names `parse-time-string' knows.")

(defun parse-time-tokenize (string)
  "The words and numbers of STRING: runs of letters, digits, `:', `+'
and `-'; a run of digits alone is a number."
  (let ((tokens nil) (start 0))
    (while (string-match "[a-z0-9:+-]+" string start)
      (let ((token (match-string 0 string)))
        (push (if (string-match-p "\\`[0-9]+\\'" token) (string-to-number token) token)
              tokens)
        (setq start (match-end 0))))
    (nreverse tokens)))

(defun parse-time--shaped (token length &rest colons)
  "Whether TOKEN is a string of LENGTH with a colon at each of COLONS."
  (and (stringp token) (= (length token) length)
       (cl-every (lambda (i) (eq (aref token i) ?:)) colons)))

(defun parse-time--fields (token &rest ranges)
  "The numbers in TOKEN at RANGES, each (START . END)."
  (mapcar (lambda (r) (string-to-number (substring token (car r) (cdr r)))) ranges))

(defun parse-time--apply-rule (token time)
  "Put what TOKEN says into decoded TIME by the first rule that takes it;
nil if none does.  Each rule is tried only while its first slot is unknown."
  (let ((free (lambda (slot) (null (nth slot time))))
        (set (lambda (slots values)
               (cl-mapc (lambda (s v) (setcar (nthcdr s time) v)) slots values)
               t)))
    (cond
     ((and (funcall free 6) (stringp token) (assoc token parse-time-weekdays))
      (funcall set '(6) (list (cdr (assoc token parse-time-weekdays)))))
     ((and (funcall free 3) (integerp token) (<= 1 token 31))
      (funcall set '(3) (list token)))
     ((and (funcall free 4) (stringp token) (assoc token parse-time-months))
      (funcall set '(4) (list (cdr (assoc token parse-time-months)))))
     ((and (funcall free 5) (integerp token) (>= token 100))
      (funcall set '(5) (list token)))
     ((and (funcall free 2) (parse-time--shaped token 8 2 5))
      (funcall set '(2 1 0) (parse-time--fields token '(0 . 2) '(3 . 5) '(6 . 8))))
     ((and (funcall free 8) (stringp token) (assoc token parse-time-zoneinfo))
      (let ((zone (cdr (assoc token parse-time-zoneinfo))))
        (funcall set '(8 7) (list (car zone) (cadr zone)))))
     ((and (funcall free 8) (stringp token) (= (length token) 5) (memq (aref token 0) '(?+ ?-)))
      (funcall set '(8) (list (* (if (eq (aref token 0) ?-) -1 1)
                                 60 (+ (* 60 (string-to-number (substring token 1 3)))
                                       (string-to-number (substring token 3 5)))))))
     ((and (funcall free 5) (stringp token) (= (length token) 10)
           (eq (aref token 4) ?-) (eq (aref token 7) ?-))
      (funcall set '(5 4 3) (parse-time--fields token '(0 . 4) '(5 . 7) '(8 . 10))))
     ((and (funcall free 2) (parse-time--shaped token 5 2))
      (funcall set '(2 1 0) (append (parse-time--fields token '(0 . 2) '(3 . 5)) '(0))))
     ((and (funcall free 2) (parse-time--shaped token 4 1))
      (funcall set '(2 1 0) (append (parse-time--fields token '(0 . 1) '(2 . 4)) '(0))))
     ((and (funcall free 2) (parse-time--shaped token 7 1 4))
      (funcall set '(2 1 0) (parse-time--fields token '(0 . 1) '(2 . 4) '(5 . 7))))
     ((and (funcall free 5) (integerp token) (<= 50 token 110))
      (funcall set '(5) (list (+ 1900 token))))
     ((and (funcall free 5) (integerp token) (<= 0 token 49))
      (funcall set '(5) (list (+ 2000 token)))))))

(defun parse-time--loosely (string)
  "STRING read token by token as a date in the manner of RFC 822."
  (let ((fields (make-list 9 nil)))
    (setf (nth 7 fields) -1)
    (mapc (lambda (token) (parse-time--apply-rule token fields))
          (parse-time-tokenize (downcase string)))
    fields))

(defun parse-time-string (string)
  "STRING read as (SEC MIN HOUR DAY MON YEAR DOW DST TZ), unknown parts
nil and an unknown DST -1: an ISO 8601 string exactly, anything else
as loosely as an RFC 822 date."
  (condition-case nil
      (iso8601-parse string)
    (wrong-type-argument (parse-time--loosely string))))

(provide 'parse-time)

;;; parse-time.el ends here
