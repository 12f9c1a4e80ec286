/*
** timefns.c -- layer 5: Lisp time values, their arithmetic, and
** calendar conversion (decode-time, encode-time, format-time-string).
**
** Invariants:
**   - A time is handled as the exact fraction TICKS/HZ (GMP integers),
**     as Emacs 28 does: an integer is (N . 1), (HI LO US PS) is over
**     10^12, a float is its exact binary fraction.  Results take the
**     form Emacs 28 picks (see time_result).
**   - No argument error is signalled while an mpz is live: every
**     argument is checked before the first mpz_init, so GMP memory
**     cannot leak on bad input (making a result may still run out of
**     memory, which ends the runtime anyway).
**   - A named time zone (a TZ string) is applied by setting TZ around
**     one libc call and restoring it at once; nothing between may
**     signal.
*/
#include "config.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "timefns.h"
#include "arith.h"
#include "bignum.h"
#include "printer.h"

#define TRILLION 1000000000000ull
#define LO_TIME_BITS 16

static _Noreturn void invalid_time(mrt *rt) { mrt_error(rt, "Invalid time specification"); }
static _Noreturn void unrepresentable(mrt *rt)
{
  mrt_error(rt, "Specified time is not representable");
}

/* ================================================================== */
/* Time values as fractions                                           */
/* ================================================================== */

/* How a time argument was written; the result's form depends on it. */
enum tform { TF_NOW, TF_INTEGER, TF_FLOAT, TF_TICKS_HZ, TF_LIST };

struct ltime {
  mpz_t ticks, hz;
  enum tform form;
};

static void ltime_clear(struct ltime *t)
{
  mpz_clear(t->ticks);
  mpz_clear(t->hz);
}

static void ltime_copy(struct ltime *to, const struct ltime *from)
{
  mpz_init_set(to->ticks, from->ticks);
  mpz_init_set(to->hz, from->hz);
  to->form = from->form;
}

static bool nonfinite_float(mval x) { return FLOATP(x) && !isfinite(XFLOAT(x)); }

/* Emacs warns, then reads the pair as (TICKS . HZ). */
static void warn_obsolete_pair(mrt *rt, mval hz)
{
  if (FIXNUMP(hz) && XFIXNUM(hz) >= 0 && XFIXNUM(hz) < (1 << LO_TIME_BITS)) {
    char msg[64];
    int n = snprintf(msg, sizeof msg, "obsolete timestamp with cdr %lld", (long long)XFIXNUM(hz));
    write_message(rt, msg, (size_t)n);
  }
}

static bool positive_integer(mval x)
{
  return FIXNUMP(x) ? XFIXNUM(x) > 0 : BIGNUMP(x) && mpz_sgn(XBIGNUM_MPZ(x)) > 0;
}

/* The (HI LO [US [PS]]) components of T, which must all be integers;
   returns their number, or 0 when T is not such a list. */
static int list_components(mval t, mval parts[4])
{
  int n = 0;
  mval l = t;
  for (; CONSP(l) && n < 4; l = XCDR(l))
    parts[n++] = XCAR(l);
  if (n < 4 && !NILP(l) && !CONSP(l))
    parts[n++] = l; /* (HI LO . US), which Emacs accepts too */
  if (n < 2)
    return 0;
  for (int i = 0; i < n; i++)
    if (!INTEGERP(parts[i]))
      return 0;
  return n;
}

/* Shape of T, checked before any mpz exists; signals when invalid.
   WARN_PAIR: whether a (TICKS . HZ) with a small HZ gets Emacs's
   obsolescence warning (time-convert and float-time give none). */
static enum tform time_form(mrt *rt, mval t, bool warn_pair)
{
  if (NILP(t))
    return TF_NOW;
  if (INTEGERP(t))
    return TF_INTEGER;
  if (FLOATP(t)) {
    /* Emacs: a NaN is no time at all, an infinity one too far away. */
    if (isnan(XFLOAT(t)))
      invalid_time(rt);
    if (!isfinite(XFLOAT(t)))
      unrepresentable(rt);
    return TF_FLOAT;
  }
  /* Emacs warns of a small HZ before it looks at TICKS: (a . 1) too. */
  if (CONSP(t) && warn_pair && FIXNUMP(XCDR(t)))
    warn_obsolete_pair(rt, XCDR(t));
  if (CONSP(t) && INTEGERP(XCAR(t)) && INTEGERP(XCDR(t))) {
    if (!positive_integer(XCDR(t)))
      invalid_time(rt);
    return TF_TICKS_HZ;
  }
  mval parts[4];
  if (CONSP(t) && list_components(t, parts))
    return TF_LIST;
  invalid_time(rt);
}

/* Emacs's resolution of a double: HZ = 2^scale, the smallest power of
   two that makes every bit of D an integer bit (at least 1). */
static void decode_float(double d, struct ltime *out)
{
  int e = ilogb(d);
  int scale = d == 0 ? 0 : e < DBL_MIN_EXP - 1 ? DBL_MANT_DIG - DBL_MIN_EXP
                                               : DBL_MANT_DIG - 1 - e;
  if (scale < 0)
    scale = 0;
  mpz_set_d(out->ticks, scalbn(d, scale));
  mpz_set_ui(out->hz, 1);
  mpz_mul_2exp(out->hz, out->hz, (mp_bitcnt_t)scale);
}

static void decode_list(mval t, struct ltime *out)
{
  static const unsigned long scale[4] = {1, 1ul << LO_TIME_BITS, 1000000, 1000000};
  mval parts[4];
  int n = list_components(t, parts);
  mpz_t part;
  mpz_init(part);
  for (int i = 0; i < n; i++) {
    mpz_mul_ui(out->ticks, out->ticks, scale[i]);
    integer_to_mpz(parts[i], part);
    mpz_add(out->ticks, out->ticks, part);
  }
  mpz_clear(part);
  mpz_set_ui(out->hz, n == 2 ? 1 : n == 3 ? 1000000 : TRILLION);
}

