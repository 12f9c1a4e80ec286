/*
** gc.c -- layer 3: the collector and the allocation entry points.
**
** ======================================================================
** How marrow collects garbage
** ======================================================================
**
** marrow's collector is a non-moving, stop-the-world mark-sweep
** collector in the tradition of GNU Emacs's alloc.c.  The heap layer
** below (heap.c) knows blocks, sizes and mark bits; this file knows
** what objects mean: which words of an object are Lisp values, where
** the roots are, when to collect, and what to free when an object dies.
**
** Marking.  Marking starts from the roots and follows every Lisp value
** it finds.  It never recurses in C: the mark stack is an explicit,
** growable array of *ranges* of Lisp slots (pointer, count).  Marking
** an object sets its mark bit in the heap's side bitmap and pushes one
** range for its children -- name, value, function and plist of a
** symbol; the first nlisp slots of a vector-like.  The drain loop takes
** the first value of the top range, so a range's last slot is followed
** only after the range is popped.  Conses, most of any heap, get a loop
** of their own (mark_list): it walks the cdr chain in place and pushes
** only cars that need marking, each as a single value on a second
** stack (value_stack, drained first: one word to push and to pop, where
** a range would be two words to push and two to update when popped);
** where the chain ends it goes on with the last car instead of pushing
** it, since the last element of a list (of code, above all) is often a
** list.  Ranges are trimmed of trailing slots that need nothing
** (fixnums, symbols already marked) before they are pushed.  So the
** shapes that matter need almost no stack: a list ten million long
** needs none, nor does a chain nested a million deep in the car
** direction, and one nested through the last slot of vectors needs one
** entry.
**
** What one object costs is what matters: a collection marks every live
** object, and a program with a large library loaded marks all of it at
** every collection.  So the mark bit of a cons, float, symbol or string
** is found by arithmetic, inline (heap_mark_fixed in heap.h: the block
** is aligned to its size, its bitmap at a fixed offset), with no call
** and no look at the block's descriptor; the drain loop runs the list
** loop inline, with no call per value popped; whether a symbol needs
** marking is one bit of symbols_done, a bitmap by table index, rather
** than three dependent loads through the table and the symbol; and nil,
** the commonest value of all, is known to be marked by one compare.
**
** Should a stack still be unable to grow (no memory, or the testing
** cap mark_stack_limit), a push is dropped and an overflow flag set.
** After draining, the collector walks every block and pushes the
** children of every marked object again, until a whole walk overflows
** nothing.  Slow, but it always terminates and never needs memory.
**
** Roots.
**   1. Symbols: the symbol table is scanned, and every symbol with the
**      `interned` flag is marked, and every builtin symbol (symbols.def)
**      even if uninterned, since C code names those by index (Qnil).
**      Marking a symbol through its index sets its bit in symbols_done,
**      and this comes first, so that from then on a reference to an
**      interned symbol -- code and data are full of them -- costs one
**      bitmap test (symbol_done), and one to nil a compare.
**   2. Root functions registered with gc_add_roots: the runtime's
**      specpdl, handlers and value stack, the evaluator's state, host
**      handles.  They call gc_mark, which marks precisely.
**   3. The C stack and registers of the running thread, conservatively.
**      Callee-saved registers are spilled with __builtin_unwind_init
**      and setjmp, then every aligned word from the current stack
**      pointer to the stack top (found per thread with
**      pthread_getattr_np) is checked: a word that points anywhere
**      inside an allocated object (heap_find_object: interior pointers
**      count, and a tagged pointer is base + tag) marks that object,
**      and a symbol-tagged word whose index is a live table slot marks
**      that symbol.  Fixnums are immediate and need nothing.  This is
**      what lets C code keep Lisp values in locals across allocations.
**      A pointer to the *bytes* of a string (its malloc'd data) does
**      not keep the string alive: hold the string itself.
**
** Sweeping.  heap_sweep frees every unmarked object and clears every
** mark bit; for each dead object that owns outside memory it calls
** back here: string bytes are released (gc_xfree of nbytes + 1), the
** table slot of a dead uninterned symbol is put on a free list for
** reuse, and vector-likes go to the finalizer registered for their
** type (bignum.c registers mpz_clear).  Finalizers never allocate.
**   Lisp's finalizer objects (make-finalizer) are another matter: their
** functions are Lisp.  They sit on a weak list; when marking is done,
** the unmarked ones are marked after all and queued for the layer above,
** which runs them at a safe point (see "Finalizer objects" below).
**
** Generations, with sticky mark bits.  Most objects die young, and a
** program with a library loaded keeps thousands of old ones that every
** full collection marks again for nothing.  So with generations on (the
** default; MARROW_GC_GENERATIONAL=0 or --gc-generations=off turns them
** off) the sweep leaves the survivors' mark bits set
** (heap_set_sticky_marks): a marked object is *old*.  A *minor*
** collection marks from the roots as usual, but marking stops at a
** marked object, so only the new objects are traced, and the sweep
** frees only unmarked -- new and dead -- objects.  What survives it is
** old in its turn.
**   The catch is an old object written to after it was marked: it may
** now hold the only reference to a new object, which marking would
** never reach.  So every store of a Lisp value into an existing object
** passes the write barrier (gc_write_barrier, gc_symbol_barrier, and
** the setters built on them in gc.h).  It costs a mark-bit test; an old
** object is unmarked and pushed on the remembered set, which the next
** minor collection marks first, so the object is traced again.  Being
** unmarked, it is remembered once however often it is written.  Lisp
** fields are const in object.h, so that a store which forgets the
** barrier does not compile; stress mode and --enable-gc-checks check
** after marking that no marked object holds an unmarked one.
**   Old objects that die are kept until a *full* collection, which
** clears every mark first.  One comes when the collection is asked for
** by name (garbage-collect, a host, memory running out), when the
** remembered set cannot grow, and once the old objects have grown
** past their size after the last full one by a quarter of that size
** or of gc-cons-threshold, whichever is more.  A minor collection frees
** no symbol: an old object may hold a new uninterned symbol's index,
** and an index needs no barrier.
**   Aging.  An object live at one minor collection and dead soon after
** would be old garbage until the next full one, so an object becomes
** old only at the second collection it survives.  The heap keeps an
** age bit beside each mark bit: unmarked with the bit set means
** "survived once, still young".  A minor collection notes each object
** it marks (g->marked); after the sweep, a noted object without the
** bit is unmarked and gets it, one with the bit is old and loses it.
** Then an old object may hold a young one with no store since: a
** remembered object whose new child survived only once, a survivor just
** made old holding a younger one, a new symbol (symbols are old at
** once).  So each old object the collection traced is looked into, and
** put (back) on the remembered set if it holds an unmarked object.
** Every remembered object is marked before any is traced, so that an
** old object is never noted as new and made young again.
** MARROW_GC_AGING=0 makes every survivor old at once.
**
** Triggering, as in Emacs.  Every allocation adds its size to
** bytes_since_gc -- heap objects and outside memory alike, GMP limbs
** included, since gc_x* counts them.  When the tally passes
**     max(gc-cons-threshold, gc-cons-percentage * live bytes after
**         the last collection)
** the next allocation entry point (or gc_maybe_collect) collects.
** GNU Emacs does not count GMP limbs; counting them is what keeps
** pidigits' peak memory small, because the limbs of dead bignums are
** only freed when a collection finalizes their bignums.
** Limbs bignum.c reuses from its cache of dead ones are not new memory,
** but they are the cycle's garbage all the same: beyond an allowance
** that follows the live data, bignum.c counts them too
** (gc_count_allocation).
**
** Running out.  All system memory -- heap blocks and gc_x* -- passes
** through one gate (sys_alloc) that enforces the heap limit and the
** fault injection of MARROW_FAIL_ALLOC.  When an allocation entry
** point cannot get memory it collects and retries; if that fails too
** it enters *emergency mode* and calls the memory_full handler, which
** signals memory-full by longjmp.  The signal itself conses nothing
** (its error object is memory-signal-data's list, made at start-up),
** but the cleanups it runs and the handler it reaches do, so in emergency
** mode the gate skips fault injection and lets the limit be passed by
** a small headroom (1 MiB), and a spare block kept since start-up is
** returned to the system in case the system itself ran dry.  Emergency mode ends at the first allocation
** made from a shallower C frame than the one that failed: by then the
** longjmp has unwound past the failure; leaving it zeroes the dead
** frames of the failed computation, which would otherwise keep all it
** built alive through the conservative scan.  (A later failure deeper down
** simply signals again; only failures in a row, with no allocation
** succeeding between them, mean that even the reserve is gone.)
** gc_xmalloc and gc_xrealloc
** never collect and never longjmp (GMP calls them); they return NULL.
** An injected fault skips the retry, so that each one really drives the
** memory-full path that it exists to test.
**
** Invariants.
**   - Outside a collection no mark bit is set unless generations are
**     on (sticky); then exactly the old objects are marked, and an old
**     object that holds a reference to an unmarked one is on the
**     remembered set (and unmarked itself).  An age bit is set only on
**     an unmarked, allocated object that survived one minor collection.
**     Both mark stacks are empty and symbols_done is all zeros.  Every
**     finalizer object is either on the weak list or in the doomed
**     queue (or taken from it), never both.  During one, a symbol whose
**     symbols_done bit is set is marked, or is a young one that a minor
**     collection's walk of the symbols (mark_every_symbol) has yet to
**     reach (the converse need not hold: the stack scan marks symbols
**     found by address, without the bit).
**   - symtab.at[i] is NULL or a symbol whose index is i.  Slots on the
**     free-index list are NULL.  The free-index array has room for
**     every slot, so freeing a slot during the sweep never allocates.
**   - A string's data buffer is exactly nbytes + 1 bytes, allocated
**     with gc_xmalloc (so counted in external_bytes), or NULL.
**   - bytes_since_gc counts every byte handed out since the last
**     collection; external_bytes every gc_x* byte still live.
**   - Nothing runs Lisp during a collection except the after-collect
**     hook, which runs after the sweep with collection inhibited; a
**     finalizer object's function runs later, at a safe point.
**   - No mutable state outside struct gc: one collector per runtime,
**     several runtimes per process, each used by one thread at a time.
*/
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* pthread_getattr_np */
#endif
#include "config.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gc.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#endif
#endif
#ifndef VALGRIND_MAKE_MEM_DEFINED
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#endif
#ifndef RUNNING_ON_VALGRIND
#define RUNNING_ON_VALGRIND 0
#endif

