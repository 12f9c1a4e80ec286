/*
** check_gc.c -- the collector (layer 3): reachability, roots, deep
** structures, triggering, statistics, the symbol table, outside memory,
** the heap limit, fault injection and the switches of issue 6.
**
** Most tests drive a bare collector (gc_new) with no runtime; a few use
** runtime_open where interned symbols and the runtime's roots matter.
** Every test checks heap_verify after its collections.
**
** Conservative scanning keeps whatever a stale stack word points to, so
** tests that expect an object to die first make it in a helper frame
** that is then overwritten (scrub_stack), and never keep its address in
** the clear.
*/
#include "config.h"

#include <check.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <ucontext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gc.h"
#include "runtime.h"

#define NOINLINE __attribute__((noinline))

/* ================================================================== */
/* Helpers                                                            */
/* ================================================================== */

/* A collector with the defaults minus whatever the environment says,
   except that GC stress is honoured only where a test allows it. */
static void quiet_config(struct gc_config *cfg)
{
  gc_config_defaults(cfg);
  cfg->log = false;
  cfg->heap_limit = 0;
  cfg->fail_alloc_every = 0;
}

static struct gc *new_gc_from(const struct gc_config *cfg)
{
  struct gc *g = gc_new(cfg);
  ck_assert_ptr_nonnull(g);
  return g;
}

static struct gc *new_gc(bool allow_stress)
{
  struct gc_config cfg;
  quiet_config(&cfg);
  if (!allow_stress)
    cfg.stress = false;
  return new_gc_from(&cfg);
}

static void assert_heap_ok(struct gc *g)
{
  char err[256] = "";
  bool ok = heap_verify(gc_heap(g), err, sizeof err);
  ck_assert_msg(ok, "heap_verify: %s", err);
}

static bool is_allocated(struct gc *g, uintptr_t addr)
{
  return heap_find_object(gc_heap(g), addr, NULL) != NULL;
}

/* Overwrite the dead part of the stack below the caller, so that stale
   copies of pointers there are not found by the conservative scan. */
#if defined(__SANITIZE_ADDRESS__)
#define NO_ASAN __attribute__((no_sanitize_address)) /* no redzones left unscrubbed */
#else
#define NO_ASAN
#endif

static NO_ASAN NOINLINE void scrub_stack(void)
{
  char junk[64 * 1024];
  memset(junk, 0, sizeof junk);
  __asm__ volatile("" : : "r"(junk) : "memory"); /* the stores must happen */
}

/* Addresses are kept disguised so that the test's own frame does not
   keep the objects alive. */
#define HIDE(p) ((uintptr_t)(p) ^ (uintptr_t)0x5a5a5a5a5a5a5a5aULL)
#define UNHIDE(h) ((uintptr_t)(h) ^ (uintptr_t)0x5a5a5a5a5a5a5a5aULL)

static NOINLINE void make_garbage_conses(struct gc *g, uintptr_t *hidden, size_t n)
{
  for (size_t i = 0; i < n; i++)
    hidden[i] = HIDE(untag(gc_cons(g, make_fixnum((int64_t)i), Qnil)));
}

static NOINLINE void collect_clean(struct gc *g)
{
  scrub_stack();
  gc_collect(g, "test");
}

/* Is the object behind a hidden address allocated?  Unhidden only in
   this frame, which is dead by the next collection. */
static NOINLINE bool hidden_allocated(struct gc *g, const volatile uintptr_t *hidden)
{
  return is_allocated(g, UNHIDE(*hidden));
}

static NOINLINE uintptr_t hide_value(mval v) { return HIDE(untag(v)); }

/* A malloc'd cell that a root function marks, for values a test must
   be able to drop for certain. */
static void mark_cell(struct gc *g, void *ud) { gc_mark(g, *(mval *)ud); }

static mval *new_root_cell(struct gc *g)
{
  mval *cell = malloc(sizeof *cell);
  *cell = Qnil;
  gc_add_roots(g, mark_cell, cell);
  return cell;
}

static void free_root_cell(struct gc *g, mval *cell)
{
  gc_remove_roots(g, mark_cell, cell);
  free(cell);
}

static size_t kind_used(struct gc *g, enum heap_kind k)
{
  struct gc_stats st;
  gc_get_stats(g, &st);
  return st.kinds[k].used;
}

/* ================================================================== */
/* Reachability                                                       */
/* ================================================================== */

