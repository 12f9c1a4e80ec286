/*
** gc.h -- layer 3: the collector and the allocation entry points.
**
** This is the one small interface through which marrow allocates Lisp
** objects.  gc.c implements it over marrow's own heap (heap.h);
** gc_boehm.c implements the same calls over Boehm GC for the baseline
** build (src/marrow-boehm).  Nothing above this layer may know which.
**
** Roots: the layers above register root functions (gc_add_roots) that
** mark their precise roots with gc_mark; the running thread's C stack
** and registers are scanned conservatively, so a value held in a C local
** variable survives any allocation.  Any allocation may collect.
*/
#ifndef MARROW_GC_H
#define MARROW_GC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "object.h"
#include "heap.h"

struct gc;

/* The symbol table: symbol values are indices into it (object.h).  The
   collector owns it because it allocates and frees symbols; the runtime
   reads it directly (runtime.h XSYMBOL). */
struct symtab {
  struct symbol **at; /* index -> symbol; NULL for a free slot */
  uint32_t count;     /* slots in use or freed, i.e. the next new index */
  uint32_t cap;
};

struct gc_config {
  size_t cons_threshold;     /* gc-cons-threshold, bytes; default 800000 */
  double cons_percentage;    /* gc-cons-percentage; default 0.1 */
  size_t heap_limit;         /* 0 = no limit; past it, memory_full */
  enum vector_policy policy; /* default VECTOR_POLICY_DEFAULT */
  bool log;                  /* one line per collection on stderr */
  bool stress;               /* collect before every allocation */
  bool generational;         /* minor collections between full ones;
                                MARROW_GC_GENERATIONAL=0 turns it off */
  bool aging;                /* with generations: an object is old only
                                once it survives a second collection;
                                MARROW_GC_AGING=0 makes it old at once */
  const struct heap_allocator *allocator; /* NULL: the C library */
  /* Testing (issue 7): fail every Nth system allocation of the
     runtime's own memory (heap blocks and gc_x*); 0 = never.
     MARROW_FAIL_ALLOC=N sets it. */
  unsigned long fail_alloc_every;
  /* Testing: cap on mark-stack entries, 0 = unlimited.  Past it the
     collector recovers by rescanning the heap, as it does when the
     stack cannot grow. */
  size_t mark_stack_limit;
};
void gc_config_defaults(struct gc_config *cfg); /* also reads MARROW_* env */

/* Called when memory cannot be had even after a collection.  It must
   not return (the runtime signals memory-full through it); if it does,
   the allocation returns through the allocator's failure path. */
typedef void (*gc_memory_full_fn)(struct gc *g, void *ud);

struct gc *gc_new(const struct gc_config *cfg);
void gc_free(struct gc *g); /* frees every object, block and symbol */
void gc_set_memory_full_handler(struct gc *g, gc_memory_full_fn fn, void *ud);
struct symtab *gc_symtab(struct gc *g);

/* ---- Allocation entry points.  Each may collect first. ---- */
mval gc_cons(struct gc *g, mval car, mval cdr);
mval gc_float(struct gc *g, double d);
/* A fresh symbol with a table slot; the caller fills it in.  The symbol
   is garbage once unreachable unless its `interned` flag is set or its
   index is a builtin symbol's (below SYMI_COUNT_): C code names those. */
mval gc_symbol(struct gc *g);
/* A string with room for NBYTES bytes plus a NUL, zero-filled. */
mval gc_string(struct gc *g, size_t nbytes);
/* A vector-like of NWORDS words, header included, whose first NLISP
   slots are Lisp values *not yet written*; the words after them are
   zeroed.  The caller writes the Lisp slots before it allocates again
   (use the two below).  NULL only when the memory-full handler
   returned. */
struct vectorlike *gc_vectorlike_unfilled(struct gc *g, enum pvec_type type, size_t nwords,
                                          size_t nlisp);
/* The slots of a vector-like made since the last allocation. */
static inline mval *gc_fresh_slots(struct vectorlike *v) { return (mval *)v->slots; }
/* Sets N values from S on to X.  Vector churn fills about a hundred
   slots per allocation; the compiler does not vectorize a plain loop at
   -O2, so pairs of values are stored 16 bytes at a time (GCC's generic
   vectors: SSE2 on x86-64, plain stores elsewhere).  The last eight (or
   four, or two) are stored ending at N, over what the loop already set:
   no loop over a remainder whose length changes from call to call, whose
   branches mispredict on mixed sizes (a fill of sizes 1 to 200 took
   0.106 s for 5M vectors so, 0.079 s this way; bench/PERF.md). */
