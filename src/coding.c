/*
** coding.c -- layer 5: encoding and decoding strings (utf-8, utf-16,
** latin-1, us-ascii, binary and their -unix/-dos/-mac variants).
**
** Invariants:
**   - Encoding yields a unibyte string of bytes.  Decoding takes a
**     unibyte string's bytes, or a multibyte string's bytes as
**     string-as-unibyte gives them; a byte that is not valid UTF-8
**     decodes to Emacs's raw-byte character #x3FFF00 + BYTE.
*/
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "coding.h"
#include "coding-cjk.h"
#include "eval.h"
#include "fns.h"
#include "printer.h"
#include "strfns.h"
#include "textprop.h"

#define RAW_BYTE_BASE RAW_BYTE_CHAR(0)

enum charset { CS_UTF8, CS_LATIN1, CS_ASCII, CS_RAW, CS_UTF16, CS_CJK };

/* Flags of a coding system beyond its charset. */
enum {
  CF_SIGNATURE = 1, /* writes a byte order mark; reading skips one */
  CF_LITTLE = 2,    /* UTF-16 little endian */
  CF_AUTO = 4,      /* a mark, if any, picks the coding to read with */
  CF_PREFER = 8,    /* prefer-utf-8: detects even in text of ASCII */
};
enum eol { EOL_UNDECIDED, EOL_UNIX, EOL_DOS, EOL_MAC };

struct coding {
  enum charset charset;
  enum eol eol;
  bool undecided; /* undecided or prefer-utf-8: the text picks the charset */
  int flags;
  enum cjk_coding cjk; /* which, for CS_CJK */
};

static const struct {
  const char *name;
  enum charset charset;
  int flags;
} coding_names[] = {
  {"utf-8", CS_UTF8, 0},       {"utf-8-emacs", CS_UTF8, 0},   {"prefer-utf-8", CS_UTF8, CF_PREFER},
  {"mule-utf-8", CS_UTF8, 0},  {"undecided", CS_UTF8, 0},     {"emacs-internal", CS_UTF8, 0},
  {"latin-1", CS_LATIN1, 0},   {"iso-latin-1", CS_LATIN1, 0}, {"iso-8859-1", CS_LATIN1, 0},
  {"us-ascii", CS_ASCII, 0},   {"ascii", CS_ASCII, 0},        {"raw-text", CS_RAW, 0},
  {"utf-8-with-signature", CS_UTF8, CF_SIGNATURE},
  {"utf-8-auto", CS_UTF8, CF_AUTO},
  {"utf-16", CS_UTF16, CF_SIGNATURE | CF_AUTO},
  {"utf-16be", CS_UTF16, 0},
  {"utf-16le", CS_UTF16, CF_LITTLE},
  {"utf-16-be", CS_UTF16, CF_SIGNATURE},
  {"utf-16be-with-signature", CS_UTF16, CF_SIGNATURE},
  {"utf-16-le", CS_UTF16, CF_SIGNATURE | CF_LITTLE},
  {"utf-16le-with-signature", CS_UTF16, CF_SIGNATURE | CF_LITTLE},
};

/* The CJK coding systems, under each of their names. */
static const struct {
  const char *name;
  enum cjk_coding cjk;
} cjk_names[] = {
  {"japanese-shift-jis", CJK_SJIS}, {"shift_jis", CJK_SJIS},
  {"sjis", CJK_SJIS},
  {"japanese-iso-8bit", CJK_EUC_JP}, {"euc-japan-1990", CJK_EUC_JP},
  {"euc-japan", CJK_EUC_JP}, {"euc-jp", CJK_EUC_JP},
  {"korean-iso-8bit", CJK_EUC_KR}, {"euc-kr", CJK_EUC_KR},
  {"euc-korea", CJK_EUC_KR}, {"ks_c_5601-1987", CJK_EUC_KR},
  {"chinese-iso-8bit", CJK_EUC_CN}, {"cn-gb-2312", CJK_EUC_CN},
  {"euc-china", CJK_EUC_CN}, {"euc-cn", CJK_EUC_CN},
  {"cn-gb", CJK_EUC_CN}, {"gb2312", CJK_EUC_CN},
  {"chinese-big5", CJK_BIG5}, {"big5", CJK_BIG5},
  {"cn-big5", CJK_BIG5}, {"cp950", CJK_BIG5},
  {"iso-2022-jp", CJK_ISO2022_JP}, {"junet", CJK_ISO2022_JP},
  {"mac-roman", CJK_MAC_ROMAN}, {"macintosh", CJK_MAC_ROMAN},
};

/* Other names of raw-text-unix. */
static const char *const raw_unix_names[] = { "binary", "no-conversion" };

static bool strip_suffix(char *name, const char *suffix)
{
  size_t n = strlen(name), k = strlen(suffix);
  if (n <= k || strcmp(name + n - k, suffix) != 0)
    return false;
  name[n - k] = 0;
  return true;
}

/* The coding system NAME, or false when there is no such. */
static bool find_coding(mrt *rt, mval name, struct coding *c)
{
  if (!SYMBOLP(name))
    return false;
  char base[64];
  if (snprintf(base, sizeof base, "%s", symbol_name(rt, name)) >= (int)sizeof base)
    return false;
  c->eol = strip_suffix(base, "-unix") ? EOL_UNIX
           : strip_suffix(base, "-dos") ? EOL_DOS
           : strip_suffix(base, "-mac") ? EOL_MAC
                                         : EOL_UNDECIDED;
  c->undecided = false;
  c->flags = 0;
  static const char *const eol_names[] = { [EOL_UNIX] = "unix", [EOL_DOS] = "dos", [EOL_MAC] = "mac" };
  for (int eol = EOL_UNIX; eol <= EOL_MAC; eol++)
    if (c->eol == EOL_UNDECIDED && strcmp(base, eol_names[eol]) == 0) {
      /* undecided with that end of line, under the end of line's name */
      c->charset = CS_UTF8;
      c->undecided = true;
      c->eol = (enum eol)eol;
      return true;
    }
  for (size_t i = 0; i < sizeof raw_unix_names / sizeof raw_unix_names[0]; i++)
    if (c->eol == EOL_UNDECIDED && strcmp(base, raw_unix_names[i]) == 0) {
      c->charset = CS_RAW;
      c->eol = EOL_UNIX;
      return true;
    }
  for (size_t i = 0; i < sizeof cjk_names / sizeof cjk_names[0]; i++)
    if (strcmp(base, cjk_names[i].name) == 0) {
      c->charset = CS_CJK;
      c->cjk = cjk_names[i].cjk;
      return true;
    }
  for (size_t i = 0; i < sizeof coding_names / sizeof coding_names[0]; i++)
    if (strcmp(base, coding_names[i].name) == 0) {
      c->charset = coding_names[i].charset;
      c->flags = coding_names[i].flags;
      c->undecided = !strcmp(base, "undecided") || !strcmp(base, "prefer-utf-8");
      if (!strcmp(base, "emacs-internal")) /* utf-8-emacs-unix under another name */
        c->eol = EOL_UNIX;
      return true;
    }
  return false;
}

