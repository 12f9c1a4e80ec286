/*
** arith.c -- layer 5: number primitives over fixnums, bignums and
** floats, with GNU Emacs 28's semantics.
**
** Invariants and conventions:
**   - Integers are normalized: a bignum never holds a fixnum-range value
**     (bignum.c), so two integers of different representation are never
**     equal, and `FIXNUMP fails' on an integer means bignum.
**   - Contagion is Emacs's: integers combine exactly (promoting to
**     bignums on overflow); once a float takes part, the rest of the
**     computation is in doubles.  `/' is all-float as soon as any
**     argument is a float.
**   - A bignum result is computed straight into a fresh object
**     (bignum_new, then bignum_finish), and any GMP call that could
**     make a large number is preceded by bignum_check_width, so
**     overflow-error comes before GMP asks for memory.
**   - Local mpz_t temporaries are live only across GMP calls, never
**     across anything that can signal, so a non-local exit leaks none.
**   - The wrong-type-argument predicate named in each error is the one
**     Emacs names (number-or-marker-p for + < etc., numberp for
**     truncate and the float functions, integer-or-marker-p for % and
**     logand, integerp for ash and lognot, floatp for ffloor ...).
*/
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arith.h"
#include "bignum.h"
#include "buffer.h"

/* ================================================================== */
/* Argument checks and coercions                                      */
/* ================================================================== */

#define check_number CHECK_NUMBER /* (wrong-type-argument number-or-marker-p X) */

/* A number argument of arithmetic and comparison: as in Emacs, a
   marker stands for its position. */
static mval number_arg(mrt *rt, mval x)
{
  if (MARKERP(x))
    return make_fixnum(buffer_marker_position(rt, x));
  check_number(rt, x);
  return x;
}

static inline void check_integer_or_marker(mrt *rt, mval x)
{
  CHECK_TYPE(rt, INTEGERP(x), Qinteger_or_marker_p, x);
}
/* The bitwise operations take markers too.  As in Emacs, a bad first
   argument is named by integer-or-marker-p, a later one by
   number-or-marker-p unless it is a float. */
static mval bitwise_arg(mrt *rt, mval x, bool first)
{
  x = MARKERP(x) || !first ? number_arg(rt, x) : x;
  check_integer_or_marker(rt, x);
  return x;
}
static inline void check_float(mrt *rt, mval x)
{
  CHECK_TYPE(rt, FLOATP(x), Qfloatp, x);
}

static inline double to_double(mval x)
{
  return FLOATP(x) ? XFLOAT(x) : integer_to_double(x);
}

/* extract_float in Emacs: any number, as a double; numberp in errors. */
static double extract_float(mrt *rt, mval x)
{
  CHECK_TYPE(rt, NUMBERP(x), Qnumberp, x);
  return to_double(x);
}

static mval bool_val(bool b) { return b ? Qt : Qnil; }

/* ARGS with each marker replaced by its position: ARGS itself when
   there is none, else the slots of a new vector (which the pointer
   keeps alive, being interior to it). */
static mval *numbers_of(mrt *rt, int nargs, mval *args)
{
  int i = 0;
  while (i < nargs && !MARKERP(args[i]))
    i++;
  if (i == nargs)
    return args;
  mval v = make_vector(rt, (size_t)nargs, Qnil);
  mval *slots = gc_written_slots(rt->gc, v);
  for (int k = 0; k < nargs; k++)
    slots[k] = MARKERP(args[k]) ? number_arg(rt, args[k]) : args[k];
  return slots;
}

/* Finite D rounded to an integer already; inf and NaN cannot be. */
static mval double_to_integer(mrt *rt, double d)
{
  if (!isfinite(d))
    xsignal0(rt, Qoverflow_error);
  return integer_from_double(rt, d);
}

/* ================================================================== */
/* Integer operations through GMP                                     */
/* ================================================================== */

typedef void (*mpz_binop)(mpz_ptr, mpz_srcptr, mpz_srcptr);

/* OP(A, B) for integers A and B, whose result GMP may size freely:
   callers have checked the width when it could grow.  NLIMBS is the
   size the result will probably need. */
static mval integer_binop_sized(mrt *rt, mpz_binop op, mval a, mval b, size_t nlimbs)
{
  mval r = bignum_new_sized(rt, nlimbs); /* first: it may collect, and a, b are safe here */
  struct int_view va, vb;
  op(XBIGNUM_MPZ(r), integer_mpz(a, &va), integer_mpz(b, &vb));
  return bignum_finish(rt, r);
}

/* For results no longer than the longer operand plus a limb: sums,
   differences, bitwise operations, quotients, remainders. */
static mval integer_binop(mrt *rt, mpz_binop op, mval a, mval b)
{
  size_t la = integer_limbs(a), lb = integer_limbs(b);
  return integer_binop_sized(rt, op, a, b, (la > lb ? la : lb) + 1);
}

static mval integer_add(mrt *rt, mval a, mval b)
{
  if (both_fixnums(a, b))
    return make_int(rt, XFIXNUM(a) + XFIXNUM(b)); /* cannot overflow int64 */
  return integer_binop(rt, mpz_add, a, b);
}

static mval integer_sub(mrt *rt, mval a, mval b)
{
  if (both_fixnums(a, b))
    return make_int(rt, XFIXNUM(a) - XFIXNUM(b));
  return integer_binop(rt, mpz_sub, a, b);
}

/* Products up to this many bits are cheap to make whatever
   integer-width says (bignum_finish still applies it exactly). */
#define HARMLESS_PRODUCT_BITS 65536

/* The product has at least bits(a) + bits(b) - 1 bits: refuse it
   before GMP allocates when that exceeds integer-width. */
static void check_product_width(mrt *rt, mval a, mval b)
{
  if ((integer_limbs(a) + integer_limbs(b)) * GMP_NUMB_BITS > HARMLESS_PRODUCT_BITS) {
    uint64_t abits = integer_bit_length(a), bbits = integer_bit_length(b);
    if (abits && bbits)
      bignum_check_width(rt, abits + bbits - 1);
  }
}

/* DST = A * B.  A fixnum factor (pidigits' k, 10, 2) goes to GMP's
   _si form, which skips making an mpz of it. */
static void multiply_into(mpz_ptr dst, mval a, mval b)
{
  struct int_view va;
  if (FIXNUMP(a)) {
    mval t = a;
    a = b;
    b = t;
  }
  if (FIXNUMP(b))
    mpz_mul_si(dst, integer_mpz(a, &va), XFIXNUM(b));
  else
    mpz_mul(dst, XBIGNUM_MPZ(a), XBIGNUM_MPZ(b));
}

