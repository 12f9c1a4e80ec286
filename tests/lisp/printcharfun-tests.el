;;; printcharfun-tests.el --- a function as PRINTCHARFUN gets characters  -*- lexical-binding: t -*-

(require 'ert)

(defun printcharfun-tests--chars (printer)
  "The characters PRINTER, called with a collecting function, sends it."
  (let ((got nil))
    (funcall printer (lambda (c) (push c got)))
    (nreverse got)))

(ert-deftest printcharfun-multibyte-text-as-characters ()
  (should (equal (printcharfun-tests--chars (lambda (f) (princ "añλ€" f)))
                 '(?a ?ñ ?λ ?€)))
  (should (equal (printcharfun-tests--chars (lambda (f) (prin1 '("λ" ñ) f)))
                 '(?\( ?\" ?λ ?\" ?\s ?ñ ?\))))
  (should (equal (printcharfun-tests--chars (lambda (f) (print 'ü f)))
                 '(?\n ?ü ?\n)))
  (should (equal (printcharfun-tests--chars
                  (lambda (f) (let ((standard-output f))
                                (princ "ö") (write-char ?€) (terpri))))
                 '(?ö ?€ ?\n))))

(ert-deftest printcharfun-raw-bytes ()
  (let ((raw (string-to-multibyte "\372")))
    ;; princ: a unibyte string's byte is the character of that code,
    ;; a multibyte string's raw byte is the raw-byte character.
    (should (equal (printcharfun-tests--chars (lambda (f) (princ "\372" f)))
                   '(#xfa)))
    (should (equal (printcharfun-tests--chars (lambda (f) (princ raw f)))
                   '(#x3ffffa)))
    (should (equal (printcharfun-tests--chars
                    (lambda (f) (let ((print-escape-nonascii t)) (princ "\372" f))))
                   '(#xfa)))
    ;; prin1: a unibyte string's byte goes as the raw-byte character
    ;; unless print-escape-nonascii; a multibyte raw byte as \ooo.
    (should (equal (printcharfun-tests--chars (lambda (f) (prin1 "\372" f)))
                   '(?\" #x3ffffa ?\")))
    (should (equal (printcharfun-tests--chars
                    (lambda (f) (let ((print-escape-nonascii t)) (prin1 "\372" f))))
                   (string-to-list "\"\\372\"")))
    (should (equal (printcharfun-tests--chars (lambda (f) (prin1 raw f)))
                   (string-to-list "\"\\372\"")))
    (should (equal (printcharfun-tests--chars (lambda (f) (write-char #x3ffffa f)))
                   '(#x3ffffa)))))

(ert-deftest printcharfun-strings-get-octal-text ()
  ;; A string (Emacs's buffer) gets raw bytes as \ooo text instead.
  (should (equal (with-output-to-string (princ "\372") (princ "ä\372"))
                 "\\372ä\\372"))
  (should (equal (prin1-to-string "\372" t) "\\372"))
  (should (equal (format "%S" "\372") "\"\\372\"")))
