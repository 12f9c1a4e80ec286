;;; argcheck-tests.el --- which argument an error names, and when  -*- lexical-binding: t -*-

;; Primitives check their arguments in an order users can see: the
;; error names the first bad argument Emacs would reach.  Each case
;; here was found by comparing random nested forms with Emacs 28.

(require 'ert)

(defmacro argcheck-error (form)
  "The error FORM signals, as a list (SYMBOL . DATA), or nil."
  `(condition-case err (progn ,form nil) (error err)))

(ert-deftest argcheck-aref-checks-index-first ()
  (should (equal (argcheck-error (aref 0 nil)) '(wrong-type-argument fixnump nil)))
  (should (equal (argcheck-error (aset 0 nil 1)) '(wrong-type-argument fixnump nil)))
  (should (equal (argcheck-error (aref 0 1)) '(wrong-type-argument arrayp 0)))
  (should (equal (argcheck-error (aref (make-char-table 'argcheck) nil))
                 '(wrong-type-argument fixnump nil)))
  (should (equal (argcheck-error (aref [1 2] 2)) '(args-out-of-range [1 2] 2))))

(ert-deftest argcheck-bitwise-operations ()
  ;; The first argument must be an integer; later ones are first checked
  ;; as numbers, so a float among them is named by integer-or-marker-p.
  (should (equal (argcheck-error (logior nil)) '(wrong-type-argument integer-or-marker-p nil)))
  (should (equal (argcheck-error (logand 1 nil)) '(wrong-type-argument number-or-marker-p nil)))
  (should (equal (argcheck-error (logxor 1 "a")) '(wrong-type-argument number-or-marker-p "a")))
  (should (equal (argcheck-error (logand 1 1.5)) '(wrong-type-argument integer-or-marker-p 1.5)))
  (should (equal (argcheck-error (logand nil 1.5)) '(wrong-type-argument integer-or-marker-p nil)))
  (with-temp-buffer
    (insert "abc")
    (goto-char 3)
    (should (= (logior 4 (point-marker)) 7))
    (should (= (logand (point-marker) 1) 1))))

(ert-deftest argcheck-division-goes-left-to-right ()
  ;; An integer division by zero is reached before a bad later argument.
  (should (equal (argcheck-error (/ -3 0 nil)) '(arith-error)))
  (should (equal (argcheck-error (/ 5 2 nil 2.0)) '(wrong-type-argument number-or-marker-p nil)))
  ;; A float from the third argument on makes every step a float one.
  (should (equal (/ 5 0 2.0) 1.0e+INF))
  (should (equal (/ 5 2 2.0) 1.25))
  (should (equal (/ 5 2.0 2) 1.25))
  (should (equal (/ 8 2 2 2) 1))
  (should (equal (argcheck-error (/ (expt 2 70) 3 0)) '(arith-error))))

(ert-deftest argcheck-concat-checks-every-argument-first ()
  (should (equal (argcheck-error (concat '("x") 5)) '(wrong-type-argument sequencep 5)))
  (should (equal (argcheck-error (concat "a" '(1 "b") 5)) '(wrong-type-argument sequencep 5)))
  (should (equal (argcheck-error (concat '(?a "b"))) '(wrong-type-argument characterp "b"))))

(ert-deftest argcheck-split-string-order ()
  ;; split-string is string-match in a loop: the regexp, then the string,
  ;; then the TRIM regexp.
  (should (equal (argcheck-error (split-string 1 2)) '(wrong-type-argument stringp 2)))
  (should (equal (argcheck-error (split-string 1 nil)) '(wrong-type-argument stringp 1)))
  (should (equal (argcheck-error (split-string "a b" nil nil 5)) '(wrong-type-argument stringp 5)))
  (should (equal (split-string " a  b " nil nil " ") '("a" "b"))))

(ert-deftest argcheck-last-and-butlast-take-any-number ()
  ;; They compare the count with < and >=, so floats pass there.
  (should (equal (butlast '(1) 1.0) nil))
  (should (equal (argcheck-error (butlast '(1 2 3) 0.5)) '(wrong-type-argument integerp 1.5)))
  (should (equal (last '(1 2) 5.0) '(1 2)))
  (should (equal (last '(1 2) -1.0) nil))
  (should (equal (argcheck-error (last '(1 2 3) 1.0)) '(wrong-type-argument integerp 2.0)))
  (should (equal (argcheck-error (butlast '(1 2) "")) '(wrong-type-argument number-or-marker-p "")))
  (should (equal (argcheck-error (last '(1 2) "a")) '(wrong-type-argument number-or-marker-p "a")))
  (should (equal (butlast '(1 2 3) (expt 2 70)) nil))
  (should (equal (last '(1 2 3) (expt 2 70)) '(1 2 3)))
  (should (equal (nbutlast (list 1 2 3) 2) '(1))))

(ert-deftest argcheck-number-sequence-with-nan ()
  (should (equal (number-sequence 0.5 0.0e+NaN -2.5) nil))
  (should (equal (number-sequence 0.5 0.0e+NaN 1) nil))
  (should (equal (number-sequence 3 1 0.0e+NaN) '(3)))
  (should (equal (number-sequence 1 3 0.0e+NaN) nil))
  (should (equal (number-sequence 0.0e+NaN 3) nil))
  (should (equal (number-sequence 1 2 0.5) '(1 1.5 2.0))))

(ert-deftest argcheck-substring-bignum-bounds ()
  (should (equal (argcheck-error (substring "abc" (expt 2 70)))
                 (list 'wrong-type-argument 'integerp (expt 2 70))))
  (should (equal (argcheck-error (substring "abc" 0 (- (expt 2 70))))
                 (list 'wrong-type-argument 'integerp (- (expt 2 70)))))
  (should (equal (argcheck-error (substring "abc" 4)) '(args-out-of-range "abc" 4 nil))))

(ert-deftest argcheck-case-of-integers ()
  ;; Case functions on an integer with modifier bits case its character
  ;; part; integers beyond the modifier bits come back unchanged.
  (should (= (upcase (+ ?a (ash 1 27))) (+ ?A (ash 1 27))))
  (should (= (downcase (+ ?A (ash 1 22))) (+ ?a (ash 1 22))))
  (should (= (capitalize (+ ?a (ash 1 25))) (+ ?A (ash 1 25))))
  (should (= (upcase 61728395) 61728395))
  (should (= (upcase (ash 1 30)) (ash 1 30)))
  (should (equal (argcheck-error (upcase -1)) '(wrong-type-argument char-or-string-p -1)))
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (should (= (upcase ?\xe9) ?\xe9))
    (should (= (upcase ?a) ?A))))

(ert-deftest argcheck-format-f-of-64-bit-bignums ()
  ;; An integer that fits 64 bits is formatted exactly; a larger one
  ;; through a double.
  (should (equal (format "%f" (- most-negative-fixnum 1))
                 (concat (number-to-string (- most-negative-fixnum 1)) ".000000")))
  (should (equal (format "%.1f" (1+ (expt 2 62))) "4611686018427387905.0"))
  (should (equal (format "%.0f" (1+ (expt 2 70))) "1180591620717411303424")))

(ert-deftest argcheck-ash-of-zero-by-a-huge-count ()
  ;; Emacs's GMP limit on shifts holds even for zero.
  (should (= (ash 0 100000) 0))
  (should (= (ash 0 (expt 2 36)) 0))
  (should (equal (argcheck-error (ash 0 (expt 2 37))) '(overflow-error)))
  (should (equal (argcheck-error (ash 0 most-positive-fixnum)) '(overflow-error)))
  (should (= (ash 0 (expt 2 70)) 0))
  (should (equal (argcheck-error (ash 1 65536)) '(overflow-error))))

;; The evaluator's own errors.

(ert-deftest argcheck-failed-analysis-leaves-no-library-mark ()
  ;; A library closure whose list was broken fails to run; the function
  ;; analysed next is still one's own, named by its list.
  (let ((library-fn (symbol-function 'string-trim-left)))
    (when (and (consp library-fn) (eq (car library-fn) 'closure))
      (let ((saved (cdr library-fn)))
        (unwind-protect
            (progn (setcdr library-fn 7)
                   (ignore-errors (funcall library-fn "a")))
          (setcdr library-fn saved))))
    (should (equal (argcheck-error (funcall (eval '(lambda (a) a) t)))
                   '(wrong-number-of-arguments ((t) (a) a) 0)))))

(ert-deftest argcheck-library-functions-name-their-arity ()
  ;; Emacs byte-compiles its library: a compiled function or macro is
  ;; named in arity errors by (REQUIRED . REQUIRED+OPTIONAL).
  (should (equal (argcheck-error (eval '(when) t)) '(wrong-number-of-arguments (1 . 1) 0)))
  (should (equal (argcheck-error (eval '(push 1) t)) '(wrong-number-of-arguments (2 . 2) 1)))
  (should (equal (argcheck-error (eval '(dolist) t)) '(wrong-number-of-arguments (1 . 1) 0)))
  (should (equal (argcheck-error (eval '(defun) t)) '(wrong-number-of-arguments (2 . 3) 0)))
  (should (equal (argcheck-error (eval '(defmacro m) t)) '(wrong-number-of-arguments (2 . 3) 1)))
  (should (equal (argcheck-error (eval '(prog2 1) t)) '(wrong-number-of-arguments (2 . 2) 1)))
  (should (equal (argcheck-error (funcall (cdr (symbol-function 'unless))))
                 '(wrong-number-of-arguments (1 . 1) 0)))
  (require 'seq)
  (should (equal (argcheck-error (seq-uniq 1 2 3)) '(wrong-number-of-arguments (1 . 2) 3)))
  ;; Code of one's own, interpreted in Emacs too, names itself.
  (should (equal (argcheck-error (funcall (eval '(lambda (x) x) t)))
                 '(wrong-number-of-arguments ((t) (x) x) 0))))

(ert-deftest argcheck-native-library-functions-check-first ()
  ;; Debian's Emacs 28 compiles its Lisp natively, into primitives: a call
  ;; with the wrong number of arguments is refused before they are
  ;; evaluated and names the function; funcall names the primitive.
  (require 'subr-x)
  (should (equal (argcheck-error (string-trim 1 2 3 4 (error "evaluated")))
                 '(wrong-number-of-arguments string-trim 5)))
  (should (equal (argcheck-error (add-hook (error "evaluated")))
                 '(wrong-number-of-arguments add-hook 1)))
  (should (equal (format "%S" (argcheck-error (funcall 'string-trim)))
                 "(wrong-number-of-arguments #<subr string-trim> 0)"))
  (should (equal (format "%S" (argcheck-error (mapcar #'add-hook '(a b))))
                 "(wrong-number-of-arguments #<subr add-hook> 1)"))
  ;; What funcall names can be called, as a primitive can.
  (let ((standin (nth 1 (argcheck-error (funcall 'string-trim)))))
    (should (subrp standin))
    (should (equal (funcall standin "  x ") "x")))
  ;; An alias of a primitive is named as it is written.
  (defalias 'argcheck-car 'car)
  (should (equal (argcheck-error (argcheck-car 1 (error "evaluated")))
                 '(wrong-number-of-arguments argcheck-car 2)))
  ;; Inline and generic functions stay byte code: the arguments are
  ;; evaluated first, and the error names the arity.
  (should (equal (argcheck-error (string-empty-p (error "evaluated") 2)) '(error "evaluated")))
  (should (equal (argcheck-error (string-empty-p 1 2)) '(wrong-number-of-arguments (1 . 1) 2)))
  (should (equal (argcheck-error (string-join 1 2 3)) '(wrong-number-of-arguments (1 . 2) 3)))
  (require 'seq)
  (should (equal (argcheck-error (seq-take 1 (error "evaluated") 3)) '(error "evaluated")))
  (should (equal (argcheck-error (funcall 'seq-take 1)) '(wrong-number-of-arguments (2 . 2) 1)))
  ;; One's own functions are interpreted: arguments first.
  (defun argcheck-own (a) a)
  (should (equal (argcheck-error (argcheck-own 1 (error "evaluated"))) '(error "evaluated"))))

(ert-deftest argcheck-lambda-without-argument-list ()
  (should (equal (macroexpand '(lambda)) '#'(lambda)))
  (should (equal (format "%S" (eval '(lambda) t)) "(closure (t))"))
  (should (equal (format "%S" (eval '(list (lambda)) t)) "((closure (t)))"))
  (should (equal (argcheck-error (funcall (eval '(lambda) t))) '(invalid-function ((t)))))
  (should (equal (argcheck-error (func-arity (eval '(lambda) t))) '(invalid-function ((t)))))
  (should (equal (argcheck-error (func-arity '(lambda))) '(invalid-function (lambda))))
  (should (equal (argcheck-error (func-arity '(closure (t)))) '(invalid-function ((t)))))
  (should (equal (func-arity '(closure (t) (x &rest y) x)) '(1 . many))))

(ert-deftest argcheck-signal-nil-nil-is-an-error ()
  (should (equal (argcheck-error (signal nil nil)) '(error)))
  (should (equal (argcheck-error (signal nil '(arith-error 1))) '(arith-error 1))))

(ert-deftest argcheck-defun-checks-its-argument-list ()
  (should (equal (argcheck-error (eval '(defun argcheck-f "x") t)) '(error "Malformed arglist: x")))
  (should (equal (argcheck-error (eval '(defun argcheck-f (1) 1) t)) '(error "Malformed arglist: (1)")))
  (should (equal (argcheck-error (eval '(defun argcheck-f [a] 1) t)) '(error "Malformed arglist: [a]")))
  (should (equal (argcheck-error (eval '(defun argcheck-f (a . b) 1) t)) '(wrong-type-argument listp b)))
  (should (equal (argcheck-error (eval '(defsubst argcheck-f 1) t)) '(error "Malformed arglist: 1")))
  (let ((args (list 'a)))
    (setcdr args args)
    (should (eq (car (argcheck-error (macroexpand `(defun argcheck-f ,args nil))))
                'circular-list)))
  (should (eq (eval '(defun argcheck-f (a &optional b &rest c) (list a b c)) t) 'argcheck-f))
  (should (equal (argcheck-f 1 2 3 4) '(1 2 (3 4)))))


(ert-deftest argcheck-library-standin-does-not-call-itself ()
  ;; Emacs's #<subr> is the function itself: marrow's only.
  (skip-unless (boundp 'marrow-collector))
  (require 'subr-x)
  (let* ((saved (symbol-function 'string-trim))
         (standin (nth 1 (argcheck-error (funcall 'string-trim)))))
    (unwind-protect
        (progn
          (fset 'string-trim standin)
          (should (eq (car (argcheck-error (string-trim "a"))) 'invalid-function)))
      (fset 'string-trim saved))))

;;; argcheck-tests.el ends here
