/* chartab.c -- layer 5: char-tables (chartab.h). */
#include "chartab.h"

#include "eval.h"
#include "fns.h"
#include "gc.h"
#include "strfns.h"

enum { CT_DEFAULT, CT_PARENT, CT_SUBTYPE, CT_ASCII, CT_CONTENTS };
enum { SUB_DEPTH, SUB_MIN_CHAR, SUB_CONTENTS };

/* By depth: the bits of a character below an entry's, and entries. */
static const int entry_bits[4] = { 16, 12, 7, 0 };
static const int entries[4] = { 64, 16, 32, 128 };

static int sub_depth(mval sub) { return (int)XFIXNUM(AREF(sub, SUB_DEPTH)); }
static int64_t sub_min(mval sub) { return XFIXNUM(AREF(sub, SUB_MIN_CHAR)); }

static mval make_sub(mrt *rt, int depth, int64_t min_char, mval init)
{
  size_t n = (size_t)(SUB_CONTENTS + entries[depth]);
  mval sub = gc_vectorlike_fill(rt->gc, PVEC_SUB_CHAR_TABLE, n + 1, n, init);
  ASET_FIXNUM(sub, SUB_DEPTH, make_fixnum(depth));
  ASET_FIXNUM(sub, SUB_MIN_CHAR, make_fixnum(min_char));
  return sub;
}

/* The slot of TABLE (a char-table when DEPTH is 0) that holds C. */
static int64_t slot_of(mval table, int depth, int64_t c)
{
  int64_t min = depth ? sub_min(table) : 0;
  return (depth ? SUB_CONTENTS : CT_CONTENTS) + ((c - min) >> entry_bits[depth]);
}

/* The value stored for C, nil when none: no default, no parent. */
static mval stored(mval table, int64_t c)
{
  mval v = AREF(table, slot_of(table, 0, c));
  while (SUB_CHAR_TABLE_P(v))
    v = AREF(v, slot_of(v, sub_depth(v), c));
  return v;
}

static mval lookup(mval table, int64_t c)
{
  for (;;) {
    mval v = stored(table, c);
    if (!NILP(v))
      return v;
    if (!NILP(AREF(table, CT_DEFAULT)) || !CHAR_TABLE_P(AREF(table, CT_PARENT)))
      return AREF(table, CT_DEFAULT);
    table = AREF(table, CT_PARENT);
  }
}

static int64_t check_character(mrt *rt, mval c)
{
  CHECK_TYPE(rt, FIXNUMP(c), Qfixnump, c);
  CHECK_TYPE(rt, CHARACTERP(c), Qcharacterp, c);
  return XFIXNUM(c);
}

static mval check_char_table(mrt *rt, mval x)
{
  CHECK_TYPE(rt, CHAR_TABLE_P(x), Qchar_table_p, x);
  return x;
}

mval chartab_ref(mrt *rt, mval table, mval c) { return lookup(table, check_character(rt, c)); }
/* ASCII first, from the ASCII slot: the syntax scans and the regexp
   syntax classes ask for every character. */
mval chartab_lookup(mval table, int64_t c)
{
  if (c < 128) {
    mval ascii = AREF(table, CT_ASCII);
    mval v = SUB_CHAR_TABLE_P(ascii) ? AREF(ascii, SUB_CONTENTS + c) : ascii;
    if (!NILP(v))
      return v;
  }
  return lookup(table, c);
}

/* Emacs keeps ASCII, the depth-3 table of characters 0..127 or the
   value of them all, in a slot of its own. */
static void update_ascii(mrt *rt, mval table)
{
  mval v = AREF(table, CT_CONTENTS);
  for (int depth = 1; depth <= 2 && SUB_CHAR_TABLE_P(v); depth++)
    v = AREF(v, SUB_CONTENTS);
  gc_aset(rt->gc, table, CT_ASCII, v);
}

/* Calls FN for each entry of NODE (the char-table itself at DEPTH 0)
   that holds characters of [LO, HI], with the part it holds and
   whether it holds no others. */