static struct coding check_coding(mrt *rt, mval name)
{
  struct coding c;
  if (!find_coding(rt, name, &c))
    xsignal1(rt, intern(rt, "coding-system-error"), name);
  return c;
}

/* The coding system NAME to convert with: as Emacs, one that converts
   no end of line while inhibit-eol-conversion is non-nil. */
static struct coding converting_coding(mrt *rt, mval name)
{
  struct coding c = check_coding(rt, name);
  if (!NILP(symbol_value(rt, intern(rt, "inhibit-eol-conversion"))))
    c.eol = EOL_UNIX;
  return c;
}

static void put_char(struct strbuf *b, int c)
{
  uint8_t utf8[MAX_CHAR_BYTES];
  strbuf_put(b, (const char *)utf8, (size_t)char_encode(c, utf8));
}

static void put_byte(struct strbuf *b, int byte)
{
  char c = (char)byte;
  strbuf_put(b, &c, 1);
}

static void put_utf16_unit(struct strbuf *b, int unit, bool little)
{
  put_byte(b, little ? unit & 0xFF : unit >> 8);
  put_byte(b, little ? unit >> 8 : unit & 0xFF);
}

/* C in UTF-16: beyond Unicode (raw bytes too) it has no code, and a
   space stands for it, as in Emacs; a lone surrogate goes as it is. */
static void encode_utf16_char(struct strbuf *b, int c, bool little)
{
  if (c > 0x10FFFF)
    c = ' ';
  if (c < 0x10000) {
    put_utf16_unit(b, c, little);
    return;
  }
  put_utf16_unit(b, 0xD800 + ((c - 0x10000) >> 10), little);
  put_utf16_unit(b, 0xDC00 + ((c - 0x10000) & 0x3FF), little);
}

static const uint8_t utf8_signature[] = { 0xEF, 0xBB, 0xBF };

/* The byte order mark that starts text in coding C, if it has one. */
static void encode_signature(struct strbuf *b, struct coding c)
{
  if (!(c.flags & CF_SIGNATURE))
    return;
  if (c.charset == CS_UTF16)
    put_utf16_unit(b, 0xFEFF, c.flags & CF_LITTLE);
  else
    strbuf_put(b, (const char *)utf8_signature, sizeof utf8_signature);
}

/* One character as bytes in coding C. */
static void encode_char(struct strbuf *b, int c, struct coding coding)
{
  enum charset cs = coding.charset;
  if (cs == CS_UTF16) {
    encode_utf16_char(b, c, coding.flags & CF_LITTLE);
    return;
  }
  if (c >= RAW_BYTE_BASE + 0x80) {
    put_byte(b, c - RAW_BYTE_BASE);
    return;
  }
  if (cs == CS_LATIN1 || cs == CS_ASCII) {
    int limit = cs == CS_LATIN1 ? 256 : 128;
    put_byte(b, c < limit ? c : cs == CS_LATIN1 ? ' ' : '?');
    return;
  }
  uint8_t utf8[MAX_CHAR_BYTES];
  strbuf_put(b, (const char *)utf8, (size_t)char_encode(c, utf8));
}


static int utf8_char_at(const uint8_t *in, size_t n, size_t i, int *len);

/* The character at byte OFF of STRING to encode, its length in *LEN.
   As Emacs, a unibyte string's bytes are read as its internal form
   would be: UTF-8 where they spell it, else raw bytes; or all as raw
   bytes when the coding is raw text (AS_BYTES). */
static int encoded_char_at(mval string, int64_t off, int *len, bool as_bytes)
{
  if (STRING_MULTIBYTE_P(string))
    return string_decode(string, off, len);
  const uint8_t *data = XSTRING(string)->data;
  size_t n = (size_t)XSTRING(string)->nbytes;
  int c = as_bytes ? -1 : utf8_char_at(data, n, (size_t)off, len);
  if (c >= 0)
    return c;
  if (as_bytes) {
    *len = 1;
    return data[off] < 0x80 ? data[off] : RAW_BYTE_BASE + data[off];
  }
  bool two_byte_raw = (data[off] & 0xFE) == 0xC0 && (size_t)off + 1 < n &&
                      (data[off + 1] & 0xC0) == 0x80;
  *len = two_byte_raw ? 2 : 1;
  if (two_byte_raw) /* how the internal form spells a raw byte */
    return RAW_BYTE_BASE + (0x80 | (data[off] & 1) << 6 | (data[off + 1] & 0x3F));
  return RAW_BYTE_BASE + data[off];
}

static bool ascii_only(const uint8_t *bytes, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (bytes[i] >= 0x80)
      return false;
  return true;
}

/* Whether Emacs hands STRING back unconverted when coding it with C
   (ENCODING or decoding): a coding that takes ASCII as itself and
   detects nothing, text of ASCII only, and no end of line to convert
   (an LF to encode, a CR to decode). */
static bool codes_as_itself(mval string, struct coding c, bool encoding)
{
  if (c.charset == CS_UTF16 || c.flags || (c.charset == CS_CJK && c.cjk == CJK_ISO2022_JP))
    return false;
  const struct string *s = XSTRING(string);
  if (STRING_MULTIBYTE_P(string) ? s->nchars != s->nbytes : !ascii_only(s->data, (size_t)s->nbytes))
    return false;
  return c.eol == EOL_UNIX || !memchr(s->data, encoding ? '\n' : '\r', (size_t)s->nbytes);
}

/* STRING itself when NOCOPY, else a copy of it, unibyte when ENCODED. */
static mval uncoded(mrt *rt, mval string, mval nocopy, bool encoded)
{
  if (!NILP(nocopy))
    return string;
  const struct string *s = XSTRING(string);
  mval copy = make_unibyte_string(rt, (const char *)s->data, (size_t)s->nbytes);
  return encoded ? copy : string_to_multibyte(rt, copy);
}

/* What coding STRING with no coding system (nil) gives. */
static mval not_coded(mrt *rt, mval string, mval nocopy)
{
  set_symbol_value(rt, Qlast_coding_system_used, Qno_conversion);
  return NILP(nocopy) ? call1(rt, intern(rt, "copy-sequence"), string) : string;
}

/* STRING encoded into B with C, a CJK coding. */
static void encode_cjk(struct strbuf *b, mval string, struct coding c)
{
  struct cjk_encoder e = { c.cjk, CJK_NO_CHARSET };
  for (int64_t off = 0; off < XSTRING(string)->nbytes;) {
    int len, ch = encoded_char_at(string, off, &len, false);
    off += len;
    if (ch == '\n' && c.eol == EOL_DOS)
      cjk_encode_char(b, &e, '\r');
    cjk_encode_char(b, &e, ch == '\n' && c.eol == EOL_MAC ? '\r' : ch);
  }
  cjk_encode_end(b, &e);
}