static mval integer_mul(mrt *rt, mval a, mval b)
{
  check_product_width(rt, a, b);
  mval r = bignum_new_sized(rt, integer_limbs(a) + integer_limbs(b)); /* may collect: a, b are safe */
  multiply_into(XBIGNUM_MPZ(r), a, b);
  return bignum_finish(rt, r);
}

static mval integer_negate(mrt *rt, mval a)
{
  if (FIXNUMP(a))
    return make_int(rt, -XFIXNUM(a));
  mval r = bignum_new(rt);
  mpz_neg(XBIGNUM_MPZ(r), XBIGNUM_MPZ(a));
  return bignum_finish(rt, r);
}

static int integer_sign(mval a)
{
  if (FIXNUMP(a))
    return (XFIXNUM(a) > 0) - (XFIXNUM(a) < 0);
  return mpz_sgn(XBIGNUM_MPZ(a));
}

static bool integer_zerop(mval a) { return a == make_fixnum(0); }

/* ================================================================== */
/* + - * and the two-argument fast paths                              */
/* ================================================================== */

mval arith_add2_slow(mrt *rt, mval a, mval b)
{
  a = number_arg(rt, a);
  b = number_arg(rt, b);
  if (FLOATP(a) || FLOATP(b))
    return make_float(rt, to_double(a) + to_double(b));
  return integer_add(rt, a, b);
}

mval arith_sub2_slow(mrt *rt, mval a, mval b)
{
  a = number_arg(rt, a);
  b = number_arg(rt, b);
  if (FLOATP(a) || FLOATP(b))
    return make_float(rt, to_double(a) - to_double(b));
  return integer_sub(rt, a, b);
}

mval arith_mul2_slow(mrt *rt, mval a, mval b)
{
  a = number_arg(rt, a);
  b = number_arg(rt, b);
  if (FLOATP(a) || FLOATP(b))
    return make_float(rt, to_double(a) * to_double(b));
  return integer_mul(rt, a, b);
}

/* ---- Into a temporary: (+ (* q k) r) reuses the product ---- */

/* OP(A, B) computed into DST, which is A or B: a bignum that the
   evaluator has just made and that nothing else holds, so writing it
   is invisible.  GMP allows the output to alias an input. */
static mval integer_binop_into(mrt *rt, mpz_binop op, mval a, mval b, mval dst)
{
  struct int_view va, vb;
  op(XBIGNUM_MPZ(dst), integer_mpz(a, &va), integer_mpz(b, &vb));
  return bignum_finish(rt, dst);
}

static bool reusable(mval a, mval b, mval dst)
{
  return BIGNUMP(dst) && INTEGERP(a) && INTEGERP(b);
}

mval arith_add2_into(mrt *rt, mval a, mval b, mval dst)
{
  return reusable(a, b, dst) ? integer_binop_into(rt, mpz_add, a, b, dst)
                             : arith_add2_slow(rt, a, b);
}

mval arith_sub2_into(mrt *rt, mval a, mval b, mval dst)
{
  return reusable(a, b, dst) ? integer_binop_into(rt, mpz_sub, a, b, dst)
                             : arith_sub2_slow(rt, a, b);
}

mval arith_mul2_into(mrt *rt, mval a, mval b, mval dst)
{
  if (!reusable(a, b, dst))
    return arith_mul2_slow(rt, a, b);
  check_product_width(rt, a, b);
  multiply_into(XBIGNUM_MPZ(dst), a, b);
  return bignum_finish(rt, dst);
}

mval arith_addmul_into(mrt *rt, mval acc, mval a, mval b, bool subtract)
{
  if (!INTEGERP(a) || !INTEGERP(b)) {
    mval p = arith_mul2(rt, a, b);
    return subtract ? arith_sub2_into(rt, acc, p, acc) : arith_add2_into(rt, acc, p, acc);
  }
  check_product_width(rt, a, b);
  if (FIXNUMP(a)) {
    mval t = a;
    a = b;
    b = t;
  }
  struct int_view va, vb;
  if (FIXNUMP(b)) { /* GMP's _ui forms take the factor's magnitude */
    int64_t k = XFIXNUM(b);
    bool sub = subtract != (k < 0);
    (sub ? mpz_submul_ui : mpz_addmul_ui)(XBIGNUM_MPZ(acc), integer_mpz(a, &va),
                                          (unsigned long)(k < 0 ? -k : k));
  } else {
    (subtract ? mpz_submul : mpz_addmul)(XBIGNUM_MPZ(acc), integer_mpz(a, &va), integer_mpz(b, &vb));
  }
  return bignum_finish(rt, acc);
}

static mval negate(mrt *rt, mval a)
{
  a = number_arg(rt, a);
  return FLOATP(a) ? make_float(rt, -XFLOAT(a)) : integer_negate(rt, a);
}

/* Left to right, as Emacs does, so contagion starts where the first
   float appears. */
static mval fold(mrt *rt, int nargs, mval *args, mval (*op)(mrt *, mval, mval))
{
  mval acc = number_arg(rt, args[0]);
  for (int i = 1; i < nargs; i++)
    acc = op(rt, acc, args[i]);
  return acc;
}

static mval op_add(mrt *rt, mval a, mval b) { return arith_add2(rt, a, b); }
static mval op_sub(mrt *rt, mval a, mval b) { return arith_sub2(rt, a, b); }
static mval op_mul(mrt *rt, mval a, mval b) { return arith_mul2(rt, a, b); }

static mval Fplus(mrt *rt, int nargs, mval *args)
{
  return nargs == 0 ? make_fixnum(0) : fold(rt, nargs, args, op_add);
}

static mval Fminus(mrt *rt, int nargs, mval *args)
{
  if (nargs == 0)
    return make_fixnum(0);
  if (nargs == 1)
    return negate(rt, args[0]);
  return fold(rt, nargs, args, op_sub);
}

static mval Ftimes(mrt *rt, int nargs, mval *args)
{
  return nargs == 0 ? make_fixnum(1) : fold(rt, nargs, args, op_mul);
}

static mval Fadd1(mrt *rt, int nargs, mval *args) { return arith_add1(rt, args[0]); }
static mval Fsub1(mrt *rt, int nargs, mval *args) { return arith_sub1(rt, args[0]); }

/* ================================================================== */
/* Division and remainders                                            */
/* ================================================================== */

static mval integer_quotient(mrt *rt, mval a, mval b)
{
  if (integer_zerop(b))
    xsignal0(rt, Qarith_error);
  if (both_fixnums(a, b))
    return make_int(rt, XFIXNUM(a) / XFIXNUM(b)); /* -2^61 / -1 fits int64 */
  return integer_binop(rt, mpz_tdiv_q, a, b);
}

