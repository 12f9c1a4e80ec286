/*
** bignum.c -- layer 4: GMP integers as Lisp objects.
**
** Invariants:
**   - A bignum object never holds a value in fixnum range: every result
**     goes through bignum_finish or make_integer_mpz, which hand back a
**     fixnum instead.  So `eq' on small integers works as in Emacs, and
**     arith.c can take "FIXNUMP fails" to mean "bignum".
**   - Every limb GMP allocates while a runtime is current is charged to
**     that runtime's collector (gc_xmalloc + gc_note_gmp), so bignum
**     churn drives collections and freeing dead bignums returns the
**     bytes.  Each block carries a small header naming the collector
**     that paid for it, so it is refunded to the same one whatever
**     runtime is current when GMP frees it.
**   - Our GMP memory functions never longjmp (GMP forbids it) and never
**     return NULL (GMP would crash).  We stay out of that corner by
**     checking sizes against integer-width *before* any GMP call that
**     could grow a number (bignum_check_width).
**   - A dead bignum's limbs are released by its finalizer during sweep,
**     or kept in a small per-runtime cache for the next result; cached
**     limbs are not counted in gmp_bytes (they are not live numbers).
*/
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "bignum.h"

/* Results above this many bits are refused whatever integer-width
   says: past it, GMP's own allocation could fail, and GMP aborts. */
#define HARD_LIMIT_BITS ((uint64_t)1 << 31)
/* Emacs lets any integer of up to this many bits exist, however small
   integer-width is. */
#define ALWAYS_ALLOWED_BITS 128

/* Limbs of dead bignums, kept for the next results instead of going
   back to malloc: bignum-heavy loops (pidigits) make and drop bignums
   of similar sizes at every step, and a sweep frees them by the
   thousand.  Blocks of up to 2^(LIMB_CLASSES-1) limbs are allocated in
   power-of-two sizes, so a dead block fits any later number of its
   class; each class is a list threaded through the blocks' first limb.

   Reused limbs do not count toward the next collection (they are not
   new memory), so the bound is also how much allocation a cycle can
   do beyond gc-cons-threshold: a larger cache means fewer collections
   for more resident memory.  8 MiB makes pidigits collect 3 times less
   often than 2 MiB did, for about 7 MiB more peak RSS (bench/PERF.md).
   A cache that served nothing during a whole cycle is released after
   it, so a runtime that stops using bignums gives the memory back.
   Under a heap limit the cache takes at most a sixteenth of it: cached
   limbs count as the runtime's memory. */
#define LIMB_CLASSES 10 /* 1, 2, 4, ... 512 limbs */
#define LIMB_CACHE_MAX_BYTES ((size_t)8 << 20)

struct bignum_state {
  uint64_t rng[4]; /* xoshiro256** */
  mp_limb_t *free_limbs[LIMB_CLASSES];
  size_t cached_bytes;
  size_t reused_this_cycle; /* blocks the cache served since the last collection */
  bool cache_offered;       /* the cache had blocks when this cycle began */
  mpz_t scratch;            /* bignum_scratch's */
};

/* ================================================================== */
/* GMP memory, charged to the runtime                                 */
/* ================================================================== */

/* 16 bytes, so limbs keep malloc's alignment.  The magic tells our
   blocks from ones GMP got from plain malloc before we installed these
   functions (a host may have used GMP first): it has bit 3 set, which
   a glibc chunk's size word, the word before a foreign block, never
   has. */
struct gmp_header {
  struct gc *gc;     /* who paid, or NULL for plain malloc */
  uint64_t tagged;   /* total bytes including this header << 16 | magic */
};
#define GMP_HEADER_MAGIC 0xA5A8u

static struct gmp_header *header_of(const void *limbs)
{
  return (struct gmp_header *)limbs - 1;
}
/* For a foreign block this reads malloc's own bookkeeping: harmless,
   but AddressSanitizer would call it an overflow. */
__attribute__((no_sanitize_address)) static bool our_block(const struct gmp_header *h)
{
  return (h->tagged & 0xffff) == GMP_HEADER_MAGIC;
}
static size_t block_total(const struct gmp_header *h) { return (size_t)(h->tagged >> 16); }