typedef mval mval_pair __attribute__((vector_size(2 * sizeof(mval)), aligned(sizeof(mval)), may_alias));
static inline void gc_fill_eight(mval *s, mval_pair xx)
{
  *(mval_pair *)s = xx;
  *(mval_pair *)(s + 2) = xx;
  *(mval_pair *)(s + 4) = xx;
  *(mval_pair *)(s + 6) = xx;
}
static inline void gc_fill_values(mval *s, size_t n, mval x)
{
  const mval_pair xx = {x, x};
  if (n >= 8) {
    for (size_t i = 0; i + 8 < n; i += 8)
      gc_fill_eight(s + i, xx);
    gc_fill_eight(s + n - 8, xx);
  } else if (n >= 4) {
    *(mval_pair *)s = xx;
    *(mval_pair *)(s + 2) = xx;
    *(mval_pair *)(s + n - 4) = xx;
    *(mval_pair *)(s + n - 2) = xx;
  } else if (n >= 2) {
    *(mval_pair *)s = xx;
    *(mval_pair *)(s + n - 2) = xx;
  } else if (n) {
    s[0] = x;
  }
}
/* The Lisp slots each set to FILL. */
static inline mval gc_vectorlike_fill(struct gc *g, enum pvec_type type, size_t nwords,
                                      size_t nlisp, mval fill)
{
  struct vectorlike *v = gc_vectorlike_unfilled(g, type, nwords, nlisp);
  if (!v)
    return Qnil;
  gc_fill_values(gc_fresh_slots(v), nlisp, fill);
  return tag_ptr(v, TAG_VECTORLIKE);
}
/* The Lisp slots copied from SRC (NLISP values): each slot is written
   once, where filling and then copying would write it twice. */
static inline mval gc_vectorlike_copy(struct gc *g, enum pvec_type type, size_t nwords,
                                      size_t nlisp, const mval *src)
{
  struct vectorlike *v = gc_vectorlike_unfilled(g, type, nwords, nlisp);
  if (!v)
    return Qnil;
  if (nlisp)
    memcpy(gc_fresh_slots(v), src, nlisp * sizeof(mval));
  return tag_ptr(v, TAG_VECTORLIKE);
}
/* The Lisp slots initialised to nil. */
static inline mval gc_vectorlike(struct gc *g, enum pvec_type type, size_t nwords, size_t nlisp)
{
  return gc_vectorlike_fill(g, type, nwords, nlisp, Qnil);
}

/* ---- Memory owned outside the heap, counted toward the trigger. ---- */
/* String data, hash storage, GMP limbs: gc_xmalloc and friends count
   the bytes and return NULL on failure (never longjmp: GMP calls them). */
void *gc_xmalloc(struct gc *g, size_t n);
/* The same for memory that never holds pointers (GMP limbs), which a
   conservative baseline need not scan.  Free it with gc_xfree. */
void *gc_xmalloc_atomic(struct gc *g, size_t n);
void *gc_xrealloc(struct gc *g, void *p, size_t oldn, size_t newn);
void gc_xfree(struct gc *g, void *p, size_t n);
/* Same, but the caller wants memory-full signalled (via the handler)
   rather than NULL; for use outside GMP. */
void *gc_xmalloc_or_die(struct gc *g, size_t n);

/* ---- Collection ---- */
/* A full collection: everything unreachable goes. */
void gc_collect(struct gc *g, const char *reason);
/* A minor one where there are old objects and generations are on: the
   objects that survived an earlier collection are not marked again
   (unless written to since), and not freed.  What the trigger runs. */
void gc_collect_minor(struct gc *g, const char *reason);
void gc_maybe_collect(struct gc *g); /* a safe point: collect if due */
void gc_inhibit(struct gc *g, bool on); /* nests */

/* ---- Roots ---- */
typedef void (*gc_root_fn)(struct gc *g, void *ud);
void gc_add_roots(struct gc *g, gc_root_fn fn, void *ud);
void gc_remove_roots(struct gc *g, gc_root_fn fn, void *ud);
/* Memory outside the heap (malloc'd) that holds pointers to gc_x*
   memory, such as an mpz_t's limbs.  marrow's collector frees gc_x*
   memory only when told, so it needs nothing; the Boehm baseline
   collects it by reachability, and must scan the region. */
void gc_add_root_region(struct gc *g, void *start, size_t nbytes);
void gc_remove_root_region(struct gc *g, void *start, size_t nbytes);
void gc_mark(struct gc *g, mval v);
void gc_mark_array(struct gc *g, const mval *v, size_t n);

