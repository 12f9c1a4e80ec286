/* data.h -- layer 5: type predicates, type-of, symbol and vector primitives. */
#ifndef MARROW_DATA_H
#define MARROW_DATA_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void data_init(mrt *rt);

#endif
