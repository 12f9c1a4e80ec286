;;; cl-print.el --- cl-prin1, the extensible printer, for marrow  -*- lexical-binding: t -*-

;; `cl-prin1' prints as `prin1' does, except where Emacs 28's cl-print
;; differs: a struct shows its slot names (#s(point :x 1 :y 2)), a hash
;; table its test and count (#<hash-table eql 1/65 0x...>), `print-length'
;; also cuts strings and struct slots, an object met again inside itself
;; prints as #N (N the depth of its first occurrence) when `print-circle'
;; is off, and everything is printed by the generic `cl-print-object', so
;; a program can give its own types their own methods.
;;
;; Printed into a buffer (as `cl-prin1-to-string' does), each "..." that
;; `print-length' or `print-level' puts in place of a part carries a
;; `cl-print-ellipsis' property, from which `cl-print-expand-ellipsis'
;; prints that part later.

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

(defun cl-print--quote-prefix (object)
  "The reader shorthand OBJECT, a two-element list, prints as, or nil."
  (and print-quoted (consp (cdr object)) (null (cddr object))
       (cdr (assq (car object) '((quote . "'") (function . "#'") (\` . "`")
                                 (\, . ",") (\,@ . ",@"))))))

(defun cl-print-insert-ellipsis (object start stream)
  "Print \"...\" on STREAM for the part of OBJECT from START on (0: all
of it).  In a buffer, the dots get a `cl-print-ellipsis' property from
which `cl-print-expand-ellipsis' prints that part later."
  (let* ((stream (or stream standard-output))
         (beg (and (bufferp stream) (with-current-buffer stream (point)))))
    (princ "..." stream)
    (when beg
      (cl-print-propertize-ellipsis object start beg (+ beg 3) stream))))

(defun cl-print-propertize-ellipsis (object start beg end stream)
  "Give the text from BEG to END of buffer STREAM the `cl-print-ellipsis'
property for the part of OBJECT from START on, with what printing it
later needs of the printing state now."
  (put-text-property beg end 'cl-print-ellipsis
                     (list object start cl-print--labels cl-print--enclosing)
                     stream))

(defun cl-print-expand-ellipsis (value stream)
  "Print on STREAM what the ellipsis whose `cl-print-ellipsis' property
is VALUE stands for, without the delimiters around it."
  ;; VALUE is (OBJECT START LABELS ENCLOSING): printing resumes in the
  ;; state it was in when the ellipsis was made, one level deep.
  (let* ((object (car value))
         (cl-print--labels (nth 2 value))
         (cl-print--enclosing (cl-print--drop-if-first object (nth 3 value)))
         (cl-print--depth 1))
    (cl-print--from object (nth 1 value) stream)))

(defun cl-print--drop-if-first (object objects)
  "OBJECTS without its first element if that is OBJECT.
An ellipsis made while printing OBJECT remembers it as enclosing, and
expanding it prints OBJECT anew."
  (if (eq (car objects) object) (cdr objects) objects))

(defun cl-print--from (object start stream)
  "Print OBJECT on STREAM: all of it when START is 0, else its contents
from START on."
  (if (equal start 0)
      (cl-print-object object stream)
    (cl-print-object-contents object start stream)))

(cl-defgeneric cl-print-object-contents (object start stream)
  "Print OBJECT's elements from START on, on STREAM, without its
delimiters: what an ellipsis in its printed form stood for.  A type
whose `cl-print-object' method prints ellipses needs a method here."
  (ignore object start stream)
  (error "Missing cl-print-object-contents method"))

(defun cl-print--too-deep-p ()
  (and cl-print--depth (natnump print-level) (> cl-print--depth print-level)))

(defun cl-print--tail-seen-p (tail)
  "Whether list TAIL was printed already, and must end the list as
` . #N' or a label; if not, it counts as being printed from now on."
  (cond (cl-print--labels (numberp (gethash tail cl-print--labels)))
        ((memq tail cl-print--enclosing) t)
        (t (push tail cl-print--enclosing) nil)))

