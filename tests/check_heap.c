/*
** check_heap.c -- unit tests for layer 2 (src/heap.c), linked alone.
**
** Every test calls heap_verify after each operation (VERIFY), so a
** broken invariant is reported where it first appears.
*/
#include "config.h"

#include <check.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "heap.h"

#if defined(__SANITIZE_ADDRESS__)
#define TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_ASAN 1
#endif
#endif
#ifdef TEST_ASAN
#include <sanitizer/asan_interface.h>
#endif

#define VERIFY(h)                                                        \
  do {                                                                   \
    char err_[256] = "";                                                 \
    ck_assert_msg(heap_verify((h), err_, sizeof err_), "verify: %s", err_); \
  } while (0)

static struct heap *fresh(enum vector_policy p)
{
  struct heap *h = heap_new(NULL);
  ck_assert_ptr_nonnull(h);
  heap_set_policy(h, p);
  VERIFY(h);
  return h;
}

static void sweep(struct heap *h, struct heap_sweep_result *r)
{
  heap_sweep(h, NULL, NULL, r);
  VERIFY(h);
}

static void *vec(struct heap *h, size_t nbytes)
{
  void *p = heap_alloc_vector(h, nbytes);
  ck_assert_ptr_nonnull(p);
  VERIFY(h);
  return p;
}

static size_t list_count(struct heap *h, size_t i)
{
  size_t counts[HEAP_VECTOR_LISTS];
  heap_vector_free_lists(h, counts, HEAP_VECTOR_LISTS, NULL, NULL, 0);
  return counts[i];
}

static long hint_of(struct heap *h)
{
  long hint;
  heap_vector_free_lists(h, NULL, 0, &hint, NULL, 0);
  return hint;
}

/* ------------------------------------------------------------------ */
/* VINDEX and policies                                                 */
/* ------------------------------------------------------------------ */

START_TEST(vindex_arithmetic)
{
  ck_assert_int_eq(HEAP_VINDEX(16), 0);
  ck_assert_int_eq(HEAP_VINDEX(24), 1);
  ck_assert_int_eq(HEAP_VINDEX(96), 10);
  ck_assert_int_eq(HEAP_VINDEX(HEAP_VECTOR_SMALL_MAX), 253);
  ck_assert_int_eq(HEAP_VINDEX(HEAP_VECTOR_DATA_BYTES), 509);
  ck_assert_int_eq(HEAP_VECTOR_LISTS, 510);
  ck_assert_int_eq(HEAP_VECTOR_DATA_BYTES, 4088);
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  ck_assert_int_eq(heap_vector_free_lists(h, NULL, 0, NULL, NULL, 0), HEAP_VECTOR_LISTS);
  heap_free(h);
}
END_TEST

START_TEST(policy_names)
{
  enum vector_policy p;
  for (int i = 0; i < VECTOR_POLICY_COUNT; i++) {
    ck_assert(heap_policy_parse(heap_policy_name((enum vector_policy)i), &p));
    ck_assert_int_eq(p, i);
  }
  ck_assert_str_eq(heap_policy_name(VECTOR_POLICY_BITMAP), "bitmap");
  ck_assert(!heap_policy_parse("fast", &p));
  ck_assert(!heap_policy_parse(NULL, &p));
}
END_TEST

/* One block laid out [A 16][B 96][C 16][rest], then B freed by a sweep:
   B sits on list 10, the rest (3960 bytes) on list 493, and the rest
   was inserted last, so the hint is 493. */
struct hole_setup {
  char *a, *b, *c;
};

static struct heap *heap_with_hole(enum vector_policy p, struct hole_setup *s)
{
  struct heap *h = fresh(p);
  s->a = vec(h, 16);
  s->b = vec(h, 96);
  s->c = vec(h, 16);
  ck_assert_ptr_eq(s->b, s->a + 16);
  ck_assert_ptr_eq(s->c, s->b + 96);
  heap_mark(h, s->a, HEAP_VECTOR);
  heap_mark(h, s->c, HEAP_VECTOR);
  sweep(h, NULL);
  ck_assert_int_eq(list_count(h, 10), 1);
  ck_assert_int_eq(list_count(h, HEAP_VINDEX(4088 - 128)), 1);
  return h;
}

START_TEST(policy_selects_list)
{
  static const enum vector_policy policies[] = {VECTOR_POLICY_SCAN, VECTOR_POLICY_HINT,
                                                VECTOR_POLICY_BITMAP};
  for (int i = 0; i < 3; i++) {
    struct hole_setup s;
    struct heap *h = heap_with_hole(policies[i], &s);
    if (policies[i] == VECTOR_POLICY_HINT)
      ck_assert_int_eq(hint_of(h), HEAP_VINDEX(4088 - 128));
    else
      ck_assert_int_eq(hint_of(h), -1);
    struct heap_vector_stats before, after;
    heap_vector_stats(h, &before);
    ck_assert_int_eq(before.allocs, 3);
    ck_assert_int_eq(before.new_blocks, 1);
    char *d = vec(h, 16); /* list 0 is empty: a larger chunk is split */
    heap_vector_stats(h, &after);
    ck_assert_int_eq(after.splits, before.splits + 1);
    ck_assert_int_eq(after.hint_misses, policies[i] == VECTOR_POLICY_HINT);
    if (policies[i] == VECTOR_POLICY_HINT) {
      /* The hint misses B below it and splits the big rest. */
      ck_assert_ptr_eq(d, s.c + 16);
      ck_assert_int_eq(list_count(h, 10), 1);
    } else {
      /* scan and bitmap find B, the smallest chunk that can be split. */
      ck_assert_ptr_eq(d, s.b);
      ck_assert_int_eq(list_count(h, 10), 0);
      ck_assert_int_eq(list_count(h, HEAP_VINDEX(80)), 1); /* the remainder */
    }
    heap_free(h);
  }
}
END_TEST

