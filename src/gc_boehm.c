/*
** gc_boehm.c -- layer 3 over Boehm GC: the baseline build.
**
** The same entry points as gc.c, implemented over the Boehm-Demers-Weiser
** conservative collector, so that src/marrow-boehm runs the identical
** interpreter and the benchmarks compare only the memory managers.
**
** How the contract maps onto Boehm:
** - Objects holding Lisp values come from GC_MALLOC (scanned); string
**   bytes, floats and GMP limbs from GC_MALLOC_ATOMIC (never scanned).
**   Objects whose raw part may hold pointers to gc_xmalloc'd memory
**   are scanned too, so nothing reachable only from them is lost.
** - Tagged pointers are interior pointers, which Boehm recognises by
**   default (GC_all_interior_pointers).
** - Precise roots: the runtime's root functions run from Boehm's
**   push-other-roots hook; gc_mark pushes each value eagerly.
** - Symbols are never freed: the symbol table references them all.
** - Finalizers are not needed: limbs and string bytes are collected
**   with the objects that reference them.
**
** Boehm is one collector per process, so the few pieces of state that
** hook into it (the list of live instances, the timing of collections)
** are process-wide.  This is the one file allowed such state; it is a
** baseline, never the default runtime.
*/
#include "config.h"

#define GC_THREADS
#include <gc/gc.h>
#include <gc/gc_mark.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gc.h"

struct root {
  gc_root_fn fn;
  void *ud;
  struct root *next;
};

/* Hidden pointers to findable objects, registered with Boehm as
   disappearing links: Boehm zeroes one when its object is collected.
   Malloc'd, so never scanned; never moved, as Boehm keeps the links'
   addresses. */
#define FINDABLE_PER_CHUNK 256
struct findable_chunk {
  struct findable_chunk *next;
  GC_hidden_pointer link[FINDABLE_PER_CHUNK];
};

struct after_hook {
  void (*fn)(struct gc *g, void *ud);
  void *ud;
};

struct gc {
  struct symtab symtab;
  struct gc_config cfg;
  struct root *roots;
  gc_memory_full_fn memory_full;
  void *memory_full_ud;
  struct gc *next_instance;
  uint64_t objects_allocated[HEAP_KIND_COUNT];
  uint64_t vector_cells_allocated, string_bytes_allocated;
  size_t external_bytes, gmp_bytes;
  int inhibit;
  gc_after_collect_fn after_collect;
  void *after_collect_ud;
  gc_before_collect_fn before_collect;
  void *before_collect_ud;
  GC_word collections_seen; /* GC_get_gc_no() when the hook last ran */
  mval *doomed;             /* unreachable finalizer objects: GC_MALLOC'd */
  size_t ndoomed, doomed_cap, doomed_head;
  struct findable_chunk *findable; /* see gc_make_findable */
  int findable_fresh;              /* links never used in the newest chunk start here */
  GC_word findable_searched_at;    /* GC_get_gc_no() at the last search for cleared links */
};

/* ================================================================== */
/* Process-wide hooks into Boehm                                      */
/* ================================================================== */

static pthread_once_t boehm_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t instances_lock = PTHREAD_MUTEX_INITIALIZER;
static struct gc *instances;
static GC_push_other_roots_proc previous_push_roots;
static double collection_started, collections_elapsed;

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void GC_CALLBACK push_runtime_roots(void)
{
  for (struct gc *g = instances; g; g = g->next_instance)
    for (struct root *r = g->roots; r; r = r->next)
      r->fn(g, r->ud);
  if (previous_push_roots)
    previous_push_roots();
}

static void GC_CALLBACK on_collection_event(GC_EventType e)
{
  if (e == GC_EVENT_START)
    collection_started = now();
  else if (e == GC_EVENT_END)
    collections_elapsed += now() - collection_started;
}

static void boehm_init_once(void)
{
  GC_INIT();
  GC_allow_register_threads();
  previous_push_roots = GC_get_push_other_roots();
  GC_set_push_other_roots(push_runtime_roots);
  GC_set_on_collection_event(on_collection_event);
  GC_set_finalize_on_demand(1); /* see "Finalizer objects" */
}

/* ================================================================== */
/* Life cycle                                                         */
/* ================================================================== */

