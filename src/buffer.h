/*
** buffer.h -- layer 5: Emacs buffers: text with point, narrowing and
** markers, the current buffer, and the searches over buffer text.
**
** A buffer is a PVEC_BUFFER vector-like.  Its Lisp slots (name,
** local variables, text properties, overlays, base buffer) are marked
** as any vector-like's; the text (shared by an indirect buffer with its
** base, struct buffer_text) lives outside the
** heap in a gap buffer of multibyte (Emacs UTF-8) bytes, counted toward
** the collector's trigger (gc_x*) and freed when the buffer is killed
** or swept.  Positions are character positions from 1, as in Emacs;
** the byte offset of a position is found by walking from the nearest
** of the start, the end and a cached (position, byte) pair.
*/
#ifndef MARROW_BUFFER_H
#define MARROW_BUFFER_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT and makes
   *scratch* current. */
void buffer_init(mrt *rt);
/* At a safe point after a collection: undo-outer-limit-function for
   each buffer whose newest change the collection found too heavy. */
void buffer_run_undo_outer_limit(mrt *rt);

/* A buffer's text: bytes [0, gap) and [gap + gap_size, cap) of TEXT,
   Z characters.  A buffer has its own; an indirect buffer uses its
   base buffer's, which is also every indirect buffer's of that base. */
struct buffer_text {
  uint8_t *text;
  int64_t cap, gap, gap_size;
  int64_t z;
  int64_t cache_pos, cache_byte; /* one (position, byte) pair */
  /* Emacs's change counters: MODIFF counts every change, text or
     property, CHARS_MODIFF is MODIFF as of the last text change, and
     SAVE_MODIFF is MODIFF when last marked unmodified; the buffer is
     modified while SAVE_MODIFF < MODIFF.  AUTOSAVE_MODIFF is MODIFF
     when last auto-saved (0: never); an auto-save is due while it is
     below MODIFF. */
  int64_t modiff, chars_modiff, save_modiff, autosave_modiff;
  /* Changed since a collection last trimmed the undo list (Emacs's
     MODIFF past BUF_COMPACT): only then is it trimmed again. */
  int64_t compact_due;
  /* The weight of the newest change when a collection found it past
     undo-outer-limit: undo-outer-limit-function is called with it at
     the next safe point (0: none due). */
  int64_t undo_outer_size;
  int64_t sharers; /* the live indirect buffers using it */
};

struct buffer {
  uint64_t header;
  const mval name;    /* a string; nil once killed */
  /* Its buffer-local variables: the locals cons (BUFFER . ALIST) of
     runtime.h's "Variables", the ALIST emptied when it is killed. */
  const mval locals;
  /* Its text properties: nil, or textprop.h's interval list over the
     text, position 1 being 0 there.  An indirect buffer's text's are
     its base buffer's (buffer_intervals). */
  const mval intervals;
  const mval overlays; /* the overlays in it (overlays.h) */
  /* The base buffer of an indirect buffer (never itself indirect):
     keeps that buffer, and so the text T points into, alive. */
  const mval base;
  /* Its syntax table (syntax.h); nil for the standard one. */
  const mval syntax_table;
  /* The markers that point into it, a chain the collector does not
     follow: as in Emacs, a marker nothing else holds dies, and its
     finalizer takes it off. */
  struct marker *markers;
  struct buffer_text *t; /* &own, or the base buffer's own */
  struct buffer_text own;
  int64_t pt, begv, zv;    /* point and the accessible portion */
  /* Made with INHIBIT-BUFFER-HOOKS (with-temp-buffer's): no
     buffer-list-update-hook, kill-buffer-hook or
     kill-buffer-query-functions for it. */
  int64_t inhibit_hooks;
  /* The visited file's modification time when last read or written
     (buffer.c's MODTIME_* kinds, unknown being 0), and its size then,
     or -1 when not noted (a time given to set-visited-file-modtime). */
  int64_t modtime_kind, modtime_sec, modtime_nsec, modtime_size;
};
#define BUFFER_NLISP 6


struct marker {
  uint64_t header;
  const mval buffer;      /* nil when it points nowhere */
  int64_t charpos;
  int64_t insertion_type; /* advances over text inserted at it */
  /* Its place in the chain of the buffer OWNER (NULL when in none): raw
     words, which the collector does not follow. */
  struct buffer *owner;
  struct marker *prev, *next;
};

static inline bool BUFFERP(mval x) { return PVECP(x, PVEC_BUFFER); }
static inline bool MARKERP(mval x) { return PVECP(x, PVEC_MARKER); }
static inline struct buffer *XBUFFER(mval x) { return (struct buffer *)untag(x); }
static inline struct marker *XMARKER(mval x) { return (struct marker *)untag(x); }