static void decode_clock(clockid_t clock, struct ltime *out)
{
  struct timespec ts;
  clock_gettime(clock, &ts);
  mpz_set_si(out->ticks, (long)ts.tv_sec);
  mpz_mul_ui(out->ticks, out->ticks, 1000000000);
  mpz_add_ui(out->ticks, out->ticks, (unsigned long)ts.tv_nsec);
  mpz_set_ui(out->hz, 1000000000);
}

/* Decodes T into OUT (mpz_init'ed here).  All signalling happens
   before that, so the caller owns OUT only on return.  WARN_PAIR as
   for time_form. */
static void time_decode_as(mrt *rt, mval t, struct ltime *out, bool warn_pair)
{
  enum tform form = time_form(rt, t, warn_pair);
  mpz_init(out->ticks);
  mpz_init(out->hz);
  out->form = form;
  switch (form) {
  case TF_NOW: decode_clock(CLOCK_REALTIME, out); break;
  case TF_INTEGER: integer_to_mpz(t, out->ticks); mpz_set_ui(out->hz, 1); break;
  case TF_FLOAT: decode_float(XFLOAT(t), out); break;
  case TF_TICKS_HZ: integer_to_mpz(XCAR(t), out->ticks); integer_to_mpz(XCDR(t), out->hz); break;
  case TF_LIST: decode_list(t, out); break;
  }
}

static void time_decode(mrt *rt, mval t, struct ltime *out)
{
  time_decode_as(rt, t, out, true);
}

/* ---- Results ---- */

/* A computed result, as Lisp integers: the mpz are gone by then. */
struct time_parts {
  mval ticks, hz;
};

static struct time_parts parts_of(mrt *rt, mpz_srcptr ticks, mpz_srcptr hz)
{
  struct time_parts p;
  p.ticks = make_integer_mpz(rt, ticks);
  p.hz = make_integer_mpz(rt, hz);
  return p;
}

static bool trillion_factor(mpz_srcptr hz)
{
  return mpz_cmp_ui(hz, TRILLION) <= 0 && TRILLION % mpz_get_ui(hz) == 0;
}

/* (HI LO US PS) for TICKS/HZ, rounded down to a picosecond.  Computed
   in mpz and converted at the end, as the module's invariant asks. */
static mval list4_of(mrt *rt, struct time_parts p)
{
  mpz_t ps, rem, hz;
  mpz_inits(ps, rem, hz, NULL);
  integer_to_mpz(p.ticks, ps);
  integer_to_mpz(p.hz, hz);
  mpz_mul_ui(ps, ps, TRILLION);
  mpz_fdiv_q(ps, ps, hz);
  unsigned long sub = mpz_fdiv_qr_ui(ps, rem, ps, TRILLION);
  unsigned long lo = mpz_fdiv_q_ui(ps, ps, 1ul << LO_TIME_BITS);
  mval hi = make_integer_mpz(rt, ps);
  mpz_clears(ps, rem, hz, NULL);
  return list4(rt, hi, make_fixnum((int64_t)lo), make_fixnum((int64_t)(sub / 1000000)),
               make_fixnum((int64_t)(sub % 1000000)));
}

/* Emacs 28's choice: an integer when HZ is 1; (TICKS . HZ) when an
   input was in that form or the list form cannot hold it exactly;
   otherwise (HI LO US PS). */
static mval time_result(mrt *rt, mpz_t ticks, mpz_t hz, bool ticks_hz_input)
{
  bool integral = mpz_cmp_ui(hz, 1) == 0;
  bool as_pair = ticks_hz_input || !trillion_factor(hz);
  struct time_parts p = parts_of(rt, ticks, hz);
  mpz_clears(ticks, hz, NULL);
  if (integral)
    return p.ticks;
  return as_pair ? Fcons(rt, p.ticks, p.hz) : list4_of(rt, p);
}

static double fraction_to_double(mpz_srcptr ticks, mpz_srcptr hz)
{
  /* Scale so that the quotient carries more bits than a double, with
     a sticky bit for any remainder, then round once. */
  mpz_t q, r;
  mpz_inits(q, r, NULL);
  long shift = 64 + (long)mpz_sizeinbase(hz, 2) - (long)mpz_sizeinbase(ticks, 2);
  if (shift < 0)
    shift = 0;
  mpz_mul_2exp(q, ticks, (mp_bitcnt_t)shift);
  mpz_tdiv_qr(q, r, q, hz);
  if (mpz_sgn(r) != 0)
    mpz_setbit(q, 0);
  double d = ldexp(bignum_mpz_to_double(q), (int)-shift);
  mpz_clears(q, r, NULL);
  return d;
}

static double float_time_of(mrt *rt, mval t)
{
  if (FLOATP(t))
    return XFLOAT(t);
  struct ltime lt;
  time_decode_as(rt, t, &lt, false);
  double d = fraction_to_double(lt.ticks, lt.hz);
  ltime_clear(&lt);
  return d;
}

/* ================================================================== */
/* Arithmetic and comparison                                          */
/* ================================================================== */

/* TICKS/HZ = A op B over the lcm of the frequencies, reduced but never
   below the smaller input frequency (Emacs's rule). */
static void fraction_arith(struct ltime *a, struct ltime *b, bool subtract,
                           mpz_t ticks, mpz_t hz)
{
  mpz_t g, fa, fb;
  mpz_inits(g, fa, fb, NULL);
  bool same = mpz_cmp(a->hz, b->hz) == 0;
  mpz_srcptr hzmin = mpz_cmp(a->hz, b->hz) < 0 ? a->hz : b->hz;
  mpz_gcd(g, a->hz, b->hz);
  mpz_divexact(fa, a->hz, g);
  mpz_divexact(fb, b->hz, g);
  mpz_mul(hz, fa, b->hz);
  mpz_mul(ticks, a->ticks, fb);
  mpz_mul(fb, b->ticks, fa);
  (subtract ? mpz_sub : mpz_add)(ticks, ticks, fb);
  if (!same) {
    mpz_gcd(g, ticks, hz);
    mpz_divexact(ticks, ticks, g);
    mpz_divexact(hz, hz, g);
    if (mpz_cmp(hz, hzmin) < 0) {
      mpz_cdiv_q(g, hzmin, hz);
      mpz_mul(ticks, ticks, g);
      mpz_mul(hz, hz, g);
    }
  }
  mpz_clears(g, fa, fb, NULL);
}

