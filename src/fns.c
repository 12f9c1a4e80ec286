/* fns.c -- layer 5: list and sequence primitives, equality. */
#include "config.h"

#include "fns.h"

void fns_init(mrt *rt)
{
  (void)rt;
}
