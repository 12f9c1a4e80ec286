/*
** window.c -- layer 5: window, frame and window-configuration objects
** (see window.h for the representation).
**
** Invariants of this module:
**   - There is one frame, rt->frame, made at start and never deleted,
**     as in batch Emacs; its root and minibuffer windows always exist.
**   - Every slot is a Lisp slot, stored with gc_aset (fixnums with
**     ASET_FIXNUM), so the objects need no finalizer and no root of
**     their own: what the frame does not reach, no window needs.
**   - Window numbers are given in order of making, internal windows
**     included, as Emacs's sequence_number.
*/
#include "config.h"

#include <stdio.h>

#include "window.h"
#include "buffer.h"
#include "eval.h"
#include "printer.h"
#include "reader.h"

static mval bool_val(bool b) { return b ? Qt : Qnil; }

static mval slot(mval obj, int i) { return XVL(obj)->slots[i]; }

static mval new_object(mrt *rt, enum pvec_type type, size_t nslots)
{
  return gc_vectorlike(rt->gc, type, 1 + nslots, nslots);
}

/* A window of the frame numbered next, every other slot nil. */
static mval make_window(mrt *rt)
{
  mval frame = rt->frame;
  mval w = new_object(rt, PVEC_WINDOW, W_NSLOTS);
  int64_t n = XFIXNUM(slot(frame, F_WINDOW_COUNT)) + 1;
  ASET_FIXNUM(frame, F_WINDOW_COUNT, make_fixnum(n));
  ASET_FIXNUM(w, W_NUMBER, make_fixnum(n));
  gc_aset(rt->gc, w, W_FRAME, frame);
  gc_aset(rt->gc, w, W_VALID, Qt);
  return w;
}

/* The window of LINES x 80 at line TOP, showing BUFFER from its start. */
static mval leaf(mrt *rt, mval buffer, int64_t lines, int64_t top)
{
  mval w = make_window(rt);
  gc_aset(rt->gc, w, W_BUFFER, buffer);
  gc_aset(rt->gc, w, W_POINTM, buffer_marker(rt, buffer, 1));
  gc_aset(rt->gc, w, W_STARTM, buffer_marker(rt, buffer, 1));
  ASET_FIXNUM(w, W_LINES, make_fixnum(lines));
  ASET_FIXNUM(w, W_COLS, make_fixnum(80));
  ASET_FIXNUM(w, W_TOP, make_fixnum(top));
  ASET_FIXNUM(w, W_LEFT, make_fixnum(0));
  ASET_FIXNUM(w, W_USE_TIME, make_fixnum(0));
  return w;
}

/* Batch Emacs's F1 parameters, which nothing here changes but
   modify-frame-parameters. */
static const char frame_parameters[] =
  "((tab-bar-lines . 0) (menu-bar-lines . 1) (buried-buffer-list)"
  " (buffer-list) (unsplittable) (modeline . t) (width . 80) (height . 25)"
  " (name . \"F1\") (font . \"tty\") (background-color . \"unspecified-bg\")"
  " (foreground-color . \"unspecified-fg\") (background-mode . dark)"
  " (display-type . mono) (minibuffer . t))";

static void mark_frame(struct gc *g, void *ud)
{
  gc_mark(g, ((mrt *)ud)->frame);
}

/* The slots are open to Lisp (marrow--set-window-slot), so the walk
   checks what it follows and gives up after VISITS windows (a tree
   made into a cycle). */
static bool shows(mval w, mval buffer, int *visits)
{
  if (!WINDOWP(w) || --*visits < 0)
    return false;
  if (slot(w, W_BUFFER) == buffer)
    return true;
  for (mval l = slot(w, W_CHILDREN); CONSP(l); l = XCDR(l))
    if (shows(XCAR(l), buffer, visits))
      return true;
  return false;
}

bool window_shows_buffer(mrt *rt, mval buffer)
{
  int visits = 10000; /* far more than a frame of 80x25 can hold */
  return FRAMEP(rt->frame) && shows(slot(rt->frame, F_ROOT), buffer, &visits);
}

/* (format F A B) */
static mval format2(mrt *rt, const char *f, mval a, mval b)
{
  mval args[3] = { make_cstring(rt, f), a, b };
  return format_string(rt, 3, args);
}

mval window_description(mrt *rt, mval obj)
{
  char text[64];
  if (FRAMEP(obj)) {
    snprintf(text, sizeof text, "%p", (void *)untag(obj));
    return format2(rt, "#<frame %s %s>", slot(obj, F_NAME), make_cstring(rt, text));
  }
  if (!WINDOWP(obj))
    return make_cstring(rt, "#<window-configuration>");
  mval buffer = slot(obj, W_BUFFER);
  if (!BUFFERP(buffer))
    return format2(rt, "#<window %d>", slot(obj, W_NUMBER), Qnil);
  return format2(rt, "#<window %d on %s>", slot(obj, W_NUMBER), XBUFFER(buffer)->name);
}

/* ================================================================== */
/* Primitives                                                         */
/* ================================================================== */