/* The size class of a block of NLIMBS limbs, rounding up; -1 when it
   is too large to recycle. */
static int limb_class_up(size_t nlimbs)
{
  if (nlimbs > ((size_t)1 << (LIMB_CLASSES - 1)))
    return -1;
  return nlimbs <= 1 ? 0 : 64 - __builtin_clzll((unsigned long long)(nlimbs - 1));
}

static void *gmp_block_new(size_t n)
{
  int cls = limb_class_up((n + sizeof(mp_limb_t) - 1) / sizeof(mp_limb_t));
  if (cls >= 0)
    n = sizeof(mp_limb_t) << cls;
  size_t total = n + sizeof(struct gmp_header);
  struct gc *gc = mrt_current ? mrt_current->gc : NULL;
  struct gmp_header *h = gc ? gc_xmalloc_atomic(gc, total) : NULL;
  if (h) {
    gc_note_gmp(gc, (ptrdiff_t)total);
  } else {
    /* No runtime, or its limit refused: an uncounted block beats a
       crash, and the width checks keep this rare and small. */
    gc = NULL;
    h = malloc(total);
    if (!h) {
      /* Out of memory with GMP mid-operation: nothing can unwind. */
      fputs("marrow: out of memory inside GMP\n", stderr);
      abort();
    }
  }
  h->gc = gc;
  h->tagged = (uint64_t)total << 16 | GMP_HEADER_MAGIC;
  return h + 1;
}

static void gmp_block_free(void *p, size_t n)
{
  (void)n;
  struct gmp_header *h = header_of(p);
  if (!our_block(h)) {
    free(p);
  } else if (h->gc) {
    gc_note_gmp(h->gc, -(ptrdiff_t)block_total(h));
    gc_xfree(h->gc, h, block_total(h));
  } else {
    free(h);
  }
}

static void *gmp_block_realloc(void *p, size_t oldn, size_t newn)
{
  struct gmp_header *h = header_of(p);
  if (our_block(h) && newn <= block_total(h) - sizeof *h && newn * 2 > oldn)
    return p; /* the block was rounded up and still has room */
  size_t keep = oldn < newn ? oldn : newn;
  void *q = gmp_block_new(newn);
  memcpy(q, p, keep);
  gmp_block_free(p, oldn);
  return q;
}

static void install_gmp_memory(void)
{
  mp_set_memory_functions(gmp_block_new, gmp_block_realloc, gmp_block_free);
}

static pthread_once_t gmp_memory_once = PTHREAD_ONCE_INIT;

/* ================================================================== */
/* Objects                                                            */
/* ================================================================== */

static size_t block_limbs(const struct gmp_header *h)
{
  return (block_total(h) - sizeof *h) / sizeof(mp_limb_t);
}

static size_t limb_cache_max(const struct gc *g)
{
  size_t limit = gc_heap_limit(g);
  return limit && limit / 16 < LIMB_CACHE_MAX_BYTES ? limit / 16 : LIMB_CACHE_MAX_BYTES;
}

/* A dead bignum's limbs go to its runtime's cache when they are of a
   class and were paid for by this collector, else back to GMP.  Cached
   limbs stay counted as external memory, but no longer as live GMP
   bytes. */
static void finalize_bignum(struct gc *g, struct vectorlike *obj, void *ud)
{
  mrt *rt = ud;
  mpz_ptr z = ((struct lisp_bignum *)obj)->value;
  if (!z->_mp_alloc) /* a zeroed or never-grown mpz owns no limbs */
    return;
  struct bignum_state *st = rt->bignum;
  struct gmp_header *h = header_of(z->_mp_d);
  size_t nlimbs = block_limbs(h);
  int cls = limb_class_up(nlimbs);
  if (st && our_block(h) && h->gc == g && cls >= 0 && nlimbs == ((size_t)1 << cls) &&
      st->cached_bytes + block_total(h) <= limb_cache_max(g)) {
    z->_mp_d[0] = (mp_limb_t)(uintptr_t)st->free_limbs[cls];
    st->free_limbs[cls] = z->_mp_d;
    st->cached_bytes += block_total(h);
    gc_note_gmp(g, -(ptrdiff_t)block_total(h));
  } else {
    mpz_clear(z);
  }
  z->_mp_alloc = 0;
}

