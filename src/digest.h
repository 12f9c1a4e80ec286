/* digest.h -- layer 5: md5, sha1 and secure-hash. */
#ifndef MARROW_DIGEST_H
#define MARROW_DIGEST_H

#include "runtime.h"

/* Defines this module's primitives in RT. */
void digest_init(mrt *rt);

#endif
