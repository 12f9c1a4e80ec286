/* compiled.h -- layer 5: byte-code function objects, #[ARGS CODE
   CONSTANTS DEPTH [DOC [INTERACTIVE]]], as Emacs reads and prints
   them: read, printed, compared, looked into with aref, made with
   make-byte-code and make-closure, and run by bytecode.c.  After the
   Lisp slots comes one raw word, the interpreter's (zero until the
   first call). */
#ifndef MARROW_COMPILED_H
#define MARROW_COMPILED_H

#include "runtime.h"

enum { COMPILED_ARGS, COMPILED_CODE, COMPILED_CONSTANTS, COMPILED_DEPTH, COMPILED_DOC,
       COMPILED_INTERACTIVE };

void compiled_init(mrt *rt);

static inline bool COMPILEDP(mval x) { return PVECP(x, PVEC_COMPILED); }

/* The reader's #[...] from the vector of its slots. */
/* Whether V's slots make a byte-code object (else compiled_from_vector
   signals invalid-read-syntax). */
bool compiled_vector_valid(mval v);
mval compiled_from_vector(mrt *rt, mval v);
/* (MIN . MAX) as func-arity gives it. */
mval compiled_arity(mrt *rt, mval fn);
/* A byte-code object of the N SLOTS, unchecked. */
mval compiled_make(mrt *rt, int64_t n, const mval *slots);

#endif
