/*
** strfns.c -- layer 5: strings and characters.
**
** Invariants of this module:
**   - A string's bytes are valid (extended) UTF-8: every character has
**     exactly one encoding (strfns.h), so comparing bytes compares code
**     points in order, and equal strings have equal bytes.
**   - nchars counts the characters, nbytes the bytes; the multibyte
**     flag is set when any byte is >= #x80.  Every constructor here sets
**     all three.
**   - Functions that build strings size the result first and fill it in
**     one Lisp allocation, or collect the pieces in Lisp objects: no
**     malloc'd scratch memory, so a signal halfway leaks nothing.
**   - Regexps (second half of the file) are compiled to a small program
**     and run by a Pike VM: time linear in the string for a given
**     regexp, no recursion, no backtracking blow-up.
*/
#include "config.h"

#include <string.h>

#include "strfns.h"
#include "fns.h"
#include "eval.h"

static mval bool_val(bool b) { return b ? Qt : Qnil; }

/* ================================================================== */
/* UTF-8                                                              */
/* ================================================================== */

int char_encoded_length(int c)
{
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : c < 0x200000 ? 4 : 5;
}

int char_encode(int c, uint8_t *out)
{
  int n = char_encoded_length(c);
  if (n == 1) {
    out[0] = (uint8_t)c;
    return 1;
  }
  static const uint8_t lead[] = { 0, 0, 0xC0, 0xE0, 0xF0, 0xF8 };
  for (int i = n - 1; i > 0; i--) {
    out[i] = (uint8_t)(0x80 | (c & 0x3F));
    c >>= 6;
  }
  out[0] = (uint8_t)(lead[n] | c);
  return n;
}

int char_decode(const uint8_t *p, const uint8_t *end, int *len)
{
  uint8_t b = p[0];
  int n = b < 0x80 ? 1 : b < 0xC0 ? 0 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : b < 0xF8 ? 4 : b < 0xFC ? 5 : 0;
  if (n == 1 || n == 0 || p + n > end) {
    *len = 1;
    return b;
  }
  int c = b & (0x7F >> n);
  for (int i = 1; i < n; i++) {
    if ((p[i] & 0xC0) != 0x80) {
      *len = 1;
      return b;
    }
    c = (c << 6) | (p[i] & 0x3F);
  }
  *len = n;
  return c;
}

int check_char(mrt *rt, mval x)
{
  CHECK_TYPE(rt, CHARACTERP(x), Qcharacterp, x);
  return (int)XFIXNUM(x);
}

int64_t string_char_to_byte(mval s, int64_t idx)
{
  struct string *str = XSTRING(s);
  if (str->nchars == str->nbytes)
    return idx;
  const uint8_t *p = str->data, *end = p + str->nbytes;
  while (idx-- > 0 && p < end) {
    int len;
    char_decode(p, end, &len);
    p += len;
  }
  return p - str->data;
}

int string_char_at(mval s, int64_t idx)
{
  struct string *str = XSTRING(s);
  int64_t off = string_char_to_byte(s, idx);
  int len;
  return char_decode(str->data + off, str->data + str->nbytes, &len);
}

static void set_string_counts(mval s)
{
  struct string *str = XSTRING(s);
  bool mb;
  str->nchars = utf8_count_chars(str->data, (size_t)str->nbytes, &mb);
  str->flags = mb ? (str->flags | STRING_MULTIBYTE) : (str->flags & ~(uint64_t)STRING_MULTIBYTE);
}

/* An empty string with room for NBYTES; the caller fills it and then
   calls set_string_counts. */
static mval alloc_string(mrt *rt, int64_t nbytes)
{
  if (nbytes < 0 || (uint64_t)nbytes > (UINT64_C(1) << 40))
    memory_full(rt);
  mval s = gc_string(rt->gc, (size_t)nbytes);
  XSTRING(s)->nbytes = nbytes;
  return s;
}

/* When C's encoding has another length than the old character's, the
   string gets a new buffer: a scratch string is allocated with the new
   size and the two headers swap buffers, so each header still frees
   exactly the buffer it describes. */
