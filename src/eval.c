/* eval.c -- layer 5: the evaluator: special forms, closures, funcall/apply, macros. */
#include "config.h"

#include "eval.h"

void eval_init(mrt *rt)
{
  (void)rt;
}