struct entry {
  mval node;
  int depth;
  int64_t slot, base, from, to; /* BASE: the entry's first character */
  bool whole;
};
typedef void (*entry_fn)(const struct entry *e, void *ud);

static void each_entry(mval node, int depth, int64_t lo, int64_t hi, entry_fn fn, void *ud)
{
  int64_t min = depth ? sub_min(node) : 0, span = (int64_t)1 << entry_bits[depth];
  int64_t first = depth ? SUB_CONTENTS : CT_CONTENTS;
  for (int64_t i = 0; i < entries[depth]; i++) {
    int64_t a = min + i * span, b = a + span - 1;
    if (b < lo || a > hi)
      continue;
    struct entry e = { node, depth, first + i, a, a < lo ? lo : a, b > hi ? hi : b,
                       lo <= a && b <= hi };
    fn(&e, ud);
  }
}

struct setting {
  mrt *rt;
  int64_t from, to;
  mval value;
};

/* Whole entries take the value, partly covered ones become sub-tables. */
static void set_entry(const struct entry *e, void *ud)
{
  struct setting *s = ud;
  if (e->whole) {
    gc_aset(s->rt->gc, e->node, e->slot, s->value);
    return;
  }
  mval sub = AREF(e->node, e->slot);
  if (!SUB_CHAR_TABLE_P(sub)) {
    sub = make_sub(s->rt, e->depth + 1, e->base, sub);
    gc_aset(s->rt->gc, e->node, e->slot, sub);
  }
  each_entry(sub, e->depth + 1, s->from, s->to, set_entry, s);
}

static void set_range(mrt *rt, mval table, int64_t from, int64_t to, mval value)
{
  struct setting s = { rt, from, to, value };
  each_entry(table, 0, from, to, set_entry, &s);
}

void chartab_set_range(mrt *rt, mval table, int64_t from, int64_t to, mval value)
{
  set_range(rt, table, from, to, value);
  if (from < 128)
    update_ascii(rt, table);
}

void chartab_set(mrt *rt, mval table, mval c, mval value)
{
  int64_t ch = check_character(rt, c);
  set_range(rt, table, ch, ch, value);
  if (ch < 128)
    update_ascii(rt, table);
}

mval chartab_copy(mrt *rt, mval table)
{
  size_t n = vl_header_nlisp(XVL(table)->header);
  mval copy = gc_vectorlike_fill(rt->gc, PVEC_TYPE(table), n + 1, n, Qnil);
  for (size_t i = 0; i < n; i++) {
    mval v = AREF(table, i);
    gc_aset(rt->gc, copy, (int64_t)i, SUB_CHAR_TABLE_P(v) ? chartab_copy(rt, v) : v);
  }
  if (CHAR_TABLE_P(copy))
    update_ascii(rt, copy);
  return copy;
}

mval chartab_from_vector(mrt *rt, mval v, bool sub)
{
  int64_t n = VECTOR_LENGTH(v);
  if (sub) {
    mval depth = n > 0 ? AREF(v, 0) : Qnil;
    if (!FIXNUMP(depth) || XFIXNUM(depth) < 1 || XFIXNUM(depth) > 3 ||
        n != SUB_CONTENTS + entries[XFIXNUM(depth)] || !FIXNUMP(AREF(v, 1)))
      mrt_error(rt, "Invalid size in sub char-table");
  } else if (n < CHAR_TABLE_STANDARD_SLOTS || n > CHAR_TABLE_STANDARD_SLOTS + CHAR_TABLE_EXTRA_MAX) {
    mrt_error(rt, "Invalid size char-table");
  }
  return gc_vectorlike_copy(rt->gc, sub ? PVEC_SUB_CHAR_TABLE : PVEC_CHAR_TABLE, (size_t)n + 1,
                            (size_t)n, VECTOR_SLOTS(v));
}

/* ---- map-char-table ---- */

/* Runs of characters with one (eq) value, passed to a Lisp function
   when the value changes, as Emacs's map_char_table: nil runs are
   skipped, a run of one character is that character, else (FROM . TO). */
