/*
** strfns.c -- layer 5: strings and characters.
**
** Invariants of this module:
**   - Strings are unibyte or multibyte, as in Emacs.  A unibyte
**     string's bytes are its characters (0..255; #x80..#xFF are raw
**     bytes).  A multibyte string holds (extended) UTF-8, raw bytes as
**     the characters #x3FFF80..#x3FFFFF in Emacs's two-byte form
**     (#xC0/#xC1 and a trailing byte): every character has exactly one
**     encoding, so equal texts have equal bytes.  Byte order is code
**     point order except for raw bytes, which compare_text handles.
**   - nchars counts the characters, nbytes the bytes, so nchars ==
**     nbytes means character index == byte index (unibyte, or ASCII
**     only).  The multibyte flag follows Emacs's rules for each
**     operation (concat, substring, format...), not the bytes: an
**     ASCII-only string may be multibyte.  Every constructor here sets
**     all three; code that reads characters from bytes goes through
**     string_decode or converts with multibyte_text.
**   - Functions that build strings size the result first and fill it in
**     one Lisp allocation, or collect the pieces in Lisp objects: no
**     malloc'd scratch memory, so a signal halfway leaks nothing.
**   - Regexps (second half of the file) are compiled to a small program
**     and run by a Pike VM: time linear in the string for a given
**     regexp, no recursion, no backtracking blow-up.  Only a program
**     with back references runs on a backtracking matcher instead, with
**     an explicit stack and a step budget, both bounded.
**
** Known differences from Emacs 28, each for a reason:
**   - Emacs ends a loop whose body can match empty ("\(a*\)*") with
**     one extra, empty iteration, and its groups show it.  The Pike VM
**     does too (re_empty_tail), but for bodies of more than
**     RE_EMPTY_TAIL_MAX instructions, whose groups then show the last
**     non-empty iteration.
**   - A backtracking match that would take more than 2^27 steps plus 64
**     per character and instruction signals an error (Emacs would run
**     until C-g), as does one that needs more than 2^22 stack entries
**     (Emacs: "Stack overflow in regexp matcher", at another size).
**   - Character categories (\cC, \CC) are those of Emacs 28's
**     standard category table (categories.h is generated from it);
**     there are no buffer-local category tables.
**   - Case conversion is Emacs 28's for every character (casetab.h
**     is generated from Emacs's upcase, downcase, capitalize and the
**     special casings of strings), with the final sigma; there are no
**     other case tables.
**   - char-width and string-width agree with Emacs 28 on every
**     character (charwidth.h is generated from Emacs's char-width).
**   - Symbol names are unibyte when ASCII (Emacs makes them all
**     multibyte); a symbol's sxhash depends on its address anyway.
*/
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "strfns.h"
#include "syntax.h"
#include "textprop.h"
#include "fns.h"
#include "eval.h"
#include "buffer.h"
#include "chartab.h"

static mval bool_val(bool b) { return b ? Qt : Qnil; }

/* ================================================================== */
/* UTF-8                                                              */
/* ================================================================== */

int char_encoded_length(int c)
{
  if (CHAR_RAW_BYTE_P(c))
    return 2;
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : c < 0x200000 ? 4 : 5;
}

/* A raw byte takes Emacs's two-byte form: the overlong lead #xC0 or
   #xC1, which no other character uses, and a trailing byte. */
