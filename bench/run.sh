#!/bin/bash
# bench/run.sh quick|full -- run every workload under every runtime, side
# by side, and print elisp-benchmarks-style tables, a ratio table, CSV
# and (with gnuplot) a chart.  See bench/README.md.
#
# Environment: BENCH_RUNS (default 3; 1 for quick), BENCH_ONLY (a regexp
# of test names), BENCH_RUNTIMES (a regexp of runtime names), MARROW and
# MARROW_BOEHM (the binaries; default: the build tree's src/).
set -u
mode=${1:-quick}
case $mode in quick|full) ;; *) echo "usage: $0 quick|full" >&2; exit 2 ;; esac

here=$(cd "$(dirname "$0")" && pwd)
builddir=$(pwd)
MARROW=${MARROW:-$builddir/src/marrow}
MARROW_BOEHM=${MARROW_BOEHM:-$builddir/src/marrow-boehm}
runs=${BENCH_RUNS:-$([ "$mode" = quick ] && echo 1 || echo 3)}
# The workloads multiply their sizes by BENCH_SCALE.
scale=${BENCH_SCALE:-$([ "$mode" = quick ] && echo 0.02 || echo 1)}
only=${BENCH_ONLY:-.}
want_runtimes=${BENCH_RUNTIMES:-.}
resultsdir=${BENCH_RESULTS:-$here/results}
work=$(mktemp -d "${TMPDIR:-/tmp}/marrow-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
stamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)
mkdir -p "$resultsdir"
csv=$resultsdir/results.csv
[ -f "$csv" ] || echo "date,mode,runtime,test,run,total_s,gc_s,gcs,rss_kib,status" > "$csv"
raw=$work/raw.csv
: > "$raw"

# ---- Runtimes ------------------------------------------------------
# Each runtime is "name|command prefix"; the workload path is appended.
runtimes=()
if [ -x "$MARROW" ]; then
  for p in scan hint bitmap; do
    runtimes+=("marrow-$p|env MARROW_VECTOR_POLICY=$p $MARROW -batch -Q -l")
  done
else
  echo "bench: $MARROW is not built" >&2
fi
if [ -x "$MARROW_BOEHM" ]; then
  runtimes+=("marrow-boehm|$MARROW_BOEHM -batch -Q -l")
else
  echo "bench: skipping marrow-boehm (not built: configure found no libgc)" >&2
fi
if command -v emacs >/dev/null; then
  cp "$here"/*.el "$work"/
  if emacs -batch -Q -L "$work" --eval '(setq byte-compile-warnings nil)' \
       -f batch-byte-compile "$work"/*.el >/dev/null 2>&1; then
    runtimes+=("emacs-bytecomp|emacs -batch -Q -L $work -l")
  fi
  runtimes+=("emacs-interp|emacs -batch -Q -l")
else
  echo "bench: skipping GNU Emacs (no emacs on PATH)" >&2
fi
refs=()
for r in fib pidigits; do
  if cc -O2 -o "$work/ref-$r" "$here/ref/$r.c" -lgmp -lm 2>"$work/ref-$r.err"; then
    refs+=("$r")
  else
    echo "bench: C reference $r did not build: $(head -1 "$work/ref-$r.err")" >&2
  fi
done

# ---- One measured run ----------------------------------------------
# Prints "total gc gcs rss status sum" for COMMAND with BENCH_ONLY set;
# sum is a digest of the checkable output: result lines without their
# timings, since every runtime must print the same results.
measure() {
  local test=$1 btest=$2; shift 2
  local out=$work/out err=$work/err tm=$work/time
  BENCH_ONLY=${btest#-} BENCH_SCALE=$scale /usr/bin/time -f "%e %M" -o "$tm" "$@" >"$out" 2>"$err"
  local rc=$?
  local total rss gcs gcsec
  read -r total rss < <(tail -1 "$tm")
  gcs=$(awk '/^bench-gc /{print $2}' "$out" | tail -1)
  gcsec=$(awk '/^bench-gc /{print $3}' "$out" | tail -1)
  grep -v -e '^bench-gc ' -e '^gc-micro ' -e '^$' "$out" | sed 's/ *(elapsed [^)]*)//' | grep -v elapsed |
    md5sum | cut -c1-8 > "$work/sum"
  grep -h -e '^gc-micro ' -e 'elapsed [0-9.]* s,' "$out" | sed "s/^/  $test: /" >> "$work/metrics"
  local status=ok
  [ $rc -eq 0 ] || status="exit$rc"
  echo "${total:-0} ${gcsec:-0} ${gcs:-0} ${rss:-0} $status $(cat "$work/sum")"
}

gc_report='(princ (format "\nbench-gc %d %f\n" gcs-done gc-elapsed))'

run_one() {
  local name=$1 test=$2 btest=$3; shift 3
  for ((i = 1; i <= runs; i++)); do
    read -r total gcsec gcs rss status sum < <(measure "$test" "$btest" "$@")
    echo "$stamp,$mode,$name,$test,$i,$total,$gcsec,$gcs,$rss,$status" | tee -a "$csv" >> "$raw"
    echo "$name $test $sum" >> "$work/sums"
    [ "$status" = ok ] || echo "bench: $name $test failed ($status): $(tail -2 "$work/err" | tr '\n' ' ')" >&2
  done
}

while read -r test file btest ref; do
  case $test in ''|\#*) continue ;; esac
  [[ $test =~ $only ]] || continue
  for rt in "${runtimes[@]}"; do
    name=${rt%%|*}; cmd=${rt#*|}
    [[ $name =~ $want_runtimes ]] || continue
    wl=$here/$file
    [[ $name == emacs-bytecomp ]] && wl=$work/${file%.el}.elc
    # shellcheck disable=SC2086
    run_one "$name" "$test" "$btest" $cmd "$wl" --eval "$gc_report"
  done
  if [ "$ref" != - ] && [[ " ${refs[*]} " == *" $ref "* ]] && [[ c-ref =~ $want_runtimes ]]; then
    run_one c-ref "$test" "$btest" "$work/ref-$ref"
  fi
done < "$here/tests.list"

# ---- Tables ----------------------------------------------------------
echo
echo "marrow benchmarks ($mode, $runs run(s) each, $(nproc) cores, $stamp)"
awk -F, -f "$here/tables.awk" "$raw"
if [ -s "$work/metrics" ]; then
  echo; echo "What the workloads printed about themselves:"; cat "$work/metrics"
fi
# Every runtime must print the same result for a test.
awk '{k=$2; if (!(k in s)) s[k]=$3; else if (s[k]!=$3) bad[k]=bad[k] " " $1}
     END {for (k in bad) print "bench: RESULT MISMATCH in " k ":" bad[k]}' "$work/sums" | sort -u >&2

if command -v gnuplot >/dev/null; then
  png=$resultsdir/latest-$mode.png
  awk -F, -f "$here/chart.awk" "$raw" > "$work/chart.dat"
  if gnuplot -e "datafile='$work/chart.dat'; outfile='$png'" "$here/chart.gp" 2>/dev/null; then
    echo; echo "Chart: $png"
  fi
else
  echo; echo "bench: gnuplot is not installed: no chart (apt-get install gnuplot-nox)"
fi
echo "Results appended to $csv"
