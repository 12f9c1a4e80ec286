/*
** buffer.c -- layer 5: buffers (see buffer.h for the representation).
**
** Invariants of this module:
**   - The text is well-formed multibyte: every string goes in through
**     string_to_multibyte, every character through char_encode.  So a
**     byte of the form 10xxxxxx never starts a character, a newline
**     byte is always a newline, and counting characters is counting
**     the other bytes.
**   - The gap sits between characters.  Searches move it out of the
**     accessible portion, so the regexp matchers of strfns.c see one
**     contiguous run of bytes.
**   - 1 <= begv <= pt <= zv <= z + 1 while the buffer is live.  A
**     killed buffer has no name and no text, and no marker points
**     into it; it can no longer become current.
**   - The current buffer is always live: killing it makes another one
**     current first.
**   - Each marker that points into a buffer is on that buffer's
**     markers chain, which insertion and deletion walk to move them.
**     The chain is raw pointers, so it does not keep its markers: one
**     that nothing else holds is collected and its finalizer takes it
**     off, as Emacs drops unreachable markers; save-excursion's markers
**     are taken off again at its end.
**
** Known differences from Emacs 28:
**   - No text properties or modes.
**   - generate-new-buffer-name adds <2>, <3>... to names that start
**     with a space too (Emacs adds a random number there).
**   - A collection trims undo lists as Emacs's does (undo-limit,
**     undo-strong-limit), but it may run at any allocation, where Lisp
**     cannot: undo-outer-limit-function is called at the next safe
**     point after it, not inside it.
**   - replace-buffer-contents always finds a shortest edit script:
**     where Emacs's diffseq uses its heuristics (parts needing over 200
**     edits, MAX-COSTS) the scripts, and so markers and undo, differ.
*/
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buffer.h"
#include "process.h"
#include "arith.h"
#include "bignum.h"
#include "chartab.h"
#include "eval.h"
#include "fns.h"
#include "printer.h"
#include "reader.h"
#include "strfns.h"
#include "overlays.h"
#include "textprop.h"
#include "timefns.h"
#include "variables.h"
#include "window.h"
#include "load.h"

struct buffer_state {
  mval current;
  bool undo_outer_due; /* some buffer's undo_outer_size is set */
  mval live; /* the live buffers, newest first */
  /* The overlay hooks a change in progress called before it, for after
     (buffer_change_begin); no change runs hooks inside another one. */
  mval overlay_hooks;
  /* The variables in every buffer and their initial values (vectors,
     in per_buffer_vars's order). */
  mval symbols, initial_values;
  /* Where point was at the last undo-boundary, and in which buffer:
     Emacs's point_before_last_command_or_undo (there is no command
     loop to set it otherwise). */
  int64_t undo_point;
  mval undo_buffer;
};

/* The variables Emacs keeps in each buffer's own slots, and what a new
   buffer has (Lisp text; NULL: the variable's value at start).  The
   first ones have a binding in every buffer, in the order
   buffer-local-variables lists them; the others become buffer-local
   when set, as with make-variable-buffer-local. */
struct per_buffer_var {
  const char *name, *init;
};
static const struct per_buffer_var per_buffer_vars[] = {
  {"buffer-undo-list", "nil"}, {"buffer-display-time", "nil"},
  {"buffer-display-count", "0"}, {"buffer-invisibility-spec", "t"},
  {"buffer-file-truename", "nil"}, {"point-before-scroll", "nil"},
  {"buffer-auto-save-file-format", "t"}, {"buffer-file-format", "nil"},
  {"enable-multibyte-characters", "t"}, {"mark-active", "nil"},
  {"mode-name", "\"Fundamental\""}, {"local-minor-modes", "nil"},
  {"major-mode", "fundamental-mode"}, {"buffer-read-only", "nil"},
  {"buffer-auto-save-file-name", "nil"}, {"buffer-saved-size", "0"},
  {"buffer-backed-up", "nil"}, {"default-directory", NULL},
  {"buffer-file-name", "nil"},
};
enum { IN_EVERY_BUFFER = 19, UNDO_LIST = 0, DISPLAY_COUNT = 2, INVISIBILITY_SPEC = 3,
       BUFFER_FILE_TRUENAME = 4, MULTIBYTE = 8,
       MARK_ACTIVE = 9, MODE_NAME = 10, MAJOR_MODE = 12, DEFAULT_DIRECTORY = 17,
       BUFFER_FILE_NAME = 18 };
static const struct per_buffer_var local_when_set_vars[] = {
  {"case-fold-search", "t"}, {"fill-column", "70"}, {"left-margin", "0"},
  {"tab-width", "8"}, {"truncate-lines", "nil"}, {"word-wrap", "nil"},
  {"ctl-arrow", "t"}, {"indent-tabs-mode", "t"}, {"abbrev-mode", "nil"},
  {"overwrite-mode", "nil"}, {"auto-fill-function", "nil"},
  {"selective-display", "nil"}, {"selective-display-ellipses", "t"},
  {"buffer-file-coding-system", "utf-8-unix"}, {"line-spacing", "nil"},
  {"cursor-type", "t"}, {"header-line-format", "nil"},
  {"buffer-display-table", "nil"}, {"bidi-display-reordering", "t"},
  {"bidi-paragraph-direction", "nil"}, {"cache-long-scans", "t"},
  {"comment-end-can-be-escaped", "nil"},
};
_Static_assert(sizeof per_buffer_vars / sizeof per_buffer_vars[0] == IN_EVERY_BUFFER,
               "IN_EVERY_BUFFER counts per_buffer_vars");

static mval bool_val(bool b) { return b ? Qt : Qnil; }

/* The text changed: the buffer is modified, and its undo list due for
   trimming at the next collection. */
static void note_change(struct buffer_text *t)
{
  t->chars_modiff = ++t->modiff;
  t->compact_due = 1;
}

/* Only its text properties changed: the characters did not. */
static void note_property_change(struct buffer_text *t)
{
  t->modiff++;
  t->compact_due = 1;
}

/* What changed the text since MODIFF was BEFORE (a deletion and an
   insertion, say) counts as one change, as Emacs counts a replacement. */
static void note_one_change(struct buffer_text *t, int64_t before)
{
  t->modiff = before;
  note_change(t);
}

static bool text_modified(const struct buffer_text *t) { return t->save_modiff < t->modiff; }

/* (format F A B) */
static mval format2(mrt *rt, const char *f, mval a, mval b)
{
  mval args[3] = { make_cstring(rt, f), a, b };
  return format_string(rt, 3, args);
}

static mval concat2(mrt *rt, mval a, mval b)
{
  mval args[2] = { a, b };
  return concat_strings(rt, 2, args);
}

static mval reversed(mrt *rt, mval list)
{
  mval r = Qnil;
  for (; CONSP(list); list = XCDR(list))
    r = Fcons(rt, XCAR(list), r);
  return r;
}

/* LIST without its first X (destructively); the new head. */
static mval list_remove(mrt *rt, mval list, mval x)
{
  mval prev = Qnil;
  for (mval l = list; CONSP(l); prev = l, l = XCDR(l)) {
    if (XCAR(l) != x)
      continue;
    if (NILP(prev))
      return XCDR(l);
    gc_setcdr(rt->gc, prev, XCDR(l));
    break;
  }
  return list;
}

/* ================================================================== */
/* The text                                                           */
/* ================================================================== */

static int64_t text_bytes(const struct buffer_text *b) { return b->cap - b->gap_size; }

static uint8_t byte_at(const struct buffer_text *b, int64_t i)
{
  return b->text[i < b->gap ? i : i + b->gap_size];
}

static bool continuation_byte(uint8_t c) { return (c & 0xC0) == 0x80; }

/* Characters in the bytes [FROM, TO). */
static int64_t count_chars(const struct buffer_text *b, int64_t from, int64_t to)
{
  int64_t n = 0;
  if (from < b->gap) {
    int64_t e = to < b->gap ? to : b->gap;
    n += utf8_count_chars(b->text + from, (size_t)(e - from), NULL);
    from = e;
  }
  if (from < to)
    n += utf8_count_chars(b->text + from + b->gap_size, (size_t)(to - from), NULL);
  return n;
}

static void remember(struct buffer_text *b, int64_t pos, int64_t byte)
{
  b->cache_pos = pos;
  b->cache_byte = byte;
}

/* The byte offset of position POS (1 <= POS <= z + 1), walking from the
   nearest of the start, the cached pair and the end. */
static int64_t pos_to_byte(struct buffer_text *b, int64_t pos)
{
  int64_t zb = text_bytes(b);
  if (b->z == zb)
    return pos - 1;
  int64_t p = 1, byte = 0, dc = llabs(pos - b->cache_pos);
  if (dc < pos - 1 && dc < b->z + 1 - pos)
    p = b->cache_pos, byte = b->cache_byte;
  else if (b->z + 1 - pos < pos - 1)
    p = b->z + 1, byte = zb;
  for (; p < pos; p++)
    do
      byte++;
    while (byte < zb && continuation_byte(byte_at(b, byte)));
  for (; p > pos; p--)
    do
      byte--;
    while (byte > 0 && continuation_byte(byte_at(b, byte)));
  remember(b, pos, byte);
  return byte;
}

static int64_t byte_to_pos(struct buffer_text *b, int64_t byte)
{
  if (b->z == text_bytes(b))
    return byte + 1;
  int64_t pos;
  if (byte >= b->cache_byte)
    pos = b->cache_pos + count_chars(b, b->cache_byte, byte);
  else if (byte < b->cache_byte / 2)
    pos = 1 + count_chars(b, 0, byte);
  else
    pos = b->cache_pos - count_chars(b, byte, b->cache_byte);
  remember(b, pos, byte);
  return pos;
}

static void move_gap(struct buffer_text *b, int64_t byte)
{
  if (byte < b->gap)
    memmove(b->text + byte + b->gap_size, b->text + byte, (size_t)(b->gap - byte));
  else if (byte > b->gap)
    memmove(b->text + b->gap, b->text + b->gap + b->gap_size, (size_t)(byte - b->gap));
  b->gap = byte;
}

/* Makes the gap at least N bytes, growing the text by half again. */
static void ensure_gap(mrt *rt, struct buffer_text *b, int64_t n)
{
  if (b->gap_size >= n)
    return;
  int64_t grow = n - b->gap_size + b->cap / 2 + 64, cap = b->cap + grow;
  uint8_t *t = b->text ? gc_xrealloc(rt->gc, b->text, (size_t)b->cap, (size_t)cap)
                       : gc_xmalloc_atomic(rt->gc, (size_t)cap);
  if (!t)
    memory_full(rt);
  int64_t after = b->cap - b->gap - b->gap_size;
  memmove(t + cap - after, t + b->gap + b->gap_size, (size_t)after);
  b->text = t;
  b->gap_size += grow;
  b->cap = cap;
}

/* The accessible bytes [from, to) made contiguous: their address. */
static const uint8_t *contiguous(struct buffer_text *b, int64_t from, int64_t to)
{
  if (!b->text)
    return (const uint8_t *)"";
  if (from < b->gap && b->gap < to)
    move_gap(b, b->gap - from < to - b->gap ? from : to);
  return b->text + from + (from >= b->gap ? b->gap_size : 0);
}

const uint8_t *buffer_text_from(mval buffer, int64_t from, size_t *nbytes)
{
  struct buffer *b = XBUFFER(buffer);
  int64_t bf = pos_to_byte(b->t, from), bt = pos_to_byte(b->t, b->zv);
  *nbytes = (size_t)(bt - bf);
  return contiguous(b->t, bf, bt);
}

int64_t buffer_bytes_between(mval buffer, int64_t from, int64_t pos)
{
  struct buffer_text *t = XBUFFER(buffer)->t;
  return pos_to_byte(t, pos) - pos_to_byte(t, from);
}

/* ---- Markers ---- */

static void adjust_for_insert(struct buffer *b, int64_t pos, int64_t n)
{
  for (struct marker *m = b->markers; m; m = m->next)
    if (m->charpos > pos || (m->charpos == pos && m->insertion_type))
      m->charpos += n;
}

static int64_t after_delete(int64_t p, int64_t from, int64_t to)
{
  return p > to ? p - (to - from) : p > from ? from : p;
}

static void adjust_for_delete(struct buffer *b, int64_t from, int64_t to)
{
  for (struct marker *m = b->markers; m; m = m->next)
    m->charpos = after_delete(m->charpos, from, to);
  b->pt = after_delete(b->pt, from, to);
}

static struct buffer_state *state(mrt *rt);

/* The other live buffers that show B's text (its base buffer and
   indirect buffers), one per call from *L (start: the live list); NULL
   after the last. */
static struct buffer *next_sharer(mrt *rt, struct buffer *b, mval *l)
{
  if (b->t->sharers == 0)
    return NULL;
  for (; CONSP(*l); *l = XCDR(*l)) {
    struct buffer *o = XBUFFER(XCAR(*l));
    if (o != b && o->t == b->t) {
      *l = XCDR(*l);
      return o;
    }
  }
  return NULL;
}

/* N characters went in at POS of the text B shares: another buffer's
   point and narrowing move as Emacs's markers for them do (the end
   advancing over text inserted at it), and its markers and overlays
   with them. */
static void sharers_after_insert(mrt *rt, struct buffer *b, int64_t pos, int64_t n)
{
  mval l = state(rt)->live;
  for (struct buffer *o; (o = next_sharer(rt, b, &l));) {
    adjust_for_insert(o, pos, n);
    o->pt += o->pt > pos ? n : 0;
    o->begv += o->begv > pos ? n : 0;
    o->zv += o->zv >= pos ? n : 0;
    if (CONSP(o->overlays))
      overlays_after_insert(o);
  }
}

static void sharers_after_delete(mrt *rt, struct buffer *b, int64_t from, int64_t to)
{
  mval l = state(rt)->live;
  for (struct buffer *o; (o = next_sharer(rt, b, &l));) {
    adjust_for_delete(o, from, to);
    o->begv = after_delete(o->begv, from, to);
    o->zv = after_delete(o->zv, from, to);
    if (CONSP(o->overlays))
      overlays_after_delete(rt, tag_ptr(o, TAG_VECTORLIKE), from);
  }
}

/* ---- Changes ---- */

/* B's text's intervals: its own, or its base buffer's. */
static mval intervals_of(struct buffer *b) { return buffer_text_owner(b)->intervals; }

static void set_intervals(mrt *rt, struct buffer *b, mval ivs)
{
  b = buffer_text_owner(b);
  if (b->intervals != ivs)
    GC_STORE(rt->gc, tag_ptr(b, TAG_VECTORLIKE), b->intervals, ivs);
}

void buffer_set_intervals(mrt *rt, mval buffer, mval ivs) { set_intervals(rt, XBUFFER(buffer), ivs); }

/* Inserts NBYTES of well-formed multibyte text at S (NCHARS characters)
   with the text properties IVS at point, and moves point after it.  S
   may be a string's bytes, which a collection can move: nothing may
   allocate before they are copied. */
static void insert_bytes(mrt *rt, struct buffer *b, const uint8_t *s, int64_t nbytes, int64_t nchars,
                         mval ivs)
{
  if (nbytes == 0)
    return;
  int64_t old_z = b->t->z, old_pt = b->pt;
  int64_t at = pos_to_byte(b->t, b->pt);
  ensure_gap(rt, b->t, nbytes);
  move_gap(b->t, at);
  memcpy(b->t->text + at, s, (size_t)nbytes);
  b->t->gap += nbytes;
  b->t->gap_size -= nbytes;
  b->t->z += nchars;
  b->zv += nchars;
  adjust_for_insert(b, b->pt, nchars);
  if (CONSP(b->overlays))
    overlays_after_insert(b);
  sharers_after_insert(rt, b, b->pt, nchars);
  b->pt += nchars;
  remember(b->t, b->pt, at + nbytes);
  note_change(b->t);
  if (!NILP(intervals_of(b)) || !NILP(ivs))
    set_intervals(rt, b, textprop_insert(rt, intervals_of(b), old_z, old_pt - 1, nchars, ivs));
}

static mval char_string(mrt *rt, int c)
{
  uint8_t enc[MAX_CHAR_BYTES];
  return make_string(rt, (const char *)enc, (size_t)char_encode(c, enc));
}


static void delete_text(mrt *rt, struct buffer *b, int64_t from, int64_t to)
{
  if (from >= to)
    return;
  set_intervals(rt, b, textprop_delete(rt, intervals_of(b), from - 1, to - 1));
  int64_t bf = pos_to_byte(b->t, from), bt = pos_to_byte(b->t, to);
  if (b->t->gap >= bt) {
    move_gap(b->t, bt);
    b->t->gap = bf;
  } else {
    move_gap(b->t, bf);
  }
  b->t->gap_size += bt - bf;
  b->t->z -= to - from;
  b->zv -= to - from;
  adjust_for_delete(b, from, to);
  remember(b->t, from, bf);
  note_change(b->t);
  if (CONSP(b->overlays))
    overlays_after_delete(rt, tag_ptr(b, TAG_VECTORLIKE), from);
  sharers_after_delete(rt, b, from, to);
}

static mval per_buffer_value(mrt *rt, mval buffer, int i);

/* Whether B holds unibyte text (enable-multibyte-characters nil).  Its
   bytes are kept as raw-byte characters (ASCII as itself), so that the
   gap buffer stays well-formed multibyte; what reads or writes its
   characters converts. */
static bool unibyte_text_p(mrt *rt, struct buffer *b)
{
  return NILP(per_buffer_value(rt, tag_ptr(b, TAG_VECTORLIKE), MULTIBYTE));
}

/* The byte a unibyte buffer keeps for character C, as a raw-byte
   character: Emacs keeps the low eight bits of one not ASCII. */
static int unibyte_stored(int c) { return c < 0x80 ? c : RAW_BYTE_CHAR(c & 0xFF); }

static mval text_string(mrt *rt, struct buffer *b, int64_t from, int64_t to)
{
  int64_t bf = pos_to_byte(b->t, from), bt = pos_to_byte(b->t, to);
  bool unibyte = unibyte_text_p(rt, b);
  if (bt == bf) /* not the shared unibyte "", which must stay unibyte */
    return empty_string(rt, !unibyte);
  mval s = make_string(rt, (const char *)contiguous(b->t, bf, bt), (size_t)(bt - bf));
  XSTRING(s)->flags |= STRING_MULTIBYTE;
  return unibyte ? string_to_unibyte(rt, s) : s;
}

/* The same with the text's properties. */
static mval text_with_properties(mrt *rt, struct buffer *b, int64_t from, int64_t to)
{
  mval s = text_string(rt, b, from, to);
  mval ivs = textprop_slice(rt, intervals_of(b), from - 1, to - 1);
  if (!NILP(ivs))
    GC_STORE(rt->gc, s, XSTRING(s)->intervals, ivs);
  return s;
}

/* The character at position POS (begv <= POS < zv). */
static int char_at(struct buffer *b, int64_t pos)
{
  int64_t byte = pos_to_byte(b->t, pos);
  const uint8_t *p = b->t->text + byte + (byte >= b->t->gap ? b->t->gap_size : 0);
  const uint8_t *end = byte < b->t->gap ? b->t->text + b->t->gap : b->t->text + b->t->cap;
  int len;
  return char_decode(p, end, &len);
}

/* ================================================================== */
/* Buffer objects and the current buffer                              */
/* ================================================================== */

static struct buffer_state *state(mrt *rt) { return rt->buffers; }

mval current_buffer(mrt *rt) { return state(rt)->current; }
bool buffer_unibyte_p(mrt *rt, mval buffer) { return unibyte_text_p(rt, XBUFFER(buffer)); }
static struct buffer *cur(mrt *rt) { return XBUFFER(state(rt)->current); }
bool buffer_current_unibyte_p(mrt *rt) { return unibyte_text_p(rt, cur(rt)); }
static bool live_p(mval buffer) { return !NILP(XBUFFER(buffer)->name); }

static mval check_buffer(mrt *rt, mval x)
{
  CHECK_TYPE(rt, BUFFERP(x), Qbufferp, x);
  return x;
}

mval buffer_or_current(mrt *rt, mval buffer)
{
  return NILP(buffer) ? current_buffer(rt) : check_buffer(rt, buffer);
}

static mval find_buffer(mrt *rt, mval name)
{
  for (mval l = state(rt)->live; CONSP(l); l = XCDR(l))
    if (mrt_equal(rt, XBUFFER(XCAR(l))->name, name))
      return XCAR(l);
  return Qnil;
}

static mval per_buffer_symbol(mrt *rt, int i) { return AREF(state(rt)->symbols, i); }

mval buffer_per_buffer_symbols(mrt *rt) { return state(rt)->symbols; }

/* Gives per-buffer variable I the value V in the buffer of LOCALS: a
   binding of its own unless V is the default one, which a buffer
   without a binding sees. */
static void set_per_buffer(mrt *rt, mval locals, int i, mval v)
{
  mval sym = per_buffer_symbol(rt, i), binding = local_binding(rt, sym, locals);
  if (CONSP(binding))
    gc_setcdr(rt->gc, binding, v);
  else if (v != XSYMBOL(rt, sym)->value)
    gc_setcdr(rt->gc, locals, Fcons(rt, Fcons(rt, sym, v), XCDR(locals)));
}

/* A new buffer's values of the variables in every buffer: their
   initial ones (whatever the defaults became), but for the directory of
   the buffer current, and undo off in buffers whose names start with a
   space.  Only those that differ from the defaults take a binding. */
