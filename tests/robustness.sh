#!/bin/sh
# robustness.sh -- bad input gets a clear Lisp error, never a crash (issue 7).
#
#   MARROW=path/to/marrow    the program (default: src/marrow here)
#   top_srcdir=DIR           the source tree (set by `make check')
#   ROBUST_TIMEOUT=SECS      limit per case (default 120: GC stress and
#                            sanitizer builds are slow)
#
# Each case runs marrow under timeout(1) and checks the exit status and
# the message on stderr.  An uncaught error must exit 255, a handled one
# 0; a signal (128+N) or a timeout (124) always fails the case.  These
# are marrow-only checks: GNU Emacs 28 dies on several of them (C stack
# overflow on deep nesting), which is the point.
#
# Cases found by the fuzzers live at the end, one line each.

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
MARROW=${MARROW:-$(pwd)/src/marrow}
MARROW_LISP_DIR=${MARROW_LISP_DIR:-$srcdir/lisp}
export MARROW_LISP_DIR
limit=${ROBUST_TIMEOUT:-120}

if [ ! -x "$MARROW" ]; then
  echo "robustness.sh: no marrow program at $MARROW (set MARROW)" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/robust.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0

# ---- The checker ---------------------------------------------------

# The cases check the one-line message batch Emacs prints for an
# uncaught error when it is told not to print a backtrace.
quiet='(setq backtrace-on-error-noninteractive nil)'

# expect NAME STATUS REGEX MARROW-ARGS...: run marrow with stdin from
# /dev/null; require exit STATUS and a line of stderr+stdout matching
# the extended regular expression REGEX.
expect() {
  name=$1 want=$2 pattern=$3
  shift 3
  timeout "$limit" "$MARROW" --eval "$quiet" "$@" >"$work/out" 2>&1 </dev/null
  status=$?
  if [ "$status" -eq "$want" ] && grep -Eq -- "$pattern" "$work/out"; then
    passed=$((passed + 1))
    return
  fi
  failed=$((failed + 1))
  case $status in
    124) why="timed out after ${limit}s" ;;
    12[5-9]|1[3-9][0-9]|2[0-4][0-9]) why="status $status (signal $((status - 128))?)" ;;
    *) why="status $status, wanted $want" ;;
  esac
  echo "FAIL: $name: $why; output:"
  head -c 600 "$work/out" | sed 's/^/    /'
  echo
}

# error NAME REGEX ARGS...: an uncaught error, exit 255.
error() { n=$1 p=$2; shift 2; expect "$n" 255 "$p" "$@"; }
# ok NAME REGEX ARGS...: success, exit 0.
ok() { n=$1 p=$2; shift 2; expect "$n" 0 "$p" "$@"; }

# file NAME CONTENT: a file in the work directory (printf format).
file() { printf "$2" >"$work/$1"; }

# A million of a character, as a Lisp expression.
million() { echo "(make-string 1000000 ?$1)"; }
circ='(let ((l (list 1 2 3))) (setcdr (cddr l) l) l)'

# ---- Reading ---------------------------------------------------------

error unbalanced-open 'End of file during parsing' --eval '(read "(a (b c)")'
error unterminated-string 'End of file during parsing' --eval '(read "\"abc")'
error extra-close 'Invalid read syntax: "\)"' --eval '(read ")")'
error unreadable-hash 'Invalid read syntax: "#"' --eval '(read "#<buffer x>")'
error dot-twice 'Invalid read syntax: ". in wrong context"' --eval '(read "(a . b c)")'
error dot-dot 'Invalid read syntax: "\."' --eval '(read "(a . . b)")'
ok dot-first '^b$' -p '(read "(. b)")'
ok dot-last '^\(a \\\.\)$' -p '(read "(a .)")'
ok trailing-close-ignored '^\(a b\)$' -p '(read "(a b))")'
error deep-open 'End of file during parsing' --eval "(read $(million '('))"
error deep-list-print 'Apparently circular structure being printed' \
  -p "(read (concat $(million '(') $(million ')')))"
error deep-vector-print 'Apparently circular structure being printed' \
  -p "(read (concat $(million '[') $(million ']')))"
ok deep-quote 'ok' --eval "(progn (read (concat $(million "'") \"a\")) (princ 'ok))"
ok deep-read-caught 'end-of-file' \
  --eval "(prin1 (condition-case e (read $(million '(')) (error (car e))))"

