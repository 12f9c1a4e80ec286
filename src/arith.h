/* arith.h -- layer 5: number primitives over fixnums, bignums and floats. */
#ifndef MARROW_ARITH_H
#define MARROW_ARITH_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void arith_init(mrt *rt);

/* Emacs's printed form of a float: the shortest text that reads back
   to the same double ("0.1", "1e+20", "-0.0", "1.0e+INF", "0.0e+NaN"),
   or as float-output-format asks ("%.3f").  Writes a NUL-terminated
   string into BUF and returns its length.  FLOAT_STRING_SIZE bytes are
   always enough (%.15f of a double near DBL_MAX). */
#define FLOAT_STRING_SIZE 350
size_t float_to_string(mrt *rt, double d, char *buf, size_t n);
/* number-to-string: decimal integer or float_to_string, as a Lisp string. */
mval number_to_string(mrt *rt, mval number);
/* Emacs's string_to_number, for the reader and string-to-number: the
   number S[0..LEN) starts with, in BASE (2..36; floats only in base
   10), or Qnil when it starts with none.  *USED (may be NULL) gets
   the bytes consumed; the reader takes the token as a number only
   when that is the whole token.  "1." is the integer 1; "1.0e+INF"
   and "0.0e+NaN" are floats. */
mval arith_parse_number(mrt *rt, const char *s, size_t len, int base, size_t *used);

/* Numeric comparison over fixnum, bignum and float mixes, exact even
   between large integers and floats, for other modules (sort, equal,
   ...).  Returns -1, 0 or 1, or ARITH_UNORDERED when a NaN is
   involved; signals (wrong-type-argument number-or-marker-p X) on a
   non-number. */
#define ARITH_UNORDERED 2
int arith_compare(mrt *rt, mval a, mval b);

/* ------------------------------------------------------------------ */
/* Fast paths for the evaluator                                        */
/* ------------------------------------------------------------------ */

/* Two-argument forms of + - * and the comparisons, with the fixnum case
   inline: a tagged fixnum is n << 2, so adding or subtracting tagged
   words adds or subtracts the numbers, and the machine's overflow flag
   is exactly fixnum overflow.  The _slow functions take every other
   case (promotion, bignums, floats, type errors). */
mval arith_add2_slow(mrt *rt, mval a, mval b);
mval arith_sub2_slow(mrt *rt, mval a, mval b);
mval arith_mul2_slow(mrt *rt, mval a, mval b);

/* The same, computing into DST when DST is a bignum (one of A and B)
   that nothing but the caller holds: the evaluator's temporaries.
   Otherwise exactly the _slow functions.  Every bignum these and the
   _slow functions return is a new object or DST, never another
   operand. */
mval arith_add2_into(mrt *rt, mval a, mval b, mval dst);
mval arith_sub2_into(mrt *rt, mval a, mval b, mval dst);
mval arith_mul2_into(mrt *rt, mval a, mval b, mval dst);
/* ACC + A * B (or ACC - A * B), computed into ACC, a bignum as above;
   the product is checked as * checks it. */
mval arith_addmul_into(mrt *rt, mval acc, mval a, mval b, bool subtract);
/* (truncate N D) and (floor N D), D non-nil: a new integer, never N or D. */
mval arith_truncate2(mrt *rt, mval n, mval d);
mval arith_floor2(mrt *rt, mval n, mval d);

static inline bool both_fixnums(mval a, mval b) { return ((a | b) & 3) == 0; }

static inline mval arith_add2(mrt *rt, mval a, mval b)
{
  int64_t r;
  if (both_fixnums(a, b) && !__builtin_add_overflow((int64_t)a, (int64_t)b, &r))
    return (mval)r;
  return arith_add2_slow(rt, a, b);
}

static inline mval arith_sub2(mrt *rt, mval a, mval b)
{
  int64_t r;
  if (both_fixnums(a, b) && !__builtin_sub_overflow((int64_t)a, (int64_t)b, &r))
    return (mval)r;
  return arith_sub2_slow(rt, a, b);
}

/* n * (m << 2) == (n * m) << 2, overflowing exactly when n * m does. */
static inline mval arith_mul2(mrt *rt, mval a, mval b)
{
  int64_t r;
  if (both_fixnums(a, b) && !__builtin_mul_overflow(XFIXNUM(a), (int64_t)b, &r))
    return (mval)r;
  return arith_mul2_slow(rt, a, b);
}

static inline mval arith_add1(mrt *rt, mval a) { return arith_add2(rt, a, make_fixnum(1)); }
static inline mval arith_sub1(mrt *rt, mval a) { return arith_sub2(rt, a, make_fixnum(1)); }

/* Tagged fixnums order as their values. */
static inline bool arith_lt2(mrt *rt, mval a, mval b)
{
  return both_fixnums(a, b) ? (int64_t)a < (int64_t)b : arith_compare(rt, a, b) == -1;
}
static inline bool arith_gt2(mrt *rt, mval a, mval b)
{
  return both_fixnums(a, b) ? (int64_t)a > (int64_t)b : arith_compare(rt, a, b) == 1;
}
static inline bool arith_le2(mrt *rt, mval a, mval b)
{
  if (both_fixnums(a, b))
    return (int64_t)a <= (int64_t)b;
  int c = arith_compare(rt, a, b);
  return c == -1 || c == 0;
}
static inline bool arith_ge2(mrt *rt, mval a, mval b)
{
  if (both_fixnums(a, b))
    return (int64_t)a >= (int64_t)b;
  int c = arith_compare(rt, a, b);
  return c == 1 || c == 0;
}
/* Numeric `=' (so (= 1 1.0) is true). */
static inline bool arith_eq2(mrt *rt, mval a, mval b)
{
  return both_fixnums(a, b) ? a == b : arith_compare(rt, a, b) == 0;
}

#endif
