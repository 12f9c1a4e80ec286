/*
** printer.c -- layer 5: the printer: prin1, princ, print, format,
** message, error messages, and the standard error symbols.
**
** Every object prints exactly as in GNU Emacs 28 (text-quoting-style
** curve), under print-length, print-level, print-circle, print-quoted,
** print-gensym, print-escape-newlines, print-escape-control-characters,
** print-escape-multibyte, print-escape-nonascii,
** print-integers-as-characters and float-output-format.
**
** Invariants:
**   - Output goes to a growable C buffer (struct strbuf) and is copied
**     to a Lisp string or to the runtime's output function at the end.
**     A Lisp-facing primitive registers an unwind entry that frees the
**     buffer, so a signal in the middle of printing leaks nothing.
**   - C recursion follows only the car direction and vector elements,
**     and is bounded as in Emacs: past PRINT_CIRCLE open conses and
**     vectors, printing signals (error "Apparently circular structure
**     being printed").  Lists are walked iteratively with Emacs's
**     Brent cycle check, so a cdr loop prints as ". #N", and an object
**     that contains itself prints as "#N", N being the depth of the
**     enclosing copy -- byte for byte what Emacs 28 prints.
**   - With print-circle, a walk before printing (iterative, with its
**     own work list) counts every cons, vector, record, closure and
**     hash table; those met twice print as #N= the first time and #N#
**     after, N counting from 1 in printing order, as in Emacs.
**   - The objects being printed are kept on the C stack (struct
**     printer), where the conservative scan sees them.
*/
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "printer.h"
#include "window.h"
#include "reader.h"
#include "bignum.h"
#include "buffer.h"
#include "overlays.h"
#include "eval.h"
#include "arith.h"
#include "hashtab.h"
#include "strfns.h"
#include "textprop.h"
#include "fns.h"

/* ================================================================== */
/* Growable buffers                                                   */
/* ================================================================== */

void strbuf_put(struct strbuf *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + n + 1)
      cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p) {
      mrt *rt = mrt_current;
      if (rt)
        memory_full(rt);
      return;
    }
    b->data = p;
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

static void strbuf_puts(struct strbuf *b, const char *s) { strbuf_put(b, s, strlen(s)); }

static void note_char(struct strbuf *b, int c)
{
  b->char_put = true;
  b->last_char = c;
}

static void strbuf_putc(struct strbuf *b, char c)
{
  strbuf_put(b, &c, 1);
  note_char(b, (unsigned char)c);
}

/* Appends character C's multibyte encoding. */
static void put_char(struct strbuf *b, int c)
{
  uint8_t enc[MAX_CHAR_BYTES];
  strbuf_put(b, (const char *)enc, (size_t)char_encode(c, enc));
  note_char(b, c);
}

static void strbuf_free_unwind(mrt *rt, mval arg)
{
  struct strbuf *b = (struct strbuf *)(uintptr_t)XFIXNUM(arg);
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

static void free_unwind(mrt *rt, mval pointer) { free((void *)(uintptr_t)XFIXNUM(pointer)); }

void free_on_unwind(mrt *rt, void *p)
{
  record_unwind(rt, free_unwind, make_fixnum((int64_t)(uintptr_t)p));
}

mval strbuf_release(mrt *rt, struct strbuf *b, bool unibyte, size_t depth)
{
  const char *data = b->data ? b->data : "";
  mval s = unibyte ? make_unibyte_string(rt, data, b->len) : make_string(rt, data, b->len);
  unbind_to(rt, depth);
  return s;
}

size_t strbuf_protect(mrt *rt, struct strbuf *b)
{
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, strbuf_free_unwind, make_fixnum((int64_t)(uintptr_t)b));
  return depth;
}

/* Whether the text from P to END has a character only a multibyte
   string holds: one not ASCII nor a raw byte.  *RAW tells whether a raw
   byte came before (the scan stops at such a character). */
static bool scan_multibyte(const uint8_t *p, const uint8_t *end, bool *raw)
{
  *raw = false;
  while (p < end) {
    if (*p < 0x80) {
      p++;
      continue;
    }
    int len, c = char_decode(p, end, &len);
    if (!CHAR_RAW_BYTE_P(c))
      return true;
    *raw = true;
    p += len;
  }
  return false;
}

static bool needs_multibyte(const struct strbuf *b)
{
  bool raw;
  const uint8_t *p = (const uint8_t *)(b->data ? b->data : "");
  return scan_multibyte(p, p + b->len, &raw);
}

/* The buffer's contents as a Lisp string; frees the buffer.  As in
   Emacs, the string is unibyte unless a multibyte string went in (as
   format's %s puts one) or the text has a non-ASCII character other
   than a raw byte; a unibyte
   result holds its raw bytes as bytes. */
static mval strbuf_finish(mrt *rt, struct strbuf *b, size_t depth)
{
  const uint8_t *p = (const uint8_t *)(b->data ? b->data : ""), *end = p + b->len;
  bool raw = false;
  bool multibyte = b->multibyte || scan_multibyte(p, end, &raw);
  mval s = make_string(rt, (const char *)p, b->len);
  if (!multibyte && raw)
    s = string_as_unibyte(rt, s);
  else if (multibyte && b->len == 0)
    s = rt->empty_multibyte;
  else if (multibyte)
    XSTRING(s)->flags |= STRING_MULTIBYTE;
  unbind_to(rt, depth);
  return s;
}

/* ================================================================== */
/* Numbers                                                            */
/* ================================================================== */

static void print_float(mrt *rt, struct strbuf *b, double d)
{
  char buf[FLOAT_STRING_SIZE];
  strbuf_put(b, buf, float_to_string(rt, d, buf, sizeof buf));
}

/* Digits of bignum X in BASE (2..36); uses GMP's allocator, which
   charges the runtime. */
static void print_bignum(struct strbuf *b, mval x, int base, bool upper)
{
  void *(*alloc)(size_t);
  void (*freefn)(void *, size_t);
  mp_get_memory_functions(&alloc, NULL, &freefn);
  char *s = mpz_get_str(NULL, upper ? -base : base, XBIGNUM_MPZ(x));
  if (!s)
    return;
  size_t n = strlen(s);
  strbuf_put(b, s, n);
  freefn(s, n + 1);
}

/* Digits of |V| in BASE, most significant first. */
static void print_magnitude(struct strbuf *b, uint64_t v, int base, bool upper)
{
  const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char buf[70];
  int i = sizeof buf;
  do
    buf[--i] = digits[v % (unsigned)base];
  while ((v /= (unsigned)base) != 0);
  strbuf_put(b, buf + i, sizeof buf - (size_t)i);
}

static void print_fixnum(struct strbuf *b, int64_t v)
{
  if (v < 0)
    strbuf_put(b, "-", 1);
  print_magnitude(b, v < 0 ? -(uint64_t)v : (uint64_t)v, 10, false);
}

/* The controls (and space) that ?C spells with a letter: ?\n. */
static char named_escape(int64_t c)
{
  switch (c) {
  case '\b': return 'b';
  case '\t': return 't';
  case '\n': return 'n';
  case '\f': return 'f';
  case '\r': return 'r';
  case ' ': return 's';
  default: return 0;
  }
}

/* print-integers-as-characters: ?C for the characters Emacs prints so;
   false for other integers. */
static bool print_as_character(struct strbuf *b, int64_t v, bool escape)
{
  if (v < 0 || v > 0x10FFFF || !char_prints_as_character((int)v))
    return false;
  strbuf_putc(b, '?');
  if (named_escape(v)) {
    strbuf_putc(b, '\\');
    strbuf_putc(b, named_escape(v));
  } else {
    if (escape && v < 0x80 && strchr("\"'();[\\]{}", (int)v))
      strbuf_putc(b, '\\');
    put_char(b, (int)v);
  }
  return true;
}

/* ================================================================== */
/* Symbols and strings                                                */
/* ================================================================== */

/* Characters that prin1 escapes anywhere in a symbol's name. */
static bool symbol_char_needs_escape(int c)
{
  return c <= ' ' || c == 0xA0 || (c < 0200 && strchr("\"\\';#(),`[]?.", c));
}

/* The last character of the nonempty string S, as its bytes decode
   (a name need not be well-formed UTF-8). */
static int last_char(mval s)
{
  int c = 0;
  for (int64_t off = 0, len = 0; off < XSTRING(s)->nbytes; off += len) {
    int n;
    c = string_decode(s, off, &n);
    len = n;
  }
  return c;
}

/* A symbol's name prints as its characters; a unibyte name's bytes are
   the characters 0..255, as Emacs prints them. */
static void print_symbol(mrt *rt, struct strbuf *b, mval sym, bool escape)
{
  mval name = XSYMBOL(rt, sym)->name;
  const uint8_t *p = XSTRING(name)->data;
  int64_t nbytes = XSTRING(name)->nbytes;
  bool unibyte = !STRING_MULTIBYTE_P(name);
  /* Raw bytes in a multibyte name stay raw-byte characters. */
  b->multibyte |= !unibyte && XSTRING(name)->nchars != nbytes;
  if (!escape && !unibyte) {
    strbuf_put(b, (const char *)p, (size_t)nbytes);
    if (nbytes > 0)
      note_char(b, last_char(name));
    return;
  }
  if (nbytes == 0) {
    strbuf_puts(b, "##");
    return;
  }
  /* A name that would read as a number gets its first character
     escaped, as Emacs does: \1, \-1, \1e5. */
  bool sign = p[0] == '-' || p[0] == '+';
  bool confusing = escape && nbytes > (int64_t)sign &&
                   ((p[sign] >= '0' && p[sign] <= '9') || p[sign] == '.') &&
                   reader_number_syntax_p((const char *)p, (size_t)nbytes);
  for (int64_t off = 0; off < nbytes;) {
    int len, c = string_decode(name, off, &len);
    if (escape && (confusing || symbol_char_needs_escape(c)))
      strbuf_putc(b, '\\');
    confusing = false;
    if (unibyte)
      put_char(b, c);
    else
      strbuf_put(b, (const char *)XSTRING(name)->data + off, (size_t)len);
    off += len;
  }
  note_char(b, last_char(name));
}

/* What prin1 escapes in strings beyond " and \, from the
   print-escape-* variables. */
struct string_escapes {
  bool newlines;  /* \n and \f */
  bool control;   /* other controls as octal */
  bool multibyte; /* non-ASCII characters as \xXXXX */
  bool nonascii;  /* a unibyte string's bytes #x80..#xFF as octal */
};

/* An octal escape as Emacs writes it: as few digits as read back,
   three when an octal digit (NEXT) follows. */
static void put_octal(struct strbuf *b, int byte, int next)
{
  int digits = byte > 077 || (next >= '0' && next <= '7') ? 3 : byte > 7 ? 2 : 1;
  strbuf_putc(b, '\\');
  while (digits-- > 0)
    strbuf_putc(b, (char)('0' + (byte >> (3 * digits) & 7)));
}