START_TEST(local_survives)
{
  struct gc *g = new_gc(true);
  mval c = gc_cons(g, make_fixnum(1), make_fixnum(2));
  mval f = gc_float(g, 2.5);
  mval s = gc_string(g, 3);
  memcpy(XSTRING(s)->data, "abc", 3);
  mval v = gc_vectorlike(g, PVEC_VECTOR, 4, 3);
  gc_aset(g, v, 0, c);
  gc_aset(g, v, 1, f);
  mval big = gc_vectorlike(g, PVEC_VECTOR, 1000, 999);
  gc_aset(g, big, 998, s);
  collect_clean(g);
  collect_clean(g);
  ck_assert(is_allocated(g, (uintptr_t)untag(c)));
  ck_assert_int_eq(XFIXNUM(XCAR(c)), 1);
  ck_assert_int_eq(XFIXNUM(XCDR(c)), 2);
  ck_assert(XFLOAT(f) == 2.5);
  ck_assert_str_eq((char *)XSTRING(s)->data, "abc");
  ck_assert(AREF(v, 0) == c && AREF(v, 2) == Qnil);
  ck_assert(AREF(big, 998) == s);
  ck_assert(is_allocated(g, (uintptr_t)untag(big)));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* Every Lisp slot gets the fill or the copied value, whatever the
   length (the fill loop steps four at a time), and the raw words after
   them stay zero. */
START_TEST(vectorlike_fill_and_copy)
{
  struct gc *g = new_gc(true);
  mval src[9];
  for (int i = 0; i < 9; i++)
    src[i] = make_fixnum(100 + i);
  for (size_t n = 0; n <= 9; n++) {
    mval f = gc_vectorlike_fill(g, PVEC_RECORD, n + 3, n, make_fixnum(7));
    mval c = gc_vectorlike_copy(g, PVEC_VECTOR, n + 1, n, src);
    collect_clean(g);
    for (size_t i = 0; i < n; i++) {
      ck_assert(AREF(f, (int64_t)i) == make_fixnum(7));
      ck_assert(AREF(c, (int64_t)i) == src[i]);
    }
    ck_assert(AREF(f, (int64_t)n) == 0 && AREF(f, (int64_t)n + 1) == 0);
    ck_assert_int_eq(vl_header_words(XVL(f)->header), n + 3);
  }
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* Only the vector is held; what it holds survives through it. */
static NOINLINE mval make_nested(struct gc *g)
{
  mval v = gc_vectorlike(g, PVEC_VECTOR, 3, 2);
  gc_aset(g, v, 0, gc_cons(g, gc_float(g, 1.5), gc_string(g, 10)));
  gc_aset(g, v, 1, gc_vectorlike(g, PVEC_RECORD, 5, 1)); /* raw words after slot 0 */
  return v;
}

START_TEST(reachable_through_objects)
{
  struct gc *g = new_gc(true);
  mval v = make_nested(g);
  collect_clean(g);
  mval c = AREF(v, 0);
  ck_assert(CONSP(c));
  ck_assert(XFLOAT(XCAR(c)) == 1.5);
  ck_assert_int_eq(XSTRING(XCDR(c))->nbytes, 10);
  ck_assert(PVECP(AREF(v, 1), PVEC_RECORD));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

START_TEST(unreachable_freed_and_reused)
{
  enum { N = 5000 };
  struct gc *g = new_gc(false);
  static uintptr_t hidden[N];
  size_t used0 = kind_used(g, HEAP_CONS);
  make_garbage_conses(g, hidden, N);
  ck_assert_uint_eq(kind_used(g, HEAP_CONS), used0 + N);
  struct gc_stats st;
  gc_get_stats(g, &st);
  size_t blocks = st.kinds[HEAP_CONS].blocks;
  collect_clean(g);
  size_t dead = 0;
  for (size_t i = 0; i < N; i++)
    dead += !is_allocated(g, UNHIDE(hidden[i]));
  ck_assert_uint_ge(dead, N - 16); /* a stray stack word may keep a few */
  /* Allocating as many again reuses their memory: no new blocks. */
  size_t reused = 0;
  for (size_t i = 0; i < N; i++) {
    uintptr_t p = (uintptr_t)untag(gc_cons(g, Qnil, Qnil));
    for (size_t j = 0; j < N && !reused; j++)
      reused += UNHIDE(hidden[j]) == p;
  }
  ck_assert_uint_gt(reused, 0);
  gc_get_stats(g, &st);
  ck_assert_uint_le(st.kinds[HEAP_CONS].blocks, blocks);
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

static NOINLINE uintptr_t make_garbage_vector(struct gc *g, size_t nwords)
{
  return HIDE(untag(gc_vectorlike(g, PVEC_VECTOR, nwords, nwords - 1)));
}

START_TEST(unreachable_vectors_freed)
{
  struct gc *g = new_gc(false);
  volatile uintptr_t small = make_garbage_vector(g, 7);
  volatile uintptr_t large = make_garbage_vector(g, 5000);
  ck_assert(hidden_allocated(g, &small));
  ck_assert(hidden_allocated(g, &large));
  collect_clean(g);
  ck_assert(!hidden_allocated(g, &small));
  ck_assert(!hidden_allocated(g, &large));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* The conservative scan accepts interior pointers: a pointer into the
   middle of a vector keeps it. */
static NOINLINE mval *interior_of_new_vector(struct gc *g, uintptr_t *hidden)
{
  mval v = gc_vectorlike(g, PVEC_VECTOR, 20, 19);
  gc_aset(g, v, 10, make_fixnum(42));
  *hidden = HIDE(untag(v));
  return (mval *)&XVL(v)->slots[10];
}

START_TEST(interior_pointer_keeps_object)
{
  struct gc *g = new_gc(true);
  uintptr_t hidden;
  mval *volatile slot = interior_of_new_vector(g, &hidden);
  collect_clean(g);
  ck_assert(is_allocated(g, UNHIDE(hidden)));
  ck_assert(*slot == make_fixnum(42));
  gc_free(g);
}
END_TEST

/* ================================================================== */
/* Roots                                                              */
/* ================================================================== */

struct root_box {
  mval vals[4];
  int calls;
};

static void mark_box(struct gc *g, void *ud)
{
  struct root_box *b = ud;
  b->calls++;
  gc_mark_array(g, b->vals, 3);
  gc_mark(g, b->vals[3]);
}

static NOINLINE void fill_box(struct gc *g, struct root_box *b)
{
  mval list = Qnil;
  for (int i = 0; i < 1000; i++)
    list = gc_cons(g, make_fixnum(i), list);
  b->vals[0] = list;
  b->vals[1] = gc_float(g, -1.0);
  b->vals[2] = make_fixnum(7);
  b->vals[3] = gc_vectorlike(g, PVEC_VECTOR, 2, 1);
  gc_aset(g, b->vals[3], 0, gc_string(g, 5));
}

static NOINLINE void check_box(struct root_box *box)
{
  int n = 0;
  for (mval l = box->vals[0]; CONSP(l); l = XCDR(l))
    ck_assert_int_eq(XFIXNUM(XCAR(l)), 999 - n++);
  ck_assert_int_eq(n, 1000);
  ck_assert(XFLOAT(box->vals[1]) == -1.0);
  ck_assert_int_eq(XSTRING(AREF(box->vals[3], 0))->nbytes, 5);
}

START_TEST(root_function_keeps_objects)
{
  struct gc *g = new_gc(true);
  struct root_box *box = calloc(1, sizeof *box);
  gc_add_roots(g, mark_box, box);
  fill_box(g, box);
  collect_clean(g);
  ck_assert_int_ge(box->calls, 1);
  check_box(box);
  assert_heap_ok(g);

  /* Once the root is removed, everything goes. */
  volatile uintptr_t head = hide_value(box->vals[0]);
  memset(box->vals, 0, sizeof box->vals);
  gc_remove_roots(g, mark_box, box);
  int calls = box->calls;
  collect_clean(g);
  ck_assert_int_eq(box->calls, calls);
  ck_assert(!hidden_allocated(g, &head));
  free(box);
  gc_free(g);
}
END_TEST

/* ================================================================== */
/* Deep and long structures                                           */
/* ================================================================== */

enum { LONG_LIST = 10 * 1000 * 1000 };

static NOINLINE void build_long_list(struct gc *g, mval *cell)
{
  for (int i = 0; i < LONG_LIST; i++)
    *cell = gc_cons(g, make_fixnum(i), *cell);
}

static NOINLINE size_t list_length_of(const mval *cell)
{
  size_t n = 0;
  for (mval l = *cell; CONSP(l); l = XCDR(l))
    n++;
  return n;
}

START_TEST(ten_million_long_list)
{
  struct gc *g = new_gc(false);
  mval *cell = new_root_cell(g);
  build_long_list(g, cell);
  collect_clean(g);
  ck_assert_uint_ge(kind_used(g, HEAP_CONS), LONG_LIST);
  ck_assert_uint_eq(list_length_of(cell), LONG_LIST);
  assert_heap_ok(g);
  *cell = Qnil;
  collect_clean(g);
  ck_assert_uint_lt(kind_used(g, HEAP_CONS), 1000);
  free_root_cell(g, cell);
  gc_free(g);
}
END_TEST

START_TEST(million_deep_car_chain)
{
  enum { N = 1000 * 1000 };
  struct gc *g = new_gc(false);
  mval chain = Qnil;
  for (int i = 0; i < N; i++)
    chain = gc_cons(g, chain, Qnil);
  mval vchain = Qnil; /* and through vectors */
  for (int i = 0; i < N / 10; i++) {
    mval v = gc_vectorlike(g, PVEC_VECTOR, 3, 2);
    gc_aset(g, v, 0, vchain);
    gc_aset(g, v, 1, make_fixnum(i));
    vchain = v;
  }
  gc_collect(g, "test");
  size_t depth = 0;
  for (mval l = chain; CONSP(l); l = XCAR(l))
    depth++;
  ck_assert_uint_eq(depth, N);
  depth = 0;
  for (mval v = vchain; VECTORP(v); v = AREF(v, 0))
    depth++;
  ck_assert_uint_eq(depth, N / 10);
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* A bushy tree whose marking needs a real stack, marked with a stack of
   four entries: overflow recovery by rescanning the heap. */
static mval make_tree(struct gc *g, int depth)
{
  if (depth == 0)
    return make_fixnum(1);
  mval l = make_tree(g, depth - 1);
  mval r = make_tree(g, depth - 1);
  mval v = gc_vectorlike(g, PVEC_VECTOR, 3, 2);
  gc_aset(g, v, 0, l);
  gc_aset(g, v, 1, gc_cons(g, r, gc_string(g, 1)));
  return v;
}

static size_t count_tree(mval t)
{
  if (!VECTORP(t))
    return 0;
  return 1 + count_tree(AREF(t, 0)) + count_tree(XCAR(AREF(t, 1)));
}

/* A collector whose mark stacks may hold four entries, so marking
   overflows and must recover by rescanning. */
static struct gc *gc_with_tiny_mark_stacks(void)
{
  struct gc_config cfg;
  gc_config_defaults(&cfg);
  cfg.stress = false;
  cfg.log = false;
  cfg.mark_stack_limit = 4;
  return gc_new(&cfg);
}

START_TEST(mark_stack_overflow_recovers)
{
  struct gc *g = gc_with_tiny_mark_stacks();
  mval tree = make_tree(g, 14);
  collect_clean(g);
  ck_assert_uint_eq(count_tree(tree), (1u << 14) - 1);
  ck_assert_uint_eq(kind_used(g, HEAP_CONS), (1u << 14) - 1);
  ck_assert_uint_eq(kind_used(g, HEAP_STRING), (1u << 14) - 1);
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* The same for the stack of single values: each cons of this tree
   leaves its car for later, so the right spine alone overflows four. */
static mval make_cons_tree(struct gc *g, int depth)
{
  if (depth == 0)
    return gc_cons(g, Qnil, Qnil);
  mval l = make_cons_tree(g, depth - 1);
  mval r = make_cons_tree(g, depth - 1);
  return gc_cons(g, l, r);
}

static size_t count_cons_tree(mval t)
{
  if (!CONSP(XCAR(t)))
    return 1;
  return 1 + count_cons_tree(XCAR(t)) + count_cons_tree(XCDR(t));
}

START_TEST(value_stack_overflow_recovers)
{
  struct gc *g = gc_with_tiny_mark_stacks();
  mval tree = make_cons_tree(g, 12);
  collect_clean(g);
  ck_assert_uint_eq(count_cons_tree(tree), (1u << 13) - 1);
  ck_assert_uint_eq(kind_used(g, HEAP_CONS), (1u << 13) - 1);
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* ================================================================== */
/* Other threads and other stacks                                     */
/* ================================================================== */

struct thread_job {
  struct gc *g;
  size_t length;
  uint64_t gcs;
};

static void *collect_in_thread(void *ud)
{
  struct thread_job *job = ud;
  gc_attach_thread(job->g);
  mval list = Qnil;
  for (int i = 0; i < 100000; i++)
    list = gc_cons(job->g, gc_float(job->g, i), list);
  gc_collect(job->g, "thread");
  struct gc_stats st;
  gc_get_stats(job->g, &st);
  job->gcs = st.gcs_done;
  job->length = list_length_of(&list);
  return NULL;
}

/* A runtime may move to another thread: its stack is found there. */
START_TEST(collects_on_another_thread)
{
  struct gc *g = new_gc(false);
  struct thread_job job = {g, 0, 0};
  pthread_t t;
  ck_assert_int_eq(pthread_create(&t, NULL, collect_in_thread, &job), 0);
  pthread_join(t, NULL);
  ck_assert_uint_eq(job.length, 100000);
  ck_assert_uint_ge(job.gcs, 1);
  gc_attach_thread(g);
  mval c = gc_cons(g, make_fixnum(3), Qnil);
  collect_clean(g);
  ck_assert(XCAR(c) == make_fixnum(3));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

static struct gc *coroutine_gc;
static ucontext_t coroutine_ctx, main_ctx;
static volatile size_t coroutine_length;

static void coroutine_body(void)
{
  struct gc *g = coroutine_gc;
  mval list = Qnil;
  for (int i = 0; i < 1000; i++)
    list = gc_cons(g, make_fixnum(i), list);
  gc_collect(g, "coroutine"); /* roots unknown here: skipped, not wrong */
  coroutine_length = list_length_of(&list);
}

START_TEST(no_collection_on_unknown_stack)
{
  struct gc *g = new_gc(false);
  coroutine_gc = g;
  size_t size = 256 * 1024;
  void *stack = malloc(size);
  getcontext(&coroutine_ctx);
  coroutine_ctx.uc_stack.ss_sp = stack;
  coroutine_ctx.uc_stack.ss_size = size;
  coroutine_ctx.uc_link = &main_ctx;
  makecontext(&coroutine_ctx, coroutine_body, 0);
  swapcontext(&main_ctx, &coroutine_ctx);
  ck_assert_uint_eq(coroutine_length, 1000);
  struct gc_stats st;
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.gcs_done, 0);
  free(stack);
  gc_collect(g, "back");
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.gcs_done, 1);
  gc_free(g);
}
END_TEST

/* ================================================================== */
/* Triggering                                                         */
/* ================================================================== */

START_TEST(trigger_by_threshold)
{
  struct gc *g = new_gc(false);
  gc_set_threshold(g, 100000, 0.1);
  struct gc_stats st;
  gc_get_stats(g, &st);
  uint64_t gcs = st.gcs_done;
  size_t bytes = 0;
  while (true) {
    gc_cons(g, Qnil, Qnil);
    gc_get_stats(g, &st);
    if (st.gcs_done != gcs)
      break;
    bytes += 16;
    ck_assert_uint_le(bytes, 200000);
  }
  /* It collects at the first allocation after the tally reached it. */
  ck_assert_uint_ge(bytes, 100000);
  ck_assert_uint_le(bytes, 100000 + 16);
  gc_free(g);
}
END_TEST

START_TEST(trigger_by_percentage)
{
  struct gc *g = new_gc(false);
  gc_set_threshold(g, 1000, 0.5);
  /* About 1.6 MB live: the trigger is half of it. */
  mval list = Qnil;
  gc_inhibit(g, true);
  for (int i = 0; i < 100000; i++)
    list = gc_cons(g, make_fixnum(i), list);
  gc_inhibit(g, false);
  gc_collect(g, "test");
  struct gc_stats st;
  gc_get_stats(g, &st);
  ck_assert_uint_ge(st.live_bytes_after_gc, 1600000);
  size_t expect = (size_t)(0.5 * (double)st.live_bytes_after_gc);
  uint64_t gcs = st.gcs_done;
  size_t bytes = 0;
  while (st.gcs_done == gcs) {
    gc_float(g, 1.0);
    bytes += st.kinds[HEAP_FLOAT].object_size;
    gc_get_stats(g, &st);
    ck_assert_uint_le(bytes, 2 * expect);
  }
  ck_assert_uint_ge(bytes, expect);
  ck_assert_uint_le(bytes, expect + 64);
  ck_assert(CONSP(list));
  gc_free(g);
}
END_TEST

START_TEST(external_bytes_count_toward_trigger)
{
  struct gc *g = new_gc(false);
  gc_set_threshold(g, 100000, 0.1);
  struct gc_stats st;
  gc_get_stats(g, &st);
  uint64_t gcs = st.gcs_done;
  void *p = gc_xmalloc(g, 150000); /* no collection inside gc_xmalloc */
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.gcs_done, gcs);
  ck_assert_uint_ge(st.bytes_since_gc, 150000);
  gc_maybe_collect(g); /* a safe point: it is due */
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.gcs_done, gcs + 1);
  gc_xfree(g, p, 150000);
  gc_free(g);
}
END_TEST

START_TEST(inhibit_nests)
{
  struct gc *g = new_gc(false);
  struct gc_stats st;
  gc_inhibit(g, true);
  gc_inhibit(g, true);
  gc_collect(g, "test");
  gc_inhibit(g, false);
  gc_collect(g, "test");
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.gcs_done, 0);
  gc_inhibit(g, false);
  gc_collect(g, "test");
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.gcs_done, 1);
  gc_free(g);
}
END_TEST

START_TEST(stress_collects_every_allocation)
{
  struct gc *g = new_gc(false);
  gc_set_stress(g, true);
  mval list = Qnil;
  for (int i = 0; i < 300; i++) {
    list = gc_cons(g, gc_float(g, i), list);
    if (i % 3 == 0)
      list = gc_cons(g, gc_string(g, (size_t)i), list);
  }
  struct gc_stats st;
  gc_get_stats(g, &st);
  ck_assert_uint_ge(st.gcs_done, 400);
  int floats = 0;
  for (mval l = list; CONSP(l); l = XCDR(l))
    if (FLOATP(XCAR(l)))
      ck_assert(XFLOAT(XCAR(l)) == 299 - floats++);
  ck_assert_int_eq(floats, 300);
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* ================================================================== */
/* Statistics, hooks and the log                                      */
/* ================================================================== */

static void count_collections(struct gc *g, void *ud)
{
  (*(int *)ud)++;
  gc_cons(g, Qnil, Qnil); /* the hook may allocate: collection is inhibited */
}

START_TEST(stats_after_collections)
{
  struct gc *g = new_gc(false);
  int hook_calls = 0;
  gc_set_after_collect(g, count_collections, &hook_calls);
  mval keep = Qnil;
  for (int i = 0; i < 100; i++)
    keep = gc_cons(g, gc_float(g, i), keep);
  mval sv = gc_vectorlike(g, PVEC_VECTOR, 10, 9);
  mval lv = gc_vectorlike(g, PVEC_VECTOR, 1000, 999);
  collect_clean(g);
  collect_clean(g);
  struct gc_stats st;
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.gcs_done, 2);
  ck_assert_int_eq(hook_calls, 2);
  ck_assert(st.gc_elapsed >= st.last_mark_time + st.last_sweep_time);
  ck_assert(st.mark_time > 0 && st.sweep_time >= 0);
  ck_assert_uint_eq(st.bytes_since_gc, 16); /* the hook's cons */
  /* Live counts: at least ours, at most a few more (hook conses). */
  ck_assert_uint_ge(st.kinds[HEAP_CONS].used, 100);
  ck_assert_uint_le(st.kinds[HEAP_CONS].used, 104);
  ck_assert_uint_eq(st.kinds[HEAP_FLOAT].used, 100);
  ck_assert_uint_eq(st.kinds[HEAP_VECTOR].used, 1);
  ck_assert_uint_eq(st.kinds[HEAP_LARGE].used, 1);
  ck_assert_uint_eq(st.objects_allocated[HEAP_FLOAT], 100);
  ck_assert_uint_eq(st.objects_allocated[HEAP_VECTOR], 1);
  ck_assert_uint_eq(st.objects_allocated[HEAP_LARGE], 1);
  ck_assert_uint_gt(st.heap_bytes, 0);
  ck_assert(CONSP(keep) && VECTORP(sv) && VECTORP(lv));
  gc_free(g);
}
END_TEST

START_TEST(log_line_per_collection)
{
  struct gc *g = new_gc(false);
  gc_set_log(g, true);
  fflush(stderr);
  int saved = dup(2);
  FILE *tmp = tmpfile();
  dup2(fileno(tmp), 2);
  gc_collect(g, "test-reason");
  gc_collect(g, "again");
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  char buf[4096] = "";
  rewind(tmp);
  size_t n = fread(buf, 1, sizeof buf - 1, tmp);
  buf[n] = 0;
  fclose(tmp);
  ck_assert_msg(strstr(buf, "gc 1 (test-reason)") != NULL, "log: %s", buf);
  ck_assert_msg(strstr(buf, "gc 2 (again)") != NULL, "log: %s", buf);
  ck_assert(strstr(buf, "mark ") && strstr(buf, "sweep ") && strstr(buf, "policy "));
  ck_assert(strstr(buf, "cons ") && strstr(buf, "blocks freed"));
  int lines = 0;
  for (char *p = buf; *p; p++)
    lines += *p == '\n';
  ck_assert_int_eq(lines, 2);
  gc_free(g);
}
END_TEST

/* ================================================================== */
/* Symbols                                                            */
/* ================================================================== */

START_TEST(symbol_indices_in_order)
{
  struct gc *g = new_gc(true);
  for (uint64_t i = 0; i < 50; i++) {
    mval s = gc_symbol(g);
    ck_assert_uint_eq(SYMBOL_INDEX(s), i);
    struct symbol *sym = gc_symtab(g)->at[i];
    ck_assert_uint_eq(sym->index, i);
    ck_assert(sym->value == Qunbound && sym->function == Qnil && sym->plist == Qnil);
    sym->interned = 1;
  }
  collect_clean(g);
  for (uint32_t i = 0; i < 50; i++)
    ck_assert_ptr_nonnull(gc_symtab(g)->at[i]);
  gc_free(g);
}
END_TEST

static NOINLINE void make_uninterned(struct gc *g, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    mval s = gc_symbol(g);
    SYMBOL_SET(g, gc_symtab(g)->at[SYMBOL_INDEX(s)], name, gc_string(g, 4));
  }
}

START_TEST(symbol_slots_reused)
{
  struct gc *g = new_gc(false);
  /* Interned symbols 0..99 are roots, with values to keep; so are the
     slots of the builtin symbols, below SYMI_COUNT_, which C code names
     by index whether interned or not. */
  for (int i = 0; i < 100; i++) {
    mval s = gc_symbol(g);
    struct symbol *sym = gc_symtab(g)->at[SYMBOL_INDEX(s)];
    sym->interned = 1;
    SYMBOL_SET(g, sym, value, gc_cons(g, make_fixnum(i), Qnil));
  }
  make_uninterned(g, 1000);
  struct symtab *t = gc_symtab(g);
  ck_assert_uint_eq(t->count, 1100);
  collect_clean(g);
  size_t freed = 0;
  for (uint32_t i = 100; i < SYMI_COUNT_; i++)
    ck_assert_ptr_nonnull(t->at[i]);
  for (uint32_t i = SYMI_COUNT_; i < 1100; i++)
    freed += t->at[i] == NULL;
  ck_assert_uint_ge(freed, 1100 - SYMI_COUNT_ - 10);
  for (uint32_t i = 0; i < 100; i++)
    ck_assert(XCAR(t->at[i]->value) == make_fixnum(i));
  /* New symbols take freed slots before growing the table. */
  for (size_t i = 0; i < freed; i++) {
    mval s = gc_symbol(g);
    ck_assert_uint_ge(SYMBOL_INDEX(s), SYMI_COUNT_);
    ck_assert_uint_lt(SYMBOL_INDEX(s), 1100);
  }
  ck_assert_uint_eq(t->count, 1100);
  ck_assert_uint_eq(SYMBOL_INDEX(gc_symbol(g)), 1100);
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

START_TEST(symbol_held_by_tagged_word)
{
  struct gc *g = new_gc(true);
  for (int i = 0; i < 2000; i++)
    gc_symbol(g);
  mval s = gc_symbol(g); /* only this tagged word refers to it */
  struct symbol *sym = gc_symtab(g)->at[SYMBOL_INDEX(s)];
  SYMBOL_SET(g, sym, plist, gc_cons(g, make_fixnum(5), Qnil));
  sym = NULL;
  collect_clean(g);
  ck_assert_ptr_nonnull(gc_symtab(g)->at[SYMBOL_INDEX(s)]);
  ck_assert(XCAR(gc_symtab(g)->at[SYMBOL_INDEX(s)]->plist) == make_fixnum(5));
  gc_free(g);
}
END_TEST

/* ================================================================== */
/* Outside memory                                                     */
/* ================================================================== */

static NOINLINE void make_garbage_strings(struct gc *g, int n)
{
  for (int i = 0; i < n; i++)
    gc_string(g, (size_t)(i % 300));
}

START_TEST(external_bytes_back_to_baseline)
{
  struct gc *g = new_gc(false);
  struct gc_stats st;
  gc_get_stats(g, &st);
  size_t base = st.external_bytes;
  mval *keep = new_root_cell(g);
  *keep = gc_string(g, 1000);
  make_garbage_strings(g, 3000);
  gc_get_stats(g, &st);
  ck_assert_uint_gt(st.external_bytes, base + 3000 * 100);
  collect_clean(g);
  gc_get_stats(g, &st);
  ck_assert_uint_le(st.external_bytes, base + 1001 + 16 * 300);
  ck_assert_uint_ge(st.external_bytes, base + 1001);
  *keep = Qnil;
  collect_clean(g);
  gc_get_stats(g, &st);
  ck_assert_uint_le(st.external_bytes, base + 16 * 300);
  free_root_cell(g, keep);
  void *p = gc_xmalloc(g, 100);
  p = gc_xrealloc(g, p, 100, 5000);
  gc_get_stats(g, &st);
  ck_assert_uint_ge(st.external_bytes, base + 5000);
  gc_xfree(g, p, 5000);
  gc_note_gmp(g, 64);
  gc_note_gmp(g, -64);
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.gmp_bytes, 0);
  gc_free(g);
}
END_TEST

struct finalized {
  int count;
};

static void count_finalized(struct gc *g, struct vectorlike *obj, void *ud)
{
  (void)g;
  ck_assert_int_eq(vl_header_type(obj->header), PVEC_OPAQUE);
  ((struct finalized *)ud)->count++;
}

static NOINLINE void make_opaque(struct gc *g, int n)
{
  for (int i = 0; i < n; i++)
    gc_vectorlike(g, PVEC_OPAQUE, i % 2 ? 4 : 400, 0);
}

START_TEST(finalizers_run_for_dead_objects)
{
  struct gc *g = new_gc(false);
  struct finalized f = {0};
  gc_set_finalizer(g, PVEC_OPAQUE, count_finalized, &f);
  make_opaque(g, 100);
  collect_clean(g);
  ck_assert_int_ge(f.count, 95);
  /* gc_free finalizes whatever is left. */
  make_opaque(g, 10);
  int before = f.count;
  gc_free(g);
  ck_assert_int_ge(f.count, before + 10);
  ck_assert_int_le(f.count, 110);
}
END_TEST

/* ================================================================== */
/* Memory: host allocator, heap limit, fault injection                */
/* ================================================================== */

struct meter {
  size_t live_bytes, allocs;
};

static void *meter_alloc(void *ud, size_t align, size_t n)
{
  struct meter *m = ud;
  void *p;
  if (posix_memalign(&p, align < sizeof(void *) ? sizeof(void *) : align, n))
    return NULL;
  m->live_bytes += n;
  m->allocs++;
  return p;
}

static void meter_free(void *ud, void *p, size_t n)
{
  struct meter *m = ud;
  m->live_bytes -= n;
  free(p);
}

START_TEST(host_allocator_gets_everything_back)
{
  struct meter m = {0};
  struct heap_allocator a = {meter_alloc, meter_free, &m};
  struct gc_config cfg;
  gc_config_defaults(&cfg);
  cfg.allocator = &a;
  cfg.log = false;
  cfg.fail_alloc_every = 0;
  cfg.heap_limit = 0;
  struct gc *g = gc_new(&cfg);
  mval keep = Qnil;
  for (int i = 0; i < 20000; i++) {
    keep = gc_cons(g, gc_string(g, (size_t)(i % 50)), keep);
    if (i % 100 == 0)
      keep = gc_cons(g, gc_vectorlike(g, PVEC_VECTOR, 1 + (size_t)i % 700, (size_t)i % 700), keep);
  }
  ck_assert_uint_gt(m.live_bytes, 0);
  ck_assert(CONSP(keep));
  gc_free(g);
  ck_assert_uint_eq(m.live_bytes, 0);
}
END_TEST

struct oom {
  jmp_buf jmp;
  int calls;
};

static void oom_longjmp(struct gc *g, void *ud)
{
  (void)g;
  struct oom *o = ud;
  o->calls++;
  longjmp(o->jmp, 1);
}

static void mark_list_root(struct gc *g, void *ud) { gc_mark(g, *(mval *)ud); }

static size_t list_length(mval l)
{
  size_t n = 0;
  for (; CONSP(l); l = XCDR(l))
    n++;
  return n;
}

/* Fails from deeper in the C stack than any failure before. */
static NOINLINE int deep_huge_request(struct gc *g, int depth)
{
  volatile char frame[64]; /* a real frame at each level */
  frame[0] = (char)depth;
  if (depth > 0)
    return deep_huge_request(g, depth - 1) + frame[0];
  gc_cons(g, Qnil, Qnil);
  gc_vectorlike(g, PVEC_VECTOR, 1000000, 999999);
  return frame[0];
}

START_TEST(heap_limit_calls_memory_full)
{
  struct gc *g = new_gc(false);
  struct oom *o = calloc(1, sizeof *o);
  mval *list = calloc(1, sizeof *list);
  *list = Qnil;
  gc_add_roots(g, mark_list_root, list);
  gc_set_memory_full_handler(g, oom_longjmp, o);
  struct gc_stats st;
  gc_get_stats(g, &st);
  gc_set_heap_limit(g, st.heap_bytes + st.external_bytes + 2 * 1024 * 1024);
  volatile size_t made = 0;
  if (setjmp(o->jmp) == 0) {
    for (;;) {
      *list = gc_cons(g, gc_string(g, 100), *list);
      made = made + 1;
      ck_assert_uint_lt(made, 1000000);
    }
  }
  ck_assert_int_eq(o->calls, 1);
  ck_assert_uint_gt(made, 1000);
  assert_heap_ok(g);
  /* Everything reachable before is intact, and the runtime goes on:
     freeing half lets allocation continue. */
  ck_assert_uint_eq(list_length(*list), made);
  for (mval l = *list; CONSP(l); l = XCDR(l))
    ck_assert_int_eq(XSTRING(XCAR(l))->nbytes, 100);
  for (size_t i = 0; i < made / 2; i++)
    *list = XCDR(*list);
  collect_clean(g);
  for (int i = 0; i < 100; i++)
    *list = gc_cons(g, gc_string(g, 100), *list);
  assert_heap_ok(g);
  /* A request larger than the limit fails at once, and again. */
  if (setjmp(o->jmp) == 0)
    gc_vectorlike(g, PVEC_VECTOR, 1000000, 999999);
  ck_assert_int_eq(o->calls, 2);
  if (setjmp(o->jmp) == 0)
    gc_vectorlike(g, PVEC_VECTOR, 1000000, 999999);
  ck_assert_int_eq(o->calls, 3);
  if (setjmp(o->jmp) == 0)
    deep_huge_request(g, 100);
  ck_assert_int_eq(o->calls, 4);
  assert_heap_ok(g);
  gc_remove_roots(g, mark_list_root, list);
  gc_free(g);
  free(list);
  free(o);
}
END_TEST

START_TEST(fault_injection_every_nth)
{
  struct gc_config cfg;
  gc_config_defaults(&cfg);
  cfg.stress = false;
  cfg.log = false;
  cfg.heap_limit = 0;
  cfg.fail_alloc_every = 7;
  struct gc *g = gc_new(&cfg);
  ck_assert_ptr_nonnull(g);
  struct oom *o = calloc(1, sizeof *o);
  mval *list = calloc(1, sizeof *list);
  *list = Qnil;
  gc_add_roots(g, mark_list_root, list);
  gc_set_memory_full_handler(g, oom_longjmp, o);
  volatile size_t made = 0;
  volatile int rounds = 0;
  setjmp(o->jmp);
  while (rounds < 200 && made < 50000) {
    rounds = rounds + 1;
    *list = gc_cons(g, gc_string(g, 64), *list);
    made = made + 1;
  }
  ck_assert_int_gt(o->calls, 10);
  assert_heap_ok(g);
  ck_assert_uint_eq(list_length(*list), made);
  for (mval l = *list; CONSP(l); l = XCDR(l))
    ck_assert_int_eq(XSTRING(XCAR(l))->nbytes, 64);
  /* gc_xmalloc fails without calling the handler. */
  int calls = o->calls, nulls = 0;
  for (int i = 0; i < 70; i++) {
    void *p = gc_xmalloc(g, 10);
    nulls += p == NULL;
    gc_xfree(g, p, 10);
  }
  ck_assert_int_eq(o->calls, calls);
  ck_assert_int_ge(nulls, 9);
  gc_remove_roots(g, mark_list_root, list);
  gc_free(g);
  free(list);
  free(o);
}
END_TEST

/* ================================================================== */
/* Configuration                                                      */
/* ================================================================== */

START_TEST(config_from_environment)
{
  setenv("MARROW_VECTOR_POLICY", "bitmap", 1);
  setenv("MARROW_GC_LOG", "1", 1);
  setenv("MARROW_GC_STRESS", "1", 1);
  setenv("MARROW_HEAP_LIMIT", "12345678", 1);
  setenv("MARROW_FAIL_ALLOC", "9", 1);
  setenv("MARROW_GC_AGING", "0", 1);
  struct gc_config cfg;
  gc_config_defaults(&cfg);
  ck_assert(!cfg.aging && cfg.generational);
  ck_assert_int_eq(cfg.policy, VECTOR_POLICY_BITMAP);
  ck_assert(cfg.log && cfg.stress);
  ck_assert_uint_eq(cfg.heap_limit, 12345678);
  ck_assert_uint_eq(cfg.fail_alloc_every, 9);
  setenv("MARROW_VECTOR_POLICY", "nonsense", 1);
  setenv("MARROW_GC_LOG", "0", 1);
  unsetenv("MARROW_GC_STRESS");
  unsetenv("MARROW_HEAP_LIMIT");
  unsetenv("MARROW_FAIL_ALLOC");
  unsetenv("MARROW_GC_AGING");
  gc_config_defaults(&cfg);
  ck_assert(cfg.aging);
  ck_assert_int_eq(cfg.policy, VECTOR_POLICY_DEFAULT);
  ck_assert(!cfg.log && !cfg.stress);
  ck_assert_uint_eq(cfg.heap_limit, 0);
  ck_assert_uint_eq(cfg.cons_threshold, 800000);
  ck_assert(cfg.cons_percentage == 0.1);
  struct gc *g = gc_new(&cfg);
  gc_set_policy(g, VECTOR_POLICY_SCAN);
  ck_assert_int_eq(gc_policy(g), VECTOR_POLICY_SCAN);
  ck_assert_int_eq(heap_policy(gc_heap(g)), VECTOR_POLICY_SCAN);
  gc_free(g);
}
END_TEST

/* ================================================================== */
/* With a whole runtime                                               */
/* ================================================================== */

START_TEST(runtime_interned_symbols_survive)
{
  mrt *rt = runtime_open(NULL);
  ck_assert_ptr_nonnull(rt);
  mval sym = intern(rt, "marrow-test-symbol");
  set_symbol_value(rt, sym, list2(rt, make_fixnum(1), make_cstring(rt, "two")));
  put_prop(rt, sym, Qt, make_float(rt, 3.0));
  sym = Qnil;
  for (int i = 0; i < 3; i++)
    collect_clean(rt->gc);
  mval again = intern_soft(rt, "marrow-test-symbol", 18);
  ck_assert(again != Qunbound);
  mval v = XSYMBOL(rt, again)->value;
  ck_assert(XCAR(v) == make_fixnum(1));
  ck_assert_str_eq((char *)XSTRING(XCAR(XCDR(v)))->data, "two");
  ck_assert(XFLOAT(get_prop(rt, again, Qt)) == 3.0);
  ck_assert_str_eq(symbol_name(rt, Qnil), "nil");
  assert_heap_ok(rt->gc);
  runtime_close(rt);
}
END_TEST

START_TEST(runtime_uninterned_symbol_reclaimed)
{
  mrt *rt = runtime_open(NULL);
  uint32_t count = rt->symtab->count;
  for (int i = 0; i < 100; i++)
    make_symbol(rt, make_cstring(rt, "gensym"));
  collect_clean(rt->gc);
  /* Under GC stress the slots are reused as they die, so count the
     survivors rather than the holes. */
  uint32_t live = 0;
  for (uint32_t i = count; i < rt->symtab->count; i++)
    live += rt->symtab->at[i] != NULL;
  ck_assert_uint_le(live, 5);
  runtime_close(rt);
}
END_TEST

/* C code names the builtin symbols by index (Qnil), so uninterning one
   must not let it be collected: nil is everywhere, yet the collector
   takes a reference to nil as already marked. */
START_TEST(runtime_uninterned_builtins_survive)
{
  mrt *rt = runtime_open(NULL);
  ck_assert(obarray_remove(rt, Qnil));
  ck_assert(obarray_remove(rt, Qquote));
  for (int i = 0; i < 2; i++)
    collect_clean(rt->gc);
  ck_assert_ptr_nonnull(rt->symtab->at[SYMI_nil]);
  ck_assert_ptr_nonnull(rt->symtab->at[SYMI_quote]);
  ck_assert_str_eq(symbol_name(rt, Qnil), "nil");
  ck_assert_str_eq(symbol_name(rt, Qquote), "quote");
  assert_heap_ok(rt->gc);
  runtime_close(rt);
}
END_TEST

START_TEST(runtime_under_stress)
{
  struct gc_config cfg;
  gc_config_defaults(&cfg);
  cfg.stress = true;
  cfg.log = false;
  cfg.heap_limit = 0;
  cfg.fail_alloc_every = 0;
  mrt *rt = runtime_open(&cfg);
  ck_assert_ptr_nonnull(rt);
  mval l = Qnil;
  for (int i = 0; i < 200; i++)
    l = Fcons(rt, make_vector(rt, (size_t)i % 10, make_float(rt, i)), l);
  int n = 199;
  for (; CONSP(l); l = XCDR(l), n--) {
    mval v = XCAR(l);
    ck_assert_int_eq(VECTOR_LENGTH(v), n % 10);
    if (n % 10)
      ck_assert(XFLOAT(AREF(v, 0)) == n);
  }
  assert_heap_ok(rt->gc);
  runtime_close(rt);
}
END_TEST

/* Faults armed after initialisation: each becomes memory-full inside
   Lisp, caught by condition-case; what was reachable stays intact. */
START_TEST(runtime_fault_injection_signals_memory_full)
{
  struct gc_config cfg;
  gc_config_defaults(&cfg);
  cfg.log = false;
  cfg.heap_limit = 0;
  cfg.fail_alloc_every = 0;
  mrt *rt = runtime_open(&cfg);
  ck_assert_ptr_nonnull(rt);
  mval *keep = new_root_cell(rt->gc);
  *keep = list3(rt, make_fixnum(1), make_cstring(rt, "kept"), make_float(rt, 2.0));
  gc_set_fail_alloc(rt->gc, 5);
  volatile int caught = 0, done = 0;
  while (done < 3000) {
    struct handler h;
    handler_push(rt, &h, HANDLER_CATCH_ALL, Qnil); /* no error conditions at layer 4 */
    if (setjmp(h.jmp) == 0) {
      for (; done < 3000; done = done + 1)
        Fcons(rt, make_string(rt, "abcdefgh", 8), make_vector(rt, 40, Qt));
      handler_pop(rt, &h);
    } else {
      ck_assert(h.is_signal && is_memory_full_error(rt, h.value));
      caught = caught + 1;
      done = done + 1;
    }
  }
  gc_set_fail_alloc(rt->gc, 0);
  ck_assert_int_gt(caught, 10);
  assert_heap_ok(rt->gc);
  mval k = *keep;
  ck_assert(XCAR(k) == make_fixnum(1));
  ck_assert_str_eq((char *)XSTRING(XCAR(XCDR(k)))->data, "kept");
  ck_assert(XFLOAT(XCAR(XCDR(XCDR(k)))) == 2.0);
  mval after = make_vector(rt, 100, Qnil); /* and it goes on */
  ck_assert(VECTORP(after));
  free_root_cell(rt->gc, keep);
  runtime_close(rt);
}
END_TEST

/* ================================================================== */

/* ================================================================== */
/* Generations                                                        */
/* ================================================================== */

static struct gc *new_gc_generations(bool stress, bool generational)
{
  struct gc_config cfg;
  quiet_config(&cfg);
  cfg.stress = stress;
  cfg.generational = generational;
  return new_gc_from(&cfg);
}

static struct gc *new_generational_gc(bool stress) { return new_gc_generations(stress, true); }

static uint64_t minor_collections(struct gc *g)
{
  struct gc_stats st;
  gc_get_stats(g, &st);
  return st.minor_gcs;
}

/* Stores a new cons into OLD through the barrier; only OLD holds it. */
static NOINLINE uintptr_t store_new_cons(struct gc *g, mval old)
{
  mval c = gc_cons(g, make_fixnum(7), Qnil);
  gc_aset(g, old, 0, c);
  return HIDE(untag(c));
}

START_TEST(barrier_keeps_what_an_old_object_gets)
{
  struct gc *g = new_generational_gc(false);
  mval v = gc_vectorlike(g, PVEC_VECTOR, 3, 2);
  gc_collect(g, "full"); /* V is old now */
  volatile uintptr_t hidden = store_new_cons(g, v);
  scrub_stack();
  gc_collect_minor(g, "minor");
  ck_assert_uint_eq(minor_collections(g), 1);
  ck_assert(hidden_allocated(g, &hidden));
  ck_assert(CONSP(AREF(v, 0)) && XCAR(AREF(v, 0)) == make_fixnum(7));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

static NOINLINE mval vector_holding_a_cons(struct gc *g)
{
  mval v = gc_vectorlike(g, PVEC_VECTOR, 2, 1);
  gc_aset(g, v, 0, gc_cons(g, Qt, Qnil));
  return v;
}

/* Makes a cons that V holds through a full collection (so it is old)
   and then lets go of, and a new cons nothing holds. */
static NOINLINE void make_old_and_new_garbage(struct gc *g, mval v, uintptr_t *old,
                                              uintptr_t *young)
{
  *old = HIDE(untag(AREF(v, 0)));
  gc_aset(g, v, 0, Qnil);
  *young = HIDE(untag(gc_cons(g, Qnil, Qnil)));
}

START_TEST(minor_frees_new_garbage_and_keeps_old)
{
  struct gc *g = new_generational_gc(false);
  mval v = vector_holding_a_cons(g);
  scrub_stack();
  gc_collect(g, "full");
  volatile uintptr_t old, young;
  make_old_and_new_garbage(g, v, (uintptr_t *)&old, (uintptr_t *)&young);
  scrub_stack();
  gc_collect_minor(g, "minor");
  ck_assert(!hidden_allocated(g, &young));
  ck_assert(hidden_allocated(g, &old)); /* old: kept until a full collection */
  assert_heap_ok(g);
  collect_clean(g);
  ck_assert(!hidden_allocated(g, &old));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* Written with the barrier, a symbol's value survives minor collections. */
START_TEST(symbol_written_after_it_is_old)
{
  struct gc *g = new_generational_gc(false);
  mval s = gc_symbol(g);
  struct symbol *sym = gc_symtab(g)->at[SYMBOL_INDEX(s)];
  gc_collect(g, "full");
  SYMBOL_SET(g, sym, value, gc_cons(g, make_fixnum(3), Qnil));
  scrub_stack();
  gc_collect_minor(g, "minor");
  ck_assert(CONSP(sym->value) && XCAR(sym->value) == make_fixnum(3));
  ck_assert(is_allocated(g, (uintptr_t)untag(sym->value)));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* The store a barrier would have remembered, made without it. */
static NOINLINE void store_without_barrier(struct gc *g, mval old)
{
  OBJ_INIT(XVL(old)->slots[0], gc_cons(g, Qnil, Qnil));
}

/* In stress mode the marks are checked (every GC_STRESS_CHECK_INTERVAL
   collections): a store
   that skipped the barrier aborts there, loudly, rather than leaving a
   freed object in use. */
START_TEST(missing_barrier_is_caught)
{
  struct gc *g = new_generational_gc(true);
  mval v = gc_vectorlike(g, PVEC_VECTOR, 2, 1);
  gc_collect(g, "full");
  store_without_barrier(g, v);
  for (int i = 0; i < GC_STRESS_CHECK_INTERVAL; i++) {
    scrub_stack(); /* or a stale copy of the cons's address keeps it */
    gc_collect_minor(g, "minor");
  }
  gc_free(g); /* not reached: the check aborts */
}
END_TEST

/* ---- Aging: old at the second collection survived ---- */

static struct gc *new_gc_aging(bool aging)
{
  struct gc_config cfg;
  quiet_config(&cfg);
  cfg.stress = false;
  cfg.generational = true;
  cfg.aging = aging;
  return new_gc_from(&cfg);
}

static bool hidden_old(struct gc *g, const volatile uintptr_t *hidden)
{
  return heap_marked(gc_heap(g), (void *)UNHIDE(*hidden), HEAP_CONS);
}

static bool hidden_aged(struct gc *g, const volatile uintptr_t *hidden)
{
  return heap_aged(gc_heap(g), (void *)UNHIDE(*hidden), HEAP_CONS);
}

/* A new cons stored into *V, an old vector made here; then one minor
   collection.  Returns the cons, hidden. */
static NOINLINE uintptr_t survived_one_minor(struct gc *g, mval *v)
{
  *v = gc_vectorlike(g, PVEC_VECTOR, 3, 2);
  gc_collect(g, "full");
  uintptr_t c = store_new_cons(g, *v);
  scrub_stack();
  gc_collect_minor(g, "first");
  return c;
}

START_TEST(survivor_is_old_at_its_second_collection)
{
  struct gc *g = new_gc_aging(true);
  mval v;
  volatile uintptr_t c = survived_one_minor(g, &v);
  ck_assert(!hidden_old(g, &c) && hidden_aged(g, &c));
  struct gc_stats st;
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.aged_last, 1);
  gc_collect_minor(g, "second");
  ck_assert(hidden_old(g, &c) && !hidden_aged(g, &c));
  gc_get_stats(g, &st);
  ck_assert_uint_eq(st.aged_last, 0);
  ck_assert_uint_ge(st.promoted_last, 1);
  ck_assert(XCAR(AREF(v, 0)) == make_fixnum(7));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

START_TEST(aging_off_makes_survivors_old_at_once)
{
  struct gc *g = new_gc_aging(false);
  mval v;
  volatile uintptr_t c = survived_one_minor(g, &v);
  ck_assert(hidden_old(g, &c) && !hidden_aged(g, &c));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* A new cons holding 42 becomes the car of the cons in V's slot 0. */
static NOINLINE uintptr_t give_new_cons(struct gc *g, mval v)
{
  mval b = gc_cons(g, make_fixnum(42), Qnil);
  gc_setcar(g, AREF(v, 0), b);
  return HIDE(untag(b));
}

static NOINLINE void churn(struct gc *g)
{
  uintptr_t garbage[100];
  make_garbage_conses(g, garbage, 100);
  scrub_stack();
}

/* A survivor made old at its second collection may hold a cons that
   this collection saw first: only the old one holds it, so the old one
   must be remembered, or the next minor collection frees the cons. */
START_TEST(young_object_held_by_newly_old_one_survives)
{
  struct gc *g = new_gc_aging(true);
  mval v = gc_vectorlike(g, PVEC_VECTOR, 3, 2);
  gc_collect(g, "full");
  store_new_cons(g, v);
  scrub_stack();
  gc_collect_minor(g, "holder's first");
  volatile uintptr_t b = give_new_cons(g, v); /* the holder is young: no barrier */
  scrub_stack();
  gc_collect_minor(g, "holder's second, held's first");
  for (int i = 0; i < 3; i++) {
    churn(g);
    gc_collect_minor(g, "after");
    ck_assert(hidden_allocated(g, &b));
  }
  ck_assert(XCAR(XCAR(AREF(v, 0))) == make_fixnum(42));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* An old object written with a new cons stays remembered while the
   cons is young: the cons's second collection must find it again. */
START_TEST(remembered_while_it_holds_a_young_one)
{
  struct gc *g = new_gc_aging(true);
  mval v = gc_vectorlike(g, PVEC_VECTOR, 3, 2);
  gc_collect(g, "full");
  volatile uintptr_t c = store_new_cons(g, v);
  for (int i = 0; i < 3; i++) {
    churn(g);
    gc_collect_minor(g, "minor");
    ck_assert(hidden_allocated(g, &c));
  }
  ck_assert(hidden_old(g, &c));
  ck_assert(XCAR(AREF(v, 0)) == make_fixnum(7));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

START_TEST(generations_off_means_full_collections)
{
  struct gc *g = new_gc_generations(false, false);
  gc_collect(g, "full");
  gc_collect_minor(g, "asked for minor");
  ck_assert_uint_eq(minor_collections(g), 0);
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* ---- Finalizer objects ---- */

/* A PVEC_FINALIZER object holding a new cons (5), registered; in *CELL
   as well when CELL is given.  Returns its hidden address. */
static NOINLINE uintptr_t make_finalizer_object(struct gc *g, mval *cell)
{
  mval held = gc_cons(g, make_fixnum(5), Qnil);
  struct vectorlike *v = gc_vectorlike_unfilled(g, PVEC_FINALIZER, 2, 1);
  OBJ_INIT(gc_fresh_slots(v)[0], held);
  mval f = tag_ptr(v, TAG_VECTORLIKE);
  gc_register_finalizer(g, f);
  if (cell)
    *cell = f;
  return HIDE(v);
}

/* The next doomed finalizer's hidden address, 0 when none; its first
   slot must still hold the cons (5). */
static NOINLINE uintptr_t take_doomed(struct gc *g)
{
  mval f = gc_take_doomed_finalizer(g);
  if (NILP(f))
    return 0;
  ck_assert(XCAR(AREF(f, 0)) == make_fixnum(5));
  return HIDE(untag(f));
}

START_TEST(unreached_finalizer_is_queued_with_what_it_holds)
{
  struct gc *g = new_gc(false);
  volatile uintptr_t f = make_finalizer_object(g, NULL);
  collect_clean(g);
  ck_assert(gc_finalizers_doomed(g));
  ck_assert(hidden_allocated(g, &f));
  /* The queue is a root: the object and its cons outlive another collection. */
  collect_clean(g);
  ck_assert(take_doomed(g) == f);
  ck_assert(take_doomed(g) == 0);
  ck_assert(!gc_finalizers_doomed(g));
  /* Taken and dropped: freed at the next collection, and not queued again. */
  collect_clean(g);
  ck_assert(!hidden_allocated(g, &f));
  ck_assert(!gc_finalizers_doomed(g));
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

START_TEST(reached_finalizer_is_not_queued)
{
  struct gc *g = new_gc(false);
  mval *cell = new_root_cell(g);
  make_finalizer_object(g, cell);
  collect_clean(g);
  ck_assert(!gc_finalizers_doomed(g));
  *cell = Qnil;
  collect_clean(g);
  ck_assert(gc_finalizers_doomed(g));
  ck_assert(take_doomed(g) != 0);
  free_root_cell(g, cell);
  gc_free(g);
}
END_TEST

/* An old finalizer is not looked at by a minor collection. */
START_TEST(old_finalizer_waits_for_a_full_collection)
{
  struct gc *g = new_gc_aging(true);
  mval *cell = new_root_cell(g);
  volatile uintptr_t f = make_finalizer_object(g, cell);
  collect_clean(g); /* survivors of a full collection are old */
  *cell = Qnil;
  scrub_stack();
  gc_collect_minor(g, "minor");
  ck_assert(!gc_finalizers_doomed(g));
  collect_clean(g);
  ck_assert(take_doomed(g) == f);
  free_root_cell(g, cell);
  assert_heap_ok(g);
  gc_free(g);
}
END_TEST

/* Several in one collection come out in the order they were made. */
START_TEST(doomed_finalizers_in_order_made)
{
  struct gc *g = new_gc(false);
  uintptr_t made[3];
  for (int i = 0; i < 3; i++)
    made[i] = make_finalizer_object(g, NULL);
  collect_clean(g);
  for (int i = 0; i < 3; i++)
    ck_assert(take_doomed(g) == made[i]);
  ck_assert(take_doomed(g) == 0);
  gc_free(g);
}
END_TEST


static Suite *gc_suite(void)
{
  Suite *s = suite_create("gc");
  TCase *tc = tcase_create("reachability");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, local_survives);
  tcase_add_test(tc, vectorlike_fill_and_copy);
  tcase_add_test(tc, reachable_through_objects);
  tcase_add_test(tc, unreachable_freed_and_reused);
  tcase_add_test(tc, unreachable_vectors_freed);
  tcase_add_test(tc, interior_pointer_keeps_object);
  tcase_add_test(tc, root_function_keeps_objects);
  suite_add_tcase(s, tc);

  tc = tcase_create("deep");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, ten_million_long_list);
  tcase_add_test(tc, million_deep_car_chain);
  tcase_add_test(tc, mark_stack_overflow_recovers);
  tcase_add_test(tc, value_stack_overflow_recovers);
  suite_add_tcase(s, tc);

  tc = tcase_create("stacks");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, collects_on_another_thread);
  tcase_add_test(tc, no_collection_on_unknown_stack);
  suite_add_tcase(s, tc);

  tc = tcase_create("trigger");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, trigger_by_threshold);
  tcase_add_test(tc, trigger_by_percentage);
  tcase_add_test(tc, external_bytes_count_toward_trigger);
  tcase_add_test(tc, inhibit_nests);
  tcase_add_test(tc, stress_collects_every_allocation);
  suite_add_tcase(s, tc);

  tc = tcase_create("stats");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, stats_after_collections);
  tcase_add_test(tc, log_line_per_collection);
  tcase_add_test(tc, config_from_environment);
  suite_add_tcase(s, tc);

  tc = tcase_create("symbols");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, symbol_indices_in_order);
  tcase_add_test(tc, symbol_slots_reused);
  tcase_add_test(tc, symbol_held_by_tagged_word);
  suite_add_tcase(s, tc);

  tc = tcase_create("memory");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, external_bytes_back_to_baseline);
  tcase_add_test(tc, finalizers_run_for_dead_objects);
  tcase_add_test(tc, host_allocator_gets_everything_back);
  tcase_add_test(tc, heap_limit_calls_memory_full);
  tcase_add_test(tc, fault_injection_every_nth);
  suite_add_tcase(s, tc);

  tc = tcase_create("generations");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, barrier_keeps_what_an_old_object_gets);
  tcase_add_test(tc, minor_frees_new_garbage_and_keeps_old);
  tcase_add_test(tc, symbol_written_after_it_is_old);
  tcase_add_test_raise_signal(tc, missing_barrier_is_caught, SIGABRT);
  tcase_add_test(tc, generations_off_means_full_collections);
  tcase_add_test(tc, survivor_is_old_at_its_second_collection);
  tcase_add_test(tc, aging_off_makes_survivors_old_at_once);
  tcase_add_test(tc, young_object_held_by_newly_old_one_survives);
  tcase_add_test(tc, remembered_while_it_holds_a_young_one);
  suite_add_tcase(s, tc);

  tc = tcase_create("finalizer objects");
  tcase_add_test(tc, unreached_finalizer_is_queued_with_what_it_holds);
  tcase_add_test(tc, reached_finalizer_is_not_queued);
  tcase_add_test(tc, old_finalizer_waits_for_a_full_collection);
  tcase_add_test(tc, doomed_finalizers_in_order_made);
  suite_add_tcase(s, tc);

  tc = tcase_create("runtime");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, runtime_interned_symbols_survive);
  tcase_add_test(tc, runtime_uninterned_symbol_reclaimed);
  tcase_add_test(tc, runtime_uninterned_builtins_survive);
  tcase_add_test(tc, runtime_under_stress);
  tcase_add_test(tc, runtime_fault_injection_signals_memory_full);
  suite_add_tcase(s, tc);
  return s;
}

int main(void)
{
  SRunner *sr = srunner_create(gc_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
