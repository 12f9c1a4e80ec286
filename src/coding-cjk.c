/*
** coding-cjk.c -- layer 5: the CJK coding systems' byte codes.
**
** Characters are Unicode code points, from tables generated off glibc's
** iconv (cjk-data.h, see src/gen-cjk-tables.c).  A code of a charset
** that has no code point decodes, as in Emacs, to a character of its
** own past Unicode: the charset's base plus the code's index in it.
*/
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "coding-cjk.h"
#include "cjk-data.h"

/* A two-byte charset: a grid of rows (first byte) by columns. */
struct grid {
  const uint16_t *table, *inverse;
  size_t ninverse;
  int ncols;        /* columns of the table */
  int private_base; /* Emacs's character for the grid's first code */
  int private_cols; /* columns a row takes in Emacs's index of codes */
};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])
#define GRID94(name, base) {cjk_##name##_table, cjk_##name##_inverse, COUNT(cjk_##name##_inverse), 94, base, 94}

static const struct grid grids[] = {
  [CJK_JISX0208] = GRID94(jisx0208, 0x140000),
  [CJK_JISX0208_1978] = GRID94(jisx0208, 0x140000),
  [CJK_JISX0212] = GRID94(jisx0212, 0x148000),
  [CJK_KSC5601] = GRID94(ksc5601, 0x279F94),
  [CJK_GB2312] = GRID94(gb2312, 0x110000),
  /* Big5's second bytes are #x40..#x7E and #xA1..#xFE; Emacs counts
     codes as though #x7F..#xA0 were there too. */
  [CJK_BIG5_CHARSET] = {cjk_big5_table, cjk_big5_inverse, COUNT(cjk_big5_inverse), 157, 0x130000, 191},
};

static const char *const charset_names[] = {
  [CJK_KATAKANA] = "katakana-jisx0201", [CJK_JISX0208] = "japanese-jisx0208",
  [CJK_JISX0212] = "japanese-jisx0212", [CJK_KSC5601] = "korean-ksc5601",
  [CJK_GB2312] = "chinese-gb2312",      [CJK_BIG5_CHARSET] = "big5",
  [CJK_ROMAN] = "latin-jisx0201",       [CJK_JISX0208_1978] = "japanese-jisx0208-1978",
  [CJK_MAC_ROMAN_CHARSET] = "mac-roman",
};

const char *cjk_charset_name(enum cjk_charset charset) { return charset_names[charset]; }

/* Emacs's index of the code at table column COL of a row. */
static int private_col(const struct grid *g, int col)
{
  return g->private_cols == g->ncols || col < 63 ? col : col + (g->private_cols - g->ncols);
}

static int grid_char(enum cjk_charset charset, int row, int col)
{
  const struct grid *g = &grids[charset];
  int u = g->table[row * g->ncols + col];
  return u ? u : g->private_base + row * g->private_cols + private_col(g, col);
}

/* Finds C in CHARSET's grid, its row and table column in *ROW, *COL. */
static bool grid_find(enum cjk_charset charset, int c, int *row, int *col)
{
  const struct grid *g = &grids[charset];
  size_t lo = 0, hi = g->ninverse;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int u = g->table[g->inverse[mid]];
    if (u == c) {
      *row = g->inverse[mid] / g->ncols;
      *col = g->inverse[mid] % g->ncols;
      return true;
    }
    if (u < c)
      lo = mid + 1;
    else
      hi = mid;
  }
  int index = c - g->private_base;
  if (index < 0 || index >= 94 * g->private_cols)
    return false;
  *row = index / g->private_cols;
  *col = index % g->private_cols;
  if (g->private_cols != g->ncols && *col >= 63) {
    if (*col < 0x61) /* #x7F..#xA0: no code of Big5 */
      return false;
    *col -= g->private_cols - g->ncols;
  }
  return true; /* as Emacs, even when the code has a Unicode character */
}

/* ---- Decoding ---- */

/* One decoded character. */
struct decoded {
  int c;
  enum cjk_charset charset;
};