/* The stack scan reads every word of the stack, redzones included. */
#if defined(__SANITIZE_ADDRESS__)
#define NO_SANITIZE_ADDRESS __attribute__((no_sanitize_address))
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NO_SANITIZE_ADDRESS __attribute__((no_sanitize_address))
#endif
#endif
#ifndef NO_SANITIZE_ADDRESS
#define NO_SANITIZE_ADDRESS
#endif

#define NOINLINE __attribute__((noinline))

enum {
  INITIAL_MARK_STACK = 1024,  /* entries, in each of the two stacks */
  RETAINED_MARK_STACK = 65536, /* shrink back to this after a collection */
  INITIAL_SYMTAB = 1024,
  SPARE_BYTES = 128 * 1024,    /* given back to the system on memory-full */
  MAX_FAILURES_IN_A_ROW = 8,
  EMERGENCY_HEADROOM = 1024 * 1024, /* past the heap limit, to signal memory-full */
  DEAD_STACK_MARGIN = 64 * 1024,     /* cleared below a failed frame */
  MAX_DEAD_STACK = 1024 * 1024,
  POISON_BYTE = 0xdb
};

_Static_assert(offsetof(struct symbol, plist) == offsetof(struct symbol, name) + 3 * sizeof(mval),
               "a symbol's Lisp slots must be contiguous: they are marked as one range");

/* ================================================================== */
/* The collector's state                                              */
/* ================================================================== */

struct root {
  gc_root_fn fn;
  void *ud;
};

/* A growable array of values, allocated with malloc. */
struct value_list {
  mval *at;
  size_t count, cap;
  size_t head; /* a queue's first entry */
};

struct finalizer {
  gc_finalizer_fn fn;
  void *ud;
};

struct mark_range {
  const mval *slots;
  size_t n;
};

struct gc {
  struct heap *heap;
  struct gc_config cfg;
  struct heap_allocator system;    /* the host's allocator, or the C library */
  bool host_allocator;

  struct symtab symtab;
  uint32_t *free_slots;            /* freed symbol indices, capacity symtab.cap */
  uint32_t nfree_slots;
  uint64_t *symbols_done;          /* a bit per table slot: marked, this collection */

  struct root *roots;
  size_t nroots, roots_cap;
  struct finalizer finalizers[PVEC_TYPE_COUNT];
  struct value_list finalizer_objects; /* weak: make-finalizer's objects */
  struct value_list doomed;            /* unreachable ones, not yet run: a root */
  gc_memory_full_fn memory_full;
  void *memory_full_ud;
  gc_after_collect_fn after_collect;
  void *after_collect_ud;
  gc_before_collect_fn before_collect;
  void *before_collect_ud;

  /* Marking */
  struct mark_range *mark_stack;
  size_t mark_top, mark_cap;
  mval *value_stack;               /* single values: the cars of lists */
  size_t value_top, value_cap;
  size_t first_object[HEAP_FIXED_KINDS]; /* heap_fixed_first, at hand */
  size_t age_words[HEAP_FIXED_KINDS];    /* heap_fixed_age_words */
  bool mark_overflow;
  bool collecting;
  int inhibit;
  int hook_inhibit; /* how much of inhibit the after-collect hook holds */

  /* Triggering and accounting */
  size_t object_size[HEAP_KIND_COUNT]; /* bytes charged per fixed object */
  size_t trigger_bytes;                /* collect when bytes_since_gc passes it */
  size_t slow_path_at;                 /* trigger_bytes, or 0 in stress/emergency */
  size_t system_bytes;                 /* heap blocks held from the system */
  unsigned long system_allocs;         /* counter for fault injection */
  bool fault_injected;                 /* the last refusal was injected */

  /* Running out */
  bool emergency;
  uintptr_t emergency_frame;
  int failures_in_a_row;               /* memory-full reports, no success between */
  void *spare;

  /* The C stack of the thread using the runtime */
  pthread_t stack_thread;
  uintptr_t stack_bottom, stack_top; /* bottom 0: unknown */
  bool stack_known;

  /* Generations: see "Generations" in the essay above */
  bool sticky;             /* marks outlive the sweep: marked = old */
  bool full_due;           /* the next collection must be a full one */
  size_t old_limit;        /* live bytes past which the next one is full */
  mval *remembered;        /* old objects written since the last collection */
  size_t nremembered, remembered_cap;
  bool aging;              /* this (minor) collection notes what it marks */
  bool marked_lost;        /* ... and could not note everything */
  uintptr_t *marked;       /* what it marked: address | heap kind */
  size_t nmarked, marked_cap;

  struct gc_stats stats;
};

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ================================================================== */
/* Configuration                                                      */
/* ================================================================== */

/* Set and not "0"; FALLBACK when unset or empty. */
static bool env_flag_or(const char *name, bool fallback)
{
  const char *s = getenv(name);
  return s && *s ? strcmp(s, "0") != 0 : fallback;
}

static bool env_flag(const char *name) { return env_flag_or(name, false); }

static size_t env_size(const char *name, size_t fallback)
{
  const char *s = getenv(name);
  if (!s || !*s)
    return fallback;
  char *end;
  unsigned long long v = strtoull(s, &end, 10);
  return *end == '\0' ? (size_t)v : fallback;
}

void gc_config_defaults(struct gc_config *cfg)
{
  memset(cfg, 0, sizeof *cfg);
  cfg->cons_threshold = 800000;
  cfg->cons_percentage = 0.1;
  cfg->policy = VECTOR_POLICY_DEFAULT;
  const char *policy = getenv("MARROW_VECTOR_POLICY");
  if (policy && *policy)
    heap_policy_parse(policy, &cfg->policy); /* an unknown name keeps the default */
  cfg->log = env_flag("MARROW_GC_LOG");
  cfg->stress = env_flag("MARROW_GC_STRESS");
  cfg->generational = env_flag_or("MARROW_GC_GENERATIONAL", true);
  cfg->aging = env_flag_or("MARROW_GC_AGING", true);
  cfg->heap_limit = env_size("MARROW_HEAP_LIMIT", 0);
  cfg->fail_alloc_every = env_size("MARROW_FAIL_ALLOC", 0);
}

static void update_trigger(struct gc *g)
{
  double scaled = g->cfg.cons_percentage * (double)g->stats.live_bytes_after_gc;
  size_t by_percentage = scaled > (double)SIZE_MAX ? SIZE_MAX : (size_t)scaled;
  g->trigger_bytes = by_percentage > g->cfg.cons_threshold ? by_percentage : g->cfg.cons_threshold;
  g->slow_path_at = g->cfg.stress || g->emergency ? 0 : g->trigger_bytes;
}

/* ================================================================== */
/* System memory: the one gate for the heap limit and fault injection */
/* ================================================================== */

static void *libc_alloc(void *ud, size_t align, size_t nbytes)
{
  (void)ud;
  void *p;
  if (align < sizeof(void *))
    align = sizeof(void *);
  return posix_memalign(&p, align, nbytes ? nbytes : 1) == 0 ? p : NULL;
}

static void libc_free(void *ud, void *p, size_t nbytes)
{
  (void)ud, (void)nbytes;
  free(p);
}

/* Whether NBYTES more would pass LIMIT (0: none). */
static bool over_limit(const struct gc *g, size_t limit, size_t nbytes)
{
  size_t in_use = g->system_bytes + g->stats.external_bytes;
  return limit && (nbytes > limit || in_use > limit - nbytes);
}

/* Whether the gate refuses NBYTES more: an injected fault or the limit.
   Emergency mode lifts fault injection and lets the limit be passed by
   EMERGENCY_HEADROOM, enough to signal memory-full, but not enough for
   code that keeps running in emergency mode to go unbounded. */
static bool gate_refuses(struct gc *g, size_t nbytes)
{
  size_t limit = g->cfg.heap_limit;
  if (g->emergency) {
    limit = limit ? limit + EMERGENCY_HEADROOM : 0;
  } else if (g->cfg.fail_alloc_every && ++g->system_allocs % g->cfg.fail_alloc_every == 0) {
    g->fault_injected = true;
    return true;
  }
  return over_limit(g, limit, nbytes);
}

bool gc_can_spare(struct gc *g, size_t nbytes)
{
  if (over_limit(g, g->cfg.heap_limit, nbytes))
    return false;
  void *probe = malloc(nbytes);
  free(probe);
  return probe != NULL;
}

/* The heap's allocator: blocks and large objects. */
static void *heap_sys_alloc(void *ud, size_t align, size_t nbytes)
{
  struct gc *g = ud;
  if (gate_refuses(g, nbytes))
    return NULL;
  void *p = g->system.alloc(g->system.ud, align, nbytes);
  if (p)
    g->system_bytes += nbytes;
  return p;
}

static void heap_sys_free(void *ud, void *p, size_t nbytes)
{
  struct gc *g = ud;
  g->system.free(g->system.ud, p, nbytes);
  g->system_bytes -= nbytes;
}

/* Outside memory (gc_x*): through the host's allocator when it gave
   one, which has no realloc, so resizing copies. */
static void *ext_alloc(struct gc *g, size_t n)
{
  if (gate_refuses(g, n))
    return NULL;
  if (g->host_allocator)
    return g->system.alloc(g->system.ud, 16, n ? n : 1);
  return malloc(n ? n : 1);
}

static void ext_free(struct gc *g, void *p, size_t n)
{
  if (g->host_allocator)
    g->system.free(g->system.ud, p, n ? n : 1);
  else
    free(p);
}

static void *ext_realloc(struct gc *g, void *p, size_t oldn, size_t newn)
{
  if (newn > oldn && gate_refuses(g, newn - oldn))
    return NULL;
  if (!g->host_allocator)
    return realloc(p, newn ? newn : 1);
  void *q = g->system.alloc(g->system.ud, 16, newn ? newn : 1);
  if (q && p) {
    memcpy(q, p, oldn < newn ? oldn : newn);
    g->system.free(g->system.ud, p, oldn ? oldn : 1);
  }
  return q;
}

