#!/bin/sh
# run-lisp-tests.sh -- run every tests/lisp/*.el as an ERT batch job.
#
#   MARROW=path/to/marrow   the program to run (default: src/marrow in
#                           the current build directory)
#   ORACLE=emacs            MARROW is GNU Emacs: use its own ERT
#   top_srcdir=DIR          the source tree (set by `make check')
#   LISP_TESTS="a.el b.el"  run only these files (names under tests/lisp)
#   LISP_TEST_TIMEOUT=SECS  give up on a file after SECS (default 1200;
#                           GC stress mode is slow), when timeout(1) exists
#   LISP_TEST_JOBS=N        run N files at a time (default 1); the report
#                           comes in file order all the same
#
# Each file runs as `$MARROW -batch -Q -l ert -l FILE -f
# ert-run-tests-batch-and-exit'.  One line is printed per file, then a
# final line "N passed, M failed" counting ERT tests; a file that
# crashes or exits without ERT's summary counts as one failed test.
# The exit status is non-zero when anything failed.

srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
testdir=$srcdir/tests/lisp
MARROW=${MARROW:-$(pwd)/src/marrow}

if [ "$ORACLE" != emacs ] && [ ! -x "$MARROW" ]; then
  echo "run-lisp-tests.sh: no marrow program at $MARROW (set MARROW)" >&2
  exit 2
fi

# marrow finds lisp/ert.el on its load-path; tell it where lisp/ is
# when run from a build directory.
if [ "$ORACLE" != emacs ]; then
  MARROW_LISP_DIR=${MARROW_LISP_DIR:-$srcdir/lisp}
  export MARROW_LISP_DIR
fi

limit=${LISP_TEST_TIMEOUT:-1200}
if command -v timeout >/dev/null 2>&1; then
  run_limited() { timeout "$limit" "$@"; }
else
  run_limited() { "$@"; }
fi

# Runs test file $1: its output in $logs/$1.log, its exit status in
# $logs/$1.status.
run_file() {
  run_limited "$MARROW" -batch -Q -l ert -l "$testdir/$1" -f ert-run-tests-batch-and-exit \
    >"$logs/$1.log" 2>&1 </dev/null
  echo $? >"$logs/$1.status"
}

# How the parallel runs below call this script back for one file.
if [ "$1" = --run-one ]; then
  logs=$2
  run_file "$3"
  exit 0
fi

files=${LISP_TESTS:-$(cd "$testdir" && ls *.el)}
logs=$(mktemp -d "${TMPDIR:-/tmp}/run-lisp-tests.XXXXXX") || exit 2
trap 'rm -rf "$logs"' EXIT
trap 'exit 1' INT TERM # (a trap alone would clean up and carry on)

if [ "${LISP_TEST_JOBS:-1}" -gt 1 ]; then
  export MARROW
  printf '%s\n' $files | xargs -P "$LISP_TEST_JOBS" -I{} sh "$0" --run-one "$logs" {}
fi

passed=0
failed=0
for f in $files; do
  [ -f "$logs/$f.status" ] || run_file "$f"
  log=$logs/$f.log
  status=$(cat "$logs/$f.status")
  # ERT's summary: "Ran N tests, E results as expected, U unexpected..."
  summary=$(grep '^Ran [0-9]* tests*, ' "$log" | tail -n 1)
  if [ -n "$summary" ]; then
    expected=$(echo "$summary" | sed 's/^Ran [0-9]* tests*, \([0-9]*\) results* as expected.*/\1/')
    unexpected=$(echo "$summary" | sed 's/.* \([0-9]*\) unexpected.*/\1/')
  else
    expected=0
    unexpected=1
  fi
  if [ "$status" -ne 0 ] && [ "$unexpected" -eq 0 ]; then
    unexpected=1
  fi
  passed=$((passed + expected))
  failed=$((failed + unexpected))
  if [ "$unexpected" -eq 0 ]; then
    echo "PASS: $f ($expected tests)"
  else
    echo "FAIL: $f ($expected passed, $unexpected failed, exit $status)"
    # Show what went wrong: the failing tests and their conditions
    # (each a block of lines, up to the test's result line).
    awk '/^Test .* condition:$/ { shown = 1 }
         /^ +(FAILED|PASSED) / { shown = 0; print; next }
         shown' "$log" | head -n 60 | sed 's/^/    /'
    if [ -z "$summary" ]; then tail -n 10 "$log" | sed 's/^/    /'; fi
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
