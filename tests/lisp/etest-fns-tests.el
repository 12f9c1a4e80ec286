;;; etest-fns-tests.el --- sequence, data and coding primitives as Emacs's own src tests use them  -*- lexical-binding: t -*-

(require 'ert)

;;; car-less-than-car

(ert-deftest etest-fns-car-less-than-car ()
  (should (eq (car-less-than-car '(1 . a) '(2 . b)) t))
  (should (eq (car-less-than-car '(2) '(2)) nil))
  (should (eq (car-less-than-car '(3) '(2.5)) nil))
  (should (eq (car-less-than-car (list 1.5) (list 2)) t))
  (should (eq (car-less-than-car (list 0.0e+NaN) (list 1)) nil))
  (with-temp-buffer
    (insert "abc")
    (should (eq (car-less-than-car (list (point-min-marker)) (list 3)) t)))
  (should (equal (func-arity 'car-less-than-car) '(2 . 2)))
  (should (subrp (symbol-function 'car-less-than-car))))

(ert-deftest etest-fns-car-less-than-car-errors ()
  ;; The second argument is looked at first.
  (should (equal (should-error (car-less-than-car 1 2))
                 '(wrong-type-argument listp 2)))
  (should (equal (should-error (car-less-than-car 1 '(2)))
                 '(wrong-type-argument listp 1)))
  (should (equal (should-error (car-less-than-car '(1) '(x)))
                 '(wrong-type-argument number-or-marker-p x)))
  (should-error (car-less-than-car '(1)) :type 'wrong-number-of-arguments))

(ert-deftest etest-fns-sort-by-car ()
  (let ((alist (list (cons 3 'c) (cons 1 'a) (cons 2 'b) (cons 1 'z))))
    (should (equal (sort alist #'car-less-than-car)
                   '((1 . a) (1 . z) (2 . b) (3 . c)))))
  (let ((v (vector '(5) '(-1) '(2.5) '(0))))
    (should (equal (sort v 'car-less-than-car) [(-1) (0) (2.5) (5)]))))

;;; Variables that store t or nil

(ert-deftest etest-fns-boolean-variables ()
  (dolist (var '(display-hourglass load-force-doc-strings words-include-escapes
                 debug-on-quit parse-sexp-lookup-properties
                 open-paren-in-column-0-is-defun-start undo-inhibit-record-point
                 backtrace-on-error-noninteractive parse-sexp-ignore-comments
                 comment-end-can-be-escaped))
    (should (boundp var))
    (should (eq (eval `(let ((,var 5)) ,var) t) t))
    (should (eq (eval `(let ((,var "x")) (setq ,var 'other) ,var) t) t))
    (should (eq (eval `(let ((,var 5)) (setq ,var nil) ,var) t) nil))))

(ert-deftest etest-fns-boolean-variables-defaults ()
  (should (eq (default-value 'display-hourglass) t))
  (should (eq (default-value 'load-force-doc-strings) nil)))

(ert-deftest etest-fns-comment-end-can-be-escaped-is-local-when-set ()
  (should (local-variable-if-set-p 'comment-end-can-be-escaped))
  (with-temp-buffer
    (setq comment-end-can-be-escaped 'yes)
    (should (eq comment-end-can-be-escaped t))
    (should (local-variable-p 'comment-end-can-be-escaped))
    (should (eq (default-value 'comment-end-can-be-escaped) nil))))

;;; last-coding-system-used

(defun etest-fns--decoded-with (string coding)
  "The value of `last-coding-system-used' after decoding STRING with CODING."
  (let ((last-coding-system-used 'unset))
    (decode-coding-string string coding)
    last-coding-system-used))

(defun etest-fns--encoded-with (string coding)
  "The value of `last-coding-system-used' after encoding STRING with CODING."
  (let ((last-coding-system-used 'unset))
    (encode-coding-string string coding)
    last-coding-system-used))

(ert-deftest etest-fns-last-coding-system-used-no-conversion ()
  (should (eq (etest-fns--decoded-with "abc" nil) 'no-conversion))
  (should (eq (etest-fns--encoded-with "abc" nil) 'no-conversion))
  (should (eq (etest-fns--decoded-with "a\r\nb" 'binary) 'binary))
  (should (eq (etest-fns--decoded-with "a\r\nb" 'no-conversion) 'no-conversion))
  (should (eq (etest-fns--decoded-with "a\r\nb\351" 'emacs-internal) 'emacs-internal)))

(ert-deftest etest-fns-last-coding-system-used-encoding ()
  ;; Encoding reports the coding system as given.
  (dolist (coding '(utf-8 utf-8-dos latin-1 undecided prefer-utf-8 us-ascii))
    (should (eq (etest-fns--encoded-with "a\nhé" coding) coding))))

(ert-deftest etest-fns-last-coding-system-used-end-of-line ()
  ;; ASCII text without a CR leaves the end of line undecided.
  (should (eq (etest-fns--decoded-with "hello" 'utf-8) 'utf-8))
  (should (eq (etest-fns--decoded-with "a\nb" 'utf-8) 'utf-8))
  (should (eq (etest-fns--decoded-with "a\nb" 'undecided) 'undecided))
  (should (eq (etest-fns--decoded-with "a\nb" 'prefer-utf-8) 'prefer-utf-8-unix))
  ;; A CR, or text beyond ASCII, settles it.
  (should (eq (etest-fns--decoded-with "a\r\nb" 'utf-8) 'utf-8-dos))
  (should (eq (etest-fns--decoded-with "a\rb" 'utf-8) 'utf-8-mac))
  (should (eq (etest-fns--decoded-with "a\nb\r\n" 'utf-8) 'utf-8-unix))
  (should (eq (etest-fns--decoded-with "a\rb\r\nc" 'utf-8) 'utf-8-dos))
  (should (eq (etest-fns--decoded-with "h\303\251\nllo" 'utf-8) 'utf-8-unix))
  (should (eq (etest-fns--decoded-with "h\303\251llo" 'utf-8) 'utf-8))
  ;; Aliases take the name of the coding system they stand for.
  (should (eq (etest-fns--decoded-with "a\r\nb" 'latin-1) 'iso-latin-1-dos))
  (should (eq (etest-fns--decoded-with "a\r\nb" 'ascii) 'us-ascii-dos))
  (should (eq (etest-fns--decoded-with "a\r\nb" 'mule-utf-8) 'utf-8-dos))
  (should (eq (etest-fns--decoded-with "a\r\nb" 'latin-1-unix) 'latin-1-unix))
  (should (eq (etest-fns--decoded-with "a\r\nb" 'undecided) 'undecided-dos)))

(ert-deftest etest-fns-decode-lone-cr-as-mac ()
  (should (equal (decode-coding-string "a\rb" 'utf-8) "a\nb"))
  (should (equal (decode-coding-string "a\r" 'undecided) "a\n"))
  (should (equal (decode-coding-string "a\nb\r\n" 'utf-8) "a\nb\r\n"))
  (should (equal (decode-coding-string "a\r\nb\rc" 'utf-8) "a\nb\rc")))

(ert-deftest etest-fns-decode-undecided-charset ()
  (should (eq (etest-fns--decoded-with "h\303\251llo" 'undecided) 'utf-8))
  (should (eq (etest-fns--decoded-with "h\303\251\nllo" 'undecided) 'utf-8-unix))
  (should (eq (etest-fns--decoded-with "h\303\251\r\n" 'prefer-utf-8) 'utf-8-dos))
  (should (eq (etest-fns--decoded-with "\351t\351" 'undecided) 'iso-latin-1))
  (should (eq (etest-fns--decoded-with "\351t\351\n" 'prefer-utf-8) 'iso-latin-1-unix))
  (should (equal (decode-coding-string "h\303\251llo" 'undecided) "héllo"))
  ;; Not UTF-8: read as Latin-1.
  (should (string= (decode-coding-string "\351t\351" 'undecided) "été")))

(ert-deftest etest-fns-last-coding-system-used-buffer-local ()
  (let ((last-coding-system-used 'before))
    (with-temp-buffer
      (make-local-variable 'last-coding-system-used)
      (decode-coding-string "abc" 'utf-8-unix)
      (should (eq last-coding-system-used 'utf-8-unix))
      (should (eq (default-value 'last-coding-system-used) 'before)))))

;;; Decoding

(ert-deftest etest-fns-decoded-text-is-multibyte ()
  (dolist (coding '(utf-8 undecided latin-1 raw-text binary us-ascii))
    (should (multibyte-string-p (decode-coding-string "abc" coding))))
  (should (multibyte-string-p (decode-coding-string "" 'utf-8)))
  ;; Raw text with bytes beyond ASCII stays unibyte.
  (should-not (multibyte-string-p (decode-coding-string "a\351" 'binary)))
  (should-not (multibyte-string-p (encode-coding-string "abc" 'utf-8))))

(ert-deftest etest-fns-decode-utf-8-validity ()
  ;; A surrogate is not UTF-8: its bytes stay raw.
  (should (equal (string-to-list (decode-coding-string "\355\240\200" 'utf-8))
                 '(#x3fffed #x3fffa0 #x3fff80)))
  (should (equal (string-to-list (decode-coding-string "\356\200\200" 'utf-8))
                 '(#xe000)))
  ;; Nor is an overlong form.
  (should (equal (string-to-list (decode-coding-string "\340\200\200" 'utf-8))
                 '(#x3fffe0 #x3fff80 #x3fff80)))
  ;; Past Unicode, Emacs's own characters decode.
  (should (equal (string-to-list (decode-coding-string "\364\220\200\200" 'utf-8))
                 '(#x110000)))
  (should (equal (string-to-list (decode-coding-string "\367\277\277\277" 'utf-8))
                 '(#x1fffff))))

(ert-deftest etest-fns-undecided-keeps-c1-bytes-raw ()
  ;; Bytes #x80..#x9F are no Latin-1 text: not taken as such.
  (should-not (equal (decode-coding-string "\300\200" 'undecided) "À\200"))
  (should (equal (string-to-list (decode-coding-string "\300\200" 'undecided))
                 '(#x3fffc0 #x3fff80)))
  (should (eq (etest-fns--decoded-with "\300\200" 'undecided) 'utf-8)))

(ert-deftest etest-fns-call-process-output-keeps-cr ()
  (skip-unless (executable-find "printf"))
  (with-temp-buffer
    (let ((last-coding-system-used 'unset))
      (call-process "printf" nil t nil "a\\r\\nb\\n")
      (should (equal (buffer-string) "a\r\nb\n"))
      (should (eq last-coding-system-used 'utf-8-unix)))))

;; Latin-1 text beyond ASCII carries a `charset' property over all of it.
(ert-deftest etest-fns-decode-latin-1-charset-property ()
  (should (equal-including-properties
           (decode-coding-string "a\351b\nc" 'latin-1)
           (propertize "aéb\nc" 'charset 'iso-8859-1)))
  (should (equal-including-properties
           (decode-coding-string "a\351b\r\nc" 'iso-latin-1-unix)
           (propertize "aéb\r\nc" 'charset 'iso-8859-1)))
  (should (equal-including-properties
           (decode-coding-string "\351t\351" 'undecided)
           (propertize "été" 'charset 'iso-8859-1)))
  ;; None for ASCII text, nor for other coding systems.
  (should (equal-including-properties (decode-coding-string "hello" 'latin-1) "hello"))
  (should (equal-including-properties (decode-coding-string "h\303\251" 'utf-8) "hé"))
  ;; The properties of the bytes decoded do not carry over.
  (should (equal-including-properties
           (decode-coding-string (propertize "\351" 'face 'bold) 'latin-1)
           (propertize "é" 'charset 'iso-8859-1))))

;;; decode-coding-region, encode-coding-region

(defun etest-fns--raw-buffer (bytes)
  "A new multibyte buffer holding BYTES (a unibyte string) as raw bytes."
  (let ((buffer (generate-new-buffer " etest-fns")))
    (with-current-buffer buffer (insert bytes))
    buffer))

(ert-deftest etest-fns-decode-coding-region-in-place ()
  (let ((buffer (etest-fns--raw-buffer "xab\303\251c\r\nd")))
    (unwind-protect
        (with-current-buffer buffer
          (goto-char (point-max))
          (let ((last-coding-system-used 'unset))
            (should (eq (decode-coding-region 2 (point-max) 'utf-8) 6))
            (should (equal (buffer-string) "xabéc\nd"))
            (should (eq last-coding-system-used 'utf-8-dos)))
          ;; Point after the region moved with the text after it.
          (should (= (point) (point-max))))
      (kill-buffer buffer))))

(ert-deftest etest-fns-coding-region-point ()
  ;; Point before the region stays, inside it goes to its start, after
  ;; it moves with the text.
  (dolist (case '((1 . 1) (3 . 2) (5 . 2) (7 . 6) (9 . 8)))
    (let ((buffer (etest-fns--raw-buffer "xab\303\251c\r\nd")))
      (unwind-protect
          (with-current-buffer buffer
            (goto-char (car case))
            (should (eq (decode-coding-region 2 6 'utf-8) 3))
            (should (= (point) (cdr case))))
        (kill-buffer buffer)))))

(ert-deftest etest-fns-encode-coding-region ()
  (with-temp-buffer
    (insert "xaébc\n")
    (goto-char 5)
    (should (eq (encode-coding-region 2 5 'utf-8) 4))
    (should (= (point) 6))
    (should (equal (string-to-list (buffer-substring 2 6))
                   '(?a #x3fffc3 #x3fffa9 ?b)))
    (should (equal (encode-coding-region 1 2 'utf-8 t) "x"))))

(ert-deftest etest-fns-coding-region-destinations ()
  (with-temp-buffer
    (insert (propertize "ab" 'face 'bold) "c")
    ;; t: the converted text, the buffer untouched.
    (should (equal-including-properties (decode-coding-region 3 1 'utf-8 t) "ab"))
    (should (equal (decode-coding-region 1 3 nil t) "ab"))
    ;; In place, the properties go.
    (decode-coding-region 1 4 'utf-8)
    (should (equal-including-properties (buffer-string) "abc")))
  (let ((other (generate-new-buffer " etest-fns-other")))
    (unwind-protect
        (with-temp-buffer
          (insert "a\351b")
          (with-current-buffer other (insert "XY") (goto-char 2))
          (should (eq (decode-coding-region 1 4 'latin-1 other) 3))
          (should (equal (buffer-string) (string-to-multibyte "a\351b")))
          (with-current-buffer other
            (should (equal (buffer-string) "XaébY"))
            (should (= (point) 2))))
      (kill-buffer other))))

(ert-deftest etest-fns-coding-region-errors ()
  (with-temp-buffer
    (insert "abcdef")
    (narrow-to-region 2 4)
    (should (equal (should-error (decode-coding-region 1 3 'utf-8))
                   (list 'args-out-of-range (current-buffer) 1 3)))
    (should (equal (should-error (encode-coding-region 2 7 'utf-8))
                   (list 'args-out-of-range (current-buffer) 2 7)))
    (should (equal (should-error (decode-coding-region 'a 3 'utf-8))
                   '(wrong-type-argument integer-or-marker-p a)))
    (should (equal (should-error (decode-coding-region 2 3 'utf-8 5))
                   '(wrong-type-argument bufferp 5)))
    ;; The coding system is checked first.
    (should (equal (should-error (decode-coding-region 2 9 'no-such-coding t))
                   '(coding-system-error no-such-coding)))))

(ert-deftest etest-fns-write-region-coding-used ()
  (let ((file (make-temp-file "etest-fns")))
    (unwind-protect
        (with-temp-buffer
          (insert "héllo\n")
          (let ((last-coding-system-used 'unset))
            (write-region nil nil file nil 'silent)
            (should (eq last-coding-system-used 'utf-8-unix)))
          (erase-buffer)
          (set-buffer-multibyte nil)
          (insert-file-contents-literally file)
          (should (equal (buffer-string) "h\303\251llo\n")))
      (delete-file file))))

;;; clear-string

(ert-deftest etest-fns-clear-string ()
  (let ((s (copy-sequence "abc")))
    (should (eq (clear-string s) nil))
    (should (equal s (make-string 3 0))))
  (let ((s (copy-sequence "héllo")))
    (clear-string s)
    (should-not (multibyte-string-p s))
    (should (= (length s) 6))
    (should (equal (string-to-list s) (make-list 6 0))))
  (let ((s (propertize "ab" 'face 'bold)))
    (clear-string s)
    (should (equal-including-properties s (propertize (make-string 2 0) 'face 'bold))))
  (should (eq (clear-string "") nil))
  (should (equal (should-error (clear-string 'a)) '(wrong-type-argument stringp a)))
  (should (equal (should-error (clear-string [1])) '(wrong-type-argument stringp [1]))))

;;; etest-fns-tests.el ends here
