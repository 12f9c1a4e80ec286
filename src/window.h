/* window.h -- layer 5: windows and the one frame, as batch Emacs 28 has
   them: a terminal frame F1 of 80x25 with a root window and a
   minibuffer window.

   A window, a frame and a window configuration are vector-likes of Lisp
   slots only (indices below), so the collector marks them as vectors
   and every store goes through the write barrier.  The C side owns
   their types, printing, numbering and the frame (rt->frame, a root);
   lisp/window.el does the rest through marrow--window-slot and
   marrow--set-window-slot, the indices being the same there. */
#ifndef MARROW_WINDOW_H
#define MARROW_WINDOW_H

#include "runtime.h"

enum window_slot {
  W_FRAME, W_BUFFER, W_PARENT,
  W_CHILDREN,   /* internal windows: the children, in order */
  W_HORIZONTAL, /* t when the children are side by side */
  W_POINTM, W_STARTM, /* markers in the buffer shown */
  W_NUMBER, W_LINES, W_COLS, W_TOP, W_LEFT,
  W_DEDICATED, W_PARAMETERS, W_PREV_BUFFERS, W_NEXT_BUFFERS,
  W_MINI,       /* t for the minibuffer window */
  W_VALID,      /* t until deleted */
  W_USE_TIME,
  W_NSLOTS
};

enum frame_slot {
  F_NAME, F_ROOT, F_MINI, F_SELECTED, F_PARAMETERS,
  F_WINDOW_COUNT, /* the number of windows made so far */
  F_USE_COUNT,    /* the last use time given */
  F_NSLOTS
};

static inline bool WINDOWP(mval x) { return PVECP(x, PVEC_WINDOW); }
static inline bool FRAMEP(mval x) { return PVECP(x, PVEC_FRAME); }

/* Makes the frame and its two windows; after buffer_init. */
void window_init(mrt *rt);

/* Whether an ordinary window of the frame shows BUFFER. */
bool window_shows_buffer(mrt *rt, mval buffer);

/* #<window N on NAME>, #<window N>, #<frame F1 0x...>,
   #<window-configuration>. */
mval window_description(mrt *rt, mval obj);

#endif