static void give_per_buffer_values(mrt *rt, mval locals, mval name)
{
  for (int i = 0; i < IN_EVERY_BUFFER; i++) {
    mval sym = per_buffer_symbol(rt, i), v = AREF(state(rt)->initial_values, i);
    if (i == DEFAULT_DIRECTORY && !NILP(state(rt)->current))
      v = find_symbol_value(rt, sym);
    if (i == UNDO_LIST && XSTRING(name)->nbytes > 0 && XSTRING(name)->data[0] == ' ')
      v = Qt;
    if (v != XSYMBOL(rt, sym)->value) /* LOCALS has no binding yet */
      gc_setcdr(rt->gc, locals, Fcons(rt, Fcons(rt, sym, v), XCDR(locals)));
  }
}

/* Keeps only the bindings of the variables in every buffer: what a
   killed buffer keeps, as in Emacs. */
static void keep_per_buffer_bindings(mrt *rt, mval locals)
{
  mval last = locals;
  for (mval l = XCDR(locals); CONSP(l); l = XCDR(l)) {
    if (XSYMBOL(rt, XCAR(XCAR(l)))->in_every_buffer)
      last = l;
    else
      gc_setcdr(rt->gc, last, XCDR(l));
  }
}

void buffer_materialize(mrt *rt, mval sym)
{
  for (mval l = state(rt)->live; CONSP(l); l = XCDR(l)) {
    mval locals = XBUFFER(XCAR(l))->locals;
    if (NILP(local_binding(rt, sym, locals)))
      gc_setcdr(rt->gc, locals, Fcons(rt, Fcons(rt, sym, XSYMBOL(rt, sym)->value), XCDR(locals)));
  }
}

void buffer_reset_mode(mrt *rt)
{
  const int reset[] = {MAJOR_MODE, MODE_NAME, INVISIBILITY_SPEC};
  for (size_t i = 0; i < sizeof reset / sizeof reset[0]; i++)
    set_per_buffer(rt, rt->locals, reset[i], AREF(state(rt)->initial_values, reset[i]));
  GC_STORE(rt->gc, state(rt)->current, cur(rt)->syntax_table, Qnil);
}

static mval make_buffer(mrt *rt, mval name)
{
  size_t words = (sizeof(struct buffer) + 7) / 8;
  mval buffer = gc_vectorlike(rt->gc, PVEC_BUFFER, words, BUFFER_NLISP);
  struct buffer *b = XBUFFER(buffer);
  OBJ_INIT(b->name, name);
  b->t = &b->own;
  b->pt = b->begv = b->zv = b->t->cache_pos = 1;
  b->t->modiff = b->t->chars_modiff = b->t->save_modiff = 1;
  GC_STORE(rt->gc, buffer, b->locals, Fcons(rt, buffer, Qnil));
  give_per_buffer_values(rt, b->locals, name);
  mval live = Fcons(rt, buffer, state(rt)->live);
  state(rt)->live = live;
  return buffer;
}

static mval get_buffer(mrt *rt, mval x)
{
  if (BUFFERP(x))
    return x;
  CHECK_STRING(rt, x);
  return find_buffer(rt, x);
}

/* A buffer or the name of one that exists. */
static mval existing_buffer(mrt *rt, mval x)
{
  mval buffer = get_buffer(rt, x);
  if (NILP(buffer))
    xsignal1(rt, Qerror, format2(rt, "No buffer named %s", x, Qnil));
  return buffer;
}

/* The one place the current buffer changes: its variables' bindings
   come with it. */
static void make_current(mrt *rt, mval buffer)
{
  state(rt)->current = buffer;
  rt->locals = XBUFFER(buffer)->locals;
}

static void set_current(mrt *rt, mval buffer)
{
  if (!live_p(buffer))
    mrt_error(rt, "Selecting deleted buffer");
  make_current(rt, buffer);
}

static void restore_current(mrt *rt, mval buffer)
{
  if (BUFFERP(buffer) && live_p(buffer))
    make_current(rt, buffer);
}

/* Runs HOOK with BUFFER current, as Emacs runs a buffer's hooks, unless
   BUFFER was made with INHIBIT-BUFFER-HOOKS; true unless HOOK is a
   query that one of its functions answered nil. */
static bool run_buffer_hook(mrt *rt, mval buffer, mval hook, bool query)
{
  if (XBUFFER(buffer)->inhibit_hooks)
    return true;
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, restore_current, current_buffer(rt));
  make_current(rt, buffer);
  bool ok = true;
  if (query)
    ok = run_hook_until_failure(rt, hook);
  else
    run_hook(rt, hook);
  unbind_to(rt, depth);
  return ok;
}

/* buffer-list-update-hook after a change to BUFFER, run in the buffer
   current then. */
static void list_updated(mrt *rt, mval buffer)
{
  if (!XBUFFER(buffer)->inhibit_hooks)
    run_hook(rt, Qbuffer_list_update_hook);
}

static mval get_buffer_create(mrt *rt, mval x, mval inhibit_hooks)
{
  mval buffer = get_buffer(rt, x);
  if (!NILP(buffer))
    return buffer;
  if (XSTRING(x)->nchars == 0)
    mrt_error(rt, "Empty string for buffer name is not allowed");
  buffer = make_buffer(rt, concat_strings(rt, 1, &x));
  XBUFFER(buffer)->inhibit_hooks = !NILP(inhibit_hooks);
  list_updated(rt, buffer);
  return buffer;
}

static mval generate_name(mrt *rt, mval name, mval ignore)
{
  CHECK_STRING(rt, name);
  /* IGNORE may name a live buffer, NAME itself as well as a numbered one. */
  if (mrt_equal(rt, name, ignore) || NILP(find_buffer(rt, name)))
    return name;
  for (int64_t n = 2;; n++) {
    mval candidate = format2(rt, "%s<%d>", name, make_fixnum(n));
    if (mrt_equal(rt, candidate, ignore) || NILP(find_buffer(rt, candidate)))
      return candidate;
  }
}

/* The live buffer to make current when BUFFER goes, as batch Emacs's
   other-buffer chooses: the first whose name does not start with a
   space, passing over those a window shows; else a shown one or any;
   else a new *scratch*. */
static mval other_buffer(mrt *rt, mval buffer)
{
  mval scratch = make_cstring(rt, "*scratch*"), fallback = Qnil;
  for (mval l = reversed(rt, state(rt)->live); CONSP(l); l = XCDR(l)) {
    mval c = XCAR(l), name = XBUFFER(c)->name;
    if (c == buffer)
      continue;
    bool hidden = XSTRING(name)->nbytes == 0 || XSTRING(name)->data[0] == ' ';
    if (!hidden && !window_shows_buffer(rt, c))
      return c;
    if (NILP(fallback) || !hidden)
      fallback = c;
  }
  return NILP(fallback) ? make_buffer(rt, scratch) : fallback;
}

static void detach_marker(mrt *rt, mval m);
static void unchain(struct marker *m);

/* Frees BUFFER's own text, which no live buffer shows. */
static void release_text(mrt *rt, mval buffer)
{
  struct buffer *b = XBUFFER(buffer);
  GC_STORE(rt->gc, buffer, b->intervals, Qnil);
  if (b->own.text)
    gc_xfree(rt->gc, b->own.text, (size_t)b->own.cap);
  b->own = (struct buffer_text){ .cache_pos = 1, .modiff = 1, .chars_modiff = 1, .save_modiff = 1 };
}

/* A base buffer killed while one of its indirect buffers refused to go
   (Emacs kills it all the same) keeps its text for them until the last
   one goes. */
static void kill(mrt *rt, mval buffer)
{
  if (current_buffer(rt) == buffer)
    make_current(rt, other_buffer(rt, buffer));
  struct buffer *b = XBUFFER(buffer);
  overlays_delete_all(rt, buffer);
  while (b->markers)
    detach_marker(rt, tag_ptr(b->markers, TAG_VECTORLIKE));
  GC_STORE(rt->gc, buffer, b->name, Qnil);
  keep_per_buffer_bindings(rt, b->locals);
  set_per_buffer(rt, b->locals, UNDO_LIST, Qnil);
  if (b->t != &b->own) {
    mval base = b->base;
    if (--XBUFFER(base)->own.sharers == 0 && !live_p(base))
      release_text(rt, base);
  } else if (b->own.sharers == 0) {
    release_text(rt, buffer);
  }
  b->t = &b->own;
  b->pt = b->begv = b->zv = 1;
  state(rt)->live = list_remove(rt, state(rt)->live, buffer);
}

static void buffer_finalize(struct gc *g, struct vectorlike *obj, void *ud)
{
  (void)ud;
  struct buffer *b = (struct buffer *)obj;
  if (b->own.text)
    gc_xfree(g, b->own.text, (size_t)b->own.cap);
  b->own.text = NULL;
  while (b->markers)
    unchain(b->markers);
}

static mval Fcurrent_buffer(mrt *rt, int n, mval *a) { return current_buffer(rt); }

static mval Fset_buffer(mrt *rt, int n, mval *a)
{
  mval buffer = existing_buffer(rt, a[0]);
  set_current(rt, buffer);
  return buffer;
}

static mval Fget_buffer(mrt *rt, int n, mval *a) { return get_buffer(rt, a[0]); }
static mval Fget_buffer_create(mrt *rt, int n, mval *a) { return get_buffer_create(rt, a[0], a[1]); }
static mval Fgenerate_new_buffer_name(mrt *rt, int n, mval *a) { return generate_name(rt, a[0], a[1]); }

static mval Fgenerate_new_buffer(mrt *rt, int n, mval *a)
{
  return get_buffer_create(rt, generate_name(rt, a[0], Qnil), a[1]);
}

static mval Fbuffer_name(mrt *rt, int n, mval *a) { return XBUFFER(buffer_or_current(rt, a[0]))->name; }
static mval Fbuffer_list(mrt *rt, int n, mval *a) { return reversed(rt, state(rt)->live); }
static mval Fbufferp(mrt *rt, int n, mval *a) { return bool_val(BUFFERP(a[0])); }
static mval Fbuffer_live_p(mrt *rt, int n, mval *a) { return bool_val(BUFFERP(a[0]) && live_p(a[0])); }

static mval Fkill_buffer(mrt *rt, int n, mval *a)
{
  mval buffer = NILP(a[0]) ? current_buffer(rt) : existing_buffer(rt, a[0]);
  if (!live_p(buffer))
    return Qnil;
  if (!run_buffer_hook(rt, buffer, Qkill_buffer_query_functions, true))
    return Qnil;
  if (!live_p(buffer))
    return Qt;
  run_buffer_hook(rt, buffer, Qkill_buffer_hook, false);
  if (!live_p(buffer))
    return Qt;
  /* files.el offers to delete its auto-save file, as Emacs 28 does. */
  if (!NILP(find_symbol_value(rt, Qkill_buffer_delete_auto_save_files)))
    call1(rt, Qfiles__kill_buffer_auto_save, buffer);
  if (!live_p(buffer))
    return Qt;
  process_hang_up(rt, buffer);
  /* Its indirect buffers go first, each as kill-buffer kills it. */
  for (mval l = reversed(rt, state(rt)->live); CONSP(l) && live_p(buffer); l = XCDR(l))
    if (XBUFFER(XCAR(l))->base == buffer) {
      mval indirect = XCAR(l);
      Fkill_buffer(rt, 1, &indirect);
    }
  if (!live_p(buffer))
    return Qt;
  /* As in Emacs, another buffer is made current before the windows
     showing this one are given others (window.el), even those that
     `replace-buffer-in-windows' could find none for. */
  if (current_buffer(rt) == buffer)
    make_current(rt, other_buffer(rt, buffer));
  if (window_shows_buffer(rt, buffer))
    call1(rt, intern(rt, "window--replace-buffer-for-kill"), buffer);
  if (!live_p(buffer))
    return Qt;
  kill(rt, buffer);
  list_updated(rt, buffer);
  return Qt;
}

/* Moves live BUFFER to the front of the buffer list, or to its end if
   BURY (the live list is kept newest first, the reverse). */
static mval move_buffer(mrt *rt, mval buffer, bool bury)
{
  CHECK_TYPE(rt, BUFFERP(buffer), Qbufferp, buffer);
  if (!live_p(buffer))
    return Qnil;
  mval rest = list_remove(rt, state(rt)->live, buffer);
  state(rt)->live = bury ? Fcons(rt, buffer, rest) : reversed(rt, Fcons(rt, buffer, reversed(rt, rest)));
  list_updated(rt, buffer);
  return Qnil;
}

/* (marrow--record-buffer BUFFER): to the front of the buffer list, as
   Emacs's record_buffer puts a buffer selected in a window. */
static mval Frecord_buffer(mrt *rt, int n, mval *a) { return move_buffer(rt, a[0], false); }

/* (bury-buffer-internal BUFFER): to the end of the buffer list. */
static mval Fbury_buffer_internal(mrt *rt, int n, mval *a) { return move_buffer(rt, a[0], true); }

/* (other-buffer &optional BUFFER VISIBLE-OK FRAME): a live buffer
   other than BUFFER (which counts only if it is a live buffer). */
static mval Fother_buffer(mrt *rt, int n, mval *a)
{
  return other_buffer(rt, BUFFERP(a[0]) && live_p(a[0]) ? a[0] : Qnil);
}

/* (buffer-line-statistics &optional BUFFER-OR-NAME): (LINES LONGEST
   MEAN) over its whole text, lengths in bytes. */
static mval Fbuffer_line_statistics(mrt *rt, int n, mval *a)
{
  struct buffer *b = XBUFFER(NILP(a[0]) ? current_buffer(rt) : existing_buffer(rt, a[0]));
  int64_t lines = 0, longest = 0, len = 0, zb = text_bytes(b->t);
  double mean = 0.0; /* a running mean, rounded as Emacs's */
  for (int64_t i = 0; i <= zb; i++) {
    if (i < zb && byte_at(b->t, i) != '\n') {
      len++;
      continue;
    }
    if (i < zb || len > 0) {
      lines++;
      mean += ((double)len - mean) / (double)lines;
      longest = len > longest ? len : longest;
    }
    len = 0;
  }
  return list3(rt, make_fixnum(lines), make_fixnum(longest), make_float(rt, mean));
}

/* (buffer-base-buffer &optional BUFFER): still the base buffer once
   either is killed, as in Emacs. */
static mval Fbuffer_base_buffer(mrt *rt, int n, mval *a)
{
  return XBUFFER(buffer_or_current(rt, a[0]))->base;
}

/* (error FORMAT ARG) with format-message's quotes, as Emacs's error(). */
static _Noreturn void error_quoting(mrt *rt, const char *format, mval arg)
{
  xsignal1(rt, Qerror, call2(rt, intern(rt, "format-message"), make_cstring(rt, format), arg));
}

/* CLONE's part of make-indirect-buffer: BUFFER (current) takes BASE's
   variables and overlays, but not what names a file. */
static void clone_state(mrt *rt, mval buffer, mval base)
{
  mval copy = Qnil;
  for (mval l = XCDR(XBUFFER(base)->locals); CONSP(l); l = XCDR(l))
    copy = Fcons(rt, Fcons(rt, XCAR(XCAR(l)), XCDR(XCAR(l))), copy);
  gc_setcdr(rt->gc, XBUFFER(buffer)->locals, reversed(rt, copy));
  const char *cleared[] = {"buffer-file-name", "buffer-file-truename", "buffer-backed-up",
                           "buffer-auto-save-file-name", "buffer-save-without-query",
                           "buffer-file-number", "buffer-stale-function"};
  for (size_t i = 0; i < sizeof cleared / sizeof cleared[0]; i++) {
    mval binding = local_binding(rt, intern(rt, cleared[i]), XBUFFER(buffer)->locals);
    if (CONSP(binding))
      gc_setcdr(rt->gc, binding, Qnil);
  }
  set_per_buffer(rt, XBUFFER(buffer)->locals, DISPLAY_COUNT, make_fixnum(0));
  mval ovs = reversed(rt, XBUFFER(base)->overlays);
  for (; CONSP(ovs); ovs = XCDR(ovs)) {
    mval ov = call1(rt, intern(rt, "copy-overlay"), XCAR(ovs));
    mval args[] = { ov, call1(rt, intern(rt, "overlay-start"), ov),
                    call1(rt, intern(rt, "overlay-end"), ov), buffer };
    funcall(rt, intern(rt, "move-overlay"), 4, args);
  }
}

/* (make-indirect-buffer BASE-BUFFER NAME &optional CLONE
   INHIBIT-BUFFER-HOOKS): a buffer sharing the text (and its
   properties) of BASE-BUFFER's own base or of BASE-BUFFER (the root),
   with point and narrowing taken from the root, as Emacs 28 takes
   them, and its own from then on, as its markers, overlays and
   variables are. */
static mval Fmake_indirect_buffer(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[1]);
  if (!NILP(find_buffer(rt, a[1])))
    error_quoting(rt, "Buffer name `%s' is in use", a[1]);
  mval base = get_buffer(rt, a[0]);
  if (NILP(base))
    error_quoting(rt, "No such buffer: `%s'", a[0]);
  if (!live_p(base))
    mrt_error(rt, "Base buffer has been killed");
  if (XSTRING(a[1])->nchars == 0)
    mrt_error(rt, "Empty string for buffer name is not allowed");
  mval root = NILP(XBUFFER(base)->base) ? base : XBUFFER(base)->base;
  mval buffer = make_buffer(rt, concat_strings(rt, 1, &a[1]));
  struct buffer *b = XBUFFER(buffer), *from = XBUFFER(root);
  GC_STORE(rt->gc, buffer, b->base, root);
  b->t = &XBUFFER(root)->own;
  b->t->sharers++;
  b->pt = from->pt, b->begv = from->begv, b->zv = from->zv;
  b->inhibit_hooks = !NILP(a[3]);
  if (!NILP(a[2]))
    clone_state(rt, buffer, root);
  size_t depth = buffer_enter(rt, buffer);
  set_per_buffer(rt, b->locals, UNDO_LIST, per_buffer_value(rt, root, UNDO_LIST));
  set_per_buffer(rt, b->locals, MULTIBYTE, per_buffer_value(rt, root, MULTIBYTE));
  unbind_to(rt, depth);
  run_hook(rt, Qbuffer_list_update_hook); /* even with INHIBIT-BUFFER-HOOKS, in Emacs 28 */
  return buffer;
}

/* (rename-buffer NEWNAME &optional UNIQUE) */
static mval Frename_buffer(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  if (XSTRING(a[0])->nchars == 0)
    mrt_error(rt, "Empty string is invalid as a buffer name");
  mval name = a[0], here = current_buffer(rt), other = find_buffer(rt, name);
  if (!NILP(other) && NILP(a[1]) && other == here)
    return cur(rt)->name;
  if (!NILP(other) && !NILP(a[1]))
    name = generate_name(rt, name, cur(rt)->name);
  else if (!NILP(other))
    xsignal1(rt, Qerror, call2(rt, intern(rt, "format-message"),
                               make_cstring(rt, "Buffer name `%s' is in use"), name));
  GC_STORE(rt->gc, here, cur(rt)->name, concat_strings(rt, 1, &name));
  list_updated(rt, here);
  /* Emacs's uniquify advises rename-buffer: a buffer it named and the
     user renames is its own from then on (lisp/files.el). */
  mval managed = find_symbol_value(rt, intern(rt, "uniquify-managed"));
  if (!NILP(managed) && managed != Qunbound)
    call1(rt, intern(rt, "uniquify--renamed"), here);
  return cur(rt)->name;
}

static mval Fbuffer_modified_p(mrt *rt, int n, mval *a)
{
  return bool_val(text_modified(XBUFFER(buffer_or_current(rt, a[0]))->t));
}

static void check_supersession(mrt *rt);

/* Marking it modified counts a change (not of its characters), as
   Emacs does, which the modified flag then stands for. */
static mval Frestore_buffer_modified_p(mrt *rt, int n, mval *a)
{
  struct buffer_text *t = cur(rt)->t;
  if (NILP(a[0]))
    t->save_modiff = t->modiff;
  else if (!text_modified(t)) {
    check_supersession(rt);
    t->save_modiff = t->modiff;
    note_property_change(t);
  }
  return a[0];
}

static mval Fset_buffer_modified_p(mrt *rt, int n, mval *a)
{
  return Frestore_buffer_modified_p(rt, n, a);
}

/* Auto-saved since last marked unmodified (saved). */
static mval Frecent_auto_save_p(mrt *rt, int n, mval *a)
{
  const struct buffer_text *t = cur(rt)->t;
  return bool_val(t->save_modiff < t->autosave_modiff);
}

static mval Fset_buffer_auto_saved(mrt *rt, int n, mval *a)
{
  cur(rt)->t->autosave_modiff = cur(rt)->t->modiff;
  return Qnil;
}

/* (marrow--auto-save-due-p BUFFER): changed since last auto-saved,
   the test of Emacs's do-auto-save (files.el's here). */
static mval Fauto_save_due_p(mrt *rt, int n, mval *a)
{
  const struct buffer_text *t = XBUFFER(existing_buffer(rt, a[0]))->t;
  return bool_val(t->autosave_modiff < t->modiff);
}

static mval Fbuffer_modified_tick(mrt *rt, int n, mval *a)
{
  return make_fixnum(XBUFFER(buffer_or_current(rt, a[0]))->t->modiff);
}

static mval Fbuffer_chars_modified_tick(mrt *rt, int n, mval *a)
{
  return make_fixnum(XBUFFER(buffer_or_current(rt, a[0]))->t->chars_modiff);
}