void gc_config_defaults(struct gc_config *cfg)
{
  memset(cfg, 0, sizeof *cfg);
  cfg->cons_threshold = 800000;
  cfg->cons_percentage = 0.1;
  cfg->policy = VECTOR_POLICY_DEFAULT;
  const char *s;
  if ((s = getenv("MARROW_GC_LOG")) && *s && *s != '0')
    cfg->log = true;
  if ((s = getenv("MARROW_GC_STRESS")) && *s && *s != '0')
    cfg->stress = true;
  if ((s = getenv("MARROW_HEAP_LIMIT")) && *s)
    cfg->heap_limit = strtoull(s, NULL, 10);
  if ((s = getenv("MARROW_VECTOR_POLICY")) && *s)
    heap_policy_parse(s, &cfg->policy);
}

struct gc *gc_new(const struct gc_config *cfg)
{
  pthread_once(&boehm_once, boehm_init_once);
  gc_attach_thread(NULL);
  struct gc *g = GC_MALLOC_UNCOLLECTABLE(sizeof *g);
  if (!g)
    return NULL;
  memset(g, 0, sizeof *g);
  g->cfg = *cfg;
  if (cfg->heap_limit)
    GC_set_max_heap_size(cfg->heap_limit);
  pthread_mutex_lock(&instances_lock);
  g->next_instance = instances;
  instances = g;
  pthread_mutex_unlock(&instances_lock);
  return g;
}

static void forget_findable(struct gc *g);

void gc_free(struct gc *g)
{
  pthread_mutex_lock(&instances_lock);
  for (struct gc **p = &instances; *p; p = &(*p)->next_instance)
    if (*p == g) {
      *p = g->next_instance;
      break;
    }
  pthread_mutex_unlock(&instances_lock);
  forget_findable(g);
  for (struct root *r = g->roots, *next; r; r = next) {
    next = r->next;
    free(r);
  }
  GC_FREE(g->symtab.at);
  GC_FREE(g);
}

void gc_set_memory_full_handler(struct gc *g, gc_memory_full_fn fn, void *ud)
{
  g->memory_full = fn;
  g->memory_full_ud = ud;
}

struct symtab *gc_symtab(struct gc *g) { return &g->symtab; }

void gc_attach_thread(struct gc *g)
{
  (void)g;
  if (!GC_thread_is_registered()) {
    struct GC_stack_base sb;
    if (GC_get_stack_base(&sb) == GC_SUCCESS)
      GC_register_my_thread(&sb);
  }
}

/* ================================================================== */
/* Allocation                                                         */
/* ================================================================== */

static void *checked(struct gc *g, void *p)
{
  if (!p && g->memory_full)
    g->memory_full(g, g->memory_full_ud);
  return p;
}

static void run_before_collect(struct gc *g)
{
  if (!g->before_collect)
    return;
  g->inhibit++;
  g->before_collect(g, g->before_collect_ud);
  g->inhibit--;
}

/* Boehm collects on its own schedule and its callbacks may not
   allocate, so the hooks run at the next allocation: the before-collect
   one late, its cuttings going at the collection after. */
static void notice_collections(struct gc *g)
{
  GC_word n = GC_get_gc_no();
  if (n == g->collections_seen || g->inhibit)
    return;
  g->collections_seen = n;
  run_before_collect(g);
  if (!g->after_collect)
    return;
  g->inhibit++;
  g->after_collect(g, g->after_collect_ud);
  g->inhibit--;
}

static void before_allocation(struct gc *g)
{
  if (g->cfg.stress && !g->inhibit)
    GC_gcollect();
  notice_collections(g);
}

static void *alloc_scanned(struct gc *g, enum heap_kind k, size_t n)
{
  before_allocation(g);
  g->objects_allocated[k]++;
  return checked(g, GC_MALLOC(n));
}

static void *alloc_atomic(struct gc *g, enum heap_kind k, size_t n)
{
  before_allocation(g);
  g->objects_allocated[k]++;
  return checked(g, GC_MALLOC_ATOMIC(n));
}

/* Boehm's collector here is not generational: nothing to remember. */
void gc_write_barrier(struct gc *g, mval obj) { (void)g, (void)obj; }
void gc_symbol_barrier(struct gc *g, struct symbol *s) { (void)g, (void)s; }

mval gc_cons(struct gc *g, mval car, mval cdr)
{
  struct cons *c = alloc_scanned(g, HEAP_CONS, sizeof *c);
  OBJ_INIT(c->car, car);
  OBJ_INIT(c->cdr, cdr);
  return tag_ptr(c, TAG_CONS);
}

mval gc_float(struct gc *g, double d)
{
  double *p = alloc_atomic(g, HEAP_FLOAT, sizeof *p);
  *p = d;
  return tag_ptr(p, TAG_FLOAT);
}