START_TEST(split_needs_room_for_remainder)
{
  /* A 24-byte chunk cannot serve a 16-byte request: the 8-byte
     remainder could not be a chunk.  Every policy skips list 1. */
  for (int p = 0; p < VECTOR_POLICY_COUNT; p++) {
    struct heap *h = fresh((enum vector_policy)p);
    char *a = vec(h, 16), *b = vec(h, 24), *c = vec(h, 16);
    (void)b;
    heap_mark(h, a, HEAP_VECTOR);
    heap_mark(h, c, HEAP_VECTOR);
    sweep(h, NULL);
    ck_assert_int_eq(list_count(h, 1), 1);
    char *d = vec(h, 16);
    ck_assert_ptr_ne(d, b);
    ck_assert_int_eq(list_count(h, 1), 1);
    ck_assert_ptr_eq(vec(h, 24), b); /* the exact list is used */
    heap_free(h);
  }
}
END_TEST

START_TEST(bitmap_tracks_lists)
{
  struct hole_setup s;
  struct heap *h = heap_with_hole(VECTOR_POLICY_BITMAP, &s);
  uint64_t bm[HEAP_VECTOR_BITMAP_WORDS];
  heap_vector_free_lists(h, NULL, 0, NULL, bm, HEAP_VECTOR_BITMAP_WORDS);
  ck_assert(bm[0] & (UINT64_C(1) << 10));
  size_t big = HEAP_VINDEX(4088 - 128);
  ck_assert(bm[big / 64] & (UINT64_C(1) << (big % 64)));
  vec(h, 96); /* empties list 10 */
  heap_vector_free_lists(h, NULL, 0, NULL, bm, HEAP_VECTOR_BITMAP_WORDS);
  ck_assert(!(bm[0] & (UINT64_C(1) << 10)));
  heap_free(h);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Splitting, coalescing, the hint reset                               */
/* ------------------------------------------------------------------ */

START_TEST(split_remainder_goes_to_its_list)
{
  struct heap *h = fresh(VECTOR_POLICY_SCAN);
  char *a = vec(h, 32);
  ck_assert_int_eq(list_count(h, HEAP_VINDEX(4088 - 32)), 1);
  char *b = vec(h, 100); /* rounded up to 104 */
  ck_assert_ptr_eq(b, a + 32);
  ck_assert_int_eq(list_count(h, HEAP_VINDEX(4088 - 32)), 0);
  ck_assert_int_eq(list_count(h, HEAP_VINDEX(4088 - 136)), 1);
  char *c = vec(h, 3); /* rounded up to the 16-byte minimum */
  ck_assert_ptr_eq(c, b + 104);
  struct heap_kind_stats st;
  heap_kind_stats(h, HEAP_VECTOR, &st);
  ck_assert_int_eq(st.used, 3);
  ck_assert_int_eq(st.used_bytes, 32 + 104 + 16);
  ck_assert_int_eq(st.free_bytes, 4088 - 152);
  heap_free(h);
}
END_TEST

struct chunk_log {
  int n;
  size_t size[16];
  int type[16];
};

static void log_chunk(const void *start, size_t nbytes, int type, void *ud)
{
  struct chunk_log *l = ud;
  if (l->n < 16) {
    l->size[l->n] = nbytes;
    l->type[l->n] = type;
  }
  l->n++;
}

static void find_vector_block(const struct heap_block_info *b, void *ud)
{
  if (b->kind == HEAP_VECTOR)
    *(const void **)ud = b->start;
}

START_TEST(sweep_coalesces)
{
  struct heap *h = fresh(VECTOR_POLICY_BITMAP);
  char *v[5];
  for (int i = 0; i < 5; i++)
    v[i] = vec(h, 32);
  heap_mark(h, v[0], HEAP_VECTOR);
  heap_mark(h, v[4], HEAP_VECTOR);
  struct heap_sweep_result r;
  sweep(h, &r);
  ck_assert_int_eq(r.bytes_freed, 96);
  ck_assert_int_eq(list_count(h, HEAP_VINDEX(96)), 1);
  ck_assert_int_eq(list_count(h, HEAP_VINDEX(32)), 0);
  const void *start = NULL;
  heap_foreach_block(h, find_vector_block, &start);
  ck_assert_ptr_eq(start, v[0]);
  struct chunk_log l = {0};
  heap_foreach_chunk(h, start, log_chunk, &l);
  ck_assert_int_eq(l.n, 4);
  ck_assert_int_eq(l.size[0], 32);
  ck_assert_int_ne(l.type[0], PVEC_FREE);
  ck_assert_int_eq(l.size[1], 96);
  ck_assert_int_eq(l.type[1], PVEC_FREE);
  ck_assert_int_eq(l.size[2], 32);
  ck_assert_int_eq(l.size[3], 4088 - 160);
  ck_assert_int_eq(l.type[3], PVEC_FREE);
  /* The coalesced chunk serves a request as large as all three. */
  ck_assert_ptr_eq(vec(h, 96), v[1]);
  heap_free(h);
}
END_TEST

START_TEST(hint_reset_at_sweep)
{
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  ck_assert_int_eq(hint_of(h), HEAP_VECTOR_LISTS); /* nothing inserted yet */
  /* Fill one block exactly: [A 96][B 2040][C 1952]. */
  char *a = vec(h, 96), *b = vec(h, 2040), *c = vec(h, 1952);
  ck_assert_ptr_eq(b, a + 96);
  ck_assert_ptr_eq(c, b + 2040);
  ck_assert_int_eq(hint_of(h), HEAP_VINDEX(1952)); /* last insertion */
  /* Nothing dies: the sweep inserts nothing, so the hint is reset. */
  heap_mark(h, a, HEAP_VECTOR);
  heap_mark(h, b, HEAP_VECTOR);
  heap_mark(h, c, HEAP_VECTOR);
  sweep(h, NULL);
  ck_assert_int_eq(hint_of(h), HEAP_VECTOR_LISTS);
  /* Only A dies: the hint is its list, not the stale 242. */
  heap_mark(h, b, HEAP_VECTOR);
  heap_mark(h, c, HEAP_VECTOR);
  sweep(h, NULL);
  ck_assert_int_eq(hint_of(h), HEAP_VINDEX(96));
  ck_assert_ptr_eq(vec(h, 16), a);
  heap_free(h);
}
END_TEST

START_TEST(block_release_keeps_reserve)
{
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  heap_set_reserve(h, 4 * HEAP_VECTOR_BLOCK_BYTES); /* 4 vector blocks, 1 fixed */
  for (int i = 0; i < 20; i++)
    vec(h, 2000); /* two per block */
  struct heap_kind_stats st;
  heap_kind_stats(h, HEAP_VECTOR, &st);
  ck_assert_int_eq(st.blocks, 10);
  ck_assert_ptr_nonnull(heap_alloc_fixed(h, HEAP_CONS));
  heap_kind_stats(h, HEAP_CONS, &st);
  size_t per_block = st.used + st.free;
  ck_assert_uint_gt(per_block, 3970); /* three side bitmaps (mark, alloc, age) cost under 3% */
  for (size_t i = 1; i < 3 * per_block; i++)
    ck_assert_ptr_nonnull(heap_alloc_fixed(h, HEAP_CONS));
  VERIFY(h);
  heap_kind_stats(h, HEAP_CONS, &st);
  ck_assert_int_eq(st.blocks, 3);
  size_t before = heap_bytes_in_use(h);
  struct heap_sweep_result r;
  sweep(h, &r);
  ck_assert_int_eq(r.blocks_freed, (10 - 4) + (3 - 1));
  heap_kind_stats(h, HEAP_VECTOR, &st);
  ck_assert_int_eq(st.blocks, 4);
  ck_assert_int_eq(st.used, 0);
  ck_assert_int_eq(list_count(h, HEAP_VINDEX(4088)), 4);
  heap_kind_stats(h, HEAP_CONS, &st);
  ck_assert_int_eq(st.blocks, 1);
  ck_assert_int_eq(st.used, 0);
  ck_assert_uint_lt(heap_bytes_in_use(h), before);
  /* With no reserve asked for, one block per class is still kept. */
  heap_set_reserve(h, 0);
  sweep(h, &r);
  ck_assert_int_eq(r.blocks_freed, 3);
  heap_kind_stats(h, HEAP_VECTOR, &st);
  ck_assert_int_eq(st.blocks, 1);
  heap_free(h);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Fixed kinds                                                         */
/* ------------------------------------------------------------------ */

START_TEST(fixed_alloc_bumps)
{
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  struct cons *prev = NULL;
  for (int i = 0; i < 100; i++) {
    struct cons *c = heap_alloc_fixed(h, HEAP_CONS);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq((uintptr_t)c & 7, 0);
    if (prev)
      ck_assert_ptr_eq(c, prev + 1); /* a fresh block is bumped through */
    OBJ_INIT(c->car, 0xdeadbeef);
    OBJ_INIT(c->cdr, 0xdeadbeef);
    prev = c;
  }
  VERIFY(h);
  size_t sizes[] = {16, 8, sizeof(struct symbol), sizeof(struct string)};
  for (int k = 0; k < HEAP_FIXED_KINDS; k++) {
    char *p = heap_alloc_fixed(h, (enum heap_kind)k), *q = heap_alloc_fixed(h, (enum heap_kind)k);
    ck_assert_int_eq(q - p, sizes[k]);
    enum heap_kind got;
    ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)p + sizes[k] - 1, &got), p);
    ck_assert_int_eq(got, k);
  }
  ck_assert_ptr_null(heap_alloc_fixed(h, HEAP_VECTOR));
  VERIFY(h);
  heap_free(h);
}
END_TEST

