/*
** bignum.h -- layer 4: integers that do not fit a fixnum.
**
** A bignum is a vector-like object (PVEC_BIGNUM) in the vector blocks:
** a header word followed by an mpz_t.  Every integer result passes
** through make_integer_mpz, which returns a fixnum whenever the value
** fits, so `eq' on small integers behaves as in Emacs.  GMP's memory
** functions charge the current runtime (mrt_current) so limb memory
** counts toward the collection trigger.
*/
#ifndef MARROW_BIGNUM_H
#define MARROW_BIGNUM_H

#include <gmp.h>

#include "runtime.h"

struct lisp_bignum {
  uint64_t header;
  mpz_t value;
};
static inline mpz_ptr XBIGNUM_MPZ(mval x) { return ((struct lisp_bignum *)untag(x))->value; }

void bignum_init(mrt *rt);   /* per runtime: finalizer, state */
void bignum_close(mrt *rt);

mval make_int(mrt *rt, int64_t n);       /* fixnum or bignum */
mval make_uint(mrt *rt, uint64_t n);
mval make_integer_mpz(mrt *rt, mpz_srcptr z); /* normalizes to a fixnum */
/* Copies X (fixnum or bignum) into OUT, which must be mpz_init'ed. */
void integer_to_mpz(mval x, mpz_ptr out);
/* True and sets *out when integer X fits in int64_t. */
bool integer_to_int64(mval x, int64_t *out);
double integer_to_double(mval x);
/* Parse digits (with optional sign) in BASE; Qnil when not a number. */
mval integer_from_string(mrt *rt, const char *s, size_t len, int base);
/* Decimal (or BASE) text of integer X, malloc'd by the caller's
   gc_xmalloc_or_die; *len gets its length. */
char *integer_to_string(mrt *rt, mval x, int base, size_t *len);
/* Signals overflow-error when a result of about BITS bits would exceed
   integer-width; called before asking GMP for the memory. */
void bignum_check_width(mrt *rt, uint64_t bits);

#endif
