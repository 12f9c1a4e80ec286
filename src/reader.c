/*
** reader.c -- layer 5: the Lisp reader: text to objects.
**
** The reader turns UTF-8 text into objects with Emacs 28's syntax:
** integers (any size, #x #o #b #NrDIGITS), floats (1.0e+INF, 0.0e+NaN),
** strings and ?c characters with every Emacs escape, symbols with
** backslash escapes, keywords, ' #' ` , ,@, lists, dotted pairs,
** vectors, records #s(...), #N= and #N# labels (shared and circular
** structure), and ; comments.
**
** Invariants:
**   - No C recursion follows the nesting of the input.  Open lists,
**     vectors, records and quote prefixes are frames on an explicit
**     stack, so a million open parentheses cost memory, not C stack.
**   - The stack is a chain of small Lisp vectors held by a C local:
**     the conservative stack scan keeps it alive, and a signal simply
**     drops it.  The reader therefore owns no malloc'd memory and needs
**     no per-runtime state.
**   - Strings are decoded in two passes over the same escape code: the
**     first measures and validates, the second writes straight into
**     the new Lisp string.  Nothing is buffered.
**   - Bad syntax signals invalid-read-syntax or end-of-file with the
**     data Emacs 28 gives.  When reading a file, invalid-read-syntax
**     carries (MESSAGE LINE COLUMN FILE) -- Emacs 28's (MESSAGE LINE
**     COLUMN) plus the file -- and end-of-file (FILE LINE COLUMN), LINE
**     counting from 1 and COLUMN from 0: the offending character, or
**     where the unfinished list or string began.  error_message_string
**     prints both as "FILE:LINE:COLUMN: message".
*/
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "arith.h"
#include "bignum.h"
#include "buffer.h"
#include "charnames.h"
#include "eval.h"
#include "hashtab.h"
#include "strfns.h"
#include "textprop.h"
#include "chartab.h"
#include "compiled.h"
#include "fns.h"
#include "data.h"

/* ================================================================== */
/* The source                                                         */
/* ================================================================== */

struct reader {
  mrt *rt;
  const uint8_t *buf;
  size_t len, pos;
  const char *filename;
  size_t open_pos; /* start of the innermost unfinished construct */
  mval labels;     /* #N= labels of this read: an eql table, or nil */
  mval obarray;    /* where symbols are interned: nil for the symbol table */
  bool multibyte_source; /* new symbols get multibyte names */
  /* Reading a buffer or marker: the position moved past what was read,
     even by a read that fails, as Emacs's point or marker is (NULL
     otherwise), and the position of BUF[0]. */
  int64_t *char_pos;
  int64_t char_start;
  /* Reading a buffer, not a marker: Emacs's invalid-read-syntax then
     tells the line and column where reading stopped. */
  mval buffer;
  mval shorthands; /* read-symbol-shorthands' value when the read began */
};

/* Moves the buffer position past what has been read. */
static void note_buffer_progress(struct reader *r)
{
  if (r->char_pos)
    *r->char_pos = r->char_start + (int64_t)utf8_count_chars(r->buf, r->pos, NULL);
}

static int peek(struct reader *r)
{
  return r->pos < r->len ? r->buf[r->pos] : -1;
}

static int next(struct reader *r)
{
  return r->pos < r->len ? r->buf[r->pos++] : -1;
}

/* Line (from 1) and column (from 0, in characters) of byte offset POS. */
static void position_of(struct reader *r, size_t pos, int64_t *line, int64_t *col)
{
  size_t bol = 0;
  *line = 1;
  for (size_t i = 0; i < pos && i < r->len; i++)
    if (r->buf[i] == '\n') {
      ++*line;
      bol = i + 1;
    }
  *col = utf8_count_chars(r->buf + bol, pos - bol, NULL);
}

static _Noreturn void syntax_error_at(struct reader *r, const char *msg, size_t pos)
{
  mrt *rt = r->rt;
  mval text = make_cstring(rt, msg);
  if (!NILP(r->buffer)) {
    note_buffer_progress(r);
    r->char_pos = NULL; /* the Lisp below may move the text */
    mval where = call1(rt, Qlread__syntax_error_position, r->buffer);
    mrt_signal(rt, Qinvalid_read_syntax, Fcons(rt, text, where));
  }
  if (!r->filename)
    xsignal1(rt, Qinvalid_read_syntax, text);
  int64_t line, col;
  position_of(r, pos, &line, &col);
  mrt_signal(rt, Qinvalid_read_syntax,
             list4(rt, text, make_fixnum(line), make_fixnum(col), make_cstring(rt, r->filename)));
}

/* The offending character has just been consumed. */
static _Noreturn void syntax_error(struct reader *r, const char *msg)
{
  syntax_error_at(r, msg, r->pos ? r->pos - 1 : 0);
}

/* End of a string: Emacs 28 names the file being loaded, if any. */
static _Noreturn void end_of_string(mrt *rt)
{
  mval loading = find_symbol_value(rt, Qload_file_name);
  if (STRINGP(loading))
    xsignal1(rt, Qend_of_file, loading);
  xsignal0(rt, Qend_of_file);
}

static _Noreturn void end_of_file(struct reader *r)
{
  mrt *rt = r->rt;
  if (!r->filename)
    end_of_string(rt);
  int64_t line, col;
  position_of(r, r->open_pos, &line, &col);
  xsignal3(rt, Qend_of_file, make_cstring(rt, r->filename), make_fixnum(line),
           make_fixnum(col));
}

static int next_or_eof(struct reader *r)
{
  int c = next(r);
  if (c < 0)
    end_of_file(r);
  return c;
}

/* Decodes one UTF-8 character (malformed bytes stand for themselves). */
static int next_char(struct reader *r)
{
  if (r->pos >= r->len)
    end_of_file(r);
  int len;
  int c = char_decode(r->buf + r->pos, r->buf + r->len, &len);
  r->pos += (size_t)len;
  return c;
}

/* Whitespace and ; comments.  Returns the next character, unconsumed. */
/* Whether a no-break space (U+00A0) is at byte P: Emacs's reader takes
   it for whitespace, between objects and at a symbol's end. */
static bool nbsp_at(const struct reader *r, size_t p)
{
  return p + 1 < r->len && r->buf[p] == 0xC2 && r->buf[p + 1] == 0xA0;
}

static int skip_blanks(struct reader *r)
{
  for (;;) {
    int c = peek(r);
    if (c == ';') {
      while (c >= 0 && c != '\n')
        c = next(r);
    } else if (c >= 0 && c <= ' ') {
      r->pos++;
    } else if (nbsp_at(r, r->pos)) {
      r->pos += 2;
    } else {
      return c;
    }
  }
}

/* ================================================================== */
/* Escapes: shared by strings and ?c characters                        */
/* ================================================================== */

#define CHAR_ALT (1 << 22)
#define CHAR_SUPER (1 << 23)
#define CHAR_HYPER (1 << 24)
#define CHAR_SHIFT (1 << 25)
#define CHAR_CTRL (1 << 26)
#define CHAR_META (1 << 27)
#define CHAR_MODIFIERS (CHAR_ALT | CHAR_SUPER | CHAR_HYPER | CHAR_SHIFT | CHAR_CTRL | CHAR_META)
#define MAX_UNICODE 0x10FFFF

static int digit_value(int c, int base)
{
  int d = c >= '0' && c <= '9' ? c - '0'
        : c >= 'a' && c <= 'z' ? c - 'a' + 10
        : c >= 'A' && c <= 'Z' ? c - 'A' + 10
        : 99;
  return d < base ? d : -1;
}

