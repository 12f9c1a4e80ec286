/* lang.h -- layer 5 assembled: every language module's primitives and
   variables installed in a runtime, in dependency order.  The API layer
   and the tests build a full runtime through this one function. */
#ifndef MARROW_LANG_H
#define MARROW_LANG_H

#include "runtime.h"

/* Installs layer 5 in RT (which runtime_open made) and points load-path
   at LISPDIR (may be NULL).  Loads no Lisp. */
void lang_init(mrt *rt, const char *lispdir);

#endif
