/*
** hashtab.c -- layer 5: hash tables.
**
** Invariants of this module (see hashtab.h for the layout):
**   - Every entry index 0 .. size-1 is either in use (its key is not
**     Qunbound) and on exactly one bucket chain, or free and on the
**     free list; count is the number in use.
**   - A table grows (by its rehash size, 1.5 by default) only when the free
**     list is empty, and is then rebuilt from its KV vector in index
**     order, so insertion order survives growth.
**   - eq hashing of heap objects uses their address: objects never move.
**   - Hashing for equal looks at most SXHASH_MAX_DEPTH levels deep and
**     SXHASH_MAX_LEN elements along each list or vector, so it needs no
**     cycle check and no deep recursion.
*/
#include "config.h"

#include <string.h>

#include "hashtab.h"
#include "bignum.h"
#include "buffer.h"
#include "eval.h"
#include "fns.h"

#define DEFAULT_HASH_SIZE 65
#define REHASH_SIZE 1.5
#define REHASH_THRESHOLD 0.8125
#define SXHASH_MAX_DEPTH 3
#define SXHASH_MAX_LEN 7

/* ================================================================== */
/* Hash functions                                                     */
/* ================================================================== */

static uint64_t mix(uint64_t h)
{
  h ^= h >> 33;
  h *= UINT64_C(0xff51afd7ed558ccd);
  h ^= h >> 33;
  return h;
}

static uint64_t combine(uint64_t h, uint64_t x) { return (h << 4) + (h >> 60) + x; }

/* Emacs 28 folds a hash into the 62 bits of a fixnum this way. */
#define INTMASK ((UINT64_C(1) << 62) - 1)
static uint64_t reduce(uint64_t h) { return (h ^ h >> 2) & INTMASK; }

/* Emacs 28's values where they do not depend on addresses: a fixnum
   is N with its tag bits flipped (2 when even, 6 when odd). */
static uint64_t sxhash_eq(mval x)
{
  if (NILP(x)) /* nil is address 0 in Emacs */
    return 0;
  if (FIXNUMP(x)) {
    int64_t n = XFIXNUM(x);
    return (uint64_t)(n ^ (n & 1 ? 6 : 2));
  }
  return mix(x);
}

/* Emacs reads the words in the machine's order: little-endian here. */
static uint64_t load_le(const uint8_t *p, size_t n)
{
  uint64_t v = 0;
  for (size_t i = n; i-- > 0;)
    v = v << 8 | p[i];
  return v;
}

/* Emacs 28's string hash, so sxhash-equal of a string and the buckets
   of an obarray agree: from the length, up to eight words sampled along
   the string, then any bytes after the last sample one at a time. */
uint64_t hash_string_bits(const uint8_t *p, size_t n)
{
  uint64_t h = n;
  size_t step = 8 + n / 8, i = 0;
  for (; i + 8 <= n; i += step)
    h = combine(h, load_le(p + i, 8));
  for (; i < n; i++)
    h = combine(h, p[i]);
  return h;
}

static uint64_t hash_string(const uint8_t *p, size_t n) { return reduce(hash_string_bits(p, n)); }

uint64_t sxhash_eql(mval x)
{
  if (FLOATP(x)) {
    double d = XFLOAT(x);
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return reduce(bits);
  }
  if (BIGNUMP(x)) { /* the limbs of its magnitude */
    mpz_srcptr z = XBIGNUM_MPZ(x);
    size_t n = mpz_size(z);
    uint64_t h = 0;
    for (size_t i = 0; i < n; i++)
      h = combine(h, mpz_getlimbn(z, (mp_size_t)i));
    return reduce(h);
  }
  return sxhash_eq(x);
}

static uint64_t sxhash_words(mrt *rt, uint64_t h, const mval *v, int64_t n, int depth);

