;;; diffhunt-files-tests.el --- files, file names and time, as Emacs 28 has them  -*- lexical-binding: t -*-

;; Places where marrow differed from GNU Emacs 28, found by running the
;; same calls under both; every expected value is what Emacs 28 prints.
;; Files go in a fresh temporary directory, times are fixed.

(require 'ert)

(defmacro diffhunt-files--in-temp-dir (&rest body)
  "Run BODY with `default-directory' a new empty temporary directory,
deleted afterwards."
  (declare (indent 0))
  (let ((dir (make-symbol "dir")))
    `(let* ((,dir (file-name-as-directory (make-temp-file "diffhunt-files" t)))
            (default-directory ,dir))
       (unwind-protect (progn ,@body)
         (delete-directory ,dir t)))))

(defun diffhunt-files--replace (init pt)
  "Insert INIT in a temporary buffer, point at PT and markers at 3
and (advancing) at 2, then insert the file r1 with REPLACE: the
result, point and the markers' positions."
  (with-temp-buffer
    (insert init)
    (goto-char pt)
    (let ((m (copy-marker 3)) (m2 (copy-marker 2 t)))
      (list (cadr (insert-file-contents "r1" nil nil nil t))
            (buffer-string) (point) (marker-position m) (marker-position m2)))))

(ert-deftest diffhunt-files-insert-replace-keeps-common-text ()
  (diffhunt-files--in-temp-dir
    (write-region "abcdefghij" nil "r1")
    ;; Only the differing middle is replaced: the count is of the
    ;; characters really inserted, and point and markers stay put.
    (should (equal (diffhunt-files--replace "abcdefghij" 5) '(0 "abcdefghij" 5 3 2)))
    (should (equal (diffhunt-files--replace "abcXefghij" 4) '(1 "abcdefghij" 4 3 2)))
    (should (equal (diffhunt-files--replace "abcXefghij" 5) '(1 "abcdefghij" 4 3 2)))
    (should (equal (diffhunt-files--replace "abcXefghij" 11) '(1 "abcdefghij" 11 3 2)))
    (should (equal (diffhunt-files--replace "abc" 2) '(7 "abcdefghij" 2 3 2)))
    (should (equal (diffhunt-files--replace "ghij" 3) '(6 "abcdefghij" 9 9 8)))
    (should (equal (diffhunt-files--replace "ZZabcdefghij" 13) '(0 "abcdefghij" 11 1 1)))
    ;; Point inside the replaced part keeps its proportional place.
    (should (equal (diffhunt-files--replace "xyz" 2) '(10 "abcdefghij" 4 1 11)))
    (should (equal (diffhunt-files--replace "xyz" 3) '(10 "abcdefghij" 7 1 11)))
    (should (equal (diffhunt-files--replace "axyzj" 3) '(8 "abcdefghij" 4 2 10)))
    (should (equal (diffhunt-files--replace "abxyzij" 4) '(6 "abcdefghij" 5 3 2)))))

(ert-deftest diffhunt-files-insert-replace-reads-to-end ()
  (diffhunt-files--in-temp-dir
    (write-region "abcdefghij" nil "r1")
    ;; With REPLACE, Emacs 28 reads from BEG to the end of the file.
    (with-temp-buffer
      (insert "cde")
      (should (equal (cadr (insert-file-contents "r1" nil 2 5 t)) 5))
      (should (equal (buffer-string) "cdefghij")))))

(ert-deftest diffhunt-files-insert-errors ()
  (diffhunt-files--in-temp-dir
    (write-region "abcdefghij" nil "r1")
    (make-directory "d")
    (with-temp-buffer
      (should (equal (cdr (should-error (insert-file-contents "r1" nil -1 2)))
                     '(file-offset -1)))
      (should (eq (car (should-error (insert-file-contents "r1" nil 1 -2)))
                  'wrong-type-argument))
      ;; The file is opened before the offsets are looked at.
      (should (eq (car (should-error (insert-file-contents "nope" nil -1)))
                  'file-missing))
      (should (equal (should-error (insert-file-contents "d"))
                     (list 'file-error "Read error" "Is a directory"
                           (expand-file-name "d")))))))

(ert-deftest diffhunt-files-delete-file-directory ()
  (diffhunt-files--in-temp-dir
    (make-directory "x")
    (should (equal (should-error (delete-file "x"))
                   '(file-error "Removing old name: is a directory" "x")))))

(ert-deftest diffhunt-files-delete-directory-link ()
  (diffhunt-files--in-temp-dir
    (make-directory "a")
    (write-region "1" nil "a/x.el")
    (make-symbolic-link "a" "lnk")
    (should (equal (should-error (delete-directory "lnk" t))
                   (list 'file-error "Removing directory" "Not a directory"
                         (expand-file-name "lnk"))))
    ;; The directory the link leads to keeps its files.
    (should (file-exists-p "a/x.el"))))

(ert-deftest diffhunt-files-make-temp-file ()
  (diffhunt-files--in-temp-dir
    (let ((dir (make-temp-file (expand-file-name "td") t "sfx")))
      (should (string-suffix-p "sfx" dir))
      (should (file-directory-p dir)))
    (should (eq (car (should-error (make-temp-file (expand-file-name "nodir/x"))))
                'file-missing))))

(ert-deftest diffhunt-files-locate-file ()
  (diffhunt-files--in-temp-dir
    (write-region "" nil "f1")
    (make-directory "dd")
    (let ((here (expand-file-name "f1"))
          (dir (directory-file-name default-directory)))
      (should (equal (locate-file "f1" nil) here))
      (should (equal (locate-file "f" nil '("1")) here))
      (should (equal (locate-file "f1" (list dir) nil '(exists)) here))
      (should (equal (locate-file "f1" (list dir) nil '(executable)) nil))
      (should (equal (locate-file "dd" (list dir) nil '(dir-ok)) nil))
      (should (equal (locate-file "dd" (list dir) nil (lambda (_f) 'dir-ok))
                     (expand-file-name "dd")))
      (should (equal (locate-file "dd" (list dir) nil (lambda (_f) t)) nil)))))

(ert-deftest diffhunt-files-wildcards ()
  (should (equal (wildcard-to-regexp "*.el") "\\`[^\0]*\\.el\\'"))
  (should (equal (wildcard-to-regexp "[!a]x") "\\`[^a]x\\'"))
  (should (equal (wildcard-to-regexp "[^a]") "\\`[\0^a]\\'"))
  (should (equal (wildcard-to-regexp "[]a]") "\\`\\[]a]\\'"))
  (should (equal (wildcard-to-regexp "a.b+c$^") "\\`a\\.b\\+c\\$\\^\\'"))
  (should (equal (wildcard-to-regexp "[ab") "\\`[ab\\'"))
  (should (equal (should-error (wildcard-to-regexp "x[")) '(args-out-of-range "x[" 2)))
  (diffhunt-files--in-temp-dir
    (make-directory "a/b" t)
    (write-region "1" nil "a/x.el")
    (write-region "1" nil "z.txt")
    (make-symbolic-link "a" "lnk")
    (should (equal (file-expand-wildcards "*.txt") '("z.txt")))
    (should (equal (file-expand-wildcards "a/*") '("a/b" "a/x.el")))
    (should (equal (file-expand-wildcards "*/*.el" t)
                   (list (expand-file-name "lnk/x.el") (expand-file-name "a/x.el"))))
    (should (equal (file-expand-wildcards "nope*") nil))
    (should (file-equal-p "a" "./a/"))
    (should (file-equal-p "lnk" "a"))
    (should-not (file-equal-p "nope" "nope"))
    (should-not (file-equal-p "z.txt" "a"))))

(ert-deftest diffhunt-files-time-errors ()
  (should (equal (should-error (time-convert 0.0e+NaN))
                 '(error "Invalid time specification")))
  (should (equal (should-error (decode-time 0.0e+NaN))
                 '(error "Invalid time specification")))
  (should (equal (should-error (time-convert 1.0e+INF))
                 '(error "Specified time is not representable")))
  ;; A bad time is reported before a bad frequency.
  (should (equal (should-error (time-convert 'x 0))
                 '(error "Invalid time specification")))
  (should (equal (should-error (time-convert 1 0))
                 '(error "Invalid time frequency" 0))))

(ert-deftest diffhunt-files-date-to-time-fallback ()
  (let ((process-environment (copy-sequence process-environment)))
    (setenv "TZ" "America/New_York")
    (should (equal (date-to-time "garbage") '(14445 17280)))
    (should (equal (date-to-time "2021-03-04") '(14445 17280)))
    (setenv "TZ" "Asia/Kolkata")
    (should (equal (should-error (date-to-time "garbage"))
                   '(error "Invalid date: garbage")))
    (setenv "TZ" "UTC")
    (should (equal (safe-date-to-time "garbage") '(0 0)))))

(ert-deftest diffhunt-files-substitute-command-keys-properties ()
  (let ((s (substitute-command-keys "\\[undo]")))
    (should (equal (prin1-to-string s)
                   "#(\"C-x u\" 0 5 (face help-key-binding font-lock-face help-key-binding))"))))

(ert-deftest diffhunt-files-size-iec ()
  (should (equal (mapcar #'file-size-human-readable-iec '(0 1023 1024 2048 1500000))
                 '("0 B" "1023 B" "1 KiB" "2 KiB" "1.4 MiB"))))

(defun diffhunt-files--ft (format year)
  "FORMAT applied to 07:05:00 on 3 February of YEAR, in UTC."
  (format-time-string format (encode-time (list 0 5 7 3 2 year nil nil t)) t))

(ert-deftest diffhunt-files-format-time-numbers ()
  ;; Widths, padding and signs as Emacs's own strftime has them, not
  ;; glibc's: years are four digits wide, a given width replaces the
  ;; natural one, the last padding flag wins, '+' signs wide years.
    (should (equal (diffhunt-files--ft "%Y|%C|%y" -1) "-001|-0|01"))
    (should (equal (diffhunt-files--ft "%Y|%C|%y" 5) "0005|00|05"))
    (should (equal (diffhunt-files--ft "%Y|%C|%y" -150) "-150|-1|50"))
    (should (equal (diffhunt-files--ft "%+Y|%+3C|%+3y" 10000) "+10000|+100|+00"))
    (should (equal (diffhunt-files--ft "%+6Y|%_5Y|%-Y|%1Y" 1969) "+01969| 1969|1969|1969"))
    (should (equal (diffhunt-files--ft "%1S|%1j|%1V|%_3j" 2019) "0|34|5| 34"))
    (should (equal (diffhunt-files--ft "%+_6Y|%_+6Y|%-+6Y|%+-6Y|%0_6Y" 1969) "  1969|+01969|+01969|1969|  1969"))
    (should (equal (diffhunt-files--ft "%F|%+12F|%-D|%_D|%10D" 2000) "2000-02-03|+02000-02-03|02/03/0|02/03/ 0|  02/03/00"))
    (should (equal (diffhunt-files--ft "%F|%+F" 10000) "+10000-02-03|+10000-02-03"))
    (should (equal (diffhunt-files--ft "%^f|%^#f|%#f" 2000) "%^F|%^#F|%#f"))
    (should (equal (diffhunt-files--ft "%10Od|%-5Od|%_3Ey" 2000) "        03|03| 00"))
    (should (equal (diffhunt-files--ft "%+d|%+3e|%0e|%-e" 2000) "03|003|03|3"))
    (should (equal (current-time-string (encode-time (list 1 2 3 4 5 0 nil nil t)) t) "Thu May  4 03:02:01 0"))
    (should (equal (current-time-string (encode-time (list 1 2 3 4 5 -1 nil nil t)) t) "Tue May  4 03:02:01 -1"))
    (should (equal (current-time-string (encode-time (list 1 2 3 4 5 2009 nil nil t)) t) "Mon May  4 03:02:01 2009")))

(ert-deftest diffhunt-files-format-seconds ()
  ;; Emacs 28 puts the units in one by one and turns %% into % last, so
  ;; %% and %z with a width stay as written; %z cuts at the smaller of
  ;; its own place and that of the first non-zero unit.
    (should (equal (format-seconds "%02% %Y %D" -5) "%02% -1 years 364 days"))
    (should (equal (format-seconds "x %2z %M" 61) "%2z 1 minute"))
    (should (equal (format-seconds "%02z%M" 31536000) "%02z525600 minutes"))
    (should (equal (format-seconds "x %.2z%.3s" 59.99) "%.2z060"))
    (should (equal (format-seconds "%.2%%Y %D" 1.5) "%.2%0 years 0 days"))
    (should (equal (format-seconds "%0z" -3661) "%0z"))
    (should (equal (format-seconds "%z%y %d %h %m %s" 90061) "0 1 1 1 1"))
    (should (equal (format-seconds "%Y, %D, %H, %M, %z%S" 3661) "1 hour, 1 minute, 1 second"))
    (should (equal (format-seconds "%h:%.2m:%.2s" 3661) "1:01:01"))
    (should (equal (format-seconds "%,2s" 1.555) "2.55"))
    (should (equal (format-seconds "%.5,1s|%5,2m" 61.25) "001.2| 1.00")))

(ert-deftest diffhunt-files-unnamed-zones ()
  ;; A zone libc cannot read (an abbreviation under three letters, a bad
  ;; rule) is UTC with the empty name; current-time-zone then names it
  ;; by its offset.
    (should (equal (list (format-time-string "%H %z|%Z|%3Z" 0 '(-1800 "X")) (current-time-zone 0 '(-1800 "X"))) '("00 +0000||   " (0 "+00"))))
    (should (equal (list (format-time-string "%H %z|%Z|%3Z" 0 '(3600 "")) (current-time-zone 0 '(3600 ""))) '("00 +0000||   " (0 "+00"))))
    (should (equal (list (format-time-string "%H %z|%Z|%3Z" 0 '"<X>-1") (current-time-zone 0 '"<X>-1")) '("00 +0000||   " (0 "+00"))))
    (should (equal (list (format-time-string "%H %z|%Z|%3Z" 0 '"!!") (current-time-zone 0 '"!!")) '("00 +0000||   " (0 "+00"))))
    (should (equal (list (format-time-string "%H %z|%Z|%3Z" 0 '(-1800 "XYZ")) (current-time-zone 0 '(-1800 "XYZ"))) '("23 -0030|XYZ|XYZ" (-1800 "XYZ"))))
    (should (equal (list (format-time-string "%H %z|%Z|%3Z" 0 '"ABC-1") (current-time-zone 0 '"ABC-1")) '("01 +0100|ABC|ABC" (3600 "ABC"))))
  (should (equal (should-error (format-time-string "%Z" 0 '(3600 nil)))
                 '(wrong-type-argument stringp nil)))
  (should (equal (should-error (decode-time 0 '(3600 5)))
                 '(wrong-type-argument stringp 5))))

(ert-deftest diffhunt-files-encode-time-dst ()
  ;; Any symbol but nil means daylight saving time, other values unknown.
  (let ((process-environment (copy-sequence process-environment)))
    (setenv "TZ" "America/New_York")
    (should (equal (encode-time (list 0 0 12 31 12 2020 nil 'x nil)) '(24557 62848)))
    (should (equal (encode-time (list 0 0 12 31 12 2020 nil "s" nil)) '(24558 912)))
    (should (equal (encode-time (list 0 0 12 30 6 2020 nil nil nil)) '(24315 28560)))))

;; The signal data of FORM's error (or its value), the temporary
;; directory written as DIR in its strings.
(defun diffhunt-files--err (form)
  (let ((v (condition-case e (eval form t) (error e)))
        (here (regexp-quote (directory-file-name default-directory))))
    (if (consp v)
        (mapcar (lambda (x) (if (stringp x) (replace-regexp-in-string here "DIR" x t t) x)) v)
      v)))

(ert-deftest diffhunt-files-operation-errors ()
  ;; In order: a NEWNAME that is a directory name, which error Emacs
  ;; reports first, and the exact signal data.
  (diffhunt-files--in-temp-dir
    (write-region "data" nil "file")
    (make-directory "dir/sub" t)
    (write-region "x" nil "dir/in")
    (make-symbolic-link "nowhere" "dangle")
    (make-symbolic-link "dir" "dlink")
      (should (equal (diffhunt-files--err '(make-symbolic-link "dangle" "dir/" t))
                     'nil))
      (should (equal (diffhunt-files--err '(file-symlink-p "dir/dangle"))
                     '"dangle"))
      (should (equal (diffhunt-files--err '(make-symbolic-link "dir/" "dir/sub/"))
                     '(file-already-exists "File already exists" "DIR/dir/sub")))
      (should (equal (diffhunt-files--err '(make-symbolic-link "missing" "dir" t))
                     '(file-already-exists "File exists" "missing" "DIR/dir")))
      (should (equal (diffhunt-files--err '(rename-file "dir/sub/" "dir/sub/" t))
                     '(file-error "Renaming" "Invalid argument" "DIR/dir/sub/" "DIR/dir/sub/sub")))
      (should (equal (diffhunt-files--err '(rename-file "missing" "dangle"))
                     '(file-missing "Renaming" "No such file or directory" "DIR/missing" "DIR/dangle")))
      (should (equal (diffhunt-files--err '(rename-file "nodir/x" "dlink"))
                     '(file-missing "Renaming" "No such file or directory" "DIR/nodir/x" "DIR/dlink")))
      (should (equal (diffhunt-files--err '(add-name-to-file "file/x" "file"))
                     '(file-error "Adding new name" "Not a directory" "DIR/file/x" "DIR/file")))
      (should (equal (diffhunt-files--err '(add-name-to-file "dir/" "dir/sub/" t))
                     '(file-already-exists "File exists" "DIR/dir/" "DIR/dir/sub")))
      (should (equal (diffhunt-files--err '(copy-file "nodir/x" "dir/in"))
                     '(file-missing "Opening input file" "No such file or directory" "DIR/nodir/x")))
      (should (equal (diffhunt-files--err '(copy-file "dir/sub" "file"))
                     '(file-error "Non-regular file" "Is a directory" "DIR/dir/sub")))
      (should (equal (diffhunt-files--err '(directory-files "new/"))
                     '(file-missing "Opening directory" "No such file or directory" "DIR/new")))
      (should (equal (diffhunt-files--err '(delete-directory "file" t))
                     '(file-error "Opening directory" "Not a directory" "DIR/file")))
      (should (equal (diffhunt-files--err '(delete-directory "file/x" t))
                     '(file-error "Opening directory" "Not a directory" "DIR/file/x")))
      (should (equal (diffhunt-files--err '(delete-directory "missing" t))
                     'nil))
      (should (equal (diffhunt-files--err '(make-directory "file" t))
                     '(file-already-exists "File exists" "DIR/file")))
      (should (equal (diffhunt-files--err '(make-directory "dangle" t))
                     '(file-already-exists "File exists" "DIR/dangle")))
      (should (equal (diffhunt-files--err '(make-directory "file/x" t))
                     '(file-error "Creating directory" "Not a directory" "DIR/file/x")))
      (should (equal (diffhunt-files--err '(delete-file "dlink/"))
                     '(file-error "Removing old name: is a directory" "dlink/")))))

(ert-deftest diffhunt-files-rename-error-order ()
  ;; The system's complaint about either name comes before an existing
  ;; NEWNAME, a bad directory before a missing file.
  (diffhunt-files--in-temp-dir
    (write-region "data" nil "file")
    (make-symbolic-link "file" "link")
      (should (equal (diffhunt-files--err '(rename-file "new/" "file/x"))
                     '(file-error "Renaming" "Not a directory" "DIR/new/" "DIR/file/x")))
      (should (equal (diffhunt-files--err '(rename-file "link" "file/x" t))
                     '(file-error "Renaming" "Not a directory" "DIR/link" "DIR/file/x")))
      (should (equal (diffhunt-files--err '(rename-file "nodir/a" "file"))
                     '(file-missing "Renaming" "No such file or directory" "DIR/nodir/a" "DIR/file")))
      (should (equal (diffhunt-files--err '(rename-file "link" "file"))
                     '(file-already-exists "File already exists" "DIR/file")))))

;;; diffhunt-files-tests.el ends here