# Errors in a loaded file carry file:line:column.
file unbal.el '(setq a 1)\n(setq b (list 1\n'
error file-unbalanced 'unbal\.el:2:[0-9]+: End of file during parsing' "$work/unbal.el"
error file-load-unbalanced 'unbal\.el:2:[0-9]+: End of file during parsing' -l "$work/unbal.el"
file extra.el '(setq a 1))\n'
error file-extra-close 'extra\.el:1:[0-9]+: Invalid read syntax: "\)"' "$work/extra.el"
file str.el '(setq a 1)\n(setq a "abc\n'
error file-string 'str\.el:2:[0-9]+: End of file during parsing' "$work/str.el"
file dot.el '(setq a 1)\n  (x . y . z)\n'
error file-dot 'dot\.el:2:[0-9]+: Invalid read syntax' "$work/dot.el"
file hash.el '(setq a 1)\n  #<foo>\n'
error file-hash 'hash\.el:2:3: Invalid read syntax: "#"' "$work/hash.el"

# Binary garbage: some error (which depends on the bytes), no crash.
# A fixed pseudo-random file, so a failure can be reproduced.
awk 'BEGIN { srand(7); for (i = 0; i < 65536; i++) printf "%c", int(rand() * 256) }' \
  </dev/null >"$work/garbage.el" 2>/dev/null
error binary-garbage '.' "$work/garbage.el"
ok binary-garbage-read 'ok' --eval "(progn (dotimes (i 2000)
    (condition-case nil (read-from-string (let ((s (make-string 40 0)))
      (dotimes (j 40) (aset s j (random 256))) s)) (error nil))) (princ 'ok))"

# ---- Runaway recursion -----------------------------------------------

error recursion 'max-lisp-eval-depth' --eval '(progn (defun f (n) (1+ (f n))) (f 1))'
error recursion-deep-limit 'max-lisp-eval-depth' \
  --eval '(progn (setq max-lisp-eval-depth 1000000) (defun f (n) (1+ (f n))) (f 1))'
ok recursion-caught '^\(excessive-lisp-nesting 3\)$' --eval '(progn (defun f (n) (1+ (f n)))
    (prin1 (list (condition-case e (f 1) (error (car e))) (+ 1 2))))'
error deep-eval 'max-lisp-eval-depth' \
  --eval "(eval (read (concat (apply 'concat (make-list 1000000 \"(1+ \")) \"1\" $(million ')'))))"
error deep-eval-deep-limit 'max-lisp-eval-depth' --eval '(setq max-lisp-eval-depth 1000000)' \
  --eval "(eval (read (concat (apply 'concat (make-list 1000000 \"(progn \")) \"1\" $(million ')'))))"
error deep-funcall-form 'invalid-function' \
  --eval "(eval (read (concat $(million '(') $(million ')'))))"
error runaway-macro 'max-lisp-eval-depth' --eval '(progn (defmacro m (x) (list (quote m) x)) (m 1))'
error runaway-macro-deep-limit 'max-lisp-eval-depth' --eval '(setq max-lisp-eval-depth 1000000)' \
  --eval '(progn (defmacro m (x) (list (quote progn) (list (quote m) x))) (m 1))'
error runaway-sort 'max-lisp-eval-depth' --eval '(setq max-lisp-eval-depth 1000000)' \
  --eval "(progn (defun p (a b) (sort (list a b) 'p)) (sort (list 3 2 1) 'p))"
deep='(let ((a nil) (b nil)) (dotimes (_ 1000000) (setq a (list a) b (list b)))'
error deep-equal 'Stack overflow in equal' --eval "$deep (equal a b))"
error deep-print 'Apparently circular structure being printed' --eval "$deep (prin1 a))"
error deep-copy-tree 'max-lisp-eval-depth' --eval "$deep (copy-tree a))"
ok deep-sxhash '^ok$' --eval "$deep (sxhash-equal a) (princ 'ok))"
ok deep-flatten '^ok$' --eval "$deep (flatten-tree a) (princ 'ok))"

# ---- Huge results ----------------------------------------------------

error huge-expt 'Arithmetic overflow error' --eval '(expt 2 (expt 2 40))'
error huge-ash 'Arithmetic overflow error' --eval '(ash 1 (expt 2 40))'
error huge-product 'Arithmetic overflow error' \
  --eval '(* (expt 7 100000) (expt 7 100000) (expt 7 100000))'
ok huge-caught '^\(overflow-error 3\)$' \
  --eval '(prin1 (list (condition-case e (expt 3 (expt 3 30)) (error (car e))) (+ 1 2)))'
