#!/bin/bash
# bench/policy.sh -- measure the vector free-list policies (scan, hint,
# bitmap) on the workloads they differ on, for bench/README.md's
# "Policy default" section.  Run it from a build directory:
#
#   bash /path/to/bench/policy.sh
#
# For each policy and workload it prints:
#   - the allocation step alone: callgrind's inclusive instruction count
#     of heap_alloc_vector (the exact-list pop, the search for a larger
#     list, the split, fresh blocks), at POLICY_CG_SCALE of full size,
#     since instruction counts are stable on a noisy shared machine;
#   - what the free lists did (bench/vstats.c: heap_vector_stats);
#   - end to end: the median and range of POLICY_RUNS (default 5) wall
#     times at POLICY_SCALE (default 1: full size).
#
# Environment: POLICY_RUNS, POLICY_SCALE, POLICY_CG_SCALE (default 0.1), POLICY_ONLY (a
# regexp of workload names), MARROW (default: the build tree's src/marrow).
set -u
# bash features ahead ([[ ]], arrays, EPOCHREALTIME): re-run under bash
# when started by another sh.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
here=$(cd "$(dirname "$0")" && pwd)
builddir=$(pwd)
MARROW=${MARROW:-$builddir/src/marrow}
runs=${POLICY_RUNS:-5}
scale=${POLICY_SCALE:-1}
cg_scale=${POLICY_CG_SCALE:-0.1}
only=${POLICY_ONLY:-.}
now() { echo "${EPOCHREALTIME:-$(date +%s.%N)}"; }  # bash < 5 lacks EPOCHREALTIME
work=$(mktemp -d "${TMPDIR:-/tmp}/marrow-policy.XXXXXX")
trap 'rm -rf "$work"' EXIT
export MARROW_LISP_DIR=${MARROW_LISP_DIR:-$here/../lisp}

# The driver links the build tree's static libmarrow and reads its headers.
# The libraries libmarrow needs (GMP, and jansson when configure found it),
# as libtool recorded them.
deplibs=$(sed -n "s/^dependency_libs='\(.*\)'/\1/p" "$builddir/src/libmarrow.la")
cc -O2 -I"$here/../src" -I"$builddir" -I"$builddir/src" -o "$work/vstats" \
   "$here/vstats.c" "$builddir/src/.libs/libmarrow.a" ${deplibs:--lgmp -lm -lpthread} ||
  { echo "policy: cannot build bench/vstats.c (is libmarrow built here?)" >&2; exit 1; }
have_cg=yes
command -v valgrind >/dev/null || { have_cg=no; echo "policy: no valgrind: no instruction counts" >&2; }

# name file BENCH_ONLY
workloads="vector-churn vector-churn.el -
pidigits pidigits.el -
vector-alloc gc-micro.el alloc-rate"

median_range() {  # numbers on stdin -> "median min-max"
  sort -g | awk '{a[NR]=$1} END {m = NR % 2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2;
                                 printf "%.3f %.3f-%.3f", m, a[1], a[NR]}'
}

printf '%-13s %-7s %14s %12s %12s %10s %12s %11s %s\n' workload policy alloc-Ir \
  Ir/alloc total-Ir splits lists-probed hint-miss "time s (median min-max)"
while read -r name file bonly; do
  [[ $name =~ $only ]] || continue
  bonly=${bonly#-}
  for p in scan hint bitmap; do
    export MARROW_VECTOR_POLICY=$p BENCH_ONLY=$bonly
    stats=$(BENCH_SCALE=$scale "$work/vstats" "$here/$file" | grep '^vstats ')
    read -r _ _ _ allocs _ _ _ splits _ _ _ probed _ misses <<< "$stats"
    alloc_ir=- per=- total_ir=-
    if [ $have_cg = yes ]; then
      cg=$work/cg.out
      # The driver links libmarrow statically: the same heap code as
      # src/marrow, which in a build tree is a libtool wrapper script.
      BENCH_SCALE=$cg_scale valgrind --tool=callgrind --callgrind-out-file="$cg" \
        "$work/vstats" "$here/$file" > "$work/cg.stdout" 2>/dev/null
      total_ir=$(callgrind_annotate "$cg" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
      alloc_ir=$(callgrind_annotate --inclusive=yes "$cg" 2>/dev/null |
                   awk '/:heap_alloc_vector / {gsub(",", "", $1); print $1; exit}')
      cg_allocs=$(awk '/^vstats / {print $4}' "$work/cg.stdout")
      [ -n "$alloc_ir" ] && [ "${cg_allocs:-0}" -gt 0 ] &&
        per=$(awk -v a="$alloc_ir" -v n="$cg_allocs" 'BEGIN {printf "%.1f", a / n}')
      rm -f "$cg"
    fi
    times=$(for ((i = 0; i < runs; i++)); do
              start=$(now)
              BENCH_SCALE=$scale "$MARROW" -batch -Q -l "$here/$file" >/dev/null 2>&1
              awk -v a="$start" -v b="$(now)" 'BEGIN {print b - a}'
            done | median_range)
    printf '%-13s %-7s %14s %12s %12s %10s %12s %11s %s\n' "$name" "$p" "${alloc_ir:--}" "$per" \
      "${total_ir:--}" "${splits:--}" "${probed:--}" "${misses:--}" "$times"
  done
done <<< "$workloads"
echo "(alloc-Ir, Ir/alloc, total-Ir at BENCH_SCALE=$cg_scale; counts and times at BENCH_SCALE=$scale, $runs runs)"
