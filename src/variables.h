/* variables.h -- layer 5: the primitives of variables: values, default
   values, buffer-local bindings and variable watchers. */
#ifndef MARROW_VARIABLES_H
#define MARROW_VARIABLES_H

#include "runtime.h"

/* Defines this module's primitives in RT and runs the watchers of its
   variables from now on. */
void variables_init(mrt *rt);

/* (add-variable-watcher SYMBOL FUNCTION) */
void variables_add_watcher(mrt *rt, mval symbol, mval function);

#endif