static int read_escape(struct reader *r, bool in_string);

/* \uXXXX and \UXXXXXXXX: exactly NDIGITS hex digits. */
static int read_unicode_escape(struct reader *r, int ndigits)
{
  unsigned value = 0; /* eight hex digits can pass INT_MAX */
  for (int i = 0; i < ndigits; i++) {
    if (peek(r) < 0)
      mrt_errorf(r->rt, "Malformed Unicode escape: \\%c%x", ndigits > 4 ? 'U' : 'u', value);
    int c = next_char(r);
    int d = digit_value(c, 16);
    if (d < 0) {
      char text[MAX_CHAR_BYTES + 1];
      text[char_encode(c, (uint8_t *)text)] = 0;
      mrt_errorf(r->rt, "Non-hex character used for Unicode escape: %s (%d)", text, c);
    }
    value = value * 16 + d;
  }
  if (value > MAX_UNICODE)
    mrt_errorf(r->rt, "Non-Unicode character: 0x%x", value);
  return value;
}

/* \xHHH...: any number of hex digits (no more than fit a character). */
/* \xN...: as in Emacs, up to #xFFFFFFF, for characters with modifier
   bits; one or two digits of #x80..#xFF are a raw byte, which a ?
   literal makes its byte again, but which \C- does not see as a
   letter: ?\C-\xe9 is #xe9 with the control bit, ?\C-é is 137. */
static int read_hex_escape(struct reader *r)
{
  int64_t value = 0;
  int digits = 0;
  while (digit_value(peek(r), 16) >= 0) {
    value = value * 16 + digit_value(next(r), 16);
    digits++;
    if (value > (CHAR_META | (CHAR_META - 1)))
      mrt_errorf(r->rt, "Hex character out of range: \\x%" PRIx64 "...", value);
  }
  if (digits < 3 && value >= 0x80)
    return RAW_BYTE_CHAR((int)value);
  return (int)value;
}

/* \N{U+XXXX} or \N{NAME}, a Unicode name in any case.  As in Emacs,
   runs of whitespace in NAME count as one space, and a NAME that gives
   no character (a surrogate, past Unicode, unknown) is reported as
   written: \N{NAME}. */
#define MAX_CHAR_NAME 200

static int code_point_value(const char *digits, size_t len)
{
  int value = 0;
  for (size_t i = 0; i < len; i++) {
    int d = digit_value((unsigned char)digits[i], 16);
    if (d < 0)
      return -1;
    value = value * 16 + d;
    if (value > MAX_UNICODE)
      return -1;
  }
  return len == 0 ? -1 : value;
}

/* The name between the braces, into NAME; returns its length. */
static size_t read_char_name(struct reader *r, char name[MAX_CHAR_NAME + 1])
{
  size_t len = 0;
  int c;
  while ((c = next_char(r)) != '}') {
    if (c <= 0 || c >= 0x80) {
      char msg[64];
      snprintf(msg, sizeof msg, "Invalid character U+%04X in character name", c);
      syntax_error(r, msg);
    }
    bool space = strchr(" \t\n\v\f\r", c) != NULL;
    if (space && len > 0 && name[len - 1] == ' ')
      continue;
    name[len++] = space ? ' ' : (char)c;
    if (len > MAX_CHAR_NAME)
      syntax_error(r, "Character name too long");
  }
  if (len == 0)
    syntax_error(r, "Empty character name");
  name[len] = 0;
  return len;
}

static int read_named_escape(struct reader *r)
{
  if (next(r) != '{')
    syntax_error(r, "Expected opening brace after \\N");
  char name[MAX_CHAR_NAME + 1];
  size_t len = read_char_name(r, name);
  int value = len >= 2 && name[0] == 'U' && name[1] == '+'
                  ? code_point_value(name + 2, len - 2)
                  : charnames_lookup(name, len, true);
  if (value < 0 || (value >= 0xD800 && value <= 0xDFFF)) {
    char text[MAX_CHAR_NAME + 8];
    snprintf(text, sizeof text, "\\N{%s}", name);
    syntax_error(r, text);
  }
  return value;
}

/* The character after a modifier prefix like \C- or \M-; -1 at the
   end of the text, which Emacs reads as the character -1 (?\C-). */
static int read_modified(struct reader *r, bool in_string)
{
  if (r->pos >= r->len)
    return -1;
  int c = next_char(r);
  return c == '\\' ? read_escape(r, in_string) : c;
}

/* \^X and \C-X: letters and @[\]^_ become ASCII controls, ? becomes
   DEL, anything else gets the control modifier bit.  As in Emacs, the
   test looks at the low seven bits of any character below 256, so
   \C-é (233) is 137, its bit 7 kept. */
static int make_control(int c)
{
  if (c < 0)
    return c;
  int base = c & ~CHAR_MODIFIERS, mods = c & CHAR_MODIFIERS;
  if (base == '?')
    return 0177 | mods;
  if (base < 0400 && (((base & 0137) >= 'A' && (base & 0137) <= 'Z') ||
                      ((base & 0177) >= 0100 && (base & 0177) <= 0137)))
    return (base & 0237) | mods;
  return c | CHAR_CTRL;
}

/* As in Emacs, a malformed modifier is an `error', not a read syntax error. */
static int read_modifier(struct reader *r, bool in_string, int modifier)
{
  if (next(r) != '-')
    mrt_error(r->rt, "Invalid escape character syntax");
  return read_modified(r, in_string) | modifier;
}

/* Octal escapes of #x80..#xFF stand for raw bytes, as \xHH do; ?\351
   is the character 233. */
static int byte_escape(int value)
{
  return value >= 0x80 && value <= 0xFF ? RAW_BYTE_CHAR(value) : value;
}

/* After a backslash.  Returns the character, with modifier bits for
   \M- \C- etc.; -1 for an escape that stands for nothing in a string
   (\<newline> and \<space>). */
static int read_escape(struct reader *r, bool in_string)
{
  int c = next_char(r);
  switch (c) {
  case 'a': return 7;
  case 'b': return 8;
  case 'd': return 0177;
  case 'e': return 033;
  case 'f': return 014;
  case 'n': return '\n';
  case 'r': return '\r';
  case 't': return '\t';
  case 'v': return 013;
  case '\n':
    return -1; /* ?\<newline> too reads as -1 in Emacs 28 */
  case ' ':
    return in_string ? -1 : c;
  case 'x': return read_hex_escape(r);
  case 'u': return read_unicode_escape(r, 4);
  case 'U': return read_unicode_escape(r, 8);
  case 'N': return read_named_escape(r);
  case '0': case '1': case '2': case '3':
  case '4': case '5': case '6': case '7': {
    int value = c - '0';
    for (int i = 0; i < 2 && digit_value(peek(r), 8) >= 0; i++)
      value = value * 8 + (next(r) - '0');
    return byte_escape(value);
  }
  case 's':
    if (in_string || peek(r) != '-')
      return ' ';
    return read_modifier(r, in_string, CHAR_SUPER);
  case 'M': return read_modifier(r, in_string, CHAR_META);
  case 'S': return read_modifier(r, in_string, CHAR_SHIFT);
  case 'H': return read_modifier(r, in_string, CHAR_HYPER);
  case 'A': return read_modifier(r, in_string, CHAR_ALT);
  case 'C':
    if (next(r) != '-')
      mrt_error(r->rt, "Invalid escape character syntax");
    /* fall through */
  case '^':
    return make_control(read_modified(r, in_string));
  default:
    return c;
  }
}