static mval time_arith(mrt *rt, mval a, mval b, bool subtract)
{
  if (nonfinite_float(a) || nonfinite_float(b)) {
    double x = float_time_of(rt, a), y = float_time_of(rt, b);
    return make_float(rt, subtract ? x - y : x + y);
  }
  struct ltime ta, tb;
  time_decode(rt, a, &ta);
  /* The same argument twice is one time: nil reads the clock once, so
     that (time-subtract nil nil) is zero, as in Emacs. */
  if (a == b)
    ltime_copy(&tb, &ta);
  else
    time_decode(rt, b, &tb);
  bool pair_input = ta.form == TF_TICKS_HZ || tb.form == TF_TICKS_HZ;
  mpz_t ticks, hz;
  mpz_inits(ticks, hz, NULL);
  fraction_arith(&ta, &tb, subtract, ticks, hz);
  ltime_clear(&ta);
  ltime_clear(&tb);
  return time_result(rt, ticks, hz, pair_input);
}

static mval Ftime_add(mrt *rt, int nargs, mval *args) { return time_arith(rt, args[0], args[1], false); }
static mval Ftime_subtract(mrt *rt, int nargs, mval *args)
{
  return time_arith(rt, args[0], args[1], true);
}

/* -1, 0 or 1; 2 when a NaN makes the times unordered. */
static int time_compare(mrt *rt, mval a, mval b)
{
  if (nonfinite_float(a) || nonfinite_float(b)) {
    double x = float_time_of(rt, a), y = float_time_of(rt, b);
    return x < y ? -1 : x > y ? 1 : x == y ? 0 : 2;
  }
  struct ltime ta, tb;
  time_decode(rt, a, &ta);
  time_decode(rt, b, &tb);
  mpz_mul(ta.ticks, ta.ticks, tb.hz);
  mpz_mul(tb.ticks, tb.ticks, ta.hz);
  int c = mpz_cmp(ta.ticks, tb.ticks);
  ltime_clear(&ta);
  ltime_clear(&tb);
  return c < 0 ? -1 : c > 0;
}

static mval Ftime_less_p(mrt *rt, int nargs, mval *args)
{
  if (args[0] == args[1]) /* two nils: one instant, as in Emacs */
    return Qnil;
  return time_compare(rt, args[0], args[1]) == -1 ? Qt : Qnil;
}

static mval Ftime_equal_p(mrt *rt, int nargs, mval *args)
{
  /* A NaN is not equal to itself, even as one object. */
  if (args[0] == args[1] && !(FLOATP(args[0]) && isnan(XFLOAT(args[0]))))
    return Qt;
  return time_compare(rt, args[0], args[1]) == 0 ? Qt : Qnil;
}

static mval Ffloat_time(mrt *rt, int nargs, mval *args)
{
  return make_float(rt, float_time_of(rt, args[0]));
}

/* CLOCK's reading in Emacs 28's list form (HIGH LOW USEC PSEC). */
static mval clock_list(mrt *rt, clockid_t clock)
{
  struct ltime now;
  mpz_inits(now.ticks, now.hz, NULL);
  decode_clock(clock, &now);
  struct time_parts p = parts_of(rt, now.ticks, now.hz);
  ltime_clear(&now);
  return list4_of(rt, p);
}

static mval Fcurrent_time(mrt *rt, int nargs, mval *args) { return clock_list(rt, CLOCK_REALTIME); }

/* (get-internal-run-time): the processor time used so far. */
static mval Fget_internal_run_time(mrt *rt, int nargs, mval *args)
{
  return clock_list(rt, CLOCK_PROCESS_CPUTIME_ID);
}

/* ---- time-convert ---- */

enum convert_to { TO_LIST, TO_INTEGER, TO_TICKS_HZ, TO_HZ };

static enum convert_to convert_target(mrt *rt, mval form)
{
  if (NILP(form) || form == intern(rt, "list"))
    return TO_LIST;
  if (form == intern(rt, "integer"))
    return TO_INTEGER;
  if (form == Qt)
    return TO_TICKS_HZ;
  if (positive_integer(form))
    return TO_HZ;
  mrt_signal(rt, Qerror, list2(rt, make_cstring(rt, "Invalid time frequency"), form));
}

/* (time-convert TIME &optional FORM) */
static mval Ftime_convert(mrt *rt, int nargs, mval *args)
{
  /* Emacs rejects a bad TIME before it looks at FORM. */
  time_form(rt, args[0], false);
  enum convert_to to = convert_target(rt, args[1]);
  struct ltime t;
  time_decode_as(rt, args[0], &t, false);
  if (to == TO_INTEGER) {
    mpz_fdiv_q(t.ticks, t.ticks, t.hz);
    mval n = make_integer_mpz(rt, t.ticks);
    ltime_clear(&t);
    return n;
  }
  if (to == TO_HZ) {
    mpz_t want;
    mpz_init(want);
    integer_to_mpz(args[1], want);
    mpz_mul(t.ticks, t.ticks, want);
    mpz_fdiv_q(t.ticks, t.ticks, t.hz);
    mpz_swap(t.hz, want);
    mpz_clear(want);
  }
  struct time_parts p = parts_of(rt, t.ticks, t.hz);
  ltime_clear(&t);
  return to == TO_LIST ? list4_of(rt, p) : Fcons(rt, p.ticks, p.hz);
}

/* ================================================================== */
/* Time zones                                                         */
/* ================================================================== */

enum zone_kind { ZONE_LOCAL, ZONE_UTC, ZONE_TZ };

struct zone {
  enum zone_kind kind;
  const char *tz;    /* ZONE_TZ: the TZ rule, the caller's string or rule[];
                        NULL for the system's default */
  char rule[128];    /* a TZ rule made from a numeric zone */
  char abbr[64];     /* the zone's name after a ZONE_TZ call */
  char *saved_tz;    /* while a ZONE_TZ is applied: the old TZ */
  bool had_tz;
  bool numeric;      /* made from an offset: has no daylight saving */
};