/* ---- buffer-swap-text ---- */

static void swap_ints(int64_t *x, int64_t *y)
{
  int64_t t = *x;
  *x = *y;
  *y = t;
}

/* Both GC_STOREs come before any allocation, so the barrier sees each. */
#define SWAP_LISP_FIELD(rt, a, b, field)                                \
  do {                                                                  \
    mval old_ = XBUFFER(a)->field;                                      \
    GC_STORE((rt)->gc, a, XBUFFER(a)->field, XBUFFER(b)->field);        \
    GC_STORE((rt)->gc, b, XBUFFER(b)->field, old_);                     \
  } while (0)

/* BUFFER's marker chain, just taken from the other buffer, points into
   BUFFER: overlays' bounds among them. */
static void claim_markers(mrt *rt, mval buffer)
{
  struct buffer *b = XBUFFER(buffer);
  for (struct marker *m = b->markers; m; m = m->next) {
    m->owner = b;
    GC_STORE(rt->gc, tag_ptr(m, TAG_VECTORLIKE), m->buffer, buffer);
  }
}

static mval per_buffer_value(mrt *rt, mval buffer, int i)
{
  mval sym = per_buffer_symbol(rt, i);
  mval binding = local_binding(rt, sym, XBUFFER(buffer)->locals);
  return CONSP(binding) ? XCDR(binding) : XSYMBOL(rt, sym)->value;
}

static void swap_per_buffer(mrt *rt, mval a, mval b, int i)
{
  mval va = per_buffer_value(rt, a, i);
  set_per_buffer(rt, XBUFFER(a)->locals, i, per_buffer_value(rt, b, i));
  set_per_buffer(rt, XBUFFER(b)->locals, i, va);
}

/* (buffer-swap-text BUFFER): the text goes with what lives in it, as in
   Emacs: point, narrowing, text properties, markers, overlays, the undo
   list, multibyteness and mark-active.  Both then count as modified. */
static mval Fbuffer_swap_text(mrt *rt, int n, mval *a)
{
  mval other = check_buffer(rt, a[0]), here = current_buffer(rt);
  if (!live_p(other))
    xsignal1(rt, Qerror, call1(rt, intern(rt, "format-message"),
                               make_cstring(rt, "Cannot swap a dead buffer's text")));
  if (other == here)
    return Qnil;
  struct buffer *x = XBUFFER(here), *y = XBUFFER(other);
  if (!NILP(x->base) || !NILP(y->base))
    error_quoting(rt, "Cannot swap indirect buffers's text", Qnil);
  if (x->own.sharers || y->own.sharers)
    mrt_error(rt, "One of the buffers to swap has indirect buffers");
  uint8_t *text = x->t->text;
  x->t->text = y->t->text;
  y->t->text = text;
  int64_t *fx[] = {&x->t->cap, &x->t->gap, &x->t->gap_size, &x->t->z, &x->pt, &x->begv, &x->zv,
                   &x->t->cache_pos, &x->t->cache_byte};
  int64_t *fy[] = {&y->t->cap, &y->t->gap, &y->t->gap_size, &y->t->z, &y->pt, &y->begv, &y->zv,
                   &y->t->cache_pos, &y->t->cache_byte};
  for (size_t i = 0; i < sizeof fx / sizeof fx[0]; i++)
    swap_ints(fx[i], fy[i]);
  note_change(x->t);
  note_change(y->t);
  SWAP_LISP_FIELD(rt, here, other, intervals);
  SWAP_LISP_FIELD(rt, here, other, overlays);
  struct marker *markers = x->markers;
  x->markers = y->markers;
  y->markers = markers;
  claim_markers(rt, here);
  claim_markers(rt, other);
  const int carried[] = {UNDO_LIST, MULTIBYTE, MARK_ACTIVE};
  for (size_t i = 0; i < sizeof carried / sizeof carried[0]; i++)
    swap_per_buffer(rt, here, other, carried[i]);
  return Qnil;
}

/* save-current-buffer's end: back to BUFFER if it still lives. */
static mval Frestore_buffer(mrt *rt, int n, mval *a)
{
  restore_current(rt, a[0]);
  return Qnil;
}

/* ================================================================== */
/* Markers                                                            */
/* ================================================================== */

static void unchain(struct marker *m)
{
  if (!m->owner)
    return;
  if (m->prev)
    m->prev->next = m->next;
  else
    m->owner->markers = m->next;
  if (m->next)
    m->next->prev = m->prev;
  m->owner = NULL;
  m->prev = m->next = NULL;
}

static void detach_marker(mrt *rt, mval m)
{
  if (NILP(XMARKER(m)->buffer))
    return;
  unchain(XMARKER(m));
  GC_STORE(rt->gc, m, XMARKER(m)->buffer, Qnil);
}

/* A marker moved within its buffer keeps its place in the chain, as
   in Emacs: undo records adjustments in chain order. */
static void attach_marker(mrt *rt, mval m, mval buffer, int64_t pos)
{
  struct marker *mk = XMARKER(m);
  if (mk->buffer == buffer && mk->owner == XBUFFER(buffer)) {
    mk->charpos = pos;
    return;
  }
  detach_marker(rt, m);
  struct buffer *b = XBUFFER(buffer);
  mk->owner = b;
  mk->next = b->markers;
  if (b->markers)
    b->markers->prev = mk;
  b->markers = mk;
  GC_STORE(rt->gc, m, mk->buffer, buffer);
  mk->charpos = pos;
}

/* A dead marker leaves its chain.  Every object is finalized before
   its memory is reused, so the chain's other members and its buffer
   are still whole; a dead buffer's chain (only when the runtime closes:
   a buffer lives until killed, and killing empties it) is dissolved by
   the buffer's finalizer first, if it comes first. */
static void marker_finalize(struct gc *g, struct vectorlike *obj, void *ud)
{
  (void)g, (void)ud;
  unchain((struct marker *)obj);
}

static mval new_marker(mrt *rt)
{
  size_t words = (sizeof(struct marker) + 7) / 8;
  return gc_vectorlike(rt->gc, PVEC_MARKER, words, 1);
}

static mval marker_at(mrt *rt, mval buffer, int64_t pos)
{
  mval m = new_marker(rt);
  attach_marker(rt, m, buffer, pos);
  return m;
}

static mval check_marker(mrt *rt, mval x)
{
  CHECK_TYPE(rt, MARKERP(x), Qmarkerp, x);
  return x;
}

void buffer_unchain_marker(mrt *rt, mval marker) { detach_marker(rt, marker); }

int64_t buffer_marker_position(mrt *rt, mval marker)
{
  if (NILP(XMARKER(marker)->buffer))
    mrt_error(rt, "Marker does not point anywhere");
  return XMARKER(marker)->charpos;
}

/* A position argument: an integer or a marker.  A bignum is beyond
   every buffer, on its side. */
static int64_t position_of(mrt *rt, mval x)
{
  if (FIXNUMP(x))
    return XFIXNUM(x);
  if (MARKERP(x))
    return buffer_marker_position(rt, x);
  if (BIGNUMP(x))
    return integer_to_double(x) < 0 ? INT64_MIN / 4 : INT64_MAX / 4;
  wrong_type_argument(rt, Qinteger_or_marker_p, x);
}

static int64_t clip(int64_t p, int64_t lo, int64_t hi) { return p < lo ? lo : p > hi ? hi : p; }

mval buffer_marker(mrt *rt, mval buffer, int64_t pos)
{
  mval m = new_marker(rt);
  if (live_p(buffer))
    attach_marker(rt, m, buffer, clip(pos, 1, XBUFFER(buffer)->t->z + 1));
  return m;
}

void buffer_set_marker(mrt *rt, mval marker, mval buffer, int64_t pos)
{
  attach_marker(rt, marker, buffer, clip(pos, 1, XBUFFER(buffer)->t->z + 1));
}

int64_t buffer_position_of(mrt *rt, mval x) { return position_of(rt, x); }

static mval Fmake_marker(mrt *rt, int n, mval *a) { return new_marker(rt); }
static mval Fmarkerp(mrt *rt, int n, mval *a) { return bool_val(MARKERP(a[0])); }
static mval Fpoint_marker(mrt *rt, int n, mval *a) { return marker_at(rt, current_buffer(rt), cur(rt)->pt); }
static mval Fpoint_min_marker(mrt *rt, int n, mval *a) { return marker_at(rt, current_buffer(rt), cur(rt)->begv); }
static mval Fpoint_max_marker(mrt *rt, int n, mval *a) { return marker_at(rt, current_buffer(rt), cur(rt)->zv); }

static mval Fmarker_position(mrt *rt, int n, mval *a)
{
  struct marker *m = XMARKER(check_marker(rt, a[0]));
  return NILP(m->buffer) ? Qnil : make_fixnum(m->charpos);
}

static mval Fmarker_buffer(mrt *rt, int n, mval *a) { return XMARKER(check_marker(rt, a[0]))->buffer; }

/* (buffer-has-markers-at POSITION): whether a marker of the current
   buffer is at POSITION. */
static mval Fbuffer_has_markers_at(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  int64_t pos = clip(position_of(rt, a[0]), 1, b->t->z + 1);
  for (struct marker *m = b->markers; m; m = m->next)
    if (m->charpos == pos)
      return Qt;
  return Qnil;
}

/* (set-marker MARKER POSITION &optional BUFFER) */
static mval Fset_marker(mrt *rt, int n, mval *a)
{
  mval m = check_marker(rt, a[0]);
  /* As in Emacs, BUFFER must be a buffer (not a name), checked first. */
  CHECK_TYPE(rt, NILP(a[2]) || BUFFERP(a[2]), Qbufferp, a[2]);
  if (NILP(a[1]) || (MARKERP(a[1]) && NILP(XMARKER(a[1])->buffer))) {
    detach_marker(rt, m); /* a marker pointing nowhere is a position nowhere */
    return m;
  }
  mval buffer = NILP(a[2]) ? current_buffer(rt) : a[2];
  if (MARKERP(a[1]) && NILP(a[2]) && !NILP(XMARKER(a[1])->buffer))
    buffer = XMARKER(a[1])->buffer;
  if (!live_p(buffer)) {
    detach_marker(rt, m);
    return m;
  }
  struct buffer *b = XBUFFER(buffer);
  attach_marker(rt, m, buffer, clip(position_of(rt, a[1]), 1, b->t->z + 1));
  return m;
}

/* (copy-marker &optional MARKER TYPE) */
static mval Fcopy_marker(mrt *rt, int n, mval *a)
{
  mval m = new_marker(rt);
  XMARKER(m)->insertion_type = !NILP(a[1]);
  if (NILP(a[0]))
    return m;
  if (!MARKERP(a[0]))
    position_of(rt, a[0]);
  mval args[3] = { m, a[0], Qnil };
  return Fset_marker(rt, 3, args);
}

static mval Fmarker_insertion_type(mrt *rt, int n, mval *a)
{
  return bool_val(XMARKER(check_marker(rt, a[0]))->insertion_type);
}

static mval Fset_marker_insertion_type(mrt *rt, int n, mval *a)
{
  XMARKER(check_marker(rt, a[0]))->insertion_type = !NILP(a[1]);
  return a[1];
}

/* ---- save-excursion and save-restriction (special forms in eval.c) ---- */

static mval Fsave_excursion_state(mrt *rt, int n, mval *a)
{
  return marker_at(rt, current_buffer(rt), cur(rt)->pt);
}

static mval Frestore_excursion(mrt *rt, int n, mval *a)
{
  mval m = check_marker(rt, a[0]), buffer = XMARKER(m)->buffer;
  if (NILP(buffer))
    return Qnil;
  make_current(rt, buffer);
  struct buffer *b = XBUFFER(buffer);
  b->pt = clip(XMARKER(m)->charpos, b->begv, b->zv);
  detach_marker(rt, m);
  return Qnil;
}

/* The buffer when it is not narrowed, else markers at its bounds. */
static mval Fsave_restriction_state(mrt *rt, int n, mval *a)
{
  mval buffer = current_buffer(rt);
  struct buffer *b = XBUFFER(buffer);
  if (b->begv == 1 && b->zv == b->t->z + 1)
    return buffer;
  mval beg = marker_at(rt, buffer, b->begv), end = marker_at(rt, buffer, b->zv);
  XMARKER(end)->insertion_type = 1;
  return Fcons(rt, beg, end);
}

static mval Frestore_restriction(mrt *rt, int n, mval *a)
{
  mval saved = a[0];
  if (BUFFERP(saved)) {
    if (live_p(saved)) {
      XBUFFER(saved)->begv = 1;
      XBUFFER(saved)->zv = XBUFFER(saved)->t->z + 1;
    }
    return Qnil;
  }
  CHECK_CONS(rt, saved);
  mval beg = check_marker(rt, XCAR(saved)), end = check_marker(rt, XCDR(saved)), buffer = XMARKER(beg)->buffer;
  if (NILP(buffer))
    return Qnil;
  struct buffer *b = XBUFFER(buffer);
  b->begv = XMARKER(beg)->charpos;
  b->zv = XMARKER(end)->charpos > b->begv ? XMARKER(end)->charpos : b->begv;
  b->pt = clip(b->pt, b->begv, b->zv);
  detach_marker(rt, beg);
  detach_marker(rt, end);
  return Qnil;
}

/* ================================================================== */
/* Text: insertion, deletion, extraction                              */
/* ================================================================== */

/* ---- Changes: read-only buffers and the change hooks ---- */

static bool flag_on(mrt *rt, mval sym)
{
  mval v = find_symbol_value(rt, sym);
  return !NILP(v) && v != Qunbound;
}

/* (buffer-read-only BUFFER) unless the current buffer may change. */
static void check_writable(mrt *rt)
{
  if (flag_on(rt, Qbuffer_read_only) && !flag_on(rt, Qinhibit_read_only))
    xsignal1(rt, Qbuffer_read_only, current_buffer(rt));
}

/* ---- The visited file's modification time (Emacs's fileio.c) ---- */

enum { MODTIME_UNKNOWN, MODTIME_NONEXISTENT, MODTIME_KNOWN };

/* What visited-file-modtime says: 0 unknown, -1 no file, else a time. */
static mval modtime_value(mrt *rt, struct buffer *b)
{
  if (b->modtime_kind != MODTIME_KNOWN)
    return make_fixnum(b->modtime_kind == MODTIME_NONEXISTENT ? -1 : 0);
  struct timespec ts = { .tv_sec = (time_t)b->modtime_sec, .tv_nsec = (long)b->modtime_nsec };
  return timefns_from_timespec(rt, ts);
}

/* File PATH's state now, as a buffer records it.  Like Emacs, a file
   that cannot be looked at for another reason than its absence has an
   unknown time. */
struct file_modtime {
  int64_t kind, sec, nsec, size;
};

static struct file_modtime file_modtime(mval path)
{
  struct stat st;
  if (stat((const char *)XSTRING(path)->data, &st) == 0)
    return (struct file_modtime){ MODTIME_KNOWN, st.st_mtim.tv_sec, st.st_mtim.tv_nsec, st.st_size };
  bool absent = errno == ENOENT || errno == ENOTDIR;
  return (struct file_modtime){ absent ? MODTIME_NONEXISTENT : MODTIME_UNKNOWN, 0, 0, -1 };
}

static void set_modtime(struct buffer *b, struct file_modtime m)
{
  b->modtime_kind = m.kind;
  b->modtime_sec = m.sec;
  b->modtime_nsec = m.nsec;
  b->modtime_size = m.size;
}

static mval Fvisited_file_modtime(mrt *rt, int n, mval *a) { return modtime_value(rt, cur(rt)); }

/* TIME-FLAG of set-visited-file-modtime: 0 (unknown), -1 (no file) or
   a time. */
static struct file_modtime modtime_from_flag(mrt *rt, mval flag)
{
  if (FIXNUMP(flag)) {
    if (XFIXNUM(flag) < -1 || XFIXNUM(flag) > 0)
      mrt_signal(rt, Qargs_out_of_range, list3(rt, flag, make_fixnum(-1), make_fixnum(0)));
    return (struct file_modtime){ XFIXNUM(flag) == 0 ? MODTIME_UNKNOWN : MODTIME_NONEXISTENT, 0, 0, -1 };
  }
  struct timespec ts = timefns_to_timespec(rt, flag);
  return (struct file_modtime){ MODTIME_KNOWN, ts.tv_sec, ts.tv_nsec, -1 };
}

static mval expanded_file_name(mrt *rt, mval buffer)
{
  return call1(rt, Qexpand_file_name, per_buffer_value(rt, buffer, BUFFER_FILE_NAME));
}

/* (set-visited-file-modtime &optional TIME-FLAG): without TIME-FLAG,
   the visited file's time now, left as it was when there is no file. */
static mval Fset_visited_file_modtime(mrt *rt, int n, mval *a)
{
  if (!NILP(a[0])) {
    set_modtime(cur(rt), modtime_from_flag(rt, a[0]));
    return Qnil;
  }
  mval file = expanded_file_name(rt, current_buffer(rt)), handled;
  if (file_handler_call(rt, Qset_visited_file_modtime, file, Qnil, 1, a, &handled))
    return handled;
  struct file_modtime m = file_modtime(file);
  if (m.kind == MODTIME_KNOWN)
    set_modtime(cur(rt), m);
  return Qnil;
}

/* (verify-visited-file-modtime &optional BUF): whether BUF's file is as
   it was when read or written (t when it visits none, or the time is
   unknown). */
static mval Fverify_visited_file_modtime(mrt *rt, int n, mval *a)
{
  mval buffer = buffer_or_current(rt, a[0]);
  struct buffer *b = XBUFFER(buffer);
  if (!STRINGP(per_buffer_value(rt, buffer, BUFFER_FILE_NAME)) || b->modtime_kind == MODTIME_UNKNOWN)
    return Qt;
  mval file = expanded_file_name(rt, buffer), handled;
  if (file_handler_call(rt, Qverify_visited_file_modtime, file, Qnil, 1, &buffer, &handled))
    return handled;
  struct file_modtime m = file_modtime(file);
  bool same_time = m.kind == b->modtime_kind &&
                   (m.kind != MODTIME_KNOWN || (m.sec == b->modtime_sec && m.nsec == b->modtime_nsec));
  return bool_val(same_time && (b->modtime_size < 0 || m.size == b->modtime_size));
}

/* Emacs's lock_file, less the lock: when an unmodified buffer visiting
   a file that changed on disk since is about to be changed, Lisp may
   refuse the change by signalling (lisp/userlock.el).  Binding
   buffer-file-name to nil skips the check, as in Emacs. */
static void check_supersession(mrt *rt)
{
  if (text_modified(cur(rt)->t))
    return;
  mval buffer = current_buffer(rt);
  mval truename = per_buffer_value(rt, buffer, BUFFER_FILE_TRUENAME);
  if (!STRINGP(truename) || !STRINGP(per_buffer_value(rt, buffer, BUFFER_FILE_NAME)) ||
      !NILP(Fverify_visited_file_modtime(rt, 1, &buffer)))
    return;
  mval file = call1(rt, intern(rt, "expand-file-name"), truename);
  if (!NILP(call1(rt, intern(rt, "file-exists-p"), file)))
    call1(rt, intern(rt, "userlock--ask-user-about-supersession-threat"), file);
}

/* ---- Undo: what Emacs 28's undo.c records in buffer-undo-list ---- */

/* The current buffer's undo list (t: it records nothing). */
static mval undo_list(mrt *rt) { return per_buffer_value(rt, current_buffer(rt), UNDO_LIST); }
static bool undo_off(mrt *rt) { return undo_list(rt) == Qt; }
static void set_undo_list(mrt *rt, mval list) { set_per_buffer(rt, rt->locals, UNDO_LIST, list); }
static void push_undo(mrt *rt, mval entry) { set_undo_list(rt, Fcons(rt, entry, undo_list(rt))); }

/* (t . MODTIME) when an unmodified buffer is about to change, MODTIME
   being its visited file's (an indirect buffer's own, as Emacs 28
   records it): undoing back to it makes the buffer unmodified again,
   unless the file changed since. */
static void record_first_change(mrt *rt)
{
  if (!text_modified(cur(rt)->t) && !undo_off(rt))
    push_undo(rt, Fcons(rt, Qt, modtime_value(rt, cur(rt))));
}

/* Point as undo-boundary last saw it, when a change right after a
   boundary does not start there: undoing it then puts point back. */
static void record_point(mrt *rt, int64_t beg)
{
  if (flag_on(rt, Qundo_inhibit_record_point))
    return;
  mval list = undo_list(rt);
  bool at_boundary = !CONSP(list) || NILP(XCAR(list));
  record_first_change(rt);
  struct buffer_state *st = state(rt);
  if (at_boundary && st->undo_point != beg && st->undo_buffer == current_buffer(rt))
    push_undo(rt, make_fixnum(st->undo_point));
}

/* (BEG . END) for LENGTH characters inserted at BEG, or the insertion
   just before extended, when it ends at BEG. */
static void record_insert(mrt *rt, int64_t beg, int64_t length)
{
  if (undo_off(rt))
    return;
  record_point(rt, beg);
  mval list = undo_list(rt);
  if (CONSP(list)) {
    mval elt = XCAR(list);
    if (CONSP(elt) && FIXNUMP(XCAR(elt)) && FIXNUMP(XCDR(elt)) && XFIXNUM(XCDR(elt)) == beg) {
      gc_setcdr(rt->gc, elt, make_fixnum(beg + length));
      return;
    }
  }
  push_undo(rt, Fcons(rt, make_fixnum(beg), make_fixnum(beg + length)));
}

