;;; let-alist.el --- easy access to alist values by dotted names  -*- lexical-binding: t -*-

;; (let-alist ALIST BODY...) binds each symbol .KEY used in BODY to the
;; value of KEY in ALIST, .KEY1.KEY2 to KEY2's in KEY1's value, and so
;; on; ..NAME stands for an outer .NAME.  ALIST is evaluated once.

(defun let-alist--remove-dot (symbol)
  "SYMBOL without its first character if that is a dot."
  (let ((name (symbol-name symbol)))
    (if (string-prefix-p "." name) (intern (substring name 1)) symbol)))

(defun let-alist--deep-dot-search (data)
  "(SYMBOL . WITHOUT-DOT) for each dotted symbol in DATA, in order.  Of a
nested let-alist, only its alist expression counts."
  (cond ((symbolp data)
         (and (string-prefix-p "." (symbol-name data))
              (list (cons data (let-alist--remove-dot data)))))
        ((vectorp data) (let-alist--deep-dot-search (append data nil)))
        ((not (consp data)) nil)
        ((eq (car data) 'let-alist) (let-alist--deep-dot-search (car-safe (cdr data))))
        (t (append (let-alist--deep-dot-search (car data))
                   (let-alist--deep-dot-search (cdr data))))))

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