/* The buffer whose own text B uses: B, or its base buffer. */
static inline struct buffer *buffer_text_owner(struct buffer *b)
{
  return NILP(b->base) ? b : XBUFFER(b->base);
}

/* A new marker at POS (clipped to the text) in BUFFER, or pointing
   nowhere if BUFFER is dead, as set-marker makes it. */
mval buffer_marker(mrt *rt, mval buffer, int64_t pos);
/* (set-marker MARKER nil) */
void buffer_unchain_marker(mrt *rt, mval marker);
/* Puts MARKER at POS (clipped to the text) of live BUFFER. */
void buffer_set_marker(mrt *rt, mval marker, mval buffer, int64_t pos);
/* A position argument: an integer or a marker (one beyond every
   buffer when a bignum). */
int64_t buffer_position_of(mrt *rt, mval x);
/* MARKER's position, or (error "Marker does not point anywhere"). */
int64_t buffer_marker_position(mrt *rt, mval marker);
/* Whether BUFFER's point is at the beginning of a line. */
bool buffer_bolp(mval buffer);
/* The current buffer. */
mval current_buffer(mrt *rt);
/* Whether the current buffer holds unibyte text. */
bool buffer_current_unibyte_p(mrt *rt);
/* Whether BUFFER holds unibyte text (enable-multibyte-characters nil). */
bool buffer_unibyte_p(mrt *rt, mval buffer);
/* kill-all-local-variables's end: the current buffer's major-mode,
   mode-name and buffer-invisibility-spec as in a new buffer. */
void buffer_reset_mode(mrt *rt);
/* BUFFER, or the current buffer when it is nil; else signals. */
mval buffer_or_current(mrt *rt, mval buffer);
/* Inserts string S at BUFFER's point, as insert does there. */
void buffer_insert_string(mrt *rt, mval buffer, mval s);
/* The text between positions B and E of the current buffer (in either
   order), after checking them against its accessible portion, with
   its text properties if PROPERTIES. */
mval buffer_substring(mrt *rt, mval b, mval e, bool properties);
/* Around a change of the current buffer's text [BEG, END), as
   Emacs's prepare_to_modify_buffer and signal_after_change: signals
   buffer-read-only, runs the change hooks (see buffer.c).  The depth
   the first returns goes to the second, with the changed text's
   bounds and how long it was before. */
int64_t buffer_change_begin(mrt *rt, int64_t beg, int64_t end);
void buffer_change_end(mrt *rt, int64_t depth, int64_t beg, int64_t end, int64_t old_len);
/* Undo (Emacs 28's undo.c): whether the current buffer records
   changes (its buffer-undo-list is not t); a text property change
   about to happen to it (the first-change entry, and the buffer
   counts as modified); a property PROP of the text [BEG, END) whose
   value was VALUE, as (nil PROP VALUE BEG . END). */
bool buffer_undo_recording(mrt *rt);
void buffer_properties_changing(mrt *rt);
void buffer_record_property_change(mrt *rt, int64_t beg, int64_t end, mval prop, mval value);
/* The variables every buffer has, in the order buffer-local-variables
   shows them (a vector). */
mval buffer_per_buffer_symbols(mrt *rt);
/* Before the default value of such a variable SYM changes: each live
   buffer without a binding gets one, keeping the value it sees. */
void buffer_materialize(mrt *rt, mval sym);
/* Makes live BUFFER current until unbind_to the depth returned. */
size_t buffer_enter(mrt *rt, mval buffer);
/* Makes IVS BUFFER's text properties. */
void buffer_set_intervals(mrt *rt, mval buffer, mval ivs);
/* Whether B <= E are in the current buffer's accessible portion. */
bool buffer_accessible(mrt *rt, int64_t b, int64_t e);
/* Replaces the text between positions B and E of the current buffer by
   string S and leaves point after it. */
void buffer_replace(mrt *rt, int64_t b, int64_t e, mval s);
/* BUFFER's text from position FROM to the end of its accessible
   portion, in one run of multibyte bytes (the gap moved out of it),
   and their count in *NBYTES: valid until the text next changes. */
const uint8_t *buffer_text_from(mval buffer, int64_t from, size_t *nbytes);
/* The bytes between positions FROM <= POS of BUFFER's text. */
int64_t buffer_bytes_between(mval buffer, int64_t from, int64_t pos);
/* How the printer shows buffer or marker OBJ: #<buffer NAME>,
   #<killed buffer>, #<marker at POS in NAME>, #<marker in no buffer>. */
mval buffer_description(mrt *rt, mval obj);

#endif