static mp_limb_t *pop_cached_limbs(struct bignum_state *st, int cls)
{
  mp_limb_t *limbs = st->free_limbs[cls];
  if (limbs) {
    struct gmp_header *h = header_of(limbs);
    st->free_limbs[cls] = (mp_limb_t *)(uintptr_t)limbs[0];
    st->cached_bytes -= block_total(h);
    st->reused_this_cycle++;
    gc_note_gmp(h->gc, (ptrdiff_t)block_total(h));
  }
  return limbs;
}

static void release_cached_limbs(struct bignum_state *st)
{
  for (int cls = 0; cls < LIMB_CLASSES; cls++) {
    mp_limb_t *limbs;
    while ((limbs = pop_cached_limbs(st, cls)))
      gmp_block_free(limbs, block_limbs(header_of(limbs)) * sizeof(mp_limb_t));
  }
}

/* Free one cached block, of the smallest class that has any. */
static void evict_cached_limbs(struct bignum_state *st)
{
  for (int cls = 0; cls < LIMB_CLASSES; cls++) {
    mp_limb_t *limbs = pop_cached_limbs(st, cls);
    if (limbs) {
      gmp_block_free(limbs, block_limbs(header_of(limbs)) * sizeof(mp_limb_t));
      return;
    }
  }
}

/* Give Z (fresh, without limbs) a cached block of at least NLIMBS.
   A miss evicts a block of another class: a sweep fills the cache with
   whichever classes die first, and a cache full of sizes the program
   has outgrown (pidigits' numbers grow as it runs) would otherwise turn
   away every dead block of the size now in use (bench/PERF.md). */
static void adopt_cached_limbs(struct bignum_state *st, mpz_ptr z, size_t nlimbs)
{
  int cls = limb_class_up(nlimbs);
  if (cls < 0)
    return;
  mp_limb_t *limbs = NULL;
  for (int c = cls; !limbs && c < LIMB_CLASSES && c <= cls + 2; c++)
    limbs = pop_cached_limbs(st, c);
  if (!limbs) {
    evict_cached_limbs(st);
    return;
  }
  z->_mp_d = limbs;
  z->_mp_alloc = (int)block_limbs(header_of(limbs));
}

mval bignum_new_sized(mrt *rt, size_t nlimbs)
{
  mval b = gc_vectorlike(rt->gc, PVEC_BIGNUM, BIGNUM_WORDS, 0);
  mpz_ptr z = XBIGNUM_MPZ(b);
  mpz_init(z); /* allocates nothing (GMP >= 6.2) */
  if (rt->bignum->cached_bytes)
    adopt_cached_limbs(rt->bignum, z, nlimbs ? nlimbs : 1);
  return b;
}

mval bignum_new(mrt *rt) { return bignum_new_sized(rt, 1); }

static uint64_t mpz_bit_length(mpz_srcptr z)
{
  return mpz_sgn(z) ? mpz_sizeinbase(z, 2) : 0;
}

static bool mpz_fits_fixnum(mpz_srcptr z)
{
  if (!mpz_fits_slong_p(z))
    return false;
  return fixnum_in_range(mpz_get_si(z));
}

static uint64_t width_limit(mrt *rt)
{
  mval w = XSYMBOL(rt, Qinteger_width)->value;
  if (!FIXNUMP(w))
    wrong_type_argument(rt, Qintegerp, w);
  int64_t n = XFIXNUM(w);
  uint64_t limit = n > ALWAYS_ALLOWED_BITS ? (uint64_t)n : ALWAYS_ALLOWED_BITS;
  return limit < HARD_LIMIT_BITS ? limit : HARD_LIMIT_BITS;
}