struct string_out {
  bool escape;    /* prin1 */
  bool multibyte; /* the string's */
  bool after_hex; /* the last character went out as \xXXXX */
  const struct string_escapes *esc;
};

/* A raw byte (multibyte) or byte #x80..#xFF (unibyte) prints as \ooo,
   except that standard output and functions get it as it is from
   princ, and from prin1 in a unibyte string, unless
   print-escape-nonascii is set (which princ to a function ignores).
   princ gives a function a unibyte string's byte as the character of
   that code, as Emacs does. */
static void put_raw_byte(struct strbuf *b, const struct string_out *o, int c, int next)
{
  bool octal = b->target == TO_STRING || (o->multibyte && o->escape) ||
               (o->esc->nonascii && (o->escape || b->target == TO_STDOUT));
  bool byte_as_char = !o->multibyte && !o->escape && b->target == TO_FUNCTION;
  if (octal)
    put_octal(b, o->multibyte ? CHAR_TO_RAW_BYTE(c) : c, next);
  else
    put_char(b, o->multibyte || byte_as_char ? c : RAW_BYTE_CHAR(c));
}

/* Writes C, followed by the byte NEXT (-1 at the end), if it does not
   go out as its own bytes; returns whether it did. */
static bool put_string_special(struct strbuf *b, struct string_out *o, int c, int next)
{
  bool after_hex = o->after_hex;
  o->after_hex = false;
  if (o->multibyte ? CHAR_RAW_BYTE_P(c) : c >= 0x80) {
    put_raw_byte(b, o, c, next);
    return true;
  }
  if (!o->escape)
    return false;
  if (o->esc->multibyte && c >= 0x80) {
    char buf[16];
    strbuf_put(b, buf, (size_t)snprintf(buf, sizeof buf, "\\x%04x", (unsigned)c));
    o->after_hex = true;
    return true;
  }
  /* A hex digit after \xXXXX would read as part of it. */
  bool hex_digit = after_hex && c > 0 && c < 0x80 && strchr("0123456789abcdefABCDEF", c);
  bool named = o->esc->newlines && (c == '\n' || c == '\f');
  bool quote = c == '"' || c == '\\';
  bool control = o->esc->control && (c < ' ' || c == 0177);
  if (hex_digit)
    strbuf_puts(b, "\\ ");
  if (named)
    strbuf_puts(b, c == '\n' ? "\\n" : "\\f");
  else if (quote)
    strbuf_putc(b, '\\'), strbuf_putc(b, (char)c);
  else if (control)
    put_octal(b, c, next);
  else if (hex_digit)
    strbuf_putc(b, (char)c);
  return hex_digit || named || quote || control;
}

/* prin1 escapes " and \ in strings, and more as ESC asks; raw bytes
   print as \ooo, except as put_raw_byte says. */
static void print_string(struct strbuf *b, mval str, bool escape, const struct string_escapes *esc)
{
  struct string *s = XSTRING(str);
  struct string_out o = { escape, STRING_MULTIBYTE_P(str), false, esc };
  b->multibyte |= o.multibyte;
  if (escape)
    strbuf_putc(b, '"');
  int64_t run = 0, off = 0;
  while (off < s->nbytes) {
    int len, c = string_decode(str, off, &len);
    int next = off + len < s->nbytes ? s->data[off + len] : -1;
    /* The characters put_string_special may write: what precedes them
       goes out first. */
    if (run < off && (o.after_hex || c >= 0x80 || c < ' ' || c == 0177 || c == '"' || c == '\\')) {
      strbuf_put(b, (const char *)s->data + run, (size_t)(off - run));
      run = off;
    }
    if (put_string_special(b, &o, c, next))
      run = off + len;
    s = XSTRING(str);
    off += len;
  }
  strbuf_put(b, (const char *)s->data + run, (size_t)(s->nbytes - run));
  if (escape)
    strbuf_putc(b, '"');
}

/* ================================================================== */
/* The object printer                                                 */
/* ================================================================== */

#define PRINT_CIRCLE 200

struct printer {
  mrt *rt;
  struct strbuf *out;
  bool escape;
  int depth;               /* conses and vectors open */
  int backquote_depth;     /* inside `: commas print as , and ,@ */
  int64_t print_length;    /* -1: no limit */
  int64_t print_level;      /* INT64_MAX: no limit; negative hides every list */
  struct string_escapes string_escapes;
  bool integers_as_characters; /* print-integers-as-characters */
  bool quoted;             /* print-quoted: 'x rather than (quote x) */
  bool gensym;             /* print-gensym: #:x for uninterned symbols */
  bool continuous;         /* print-continuous-numbering */
  mval labels;             /* print-circle: print-number-table; else nil */
  mval being_printed[PRINT_CIRCLE];
};

static void print_object(struct printer *p, mval obj);

static bool flag_variable(mrt *rt, mval sym)
{
  mval v = find_symbol_value(rt, sym);
  return !NILP(v) && v != Qunbound;
}

static int64_t limit_variable(mrt *rt, mval sym)
{
  mval v = find_symbol_value(rt, sym);
  return FIXNUMP(v) && XFIXNUM(v) >= 0 ? XFIXNUM(v) : -1;
}

static void printer_begin(struct printer *p, mrt *rt, struct strbuf *out, bool escape)
{
  p->rt = rt;
  p->out = out;
  p->escape = escape;
  p->depth = 0;
  p->backquote_depth = 0;
  p->print_length = limit_variable(rt, Qprint_length);
  mval level = find_symbol_value(rt, Qprint_level);
  p->print_level = FIXNUMP(level) ? XFIXNUM(level) : INT64_MAX;
  p->string_escapes.newlines = flag_variable(rt, Qprint_escape_newlines);
  p->string_escapes.control = flag_variable(rt, Qprint_escape_control_characters);
  p->string_escapes.multibyte = flag_variable(rt, Qprint_escape_multibyte);
  p->string_escapes.nonascii = flag_variable(rt, Qprint_escape_nonascii);
  p->integers_as_characters = flag_variable(rt, Qprint_integers_as_characters);
  p->quoted = flag_variable(rt, Qprint_quoted);
  p->gensym = flag_variable(rt, Qprint_gensym); /* princ's too, as in Emacs */
  p->continuous = flag_variable(rt, Qprint_continuous_numbering);
  p->labels = Qnil;
}

/* ---- print-circle ---- */

static bool uninterned_p(mrt *rt, mval x)
{
  return SYMBOLP(x) && !XSYMBOL(rt, x)->interned;
}

/* Under print-gensym, an uninterned symbol met twice is labelled too,
   so that reading the output back gives one symbol. */
static bool label_candidate(mrt *rt, mval x, bool gensyms)
{
  return CONSP(x) || STRINGP(x) || VECTORP(x) || PVECP(x, PVEC_RECORD) ||
         PVECP(x, PVEC_CLOSURE) || PVECP(x, PVEC_HASH_TABLE) ||
         (gensyms && uninterned_p(rt, x));
}

/* Emacs 28's PRINT_CIRCLE_CANDIDATE_P, DEPTH being its print_depth:
   a string may get a label only with text properties, below the first
   level or under print-continuous-numbering.  The table is built with
   one more level counted than printing counts, so (list s s) prints
   ("a" "a") but (list (list s s)) ((#1="a" #1#)), as in Emacs. */
static bool circle_candidate(struct printer *p, mval x, int64_t depth)
{
  if (STRINGP(x))
    return depth >= 2 || p->continuous || textprop_any(XSTRING(x)->intervals);
  return label_candidate(p->rt, x, p->gensym);
}

static bool labelled_here(struct printer *p, mval x)
{
  return !NILP(p->labels) && circle_candidate(p, x, p->depth);
}

/* Push X's parts, as printing will visit them, onto TODO, each with
   its depth as Emacs's walk before printing counts it: a car or an
   element one deeper than X (a hash table's entries two: they are in a
   vector of its own), a cdr as deep as X. */
static mval push_part(mrt *rt, mval x, int64_t depth, mval todo)
{
  return Fcons(rt, x, Fcons(rt, make_fixnum(depth), todo));
}

/* The keys and values of a string's text properties, in the order
   they are stored, as Emacs walks them: only they can be labelled, the
   plists being printed from a copy (shown_properties). */
static mval push_property_parts(mrt *rt, mval s, int64_t depth, mval todo)
{
  mval rev = Qnil;
  for (mval p = textprop_pieces(rt, XSTRING(s)->intervals, 0, XSTRING(s)->nchars, 0); CONSP(p); p = XCDR(p))
    for (mval l = XCAR(XCDR(XCDR(XCAR(p)))); CONSP(l); l = XCDR(l))
      rev = Fcons(rt, XCAR(l), rev);
  for (; CONSP(rev); rev = XCDR(rev))
    todo = push_part(rt, XCAR(rev), depth + 2, todo);
  return todo;
}

static mval push_parts(mrt *rt, mval x, int64_t depth, mval todo)
{
  if (STRINGP(x))
    return push_property_parts(rt, x, depth, todo);
  if (SYMBOLP(x))
    return todo;
  if (CONSP(x))
    return push_part(rt, XCAR(x), depth + 1, push_part(rt, XCDR(x), depth, todo));
  if (PVECP(x, PVEC_CLOSURE)) /* the closure stands for its list */
    return push_part(rt, closure_as_list(rt, x), depth, todo);
  if (PVECP(x, PVEC_HASH_TABLE)) {
    mval key, value;
    for (int64_t i = hash_table_size(x); i-- > 0;)
      if (hash_table_entry(x, i, &key, &value))
        todo = push_part(rt, key, depth + 2, push_part(rt, value, depth + 2, todo));
    return todo;
  }
  for (int64_t i = VECTOR_LENGTH(x); i-- > 0;)
    todo = push_part(rt, AREF(x, i), depth + 1, todo);
  return todo;
}

/* The highest label of TABLE, kept from earlier calls under
   print-continuous-numbering. */
static int64_t highest_label(mval table)
{
  int64_t n = 0;
  mval key, value;
  for (int64_t i = hash_table_size(table); i-- > 0;)
    if (hash_table_entry(table, i, &key, &value) && FIXNUMP(value) && llabs(XFIXNUM(value)) > n)
      n = llabs(XFIXNUM(value));
  return n;
}

static void forget_single(mrt *rt, mval table)
{
  mval key, value;
  for (int64_t i = hash_table_size(table); i-- > 0;)
    if (hash_table_entry(table, i, &key, &value) && value == Qt)
      hash_remove(rt, table, key);
}

/* Fills TABLE as Emacs fills print-number-table: object -> t when met
   once, -N when met again, N once
   printed.  Labels are numbered in the order of the second meetings,
   depth first, car before cdr; under print-continuous-numbering after
   those of earlier calls, and an uninterned symbol is labelled even
   when met once. */
