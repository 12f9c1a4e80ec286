;;; coding2-tests.el --- utf-16, utf-8-with-signature, encode-coding-char  -*- lexical-binding: t -*-

(require 'ert)

(defun coding2-tests--bytes (string)
  "STRING's characters as a list."
  (append string nil))

(defun coding2-tests--decode (bytes coding)
  "BYTES (a list) decoded by CODING: the characters and the coding used."
  (let ((text (decode-coding-string (apply #'unibyte-string bytes) coding)))
    (list (append text nil) last-coding-system-used (multibyte-string-p text))))

(ert-deftest coding2-names ()
  (dolist (coding '(utf-16 utf-16le utf-16be utf-16-le utf-16-be utf-16-dos
                    utf-16le-with-signature utf-16be-with-signature-mac
                    utf-8-with-signature utf-8-with-signature-unix utf-8-auto))
    (should (coding-system-p coding))
    (should (eq (check-coding-system coding) coding)))
  (should-not (coding-system-p 'utf-16-be-with-signature))
  (should-not (coding-system-p 'utf-8-sig))
  (should (equal (mapcar #'coding-system-base
                         '(nil utf-16-dos utf-16-le utf-16-be-unix latin-1-mac binary
                           emacs-internal mule-utf-8 utf-8-with-signature-dos))
                 '(no-conversion utf-16 utf-16le-with-signature utf-16be-with-signature
                   iso-latin-1 no-conversion utf-8-emacs utf-8 utf-8-with-signature)))
  (should (equal (condition-case e (coding-system-base 'foo) (error e))
                 '(coding-system-error foo)))
  (should (equal (condition-case e (coding-system-base "utf-8") (error e))
                 '(wrong-type-argument symbolp "utf-8"))))

(ert-deftest coding2-encode-utf-16 ()
  (let ((text (string ?a #xe9 ?\n #x1f600)))
    (dolist (case '((utf-16 (254 255 0 97 0 233 0 10 216 61 222 0))
                    (utf-16be (0 97 0 233 0 10 216 61 222 0))
                    (utf-16le (97 0 233 0 10 0 61 216 0 222))
                    (utf-16-le (255 254 97 0 233 0 10 0 61 216 0 222))
                    (utf-16-be (254 255 0 97 0 233 0 10 216 61 222 0))
                    (utf-16le-dos (97 0 233 0 13 0 10 0 61 216 0 222))
                    (utf-16be-mac (0 97 0 233 0 13 216 61 222 0))))
      (should (equal (coding2-tests--bytes (encode-coding-string text (car case)))
                     (cadr case)))
      (should (eq last-coding-system-used (car case)))))
  ;; Beyond Unicode and raw bytes become spaces; lone surrogates go as they are.
  (should (equal (coding2-tests--bytes
                  (encode-coding-string (string #x3fff80 #x110000 #xd800) 'utf-16le))
                 '(32 0 32 0 0 216)))
  (should (equal (coding2-tests--bytes (encode-coding-string "\377a" 'utf-16be))
                 '(0 32 0 97)))
  (should (equal (encode-coding-string "" 'utf-16) "\376\377"))
  (should-not (multibyte-string-p (encode-coding-string "a" 'utf-16))))

(ert-deftest coding2-encode-utf-8-with-signature ()
  (should (equal (coding2-tests--bytes (encode-coding-string (string ?a #xe9) 'utf-8-with-signature))
                 '(239 187 191 97 195 169)))
  (should (eq last-coding-system-used 'utf-8-with-signature))
  (should (equal (encode-coding-string "" 'utf-8-with-signature) "\357\273\277"))
  (should (equal (encode-coding-string "a\n" 'utf-8-with-signature-dos) "\357\273\277a\r\n"))
  (should (equal (encode-coding-string "\377a" 'utf-8-with-signature) "\357\273\277\377a"))
  (should (equal (encode-coding-string (string #xe9) 'utf-8-auto) "\303\251")))

(ert-deftest coding2-decode-utf-16-signatures ()
  (should (equal (coding2-tests--decode '(254 255 0 97 0 10) 'utf-16)
                 '((97 10) utf-16be-with-signature-unix t)))
  (should (equal (coding2-tests--decode '(255 254 97 0) 'utf-16)
                 '((97) utf-16le-with-signature t)))
  (should (equal (coding2-tests--decode '(0 97 0 13 0 10) 'utf-16)
                 '((97 10) utf-16-dos t)))
  ;; utf-16 looks for a mark only in text of even length.
  (should (equal (coding2-tests--decode '(255 254 97) 'utf-16)
                 '((65534 97) utf-16 t)))
  (should (equal (coding2-tests--decode '(255 254 97 0 10 0) 'utf-16-le)
                 '((97 10) utf-16le-with-signature-unix t)))
  (should (equal (coding2-tests--decode '(254 255 0 97) 'utf-16-le)
                 '((65534 24832) utf-16-le t)))
  (should (equal (coding2-tests--decode '(255 254 97 0) 'utf-16le)
                 '((65279 97) utf-16le t)))
  (should (equal (coding2-tests--decode '(254 255 0 97 0 10) 'utf-16-dos)
                 '((97 10) utf-16be-with-signature-dos t)))
  (should (equal (coding2-tests--decode '() 'utf-16be) '(nil utf-16be t))))

(ert-deftest coding2-decode-utf-16-edges ()
  ;; Surrogate pairs, a lone low surrogate, an odd last byte.
  (should (equal (coding2-tests--decode '(216 0 220 0 220 1 0) 'utf-16be)
                 '((65536 56321 0) utf-16be t)))
  (should (equal (coding2-tests--decode '(97 0 128) 'utf-16le)
                 '((97 #x3fff80) utf-16le t)))
  ;; A high surrogate with no low one: its bytes, again before each
  ;; character while it stays pending; dropped at the end.
  (should (equal (coding2-tests--decode '(216 220 97 254 254 0 128) 'utf-16-be)
                 '((216 220 25086 216 220 65024 #x3fff80) utf-16-be t)))
  (should (equal (coding2-tests--decode '(0 216) 'utf-16le) '(nil utf-16le t)))
  ;; Ends of line are found in the characters.
  (should (equal (coding2-tests--decode '(0 13 0 13 0 10) 'utf-16be)
                 '((13 10) utf-16be-dos t)))
  (should (equal (coding2-tests--decode '(13 0) 'utf-16le-with-signature)
                 '((10) utf-16le-with-signature-mac t)))
  ;; Named DOS: a CR with nothing after it stays bytes, or goes after a CR.
  (should (equal (coding2-tests--decode '(0 97 0 13) 'utf-16be-dos)
                 '((97 0 13) utf-16be-dos t)))
  (should (equal (coding2-tests--decode '(0 97 0 13 0 13) 'utf-16be-dos)
                 '((97 13) utf-16be-dos t))))

(ert-deftest coding2-decode-utf-16-multibyte-source ()
  (should (equal (coding2-tests--bytes (decode-coding-string (string #xe9 0) 'utf-16))
                 '(233 0))))

(ert-deftest coding2-decode-utf-8-with-signature ()
  (should (equal (coding2-tests--decode '(239 187 191 97 195 169) 'utf-8-with-signature)
                 '((97 233) utf-8-with-signature t)))
  (should (equal (coding2-tests--decode '(97 10) 'utf-8-with-signature)
                 '((97 10) utf-8-with-signature-unix t)))
  (should (equal (coding2-tests--decode '(239 187 191) 'utf-8-with-signature)
                 '(nil utf-8-with-signature t)))
  (should (equal (coding2-tests--decode '(97 13 10) 'utf-8-with-signature)
                 '((97 10) utf-8-with-signature-dos t)))
  (should (equal (coding2-tests--decode '(239 187 191 97) 'utf-8-auto)
                 '((97) utf-8-with-signature t)))
  (should (equal (coding2-tests--decode '(10) 'utf-8-auto) '((10) utf-8-unix t)))
  (should (equal (coding2-tests--decode '(97 255) 'utf-8-auto)
                 '((97 #x3fffff) utf-8-auto t))))

(ert-deftest coding2-decode-utf-8-dos-byte-after-cr ()
  ;; Emacs loses a bad byte read ahead after a lone CR, when DOS is named.
  (should (equal (coding2-tests--decode '(13 216 0) 'utf-8-dos) '((13 0) utf-8-dos t)))
  (should (equal (coding2-tests--decode '(13 128 10 97) 'utf-8-dos) '((10 97) utf-8-dos t)))
  (should (equal (coding2-tests--decode '(13 10 13 128 97) 'utf-8)
                 '((10 13 #x3fff80 97) utf-8-dos t))))

(ert-deftest coding2-encode-unibyte-source ()
  ;; A unibyte string's bytes read as Emacs's internal form would be.
  (dolist (case '((utf-16le "\303\251" (233 0)) (utf-16le "(\305\205" (40 0 69 1))
                  (utf-16le "\305" (32 0)) (utf-16le "\301\277" (32 0))
                  (latin-1 "\303\251" (233)) (latin-1 "\301\277" (255))
                  (us-ascii "\303\251" (63)) (utf-8 "\377a" (255 97))
                  (raw-text "\200\200" (128 128)) (raw-text "\222\300\260" (146 192 176))))
    (should (equal (append (encode-coding-string (cadr case) (car case)) nil)
                   (nth 2 case)))))

(ert-deftest coding2-round-trips ()
  (let ((text (string ?a 0 ?\n #xe9 #x3b1 #xffff #x10000 #x10ffff ?z)))
    (dolist (coding '(utf-16 utf-16le utf-16be utf-16-le utf-16-be utf-8-with-signature
                      utf-16-unix utf-16le-dos utf-8-with-signature-mac))
      (should (equal (decode-coding-string (encode-coding-string text coding) coding)
                     text)))))

(defun coding2-tests--char (char coding)
  "`encode-coding-char' of CHAR and CODING as a list of bytes, or its error."
  (condition-case err
      (let ((bytes (encode-coding-char char coding)))
        (and bytes (append bytes nil)))
    (error err)))

(ert-deftest coding2-encode-coding-char ()
  (dolist (case '((?a utf-8 (97)) (?\n utf-8-dos (13 10)) (#xe9 utf-8 (195 169))
                  (#xe9 latin-1 (233)) (#xe9 us-ascii nil) (#xe9 undecided nil)
                  (#x3b1 iso-latin-1 nil) (#x3b1 raw-text (206 177))
                  (#x3fff80 utf-8 nil) (#x3fff80 raw-text (128)) (#x3fffff binary (255))
                  (#x200000 utf-8 nil) (#x200000 utf-8-emacs (248 136 128 128 128))
                  (?a utf-16 (0 97)) (?a utf-16le (97 0)) (#x3b1 utf-16 (3 177))
                  (#x1f600 utf-16le (61 216 0 222)) (?\n utf-16-dos (0 13 0 10))
                  (?a utf-8-with-signature (97)) (#xe9 utf-8-with-signature (195 169))
                  (#x110000 utf-16 nil)
                  ;; The mark's bytes again in the character's own.
                  (#xfeff utf-16 nil) (#xfffe utf-16 (255 254))
                  (#xfeff utf-8-with-signature nil)
                  ;; utf-8-auto writes no mark but is counted one, as in Emacs.
                  (?a utf-8-auto (args-out-of-range "aa" 3 1))
                  (#x1f600 utf-8-auto (128))))
    (should (equal (list (car case) (cadr case) (coding2-tests--char (car case) (cadr case)))
                   case)))
  (should-not (multibyte-string-p (encode-coding-char #xe9 'utf-16)))
  (should (equal (encode-coding-char #xe9 'latin-1 'iso-8859-1) "\351"))
  (should (equal (encode-coding-char #xe9 nil) (string #xe9)))
  (should (equal (coding2-tests--char ?a 'foo) '(coding-system-error foo)))
  (should (equal (coding2-tests--char -1 'utf-8) '(wrong-type-argument characterp -1))))

;;; coding2-tests.el ends here
