;;; pcase.el --- pcase as a decision tree, expanding as Emacs 28's does  -*- lexical-binding: t -*-

;; subr.el autoloads this file on the first use of `pcase' or its
;; relatives, so that scripts that never match a pattern do not pay
;; for loading it at start-up.
;;
;; How it works.  Each clause becomes a branch (MATCH CODEGEN . VARS):
;; MATCH is (match SYM . PAT), (and MATCH...), (or MATCH...), or one
;; of the keywords :pcase--succeed and :pcase--fail; CODEGEN makes the
;; clause's body; VARS lists (NAME VALUE-FORM . USED) for the variables
;; bound so far.  `pcase--u1' takes the first test of the first branch,
;; emits it as an `if', and sorts every later branch into the two
;; arms: a branch whose pattern the test's outcome already decides is
;; dropped from (or simplified in) the arm where the answer is known.
;; That way clauses sharing a prefix test it once.  The shapes of the
;; output (names `x0'..., `val', `cond' merging, `ignore' of a test
;; whose failure cannot happen) follow Emacs 28 so that expansions
;; print alike.

(defconst pcase--dontcare-upats '(t _ pcase--dontcare))

(defvar pcase--dontwarn-upats '(pcase--dontcare)
  "Patterns never reported as shadowed.")

(defvar pcase--used-syms nil
  "Match symbols whose value the code being built refers to.")

(defun pcase--trivial-upat-p (upat)
  (and (symbolp upat) (not (memq upat pcase--dontcare-upats))))

(defun pcase--self-quoting-p (upat)
  (or (keywordp upat) (integerp upat) (stringp upat)))

(defmacro pcase--flip (fun arg1 arg2)
  "Call FUN with ARG2 then ARG1: how a pattern puts the value last."
  `(,fun ,arg2 ,arg1))

;;; ---- Pattern macros --------------------------------------------------------

;; Heads of the patterns pcase knows natively; anything else at the head
;; of a list pattern must be a `pcase-defmacro'.  A nil head is left alone.
(defconst pcase--core-heads '(nil pred guard quote or and app))

(defun pcase--expand-macro-use (pat)
  "One step of expansion of PAT, a use of a pattern macro.
Signals an error when the macro is not defined or gives nothing."
  (let* ((name (car pat))
         (expander (get name 'pcase-macroexpander)))
    (or (and expander (apply expander (cdr pat)))
        (error (if expander "Unexpandable %s pattern: %S" "Unknown %s pattern: %S")
               name pat))))

(defun pcase--macroexpand (pat)
  "PAT rewritten into core patterns only, macros expanded at every level.
Keywords, integers and strings match themselves, so they become quoted."
  (while (and (consp pat) (not (memq (car pat) pcase--core-heads)))
    (setq pat (pcase--expand-macro-use pat)))
  (let ((head (car-safe pat)))
    (cond ((not (consp pat))
           (if (pcase--self-quoting-p pat) (list 'quote pat) pat))
          ((memq head '(or and))
           (cons head (mapcar #'pcase--macroexpand (cdr pat))))
          ;; Only the pattern that the function's result must match is
          ;; walked; an `app' keeps just its function and that pattern.
          ((eq head 'app)
           (list head (nth 1 pat) (pcase--macroexpand (nth 2 pat))))
          (t pat))))

(defun pcase--backquote-vector (qpat)
  (let ((i -1))
    `(and (pred vectorp)
          (app length ,(length qpat))
          ,@(mapcar (lambda (q) `(app (pcase--flip aref ,(setq i (1+ i))) ,(list '\` q)))
                    qpat))))

(defun pcase--backquote-cons (qpat)
  "The pattern for the cons QPAT: a cons whose car and cdr match the
backquote patterns made of QPAT's car and cdr."
  (list 'and '(pred consp)
        (list 'app 'car-safe (list '\` (car qpat)))
        (list 'app 'cdr-safe (list '\` (cdr qpat)))))

(pcase-defmacro \` (qpat)
  "Match a value shaped like QPAT, a backquoted structure.
Conses and vectors in QPAT match conses and vectors whose parts match
in turn; a ,PAT inside matches the pcase pattern PAT; strings, numbers
and symbols match values `equal' to them."
  (cond
   ((eq (car-safe qpat) '\,) (nth 1 qpat))
   ((consp qpat) (pcase--backquote-cons qpat))
   ((vectorp qpat) (pcase--backquote-vector qpat))
   ((and (atom qpat) (or (symbolp qpat) (stringp qpat) (numberp qpat)))
    (list 'quote qpat))
   (t (error "Unknown QPAT: %S" qpat))))

(pcase-defmacro let (pat expr)
  "Matches if EXPR's value matches PAT."
  `(app (lambda (_) ,expr) ,pat))

(pcase-defmacro cl-type (type)
  "Matches if the value is of cl type TYPE."
  `(pred (pcase--flip cl-typep ',type)))

(defun pcase--match (sym upat)
  "The MATCH of SYM's value against UPAT, its `and's and `or's lifted out."
  (if (memq (car-safe upat) '(or and))
      (cons (car upat) (mapcar (lambda (p) (pcase--match sym p)) (cdr upat)))
    (cons 'match (cons sym upat))))

;;; ---- What one test tells about another ------------------------------------

(defconst pcase--exclusive-preds
  '((symbolp integerp numberp consp arrayp vectorp stringp byte-code-function-p recordp)
    (integerp consp arrayp vectorp stringp byte-code-function-p recordp)
    (numberp consp arrayp vectorp stringp byte-code-function-p recordp)
    (consp arrayp atom vectorp stringp byte-code-function-p recordp)
    (arrayp byte-code-function-p)
    (vectorp byte-code-function-p recordp)
    (stringp vectorp recordp byte-code-function-p))
  "Each (P Q...): no value satisfies both P and any of the Qs.")

(defun pcase--exclusive-p (p q)
  (or (memq q (cdr (assq p pcase--exclusive-preds)))
      (memq p (cdr (assq q pcase--exclusive-preds)))))

(defun pcase--pure-call (fun arg)
  "(FUN ARG) in a list when FUN is known free of side effects and does
not signal; nil otherwise."
  (and (symbolp fun) (get fun 'side-effect-free)
       (condition-case nil (list (funcall fun arg)) (error nil))))

(defun pcase--negate-answer (answer)
  (cdr (assq answer '((:pcase--succeed . :pcase--fail) (:pcase--fail . :pcase--succeed)))))

(defun pcase--pred-of-quoted (pat)
  "The type predicate a quoted PAT's value satisfies, or nil."
  (let ((val (nth 1 pat)))
    (cond ((consp val) 'consp)
          ((stringp val) 'stringp)
          ((vectorp val) 'vectorp)
          ((byte-code-function-p val) 'byte-code-function-p))))

(defun pcase--split-pred (vars upat pat)
  "(IF-TRUE . IF-FALSE): what PAT does once the test UPAT (a pred or
guard) came out true, and false: :pcase--succeed, :pcase--fail, or nil
when unknown."
  (let ((test (nth 1 upat)))
    (cond
     ((and (equal upat pat)
           (or (and (eq (car upat) 'pred) (symbolp test))
               (not (pcase--fgrep vars test))))
      '(:pcase--succeed . :pcase--fail))
     ((and (eq (car-safe pat) 'pred) (eq (car-safe (nth 1 pat)) 'not))
      (let ((res (pcase--split-pred vars upat (list 'pred (nth 1 (nth 1 pat))))))
        (cons (pcase--negate-answer (car res)) (pcase--negate-answer (cdr res)))))
     ((not (eq (car upat) 'pred)) nil)
     ((eq (car-safe test) 'not)
      (let ((res (pcase--split-pred vars (list 'pred (nth 1 test)) pat)))
        (cons (cdr res) (car res))))
     ((pcase--exclusive-p test (cond ((eq (car-safe pat) 'pred) (nth 1 pat))
                                     ((eq (car-safe pat) 'quote)
                                      (pcase--pred-of-quoted pat))))
      '(:pcase--fail))
     ((and (eq (car-safe test) 'pcase--flip)
           (memq (nth 1 test) '(memq member memql))
           (eq (car-safe (nth 2 test)) 'quote)
           (eq (car-safe pat) 'quote))
      (if (member (nth 1 pat) (nth 1 (nth 2 test))) '(nil . :pcase--fail) '(:pcase--fail)))
     ((and (eq (car-safe pat) 'quote)
           (let ((val (nth 1 pat))) (or (symbolp val) (stringp val) (numberp val))))
      (let ((known (pcase--pure-call test (nth 1 pat))))
        (cond ((null known) nil)
              ((car known) '(nil . :pcase--fail))
              (t '(:pcase--fail))))))))

(defun pcase--split-equal (elem pat)
  "Like `pcase--split-pred', for the test that the value equals ELEM."
  (cond
   ((eq (car-safe pat) 'quote)
    (if (equal (nth 1 pat) elem) '(:pcase--succeed . :pcase--fail) '(:pcase--fail)))
   ((eq (car-safe pat) 'pred)
    (let ((known (pcase--pure-call (nth 1 pat) elem)))
      (and known (if (car known) '(:pcase--succeed) '(:pcase--fail)))))))

(defun pcase--join-alts (kind alts)
  "The MATCH joining ALTS, in order, by KIND (`or' or `and'), simplified.
A member that decides the whole (success in an `or', failure in an
`and') stands for it; members that cannot change it are left out."
  (let* ((decisive (if (eq kind 'or) :pcase--succeed :pcase--fail))
         (neutral (if (eq kind 'or) :pcase--fail :pcase--succeed))
         (kept (delq neutral alts)))
    (cond ((memq decisive kept) decisive)
          ((cdr kept) (cons kind kept))
          (kept (car kept))
          (t neutral))))

(defun pcase--split-leaf (sym splitter leaf)
  "Split of the LEAF (match VAR . UPAT): SPLITTER's verdict when VAR is
SYM, LEAF itself on the sides where nothing is known."
  (let ((verdict (and (eq (nth 1 leaf) sym) (funcall splitter (cddr leaf)))))
    (cons (or (car verdict) leaf) (or (cdr verdict) leaf))))

(defun pcase--split-junction (sym splitter junction)
  "Split of the `or' or `and' JUNCTION: each member split, and the two
sides joined again."
  (let ((splits (mapcar (lambda (alt) (pcase--split-match sym splitter alt))
                        (cdr junction))))
    (cons (pcase--join-alts (car junction) (mapcar #'car splits))
          (pcase--join-alts (car junction) (mapcar #'cdr splits)))))

(defun pcase--split-match (sym splitter match)
  "(THEN . ELSE): MATCH once a test of SYM came out true, and false.
SPLITTER maps a pattern on SYM to what `pcase--split-pred' returns."
  (cond
   ((memq match '(:pcase--succeed :pcase--fail)) (cons match match))
   ((eq (car-safe match) 'match) (pcase--split-leaf sym splitter match))
   ((memq (car-safe match) '(or and))
    (pcase--split-junction sym splitter match))
   (t (error "Unknown MATCH %s" match))))

(defun pcase--split-rest (sym splitter rest)
  "(THEN-BRANCHES . ELSE-BRANCHES): REST sorted by a test on SYM."
  (let ((then nil) (else nil))
    (dolist (branch rest)
      (let ((split (pcase--split-match sym splitter (car branch))))
        (unless (eq (car split) :pcase--fail) (push (cons (car split) (cdr branch)) then))
        (unless (eq (cdr split) :pcase--fail) (push (cons (cdr split) (cdr branch)) else))))
    (cons (nreverse then) (nreverse else))))

(defun pcase--app-subst-match (match sym fun nsym)
  "MATCH with its (app FUN PAT) tests of SYM turned into tests of NSYM,
the value the first one computed."
  (cond
   ((eq (car-safe match) 'match)
    (let ((upat (cddr match)))
      (if (and (eq sym (nth 1 match)) (eq (car-safe upat) 'app) (equal fun (nth 1 upat)))
          (pcase--match nsym (nth 2 upat))
        match)))
   ((memq (car-safe match) '(or and))
    (cons (car match) (mapcar (lambda (m) (pcase--app-subst-match m sym fun nsym))
                              (cdr match))))
   ((memq match '(:pcase--succeed :pcase--fail)) match)
   (t (error "Unknown MATCH %s" match))))

;;; ---- Forms -----------------------------------------------------------------

(defun pcase--fgrep (vars sexp)
  "The entries of VARS whose name occurs anywhere in SEXP, most
recently found first (Emacs's order, which shows in `let*' bindings)."
  (let ((found nil) (stack (list sexp)) (seen nil))
    (while (and stack vars)
      (let ((items (pop stack)))
        (unless (memq items seen)
          (push items seen)
          (when (vectorp items) (setq items (append items nil)))
          (while items
            (let ((item (if (consp items) (pop items) (prog1 items (setq items nil)))))
              (if (or (consp item) (vectorp item))
                  (push item stack)
                (let ((entry (assq item vars)))
                  (when entry
                    (push entry found)
                    (setq vars (remq entry vars))))))))))
    found))

(defun pcase--mark-var-used (entry)
  (setcdr (cdr entry) 'used))

(defun pcase--env (vars form)
  "Bindings of the VARS FORM may refer to, which now count as used."
  (mapcar (lambda (entry) (pcase--mark-var-used entry) (list (car entry) (nth 1 entry)))
          (pcase--fgrep vars form)))

(defun pcase--funcall (fun arg vars)
  "The call of FUN (a pred or app function) on the value in ARG."
  (cond
   ((symbolp fun) (list fun arg))
   ((eq (car-safe fun) 'not) (list 'not (pcase--funcall (nth 1 fun) arg vars)))
   (t
    (let ((env (pcase--env vars fun)))
      (when (assq arg env)
        (let ((fresh (gensym "x")))
          (push (list fresh arg) env)
          (setq arg fresh)))
      (let ((call (if (or (functionp fun) (not (consp fun)))
                      `(funcall #',fun ,arg)
                    (append fun (list arg)))))
        (if env (list 'let* env call) call))))))

(defun pcase--eval (exp vars)
  "A form evaluating the guard EXP with the pattern's variables bound."
  (let ((entry (assq exp vars)))
    (if entry
        (progn (pcase--mark-var-used entry) (nth 1 entry))
      (macroexp-let* (pcase--env vars exp) exp))))

(defun pcase--merge-if (test then inner)
  "The flat form of (if TEST THEN INNER), INNER being an `if' itself.
When both branches share their code the two tests join in an `or';
otherwise the three outcomes become the clauses of one `cond'."
  (let ((test2 (nth 1 inner))
        (then2 (nth 2 inner))
        (else2 (nthcdr 3 inner))
        (body (macroexp-unprogn then)))
    (cond ((equal then then2)
           (apply #'list 'if (list 'or test test2) then else2))
          ((equal body else2)
           (apply #'list 'if (list 'or test (list 'not test2)) then
                     (macroexp-unprogn then2)))
          (t
           (let ((fallback (and else2 (list (cons t else2)))))
             (apply #'list 'cond (cons test body)
                       (cons test2 (macroexp-unprogn then2))
                       fallback))))))

(defun pcase--if-form (test then else)
  "Code running THEN when TEST holds and ELSE when not, kept shallow:
a conditional in ELSE is merged into this one, and one in THEN is moved
to the else side by negating TEST so that it can be merged in turn."
  (let ((else-kind (car-safe else)))
    (cond ((eq else-kind 'if) (pcase--merge-if test then else))
          ((eq else-kind 'cond)
           (apply #'list 'cond (cons test (macroexp-unprogn then)) (cdr else)))
          ((memq (car-safe then) '(if cond))
           (pcase--if-form (list 'not test) else then))
          ((null else) (list 'if test then))
          (t (apply #'list 'if test then (macroexp-unprogn else))))))

(defun pcase--if (test then else)
  "Code running THEN when TEST holds and ELSE when not.
A branch that is `:pcase--dontcare' can never be taken, so the other
one runs after TEST, which is kept only for its effects."
  (if (memq :pcase--dontcare (list then else))
      (list 'progn (list 'ignore test)
            (if (eq else :pcase--dontcare) then else))
    (pcase--if-form test then else)))

(defun pcase--equal-test (sym val)
  "A test that SYM holds VAL, by the cheapest comparison exact for VAL:
`null' for nil, `eq' for a symbol, `eql' for an integer, else `equal'.
Integers and keywords evaluate to themselves, so they go unquoted."
  (if (null val)
      (list 'null sym)
    (list (cond ((symbolp val) 'eq) ((integerp val) 'eql) (t 'equal))
          sym
          (if (or (integerp val) (keywordp val)) val (list 'quote val)))))

;;; ---- The decision tree -----------------------------------------------------

(defun pcase--u (branches)
  "Code trying BRANCHES, each (MATCH CODEGEN . VARS), in order."
  (setq branches (delq nil branches))
  (when branches
    (let ((first (car branches)))
      (pcase--u1 (list (car first)) (nth 1 first) (cddr first) (cdr branches)))))

(defun pcase--and (match matches)
  (if matches (cons 'and (cons match matches)) match))

(defun pcase--u1 (matches code vars rest)
  "Code running CODE (with VARS) if all MATCHES match, else REST."
  (let ((match (car matches)))
    (cond
     ((null matches) (funcall code vars))
     ((eq match :pcase--fail) (pcase--u rest))
     ((eq match :pcase--succeed) (pcase--u1 (cdr matches) code vars rest))
     ((eq (car match) 'and) (pcase--u1 (append (cdr match) (cdr matches)) code vars rest))
     ((eq (car match) 'or) (pcase--u1-or (cdr match) (cdr matches) code vars rest))
     ((eq (car match) 'match)
      (pcase--u1-match (nth 1 match) (cddr match) (cdr matches) code vars rest))
     (t (error "Incorrect MATCH %S" match)))))

(defun pcase--quoted-value (var alt)
  "When ALT compares VAR with a quoted constant, the list (CONSTANT)."
  (and (eq (car alt) 'match)
       (eq (nth 1 alt) var)
       (eq (car-safe (cddr alt)) 'quote)
       (cdr (cddr alt))))

(defun pcase--member-fun (values)
  "The cheapest of `memq', `memql' and `member' that finds all VALUES."
  (let ((rank 0))
    (dolist (v values)
      (setq rank (max rank (cond ((symbolp v) 0) ((integerp v) 1) (t 2)))))
    (nth rank '(memq memql member))))

(defun pcase--quoted-alts (alts)
  "(VAR MEMBER-FUN VALUES . OTHERS) for the alternatives ALTS of an `or'.
VAR is the variable the first one tests; VALUES (last first) are the
constants some alternatives compare VAR with, which MEMBER-FUN can
look up at once, and OTHERS the rest of ALTS in order."
  (let* ((first (car alts))
         (var (and (eq (car first) 'match) (nth 1 first)))
         (values nil)
         (others nil))
    (when var
      (dolist (alt alts)
        (let ((quoted (pcase--quoted-value var alt)))
          (if quoted
              (setq values (cons (car quoted) values))
            (setq others (cons alt others))))))
    `(,var ,(pcase--member-fun values) ,values ,@(nreverse others))))

(defun pcase--or-of (alts)
  (if (cdr alts) (cons 'or alts) (car alts)))

(defun pcase--u1-or (alts matches code vars rest)
  (let* ((split (pcase--quoted-alts alts))
         (values (nth 2 split)) (others (nthcdr 3 split)))
    (cond
     ((null alts) (error "Please avoid it"))
     ((cdr values)
      (pcase--u1 (cons `(match ,(car split) pred (pcase--flip ,(nth 1 split) ',values))
                       matches)
                 code vars
                 (if others
                     (cons (cons (pcase--and (pcase--or-of others) matches) (cons code vars))
                           rest)
                   rest)))
     ((null (cdr alts)) (error "Please avoid it"))
     (t
      (pcase--u1 (cons (car alts) matches) code vars
                 (cons (cons (pcase--and (pcase--or-of (cdr alts)) matches) (cons code vars))
                       rest))))))

(defun pcase--split-then-else (sym splitter test matches code vars rest)
  "Code testing TEST, with REST sorted by SPLITTER between its arms."
  (let ((arms (pcase--split-rest sym splitter rest)))
    (pcase--if test
               (pcase--u1 matches code vars (car arms))
               (pcase--u (cdr arms)))))

(defun pcase--u1-match (sym upat matches code vars rest)
  "Code for the match of SYM's value against UPAT, then MATCHES."
  (cond
   ((eq upat '_) (pcase--u1 matches code vars rest))
   ((eq upat t)
    (pcase--warn "Pattern t is deprecated.  Use `_' instead")
    (pcase--u1 matches code vars rest))
   ((eq upat 'pcase--dontcare) :pcase--dontcare)
   ((memq (car-safe upat) '(guard pred))
    (when (eq (car upat) 'pred) (push sym pcase--used-syms))
    (pcase--split-then-else sym (lambda (pat) (pcase--split-pred vars upat pat))
                            (if (eq (car upat) 'pred)
                                (pcase--funcall (nth 1 upat) sym vars)
                              (pcase--eval (nth 1 upat) vars))
                            matches code vars rest))
   ((and upat (symbolp upat))
    (push sym pcase--used-syms)
    (let ((bound (assq upat vars)))
      (if (not bound)
          (pcase--u1 matches code (cons (list upat sym) vars) rest)
        (pcase--mark-var-used bound)
        (pcase--u1 (cons `(match ,sym pred (eql ,(nth 1 bound))) matches)
                   code vars rest))))
   ((eq (car-safe upat) 'app)
    (push sym pcase--used-syms)
    (pcase--u1-app sym upat matches code vars rest))
   ((eq (car-safe upat) 'quote)
    (push sym pcase--used-syms)
    (let ((val (nth 1 upat)))
      (pcase--split-then-else sym (lambda (pat) (pcase--split-equal val pat))
                              (pcase--equal-test sym val)
                              matches code vars rest)))
   (t (error "Unknown pattern `%S'" upat))))

(defun pcase--reuse-app-result (branches sym fun result)
  "BRANCHES with their tests of (app FUN PAT) on SYM made tests of PAT on
RESULT, so that FUN is called only once."
  (mapcar (lambda (branch)
            (cons (pcase--app-subst-match (car branch) sym fun result)
                  (cdr branch)))
          branches))

(defun pcase--u1-app (sym upat matches code vars rest)
  "Code matching SYM against UPAT, (app FUN PAT), then MATCHES.
FUN's value goes into a fresh variable, which later branches of REST
read too; the binding is dropped when nothing reads it."
  (let* ((fun (nth 1 upat))
         (result (gensym "x"))
         (later (pcase--reuse-app-result rest sym fun result))
         (tree (pcase--u1 (cons (pcase--match result (nth 2 upat)) matches)
                          code vars later)))
    (if (not (memq result pcase--used-syms))
        tree
      (macroexp-let* (list (list result (pcase--funcall fun sym vars))) tree))))

;;; ---- Clauses to code -------------------------------------------------------

(defun pcase--union-vars (uses)
  "((NAME . USED)...) for every variable of any of USES, each (VARS . PLACEHOLDER)."
  (let ((all nil))
    (dolist (use uses)
      (dolist (v (car use))
        (let ((known (assq (car v) all)))
          (cond ((null known) (push (cons (car v) (cddr v)) all))
                ((cddr v) (setcdr known 'used))))))
    all))

(defun pcase--fill-placeholders (codegen uses)
  "Replace each use's placeholder by CODEGEN's code for it."
  (let* ((all (pcase--union-vars uses))
         (count (length uses)))
    (dolist (use uses)
      (let* ((vars (car use))
             (varvals (mapcar (lambda (v) (list (car v) (nth 1 (assq (car v) vars)) (cdr v)))
                              all))
             (code (funcall codegen varvals count)))
        (setcar (cdr use) (car code))
        (setcdr (cdr use) (cdr code))))))

(defun pcase-compile-patterns (exp cases)
  "Code matching EXP's value against CASES, each (PAT . CODEGEN).
CODEGEN receives VARVALS, a list of (VAR VALUE-FORM USED), and the
number of places its code will appear; it returns a cons, the code."
  (macroexp-let2 macroexp-copyable-p val exp
    (let* ((seen nil) (counter 0) (pcase--used-syms nil)
           (main
            (pcase--u
             (mapcar
              (lambda (case)
                (list (pcase--match val (pcase--macroexpand (car case)))
                      (lambda (vars)
                        (let ((entry (assq case seen))
                              (placeholder (cons 'pcase--placeholder (setq counter (1+ counter)))))
                          (unless entry (push (setq entry (list case)) seen))
                          (setcdr entry (cons (cons vars placeholder) (cdr entry)))
                          placeholder))))
              cases))))
      (dolist (entry seen)
        (pcase--fill-placeholders (cdr (car entry)) (cdr entry)))
      (pcase--warn-shadowed cases seen)
      main)))

(defun pcase--warn (msg)
  "Say MSG as a warning, naming the file being loaded as Emacs does."
  (message "%sWarning: %s"
           (if (stringp load-file-name) (concat (file-relative-name load-file-name) ": ") "")
           msg))

(defun pcase--unreached-p (case seen)
  "Whether CASE never got used (it is not in SEEN) and may be warned about."
  (not (or (assq case seen)
           (memq (car case) pcase--dontwarn-upats))))

(defun pcase--warn-shadowed (cases seen)
  "Warn about each of CASES that earlier ones left unreachable."
  (dolist (case cases)
    (when (pcase--unreached-p case seen)
      (pcase--warn (format "pcase pattern %S shadowed by previous pcase pattern"
                           (car case))))))

(defun pcase--small-branch-p (code)
  (and (null (cdr code))
       (or (atom (car code))
           (not (delq nil (mapcar #'consp (car code)))))))

(defun pcase--body-codegen (body defs-cell)
  "A CODEGEN running BODY; code used in several places and not small
goes into a function pushed on (car DEFS-CELL)."
  (if (member body '(nil (nil) ('nil)))
      (lambda (&rest _) ''nil)
    (let ((fsym nil))
      (lambda (varvals count &rest _)
        (let* ((used (delq nil (mapcar (lambda (vv) (and (nth 2 vv) (car vv))) varvals)))
               (ignores (and used (list (cons 'ignore used)))))
          (if (or (< count 2) (pcase--small-branch-p body))
              `(let ,(mapcar (lambda (vv) (list (car vv) (nth 1 vv))) varvals)
                 ,@ignores ,@body)
            (unless fsym
              (setq fsym (make-symbol (format "pcase-%d" (length (car defs-cell)))))
              (push `(,fsym (lambda ,(mapcar #'car varvals) ,@ignores ,@body))
                    (car defs-cell)))
            `(funcall ,fsym ,@(mapcar #'cadr varvals))))))))

(defun pcase--expand (exp cases)
  (let* ((defs-cell (list nil))
         (main (pcase-compile-patterns
                exp
                (mapcar (lambda (case) (cons (car case) (pcase--body-codegen (cdr case) defs-cell)))
                        cases))))
    (macroexp-let* (car defs-cell) main)))

;;; ---- The macros ------------------------------------------------------------

(defmacro pcase (exp &rest clauses)
  "Evaluate EXP and run the body of the first clause (PATTERN BODY...) it matches."
  (declare (indent 1))
  (pcase--expand exp clauses))

(defmacro pcase-exhaustive (exp &rest clauses)
  "Like `pcase', but signal an error when no clause matches."
  (declare (indent 1))
  (let* ((catch-all (pcase--no-match-clause))
         (pcase--dontwarn-upats (cons (car catch-all) pcase--dontwarn-upats)))
    (pcase--expand exp (append clauses (list catch-all)))))

(defun pcase--no-match-clause ()
  "The clause `pcase-exhaustive' adds last: a fresh variable, matching
anything, whose body reports the value that nothing else matched."
  (let ((var (gensym "x")))
    (list var (list 'error "No clause matching `%S'" var))))

(defun pcase--let* (bindings body)
  (cond
   ((null bindings) (macroexp-progn body))
   ((pcase--trivial-upat-p (car (car bindings)))
    (macroexp-let* (list (car bindings)) (pcase--let* (cdr bindings) body)))
   (t
    (let ((inner (pcase--let* (cdr bindings) body)))
      (pcase--expand (nth 1 (car bindings))
                     `((,(car (car bindings)) ,inner) (pcase--dontcare nil)))))))

(defmacro pcase-let* (bindings &rest body)
  "Bind the variables of each (PATTERN EXP) in turn, destructuring."
  (declare (indent 1))
  (pcase--let* bindings body))

(defmacro pcase-let (bindings &rest body)
  "Like `pcase-let*'; the expressions are all evaluated first."
  (declare (indent 1))
  ;; With several bindings, a plain `let' evaluates every expression
  ;; first, into temporaries that `pcase-let*' then destructures.
  (if (cdr bindings)
      (let* ((position -1)
             (parts (mapcar (lambda (binding)
                              (pcase--let-split binding (setq position (1+ position))))
                            bindings))
             (deferred (delq nil (mapcar #'cdr parts))))
        (list 'let (mapcar #'car parts)
              (cons 'pcase-let* (cons (nreverse deferred) body))))
    (cons 'pcase-let* (cons bindings body))))

(defun pcase--let-split (binding position)
  "(LET-BINDING . DEFERRED) for the POSITIONth BINDING of a `pcase-let'.
A pattern needing destructuring gets a temporary in the `let', and
DEFERRED destructures it; other patterns are bound at once."
  (let ((pattern (car binding)))
    (cond ((memq pattern pcase--dontcare-upats)
           (list (cons (make-symbol "_") (cdr binding))))
          ((pcase--trivial-upat-p pattern) (list binding))
          (t (let ((temp (make-symbol (format "x%d" position))))
               (cons (cons temp (cdr binding)) (list pattern temp)))))))

(defmacro pcase-dolist (spec &rest body)
  "Like `dolist', but the variable may be a pcase pattern."
  (declare (indent 1))
  (if (pcase--trivial-upat-p (car spec))
      `(dolist ,spec ,@body)
    (let ((x (gensym "x")))
      `(dolist (,x ,@(cdr spec))
         (pcase-let* ((,(car spec) ,x)) ,@body)))))

(defun pcase--setq-codegen (varvals &rest _)
  (cons 'setq (mapcan (lambda (vv) (list (car vv) (nth 1 vv))) varvals)))

(defmacro pcase-setq (pat val &rest args)
  "Assign the variables of each PATTERN from its VAL, destructuring."
  (cond
   (args (pcase--setq-each (cons pat (cons val args))))
   ((pcase--trivial-upat-p pat) (list 'setq pat val))
   (t (pcase-compile-patterns
       val (list (cons pat #'pcase--setq-codegen) '(pcase--dontcare . ignore))))))

(defun pcase--setq-each (pairs)
  "A `progn' doing a `pcase-setq' for each PATTERN VAL of PAIRS in turn."
  (let ((count (length pairs)) (steps nil))
    (when (= (% count 2) 1)
      (signal 'wrong-number-of-arguments (list 'pcase-setq count)))
    (while pairs
      (push (list 'pcase-setq (car pairs) (nth 1 pairs)) steps)
      (setq pairs (nthcdr 2 pairs)))
    (cons 'progn (nreverse steps))))

(defun pcase--lambda-split (lambda-list)
  "(PARAMS . BINDINGS) for the LAMBDA-LIST of a `pcase-lambda'.
PARAMS keeps LAMBDA-LIST's symbols and puts an uninterned argN (N
counting from 0) in place of each pattern; BINDINGS lists each pattern
with its argN, for `pcase-let*'."
  (let ((params nil) (bindings nil) (n 0))
    (dolist (item lambda-list)
      (if (symbolp item)
          (push item params)
        (let ((param (make-symbol (concat "arg" (number-to-string n)))))
          (setq n (1+ n))
          (push param params)
          (push (list item param) bindings))))
    (cons (nreverse params) (nreverse bindings))))

(defmacro pcase-lambda (lambda-list &rest body)
  "A function like (lambda LAMBDA-LIST . BODY) whose LAMBDA-LIST may hold
pcase patterns besides plain argument names; an argument given as a
pattern is destructured by `pcase-let*' when the function is called."
  (declare (doc-string 2) (indent defun))
  (let ((split (pcase--lambda-split lambda-list))
        (head-and-forms (macroexp-parse-body body)))
    `(lambda ,(car split)
       ,@(car head-and-forms)
       (pcase-let* ,(cdr split) ,@(cdr head-and-forms)))))

(provide 'pcase)

;;; pcase.el ends here