struct runs {
  mrt *rt;
  mval fn, value;
  int64_t from, to;
};

static void flush_run(struct runs *r)
{
  if (NILP(r->value) || r->from > r->to)
    return;
  mval key = r->from == r->to ? make_fixnum(r->from)
                              : Fcons(r->rt, make_fixnum(r->from), make_fixnum(r->to));
  call2(r->rt, r->fn, key, r->value);
}

static void add_run(struct runs *r, int64_t from, int64_t to, mval value)
{
  if (value == r->value && from == r->to + 1) {
    r->to = to;
    return;
  }
  flush_run(r);
  r->from = from;
  r->to = to;
  r->value = value;
}

struct walking {
  struct runs *runs;
  mval table;
};

/* An entry's run, nil resolved through the default and the parent. */
static void walk_entry(const struct entry *e, void *ud)
{
  struct walking *w = ud;
  mval v = AREF(e->node, e->slot), table = w->table;
  if (SUB_CHAR_TABLE_P(v)) {
    each_entry(v, e->depth + 1, e->from, e->to, walk_entry, w);
  } else if (NILP(v) && NILP(AREF(table, CT_DEFAULT)) && CHAR_TABLE_P(AREF(table, CT_PARENT))) {
    struct walking up = { w->runs, AREF(table, CT_PARENT) };
    each_entry(up.table, 0, e->from, e->to, walk_entry, &up);
  } else {
    add_run(w->runs, e->from, e->to, NILP(v) ? AREF(table, CT_DEFAULT) : v);
  }
}

/* ---- Primitives ---- */

mval chartab_make(mrt *rt, mval purpose, mval init)
{
  CHECK_TYPE(rt, SYMBOLP(purpose), Qsymbolp, purpose);
  mval slots = get_prop(rt, purpose, Qchar_table_extra_slots);
  int64_t extra = NILP(slots) ? 0 : check_natnum(rt, slots);
  if (extra > CHAR_TABLE_EXTRA_MAX)
    args_out_of_range(rt, slots, Qnil);
  size_t size = (size_t)(CHAR_TABLE_STANDARD_SLOTS + extra);
  mval table = gc_vectorlike_fill(rt->gc, PVEC_CHAR_TABLE, size + 1, size, init);
  gc_aset(rt->gc, table, CT_PARENT, Qnil);
  gc_aset(rt->gc, table, CT_SUBTYPE, purpose);
  return table;
}

static mval Fmake_char_table(mrt *rt, int n, mval *a) { return chartab_make(rt, a[0], a[1]); }

void chartab_set_default(mrt *rt, mval table, mval value) { gc_aset(rt->gc, table, CT_DEFAULT, value); }

/* (fillarray TABLE VALUE) as Emacs 28 does it: the top-level slots and
   the default take VALUE, sub-tables and all; the ASCII slot is left
   as it was, as Emacs leaves it (the printed table shows it). */
void chartab_fill(mrt *rt, mval table, mval value)
{
  for (int64_t i = 0; i < entries[0]; i++)
    gc_aset(rt->gc, table, CT_CONTENTS + i, value);
  chartab_set_default(rt, table, value);
}
mval chartab_parent(mval table) { return AREF(table, CT_PARENT); }
void chartab_set_parent(mrt *rt, mval table, mval parent) { gc_aset(rt->gc, table, CT_PARENT, parent); }

static mval Fchar_table_p(mrt *rt, int n, mval *a) { return CHAR_TABLE_P(a[0]) ? Qt : Qnil; }

mval chartab_subtype(mval table) { return AREF(table, CT_SUBTYPE); }

static mval Fchar_table_subtype(mrt *rt, int n, mval *a)
{
  return chartab_subtype(check_char_table(rt, a[0]));
}

static mval Fchar_table_parent(mrt *rt, int n, mval *a)
{
  return AREF(check_char_table(rt, a[0]), CT_PARENT);
}