void string_set_char(mrt *rt, mval s, int64_t idx, int c)
{
  uint8_t enc[MAX_CHAR_BYTES];
  int n = char_encode(c, enc);
  struct string *str = XSTRING(s);
  int64_t off = string_char_to_byte(s, idx);
  int old;
  char_decode(str->data + off, str->data + str->nbytes, &old);
  if (n != old) {
    mval tmp = alloc_string(rt, str->nbytes - old + n);
    struct string *t = XSTRING(tmp);
    memcpy(t->data, str->data, (size_t)off);
    memcpy(t->data + off + n, str->data + off + old, (size_t)(str->nbytes - off - old));
    uint8_t *data = t->data;
    int64_t nbytes = t->nbytes;
    t->data = str->data;
    t->nbytes = str->nbytes;
    str->data = data;
    str->nbytes = nbytes;
  }
  memcpy(str->data + off, enc, (size_t)n);
  if (c >= 0x80)
    str->flags |= STRING_MULTIBYTE;
}

mval make_string_utf8(mrt *rt, const uint8_t *p, size_t nbytes)
{
  return make_string(rt, (const char *)p, nbytes);
}

/* ================================================================== */
/* Building strings from sequences                                    */
/* ================================================================== */

/* Bytes needed for the characters of SEQ; signals like concat. */
static int64_t sequence_bytes(mrt *rt, mval seq)
{
  if (STRINGP(seq))
    return XSTRING(seq)->nbytes;
  if (NILP(seq))
    return 0;
  CHECK_TYPE(rt, CONSP(seq) || VECTORP(seq), Qsequencep, seq);
  int64_t total = 0;
  if (VECTORP(seq)) {
    for (int64_t i = 0; i < VECTOR_LENGTH(seq); i++)
      total += char_encoded_length(check_char(rt, AREF(seq, i)));
    return total;
  }
  list_length(rt, seq);
  for (mval t = seq; CONSP(t); t = XCDR(t))
    total += char_encoded_length(check_char(rt, XCAR(t)));
  return total;
}

/* Appends SEQ's characters at P (room was reserved); returns the end. */
static uint8_t *put_sequence(mval seq, uint8_t *p, uint8_t *limit)
{
  if (STRINGP(seq)) {
    memcpy(p, XSTRING(seq)->data, (size_t)XSTRING(seq)->nbytes);
    return p + XSTRING(seq)->nbytes;
  }
  if (VECTORP(seq)) {
    for (int64_t i = 0; i < VECTOR_LENGTH(seq) && p + MAX_CHAR_BYTES <= limit + MAX_CHAR_BYTES; i++)
      p += char_encode((int)XFIXNUM(AREF(seq, i)), p);
    return p;
  }
  for (mval t = seq; CONSP(t); t = XCDR(t))
    p += char_encode((int)XFIXNUM(XCAR(t)), p);
  return p;
}

mval concat_strings(mrt *rt, int n, mval *args)
{
  int64_t total = 0;
  for (int i = 0; i < n; i++)
    total += sequence_bytes(rt, args[i]);
  mval s = alloc_string(rt, total);
  uint8_t *p = XSTRING(s)->data, *limit = p + total;
  for (int i = 0; i < n; i++)
    p = put_sequence(args[i], p, limit);
  set_string_counts(s);
  return s;
}

mval sequence_to_string(mrt *rt, mval seq) { return concat_strings(rt, 1, &seq); }

static mval Fconcat(mrt *rt, int n, mval *a) { return concat_strings(rt, n, a); }

static mval Fstring(mrt *rt, int n, mval *a)
{
  mval v = make_vector(rt, (size_t)n, Qnil);
  memcpy(VECTOR_SLOTS(v), a, (size_t)n * sizeof(mval));
  return sequence_to_string(rt, v);
}

