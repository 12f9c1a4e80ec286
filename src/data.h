/* data.h -- layer 5: type predicates, type-of, symbol, vector and record primitives. */
#ifndef MARROW_DATA_H
#define MARROW_DATA_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void data_init(mrt *rt);

/* (type-of X) */
mval type_of(mrt *rt, mval x);

/* The obarray `obarray' names, checked: nil when it is the symbol
   table itself, as the reader and `intern' see it. */
mval current_obarray(mrt *rt);

/* NAME (a string) interned in OB, an obarray from current_obarray. */
mval intern_in_obarray(mrt *rt, mval ob, mval name);
/* NAME with the first of SHORTHANDS (read-symbol-shorthands' value)
   whose prefix begins it applied, else NAME. */
mval symbol_shorthand(mrt *rt, mval shorthands, mval name);

static inline bool RECORDP(mval x) { return PVECP(x, PVEC_RECORD); }

#endif