static bool graphic(int byte, int low) { return byte >= low && byte < low + 94; }

/* The character of the 94x94 CHARSET whose code is B1 B2 (both of one
   half, #x21.. or #xA1..), as *D; false when they spell none. */
static bool decode94(enum cjk_charset charset, int b1, int b2, int low, struct decoded *d)
{
  if (!graphic(b1, low) || !graphic(b2, low))
    return false;
  d->c = grid_char(charset, b1 - low, b2 - low);
  d->charset = charset;
  return true;
}

static bool katakana(int byte, struct decoded *d)
{
  if (byte < 0xA1 || byte > 0xDF)
    return false;
  d->c = 0xFF61 + (byte - 0xA1);
  d->charset = CJK_KATAKANA;
  return true;
}

/* Bytes of Shift-JIS at IN[0..N) as *D; how many, 0 for none. */
static int decode_sjis(const int *in, size_t n, struct decoded *d)
{
  if (katakana(in[0], d))
    return 1;
  int lead = in[0];
  bool is_lead = (lead >= 0x81 && lead <= 0x9F) || (lead >= 0xE0 && lead <= 0xEF);
  if (!is_lead || n < 2 || in[1] < 0x40 || in[1] == 0x7F || in[1] > 0xFC)
    return 0;
  int trail = in[1];
  int row = ((lead < 0xA0 ? lead - 0x81 : lead - 0xC1) * 2) + (trail >= 0x9F);
  int col = trail >= 0x9F ? trail - 0x9F : trail - 0x40 - (trail > 0x7F);
  d->c = grid_char(CJK_JISX0208, row, col);
  d->charset = CJK_JISX0208;
  return 2;
}

static int decode_euc(enum cjk_coding coding, const int *in, size_t n, struct decoded *d)
{
  static const enum cjk_charset main_charset[] = {
    [CJK_EUC_JP] = CJK_JISX0208, [CJK_EUC_KR] = CJK_KSC5601, [CJK_EUC_CN] = CJK_GB2312,
  };
  int second = n > 1 ? in[1] : -1, third = n > 2 ? in[2] : -1;
  if (coding == CJK_EUC_JP && in[0] == 0x8E)
    return katakana(second, d) ? 2 : 0;
  if (coding == CJK_EUC_JP && in[0] == 0x8F)
    return decode94(CJK_JISX0212, second, third, 0xA1, d) ? 3 : 0;
  return decode94(main_charset[coding], in[0], second, 0xA1, d) ? 2 : 0;
}

static int decode_big5(const int *in, size_t n, struct decoded *d)
{
  if (!graphic(in[0], 0xA1) || n < 2)
    return 0;
  int trail = in[1];
  if (trail < 0x40 || (trail > 0x7E && trail < 0xA1) || trail > 0xFE)
    return 0;
  d->c = grid_char(CJK_BIG5_CHARSET, in[0] - 0xA1, trail < 0x7F ? trail - 0x40 : trail - 0xA1 + 63);
  d->charset = CJK_BIG5_CHARSET;
  return 2;
}

/* The ISO-2022-JP escape sequences, and what each designates. */
static const struct {
  const char *bytes;
  enum cjk_charset charset;
} iso2022_designations[] = {
  {"\033(B", CJK_NO_CHARSET}, {"\033(J", CJK_ROMAN},
  {"\033$B", CJK_JISX0208},   {"\033$@", CJK_JISX0208_1978},
};

/* The designation an escape sequence at IN[0..N) makes, or -1. */
static int iso2022_designation(const int *in, size_t n)
{
  for (size_t k = 0; k < COUNT(iso2022_designations); k++) {
    const char *seq = iso2022_designations[k].bytes;
    size_t len = strlen(seq), i = 0;
    while (i < len && i < n && in[i] == seq[i])
      i++;
    if (i == len)
      return (int)k;
  }
  return -1;
}