/* ================================================================== */
/* Life cycle                                                         */
/* ================================================================== */

static bool symtab_reserve(struct gc *g);
static void finalize_dead(void *obj, enum heap_kind kind, void *ud);

/* The testing cap mark_stack_limit bounds the stacks from the start. */
static size_t initial_stack_entries(const struct gc_config *cfg)
{
  size_t limit = cfg->mark_stack_limit;
  return limit && limit < INITIAL_MARK_STACK ? limit : INITIAL_MARK_STACK;
}

struct gc *gc_new(const struct gc_config *cfg)
{
  struct gc *g = calloc(1, sizeof *g);
  if (!g)
    return NULL;
  if (cfg)
    g->cfg = *cfg;
  else
    gc_config_defaults(&g->cfg);
  g->host_allocator = g->cfg.allocator != NULL;
  g->system = g->host_allocator ? *g->cfg.allocator
                                : (struct heap_allocator){libc_alloc, libc_free, NULL};
  struct heap_allocator gate = {heap_sys_alloc, heap_sys_free, g};
  g->heap = heap_new(&gate);
  g->mark_cap = g->value_cap = initial_stack_entries(&g->cfg);
  g->mark_stack = malloc(g->mark_cap * sizeof *g->mark_stack);
  g->value_stack = malloc(g->value_cap * sizeof *g->value_stack);
  g->spare = malloc(SPARE_BYTES);
  if (!g->heap || !g->mark_stack || !g->value_stack || !g->spare || !symtab_reserve(g)) {
    gc_free(g);
    return NULL;
  }
  heap_set_policy(g->heap, g->cfg.policy);
  for (int k = 0; k < HEAP_FIXED_KINDS; k++) {
    struct heap_kind_stats ks;
    heap_kind_stats(g->heap, (enum heap_kind)k, &ks);
    g->object_size[k] = ks.object_size;
    g->first_object[k] = heap_fixed_first(g->heap, (enum heap_kind)k);
    g->age_words[k] = heap_fixed_age_words(g->heap, (enum heap_kind)k);
  }
  update_trigger(g);
  gc_attach_thread(g);
  return g;
}

/* Everything dies: a sweep with no marks finalizes every object (string
   bytes, GMP limbs), then the heap hands back its blocks. */
void gc_free(struct gc *g)
{
  if (!g)
    return;
  if (g->heap) {
    struct heap_sweep_result res;
    g->collecting = true;
    heap_clear_marks(g->heap); /* old objects die too */
    heap_set_sticky_marks(g->heap, false);
    heap_sweep(g->heap, finalize_dead, g, &res);
    heap_free(g->heap);
  }
  free(g->symtab.at);
  free(g->free_slots);
  free(g->symbols_done);
  free(g->mark_stack);
  free(g->value_stack);
  free(g->remembered);
  free(g->marked);
  free(g->finalizer_objects.at);
  free(g->doomed.at);
  free(g->roots);
  free(g->spare);
  free(g);
}

void gc_set_memory_full_handler(struct gc *g, gc_memory_full_fn fn, void *ud)
{
  g->memory_full = fn;
  g->memory_full_ud = ud;
}

void gc_set_after_collect(struct gc *g, gc_after_collect_fn fn, void *ud)
{
  g->after_collect = fn;
  g->after_collect_ud = ud;
}

void gc_set_before_collect(struct gc *g, gc_before_collect_fn fn, void *ud)
{
  g->before_collect = fn;
  g->before_collect_ud = ud;
}

struct symtab *gc_symtab(struct gc *g) { return &g->symtab; }
struct heap *gc_heap(struct gc *g) { return g->heap; }

struct object_search {
  struct heap *heap;
  int type;
  mval *out;
  size_t n, cap;
};

static void find_in_chunk(const void *start, size_t nbytes, int type, void *ud)
{
  (void)nbytes;
  struct object_search *s = ud;
  if (type != s->type)
    return;
  if (s->n < s->cap)
    s->out[s->n] = tag_ptr(start, TAG_VECTORLIKE);
  s->n++;
}

static void find_in_block(const struct heap_block_info *b, void *ud)
{
  struct object_search *s = ud;
  if (b->kind == HEAP_VECTOR || b->kind == HEAP_LARGE)
    heap_foreach_chunk(s->heap, b->start, find_in_chunk, s);
}

size_t gc_find_objects(struct gc *g, int type, mval *out, size_t cap)
{
  struct object_search s = {g->heap, type, out, 0, cap};
  heap_foreach_block(g->heap, find_in_block, &s);
  return s.n;
}

void gc_make_findable(struct gc *g, mval obj) { (void)g, (void)obj; }

/* ================================================================== */
/* Running out of memory                                              */
/* ================================================================== */

/* FRAME: the failing entry point's.  The shallowest failure decides
   when emergency mode ends. */
static void enter_emergency(struct gc *g, uintptr_t frame)
{
  if (!g->emergency || frame > g->emergency_frame)
    g->emergency_frame = frame;
  g->emergency = true;
  update_trigger(g);
  free(g->spare);
  g->spare = NULL;
}

/* The frames of the computation that ran out of memory are dead but
   still hold pointers to what it built; frames pushed over them later
   would make the conservative scan keep all of it.  Zero them now:
   from just below the caller down past the frame that failed. */
static NO_SANITIZE_ADDRESS NOINLINE void clear_dead_stack(struct gc *g, uintptr_t failed_frame)
{
  uintptr_t here = (uintptr_t)__builtin_frame_address(0);
  uintptr_t low = failed_frame > DEAD_STACK_MARGIN ? failed_frame - DEAD_STACK_MARGIN : 0;
  uintptr_t floor = g->stack_bottom + DEAD_STACK_MARGIN;
  if (low < floor)
    low = floor;
  if (!g->stack_bottom || low >= here - 256 || here - low > MAX_DEAD_STACK)
    return;
  size_t n = here - 256 - low;
  char *dead = __builtin_alloca(n);
  memset(dead, 0, n);
  __asm__ volatile("" : : "r"(dead) : "memory"); /* the stores must happen */
}

/* FRAME is the frame of an allocation entry point.  At or above the one
   that failed, the memory-full signal has unwound past the failure. */
static void maybe_leave_emergency(struct gc *g, uintptr_t frame)
{
  if (!g->emergency || frame < g->emergency_frame)
    return;
  g->emergency = false;
  update_trigger(g);
  clear_dead_stack(g, g->emergency_frame);
  if (!g->spare)
    g->spare = malloc(SPARE_BYTES);
}

/* Nothing can be had even in emergency mode: the system itself is out
   of memory while memory-full is being signalled, or a handler returned
   where it must not.  There is no way to continue without corrupting
   the runtime. */
static _Noreturn void out_of_memory_twice(void)
{
  static const char msg[] = "marrow: out of memory while signalling memory-full\n";
  fwrite(msg, 1, sizeof msg - 1, stderr);
  _Exit(255);
}

/* The handler longjmps out of whatever called us, the after-collect
   hook included: give back the inhibition that the hook held. */
static void call_memory_full_handler(struct gc *g)
{
  int hook_inhibit = g->hook_inhibit;
  g->inhibit -= hook_inhibit;
  g->hook_inhibit = 0;
  if (g->memory_full)
    g->memory_full(g, g->memory_full_ud);
  g->inhibit += hook_inhibit;
  g->hook_inhibit = hook_inhibit;
}

/* Memory ran out: calls the handler in emergency mode.  If it returns
   (a host without a handler, or one that chose to), the caller retries
   in emergency mode.  Signalling needs a successful allocation or two;
   failures in a row without one mean the system is out even of the
   reserve, and signalling again would only recurse. */
static void report_memory_full(struct gc *g, uintptr_t frame)
{
  if (++g->failures_in_a_row > MAX_FAILURES_IN_A_ROW)
    out_of_memory_twice();
  enter_emergency(g, frame);
  call_memory_full_handler(g);
}

/* A request no memory could satisfy (a size beyond any object): the
   heap is fine, so no emergency mode. */
static void report_unsatisfiable(struct gc *g)
{
  call_memory_full_handler(g);
}

/* ================================================================== */
/* Allocation                                                         */
/* ================================================================== */

static bool collection_due(const struct gc *g)
{
  return (g->cfg.stress || g->stats.bytes_since_gc >= g->trigger_bytes) &&
         !g->inhibit && !g->collecting;
}

static void collect_when_due(struct gc *g);

static void *heap_get(struct gc *g, enum heap_kind kind, size_t nbytes)
{
  return kind < HEAP_FIXED_KINDS ? heap_alloc_fixed(g->heap, kind)
                                 : heap_alloc_vector(g->heap, nbytes);
}

static void charge(struct gc *g, enum heap_kind kind, size_t nbytes)
{
  g->stats.bytes_since_gc += nbytes;
  g->stats.objects_allocated[kind]++;
}

/* The slow path: collect and retry, then memory-full.  An injected
   fault goes to memory-full even if the retry could succeed: each one
   is meant to exercise that path. */
static NOINLINE void *alloc_after_failure(struct gc *g, enum heap_kind kind, size_t nbytes,
                                          uintptr_t frame)
{
  void *p = NULL;
  bool injected = g->fault_injected;
  g->fault_injected = false;
  if (!g->inhibit && !g->collecting) {
    gc_collect(g, "memory");
    if (!injected)
      p = heap_get(g, kind, nbytes);
  }
  if (!p) {
    report_memory_full(g, frame);
    p = heap_get(g, kind, nbytes);
  }
  if (!p)
    out_of_memory_twice();
  return p;
}

/* Every heap object comes through here.  KIND is a fixed kind, or
   HEAP_VECTOR / HEAP_LARGE for a vector-like of NBYTES. */
/* Everything that is not the common case, in one compare on the fast
   path: a collection due, stress mode, emergency mode. */
static NOINLINE void before_alloc_slow(struct gc *g, uintptr_t frame)
{
  maybe_leave_emergency(g, frame);
  if (collection_due(g))
    collect_when_due(g);
}

