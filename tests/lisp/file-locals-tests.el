;;; file-locals-tests.el --- mode entries and list ends in file-local variables  -*- lexical-binding: t; -*-

(require 'ert)

(defun file-locals--hack (text handle-mode &optional enable)
  "In a buffer holding TEXT: (hack-local-variables HANDLE-MODE)'s value,
the major mode, fill-column and file-local-variables-alist after it."
  (with-temp-buffer
    (insert text)
    (setq-local fill-column 70)
    (let* ((enable-local-variables (or enable :all))
           (value (condition-case err (hack-local-variables handle-mode)
                    (error (list 'error (car err))))))
      (list value major-mode fill-column file-local-variables-alist))))

(defconst file-locals--list
  "x\n;; Local Variables:\n;; mode: text\n;; fill-column: 33\n;; End:\n")

(ert-deftest file-locals-mode-entry-obeyed-without-handle-mode ()
  (should (equal (file-locals--hack file-locals--list nil)
                 '(nil text-mode 33 ((mode . text) (fill-column . 33)))))
  ;; A mode entry is always safe.
  (should (equal (file-locals--hack file-locals--list nil :safe)
                 '(nil text-mode 33 ((mode . text) (fill-column . 33)))))
  ;; Any other non-t HANDLE-MODE leaves it out.
  (should (equal (file-locals--hack file-locals--list 'no-mode)
                 '(nil fundamental-mode 33 ((fill-column . 33)))))
  ;; Entries apply in order: a mode started last clears what came first.
  (should (equal (file-locals--hack "-*- fill-column: 3; mode: text; mode: prog -*-\nx\n" nil)
                 '(nil prog-mode 70 ((fill-column . 3) (mode . text) (mode . prog)))))
  ;; An unknown mode fails after the entries are recorded.
  (should (equal (file-locals--hack
                  "x\n;; Local Variables:\n;; mode: file-locals-none\n;; fill-column: 3\n;; End:\n" nil)
                 '((error void-function) fundamental-mode 70
                   ((mode . file-locals-none) (fill-column . 3))))))

(ert-deftest file-locals-list-needs-its-end ()
  (should (equal (file-locals--hack "x\n;; Local Variables:\n;; fill-column: 33\n" nil)
                 '(nil fundamental-mode 70 nil)))
  (should (equal (file-locals--hack "x\n;; Local Variables:\n;; mode: text\n" t)
                 '(nil fundamental-mode 70 nil)))
  ;; The -*- line counts all the same.
  (should (equal (file-locals--hack "-*- fill-column: 20 -*-\nx\n;; Local Variables:\n;; fill-column: 33\n" nil)
                 '(nil fundamental-mode 20 ((fill-column . 20))))))

(ert-deftest file-locals-first-mode-found ()
  ;; The -*- line's mode comes first, then the list's first one.
  (should (equal (car (file-locals--hack
                       "-*- mode: prog -*-\nx\n;; Local Variables:\n;; mode: text\n;; End:\n" t))
                 'prog-mode))
  (should (equal (car (file-locals--hack
                       "x\n;; Local Variables:\n;; mode: text\n;; mode: prog\n;; End:\n" t))
                 'text-mode))
  ;; What follows the mode is not read...
  (should (equal (car (file-locals--hack
                       "x\n;; Local Variables:\n;; mode: text\n;; fill-column: (\n;; End:\n" t))
                 'text-mode))
  (should (equal (car (file-locals--hack "-*- mode: text; fill-column: ( -*-\nx\n" t))
                 'text-mode))
  ;; ... but what comes before it is.
  (should (equal (car (file-locals--hack
                       "x\n;; Local Variables:\n;; fill-column: (\n;; mode: text\n;; End:\n" t))
                 '(error end-of-file)))
  (should (equal (car (file-locals--hack "-*- fill-column: (; mode: text -*-\nx\n" t))
                 '(error end-of-file))))

;; The coding system a file's text names: auto-coding-functions.

(defun file-locals--auto-coding (text &optional size)
  (with-temp-buffer
    (insert text)
    (goto-char (point-min))
    (find-auto-coding "" (or size (buffer-size)))))

(ert-deftest file-locals-xml-declaration-coding ()
  (should (equal (file-locals--auto-coding "<?xml version=\"1.0\" encoding=\"Latin-1\"?>\n<a/>")
                 '(latin-1 . auto-coding-functions)))
  (should (equal (file-locals--auto-coding " \n<?xml version='1.0' encoding='utf-16'?><a/>")
                 '(utf-16 . auto-coding-functions)))
  ;; No encoding: UTF-8 when the text is.
  (should (equal (file-locals--auto-coding "<?xml version=\"1.0\"?>\n<a/>")
                 '(utf-8 . auto-coding-functions)))
  ;; The declaration must start the text, and end within SIZE.
  (should-not (file-locals--auto-coding "x<?xml version=\"1.0\" encoding=\"latin-1\"?>"))
  (should-not (file-locals--auto-coding "<?xml version=\"1.0\" encoding=\"latin-1\"?>" 20))
  ;; An unknown encoding is none.
  (should-not (file-locals--auto-coding "<?xml version=\"1.0\" encoding=\"file-locals-none\"?>"))
  ;; A UTF-8 declaration keeps the buffer's kind of UTF-8.
  (with-temp-buffer
    (insert "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    (setq buffer-file-coding-system 'utf-8-with-signature)
    (goto-char (point-min))
    (should (eq (sgml-xml-auto-coding-function (buffer-size)) 'utf-8-with-signature))))

(ert-deftest file-locals-auto-coding-functions-errors-ignored ()
  (let ((auto-coding-functions (list (lambda (_size) (error "No coding here"))
                                     (lambda (_size) (and (bobp) 'latin-1)))))
    ;; A function that fails counts for none; each starts at the
    ;; buffer's start.
    (should (equal (with-temp-buffer
                     (insert "abc")
                     (goto-char 2)
                     (find-auto-coding "" 2))
                   '(latin-1 . auto-coding-functions))))
  (let ((auto-coding-functions (list (lambda (_size) (error "No coding here")))))
    (should-not (file-locals--auto-coding "abc"))))

;;; file-locals-tests.el ends here
