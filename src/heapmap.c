/*
** heapmap.c -- layer 5: the heap drawn as an SVG picture (issue 6).
**
** (heap-map "FILE.svg") collects, then draws every block of the heap as
** a horizontal strip: live objects coloured by type, free chunks of the
** vector blocks shaded by their VINDEX (light = small, dark = large),
** free slots of the fixed-size blocks pale, large objects as strips of
** their own whose length follows their size.  A title gives the
** collector's statistics and a legend the live bytes of each type.
** With heap-map-directory set (marrow --heap-map-dir=DIR), the
** after-collect hook draws one numbered picture per collection, so a
** learner can step through a run.
**
** Invariants:
**   - Only heap.h's introspection is used (heap_foreach_block,
**     heap_foreach_chunk, heap_vector_free_lists, gc_get_stats): the
**     picture shows the heap's own view, not the drawer's guesses.
**   - No Lisp object is allocated between opening the file and closing
**     it, so the heap cannot change under the walk; errors are signalled
**     only after the file is closed.
**   - The output is well-formed XML: every text that does not come from
**     this file goes through xml_text, and the document is written
**     whole or reported as a file-error.
**   - The file size is bounded: a strip is painted at pixel resolution
**     (each pixel takes the chunk under its centre) and run-length
**     encoded, so it has at most STRIP_PX rectangles, and at most
**     MAX_STRIPS_PER_KIND strips are drawn per kind.
**   - Off costs nothing but one symbol-value test per collection.
*/
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "heapmap.h"

/* ================================================================== */
/* Palette: what a pixel shows                                        */
/* ================================================================== */

/* A paint key: a live fixed kind, a live pvec type, a free slot of a
   fixed block, or a free vector chunk (KEY_FREE_CHUNK + its VINDEX). */
enum {
  KEY_NONE = -1,
  KEY_PVEC = HEAP_FIXED_KINDS,
  KEY_FREE_SLOT = KEY_PVEC + PVEC_TYPE_COUNT,
  KEY_FREE_CHUNK,
  KEY_TALLIES /* free chunks share one tally; their shades are keys above */
};

static const char *const key_names[KEY_TALLIES] = {
  [HEAP_CONS] = "cons", [HEAP_FLOAT] = "float",
  [HEAP_SYMBOL] = "symbol", [HEAP_STRING] = "string header",
  [KEY_PVEC + PVEC_FREE] = "(unused)",
  [KEY_PVEC + PVEC_VECTOR] = "vector", [KEY_PVEC + PVEC_BIGNUM] = "bignum",
  [KEY_PVEC + PVEC_CLOSURE] = "closure", [KEY_PVEC + PVEC_SUBR] = "subr",
  [KEY_PVEC + PVEC_HASH_TABLE] = "hash table", [KEY_PVEC + PVEC_RECORD] = "record",
  [KEY_PVEC + PVEC_CODE] = "analysed code", [KEY_PVEC + PVEC_BOX] = "box",
  [KEY_PVEC + PVEC_OPAQUE] = "opaque (host)", [KEY_PVEC + PVEC_BOOL_VECTOR] = "bool-vector",
  [KEY_PVEC + PVEC_BUFFER] = "buffer", [KEY_PVEC + PVEC_MARKER] = "marker",
  [KEY_PVEC + PVEC_CHAR_TABLE] = "char-table", [KEY_PVEC + PVEC_SUB_CHAR_TABLE] = "sub-char-table",
  [KEY_PVEC + PVEC_COMPILED] = "byte-code function", [KEY_PVEC + PVEC_FINALIZER] = "finalizer",
  [KEY_PVEC + PVEC_OVERLAY] = "overlay", [KEY_PVEC + PVEC_PROCESS] = "process",
  [KEY_PVEC + PVEC_WINDOW] = "window", [KEY_PVEC + PVEC_FRAME] = "frame",
  [KEY_PVEC + PVEC_WINDOW_CONFIGURATION] = "window configuration",
  [KEY_FREE_SLOT] = "free slot (fixed blocks)",
  [KEY_FREE_CHUNK] = "free chunk (vector blocks)",
};

