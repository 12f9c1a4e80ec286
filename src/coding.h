/* coding.h -- layer 5: encode-coding-string, decode-coding-string and friends. */
#ifndef MARROW_CODING_H
#define MARROW_CODING_H

#include "runtime.h"

/* Defines this module's primitives and the coding-system-error error in RT. */
void coding_init(mrt *rt);

#endif