static uint64_t sxhash_rec(mrt *rt, mval x, int depth)
{
  if (depth > SXHASH_MAX_DEPTH)
    return 0;
  if (FIXNUMP(x))
    return (uint64_t)XFIXNUM(x) & INTMASK;
  if (STRINGP(x))
    return hash_string(XSTRING(x)->data, (size_t)XSTRING(x)->nbytes);
  if (CONSP(x)) {
    uint64_t h = 0;
    for (int i = 0; depth < SXHASH_MAX_DEPTH && CONSP(x) && i < SXHASH_MAX_LEN; x = XCDR(x), i++)
      h = combine(h, sxhash_rec(rt, XCAR(x), depth + 1));
    if (!NILP(x))
      h = combine(h, sxhash_rec(rt, x, depth + 1));
    return reduce(h);
  }
  /* The vector-likes `equal' compares slot by slot. */
  if (PVECP(x, PVEC_VECTOR) || PVECP(x, PVEC_RECORD) || PVECP(x, PVEC_CHAR_TABLE) ||
      PVECP(x, PVEC_SUB_CHAR_TABLE) || PVECP(x, PVEC_COMPILED)) {
    int64_t n = (int64_t)vl_header_nlisp(XVL(x)->header);
    return sxhash_words(rt, (uint64_t)n, VECTOR_SLOTS(x), n, depth);
  }
  if (PVECP(x, PVEC_BOOL_VECTOR)) {
    int64_t n = BOOL_VECTOR_LENGTH(x);
    uint64_t h = (uint64_t)n;
    const uint64_t *words = (const uint64_t *)BOOL_VECTOR_BITS(x);
    for (int64_t i = 0; i < bool_vector_words(n) && i < SXHASH_MAX_LEN; i++)
      h = combine(h, words[i]);
    return reduce(h);
  }
  if (MARKERP(x)) /* equal when at the same place */
    return reduce(combine(sxhash_eql(XMARKER(x)->buffer), NILP(XMARKER(x)->buffer) ? 0 : (uint64_t)XMARKER(x)->charpos));
  if (PVECP(x, PVEC_CLOSURE)) /* equal compares them as lists */
    return sxhash_rec(rt, closure_as_list(rt, x), depth);
  return sxhash_eql(x);
}

static uint64_t sxhash_words(mrt *rt, uint64_t h, const mval *v, int64_t n, int depth)
{
  for (int64_t i = 0; i < n && i < SXHASH_MAX_LEN; i++)
    h = combine(h, sxhash_rec(rt, v[i], depth + 1));
  return reduce(h);
}

uint64_t sxhash_equal(mrt *rt, mval x) { return sxhash_rec(rt, x, 0); }

/* A hash as Lisp sees it: its 62 bits as a signed fixnum, as Emacs. */
static mval hash_value(uint64_t h) { return make_fixnum((int64_t)((h & INTMASK) << 2) >> 2); }

/* A hash as a non-negative fixnum. */
static mval hash_fixnum(uint64_t h) { return make_fixnum((int64_t)(h & (uint64_t)MOST_POSITIVE_FIXNUM)); }

/* ================================================================== */
/* Tests                                                              */
/* ================================================================== */

/* While a user-defined test or hash function of TABLE runs, TABLE is
   on the list internal--hash-tables-in-test and may not change, as in
   Emacs: FN(A) or FN(A, B) (B Qunbound for one argument). */
static mval call_user_function(mrt *rt, mval table, mval fn, mval a, mval b)
{
  size_t depth = rt->specpdl_depth;
  specbind(rt, Qhash_tables_in_test,
           Fcons(rt, table, XSYMBOL(rt, Qhash_tables_in_test)->value));
  mval v = b == Qunbound ? call1(rt, fn, a) : call2(rt, fn, a, b);
  unbind_to(rt, depth);
  return v;
}

static void check_mutable(mrt *rt, mval table)
{
  for (mval l = XSYMBOL(rt, Qhash_tables_in_test)->value; CONSP(l); l = XCDR(l))
    if (XCAR(l) == table)
      xsignal2(rt, Qerror, make_cstring(rt, "hash table test modifies table"), table);
}

/* A user-defined test's hash function may return any object; only a
   fixnum is used as it is, as in Emacs. */
static uint64_t table_hash(mrt *rt, mval table, mval key)
{
  struct hash_table *h = XHASH_TABLE(table);
  if (h->test == Qeq)
    return sxhash_eq(key);
  if (h->test == Qeql)
    return sxhash_eql(key);
  if (h->test == Qequal)
    return sxhash_equal(rt, key);
  mval v = call_user_function(rt, table, XCAR(XCDR(h->user)), key, Qunbound);
  return FIXNUMP(v) ? (uint64_t)XFIXNUM(v) : sxhash_equal(rt, v);
}

