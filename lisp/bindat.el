;;; bindat.el --- binary data packing and unpacking  -*- lexical-binding: t -*-

;; What (require 'bindat) gives in GNU Emacs 28: the old list-of-fields
;; spec API (bindat-unpack, bindat-pack, bindat-length on specs such as
;; ((len u16) (data str (len)))) and the newer `bindat-type' values,
;; which compile a type expression into three closures (unpack, length,
;; pack).  Quirks of Emacs 28 that programs can observe are kept on
;; purpose, e.g. the length of an unbounded `strz' omits its terminator.

(require 'cl-lib)

(cl-defstruct (bindat--type (:predicate nil) (:constructor bindat--make))
  le ue pe)

(defvar bindat-raw nil "The raw data being packed or unpacked.")
(defvar bindat-idx 0 "The current index into `bindat-raw'.")

;;;; Reading and writing bytes at `bindat-idx'

(defsubst bindat--unpack-u8 ()
  (prog1 (aref bindat-raw bindat-idx)
    (setq bindat-idx (1+ bindat-idx))))

(defun bindat--unpack-uint (bitlen)
  "Read a big-endian integer of BITLEN bits."
  (let ((v 0) (done 0))
    (while (< done bitlen)
      (setq v (logior (ash v 8) (bindat--unpack-u8)) done (+ done 8)))
    v))

(defun bindat--unpack-uintr (bitlen)
  "Read a little-endian integer of BITLEN bits."
  (let ((v 0) (done 0))
    (while (< done bitlen)
      (setq v (logior v (ash (bindat--unpack-u8) done)) done (+ done 8)))
    v))

(defun bindat--bytes-to-string (s)
  (if (stringp s) s (apply #'unibyte-string s)))

(defun bindat--slice (from n)
  "The N bytes of `bindat-raw' starting at FROM, as a unibyte string."
  (bindat--bytes-to-string (substring bindat-raw from (+ from n))))

(defun bindat--unpack-str (len)
  (prog1 (bindat--slice bindat-idx len)
    (setq bindat-idx (+ bindat-idx len))))

(defun bindat--unpack-strz (len)
  ;; Like Emacs 28, LEN nil scans to the NUL but then fails to advance.
  (let ((n 0))
    (while (and (or (null len) (< n len))
                (/= (aref bindat-raw (+ bindat-idx n)) 0))
      (setq n (1+ n)))
    (prog1 (bindat--slice bindat-idx n)
      (setq bindat-idx (+ bindat-idx len)))))

(defun bindat--unpack-bits (len)
  "Read LEN bytes as the list of the numbers of their set bits."
  (let ((bits nil) (bit (1- (* 8 len))))
    (while (>= bit 0)
      (let ((byte (bindat--unpack-u8)) (mask 128))
        (while (> mask 0)
          (when (/= 0 (logand byte mask)) (push bit bits))
          (setq bit (1- bit) mask (ash mask -1)))))
    bits))

(defsubst bindat--pack-u8 (v)
  (aset bindat-raw bindat-idx (logand v 255))
  (setq bindat-idx (1+ bindat-idx)))

(defun bindat--pack-uint (bitlen v)
  (let ((shift (- (* 8 (1- (/ bitlen 8))))))
    (dotimes (_ (/ bitlen 8))
      (bindat--pack-u8 (logand 255 (ash v shift)))
      (setq shift (+ shift 8)))))

(defun bindat--pack-uintr (bitlen v)
  (dotimes (_ (/ bitlen 8))
    (bindat--pack-u8 (logand v 255))
    (setq v (ash v -8))))

(defun bindat--pack-str (len v)
  "Store the bytes of V, but no more than LEN, at `bindat-idx' in
`bindat-raw', then move `bindat-idx' past LEN bytes."
  (cl-loop for byte across v
           for pos from bindat-idx below (+ bindat-idx len)
           do (aset bindat-raw pos byte))
  (setq bindat-idx (+ bindat-idx len)))

(defun bindat--pack-strz (v)
  (bindat--pack-str (length v) v)
  (setq bindat-idx (1+ bindat-idx)))

(defun bindat--pack-bits (len v)
  (let ((bit (1- (* 8 len))))
    (while (>= bit 0)
      (let ((byte 0) (mask 128))
        (while (> mask 0)
          (when (memq bit v) (setq byte (logior byte mask)))
          (setq bit (1- bit) mask (ash mask -1)))
        (bindat--pack-u8 byte)))))

(defsubst bindat--align (n len)
  (* len (/ (+ n (1- len)) len)))

(defun bindat--align-idx (len)
  "Round `bindat-idx' up to a multiple of LEN; return nil."
  (setq bindat-idx (bindat--align bindat-idx len))
  nil)

;;;; The old spec API

(defconst bindat--int-types
  '((u8 1 nil) (byte 1 nil) (u16 2 nil) (word 2 nil) (short 2 nil)
    (u24 3 nil) (u32 4 nil) (dword 4 nil) (long 4 nil)
    (u16r 2 t) (u24r 3 t) (u32r 4 t))
  "Each integer type of the old API with its size in bytes and whether
it is little-endian.")

(defun bindat--int-size (type)
  "The size in bytes of the old API's integer TYPE, or nil for others."
  (nth 1 (assq type bindat--int-types)))

(defun bindat--item-length (type len vectype)
  "The number of bytes a field of TYPE takes, LEN being its length
\(its element count for a `vec' of elements of VECTYPE)."
  (pcase type
    ('vec (pcase-let ((`(,elt-type ,elt-len ,elt-vectype)
                       (bindat--vec-item-type vectype)))
            (* len (bindat--item-length elt-type elt-len elt-vectype))))
    ('ip (* len 4))
    (_ (* len (or (bindat--int-size type) 1)))))

