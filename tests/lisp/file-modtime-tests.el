;;; file-modtime-tests.el --- a buffer's visited file modification time  -*- lexical-binding: t -*-

;; What Emacs 28 keeps of the file a buffer visits: its modification
;; time and size when last read or written, which
;; `verify-visited-file-modtime' checks the file against and which undo's
;; first-change entry (t . TIME) records.

(require 'ert)

(defmacro file-modtime-tests--with-file (var &rest body)
  "Run BODY with VAR a new file holding \"hello\\n\" last modified at
(25000 12345 678 0), then delete it and kill the buffers visiting it."
  (declare (indent 1))
  `(let ((,var (make-temp-file "file-modtime-tests")))
     (unwind-protect
         (progn
           (write-region "hello\n" nil ,var)
           (set-file-times ,var '(25000 12345 678 0))
           ,@body)
       (dolist (buffer (buffer-list))
         (when (equal (buffer-file-name buffer) ,var)
           (with-current-buffer buffer (set-buffer-modified-p nil))
           (kill-buffer buffer)))
       (when (file-exists-p ,var)
         (delete-file ,var)))))

(ert-deftest file-modtime-no-file ()
  (with-temp-buffer
    (should (eql (visited-file-modtime) 0))
    (should (eq (verify-visited-file-modtime) t))
    (should (eq (verify-visited-file-modtime (current-buffer)) t))
    (should-error (verify-visited-file-modtime "x") :type 'wrong-type-argument)
    ;; No file name to look at.
    (should (equal (should-error (set-visited-file-modtime))
                   '(wrong-type-argument stringp nil)))
    ;; A file name whose file is missing leaves the time as it was.
    (setq buffer-file-name (expand-file-name "file-modtime-tests-none" temporary-file-directory))
    (should (null (set-visited-file-modtime)))
    (should (eql (visited-file-modtime) 0))
    (should (eq (verify-visited-file-modtime) t))
    (setq buffer-file-name nil)))

(ert-deftest file-modtime-set-by-flag ()
  (with-temp-buffer
    (should (null (set-visited-file-modtime -1)))
    (should (eql (visited-file-modtime) -1))
    (should (equal (should-error (set-visited-file-modtime 5))
                   '(args-out-of-range 5 -1 0)))
    (set-visited-file-modtime 1.5)
    (should (equal (visited-file-modtime) '(0 1 500000 0)))
    (set-visited-file-modtime '(1 2))
    (should (equal (visited-file-modtime) '(1 2 0 0)))
    ;; Kept to the nanosecond, rounded down.
    (set-visited-file-modtime '(1 . 3))
    (should (equal (visited-file-modtime) '(0 0 333333 333000)))
    (should-error (set-visited-file-modtime 'foo))
    (should (null (clear-visited-file-modtime)))
    (should (eql (visited-file-modtime) 0))
    (set-visited-file-modtime 0)
    (should (eql (visited-file-modtime) 0))))

(ert-deftest file-modtime-visiting ()
  (file-modtime-tests--with-file file
    (with-current-buffer (find-file-noselect file)
      (should (equal (visited-file-modtime) '(25000 12345 678 0)))
      (should (eq (verify-visited-file-modtime) t))
      (set-file-times file '(25000 12346))
      (should (null (verify-visited-file-modtime)))
      (should (null (verify-visited-file-modtime (current-buffer))))
      (with-temp-buffer
        (should (null (verify-visited-file-modtime (get-file-buffer file)))))
      (set-visited-file-modtime)
      (should (equal (visited-file-modtime) '(25000 12346 0 0)))
      (should (eq (verify-visited-file-modtime) t))
      ;; A time given, not read: the size is not checked.
      (set-visited-file-modtime '(25000 12346))
      (write-region "longer text\n" nil file)
      (set-file-times file '(25000 12346))
      (should (eq (verify-visited-file-modtime) t))
      ;; Read from the file: a file of another size has changed.
      (set-visited-file-modtime)
      (write-region "hello\n" nil file)
      (set-file-times file '(25000 12346))
      (should (null (verify-visited-file-modtime)))
      (set-visited-file-modtime -1)
      (should (null (verify-visited-file-modtime)))
      (clear-visited-file-modtime)
      (should (eq (verify-visited-file-modtime) t))
      (delete-file file)
      (set-visited-file-modtime '(1 2))
      (should (null (verify-visited-file-modtime)))
      (set-visited-file-modtime -1)
      (should (eq (verify-visited-file-modtime) t))
      ;; Gone: the time stays what it was.
      (set-visited-file-modtime '(1 2))
      (should (null (set-visited-file-modtime)))
      (should (equal (visited-file-modtime) '(1 2 0 0))))))

(ert-deftest file-modtime-missing-file-visited ()
  (let ((file (expand-file-name "file-modtime-tests-missing" temporary-file-directory)))
    (with-temp-buffer
      (should (eq (car (should-error (insert-file-contents file t))) 'file-missing))
      (should (eql (visited-file-modtime) -1))
      (should (equal buffer-file-name file))
      (should (eq (verify-visited-file-modtime) t))
      (setq buffer-file-name nil))))

(ert-deftest file-modtime-write-region-visits ()
  (file-modtime-tests--with-file file
    (with-temp-buffer
      (insert "other text\n")
      (write-region nil nil file nil t)
      (should (equal buffer-file-name file))
      (should (consp (visited-file-modtime)))
      (should (eq (verify-visited-file-modtime) t))
      (set-file-times file '(25000 12345))
      (should (null (verify-visited-file-modtime)))
      ;; Writing without visiting leaves the time.
      (set-visited-file-modtime)
      (write-region "hello\n" nil file)
      (set-file-times file '(25000 12345))
      (should (equal (visited-file-modtime) '(25000 12345 0 0)))
      (should (null (verify-visited-file-modtime)))
      (set-buffer-modified-p nil)
      (setq buffer-file-name nil))))

(ert-deftest file-modtime-undo-first-change ()
  (file-modtime-tests--with-file file
    (with-current-buffer (find-file-noselect file)
      (buffer-enable-undo)
      (insert "x")
      (should (equal buffer-undo-list '((1 . 2) (t 25000 12345 678 0))))
      (should (buffer-modified-p))
      (set-file-times file '(25000 12346))
      (set-visited-file-modtime)
      (set-buffer-modified-p nil)
      (insert "y")
      (should (equal buffer-undo-list
                     '((2 . 3) (t 25000 12346 0 0) (1 . 2) (t 25000 12345 678 0))))
      ;; Undoing back to the state the file has now: unmodified; the
      ;; older entry no longer matches, so undoing past it leaves the
      ;; buffer modified.
      (primitive-undo 1 (list '(2 . 3) '(t 25000 12346 0 0)))
      (should-not (buffer-modified-p))
      (primitive-undo 1 buffer-undo-list)
      (should (buffer-modified-p))
      (should (equal (buffer-string) "hello\n"))
      (should (equal (seq-take buffer-undo-list 3)
                     '(("x" . 1) (t 25000 12346 0 0) ("y" . 2))))
      ;; Unknown and missing times are recorded as 0 and -1.
      (clear-visited-file-modtime)
      (set-buffer-modified-p nil)
      (insert "w")
      (should (equal (seq-take buffer-undo-list 2) '((1 . 2) (t . 0))))
      (primitive-undo 1 (seq-take buffer-undo-list 2))
      (should-not (buffer-modified-p))
      (set-visited-file-modtime -1)
      (set-buffer-modified-p nil)
      (let ((buffer-file-name nil))
        (insert "v"))
      (should (equal (seq-take buffer-undo-list 2) '((1 . 2) (t . -1)))))))

(ert-deftest file-modtime-set-visited-file-name-clears ()
  (file-modtime-tests--with-file file
    (with-current-buffer (find-file-noselect file)
      (should (consp (visited-file-modtime)))
      (set-visited-file-name file nil t)
      (should (consp (visited-file-modtime)))
      (set-visited-file-name file)
      (should (eql (visited-file-modtime) 0))
      (set-buffer-modified-p nil))))

(ert-deftest file-modtime-indirect-buffer-undo ()
  (file-modtime-tests--with-file file
    (let* ((base (find-file-noselect file))
           (indirect (make-indirect-buffer base "file-modtime-tests-indirect")))
      (unwind-protect
          (with-current-buffer indirect
            (should (eql (visited-file-modtime) 0))
            (buffer-enable-undo)
            (insert "x")
            ;; Its own time is recorded, and compared by undo.
            (should (equal buffer-undo-list '((1 . 2) (t . 0))))
            (set-buffer-modified-p t)
            (primitive-undo 1 (list '(t 25000 12345 678 0)))
            (should (buffer-modified-p))
            (primitive-undo 1 (list '(t . 0)))
            (should-not (buffer-modified-p))
            (set-buffer-modified-p t)
            (set-visited-file-modtime '(1 2))
            (primitive-undo 1 (list '(t 1 . 2)))
            (should (buffer-modified-p))
            (primitive-undo 1 (list '(t 1 2 0 0)))
            (should-not (buffer-modified-p)))
        (kill-buffer indirect)))))

;;; file-attributes

(ert-deftest file-modtime-file-attributes ()
  (file-modtime-tests--with-file file
    (set-file-times file '(25000 12345 678 9000))
    (let ((attributes (file-attributes file)))
      (should (= (length attributes) 12))
      (should (null (file-attribute-type attributes)))
      (should (= (file-attribute-link-number attributes) 1))
      (should (integerp (file-attribute-user-id attributes)))
      (should (integerp (file-attribute-group-id attributes)))
      ;; set-file-times sets both, to the nanosecond.
      (should (equal (file-attribute-modification-time attributes) '(25000 12345 678 9000)))
      (should (equal (file-attribute-access-time attributes) '(25000 12345 678 9000)))
      (should (consp (file-attribute-status-change-time attributes)))
      (should (= (file-attribute-size attributes) 6))
      (should (stringp (file-attribute-modes attributes)))
      (should (eq (aref (file-attribute-modes attributes) 0) ?-))
      (should (eq (nth 9 attributes) t))
      (should (integerp (file-attribute-inode-number attributes)))
      (should (integerp (file-attribute-device-number attributes)))
      (should (equal (file-attribute-collect attributes 'size 'type) '(6 nil)))
      (should (equal (should-error (file-attribute-collect attributes 'unused))
                     '(error "Wrong attribute name \u2019unused\u2019"))))
    (with-current-buffer (find-file-noselect file)
      (should (equal (visited-file-modtime)
                     (file-attribute-modification-time (file-attributes file)))))
    (should (stringp (file-attribute-user-id (file-attributes file 'string))))
    (should (stringp (file-attribute-group-id (file-attributes file 'string))))
    (should (integerp (file-attribute-user-id (file-attributes file 'integer))))))

(ert-deftest file-modtime-file-attributes-kinds ()
  (let ((dir (file-name-as-directory (make-temp-file "file-modtime-tests" t))))
    (unwind-protect
        (let ((link (expand-file-name "link" dir)))
          (should (null (set-file-modes dir #o1755)))
          (should (= (file-modes dir) #o1755))
          (should (null (file-modes (expand-file-name "missing" dir))))
          (should (equal (should-error (set-file-modes dir "x"))
                         '(wrong-type-argument fixnump "x")))
          (should (eq (car (should-error (set-file-modes (expand-file-name "missing" dir) #o644)))
                      'file-missing))
          (should (eq (file-attribute-type (file-attributes dir)) t))
          (should (equal (file-attribute-modes (file-attributes dir)) "drwxr-xr-t"))
          (should (equal (file-attribute-modes (file-attributes (directory-file-name dir)))
                         "drwxr-xr-t"))
          (make-symbolic-link "no-such-target" link)
          (should (equal (file-attribute-type (file-attributes link)) "no-such-target"))
          (should (eq (aref (file-attribute-modes (file-attributes link)) 0) ?l))
          (should (null (file-attributes (expand-file-name "missing" dir))))
          (should (null (file-attributes (expand-file-name "missing/x" dir))))
          (should (null (file-attributes 'foo)))
          (delete-file link))
      (delete-directory dir t))))

;;; file-modtime-tests.el ends here