/* (MARKER . ADJUSTMENT) for each marker in [FROM, TO) that reinserting
   the text would not put back: those that do not stay at FROM (or, if
   they advance, at TO).  Pushing may collect a marker further down the
   chain; its finalizer then unchains it, which M, held here, sees. */
static void record_marker_adjustments(mrt *rt, int64_t from, int64_t to)
{
  for (struct marker *m = cur(rt)->markers; m; m = m->next) {
    int64_t adjustment = (m->insertion_type ? to : from) - m->charpos;
    if (m->charpos >= from && m->charpos <= to && adjustment != 0)
      push_undo(rt, Fcons(rt, tag_ptr(m, TAG_VECTORLIKE), make_fixnum(adjustment)));
  }
}

/* (TEXT . POS) for the text [FROM, TO) about to go, POS negative when
   point is at its end; the markers' adjustments under it if MARKERS. */
static void record_delete(mrt *rt, int64_t from, int64_t to, bool markers)
{
  if (undo_off(rt))
    return;
  mval text = text_with_properties(rt, cur(rt), from, to);
  record_point(rt, from);
  mval pos = make_fixnum(cur(rt)->pt == to ? -from : from);
  if (markers)
    record_marker_adjustments(rt, from, to);
  push_undo(rt, Fcons(rt, text, pos));
}

/* The text [FROM, FROM + LENGTH) about to be replaced by as much. */
static void record_change(mrt *rt, int64_t from, int64_t length)
{
  record_delete(rt, from, from + length, false);
  record_insert(rt, from, length);
}

bool buffer_undo_recording(mrt *rt) { return !undo_off(rt); }

void buffer_record_property_change(mrt *rt, int64_t beg, int64_t end, mval prop, mval value)
{
  if (undo_off(rt))
    return;
  record_first_change(rt);
  push_undo(rt, Fcons(rt, Qnil, Fcons(rt, prop, Fcons(rt, value, Fcons(rt, make_fixnum(beg), make_fixnum(end))))));
}

void buffer_properties_changing(mrt *rt)
{
  record_first_change(rt);
  note_property_change(cur(rt)->t);
}

static mval Fundo_boundary(mrt *rt, int n, mval *a)
{
  mval list = undo_list(rt);
  if (list == Qt)
    return Qnil;
  if (!CONSP(list) && !NILP(list))
    wrong_type_argument(rt, Qlistp, list);
  if (CONSP(list) && !NILP(XCAR(list)))
    set_undo_list(rt, Fcons(rt, Qnil, list));
  set_internal(rt, Qundo_auto__last_boundary_cause, Qexplicit, Qnil, SET_SET);
  state(rt)->undo_point = cur(rt)->pt;
  state(rt)->undo_buffer = current_buffer(rt);
  return Qnil;
}

/* ---- Trimming undo lists at each collection (Emacs's undo.c) ----

   Emacs weighs an undo list by what its conses and deleted strings
   take in a 64-bit Emacs, and keeps the newest records that fit
   undo-limit, or past it up to the boundary that reaches it but never
   past undo-strong-limit; the newest record always stays.  The same
   weights here cut the same lists at the same places. */
enum { UNDO_CONS_BYTES = 16, UNDO_STRING_BYTES = 32 };

static int64_t undo_entry_weight(mval entry)
{
  int64_t weight = UNDO_CONS_BYTES;
  if (CONSP(entry)) {
    weight += UNDO_CONS_BYTES;
    if (STRINGP(XCAR(entry)))
      weight += UNDO_STRING_BYTES - 1 + XSTRING(XCAR(entry))->nchars;
  }
  return weight;
}

/* SYM's value in BUFFER, read without allocating. */
static mval value_in(mrt *rt, mval buffer, mval sym)
{
  mval binding = local_binding(rt, sym, XBUFFER(buffer)->locals);
  return CONSP(binding) ? XCDR(binding) : XSYMBOL(rt, sym)->value;
}

/* SYM's value in BUFFER as a size, or no limit when not a fixnum. */
static int64_t undo_limit_in(mrt *rt, mval buffer, mval sym)
{
  mval v = value_in(rt, buffer, sym);
  return FIXNUMP(v) ? XFIXNUM(v) : INT64_MAX;
}

/* Walks an undo list, weighing what it passes; TORTOISE trails at half
   speed so that a circular list ends the walk instead of hanging the
   collector. */
struct undo_walk {
  mval prev, next, tortoise;
  int64_t weight, steps;
};

static bool undo_walk_step(struct undo_walk *w)
{
  w->weight += undo_entry_weight(XCAR(w->next));
  w->prev = w->next;
  w->next = XCDR(w->next);
  if (++w->steps % 2 == 0)
    w->tortoise = XCDR(w->tortoise);
  return w->next != w->tortoise;
}

/* Where BUFFER's undo list should end: the cons to cut after, or nil
   to keep it whole.  With OUTER_SIZE, a newest change heavier than
   undo-outer-limit is left whole for undo-outer-limit-function, and
   *OUTER_SIZE gets its weight (0 otherwise). */
static mval undo_cut_point(mrt *rt, mval buffer, mval list, int64_t *outer_size)
{
  struct undo_walk w = { Qnil, list, list, 0, 0 };
  if (CONSP(w.next) && NILP(XCAR(w.next)) && !undo_walk_step(&w))
    return Qnil;
  while (CONSP(w.next) && !NILP(XCAR(w.next)))
    if (!undo_walk_step(&w))
      return Qnil;
  if (outer_size && w.weight > undo_limit_in(rt, buffer, Qundo_outer_limit) &&
      !NILP(value_in(rt, buffer, Qundo_outer_limit_function))) {
    *outer_size = w.weight;
    return Qnil;
  }
  int64_t limit = undo_limit_in(rt, buffer, Qundo_limit);
  int64_t strong = undo_limit_in(rt, buffer, Qundo_strong_limit);
  mval keep_to = w.prev;
  while (CONSP(w.next)) {
    if (NILP(XCAR(w.next))) {
      if (w.weight > strong)
        break;
      keep_to = w.prev;
      if (w.weight > limit)
        break;
    }
    if (!undo_walk_step(&w))
      return Qnil;
  }
  return NILP(w.next) ? Qnil : keep_to;
}

/* The collector's before-collect hook: before anything is marked, each
   live buffer changed since the last one has its undo list trimmed
   (an indirect buffer's is its base buffer's business, as in Emacs),
   so that what is cut goes in this collection.  Only cdrs are stored:
   nothing is allocated. */
static void trim_undo_lists(struct gc *g, void *ud)
{
  mrt *rt = ud;
  for (mval l = state(rt)->live; CONSP(l); l = XCDR(l)) {
    struct buffer *b = XBUFFER(XCAR(l));
    if (!NILP(b->base) || !b->t->compact_due)
      continue;
    b->t->compact_due = 0;
    mval list = per_buffer_value(rt, XCAR(l), UNDO_LIST);
    int64_t outer = 0;
    mval cut = CONSP(list) ? undo_cut_point(rt, XCAR(l), list, &outer) : Qnil;
    if (!NILP(cut))
      gc_setcdr(g, cut, Qnil);
    if (outer) {
      b->t->undo_outer_size = outer;
      state(rt)->undo_outer_due = true;
      eval_request_safe_point(rt);
    }
  }
}

/* With BUFFER current, Emacs's truncate_undo_list from where it calls
   undo-outer-limit-function: a non-nil value leaves the list to the
   function, nil lets the usual limits cut it. */
static void call_undo_outer_limit_function(mrt *rt, mval buffer, int64_t size)
{
  size_t count = rt->specpdl_depth;
  record_unwind(rt, restore_current, current_buffer(rt));
  make_current(rt, buffer);
  mval fn = symbol_value(rt, Qundo_outer_limit_function);
  if (NILP(funcall(rt, fn, 1, (mval[]){make_int(rt, size)}))) {
    mval list = per_buffer_value(rt, buffer, UNDO_LIST);
    mval cut = CONSP(list) ? undo_cut_point(rt, buffer, list, NULL) : Qnil;
    if (!NILP(cut))
      gc_setcdr(rt->gc, cut, Qnil);
  }
  unbind_to(rt, count);
}

void buffer_run_undo_outer_limit(mrt *rt)
{
  if (!state(rt)->undo_outer_due)
    return;
  state(rt)->undo_outer_due = false;
  for (mval l = state(rt)->live; CONSP(l); l = XCDR(l)) {
    struct buffer *b = XBUFFER(XCAR(l));
    int64_t size = b->t->undo_outer_size;
    b->t->undo_outer_size = 0;
    if (size && NILP(b->base))
      call_undo_outer_limit_function(rt, XCAR(l), size);
  }
}

/* (buffer-enable-undo &optional BUFFER) */
static mval Fbuffer_enable_undo(mrt *rt, int n, mval *a)
{
  mval buffer = NILP(a[0]) ? current_buffer(rt) : existing_buffer(rt, a[0]);
  if (per_buffer_value(rt, buffer, UNDO_LIST) == Qt)
    set_per_buffer(rt, XBUFFER(buffer)->locals, UNDO_LIST, Qnil);
  return Qnil;
}

/* Markers that follow a change's bounds while the hooks before it run
   (they may edit the buffer), as Emacs's: made only when hooks that
   can edit run, then detached (undo may still hold them). */
struct change_markers {
  mval preserved, start, end;
};

static void change_markers_make(mrt *rt, struct change_markers *cm, int64_t beg, int64_t end,
                                const int64_t *preserve)
{
  if (!NILP(cm->start))
    return;
  mval buffer = current_buffer(rt);
  if (preserve)
    cm->preserved = buffer_marker(rt, buffer, *preserve);
  cm->start = buffer_marker(rt, buffer, beg);
  cm->end = buffer_marker(rt, buffer, end);
}

static int64_t change_marker_at(mrt *rt, mval marker, int64_t fallback)
{
  return NILP(marker) ? fallback : buffer_marker_position(rt, marker);
}

static void change_markers_done(mrt *rt, struct change_markers *cm, int64_t *preserve)
{
  if (preserve && !NILP(cm->preserved))
    *preserve = buffer_marker_position(rt, cm->preserved);
  mval all[] = { cm->start, cm->end, cm->preserved };
  for (size_t i = 0; i < sizeof all / sizeof *all; i++)
    if (!NILP(all[i]))
      detach_marker(rt, all[i]);
}

/* A change hook whose function exits nonlocally (error or throw) is set
   to nil, as Emacs does, so that a broken hook does not make every later
   edit fail.  The guard lives on the C stack of run_change_hook, which is
   still live when its unwind entry runs. */
struct change_hook_guard {
  mval hook;
  bool finished;
};

static void reset_unfinished_change_hook(mrt *rt, mval arg)
{
  struct change_hook_guard *guard = (struct change_hook_guard *)(uintptr_t)arg;
  if (!guard->finished && !rt->killing)
    set_internal(rt, guard->hook, Qnil, Qnil, SET_SET);
}

static void run_change_hook(mrt *rt, mval hook, int nargs, const mval *args)
{
  struct change_hook_guard guard = { hook, false };
  size_t count = rt->specpdl_depth;
  record_unwind(rt, reset_unfinished_change_hook, (mval)(uintptr_t)&guard);
  run_hook_with_args(rt, hook, nargs, args);
  guard.finished = true;
  unbind_to(rt, count);
}

/* Emacs's prepare_to_modify_buffer, before the current buffer's text
   [BEG, END) changes: it must not be read-only; then, unless
   inhibit-modification-hooks, first-change-hook (if it was unmodified),
   before-change-functions and the overlays' hooks run, with
   inhibit-modification-hooks bound to t until change_end, so that the
   changes that make up this one run none.  Should those hooks edit the
   buffer, the bounds they see next follow the text, and so does
   *PRESERVE (a position the caller needs, when not NULL).  Returns the
   specpdl depth for change_end, or -1 when no hook is due. */
static int64_t buffer_change_begin_preserving(mrt *rt, int64_t beg, int64_t end, int64_t *preserve)
{
  check_writable(rt);
  textprop_check_modifiable(rt, beg, end);
  if (flag_on(rt, Qinhibit_modification_hooks))
    return -1;
  check_supersession(rt);
  mval overlay_hooks = CONSP(cur(rt)->overlays) ? overlays_hooks_for(rt, beg, end) : Qnil;
  if (NILP(overlay_hooks) && !flag_on(rt, Qbefore_change_functions) &&
      !flag_on(rt, Qafter_change_functions) && !flag_on(rt, Qfirst_change_hook))
    return -1;
  int64_t depth = (int64_t)rt->specpdl_depth;
  specbind(rt, Qinhibit_modification_hooks, Qt);
  struct change_markers cm = { Qnil, Qnil, Qnil };
  if (!text_modified(cur(rt)->t) && flag_on(rt, Qfirst_change_hook)) {
    change_markers_make(rt, &cm, beg, end, preserve);
    run_hook(rt, Qfirst_change_hook);
  }
  if (flag_on(rt, Qbefore_change_functions)) {
    change_markers_make(rt, &cm, beg, end, preserve);
    mval args[2] = { make_fixnum(change_marker_at(rt, cm.start, beg)),
                     make_fixnum(change_marker_at(rt, cm.end, end)) };
    run_change_hook(rt, Qbefore_change_functions, 2, args);
  }
  overlays_run_hooks(rt, overlay_hooks, false, change_marker_at(rt, cm.start, beg),
                     change_marker_at(rt, cm.end, end), 0);
  state(rt)->overlay_hooks = overlay_hooks;
  change_markers_done(rt, &cm, preserve);
  return depth;
}

int64_t buffer_change_begin(mrt *rt, int64_t beg, int64_t end)
{
  return buffer_change_begin_preserving(rt, beg, end, NULL);
}

/* After the change: [BEG, END) is the new text, which replaced OLD_LEN
   characters; after-change-functions run if DEPTH says hooks are due. */
void buffer_change_end(mrt *rt, int64_t depth, int64_t beg, int64_t end, int64_t old_len)
{
  if (depth < 0)
    return;
  mval args[3] = { make_fixnum(beg), make_fixnum(end), make_fixnum(old_len) };
  run_change_hook(rt, Qafter_change_functions, 3, args);
  mval overlay_hooks = state(rt)->overlay_hooks;
  state(rt)->overlay_hooks = Qnil;
  overlays_run_hooks(rt, overlay_hooks, true, beg, end, old_len);
  unbind_to(rt, (size_t)depth);
}

/* Inserts S at point, with its properties, as one change.  As in
   Emacs, the after hooks see the text from where point was before the
   before hooks ran (which may have moved it) to where it ends up. */
static void insert_recorded(mrt *rt, mval s, bool record)
{
  if (XSTRING(s)->nchars == 0)
    return;
  int64_t at = cur(rt)->pt;
  int64_t depth = buffer_change_begin(rt, at, at);
  mval m = string_to_multibyte(rt, unibyte_text_p(rt, cur(rt)) ? string_low_bytes(rt, s) : s);
  if (record)
    record_insert(rt, cur(rt)->pt, XSTRING(m)->nchars);
  insert_bytes(rt, cur(rt), XSTRING(m)->data, XSTRING(m)->nbytes, XSTRING(m)->nchars,
               XSTRING(s)->intervals);
  buffer_change_end(rt, depth, at, cur(rt)->pt, 0);
}

static void insert_here(mrt *rt, mval s) { insert_recorded(rt, s, true); }

/* The same for character C, with no string to make. */
static void insert_char_here(mrt *rt, int c)
{
  if (unibyte_text_p(rt, cur(rt)))
    c = unibyte_stored(c);
  uint8_t enc[MAX_CHAR_BYTES];
  int64_t at = cur(rt)->pt, n = char_encode(c, enc);
  int64_t depth = buffer_change_begin(rt, at, at);
  record_insert(rt, cur(rt)->pt, 1);
  insert_bytes(rt, cur(rt), enc, n, 1, Qnil);
  buffer_change_end(rt, depth, at, cur(rt)->pt, 0);
}

/* Deletes [FROM, TO) of the current buffer as one change.  As in
   Emacs, if the hooks before it edit the buffer, as many characters go
   from where the text at FROM went, as far as the accessible end. */
static void delete_here(mrt *rt, int64_t from, int64_t to)
{
  if (from >= to)
    return;
  int64_t length = to - from;
  int64_t depth = buffer_change_begin_preserving(rt, from, to, &from);
  struct buffer *b = cur(rt);
  from = clip(from, 1, b->t->z + 1);
  to = clip(from + length, from, b->zv > from ? b->zv : from);
  record_delete(rt, from, to, true);
  delete_text(rt, b, from, to);
  buffer_change_end(rt, depth, from, from, to - from);
}

size_t buffer_enter(mrt *rt, mval buffer)
{
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, restore_current, current_buffer(rt));
  make_current(rt, buffer);
  return depth;
}

/* As Emacs prints to a buffer: it is current while the text goes in. */
void buffer_insert_string(mrt *rt, mval buffer, mval s)
{
  if (!live_p(buffer))
    mrt_error(rt, "Selecting deleted buffer");
  if (buffer == current_buffer(rt)) {
    insert_here(rt, s);
    return;
  }
  size_t depth = buffer_enter(rt, buffer);
  insert_here(rt, s);
  unbind_to(rt, depth);
}

static mval Finsert(mrt *rt, int n, mval *a)
{
  for (int i = 0; i < n; i++) {
    if (STRINGP(a[i]))
      buffer_insert_string(rt, current_buffer(rt), a[i]);
    else if (CHARACTERP(a[i]))
      insert_char_here(rt, (int)XFIXNUM(a[i]));
    else
      wrong_type_argument(rt, Qchar_or_string_p, a[i]);
  }
  return Qnil;
}

/* As insert, but the markers at point end up after the text too. */
/* B's markers at FROM go to TO. */
static void markers_before(struct buffer *b, int64_t from, int64_t to)
{
  for (struct marker *m = b->markers; m; m = m->next)
    if (m->charpos == from)
      m->charpos = to;
}

static mval Finsert_before_markers(mrt *rt, int n, mval *a)
{
  int64_t from = cur(rt)->pt;
  Finsert(rt, n, a);
  struct buffer *b = cur(rt);
  markers_before(b, from, b->pt);
  /* Emacs keeps another buffer's point and narrowing as markers of
     the shared text, so they go after the text too. */
  mval l = state(rt)->live;
  for (struct buffer *o; (o = next_sharer(rt, b, &l));) {
    markers_before(o, from, b->pt);
    int64_t *ps[] = {&o->pt, &o->begv, &o->zv};
    for (size_t i = 0; i < 3; i++)
      *ps[i] = *ps[i] == from ? b->pt : *ps[i];
  }
  return Qnil;
}

/* (insert-char CHARACTER &optional COUNT INHERIT) */
static mval Finsert_char(mrt *rt, int n, mval *a)
{
  check_char(rt, a[0]);
  int64_t count = NILP(a[1]) ? 1 : check_fixnum(rt, a[1]);
  if (count <= 0)
    return Qnil;
  /* One insertion, as in Emacs: the text is one interval. */
  mval text = call2(rt, intern(rt, "make-string"), make_fixnum(count), a[0]);
  if (NILP(a[2]))
    buffer_insert_string(rt, current_buffer(rt), text);
  else
    call1(rt, intern(rt, "insert-and-inherit"), text);
  return Qnil;
}

/* Positions A and B of the current buffer in order, checked against
   its accessible portion as Emacs's validate_region does. */
static void region(mrt *rt, mval a, mval b, int64_t *from, int64_t *to)
{
  int64_t x = position_of(rt, a), y = position_of(rt, b);
  struct buffer *buf = cur(rt);
  if (x > y) {
    int64_t t = x;
    x = y, y = t;
  }
  if (x < buf->begv || y > buf->zv)
    xsignal3(rt, Qargs_out_of_range, current_buffer(rt), a, b);
  *from = x;
  *to = y;
}

bool buffer_accessible(mrt *rt, int64_t b, int64_t e)
{
  return cur(rt)->begv <= b && b <= e && e <= cur(rt)->zv;
}

mval buffer_substring(mrt *rt, mval b, mval e, bool properties)
{
  int64_t from, to;
  region(rt, b, e, &from, &to);
  return properties ? text_with_properties(rt, cur(rt), from, to) : text_string(rt, cur(rt), from, to);
}

/* Emacs 28 moves markers over a replacement as one change, not as a
   deletion and an insertion: one at the end of the old text (or at
   its start when nothing is deleted) ends after the new text, one
   inside it at its start, whatever its insertion type; overlays' ends
   too.  The markers of B and of the buffers sharing its text that are
   in [FROM, TO], with those places, as [MARKER POS ...] (nil after the
   last): the vector keeps them alive while the text changes. */
static mval replaced_markers(mrt *rt, struct buffer *b, int64_t from, int64_t to, int64_t inserted)
{
  size_t n = 0;
  mval l = state(rt)->live;
  for (struct buffer *o = b; o; o = next_sharer(rt, b, &l))
    for (struct marker *m = o->markers; m; m = m->next)
      n += m->charpos >= from && m->charpos <= to;
  mval plan = make_vector(rt, 2 * n, Qnil);
  size_t i = 0;
  l = state(rt)->live;
  for (struct buffer *o = b; o && i < 2 * n; o = next_sharer(rt, b, &l))
    for (struct marker *m = o->markers; m && i < 2 * n; m = m->next)
      if (m->charpos >= from && m->charpos <= to) {
        gc_aset(rt->gc, plan, i, tag_ptr(m, TAG_VECTORLIKE));
        ASET_FIXNUM(plan, i + 1, make_fixnum(m->charpos >= to ? from + inserted : from));
        i += 2;
      }
  return plan;
}