/* (/ N D...): integer division truncates; a float among the third and
   later arguments makes every step a float division, as Emacs scans
   them first.  Otherwise the steps go left to right, so a zero divisor
   signals arith-error before a later argument is checked. */
static mval Fquo(mrt *rt, int nargs, mval *args)
{
  args = numbers_of(rt, nargs, args);
  mval acc = args[0];
  check_number(rt, acc);
  if (nargs == 1)
    return FLOATP(acc) ? make_float(rt, 1.0 / XFLOAT(acc)) : integer_quotient(rt, make_fixnum(1), acc);
  bool float_later = false;
  for (int i = 2; i < nargs; i++)
    float_later |= FLOATP(args[i]);
  int i = 1;
  for (; i < nargs && !float_later && !FLOATP(acc); i++) {
    check_number(rt, args[i]);
    if (FLOATP(args[i]))
      break;
    acc = integer_quotient(rt, acc, args[i]);
  }
  if (i == nargs)
    return acc;
  double d = to_double(acc);
  for (; i < nargs; i++) {
    check_number(rt, args[i]);
    d /= to_double(args[i]);
  }
  return make_float(rt, d);
}

/* Remainder of integers: truncating (sign of the dividend) for %,
   flooring (sign of the divisor) for mod. */
static mval integer_remainder(mrt *rt, mval a, mval b, bool floored)
{
  if (integer_zerop(b))
    xsignal0(rt, Qarith_error);
  if (both_fixnums(a, b)) {
    int64_t n = XFIXNUM(a), d = XFIXNUM(b), r = n % d;
    if (floored && r != 0 && (r < 0) != (d < 0))
      r += d;
    return make_fixnum(r);
  }
  return integer_binop(rt, floored ? mpz_fdiv_r : mpz_tdiv_r, a, b);
}

static mval Frem(mrt *rt, int nargs, mval *args)
{
  mval a = MARKERP(args[0]) ? number_arg(rt, args[0]) : args[0];
  mval b = MARKERP(args[1]) ? number_arg(rt, args[1]) : args[1];
  check_integer_or_marker(rt, a);
  check_integer_or_marker(rt, b);
  return integer_remainder(rt, a, b, false);
}

/* Float mod: fmod, then moved into the divisor's sign. */
static double fmod_floored(double x, double y)
{
  double r = fmod(x, y);
  if (y < 0 ? r > 0 : r < 0)
    r += y;
  return r;
}

static mval Fmod(mrt *rt, int nargs, mval *args)
{
  mval a = number_arg(rt, args[0]), b = number_arg(rt, args[1]);
  if (FLOATP(a) || FLOATP(b))
    return make_float(rt, fmod_floored(to_double(a), to_double(b)));
  return integer_remainder(rt, a, b, true);
}

/* ================================================================== */
/* Comparison                                                         */
/* ================================================================== */

static int sign_of(int c) { return (c > 0) - (c < 0); }

/* Exact: a bignum or a fixnum beyond 2^53 is compared with the float's
   exact value, not with a rounded conversion of itself. */
static int compare_integer_float(mval i, double d)
{
  if (isnan(d))
    return ARITH_UNORDERED;
  if (FIXNUMP(i) && XFIXNUM(i) >= -(INT64_C(1) << 53) && XFIXNUM(i) <= (INT64_C(1) << 53)) {
    double x = (double)XFIXNUM(i);
    return (x > d) - (x < d);
  }
  struct int_view v;
  return sign_of(mpz_cmp_d(integer_mpz(i, &v), d));
}

int arith_compare(mrt *rt, mval a, mval b)
{
  a = number_arg(rt, a);
  b = number_arg(rt, b);
  if (FLOATP(a) && FLOATP(b)) {
    double x = XFLOAT(a), y = XFLOAT(b);
    if (isnan(x) || isnan(y))
      return ARITH_UNORDERED;
    return (x > y) - (x < y);
  }
  if (FLOATP(b))
    return compare_integer_float(a, XFLOAT(b));
  if (FLOATP(a)) {
    int c = compare_integer_float(b, XFLOAT(a));
    return c == ARITH_UNORDERED ? c : -c;
  }
  if (both_fixnums(a, b))
    return ((int64_t)a > (int64_t)b) - ((int64_t)a < (int64_t)b);
  struct int_view va, vb;
  return sign_of(mpz_cmp(integer_mpz(a, &va), integer_mpz(b, &vb)));
}

/* Chains stop at the first false pair, so (< 2 1 "a") is nil, as in
   Emacs. */
static mval compare_chain(mrt *rt, int nargs, mval *args, bool (*test)(mrt *, mval, mval))
{
  for (int i = 1; i < nargs; i++)
    if (!test(rt, args[i - 1], args[i]))
      return Qnil;
  return Qt;
}

static mval Feqlsign(mrt *rt, int nargs, mval *args) { return compare_chain(rt, nargs, args, arith_eq2); }
static mval Flss(mrt *rt, int nargs, mval *args) { return compare_chain(rt, nargs, args, arith_lt2); }
static mval Fgtr(mrt *rt, int nargs, mval *args) { return compare_chain(rt, nargs, args, arith_gt2); }
static mval Fleq(mrt *rt, int nargs, mval *args) { return compare_chain(rt, nargs, args, arith_le2); }
static mval Fgeq(mrt *rt, int nargs, mval *args) { return compare_chain(rt, nargs, args, arith_ge2); }

static mval Fneq(mrt *rt, int nargs, mval *args)
{
  return bool_val(!arith_eq2(rt, args[0], args[1]));
}

/* Emacs returns the winning argument itself (no contagion), and the
   first NaN it meets. */
static mval min_max(mrt *rt, int nargs, mval *args, bool (*better)(mrt *, mval, mval))
{
  mval acc = number_arg(rt, args[0]);
  for (int i = 1; i < nargs; i++) {
    mval x = number_arg(rt, args[i]);
    if (better(rt, x, acc))
      acc = x;
    else if (FLOATP(x) && isnan(XFLOAT(x)))
      return x;
  }
  return acc;
}

static mval Fmax(mrt *rt, int nargs, mval *args) { return min_max(rt, nargs, args, arith_gt2); }
static mval Fmin(mrt *rt, int nargs, mval *args) { return min_max(rt, nargs, args, arith_lt2); }

static mval Fabs(mrt *rt, int nargs, mval *args)
{
  mval x = args[0];
  CHECK_TYPE(rt, NUMBERP(x), Qnumberp, x);
  if (FLOATP(x))
    return make_float(rt, fabs(XFLOAT(x)));
  return integer_sign(x) < 0 ? integer_negate(rt, x) : x;
}

/* ================================================================== */
/* Rounding: truncate floor ceiling round, with optional divisor      */
/* ================================================================== */