/* (encode-coding-string STRING CODING-SYSTEM &optional NOCOPY BUFFER) */
static mval Fencode_coding_string(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  if (NILP(args[1]))
    return not_coded(rt, args[0], args[2]);
  struct coding c = converting_coding(rt, args[1]);
  set_symbol_value(rt, Qlast_coding_system_used, args[1]);
  if (codes_as_itself(args[0], c, true))
    return uncoded(rt, args[0], args[2], true);
  struct strbuf b = {0};
  size_t depth = strbuf_protect(rt, &b);
  if (c.charset == CS_CJK) {
    encode_cjk(&b, args[0], c);
    return strbuf_release(rt, &b, true, depth);
  }
  encode_signature(&b, c);
  for (int64_t off = 0; off < XSTRING(args[0])->nbytes;) {
    int len, ch = encoded_char_at(args[0], off, &len, c.charset == CS_RAW);
    off += len;
    if (ch == '\n' && c.eol == EOL_DOS)
      encode_char(&b, '\r', c);
    encode_char(&b, ch == '\n' && c.eol == EOL_MAC ? '\r' : ch, c);
  }
  return strbuf_release(rt, &b, true, depth);
}

/* STRING's bytes (see the invariants), malloc'd and freed when the
   specpdl unwinds past the caller's depth. */
static uint8_t *string_to_bytes(mrt *rt, mval string, size_t *n)
{
  mval bytes = string_as_unibyte(rt, string);
  *n = (size_t)XSTRING(bytes)->nbytes;
  uint8_t *out = malloc(*n + 1);
  if (!out)
    memory_full(rt);
  memcpy(out, XSTRING(bytes)->data, *n);
  free_on_unwind(rt, out);
  return out;
}

/* The character whose UTF-8 starts IN[I], its length in *LEN; -1 when
   the bytes there are not valid: not the shortest form, or a
   surrogate, or C0 or C1 first (which spell raw bytes in Emacs's
   internal form).  As Emacs's utf-8, code points past Unicode's up to
   Emacs's own characters decode. */
static int utf8_char_at(const uint8_t *in, size_t n, size_t i, int *len)
{
  int c = char_decode(in + i, in + n, len);
  uint8_t check[MAX_CHAR_BYTES];
  bool surrogate = c >= 0xD800 && c <= 0xDFFF;
  bool valid = in[i] < 0x80 || (*len > 1 && char_encode(c, check) == *len &&
                                memcmp(check, in + i, (size_t)*len) == 0 && !surrogate &&
                                c < RAW_BYTE_BASE);
  return valid ? c : -1;
}

/* Decodes the UTF-8 at IN[*I..N) into B, advancing *I. */
static void decode_utf8_char(struct strbuf *b, const uint8_t *in, size_t n, size_t *i)
{
  int len, c = utf8_char_at(in, n, *i, &len);
  if (c < 0) {
    put_char(b, RAW_BYTE_BASE + in[*i]);
    *i += 1;
    return;
  }
  put_char(b, c);
  *i += (size_t)len;
}

/* Decodes IN[*I], the byte after a lone CR in UTF-8 with DOS ends of
   line named (not detected), into B, advancing *I, when it starts no
   valid character; false when it does.  As Emacs, which reads that
   byte ahead looking for an LF: it is lost, and the byte after it goes
   as a character of its own, an LF there taking the place of the CR. */
static bool bad_byte_after_cr(struct strbuf *b, const uint8_t *in, size_t n, size_t *i)
{
  int len;
  if (in[*i] < 0x80 || utf8_char_at(in, n, *i, &len) >= 0)
    return false;
  if (*i + 1 == n) {
    *i += 1;
    return true;
  }
  int next = in[*i + 1];
  if (next == '\n')
    b->len--; /* the CR, one byte */
  put_char(b, next < 0x80 ? next : RAW_BYTE_BASE + next);
  *i += 2;
  return true;
}

/* What Emacs's detection sees in bytes to decode. */
struct scan {
  bool non_ascii, has_cr;
  bool valid_utf8; /* as Emacs's detection has it (see utf8_detected) */
  bool c1; /* a byte #x80..#x9F: not Latin-1 text either */
  bool found[8]; /* which categories take the text (see scan_units) */
  enum cjk_coding euc; /* the EUC coding the priority list puts first */
  enum charset detected; /* what undecided decodes it with (see detect) */
  enum cjk_coding detected_cjk; /* which, when that is CS_CJK */
  mval detected_name; /* the coding system of the priority list that settled it, or nil */
  /* As Emacs settles it: a bare LF anywhere makes it Unix, else a CRLF
     DOS, else a CR Mac; undecided when there is no end of line. */
  enum eol eol;
};

static struct scan scan_bytes(const uint8_t *in, size_t n)
{
  struct scan s = { 0 };
  bool lf = false, crlf = false;
  for (size_t i = 0; i < n; i++) {
    int len;
    if (in[i] >= 0x80) {
      s.non_ascii = true;
      if (utf8_char_at(in, n, i, &len) >= 0)
        i += (size_t)len - 1;
    } else if (in[i] == '\n')
      lf = true;
    else if (in[i] == '\r') {
      s.has_cr = true;
      crlf |= i + 1 < n && in[i + 1] == '\n';
      i += i + 1 < n && in[i + 1] == '\n';
    }
  }
  s.eol = lf ? EOL_UNIX : crlf ? EOL_DOS : s.has_cr ? EOL_MAC : EOL_UNDECIDED;
  return s;
}

/* Whether Shift-JIS, as Emacs's detection reads it, refuses the units
   IN[0..N) (see string_to_units): a byte that starts no character of
   it, or a two-byte character cut short or with a bad second byte. */
static bool sjis_refuses(const int *in, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    int c = in[i];
    if (c < 0x80 || (c >= 0xA0 && c < 0xE0))
      continue;
    bool lead = (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xEF);
    if (!lead || i + 1 == n)
      return true;
    int next = in[++i];
    if (next < 0x40 || next == 0x7F || next > 0xFC)
      return true;
  }
  return false;
}

/* How many bytes a character whose emacs-mule code starts with byte C
   takes, as Emacs's detection counts them. */
static int emacs_mule_length(int c)
{
  return c >= 0x81 && c <= 0x8F ? 2
         : c >= 0x90 && c <= 0x9B ? 3
         : c == 0x9C || c == 0x9D ? 4
         : c == 0x9E || c == 0x9F ? 2
                                  : 1;
}

/* Whether emacs-mule, as Emacs's detection reads it, refuses the units
   IN[0..N): an escape, shift-in or shift-out; a composition (#x80) of
   four bytes or less; or a character cut short. */