/* A numeric zone becomes a TZ rule, as Emacs makes it, so that libc
   decides the edge cases (abbreviations shorter than three letters,
   offsets past a day) as it does under Emacs.  A plain offset is named
   by its shortest exact form: +01, +0530, -053030. */
static void offset_rule(struct zone *z, long offset, const char *abbr)
{
  long a = offset < 0 ? -offset : offset;
  long h = a / 3600, m = a / 60 % 60, s = a % 60;
  char name[64];
  if (abbr)
    snprintf(name, sizeof name, "%s", abbr);
  else
    snprintf(name, sizeof name, "%c%0*ld", offset < 0 ? '-' : '+', s ? 6 : m ? 4 : 2,
             s ? h * 10000 + m * 100 + s : m ? h * 100 + m : h);
  snprintf(z->rule, sizeof z->rule, "<%s>%s%ld:%02ld:%02ld", name, offset < 0 ? "" : "-", h, m, s);
  z->kind = ZONE_TZ;
  z->tz = z->rule;
  z->numeric = true;
}

static bool zone_seconds(mval x, long *out)
{
  if (!FIXNUMP(x) || XFIXNUM(x) <= -(1l << 31) || XFIXNUM(x) >= (1l << 31))
    return false;
  *out = (long)XFIXNUM(x);
  return true;
}

/* ZONE as Emacs reads it: nil (local), wall (the system's), t or 0 (UTC, which libc
   names GMT), an offset in seconds, (OFFSET ABBR), or a TZ string. */
static void zone_decode(mrt *rt, mval zone, struct zone *z)
{
  memset(z, 0, sizeof *z);
  long off;
  if (NILP(zone))
    z->kind = ZONE_LOCAL;
  else if (zone == intern(rt, "wall"))
    z->kind = ZONE_TZ; /* with no rule: the system's zone, whatever TZ says */
  else if (zone == Qt || zone == make_fixnum(0))
    z->kind = ZONE_UTC;
  else if (zone_seconds(zone, &off))
    offset_rule(z, off, NULL);
  else if (CONSP(zone) && zone_seconds(XCAR(zone), &off) && CONSP(XCDR(zone))) {
    CHECK_STRING(rt, XCAR(XCDR(zone))); /* Emacs: (3600 nil) is (wrong-type-argument stringp nil) */
    offset_rule(z, off, (const char *)XSTRING(XCAR(XCDR(zone)))->data);
  }
  else if (STRINGP(zone)) {
    z->kind = ZONE_TZ;
    z->tz = (const char *)XSTRING(zone)->data;
  } else
    mrt_signal(rt, Qerror, list2(rt, make_cstring(rt, "Invalid time zone specification"), zone));
}

/* ZONE_TZ only: make its rule the process's for one libc call. */
static void zone_enter(struct zone *z)
{
  if (z->kind != ZONE_TZ)
    return;
  const char *old = getenv("TZ");
  z->had_tz = old != NULL;
  z->saved_tz = old ? strdup(old) : NULL;
  if (z->tz)
    setenv("TZ", z->tz, 1);
  else
    unsetenv("TZ");
  tzset();
}

static void zone_leave(struct zone *z)
{
  if (z->kind != ZONE_TZ)
    return;
  if (z->had_tz && z->saved_tz)
    setenv("TZ", z->saved_tz, 1);
  else
    unsetenv("TZ");
  free(z->saved_tz);
  z->saved_tz = NULL;
  tzset();
}

/* Broken-down time of S in Z; false when out of range.  TM's zone
   name points into Z, which must outlive it. */
static bool zone_breakdown(struct zone *z, time_t s, struct tm *tm)
{
  if (z->kind == ZONE_UTC)
    return gmtime_r(&s, tm) != NULL;
  zone_enter(z);
  bool ok = localtime_r(&s, tm) != NULL;
  if (ok && tm->tm_zone) {
    snprintf(z->abbr, sizeof z->abbr, "%s", tm->tm_zone);
    tm->tm_zone = z->abbr;
  }
  zone_leave(z);
  return ok;
}

/* The inverse: seconds since the epoch of TM in Z (normalizing TM). */
static bool zone_mktime(struct zone *z, struct tm *tm, time_t *out)
{
  int wday_unset = -1;
  tm->tm_wday = wday_unset; /* mktime's -1 may be a valid time: see tm_wday */
  if (z->numeric)
    tm->tm_isdst = -1; /* Emacs ignores DST for an offset */
  if (z->kind == ZONE_UTC)
    *out = timegm(tm);
  else {
    zone_enter(z);
    *out = mktime(tm);
    zone_leave(z);
  }
  return tm->tm_wday != wday_unset;
}

/* ================================================================== */
/* Calendar                                                           */
/* ================================================================== */

/* A time split into whole seconds (floored) and the fraction left. */
struct split_time {
  time_t secs;
  long nsec;              /* the fraction in nanoseconds, rounded down */
  struct time_parts sub;  /* the fraction as (TICKS . HZ) */
};

static struct split_time split_time_as(mrt *rt, mval t, bool warn_pair)
{
  struct ltime lt;
  time_decode_as(rt, t, &lt, warn_pair);
  mpz_t secs, frac, ns;
  mpz_inits(secs, frac, ns, NULL);
  mpz_fdiv_qr(secs, frac, lt.ticks, lt.hz);
  mpz_mul_ui(ns, frac, 1000000000);
  mpz_fdiv_q(ns, ns, lt.hz);
  bool fits = mpz_fits_slong_p(secs);
  struct split_time st = {fits ? (time_t)mpz_get_si(secs) : 0, (long)mpz_get_ui(ns), {0, 0}};
  mpz_clears(secs, ns, NULL);
  if (fits)
    st.sub = parts_of(rt, frac, lt.hz);
  mpz_clear(frac);
  ltime_clear(&lt);
  if (!fits)
    unrepresentable(rt);
  return st;
}

static struct split_time split_time(mrt *rt, mval t) { return split_time_as(rt, t, true); }

struct timespec timefns_to_timespec(mrt *rt, mval t)
{
  struct split_time st = split_time(rt, t);
  return (struct timespec){ .tv_sec = st.secs, .tv_nsec = st.nsec };
}