/* A symbol or string header handed out again after a sweep comes back
   zeroed, whatever its last owner left in it: gc_string relies on a
   header whose data could not be had holding none. */
START_TEST(fixed_reuse_zeroes_symbols_and_strings)
{
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  enum heap_kind kinds[] = {HEAP_SYMBOL, HEAP_STRING};
  size_t sizes[] = {sizeof(struct symbol), sizeof(struct string)};
  for (int k = 0; k < 2; k++) {
    unsigned char *p = heap_alloc_fixed(h, kinds[k]);
    memset(p, 0xab, sizes[k]);
    struct heap_sweep_result r;
    sweep(h, &r); /* unmarked: freed */
    unsigned char *q = heap_alloc_fixed(h, kinds[k]);
    ck_assert_ptr_eq(q, p);
    for (size_t i = 0; i < sizes[k]; i++)
      ck_assert_int_eq(q[i], 0);
  }
  heap_free(h);
}
END_TEST

START_TEST(fixed_mark_sweep_reuse)
{
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  enum { N = 10000 };
  struct cons **c = malloc(N * sizeof *c);
  for (int i = 0; i < N; i++) {
    c[i] = heap_alloc_fixed(h, HEAP_CONS);
    OBJ_INIT(c[i]->car, (mval)i);
  }
  for (int i = 0; i < N; i += 2) {
    ck_assert(heap_mark(h, c[i], HEAP_CONS));
    ck_assert(!heap_mark(h, c[i], HEAP_CONS)); /* already marked */
    ck_assert(heap_marked(h, c[i], HEAP_CONS));
  }
  ck_assert(!heap_marked(h, c[1], HEAP_CONS));
  struct heap_sweep_result r;
  sweep(h, &r);
  ck_assert_int_eq(r.bytes_freed, (N / 2) * 16);
  for (int i = 0; i < N; i++) {
    void *found = heap_find_object(h, (uintptr_t)c[i] + 3, NULL);
    if (i % 2 == 0) {
      ck_assert_ptr_eq(found, c[i]);
      ck_assert_int_eq(c[i]->car, i);
      ck_assert(!heap_marked(h, c[i], HEAP_CONS));
    } else {
      ck_assert_ptr_null(found); /* a free slot is no object */
    }
  }
  struct heap_kind_stats st;
  heap_kind_stats(h, HEAP_CONS, &st);
  ck_assert_int_eq(st.used, N / 2);
  /* The holes are reused before any new block. */
  size_t blocks = st.blocks;
  for (int i = 0; i < N / 2; i++) {
    struct cons *d = heap_alloc_fixed(h, HEAP_CONS);
    ck_assert_int_eq(((uintptr_t)d - (uintptr_t)c[1]) % 16, 0);
    ck_assert_ptr_null(heap_find_object(h, 0, NULL));
  }
  VERIFY(h);
  heap_kind_stats(h, HEAP_CONS, &st);
  ck_assert_int_eq(st.blocks, blocks);
  free(c);
  heap_free(h);
}
END_TEST