error huge-vector 'Memory exhausted' --eval '(make-vector (expt 2 60) 0)'
error huge-string 'Memory exhausted' --eval '(make-string (expt 2 59) ?a)'
error huge-vector-fixnum 'Memory exhausted' --eval '(make-vector most-positive-fixnum 0)'
# Past a heap limit: memory-full, then the runtime keeps working.  As in
# Emacs, the error caught is memory-signal-data itself.
after='(length (make-list 1000 0))'
ok limit-vector '^\(t 1000\)$' --heap-limit=32M \
  --eval "(prin1 (list (condition-case e (make-vector 100000000 0) (error (eq e memory-signal-data))) $after))"
ok limit-string '^\(t 1000\)$' --heap-limit=32M \
  --eval "(prin1 (list (condition-case e (make-string 100000000 ?a) (error (eq e memory-signal-data))) $after))"
ok limit-list '^\(t 1000\)$' --heap-limit=32M \
  --eval "(prin1 (list (condition-case e (make-list (expt 2 40) 0) (error (eq e memory-signal-data))) $after))"
export MARROW_HEAP_LIMIT=33554432
ok limit-env '^\(t 1000\)$' \
  --eval "(prin1 (list (condition-case e (make-list (expt 2 40) 0) (error (eq e memory-signal-data))) $after))"
unset MARROW_HEAP_LIMIT
ok limit-concat '^\(t 1000\)$' --heap-limit=32M \
  --eval "(prin1 (list (condition-case e (let ((s \"a\")) (dotimes (_ 40) (setq s (concat s s))))
                          (error (eq e memory-signal-data))) $after))"
# The list's links are cut before going on: a stale word on the C stack
# (the sanitizer build leaves more) may hold one cons, which must not
# keep the whole list, and the heap with it, alive.
ok limit-bignum '^\(t 1000\)$' --heap-limit=8M \
  --eval "(prin1 (list (condition-case e (progn (setq robust-l nil)
                                                (while t (push (expt 7 20000) robust-l)))
                          (error (eq e memory-signal-data)))
                       (progn (while robust-l (setq robust-l (prog1 (cdr robust-l) (setcdr robust-l nil))))
                              $after)))"
ok limit-keeps-data '^\(t \(1 2 3\) 1000\)$' --heap-limit=32M \
  --eval "(let ((keep (list 1 2 3)) (r nil))
            (condition-case e (while t (push (make-string 1000 ?a) r))
              (error (setq r nil) (garbage-collect) (prin1 (list (eq e memory-signal-data) keep $after)))))"
error limit-uncaught 'Memory exhausted' --heap-limit=32M --eval '(make-list (expt 2 40) 0)'

# ---- Circular lists --------------------------------------------------

for f in length safe-length-ok equal print mapcar mapc nth assq member sort \
         append concat vconcat apply nconc last reverse delete-dups copy-sequence \
         plist-get number-to-string eval-env; do
  case $f in
    safe-length-ok) form="(safe-length c)" ;;
    equal) form="(equal c (let ((l (list 1 2 3))) (setcdr (cddr l) l) l))" ;;
    print) form="(prin1-to-string c)" ;;
    mapcar|mapc) form="($f 'identity c)" ;;
    nth) form="(nth 1000000 c)" ;;
    assq|member) form="($f 5 c)" ;;
    sort) form="(sort c '<)" ;;
    apply) form="(apply '+ c)" ;;
    nconc) form="(nconc c (list 1))" ;;
    plist-get) form="(plist-get c 4)" ;;
    number-to-string) form="(number-to-string c)" ;;
    eval-env) form="(eval 'x c)" ;;
    *) form="($f c)" ;;
  esac
  ok "circular-$f" '^done$' \
    --eval "(let ((c $circ)) (condition-case nil $form (error nil)) (princ 'done))"
done
error circular-length-uncaught 'List contains a loop' --eval "(length $circ)"
ok circular-print '^\(1 2 3 1 2 \. #2\)$' --eval "(prin1 $circ)"

# ---- Throws and signals ------------------------------------------------

error throw-no-catch 'No catch for tag: foo, 1' --eval '(throw (quote foo) 1)'
error throw-wrong-catch 'No catch for tag: y, 1' --eval '(catch (quote x) (throw (quote y) 1))'
ok throw-caught '^no-catch$' --eval '(prin1 (condition-case e (throw (quote foo) 1) (error (car e))))'
error signal-peculiar '.' --eval '(signal (quote robust-no-such-error) nil)'

# ---- Wrong types to every primitive ------------------------------------

