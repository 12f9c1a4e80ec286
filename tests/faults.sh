#!/bin/sh
# faults.sh -- allocation-failure injection (issue 7).
#
#   MARROW=path/to/marrow    the program (default: src/marrow here)
#   top_srcdir=DIR           the source tree (set by make)
#   FAULT_EVERY="37 101 ..." the fault periods N for the workload
#   FAULT_SUITE_EVERY="..."  the periods for the Lisp test files
#   FAULT_TIMEOUT=SECS       limit per run (default 300)
#   FAULT_JOBS=N             runs of the Lisp test files at a time
#                            (default 1)
#
# MARROW_FAIL_ALLOC=N makes every Nth allocation of the runtime's own
# memory fail (heap blocks, large objects and gc_xmalloc'd data: string
# bytes, hash storage, GMP limbs).  Two passes:
#
#  1. A workload that builds data, then allocates in a loop under
#     condition-case: every fault must arrive as memory-full (as in
#     Emacs, the error object memory-signal-data itself), the data
#     built before must keep its sxhash and count, and the script must
#     finish and print "faults K ok".
#  2. Every tests/lisp/*.el under ERT: each run must end in ERT's
#     summary or in an uncaught memory-full (exit 255, or ERT's own
#     "Error running tests: (error \"Memory exhausted...\")", exit 2), never
#     a signal, a timeout or a sanitizer report.
#
# For the full guarantees build marrow with
#   configure --enable-sanitizers --enable-gc-checks
# then the heap verifier runs after every collection and LeakSanitizer
# checks at exit that nothing leaked (ASAN_OPTIONS below).

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
MARROW=${MARROW:-$(pwd)/src/marrow}
MARROW_LISP_DIR=${MARROW_LISP_DIR:-$srcdir/lisp}
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export MARROW_LISP_DIR ASAN_OPTIONS
limit=${FAULT_TIMEOUT:-300}
every=${FAULT_EVERY:-37 101 997 5003}
suite_every=${FAULT_SUITE_EVERY:-53 211 1009 4999}

# How the parallel runs of pass 2 call this script back for one run:
# test file $4 under period $3, output in $2/$3.$4.out, status in
# $2/$3.$4.status.
if [ "$1" = --run-one ]; then
  MARROW_FAIL_ALLOC=$3 timeout "$limit" "$MARROW" -batch -Q -l ert -l "$srcdir/tests/lisp/$4" \
    -f ert-run-tests-batch-and-exit >"$2/$3.$4.out" 2>&1 </dev/null
  echo $? >"$2/$3.$4.status"
  exit 0
fi

if [ ! -x "$MARROW" ]; then
  echo "faults.sh: no marrow program at $MARROW (set MARROW)" >&2
  exit 2
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/faults.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM
passed=0
failed=0

# fail NAME WHY OUT: report a failed run with the tail of its output.
fail() {
  failed=$((failed + 1))
  echo "FAIL: $1: $2; output ends:"
  tail -n 8 "$3" | sed 's/^/    /'
}

# sanitizer_clean OUT: no ASan, LSan or UBSan report in the output.
sanitizer_clean() {
  ! grep -Eq 'ERROR: (Address|Leak)Sanitizer|runtime error:|heap verify' "$1"
}

# orderly_error_exit STATUS: exit after an uncaught error, neither a
# signal (128+N) nor timeout(1)'s 124.
orderly_error_exit() {
  [ "$1" -eq 255 ] || { [ "$1" -ge 2 ] && [ "$1" -lt 124 ]; }
}

# ---- 1. The workload -------------------------------------------------

cat >"$work/faults-body.el" <<'LISP'
(defvar faults-seen 0)
(defmacro faults-on-memory-full (form &rest handler)
  "FORM, or HANDLER after a memory-full; any other error goes on."
  `(condition-case e ,form
     (error (if (eq e memory-signal-data) (progn ,@handler)
              (signal (car e) (cdr e))))))
(defmacro faults-retry (&rest body)
  "BODY until it completes without memory-full."
  `(let (done v)
     (while (not done)
       (faults-on-memory-full (setq v (progn ,@body) done t)
         (setq faults-seen (1+ faults-seen))))
     v))
