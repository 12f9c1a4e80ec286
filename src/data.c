/* data.c -- layer 5: type predicates, type-of, symbol and vector primitives. */
#include "config.h"

#include "data.h"

void data_init(mrt *rt)
{
  (void)rt;
}