static bool emacs_mule_refuses(const int *in, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    int c = in[i];
    if (c == 0x1B || c == 0x0E || c == 0x0F)
      return true;
    if (c < 0x80)
      continue;
    size_t j = i + 1;
    if (c == 0x80) {
      while (j < n && in[j] >= 0xA0)
        j++;
      if (j - i - 1 <= 4)
        return true;
      i = j - 1;
      continue;
    }
    for (int more = emacs_mule_length(c) - 1; more > 0; more--, j++)
      if (j == n || in[j] < 0xA0)
        return true;
    i = j - 1;
  }
  return false;
}

/* Whether Big5, as Emacs's detection reads it, refuses the units
   IN[0..N): a byte #x80..#xA0 starting a character, one cut short, or
   a second byte below #x40 or in #x7F..#xA0. */
static bool big5_refuses(const int *in, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    if (in[i] < 0x80)
      continue;
    if (in[i] <= 0xA0 || i + 1 == n)
      return true;
    int next = in[++i];
    if (next >= 0 && (next < 0x40 || (next >= 0x7F && next <= 0xA0)))
      return true;
  }
  return false;
}

/* Whether IN[I] is EUC's single shift 2 or 3 before the graphic bytes
   it takes, the only C1 bytes an 8-bit ISO-2022 coding allows. */
static bool euc_shift_at(const int *in, size_t n, size_t i)
{
  size_t need = in[i] == 0x8E ? 1 : in[i] == 0x8F ? 2 : 0;
  if (need == 0 || i + need >= n)
    return false;
  for (size_t k = 1; k <= need; k++)
    if (in[i + k] < 0xA1 || in[i + k] > 0xFE)
      return false;
  return true;
}

/* Whether UTF-8, as Emacs's detection reads it, takes the units
   IN[0..N): each byte above ASCII starts a sequence of two to four
   bytes by its high bits, the rest of it all #x80..#xBF; the shortest
   form is not asked for (decoding then leaves a longer one as raw
   bytes). */
static bool utf8_detected(const int *in, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    int c = in[i];
    if (c < 0x80)
      continue;
    size_t more = (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : 0;
    if (more == 0 || i + more >= n)
      return false;
    for (; more > 0; more--)
      if (in[++i] < 0 || (in[i] & 0xC0) != 0x80)
        return false;
  }
  return true;
}

/* The kinds of coding Emacs's detection tells apart (its categories)
   that marrow follows, in Emacs's default order of priority. */
enum category {
  CAT_UTF8, CAT_LATIN1, CAT_SS2, CAT_MULE, CAT_EUC, CAT_UTF8_AUTO, CAT_SJIS, CAT_BIG5, CAT_NONE
};

/* Notes in S what the units IN[0..N) show beyond their bytes: C1
   control bytes, and which categories take them, as Emacs's detection
   has it: UTF-8; Latin-1 (no C1 byte); EUC's single shifts
   (iso-2022-8bit-ss2); emacs-mule; EUC (8-bit ISO-2022, no C1 byte);
   Shift-JIS; Big5. */
static void scan_units(struct scan *s, const int *in, size_t n)
{
  bool ss2 = true, latin1 = true;
  s->valid_utf8 = utf8_detected(in, n);
  s->c1 = false;
  for (size_t i = 0; i < n; i++) {
    bool c1 = in[i] >= 0x80 && in[i] < 0xA0;
    /* As Emacs's latin-extra-code-table has it by default, #x91..#x96
       (Windows' quotes and dashes) leave 8-bit ISO-2022 possible. */
    bool extra = in[i] >= 0x91 && in[i] <= 0x96;
    s->c1 |= c1;
    latin1 &= !c1 || extra;
    if (c1 && !extra)
      ss2 &= euc_shift_at(in, n, i);
  }
  bool found[] = {
    [CAT_UTF8] = s->valid_utf8,
    [CAT_LATIN1] = latin1,
    [CAT_SS2] = s->c1 && ss2,
    [CAT_MULE] = s->c1 && !emacs_mule_refuses(in, n),
    [CAT_EUC] = !s->c1 && cjk_accepts(CJK_EUC_CN, in, n),
    [CAT_UTF8_AUTO] = s->valid_utf8,
    [CAT_SJIS] = !sjis_refuses(in, n),
    [CAT_BIG5] = !big5_refuses(in, n),
  };
  memcpy(s->found, found, sizeof found);
}

/* The category of coding system CODING, and for EUC which in *EUC. */
static enum category coding_category(mrt *rt, mval coding, enum cjk_coding *euc)
{
  struct coding c;
  if (!find_coding(rt, coding, &c) || c.undecided || c.flags)
    return CAT_NONE;
  if (c.charset == CS_UTF8)
    return CAT_UTF8;
  if (c.charset == CS_LATIN1)
    return CAT_LATIN1;
  if (c.charset != CS_CJK || c.cjk == CJK_ISO2022_JP || c.cjk == CJK_MAC_ROMAN)
    return CAT_NONE;
  *euc = c.cjk;
  return c.cjk == CJK_SJIS ? CAT_SJIS : c.cjk == CJK_BIG5 ? CAT_BIG5 : CAT_EUC;
}

/* Settles in S what undecided decodes it with, CATEGORY being the one
   detection found first.  marrow reads what Emacs reads as
   iso-2022-8bit-ss2 or emacs-mule as UTF-8 with raw bytes. */
static void settle(struct scan *s, enum category category, enum cjk_coding euc)
{
  static const enum charset charsets[] = {
    [CAT_UTF8] = CS_UTF8, [CAT_LATIN1] = CS_LATIN1, [CAT_SS2] = CS_UTF8, [CAT_MULE] = CS_UTF8,
    [CAT_EUC] = CS_CJK,   [CAT_UTF8_AUTO] = CS_UTF8, [CAT_SJIS] = CS_CJK, [CAT_BIG5] = CS_CJK,
    [CAT_NONE] = CS_RAW,
  };
  s->detected = charsets[category];
  s->detected_cjk = category == CAT_SJIS ? CJK_SJIS : category == CAT_BIG5 ? CJK_BIG5 : euc;
}

/* Settles what undecided decodes S with: as Emacs, the first category
   in the order of priority that takes the text, the coding systems
   with-coding-priority or set-coding-system-priority put first before
   the rest; raw text when none takes it. */
static void detect(mrt *rt, struct scan *s)
{
  enum cjk_coding euc = CJK_EUC_CN, named = CJK_EUC_CN;
  s->detected_name = Qnil;
  mval priority = symbol_value(rt, intern(rt, "mule--coding-priority"));
  for (mval p = priority; CONSP(p); p = XCDR(p))
    if (coding_category(rt, XCAR(p), &named) == CAT_EUC) {
      euc = named; /* EUC's first coding stands for the category */
      break;
    }
  s->euc = euc;
  for (mval p = priority; CONSP(p); p = XCDR(p)) {
    enum category category = coding_category(rt, XCAR(p), &named);
    if (category != CAT_NONE && s->found[category]) {
      settle(s, category, euc);
      s->detected_name = XCAR(p); /* as Emacs, under the name given there */
      return;
    }
  }
  for (int category = CAT_UTF8; category < CAT_NONE; category++)
    if (s->found[category]) {
      settle(s, (enum category)category, euc);
      return;
    }
  settle(s, CAT_NONE, euc);
}

