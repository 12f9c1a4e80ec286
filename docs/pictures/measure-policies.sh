#!/bin/sh
# measure-policies.sh -- the numbers behind docs/gc.md's policy table.
#
#   measure-policies.sh [SCALE]     (default BENCH_SCALE=0.1)
#   MARROW=path/to/marrow           (default: src/marrow here)
#
# For pidigits and vector-churn under scan, hint and bitmap: user CPU
# seconds and peak RSS (GNU time), collections, and the allocation
# step's own counters, which the heap map's title reads from
# heap_vector_stats (they are deterministic: the same on every run).

MARROW=${MARROW:-$(pwd)/src/marrow}
scale=${1:-0.1}
bench=$(cd "$(dirname "$0")/../../bench" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/measure.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "| workload | policy | user s | peak RSS | collections | exact | split | fresh block | lists probed per small allocation | hint misses |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for workload in pidigits vector-churn; do
  for policy in scan hint bitmap; do
    BENCH_SCALE=$scale /usr/bin/time -f "%U %M" -o "$tmp/time" "$MARROW" \
      --vector-policy=$policy --heap-map="$tmp/map.svg" "$bench/$workload.el" >/dev/null 2>&1
    read -r user rss <"$tmp/time"
    sed -n 's/.*all \([0-9]*\) collections.*/\1/p' "$tmp/map.svg" | head -1 >"$tmp/gcs"
    sed -n 's/.*small vector-likes allocated \([0-9]*\): \([0-9]*\) exact fit, \([0-9]*\) split, \([0-9]*\) from a fresh block; [0-9]* lists or bitmap words probed (\([0-9.]*\) each); \([0-9]*\) hint misses.*/\2 \3 \4 \5 \6/p' \
      "$tmp/map.svg" | head -1 >"$tmp/alloc"
    read -r exact split fresh probes misses <"$tmp/alloc"
    echo "| $workload | $policy | $user | $((rss / 1024)) MiB | $(cat "$tmp/gcs") | $exact | $split | $fresh | $probes | $misses |"
  done
done