/* ================================================================== */
/* Strings                                                            */
/* ================================================================== */

/* A string cannot hold modifier bits.  As in Emacs, \C-SPC and \C-?
   are controls, \S- upcases a letter, and \M- on ASCII sets bit 7,
   which makes a raw byte. */
static int string_char(struct reader *r, int c)
{
  int mods = c & CHAR_MODIFIERS;
  c &= ~CHAR_MODIFIERS;
  if (mods && c < 0200) {
    if (mods == CHAR_CTRL && (c == ' ' || c == '?')) {
      c = c == ' ' ? 0 : 0177;
      mods = 0;
    }
    if ((mods & CHAR_SHIFT) && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
      c &= ~040;
      mods &= ~CHAR_SHIFT;
    }
    if (mods & CHAR_META) {
      c = RAW_BYTE_CHAR(c | 0200);
      mods &= ~CHAR_META;
    }
  }
  if (mods)
    syntax_error(r, "Invalid modifier in string");
  return c;
}

/* What a string literal holds, as Emacs decides its representation:
   with a non-ASCII character it is multibyte (its raw bytes raw-byte
   characters), else with a raw byte it is unibyte. */
struct literal {
  bool multibyte;
  size_t raw_bytes;
};

/* One pass over the body of a string literal (the opening quote is
   consumed).  Writes to OUT when it is not NULL, as unibyte text when
   UNIBYTE; returns the length in bytes as multibyte text. */
static size_t string_pass(struct reader *r, uint8_t *out, bool unibyte, struct literal *lit)
{
  size_t n = 0;
  for (;;) {
    int c = next_or_eof(r);
    if (c == '"')
      return n;
    if (c == '\\') {
      c = read_escape(r, true);
      if (c < 0)
        continue;
      c = string_char(r, c);
    } else if (c >= 0x80) {
      int len, d = char_decode(r->buf + r->pos - 1, r->buf + r->len, &len);
      if (CHAR_RAW_BYTE_P(d)) { /* a raw byte in the text is one, as \200 is */
        r->pos += (size_t)len - 1;
        c = d;
      } else {
        lit->multibyte = true;
        if (out)
          out[n] = (uint8_t)c;
        n++;
        continue;
      }
    }
    lit->multibyte |= c >= 0x80 && !CHAR_RAW_BYTE_P(c);
    lit->raw_bytes += CHAR_RAW_BYTE_P(c);
    if (unibyte && out)
      out[n++] = (uint8_t)(CHAR_RAW_BYTE_P(c) ? CHAR_TO_RAW_BYTE(c) : c);
    else
      n += (size_t)(out ? char_encode(c, out + n) : char_encoded_length(c));
  }
}

static mval read_string(struct reader *r)
{
  size_t start = r->pos;
  r->open_pos = start - 1;
  struct literal lit = { false, 0 };
  size_t nbytes = string_pass(r, NULL, false, &lit);
  bool unibyte = !lit.multibyte;
  if (unibyte)
    nbytes -= lit.raw_bytes; /* two bytes each as multibyte text */
  size_t end = r->pos;
  if (nbytes == 0)
    return empty_string(r->rt, !unibyte);
  mval str = gc_string(r->rt->gc, nbytes);
  r->pos = start;
  struct string *s = XSTRING(str);
  string_pass(r, s->data, unibyte, &lit);
  r->pos = end;
  s->nchars = unibyte ? (int64_t)nbytes : utf8_count_chars(s->data, nbytes, NULL);
  s->flags = unibyte ? 0 : STRING_MULTIBYTE;
  return str;
}

/* ================================================================== */
/* ?c characters                                                      */
/* ================================================================== */

/* Characters that may follow a character literal without a space. */
static bool ends_char_literal(int c)
{
  return c < 0 || c <= ' ' || (c < 0200 && strchr("\"';()[]#?`,.", c));
}

/* Emacs notes each of ?( ?) ?[ ?] ?" ?; read without its backslash in
   lread--unescaped-character-literals, once, so that load can warn. */
static void note_unescaped_literal(mrt *rt, int c)
{
  if (c >= 0200 || !strchr("()[]\";", c))
    return;
  mval seen = find_symbol_value(rt, Qlread__unescaped_character_literals);
  CHECK_LIST(rt, seen);
  mval tail = seen;
  FOR_EACH_TAIL(rt, tail, seen)
    if (XCAR(tail) == make_fixnum(c))
      return;
  CHECK_LIST(rt, tail);
  set_symbol_value(rt, Qlread__unescaped_character_literals, Fcons(rt, make_fixnum(c), seen));
}

static mval read_char_literal(struct reader *r)
{
  r->open_pos = r->pos - 1;
  int c = next_char(r);
  /* "? " and "?<TAB>" end there, whatever follows: (? x) is (32 x). */
  if (c == ' ' || c == '\t')
    return make_fixnum(c);
  if (c == '\\')
    c = read_escape(r, false);
  else if (c > 0)
    note_unescaped_literal(r->rt, c);
  if (!ends_char_literal(peek(r)))
    syntax_error(r, "?");
  /* Emacs's ?c makes a raw byte's character (?\x3fffe9) its byte,
     modifier bits kept. */
  int base = c & ~CHAR_MODIFIERS;
  if (c > 0 && CHAR_RAW_BYTE_P(base) && base <= RAW_BYTE_CHAR(0xFF))
    c = (c & CHAR_MODIFIERS) | (base - RAW_BYTE_CHAR(0));
  return make_fixnum(c);
}

/* ================================================================== */
/* Numbers                                                            */
/* ================================================================== */

#define LEAD_INT 1
#define DOT_CHAR 2
#define TRAIL_INT 4
#define E_EXP 8

static size_t skip_digits(const uint8_t *s, size_t i, size_t n)
{
  while (i < n && s[i] >= '0' && s[i] <= '9')
    i++;
  return i;
}

static mval parse_integer(mrt *rt, const uint8_t *s, size_t n, int base)
{
  /* Up to 18 decimal digits always fit a fixnum: no bignum needed. */
  if (base == 10 && n <= 19) {
    bool neg = s[0] == '-';
    size_t i = s[0] == '-' || s[0] == '+';
    if (n - i <= 18) {
      int64_t v = 0;
      for (; i < n; i++)
        v = v * 10 + (s[i] - '0');
      return make_fixnum(neg ? -v : v);
    }
  }
  return integer_from_string(rt, (const char *)s, n, base);
}

static mval parse_float(mrt *rt, const uint8_t *s, size_t n, int special)
{
  /* e+INF, and e+NaN with the payload its integer part gives. */
  if (special)
    return arith_parse_number(rt, (const char *)s, n, 10, NULL);
  char small[64];
  if (n < sizeof small) {
    memcpy(small, s, n);
    small[n] = 0;
    return make_float(rt, strtod(small, NULL));
  }
  mval copy = make_string(rt, (const char *)s, n); /* NUL-terminated */
  return make_float(rt, strtod((const char *)XSTRING(copy)->data, NULL));
}

/* Emacs's string_to_number over the whole token, base 10: classifies
   S as an integer ('i'), a float ('f'), or not a number (0).  *SPECIAL
   gets 'I' or 'N' for the e+INF and e+NaN forms. */