/* Numbers this large are only possible with integer-width raised;
   for them, ask the collector for the memory first, so that a heap
   limit turns into memory-full here rather than being bypassed by
   GMP's uncounted fallback. */
#define PROBE_BITS ((uint64_t)1 << 20)

void bignum_check_width(mrt *rt, uint64_t bits)
{
  if (bits > width_limit(rt))
    xsignal0(rt, Qoverflow_error);
  if (bits > PROBE_BITS) {
    size_t bytes = (size_t)(bits / 8) * 2; /* result and GMP's scratch */
    gc_xfree(rt->gc, gc_xmalloc_or_die(rt->gc, bytes), bytes);
  }
}

/* Counting limbs is cheap; counting bits only matters near the limit. */
static void check_result_width(mrt *rt, mpz_srcptr z)
{
  if (mpz_size(z) * GMP_NUMB_BITS > width_limit(rt))
    bignum_check_width(rt, mpz_bit_length(z));
}

mval bignum_finish(mrt *rt, mval b)
{
  mpz_srcptr z = XBIGNUM_MPZ(b);
  if (mpz_size(z) <= 1 && mpz_fits_fixnum(z))
    return make_fixnum(mpz_get_si(z));
  check_result_width(rt, z);
  return b;
}

mval make_integer_mpz(mrt *rt, mpz_srcptr z)
{
  if (mpz_fits_fixnum(z))
    return make_fixnum(mpz_get_si(z));
  check_result_width(rt, z);
  mval b = bignum_new_sized(rt, mpz_size(z));
  mpz_set(XBIGNUM_MPZ(b), z);
  return b;
}

mval make_int(mrt *rt, int64_t n)
{
  if (fixnum_in_range(n))
    return make_fixnum(n);
  mval b = bignum_new(rt);
  mpz_set_si(XBIGNUM_MPZ(b), n);
  return b;
}

mval make_uint(mrt *rt, uint64_t n)
{
  if (n <= (uint64_t)MOST_POSITIVE_FIXNUM)
    return make_fixnum((int64_t)n);
  mval b = bignum_new(rt);
  mpz_set_ui(XBIGNUM_MPZ(b), n);
  return b;
}

/* ================================================================== */
/* Conversions                                                        */
/* ================================================================== */

void integer_to_mpz(mval x, mpz_ptr out)
{
  if (FIXNUMP(x))
    mpz_set_si(out, XFIXNUM(x));
  else
    mpz_set(out, XBIGNUM_MPZ(x));
}

uint64_t integer_bit_length(mval x)
{
  struct int_view v;
  return mpz_bit_length(integer_mpz(x, &v));
}

bool integer_to_int64(mval x, int64_t *out)
{
  if (FIXNUMP(x)) {
    *out = XFIXNUM(x);
    return true;
  }
  if (!mpz_fits_slong_p(XBIGNUM_MPZ(x)))
    return false;
  *out = mpz_get_si(XBIGNUM_MPZ(x));
  return true;
}

/* mpz_get_d truncates; Lisp wants round-to-nearest-even, like a C
   conversion.  Keep 54 bits (53 plus a rounding bit), note whether
   anything below them is set, and round by hand. */
double bignum_mpz_to_double(mpz_srcptr z)
{
  uint64_t bits = mpz_bit_length(z);
  if (bits <= 53)
    return mpz_get_d(z);
  uint64_t shift = bits - 54;
  mpz_t top;
  mpz_init(top);
  mpz_tdiv_q_2exp(top, z, shift);
  uint64_t m = (uint64_t)mpz_getlimbn(top, 0); /* |top| < 2^54 */
  mpz_clear(top);
  bool sticky = mpz_scan1(z, 0) < shift; /* same for z and -z */
  uint64_t mant = m >> 1;
  if ((m & 1) && (sticky || (mant & 1)))
    mant++;
  if (shift + 1 > 2000) /* far beyond DBL_MAX; keep ldexp's int happy */
    return mpz_sgn(z) < 0 ? -HUGE_VAL : HUGE_VAL;
  double d = ldexp((double)mant, (int)(shift + 1));
  return mpz_sgn(z) < 0 ? -d : d;
}