/* The charset undecided decodes the text S with (see detect). */
static enum charset detected_charset(const struct scan *s) { return s->detected; }

/* The name of the CJK coding system detection settled on in S. */
static const char *detected_cjk_name(const struct scan *s)
{
  static const char *const names[] = {
    [CJK_SJIS] = "japanese-shift-jis", [CJK_EUC_JP] = "japanese-iso-8bit",
    [CJK_EUC_KR] = "korean-iso-8bit",  [CJK_EUC_CN] = "chinese-iso-8bit",
    [CJK_BIG5] = "chinese-big5",
  };
  return names[s->detected_cjk];
}

static const char *const eol_suffixes[] = { "", "-unix", "-dos", "-mac" };

static mval coding_with_eol(mrt *rt, mval coding, enum eol eol);

/* last-coding-system-used after decoding bytes S with CODING, C its
   parsed form: the coding system Emacs's detection settles on.  As in
   Emacs, text of ASCII only with no CR leaves the end of line
   undecided, except for prefer-utf-8. */
static mval decoded_with(mrt *rt, mval coding, struct coding c, const struct scan *s)
{
  static const char *const detected_names[] = {
    [CS_UTF8] = "utf-8", [CS_LATIN1] = "iso-latin-1", [CS_RAW] = "raw-text"
  };
  if (c.undecided && s->non_ascii) {
    enum charset cs = detected_charset(s);
    const char *name = cs == CS_CJK ? detected_cjk_name(s) : detected_names[cs];
    coding = coding_with_eol(rt, intern(rt, name), c.eol);
  }
  bool detect = s->non_ascii || s->has_cr || c.flags & (CF_SIGNATURE | CF_AUTO) ||
                !strcmp(symbol_name(rt, coding), "prefer-utf-8");
  if (c.eol != EOL_UNDECIDED || s->eol == EOL_UNDECIDED || !detect)
    return coding;
  return coding_with_eol(rt, coding, s->eol);
}

/* As Emacs, text decoded from Latin-1 says so in a `charset' property
   from FROM to its end. */
static void mark_latin1(mrt *rt, mval decoded, int64_t from)
{
  mval plist = list2(rt, intern(rt, "charset"), intern(rt, "iso-8859-1"));
  textprop_string_set(rt, decoded, make_fixnum(from), make_fixnum(XSTRING(decoded)->nchars), plist);
}

/* The UTF-16 at IN[0..N) as characters into CHARS (room for N + 1),
   their count returned.  IN holds bytes, or as the negated code a
   character of a multibyte string that no byte spells, which goes
   as it is.  As Emacs: a high surrogate not followed by a low one gives
   its two bytes as characters, one pending at the end is dropped, and
   an odd last byte is a character of its own.  With DOS ends of line
   named (not detected), a CR with less than a unit after it ends the
   decoding. */
static size_t utf16_chars(const int *in, size_t n, bool little, bool dos, int *chars)
{
  size_t i = 0, out = 0;
  int surrogate = 0;
  while (i + 1 < n) {
    if (in[i] < 0 || in[i + 1] < 0) {
      if (in[i] >= 0)
        chars[out++] = in[i] < 0x80 ? in[i] : RAW_BYTE_BASE + in[i];
      chars[out++] = -in[i + (in[i] >= 0)];
      i += 1 + (in[i] >= 0);
      continue;
    }
    int unit = little ? in[i] | in[i + 1] << 8 : in[i] << 8 | in[i + 1];
    if (dos && unit == '\r' && n - i < 4) {
      /* As Emacs: dropped after a CR, else left as bytes. */
      i += out > 0 && chars[out - 1] == '\r' ? 2 : 0;
      break;
    }
    i += 2;
    if (surrogate && unit >= 0xDC00 && unit <= 0xDFFF) {
      chars[out++] = 0x10000 + ((surrogate - 0xD800) << 10) + (unit - 0xDC00);
      surrogate = 0;
      continue;
    }
    if (surrogate) {
      chars[out++] = little ? surrogate & 0xFF : surrogate >> 8;
      chars[out++] = little ? surrogate >> 8 : surrogate & 0xFF;
    }
    /* As Emacs, a pending high surrogate stays pending past other
       characters, its bytes repeated before each. */
    if (unit >= 0xD800 && unit <= 0xDBFF)
      surrogate = unit;
    else
      chars[out++] = unit;
  }
  for (; i < n; i++)
    chars[out++] = in[i] < 0 ? -in[i] : in[i] < 0x80 ? in[i] : RAW_BYTE_BASE + in[i];
  return out;
}

/* STRING as decoders read it (see utf16_chars), malloc'd and freed
   when the specpdl unwinds past the caller's depth. */
static int *string_to_units(mrt *rt, mval string, size_t *n)
{
  int64_t nbytes = XSTRING(string)->nbytes;
  int *units = malloc(((size_t)nbytes + 1) * sizeof *units);
  if (!units)
    memory_full(rt);
  free_on_unwind(rt, units);
  bool multibyte = STRING_MULTIBYTE_P(string);
  *n = 0;
  for (int64_t off = 0; off < nbytes;) {
    int len, c = string_decode(string, off, &len);
    off += len;
    bool byte = !multibyte || c < 0x80 || c >= RAW_BYTE_BASE;
    units[(*n)++] = !byte ? -c : c >= RAW_BYTE_BASE ? c - RAW_BYTE_BASE : c;
  }
  return units;
}

/* The end of line decoded characters show, settled as for bytes in
   scan_bytes. */
static enum eol chars_eol(const int *chars, size_t n)
{
  bool lf = false, crlf = false, cr = false;
  for (size_t i = 0; i < n; i++) {
    lf |= chars[i] == '\n';
    if (chars[i] == '\r') {
      cr = true;
      crlf |= i + 1 < n && chars[i + 1] == '\n';
      i += i + 1 < n && chars[i + 1] == '\n';
    }
  }
  return lf ? EOL_UNIX : crlf ? EOL_DOS : cr ? EOL_MAC : EOL_UNDECIDED;
}

/* The byte order mark starting IN[0..N) as a big-endian unit, or 0. */
static int utf16_signature(const int *in, size_t n)
{
  int mark = n >= 2 && in[0] >= 0 && in[1] >= 0 ? in[0] << 8 | in[1] : 0;
  return mark == 0xFEFF || mark == 0xFFFE ? mark : 0;
}

/* STRING decoded with UTF-16 coding C named CODING; sets
   last-coding-system-used as Emacs does, naming the endianness a mark
   showed to utf-16 (which, as Emacs, looks for one only in text of an
   even length). */