static int scan_number(const uint8_t *s, size_t n, int *special)
{
  size_t i = 0;
  int state = 0;
  *special = 0;
  if (i < n && (s[i] == '-' || s[i] == '+'))
    i++;
  size_t j = skip_digits(s, i, n);
  if (j > i)
    state |= LEAD_INT;
  i = j;
  if (i < n && s[i] == '.') {
    state |= DOT_CHAR;
    j = skip_digits(s, ++i, n);
    if (j > i)
      state |= TRAIL_INT;
    i = j;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    size_t e = i + 1;
    bool plus = e < n && s[e] == '+';
    if (e < n && (s[e] == '+' || s[e] == '-'))
      e++;
    j = skip_digits(s, e, n);
    if (j > e) {
      state |= E_EXP;
      i = j;
    } else if (plus && n - e >= 3 && (!memcmp(s + e, "INF", 3) || !memcmp(s + e, "NaN", 3))) {
      state |= E_EXP;
      *special = s[e];
      i = e + 3;
    }
  }
  if (i != n)
    return 0;
  if ((state & TRAIL_INT) || ((state & LEAD_INT) && (state & E_EXP)))
    return 'f';
  return (state & LEAD_INT) ? 'i' : 0;
}

bool reader_number_syntax_p(const char *s, size_t n)
{
  int special;
  return scan_number((const uint8_t *)s, n, &special) != 0;
}

/* The number token S denotes, or Qnil when it names a symbol. */
static mval token_to_number(mrt *rt, const uint8_t *s, size_t n)
{
  int special;
  switch (scan_number(s, n, &special)) {
  case 'f':
    return parse_float(rt, s, n, special);
  case 'i':
    /* "1." is the integer 1 */
    return parse_integer(rt, s, s[n - 1] == '.' ? n - 1 : n, 10);
  default:
    return Qnil;
  }
}

/* #xFF, #o17, #b101, #24r1k: the digits are every alphanumeric that
   follows; one that is not a digit of the radix is an error. */
static mval read_radix_integer(struct reader *r, int64_t base)
{
  char msg[48];
  snprintf(msg, sizeof msg, "integer, radix %" PRId64, base);
  if (base < 2 || base > 36)
    syntax_error(r, msg);
  size_t start = r->pos;
  if (peek(r) == '-' || peek(r) == '+')
    r->pos++;
  size_t digits = r->pos;
  bool valid = true;
  while (digit_value(peek(r), 36) >= 0)
    valid &= digit_value(next(r), base) >= 0;
  if (!valid || r->pos == digits)
    syntax_error(r, msg);
  mval v = integer_from_string(r->rt, (const char *)r->buf + start, r->pos - start, base);
  if (NILP(v))
    syntax_error(r, msg);
  return v;
}

/* #&N"BITS": the string's bytes hold the bits, eight to a byte, the
   first element in the lowest bit.  Bits past N are dropped. */
static mval read_object(struct reader *r);

static bool is_dot_token(struct reader *r);

static mval read_bool_vector(struct reader *r)
{
  /* Emacs reads N as an object, so #&#x3"..." and #&+3"..." do, and
     what fails to read fails as it would anywhere; a closer or a dot
     there is no object. */
  int c = skip_blanks(r);
  if (c == ')' || c == ']' || (c == '.' && is_dot_token(r))) {
    r->pos++;
    next(r); /* Emacs reads on for the '"' */
    syntax_error(r, "#&...");
  }
  mval n = read_object(r);
  if (next(r) != '"')
    syntax_error(r, "#&...");
  mval s = read_string(r); /* read before N is checked, as Emacs does */
  if (!FIXNUMP(n) || XFIXNUM(n) < 0 || XFIXNUM(n) >= (INT64_C(1) << 40))
    syntax_error(r, "#&...");
  int64_t nbits = XFIXNUM(n);
  if (XSTRING(s)->nchars != (nbits + 7) / 8)
    syntax_error(r, "#&...");
  mval v = make_bool_vector(r->rt, (size_t)nbits, false);
  const uint8_t *p = XSTRING(s)->data, *end = p + XSTRING(s)->nbytes;
  for (int64_t i = 0; p < end; i++) {
    int len, c = char_decode(p, end, &len);
    p += len;
    int byte = c < 256 ? c : c >= 0x3FFF80 ? c - 0x3FFF00 : -1;
    if (byte < 0)
      syntax_error(r, "#&...");
    for (int bit = 0; bit < 8 && i * 8 + bit < nbits; bit++)
      bool_vector_set(v, i * 8 + bit, (byte >> bit) & 1);
  }
  return v;
}

/* ================================================================== */
/* Symbols                                                            */
/* ================================================================== */

/* A switch, not strchr: reading the library at start-up asks this of
   every character of every symbol, and GCC turns the cases into one
   bit test. */
static bool symbol_constituent(int c)
{
  switch (c) {
  case '"': case '\'': case ';': case '(': case ')':
  case '[': case ']': case '#': case '`': case ',':
    return false;
  default:
    return c > ' ';
  }
}

/* Length of the symbol's name after escapes; sets *escaped when it has
   any backslash (then it is never a number). */
static size_t measure_symbol(struct reader *r, bool *escaped)
{
  size_t n = 0, p = r->pos;
  *escaped = false;
  while (p < r->len && symbol_constituent(r->buf[p]) && !nbsp_at(r, p)) {
    if (r->buf[p] == '\\') {
      *escaped = true;
      if (++p >= r->len) {
        r->pos = p;
        end_of_file(r);
      }
    }
    p++;
    n++;
  }
  return n;
}

/* What a token may be: a number or symbol, an interned symbol only
   (#_foo, Emacs 28's symbol without shorthands), or uninterned (#:foo). */
enum atom_kind { ATOM_ANY, ATOM_SYMBOL, ATOM_UNINTERNED };

/* Whether SYM holds nothing: marrow's own library may have made it
   (say, as an argument's name) where Emacs, which loads its library
   byte-compiled, has no such symbol yet. */
static bool symbol_bare(mrt *rt, mval sym)
{
  struct symbol *s = XSYMBOL(rt, sym);
  return s->value == Qunbound && s->redirect == SYMBOL_PLAINVAL && NILP(s->function) &&
         NILP(s->plist) && !s->constant;
}

/* The symbol NAME names, interned in R's obarray.  Emacs's reader
   gives a new symbol read from multibyte text a multibyte name, even
   an ASCII one (which format's %c shows). */
static mval intern_read_string(struct reader *r, mval name)
{
  mrt *rt = r->rt;
  if (!r->multibyte_source || STRING_MULTIBYTE_P(name))
    return intern_in_obarray(rt, r->obarray, name);
  XSTRING(name)->flags |= STRING_MULTIBYTE;
  mval sym = intern_in_obarray(rt, r->obarray, name);
  if (SYMBOLP(sym) && !STRING_MULTIBYTE_P(XSYMBOL(rt, sym)->name) && symbol_bare(rt, sym))
    SYMBOL_SET(rt->gc, XSYMBOL(rt, sym), name, name);
  return sym;
}

static mval intern_read_name(struct reader *r, size_t start, size_t n)
{
  const char *name = (const char *)r->buf + start;
  if (!r->multibyte_source)
    return intern_len(r->rt, name, n);
  /* No allocation for a symbol that stays as it is: reading must not
     use more memory than it did. */
  mval found = intern_soft(r->rt, name, n);
  if (found != Qunbound &&
      (STRING_MULTIBYTE_P(XSYMBOL(r->rt, found)->name) || !symbol_bare(r->rt, found)))
    return found;
  return intern_read_string(r, make_string(r->rt, name, n));
}

