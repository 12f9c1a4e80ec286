;;; text-property-search-tests.el --- finding regions by property  -*- lexical-binding: t -*-

(require 'ert)
(require 'text-property-search)

(defun tps-tests--buffer ()
  "Insert text whose f property runs: none, 1, none, 2 (in two
propertized pieces), none, 1."
  (insert "aa" (propertize "bb" 'f 1) "cc" (propertize "dd" 'f 2)
          (propertize "ee" 'f 2) "ff" (propertize "gg" 'f 1)))

(defun tps-tests--run (fn start &rest args)
  "Call FN with ARGS from START: (BEGINNING END VALUE POINT), or (nil POINT)."
  (goto-char start)
  (let ((m (apply fn args)))
    (if m
        (list (prop-match-beginning m) (prop-match-end m) (prop-match-value m) (point))
      (list nil (point)))))

(ert-deftest tps-forward-regions ()
  (with-temp-buffer
    (tps-tests--buffer)
    ;; With no value, any non-nil value matches, a run at a time.
    (should (equal (tps-tests--run #'text-property-search-forward 1 'f) '(3 5 1 5)))
    (should (equal (tps-tests--run #'text-property-search-forward 4 'f) '(4 5 1 5)))
    (should (equal (tps-tests--run #'text-property-search-forward 4 'f nil nil t) '(7 11 2 11)))
    (should (equal (tps-tests--run #'text-property-search-forward 15 'f) '(nil 15)))
    ;; PREDICATE t: the value must be `equal'.
    (should (equal (tps-tests--run #'text-property-search-forward 1 'f 2 t) '(7 11 2 11)))
    (should (equal (tps-tests--run #'text-property-search-forward 12 'f 2 t) '(nil 12)))
    ;; A VALUE with a nil PREDICATE: the runs that differ, together.
    (should (equal (tps-tests--run #'text-property-search-forward 3 'f 1) '(5 13 nil 13)))
    ;; A function.
    (should (equal (tps-tests--run #'text-property-search-forward 1 'f 2
                                   (lambda (v pv) (eql v pv)))
                   '(7 11 2 11)))))

(ert-deftest tps-backward-regions ()
  (with-temp-buffer
    (tps-tests--buffer)
    (should (equal (tps-tests--run #'text-property-search-backward 4 'f) '(3 4 1 3)))
    (should (equal (tps-tests--run #'text-property-search-backward 9 'f) '(7 9 2 7)))
    (should (equal (tps-tests--run #'text-property-search-backward 9 'f nil nil t) '(3 5 1 3)))
    (should (equal (tps-tests--run #'text-property-search-backward 1 'f) '(nil 1)))
    ;; As in Emacs, a search that does not start in a match steps over
    ;; the run before point first.
    (should (equal (tps-tests--run #'text-property-search-backward 6 'f) '(nil 6)))
    (should (equal (tps-tests--run #'text-property-search-backward 15 'f 1 t) '(13 15 1 13)))))

(ert-deftest tps-walks-key-faces ()
  (with-temp-buffer
    (insert "key " (propertize "C-x" 'face 'help-key-binding) " and "
            (propertize "M-x" 'face 'help-key-binding) "\n")
    (goto-char (point-min))
    (text-property-search-forward 'face 'help-key-binding t)
    (should (looking-back "C-x" (- (point) 3)))
    (text-property-search-forward 'face 'help-key-binding)
    (should (looking-at "M-x"))))

;;; text-property-search-tests.el ends here
