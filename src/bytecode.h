/* bytecode.h -- layer 5: the byte-code interpreter, which runs the
   byte-code functions (compiled.h) that GNU Emacs 28's compiler makes
   as Emacs runs them. */
#ifndef MARROW_BYTECODE_H
#define MARROW_BYTECODE_H

#include "runtime.h"

/* Defines this module's primitives in RT.  After buffer_init: the
   opcodes run the primitives defined by then. */
void bytecode_init(mrt *rt);

/* Runs byte-code function FN on the NARGS arguments at
   rt->stack[base ..], the top of the stack.  The caller (eval.c) has
   counted the call against max-lisp-eval-depth. */
mval bytecode_call(mrt *rt, mval fn, int nargs, size_t base);

/* COPY was made from PROTO with other constants (make-closure): it
   shares what checking PROTO's code found, checking it now if need be. */
void bytecode_share_check(mrt *rt, mval proto, mval copy);

#endif
