;;; let-alist.el --- easy access to alist values by dotted names  -*- lexical-binding: t -*-

;; (let-alist ALIST BODY...) binds each symbol .KEY used in BODY to the
;; value of KEY in ALIST, .KEY1.KEY2 to KEY2's in KEY1's value, and so
;; on; ..NAME stands for an outer .NAME.  ALIST is evaluated once.

(defun let-alist--remove-dot (symbol)
  "SYMBOL without its first character if that is a dot."
  (let ((name (symbol-name symbol)))
    (if (string-prefix-p "." name) (intern (substring name 1)) symbol)))

(defun let-alist--walk-dotted (form visit)
  "Call VISIT on each symbol in FORM whose name starts with a dot, in
order, looking inside conses and vectors; of a nested `let-alist'
form, only its alist expression is looked at."
  (cond ((symbolp form)
         (when (string-prefix-p "." (symbol-name form))
           (funcall visit form)))
        ((vectorp form)
         (mapc (lambda (elt) (let-alist--walk-dotted elt visit)) form))
        ((not (consp form)))
        ((eq (car form) 'let-alist)
         (let-alist--walk-dotted (car-safe (cdr form)) visit))
        (t
         (let-alist--walk-dotted (car form) visit)
         (let-alist--walk-dotted (cdr form) visit))))

(defun let-alist--deep-dot-search (data)
  "(SYMBOL . WITHOUT-DOT) for each dotted symbol in DATA, in order.  Of a
nested let-alist, only its alist expression counts."
  (let ((found nil))
    (let-alist--walk-dotted
     data (lambda (symbol)
            (push (cons symbol (let-alist--remove-dot symbol)) found)))
    (nreverse found)))

(defun let-alist--list-to-sexp (keys variable)
  "A form for the value reached from VARIABLE's alist through KEYS, the
last key looked up first."
  `(cdr (assq ',(car keys)
              ,(if (cdr keys) (let-alist--list-to-sexp (cdr keys) variable) variable))))

(defun let-alist--access-sexp (symbol variable)
  "A form for the value SYMBOL (.KEY1.KEY2...) names in VARIABLE's alist;
for ..NAME, the symbol .NAME."
  (let ((name (symbol-name symbol)))
    (if (string-prefix-p ".." name)
        (intern (substring name 1))
      (let-alist--list-to-sexp
       (mapcar #'intern (nreverse (split-string (substring name 1) "\\.")))
       variable))))

;;;###autoload
(defmacro let-alist (alist &rest body)
  "Run BODY with each .KEY symbol in it bound to KEY's value in ALIST."
  (declare (indent 1))
  (let ((variable (make-symbol "alist")))
    `(let ((,variable ,alist))
       (let ,(mapcar (lambda (entry)
                       (list (car entry) (let-alist--access-sexp (car entry) variable)))
                     (delete-dups (let-alist--deep-dot-search body)))
         ,@body))))

(provide 'let-alist)

;;; let-alist.el ends here
