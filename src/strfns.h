/* strfns.h -- layer 5: string and character primitives. */
#ifndef MARROW_STRFNS_H
#define MARROW_STRFNS_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void strfns_init(mrt *rt);

#endif
