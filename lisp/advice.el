;;; advice.el --- the old advice interface, defadvice, for marrow  -*- lexical-binding: t -*-

;; As in Emacs 28, old-style advice runs through nadvice: activating a
;; function makes one :around advice of all its enabled pieces, built
;; as a lambda over the function's own argument list, so that piece
;; bodies see the arguments by name.  A function's pieces are kept in
;; its `ad-advice-info' property: (CLASS NAME ENABLED BODY INTERACTIVE)
;; entries, each class's in the order they run.
;;
;; Not done: `protect' (an after piece runs only after a normal exit),
;; `compile' and `freeze' are accepted and do nothing; the activation
;; and deactivation classes are recorded but never run.

(require 'nadvice)
(require 'seq)

(defconst ad-advice-classes '(before around after activation deactivation)
  "The classes of old-style advice.")

(defun ad--pieces (function)
  (get function 'ad-advice-info))

(defun ad--find (function class name)
  "FUNCTION's piece of advice NAME in CLASS, or nil."
  (seq-find (lambda (piece) (and (eq (nth 0 piece) class) (eq (nth 1 piece) name)))
            (ad--pieces function)))

(defun ad-add-advice (function advice class position)
  "Record ADVICE, (NAME PROTECTED ENABLED (advice lambda ARGS BODY...)),
as a piece of CLASS on FUNCTION, at POSITION among its class: `first'
\(the default), `last' or an index.  A piece of the same name in CLASS
is replaced where it is."
  (unless (memq class ad-advice-classes)
    (error "ad-add-advice: Invalid advice class: %s" class))
  (let* ((definition (cdr (nth 3 advice)))
         (body (nthcdr 2 definition))
         (body (if (stringp (car body)) (cdr body) body))
         (interactive (and (eq (car-safe (car body)) 'interactive) (car body)))
         (piece (list class (nth 0 advice) (nth 2 advice)
                      (if interactive (cdr body) body) interactive))
         (old (ad--find function class (nth 0 advice))))
    (put function 'ad-advice-info
         (if old
             (mapcar (lambda (p) (if (eq p old) piece p)) (ad--pieces function))
           (ad--insert piece (ad--pieces function) position)))))

(defun ad--insert (piece pieces position)
  "PIECES with PIECE put at POSITION among those of its class."
  (let* ((class (car piece))
         (same (seq-filter (lambda (p) (eq (car p) class)) pieces))
         (index (cond ((eq position 'last) (length same))
                      ((natnump position) (min position (length same)))
                      (t 0))))
    (append (seq-remove (lambda (p) (eq (car p) class)) pieces)
            (seq-take same index) (list piece) (seq-drop same index))))

(defun ad-read-advice-specification (prompt)
  "A function, class and name of advice read, PROMPT saying what for."
  (let* ((function (callint--read-symbol (format "%s (function): " prompt)))
         (class (callint--read-symbol (format "%s %s in class: " prompt function))))
    (list function class
          (callint--read-symbol (format "%s %s %s named: " prompt function class)))))

(defun ad-remove-advice (function class name)
  "Forget FUNCTION's piece of advice NAME in CLASS; it stays in force
until FUNCTION is activated again."
  (interactive (ad-read-advice-specification "Remove advice of"))
  (let ((piece (ad--find function class name)))
    (unless piece
      (error "ad-remove-advice: `%s' has no %s advice `%s'" function class name))
    (put function 'ad-advice-info (remq piece (ad--pieces function)))))

(defun ad--set-enabled (function class name enabled)
  (let ((piece (ad--find function class name)))
    (unless piece
      (error "ad-%s-advice: `%s' has no %s advice matching `%s'"
             (if enabled "enable" "disable") function class name))
    (setcar (nthcdr 2 piece) enabled)))

(defun ad-enable-advice (function class name)
  "Enable FUNCTION's piece of advice NAME in CLASS, from its next activation."
  (interactive (ad-read-advice-specification "Enable advice of"))
  (ad--set-enabled function class name t))

(defun ad-disable-advice (function class name)
  "Disable FUNCTION's piece of advice NAME in CLASS, from its next activation."
  (interactive (ad-read-advice-specification "Disable advice of"))
  (ad--set-enabled function class name nil))

(defun ad--arglist (function)
  "The argument list the combined advice of FUNCTION takes: FUNCTION's
own if it is known now, else (&rest ad-subr-args)."
  (let* ((definition (and (fboundp function) (indirect-function function)))
         (definition (if (advice--p definition) (get function 'nadvice--original) definition))
         (definition (if (eq (car-safe definition) 'macro) (cdr definition) definition))
         (arglist (and definition (not (autoloadp definition))
                       (help-function-arglist definition t))))
    (if (and definition (not (autoloadp definition)) (listp arglist)
             (seq-every-p (lambda (a) (and (symbolp a) (not (memq a '(&key &aux &body))))) arglist))
        arglist
      '(&rest ad-subr-args))))

(defun ad--call-original (arglist)
  "The call of the original definition, ad--orig, with the variables of
ARGLIST."
  (let ((rest (cadr (memq '&rest arglist)))
        (vars (seq-remove (lambda (a) (memq a '(&optional &rest))) arglist)))
    (if rest
        `(apply ad--orig ,@(remq rest vars) ,rest)
      `(funcall ad--orig ,@vars))))

(defun ad--substitute (form arglist inner)
  "FORM with `ad-do-it' replaced by INNER and the argument access macros
\(ad-get-arg, ad-set-arg, ad-get-args) by code on ARGLIST's variables."
  (let ((vars (seq-remove (lambda (a) (memq a '(&optional &rest))) arglist)))
    (cond ((eq form 'ad-do-it) inner)
          ((atom form) form)
          ((eq (car form) 'quote) form)
          ((and (eq (car form) 'ad-get-arg) (natnump (nth 1 form)))
           (nth (nth 1 form) vars))
          ((and (eq (car form) 'ad-set-arg) (natnump (nth 1 form)))
           `(setq ,(nth (nth 1 form) vars) ,(ad--substitute (nth 2 form) arglist inner)))
          ((and (eq (car form) 'ad-get-args) (natnump (nth 1 form)))
           `(list ,@(nthcdr (nth 1 form) vars)))
          (t (let ((out nil))
               (while (consp form)
                 (push (ad--substitute (pop form) arglist inner) out))
               (nconc (nreverse out) form))))))

(defun ad--combined-form (function)
  "The lambda form of FUNCTION's enabled pieces of advice combined, an
:around advice."
  (let* ((arglist (ad--arglist function))
         (enabled (seq-filter (lambda (p) (nth 2 p)) (ad--pieces function)))
         (of-class (lambda (class) (seq-filter (lambda (p) (eq (car p) class)) enabled)))
         (spec (seq-some (lambda (p) (nth 4 p)) enabled))
         (inner `(setq ad-return-value ,(ad--call-original arglist))))
    (dolist (around (reverse (funcall of-class 'around)))
      (setq inner `(progn ,@(ad--substitute (nth 3 around) arglist inner))))
    `(lambda (ad--orig &rest ad--args)
       ,@(and spec (list spec))
       (let ((ad-return-value nil))
         (apply (lambda ,arglist
                  ,@(mapcan (lambda (p) (ad--substitute (nth 3 p) arglist nil))
                            (funcall of-class 'before))
                  ,inner
                  ,@(mapcan (lambda (p) (ad--substitute (nth 3 p) arglist nil))
                            (funcall of-class 'after)))
                ad--args)
         ad-return-value))))

(defun ad-is-active (function)
  "Whether FUNCTION's old-style advice is in force."
  (and (advice-member-p 'ad--advice function) t))

(defun ad-activate (function &optional _compile)
  "Put FUNCTION's enabled pieces of advice in force, replacing the ones
in force; with none, as `ad-deactivate'."
  (interactive (list (callint--read-symbol "Activate advice of (function): ")
                     current-prefix-arg))
  (if (seq-some (lambda (p) (and (memq (car p) '(before around after)) (nth 2 p)))
                (ad--pieces function))
      (advice-add function :around (eval (ad--combined-form function) t)
                  '((name . ad--advice)))
    (ad-deactivate function))
  nil)

(defun ad-deactivate (function)
  "Take FUNCTION's old-style advice out of force; it stays recorded."
  (interactive (list (callint--read-symbol "Deactivate advice of (function): ")))
  (advice-remove function 'ad--advice)
  nil)

(defun ad-unadvise (function)
  "Take FUNCTION's old-style advice out of force and forget it."
  (interactive (list (callint--read-symbol "Unadvise function (function): ")))
  (ad-deactivate function)
  (put function 'ad-advice-info nil))

(defmacro defadvice (function args &rest body)
  "Define a piece of old-style advice on FUNCTION.  ARGS is
\(CLASS NAME [POSITION] [ARGLIST] FLAG...): CLASS is `before', `around'
or `after'; POSITION `first', `last' or an index; FLAGS among
`activate' (or `act'), `disable', `protect', `compile', `preactivate'
and `freeze'.  BODY (after an optional docstring and interactive form)
sees FUNCTION's arguments by name, `ad-return-value' (the value to
return), and in an around piece `ad-do-it', the call of what it is
around."
  (declare (indent 2))
  (let* ((class (nth 0 args))
         (name (nth 1 args))
         (rest (nthcdr 2 args))
         (position (and (or (memq (car rest) '(first last)) (natnump (car rest)))
                        (pop rest)))
         (rest (if (listp (car rest)) (cdr rest) rest))
         (flags rest))
    `(progn
       (ad-add-advice ',function
                      '(,name ,(and (memq 'protect flags) t) ,(not (memq 'disable flags))
                              (advice lambda nil ,@body))
                      ',class ',position)
       ,@(and (or (memq 'activate flags) (memq 'act flags))
              `((ad-activate ',function)))
       ',function)))

(provide 'advice)

;;; advice.el ends here
