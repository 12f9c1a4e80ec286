/* arith.c -- layer 5: number primitives over fixnums, bignums and floats. */
#include "config.h"

#include "arith.h"

void arith_init(mrt *rt)
{
  (void)rt;
}