static void find_shared(struct printer *p, mval obj, mval table)
{
  mrt *rt = p->rt;
  int64_t shared = highest_label(table);
  mval todo = push_part(rt, obj, 1, Qnil);
  while (CONSP(todo)) {
    mval x = XCAR(todo);
    int64_t depth = XFIXNUM(XCAR(XCDR(todo)));
    todo = XCDR(XCDR(todo));
    if (!circle_candidate(p, x, depth))
      continue;
    mval label = hash_get(rt, table, x, Qnil);
    if (NILP(label) && !(p->continuous && uninterned_p(rt, x))) {
      hash_put(rt, table, x, Qt);
      todo = push_parts(rt, x, depth, todo);
    } else if (!FIXNUMP(label)) {
      hash_put(rt, table, x, make_fixnum(-++shared));
    }
  }
}

/* Prints #N# and returns true for a shared object already printed; for
   one met the first time, prints #N= and returns false. */
static bool print_label(struct printer *p, mval obj)
{
  mval label = hash_get(p->rt, p->labels, obj, Qnil);
  if (!FIXNUMP(label))
    return false;
  int64_t n = XFIXNUM(label);
  char buf[32];
  snprintf(buf, sizeof buf, n < 0 ? "#%lld=" : "#%lld#", (long long)(n < 0 ? -n : n));
  strbuf_puts(p->out, buf);
  if (n > 0)
    return true;
  hash_put(p->rt, p->labels, obj, make_fixnum(-n));
  return false;
}

static bool shared_tail(struct printer *p, mval tail)
{
  return !NILP(p->labels) && FIXNUMP(hash_get(p->rt, p->labels, tail, Qnil));
}

/* Entering a cons or vector: prints #N and returns false when OBJ is
   already being printed further out, or "..." past print-level (which
   Emacs 28 applies to lists only, a closure being one there). */
static bool enter_container(struct printer *p, mval obj)
{
  if (p->depth >= PRINT_CIRCLE - 1)
    mrt_error(p->rt, "Apparently circular structure being printed");
  for (int i = 0; i < p->depth; i++)
    if (p->being_printed[i] == obj) {
      char buf[16];
      snprintf(buf, sizeof buf, "#%d", i);
      strbuf_puts(p->out, buf);
      return false;
    }
  p->being_printed[p->depth++] = obj;
  if ((CONSP(obj) || PVECP(obj, PVEC_CLOSURE)) && p->depth > p->print_level) {
    strbuf_puts(p->out, "...");
    p->depth--;
    return false;
  }
  return true;
}

static void leave_container(struct printer *p) { p->depth--; }

/* 'x #'x `x ,x ,@x: the reader's abbreviations, printed back. */
static bool print_abbreviation(struct printer *p, mval obj)
{
  mval head = XCAR(obj), rest = XCDR(obj);
  if (!p->quoted || !CONSP(rest) || !NILP(XCDR(rest)))
    return false;
  const char *prefix = head == Qquote ? "'"
                     : head == Qfunction ? "#'"
                     : head == Qbackquote ? "`"
                     : head == Qcomma && p->backquote_depth > 0 ? ","
                     : head == Qcomma_at && p->backquote_depth > 0 ? ",@"
                     : NULL;
  if (!prefix)
    return false;
  strbuf_puts(p->out, prefix);
  int delta = head == Qbackquote ? 1 : head == Qcomma || head == Qcomma_at ? -1 : 0;
  p->backquote_depth += delta;
  print_object(p, XCAR(rest));
  p->backquote_depth -= delta;
  return true;
}

/* Walks the list with Emacs's FOR_EACH_TAIL_SAFE (Brent's algorithm),
   so that a cdr loop stops after the same number of elements as in
   Emacs and prints as " . #N". */
static void print_list(struct printer *p, mval obj)
{
  struct strbuf *b = p->out;
  strbuf_putc(b, '(');
  mval tail = obj, tortoise = obj, last_cdr = Qnil;
  intptr_t max = 2, n = 0;
  uint16_t q = 2;
  int64_t i = 0;
  while (CONSP(tail)) {
    if (i != 0 && shared_tail(p, tail)) {
      last_cdr = tail;
      break;
    }
    if (i != 0)
      strbuf_putc(b, ' ');
    if (p->print_length >= 0 && i >= p->print_length) {
      strbuf_puts(b, "...");
      strbuf_putc(b, ')');
      return;
    }
    i++;
    print_object(p, XCAR(tail));
    /* A closure in the tail continues the list (it is one in Emacs),
       unless print-circle labels it. */
    last_cdr = XCDR(tail);
    if (!shared_tail(p, last_cdr))
      last_cdr = closure_list_view(p->rt, last_cdr);
    tail = last_cdr;
    bool check = --q != 0 || 0 < --n;
    if (!check) {
      max <<= 1;
      q = (uint16_t)max;
      n = max >> 16;
      tortoise = tail;
    } else if (tail == tortoise) {
      break; /* a cycle */
    }
  }
  if (!NILP(last_cdr)) {
    strbuf_puts(b, " . ");
    if (CONSP(last_cdr) && !shared_tail(p, last_cdr)) {
      char buf[32];
      snprintf(buf, sizeof buf, "#%lld", (long long)(i >> 1));
      strbuf_puts(b, buf);
    } else {
      print_object(p, last_cdr);
    }
  }
  strbuf_putc(b, ')');
}

static void print_slots(struct printer *p, const char *open, const char *close, mval v)
{
  strbuf_puts(p->out, open);
  int64_t n = (int64_t)vl_header_nlisp(XVL(v)->header);
  int64_t shown = p->print_length >= 0 && p->print_length < n ? p->print_length : n;
  for (int64_t i = 0; i < shown; i++) {
    if (i)
      strbuf_putc(p->out, ' ');
    print_object(p, AREF(v, i));
  }
  /* " ..." even after no slot at all: print-length 0 gives "[ ...]" */
  if (shown < n)
    strbuf_puts(p->out, " ...");
  strbuf_puts(p->out, close);
}


/* The entries of TABLE as a list (K V ...), at most LIMIT of them
   when LIMIT is positive (print-length, which Emacs ignores at 0);
   *MORE is set when some were left out. */
static mval hash_table_data(struct printer *p, mval table, int64_t limit, bool *more)
{
  int64_t count = hash_table_count(table), shown = 0;
  mval data = Qnil, tail = Qnil, key, value;
  *more = limit > 0 && limit < count;
  for (int64_t i = 0; i < hash_table_size(table) && !(*more && shown == limit); i++) {
    if (!hash_table_entry(table, i, &key, &value))
      continue;
    mval pair = Fcons(p->rt, key, Fcons(p->rt, value, Qnil));
    if (NILP(tail))
      data = pair;
    else
      gc_setcdr(p->rt->gc, tail, pair);
    tail = XCDR(pair);
    shown++;
  }
  return data;
}

static void print_hash_table(struct printer *p, mval table)
{
  struct hash_table *h = XHASH_TABLE(table);
  bool more;
  mval data = hash_table_data(p, table, p->print_length, &more);
  char buf[48];
  snprintf(buf, sizeof buf, "#s(hash-table size %lld test ", (long long)hash_table_size(table));
  strbuf_puts(p->out, buf);
  print_object(p, h->test);
  if (!NILP(h->weakness)) {
    strbuf_puts(p->out, " weakness ");
    print_object(p, h->weakness);
  }
  /* The growth parameters are floats (or a fixnum rehash size):
     float-output-format applies.  data is always parenthesized. */
  strbuf_puts(p->out, " rehash-size ");
  print_object(p, hash_table_rehash_size(p->rt, table));
  strbuf_puts(p->out, " rehash-threshold ");
  print_object(p, hash_table_rehash_threshold(p->rt, table));
  if (!NILP(h->purecopy))
    strbuf_puts(p->out, " purecopy t");
  strbuf_puts(p->out, " data (");
  for (mval d = data; CONSP(d); d = XCDR(d)) {
    print_object(p, XCAR(d));
    if (CONSP(XCDR(d)))
      strbuf_putc(p->out, ' ');
  }
  strbuf_puts(p->out, more ? " ...))" : "))");
}

/* A closure prints as the list Emacs 28 would hold, (closure ENV ARGS
   . BODY).  The closure itself, not its kept list, is what marks the
   level: a closure in its own environment prints as #N
   (Emacs, whose closure is that list, prints the cdr inline instead:
   ((f closure #1 nil f) t) where marrow prints ((f . #0) t)). */
static void print_closure(struct printer *p, mval fn)
{
  mval list = closure_as_list(p->rt, fn);
  if (!CONSP(list)) {
    print_object(p, list);
    return;
  }
  if (!enter_container(p, fn))
    return;
  print_list(p, list);
  leave_container(p);
}

/* #&N"BYTES", the bytes of the bits (first element lowest) as a
   unibyte string: octal escapes past ASCII, as Emacs prints them,
   and print-length bytes at most. */
static void print_bool_vector(struct printer *p, mval obj)
{
  struct strbuf *b = p->out;
  int64_t n = BOOL_VECTOR_LENGTH(obj), nbytes = (n + 7) / 8, shown = nbytes;
  if (p->print_length >= 0 && p->print_length < nbytes)
    shown = p->print_length;
  char buf[32];
  snprintf(buf, sizeof buf, "#&%lld\"", (long long)n);
  strbuf_puts(b, buf);
  const uint8_t *bytes = (const uint8_t *)BOOL_VECTOR_BITS(obj); /* little-endian words */
  const struct string_escapes *esc = &p->string_escapes;
  for (int64_t i = 0; i < shown; i++) {
    uint8_t c = bytes[i];
    int next = i + 1 < shown ? bytes[i + 1] : -1;
    if (esc->newlines && (c == '\n' || c == '\f')) {
      strbuf_puts(b, c == '\n' ? "\\n" : "\\f");
    } else if (c > 0177 || (esc->control && (c < ' ' || c == 0177))) {
      put_octal(b, c, next);
    } else {
      if (c == '"' || c == '\\')
        strbuf_putc(b, '\\');
      strbuf_putc(b, (char)c);
    }
  }
  if (shown < nbytes)
    strbuf_puts(b, " ...");
  strbuf_putc(b, '"');
}