# Every subr named in a primitive table of src/*.c that is fboundp,
# called with each odd value alone and among zeros, at each arity up
# to 3, inside condition-case.  kill-emacs exits, heap-map,
# make-temp-file and make-directory write files, delete-directory
# removes them ("" is the current directory), read waits for standard
# input, ding writes bells on the line the count is printed on.
names=$(cat "$srcdir"/src/*.c | grep -oE '\{ ?"[^"]+", ?[A-Za-z_0-9]+, ?-?[0-9]+, ?[A-Z_0-9]+ ?\}' \
        | sed -E 's/\{ ?("[^"]+").*/\1/' | tr '\n' ' ')
cat >"$work/wrong-types.el" <<EOF
(defvar robust-odd
  (list 0 -1 nil t "" $circ (ash 1 65000) 1.0e+INF [1 "a" b] 'robust-sym))
(defvar robust-calls 0)
(defun robust-try (f args)
  (setq robust-calls (1+ robust-calls))
  (condition-case nil (apply f args) (t nil)))
(defun robust-arities (f)
  (let* ((a (func-arity f)) (lo (car a))
         (hi (if (numberp (cdr a)) (min (cdr a) 3) (max lo 3))) r)
    (while (<= lo hi) (push lo r) (setq lo (1+ lo)))
    r))
(defun robust-hammer (f)
  (dolist (n (robust-arities f))
    (dolist (v robust-odd)
      (robust-try f (make-list n v))
      (dotimes (i n)
        (let ((args (make-list n 0)))
          (setcar (nthcdr i args) v)
          (robust-try f args))))))
(dolist (name '($names))
  (let ((f (intern name)))
    (when (and (fboundp f) (subrp (symbol-function f)) (not (special-form-p f))
               (not (memq f '(kill-emacs heap-map read sleep-for make-temp-file
                                 make-directory delete-directory ding))))
      (robust-hammer f))))
(princ (format "calls %d\n" robust-calls))
EOF
ok wrong-types '^calls [0-9]+$' --heap-limit=256M "$work/wrong-types.el"

# ---- The minibuffer in batch mode: lines of stdin ---------------------

error read-string-eof 'End of file during parsing: Error reading from stdin' \
  --eval '(read-string "Name: ")'
piped=$(printf 'hello\r\n(1 "b")\n\n' | timeout "$limit" "$MARROW" --eval \
  '(progn (prin1 (list (read-string "? ") (read-from-minibuffer "? " nil nil t) (read-string "? " nil nil "d"))) (terpri))' 2>&1)
if [ "$piped" = '? ? ? ("hello" (1 "b") "d")' ]; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL: read-string-lines: got $piped"
fi

# ---- Messages and backtraces -------------------------------------------

file dbg.el '(defun robust-f (x) (car x))\n(defun robust-g () (robust-f 1))\n(robust-g)\n'
error debug-backtrace 'robust-f\(1\)' --debug "$work/dbg.el"
error no-debug-message '^Wrong type argument: listp, 1$' "$work/dbg.el"

# exact NAME STATUS EXPECTED ARGS...: stderr is exactly EXPECTED (printf
# format), stdout empty, exit STATUS.  Batch backtraces, as Emacs 28
# prints them (bar the frames interpreted Emacs shows for special forms,
# as the condition-case of batch-debug-clause).  startup ARGS: the
# frames they end in, for a command line of the printed string list ARGS.
exact() {
  name=$1 want=$2
  printf "$3" >"$work/want"
  shift 3
  timeout "$limit" "$MARROW" "$@" >"$work/out" 2>"$work/err" </dev/null
  status=$?
  if [ "$status" -eq "$want" ] && [ ! -s "$work/out" ] && cmp -s "$work/want" "$work/err"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $name: status $status, wanted $want; stderr:"
    head -c 600 "$work/err" | sed 's/^/    /'
  fi
}
header='Debugger entered--Lisp error: '
startup() { printf '%s' "  command-line-1(($1))\\n  command-line()\\n  normal-top-level()\\n\\n"; }
script_frames="  load-with-code-conversion(\"$work/dbg.el\" \"$work/dbg.el\" nil t)\\n$(startup "\"-scriptload\" \"$work/dbg.el\"")"
exact batch-backtrace 255 "${header}(wrong-type-argument listp 1)\n  car(1)\n  robust-f(1)\n  robust-g()\n$script_frames" \
  "$work/dbg.el"
exact batch-backtrace-once 255 "${header}(wrong-type-argument listp 1)\n  car(1)\n  robust-f(1)\n  robust-g()\n$script_frames" \
  --debug "$work/dbg.el"
exact batch-caught-is-quiet 0 '' --eval '(condition-case nil (car 1) (error nil))'
exact batch-debug-clause 255 "${header}(arith-error)\n  /(1 0)\n  (condition-case nil (/ 1 0) ((debug arith-error) 0))\n$(startup '"--eval" "(setq debug-on-error t)" "--eval" "(condition-case nil (/ 1 0) ((debug arith-error) 0..."')" \
  --eval '(setq debug-on-error t)' --eval '(condition-case nil (/ 1 0) ((debug arith-error) 0))'
exact batch-debug-clause-off 0 '' --eval '(condition-case nil (/ 1 0) ((debug arith-error) 0))'
exact batch-non-error-signal 255 "${header}(robust-tag 1)\n  signal(robust-tag (1))\n$(startup "\"--eval\" \"(signal 'robust-tag '(1))\"")" \
  --eval "(signal 'robust-tag '(1))"
exact batch-kill-emacs-hook 255 "${header}(wrong-type-argument listp 1)\n  car(1)\n$(startup '"--eval" "(add-hook (quote kill-emacs-hook) (lambda () (mess..." "--eval" "(car 1)"')bye\n" \
  --eval '(add-hook (quote kill-emacs-hook) (lambda () (message "bye")))' --eval '(car 1)'
exact batch-kill-emacs 3 '' --eval '(kill-emacs 3)'
# Emacs exits at once: no unwind-protect cleanup runs, interpreted or
# byte-compiled (the byte code is Emacs 28's for the same function).
exact batch-kill-emacs-skips-cleanups 3 '' \
  --eval '(unwind-protect (kill-emacs 3) (princ "unwound") (message "unwound"))'
exact batch-kill-emacs-skips-bytecode-cleanups 4 '' \
  --eval '(funcall #[0 "\300\216\301\302!)\207" [#[0 "\300\301!\207" [message "u"] 2] kill-emacs 4] 2])'
exact batch-long-string 255 "${header}(wrong-type-argument listp \"$(printf '%50s' | tr ' ' a)...\")\n  car(\"$(printf '%50s' | tr ' ' a)...\")\n$(startup '"--eval" "(car (make-string 60 ?a))"')" \
  --eval '(car (make-string 60 ?a))'
ok invocation-names-the-program '^t$' -p '(file-exists-p (expand-file-name invocation-name invocation-directory))'
ok invocation-directory-ends-in-slash '^t$' -p '(and (file-name-absolute-p invocation-directory) (string-suffix-p "/" invocation-directory))'
file deep.el '(defun robust-r (n) (if (= n 0) (car n) (robust-r (1- n))))\n(robust-r 50)\n'
timeout "$limit" "$MARROW" "$work/deep.el" 2>"$work/err" </dev/null
if [ "$(wc -l <"$work/err")" -eq 42 ] && [ "$(sed -n 21p "$work/err")" = '...' ] &&
   [ "$(sed -n 20p "$work/err")" = '  robust-r(8)' ] && [ "$(sed -n 37p "$work/err")" = '  robust-r(50)' ] &&
   [ "$(sed -n 41p "$work/err")" = '  normal-top-level()' ]; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL: batch-backtrace-cut: stderr:"
  head -c 600 "$work/err" | sed 's/^/    /'
fi
# As batch Emacs, a message after output to stdout starts a new line of
# stderr, once; (message nil) is that newline and its own.
stderr=$(timeout "$limit" "$MARROW" --eval \
  '(progn (princ "x") (message "m") (message "n") (prin1 1) (message nil))' 2>&1 >/dev/null | od -An -c | tr -d ' \n')
if [ "$stderr" = '\nm\nn\n\n\n' ]; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL: message-after-stdout: stderr was $stderr"
fi

# --eval runs its first expression as Emacs's command line does, with
# (eval EXPR t): nothing in it is expanded before it runs, and what
# follows that expression is ignored.
ok eval-option-expands-as-it-runs '^2 \(closure \(t\) nil \(m\)\)$' \
  --eval "(progn (defmacro m () 1) (defun f () (m)) (defmacro m () 2) (princ (format \"%S %S\" (f) (symbol-function 'f))))"
ok eval-option-first-expression-only '^a$' --eval '(princ "a") (princ "b")'
error eval-option-empty 'End of file during parsing' --eval ''

# ---- Regressions found by fuzzing --------------------------------------
# (one line per crash: the input, and the error it must give instead)
error fuzz-unicode-escape-overflow 'Non-Unicode character: 0x80000000' \
  --eval '(read "\"\\U80000000\"")'   # fuzz_read: int overflow in the reader (UBSan)
ok fuzz-comma-at-prints-as-emacs '^`,@$' -p "'(\\\` (\\, @))"   # fuzz_read: as Emacs 28

echo "robustness: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