/* KEY is the one looked up, STORED the table's.  Identical keys are the
   same whatever the test, without calling a user-defined one (Emacs's
   lookup does the same). */
static bool table_same(mrt *rt, mval table, mval stored, mval key)
{
  struct hash_table *h = XHASH_TABLE(table);
  if (stored == key)
    return true;
  if (h->test == Qeq)
    return false;
  if (h->test == Qeql)
    return mrt_eql(stored, key);
  if (h->test == Qequal)
    return mrt_equal(rt, stored, key);
  return !NILP(call_user_function(rt, table, XCAR(h->user), key, stored));
}

/* ================================================================== */
/* Storage                                                            */
/* ================================================================== */

static int64_t fix(mval v, int64_t i) { return XFIXNUM(AREF(v, i)); }

int64_t hash_table_size(mval table) { return VECTOR_LENGTH(XHASH_TABLE(table)->next); }
int64_t hash_table_count(mval table) { return XFIXNUM(XHASH_TABLE(table)->count); }

bool hash_table_entry(mval table, int64_t i, mval *key, mval *value)
{
  struct hash_table *h = XHASH_TABLE(table);
  mval k = AREF(h->kv, 2 * i);
  if (k == Qunbound)
    return false;
  *key = k;
  *value = AREF(h->kv, 2 * i + 1);
  return true;
}

static int64_t buckets_for(int64_t size)
{
  int64_t n = (int64_t)(size / REHASH_THRESHOLD) + 1;
  return n | 1;
}

/* Fills H's storage vectors for SIZE entries, all free. */
static void alloc_storage(mrt *rt, mval table, int64_t size)
{
  mval kv = make_vector(rt, (size_t)size * 2, Qunbound);
  mval hash = make_vector(rt, (size_t)size, Qnil);
  mval next = make_vector(rt, (size_t)size, Qnil);
  mval index = make_vector(rt, (size_t)buckets_for(size), make_fixnum(-1));
  for (int64_t i = 0; i < size; i++)
    ASET_FIXNUM(next, i, make_fixnum(i + 1 < size ? i + 1 : -1));
  struct hash_table *h = XHASH_TABLE(table);
  GC_STORE(rt->gc, table, h->kv, kv);
  GC_STORE(rt->gc, table, h->hash, hash);
  GC_STORE(rt->gc, table, h->next, next);
  GC_STORE(rt->gc, table, h->index, index);
  SET_FIXNUM_FIELD(h->count, make_fixnum(0));
  SET_FIXNUM_FIELD(h->next_free, make_fixnum(size > 0 ? 0 : -1));
}

/* As Emacs does, a proper list X is spliced into the error's data:
   (make-hash-table '(1 2)) signals (error "Invalid argument list" 1 2). */
_Noreturn static void bad_arg(mrt *rt, const char *msg, mval x)
{
  if (!NILP(x) && NILP(call1(rt, intern(rt, "proper-list-p"), x)))
    xsignal2(rt, Qerror, make_cstring(rt, msg), x);
  mrt_signal(rt, Qerror, Fcons(rt, make_cstring(rt, msg), x));
}

/* (TEST-FN HASH-FN) that define-hash-table-test gave TEST. */
static mval user_test(mrt *rt, mval test)
{
  CHECK_TYPE(rt, SYMBOLP(test), Qsymbolp, test); /* as Emacs's `get' of it */
  mval def = get_prop(rt, test, intern(rt, "hash-table-test"));
  if (!CONSP(def) || !CONSP(XCDR(def)))
    bad_arg(rt, "Invalid hash table test", test);
  return def;
}

mval make_hash_table(mrt *rt, mval test, int64_t size)
{
  if (size < 0 || (uint64_t)size > VL_MAX_WORDS / 2)
    memory_full(rt);
  if (size == 0)
    size = 1; /* as Emacs: (make-hash-table :size 0) has room for one */
  mval user = test == Qeq || test == Qeql || test == Qequal ? Qnil : user_test(rt, test);
  mval table = gc_vectorlike(rt->gc, PVEC_HASH_TABLE, 1 + HASH_TABLE_NLISP, HASH_TABLE_NLISP);
  GC_STORE(rt->gc, table, XHASH_TABLE(table)->test, test);
  GC_STORE(rt->gc, table, XHASH_TABLE(table)->user, user);
  alloc_storage(rt, table, size);
  return table;
}

