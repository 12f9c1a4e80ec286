/*
** gc.c -- layer 3: the collector and the allocation entry points.
**
** BOOTSTRAP VERSION: allocation works over calloc and nothing is ever
** collected (gc_collect only counts).  Every object is remembered so
** that gc_free releases it.  The real mark-sweep collector over heap.h
** replaces this file as soon as heap.c lands.
*/
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gc.h"

struct root {
  gc_root_fn fn;
  void *ud;
};

struct finalizer {
  gc_finalizer_fn fn;
  void *ud;
};

struct gc {
  struct gc_config cfg;
  struct symtab symtab;
  struct root *roots;
  size_t nroots, roots_cap;
  struct finalizer finalizers[PVEC_TYPE_COUNT];
  gc_memory_full_fn memory_full;
  void *memory_full_ud;
  int inhibit;
  struct gc_stats stats;
  /* bootstrap only: every object allocated, freed by gc_free */
  void **objects;
  size_t nobjects, objects_cap;
};

void gc_config_defaults(struct gc_config *cfg)
{
  memset(cfg, 0, sizeof *cfg);
  cfg->cons_threshold = 800000;
  cfg->cons_percentage = 0.1;
  cfg->policy = VECTOR_POLICY_HINT;
  const char *s = getenv("MARROW_GC_LOG");
  cfg->log = s && *s && strcmp(s, "0") != 0;
  s = getenv("MARROW_GC_STRESS");
  cfg->stress = s && *s && strcmp(s, "0") != 0;
  s = getenv("MARROW_HEAP_LIMIT");
  if (s && *s)
    cfg->heap_limit = strtoull(s, NULL, 10);
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
  return g;
}

void gc_free(struct gc *g)
{
  if (!g)
    return;
  for (uint32_t i = 0; i < g->symtab.count; i++) {
    struct symbol *s = g->symtab.at[i];
    (void)s;
  }
  for (size_t i = 0; i < g->nobjects; i++)
    free(g->objects[i]);
  free(g->objects);
  free(g->symtab.at);
  free(g->roots);
  free(g);
}

void gc_set_memory_full_handler(struct gc *g, gc_memory_full_fn fn, void *ud)
{
  g->memory_full = fn;
  g->memory_full_ud = ud;
}

struct symtab *gc_symtab(struct gc *g) { return &g->symtab; }

static _Noreturn void out_of_memory(struct gc *g)
{
  if (g->memory_full)
    g->memory_full(g, g->memory_full_ud);
  fputs("marrow: out of memory\n", stderr);
  _Exit(255);
}

static void *remember(struct gc *g, void *p)
{
  if (!p)
    out_of_memory(g);
  if (g->nobjects == g->objects_cap) {
    size_t cap = g->objects_cap ? g->objects_cap * 2 : 1024;
    void **o = realloc(g->objects, cap * sizeof *o);
    if (!o) {
      free(p);
      out_of_memory(g);
    }
    g->objects = o;
    g->objects_cap = cap;
  }
  g->objects[g->nobjects++] = p;
  return p;
}

mval gc_cons(struct gc *g, mval car, mval cdr)
{
  struct cons *c = remember(g, calloc(1, sizeof *c));
  c->car = car;
  c->cdr = cdr;
  g->stats.objects_allocated[HEAP_CONS]++;
  return tag_ptr(c, TAG_CONS);
}

mval gc_float(struct gc *g, double d)
{
  double *p = remember(g, calloc(1, 16));
  *p = d;
  g->stats.objects_allocated[HEAP_FLOAT]++;
  return tag_ptr(p, TAG_FLOAT);
}

mval gc_symbol(struct gc *g)
{
  struct symtab *t = &g->symtab;
  if (t->count == t->cap) {
    uint32_t cap = t->cap ? t->cap * 2 : 1024;
    struct symbol **a = realloc(t->at, cap * sizeof *a);
    if (!a)
      out_of_memory(g);
    t->at = a;
    t->cap = cap;
  }
  struct symbol *s = remember(g, calloc(1, sizeof *s));
  s->index = t->count;
  s->name = Qnil;
  s->value = Qunbound;
  s->function = Qnil;
  s->plist = Qnil;
  t->at[t->count++] = s;
  g->stats.objects_allocated[HEAP_SYMBOL]++;
  return MAKE_SYMBOL(s->index);
}

