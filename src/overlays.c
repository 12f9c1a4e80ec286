/*
** overlays.c -- layer 5: overlays (see overlays.h for the representation).
**
** Invariants of this module:
**   - An overlay is in its buffer's overlays list exactly while its
**     markers point into that buffer; a deleted overlay's markers point
**     nowhere and it is in no list.
**   - Its start is never after its end: the positions are put in order
**     when it is made or moved, and an insertion that pushes an
**     advancing start past the end makes it empty (Emacs's
**     fix_start_end_in_overlays).
**   - A buffer without overlays pays one nil test per insertion and
**     deletion.
**
** Known differences from Emacs 28:
**   - No windows: the `window' property is not looked at.
**   - overlay-lists gives all the overlays in its car (there is no
**     overlay center), and overlay-recenter does nothing.
*/
#include "config.h"

#include "overlays.h"
#include "eval.h"
#include "fns.h"
#include "printer.h"
#include "textprop.h"

static mval bool_val(bool b) { return b ? Qt : Qnil; }

static bool live(mval buffer) { return !NILP(XBUFFER(buffer)->name); }

static mval check_overlay(mrt *rt, mval x)
{
  CHECK_TYPE(rt, OVERLAYP(x), intern(rt, "overlayp"), x);
  return x;
}

static int64_t start_of(mval ov) { return XMARKER(XOVERLAY(ov)->start)->charpos; }
static int64_t end_of(mval ov) { return XMARKER(XOVERLAY(ov)->end)->charpos; }
static mval buffer_of(mval ov) { return XMARKER(XOVERLAY(ov)->start)->buffer; }

static void set_overlays(mrt *rt, mval buffer, mval list)
{
  GC_STORE(rt->gc, buffer, XBUFFER(buffer)->overlays, list);
}

/* ================================================================== */
/* Where an overlay is                                                */
/* ================================================================== */

/* A bound of an overlay in BUFFER: a position, or a marker there. */
static int64_t bound(mrt *rt, mval x, mval buffer)
{
  if (MARKERP(x) && XMARKER(x)->buffer != buffer)
    xsignal2(rt, Qerror, make_cstring(rt, "Marker points into wrong buffer"), x);
  return buffer_position_of(rt, x);
}

static void detach(mrt *rt, mval ov)
{
  mval buffer = buffer_of(ov);
  if (NILP(buffer))
    return;
  set_overlays(rt, buffer, list_delq(rt, ov, XBUFFER(buffer)->overlays));
  buffer_unchain_marker(rt, XOVERLAY(ov)->start);
  buffer_unchain_marker(rt, XOVERLAY(ov)->end);
}

static bool evaporates(mrt *rt, mval ov);

/* Puts OV over [BEG, END] (either order) of live BUFFER, clipped to the
   whole text, keeping its markers' insertion types. */
static void place(mrt *rt, mval ov, mval buffer, int64_t beg, int64_t end)
{
  struct overlay *o = XOVERLAY(ov);
  if (buffer_of(ov) != buffer) {
    detach(rt, ov);
    set_overlays(rt, buffer, Fcons(rt, ov, XBUFFER(buffer)->overlays));
  }
  buffer_set_marker(rt, o->start, buffer, beg < end ? beg : end);
  buffer_set_marker(rt, o->end, buffer, beg < end ? end : beg);
  if (start_of(ov) == end_of(ov) && evaporates(rt, ov))
    detach(rt, ov);
}

/* (make-overlay BEG END &optional BUFFER FRONT-ADVANCE REAR-ADVANCE); in
   a dead buffer it fails as Emacs's does, its markers pointing nowhere. */