/* Reads a symbol or number token starting at r->pos. */
static mval read_atom(struct reader *r, enum atom_kind kind)
{
  mrt *rt = r->rt;
  bool escaped, uninterned = kind == ATOM_UNINTERNED;
  size_t start = r->pos;
  size_t n = measure_symbol(r, &escaped);
  if (!escaped) {
    r->pos += n;
    if (kind == ATOM_ANY) {
      mval num = token_to_number(rt, r->buf + start, n);
      if (!NILP(num))
        return num;
    }
    if (!uninterned && NILP(r->obarray) && !(kind == ATOM_ANY && CONSP(r->shorthands)))
      return intern_read_name(r, start, n);
    mval name = make_string(rt, (const char *)r->buf + start, n);
    if (kind == ATOM_ANY && CONSP(r->shorthands))
      name = symbol_shorthand(rt, r->shorthands, name);
    if (uninterned)
      return make_symbol(rt, name);
    return NILP(r->obarray) ? intern_read_string(r, name) : intern_in_obarray(rt, r->obarray, name);
  }
  mval name = gc_string(rt->gc, n);
  struct string *s = XSTRING(name);
  for (size_t i = 0; i < n; i++) {
    if (r->buf[r->pos] == '\\')
      r->pos++;
    s->data[i] = r->buf[r->pos++];
  }
  bool multibyte;
  s->nchars = utf8_count_chars(s->data, n, &multibyte);
  s->flags = multibyte ? STRING_MULTIBYTE : 0;
  if (kind == ATOM_ANY && CONSP(r->shorthands))
    name = symbol_shorthand(rt, r->shorthands, name);
  return uninterned ? make_symbol(rt, name) : intern_read_string(r, name);
}

/* ================================================================== */
/* The frame stack                                                    */
/* ================================================================== */

/* A frame is a Lisp vector [PARENT KIND HEAD TAIL EXTRA START]. */
enum { FR_PARENT, FR_KIND, FR_HEAD, FR_TAIL, FR_EXTRA, FR_START, FR_SIZE };

enum frame_kind {
  FRAME_LIST,   /* EXTRA: dot state */
  FRAME_VECTOR,
  FRAME_RECORD,
  FRAME_PROPERTIZED, /* #("TEXT" START END PLIST ...) */
  FRAME_PREFIX, /* EXTRA: the symbol to wrap the next object in */
  FRAME_LABEL   /* #N=: EXTRA: N, HEAD: the placeholder #N# reads as meanwhile */
};

enum dot_state { DOT_NONE, DOT_SEEN, DOT_DONE };
/* A vector frame's EXTRA: nil, or what the vector becomes. */
enum { VECTOR_CHAR_TABLE = 1, VECTOR_SUB_CHAR_TABLE, VECTOR_COMPILED };

#define FRAME_GET(f, slot) AREF((f), (slot))
#define FRAME_KIND(f) ((enum frame_kind)XFIXNUM(AREF((f), FR_KIND)))

static mval push_frame(struct reader *r, mval parent, enum frame_kind kind, mval extra)
{
  mval f = make_vector(r->rt, FR_SIZE, Qnil);
  gc_aset(r->rt->gc, f, FR_PARENT, parent);
  ASET_FIXNUM(f, FR_KIND, make_fixnum(kind));
  gc_aset(r->rt->gc, f, FR_EXTRA, extra);
  ASET_FIXNUM(f, FR_START, make_fixnum((int64_t)r->pos - 1));
  return f;
}

/* Adds VALUE to the list being built in F. */
static void frame_append(struct reader *r, mval f, mval value)
{
  mval extra = FRAME_GET(f, FR_EXTRA);
  bool dotted = FRAME_KIND(f) == FRAME_LIST || FRAME_KIND(f) == FRAME_RECORD;
  if (dotted && extra == make_fixnum(DOT_DONE))
    syntax_error(r, ". in wrong context");
  if (dotted && extra == make_fixnum(DOT_SEEN)) {
    /* (a . b) sets the last cdr; (. b) reads as b, as in Emacs 28 */
    if (NILP(FRAME_GET(f, FR_TAIL)))
      gc_aset(r->rt->gc, f, FR_HEAD, value);
    else
      gc_setcdr(r->rt->gc, FRAME_GET(f, FR_TAIL), value);
    ASET_FIXNUM(f, FR_EXTRA, make_fixnum(DOT_DONE));
    return;
  }
  mval cell = Fcons(r->rt, value, Qnil);
  if (NILP(FRAME_GET(f, FR_TAIL)))
    gc_aset(r->rt->gc, f, FR_HEAD, cell);
  else
    gc_setcdr(r->rt->gc, FRAME_GET(f, FR_TAIL), cell);
  gc_aset(r->rt->gc, f, FR_TAIL, cell);
}

static mval list_to_vectorlike(mrt *rt, mval list, enum pvec_type type)
{
  size_t n = 0;
  for (mval l = list; CONSP(l); l = XCDR(l))
    n++;
  if (n >= VL_MAX_WORDS)
    memory_full(rt);
  if (n == 0 && type == PVEC_VECTOR)
    return rt->empty_vector;
  mval v = gc_vectorlike(rt->gc, type, n + 1, n);
  for (size_t i = 0; i < n; i++, list = XCDR(list))
    gc_aset(rt->gc, v, (int64_t)i, XCAR(list));
  return v;
}

static mval plist_value(mval plist, mval key)
{
  for (; CONSP(plist) && CONSP(XCDR(plist)); plist = XCDR(XCDR(plist)))
    if (XCAR(plist) == key)
      return XCAR(XCDR(plist));
  return Qnil;
}

/* True when LIST is a proper list of even length.  #N# labels can make
   it circular, so the walk must end on a cycle too. */
static bool even_proper_list_p(mval list)
{
  mval slow = list;
  while (!NILP(list)) {
    if (!CONSP(list) || !CONSP(XCDR(list)))
      return false;
    list = XCDR(XCDR(list));
    slow = XCDR(slow);
    if (list == slow)
      return false;
  }
  return true;
}

/* #s(hash-table size N test T weakness W rehash-size R rehash-threshold
   H purecopy P data (K V ...)): the parameters given (non-nil) are
   checked as make-hash-table's; other keys are ignored. */
static mval read_hash_table(struct reader *r, mval plist)
{
  mrt *rt = r->rt;
  const mval names[] = { Qsize, Qtest, Qweakness, Qrehash_size, Qrehash_threshold, Qpurecopy };
  const mval keywords[] = { Qksize, Qktest, Qkweakness, Qkrehash_size, Qkrehash_threshold,
                            Qkpurecopy };
  mval args[2 * 6];
  int n = 0;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    mval v = plist_value(plist, names[i]);
    if (!NILP(v)) {
      args[n++] = keywords[i];
      args[n++] = v;
    }
  }
  mval data = plist_value(plist, Qdata);
  if (!even_proper_list_p(data))
    mrt_error(rt, "Hash table data is not a list of even length");
  mval table = make_hash_table_from_args(rt, n, args);
  for (; CONSP(data); data = XCDR(XCDR(data)))
    hash_put(rt, table, XCAR(data), XCAR(XCDR(data)));
  return table;
}

/* #("TEXT" START END PLIST ...): TEXT with each PLIST set on its range
   in turn, as Emacs's reader does. */
static mval read_propertized(struct reader *r, mval list)
{
  if (!CONSP(list) || !STRINGP(XCAR(list)))
    syntax_error(r, "#");
  mval string = XCAR(list);
  int64_t n = 0;
  for (mval l = XCDR(list); CONSP(l); l = XCDR(l))
    n++;
  if (n % 3 != 0)
    syntax_error(r, "Invalid string property list");
  for (mval l = XCDR(list); CONSP(l); l = XCDR(XCDR(XCDR(l))))
    textprop_string_set(r->rt, string, XCAR(l), XCAR(XCDR(l)), XCAR(XCDR(XCDR(l))));
  return string;
}

