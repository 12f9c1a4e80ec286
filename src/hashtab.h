/* hashtab.h -- layer 5: hash tables. */
#ifndef MARROW_HASHTAB_H
#define MARROW_HASHTAB_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void hashtab_init(mrt *rt);

#endif