void buffer_replace(mrt *rt, int64_t b, int64_t e, mval s)
{
  int64_t depth = buffer_change_begin(rt, b, e);
  mval plan = replaced_markers(rt, cur(rt), b, e, XSTRING(s)->nchars);
  if (!undo_off(rt)) { /* as Emacs's replace_range: undo reinserts first */
    record_insert(rt, e, XSTRING(s)->nchars);
    record_delete(rt, b, e, false);
  }
  struct buffer *buf = cur(rt);
  int64_t modiff = buf->t->modiff;
  mval ivs = textprop_replaced(rt, intervals_of(buf), buf->t->z, b - 1, e - 1, s);
  delete_text(rt, buf, b, e);
  buf->pt = b;
  insert_recorded(rt, s, false);
  set_intervals(rt, buf, ivs);
  note_one_change(buf->t, modiff);
  for (int64_t i = 0; i < VECTOR_LENGTH(plan) && !NILP(AREF(plan, i)); i += 2)
    if (XMARKER(AREF(plan, i))->owner)
      XMARKER(AREF(plan, i))->charpos = XFIXNUM(AREF(plan, i + 1));
  buffer_change_end(rt, depth, b, b + XSTRING(s)->nchars, e - b);
}

/* The intervals insert-buffer-substring takes from [S, E) of B: all of
   them, as Emacs copies them.  Emacs copies them once the text is in:
   inserted inside its own source, the text has grown the interval
   before point, and some of it is copied in turn. */
static mval copied_intervals(mrt *rt, struct buffer *b, int64_t s, int64_t e)
{
  mval ivs = intervals_of(b);
  if (NILP(ivs))
    return ivs;
  if (b == cur(rt) && s < b->pt && b->pt < e)
    ivs = textprop_grown(rt, ivs, b->pt - 1, e - s);
  return textprop_copy_range(rt, ivs, s - 1, e - 1);
}

/* (insert-buffer-substring BUFFER &optional START END): BUFFER's
   accessible text between START and END, inserted here. */
static mval Finsert_buffer_substring(mrt *rt, int n, mval *a)
{
  mval from = existing_buffer(rt, a[0]), here = current_buffer(rt);
  if (!live_p(from))
    mrt_error(rt, "Selecting deleted buffer");
  struct buffer *b = XBUFFER(from);
  mval start = NILP(a[1]) ? make_fixnum(b->begv) : a[1], end = NILP(a[2]) ? make_fixnum(b->zv) : a[2];
  int64_t s = position_of(rt, start), e = position_of(rt, end);
  if (s > e) {
    int64_t t = s;
    s = e, e = t;
  }
  if (s < b->begv || e > b->zv)
    args_out_of_range(rt, start, end);
  mval text = text_string(rt, b, s, e);
  mval ivs = copied_intervals(rt, b, s, e);
  if (!NILP(ivs))
    GC_STORE(rt->gc, text, XSTRING(text)->intervals, ivs);
  buffer_insert_string(rt, here, text);
  return Qnil;
}

static mval Fbuffer_substring(mrt *rt, int n, mval *a) { return buffer_substring(rt, a[0], a[1], true); }
static mval Fbuffer_substring_no_properties(mrt *rt, int n, mval *a)
{
  return buffer_substring(rt, a[0], a[1], false);
}

static mval Fbuffer_string(mrt *rt, int n, mval *a)
{
  return text_with_properties(rt, cur(rt), cur(rt)->begv, cur(rt)->zv);
}

static mval Fbuffer_size(mrt *rt, int n, mval *a) { return make_fixnum(XBUFFER(buffer_or_current(rt, a[0]))->t->z); }

static mval Ferase_buffer(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  b->begv = 1;
  b->zv = b->t->z + 1;
  delete_here(rt, 1, b->t->z + 1);
  return Qnil;
}

static mval Fdelete_region(mrt *rt, int n, mval *a)
{
  int64_t from, to;
  region(rt, a[0], a[1], &from, &to);
  delete_here(rt, from, to);
  return Qnil;
}

/* (delete-char N &optional KILLFLAG) */
static mval Fdelete_char(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  int64_t count = check_fixnum(rt, a[0]), pt = b->pt;
  /* Killing is the kill ring's business, in Lisp (simple.el). */
  if (n > 1 && !NILP(a[1]))
    return call1(rt, intern(rt, "kill-forward-chars"), a[0]);
  if (pt + count < b->begv)
    xsignal0(rt, Qbeginning_of_buffer);
  if (pt + count > b->zv)
    xsignal0(rt, Qend_of_buffer);
  delete_here(rt, count < 0 ? pt + count : pt, count < 0 ? pt : pt + count);
  return Qnil;
}

/* ---- replace-buffer-contents ---- */

/* A shortest edit script between the characters A[0, N) and B[0, M),
   found by Myers's O(ND) search of the middle snake, divide and
   conquer: DEL[i] is set for each character of A it deletes, INS[j]
   for each of B it inserts.  FV and BV are the forward and backward
   furthest-reaching x of each diagonal, diagonal 0 at OFF.  The search
   gives up (false) once the clock passes DEADLINE, when it has one. */
struct diff {
  const int *a, *b;
  uint8_t *del, *ins;
  int64_t *fv, *bv, off;
  bool timed;
  struct timespec deadline;
  uint32_t ticks;
};

static bool diff_late(struct diff *d)
{
  if (!d->timed || ++d->ticks % 4096)
    return false;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec > d->deadline.tv_sec ||
         (now.tv_sec == d->deadline.tv_sec && now.tv_nsec > d->deadline.tv_nsec);
}

/* The end (*X, *Y) of a middle snake of A[x0, x1) against B[y0, y1),
   both non-empty and differing at both ends, so that the script splits
   there into two shorter ones; false when late.  Diagonals are K = x -
   y in the range's own coordinates, kept within the grid [-m, n]: the
   forward search from (0, 0) walks them from the highest down, and so
   does the backward one from (n, m), which gives the same choice among
   equally short scripts as Emacs's diffseq in most cases. */
static bool middle_snake(struct diff *d, int64_t x0, int64_t x1, int64_t y0, int64_t y1,
                         int64_t *px, int64_t *py)
{
  int64_t n = x1 - x0, m = y1 - y0, delta = n - m;
  int64_t *fv = d->fv + d->off, *bv = d->bv + d->off;
  int64_t fmin = 0, fmax = 0, bmin = delta, bmax = delta;
  bool odd = delta & 1;
  fv[0] = 0;
  bv[delta] = n;
  for (;;) {
    if (diff_late(d))
      return false;
    /* Forward: one more edit on each diagonal, past the edges none. */
    fmin > -m ? (fv[--fmin - 1] = -1) : ++fmin;
    fmax < n ? (fv[++fmax + 1] = -1) : --fmax;
    for (int64_t k = fmax; k >= fmin; k -= 2) {
      int64_t x = fv[k - 1] < fv[k + 1] ? fv[k + 1] : fv[k - 1] + 1, y = x - k;
      while (x < n && y < m && d->a[x0 + x] == d->b[y0 + y])
        x++, y++;
      fv[k] = x;
      if (odd && bmin <= k && k <= bmax && bv[k] <= x && x <= n && y <= m) {
        *px = x0 + x, *py = y0 + y;
        return true;
      }
    }
    /* Backward, from the ends. */
    bmin > -m ? (bv[--bmin - 1] = INT64_MAX) : ++bmin;
    bmax < n ? (bv[++bmax + 1] = INT64_MAX) : --bmax;
    for (int64_t k = bmax; k >= bmin; k -= 2) {
      int64_t x = bv[k - 1] < bv[k + 1] ? bv[k - 1] : bv[k + 1] - 1, y = x - k;
      while (x > 0 && y > 0 && d->a[x0 + x - 1] == d->b[y0 + y - 1])
        x--, y--;
      bv[k] = x;
      if (!odd && fmin <= k && k <= fmax && x <= fv[k] && x >= 0 && y >= 0) {
        *px = x0 + x, *py = y0 + y;
        return true;
      }
    }
  }
}

static bool diff_range(struct diff *d, int64_t x0, int64_t x1, int64_t y0, int64_t y1)
{
  while (x0 < x1 && y0 < y1 && d->a[x0] == d->b[y0])
    x0++, y0++;
  while (x0 < x1 && y0 < y1 && d->a[x1 - 1] == d->b[y1 - 1])
    x1--, y1--;
  if (x0 == x1 || y0 == y1) {
    memset(d->del + x0, 1, (size_t)(x1 - x0));
    memset(d->ins + y0, 1, (size_t)(y1 - y0));
    return true;
  }
  int64_t x = x0, y = y0;
  if (!middle_snake(d, x0, x1, y0, y1, &x, &y))
    return false;
  if (x < x0 || x > x1 || y < y0 || y > y1 || (x == x0 && y == y0) || (x == x1 && y == y1)) {
    /* Never expected; a correct script all the same. */
    memset(d->del + x0, 1, (size_t)(x1 - x0));
    memset(d->ins + y0, 1, (size_t)(y1 - y0));
    return true;
  }
  return diff_range(d, x0, x, y0, y) && diff_range(d, x, x1, y, y1);
}

/* The characters of B's accessible portion, malloc'd. */
static int *accessible_chars(mrt *rt, struct buffer *b)
{
  int *c = malloc(sizeof *c * (size_t)(b->zv - b->begv + 1));
  if (!c)
    memory_full(rt);
  for (int64_t p = b->begv; p < b->zv; p++)
    c[p - b->begv] = char_at(b, p);
  return c;
}

/* The edit script turning A's accessible characters into B's, as bit
   marks (see struct diff); false if MAX_SECS (nil: no limit) ran out. */
static bool buffer_diff(mrt *rt, struct buffer *a, struct buffer *b, double max_secs, bool timed,
                        uint8_t **del, uint8_t **ins)
{
  int64_t n = a->zv - a->begv, m = b->zv - b->begv;
  struct diff d = { .off = m + 2, .timed = timed };
  d.a = accessible_chars(rt, a);
  d.b = accessible_chars(rt, b);
  d.del = calloc((size_t)n + 1, 1);
  d.ins = calloc((size_t)m + 1, 1);
  d.fv = malloc(sizeof(int64_t) * (size_t)(n + m + 5)); /* diagonals -m-2 .. n+2 */
  d.bv = malloc(sizeof(int64_t) * (size_t)(n + m + 5));
  bool ok = d.del && d.ins && d.fv && d.bv;
  if (timed) {
    clock_gettime(CLOCK_MONOTONIC, &d.deadline);
    double whole = (double)d.deadline.tv_sec + max_secs;
    d.deadline.tv_sec = (time_t)whole;
    d.deadline.tv_nsec += (long)((whole - (double)d.deadline.tv_sec) * 1e9);
    if (d.deadline.tv_nsec >= 1000000000L)
      d.deadline.tv_sec++, d.deadline.tv_nsec -= 1000000000L;
  }
  bool done = ok && diff_range(&d, 0, n, 0, m);
  free((void *)d.a), free((void *)d.b), free(d.fv), free(d.bv);
  if (!ok) {
    free(d.del), free(d.ins);
    memory_full(rt);
  }
  *del = d.del, *ins = d.ins;
  return done;
}

static void restore_point(mrt *rt, mval marker) { Frestore_excursion(rt, 1, &marker); }

/* The runs of the script, last first, as a list of fixnums BEG-B
   END-B BEG-A END-A (offsets into the accessible portions) per run. */
static mval diff_runs(mrt *rt, const uint8_t *del, const uint8_t *ins, int64_t n, int64_t m)
{
  mval runs = Qnil;
  int64_t i = 0, j = 0;
  while (i < n || j < m) {
    if (!(i < n && del[i]) && !(j < m && ins[j])) {
      i++, j++;
      continue;
    }
    int64_t beg_a = i, beg_b = j;
    while (i < n && del[i])
      i++;
    while (j < m && ins[j])
      j++;
    runs = Fcons(rt, make_fixnum(beg_a), Fcons(rt, make_fixnum(i), runs));
    runs = Fcons(rt, make_fixnum(beg_b), Fcons(rt, make_fixnum(j), runs));
  }
  return runs;
}

/* Carries out RUNS (diff_runs's), the last first, so that the places
   of those before stay right: each run's text deleted, then the
   source's inserted, as separate recorded changes. */
static void apply_diff(mrt *rt, mval source, mval runs)
{
  int64_t begv = cur(rt)->begv, sbegv = XBUFFER(source)->begv;
  for (; CONSP(runs); runs = XCDR(XCDR(XCDR(XCDR(runs))))) {
    int64_t beg_b = XFIXNUM(XCAR(runs)), end_b = XFIXNUM(XCAR(XCDR(runs)));
    int64_t beg_a = XFIXNUM(XCAR(XCDR(XCDR(runs)))), end_a = XFIXNUM(XCAR(XCDR(XCDR(XCDR(runs)))));
    delete_here(rt, begv + beg_a, begv + end_a);
    if (beg_b < end_b) {
      cur(rt)->pt = begv + beg_a;
      mval args[3] = { source, make_fixnum(sbegv + beg_b), make_fixnum(sbegv + end_b) };
      Finsert_buffer_substring(rt, 3, args);
    }
  }
}

/* (replace-buffer-contents SOURCE &optional MAX-SECS MAX-COSTS): the
   accessible text replaced by SOURCE's where it differs, so that the
   text, markers and properties that stay the same are left alone; t,
   or nil when comparing took longer than MAX-SECS and the text was
   replaced whole.  MAX-COSTS is checked, but the script is always a
   shortest one (Emacs's heuristics for costly ones are not done). */
static mval Freplace_buffer_contents(mrt *rt, int n, mval *a)
{
  mval here = current_buffer(rt), source = existing_buffer(rt, a[0]);
  if (!live_p(source))
    mrt_error(rt, "Selecting deleted buffer");
  if (source == here)
    mrt_error(rt, "Cannot replace a buffer with itself");
  if (!NILP(a[2]))
    CHECK_INTEGER(rt, a[2]);
  bool timed = !NILP(a[1]);
  mval limit = !timed || FLOATP(a[1]) ? a[1] : call1(rt, intern(rt, "float-time"), a[1]);
  double secs = timed ? XFLOAT(limit) : 0;
  struct buffer *x = cur(rt), *y = XBUFFER(source);
  int64_t size_a = x->zv - x->begv, size_b = y->zv - y->begv;
  mval whole[3] = { source, Qnil, Qnil };
  if (size_a == 0) {
    if (size_b > 0)
      Finsert_buffer_substring(rt, 3, whole);
    return Qt;
  }
  if (size_b == 0) {
    delete_here(rt, x->begv, x->zv);
    return Qt;
  }
  uint8_t *del, *ins;
  bool done = buffer_diff(rt, x, y, secs, timed, &del, &ins);
  mval runs = done ? diff_runs(rt, del, ins, size_a, size_b) : Qnil;
  free(del), free(ins);
  if (!done) {
    delete_here(rt, x->begv, x->zv);
    Finsert_buffer_substring(rt, 3, whole);
    return Qnil;
  }
  Fundo_boundary(rt, 0, NULL);
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, restore_point, Fsave_excursion_state(rt, 0, NULL));
  /* One change for the change hooks, the whole accessible text. */
  int64_t hooks = flag_on(rt, Qinhibit_modification_hooks) ? -2 : buffer_change_begin(rt, x->begv, x->zv);
  if (hooks == -1)
    specbind(rt, Qinhibit_modification_hooks, Qt);
  apply_diff(rt, source, runs);
  if (hooks >= 0)
    buffer_change_end(rt, hooks, cur(rt)->begv, cur(rt)->zv, size_a);
  unbind_to(rt, depth);
  return Qt;
}

/* ---- Rewriting a region in place ---- */

/* Where a rewrite of [FROM, TO) moves a position: transpose-regions
   swaps [FROM, END1) and [START2, TO); a translation (END1 = START2 =
   TO) moves nothing. */
struct rewrite {
  int64_t from, end1, start2, to;
};

static int64_t min_pos(int64_t a, int64_t b) { return a < b ? a : b; }

static int64_t rewritten(const struct rewrite *w, int64_t pos)
{
  int64_t len1 = w->end1 - w->from, len2 = w->to - w->start2, mid = w->start2 - w->end1;
  if (pos < w->from || pos >= w->to)
    return pos;
  if (pos < w->end1)
    return pos + len2 + mid;
  if (pos < w->start2)
    return pos + len2 - len1;
  return pos - len1 - mid;
}

/* The markers of B (kept alive by it) and where W moves them: a
   vector [MARKER POS ...], nil after the chain's end. */
static mval planned_markers(mrt *rt, struct buffer *b, const struct rewrite *w)
{
  int64_t n = 0;
  for (struct marker *m = b->markers; m; m = m->next)
    n++;
  mval plan = make_vector(rt, (size_t)(2 * n), Qnil); /* may collect some of them */
  int64_t i = 0;
  for (struct marker *m = b->markers; m && i < 2 * n; m = m->next, i += 2) {
    gc_aset(rt->gc, plan, i, tag_ptr(m, TAG_VECTORLIKE));
    ASET_FIXNUM(plan, i + 1, make_fixnum(rewritten(w, m->charpos)));
  }
  return plan;
}

/* What a rewrite W of the text into S records for undo, before it. */
typedef void (*rewrite_record)(mrt *rt, const struct rewrite *w, mval s);

/* As Emacs 28's transpose-regions: two regions as long as each other
   and apart each, else the whole span. */
static void record_transposition(mrt *rt, const struct rewrite *w, mval s)
{
  (void)s;
  if (w->end1 - w->from == w->to - w->start2 && w->end1 != w->start2) {
    record_change(rt, w->from, w->end1 - w->from);
    record_change(rt, w->start2, w->to - w->start2);
  } else {
    record_change(rt, w->from, w->to - w->from);
  }
}

/* As translate-region-internal: each character that S changes. */
static void record_changed_chars(mrt *rt, const struct rewrite *w, mval s)
{
  int64_t off = 0;
  for (int64_t p = w->from; p < w->to && off < XSTRING(s)->nbytes; p++) {
    int len, c = string_decode(s, off, &len);
    if (c != char_at(cur(rt), p))
      record_change(rt, p, 1);
    off += len;
  }
}

/* A replacement by text of another length: the old text, the new. */
static void record_replacement(mrt *rt, const struct rewrite *w, mval s)
{
  record_delete(rt, w->from, w->to, false);
  record_insert(rt, w->from, XSTRING(s)->nchars);
}

/* Replaces [W->from, W->to) of the current buffer by S (with its
   properties; as many characters unless LEAVE_MARKERS); point and the
   markers go where W moves them, or stay with LEAVE_MARKERS (within
   the text).  RECORD notes the change for undo. */
static void rewrite_region(mrt *rt, mval s, const struct rewrite *w, bool leave_markers,
                           rewrite_record record)
{
  int64_t depth = buffer_change_begin(rt, w->from, w->to);
  if (!undo_off(rt))
    record(rt, w, s);
  struct buffer *b = cur(rt);
  struct rewrite stay = { w->from, w->to, w->to, w->to };
  struct rewrite moved = *w;
  if (leave_markers)
    w = &stay;
  int64_t pt = rewritten(w, b->pt);
  mval plan = planned_markers(rt, b, w);
  int64_t modiff = b->t->modiff;
  delete_text(rt, b, w->from, w->to);
  b->pt = w->from;
  insert_recorded(rt, s, false);
  note_one_change(b->t, modiff);
  for (int64_t i = 0; i < VECTOR_LENGTH(plan) && !NILP(AREF(plan, i)); i += 2)
    if (XMARKER(AREF(plan, i))->owner == b)
      XMARKER(AREF(plan, i))->charpos = min_pos(XFIXNUM(AREF(plan, i + 1)), b->t->z + 1);
  b->pt = min_pos(pt, b->zv);
  buffer_change_end(rt, depth, moved.from, moved.from + XSTRING(s)->nchars, moved.to - moved.from);
}

/* (internal--replace-keeping-markers START END STRING): STRING in
   place of the text between START and END, point and the markers left
   where they were, as Emacs's case commands leave them when casing
   changes the text's length (ß -> SS). */
static mval Freplace_keeping_markers(mrt *rt, int n, mval *a)
{
  int64_t from, to;
  region(rt, a[0], a[1], &from, &to);
  CHECK_STRING(rt, a[2]);
  rewrite_region(rt, a[2], &(struct rewrite){ from, to, to, to }, true, record_replacement);
  return Qnil;
}