/* The entry index of KEY, or -1; *HV is set to KEY's hash (a fixnum). */
static int64_t lookup_hashed(mrt *rt, mval table, mval key, mval *hv_out)
{
  struct hash_table *h = XHASH_TABLE(table);
  mval hv = hash_fixnum(table_hash(rt, table, key));
  *hv_out = hv;
  int64_t nb = VECTOR_LENGTH(h->index);
  for (int64_t i = fix(h->index, XFIXNUM(hv) % nb); i >= 0; i = fix(h->next, i)) {
    /* A test may allocate (closures), or be Lisp that changes the
       table, but objects never move, H's vectors are reachable from
       TABLE and entry indexes stay in range as the table only grows. */
    if (AREF(h->hash, i) == hv && table_same(rt, table, AREF(h->kv, 2 * i), key))
      return i;
  }
  return -1;
}

int64_t hash_lookup(mrt *rt, mval table, mval key)
{
  mval hv;
  return lookup_hashed(rt, table, key, &hv);
}

/* Links entry I (hash HV, fixnum) at the head of its bucket chain. */
static void link_entry(struct hash_table *h, int64_t i, mval hv)
{
  int64_t b = XFIXNUM(hv) % VECTOR_LENGTH(h->index);
  ASET_FIXNUM(h->hash, i, hv);
  ASET_FIXNUM(h->next, i, AREF(h->index, b));
  ASET_FIXNUM(h->index, b, make_fixnum(i));
}

/* The size a full table of OLD entries grows to, as Emacs's rehash
   size R says: OLD + R for an integer, else OLD * R (1.5 by default),
   and one more entry at least. */
static int64_t grown_size(struct hash_table *h, int64_t old)
{
  mval r = h->rehash_size;
  int64_t size = FIXNUMP(r) ? old + XFIXNUM(r)
                            : (int64_t)(old * (FLOATP(r) ? XFLOAT(r) : REHASH_SIZE));
  return size <= old ? old + 1 : size;
}

/* Grows as the rehash size says and re-links every entry in the same
   index order. */
static void grow(mrt *rt, mval table)
{
  struct hash_table *h = XHASH_TABLE(table);
  int64_t old = VECTOR_LENGTH(h->next);
  int64_t size = grown_size(h, old);
  mval old_kv = h->kv, old_hash = h->hash;
  int64_t count = XFIXNUM(h->count);
  alloc_storage(rt, table, size);
  h = XHASH_TABLE(table);
  /* The new kv may be old already: a collection may have come between. */
  memcpy(gc_written_slots(rt->gc, h->kv), VECTOR_SLOTS(old_kv), (size_t)old * 2 * sizeof(mval));
  for (int64_t i = 0; i < old; i++)
    link_entry(h, i, AREF(old_hash, i));
  /* A full table has no free entries below OLD. */
  SET_FIXNUM_FIELD(h->count, make_fixnum(count));
  SET_FIXNUM_FIELD(h->next_free, make_fixnum(old));
}

/* KEY is hashed once, before the table changes: a user-defined hash
   function is Lisp, which could otherwise see a half-made entry. */
void hash_put(mrt *rt, mval table, mval key, mval value)
{
  mval hv;
  int64_t i = lookup_hashed(rt, table, key, &hv);
  if (i >= 0) {
    gc_aset(rt->gc, XHASH_TABLE(table)->kv, 2 * i + 1, value);
    return;
  }
  if (XFIXNUM(XHASH_TABLE(table)->next_free) < 0)
    grow(rt, table);
  struct hash_table *h = XHASH_TABLE(table);
  i = XFIXNUM(h->next_free);
  SET_FIXNUM_FIELD(h->next_free, AREF(h->next, i));
  gc_aset(rt->gc, h->kv, 2 * i, key);
  gc_aset(rt->gc, h->kv, 2 * i + 1, value);
  link_entry(h, i, hv);
  SET_FIXNUM_FIELD(h->count, make_fixnum(XFIXNUM(h->count) + 1));
}

