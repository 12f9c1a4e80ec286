;;; xml.el --- XML as Lisp lists  -*- lexical-binding: t -*-

;; Emacs 28's xml.el parser and printer, written for marrow.  A node is
;; (NAME ATTRIBUTES . CHILDREN), as in dom.el: NAME a symbol, or with
;; namespaces a (URI . LOCAL-NAME) cons or a symbol URI+LOCAL-NAME;
;; ATTRIBUTES an alist; CHILDREN nodes and strings.  A document type's
;; internal subset is read for its entity declarations only.

(define-error 'xml-invalid-character "Invalid XML character")

(defconst xml-default-ns
  '(("" . "")
    ("xml" . "http://www.w3.org/XML/1998/namespace")
    ("xmlns" . "http://www.w3.org/2000/xmlns/"))
  "The namespace prefixes every document has, and their URIs.")

(defvar xml-entity-alist
  '(("lt" . "<") ("gt" . ">") ("apos" . "'") ("quot" . "\"") ("amp" . "&"))
  "The entities every document has, and their replacement text.")

(defvar xml-entity-expansion-limit 20000
  "How many characters entity references may expand to in one
document; beyond that parsing fails, against entity bombs.")

(defvar xml-validating-parser nil
  "Non-nil: a reference to an undeclared entity is an error.")

(defconst xml--name-start
  ":A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\U00010000-\U000EFFFF"
  "The characters that may start an XML name, for a bracket expression.")

(defconst xml--name-regexp
  (concat "[" xml--name-start "][-.0-9\u00B7\u0300-\u036F\u203F-\u2040" xml--name-start "]*")
  "An XML name.")

;;; Accessors

(defsubst xml-node-name (node)
  "The tag of NODE."
  (car node))

(defsubst xml-node-attributes (node)
  "The attribute alist of NODE."
  (nth 1 node))

(defsubst xml-node-children (node)
  "The children of NODE."
  (cddr node))

(defun xml-get-children (node child-name)
  "The child elements of NODE named CHILD-NAME, in order."
  (delq nil (mapcar (lambda (child)
                      (and (consp child)
                           (equal (xml-node-name child) child-name)
                           child))
                    (xml-node-children node))))

(defun xml-get-attribute-or-nil (node attribute)
  "The value of NODE's ATTRIBUTE, or nil if it has none."
  (cdr (assoc attribute (xml-node-attributes node))))

(defsubst xml-get-attribute (node attribute)
  "The value of NODE's ATTRIBUTE, or \"\" if it has none."
  (or (xml-get-attribute-or-nil node attribute) ""))

;;; Parsing

(defvar xml--entities nil
  "While parsing: the general entities, an alist of (NAME . TEXT).")
(defvar xml--parameter-entities nil
  "While parsing: the parameter entities, an alist of (NAME . TEXT).")
(defun xml--fail (format &rest args)
  "Signal a well-formedness error described by FORMAT and ARGS."
  (error "XML: (Not Well-Formed) %s" (apply #'format-message format args)))

(defun xml--skip-space ()
  (skip-chars-forward " \t\n\r"))

(defun xml--read-name ()
  "The XML name at point, moving past it; an error if there is none."
  (unless (looking-at xml--name-regexp)
    (xml--fail "Invalid name at position %d" (point)))
  (goto-char (match-end 0))
  (match-string-no-properties 0))

(defun xml--entity-text (name)
  "The replacement text of general entity NAME."
  (or (cdr (or (assoc name xml--entities) (assoc name xml-entity-alist)))
      (if xml-validating-parser
          (xml--fail "Undefined entity `%s'" name)
        "?")))

(defun xml--char-reference (digits hex)
  "The character of reference DIGITS, in base 16 if HEX."
  (string (string-to-number digits (if hex 16 10))))

(defconst xml--reference-regexp
  "&\\(?:#\\([0-9]+\\)\\|#x\\([0-9a-fA-F]+\\)\\|\\([^;&[:space:]]+\\)\\);"
  "A character reference (group 1 decimal, 2 hexadecimal) or an entity
reference (group 3 its name).")

(defun xml--substitute (text &optional attribute)
  "TEXT with its character and entity references replaced, an entity's
text being read again in its place.  As in Emacs, which edits the
buffer, the text still to read may not grow past what it was by more
than `xml-entity-expansion-limit' characters (an entity bomb).
ATTRIBUTE non-nil: TEXT is an attribute value, which words the error."
  (let ((pieces nil) (done 0) (growth 0) (stalled 0))
    (while (string-match xml--reference-regexp text)
      (let ((before (substring text 0 (match-beginning 0)))
            (decimal (match-string 1 text))
            (hex (match-string 2 text))
            (name (match-string 3 text))
            (reference (match-string 0 text))
            (after (substring text (match-end 0))))
        (push before pieces)
        (setq done (+ done (length before)))
        (if (or decimal hex (assoc name xml-entity-alist))
            (let ((char (cond (decimal (xml--char-reference decimal nil))
                              (hex (xml--char-reference hex t))
                              (t (xml--entity-text name)))))
              (push char pieces)
              (setq done (+ done (length char))
                    growth (+ growth (- (length char) (length reference)))
                    text after
                    stalled 0))
          (let ((value (xml--entity-text name)))
            (setq growth (+ growth (- (length value) (length reference)))
                  text (concat value after)
                  stalled (if (string-empty-p before) (1+ stalled) 0))
            (when (or (> (- growth done) xml-entity-expansion-limit) (> stalled 1000))
              (if attribute
                  (error "XML: Passed `xml-entity-expansion-limit' while expanding `&%s;'" name)
                (error "XML: Entity reference expansion surpassed `xml-entity-expansion-limit'")))))))
    (push text pieces)
    (apply #'concat (nreverse pieces))))

(defun xml-substitute-special (string)
  "STRING with its character references and references to the entities
of `xml-entity-alist' replaced (an unknown entity becomes \"?\")."
  (xml--substitute string))

(defun xml-substitute-numeric-entities (string)
  "STRING with its decimal character references (&#NN;) replaced; nil
for nil."
  (when string
    (replace-regexp-in-string "&#\\([0-9]+\\);"
                              (lambda (reference)
                                (string (string-to-number (substring reference 2 -1))))
                              string t t)))

(defun xml--read-quoted ()
  "The quoted string at point (its quotes removed), moving past it."
  (let ((quote (char-after)))
    (unless (memq quote '(?\" ?'))
      (xml--fail "Expected a quoted value at position %d" (point)))
    (forward-char 1)
    (let ((start (point)))
      (unless (search-forward (string quote) nil t)
        (xml--fail "Unterminated quoted value"))
      (buffer-substring-no-properties start (1- (point))))))

(defun xml--skip-past (terminator what)
  "Move past the next TERMINATOR; WHAT names the construct for the error."
  (unless (search-forward terminator nil t)
    (xml--fail "End of document inside %s" what)))

(defun xml--substitute-parameters (text)
  "TEXT with its character references and parameter entity references
replaced (the Appendix D expansion of an entity value)."
  (let ((start 0) (pieces nil))
    (while (string-match "%\\([^;%[:space:]]+\\);\\|&#\\([0-9]+\\);\\|&#x\\([0-9a-fA-F]+\\);" text start)
      (push (substring text start (match-beginning 0)) pieces)
      (push (cond ((match-beginning 1)
                   (or (cdr (assoc (match-string 1 text) xml--parameter-entities))
                       (xml--fail "Undefined parameter entity `%s'" (match-string 1 text))))
                  ((match-beginning 2) (xml--char-reference (match-string 2 text) nil))
                  (t (xml--char-reference (match-string 3 text) t)))
            pieces)
      (setq start (match-end 0)))
    (push (substring text start) pieces)
    (apply #'concat (nreverse pieces))))

(defun xml--read-entity-declaration ()
  "Read an <!ENTITY declaration, point after its `<!ENTITY'."
  (xml--skip-space)
  (let ((parameter (when (eq (char-after) ?%) (forward-char 1) (xml--skip-space) t))
        (name (xml--read-name)))
    (xml--skip-space)
    (let ((value (if (looking-at "SYSTEM\\|PUBLIC")
                     (progn (xml--skip-past ">" "an entity declaration") nil)
                   (xml--substitute-parameters (xml--read-quoted)))))
      (when value
        (if parameter
            (unless (assoc name xml--parameter-entities)
              (push (cons name value) xml--parameter-entities))
          (unless (assoc name xml--entities)
            (push (cons name value) xml--entities))))
      (xml--skip-space)
      (when (and value (not (eq (char-after) ?>)))
        (xml--fail "Bad entity declaration for `%s'" name))
      (when value (forward-char 1)))))

(defun xml--read-internal-subset ()
  "Read a document type's [...] part, point after its `['."
  (let ((done nil))
    (while (not done)
      (xml--skip-space)
      (cond ((eobp) (xml--fail "End of document inside the document type"))
            ((eq (char-after) ?\]) (forward-char 1) (setq done t))
            ((looking-at "<!ENTITY") (goto-char (match-end 0)) (xml--read-entity-declaration))
            ((looking-at "<!ELEMENT") (goto-char (match-end 0)) (xml--read-element-declaration))
            ((looking-at "<!--") (xml--skip-past "-->" "a comment"))
            ((looking-at "<[!?]") (xml--skip-past ">" "a declaration"))
            ((looking-at "%\\([^;%[:space:]]+\\);")
             ;; A parameter entity reference between declarations: its
             ;; text is read in its place.
             (let ((text (or (cdr (assoc (match-string 1) xml--parameter-entities))
                             (xml--fail "Undefined parameter entity `%s'" (match-string 1)))))
               (replace-match text t t)
               (goto-char (match-beginning 0))))
            (t (xml--fail "Bad document type at position %d" (point)))))))