struct visit_log {
  int n;
  void *seen[200];
};

static void log_visit(void *obj, void *ud)
{
  struct visit_log *l = ud;
  l->seen[l->n++] = obj;
}

/* The walk of unmarked objects is the minor collection's way to find
   the young symbols: exactly the allocated, unmarked ones, in order. */
START_TEST(unmarked_walk_visits_young_only)
{
  struct heap *h = fresh(VECTOR_POLICY_BITMAP);
  struct symbol *s[150];
  for (int i = 0; i < 150; i++)
    s[i] = heap_alloc_fixed(h, HEAP_SYMBOL);
  for (int i = 0; i < 150; i += 3)
    heap_mark(h, s[i], HEAP_SYMBOL);
  heap_alloc_fixed(h, HEAP_CONS); /* another kind is not visited */
  struct visit_log l = {0};
  heap_each_unmarked_fixed(h, HEAP_SYMBOL, log_visit, &l);
  ck_assert_int_eq(l.n, 100);
  for (int i = 0, j = 0; i < 150; i++)
    if (i % 3)
      ck_assert_ptr_eq(l.seen[j++], s[i]);
  heap_free(h);
}
END_TEST

struct fin_count {
  int per_kind[HEAP_KIND_COUNT];
};

static void count_fin(void *obj, enum heap_kind k, void *ud)
{
  ((struct fin_count *)ud)->per_kind[k]++;
}

START_TEST(finalization)
{
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  heap_set_finalize_types(h, UINT64_C(1) << PVEC_BIGNUM);
  for (int i = 0; i < 5; i++) {
    heap_alloc_fixed(h, HEAP_STRING);
    heap_alloc_fixed(h, HEAP_SYMBOL);
    heap_alloc_fixed(h, HEAP_CONS);
    heap_alloc_fixed(h, HEAP_FLOAT);
    struct vectorlike *b = vec(h, 32);
    b->header = vl_make_header(PVEC_BIGNUM, 4, 0);
    heap_note_finalizable(h, b);
    struct vectorlike *v = vec(h, 32);
    v->header = vl_make_header(PVEC_VECTOR, 4, 3);
    struct vectorlike *l = vec(h, 5000);
    l->header = vl_make_header(i % 2 ? PVEC_BIGNUM : PVEC_VECTOR, 625, 0);
    heap_note_finalizable(h, l);
  }
  struct fin_count f = {{0}};
  struct heap_sweep_result r;
  heap_sweep(h, count_fin, &f, &r);
  VERIFY(h);
  ck_assert_int_eq(f.per_kind[HEAP_STRING], 5);
  ck_assert_int_eq(f.per_kind[HEAP_SYMBOL], 5);
  ck_assert_int_eq(f.per_kind[HEAP_CONS], 0);
  ck_assert_int_eq(f.per_kind[HEAP_FLOAT], 0);
  ck_assert_int_eq(f.per_kind[HEAP_VECTOR], 5);
  ck_assert_int_eq(f.per_kind[HEAP_LARGE], 2);
  ck_assert_int_eq(r.objects_finalized, 17);
  /* Free chunks are never finalized again. */
  memset(&f, 0, sizeof f);
  heap_sweep(h, count_fin, &f, &r);
  ck_assert_int_eq(r.objects_finalized, 0);
  heap_free(h);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Large objects and conservative lookup                               */
/* ------------------------------------------------------------------ */

START_TEST(large_objects)
{
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  char *small = vec(h, HEAP_VECTOR_SMALL_MAX);
  char *big = vec(h, HEAP_VECTOR_SMALL_MAX + 1);
  char *huge = vec(h, 1 << 20);
  struct heap_kind_stats st;
  heap_kind_stats(h, HEAP_LARGE, &st);
  ck_assert_int_eq(st.used, 2);
  ck_assert_int_eq(st.used_bytes, 2048 + (1 << 20));
  enum heap_kind k;
  ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)small + 8, &k), small);
  ck_assert_int_eq(k, HEAP_VECTOR);
  ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)huge + 700001, &k), huge);
  ck_assert_int_eq(k, HEAP_LARGE);
  ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)big + 2047, &k), big);
  ck_assert_ptr_null(heap_find_object(h, (uintptr_t)big + 2048 + 64, NULL));
  ck_assert(heap_mark(h, huge, HEAP_VECTOR)); /* the kind of the tag is enough */
  ck_assert(heap_marked(h, huge, HEAP_LARGE));
  ck_assert(!heap_mark(h, huge, HEAP_LARGE));
  struct heap_sweep_result r;
  sweep(h, &r);
  heap_kind_stats(h, HEAP_LARGE, &st);
  ck_assert_int_eq(st.used, 1);
  ck_assert(!heap_marked(h, huge, HEAP_LARGE));
  ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)huge + 12345, NULL), huge);
  sweep(h, &r);
  heap_kind_stats(h, HEAP_LARGE, &st);
  ck_assert_int_eq(st.used, 0);
  ck_assert_ptr_null(heap_find_object(h, (uintptr_t)huge + 12345, NULL));
  ck_assert_ptr_null(heap_alloc_vector(h, SIZE_MAX));
  ck_assert_ptr_null(heap_alloc_vector(h, SIZE_MAX / 2));
  VERIFY(h);
  heap_free(h);
}
END_TEST

