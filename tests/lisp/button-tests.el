;;; button-tests.el --- overlay and text-property buttons  -*- lexical-binding: t -*-

;; Values read off GNU Emacs 28 (which preloads button.el): button
;; types and their inheritance, overlay and text buttons, their
;; properties through the type's category symbol, labels and bounds,
;; moving between buttons and pushing them.

(require 'ert)
(define-button-type 'button-test-type 'action 'ignore 'foo 10)
(define-button-type 'button-test-sub :supertype 'button-test-type 'bar 2)
(defmacro button-test--in (&rest body)
  "BODY in a temp buffer holding an overlay button and a text button."
  `(with-temp-buffer
     (insert "aa ")
     (insert-button "one" :type 'button-test-sub 'x 1)
     (insert " bb ")
     (insert-text-button "two" 'type 'button-test-type 'help-echo "hi")
     (insert " cc")
     (goto-char (point-min))
     ,@body))
(defun button-test--describe (b)
  (if (overlayp b) (list 'overlay (overlay-start b) (overlay-end b))
    (and b (list 'marker (marker-position b)))))
(defun button-test--names (tree)
  "TREE with each uninterned symbol (a button type's category) as its name."
  (cond ((consp tree) (cons (button-test--names (car tree)) (button-test--names (cdr tree))))
        ((and (symbolp tree) tree (not (eq tree (intern-soft (symbol-name tree)))))
         (symbol-name tree))
        (t tree)))

(ert-deftest button-types ()
  (should (equal (symbol-plist (button-category-symbol 'button-test-type))
                 '(face button mouse-face highlight keymap (keymap (header-line keymap (mouse-2 . push-button)) (mode-line keymap (mouse-2 . push-button)) (follow-link . mouse-face) (mouse-2 . push-button) (13 . push-button)) type button-test-type action ignore help-echo "mouse-2, RET: Push this button" evaporate t rear-nonsticky t foo 10 supertype button)))
  (should (equal (symbol-plist (button-category-symbol 'button-test-sub))
                 '(face button mouse-face highlight keymap (keymap (header-line keymap (mouse-2 . push-button)) (mode-line keymap (mouse-2 . push-button)) (follow-link . mouse-face) (mouse-2 . push-button) (13 . push-button)) type button-test-sub action ignore help-echo "mouse-2, RET: Push this button" evaporate t rear-nonsticky t foo 10 supertype button-test-type bar 2)))
  (should (equal (list (button-type-get 'button-test-sub 'foo) (button-type-subtype-p 'button-test-sub 'button-test-type) (button-type-subtype-p 'button-test-type 'button-test-sub) (button-type-subtype-p 'button-test-sub 'button))
                 '(10 t nil t)))
  (should (equal (condition-case err (button-type-get 'button-test-none 'foo) (error err))
                 '(error "Unknown button type ‘button-test-none’")))
  (should (equal (symbol-plist 'default-button)
                 '(face button mouse-face highlight keymap (keymap (header-line keymap (mouse-2 . push-button)) (mode-line keymap (mouse-2 . push-button)) (follow-link . mouse-face) (mouse-2 . push-button) (13 . push-button)) type button action ignore help-echo "mouse-2, RET: Push this button" evaporate t rear-nonsticky t))))

(ert-deftest button-overlay-and-text ()
  (should (equal (button-test--names (button-test--in (let ((b (button-at 5))) (list (button-test--describe b) (cddr (overlay-properties b)) (button-get b 'foo) (button-get b 'bar) (button-get b 'x) (button-label b) (button-start b) (button-end b) (button-has-type-p b 'button-test-type)))))
                 '((overlay 4 7) (x 1 category "button-test-sub-button") 10 2 1 "one" 4 7 t)))
  (should (equal (button-test--names (button-test--in (let ((m (button-at 13))) (list (button-test--describe m) (button-start m) (button-end m) (button-label m) (button-get m 'foo) (text-properties-at 12) (progn (button-put m 'foo 99) (text-properties-at 12))))))
                 '((marker 13) 11 14 "two" 10 (help-echo "hi" category "button-test-type-button" button (t)) (foo 99 help-echo "hi" category "button-test-type-button" button (t)))))
  (should (equal (with-temp-buffer (insert "x") (list (insert-text-button "tb" 'foo 1) (text-properties-at 2)))
                 '(2 (foo 1 category default-button button (t)))))
  (should (equal (condition-case err (with-temp-buffer (insert "ab") (make-text-button 1 2 'category 'x)) (error err))
                 '(error "Button ‘category’ property may not be set directly")))
  (should (equal (make-text-button "str" nil 'foo 1)
                 '#("str" 0 3 (button (t) category default-button foo 1))))
  (should (equal (button-buttonize "bz" #'ignore 'data)
                 '#("bz" 0 2 (action ignore keymap (keymap (header-line keymap (mouse-2 . push-button)) (mode-line keymap (mouse-2 . push-button)) (follow-link . mouse-face) (mouse-2 . push-button) (13 . push-button)) button-data data category t follow-link t button t face button)))))

(ert-deftest button-motion ()
  (should (equal (button-test--in (list (button-test--describe (next-button 1)) (button-test--describe (next-button 5)) (button-test--describe (next-button 5 t)) (button-test--describe (previous-button (point-max))) (button-test--describe (next-button 14))))
                 '((overlay 4 7) (marker 11) (overlay 4 7) (marker 13) nil)))
  (should (equal (button-test--in (list (button-test--describe (forward-button 1)) (point) (button-test--describe (forward-button 1)) (point) (condition-case err (forward-button 1) (error err)) (button-test--describe (forward-button 1 t)) (point) (condition-case err (backward-button 1) (error err)) (button-test--describe (forward-button -1 t)) (point) (forward-button 5 nil nil t)))
                 '((overlay 4 7) 4 (marker 11) 11 (user-error "No more buttons") (overlay 4 7) 4 (user-error "No more buttons") (marker 13) 11 nil)))
  (should (equal (button-test--in (list (push-button 1) (push-button 5)))
                 '(nil t)))
  (should (equal (with-temp-buffer (let ((got nil)) (insert-button "p" 'action (lambda (b) (setq got (button-label b)))) (insert-text-button "q" 'action (lambda (b) (setq got (list (button-start b) (button-label b))))) (list (push-button 1) got (push-button 2) got)))
                 '(t "p" t (2 "q")))))

;;; button-tests.el ends here
