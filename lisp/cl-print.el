;;; cl-print.el --- cl-prin1, the extensible printer, for marrow  -*- lexical-binding: t -*-

;; `cl-prin1' prints as `prin1' does, except where Emacs 28's cl-print
;; differs: a struct shows its slot names (#s(point :x 1 :y 2)), a hash
;; table its test and count (#<hash-table eql 1/65 0x...>), `print-length'
;; also cuts strings and struct slots, an object met again inside itself
;; prints as #N (N the depth of its first occurrence) when `print-circle'
;; is off, and everything is printed by the generic `cl-print-object', so
;; a program can give its own types their own methods.
;;
;; Ellipses are plain "...": Emacs makes them expandable through a text
;; property in the output buffer, and marrow's buffers have no text
;; properties yet.

(require 'cl-lib)
(require 'cl-generic)

(defvar cl-print-readably nil
  "Non-nil: `cl-prin1' prints as `prin1', readably where it can.")

(defvar cl-print--depth nil
  "How deep in the object `cl-print-object' is, 1 at the top, compared
with `print-level'.")

(defvar cl-print--enclosing nil
  "The objects being printed around the current one, innermost first.")

(defvar cl-print--labels nil
  "Under `print-circle', an eq table of the objects met more than once:
-N until printed, N after, #N= and #N# in the output.")

(cl-defgeneric cl-print-object (object stream)
  "Print OBJECT on STREAM: a method per type; the default is `prin1'."
  (prin1 object stream))

(defun cl-print--too-deep-p ()
  (and cl-print--depth (natnump print-level) (> cl-print--depth print-level)))

(defun cl-print--limit (len)
  "How many of LEN elements `print-length' lets print."
  (if (natnump print-length) (min print-length len) len))

(defun cl-print--quote-prefix (object)
  "The reader shorthand OBJECT, a two-element list, prints as, or nil."
  (and print-quoted (consp (cdr object)) (null (cddr object))
       (cdr (assq (car object) '((quote . "'") (function . "#'") (\` . "`")
                                 (\, . ",") (\,@ . ",@"))))))

(defun cl-print--tail-seen-p (tail)
  "Whether list TAIL was printed already, and must end the list as
` . #N' or a label; if not, it counts as being printed from now on."
  (cond (cl-print--labels (numberp (gethash tail cl-print--labels)))
        ((memq tail cl-print--enclosing) t)
        (t (push tail cl-print--enclosing) nil)))

(cl-defmethod cl-print-object ((object cons) stream)
  (let ((prefix (cl-print--quote-prefix object)))
    (cond ((cl-print--too-deep-p) (princ "..." stream))
          (prefix (princ prefix stream) (cl-print-object (nth 1 object) stream))
          (t (princ "(" stream)
             (cl-print-object (car object) stream)
             (let ((tail (cdr object)) (count 1))
               (while (and (consp tail) (not (cl-print--tail-seen-p tail)))
                 (princ " " stream)
                 (if (or (not (natnump print-length)) (> print-length count))
                     (cl-print-object (pop tail) stream)
                   (princ "..." stream)
                   (setq tail nil))
                 (setq count (1+ count)))
               (when tail
                 (princ " . " stream)
                 (cl-print-object tail stream)))
             (princ ")" stream)))))

(defun cl-print--elements (getter len stream)
  "Print the elements (funcall GETTER I) for I below LEN, space-separated,
as many as `print-length' allows, then \"...\" if some were left out."
  (let ((limit (cl-print--limit len)))
    (dotimes (i limit)
      (unless (= i 0) (princ " " stream))
      (funcall getter i))
    (when (< limit len)
      (princ " ..." stream))))

(cl-defmethod cl-print-object ((object vector) stream)
  (if (cl-print--too-deep-p)
      (princ "..." stream)
    (princ "[" stream)
    (cl-print--elements (lambda (i) (cl-print-object (aref object i) stream))
                        (length object) stream)
    (princ "]" stream)))

(cl-defmethod cl-print-object ((object hash-table) stream)
  (princ (format "#<hash-table %s %d/%d %#x>"
                 (hash-table-test object) (hash-table-count object)
                 (hash-table-size object)
                 (logand (sxhash-eq object) most-positive-fixnum))
         stream))

(defun cl-print--property-runs (string stream)
  "Print the runs of STRING's text properties as ` START END PLIST', in
the order `text-properties-at' gives each plist; past a third of
`print-length' runs, \" ...\" stands for the rest."
  (let ((most (and (natnump print-length) (max 1 (/ print-length 3))))
        (shown 0) (start 0) (len (length string)))
    (while (and (< start len) (not (and most (>= shown most))))
      (let ((end (next-property-change start string len))
            (plist (text-properties-at start string)))
        (when plist
          (princ (format " %d %d " start end) stream)
          (cl-print-object plist stream)
          (setq shown (1+ shown)))
        (setq start end)))
    (when (< start len)
      (princ " ..." stream))))

(cl-defmethod cl-print-object ((object string) stream)
  (let* ((propertized (or (text-properties-at 0 object)
                          (next-property-change 0 object)))
         (limit (cl-print--limit (length object)))
         (text (substring-no-properties object 0 limit)))
    (if (and propertized (cl-print--too-deep-p))
        (princ "..." stream)
      (when propertized (princ "#(" stream))
      (prin1 (if (< limit (length object)) (concat text "...") text) stream)
      (when propertized
        (cl-print--property-runs object stream)
        (princ ")" stream)))))

(defun cl-print--slot-names (object)
  "The names of the slots of struct OBJECT, a record, in order."
  (let ((names nil))
    (dolist (slot (cdr (cl-struct-slot-info (type-of object))))
      (push (car slot) names))
    (nreverse names)))

(cl-defmethod cl-print-object ((object cl-structure-object) stream)
  (if (cl-print--too-deep-p)
      (princ "..." stream)
    (let ((names (vconcat (cl-print--slot-names object))))
      (princ (format "#s(%s" (type-of object)) stream)
      (when (> (length names) 0) (princ " " stream))
      (cl-print--elements (lambda (i)
                            (princ (format ":%s " (aref names i)) stream)
                            (cl-print-object (aref object (1+ i)) stream))
                          (length names) stream)
      (princ ")" stream))))

(defun cl-print--label (object stream)
  "Under `print-circle': print OBJECT's #N# and return t if it was printed
already; else print its #N= if it is met more than once, and return nil."
  (let ((n (gethash object cl-print--labels)))
    (cond ((not (numberp n)) nil)
          ((> n 0) (princ (format "#%d#" n) stream) t)
          (t (puthash object (- n) cl-print--labels)
             (princ (format "#%d=" (- n)) stream)
             nil))))

(cl-defmethod cl-print-object :around (object stream)
  (let ((cl-print--depth (1+ (or cl-print--depth 0)))
        (enclosing (memq object cl-print--enclosing)))
    (cond (print-circle (unless (cl-print--label object stream) (cl-call-next-method)))
          (enclosing (princ (format "#%d" (length (cdr enclosing))) stream))
          (t (let ((cl-print--enclosing (cons object cl-print--enclosing)))
               (cl-call-next-method))))))

(defun cl-print--shared-objects (object)
  "An eq table holding -N for the Nth object met twice inside OBJECT, as
`print-circle' would number them."
  (let ((print-number-table (make-hash-table :test 'eq)))
    (print--preprocess object)
    print-number-table))

(defun cl-prin1 (object &optional stream)
  "Print OBJECT on STREAM (default `standard-output') by `cl-print-object',
or by `prin1' when `cl-print-readably' is set.  Like Emacs's, it returns
what the printing returned, and an error while printing is a message."
  (if cl-print-readably
      (prin1 object stream)
    (let ((cl-print--labels (and print-circle (cl-print--shared-objects object)))
          (cl-print--depth nil)
          (cl-print--enclosing nil))
      (condition-case err
          (cl-print-object object stream)
        (error (message "cl-prin1: %S" err) nil)))))

(defun cl-prin1-to-string (object)
  "The text `cl-prin1' prints for OBJECT."
  (with-output-to-string (cl-prin1 object)))

(defun cl-print-to-string-with-limit (print-function value limit)
  "VALUE printed by PRINT-FUNCTION (a function of VALUE and a stream
that heeds `print-length' and `print-level'), with those lowered until
the text is shorter than LIMIT characters or `print-level' is down to 2.
A LIMIT of nil or 0 prints all of VALUE."
  (let* ((limit (and (natnump limit) (> limit 0) limit))
         (print-length (and limit (min limit 50)))
         (print-level (and limit (min 8 (truncate (log limit)))))
         (step (and limit (max 1 (truncate (/ print-length print-level)))))
         (text nil))
    (while (progn (setq text (with-output-to-string
                               (funcall print-function value standard-output)))
                  (and limit (>= (length text) limit) (> print-level 2)))
      (setq print-level (1- print-level)
            print-length (max 1 (- print-length step))))
    text))

(provide 'cl-print)

;;; cl-print.el ends here
