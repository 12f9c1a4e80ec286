;;; coding-cjk-tests.el --- Shift-JIS, EUC, Big5, ISO-2022-JP and their detection  -*- lexical-binding: t -*-

(require 'ert)

(defun coding-cjk-tests--chars (bytes coding)
  "BYTES decoded by CODING: its characters and the coding used."
  (let ((text (decode-coding-string bytes coding)))
    (list (append text nil) last-coding-system-used)))

(ert-deftest coding-cjk-names ()
  (should (eq (coding-system-base 'sjis) 'japanese-shift-jis))
  (should (eq (coding-system-base 'shift_jis-dos) 'japanese-shift-jis))
  (should (eq (coding-system-base 'euc-jp) 'japanese-iso-8bit))
  (should (eq (coding-system-base 'euc-kr) 'korean-iso-8bit))
  (should (eq (coding-system-base 'gb2312) 'chinese-iso-8bit))
  (should (eq (coding-system-base 'cn-big5) 'chinese-big5))
  (should (eq (coding-system-base 'junet) 'iso-2022-jp))
  (should (equal (coding-system-eol-type 'euc-cn)
                 [chinese-iso-8bit-unix chinese-iso-8bit-dos chinese-iso-8bit-mac]))
  (should (eql (coding-system-eol-type 'big5-mac) 2))
  (should (equal (mapcar #'coding-system-type '(sjis euc-jp big5 iso-2022-jp))
                 '(shift-jis iso-2022 big5 iso-2022)))
  (should (eq (check-coding-system 'euc-korea) 'euc-korea))
  (should-error (check-coding-system 'euc-martian) :type 'coding-system-error))

(ert-deftest coding-cjk-decode-japanese ()
  (should (equal (coding-cjk-tests--chars "\x93\xfa\x96\x7b" 'sjis)
                 '((#x65e5 #x672c) sjis)))
  (should (equal (coding-cjk-tests--chars "\\~\xb1\xdf" 'shift_jis)
                 '((?\\ ?~ #xff71 #xff9f) shift_jis)))
  (should (equal (coding-cjk-tests--chars "\xc6\xfc\r\n\x8e\xb1\x8f\xb0\xa1" 'euc-jp)
                 '((#x65e5 ?\n #xff71 #x4e02) japanese-iso-8bit-dos)))
  (should (equal (coding-cjk-tests--chars "a\e$BF|\e(Bb\e(J\\~\e(B" 'iso-2022-jp)
                 '((?a #x65e5 ?b #xa5 #x203e) iso-2022-jp)))
  ;; JIS X 0208's #x213D is EM DASH in Emacs.
  (should (equal (coding-cjk-tests--chars "\x81\x5c" 'sjis) '((#x2014) sjis))))

(ert-deftest coding-cjk-decode-chinese-korean ()
  (should (equal (coding-cjk-tests--chars "\xb0\xa1" 'euc-kr) '((#xac00) euc-kr)))
  (should (equal (coding-cjk-tests--chars "\xb0\xa1z" 'gb2312) '((#x554a ?z) gb2312)))
  (should (equal (coding-cjk-tests--chars "\xa4\x40\xa4\xa1" 'big5) '((#x4e00 #x4e11) big5))))

(ert-deftest coding-cjk-decode-bad-bytes ()
  ;; A byte that starts no character is a raw byte; one cut short too.
  (should (equal (coding-cjk-tests--chars "\xfd\x80\xa0" 'sjis)
                 '((#x3ffffd #x3fff80 #x3fffa0) sjis)))
  (should (equal (coding-cjk-tests--chars "\xa1\x7f\xa1" 'big5)
                 '((#x3fffa1 #x7f #x3fffa1) big5)))
  (should (equal (coding-cjk-tests--chars "\xb0\x41" 'euc-kr) '((#x3fffb0 #x41) euc-kr)))
  ;; A code of the charset with no Unicode character is one of Emacs's own.
  (should (equal (coding-cjk-tests--chars "\xa2\xaf" 'euc-jp) '((#x14006c) euc-jp)))
  (should (equal (coding-cjk-tests--chars "\xaa\xa1" 'euc-cn) '((#x11034e) euc-cn))))

(ert-deftest coding-cjk-charset-property ()
  (let ((text (decode-coding-string "\xa4\xa2x\x8e\xb1" 'euc-jp)))
    (should (equal (get-text-property 0 'charset text) 'japanese-jisx0208))
    (should (equal (get-text-property 1 'charset text) 'japanese-jisx0208))
    (should (equal (get-text-property 2 'charset text) 'katakana-jisx0201)))
  (let ((text (decode-coding-string "ab\xa4\x40" 'big5)))
    (should (null (get-text-property 0 'charset text)))
    (should (eq (get-text-property 2 'charset text) 'big5))))

(ert-deftest coding-cjk-encode ()
  (let ((text (string ?a #x65e5 #x672c ?\n #xff71)))
    (should (equal (encode-coding-string text 'sjis) "a\x93\xfa\x96\x7b\n\xb1"))
    (should (equal (encode-coding-string text 'euc-jp-dos) "a\xc6\xfc\xcb\xdc\r\n\x8e\xb1"))
    (should (equal (encode-coding-string text 'iso-2022-jp) "a\e$BF|K\\\e(B\n ")))
  ;; JIS X 0201 Roman, once there, stays for graphic ASCII.
  (should (equal (encode-coding-string (string #xa5 ?b ?\n) 'euc-jp) "\e(J\\b\e(B\n"))
  (should (equal (encode-coding-string (string #x203e ?\s #x65e5) 'iso-2022-jp)
                 "\e(J~\e(B \e$BF|\e(B"))
  (should (equal (encode-coding-string (string #xac00 #x4e00) 'euc-kr) "\xb0\xa1\xec\xe9"))
  (should (equal (encode-coding-string (string #x554a) 'chinese-iso-8bit) "\xb0\xa1"))
  (should (equal (encode-coding-string (string #x4e11 #xac00) 'big5) "\xa4\xa1 "))
  ;; Raw bytes go as themselves, Emacs's own characters as their code.
  (should (equal (encode-coding-string (string #x3fff85 #x14006c) 'euc-jp) "\x85\xa2\xaf"))
  (should (equal (encode-coding-string (string #x27a000) 'euc-kr) "\xa2\xaf")))

(ert-deftest coding-cjk-undecided ()
  (should (equal (coding-cjk-tests--chars "\x93\xfa\x96\x7b\x8c\xea" 'undecided)
                 '((#x65e5 #x672c #x8a9e) japanese-shift-jis)))
  (should (equal (coding-cjk-tests--chars "\xa4\x40\xa4\x41\n" 'undecided)
                 '((#xa4 ?@ #xa4 ?A ?\n) iso-latin-1-unix)))
  (should (equal (coding-cjk-tests--chars "\x91\xe9" 'undecided) '((#x91 #xe9) iso-latin-1)))
  (should (equal (with-coding-priority '(big5)
                   (coding-cjk-tests--chars "\xa4\x40\xa4\x41" 'undecided))
                 '((#x4e00 #x4e59) big5)))
  (should (equal (with-coding-priority '(euc-jp)
                   (coding-cjk-tests--chars "\xc6\xfc\xcb\xdc" 'undecided-dos))
                 '((#x65e5 #x672c) japanese-iso-8bit-dos))))

(ert-deftest coding-cjk-detect ()
  (should (equal (detect-coding-string "plain") '(undecided)))
  (should (eq (detect-coding-string "a\r\nb" t) 'undecided-dos))
  (should (equal (detect-coding-string "\x83") '(raw-text)))
  (should (equal (detect-coding-string "\xe3\x81\x82") '(utf-8 utf-8-auto raw-text)))
  (should (eq (detect-coding-string "\x93\xfa\x96\x7b\x8c\xea" t) 'japanese-shift-jis))
  (should (eq (detect-coding-string "\xc6\xfc\n" t) 'iso-latin-1-unix))
  (should (eq (with-coding-priority '(sjis) (detect-coding-string "\xa4\xa2" t)) 'sjis))
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "\x93\xfa\x96\x7b\x8c\xea")
    (should (eq (detect-coding-region (point-min) (point-max) t) 'japanese-shift-jis))))

(ert-deftest coding-cjk-priority ()
  (let ((mule--coding-priority nil)
        (saved (coding-system-priority-list)))
   (unwind-protect
    (progn
    (should (eq (coding-system-priority-list t) 'utf-8))
    (should (memq 'iso-latin-1 (coding-system-priority-list)))
    (set-coding-system-priority 'sjis 'big5)
    (should (equal (seq-take (coding-system-priority-list) 3)
                   '(japanese-shift-jis chinese-big5 utf-8)))
    (should (equal (coding-cjk-tests--chars "\x82\xa0" 'undecided) '((#x3042) sjis)))
    (prefer-coding-system 'euc-kr)
    (should (eq (coding-system-priority-list t) 'korean-iso-8bit))
    (should-not (memq 'chinese-iso-8bit (coding-system-priority-list)))
    (should (equal (coding-cjk-tests--chars "\xb0\xa1" 'undecided)
                   '((#xac00) korean-iso-8bit)))
    (should-error (prefer-coding-system 'no-such-coding))
    (should-error (set-coding-system-priority 'no-such-coding) :type 'coding-system-error))
    ;; Emacs's order is global there: put it back.
    (apply #'set-coding-system-priority saved))))

(ert-deftest coding-cjk-encode-coding-char ()
  (should (equal (encode-coding-char #x3042 'sjis) "\x82\xa0"))
  (should (equal (encode-coding-char #xac00 'euc-kr) "\xb0\xa1"))
  (should-not (encode-coding-char #xac00 'sjis)))

(ert-deftest coding-cjk-check-coding-systems ()
  (should-not (check-coding-systems-region "x\u3042" nil '(utf-8 euc-jp)))
  (should (equal (check-coding-systems-region "\u3042-\uac00-\xe9" nil
                                              '(sjis euc-kr latin-1 utf-8))
                 ;; "\xe9" here is a raw byte, which none encodes.
                 '((sjis 2 4) (euc-kr 4) (latin-1 0 2 4) (utf-8 4))))
  (with-temp-buffer
    (insert "ab\uac00")
    (should (equal (check-coding-systems-region (point-min) (point-max) '(big5))
                   '((big5 3)))))
  (should-not (check-coding-systems-region "x" nil '(no-such-coding)))
  (should-error (check-coding-systems-region "\u3042" nil '(no-such-coding))
                :type 'coding-system-error))

(ert-deftest coding-cjk-decode-region-unibyte ()
  ;; Decoded in a unibyte buffer, text stays there as its internal bytes.
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert "\xa4\xa2\r\n")
    (decode-coding-region (point-min) (point-max) 'euc-jp-dos)
    (should (equal (buffer-string) "\343\201\202\n"))
    (should (equal (decode-coding-region 1 2 'latin-1 t) (string #xe3)))))

(ert-deftest coding-cjk-mac-roman ()
  (should (eq (coding-system-base 'macintosh) 'mac-roman))
  (should (eq (coding-system-type 'mac-roman) 'charset))
  (should (equal (coding-cjk-tests--chars "a\x80\xdb\xf0\r\n" 'mac-roman)
                 '((?a #xc4 #x20ac #xe01e ?\n) mac-roman-dos)))
  (let ((text (decode-coding-string "x\xa5" 'macintosh)))
    (should (eq (get-text-property 0 'charset text) 'mac-roman)))
  (should (equal (encode-coding-string (string #xc4 #x3042 #x3fff85 ?\n) 'mac-roman-mac)
                 "\x80 \x85\r"))
  (let ((ascii "plain\n"))
    (should (eq (decode-coding-string ascii 'mac-roman-unix t) ascii))))

;;; coding-cjk-tests.el ends here