mval gc_string(struct gc *g, size_t nbytes)
{
  struct string *s = remember(g, calloc(1, sizeof *s));
  s->data = remember(g, calloc(1, nbytes + 1));
  s->nbytes = (int64_t)nbytes;
  s->nchars = (int64_t)nbytes;
  g->stats.objects_allocated[HEAP_STRING]++;
  return tag_ptr(s, TAG_STRING);
}

mval gc_vectorlike(struct gc *g, enum pvec_type type, size_t nwords, size_t nlisp)
{
  if (nwords < 1 || nlisp > nwords - 1 || nwords > VL_MAX_WORDS)
    out_of_memory(g);
  struct vectorlike *v = remember(g, calloc(nwords, 8));
  v->header = vl_make_header(type, nwords, nlisp);
  for (size_t i = 0; i < nlisp; i++)
    v->slots[i] = Qnil;
  g->stats.objects_allocated[HEAP_VECTOR]++;
  return tag_ptr(v, TAG_VECTORLIKE);
}

void *gc_xmalloc(struct gc *g, size_t n)
{
  void *p = malloc(n ? n : 1);
  if (p)
    g->stats.external_bytes += n;
  return p;
}

void *gc_xrealloc(struct gc *g, void *p, size_t oldn, size_t newn)
{
  void *q = realloc(p, newn ? newn : 1);
  if (q)
    g->stats.external_bytes += newn - oldn;
  return q;
}

void gc_xfree(struct gc *g, void *p, size_t n)
{
  if (!p)
    return;
  free(p);
  g->stats.external_bytes -= n;
}

void *gc_xmalloc_or_die(struct gc *g, size_t n)
{
  void *p = gc_xmalloc(g, n);
  if (!p)
    out_of_memory(g);
  return p;
}

void gc_collect(struct gc *g, const char *reason)
{
  (void)reason;
  g->stats.gcs_done++;
}

void gc_maybe_collect(struct gc *g) { (void)g; }

void gc_inhibit(struct gc *g, bool on) { g->inhibit += on ? 1 : -1; }

void gc_add_roots(struct gc *g, gc_root_fn fn, void *ud)
{
  if (g->nroots == g->roots_cap) {
    size_t cap = g->roots_cap ? g->roots_cap * 2 : 16;
    struct root *r = realloc(g->roots, cap * sizeof *r);
    if (!r)
      out_of_memory(g);
    g->roots = r;
    g->roots_cap = cap;
  }
  g->roots[g->nroots++] = (struct root){fn, ud};
}

void gc_remove_roots(struct gc *g, gc_root_fn fn, void *ud)
{
  for (size_t i = 0; i < g->nroots; i++)
    if (g->roots[i].fn == fn && g->roots[i].ud == ud) {
      g->roots[i] = g->roots[--g->nroots];
      return;
    }
}

void gc_mark(struct gc *g, mval v) { (void)g, (void)v; }
void gc_mark_array(struct gc *g, const mval *v, size_t n) { (void)g, (void)v, (void)n; }
void gc_attach_thread(struct gc *g) { (void)g; }

void gc_set_threshold(struct gc *g, size_t bytes, double percentage)
{
  g->cfg.cons_threshold = bytes;
  g->cfg.cons_percentage = percentage;
}
void gc_set_policy(struct gc *g, enum vector_policy p) { g->cfg.policy = p; }
enum vector_policy gc_policy(struct gc *g) { return g->cfg.policy; }
void gc_set_log(struct gc *g, bool on) { g->cfg.log = on; }
void gc_set_stress(struct gc *g, bool on) { g->cfg.stress = on; }
void gc_set_heap_limit(struct gc *g, size_t bytes) { g->cfg.heap_limit = bytes; }

void gc_get_stats(struct gc *g, struct gc_stats *out) { *out = g->stats; }

void gc_note_gmp(struct gc *g, ptrdiff_t delta)
{
  g->stats.gmp_bytes += (size_t)delta;
}

void gc_set_finalizer(struct gc *g, enum pvec_type type, gc_finalizer_fn fn, void *ud)
{
  g->finalizers[type] = (struct finalizer){fn, ud};
}

struct heap *gc_heap(struct gc *g) { (void)g; return NULL; }

void gc_set_after_collect(struct gc *g, gc_after_collect_fn fn, void *ud)
{
  (void)g, (void)fn, (void)ud;
}