static void print_vectorlike(struct printer *p, mval obj)
{
  struct strbuf *b = p->out;
  switch (PVEC_TYPE(obj)) {
  case PVEC_CHAR_TABLE:
    print_slots(p, "#^[", "]", obj);
    return;
  case PVEC_COMPILED:
    print_slots(p, "#[", "]", obj);
    return;
  case PVEC_SUB_CHAR_TABLE: /* Emacs starts a line before the deepest */
    print_slots(p, AREF(obj, 0) == make_fixnum(3) ? "\n#^^[" : "#^^[", "]", obj);
    return;
  case PVEC_BIGNUM:
    print_bignum(b, obj, 10, false);
    return;
  case PVEC_SUBR:
    strbuf_puts(b, "#<subr ");
    print_symbol(p->rt, b, XSUBR(obj)->name, false);
    strbuf_putc(b, '>');
    return;
  case PVEC_CLOSURE:
    print_closure(p, obj);
    return;
  case PVEC_HASH_TABLE:
    /* A level of its own: its data's conses are one deeper. */
    if (enter_container(p, obj)) {
      print_hash_table(p, obj);
      leave_container(p);
    }
    return;
  case PVEC_CODE: strbuf_puts(b, "#<code>"); return;
  case PVEC_BOX: strbuf_puts(b, "#<box>"); return;
  case PVEC_OPAQUE: strbuf_puts(b, "#<opaque>"); return;
  case PVEC_FINALIZER: /* nil: it has run, or never had a function */
    strbuf_puts(b, NILP(AREF(obj, 0)) ? "#<finalizer used>" : "#<finalizer>");
    return;
  case PVEC_BOOL_VECTOR: print_bool_vector(p, obj); return;
  case PVEC_PROCESS: { /* its name is the first slot (process.c) */
    mval name = AREF(obj, 0);
    strbuf_puts(b, "#<process ");
    strbuf_put(b, (const char *)XSTRING(name)->data, (size_t)XSTRING(name)->nbytes);
    strbuf_putc(b, '>');
    return;
  }
  case PVEC_BUFFER:
    /* princ shows a live buffer as its name, as Emacs does. */
    if (!p->escape && STRINGP(XBUFFER(obj)->name)) {
      mval name = XBUFFER(obj)->name;
      strbuf_put(b, (const char *)XSTRING(name)->data, (size_t)XSTRING(name)->nbytes);
      return;
    }
    /* fall through */
  case PVEC_MARKER:
  case PVEC_OVERLAY: {
    mval text = OVERLAYP(obj) ? overlay_description(p->rt, obj) : buffer_description(p->rt, obj);
    strbuf_put(b, (const char *)XSTRING(text)->data, (size_t)XSTRING(text)->nbytes);
    return;
  }
  case PVEC_WINDOW:
  case PVEC_FRAME:
  case PVEC_WINDOW_CONFIGURATION: {
    mval text = window_description(p->rt, obj);
    strbuf_put(b, (const char *)XSTRING(text)->data, (size_t)XSTRING(text)->nbytes);
    return;
  }
  case PVEC_FREE: strbuf_puts(b, "#<free>"); return;
  case PVEC_VECTOR:
  case PVEC_RECORD:
  default:
    break;
  }
  if (!enter_container(p, obj))
    return;
  if (PVEC_TYPE(obj) == PVEC_RECORD)
    print_slots(p, "#s(", ")", obj);
  else if (PVEC_TYPE(obj) == PVEC_VECTOR)
    print_slots(p, "[", "]", obj);
  else
    strbuf_puts(b, "#<unknown>");
  leave_container(p);
}

/* A `charset' property is odd when one of the non-ASCII characters it
   is given to has another charset. */
static bool odd_charset_property(mrt *rt, mval str)
{
  mval pieces = textprop_pieces(rt, XSTRING(str)->intervals, 0, XSTRING(str)->nchars, 0);
  for (; CONSP(pieces); pieces = XCDR(pieces)) {
    mval piece = XCAR(pieces), charset = Qunbound;
    for (mval l = XCAR(XCDR(XCDR(piece))); CONSP(l) && CONSP(XCDR(l)); l = XCDR(XCDR(l)))
      if (XCAR(l) == Qcharset) {
        charset = XCAR(XCDR(l));
        break;
      }
    for (int64_t i = XFIXNUM(XCAR(piece)); charset != Qunbound && i < XFIXNUM(XCAR(XCDR(piece))); i++) {
      int c = string_char_at(str, i);
      if (c >= 0x80 && char_charset(c) != charset)
        return true;
    }
  }
  return false;
}

/* The text properties prin1 shows of STR.  Unless
   print-charset-text-property is t, or is neither t nor nil and a
   `charset' property is odd, Emacs prints a copy of STR without
   `charset' properties; a copy's plists are the original ones last
   pair first (copying adds each plist to none). */
static mval shown_properties(mrt *rt, mval str)
{
  mval ivs = XSTRING(str)->intervals;
  mval how = XSYMBOL(rt, Qprint_charset_text_property)->value;
  if (how == Qt || (!NILP(how) && odd_charset_property(rt, str)))
    return ivs;
  int64_t len = XSTRING(str)->nchars;
  mval copied = textprop_from_pieces(rt, textprop_pieces(rt, ivs, 0, len, 0), len);
  bool changed;
  return textprop_remove(rt, copied, 0, len, list1(rt, Qcharset), &changed);
}

/* #("TEXT" START END PLIST ...): prin1 of a string with properties,
   IVS; "TEXT" when none is left to show. */
static void print_propertized(struct printer *p, mval str, mval ivs)
{
  struct strbuf *b = p->out;
  if (!textprop_any(ivs)) {
    print_string(b, str, true, &p->string_escapes);
    return;
  }
  /* Emacs counts the string as a level of print-level: the property
     lists are one deeper than it */
  if (!enter_container(p, str))
    return;
  strbuf_puts(b, "#(");
  print_string(b, str, true, &p->string_escapes);
  mval pieces = textprop_pieces(p->rt, ivs, 0, XSTRING(str)->nchars, 0);
  for (; CONSP(pieces); pieces = XCDR(pieces)) {
    mval piece = XCAR(pieces);
    /* the bounds print as any integer does, print-integers-as-characters
       included: Emacs shows 8 as ?\b there */
    strbuf_putc(b, ' ');
    print_object(p, XCAR(piece));
    strbuf_putc(b, ' ');
    print_object(p, XCAR(XCDR(piece)));
    strbuf_putc(b, ' ');
    print_object(p, XCAR(XCDR(XCDR(piece))));
  }
  strbuf_putc(b, ')');
  leave_container(p);
}

static void print_object(struct printer *p, mval obj)
{
  struct strbuf *b = p->out;
  if (labelled_here(p, obj) && print_label(p, obj))
    return;
  if (FIXNUMP(obj)) {
    if (!p->integers_as_characters || !print_as_character(b, XFIXNUM(obj), p->escape))
      print_fixnum(b, XFIXNUM(obj));
  } else if (SYMBOLP(obj)) {
    if (p->gensym && uninterned_p(p->rt, obj)) {
      strbuf_puts(b, "#:");
      if (XSTRING(XSYMBOL(p->rt, obj)->name)->nbytes == 0)
        return; /* "#:" alone, not "#:##" */
    }
    print_symbol(p->rt, b, obj, p->escape);
  } else if (STRINGP(obj) && p->escape && textprop_any(XSTRING(obj)->intervals)) {
    print_propertized(p, obj, shown_properties(p->rt, obj));
  } else if (STRINGP(obj)) {
    print_string(b, obj, p->escape, &p->string_escapes);
  } else if (FLOATP(obj)) {
    print_float(p->rt, b, XFLOAT(obj));
  } else if (CONSP(obj)) {
    if (!enter_container(p, obj))
      return;
    if (!print_abbreviation(p, obj))
      print_list(p, obj);
    leave_container(p);
  } else if (VECTORLIKEP(obj)) {
    print_vectorlike(p, obj);
  } else if (obj == Qunbound) {
    strbuf_puts(b, "#<unbound>");
  } else {
    strbuf_puts(b, "#<immediate>");
  }
}

/* print-number-table for printing OBJ: the one kept by earlier calls
   under print-continuous-numbering, else a new one (none for an object
   that cannot be labelled). */
static mval circle_table(struct printer *p, mval obj)
{
  mval kept = find_symbol_value(p->rt, Qprint_number_table);
  bool keep = p->continuous && !NILP(kept) && kept != Qunbound;
  if (!keep && !circle_candidate(p, obj, 1)) {
    if (!NILP(kept))
      set_symbol_value(p->rt, Qprint_number_table, Qnil);
    return Qnil;
  }
  mval table = keep && HASH_TABLE_P(kept) ? kept : make_hash_table(p->rt, Qeq, 64);
  find_shared(p, obj, table);
  forget_single(p->rt, table);
  set_symbol_value(p->rt, Qprint_number_table, table);
  return table;
}

void print_to_strbuf(mrt *rt, struct strbuf *b, mval obj, bool escape)
{
  struct printer p;
  printer_begin(&p, rt, b, escape);
  if (flag_variable(rt, Qprint_circle))
    p.labels = circle_table(&p, obj);
  print_object(&p, obj);
}

mval print_to_string(mrt *rt, mval obj, bool escape)
{
  struct strbuf b = {0};
  size_t depth = strbuf_protect(rt, &b);
  print_to_strbuf(rt, &b, obj, escape);
  /* Emacs's printed text is multibyte only for a character that needs
     it, whatever strings went in: (prin1-to-string (string-to-multibyte
     "a")) is unibyte */
  b.multibyte = false;
  return strbuf_finish(rt, &b, depth);
}

/* ================================================================== */
/* format                                                             */
/* ================================================================== */

static _Noreturn void format_mismatch(mrt *rt)
{
  mrt_error(rt, "Format specifier doesn\xe2\x80\x99t match argument type");
}

/* Wider fields or longer precisions would only exhaust memory one pad
   character at a time: they signal memory-full, as Emacs does for
   those it cannot allocate. */
#define MAX_FORMAT_WIDTH (1 << 24)

struct spec {
  bool minus, plus, space, sharp, zero;
  int64_t width, precision; /* -1: absent */
  int conv;
};

/* Appends TEXT, WIDTH display columns wide, padded to the spec's width
   as Emacs pads, with spaces (or zeros after the sign/prefix, for
   numbers with the 0 flag). */
static void put_padded(struct strbuf *b, const struct spec *sp, const char *text, size_t n,
                       int64_t width, size_t zero_at, bool zero_pad)
{
  int64_t pad = sp->width - width;
  if (pad <= 0 || sp->minus) {
    strbuf_put(b, text, n);
    for (; pad > 0; pad--)
      strbuf_putc(b, ' ');
    return;
  }
  if (zero_pad) {
    strbuf_put(b, text, zero_at);
    for (; pad > 0; pad--)
      strbuf_putc(b, '0');
    strbuf_put(b, text + zero_at, n - zero_at);
    return;
  }
  for (; pad > 0; pad--)
    strbuf_putc(b, ' ');
  strbuf_put(b, text, n);
}

/* The display width of the text S (N bytes) cut to the spec's
   precision, *USED its bytes kept.  A precision of 0 keeps nothing, not
   even zero-width characters, as in Emacs. */
static int64_t field_width(const struct spec *sp, const uint8_t *s, int64_t n, int64_t *used)
{
  if (sp->precision == 0) {
    *used = 0;
    return 0;
  }
  return text_width(s, n, sp->precision, used);
}

/* %s of a unibyte string: its bytes are characters 0..255 for the
   width, as in Emacs, and raw bytes in the text. */
static int64_t unibyte_shown(const struct spec *sp, mval str, int64_t *width)
{
  int64_t i = 0;
  *width = 0;
  for (; i < XSTRING(str)->nbytes; i++) {
    int w = char_width(XSTRING(str)->data[i]);
    if (sp->precision == 0 || (sp->precision > 0 && *width + w > sp->precision))
      break;
    *width += w;
  }
  return i;
}

