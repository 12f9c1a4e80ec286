/* json.h -- layer 5: JSON as Emacs 28's json.c does it, over libjansson:
   json-serialize, json-insert, json-parse-string, json-parse-buffer and
   the json-error conditions.  Built only when configure found jansson
   (HAVE_JANSSON); otherwise, as in an Emacs built without it, none of
   these functions exists.  jansson's values live in malloc'd memory the
   collector does not see: each primitive registers what it holds with
   record_unwind, so a signal or throw halfway frees it. */
#ifndef MARROW_JSON_H
#define MARROW_JSON_H

#include "runtime.h"

/* Defines the JSON primitives and errors in RT (nothing without jansson). */
void json_init(mrt *rt);

#endif
