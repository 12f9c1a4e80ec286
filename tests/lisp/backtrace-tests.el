;;; backtrace-tests.el --- backtrace-frame, mapbacktrace, backtrace  -*- lexical-binding: t -*-

(require 'ert)
(require 'seq)

(defun backtrace-tests--inner (x)
  (list (backtrace-frame 0 'backtrace-tests--inner)
        (backtrace-frame 1 'backtrace-tests--inner)
        (backtrace-frames 'backtrace-tests--outer)
        x))

(defun backtrace-tests--outer (a b)
  (backtrace-tests--inner (+ a b)))

(ert-deftest backtrace-frame-counts-out-from-its-base ()
  (let ((r (backtrace-tests--outer 2 3)))
    (should (equal (nth 0 r) '(t backtrace-tests--inner 5)))
    (should (equal (nth 1 r) '(t backtrace-tests--outer 2 3)))
    (should (equal (car (nth 2 r)) '(t backtrace-tests--outer (2 3) nil)))
    (should (= (nth 3 r) 5)))
  (should (equal (backtrace-frame 0) '(t backtrace-frame 0)))
  (should (null (backtrace-frame most-positive-fixnum)))
  (should-error (backtrace-frame -1) :type 'wrong-type-argument)
  (should-error (backtrace-frame 'one) :type 'wrong-type-argument))

(ert-deftest backtrace-frame-with-a-base-not-running ()
  (should (null (backtrace-frame 0 (make-symbol "not-running"))))
  (should (null (backtrace-frame 0 'backtrace-tests--outer))))

(defun backtrace-tests--collect (base)
  (let ((frames nil))
    (mapbacktrace (lambda (evald function args flags)
                    (push (list evald function args flags) frames))
                  base)
    (nreverse frames)))

(ert-deftest mapbacktrace-visits-each-frame-from-base ()
  (should (null (mapbacktrace #'ignore)))
  (should (null (mapbacktrace #'error (make-symbol "absent"))))
  (let ((frames (backtrace-tests--collect 'backtrace-tests--collect)))
    (should (equal (car frames) '(t backtrace-tests--collect (backtrace-tests--collect) nil)))
    (should (memq 'ert-run-test (mapcar #'cadr frames))))
  (let* ((report (lambda (&rest frame) (throw 'first frame)))
         (first (catch 'first (mapbacktrace report))))
    (should (equal first (list t 'mapbacktrace (list report) nil)))))

(ert-deftest backtrace-frames-and-backtrace-frame-agree ()
  (let* ((frames (backtrace-tests--collect 'ert-run-test))
         (one-by-one (let ((i 0) (frame t) (acc nil))
                       (while (setq frame (backtrace-frame i 'ert-run-test))
                         (push frame acc)
                         (setq i (1+ i)))
                       (nreverse acc))))
    (should (> (length frames) 0))
    (should (equal (mapcar (lambda (f) (cons (nth 0 f) (cons (nth 1 f) (nth 2 f)))) frames)
                   one-by-one))))

(defun backtrace-tests--spread (first &optional second &rest more)
  (ignore first second more)
  (backtrace-frame 1 'backtrace-frame))

(ert-deftest backtrace-frame-shows-the-arguments-given ()
  ;; As they were passed: not the &rest list the function binds, nor
  ;; the nil of a missing &optional.
  (should (equal (backtrace-tests--spread 'a 'b 'c 'd) '(t backtrace-tests--spread a b c d)))
  (should (equal (backtrace-tests--spread 'a 'b 'c) '(t backtrace-tests--spread a b c)))
  (should (equal (backtrace-tests--spread 'a 'b) '(t backtrace-tests--spread a b)))
  (should (equal (backtrace-tests--spread 'a) '(t backtrace-tests--spread a)))
  (should (equal (apply #'backtrace-tests--spread '(1 (2) [3] "4"))
                 '(t backtrace-tests--spread 1 (2) [3] "4"))))

;; Emacs shows the values a call was given, whatever its parameters
;; were set to since.
(defun backtrace-tests--bump (x)
  (setq x (1+ x))
  (list x (backtrace-frame 0 'backtrace-tests--bump)))

(defun backtrace-tests--bump-all (x &optional y &rest more)
  (setq x 'changed y 'changed more 'changed)
  (backtrace-frame 0 'backtrace-tests--bump-all))

(defun backtrace-tests--bump-captured (x)
  (funcall (lambda () (setq x (list 'changed x))))
  (list x (backtrace-frame 0 'backtrace-tests--bump-captured)))

(defun backtrace-tests--shared (x)
  (let ((get (lambda () x)))
    (list (funcall get) (backtrace-frame 0 'backtrace-tests--shared))))

(defun backtrace-tests--count-down (n)
  (if (= n 0)
      (let ((calls nil))
        (mapbacktrace (lambda (evald fn args _flags)
                        (when (and evald (eq fn 'backtrace-tests--count-down))
                          (push args calls))))
        calls)
    (setq n (1- n))
    (backtrace-tests--count-down n)))

(defun backtrace-tests--bump-and-print (x)
  (setq x (* x 10))
  (with-output-to-string (backtrace)))

(ert-deftest backtrace-shows-the-arguments-before-setq ()
  (should (equal (backtrace-tests--bump 5) '(6 (t backtrace-tests--bump 5))))
  (should (equal (backtrace-tests--bump-all 1 2 3 4) '(t backtrace-tests--bump-all 1 2 3 4)))
  (should (equal (backtrace-tests--bump-all 1) '(t backtrace-tests--bump-all 1)))
  (should (equal (backtrace-tests--bump-captured 7)
                 '((changed 7) (t backtrace-tests--bump-captured 7))))
  (should (equal (backtrace-tests--shared "s") '("s" (t backtrace-tests--shared "s"))))
  (should (equal (backtrace-tests--count-down 3) '((3) (2) (1) (0))))
  (should (string-match-p "^  backtrace-tests--bump-and-print(4)$"
                          (backtrace-tests--bump-and-print 4)))
  (let ((frames (backtrace-tests--frames-at-error #'backtrace-tests--bump 'five)))
    (should (equal (car (last frames)) '(t backtrace-tests--bump (five) nil)))))

;; Functions that call backtrace-tests--late-setq before it is a macro:
;; analysed then, they do not know it will setq their parameters.
(defun backtrace-tests--late-one (x y)
  (backtrace-tests--late-setq x (* x 10))
  (list x y (backtrace-frame 0 'backtrace-tests--late-one)))

(defun backtrace-tests--late-rest (a &optional b &rest r)
  (backtrace-tests--late-setq a 'new-a)
  (backtrace-tests--late-setq r 'new-r)
  (list a b r (backtrace-frame 0 'backtrace-tests--late-rest)))

(defun backtrace-tests--late-let (x)
  (let ((y 1))
    (backtrace-tests--late-setq y 2)
    (backtrace-tests--late-setq x (+ x y)))
  (list x (backtrace-frame 0 'backtrace-tests--late-let)))

(defun backtrace-tests--late-captured (x)
  (let ((get (lambda () x)))
    (backtrace-tests--late-setq x 'changed)
    (list (funcall get) (backtrace-frame 0 'backtrace-tests--late-captured))))

(ert-deftest backtrace-shows-the-arguments-before-a-late-macro-setq ()
  (should-error (backtrace-tests--late-one 1 2) :type 'void-function)
  (should-error (backtrace-tests--late-rest 1) :type 'void-function)
  (should-error (backtrace-tests--late-let 1) :type 'void-function)
  (should-error (backtrace-tests--late-captured 1) :type 'void-function)
  (eval '(defmacro backtrace-tests--late-setq (var val) (list 'setq var val)) t)
  (unwind-protect
      (progn
        (dotimes (_ 2)
          (should (equal (backtrace-tests--late-one 1 2)
                         '(10 2 (t backtrace-tests--late-one 1 2)))))
        (should (equal (backtrace-tests--late-rest 1 2 3 4)
                       '(new-a 2 new-r (t backtrace-tests--late-rest 1 2 3 4))))
        (should (equal (backtrace-tests--late-rest 1)
                       '(new-a nil new-r (t backtrace-tests--late-rest 1))))
        (should (equal (backtrace-tests--late-let 10)
                       '(12 (t backtrace-tests--late-let 10))))
        ;; (The closure's x is not asserted: marrow's captured copy
        ;; misses the late setq, a known difference.)
        (should (equal (cadr (backtrace-tests--late-captured 'old))
                       '(t backtrace-tests--late-captured old))))
    (fmakunbound 'backtrace-tests--late-setq)))

(defun backtrace-tests--print ()
  (with-output-to-string (backtrace)))

(ert-deftest backtrace-prints-the-calls ()
  (let ((text (backtrace-tests--print)))
    (should (string-match-p "^  backtrace()$" text))
    (should (string-match-p "^  backtrace-tests--print()$" text))
    (should (string-match-p "^  ert-run-test(" text))
    (should (< (string-match "backtrace-tests--print()" text)
               (string-match "ert-run-test(" text))))
  (should (null (let ((standard-output #'ignore)) (backtrace)))))

(ert-deftest called-interactively-p-in-batch ()
  (defun backtrace-tests--who-called ()
    (list (called-interactively-p) (called-interactively-p 'any) (called-interactively-p 'interactive)))
  (should (equal (backtrace-tests--who-called) '(nil nil nil))))

;;; Frames Emacs's Lisp makes: the startup functions and load's

(defun backtrace-tests--calls (frames)
  "The evaluated calls of FRAMES, as (FUNCTION . ARGS): interpreted
Emacs also has frames for the special forms and unevaluated calls
around them."
  (mapcar (lambda (frame) (cons (nth 1 frame) (nth 2 frame))) (seq-filter #'car frames)))

(ert-deftest backtrace-ends-in-the-startup-functions ()
  ;; The runner is `-l ert -l FILE -f ert-run-tests-batch-and-exit'.
  (let* ((calls (backtrace-tests--calls (backtrace-frames)))
         (outer (last calls 4)))
    (should (equal (car outer) '(ert-run-tests-batch-and-exit)))
    (should (eq (car (nth 1 outer)) 'command-line-1))
    (should (equal (cddr outer) '((command-line) (normal-top-level))))
    (let ((args (cadr (nth 1 outer))))
      (should (equal (last args 2) '("-f" "ert-run-tests-batch-and-exit")))
      (should (equal (seq-take args 2) '("-l" "ert")))))
  (should (equal (last (backtrace-tests--collect nil) 2)
                 '((t command-line nil nil) (t normal-top-level nil nil)))))

(defvar backtrace-tests--seen nil
  "The calls in progress when a loaded file called `backtrace-tests--record'.")

(defun backtrace-tests--record ()
  (setq backtrace-tests--seen (backtrace-tests--calls (backtrace-frames))))

(defun backtrace-tests--loading (contents function)
  "The calls in progress as a file of CONTENTS, which records them, is
loaded by FUNCTION, called with the file's name; the file's name and
those calls from the one to `load-with-code-conversion', and two more."
  (let ((file (make-temp-file "backtrace-tests" nil ".el" contents)))
    (unwind-protect
        (progn
          (setq backtrace-tests--seen nil)
          (funcall function file)
          (list file (seq-take (seq-drop-while (lambda (call) (not (eq (car call) 'load-with-code-conversion)))
                                               backtrace-tests--seen)
                               3)))
      (delete-file file))))

(ert-deftest load-reads-source-in-load-with-code-conversion ()
  ;; Its arguments: the file found twice, NOERROR and NOMESSAGE as t or nil.
  (pcase-let ((`(,file ,calls) (backtrace-tests--loading "(backtrace-tests--record)\n"
                                                          (lambda (file) (load file nil t)))))
    (should (equal (seq-take backtrace-tests--seen 2) '((backtrace-frames) (backtrace-tests--record))))
    (should (equal (nth 0 calls) (list 'load-with-code-conversion file file nil t)))
    (should (equal (nth 1 calls) (list 'load file nil t))))
  (pcase-let ((`(,file ,calls) (backtrace-tests--loading
                                "(backtrace-tests--record)\n"
                                (lambda (file) (load (file-name-sans-extension file) 'noerror)))))
    (should (equal (nth 0 calls) (list 'load-with-code-conversion file file t nil)))
    (should (equal (nth 1 calls) (list 'load (file-name-sans-extension file) 'noerror))))
  (pcase-let ((`(,file ,calls) (backtrace-tests--loading
                                "(backtrace-tests--record)\n(provide 'backtrace-tests--feature)\n"
                                (lambda (file) (require 'backtrace-tests--feature file)))))
    (setq features (delq 'backtrace-tests--feature features))
    (should (equal (nth 0 calls) (list 'load-with-code-conversion file file nil t)))
    (should (equal (nth 1 calls) (list 'require 'backtrace-tests--feature file)))))

;;; Which signals enter the debugger

(defun backtrace-tests--entries (on-signal ignored body)
  "The argument lists `debugger' gets, first first, while BODY runs with
`debug-on-error' t, `debug-on-signal' ON-SIGNAL and
`debug-ignored-errors' IGNORED.  Batch Emacs enters it again only once
`num-nonmacro-input-events' has grown, so that grows first."
  (let ((entries nil))
    (setq num-nonmacro-input-events (1+ num-nonmacro-input-events))
    (let ((debug-on-error t)
          (debug-on-signal on-signal)
          (debug-ignored-errors ignored)
          (debugger (lambda (&rest args) (push args entries))))
      (funcall body))
    (nreverse entries)))

(defun backtrace-tests--caught-debug ()
  "The car of 1, in a handler that lets debug-on-error's debugger in."
  (condition-case nil (car 1) ((debug error) 'caught)))

(defun backtrace-tests--caught ()
  (condition-case nil (car 1) (error 'caught)))

(ert-deftest debug-on-signal-enters-the-debugger-despite-handlers ()
  (should (null (backtrace-tests--entries nil nil #'backtrace-tests--caught)))
  (should (equal (backtrace-tests--entries t nil #'backtrace-tests--caught)
                 '((error (wrong-type-argument listp 1)))))
  (should (equal (backtrace-tests--entries nil nil #'backtrace-tests--caught-debug)
                 '((error (wrong-type-argument listp 1)))))
  ;; It only widens debug-on-error.
  (let ((entries nil))
    (setq num-nonmacro-input-events (1+ num-nonmacro-input-events))
    (let ((debug-on-error nil) (debug-on-signal t)
          (debugger (lambda (&rest args) (push args entries))))
      (should (eq (backtrace-tests--caught) 'caught)))
    (should (null entries))))

(ert-deftest debug-ignored-errors-keeps-the-debugger-out ()
  (dolist (ignored '((wrong-type-argument) (error) ("^Wrong type argument: listp, 1$")
                     ("listp") (arith-error "nothing" wrong-type-argument)))
    (should (null (backtrace-tests--entries nil ignored #'backtrace-tests--caught-debug)))
    (should (null (backtrace-tests--entries t ignored #'backtrace-tests--caught))))
  ;; Conditions by name, regexps on the message with case counting.
  (dolist (ignored '((arith-error) ("^wrong type") ("Wrong type argument: consp") (listp)))
    (should (equal (backtrace-tests--entries nil ignored #'backtrace-tests--caught-debug)
                   '((error (wrong-type-argument listp 1))))))
  (should (null (backtrace-tests--entries nil '("^Symbol.s value as variable is void")
                                          (lambda ()
                                            (condition-case nil (symbol-value 'backtrace-tests--unbound)
                                              ((debug error) nil)))))))

(ert-deftest debugger-entered-once-until-an-input-event ()
  (should (equal (backtrace-tests--entries nil nil (lambda ()
                                                     (backtrace-tests--caught-debug)
                                                     (backtrace-tests--caught-debug)))
                 '((error (wrong-type-argument listp 1)))))
  (should (equal (backtrace-tests--entries nil nil (lambda ()
                                                     (backtrace-tests--caught-debug)
                                                     (setq num-nonmacro-input-events
                                                           (1+ num-nonmacro-input-events))
                                                     (backtrace-tests--caught-debug)))
                 '((error (wrong-type-argument listp 1)) (error (wrong-type-argument listp 1))))))

(ert-deftest debug-on-quit-for-quits ()
  ;; A quit asks debug-on-quit, not debug-on-error (which ERT sets).
  (let ((quit (lambda () (condition-case nil (signal 'quit nil) ((debug quit) nil)))))
    (should (null (let ((debug-on-quit nil)) (backtrace-tests--entries nil nil quit))))
    (should (equal (let ((debug-on-quit t)) (backtrace-tests--entries nil nil quit))
                   '((error (quit)))))
    (should (null (let ((debug-on-quit t)) (backtrace-tests--entries nil '(quit) quit))))))

(ert-deftest inhibit-debugger-keeps-the-debugger-out ()
  (should (null (backtrace-tests--entries t nil (lambda ()
                                                  (let ((inhibit-debugger t))
                                                    (backtrace-tests--caught-debug)))))))

;;; Calls refused for their function or arity

(defun backtrace-tests--debugger (&rest _)
  (setq backtrace-tests--seen
        (backtrace-tests--calls (cdr (backtrace-frames 'backtrace-tests--debugger)))))

(defun backtrace-tests--at-error (form)
  "The innermost calls in progress when (eval FORM t) signals."
  (setq backtrace-tests--seen nil
        num-nonmacro-input-events (1+ num-nonmacro-input-events))
  (let ((debug-on-error t) (debug-ignored-errors nil)
        (debugger #'backtrace-tests--debugger))
    (condition-case nil (eval form t) ((debug error) nil)))
  backtrace-tests--seen)

(ert-deftest refused-calls-show-in-the-backtrace ()
  ;; Emacs records a call before checking its function and arity; the
  ;; evaluator's own calls of a subr or a void function check first.
  (dolist (case '(((funcall 'backtrace-tests--void 1)
                   (backtrace-tests--void 1) (funcall backtrace-tests--void 1))
                  ((funcall 'car 1 2) (car 1 2) (funcall car 1 2))
                  ((funcall 1 2) (1 2) (funcall 1 2))
                  ((backtrace-tests--record 1) (backtrace-tests--record 1) (eval (backtrace-tests--record 1) t))
                  ((apply 'car '(1 2)) (car 1 2) (apply car (1 2)))
                  ;; A list of one is spread into apply's own arguments.
                  ((apply 'backtrace-tests--record 1 '(2))
                   (backtrace-tests--record 1 2) (apply backtrace-tests--record 1 2))
                  ((apply 'car '(1)) (car 1) (apply car 1))))
    (should (equal (seq-take (backtrace-tests--at-error (car case)) (length (cdr case)))
                   (cdr case)))))

(defun backtrace-tests--sets-param (x)
  (setq x 2)
  (car x))

(defun backtrace-tests--boxes-param (x)
  (funcall (lambda () (setq x 3)))
  (car x))

(ert-deftest funcall-shows-the-arguments-it-passed ()
  ;; The callee's parameters are funcall's argument slots: setting or
  ;; boxing one changes neither funcall's arguments nor the callee's.
  (should (equal (seq-take (backtrace-tests--at-error
                            '(funcall 'backtrace-tests--sets-param 1))
                           3)
                 '((car 2) (backtrace-tests--sets-param 1)
                   (funcall backtrace-tests--sets-param 1))))
  (should (equal (seq-take (backtrace-tests--at-error
                            '(funcall 'backtrace-tests--boxes-param 1))
                           3)
                 '((car 3) (backtrace-tests--boxes-param 1)
                   (funcall backtrace-tests--boxes-param 1)))))

;;; The forms being evaluated around each call, shown as frames of their
;;; own (EVALD nil), as Emacs's interpreter shows them.

(defun backtrace-tests--here ()
  (backtrace-frames 'backtrace-tests--here))

(defun backtrace-tests--nested (x)
  (let ((y 2)) (if x (list y (backtrace-tests--here)) y)))

(ert-deftest backtrace-frames-show-the-forms-around-a-call ()
  (let ((frames (car (cdr (backtrace-tests--nested t)))))
    (should (equal (seq-take frames 5)
                   '((t backtrace-tests--here nil nil)
                     (nil list (y (backtrace-tests--here)) nil)
                     (nil if (x (list y (backtrace-tests--here)) y) nil)
                     (nil let (((y 2)) (if x (list y (backtrace-tests--here)) y)) nil)
                     (t backtrace-tests--nested (t) nil))))))

(defun backtrace-tests--special-forms (x)
  (progn
    (while x
      (setq x (and t (or nil (cond ((consp x) (catch 'tag
                                                  (unwind-protect
                                                      (condition-case nil
                                                          (throw 'out (backtrace-tests--here))
                                                        (void-variable nil))
                                                    (ignore)))))))))))

(ert-deftest backtrace-frames-show-each-special-form ()
  (let ((frames (catch 'out (backtrace-tests--special-forms '(1)))))
    (should (equal (mapcar (lambda (frame) (list (car frame) (cadr frame)))
                           (seq-take frames 12))
                   '((t backtrace-tests--here) (nil throw) (nil condition-case)
                     (nil unwind-protect) (nil catch) (nil cond) (nil or) (nil and)
                     (nil setq) (nil while) (nil progn)
                     (t backtrace-tests--special-forms))))))

(defun backtrace-tests--macro (x)
  (when x (list (backtrace-tests--here))))

(ert-deftest backtrace-frames-show-expanded-macros ()
  ;; Load expands the body eagerly: the frames are the expansion's.
  (let ((frames (car (backtrace-tests--macro t))))
    (should (equal (seq-take frames 5)
                   '((t backtrace-tests--here nil nil)
                     (nil list ((backtrace-tests--here)) nil)
                     (nil progn ((list (backtrace-tests--here))) nil)
                     (nil if (x (progn (list (backtrace-tests--here)))) nil)
                     (t backtrace-tests--macro (t) nil))))))

(ert-deftest backtrace-frames-through-funcall-and-lambdas ()
  (let* ((f (lambda (y) (list y (backtrace-tests--here))))
         (frames (cadr (funcall f 7))))
    (should (equal (nth 1 frames) '(nil list (y (backtrace-tests--here)) nil)))
    (should (equal (car (nth 2 frames)) t))
    (should (equal (nth 3 (nth 2 frames)) nil))
    (should (equal (cddr (butlast (nth 2 frames))) '((7))))
    (should (equal (nth 3 frames) (list t 'funcall (list f 7) nil)))))

(defun backtrace-tests--erring (x)
  (let ((y 2)) (if x (+ 1 (car x)) y)))

(defun backtrace-tests--void (x)
  (list x (backtrace-tests--no-such-function x)))

(defun backtrace-tests--frames-at-error (function arg)
  "The frames the debugger sees when (funcall FUNCTION ARG) signals,
from the innermost outwards, up to FUNCTION's call."
  (setq num-nonmacro-input-events (1+ num-nonmacro-input-events))
  (let ((frames nil))
    (let ((debug-on-error t) (debug-ignored-errors nil)
          (debugger (lambda (&rest _)
                      (setq frames (or frames (backtrace-frames))))))
      (condition-case nil (funcall function arg) ((debug error) nil)))
    (setq frames (cdr (seq-drop-while (lambda (f) (not (eq (car-safe (caddr f)) 'error)))
                                      frames)))
    (seq-take-while (lambda (f) (not (eq (cadr f) 'funcall))) frames)))

(ert-deftest backtrace-frames-at-an-error-show-the-pending-forms ()
  (let ((frames (backtrace-tests--frames-at-error #'backtrace-tests--erring 5)))
    (should (equal (mapcar (lambda (f) (list (car f) (cadr f) (caddr f)))
                           frames)
                   '((t car (5))
                     (nil + (1 (car x)))
                     (nil if (x (+ 1 (car x)) y))
                     (nil let (((y 2)) (if x (+ 1 (car x)) y)))
                     (t backtrace-tests--erring (5))))))
  (let ((frames (backtrace-tests--frames-at-error #'backtrace-tests--void 5)))
    (should (equal (mapcar (lambda (f) (list (car f) (cadr f) (caddr f)))
                           frames)
                   '((nil backtrace-tests--no-such-function (x))
                     (nil list (x (backtrace-tests--no-such-function x)))
                     (t backtrace-tests--void (5)))))))

(defun backtrace-tests--void-variable (x)
  (list x (car (cons backtrace-tests--unbound x))))

(defun backtrace-tests--void-in-let (x)
  (let* ((a x) (b (+ a backtrace-tests--unbound))) b))

(ert-deftest backtrace-frames-at-a-void-variable-show-the-pending-forms ()
  (should (equal (mapcar (lambda (f) (list (car f) (cadr f) (caddr f)))
                         (backtrace-tests--frames-at-error
                          #'backtrace-tests--void-variable 1))
                 '((nil cons (backtrace-tests--unbound x))
                   (nil car ((cons backtrace-tests--unbound x)))
                   (nil list (x (car (cons backtrace-tests--unbound x))))
                   (t backtrace-tests--void-variable (1)))))
  (should (equal (mapcar (lambda (f) (list (car f) (cadr f) (caddr f)))
                         (backtrace-tests--frames-at-error
                          #'backtrace-tests--void-in-let 2))
                 '((nil + (a backtrace-tests--unbound))
                   (nil let* (((a x) (b (+ a backtrace-tests--unbound))) b))
                   (t backtrace-tests--void-in-let (2)))))
  ;; A variable read outside any form: only the function's frame.
  (should (equal (mapcar #'caddr (backtrace-tests--frames-at-error
                                  (lambda (_) backtrace-tests--unbound) 3))
                 '((3)))))

(defun backtrace-tests--print-in-let ()
  (let ((z 1)) (concat "" (backtrace-tests--print))))

(ert-deftest backtrace-prints-the-forms-as-themselves ()
  (let ((text (backtrace-tests--print-in-let)))
    (should (string-match-p "^  backtrace-tests--print()\n  (concat \"\" (backtrace-tests--print))\n  (let ((z 1)) (concat \"\" (backtrace-tests--print)))\n  backtrace-tests--print-in-let()\n"
                            text))))

(defvar backtrace-tests--top-level
  (let ((x 1)) (when x (list (backtrace-tests--here))))
  "The frames seen from a top-level form of this file.")

(ert-deftest backtrace-frames-in-a-top-level-form-show-its-expansion ()
  ;; Load expands the whole form before evaluating it: the forms around
  ;; the macro call show its expansion too.
  (should (equal (seq-take (car backtrace-tests--top-level) 6)
                 '((t backtrace-tests--here nil nil)
                   (nil list ((backtrace-tests--here)) nil)
                   (nil progn ((list (backtrace-tests--here))) nil)
                   (nil if (x (progn (list (backtrace-tests--here)))) nil)
                   (nil let (((x 1)) (if x (progn (list (backtrace-tests--here))))) nil)
                   (nil defvar (backtrace-tests--top-level
                                (let ((x 1)) (if x (progn (list (backtrace-tests--here)))))
                                "The frames seen from a top-level form of this file.")
                        nil)))))

(defun backtrace-tests--frames-from (x)
  (list (backtrace-get-frames 'backtrace-tests--frames-from)
        (backtrace-get-frames)
        x))

(ert-deftest backtrace-get-frames-makes-structures ()
  (require 'backtrace)
  (pcase-let ((`(,from-base ,from-itself ,_) (backtrace-tests--frames-from 7)))
    (should (backtrace-frame-p (car from-base)))
    (should (eq (backtrace-frame-fun (car from-base)) 'backtrace-tests--frames-from))
    (should (equal (backtrace-frame-args (car from-base)) '(7)))
    (should (eq (backtrace-frame-evald (car from-base)) t))
    (should (eq (backtrace-frame-fun (car from-itself)) 'backtrace-get-frames)))
  (let ((frame (backtrace-make-frame :fun 'car :args '(x))))
    (should (equal (list (backtrace-frame-evald frame) (backtrace-frame-flags frame)
                         (backtrace-frame-locals frame) (backtrace-frame-pos frame))
                   '(nil nil nil nil)))
    (should (equal (prin1-to-string frame)
                   "#s(backtrace-frame nil car (x) nil nil nil nil)"))))

;;; backtrace-tests.el ends here