static int64_t fixnum_floor_div(int64_t n, int64_t d)
{
  int64_t q = n / d;
  return q - (n % d != 0 && (n < 0) != (d < 0));
}
static int64_t fixnum_ceiling_div(int64_t n, int64_t d)
{
  int64_t q = n / d;
  return q + (n % d != 0 && (n < 0) == (d < 0));
}
static int64_t fixnum_truncate_div(int64_t n, int64_t d) { return n / d; }

/* Nearest, ties to even: move away from the truncated quotient when the
   remainder is more than half the divisor, or exactly half and the
   quotient is odd. */
static int64_t fixnum_round_div(int64_t n, int64_t d)
{
  int64_t q = n / d, r = n % d;
  int64_t abs_r = r < 0 ? -r : r, rest = (d < 0 ? -d : d) - abs_r;
  if (abs_r > rest || (abs_r == rest && (q & 1)))
    q += (n < 0) == (d < 0) ? 1 : -1;
  return q;
}

static void mpz_round_div(mpz_ptr q, mpz_srcptr n, mpz_srcptr d)
{
  mpz_t r;
  mpz_init(r);
  mpz_tdiv_qr(q, r, n, d);
  mpz_mul_2exp(r, r, 1);
  int c = mpz_cmpabs(r, d);
  bool away = c > 0 || (c == 0 && mpz_odd_p(q));
  bool same_sign = (mpz_sgn(n) < 0) == (mpz_sgn(d) < 0);
  mpz_clear(r);
  if (away) {
    if (same_sign)
      mpz_add_ui(q, q, 1);
    else
      mpz_sub_ui(q, q, 1);
  }
}

/* Round half to even, like the default rounding mode. */
static double round_even(double d) { return nearbyint(d); }

struct rounding {
  double (*round_double)(double);
  int64_t (*div_fixnum)(int64_t, int64_t);
  void (*div_mpz)(mpz_ptr, mpz_srcptr, mpz_srcptr);
};

static const struct rounding round_floor = {floor, fixnum_floor_div, mpz_fdiv_q};
static const struct rounding round_ceiling = {ceil, fixnum_ceiling_div, mpz_cdiv_q};
static const struct rounding round_truncate = {trunc, fixnum_truncate_div, mpz_tdiv_q};
static const struct rounding round_nearest = {round_even, fixnum_round_div, mpz_round_div};

/* The power of two that makes finite D an integer: D * 2^scale is
   integral (negative for large D). */
static int float_scale(double d)
{
  if (d == 0)
    return 0;
  int e = ilogb(d);
  return e < DBL_MIN_EXP - 1 ? DBL_MANT_DIG - DBL_MIN_EXP : DBL_MANT_DIG - 1 - e;
}

/* OUT = X * 2^SCALE exactly, where SCALE makes it integral. */
static void scaled_to_mpz(mpz_ptr out, mval x, int scale)
{
  int own = 0;
  if (FLOATP(x)) {
    own = float_scale(XFLOAT(x));
    mpz_set_d(out, ldexp(XFLOAT(x), own)); /* exact: at most 53 bits */
  } else {
    integer_to_mpz(x, out);
  }
  mpz_mul_2exp(out, out, (mp_bitcnt_t)(scale - own));
}

/* Exact division of N by D when a float is involved: scale both to
   integers by the same power of two, then divide integers, as Emacs
   does; the quotient has at most about 2100 bits. */
static mval round_with_floats(mrt *rt, mval n, mval d, const struct rounding *how)
{
  if (FLOATP(n) && !isfinite(XFLOAT(n)))
    xsignal0(rt, Qoverflow_error);
  if (FLOATP(d)) {
    if (isnan(XFLOAT(d)))
      xsignal0(rt, Qoverflow_error);
    if (isinf(XFLOAT(d)))
      return make_fixnum(0);
  }
  int ns = FLOATP(n) ? float_scale(XFLOAT(n)) : 0;
  int ds = FLOATP(d) ? float_scale(XFLOAT(d)) : 0;
  int scale = ns > ds ? ns : ds;
  mval q = bignum_new(rt);
  mpz_t nz, dz;
  mpz_init(nz);
  mpz_init(dz);
  scaled_to_mpz(nz, n, scale);
  scaled_to_mpz(dz, d, scale);
  how->div_mpz(XBIGNUM_MPZ(q), nz, dz);
  mpz_clear(nz);
  mpz_clear(dz);
  return bignum_finish(rt, q);
}

static mval rounding_driver(mrt *rt, mval n, mval d, const struct rounding *how)
{
  CHECK_TYPE(rt, NUMBERP(n), Qnumberp, n);
  if (NILP(d))
    return FLOATP(n) ? double_to_integer(rt, how->round_double(XFLOAT(n))) : n;
  CHECK_TYPE(rt, NUMBERP(d), Qnumberp, d);
  if (FLOATP(d) ? XFLOAT(d) == 0 : integer_zerop(d))
    xsignal0(rt, Qarith_error);
  if (both_fixnums(n, d))
    return make_int(rt, how->div_fixnum(XFIXNUM(n), XFIXNUM(d)));
  if (FLOATP(n) || FLOATP(d))
    return round_with_floats(rt, n, d, how);
  if (integer_limbs(n) > integer_limbs(d) + 1)
    return integer_binop(rt, how->div_mpz, n, d);
  /* A quotient of at most two limbs, most often a fixnum (a digit of
     pidigits): no bignum object unless it needs one. */
  struct int_view vn, vd;
  mpz_ptr q = bignum_scratch(rt);
  how->div_mpz(q, integer_mpz(n, &vn), integer_mpz(d, &vd));
  return make_integer_mpz(rt, q);
}

mval arith_truncate2(mrt *rt, mval n, mval d) { return rounding_driver(rt, n, d, &round_truncate); }
mval arith_floor2(mrt *rt, mval n, mval d) { return rounding_driver(rt, n, d, &round_floor); }

static mval Ffloor(mrt *rt, int nargs, mval *args) { return rounding_driver(rt, args[0], args[1], &round_floor); }
static mval Fceiling(mrt *rt, int nargs, mval *args) { return rounding_driver(rt, args[0], args[1], &round_ceiling); }
static mval Ftruncate(mrt *rt, int nargs, mval *args) { return rounding_driver(rt, args[0], args[1], &round_truncate); }
static mval Fround(mrt *rt, int nargs, mval *args) { return rounding_driver(rt, args[0], args[1], &round_nearest); }

static mval float_rounding(mrt *rt, mval x, double (*f)(double))
{
  check_float(rt, x);
  return make_float(rt, f(XFLOAT(x)));
}