static mval Fmake_string(mrt *rt, int n, mval *a)
{
  int64_t len = check_natnum(rt, a[0]);
  int c = check_char(rt, a[1]);
  uint8_t enc[MAX_CHAR_BYTES];
  int clen = char_encode(c, enc);
  if (len > (INT64_C(1) << 40) / clen)
    memory_full(rt);
  mval s = alloc_string(rt, len * clen);
  uint8_t *p = XSTRING(s)->data;
  if (clen == 1)
    memset(p, enc[0], (size_t)len);
  else
    for (int64_t i = 0; i < len; i++)
      memcpy(p + i * clen, enc, (size_t)clen);
  set_string_counts(s);
  return s;
}

/* ================================================================== */
/* Substrings and indices                                             */
/* ================================================================== */

/* Resolves FROM and TO (nil, negative from the end) against LEN into
   [*b, *e); signals (args-out-of-range OBJ FROM TO) as Emacs does. */
static void check_range(mrt *rt, mval obj, mval from, mval to, int64_t len, int64_t *b, int64_t *e)
{
  int64_t f = 0, t = len;
  if (!NILP(from)) {
    CHECK_INTEGER(rt, from);
    f = FIXNUMP(from) ? XFIXNUM(from) : INT64_MAX;
  }
  if (!NILP(to)) {
    CHECK_INTEGER(rt, to);
    t = FIXNUMP(to) ? XFIXNUM(to) : INT64_MAX;
  }
  if (f < 0)
    f += len;
  if (t < 0)
    t += len;
  if (!(0 <= f && f <= t && t <= len))
    xsignal3(rt, Qargs_out_of_range, obj, from, to);
  *b = f;
  *e = t;
}

static mval substring(mrt *rt, mval s, int64_t from, int64_t to)
{
  int64_t b = string_char_to_byte(s, from);
  int64_t e = b + string_char_to_byte(s, to) - string_char_to_byte(s, from);
  return make_string(rt, (const char *)XSTRING(s)->data + b, (size_t)(e - b));
}

static mval Fsubstring(mrt *rt, int n, mval *a)
{
  mval s = a[0];
  int64_t b, e;
  if (VECTORP(s)) {
    check_range(rt, s, a[1], a[2], VECTOR_LENGTH(s), &b, &e);
    mval v = make_vector(rt, (size_t)(e - b), Qnil);
    memcpy(VECTOR_SLOTS(v), VECTOR_SLOTS(s) + b, (size_t)(e - b) * sizeof(mval));
    return v;
  }
  CHECK_TYPE(rt, STRINGP(s), Qarrayp, s);
  check_range(rt, s, a[1], a[2], XSTRING(s)->nchars, &b, &e);
  return substring(rt, s, b, e);
}

/* ================================================================== */
/* Case                                                               */
/* ================================================================== */

/* Ranges of letters whose other case is at a fixed distance. */
struct case_range {
  int lo, hi, delta; /* upper case lo..hi; lower = upper + delta */
};
static const struct case_range case_ranges[] = {
  { 'A', 'Z', 32 },       { 0xC0, 0xD6, 32 },     { 0xD8, 0xDE, 32 },
  { 0x391, 0x3A1, 32 },   { 0x3A3, 0x3AB, 32 },   { 0x388, 0x38A, 37 },
  { 0x386, 0x386, 38 },   { 0x38C, 0x38C, 64 },   { 0x38E, 0x38F, 63 },
  { 0x400, 0x40F, 80 },   { 0x410, 0x42F, 32 },   { 0x531, 0x556, 48 },
  { 0xFF21, 0xFF3A, 32 },
};
/* Ranges where upper and lower alternate: upper at even (or odd) code. */
struct case_pairs {
  int lo, hi, upper_parity;
};
static const struct case_pairs case_pairs[] = {
  { 0x100, 0x12F, 0 }, { 0x132, 0x137, 0 }, { 0x139, 0x148, 1 }, { 0x14A, 0x177, 0 },
  { 0x179, 0x17E, 1 }, { 0x460, 0x481, 0 }, { 0x48A, 0x4BF, 0 }, { 0x1E00, 0x1E95, 0 },
};