static int decode_iso2022(const int *in, size_t n, enum cjk_charset *designated, struct decoded *d)
{
  int k = in[0] == 0x1B ? iso2022_designation(in, n) : -1;
  if (k >= 0) {
    *designated = iso2022_designations[k].charset;
    d->charset = CJK_NO_CHARSET;
    d->c = -1; /* no character */
    return 3;
  }
  if (*designated == CJK_ROMAN && graphic(in[0], 0x21)) {
    d->c = in[0] == 0x5C ? 0xA5 : in[0] == 0x7E ? 0x203E : in[0];
    d->charset = in[0] == 0x5C || in[0] == 0x7E ? CJK_ROMAN : CJK_NO_CHARSET;
    return 1;
  }
  if (*designated == CJK_JISX0208 || *designated == CJK_JISX0208_1978)
    return decode94(*designated, in[0], n > 1 ? in[1] : -1, 0x21, d) ? 2 : 0;
  return 0;
}

/* The character at IN[0..N) in CODING as *D (its code -1 for none);
   how many units it takes, 0 when the first is none of CODING's. */
static int decode_at(enum cjk_coding coding, const int *in, size_t n, enum cjk_charset *designated,
                     struct decoded *d)
{
  for (size_t i = 0; i < n && i < 3; i++)
    if (in[i] < 0) /* a character no byte spells ends a code */
      n = i;
  if (n == 0)
    return 0;
  switch (coding) {
  case CJK_MAC_ROMAN:
    d->c = cjk_mac_roman_table[in[0] - 0x80];
    d->charset = CJK_MAC_ROMAN_CHARSET;
    return 1;
  case CJK_SJIS:
    return decode_sjis(in, n, d);
  case CJK_BIG5:
    return decode_big5(in, n, d);
  case CJK_ISO2022_JP:
    return decode_iso2022(in, n, designated, d);
  default:
    return decode_euc(coding, in, n, d);
  }
}

/* The charset a byte that starts no character of CODING was taken for,
   which Emacs's charset property counts as that charset's: EUC's
   first bytes #xA1..#xFE name the main charset before the second byte
   is seen. */
static enum cjk_charset charset_tried(enum cjk_coding coding, int byte)
{
  static const enum cjk_charset euc_charset[] = {
    [CJK_EUC_JP] = CJK_JISX0208, [CJK_EUC_KR] = CJK_KSC5601, [CJK_EUC_CN] = CJK_GB2312,
  };
  bool euc = coding == CJK_EUC_JP || coding == CJK_EUC_KR || coding == CJK_EUC_CN;
  return euc && graphic(byte, 0xA1) ? euc_charset[coding] : CJK_NO_CHARSET;
}

/* How many bytes the code that byte LEAD starts takes in CODING, or 0
   when it starts none, given DESIGNATED in ISO-2022-JP. */
static int code_length(enum cjk_coding coding, int lead, enum cjk_charset designated)
{
  switch (coding) {
  case CJK_SJIS:
    return (lead >= 0x81 && lead <= 0x9F) || (lead >= 0xE0 && lead <= 0xEF) ? 2 : 0;
  case CJK_BIG5:
    return graphic(lead, 0xA1) ? 2 : 0;
  case CJK_MAC_ROMAN:
    return 1;
  case CJK_ISO2022_JP:
    return graphic(lead, 0x21) && (designated == CJK_JISX0208 || designated == CJK_JISX0208_1978) ? 2 : 0;
  default:
    return graphic(lead, 0xA1) || (coding == CJK_EUC_JP && lead == 0x8E) ? 2
           : coding == CJK_EUC_JP && lead == 0x8F                       ? 3
                                                                         : 0;
  }
}

/* Whether the units IN[0..N) end in the middle of a code of CODING
   (for the ISO-2022 codings, EUC too, an escape sequence is one). */
static bool cut_short(enum cjk_coding coding, const int *in, size_t n, enum cjk_charset designated)
{
  bool escape = in[0] == 0x1B && coding != CJK_SJIS && coding != CJK_BIG5;
  int need = in[0] < 0 ? 0
             : escape  ? (n > 1 && (in[1] == '(' || in[1] == '$') ? 3 : 2)
                       : code_length(coding, in[0], designated);
  for (size_t i = 0; i < n; i++)
    if (in[i] < 0)
      return false;
  return (size_t)need > n;
}