static const char *const key_colours[KEY_TALLIES] = {
  [HEAP_CONS] = "#e6550d", [HEAP_FLOAT] = "#31a354",
  [HEAP_SYMBOL] = "#756bb1", [HEAP_STRING] = "#e7ba52",
  [KEY_PVEC + PVEC_FREE] = "#000000",
  [KEY_PVEC + PVEC_VECTOR] = "#3182bd", [KEY_PVEC + PVEC_BIGNUM] = "#d62728",
  [KEY_PVEC + PVEC_CLOSURE] = "#17becf", [KEY_PVEC + PVEC_SUBR] = "#8c564b",
  [KEY_PVEC + PVEC_HASH_TABLE] = "#e377c2", [KEY_PVEC + PVEC_RECORD] = "#bcbd22",
  [KEY_PVEC + PVEC_CODE] = "#7f7f7f", [KEY_PVEC + PVEC_BOX] = "#9edae5",
  [KEY_PVEC + PVEC_OPAQUE] = "#393b79", [KEY_PVEC + PVEC_BOOL_VECTOR] = "#637939",
  [KEY_PVEC + PVEC_BUFFER] = "#8c6d31", [KEY_PVEC + PVEC_MARKER] = "#843c39",
  [KEY_PVEC + PVEC_CHAR_TABLE] = "#ad494a", [KEY_PVEC + PVEC_SUB_CHAR_TABLE] = "#e7969c",
  [KEY_PVEC + PVEC_COMPILED] = "#7b4173", [KEY_PVEC + PVEC_FINALIZER] = "#fd8d3c",
  [KEY_PVEC + PVEC_OVERLAY] = "#ad494a", [KEY_PVEC + PVEC_PROCESS] = "#8c6d31",
  [KEY_PVEC + PVEC_WINDOW] = "#6b6ecf", [KEY_PVEC + PVEC_FRAME] = "#9c9ede",
  [KEY_PVEC + PVEC_WINDOW_CONFIGURATION] = "#cedb9c",
  [KEY_FREE_SLOT] = "#f0f0f0",
};

static const char *const kind_titles[HEAP_KIND_COUNT] = {
  "cons blocks", "float blocks", "symbol blocks", "string-header blocks",
  "vector blocks", "large vector-likes (each allocated alone)",
};

static const char *const kind_names[HEAP_KIND_COUNT] = {
  "cons", "float", "symbol", "string", "vector", "large",
};

static int chunk_key(enum heap_kind kind, int chunk_type, size_t nbytes)
{
  if (kind < HEAP_FIXED_KINDS)
    return chunk_type ? (int)kind : KEY_FREE_SLOT;
  if (chunk_type == PVEC_FREE) {
    size_t v = nbytes >= HEAP_VECTOR_MIN_BYTES ? HEAP_VINDEX(nbytes) : 0;
    return KEY_FREE_CHUNK + (int)(v < HEAP_VECTOR_LISTS ? v : HEAP_VECTOR_LISTS - 1);
  }
  if (chunk_type <= 0 || chunk_type >= PVEC_TYPE_COUNT)
    return KEY_PVEC + PVEC_OPAQUE; /* cannot happen; draw it anyway */
  return KEY_PVEC + chunk_type;
}

static int key_tally(int key) { return key < KEY_FREE_CHUNK ? key : KEY_FREE_CHUNK; }

/* Free chunks from light (VINDEX 0) to dark (the largest list) on a log
   scale, since most free chunks are small. */