mval hash_get(mrt *rt, mval table, mval key, mval dflt)
{
  int64_t i = hash_lookup(rt, table, key);
  return i >= 0 ? AREF(XHASH_TABLE(table)->kv, 2 * i + 1) : dflt;
}

bool hash_remove(mrt *rt, mval table, mval key)
{
  int64_t i = hash_lookup(rt, table, key);
  if (i < 0)
    return false;
  struct hash_table *h = XHASH_TABLE(table);
  int64_t b = XFIXNUM(AREF(h->hash, i)) % VECTOR_LENGTH(h->index);
  /* Unlink I from its bucket chain. */
  if (fix(h->index, b) == i) {
    ASET_FIXNUM(h->index, b, AREF(h->next, i));
  } else {
    int64_t p = fix(h->index, b);
    while (fix(h->next, p) != i)
      p = fix(h->next, p);
    ASET_FIXNUM(h->next, p, AREF(h->next, i));
  }
  gc_aset(rt->gc, h->kv, 2 * i, Qunbound);
  gc_aset(rt->gc, h->kv, 2 * i + 1, Qnil);
  ASET_FIXNUM(h->hash, i, Qnil);
  ASET_FIXNUM(h->next, i, h->next_free);
  SET_FIXNUM_FIELD(h->next_free, make_fixnum(i));
  SET_FIXNUM_FIELD(h->count, make_fixnum(XFIXNUM(h->count) - 1));
  return true;
}

/* ================================================================== */
/* Primitives                                                         */
/* ================================================================== */

static mval check_table(mrt *rt, mval x)
{
  CHECK_TYPE(rt, HASH_TABLE_P(x), Qhash_table_p, x);
  return x;
}

static bool valid_weakness(mval w)
{
  return NILP(w) || w == Qt || w == Qkey || w == Qvalue || w == Qkey_or_value ||
         w == Qkey_and_value;
}

/* Emacs keeps a rehash size R as the C float R - 1 (a positive
   integer as it is) and a threshold as a C float: what they read back
   as.  nil stands for the default. */
static mval checked_rehash_size(mrt *rt, mval r)
{
  if (NILP(r) || (FIXNUMP(r) && XFIXNUM(r) > 0))
    return r;
  if (FLOATP(r) && (float)(XFLOAT(r) - 1) > 0)
    return make_float(rt, (double)(float)(XFLOAT(r) - 1) + 1);
  bad_arg(rt, "Invalid hash table rehash size", r);
}

static mval checked_rehash_threshold(mrt *rt, mval t)
{
  if (NILP(t))
    return t;
  float f = FLOATP(t) ? (float)XFLOAT(t) : 0;
  if (!(0 < f && f <= 1))
    bad_arg(rt, "Invalid hash table rehash threshold", t);
  return make_float(rt, f);
}

mval hash_table_rehash_size(mrt *rt, mval table)
{
  mval r = XHASH_TABLE(table)->rehash_size;
  return NILP(r) ? make_float(rt, REHASH_SIZE) : r;
}

mval hash_table_rehash_threshold(mrt *rt, mval table)
{
  mval t = XHASH_TABLE(table)->rehash_threshold;
  return NILP(t) ? make_float(rt, REHASH_THRESHOLD) : t;
}

/* (make-hash-table &rest KEYWORD-ARGS) */
static mval Fmake_hash_table(mrt *rt, int n, mval *a)
{
  /* Only the reader's #s(hash-table test nil) means eql */
  for (int i = 0; i + 1 < n; i += 2)
    if (a[i] == Qktest && NILP(a[i + 1]))
      bad_arg(rt, "Invalid hash table test", Qnil);
  return make_hash_table_from_args(rt, n, a);
}

