;;; dom.el --- DOM trees as lists  -*- lexical-binding: t -*-

;; Emacs 28's dom.el, written for marrow.  A node is (TAG ATTRIBUTES
;; . CHILDREN): ATTRIBUTES an alist, each child a node or a string.
;; Where a node is expected, a list of nodes stands for its first one.

(defsubst dom--first-node (node)
  "NODE, or the first node of NODE when it is a list of nodes."
  (if (consp (car node)) (car node) node))

(defsubst dom-tag (node)
  "The tag of NODE."
  (car (dom--first-node node)))

(defsubst dom-attributes (node)
  "The attribute alist of NODE."
  (cadr (dom--first-node node)))

(defsubst dom-children (node)
  "The children of NODE: nodes and strings."
  (cddr (dom--first-node node)))

(defmacro dom-attr (node attr)
  "The value of attribute ATTR (a symbol) of NODE."
  `(cdr (assq ,attr (dom-attributes ,node))))

(defun dom-non-text-children (node)
  "The children of NODE that are nodes, not strings."
  (seq-remove #'stringp (dom-children node)))

(defun dom-node (tag &optional attributes &rest children)
  "A new node with TAG, ATTRIBUTES and CHILDREN."
  (cons tag (cons attributes children)))

(defun dom-ensure-node (node)
  "NODE (its first node if it is a list of nodes), given an empty
attribute list in place when it has none."
  (setq node (dom--first-node node))
  (when (null (cdr node))
    (setcdr node (list nil)))
  node)

(defun dom-set-attributes (node attributes)
  "Make ATTRIBUTES the attribute alist of NODE."
  (setq node (dom-ensure-node node))
  (setcar (cdr node) attributes))

(defun dom-set-attribute (node attribute value)
  "Set NODE's ATTRIBUTE to VALUE, in place when NODE has it, else as a
new last attribute."
  (let* ((element (dom-ensure-node node))
         (attributes (cadr element))
         (entry (assoc attribute attributes)))
    (if entry
        (setcdr entry value)
      (dom-set-attributes element
                          (nconc attributes (list (cons attribute value)))))))

(defun dom-remove-attribute (node attribute)
  "Remove ATTRIBUTE from NODE's attributes; return those left, or nil
if it had none."
  (setq node (dom-ensure-node node))
  (let ((known (assoc attribute (cadr node))))
    (when known
      (setcar (cdr node) (delq known (cadr node))))))

(defun dom-append-child (node child)
  "Add CHILD as NODE's last child; return NODE."
  (setq node (dom-ensure-node node))
  (nconc node (list child)))

(defun dom-add-child-before (node child &optional before)
  "Add CHILD to NODE's children just before BEFORE (one of them, an
error if it is not), or first when BEFORE is nil; return NODE."
  (setq node (dom-ensure-node node))
  (let ((children (cdr node)))
    (when before
      (while (and (cdr children) (not (eq (cadr children) before)))
        (setq children (cdr children)))
      (unless (cdr children)
        (error "%s does not exist as a child" before)))
    (setcdr children (cons child (cdr children))))
  node)

(defun dom-text (node)
  "NODE's own strings (not its descendants'), joined by spaces."
  (mapconcat #'identity (seq-filter #'stringp (dom-children node)) " "))

(defun dom--texts-of-child (child separator)
  "What CHILD adds to its parent's `dom-texts' with SEPARATOR: itself
when a string, nothing for a script element, else its own texts."
  (cond ((stringp child) child)
        ((eq (dom-tag child) 'script) "")
        (t (dom-texts child separator))))

(defun dom-texts (node &optional separator)
  "All the text under NODE, depth first, each child's joined to the next
by SEPARATOR (a space when nil); a script element counts as empty."
  (let ((pieces (mapcar (lambda (child) (dom--texts-of-child child separator))
                        (dom-children node))))
    (mapconcat #'identity pieces (or separator " "))))

(defun dom-strings (dom)
  "All the strings under DOM, depth first."
  (mapcan (lambda (child)
            (if (stringp child) (list child) (dom-strings child)))
          (dom-children dom)))

(defun dom-search (dom predicate)
  "The nodes of DOM, itself first, then depth first, for which
PREDICATE returns non-nil."
  (let ((found (mapcan (lambda (child)
                         (and (not (stringp child)) (dom-search child predicate)))
                       (dom-children dom))))
    (if (funcall predicate dom) (cons dom found) found)))

(defun dom-child-by-tag (dom tag)
  "DOM's first child node whose tag is TAG."
  (seq-find (lambda (child) (and (consp child) (equal (dom-tag child) tag)))
            (dom-children dom)))

(defun dom-by-tag (dom tag)
  "The nodes of DOM whose tag is TAG."
  (dom-search dom (lambda (node) (equal (dom-tag node) tag))))

(defun dom-elements (dom attribute match)
  "The nodes of DOM whose ATTRIBUTE's value matches regexp MATCH."
  (dom-search dom (lambda (node)
                    (let ((value (dom-attr node attribute)))
                      (and value (string-match match value))))))

(defun dom-by-class (dom match)
  "The nodes of DOM whose class matches regexp MATCH."
  (dom-elements dom 'class match))

(defun dom-by-style (dom match)
  "The nodes of DOM whose style matches regexp MATCH."
  (dom-elements dom 'style match))

(defun dom-by-id (dom match)
  "The nodes of DOM whose id matches regexp MATCH."
  (dom-elements dom 'id match))

(defun dom-parent (dom node)
  "The node of DOM of which NODE (compared with `eq') is a child."
  (if (memq node (dom-children dom))
      dom
    (seq-some (lambda (child) (and (consp child) (dom-parent child node)))
              (dom-children dom))))

(defun dom-previous-sibling (dom node)
  "The child before NODE (compared with `eq') among its parent's in DOM."
  (let ((parent (dom-parent dom node)))
    (when parent
      (let ((children (dom-children parent)) (previous nil))
        (while (not (eq (car children) node))
          (setq previous (pop children)))
        previous))))

(defun dom-remove-node (dom node)
  "Remove NODE (compared with `eq') from its parent in DOM; return nil."
  (let ((parent (dom-parent dom node)))
    (when parent
      (delq node parent)))
  nil)

(defun dom--insert-aligned (items column)
  "Insert ITEMS (strings), each after the first on a new line at COLUMN."
  (insert (car items))
  (dolist (item (cdr items))
    (insert "\n" (make-string column ?\s) item)))

(defun dom-pp (dom &optional remove-empty)
  "Insert DOM at point as a Lisp list, a child per line, indented from
the current column.  With REMOVE-EMPTY, whitespace-only strings go."
  (let ((column (current-column))
        (tag (dom-tag dom)))
    (insert (format "(%S " tag))
    (if (null (dom-attributes dom))
        (insert "nil")
      (insert "(")
      (dom--insert-aligned (mapcar (lambda (attr) (format "(%S . %S)" (car attr) (cdr attr)))
                                   (dom-attributes dom))
                           (current-column))
      (insert ")"))
    (dolist (child (dom-children dom))
      (unless (and remove-empty (stringp child) (string-match-p "\\`[ \t\n\r\f]*\\'" child))
        (insert "\n" (make-string (1+ column) ?\s))
        (if (stringp child)
            (insert (format "%S" child))
          (dom-pp child remove-empty))))
    (insert ")")))

(defun dom--print-children (children column pretty xml)
  "Insert CHILDREN, those of an element starting at COLUMN, as
`dom-print' does with PRETTY and XML; non-nil if any is an element."
  (let ((nested nil))
    (dolist (child children nested)
      (cond ((stringp child) (insert child))
            (t (setq nested t)
               (when pretty
                 (insert "\n" (make-string (+ column 2) ?\s)))
               (dom-print child pretty xml))))))

(defun dom-print (dom &optional pretty xml)
  "Insert DOM at point as HTML: text as it is, attribute values as
Lisp prints them.  With PRETTY, each child element starts a new line,
indented two more columns than its parent.  XML changes nothing."
  (let ((column (current-column))
        (name (format "%s" (dom-tag dom))))
    (insert "<" name)
    (dolist (attr (dom-attributes dom))
      (insert (format " %s=%S" (car attr) (cdr attr))))
    (if (null (dom-children dom))
        (insert " />")
      (insert ">")
      ;; After child elements, or text ending a line, the end tag gets a
      ;; line of its own at the element's column.
      (when (and (dom--print-children (dom-children dom) column pretty xml)
                 pretty)
        (unless (bolp) (insert "\n")))
      (when (and pretty (bolp))
        (insert (make-string column ?\s)))
      (insert "</" name ">"))))

(provide 'dom)

;;; dom.el ends here