static void free_shade(int vindex, char out[8])
{
  static const int light[3] = {0xd8, 0xe6, 0xf0}, dark[3] = {0x1f, 0x3a, 0x52};
  double t = log2(1.0 + vindex) / log2((double)HEAP_VECTOR_LISTS);
  int c[3];
  for (int i = 0; i < 3; i++)
    c[i] = (int)lround(light[i] + t * (dark[i] - light[i]));
  snprintf(out, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

static void key_colour(int key, char out[8])
{
  if (key >= KEY_FREE_CHUNK)
    free_shade(key - KEY_FREE_CHUNK, out);
  else
    snprintf(out, 8, "%s", key_colours[key]);
}

/* ================================================================== */
/* Survey: a first walk that sizes the picture and the legend          */
/* ================================================================== */

struct survey {
  const struct heap *heap;
  enum heap_kind kind;                /* of the block being walked */
  size_t blocks[HEAP_KIND_COUNT];
  size_t block_bytes[HEAP_KIND_COUNT];
  size_t bytes[KEY_TALLIES];          /* per tally */
  size_t largest;                     /* the largest large object */
};

static void survey_chunk(const void *start, size_t nbytes, int type, void *ud)
{
  struct survey *s = ud;
  s->bytes[key_tally(chunk_key(s->kind, type, nbytes))] += nbytes;
}

static void survey_block(const struct heap_block_info *b, void *ud)
{
  struct survey *s = ud;
  s->kind = b->kind;
  s->blocks[b->kind]++;
  s->block_bytes[b->kind] += b->size;
  if (b->kind == HEAP_LARGE && b->size > s->largest)
    s->largest = b->size;
  heap_foreach_chunk(s->heap, b->start, survey_chunk, s);
}

/* ================================================================== */
/* Layout                                                             */
/* ================================================================== */

#define WIDTH 1240
#define LEFT 200             /* the label column */
#define STRIP_PX 1000
#define STRIP_H 9
#define STRIP_STEP 12
#define SECTION_HEAD 24
#define SECTION_GAP 8
#define LEGEND_TOP 96
#define LEGEND_COLS 4
#define LEGEND_COL_W 300
#define LEGEND_ROW_H 17
#define MAX_STRIPS_PER_KIND 2000
#define FREE_SHADE_STEPS 10

static size_t drawn_strips(size_t n) { return n < MAX_STRIPS_PER_KIND ? n : MAX_STRIPS_PER_KIND; }

static int legend_rows(void)
{
  int entries = 0;
  for (int k = 0; k < KEY_TALLIES; k++)
    entries += k != KEY_PVEC + PVEC_FREE;
  return (entries + LEGEND_COLS - 1) / LEGEND_COLS + 1; /* + the shade scale */
}

static int sections_top(void) { return LEGEND_TOP + legend_rows() * LEGEND_ROW_H + 16; }

static int section_height(size_t nblocks)
{
  size_t n = drawn_strips(nblocks) + (nblocks > MAX_STRIPS_PER_KIND);
  return SECTION_HEAD + (int)n * STRIP_STEP + SECTION_GAP;
}

static int picture_height(const struct survey *s)
{
  int h = sections_top();
  for (int k = 0; k < HEAP_KIND_COUNT; k++)
    if (s->blocks[k])
      h += section_height(s->blocks[k]);
  return h + 10;
}

/* ================================================================== */
/* Writing                                                            */
/* ================================================================== */

struct drawing {
  FILE *out;
  const struct heap *heap;
  struct survey survey;
  int y;                          /* where the next strip goes */
  enum heap_kind section;         /* the section being drawn */
  size_t in_section;              /* strips drawn in it */
  int px[STRIP_PX];               /* the strip being painted */
  int npx;
  const struct heap_block_info *block;
};

static void human_bytes(size_t n, char *buf, size_t len)
{
  if (n < 10 * 1024)
    snprintf(buf, len, "%zu B", n);
  else if (n < 10 * 1024 * 1024)
    snprintf(buf, len, "%.1f KiB", n / 1024.0);
  else
    snprintf(buf, len, "%.1f MiB", n / (1024.0 * 1024.0));
}

/* Text from outside this file (a policy name) escaped for XML. */
static void xml_text(FILE *out, const char *s)
{
  for (; *s; s++)
    switch (*s) {
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '&': fputs("&amp;", out); break;
    default: fputc(*s, out);
    }
}

static void text_at(FILE *out, int x, int y, const char *cls, const char *text)
{
  fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"%s\">", x, y, cls);
  xml_text(out, text);
  fputs("</text>\n", out);
}

static void swatch(FILE *out, int x, int y, const char *colour)
{
  fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"11\" fill=\"%s\" "
          "stroke=\"#888\" stroke-width=\"0.5\"/>\n", x, y - 10, colour);
}

