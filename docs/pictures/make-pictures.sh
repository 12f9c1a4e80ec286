#!/bin/sh
# make-pictures.sh -- regenerate the pictures of docs/gc.md from real
# runs of the current code (`make docs-pictures' runs this).
#
#   make-pictures.sh OUTDIR
#   MARROW=path/to/marrow    the program (default: src/marrow here)
#   CHROMIUM=program         for the PNG copies (default: chromium when
#                            installed; without it only SVG is written)
#
# Pictures:
#   split-1.svg, split-2.svg   a toy program: survivors and coalesced free
#                              chunks, then the same blocks after small
#                              vectors were cut from those chunks
#   WORKLOAD-POLICY.svg        pidigits and vector-churn at BENCH_SCALE
#                              0.01, under scan, hint and bitmap, drawn at
#                              the collection halfway through the run

set -e
out=${1:?usage: make-pictures.sh OUTDIR}
MARROW=${MARROW:-$(pwd)/src/marrow}
here=$(cd "$(dirname "$0")" && pwd)
bench=$here/../../bench
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pictures.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$out"

# ---- The toy: coalescing, then splitting ---------------------------
"$MARROW" --vector-policy=bitmap --eval "(setq out \"$out\")" --eval '(progn
  ;; 120 vectors of 1..40 slots; keep every third one.
  (setq all nil)
  (dotimes (i 120) (push (make-vector (1+ (% (* i 7) 40)) i) all))
  (setq keep nil)
  (let ((i 0)) (dolist (v all) (when (= 0 (% i 3)) (push v keep)) (setq i (1+ i))))
  (setq all nil)
  (heap-map (expand-file-name "split-1.svg" out))
  ;; Small vectors now come from the coalesced gaps, split to size.
  (dotimes (i 150) (push (make-vector (1+ (% i 3)) i) keep))
  (heap-map (expand-file-name "split-2.svg" out)))'

# ---- The workloads under each policy --------------------------------
# middle_picture DIR: the picture of the collection halfway through.
middle_picture() {
  n=$(ls "$1" | wc -l)
  ls "$1" | sed -n "$(( (n + 1) / 2 ))p"
}

for workload in pidigits vector-churn; do
  for policy in scan hint bitmap; do
    rm -rf "$tmp/steps"
    BENCH_SCALE=0.01 "$MARROW" --vector-policy=$policy --heap-map-dir="$tmp/steps" \
      "$bench/$workload.el" >"$tmp/$workload-$policy.out" 2>&1
    cp "$tmp/steps/$(middle_picture "$tmp/steps")" "$out/$workload-$policy.svg"
  done
done

# ---- PNG copies, when a browser is at hand --------------------------
if [ -z "$CHROMIUM" ]; then
  for c in chromium chromium-browser; do
    command -v $c >/dev/null 2>&1 && { CHROMIUM=$c; break; }
  done
fi
if [ -z "$CHROMIUM" ]; then
  echo "make-pictures: no chromium, SVG only"
  exit 0
fi
for svg in "$out"/*.svg; do
  height=$(sed -n 's/.*<svg [^>]* height="\([0-9]*\)".*/\1/p' "$svg" | head -1)
  [ "${height:-0}" -le 3000 ] || height=3000
  "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --user-data-dir="$tmp/profile" --screenshot="${svg%.svg}.png" \
    --window-size=1240,"${height:-800}" "file://$svg" >/dev/null 2>&1 || true
done
echo "make-pictures: SVG and PNG in $out"