static void symtab_grow(struct gc *g)
{
  struct symtab *t = &g->symtab;
  uint32_t cap = t->cap ? t->cap * 2 : 1024;
  struct symbol **at = GC_MALLOC_UNCOLLECTABLE(cap * sizeof *at);
  checked(g, at);
  if (t->count)
    memcpy(at, t->at, t->count * sizeof *at);
  GC_FREE(t->at);
  t->at = at;
  t->cap = cap;
}

mval gc_symbol(struct gc *g)
{
  struct symbol *s = alloc_scanned(g, HEAP_SYMBOL, sizeof *s);
  memset(s, 0, sizeof *s);
  if (g->symtab.count == g->symtab.cap)
    symtab_grow(g);
  s->index = g->symtab.count++;
  OBJ_INIT(s->name, Qnil);
  OBJ_INIT(s->value, Qnil);
  OBJ_INIT(s->function, Qnil);
  OBJ_INIT(s->plist, Qnil);
  g->symtab.at[s->index] = s;
  return MAKE_SYMBOL(s->index);
}

mval gc_string(struct gc *g, size_t nbytes)
{
  struct string *s = alloc_scanned(g, HEAP_STRING, sizeof *s);
  s->data = checked(g, GC_MALLOC_ATOMIC(nbytes + 1));
  memset(s->data, 0, nbytes + 1);
  s->nbytes = (int64_t)nbytes;
  s->nchars = (int64_t)nbytes;
  s->flags = 0;
  OBJ_INIT(s->intervals, Qnil);
  g->string_bytes_allocated += nbytes;
  return tag_ptr(s, TAG_STRING);
}

/* A vector-like with its header set and every word after it zeroed;
   the caller writes the Lisp slots before it allocates again. */
struct vectorlike *gc_vectorlike_unfilled(struct gc *g, enum pvec_type type, size_t nwords,
                                          size_t nlisp)
{
  if (nwords > VL_MAX_WORDS || nlisp >= nwords) {
    if (g->memory_full)
      g->memory_full(g, g->memory_full_ud);
    return NULL;
  }
  size_t n = nwords * sizeof(uint64_t);
  enum heap_kind k = n > 2048 ? HEAP_LARGE : HEAP_VECTOR;
  struct vectorlike *v = alloc_scanned(g, k, n);
  memset(v, 0, n);
  v->header = vl_make_header(type, nwords, nlisp);
  g->vector_cells_allocated += nwords - 1;
  return v;
}


/* gc_x* memory is scanned: callers may keep pointers to other gc_x*
   blocks in it (an evaluator's code tree, say). */
void *gc_xmalloc(struct gc *g, size_t n)
{
  void *p = GC_MALLOC(n ? n : 1);
  if (p)
    g->external_bytes += n;
  return p;
}

void *gc_xmalloc_atomic(struct gc *g, size_t n)
{
  void *p = GC_MALLOC_ATOMIC(n ? n : 1);
  if (p)
    g->external_bytes += n;
  return p;
}

/* GC_REALLOC keeps the block's kind, atomic or scanned. */
void *gc_xrealloc(struct gc *g, void *p, size_t oldn, size_t newn)
{
  void *q = GC_REALLOC(p, newn ? newn : 1);
  if (q)
    g->external_bytes += newn - oldn;
  return q;
}

void gc_xfree(struct gc *g, void *p, size_t n)
{
  if (!p)
    return;
  g->external_bytes -= n;
  GC_FREE(p);
}

void *gc_xmalloc_or_die(struct gc *g, size_t n)
{
  return checked(g, gc_xmalloc(g, n));
}

void gc_note_gmp(struct gc *g, ptrdiff_t delta) { g->gmp_bytes += (size_t)delta; }
/* Boehm decides by itself when to collect. */
void gc_count_allocation(struct gc *g, ptrdiff_t delta) { (void)g, (void)delta; }

/* ================================================================== */
/* Collection and roots                                               */
/* ================================================================== */

void gc_collect_minor(struct gc *g, const char *reason) { gc_collect(g, reason); }

void gc_collect(struct gc *g, const char *reason)
{
  (void)reason;
  if (!g->inhibit) {
    run_before_collect(g);
    GC_gcollect();
    notice_collections(g);
  }
}

void gc_maybe_collect(struct gc *g) { (void)g; }
void gc_inhibit(struct gc *g, bool on) { g->inhibit += on ? 1 : -1; }

void gc_add_roots(struct gc *g, gc_root_fn fn, void *ud)
{
  struct root *r = malloc(sizeof *r);
  if (!r) {
    checked(g, NULL);
    return;
  }
  r->fn = fn;
  r->ud = ud;
  r->next = g->roots;
  g->roots = r;
}