mval timefns_from_timespec(mrt *rt, struct timespec ts)
{
  struct ltime lt;
  mpz_inits(lt.ticks, lt.hz, NULL);
  mpz_set_si(lt.ticks, (long)ts.tv_sec);
  mpz_mul_ui(lt.ticks, lt.ticks, 1000000000);
  mpz_add_ui(lt.ticks, lt.ticks, (unsigned long)ts.tv_nsec);
  mpz_set_ui(lt.hz, 1000000000);
  struct time_parts p = parts_of(rt, lt.ticks, lt.hz);
  ltime_clear(&lt);
  return list4_of(rt, p);
}

static struct tm breakdown(mrt *rt, time_t secs, struct zone *z)
{
  struct tm tm;
  if (!zone_breakdown(z, secs, &tm))
    unrepresentable(rt);
  return tm;
}

/* SEC as decode-time's FORM asks: an integer, or (TICKS . HZ) when
   FORM is t and the time had a sub-second resolution. */
static mval seconds_field(mrt *rt, const struct tm *tm, struct split_time *st, mval form)
{
  if (form != Qt || st->sub.hz == make_fixnum(1))
    return make_fixnum(tm->tm_sec);
  mval whole = arith_mul2(rt, make_fixnum(tm->tm_sec), st->sub.hz);
  return Fcons(rt, arith_add2(rt, whole, st->sub.ticks), st->sub.hz);
}

static mval dst_flag(int isdst) { return isdst > 0 ? Qt : isdst == 0 ? Qnil : make_fixnum(-1); }

/* (decode-time &optional TIME ZONE FORM):
   (SEC MINUTE HOUR DAY MONTH YEAR DOW DST UTCOFF) */
static mval Fdecode_time(mrt *rt, int nargs, mval *args)
{
  struct split_time st = split_time(rt, args[0]);
  struct zone z;
  zone_decode(rt, args[1], &z);
  struct tm tm = breakdown(rt, st.secs, &z);
  mval items[] = {
    seconds_field(rt, &tm, &st, args[2]), make_fixnum(tm.tm_min),
    make_fixnum(tm.tm_hour), make_fixnum(tm.tm_mday), make_fixnum(tm.tm_mon + 1),
    make_int(rt, (int64_t)tm.tm_year + 1900), make_fixnum(tm.tm_wday),
    dst_flag(tm.tm_isdst), make_fixnum(tm.tm_gmtoff),
  };
  return listn(rt, sizeof items / sizeof items[0], items);
}

static int tm_field(mrt *rt, mval x, int bias)
{
  CHECK_FIXNUM(rt, x);
  int64_t v = XFIXNUM(x) - bias;
  if (v < INT_MIN || v > INT_MAX) /* as Emacs: any int is given to mktime */
    unrepresentable(rt);
  return (int)v;
}

/* The calendar fields of encode-time, in decode-time's order. */
struct calendar {
  mval sec, min, hour, day, month, year, dst, zone;
};

static struct calendar calendar_from_list(mrt *rt, mval l)
{
  mval cell[9];
  for (int i = 0; i < 9; i++, l = XCDR(l)) {
    CHECK_CONS(rt, l);
    cell[i] = XCAR(l);
  }
  return (struct calendar){cell[0], cell[1], cell[2], cell[3], cell[4], cell[5], cell[7], cell[8]};
}

/* SEC of encode-time, decoded: an integer as it is, a time split into
   whole seconds and the fraction *SUB.  Only tm_field may then find the
   seconds out of range. */
static mval seconds_argument(mrt *rt, mval sec, struct time_parts *sub)
{
  if (INTEGERP(sec)) {
    *sub = (struct time_parts){make_fixnum(0), make_fixnum(1)};
    return sec;
  }
  struct split_time st = split_time_as(rt, sec, false); /* Emacs gives no warning here */
  *sub = st.sub;
  return make_int(rt, (int64_t)st.secs);
}

/* SECS plus the fraction SUB: (HI LO) when whole, else (TICKS . HZ). */
static mval encoded_time(mrt *rt, time_t secs, struct time_parts sub)
{
  if (sub.hz == make_fixnum(1))
    return list2(rt, make_int(rt, (int64_t)secs >> LO_TIME_BITS),
                 make_fixnum((int64_t)secs & ((1 << LO_TIME_BITS) - 1)));
  mval whole = arith_mul2(rt, make_int(rt, (int64_t)secs), sub.hz);
  return Fcons(rt, arith_add2(rt, whole, sub.ticks), sub.hz);
}

/* (encode-time TIME) with TIME (SEC MINUTE HOUR DAY MONTH YEAR IGNORED
   DST ZONE), or the obsolescent (encode-time SEC MINUTE HOUR DAY MONTH
   YEAR &rest IGNORED-THEN-ZONE). */
static mval Fencode_time(mrt *rt, int nargs, mval *args)
{
  if (nargs > 1 && nargs < 6)
    xsignal2(rt, Qwrong_number_of_arguments, intern(rt, "encode-time"), make_fixnum(nargs));
  struct calendar c = nargs == 1 ? calendar_from_list(rt, args[0])
                                 : (struct calendar){args[0], args[1], args[2], args[3], args[4],
                                                     args[5], make_fixnum(-1),
                                                     nargs > 6 ? args[nargs - 1] : Qnil};
  /* As Emacs: a bad seconds value is reported first, then the other
     fields in order, and only then may the seconds be out of range. */
  struct time_parts sub;
  mval whole_secs = seconds_argument(rt, c.sec, &sub);
  /* As Emacs 28: nil is standard time, any other symbol (not just t)
     daylight saving time, anything else (-1 and other numbers) unknown. */
  struct tm tm = { .tm_isdst = NILP(c.dst) ? 0 : SYMBOLP(c.dst) ? 1 : -1 };
  tm.tm_min = tm_field(rt, c.min, 0);
  tm.tm_hour = tm_field(rt, c.hour, 0);
  tm.tm_mday = tm_field(rt, c.day, 0);
  tm.tm_mon = tm_field(rt, c.month, 1);
  tm.tm_year = tm_field(rt, c.year, 1900);
  tm.tm_sec = tm_field(rt, whole_secs, 0);
  struct zone z;
  zone_decode(rt, c.zone, &z);
  time_t secs;
  if (!zone_mktime(&z, &tm, &secs))
    unrepresentable(rt);
  return encoded_time(rt, secs, sub);
}