/* Inlined into each entry point, whose frame it then measures. */
static inline __attribute__((always_inline)) void *alloc_object(struct gc *g, enum heap_kind kind,
                                                                size_t nbytes)
{
  uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
  if (g->stats.bytes_since_gc >= g->slow_path_at)
    before_alloc_slow(g, frame);
  g->fault_injected = false;
  void *p = heap_get(g, kind, nbytes);
  if (!p)
    p = alloc_after_failure(g, kind, nbytes, frame);
  charge(g, kind, nbytes);
  g->failures_in_a_row = 0;
  return p;
}

mval gc_cons(struct gc *g, mval car, mval cdr)
{
  struct cons *c = alloc_object(g, HEAP_CONS, g->object_size[HEAP_CONS]);
  OBJ_INIT(c->car, car);
  OBJ_INIT(c->cdr, cdr);
  return tag_ptr(c, TAG_CONS);
}

mval gc_float(struct gc *g, double d)
{
  double *p = alloc_object(g, HEAP_FLOAT, g->object_size[HEAP_FLOAT]);
  *p = d;
  return tag_ptr(p, TAG_FLOAT);
}

/* The header first, then the bytes: if the bytes cannot be had, the
   header (held in a local, so it survives the collection in between)
   is simply garbage with no data. */
mval gc_string(struct gc *g, size_t nbytes)
{
  if (nbytes >= (size_t)INT64_MAX - 1) {
    report_unsatisfiable(g);
    return Qnil; /* only when the handler returned */
  }
  struct string *s = alloc_object(g, HEAP_STRING, g->object_size[HEAP_STRING]);
  uint8_t *data = gc_xmalloc_or_die(g, nbytes + 1);
  memset(data, 0, nbytes + 1);
  s->data = data;
  s->nbytes = (int64_t)nbytes;
  s->nchars = (int64_t)nbytes;
  s->flags = 0;
  OBJ_INIT(s->intervals, Qnil);
  g->stats.string_bytes_allocated += nbytes;
  return tag_ptr(s, TAG_STRING);
}

/* A vector-like whose header is set and whose words after the NLISP
   Lisp slots are zeroed; the caller writes the Lisp slots before it
   allocates again. */
struct vectorlike *gc_vectorlike_unfilled(struct gc *g, enum pvec_type type, size_t nwords,
                                          size_t nlisp)
{
  if (nwords < 1 || nwords > VL_MAX_WORDS || nlisp > nwords - 1) {
    report_unsatisfiable(g);
    return NULL; /* only when the handler returned */
  }
  size_t nbytes = nwords * sizeof(mval);
  enum heap_kind kind = nbytes > HEAP_VECTOR_SMALL_MAX ? HEAP_LARGE : HEAP_VECTOR;
  struct vectorlike *v = alloc_object(g, kind, nbytes);
  v->header = vl_make_header(type, nwords, nlisp);
  g->stats.vector_cells_allocated += nwords - 1;
  if (g->finalizers[type].fn)
    heap_note_finalizable(g->heap, v);
  if (nwords - 1 > nlisp) /* most have no raw words: skip the call */
    memset(gc_fresh_slots(v) + nlisp, 0, (nwords - 1 - nlisp) * sizeof(mval));
  return v;
}


/* ---- The symbol table ---- */

static size_t symbol_bitmap_words(uint32_t nslots) { return ((size_t)nslots + 63) / 64; }

/* Room for one more symbol, so that taking a slot after the symbol is
   allocated cannot fail. */
static bool symtab_reserve(struct gc *g)
{
  struct symtab *t = &g->symtab;
  if (t->count < t->cap || g->nfree_slots > 0)
    return true;
  uint32_t cap = t->cap ? t->cap * 2 : INITIAL_SYMTAB;
  if (cap <= t->cap)
    return false;
  struct symbol **at = realloc(t->at, cap * sizeof *at);
  if (!at)
    return false;
  t->at = at;
  uint32_t *free_slots = realloc(g->free_slots, cap * sizeof *free_slots);
  if (!free_slots)
    return false;
  g->free_slots = free_slots;
  size_t old_words = symbol_bitmap_words(t->cap), words = symbol_bitmap_words(cap);
  uint64_t *done = realloc(g->symbols_done, words * sizeof *done);
  if (!done)
    return false;
  memset(done + old_words, 0, (words - old_words) * sizeof *done);
  g->symbols_done = done;
  t->cap = cap;
  return true;
}

static uint32_t symtab_take_slot(struct gc *g)
{
  if (g->nfree_slots > 0)
    return g->free_slots[--g->nfree_slots];
  return g->symtab.count++;
}

mval gc_symbol(struct gc *g)
{
  if (!symtab_reserve(g)) {
    report_memory_full(g, (uintptr_t)__builtin_frame_address(0));
    if (!symtab_reserve(g))
      out_of_memory_twice();
  }
  struct symbol *s = alloc_object(g, HEAP_SYMBOL, g->object_size[HEAP_SYMBOL]);
  memset(s, 0, sizeof *s);
  s->index = symtab_take_slot(g);
  OBJ_INIT(s->name, Qnil);
  OBJ_INIT(s->value, Qunbound);
  OBJ_INIT(s->function, Qnil);
  OBJ_INIT(s->plist, Qnil);
  OBJ_INIT(s->obarray_next, Qnil);
  g->symtab.at[s->index] = s;
  return MAKE_SYMBOL(s->index);
}

/* Only the table's own symbol owns its slot: a symbol whose table slot
   could not be taken is garbage with a stale index. */
static void symtab_free_slot(struct gc *g, struct symbol *s)
{
  if (s->index >= g->symtab.count || g->symtab.at[s->index] != s)
    return;
  g->symtab.at[s->index] = NULL;
  g->free_slots[g->nfree_slots++] = s->index;
}

/* ---- Outside memory ---- */

void *gc_xmalloc(struct gc *g, size_t n)
{
  void *p = ext_alloc(g, n);
  if (p) {
    g->stats.external_bytes += n;
    g->stats.bytes_since_gc += n;
  }
  return p;
}

/* marrow's heap never scans external memory, so atomic is the same. */
void *gc_xmalloc_atomic(struct gc *g, size_t n) { return gc_xmalloc(g, n); }

void *gc_xrealloc(struct gc *g, void *p, size_t oldn, size_t newn)
{
  void *q = ext_realloc(g, p, oldn, newn);
  if (q) {
    g->stats.external_bytes += newn - oldn;
    if (newn > oldn)
      g->stats.bytes_since_gc += newn - oldn;
  }
  return q;
}

void gc_xfree(struct gc *g, void *p, size_t n)
{
  if (!p)
    return;
  ext_free(g, p, n);
  g->stats.external_bytes -= n;
}

void *gc_xmalloc_or_die(struct gc *g, size_t n)
{
  uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
  maybe_leave_emergency(g, frame);
  g->fault_injected = false;
  void *p = gc_xmalloc(g, n);
  bool injected = g->fault_injected;
  g->fault_injected = false;
  if (!p && !g->inhibit && !g->collecting) {
    gc_collect(g, "memory");
    if (!injected)
      p = gc_xmalloc(g, n);
  }
  if (!p) {
    report_memory_full(g, frame);
    p = gc_xmalloc(g, n);
  }
  if (!p)
    out_of_memory_twice();
  g->failures_in_a_row = 0;
  return p;
}

void gc_note_gmp(struct gc *g, ptrdiff_t delta)
{
  g->stats.gmp_bytes += (size_t)delta;
}

void gc_count_allocation(struct gc *g, ptrdiff_t delta)
{
  size_t refund = delta < 0 ? (size_t)-delta : 0;
  if (refund)
    g->stats.bytes_since_gc -= refund < g->stats.bytes_since_gc ? refund : g->stats.bytes_since_gc;
  else
    g->stats.bytes_since_gc += (size_t)delta;
}

/* ================================================================== */
/* Marking                                                            */
/* ================================================================== */

/* STACK with room for twice *CAP entries of SIZE bytes, up to the
   testing cap; NULL, and STACK unchanged, when it cannot grow. */
static void *grow_stack(const struct gc *g, void *stack, size_t *cap, size_t size)
{
  size_t n = *cap * 2;
  if (g->cfg.mark_stack_limit && n > g->cfg.mark_stack_limit)
    n = g->cfg.mark_stack_limit;
  void *s = n > *cap ? realloc(stack, n * size) : NULL;
  if (s)
    *cap = n;
  return s;
}

/* Sets the mark bit of a fixed-size object: true when it was clear. */
static inline bool mark_fixed(struct gc *g, const void *obj, enum heap_kind kind)
{
  return heap_mark_fixed(obj, kind, g->first_object[kind]);
}

/* Whether the symbol at INDEX is marked already (or no live symbol):
   one bitmap test, where looking at the symbol itself would take three
   dependent loads.  Every marked symbol's bit is set when it is marked
   through its index, the interned ones all at the start (mark_all), so
   most references, which are to interned symbols, stop here. */
static inline bool symbol_done(const struct gc *g, uint64_t index)
{
  return index >= g->symtab.count || ((g->symbols_done[index >> 6] >> (index & 63)) & 1);
}

/* A symbol marked through a conservative pointer to its struct has no
   bit yet: its mark bit answers. */
static inline bool symbol_needs_marking(const struct gc *g, uint64_t index)
{
  if (symbol_done(g, index))
    return false;
  struct symbol *s = g->symtab.at[index];
  return s && !heap_marked_fixed(s, HEAP_SYMBOL, g->first_object[HEAP_SYMBOL]);
}

/* The tags of values that point into the heap.  Fixnums (x00) and
   immediates point nowhere; symbols are table indices. */
#define POINTER_TAGS ((1u << TAG_CONS) | (1u << TAG_STRING) | (1u << TAG_FLOAT) | (1u << TAG_VECTORLIKE))

/* False for values whose marking would do nothing. */
static inline bool needs_marking(const struct gc *g, mval v)
{
  if (v == Qnil) /* the commonest value of all, marked first (mark_all) */
    return false;
  if (SYMBOLP(v))
    return symbol_needs_marking(g, SYMBOL_INDEX(v));
  return (POINTER_TAGS >> TAG_OF(v)) & 1;
}