void gc_remove_roots(struct gc *g, gc_root_fn fn, void *ud)
{
  for (struct root **p = &g->roots; *p; p = &(*p)->next)
    if ((*p)->fn == fn && (*p)->ud == ud) {
      struct root *dead = *p;
      *p = dead->next;
      free(dead);
      return;
    }
}

void gc_mark(struct gc *g, mval v)
{
  (void)g;
  if (TAG_OF(v) != TAG_SYMBOL && TAG_OF(v) != TAG_IMMEDIATE && !FIXNUMP(v))
    GC_push_all_eager(&v, &v + 1);
}

void gc_mark_array(struct gc *g, const mval *v, size_t n)
{
  (void)g;
  if (n)
    GC_push_all_eager((void *)v, (void *)(v + n));
}

/* ================================================================== */
/* Configuration and statistics                                       */
/* ================================================================== */

/* Boehm paces itself: its own free-space divisor decides, so this
   asks how much it has allocated against the threshold Lisp set. */
bool gc_allocated_past(struct gc *g, uint64_t factor)
{
  return factor > 0 && GC_get_bytes_since_gc() > g->cfg.cons_threshold / factor;
}

void gc_set_threshold(struct gc *g, size_t bytes, double percentage)
{
  g->cfg.cons_threshold = bytes;
  g->cfg.cons_percentage = percentage;
}
void gc_set_policy(struct gc *g, enum vector_policy p) { g->cfg.policy = p; }
enum vector_policy gc_policy(struct gc *g) { return g->cfg.policy; }
void gc_set_log(struct gc *g, bool on) { g->cfg.log = on; }
void gc_set_stress(struct gc *g, bool on) { g->cfg.stress = on; }
void gc_set_heap_limit(struct gc *g, size_t bytes)
{
  g->cfg.heap_limit = bytes;
  GC_set_max_heap_size(bytes);
}

size_t gc_heap_limit(const struct gc *g) { return g->cfg.heap_limit; }

bool gc_can_spare(struct gc *g, size_t nbytes)
{
  (void)g;
  void *probe = malloc(nbytes);
  free(probe);
  return probe != NULL;
}
size_t gc_live_bytes(const struct gc *g)
{
  (void)g;
  return GC_get_heap_size() - GC_get_free_bytes();
}
/* ================================================================== */
/* Finalizer objects                                                  */
/* ================================================================== */

/* Boehm keeps the weak list: a registered object is handed to
   on_unreachable once nothing else points to it.  Finalization runs on
   demand (boehm_init_once), so the calls come from GC_invoke_finalizers
   below, never from inside an allocation.  The queue is scanned memory
   reachable from the (uncollectable) gc, which keeps its entries. */
static void GC_CALLBACK on_unreachable(void *obj, void *ud)
{
  struct gc *g = ud;
  if (g->ndoomed == g->doomed_cap) {
    size_t cap = g->doomed_cap ? 2 * g->doomed_cap : 16;
    mval *at = GC_REALLOC(g->doomed, cap * sizeof *at);
    if (!at)
      return; /* the baseline loses this finalizer: it never runs */
    g->doomed = at;
    g->doomed_cap = cap;
  }
  g->doomed[g->ndoomed++] = tag_ptr(obj, TAG_VECTORLIKE);
}

void gc_register_finalizer(struct gc *g, mval obj)
{
  GC_register_finalizer_no_order(untag(obj), on_unreachable, g, NULL, NULL);
}

bool gc_finalizers_doomed(struct gc *g)
{
  if (GC_should_invoke_finalizers())
    GC_invoke_finalizers();
  return g->doomed_head < g->ndoomed;
}

mval gc_take_doomed_finalizer(struct gc *g)
{
  if (!gc_finalizers_doomed(g)) {
    g->doomed_head = g->ndoomed = 0;
    return Qnil;
  }
  return g->doomed[g->doomed_head++];
}

bool gc_owns_freed_memory(const struct gc *g) { (void)g; return false; }
const char *gc_name(void) { return "boehm"; }

void gc_add_root_region(struct gc *g, void *start, size_t nbytes)
{
  (void)g;
  GC_add_roots(start, (char *)start + nbytes);
}

void gc_remove_root_region(struct gc *g, void *start, size_t nbytes)
{
  (void)g;
  GC_remove_roots(start, (char *)start + nbytes);
}

/* Fault injection exercises marrow's own heap; the baseline has none. */
void gc_set_fail_alloc(struct gc *g, unsigned long every)
{
  (void)g, (void)every;
}

