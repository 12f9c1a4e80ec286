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
   thousand.  Blocks of up to LIMB_CLASS_MAX limbs are allocated in
   class sizes, so a dead block fits any later number of its class; each
   class is a list threaded through the blocks' first limb.  Classes
   grow by 1.5 and 4/3 in turn (1, 2, 3, 5, 7, 11, 15, 23, ... limbs):
   rounding up to a power of two left a quarter of the cache unused on
   average.  From three limbs on, a class is one limb short of a power
   of two or of 1.5 times one, so that with the header a block fills
   malloc's chunk exactly.

   The cache serves GMP's own allocations too, and how much reuse
   counts toward the next collection is set_limb_cache_bounds' business.
   A cache that served nothing during a whole cycle is released after
   it, so a runtime that stops using bignums gives the memory back. */
#define LIMB_CLASSES 23     /* 1, 2, 3, 5, 7, 11, ... 3071, 4095 limbs */
#define LIMB_CLASS_MAX 4095
#define FREE_REUSE_MIN_BYTES ((size_t)256 << 10)
#define LIMB_CACHE_MAX_BYTES ((size_t)8 << 20)

struct bignum_state {
  uint64_t rng[4]; /* xoshiro256** */
  mp_limb_t *free_limbs[LIMB_CLASSES];
  size_t cached_bytes;
  size_t reused_this_cycle; /* bytes the cache served since the last collection */
  bool cache_offered;       /* the cache had blocks when this cycle began */
  bool caching;             /* the collector lets freed blocks be kept */
  size_t cache_max;         /* bytes */
  size_t free_reuse;        /* bytes a cycle may reuse without counting them */
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

/* Class C holds blocks of class_limbs(C) limbs: one less than 2, 3,
   4, 6, 8, 12, ... 4096 (C odd: 3 << (C-1)/2; C even: 2 << C/2). */
static size_t class_limbs(int cls)
{
  size_t whole = cls & 1 ? (size_t)3 << (cls - 1) / 2 : (size_t)2 << cls / 2;
  return whole - 1;
}

/* The class of the smallest blocks holding NLIMBS limbs; -1 when they
   are too large to recycle. */
static int limb_class_up(size_t nlimbs)
{
  if (nlimbs > LIMB_CLASS_MAX)
    return -1;
  size_t whole = nlimbs + 1;
  if (whole <= 2)
    return 0;
  int k = 63 - __builtin_clzll((unsigned long long)(whole - 1)); /* 2^k < whole <= 2^(k+1) */
  return whole <= ((size_t)3 << (k - 1)) ? 2 * k - 1 : 2 * k;
}

static size_t block_limbs(const struct gmp_header *h)
{
  return (block_total(h) - sizeof *h) / sizeof(mp_limb_t);
}

/* Memory a cycle reuses from the cache is not new, but it is the
   garbage of the cycle: a cycle that could reuse without limit would
   keep all it made until the next collection.  So reuse beyond
   free_reuse counts toward the collection like new memory.  free_reuse
   follows the runtime's live data (heap and outside memory, less the
   cache itself): a collection's cost grows with the live data, so the
   garbage a cycle may make grows with it, as gc-cons-percentage makes
   the threshold do.  The cache itself may hold more (LIMB_CACHE_MAX_BYTES),
   so what a cycle reuses comes from the cache rather than from malloc;
   under a heap limit it takes at most a sixteenth of it: cached limbs
   count as the runtime's memory. */
static void set_limb_cache_bounds(struct bignum_state *st, const struct gc *g)
{
  size_t live = gc_live_bytes(g);
  size_t own = live > st->cached_bytes ? live - st->cached_bytes : 0;
  st->free_reuse = own < FREE_REUSE_MIN_BYTES ? FREE_REUSE_MIN_BYTES : own;
  size_t limit = gc_heap_limit(g);
  st->cache_max = limit && limit / 16 < LIMB_CACHE_MAX_BYTES ? limit / 16 : LIMB_CACHE_MAX_BYTES;
}

/* BYTES of cached blocks are being used again: beyond the cycle's free
   reuse, they count toward the next collection. */
static void note_reuse(struct bignum_state *st, struct gc *g, size_t bytes)
{
  size_t before = st->reused_this_cycle;
  st->reused_this_cycle += bytes;
  size_t free_until = before > st->free_reuse ? before : st->free_reuse;
  if (st->reused_this_cycle > free_until)
    gc_count_allocation(g, (ptrdiff_t)(st->reused_this_cycle - free_until));
}

static mp_limb_t *pop_cached_limbs(struct bignum_state *st, int cls)
{
  mp_limb_t *limbs = st->free_limbs[cls];
  if (limbs) {
    struct gmp_header *h = header_of(limbs);
    st->free_limbs[cls] = (mp_limb_t *)(uintptr_t)limbs[0];
    st->cached_bytes -= block_total(h);
    gc_note_gmp(h->gc, (ptrdiff_t)block_total(h));
  }
  return limbs;
}

/* A cached block of class CLS or of one of the next four (at most
   about four times as large), or NULL. */
static mp_limb_t *take_cached_limbs(struct bignum_state *st, int cls)
{
  mp_limb_t *limbs = NULL;
  for (int c = cls; !limbs && c < LIMB_CLASSES && c <= cls + 4; c++)
    limbs = pop_cached_limbs(st, c);
  if (limbs)
    note_reuse(st, header_of(limbs)->gc, block_total(header_of(limbs)));
  return limbs;
}

/* Cached limbs stay counted as external memory, but no longer as live
   GMP bytes. */
static bool cache_limbs(struct bignum_state *st, struct gmp_header *h)
{
  size_t nlimbs = block_limbs(h);
  int cls = limb_class_up(nlimbs);
  if (cls < 0 || nlimbs != class_limbs(cls) || st->cached_bytes + block_total(h) > st->cache_max)
    return false;
  mp_limb_t *limbs = (mp_limb_t *)(h + 1);
  limbs[0] = (mp_limb_t)(uintptr_t)st->free_limbs[cls];
  st->free_limbs[cls] = limbs;
  st->cached_bytes += block_total(h);
  gc_note_gmp(h->gc, -(ptrdiff_t)block_total(h));
  return true;
}

static void release_block(struct gmp_header *h)
{
  if (h->gc) {
    gc_note_gmp(h->gc, -(ptrdiff_t)block_total(h));
    gc_xfree(h->gc, h, block_total(h));
  } else {
    free(h);
  }
}

/* Limbs at P go to ST's cache when OWNER paid for them and there is
   room, else back to the system. */
static void dispose_limbs(struct bignum_state *st, const struct gc *owner, void *p)
{
  struct gmp_header *h = header_of(p);
  if (!our_block(h))
    free(p);
  else if (!(st && h->gc && h->gc == owner && cache_limbs(st, h)))
    release_block(h);
}

static void release_cached_limbs(struct bignum_state *st)
{
  for (int cls = 0; cls < LIMB_CLASSES; cls++) {
    mp_limb_t *limbs;
    while ((limbs = pop_cached_limbs(st, cls)))
      release_block(header_of(limbs));
  }
}

/* Free cached blocks, smallest classes first, until BYTES are freed or
   the cache is empty; the bytes freed. */
static size_t evict_cached_bytes(struct bignum_state *st, size_t bytes)
{
  size_t freed = 0;
  for (int cls = 0; cls < LIMB_CLASSES && freed < bytes && st->cached_bytes; cls++) {
    mp_limb_t *limbs;
    while (freed < bytes && (limbs = pop_cached_limbs(st, cls))) {
      freed += block_total(header_of(limbs));
      release_block(header_of(limbs));
    }
  }
  return freed;
}

/* ================================================================== */
/* GMP memory functions                                               */
/* ================================================================== */

/* GMP's own allocations (results growing, mpz_t temporaries) are served
   from the current runtime's cache too: a result that outgrows the
   block it was given would otherwise leave that block to malloc and
   take a fresh, counted one. */
static void *gmp_block_new(size_t n)
{
  int cls = limb_class_up((n + sizeof(mp_limb_t) - 1) / sizeof(mp_limb_t));
  mrt *rt = mrt_current;
  if (cls >= 0) {
    mp_limb_t *cached = rt && rt->bignum ? take_cached_limbs(rt->bignum, cls) : NULL;
    if (cached)
      return cached;
    n = class_limbs(cls) * sizeof(mp_limb_t);
  }
  size_t total = n + sizeof(struct gmp_header);
  struct gc *gc = rt ? rt->gc : NULL;
  /* A miss frees cached blocks of the sizes the program is not asking
     for (pidigits' numbers grow as it runs: the cache fills with sizes
     it has outgrown), and the new block, taking their place, counts as
     reuse rather than as new memory. */
  size_t replaced = gc && rt->bignum && rt->bignum->cached_bytes ? evict_cached_bytes(rt->bignum, total) : 0;
  struct gmp_header *h = gc ? gc_xmalloc_atomic(gc, total) : NULL;
  if (h) {
    gc_note_gmp(gc, (ptrdiff_t)total);
    if (replaced) {
      size_t reused = replaced < total ? replaced : total;
      gc_count_allocation(gc, -(ptrdiff_t)reused);
      note_reuse(rt->bignum, gc, reused);
    }
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
  mrt *rt = mrt_current;
  struct bignum_state *st = rt ? rt->bignum : NULL;
  dispose_limbs(st && st->caching ? st : NULL, rt ? rt->gc : NULL, p);
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

/* A dead bignum's limbs go to its runtime's cache when they are of a
   class and were paid for by this collector, else back to GMP. */
static void finalize_bignum(struct gc *g, struct vectorlike *obj, void *ud)
{
  mrt *rt = ud;
  mpz_ptr z = ((struct lisp_bignum *)obj)->value;
  if (!z->_mp_alloc) /* a zeroed or never-grown mpz owns no limbs */
    return;
  dispose_limbs(rt->bignum, g, z->_mp_d);
  z->_mp_alloc = 0;
}

/* Give Z (fresh, without limbs) a cached block of at least NLIMBS.  On
   a miss Z stays empty, and GMP's first allocation for it makes room in
   the cache (gmp_block_new). */
static void adopt_cached_limbs(struct bignum_state *st, mpz_ptr z, size_t nlimbs)
{
  int cls = limb_class_up(nlimbs);
  if (cls < 0)
    return;
  mp_limb_t *limbs = take_cached_limbs(st, cls);
  if (!limbs)
    return;
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
  mval w = find_symbol_value(rt, Qinteger_width);
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
    /* The scratch number's limbs are referenced from here only. */
    gc_add_root_region(rt->gc, rt->bignum, sizeof *rt->bignum);
    mpz_init(rt->bignum->scratch);
    rt->bignum->caching = gc_owns_freed_memory(rt->gc);
    set_limb_cache_bounds(rt->bignum, rt->gc);
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
  set_limb_cache_bounds(st, rt->gc);
  if (st->cached_bytes > st->cache_max)
    evict_cached_bytes(st, st->cached_bytes - st->cache_max);
}

/* Runs before the collector is freed; the bignums it then finalizes
   find no cache and give their limbs straight back. */
void bignum_close(mrt *rt)
{
  mpz_clear(rt->bignum->scratch); /* first: its limbs may go to the cache */
  release_cached_limbs(rt->bignum);
  gc_remove_root_region(rt->gc, rt->bignum, sizeof *rt->bignum);
  free(rt->bignum);
  rt->bignum = NULL;
}