/* ---- The write barrier ----
   Every store of a Lisp value into a cons, vector-like or symbol that
   already exists goes through here (object.h makes the fields const,
   so the compiler insists).  A minor collection does not look inside
   old objects again; an old object about to be written is remembered,
   and the next collection looks inside it.  A fixnum points to no
   object and needs no barrier (object.h: ASET_FIXNUM), so the stores
   below pass it by: counters kept in old lists and vectors,
   (cl-incf (car x)), are the commonest stores there are. */
void gc_write_barrier(struct gc *g, mval obj);
static inline void gc_barrier_for(struct gc *g, mval obj, mval v)
{
  if (!FIXNUMP(v))
    gc_write_barrier(g, obj);
}
static inline void gc_setcar(struct gc *g, mval c, mval v)
{
  gc_barrier_for(g, c, v);
  OBJ_INIT(XCONS(c)->car, v);
}
static inline void gc_setcdr(struct gc *g, mval c, mval v)
{
  gc_barrier_for(g, c, v);
  OBJ_INIT(XCONS(c)->cdr, v);
}
static inline void gc_aset(struct gc *g, mval o, int64_t i, mval v)
{
  gc_barrier_for(g, o, v);
  OBJ_INIT(XVL(o)->slots[i], v);
}
/* A symbol's fields: name, value, function, plist. */
void gc_symbol_barrier(struct gc *g, struct symbol *s);
#define SYMBOL_SET(g, s, field, v)                                              \
  do {                                                                         \
    mval symbol_set_value_ = (v);                                              \
    struct symbol *symbol_set_s_ = (s);                                        \
    gc_symbol_barrier((g), symbol_set_s_);                                     \
    OBJ_INIT(symbol_set_s_->field, symbol_set_value_);                         \
  } while (0)
static inline void symbol_store(struct gc *g, struct symbol *s, mval v)
{
  gc_symbol_barrier(g, s);
  OBJ_INIT(s->value, v);
  s->value_owned = 0;
}
/* A named Lisp field of vector-like OBJ (a hash table's, a code's).  V
   is computed first: if that allocates, OBJ may be old only after. */
#define GC_STORE(g, obj, field, v)                                             \
  do {                                                                         \
    mval gc_store_value_ = (v);                                                \
    gc_write_barrier((g), (obj));                                              \
    OBJ_INIT((field), gc_store_value_);                                        \
  } while (0)
/* The slots of vector-like O, writable until the next allocation: the
   barrier is passed once for a loop of stores that allocates nothing
   (sorting or filling in place).  Any allocation may collect and make O
   old again. */
static inline mval *gc_written_slots(struct gc *g, mval o)
{
  gc_write_barrier(g, o);
  return (mval *)XVL(o)->slots;
}
/* Register the current thread's stack for conservative scanning.  The
   runtime calls it when a thread starts using it; by default the
   bounds are found with pthread_getattr_np. */
void gc_attach_thread(struct gc *g);

/* ---- Configuration at run time ---- */
void gc_set_threshold(struct gc *g, size_t bytes, double percentage);
/* More than 1/FACTOR of the allocation that triggers the next
   collection has happened (garbage-collect-maybe); never for 0. */
bool gc_allocated_past(struct gc *g, uint64_t factor);
void gc_set_policy(struct gc *g, enum vector_policy p);
enum vector_policy gc_policy(struct gc *g);
void gc_set_log(struct gc *g, bool on);
/* Stress mode checks every mark at every this many collections. */
#define GC_STRESS_CHECK_INTERVAL 1024
void gc_set_stress(struct gc *g, bool on);
void gc_set_heap_limit(struct gc *g, size_t bytes);
size_t gc_heap_limit(const struct gc *g); /* 0 = none */
/* Whether NBYTES more could still be had, within the heap limit and
   from the system (a probe; nothing is kept). */
bool gc_can_spare(struct gc *g, size_t nbytes);
/* Heap and gc_x* bytes live after the last collection. */
size_t gc_live_bytes(const struct gc *g);
/* Whether memory handed back with gc_xfree is the caller's until then:
   false over Boehm, which reclaims gc_x* blocks that look unreachable,
   so a list of freed blocks kept outside its heap would be reclaimed. */
bool gc_owns_freed_memory(const struct gc *g);
/* "marrow" (gc.c) or "boehm" (gc_boehm.c): Lisp's marrow-collector. */
const char *gc_name(void);
/* Fault injection (issue 7): fail every Nth system allocation from now
   on, 0 = never.  A runtime cannot initialise under it, so hosts open
   with fail_alloc_every = 0 and arm it here once initialised. */