mval make_hash_table_from_args(mrt *rt, int n, mval *a)
{
  mval test = Qeql, size = Qnil, weakness = Qnil;
  mval rehash_size = Qnil, rehash_threshold = Qnil, purecopy = Qnil;
  for (int i = 0; i < n; i += 2) {
    mval k = a[i];
    if (i + 1 >= n)
      bad_arg(rt, "Invalid argument list", k);
    if (k == Qktest)
      test = a[i + 1];
    else if (k == Qksize)
      size = a[i + 1];
    else if (k == Qkweakness)
      weakness = a[i + 1];
    else if (k == Qkrehash_size)
      rehash_size = a[i + 1];
    else if (k == Qkrehash_threshold)
      rehash_threshold = a[i + 1];
    else if (k == Qkpurecopy)
      purecopy = a[i + 1];
    else
      bad_arg(rt, "Invalid argument list", k);
  }
  if (NILP(test))
    test = Qeql;
  if (!NILP(size) && !(FIXNUMP(size) && XFIXNUM(size) >= 0))
    bad_arg(rt, "Invalid hash table size", size);
  rehash_size = checked_rehash_size(rt, rehash_size);
  rehash_threshold = checked_rehash_threshold(rt, rehash_threshold);
  if (!valid_weakness(weakness))
    bad_arg(rt, "Invalid hash table weakness", weakness);
  mval table = make_hash_table(rt, test, NILP(size) ? DEFAULT_HASH_SIZE : XFIXNUM(size));
  struct hash_table *h = XHASH_TABLE(table);
  GC_STORE(rt->gc, table, h->weakness, weakness == Qt ? Qkey_and_value : weakness);
  GC_STORE(rt->gc, table, h->rehash_size, rehash_size);
  GC_STORE(rt->gc, table, h->rehash_threshold, rehash_threshold);
  GC_STORE(rt->gc, table, h->purecopy, NILP(purecopy) ? Qnil : Qt);
  return table;
}

static mval Fgethash(mrt *rt, int n, mval *a)
{
  return hash_get(rt, check_table(rt, a[1]), a[0], a[2]);
}

static mval Fputhash(mrt *rt, int n, mval *a)
{
  check_mutable(rt, check_table(rt, a[2]));
  hash_put(rt, a[2], a[0], a[1]);
  return a[1];
}

static mval Fremhash(mrt *rt, int n, mval *a)
{
  check_mutable(rt, check_table(rt, a[1]));
  hash_remove(rt, a[1], a[0]);
  return Qnil;
}

static mval Fclrhash(mrt *rt, int n, mval *a)
{
  mval table = check_table(rt, a[0]);
  check_mutable(rt, table);
  if (hash_table_count(table) > 0)
    alloc_storage(rt, table, hash_table_size(table));
  return table;
}

/* Visits entries by index.  FN may change the table: each step re-reads
   the current storage and skips entries that have become free. */
static mval Fmaphash(mrt *rt, int n, mval *a)
{
  mval fn = a[0], table = check_table(rt, a[1]);
  for (int64_t i = 0; i < hash_table_size(table); i++) {
    mval k, v;
    if (hash_table_entry(table, i, &k, &v))
      call2(rt, fn, k, v);
  }
  return Qnil;
}

static mval Fhash_table_count(mrt *rt, int n, mval *a)
{
  return make_fixnum(hash_table_count(check_table(rt, a[0])));
}

static mval Fhash_table_size(mrt *rt, int n, mval *a)
{
  return make_fixnum(hash_table_size(check_table(rt, a[0])));
}

static mval Fhash_table_p(mrt *rt, int n, mval *a) { return HASH_TABLE_P(a[0]) ? Qt : Qnil; }
static mval Fhash_table_test(mrt *rt, int n, mval *a) { return XHASH_TABLE(check_table(rt, a[0]))->test; }
static mval Fhash_table_weakness(mrt *rt, int n, mval *a)
{
  return XHASH_TABLE(check_table(rt, a[0]))->weakness;
}
static mval Fhash_table_rehash_size(mrt *rt, int n, mval *a)
{
  return hash_table_rehash_size(rt, check_table(rt, a[0]));
}
static mval Fhash_table_rehash_threshold(mrt *rt, int n, mval *a)
{
  return hash_table_rehash_threshold(rt, check_table(rt, a[0]));
}

static mval copy_vector(mrt *rt, mval v)
{
  mval r = make_vector(rt, (size_t)VECTOR_LENGTH(v), Qnil);
  memcpy(gc_written_slots(rt->gc, r), VECTOR_SLOTS(v), (size_t)VECTOR_LENGTH(v) * sizeof(mval));
  return r;
}

