;;; process-pty-tests.el --- ptys, pipe processes, :stderr  -*- lexical-binding: t -*-

;; Only programs every Debian machine has: sh, cat, true.  Waits are
;; of seconds for what takes milliseconds.

(require 'ert)

(defun ppty-tests--finish (process)
  "Wait (at most 10 s) until PROCESS has ended and its sentinel ran.
Any process's output is read meanwhile: Emacs may not report a child's
end while the pipe process that has its stderr waits to be read."
  (let ((end (+ (float-time) 10)))
    (while (and (or (process-live-p process) (memq process (process-list)))
                (< (float-time) end))
      (accept-process-output nil 0.1))))

(defun ppty-tests--run (&rest args)
  "Run `make-process' with ARGS; its output and sentinel events, in order."
  (let* ((out "")
         (p (apply #'make-process
                   :filter (lambda (_p s) (setq out (concat out s)))
                   :sentinel (lambda (_p e) (setq out (concat out "<" e ">")))
                   args)))
    (ppty-tests--finish p)
    out))

(ert-deftest ppty-default-is-a-pty ()
  (should (eq process-connection-type t))
  (let ((p (start-process "ppty-d" nil "true")))
    (set-process-sentinel p #'ignore)
    (should (string-match-p "\\`/dev/pts/[0-9]+\\'" (process-tty-name p)))
    (should (eq (process-type p) 'real))
    (should (eq (process-contact p) t))
    (ppty-tests--finish p))
  (let ((p (let ((process-connection-type nil)) (start-process "ppty-n" nil "true"))))
    (set-process-sentinel p #'ignore)
    (should-not (process-tty-name p))
    (ppty-tests--finish p))
  (should-error (process-tty-name 3) :type 'wrong-type-argument))

(ert-deftest ppty-the-child-sees-a-terminal ()
  ;; Its own session, the pty its terminal; no CR added before NL.
  (should (string-match-p
           "\\`/dev/pts/[0-9]+\nyes\nerr\n<finished\n>\\'"
           (ppty-tests--run :name "ppty-t" :connection-type 'pty
                            :command '("sh" "-c" "tty; test -t 0 && test -t 2 && echo yes; echo err >&2"))))
  (should (equal (ppty-tests--run :name "ppty-p" :connection-type 'pipe
                                  :command '("sh" "-c" "tty; test -t 0 || echo no"))
                 "not a tty\nno\n<finished\n>"))
  ;; Explicit nil means "as process-connection-type says".
  (should (equal (let ((process-connection-type nil))
                   (ppty-tests--run :name "ppty-nil" :connection-type nil
                                    :command '("sh" "-c" "test -t 0 || echo pipe")))
                 "pipe\n<finished\n>")))

(ert-deftest ppty-no-echo-and-eof-is-c-d ()
  ;; Input is not echoed; CR becomes NL; C-d ends a partial line
  ;; without ending the file, C-d at a line's start ends it.
  (let* ((out "")
         (p (start-process "ppty-cat" nil "cat")))
    (set-process-filter p (lambda (_p s) (setq out (concat out s))))
    (set-process-sentinel p (lambda (_p e) (setq out (concat out "<" e ">"))))
    (process-send-string p "a\rb\n")
    (process-send-string p "abc")
    (should (eq (process-send-eof p) p))
    (should (eq (process-status p) 'run))
    (process-send-string p "def\n")
    (process-send-eof p)
    (ppty-tests--finish p)
    (should (equal out "a\nb\nabcdef\n<finished\n>"))))

(ert-deftest ppty-bad-connection-type ()
  ;; Emacs adds to the message what errno happens to hold.
  (dolist (type '(foo t 7))
    (let ((e (should-error (make-process :name "ppty-bad" :command '("true") :connection-type type)
                           :type 'file-error)))
      (should (equal (nth 1 e) "Unknown connection type"))
      (should (eq (car (last e)) type))))
  (should-not (get-process "ppty-bad")))

(ert-deftest ppty-signals-reach-the-child ()
  ;; The child is its own session's leader: signals sent at once reach it.
  (let* ((events nil)
         (p (start-process "ppty-sig" nil "sleep" "30")))
    (set-process-sentinel p (lambda (_p e) (push e events)))
    (interrupt-process p)
    (ppty-tests--finish p)
    (should (equal events '("interrupt\n")))
    (should (eq (process-status p) 'signal))))

(ert-deftest ppty-process-list-newest-first ()
  (let* ((a (make-process :name "ppty-la" :command '("cat") :connection-type 'pipe))
         (b (make-process :name "ppty-lb" :command '("cat") :connection-type 'pipe)))
    (unwind-protect
        (let ((l (process-list)))
          (should (< (length (memq a l)) (length (memq b l)))))
      (delete-process a)
      (delete-process b))))

(ert-deftest ppty-pipe-process ()
  (let ((pp (make-pipe-process :name "ppty-pipe")))
    (unwind-protect
        (progn
          (should (equal (process-name pp) "ppty-pipe"))
          ;; No :buffer: a buffer of the process's name.
          (should (eq (process-buffer pp) (get-buffer "ppty-pipe")))
          (should (eq (process-status pp) 'open))
          (should (eq (process-type pp) 'pipe))
          (should-not (process-id pp))
          (should-not (process-command pp))
          (should-not (process-tty-name pp))
          (should (eq (process-contact pp) t))
          (should (equal (process-live-p pp) '(open listen connect stop)))
          (should (eq (process-exit-status pp) 0))
          (should (eq (process-query-on-exit-flag pp) t))
          (should (memq pp (process-list)))
          (should-not (process-send-string pp "x"))
          (should (equal (condition-case e (interrupt-process pp) (error e))
                         '(error "Process ppty-pipe is not a subprocess")))
          (delete-process pp)
          (should (eq (process-status pp) 'closed))
          (should (eq (process-exit-status pp) 0))
          (should-not (process-live-p pp))
          (should-not (memq pp (process-list)))
          (should (equal (with-current-buffer "ppty-pipe" (buffer-string))
                         "\nProcess ppty-pipe finished\n")))
      (kill-buffer "ppty-pipe")))
  (should-error (make-pipe-process :name 3) :type 'wrong-type-argument)
  (let ((b (generate-new-buffer "ppty-pb")))
    (unwind-protect
        (let ((pp (make-pipe-process :name "ppty-pipe2" :buffer b :noquery t)))
          (should (eq (process-buffer pp) b))
          (should-not (process-query-on-exit-flag pp))
          (should (eq (marker-buffer (process-mark pp)) b))
          (delete-process pp))
      (kill-buffer b))))

(ert-deftest ppty-stderr-to-a-buffer ()
  (let ((b (generate-new-buffer "ppty-err")))
    (unwind-protect
        (let* ((out "")
               (p (make-process :name "ppty-se" :stderr b
                                :command '("sh" "-c" "echo out; echo err >&2; exit 2")
                                :filter (lambda (_p s) (setq out (concat out s)))
                                :sentinel (lambda (_p e) (setq out (concat out "<" e ">")))))
               (ep (get-process "ppty-se stderr")))
          (should (processp ep))
          (should (eq (process-type ep) 'pipe))
          (should (eq (process-buffer ep) b))
          (should (equal (list p ep) (seq-filter (lambda (x) (memq x (list p ep))) (process-list))))
          (ppty-tests--finish p)
          (ppty-tests--finish ep)
          (should (equal out "out\n<exited abnormally with code 2\n>"))
          (should (equal (with-current-buffer b (buffer-string))
                         "err\n\nProcess ppty-se stderr finished\n"))
          (should (eq (process-status ep) 'closed))
          (should-not (get-process "ppty-se stderr")))
      (kill-buffer b))))

(ert-deftest ppty-stderr-to-a-pipe-process ()
  (let* ((err "")
         (pp (make-pipe-process :name "ppty-ep" :buffer nil
                                :filter (lambda (_p s) (setq err (concat err s)))
                                :sentinel (lambda (_p e) (setq err (concat err "<" e ">"))))))
    (unwind-protect
        (progn
          (let* ((out "")
                 (p (make-process :name "ppty-se2" :stderr pp :connection-type 'pipe
                                  :command '("sh" "-c" "echo out; echo err >&2")
                                  :filter (lambda (_p s) (setq out (concat out s)))
                                  :sentinel (lambda (_p e) (setq out (concat out "<" e ">")))))
                 (end (+ (float-time) 10)))
            (while (and (or (memq p (process-list)) (memq pp (process-list)))
                        (< (float-time) end))
              (accept-process-output nil 0.1))
            (should (equal out "out\n<finished\n>")))
          (should (equal err "err\n<finished\n>"))
          (should (eq (process-status pp) 'closed)))
      (delete-process pp)
      (kill-buffer "ppty-ep")))
  (should-error (make-process :name "ppty-bad" :command '("true") :stderr 3)
                :type 'wrong-type-argument)
  (let ((r (make-process :name "ppty-real" :command '("sleep" "5") :connection-type 'pipe)))
    (unwind-protect
        (should (equal (condition-case e
                           (make-process :name "ppty-bad" :command '("true") :stderr r)
                         (error e))
                       '(error "Process is not a pipe process")))
      (delete-process r))))

(ert-deftest ppty-eof-then-writes-are-dropped ()
  ;; After EOF on a pipe or socket, Emacs writes to /dev/null.
  (let ((p (make-process :name "ppty-eof" :command '("sleep" "5") :connection-type 'pipe)))
    (unwind-protect
        (progn
          (should (eq (process-send-eof p) p))
          (should-not (process-send-string p "dropped"))
          (should (eq (process-send-eof p) p))
          (should (eq (process-status p) 'run)))
      (delete-process p))
    (should (equal (condition-case e (process-send-string p "x") (error e))
                   '(error "Process ppty-eof not running")))))

(defun ppty-tests--fd-count ()
  (length (directory-files "/proc/self/fd")))

(ert-deftest ppty-no-descriptor-leaks ()
  (skip-unless (file-directory-p "/proc/self/fd"))
  ;; Emacs opens descriptors of its own for its first child.
  (ppty-tests--finish (make-process :name "ppty-warm" :command '("true") :sentinel #'ignore))
  (let ((before (ppty-tests--fd-count)))
    (dotimes (_ 3)
      (dolist (type '(pty pipe))
        (let ((p (make-process :name "ppty-leak" :command '("sh" "-c" "echo x >&2")
                               :connection-type type :sentinel #'ignore :filter #'ignore)))
          (ppty-tests--finish p)))
      (let ((p (make-process :name "ppty-leak" :command '("sleep" "30") :sentinel #'ignore)))
        (delete-process p))
      (let ((pp (make-pipe-process :name "ppty-leak-pipe" :buffer nil :sentinel #'ignore)))
        (delete-process pp)
        (kill-buffer "ppty-leak-pipe"))
      (let ((b (generate-new-buffer "ppty-leak-err")))
        (ppty-tests--finish (make-process :name "ppty-leak" :command '("sh" "-c" "echo x >&2")
                                          :stderr b :sentinel #'ignore :filter #'ignore))
        (let ((ep (get-process "ppty-leak stderr")))
          (when ep (delete-process ep)))
        (kill-buffer b))
      ;; Errors after some descriptors could have been opened.
      (should-error (make-process :name "ppty-leak" :command '("ppty-no-such-program")))
      (should-error (make-process :name "ppty-leak" :command '("true") :connection-type 'bad))
      (let* ((srv (make-network-process :name "ppty-leak-srv" :server t :service t
                                        :host 'local :family 'ipv4 :sentinel #'ignore))
             (port (process-contact srv :service)))
        (should-error (make-network-process :name "ppty-leak-srv2" :server t :service port
                                            :host 'local :family 'ipv4)
                      :type 'file-error)
        (let ((c (make-network-process :name "ppty-leak-c" :host 'local :family 'ipv4
                                       :service port :sentinel #'ignore)))
          (accept-process-output nil 0.2)
          (delete-process c))
        (accept-process-output nil 0.2)
        (delete-process srv)
        (should-error (make-network-process :name "ppty-leak-c" :host 'local :family 'ipv4
                                            :service port)
                      :type 'file-error)))
    (dolist (p (process-list))
      (when (string-prefix-p "ppty-leak" (process-name p))
        (delete-process p)))
    (should (= (ppty-tests--fd-count) before))))

(defmacro ppty-tests--with-server (var args &rest body)
  "Run BODY with VAR a server made with ARGS; delete every process
whose name starts with the server's afterwards."
  (declare (indent 2))
  `(let ((,var (apply #'make-network-process :server t ,args)))
     (unwind-protect (progn ,@body)
       (dolist (p (process-list))
         (when (string-prefix-p (process-name ,var) (process-name p))
           (delete-process p))))))

(ert-deftest ppty-network-tcp ()
  (let ((log nil))
    (ppty-tests--with-server srv
        (list :name "ppty-srv" :service t :host "127.0.0.1" :family 'ipv4
              :sentinel (lambda (p e) (push (list (process-name p) e (process-status p)) log))
              :filter (lambda (p s) (push (list (process-name p) s) log)))
      (let ((port (process-contact srv :service)))
        (should (integerp port))
        (should (eq (process-status srv) 'listen))
        (should (eq (process-type srv) 'network))
        (should (equal (process-live-p srv) '(listen connect stop)))
        (should-not (process-id srv))
        (should (equal (process-contact srv) (list "127.0.0.1" port)))
        (should (equal (plist-get (process-contact srv t) :local) (vector 127 0 0 1 port)))
        (should (eq (process-contact srv :server) t))
        (let ((c (make-network-process
                  :name "ppty-cli" :host "127.0.0.1" :service port
                  :sentinel (lambda (p e) (push (list (process-name p) e (process-status p)) log))
                  :filter (lambda (p s) (push (list (process-name p) s) log)))))
          (unwind-protect
              (progn
                (should (eq (process-status c) 'open))
                (should (equal (process-live-p c) '(open listen connect stop)))
                (should (equal (process-contact c) (list "127.0.0.1" port)))
                (should (equal (plist-get (process-contact c t) :remote) (vector 127 0 0 1 port)))
                (process-send-string c "hello\n")
                (let ((end (+ (float-time) 5)))
                  (while (and (< (length log) 2) (< (float-time) end))
                    (accept-process-output nil 0.1)))
                (let* ((conn (seq-find (lambda (p) (string-prefix-p "ppty-srv <" (process-name p)))
                                       (process-list)))
                       (name (process-name conn))
                       (cport (aref (process-contact conn :remote) 4)))
                  (should (equal name (format "ppty-srv <127.0.0.1:%d>" cport)))
                  (should (equal (plist-get (process-contact c t) :local) (vector 127 0 0 1 cport)))
                  (should (eq (process-status conn) 'open))
                  (should-not (process-contact conn :server))
                  (should (equal (reverse log)
                                 (list (list name "open from 127.0.0.1\n" 'open)
                                       (list name "hello\n"))))
                  (setq log nil)
                  (process-send-string conn "back\n")
                  (let ((end (+ (float-time) 5)))
                    (while (and (null log) (< (float-time) end))
                      (accept-process-output c 0.1)))
                  (should (equal log '(("ppty-cli" "back\n"))))
                  (setq log nil)
                  (delete-process c)
                  (ppty-tests--finish conn)
                  (should (equal (reverse log)
                                 (list '("ppty-cli" "deleted\n" closed)
                                       (list name "connection broken by remote peer\n" 'closed))))
                  (should (eq (process-exit-status conn) 256))
                  (should (eq (process-status c) 'closed))
                  (should (eq (process-exit-status c) 0))))
            (delete-process c)))
        (setq log nil)
        (delete-process srv)
        (should (equal log '(("ppty-srv" "deleted\n" closed))))
        (should (eq (process-status srv) 'closed))
        ;; Nothing listens there now.
        (should (equal (condition-case e
                           (make-network-process :name "ppty-no" :host "127.0.0.1" :service port)
                         (error e))
                       (list 'file-error "make client process failed" "Connection refused"
                             :name "ppty-no" :host "127.0.0.1" :service port)))))))

(ert-deftest ppty-network-bind-fails ()
  (ppty-tests--with-server srv (list :name "ppty-b" :service t :host 'local :family 'ipv4)
    (should (equal (process-contact srv) (list 'local (process-contact srv :service))))
    (should (equal (condition-case e
                       (make-network-process :name "ppty-b2" :server t :host 'local :family 'ipv4
                                             :service (process-contact srv :service))
                     (error e))
                   '(file-error "Cannot bind server socket" "Address already in use")))))

(ert-deftest ppty-network-local ()
  (let* ((dir (make-temp-file "ppty" t))
         (path (expand-file-name "s" dir))
         (log nil)
         (b (generate-new-buffer "ppty-lbuf")))
    (unwind-protect
        (ppty-tests--with-server srv
            (list :name "ppty-ls" :service path :family 'local :buffer b
                  :sentinel (lambda (p e) (push (list (process-name p) e) log)))
          (should (equal (process-contact srv) (list nil path)))
          (should (equal (process-contact srv :local) path))
          (let ((c (make-network-process :name "ppty-lc" :service path :family 'local
                                         :sentinel #'ignore)))
            (unwind-protect
                (progn
                  (should (equal (process-contact c) (list nil path)))
                  (should (equal (process-contact c :remote) path))
                  (let ((end (+ (float-time) 5)))
                    (while (and (null log) (< (float-time) end))
                      (accept-process-output nil 0.1)))
                  (should (equal log '(("ppty-ls <1>" "open from -\n"))))
                  (let ((conn (get-process "ppty-ls <1>")))
                    (should (equal (process-contact conn) (list t path)))
                    (should (equal (buffer-name (process-buffer conn)) "ppty-lbuf <1>"))
                    (process-send-string c "to the server\n")
                    (let ((end (+ (float-time) 5)))
                      (while (and (= (buffer-size (process-buffer conn)) 0) (< (float-time) end))
                        (accept-process-output nil 0.1)))
                    (should (equal (with-current-buffer (process-buffer conn) (buffer-string))
                                   "to the server\n"))
                    (delete-process conn)
                    (kill-buffer (process-buffer conn))))
              (delete-process c))))
      (kill-buffer b)
      (delete-directory dir t))
    (should-error (make-network-process :name "ppty-lc" :service 1 :family 'local)
                  :type 'wrong-type-argument)
    (should (equal (condition-case e
                       (make-network-process :name "ppty-lc" :service "/ppty-no/such" :family 'local)
                     (error e))
                   '(file-missing "make client process failed" "No such file or directory"
                                  :name "ppty-lc" :service "/ppty-no/such" :family local)))))

(ert-deftest ppty-open-network-stream ()
  (ppty-tests--with-server srv (list :name "ppty-os" :service t :host 'local :family 'ipv4)
    (let* ((port (process-contact srv :service))
           (c (open-network-stream "ppty-osc" "ppty-osbuf" "127.0.0.1" port)))
      (unwind-protect
          (progn
            (should (eq (process-status c) 'open))
            (should (eq (process-buffer c) (get-buffer "ppty-osbuf")))
            (should (equal (process-contact c) (list "127.0.0.1" port)))
            (should (equal (seq-take (process-contact c t) 12)
                           (list :name "ppty-osc" :buffer "ppty-osbuf" :host "127.0.0.1"
                                 :service port :nowait nil :tls-parameters nil))))
        (delete-process c)
        (kill-buffer "ppty-osbuf"))
      (let* ((events nil)
             (c (make-network-process :name "ppty-nw" :host 'local :family 'ipv4 :service port
                                      :nowait t :sentinel (lambda (p e) (push (list e (process-status p)) events)))))
        (unwind-protect
            (progn
              (should (eq (process-status c) 'connect))
              (let ((end (+ (float-time) 5)))
                (while (and (null events) (< (float-time) end))
                  (accept-process-output nil 0.1)))
              (should (equal events '(("open\n" open)))))
          (delete-process c))))))

;;; process-pty-tests.el ends here
