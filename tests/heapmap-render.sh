#!/bin/sh
# heapmap-render.sh -- a heap picture opens in a browser: headless
# Chromium renders it and the screenshot is not blank (issue 6).
#
#   MARROW=path/to/marrow   the program (default: src/marrow here)
#   CHROMIUM=program        the browser (default: chromium, then
#                           chromium-browser)
#
# Skipped (exit 77) when Chromium or python3 is absent: Chromium is big,
# so setup does not install it (`apt-get install chromium' to run this).

MARROW=${MARROW:-$(pwd)/src/marrow}
if [ -z "$CHROMIUM" ]; then
  for c in chromium chromium-browser; do
    command -v $c >/dev/null 2>&1 && { CHROMIUM=$c; break; }
  done
fi
[ -n "$CHROMIUM" ] || { echo "SKIP: no chromium"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/heapmap-render.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

"$MARROW" --heap-map="$tmp/map.svg" \
  --eval '(setq keep (list (make-list 5000 1) (expt 7 3000) (make-vector 600 nil)))' \
  --eval '(dotimes (i 3000) (make-vector (% i 60) nil))' || { echo "FAIL: marrow"; exit 1; }

# render_svg: Chromium's exit status is not reliable; the PNG is.
limit="timeout 180"
command -v timeout >/dev/null 2>&1 || limit=
$limit "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$tmp/profile" --screenshot="$tmp/out.png" --window-size=1200,800 \
  "file://$tmp/map.svg" >"$tmp/chromium.log" 2>&1
[ -s "$tmp/out.png" ] || { echo "FAIL: no screenshot"; cat "$tmp/chromium.log"; exit 1; }

# Decode the PNG with zlib alone and look at its pixels: a blank page
# is one colour; a heap map has strips of many colours.
python3 - "$tmp/out.png" <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat, hdr = 8, b'', None
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        hdr = struct.unpack('>IIBBBBB', body)
    elif kind == b'IDAT':
        idat += body
    pos += 12 + n
w, h, depth, ctype, _, _, interlace = hdr
assert depth == 8 and ctype in (2, 6) and interlace == 0, hdr
bpp = 3 if ctype == 2 else 4
raw, stride = zlib.decompress(idat), w * bpp
rows, prev = [], bytearray(stride)
for y in range(h):
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line)
    prev = line
colours, inked, total = set(), 0, 0
for line in rows[::4]:
    for x in range(0, stride, bpp * 4):
        px = bytes(line[x:x + 3])
        colours.add(px)
        inked += px != b'\xff\xff\xff'
        total += 1
share = inked / total
print('%dx%d screenshot: %d colours, %.1f%% not white' % (w, h, len(colours), 100 * share))
assert len(colours) >= 8 and share > 0.05, 'the screenshot looks blank'
EOF
status=$?
[ $status -eq 0 ] && echo "ok: Chromium renders the heap map" || echo "FAIL: blank render"
exit $status
