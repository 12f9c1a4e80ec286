/* overlays.h -- layer 5: overlays, as Emacs 28's: a stretch of a buffer
   between two markers, with a property list.

   An overlay is a PVEC_OVERLAY vector-like of three Lisp slots: its
   start and end markers (pointing nowhere once it is deleted) and its
   plist.  A buffer lists its overlays in its overlays slot (buffer.h);
   the markers move them with the text, the start one advancing over
   insertions at it when the overlay was made FRONT-ADVANCE, the end one
   when REAR-ADVANCE. */
#ifndef MARROW_OVERLAYS_H
#define MARROW_OVERLAYS_H

#include "buffer.h"

struct overlay {
  uint64_t header;
  const mval start, end; /* markers */
  const mval plist;
};
#define OVERLAY_NLISP 3

static inline bool OVERLAYP(mval x) { return PVECP(x, PVEC_OVERLAY); }
static inline struct overlay *XOVERLAY(mval x) { return (struct overlay *)untag(x); }

/* Defines this module's primitives in RT. */
void overlays_init(mrt *rt);

/* What buffer.c tells the overlays of buffer B: text was inserted (an
   overlay whose start advanced past its end becomes empty), text was
   deleted at POS (the empty ones there with `evaporate' go), the buffer
   is being killed (all go). */
void overlays_after_insert(struct buffer *b);
void overlays_after_delete(mrt *rt, mval buffer, int64_t pos);
void overlays_delete_all(mrt *rt, mval buffer);

/* Whether (get-char-property POS PROP) is non-nil in the current
   buffer, POS inside its accessible part; asked without consing, for
   the line functions, which ask at every call whether a field is near. */
bool overlays_char_property_p(mrt *rt, int64_t pos, mval prop);

/* Before a change of [START, END) of the current buffer (an insertion
   when they are equal): the overlay hooks due, as a list of (FUNCTIONS
   . OVERLAY), for overlays_run_hooks now and after the change, as
   Emacs's report_overlay_modification calls the same ones both times. */
mval overlays_hooks_for(mrt *rt, int64_t start, int64_t end);
/* Calls them with (OVERLAY AFTER BEG END) before, (OVERLAY t BEG END
   OLD-LEN) after, for the overlays still in the current buffer. */
void overlays_run_hooks(mrt *rt, mval hooks, bool after, int64_t beg, int64_t end, int64_t old_len);

/* #<overlay from START to END in NAME>, or #<overlay in no buffer>. */
mval overlay_description(mrt *rt, mval overlay);
/* Whether overlays A and B are equal: the same bounds and equal plists. */
bool overlays_equal(mrt *rt, mval a, mval b);

#endif
