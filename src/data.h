/* data.h -- layer 5: type predicates, type-of, symbol, vector and record primitives. */
#ifndef MARROW_DATA_H
#define MARROW_DATA_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void data_init(mrt *rt);

/* (type-of X) */
mval type_of(mrt *rt, mval x);

static inline bool RECORDP(mval x) { return PVECP(x, PVEC_RECORD); }

#endif
