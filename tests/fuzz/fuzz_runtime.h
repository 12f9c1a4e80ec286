/*
** fuzz_runtime.h -- what both libFuzzer harnesses share: a fresh
** runtime per input, set up as the API layer does, and a protected
** call that turns any signal or throw into a false return.
**
** A fresh runtime per input keeps runs reproducible (an input cannot
** redefine `car' for the next one) and lets LeakSanitizer see every
** byte a runtime fails to give back at close.
*/
#ifndef MARROW_FUZZ_RUNTIME_H
#define MARROW_FUZZ_RUNTIME_H

#include "config.h"
#include <setjmp.h>
#include <stdbool.h>
#include "runtime.h"
#include "gc.h"
#include "reader.h"
#include "printer.h"
#include "eval.h"
#include "lang.h"

/* A runtime with every primitive, under HEAP_LIMIT bytes (0: none). */
static mrt *fuzz_open(size_t heap_limit)
{
  mrt *rt = runtime_open(NULL);
  if (!rt)
    return NULL;
  runtime_enter(rt);
  lang_init(rt, MARROW_SRC_LISPDIR);
  if (heap_limit)
    gc_set_heap_limit(rt->gc, heap_limit);
  return rt;
}

/* *OUT = FN(RT, ARG), or false if it signalled or threw. */
static bool fuzz_protect(mrt *rt, mval (*fn)(mrt *, mval), mval arg, mval *out)
{
  struct handler h;
  handler_push(rt, &h, HANDLER_CATCH_ALL, Qnil);
  if (setjmp(h.jmp) != 0)
    return false;
  mval v = fn(rt, arg);
  handler_pop(rt, &h);
  *out = v;
  return true;
}

#endif