static NOINLINE bool grow_mark_stack(struct gc *g)
{
  struct mark_range *s = grow_stack(g, g->mark_stack, &g->mark_cap, sizeof *s);
  if (s)
    g->mark_stack = s;
  else
    g->mark_overflow = true; /* recovered by rescan_heap */
  return s != NULL;
}

static NOINLINE bool grow_value_stack(struct gc *g)
{
  mval *s = grow_stack(g, g->value_stack, &g->value_cap, sizeof *s);
  if (s)
    g->value_stack = s;
  else
    g->mark_overflow = true;
  return s != NULL;
}

static inline void push(struct gc *g, const mval *slots, size_t n)
{
  if (g->mark_top < g->mark_cap || grow_mark_stack(g))
    g->mark_stack[g->mark_top++] = (struct mark_range){slots, n};
}

/* A single value (a car) costs one word, and no range to update when
   it is popped. */
static inline void push_value(struct gc *g, mval v)
{
  if (g->value_top < g->value_cap || grow_value_stack(g))
    g->value_stack[g->value_top++] = v;
}

/* How many of SLOTS[0..N) are left once a tail of fixnums is cut,
   four words to a test (a fixnum's two low bits are zero): a young
   vector of numbers costs about one instruction a slot. */
static inline size_t without_fixnum_tail(const mval *slots, size_t n)
{
  while (n >= 4 && ((slots[n - 1] | slots[n - 2] | slots[n - 3] | slots[n - 4]) & 3) == 0)
    n -= 4;
  return n;
}

/* Fixnums are tested first: a young vector of numbers is trimmed to
   nothing, and never pushed. */
static void push_range(struct gc *g, const mval *slots, size_t n)
{
  n = without_fixnum_tail(slots, n);
  while (n > 0 && (FIXNUMP(slots[n - 1]) || !needs_marking(g, slots[n - 1])))
    n--;
  if (n > 0)
    push(g, slots, n);
}

/* The Lisp values OBJ holds: *N of them from the result. */
static inline const mval *object_slots(const void *obj, enum heap_kind kind, size_t *n)
{
  switch (kind) {
  case HEAP_CONS:
    *n = 2;
    return &((const struct cons *)obj)->car;
  case HEAP_SYMBOL:
    *n = 5; /* name, value, function, plist, obarray_next */
    return &((const struct symbol *)obj)->name;
  case HEAP_VECTOR:
  case HEAP_LARGE: {
    const struct vectorlike *v = obj;
    *n = vl_header_nlisp(v->header);
    return v->slots;
  }
  case HEAP_STRING: { /* most strings have no text properties */
    const struct string *s = obj;
    *n = s->intervals != Qnil;
    return &s->intervals;
  }
  default: /* floats hold no Lisp values */
    *n = 0;
    return NULL;
  }
}

static void push_children(struct gc *g, void *obj, enum heap_kind kind)
{
  size_t n;
  const mval *slots = object_slots(obj, kind, &n);
  push_range(g, slots, n);
}

/* ---- What a minor collection marks, noted so that it can be aged
   after the sweep (see "Aging" above) ---- */

_Static_assert(HEAP_KIND_COUNT <= 8, "a heap kind must fit an object's alignment bits");

static NOINLINE void note_marked_slow(struct gc *g, uintptr_t entry)
{
  size_t n = g->marked_cap ? 2 * g->marked_cap : 1024;
  uintptr_t *m = realloc(g->marked, n * sizeof *m);
  if (!m) {
    g->marked_lost = true; /* then nothing stays young this time */
    return;
  }
  g->marked = m;
  g->marked_cap = n;
  g->marked[g->nmarked++] = entry;
}

static inline void note_marked(struct gc *g, const void *obj, enum heap_kind kind)
{
  if (!g->aging)
    return;
  uintptr_t entry = (uintptr_t)obj | (uintptr_t)kind;
  if (g->nmarked < g->marked_cap)
    g->marked[g->nmarked++] = entry;
  else
    note_marked_slow(g, entry);
}

static inline void mark_object(struct gc *g, void *obj, enum heap_kind kind)
{
  bool fresh = kind < HEAP_FIXED_KINDS ? mark_fixed(g, obj, kind) : heap_mark(g->heap, obj, kind);
  if (fresh) {
    note_marked(g, obj, kind);
    push_children(g, obj, kind);
  }
}

static void mark_symbol_index(struct gc *g, uint64_t index)
{
  if (symbol_done(g, index) || !g->symtab.at[index])
    return;
  g->symbols_done[index >> 6] |= (uint64_t)1 << (index & 63);
  mark_object(g, g->symtab.at[index], HEAP_SYMBOL);
}

/* With --enable-gc-checks, every precisely found reference must be the
   start of an allocated object of its tag's kind: a stale or forged
   value in a root or an object is reported where it is found, not
   many collections later. */
static void check_reference(const struct gc *g, mval v, enum heap_kind kind)
{
#ifdef MARROW_GC_CHECKS
  enum heap_kind found = HEAP_KIND_COUNT;
  void *obj = heap_find_object(g->heap, (uintptr_t)untag(v), &found);
  if (found == HEAP_LARGE)
    found = HEAP_VECTOR;
  if (obj != untag(v) || found != kind) {
    fprintf(stderr, "marrow: gc found a reference to no live object: %#llx\n",
            (unsigned long long)v);
    abort(); /* --enable-gc-checks: an internal bug must fail loudly */
  }
#else
  (void)g, (void)v, (void)kind;
#endif
}

/* Every value but a cons. */
static void mark_atom(struct gc *g, mval v)
{
  switch (TAG_OF(v)) {
  case TAG_SYMBOL:
    mark_symbol_index(g, SYMBOL_INDEX(v));
    break;
  case TAG_STRING:
    check_reference(g, v, HEAP_STRING);
    mark_object(g, XSTRING(v), HEAP_STRING);
    break;
  case TAG_FLOAT:
    check_reference(g, v, HEAP_FLOAT);
    if (mark_fixed(g, untag(v), HEAP_FLOAT))
      note_marked(g, untag(v), HEAP_FLOAT);
    break;
  case TAG_VECTORLIKE:
    check_reference(g, v, HEAP_VECTOR);
    mark_object(g, XVL(v), HEAP_VECTOR); /* the heap tells large ones apart */
    break;
  default: /* fixnums and immediates */
    break;
  }
}

/* Lists are most of the heap: follow the cdr chain in a loop, pushing
   only cars that need marking, so a long list costs no stack at all.
   Where the chain ends, the last car is followed in place instead of
   pushed: the last element of a list is often a list itself. */
static inline __attribute__((always_inline)) void mark_list(struct gc *g, mval list)
{
  const size_t first = g->first_object[HEAP_CONS]; /* a register: mark bits could alias it */
  for (;;) {
    struct cons *c = XCONS(list);
    check_reference(g, list, HEAP_CONS);
    if (!heap_mark_fixed((void *)(uintptr_t)list, HEAP_CONS, first))
      return;
    note_marked(g, c, HEAP_CONS);
    mval car = c->car;
    list = c->cdr;
    if (CONSP(list)) {
      if (needs_marking(g, car))
        push_value(g, car);
      continue;
    }
    if (needs_marking(g, list))
      mark_atom(g, list);
    list = car;
    if (!CONSP(list)) {
      if (needs_marking(g, list))
        mark_atom(g, list);
      return;
    }
  }
}

static void mark_value(struct gc *g, mval v)
{
  if (CONSP(v))
    mark_list(g, v);
  else
    mark_atom(g, v);
}

/* Single values first, then the first value of the top range: the
   last slot of a range (a cdr) is followed only once its range has been
   popped. */
static void drain(struct gc *g)
{
  for (;;) {
    mval v;
    if (g->value_top > 0) {
      v = g->value_stack[--g->value_top];
    } else if (g->mark_top > 0) {
      struct mark_range *r = &g->mark_stack[g->mark_top - 1];
      v = *r->slots++;
      if (--r->n == 0)
        g->mark_top--;
    } else {
      return;
    }
    if (CONSP(v)) /* mark_value, inline: no call per value */
      mark_list(g, v);
    else
      mark_atom(g, v);
  }
}

/* ---- Mark-stack overflow: push the children of every marked object
   again until a whole pass loses nothing. ---- */

struct rescan {
  struct gc *g;
  enum heap_kind kind;
};

/* Every kind but floats: a string may hold text properties. */
static bool kind_holds_values(enum heap_kind kind) { return kind != HEAP_FLOAT; }

static void rescan_chunk(const void *start, size_t nbytes, int chunk_type, void *ud)
{
  (void)nbytes;
  struct rescan *r = ud;
  void *obj = (void *)start;
  if (chunk_type != 0 && heap_marked(r->g->heap, obj, r->kind)) {
    push_children(r->g, obj, r->kind);
    drain(r->g);
  }
}

static void rescan_block(const struct heap_block_info *b, void *ud)
{
  struct rescan r = {ud, b->kind};
  if (kind_holds_values(b->kind))
    heap_foreach_chunk(r.g->heap, b->start, rescan_chunk, &r);
}

static void rescan_heap(struct gc *g)
{
  while (g->mark_overflow) {
    g->mark_overflow = false;
    heap_foreach_block(g->heap, rescan_block, g);
  }
}

void gc_mark(struct gc *g, mval v)
{
  if (g->collecting)
    mark_value(g, v);
}

void gc_mark_array(struct gc *g, const mval *v, size_t n)
{
  if (g->collecting && v)
    push_range(g, v, n);
}

/* ================================================================== */
/* Roots                                                              */
/* ================================================================== */

void gc_add_roots(struct gc *g, gc_root_fn fn, void *ud)
{
  if (g->nroots == g->roots_cap) {
    size_t cap = g->roots_cap ? g->roots_cap * 2 : 16;
    struct root *r = realloc(g->roots, cap * sizeof *r);
    if (!r) {
      report_memory_full(g, (uintptr_t)__builtin_frame_address(0));
      if (!(r = realloc(g->roots, cap * sizeof *r)))
        out_of_memory_twice();
    }
    g->roots = r;
    g->roots_cap = cap;
  }
  g->roots[g->nroots++] = (struct root){fn, ud};
}