void gc_get_consed(struct gc *g, struct gc_consed *out)
{
  const uint64_t *a = g->objects_allocated;
  *out = (struct gc_consed){a[HEAP_CONS], a[HEAP_FLOAT], g->vector_cells_allocated,
                            a[HEAP_SYMBOL], g->string_bytes_allocated, a[HEAP_STRING]};
}

void gc_get_stats(struct gc *g, struct gc_stats *out)
{
  memset(out, 0, sizeof *out);
  out->gcs_done = GC_get_gc_no();
  out->gc_elapsed = collections_elapsed;
  out->heap_bytes = GC_get_heap_size();
  out->external_bytes = g->external_bytes;
  out->gmp_bytes = g->gmp_bytes;
  out->bytes_since_gc = GC_get_bytes_since_gc();
  memcpy(out->objects_allocated, g->objects_allocated, sizeof out->objects_allocated);
  out->vector_cells_allocated = g->vector_cells_allocated;
  out->string_bytes_allocated = g->string_bytes_allocated;
}

void gc_set_finalizer(struct gc *g, enum pvec_type type, gc_finalizer_fn fn, void *ud)
{
  (void)g, (void)type, (void)fn, (void)ud;
}

void gc_set_after_collect(struct gc *g, gc_after_collect_fn fn, void *ud)
{
  g->after_collect = fn;
  g->after_collect_ud = ud;
  g->collections_seen = GC_get_gc_no();
}

void gc_set_before_collect(struct gc *g, gc_before_collect_fn fn, void *ud)
{
  g->before_collect = fn;
  g->before_collect_ud = ud;
}

struct heap *gc_heap(struct gc *g)
{
  (void)g;
  return NULL;
}

/* ================================================================== */
/* Findable objects                                                   */
/* ================================================================== */

/* A link whose object was collected, for reuse; NULL when all are taken. */
/* A link to reuse: the next never used in the newest chunk, else one
   whose object was collected.  Only a collection clears links, so the
   chunks are searched at most once between two collections. */
static GC_hidden_pointer *free_findable_link(struct gc *g)
{
  if (g->findable && g->findable_fresh < FINDABLE_PER_CHUNK)
    return &g->findable->link[g->findable_fresh++];
  if (g->findable_searched_at == GC_get_gc_no())
    return NULL;
  g->findable_searched_at = GC_get_gc_no();
  for (struct findable_chunk *c = g->findable; c; c = c->next)
    for (int i = 0; i < FINDABLE_PER_CHUNK; i++)
      if (!c->link[i])
        return &c->link[i];
  return NULL;
}

void gc_make_findable(struct gc *g, mval obj)
{
  GC_hidden_pointer *link = free_findable_link(g);
  if (!link) {
    struct findable_chunk *c = calloc(1, sizeof *c);
    if (!c)
      return; /* the baseline then misses this object, as before links */
    c->next = g->findable;
    g->findable = c;
    g->findable_fresh = 1;
    link = &c->link[0];
  }
  void *base = untag(obj);
  *link = GC_HIDE_POINTER(base);
  if (GC_general_register_disappearing_link((void **)link, base) == GC_NO_MEMORY)
    *link = 0;
}

struct findable_search {
  struct gc *g;
  int type;
  mval *out;
  size_t n, cap;
};

/* Under the allocation lock: a collection running in another thread
   could otherwise clear a link as it is read. */
static void *GC_CALLBACK search_findable(void *ud)
{
  struct findable_search *s = ud;
  for (struct findable_chunk *c = s->g->findable; c; c = c->next)
    for (int i = 0; i < FINDABLE_PER_CHUNK; i++) {
      if (!c->link[i])
        continue;
      mval obj = tag_ptr(GC_REVEAL_POINTER(c->link[i]), TAG_VECTORLIKE);
      if ((int)PVEC_TYPE(obj) != s->type)
        continue;
      if (s->n < s->cap)
        s->out[s->n] = obj;
      s->n++;
    }
  return NULL;
}

size_t gc_find_objects(struct gc *g, int type, mval *out, size_t cap)
{
  struct findable_search s = {g, type, out, 0, cap};
  GC_call_with_alloc_lock(search_findable, &s);
  return s.n;
}

static void forget_findable(struct gc *g)
{
  for (struct findable_chunk *c = g->findable, *next; c; c = next) {
    next = c->next;
    for (int i = 0; i < FINDABLE_PER_CHUNK; i++)
      if (c->link[i])
        GC_unregister_disappearing_link((void **)&c->link[i]);
    free(c);
  }
  g->findable = NULL;
}
