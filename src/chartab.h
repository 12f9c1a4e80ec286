/* chartab.h -- layer 5: char-tables, as Emacs's: a vector-like of
   [DEFAULT PARENT SUBTYPE ASCII CONTENTS(64) EXTRA...] whose contents
   are values or sub-char-tables [DEPTH MIN-CHAR CONTENTS...] of depth
   1 (16 entries of 4096 characters), 2 (32 of 128) and 3 (128
   characters), so a lookup is at most four indexings.  Every slot is
   a Lisp slot, marked by the collector as any vector's. */
#ifndef MARROW_CHARTAB_H
#define MARROW_CHARTAB_H

#include "runtime.h"

#define CHAR_TABLE_STANDARD_SLOTS (4 + 64)
#define CHAR_TABLE_EXTRA_MAX 10

void chartab_init(mrt *rt);

static inline bool CHAR_TABLE_P(mval x) { return PVECP(x, PVEC_CHAR_TABLE); }
static inline bool SUB_CHAR_TABLE_P(mval x) { return PVECP(x, PVEC_SUB_CHAR_TABLE); }

/* (char-table-subtype TABLE) of a char-table. */
mval chartab_subtype(mval table);
/* (aref TABLE C) and (aset TABLE C VALUE); C is checked. */
mval chartab_ref(mrt *rt, mval table, mval c);
void chartab_set(mrt *rt, mval table, mval c, mval value);
/* C's value (a character, unchecked), through the default and parents. */
mval chartab_lookup(mval table, int64_t c);
/* (set-char-table-range TABLE (FROM . TO) VALUE) of characters. */
void chartab_set_range(mrt *rt, mval table, int64_t from, int64_t to, mval value);
/* (make-char-table PURPOSE INIT), the default, the parent. */
mval chartab_make(mrt *rt, mval purpose, mval init);
void chartab_set_default(mrt *rt, mval table, mval value);
void chartab_fill(mrt *rt, mval table, mval value);
mval chartab_parent(mval table);
void chartab_set_parent(mrt *rt, mval table, mval parent);
/* A copy whose sub-char-tables are copies too. */
mval chartab_copy(mrt *rt, mval table);
/* The reader's #^[...] and #^^[...] from the vector of their slots. */
mval chartab_from_vector(mrt *rt, mval v, bool sub);

#endif