size_t cjk_decode(enum cjk_coding coding, const int *in, size_t n, int *chars, uint8_t *charsets)
{
  size_t out = 0;
  enum cjk_charset designated = CJK_NO_CHARSET;
  bool cut = false, unicode = false, beyond = false, raw_after = false, tried = false;
  for (size_t i = 0; i < n;) {
    struct decoded d;
    /* Only ISO-2022-JP gives ASCII bytes other than as themselves. */
    bool coded = in[i] >= 0x80 || (in[i] >= 0 && coding == CJK_ISO2022_JP);
    int used = coded ? decode_at(coding, in + i, n - i, &designated, &d) : 0;
    if (used == 0) {
      d.c = in[i] < 0 ? -in[i] : in[i] < 0x80 ? in[i] : RAW_BYTE_CHAR(in[i]);
      cut |= (coded || in[i] == 0x1B) && cut_short(coding, in + i, n - i, designated);
      d.charset = cut ? CJK_CUT_SHORT : coded ? charset_tried(coding, in[i]) : CJK_NO_CHARSET;
      used = 1;
    }
    i += (size_t)used;
    if (d.c < 0)
      continue;
    bool from_charset = d.charset != CJK_NO_CHARSET && d.charset != CJK_CUT_SHORT;
    bool raw = d.c >= RAW_BYTE_CHAR(0x80);
    unicode |= from_charset && d.c <= 0x10FFFF;
    raw_after = (raw_after || (beyond && raw && d.charset != CJK_CUT_SHORT)) && (raw || d.c <= 0x10FFFF);
    beyond |= from_charset && d.c > 0x10FFFF && !raw;
    tried |= from_charset && raw;
    charsets[out] = (uint8_t)d.charset;
    chars[out++] = d.c;
  }
  /* As Emacs, text whose characters from a charset are all of codes
     of none in Unicode says nothing of charsets, unless a raw byte
     (not of a code cut short) follows the last of them, or one was
     taken for a charset's. */
  if (beyond && !unicode && !raw_after && !tried)
    memset(charsets, CJK_NO_CHARSET, out);
  /* As Emacs's one-byte charsets, Mac Roman's text says so all along
     when it has a character beyond ASCII. */
  if (coding == CJK_MAC_ROMAN && unicode)
    memset(charsets, CJK_MAC_ROMAN_CHARSET, out);
  return out;
}

bool cjk_accepts(enum cjk_coding coding, const int *in, size_t n)
{
  enum cjk_charset designated = CJK_NO_CHARSET;
  bool coded = false;
  for (size_t i = 0; i < n;) {
    struct decoded d;
    if (in[i] >= 0 && in[i] < 0x80) {
      i++;
      continue;
    }
    int used = decode_at(coding, in + i, n - i, &designated, &d);
    if (used == 0)
      return false;
    coded = true;
    i += (size_t)used;
  }
  return coded;
}

/* ---- Encoding ---- */

static void put_byte(struct strbuf *b, int byte)
{
  char c = (char)byte;
  strbuf_put(b, &c, 1);
}

static void put_sjis(struct strbuf *b, int row, int col)
{
  int lead = row / 2 + (row < 62 ? 0x81 : 0xC1);
  int trail = row % 2 ? col + 0x9F : col + 0x40 + (col >= 0x3F);
  put_byte(b, lead);
  put_byte(b, trail);
}

/* The charsets CODING encodes with, in the order Emacs tries them. */
static const enum cjk_charset *encoding_charsets(enum cjk_coding coding)
{
  static const enum cjk_charset lists[][4] = {
    [CJK_SJIS] = {CJK_KATAKANA, CJK_JISX0208},
    [CJK_EUC_JP] = {CJK_ROMAN, CJK_JISX0208, CJK_KATAKANA, CJK_JISX0212},
    [CJK_EUC_KR] = {CJK_KSC5601},
    [CJK_EUC_CN] = {CJK_GB2312},
    [CJK_BIG5] = {CJK_BIG5_CHARSET},
    [CJK_ISO2022_JP] = {CJK_JISX0208, CJK_ROMAN},
    [CJK_MAC_ROMAN] = {CJK_MAC_ROMAN_CHARSET},
  };
  return lists[coding];
}