static mval Fffloor(mrt *rt, int nargs, mval *args) { return float_rounding(rt, args[0], floor); }
static mval Ffceiling(mrt *rt, int nargs, mval *args) { return float_rounding(rt, args[0], ceil); }
static mval Fftruncate(mrt *rt, int nargs, mval *args) { return float_rounding(rt, args[0], trunc); }
static mval Ffround(mrt *rt, int nargs, mval *args) { return float_rounding(rt, args[0], round_even); }

/* ================================================================== */
/* expt                                                               */
/* ================================================================== */

/* Repeated squaring in machine words; false on overflow. */
static bool fixnum_pow(int64_t base, uint64_t e, int64_t *out)
{
  int64_t result = 1;
  for (;;) {
    if ((e & 1) && __builtin_mul_overflow(result, base, &result))
      return false;
    e >>= 1;
    if (!e)
      break;
    if (__builtin_mul_overflow(base, base, &base))
      return false;
  }
  *out = result;
  return true;
}

/* X^Y for integer X and natural Y, exactly. */
static mval integer_expt(mrt *rt, mval x, mval y)
{
  /* -1, 0 and 1 never overflow, whatever Y is. */
  if (x == make_fixnum(1))
    return x;
  if (x == make_fixnum(0))
    return y == make_fixnum(0) ? make_fixnum(1) : x;
  if (x == make_fixnum(-1)) {
    bool odd = FIXNUMP(y) ? (XFIXNUM(y) & 1) : mpz_odd_p(XBIGNUM_MPZ(y));
    return odd ? x : make_fixnum(1);
  }
  if (!FIXNUMP(y))
    xsignal0(rt, Qoverflow_error);
  uint64_t e = (uint64_t)XFIXNUM(y);
  int64_t small;
  if (FIXNUMP(x) && fixnum_pow(XFIXNUM(x), e, &small))
    return make_int(rt, small);
  /* |x| >= 2 has b >= 2 bits, so x^e has at least (b-1)*e + 1 bits
     and at most b*e, no more than twice the bound checked. */
  uint64_t b = integer_bit_length(x);
  if (e && b - 1 > (UINT64_MAX - 1) / e)
    xsignal0(rt, Qoverflow_error);
  bignum_check_width(rt, (b - 1) * e + 1);
  mval r = bignum_new(rt);
  struct int_view v;
  mpz_pow_ui(XBIGNUM_MPZ(r), integer_mpz(x, &v), (unsigned long)e);
  return bignum_finish(rt, r);
}

static mval Fexpt(mrt *rt, int nargs, mval *args)
{
  mval x = args[0], y = args[1];
  CHECK_TYPE(rt, NUMBERP(x), Qnumberp, x);
  CHECK_TYPE(rt, NUMBERP(y), Qnumberp, y);
  if (INTEGERP(x) && INTEGERP(y) && integer_sign(y) >= 0)
    return integer_expt(rt, x, y);
  return make_float(rt, pow(to_double(x), to_double(y)));
}

/* ================================================================== */
/* Bits: ash lsh logand logior logxor lognot logcount                 */
/* ================================================================== */

static mval ash(mrt *rt, mval value, mval count)
{
  CHECK_TYPE(rt, INTEGERP(value), Qintegerp, value);
  CHECK_TYPE(rt, INTEGERP(count), Qintegerp, count);
  if (!FIXNUMP(count)) {
    if (integer_zerop(value))
      return value;
    if (mpz_sgn(XBIGNUM_MPZ(count)) < 0)
      return make_fixnum(integer_sign(value) < 0 ? -1 : 0);
    xsignal0(rt, Qoverflow_error);
  }
  int64_t c = XFIXNUM(count);
  if (c <= 0) {
    uint64_t s = (uint64_t)-c;
    if (FIXNUMP(value))
      return make_fixnum(XFIXNUM(value) >> (s > 63 ? 63 : s)); /* floor */
    mval r = bignum_new(rt);
    mpz_fdiv_q_2exp(XBIGNUM_MPZ(r), XBIGNUM_MPZ(value), (mp_bitcnt_t)s);
    return bignum_finish(rt, r);
  }
  /* Emacs's GMP limit on the shift applies even to zero: a count of
     2^31-1 limbs or more overflows. */
  if (integer_zerop(value)) {
    if (c / 64 > INT32_MAX - 1)
      xsignal0(rt, Qoverflow_error);
    return value;
  }
  if (FIXNUMP(value) && c < 62) {
    int64_t n = XFIXNUM(value), shifted = (int64_t)((uint64_t)n << c);
    if ((shifted >> c) == n && fixnum_in_range(shifted))
      return make_fixnum(shifted);
  }
  bignum_check_width(rt, integer_bit_length(value) + (uint64_t)c);
  mval r = bignum_new(rt);
  struct int_view v;
  mpz_mul_2exp(XBIGNUM_MPZ(r), integer_mpz(value, &v), (mp_bitcnt_t)c);
  return bignum_finish(rt, r);
}

static mval Fash(mrt *rt, int nargs, mval *args) { return ash(rt, args[0], args[1]); }

/* Emacs 28's subr.el lsh: a negative fixnum shifted right is treated as
   unsigned in fixnum width. */
static mval Flsh(mrt *rt, int nargs, mval *args)
{
  mval value = args[0], count = args[1];
  if (arith_lt2(rt, value, make_fixnum(0)) && arith_lt2(rt, count, make_fixnum(0))) {
    if (!FIXNUMP(value)) {
      /* Below most-negative-fixnum (a bignum or a float) is out of
         range; another float fails ash's integerp. */
      if (arith_lt2(rt, value, make_fixnum(MOST_NEGATIVE_FIXNUM)))
        args_out_of_range(rt, value, count);
      return ash(rt, value, count);
    }
    value = make_fixnum((XFIXNUM(value) >> 1) & MOST_POSITIVE_FIXNUM);
    count = arith_add1(rt, count);
  }
  return ash(rt, value, count);
}

/* Bitwise operations keep the fixnum tag (00) on tagged words. */
static mval bitwise_fold(mrt *rt, int nargs, mval *args, mval identity, int op)
{
  static const mpz_binop mpz_ops[3] = {mpz_and, mpz_ior, mpz_xor};
  mval acc = identity;
  for (int i = 0; i < nargs; i++) {
    mval x = bitwise_arg(rt, args[i], i == 0);
    if (both_fixnums(acc, x))
      acc = op == 0 ? (acc & x) : op == 1 ? (acc | x) : (acc ^ x);
    else
      acc = integer_binop(rt, mpz_ops[op], acc, x);
  }
  return acc;
}

