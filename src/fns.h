/* fns.h -- layer 5: list and sequence primitives, equality. */
#ifndef MARROW_FNS_H
#define MARROW_FNS_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void fns_init(mrt *rt);

#endif