static mval Fwindowp(mrt *rt, int n, mval *a) { return bool_val(WINDOWP(a[0])); }
static mval Fframep(mrt *rt, int n, mval *a) { return bool_val(FRAMEP(a[0])); }
static mval Fselected_frame(mrt *rt, int n, mval *a) { return rt->frame; }
static mval Fframe_list(mrt *rt, int n, mval *a) { return list1(rt, rt->frame); }

static mval Fwindow_configuration_p(mrt *rt, int n, mval *a)
{
  return bool_val(PVECP(a[0], PVEC_WINDOW_CONFIGURATION));
}

static mval Fmake_window(mrt *rt, int n, mval *a) { return make_window(rt); }

static mval Fmake_window_configuration(mrt *rt, int n, mval *a)
{
  mval c = new_object(rt, PVEC_WINDOW_CONFIGURATION, 1);
  gc_aset(rt->gc, c, 0, a[0]);
  return c;
}

/* The slot I of OBJ, a window, frame or configuration, checked. */
static mval *checked_slot(mrt *rt, mval obj, mval i)
{
  int64_t size = WINDOWP(obj) ? W_NSLOTS : FRAMEP(obj) ? F_NSLOTS
               : PVECP(obj, PVEC_WINDOW_CONFIGURATION) ? 1 : 0;
  CHECK_TYPE(rt, size > 0, intern(rt, "windowp"), obj);
  CHECK_TYPE(rt, FIXNUMP(i), Qfixnump, i);
  if (XFIXNUM(i) < 0 || XFIXNUM(i) >= size)
    args_out_of_range(rt, obj, i);
  return (mval *)&XVL(obj)->slots[XFIXNUM(i)];
}

static mval Fwindow_slot(mrt *rt, int n, mval *a) { return *checked_slot(rt, a[0], a[1]); }

static mval Fset_window_slot(mrt *rt, int n, mval *a)
{
  checked_slot(rt, a[0], a[1]);
  /* The counts C reads stay numbers. */
  if ((WINDOWP(a[0]) && XFIXNUM(a[1]) == W_NUMBER) || (FRAMEP(a[0]) && XFIXNUM(a[1]) == F_WINDOW_COUNT))
    CHECK_FIXNUM(rt, a[2]);
  gc_aset(rt->gc, a[0], XFIXNUM(a[1]), a[2]);
  return a[2];
}

static const struct subr_def window_subrs[] = {
  { "windowp", Fwindowp, 1, 1 },
  { "framep", Fframep, 1, 1 },
  { "window-configuration-p", Fwindow_configuration_p, 1, 1 },
  { "selected-frame", Fselected_frame, 0, 0 },
  { "frame-list", Fframe_list, 0, 0 },
  { "marrow--make-window", Fmake_window, 0, 0 },
  { "marrow--make-window-configuration", Fmake_window_configuration, 1, 1 },
  { "marrow--window-slot", Fwindow_slot, 2, 2 },
  { "marrow--set-window-slot", Fset_window_slot, 3, 3 },
};
static const size_t window_nsubrs = sizeof window_subrs / sizeof window_subrs[0];

void window_init(mrt *rt)
{
  defsubrs(rt, window_subrs, window_nsubrs);
  rt->frame = Qnil;
  gc_add_roots(rt->gc, mark_frame, rt);
  mval frame = new_object(rt, PVEC_FRAME, F_NSLOTS);
  rt->frame = frame;
  ASET_FIXNUM(frame, F_WINDOW_COUNT, make_fixnum(0));
  ASET_FIXNUM(frame, F_USE_COUNT, make_fixnum(1));
  gc_aset(rt->gc, frame, F_NAME, make_cstring(rt, "F1"));
  mval params = read_from_string(rt, make_cstring(rt, frame_parameters), Qnil, Qnil);
  gc_aset(rt->gc, frame, F_PARAMETERS, XCAR(params));
  /* The frame's own buffer list, as Emacs keeps it: *scratch* so far. */
  for (mval l = XCAR(params); CONSP(l); l = XCDR(l))
    if (CONSP(XCAR(l)) && XCAR(XCAR(l)) == intern(rt, "buffer-list"))
      gc_setcdr(rt->gc, XCAR(l), list1(rt, current_buffer(rt)));
  mval root = leaf(rt, current_buffer(rt), 24, 0);
  ASET_FIXNUM(root, W_USE_TIME, make_fixnum(1));
  gc_aset(rt->gc, frame, F_ROOT, root);
  gc_aset(rt->gc, frame, F_SELECTED, root);
  mval minibuf = call1(rt, intern(rt, "get-buffer"), make_cstring(rt, " *Minibuf-0*"));
  mval mini = leaf(rt, minibuf, 1, 24);
  gc_aset(rt->gc, mini, W_MINI, Qt);
  gc_aset(rt->gc, frame, F_MINI, mini);
  /* Emacs's batch frame shows the hourglass; code may bind it. */
  defvar(rt, intern(rt, "display-hourglass"), Qt);
}
