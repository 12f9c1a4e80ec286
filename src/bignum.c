/* bignum.c -- stub; being written. */
#include "config.h"
#include "bignum.h"
void bignum_init(mrt *rt) { (void)rt; }
void bignum_close(mrt *rt) { (void)rt; }