static mval decode_utf16(mrt *rt, mval string, mval coding, struct coding c)
{
  size_t n, depth = rt->specpdl_depth;
  const int *in = string_to_units(rt, string, &n);
  bool little = c.flags & CF_LITTLE;
  int mark = c.flags & CF_SIGNATURE ? utf16_signature(in, n) : 0;
  if (c.flags & CF_AUTO && n % 2)
    mark = 0;
  if (mark && c.flags & CF_AUTO) {
    little = mark == 0xFFFE;
    coding = intern(rt, little ? "utf-16le-with-signature" : "utf-16be-with-signature");
    coding = coding_with_eol(rt, coding, c.eol);
  }
  if (mark && (c.flags & CF_AUTO || (mark == 0xFFFE) == little)) {
    in += 2;
    n -= 2;
  }
  int *chars = malloc((n + 1) * sizeof *chars);
  if (!chars)
    memory_full(rt);
  free_on_unwind(rt, chars);
  size_t nchars = utf16_chars(in, n, little, c.eol == EOL_DOS, chars);
  enum eol eol = c.eol == EOL_UNDECIDED ? chars_eol(chars, nchars) : c.eol;
  set_symbol_value(rt, Qlast_coding_system_used, coding_with_eol(rt, coding, eol));
  struct strbuf b = {0};
  strbuf_protect(rt, &b);
  for (size_t i = 0; i < nchars; i++) {
    bool crlf = i + 1 < nchars && chars[i + 1] == '\n';
    if (chars[i] == '\r' && eol == EOL_DOS && crlf)
      continue;
    put_char(&b, chars[i] == '\r' && eol == EOL_MAC ? '\n' : chars[i]);
  }
  return string_to_multibyte(rt, strbuf_release(rt, &b, false, depth));
}

/* STRING, whose units (see string_to_units) are IN[0..N), decoded
   with C, a coding of one byte a character: Latin-1, ASCII or raw
   text.  As Emacs: a character of a multibyte string that no byte
   spells goes as it is, or, in raw text, as the low byte of its
   negated code; raw text comes out unibyte (ASCII text that decodes as
   itself never gets here: see codes_as_itself); and the `charset' property of Latin-1 starts at the first
   character decoded that is first or beyond ASCII, or nowhere in text
   of ASCII only.  (Where Emacs puts that property varies with what it
   decoded before; this is what a fresh Emacs does.) */
static mval decode_units(mrt *rt, mval string, const int *in, size_t n, struct coding c,
                         const struct scan *s, size_t depth)
{
  bool unibyte = c.charset == CS_RAW;
  bool no_run = !s->non_ascii;
  enum eol eol = c.eol == EOL_UNDECIDED ? s->eol : c.eol;
  int64_t run = -1, out = 0;
  struct strbuf b = {0};
  strbuf_protect(rt, &b);
  for (size_t i = 0; i < n; i++, out++) {
    int u = in[i];
    if (u == '\r' && eol == EOL_DOS && i + 1 < n && in[i + 1] == '\n')
      u = in[++i];
    else if (u == '\r' && eol == EOL_MAC)
      u = '\n';
    if (u < 0) {
      if (c.charset == CS_RAW)
        put_byte(&b, u & 0xFF);
      else
        put_char(&b, -u);
      continue;
    }
    if (run < 0 && !no_run && (out == 0 || u >= 0x80))
      run = out;
    if (c.charset == CS_RAW)
      put_byte(&b, u);
    else
      put_char(&b, c.charset == CS_ASCII && u >= 0x80 ? RAW_BYTE_BASE + u : u);
  }
  mval decoded = strbuf_release(rt, &b, unibyte, depth);
  if (unibyte)
    return decoded;
  decoded = string_to_multibyte(rt, decoded);
  if (c.charset == CS_LATIN1 && run >= 0)
    mark_latin1(rt, decoded, run);
  return decoded;
}

/* As Emacs, the characters from one decoded from a charset to the
   next decoded from another say so in a `charset' property: ASCII and
   raw bytes between leave the charset as it was, but not the bytes of
   a code the text ends in the middle of. */
static void mark_charsets(mrt *rt, mval decoded, const uint8_t *charsets, size_t n)
{
  size_t start = 0;
  int charset = CJK_NO_CHARSET;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && (charsets[i] == CJK_NO_CHARSET || charsets[i] == charset))
      continue;
    if (charset != CJK_NO_CHARSET && charset != CJK_CUT_SHORT) {
      mval plist = list2(rt, intern(rt, "charset"), intern(rt, cjk_charset_name(charset)));
      textprop_string_set(rt, decoded, make_fixnum((int64_t)start), make_fixnum((int64_t)i), plist);
    }
    start = i;
    charset = i < n ? charsets[i] : CJK_NO_CHARSET;
  }
}

/* STRING decoded with C, a CJK coding named CODING; sets
   last-coding-system-used as Emacs does. */
static mval decode_cjk(mrt *rt, mval string, mval coding, struct coding c)
{
  size_t n, depth = rt->specpdl_depth;
  const int *in = string_to_units(rt, string, &n);
  int *chars = malloc((n + 1) * sizeof *chars);
  uint8_t *charsets = malloc(n + 1);
  free_on_unwind(rt, chars);
  free_on_unwind(rt, charsets);
  if (!chars || !charsets)
    memory_full(rt);
  size_t nchars = cjk_decode(c.cjk, in, n, chars, charsets);
  enum eol eol = c.eol == EOL_UNDECIDED ? chars_eol(chars, nchars) : c.eol;
  set_symbol_value(rt, Qlast_coding_system_used, coding_with_eol(rt, coding, eol));
  struct strbuf b = {0};
  size_t inner = strbuf_protect(rt, &b);
  size_t out = 0;
  for (size_t i = 0; i < nchars; i++) {
    bool crlf = i + 1 < nchars && chars[i + 1] == '\n';
    if (chars[i] == '\r' && eol == EOL_DOS && crlf)
      continue;
    put_char(&b, chars[i] == '\r' && eol == EOL_MAC ? '\n' : chars[i]);
    charsets[out++] = charsets[i];
  }
  mval decoded = string_to_multibyte(rt, strbuf_release(rt, &b, false, inner));
  mark_charsets(rt, decoded, charsets, out);
  unbind_to(rt, depth);
  return decoded;
}

/* Whether with-coding-priority put utf-8-auto first, which makes
   undecided take a byte order mark as utf-8-auto does. */
static bool utf8_auto_first(mrt *rt)
{
  mval priority = symbol_value(rt, intern(rt, "mule--coding-priority"));
  return CONSP(priority) && XCAR(priority) == intern(rt, "utf-8-auto");
}

