/* load.c -- layer 5: load, require, provide, load-path. */
#include "config.h"

#include "load.h"

void load_init(mrt *rt)
{
  (void)rt;
}