(defvar xml--element-declarations nil
  "While reading a document type: its element declarations, newest first.")

(defun xml--read-element-declaration ()
  "Record an <!ELEMENT declaration, point after its `<!ELEMENT'."
  (xml--skip-space)
  (let ((name (xml--read-name)))
    (xml--skip-space)
    (let ((start (point)))
      (xml--skip-past ">" "an element declaration")
      (let ((spec (string-trim (buffer-substring-no-properties start (1- (point))))))
        (push (list name (cond ((equal spec "EMPTY") 'empty)
                               ((equal spec "ANY") 'any)
                               ((string-match "\\`( *#PCDATA *)\\'" spec) 'pcdata)
                               ((string-match "\\`( *\\(.*\\))\\'" spec) (match-string 1 spec))
                               (t spec)))
              xml--element-declarations)))))

(defun xml--read-external-id ()
  "The SYSTEM or PUBLIC identifier at point as Emacs lists it, or nil."
  (cond ((looking-at "SYSTEM")
         (goto-char (match-end 0))
         (xml--skip-space)
         (list (xml--read-quoted) 'system))
        ((looking-at "PUBLIC")
         (goto-char (match-end 0))
         (xml--skip-space)
         (let ((public (xml--read-quoted)))
           (xml--skip-space)
           (list public (xml--read-quoted) 'public)))))

(defun xml--read-doctype ()
  "Read a <!DOCTYPE, point after it; its description (dtd NAME
[EXTERNAL-ID] ELEMENT-DECLARATIONS...)."
  (xml--skip-space)
  (let ((name (xml--read-name))
        (xml--element-declarations nil))
    (xml--skip-space)
    (let ((external (xml--read-external-id)))
      (xml--skip-space)
      (when (eq (char-after) ?\[)
        (forward-char 1)
        (xml--read-internal-subset)
        (xml--skip-space))
      (unless (eq (char-after) ?>)
        (xml--fail "End of document inside the document type"))
      (forward-char 1)
      (append (list 'dtd name) (and external (list external))
              (reverse xml--element-declarations)))))

(defvar xml--dtd nil
  "While parsing: the description of the document type read, if any.")

(defun xml--skip-misc ()
  "Skip spaces, comments, processing instructions and document types
\(the last read goes in `xml--dtd'); nil at the end of the document."
  (let ((more t))
    (while more
      (xml--skip-space)
      (cond ((looking-at "<!--") (xml--skip-past "-->" "a comment"))
            ((looking-at "<\\?") (xml--skip-past "?>" "a processing instruction"))
            ((looking-at "<!DOCTYPE")
             (goto-char (match-end 0))
             (setq xml--dtd (xml--read-doctype)))
            (t (setq more nil))))
    (not (eobp))))

(defun xml--namespace-of (prefix namespaces)
  "The URI of PREFIX in NAMESPACES, \"\" when it is unknown."
  (or (cdr (assoc prefix namespaces)) ""))

(defun xml--qualify (name namespaces symbols)
  "NAME (a string) expanded with NAMESPACES: a (URI . LOCAL) cons, or
with SYMBOLS the symbol URI+LOCAL."
  (let* ((colon (string-search ":" name))
         (prefix (if colon (substring name 0 colon) ""))
         (local (if colon (substring name (1+ colon)) name))
         (uri (xml--namespace-of prefix namespaces)))
    (if symbols (intern (concat uri local)) (cons uri local))))

(defun xml--read-attributes ()
  "The attributes at point as (NAME-STRING . VALUE) pairs, in order."
  (let ((attributes nil))
    (while (progn (xml--skip-space) (not (memq (char-after) '(?> ?/ nil))))
      (let ((name (xml--read-name)))
        (xml--skip-space)
        (unless (eq (char-after) ?=)
          (xml--fail "Attribute `%s' has no value" name))
        (forward-char 1)
        (xml--skip-space)
        (push (cons name (xml--substitute (xml--read-quoted) t)) attributes)))
    (nreverse attributes)))

(defun xml--declared-namespaces (attributes namespaces)
  "NAMESPACES with the xmlns declarations among ATTRIBUTES added in front."
  (dolist (attribute attributes)
    (let ((name (car attribute)))
      (cond ((equal name "xmlns") (push (cons "" (cdr attribute)) namespaces))
            ((string-prefix-p "xmlns:" name)
             (push (cons (substring name 6) (cdr attribute)) namespaces)))))
  namespaces)

(defun xml--attribute-key (name namespaces ns-mode)
  "The key of attribute NAME: a symbol without NS-MODE, else expanded
with NAMESPACES (an xmlns declaration always as a cons)."
  (cond ((null ns-mode) (intern name))
        ((equal name "xmlns") (cons (xml--namespace-of "xmlns" xml-default-ns) ""))
        ((string-prefix-p "xmlns:" name)
         (cons (xml--namespace-of "xmlns" xml-default-ns) (substring name 6)))
        ;; An attribute without a prefix is in no namespace.
        ((not (string-search ":" name))
         (if (eq ns-mode 'symbol-qnames) (intern name) (cons "" name)))
        (t (xml--qualify name namespaces (eq ns-mode 'symbol-qnames)))))

(defun xml--read-element (namespaces ns-mode)
  "The element at point (its `<'), moving past it.  NAMESPACES are
those of its parent; NS-MODE nil, t or `symbol-qnames'."
  (forward-char 1)
  (let* ((name (xml--read-name))
         (attributes (xml--read-attributes))
         (own (if ns-mode (xml--declared-namespaces attributes namespaces) namespaces))
         (tag (if ns-mode (xml--qualify name own (eq ns-mode 'symbol-qnames)) (intern name)))
         ;; As in Emacs, attributes are qualified with the parent's
         ;; namespaces, not with those the element itself declares.
         (keys (mapcar (lambda (a) (cons (xml--attribute-key (car a) namespaces ns-mode) (cdr a)))
                       attributes)))
    (cond ((looking-at "/>") (forward-char 2) (list tag keys))
          ((eq (char-after) ?>)
           (forward-char 1)
           (cons tag (cons keys (xml--read-content name own ns-mode))))
          (t (xml--fail "End of document while reading element `%s'" name)))))

(defun xml--read-content (name namespaces ns-mode)
  "The children of element NAME up to its end tag, moving past that."
  (let ((children nil) (text nil) (done nil))
    (while (not done)
      (let ((start (point)))
        (skip-chars-forward "^<")
        (when (> (point) start)
          (setq text (concat text (xml--substitute (buffer-substring-no-properties start (point))))))
        (cond ((eobp) (xml--fail "End of document while reading element `%s'" name))
              ((looking-at "</")
               (goto-char (match-end 0))
               (let ((end (xml--read-name)))
                 (unless (equal end name)
                   (xml--fail "Invalid end tag `%s' (expecting `%s')" end name)))
               (xml--skip-space)
               (unless (eq (char-after) ?>)
                 (xml--fail "Bad end tag of `%s'" name))
               (forward-char 1)
               (setq done t))
              ((looking-at "<!--") (xml--skip-past "-->" "a comment"))
              ((looking-at "<\\?") (xml--skip-past "?>" "a processing instruction"))
              ((looking-at "<!\\[CDATA\\[")
               (goto-char (match-end 0))
               (let ((cdata-start (point)))
                 (xml--skip-past "]]>" "a CDATA section")
                 ;; As in Emacs, CDATA starts a new string.
                 (when text (push text children))
                 (setq text (buffer-substring-no-properties cdata-start (- (point) 3)))))
              (t
               (when text (push text children) (setq text nil))
               (push (xml--read-element namespaces ns-mode) children)))))
    (when text (push text children))
    (nreverse children)))

(defun xml--ns-settings (parse-ns)
  "From PARSE-NS: (MODE . NAMESPACES), MODE nil, t or `symbol-qnames'."
  (cond ((null parse-ns) (cons nil xml-default-ns))
        ((eq parse-ns 'symbol-qnames) (cons 'symbol-qnames xml-default-ns))
        ((and (consp parse-ns) (eq (car parse-ns) 'symbol-qnames))
         (cons 'symbol-qnames (cdr parse-ns)))
        ((consp parse-ns) (cons t parse-ns))
        (t (cons t xml-default-ns))))

(defun xml-parse-region (&optional beg end buffer parse-dtd parse-ns)
  "Parse the XML between BEG and END (the accessible part when nil) of
BUFFER (the current one when nil): a list of its root node, or nil
when it has none.  With PARSE-DTD the list starts with the document
type's description, (dtd NAME [EXTERNAL-ID] ELEMENT-DECLARATIONS...),
or nil when there is none.  PARSE-NS non-nil expands names with namespaces:
t, an alist of prefixes and URIs, `symbol-qnames' (names become
symbols), or (symbol-qnames . ALIST)."
  (let ((text (with-current-buffer (or buffer (current-buffer))
                (buffer-substring-no-properties (or beg (point-min)) (or end (point-max)))))
        (settings (xml--ns-settings parse-ns))
        (xml--entities nil)
        (xml--parameter-entities nil)
        (xml--dtd nil))
    (with-temp-buffer
      (insert text)
      (goto-char (point-min))
      (let ((nodes (when (xml--skip-misc)
                     (unless (eq (char-after) ?<)
                       (xml--fail "Text before the root element"))
                     (let ((root (xml--read-element (cdr settings) (car settings))))
                       (when (and (xml--skip-misc) (eq (char-after) ?<))
                         (xml--fail "Only one root tag allowed"))
                       (list root)))))
        (if parse-dtd (cons xml--dtd nodes) nodes)))))

(defun xml-parse-file (file &optional parse-dtd parse-ns)
  "Parse the XML of FILE, as `xml-parse-region' does."
  (with-temp-buffer
    (insert-file-contents file)
    (xml-parse-region (point-min) (point-max) nil parse-dtd parse-ns)))

(defun xml--next-comment ()
  "The bounds of the next complete <!-- ... --> after point, point then
after it; nil when none is left."
  (let ((opening (and (search-forward "<!--" nil t) (match-beginning 0))))
    (and opening
         (search-forward "-->" nil t)
         (cons opening (point)))))

(defun xml-remove-comments (beg end)
  "Delete the complete XML comments between BEG and END."
  (save-excursion
    (save-restriction
      (narrow-to-region beg end)
      (goto-char (point-min))
      (let ((comment nil))
        (while (setq comment (xml--next-comment))
          (delete-region (car comment) (cdr comment)))))))

;;; Printing

(defun xml--valid-char-p (char)
  "Whether CHAR may appear in an XML document."
  (or (memq char '(?\t ?\n ?\r))
      (<= #x20 char #xD7FF)
      (<= #xE000 char #xFFFD)
      (<= #x10000 char #x10FFFF)))

(defun xml-escape-string (string)
  "STRING with XML's special characters written as entity references;
a character XML cannot hold signals `xml-invalid-character' with it
and its position (from 1)."
  (let ((pieces nil) (index 0))
    (mapc (lambda (char)
            (setq index (1+ index))
            (unless (xml--valid-char-p char)
              (signal 'xml-invalid-character (list char index)))
            (push (pcase char
                    (?& "&amp;") (?< "&lt;") (?> "&gt;") (?' "&apos;") (?\" "&quot;")
                    (_ (string char)))
                  pieces))
          string)
    (apply #'concat (nreverse pieces))))

(defun xml-debug-print-internal (node indent-string)
  "Insert NODE, its child elements each on a line indented by two
more spaces than INDENT-STRING."
  (insert "<" (symbol-name (xml-node-name node)))
  (dolist (attribute (xml-node-attributes node))
    (insert " " (symbol-name (car attribute)) "=\"" (xml-escape-string (cdr attribute)) "\""))
  (let ((children (xml-node-children node)) (elements nil))
    (if (null children)
        (insert "/>")
      (insert ">")
      (dolist (child children)
        (if (stringp child)
            (insert (xml-escape-string child))
          (setq elements t)
          (insert "\n" indent-string "  ")
          (xml-debug-print-internal child (concat indent-string "  "))))
      (when elements
        (insert "\n" indent-string))
      (insert "</" (symbol-name (xml-node-name node)) ">"))))

(defun xml-print (xml &optional indent-string)
  "Insert the nodes of XML (a list of them), each on its own line
starting with INDENT-STRING."
  (let ((indent (or indent-string "")))
    (dolist (node xml)
      (insert indent)
      (xml-debug-print-internal node indent))))

(defun xml-debug-print (xml &optional indent-string)
  "Like `xml-print'."
  (xml-print xml indent-string))

(provide 'xml)

;;; xml.el ends here