/* C in the other case when UP says which way, or C itself. */
static int change_case(int c, bool up)
{
  if (c < 0x80) {
    if (up)
      return c >= 'a' && c <= 'z' ? c - 32 : c;
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
  }
  for (size_t i = 0; i < sizeof case_ranges / sizeof case_ranges[0]; i++) {
    const struct case_range *r = &case_ranges[i];
    if (!up && c >= r->lo && c <= r->hi)
      return c + r->delta;
    if (up && c >= r->lo + r->delta && c <= r->hi + r->delta)
      return c - r->delta;
  }
  for (size_t i = 0; i < sizeof case_pairs / sizeof case_pairs[0]; i++) {
    const struct case_pairs *r = &case_pairs[i];
    if (c >= r->lo && c <= r->hi) {
      bool is_upper = (c & 1) == r->upper_parity;
      if (up && !is_upper)
        return c - 1;
      if (!up && is_upper)
        return c + 1;
      return c;
    }
  }
  if (up) {
    switch (c) {
    case 0xFF: return 0x178;
    case 0xB5: return 0x39C;
    case 0x3C2: return 0x3A3;
    case 0x131: return 'I';
    case 0x17F: return 'S';
    }
  } else {
    switch (c) {
    case 0x178: return 0xFF;
    case 0x130: return 'i';
    }
  }
  return c;
}

int char_upcase(int c) { return change_case(c, true); }
int char_downcase(int c) { return change_case(c, false); }

/* Word constituents for capitalize and \w: letters and digits; every
   non-ASCII character but a few punctuation marks, as in Emacs's
   standard syntax table. */