/* ---- format-time-string ---- */

/* One %-directive: flags, width, colons, E/O modifier, conversion. */
struct directive {
  char pad;        /* 0, '_', '-', '0' */
  bool upcase, swapcase, plus;
  long width;      /* -1 when absent */
  int colons;
  char modifier;   /* 0, 'E' or 'O' */
  char conv;
  const char *start; /* the directive's text, for one libc rejects */
  size_t len;
};

static const char *parse_directive(const char *p, const char *end, struct directive *d)
{
  memset(d, 0, sizeof *d);
  d->width = -1;
  d->start = p;
  for (p++; p < end && strchr("_-0^#+", *p); p++) {
    if (*p == '^')
      d->upcase = true;
    else if (*p == '#')
      d->swapcase = true;
    else if (*p == '+') /* the last of the padding flags is the one */
      d->plus = true, d->pad = 0;
    else
      d->pad = *p, d->plus = false;
  }
  if (p < end && *p >= '1' && *p <= '9') {
    d->width = 0;
    for (; p < end && *p >= '0' && *p <= '9'; p++)
      d->width = d->width < 100000 ? d->width * 10 + (*p - '0') : d->width;
  }
  for (; p < end && *p == ':' && d->colons < 3; p++)
    d->colons++;
  if (p + 1 < end && (*p == 'E' || *p == 'O'))
    d->modifier = *p++;
  d->conv = p < end ? *p++ : 0;
  d->len = (size_t)(p - d->start);
  return p;
}

/* The number N (NEGATIVE: shown with '-', even when N is 0) padded to
   WIDTH as the directive says: zeros after the sign by default, spaces
   before it with '_', none with '-'.  WIDTH counts the sign. */
static void put_signed(struct strbuf *b, const struct directive *d, long width, bool negative,
                       long long n, bool sign)
{
  char digits[32];
  int len = snprintf(digits, sizeof digits, "%lld", n);
  char fill = d->pad == '_' ? ' ' : '0';
  bool show_sign = negative || sign;
  long padding = d->pad == '-' ? 0 : width - len - show_sign;
  for (; fill == ' ' && padding > 0; padding--)
    strbuf_put(b, " ", 1);
  if (show_sign)
    strbuf_put(b, negative ? "-" : "+", 1);
  for (; padding > 0; padding--)
    strbuf_put(b, "0", 1);
  strbuf_put(b, digits, (size_t)len);
}

/* A number padded as the directive says, to its width or MIN_WIDTH;
   SIGN shows '+' before a non-negative N. */
static void put_number(struct strbuf *b, const struct directive *d, long long n,
                       int min_width, bool sign)
{
  put_signed(b, d, d->width >= 0 ? d->width : min_width, n < 0, n < 0 ? -n : n, sign);
}

/* %z as gnulib writes it: a signed number, hhmm, or for %:z and %::z
   the hours followed by ":mm" or ":mm:ss"; %:::z is the shortest of
   hh, hh:mm and hh:mm:ss that is exact.  The width (6 for +hh:mm...)
   counts the sign and the minutes and seconds, which are never padded. */
static void put_zone(struct strbuf *b, const struct directive *d, long off)
{
  long a = off < 0 ? -off : off;
  long h = a / 3600, m = a / 60 % 60, s = a % 60;
  int colons = d->colons < 3 ? d->colons : s ? 2 : m ? 1 : -1;
  char suffix[16] = "";
  if (colons == 1)
    snprintf(suffix, sizeof suffix, ":%02ld", m);
  else if (colons == 2)
    snprintf(suffix, sizeof suffix, ":%02ld:%02ld", m, s);
  long number = colons == 0 ? h * 100 + m : h;
  long width = d->width >= 0 ? d->width : colons < 0 ? 3 : colons == 0 ? 5 : colons == 1 ? 6 : 9;
  put_signed(b, d, width - (long)strlen(suffix), off < 0, number, true);
  strbuf_put(b, suffix, strlen(suffix));
}

/* %N: the first WIDTH digits of the nanoseconds (9 by default).  As in
   Emacs, the '-' flag drops trailing zeros and '_' turns them into
   spaces, the first digit always staying. */
static void put_nanoseconds(struct strbuf *b, const struct directive *d, long nsec)
{
  char digits[16];
  snprintf(digits, sizeof digits, "%09ld", nsec);
  long width = d->width > 0 ? d->width : 9;
  long kept = width < 9 ? width : 9, zeros = width - kept;
  if (d->pad == '-' || d->pad == '_') {
    while (kept > 1 && digits[kept - 1] == '0')
      kept--;
    zeros = d->pad == '_' ? width - kept : 0;
  }
  strbuf_put(b, digits, (size_t)kept);
  for (; zeros > 0; zeros--)
    strbuf_put(b, d->pad == '_' ? " " : "0", 1);
}

/* Everything else is libc's strftime, one directive at a time, with
   gnulib's flags mapped onto glibc's: '-' drops the width too, and '+'
   pads with zeros. */
static void put_strftime(struct strbuf *b, const struct directive *d, const struct tm *tm)
{
  char fmt[64];
  bool no_width = d->pad == '-' || d->width < 0;
  char pad = d->plus && !d->pad ? '0' : d->pad;
  snprintf(fmt, sizeof fmt, " %%%s%s%s%.0ld%.1s%c", pad ? (char[]){pad, 0} : "",
           d->upcase ? "^" : "", d->swapcase ? "#" : "", no_width ? 0 : d->width,
           d->modifier ? &d->modifier : "", d->conv);
  size_t cap = (size_t)(no_width ? 0 : d->width) + 256;
  char *out = malloc(cap);
  if (!out)
    return;
  size_t n = strftime(out, cap, fmt, tm); /* the leading space makes n > 0 */
  if (n > 0)
    strbuf_put(b, out + 1, n - 1);
  free(out);
}

