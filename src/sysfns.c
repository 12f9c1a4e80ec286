/* sysfns.c -- layer 5: time, process exit, environment, collector introspection. */
#include "config.h"

#include "sysfns.h"

void sysfns_init(mrt *rt)
{
  (void)rt;
}
