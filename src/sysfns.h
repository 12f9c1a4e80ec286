/* sysfns.h -- layer 5: time, process exit, environment, collector introspection. */
#ifndef MARROW_SYSFNS_H
#define MARROW_SYSFNS_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void sysfns_init(mrt *rt);

#endif