static void format_unibyte(mrt *rt, struct strbuf *out, const struct spec *sp, mval str)
{
  struct strbuf t = {0};
  size_t depth = strbuf_protect(rt, &t);
  int64_t width, n = unibyte_shown(sp, str, &width);
  for (int64_t i = 0; i < n; i++) {
    int c = XSTRING(str)->data[i];
    put_char(&t, c < 0x80 ? c : RAW_BYTE_CHAR(c));
  }
  put_padded(out, sp, t.data ? t.data : "", t.len, width, 0, false);
  unbind_to(rt, depth);
}

/* The characters of the string STR that %s shows under SP's precision. */
static int64_t string_shown(const struct spec *sp, mval str)
{
  int64_t width, used;
  struct string *s = XSTRING(str);
  if (!STRING_MULTIBYTE_P(str))
    return unibyte_shown(sp, str, &width);
  field_width(sp, s->data, s->nbytes, &used);
  return (int64_t)utf8_count_chars(s->data, (size_t)used, NULL);
}

/* %s and %S: printed text, truncated to PRECISION display columns. */
static void format_text(mrt *rt, struct strbuf *out, const struct spec *sp, mval arg)
{
  /* %s takes a symbol's name as it is, as Emacs's format does. */
  if (sp->conv == 's' && SYMBOLP(arg))
    arg = XSYMBOL(rt, arg)->name;
  if (sp->conv == 's' && STRINGP(arg) && !STRING_MULTIBYTE_P(arg)) {
    format_unibyte(rt, out, sp, arg);
    return;
  }
  struct strbuf t = {0};
  size_t depth = strbuf_protect(rt, &t);
  /* A multibyte string goes in as it is, raw bytes included. */
  if (sp->conv == 's' && STRINGP(arg)) {
    strbuf_put(&t, (const char *)XSTRING(arg)->data, (size_t)XSTRING(arg)->nbytes);
    t.multibyte = true;
  } else {
    print_to_strbuf(rt, &t, arg, sp->conv == 'S');
    t.multibyte = needs_multibyte(&t); /* as print_to_string's text */
  }
  out->multibyte |= t.multibyte;
  int64_t n = (int64_t)t.len;
  int64_t width = field_width(sp, (const uint8_t *)(t.data ? t.data : ""), n, &n);
  put_padded(out, sp, t.data ? t.data : "", (size_t)n, width, 0, false);
  unbind_to(rt, depth);
}

static void format_floating(mrt *rt, struct strbuf *out, const struct spec *sp, mval arg);

/* %d of an infinity or NaN: C's %.0f text, space-padded, after
   Emacs's zeros for a precision, one more than the precision less the
   text's length (sign included). */
static void format_nonfinite_integer(mrt *rt, struct strbuf *out, const struct spec *sp, double d)
{
  struct strbuf t = {0};
  size_t depth = strbuf_protect(rt, &t);
  struct spec f = {.plus = sp->plus, .space = sp->space, .width = -1, .precision = 0, .conv = 'f'};
  format_floating(rt, &t, &f, make_float(rt, d));
  size_t sign = t.data[0] == '-' || t.data[0] == '+' || t.data[0] == ' ';
  struct strbuf z = {0};
  strbuf_protect(rt, &z);
  strbuf_put(&z, t.data, sign);
  for (int64_t zeros = sp->precision - (int64_t)t.len + 1; zeros > 0; zeros--)
    strbuf_putc(&z, '0');
  strbuf_put(&z, t.data + sign, t.len - sign);
  put_padded(out, sp, z.data, z.len, (int64_t)z.len, 0, false);
  unbind_to(rt, depth);
}

/* The integer a float argument of %d %o %x stands for: truncated, as
   Emacs does.  Infinities and NaNs have none: Emacs prints them with
   %d as C's %.0f would, and signals overflow-error for %o and %x. */
static mval float_as_integer(mrt *rt, double d)
{
  d = trunc(d);
  if (fabs(d) < 9.2e18)
    return make_int(rt, (int64_t)d);
  mpz_t z;
  mpz_init_set_d(z, d);
  mval v = make_integer_mpz(rt, z);
  mpz_clear(z);
  return v;
}

/* %d %o %x %X over fixnums, bignums and (truncated) floats, with C's
   rules for flags and precision: the sign flags apply to every base,
   precision is a minimum digit count (so 0 prints no digits for zero),
   and # adds 0x to a nonzero hex value and a leading 0 to octal. */
static void format_integer(mrt *rt, struct strbuf *out, const struct spec *sp, mval arg)
{
  if (FLOATP(arg) && !isfinite(XFLOAT(arg))) {
    if (sp->conv != 'd')
      xsignal0(rt, Qoverflow_error);
    format_nonfinite_integer(rt, out, sp, XFLOAT(arg));
    return;
  }
  bool from_float = FLOATP(arg);
  if (from_float)
    arg = float_as_integer(rt, XFLOAT(arg));
  if (!INTEGERP(arg))
    format_mismatch(rt);
  int base = sp->conv == 'd' ? 10 : sp->conv == 'o' ? 8 : 16;
  bool upper = sp->conv == 'X';
  int sign = FIXNUMP(arg) ? (XFIXNUM(arg) > 0) - (XFIXNUM(arg) < 0) : mpz_sgn(XBIGNUM_MPZ(arg));
  struct strbuf digits = {0};
  size_t depth = strbuf_protect(rt, &digits);
  if (FIXNUMP(arg)) {
    int64_t v = XFIXNUM(arg);
    /* Emacs prints a float with %d as %.0f would */
    if (v != 0 || sp->precision != 0 || (from_float && base == 10))
      print_magnitude(&digits, v < 0 ? -(uint64_t)v : (uint64_t)v, base, upper);
  } else {
    print_bignum(&digits, arg, base, upper);
    if (sign < 0) /* drop GMP's sign: it goes in the prefix */
      memmove(digits.data, digits.data + 1, digits.len--);
  }
  struct strbuf t = {0};
  strbuf_protect(rt, &t);
  if (sign < 0)
    strbuf_putc(&t, '-');
  else if (sp->plus)
    strbuf_putc(&t, '+');
  else if (sp->space)
    strbuf_putc(&t, ' ');
  if (sp->sharp && base == 16 && sign != 0)
    strbuf_puts(&t, upper ? "0X" : "0x");
  size_t prefix = t.len;
  /* Emacs 28 counts a negative bignum's minus sign as one of the
     precision's digits (not a fixnum's, nor a float's). */
  bool sign_is_digit = sign < 0 && BIGNUMP(arg) && !from_float;
  int64_t zeros = sp->precision - (int64_t)digits.len - sign_is_digit;
  bool leading_zero = zeros > 0 || (digits.len > 0 && digits.data[0] == '0');
  if (sp->sharp && base == 8 && !leading_zero)
    strbuf_putc(&t, '0');
  for (; zeros > 0; zeros--)
    strbuf_putc(&t, '0');
  strbuf_put(&t, digits.data ? digits.data : "", digits.len);
  put_padded(out, sp, t.data, t.len, (int64_t)t.len, prefix, sp->zero && sp->precision < 0);
  unbind_to(rt, depth);
}

/* %f %e %g: C's conversions, given a C format built from the spec.
   A fixnum goes through long double, as in Emacs, so that %.20g prints
   it exactly. */
static void format_floating(mrt *rt, struct strbuf *out, const struct spec *sp, mval arg)
{
  if (!NUMBERP(arg))
    format_mismatch(rt);
  /* As Emacs: an integer that fits 64 bits, signed or unsigned, goes
     through long double, exactly; a larger one through double. */
  long double d = FLOATP(arg) ? XFLOAT(arg)
                : FIXNUMP(arg) ? (long double)XFIXNUM(arg)
                : mpz_fits_slong_p(XBIGNUM_MPZ(arg)) ? (long double)mpz_get_si(XBIGNUM_MPZ(arg))
                : mpz_fits_ulong_p(XBIGNUM_MPZ(arg)) ? (long double)mpz_get_ui(XBIGNUM_MPZ(arg))
                : integer_to_double(arg);
  char fmt[32], *f = fmt;
  *f++ = '%';
  if (sp->minus) *f++ = '-';
  if (sp->plus) *f++ = '+';
  if (sp->space) *f++ = ' ';
  if (sp->sharp) *f++ = '#';
  if (sp->zero) *f++ = '0';
  *f++ = '*';
  *f++ = '.';
  *f++ = '*';
  *f++ = 'L';
  *f++ = (char)sp->conv;
  *f = 0;
  int width = sp->width < 0 ? 0 : (int)sp->width;
  int prec = sp->precision < 0 ? 6 : (int)sp->precision;
  int n = snprintf(NULL, 0, fmt, width, prec, d);
  char *buf = malloc((size_t)n + 1);
  if (!buf)
    memory_full(rt);
  snprintf(buf, (size_t)n + 1, fmt, width, prec, d);
  strbuf_put(out, buf, (size_t)n);
  free(buf);
}

/* Emacs 28 prints a symbol given to %c as %s would (no zero padding)
   only when its multibyte name is what first makes the result
   multibyte (as the reader's names are); any other symbol is a
   mismatch, like every other non-integer. */
static bool char_spec_takes_symbol(mrt *rt, const struct strbuf *out, mval arg)
{
  return SYMBOLP(arg) && !out->multibyte && STRING_MULTIBYTE_P(XSYMBOL(rt, arg)->name);
}

static void format_char(mrt *rt, struct strbuf *out, const struct spec *sp, mval arg)
{
  if (char_spec_takes_symbol(rt, out, arg)) {
    struct spec text = *sp;
    text.conv = 's';
    format_text(rt, out, &text, arg);
    return;
  }
  if (!FIXNUMP(arg))
    format_mismatch(rt);
  if (!CHARACTERP(arg))
    wrong_type_argument(rt, Qcharacterp, arg);
  int64_t c = XFIXNUM(arg);
  uint8_t buf[MAX_CHAR_BYTES];
  int64_t n = char_encode((int)c, buf);
  /* %c of a non-ASCII character is %s of a one-character string: a
     precision narrower than the character prints nothing.  An ASCII
     one, control characters too, is one column wide. */
  int64_t width = c < 0x80 ? (sp->precision == 0 ? (n = 0) : 1) : field_width(sp, buf, n, &n);
  out->multibyte |= c >= 0x80;
  put_padded(out, sp, (const char *)buf, (size_t)n, width, 0, false);
}

static int64_t parse_count(const uint8_t **p, const uint8_t *end)
{
  int64_t v = 0; /* INT64_MAX once too large */
  while (*p < end && **p >= '0' && **p <= '9') {
    v = v > (INT64_MAX - 9) / 10 ? INT64_MAX : v * 10 + (**p - '0');
    ++*p;
  }
  return v;
}

/* Parses the spec after '%' ([N$][flags][width][.precision]conv);
   *argi may be set by N$. */
