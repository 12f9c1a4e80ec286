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
  ;; Without C1 bytes it stays Latin-1 or UTF-8.
  (should (equal (coding3-tests--decode "\xa4\xa2" 'undecided) '((#xa4 #xa2) iso-latin-1 t)))
  (should (equal (coding3-tests--decode "\xc3\xa9" 'undecided) '((#xe9) utf-8 t))))

;;; coding3-tests.el ends here