/* The object a frame stands for, once its closing bracket is read. */
static mval close_frame(struct reader *r, mval f, int c)
{
  enum frame_kind kind = FRAME_KIND(f);
  mval head = FRAME_GET(f, FR_HEAD);
  switch (kind) {
  case FRAME_LIST:
    if (c == ']')
      syntax_error(r, "] in a list");
    if (FRAME_GET(f, FR_EXTRA) == make_fixnum(DOT_SEEN))
      syntax_error(r, ")");
    return head;
  case FRAME_VECTOR:
    if (c == ')')
      syntax_error(r, ") or . in a vector");
    if (FRAME_GET(f, FR_EXTRA) == make_fixnum(VECTOR_COMPILED)) {
      mval v = list_to_vectorlike(r->rt, head, PVEC_VECTOR);
      if (!compiled_vector_valid(v)) /* here, to tell a buffer's line */
        syntax_error(r, "Invalid byte-code object");
      return compiled_from_vector(r->rt, v);
    }
    if (FIXNUMP(FRAME_GET(f, FR_EXTRA)))
      return chartab_from_vector(r->rt, list_to_vectorlike(r->rt, head, PVEC_VECTOR),
                                 FRAME_GET(f, FR_EXTRA) == make_fixnum(VECTOR_SUB_CHAR_TABLE));
    return list_to_vectorlike(r->rt, head, PVEC_VECTOR);
  case FRAME_RECORD:
    if (c == ']')
      syntax_error(r, "] in a list");
    if (FRAME_GET(f, FR_EXTRA) == make_fixnum(DOT_SEEN))
      syntax_error(r, ")");
    if (NILP(head)) /* Emacs makes a record of -1 slots */
      wrong_type_argument(r->rt, Qwholenump, make_fixnum(-1));
    /* #s(...) is read as a list, dots and all: (. x) is x */
    if (!CONSP(head))
      wrong_type_argument(r->rt, Qsequencep, head);
    if (XCAR(head) == Qhash_table)
      return read_hash_table(r, XCDR(head));
    list_length(r->rt, head); /* Emacs's length: a dotted or circular list fails */
    return list_to_vectorlike(r->rt, head, PVEC_RECORD);
  case FRAME_PROPERTIZED:
    if (c == ']')
      syntax_error(r, "Invalid string property list");
    return read_propertized(r, head);
  case FRAME_PREFIX:
  case FRAME_LABEL:
    break;
  }
  syntax_error(r, c == ')' ? ")" : "]");
}

/* ================================================================== */
/* The main loop                                                      */
/* ================================================================== */

/* What one step of the tokenizer produced: STEP_NOTHING for text
   that reads as nothing (#!...). */
enum step { STEP_VALUE, STEP_OPEN, STEP_CLOSE, STEP_DOT, STEP_NOTHING };

static bool is_dot_token(struct reader *r)
{
  /* "." followed by a delimiter; ".5" and ".x" are atoms */
  int c = r->pos + 1 < r->len ? r->buf[r->pos + 1] : -1;
  return c <= ' ' || (c < 0200 && strchr("\"';([#?`,", c));
}

/* ---- #N= and #N# ---- */

/* Replace PLACEHOLDER by OBJ inside OBJ's conses, vectors and records
   (the ones Emacs 28 walks), iteratively: the structure may be deep or
   circular. */
static void substitute_placeholder(mrt *rt, mval obj, mval placeholder)
{
  mval seen = make_hash_table(rt, Qeq, 16);
  mval todo = list1(rt, obj);
  while (CONSP(todo)) {
    mval x = XCAR(todo);
    todo = XCDR(todo);
    if (!CONSP(x) && !VECTORP(x) && !PVECP(x, PVEC_RECORD))
      continue;
    if (!NILP(hash_get(rt, seen, x, Qnil)))
      continue;
    hash_put(rt, seen, x, Qt);
    if (CONSP(x)) {
      if (XCAR(x) == placeholder)
        gc_setcar(rt->gc, x, obj);
      if (XCDR(x) == placeholder)
        gc_setcdr(rt->gc, x, obj);
      todo = Fcons(rt, XCAR(x), Fcons(rt, XCDR(x), todo));
      continue;
    }
    for (int64_t i = 0; i < VECTOR_LENGTH(x); i++) {
      if (AREF(x, i) == placeholder)
        gc_aset(rt->gc, x, i, obj);
      todo = Fcons(rt, AREF(x, i), todo);
    }
  }
}

/* The object read after #N= becomes label N.  As in Emacs, a cons is
   moved into the placeholder itself, so the references already made
   to the placeholder need no fixing; anything else is substituted for
   the placeholder inside it. */
static mval finish_label(struct reader *r, mval frame, mval value)
{
  mval placeholder = FRAME_GET(frame, FR_HEAD);
  if (CONSP(value)) {
    gc_setcar(r->rt->gc, placeholder, XCAR(value));
    gc_setcdr(r->rt->gc, placeholder, XCDR(value));
    return placeholder;
  }
  substitute_placeholder(r->rt, value, placeholder);
  hash_put(r->rt, r->labels, FRAME_GET(frame, FR_EXTRA), value);
  return value;
}

static void define_label(struct reader *r, mval *stack, mval n)
{
  mval placeholder = Fcons(r->rt, Qnil, Qnil);
  if (NILP(r->labels))
    r->labels = make_hash_table(r->rt, Qeql, 16);
  hash_put(r->rt, r->labels, n, placeholder);
  *stack = push_frame(r, *stack, FRAME_LABEL, n);
  gc_aset(r->rt->gc, *stack, FR_HEAD, placeholder);
}

/* A "#" syntax error on the character C after it, which Emacs gives
   back first: a buffer's point stays before C. */
static _Noreturn void hash_syntax_error(struct reader *r, int c)
{
  if (c < 0)
    syntax_error(r, "#");
  r->pos--;
  syntax_error_at(r, "#", r->pos);
}

/* After '#' and a digit D: #NrDIGITS, #N= or #N#. */
static enum step read_hash_number(struct reader *r, int64_t n, mval *stack, mval *value)
{
  bool overflow = false;
  while (peek(r) >= '0' && peek(r) <= '9') {
    overflow |= __builtin_mul_overflow(n, 10, &n);
    overflow |= __builtin_add_overflow(n, next(r) - '0', &n);
  }
  int c = next(r);
  if (!overflow && (c == 'r' || c == 'R')) {
    *value = read_radix_integer(r, n);
    return STEP_VALUE;
  }
  if (overflow || n > MOST_POSITIVE_FIXNUM)
    hash_syntax_error(r, c);
  if (c == '=') {
    define_label(r, stack, make_fixnum(n));
    return STEP_OPEN;
  }
  if (c == '#') {
    *value = NILP(r->labels) ? Qunbound : hash_get(r->rt, r->labels, make_fixnum(n), Qunbound);
    if (*value != Qunbound)
      return STEP_VALUE;
  }
  hash_syntax_error(r, c);
}

/* #@N: a docstring of a compiled file, which Emacs skips by N bytes
   only when it reads an .elc file directly; source and strings are
   skipped up to and including the next \037, as here.  #@00 skips the
   rest and reads as nil. */