START_TEST(find_object_interior_and_free)
{
  struct heap *h = fresh(VECTOR_POLICY_BITMAP);
  char *a = vec(h, 64), *b = vec(h, 40), *c = vec(h, 200);
  enum heap_kind k;
  for (int off = 0; off < 64; off++)
    ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)a + off, &k), a);
  for (int off = 0; off < 40; off++)
    ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)b + off, &k), b);
  ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)c + 199, &k), c);
  ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)b | TAG_VECTORLIKE, &k), b);
  /* The rest of the block is one free chunk: not an object. */
  ck_assert_ptr_null(heap_find_object(h, (uintptr_t)c + 200, NULL));
  ck_assert_ptr_null(heap_find_object(h, (uintptr_t)c + 1000, NULL));
  /* The descriptor word in front of the block is not an object. */
  ck_assert_ptr_null(heap_find_object(h, (uintptr_t)a - 8, NULL));
  heap_mark(h, a, HEAP_VECTOR);
  heap_mark(h, c, HEAP_VECTOR);
  sweep(h, NULL);
  ck_assert_ptr_null(heap_find_object(h, (uintptr_t)b + 16, NULL));
  ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)c + 16, NULL), c);
  /* Words that point nowhere near the heap. */
  int local;
  ck_assert_ptr_null(heap_find_object(h, (uintptr_t)&local, NULL));
  ck_assert_ptr_null(heap_find_object(h, 0, NULL));
  ck_assert_ptr_null(heap_find_object(h, 42, NULL));
  ck_assert_ptr_null(heap_find_object(h, UINTPTR_MAX, NULL));
  ck_assert_ptr_null(heap_find_object(h, (uintptr_t)h, NULL));
  /* The unused tail of a fixed block is not an object either. */
  char *s = heap_alloc_fixed(h, HEAP_SYMBOL);
  uintptr_t end = ((uintptr_t)s & ~(uintptr_t)(HEAP_FIXED_BLOCK_BYTES - 1)) + HEAP_FIXED_BLOCK_BYTES;
  ck_assert_ptr_null(heap_find_object(h, end - 1, NULL));
  ck_assert_ptr_null(heap_find_object(h, end - HEAP_FIXED_BLOCK_BYTES, NULL));
  heap_free(h);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Allocator failure                                                   */
/* ------------------------------------------------------------------ */

struct meter {
  long calls, fail_at; /* fail the fail_at'th call and every later one */
  long live;
  size_t bytes;
  size_t limit; /* when not 0, refuse to hold more bytes than this */
  size_t watch; /* when not 0, count live allocations of this size */
  long watched;
};

static void *meter_alloc(void *ud, size_t align, size_t n)
{
  struct meter *m = ud;
  if (m->fail_at && ++m->calls >= m->fail_at)
    return NULL;
  if (m->limit && m->bytes + n > m->limit)
    return NULL;
  void *p = NULL;
  if (posix_memalign(&p, align < sizeof(void *) ? sizeof(void *) : align, n))
    return NULL;
  m->live++;
  m->bytes += n;
  m->watched += n == m->watch;
  return p;
}

static void meter_free(void *ud, void *p, size_t n)
{
  struct meter *m = ud;
  m->live--;
  m->bytes -= n;
  m->watched -= n == m->watch;
  free(p);
}

/* A fixed script of allocations and sweeps: every step may fail, none
   may corrupt the heap. */
static int run_script(struct heap *h)
{
  int failures = 0;
  void *keep[64];
  int nkeep = 0;
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < 600; i++) {
      void *p = (i % 3 == 0)   ? heap_alloc_fixed(h, (enum heap_kind)(i % HEAP_FIXED_KINDS))
                : (i % 3 == 1) ? heap_alloc_vector(h, 16 + (size_t)(i * 37 % 1500))
                               : heap_alloc_vector(h, i % 50 == 2 ? 9000 : 200);
      failures += !p;
      if (p && nkeep < 64 && i % 10 == 0)
        keep[nkeep++] = p;
      if (i % 97 == 0)
        VERIFY(h);
    }
    for (int j = 0; j < nkeep; j++) {
      enum heap_kind k;
      ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)keep[j], &k), keep[j]);
      heap_mark(h, keep[j], k);
    }
    sweep(h, NULL);
  }
  return failures;
}