static mval Fcopy_hash_table(mrt *rt, int n, mval *a)
{
  mval table = check_table(rt, a[0]);
  mval copy = gc_vectorlike(rt->gc, PVEC_HASH_TABLE, 1 + HASH_TABLE_NLISP, HASH_TABLE_NLISP);
  /* COPY is new, so its first stores need no barrier.  It shares
     TABLE's vectors until each is replaced below, unseen by Lisp. */
  memcpy(gc_fresh_slots(XVL(copy)), XVL(table)->slots, HASH_TABLE_NLISP * sizeof(mval));
  GC_STORE(rt->gc, copy, XHASH_TABLE(copy)->kv, copy_vector(rt, XHASH_TABLE(table)->kv));
  GC_STORE(rt->gc, copy, XHASH_TABLE(copy)->hash, copy_vector(rt, XHASH_TABLE(table)->hash));
  GC_STORE(rt->gc, copy, XHASH_TABLE(copy)->next, copy_vector(rt, XHASH_TABLE(table)->next));
  GC_STORE(rt->gc, copy, XHASH_TABLE(copy)->index, copy_vector(rt, XHASH_TABLE(table)->index));
  return copy;
}

/* hash-table-keys and hash-table-values, as subr-x defines them. */
static mval table_column(mrt *rt, mval table, bool values)
{
  check_table(rt, table);
  mval r = Qnil;
  for (int64_t i = hash_table_size(table) - 1; i >= 0; i--) {
    mval k, v;
    if (hash_table_entry(table, i, &k, &v))
      r = Fcons(rt, values ? v : k, r);
  }
  return r;
}

static mval Fhash_table_keys(mrt *rt, int n, mval *a) { return table_column(rt, a[0], false); }
static mval Fhash_table_values(mrt *rt, int n, mval *a) { return table_column(rt, a[0], true); }

/* (define-hash-table-test NAME TEST HASH) */
static mval Fdefine_hash_table_test(mrt *rt, int n, mval *a)
{
  CHECK_SYMBOL(rt, a[0]);
  mval def = list2(rt, a[1], a[2]);
  struct symbol *s = XSYMBOL(rt, a[0]);
  SYMBOL_SET(rt->gc, s, plist, plist_put(rt, s->plist, intern(rt, "hash-table-test"), def));
  return def;
}

static mval Fsxhash_eq(mrt *rt, int n, mval *a) { return hash_value(sxhash_eq(a[0])); }
static mval Fsxhash_eql(mrt *rt, int n, mval *a) { return hash_value(sxhash_eql(a[0])); }
static mval Fsxhash_equal(mrt *rt, int n, mval *a) { return hash_value(sxhash_equal(rt, a[0])); }

static const struct subr_def hashtab_subrs[] = {
  { "make-hash-table", Fmake_hash_table, 0, ARGS_MANY },
  { "gethash", Fgethash, 2, 3 },
  { "puthash", Fputhash, 3, 3 },
  { "remhash", Fremhash, 2, 2 },
  { "clrhash", Fclrhash, 1, 1 },
  { "maphash", Fmaphash, 2, 2 },
  { "hash-table-count", Fhash_table_count, 1, 1 },
  { "hash-table-size", Fhash_table_size, 1, 1 },
  { "hash-table-p", Fhash_table_p, 1, 1 },
  { "hash-table-test", Fhash_table_test, 1, 1 },
  { "hash-table-weakness", Fhash_table_weakness, 1, 1 },
  { "hash-table-rehash-size", Fhash_table_rehash_size, 1, 1 },
  { "hash-table-rehash-threshold", Fhash_table_rehash_threshold, 1, 1 },
  { "copy-hash-table", Fcopy_hash_table, 1, 1 },
  { "hash-table-keys", Fhash_table_keys, 1, 1 },
  { "hash-table-values", Fhash_table_values, 1, 1 },
  { "sxhash-eq", Fsxhash_eq, 1, 1 },
  { "sxhash-eql", Fsxhash_eql, 1, 1 },
  { "sxhash-equal", Fsxhash_equal, 1, 1 },
  { "define-hash-table-test", Fdefine_hash_table_test, 3, 3 },
  { "sxhash", Fsxhash_equal, 1, 1 }, /* obsolete alias, still in Emacs 28 */
};

void hashtab_init(mrt *rt)
{
  defvar(rt, Qhash_tables_in_test, Qnil);
  defsubrs(rt, hashtab_subrs, sizeof hashtab_subrs / sizeof hashtab_subrs[0]);
}