static mval Flogand(mrt *rt, int nargs, mval *args) { return bitwise_fold(rt, nargs, args, make_fixnum(-1), 0); }
static mval Flogior(mrt *rt, int nargs, mval *args) { return bitwise_fold(rt, nargs, args, make_fixnum(0), 1); }
static mval Flogxor(mrt *rt, int nargs, mval *args) { return bitwise_fold(rt, nargs, args, make_fixnum(0), 2); }

static mval Flognot(mrt *rt, int nargs, mval *args)
{
  mval x = args[0];
  CHECK_TYPE(rt, INTEGERP(x), Qintegerp, x);
  if (FIXNUMP(x))
    return make_fixnum(~XFIXNUM(x));
  mval r = bignum_new(rt);
  mpz_com(XBIGNUM_MPZ(r), XBIGNUM_MPZ(x));
  return bignum_finish(rt, r);
}

/* For a negative number, Emacs counts the zero bits (the ones of its
   complement). */
static mval Flogcount(mrt *rt, int nargs, mval *args)
{
  mval x = args[0];
  CHECK_TYPE(rt, INTEGERP(x), Qintegerp, x);
  if (FIXNUMP(x)) {
    int64_t n = XFIXNUM(x);
    return make_fixnum(__builtin_popcountll((uint64_t)(n < 0 ? ~n : n)));
  }
  mpz_srcptr z = XBIGNUM_MPZ(x);
  if (mpz_sgn(z) > 0)
    return make_fixnum((int64_t)mpz_popcount(z));
  mpz_t c;
  mpz_init(c);
  mpz_com(c, z);
  int64_t count = (int64_t)mpz_popcount(c);
  mpz_clear(c);
  return make_fixnum(count);
}

/* ================================================================== */
/* Float functions                                                    */
/* ================================================================== */

#define FLOAT_FN1(cname, cfun)                              \
  static mval cname(mrt *rt, int nargs, mval *args)         \
  {                                                         \
    return make_float(rt, cfun(extract_float(rt, args[0]))); \
  }
FLOAT_FN1(Fsqrt, sqrt)
FLOAT_FN1(Fexp, exp)
FLOAT_FN1(Fsin, sin)
FLOAT_FN1(Fcos, cos)
FLOAT_FN1(Ftan, tan)
FLOAT_FN1(Fasin, asin)
FLOAT_FN1(Facos, acos)
#undef FLOAT_FN1

static mval Fatan(mrt *rt, int nargs, mval *args)
{
  double y = extract_float(rt, args[0]);
  if (NILP(args[1]))
    return make_float(rt, atan(y));
  return make_float(rt, atan2(y, extract_float(rt, args[1])));
}

static mval Flog(mrt *rt, int nargs, mval *args)
{
  double d = extract_float(rt, args[0]);
  if (NILP(args[1]))
    return make_float(rt, log(d));
  double b = extract_float(rt, args[1]);
  if (b == 10.0)
    return make_float(rt, log10(d));
  if (b == 2.0)
    return make_float(rt, log2(d));
  return make_float(rt, log(d) / log(b));
}

static mval Flog10(mrt *rt, int nargs, mval *args)
{
  return make_float(rt, log10(extract_float(rt, args[0])));
}

/* The binary exponent, as an integer; -inf for zero. */
static mval Flogb(mrt *rt, int nargs, mval *args)
{
  mval x = args[0];
  CHECK_TYPE(rt, NUMBERP(x), Qnumberp, x);
  if (INTEGERP(x))
    return integer_zerop(x) ? make_float(rt, -HUGE_VAL)
                            : make_fixnum((int64_t)integer_bit_length(x) - 1);
  double d = XFLOAT(x);
  if (d == 0)
    return make_float(rt, -HUGE_VAL);
  if (isinf(d))
    return make_float(rt, HUGE_VAL);
  if (isnan(d))
    return x;
  return make_fixnum(ilogb(d));
}

static mval Fisnan(mrt *rt, int nargs, mval *args)
{
  check_float(rt, args[0]);
  return bool_val(isnan(XFLOAT(args[0])));
}

static mval Fcopysign(mrt *rt, int nargs, mval *args)
{
  check_float(rt, args[0]);
  check_float(rt, args[1]);
  return make_float(rt, copysign(XFLOAT(args[0]), XFLOAT(args[1])));
}

static mval Ffrexp(mrt *rt, int nargs, mval *args)
{
  int e = 0;
  double f = frexp(extract_float(rt, args[0]), &e);
  mval mant = make_float(rt, f);
  return Fcons(rt, mant, make_fixnum(e));
}

static mval Fldexp(mrt *rt, int nargs, mval *args)
{
  CHECK_FIXNUM(rt, args[1]);
  int64_t e = XFIXNUM(args[1]);
  int clamped = e < INT32_MIN ? INT32_MIN : e > INT32_MAX ? INT32_MAX : (int)e;
  return make_float(rt, ldexp(extract_float(rt, args[0]), clamped));
}

static mval Ffloat(mrt *rt, int nargs, mval *args)
{
  mval x = args[0];
  CHECK_TYPE(rt, NUMBERP(x), Qnumberp, x);
  return FLOATP(x) ? x : make_float(rt, integer_to_double(x));
}

/* ================================================================== */
/* Printing floats                                                    */
/* ================================================================== */

/* A NaN prints its payload (the mantissa without the quiet bit) as the
   integer part, so every NaN reads back as itself. */
static size_t nan_to_string(double d, char *buf, size_t n)
{
  uint64_t bits;
  memcpy(&bits, &d, sizeof bits);
  uint64_t payload = bits & ((UINT64_C(1) << 51) - 1);
  return (size_t)snprintf(buf, n, "%s%llu.0e+NaN", (bits >> 63) ? "-" : "",
                          (unsigned long long)payload);
}

/* Make sure the text reads as a float: "100" -> "100.0", "5." -> "5.0";
   an exponent alone ("1e+20") is enough. */
static size_t ensure_float_syntax(char *buf, size_t len, size_t n)
{
  char *p = buf;
  while (*p == '-' || (*p >= '0' && *p <= '9'))
    p++;
  if (*p == '.' && p[1] == 0 && len + 1 < n) {
    p[1] = '0';
    p[2] = 0;
    return len + 1;
  }
  if (*p == 0 && len + 2 < n) {
    memcpy(p, ".0", 3);
    return len + 2;
  }
  return len;
}

/* As gnulib's dtoastr, which Emacs uses: the fewest %g digits that read
   back exactly, starting from DBL_DIG (so 100.0 is "100", not "1e+02"),
   or from 1 for subnormals. */
static size_t shortest_float(double d, char *buf, size_t n)
{
  int prec = fabs(d) < DBL_MIN ? 1 : DBL_DIG;
  size_t len;
  for (;; prec++) {
    len = (size_t)snprintf(buf, n, "%.*g", prec, d);
    if (prec >= 17 || strtod(buf, NULL) == d)
      break;
  }
  return len;
}

