/* load.h -- layer 5: load, require, provide, load-path. */
#ifndef MARROW_LOAD_H
#define MARROW_LOAD_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void load_init(mrt *rt);

#endif