void gc_remove_roots(struct gc *g, gc_root_fn fn, void *ud)
{
  for (size_t i = 0; i < g->nroots; i++)
    if (g->roots[i].fn == fn && g->roots[i].ud == ud) {
      memmove(&g->roots[i], &g->roots[i + 1], (g->nroots - i - 1) * sizeof *g->roots);
      g->nroots--;
      return;
    }
}

/* The builtin symbols too, interned or not: C code names them by
   index (Qnil, Qquote), and needs_marking takes nil as marked. */
static void mark_interned_symbols(struct gc *g)
{
  for (uint32_t i = 0; i < g->symtab.count; i++) {
    struct symbol *s = g->symtab.at[i];
    if (s && (s->interned || i < SYMI_COUNT_))
      mark_symbol_index(g, i);
  }
}

static void mark_root_functions(struct gc *g)
{
  for (size_t i = 0; i < g->nroots; i++) {
    g->roots[i].fn(g, g->roots[i].ud);
    drain(g);
  }
}

/* ---- Finalizer objects ----
   make-finalizer's objects are on a weak list: it does not mark them.
   When marking is done, each one it did not reach moves to the doomed
   queue and is marked after all, with its function and all that
   references, so that the function can run.  A finalizer reachable
   only from doomed ones is itself doomed, as in Emacs.  A minor
   collection dooms only young finalizers; old ones wait for a full
   one.  The queue is a root until the layer above takes each entry
   (gc_take_doomed_finalizer) at a safe point. */

static bool value_marked(const struct gc *g, mval v);

static bool value_list_reserve(struct value_list *l, size_t more)
{
  if (l->cap - l->count >= more)
    return true;
  size_t n = l->cap ? l->cap : 16;
  while (n - l->count < more)
    n *= 2;
  mval *at = realloc(l->at, n * sizeof *at);
  if (!at)
    return false;
  l->at = at;
  l->cap = n;
  return true;
}

void gc_register_finalizer(struct gc *g, mval obj)
{
  struct value_list *l = &g->finalizer_objects;
  if (!value_list_reserve(l, 1)) {
    report_memory_full(g, (uintptr_t)__builtin_frame_address(0));
    if (!value_list_reserve(l, 1))
      out_of_memory_twice();
  }
  l->at[l->count++] = obj;
}

/* With no room in the queue, an unreached finalizer stays on the weak
   list, marked: it is found again by a later collection. */
static void doom_unreached_finalizers(struct gc *g)
{
  struct value_list *l = &g->finalizer_objects;
  bool room = value_list_reserve(&g->doomed, l->count);
  size_t kept = 0;
  for (size_t i = 0; i < l->count; i++) {
    mval f = l->at[i];
    if (value_marked(g, f)) {
      l->at[kept++] = f;
      continue;
    }
    if (room)
      g->doomed.at[g->doomed.count++] = f;
    else
      l->at[kept++] = f;
    mark_value(g, f);
  }
  l->count = kept;
  drain(g);
}

bool gc_finalizers_doomed(struct gc *g) { return g->doomed.head < g->doomed.count; }

static void mark_doomed_finalizers(struct gc *g)
{
  if (!gc_finalizers_doomed(g))
    return; /* the queue may never have been allocated: no NULL + 0 */
  gc_mark_array(g, g->doomed.at + g->doomed.head, g->doomed.count - g->doomed.head);
  drain(g);
}

mval gc_take_doomed_finalizer(struct gc *g)
{
  struct value_list *q = &g->doomed;
  if (q->head == q->count) {
    q->head = q->count = 0;
    return Qnil;
  }
  return q->at[q->head++];
}

/* ---- The C stack, conservatively ---- */

void gc_attach_thread(struct gc *g)
{
  pthread_t self = pthread_self();
  if (g->stack_known && pthread_equal(self, g->stack_thread))
    return;
  pthread_attr_t attr;
  void *addr;
  size_t size;
  if (pthread_getattr_np(self, &attr) == 0) {
    if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
      g->stack_bottom = (uintptr_t)addr;
      g->stack_top = (uintptr_t)addr + size;
      g->stack_thread = self;
      g->stack_known = true;
    }
    pthread_attr_destroy(&attr);
  }
  if (!g->stack_known) {
    /* No bounds from the system: scan up to this frame's caller at
       least.  Hosts on such systems attach from their outermost frame. */
    g->stack_bottom = 0;
    g->stack_top = (uintptr_t)__builtin_frame_address(0);
    g->stack_thread = self;
    g->stack_known = true;
  }
}

/* Whether the running code is on the stack we know.  It is not on a
   host's coroutine or signal stack: the roots there cannot be found,
   so collecting would free live objects.  Such collections are
   skipped instead; memory grows until the code is back. */
static NOINLINE bool on_known_stack(struct gc *g)
{
  gc_attach_thread(g);
  uintptr_t here = (uintptr_t)__builtin_frame_address(0);
  return here < g->stack_top && here >= g->stack_bottom;
}

static void mark_heap_word(struct gc *g, uintptr_t w)
{
  enum heap_kind kind;
  void *obj = heap_find_object(g->heap, w, &kind);
  if (obj)
    mark_object(g, obj, kind);
}

/* Most stack words are return addresses, counters and pointers to the
   C heap: the test against the heap's address range, here in the loop,
   rejects them without a call.  Under valgrind each word read is made
   defined (stack slots may be uninitialized), natively not even that. */
static NO_SANITIZE_ADDRESS NOINLINE void scan_stack_above_here(struct gc *g)
{
  uintptr_t lo = (uintptr_t)__builtin_frame_address(0) & ~(uintptr_t)7;
  uintptr_t heap_lo, heap_hi;
  heap_address_range(g->heap, &heap_lo, &heap_hi);
  bool valgrind = RUNNING_ON_VALGRIND;
  for (uintptr_t p = lo; p + sizeof(uintptr_t) <= g->stack_top; p += sizeof(uintptr_t)) {
    uintptr_t w = *(const uintptr_t *)p;
    if (valgrind)
      VALGRIND_MAKE_MEM_DEFINED(&w, sizeof w);
    if ((w & TAG_MASK) == TAG_SYMBOL)
      mark_symbol_index(g, w >> TAG_BITS);
    if (w - heap_lo < heap_hi - heap_lo)
      mark_heap_word(g, w);
  }
  drain(g);
}

/* Spill the callee-saved registers into this frame, which the scan
   below covers. */
static NOINLINE void mark_c_stack(struct gc *g)
{
  jmp_buf registers;
  __builtin_unwind_init();
  setjmp(registers);
  gc_attach_thread(g);
  scan_stack_above_here(g);
  __asm__ volatile("" : : "r"(&registers) : "memory"); /* keep the frame live */
}

/* ================================================================== */
/* Sweeping                                                           */
/* ================================================================== */

static void finalize_dead(void *obj, enum heap_kind kind, void *ud)
{
  struct gc *g = ud;
  switch (kind) {
  case HEAP_STRING: {
    struct string *s = obj;
    if (s->data) {
#ifdef MARROW_GC_CHECKS
      memset(s->data, POISON_BYTE, (size_t)s->nbytes + 1);
#endif
      gc_xfree(g, s->data, (size_t)s->nbytes + 1);
      s->data = NULL;
    }
    break;
  }
  case HEAP_SYMBOL:
    symtab_free_slot(g, obj);
    break;
  case HEAP_VECTOR:
  case HEAP_LARGE: {
    struct vectorlike *v = obj;
    struct finalizer *f = &g->finalizers[vl_header_type(v->header)];
    if (f->fn)
      f->fn(g, v, f->ud);
    break;
  }
  default:
    break;
  }
}

void gc_set_finalizer(struct gc *g, enum pvec_type type, gc_finalizer_fn fn, void *ud)
{
  g->finalizers[type] = (struct finalizer){fn, ud};
  uint64_t mask = 0;
  for (int t = 0; t < PVEC_TYPE_COUNT; t++)
    if (g->finalizers[t].fn)
      mask |= UINT64_C(1) << t;
  heap_set_finalize_types(g->heap, mask);
}

/* ================================================================== */
/* Collection                                                         */
/* ================================================================== */

static const char *const kind_names[HEAP_KIND_COUNT] = {
  "cons", "float", "symbol", "string", "vector", "large"
};

static size_t live_heap_bytes(const struct gc *g, size_t by_kind[HEAP_KIND_COUNT])
{
  size_t total = 0;
  for (int k = 0; k < HEAP_KIND_COUNT; k++) {
    struct heap_kind_stats ks;
    heap_kind_stats(g->heap, (enum heap_kind)k, &ks);
    if (by_kind)
      by_kind[k] = ks.used_bytes;
    total += ks.used_bytes;
  }
  return total;
}

static void log_collection(struct gc *g, const char *reason, bool full, const size_t before[],
                           const struct heap_sweep_result *res)
{
  size_t after[HEAP_KIND_COUNT];
  size_t total_before = 0, total_after = live_heap_bytes(g, after);
  for (int k = 0; k < HEAP_KIND_COUNT; k++)
    total_before += before[k];
  size_t counts[512];
  long hint = -1;
  size_t nlists = heap_vector_free_lists(g->heap, counts, 512, &hint, NULL, 0);
  size_t nonempty = 0, chunks = 0;
  for (size_t i = 0; i < nlists && i < 512; i++) {
    nonempty += counts[i] != 0;
    chunks += counts[i];
  }
  char aging[64] = "";
  if (!full && g->cfg.aging)
    snprintf(aging, sizeof aging, " (aged %llu, promoted %llu)",
             (unsigned long long)g->stats.aged_last, (unsigned long long)g->stats.promoted_last);
  char bytype[512];
  size_t used = 0;
  for (int k = 0; k < HEAP_KIND_COUNT; k++)
    used += (size_t)snprintf(bytype + used, sizeof bytype - used, " %s %zu->%zu",
                             kind_names[k], before[k], after[k]);
  fprintf(stderr,
          "gc %llu (%s) %s%s: live %zu->%zu bytes [%s ] ext %zu gmp %zu; "
          "mark %.3f ms sweep %.3f ms; blocks freed %zu; "
          "vector free lists %zu/%zu non-empty, %zu chunks, hint %ld; policy %s\n",
          (unsigned long long)g->stats.gcs_done, reason, full ? "full" : "minor", aging, total_before, total_after, bytype + 1,
          g->stats.external_bytes, g->stats.gmp_bytes, g->stats.last_mark_time * 1e3,
          g->stats.last_sweep_time * 1e3, res->blocks_freed, nonempty, nlists, chunks, hint,
          heap_policy_name(heap_policy(g->heap)));
}

