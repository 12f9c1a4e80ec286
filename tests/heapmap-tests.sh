#!/bin/sh
# heapmap-tests.sh -- issue 6's switches and pictures, from the command
# line: (heap-map FILE), --heap-map, --heap-map-dir, the per-collection
# log (--gc-log, MARROW_GC_LOG, garbage-collection-messages), the
# policies as the log reports them, GC stress giving identical output,
# and the introspection primitives.
#
#   MARROW=path/to/marrow   the program (default: src/marrow here)
#
# The SVG is checked with python3's XML parser (every picture must be
# well-formed, with one strip per block and a legend).  Exit 77 (skip)
# without python3.

MARROW=${MARROW:-$(pwd)/src/marrow}
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/heapmap-tests.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# check_svg FILE [MIN-STRIPS]: well-formed, an <svg> root, strips for
# blocks with a known kind, a legend with the types, a title.  Prints
# the number of strips.
check_svg() {
  python3 - "$1" "${2:-1}" <<'EOF'
import sys, xml.etree.ElementTree as ET
ns = {'s': 'http://www.w3.org/2000/svg'}
path, least = sys.argv[1], int(sys.argv[2])
root = ET.parse(path).getroot()
assert root.tag == '{http://www.w3.org/2000/svg}svg', root.tag
strips = root.findall('.//s:g[@class="block"]', ns)
assert len(strips) >= least, 'only %d strips' % len(strips)
kinds = {g.get('data-kind') for g in strips}
assert kinds <= {'cons', 'float', 'symbol', 'string', 'vector', 'large'}, kinds
for g in strips:
    assert g.findall('s:rect', ns), 'a strip without rectangles'
legend = root.find('.//s:g[@id="legend"]', ns)
assert legend is not None, 'no legend'
words = ' '.join(t.text or '' for t in legend.iter('{http://www.w3.org/2000/svg}text'))
for name in ('cons', 'float', 'symbol', 'string header', 'vector', 'bignum', 'closure',
             'hash table', 'record', 'free chunk', 'VINDEX'):
    assert name in words, 'legend lacks ' + name
title = ' '.join(t.text or '' for t in root.iter('{http://www.w3.org/2000/svg}text')
                 if t.get('class') in ('title', 'stats'))
for word in ('collection', 'policy', 'live', 'GMP', 'mark', 'sweep'):
    assert word in title, 'title lacks ' + word
print(len(strips))
EOF
}

# ---- (heap-map FILE) ------------------------------------------------
script='(progn
  (setq keep (list (make-list 3000 (quote x)) (make-vector 300 1.5)
                   (make-hash-table :test (quote equal)) (expt 3 400)
                   (record (quote point) 1 2) (lambda (x) (list x keep)) "a string"))
  (dotimes (i 2000) (make-vector (% i 40) nil))
  (heap-map (expand-file-name "map.svg" dir))
  (princ (length (heap-blocks))))'
blocks=$("$MARROW" --eval "(setq dir \"$tmp\")" --eval "$script" 2>"$tmp/err")
if [ $? -ne 0 ]; then
  fail "heap-map: $(cat "$tmp/err")"
elif ! strips=$(check_svg "$tmp/map.svg" 5); then
  fail "heap-map: the SVG does not pass the checks"
else
  # heap-blocks ran after the picture and may have added one block.
  diff=$((blocks - strips))
  if [ "$diff" -ge 0 ] && [ "$diff" -le 1 ]; then
    pass "heap-map: well-formed SVG, $strips strips for $blocks blocks, legend, title"
  else
    fail "heap-map: $strips strips but (heap-blocks) lists $blocks blocks"
  fi
fi
grep -q 'data-kind="large"' "$tmp/map.svg" || fail "heap-map: no large object drawn"

# ---- --heap-map and --heap-map-dir ---------------------------------
# Collections while the runtime opened (loading the Lisp library may
# make one) come before --heap-map-dir and have no picture.
counts=$("$MARROW" --heap-map="$tmp/exit.svg" --heap-map-dir="$tmp/steps" \
      --eval '(defvar heapmap-test-start gcs-done)' \
      --eval '(setq gc-cons-threshold 20000)' \
      --eval '(dotimes (i 3000) (make-vector (% i 30) nil))' \
      --eval '(princ (format "%d %d" heapmap-test-start (- gcs-done heapmap-test-start)))' \
      2>"$tmp/err")
if [ $? -ne 0 ]; then
  fail "--heap-map-dir: $(cat "$tmp/err")"
else
  start=${counts% *} n=${counts#* }
  # --heap-map's own final collection adds one picture at exit.  A
  # collection after --heap-map-dir took effect but before the first
  # --eval (how much start-up allocates decides) has its picture too:
  # only those after START count.
  pictures=0
  bad=0
  for f in "$tmp"/steps/heap-*.svg; do
    number=$(basename "$f" .svg | sed 's/^heap-0*//')
    [ "${number:-0}" -gt "$start" ] || continue
    pictures=$((pictures + 1))
    check_svg "$f" >/dev/null || bad=$((bad + 1))
  done
  if [ "$n" -ge 2 ] && [ "$pictures" -eq $((n + 1)) ] && [ $bad -eq 0 ] \
     && [ -f "$tmp/steps/$(printf 'heap-%05d.svg' $((start + 1)))" ]; then
    pass "--heap-map-dir: $pictures well-formed pictures for $n collections (+1 at exit)"
  else
    fail "--heap-map-dir: $pictures pictures ($bad bad) for $n collections"
  fi
  check_svg "$tmp/exit.svg" >/dev/null && pass "--heap-map: picture at exit" \
    || fail "--heap-map: no good picture at exit"
fi

# ---- heap-map's errors ---------------------------------------------
out=$("$MARROW" -p '(list (condition-case e (heap-map 3) (wrong-type-argument (car e)))
                          (condition-case e (heap-map "/nonexistent-dir/x.svg") (file-error (car e))))' 2>&1)
[ "$out" = "(wrong-type-argument file-error)" ] && pass "heap-map: bad arguments signal" \
  || fail "heap-map errors: $out"
if [ -x "${MARROW}-boehm" ]; then
  out=$("${MARROW}-boehm" --eval '(heap-map "x.svg")' 2>&1)
  case $? in
    255) case $out in *"no heap"*) pass "marrow-boehm: heap-map says there is no heap";;
                      *) fail "marrow-boehm heap-map: $out";; esac ;;
    *) fail "marrow-boehm heap-map did not fail: $out" ;;
  esac