(defun cl-print--list-elements (tail count stream)
  "Print the elements of list TAIL, COUNT of the list's printed before
them, space-separated, up to `print-length' in all, then its dotted end."
  (let ((limit (and (natnump print-length) print-length))
        (stop nil))
    ;; STOP says why the elements end: the list does (`end'), or
    ;; `print-length' cuts it short (`cut').
    (while (not stop)
      (setq stop (cond ((or (atom tail) (cl-print--tail-seen-p tail)) 'end)
                       ((and limit (>= count limit)) 'cut)))
      (unless stop
        (when (> count 0) (princ " " stream))
        (cl-print-object (pop tail) stream)
        (setq count (1+ count))))
    (cond ((eq stop 'cut)
           (when (> count 0) (princ " " stream))
           (cl-print-insert-ellipsis tail print-length stream))
          (tail
           (princ " . " stream)
           (cl-print-object tail stream)))))

(cl-defmethod cl-print-object ((object cons) stream)
  (let ((prefix (cl-print--quote-prefix object)))
    (cond ((cl-print--too-deep-p) (cl-print-insert-ellipsis object 0 stream))
          (prefix (princ prefix stream) (cl-print-object (nth 1 object) stream))
          (t (princ "(" stream)
             (cl-print-object (car object) stream)
             (cl-print--list-elements (cdr object) 1 stream)
             (princ ")" stream)))))

(cl-defmethod cl-print-object-contents ((object cons) _start stream)
  (cl-print--list-elements object 0 stream))

(defun cl-print--elements (object print-element start len spaced stream)
  "Print (funcall PRINT-ELEMENT I) for I from START below LEN, as many as
`print-length' allows, space-separated and after a space if SPACED,
then \" ...\" for OBJECT's rest if some were left out."
  (let ((limit (if (natnump print-length) (min (+ start print-length) len) len)))
    (cl-loop for i from start below limit
             do (when (or spaced (> i start)) (princ " " stream))
             (funcall print-element i))
    (when (< limit len)
      (princ " " stream)
      (cl-print-insert-ellipsis object limit stream))))

(defun cl-print--vector-elements (object start spaced stream)
  (cl-print--elements object (lambda (i) (cl-print-object (aref object i) stream))
                      start (length object) spaced stream))

(cl-defmethod cl-print-object ((object vector) stream)
  (if (cl-print--too-deep-p)
      (cl-print-insert-ellipsis object 0 stream)
    (princ "[" stream)
    (cl-print--vector-elements object 0 nil stream)
    (princ "]" stream)))

(cl-defmethod cl-print-object-contents ((object vector) start stream)
  (cl-print--vector-elements object start nil stream))

(cl-defmethod cl-print-object ((object hash-table) stream)
  ;; The numbers go through `princ', which honours
  ;; `print-integers-as-characters' (65 prints as ?A).
  (dolist (part (list "#<hash-table " (hash-table-test object) " "
                      (hash-table-count object) "/" (hash-table-size object)
                      (format " %#x>" (logand (sxhash-eq object) most-positive-fixnum))))
    (princ part stream)))

(defun cl-print--property-runs (string from spaced stream)
  "Print the runs of STRING's text properties from FROM on as
`START END PLIST', in the order `text-properties-at' gives each plist,
space-separated and after a space if SPACED; past a third of
`print-length' runs, \" ...\" stands for the rest."
  (let ((most (and (natnump print-length) (max 1 (/ print-length 3))))
        (shown 0) (start from) (len (length string)))
    (while (and (< start len) (not (and most (>= shown most))))
      (let ((end (next-property-change start string len))
            (plist (text-properties-at start string)))
        (when plist
          (when (or spaced (> shown 0)) (princ " " stream))
          (princ (format "%d %d " start end) stream)
          (cl-print-object plist stream)
          (setq shown (1+ shown)))
        (setq start end)))
    (when (< start len)
      (princ " " stream)
      (cl-print-insert-ellipsis string (list start) stream))))

(defun cl-print--string-text (string start stream)
  "Print STRING's characters from START on as `prin1' would inside the
quotes, as many as `print-length' allows, then an ellipsis for the rest."
  (let* ((len (length string))
         (limit (if (natnump print-length) (min (+ start print-length) len) len))
         (printed (prin1-to-string (substring-no-properties string start limit))))
    (princ (substring printed 1 -1) stream)
    (when (< limit len)
      (cl-print-insert-ellipsis string limit stream))))

(cl-defmethod cl-print-object ((object string) stream)
  (let ((propertized (or (text-properties-at 0 object)
                         (next-property-change 0 object))))
    (if (and propertized (cl-print--too-deep-p))
        (cl-print-insert-ellipsis object 0 stream)
      (when propertized (princ "#(" stream))
      (princ "\"" stream)
      (cl-print--string-text object 0 stream)
      (princ "\"" stream)
      (when propertized
        (cl-print--property-runs object 0 t stream)
        (princ ")" stream)))))

(cl-defmethod cl-print-object-contents ((object string) start stream)
  ;; An index is an ellipsis in the text, a list (INDEX) one in the runs.
  (if (consp start)
      (cl-print--property-runs object (car start) nil stream)
    (cl-print--string-text object start stream)))

(defun cl-print--slot-names (object)
  "The names of the slots of struct OBJECT, a record, in order."
  (let ((names nil))
    (dolist (slot (cdr (cl-struct-slot-info (type-of object))))
      (push (car slot) names))
    (nreverse names)))

(defun cl-print--slot-elements (object start spaced stream)
  (let ((names (vconcat (cl-print--slot-names object))))
    (cl-print--elements object
                        (lambda (i)
                          (princ (format ":%s " (aref names i)) stream)
                          (cl-print-object (aref object (1+ i)) stream))
                        start (length names) spaced stream)))

(cl-defmethod cl-print-object ((object cl-structure-object) stream)
  (if (cl-print--too-deep-p)
      (cl-print-insert-ellipsis object 0 stream)
    (princ (format "#s(%s" (type-of object)) stream)
    (cl-print--slot-elements object 0 t stream)
    (princ ")" stream)))

(cl-defmethod cl-print-object-contents ((object cl-structure-object) start stream)
  (cl-print--slot-elements object start nil stream))

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
  "The text `cl-prin1' prints for OBJECT, its ellipses expandable."
  (with-temp-buffer
    (cl-prin1 object (current-buffer))
    (buffer-string)))

(defun cl-print-to-string-with-limit (print-function value limit)
  "VALUE printed by PRINT-FUNCTION (a function of VALUE and a stream
that heeds `print-length' and `print-level'), with those lowered until
the text is shorter than LIMIT characters or `print-level' is down to 2.
A LIMIT of nil or 0 prints all of VALUE."
  (let* ((limit (and (natnump limit) (> limit 0) limit))
         (print-length (and limit (min limit 50)))
         (print-level (and limit (min 8 (truncate (log limit)))))
         (step (and limit (max 1 (truncate (/ print-length print-level))))))
    (with-temp-buffer
      (while (progn (erase-buffer)
                    (funcall print-function value (current-buffer))
                    (and limit (>= (buffer-size) limit) (> print-level 2)))
        (setq print-level (1- print-level)
              print-length (max 1 (- print-length step))))
      (buffer-string))))

(provide 'cl-print)

;;; cl-print.el ends here