static void write_header(struct drawing *d, int height)
{
  fprintf(d->out,
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
          "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
          "<style>.title{font-size:17px;font-weight:bold}.stats{font-size:11.5px}"
          ".head{font-size:12.5px;font-weight:bold}.label{font-size:8.5px;fill:#444}"
          ".legend{font-size:11.5px}.frame{fill:none;stroke:#999;stroke-width:0.5}</style>\n"
          "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
          WIDTH, height, WIDTH, height);
}

/* The cost of the allocation step under the policy, since the start. */
static void write_allocation_line(struct drawing *d)
{
  struct heap_vector_stats vs;
  heap_vector_stats(d->heap, &vs);
  char line[512];
  double per = vs.allocs ? (double)vs.lists_probed / (double)vs.allocs : 0;
  snprintf(line, sizeof line,
           "small vector-likes allocated %llu: %llu exact fit, %llu split, %llu from a fresh "
           "block; %llu lists or bitmap words probed (%.2f each); %llu hint misses",
           (unsigned long long)vs.allocs, (unsigned long long)vs.exact,
           (unsigned long long)vs.splits, (unsigned long long)vs.new_blocks,
           (unsigned long long)vs.lists_probed, per, (unsigned long long)vs.hint_misses);
  text_at(d->out, 12, 76, "stats", line);
}

static void write_title(struct drawing *d, struct gc *gc)
{
  struct gc_stats st;
  gc_get_stats(gc, &st);
  size_t counts[HEAP_VECTOR_LISTS];
  long hint = -1;
  size_t nlists = heap_vector_free_lists(d->heap, counts, HEAP_VECTOR_LISTS, &hint, NULL, 0);
  size_t nonempty = 0;
  for (size_t i = 0; i < nlists && i < HEAP_VECTOR_LISTS; i++)
    nonempty += counts[i] != 0;
  size_t live = 0, blocks = 0;
  for (int k = 0; k < KEY_FREE_SLOT; k++)
    live += d->survey.bytes[k];
  for (int k = 0; k < HEAP_KIND_COUNT; k++)
    blocks += d->survey.blocks[k];
  char line[512], b1[24], b2[24], b3[24], b4[24];
  const char *policy = heap_policy_name(heap_policy(d->heap));
  fprintf(d->out, "<title>marrow heap after collection %llu</title>\n",
          (unsigned long long)st.gcs_done);
  snprintf(line, sizeof line, "marrow heap after collection %llu, vector policy %s",
           (unsigned long long)st.gcs_done, policy);
  text_at(d->out, 12, 24, "title", line);
  human_bytes(live, b1, sizeof b1);
  human_bytes(st.heap_bytes, b2, sizeof b2);
  human_bytes(st.gmp_bytes, b3, sizeof b3);
  human_bytes(st.external_bytes, b4, sizeof b4);
  snprintf(line, sizeof line,
           "live objects %s in %zu blocks and large objects (%s of system memory); "
           "outside the heap %s, of which GMP limbs %s", b1, blocks, b2, b4, b3);
  text_at(d->out, 12, 44, "stats", line);
  snprintf(line, sizeof line,
           "last collection: mark %.3f ms, sweep %.3f ms, %zu blocks freed; "
           "all %llu collections %.3f s; vector free lists %zu/%zu non-empty, hint %ld",
           st.last_mark_time * 1e3, st.last_sweep_time * 1e3, st.blocks_freed_last,
           (unsigned long long)st.gcs_done, st.gc_elapsed, nonempty, nlists, hint);
  text_at(d->out, 12, 60, "stats", line);
  write_allocation_line(d);
}

static void write_legend(struct drawing *d)
{
  fputs("<g id=\"legend\">\n", d->out);
  int i = 0;
  for (int k = 0; k < KEY_TALLIES; k++) {
    if (k == KEY_PVEC + PVEC_FREE)
      continue;
    int x = 12 + (i % LEGEND_COLS) * LEGEND_COL_W;
    int y = LEGEND_TOP + (i / LEGEND_COLS) * LEGEND_ROW_H;
    char colour[8], bytes[24], label[96];
    key_colour(k == KEY_FREE_CHUNK ? KEY_FREE_CHUNK + 20 : k, colour);
    human_bytes(d->survey.bytes[k], bytes, sizeof bytes);
    snprintf(label, sizeof label, "%s: %s", key_names[k], bytes);
    swatch(d->out, x, y, colour);
    text_at(d->out, x + 20, y, "legend", label);
    i++;
  }
  int y = LEGEND_TOP + (legend_rows() - 1) * LEGEND_ROW_H;
  text_at(d->out, 12, y, "legend", "free chunks shaded by VINDEX:");
  for (int s = 0; s < FREE_SHADE_STEPS; s++) {
    int v = (int)lround(pow((double)HEAP_VECTOR_LISTS, (double)s / (FREE_SHADE_STEPS - 1))) - 1;
    char colour[8], label[16];
    free_shade(v, colour);
    snprintf(label, sizeof label, "%d", v);
    swatch(d->out, 200 + s * 60, y, colour);
    text_at(d->out, 200 + s * 60 + 18, y, "legend", label);
  }
  fputs("</g>\n", d->out);
}

