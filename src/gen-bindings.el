;;; gen-bindings.el --- write lisp/bindings.el from GNU Emacs's global keymap  -*- lexical-binding: t -*-

;; Run at development time, under the Emacs marrow follows:
;;   emacs -batch -Q -l src/gen-bindings.el > lisp/bindings.el
;; It prints the bindings `global-map' and the keymaps under it have in
;; `emacs -batch -Q', as tables `keymap--define-table' binds.  A table,
;; EVENT BINDING..., lists a keymap's bindings in the order they were
;; made, so that the keymap's list comes out in Emacs's order; a binding
;; (:map EVENT BINDING...) is a sparse keymap of its own.  Left out: the
;; menu, tool and tab bars, the mouse's maps of window parts (mode line,
;; edges...), C-x 8 and bindings to menu items.  The keymap variables and
;; prefix commands the tables name are made in lisp/subr.el, so that
;; code can name them before the first keymap function loads keymap.el
;; and with it bindings.el; the script lists them on standard error.

(defconst gen-bindings--left-out
  '(menu-bar tool-bar tab-bar bottom-left-corner bottom-edge bottom-right-corner right-edge
    top-right-corner top-edge top-left-corner left-edge bottom-divider right-divider
    vertical-line horizontal-scroll-bar vertical-scroll-bar mode-line tab-line header-line)
  "The events whose bindings are left out.")

(defconst gen-bindings--made-by-subr
  '(global-map esc-map ctl-x-map mode-specific-map help-map
    help-command ESC-prefix Control-X-prefix mode-specific-command-prefix)
  "The keymaps and prefix commands marrow's subr.el makes.")

(defvar gen-bindings--variables nil "The keymap variables to make, in order.")
(defvar gen-bindings--prefix-commands nil "(COMMAND . VARIABLE) to make, in order.")
(defvar gen-bindings--tables nil "(VARIABLE . TABLE-TEXT), the last made first.")

(defun gen-bindings--variable (map)
  "The variable (whose name ends in map) holding MAP, the shortest named."
  (let ((found nil))
    (mapatoms (lambda (s)
                (when (and (boundp s) (eq (symbol-value s) map)
                           (string-suffix-p "map" (symbol-name s))
                           (not (string-prefix-p "gen-bindings" (symbol-name s))))
                  (push s found))))
    (car (sort found (lambda (a b) (< (length (symbol-name a)) (length (symbol-name b))))))))