/* (transpose-regions STARTR1 ENDR1 STARTR2 ENDR2 &optional LEAVE-MARKERS) */
static mval Ftranspose_regions(mrt *rt, int n, mval *a)
{
  int64_t s1, e1, s2, e2;
  region(rt, a[0], a[1], &s1, &e1);
  region(rt, a[2], a[3], &s2, &e2);
  if (s2 < e1) { /* as Emacs orders them: an empty region at the start
                    of the other one goes first */
    int64_t t = s1, u = e1;
    s1 = s2, e1 = e2, s2 = t, e2 = u;
  }
  if (e1 > s2)
    mrt_error(rt, "Transposed regions overlap");
  if (e1 == s2 && (s1 == e1 || s2 == e2))
    return Qnil; /* nothing moves */
  if (s1 == e1 && s2 == e2) {
    if (!undo_off(rt)) { /* two empty regions swapped: Emacs records both */
      record_change(rt, s1, 0);
      record_change(rt, s2, 0);
    }
    return Qnil;
  }
  struct buffer *b = cur(rt);
  mval parts[3] = { text_with_properties(rt, b, s2, e2), text_with_properties(rt, b, e1, s2),
                    text_with_properties(rt, b, s1, e1) };
  mval joined = concat_strings(rt, 3, parts);
  /* Moved text keeps its properties as they were, not copied as
     concat copies them. */
  GC_STORE(rt->gc, joined, XSTRING(joined)->intervals, textprop_join_kept(rt, 3, parts));
  /* Emacs swaps two regions apart as long as each other in place. */
  bool in_place = e1 - s1 == e2 - s2 &&
                  pos_to_byte(b->t, e1) - pos_to_byte(b->t, s1) == pos_to_byte(b->t, e2) - pos_to_byte(b->t, s2);
  mval ivs = textprop_transposed(rt, intervals_of(b), s1 - 1, e1 - 1, s2 - 1, e2 - 1, in_place);
  int64_t z = b->t->z;
  struct rewrite w = { s1, e1, s2, e2 };
  rewrite_region(rt, joined, &w, !NILP(a[4]), record_transposition);
  if (b->t->z == z) /* unless a change hook changed the text's size */
    set_intervals(rt, b, ivs);
  return Qnil;
}

/* C's translation by TABLE, a char-table or a string (for the
   characters below its length), or C if it has none. */
static int translated(mrt *rt, mval table, int c)
{
  mval t = STRINGP(table) ? (c < XSTRING(table)->nchars ? make_fixnum(string_char_at(table, c)) : Qnil)
                          : chartab_ref(rt, table, make_fixnum(c));
  return CHARACTERP(t) ? (int)XFIXNUM(t) : c;
}

/* A string, or a char-table made for translation, as Emacs checks. */
static bool is_translation_table(mrt *rt, mval table)
{
  return STRINGP(table) ||
         (CHAR_TABLE_P(table) && chartab_subtype(table) == intern(rt, "translation-table"));
}

/* The intervals of B once the characters CHARS replace those from FROM
   on, as Emacs leaves them: a character encoded in as many bytes as
   the one it replaces changes in place; another one is a replacement,
   left without properties in an interval of its own. */
static mval translated_intervals(mrt *rt, struct buffer *b, int64_t from, mval chars)
{
  mval ivs = intervals_of(b);
  if (NILP(ivs) || unibyte_text_p(rt, b))
    return ivs;
  int64_t len = b->t->z;
  for (int64_t i = 0; i < VECTOR_LENGTH(chars); i++) {
    int64_t at = from - 1 + i;
    int c = char_at(b, from + i);
    if (char_encoded_length(c) != char_encoded_length((int)XFIXNUM(AREF(chars, i)))) {
      ivs = textprop_delete(rt, ivs, at, at + 1);
      ivs = textprop_insert(rt, ivs, len - 1, at, 1, Qnil);
    }
  }
  return ivs;
}

/* (translate-region-internal START END TABLE): the characters changed. */
static mval Ftranslate_region_internal(mrt *rt, int n, mval *a)
{
  int64_t from, to, changed = 0;
  region(rt, a[0], a[1], &from, &to);
  if (!is_translation_table(rt, a[2]))
    mrt_error(rt, "Not a translation table");
  struct buffer *b = cur(rt);
  mval text = text_with_properties(rt, b, from, to);
  mval chars = make_vector(rt, (size_t)(to - from), Qnil);
  for (int64_t p = from; p < to; p++) {
    int c = char_at(b, p), t = translated(rt, a[2], c);
    changed += t != c;
    ASET_FIXNUM(chars, p - from, make_fixnum(t));
  }
  int64_t modiff = b->t->modiff;
  if (changed) {
    mval s = chars_to_string_like(rt, chars, text);
    GC_STORE(rt->gc, s, XSTRING(s)->intervals, XSTRING(text)->intervals);
    mval ivs = translated_intervals(rt, b, from, chars);
    int64_t z = b->t->z;
    rewrite_region(rt, s, &(struct rewrite){ from, to, to, to }, false, record_changed_chars);
    if (b->t->z == z) /* unless a change hook changed the text's size */
      set_intervals(rt, b, ivs);
  }
  if (from < to) /* one change, made or not, as Emacs counts it */
    note_one_change(b->t, modiff);
  return make_fixnum(changed);
}

/* Where the characters of multibyte S differ from B's text from FROM
   on (up to TO): positions [first, end) there, bytes [sb, se) of S. */
struct changed_span { int64_t first, end, sb, se; };

static bool changed_span(struct buffer *b, int64_t from, int64_t to, mval s, struct changed_span *d)
{
  d->first = -1;
  int64_t pos = from;
  for (int64_t off = 0; off < XSTRING(s)->nbytes && pos < to; pos++) {
    int len, c = string_decode(s, off, &len);
    if (c != char_at(b, pos)) {
      if (d->first < 0) {
        d->first = pos;
        d->sb = off;
      }
      d->end = pos + 1;
      d->se = off + len;
    }
    off += len;
  }
  return d->first >= 0;
}

/* Puts bytes [D->sb, D->se) of S in place of B's text [D->first,
   D->end), as many characters: nothing else moves. */
static void overwrite_chars(mrt *rt, struct buffer *b, mval s, const struct changed_span *d)
{
  int64_t bf = pos_to_byte(b->t, d->first), bt = pos_to_byte(b->t, d->end), n = d->se - d->sb;
  move_gap(b->t, bt);
  b->t->gap = bf;
  b->t->gap_size += bt - bf;
  ensure_gap(rt, b->t, n);
  memcpy(b->t->text + bf, XSTRING(s)->data + d->sb, (size_t)n);
  b->t->gap += n;
  b->t->gap_size -= n;
  remember(b->t, d->first, bf);
}

/* (internal--case-replace START END STRING): STRING, as many
   characters, in place of the text between START and END, as Emacs's
   case commands change text: point, the markers and the text properties
   stay; the change hooks see the whole region before, and after only
   the stretch that changed, if any did. */
static mval Fcase_replace(mrt *rt, int n, mval *a)
{
  int64_t from, to;
  region(rt, a[0], a[1], &from, &to);
  CHECK_STRING(rt, a[2]);
  if (XSTRING(a[2])->nchars != to - from)
    xsignal3(rt, Qargs_out_of_range, a[0], a[1], a[2]);
  int64_t depth = buffer_change_begin(rt, from, to);
  struct buffer *b = cur(rt);
  if (from < to) { /* the whole region counts as changed, as in Emacs */
    record_change(rt, from, to - from);
    note_change(b->t);
  }
  mval s = string_to_multibyte(rt, unibyte_text_p(rt, b) ? string_low_bytes(rt, a[2]) : a[2]);
  struct changed_span d;
  if (!changed_span(b, from, min_pos(to, b->zv), s, &d)) {
    if (depth >= 0) {
      state(rt)->overlay_hooks = Qnil;
      unbind_to(rt, (size_t)depth);
    }
    return Qnil;
  }
  overwrite_chars(rt, b, s, &d);
  buffer_change_end(rt, depth, d.first, d.end, d.end - d.first);
  return Qnil;
}

/* (position-bytes POSITION): its byte position in the whole text, or
   nil outside it. */
static mval Fposition_bytes(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  int64_t pos = position_of(rt, a[0]);
  if (pos < 1 || pos > b->t->z + 1)
    return Qnil;
  return make_fixnum(unibyte_text_p(rt, b) ? pos : pos_to_byte(b->t, pos) + 1);
}

/* (byte-to-position BYTEPOS): the position of the character holding
   that byte, or nil outside the text. */
static mval Fbyte_to_position(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  int64_t byte = check_fixnum(rt, a[0]) - 1, zb = text_bytes(b->t);
  if (unibyte_text_p(rt, b))
    return byte < 0 || byte > b->t->z ? Qnil : make_fixnum(byte + 1);
  if (byte < 0 || byte > zb)
    return Qnil;
  while (byte > 0 && byte < zb && continuation_byte(byte_at(b->t, byte)))
    byte--;
  return make_fixnum(byte_to_pos(b->t, byte));
}

/* ---- Changing multibyteness ---- */

/* Where each character of multibyte TEXT starts in its unibyte form (a
   raw byte one byte, another character its encoding): a malloc'd array
   of nchars + 1 offsets, the last one the total. */
static int64_t *unibyte_offsets(mrt *rt, mval text)
{
  int64_t n = XSTRING(text)->nchars, u = 0, i = 0;
  int64_t *off = malloc((size_t)(n + 1) * sizeof *off);
  if (!off)
    memory_full(rt);
  for (int64_t k = 0; k < XSTRING(text)->nbytes; i++) {
    int len, c = string_decode(text, k, &len);
    off[i] = u;
    u += CHAR_RAW_BYTE_P(c) ? 1 : len;
    k += len;
  }
  off[n] = u;
  return off;
}

/* How positions move when a text changes multibyteness: OFF are the
   unibyte offsets of the N characters of its multibyte form. */
struct position_map { const int64_t *off; int64_t n; bool to_unibyte; };

/* Position P of the text before the change, after it: going to
   multibyte, one inside a character's bytes goes after it, as in
   Emacs (the count of characters starting before it). */
static int64_t mapped_position(const struct position_map *m, int64_t p)
{
  if (m->to_unibyte)
    return m->off[p - 1] + 1;
  int64_t lo = 0, hi = m->n;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (m->off[mid] < p - 1)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo + 1;
}

/* Intervals IVS over a text of LEN characters, moved by map M. */
static mval mapped_intervals(mrt *rt, mval ivs, int64_t len, const struct position_map *m)
{
  mval out = Qnil;
  for (mval l = textprop_pieces(rt, ivs, 0, len, 0); CONSP(l); l = XCDR(l)) {
    mval piece = XCAR(l);
    int64_t s = mapped_position(m, XFIXNUM(XCAR(piece)) + 1) - 1;
    int64_t e = mapped_position(m, XFIXNUM(XCAR(XCDR(piece))) + 1) - 1;
    if (s < e)
      out = Fcons(rt, list3(rt, make_fixnum(s), make_fixnum(e), XCAR(XCDR(XCDR(piece)))), out);
  }
  return reversed(rt, out);
}

/* B's point and markers moved with the bytes, as M maps them (an
   indirect buffer's narrowing too). */
static void map_positions(struct buffer *b, const struct position_map *m)
{
  b->pt = mapped_position(m, b->pt);
  for (struct marker *mk = b->markers; mk; mk = mk->next)
    mk->charpos = mapped_position(m, mk->charpos);
}

/* Makes multibyte TEXT all of B's text, the whole of it accessible. */
static void replace_all_text(mrt *rt, struct buffer *b, mval text)
{
  int64_t n = XSTRING(text)->nbytes;
  b->t->gap = 0;
  b->t->gap_size = b->t->cap;
  ensure_gap(rt, b->t, n);
  if (n > 0)
    memcpy(b->t->text, XSTRING(text)->data, (size_t)n);
  b->t->gap = n;
  b->t->gap_size -= n;
  b->t->z = XSTRING(text)->nchars;
  b->begv = 1;
  b->zv = b->t->z + 1;
  b->t->cache_pos = 1;
  b->t->cache_byte = 0;
}

/* The current buffer's text as it becomes multibyte (FLAG non-nil) or
   unibyte, from OLD, its text now: going to unibyte each character
   becomes its bytes; to multibyte the bytes are read as characters, or
   with FLAG `to' each byte stays one (a raw byte). */
static mval converted_text(mrt *rt, mval old, mval flag)
{
  if (NILP(flag))
    return string_to_multibyte(rt, string_as_unibyte(rt, old));
  return flag == intern(rt, "to") ? string_to_multibyte(rt, old) : string_as_multibyte(rt, old);
}

/* (set-buffer-multibyte FLAG): the positions of point, the markers
   and the text properties move with the bytes, and the undo list gets
   the call that changes it back, as in Emacs. */
static mval Fset_buffer_multibyte(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  mval flag = a[0];
  if (!NILP(b->base))
    error_quoting(rt, "Cannot do `set-buffer-multibyte' on an indirect buffer", Qnil);
  if (NILP(flag) == unibyte_text_p(rt, b))
    return flag;
  if (b->begv != 1 || b->zv != b->t->z + 1)
    mrt_error(rt, "Changing multibyteness in a narrowed buffer");
  mval old = text_string(rt, b, 1, b->t->z + 1), text = converted_text(rt, old, flag);
  mval multibyte = NILP(flag) ? old : text;
  int64_t *off = unibyte_offsets(rt, multibyte);
  struct position_map m = { off, XSTRING(multibyte)->nchars, NILP(flag) };
  mval pieces = mapped_intervals(rt, intervals_of(b), b->t->z, &m);
  mval ivs = textprop_from_pieces(rt, pieces, XSTRING(text)->nchars);
  replace_all_text(rt, b, text);
  map_positions(b, &m);
  mval l = state(rt)->live;
  for (struct buffer *o; (o = next_sharer(rt, b, &l));) {
    o->begv = mapped_position(&m, o->begv);
    o->zv = mapped_position(&m, o->zv);
    map_positions(o, &m);
  }
  free(off);
  set_intervals(rt, b, ivs);
  set_per_buffer(rt, b->locals, MULTIBYTE, bool_val(!NILP(flag)));
  l = state(rt)->live;
  for (struct buffer *o; (o = next_sharer(rt, b, &l));)
    set_per_buffer(rt, o->locals, MULTIBYTE, bool_val(!NILP(flag)));
  mval undo = per_buffer_value(rt, current_buffer(rt), UNDO_LIST);
  if (undo != Qt) {
    mval entry = list3(rt, intern(rt, "apply"), intern(rt, "set-buffer-multibyte"), bool_val(NILP(flag)));
    set_per_buffer(rt, b->locals, UNDO_LIST, Fcons(rt, entry, undo));
  }
  return flag;
}

/* ================================================================== */
/* Point and motion                                                   */
/* ================================================================== */

static mval Fpoint(mrt *rt, int n, mval *a) { return make_fixnum(cur(rt)->pt); }
static mval Fpoint_min(mrt *rt, int n, mval *a) { return make_fixnum(cur(rt)->begv); }
static mval Fpoint_max(mrt *rt, int n, mval *a) { return make_fixnum(cur(rt)->zv); }

static mval Fgoto_char(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  b->pt = clip(position_of(rt, a[0]), b->begv, b->zv);
  return a[0];
}

static void move_by(mrt *rt, int64_t count)
{
  struct buffer *b = cur(rt);
  int64_t to = b->pt + count;
  b->pt = clip(to, b->begv, b->zv);
  if (to < b->begv)
    xsignal0(rt, Qbeginning_of_buffer);
  if (to > b->zv)
    xsignal0(rt, Qend_of_buffer);
}

static int64_t count_arg(mrt *rt, mval x) { return NILP(x) ? 1 : check_fixnum(rt, x); }

static mval Fforward_char(mrt *rt, int n, mval *a)
{
  move_by(rt, count_arg(rt, a[0]));
  return Qnil;
}

static mval Fbackward_char(mrt *rt, int n, mval *a)
{
  move_by(rt, -count_arg(rt, a[0]));
  return Qnil;
}

static mval Fbobp(mrt *rt, int n, mval *a) { return bool_val(cur(rt)->pt == cur(rt)->begv); }
static mval Feobp(mrt *rt, int n, mval *a) { return bool_val(cur(rt)->pt == cur(rt)->zv); }

/* The character at POS of the current buffer, or -1 outside its
   accessible portion. */
static int char_after(mrt *rt, int64_t pos)
{
  struct buffer *b = cur(rt);
  if (pos < b->begv || pos >= b->zv)
    return -1;
  int c = char_at(b, pos);
  return CHAR_RAW_BYTE_P(c) && unibyte_text_p(rt, b) ? CHAR_TO_RAW_BYTE(c) : c;
}

static mval char_or_nil(int c) { return c < 0 ? Qnil : make_fixnum(c); }
static int64_t pos_or_point(mrt *rt, mval x) { return NILP(x) ? cur(rt)->pt : position_of(rt, x); }

static mval Fchar_after(mrt *rt, int n, mval *a) { return char_or_nil(char_after(rt, pos_or_point(rt, a[0]))); }
static mval Fchar_before(mrt *rt, int n, mval *a) { return char_or_nil(char_after(rt, pos_or_point(rt, a[0]) - 1)); }
static mval char_or_zero(int c) { return make_fixnum(c < 0 ? 0 : c); }
static mval Ffollowing_char(mrt *rt, int n, mval *a) { return char_or_zero(char_after(rt, cur(rt)->pt)); }
static mval Fpreceding_char(mrt *rt, int n, mval *a) { return char_or_zero(char_after(rt, cur(rt)->pt - 1)); }

bool buffer_bolp(mval buffer)
{
  struct buffer *b = XBUFFER(buffer);
  return b->pt == b->begv || char_at(b, b->pt - 1) == '\n';
}

static mval Fbolp(mrt *rt, int n, mval *a) { return bool_val(buffer_bolp(current_buffer(rt))); }

static mval Feolp(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  return bool_val(b->pt == b->zv || char_after(rt, b->pt) == '\n');
}

/* ================================================================== */
/* Lines                                                              */
/* ================================================================== */

/* The first newline byte in [from, to), or -1. */
static int64_t newline_after(const struct buffer *b, int64_t from, int64_t to)
{
  for (int64_t i = from; i < to; i++)
    if (byte_at(b->t, i) == '\n')
      return i;
  return -1;
}

/* The last newline byte in [from, to), or -1. */
static int64_t newline_before(const struct buffer *b, int64_t from, int64_t to)
{
  for (int64_t i = to - 1; i >= from; i--)
    if (byte_at(b->t, i) == '\n')
      return i;
  return -1;
}

/* Where forward-line COUNT from position FROM goes; stores in *SHORT
   what forward-line returns. */
static int64_t line_move(struct buffer *b, int64_t from, int64_t count, int64_t *shortage)
{
  int64_t begv = pos_to_byte(b->t, b->begv), zv = pos_to_byte(b->t, b->zv);
  int64_t start = pos_to_byte(b->t, from), at = start, found = 0, nl;
  if (count > 0) {
    while (found < count && (nl = newline_after(b, at, zv)) >= 0)
      at = nl + 1, found++;
    if (found < count)
      at = zv;
    *shortage = count - found;
    if (*shortage > 0 && at != start && at > begv && byte_at(b->t, at - 1) != '\n')
      --*shortage;
  } else {
    int64_t need = 1 - count;
    while (found < need && (nl = newline_before(b, begv, at)) >= 0)
      at = nl, found++;
    at = found == need ? at + 1 : begv;
    *shortage = found == need ? 0 : -(need - found - 1);
  }
  return byte_to_pos(b->t, at);
}

/* A bignum count moves as far as any buffer allows, and the shortage
   is still exact: the count less the lines moved. */
static mval Fforward_line(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  int64_t shortage;
  if (!NILP(a[0]))
    CHECK_TYPE(rt, INTEGERP(a[0]), Qintegerp, a[0]);
  if (!BIGNUMP(a[0])) {
    b->pt = line_move(b, b->pt, count_arg(rt, a[0]), &shortage);
    return make_fixnum(shortage);
  }
  int64_t count = mpz_sgn(XBIGNUM_MPZ(a[0])) < 0 ? -MOST_POSITIVE_FIXNUM : MOST_POSITIVE_FIXNUM;
  b->pt = line_move(b, b->pt, count, &shortage);
  return arith_add2_slow(rt, arith_sub2_slow(rt, a[0], make_fixnum(count)), make_fixnum(shortage));
}

static int64_t line_beginning(mrt *rt, mval n)
{
  int64_t shortage;
  return line_move(cur(rt), cur(rt)->pt, count_arg(rt, n) - 1, &shortage);
}

/* As Emacs, a line end N <= 0 lines back that runs out of lines is the
   accessible start, not the first line's end. */
static int64_t line_end(mrt *rt, mval n)
{
  struct buffer *b = cur(rt);
  int64_t shortage, count = count_arg(rt, n) - 1;
  int64_t start = line_move(b, b->pt, count, &shortage);
  if (count < 0 && shortage != 0)
    return b->begv;
  int64_t from = pos_to_byte(b->t, start), zv = pos_to_byte(b->t, b->zv);
  int64_t nl = newline_after(b, from, zv);
  return byte_to_pos(b->t, nl < 0 ? zv : nl);
}

/* Whether the character after or before POS has a `field' property,
   the test constrain-to-field makes first. */
static bool field_touches(mrt *rt, int64_t pos)
{
  return overlays_char_property_p(rt, pos, Qfield) ||
         (pos > cur(rt)->begv && overlays_char_property_p(rt, pos - 1, Qfield));
}

/* NEW_POS kept inside the field of point, as Emacs's line functions
   keep it, never across a newline (constrain-to-field, in
   lisp/textprops.el).  That is Lisp: it is called only when a field
   touches either position, which most buffers with properties (faces)
   never have. */
static int64_t constrain_to_line_field(mrt *rt, int64_t new_pos, bool escape_from_edge)
{
  struct buffer *b = cur(rt);
  if (new_pos == b->pt || !(field_touches(rt, new_pos) || field_touches(rt, b->pt)))
    return new_pos;
  mval args[6] = {intern(rt, "constrain-to-field"), make_fixnum(new_pos), make_fixnum(b->pt),
                  escape_from_edge ? Qt : Qnil, Qt, Qnil};
  mval r = funcall(rt, args[0], 5, args + 1);
  /* A redefined constrain-to-field may return anything, or even leave
     another buffer current: the position is kept inside that one. */
  b = cur(rt);
  int64_t pos = FIXNUMP(r) ? XFIXNUM(r) : new_pos;
  return pos < b->begv ? b->begv : pos > b->zv ? b->zv : pos;
}