/* float-output-format, when it is one Emacs accepts: "%.PC", C one of
   e, f and g, P no more than DBL_DIG digits, none meaning 0, and 0
   only for f.  Sets *PREC to P, or -1 when P is absent. */
static bool float_format(mrt *rt, char *conv, int *prec)
{
  mval fmt = find_symbol_value(rt, Qfloat_output_format);
  if (!STRINGP(fmt))
    return false;
  const char *p = (const char *)XSTRING(fmt)->data, *end = p + XSTRING(fmt)->nbytes;
  if (end - p < 3 || p[0] != '%' || p[1] != '.')
    return false;
  p += 2;
  *prec = -1;
  for (; p < end && *p >= '0' && *p <= '9'; p++)
    if ((*prec = (*prec < 0 ? 0 : *prec * 10) + (*p - '0')) > DBL_DIG)
      return false;
  *conv = p < end ? *p : 0;
  return end - p == 1 && *conv && strchr("efg", *conv) && (*prec != 0 || *conv == 'f');
}

size_t float_to_string(mrt *rt, double d, char *buf, size_t n)
{
  if (isinf(d))
    return (size_t)snprintf(buf, n, "%s", d < 0 ? "-1.0e+INF" : "1.0e+INF");
  if (isnan(d))
    return nan_to_string(d, buf, n);
  char conv;
  int prec;
  if (!float_format(rt, &conv, &prec))
    return ensure_float_syntax(buf, shortest_float(d, buf, n), n);
  char spec[8] = { '%', '.', '*', conv, 0 };
  size_t len = (size_t)snprintf(buf, n, spec, prec < 0 ? 0 : prec, d);
  /* "%.0f" asks for an integer's digits. */
  return prec == 0 ? len : ensure_float_syntax(buf, len, n);
}

mval number_to_string(mrt *rt, mval x)
{
  CHECK_TYPE(rt, NUMBERP(x), Qnumberp, x);
  if (INTEGERP(x))
    return integer_to_lisp_string(rt, x, 10);
  char buf[FLOAT_STRING_SIZE];
  size_t len = float_to_string(rt, XFLOAT(x), buf, sizeof buf);
  return make_string(rt, buf, len);
}

static mval Fnumber_to_string(mrt *rt, int nargs, mval *args)
{
  return number_to_string(rt, args[0]);
}

/* ================================================================== */
/* Reading numbers                                                    */
/* ================================================================== */

static int digit_in_base(const char *p, const char *end, int base)
{
  if (p >= end)
    return -1;
  char c = *p;
  int v = c >= '0' && c <= '9' ? c - '0'
          : c >= 'a' && c <= 'z' ? c - 'a' + 10
          : c >= 'A' && c <= 'Z' ? c - 'A' + 10
                                 : 99;
  return v < base ? v : -1;
}

static bool at(const char *p, const char *end, const char *word)
{
  size_t n = strlen(word);
  return (size_t)(end - p) >= n && memcmp(p, word, n) == 0;
}

static bool is_decimal(const char *p, const char *end) { return p < end && *p >= '0' && *p <= '9'; }