static mval Fmake_overlay(mrt *rt, int n, mval *a)
{
  mval buffer = NILP(a[2]) ? current_buffer(rt) : a[2];
  CHECK_TYPE(rt, BUFFERP(buffer), Qbufferp, buffer);
  int64_t beg = bound(rt, a[0], buffer), end = bound(rt, a[1], buffer);
  if (!live(buffer))
    mrt_error(rt, "Marker does not point anywhere");
  mval start = buffer_marker(rt, buffer, beg < end ? beg : end);
  mval stop = buffer_marker(rt, buffer, beg < end ? end : beg);
  XMARKER(start)->insertion_type = !NILP(a[3]);
  XMARKER(stop)->insertion_type = !NILP(a[4]);
  size_t words = (sizeof(struct overlay) + 7) / 8;
  mval ov = gc_vectorlike(rt->gc, PVEC_OVERLAY, words, OVERLAY_NLISP);
  GC_STORE(rt->gc, ov, XOVERLAY(ov)->start, start);
  GC_STORE(rt->gc, ov, XOVERLAY(ov)->end, stop);
  set_overlays(rt, buffer, Fcons(rt, ov, XBUFFER(buffer)->overlays));
  return ov;
}

/* (move-overlay OVERLAY BEG END &optional BUFFER) */
static mval Fmove_overlay(mrt *rt, int n, mval *a)
{
  mval ov = check_overlay(rt, a[0]);
  mval buffer = !NILP(a[3]) ? a[3] : !NILP(buffer_of(ov)) ? buffer_of(ov) : current_buffer(rt);
  CHECK_TYPE(rt, BUFFERP(buffer), Qbufferp, buffer);
  if (!live(buffer))
    mrt_error(rt, "Attempt to move overlay to a dead buffer");
  place(rt, ov, buffer, bound(rt, a[1], buffer), bound(rt, a[2], buffer));
  return ov;
}

static mval Fdelete_overlay(mrt *rt, int n, mval *a)
{
  detach(rt, check_overlay(rt, a[0]));
  return Qnil;
}

void overlays_delete_all(mrt *rt, mval buffer)
{
  while (CONSP(XBUFFER(buffer)->overlays))
    detach(rt, XCAR(XBUFFER(buffer)->overlays));
}

/* (delete-all-overlays &optional BUFFER) */
static mval Fdelete_all_overlays(mrt *rt, int n, mval *a)
{
  overlays_delete_all(rt, buffer_or_current(rt, a[0]));
  return Qnil;
}

static mval position_or_nil(mrt *rt, mval marker)
{
  return NILP(XMARKER(marker)->buffer) ? Qnil : make_fixnum(XMARKER(marker)->charpos);
}

static mval Foverlay_start(mrt *rt, int n, mval *a) { return position_or_nil(rt, XOVERLAY(check_overlay(rt, a[0]))->start); }
static mval Foverlay_end(mrt *rt, int n, mval *a) { return position_or_nil(rt, XOVERLAY(check_overlay(rt, a[0]))->end); }
static mval Foverlay_buffer(mrt *rt, int n, mval *a) { return buffer_of(check_overlay(rt, a[0])); }
static mval Foverlayp(mrt *rt, int n, mval *a) { return bool_val(OVERLAYP(a[0])); }

/* ================================================================== */
/* Properties                                                         */
/* ================================================================== */

/* OV's PROP: its plist's, else its category symbol's, as Emacs. */
static mval property(mrt *rt, mval ov, mval prop) { return textprop_overlay_get(rt, XOVERLAY(ov)->plist, prop); }

static bool evaporates(mrt *rt, mval ov) { return !NILP(property(rt, ov, Qevaporate)); }

static mval Foverlay_get(mrt *rt, int n, mval *a) { return property(rt, check_overlay(rt, a[0]), a[1]); }

/* (overlay-put OVERLAY PROP VALUE): changed in place, or new in front;
   an empty overlay given a true `evaporate' goes. */