(defun gen-bindings--char (c)
  "C in the reader's ?\\C-x syntax when that reads back as C, else a number."
  (let* ((base (logand c #x3FFFFF))
         (text (concat "?"
                       (mapconcat (lambda (m) (if (/= 0 (logand c (car m))) (cdr m) ""))
                                  '((#x4000000 . "\\C-") (#x2000000 . "\\S-") (#x1000000 . "\\H-")
                                    (#x800000 . "\\s-") (#x400000 . "\\A-"))
                                  "")
                       (cond ((= base 0) "\\C-@")
                             ((<= 1 base 26) (format "\\C-%c" (+ base 96)))
                             ((= base 27) "\\e")
                             ((= base 28) "\\C-\\\\")
                             ((< base 32) (format "\\C-%c" (+ base 64)))
                             ((= base 32) "\\s")
                             ((= base 127) "\\d")
                             ((memq base (string-to-list "()[]\\;\"'`#,.?|")) (format "\\%c" base))
                             (t (string base))))))
    (if (and (< base 128) (eql (car (read-from-string text)) c))
        text
      (number-to-string c))))

(defun gen-bindings--event (event)
  (cond ((integerp event) (gen-bindings--char event))
        ((consp event) (format "(%s . %s)" (gen-bindings--event (car event))
                               (gen-bindings--event (cdr event))))
        (t (prin1-to-string event))))

(defun gen-bindings--binding (binding)
  "BINDING as the table writes it: a command's name, ,VARIABLE for a
keymap a variable holds (its table written too), (:map EVENT BINDING...)
for another keymap; nil to leave it out."
  (cond ((and (symbolp binding) (keymapp (symbol-function binding)))
         (let ((variable (gen-bindings--variable (symbol-function binding))))
           (when variable
             (unless (or (memq binding gen-bindings--made-by-subr)
                         (assq binding gen-bindings--prefix-commands))
               (setq gen-bindings--prefix-commands
                     (append gen-bindings--prefix-commands (list (cons binding variable)))))
             (gen-bindings--map (symbol-function binding) variable)))
         (prin1-to-string binding))
        ((symbolp binding) (prin1-to-string binding))
        ((keymapp binding)
         (let ((variable (gen-bindings--variable binding)))
           (if variable
               (progn (gen-bindings--map binding variable) (format ",%s" variable))
             (format "(:map %s)" (mapconcat #'identity (gen-bindings--pairs binding) " ")))))))

(defun gen-bindings--pairs (map)
  "The texts EVENT BINDING of MAP's own bindings, in the order made."
  (let ((bindings nil))
    (map-keymap-internal (lambda (event binding) (push (cons event binding) bindings)) map)
    (delq nil (mapcar (lambda (entry)
                        (let ((event (car entry)))
                          (unless (or (memq event gen-bindings--left-out)
                                      (and (eq map ctl-x-map) (eql event ?8)))
                            (let ((binding (gen-bindings--binding (cdr entry))))
                              (and binding
                                   (concat (gen-bindings--event event) " " binding))))))
                      bindings))))

(defun gen-bindings--map (map variable)
  (unless (assq variable gen-bindings--tables)
    (push (list variable) gen-bindings--tables)
    (unless (memq variable gen-bindings--made-by-subr)
      (setq gen-bindings--variables (append gen-bindings--variables (list variable))))
    (setcdr (assq variable gen-bindings--tables) (gen-bindings--pairs map))))

(defun gen-bindings--fill (units)
  "UNITS joined by spaces in lines of at most 92 columns, indented by 4."
  (let ((column 4) (lines nil) (line nil))
    (dolist (unit units)
      (when (and line (> (+ column 1 (length unit)) 92))
        (push (mapconcat #'identity (nreverse line) " ") lines)
        (setq line nil column 4))
      (push unit line)
      (setq column (+ column 1 (length unit))))
    (when line (push (mapconcat #'identity (nreverse line) " ") lines))
    (mapconcat #'identity (nreverse lines) "\n    ")))

(gen-bindings--map global-map 'global-map)
(princ ";;; bindings.el --- the bindings of Emacs's global keymap  -*- lexical-binding: t -*-

")
(princ (format ";; Generated by src/gen-bindings.el from GNU Emacs %s's keymaps in
;; `emacs -batch -Q' (what is left out, and why each keymap's bindings
;; come in the order they were made, is said there); do not edit.

" emacs-version))
(message "Keymap variables subr.el makes: %S" gen-bindings--variables)
(message "Prefix commands subr.el makes: %S" gen-bindings--prefix-commands)
(dolist (table (reverse gen-bindings--tables))
  (when (cdr table)
   (princ (format "(keymap--define-table %s\n  `(%s))\n\n" (car table)
                 (gen-bindings--fill (cdr table))))))
(let ((advertised nil))
  (mapatoms (lambda (command)
              (let ((keys (get command :advertised-binding)))
                (when (and keys (eq (lookup-key global-map keys) command))
                  (push (format "(%s . %s)" command (prin1-to-string keys)) advertised)))))
  (princ (format ";; The keys `where-is-internal' prefers for these commands.
\(dolist (entry '(%s))
  (put (car entry) :advertised-binding (cdr entry)))

" (gen-bindings--fill (sort advertised #'string<)))))
(princ ";;; bindings.el ends here\n")
