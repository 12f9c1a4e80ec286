#!/bin/bash
# bench/run.sh quick|full|count -- run every workload under every
# runtime, side by side, and print elisp-benchmarks-style tables, a ratio
# table, CSV and (with gnuplot) a chart.  See bench/README.md.
#
# count measures instructions instead of time: each run once under
# valgrind's callgrind, at BENCH_SCALE 0.05 unless told.  On a shared
# machine a run's time can vary by half from one run to the next, while
# its instruction count does not: counts settle the rows whose runtimes
# differ by less than the noise.
#
# Environment: BENCH_RUNS (default 3; 1 for quick), BENCH_ONLY (a regexp
# of test names), BENCH_RUNTIMES (a regexp of runtime names), BENCH_SCALE
# (workload size; 1 for full, 0.01 for quick), BENCH_TIMEOUT (seconds per
# run), BENCH_DEFAULT (the runtime the ratios are against; default: the
# policy marrow picks when none is asked for), BENCH_RESULTS (the CSV and
# chart directory), MARROW and MARROW_BOEHM (the binaries; default: the
# build tree's src/).
#
# Invariants: every measured process is waited for or killed before the
# script exits, and all scratch files live in one directory removed on
# exit.  A runtime that is absent is skipped with a message, never an
# error.
set -u
# bash features ahead ([[ ]], arrays, EPOCHREALTIME): re-run under bash
# when started by another sh.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
mode=${1:-quick}
case $mode in quick|full|count) ;; *) echo "usage: $0 quick|full|count" >&2; exit 2 ;; esac

here=$(cd "$(dirname "$0")" && pwd)
builddir=$(pwd)
MARROW=${MARROW:-$builddir/src/marrow}
MARROW_BOEHM=${MARROW_BOEHM:-$builddir/src/marrow-boehm}
# The workloads multiply their sizes by BENCH_SCALE.
case $mode in
  quick) runs=1 scale=0.01 limit=120 ;;
  full) runs=3 scale=1 limit=1800 ;;
  count) runs=1 scale=0.05 limit=3600 ;;   # a count is exact: one run says all
esac
# Emacs would take most of an hour under callgrind: counting compares
# marrow's heaps, unless BENCH_RUNTIMES asks for more.
[ $mode = count ] && : "${BENCH_RUNTIMES:=^(marrow-(scan|hint|bitmap|boehm)|c-ref)$}"
runs=${BENCH_RUNS:-$runs}
scale=${BENCH_SCALE:-$scale}
limit=${BENCH_TIMEOUT:-$limit}
only=${BENCH_ONLY:-.}
want_runtimes=${BENCH_RUNTIMES:-.}
resultsdir=${BENCH_RESULTS:-$here/results}
# What runs each measured program: nothing, or callgrind when counting.
vg=
[ $mode = count ] && vg="valgrind --tool=callgrind --callgrind-out-file=/dev/null"
if [ $mode = count ] && ! command -v valgrind >/dev/null; then
  echo "bench: count needs valgrind (apt-get install valgrind)" >&2; exit 1
fi

now() { echo "${EPOCHREALTIME:-$(date +%s.%N)}"; }  # bash < 5 lacks EPOCHREALTIME
work=$(mktemp -d "${TMPDIR:-/tmp}/marrow-bench.XXXXXX")
child=
cleanup() { [ -n "$child" ] && kill "$child" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

stamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)
mkdir -p "$resultsdir"
if [ $mode = count ]; then
  csv=$resultsdir/counts.csv
  [ -f "$csv" ] || echo "date,mode,runtime,test,run,instructions,gc_s,gcs,rss_kib,status" > "$csv"
else
  csv=$resultsdir/results.csv
  [ -f "$csv" ] || echo "date,mode,runtime,test,run,total_s,gc_s,gcs,rss_kib,status" > "$csv"
fi
raw=$work/raw.csv
: > "$raw"
: > "$work/sums"
: > "$work/metrics"

# ---- Runtimes ------------------------------------------------------
# Each runtime is "name|command prefix"; the workload path is appended.
runtimes=()
default_policy=
# In a build tree src/marrow is libtool's wrapper, a shell script that
# costs tens of milliseconds a run (measured: 60-90 ms, against 0-30 for
# the binary): time the program it runs, as an installed marrow would be.
marrow_cmd="$vg $MARROW"
real_marrow=$(dirname "$MARROW")/.libs/marrow
if [ -x "$real_marrow" ] && head -c 2 "$MARROW" 2>/dev/null | grep -q '#!'; then
  marrow_cmd="env LD_LIBRARY_PATH=$(dirname "$MARROW")/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} $vg $real_marrow"