static mval Foverlay_put(mrt *rt, int n, mval *a)
{
  mval ov = check_overlay(rt, a[0]);
  bool found = false;
  for (mval l = XOVERLAY(ov)->plist; CONSP(l) && CONSP(XCDR(l)) && !found; l = XCDR(XCDR(l)))
    if (XCAR(l) == a[1]) {
      gc_setcar(rt->gc, XCDR(l), a[2]);
      found = true;
    }
  if (!found)
    GC_STORE(rt->gc, ov, XOVERLAY(ov)->plist, Fcons(rt, a[1], Fcons(rt, a[2], XOVERLAY(ov)->plist)));
  if (a[1] == Qevaporate && !NILP(a[2]) && !NILP(buffer_of(ov)) && start_of(ov) == end_of(ov))
    detach(rt, ov);
  return a[2];
}

static mval Foverlay_properties(mrt *rt, int n, mval *a)
{
  mval rev = Qnil;
  for (mval l = XOVERLAY(check_overlay(rt, a[0]))->plist; CONSP(l); l = XCDR(l))
    rev = Fcons(rt, XCAR(l), rev);
  return nreverse_list(rt, rev);
}

/* ---- Priorities ---- */

/* OV's priority: the `priority' property's integer, or the car of a
   (PRIMARY . SECONDARY) pair; SECONDARY likewise, 0 by default. */
static int64_t priority(mrt *rt, mval ov, bool secondary)
{
  mval p = property(rt, ov, Qpriority);
  if (CONSP(p))
    p = secondary ? XCDR(p) : XCAR(p);
  else if (secondary)
    p = Qnil;
  return FIXNUMP(p) ? XFIXNUM(p) : 0;
}

/* Whether A comes after B in Emacs's order of increasing priority: the
   greater priority, then, at equal ones, the overlay nested in the
   other (starting later, or ending sooner). */
static bool higher(mrt *rt, mval a, mval b)
{
  int64_t pa = priority(rt, a, false), pb = priority(rt, b, false);
  if (pa != pb)
    return pa > pb;
  if (start_of(a) != start_of(b))
    return start_of(a) > start_of(b);
  if (end_of(a) != end_of(b))
    return end_of(a) < end_of(b);
  return priority(rt, a, true) > priority(rt, b, true);
}

/* LIST sorted by decreasing priority (an insertion sort: overlays at
   one place are few). */
static mval by_priority(mrt *rt, mval list)
{
  mval v = sequence_to_vector(rt, list);
  int64_t n = VECTOR_LENGTH(v);
  for (int64_t i = 1; i < n; i++)
    for (int64_t j = i; j > 0 && higher(rt, AREF(v, j), AREF(v, j - 1)); j--) {
      mval t = AREF(v, j);
      gc_aset(rt->gc, v, j, AREF(v, j - 1));
      gc_aset(rt->gc, v, j - 1, t);
    }
  return listn(rt, (size_t)n, VECTOR_SLOTS(v));
}

/* ================================================================== */
/* Finding overlays                                                   */
/* ================================================================== */

static mval overlays_here(mrt *rt) { return XBUFFER(current_buffer(rt))->overlays; }

/* BUFFER's overlays holding the character at POS. */
static mval at(mrt *rt, mval buffer, int64_t pos)
{
  mval found = Qnil;
  for (mval l = XBUFFER(buffer)->overlays; CONSP(l); l = XCDR(l))
    if (start_of(XCAR(l)) <= pos && pos < end_of(XCAR(l)))
      found = Fcons(rt, XCAR(l), found);
  return found;
}

/* (overlays-at POS &optional SORTED) */
static mval Foverlays_at(mrt *rt, int n, mval *a)
{
  mval found = at(rt, current_buffer(rt), buffer_position_of(rt, a[0]));
  return NILP(a[1]) ? found : by_priority(rt, found);
}

/* (overlays-in BEG END): the overlays with text in [BEG, END), and the
   empty ones at BEG, inside, or at END when END is the accessible end. */