static const uint8_t *parse_spec(mrt *rt, const uint8_t *p, const uint8_t *end,
                                 struct spec *sp, int *argi)
{
  memset(sp, 0, sizeof *sp);
  sp->width = sp->precision = -1;
  const uint8_t *q = p;
  int64_t n = parse_count(&q, end);
  if (q > p && q < end && *q == '$') {
    /* %0$ is the format string itself, as in Emacs */
    *argi = (int)(n < 1000000 ? n : 1000000);
    p = q + 1;
  }
  for (; p < end && strchr("-+ #0", *p); p++)
    switch (*p) {
    case '-': sp->minus = true; break;
    case '+': sp->plus = true; break;
    case ' ': sp->space = true; break;
    case '#': sp->sharp = true; break;
    case '0': sp->zero = true; break;
    }
  if (p < end && *p >= '1' && *p <= '9')
    sp->width = parse_count(&p, end);
  if (p < end && *p == '.') {
    p++;
    sp->precision = parse_count(&p, end);
  }
  /* Emacs refuses a count past the largest string size, and runs out
     of memory before that */
  if (sp->width > MOST_POSITIVE_FIXNUM || sp->precision > MOST_POSITIVE_FIXNUM)
    mrt_error(rt, "Maximum string size exceeded");
  if (sp->width > MAX_FORMAT_WIDTH || sp->precision > MAX_FORMAT_WIDTH)
    memory_full(rt);
  if (p >= end)
    mrt_error(rt, "Format string ends in middle of format specifier");
  sp->conv = *p == 'i' ? 'd' : *p; /* Emacs takes %i as %d */
  return p + 1;
}

static void format_one(mrt *rt, struct strbuf *out, const struct spec *sp, mval arg)
{
  switch (sp->conv) {
  case 's': case 'S': format_text(rt, out, sp, arg); return;
  case 'd': case 'o': case 'x': case 'X': format_integer(rt, out, sp, arg); return;
  case 'f': case 'e': case 'g': format_floating(rt, out, sp, arg); return;
  case 'c': format_char(rt, out, sp, arg); return;
  default: {
    char c[8];
    snprintf(c, sizeof c, "%c", sp->conv);
    mrt_errorf(rt, "Invalid format operation %%%s", c);
  }
  }
}

/* Put the quote C (` or ') as text-quoting-style has it: curved (nil
   or curve, the default), ' (straight) or unchanged (grave). */
static void put_styled_quote(mrt *rt, struct strbuf *out, uint8_t c)
{
  mval style = find_symbol_value(rt, Qtext_quoting_style);
  if (style == Qgrave)
    strbuf_putc(out, (char)c);
  else if (style == Qstraight)
    strbuf_putc(out, '\'');
  else {
    strbuf_puts(out, c == '`' ? "\xe2\x80\x98" : "\xe2\x80\x99");
    out->multibyte = true; /* from here on, as Emacs's %c sees it */
  }
}

/* ---- format's text properties ---- */

/* Characters in the first BYTES bytes of text, counted on from where
   the last count stopped. */
struct char_count {
  size_t bytes;
  int64_t chars;
};

static int64_t count_chars(struct char_count *c, const uint8_t *text, size_t bytes, bool multibyte)
{
  for (; c->bytes < bytes; c->bytes++)
    c->chars += !multibyte || (text[c->bytes] & 0xC0) != 0x80;
  return c->chars;
}

/* As Emacs's styled_format: the format string's properties go where
   its text went (a position inside a spec to the end of the spec's
   output), then each %s argument's, its last ones stretched over the
   padding after it. */
struct format_props {
  mval map;     /* format position -> output position, nil without properties */
  mval pieces;  /* the arguments' (START END PLIST), last first */
  struct char_count in, out;
};

static int64_t output_position(struct format_props *fp, const struct strbuf *out)
{
  return count_chars(&fp->out, (const uint8_t *)out->data, out->len, true);
}

/* Maps the format's positions from where the last call stopped up to
   byte P to the output's current position. */
static void map_format_to(mrt *rt, struct format_props *fp, mval fmt, const uint8_t *p,
                          const struct strbuf *out)
{
  if (NILP(fp->map))
    return;
  int64_t from = fp->in.chars;
  int64_t to = count_chars(&fp->in, XSTRING(fmt)->data, (size_t)(p - XSTRING(fmt)->data),
                           STRING_MULTIBYTE_P(fmt));
  int64_t at = output_position(fp, out);
  for (int64_t k = from + 1; k <= to; k++)
    ASET_FIXNUM(fp->map, k, make_fixnum(at));
  (void)rt;
}

static void note_argument_props(mrt *rt, struct format_props *fp, const struct spec *sp, mval arg,
                                int64_t before, int64_t after)
{
  int64_t len = XSTRING(arg)->nchars;
  int64_t shown = string_shown(sp, arg);
  /* The properties start where the text does, except that a format
     string with properties of its own makes Emacs start them where the
     field does, left padding included. */
  int64_t start = sp->minus || !NILP(fp->map) ? before : after - shown, field = after - start;
  for (mval l = textprop_pieces(rt, XSTRING(arg)->intervals, 0, len, 0); CONSP(l); l = XCDR(l)) {
    int64_t s = XFIXNUM(XCAR(XCAR(l))), e = XFIXNUM(XCAR(XCDR(XCAR(l))));
    if (s >= field)
      continue;
    e = e >= len || e > field ? field : e;
    mval piece = list3(rt, make_fixnum(start + s), make_fixnum(start + e), XCAR(XCDR(XCDR(XCAR(l)))));
    fp->pieces = Fcons(rt, piece, fp->pieces);
  }
}

static mval add_pieces(mrt *rt, mval ivs, int64_t len, mval pieces)
{
  bool changed;
  for (; CONSP(pieces); pieces = XCDR(pieces)) {
    mval p = XCAR(pieces);
    ivs = textprop_add(rt, ivs, len, XFIXNUM(XCAR(p)), XFIXNUM(XCAR(XCDR(p))),
                       XCAR(XCDR(XCDR(p))), &changed);
  }
  return ivs;
}

static void put_format_props(mrt *rt, struct format_props *fp, mval fmt, mval result)
{
  int64_t len = XSTRING(result)->nchars;
  if (len == 0)
    return;
  mval pieces = Qnil;
  if (!NILP(fp->map))
    for (mval l = textprop_pieces(rt, XSTRING(fmt)->intervals, 0, XSTRING(fmt)->nchars, 0);
         CONSP(l); l = XCDR(l)) {
      mval p = XCAR(l);
      mval s = AREF(fp->map, XFIXNUM(XCAR(p))), e = AREF(fp->map, XFIXNUM(XCAR(XCDR(p))));
      pieces = Fcons(rt, list3(rt, s, e, XCAR(XCDR(XCDR(p)))), pieces);
    }
  mval ivs = add_pieces(rt, Qnil, len, nreverse_list(rt, pieces));
  ivs = add_pieces(rt, ivs, len, nreverse_list(rt, fp->pieces));
  if (!NILP(ivs))
    GC_STORE(rt->gc, result, XSTRING(result)->intervals, ivs);
}

static bool fmt_data_is_s_or_S(const uint8_t *d) { return d[0] == '%' && (d[1] == 's' || d[1] == 'S'); }

/* Into OUT; ARGS[0] is the format string.  With QUOTES, ` and ' in the
   format are styled quotes, as format-message makes them. */
static void format_into(mrt *rt, struct strbuf *out, int nargs, mval *args, bool quotes,
                        struct format_props *fp)
{
  CHECK_STRING(rt, args[0]);
  mval fmt = args[0];
  const uint8_t *p = XSTRING(fmt)->data, *end = p + XSTRING(fmt)->nbytes;
  int next_arg = 1;
  bool unibyte = !STRING_MULTIBYTE_P(fmt);
  out->multibyte |= !unibyte;
  /* Emacs's result is multibyte if any string argument is, used or not,
     except after a format of just "%s" or "%S" */
  bool lone_spec = XSTRING(fmt)->nbytes == 2 && fmt_data_is_s_or_S(XSTRING(fmt)->data);
  for (int i = 1; i < nargs && !lone_spec; i++)
    out->multibyte |= STRINGP(args[i]) && STRING_MULTIBYTE_P(args[i]);
  if (textprop_any(XSTRING(fmt)->intervals))
    fp->map = make_vector(rt, (size_t)XSTRING(fmt)->nchars + 1, make_fixnum(0));
  while (p < end) {
    map_format_to(rt, fp, fmt, p, out);
    if (*p != '%') {
      if (quotes && (*p == '`' || *p == '\''))
        put_styled_quote(rt, out, *p);
      else if (unibyte && *p >= 0x80)
        put_char(out, RAW_BYTE_CHAR(*p));
      else
        strbuf_putc(out, (char)*p);
      p++;
      continue;
    }
    struct spec sp;
    int argi = next_arg;
    p = parse_spec(rt, p + 1, end, &sp, &argi);
    if (sp.conv == '%') {
      /* Emacs copies the last % as text: what comes before it in the
         spec has no width for the format's properties */
      map_format_to(rt, fp, fmt, p - 1, out);
      strbuf_putc(out, '%');
      next_arg = argi; /* %N$% consumes nothing but moves on to N */
      continue;
    }
    if (argi >= nargs)
      mrt_error(rt, "Not enough arguments for format string");
    int64_t before = output_position(fp, out);
    format_one(rt, out, &sp, args[argi]);
    mval arg = args[argi];
    if (sp.conv == 's' && STRINGP(arg) && textprop_any(XSTRING(arg)->intervals))
      note_argument_props(rt, fp, &sp, arg, before, output_position(fp, out));
    next_arg = argi + 1;
  }
  map_format_to(rt, fp, fmt, end, out);
}

/* Emacs returns the format string itself when nothing in it changes,
   and the argument of "%s" when it is a string. */
static bool format_is_identity(mval fmt, bool quotes)
{
  struct string *s = XSTRING(fmt);
  for (int64_t i = 0; i < s->nbytes; i++)
    if (s->data[i] == '%' || (quotes && (s->data[i] == '`' || s->data[i] == '\'')))
      return false;
  return true;
}

static bool format_is_percent_s(mval fmt)
{
  return XSTRING(fmt)->nbytes == 2 && memcmp(XSTRING(fmt)->data, "%s", 2) == 0;
}

static mval format_common(mrt *rt, int nargs, mval *args, bool quotes)
{
  CHECK_STRING(rt, args[0]);
  if (format_is_identity(args[0], quotes))
    return args[0];
  if (nargs >= 2 && STRINGP(args[1]) && format_is_percent_s(args[0]) &&
      NILP(XSTRING(args[0])->intervals))
    return args[1];
  struct strbuf b = {0};
  struct format_props fp = { Qnil, Qnil, {0, 0}, {0, 0} };
  size_t depth = strbuf_protect(rt, &b);
  format_into(rt, &b, nargs, args, quotes, &fp);
  mval result = strbuf_finish(rt, &b, depth);
  put_format_props(rt, &fp, args[0], result);
  return result;
}

mval format_string(mrt *rt, int nargs, mval *args)
{
  return format_common(rt, nargs, args, false);
}

/* ================================================================== */
/* Error messages                                                     */
/* ================================================================== */