/* ---- One strip ---- */

static void paint_chunk(const void *start, size_t nbytes, int type, void *ud)
{
  struct drawing *d = ud;
  const struct heap_block_info *b = d->block;
  double scale = (double)d->npx / (double)b->size;
  double off = (double)((const char *)start - (const char *)b->start);
  long lo = (long)ceil(off * scale - 0.5), hi = (long)ceil((off + (double)nbytes) * scale - 0.5);
  if (lo < 0)
    lo = 0;
  if (hi > d->npx)
    hi = d->npx;
  if (hi <= lo && lo < d->npx && d->px[lo] == KEY_NONE)
    hi = lo + 1; /* narrower than a pixel and nothing else there: show it */
  int key = chunk_key(b->kind, type, nbytes);
  for (long p = lo; p < hi; p++)
    d->px[p] = key;
}

static void emit_runs(struct drawing *d)
{
  for (int p = 0; p < d->npx;) {
    int q = p + 1;
    while (q < d->npx && d->px[q] == d->px[p])
      q++;
    if (d->px[p] != KEY_NONE) {
      char colour[8];
      key_colour(d->px[p], colour);
      fprintf(d->out, "<rect x=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>", p, q - p,
              STRIP_H, colour);
    }
    p = q;
  }
}

static int strip_width(const struct drawing *d, const struct heap_block_info *b)
{
  if (b->kind != HEAP_LARGE)
    return STRIP_PX;
  double w = STRIP_PX * (double)b->size / (double)d->survey.largest;
  return w < 2 ? 2 : (int)w;
}

static void strip_label(const struct heap_block_info *b, size_t index, char *buf, size_t len)
{
  size_t used = b->size - b->free_bytes;
  if (b->kind == HEAP_LARGE) {
    char size[24];
    human_bytes(b->size, size, sizeof size);
    snprintf(buf, len, "#%zu: %s", index, size);
  } else {
    snprintf(buf, len, "#%zu: %zu%% used", index, b->size ? 100 * used / b->size : 0);
  }
}

static void draw_strip(struct drawing *d, const struct heap_block_info *b)
{
  char label[64];
  strip_label(b, d->in_section, label, sizeof label);
  text_at(d->out, LEFT - 110, d->y + STRIP_H - 1, "label", label);
  d->block = b;
  d->npx = strip_width(d, b);
  for (int p = 0; p < d->npx; p++)
    d->px[p] = KEY_NONE;
  heap_foreach_chunk(d->heap, b->start, paint_chunk, d);
  fprintf(d->out, "<g class=\"block\" data-kind=\"%s\" transform=\"translate(%d,%d)\">"
          "<title>%s block at %p: %zu bytes, %zu live, %zu free</title>",
          kind_names[b->kind], LEFT, d->y, kind_names[b->kind], b->start, b->size,
          b->live_bytes, b->free_bytes);
  emit_runs(d);
  fprintf(d->out, "<rect class=\"frame\" width=\"%d\" height=\"%d\"/></g>\n", d->npx, STRIP_H);
}

static void open_section(struct drawing *d, enum heap_kind k)
{
  char head[160], bytes[24];
  human_bytes(d->survey.block_bytes[k], bytes, sizeof bytes);
  snprintf(head, sizeof head, "%s: %zu, %s", kind_titles[k], d->survey.blocks[k], bytes);
  d->y += SECTION_GAP;
  text_at(d->out, 12, d->y + 14, "head", head);
  d->y += SECTION_HEAD;
  d->section = k;
  d->in_section = 0;
}