static bool word_char(int c)
{
  if (c < 0x80)
    return (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
  return c >= 0xC0 && c != 0xD7 && c != 0xF7;
}

enum case_op { CASE_UP, CASE_DOWN, CASE_CAPITALIZE, CASE_UP_INITIALS };

static int case_char(int c, enum case_op op, bool word_start)
{
  switch (op) {
  case CASE_UP: return char_upcase(c);
  case CASE_DOWN: return char_downcase(c);
  case CASE_CAPITALIZE: return word_start ? char_upcase(c) : char_downcase(c);
  default: return word_start ? char_upcase(c) : c;
  }
}

/* Case changes can change byte lengths (i and dotless I, ÿ and Ÿ), so
   the result goes through a vector of characters. */
static mval case_convert(mrt *rt, mval obj, enum case_op op)
{
  if (CHARACTERP(obj))
    return make_fixnum(case_char((int)XFIXNUM(obj), op, true));
  CHECK_TYPE(rt, STRINGP(obj), Qchar_or_string_p, obj);
  mval v = sequence_to_vector(rt, obj);
  bool in_word = false;
  for (int64_t i = 0; i < VECTOR_LENGTH(v); i++) {
    int c = (int)XFIXNUM(AREF(v, i));
    ASET(v, i, make_fixnum(case_char(c, op, !in_word)));
    in_word = word_char(c);
  }
  return sequence_to_string(rt, v);
}

static mval Fupcase(mrt *rt, int n, mval *a) { return case_convert(rt, a[0], CASE_UP); }
static mval Fdowncase(mrt *rt, int n, mval *a) { return case_convert(rt, a[0], CASE_DOWN); }
static mval Fcapitalize(mrt *rt, int n, mval *a) { return case_convert(rt, a[0], CASE_CAPITALIZE); }
static mval Fupcase_initials(mrt *rt, int n, mval *a) { return case_convert(rt, a[0], CASE_UP_INITIALS); }

static bool case_fold(mrt *rt)
{
  mval v = XSYMBOL(rt, Qcase_fold_search)->value;
  return v != Qunbound && !NILP(v);
}

static mval Fchar_equal(mrt *rt, int n, mval *a)
{
  int c1 = check_char(rt, a[0]), c2 = check_char(rt, a[1]);
  if (c1 == c2)
    return Qt;
  return bool_val(case_fold(rt) && char_downcase(c1) == char_downcase(c2));
}

/* ================================================================== */
/* Comparison                                                         */
/* ================================================================== */

/* A string argument that may also be a symbol (its name). */
static mval string_or_symbol(mrt *rt, mval x)
{
  if (SYMBOLP(x))
    return XSYMBOL(rt, x)->name;
  CHECK_STRING(rt, x);
  return x;
}

/* memcmp of the bytes orders by code point: see the invariants. */
static int compare_bytes(mval a, mval b)
{
  struct string *x = XSTRING(a), *y = XSTRING(b);
  int64_t n = x->nbytes < y->nbytes ? x->nbytes : y->nbytes;
  int c = memcmp(x->data, y->data, (size_t)n);
  if (c)
    return c;
  return x->nbytes < y->nbytes ? -1 : x->nbytes > y->nbytes;
}

static mval Fstring_equal(mrt *rt, int n, mval *a)
{
  mval x = string_or_symbol(rt, a[0]), y = string_or_symbol(rt, a[1]);
  return bool_val(compare_bytes(x, y) == 0);
}

static mval Fstring_lessp(mrt *rt, int n, mval *a)
{
  mval x = string_or_symbol(rt, a[0]), y = string_or_symbol(rt, a[1]);
  return bool_val(compare_bytes(x, y) < 0);
}

static mval Fstring_greaterp(mrt *rt, int n, mval *a)
{
  mval x = string_or_symbol(rt, a[0]), y = string_or_symbol(rt, a[1]);
  return bool_val(compare_bytes(x, y) > 0);
}

/* (compare-strings S1 B1 E1 S2 B2 E2 &optional IGNORE-CASE): t, or
   -N / N when the strings first differ at their Nth character. */
static mval Fcompare_strings(mrt *rt, int n, mval *a)
{
  mval s1 = a[0], s2 = a[3];
  CHECK_STRING(rt, s1);
  CHECK_STRING(rt, s2);
  mval e1 = a[2], e2 = a[5];
  if (FIXNUMP(e1) && XFIXNUM(e1) > XSTRING(s1)->nchars)
    e1 = make_fixnum(XSTRING(s1)->nchars);
  if (FIXNUMP(e2) && XFIXNUM(e2) > XSTRING(s2)->nchars)
    e2 = make_fixnum(XSTRING(s2)->nchars);
  int64_t b1, b2, end1, end2;
  check_range(rt, s1, a[1], e1, XSTRING(s1)->nchars, &b1, &end1);
  check_range(rt, s2, a[4], e2, XSTRING(s2)->nchars, &b2, &end2);
  bool fold = !NILP(a[6]);
  int64_t i = 0;
  for (; b1 + i < end1 && b2 + i < end2; i++) {
    int c1 = string_char_at(s1, b1 + i), c2 = string_char_at(s2, b2 + i);
    if (fold) {
      c1 = char_upcase(c1);
      c2 = char_upcase(c2);
    }
    if (c1 != c2)
      return make_fixnum(c1 < c2 ? -(i + 1) : i + 1);
  }
  if (b1 + i < end1)
    return make_fixnum(i + 1);
  if (b2 + i < end2)
    return make_fixnum(-(i + 1));
  return Qt;
}

/* Whether the NCHARS characters of A at byte AOFF equal B's, perhaps
   ignoring case. */
static bool region_equal(mval a, int64_t aoff, mval b, bool fold)
{
  struct string *x = XSTRING(a), *y = XSTRING(b);
  if (!fold)
    return aoff + y->nbytes <= x->nbytes && memcmp(x->data + aoff, y->data, (size_t)y->nbytes) == 0;
  const uint8_t *p = x->data + aoff, *pe = x->data + x->nbytes;
  const uint8_t *q = y->data, *qe = q + y->nbytes;
  while (q < qe) {
    if (p >= pe)
      return false;
    int l1, l2;
    int c1 = char_decode(p, pe, &l1), c2 = char_decode(q, qe, &l2);
    if (char_downcase(c1) != char_downcase(c2))
      return false;
    p += l1;
    q += l2;
  }
  return true;
}

static mval Fstring_prefix_p(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  CHECK_STRING(rt, a[1]);
  if (XSTRING(a[0])->nchars > XSTRING(a[1])->nchars)
    return Qnil;
  return bool_val(region_equal(a[1], 0, a[0], !NILP(a[2])));
}

static mval Fstring_suffix_p(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  CHECK_STRING(rt, a[1]);
  int64_t skip = XSTRING(a[1])->nchars - XSTRING(a[0])->nchars;
  if (skip < 0)
    return Qnil;
  return bool_val(region_equal(a[1], string_char_to_byte(a[1], skip), a[0], !NILP(a[2])));
}

/* ================================================================== */
/* Characters, conversions, sizes                                     */
/* ================================================================== */

static mval Fstring_to_char(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return make_fixnum(XSTRING(a[0])->nbytes ? string_char_at(a[0], 0) : 0);
}

static mval Fchar_to_string(mrt *rt, int n, mval *a)
{
  uint8_t enc[MAX_CHAR_BYTES];
  int len = char_encode(check_char(rt, a[0]), enc);
  return make_string(rt, (const char *)enc, (size_t)len);
}

static mval Fstring_to_list(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  mval v = sequence_to_vector(rt, a[0]);
  return listn(rt, (size_t)VECTOR_LENGTH(v), VECTOR_SLOTS(v));
}

static mval Fstring_to_vector(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return sequence_to_vector(rt, a[0]);
}

/* Display columns: East Asian wide characters take two, combining
   marks none, a tab tab-width (8) and other controls two (^A). */
static int char_width(int c)
{
  if (c == '\t')
    return 8;
  if (c < 0x20 || c == 0x7F)
    return 2;
  if (c >= 0x300 && c <= 0x36F)
    return 0;
  if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) ||
      (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
      (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
      (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD))
    return 2;
  return 1;
}

static mval Fstring_width(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  int64_t b, e, width = 0;
  check_range(rt, a[0], a[1], a[2], XSTRING(a[0])->nchars, &b, &e);
  for (int64_t i = b; i < e; i++)
    width += char_width(string_char_at(a[0], i));
  return make_fixnum(width);
}

static mval Fchar_width(mrt *rt, int n, mval *a) { return make_fixnum(char_width(check_char(rt, a[0]))); }

static mval Fmultibyte_string_p(mrt *rt, int n, mval *a)
{
  return bool_val(STRINGP(a[0]) && (XSTRING(a[0])->flags & STRING_MULTIBYTE));
}

static mval Fstring_bytes(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return make_fixnum(XSTRING(a[0])->nbytes);
}

/* ================================================================== */
/* Searching and joining                                              */
/* ================================================================== */

static int64_t byte_to_char(mval s, int64_t off)
{
  if (XSTRING(s)->nchars == XSTRING(s)->nbytes)
    return off;
  return utf8_count_chars(XSTRING(s)->data, (size_t)off, NULL);
}

/* Byte offset of NEEDLE in HAY at or after byte FROM, or -1. */
static int64_t find_bytes(mval hay, int64_t from, mval needle)
{
  struct string *h = XSTRING(hay), *nd = XSTRING(needle);
  if (nd->nbytes == 0)
    return from;
  for (int64_t i = from; i + nd->nbytes <= h->nbytes; i++)
    if (h->data[i] == nd->data[0] && memcmp(h->data + i, nd->data, (size_t)nd->nbytes) == 0)
      return i;
  return -1;
}

static mval Fstring_search(mrt *rt, int n, mval *a)
{
  mval needle = a[0], hay = a[1];
  CHECK_STRING(rt, needle);
  CHECK_STRING(rt, hay);
  int64_t start = 0;
  if (!NILP(a[2])) {
    start = check_fixnum(rt, a[2]);
    if (start < 0 || start > XSTRING(hay)->nchars)
      xsignal1(rt, Qargs_out_of_range, a[2]);
  }
  int64_t at = find_bytes(hay, string_char_to_byte(hay, start), needle);
  return at < 0 ? Qnil : make_fixnum(byte_to_char(hay, at));
}

static mval substring_bytes(mrt *rt, mval s, int64_t b, int64_t e)
{
  return make_string(rt, (const char *)XSTRING(s)->data + b, (size_t)(e - b));
}

static mval Fstring_replace(mrt *rt, int n, mval *a)
{
  mval from = a[0], to = a[1], in = a[2];
  CHECK_STRING(rt, from);
  CHECK_STRING(rt, to);
  CHECK_STRING(rt, in);
  if (XSTRING(from)->nbytes == 0)
    xsignal1(rt, Qwrong_length_argument, make_fixnum(0));
  mval pieces = Qnil;
  int64_t pos = 0, at;
  while ((at = find_bytes(in, pos, from)) >= 0) {
    pieces = Fcons(rt, substring_bytes(rt, in, pos, at), pieces);
    pieces = Fcons(rt, to, pieces);
    pos = at + XSTRING(from)->nbytes;
  }
  pieces = Fcons(rt, substring_bytes(rt, in, pos, XSTRING(in)->nbytes), pieces);
  mval v = sequence_to_vector(rt, nreverse_list(pieces));
  return concat_strings(rt, (int)VECTOR_LENGTH(v), VECTOR_SLOTS(v));
}

/* (string-join STRINGS &optional SEPARATOR), as subr-x. */
static mval Fstring_join(mrt *rt, int n, mval *a)
{
  mval v = sequence_to_vector(rt, a[0]);
  int64_t len = VECTOR_LENGTH(v);
  if (len == 0)
    return make_string(rt, "", 0);
  mval parts = make_vector(rt, (size_t)(2 * len - 1), NILP(a[1]) ? Qnil : a[1]);
  for (int64_t i = 0; i < len; i++)
    ASET(parts, 2 * i, AREF(v, i));
  return concat_strings(rt, (int)(2 * len - 1), VECTOR_SLOTS(parts));
}

/* REGEXP-SECTION */

/* ================================================================== */
/* Registration                                                       */
/* ================================================================== */

static const struct subr_def strfns_subrs[] = {
  { "concat", Fconcat, 0, ARGS_MANY },
  { "string", Fstring, 0, ARGS_MANY },
  { "make-string", Fmake_string, 2, 3 },
  { "substring", Fsubstring, 1, 3 },
  { "substring-no-properties", Fsubstring, 1, 3 },
  { "upcase", Fupcase, 1, 1 },
  { "downcase", Fdowncase, 1, 1 },
  { "capitalize", Fcapitalize, 1, 1 },
  { "upcase-initials", Fupcase_initials, 1, 1 },
  { "char-equal", Fchar_equal, 2, 2 },
  { "string=", Fstring_equal, 2, 2 },
  { "string-equal", Fstring_equal, 2, 2 },
  { "string<", Fstring_lessp, 2, 2 },
  { "string-lessp", Fstring_lessp, 2, 2 },
  { "string>", Fstring_greaterp, 2, 2 },
  { "string-greaterp", Fstring_greaterp, 2, 2 },
  { "compare-strings", Fcompare_strings, 6, 7 },
  { "string-prefix-p", Fstring_prefix_p, 2, 3 },
  { "string-suffix-p", Fstring_suffix_p, 2, 3 },
  { "string-to-char", Fstring_to_char, 1, 1 },
  { "char-to-string", Fchar_to_string, 1, 1 },
  { "string-to-list", Fstring_to_list, 1, 1 },
  { "string-to-vector", Fstring_to_vector, 1, 1 },
  { "string-width", Fstring_width, 1, 3 },
  { "char-width", Fchar_width, 1, 1 },
  { "multibyte-string-p", Fmultibyte_string_p, 1, 1 },
  { "string-bytes", Fstring_bytes, 1, 1 },
  { "string-search", Fstring_search, 2, 3 },
  { "string-replace", Fstring_replace, 3, 3 },
  { "string-join", Fstring_join, 1, 2 },
};

void strfns_init(mrt *rt)
{
  defsubrs(rt, strfns_subrs, sizeof strfns_subrs / sizeof strfns_subrs[0]);
  defvar(rt, Qcase_fold_search, Qt);
  if (NILP(get_prop(rt, Qwrong_length_argument, Qerror_conditions)))
    define_error(rt, Qwrong_length_argument, "Wrong length argument", Qerror);
}