fi
if [ -x "$MARROW" ]; then
  for p in scan hint bitmap; do
    runtimes+=("marrow-$p|env MARROW_VECTOR_POLICY=$p $marrow_cmd -batch -Q -l")
  done
  default_policy=$(env -u MARROW_VECTOR_POLICY "$MARROW" -batch -Q \
                     --eval '(princ (plist-get (vector-free-lists) :policy))' 2>/dev/null)
else
  echo "bench: skipping marrow: $MARROW is not built" >&2
fi
default_rt=${BENCH_DEFAULT:-marrow-${default_policy:-hint}}
if [ -x "$MARROW_BOEHM" ]; then
  runtimes+=("marrow-boehm|$vg $MARROW_BOEHM -batch -Q -l")
else
  echo "bench: skipping marrow-boehm (not built: configure found no libgc)" >&2
fi

# GNU Emacs twice: byte-compiled (each workload compiled here, once) and
# interpreted from the same source.
if command -v emacs >/dev/null; then
  cp "$here"/*.el "$work"/
  compiled=yes
  for f in "$work"/*.el; do
    emacs -batch -Q -L "$work" --eval '(setq byte-compile-warnings nil)' \
      -f batch-byte-compile "$f" >"$work/compile.log" 2>&1 && [ -f "${f}c" ] ||
      { compiled=no; echo "bench: skipping emacs-bytecomp: $(basename "$f") does not byte-compile: $(tail -1 "$work/compile.log")" >&2; break; }
  done
  if [ $compiled = yes ]; then
    runtimes+=("emacs-bytecomp|$vg emacs -batch -Q -L $work -l")
    # marrow running the same byte code, Emacs's compilation.
    [ -x "$MARROW" ] && runtimes+=("marrow-bytecomp|$marrow_cmd -batch -Q -L $work -l")
  fi
  runtimes+=("emacs-interp|$vg emacs -batch -Q -l")
else
  echo "bench: skipping emacs-bytecomp and emacs-interp (no emacs on PATH)" >&2
fi

# The C floor: fib and pidigits in plain C (pidigits with GMP).
refs=()
for r in fib pidigits; do
  if cc -O2 -o "$work/ref-$r" "$here/ref/$r.c" -lgmp -lm 2>"$work/ref-$r.err"; then
    refs+=("$r")
  else
    echo "bench: skipping c-ref $r (did not build: $(head -1 "$work/ref-$r.err"))" >&2
  fi
done

# ---- One measured run ----------------------------------------------
# timeout is outermost: it leads its own process group and, on its limit
# or on our TERM, kills the whole group, so no workload outlives us.
# Runs COMMAND with BENCH_ONLY and BENCH_SCALE set and prints
# "total gc gcs rss status": wall seconds from the shell's clock, peak
# RSS from GNU time, and the collector's counters from the "bench-gc"
# line the harness asks the runtime to print.  It also files a digest of
# the checkable output under the runtime and test, and the workload's own
# timing lines under metrics.
gc_report='(princ (format "\nbench-gc %d %f\n" gcs-done gc-elapsed))'

digest() {  # output on stdin -> short digest of its result lines
  grep -v -e '^bench-gc ' -e '^$' | sed 's/ *(elapsed [^)]*)//' | grep -v elapsed |
    md5sum | cut -c1-8
}

measure() {
  local name=$1 test=$2 btest=$3 run=$4; shift 4
  local out=$work/out err=$work/err tm=$work/time
  local start=$(now)
  BENCH_ONLY=${btest#-} BENCH_SCALE=$scale \
    timeout "$limit" /usr/bin/time -f "%M" -o "$tm" "$@" >"$out" 2>"$err" &
  child=$!
  wait $child
  local rc=$?
  child=
  local total rss gcs gcsec status=ok
  total=$(awk -v a="$start" -v b="$(now)" 'BEGIN {printf "%.3f", b - a}')
  rss=$(tail -1 "$tm" 2>/dev/null)
  case $rss in ''|*[!0-9]*) rss=0 ;; esac
  gcs=$(awk '/^bench-gc /{print $2}' "$out" | tail -1)
  gcsec=$(awk '/^bench-gc /{print $3}' "$out" | tail -1)
  if [ $rc -eq 124 ]; then status=timeout; elif [ $rc -ne 0 ]; then status=exit$rc; fi
  # Counting: callgrind's total in place of the time; its RSS is its own.
  if [ $mode = count ]; then
    total=$(awk '/== Collected :/ {n = $NF} END {print n + 0}' "$err"); rss=0
  fi
  if [ $status = ok ]; then
    echo "$name $test $(digest < "$out")" >> "$work/sums"
    [ "$run" = 1 ] && grep -h elapsed "$out" | sed "s/^/  $name $test: /" >> "$work/metrics"
    grep -h elapsed "$out" | awk -v k="$name $test" '{print k, NR, $0}' >> "$work/metrics-all"
  fi
  echo "$total ${gcsec:-0} ${gcs:-0} $rss $status"
}

# Run I of one runtime on one test.
run_one() {
  local i=$1 name=$2 test=$3 btest=$4; shift 4
  local total gcsec gcs rss status
  measure "$name" "$test" "$btest" "$i" "$@" > "$work/m"
  read -r total gcsec gcs rss status < "$work/m"
  echo "$stamp,$mode,$name,$test,$i,$total,$gcsec,$gcs,$rss,$status" | tee -a "$csv" >> "$raw"
  [ "$status" = ok ] ||
    echo "bench: $name $test failed ($status): $(tail -2 "$work/err" | tr '\n' ' ')" >&2
}

echo "bench: $mode run, scale $scale, $runs run(s) each; ratios against $default_rt" >&2
# Rounds: each round runs every runtime once, so that a change in the
# machine's load during a test weighs on all runtimes alike rather than
# on the one whose runs it happened to fall in.
while read -r test file btest ref; do
  case $test in ''|\#*) continue ;; esac
  [[ $test =~ $only ]] || continue
  for ((i = 1; i <= runs; i++)); do
    for rt in "${runtimes[@]}"; do
      name=${rt%%|*}; cmd=${rt#*|}
      [[ $name =~ $want_runtimes ]] || continue
      wl=$here/$file
      [[ $name == *-bytecomp ]] && wl=$work/${file%.el}.elc
      # shellcheck disable=SC2086
      run_one "$i" "$name" "$test" "$btest" $cmd "$wl" --eval "$gc_report"
    done
    if [ "$ref" != - ] && [[ " ${refs[*]} " == *" $ref "* ]] && [[ c-ref =~ $want_runtimes ]]; then
      # shellcheck disable=SC2086
      run_one "$i" c-ref "$test" "$btest" $vg "$work/ref-$ref"
    fi
  done
done < "$here/tests.list"

# ---- Tables ----------------------------------------------------------
echo
echo "marrow benchmarks ($mode, scale $scale, $runs run(s) each, $(nproc) cores, $stamp)"
BENCH_DEFAULT=$default_rt BENCH_MODE=$mode awk -F, -f "$here/tables.awk" "$raw"
if [ -s "$work/metrics" ]; then
  echo; echo "What the workloads printed about themselves (first run):"; cat "$work/metrics"
  # One run's own timing is as noisy as one wall time: the medians over
  # every run are what a target is judged on.
  echo; echo "Their own first timings, median over the runs (each run's figure in brackets):"
  awk -f "$here/metric-medians.awk" "$work/metrics-all"
fi

# Every runtime, and every run, must print the same results for a test.
echo
awk '{k = $2; if (!(k in s)) s[k] = $3; else if (s[k] != $3) bad[k] = bad[k] " " $1}
     END {for (k in bad) print "bench: RESULT MISMATCH in " k ":" bad[k]}' "$work/sums" |
  sort -u > "$work/mismatch"
if [ -s "$work/mismatch" ]; then
  cat "$work/mismatch"; cat "$work/mismatch" >&2
else
  echo "Results: every runtime printed the same results for each test."
fi

if [ $mode = count ]; then
  :   # the chart is of times
elif command -v gnuplot >/dev/null; then
  png=$resultsdir/latest-$mode.png
  awk -F, -f "$here/chart.awk" "$raw" > "$work/chart.dat"
  if gnuplot -e "datafile='$work/chart.dat'; outfile='$png'" "$here/chart.gp" 2>"$work/gnuplot.err"; then
    echo "Chart: $png"
  else
    echo "bench: gnuplot failed: no chart ($(head -1 "$work/gnuplot.err"))"
  fi
else
  echo "bench: gnuplot is not installed: no chart (apt-get install gnuplot-nox)"
fi
echo "Results appended to $csv"