START_TEST(allocator_failure)
{
  struct meter m = {0};
  struct heap_allocator a = {meter_alloc, meter_free, &m};
  /* First learn how many calls the script makes, then fail each one. */
  struct heap *h = heap_new(&a);
  ck_assert_int_eq(run_script(h), 0);
  heap_free(h);
  ck_assert_int_eq(m.live, 0);
  ck_assert_int_eq(m.bytes, 0);
  long total = 0;
  m.fail_at = LONG_MAX;
  h = heap_new(&a);
  run_script(h);
  total = m.calls;
  heap_free(h);
  ck_assert_int_gt(total, 10);
  m.fail_at = 1;
  ck_assert_ptr_null(heap_new(&a));
  for (long n = 2; n <= total; n += (n < 40 ? 1 : 7)) {
    m = (struct meter){0, n, 0, 0, 0};
    h = heap_new(&a);
    ck_assert_ptr_nonnull(h);
    ck_assert_int_gt(run_script(h), 0);
    VERIFY(h);
    m.fail_at = 0; /* memory comes back: the heap works again */
    ck_assert_ptr_nonnull(heap_alloc_fixed(h, HEAP_CONS));
    ck_assert_ptr_nonnull(heap_alloc_vector(h, 4000));
    ck_assert_ptr_nonnull(heap_alloc_vector(h, 40));
    VERIFY(h);
    heap_free(h);
    ck_assert_int_eq(m.live, 0);
    ck_assert_int_eq(m.bytes, 0);
  }
}
END_TEST

START_TEST(reserve_yields_under_a_limit)
{
  struct meter m = {0};
  struct heap_allocator a = {meter_alloc, meter_free, &m};
  struct heap *h = heap_new(&a);
  heap_set_reserve(h, 8 * HEAP_FIXED_BLOCK_BYTES);
  for (int i = 0; i < 40000; i++)
    ck_assert_ptr_nonnull(heap_alloc_fixed(h, HEAP_CONS));
  sweep(h, NULL); /* all dead: 8 empty cons blocks stay in reserve */
  struct heap_kind_stats st;
  heap_kind_stats(h, HEAP_CONS, &st);
  ck_assert_int_eq(st.blocks, 8);
  m.limit = m.bytes; /* no more memory from the host */
  /* Vectors get the memory of the idle cons blocks. */
  for (int i = 0; i < 100; i++)
    ck_assert_ptr_nonnull(heap_alloc_vector(h, 2000));
  VERIFY(h);
  heap_kind_stats(h, HEAP_CONS, &st);
  ck_assert_int_eq(st.blocks, 0);
  ck_assert_uint_le(m.bytes, m.limit);
  /* Once even the reserve is gone, allocation fails cleanly. */
  void *p;
  while ((p = heap_alloc_vector(h, 2000)))
    ;
  VERIFY(h);
  ck_assert_ptr_null(heap_alloc_fixed(h, HEAP_FLOAT)); /* would need a new block */
  VERIFY(h);
  heap_free(h);
  ck_assert_int_eq(m.live, 0);
}
END_TEST

/* Vector blocks come sixteen to one system allocation, and a group
   goes back to the system once none of its blocks is in use: with no
   reserve asked for, only the group of the one block a sweep keeps
   stays. */