/* (decode-coding-string STRING CODING-SYSTEM &optional NOCOPY BUFFER) */
static mval Fdecode_coding_string(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  if (NILP(args[1]))
    return not_coded(rt, args[0], args[2]);
  struct coding c = converting_coding(rt, args[1]);
  if (codes_as_itself(args[0], c, false)) {
    set_symbol_value(rt, Qlast_coding_system_used, args[1]);
    return uncoded(rt, args[0], args[2], false);
  }
  if (c.charset == CS_UTF16)
    return decode_utf16(rt, args[0], args[1], c);
  if (c.charset == CS_CJK)
    return decode_cjk(rt, args[0], args[1], c);
  size_t n, depth = rt->specpdl_depth;
  uint8_t *in = string_to_bytes(rt, args[0], &n);
  size_t nunits;
  const int *units = string_to_units(rt, args[0], &nunits);
  bool signed_utf8 = n >= 3 && !memcmp(in, utf8_signature, 3);
  bool auto_first = c.undecided && signed_utf8 && utf8_auto_first(rt);
  if ((c.flags & CF_AUTO || auto_first) && utf8_detected(units, nunits)) {
    /* utf-8-auto reads valid UTF-8 as utf-8, or as utf-8-with-signature
       given a mark. */
    mval base = intern(rt, signed_utf8 ? "utf-8-with-signature" : "utf-8");
    args[1] = coding_with_eol(rt, base, c.eol);
    c.flags = signed_utf8 ? CF_SIGNATURE | CF_AUTO : CF_AUTO;
    c.undecided = false;
  }
  signed_utf8 &= (c.flags & CF_SIGNATURE) != 0;
  in += signed_utf8 ? 3 : 0;
  n -= signed_utf8 ? 3 : 0;
  struct scan s = scan_bytes(in, n);
  scan_units(&s, units, nunits);
  detect(rt, &s);
  if (c.undecided && s.non_ascii && detected_charset(&s) == CS_CJK) {
    c.charset = CS_CJK;
    c.cjk = s.detected_cjk;
    mval name = NILP(s.detected_name) ? intern(rt, detected_cjk_name(&s)) : s.detected_name;
    mval decoded = decode_cjk(rt, args[0], name, c);
    unbind_to(rt, depth); /* frees IN and UNITS */
    return decoded;
  }
  set_symbol_value(rt, Qlast_coding_system_used, decoded_with(rt, args[1], c, &s));
  if (c.undecided)
    c.charset = detected_charset(&s);
  if (c.charset != CS_UTF8)
    return decode_units(rt, args[0], units, nunits, c, &s, depth);
  enum eol eol = c.eol == EOL_UNDECIDED ? s.eol : c.eol;
  struct strbuf b = {0};
  strbuf_protect(rt, &b);
  bool after_bad = false;
  for (size_t i = 0; i < n;) {
    if (in[i] == '\r' && (eol == EOL_MAC || (eol == EOL_DOS && i + 1 < n && in[i + 1] == '\n'))) {
      i += eol == EOL_DOS;
      in[i] = '\n';
    }
    if (c.eol == EOL_DOS && i > 0 && in[i - 1] == '\r' && !after_bad &&
        bad_byte_after_cr(&b, in, n, &i)) {
      after_bad = true;
      continue;
    }
    after_bad = false;
    decode_utf8_char(&b, in, n, &i);
  }
  /* Decoded text is multibyte even when it is all ASCII, as in Emacs. */
  return string_to_multibyte(rt, strbuf_release(rt, &b, false, depth));
}

static mval Fcoding_system_p(mrt *rt, int nargs, mval *args)
{
  struct coding c;
  return NILP(args[0]) || find_coding(rt, args[0], &c) ? Qt : Qnil;
}

/* Aliases whose -unix variant Emacs names after another coding
   system; a NULL base: the alias has its end of line settled. */
static const struct {
  const char *alias, *base;
} eol_bases[] = {
  {"latin-1", "iso-latin-1"}, {"iso-8859-1", "iso-latin-1"}, {"ascii", "us-ascii"},
  {"mule-utf-8", "utf-8"},    {"emacs-internal", NULL},
  {"utf-16-le", "utf-16le-with-signature"}, {"utf-16-be", "utf-16be-with-signature"},
  {"shift_jis", "japanese-shift-jis"}, {"sjis", "japanese-shift-jis"},
  {"euc-japan-1990", "japanese-iso-8bit"}, {"euc-japan", "japanese-iso-8bit"},
  {"euc-jp", "japanese-iso-8bit"}, {"euc-kr", "korean-iso-8bit"},
  {"euc-korea", "korean-iso-8bit"}, {"ks_c_5601-1987", "korean-iso-8bit"},
  {"cn-gb-2312", "chinese-iso-8bit"}, {"euc-china", "chinese-iso-8bit"},
  {"euc-cn", "chinese-iso-8bit"}, {"cn-gb", "chinese-iso-8bit"}, {"gb2312", "chinese-iso-8bit"},
  {"big5", "chinese-big5"}, {"cn-big5", "chinese-big5"}, {"cp950", "chinese-big5"},
  {"junet", "iso-2022-jp"}, {"macintosh", "mac-roman"},
};

/* CODING with its end of line settled as EOL, named as Emacs names it. */
static mval coding_with_eol(mrt *rt, mval coding, enum eol eol)
{
  struct coding c;
  if (eol == EOL_UNDECIDED || !find_coding(rt, coding, &c) || c.eol != EOL_UNDECIDED)
    return coding;
  const char *base = symbol_name(rt, coding);
  for (size_t i = 0; i < sizeof eol_bases / sizeof eol_bases[0]; i++)
    if (strcmp(base, eol_bases[i].alias) == 0) {
      if (!eol_bases[i].base)
        return coding;
      base = eol_bases[i].base;
    }
  char name[80];
  snprintf(name, sizeof name, "%s%s", base, eol_suffixes[eol]);
  return intern(rt, name);
}

mval coding_with_unix_eol(mrt *rt, mval coding)
{
  return NILP(coding) ? intern(rt, "raw-text-unix") : coding_with_eol(rt, coding, EOL_UNIX);
}

/* Coding systems whose base is not named after them, beyond eol_bases. */
static const struct {
  const char *alias, *base;
} base_names[] = {
  {"emacs-internal", "utf-8-emacs"}, {"binary", "no-conversion"},
  {"unix", "undecided"}, {"dos", "undecided"}, {"mac", "undecided"},
};

/* (coding-system-base CODING-SYSTEM): CODING-SYSTEM with no end of
   line, under the name the alias stands for. */
static mval Fcoding_system_base(mrt *rt, int nargs, mval *args)
{
  if (NILP(args[0]))
    return Qno_conversion;
  CHECK_SYMBOL(rt, args[0]);
  check_coding(rt, args[0]);
  char name[64];
  snprintf(name, sizeof name, "%s", symbol_name(rt, args[0]));
  (void)(strip_suffix(name, "-unix") || strip_suffix(name, "-dos") || strip_suffix(name, "-mac"));
  for (size_t i = 0; i < sizeof base_names / sizeof base_names[0]; i++)
    if (strcmp(name, base_names[i].alias) == 0)
      return intern(rt, base_names[i].base);
  for (size_t i = 0; i < sizeof eol_bases / sizeof eol_bases[0]; i++)
    if (strcmp(name, eol_bases[i].alias) == 0)
      return intern(rt, eol_bases[i].base);
  return intern(rt, name);
}

