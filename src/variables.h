/* variables.h -- layer 5: the primitives of variables: values, default
   values, buffer-local bindings, variable watchers and hooks. */
#ifndef MARROW_VARIABLES_H
#define MARROW_VARIABLES_H

#include "runtime.h"

/* Defines this module's primitives in RT and runs the watchers of its
   variables from now on. */
void variables_init(mrt *rt);

/* (run-hooks HOOK) */
void run_hook(mrt *rt, mval hook);
/* (run-hook-with-args-until-failure HOOK) */
bool run_hook_until_failure(mrt *rt, mval hook);
/* (run-hook-with-args HOOK ARGS...), NARGS of them (at most 3). */
void run_hook_with_args(mrt *rt, mval hook, int nargs, const mval *args);
/* (add-variable-watcher SYMBOL FUNCTION) */
void variables_add_watcher(mrt *rt, mval symbol, mval function);

#endif
