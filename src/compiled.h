/* compiled.h -- layer 5: byte-code function objects, #[ARGS CODE
   CONSTANTS DEPTH [DOC [INTERACTIVE]]], as Emacs reads and prints
   them.  marrow has no byte-code interpreter: they can be read,
   printed, compared, looked into with aref and made with
   make-byte-code, and calling one signals an error. */
#ifndef MARROW_COMPILED_H
#define MARROW_COMPILED_H

#include "runtime.h"

enum { COMPILED_ARGS, COMPILED_CODE, COMPILED_CONSTANTS, COMPILED_DEPTH, COMPILED_DOC,
       COMPILED_INTERACTIVE };

void compiled_init(mrt *rt);

static inline bool COMPILEDP(mval x) { return PVECP(x, PVEC_COMPILED); }

/* The reader's #[...] from the vector of its slots. */
mval compiled_from_vector(mrt *rt, mval v);
/* (MIN . MAX) as func-arity gives it. */
mval compiled_arity(mrt *rt, mval fn);
/* The error calling FN signals. */
_Noreturn void compiled_call(mrt *rt, mval fn);

#endif