/* Emacs passes error messages through substitute-command-keys, which
   styles ` and ' as format-message does. */
static void put_curved(mrt *rt, struct strbuf *b, mval str)
{
  struct string *s = XSTRING(str);
  for (int64_t i = 0; i < s->nbytes; i++) {
    uint8_t c = s->data[i];
    if (c == '`' || c == '\'')
      put_styled_quote(rt, b, c);
    else
      strbuf_putc(b, (char)c);
  }
}

static bool list_length_is(mval list, int n)
{
  for (; CONSP(list) && n > 0; list = XCDR(list))
    n--;
  return n == 0 && NILP(list);
}

static mval substitute_keys(mrt *rt, mval msg, mval unused)
{
  (void)unused;
  return call1(rt, Qsubstitute_command_keys, msg);
}

/* An error symbol's message after substitute-command-keys, as Emacs
   prints it: only a message that could change beyond its quotes goes
   to Lisp (one with a backslash, or a character), so that printing an
   ordinary error runs no Lisp.  The message stays as it was should
   the call fail. */
static mval substituted_message(mrt *rt, mval msg)
{
  bool needs_lisp = STRINGP(msg) ? memchr(XSTRING(msg)->data, '\\', (size_t)XSTRING(msg)->nbytes) != NULL
                                 : FIXNUMP(msg);
  if (!needs_lisp || NILP(XSYMBOL(rt, Qsubstitute_command_keys)->function))
    return msg;
  mval error, subs = call_or_fail(rt, substitute_keys, msg, Qnil, &error);
  return subs == Qunbound || NILP(subs) ? msg : subs;
}

/* Emacs's print_error_message: the message, then the data items
   separated by ": " and ", ", printed with prin1 (princ for file
   errors, end-of-file and user-error); circular data signals
   circular-list. */
static void error_message_into(mrt *rt, struct strbuf *b, mval err)
{
  mval name = CONSP(err) ? XCAR(err) : Qnil;
  mval data = err, msg;
  bool princ_items = false;
  if (name == Qerror) {
    data = CONSP(XCDR(err)) ? XCDR(err) : Qnil;
    msg = CONSP(data) ? XCAR(data) : Qnil;
  } else {
    CHECK_SYMBOL(rt, name);
    msg = substituted_message(rt, get_prop(rt, name, Qerror_message));
    princ_items = error_has_condition(rt, name, Qfile_error);
  }
  mval tail = CONSP(data) ? XCDR(data) : Qnil;
  if (princ_items && CONSP(tail)) {
    msg = XCAR(tail);
    tail = XCDR(tail);
  }
  princ_items |= name == Qend_of_file || name == Quser_error;
  const char *sep = ": ";
  if (!STRINGP(msg))
    strbuf_puts(b, "peculiar error");
  else if (XSTRING(msg)->nbytes > 0)
    name == Qerror || princ_items ? print_to_strbuf(rt, b, msg, false) : put_curved(rt, b, msg);
  else
    sep = NULL;
  mval items = tail;
  FOR_EACH_TAIL(rt, tail, items) {
    if (sep)
      strbuf_puts(b, sep);
    sep = ", ";
    print_to_strbuf(rt, b, XCAR(tail), !princ_items);
  }
}

/* A read error in a file (reader.h): its "FILE:LINE:COLUMN: " prefix,
   and the data items that remain to print after the message. */
static bool read_error_location(mrt *rt, struct strbuf *b, mval err, mval *rest)
{
  mval name = XCAR(err), d = XCDR(err), file, line, col;
  if (name == Qinvalid_read_syntax && list_length_is(d, 4)) {
    line = XCAR(XCDR(d)), col = XCAR(XCDR(XCDR(d))), file = XCAR(XCDR(XCDR(XCDR(d))));
    *rest = Fcons(rt, Qinvalid_read_syntax, list1(rt, XCAR(d)));
  } else if (name == Qend_of_file && list_length_is(d, 3)) {
    file = XCAR(d), line = XCAR(XCDR(d)), col = XCAR(XCDR(XCDR(d)));
    *rest = list1(rt, Qend_of_file);
  } else {
    return false;
  }
  if (!STRINGP(file) || !FIXNUMP(line) || !FIXNUMP(col))
    return false;
  print_to_strbuf(rt, b, file, false);
  char buf[64];
  snprintf(buf, sizeof buf, ":%lld:%lld: ", (long long)XFIXNUM(line), (long long)XFIXNUM(col));
  strbuf_puts(b, buf);
  return true;
}

mval error_message_string(mrt *rt, mval err)
{
  if (NILP(err))
    return make_cstring(rt, "peculiar error");
  CHECK_LIST(rt, err);
  struct strbuf b = {0};
  size_t depth = strbuf_protect(rt, &b);
  mval rest;
  if (CONSP(err) && read_error_location(rt, &b, err, &rest))
    err = rest;
  error_message_into(rt, &b, err);
  return strbuf_finish(rt, &b, depth);
}

/* ================================================================== */
/* The standard errors                                                */
/* ================================================================== */

struct error_def {
  mval name;
  const char *message;
  mval parent; /* Qnil: just error */
};

/* Emacs 28's messages, unquoted as Emacs stores them (the curved quotes
   appear when printed).  Parents come before children. */
static const struct error_def standard_errors[] = {
  {Qquit, "Quit", Qnil},
  {Quser_error, "", Qnil},
  {Qargs_out_of_range, "Args out of range", Qnil},
  {Qarith_error, "Arithmetic error", Qnil},
  {Qrange_error, "Arithmetic range error", Qarith_error},
  {Qoverflow_error, "Arithmetic overflow error", Qrange_error},
  {Qunderflow_error, "Arithmetic underflow error", Qrange_error},
  {Qdomain_error, "Arithmetic domain error", Qarith_error},
  {Qsingularity_error, "Arithmetic singularity error", Qdomain_error},
  {Qbeginning_of_buffer, "Beginning of buffer", Qnil},
  {Qcircular_list, "List contains a loop", Qnil},
  {Qcyclic_function_indirection, "Symbol's chain of function indirections contains a loop", Qnil},
  {Qcyclic_variable_indirection, "Symbol's chain of variable indirections contains a loop", Qnil},
  {Qend_of_file, "End of file during parsing", Qnil},
  {Qinvalid_function, "Invalid function", Qnil},
  {Qinvalid_read_syntax, "Invalid read syntax", Qnil},
  {Qno_catch, "No catch for tag", Qnil},
  {Qsetting_constant, "Attempt to set a constant symbol", Qnil},
  {Qvoid_function, "Symbol's function definition is void", Qnil},
  {Qvoid_variable, "Symbol's value as variable is void", Qnil},
  {Qwrong_number_of_arguments, "Wrong number of arguments", Qnil},
  {Qwrong_type_argument, "Wrong type argument", Qnil},
  {Qexcessive_lisp_nesting, "Lisp nesting exceeds `max-lisp-eval-depth'", Qnil},
  {Qexcessive_variable_binding, "Variable binding depth exceeds max-specpdl-size", Qnil},
  {Qfile_error, "File error", Qnil},
  {Qfile_missing, "File is missing", Qfile_error},
  {Qfile_already_exists, "File already exists", Qfile_error},
  {Qinvalid_regexp, "Invalid regexp", Qnil},
  {Qcl_assertion_failed, "Assertion failed", Qnil},
  {Qwrong_length_argument, "Wrong length argument", Qnil},
};

static void define_standard_errors(mrt *rt)
{
  put_prop(rt, Qerror, Qerror_conditions, list1(rt, Qerror));
  put_prop(rt, Qerror, Qerror_message, make_cstring(rt, "error"));
  size_t n = sizeof standard_errors / sizeof standard_errors[0];
  for (size_t i = 0; i < n; i++) {
    const struct error_def *e = &standard_errors[i];
    mval parent = NILP(e->parent) ? Qerror : e->parent;
    if (e->name == Qquit)
      parent = Qnil; /* quit is not an error */
    define_error(rt, e->name, e->message, parent);
  }
}

/* ================================================================== */
/* Output primitives                                                  */
/* ================================================================== */

/* PRINTCHARFUN nil means standard-output's value; t (and nil there)
   standard output, stdout in batch; anything else is a function that
   gets each character. */
static mval output_of(mrt *rt, mval printcharfun)
{
  return NILP(printcharfun) ? find_symbol_value(rt, Qstandard_output) : printcharfun;
}

static bool to_standard_output(mrt *rt, mval printcharfun)
{
  mval out = output_of(rt, printcharfun);
  return NILP(out) || out == Qt || out == Qunbound;
}

/* A marker as PRINTCHARFUN stands for its buffer with point moved to
   it while printing, as in Emacs: the marker_output brackets that. */
struct marker_output {
  mval buffer;
  int64_t start, old_point;
};

static struct marker_output marker_output_begin(mrt *rt, mval marker)
{
  int64_t at = buffer_marker_position(rt, marker);
  mval buffer = XMARKER(marker)->buffer;
  struct buffer *b = XBUFFER(buffer);
  if (at < b->begv || at > b->zv)
    mrt_signal(rt, Qerror, list2(rt, make_cstring(rt, "Marker is outside the accessible part of the buffer"), marker));
  struct marker_output mo = {buffer, at, b->pt};
  b->pt = at;
  return mo;
}

/* The marker ends after the text printed, and so does the buffer's
   point if it was at or after the marker. */
static void marker_output_end(mval marker, const struct marker_output *mo)
{
  struct buffer *b = XBUFFER(mo->buffer);
  int64_t end = b->pt;
  XMARKER(marker)->charpos = end;
  b->pt = mo->old_point >= mo->start ? mo->old_point + (end - mo->start) : mo->old_point;
}

static void insert_at_marker(mrt *rt, mval marker, mval text)
{
  struct marker_output mo = marker_output_begin(rt, marker);
  buffer_insert_string(rt, mo.buffer, text);
  marker_output_end(marker, &mo);
}

static bool bolp_at_marker(mrt *rt, mval marker)
{
  struct marker_output mo = marker_output_begin(rt, marker);
  bool bol = buffer_bolp(mo.buffer);
  marker_output_end(marker, &mo);
  return bol;
}

/* Sends the text of B to PRINTCHARFUN.  The text stays multibyte
   (make_string), raw bytes included: standard output gets them in
   Emacs's two-byte form, as Emacs writes them, and a function gets
   raw-byte characters.  It is a Lisp value, to survive the calls. */
static void emit(mrt *rt, mval printcharfun, struct strbuf *b, size_t depth)
{
  mval text = make_string(rt, b->data ? b->data : "", b->len);
  bool stdout_char = b->target == TO_STDOUT && b->char_put;
  int last = b->last_char;
  unbind_to(rt, depth);
  struct string *s = XSTRING(text);
  if (b->target == TO_STDOUT) {
    mrt_write_out(rt, (const char *)s->data, (size_t)s->nbytes);
    if (stdout_char)
      rt->stdout_last_char = last;
    return;
  }
  mval fn = output_of(rt, printcharfun);
  if (BUFFERP(fn)) {
    buffer_insert_string(rt, fn, text);
    return;
  }
  if (MARKERP(fn)) {
    insert_at_marker(rt, fn, text);
    return;
  }
  for (int64_t i = 0; i < s->nbytes;) {
    int len;
    int c = char_decode(s->data + i, s->data + s->nbytes, &len);
    call1(rt, fn, make_fixnum(c));
    i += len;
  }
}

