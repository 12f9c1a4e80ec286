;;; keymap.el --- keymaps as Emacs 28 builds and reads them  -*- lexical-binding: t -*-

;; Emacs writes these in C (keymap.c, parts of keyboard.c) and subr.el;
;; marrow writes them here, over the same list structure, so that a
;; keymap prints as it does in Emacs:
;;   (keymap . ALIST)                  `make-sparse-keymap'
;;   (keymap CHAR-TABLE . ALIST)       `make-keymap'
;;   (keymap ... "PROMPT" ...)         a prompt string anywhere in it
;;   (keymap ... . PARENT)             PARENT, itself (keymap ...), inherited
;; An ALIST element is (EVENT . BINDING), a vector indexed by character,
;; a char-table, or a keymap whose bindings count as this map's.  A prefix
;; key is bound to a keymap (or a symbol whose function is one).  A
;; character with the meta bit is looked up as ESC then the character.
;;
;; The maps every Emacs has (`global-map', `esc-map', ...) and the C
;; variables keymaps read are made in subr.el, so that code can name
;; them before anything here is loaded.

(defconst keymap--unbound (make-symbol "unbound")
  "What a lookup finds when a map has no binding at all for an event
(a binding of nil is one, and hides its parents' binding).")

(defconst keymap--char-modifier-bits
  '((alt . #x400000) (super . #x800000) (hyper . #x1000000)
    (shift . #x2000000) (control . #x4000000) (meta . #x8000000)
    (up . 1) (down . 2) (drag . 4) (click . 8) (double . 16) (triple . 32))
  "Each modifier and the bit it sets in a character event.")

(defconst keymap--meta-bit #x8000000)
(defconst keymap--control-bit #x4000000)
(defconst keymap--shift-bit #x2000000)
(defconst keymap--char-modifier-mask #xFC00000
  "The bits of the six modifiers a character event can carry.")

(defconst keymap--symbol-prefixes
  '((alt . "A-") (control . "C-") (hyper . "H-") (meta . "M-") (shift . "S-")
    (super . "s-") (double . "double-") (triple . "triple-") (up . "up-")
    (down . "down-") (drag . "drag-"))
  "The modifiers of an event symbol, in the order its canonical name
writes them.")

(defconst keymap--solitary-modifiers
  '((A . alt) (alt . alt) (C . control) (ctrl . control) (control . control)
    (H . hyper) (hyper . hyper) (M . meta) (meta . meta) (S . shift)
    (shift . shift) (s . super) (super . super) (double . double)
    (triple . triple) (up . up) (down . down) (drag . drag) (click . click))
  "The names a modifier goes by in an event list such as (control ?c).")

;;; ---- Keymaps and the objects that name them ---------------------------

(defun keymap--resolve (object autoload)
  "The keymap OBJECT is, or names as a symbol whose function is one;
nil if none.  An autoloaded keymap is loaded when AUTOLOAD, else the
symbol stands for it."
  (cond ((eq (car-safe object) 'keymap) object)
        ((and object (symbolp object))
         (let ((function (indirect-function object)))
           (cond ((eq (car-safe function) 'keymap) function)
                 ((and (eq (car-safe function) 'autoload)
                       (eq (nth 4 function) 'keymap))
                  (if (not autoload)
                      object
                    (autoload-do-load function object)
                    (keymap--resolve object nil))))))))

(defun keymap--get (object &optional must autoload)
  "The keymap OBJECT is or names; when there is none, nil, or an error
if MUST."
  (or (keymap--resolve object autoload)
      (and must (signal 'wrong-type-argument (list 'keymapp object)))))

(defun keymapp (object)
  "Non-nil if OBJECT is a keymap: a list (keymap . ALIST), or a symbol
whose function definition is one (or an autoload of one)."
  (and (keymap--resolve object nil) t))

(defun make-sparse-keymap (&optional string)
  "A new keymap without bindings, a list (keymap); a non-nil STRING is
its prompt, as in (keymap STRING)."
  (if string (list 'keymap string) (list 'keymap)))

(defun make-keymap (&optional string)
  "A new keymap whose bindings of characters without modifiers go in a
char-table: (keymap CHAR-TABLE), with STRING after it when non-nil."
  (cons 'keymap (cons (make-char-table 'keymap) (and string (list string)))))

(defun make-composed-keymap (maps &optional parent)
  "A keymap made of MAPS (a keymap or a list of them), looked in in
order, with PARENT as its parent."
  `(keymap ,@(if (keymapp maps) (list maps) maps) ,@parent))

(defun keymap--check-key (key)
  "Signal that KEY is no key sequence unless it is a string or vector."
  (unless (or (stringp key) (vectorp key))
    (signal 'wrong-type-argument (list 'arrayp key))))

;;; ---- Events ----------------------------------------------------------

(defun keymap--prefix-at (name i)
  "The entry of `keymap--symbol-prefixes' whose prefix NAME has at I."
  (let ((entries keymap--symbol-prefixes) (found nil))
    (while (and entries (not found))
      (let ((prefix (cdar entries)))
        (when (and (<= (+ i (length prefix)) (length name))
                   (string= prefix (substring name i (+ i (length prefix)))))
          (setq found (car entries))))
      (setq entries (cdr entries)))
    found))

(defun keymap--parse-symbol (symbol)
  "SYMBOL's name as (BASE-NAME . MODIFIERS), the modifiers its prefixes
\(\"C-\", \"M-\", \"down-\"...) name, each followed by more text."
  (let ((name (symbol-name symbol)) (i 0) (modifiers nil) (found t))
    (while (and found (< i (1- (length name))))
      (setq found (keymap--prefix-at name i))
      (when found
        (push (car found) modifiers)
        (setq i (+ i (length (cdr found))))))
    (cons (substring name i) modifiers)))

(defun keymap--modified-symbol (modifiers base-name)
  "The event symbol of BASE-NAME with MODIFIERS, prefixes in canonical order."
  (intern (concat (mapconcat (lambda (entry) (if (memq (car entry) modifiers) (cdr entry) ""))
                             keymap--symbol-prefixes "")
                  base-name)))

(defconst keymap--modifier-order
  '(meta control shift hyper super alt triple double click drag down up)
  "The modifiers in the order `event-modifiers' lists them.")

(defun keymap--modifiers-mask (modifiers)
  "The bits of MODIFIERS, a list of modifier names."
  (let ((mask 0))
    (dolist (m modifiers mask)
      (setq mask (logior mask (cdr (assq m keymap--char-modifier-bits)))))))

(defun keymap--mask-modifiers (mask)
  "The modifiers whose bits MASK has, in `keymap--modifier-order'."
  (let ((modifiers nil))
    (dolist (m keymap--modifier-order)
      (unless (= 0 (logand mask (cdr (assq m keymap--char-modifier-bits))))
        (push m modifiers)))
    (nreverse modifiers)))

(defun keymap--click-p (modifiers base-name)
  "Whether an event symbol with MODIFIERS and BASE-NAME is a click."
  (let ((case-fold-search nil))
    (and (not (memq 'double modifiers)) (not (memq 'triple modifiers))
         (or (and (not (memq 'down modifiers)) (not (memq 'drag modifiers))
                  (string-match-p "\\`mouse-[0-9]\\'" base-name))
             (string-match-p "\\`wheel-." base-name)))))

(defun keymap--symbol-elements (symbol)
  "SYMBOL's base event and modifier bits, (BASE MASK); as in Emacs, kept
on SYMBOL's plist, with (BASE . MODIFIERS) as `event-symbol-elements'."
  (or (get symbol 'event-symbol-element-mask)
      (let* ((parsed (keymap--parse-symbol symbol))
             (modifiers (if (keymap--click-p (cdr parsed) (car parsed))
                            (cons 'click (cdr parsed))
                          (cdr parsed)))
             (base (if (cdr parsed) (intern (car parsed)) symbol))
             (mask (keymap--modifiers-mask modifiers))
             (elements (list base mask)))
        (put symbol 'event-symbol-element-mask elements)
        (put symbol 'event-symbol-elements (cons base (keymap--mask-modifiers mask)))
        elements)))

(defun keymap--apply-modifiers (mask base)
  "The event symbol BASE with the modifiers of MASK; as in Emacs, kept
in BASE's `modifier-cache'."
  (let* ((index (logand mask (lognot (cdr (assq 'click keymap--char-modifier-bits)))))
         (cache (get base 'modifier-cache)))
    (or (cdr (assq index cache))
        (let ((symbol (keymap--modified-symbol (keymap--mask-modifiers mask) (symbol-name base))))
          (put base 'modifier-cache (cons (cons index symbol) cache))
          symbol))))

(defun keymap--canonical-symbol (symbol)
  "SYMBOL with its modifier prefixes in canonical order (M-C-x is C-M-x)."
  (let ((elements (keymap--symbol-elements symbol)))
    (keymap--apply-modifiers (cadr elements) (car elements))))

(defun internal-event-symbol-parse-modifiers (symbol)
  "SYMBOL's base event and its modifiers, (BASE MODIFIERS...)."
  (keymap--symbol-elements symbol)
  (get symbol 'event-symbol-elements))

(defun event-modifiers (event)
  "The modifiers of EVENT (a character, symbol or click list): a list
of meta, control, shift, hyper, super, alt, and for symbols click,
down, drag, double, triple."
  (let ((type (if (listp event) (car event) event)))
    (if (symbolp type)
        (cdr (internal-event-symbol-parse-modifiers type))
      (let ((char (logand type (lognot keymap--char-modifier-mask))) (modifiers nil))
        (dolist (m '(meta control shift hyper super alt))
          (when (or (/= 0 (logand type (cdr (assq m keymap--char-modifier-bits))))
                    (and (eq m 'control) (< char 32))
                    (and (eq m 'shift) (/= char (downcase char))))
            (push m modifiers)))
        modifiers))))

(defun keymap--bare-char (char)
  "Character event CHAR without modifier bits, a control character as
its letter, down-cased."
  (let ((code (logand char (1- (ash 1 22)))))
    (downcase (if (< code 32) (logior code 64) code))))

(defun event-basic-type (event)
  "EVENT, or event type, stripped of its modifiers: a character is
down-cased; a symbol gives its base, known only once its name has
been parsed (else nil)."
  (let ((type (if (consp event) (car event) event)))
    (if (symbolp type)
        (car (get type 'event-symbol-elements))
      (keymap--bare-char type))))

(defun keymap--control-char (char)
  "CHAR with the control modifier, as a control character when ASCII
has one (a shifted letter keeping the shift bit)."
  (cond ((not (<= 0 char 127)) (logior char keymap--control-bit))
        ((<= 64 char 95)
         (logior (logand char 31) (if (<= ?A char ?Z) keymap--shift-bit 0)))
        ((<= ?a char ?z) (logand char 31))
        ((>= char 32) (logior char keymap--control-bit))
        (t char)))

(defun keymap--event-list-p (object)
  "Non-nil if OBJECT is an event written as a list of modifiers and a
base, (control meta ?x)."
  (and (consp object)
       (not (memq (car object) '(help-echo vertical-line mode-line tab-line header-line)))
       (let ((tail object))
         (while (and (consp tail) (or (integerp (car tail)) (symbolp (car tail))))
           (setq tail (cdr tail)))
         (null tail))))

(defun event-convert-list (event-desc)
  "The event EVENT-DESC describes, a list of modifier names and a base
event last: (control ?a) is ?\\C-a, (meta f1) is M-f1."
  (let ((modifiers nil) (base nil) (rest event-desc))
    (while (consp rest)
      (let* ((element (pop rest))
             (modifier (and (symbolp element) (consp rest)
                            (cdr (assq element keymap--solitary-modifiers)))))
        (cond (modifier (push modifier modifiers))
              (base (error "Two bases given in one event"))
              (t (setq base element)))))
    (when (and base (symbolp base) (= (length (symbol-name base)) 1))
      (setq base (aref (symbol-name base) 0)))
    (cond ((integerp base)
           (when (and (memq 'shift modifiers) (<= ?a base ?z))
             (setq base (- base 32) modifiers (delq 'shift modifiers)))
           (logior (keymap--modifiers-mask (remq 'control modifiers))
                   (if (memq 'control modifiers) (keymap--control-char base) base)))
          ((symbolp base) (keymap--apply-modifiers (keymap--modifiers-mask modifiers) base))
          (t (error "Invalid base event")))))

(defun keymap--index (event)
  "EVENT as a keymap's alist holds it: a click list's head, a symbol's
modifiers in canonical order, a character with no bits above meta."
  (when (and (consp event) (not (characterp (car event))))
    (setq event (car event)))
  (cond ((symbolp event) (keymap--canonical-symbol event))
        ((integerp event) (logand event #xFFFFFFF))
        (t event)))

(defun keymap--check-event-symbol (symbol)
  "Refuse SYMBOL when it names with a word what is a character, [C-RET]."
  (let* ((parsed (keymap--parse-symbol symbol))
         (char (cdr (assoc (car parsed) '(("DEL" . "\\d") ("TAB" . "\\t") ("RET" . "\\r")
                                          ("ESC" . "\\e") ("SPC" . " "))))))
    (when char
      (let ((name (symbol-name (keymap--canonical-symbol symbol))))
        (error "To bind the key %s, use [?%s%s], not [%s]" name
               (mapconcat (lambda (entry)
                            (if (and (memq (car entry) (cdr parsed)) (= (length (cdr entry)) 2))
                                (concat "\\" (cdr entry)) ""))
                          keymap--symbol-prefixes "")
               char name)))))

;;; ---- Lookup ----------------------------------------------------------

(defalias 'keymap--get-keyelt #'keymap--keyelt)

(defun keymap--keyelt (object autoload)
  "The command a binding OBJECT stands for: the DEFN of a menu item
\(menu-item NAME DEFN ...) (through its :filter when AUTOLOAD) or of
\(STRING . DEFN), else OBJECT itself."
  (let ((done nil))
    (while (not done)
      (cond ((not (consp object)) (setq done t))
            ((eq (car object) 'menu-item)
             (if (not (consp (cdr object)))
                 (setq done t)
               (let ((tail (cddr object)))
                 (setq object (if (consp tail) (car tail) tail))
                 (while (and (consp tail) (consp (cdr tail)))
                   (if (and autoload (eq (car tail) :filter))
                       (setq object (condition-case nil
                                        (funcall (cadr tail) object)
                                      (error nil))
                             tail nil)
                     (setq tail (cdr tail)))))))
            ((stringp (car object)) (setq object (cdr object)))
            (t (setq done t))))
    object))

(defun keymap--merge (found val tail)
  "Add the keymap VAL to the bindings FOUND so far (TAIL the last cons
of their merged keymap, or nil); return the new (FOUND . TAIL)."
  (cond ((or (null found) (eq found keymap--unbound)) (cons val tail))
        ((consp tail) (setcdr tail (list val)) (cons found (cdr tail)))
        (t (let ((new-tail (list val)))
             (cons (cons 'keymap (cons found new-tail)) new-tail)))))

(defun keymap--access-1 (map idx t-ok noinherit autoload)
  "IDX's binding in MAP, or `keymap--unbound'.  A binding that is a
keymap in several places is their merge; T-OK accepts the default
binding (t . DEF); NOINHERIT leaves out the parents."
  (let ((tail (if (eq (car-safe map) 'keymap) (cdr map) map))
        (t-binding keymap--unbound) (found keymap--unbound) (found-tail nil) (done nil))
    (while (and (not done)
                (progn
                  ;; Pass quickly over the bindings of other events.
                  (while (and (consp tail) (consp (car tail))
                              (let ((event (car (car tail))))
                                (not (or (eq event idx) (eq event 'keymap) (eq event t)))))
                    (setq tail (cdr tail)))
                  (or (consp tail) (consp (setq tail (keymap--get tail nil autoload))))))
      (let ((binding (car tail)) (val keymap--unbound))
        (if (eq binding 'keymap)
            (cond ((or noinherit (null found)) (setq done t))
                  ((not (eq found keymap--unbound))
                   (let ((parent (keymap--get (keymap--access-1 tail idx t-ok nil autoload)
                                              nil autoload)))
                     (when parent
                       (if (consp found-tail)
                           (setcdr found-tail parent)
                         (setq found (cons 'keymap (cons found parent))))))
                   (setq done t)))
          (cond ((consp binding)
                 (let ((event (car binding)))
                   (cond ((eq event 'keymap)
                          (setq val (keymap--access-1 binding idx t-ok nil autoload)))
                         ((eq event idx) (setq val (cdr binding)))
                         ((and t-ok (eq event t))
                          (setq t-binding (cdr binding) t-ok nil)))))
                ((and binding (symbolp binding))
                 (let ((submap (keymap--get binding nil autoload)))
                   (when submap
                     (setq val (keymap--access-1 submap idx t-ok nil autoload)))))
                ((vectorp binding)
                 (when (and (natnump idx) (< idx (length binding)))
                   (setq val (aref binding idx))))
                ((char-table-p binding)
                 (when (and (natnump idx) (= 0 (logand idx keymap--char-modifier-mask)))
                   (setq val (or (aref binding idx) keymap--unbound)))))
          (unless (eq val keymap--unbound)
            (setq val (keymap--keyelt (if (eq val t) nil val) autoload))
            (cond ((not (keymap--resolve val nil))
                   (when (or (null found) (eq found keymap--unbound)) (setq found val))
                   (when val (setq done t)))
                  (t (let ((merged (keymap--merge found val found-tail)))
                       (setq found (car merged) found-tail (cdr merged)))))))
        (unless done (setq tail (cdr tail)))))
    (if (eq found keymap--unbound) (keymap--keyelt t-binding autoload) found)))

(defun keymap--access (map idx t-ok noinherit autoload)
  "IDX's binding in MAP, nil when none; a meta character is looked up
as ESC (`meta-prefix-char') followed by the character."
  (setq idx (keymap--index idx))
  (let ((val
         (if (not (and (integerp idx) (/= 0 (logand idx keymap--meta-bit))))
             (keymap--access-1 map idx t-ok noinherit autoload)
           (let* ((esc (keymap--meta-prefix))
                  (esc-binding (keymap--access-1 map esc t-ok noinherit autoload))
                  (esc-map (and (not (eq esc-binding keymap--unbound))
                                (keymap--get esc-binding nil autoload))))
             (cond ((consp esc-map)
                    (keymap--access-1 esc-map (logand idx (lognot keymap--meta-bit))
                                      t-ok noinherit autoload))
                   (t-ok (keymap--access-1 map t t-ok noinherit autoload))
                   (t nil))))))
    (if (eq val keymap--unbound) nil val)))

(defun keymap--meta-prefix ()
  "The event that stands for meta, `meta-prefix-char' (ESC)."
  (if (and (boundp 'meta-prefix-char) (integerp meta-prefix-char)
           (= 0 (logand meta-prefix-char keymap--meta-bit)))
      meta-prefix-char
    27))

(defun keymap--invalid-event (event)
  "Complain of EVENT, which is no event, as Emacs does: a message for a
string, else the error Emacs's message function signals."
  (if (stringp event)
      (message "Key sequence contains invalid event %s" event)
    (signal 'wrong-type-argument (list 'stringp event))))

(defun keymap--key-event (key i)
  "The I'th event of KEY; a unibyte string's character with the 8th bit
is the meta character."
  (let ((c (aref key i)))
    (when (keymap--event-list-p c) (setq c (event-convert-list c)))
    (unless (or (integerp c) (symbolp c) (consp c) (stringp c))
      (keymap--invalid-event c))
    (if (and (stringp key) (not (multibyte-string-p key)) (/= 0 (logand c 128)))
        (logior (logand c (lognot 128)) keymap--meta-bit)
      c)))

(defun keymap--ascii-downcase (name)
  "NAME with its ASCII letters down-cased (Emacs 28 leaves the others)."
  (apply #'string (mapcar (lambda (c) (if (<= ?A c ?Z) (+ c 32) c)) name)))

(defun keymap--lowered-menu-key (key)
  "KEY, a vector starting with menu-bar, with the ASCII letters of the
names of its symbols down-cased, or nil when that changes none."
  (when (and (vectorp key) (> (length key) 0) (eq (aref key 0) 'menu-bar))
    (let* ((changed nil)
           (lowered (mapcar (lambda (event)
                              (if (not (symbolp event))
                                  event
                                (let ((name (keymap--ascii-downcase (symbol-name event))))
                                  (unless (equal name (symbol-name event)) (setq changed t))
                                  (intern name))))
                            key)))
      (and changed (vconcat lowered)))))

(defun lookup-key (keymap key &optional accept-default)
  "KEY's binding in KEYMAP (a keymap or a list of keymaps): nil when
unbound, a number N when the first N events of KEY make a complete key
already.  With ACCEPT-DEFAULT, default bindings (t . DEF) count.  A
menu-bar key not bound as it is is looked up again with its symbols
down-cased, as menus may spell them in mixed case."
  (let ((found (keymap--lookup-1 keymap key accept-default)))
    (if (and found (not (numberp found)))
        found
      (let ((lowered (keymap--lowered-menu-key key)))
        (if lowered (keymap--lookup-1 keymap lowered accept-default) found)))))

(defun keymap--lookup-1 (keymap key accept-default)
  "`lookup-key' of KEY in KEYMAP, as KEY is spelled."
  (unless (or (consp keymap) (null keymap))
    (setq keymap (keymap--get keymap t t)))
  (keymap--check-key key)
  (let ((length (length key)) (i 0) (result keymap) (done nil))
    (while (and (not done) (< i length))
      (let ((binding (keymap--access keymap (keymap--key-event key i) accept-default nil t)))
        (setq i (1+ i))
        (if (= i length)
            (setq result binding)
          (setq keymap (keymap--get binding nil t))
          (unless (consp keymap) (setq result i done t)))))
    result))

;;; ---- Definition ------------------------------------------------------

(defun keymap--store-range (elt idx def)
  "Bind the characters of the range IDX in ELT, an (EVENT . BINDING)
element; non-nil when that finishes the definition."
  (when (and (characterp (car elt)) (<= (car idx) (car elt) (cdr idx)))
    (setcdr elt def)
    (= (car idx) (cdr idx))))

(defun keymap--store (keymap idx def)
  "Bind IDX to DEF in KEYMAP itself (not its parents), changing its
binding in place or adding one after the char-tables and vectors."
  (unless (eq (car-safe keymap) 'keymap)
    (error "attempt to define a key in a non-keymap"))
  (let ((range (and (consp idx) (characterp (car idx)))))
    (unless range (setq idx (keymap--index idx)))
    (let ((insertion-point keymap) (tail (cdr keymap)) (stored nil) (end nil))
      (while (and (consp tail) (not stored) (not end))
        (let ((elt (car tail)))
          (cond ((vectorp elt)
                 (if (and (natnump idx) (< idx (length elt)))
                     (progn (aset elt idx def) (setq stored t))
                   (setq insertion-point tail)))
                ((char-table-p elt)
                 (cond ((and (natnump idx) (= 0 (logand idx keymap--char-modifier-mask)))
                        (aset elt idx (or def t))
                        (setq stored t))
                       (range (set-char-table-range elt idx (or def t)) (setq stored t))
                       (t (setq insertion-point tail))))
                ((consp elt)
                 (cond ((eq (car elt) 'keymap) (setq tail elt insertion-point elt))
                       ((eq (car elt) idx) (setcdr elt def) (setq stored t))
                       (range (setq stored (keymap--store-range elt idx def)))))
                ((eq elt 'keymap) (setq end t))))
        (unless (or stored end) (setq tail (cdr tail))))
      (unless stored
        (let ((elt (if (not range)
                       (cons idx def)
                     (let ((table (make-char-table 'keymap)))
                       (set-char-table-range table idx (or def t))
                       table))))
          (setcdr insertion-point (cons elt (cdr insertion-point)))))
      def)))

(defun keymap--non-prefix-error (key idx metized)
  (error "Key sequence %s starts with non-prefix key %s%s"
         (key-description key) (key-description (substring key 0 idx))
         (cond ((not metized) "") ((= idx 0) "ESC") (t " ESC"))))

(defun define-key (keymap key def)
  "Bind KEY (a string or vector of events) to DEF in KEYMAP, making the
prefix keys of KEY prefixes (bound to new sparse keymaps) as needed.
A meta character is bound as ESC followed by the character.  Return DEF."
  (setq keymap (keymap--get keymap t t))
  (keymap--check-key key)
  (let ((length (length key))
        (meta-bit (if (or (vectorp key) (multibyte-string-p key)) keymap--meta-bit 128))
        (idx 0) (metized nil) (result nil))
    (when (and (vectorp def) (> (length def) 0) (consp (aref def 0)))
      (setq def (vconcat (mapcar (lambda (e) (if (keymap--event-list-p e) (event-convert-list e) e))
                                 def))))
    (while (< idx length)
      (let ((c (aref key idx)))
        (when (keymap--event-list-p c) (setq c (event-convert-list c)))
        (when (and c (symbolp c)) (keymap--check-event-symbol c))
        (if (and (integerp c) (/= 0 (logand c meta-bit)) (not metized))
            (setq c (keymap--meta-prefix) metized t)
          (when (integerp c) (setq c (logand c (lognot meta-bit))))
          (setq metized nil idx (1+ idx)))
        (unless (or (integerp c) (symbolp c)
                    (and (consp c) (not (and (integerp (car c)) (/= idx length)))))
          (keymap--invalid-event c))
        (if (= idx length)
            (setq result (keymap--store keymap c def))
          (let ((binding (keymap--access keymap c nil t t)))
            (setq keymap (keymap--get (or binding (keymap--store keymap c (make-sparse-keymap)))
                                      nil t))
            (unless (consp keymap)
              (keymap--non-prefix-error key idx (and metized (eql c (keymap--meta-prefix)))))))))
    result))

(defun keymap-parent (keymap)
  "KEYMAP's parent keymap, the keymap its list ends with, or nil."
  (let ((tail (cdr (keymap--get keymap t t))))
    (while (and (consp tail) (not (eq (car tail) 'keymap)))
      (setq tail (cdr tail)))
    (if (consp tail) tail (keymap--get tail nil t))))

(defun keymap--inherits-p (map maps)
  "Non-nil if MAP is MAPS or one of its ancestors."
  (while (and map (keymap--resolve maps nil) (not (eq map maps)))
    (setq maps (keymap-parent maps)))
  (and map (eq map maps)))

(defun set-keymap-parent (keymap parent)
  "Make PARENT (a keymap, or nil for none) KEYMAP's parent: the tail of
KEYMAP's list.  Return PARENT."
  (setq keymap (keymap--get keymap t t))
  (when parent
    (setq parent (keymap--get parent t nil))
    (when (keymap--inherits-p keymap parent)
      (error "Cyclic keymap inheritance")))
  (let ((prev keymap))
    (while (and (consp (cdr prev)) (not (eq (cadr prev) 'keymap)))
      (setq prev (cdr prev)))
    (setcdr prev parent)
    parent))

(defun keymap-prompt (keymap)
  "The first prompt string of KEYMAP or of the keymaps in it, or nil."
  (let ((map (keymap--get keymap nil nil)) (prompt nil))
    (while (and (consp map) (not prompt))
      (let ((elt (car map)))
        (cond ((stringp elt) (setq prompt elt))
              ((keymap--resolve elt nil) (setq prompt (keymap-prompt elt)))))
      (setq map (cdr map)))
    prompt))

;;; ---- Walking and copying -----------------------------------------------

(defun keymap--map-item (function key val)
  (funcall function key (if (eq val t) nil val)))

(defun keymap--map-internal (function map)
  "Call FUNCTION on each binding of MAP's own alist, up to its parent or
a keymap within it; return the rest of MAP from there."
  (let ((tail (if (eq (car-safe map) 'keymap) (cdr map) map)))
    (while (and (consp tail) (not (eq (car tail) 'keymap))
                (not (keymap--resolve (car tail) nil)))
      (let ((binding (car tail)))
        (cond ((consp binding) (keymap--map-item function (car binding) (cdr binding)))
              ((vectorp binding)
               (dotimes (c (length binding)) (keymap--map-item function c (aref binding c))))
              ((char-table-p binding)
               (map-char-table (lambda (key val)
                                 (when val
                                   (keymap--map-item function
                                                     (if (consp key) (cons (car key) (cdr key)) key)
                                                     val)))
                               binding))))
      (setq tail (cdr tail)))
    tail))

(defun keymap--map (function map)
  "Call FUNCTION on each binding of MAP, the keymaps in it and its parents."
  (setq map (keymap--get map t t))
  (while (consp map)
    (if (keymap--resolve (car map) nil)
        (progn (keymap--map function (car map)) (setq map (cdr map)))
      (setq map (keymap--map-internal function map)))
    (unless (consp map) (setq map (keymap--get map nil t)))))

(defun map-keymap (function keymap &optional sort-first)
  "Call FUNCTION with each event KEYMAP binds and its binding, the
parents' bindings included: a range of characters with one binding in
a char-table comes as (FROM . TO).  With SORT-FIRST, in the order of
`map-keymap-sorted'."
  (if sort-first
      (map-keymap-sorted function keymap)
    (keymap--map function keymap)
    nil))

(defun map-keymap-internal (function keymap)
  "Call FUNCTION with each event KEYMAP itself binds and its binding;
return KEYMAP's parent."
  (keymap--map-internal function (keymap--get keymap t t)))

(defun map-keymap-sorted (function keymap)
  "As `map-keymap', characters first in increasing order, then the
other events by name."
  (let ((bindings nil))
    (keymap--map (lambda (key binding) (push (cons key binding) bindings)) keymap)
    (dolist (binding (sort bindings
                           (lambda (a b)
                             (let ((a (car a)) (b (car b)))
                               (cond ((integerp a) (or (not (integerp b)) (< a b)))
                                     ((integerp b) t)
                                     (t (string< a b)))))))
      (funcall function (car binding) (cdr binding)))))

(defun keymap--copy-binding (binding)
  "A copy of BINDING as `copy-keymap' makes: its keymap copied, and the
conses of a menu item holding it."
  (cond ((not (consp binding)) binding)
        ((eq (car binding) 'keymap) (copy-keymap binding))
        ((eq (car binding) 'menu-item)
         (let* ((copy (cons 'menu-item (cdr binding))) (cell copy))
           (dotimes (_ 2)
             (when (consp (cdr cell))
               (setcdr cell (cons (cadr cell) (cddr cell)))
               (setq cell (cdr cell))))
           (when (and (eq cell (nthcdr 2 copy)) (eq (car-safe (car cell)) 'keymap))
             (setcar cell (copy-keymap (car cell))))
           copy))
        ((stringp (car binding))
         (let* ((copy (cons (car binding) (cdr binding))) (cell copy))
           (when (and (consp (cdr cell)) (stringp (cadr cell)))
             (setcdr cell (cons (cadr cell) (cddr cell)))
             (setq cell (cdr cell)))
           (when (eq (car-safe (cdr cell)) 'keymap)
             (setcdr cell (copy-keymap (cdr cell))))
           copy))
        (t binding)))

(defvar keymap--copy-depth 0
  "How many keymaps `copy-keymap' is copying, one inside another.")

(defun copy-keymap (keymap)
  "A copy of KEYMAP and of the keymaps bound in it (not of those that
symbols name); the parent is shared."
  (let* ((keymap--copy-depth (1+ keymap--copy-depth))
         (map (cdr (keymap--get keymap t nil)))
         (copy (list 'keymap)) (tail copy))
    (when (> keymap--copy-depth 101)
      (error "Possible infinite recursion when copying keymap"))
    (while (and (consp map) (not (eq (car map) 'keymap)))
      (let ((elt (car map)))
        (setq elt
              (cond ((char-table-p elt)
                     (let ((table (copy-sequence elt)))
                       (map-char-table (lambda (key val)
                                         (set-char-table-range table key (keymap--copy-binding val)))
                                       elt)
                       table))
                    ((vectorp elt) (vconcat (mapcar #'keymap--copy-binding elt)))
                    ((eq (car-safe elt) 'keymap) (copy-keymap elt))
                    ((consp elt) (cons (car elt) (keymap--copy-binding (cdr elt))))
                    (t elt)))
        (setcdr tail (list elt))
        (setq tail (cdr tail) map (cdr map))))
    (setcdr tail map)
    copy))

;;; ---- Active keymaps ----------------------------------------------------

(defvar keymap--global-map global-map
  "The keymap `current-global-map' returns.")
(defvar-local keymap--local-map nil
  "The current buffer's local keymap (`current-local-map').")
;; A slot of the buffer in Emacs, so `buffer-local-variables' leaves it out.
(put 'keymap--local-map 'internal--buffer-slot t)

(defun current-global-map () "The current global keymap." keymap--global-map)

(defun use-global-map (keymap)
  "Make KEYMAP the global keymap."
  (setq keymap--global-map (keymap--get keymap t t))
  nil)

(defun current-local-map ()
  "The current buffer's local keymap, or nil."
  keymap--local-map)

(defun use-local-map (keymap)
  "Make KEYMAP (or nil for none) the current buffer's local keymap."
  (setq keymap--local-map (and keymap (keymap--get keymap t t)))
  nil)

(defun keymap--minor-maps-of (alist overridden)
  "The (VARIABLE . KEYMAP) of ALIST whose variable is non-nil, KEYMAP
past its symbols' function cells, leaving out the variables OVERRIDDEN
\(an alist) has."
  (let ((maps nil))
    (dolist (entry alist)
      (let ((variable (car-safe entry)))
        (when (and variable (symbolp variable) (boundp variable) (symbol-value variable)
                   (not (assq variable overridden)))
          (let ((map (indirect-function (cdr entry))))
            (when map (push (cons variable map) maps))))))
    (nreverse maps)))

(defun keymap--minor-modes-and-maps ()
  "The (VARIABLE . KEYMAP) of the minor modes that are on, from
`emulation-mode-map-alists' (alists or variables holding them),
`minor-mode-overriding-map-alist' and `minor-mode-map-alist', in the
order their keymaps are looked in."
  (append (apply #'append
                 (mapcar (lambda (alist)
                           (when (and alist (symbolp alist))
                             (setq alist (and (boundp alist) (symbol-value alist))))
                           (keymap--minor-maps-of alist nil))
                         emulation-mode-map-alists))
          (keymap--minor-maps-of minor-mode-overriding-map-alist nil)
          (keymap--minor-maps-of minor-mode-map-alist minor-mode-overriding-map-alist)))

(defun current-minor-mode-maps ()
  "The keymaps of the minor modes that are on, from
`emulation-mode-map-alists', `minor-mode-overriding-map-alist' and
`minor-mode-map-alist'."
  (mapcar #'cdr (keymap--minor-modes-and-maps)))

(defun minor-mode-key-binding (key &optional accept-default)
  "KEY's bindings in the keymaps of the minor modes that are on, as a
list of (MODE-VARIABLE . BINDING): the first mode's binding alone
when it is a command, else each mode's binding that is a keymap."
  (let ((prefixes nil) (command nil) (tail (keymap--minor-modes-and-maps)))
    (while (and tail (not command))
      (let ((binding (lookup-key (cdar tail) key accept-default)))
        (cond ((or (null binding) (integerp binding)))
              ((keymapp binding) (push (cons (caar tail) binding) prefixes))
              ((null prefixes) (setq command (list (cons (caar tail) binding))))))
      (setq tail (cdr tail)))
    (or command (nreverse prefixes))))

(defun keymap--property-map (property)
  "The keymap in the text property PROPERTY (`keymap' or `local-map')
of the character after point, or failing that of text inserted at
point; nil if none."
  (let ((map (save-restriction
               (widen)
               (or (get-char-property (point) property) (get-pos-property (point) property)))))
    (and (consp (keymap--get map nil nil)) (keymap--get map nil nil))))

(defun current-active-maps (&optional olp _position)
  "The keymaps active now, most urgent first, the global map last: the
`keymap' property's map at point, the minor modes' maps, the `local-map'
property's map or the local map.  With OLP, `overriding-local-map'
replaces all but the global map, `overriding-terminal-local-map' comes
first."
  (let ((maps (list (current-global-map))))
    (when (and olp (null overriding-terminal-local-map) overriding-local-map)
      (push overriding-local-map maps))
    (when (null (cdr maps))
      (let ((local (or (keymap--property-map 'local-map) (current-local-map)))
            (property-map (keymap--property-map 'keymap)))
        (when local (push local maps))
        (setq maps (append (current-minor-mode-maps) maps))
        (when property-map (push property-map maps)))
      (when (and olp overriding-terminal-local-map)
        (push overriding-terminal-local-map maps)))
    maps))

(defun key-binding (key &optional accept-default no-remap position)
  "KEY's binding in the active keymaps, or nil; a command is replaced
by its remapping unless NO-REMAP."
  (let ((value (lookup-key (current-active-maps t position) key accept-default)))
    (cond ((or (null value) (integerp value)) nil)
          ((and (not no-remap) (symbolp value))
           (or (command-remapping value position) value))
          (t value))))

(defun global-key-binding (keys &optional accept-default)
  "KEYS' binding in the global keymap."
  (lookup-key (current-global-map) keys accept-default))

(defun local-key-binding (keys &optional accept-default)
  "KEYS' binding in the current buffer's local keymap, nil without one."
  (and (current-local-map) (lookup-key (current-local-map) keys accept-default)))

(defun command-remapping (command &optional position keymaps)
  "The command COMMAND is remapped to ([remap COMMAND]'s binding) in
KEYMAPS, by default the active maps; nil if none."
  (when (symbolp command)
    (let ((binding (if keymaps
                       (lookup-key keymaps (vector 'remap command))
                     (key-binding (vector 'remap command) nil t position))))
      (if (integerp binding) nil binding))))

(defun keymap--read-key-and-command (key-prompt command-prompt)
  "Interactive arguments: a key sequence read after KEY-PROMPT, then a
command read after COMMAND-PROMPT, a format for the key's description."
  (let ((key (read-key-sequence key-prompt nil t)))
    (list key (read-command (format command-prompt (key-description key))))))

(defun global-set-key (key command)
  "Bind KEY to COMMAND in the global keymap."
  (interactive (keymap--read-key-and-command "Set key globally: "
                                             "Set key %s to command: "))
  (keymap--check-key key)
  (define-key (current-global-map) key command))

(defun local-set-key (key command)
  "Bind KEY to COMMAND in the current buffer's local keymap, making one
if it has none."
  (interactive "KSet key locally: \nCSet key %s locally to command: ")
  (keymap--check-key key)
  (unless (current-local-map) (use-local-map (make-sparse-keymap)))
  (define-key (current-local-map) key command))

(defun global-unset-key (key)
  "Remove KEY's global binding."
  (interactive "kUnset key globally: ")
  (global-set-key key nil))

(defun local-unset-key (key)
  "Remove KEY's binding in the current buffer's local keymap."
  (interactive "kUnset key locally: ")
  (when (current-local-map) (local-set-key key nil))
  nil)

(defun define-prefix-command (command &optional mapvar name)
  "Make COMMAND a prefix command and return it: a new sparse keymap,
with prompt NAME, becomes its function definition and the value of
MAPVAR, or of COMMAND itself when MAPVAR is nil."
  (set (or mapvar command) (fset command (make-sparse-keymap name)))
  command)

(defun suppress-keymap (map &optional nodigits)
  "Have MAP undefine the self-inserting characters (by remapping
`self-insert-command'), and unless NODIGITS, bind - and the digits to
the prefix argument commands."
  (define-key map [remap self-insert-command] #'undefined)
  (unless nodigits
    (define-key map "-" #'negative-argument)
    (dotimes (digit 10)
      (define-key map (string (+ ?0 digit)) #'digit-argument))))

(defvar key-substitution-in-progress nil
  "The keymaps `substitute-key-definition' is scanning.")

(defun substitute-key-definition (olddef newdef keymap &optional oldmap prefix)
  "Bind to NEWDEF in KEYMAP every key bound to OLDDEF in OLDMAP (by
default KEYMAP itself), through prefix keys; PREFIX is the key
sequence OLDMAP is under.  A menu item keeps its menu part."
  (let* ((scan (or oldmap keymap))
         (prefix (or prefix ""))
         (key (vconcat prefix [nil]))
         (key-substitution-in-progress (cons scan key-substitution-in-progress)))
    (map-keymap (lambda (event binding)
                  (aset key (length prefix) event)
                  (keymap--substitute-binding binding olddef newdef key keymap))
                scan)))

(defun keymap--unwrap-binding (binding)
  "(COMMAND . REWRAP): the command BINDING runs, past a menu item or
menu strings (and their old cache), and a function giving, for another
command, a binding wrapped the same way (without the cache)."
  (if (eq (car-safe binding) 'menu-item)
      (cons (nth 2 binding)
            (lambda (new)
              (let ((item (copy-sequence binding)))
                (setcar (nthcdr 2 item) new)
                item)))
    (let ((rest binding) (strings nil))
      (while (stringp (car-safe rest))
        (push (pop rest) strings))
      (when (consp (car-safe rest))
        (setq rest (cdr rest)))
      (cons rest (lambda (new) (append (reverse strings) new))))))

(defun keymap--same-command-p (command olddef)
  "Whether COMMAND is OLDDEF; a keyboard macro need only be `equal'."
  (or (eq command olddef)
      (and (or (stringp command) (vectorp command))
           (equal command olddef))))

(defun keymap--substitute-under (command olddef newdef key keymap)
  "When COMMAND is, or names, a keymap not being scanned already and
KEY in KEYMAP is unbound or a prefix, substitute within it under KEY."
  (let ((submap (or (indirect-function command) command)))
    (and (keymapp submap)
         (let ((current (lookup-key keymap key)))
           (or (null current) (natnump current) (keymapp current)))
         (not (memq submap key-substitution-in-progress))
         (substitute-key-definition olddef newdef keymap submap key))))

(defun keymap--substitute-binding (binding olddef newdef key keymap)
  "Bind KEY in KEYMAP to NEWDEF, wrapped like BINDING, when BINDING runs
OLDDEF; else look for OLDDEF under KEY when BINDING is a keymap."
  (let ((parts (keymap--unwrap-binding binding)))
    (if (keymap--same-command-p (car parts) olddef)
        (define-key keymap key (funcall (cdr parts) newdef))
      (keymap--substitute-under (car parts) olddef newdef key keymap))))

;;; ---- Descriptions ----------------------------------------------------

(defun keymap--char-description (c)
  "How `single-key-description' writes the character event C, any
fixnum: the bits above meta do not count, and the character is C's
bits below the modifiers'.  Meta TAB is C-M-i."
  (let* ((c (logand c #xFFFFFFF))
         (base (logand c (lognot keymap--char-modifier-mask)))
         (tab-as-ci (and (= base 9) (/= 0 (logand c keymap--meta-bit))))
         (prefixes ""))
    (dolist (modifier '((alt . "A-") (control . "C-") (hyper . "H-")
                        (meta . "M-") (shift . "S-") (super . "s-")))
      (let ((bit (cdr (assq (car modifier) keymap--char-modifier-bits))))
        (when (or (/= 0 (logand c bit))
                  (and (eq (car modifier) 'control)
                       (or tab-as-ci (and (< base 32) (not (memq base '(27 9 13)))))))
          (setq prefixes (concat prefixes (cdr modifier))))))
    (concat prefixes
            (cond ((= base 27) "ESC")
                  (tab-as-ci "i")
                  ((= base 9) "TAB")
                  ((= base 13) "RET")
                  ((<= 1 base 26) (string (+ base 96)))
                  ((< base 32) (string (+ base 64)))
                  ((= base 127) "DEL")
                  ((= base 32) "SPC")
                  (t (string base))))))

(defun keymap--symbol-description (symbol)
  "SYMBOL as <NAME> after its modifier prefixes, C-<f1>."
  (let* ((name (symbol-name symbol)) (i 0))
    (while (and (< i (- (length name) 3)) (eq (aref name (1+ i)) ?-)
                (memq (aref name i) '(?C ?M ?S ?s ?H ?A)))
      (setq i (+ i 2)))
    (concat (substring name 0 i) "<" (substring name i) ">")))

(defun single-key-description (key &optional no-angles)
  "KEY, one event, as a key description writes it: \"C-x\", \"<f1>\"
\(\"f1\" with NO-ANGLES), a range (FROM . TO) as \"FROM..TO\"."
  (when (keymap--event-list-p key) (setq key (event-convert-list key)))
  (if (and (consp key) (fixnump (car key)) (fixnump (cdr key)))
      (concat (single-key-description (car key) no-angles) ".."
              (single-key-description (cdr key) no-angles))
    (when (consp key) (setq key (car key)))
    (cond ((fixnump key) (keymap--char-description key))
          ((symbolp key) (if no-angles (symbol-name key) (keymap--symbol-description key)))
          ((stringp key) (copy-sequence key))
          (t (error "KEY must be an integer, cons, symbol, or string")))))

(defun text-char-description (character)
  "CHARACTER as text shows it: a control character as ^ and a letter
\(\"^A\", \"^?\" for DEL), any other as itself."
  (unless (characterp character)
    (signal 'wrong-type-argument (list 'characterp character)))
  (cond ((< character 32) (string ?^ (+ character 64)))
        ((= character 127) "^?")
        (t (string character))))

(defun keymap--description-events (keys)
  "The events of KEYS (a string, vector or list); a string's character
with the 8th bit is the meta character, as in a key."
  (cond ((stringp keys)
         (mapcar (lambda (c) (if (and (< c 256) (/= 0 (logand c 128)))
                                 (logxor c (logior 128 keymap--meta-bit))
                               c))
                 keys))
        ((or (vectorp keys) (listp keys)) (append keys nil))
        (t (signal 'wrong-type-argument (list 'sequencep keys)))))

(defun key-description (keys &optional prefix)
  "KEYS (after the events of PREFIX) as text, events separated by
spaces, ESC followed by a character written as its meta character."
  (let ((esc (keymap--meta-prefix)) (words nil) (add-meta nil))
    (dolist (key (append (and prefix (keymap--description-events prefix))
                         (keymap--description-events keys)))
      (let ((skip nil))
        (cond (add-meta
               (if (or (not (integerp key)) (eql key esc) (/= 0 (logand key keymap--meta-bit)))
                   (progn (push (single-key-description esc) words)
                          (setq skip (eql key esc)))
                 (setq key (logior key keymap--meta-bit)))
               (unless skip (setq add-meta nil)))
              ((eql key esc) (setq add-meta t skip t)))
        (unless skip (push (single-key-description key) words))))
    (when add-meta (push (single-key-description esc) words))
    (mapconcat #'identity (nreverse words) " ")))

;;; ---- Reverse lookup --------------------------------------------------

(defun keymap--append-event (prefix event)
  "The key sequence PREFIX then EVENT, ESC then a character making the
meta character."
  (if (and (integerp event) (> (length prefix) 0)
           (eql (aref prefix (1- (length prefix))) (keymap--meta-prefix)))
      (let ((seq (copy-sequence prefix)))
        (aset seq (1- (length seq)) (logior event keymap--meta-bit))
        seq)
    (vconcat prefix (vector event))))

(defun keymap--reached-before-p (map seq maps)
  "Non-nil if MAPS, a list of (KEY . KEYMAP), reaches MAP under a key
that begins SEQ: MAP is then in a cycle."
  (let ((found nil))
    (while (and maps (not found))
      (let ((key (caar maps)))
        (when (and (eq (cdar maps) map) (<= (length key) (length seq)))
          (let ((i 0))
            (while (and (< i (length key)) (eql (aref key i) (aref seq i)))
              (setq i (1+ i)))
            (setq found (= i (length key))))))
      (setq maps (cdr maps)))
    found))

(defun accessible-keymaps (keymap &optional prefix)
  "The keymaps reachable from KEYMAP through prefix keys, as a list of
\(KEY . MAP), breadth first (a map under ESC right after ESC's, as its
meta key); with PREFIX, only those under it."
  (let* ((start (if prefix (lookup-key keymap prefix t) keymap))
         (start (and (not (integerp start)) (keymap--get start nil t)))
         (maps (and start (list (cons (or prefix []) start))))
         (tail maps))
    (while tail
      (let* ((this (caar tail))
             (metized (and (> (length this) (length prefix))
                           (eql (aref this (1- (length this))) (keymap--meta-prefix))))
             (here tail))
        (keymap--map
         (lambda (event binding)
           (let ((map (keymap--get (keymap--keyelt binding nil) nil nil)))
             (when (and map (not (keymap--reached-before-p map this maps)))
               (if (and metized (integerp event))
                   (setcdr here (cons (cons (keymap--append-event this event) map) (cdr here)))
                 (nconc maps (list (cons (vconcat this (vector event)) map)))))))
         (cdar tail)))
      (setq tail (cdr tail)))
    maps))

(defun keymap--shadow-lookup (keymaps key remap)
  "KEY's binding in the first of KEYMAPS that binds it, remapped in
KEYMAPS when REMAP."
  (let ((value nil) (all keymaps))
    (while (and keymaps (null value))
      (let* ((map (pop keymaps)) (binding (lookup-key map key)))
        (cond ((natnump binding)
               (when (keymapp (lookup-key map (substring key 0 binding)))
                 (setq keymaps nil)))
              (binding (setq value binding)))))
    (or (and remap value (symbolp value) (command-remapping value nil all))
        value)))

(defun keymap--bound-sequences (definition keymaps)
  "The key sequences bound to DEFINITION in KEYMAPS, shadowed or not."
  (let ((found nil))
    (dolist (map keymaps)
      (dolist (entry (accessible-keymaps map))
        (keymap--map
         (lambda (event binding)
           (setq binding (keymap--keyelt binding nil))
           (when (or (eq binding definition)
                     (and (consp definition) (equal binding definition)))
             (push (keymap--append-event (car entry) event) found)))
         (cdr entry))))
    (nreverse found)))

(defun where-is-internal (definition &optional keymap firstonly _noindirect no-remap)
  "The key sequences (vectors) bound to DEFINITION in KEYMAP and the
global map (KEYMAP a keymap), in KEYMAP (a list of keymaps) or in the
active maps, leaving out those another binding hides.  A sequence
[remap COMMAND] stands for COMMAND's keys, unless NO-REMAP.  With
FIRSTONLY, only one: DEFINITION's :advertised-binding if still bound
to it, else the first of characters without modifiers other than meta
\(unless FIRSTONLY is `non-ascii'), else the first.  The keys of a
command remapped to another are that other's."
  (let* ((keymaps (cond ((and (consp keymap) (keymapp (car keymap))) keymap)
                        (keymap (list keymap (current-global-map)))
                        (t (current-active-maps))))
         (remapped (and (not no-remap) (command-remapping definition nil keymaps))))
    (when (and remapped (symbolp remapped))
      (setq definition remapped))
    (or (and firstonly (keymap--advertised-binding definition keymaps))
        (keymap--where-is definition keymaps firstonly no-remap))))

(defun keymap--where-is (definition keymaps firstonly no-remap)
  "`where-is-internal' but for advertised bindings, in KEYMAPS (a list)."
  (let ((found nil))
    (dolist (seq (keymap--bound-sequences definition keymaps))
      (when (equal (keymap--shadow-lookup keymaps seq nil) definition)
        (if (and (not no-remap) (= (length seq) 2) (eq (aref seq 0) 'remap)
                 (symbolp (aref seq 1)))
            (dolist (remapped (keymap--bound-sequences (aref seq 1) keymaps))
              (when (and (equal (keymap--shadow-lookup keymaps remapped t) definition)
                         (not (member remapped found)))
                (push remapped found)))
          (unless (member seq found) (push seq found)))))
    (setq found (nreverse found))
    (cond ((not firstonly) found)
          ((eq firstonly 'non-ascii) (car found))
          (t (let ((plain found))
               (while (and plain (not (keymap--plain-sequence-p (car plain))))
                 (setq plain (cdr plain)))
               (car (or plain found)))))))

(defun keymap--advertised-binding (definition keymaps)
  "The key DEFINITION's :advertised-binding property names (one key, or
the first of a list of them) that KEYMAPS bind to DEFINITION, or nil."
  (let* ((advertised (and (symbolp definition) (get definition :advertised-binding)))
         (keys (if (consp advertised) advertised (and advertised (list advertised))))
         (found nil))
    (while (and keys (not found))
      (when (equal (keymap--shadow-lookup keymaps (car keys) nil) definition)
        (setq found (car keys)))
      (setq keys (cdr keys)))
    found))

(defun keymap--plain-sequence-p (seq)
  "Non-nil if SEQ's events are all characters with no modifier but meta."
  (let ((other-modifiers (logand keymap--char-modifier-mask (lognot keymap--meta-bit))))
    (not (memq nil (mapcar (lambda (e) (and (integerp e) (= 0 (logand e other-modifiers))))
                           seq)))))

;;; ---- Emacs's own bindings --------------------------------------------

(defun keymap--define-table (map table)
  "Bind in MAP, in order, each EVENT of TABLE, a list EVENT BINDING...
of single events; a BINDING (:map EVENT BINDING...) is a new sparse
keymap binding those.  Return MAP."
  (while table
    (let ((event (pop table)) (binding (pop table)))
      (keymap--store map event (if (eq (car-safe binding) :map)
                                   (keymap--define-table (make-sparse-keymap) (cdr binding))
                                 binding))))
  map)

;; The global map, the ESC, C-x and help maps and those under them,
;; with the bindings they have in `emacs -Q' (lisp/bindings.el).
(load "bindings" nil t)

;;; keymap.el ends here