fi

# ---- The per-collection log ----------------------------------------
gc_twice='(progn (garbage-collect) (garbage-collect))'
# A collection while the Lisp library loads is logged too: count the
# lines against gcs-done, and check the first explicit one.
done_count=$("$MARROW" --gc-log --vector-policy=bitmap --eval "$gc_twice" \
               --eval '(princ gcs-done)' 2>"$tmp/log")
lines=$(grep -c '^gc [0-9]' "$tmp/log")
line=$(grep -m1 '^gc [0-9]* (garbage-collect)' "$tmp/log")
missing=
for word in '(garbage-collect)' 'live ' 'cons ' ' vector ' ' large ' '->' 'mark ' 'sweep ' \
            'blocks freed' 'vector free lists' 'policy bitmap'; do
  case $line in *"$word"*) ;; *) missing="$missing '$word'";; esac
done
[ "$lines" -eq "$done_count" ] && [ "$lines" -ge 2 ] && [ -z "$missing" ] \
  && pass "--gc-log: one full line per collection" \
  || fail "--gc-log: $lines lines, missing$missing: $line"
for p in scan hint; do
  MARROW_VECTOR_POLICY=$p MARROW_GC_LOG=1 "$MARROW" --eval '(garbage-collect)' 2>&1 \
    | grep -q "policy $p\$" && pass "MARROW_GC_LOG=1, policy $p reported" \
    || fail "MARROW_GC_LOG with policy $p"
done
out=$("$MARROW" --eval '(progn (garbage-collect) (setq garbage-collection-messages t)
                                (garbage-collect) (setq garbage-collection-messages nil)
                                (garbage-collect))' 2>&1 | grep -c '^gc ')
[ "$out" = 1 ] && pass "garbage-collection-messages turns the log on and off" \
  || fail "garbage-collection-messages: $out lines"

# ---- GC stress: identical output -----------------------------------
cat >"$tmp/work.el" <<'EOF'
(require 'cl-lib)
(defun tree (d) (if (= d 0) (cons nil nil) (cons (tree (1- d)) (tree (1- d)))))
(defun count-tree (x) (if (car x) (+ 1 (count-tree (car x)) (count-tree (cdr x))) 1))
(let ((h (make-hash-table :test 'equal)) (acc nil))
  (dotimes (i 200)
    (puthash (format "k%d" i) (make-vector (% i 17) i) h)
    (push (* (expt 7 (% i 40)) i) acc))
  (princ (format "%d %d %s %S\n" (hash-table-count h) (count-tree (tree 8))
                 (apply #'+ acc) (cl-loop for i below 10 collect (* i 1.5)))))
EOF
normal=$("$MARROW" "$tmp/work.el" 2>&1)
stressed=$("$MARROW" --gc-stress "$tmp/work.el" 2>&1)
env_stressed=$(MARROW_GC_STRESS=1 "$MARROW" "$tmp/work.el" 2>&1)
if [ -n "$normal" ] && [ "$normal" = "$stressed" ] && [ "$normal" = "$env_stressed" ]; then
  pass "--gc-stress and MARROW_GC_STRESS=1 print identical output"
else
  fail "GC stress output differs: '$normal' / '$stressed' / '$env_stressed'"
fi
n=$("$MARROW" --gc-stress -p '(progn (list 1 2) gcs-done)')
[ "${n:-0}" -gt 100 ] && pass "--gc-stress collects at allocations ($n collections)" \
  || fail "--gc-stress: only ${n:-0} collections"

# ---- Introspection --------------------------------------------------
out=$("$MARROW" --vector-policy=bitmap -p '(let ((v (vector-free-lists)))
  (list (plist-get v :policy) (length (plist-get v :counts)) (plist-get v :hint)
        (length (plist-get v :bitmap))
        (let ((ok t)) (dolist (b (heap-blocks) ok)
          (unless (and (memq (car b) (quote (cons float symbol string vector large)))
                       (natnump (nth 1 b)) (natnump (nth 2 b)))
            (setq ok nil))))))' 2>&1)
[ "$out" = "(bitmap 510 nil 8 t)" ] && pass "(vector-free-lists) and (heap-blocks)" \
  || fail "introspection: $out"
out=$("$MARROW" --vector-policy=hint -p '(natnump (plist-get (vector-free-lists) :hint))' 2>&1)
[ "$out" = t ] && pass "(vector-free-lists) gives the hint under policy hint" \
  || fail "hint: $out"

echo "$failures failed"
[ $failures -eq 0 ]