static enum print_target target_of(mrt *rt, mval printcharfun)
{
  if (to_standard_output(rt, printcharfun))
    return TO_STDOUT;
  mval collector = find_symbol_value(rt, Qmarrow__string_output_function);
  mval out = output_of(rt, printcharfun);
  return out == collector || BUFFERP(out) || MARKERP(out) ? TO_STRING : TO_FUNCTION;
}

static size_t output_begin(mrt *rt, struct strbuf *b, mval printcharfun)
{
  size_t depth = strbuf_protect(rt, b);
  b->target = target_of(rt, printcharfun);
  return depth;
}

/* print's newlines, before and after, are characters put on their own. */
static mval print_and_emit(mrt *rt, mval obj, mval printcharfun, bool escape, bool newlines)
{
  struct strbuf b = {0};
  size_t depth = output_begin(rt, &b, printcharfun);
  /* Emacs escapes a string's multibyte characters for a unibyte buffer */
  mval out = output_of(rt, printcharfun);
  mval buffer = MARKERP(out) ? XMARKER(out)->buffer : out;
  if (BUFFERP(buffer) && buffer_unibyte_p(rt, buffer))
    specbind(rt, Qprint_escape_multibyte, Qt);
  if (newlines)
    strbuf_putc(&b, '\n');
  print_to_strbuf(rt, &b, obj, escape);
  if (newlines)
    strbuf_putc(&b, '\n');
  emit(rt, printcharfun, &b, depth);
  return obj;
}

static mval Fprin1(mrt *rt, int nargs, mval *args)
{
  return print_and_emit(rt, args[0], args[1], true, false);
}

static mval Fprinc(mrt *rt, int nargs, mval *args)
{
  return print_and_emit(rt, args[0], args[1], false, false);
}

static mval Fprint(mrt *rt, int nargs, mval *args)
{
  return print_and_emit(rt, args[0], args[1], true, true);
}

static void emit_char(mrt *rt, mval printcharfun, int c)
{
  struct strbuf b = {0};
  size_t depth = output_begin(rt, &b, printcharfun);
  put_char(&b, c);
  emit(rt, printcharfun, &b, depth);
}

/* With ENSURE, batch Emacs tells the start of a line by the last
   character standard output got on its own, and cannot tell it for a
   function. */
static mval Fterpri(mrt *rt, int nargs, mval *args)
{
  mval out = output_of(rt, args[0]);
  if (!NILP(args[1]) && functionp(rt, out)) {
    mval as_list = closure_list_view(rt, out);
    mval data = CONSP(as_list) ? as_list : list1(rt, out);
    mrt_signal(rt, Qerror, Fcons(rt, make_cstring(rt, "Unsupported function argument"), data));
  }
  if (!NILP(args[1]) && (BUFFERP(out)   ? buffer_bolp(out)
                         : MARKERP(out) ? bolp_at_marker(rt, out)
                                        : rt->stdout_last_char == '\n'))
    return Qnil;
  emit_char(rt, args[0], '\n');
  return Qt;
}

static mval Fwrite_char(mrt *rt, int nargs, mval *args)
{
  CHECK_FIXNUM(rt, args[0]);
  emit_char(rt, args[1], check_char(rt, args[0]));
  return args[0];
}

static mval Fprin1_to_string(mrt *rt, int nargs, mval *args)
{
  return print_to_string(rt, args[0], NILP(args[1]));
}

static mval Fformat(mrt *rt, int nargs, mval *args)
{
  return format_common(rt, nargs, args, false);
}

static mval Fformat_message(mrt *rt, int nargs, mval *args)
{
  return format_common(rt, nargs, args, true);
}

/* Batch Emacs starts a message with a newline when standard output
   was written since the last one. */
static void start_message(mrt *rt)
{
  if (rt->message_needs_newline) {
    rt->message_needs_newline = false;
    mrt_write_err(rt, "\n", 1);
  }
}

/* TEXT (N bytes) and a newline on stderr, as batch Emacs shows a
   message.  Emacs's own warnings from C come this way alone: neither
   logged nor silenced by inhibit-message. */
void write_message(mrt *rt, const char *text, size_t n)
{
  start_message(rt);
  mrt_write_err(rt, text, n);
  mrt_write_err(rt, "\n", 1);
}

/* As Emacs, every message goes into *Messages* too, unless
   message-log-max is nil; lisp/subr.el does the buffer work. */
void log_message(mrt *rt, mval text)
{
  if (flag_variable(rt, Qmessage_log_max) && !NILP(XSYMBOL(rt, Qmarrow__log_message)->function))
    call1(rt, Qmarrow__log_message, text);
}

static bool has_raw_byte_char(const uint8_t *p, const uint8_t *end)
{
  while (p < end) {
    int len, c = char_decode(p, end, &len);
    if (CHAR_RAW_BYTE_P(c))
      return true;
    p += len;
  }
  return false;
}

/* TEXT to stderr as a message.  Batch Emacs encodes it in the locale's
   coding system, UTF-8 here: a raw byte goes out as that byte. */
static void write_message_text(mrt *rt, mval text)
{
  struct string *s = XSTRING(text);
  if (!STRING_MULTIBYTE_P(text) || !has_raw_byte_char(s->data, s->data + s->nbytes)) {
    write_message(rt, (const char *)s->data, (size_t)s->nbytes);
    return;
  }
  struct strbuf b = {0};
  size_t depth = strbuf_protect(rt, &b);
  for (const uint8_t *p = s->data, *end = p + s->nbytes; p < end;) {
    int len, c = char_decode(p, end, &len);
    if (CHAR_RAW_BYTE_P(c))
      strbuf_putc(&b, (char)CHAR_TO_RAW_BYTE(c));
    else
      strbuf_put(&b, (const char *)p, (size_t)len);
    p += len;
  }
  write_message(rt, b.data, b.len);
  unbind_to(rt, depth);
}

/* Batch Emacs writes the message and a newline to stderr; (message
   nil) writes just the newline and returns nil.  Under inhibit-message
   nothing is written, but the message is still logged. */
static mval Fmessage(mrt *rt, int nargs, mval *args)
{
  bool shown = !flag_variable(rt, Qinhibit_message);
  if (NILP(args[0])) {
    if (shown) {
      start_message(rt);
      mrt_write_err(rt, "\n", 1);
    }
    return Qnil;
  }
  mval text = format_common(rt, nargs, args, true);
  if (!STRINGP(args[0]) || XSTRING(args[0])->nbytes > 0) /* "" clears, as nil does */
    log_message(rt, text);
  if (shown)
    write_message_text(rt, text);
  return text;
}

/* Batch Emacs's debugging stream: one character to stderr, a raw
   byte as itself. */
static mval Fexternal_debugging_output(mrt *rt, int nargs, mval *args)
{
  CHECK_FIXNUM(rt, args[0]);
  if (!CHARACTERP(args[0]))
    wrong_type_argument(rt, Qcharacterp, args[0]);
  int c = (int)XFIXNUM(args[0]);
  uint8_t buf[MAX_CHAR_BYTES];
  int n = CHAR_RAW_BYTE_P(c) ? (buf[0] = (uint8_t)CHAR_TO_RAW_BYTE(c), 1) : char_encode(c, buf);
  mrt_write_err(rt, (const char *)buf, (size_t)n);
  return args[0];
}

/* (send-string-to-terminal STRING &optional TERMINAL): batch Emacs's
   terminal is standard output, written to unconverted.  marrow has one
   terminal, which every frame is on. */
static mval Fsend_string_to_terminal(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  if (nargs > 1 && !NILP(args[1]) && !FRAMEP(args[1]))
    wrong_type_argument(rt, intern(rt, "terminal-live-p"), args[1]);
  mrt_write_out(rt, (const char *)XSTRING(args[0])->data, (size_t)XSTRING(args[0])->nbytes);
  return Qnil;
}

/* cl-print's walk before printing: the labels print-circle would give,
   in print-number-table (a new table unless it holds one). */
static mval Fprint__preprocess(mrt *rt, int nargs, mval *args)
{
  if (!flag_variable(rt, Qprint_circle))
    return Qnil;
  struct printer p;
  printer_begin(&p, rt, NULL, true);
  mval table = find_symbol_value(rt, Qprint_number_table);
  if (!HASH_TABLE_P(table)) {
    table = make_hash_table(rt, Qeq, 64);
    set_symbol_value(rt, Qprint_number_table, table);
  }
  find_shared(&p, args[0], table);
  return Qnil;
}

static mval Ferror_message_string(mrt *rt, int nargs, mval *args)
{
  return error_message_string(rt, args[0]);
}

static const struct subr_def printer_subrs[] = {
  {"prin1", Fprin1, 1, 2},
  {"princ", Fprinc, 1, 2},
  {"print", Fprint, 1, 2},
  {"terpri", Fterpri, 0, 2},
  {"write-char", Fwrite_char, 1, 2},
  {"prin1-to-string", Fprin1_to_string, 1, 2},
  {"format", Fformat, 1, ARGS_MANY},
  {"format-message", Fformat_message, 1, ARGS_MANY},
  {"message", Fmessage, 1, ARGS_MANY},
  {"error-message-string", Ferror_message_string, 1, 1},
  {"print--preprocess", Fprint__preprocess, 1, 1},
  {"external-debugging-output", Fexternal_debugging_output, 1, 1},
  {"send-string-to-terminal", Fsend_string_to_terminal, 1, 2},
};

void printer_init(mrt *rt)
{
  define_standard_errors(rt);
  defvar(rt, Qprint_length, Qnil);
  defvar(rt, Qprint_level, Qnil);
  defvar(rt, Qprint_escape_newlines, Qnil);
  defvar(rt, Qprint_escape_control_characters, Qnil);
  defvar(rt, Qprint_escape_multibyte, Qnil);
  defvar(rt, Qprint_escape_nonascii, Qnil);
  defvar(rt, Qprint_integers_as_characters, Qnil);
  defvar(rt, Qprint_circle, Qnil);
  defvar(rt, Qprint_quoted, Qt);
  defvar(rt, Qprint_gensym, Qnil);
  defvar(rt, Qprint_continuous_numbering, Qnil);
  defvar(rt, Qprint_number_table, Qnil);
  defvar(rt, Qmessage_log_max, make_fixnum(1000));
  defvar(rt, Qprint_charset_text_property, intern(rt, "default"));
  defvar(rt, Qmarrow__string_output_function, Qnil);
  defvar(rt, Qtext_quoting_style, Qnil);
  defvar(rt, Qstandard_output, Qt);
  defsubrs(rt, printer_subrs, sizeof printer_subrs / sizeof printer_subrs[0]);
}