/* A field of TM that strftime writes as a number (a %V or %G from
   strftime itself), read back. */
static long long strftime_number(const struct tm *tm, const char *fmt)
{
  char out[64];
  return strftime(out, sizeof out, fmt, tm) ? strtoll(out, NULL, 10) : 0;
}

/* The numeric conversions, written as gnulib's strftime (Emacs's)
   writes them rather than glibc's: a given width replaces the natural
   one even when smaller, %Y and %G are four digits wide, %C of a
   negative year is "-" and the hundreds of its magnitude (year -1 is
   "-0"), %y and %g are of the year's magnitude, and with '+' a year
   wider than its natural width gets a sign.  Returns false for any
   other conversion. */
static bool put_numeric(struct strbuf *b, const struct directive *d, const struct tm *tm)
{
  long long year = (long long)tm->tm_year + 1900, n;
  int natural = 2;
  bool yearish = false;
  char fill = '0';
  switch (d->conv) {
  case 'Y': n = year, natural = 4, yearish = true; break;
  case 'G': n = strftime_number(tm, "%G"), natural = 4, yearish = true; break;
  case 'C': n = year / 100, yearish = true; break;
  case 'y': n = (year < 0 ? -year : year) % 100, yearish = true; break;
  case 'g': n = strftime_number(tm, "%G"), n = (n < 0 ? -n : n) % 100, yearish = true; break;
  case 'd': n = tm->tm_mday; break;
  case 'e': n = tm->tm_mday, fill = ' '; break;
  case 'H': n = tm->tm_hour; break;
  case 'k': n = tm->tm_hour, fill = ' '; break;
  case 'I': n = (tm->tm_hour + 11) % 12 + 1; break;
  case 'l': n = (tm->tm_hour + 11) % 12 + 1, fill = ' '; break;
  case 'j': n = tm->tm_yday + 1, natural = 3; break;
  case 'm': n = tm->tm_mon + 1; break;
  case 'M': n = tm->tm_min; break;
  case 'S': n = tm->tm_sec; break;
  case 'U': n = (tm->tm_yday + 7 - tm->tm_wday) / 7; break;
  case 'W': n = (tm->tm_yday + 7 - (tm->tm_wday + 6) % 7) / 7; break;
  case 'V': n = strftime_number(tm, "%V"); break;
  case 'u': n = tm->tm_wday ? tm->tm_wday : 7, natural = 1; break;
  case 'w': n = tm->tm_wday, natural = 1; break;
  default: return false;
  }
  bool negative = year < 0 && (d->conv == 'Y' || d->conv == 'C') ? true : n < 0;
  if (d->conv == 'G')
    negative = n < 0;
  unsigned long long mag = n < 0 ? -(unsigned long long)n : (unsigned long long)n;
  char digits[32];
  long len = snprintf(digits, sizeof digits, "%llu", mag);
  long width = d->width >= 0 ? d->width : natural;
  char sign = negative ? '-' : d->plus && yearish && (len > natural || width > natural) ? '+' : 0;
  if (d->pad == '_')
    fill = ' ';
  else if (d->pad == '0' || d->plus)
    fill = '0';
  long padding = d->pad == '-' ? 0 : width - len - (sign != 0);
  for (; fill == ' ' && padding > 0; padding--)
    strbuf_put(b, " ", 1);
  if (sign)
    strbuf_put(b, &sign, 1);
  for (; padding > 0; padding--)
    strbuf_put(b, "0", 1);
  strbuf_put(b, digits, (size_t)len);
  return true;
}

/* %F is %+4Y-%m-%d, as in Emacs: a year past 9999 gets a '+'; with
   '+', a width is the year's and the 6 characters of -mm-dd. */
static void put_iso_date(struct strbuf *b, const struct directive *d, const struct tm *tm)
{
  struct directive year = {.conv = 'Y', .plus = true, .width = d->width < 0 ? -1 : d->width > 6 ? d->width - 6 : 0};
  char rest[16];
  put_numeric(b, &year, tm);
  snprintf(rest, sizeof rest, "-%02d-%02d", tm->tm_mon + 1, tm->tm_mday);
  strbuf_put(b, rest, strlen(rest));
}

/* %D is %m/%d/%y with the directive's padding flag given to the year
   alone ("%-D" of 2000-02-29 is "02/29/0"), the whole padded to the
   width with spaces, as Emacs writes it. */
static void put_us_date(struct strbuf *b, const struct directive *d, const struct tm *tm)
{
  long long year = (long long)tm->tm_year + 1900, yy = (year < 0 ? -year : year) % 100;
  const char *yfmt = d->pad == '-' ? "%02d/%02d/%lld" : d->pad == '_' ? "%02d/%02d/%2lld" : "%02d/%02d/%02lld";
  char text[64];
  long len = snprintf(text, sizeof text, yfmt, tm->tm_mon + 1, tm->tm_mday, yy);
  for (long padding = d->pad == '-' ? 0 : d->width - len; padding > 0; padding--)
    strbuf_put(b, d->pad == '0' || d->plus ? "0" : " ", 1);
  strbuf_put(b, text, (size_t)len);
}

struct format_input {
  struct tm tm;
  time_t secs;
  long nsec;
};

/* A directive that is not one, copied as it is, padded to its width:
   with spaces, or zeros for the '0' and '+' flags. */
static void put_bad_directive(struct strbuf *b, const struct directive *d)
{
  long padding = d->pad == '-' ? 0 : d->width - (long)d->len;
  const char *fill = d->pad == '0' || (d->plus && !d->pad) ? "0" : " ";
  for (; padding > 0; padding--)
    strbuf_put(b, fill, 1);
  /* Emacs applies '^' to the text it copies: "%^f" gives "%^F". */
  for (size_t i = 0; i < d->len; i++) {
    char c = d->upcase && d->start[i] >= 'a' && d->start[i] <= 'z' ? d->start[i] - 'a' + 'A' : d->start[i];
    strbuf_put(b, &c, 1);
  }
}

/* %E and %O take libc's alternative form as it is, flags aside, and
   pad it to the width with spaces (zeros for '0' and '+'), as Emacs. */
