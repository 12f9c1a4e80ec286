;;; time-stamp-tests.el --- time-stamp.el as Emacs 28 behaves  -*- lexical-binding: t -*-

(require 'ert)
(require 'cl-lib)
(require 'time-stamp)

;; Tuesday 2009-02-03 04:05:06 UTC, and Saturday 2021-12-25 18:30:45 UTC.
(defconst time-stamp-tests-morning (encode-time '(6 5 4 3 2 2009 nil nil t)))
(defconst time-stamp-tests-evening (encode-time '(45 30 18 25 12 2021 nil nil t)))

(defmacro time-stamp-tests--env (&rest body)
  (declare (indent 0))
  `(let ((time-stamp-time-zone t)
         (time-stamp-conversion-warn nil)
         (user-login-name "jdoe")
         (user-full-name "Jane 50% Doe")
         (buffer-file-name "/srv/notes/plan.txt")
         (mail-host-address "mail.example.net"))
     ,@body))

(defun time-stamp-tests--str (format &optional time)
  (time-stamp-string format (or time time-stamp-tests-morning)))

(ert-deftest time-stamp-own-names ()
  (time-stamp-tests--env
    (should (equal (time-stamp-tests--str "%a|%A|%:a|%:A|%#a|%#A|%^a|%3A") "Tue|Tuesday|Tuesday|Tuesday|TUE|TUESDAY|TUE|TUE"))
    (should (equal (time-stamp-tests--str "%b|%B|%:b|%#b|%#B|%3b|%3B|%2b|%5b") "Feb|February|February|FEB|FEBRUARY|Feb|FEB|Fe|  Feb"))
    ;; A width with a colon is discouraged: blanks.
    (should (equal (time-stamp-tests--str "[%:3a][%:2d]") "[   ][  ]"))))

(ert-deftest time-stamp-own-numbers ()
  (time-stamp-tests--env
    (should (equal (time-stamp-tests--str "%d %2d %02d %:d %1d %-d %_d") "03  3 03 3 3 3  3"))
    (should (equal (time-stamp-tests--str "%H %I %M %S %m") "04 04 05 06 02"))
    (should (equal (time-stamp-tests--str "%H %I %_I %-I %p %#p %P" time-stamp-tests-evening)
                   "18 06  6 6 PM pm PM"))
    (should (equal (time-stamp-tests--str "%y %-y %_y %:y %Y %6Y %2Y %w") "09 9  9 2009 2009   2009 2009 2"))))

(ert-deftest time-stamp-own-year-width-warns ()
  (time-stamp-tests--env
    (let ((warnings nil))
      (cl-letf (((symbol-function 'time-stamp-conv-warn)
                 (lambda (old new) (push (list old new) warnings))))
        (should (equal (time-stamp-tests--str "%4y") "2009"))
        (should (equal (time-stamp-tests--str "%z") "gmt")))
      (should (equal warnings '(("%z" "%#Z") ("%4y" "%Y")))))))

(ert-deftest time-stamp-own-other-conversions ()
  (time-stamp-tests--env
    (cl-letf (((symbol-function 'system-name) (lambda () "box.lan.example")))
      (should (equal (time-stamp-tests--str "%f|%F|%l|%L|%u|%U|%h|%q|%Q|%s|%%|%%Z|%Z|%#Z")
                     "plan.txt|/srv/notes/plan.txt|jdoe|Jane 50% Doe|jdoe|Jane 50% Doe|mail.example.net|box|box.lan.example|box.lan.example|%|%Z|GMT|gmt"))
      (let ((mail-host-address nil) (buffer-file-name nil))
        (should (equal (time-stamp-tests--str "%h %f %F") "box.lan.example (no file) (no file)"))))))

(ert-deftest time-stamp-own-modifiers-and-oddities ()
  (time-stamp-tests--env
    (should (equal (time-stamp-tests--str "%@+ ,.(any (thing))B") "February"))
    (should (equal (time-stamp-tests--str "%(a\\)b)B") "February"))
    (should (equal (time-stamp-tests--str "<%(B>") "<"))
    (should (equal (time-stamp-tests--str "<%)B>") "<B>"))
    (should (equal (time-stamp-tests--str "<%") "<"))
    (should (equal (time-stamp-tests--str "<%&B>") "<B>"))
    (should (equal (time-stamp-tests--str "%0%|%1%|%3%|%0b") "|%|  %|"))
    (should (equal (time-stamp-tests--str "just text") "just text"))
    (should (equal (time-stamp-string nil time-stamp-tests-morning)
                   "2009-02-03 04:05:06 jdoe"))
    (should-not (time-stamp-string 'other time-stamp-tests-morning))))

(ert-deftest time-stamp-own-zones ()
  (time-stamp-tests--env
    (let ((time-stamp-time-zone "EST5"))
      (should (equal (time-stamp-tests--str "%H %Z %5z %:z") "23 EST -0500 -05:00")))
    (let ((time-stamp-time-zone '(19800 "IST")))
      (should (equal (time-stamp-tests--str "%H:%M %Z %z %-z %::z")
                     "09:35 IST ist +0530 +05:30:00")))))

(ert-deftest time-stamp-own-offsets ()
  (let ((cases '(("%5z" 0 "+0000") ("%-z" 0 "+00") ("%-z" 5400 "+0130")
                 ("%:::z" -3600 "-01") ("%:::z" 45 "+00:00:45") ("%:z" 360000 "+100:00")
                 ("%_z" 1800 "+003000") ("%06z" 1800 "+003000") ("%::z" -37815 "-10:30:15")
                 ("%12:z" 0 "+00:00      ") ("%012:z" 0 "+00:00:00   ") ("%-10z" 0 "+00       ")
                 ("%07:::z" 7200 "+02:00:00") ("%_-z" 0 "") ("%-:z" 0 "") ("%#z" 0 ""))))
    (dolist (case cases)
      (let ((time-stamp-time-zone (nth 1 case)))
        (should (equal (list (car case) (nth 1 case)
                             (time-stamp-string (car case) time-stamp-tests-morning))
                       case))))
    (should (equal (time-stamp-formatz-from-parsed-options nil nil t 1 9 -60) "-00:01:00"))))

(ert-deftest time-stamp-own-zone-type ()
  (should (equal (mapcar (lambda (zone) (and (time-stamp-zone-type-p zone) t))
                         '(nil t wall floor "UTC" 3600 1.5 (3600) (3600 "X") (3600 . "X") ("X" "X")))
                 '(t t t nil t t nil nil t nil nil)))
  ;; The values themselves, as Emacs gives them.
  (should (equal (mapcar #'time-stamp-zone-type-p '(nil t wall "UTC" (3600 "X" 3) foo))
                 '((nil t wall) (t wall) (wall) t t nil))))

(ert-deftest time-stamp-own-toggle-active ()
  (let ((time-stamp-active t)
        (inhibit-message t))
    (should (equal (time-stamp-toggle-active) "time-stamp is now off."))
    (should-not time-stamp-active)
    (time-stamp-toggle-active)
    (should (eq time-stamp-active t))
    (time-stamp-toggle-active -1)
    (should-not time-stamp-active)
    (time-stamp-toggle-active 0)
    (should-not time-stamp-active)
    (should (equal (time-stamp-toggle-active '(4)) "time-stamp is now active."))
    (should (eq time-stamp-active t))
    (time-stamp-toggle-active '-)
    (should-not time-stamp-active)))

(ert-deftest time-stamp-own-safe-locals ()
  (should (safe-local-variable-p 'time-stamp-format "%Y"))
  (should-not (safe-local-variable-p 'time-stamp-format 'x))
  (should (safe-local-variable-p 'time-stamp-time-zone "UTC0"))
  (should-not (safe-local-variable-p 'time-stamp-time-zone 1.5))
  (should (safe-local-variable-p 'time-stamp-line-limit -3))
  (should (safe-local-variable-p 'time-stamp-inserts-lines nil))
  (should-not (safe-local-variable-p 'time-stamp-count 'x))
  (should (safe-local-variable-p 'time-stamp-pattern "10/x%%y")))

(defun time-stamp-tests--update (text &rest bindings)
  "TEXT after `time-stamp' with BINDINGS ((VAR . VALUE)...) in effect."
  (time-stamp-tests--env
    (with-temp-buffer
      (insert text)
      (cl-progv (mapcar #'car bindings) (mapcar #'cdr bindings)
        (let ((real (symbol-function 'time-stamp-string)))
          (cl-letf (((symbol-function 'time-stamp-string)
                     (lambda (format) (funcall real format time-stamp-tests-morning))))
            (should-not (time-stamp)))))
      (buffer-string))))

(ert-deftest time-stamp-own-updates-template ()
  (should (equal (time-stamp-tests--update "a\nTime-stamp: <old>\n")
                 "a\nTime-stamp: <2009-02-03 04:05:06 jdoe>\n"))
  (should (equal (time-stamp-tests--update "Time-stamp: \" \"\n")
                 "Time-stamp: \"2009-02-03 04:05:06 jdoe\"\n"))
  ;; Only the first 8 lines, unless the limit says otherwise.
  (let ((late "1\n2\n3\n4\n5\n6\n7\n8\nTime-stamp: <>\n"))
    (should (equal (time-stamp-tests--update late) late))
    (should (equal (time-stamp-tests--update late '(time-stamp-line-limit . 0))
                   "1\n2\n3\n4\n5\n6\n7\n8\nTime-stamp: <2009-02-03 04:05:06 jdoe>\n"))
    (should (equal (time-stamp-tests--update late '(time-stamp-line-limit . -1))
                   "1\n2\n3\n4\n5\n6\n7\n8\nTime-stamp: <2009-02-03 04:05:06 jdoe>\n")))
  (should (equal (time-stamp-tests--update "Time-stamp: <>\n" '(time-stamp-active . nil))
                 "Time-stamp: <>\n")))

(ert-deftest time-stamp-own-custom-template ()
  (should (equal (time-stamp-tests--update "x\nrev[old]\n" '(time-stamp-pattern . "3/rev\\[%:B %-d, %Y\\]"))
                 "x\nrev[February 3, 2009]\n"))
  (should (equal (time-stamp-tests--update "Time-stamp: <x>\n" '(time-stamp-pattern . "%%"))
                 "Time-stamp: <2009-02-03 04:05:06 jdoe>\n"))
  ;; Tabs in the format become spaces, the template's own tabs stay.
  (should (equal (time-stamp-tests--update "At\t[\t]"
                                           '(time-stamp-start . "At\t\\[")
                                           '(time-stamp-format . "%H\t%M")
                                           '(time-stamp-end . "\t]"))
                 "At\t[04     05\t]"))
  (should (equal (time-stamp-tests--update "S: {}\nS: {}\nS: {}"
                                           '(time-stamp-start . "S: {")
                                           '(time-stamp-end . "}")
                                           '(time-stamp-format . "%d"))
                 "S: {03}\nS: {}\nS: {}")))

(ert-deftest time-stamp-own-count-and-lines ()
  (time-stamp-tests--env
    (with-temp-buffer
      (insert "S: {}\nS: {}\nS: {}")
      (let ((time-stamp-start "S: {") (time-stamp-end "}") (time-stamp-format "%m")
            (time-stamp-count 2)
            (real (symbol-function 'time-stamp-string)))
        (cl-letf (((symbol-function 'time-stamp-string)
                   (lambda (format) (funcall real format time-stamp-tests-morning))))
          (time-stamp)))
      (should (equal (buffer-string) "S: {02}\nS: {02}\nS: {}")))
    (with-temp-buffer
      (insert "Stamp:\n\n")
      (let ((time-stamp-start "Stamp:") (time-stamp-end "$") (time-stamp-format "\n %Y")
            (real (symbol-function 'time-stamp-string)))
        (cl-letf (((symbol-function 'time-stamp-string)
                   (lambda (format) (funcall real format time-stamp-tests-morning))))
          (time-stamp)
          (time-stamp)
          (should (equal (buffer-string) "Stamp:\n 2009\n"))
          (let ((time-stamp-inserts-lines t))
            (time-stamp))
          (should (equal (buffer-string) "Stamp:\n 2009\n 2009\n")))))))

;;; time-stamp-tests.el ends here
