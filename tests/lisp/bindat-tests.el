;;; bindat-tests.el --- bindat's spec and type APIs  -*- lexical-binding: t -*-

(require 'ert)
(require 'bindat)

;; A made-up meter-reading message: a count of records, a header naming
;; the sending host, padding, then the records, each padded to a
;; multiple of 4 bytes.  First as an old-style spec ...
(defconst bindat-tests--header-spec
  '((magic u16) (version u8) (origin ip) (sequence u32r)))
(defconst bindat-tests--record-spec
  '((unit str 3) (kind u8) (size u16r) (payload vec (size))
    (stamp u32) (name strz 6) (align 4)))
(defconst bindat-tests--message-spec
  '((count u8) (head struct bindat-tests--header-spec) (fill 4)
    (records repeat (count) (struct bindat-tests--record-spec))))

;; ... and as `bindat-type' values.
(bindat-defmacro bindat-tests--ip () "An IPv4 address." '(vec 4 byte))
(defconst bindat-tests--header-type
  (bindat-type (magic uint 16) (version u8) (origin bindat-tests--ip)
    (sequence uintr 32)))
(defconst bindat-tests--record-type
  (bindat-type (unit str 3) (kind u8) (size uintr 16) (payload vec size)
    (stamp uint 32) (name strz 6) (_ align 4)))
(defconst bindat-tests--message-type
  (bindat-type (count u8) (head type bindat-tests--header-type) (_ fill 4)
    (records repeat count (_ type bindat-tests--record-type))))

(defconst bindat-tests--message
  '((count . 2)
    (head (magic . 12345) (version . 3) (origin . [192 168 1 20])
          (sequence . 70000))
    (records ((unit . "kWh") (kind . 4) (size . 3) (payload . [1 2 3])
              (stamp . 1700000000) (name . "meter"))
             ((unit . "min") (kind . 7) (size . 1) (payload . [250])
              (stamp . 86400) (name . "clock")))))

;; The message packed, part by part.
(defconst bindat-tests--message-bytes
  (concat
   ;; Count, then the header: magic (big-endian), version, origin,
   ;; sequence (little-endian); then the fill.
   (unibyte-string 2 48 57 3 192 168 1 20 112 17 1 0 0 0 0 0)
   ;; Each record: unit, kind, size (little-endian), payload, stamp
   ;; (big-endian), name with its NUL, zeros up to a multiple of 4.
   (unibyte-string 107 87 104 4 3 0 1 2 3 101 83 241 0)
   (unibyte-string 109 101 116 101 114 0 0)
   (unibyte-string 109 105 110 7 1 0 250 0 1 81 128)
   (unibyte-string 99 108 111 99 107 0 0 0 0)))

(ert-deftest bindat-spec-pack-meter-message ()
  (should (equal (bindat-length bindat-tests--message-spec bindat-tests--message) 56))
  (let ((raw (bindat-pack bindat-tests--message-spec bindat-tests--message)))
    (should (equal raw bindat-tests--message-bytes))
    (should-not (multibyte-string-p raw))))

(ert-deftest bindat-spec-unpack-is-newest-field-first ()
  (let ((s (bindat-unpack bindat-tests--message-spec bindat-tests--message-bytes)))
    (should (equal (car s) (assq 'records s)))
    (should (equal (bindat-get-field s 'head 'sequence) 70000))
    (should (equal (bindat-get-field s 'records 1 'unit) "min"))
    (should (equal (bindat-get-field s 'records 0 'name) "meter"))
    (should (equal (bindat-get-field s 'records 0 'payload) [1 2 3]))
    (should (equal (bindat-get-field s 'records 0 'stamp) 1700000000))
    (should (equal (bindat-get-field s 'head)
                   '((sequence . 70000) (origin . [192 168 1 20])
                     (version . 3) (magic . 12345))))))

(ert-deftest bindat-type-round-trips-meter-message ()
  (let ((raw (bindat-pack bindat-tests--message-type bindat-tests--message)))
    (should (equal raw bindat-tests--message-bytes))
    (should (equal (bindat-length bindat-tests--message-type bindat-tests--message) 56))
    (should (equal (bindat-unpack bindat-tests--message-type raw)
                   bindat-tests--message))))

(ert-deftest bindat-spec-integer-and-string-types ()
  (let ((spec '((a u32) (b u24) (c u32r) (d u24r) (e bits 1) (f str 2))))
    (should (equal (bindat-unpack spec "\1\2\3\4\5\6\7\1\2\3\4\5\6\7\201AB")
                   '((f . "AB") (e 0 7) (d . 460293) (c . 67305985)
                     (b . 329223) (a . 16909060))))
    (should (equal (bindat-pack spec '((a . 16909060) (b . 3) (c . 5) (d . 6)
                                       (e 7 0) (f . "xy")))
                   "\1\2\3\4\0\0\3\5\0\0\0\6\0\0\201xy"))))

(ert-deftest bindat-spec-union-eval-and-nested-vec ()
  (should (equal (bindat-unpack '((tag u8) (union (tag) (1 (x u8)) (2 (y u16))
                                              (t (z u8))))
                                "\2\1\2")
                 '((y . 258) (tag . 2))))
  (should (equal (bindat-unpack '((tag u8) (union (tag) (1 (x u8))
                                              ((eq tag 5) (y u16))))
                                "\5\1\2")
                 '((y . 258) (tag . 5))))
  (should (equal (bindat-pack '((tag u8) (union (tag) (1 (x u8)) (2 (y u16))))
                              '((tag . 2) (y . 513)))
                 "\2\2\1"))
  (should (equal (bindat-unpack '((n u8) (v eval (* 2 (cdr (assq 'n struct))))
                                  (eval (+ 1 2)) (w vec 2 u16))
                                "\3\0\1\0\2")
                 '((w . [1 2]) (v . 6) (n . 3))))
  (should (equal (bindat-pack '((n u8) (v eval (* 2 last)) (w u8))
                              '((n . 3) (w . 4)))
                 "\3\4"))
  (should (equal (bindat-length '((n u8) (v vec 2 (vec 3 u16))) nil) 13))
  (should (equal (bindat-unpack '((v vec 2 (vec 2 u8))) [1 2 3 4])
                 '((v . [[1 2] [3 4]]))))
  (should (equal (bindat-unpack '((a u8)) "\1\2" 1) '((a . 2)))))

(ert-deftest bindat-pack-into-given-string ()
  (let ((r (make-string 4 0)))
    (should-not (bindat-pack '((a u16)) '((a . 258)) r 1))
    (should (equal r "\0\1\2\0"))))

(ert-deftest bindat-errors-like-emacs ()
  (should (equal (should-error (bindat-unpack '((a u8)) "é"))
                 '(error "String is multibyte")))
  (should (equal (should-error (bindat-pack '((a u8)) '((a . 1)) "é"))
                 '(error "Pre-allocated string is multibyte")))
  (should (equal (should-error (eval '(bindat-type :pack-var x) t))
                 (list 'error (format-message
                               "`:pack-var VAR' needs to be followed by fields"))))
  (should (equal (should-error (eval '(bindat-type (a u8) 7) t))
                 '(error "Unrecognized format in bindat fields: (7)")))
  ;; Emacs 28 cannot unpack a `strz' of no given length.
  (should-error (bindat-unpack (bindat-type strz) "ab\0")
                :type 'wrong-type-argument))

(ert-deftest bindat-type-sint-and-pack-val ()
  (let ((s16 (bindat-type sint 16 nil))
        (s32r (bindat-type sint 32 t))
        (lp (bindat-type :pack-var s (len u8 :pack-val (length s))
              (data str len :pack-val s)
              :unpack-val data)))
    (should (equal (bindat-pack s16 -2) "\377\376"))
    (should (equal (bindat-unpack s16 (bindat-pack s16 -300)) -300))
    (should (equal (bindat-unpack s32r (bindat-pack s32r -70000)) -70000))
    (should (equal (bindat-pack s32r 1) "\1\0\0\0"))
    (should (equal (bindat-pack lp "hello") "\5hello"))
    (should (equal (bindat-unpack lp "\3abcd") "abc"))))

(ert-deftest bindat-type-small-types ()
  (should (equal (bindat-pack (bindat-type strz) "abc") "abc"))
  (should (equal (bindat-pack (bindat-type strz 5) "abc") "abc\0\0"))
  (should (equal (bindat-unpack (bindat-type bits 2) "\1\200") '(7 8)))
  (should (equal (bindat-pack (bindat-type bits 2) '(0 15)) "\200\1"))
  (should (equal (bindat-unpack (bindat-type (a u8) (c unit 7) (b uint 24))
                                "\1\0\1\2")
                 '((a . 1) (c . 7) (b . 258))))
  (should (equal (bindat-unpack (bindat-type vec 2 uintr 16) "\1\0\2\0") [1 2]))
  ;; Fixed-size elements: the length does not look at the vector.
  (should (equal (bindat-length (bindat-type vec 3 uint 16) [1]) 6))
  (should (equal (bindat-unpack (bindat-type (x u8) (_ (y u8) (z u8))) "\1\2\3")
                 '((x . 1) (y . 2) (z . 3))))
  (should (equal (bindat-unpack (bindat-type repeat 2 uint 16) "\0\1\0\2") '(1 2))))

(ert-deftest bindat-formatting ()
  (should (equal (bindat-ip-to-string [192 168 1 100]) "192.168.1.100"))
  (should (equal (bindat-ip-to-string "\1\2\3\4") "1.2.3.4"))
  (should (equal (bindat-vector-to-hex [1 255 16]) "01:ff:10"))
  (should (equal (bindat-vector-to-dec [1 2 3] "-") "1-2-3"))
  (should (equal (bindat-vector-to-dec [1 2 3]) "1.2.3"))
  (should (equal (bindat-format-vector [1 2 3 4] "%d" "," 2) "1,2"))
  (should (equal (bindat-ip-to-string [1 2 3 4 80]) "1.2.3.4"))
  (should (equal (bindat-ip-to-string [1 2 3 4 5 6 7 65535]) "1:2:3:4:5:6:7:ffff"))
  (should-not (bindat-ip-to-string [1 2 3])))

(ert-deftest bindat-spec-odd-input ()
  (should (equal (should-error (bindat-unpack '((a u16)) "\1"))
                 '(args-out-of-range "\1" 1)))
  (should (equal (should-error (bindat-pack '((a u16)) '((a . x))))
                 '(wrong-type-argument integerp x)))
  (should (equal (bindat-pack '((a u8)) '((a . 300))) ","))
  ;; Missing fields leave zeros; an unknown type reads nothing.
  (should (equal (bindat-pack '((a u16) (b u8)) nil) "\0\0\0"))
  (should (equal (bindat-unpack '((a foo 3) (b u8)) "\1\2\3\4") '((b . 1))))
  (should (equal (bindat-length '((a strz 3) (b bits 2) (c ip) (d u24)) nil) 12))
  (should (equal (bindat-unpack '((a strz 4) (b u8)) "ab\0\0\5")
                 '((b . 5) (a . "ab"))))
  (should (equal (bindat-pack (bindat-type (a str 3)) '((a . "abcdef"))) "abc"))
  (should (equal (bindat-get-field '((a (b . [1 2]))) 'a 'b 1) 2)))

(defun bindat-tests--struct-and-last ()
  (with-no-warnings (list (length struct) last)))

(ert-deftest bindat-spec-eval-sees-dynamic-struct-last-tag ()
  ;; Functions called from a spec's eval forms see them too.
  (should (equal (bindat-unpack '((a u8) (b eval (bindat-tests--struct-and-last)))
                                "\7")
                 '((b 1 7) (a . 7))))
  (should (equal (bindat-unpack '((a u8) (union (a) ((progn (setq tag 9) nil) (x u8))
                                              (t (y eval tag))))
                                "\7")
                 '((y . 9) (a . 7)))))

;; A type of one's own through the `bindat--type' extension point: a
;; method for its name, which `bindat-type' then knows as it knows the
;; primitives.
(cl-defmethod bindat--type (op (_ (eql 'bindat-tests--u24le)))
  (bindat--type op 'uintr 24))
(push (cons 'bindat-tests--u24le
            (lambda (&rest args) (bindat--makefun (cons 'bindat-tests--u24le args))))
      bindat--macroenv)

(ert-deftest bindat-type-extension-method ()
  (should (equal (bindat--type 'unpack 'uint 16) '(bindat--unpack-uint 16)))
  (should (equal (bindat--type 'unpack 'struct 'uint 16) '(bindat--unpack-uint 16)))
  (should (equal (bindat--type '(pack v) 'byte) '(bindat--pack-u8 v)))
  (should (equal (should-error (bindat--type 'unpack 'bindat-tests--nosuch 16))
                 '(cl-no-applicable-method bindat--type unpack bindat-tests--nosuch 16)))
  (let ((type (eval '(bindat-type (a bindat-tests--u24le) (b u8)) t)))
    (should (equal (bindat-unpack type "\1\2\3\4") '((a . 197121) (b . 4))))
    (should (equal (bindat-pack type '((a . 197121) (b . 4))) "\1\2\3\4"))
    (should (equal (bindat-length type nil) 4)))
  ;; As in Emacs 28, :pack-var needs more than one field.
  (should (equal (should-error (eval '(bindat-type :pack-var v (a u8)) t))
                 (list 'error (format-message
                               "`:pack-var VAR' needs to be followed by fields")))))

(defvar bindat-tests--len 2)
(bindat-defmacro bindat-tests--pair (a) "Two of A." `(vec 2 ,a))

(ert-deftest bindat-type-sint-repeat-and-defmacro ()
  (should (equal (bindat-pack (bindat-type sint 8 nil) -1) (unibyte-string 255)))
  (should (equal (bindat-unpack (bindat-type sint 8 nil) (unibyte-string 128)) -128))
  (should (equal (bindat-pack (bindat-type sint 24 t) -2) (unibyte-string 254 255 255)))
  (should (equal (bindat-unpack (bindat-type sint 24 t) (unibyte-string 254 255 255)) -2))
  (should (equal (bindat-unpack (bindat-type sint 16 nil) (unibyte-string 127 255)) 32767))
  (should (equal (bindat-unpack (bindat-type repeat 3) "\1\2\3") '(1 2 3)))
  (should (equal (bindat-pack (bindat-type bindat-tests--pair u8) [1 2]) "\1\2"))
  (should (equal (bindat-unpack (bindat-type bindat-tests--pair u8) "\1\2") [1 2])))

;; A zero-bit sint packs to nothing and unpacks as 0, not -1.
(ert-deftest bindat-type-sint-zero-bits ()
  (dolist (r '(nil t))
    (let ((type (eval `(bindat-type sint 0 ,r) t)))
      (should (equal (bindat-pack type 0) ""))
      (should (equal (bindat-unpack type (bindat-pack type 0)) 0)))))