/* NaN with the payload the text carries in its integer part. */
static double make_nan(uint64_t payload, bool negative)
{
  uint64_t bits = (UINT64_C(0x7ff) << 52) | (UINT64_C(1) << 51) |
                  (payload & ((UINT64_C(1) << 51) - 1));
  if (negative)
    bits |= UINT64_C(1) << 63;
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

static double decimal_to_double(mrt *rt, const char *s, size_t len)
{
  char small[128];
  char *copy = len < sizeof small ? small : gc_xmalloc_or_die(rt->gc, len + 1);
  memcpy(copy, s, len);
  copy[len] = 0;
  double d = strtod(copy, NULL);
  if (copy != small)
    gc_xfree(rt->gc, copy, len + 1);
  return d;
}

/* The grammar of Emacs's string_to_number (lread.c): optional sign,
   digits, optional '.', and in base 10 fraction digits and an exponent
   (or "e+INF" / "e+NaN").  A float needs fraction digits, or leading
   digits with an exponent; otherwise leading digits make an integer. */
mval arith_parse_number(mrt *rt, const char *s, size_t len, int base, size_t *used)
{
  const char *p = s, *end = s + len;
  bool negative = false;
  if (p < end && (*p == '+' || *p == '-')) {
    negative = *p == '-';
    p++;
  }
  const char *digits = p;
  uint64_t lead_value = 0;
  bool lead_int = false, trail_int = false, exponent = false;
  double special = 0; /* nonzero once "e+INF" or "e+NaN" is seen */
  for (int v; (v = digit_in_base(p, end, base)) >= 0; p++) {
    lead_int = true;
    lead_value = lead_value * (uint64_t)base + (uint64_t)v;
  }
  const char *int_end = p;
  if (p < end && *p == '.')
    p++;
  if (base == 10) {
    for (; is_decimal(p, end); p++)
      trail_int = true;
    if (p < end && (*p == 'e' || *p == 'E')) {
      const char *e = p++;
      bool plus = p < end && *p == '+';
      if (p < end && (*p == '+' || *p == '-'))
        p++;
      if (is_decimal(p, end)) {
        exponent = true;
        while (is_decimal(p, end))
          p++;
      } else if (plus && at(p, end, "INF")) {
        exponent = true;
        p += 3;
        special = HUGE_VAL;
      } else if (plus && at(p, end, "NaN")) {
        exponent = true;
        p += 3;
        /* Emacs's payload without leading digits is 2^51 - 2:
           (read ".5e+NaN") is 2251799813685246.0e+NaN */
        special = make_nan(lead_int ? lead_value : (UINT64_C(1) << 51) - 2, false);
      } else {
        p = e;
      }
    }
  }
  if (used)
    *used = (size_t)(p - s);
  if (trail_int || (lead_int && exponent)) {
    double d = special != 0 ? special : decimal_to_double(rt, digits, (size_t)(p - digits));
    return make_float(rt, negative ? -d : d);
  }
  if (!lead_int)
    return Qnil;
  return integer_from_string(rt, s, (size_t)(int_end - s), base);
}

static mval Fstring_to_number(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  int base = 10;
  if (!NILP(args[1])) {
    CHECK_FIXNUM(rt, args[1]);
    if (XFIXNUM(args[1]) < 2 || XFIXNUM(args[1]) > 16)
      xsignal1(rt, Qargs_out_of_range, args[1]);
    base = (int)XFIXNUM(args[1]);
  }
  struct string *str = XSTRING(args[0]);
  const char *p = (const char *)str->data, *end = p + str->nbytes;
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  mval n = arith_parse_number(rt, p, (size_t)(end - p), base, NULL);
  return NILP(n) ? make_fixnum(0) : n;
}

/* ================================================================== */
/* random                                                             */
/* ================================================================== */

/* (random t) reseeds from the system, (random "STRING") from the
   string; a positive LIMIT gives [0, LIMIT), anything else any fixnum. */
static mval Frandom(mrt *rt, int nargs, mval *args)
{
  mval limit = args[0];
  if (limit == Qt)
    bignum_random_seed(rt, NULL, 0);
  else if (STRINGP(limit))
    bignum_random_seed(rt, XSTRING(limit)->data, (size_t)XSTRING(limit)->nbytes);
  if (BIGNUMP(limit)) {
    if (mpz_sgn(XBIGNUM_MPZ(limit)) < 0)
      wrong_type_argument(rt, Qnatnump, limit);
    return bignum_random_below(rt, limit);
  }
  if (FIXNUMP(limit) && XFIXNUM(limit) > 0)
    return bignum_random_below(rt, limit);
  return make_fixnum((int64_t)bignum_random_u64(rt) >> 2);
}

/* ================================================================== */
/* Predicates                                                         */
/* ================================================================== */

static mval Fnumberp(mrt *rt, int nargs, mval *args) { return bool_val(NUMBERP(args[0])); }
static mval Fintegerp(mrt *rt, int nargs, mval *args) { return bool_val(INTEGERP(args[0])); }
static mval Ffloatp(mrt *rt, int nargs, mval *args) { return bool_val(FLOATP(args[0])); }
static mval Ffixnump(mrt *rt, int nargs, mval *args) { return bool_val(FIXNUMP(args[0])); }
static mval Fbignump(mrt *rt, int nargs, mval *args) { return bool_val(BIGNUMP(args[0])); }

static mval Fnatnump(mrt *rt, int nargs, mval *args)
{
  mval x = args[0];
  return bool_val(INTEGERP(x) && integer_sign(x) >= 0);
}

static mval Fnumber_or_marker_p(mrt *rt, int nargs, mval *args)
{
  return bool_val(NUMBERP(args[0]) || MARKERP(args[0]));
}

static mval Finteger_or_marker_p(mrt *rt, int nargs, mval *args)
{
  return bool_val(INTEGERP(args[0]) || MARKERP(args[0]));
}

static mval Fzerop(mrt *rt, int nargs, mval *args)
{
  mval x = number_arg(rt, args[0]);
  return bool_val(FLOATP(x) ? XFLOAT(x) == 0 : integer_zerop(x));
}

/* ================================================================== */
/* Definitions                                                        */
/* ================================================================== */

static const struct subr_def arith_subrs[] = {
  {"+", Fplus, 0, ARGS_MANY},
  {"-", Fminus, 0, ARGS_MANY},
  {"*", Ftimes, 0, ARGS_MANY},
  {"/", Fquo, 1, ARGS_MANY},
  {"%", Frem, 2, 2},
  {"mod", Fmod, 2, 2},
  {"1+", Fadd1, 1, 1},
  {"1-", Fsub1, 1, 1},
  {"abs", Fabs, 1, 1},
  {"max", Fmax, 1, ARGS_MANY},
  {"min", Fmin, 1, ARGS_MANY},
  {"=", Feqlsign, 1, ARGS_MANY},
  {"<", Flss, 1, ARGS_MANY},
  {">", Fgtr, 1, ARGS_MANY},
  {"<=", Fleq, 1, ARGS_MANY},
  {">=", Fgeq, 1, ARGS_MANY},
  {"/=", Fneq, 2, 2},
  {"floor", Ffloor, 1, 2},
  {"ceiling", Fceiling, 1, 2},
  {"truncate", Ftruncate, 1, 2},
  {"round", Fround, 1, 2},
  {"ffloor", Fffloor, 1, 1},
  {"fceiling", Ffceiling, 1, 1},
  {"ftruncate", Fftruncate, 1, 1},
  {"fround", Ffround, 1, 1},
  {"expt", Fexpt, 2, 2},
  {"ash", Fash, 2, 2},
  {"lsh", Flsh, 2, 2},
  {"logand", Flogand, 0, ARGS_MANY},
  {"logior", Flogior, 0, ARGS_MANY},
  {"logxor", Flogxor, 0, ARGS_MANY},
  {"lognot", Flognot, 1, 1},
  {"logcount", Flogcount, 1, 1},
  {"sqrt", Fsqrt, 1, 1},
  {"exp", Fexp, 1, 1},
  {"log", Flog, 1, 2},
  {"sin", Fsin, 1, 1},
  {"cos", Fcos, 1, 1},
  {"tan", Ftan, 1, 1},
  {"asin", Fasin, 1, 1},
  {"acos", Facos, 1, 1},
  {"atan", Fatan, 1, 2},
  {"log10", Flog10, 1, 1},
  {"logb", Flogb, 1, 1},
  {"isnan", Fisnan, 1, 1},
  {"copysign", Fcopysign, 2, 2},
  {"frexp", Ffrexp, 1, 1},
  {"ldexp", Fldexp, 2, 2},
  {"float", Ffloat, 1, 1},
  {"random", Frandom, 0, 1},
  {"number-to-string", Fnumber_to_string, 1, 1},
  {"string-to-number", Fstring_to_number, 1, 2},
  {"numberp", Fnumberp, 1, 1},
  {"number-or-marker-p", Fnumber_or_marker_p, 1, 1},
  {"integerp", Fintegerp, 1, 1},
  {"integer-or-marker-p", Finteger_or_marker_p, 1, 1},
  {"floatp", Ffloatp, 1, 1},
  {"fixnump", Ffixnump, 1, 1},
  {"bignump", Fbignump, 1, 1},
  {"natnump", Fnatnump, 1, 1},
  {"wholenump", Fnatnump, 1, 1},
  {"zerop", Fzerop, 1, 1},
};

static void defconst_c(mrt *rt, const char *name, mval value)
{
  mval sym = intern(rt, name);
  defvar(rt, sym, value);
  XSYMBOL(rt, sym)->constant = 1;
}

void arith_init(mrt *rt)
{
  defsubrs(rt, arith_subrs, sizeof arith_subrs / sizeof arith_subrs[0]);
  defconst_c(rt, "most-positive-fixnum", make_fixnum(MOST_POSITIVE_FIXNUM));
  defconst_c(rt, "most-negative-fixnum", make_fixnum(MOST_NEGATIVE_FIXNUM));
  defvar(rt, intern(rt, "float-pi"), make_float(rt, 3.141592653589793));
  defvar(rt, intern(rt, "float-e"), make_float(rt, 2.718281828459045));
  defvar(rt, Qfloat_output_format, Qnil);
}
