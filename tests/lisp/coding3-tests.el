;;; coding3-tests.el --- one-byte codings of multibyte text, undecided's raw text, files' codings  -*- lexical-binding: t -*-

(require 'ert)

;; Where Emacs puts the `charset' property Latin-1 decoding adds
;; varies with what it decoded before, except in unibyte text beyond
;; ASCII: these tests look at it only there.
(defun coding3-tests--decode (string coding)
  "STRING decoded by CODING: characters, coding used, multibyteness."
  (let ((text (decode-coding-string string coding)))
    (list (append text nil) last-coding-system-used (multibyte-string-p text))))

(ert-deftest coding3-latin-1-of-multibyte ()
  ;; A character no byte spells goes through as it is; a raw byte is
  ;; that byte.
  (should (equal (coding3-tests--decode (string #xe9) 'latin-1)
                 '((#xe9) latin-1 t)))
  (should (equal (coding3-tests--decode (string #x3fffe9 ?x) 'iso-latin-1-unix)
                 '((#xe9 ?x) iso-latin-1-unix t)))
  (should (equal (coding3-tests--decode (string #x3042 #x3fff80) 'latin-1)
                 '((#x3042 #x80) latin-1 t)))
  (should (equal (coding3-tests--decode (string #xe9 ?\r ?\n) 'latin-1)
                 '((#xe9 ?\n) iso-latin-1-dos t)))
  (should (equal (coding3-tests--decode (string ?\r ?\n ?q #xe9) 'latin-1-unix)
                 '((?\r ?\n ?q #xe9) latin-1-unix t))))

(ert-deftest coding3-latin-1-of-unibyte ()
  (should (equal (coding3-tests--decode "p\r\nq" 'latin-1) '((?p ?\n ?q) iso-latin-1-dos t)))
  (should (equal (coding3-tests--decode "p\r\nq" 'latin-1-unix) '((?p ?\r ?\n ?q) latin-1-unix t)))
  (let ((text (decode-coding-string "p\xe9\r\n" 'latin-1)))
    (should (equal text (string ?p #xe9 ?\n)))
    (should (eq last-coding-system-used 'iso-latin-1-dos))
    (should (equal (text-properties-at 0 text) '(charset iso-8859-1)))
    (should (eq (next-single-property-change 0 'charset text) nil))))

(ert-deftest coding3-us-ascii-of-multibyte ()
  (should (equal (coding3-tests--decode (string #xe9 ?a) 'us-ascii)
                 '((#xe9 ?a) us-ascii t)))
  (should (equal (coding3-tests--decode (string #x3042 #x3fff80) 'us-ascii)
                 '((#x3042 #x3fff80) us-ascii t))))

(ert-deftest coding3-raw-text-of-multibyte ()
  ;; A character no byte spells becomes the low byte of its negated
  ;; code, as in Emacs; raw text decoded is unibyte.
  (should (equal (coding3-tests--decode (string #xe9) 'raw-text)
                 '((#x17) raw-text nil)))
  (should (equal (coding3-tests--decode (string #x3042 #x3fff80) 'binary)
                 '((#xbe #x80) binary nil)))
  (should (equal (coding3-tests--decode (string ?a #x85) 'no-conversion)
                 '((?a #x7b) no-conversion nil)))
  (should (equal (coding3-tests--decode (string #xe9 ?\r ?\n) 'raw-text)
                 '((#x17 ?\n) raw-text-dos nil)))
  ;; Unibyte ASCII: a copy unless an end of line is converted.
  (should (equal (coding3-tests--decode "ab" 'raw-text) '((?a ?b) raw-text t)))
  (should (equal (coding3-tests--decode "a\r\nb" 'raw-text) '((?a ?\n ?b) raw-text-dos nil))))

(ert-deftest coding3-emacs-internal-keeps-cr ()
  (should (equal (coding3-tests--decode "a\r\nb" 'emacs-internal)
                 '((?a ?\r ?\n ?b) emacs-internal t)))
  (should (equal (coding3-tests--decode (string #x3fffc3 #x3fffa9 ?\r ?\n) 'emacs-internal)
                 '((#xe9 ?\r ?\n) emacs-internal t))))

(ert-deftest coding3-undecided-c1-raw-text ()
  ;; Text with C1 bytes that no coding Emacs tries takes is raw text.
  (should (equal (coding3-tests--decode "\x85" 'undecided) '((#x85) raw-text nil)))
  (should (equal (coding3-tests--decode "\x80\x41" 'undecided) '((#x80 ?A) raw-text nil)))
  (should (equal (coding3-tests--decode "ab\x85\r\n" 'undecided)
                 '((?a ?b #x85 ?\n) raw-text-dos nil)))
  (should (equal (coding3-tests--decode "ab\x85\n" 'undecided-dos)
                 '((?a ?b #x85 ?\n) raw-text-dos nil)))
  (should (equal (coding3-tests--decode "\xc3\xa9\x85" 'prefer-utf-8)
                 '((#xc3 #xa9 #x85) raw-text nil)))
  (should (equal (coding3-tests--decode (string #x3fff80 ?a) 'undecided-unix)
                 '((#x80 ?a) raw-text-unix nil)))
  (should (equal (coding3-tests--decode (string #x3042 #x3fff80) 'undecided)
                 '((#xbe #x80) raw-text nil)))
  ;; UTF-8's detection takes sequences of the right shape, shortest or
  ;; not; decoding keeps a longer one's bytes raw.
  (should (equal (coding3-tests--decode "\300\200" 'undecided) '((#x3fffc0 #x3fff80) utf-8 t)))
  (should (equal (coding3-tests--decode "\xf5\x80" 'undecided) '((#xf5 #x80) raw-text nil)))
  (should (equal (coding3-tests--decode (string #x3fffc0 #x3fff80) 'undecided)
                 '((#x3fffc0 #x3fff80) utf-8 t)))
  (should (equal (coding3-tests--decode (string #xe9 #x3fff85) 'undecided)
                 '((#x17 #x85) raw-text nil)))
  ;; Without C1 bytes it stays Latin-1 or UTF-8.
  (should (equal (coding3-tests--decode "\xa4\xa2" 'undecided) '((#xa4 #xa2) iso-latin-1 t)))
  (should (equal (coding3-tests--decode "\xc3\xa9" 'undecided) '((#xe9) utf-8 t))))

(defun coding3-tests--read (bytes &optional literally)
  "Insert a file of BYTES (a unibyte string) into a fresh buffer:
the text, last-coding-system-used and buffer-file-coding-system."
  (let ((file (make-temp-file "coding3")))
    (unwind-protect
        (progn
          (let ((coding-system-for-write 'no-conversion))
            (with-temp-buffer
              (set-buffer-multibyte nil)
              (insert bytes)
              (write-region nil nil file nil 'quiet)))
          (with-temp-buffer
            (if literally
                (insert-file-contents-literally file)
              (insert-file-contents file))
            (list (append (buffer-string) nil) last-coding-system-used
                  buffer-file-coding-system)))
      (delete-file file))))

(ert-deftest coding3-insert-file-codings ()
  ;; ASCII leaves the charset undecided; its ends of line say the rest.
  (should (equal (coding3-tests--read "ab\n") '((?a ?b ?\n) undecided-unix undecided-unix)))
  (should (equal (coding3-tests--read "a\r\nb\r\n")
                 '((?a ?\n ?b ?\n) undecided-dos undecided-dos)))
  (should (equal (coding3-tests--read "a\rb") '((?a ?\n ?b) undecided-mac undecided-mac)))
  ;; No end of line at all: nothing is found, the buffer's coding stays.
  (should (equal (coding3-tests--read "ab") '((?a ?b) undecided utf-8-unix)))
  (should (equal (coding3-tests--read "") '(nil undecided utf-8-unix)))
  (should (equal (coding3-tests--read "\xe9\n") '((#xe9 ?\n) iso-latin-1-unix iso-latin-1-unix)))
  (should (equal (coding3-tests--read "\xc3\xa9\r\n") '((#xe9 ?\n) utf-8-dos utf-8-dos)))
  (should (equal (coding3-tests--read "\xc3\xa9\n" t)
                 '((#x3fffc3 #x3fffa9 ?\n) no-conversion no-conversion))))

(ert-deftest coding3-insert-file-coding-system-for-read ()
  (let ((coding-system-for-read 'latin-1))
    (should (equal (coding3-tests--read "ab\n") '((?a ?b ?\n) iso-latin-1-unix iso-latin-1-unix))))
  (let ((coding-system-for-read 'utf-8))
    (should (equal (coding3-tests--read "ab") '((?a ?b) utf-8 utf-8-unix))))
  (let ((coding-system-for-read 'raw-text))
    (should (equal (coding3-tests--read "\xc3\r\n") '((#x3fffc3 ?\n) raw-text-dos raw-text-dos))))
  (let ((coding-system-for-read 'no-such-coding))
    (should (equal (condition-case e (coding3-tests--read "a") (error e))
                   '(coding-system-error no-such-coding)))))

(ert-deftest coding3-insert-file-buffer-coding ()
  ;; The buffer's own full coding system stays; its charset alone does
  ;; not keep the one the file's decoding found.
  (let ((file (make-temp-file "coding3")))
    (unwind-protect
        (progn
          (let ((coding-system-for-write 'utf-8-unix))
            (write-region (string #xe9 ?\n) nil file nil 'quiet))
          (with-temp-buffer
            (setq buffer-file-coding-system 'latin-1-dos)
            (insert-file-contents file)
            (should (eq buffer-file-coding-system 'latin-1-dos)))
          (with-temp-buffer
            (setq buffer-file-coding-system 'latin-1)
            (insert-file-contents file)
            (should (equal (buffer-string) (string #xe9 ?\n)))
            (should (eq last-coding-system-used 'utf-8-unix))
            (should (eq buffer-file-coding-system 'iso-latin-1-unix)))
          (with-temp-buffer
            (set-buffer-multibyte nil)
            (insert-file-contents file)
            (should (eq buffer-file-coding-system 'raw-text-unix))))
      (delete-file file))))

(ert-deftest coding3-eol-type-and-change ()
  (should (equal (coding-system-eol-type 'latin-1)
                 [iso-latin-1-unix iso-latin-1-dos iso-latin-1-mac]))
  (should (equal (mapcar #'coding-system-eol-type '(utf-8-dos undecided-mac binary emacs-internal nil))
                 '(1 2 0 0 0)))
  (should (null (coding-system-eol-type 'no-such-coding)))
  (should (equal (mapcar #'coding-system-type '(latin-1 us-ascii utf-8-dos prefer-utf-8 binary utf-16le nil))
                 '(charset charset utf-8 undecided raw-text utf-16 raw-text)))
  (should (equal (condition-case e (coding-system-type 'no-such-coding) (error e))
                 '(coding-system-error no-such-coding)))
  (should (equal (list (coding-system-change-eol-conversion 'latin-1 'dos)
                       (coding-system-change-eol-conversion 'latin-1-dos 1)
                       (coding-system-change-eol-conversion 'latin-1-dos nil)
                       (coding-system-change-eol-conversion 'latin-1-dos 'unix)
                       (coding-system-change-eol-conversion 'binary 'mac)
                       (coding-system-change-eol-conversion 'emacs-internal 'unix))
                 '(iso-latin-1-dos latin-1-dos iso-latin-1 iso-latin-1-unix nil emacs-internal))))

(ert-deftest coding3-nocopy ()
  (let ((ascii "abc") (multi (string-to-multibyte "abc")))
    (dolist (s (list ascii multi))
      (dolist (coding '(utf-8-unix latin-1 raw-text undecided us-ascii-unix emacs-internal))
        (should (eq (decode-coding-string s coding t) s))
        (should-not (eq (decode-coding-string s coding) s))
        (should (eq last-coding-system-used coding))
        (should (multibyte-string-p (decode-coding-string s coding)))
        (should (eq (encode-coding-string s coding t) s))
        (should-not (multibyte-string-p (encode-coding-string s coding)))))
    (should-not (eq (decode-coding-string ascii nil) ascii))
    (should (eq (decode-coding-string ascii nil t) ascii))
    ;; Codings that detect, and an end of line to convert, copy.
    (should-not (eq (decode-coding-string ascii 'prefer-utf-8 t) ascii))
    (should-not (eq (decode-coding-string "a\rb" 'utf-8 t) "a\rb"))
    (let ((lf "a\nb"))
      (should-not (eq (encode-coding-string lf 'utf-8 t) lf))
      (should (eq (encode-coding-string lf 'utf-8-unix t) lf))
      (let ((inhibit-eol-conversion t))
        (should (eq (encode-coding-string lf 'utf-8-dos t) lf))
        (should (equal (decode-coding-string "a\r\nb" 'utf-8-dos) "a\r\nb"))))))

(ert-deftest coding3-eol-only-codings ()
  (should (equal (mapcar #'coding-system-eol-type '(unix dos mac)) '(0 1 2)))
  (should (eq (coding-system-base 'dos) 'undecided))
  (should (equal (mapcar (lambda (c) (merge-coding-systems c 'latin-1)) '(dos utf-8 undecided-mac))
                 '(iso-latin-1-dos utf-8 iso-latin-1-mac)))
  (should (eq (merge-coding-systems 'utf-8 'latin-1-mac) 'utf-8-mac))
  (should (eq (merge-coding-systems 'utf-8-unix 'latin-1-dos) 'utf-8-unix))
  (should (coding-system-equal 'unix 'undecided-unix))
  (should (coding-system-equal 'latin-1 'iso-latin-1))
  (should-not (coding-system-equal 'utf-8 'utf-8-unix))
  (should (coding-system-equal 'emacs-internal 'utf-8-emacs-unix))
  (should (equal (condition-case e (coding-system-equal 'utf-8 'no-such-coding) (error e))
                 '(coding-system-error no-such-coding))))

(ert-deftest coding3-set-buffer-file-coding-system ()
  (with-temp-buffer
    (set-buffer-file-coding-system 'dos)
    (should (eq buffer-file-coding-system 'utf-8-dos))
    (should (buffer-modified-p))
    (set-buffer-file-coding-system 'latin-1)
    (should (eq buffer-file-coding-system 'iso-latin-1-dos))
    (set-buffer-file-coding-system 'undecided)
    (should (eq buffer-file-coding-system 'iso-latin-1-dos))
    (set-buffer-file-coding-system 'latin-1 t)
    (should (eq buffer-file-coding-system 'latin-1))
    (should (equal (condition-case e (set-buffer-file-coding-system 'no-such-coding) (error e))
                   '(coding-system-error no-such-coding)))))

(defun coding3-tests--written (text buffer-coding &optional coding-for-write)
  "TEXT written from a buffer whose coding system is BUFFER-CODING: the
bytes, last-coding-system-used and the buffer's coding system after."
  (let ((file (make-temp-file "coding3")))
    (unwind-protect
        (with-temp-buffer
          (setq buffer-file-coding-system buffer-coding)
          (insert text)
          (let ((coding-system-for-write coding-for-write))
            (write-region nil nil file nil 'quiet))
          (let ((used last-coding-system-used))
            (list (with-temp-buffer
                    (set-buffer-multibyte nil)
                    (insert-file-contents-literally file)
                    (append (buffer-string) nil))
                  used buffer-file-coding-system)))
      (delete-file file))))

(ert-deftest coding3-write-region-coding ()
  (should (equal (coding3-tests--written (string #xe9 ?\n) 'latin-1)
                 '((#xe9 10) iso-latin-1-unix latin-1)))
  (should (equal (coding3-tests--written (string #xe9 ?\n) 'undecided-dos)
                 '((#xc3 #xa9 13 10) utf-8-dos undecided-dos)))
  (should (equal (coding3-tests--written "a\n" 'undecided)
                 '((?a 10) undecided-unix undecided)))
  (should (equal (coding3-tests--written (string #xe9 ?\n) 'utf-8 'latin-1-dos)
                 '((#xe9 13 10) latin-1-dos utf-8)))
  (should (equal (coding3-tests--written (string #xe9 ?\n) nil)
                 '((#xc3 #xa9 10) utf-8-unix nil)))
  (let ((coding-system-for-write 'no-such-coding))
    (should (equal (condition-case e (write-region "a" nil (make-temp-name "/tmp/coding3")) (error e))
                   '(coding-system-error no-such-coding)))))

(ert-deftest coding3-insert-file-auto-coding ()
  ;; A byte order mark picks utf-8-with-signature, unless the caller
  ;; names the coding system.
  (should (equal (coding3-tests--read "\xef\xbb\xbf\xc3\xa9\n")
                 '((#xe9 ?\n) utf-8-with-signature-unix utf-8-with-signature-unix)))
  (let ((auto-coding-regexp-alist nil))
    (should (equal (coding3-tests--read "\xef\xbb\xbf\xc3\xa9\n")
                   '((#xfeff #xe9 ?\n) utf-8-unix utf-8-unix))))
  (let ((coding-system-for-read 'undecided))
    (should (equal (coding3-tests--read (concat "\xef\xbb\xbf" "a\n"))
                   '((#xfeff ?a ?\n) utf-8-unix utf-8-unix)))
    ;; ... which with utf-8-auto first takes the mark too.
    (with-coding-priority '(utf-8-auto)
      (should (equal (coding3-tests--read (concat "\xef\xbb\xbf" "a\n"))
                     '((?a ?\n) utf-8-with-signature-unix utf-8-with-signature-unix)))))
  ;; The file's name: a .el file is read in prefer-utf-8.
  (let ((file (make-temp-file "coding3" nil ".el" "(a)\n")))
    (unwind-protect
        (with-temp-buffer
          (insert-file-contents file)
          (should (eq buffer-file-coding-system 'prefer-utf-8-unix)))
      (delete-file file)))
  (let ((file (make-temp-file "coding3" nil ".tar" "a\n")))
    (unwind-protect
        (with-temp-buffer
          (insert-file-contents file)
          (should (eq buffer-file-coding-system 'no-conversion)))
      (delete-file file))))

(ert-deftest coding3-filepos-bufferpos ()
  (with-temp-buffer
    (insert (string ?a #xe9 ?b ?\n ?c))
    ;; UTF-8: é takes two bytes.
    (should (= (filepos-to-bufferpos 3 'exact 'utf-8-unix) 3))
    (should (= (bufferpos-to-filepos 4 'exact 'utf-8-unix) 4))
    ;; One byte a character, and one more for each CR of DOS lines.
    (should (= (filepos-to-bufferpos 3 'exact 'latin-1-unix) 4))
    (should (= (bufferpos-to-filepos 5 'exact 'latin-1-dos) 5))
    (should (= (filepos-to-bufferpos 5 'exact 'latin-1-dos) 5))
    (should (= (filepos-to-bufferpos 6 'exact 'utf-8-dos) 5))
    ;; A byte order mark comes first.
    (should (= (bufferpos-to-filepos 2 'exact 'utf-8-with-signature-unix) 4))
    ;; UTF-16: two bytes a character, approximately.
    (should (= (bufferpos-to-filepos 3 'approximate 'utf-16le) 4))
    (should (= (filepos-to-bufferpos 4 'approximate 'utf-16le) 3))
    ;; An undecided end of line is no exact answer.
    (should-error (filepos-to-bufferpos 1 'exact 'utf-8))
    (should (= (filepos-to-bufferpos 1 'approximate 'utf-8) 2))))

(defun coding3-tests--html-coding (html)
  (with-temp-buffer
    (insert html)
    (goto-char (point-min))
    (sgml-html-meta-auto-coding-function (buffer-size))))

(ert-deftest coding3-html-meta-coding ()
  ;; As in Emacs 28, a charset whose coding system is of type `charset'
  ;; trips over comparing types as coding systems.
  (should (equal (condition-case e
                     (coding3-tests--html-coding
                      "<!DOCTYPE html><html><head><meta charset=\"ISO-8859-1\"></head>")
                   (error e))
                 '(coding-system-error charset)))
  (should (eq (coding3-tests--html-coding
               "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\"></head>")
              'utf-8-unix))
  (should (eq (coding3-tests--html-coding "<html><head><meta charset=utf-16le></head>")
              'utf-16le))
  (should-not (coding3-tests--html-coding "<p><meta charset='utf-8'>"))
  (should-not (coding3-tests--html-coding "<html><head></head><body><meta charset='utf-8'>"))
  (should-not (coding3-tests--html-coding "<html><head><meta charset='no-such'></head>"))
  (let ((buffer-file-coding-system 'utf-8-with-signature-dos))
    (should (eq (coding3-tests--html-coding "<html><head><meta charset='UTF-8'></head>")
                'utf-8-with-signature-dos))))

(defun coding3-tests--auto-coding (text &optional file)
  (with-temp-buffer
    (insert text)
    (goto-char (point-min))
    (find-auto-coding (or file "") (buffer-size))))

(ert-deftest coding3-find-auto-coding ()
  (should (equal (coding3-tests--auto-coding ";; -*- coding: latin-1 -*-\nx\n")
                 '(latin-1 . :coding)))
  (should (equal (coding3-tests--auto-coding ";; -*- mode: text; coding: utf-8-dos; -*-\n")
                 '(utf-8-dos . :coding)))
  (should (equal (coding3-tests--auto-coding "#!/bin/sh\n# -*- coding: utf-8 -*-\n")
                 '(utf-8 . :coding)))
  ;; Only on the first line.
  (should-not (coding3-tests--auto-coding "x\n;; -*- coding: latin-1 -*-\n"))
  (should (equal (coding3-tests--auto-coding
                  "x\n/* Local Variables: */\n/* coding: utf-8-unix */\n/* End: */\n")
                 '(utf-8-unix . :coding)))
  (should (equal (coding3-tests--auto-coding "x" "/tmp/a.pdf")
                 '(no-conversion . auto-coding-alist)))
  (should (equal (coding3-tests--auto-coding (concat "\xef\xbb\xbf" "abc"))
                 '(utf-8-with-signature . auto-coding-regexp-alist)))
  (let ((auto-coding-functions (list (lambda (_size) 'latin-1))))
    (should (equal (coding3-tests--auto-coding "abc") '(latin-1 . auto-coding-functions))))
  (let ((auto-coding-functions nil))
    (should-not (coding3-tests--auto-coding "abc"))))


;; Emacs 28: writing a buffer takes the coding its coding cookie names
;; (not for a string written), resolves an undecided end of line to
;; Unix, and saving gives the buffer the coding it was written in.
(ert-deftest coding3-write-coding-choice ()
  (let ((dir (make-temp-file "coding3-write" t)) (inhibit-message t))
    (unwind-protect
        (let ((file (lambda (n) (expand-file-name n dir)))
              (results nil))
          (with-temp-buffer
            (insert "abc\n")
            (setq buffer-file-coding-system 'latin-1)
            (let ((coding-system-for-write 'utf-8)) (write-region nil nil (funcall file "a") nil t))
            (push (list buffer-file-coding-system last-coding-system-used) results))
          (with-temp-buffer
            (insert ";; -*- coding: latin-1 -*-\nabc\n")
            (setq buffer-file-coding-system 'utf-8)
            (write-region nil nil (funcall file "d") nil t)
            (push (list buffer-file-coding-system last-coding-system-used) results))
          (with-temp-buffer
            (insert ";; -*- coding: latin-1 -*-\nabc\n")
            (setq buffer-file-coding-system 'prefer-utf-8-dos)
            (write-region nil nil (funcall file "e") nil t)
            (push (list buffer-file-coding-system last-coding-system-used) results))
          (with-temp-buffer
            (write-region ";; -*- coding: latin-1 -*-\nÀ" nil (funcall file "f"))
            (push last-coding-system-used results))
          (with-temp-buffer
            (insert ";; -*- coding: latin-1 -*-\nabc\n")
            (setq buffer-file-coding-system 'prefer-utf-8-dos)
            (write-file (funcall file "e2"))
            (push (list buffer-file-coding-system last-coding-system-used) results))
          (with-temp-buffer
            (insert "Àbc\n")
            (setq buffer-file-coding-system 'prefer-utf-8-dos)
            (write-file (funcall file "h"))
            (push (list buffer-file-coding-system last-coding-system-used) results))
          (should (equal (nreverse results)
                         '((latin-1 utf-8-unix) (utf-8 iso-latin-1-unix)
                           (prefer-utf-8-dos iso-latin-1-dos) utf-8-unix
                           (iso-latin-1-dos iso-latin-1-dos) (utf-8-dos utf-8-dos)))))
      (delete-directory dir t))))

;;; coding3-tests.el ends here
