/* charnames.h -- layer 5: Unicode character names, as Emacs 28 knows them. */
#ifndef MARROW_CHARNAMES_H
#define MARROW_CHARNAMES_H

#include <stdbool.h>
#include <stddef.h>
#include "runtime.h"

/* Longer than any character name. */
#define CHARNAME_MAX 256

/* The character NAME (LEN bytes) names, as `char-from-name' finds it;
   -1 when none. */
int charnames_lookup(const char *name, size_t len, bool ignore_case);

/* Defines this module's primitives in RT. */
void charnames_init(mrt *rt);

#endif