double integer_to_double(mval x)
{
  if (FIXNUMP(x))
    return (double)XFIXNUM(x);
  return bignum_mpz_to_double(XBIGNUM_MPZ(x));
}

mval integer_from_double(mrt *rt, double d)
{
  if (d >= -0x1p61 && d < 0x1p61)
    return make_fixnum((int64_t)d);
  mval b = bignum_new(rt);
  mpz_set_d(XBIGNUM_MPZ(b), d);
  return bignum_finish(rt, b);
}

/* ================================================================== */
/* Text                                                               */
/* ================================================================== */

static int digit_value(char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

/* Small numbers, the common case, never touch GMP. */
static bool parse_small(const char *s, size_t len, int base, bool negative, int64_t *out)
{
  uint64_t acc = 0;
  for (size_t i = 0; i < len; i++) {
    if (__builtin_mul_overflow(acc, (uint64_t)base, &acc) ||
        __builtin_add_overflow(acc, (uint64_t)digit_value(s[i]), &acc))
      return false;
  }
  if (acc > (uint64_t)MOST_POSITIVE_FIXNUM + negative)
    return false;
  *out = negative ? -(int64_t)acc : (int64_t)acc;
  return true;
}

mval integer_from_string(mrt *rt, const char *s, size_t len, int base)
{
  if (base < 2 || base > 36)
    return Qnil;
  bool negative = false;
  if (len > 0 && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s++;
    len--;
  }
  if (len == 0)
    return Qnil;
  for (size_t i = 0; i < len; i++)
    if (digit_value(s[i]) >= base)
      return Qnil;
  int64_t n;
  if (parse_small(s, len, base, negative, &n))
    return make_fixnum(n);

  /* mpz_set_str wants a NUL-terminated copy.  A short one goes on the
     stack before anything allocates, so S may even be the bytes of an
     otherwise unreferenced Lisp string.  A long one is made after the
     bignum, so that nothing can signal while it exists. */
  char small[256];
  mval b;
  char *copy = small;
  if (len + 1 < sizeof small) {
    memcpy(small, s, len);
    small[len] = 0;
    b = bignum_new(rt);
  } else {
    b = bignum_new(rt);
    copy = gc_xmalloc_or_die(rt->gc, len + 1);
    memcpy(copy, s, len);
    copy[len] = 0;
  }
  mpz_ptr z = XBIGNUM_MPZ(b);
  mpz_set_str(z, copy, base);
  if (copy != small)
    gc_xfree(rt->gc, copy, len + 1);
  if (negative)
    mpz_neg(z, z);
  return mpz_fits_fixnum(z) ? make_fixnum(mpz_get_si(z)) : b;
}

/* Room mpz_get_str needs: sign, digits (sizeinbase may say one too
   many), NUL. */
static size_t text_room(mpz_srcptr z, int base)
{
  return mpz_sizeinbase(z, base) + 2;
}

char *integer_to_string(mrt *rt, mval x, int base, size_t *len)
{
  struct int_view v;
  mpz_srcptr z = integer_mpz(x, &v);
  size_t room = text_room(z, base);
  char *buf = gc_xmalloc_or_die(rt->gc, room);
  mpz_get_str(buf, base, z);
  *len = strlen(buf);
  if (*len + 1 < room) {
    /* Shrinking cannot really fail; if it does, the tally is off by
       a byte, which beats leaking. */
    char *shrunk = gc_xrealloc(rt->gc, buf, room, *len + 1);
    if (shrunk)
      buf = shrunk;
  }
  return buf;
}

mval integer_to_lisp_string(mrt *rt, mval x, int base)
{
  if (FIXNUMP(x) && base == 10) {
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%lld", (long long)XFIXNUM(x));
    return make_string(rt, buf, (size_t)n);
  }
  /* Write straight into a Lisp string sized for the estimate; when the
     estimate was one long, copy into an exact one.  Nothing here can
     leak on a signal. */
  struct int_view v;
  mpz_srcptr z = integer_mpz(x, &v);
  size_t room = mpz_sizeinbase(z, base) + (mpz_sgn(z) < 0);
  mval str = gc_string(rt->gc, room);
  struct string *s = XSTRING(str);
  mpz_get_str((char *)s->data, base, z);
  size_t len = strlen((char *)s->data);
  if (len != room)
    return make_string(rt, (char *)s->data, len);
  s->nchars = (int64_t)len;
  s->flags = 0;
  return str;
}

/* ================================================================== */
/* Random numbers: xoshiro256** per runtime                           */
/* ================================================================== */

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t splitmix64(uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

uint64_t bignum_random_u64(mrt *rt)
{
  uint64_t *s = rt->bignum->rng;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

void bignum_random_seed(mrt *rt, const void *data, size_t n)
{
  uint64_t seed = 1469598103934665603u;
  if (data) {
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
      seed = (seed ^ p[i]) * 1099511628211u;
  } else if (getrandom(&seed, sizeof seed, GRND_NONBLOCK) != (ssize_t)sizeof seed) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    seed ^= (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ (uintptr_t)rt;
  }
  for (int i = 0; i < 4; i++)
    rt->bignum->rng[i] = splitmix64(&seed);
}

/* Uniform in [0, limit): reject the draws that would bias the low
   values. */
static uint64_t random_below_u64(mrt *rt, uint64_t limit)
{
  uint64_t reject_below = -limit % limit; /* 2^64 mod limit */
  uint64_t r;
  do
    r = bignum_random_u64(rt);
  while (r < reject_below);
  return r % limit;
}

mval bignum_random_below(mrt *rt, mval limit)
{
  if (FIXNUMP(limit))
    return make_fixnum((int64_t)random_below_u64(rt, (uint64_t)XFIXNUM(limit)));
  /* Draw as many bits as LIMIT has until the draw is below it: fewer
     than two rounds on average. */
  mpz_srcptr lim = XBIGNUM_MPZ(limit);
  uint64_t bits = mpz_bit_length(lim);
  mp_size_t nlimbs = (mp_size_t)((bits + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS);
  unsigned top_bits = (unsigned)(bits % GMP_NUMB_BITS);
  mval b = bignum_new(rt);
  mpz_ptr z = XBIGNUM_MPZ(b);
  do {
    mp_limb_t *limbs = mpz_limbs_write(z, nlimbs);
    for (mp_size_t i = 0; i < nlimbs; i++)
      limbs[i] = (mp_limb_t)bignum_random_u64(rt);
    if (top_bits)
      limbs[nlimbs - 1] &= ((mp_limb_t)1 << top_bits) - 1;
    mpz_limbs_finish(z, nlimbs);
  } while (mpz_cmp(z, lim) >= 0);
  return bignum_finish(rt, b);
}

/* ================================================================== */
/* Life cycle                                                         */
/* ================================================================== */

void bignum_init(mrt *rt)
{
  pthread_once(&gmp_memory_once, install_gmp_memory);
  if (!rt->bignum) {
    rt->bignum = calloc(1, sizeof *rt->bignum);
    if (!rt->bignum)
      memory_full(rt);
    mpz_init(rt->bignum->scratch);
  }
  gc_set_finalizer(rt->gc, PVEC_BIGNUM, finalize_bignum, rt);
  defvar(rt, Qinteger_width, make_fixnum(65536));
  bignum_random_seed(rt, NULL, 0);
}

mpz_ptr bignum_scratch(mrt *rt) { return rt->bignum->scratch; }

void bignum_after_collect(mrt *rt)
{
  struct bignum_state *st = rt->bignum;
  if (!st)
    return;
  if (st->cache_offered && !st->reused_this_cycle)
    release_cached_limbs(st);
  st->reused_this_cycle = 0;
  st->cache_offered = st->cached_bytes > 0;
}

/* Runs before the collector is freed; the bignums it then finalizes
   find no cache and give their limbs straight back. */
void bignum_close(mrt *rt)
{
  release_cached_limbs(rt->bignum);
  mpz_clear(rt->bignum->scratch);
  free(rt->bignum);
  rt->bignum = NULL;
}
