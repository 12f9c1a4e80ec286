;;; undo-outer-limit-tests.el --- undo-outer-limit and its function  -*- lexical-binding: t -*-

;; A collection that finds a buffer's newest change heavier than
;; `undo-outer-limit' calls `undo-outer-limit-function' with its size,
;; the buffer current.  Emacs calls it inside the collection; marrow at
;; the safe point just after, so each test collects and then looks.
;; The sizes are Emacs's weights of the undo entries.  Every variable
;; and stand-in is in place before the edit: a collection may come at
;; any allocation after it.

(require 'ert)
(require 'cl-lib)

(defun undo-outer-tests--edit ()
  "Turn undo on, and make one heavy deletion the newest change."
  (buffer-enable-undo)
  (insert (make-string 200 ?a))
  (undo-boundary)
  (delete-region 1 150))

(defun undo-outer-tests--shape ()
  "The undo list, deleted strings as their lengths."
  (mapcar (lambda (e) (if (and (consp e) (stringp (car e))) (cons (length (car e)) (cdr e)) e))
          buffer-undo-list))

(ert-deftest undo-outer-limit-defaults ()
  (should (null (default-value 'undo-outer-limit)))
  (should (eq (default-value 'undo-outer-limit-function) 'undo-outer-limit-truncate))
  (should (null undo-ask-before-discard))
  (should (local-variable-if-set-p 'undo-extra-outer-limit)))

(ert-deftest undo-outer-limit-function-takes-over ()
  (let ((log nil))
    (with-temp-buffer
      (setq-local undo-outer-limit 100)
      (setq-local undo-outer-limit-function
                  (lambda (size)
                    (push (list size (current-buffer) (length buffer-undo-list)) log)
                    t))
      (undo-outer-tests--edit)
      (garbage-collect)
      (should (equal log (list (list 228 (current-buffer) 5))))
      ;; A non-nil value leaves the list to the function.
      (should (= (length buffer-undo-list) 5)))))

(ert-deftest undo-outer-limit-function-nil-lets-the-limits-trim ()
  (let ((log nil))
    (with-temp-buffer
      (setq-local undo-outer-limit 100)
      (setq-local undo-outer-limit-function (lambda (size) (push size log) nil))
      (setq-local undo-limit 10)
      (setq-local undo-strong-limit 20)
      (undo-outer-tests--edit)
      (insert "x")
      (garbage-collect)
      (should (equal log '(260)))
      ;; Past undo-strong-limit, only the newest change is kept.
      (should (equal (undo-outer-tests--shape) '((52 . 53) (149 . 1) 201))))))

(ert-deftest undo-outer-limit-under-the-limit-calls-nothing ()
  (let ((log nil))
    (with-temp-buffer
      (setq-local undo-outer-limit 100000)
      (setq-local undo-outer-limit-function (lambda (size) (push size log) t))
      (undo-outer-tests--edit)
      (garbage-collect)
      (should (null log))
      (should (equal (undo-outer-tests--shape) '((149 . 1) 201 nil (1 . 201) (t . 0)))))))

(ert-deftest undo-outer-limit-truncate-discards-and-warns ()
  (let ((warned nil))
    (with-temp-buffer
      (cl-letf (((symbol-function 'display-warning)
                 (lambda (type message &optional level _buffer)
                   (push (list type (substring message 0 (string-match "\n" message)) level)
                         warned))))
        (setq-local undo-outer-limit 100)
        (undo-outer-tests--edit)
        (garbage-collect)
        (should (null buffer-undo-list))
        (should (equal warned
                       (list (list '(undo discard-info)
                                   (format-message "Buffer `%s' undo info was 228 bytes long."
                                                   (buffer-name))
                                   :warning))))))))

(ert-deftest undo-outer-limit-truncate-asks-once ()
  (let ((asked nil))
    (with-temp-buffer
      (cl-letf (((symbol-function 'yes-or-no-p)
                 (lambda (prompt) (push prompt asked) nil)))
        (setq-local undo-outer-limit 100)
        (setq-local undo-ask-before-discard t)
        (undo-outer-tests--edit)
        (garbage-collect)
        (should (equal asked
                       (list (format-message "Buffer `%s' undo info is 228 bytes long; discard it? "
                                             (buffer-name)))))
        (should (= undo-extra-outer-limit (+ 228 50000)))
        (should buffer-undo-list)
        ;; Refused: not asked again until it grows past the extra limit.
        (insert "y")
        (garbage-collect)
        (should (= (length asked) 1))))))