/* (coding-system-eol-type CODING-SYSTEM): 0, 1 or 2 for an end of line
   settled as Unix, DOS or Mac; else the vector of the three variants. */
static mval Fcoding_system_eol_type(mrt *rt, int nargs, mval *args)
{
  struct coding c;
  if (NILP(args[0]))
    return make_fixnum(0);
  if (!find_coding(rt, args[0], &c))
    return Qnil;
  if (c.eol != EOL_UNDECIDED)
    return make_fixnum(c.eol - EOL_UNIX);
  mval variants = make_vector(rt, 3, Qnil);
  for (int eol = EOL_UNIX; eol <= EOL_MAC; eol++)
    gc_aset(rt->gc, variants, eol - EOL_UNIX, coding_with_eol(rt, args[0], (enum eol)eol));
  return variants;
}

/* (coding-system-type CODING-SYSTEM): how the coding system works, as
   Emacs names it. */
static mval Fcoding_system_type(mrt *rt, int nargs, mval *args)
{
  static const char *const type_names[] = {
    [CS_UTF8] = "utf-8", [CS_LATIN1] = "charset", [CS_ASCII] = "charset",
    [CS_RAW] = "raw-text", [CS_UTF16] = "utf-16",
  };
  static const char *const cjk_type_names[] = {
    [CJK_SJIS] = "shift-jis", [CJK_BIG5] = "big5", [CJK_EUC_JP] = "iso-2022",
    [CJK_EUC_KR] = "iso-2022", [CJK_EUC_CN] = "iso-2022", [CJK_ISO2022_JP] = "iso-2022",
    [CJK_MAC_ROMAN] = "charset",
  };
  if (NILP(args[0]))
    return intern(rt, "raw-text");
  CHECK_SYMBOL(rt, args[0]);
  struct coding c = check_coding(rt, args[0]);
  if (c.charset == CS_CJK)
    return intern(rt, cjk_type_names[c.cjk]);
  return intern(rt, c.undecided ? "undecided" : type_names[c.charset]);
}

static mval Fcheck_coding_system(mrt *rt, int nargs, mval *args)
{
  if (!NILP(args[0]))
    check_coding(rt, args[0]);
  return args[0];
}

/* The coding system of CATEGORY detect-coding-string names, EUC's
   being the one the priority list puts first. */
static mval category_coding(mrt *rt, enum category category, enum cjk_coding euc)
{
  static const char *const names[] = {
    [CAT_UTF8] = "utf-8", [CAT_LATIN1] = "iso-latin-1", [CAT_UTF8_AUTO] = "utf-8-auto",
    [CAT_SJIS] = "japanese-shift-jis", [CAT_BIG5] = "chinese-big5",
  };
  struct scan s = { .detected_cjk = euc };
  return intern(rt, category == CAT_EUC ? detected_cjk_name(&s) : names[category]);
}

/* Pushes CODING with the end of line S shows onto *LIST, unless a
   coding of its category is there: as Emacs, one a category. */
static void push_detected(mrt *rt, mval *list, bool *listed, enum category category, mval coding,
                          const struct scan *s)
{
  if (listed[category])
    return;
  listed[category] = true;
  *list = Fcons(rt, coding_with_eol(rt, coding, s->eol), *list);
}

/* (detect-coding-string STRING &optional HIGHEST): the coding systems
   that take STRING, in the order of priority, their end of line as the
   text shows it; undecided for text of ASCII only, raw text when none
   takes it.  marrow knows fewer categories than Emacs (no
   emacs-mule, ISO-2022 7-bit or 8-bit with single shifts, UTF-16 or
   UTF-8 with a signature here). */
static mval Fdetect_coding_string(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  size_t n, nunits, depth = rt->specpdl_depth;
  uint8_t *in = string_to_bytes(rt, args[0], &n);
  const int *units = string_to_units(rt, args[0], &nunits);
  struct scan s = scan_bytes(in, n);
  scan_units(&s, units, nunits);
  detect(rt, &s);
  unbind_to(rt, depth);
  mval list = Qnil;
  bool listed[CAT_NONE + 1] = { false };
  listed[CAT_SS2] = listed[CAT_MULE] = true; /* coding systems marrow lacks */
  enum cjk_coding named;
  if (!s.non_ascii) {
    push_detected(rt, &list, listed, CAT_NONE, intern(rt, "undecided"), &s);
    return NILP(args[1]) ? list : XCAR(list);
  }
  for (mval p = symbol_value(rt, intern(rt, "mule--coding-priority")); CONSP(p); p = XCDR(p)) {
    enum category category = coding_category(rt, XCAR(p), &named);
    if (category != CAT_NONE && s.found[category])
      push_detected(rt, &list, listed, category, XCAR(p), &s);
  }
  for (int category = CAT_UTF8; category < CAT_NONE; category++)
    if (s.found[category] && !listed[category])
      push_detected(rt, &list, listed, (enum category)category,
                    category_coding(rt, (enum category)category, s.euc), &s);
  /* As Emacs, raw text comes last when Latin-1 refuses the text. */
  if (!s.found[CAT_LATIN1])
    push_detected(rt, &list, listed, CAT_NONE, intern(rt, "raw-text"), &s);
  list = nreverse_list(rt, list);
  return NILP(args[1]) ? list : XCAR(list);
}

static const struct subr_def coding_subrs[] = {
  {"detect-coding-string", Fdetect_coding_string, 1, 2},
  {"encode-coding-string", Fencode_coding_string, 2, 4},
  {"decode-coding-string", Fdecode_coding_string, 2, 4},
  {"coding-system-p", Fcoding_system_p, 1, 1},
  {"check-coding-system", Fcheck_coding_system, 1, 1},
  {"coding-system-base", Fcoding_system_base, 1, 1},
  {"coding-system-eol-type", Fcoding_system_eol_type, 1, 1},
  {"coding-system-type", Fcoding_system_type, 1, 1},
};

void coding_init(mrt *rt)
{
  defsubrs(rt, coding_subrs, sizeof coding_subrs / sizeof coding_subrs[0]);
  defvar(rt, Qlast_coding_system_used, intern(rt, "utf-8-unix"));
  defvar(rt, intern(rt, "inhibit-eol-conversion"), Qnil);
  defvar(rt, intern(rt, "mule--coding-priority"), Qnil);
  mval error = intern(rt, "coding-system-error");
  if (NILP(get_prop(rt, error, Qerror_conditions)))
    define_error(rt, error, "Invalid coding system", Qerror);
}