(defvar faults-keep
  ;; piece by piece: a fault every N mallocs must not starve the build
  (let ((h (faults-retry (make-hash-table :test 'equal))) (l nil))
    (dotimes (i 300)
      (push (faults-retry (list i (format "s%d" i) (make-vector 3 i)
                                (expt 3 (+ 40 i)) (* 1.5 i)))
            l)
      (faults-retry (puthash (format "k%d" i) i h)))
    (list l h)))
(defvar faults-sum (faults-retry (sxhash-equal (car faults-keep))))
(defvar faults-count (faults-retry (hash-table-count (cadr faults-keep))))
(defun faults-work (i)
  (let ((s (make-string (% i 200) ?x)) (v (make-vector (% i 50) i)))
    (list (concat s "y") (append v nil) (expt 7 (+ 30 (% i 300)))
          (read-from-string (format "(%d \"%s\" [%d])" i s i))
          (let ((h (make-hash-table))) (dotimes (j 20) (puthash j (cons j i) h)) h)
          (mapcar (lambda (x) (* x x)) (number-sequence 0 (% i 30))))))
(dotimes (i 3000)
  (faults-on-memory-full (faults-work i)
    (setq faults-seen (1+ faults-seen)))
  (unless (and (= (sxhash-equal (car faults-keep)) faults-sum)
               (= (hash-table-count (cadr faults-keep)) faults-count))
    (error "Data reachable before a fault changed")))
(garbage-collect)
(faults-retry (princ (format "faults %d ok\n" faults-seen)))
LISP
# The body is read and evaluated form by form, each step retried after a
# memory-full: reading interns symbols and evaluating a defun or defmacro
# allocates, and a fault there, outside every condition-case of the
# body, would end the run at top level.  Only the two small forms below
# run unprotected.
{ printf '(defvar faults-text "'
  sed 's/\\/\\\\/g; s/"/\\"/g' "$work/faults-body.el"
  printf '")\n'
  cat <<'LISP'
(let ((pos 0) step done)
  (while (< pos (length faults-text))
    (setq step nil done nil)
    (while (not step)
      (condition-case e (setq step (read-from-string faults-text pos))
        (end-of-file (setq step (cons nil (length faults-text))))
        (error (unless (eq e memory-signal-data) (signal (car e) (cdr e))))))
    (setq pos (cdr step))
    (while (not done)
      (condition-case e (progn (eval (car step)) (setq done t))
        (error (unless (eq e memory-signal-data) (signal (car e) (cdr e))))))))
LISP
} >"$work/faults.el"

for n in $every; do
  MARROW_FAIL_ALLOC=$n timeout "$limit" "$MARROW" "$work/faults.el" >"$work/out" 2>&1 </dev/null
  status=$?
  if [ "$status" -ne 0 ]; then
    fail "workload N=$n" "status $status" "$work/out"
  elif ! grep -q '^faults [0-9]* ok$' "$work/out"; then
    fail "workload N=$n" "no final line" "$work/out"
  elif ! sanitizer_clean "$work/out"; then
    fail "workload N=$n" "sanitizer report" "$work/out"
  else
    passed=$((passed + 1))
    echo "workload N=$n: $(grep '^faults' "$work/out")"
  fi
done

# ---- 2. The Lisp test suite under faults -----------------------------

files=$(cd "$srcdir/tests/lisp" && ls *.el)
if [ "${FAULT_JOBS:-1}" -gt 1 ]; then
  export MARROW FAULT_TIMEOUT
  for n in $suite_every; do
    for f in $files; do echo "$n $f"; done
  done | xargs -P "$FAULT_JOBS" -L 1 sh "$0" --run-one "$work"
fi
for n in $suite_every; do
  for f in $files; do
    [ -f "$work/$n.$f.status" ] || sh "$0" --run-one "$work" "$n" "$f"
    out=$work/$n.$f.out
    status=$(cat "$work/$n.$f.status")
    if ! sanitizer_clean "$out"; then
      fail "$f N=$n" "sanitizer report" "$out"
    elif [ "$status" -le 1 ] && grep -q '^Ran [0-9]* test' "$out"; then
      passed=$((passed + 1))
    elif orderly_error_exit "$status" && grep -q 'Memory exhausted' "$out"; then
      passed=$((passed + 1))
    else
      fail "$f N=$n" "status $status" "$out"
    fi
    rm -f "$out"
  done
done

echo "faults: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