int char_encode(int c, uint8_t *out)
{
  int n = char_encoded_length(c);
  if (n == 1) {
    out[0] = (uint8_t)c;
    return 1;
  }
  if (CHAR_RAW_BYTE_P(c)) {
    int byte = CHAR_TO_RAW_BYTE(c);
    out[0] = (uint8_t)(0xC0 | (byte >> 6 & 1));
    out[1] = (uint8_t)(0x80 | (byte & 0x3F));
    return 2;
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
  if (b < 0xC2 && (p[1] & 0xC0) == 0x80) {
    *len = 2;
    return RAW_BYTE_CHAR(0x80 | (b & 1) << 6 | (p[1] & 0x3F));
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

/* The position cache lives in the upper bits of a string's flags (see
   object.h): one (character index, byte index) pair per string, so
   sequential or nearby access is O(1) amortised whichever strings a
   loop interleaves, and nothing has to be invalidated when the
   collector frees a string.  (0, 0) is always a valid pair. */
#define POS_BITS 31
#define POS_LIMIT (INT64_C(1) << POS_BITS)
#define POS_CHAR_SHIFT 2
#define POS_BYTE_SHIFT (POS_CHAR_SHIFT + POS_BITS)
#define POS_FIELD_MASK ((uint64_t)POS_LIMIT - 1)

static void pos_cache_get(const struct string *str, int64_t *ci, int64_t *bi)
{
  *ci = (int64_t)((str->flags >> POS_CHAR_SHIFT) & POS_FIELD_MASK);
  *bi = (int64_t)((str->flags >> POS_BYTE_SHIFT) & POS_FIELD_MASK);
}

static void pos_cache_set(struct string *str, int64_t ci, int64_t bi)
{
  if (bi >= POS_LIMIT)
    ci = bi = 0;
  uint64_t keep = str->flags & ((UINT64_C(1) << POS_CHAR_SHIFT) - 1);
  str->flags = keep | ((uint64_t)ci << POS_CHAR_SHIFT) | ((uint64_t)bi << POS_BYTE_SHIFT);
}

/* Byte offset of the character after the one starting at OFF. */
static int64_t next_char_start(const struct string *str, int64_t off)
{
  int len;
  char_decode(str->data + off, str->data + str->nbytes, &len);
  return off + len;
}

/* Byte offset of the character before the one starting at OFF. */
static int64_t prev_char_start(const struct string *str, int64_t off)
{
  do
    off--;
  while (off > 0 && (str->data[off] & 0xC0) == 0x80);
  return off;
}

int64_t string_char_to_byte(mval s, int64_t idx)
{
  struct string *str = XSTRING(s);
  if (str->nchars == str->nbytes)
    return idx;
  int64_t ci, bi;
  pos_cache_get(str, &ci, &bi);
  if (idx < ci - idx) /* nearer the start than the cached pair */
    ci = bi = 0;
  if (idx > ci && str->nchars - idx < idx - ci) {
    ci = str->nchars;
    bi = str->nbytes;
  }
  for (; ci < idx; ci++)
    bi = next_char_start(str, bi);
  for (; ci > idx; ci--)
    bi = prev_char_start(str, bi);
  pos_cache_set(str, ci, bi);
  return bi;
}

int string_char_at(mval s, int64_t idx)
{
  struct string *str = XSTRING(s);
  if (str->nchars == str->nbytes)
    return str->data[idx];
  int len;
  return char_decode(str->data + string_char_to_byte(s, idx), str->data + str->nbytes, &len);
}

int string_decode(mval s, int64_t off, int *len)
{
  struct string *str = XSTRING(s);
  if (!STRING_MULTIBYTE_P(s)) {
    *len = 1;
    return str->data[off];
  }
  return char_decode(str->data + off, str->data + str->nbytes, len);
}

int string_char_as_multibyte(mval s, int64_t idx)
{
  int c = string_char_at(s, idx);
  return STRING_MULTIBYTE_P(s) || c < 0x80 ? c : RAW_BYTE_CHAR(c);
}

/* Sets S's character count and multibyte flag once its bytes are in;
   the value is S, or the shared empty string when S has no bytes. */
static mval finish_string(mrt *rt, mval s, bool multibyte)
{
  struct string *str = XSTRING(s);
  if (str->nbytes == 0)
    return empty_string(rt, multibyte);
  str->nchars = multibyte ? utf8_count_chars(str->data, (size_t)str->nbytes, NULL) : str->nbytes;
  str->flags = multibyte ? (str->flags | STRING_MULTIBYTE) : (str->flags & ~(uint64_t)STRING_MULTIBYTE);
  return s;
}

/* An empty string with room for NBYTES; the caller fills it and then
   calls finish_string. */
static mval alloc_string(mrt *rt, int64_t nbytes)
{
  if (nbytes < 0 || (uint64_t)nbytes > (UINT64_C(1) << 40))
    memory_full(rt);
  mval s = gc_string(rt->gc, (size_t)nbytes);
  XSTRING(s)->nbytes = nbytes;
  return s;
}

static int64_t multibyte_size(mval s);
static mval multibyte_text(mrt *rt, mval s);

/* Gives S a buffer of NBYTES bytes whose first OFF bytes are S's and
   whose bytes from OFF + GAP on are S's from OFF + OLD on: a scratch
   string is allocated with the new size and the two headers swap
   buffers, so each header still frees exactly the buffer it describes. */
static void string_resize_at(mrt *rt, mval s, int64_t off, int64_t old, int64_t gap)
{
  struct string *str = XSTRING(s);
  mval tmp = alloc_string(rt, str->nbytes - old + gap);
  struct string *t = XSTRING(tmp);
  memcpy(t->data, str->data, (size_t)off);
  memcpy(t->data + off + gap, str->data + off + old, (size_t)(str->nbytes - off - old));
  uint8_t *data = t->data;
  int64_t nbytes = t->nbytes;
  t->data = str->data;
  t->nbytes = str->nbytes;
  str->data = data;
  str->nbytes = nbytes;
}

/* A unibyte string holds bytes: as in Emacs 28, (aset S IDX C) stores
   C when it is below 256; any other character makes an ASCII string
   multibyte and is out of range in a string with raw bytes. */
void string_set_char(mrt *rt, mval s, int64_t idx, int c)
{
  struct string *str = XSTRING(s);
  if (!STRING_MULTIBYTE_P(s)) {
    if (c <= 0xFF) {
      str->data[idx] = (uint8_t)c;
      return;
    }
    if (multibyte_size(s) != str->nbytes)
      args_out_of_range(rt, s, make_fixnum(c));
    str->flags |= STRING_MULTIBYTE;
  }
  uint8_t enc[MAX_CHAR_BYTES];
  int n = char_encode(c, enc);
  int64_t off = string_char_to_byte(s, idx);
  int old;
  char_decode(str->data + off, str->data + str->nbytes, &old);
  if (n != old)
    string_resize_at(rt, s, off, old, n);
  memcpy(XSTRING(s)->data + off, enc, (size_t)n);
}

/* The new string is allocated before SRC's bytes are read, and SRC is
   used after the allocation: a pointer into its byte buffer alone
   would not keep SRC alive (the buffer is not a heap object), so a
   collection in between could free it. */
mval substring_bytes(mrt *rt, mval src, int64_t b, int64_t e)
{
  mval r = alloc_string(rt, e - b);
  memcpy(XSTRING(r)->data, XSTRING(src)->data + b, (size_t)(e - b));
  return finish_string(rt, r, STRING_MULTIBYTE_P(src));
}

/* Emacs fills a string in place and never resizes it: a unibyte
   string takes C's low byte, and a multibyte one refuses a character
   whose encoding would change the string's byte length. */
mval string_fill(mrt *rt, mval s, int c)
{
  struct string *str = XSTRING(s);
  if (str->nchars == 0)
    return s;
  if (!STRING_MULTIBYTE_P(s)) {
    memset(str->data, c & 0xFF, (size_t)str->nchars);
    return s;
  }
  uint8_t enc[MAX_CHAR_BYTES];
  int len = char_encode(c, enc);
  if (str->nchars * len != str->nbytes)
    mrt_error(rt, "Attempt to change byte length of a string");
  for (int64_t i = 0; i < str->nchars; i++)
    memcpy(str->data + i * len, enc, (size_t)len);
  pos_cache_set(str, 0, 0); /* the characters' widths may have changed */
  return s;
}

/* ================================================================== */
/* Building strings from sequences                                    */
/* ================================================================== */

/* Bytes of string S once converted to multibyte: each of its raw bytes
   (#x80..#xFF in a unibyte string) takes two. */
static int64_t multibyte_size(mval s)
{
  struct string *str = XSTRING(s);
  int64_t n = str->nbytes;
  if (!STRING_MULTIBYTE_P(s))
    for (int64_t i = 0; i < str->nbytes; i++)
      n += str->data[i] >= 0x80;
  return n;
}

/* Copies unibyte string S to P as multibyte text; returns the end. */
static uint8_t *put_as_multibyte(mval s, uint8_t *p)
{
  struct string *str = XSTRING(s);
  for (int64_t i = 0; i < str->nbytes; i++) {
    int b = str->data[i];
    p += b < 0x80 ? (*p = (uint8_t)b, 1) : char_encode(RAW_BYTE_CHAR(b), p);
  }
  return p;
}

/* Checks the elements of the list or vector SEQ (signalling like
   concat); whether one needs a multibyte string: non-ASCII and not a
   raw byte.  Adds to *BYTES their size as multibyte text and to *RAW
   how many raw bytes they hold. */
static bool check_sequence_chars(mrt *rt, mval seq, int64_t *bytes, int64_t *raw)
{
  bool multibyte = false;
  int64_t n = VECTORP(seq) ? VECTOR_LENGTH(seq) : list_length(rt, seq);
  mval tail = seq;
  for (int64_t i = 0; i < n; i++) {
    mval x = VECTORP(seq) ? AREF(seq, i) : XCAR(tail);
    if (CONSP(tail))
      tail = XCDR(tail);
    int c = check_char(rt, x);
    *bytes += char_encoded_length(c);
    *raw += CHAR_RAW_BYTE_P(c);
    multibyte |= c >= 0x80 && !CHAR_RAW_BYTE_P(c);
  }
  return multibyte;
}

/* As Emacs's concat: the result is multibyte when an argument is a
   multibyte string or holds a non-ASCII character that is not a raw
   byte; unibyte strings then contribute their raw bytes as raw-byte
   characters, and a unibyte result stores raw-byte characters as
   bytes.  Sets *MULTIBYTE and returns the size in bytes. */
static int64_t concat_size(mrt *rt, int n, const mval *args, bool *multibyte)
{
  int64_t as_multibyte = 0, as_unibyte = 0;
  bool mb = false;
  for (int i = 0; i < n; i++) /* Emacs checks every argument before any element */
    CHECK_TYPE(rt, STRINGP(args[i]) || CONSP(args[i]) || NILP(args[i]) || VECTORP(args[i]) ||
               BOOL_VECTOR_P(args[i]), Qsequencep, args[i]);
  for (int i = 0; i < n; i++) {
    mval seq = args[i];
    if (STRINGP(seq)) {
      mb |= STRING_MULTIBYTE_P(seq);
      as_multibyte += multibyte_size(seq);
      as_unibyte += XSTRING(seq)->nbytes;
    } else if (BOOL_VECTOR_P(seq)) { /* its elements are t and nil: never characters */
      if (BOOL_VECTOR_LENGTH(seq) > 0)
        wrong_type_argument(rt, Qintegerp, bool_vector_ref(seq, 0) ? Qt : Qnil);
    } else if (!NILP(seq)) {
      int64_t bytes = 0, r = 0;
      mb |= check_sequence_chars(rt, seq, &bytes, &r);
      as_multibyte += bytes;
      as_unibyte += bytes - r; /* correct when the result is unibyte: ASCII and raw bytes */
    }
  }
  *multibyte = mb;
  return mb ? as_multibyte : as_unibyte;
}

static uint8_t *put_char(int c, bool multibyte, uint8_t *p)
{
  if (!multibyte) {
    *p = (uint8_t)(CHAR_RAW_BYTE_P(c) ? CHAR_TO_RAW_BYTE(c) : c);
    return p + 1;
  }
  return p + char_encode(c, p);
}

/* Appends SEQ's characters at P (room was reserved); returns the end. */
static uint8_t *put_sequence(mval seq, bool multibyte, uint8_t *p)
{
  if (STRINGP(seq)) {
    if (multibyte && !STRING_MULTIBYTE_P(seq))
      return put_as_multibyte(seq, p);
    memcpy(p, XSTRING(seq)->data, (size_t)XSTRING(seq)->nbytes);
    return p + XSTRING(seq)->nbytes;
  }
  if (VECTORP(seq)) {
    for (int64_t i = 0; i < VECTOR_LENGTH(seq); i++)
      p = put_char((int)XFIXNUM(AREF(seq, i)), multibyte, p);
    return p;
  }
  for (mval t = seq; CONSP(t); t = XCDR(t))
    p = put_char((int)XFIXNUM(XCAR(t)), multibyte, p);
  return p;
}

mval concat_strings(mrt *rt, int n, const mval *args)
{
  bool multibyte;
  int64_t total = concat_size(rt, n, args, &multibyte);
  mval s = alloc_string(rt, total);
  uint8_t *p = XSTRING(s)->data;
  for (int i = 0; i < n; i++)
    p = put_sequence(args[i], multibyte, p);
  s = finish_string(rt, s, multibyte);
  mval ivs = textprop_concat(rt, n, args);
  if (!NILP(ivs))
    GC_STORE(rt->gc, s, XSTRING(s)->intervals, ivs);
  return s;
}

mval sequence_to_string(mrt *rt, mval seq) { return concat_strings(rt, 1, &seq); }

/* When MODEL is a unibyte string, turns the characters #x80..#xFF of
   the vector CHARS, taken from it, into raw bytes. */
static void chars_keep_unibyte(mrt *rt, mval model, mval chars)
{
  if (STRING_MULTIBYTE_P(model))
    return;
  for (int64_t i = 0; i < VECTOR_LENGTH(chars); i++) {
    int64_t c = XFIXNUM(AREF(chars, i));
    if (c >= 0x80 && c <= 0xFF)
      ASET_FIXNUM(chars, i, make_fixnum(RAW_BYTE_CHAR(c)));
  }
}

mval chars_to_string_like(mrt *rt, mval chars, mval model)
{
  chars_keep_unibyte(rt, model, chars);
  mval s = sequence_to_string(rt, chars);
  return STRING_MULTIBYTE_P(model) ? string_to_multibyte(rt, s) : s;
}

static mval Fconcat(mrt *rt, int n, mval *a) { return concat_strings(rt, n, a); }

/* Unlike concat, (string C...) is multibyte as soon as one C is not
   ASCII, a raw byte included, as in Emacs. */
static mval Fstring(mrt *rt, int n, mval *a)
{
  int64_t total = 0;
  bool multibyte = false;
  for (int i = 0; i < n; i++) {
    int c = check_char(rt, a[i]);
    total += char_encoded_length(c);
    multibyte |= c >= 0x80;
  }
  mval s = alloc_string(rt, total);
  uint8_t *p = XSTRING(s)->data;
  for (int i = 0; i < n; i++)
    p += char_encode((int)XFIXNUM(a[i]), p);
  return finish_string(rt, s, multibyte);
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
  return finish_string(rt, s, c >= 0x80 || !NILP(a[2]));
}

/* ================================================================== */
/* Substrings and indices                                             */
/* ================================================================== */

/* Resolves FROM and TO (nil, negative from the end) against LEN into
   [*b, *e); signals (args-out-of-range OBJ FROM TO) as Emacs does, and
   names a bignum bound by integerp as Emacs's validate_subarray does. */
static void check_range(mrt *rt, mval obj, mval from, mval to, int64_t len, int64_t *b, int64_t *e)
{
  int64_t f = 0, t = len;
  if (!NILP(from)) {
    CHECK_TYPE(rt, FIXNUMP(from), Qintegerp, from);
    f = XFIXNUM(from);
  }
  if (!NILP(to)) {
    CHECK_TYPE(rt, FIXNUMP(to), Qintegerp, to);
    t = XFIXNUM(to);
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
  return substring_bytes(rt, s, string_char_to_byte(s, from), string_char_to_byte(s, to));
}

/* (substring-no-properties STRING &optional FROM TO) */
static mval Fsubstring_no_properties(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  int64_t b, e;
  check_range(rt, a[0], a[1], a[2], XSTRING(a[0])->nchars, &b, &e);
  return substring(rt, a[0], b, e);
}

/* The same with the characters' text properties. */
static mval substring_with_properties(mrt *rt, mval s, int64_t from, int64_t to)
{
  mval r = substring(rt, s, from, to);
  mval ivs = textprop_from_pieces(rt, textprop_pieces(rt, XSTRING(s)->intervals, from, to, -from), to - from);
  if (!NILP(ivs))
    GC_STORE(rt->gc, r, XSTRING(r)->intervals, ivs);
  return r;
}

static mval Fsubstring(mrt *rt, int n, mval *a)
{
  mval s = a[0];
  int64_t b, e;
  if (VECTORP(s)) {
    check_range(rt, s, a[1], a[2], VECTOR_LENGTH(s), &b, &e);
    mval v = make_vector(rt, (size_t)(e - b), Qnil);
    memcpy(gc_written_slots(rt->gc, v), VECTOR_SLOTS(s) + b, (size_t)(e - b) * sizeof(mval));
    return v;
  }
  CHECK_TYPE(rt, STRINGP(s), Qarrayp, s);
  check_range(rt, s, a[1], a[2], XSTRING(s)->nchars, &b, &e);
  return substring_with_properties(rt, s, b, e);
}

/* ================================================================== */
/* Syntax                                                             */
/* ================================================================== */

static ptrdiff_t run_holding(const void *runs, size_t stride, size_t n, int c);

/* The current buffer's syntax table decides (src/syntax.c). */
static char char_syntax(mrt *rt, int c) { return c < 0 ? ' ' : syntax_designator(rt, c); }

/* Word constituents, for capitalize, \\w, \\b and [:word:]. */
static bool word_char(mrt *rt, int c) { return char_syntax(rt, c) == 'w'; }

/* ================================================================== */
/* Case                                                               */
/* ================================================================== */

/* upcase, downcase and capitalize of a character, as Emacs 28's (see
   src/gen-casetab.el), and the special casings of strings. */
#include "casetab.h"

static const struct case_run *case_run_of(int c)
{
  ptrdiff_t i = run_holding(case_runs, sizeof case_runs[0],
                            sizeof case_runs / sizeof case_runs[0], c);
  if (i < 0 || (c - case_runs[i].first) % case_runs[i].step != 0)
    return NULL;
  return &case_runs[i];
}

/* ASCII first: regexp case folding asks for every character. */
int char_upcase(int c)
{
  if (c < 0x80)
    return c >= 'a' && c <= 'z' ? c - 32 : c;
  const struct case_run *r = case_run_of(c);
  return r ? c + r->up : c;
}

int char_downcase(int c)
{
  if (c < 0x80)
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
  const struct case_run *r = case_run_of(c);
  return r ? c + r->down : c;
}

static int char_titlecase(int c)
{
  const struct case_run *r = case_run_of(c);
  return r ? c + r->title : c;
}

enum case_op { CASE_UP, CASE_DOWN, CASE_CAPITALIZE, CASE_UP_INITIALS };
enum { CASE_KEEP = -1 };

/* What OP makes of C: CASE_UP, CASE_DOWN, or CASE_CAPITALIZE for its
   title case, at the start of a word or not; CASE_KEEP for C itself. */
static int case_op_for(enum case_op op, bool word_start)
{
  switch (op) {
  case CASE_UP: return CASE_UP;
  case CASE_DOWN: return CASE_DOWN;
  case CASE_CAPITALIZE: return word_start ? CASE_CAPITALIZE : CASE_DOWN;
  default: return word_start ? CASE_CAPITALIZE : CASE_KEEP;
  }
}

/* The case tables in force, as char-tables: the current buffer's,
   else the standard one (lisp/case-table.el makes it on first use).
   DOWN maps to lower case, UP to upper case; nil is the built-in
   casing, which is what the standard table holds until changed. */
struct case_tables { mrt *rt; mval down, up; };

static struct case_tables case_tables_in_force(mrt *rt)
{
  struct case_tables t = { rt, Qnil, Qnil };
  mval table = find_symbol_value(rt, Qinternal__case_table);
  if (!CHAR_TABLE_P(table))
    table = find_symbol_value(rt, Qinternal__standard_case_table);
  if (!CHAR_TABLE_P(table))
    return t;
  t.down = table;
  if (vl_header_nlisp(XVL(table)->header) > CHAR_TABLE_STANDARD_SLOTS)
    t.up = AREF(table, CHAR_TABLE_STANDARD_SLOTS);
  return t;
}

/* C's entry in case table TABLE; a character with none is its own. */
static int table_case(mrt *rt, mval table, int c)
{
  mval v = chartab_ref(rt, table, make_fixnum(c));
  return FIXNUMP(v) ? (int)XFIXNUM(v) : c;
}

/* Title case comes from Unicode (ǅ is its own) as in Emacs, and only
   a character Unicode gives none follows the upcase table. */
static int case_char(int c, int how, const struct case_tables *t)
{
  switch (how) {
  case CASE_UP:
    return CHAR_TABLE_P(t->up) ? table_case(t->rt, t->up, c) : char_upcase(c);
  case CASE_DOWN:
    return CHAR_TABLE_P(t->down) ? table_case(t->rt, t->down, c) : char_downcase(c);
  case CASE_CAPITALIZE:
    if (CHAR_TABLE_P(t->up)) {
      int title = char_case_property(c, CASE_PROP_TITLE);
      return title >= 0 ? title : table_case(t->rt, t->up, c);
    }
    return char_titlecase(c);
  default: return c;
  }
}

/* The UTF-8 text casing a string puts for C (ß upcases to SS), or NULL
   when that is C's own case. */
static const char *special_case(int c, int how)
{
  size_t lo = 0, hi = sizeof special_cases / sizeof special_cases[0];
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (c < special_cases[mid].c)
      hi = mid;
    else if (c > special_cases[mid].c)
      lo = mid + 1;
    else if (how == CASE_UP)
      return special_cases[mid].up;
    else if (how == CASE_DOWN)
      return special_cases[mid].down;
    else
      return how == CASE_CAPITALIZE ? special_cases[mid].title : NULL;
  }
  return NULL;
}

/* Unicode's simple mappings differ from the case tables the string
   functions use in a few characters: ß upcases to ẞ only in the
   tables, dotted and dotless i and the long s and Kelvin sign map to
   ASCII only in Unicode's, and some characters are their own
   titlecase. */
static const struct { int c; enum case_property prop; int value; } case_property_exceptions[] = {
  { 0xDF, CASE_PROP_UPPER, -1 }, { 0xDF, CASE_PROP_TITLE, -1 },
  { 0x130, CASE_PROP_LOWER, 'i' }, { 0x131, CASE_PROP_UPPER, 'I' },
  { 0x17F, CASE_PROP_UPPER, 'S' }, { 0x212A, CASE_PROP_LOWER, 'k' },
  { 0x1C5, CASE_PROP_TITLE, 0x1C5 }, { 0x1C8, CASE_PROP_TITLE, 0x1C8 },
  { 0x1CB, CASE_PROP_TITLE, 0x1CB }, { 0x1F2, CASE_PROP_TITLE, 0x1F2 },
};

static bool georgian_mkhedruli_letter(int c)
{
  return (c >= 0x10D0 && c <= 0x10FA) || (c >= 0x10FD && c <= 0x10FF);
}

int char_case_property(int c, enum case_property prop)
{
  for (size_t i = 0; i < sizeof case_property_exceptions / sizeof case_property_exceptions[0]; i++)
    if (case_property_exceptions[i].c == c && case_property_exceptions[i].prop == prop)
      return case_property_exceptions[i].value;
  if (prop == CASE_PROP_TITLE && georgian_mkhedruli_letter(c))
    return c;
  int mapped = prop == CASE_PROP_UPPER ? char_upcase(c)
    : prop == CASE_PROP_LOWER ? char_downcase(c) : char_titlecase(c);
  return mapped == c ? -1 : mapped;
}

const char *char_special_case_property(int c, enum case_property prop)
{
  return special_case(c, prop == CASE_PROP_UPPER ? CASE_UP
                      : prop == CASE_PROP_LOWER ? CASE_DOWN : CASE_CAPITALIZE);
}

#define GREEK_CAPITAL_SIGMA 0x3A3
#define GREEK_FINAL_SIGMA 0x3C2

/* Put into OUT (from K on; OUT nil only counts) what HOW makes of the
   I'th of the N characters of IN; return the new K.  A capital sigma
   lowered at the end of a word becomes a final sigma, as in Emacs. */
static int64_t case_string_char(mval in, int64_t i, int64_t n, int how, bool in_word,
                                mval out, int64_t k, const struct case_tables *t)
{
  int c = (int)XFIXNUM(AREF(in, i));
  const char *special = special_case(c, how);
  if (special) {
    const uint8_t *p = (const uint8_t *)special, *end = p + strlen(special);
    while (p < end) {
      int len, sc = char_decode(p, end, &len);
      if (!NILP(out))
        ASET_FIXNUM(out, k, make_fixnum(sc));
      k++;
      p += len;
    }
    return k;
  }
  int cased = case_char(c, how, t);
  if (c == GREEK_CAPITAL_SIGMA && cased != c && in_word &&
      (i + 1 == n || !word_char(t->rt, (int)XFIXNUM(AREF(in, i + 1)))))
    cased = GREEK_FINAL_SIGMA;
  if (!NILP(out))
    ASET_FIXNUM(out, k, make_fixnum(cased));
  return k + 1;
}

/* Emacs cases an integer below the modifier bits as the character in its
   low bits, keeping the bits (M-a becomes M-A); larger integers come
   back as they are, and so do bytes 128..255 in a unibyte buffer, where
   they are raw bytes. */
#define CHAR_MODIFIER_BITS 0xFC00000
static mval case_convert_natnum(mrt *rt, mval obj, enum case_op op, const struct case_tables *t)
{
  int64_t n = XFIXNUM(obj);
  if (n >= CHAR_MODIFIER_BITS)
    return obj;
  int flags = (int)(n & CHAR_MODIFIER_BITS), c = (int)(n & ~CHAR_MODIFIER_BITS);
  if (c >= 0x80 && c < 0x100 && buffer_current_unibyte_p(rt))
    return obj;
  int cased = case_char(c, case_op_for(op, true), t);
  return cased == c ? obj : make_fixnum(cased | flags);
}

/* Case changes can change byte lengths (i and dotless I, ÿ and Ÿ) and
   even lengths (ß and SS), so the result goes through a vector of
   characters, counted first. */
static mval case_convert(mrt *rt, mval obj, enum case_op op)
{
  struct case_tables t = case_tables_in_force(rt);
  if (FIXNUMP(obj) && XFIXNUM(obj) >= 0)
    return case_convert_natnum(rt, obj, op, &t);
  CHECK_TYPE(rt, STRINGP(obj), Qchar_or_string_p, obj);
  mval in = sequence_to_vector(rt, obj);
  chars_keep_unibyte(rt, obj, in); /* only ASCII changes case in a unibyte string */
  int64_t n = VECTOR_LENGTH(in), total = 0;
  mval out = Qnil;
  for (int pass = 0; pass < 2; pass++) {
    bool in_word = false;
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++) {
      int c = (int)XFIXNUM(AREF(in, i));
      k = case_string_char(in, i, n, case_op_for(op, !in_word), in_word, out, k, &t);
      in_word = word_char(rt, c);
    }
    total = k;
    if (pass == 0)
      out = total == n ? in : make_vector(rt, (size_t)total, Qnil);
  }
  mval r = chars_to_string_like(rt, out, obj);
  if (STRING_MULTIBYTE_P(obj) || NILP(XSTRING(obj)->intervals) || XSTRING(r)->nchars == 0 ||
      XSTRING(r)->nchars != XSTRING(obj)->nchars)
    return r;
  /* Emacs cases a unibyte string in a copy of it, which keeps its
     properties as copy-sequence copies them. */
  mval copy = textprop_copy_string(rt, obj);
  GC_STORE(rt->gc, r, XSTRING(r)->intervals, XSTRING(copy)->intervals);
  return r;
}

static mval Fupcase(mrt *rt, int n, mval *a) { return case_convert(rt, a[0], CASE_UP); }
static mval Fdowncase(mrt *rt, int n, mval *a) { return case_convert(rt, a[0], CASE_DOWN); }
static mval Fcapitalize(mrt *rt, int n, mval *a) { return case_convert(rt, a[0], CASE_CAPITALIZE); }
static mval Fupcase_initials(mrt *rt, int n, mval *a) { return case_convert(rt, a[0], CASE_UP_INITIALS); }

static bool case_fold(mrt *rt)
{
  mval v = find_symbol_value(rt, Qcase_fold_search);
  return v != Qunbound && !NILP(v);
}

static mval Fchar_equal(mrt *rt, int n, mval *a)
{
  int c1 = check_char(rt, a[0]), c2 = check_char(rt, a[1]);
  if (c1 == c2)
    return Qt;
  struct case_tables t = case_tables_in_force(rt);
  return bool_val(case_fold(rt) && case_char(c1, CASE_DOWN, &t) == case_char(c2, CASE_DOWN, &t));
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
/* Whether A and B hold the same text, as string= and equal decide:
   same counts and same bytes, so a unibyte string with a raw byte never
   equals a multibyte one. */
static bool same_text(mval a, mval b)
{
  struct string *x = XSTRING(a), *y = XSTRING(b);
  return x->nbytes == y->nbytes && x->nchars == y->nchars &&
         memcmp(x->data, y->data, (size_t)x->nbytes) == 0;
}

/* Walks A and B from byte offsets IA and IB comparing characters, a
   unibyte string's being its bytes, as string-lessp does. */
static int compare_chars_from(mval a, int64_t ia, mval b, int64_t ib)
{
  while (ia < XSTRING(a)->nbytes && ib < XSTRING(b)->nbytes) {
    int la, lb, ca = string_decode(a, ia, &la), cb = string_decode(b, ib, &lb);
    if (ca != cb)
      return ca < cb ? -1 : 1;
    ia += la;
    ib += lb;
  }
  return (ia < XSTRING(a)->nbytes) - (ib < XSTRING(b)->nbytes);
}

/* <0, 0 or >0 as A sorts before, with or after B.  With the same
   representation, the common byte prefix is skipped first; the
   comparison restarts at the start of the character where the bytes
   differ, since raw bytes' encodings do not sort as their codes. */
static int compare_text(mval a, mval b)
{
  if (STRING_MULTIBYTE_P(a) != STRING_MULTIBYTE_P(b))
    return compare_chars_from(a, 0, b, 0);
  struct string *x = XSTRING(a), *y = XSTRING(b);
  int64_t n = x->nbytes < y->nbytes ? x->nbytes : y->nbytes, i = 0;
  while (i < n && x->data[i] == y->data[i])
    i++;
  while (i > 0 && i < n && (x->data[i] & 0xC0) == 0x80 && STRING_MULTIBYTE_P(a))
    i--;
  return compare_chars_from(a, i, b, i);
}

static mval Fstring_equal(mrt *rt, int n, mval *a)
{
  mval x = string_or_symbol(rt, a[0]), y = string_or_symbol(rt, a[1]);
  return bool_val(same_text(x, y));
}

static mval Fstring_lessp(mrt *rt, int n, mval *a)
{
  mval x = string_or_symbol(rt, a[0]), y = string_or_symbol(rt, a[1]);
  return bool_val(compare_text(x, y) < 0);
}

/* As Emacs's, (string-lessp S2 S1): S2 is checked first. */
static mval Fstring_greaterp(mrt *rt, int n, mval *a)
{
  mval y = string_or_symbol(rt, a[1]), x = string_or_symbol(rt, a[0]);
  return bool_val(compare_text(x, y) > 0);
}

/* The characters (or bytes) of S into OUT. */
static void string_units(mval s, bool bytes, int *out)
{
  for (int64_t k = 0, off = 0; off < XSTRING(s)->nbytes; k++) {
    int len = 1;
    out[k] = bytes ? XSTRING(s)->data[off] : string_decode(s, off, &len);
    off += len;
  }
}

/* ---- Version order (Emacs uses gnulib's filevercmp) ---- */

static bool ascii_digit(int c) { return c >= '0' && c <= '9'; }
static bool ascii_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Debian's ordering of the non-digit characters: '~' before the end
   of the text, letters before everything else. */
static int version_char_order(int c)
{
  if (ascii_digit(c))
    return 0;
  if (ascii_alpha(c))
    return c;
  if (c == '~')
    return -1;
  return c + 256;
}

/* Alternating runs of non-digits (compared by version_char_order) and
   digits (compared as numbers). */
static int version_runs_compare(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
  size_t i = 0, j = 0;
  while (i < na || j < nb) {
    while ((i < na && !ascii_digit(a[i])) || (j < nb && !ascii_digit(b[j]))) {
      int ca = i < na ? version_char_order(a[i]) : 0;
      int cb = j < nb ? version_char_order(b[j]) : 0;
      if (ca != cb)
        return ca - cb;
      i++, j++;
    }
    for (; i < na && a[i] == '0'; i++)
      ;
    for (; j < nb && b[j] == '0'; j++)
      ;
    int first_diff = 0;
    for (; i < na && j < nb && ascii_digit(a[i]) && ascii_digit(b[j]); i++, j++)
      if (!first_diff)
        first_diff = a[i] - b[j];
    if (i < na && ascii_digit(a[i]))
      return 1;
    if (j < nb && ascii_digit(b[j]))
      return -1;
    if (first_diff)
      return first_diff;
  }
  return 0;
}

/* Where a file-name suffix such as ".tar.gz" starts in S[0..N)
   (matching (\.[A-Za-z~][A-Za-z0-9~]*)*$), or N when there is none. */
static size_t version_suffix(const uint8_t *s, size_t n)
{
  size_t match = n;
  bool after_dot = false;
  for (size_t i = 0; i < n; i++) {
    int c = s[i];
    if (after_dot) {
      after_dot = false;
      if (!ascii_alpha(c) && c != '~')
        match = n;
    } else if (c == '.') {
      after_dot = true;
      if (match == n)
        match = i;
    } else if (!ascii_alpha(c) && !ascii_digit(c) && c != '~')
      match = n;
  }
  return match;
}

static int byte_compare(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
  int c = memcmp(a, b, na < nb ? na : nb);
  return c ? c : na < nb ? -1 : na > nb;
}

static bool is_dots(const uint8_t *s, size_t n, size_t dots)
{
  return n == dots && memcmp(s, "..", dots) == 0;
}

/* filevercmp over one NUL-free segment: empty names, "." and "..",
   then hidden names first; a common stem decides before suffixes. */
static int version_compare(const uint8_t *a, size_t na, const uint8_t *b, size_t nb)
{
  int plain = byte_compare(a, na, b, nb);
  if (plain == 0)
    return 0;
  for (size_t dots = 0; dots <= 2; dots++) {
    if (is_dots(a, na, dots))
      return -1;
    if (is_dots(b, nb, dots))
      return 1;
  }
  bool hidden_a = a[0] == '.', hidden_b = b[0] == '.';
  if (hidden_a != hidden_b)
    return hidden_a ? -1 : 1;
  if (hidden_a)
    a++, na--, b++, nb--;
  size_t sa = version_suffix(a, na), sb = version_suffix(b, nb);
  bool same_stem = (sa < na || sb < nb) && sa == sb && memcmp(a, b, sa) == 0;
  int r = same_stem ? version_runs_compare(a, na, b, nb) : version_runs_compare(a, sa, b, sb);
  return r ? r : plain;
}

/* (string-version-lessp S1 S2): "foo2.png" before "foo12.png".  Like
   Emacs, compare NUL-separated pieces in turn. */
static mval Fstring_version_lessp(mrt *rt, int n, mval *a)
{
  struct string *x = XSTRING(string_or_symbol(rt, a[0])), *y = XSTRING(string_or_symbol(rt, a[1]));
  const uint8_t *p = x->data, *q = y->data, *pend = p + x->nbytes, *qend = q + y->nbytes;
  for (;;) {
    const uint8_t *pz = memchr(p, 0, (size_t)(pend - p)), *qz = memchr(q, 0, (size_t)(qend - q));
    size_t np = pz ? (size_t)(pz - p) : (size_t)(pend - p);
    size_t nq = qz ? (size_t)(qz - q) : (size_t)(qend - q);
    int c = version_compare(p, np, q, nq);
    if (c)
      return bool_val(c < 0);
    if (!pz || !qz)
      return bool_val(pz && !qz); /* as Emacs 28 answers */
    p = pz + 1, q = qz + 1;
  }
}

/* (string-distance S1 S2 &optional BYTECOMPARE): the Levenshtein
   distance, over characters or, with BYTECOMPARE, bytes. */
static mval Fstring_distance(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  CHECK_STRING(rt, a[1]);
  bool bytes = !NILP(a[2]);
  int64_t n1 = bytes ? XSTRING(a[0])->nbytes : XSTRING(a[0])->nchars;
  int64_t n2 = bytes ? XSTRING(a[1])->nbytes : XSTRING(a[1])->nchars;
  int *c1 = malloc(sizeof(int) * (size_t)(n1 + 1)), *c2 = malloc(sizeof(int) * (size_t)(n2 + 1));
  int64_t *row = malloc(sizeof(int64_t) * (size_t)(n2 + 1));
  if (!c1 || !c2 || !row) {
    free(c1), free(c2), free(row);
    memory_full(rt);
  }
  string_units(a[0], bytes, c1);
  string_units(a[1], bytes, c2);
  for (int64_t j = 0; j <= n2; j++)
    row[j] = j;
  for (int64_t i = 1; i <= n1; i++) {
    int64_t diag = row[0];
    row[0] = i;
    for (int64_t j = 1; j <= n2; j++) {
      int64_t up = row[j];
      int64_t best = diag + (c1[i - 1] != c2[j - 1]);
      if (up + 1 < best)
        best = up + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  int64_t d = row[n2];
  free(c1), free(c2), free(row);
  return make_fixnum(d);
}

/* The locale string-collate-lessp's LOCALE names (nil: the one the
   environment sets, as Emacs's C library uses; the C locale if that one
   is unknown).  A name no locale has is an error. */
static locale_t collation_locale(mrt *rt, mval name)
{
  const int mask = LC_COLLATE_MASK | LC_CTYPE_MASK;
  locale_t loc = newlocale(mask, NILP(name) ? "" : (const char *)XSTRING(name)->data, (locale_t)0);
  if (!loc && NILP(name))
    loc = newlocale(mask, "C", (locale_t)0);
  if (!loc)
    mrt_errorf(rt, "Invalid locale %s: %s", (const char *)XSTRING(name)->data, strerror(errno));
  return loc;
}

/* S1 and S2 (strings or symbols) compared by the C library's wcscoll in
   LOCALE, each character lower-cased there first when IGNORE-CASE, as
   Emacs does: a NUL character ends a string for this comparison. */
static int collate(mrt *rt, mval *a)
{
  mval s1 = string_or_symbol(rt, a[0]), s2 = string_or_symbol(rt, a[1]);
  if (!NILP(a[2]))
    CHECK_STRING(rt, a[2]);
  size_t n1 = (size_t)XSTRING(s1)->nchars, n2 = (size_t)XSTRING(s2)->nchars;
  locale_t loc = collation_locale(rt, a[2]);
  int *units = malloc(sizeof(int) * (n1 + n2 + 2));
  wchar_t *wide = malloc(sizeof(wchar_t) * (n1 + n2 + 2));
  if (!units || !wide) {
    free(units), free(wide);
    freelocale(loc);
    memory_full(rt);
  }
  string_units(s1, false, units);
  string_units(s2, false, units + n1 + 1);
  units[n1] = units[n1 + n2 + 1] = 0;
  for (size_t k = 0; k < n1 + n2 + 2; k++)
    wide[k] = NILP(a[3]) ? (wchar_t)units[k] : (wchar_t)towlower_l((wint_t)units[k], loc);
  errno = 0;
  int order = wcscoll_l(wide, wide + n1 + 1, loc);
  int err = errno;
  freelocale(loc);
  free(units), free(wide);
  if (err)
    mrt_errorf(rt, "Invalid string for collation: %s", strerror(err));
  return order;
}

/* (string-collate-lessp S1 S2 &optional LOCALE IGNORE-CASE) */
static mval Fstring_collate_lessp(mrt *rt, int n, mval *a) { return bool_val(collate(rt, a) < 0); }

/* (string-collate-equalp S1 S2 &optional LOCALE IGNORE-CASE) */
static mval Fstring_collate_equalp(mrt *rt, int n, mval *a) { return bool_val(collate(rt, a) == 0); }

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
  struct case_tables t = case_tables_in_force(rt);
  int64_t i = 0;
  for (; b1 + i < end1 && b2 + i < end2; i++) {
    int c1 = string_char_as_multibyte(s1, b1 + i), c2 = string_char_as_multibyte(s2, b2 + i);
    if (fold) {
      c1 = case_char(c1, CASE_UP, &t);
      c2 = case_char(c2, CASE_UP, &t);
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
  if (!fold && STRING_MULTIBYTE_P(a) == STRING_MULTIBYTE_P(b))
    return aoff + y->nbytes <= x->nbytes && memcmp(x->data + aoff, y->data, (size_t)y->nbytes) == 0;
  for (int64_t q = 0; q < y->nbytes;) {
    if (aoff >= x->nbytes)
      return false;
    int l1, l2, c1 = string_decode(a, aoff, &l1), c2 = string_decode(b, q, &l2);
    if (fold ? char_downcase(c1) != char_downcase(c2) : c1 != c2)
      return false;
    aoff += l1;
    q += l2;
  }
  return true;
}

/* AFFIX (a prefix or suffix) as text comparable byte for byte with
   STRING's, or nil when it is longer.  Emacs's Lisp versions compare
   the lengths first (taken in the order FIRST, SECOND), so a
   non-sequence is named by `sequencep' and a long list is no error;
   then compare-strings checks AFFIX, then STRING. */
static mval affix_text(mrt *rt, mval affix, mval string, mval first, mval second)
{
  int64_t nfirst = sequence_length(rt, first), nsecond = sequence_length(rt, second);
  if ((first == affix ? nfirst : nsecond) > (first == affix ? nsecond : nfirst))
    return Qnil;
  CHECK_STRING(rt, affix);
  CHECK_STRING(rt, string);
  return STRING_MULTIBYTE_P(string) ? multibyte_text(rt, affix) : affix;
}

static mval Fstring_prefix_p(mrt *rt, int n, mval *a)
{
  mval prefix = affix_text(rt, a[0], a[1], a[0], a[1]);
  if (NILP(prefix) || XSTRING(prefix)->nchars > XSTRING(a[1])->nchars)
    return Qnil;
  return bool_val(region_equal(a[1], 0, prefix, !NILP(a[2])));
}

static mval Fstring_suffix_p(mrt *rt, int n, mval *a)
{
  mval suffix = affix_text(rt, a[0], a[1], a[1], a[0]);
  if (NILP(suffix))
    return Qnil;
  int64_t skip = XSTRING(a[1])->nchars - XSTRING(suffix)->nchars;
  if (skip < 0)
    return Qnil;
  return bool_val(region_equal(a[1], string_char_to_byte(a[1], skip), suffix, !NILP(a[2])));
}

/* (assoc-string KEY LIST &optional CASE-FOLD): the first element of
   LIST that is, or whose car is, a string or symbol named KEY.  As in
   Emacs, KEY must be a string only once there is a name to compare. */
static mval Fassoc_string(mrt *rt, int n, mval *a)
{
  mval key = SYMBOLP(a[0]) ? XSYMBOL(rt, a[0])->name : a[0];
  bool fold = !NILP(a[2]);
  mval tail = a[1];
  FOR_EACH_TAIL(rt, tail, a[1]) { /* Emacs loops on a circular list; marrow says so */
    mval elt = XCAR(tail), name = CONSP(elt) ? XCAR(elt) : elt;
    if (SYMBOLP(name))
      name = XSYMBOL(rt, name)->name;
    if (!STRINGP(name))
      continue;
    CHECK_STRING(rt, key);
    if (XSTRING(name)->nchars != XSTRING(key)->nchars)
      continue;
    if (fold ? region_equal(name, 0, key, true) : same_text(name, key))
      return elt;
  }
  return Qnil;
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

/* (append STRING nil) and (vconcat STRING), as subr.el defines them. */
/* Emacs 28's are (append S nil) and (vconcat S): records and
   char-tables are refused there. */
static mval Fstring_to_list(mrt *rt, int n, mval *a)
{
  check_sequences(rt, 1, a);
  mval v = sequence_to_vector(rt, a[0]);
  return listn(rt, (size_t)VECTOR_LENGTH(v), VECTOR_SLOTS(v));
}

static mval Fstring_to_vector(mrt *rt, int n, mval *a)
{
  check_sequences(rt, 1, a);
  return sequence_to_vector(rt, a[0]);
}

/* S, or when it is unibyte with raw bytes, its multibyte copy: for
   code that reads characters from bytes.  Character indices agree. */
static mval multibyte_text(mrt *rt, mval s)
{
  return multibyte_size(s) == XSTRING(s)->nbytes ? s : string_to_multibyte(rt, s);
}

mval string_to_multibyte(mrt *rt, mval s)
{
  if (STRING_MULTIBYTE_P(s))
    return s;
  mval r = alloc_string(rt, multibyte_size(s));
  put_as_multibyte(s, XSTRING(r)->data);
  return finish_string(rt, r, true);
}

static mval Fstring_to_multibyte(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return string_to_multibyte(rt, a[0]);
}

/* Unibyte text of multibyte S: raw-byte characters become their bytes;
   with AS_BYTES, every other character its encoding, else it signals. */
static mval multibyte_to_unibyte(mrt *rt, mval s, bool as_bytes)
{
  int64_t size = 0;
  for (int64_t off = 0, i = 0; off < XSTRING(s)->nbytes; i++) {
    int len, c = string_decode(s, off, &len);
    if (c >= 0x80 && !CHAR_RAW_BYTE_P(c) && !as_bytes)
      mrt_errorf(rt, "Can\xe2\x80\x99t convert the %ldth character to unibyte", (long)i);
    size += CHAR_RAW_BYTE_P(c) ? 1 : len;
    off += len;
  }
  mval r = alloc_string(rt, size);
  uint8_t *p = XSTRING(r)->data;
  for (int64_t off = 0; off < XSTRING(s)->nbytes;) {
    int len, c = string_decode(s, off, &len);
    if (CHAR_RAW_BYTE_P(c))
      *p++ = (uint8_t)CHAR_TO_RAW_BYTE(c);
    else
      for (int k = 0; k < len; k++)
        *p++ = XSTRING(s)->data[off + k];
    off += len;
  }
  return finish_string(rt, r, false);
}

mval string_low_bytes(mrt *rt, mval s)
{
  if (!STRING_MULTIBYTE_P(s))
    return s;
  mval r = alloc_string(rt, XSTRING(s)->nchars);
  for (int64_t off = 0, i = 0; off < XSTRING(s)->nbytes; i++) {
    int len, c = string_decode(s, off, &len);
    XSTRING(r)->data[i] = (uint8_t)(c & 0xFF);
    off += len;
  }
  return finish_string(rt, r, false);
}

mval string_to_unibyte(mrt *rt, mval s)
{
  return STRING_MULTIBYTE_P(s) ? multibyte_to_unibyte(rt, s, false) : s;
}

/* (clear-string STRING): every byte zero, so a password leaves no
   copy behind; STRING becomes unibyte, one NUL per byte it had, as in
   Emacs.  Its text properties stay. */
static mval Fclear_string(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  struct string *str = XSTRING(a[0]);
  if (str->nbytes == 0) /* may be a shared empty string */
    return Qnil;
  memset(str->data, 0, (size_t)str->nbytes);
  str->nchars = str->nbytes;
  str->flags = 0; /* unibyte, and the position cache forgotten */
  return Qnil;
}

static mval Fstring_to_unibyte(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return string_to_unibyte(rt, a[0]);
}

mval make_unibyte_string(mrt *rt, const char *bytes, size_t n)
{
  mval s = alloc_string(rt, (int64_t)n);
  memcpy(XSTRING(s)->data, bytes, n);
  return finish_string(rt, s, false);
}

mval string_as_unibyte(mrt *rt, mval s)
{
  return STRING_MULTIBYTE_P(s) ? multibyte_to_unibyte(rt, s, true) : s;
}

static mval Fstring_as_unibyte(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return string_as_unibyte(rt, a[0]);
}

/* Length of the well-formed UTF-8 character at P, or 0 for a byte that
   begins none (it then stands for a raw byte). */
static int valid_utf8_length(const uint8_t *p, const uint8_t *end)
{
  int len, c = char_decode(p, end, &len);
  if (*p < 0x80)
    return 1;
  return len > 1 && !CHAR_RAW_BYTE_P(c) && len == char_encoded_length(c) ? len : 0;
}

/* (string-as-multibyte S): unibyte S's bytes read as multibyte text,
   each byte that is not part of a well-formed character a raw byte. */
mval string_as_multibyte(mrt *rt, mval s)
{
  if (STRING_MULTIBYTE_P(s))
    return s;
  int64_t size = 0, nbytes = XSTRING(s)->nbytes;
  for (int64_t off = 0; off < nbytes;) {
    int len = valid_utf8_length(XSTRING(s)->data + off, XSTRING(s)->data + nbytes);
    size += len ? len : 2;
    off += len ? len : 1;
  }
  mval r = alloc_string(rt, size);
  uint8_t *p = XSTRING(r)->data;
  const uint8_t *q = XSTRING(s)->data;
  for (int64_t off = 0; off < nbytes;) {
    int len = valid_utf8_length(q + off, q + nbytes);
    if (len)
      memcpy(p, q + off, (size_t)len);
    p += len ? len : char_encode(RAW_BYTE_CHAR(q[off]), p);
    off += len ? len : 1;
  }
  return finish_string(rt, r, true);
}

static mval Fstring_as_multibyte(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return string_as_multibyte(rt, a[0]);
}

/* (unibyte-char-to-multibyte C): byte C as a character, a raw byte
   unless ASCII. */
static mval Funibyte_char_to_multibyte(mrt *rt, int n, mval *a)
{
  int c = check_char(rt, a[0]);
  if (c > 0xFF)
    mrt_errorf(rt, "Not a unibyte character: %d", c);
  return make_fixnum(c < 0x80 ? c : RAW_BYTE_CHAR(c));
}

/* (multibyte-char-to-unibyte C): the byte C stands for; below 256, C
   itself; else -1. */
static mval Fmultibyte_char_to_unibyte(mrt *rt, int n, mval *a)
{
  int c = check_char(rt, a[0]);
  return make_fixnum(c <= 0xFF ? c : CHAR_RAW_BYTE_P(c) ? CHAR_TO_RAW_BYTE(c) : -1);
}

/* (string-make-unibyte S): each character of multibyte S as one byte,
   a raw byte's own and any other's low 8 bits, as Emacs. */
static mval Fstring_make_unibyte(mrt *rt, int n, mval *a)
{
  mval s = a[0];
  CHECK_STRING(rt, s);
  if (!STRING_MULTIBYTE_P(s))
    return s;
  mval r = alloc_string(rt, XSTRING(s)->nchars);
  uint8_t *p = XSTRING(r)->data;
  for (int64_t off = 0; off < XSTRING(s)->nbytes;) {
    int len, c = string_decode(s, off, &len);
    *p++ = (uint8_t)(CHAR_RAW_BYTE_P(c) ? CHAR_TO_RAW_BYTE(c) : c & 0xFF);
    off += len;
  }
  return finish_string(rt, r, false);
}

/* (string-make-multibyte S): unibyte S with non-ASCII bytes as a
   multibyte string of raw bytes; any other S itself. */
static mval Fstring_make_multibyte(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return multibyte_text(rt, a[0]);
}

static mval Funibyte_string(mrt *rt, int n, mval *a)
{
  for (int i = 0; i < n; i++) {
    CHECK_TYPE(rt, INTEGERP(a[i]), Qintegerp, a[i]);
    if (!FIXNUMP(a[i]) || XFIXNUM(a[i]) < 0 || XFIXNUM(a[i]) > 255)
      xsignal3(rt, Qargs_out_of_range, a[i], make_fixnum(0), make_fixnum(255));
  }
  mval r = alloc_string(rt, n);
  for (int i = 0; i < n; i++)
    XSTRING(r)->data[i] = (uint8_t)XFIXNUM(a[i]);
  return finish_string(rt, r, false);
}

/* Display columns, as Emacs 28's char-width in batch mode: the runs of
   characters not one column wide come from Emacs itself (see
   src/gen-charwidth.el), sorted, so a binary search finds C's. */
#include "charwidth.h"

/* The generated tables (charwidth.h, categories.h) are sorted runs of
   records that start with int first, last: the index of the one of N
   records of STRIDE bytes that holds C, or -1. */
static ptrdiff_t run_holding(const void *runs, size_t stride, size_t n, int c)
{
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    const int *bounds = (const int *)((const char *)runs + mid * stride);
    if (c < bounds[0])
      hi = mid;
    else if (c > bounds[1])
      lo = mid + 1;
    else
      return (ptrdiff_t)mid;
  }
  return -1;
}

int char_width(int c)
{
  ptrdiff_t i = run_holding(width_runs, sizeof width_runs[0],
                            sizeof width_runs / sizeof width_runs[0], c);
  return i >= 0 ? width_runs[i].width : 1;
}

/* The runs print-integers-as-characters prints as ?C: charwidth.h's
   second table. */
bool char_prints_as_character(int c)
{
  return run_holding(graphic_runs, sizeof graphic_runs[0],
                     sizeof graphic_runs / sizeof graphic_runs[0], c) >= 0;
}

int64_t text_width(const uint8_t *s, int64_t nbytes, int64_t limit, int64_t *used)
{
  int64_t width = 0, i = 0;
  while (i < nbytes) {
    int len, w = char_width(char_decode(s + i, s + nbytes, &len));
    if (limit >= 0 && width + w > limit)
      break;
    width += w;
    i += len;
  }
  if (used)
    *used = i;
  return width;
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

static bool bytes_only_p(mval s)
{
  for (int64_t off = 0; off < XSTRING(s)->nbytes;) {
    int len, c = string_decode(s, off, &len);
    if (c >= 0x80 && !CHAR_RAW_BYTE_P(c))
      return false;
    off += len;
  }
  return true;
}

/* NEEDLE in HAY's representation, so that bytes compare as Emacs
   compares characters; nil when NEEDLE has a character that a unibyte
   HAY cannot hold. */
static mval needle_for(mrt *rt, mval needle, mval hay)
{
  if (STRING_MULTIBYTE_P(hay))
    return multibyte_text(rt, needle);
  if (!STRING_MULTIBYTE_P(needle))
    return needle;
  return bytes_only_p(needle) ? multibyte_to_unibyte(rt, needle, false) : Qnil;
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
  needle = needle_for(rt, needle, hay);
  if (NILP(needle))
    return Qnil;
  int64_t at = find_bytes(hay, string_char_to_byte(hay, start), needle);
  return at < 0 ? Qnil : make_fixnum(byte_to_char(hay, at));
}


/* Bytes [FROM, TO) of IN, with their text properties as subr.el's
   substring keeps them. */
static mval replace_piece(mrt *rt, mval in, int64_t from, int64_t to)
{
  if (NILP(XSTRING(in)->intervals))
    return substring_bytes(rt, in, from, to);
  return substring_with_properties(rt, in, byte_to_char(in, from), byte_to_char(in, to));
}

static mval Fstring_replace(mrt *rt, int n, mval *a)
{
  mval from = a[0], to = a[1], in = a[2];
  /* An empty FROM is refused before any type is checked */
  if (STRINGP(from) && XSTRING(from)->nbytes == 0)
    xsignal1(rt, Qwrong_length_argument, make_fixnum(0));
  CHECK_STRING(rt, from);
  CHECK_STRING(rt, in);
  /* Emacs concats TO in, so any sequence of characters will do, and
     nothing is checked when nothing matches */
  mval needle = needle_for(rt, from, in);
  if (!STRINGP(to) && !NILP(needle) && find_bytes(in, 0, needle) >= 0)
    to = Fconcat(rt, 1, &to);
  mval pieces = Qnil;
  int64_t pos = 0, at;
  /* Empty pieces of IN are left out, as Emacs leaves them out: they
     would make a result of unibyte TOs multibyte */
  while (!NILP(needle) && (at = find_bytes(in, pos, needle)) >= 0) {
    if (at > pos)
      pieces = Fcons(rt, replace_piece(rt, in, pos, at), pieces);
    pieces = Fcons(rt, to, pieces);
    pos = at + XSTRING(needle)->nbytes;
  }
  if (NILP(pieces)) /* as in Emacs, IN itself when nothing matched */
    return in;
  if (pos < XSTRING(in)->nbytes)
    pieces = Fcons(rt, replace_piece(rt, in, pos, XSTRING(in)->nbytes), pieces);
  mval v = sequence_to_vector(rt, nreverse_list(rt, pieces));
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
    gc_aset(rt->gc, parts, 2 * i, AREF(v, i));
  return concat_strings(rt, (int)(2 * len - 1), VECTOR_SLOTS(parts));
}

/* ================================================================== */
/* Regexps: Emacs syntax, compiled to a program for a Pike VM         */
/* ================================================================== */

/* Supported: literals, ., [...] with ranges and [:class:], * + ? and
   their non-greedy forms, \{m,n\}, ^ $ \` \', \( \) \(?: \) \(?N: \),
   \|, \w \W \sC \SC, \b \B \< \> \_< \_>, and back references \1..\9.

   One compiler serves two matchers.  A program without back references
   runs on the Pike VM, in time linear in the string.  Back references
   make matching NP-hard in general, so a program with them runs on a
   backtracking matcher instead, with an explicit, bounded stack and a
   step budget: a pathological pattern signals an error rather than
   overflowing the C stack or running for ever.

   Instructions are three ints; jumps are relative, so a compiled atom
   can be moved or copied (for quantifiers and \{m,n\}) unchanged. */

enum re_op {
  RE_CHAR,   /* x: the character */
  RE_ANY,    /* any character but newline */
  RE_CLASS,  /* x: number of RE_RANGE that follow; y: flags */
  RE_RANGE,  /* x..y */
  RE_SYNTAX, /* x: syntax code (char_syntax); y: 1 to negate */
  RE_CATEGORY, /* x: category_index entry, -1 for none; y: 1 to negate */
  RE_SPLIT,  /* continue at pc+x, and with lower priority at pc+y */
  RE_LOOP,   /* a SPLIT that heads a loop; its exit is the larger of x, y */
  RE_BACKREF, /* the text group x matched */
  RE_AT_SAVED, /* asserts the position is the one in slot x */
  RE_TAIL,   /* while compiling: the split before an empty tail (re_empty_tail) */
  RE_FENCE,  /* does nothing; ends the paths re_first_chars follows (re_repeat) */
  RE_GUARD,  /* y: 1 to assert that the class at pc+x does not match next (re_guard_loop) */
  RE_JMP,    /* pc+x */
  RE_SAVE,   /* record the position in capture slot x */
  RE_ASSERT, /* x: enum re_assert */
  RE_MATCH
};

enum re_assert { AT_BOL, AT_EOL, AT_BOS, AT_EOS, AT_WORDB, AT_NOT_WORDB,
                 AT_WORD_START, AT_WORD_END, AT_SYMBOL_START, AT_SYMBOL_END, AT_POINT };

/* RE_CLASS flags: bit 0 negates, the others are named classes. */
enum {
  CLS_NEGATE = 1, CLS_ALPHA = 2, CLS_DIGIT = 4, CLS_ALNUM = 8, CLS_SPACE = 16,
  CLS_UPPER = 32, CLS_LOWER = 64, CLS_PUNCT = 128, CLS_WORD = 256, CLS_BLANK = 512,
  CLS_XDIGIT = 1024, CLS_CNTRL = 2048, CLS_ASCII = 4096, CLS_NONASCII = 8192,
  CLS_GRAPH = 16384, CLS_PRINT = 32768
};

struct re_inst {
  int32_t op, x, y;
};

#define RE_MAX_INSTS 200000
#define RE_MAX_DEPTH 200
#define RE_MAX_GROUPS 1000 /* explicit numbers \(?N: stay below it */

/* The compiler's state.  The program lives in a Lisp string (BUF)
   referenced from this struct on the C stack, so it is garbage once
   the match is over, and a signal mid-compile leaks nothing. */
struct re_compiler {
  mrt *rt;
  const uint8_t *p, *end; /* regexp text */
  mval buf;
  struct re_inst *code;
  int n, cap;
  int ngroups; /* groups, including group 0 */
  mval regexp;
  bool backrefs; /* whether the program needs the backtracking matcher */
  bool posix;    /* the longest match, not the first (which needs that matcher too) */
  bool fences;   /* whether the program has an RE_FENCE */
  bool lazy, tails; /* whether it has a non-greedy operator, an empty tail */
  bool repeating;   /* re_repeat is at work */
  bool categories;  /* whether it has \\cC or \\CC */
  int nhidden;   /* slots after the groups' for RE_AT_SAVED, numbered -1, -2... until compiled */
  uint8_t open[RE_MAX_GROUPS]; /* groups being compiled, for \N's check */
};

_Noreturn static void re_error(struct re_compiler *c, const char *msg)
{
  xsignal1(c->rt, Qinvalid_regexp, make_cstring(c->rt, msg));
}

/* A growing array kept in a Lisp string: copies the USED elements of
   size ELT at OLD into a new string with room for CAP, which *BUF then
   holds (keeping it alive; until then *BUF keeps OLD alive), and
   returns its data. */
static void *regrow_in_string(mrt *rt, mval *buf, const void *old, int64_t used, int64_t cap, size_t elt)
{
  mval nb = alloc_string(rt, cap * (int64_t)elt);
  if (used)
    memcpy(XSTRING(nb)->data, old, (size_t)used * elt);
  *buf = nb;
  return XSTRING(nb)->data;
}

static void re_reserve(struct re_compiler *c, int more)
{
  if (c->n + more <= c->cap)
    return;
  if (c->n + more > RE_MAX_INSTS)
    re_error(c, "Regular expression too big");
  int cap = c->cap * 2 > c->n + more ? c->cap * 2 : c->n + more + 16;
  c->code = regrow_in_string(c->rt, &c->buf, c->code, c->n, cap, sizeof(struct re_inst));
  c->cap = cap;
}

static int re_emit(struct re_compiler *c, int op, int x, int y)
{
  re_reserve(c, 1);
  c->code[c->n] = (struct re_inst){ op, x, y };
  return c->n++;
}

/* Opens a gap of one instruction at AT (for a SPLIT before an atom). */
static void re_insert(struct re_compiler *c, int at, int op, int x, int y)
{
  re_reserve(c, 1);
  memmove(&c->code[at + 1], &c->code[at], (size_t)(c->n - at) * sizeof(struct re_inst));
  c->code[at] = (struct re_inst){ op, x, y };
  c->n++;
}

static bool re_looking_at(struct re_compiler *c, const char *s)
{
  size_t n = strlen(s);
  return (size_t)(c->end - c->p) >= n && memcmp(c->p, s, n) == 0;
}

static int re_next_char(struct re_compiler *c)
{
  int len;
  int ch = char_decode(c->p, c->end, &len);
  c->p += len;
  return ch;
}

static const struct { const char *name; int flag; } re_class_names[] = {
  { "alpha", CLS_ALPHA }, { "digit", CLS_DIGIT }, { "alnum", CLS_ALNUM },
  { "space", CLS_SPACE }, { "upper", CLS_UPPER }, { "lower", CLS_LOWER },
  { "punct", CLS_PUNCT }, { "word", CLS_WORD }, { "blank", CLS_BLANK },
  { "xdigit", CLS_XDIGIT }, { "cntrl", CLS_CNTRL }, { "ascii", CLS_ASCII },
  { "nonascii", CLS_NONASCII }, { "graph", CLS_GRAPH }, { "print", CLS_PRINT },
  { "multibyte", CLS_NONASCII }, { "unibyte", CLS_ASCII },
};

/* Whether NAME (LEN bytes) names a character class, [:NAME:]. */
bool re_class_name_p(const uint8_t *name, size_t len)
{
  for (size_t i = 0; i < sizeof re_class_names / sizeof re_class_names[0]; i++)
    if (strlen(re_class_names[i].name) == len && memcmp(re_class_names[i].name, name, len) == 0)
      return true;
  return false;
}

/* [:name:] at c->p (just after "[:"); returns its flag.  As in Emacs,
   "[:" with no ":]" anywhere after it is no class (returns 0): its
   '[' is an ordinary member. */
static int re_named_class(struct re_compiler *c)
{
  const uint8_t *close = c->p;
  while (close + 1 < c->end && !(close[0] == ':' && close[1] == ']'))
    close++;
  if (close + 1 >= c->end) {
    c->p -= 2;
    return 0;
  }
  size_t len = (size_t)(close - c->p);
  for (size_t i = 0; i < sizeof re_class_names / sizeof re_class_names[0]; i++)
    if (strlen(re_class_names[i].name) == len && memcmp(re_class_names[i].name, c->p, len) == 0) {
      c->p = close + 2;
      return re_class_names[i].flag;
    }
  re_error(c, "Invalid character class name");
}

/* Emits the range LO-HI of a bracket expression; returns how many
   RE_RANGEs that took.  A range ending in a raw byte holds no
   multibyte character, as in Emacs: from ASCII it covers the rest of
   ASCII and the raw bytes up to HI; from another non-ASCII character
   it is empty. */
static int re_class_range(struct re_compiler *c, int lo, int hi)
{
  if (lo > hi)
    return 0;
  if (CHAR_RAW_BYTE_P(hi) && !CHAR_RAW_BYTE_P(lo)) {
    if (lo >= 0x80)
      return 0;
    re_emit(c, RE_RANGE, lo, 0x7F);
    re_emit(c, RE_RANGE, RAW_BYTE_CHAR(0x80), hi);
    return 2;
  }
  re_emit(c, RE_RANGE, lo, hi);
  return 1;
}

/* After '[': ranges, single characters and named classes up to ']'. */
static void re_class(struct re_compiler *c)
{
  int at = re_emit(c, RE_CLASS, 0, 0);
  int flags = 0, nranges = 0;
  if (c->p < c->end && *c->p == '^') {
    flags |= CLS_NEGATE;
    c->p++;
  }
  bool first = true;
  for (;;) {
    if (c->p >= c->end)
      re_error(c, "Unmatched [ or [^");
    if (*c->p == ']' && !first) {
      c->p++;
      break;
    }
    first = false;
    if (re_looking_at(c, "[:")) {
      c->p += 2;
      int named = re_named_class(c);
      flags |= named;
      if (named)
        continue;
    }
    int lo = re_next_char(c), hi = lo;
    if (c->end - c->p == 1 && *c->p == '-') /* a range cut short */
      re_error(c, "Premature end of regular expression");
    if (c->end - c->p >= 2 && c->p[0] == '-' && c->p[1] != ']') {
      c->p++;
      hi = re_next_char(c);
    }
    nranges += re_class_range(c, lo, hi);
  }
  c->code[at].x = nranges;
  c->code[at].y = flags;
}

/* The syntax code after \\s or \\S; '-' is another name for ' '.  As in
   Emacs, an unknown designator is no error: it names a class no
   character is in (code 0). */
static int re_syntax_code(struct re_compiler *c)
{
  if (c->p >= c->end)
    re_error(c, "Premature end of regular expression");
  int code = *c->p++;
  if (code == '-')
    return ' ';
  return strchr(" w_.()\"'<>\\$@!|/", code) && code ? code : 0;
}

static void re_alternatives(struct re_compiler *c, int depth);

/* After '\\(?': ":" for a shy group (returns -1) or "N:" for group N
   (a later plain group gets the next number after the largest). */
static int re_group_prefix(struct re_compiler *c)
{
  if (c->p < c->end && *c->p == ':') {
    c->p++;
    return -1;
  }
  int n = 0;
  const uint8_t *digits = c->p;
  while (c->p < c->end && *c->p >= '0' && *c->p <= '9') {
    n = n * 10 + (*c->p++ - '0');
    if (n >= RE_MAX_GROUPS)
      re_error(c, "Too many groups");
  }
  bool leading_zero = c->p > digits && *digits == '0';
  if (c->p >= c->end)
    re_error(c, c->p > digits ? "Premature end of regular expression" : "Unmatched ( or \\(");
  if (n == 0 || leading_zero || *c->p != ':' || (n < c->ngroups && c->open[n]))
    re_error(c, "Invalid regular expression");
  c->p++;
  if (n >= c->ngroups)
    c->ngroups = n + 1;
  return n;
}

/* After '\\(': a capturing, shy or explicitly numbered group. */
static void re_group(struct re_compiler *c, int depth)
{
  int group;
  if (c->p < c->end && *c->p == '?') {
    c->p++;
    group = re_group_prefix(c);
  } else {
    if (c->ngroups >= RE_MAX_GROUPS)
      re_error(c, "Too many groups");
    group = c->ngroups++;
  }
  if (group >= 0) {
    re_emit(c, RE_SAVE, 2 * group, 0);
    c->open[group]++;
  }
  re_alternatives(c, depth + 1);
  if (!re_looking_at(c, "\\)"))
    re_error(c, "Unmatched ( or \\(");
  c->p += 2;
  if (group >= 0) {
    re_emit(c, RE_SAVE, 2 * group + 1, 0);
    c->open[group]--;
  }
}

/* \\N: group N must exist and be closed, as Emacs checks. */
static void re_backref(struct re_compiler *c, int group)
{
  if (group >= c->ngroups || c->open[group])
    re_error(c, "Invalid back reference");
  c->backrefs = true;
  re_emit(c, RE_BACKREF, group, 0);
}

/* Character categories (\cC): the runs of each category Emacs's
   standard category table defines, generated from Emacs (see
   src/gen-categories.el). */
#include "categories.h"

/* The category_index entry of category character CAT, or -1. */
static int category_entry(int cat)
{
  for (size_t i = 0; i < sizeof category_index / sizeof category_index[0]; i++)
    if (category_index[i].category == cat)
      return (int)i;
  return -1;
}

static bool in_category(int entry, int ch)
{
  if (entry < 0)
    return false;
  const struct category_run *runs = category_runs + category_index[entry].start;
  return run_holding(runs, sizeof *runs, (size_t)category_index[entry].count, ch) >= 0;
}

static void re_interval_bounds(struct re_compiler *c, int *lo, int *hi);

/* An interval with nothing before it to repeat stands for its own
   characters, as in Emacs, but it must still be a valid interval. */
static void re_check_stray_interval(struct re_compiler *c)
{
  const uint8_t *p = c->p;
  int lo, hi;
  re_interval_bounds(c, &lo, &hi);
  c->p = p;
}

/* One backslash construct other than \\| and \\) (the caller stops at
   those). */
static void re_backslash(struct re_compiler *c, int depth)
{
  c->p++;
  if (c->p >= c->end)
    re_error(c, "Trailing backslash");
  int ch = *c->p;
  if (ch == '(') {
    c->p++;
    re_group(c, depth);
    return;
  }
  c->p++;
  switch (ch) {
  case 'w': re_emit(c, RE_SYNTAX, 'w', 0); return;
  case 'W': re_emit(c, RE_SYNTAX, 'w', 1); return;
  case 's': re_emit(c, RE_SYNTAX, re_syntax_code(c), 0); return;
  case 'S': re_emit(c, RE_SYNTAX, re_syntax_code(c), 1); return;
  case 'b': re_emit(c, RE_ASSERT, AT_WORDB, 0); return;
  case 'B': re_emit(c, RE_ASSERT, AT_NOT_WORDB, 0); return;
  case '<': re_emit(c, RE_ASSERT, AT_WORD_START, 0); return;
  case '>': re_emit(c, RE_ASSERT, AT_WORD_END, 0); return;
  case '`': re_emit(c, RE_ASSERT, AT_BOS, 0); return;
  case '\'': re_emit(c, RE_ASSERT, AT_EOS, 0); return;
  case '=': re_emit(c, RE_ASSERT, AT_POINT, 0); return;
  case 'c':
  case 'C':
    if (c->p >= c->end)
      re_error(c, "Premature end of regular expression");
    re_emit(c, RE_CATEGORY, category_entry(re_next_char(c)), ch == 'C');
    c->categories = true;
    return;
  case '_':
    if (c->p >= c->end)
      re_error(c, "Premature end of regular expression");
    if (*c->p == '<' || *c->p == '>') {
      re_emit(c, RE_ASSERT, *c->p++ == '<' ? AT_SYMBOL_START : AT_SYMBOL_END, 0);
      return;
    }
    re_error(c, "Invalid regular expression");
  default:
    if (ch >= '1' && ch <= '9') {
      re_backref(c, ch - '0');
      return;
    }
    if (ch == '{')
      re_check_stray_interval(c);
    c->p--;
    re_emit(c, RE_CHAR, re_next_char(c), 0);
  }
}

/* Copies instructions [s, e) to the end of the program. */
static void re_copy(struct re_compiler *c, int s, int e)
{
  re_reserve(c, e - s);
  memcpy(&c->code[c->n], &c->code[s], (size_t)(e - s) * sizeof(struct re_inst));
  c->n += e - s;
}

/* A count of \\{m,n\\}, or DFLT when there are no digits.  Something
   must follow it. */
static int re_number(struct re_compiler *c, int dflt)
{
  long n = dflt;
  for (bool digits = false; c->p < c->end && *c->p >= '0' && *c->p <= '9'; digits = true) {
    n = (digits ? n * 10 : 0) + (*c->p++ - '0');
    if (n > 0xFFFF)
      re_error(c, "Invalid content of \\{\\}");
  }
  if (c->p >= c->end)
    re_error(c, "Unmatched \\{");
  return (int)n;
}

#define RE_EMPTY_TAIL_MAX 256 /* the largest loop body given an empty tail */

/* Whether the LEN instructions at B can be passed without consuming
   anything (assertions are assumed to hold). */
static bool re_nullable(const struct re_compiler *c, int b, int len)
{
  bool seen[RE_EMPTY_TAIL_MAX] = { false };
  int todo[2 * RE_EMPTY_TAIL_MAX + 2], n = 0;
  todo[n++] = 0;
  while (n > 0) {
    int i = todo[--n];
    if (i == len)
      return true;
    if (i < 0 || i > len || seen[i])
      continue;
    seen[i] = true;
    const struct re_inst *in = &c->code[b + i];
    if (in->op == RE_JMP) {
      todo[n++] = i + in->x;
    } else if (in->op == RE_SPLIT || in->op == RE_LOOP || in->op == RE_TAIL) {
      todo[n++] = i + in->x;
      todo[n++] = i + in->y;
    } else if (in->op == RE_SAVE || in->op == RE_ASSERT || in->op == RE_AT_SAVED || in->op == RE_FENCE ||
               in->op == RE_GUARD) {
      todo[n++] = i + 1;
    }
  }
  return false;
}

static bool re_has_group(const struct re_compiler *c, int b, int len)
{
  for (int i = b; i < b + len; i++)
    if (c->code[i].op == RE_SAVE && c->code[i].x >= 0)
      return true;
  return false;
}

/* Emacs ends a greedy loop whose body can match empty with one more,
   empty, iteration, whose groups stay set.  The Pike VM cannot run
   the body again at a position it has visited it, so after the loop
   comes a copy of the body that may only match empty:
     split t, out; t: save h; body; at-saved h; out:
   Only bodies with groups need it (nothing else shows).  The
   backtracking matcher already ends loops so, and the extra choice
   would only multiply its paths: for it the split becomes a jump. */
static void re_empty_tail(struct re_compiler *c, int b, int len)
{
  if (len > RE_EMPTY_TAIL_MAX || !re_has_group(c, b, len) || !re_nullable(c, b, len))
    return;
  int hidden = -++c->nhidden;
  c->tails = true;
  re_emit(c, RE_TAIL, 1, len + 3);
  re_emit(c, RE_SAVE, hidden, 0);
  re_copy(c, b, b + len);
  re_emit(c, RE_AT_SAVED, hidden, 0);
}

/* Whether the atom at [s, n) is a bracket expression Emacs keeps as a
   bitmap of ASCII characters and named classes only. */
static bool re_ascii_class_atom(const struct re_compiler *c, int s)
{
  const struct re_inst *in = &c->code[s];
  if (in->op != RE_CLASS || (in->y & CLS_NEGATE) || c->n - s != 1 + in->x)
    return false;
  for (int i = 1; i <= in->x; i++)
    if (in[i].y >= 0x80)
      return false;
  return true;
}

/* Emacs leaves the loops inside a repeated atom as they are (see
   re_guard_loop): their guards in [s, n) become jumps to the next. */
static void re_unguard(struct re_compiler *c, int s)
{
  for (int i = s; i < c->n; i++)
    if (c->code[i].op == RE_GUARD)
      c->code[i] = (struct re_inst){ RE_JMP, 1, 0 };
}

/* Wraps the atom at [s, n) in a star, plus or optional. */
static void re_quantify(struct re_compiler *c, int s, char q, bool lazy)
{
  int len = c->n - s;
  bool guarded = !lazy && q != '?' && !c->repeating && re_ascii_class_atom(c, s);
  c->lazy |= lazy;
  if (q != '?')
    re_unguard(c, s);
  switch (q) {
  case '*': /* L: loop body, out; body; jmp L; out: */
    re_insert(c, s, RE_LOOP, lazy ? len + 2 : 1, lazy ? 1 : len + 2);
    re_emit(c, RE_JMP, s - c->n, 0);
    if (!lazy)
      re_empty_tail(c, s + 1, len);
    if (guarded)
      re_emit(c, RE_GUARD, s + 1 - c->n, 0);
    break;
  case '+': /* body; loop body, out */
    re_emit(c, RE_LOOP, lazy ? 1 : -len, lazy ? -len : 1);
    if (!lazy)
      re_empty_tail(c, s, len);
    if (guarded)
      re_emit(c, RE_GUARD, s - c->n, 0);
    break;
  default: /* split body, out; body; out: */
    re_insert(c, s, RE_SPLIT, lazy ? len + 1 : 1, lazy ? 1 : len + 1);
  }
}

/* \{m,n\} after the atom at [s, n): m copies, then n-m optional ones
   (or a star when n is absent). */
static void re_interval_bounds(struct re_compiler *c, int *lo, int *hi)
{
  *lo = re_number(c, 0);
  *hi = *lo;
  if (*c->p == ',') {
    c->p++;
    *hi = re_number(c, -1);
  }
  if (*c->p++ != '\\' || (*hi >= 0 && *hi < *lo))
    re_error(c, "Invalid content of \\{\\}");
  if (c->p >= c->end)
    re_error(c, "Trailing backslash");
  if (*c->p++ != '}')
    re_error(c, "Invalid content of \\{\\}");
}

static void re_repeat(struct re_compiler *c, int s)
{
  int lo, hi;
  re_interval_bounds(c, &lo, &hi);
  int e = c->n, len = e - s;
  if ((int64_t)len * (hi >= 0 ? hi : lo + 1) > RE_MAX_INSTS)
    re_error(c, "Regular expression too big");
  re_unguard(c, s);
  c->repeating = true;
  if (hi < 0 && lo > 0) {
    /* Emacs decides where a search may start a match as if the first
       pass through the atom of X\\{m,\\} led nowhere but back into
       it: where no character the atom can start with is, it finds no
       match, even when the atom can match empty. */
    re_emit(c, RE_FENCE, 0, 0);
    c->fences = true;
  }
  /* The atom stays as the first copy; build the rest after it. */
  for (int i = 1; i < lo; i++)
    re_copy(c, s, e);
  if (hi < 0) {
    int at = c->n;
    re_copy(c, s, e);
    re_quantify(c, at, '*', false);
  } else {
    for (int i = lo > 0 ? lo : 0; i < hi; i++) {
      int at = c->n;
      re_copy(c, s, e);
      re_quantify(c, at, '?', false);
    }
  }
  if (lo == 0) { /* drop the original, mandatory first copy */
    memmove(&c->code[s], &c->code[e], (size_t)(c->n - e) * sizeof(struct re_inst));
    c->n -= len;
  }
  c->repeating = false;
}

static bool re_sequence_end(struct re_compiler *c)
{
  return c->p >= c->end || re_looking_at(c, "\\|") || re_looking_at(c, "\\)");
}

static bool re_postfix_next(struct re_compiler *c)
{
  return (c->p < c->end && (*c->p == '*' || *c->p == '+' || *c->p == '?')) || re_looking_at(c, "\\{");
}

/* Emacs reads a run of * + ? as one operator, not one applied to
   the other ("a+??" is "a+?", "a?+" is "a*"): a * or + lets it repeat,
   a * or ? lets it match none, and a ? once either is set makes it
   non-greedy.  Returns the operator that makes. */
static char re_postfix_run(struct re_compiler *c, bool *lazy)
{
  bool many = false, none = false;
  *lazy = false;
  while (c->p < c->end && (*c->p == '*' || *c->p == '+' || *c->p == '?')) {
    char q = (char)*c->p++;
    if (q == '?' && (many || none)) {
      *lazy = true;
      continue;
    }
    many |= q != '?';
    none |= q != '+';
  }
  return many ? (none ? '*' : '+') : '?';
}

/* A sequence of atoms, each with its postfix operators.  As in Emacs,
   \\` \\' \\b and \\B are no atoms of their own: an operator after one
   applies to it together with the atom before, and is an ordinary
   character when there is none.  That atom is the whole run of plain
   characters before, when its last one had no operator of its own:
   Emacs keeps such a run as one string. */
static void re_sequence(struct re_compiler *c, int depth)
{
  bool at_start = true;
  int last = -1; /* where the operand of a postfix operator starts */
  int run = -1;  /* where the run of plain characters that LAST is in starts */
  while (!re_sequence_end(c)) {
    int s = c->n;
    uint8_t ch = *c->p;
    bool zero_width = ch == '\\' && c->end - c->p >= 2 && c->p[1] && strchr("`'bB", c->p[1]);
    if (ch == '^' && at_start) {
      c->p++;
      re_emit(c, RE_ASSERT, AT_BOL, 0);
      at_start = false;
      continue;
    }
    if (ch == '$') {
      c->p++;
      if (re_sequence_end(c)) {
        re_emit(c, RE_ASSERT, AT_EOL, 0);
        continue;
      }
      re_emit(c, RE_CHAR, '$', 0);
    } else if (ch == '.') {
      c->p++;
      re_emit(c, RE_ANY, 0, 0);
    } else if (ch == '[') {
      c->p++;
      re_class(c);
    } else if (ch == '\\') {
      re_backslash(c, depth);
    } else {
      re_emit(c, RE_CHAR, re_next_char(c), 0);
    }
    at_start = false;
    if (zero_width) {
      run = -1;
    } else {
      bool joins = c->n == s + 1 && c->code[s].op == RE_CHAR && !re_postfix_next(c);
      last = joins && run >= 0 ? run : s;
      run = joins ? last : -1;
    }
    if (last < 0) /* a postfix operator next is an ordinary character */
      continue;
    for (;;) {
      if (c->p < c->end && (*c->p == '*' || *c->p == '+' || *c->p == '?')) {
        bool lazy;
        char q = re_postfix_run(c, &lazy);
        re_quantify(c, last, q, lazy);
      } else if (re_looking_at(c, "\\{")) {
        c->p += 2;
        re_repeat(c, last);
      } else {
        break;
      }
    }
  }
}

/* Alternatives separated by \|: split a, (split b, c); each but the
   last ends in a jump to the end.  Inserting a split moves only the
   newest jump, so the jumps are chained through their x fields by
   absolute index until the end is known. */
static void re_alternatives(struct re_compiler *c, int depth)
{
  if (depth > RE_MAX_DEPTH)
    re_error(c, "Regular expression too big");
  int start = c->n, jumps = -1;
  re_sequence(c, depth);
  while (re_looking_at(c, "\\|")) {
    c->p += 2;
    int j = re_emit(c, RE_JMP, jumps, 0);
    re_insert(c, start, RE_SPLIT, 1, c->n + 1 - start);
    jumps = j + 1;
    start = c->n;
    re_sequence(c, depth);
  }
  while (jumps >= 0) {
    int prev = c->code[jumps].x;
    c->code[jumps].x = c->n - jumps;
    jumps = prev;
  }
}

static bool class_match(mrt *rt, const struct re_inst *in, int ch, const struct case_tables *fold);

/* Emacs makes a greedy loop over a bracket expression possessive when
   the bracket expression right after it (group bounds aside, with no
   operator of its own) shares no ASCII character with it: its test
   looks at the ASCII bitmaps only, so non-ASCII characters both take
   are lost to the second.  Arms the guard after the loop at G then. */
static void re_guard_loop(mrt *rt, struct re_compiler *c, int g)
{
  const struct re_inst *loop = &c->code[g + c->code[g].x];
  int next = g + 1;
  while (c->code[next].op == RE_SAVE || c->code[next].op == RE_GUARD)
    next++;
  const struct re_inst *after = &c->code[next];
  if (after->op != RE_CLASS || (after->y & CLS_NEGATE))
    return;
  int end = next + 1 + after->x;
  for (int i = next + 1; i < end; i++)
    if (c->code[i].y >= 0x80)
      return;
  const struct re_inst *then = &c->code[end];
  bool lazy_plus = then->op == RE_LOOP && then->x == 1; /* Emacs's starts with the class */
  if ((then->op == RE_LOOP && !lazy_plus) || then->op == RE_SPLIT || then->op == RE_FENCE ||
      (then->op == RE_CLASS && then->x == after->x && then->y == after->y))
    return; /* the class after has an operator */
  struct case_tables t = case_tables_in_force(rt);
  const struct case_tables *fold = case_fold(rt) ? &t : NULL;
  for (int ch = 0; ch < 0x80; ch++)
    if (class_match(rt, loop, ch, fold) && class_match(rt, after, ch, fold))
      return;
  c->code[g].y = 1;
}

static void re_compile_as(mrt *rt, struct re_compiler *c, mval regexp, bool posix)
{
  CHECK_STRING(rt, regexp);
  regexp = multibyte_text(rt, regexp);
  memset(c, 0, sizeof *c);
  c->posix = posix;
  c->rt = rt;
  c->regexp = regexp;
  c->buf = Qnil;
  c->p = XSTRING(regexp)->data;
  c->end = c->p + XSTRING(regexp)->nbytes;
  c->ngroups = 1;
  re_reserve(c, 16 + (int)(XSTRING(regexp)->nbytes < RE_MAX_INSTS ? XSTRING(regexp)->nbytes : 0));
  re_emit(c, RE_SAVE, 0, 0);
  re_alternatives(c, 0);
  if (c->p < c->end)
    re_error(c, "Unmatched ) or \\)");
  re_emit(c, RE_SAVE, 1, 0);
  re_emit(c, RE_MATCH, 0, 0);
  /* The Pike VM's order of paths strays from Emacs's when a loop that
     can go round empty (one with a tail) meets a non-greedy operator. */
  c->backrefs |= posix || (c->lazy && c->tails);
  for (int i = 0; i < c->n; i++) {
    struct re_inst *in = &c->code[i];
    if ((in->op == RE_SAVE || in->op == RE_AT_SAVED) && in->x < 0)
      in->x = 2 * c->ngroups - in->x - 1; /* the hidden slots follow the groups' */
    else if (in->op == RE_TAIL && c->backrefs)
      *in = (struct re_inst){ RE_JMP, in->y, 0 };
    else if (in->op == RE_TAIL)
      in->op = RE_SPLIT;
    else if (in->op == RE_GUARD)
      re_guard_loop(rt, c, i);
  }
}

static void re_compile(mrt *rt, struct re_compiler *c, mval regexp) { re_compile_as(rt, c, regexp, false); }

/* ---- Character classes and syntax ---- */

static bool syntax_space(mrt *rt, int ch) { return char_syntax(rt, ch) == ' '; }
static bool syntax_is(mrt *rt, int ch, int code) { return char_syntax(rt, ch) == code; }

/* Membership of the classes whose sets come from Emacs 28 (see
   src/gen-charclass.el); bits in the order of the generated table. */
#include "charclass.h"
enum { CC_ALPHA = 1, CC_ALNUM = 2, CC_UPPER = 4, CC_LOWER = 8, CC_PUNCT = 16,
       CC_GRAPH = 32, CC_PRINT = 64, CC_BLANK = 128 };

static int char_classes(int ch)
{
  ptrdiff_t i = run_holding(class_runs, sizeof class_runs[0],
                            sizeof class_runs / sizeof class_runs[0], ch);
  return i >= 0 ? class_runs[i].classes : 0;
}

/* Raw bytes (in either kind of string) are in no named class, though
   \\w takes them by their syntax. */
static bool named_class_match(mrt *rt, int flags, int ch, bool fold)
{
  if (CHAR_RAW_BYTE_P(ch))
    return false;
  int cc = char_classes(ch);
  bool digit = ch >= '0' && ch <= '9';
  /* Under case folding each of upper and lower matches both. */
  bool cased = fold && (cc & (CC_UPPER | CC_LOWER));
  return ((flags & CLS_ALPHA) && (cc & CC_ALPHA)) || ((flags & CLS_DIGIT) && digit) ||
         ((flags & CLS_ALNUM) && (cc & CC_ALNUM)) || ((flags & CLS_SPACE) && syntax_space(rt, ch)) ||
         ((flags & CLS_UPPER) && ((cc & CC_UPPER) || cased)) ||
         ((flags & CLS_LOWER) && ((cc & CC_LOWER) || cased)) ||
         ((flags & CLS_PUNCT) && (cc & CC_PUNCT)) ||
         ((flags & CLS_WORD) && word_char(rt, ch)) || ((flags & CLS_BLANK) && (cc & CC_BLANK)) ||
         ((flags & CLS_XDIGIT) && (digit || ((ch | 32) >= 'a' && (ch | 32) <= 'f'))) ||
         ((flags & CLS_CNTRL) && ch < 0x20) || ((flags & CLS_ASCII) && ch < 0x80) ||
         ((flags & CLS_NONASCII) && ch >= 0x80) || ((flags & CLS_GRAPH) && (cc & CC_GRAPH)) ||
         ((flags & CLS_PRINT) && (cc & CC_PRINT));
}

static bool in_ranges(const struct re_inst *r, int n, int ch)
{
  for (int i = 0; i < n; i++)
    if (ch >= r[i].x && ch <= r[i].y)
      return true;
  return false;
}

/* The representative of C's case-folding class, as Emacs's case canon
   table has it: characters that case conversion links share one (Σ, σ
   and ς; µ, μ and Μ), but the dotless i, the dotted I and the long s,
   which convert one way only, stand alone.  With case tables T in
   force, the canon is what Emacs derives from them: the lower case of
   the upper case of the lower case. */
static int fold_canon(int c, const struct case_tables *t)
{
  if (CHAR_TABLE_P(t->down))
    return case_char(case_char(case_char(c, CASE_DOWN, t), CASE_UP, t), CASE_DOWN, t);
  if (c < 0x80)
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
  if (c == 0x130 || c == 0x131 || c == 0x17F)
    return c;
  return char_downcase(char_upcase(c));
}

/* Whether A and B match, FOLD the case tables when folding case, else
   NULL. */
static bool char_eq(int a, int b, const struct case_tables *fold)
{
  return a == b || (fold && fold_canon(a, fold) == fold_canon(b, fold));
}

/* Whether a character of C's case-folding class is in ranges R: C's
   canon, its upper case, and the members that map to the canon
   without being its case (final sigma, micro sign). */
static bool in_ranges_folded(const struct re_inst *r, int n, int c, const struct case_tables *t)
{
  int canon = fold_canon(c, t);
  return in_ranges(r, n, canon) || in_ranges(r, n, case_char(canon, CASE_UP, t)) ||
         (canon == 0x3C3 && in_ranges(r, n, 0x3C2)) || (canon == 0x3BC && in_ranges(r, n, 0xB5));
}

static bool class_match(mrt *rt, const struct re_inst *in, int ch, const struct case_tables *fold)
{
  const struct re_inst *r = in + 1;
  int named = in->y & ~CLS_NEGATE;
  bool hit = in_ranges(r, in->x, ch) || (named && named_class_match(rt, named, ch, fold != NULL)) ||
             (fold && in_ranges_folded(r, in->x, ch, fold));
  return hit != ((in->y & CLS_NEGATE) != 0);
}

/* ---- The Pike VM ----
   Threads are (pc, capture slots).  Each step advances every thread
   over one character in priority order; a pc is added to a list at
   most once per step, so a step costs O(program) and the whole match
   O(program * string).  A new thread starting at the current position
   joins at the lowest priority until some thread matches: that gives
   the leftmost match, and among those the one a backtracking matcher
   would find first. */

struct re_vm {
  const struct re_inst *code;
  int ninst, nslots;
  const uint8_t *s;
  int64_t len;
  int64_t stop;   /* no character at or past it is consumed (a search bound) */
  int64_t point;  /* where \\= holds; -1 in a string */
  bool anchored;  /* only a match starting where the run starts */
  bool posix;     /* the longest match at the leftmost position (backtracking only) */
  const int32_t *first; /* with NFIRST, where a search may start (re_first_chars), or NULL */
  int nfirst;
  bool fenced;    /* whether the program has fences (else FIRST is for unibyte text) */
  bool unibyte;   /* the subject is a unibyte string (its bytes as raw-byte characters) */
  const struct case_tables *fold; /* &cases when folding case, else NULL */
  struct case_tables cases;
  int32_t *pcs[2];
  int64_t *caps[2];
  int count[2];
  uint32_t *mark;
  uint32_t gen;
  int64_t *stack; /* pairs: (pc, PC_ENTRY) or (~slot, old value) */
  int64_t *work;  /* the capture slots of the path being followed */
};

/* Byte offset of the character before the one at POS (POS > 0). */
static int64_t text_prev_char(const uint8_t *s, int64_t pos)
{
  int64_t p = pos - 1;
  while (p > 0 && (s[p] & 0xC0) == 0x80 && pos - p < MAX_CHAR_BYTES)
    p--;
  return p;
}

static int prev_char(const struct re_vm *vm, int64_t pos)
{
  if (pos <= 0)
    return -1;
  int len;
  return char_decode(vm->s + text_prev_char(vm->s, pos), vm->s + vm->len, &len);
}

static int next_char(const struct re_vm *vm, int64_t pos)
{
  int len;
  return pos < vm->len ? char_decode(vm->s + pos, vm->s + vm->len, &len) : -1;
}

/* Word scripts, from Emacs's char-script-table (see src/gen-scripts.el). */
#include "scripts.h"

static int char_script(int ch)
{
  ptrdiff_t i = run_holding(script_runs, sizeof script_runs[0],
                            sizeof script_runs / sizeof script_runs[0], ch);
  return i >= 0 ? script_runs[i].script : 0;
}

/* Whether CH has category CAT (a category character; nil: any). */
static bool has_category(mval cat, int ch)
{
  return NILP(cat) || (FIXNUMP(cat) && in_category(category_entry((int)XFIXNUM(cat)), ch));
}

/* Whether the list in variable VAR has a pair (CAT1 . CAT2) with
   FIRST in CAT1 and SECOND in CAT2; when EXCLUSIVE, FIRST must also
   be outside CAT2 and SECOND outside CAT1. */
static bool category_pair_listed(mrt *rt, mval var, int first, int second, bool exclusive)
{
  for (mval l = find_symbol_value(rt, var); CONSP(l); l = XCDR(l)) {
    mval pair = XCAR(l);
    if (!CONSP(pair) || !has_category(XCAR(pair), first) || !has_category(XCDR(pair), second))
      continue;
    if (!exclusive || (!has_category(XCDR(pair), first) && !has_category(XCAR(pair), second)))
      return true;
  }
  return false;
}

/* Whether word characters BEFORE and AFTER belong to two words: as in
   Emacs, when their scripts differ, unless word-combining-categories
   joins them, or when word-separating-categories parts them. */
static bool words_part(mrt *rt, int before, int after)
{
  if (char_script(before) != char_script(after))
    return !category_pair_listed(rt, Qword_combining_categories, before, after, false);
  return category_pair_listed(rt, Qword_separating_categories, before, after, true);
}

static bool symbol_char(mrt *rt, int ch) { return ch >= 0 && (word_char(rt, ch) || syntax_is(rt, ch, '_')); }

/* The character whose syntax decides a symbol boundary: Emacs takes
   a unibyte string's bytes as Latin-1 there (but not for \\w). */
static int symbol_boundary_char(const struct re_vm *vm, int ch)
{
  return vm->unibyte && CHAR_RAW_BYTE_P(ch) ? ch - RAW_BYTE_CHAR(0) : ch;
}

static bool assertion_holds(const struct re_vm *vm, int kind, int64_t pos)
{
  int before = prev_char(vm, pos), after = next_char(vm, pos);
  mrt *rt = vm->cases.rt;
  bool wb = before >= 0 && word_char(rt, before), wa = after >= 0 && word_char(rt, after);
  bool split = (kind == AT_WORDB || kind == AT_NOT_WORDB || kind == AT_WORD_START || kind == AT_WORD_END) &&
               wb && wa && words_part(rt, before, after);
  switch (kind) {
  case AT_BOL: return pos == 0 || vm->s[pos - 1] == '\n';
  case AT_EOL: return pos == vm->len || vm->s[pos] == '\n';
  case AT_BOS: return pos == 0;
  case AT_EOS: return pos == vm->len;
  case AT_WORDB: return pos == 0 || pos == vm->len || wb != wa || split;
  case AT_NOT_WORDB: return pos != 0 && pos != vm->len && wb == wa && !split;
  /* As in Emacs, only the starts look at the character after POS as
     something to consume: at the search bound (where a backward
     search began) there is none. */
  case AT_WORD_START: return (!wb || split) && wa && pos < vm->stop;
  case AT_WORD_END: return wb && (!wa || split);
  case AT_SYMBOL_START: return !symbol_char(rt, symbol_boundary_char(vm, before)) &&
                                symbol_char(rt, symbol_boundary_char(vm, after)) && pos < vm->stop;
  case AT_SYMBOL_END: return symbol_char(rt, symbol_boundary_char(vm, before)) &&
                              !symbol_char(rt, symbol_boundary_char(vm, after));
  case AT_POINT: return pos == vm->point;
  default: return false;
  }
}

static inline bool inst_accepts(mrt *rt, const struct re_inst *in, int ch, const struct case_tables *fold);

/* Whether the guard IN at PC lets a path on at POS: an armed one when
   the loop's class does not take the next character (see re_guard_loop). */
static bool guard_holds(const struct re_vm *vm, const struct re_inst *in, int pc, int64_t pos)
{
  if (!in->y || pos >= vm->stop)
    return true;
  int clen, ch = char_decode(vm->s + pos, vm->s + vm->stop, &clen);
  return !inst_accepts(vm->cases.rt, &vm->code[pc + in->x], ch, vm->fold);
}

/* Follows jumps, splits, saves and assertions from PC at POS, and adds
   each thread that reaches a consuming instruction to list L.  An
   explicit stack replaces recursion; a save pushes the slot's old
   value so that sibling paths see the captures as they were. */
#define PC_ENTRY INT64_MIN /* positions and -1 (unset) never equal it */

/* PC, already visited at this position, was reached again.  When it
   heads a loop, the path came round the loop without consuming
   anything: as Emacs does, it leaves by the exit, keeping the captures
   of that empty iteration, unless another path got there first.  The
   exit is pushed only when unvisited, so each redirection leads to a
   first visit and a step stays linear in the program. */
static inline void loop_again(struct re_vm *vm, int64_t *st, int *sp, int pc)
{
  const struct re_inst *in = &vm->code[pc];
  if (in->op != RE_LOOP)
    return;
  int exit = pc + (in->x > in->y ? in->x : in->y);
  if (vm->mark[exit] != vm->gen)
    st[(*sp)++] = exit, st[(*sp)++] = PC_ENTRY;
}

/* Whether PC, a jump or save, leads straight to a loop's head.  The
   body's alternatives share the jumps and group ends there: one that
   matched empty meets them visited by another that consumed, yet must
   come round the loop all the same ("\\(?:a\\|\\|b\\)*" matches
   the "a" of "ab" in Emacs, not "ab"). */
static bool closes_loop(const struct re_vm *vm, int pc)
{
  for (int hops = 0; hops < 8; hops++) {
    const struct re_inst *in = &vm->code[pc];
    if (in->op == RE_LOOP)
      return hops > 0;
    if (in->op == RE_JMP)
      pc += in->x;
    else if (in->op == RE_SAVE)
      pc++;
    else
      return false;
  }
  return false;
}

static void add_thread(struct re_vm *vm, int l, int pc0, int64_t pos)
{
  int64_t *st = vm->stack;
  int sp = 0;
  st[sp++] = pc0;
  st[sp++] = PC_ENTRY;
  while (sp > 0) {
    int64_t b = st[--sp], a = st[--sp];
    if (b != PC_ENTRY) { /* a restore */
      vm->work[~a] = b;
      continue;
    }
    int pc = (int)a;
    if (vm->mark[pc] != vm->gen) {
      vm->mark[pc] = vm->gen;
    } else if (!closes_loop(vm, pc)) {
      loop_again(vm, st, &sp, pc);
      continue;
    }
    const struct re_inst *in = &vm->code[pc];
    switch (in->op) {
    case RE_JMP:
      st[sp++] = pc + in->x, st[sp++] = PC_ENTRY;
      break;
    case RE_SPLIT:
    case RE_LOOP:
      st[sp++] = pc + in->y, st[sp++] = PC_ENTRY;
      st[sp++] = pc + in->x, st[sp++] = PC_ENTRY;
      break;
    case RE_SAVE:
      if (in->x < vm->nslots) {
        st[sp++] = ~(int64_t)in->x, st[sp++] = vm->work[in->x];
        vm->work[in->x] = pos;
      }
      st[sp++] = pc + 1, st[sp++] = PC_ENTRY;
      break;
    case RE_ASSERT:
      if (assertion_holds(vm, in->x, pos))
        st[sp++] = pc + 1, st[sp++] = PC_ENTRY;
      break;
    case RE_AT_SAVED:
      if (vm->work[in->x] == pos)
        st[sp++] = pc + 1, st[sp++] = PC_ENTRY;
      break;
    case RE_FENCE:
      st[sp++] = pc + 1, st[sp++] = PC_ENTRY;
      break;
    case RE_GUARD:
      if (guard_holds(vm, in, pc, pos))
        st[sp++] = pc + 1, st[sp++] = PC_ENTRY;
      break;
    default: {
      int i = vm->count[l]++;
      vm->pcs[l][i] = pc;
      memcpy(vm->caps[l] + (int64_t)i * vm->nslots, vm->work, (size_t)vm->nslots * sizeof(int64_t));
    }
    }
  }
}


/* Whether the consuming instruction IN accepts character CH. */
static inline bool inst_accepts(mrt *rt, const struct re_inst *in, int ch, const struct case_tables *fold)
{
  switch (in->op) {
  case RE_CHAR: return char_eq(ch, in->x, fold);
  case RE_ANY: return ch != '\n';
  case RE_CLASS: return class_match(rt, in, ch, fold);
  case RE_SYNTAX: return syntax_is(rt, ch, in->x) != (in->y != 0);
  case RE_CATEGORY: return in_category(in->x, ch) != (in->y != 0);
  default: return false;
  }
}


/* The instruction after the consuming instruction at PC. */
static inline int inst_next(const struct re_inst *code, int pc)
{
  return pc + 1 + (code[pc].op == RE_CLASS ? code[pc].x : 0);
}

/* Advances thread I of list CUR over character CH (CLEN bytes at POS). */
static void step_thread(struct re_vm *vm, int cur, int i, int ch, int clen, int64_t pos)
{
  int pc = vm->pcs[cur][i];
  if (inst_accepts(vm->cases.rt, &vm->code[pc], ch, vm->fold)) {
    int next = inst_next(vm->code, pc);
    memcpy(vm->work, vm->caps[cur] + (int64_t)i * vm->nslots, (size_t)vm->nslots * sizeof(int64_t));
    add_thread(vm, 1 - cur, next, pos + clen);
  }
}

/* Runs the program from byte START; fills OUT (nslots byte offsets, -1
   for unset) and returns true on a match. */
static bool start_allowed(const struct re_vm *vm, int64_t pos, bool backward);

static bool re_run(struct re_vm *vm, int64_t start, int64_t *out)
{
  int cur = 0;
  uint32_t cur_gen = ++vm->gen;
  vm->count[0] = 0;
  bool matched = false;
  for (int64_t pos = start;;) {
    if (!matched && (vm->anchored ? pos == start : start_allowed(vm, pos, false))) {
      for (int k = 0; k < vm->nslots; k++)
        vm->work[k] = -1;
      vm->gen = cur_gen;
      add_thread(vm, cur, 0, pos);
    }
    int clen = 1, ch = -1;
    if (pos < vm->stop)
      ch = char_decode(vm->s + pos, vm->s + vm->stop, &clen);
    if (vm->count[cur] == 0) { /* no thread alive: try the next start */
      if (matched || vm->anchored || pos >= vm->stop)
        break;
      pos += clen;
      cur_gen = ++vm->gen;
      continue;
    }
    cur_gen = ++vm->gen;
    vm->count[1 - cur] = 0;
    for (int i = 0; i < vm->count[cur]; i++) {
      if (vm->code[vm->pcs[cur][i]].op == RE_MATCH) {
        matched = true;
        memcpy(out, vm->caps[cur] + (int64_t)i * vm->nslots, (size_t)vm->nslots * sizeof(int64_t));
        break; /* lower-priority threads are cut off */
      }
      if (pos < vm->stop)
        step_thread(vm, cur, i, ch, clen, pos);
    }
    cur = 1 - cur;
    if (pos >= vm->stop)
      break;
    pos += clen;
  }
  return matched;
}

/* ---- The backtracking matcher ----
   For programs with back references, whose matching no automaton can
   do.  It follows one path at a time in priority order and keeps on an
   explicit stack what going back needs: choice points (the other
   branch of a split, with its position) and the old values of the
   capture slots and loop marks it overwrote.  A loop that comes back
   to its head without having consumed anything leaves by its exit
   instead of iterating again, as Emacs's on_failure_jump_loop does, so
   every path ends.  The stack is bounded (Emacs too signals "Stack
   overflow in regexp matcher"), and so is the number of steps: Emacs
   would run an exponential search until C-g, which marrow has not. */

enum bt_kind { BT_CHOICE, BT_SLOT, BT_LOOP };

struct bt_entry {
  int32_t kind, index; /* the pc of a choice or loop mark, or a slot */
  int64_t value;       /* the choice's position, or the old value */
};

#define BT_MAX_ENTRIES (INT64_C(1) << 22)
#define BT_FIRST_ENTRIES 1024
#define BT_QUANTUM 4096

struct re_bt {
  mrt *rt;
  const struct re_vm *vm; /* the program, the text and the capture slots */
  int64_t *loop_pos;      /* per pc: where the path last entered that loop, or -1 */
  mval stack_buf;         /* the Lisp string holding STACK */
  struct bt_entry *stack;
  int64_t sp, cap;
  int64_t budget; /* steps left before giving up */
  int quantum;    /* steps left before charging the evaluator's limit */
};

static void bt_grow(struct re_bt *bt)
{
  if (bt->cap >= BT_MAX_ENTRIES)
    mrt_error(bt->rt, "Stack overflow in regexp matcher");
  int64_t cap = bt->cap ? 2 * bt->cap : BT_FIRST_ENTRIES;
  bt->stack = regrow_in_string(bt->rt, &bt->stack_buf, bt->stack, bt->sp, cap, sizeof(struct bt_entry));
  bt->cap = cap;
}

static void bt_push(struct re_bt *bt, int kind, int index, int64_t value)
{
  if (bt->sp == bt->cap)
    bt_grow(bt);
  bt->stack[bt->sp++] = (struct bt_entry){ kind, index, value };
}

/* Counts BT_QUANTUM steps against the budget and the evaluator's step
   limit, so that an embedder's limit also stops a runaway match. */
static void bt_charge(struct re_bt *bt)
{
  bt->quantum = BT_QUANTUM;
  eval_charge_steps(bt->rt, BT_QUANTUM);
  if ((bt->budget -= BT_QUANTUM) < 0)
    mrt_error(bt->rt, "Regexp matcher gave up: too much backtracking");
}

/* Unwinds to the newest choice point and sets *PC and *POS to it;
   false when there is none left. */
static bool bt_backtrack(struct re_bt *bt, int *pc, int64_t *pos)
{
  while (bt->sp > 0) {
    const struct bt_entry *e = &bt->stack[--bt->sp];
    if (e->kind == BT_SLOT) {
      bt->vm->work[e->index] = e->value;
    } else if (e->kind == BT_LOOP) {
      bt->loop_pos[e->index] = e->value;
    } else {
      *pc = e->index;
      *pos = e->value;
      return true;
    }
  }
  return false;
}

/* Bytes at POS that repeat the text [B, E) (ignoring case when the
   match does), or -1.  An unset group matches nothing, as in Emacs. */
static int64_t backref_length(const struct re_vm *vm, int64_t b, int64_t e, int64_t pos)
{
  if (b < 0 || e < b)
    return -1;
  if (!vm->fold)
    return pos + (e - b) <= vm->stop && memcmp(vm->s + pos, vm->s + b, (size_t)(e - b)) == 0 ? e - b : -1;
  int64_t p = pos;
  while (b < e) {
    if (p >= vm->stop)
      return -1;
    int l1, l2;
    int c1 = char_decode(vm->s + b, vm->s + e, &l1), c2 = char_decode(vm->s + p, vm->s + vm->stop, &l2);
    if (!char_eq(c1, c2, vm->fold))
      return -1;
    b += l1;
    p += l2;
  }
  return p - pos;
}

/* Executes instruction PC at *POS: advances *POS and returns the next
   pc, or returns -1 when this path fails. */
static int bt_step(struct re_bt *bt, int pc, int64_t *pos)
{
  const struct re_vm *vm = bt->vm;
  const struct re_inst *in = &vm->code[pc];
  switch (in->op) {
  case RE_JMP: return pc + in->x;
  case RE_SPLIT:
    bt_push(bt, BT_CHOICE, pc + in->y, *pos);
    return pc + in->x;
  case RE_LOOP:
    if (bt->loop_pos[pc] == *pos) /* an empty iteration: leave */
      return pc + (in->x > in->y ? in->x : in->y);
    bt_push(bt, BT_LOOP, pc, bt->loop_pos[pc]);
    bt->loop_pos[pc] = *pos;
    bt_push(bt, BT_CHOICE, pc + in->y, *pos);
    return pc + in->x;
  case RE_SAVE:
    if (in->x < vm->nslots) {
      bt_push(bt, BT_SLOT, in->x, vm->work[in->x]);
      vm->work[in->x] = *pos;
    }
    return pc + 1;
  case RE_ASSERT: return assertion_holds(vm, in->x, *pos) ? pc + 1 : -1;
  case RE_AT_SAVED: return vm->work[in->x] == *pos ? pc + 1 : -1;
  case RE_FENCE: return pc + 1;
  case RE_GUARD: return guard_holds(vm, in, pc, *pos) ? pc + 1 : -1;
  case RE_BACKREF: {
    int64_t n = backref_length(vm, vm->work[2 * in->x], vm->work[2 * in->x + 1], *pos);
    *pos += n;
    return n < 0 ? -1 : pc + 1;
  }
  default: {
    int clen;
    if (*pos >= vm->stop || !inst_accepts(vm->cases.rt, in, char_decode(vm->s + *pos, vm->s + vm->stop, &clen), vm->fold))
      return -1;
    *pos += clen;
    return inst_next(vm->code, pc);
  }
  }
}

/* Tries to match at byte START; on success copies the slots to OUT.
   A POSIX match goes on backtracking for a longer match, keeping the
   first of the longest, until one reaches the end of the text. */
static bool bt_match_at(struct re_bt *bt, int64_t start, int64_t *out)
{
  int pc = 0;
  int64_t pos = start, best = -1;
  for (;;) {
    if (--bt->quantum < 0)
      bt_charge(bt);
    if (bt->vm->code[pc].op == RE_MATCH) {
      if (pos > best)
        memcpy(out, bt->vm->work, (size_t)bt->vm->nslots * sizeof(int64_t));
      if (!bt->vm->posix || pos >= bt->vm->stop)
        return true;
      best = pos > best ? pos : best;
      pc = -1;
    }
    if (pc >= 0)
      pc = bt_step(bt, pc, &pos);
    if (pc < 0 && !bt_backtrack(bt, &pc, &pos))
      return best >= 0;
  }
}

/* The leftmost match from byte START.  A failed attempt unwinds every
   change it made, so the slots and loop marks are clean for the next. */
static bool bt_run(struct re_bt *bt, int64_t start, int64_t *out)
{
  const struct re_vm *vm = bt->vm;
  for (int k = 0; k < vm->nslots; k++)
    vm->work[k] = -1;
  for (int k = 0; k < vm->ninst; k++)
    bt->loop_pos[k] = -1;
  for (int64_t pos = start;;) {
    if ((vm->anchored || start_allowed(vm, pos, false)) && bt_match_at(bt, pos, out))
      return true;
    if (vm->anchored || pos >= vm->stop)
      return false;
    int clen;
    char_decode(vm->s + pos, vm->s + vm->stop, &clen);
    pos += clen;
  }
}

/* ---- Compiling and running from Lisp ---- */

static int64_t round8(int64_t n) { return (n + 7) & ~INT64_C(7); }

/* Bytes of scratch memory the Pike VM needs beyond the slots. */
static int64_t vm_scratch_size(int ninst, int nslots)
{
  int64_t sz_pcs = round8(4 * (int64_t)ninst), sz_caps = 8 * (int64_t)ninst * nslots;
  return 2 * sz_pcs + 2 * sz_caps + sz_pcs + 8 * (6 * (int64_t)ninst + 4);
}

/* Carves the Pike VM's arrays out of scratch memory M. */
static void vm_layout(struct re_vm *vm, uint8_t *m)
{
  int64_t sz_pcs = round8(4 * (int64_t)vm->ninst), sz_caps = 8 * (int64_t)vm->ninst * vm->nslots;
  vm->pcs[0] = (int32_t *)m, m += sz_pcs;
  vm->pcs[1] = (int32_t *)m, m += sz_pcs;
  vm->caps[0] = (int64_t *)m, m += sz_caps;
  vm->caps[1] = (int64_t *)m, m += sz_caps;
  vm->mark = (uint32_t *)m, m += sz_pcs;
  vm->stack = (int64_t *)m;
}

/* Emacs's idea of the instructions a match can begin with, for a
   program with fences (see re_repeat): the consuming instructions
   reached from the start without passing a fence.  Stores their pcs
   in FIRST and returns how many, or -1 when a match may begin with
   anything (or nothing), as after `.', a syntax class or a back
   reference, which Emacs does not look into.  SEEN and TODO have room for the program. */
static int re_first_chars(const struct re_vm *vm, int32_t *first, uint8_t *seen, int32_t *todo)
{
  int n = 0, nfirst = 0;
  memset(seen, 0, (size_t)vm->ninst);
  todo[n++] = 0;
  seen[0] = 1;
  while (n > 0) {
    int pc = todo[--n], next[2] = { -1, -1 };
    const struct re_inst *in = &vm->code[pc];
    switch (in->op) {
    case RE_JMP: next[0] = pc + in->x; break;
    case RE_SPLIT: case RE_LOOP: next[0] = pc + in->x, next[1] = pc + in->y; break;
    case RE_SAVE: case RE_ASSERT: case RE_AT_SAVED: case RE_GUARD: next[0] = pc + 1; break;
    case RE_FENCE: break;
    case RE_MATCH: case RE_ANY: case RE_SYNTAX: case RE_BACKREF: return -1; /* Emacs gives up on these */
    default: first[nfirst++] = pc;
    }
    for (int k = 0; k < 2; k++)
      if (next[k] >= 0 && !seen[next[k]]) {
        seen[next[k]] = 1;
        todo[n++] = next[k];
      }
  }
  return nfirst;
}

static int lead_byte(int c)
{
  uint8_t b[MAX_CHAR_BYTES];
  char_encode(c, b);
  return b[0];
}

/* Whether Emacs's map of first bytes lets a non-ASCII character with
   first byte LEAD start a match at instruction IN: it notes non-ASCII
   characters by their first byte only, and any for classes. */
static bool lead_may_start(const struct re_inst *in, int lead)
{
  if (in->op == RE_CHAR)
    return in->x >= 0x80 && (lead_byte(in->x) == lead || lead_byte(char_upcase(in->x)) == lead ||
                             lead_byte(char_downcase(in->x)) == lead);
  if (in->op != RE_CLASS)
    return true;
  if ((in->y & CLS_NEGATE) || (in->y & ~(CLS_NEGATE | CLS_ASCII | CLS_DIGIT | CLS_XDIGIT | CLS_CNTRL)))
    return true;
  for (int i = 1; i <= in->x; i++)
    if (in[i].y >= 0x80 && lead >= lead_byte(in[i].x < 0x80 ? 0x80 : in[i].x) && lead <= lead_byte(in[i].y))
      return true;
  return false;
}

/* Whether Emacs's map of first bytes lets byte BYTE (#x80 and up) of a
   unibyte string start a match at IN.  For \\CC it takes #xC0..#xF8
   and the Latin-1 characters outside C; the matcher itself then sees
   a raw byte, in no category. */
static bool unibyte_may_start(const struct re_inst *in, int byte)
{
  if (in->op == RE_CATEGORY)
    return in->y && ((byte >= 0xC0 && byte <= 0xF8) || !in_category(in->x, byte));
  return in->op != RE_CHAR || in->x == RAW_BYTE_CHAR(byte);
}

/* Whether a search tries a match at byte POS, as Emacs's does: past
   the end of the text only backward.  Only programs with fences, and
   in a unibyte string those with categories, need the check. */
static bool start_allowed(const struct re_vm *vm, int64_t pos, bool backward)
{
  if (!vm->first || (!vm->fenced && !vm->unibyte))
    return true;
  if (pos >= vm->len)
    return backward;
  int clen, ch = char_decode(vm->s + pos, vm->s + vm->len, &clen);
  for (int i = 0; i < vm->nfirst; i++) {
    const struct re_inst *in = &vm->code[vm->first[i]];
    if (vm->unibyte && CHAR_RAW_BYTE_P(ch) ? unibyte_may_start(in, ch - RAW_BYTE_CHAR(0))
        : inst_accepts(vm->cases.rt, in, ch, vm->fold) || (ch >= 0x80 && lead_may_start(in, lead_byte(ch))))
      return true;
  }
  return false;
}

/* Runs the backtracking matcher with loop marks in scratch memory M. */
static bool bt_exec(mrt *rt, const struct re_vm *vm, uint8_t *m, int64_t start, int64_t *out)
{
  struct re_bt bt = { .rt = rt, .vm = vm, .loop_pos = (int64_t *)m, .stack_buf = Qnil,
                      .quantum = BT_QUANTUM };
  int64_t cells = (vm->len + 1) * vm->ninst; /* below 2^41 * 2^18: no overflow */
  bt.budget = (INT64_C(1) << 27) + (cells < (INT64_C(1) << 56) ? 64 * cells : INT64_C(1) << 62);
  return bt_run(&bt, start, out);
}

/* Sets up VM to run the compiled regexp C: carves its scratch memory
   out of a new Lisp string, which the caller keeps visible to the stack
   scan (volatile) until the results have been copied out.  Stores in
   *OUT the slots a match fills and in *M the matcher's memory. */
static mval re_prepare(mrt *rt, struct re_compiler *c, struct re_vm *vm, uint8_t **m, int64_t **out)
{
  int ninst = c->n, nslots = 2 * c->ngroups + c->nhidden;
  int64_t extra = c->backrefs ? 8 * (int64_t)ninst : vm_scratch_size(ninst, nslots);
  int64_t fastmap = c->fences || c->categories ? 8 * (int64_t)ninst + round8(ninst) : 0;
  mval scratch = alloc_string(rt, extra + 16 * (int64_t)nslots + fastmap);
  uint8_t *p = XSTRING(scratch)->data;
  vm->code = c->code;
  vm->ninst = ninst;
  vm->nslots = nslots;
  vm->cases = case_tables_in_force(rt);
  vm->fold = case_fold(rt) ? &vm->cases : NULL;
  vm->posix = c->posix;
  *out = (int64_t *)p;
  vm->work = *out + nslots;
  p += 16 * (int64_t)nslots;
  if (!c->backrefs)
    vm_layout(vm, p);
  *m = p;
  vm->first = NULL;
  vm->fenced = c->fences;
  if (fastmap) {
    int32_t *first = (int32_t *)(p + extra), *todo = first + ninst;
    vm->nfirst = re_first_chars(vm, first, (uint8_t *)(todo + ninst), todo);
    vm->first = vm->nfirst >= 0 ? first : NULL;
  }
  return scratch;
}

/* One run of whichever matcher suits C, from byte START. */
static bool re_try(mrt *rt, const struct re_compiler *c, struct re_vm *vm, uint8_t *m, int64_t start, int64_t *out)
{
  return c->backrefs ? bt_exec(rt, vm, m, start, out) : re_run(vm, start, out);
}

/* Runs the compiled regexp C against STRING from character START.
   Returns the match as a vector of character positions (nil for an
   unset group) with 2 * groups slots, or nil. */
static mval re_exec(mrt *rt, struct re_compiler *c, mval subject, int64_t start)
{
  /* volatile: the backtracking matcher allocates while VM.S points into
     a converted copy that nothing else holds */
  mval volatile string = multibyte_text(rt, subject);
  struct re_vm vm = { .point = -1 };
  uint8_t *m;
  int64_t *out;
  mval volatile scratch = re_prepare(rt, c, &vm, &m, &out);
  vm.s = XSTRING(string)->data;
  vm.len = vm.stop = XSTRING(string)->nbytes;
  vm.unibyte = !STRING_MULTIBYTE_P(subject);
  if (!re_try(rt, c, &vm, m, string_char_to_byte(string, start), out))
    return Qnil;
  mval v = make_vector(rt, (size_t)(2 * c->ngroups), Qnil);
  for (int i = 0; i < 2 * c->ngroups; i++)
    if (out[i] >= 0)
      ASET_FIXNUM(v, i, make_fixnum(byte_to_char(string, out[i])));
  (void)scratch;
  return v;
}

/* Tries starts from FROM down to LIMIT, each anchored, as Emacs's
   backward searches do: the match found is the one starting last. */
static bool re_try_backward(mrt *rt, const struct re_compiler *c, struct re_vm *vm, uint8_t *m,
                            int64_t from, int64_t limit, int64_t *out)
{
  vm->anchored = true;
  for (int64_t pos = from;; pos = text_prev_char(vm->s, pos)) {
    if (start_allowed(vm, pos, true) && re_try(rt, c, vm, m, pos, out))
      return true;
    if (pos <= limit)
      return false;
  }
}

mval re_search_text(mrt *rt, mval regexp, const struct re_text *t, int64_t from, int64_t limit,
                    enum re_direction dir)
{
  CHECK_STRING(rt, regexp);
  struct re_compiler c;
  re_compile_as(rt, &c, regexp, t->posix);
  struct re_vm vm = { 0 };
  uint8_t *m;
  int64_t *out;
  mval volatile scratch = re_prepare(rt, &c, &vm, &m, &out);
  vm.s = t->s;
  vm.len = t->len;
  vm.stop = t->stop;
  vm.point = t->point;
  vm.anchored = dir == RE_ANCHORED;
  bool found = dir == RE_BACKWARD ? re_try_backward(rt, &c, &vm, m, from, limit, out)
                                  : re_try(rt, &c, &vm, m, from, out);
  if (!found)
    return Qnil;
  mval v = make_vector(rt, (size_t)(2 * c.ngroups), Qnil);
  for (int i = 0; i < 2 * c.ngroups; i++)
    if (out[i] >= 0)
      ASET_FIXNUM(v, i, make_fixnum(out[i]));
  (void)scratch;
  return v;
}

/* ---- Match data ----
   The last successful match is (SEARCHED . POSITIONS) in the value
   cell of internal--match-data, which keeps it reachable and per
   runtime: a vector of character positions, and what was searched (t
   for a string, else the buffer: Emacs's last_thing_searched).  Each
   change stores a new cons, so that one saved stays as it was. */

static mval match_state(mrt *rt)
{
  mval v = find_symbol_value(rt, Qinternal_match_data);
  return CONSP(v) && VECTORP(XCDR(v)) ? v : Qnil;
}

static mval match_vector(mrt *rt) { return NILP(match_state(rt)) ? Qnil : XCDR(match_state(rt)); }
static mval match_searched(mrt *rt) { return NILP(match_state(rt)) ? Qnil : XCAR(match_state(rt)); }

static void set_match_state(mrt *rt, mval state)
{
  SYMBOL_SET(rt->gc, XSYMBOL(rt, Qinternal_match_data), value, state);
}

/* The groups Emacs's match registers hold (see runtime.h). */
static int64_t match_regs(mrt *rt) { return rt->match_regs > 3 ? rt->match_regs : 3; }

/* Makes room for GROUPS groups in the registers, to at least AT_LEAST. */
static void grow_match_regs(mrt *rt, int64_t groups, int64_t at_least)
{
  if (groups > match_regs(rt))
    rt->match_regs = groups > at_least ? groups : at_least;
}

void set_match_data(mrt *rt, mval v, mval searched)
{
  if (!NILP(v))
    grow_match_regs(rt, VECTOR_LENGTH(v) / 2, 0);
  set_match_state(rt, NILP(v) ? Qnil : Fcons(rt, searched, v));
}

/* A search's match: none while inhibit-changing-match-data is set,
   as in Emacs 28. */
void record_match(mrt *rt, mval v, mval searched)
{
  if (NILP(find_symbol_value(rt, Qinhibit_changing_match_data)))
    set_match_data(rt, v, searched);
}

static void set_string_match(mrt *rt, mval v) { set_match_data(rt, v, Qt); }

/* Resolves START (nil, or negative from the end) for string-match. */
static int64_t match_start(mrt *rt, mval string, mval start)
{
  if (NILP(start))
    return 0;
  int64_t len = XSTRING(string)->nchars, s = check_fixnum(rt, start);
  if (s < 0)
    s += len;
  if (s < 0 || s > len)
    args_out_of_range(rt, string, start);
  return s;
}

/* string-match and string-match-p: UPDATE says whether to keep the
   match data. */
static mval string_match(mrt *rt, mval regexp, mval string, mval start, bool update, bool posix)
{
  CHECK_STRING(rt, regexp);
  CHECK_STRING(rt, string);
  int64_t from = match_start(rt, string, start);
  struct re_compiler c;
  re_compile_as(rt, &c, regexp, posix);
  mval m = re_exec(rt, &c, string, from);
  update = update && NILP(find_symbol_value(rt, Qinhibit_changing_match_data));
  if (NILP(m)) {
    /* Emacs keeps the positions but takes them as a string's from
       then on: (match-data t) no longer names the buffer. */
    if (update && !NILP(match_state(rt)))
      set_match_state(rt, Fcons(rt, Qt, match_vector(rt)));
    return Qnil;
  }
  if (update)
    set_string_match(rt, m);
  return AREF(m, 0);
}

mval string_match_p(mrt *rt, mval regexp, mval string)
{
  return string_match(rt, regexp, string, Qnil, false, false);
}

static mval Fstring_match(mrt *rt, int n, mval *a) { return string_match(rt, a[0], a[1], a[2], true, false); }
static mval Fstring_match_p(mrt *rt, int n, mval *a) { return string_match(rt, a[0], a[1], a[2], false, false); }
static mval Fposix_string_match(mrt *rt, int n, mval *a) { return string_match(rt, a[0], a[1], a[2], true, true); }

/* Position of group SUBEXP's start (END false) or end, or nil. */
static mval match_pos(mrt *rt, mval subexp, bool end)
{
  int64_t i = check_fixnum(rt, subexp);
  if (i < 0)
    args_out_of_range(rt, subexp, make_fixnum(0));
  mval v = match_vector(rt);
  if (NILP(v) || 2 * i + 1 >= VECTOR_LENGTH(v))
    return Qnil;
  return AREF(v, 2 * i + end);
}

static mval Fmatch_beginning(mrt *rt, int n, mval *a) { return match_pos(rt, a[0], false); }
static mval Fmatch_end(mrt *rt, int n, mval *a) { return match_pos(rt, a[0], true); }

/* The match data as match-data shows them: the positions up to the
   last group that matched, as markers after a buffer search unless
   INTEGERS, then followed by the buffer. */
static mval match_data_elements(mrt *rt, bool integers)
{
  mval v = match_vector(rt), searched = match_searched(rt);
  int64_t len = VECTOR_LENGTH(v);
  while (len > 0 && NILP(AREF(v, len - 1)))
    len--;
  bool in_buffer = BUFFERP(searched);
  mval data = make_vector(rt, (size_t)len + (in_buffer && integers), searched);
  for (int64_t i = 0; i < len; i++) {
    mval x = AREF(v, i);
    gc_aset(rt->gc, data, i, in_buffer && !integers && !NILP(x) ? buffer_marker(rt, searched, XFIXNUM(x)) : x);
  }
  return data;
}

/* REUSE's elements replaced by DATA's, nil past them, with a tail for
   the ones that do not fit. */
static mval fill_list(mrt *rt, mval reuse, mval data)
{
  int64_t n = VECTOR_LENGTH(data), i = 0;
  mval last = Qnil, l = reuse;
  FOR_EACH_TAIL(rt, l, reuse) {
    gc_setcar(rt->gc, l, i < n ? AREF(data, i) : Qnil);
    last = l;
    i++;
  }
  if (i < n)
    gc_setcdr(rt->gc, last, listn(rt, (size_t)(n - i), VECTOR_SLOTS(data) + i));
  return reuse;
}

static void unchain_markers(mrt *rt, mval list)
{
  mval l = list;
  FOR_EACH_TAIL(rt, l, list)
    if (MARKERP(XCAR(l))) {
      buffer_unchain_marker(rt, XCAR(l));
      gc_setcar(rt->gc, l, Qnil);
    }
}

/* (match-data--translate N): the positions moved by N (not below 0),
   for match-substitute-replacement. */
static mval Fmatch_data__translate(mrt *rt, int n, mval *a)
{
  int64_t delta = check_fixnum(rt, a[0]);
  mval v = match_vector(rt);
  if (NILP(v))
    return Qnil;
  mval moved = make_vector(rt, (size_t)VECTOR_LENGTH(v), Qnil);
  for (int64_t i = 0; i < VECTOR_LENGTH(v); i++)
    if (!NILP(AREF(v, i)))
      ASET_FIXNUM(moved, i, make_fixnum(XFIXNUM(AREF(v, i)) + delta < 0 ? 0 : XFIXNUM(AREF(v, i)) + delta));
  set_match_data(rt, moved, match_searched(rt));
  return Qnil;
}

/* (match-data &optional INTEGERS REUSE RESEAT) */
static mval Fmatch_data(mrt *rt, int n, mval *a)
{
  if (!NILP(a[2]))
    unchain_markers(rt, a[1]);
  if (NILP(match_vector(rt)))
    return Qnil;
  mval data = match_data_elements(rt, !NILP(a[0]));
  if (!CONSP(a[1]))
    return listn(rt, (size_t)VECTOR_LENGTH(data), VECTOR_SLOTS(data));
  return fill_list(rt, a[1], data);
}

/* A position of set-match-data's LIST: a marker that points nowhere
   is 0, as in Emacs, and one that points somewhere names the buffer
   searched when SEARCHED is not NULL. */
static mval match_position(mrt *rt, mval x, mval *searched)
{
  CHECK_TYPE(rt, FIXNUMP(x) || MARKERP(x), Qinteger_or_marker_p, x);
  if (!MARKERP(x))
    return x;
  if (NILP(XMARKER(x)->buffer))
    return make_fixnum(0);
  if (searched)
    *searched = XMARKER(x)->buffer;
  return make_fixnum(buffer_marker_position(rt, x));
}

/* (set-match-data LIST &optional RESEAT): pairs of positions (or nil
   for a group that did not match); a marker or a buffer at the end
   says which buffer was searched. */
static mval Fset_match_data(mrt *rt, int n, mval *a)
{
  CHECK_LIST(rt, a[0]);
  mval searched = Qt, list = a[0];
  int64_t pairs = list_length(rt, list) / 2;
  mval v = make_vector(rt, (size_t)(2 * pairs), Qnil);
  for (int64_t i = 0; i < pairs; i++, list = XCDR(XCDR(list))) {
    mval b = XCAR(list), e = XCAR(XCDR(list));
    if (BUFFERP(b))
      break;
    if (NILP(b))
      continue;
    mval from = match_position(rt, b, &searched), to = match_position(rt, e, NULL);
    if (XFIXNUM(from) < 0) /* Emacs's mark of a group that did not match */
      continue;
    ASET_FIXNUM(v, 2 * i, from);
    ASET_FIXNUM(v, 2 * i + 1, to);
  }
  if (CONSP(list) && BUFFERP(XCAR(list)))
    searched = XCAR(list);
  if (!NILP(a[1]))
    unchain_markers(rt, a[0]);
  grow_match_regs(rt, pairs, 16); /* Emacs's registers grow to 16 at once here */
  set_match_data(rt, pairs ? v : Qnil, searched);
  return Qnil;
}

/* (match-string NUM &optional STRING) and its -no-properties kin */
static mval match_string(mrt *rt, mval *a, bool properties)
{
  mval b = match_pos(rt, a[0], false), e = match_pos(rt, a[0], true);
  if (NILP(b) || NILP(e))
    return Qnil;
  if (NILP(a[1]))
    return buffer_substring(rt, b, e, properties);
  mval args[3] = { a[1], b, e };
  return properties ? Fsubstring(rt, 3, args) : Fsubstring_no_properties(rt, 3, args);
}

static mval Fmatch_string(mrt *rt, int n, mval *a) { return match_string(rt, a, true); }
static mval Fmatch_string_no_properties(mrt *rt, int n, mval *a) { return match_string(rt, a, false); }

/* ---- Replacement ---- */

enum case_action { CASE_NOCHANGE, CASE_ALL_CAPS, CASE_CAP_INITIAL };

/* How replace-match adapts the case of its replacement to the text
   [B, E) of STRING, as Emacs's Freplace_match decides under case
   tables T: a character is upper case when it has a lower case, and
   lower case otherwise when it has an upper case. */
static enum case_action replaced_case(mval string, int64_t b, int64_t e, const struct case_tables *t)
{
  bool some_lower = false, some_upper = false, some_nonupper_initial = false, multiletter = false;
  int prev = '\n';
  for (int64_t i = b; i < e; i++) {
    int c = string_char_at(string, i);
    bool after_word = word_char(t->rt, prev);
    if (case_char(c, CASE_DOWN, t) != c) {
      some_upper = true;
      if (after_word)
        multiletter = true;
    } else if (case_char(c, CASE_UP, t) != c) {
      some_lower = true;
      if (after_word)
        multiletter = true;
      else
        some_nonupper_initial = true;
    } else if (!after_word) {
      some_nonupper_initial = true;
    }
    prev = c;
  }
  if (!some_lower && multiletter)
    return CASE_ALL_CAPS;
  if (!some_nonupper_initial && multiletter)
    return CASE_CAP_INITIAL;
  if (!some_nonupper_initial && some_upper)
    return CASE_ALL_CAPS;
  return CASE_NOCHANGE;
}

#define BAD_REPLACEMENT_BACKSLASH "Invalid use of \xe2\x80\x98\\\xe2\x80\x99 in replacement text"

/* NEWTEXT with \& \N and \\ replaced from match vector M over STRING.
   As in Emacs, \& is the text of group SUB, the one replaced, \N of a
   group that did not match inserts nothing, and \? stays as it is;
   the pieces keep their text properties.  I counts bytes, C
   characters. */
static mval expand_replacement(mrt *rt, mval newtext, mval m, mval string, int64_t sub)
{
  mval pieces = Qnil;
  struct string *t = XSTRING(newtext);
  bool multibyte = STRING_MULTIBYTE_P(newtext);
  int64_t lit = 0, c = 0;
  for (int64_t i = 0; i < t->nbytes; i++, c++) {
    if (multibyte && (t->data[i] & 0xC0) == 0x80)
      c--;
    if (t->data[i] != '\\')
      continue;
    pieces = Fcons(rt, substring_with_properties(rt, newtext, lit, c), pieces);
    if (i + 1 >= t->nbytes)
      mrt_error(rt, BAD_REPLACEMENT_BACKSLASH);
    int ch = t->data[++i];
    lit = ++c + 1;
    if (ch == '\\') {
      pieces = Fcons(rt, make_string(rt, "\\", 1), pieces);
    } else if (ch == '&' || (ch >= '1' && ch <= '9')) {
      int64_t g = ch == '&' ? sub : ch - '0';
      if (2 * g + 1 < VECTOR_LENGTH(m) && !NILP(AREF(m, 2 * g)))
        pieces = Fcons(rt, substring_with_properties(rt, string, XFIXNUM(AREF(m, 2 * g)),
                                                     XFIXNUM(AREF(m, 2 * g + 1))), pieces);
    } else if (ch == '?') {
      lit = c - 1;
    } else {
      mrt_error(rt, BAD_REPLACEMENT_BACKSLASH);
    }
  }
  pieces = Fcons(rt, substring_with_properties(rt, newtext, lit, t->nchars), pieces);
  mval v = sequence_to_vector(rt, nreverse_list(rt, pieces));
  return concat_strings(rt, (int)VECTOR_LENGTH(v), VECTOR_SLOTS(v));
}

/* replace-match on a string, with match vector M. */
/* The group SUBEXP of match vector M that replace-match replaces in
   STRING, checked as Emacs does. */
static int64_t replaced_group(mrt *rt, mval subexp, mval m, mval string)
{
  int64_t g = NILP(subexp) ? 0 : check_fixnum(rt, subexp);
  if (g < 0 || g >= match_regs(rt))
    xsignal3(rt, Qargs_out_of_range, subexp, make_fixnum(0), make_fixnum(match_regs(rt) - 1));
  if (2 * g + 1 >= VECTOR_LENGTH(m) || NILP(AREF(m, 2 * g))) {
    if (g == 0)
      args_out_of_range(rt, make_fixnum(0), make_fixnum(XSTRING(string)->nchars));
    xsignal2(rt, Qerror, make_cstring(rt, "replace-match subexpression does not exist"), subexp);
  }
  return g;
}

static mval replace_in_string(mrt *rt, mval newtext, bool fixedcase, bool literal, mval string,
                              mval subexp, mval m)
{
  int64_t g = replaced_group(rt, subexp, m, string);
  int64_t b = XFIXNUM(AREF(m, 2 * g)), e = XFIXNUM(AREF(m, 2 * g + 1));
  if (e > XSTRING(string)->nchars)
    args_out_of_range(rt, AREF(m, 2 * g), AREF(m, 2 * g + 1));
  mval text = literal ? newtext : expand_replacement(rt, newtext, m, string, g);
  if (!fixedcase) {
    struct case_tables t = case_tables_in_force(rt);
    enum case_action act = replaced_case(string, b, e, &t);
    if (act == CASE_ALL_CAPS)
      text = case_convert(rt, text, CASE_UP);
    else if (act == CASE_CAP_INITIAL)
      text = case_convert(rt, text, CASE_UP_INITIALS);
  }
  mval parts[3] = { substring_with_properties(rt, string, 0, b), text,
                    substring_with_properties(rt, string, e, XSTRING(string)->nchars) };
  return concat_strings(rt, 3, parts);
}

static mval translate_match(mrt *rt, mval m, int64_t delta);

/* Match vector M once the text [OLD_START, OLD_END) became
   [OLD_START, NEW_END): as in Emacs, positions after the old text move
   with it and those inside it go to its start. */
static mval match_after_replace(mrt *rt, mval m, int64_t old_start, int64_t old_end, int64_t new_end)
{
  mval r = make_vector(rt, (size_t)VECTOR_LENGTH(m), Qnil);
  for (int64_t i = 0; i < VECTOR_LENGTH(m); i++) {
    if (NILP(AREF(m, i)))
      continue;
    int64_t p = XFIXNUM(AREF(m, i));
    p = p >= old_end ? p + (new_end - old_end) : p > old_start ? old_start : p;
    ASET_FIXNUM(r, i, make_fixnum(p));
  }
  return r;
}

/* Emacs keeps \? of a replacement in a string as it is, but refuses it
   in a buffer, as it does \N past its match registers. */
static void check_buffer_replacement(mrt *rt, mval newtext)
{
  struct string *t = XSTRING(newtext);
  for (int64_t i = 0; i + 1 < t->nbytes; i++) {
    if (t->data[i] != '\\')
      continue;
    int ch = t->data[++i];
    if (ch == '?' || (ch >= '1' && ch <= '9' && ch - '0' >= match_regs(rt)))
      mrt_error(rt, BAD_REPLACEMENT_BACKSLASH);
  }
}

/* Emacs cases the new text once it is in the buffer, which leaves its
   plists in their order (casing a string reverses them): PIECE, the
   cased new text, takes the properties of the text uncased. */
static void keep_uncased_properties(mrt *rt, mval piece, mval *a, mval whole, mval rel, int64_t b,
                                    int64_t tail)
{
  mval text = replace_in_string(rt, a[0], true, !NILP(a[2]), whole, a[4], rel);
  mval uncased = substring_with_properties(rt, text, b, XSTRING(text)->nchars - tail);
  if (XSTRING(uncased)->nchars == XSTRING(piece)->nchars)
    GC_STORE(rt->gc, piece, XSTRING(piece)->intervals, XSTRING(uncased)->intervals);
}

/* replace-match in the current buffer: the whole match is taken out as
   a string, its group replaced there as in a string, and the new text
   of the group put in the buffer in place of the old, point after it.
   As in Emacs, what \& and \N copy of the match has no properties. */
/* Match vector M as replace_in_buffer reads it, the group GS..GE to
   replace accessible.  Emacs reads each group's text from the buffer
   where it is, so the whole match need not hold the group nor be
   accessible (a string's match data, or set-match-data's): then the
   text cut out is that of the accessible groups, the others none. */
static mval replaced_span(mrt *rt, mval m, int64_t gs, int64_t ge)
{
  int64_t lo = XFIXNUM(AREF(m, 0)), hi = XFIXNUM(AREF(m, 1));
  if (buffer_accessible(rt, lo, hi) && lo <= gs && ge <= hi)
    return m;
  mval v = make_vector(rt, (size_t)VECTOR_LENGTH(m), Qnil);
  lo = gs, hi = ge;
  for (int64_t i = 2; i + 1 < VECTOR_LENGTH(m); i += 2) {
    if (NILP(AREF(m, i)) || NILP(AREF(m, i + 1)))
      continue;
    int64_t s = XFIXNUM(AREF(m, i)), e = XFIXNUM(AREF(m, i + 1));
    if (s > e || !buffer_accessible(rt, s, e))
      continue;
    ASET_FIXNUM(v, i, AREF(m, i));
    ASET_FIXNUM(v, i + 1, AREF(m, i + 1));
    lo = s < lo ? s : lo;
    hi = e > hi ? e : hi;
  }
  ASET_FIXNUM(v, 0, make_fixnum(lo));
  ASET_FIXNUM(v, 1, make_fixnum(hi));
  return v;
}

static mval replace_in_buffer(mrt *rt, mval *a, mval m)
{
  /* Emacs asks first whether the group matched, then whether it (not
     the whole match) is in the accessible text. */
  int64_t g = replaced_group(rt, a[4], m, Qnil);
  int64_t gs = XFIXNUM(AREF(m, 2 * g)), ge = XFIXNUM(AREF(m, 2 * g + 1));
  if (!buffer_accessible(rt, gs, ge) || gs > ge)
    args_out_of_range(rt, AREF(m, 2 * g), AREF(m, 2 * g + 1));
  mval span = replaced_span(rt, m, gs, ge);
  mval whole = buffer_substring(rt, AREF(span, 0), AREF(span, 1), false);
  int64_t start = XFIXNUM(AREF(span, 0));
  mval rel = translate_match(rt, span, start);
  if (NILP(a[2]))
    check_buffer_replacement(rt, a[0]);
  mval text = replace_in_string(rt, a[0], !NILP(a[1]), !NILP(a[2]), whole, a[4], rel);
  int64_t b = XFIXNUM(AREF(rel, 2 * g)), e = XFIXNUM(AREF(rel, 2 * g + 1));
  int64_t tail = XSTRING(whole)->nchars - e;
  mval piece = substring_with_properties(rt, text, b, XSTRING(text)->nchars - tail);
  if (NILP(a[1]))
    keep_uncased_properties(rt, piece, a, whole, rel, b, tail);
  /* Emacs converts the case once the text is in, and puts point and
     the match's end where the unconverted text would end: short of the
     true end when a letter grew ("ß" to "SS"). */
  int64_t len = XSTRING(piece)->nchars;
  if (NILP(a[1])) {
    mval plain = replace_in_string(rt, a[0], true, !NILP(a[2]), whole, a[4], rel);
    len = XSTRING(plain)->nchars - tail - b;
  }
  buffer_replace(rt, start + b, start + e, piece);
  if (len != XSTRING(piece)->nchars)
    XBUFFER(current_buffer(rt))->pt = start + b + len;
  mval moved = match_after_replace(rt, m, start + b, start + e, start + b + len);
  set_match_data(rt, moved, match_searched(rt));
  return Qnil;
}

/* (replace-match NEWTEXT &optional FIXEDCASE LITERAL STRING SUBEXP) */
static mval Freplace_match(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  mval m = match_vector(rt);
  if (NILP(m))
    xsignal2(rt, Qerror, make_cstring(rt, "replace-match subexpression does not exist"), a[4]);
  if (NILP(AREF(m, 0)))
    args_out_of_range(rt, make_fixnum(0), make_fixnum(0));
  if (NILP(a[3]))
    return replace_in_buffer(rt, a, m);
  CHECK_STRING(rt, a[3]);
  return replace_in_string(rt, a[0], !NILP(a[1]), !NILP(a[2]), a[3], a[4], m);
}

static void restore_match_data(mrt *rt, mval saved) { set_match_state(rt, saved); }

/* Until the next unbind_to, keep the match data as they are now. */
void protect_match_data(mrt *rt)
{
  record_unwind(rt, restore_match_data, match_state(rt));
}

/* The match data as subr.el's save-match-data would restore them: it
   saves markers, and a marker into a buffer since killed points
   nowhere, which set-match-data reads as position 0 of a string. */
static mval match_state_to_restore(mrt *rt)
{
  mval searched = match_searched(rt);
  if (!BUFFERP(searched) || !NILP(XBUFFER(searched)->name))
    return match_state(rt);
  mval v = match_vector(rt);
  mval zeros = make_vector(rt, (size_t)VECTOR_LENGTH(v), Qnil);
  for (int64_t i = 0; i < VECTOR_LENGTH(v); i++)
    if (!NILP(AREF(v, i)))
      ASET_FIXNUM(zeros, i, make_fixnum(0));
  return Fcons(rt, Qt, zeros);
}

/* The match vector M shifted by -DELTA, for a substring at DELTA. */
static mval translate_match(mrt *rt, mval m, int64_t delta)
{
  mval r = make_vector(rt, (size_t)VECTOR_LENGTH(m), Qnil);
  for (int64_t i = 0; i < VECTOR_LENGTH(m); i++)
    if (!NILP(AREF(m, i)))
      ASET_FIXNUM(r, i, make_fixnum(XFIXNUM(AREF(m, i)) - delta));
  return r;
}

/* (replace-regexp-in-string REGEXP REP STRING &optional FIXEDCASE
   LITERAL SUBEXP START), following subr.el: each match is replaced
   within its own substring; an empty match advances one character;
   the caller's match data are restored as save-match-data would. */
static mval Freplace_regexp_in_string(mrt *rt, int n, mval *a)
{
  mval regexp = a[0], rep = a[1], string = a[2];
  /* subr.el's takes STRING's length first, compares START with it,
     then string-match checks REGEXP and STRING; when START is not
     below the length, only substring sees STRING */
  int64_t len = sequence_length(rt, string);
  if (!NILP(a[6]))
    CHECK_TYPE(rt, NUMBERP(a[6]), Qnumber_or_marker_p, a[6]);
  bool before_end = NILP(a[6]) ? len > 0
    : FLOATP(a[6]) ? XFLOAT(a[6]) < (double)len : FIXNUMP(a[6]) && XFIXNUM(a[6]) < len;
  if (before_end) {
    CHECK_STRING(rt, regexp);
    CHECK_STRING(rt, string);
  } else if (!STRINGP(string) && !VECTORP(string)) {
    wrong_type_argument(rt, Qarrayp, string);
  }
  int64_t start = NILP(a[6]) ? 0 : check_fixnum(rt, a[6]);
  if (VECTORP(string)) { /* substring of an empty tail, concatenated */
    if (start > len)
      xsignal3(rt, Qargs_out_of_range, string, a[6], make_fixnum(len));
    return make_cstring(rt, "");
  }
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, restore_match_data, match_state_to_restore(rt));
  struct re_compiler c;
  /* subr.el's hands START to string-match, which counts a negative
     one from the end, and to substring, which refuses one past LEN */
  if (start < 0 && -start > len)
    args_out_of_range(rt, string, a[6]);
  if (start < 0)
    start += len;
  if (start > len)
    xsignal3(rt, Qargs_out_of_range, string, a[6], make_fixnum(len));
  if (start < len) /* as in subr.el, where nothing else reads REGEXP */
    re_compile(rt, &c, regexp);
  mval pieces = Qnil;
  while (start < len) {
    mval m = re_exec(rt, &c, string, start);
    if (NILP(m))
      break;
    int64_t mb = XFIXNUM(AREF(m, 0)), me = XFIXNUM(AREF(m, 1));
    if (me == mb)
      me = mb + 1 < len ? mb + 1 : len;
    m = translate_match(rt, m, mb);
    set_string_match(rt, m);
    mval str = substring_with_properties(rt, string, mb, me);
    mval text = rep;
    if (!STRINGP(rep)) {
      mval whole = substring_with_properties(rt, str, 0, XFIXNUM(AREF(m, 1)));
      text = call1(rt, rep, whole);
      CHECK_STRING(rt, text);
      m = match_vector(rt); /* as in Emacs, REP may have changed it */
      if (NILP(m))
        m = translate_match(rt, make_vector(rt, 2, make_fixnum(0)), 0);
    }
    pieces = Fcons(rt, substring_with_properties(rt, string, start, mb), pieces);
    pieces = Fcons(rt, replace_in_string(rt, text, !NILP(a[3]), !NILP(a[4]), str, a[5], m), pieces);
    start = me;
  }
  pieces = Fcons(rt, substring_with_properties(rt, string, start < len ? start : len, len), pieces);
  mval v = sequence_to_vector(rt, nreverse_list(rt, pieces));
  mval result = concat_strings(rt, (int)VECTOR_LENGTH(v), VECTOR_SLOTS(v));
  unbind_to(rt, depth);
  return result;
}

static mval Fregexp_quote(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  struct string *s = XSTRING(a[0]);
  int64_t extra = 0;
  for (int64_t i = 0; i < s->nbytes; i++)
    extra += strchr("[*.\\?+^$", s->data[i]) && s->data[i];
  mval r = alloc_string(rt, s->nbytes + extra);
  uint8_t *p = XSTRING(r)->data;
  s = XSTRING(a[0]);
  for (int64_t i = 0; i < s->nbytes; i++) {
    if (strchr("[*.\\?+^$", s->data[i]) && s->data[i])
      *p++ = '\\';
    *p++ = s->data[i];
  }
  return finish_string(rt, r, STRING_MULTIBYTE_P(a[0]));
}

/* ---- split-string, exactly as subr.el's algorithm ---- */

struct splitter {
  mval string, trim, trim_end; /* trim regexps, or nil */
  bool keep_nulls;
  mval list;
};

/* subr.el's push-one: trims [this_start, this_end) and pushes it
   unless it is empty and nulls are omitted. */
static void split_push(mrt *rt, struct splitter *sp, int64_t this_start, int64_t this_end)
{
  if (!NILP(sp->trim)) {
    mval tem = string_match(rt, sp->trim, sp->string, make_fixnum(this_start), true, false);
    if (tem == make_fixnum(this_start))
      this_start = XFIXNUM(match_pos(rt, make_fixnum(0), true));
  }
  if (!(sp->keep_nulls || this_start < this_end))
    return;
  mval args[3] = { sp->string, make_fixnum(this_start), make_fixnum(this_end) };
  mval piece = Fsubstring(rt, 3, args);
  if (!NILP(sp->trim)) {
    mval tem = string_match(rt, sp->trim_end, piece, make_fixnum(0), true, false);
    if (!NILP(tem) && XFIXNUM(tem) < XSTRING(piece)->nchars)
      piece = substring(rt, piece, 0, XFIXNUM(tem));
  }
  if (sp->keep_nulls || XSTRING(piece)->nchars > 0)
    sp->list = Fcons(rt, piece, sp->list);
}

/* (split-string STRING &optional SEPARATORS OMIT-NULLS TRIM) */
static mval Fsplit_string(mrt *rt, int n, mval *a)
{
  mval string = a[0], separators = a[1];
  struct splitter sp = { string, a[3], Qnil, NILP(separators) ? false : NILP(a[2]), Qnil };
  mval rexp = NILP(separators) ? make_cstring(rt, "[ \f\t\n\r\v]+") : separators;
  CHECK_STRING(rt, rexp); /* string-match's order: the regexp, the string, then TRIM */
  CHECK_STRING(rt, string);
  if (STRINGP(sp.trim)) {
    mval parts[2] = { sp.trim, make_cstring(rt, "\\'") };
    sp.trim_end = concat_strings(rt, 2, parts);
  }
  int64_t len = XSTRING(string)->nchars, start = 0;
  bool notfirst = false;
  for (;;) {
    int64_t from = start;
    if (notfirst && start == XFIXNUM(match_pos(rt, make_fixnum(0), false)) && start < len)
      from = start + 1;
    if (NILP(string_match(rt, rexp, string, make_fixnum(from), true, false)) || !(start < len))
      break;
    notfirst = true;
    int64_t this_start = start, this_end = XFIXNUM(match_pos(rt, make_fixnum(0), false));
    start = XFIXNUM(match_pos(rt, make_fixnum(0), true));
    split_push(rt, &sp, this_start, this_end);
  }
  split_push(rt, &sp, start, len);
  return nreverse_list(rt, sp.list);
}

/* ================================================================== */
/* Registration                                                       */
/* ================================================================== */

mval char_charset(int c)
{
  return c < 0x80 ? Qascii : c <= 0x10FFFF ? Qunicode : CHAR_RAW_BYTE_P(c) ? Qeight_bit : Qemacs;
}

static bool charset_has(mval charset, int c)
{
  return charset == Qemacs || charset == char_charset(c) || (charset == Qunicode && c < 0x80);
}

/* (char-charset CH &optional RESTRICTION): the first charset of
   RESTRICTION (a list) that has CH, or nil; without it, CH's own. */
static mval Fchar_charset(mrt *rt, int nargs, mval *args)
{
  if (!CHARACTERP(args[0]))
    wrong_type_argument(rt, Qcharacterp, args[0]);
  int c = (int)XFIXNUM(args[0]);
  if (!CONSP(args[1]))
    return char_charset(c);
  mval tail = args[1];
  FOR_EACH_TAIL(rt, tail, args[1])
    if (charset_has(XCAR(tail), c))
      return XCAR(tail);
  return Qnil;
}

/* The charsets decode-char and encode-char know: each maps the code
   points MIN..MAX to the characters MIN+OFFSET..MAX+OFFSET. */
struct charset_map {
  const char *name;
  int64_t min, max, offset;
};

static const struct charset_map charset_maps[] = {
  {"ascii", 0, 0x7F, 0},
  {"unicode", 0, 0x10FFFF, 0},
  {"ucs", 0, 0x10FFFF, 0},
  {"unicode-bmp", 0, 0xFFFF, 0},
  {"iso-8859-1", 0, 0xFF, 0},
  {"latin-iso8859-1", 0x20, 0x7F, 0x80},
  {"eight-bit", 0x80, 0xFF, 0x3FFF00},
  {"emacs", 0, 0x3FFF7F, 0},
};

/* CHARSET's map, or NULL when it is no charset. */
static const struct charset_map *charset_map(mrt *rt, mval charset)
{
  if (!SYMBOLP(charset) || NILP(charset))
    return NULL;
  for (size_t i = 0; i < sizeof charset_maps / sizeof charset_maps[0]; i++)
    if (intern(rt, charset_maps[i].name) == charset)
      return &charset_maps[i];
  return NULL;
}

static const struct charset_map *check_charset(mrt *rt, mval charset)
{
  const struct charset_map *map = charset_map(rt, charset);
  if (!map)
    wrong_type_argument(rt, intern(rt, "charsetp"), charset);
  return map;
}

/* A code point as Emacs takes one: a natural number below 2^32, an
   integral float, or (HIGH . LOW) or (HIGH LOW) for HIGH*65536+LOW. */
static int64_t code_point_value(mrt *rt, mval x)
{
  const int64_t max = 0xFFFFFFFF;
  if (FIXNUMP(x) && XFIXNUM(x) >= 0 && XFIXNUM(x) <= max)
    return XFIXNUM(x);
  if (FLOATP(x) && XFLOAT(x) >= 0 && XFLOAT(x) <= (double)max && XFLOAT(x) == (double)(int64_t)XFLOAT(x))
    return (int64_t)XFLOAT(x);
  if (CONSP(x)) {
    mval high = XCAR(x), low = CONSP(XCDR(x)) ? XCAR(XCDR(x)) : XCDR(x);
    if (FIXNUMP(high) && XFIXNUM(high) >= 0 && XFIXNUM(high) <= (max >> 16) && FIXNUMP(low) &&
        XFIXNUM(low) >= 0 && XFIXNUM(low) <= 0xFFFF)
      return XFIXNUM(high) << 16 | XFIXNUM(low);
  }
  mrt_error(rt, "Not an in-range integer, integral float, or cons of integers");
}

/* (decode-char CHARSET CODE-POINT): the character, or nil. */
static mval Fdecode_char(mrt *rt, int nargs, mval *args)
{
  const struct charset_map *map = check_charset(rt, args[0]);
  int64_t code = code_point_value(rt, args[1]);
  return code >= map->min && code <= map->max ? make_fixnum(code + map->offset) : Qnil;
}

/* (encode-char CH CHARSET): CH's code point in CHARSET, or nil. */
static mval Fencode_char(mrt *rt, int nargs, mval *args)
{
  const struct charset_map *map = check_charset(rt, args[1]);
  if (!CHARACTERP(args[0]))
    wrong_type_argument(rt, Qcharacterp, args[0]);
  int64_t code = XFIXNUM(args[0]) - map->offset;
  return code >= map->min && code <= map->max ? make_fixnum(code) : Qnil;
}

static mval Fcharsetp(mrt *rt, int nargs, mval *args) { return bool_val(charset_map(rt, args[0])); }

static const struct subr_def strfns_subrs[] = {
  { "char-charset", Fchar_charset, 1, 2 },
  { "charsetp", Fcharsetp, 1, 1 },
  { "decode-char", Fdecode_char, 2, 2 },
  { "encode-char", Fencode_char, 2, 2 },
  { "string-collate-lessp", Fstring_collate_lessp, 2, 4 },
  { "string-collate-equalp", Fstring_collate_equalp, 2, 4 },
  { "concat", Fconcat, 0, ARGS_MANY },
  { "string", Fstring, 0, ARGS_MANY },
  { "make-string", Fmake_string, 2, 3 },
  { "string-to-unibyte", Fstring_to_unibyte, 1, 1 },
  { "clear-string", Fclear_string, 1, 1 },
  { "string-as-unibyte", Fstring_as_unibyte, 1, 1 },
  { "string-as-multibyte", Fstring_as_multibyte, 1, 1 },
  { "unibyte-string", Funibyte_string, 0, ARGS_MANY },
  { "unibyte-char-to-multibyte", Funibyte_char_to_multibyte, 1, 1 },
  { "multibyte-char-to-unibyte", Fmultibyte_char_to_unibyte, 1, 1 },
  { "string-make-unibyte", Fstring_make_unibyte, 1, 1 },
  { "string-make-multibyte", Fstring_make_multibyte, 1, 1 },
  { "substring", Fsubstring, 1, 3 },
  { "substring-no-properties", Fsubstring_no_properties, 1, 3 },
  { "upcase", Fupcase, 1, 1 },
  { "downcase", Fdowncase, 1, 1 },
  { "capitalize", Fcapitalize, 1, 1 },
  { "upcase-initials", Fupcase_initials, 1, 1 },
  { "char-equal", Fchar_equal, 2, 2 },
  { "string=", Fstring_equal, 2, 2 },
  { "string-equal", Fstring_equal, 2, 2 },
  { "string<", Fstring_lessp, 2, 2 },
  { "string-lessp", Fstring_lessp, 2, 2 },
  { "string-version-lessp", Fstring_version_lessp, 2, 2 },
  { "string-distance", Fstring_distance, 2, 3 },
  { "string>", Fstring_greaterp, 2, 2 },
  { "string-greaterp", Fstring_greaterp, 2, 2 },
  { "compare-strings", Fcompare_strings, 6, 7 },
  { "string-prefix-p", Fstring_prefix_p, 2, 3 },
  { "string-suffix-p", Fstring_suffix_p, 2, 3 },
  { "string-to-char", Fstring_to_char, 1, 1 },
  { "char-to-string", Fchar_to_string, 1, 1 },
  { "string-to-list", Fstring_to_list, 1, 1 },
  { "string-to-vector", Fstring_to_vector, 1, 1 },
  { "string-to-multibyte", Fstring_to_multibyte, 1, 1 },
  { "string-width", Fstring_width, 1, 3 },
  { "char-width", Fchar_width, 1, 1 },
  { "assoc-string", Fassoc_string, 2, 3 },
  { "multibyte-string-p", Fmultibyte_string_p, 1, 1 },
  { "string-bytes", Fstring_bytes, 1, 1 },
  { "string-search", Fstring_search, 2, 3 },
  { "string-replace", Fstring_replace, 3, 3 },
  { "string-join", Fstring_join, 1, 2 },
  { "string-match", Fstring_match, 2, 3 },
  { "posix-string-match", Fposix_string_match, 2, 3 },
  { "string-match-p", Fstring_match_p, 2, 3 },
  { "match-beginning", Fmatch_beginning, 1, 1 },
  { "match-end", Fmatch_end, 1, 1 },
  { "match-data", Fmatch_data, 0, 3 },
  { "match-data--translate", Fmatch_data__translate, 1, 1 },
  { "set-match-data", Fset_match_data, 1, 2 },
  { "match-string", Fmatch_string, 1, 2 },
  { "match-string-no-properties", Fmatch_string_no_properties, 1, 2 },
  { "replace-match", Freplace_match, 1, 5 },
  { "replace-regexp-in-string", Freplace_regexp_in_string, 3, 7 },
  { "regexp-quote", Fregexp_quote, 1, 1 },
  { "split-string", Fsplit_string, 1, 4 },
};

void strfns_init(mrt *rt)
{
  defsubrs(rt, strfns_subrs, sizeof strfns_subrs / sizeof strfns_subrs[0]);
  defvar(rt, intern(rt, "charset-list"), listn(rt, 4, (mval[]){Qunicode, Qascii, Qeight_bit, Qemacs}));
  defvar(rt, Qcase_fold_search, Qt);
  defvar(rt, Qinhibit_changing_match_data, Qnil);
  if (NILP(get_prop(rt, Qwrong_length_argument, Qerror_conditions)))
    define_error(rt, Qwrong_length_argument, "Wrong length argument", Qerror);
}
