;;; let-alist-tests.el --- let-alist, autoloaded  -*- lexical-binding: t -*-

(require 'ert)

(defconst let-alist-tests--config
  '((name . "marrow") (version . 3)
    (build . ((cc . "gcc") (flags . ("-O2" "-g"))))
    (empty)))

(ert-deftest let-alist-reads-keys-and-paths ()
  (should (equal (let-alist let-alist-tests--config
                   (list .name .version .build.cc .build.flags .missing .build.missing .empty))
                 '("marrow" 3 "gcc" ("-O2" "-g") nil nil nil)))
  ;; Inside vectors and backquotes too.
  (should (equal (let-alist let-alist-tests--config `[,.version (,.name)]) [3 ("marrow")])))

(ert-deftest let-alist-evaluates-once-and-nests ()
  (let ((calls 0))
    (should (equal (let-alist (progn (setq calls (1+ calls)) '((a . 1) (b . 2)))
                     (+ .a .b .a))
                   4))
    (should (= calls 1)))
  ;; An inner let-alist binds its own dotted names; ..NAME is the outer
  ;; .NAME, which only the outer body's own mentions bind.
  (should (equal (let-alist '((inner . ((x . 10))) (x . 1))
                   (list .x (let-alist .inner (list .x ..x))))
                 '(1 (10 1))))
  (should (equal (should-error (let-alist '((inner . ((x . 10))) (x . 1))
                                 (let-alist .inner ..x)))
                 '(void-variable .x))))

(ert-deftest let-alist-expansion ()
  (let* ((form (macroexpand '(let-alist cfg (f .p.q .r .r))))
         (var (car (car (nth 1 form)))))
    (should (equal form `(let ((,var cfg))
                           (let ((.p.q (cdr (assq 'q (cdr (assq 'p ,var)))))
                                 (.r (cdr (assq 'r ,var))))
                             (f .p.q .r .r)))))))

(ert-deftest let-alist-dotted-symbols-in-vectors ()
  ;; Each element of a vector is searched, even when the first is the
  ;; symbol let-alist; a nested let-alist form only for its alist.
  (should (equal (let-alist--deep-dot-search '[let-alist .p .q])
                 '((.p . p) (.q . q))))
  (should (equal (let-alist--deep-dot-search '(a .b [(let-alist .c .d) .e] . .f))
                 '((.b . b) (.c . c) (.e . e) (.f . f))))
  (should (equal (let-alist '((p . 1) (q . 2)) [.p .q]) [.p .q]))
  (should (equal (let-alist '((p . 1) (q . 2)) (vector .p .q)) [1 2])))