(ert-deftest bindat-spec-eval-parts-strings-and-alignment ()
  (should (equal (bindat-pack '((a str 4)) '((a . [65 66]))) "AB\0\0"))
  (should (equal (bindat-pack '((a str 2)) '((a . [65 66 67]))) "AB"))
  (should (equal (bindat-unpack '(((eval 'nm) u8) (b eval 5) (c (eval 'u16))
                                  (d str (eval bindat-tests--len)))
                                "\1\0\2xy")
                 '((d . "xy") (c . 2) (b . 5) (nm . 1))))
  (should (equal (bindat-length '((a ip) (b vec 2 ip) (c vec 3) (d vec 2 u32r) (align 8))
                                nil)
                 24))
  (should (equal (bindat-pack '((n u8) (s str (n)) (align 4) (fill 2) (z u8))
                              '((n . 3) (s . "abc") (z . 9)))
                 "\3abc\0\0\11"))
  (should (equal (bindat-unpack '((n u8) (s str (n)) (align 4) (fill 2) (z u8))
                                "\3abc\0\0\11")
                 '((z . 9) (s . "abc") (n . 3))))
  (should (equal (bindat-unpack (bindat-type (n u8) (_ align 4) (z u8)) "\1\0\0\0\2")
                 '((n . 1) (z . 2))))
  (should (equal (should-error (bindat-format-vector [1 2] "%d" "." 5))
                 '(args-out-of-range [1 2] 0 5)))
  (should (equal (bindat-format-vector "AB" "%c" "") "AB")))