static enum step skip_dynamic_docstring(struct reader *r, mval *value)
{
  bool zero = true;
  int c, digits = 0;
  int64_t count = 0;
  while ((c = next(r)) >= '0' && c <= '9') {
    /* Emacs refuses a count near the largest string size */
    if (count >= (MOST_POSITIVE_FIXNUM - 100) / 10)
      mrt_error(r->rt, "Maximum string size exceeded");
    count = count * 10 + (c - '0');
    zero &= c == '0';
    if (++digits == 2 && zero) {
      r->pos = r->len;
      *value = Qnil;
      return STEP_VALUE;
    }
  }
  /* A count's terminator is skipped with the text; without a count, the
     terminator is the first character skipped. */
  if (zero && c >= 0)
    r->pos--;
  do
    c = next(r);
  while (c >= 0 && c != 037);
  return STEP_NOTHING;
}

/* #^[ a char-table, #^^[ a sub-char-table: vectors whose EXTRA says
   which, made into one when closed. */
static enum step open_char_table(struct reader *r, mval *stack)
{
  bool sub = peek(r) == '^';
  r->pos += sub;
  if (next(r) != '[')
    syntax_error(r, sub ? "#^^" : "#^");
  *stack = push_frame(r, *stack, FRAME_VECTOR, make_fixnum(sub ? VECTOR_SUB_CHAR_TABLE : VECTOR_CHAR_TABLE));
  return STEP_OPEN;
}

/* After '#'.  Returns STEP_OPEN with *frame pushed, or a value. */
static enum step read_hash(struct reader *r, mval *stack, mval *value)
{
  int c = next(r);
  switch (c) {
  case '\'':
    *stack = push_frame(r, *stack, FRAME_PREFIX, Qfunction);
    return STEP_OPEN;
  case 'x': case 'X': *value = read_radix_integer(r, 16); return STEP_VALUE;
  case 'o': case 'O': *value = read_radix_integer(r, 8); return STEP_VALUE;
  case 'b': case 'B': *value = read_radix_integer(r, 2); return STEP_VALUE;
  case '#': *value = intern_in_obarray(r->rt, r->obarray, empty_string(r->rt, false)); return STEP_VALUE;
  case '&': *value = read_bool_vector(r); return STEP_VALUE;
  case ':':
    *value = read_atom(r, ATOM_UNINTERNED);
    return STEP_VALUE;
  case '_':
    *value = read_atom(r, ATOM_SYMBOL);
    return STEP_VALUE;
  case '$':
    *value = find_symbol_value(r->rt, Qload_file_name);
    return STEP_VALUE;
  case '!':
    while (c >= 0 && c != '\n')
      c = next(r);
    return STEP_NOTHING;
  case '@':
    return skip_dynamic_docstring(r, value);
  case '(':
    *stack = push_frame(r, *stack, FRAME_PROPERTIZED, Qnil);
    return STEP_OPEN;
  case '^':
    return open_char_table(r, stack);
  case '[':
    *stack = push_frame(r, *stack, FRAME_VECTOR, make_fixnum(VECTOR_COMPILED));
    return STEP_OPEN;
  case 's':
    if ((c = next(r)) == '(') {
      *stack = push_frame(r, *stack, FRAME_RECORD, make_fixnum(DOT_NONE));
      return STEP_OPEN;
    }
    hash_syntax_error(r, c);
  case -1:
    syntax_error_at(r, "#", r->pos - 1);
  default:
    if (c >= '0' && c <= '9')
      return read_hash_number(r, c - '0', stack, value);
    hash_syntax_error(r, c);
  }
}

/* Reads one token: a complete atom, or an opening/closing bracket. */
static enum step read_step(struct reader *r, mval *stack, mval *value, int *closer)
{
  int c = skip_blanks(r);
  if (c < 0)
    end_of_file(r);
  r->pos++;
  switch (c) {
  case '(':
    *stack = push_frame(r, *stack, FRAME_LIST, make_fixnum(DOT_NONE));
    return STEP_OPEN;
  case '[':
    *stack = push_frame(r, *stack, FRAME_VECTOR, Qnil);
    return STEP_OPEN;
  case ')':
  case ']':
    *closer = c;
    return STEP_CLOSE;
  case '\'':
    *stack = push_frame(r, *stack, FRAME_PREFIX, Qquote);
    return STEP_OPEN;
  case '`':
    *stack = push_frame(r, *stack, FRAME_PREFIX, Qbackquote);
    return STEP_OPEN;
  case ',': {
    bool splice = peek(r) == '@';
    r->pos += splice;
    *stack = push_frame(r, *stack, FRAME_PREFIX, splice ? Qcomma_at : Qcomma);
    return STEP_OPEN;
  }
  case '#':
    return read_hash(r, stack, value);
  case '"':
    *value = read_string(r);
    return STEP_VALUE;
  case '?':
    *value = read_char_literal(r);
    return STEP_VALUE;
  case '.':
    r->pos--;
    if (is_dot_token(r)) {
      r->pos++;
      return STEP_DOT;
    }
    *value = read_atom(r, ATOM_ANY);
    return STEP_VALUE;
  default:
    r->pos--;
    *value = read_atom(r, ATOM_ANY);
    return STEP_VALUE;
  }
}

static mval read_object(struct reader *r)
{
  mval stack = Qnil, value = Qnil;
  for (;;) {
    int closer = 0;
    r->open_pos = NILP(stack) ? r->pos : (size_t)XFIXNUM(FRAME_GET(stack, FR_START));
    switch (read_step(r, &stack, &value, &closer)) {
    case STEP_OPEN:
      continue;
    case STEP_DOT:
      if (NILP(stack) || FRAME_KIND(stack) >= FRAME_PREFIX)
        syntax_error(r, ".");
      if (FRAME_KIND(stack) == FRAME_PROPERTIZED)
        syntax_error(r, NILP(FRAME_GET(stack, FR_HEAD)) ? "#" : "Invalid string property list");
      if (FRAME_KIND(stack) != FRAME_LIST && FRAME_KIND(stack) != FRAME_RECORD)
        syntax_error(r, ") or . in a vector");
      /* a dot right after a dot is no object: Emacs says just "." */
      if (FRAME_GET(stack, FR_EXTRA) == make_fixnum(DOT_SEEN))
        syntax_error(r, ".");
      if (FRAME_GET(stack, FR_EXTRA) != make_fixnum(DOT_NONE))
        syntax_error(r, ". in wrong context");
      ASET_FIXNUM(stack, FR_EXTRA, make_fixnum(DOT_SEEN));
      continue;
    case STEP_CLOSE:
      if (NILP(stack))
        syntax_error(r, closer == ')' ? ")" : "]");
      value = close_frame(r, stack, closer);
      stack = FRAME_GET(stack, FR_PARENT);
      break;
    case STEP_VALUE:
      break;
    case STEP_NOTHING:
      continue;
    }
    /* Deliver VALUE: wrap it in pending prefixes, then add it to the
       innermost open container, or return it at top level. */
    while (!NILP(stack) && FRAME_KIND(stack) >= FRAME_PREFIX) {
      if (FRAME_KIND(stack) == FRAME_LABEL)
        value = finish_label(r, stack, value);
      else
        value = list2(r->rt, FRAME_GET(stack, FR_EXTRA), value);
      stack = FRAME_GET(stack, FR_PARENT);
    }
    if (NILP(stack))
      return value;
    /* Emacs reads #('s text first and refuses anything else at once. */
    if (FRAME_KIND(stack) == FRAME_PROPERTIZED && NILP(FRAME_GET(stack, FR_HEAD)) &&
        !STRINGP(value))
      syntax_error(r, "#");
    frame_append(r, stack, value);
  }
}