/* As Emacs, N other than 1 lets the start escape a field's edge. */
static int64_t field_line_beginning(mrt *rt, mval n)
{
  return constrain_to_line_field(rt, line_beginning(rt, n), count_arg(rt, n) != 1);
}

static int64_t field_line_end(mrt *rt, mval n)
{
  return constrain_to_line_field(rt, line_end(rt, n), false);
}

static mval Fline_beginning_position(mrt *rt, int n, mval *a) { return make_fixnum(field_line_beginning(rt, a[0])); }
static mval Fline_end_position(mrt *rt, int n, mval *a) { return make_fixnum(field_line_end(rt, a[0])); }

static mval Fbeginning_of_line(mrt *rt, int n, mval *a)
{
  cur(rt)->pt = field_line_beginning(rt, a[0]);
  return Qnil;
}

static mval Fend_of_line(mrt *rt, int n, mval *a)
{
  cur(rt)->pt = field_line_end(rt, a[0]);
  return Qnil;
}

static int64_t newlines_between(struct buffer *b, int64_t from, int64_t to)
{
  int64_t n = 0, end = pos_to_byte(b->t, to);
  for (int64_t i = pos_to_byte(b->t, from); i < end; i++)
    n += byte_at(b->t, i) == '\n';
  return n;
}

/* The bounds narrow-to-region takes from START and END: anywhere in
   the buffer, whatever its present narrowing. */
static void narrowing_bounds(mrt *rt, mval start, mval end, int64_t *from, int64_t *to)
{
  int64_t x = position_of(rt, start), y = position_of(rt, end);
  if (x > y) {
    int64_t t = x;
    x = y, y = t;
  }
  if (x < 1 || y > cur(rt)->t->z + 1)
    args_out_of_range(rt, start, end);
  *from = x;
  *to = y;
}

/* As simple.el's, which counts inside narrow-to-region.  Leaving out
   invisible lines needs text properties and overlays: simple.el does it. */
static mval Fcount_lines(mrt *rt, int n, mval *a)
{
  int64_t from, to;
  narrowing_bounds(rt, a[0], a[1], &from, &to);
  if (n > 2 && !NILP(a[2]))
    return call2(rt, Qsimple__count_visible_lines, make_fixnum(from), make_fixnum(to));
  struct buffer *b = cur(rt);
  int64_t lines = newlines_between(b, from, to);
  return make_fixnum(lines + (to > from && char_at(b, to - 1) != '\n'));
}

/* (line-number-at-pos &optional POS ABSOLUTE) */
static mval Fline_number_at_pos(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  int64_t pos = pos_or_point(rt, a[0]), start = NILP(a[1]) ? b->begv : 1;
  if (pos < start || pos > (NILP(a[1]) ? b->zv : b->t->z + 1))
    xsignal3(rt, Qargs_out_of_range, make_fixnum(pos), make_fixnum(start), make_fixnum(NILP(a[1]) ? b->zv : b->t->z + 1));
  return make_fixnum(1 + newlines_between(b, start, pos));
}

/* tab-width in this buffer, 8 where it is not a sane width, as Emacs. */
static int64_t tab_width(mrt *rt)
{
  mval w = find_symbol_value(rt, Qtab_width);
  return FIXNUMP(w) && XFIXNUM(w) > 0 && XFIXNUM(w) <= 1000 ? XFIXNUM(w) : 8;
}

/* Display columns from the line's start to point: tabs to the next
   multiple of tab-width, others by char-width. */
static mval Fcurrent_column(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  /* Invisible text takes no columns: where text properties or
     overlays could make some, simple.el walks the line. */
  if (textprop_any(intervals_of(b)) || !NILP(b->overlays))
    return call0(rt, Qsimple__current_column);
  int64_t col = 0, tab = tab_width(rt);
  for (int64_t p = line_beginning(rt, Qnil); p < b->pt; p++) {
    int c = char_at(b, p);
    col = c == '\t' ? (col / tab + 1) * tab : col + char_width(c);
  }
  return make_fixnum(col);
}

/* ================================================================== */
/* Narrowing                                                          */
/* ================================================================== */

static mval Fnarrow_to_region(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  int64_t x, y;
  narrowing_bounds(rt, a[0], a[1], &x, &y);
  b->begv = x;
  b->zv = y;
  b->pt = clip(b->pt, x, y);
  return Qnil;
}

static mval Fwiden(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  b->begv = 1;
  b->zv = b->t->z + 1;
  return Qnil;
}

/* ================================================================== */
/* Searching                                                          */
/* ================================================================== */

/* Runs REGEXP over the accessible text of the current buffer; on a
   match, makes it the match data and returns the match vector of
   positions. */
static mval search(mrt *rt, mval regexp, int64_t from, int64_t bound, enum re_direction dir, bool set_data,
                   bool posix)
{
  struct buffer *b = cur(rt);
  int64_t begv = pos_to_byte(b->t, b->begv), zv = pos_to_byte(b->t, b->zv);
  int64_t at = pos_to_byte(b->t, from), lim = pos_to_byte(b->t, bound);
  struct re_text t = { contiguous(b->t, begv, zv), zv - begv, zv - begv, pos_to_byte(b->t, b->pt) - begv, posix };
  if (dir == RE_FORWARD)
    t.stop = lim - begv;
  else if (dir == RE_BACKWARD)
    t.stop = at - begv;
  mval m = re_search_text(rt, regexp, &t, at - begv, lim - begv, dir);
  if (NILP(m))
    return Qnil;
  b = cur(rt);
  for (int64_t i = 0; i < VECTOR_LENGTH(m); i++)
    if (!NILP(AREF(m, i)))
      ASET_FIXNUM(m, i, make_fixnum(byte_to_pos(b->t, begv + XFIXNUM(AREF(m, i)))));
  if (set_data)
    record_match(rt, m, current_buffer(rt));
  return m;
}

/* The search commands' shared part: (FN REGEXP &optional BOUND NOERROR
   COUNT), with COUNT negative searching the other way.  SHOWN is what
   search-failed reports. */
static mval search_command(mrt *rt, mval regexp, mval *a, bool backward, mval shown, bool posix,
                           bool data_at_end)
{
  struct buffer *b = cur(rt);
  int64_t count = count_arg(rt, a[2]);
  if (count < 0)
    backward = !backward, count = -count;
  int64_t bound = backward ? b->begv : b->zv;
  if (!NILP(a[0])) {
    bound = position_of(rt, a[0]);
    /* Emacs checks a count of 0 as a backward search. */
    if (backward || count == 0 ? bound > b->pt : bound < b->pt)
      mrt_error(rt, "Invalid search bound (wrong side of point)");
    bound = clip(bound, b->begv, b->zv);
  }
  int64_t pt = b->pt;
  mval m = make_vector(rt, 2, make_fixnum(pt)); /* what a count of 0 matches */
  for (int64_t i = 0; i < count; i++) {
    m = search(rt, regexp, pt, bound, backward ? RE_BACKWARD : RE_FORWARD, !data_at_end, posix);
    if (NILP(m)) {
      if (NILP(a[1]))
        xsignal1(rt, Qsearch_failed, shown);
      if (a[1] != Qt)
        cur(rt)->pt = bound;
      return Qnil;
    }
    pt = XFIXNUM(AREF(m, backward ? 0 : 1));
  }
  if (count == 0 || data_at_end)
    record_match(rt, m, current_buffer(rt));
  cur(rt)->pt = pt;
  return make_fixnum(pt);
}

static mval Fre_search_forward(mrt *rt, int n, mval *a) { return search_command(rt, a[0], a + 1, false, a[0], false, false); }
static mval Fre_search_backward(mrt *rt, int n, mval *a) { return search_command(rt, a[0], a + 1, true, a[0], false, false); }
static mval Fposix_search_forward(mrt *rt, int n, mval *a) { return search_command(rt, a[0], a + 1, false, a[0], true, false); }
static mval Fposix_search_backward(mrt *rt, int n, mval *a) { return search_command(rt, a[0], a + 1, true, a[0], true, false); }

static mval quoted(mrt *rt, mval string)
{
  CHECK_STRING(rt, string);
  return call1(rt, intern(rt, "regexp-quote"), string);
}

/* Whether Emacs would search for STRING character by character rather
   than by its Boyer-Moore search: when folding case, some non-ASCII
   character of it has a case variant outside its block of 64.  That
   search sets the match data only once all COUNT matches are found. */
static bool searched_char_by_char(mrt *rt, mval string)
{
  mval fold = find_symbol_value(rt, Qcase_fold_search);
  if (fold == Qunbound || NILP(fold) || !STRING_MULTIBYTE_P(string))
    return false;
  for (int64_t i = 0; i < XSTRING(string)->nchars; i++) {
    int c = string_char_at(string, i);
    if (c >= 0x80 && ((char_upcase(c) ^ c) > 0x3F || (char_downcase(c) ^ c) > 0x3F))
      return true;
  }
  return false;
}

static mval plain_search(mrt *rt, mval *a, bool backward)
{
  mval re = quoted(rt, a[0]);
  return search_command(rt, re, a + 1, backward, a[0], false, searched_char_by_char(rt, a[0]));
}

static mval Fsearch_forward(mrt *rt, int n, mval *a) { return plain_search(rt, a, false); }
static mval Fsearch_backward(mrt *rt, int n, mval *a) { return plain_search(rt, a, true); }

static mval looking_at(mrt *rt, mval regexp, bool set_data, bool posix)
{
  struct buffer *b = cur(rt);
  return bool_val(!NILP(search(rt, regexp, b->pt, b->zv, RE_ANCHORED, set_data, posix)));
}

static mval Flooking_at(mrt *rt, int n, mval *a) { return looking_at(rt, a[0], NILP(a[1]), false); }
static mval Flooking_at_p(mrt *rt, int n, mval *a) { return looking_at(rt, a[0], false, false); }
static mval Fposix_looking_at(mrt *rt, int n, mval *a) { return looking_at(rt, a[0], true, true); }

/* ---- skip-chars-forward and -backward ---- */

/* Where the "[:class:]" at byte I of S ends, or -1. */
static int64_t class_end(mval s, int64_t i)
{
  const uint8_t *d = XSTRING(s)->data;
  int64_t nb = XSTRING(s)->nbytes;
  if (d[i] != '[' || i + 1 >= nb || d[i + 1] != ':')
    return -1;
  for (int64_t j = i + 2; j + 1 < nb; j++)
    if (d[j] == ':' && d[j + 1] == ']')
      return j + 2;
  return -1;
}

/* The characters ] ^ - that a bracket takes literally only in some
   places, as bits; and [, which must not come before a ':' the set
   has ("[:alpha:" is six characters, no class). */
enum { LIT_RBRACKET = 1, LIT_CARET = 2, LIT_DASH = 4, LIT_LBRACKET = 8 };

static int special_bit(int c)
{
  return c == ']' ? LIT_RBRACKET : c == '^' ? LIT_CARET : c == '-' ? LIT_DASH : c == '[' ? LIT_LBRACKET : 0;
}

/* The body of the bracket for skip-chars SPEC from byte I: ranges,
   characters (backslash quotes) and classes; the characters ] ^ -
   go to *SPECIAL instead. */
static mval skip_set_body(mrt *rt, mval s, int64_t i, int *special)
{
  int64_t nb = XSTRING(s)->nbytes;
  mval body = make_string(rt, "", 0);
  while (i < nb) {
    int64_t e = class_end(s, i);
    if (e > 0) {
      /* skip-chars's own error, not the regexp compiler's. */
      if (!re_class_name_p(XSTRING(s)->data + i + 2, (size_t)(e - i - 4)))
        mrt_error(rt, "Invalid ISO C character class");
      body = concat2(rt, body, substring_bytes(rt, s, i, e));
      i = e;
      continue;
    }
    int len, c = string_decode(s, i, &len);
    if (c == '\\' && i + len < nb)
      i += len, c = string_decode(s, i, &len);
    i += len;
    int hi = c;
    if (i + 1 < nb && XSTRING(s)->data[i] == '-') {
      int l2;
      hi = string_decode(s, i + 1, &l2);
      i += 1 + l2;
    }
    if (hi < c)
      continue;
    if (hi == c && special_bit(c)) {
      *special |= special_bit(c);
      continue;
    }
    body = concat2(rt, body, hi == c ? char_string(rt, c) : format2(rt, "%c-%c", make_fixnum(c), make_fixnum(hi)));
  }
  return body;
}

/* The regexp of one character of the set skip-chars SPEC names ("a-z",
   "^ \t", "[:alpha:]"), or nil when it names none.  In the bracket,
   ] goes first, ^ after something, - last. */
static mval skip_set_regexp(mrt *rt, mval spec)
{
  CHECK_STRING(rt, spec);
  mval s = string_to_multibyte(rt, spec);
  bool negate = XSTRING(s)->nbytes > 0 && XSTRING(s)->data[0] == '^';
  int special = 0;
  mval body = skip_set_body(rt, s, negate, &special);
  bool nothing_else = XSTRING(body)->nbytes == 0 && !(special & (LIT_RBRACKET | LIT_DASH | LIT_LBRACKET));
  if (nothing_else && !(special & LIT_CARET))
    return negate ? make_cstring(rt, "\\(?:.\\|\n\\)") : Qnil;
  if (nothing_else && !negate)
    return make_cstring(rt, "\\^");
  char head[4], tail[5];
  snprintf(head, sizeof head, "[%s%s", negate ? "^" : "", special & LIT_RBRACKET ? "]" : "");
  snprintf(tail, sizeof tail, "%s%s%s]", special & LIT_LBRACKET ? "[" : "", special & LIT_CARET ? "^" : "",
           special & LIT_DASH ? "-" : "");
  return concat2(rt, concat2(rt, make_cstring(rt, head), body), make_cstring(rt, tail));
}

static mval skip_chars(mrt *rt, mval spec, mval lim, bool backward)
{
  struct buffer *b = cur(rt);
  int64_t start = b->pt, bound = NILP(lim) ? (backward ? b->begv : b->zv) : position_of(rt, lim);
  bound = clip(bound, b->begv, b->zv);
  mval set = skip_set_regexp(rt, spec);
  if (NILP(set) || (backward ? bound >= start : bound <= start))
    return make_fixnum(0);
  size_t depth = rt->specpdl_depth;
  specbind(rt, Qcase_fold_search, Qnil); /* the set is of characters, not letters */
  int64_t to = start;
  if (backward) {
    /* One character at a time: a search from BOUND would make each
       backward skip cost the whole text before point. */
    while (to > bound && !NILP(search(rt, set, to - 1, to, RE_ANCHORED, false, false)))
      to--;
  } else {
    mval m = search(rt, format2(rt, "\\(?:%s\\)*", set, Qnil), start, bound, RE_ANCHORED, false, false);
    if (!NILP(m))
      to = XFIXNUM(AREF(m, 1));
    if (to > bound)
      to = bound;
  }
  unbind_to(rt, depth);
  b = cur(rt);
  b->pt = to;
  return make_fixnum(to - start);
}

static mval Fskip_chars_forward(mrt *rt, int n, mval *a) { return skip_chars(rt, a[0], a[1], false); }
static mval Fskip_chars_backward(mrt *rt, int n, mval *a) { return skip_chars(rt, a[0], a[1], true); }

/* ================================================================== */
/* Files                                                              */
/* ================================================================== */

/* Makes the current buffer visit PATH, as VISIT asks. */
static void visit_file(mrt *rt, mval path)
{
  call2(rt, intern(rt, "set"), intern(rt, "buffer-file-name"), path);
}

/* Visiting or saving a file records the buffer's size then, as Emacs
   does: auto-saving compares it with the size later. */
static void note_saved_size(mrt *rt)
{
  call2(rt, intern(rt, "set"), intern(rt, "buffer-saved-size"), make_fixnum(cur(rt)->t->z));
}

static int64_t file_offset(mrt *rt, mval x)
{
  if (!FIXNUMP(x) || XFIXNUM(x) < 0)
    wrong_type_argument(rt, intern(rt, "file-offset"), x);
  return XFIXNUM(x);
}

/* The coding system insert-file-contents decodes PATH's BYTES with: as
   Emacs, coding-system-for-read, else raw text in a unibyte buffer,
   else what the file's name and first bytes ask for (fns.el), else
   undecided; no conversion at all when LITERALLY. */
static mval file_coding(mrt *rt, mval path, mval bytes, bool literally)
{
  if (literally)
    return Qno_conversion;
  mval coding = symbol_value(rt, intern(rt, "coding-system-for-read"));
  if (!NILP(coding))
    return coding;
  if (unibyte_text_p(rt, cur(rt)))
    return intern(rt, "raw-text");
  coding = call2(rt, intern(rt, "fns--file-coding"), path, bytes);
  return NILP(coding) ? intern(rt, "undecided") : coding;
}

/* As Emacs decoding a file (not a string): an LF in text whose coding
   left the end of line undecided (ASCII with no CR) makes it Unix. */
static void settle_file_eol(mrt *rt, mval bytes)
{
  mval used = symbol_value(rt, Qlast_coding_system_used);
  mval variants = call1(rt, intern(rt, "coding-system-eol-type"), used);
  const struct string *s = XSTRING(bytes);
  if (VECTORP(variants) && memchr(s->data, '\n', (size_t)s->nbytes))
    set_symbol_value(rt, Qlast_coding_system_used, AREF(variants, 0));
}

/* Calls each of after-insert-file-functions with the INSERTED count of
   characters, point at their start; one that returns a number says how
   many there are now.  Returns the final count. */
static int64_t run_after_insert_functions(mrt *rt, int64_t inserted)
{
  mval list = find_symbol_value(rt, intern(rt, "after-insert-file-functions"));
  mval tail = list;
  FOR_EACH_TAIL(rt, tail, list) {
    mval count = call1(rt, XCAR(tail), make_fixnum(inserted));
    if (NILP(count))
      continue;
    struct buffer *b = cur(rt);
    if (!FIXNUMP(count) || XFIXNUM(count) < 0 || XFIXNUM(count) > b->zv - b->pt)
      xsignal2(rt, Qwrong_type_argument, intern(rt, "inserted-chars"), count);
    inserted = XFIXNUM(count);
  }
  return inserted;
}

/* REPLACE of insert-file-contents: as Emacs, the accessible text keeps
   what it shares with TEXT at its start and end (and the markers and
   properties there); only the differing middle is deleted and TEXT's
   middle inserted in its place.  Point inside the deleted part keeps
   its proportional place in the new middle (as Emacs 28 does), point
   after it moves with the text.  Returns the inserted middle. */
static mval replace_differing(mrt *rt, mval text)
{
  struct buffer *b = cur(rt);
  int64_t n = XSTRING(text)->nchars, len = b->zv - b->begv;
  int64_t most = n < len ? n : len, head = 0, tail = 0;
  while (head < most && char_at(b, b->begv + head) == string_char_at(text, head))
    head++;
  while (tail < most - head && char_at(b, b->zv - 1 - tail) == string_char_at(text, n - 1 - tail))
    tail++;
  int64_t from = b->begv + head, to = b->zv - tail, pt = b->pt;
  int64_t inserted = n - tail - head;
  if (to > from) {
    record_delete(rt, from, to, true);
    delete_text(rt, b, from, to);
  }
  mval middle = call3(rt, intern(rt, "substring"), text, make_fixnum(head), make_fixnum(n - tail));
  b = cur(rt);
  b->pt = from;
  buffer_insert_string(rt, current_buffer(rt), middle);
  b = cur(rt);
  if (pt > from && pt < to)
    pt = from + (pt - from) * inserted / (to - from);
  else if (pt >= to && to > from)
    pt = pt == to ? from : pt - (to - from) + inserted;
  else if (pt > from)
    pt += inserted;
  b->pt = pt;
  return middle;
}

/* (insert-file-contents FILENAME &optional VISIT BEG END REPLACE): the
   file's bytes from BEG to END (all by default) decoded (see
   file_coding), inserted before point, or in place of the accessible
   text with REPLACE.  VISIT makes the buffer visit the file,
   unmodified; it does so even when the file is missing, which then
   signals.  last-coding-system-used and buffer-file-coding-system tell
   the coding found, as mule.el's after-insert-file-set-coding has it. */
