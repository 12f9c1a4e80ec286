/* textprop.h -- layer 5: text properties, kept as interval lists.

   An interval list describes the properties of a text of LEN
   characters: nil when it has none, else intervals (START END . PLIST)
   covering [0, LEN) in order, some of them with a nil PLIST (Emacs
   keeps the boundaries its operations made, and prints each interval).
   Lists, intervals and plists are never modified once built: an
   operation returns a new list sharing what it left alone, so storing
   the result is the only store the write barrier has to see.
   Positions count from the start of the text; a buffer can keep its
   text's properties the same way. */
#ifndef MARROW_TEXTPROP_H
#define MARROW_TEXTPROP_H

#include "runtime.h"

void textprop_init(mrt *rt);

/* Signals text-read-only unless the current buffer's text [START, END)
   may change, or, for START = END, text may be inserted there, under
   its read-only properties (Emacs's verify_interval_modification). */
void textprop_check_modifiable(mrt *rt, int64_t start, int64_t end);

/* PROP in PLIST, else on the symbol PLIST's category names (Emacs's
   textget): how text properties and overlays both look a property up. */
mval textprop_get(mrt *rt, mval plist, mval prop);
mval textprop_overlay_get(mrt *rt, mval plist, mval prop);
/* The plist at index POS of IVS by binary search, nil past the end:
   for lookups at positions a caller asks for one by one (a vector of
   the last list asked about is kept). */
mval textprop_plist_lookup(mrt *rt, mval ivs, int64_t pos);

/* The plist at position POS (nil past the end or with no list). */
mval textprop_plist_at(mval ivs, int64_t pos);
/* Whether any interval has a non-nil plist. */
bool textprop_any(mval ivs);

/* Changes over [START, END) as Emacs's add-text-properties (PROPS'
   values replace), remove-text-properties (PROPS' keys go) and
   set-text-properties; *CHANGED says whether anything changed. */
mval textprop_add(mrt *rt, mval ivs, int64_t len, int64_t start, int64_t end, mval props,
                  bool *changed);
mval textprop_remove(mrt *rt, mval ivs, int64_t start, int64_t end, mval keys, bool *changed);
mval textprop_set(mrt *rt, mval ivs, int64_t len, int64_t start, int64_t end, mval props,
                  bool *changed);

/* The intervals of [START, END) that have properties, as a list of
   (START END PLIST) moved by SHIFT; nil when none has. */
mval textprop_pieces(mrt *rt, mval ivs, int64_t start, int64_t end, int64_t shift);
/* The interval list of a text of LEN characters made of PIECES (in
   order, as textprop_pieces gives them), each plist added to none as
   add-text-properties would (Emacs copies properties so, which
   reverses their order); nil when PIECES is. */
mval textprop_from_pieces(mrt *rt, mval pieces, int64_t len);

/* A buffer's intervals as its text changes (positions from 0): N
   characters inserted at AT into a text of LEN, with the intervals
   INSERTED of their own (nil: none); the text [FROM, TO) deleted.  The
   intervals on either side stay apart, as Emacs keeps them. */
mval textprop_insert(mrt *rt, mval ivs, int64_t len, int64_t at, int64_t n, mval inserted);
mval textprop_delete(mrt *rt, mval ivs, int64_t from, int64_t to);
/* IVS, the intervals of a buffer's text of LEN characters, once the
   string S replaces [FROM, TO) as Emacs's replace-match replaces it:
   the text grows or shrinks at FROM, then takes S's properties there,
   boundaries included, or none in one interval if S has none. */
mval textprop_replaced(mrt *rt, mval ivs, int64_t len, int64_t from, int64_t to, mval s);
/* The intervals of the text [FROM, TO), their plists as they are, for
   a string of that text (buffer-substring); nil if it has none. */
mval textprop_slice(mrt *rt, mval ivs, int64_t from, int64_t to);
/* The same whatever their plists, nil only with IVS nil: what
   insert-buffer-substring takes along. */
mval textprop_copy_range(mrt *rt, mval ivs, int64_t from, int64_t to);
/* IVS (not nil) with N characters inserted at AT (> 0) as part of the
   interval before them, as Emacs's insertion first makes them. */
mval textprop_grown(mrt *rt, mval ivs, int64_t at, int64_t n);

/* Emacs's equal-including-properties: A and B, already `equal', also
   have the same properties (values compared with eq) everywhere. */
bool textprop_equal_deep(mval a, mval b);

/* A copy of the string S with S's properties. */
mval textprop_copy_string(mrt *rt, mval s);
/* The properties of the concatenation of ARGS (sequences), for concat;
   nil when no string among them has any. */
mval textprop_concat(mrt *rt, int n, const mval *args);
/* The same, each plist kept as it is (its order too): what text moved
   within a buffer keeps, as transpose-regions moves it. */
mval textprop_join_kept(mrt *rt, int n, const mval *strings);

/* The intervals IVS of a buffer's text (nil: none) once its regions
   [S1, E1) and [S2, E2) (E1 <= S2, not both empty) are swapped, as
   Emacs's transpose-regions leaves them: the intervals of the span
   moved, or of each region when IN_PLACE (regions apart whose texts
   are as long), are cleared into one, then each piece of text moved
   takes there the properties it had, boundaries included, or none
   if it had none in one interval. */
mval textprop_transposed(mrt *rt, mval ivs, int64_t s1, int64_t e1, int64_t s2, int64_t e2,
                         bool in_place);

/* (set-text-properties START END PLIST STRING) as the reader's
   #("TEXT" START END PLIST ...) needs it. */
void textprop_string_set(mrt *rt, mval string, mval start, mval end, mval plist);

#endif