static void verify_heap(struct gc *g)
{
#ifdef MARROW_GC_CHECKS
  char err[256];
  if (!heap_verify(g->heap, err, sizeof err)) {
    fprintf(stderr, "marrow: heap check failed after collection %llu: %s\n",
            (unsigned long long)g->stats.gcs_done, err);
    abort(); /* --enable-gc-checks: an internal bug must fail loudly */
  }
#else
  (void)g;
#endif
}

/* ---- Generations ---- */

static bool is_old(const struct gc *g, mval obj)
{
  if (CONSP(obj))
    return heap_marked_fixed(untag(obj), HEAP_CONS, g->first_object[HEAP_CONS]);
  if (STRINGP(obj))
    return heap_marked_fixed(untag(obj), HEAP_STRING, g->first_object[HEAP_STRING]);
  return VECTORLIKEP(obj) && heap_marked_vectorlike(untag(obj));
}

static NOINLINE bool grow_remembered(struct gc *g)
{
  size_t n = g->remembered_cap ? 2 * g->remembered_cap : 256;
  mval *r = realloc(g->remembered, n * sizeof *r);
  if (r) {
    g->remembered = r;
    g->remembered_cap = n;
  }
  return r != NULL;
}

/* An old object is unmarked as it is remembered, so that it is
   remembered once however often it is written, and the next minor
   marking goes inside it.  With no room to remember it, it stays
   marked and the next collection is a full one. */
static NOINLINE void remember(struct gc *g, mval obj, void *addr, enum heap_kind kind)
{
  if (g->nremembered == g->remembered_cap && !grow_remembered(g)) {
    g->full_due = true;
    return;
  }
  heap_unmark(g->heap, addr, kind);
  g->remembered[g->nremembered++] = obj;
}

void gc_write_barrier(struct gc *g, mval obj)
{
  if (g->sticky && is_old(g, obj))
    remember(g, obj, untag(obj), CONSP(obj) ? HEAP_CONS : STRINGP(obj) ? HEAP_STRING : HEAP_VECTOR);
}

void gc_symbol_barrier(struct gc *g, struct symbol *s)
{
  if (g->sticky && heap_marked_fixed(s, HEAP_SYMBOL, g->first_object[HEAP_SYMBOL]))
    remember(g, MAKE_SYMBOL(s->index), s, HEAP_SYMBOL);
}

/* A minor collection frees no symbol: an old object may refer to a new
   uninterned symbol by its index, and storing an index needs no
   barrier.  Only a full collection frees symbols. */
static void mark_young_symbol(void *obj, void *ud)
{
  struct gc *g = ud;
  struct symbol *s = obj;
  if (s->index >= g->symtab.count || g->symtab.at[s->index] != s)
    return; /* allocated, not yet in the table: not a root */
  if (mark_fixed(g, s, HEAP_SYMBOL)) {
    note_marked(g, s, HEAP_SYMBOL);
    push_children(g, s, HEAP_SYMBOL);
    drain(g);
  }
}

/* The old symbols are marked already (the remembered ones just now), so
   only the young ones are visited, found by their mark bits a word at a
   time: the table holds thousands of old symbols.  Every done bit is
   set first; a symbol reached meanwhile through an index and not yet
   marked is a young one the walk comes to. */
static void mark_every_symbol(struct gc *g)
{
  memset(g->symbols_done, 0xff, symbol_bitmap_words(g->symtab.count) * sizeof *g->symbols_done);
  heap_each_unmarked_fixed(g->heap, HEAP_SYMBOL, mark_young_symbol, g);
}

/* A remembered value's object: a cons, a vector-like or a symbol. */
static enum heap_kind remembered_object(const struct gc *g, mval v, void **obj)
{
  if (SYMBOLP(v)) {
    *obj = g->symtab.at[SYMBOL_INDEX(v)];
    return HEAP_SYMBOL;
  }
  *obj = untag(v);
  return CONSP(v) ? HEAP_CONS : STRINGP(v) ? HEAP_STRING : HEAP_VECTOR;
}

/* Every remembered object is marked before any is traced: one reached
   through another must not be noted as new, or aging would make an old
   object young again, and the old objects that hold it do not say so.
   The list stays for age_survivors. */
static void mark_remembered(struct gc *g)
{
  void *obj;
  for (size_t i = 0; i < g->nremembered; i++) {
    enum heap_kind k = remembered_object(g, g->remembered[i], &obj);
    heap_mark(g->heap, obj, k);
  }
  for (size_t i = 0; i < g->nremembered; i++) {
    enum heap_kind k = remembered_object(g, g->remembered[i], &obj);
    push_children(g, obj, k);
    drain(g);
  }
}

/* Whether OBJ, marked, holds an unmarked object: after age_survivors'
   first pass, one that stays young. */
static bool holds_young(const struct gc *g, const void *obj, enum heap_kind kind)
{
  size_t n;
  const mval *slots = object_slots(obj, kind, &n);
  for (size_t i = 0; i < n; i++)
    if (!value_marked(g, slots[i]))
      return true;
  return false;
}

static mval object_value(const void *obj, enum heap_kind kind)
{
  if (kind == HEAP_SYMBOL)
    return MAKE_SYMBOL(((const struct symbol *)obj)->index);
  if (kind == HEAP_STRING)
    return tag_ptr((void *)obj, TAG_STRING);
  return tag_ptr((void *)obj, kind == HEAP_CONS ? TAG_CONS : TAG_VECTORLIKE);
}

/* An entry of g->marked: the object, its kind in the alignment bits. */
static void *marked_object(uintptr_t entry, enum heap_kind *kind)
{
  *kind = (enum heap_kind)(entry & 7);
  return (void *)(entry & ~(uintptr_t)7);
}

/* First pass: each object marked for the first time stays young; what
   is old after it (second-time survivors, new symbols) is left at the
   front of g->marked, and their count returned. */
static size_t age_marked(struct gc *g)
{
  size_t nold = 0;
  enum heap_kind k;
  g->stats.aged_last = 0;
  for (size_t i = 0; i < g->nmarked; i++) {
    void *obj = marked_object(g->marked[i], &k);
    bool old = k == HEAP_SYMBOL ||
               (k < HEAP_FIXED_KINDS ? heap_age_fixed(obj, k, g->first_object[k], g->age_words[k])
                                     : heap_age(g->heap, obj, k));
    if (old)
      g->marked[nold++] = g->marked[i];
    else
      g->stats.aged_last++;
  }
  return nold;
}

/* After the sweep of a minor collection.  What it marked for the first
   time stays young: unmarked again, with its age bit set.  What it
   marked with the bit set (its second collection) is old now.  Then the
   old objects it traced -- remembered ones, the newly old, new symbols
   (a symbol is old at once) -- may hold a young object: those go on
   the remembered set, where the next minor collection finds them. */
static void age_survivors(struct gc *g)
{
  size_t nold = age_marked(g);
  g->stats.promoted_last = nold;
  size_t nrem = g->nremembered;
  g->nremembered = 0;
  void *obj;
  enum heap_kind k;
  for (size_t i = 0; i < nrem; i++) { /* compacted in place: nremembered <= i */
    k = remembered_object(g, g->remembered[i], &obj);
    if (holds_young(g, obj, k)) {
      heap_unmark(g->heap, obj, k);
      g->remembered[g->nremembered++] = g->remembered[i];
    }
  }
  for (size_t i = 0; i < nold; i++) {
    obj = marked_object(g->marked[i], &k);
    if (heap_marked(g->heap, obj, k) && holds_young(g, obj, k))
      remember(g, object_value(obj, k), obj, k);
  }
}

/* The end of a minor collection.  Without aging, or with an incomplete
   note of what was marked, everything marked stays old, so nothing old
   holds anything young and the remembered set starts empty. */
static void end_minor(struct gc *g)
{
  if (g->aging && !g->marked_lost) {
    age_survivors(g);
  } else {
    g->nremembered = 0;
    g->stats.aged_last = 0;
    g->stats.promoted_last = g->nmarked;
  }
  g->full_due |= g->marked_lost;
  g->nmarked = 0;
  g->marked_lost = false;
  g->aging = false;
}

/* A full collection once the old objects, some of them dead by now,
   have grown past their size after the last full one by a quarter of
   that size or of the threshold, whichever is more: old garbage is
   memory that only a full collection gives back. */
static bool full_collection_due(const struct gc *g)
{
  return !g->cfg.generational || !g->sticky || g->full_due ||
         g->stats.live_bytes_after_gc > g->old_limit;
}

static void set_old_limit(struct gc *g)
{
  size_t live = g->stats.live_bytes_after_gc;
  g->old_limit = live + (live > g->cfg.cons_threshold ? live : g->cfg.cons_threshold) / 4;
}

/* ---- Checking the marks (stress mode, --enable-gc-checks) ----
   Once marking is done, no marked object may hold an unmarked one;
   once a minor collection has aged what it marked, none may hold an
   unmarked one that is not remembered.  A store that skipped the write
   barrier shows up here, at the next collection, instead of as a freed
   object in use much later; a hole in the aging, at once. */

struct mark_check {
  struct gc *g;
  enum heap_kind kind;
};

static bool value_marked(const struct gc *g, mval v)
{
  const size_t *first = g->first_object;
  switch (TAG_OF(v)) {
  case TAG_SYMBOL: {
    uint64_t i = SYMBOL_INDEX(v);
    struct symbol *s = i < g->symtab.count ? g->symtab.at[i] : NULL;
    return !s || heap_marked_fixed(s, HEAP_SYMBOL, first[HEAP_SYMBOL]);
  }
  case TAG_CONS:
    return heap_marked_fixed(untag(v), HEAP_CONS, first[HEAP_CONS]);
  case TAG_STRING:
    return heap_marked_fixed(untag(v), HEAP_STRING, first[HEAP_STRING]);
  case TAG_FLOAT:
    return heap_marked_fixed(untag(v), HEAP_FLOAT, first[HEAP_FLOAT]);
  case TAG_VECTORLIKE:
    return heap_marked_vectorlike(untag(v));
  default:
    return true;
  }
}

