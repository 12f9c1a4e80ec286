#!/usr/bin/env python3
"""copycheck.py [--min TOKENS(30)] [--thresh FRACTION(0.4)] FILE.el...  -- how much of FILE follows Emacs 28's Lisp sources.

marrow's rule is to read other projects' code for ideas only; this
measures how closely each form of a Lisp file follows any of the Lisp
sources Debian's emacs-nox installs.  It is a heuristic for finding
forms to read side by side with Emacs's, not a verdict: data tables of
facts (key bindings, name lists) match by nature.  The first run builds
a cache of the sources' token runs ($COPYCHECK_CACHE, default
/tmp/copycheck.cache), which takes about half a minute.


Tokenizes Lisp (comments dropped; strings kept as one token each) in two
views, and looks for runs of N consecutive tokens that also occur somewhere
in /usr/share/emacs/28.2/lisp/**/*.el.gz:
  exact  - tokens as written (N=14)
  shape  - symbols right after "(" kept, every other symbol -> V, strings -> S,
           numbers -> N (so renamed variables still match) (N=30)
Prints, per top-level form of FILE, the share of its tokens covered by such
runs, worst first.  Anything above ~30% shape coverage in a form longer than
~40 tokens deserves a look: rewrite it with a different structure.
"""
import gzip, os, pickle, re, sys, glob

EXACT_N, SHAPE_N = 24, 40
CACHE = os.environ.get('COPYCHECK_CACHE', '/tmp/copycheck.cache')
TOK = re.compile(r'''\s+|;[^\n]*|"(?:[^"\\]|\\.)*"|\?\\?.|[()\[\]'`]|,@|,|#'|[^\s()\[\]'`",;]+''', re.S)


def tokens(text):
    out = []  # (exact, shape, top-level-form-index)
    depth, form = 0, -1
    prev = None
    for m in TOK.finditer(text):
        t = m.group()
        if t[0].isspace() or t[0] == ';':
            continue
        if t == '(' or t == '[':
            if depth == 0:
                form += 1
            depth += 1
        elif t in (')', ']'):
            depth = max(0, depth - 1)
        if t[0] == '"':
            s = 'S'
        elif re.fullmatch(r'[-+]?[0-9.]+(e[-+]?[0-9]+)?', t):
            s = 'N'
        elif t in '()[]\'`,' or t in (',@', "#'"):
            s = t
        elif prev == '(':
            s = t
        else:
            s = 'V'
        out.append((t, s, form, m.start()))
        prev = t
    return out


def grams(seq, n):
    return [hash(tuple(seq[i:i + n])) for i in range(len(seq) - n + 1)]


def corpus():
    if os.path.exists(CACHE):
        with open(CACHE, 'rb') as f:
            return pickle.load(f)
    ex, sh = set(), set()
    for p in glob.glob('/usr/share/emacs/28.2/lisp/**/*.el.gz', recursive=True):
        try:
            text = gzip.open(p, 'rt', errors='replace').read()
        except Exception:
            continue
        toks = tokens(text)
        ex.update(grams([t[0] for t in toks], EXACT_N))
        sh.update(grams([t[1] for t in toks], SHAPE_N))
    with open(CACHE, 'wb') as f:
        pickle.dump((ex, sh), f)
    return ex, sh


def check(path, ex, sh):
    text = open(path, errors='replace').read()
    toks = tokens(text)
    cov = {}
    for view, n, table in ((0, EXACT_N, ex), (1, SHAPE_N, sh)):
        seq = [t[view] for t in toks]
        hit = [False] * len(seq)
        for i, g in enumerate(grams(seq, n)):
            if g in table:
                for j in range(i, i + n):
                    hit[j] = True
        cov[view] = hit
    forms = {}
    for i, t in enumerate(toks):
        f = forms.setdefault(t[2], [0, 0, 0, t[3]])
        f[0] += 1
        f[1] += cov[0][i]
        f[2] += cov[1][i]
    rows = []
    for k, (n, e, s, pos) in forms.items():
        line = text.count('\n', 0, pos) + 1
        head = text[pos:pos + 60].split('\n')[0]
        rows.append((s / n, e / n, n, line, head))
    rows.sort(reverse=True)
    total = len(toks) or 1
    print(f'== {path}: {len(toks)} tokens; exact-covered {sum(cov[0])*100//total}%, '
          f'shape-covered {sum(cov[1])*100//total}%')
    for s, e, n, line, head in rows:
        if n >= MIN_TOK and (s >= THRESH or e >= THRESH):
            print(f'  line {line:5d}  {n:5d} tok  shape {s*100:3.0f}%  exact {e*100:3.0f}%  {head}')


MIN_TOK, THRESH = 30, 0.4


def main():
    global MIN_TOK, THRESH
    args = sys.argv[1:]
    while args and args[0].startswith('--'):
        opt = args.pop(0)
        if opt == '--min':
            MIN_TOK = int(args.pop(0))
        elif opt == '--thresh':
            THRESH = float(args.pop(0))
    if os.environ.get('PYTHONHASHSEED') != '0':
        os.environ['PYTHONHASHSEED'] = '0'
        os.execv(sys.executable, [sys.executable] + sys.argv)
    ex, sh = corpus()
    for p in args:
        check(p, ex, sh)


if __name__ == '__main__':
    main()
