/* hashtab.c -- layer 5: hash tables. */
#include "config.h"

#include "hashtab.h"

void hashtab_init(mrt *rt)
{
  (void)rt;
}