static mval Fset_char_table_parent(mrt *rt, int n, mval *a)
{
  check_char_table(rt, a[0]);
  if (!NILP(a[1]))
    check_char_table(rt, a[1]);
  gc_aset(rt->gc, a[0], CT_PARENT, a[1]);
  return a[1];
}

static int64_t extra_slot(mrt *rt, mval table, mval n)
{
  check_char_table(rt, table);
  int64_t i = check_fixnum(rt, n);
  if (i < 0 || i >= (int64_t)vl_header_nlisp(XVL(table)->header) - CHAR_TABLE_STANDARD_SLOTS)
    args_out_of_range(rt, table, n);
  return CHAR_TABLE_STANDARD_SLOTS + i;
}

static mval Fchar_table_extra_slot(mrt *rt, int n, mval *a)
{
  return AREF(a[0], extra_slot(rt, a[0], a[1]));
}

static mval Fset_char_table_extra_slot(mrt *rt, int n, mval *a)
{
  gc_aset(rt->gc, a[0], extra_slot(rt, a[0], a[1]), a[2]);
  return a[2];
}

static mval Fchar_table_range(mrt *rt, int n, mval *a)
{
  mval table = check_char_table(rt, a[0]), range = a[1];
  if (NILP(range))
    return AREF(table, CT_DEFAULT);
  if (CHARACTERP(range))
    return lookup(table, XFIXNUM(range));
  if (CONSP(range) && CHARACTERP(XCAR(range)))
    return lookup(table, XFIXNUM(XCAR(range)));
  mrt_error(rt, "Invalid RANGE argument to \xe2\x80\x98" "char-table-range\xe2\x80\x99");
}

static mval Fset_char_table_range(mrt *rt, int n, mval *a)
{
  mval table = check_char_table(rt, a[0]), range = a[1], value = a[2];
  if (NILP(range)) {
    gc_aset(rt->gc, table, CT_DEFAULT, value);
    return value;
  }
  int64_t from, to;
  if (range == Qt) {
    from = 0;
    to = MAX_CHAR;
  } else if (CONSP(range)) {
    from = check_character(rt, XCAR(range));
    to = check_character(rt, XCDR(range));
  } else if (CHARACTERP(range)) {
    from = to = XFIXNUM(range);
  } else {
    mrt_error(rt, "Invalid RANGE argument to \xe2\x80\x98" "set-char-table-range\xe2\x80\x99");
  }
  if (from <= to)
    set_range(rt, table, from, to, value);
  update_ascii(rt, table);
  return value;
}

static mval Fmap_char_table(mrt *rt, int n, mval *a)
{
  mval table = check_char_table(rt, a[1]);
  struct runs r = { rt, a[0], Qnil, 0, -1 };
  struct walking w = { &r, table };
  each_entry(table, 0, 0, MAX_CHAR, walk_entry, &w);
  flush_run(&r);
  return Qnil;
}

/* (max-char): Emacs 28 has no UNICODE argument */
static mval Fmax_char(mrt *rt, int n, mval *a)
{
  return make_fixnum(MAX_CHAR);
}

static const struct subr_def chartab_subrs[] = {
  { "max-char", Fmax_char, 0, 0 },
  { "make-char-table", Fmake_char_table, 1, 2 },
  { "char-table-p", Fchar_table_p, 1, 1 },
  { "char-table-subtype", Fchar_table_subtype, 1, 1 },
  { "char-table-parent", Fchar_table_parent, 1, 1 },
  { "set-char-table-parent", Fset_char_table_parent, 2, 2 },
  { "char-table-extra-slot", Fchar_table_extra_slot, 2, 2 },
  { "set-char-table-extra-slot", Fset_char_table_extra_slot, 3, 3 },
  { "char-table-range", Fchar_table_range, 2, 2 },
  { "set-char-table-range", Fset_char_table_range, 3, 3 },
  { "map-char-table", Fmap_char_table, 2, 2 },
};

void chartab_init(mrt *rt)
{
  defsubrs(rt, chartab_subrs, sizeof chartab_subrs / sizeof chartab_subrs[0]);
}