void gc_set_fail_alloc(struct gc *g, unsigned long every);

/* ---- Statistics ---- */
struct gc_stats {
  uint64_t gcs_done;
  uint64_t minor_gcs;       /* of which minor: the old objects not marked again */
  uint64_t aged_last;       /* last minor: objects that survived it still young */
  uint64_t promoted_last;   /* ... and those it made old */
  double gc_elapsed;        /* seconds, all collections */
  double mark_time, sweep_time; /* seconds, all collections */
  double last_mark_time, last_sweep_time;
  size_t bytes_since_gc;
  size_t live_bytes_after_gc;
  size_t external_bytes;    /* gc_xmalloc'd memory live now */
  size_t gmp_bytes;         /* of which GMP limbs */
  size_t heap_bytes;        /* system memory in blocks and large objects */
  size_t blocks_freed_last;
  uint64_t objects_allocated[HEAP_KIND_COUNT];
  /* Emacs's units for vector-cells-consed and string-chars-consed:
     the words after each vector-like's header, the bytes of each
     string's data. */
  uint64_t vector_cells_allocated, string_bytes_allocated;
  struct heap_kind_stats kinds[HEAP_KIND_COUNT];
};
void gc_get_stats(struct gc *g, struct gc_stats *out);
/* What has been allocated so far, in Emacs's units (memory-use-counts,
   cons-cells-consed and the rest): cheap, where gc_get_stats walks the
   heap. */
struct gc_consed {
  uint64_t conses, floats, vector_cells, symbols, string_chars, strings;
};
void gc_get_consed(struct gc *g, struct gc_consed *out);
/* GMP limbs are allocated through gc_xmalloc and friends, which count
   them toward the trigger; gc_note_gmp only tallies how many of the
   external bytes are limbs (stats.gmp_bytes). */
void gc_note_gmp(struct gc *g, ptrdiff_t delta);
/* Counts DELTA more bytes toward the next collection than gc_x* did:
   memory reused outside the heap (GMP's limb cache), or, negative, a
   gc_x* block taking the place of memory freed for it. */
void gc_count_allocation(struct gc *g, ptrdiff_t delta);

/* Called after each collection with collection inhibited (it may
   allocate), e.g. to update gcs-done and gc-elapsed.  NULL removes. */
typedef void (*gc_after_collect_fn)(struct gc *g, void *ud);
void gc_set_after_collect(struct gc *g, gc_after_collect_fn fn, void *ud);

/* Called at the start of each collection, before anything is marked,
   so that what it cuts off a live object (buffer.c trims undo lists,
   as Emacs does at each GC) can go in this very collection.  It may
   store through the write barrier but must not allocate or signal.
   Boehm collects on its own schedule: there it runs before an explicit
   collection and else after one, at the next allocation.  NULL
   removes. */
typedef void (*gc_before_collect_fn)(struct gc *g, void *ud);
void gc_set_before_collect(struct gc *g, gc_before_collect_fn fn, void *ud);

/* Layers above the collector finalize their own types (bignum.c clears
   the mpz_t of a dead bignum).  Called during the sweep; it must not
   allocate or signal. */
typedef void (*gc_finalizer_fn)(struct gc *g, struct vectorlike *obj, void *ud);
void gc_set_finalizer(struct gc *g, enum pvec_type type, gc_finalizer_fn fn, void *ud);

/* Finalizer objects (Lisp's make-finalizer).  The collector keeps a
   weak list of them.  One that marking did not reach is marked after
   all, with all it references, and queued; the queue is a root until
   the layer above takes each object from it, at a point where running
   Lisp is safe -- never inside an allocation. */
void gc_register_finalizer(struct gc *g, mval obj);
bool gc_finalizers_doomed(struct gc *g);
mval gc_take_doomed_finalizer(struct gc *g); /* in the order found; nil when none */

/* The heap, for introspection (NULL in the Boehm build). */
struct heap *gc_heap(struct gc *g);

/* The vector-like objects of pvec TYPE, for the rare questions about
   all of them (a variable made special must reach every code that
   binds it lexically).  Up to CAP are written to OUT and the number
   found is returned: call with CAP 0 to count, allocate, then fill.
   Dead objects not yet swept may be among them.  marrow's heap walks
   its blocks and finds all; the Boehm baseline has no heap to walk and
   finds only those given to gc_make_findable, which holds them
   weakly (a no-op here, where every object is findable). */
size_t gc_find_objects(struct gc *g, int type, mval *out, size_t cap);
void gc_make_findable(struct gc *g, mval obj);

#endif
