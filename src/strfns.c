/* strfns.c -- layer 5: string and character primitives. */
#include "config.h"

#include "strfns.h"

void strfns_init(mrt *rt)
{
  (void)rt;
}