(defun bindat--vec-item-type (vectype)
  "The (TYPE LEN VECTYPE) of the elements of a `vec' of VECTYPE.
A VECTYPE (vec N TYPE) makes each element a `vec' of N TYPEs."
  (if (consp vectype)
      (list 'vec (nth 1 vectype) (nth 2 vectype))
    (list (or vectype 'u8) 1 nil)))

(defun bindat--unpack-item (type len vectype)
  (when (eq type 'ip) (setq type 'vec len 4))
  (let ((int (assq type bindat--int-types)))
    (cond
     (int (if (nth 2 int) (bindat--unpack-uintr (* 8 (nth 1 int)))
            (bindat--unpack-uint (* 8 (nth 1 int)))))
     ((eq type 'bits) (bindat--unpack-bits len))
     ((eq type 'str) (bindat--unpack-str len))
     ((eq type 'strz) (bindat--unpack-strz len))
     ((eq type 'vec)
      (let ((v (make-vector len 0)) (elt (bindat--vec-item-type vectype)))
        (dotimes (i len) (aset v i (apply #'bindat--unpack-item elt)))
        v)))))

(defun bindat--pack-item (v type len vectype)
  (when (eq type 'ip) (setq type 'vec len 4))
  (let ((int (assq type bindat--int-types)))
    (cond
     ((null v) (setq bindat-idx (+ bindat-idx len)))
     (int (if (nth 2 int) (bindat--pack-uintr (* 8 (nth 1 int)) v)
            (bindat--pack-uint (* 8 (nth 1 int)) v)))
     ((eq type 'bits) (bindat--pack-bits len v))
     ((memq type '(str strz)) (bindat--pack-str len v))
     ((eq type 'vec)
      (let ((elt (bindat--vec-item-type vectype)))
        (dotimes (i (min len (length v)))
          (apply #'bindat--pack-item (aref v i) elt))))
     (t (setq bindat-idx (+ bindat-idx len))))))

(defconst bindat--nameless-items '(eval fill align struct union)
  "The heads of the old API's spec items that have no field name.")

(defun bindat--eval-marked (x)
  "The value of EXP when X is (eval EXP), else X itself."
  (if (eq (car-safe x) 'eval) (eval (cadr x) t) x))

(defun bindat--decode-item (item struct)
  "Normalize ITEM of an old-style spec into (FIELD TYPE LEN VECTYPE TAIL).
FIELD is nil for a nameless item such as (align 4), whose argument
becomes LEN.  Parts written (eval EXP) are evaluated; a LEN that is a
list (for other TYPEs than `eval') is a path into STRUCT, the fields
done so far.  TAIL is what follows the item's usual parts, such as
the cases of a union."
  (pcase-let* ((`(,field ,type ,len ,vectype) item)
               (vectype (and (eq type 'vec) vectype))
               (type (bindat--eval-marked type))
               (len (bindat--eval-marked len)))
    (if (memq field bindat--nameless-items)
        (bindat--item-parts nil field type vectype (nthcdr 2 item) struct)
      (bindat--item-parts (bindat--eval-marked field) type len vectype
                          (nthcdr 3 item) struct))))

(defun bindat--item-parts (field type len vectype tail struct)
  "The list `bindat--decode-item' returns, with a path LEN looked up."
  (let ((size (if (and (consp len) (not (eq type 'eval)))
                  (apply #'bindat-get-field struct len)
                len)))
    (list field type (or size 1) vectype tail)))

(defun bindat--walk-union (op value cases struct)
  "Walk for OP the first of CASES matching VALUE.
The cases' forms, and those of the chosen case, see VALUE as the dynamic
variable `tag'."
  (defvar tag)
  (let* ((tag value)
         (case (cl-find-if (lambda (c)
                             (let ((cc (car c)))
                               (or (equal cc tag) (equal cc t)
                                   (and (consp cc) (eval cc t)))))
                           cases)))
    (and case (bindat--walk op (cdr case) struct))))

(defun bindat--walk (op spec input)
  "Walk SPEC for OP, one of `unpack', `pack' or `length'.
Unpacking builds and returns the struct; the others read INPUT."
  (defvar struct)
  (defvar last)
  (if (cl-typep spec 'bindat--type)
      (pcase op
        ('unpack (funcall (bindat--type-ue spec)))
        ('pack (funcall (bindat--type-pe spec) input))
        (_ (funcall (bindat--type-le spec) input)))
    ;; As in Emacs, the spec's eval forms see `struct' and `last' as
    ;; dynamic variables.
    (let ((last nil) (struct (and (not (eq op 'unpack)) input)))
      (dolist (item spec)
        (pcase-let* ((`(,field ,type ,len ,vectype ,tail)
                      (bindat--decode-item item struct))
                     (data nil))
          (pcase type
            ('eval (let ((value (eval len t)))
                     (cond ((not field))
                           ((eq op 'unpack) (setq data value))
                           (t (push (cons field value) struct)))))
            ('fill (setq bindat-idx (+ bindat-idx len)))
            ('align (bindat--align-idx len))
            ('struct
             (setq data (bindat--walk op (eval len t)
                                      (if field (bindat-get-field struct field)
                                        struct))))
            ('repeat
             (dotimes (i len)
               (push (bindat--walk op tail
                                   (nth i (bindat-get-field struct field)))
                     data))
             (setq data (nreverse data)))
            ('union (setq data (bindat--walk-union op len tail struct)))
            (_
             (pcase op
               ('unpack (setq data (bindat--unpack-item type len vectype)
                              last data))
               ('pack (setq last (bindat-get-field struct field))
                      (bindat--pack-item last type len vectype))
               (_ (when field (setq last (bindat-get-field struct field)))
                  (setq bindat-idx (+ bindat-idx (bindat--item-length
                                                  type len vectype)))))))
          (when (and data (eq op 'unpack))
            (setq struct (if field (cons (cons field data) struct)
                           (append data struct))))))
      (and (eq op 'unpack) struct))))

(defun bindat-unpack (spec raw &optional idx)
  "Decode RAW, a unibyte string or a vector of bytes, from offset IDX
\(0 by default) as SPEC describes, and return the decoded data.
SPEC is an old-style spec (a list of field items) or a value made by
`bindat-type'."
  (if (multibyte-string-p raw)
      (error "String is multibyte")
    (let ((bindat-raw raw) (bindat-idx (or idx 0)))
      (bindat--walk 'unpack spec nil))))

(defun bindat-get-field (struct &rest field)
  "Return what the path FIELD leads to in the decoded data STRUCT.
Each step of the path is a field name, selecting that field of an
alist, or an integer, selecting that element of a list or vector; so
\(bindat-get-field S \='a 2 \='b) is what C would write S.a[2].b."
  (let ((value struct))
    (dolist (step field value)
      (setq value (if (integerp step)
                      (elt value step)
                    (cdr (assq step value)))))))

(defun bindat-length (spec struct)
  "Return the number of bytes STRUCT takes when encoded as SPEC says."
  (let ((bindat-idx 0))
    (bindat--walk 'length spec struct)
    bindat-idx))

(defun bindat-pack (spec struct &optional raw idx)
  "Encode the data STRUCT as SPEC describes, starting at offset IDX
\(0 by default).  Given RAW, a unibyte string or vector large enough,
write into it and return nil; otherwise return a new unibyte string
holding the encoding after IDX zero bytes."
  (when (multibyte-string-p raw)
    (error "Pre-allocated string is multibyte"))
  (let* ((start (or idx 0))
         (bindat-raw (or raw (make-string (+ start (bindat-length spec struct)) 0)))
         (bindat-idx start))
    (bindat--walk 'pack spec struct)
    (unless raw bindat-raw)))

;;;; Formatting

(defun bindat-format-vector (vect fmt sep &optional len)
  "Return a string of the elements of VECT, or of its first LEN ones,
each formatted with the format string FMT, separated by SEP."
  (let ((elements (if len (substring vect 0 len) vect)))
    (mapconcat (apply-partially #'format fmt) elements sep)))

(defun bindat-vector-to-dec (vect &optional sep)
  "Return the elements of VECT in decimal, joined by SEP if it is a
string, else by dots."
  (bindat-format-vector vect "%d" (if (stringp sep) sep ".")))

(defun bindat-vector-to-hex (vect &optional sep)
  "Return the elements of VECT as two-digit hexadecimal numbers, joined
by SEP if it is a string, else by colons."
  (bindat-format-vector vect "%02x" (if (stringp sep) sep ":")))

(defun bindat-ip-to-string (ip)
  "Return the usual text of the IP address IP, without any port.
IP is a vector of 4 bytes, or a string of them (an IPv4 address,
written in dotted decimal), or 8 numbers (IPv6, colon-separated
hexadecimal); a further element, the port, is ignored.  Vectors of
other lengths give nil."
  (let ((size (if (vectorp ip) (length ip) 4)))
    (cond ((memq size '(4 5)) (bindat-format-vector ip "%d" "." 4))
          ((memq size '(8 9)) (bindat-format-vector ip "%x" ":" 8)))))

;;;; The `bindat-type' API
;; A type expression is compiled by `macroexpand-all' in an environment
;; where each type name is a macro expanding to a function form for the
;; operation in `bindat--op': unpack () -> value, pack (v), length (v).
;; Sizes and counts are ordinary code that sees the fields before them.

(defvar bindat--op nil
  "The operation `bindat-type' is compiling: unpack, pack or length.")

(defconst bindat--primitives
  '(byte uint uintr str strz bits fill align struct type vec unit))

(defvar bindat--macroenv
  (mapcar (lambda (name)
            (cons name (lambda (&rest args)
                         (bindat--makefun (cons name args)))))
          bindat--primitives)
  "Alist of the type names `bindat-type' knows and their expanders.")

(defun bindat--fun (type)
  "The form for the type expression TYPE: a list of fields, which
starts with a field or a keyword, is made a `struct'."
  (let ((head (car type)))
    (if (or (consp head) (keywordp head))
        `(struct ,@type)
      type)))

(defun bindat--expand (type)
  "TYPE compiled into a function form for `bindat--op'."
  (macroexpand-all (bindat--fun type)
                   (append bindat--macroenv
                           (and (boundp 'macroexpand-all-environment)
                                macroexpand-all-environment))))

(defun bindat--makefun (type)
  (let* ((v (make-symbol "v"))
         (args (and (not (eq bindat--op 'unpack)) (list v)))
         (body (apply #'bindat--type (if args (list bindat--op v) 'unpack) type)))
    (if (and (eq (car-safe body) 'funcall) (equal (cddr body) args))
        (cadr body)
      `(lambda ,args ,body))))

(defun bindat--advance (n)
  `(setq bindat-idx (+ bindat-idx ,n)))

(defun bindat--mentions (var form)
  (or (eq var form)
      (and (consp form)
           (or (bindat--mentions var (car form))
               (bindat--mentions var (cdr form))))))

(defun bindat--op-name (op)
  "The operation OP (of `bindat--type') does: unpack, pack or length."
  (if (consp op) (car op) op))

(defun bindat--op-val (op)
  "The variable holding the value OP (of `bindat--type') packs or measures."
  (car-safe (cdr-safe op)))

(cl-defgeneric bindat--type (op head &rest args)
  "The code doing OP for the Bindat type (HEAD . ARGS).
OP is `unpack', (pack VAL) or (length VAL), VAL the variable that will
hold the value to pack or measure.  A new type is a method whose HEAD
is specialized by (eql NAME).")

(cl-defmethod bindat--type (op (_ (eql 'byte)))
  (pcase (bindat--op-name op)
    ('unpack '(bindat--unpack-u8))
    ('length (bindat--advance 1))
    (_ `(bindat--pack-u8 ,(bindat--op-val op)))))

(defun bindat--uint-code (op kind bitlen)
  (if (eq bitlen 8)
      (bindat--type op 'byte)
    (pcase (bindat--op-name op)
      ('unpack `(,(if (eq kind 'uint) 'bindat--unpack-uint 'bindat--unpack-uintr) ,bitlen))
      ('length (bindat--advance `(/ ,bitlen 8)))
      (_ `(,(if (eq kind 'uint) 'bindat--pack-uint 'bindat--pack-uintr)
           ,bitlen ,(bindat--op-val op))))))

(cl-defmethod bindat--type (op (_ (eql 'uint)) bitlen)
  (bindat--uint-code op 'uint bitlen))

(cl-defmethod bindat--type (op (_ (eql 'uintr)) bitlen)
  (bindat--uint-code op 'uintr bitlen))

(defun bindat--bytes-code (op kind len)
  "Code doing OP for LEN bytes of KIND, `str' or `bits'."
  (pcase (bindat--op-name op)
    ('unpack `(,(intern (format "bindat--unpack-%s" kind)) ,len))
    ('length (bindat--advance len))
    (_ `(,(intern (format "bindat--pack-%s" kind)) ,len ,(bindat--op-val op)))))

(cl-defmethod bindat--type (op (_ (eql 'str)) len)
  (bindat--bytes-code op 'str len))

(cl-defmethod bindat--type (op (_ (eql 'bits)) len)
  (bindat--bytes-code op 'bits len))

(cl-defmethod bindat--type (op (_ (eql 'strz)) &optional len)
  (bindat--strz-code (bindat--op-name op) (bindat--op-val op) len))

(cl-defmethod bindat--type (_op (_ (eql 'fill)) len)
  `(progn ,(bindat--advance len) nil))

(cl-defmethod bindat--type (_op (_ (eql 'align)) len)
  `(bindat--align-idx ,len))

(cl-defmethod bindat--type (op (_ (eql 'type)) exp)
  (pcase (bindat--op-name op)
    ('unpack `(funcall (bindat--type-ue ,exp)))
    ('length `(funcall (bindat--type-le ,exp) ,(bindat--op-val op)))
    (_ `(funcall (bindat--type-pe ,exp) ,(bindat--op-val op)))))

(cl-defmethod bindat--type (op (_ (eql 'vec)) count &rest type)
  (bindat--vec-code (bindat--op-name op) (bindat--op-val op) count (or type '(byte))))

(cl-defmethod bindat--type (op (_ (eql 'unit)) val)
  (and (eq op 'unpack) val))

(cl-defmethod bindat--type (op (_ (eql 'struct)) &rest fields)
  (apply #'bindat--type op fields))

(cl-defmethod bindat--type (op (_ (eql :pack-var)) var &rest fields)
  (let ((value (bindat--op-val op)))
    (cond
     ;; As in Emacs 28, one field alone is not enough.
     ((null (cdr fields))
      (error "`:pack-var VAR' needs to be followed by fields"))
     ;; Unpacking has no value to name.
     ((and var value)
      `(let ((,var ,value)) ,(apply #'bindat--type op fields)))
     (t (apply #'bindat--type op fields)))))

(cl-defmethod bindat--type (op (first-field cons) &rest more-fields)
  "A type starting with a field (LABEL TYPE...) is a list of fields."
  (bindat--fields-code (bindat--op-name op) (bindat--op-val op)
                       (cons first-field more-fields) nil))

(defun bindat--strz-code (op v len)
  (pcase op
    ('unpack `(bindat--unpack-strz ,len))
    ('length (bindat--advance (cond ((null len) `(length ,v))
                                    ((numberp len) len)
                                    (t `(or ,len (length ,v))))))
    (_ (let ((n (make-symbol "len")))
         `(let ((,n ,len))
            (if ,n (bindat--pack-str ,n ,v) (bindat--pack-strz ,v)))))))

(defun bindat--vec-code (op v count type)
  (let ((fun (bindat--expand type))
        (i (make-symbol "i")))
    (pcase op
      ('unpack
       (let ((n (make-symbol "n")) (vec (make-symbol "vec")))
         `(let* ((,n ,count) (,vec (make-vector ,n 0)))
            (dotimes (,i ,n) (aset ,vec ,i (funcall ,fun)))
            ,vec)))
      ((and 'length
            (let `#'(lambda (,arg) (setq bindat-idx (+ bindat-idx ,size))) fun)
            (guard (not (bindat--mentions arg size))))
       (bindat--advance `(* ,count ,size)))
      (_ `(dotimes (,i ,count) (funcall ,fun (elt ,v ,i)))))))

(defun bindat--fields-code (op v fields labels)
  "Code doing OP for the struct FIELDS, after the bound LABELS.
LABELS is a list of (LABEL . VARIABLE), the latest first."
  (pcase fields
    ('nil (and (eq op 'unpack) (bindat--alist-code labels)))
    (`(:unpack-val ,exp)
     (if exp (and (eq op 'unpack) exp)
       (bindat--fields-code op v nil labels)))
    (`((,label . ,type) . ,rest)
     (let* ((pack-val (memq :pack-val type))
            (type (if pack-val (butlast type (length pack-val)) type))
            (fieldvar (make-symbol (format "field%d" (length rest))))
            (var (cond ((eq label '_) fieldvar)
                       ((keywordp label) (intern (substring (symbol-name label) 1)))
                       (t label)))
            (fun (bindat--fun type))
            (rest-code (bindat--fields-code op v rest (cons (cons label var) labels))))
       (if (eq op 'unpack)
           `(let ((,var (funcall ,fun))) ,rest-code)
         `(let ((,fieldvar ,(cond (pack-val (cadr pack-val))
                                  ((eq label '_) v)
                                  (t `(cdr-safe (assq ',label ,v))))))
            (funcall ,fun ,fieldvar)
            ,@(and rest-code
                   `((let ,(and (not (eq var fieldvar)) `((,var ,fieldvar)))
                       (ignore ,var)
                       ,rest-code)))))))
    (_ (error "Unrecognized format in bindat fields: %S" fields))))

(defun bindat--alist-code (labels)
  "Code building the unpacked alist of LABELS; `_' fields are spliced."
  (let ((exp nil))
    (dolist (l labels exp)
      (setq exp (cond ((not (eq (car l) '_)) `(cons (cons ',(car l) ,(cdr l)) ,exp))
                      (exp `(nconc ,(cdr l) ,exp))
                      (t (cdr l)))))))

(defun bindat--compile (op type)
  (let ((bindat--op op)) (bindat--expand type)))

(defmacro bindat-type (&rest type)
  "Return the Bindat type value to pack&unpack TYPE.
TYPE is a Bindat type expression: uint BITLEN, uintr BITLEN, str LEN,
strz [LEN], bits LEN, fill LEN, align LEN, vec COUNT TYPE, type EXP,
unit EXP, struct FIELDS..., or a type defined with `bindat-defmacro'.
A FIELD is (LABEL TYPE [:pack-val EXP]); the fields may end with
`:unpack-val EXP' and start with `:pack-var VAR'."
  (declare (indent 0))
  `(bindat--make :ue ,(bindat--compile 'unpack type)
                 :le ,(bindat--compile 'length type)
                 :pe ,(bindat--compile 'pack type)))

(defun bindat--define-type-macro (name expander)
  "Make NAME a type of `bindat-type' expressions: (NAME ARGS...) stands
for the type expression EXPANDER computes from ARGS."
  (setf (alist-get name bindat--macroenv)
        (lambda (&rest args) (bindat--fun (apply expander args)))))

(defmacro bindat-defmacro (name args &rest body)
  "Define NAME as a Bindat type with arguments ARGS, like a macro: BODY
computes from ARGS the type expression (NAME ARGS...) stands for.
BODY may start with a docstring."
  (declare (indent 2) (doc-string 3))
  `(eval-and-compile
     (bindat--define-type-macro ',name (lambda ,args ,@body))))

(bindat-defmacro u8 () "Unsigned 8bit integer." '(byte))

(defun bindat--signed (n bitlen)
  "The unsigned BITLEN-bit integer N read in two's complement.
A zero-bit field has half-range 0 and reads back as N itself."
  (let ((half (ash 1 (1- bitlen))))
    (if (< n half) n (- n half half))))

(defun bindat--unsigned (n bitlen)
  "The BITLEN-bit two's complement bits of the integer N, as unsigned."
  (if (< n 0) (+ n (ash 1 bitlen)) n))

(bindat-defmacro sint (bitlen r)
  "A signed two's complement integer of BITLEN bits, little-endian when
R is non-nil and big-endian otherwise."
  (let ((size (make-symbol "size"))
        (value (make-symbol "value"))
        (raw (make-symbol "raw")))
    `(let ((,size ,bitlen))
       (struct :pack-var ,value
               (,raw if ,r (uintr ,size) (uint ,size)
                     :pack-val (bindat--unsigned ,value ,size))
               :unpack-val (bindat--signed ,raw ,size)))))

(bindat-defmacro repeat (count &rest type)
  "COUNT values of TYPE, as `vec' but unpacked into a list."
  (let ((elements (make-symbol "elements")))
    `(struct :pack-var ,elements
             (,elements vec ,count ,@type :pack-val ,elements)
             :unpack-val (append ,elements nil))))

(provide 'bindat)
