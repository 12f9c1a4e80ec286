/* arith.h -- layer 5: number primitives over fixnums, bignums and floats. */
#ifndef MARROW_ARITH_H
#define MARROW_ARITH_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void arith_init(mrt *rt);

/* Emacs's printed form of a float: the shortest text that reads back
   to the same double ("0.1", "1e+20", "-0.0", "1.0e+INF", "0.0e+NaN").
   Writes a NUL-terminated string into BUF and returns its length. */
size_t float_to_string(double d, char *buf, size_t n);
/* Numeric comparison and arithmetic over fixnum, bignum and float
   mixes, for other modules (sort, equal, ...). */
int arith_compare(mrt *rt, mval a, mval b); /* -1, 0, 1; signals on non-numbers */
#endif