/* ================================================================== */
/* Entry points                                                       */
/* ================================================================== */

static mval read_with(struct reader *r, size_t *pos)
{
  if (skip_blanks(r) < 0) {
    *pos = r->pos;
    return Qunbound;
  }
  mval v = read_object(r);
  *pos = r->pos;
  return v;
}

mval read_one(mrt *rt, const char *buf, size_t len, size_t *pos, const char *filename,
              bool multibyte_source)
{
  struct reader r = {rt, (const uint8_t *)buf, len, *pos, filename, *pos, Qnil,
                     current_obarray(rt), multibyte_source, NULL, 0, Qnil,
                     find_symbol_value(rt, Qread_symbol_shorthands)};
  return read_with(&r, pos);
}

static void unwind_buffer_read(mrt *rt, mval reader)
{
  (void)rt;
  note_buffer_progress((struct reader *)(uintptr_t)reader);
}

/* One object from BUFFER's text at position *POS (point, or a marker's
   position), which then moves past it -- or, should reading fail, past
   what was read, as in Emacs.  LINE_INFO: a failure's
   invalid-read-syntax tells the line and column (a buffer, not a
   marker). */
static mval read_from_buffer(mrt *rt, mval buffer, int64_t *pos, bool line_info)
{
  struct buffer *b = XBUFFER(buffer);
  if (*pos < b->begv || *pos > b->zv)
    args_out_of_range(rt, buffer, make_fixnum(*pos));
  size_t nbytes, used = 0;
  const char *text = (const char *)buffer_text_from(buffer, *pos, &nbytes);
  struct reader r = {rt, (const uint8_t *)text, nbytes, 0, NULL, 0, Qnil,
                     current_obarray(rt), true, pos, *pos, line_info ? buffer : Qnil,
                     find_symbol_value(rt, Qread_symbol_shorthands)};
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, unwind_buffer_read, (mval)(uintptr_t)&r);
  mval v = read_with(&r, &used);
  if (v == Qunbound)
    end_of_string(rt);
  unbind_to(rt, depth);
  return v;
}

/* Byte offset -> character index in S, counting as strfns does (a
   malformed byte is one character). */
static int64_t byte_to_char(mval string, size_t pos)
{
  struct string *s = XSTRING(string);
  if (s->nchars == s->nbytes)
    return (int64_t)pos;
  int64_t chars = 0;
  for (size_t b = 0; b < pos; chars++) {
    int len;
    char_decode(s->data + b, s->data + s->nbytes, &len);
    b += (size_t)len;
  }
  return chars;
}

static int64_t string_index_arg(mrt *rt, mval string, mval arg, int64_t dflt, int64_t lo)
{
  if (NILP(arg))
    return dflt;
  int64_t nchars = XSTRING(string)->nchars;
  CHECK_TYPE(rt, FIXNUMP(arg), Qintegerp, arg);
  int64_t i = XFIXNUM(arg);
  if (i < 0)
    i += nchars;
  if (i < lo || i > nchars)
    return -1;
  return i;
}

/* A unibyte string's bytes are read as the characters 0..255, as
   Emacs reads them: its multibyte equivalent, with the same indices. */
static mval readable_text(mrt *rt, mval string)
{
  bool high = false;
  if (!STRING_MULTIBYTE_P(string))
    utf8_count_chars(XSTRING(string)->data, (size_t)XSTRING(string)->nbytes, &high);
  if (!high)
    return string;
  return sequence_to_string(rt, sequence_to_vector(rt, string));
}

mval read_from_string(mrt *rt, mval string, mval start, mval end)
{
  CHECK_STRING(rt, string);
  bool multibyte = STRING_MULTIBYTE_P(string);
  mval given = string; /* what an error names */
  string = readable_text(rt, string);
  int64_t from = string_index_arg(rt, string, start, 0, 0);
  int64_t to = from < 0 ? -1 : string_index_arg(rt, string, end, XSTRING(string)->nchars, from);
  if (from < 0 || to < 0)
    xsignal3(rt, Qargs_out_of_range, given, start, end);
  struct string *s = XSTRING(string);
  size_t pos = (size_t)string_char_to_byte(string, from);
  size_t limit = NILP(end) ? (size_t)s->nbytes : (size_t)string_char_to_byte(string, to);
  mval v = read_one(rt, (const char *)s->data, limit, &pos, NULL, multibyte);
  if (v == Qunbound)
    end_of_string(rt);
  int64_t end_index = byte_to_char(string, pos);
  return Fcons(rt, v, make_fixnum(end_index));
}

/* ================================================================== */
/* Primitives                                                         */
/* ================================================================== */

static mval Fread_from_string(mrt *rt, int nargs, mval *args)
{
  return read_from_string(rt, args[0], args[1], args[2]);
}

static void restore_reader_stream(mrt *rt, mval outer)
{
  rt->reader_stream = (struct reader_stream *)(uintptr_t)outer;
}

void reader_stream_begin(mrt *rt, struct reader_stream *s)
{
  s->outer = rt->reader_stream;
  record_unwind(rt, restore_reader_stream, (mval)(uintptr_t)s->outer);
  rt->reader_stream = s;
  specbind(rt, Qstandard_input, Qmarrow__load_stream);
}

/* The loading file's next form; end-of-file at its end. */
static mval read_from_reader_stream(mrt *rt)
{
  struct reader_stream *s = rt->reader_stream;
  mval v = read_one(rt, s->text, s->len, s->pos, s->name, s->multibyte);
  if (v == Qunbound)
    end_of_string(rt);
  return v;
}

/* (read STREAM): a string, a buffer (from point, which moves past the
   object), a marker (which moves likewise), a function, or t for
   standard input (read-minibuffer's prompt in batch); nil means
   standard-input's value. */
static mval Fread(mrt *rt, int nargs, mval *args)
{
  mval stream = args[0];
  if (NILP(stream))
    stream = find_symbol_value(rt, Qstandard_input);
  if (stream == Qmarrow__load_stream && rt->reader_stream)
    return read_from_reader_stream(rt);
  if (NILP(stream) || stream == Qt || stream == Qunbound)
    return call1(rt, intern(rt, "read-minibuffer"), make_cstring(rt, "Lisp expression: "));
  if (BUFFERP(stream)) {
    if (NILP(XBUFFER(stream)->name))
      mrt_error(rt, "Reading from killed buffer");
    return read_from_buffer(rt, stream, &XBUFFER(stream)->pt, true);
  }
  if (MARKERP(stream)) {
    buffer_marker_position(rt, stream); /* checks it points somewhere */
    return read_from_buffer(rt, XMARKER(stream)->buffer, &XMARKER(stream)->charpos, false);
  }
  if (!STRINGP(stream))
    return call1(rt, intern(rt, "lread--read-from-function"), stream);
  return XCAR(read_from_string(rt, stream, Qnil, Qnil));
}

static const struct subr_def reader_subrs[] = {
  {"read", Fread, 0, 1},
  {"read-from-string", Fread_from_string, 1, 3},
};

void reader_init(mrt *rt)
{
  defsubrs(rt, reader_subrs, sizeof reader_subrs / sizeof reader_subrs[0]);
  defvar(rt, Qlread__unescaped_character_literals, Qnil);
  defvar(rt, Qread_symbol_shorthands, Qnil);
  defvar(rt, Qstandard_input, Qt);
}
