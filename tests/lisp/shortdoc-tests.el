;;; shortdoc-tests.el --- tests of shortdoc.el  -*- lexical-binding: t -*-

(require 'ert)
(require 'shortdoc)

(defun sdtz-add (a b) "Add A and B.\nMore." (+ a b))
(defun sdtz-opt (a &optional b &rest c) "Opt." (list a b c))
(defun sdtz-str (x) "Str." x)

(define-short-documentation-group sdtz-group
  "First section"
  (sdtz-add :eval (sdtz-add 1 2) :eval "(sdtz-add 5 6)")
  (sdtz-opt :args (a b) :eval (list "a\nb" 'c))
  (sdtz-undefined :eval 1)
  "Second section"
  (sdtz-str :eg-result "abc" :no-eval (sdtz-str x) :no-eval* (sdtz-str y)
            :eg-result-string "#<x>" :result 5 :result-string "five"
            :no-value (sdtz-str 1)))

(defconst shortdoc-tests--dashes (make-string 79 ?-))

(ert-deftest shortdoc-display-group-text ()
  (should-not (shortdoc-display-group 'sdtz-group))
  (with-current-buffer "*Shortdoc sdtz-group*"
    (should (eq major-mode 'shortdoc-mode))
    (should buffer-read-only)
    (should (= (point) 1))
    (should (equal (buffer-substring-no-properties (point-min) (point-max))
                   (concat "First section

\(sdtz-add a b)
  Add A and B.
  (sdtz-add 1 2)
    ⇒ 3
  (sdtz-add 5 6)
" (if (= (window-width) 80) shortdoc-tests--dashes
    (make-string (1- (window-width)) ?-)) "
\(sdtz-opt a b)
  Opt.
  (list \"a\\nb\" 'c)
    ⇒ (\"a\\nb\" c)

Second section

\(sdtz-str x)
  Str.
    e.g. ⇒ \"abc\"
  (sdtz-str x)
  (sdtz-str y)
    → [it depends]
    e.g. ⇒ #<x>
    ⇒ 5
    ⇒ five
  (sdtz-str 1)
")))
    (kill-buffer)))

(ert-deftest shortdoc-display-group-function ()
  (shortdoc-display-group 'sdtz-group 'sdtz-str)
  (with-current-buffer "*Shortdoc sdtz-group*"
    (should (looking-at-p "(sdtz-str x)\n  Str."))
    (kill-buffer))
  (should-error (shortdoc-display-group 'sdtz-no-such-group)))

(ert-deftest shortdoc-signature-from-arglist ()
  (define-short-documentation-group sdtz-g2
    (sdtz-opt :eval (sdtz-opt 1))
    "Later"
    (sdtz-opt :args (&optional x) :eval (sdtz-opt 2)))
  (shortdoc-display-group 'sdtz-g2)
  (with-current-buffer "*Shortdoc sdtz-g2*"
    (should (equal (buffer-substring-no-properties (point-min) (point-max))
                   "(sdtz-opt a &optional b &rest c)
  Opt.
  (sdtz-opt 1)
    ⇒ (1 nil nil)

Later

\(sdtz-opt &optional x)
  Opt.
  (sdtz-opt 2)
    ⇒ (2 nil nil)
"))
    (kill-buffer)))

(ert-deftest shortdoc-add-function-and-groups ()
  (should (equal (shortdoc-function-groups 'sdtz-add) '(sdtz-group)))
  (let ((results (list (shortdoc-add-function 'sdtz-g3 "S" '(car))
                       (shortdoc-add-function 'sdtz-g3 "S" '(cdr))
                       (shortdoc-add-function 'sdtz-g3 "T" '(cdr))
                       (shortdoc-add-function 'sdtz-g3 "S" '(cons)))))
    (should (equal results '(((car) (cdr) (cons) "T" (cdr))
                             ((cdr) (cons) "T" (cdr))
                             ((cdr))
                             ((cons) "T" (cdr))))))
  (should (equal (assq 'sdtz-g3 shortdoc--groups)
                 '(sdtz-g3 "S" (car) (cdr) (cons) "T" (cdr))))
  (should (memq 'sdtz-g3 (shortdoc-function-groups 'cons))))

;;; shortdoc-tests.el ends here