static mval Foverlays_in(mrt *rt, int n, mval *a)
{
  int64_t beg = buffer_position_of(rt, a[0]), end = buffer_position_of(rt, a[1]);
  bool end_is_zv = end == XBUFFER(current_buffer(rt))->zv;
  mval found = Qnil;
  for (mval l = overlays_here(rt); CONSP(l); l = XCDR(l)) {
    int64_t s = start_of(XCAR(l)), e = end_of(XCAR(l));
    if ((beg < e && s < end) || (s == e && (beg == e || (end_is_zv && e == end))))
      found = Fcons(rt, XCAR(l), found);
  }
  return found;
}

/* (next-overlay-change POS): the first start or end after POS, or the
   accessible end. */
static mval Fnext_overlay_change(mrt *rt, int n, mval *a)
{
  int64_t pos = buffer_position_of(rt, a[0]), next = XBUFFER(current_buffer(rt))->zv;
  for (mval l = overlays_here(rt); CONSP(l); l = XCDR(l)) {
    int64_t s = start_of(XCAR(l)), e = end_of(XCAR(l));
    if (s > pos && s < next)
      next = s;
    else if (e > pos && e < next)
      next = e;
  }
  return make_fixnum(next);
}

/* (previous-overlay-change POS): the last start or end before POS, or
   the accessible beginning. */
static mval Fprevious_overlay_change(mrt *rt, int n, mval *a)
{
  int64_t pos = buffer_position_of(rt, a[0]), prev = XBUFFER(current_buffer(rt))->begv;
  for (mval l = overlays_here(rt); CONSP(l); l = XCDR(l)) {
    int64_t s = start_of(XCAR(l)), e = end_of(XCAR(l));
    if (e < pos && e > prev)
      prev = e;
    else if (s < pos && s > prev)
      prev = s;
  }
  return make_fixnum(prev);
}

static mval Foverlay_lists(mrt *rt, int n, mval *a)
{
  mval all = Qnil;
  for (mval l = overlays_here(rt); CONSP(l); l = XCDR(l))
    all = Fcons(rt, XCAR(l), all);
  return Fcons(rt, all, Qnil);
}

static mval Foverlay_recenter(mrt *rt, int n, mval *a)
{
  buffer_position_of(rt, a[0]);
  return Qnil;
}

/* (next-char-property-change POSITION &optional LIMIT): the next text
   property change or overlay bound after POSITION in the current
   buffer, looking no further than LIMIT. */
static mval Fnext_char_property_change(mrt *rt, int n, mval *a)
{
  mval stop = Fnext_overlay_change(rt, 1, a);
  if (!NILP(a[1]) && buffer_position_of(rt, a[1]) < XFIXNUM(stop))
    stop = make_fixnum(buffer_position_of(rt, a[1]));
  return call3(rt, intern(rt, "next-property-change"), a[0], Qnil, stop);
}

/* (previous-char-property-change POSITION &optional LIMIT) */
static mval Fprevious_char_property_change(mrt *rt, int n, mval *a)
{
  mval stop = Fprevious_overlay_change(rt, 1, a);
  if (!NILP(a[1]) && buffer_position_of(rt, a[1]) > XFIXNUM(stop))
    stop = make_fixnum(buffer_position_of(rt, a[1]));
  return call3(rt, intern(rt, "previous-property-change"), a[0], Qnil, stop);
}

/* The overlay of highest priority holding POS in BUFFER that gives PROP
   a value, or nil. */
static mval overlay_giving(mrt *rt, mval buffer, int64_t pos, mval prop)
{
  for (mval l = by_priority(rt, at(rt, buffer, pos)); CONSP(l); l = XCDR(l))
    if (!NILP(property(rt, XCAR(l), prop)))
      return XCAR(l);
  return Qnil;
}

/* (get-char-property-and-overlay POSITION PROP &optional OBJECT):
   (VALUE . OVERLAY), where in a buffer VALUE is PROP's value in the
   overlay of highest priority at POSITION that has one, else the text
   property's, with OVERLAY nil. */