/* Finds C in CHARSET: its row and column, or for one-byte charsets
   its byte in *COL. */
static bool charset_find(enum cjk_charset charset, int c, int *row, int *col)
{
  *row = 0;
  if (charset == CJK_KATAKANA) {
    *col = c - 0xFF61 + 0xA1;
    return c >= 0xFF61 && c <= 0xFF9F;
  }
  if (charset == CJK_ROMAN) {
    *col = c == 0xA5 ? 0x5C : 0x7E;
    return c == 0xA5 || c == 0x203E;
  }
  if (charset == CJK_MAC_ROMAN_CHARSET) {
    for (*col = 0; *col < 128; (*col)++)
      if (cjk_mac_roman_table[*col] == c)
        return true;
    return false;
  }
  return grid_find(charset, c, row, col);
}

bool cjk_encodable(enum cjk_coding coding, int c)
{
  int row, col;
  const enum cjk_charset *charsets = encoding_charsets(coding);
  for (int k = 0; k < 4 && charsets[k]; k++)
    if (charset_find(charsets[k], c, &row, &col))
      return true;
  return false;
}

static void designate(struct strbuf *b, struct cjk_encoder *e, enum cjk_charset charset)
{
  if (e->designated == charset)
    return;
  for (size_t k = 0; k < COUNT(iso2022_designations); k++)
    if (iso2022_designations[k].charset == charset)
      strbuf_put(b, iso2022_designations[k].bytes, 3);
  e->designated = charset;
}

static void put_code(struct strbuf *b, struct cjk_encoder *e, enum cjk_charset charset, int row,
                     int col)
{
  if (e->coding == CJK_ISO2022_JP || charset == CJK_ROMAN) {
    designate(b, e, charset);
    if (charset != CJK_ROMAN)
      put_byte(b, row + 0x21);
    put_byte(b, charset == CJK_ROMAN ? col : col + 0x21);
  } else if (charset == CJK_MAC_ROMAN_CHARSET)
    put_byte(b, col + 0x80);
  else if (charset == CJK_KATAKANA) {
    if (e->coding == CJK_EUC_JP)
      put_byte(b, 0x8E);
    put_byte(b, col);
  } else if (e->coding == CJK_SJIS)
    put_sjis(b, row, col);
  else if (charset == CJK_BIG5_CHARSET) {
    put_byte(b, row + 0xA1);
    put_byte(b, col < 63 ? col + 0x40 : col - 63 + 0xA1);
  } else {
    if (charset == CJK_JISX0212)
      put_byte(b, 0x8F);
    put_byte(b, row + 0xA1);
    put_byte(b, col + 0xA1);
  }
}

void cjk_encode_char(struct strbuf *b, struct cjk_encoder *e, int c)
{
  if (c >= RAW_BYTE_CHAR(0x80)) {
    put_byte(b, c - RAW_BYTE_CHAR(0));
    return;
  }
  if (c < 0x80) {
    /* As Emacs, JIS X 0201 Roman stays for graphic ASCII (even the
       backslash and tilde, which it has not). */
    if (!(e->designated == CJK_ROMAN && c > ' ' && c < 0x7F))
      designate(b, e, CJK_NO_CHARSET);
    put_byte(b, c);
    return;
  }
  const enum cjk_charset *charsets = encoding_charsets(e->coding);
  for (int k = 0; k < 4 && charsets[k]; k++) {
    int row, col;
    if (charset_find(charsets[k], c, &row, &col)) {
      put_code(b, e, charsets[k], row, col);
      return;
    }
  }
  cjk_encode_char(b, e, ' ');
}

void cjk_encode_end(struct strbuf *b, struct cjk_encoder *e) { designate(b, e, CJK_NO_CHARSET); }