static mval insert_file(mrt *rt, mval *a, bool literally)
{
  CHECK_STRING(rt, a[0]);
  mval path = call1(rt, Qexpand_file_name, a[0]), handled;
  mval given[5] = { path, a[1], a[2], a[3], a[4] };
  if (file_handler_call(rt, Qinsert_file_contents, path, Qnil, 5, given, &handled))
    return handled;
  bool visit = !NILP(a[1]);
  if (visit && (!NILP(a[2]) || !NILP(a[3])))
    mrt_error(rt, "Attempt to visit less than an entire file");
  if (visit && cur(rt)->t->z > 0 && NILP(a[4]))
    mrt_error(rt, "Cannot do file visiting in a non-empty buffer");
  if (visit) {
    visit_file(rt, path);
    set_modtime(cur(rt), file_modtime(path));
  }
  mval bytes = call1(rt, intern(rt, "marrow--read-file-bytes"), path);
  int64_t beg = NILP(a[2]) ? 0 : file_offset(rt, a[2]);
  int64_t end = NILP(a[3]) ? -1 : file_offset(rt, a[3]);
  if (!NILP(a[4]))
    end = -1; /* Emacs 28 replaces up to the end of the file whatever END says */
  if (beg > 0 || end >= 0) {
    int64_t size = XSTRING(bytes)->nbytes;
    int64_t from = beg < size ? beg : size;
    int64_t to = end < 0 ? size : clip(end, from, size);
    bytes = make_unibyte_string(rt, (const char *)XSTRING(bytes)->data + from, (size_t)(to - from));
  }
  mval text = call2(rt, intern(rt, "decode-coding-string"), bytes, file_coding(rt, path, bytes, literally));
  settle_file_eol(rt, bytes);
  if (!NILP(a[4]))
    text = replace_differing(rt, text);
  else {
    int64_t pt = cur(rt)->pt;
    buffer_insert_string(rt, current_buffer(rt), text);
    cur(rt)->pt = pt;
  }
  call2(rt, intern(rt, "after-insert-file-set-coding"), make_fixnum(XSTRING(text)->nchars), a[1]);
  if (visit) {
    call1(rt, intern(rt, "set-buffer-modified-p"), Qnil);
    note_saved_size(rt);
    if (!undo_off(rt)) /* a visited file's text is where undo starts */
      set_undo_list(rt, Qnil);
  }
  int64_t inserted = run_after_insert_functions(rt, XSTRING(text)->nchars);
  return list2(rt, path, make_fixnum(inserted));
}

static mval Finsert_file_contents(mrt *rt, int n, mval *a) { return insert_file(rt, a, false); }
static mval Finsert_file_contents_literally(mrt *rt, int n, mval *a) { return insert_file(rt, a, true); }

static mval read_bytes(mrt *rt, mval path)
{
  FILE *f = fopen((const char *)XSTRING(path)->data, "rb");
  if (!f) {
    int err = errno;
    mval data = list3(rt, make_cstring(rt, "Opening input file"), make_cstring(rt, strerror(err)), path);
    mrt_signal(rt, err == ENOENT ? Qfile_missing : Qfile_error, data);
  }
  mval pieces = Qnil;
  char chunk[65536];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
    pieces = Fcons(rt, make_unibyte_string(rt, chunk, got), pieces);
  if (ferror(f)) { /* a directory opens but cannot be read */
    int err = errno;
    fclose(f);
    xsignal3(rt, Qfile_error, make_cstring(rt, "Read error"), make_cstring(rt, strerror(err)), path);
  }
  fclose(f);
  mval v = sequence_to_vector(rt, nreverse_list(rt, pieces));
  mval all = concat_strings(rt, (int)VECTOR_LENGTH(v), VECTOR_SLOTS(v));
  return NILP(pieces) ? make_unibyte_string(rt, "", 0) : all;
}

static mval Fread_file_bytes(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return read_bytes(rt, a[0]);
}

/* Writes BYTES to PATH: replacing it, appending (APPEND t), or from
   byte offset APPEND on (an integer); MUST_BE_NEW refuses an existing
   file. */
static void write_bytes(mrt *rt, mval path, mval bytes, mval append, bool must_be_new)
{
  const char *name = (const char *)XSTRING(path)->data;
  struct stat st;
  if (must_be_new && lstat(name, &st) == 0)
    xsignal2(rt, Qfile_already_exists, make_cstring(rt, "File exists"), path);
  int flags = O_WRONLY | O_CREAT | (must_be_new ? O_EXCL : 0) |
              (NILP(append) ? O_TRUNC : FIXNUMP(append) ? 0 : O_APPEND);
  int fd = open(name, flags, 0666);
  if (fd < 0) {
    int err = errno;
    mval type = err == EEXIST ? Qfile_already_exists : err == ENOENT ? Qfile_missing : Qfile_error;
    mrt_signal(rt, type, list3(rt, make_cstring(rt, "Opening output file"), make_cstring(rt, strerror(err)), path));
  }
  bool ok = !FIXNUMP(append) || lseek(fd, (off_t)XFIXNUM(append), SEEK_SET) >= 0;
  const uint8_t *p = XSTRING(bytes)->data;
  for (size_t left = (size_t)XSTRING(bytes)->nbytes; ok && left > 0;) {
    ssize_t put = write(fd, p, left);
    ok = put > 0;
    p += ok ? put : 0;
    left -= ok ? (size_t)put : 0;
  }
  ok &= close(fd) == 0;
  if (!ok)
    mrt_signal(rt, Qfile_error, list2(rt, make_cstring(rt, "Write error"), path));
}

/* Whether a file name handler for PATH (A[2] expanded), or else for a
   file name VISIT (A[4]), wrote the region (A as write-region has
   them); it is then visited as Emacs has it after the handler. */
static bool write_region_handled(mrt *rt, mval *a, mval path, mval *result)
{
  bool visiting = a[4] == Qt || STRINGP(a[4]);
  mval visit_name = STRINGP(a[4]) ? call1(rt, Qexpand_file_name, a[4]) : path;
  mval given[7] = { a[0], a[1], path, a[3], a[4], NILP(a[5]) ? visit_name : a[5], a[6] };
  if (!file_handler_call(rt, Qwrite_region, path, STRINGP(a[4]) ? visit_name : Qnil, 7, given, result))
    return false;
  if (visiting) {
    visit_file(rt, visit_name);
    call1(rt, intern(rt, "set-buffer-modified-p"), Qnil);
    note_saved_size(rt);
  }
  return true;
}

/* (write-region START END FILENAME &optional APPEND VISIT LOCKNAME
   MUSTBENEW): START nil writes the whole buffer, a string START that
   string.  VISIT t (or a file name) makes the buffer visit the file,
   unmodified.  As in Emacs, only an interactive session says "Wrote". */
static mval Fwrite_region(mrt *rt, int n, mval *a)
{
  struct buffer *b = cur(rt);
  mval text = STRINGP(a[0]) ? a[0]
              : NILP(a[0])  ? text_string(rt, b, 1, b->t->z + 1)
                            : buffer_substring(rt, a[0], a[1], false);
  CHECK_STRING(rt, a[2]);
  mval path = call1(rt, Qexpand_file_name, a[2]), handled;
  if (write_region_handled(rt, a, path, &handled))
    return handled;
  mval coding = call2(rt, intern(rt, "fns--coding-to-write"), text, STRINGP(a[0]) ? Qt : Qnil);
  mval bytes = call2(rt, intern(rt, "encode-coding-string"), text, coding);
  write_bytes(rt, path, bytes, a[3], !NILP(a[6]));
  bool visiting = a[4] == Qt || STRINGP(a[4]);
  if (visiting) {
    visit_file(rt, STRINGP(a[4]) ? call1(rt, intern(rt, "expand-file-name"), a[4]) : path);
    set_modtime(cur(rt), file_modtime(path));
    call1(rt, intern(rt, "set-buffer-modified-p"), Qnil);
    note_saved_size(rt);
  }
  if ((NILP(a[4]) || visiting) && NILP(find_symbol_value(rt, Qnoninteractive))) {
    const char *what = FIXNUMP(a[3]) ? "Updated %s" : NILP(a[3]) ? "Wrote %s" : "Added to %s";
    call2(rt, intern(rt, "message"), make_cstring(rt, what), path);
  }
  return Qnil;
}

static mval Fbuffer_file_name(mrt *rt, int n, mval *a)
{
  mval locals = XBUFFER(buffer_or_current(rt, a[0]))->locals, sym = per_buffer_symbol(rt, BUFFER_FILE_NAME);
  mval binding = local_binding(rt, sym, locals);
  mval v = CONSP(binding) ? XCDR(binding) : XSYMBOL(rt, sym)->value;
  return v == Qunbound ? Qnil : v;
}

/* ================================================================== */
/* Printing                                                           */
/* ================================================================== */

mval buffer_description(mrt *rt, mval obj)
{
  if (BUFFERP(obj))
    return live_p(obj) ? format2(rt, "#<buffer %s>", XBUFFER(obj)->name, Qnil)
                       : make_cstring(rt, "#<killed buffer>");
  struct marker *m = XMARKER(obj);
  if (NILP(m->buffer))
    return make_cstring(rt, m->insertion_type ? "#<marker (moves after insertion) in no buffer>" : "#<marker in no buffer>");
  const char *f = m->insertion_type ? "#<marker (moves after insertion) at %d in %s>" : "#<marker at %d in %s>";
  return format2(rt, f, make_fixnum(m->charpos), XBUFFER(m->buffer)->name);
}

/* Emacs's format-mode-line, which formats nothing and returns "" when
   there is no display to format for (Emacs in batch); marrow never has
   one, nor windows, so WINDOW must be nil. */
static mval Fformat_mode_line(mrt *rt, int n, mval *a)
{
  CHECK_TYPE(rt, NILP(a[2]), intern(rt, "windowp"), a[2]);
  CHECK_TYPE(rt, NILP(a[3]) || BUFFERP(a[3]), Qbufferp, a[3]);
  return rt->empty_unibyte;
}

/* ================================================================== */
/* Registration                                                       */
/* ================================================================== */

static const struct subr_def buffer_subrs[] = {
  { "current-buffer", Fcurrent_buffer, 0, 0 },
  { "set-buffer", Fset_buffer, 1, 1 },
  { "get-buffer", Fget_buffer, 1, 1 },
  { "get-buffer-create", Fget_buffer_create, 1, 2 },
  { "rename-buffer", Frename_buffer, 1, 2 },
  { "other-buffer", Fother_buffer, 0, 3 },
  { "buffer-base-buffer", Fbuffer_base_buffer, 0, 1 },
  { "make-indirect-buffer", Fmake_indirect_buffer, 2, 4 },
  { "buffer-line-statistics", Fbuffer_line_statistics, 0, 1 },
  { "generate-new-buffer-name", Fgenerate_new_buffer_name, 1, 2 },
  { "generate-new-buffer", Fgenerate_new_buffer, 1, 2 },
  { "buffer-name", Fbuffer_name, 0, 1 },
  { "buffer-list", Fbuffer_list, 0, 1 },
  { "bufferp", Fbufferp, 1, 1 },
  { "format-mode-line", Fformat_mode_line, 1, 4 },
  { "buffer-live-p", Fbuffer_live_p, 1, 1 },
  { "kill-buffer", Fkill_buffer, 0, 1 },
  { "undo-boundary", Fundo_boundary, 0, 0 },
  { "buffer-enable-undo", Fbuffer_enable_undo, 0, 1 },
  { "marrow--record-buffer", Frecord_buffer, 1, 1 },
  { "bury-buffer-internal", Fbury_buffer_internal, 1, 1 },
  { "buffer-modified-p", Fbuffer_modified_p, 0, 1 },
  { "buffer-swap-text", Fbuffer_swap_text, 1, 1 },
  { "set-buffer-modified-p", Fset_buffer_modified_p, 1, 1 },
  { "restore-buffer-modified-p", Frestore_buffer_modified_p, 1, 1 },
  { "recent-auto-save-p", Frecent_auto_save_p, 0, 0 },
  { "set-buffer-auto-saved", Fset_buffer_auto_saved, 0, 0 },
  { "marrow--auto-save-due-p", Fauto_save_due_p, 1, 1 },
  { "buffer-modified-tick", Fbuffer_modified_tick, 0, 1 },
  { "buffer-chars-modified-tick", Fbuffer_chars_modified_tick, 0, 1 },
  { "buffer-file-name", Fbuffer_file_name, 0, 1 },
  { "internal--restore-buffer", Frestore_buffer, 1, 1 },
  { "internal--save-excursion", Fsave_excursion_state, 0, 0 },
  { "internal--restore-excursion", Frestore_excursion, 1, 1 },
  { "internal--save-restriction", Fsave_restriction_state, 0, 0 },
  { "internal--restore-restriction", Frestore_restriction, 1, 1 },
  { "make-marker", Fmake_marker, 0, 0 },
  { "markerp", Fmarkerp, 1, 1 },
  { "point-marker", Fpoint_marker, 0, 0 },
  { "point-min-marker", Fpoint_min_marker, 0, 0 },
  { "point-max-marker", Fpoint_max_marker, 0, 0 },
  { "marker-position", Fmarker_position, 1, 1 },
  { "marker-buffer", Fmarker_buffer, 1, 1 },
  { "set-marker", Fset_marker, 2, 3 },
  { "move-marker", Fset_marker, 2, 3 },
  { "copy-marker", Fcopy_marker, 0, 2 },
  { "marker-insertion-type", Fmarker_insertion_type, 1, 1 },
  { "set-marker-insertion-type", Fset_marker_insertion_type, 2, 2 },
  { "insert", Finsert, 0, ARGS_MANY },
  { "insert-char", Finsert_char, 1, 3 },
  { "insert-before-markers", Finsert_before_markers, 0, ARGS_MANY },
  { "buffer-has-markers-at", Fbuffer_has_markers_at, 1, 1 },
  { "transpose-regions", Ftranspose_regions, 4, 5 },
  { "replace-buffer-contents", Freplace_buffer_contents, 1, 3 },
  { "translate-region-internal", Ftranslate_region_internal, 3, 3 },
  { "internal--replace-keeping-markers", Freplace_keeping_markers, 3, 3 },
  { "internal--case-replace", Fcase_replace, 3, 3 },
  { "position-bytes", Fposition_bytes, 1, 1 },
  { "byte-to-position", Fbyte_to_position, 1, 1 },
  { "insert-buffer-substring", Finsert_buffer_substring, 1, 3 },
  { "buffer-string", Fbuffer_string, 0, 0 },
  { "buffer-substring", Fbuffer_substring, 2, 2 },
  { "buffer-substring-no-properties", Fbuffer_substring_no_properties, 2, 2 },
  { "buffer-size", Fbuffer_size, 0, 1 },
  { "erase-buffer", Ferase_buffer, 0, 0 },
  { "delete-region", Fdelete_region, 2, 2 },
  { "delete-char", Fdelete_char, 1, 2 },
  { "point", Fpoint, 0, 0 },
  { "point-min", Fpoint_min, 0, 0 },
  { "point-max", Fpoint_max, 0, 0 },
  { "goto-char", Fgoto_char, 1, 1 },
  { "forward-char", Fforward_char, 0, 1 },
  { "backward-char", Fbackward_char, 0, 1 },
  { "bobp", Fbobp, 0, 0 },
  { "eobp", Feobp, 0, 0 },
  { "bolp", Fbolp, 0, 0 },
  { "eolp", Feolp, 0, 0 },
  { "set-buffer-multibyte", Fset_buffer_multibyte, 1, 1 },
  { "char-after", Fchar_after, 0, 1 },
  { "char-before", Fchar_before, 0, 1 },
  { "following-char", Ffollowing_char, 0, 0 },
  { "preceding-char", Fpreceding_char, 0, 0 },
  { "forward-line", Fforward_line, 0, 1 },
  { "beginning-of-line", Fbeginning_of_line, 0, 1 },
  { "end-of-line", Fend_of_line, 0, 1 },
  { "line-beginning-position", Fline_beginning_position, 0, 1 },
  { "line-end-position", Fline_end_position, 0, 1 },
  { "count-lines", Fcount_lines, 2, 3 },
  { "line-number-at-pos", Fline_number_at_pos, 0, 2 },
  { "current-column", Fcurrent_column, 0, 0 },
  { "narrow-to-region", Fnarrow_to_region, 2, 2 },
  { "widen", Fwiden, 0, 0 },
  { "re-search-forward", Fre_search_forward, 1, 4 },
  { "re-search-backward", Fre_search_backward, 1, 4 },
  { "posix-search-forward", Fposix_search_forward, 1, 4 },
  { "posix-search-backward", Fposix_search_backward, 1, 4 },
  { "posix-looking-at", Fposix_looking_at, 1, 1 },
  { "search-forward", Fsearch_forward, 1, 4 },
  { "search-backward", Fsearch_backward, 1, 4 },
  { "looking-at", Flooking_at, 1, 2 },
  { "looking-at-p", Flooking_at_p, 1, 1 },
  { "skip-chars-forward", Fskip_chars_forward, 1, 2 },
  { "skip-chars-backward", Fskip_chars_backward, 1, 2 },
  { "insert-file-contents", Finsert_file_contents, 1, 5 },
  { "insert-file-contents-literally", Finsert_file_contents_literally, 1, 5 },
  { "marrow--read-file-bytes", Fread_file_bytes, 1, 1 },
  { "write-region", Fwrite_region, 3, 7 },
  { "visited-file-modtime", Fvisited_file_modtime, 0, 0 },
  { "set-visited-file-modtime", Fset_visited_file_modtime, 0, 1 },
  { "verify-visited-file-modtime", Fverify_visited_file_modtime, 0, 1 },
};

static void mark_buffer_state(struct gc *g, void *ud)
{
  mrt *rt = ud;
  gc_mark(g, tag_ptr((char *)rt->buffers - sizeof(uint64_t), TAG_VECTORLIKE));
  gc_mark(g, rt->buffers->current);
  gc_mark(g, rt->buffers->live);
  gc_mark(g, rt->buffers->initial_values);
  gc_mark(g, rt->buffers->symbols);
  gc_mark(g, rt->buffers->overlay_hooks);
  gc_mark(g, rt->buffers->undo_buffer);
}

static mval read_text(mrt *rt, const char *text)
{
  return XCAR(read_from_string(rt, make_cstring(rt, text), Qnil, Qnil));
}

/* Special variables, with a value each (the one they have if any). */
static void define_per_buffer_vars(mrt *rt)
{
  state(rt)->initial_values = make_vector(rt, IN_EVERY_BUFFER, Qnil);
  state(rt)->symbols = make_vector(rt, IN_EVERY_BUFFER, Qnil);
  for (int i = 0; i < IN_EVERY_BUFFER; i++) {
    mval sym = intern(rt, per_buffer_vars[i].name);
    gc_aset(rt->gc, state(rt)->symbols, i, sym);
    const char *init = per_buffer_vars[i].init;
    mval v = init ? read_text(rt, init) : find_symbol_value(rt, sym);
    defvar(rt, sym, v == Qunbound ? Qnil : v);
    gc_aset(rt->gc, state(rt)->initial_values, i, v == Qunbound ? Qnil : v);
    localize_variable(rt, sym);
    XSYMBOL(rt, sym)->in_every_buffer = 1;
    XSYMBOL(rt, sym)->local_if_set = 1;
  }
  size_t n = sizeof local_when_set_vars / sizeof local_when_set_vars[0];
  for (size_t i = 0; i < n; i++) {
    mval sym = intern(rt, local_when_set_vars[i].name);
    mval v = find_symbol_value(rt, sym);
    defvar(rt, sym, v == Qunbound ? read_text(rt, local_when_set_vars[i].init) : v);
    localize_variable(rt, sym);
    XSYMBOL(rt, sym)->local_if_set = 1;
  }
}

void buffer_init(mrt *rt)
{
  /* The state lives in the heap, so runtime_close frees it. */
  size_t words = 1 + (sizeof(struct buffer_state) + 7) / 8;
  mval obj = gc_vectorlike(rt->gc, PVEC_OPAQUE, words, 0);
  rt->buffers = (struct buffer_state *)(XVL(obj)->slots);
  rt->buffers->current = rt->buffers->live = rt->buffers->initial_values = Qnil;
  rt->buffers->overlay_hooks = rt->buffers->symbols = rt->buffers->undo_buffer = Qnil;
  gc_add_roots(rt->gc, mark_buffer_state, rt);
  gc_set_finalizer(rt->gc, PVEC_BUFFER, buffer_finalize, NULL);
  gc_set_finalizer(rt->gc, PVEC_MARKER, marker_finalize, NULL);
  gc_set_before_collect(rt->gc, trim_undo_lists, rt);
  defsubrs(rt, buffer_subrs, sizeof buffer_subrs / sizeof buffer_subrs[0]);
  if (NILP(get_prop(rt, Qend_of_buffer, Qerror_conditions)))
    define_error(rt, Qend_of_buffer, "End of buffer", Qerror);
  if (NILP(get_prop(rt, Qsearch_failed, Qerror_conditions)))
    define_error(rt, Qsearch_failed, "Search failed", Qerror);
  if (NILP(get_prop(rt, Qbuffer_read_only, Qerror_conditions)))
    define_error(rt, Qbuffer_read_only, "Buffer is read-only", Qerror);
  /* Signalled from Lisp (simple.el, and code ported from Emacs) */
  define_error(rt, Qtext_read_only, "Text is read-only", Qbuffer_read_only);
  define_error(rt, intern(rt, "scan-error"), "Scan error", Qerror);
  define_per_buffer_vars(rt);
  const mval hooks[] = {Qkill_buffer_hook, Qkill_buffer_query_functions, Qbuffer_list_update_hook,
                        Qbefore_change_functions, Qafter_change_functions, Qfirst_change_hook,
                        Qinhibit_modification_hooks, Qinhibit_read_only};
  for (size_t i = 0; i < sizeof hooks / sizeof hooks[0]; i++)
    defvar(rt, hooks[i], Qnil);
  defvar(rt, Qkill_buffer_delete_auto_save_files, Qnil);
  defvar(rt, intern(rt, "after-insert-file-functions"), Qnil);
  make_current(rt, make_buffer(rt, make_cstring(rt, "*scratch*")));
  make_buffer(rt, make_cstring(rt, " *Minibuf-0*")); /* window.c's minibuffer window shows it */
  make_buffer(rt, make_cstring(rt, "*Messages*"));
}
