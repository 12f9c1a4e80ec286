/*
** bignum.h -- layer 4: integers that do not fit a fixnum.
**
** A bignum is a vector-like object (PVEC_BIGNUM) in the vector blocks:
** a header word followed by an mpz_t.  Every integer result passes
** through make_integer_mpz (or bignum_finish), which returns a fixnum
** whenever the value fits, so `eq' on small integers behaves as in
** Emacs.  GMP's memory functions charge the current runtime
** (mrt_current) so limb memory counts toward the collection trigger.
**
** Computing a bignum result without copying: allocate the object first
** with bignum_new, compute straight into XBIGNUM_MPZ of it, then pass it
** to bignum_finish.  Read a fixnum operand as an mpz without allocating
** through integer_mpz.  Before any GMP call whose result could be
** large (products, powers, shifts), call bignum_check_width with a
** lower bound of the result's size: GMP aborts the process when memory
** runs out, so overflow-error must come first.
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

void bignum_init(mrt *rt);   /* per runtime: finalizer, state, integer-width */
void bignum_close(mrt *rt);
/* After each collection: a limb cache that served nothing during the
   cycle is released, and the cycle's free reuse follows the live data. */
void bignum_after_collect(mrt *rt);
/* A number to compute into when the result is usually a fixnum (a
   quotient of similar sizes): make_integer_mpz then copies it only if
   it is not.  For code that calls no Lisp while using it. */
mpz_ptr bignum_scratch(mrt *rt);

mval make_int(mrt *rt, int64_t n);       /* fixnum or bignum */
mval make_uint(mrt *rt, uint64_t n);
mval make_integer_mpz(mrt *rt, mpz_srcptr z); /* normalizes to a fixnum */
/* A fresh bignum holding 0, to compute into; then bignum_finish, which
   checks integer-width and returns a fixnum when the value fits. */
mval bignum_new(mrt *rt);
/* The same, with room for NLIMBS limbs when recycled limbs of that size
   are at hand (a hint: GMP grows it as needed). */
mval bignum_new_sized(mrt *rt, size_t nlimbs);
/* Limbs in |X|: 0 or 1 for a fixnum. */
static inline size_t integer_limbs(mval x)
{
  return FIXNUMP(x) ? x != 0 : mpz_size(XBIGNUM_MPZ(x));
}
mval bignum_finish(mrt *rt, mval bignum);
/* Copies X (fixnum or bignum) into OUT, which must be mpz_init'ed. */
void integer_to_mpz(mval x, mpz_ptr out);

/* A read-only mpz view of integer X, without allocation: the bignum's
   own mpz, or TMP set up over one stack limb.  Never write to it. */
struct int_view {
  mp_limb_t limb;
  mpz_t z;
};
static inline mpz_srcptr integer_mpz(mval x, struct int_view *tmp)
{
  if (!FIXNUMP(x))
    return XBIGNUM_MPZ(x);
  int64_t n = XFIXNUM(x);
  tmp->limb = n < 0 ? -(mp_limb_t)n : (mp_limb_t)n;
  return mpz_roinit_n(tmp->z, &tmp->limb, n < 0 ? -1 : n > 0);
}
/* Bits in |X| (0 for 0). */
uint64_t integer_bit_length(mval x);

/* True and sets *out when integer X fits in int64_t. */
bool integer_to_int64(mval x, int64_t *out);
/* Rounded to nearest (ties to even), +-inf when too large. */
double integer_to_double(mval x);
/* Z rounded to the nearest double (ties to even); mpz_get_d truncates. */
double bignum_mpz_to_double(mpz_srcptr z);
/* The integer value of finite, integral D (a fixnum when it fits). */
mval integer_from_double(mrt *rt, double d);

/* Parse digits (with optional sign) in BASE (2..36); Qnil when S is
   not exactly such a number.  Like Emacs's reader, it does not apply
   integer-width: memory stays proportional to the text.  S may be the
   bytes of a Lisp string only if that string is kept alive (in a C
   local) when S is longer than 254 bytes, since this allocates. */
mval integer_from_string(mrt *rt, const char *s, size_t len, int base);
/* Text of integer X in BASE (2..36, lower-case digits), from
   gc_xmalloc_or_die(rt->gc, *len + 1), NUL-terminated; free it with
   gc_xfree(rt->gc, s, *len + 1). */
char *integer_to_string(mrt *rt, mval x, int base, size_t *len);
/* The same as a Lisp string. */
mval integer_to_lisp_string(mrt *rt, mval x, int base);

/* Signals overflow-error when a result of about BITS bits would exceed
   integer-width; called before asking GMP for the memory. */
void bignum_check_width(mrt *rt, uint64_t bits);

/* The runtime's pseudo-random generator (random): reseed from DATA
   (DATA NULL: from system entropy), draw 64 bits, or draw uniformly in
   [0, LIMIT) for a positive integer LIMIT. */
void bignum_random_seed(mrt *rt, const void *data, size_t n);
uint64_t bignum_random_u64(mrt *rt);
mval bignum_random_below(mrt *rt, mval limit);

#endif