/* A remembered object is old, though unmarked until the next minor
   collection marks it first of all. */
static bool is_remembered(const struct gc *g, mval v)
{
  for (size_t i = 0; i < g->nremembered; i++)
    if (g->remembered[i] == v)
      return true;
  return false;
}

static void check_children(const struct gc *g, const void *obj, const mval *slots, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!value_marked(g, slots[i]) && !is_remembered(g, slots[i])) {
      fprintf(stderr, "marrow: marked object %p holds unmarked %#llx in slot %zu "
                      "(a store without gc_write_barrier?)\n",
              obj, (unsigned long long)slots[i], i);
      abort(); /* a checking mode: an internal bug must fail loudly */
    }
}

static void check_chunk(const void *start, size_t nbytes, int chunk_type, void *ud)
{
  (void)nbytes;
  struct mark_check *c = ud;
  if (chunk_type == 0 || !heap_marked(c->g->heap, start, c->kind))
    return;
  size_t n;
  const mval *slots = object_slots(start, c->kind, &n);
  check_children(c->g, start, slots, n);
}

static void check_block(const struct heap_block_info *b, void *ud)
{
  struct mark_check c = {ud, b->kind};
  if (kind_holds_values(b->kind))
    heap_foreach_chunk(c.g->heap, b->start, check_chunk, &c);
}

/* A whole-heap walk: at every collection with --enable-gc-checks, and
   every GC_STRESS_CHECK_INTERVAL collections in stress mode, where it
   would otherwise cost far more than the collection itself (every 8th
   took 85% of a stress run's start-up once lisp/ had grown; every 64th
   still 80% of a stress test run, which made CI's stress pass too slow
   to finish).  A store that skipped the barrier tends to show at once
   anyway: the object it lost is reused by the very next allocation. */
static void verify_marks(struct gc *g)
{
#ifndef MARROW_GC_CHECKS
  if (!g->cfg.stress || g->stats.gcs_done % GC_STRESS_CHECK_INTERVAL != 0)
    return;
#endif
  heap_foreach_block(g->heap, check_block, g);
}

/* The marks of a full collection start from nothing; with generations
   on they then stay, so every survivor is old. */
static void begin_full(struct gc *g)
{
  if (g->sticky)
    heap_clear_marks(g->heap);
  g->nremembered = 0;
  g->full_due = false;
  g->sticky = g->cfg.generational;
  heap_set_sticky_marks(g->heap, g->sticky);
}

static void mark_all(struct gc *g, bool full)
{
  if (full) {
    mark_interned_symbols(g);
    drain(g);
  } else {
    mark_remembered(g); /* first: remembered symbols are not done yet */
    mark_every_symbol(g);
  }
  mark_root_functions(g);
  mark_doomed_finalizers(g);
  mark_c_stack(g);
  rescan_heap(g);
  doom_unreached_finalizers(g); /* only now is "not reached" known */
  rescan_heap(g);
  memset(g->symbols_done, 0, symbol_bitmap_words(g->symtab.count) * sizeof *g->symbols_done);
}

/* STACK cut back to RETAINED_MARK_STACK entries of SIZE bytes, or
   as it was. */
static void *trim_stack(void *stack, size_t *cap, size_t size)
{
  if (*cap <= RETAINED_MARK_STACK)
    return stack;
  void *s = realloc(stack, RETAINED_MARK_STACK * size);
  if (!s)
    return stack;
  *cap = RETAINED_MARK_STACK;
  return s;
}

/* Give back mark stacks that a deep structure blew up. */
static void trim_mark_stacks(struct gc *g)
{
  g->mark_stack = trim_stack(g->mark_stack, &g->mark_cap, sizeof *g->mark_stack);
  g->value_stack = trim_stack(g->value_stack, &g->value_cap, sizeof *g->value_stack);
}

static void run_after_collect(struct gc *g)
{
  if (!g->after_collect)
    return;
  g->inhibit++;
  g->hook_inhibit = 1;
  g->after_collect(g, g->after_collect_ud);
  g->inhibit -= g->hook_inhibit;
  g->hook_inhibit = 0;
}

/* Inhibited: the hook allocates nothing, but should it ever, no
   collection may start inside this one. */
static void run_before_collect(struct gc *g)
{
  if (!g->before_collect)
    return;
  g->inhibit++;
  g->before_collect(g, g->before_collect_ud);
  g->inhibit--;
}

/* FULL asks for a full collection; a minor one may be full anyway. */
/* The collector's frames lie on stack that deeper calls of the program
   used before: their unset words would be scanned as roots and keep
   the dead alive (a finalizer that should run now, say).  So the
   collection runs on stack zeroed first. */
#define SCRUBBED_STACK_BYTES 4096
static NOINLINE void scrub_stack_below(void)
{
  char pad[SCRUBBED_STACK_BYTES];
  memset(pad, 0, sizeof pad);
  __asm__ volatile("" : : "r"(pad) : "memory");
}

static NOINLINE void collect_on_scrubbed_stack(struct gc *g, const char *reason, bool full);

static void collect(struct gc *g, const char *reason, bool full)
{
  scrub_stack_below();
  collect_on_scrubbed_stack(g, reason, full);
}

static NOINLINE void collect_on_scrubbed_stack(struct gc *g, const char *reason, bool full)
{
  if (g->collecting || g->inhibit || !on_known_stack(g))
    return;
  size_t before[HEAP_KIND_COUNT] = {0};
  run_before_collect(g);
  if (g->cfg.log)
    live_heap_bytes(g, before);
  g->collecting = true;
  full = full || full_collection_due(g);
  double t0 = now();
  if (full)
    begin_full(g);
  g->aging = !full && g->cfg.aging;
  mark_all(g, full);
  verify_marks(g);
  double t1 = now();
  struct heap_sweep_result res = {0};
  heap_sweep(g->heap, finalize_dead, g, &res);
  if (!full) {
    end_minor(g);
    verify_marks(g);
  }
  double t2 = now();
  g->collecting = false;
  trim_mark_stacks(g);

  struct gc_stats *st = &g->stats;
  st->gcs_done++;
  st->last_mark_time = t1 - t0;
  st->last_sweep_time = t2 - t1;
  st->mark_time += t1 - t0;
  st->sweep_time += t2 - t1;
  st->gc_elapsed += t2 - t0;
  st->blocks_freed_last = res.blocks_freed;
  st->bytes_since_gc = 0;
  st->live_bytes_after_gc = live_heap_bytes(g, NULL) + st->external_bytes;
  st->minor_gcs += !full;
  if (full)
    set_old_limit(g);
  update_trigger(g);
  verify_heap(g);
  if (g->cfg.log)
    log_collection(g, reason ? reason : "explicit", full, before, &res);
  run_after_collect(g);
}

/* Asked for by name (garbage-collect, the host, running out of
   memory): everything unreachable goes. */
void gc_collect(struct gc *g, const char *reason) { collect(g, reason, true); }

void gc_collect_minor(struct gc *g, const char *reason) { collect(g, reason, false); }

static void collect_when_due(struct gc *g)
{
  gc_collect_minor(g, g->cfg.stress ? "stress" : "threshold");
}

void gc_maybe_collect(struct gc *g)
{
  if (collection_due(g))
    collect_when_due(g);
}

void gc_inhibit(struct gc *g, bool on)
{
  if (on)
    g->inhibit++;
  else if (g->inhibit > 0)
    g->inhibit--;
}

/* ================================================================== */
/* Configuration at run time, statistics                              */
/* ================================================================== */

bool gc_allocated_past(struct gc *g, uint64_t factor)
{
  return factor > 0 && g->stats.bytes_since_gc > g->trigger_bytes / factor;
}

void gc_set_threshold(struct gc *g, size_t bytes, double percentage)
{
  g->cfg.cons_threshold = bytes;
  g->cfg.cons_percentage = percentage;
  update_trigger(g);
}

void gc_set_policy(struct gc *g, enum vector_policy p)
{
  g->cfg.policy = p;
  heap_set_policy(g->heap, p);
}

enum vector_policy gc_policy(struct gc *g) { return g->cfg.policy; }
void gc_set_log(struct gc *g, bool on) { g->cfg.log = on; }
void gc_set_stress(struct gc *g, bool on)
{
  g->cfg.stress = on;
  update_trigger(g);
}
void gc_set_heap_limit(struct gc *g, size_t bytes) { g->cfg.heap_limit = bytes; }
size_t gc_heap_limit(const struct gc *g) { return g->cfg.heap_limit; }
size_t gc_live_bytes(const struct gc *g) { return g->stats.live_bytes_after_gc; }
bool gc_owns_freed_memory(const struct gc *g) { (void)g; return true; }
const char *gc_name(void) { return "marrow"; }
void gc_add_root_region(struct gc *g, void *start, size_t nbytes) { (void)g, (void)start, (void)nbytes; }
void gc_remove_root_region(struct gc *g, void *start, size_t nbytes) { (void)g, (void)start, (void)nbytes; }

void gc_set_fail_alloc(struct gc *g, unsigned long every)
{
  g->cfg.fail_alloc_every = every;
  g->system_allocs = 0;
}

void gc_get_consed(struct gc *g, struct gc_consed *out)
{
  const uint64_t *a = g->stats.objects_allocated;
  *out = (struct gc_consed){a[HEAP_CONS], a[HEAP_FLOAT], g->stats.vector_cells_allocated,
                            a[HEAP_SYMBOL], g->stats.string_bytes_allocated, a[HEAP_STRING]};
}

void gc_get_stats(struct gc *g, struct gc_stats *out)
{
  *out = g->stats;
  for (int k = 0; k < HEAP_KIND_COUNT; k++)
    heap_kind_stats(g->heap, (enum heap_kind)k, &out->kinds[k]);
  out->heap_bytes = heap_bytes_in_use(g->heap);
}