static mval Fget_char_property_and_overlay(mrt *rt, int n, mval *a)
{
  if (NILP(a[2]) || BUFFERP(a[2])) {
    mval buffer = buffer_or_current(rt, a[2]);
    int64_t pos = buffer_position_of(rt, a[0]);
    if (pos < XBUFFER(buffer)->begv || pos > XBUFFER(buffer)->zv)
      xsignal1(rt, Qargs_out_of_range, a[0]);
    mval ov = overlay_giving(rt, buffer, pos, a[1]);
    if (!NILP(ov))
      return Fcons(rt, property(rt, ov, a[1]), ov);
  }
  return Fcons(rt, call3(rt, intern(rt, "get-text-property"), a[0], a[1], a[2]), Qnil);
}

bool overlays_char_property_p(mrt *rt, int64_t pos, mval prop)
{
  struct buffer *b = XBUFFER(current_buffer(rt));
  for (mval l = b->overlays; CONSP(l); l = XCDR(l))
    if (start_of(XCAR(l)) <= pos && pos < end_of(XCAR(l)) && !NILP(property(rt, XCAR(l), prop)))
      return true;
  return !NILP(textprop_get(rt, textprop_plist_lookup(rt, buffer_text_owner(b)->intervals, pos - 1), prop));
}

/* (get-char-property POSITION PROP &optional OBJECT) */
static mval Fget_char_property(mrt *rt, int n, mval *a)
{
  return XCAR(Fget_char_property_and_overlay(rt, n, a));
}

/* ================================================================== */
/* Text changes, printing, equality                                   */
/* ================================================================== */

void overlays_after_insert(struct buffer *b)
{
  for (mval l = b->overlays; CONSP(l); l = XCDR(l))
    if (start_of(XCAR(l)) > end_of(XCAR(l)))
      XMARKER(XOVERLAY(XCAR(l))->start)->charpos = end_of(XCAR(l));
}

void overlays_after_delete(mrt *rt, mval buffer, int64_t pos)
{
  mval doomed = Qnil;
  for (mval l = XBUFFER(buffer)->overlays; CONSP(l); l = XCDR(l))
    if (start_of(XCAR(l)) == pos && end_of(XCAR(l)) == pos && evaporates(rt, XCAR(l)))
      doomed = Fcons(rt, XCAR(l), doomed);
  for (; CONSP(doomed); doomed = XCDR(doomed))
    detach(rt, XCAR(doomed));
}

mval overlays_hooks_for(mrt *rt, int64_t start, int64_t end)
{
  mval due = Qnil;
  bool insertion = start == end;
  for (mval l = overlays_here(rt); CONSP(l); l = XCDR(l)) {
    mval ov = XCAR(l), f;
    int64_t s = start_of(ov), e = end_of(ov);
    if (insertion && (start == s || end == s) && !NILP(f = property(rt, ov, Qinsert_in_front_hooks)))
      due = Fcons(rt, Fcons(rt, f, ov), due);
    if (insertion && (start == e || end == e) && !NILP(f = property(rt, ov, Qinsert_behind_hooks)))
      due = Fcons(rt, Fcons(rt, f, ov), due);
    if (end > s && start < e && !NILP(f = property(rt, ov, Qmodification_hooks)))
      due = Fcons(rt, Fcons(rt, f, ov), due);
  }
  return nreverse_list(rt, due);
}

void overlays_run_hooks(mrt *rt, mval hooks, bool after, int64_t beg, int64_t end, int64_t old_len)
{
  for (; CONSP(hooks); hooks = XCDR(hooks)) {
    mval ov = XCDR(XCAR(hooks));
    if (buffer_of(ov) != current_buffer(rt))
      continue;
    for (mval f = XCAR(XCAR(hooks)); CONSP(f); f = XCDR(f)) {
      mval args[5] = { ov, after ? Qt : Qnil, make_fixnum(beg), make_fixnum(end), make_fixnum(old_len) };
      funcall(rt, XCAR(f), after ? 5 : 4, args);
    }
  }
}