static void put_alternative(struct strbuf *b, const struct directive *d, const struct tm *tm)
{
  char fmt[8], out[256];
  snprintf(fmt, sizeof fmt, " %%%c%c", d->modifier, d->conv);
  size_t n = strftime(out, sizeof out, fmt, tm);
  long len = n > 0 ? (long)n - 1 : 0;
  long padding = d->pad == '-' ? 0 : d->width - len;
  const char *fill = d->pad == '0' || d->plus ? "0" : " ";
  for (; padding > 0; padding--)
    strbuf_put(b, fill, 1);
  strbuf_put(b, out + 1, (size_t)len);
}

static void put_directive(struct strbuf *b, const struct directive *d, const struct format_input *in)
{
  if (!d->conv || !strchr("aAbBcCdDeFgGhHIjklmMnNpPqrRsStTuUVwWxXyYzZ%", d->conv)) {
    put_bad_directive(b, d);
    return;
  }
  if (d->colons && d->conv != 'z') {
    strbuf_put(b, d->start, d->len);
    return;
  }
  switch (d->conv) {
  case 'N': put_nanoseconds(b, d, in->nsec); break;
  case 's': put_number(b, d, (long long)in->secs, 1, false); break;
  case 'q': put_number(b, d, in->tm.tm_mon / 3 + 1, 1, false); break;
  case 'z': put_zone(b, d, in->tm.tm_gmtoff); break;
  case 'Z':
    /* A zone libc could not name (a bad TZ) has the empty name in
       Emacs; strftime would put in tzname, "UTC". */
    if (in->tm.tm_zone && !*in->tm.tm_zone) {
      for (long padding = d->pad == '-' ? 0 : d->width; padding > 0; padding--)
        strbuf_put(b, " ", 1);
      break;
    }
    put_strftime(b, d, &in->tm);
    break;
  case 'F':
    if (!d->pad && (d->width < 0 || d->plus)) {
      put_iso_date(b, d, &in->tm);
      break;
    }
    put_strftime(b, d, &in->tm);
    break;
  case 'D': put_us_date(b, d, &in->tm); break;
  default:
    if (d->modifier)
      put_alternative(b, d, &in->tm);
    else if (!put_numeric(b, d, &in->tm))
      put_strftime(b, d, &in->tm);
    break;
  }
}

static mval format_time(mrt *rt, const char *fmt, size_t len, const struct format_input *in)
{
  struct strbuf b = {0};
  size_t depth = strbuf_protect(rt, &b);
  const char *p = fmt, *end = fmt + len;
  while (p < end) {
    const char *pct = memchr(p, '%', (size_t)(end - p));
    if (!pct) {
      strbuf_put(&b, p, (size_t)(end - p));
      break;
    }
    strbuf_put(&b, p, (size_t)(pct - p));
    struct directive d;
    p = parse_directive(pct, end, &d);
    put_directive(&b, &d, in);
  }
  return strbuf_release(rt, &b, false, depth);
}

static struct format_input format_input(mrt *rt, mval time, mval zone, struct zone *z)
{
  struct split_time st = split_time(rt, time);
  zone_decode(rt, zone, z);
  struct format_input in = {breakdown(rt, st.secs, z), st.secs, st.nsec};
  return in;
}

/* (format-time-string FORMAT-STRING &optional TIME ZONE) */
static mval Fformat_time_string(mrt *rt, int nargs, mval *args)
{
  CHECK_STRING(rt, args[0]);
  struct zone z;
  struct format_input in = format_input(rt, args[1], args[2], &z);
  struct string *s = XSTRING(args[0]);
  return format_time(rt, (const char *)s->data, (size_t)s->nbytes, &in);
}

/* (current-time-string &optional TIME ZONE) */
static mval Fcurrent_time_string(mrt *rt, int nargs, mval *args)
{
  struct zone z;
  struct format_input in = format_input(rt, args[0], args[1], &z);
  static const char fmt[] = "%a %b %e %H:%M:%S %-Y"; /* the year unpadded: "0", "-1" */
  return format_time(rt, fmt, sizeof fmt - 1, &in);
}

/* (current-time-zone &optional TIME ZONE): (OFFSET NAME) */
static mval Fcurrent_time_zone(mrt *rt, int nargs, mval *args)
{
  struct zone z;
  struct format_input in = format_input(rt, args[0], args[1], &z);
  const char *name = in.tm.tm_zone ? in.tm.tm_zone : "";
  char numeric[32];
  if (!*name) { /* a zone with no name is named by its offset, as Emacs: "+00" */
    long off = in.tm.tm_gmtoff, a = off < 0 ? -off : off;
    long h = a / 3600, m = a / 60 % 60, sec = a % 60;
    snprintf(numeric, sizeof numeric, "%c%0*ld", off < 0 ? '-' : '+', sec ? 6 : m ? 4 : 2,
             sec ? h * 10000 + m * 100 + sec : m ? h * 100 + m : h);
    name = numeric;
  }
  return list2(rt, make_fixnum(in.tm.tm_gmtoff), make_cstring(rt, name));
}

/* ================================================================== */
/* Setup                                                              */
/* ================================================================== */

static const struct subr_def time_subrs[] = {
  {"current-time", Fcurrent_time, 0, 0},
  {"get-internal-run-time", Fget_internal_run_time, 0, 0},
  {"float-time", Ffloat_time, 0, 1},
  {"time-add", Ftime_add, 2, 2},
  {"time-subtract", Ftime_subtract, 2, 2},
  {"time-less-p", Ftime_less_p, 2, 2},
  {"time-equal-p", Ftime_equal_p, 2, 2},
  {"time-convert", Ftime_convert, 1, 2},
  {"decode-time", Fdecode_time, 0, 3},
  {"encode-time", Fencode_time, 1, ARGS_MANY},
  {"format-time-string", Fformat_time_string, 1, 3},
  {"current-time-string", Fcurrent_time_string, 0, 2},
  {"current-time-zone", Fcurrent_time_zone, 0, 2},
};

void timefns_init(mrt *rt)
{
  defsubrs(rt, time_subrs, sizeof time_subrs / sizeof time_subrs[0]);
}
