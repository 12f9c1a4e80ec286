/* coding.h -- layer 5: encode-coding-string, decode-coding-string and friends. */
#ifndef MARROW_CODING_H
#define MARROW_CODING_H

#include "runtime.h"

/* Defines this module's primitives and the coding-system-error error in RT. */
void coding_init(mrt *rt);
/* CODING with its end-of-line convention settled, as Emacs settles an
   encoding: NAME-unix for a NAME that leaves it open, raw-text-unix
   for nil.  CODING must be a coding system (check-coding-system). */
mval coding_with_unix_eol(mrt *rt, mval coding);

#endif
