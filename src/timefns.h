/* timefns.h -- layer 5: time values, time arithmetic, calendar conversion. */
#ifndef MARROW_TIMEFNS_H
#define MARROW_TIMEFNS_H

#include <time.h>

#include "runtime.h"

/* Defines this module's primitives in RT. */
void timefns_init(mrt *rt);

/* TS (a file's modification time, say) as Emacs 28 gives times:
   (HIGH LOW USEC PSEC). */
mval timefns_from_timespec(mrt *rt, struct timespec ts);
/* Lisp time T as seconds and nanoseconds, rounded down; signals as
   the time functions do for an invalid or unrepresentable T. */
struct timespec timefns_to_timespec(mrt *rt, mval t);

#endif
