/*
** gen-cjk-tables.c -- writes src/cjk-data.h, the CJK charsets' code
** to Unicode tables (and Mac Roman's, a one-byte charset coding-cjk.c
** handles too), from the C library's iconv (glibc's, whose charmaps
** Emacs's own tables come from too).
**
** Regenerate (on a glibc system) with:
**   cc -O2 -o /tmp/gen-cjk-tables src/gen-cjk-tables.c
**   /tmp/gen-cjk-tables > src/cjk-data.h
**
** Each charset is a grid of ROWS x COLS codes; a table holds, for each
** code in row order, its BMP code point or 0 when it has none.  The
** inverse lists the codes that have one (as grid indexes), sorted by
** code point, so that encoding finds a character by binary search.
*/
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct grid {
  const char *name, *iconv_name;
  int prefix;          /* a byte before the two, or -1 (JIS X 0212's SS3) */
  int first_row, rows; /* first byte */
  int ncols;           /* second byte: the ranges below */
  int col_ranges[2][2];
};

static const struct grid grids[] = {
  {"jisx0208", "EUC-JP", -1, 0xA1, 94, 94, {{0xA1, 0xFE}, {0, -1}}},
  {"jisx0212", "EUC-JP", 0x8F, 0xA1, 94, 94, {{0xA1, 0xFE}, {0, -1}}},
  {"ksc5601", "EUC-KR", -1, 0xA1, 94, 94, {{0xA1, 0xFE}, {0, -1}}},
  {"gb2312", "EUC-CN", -1, 0xA1, 94, 94, {{0xA1, 0xFE}, {0, -1}}},
  {"big5", "BIG5", -1, 0xA1, 94, 157, {{0x40, 0x7E}, {0xA1, 0xFE}}},
};

/* Where Emacs 28's tables differ from glibc's: JIS X 0208's 0x213D is
   EM DASH there, and Big5 codes that repeat a character another code
   has are left without one.  A code point of 0: none. */
static const struct {
  const char *grid;
  int b1, b2;
  unsigned code_point;
} emacs_differs[] = {
  {"jisx0208", 0xA1, 0xBD, 0x2014},
  {"big5", 0xA2, 0xCC, 0}, {"big5", 0xA2, 0xCE, 0},
  {"big5", 0xF9, 0xE9, 0}, {"big5", 0xF9, 0xEA, 0}, {"big5", 0xF9, 0xEB, 0},
  {"big5", 0xF9, 0xF9, 0}, {"big5", 0xF9, 0xFA, 0}, {"big5", 0xF9, 0xFB, 0},
  {"big5", 0xF9, 0xFC, 0}, {"big5", 0xF9, 0xFD, 0},
};

static unsigned as_in_emacs(const struct grid *g, int b1, int b2, unsigned u)
{
  for (size_t i = 0; i < sizeof emacs_differs / sizeof emacs_differs[0]; i++)
    if (!strcmp(emacs_differs[i].grid, g->name) && emacs_differs[i].b1 == b1 && emacs_differs[i].b2 == b2)
      return emacs_differs[i].code_point;
  return u;
}

/* The code point iconv gives the bytes IN[0..N), or 0 for none or more
   than one. */
static unsigned to_unicode(iconv_t cd, const unsigned char *in, size_t n)
{
  uint32_t out[4];
  char *ip = (char *)in, *op = (char *)out;
  size_t il = n, ol = sizeof out;
  iconv(cd, NULL, NULL, NULL, NULL);
  if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1 || il != 0 || ol != sizeof out - 4)
    return 0;
  return out[0];
}

static const uint16_t *sort_table;

/* Code points in order; between codes of one code point, the first. */

static int by_code_point(const void *a, const void *b)
{
  int ia = *(const uint16_t *)a, ib = *(const uint16_t *)b;
  int d = (int)sort_table[ia] - (int)sort_table[ib];
  return d ? d : ia - ib;
}

static void print_array(const char *type, const char *name, const uint16_t *v, int n)
{
  printf("static const %s %s[%d] = {", type, name, n);
  for (int i = 0; i < n; i++)
    printf("%s%d,", i % 16 ? "" : "\n", v[i]);
  printf("\n};\n");
}

static void emit(const struct grid *g)
{
  iconv_t cd = iconv_open("UCS-4LE", g->iconv_name);
  if (cd == (iconv_t)-1) {
    perror(g->iconv_name);
    exit(1);
  }
  int size = g->rows * g->ncols, nmapped = 0;
  uint16_t *table = calloc((size_t)size, sizeof *table), *inverse = calloc((size_t)size, sizeof *inverse);
  for (int row = 0; row < g->rows; row++) {
    int col = 0;
    for (int r = 0; r < 2; r++)
      for (int b2 = g->col_ranges[r][0]; b2 <= g->col_ranges[r][1]; b2++, col++) {
        unsigned char bytes[3];
        size_t n = 0;
        if (g->prefix >= 0)
          bytes[n++] = (unsigned char)g->prefix;
        bytes[n++] = (unsigned char)(g->first_row + row);
        bytes[n++] = (unsigned char)b2;
        unsigned u = as_in_emacs(g, g->first_row + row, b2, to_unicode(cd, bytes, n));
        if (u > 0xFFFF) {
          fprintf(stderr, "%s: code point beyond the BMP\n", g->name);
          exit(1);
        }
        table[row * g->ncols + col] = (uint16_t)u;
        if (u)
          inverse[nmapped++] = (uint16_t)(row * g->ncols + col);
      }
  }
  iconv_close(cd);
  sort_table = table;
  qsort(inverse, (size_t)nmapped, sizeof *inverse, by_code_point);
  char name[64];
  snprintf(name, sizeof name, "cjk_%s_table", g->name);
  print_array("uint16_t", name, table, size);
  snprintf(name, sizeof name, "cjk_%s_inverse", g->name);
  print_array("uint16_t", name, inverse, nmapped);
  free(table);
  free(inverse);
}

/* A one-byte charset's upper half, #x80..#xFF, as code points. */
static void emit_upper_half(const char *name, const char *iconv_name)
{
  iconv_t cd = iconv_open("UCS-4LE", iconv_name);
  if (cd == (iconv_t)-1) {
    perror(iconv_name);
    exit(1);
  }
  uint16_t table[128];
  for (int byte = 0x80; byte <= 0xFF; byte++) {
    unsigned char in = (unsigned char)byte;
    table[byte - 0x80] = (uint16_t)to_unicode(cd, &in, 1);
  }
  iconv_close(cd);
  char array[64];
  snprintf(array, sizeof array, "cjk_%s_table", name);
  print_array("uint16_t", array, table, 128);
}

int main(void)
{
  printf("/* cjk-data.h -- generated by src/gen-cjk-tables.c from glibc's iconv;\n"
         "   do not edit.  See that file for how to regenerate. */\n");
  for (size_t i = 0; i < sizeof grids / sizeof grids[0]; i++)
    emit(&grids[i]);
  emit_upper_half("mac_roman", "MACINTOSH");
  return 0;
}