START_TEST(vector_blocks_come_in_groups)
{
  struct meter m = {.watch = 16 * HEAP_VECTOR_BLOCK_BYTES};
  struct heap_allocator a = {meter_alloc, meter_free, &m};
  struct heap *h = heap_new(&a);
  heap_set_reserve(h, 0);
  for (int i = 0; i < 2 * 20; i++)
    vec(h, 2000); /* two per block */
  struct heap_kind_stats st;
  heap_kind_stats(h, HEAP_VECTOR, &st);
  ck_assert_int_eq(st.blocks, 20);
  ck_assert_int_eq(m.watched, 2);
  sweep(h, NULL);
  heap_kind_stats(h, HEAP_VECTOR, &st);
  ck_assert_int_eq(st.blocks, 1);
  ck_assert_int_eq(m.watched, 1);
  for (int i = 0; i < 2 * 16; i++)
    vec(h, 2000); /* the kept block, then the kept group's 15 others */
  ck_assert_int_eq(m.watched, 1);
  vec(h, 2000);
  ck_assert_int_eq(m.watched, 2);
  heap_free(h);
  ck_assert_int_eq(m.live, 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Randomised churn under each policy                                  */
/* ------------------------------------------------------------------ */

struct obj {
  void *p;
  enum heap_kind k;
  size_t n;
  unsigned char tag;
};

static uint64_t rng_next(uint64_t *s)
{
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

static void fill(struct obj *o)
{
  size_t skip = o->k == HEAP_VECTOR || o->k == HEAP_LARGE ? 8 : 0; /* keep the header */
  memset((char *)o->p + skip, o->tag, o->n - skip);
}

static void check_fill(const struct obj *o)
{
  size_t skip = o->k == HEAP_VECTOR || o->k == HEAP_LARGE ? 8 : 0, bad = 0;
  for (size_t i = skip; i < o->n; i++) /* one assertion: Check logs each */
    bad += ((unsigned char *)o->p)[i] != o->tag;
  ck_assert_int_eq(bad, 0);
}

START_TEST(random_churn)
{
  enum { LIVE = 3000 };
  static const size_t fixed_sizes[] = {16, 8, sizeof(struct symbol), sizeof(struct string)};
  for (int p = 0; p < VECTOR_POLICY_COUNT; p++) {
    struct heap *h = fresh((enum vector_policy)p);
    uint64_t seed = 0x9e3779b97f4a7c15ull + (uint64_t)p;
    struct obj *objs = calloc(LIVE, sizeof *objs);
    for (int step = 0; step < 40000; step++) {
      struct obj *o = &objs[rng_next(&seed) % LIVE];
      uint64_t r = rng_next(&seed);
      if (r % 4 == 0) {
        o->k = (enum heap_kind)(r / 4 % HEAP_FIXED_KINDS);
        o->n = fixed_sizes[o->k];
        o->p = heap_alloc_fixed(h, o->k);
      } else {
        o->n = 8 + r / 4 % (r % 64 == 1 ? 6000 : 1600);
        o->p = heap_alloc_vector(h, o->n);
        o->k = o->n > HEAP_VECTOR_SMALL_MAX ? HEAP_LARGE : HEAP_VECTOR;
      }
      ck_assert_ptr_nonnull(o->p);
      o->tag = (unsigned char)(r >> 40);
      fill(o);
      if (step % 5000 == 4999) {
        /* Keep a random half of the table alive; forget the rest. */
        for (int i = 0; i < LIVE; i++) {
          if (objs[i].p && rng_next(&seed) % 2) {
            enum heap_kind k;
            ck_assert_ptr_eq(heap_find_object(h, (uintptr_t)objs[i].p + objs[i].n - 1, &k), objs[i].p);
            heap_mark(h, objs[i].p, k);
          } else {
            objs[i].p = NULL;
          }
        }
        sweep(h, NULL);
        for (int i = 0; i < LIVE; i++)
          if (objs[i].p)
            check_fill(&objs[i]);
      } else if (step % 1000 == 0) {
        VERIFY(h);
      }
    }
    free(objs);
    heap_free(h);
  }
}
END_TEST

/* ------------------------------------------------------------------ */
/* Introspection                                                       */
/* ------------------------------------------------------------------ */

struct block_totals {
  size_t blocks[HEAP_KIND_COUNT], live[HEAP_KIND_COUNT];
};

static void total_block(const struct heap_block_info *b, void *ud)
{
  struct block_totals *t = ud;
  t->blocks[b->kind]++;
  t->live[b->kind] += b->live_bytes;
  ck_assert_uint_le(b->live_bytes + b->free_bytes, b->size);
}

START_TEST(blocks_match_stats)
{
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  for (int i = 0; i < 5000; i++)
    heap_alloc_fixed(h, HEAP_FLOAT);
  for (int i = 0; i < 300; i++)
    vec(h, 8 * (size_t)(1 + i % 200));
  vec(h, 100000);
  struct block_totals t = {{0}, {0}};
  heap_foreach_block(h, total_block, &t);
  for (int k = 0; k < HEAP_KIND_COUNT; k++) {
    struct heap_kind_stats st;
    heap_kind_stats(h, (enum heap_kind)k, &st);
    ck_assert_int_eq(t.blocks[k], st.blocks);
    ck_assert_int_eq(t.live[k], st.used_bytes);
  }
  heap_free(h);
}
END_TEST

/* The verifier itself: each corruption is reported, and undoing it
   makes the heap whole again. */
static void expect_violation(struct heap *h, const char *needle)
{
  char err[256] = "";
  ck_assert(!heap_verify(h, err, sizeof err));
  ck_assert_msg(strstr(err, needle) != NULL, "got \"%s\", wanted \"%s\"", err, needle);
  ck_assert(!heap_verify(h, NULL, 0)); /* no message buffer is fine */
}

START_TEST(verify_detects_violations)
{
  struct heap *h = fresh(VECTOR_POLICY_BITMAP);
  struct cons *c = heap_alloc_fixed(h, HEAP_CONS);
  heap_mark(h, c, HEAP_CONS);
  expect_violation(h, "mark bit");
  sweep(h, NULL);
  struct vectorlike *v = vec(h, 16);
  heap_mark(h, v, HEAP_VECTOR);
  expect_violation(h, "mark bit");
  sweep(h, NULL);
  /* The free remainder after V claims a wrong size. */
  struct vectorlike *rest = (struct vectorlike *)((char *)v + 16);
  uint64_t saved = rest->header;
  rest->header = vl_make_header(PVEC_FREE, 4, 0);
  expect_violation(h, "free chunk");
  rest->header = saved;
  VERIFY(h);
  /* An object whose header runs into the next chunk. */
  v->header = vl_make_header(PVEC_VECTOR, 5, 4);
  expect_violation(h, "overlaps");
  v->header = vl_make_header(PVEC_VECTOR, 2, 1);
  VERIFY(h);
  /* A free chunk that claims to be an object is missing from its list. */
  rest->header = vl_make_header(PVEC_VECTOR, vl_header_words(saved), 0);
  expect_violation(h, "");
  rest->header = saved;
  VERIFY(h);
  heap_free(h);
}
END_TEST

START_TEST(policy_switch_midway)
{
  struct heap *h = fresh(VECTOR_POLICY_SCAN);
  void *keep[300];
  for (int round = 0; round < 9; round++) {
    heap_set_policy(h, (enum vector_policy)(round % VECTOR_POLICY_COUNT));
    ck_assert_int_eq(heap_policy(h), round % VECTOR_POLICY_COUNT);
    for (int i = 0; i < 300; i++)
      keep[i] = vec(h, 16 + 8 * (size_t)((i * 7 + round) % 120));
    for (int i = 0; i < 300; i += 3)
      heap_mark(h, keep[i], HEAP_VECTOR);
    sweep(h, NULL);
  }
  heap_set_policy(h, VECTOR_POLICY_COUNT); /* ignored */
  ck_assert_int_eq(heap_policy(h), 8 % VECTOR_POLICY_COUNT);
  heap_free(h);
}
END_TEST

struct fixed_walk {
  int live, free;
  size_t bytes;
};

static void walk_fixed(const void *start, size_t nbytes, int type, void *ud)
{
  struct fixed_walk *w = ud;
  if (type)
    w->live++;
  else
    w->free++;
  w->bytes += nbytes;
}

static void find_kind_block(const struct heap_block_info *b, void *ud)
{
  const struct heap_block_info *want = ud;
  if (b->kind == want->kind)
    *(struct heap_block_info *)ud = *b;
}

START_TEST(chunks_of_fixed_and_large_blocks)
{
  struct heap *h = fresh(VECTOR_POLICY_HINT);
  void *s[3];
  for (int i = 0; i < 3; i++)
    s[i] = heap_alloc_fixed(h, HEAP_STRING);
  heap_mark(h, s[0], HEAP_STRING);
  heap_mark(h, s[2], HEAP_STRING);
  sweep(h, NULL);
  struct heap_block_info info = {.kind = HEAP_STRING};
  heap_foreach_block(h, find_kind_block, &info);
  ck_assert_ptr_eq(info.start, s[0]);
  ck_assert_int_eq(info.live_bytes, 2 * sizeof(struct string));
  struct fixed_walk w = {0, 0, 0};
  heap_foreach_chunk(h, info.start, walk_fixed, &w);
  ck_assert_int_eq(w.live, 2);
  ck_assert_int_eq(w.bytes, info.size);
  ck_assert_int_eq(w.bytes, info.live_bytes + info.free_bytes);
  struct vectorlike *big = vec(h, 10000);
  big->header = vl_make_header(PVEC_RECORD, 1250, 3);
  info = (struct heap_block_info){.kind = HEAP_LARGE};
  heap_foreach_block(h, find_kind_block, &info);
  ck_assert_ptr_eq(info.start, big);
  struct chunk_log l = {0};
  heap_foreach_chunk(h, info.start, log_chunk, &l);
  ck_assert_int_eq(l.n, 1);
  ck_assert_int_eq(l.size[0], 10000);
  ck_assert_int_eq(l.type[0], PVEC_RECORD);
  l.n = 0;
  heap_foreach_chunk(h, &l, log_chunk, &l); /* not a block: nothing */
  ck_assert_int_eq(l.n, 0);
  heap_free(h);
}
END_TEST

/* Dead objects are buried: poisoned under AddressSanitizer, filled
   with 0xdb under --enable-gc-checks; reuse brings them back. */
START_TEST(dead_memory_is_buried)
{
  struct heap *h = fresh(VECTOR_POLICY_BITMAP);
  struct cons *c = heap_alloc_fixed(h, HEAP_CONS);
  char *a = vec(h, 64), *b = vec(h, 64);
  heap_mark(h, b, HEAP_VECTOR);
  sweep(h, NULL);
#if defined(TEST_ASAN)
  ck_assert(__asan_address_is_poisoned(c));
  ck_assert(!__asan_address_is_poisoned(a));      /* a free chunk's header */
  ck_assert(__asan_address_is_poisoned(a + 16));  /* and its body */
  ck_assert(!__asan_address_is_poisoned(b + 56)); /* the live object */
#elif defined(MARROW_GC_CHECKS)
  ck_assert_uint_eq(c->car, UINT64_C(0xdbdbdbdbdbdbdbdb));
  ck_assert_int_eq((unsigned char)a[40], 0xdb);
#endif
  struct cons *c2 = heap_alloc_fixed(h, HEAP_CONS);
  ck_assert_ptr_eq(c2, c);
  OBJ_INIT(c2->car, 1); /* addressable again, for its maker to write whole */
  OBJ_INIT(c2->cdr, 2);
  char *a2 = vec(h, 64);
  ck_assert_ptr_eq(a2, a);
  memset(a2 + 8, 1, 56); /* all of it addressable again */
  heap_free(h);
}
END_TEST

/* A vector block released by a sweep stays in its group, buried as
   free() would have left it, until a new block takes its place. */
START_TEST(released_vector_block_is_buried)
{
  struct heap *h = fresh(VECTOR_POLICY_BITMAP);
  heap_set_reserve(h, 0);
  char *first = vec(h, 2000);
  for (int i = 1; i < 6; i++)
    vec(h, 2000); /* three blocks, all garbage */
  sweep(h, NULL); /* keeps the newest empty block, releases two */
#if defined(TEST_ASAN)
  ck_assert(__asan_address_is_poisoned(first));
#endif
  vec(h, 2000);
  vec(h, 2000);                     /* the kept block */
  ck_assert_ptr_eq(vec(h, 2000), first); /* the first free block of the group */
  memset(first + 8, 1, 1992);       /* all of it addressable again */
  heap_free(h);
}
END_TEST

int main(void)
{
  Suite *s = suite_create("heap");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, vindex_arithmetic);
  tcase_add_test(tc, policy_names);
  tcase_add_test(tc, policy_selects_list);
  tcase_add_test(tc, split_needs_room_for_remainder);
  tcase_add_test(tc, bitmap_tracks_lists);
  tcase_add_test(tc, split_remainder_goes_to_its_list);
  tcase_add_test(tc, sweep_coalesces);
  tcase_add_test(tc, hint_reset_at_sweep);
  tcase_add_test(tc, block_release_keeps_reserve);
  tcase_add_test(tc, fixed_alloc_bumps);
  tcase_add_test(tc, fixed_reuse_zeroes_symbols_and_strings);
  tcase_add_test(tc, fixed_mark_sweep_reuse);
  tcase_add_test(tc, unmarked_walk_visits_young_only);
  tcase_add_test(tc, finalization);
  tcase_add_test(tc, large_objects);
  tcase_add_test(tc, find_object_interior_and_free);
  tcase_add_test(tc, allocator_failure);
  tcase_add_test(tc, reserve_yields_under_a_limit);
  tcase_add_test(tc, vector_blocks_come_in_groups);
  tcase_add_test(tc, random_churn);
  tcase_add_test(tc, blocks_match_stats);
  tcase_add_test(tc, verify_detects_violations);
  tcase_add_test(tc, policy_switch_midway);
  tcase_add_test(tc, chunks_of_fixed_and_large_blocks);
  tcase_add_test(tc, dead_memory_is_buried);
  tcase_add_test(tc, released_vector_block_is_buried);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