mval overlay_description(mrt *rt, mval ov)
{
  mval buffer = buffer_of(ov);
  if (NILP(buffer))
    return make_cstring(rt, "#<overlay in no buffer>");
  mval args[4] = { make_cstring(rt, "#<overlay from %d to %d in %s>"), make_fixnum(start_of(ov)),
                   make_fixnum(end_of(ov)), XBUFFER(buffer)->name };
  return format_string(rt, 4, args);
}

bool overlays_equal(mrt *rt, mval a, mval b)
{
  return OVERLAYP(b) && buffer_of(a) == buffer_of(b) &&
         (NILP(buffer_of(a)) || (start_of(a) == start_of(b) && end_of(a) == end_of(b))) &&
         mrt_equal(rt, XOVERLAY(a)->plist, XOVERLAY(b)->plist);
}

/* Whether text inserted at POS would be inside overlay OV: its ends'
   insertion types say which way they move (make-overlay's
   FRONT-ADVANCE and REAR-ADVANCE). */
static bool takes_insertion_at(mval ov, int64_t pos)
{
  int64_t s = start_of(ov), e = end_of(ov);
  bool start_before = s < pos || (s == pos && !XMARKER(XOVERLAY(ov)->start)->insertion_type);
  bool end_after = pos < e || (e == pos && XMARKER(XOVERLAY(ov)->end)->insertion_type);
  return start_before && end_after;
}

/* (marrow--overlay-pos-property POSITION PROP): (VALUE) from the
   overlay of highest priority with a non-nil PROP that text inserted
   at POSITION would be in, or nil; get-pos-property's overlay half
   (lisp/textprops.el has the text property half). */
static mval Fmarrow__overlay_pos_property(mrt *rt, int n, mval *a)
{
  mval buffer = current_buffer(rt);
  int64_t pos = buffer_position_of(rt, a[0]);
  mval found = Qnil;
  for (mval l = XBUFFER(buffer)->overlays; CONSP(l); l = XCDR(l))
    if (takes_insertion_at(XCAR(l), pos) && !NILP(property(rt, XCAR(l), a[1])))
      found = Fcons(rt, XCAR(l), found);
  if (NILP(found))
    return Qnil;
  return list1(rt, property(rt, XCAR(by_priority(rt, found)), a[1]));
}

static const struct subr_def overlays_subrs[] = {
  { "marrow--overlay-pos-property", Fmarrow__overlay_pos_property, 2, 2 },
  { "make-overlay", Fmake_overlay, 2, 5 },
  { "move-overlay", Fmove_overlay, 3, 4 },
  { "delete-overlay", Fdelete_overlay, 1, 1 },
  { "delete-all-overlays", Fdelete_all_overlays, 0, 1 },
  { "overlay-start", Foverlay_start, 1, 1 },
  { "overlay-end", Foverlay_end, 1, 1 },
  { "overlay-buffer", Foverlay_buffer, 1, 1 },
  { "overlayp", Foverlayp, 1, 1 },
  { "overlay-get", Foverlay_get, 2, 2 },
  { "overlay-put", Foverlay_put, 3, 3 },
  { "overlay-properties", Foverlay_properties, 1, 1 },
  { "overlays-at", Foverlays_at, 1, 2 },
  { "overlays-in", Foverlays_in, 2, 2 },
  { "next-overlay-change", Fnext_overlay_change, 1, 1 },
  { "previous-overlay-change", Fprevious_overlay_change, 1, 1 },
  { "overlay-lists", Foverlay_lists, 0, 0 },
  { "overlay-recenter", Foverlay_recenter, 1, 1 },
  { "get-char-property", Fget_char_property, 2, 3 },
  { "get-char-property-and-overlay", Fget_char_property_and_overlay, 2, 3 },
  { "next-char-property-change", Fnext_char_property_change, 1, 2 },
  { "previous-char-property-change", Fprevious_char_property_change, 1, 2 },
};

void overlays_init(mrt *rt)
{
  defsubrs(rt, overlays_subrs, sizeof overlays_subrs / sizeof overlays_subrs[0]);
}
