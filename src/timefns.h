/* timefns.h -- layer 5: time values, time arithmetic, calendar conversion. */
#ifndef MARROW_TIMEFNS_H
#define MARROW_TIMEFNS_H

#include "runtime.h"

/* Defines this module's primitives in RT. */
void timefns_init(mrt *rt);

#endif
