;;; abbrev-occur-tests.el --- abbrev tables, occur, computed replacements  -*- lexical-binding: t -*-

(require 'ert)
(require 'abbrev)

;;; Abbrevs

(defvar abbrev-occur--table nil)

(defun abbrev-occur--fresh-table ()
  "A new abbrev table named `abbrev-occur--table', with two abbrevs."
  (setq abbrev-occur--table nil)
  (define-abbrev-table 'abbrev-occur--table
    '(("tx" "thanks")
      ("WIP" "work in progress" nil :case-fixed t)))
  abbrev-occur--table)

(ert-deftest abbrev-occur-table-basics ()
  (let ((table (make-abbrev-table '(:flavor sour))))
    (should (abbrev-table-p table))
    (should (eq (abbrev-table-get table :flavor) 'sour))
    (should (= (abbrev-table-get table :abbrev-table-modiff) 0))
    (should (abbrev-table-empty-p table))
    (should (equal (define-abbrev table "hw" "hello world") "hw"))
    (should-not (abbrev-table-empty-p table))
    (should (= (abbrev-table-get table :abbrev-table-modiff) 1))
    (should (equal (abbrev-expansion "hw" table) "hello world"))
    ;; Lookups fold case unless the table or the abbrev is case-fixed.
    (should (equal (abbrev-expansion "HW" table) "hello world"))
    (abbrev-table-put table :case-fixed t)
    (should-not (abbrev-expansion "HW" table))
    (should (equal (abbrev-get (abbrev-symbol "hw" table) :count) 0))
    (let ((copy (copy-abbrev-table table)))
      (should (abbrev-table-p copy))
      (should (equal (abbrev-expansion "hw" copy) "hello world"))
      (should-not (abbrev-table-get copy :flavor)))
    (clear-abbrev-table table)
    (should (abbrev-table-empty-p table))
    (should (eq (abbrev-table-get table :flavor) 'sour)))
  (should-not (abbrev-table-p (obarray-make)))
  (should-not (abbrev-table-p "table"))
  (should (equal (should-error (abbrev-table-empty-p "x"))
                 '(error "Non abbrev table object"))))

(ert-deftest abbrev-occur-system-abbrevs ()
  (let ((table (make-abbrev-table)))
    (define-abbrev table "a" "user's" nil)
    ;; A system abbrev does not replace a user's one...
    (define-abbrev table "a" "system's" nil :system t)
    (should (equal (abbrev-expansion "a" table) "user's"))
    ;; ...unless forced.
    (define-abbrev table "a" "forced" nil :system 'force)
    (should (equal (abbrev-expansion "a" table) "forced"))
    (should (eq (abbrev-get (abbrev-symbol "a" table) :system) t))
    (should (abbrev-table-empty-p table t))
    ;; The old (COUNT SYSTEM) arguments.
    (define-abbrev table "b" "bee" nil 7 t)
    (should (= (abbrev-get (abbrev-symbol "b" table) :count) 7))))

(ert-deftest abbrev-occur-named-tables ()
  (let ((table (abbrev-occur--fresh-table)))
    (should (memq 'abbrev-occur--table abbrev-table-name-list))
    (should (eq (abbrev-table-name table) 'abbrev-occur--table))
    (should (equal (sort (mapcar #'symbol-name (abbrev--table-symbols 'abbrev-occur--table))
                         #'string<)
                   '("WIP" "tx")))
    (should-not (abbrev-expansion "wip" table))
    (with-temp-buffer
      (insert-abbrev-table-description 'abbrev-occur--table)
      (should (equal (buffer-string)
                     "(define-abbrev-table 'abbrev-occur--table
  '(
    (\"WIP\" \"work in progress\" nil :count 0 :case-fixed t)
    (\"tx\" \"thanks\" nil :count 0)
   ))

")))
    (with-temp-buffer
      (insert-abbrev-table-description 'abbrev-occur--table t)
      (should (equal (buffer-string)
                     "(abbrev-occur--table)

\"WIP\"\t       0    \"work in progress\"
\"tx\"\t       0    \"thanks\"


")))))

(ert-deftest abbrev-occur-expand ()
  (let ((table (abbrev-occur--fresh-table)))
    (with-temp-buffer
      (setq local-abbrev-table table)
      (insert "say tx")
      (should (eq (expand-abbrev) (abbrev-symbol "tx" table)))
      (should (equal (buffer-string) "say thanks"))
      (insert " Tx")
      (expand-abbrev)
      (should (equal (buffer-string) "say thanks Thanks"))
      (should (= (abbrev-get (abbrev-symbol "tx" table) :count) 2))
      (unexpand-abbrev)
      (should (equal (buffer-string) "say thanks Tx"))
      (insert " nothing")
      (should-not (expand-abbrev)))))

(ert-deftest abbrev-occur-listing-round-trip ()
  (let ((table (abbrev-occur--fresh-table))
        (file (make-temp-file "abbrev-occur")))
    (unwind-protect
        (progn
          (with-temp-buffer
            (insert "(abbrev-occur--table)\n\n\"brb\"  0  \"be right back\"\n\n")
            (define-abbrevs))
          (should (equal (abbrev-expansion "brb" table) "be right back"))
          (should (equal (abbrev-expansion "tx" table) "thanks"))
          (write-abbrev-file file)
          (with-temp-buffer
            (insert-file-contents file)
            (should (looking-at ";;-\\*-coding: utf-8;-\\*-\n"))
            (should (search-forward "(\"brb\" \"be right back\" nil :count 0)" nil t)))
          (clear-abbrev-table table)
          (read-abbrev-file file t)
          (should (equal (abbrev-expansion "brb" table) "be right back")))
      (delete-file file))))

(ert-deftest abbrev-occur-inverse-add ()
  (let ((table (make-abbrev-table)))
    (with-temp-buffer
      (insert "one two, three")
      (cl-letf (((symbol-function 'read-string) (lambda (&rest _) "2")))
        (inverse-add-abbrev table "Test" 2)))
    (should (equal (abbrev-expansion "two" table) "2"))))

;;; Occur

(defun abbrev-occur--occur (text regexp &optional nlines)
  "The listing `occur' makes for REGEXP in a buffer of TEXT."
  (let ((buffer (get-buffer-create " occur-source")))
    (unwind-protect
        (with-current-buffer buffer
          (erase-buffer)
          (insert text)
          (let ((inhibit-message t))
            (save-window-excursion (occur regexp nlines)))
          (prog1 (with-current-buffer "*Occur*"
                   (buffer-substring-no-properties (point-min) (point-max)))
            (kill-buffer "*Occur*")))
      (kill-buffer buffer))))

(ert-deftest abbrev-occur-occur-listing ()
  (should (equal (abbrev-occur--occur "cat\ndog\ncatcat\n" "cat")
                 "3 matches in 2 lines for \"cat\" in buffer:  occur-source
      1:cat
      3:catcat
"))
  (should (equal (abbrev-occur--occur "p\nq\nr\ns\np\n" "q\nr")
                 "1 match for \"q\nr\" in buffer:  occur-source
      2:q
       :r
"))
  (should (equal (abbrev-occur--occur "1\n2\nx3\n4\n5\n6\n7\nx8\n9\n" "x" 1)
                 "2 matches for \"x\" in buffer:  occur-source
       :2
      3:x3
       :4
-------
       :7
      8:x8
       :9
"))
  (should (equal (abbrev-occur--occur "x1\n2\nx3\n" "x" -1)
                 "2 matches for \"x\" in buffer:  occur-source
      1:x1
-------
       :2
      3:x3
")))

(ert-deftest abbrev-occur-occur-mode-and-revert ()
  (let ((source (get-buffer-create " occur-source")))
    (unwind-protect
        (with-current-buffer source
          (erase-buffer)
          (insert "red\ngreen\nred\n")
          (let ((inhibit-message t))
            (save-window-excursion (occur "red")))
          (with-current-buffer "*Occur*"
            (should (eq major-mode 'occur-mode))
            (should buffer-read-only)
            (should (equal occur-revert-arguments (list "red" nil (list source)))))
          (goto-char (point-max))
          (insert "red\n")
          (with-current-buffer "*Occur*"
            (let ((inhibit-message t))
              (save-window-excursion (revert-buffer)))
            (goto-char (point-min))
            (should (looking-at "3 matches for \"red\""))
            ;; To the end of each match's text.
            (occur-next)
            (should (looking-back "^      1:red" (line-beginning-position)))
            (occur-next 2)
            (should (looking-back "^      4:red" (line-beginning-position)))
            (should-error (occur-next) :type 'user-error)
            (occur-prev)
            (should (looking-back "^      3:red" (line-beginning-position)))))
      (kill-buffer source)
      (when (get-buffer "*Occur*") (kill-buffer "*Occur*"))))
  (with-temp-buffer
    (insert "nothing here")
    (let ((inhibit-message t))
      (occur "absent"))
    (should-not (get-buffer "*Occur*"))
    (should (equal (should-error (occur ""))
                   (list 'error (format-message "Occur doesn't work with the empty regexp"))))))

;;; Computed replacements

(ert-deftest abbrev-occur-computed-replacements ()
  (should (equal (replace-quote "c:\\x") "c:\\\\x"))
  (should (equal (replace-quote '(1 "two")) "(1 two)"))
  (should (equal (replace-eval-replacement '(* 10 replace-count) 4) "40"))
  (should (equal (query-replace--split-string
                  (concat "from" (propertize "\0" 'separator t) "to"))
                 '("from" . "to")))
  (should (equal (query-replace--split-string "plain\0text") "plain\0text"))
  (let ((inhibit-message t))
    (with-temp-buffer
      (insert "a-1 b-2 c-3")
      (goto-char (point-min))
      (replace-regexp "\\([a-z]\\)-\\([0-9]\\)"
                      '(replace-eval-replacement
                        replace-quote
                        (format "%s%d" (upcase (match-string 1))
                                (+ replace-count (string-to-number (match-string 2))))))
      (should (equal (buffer-string) "A1 B3 C5")))
    (with-temp-buffer
      (insert "x x x")
      (goto-char (point-min))
      (replace-string "x" '("0" "1"))
      (should (equal (buffer-string) "0 1 0")))))

;;; Query replacing

(defun abbrev-occur--query (text from to regexp answers)
  "TEXT after `perform-replace' of FROM with TO asking, the events
ANSWERS (then q) answering; and its value."
  (with-temp-buffer
    (insert text)
    (goto-char (point-min))
    (let ((inhibit-message t) (value nil))
      (cl-letf (((symbol-function 'read-event)
                 (lambda (&rest _) (if answers (pop answers) ?q)))
                ((symbol-function 'read-string) (lambda (&rest _) "EDIT"))
                ((symbol-function 'ding) #'ignore)
                ((symbol-function 'sit-for) (lambda (&rest _) t)))
        (setq value (perform-replace from to t regexp nil)))
      (list (buffer-string) value))))

(ert-deftest abbrev-occur-perform-replace-answers ()
  ;; Yes, no, yes, then q.
  (should (equal (car (abbrev-occur--query "a a a a" "a" "b" nil '(?y ?n ?\s)))
                 "b a b a"))
  ;; ! replaces the rest without asking.
  (should (equal (car (abbrev-occur--query "a a a a" "a" "b" nil '(?n ?!)))
                 "a b b b"))
  ;; . replaces this one and stops.
  (should (equal (car (abbrev-occur--query "a a a" "a" "b" nil '(?.)))
                 "b a a"))
  ;; u takes the last replacement back; U all of them.
  (should (equal (car (abbrev-occur--query "a a a" "a" "b" nil '(?y ?y ?u)))
                 "b a a"))
  (should (equal (car (abbrev-occur--query "a a a" "a" "b" nil '(?y ?y ?U)))
                 "a a a"))
  ;; , replaces and stays; u after it takes that back.
  (should (equal (car (abbrev-occur--query "a a" "a" "b" nil '(?, ?u)))
                 "a a"))
  ;; E edits the replacement, for the matches after too.
  (should (equal (car (abbrev-occur--query "a a" "a" "b" nil '(?E ?y)))
                 "EDIT EDIT"))
  ;; A regexp with groups; after undoing, the same match is asked about.
  (should (equal (car (abbrev-occur--query "x1 x2 x3" "x\\([0-9]\\)" "<\\1>" t
                                          '(?y ?y ?u ?y)))
                 "<1> <2> x3"))
  ;; The value is non-nil when the matches ran out with answers
  ;; remembered, nil when told to stop.
  (should (cadr (abbrev-occur--query "a a" "a" "b" nil '(?y ?n))))
  (should-not (cadr (abbrev-occur--query "a a" "a" "b" nil '(?y)))))

(ert-deftest abbrev-occur-perform-replace-without-asking ()
  (with-temp-buffer
    (insert "one two one two")
    (goto-char (point-min))
    (let ((inhibit-message t))
      (perform-replace "one" '("1" "I") nil nil nil)
      (should (equal (buffer-string) "1 two I two"))
      (goto-char (point-min))
      (perform-replace "two" "2" nil nil nil nil nil 1 8)
      (should (equal (buffer-string) "1 2 I two")))))

;; The answers that move about, and replacing without asking in a
;; region, backward, with a list, and with \? edits.

(defun abbrev-occur--replace (text from to regexp answers &rest more)
  "TEXT after `perform-replace' of FROM with TO (asking unless ANSWERS
is `none', the events ANSWERS then q answering; MORE the optional
arguments after DELIMITED-FLAG), point after, and its value or error."
  (with-temp-buffer
    (insert text)
    (goto-char (if (nth 5 more) (point-max) (point-min)))
    (let ((inhibit-message t) (unread-command-events nil) value)
      (cl-letf (((symbol-function 'read-event)
                 (lambda (&rest _) (if (consp answers) (pop answers) ?q)))
                ((symbol-function 'read-string) (lambda (&rest _) "ED\\&"))
                ((symbol-function 'ding) #'ignore)
                ((symbol-function 'sit-for) (lambda (&rest _) t)))
        (setq value (condition-case err
                        (apply #'perform-replace from to (not (eq answers 'none)) regexp
                               (car more) (cdr more))
                      (error (car err)))))
      (list (buffer-string) (point) value unread-command-events))))

(ert-deftest abbrev-occur-perform-replace-moving-about ()
  ;; ^ goes back to the replaced match; answering it again moves on.
  (should (equal (abbrev-occur--replace "a a a a" "a" "b" nil '(?y ?^ ?n ?y))
                 '("b b a a" 6 nil nil)))
  ;; u after a skip takes back the replacement before it.
  (should (equal (abbrev-occur--replace "a a a a" "a" "b" nil '(?y ?n ?u ?y))
                 '("b a a a" 4 nil nil)))
  (should (equal (abbrev-occur--replace "a a a a" "a" "b" nil '(?y ?, ?U))
                 '("a a a a" 2 nil nil)))
  ;; Another key stops, to be read again.
  (should (equal (abbrev-occur--replace "a a a a" "a" "b" nil '(?y ?x ?y))
                 '("b a a a" 4 nil (?x))))
  ;; Recentering needs a window showing the buffer.
  (should (equal (abbrev-occur--replace "a a a a" "a" "b" nil '(?y ?\C-l))
                 '("b a a a" 4 error nil)))
  (should (equal (abbrev-occur--replace "a a a a" "a" "b" nil '(?y ?y) nil nil nil nil nil t)
                 '("a a b b" 3 nil nil))))

(ert-deftest abbrev-occur-perform-replace-batch-forms ()
  ;; Empty matches and adjoining ones.
  (should (equal (abbrev-occur--replace "aaaa b aa" "a*" "<\\&>" t 'none)
                 '("<aaaa> <>b<> <aa>" 18 nil nil)))
  ;; Strings in turn, two matches each, in a region.
  (should (equal (abbrev-occur--replace "ab ab ab ab" "ab" '("1" "2") nil 'none
                                        nil 2 nil 3 12)
                 '("ab 1 1 2" 9 nil nil)))
  ;; Backward in a region, \? asking for an edit once.
  (should (equal (abbrev-occur--replace "x1 x2 x3 x4" "x\\([0-9]\\)" "\\?\\1" t 'none
                                        nil nil nil 2 9 t)
                 '("x1 EDx2 EDx3 x4" 4 nil nil))))

;; The pieces of perform-replace that other packages call.
(ert-deftest abbrev-occur-replace-helpers ()
  (replace-quote "")                    ; load replace.el before matching
  (with-temp-buffer
    (insert "one two three")
    (goto-char 1)
    (re-search-forward "t\\(wo\\)")
    (let* ((ints (match-data t))
           (markers (replace-match-data nil nil)))
      (should (eq (replace-match-data t ints ints) ints))
      (should (markerp (car markers)))
      (should (eq (replace-match-data nil markers markers) markers))
      (should (equal (replace-match-data t nil '(1 3)) '(1 3)))
      (should (equal (match-data t) '(1 3)))
      (should (eq (replace-match-maybe-edit "<\\1>" nil nil nil ints) t))
      (should (equal (buffer-string) "one <wo> three"))
      (should (= (point) 9)))
    (goto-char 1)
    (re-search-forward "one")
    (should-not (replace-match-maybe-edit "1" t t nil (match-data t) t))
    (should (equal (list (buffer-string) (point)) '("1 <wo> three" 1)))
    (goto-char 1)
    (re-search-forward "three")
    (cl-letf (((symbol-function 'read-string)
               (lambda (_prompt initial &rest _)
                 (format "[%s|%s]" (car initial) (cdr initial)))))
      (should-not (replace-match-maybe-edit "a\\?b\\\\?c" nil nil nil (match-data t))))
    (should (equal (buffer-string) "1 <wo> [ab\\?c|2]")))
  (let ((data (vector 2 2 '("a" "b" "c") '("a" "b" "c"))))
    (should (equal (mapcar (lambda (n) (replace-loop-through-replacements data n))
                           '(0 1 2 3 4 5 6 7))
                   '("a" "a" "b" "b" "c" "c" "a" "a")))
    (should (= (aref data 0) 8))))


;; Emacs 28 highlights the occurrence visited from *Occur* with a
;; `next-error' overlay when `next-error-highlight' (or, for displaying,
;; `next-error-highlight-no-select') is t or a number of seconds.
(ert-deftest occur-visit-highlights-as-next-error-highlight-says ()
  (dolist (case '((nil . 0) (0.5 . 1) (t . 1) (fringe-arrow . 0)))
    (dolist (visit '(occur-mode-goto-occurrence occur-mode-display-occurrence))
      (let ((source (generate-new-buffer "occur-visit"))
            (next-error-highlight (car case))
            (next-error-highlight-no-select (car case))
            (inhibit-message t))
        (unwind-protect
            (progn
              (with-current-buffer source (insert "foo\nbar\nfoo\n"))
              (pop-to-buffer source)
              (occur "foo")
              (pop-to-buffer "*Occur*")
              (occur-next)
              (funcall visit)
              (with-current-buffer source
                (should (equal (mapcar (lambda (o) (list (overlay-start o) (overlay-end o)
                                                         (overlay-get o 'face)))
                                       (overlays-in (point-min) (point-max)))
                               (if (= (cdr case) 1) '((1 4 next-error)) nil)))))
          (occur-goto-locus-delete-o)
          (kill-buffer source)
          (kill-buffer "*Occur*"))))))

;;; abbrev-occur-tests.el ends here