static void draw_block(const struct heap_block_info *b, void *ud)
{
  struct drawing *d = ud;
  if (d->in_section == 0 || b->kind != d->section)
    open_section(d, b->kind);
  size_t i = d->in_section++;
  if (i < MAX_STRIPS_PER_KIND) {
    draw_strip(d, b);
    d->y += STRIP_STEP;
  } else if (i == MAX_STRIPS_PER_KIND) {
    char note[96];
    snprintf(note, sizeof note, "... and %zu more not drawn",
             d->survey.blocks[b->kind] - MAX_STRIPS_PER_KIND);
    text_at(d->out, LEFT, d->y + STRIP_H, "legend", note);
    d->y += STRIP_STEP;
  }
}

/* Writes the whole picture; returns 0 or an errno value. */
static int write_picture(struct gc *gc, const struct heap *h, const char *path)
{
  struct drawing d;
  memset(&d, 0, sizeof d);
  d.heap = h;
  d.survey.heap = h;
  heap_foreach_block(h, survey_block, &d.survey);
  FILE *out = fopen(path, "w");
  if (!out)
    return errno;
  d.out = out;
  write_header(&d, picture_height(&d.survey));
  write_title(&d, gc);
  write_legend(&d);
  d.y = sections_top() - SECTION_GAP;
  heap_foreach_block(h, draw_block, &d);
  fputs("</svg>\n", out);
  int err = ferror(out) ? (errno ? errno : EIO) : 0;
  if (fclose(out) != 0 && !err)
    err = errno ? errno : EIO;
  return err;
}

/* ================================================================== */
/* Lisp                                                               */
/* ================================================================== */

static void draw_or_signal(mrt *rt, struct heap *h, const char *path, mval lisp_path)
{
  int err = write_picture(rt->gc, h, path);
  if (err)
    xsignal3(rt, Qfile_error, make_cstring(rt, "Writing heap map"),
             make_cstring(rt, strerror(err)), lisp_path);
}

static const char *checked_path(mrt *rt, mval file)
{
  CHECK_STRING(rt, file);
  const char *path = (const char *)XSTRING(file)->data;
  if (strlen(path) != (size_t)XSTRING(file)->nbytes || !*path)
    xsignal2(rt, Qfile_error, make_cstring(rt, "Invalid file name"), file);
  return path;
}

/* (heap-map FILE): collect, then draw the heap into FILE as SVG. */
static mval Fheap_map(mrt *rt, int nargs, mval *args)
{
  mval file = args[0];
  const char *path = checked_path(rt, file);
  struct heap *h = gc_heap(rt->gc);
  if (!h)
    mrt_error(rt, "heap-map: the Boehm GC baseline has no heap of its own to draw");
  gc_collect(rt->gc, "heap-map");
  draw_or_signal(rt, h, path, file);
  return file;
}

void heapmap_after_collect(mrt *rt)
{
  mval dir = find_symbol_value(rt, Qheap_map_directory);
  struct heap *h;
  if (!STRINGP(dir) || !(h = gc_heap(rt->gc)))
    return;
  const char *dirname = checked_path(rt, dir);
  if (mkdir(dirname, 0777) != 0 && errno != EEXIST)
    xsignal3(rt, Qfile_error, make_cstring(rt, "Creating directory"),
             make_cstring(rt, strerror(errno)), dir);
  struct gc_stats st;
  gc_get_stats(rt->gc, &st);
  char path[4096];
  if (snprintf(path, sizeof path, "%s/heap-%05llu.svg", dirname,
               (unsigned long long)st.gcs_done) >= (int)sizeof path)
    xsignal2(rt, Qfile_error, make_cstring(rt, "File name too long"), dir);
  draw_or_signal(rt, h, path, dir);
}

static const struct subr_def heapmap_subrs[] = {
  {"heap-map", Fheap_map, 1, 1},
};

void heapmap_init(mrt *rt)
{
  defsubrs(rt, heapmap_subrs, sizeof heapmap_subrs / sizeof heapmap_subrs[0]);
  defvar(rt, Qheap_map_directory, Qnil);
}
