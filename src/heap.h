/*
** heap.h -- layer 2: heap mechanics.
**
** Blocks, free lists, the VINDEX-indexed vector free lists and their
** search policies, large objects, side mark bitmaps, sweeping and a
** verifier.  This layer knows object sizes and mark bits, never what an
** object means: it reads only the vector-like header's type and size
** (object.h), and calls back to the layer above to finalize dead
** objects.  It can be built and tested without the rest of marrow.
**
** (The design essay and constants live at the top of heap.c and in
** docs/heap.md.)
*/
#ifndef MARROW_HEAP_H
#define MARROW_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "object.h"

/* Objects of a fixed size come from blocks of their own kind. */
enum heap_kind {
  HEAP_CONS,    /* struct cons, 16 bytes */
  HEAP_FLOAT,   /* double, 8 bytes */
  HEAP_SYMBOL,  /* struct symbol */
  HEAP_STRING,  /* struct string (the header only) */
  HEAP_FIXED_KINDS,
  HEAP_VECTOR = HEAP_FIXED_KINDS, /* chunk in a vector block */
  HEAP_LARGE,                     /* large vector-like, allocated alone */
  HEAP_KIND_COUNT
};

/* Geometry (docs/heap.md says why these numbers).  Every block begins
   with one word that points to its descriptor, so a vector block holds
   4096 - 8 = 4088 bytes of chunks, exactly as in GNU Emacs. */
#define HEAP_WORD 8
#define HEAP_PAGE_BYTES 4096                 /* lookup granule */
#define HEAP_FIXED_BLOCK_BYTES 65536         /* cons/float/symbol/string */
#define HEAP_VECTOR_BLOCK_BYTES 4096
#define HEAP_VECTOR_DATA_BYTES (HEAP_VECTOR_BLOCK_BYTES - HEAP_WORD)
#define HEAP_VECTOR_MIN_BYTES 16             /* header + free-list link */
#define HEAP_VECTOR_SMALL_MAX 2040           /* larger: allocated alone */
#define HEAP_VINDEX(nbytes) (((nbytes) - HEAP_VECTOR_MIN_BYTES) / HEAP_WORD)
#define HEAP_VECTOR_LISTS (HEAP_VINDEX(HEAP_VECTOR_DATA_BYTES) + 1) /* 510 */
#define HEAP_VECTOR_BITMAP_WORDS ((HEAP_VECTOR_LISTS + 63) / 64)

enum vector_policy {
  VECTOR_POLICY_SCAN,   /* linear scan upward (Emacs 28) */
  VECTOR_POLICY_HINT,   /* scan from max(wanted, last insertion) (Emacs 30) */
  VECTOR_POLICY_BITMAP, /* find-first-set over non-empty lists: exact */
  VECTOR_POLICY_COUNT
};
/* bitmap measured fewest instructions in the allocation step and in
   whole runs of every vector workload, and it never misses a free chunk
   (bench/README.md, "Policy default"). */
#define VECTOR_POLICY_DEFAULT VECTOR_POLICY_BITMAP
const char *heap_policy_name(enum vector_policy p);
/* Returns true and sets *out when NAME is "scan", "hint" or "bitmap". */
bool heap_policy_parse(const char *name, enum vector_policy *out);

/* Where the heap gets system memory.  Every byte the heap owns comes
   through here, so a host can meter it and tests can inject failures.
   alloc returns NULL on failure; the heap then returns NULL upward. */
struct heap_allocator {
  void *(*alloc)(void *ud, size_t align, size_t nbytes);
  void (*free)(void *ud, void *p, size_t nbytes);
  void *ud;
};

/* Counts for one kind, as the collector reports them. */
struct heap_kind_stats {
  size_t object_size; /* bytes per object; 8 (a word) for vector slots */
  size_t used;        /* live objects (vectors: live chunks) */
  size_t free;        /* free objects (vectors: free bytes / 8) */
  size_t used_bytes;
  size_t free_bytes;
  size_t blocks;
};

struct heap_sweep_result {
  size_t blocks_freed;       /* returned to the system this sweep */
  size_t bytes_freed;        /* object bytes reclaimed */
  size_t objects_finalized;
};

/* Called by the sweep for each dead object that needs finalizing:
   strings and symbols among the fixed kinds, and vector-likes whose
   type bit is set in heap->finalize_types (KIND is HEAP_VECTOR or
   HEAP_LARGE for those).  It must not allocate from this heap. */
typedef void (*heap_finalize_fn)(void *obj, enum heap_kind kind, void *ud);

struct heap;

/* Life cycle.  ALLOCATOR may be NULL for the C library's. */
struct heap *heap_new(const struct heap_allocator *allocator);
void heap_free(struct heap *h); /* releases every block and large object */

void heap_set_policy(struct heap *h, enum vector_policy p);
enum vector_policy heap_policy(const struct heap *h);
/* Dead vector-likes of these types are passed to the finalizer. */
void heap_set_finalize_types(struct heap *h, uint64_t pvec_type_mask);
/* Empty blocks a sweep keeps instead of releasing, in bytes per block
   class (each fixed kind, vector blocks); at least one block is always
   kept.  Default 512 KiB; the collector may set its GC threshold, the
   bytes that will be allocated before the next sweep. */
void heap_set_reserve(struct heap *h, size_t bytes);

/* Allocation: NULL when the system (or the allocator) refuses memory.
   Symbols and string headers come back zeroed; a cons or a float comes
   back as it was, for its maker to write whole.  heap_alloc_vector takes the total
   size in bytes (header included, rounded up to a word) and writes a
   placeholder header that the caller overwrites. */
void *heap_alloc_fixed(struct heap *h, enum heap_kind k);
void *heap_alloc_vector(struct heap *h, size_t nbytes);
/* A vector-like of a type in finalize_types must be noted once its
   header is written: the sweep reads dead headers only in blocks where
   such an object was made. */
void heap_note_finalizable(struct heap *h, void *obj);

/* Marking.  heap_mark sets OBJ's mark bit and returns true when it was
   clear, so the collector pushes each object once. */
bool heap_mark(struct heap *h, const void *obj, enum heap_kind k);
bool heap_marked(const struct heap *h, const void *obj, enum heap_kind k);
/* heap_marked for a vector-like, small or large: the write barrier's
   test at every vector store, so it is kept short. */
bool heap_marked_vectorlike(const void *obj);
void heap_unmark(struct heap *h, const void *obj, enum heap_kind k);

/* Sticky marks, for a generational collector above: when on, the sweep
   frees the unmarked objects but leaves the survivors' marks set, so
   that the next marking stops at them.  heap_clear_marks starts a full
   marking over. */
void heap_set_sticky_marks(struct heap *h, bool on);
void heap_clear_marks(struct heap *h); /* and every age bit */

/* Ages: one more bit per object, for a collector that keeps an object
   young through the first collection it survives.  The sweep clears it
   on every unmarked object, heap_clear_marks on all.  heap_age ages a
   marked object after a minor collection: if it has the bit, it loses
   it and stays marked (old: true); if not, it gets the bit and loses
   its mark (young for one more collection: false). */
bool heap_aged(const struct heap *h, const void *obj, enum heap_kind k);
bool heap_age(struct heap *h, const void *obj, enum heap_kind k);

/* The same for fixed kinds, inline, for the collector's hot loop.  A
   fixed block is aligned to its size; its mark bitmap lies
   HEAP_FIXED_MARKS bytes past the block's start, one bit per slot from
   the first object on, which lies heap_fixed_first (h, k) bytes past
   the start.  The caller keeps FIRST at hand, so finding a mark bit
   takes arithmetic only, no load.  OBJ may be any address inside the
   object: a tagged pointer is one, so the caller need not untag. */
#define HEAP_FIXED_MARKS 96
size_t heap_fixed_first(const struct heap *h, enum heap_kind k);

/* Constant divisors once K is known: no division instruction. */
static inline size_t heap_fixed_slot(enum heap_kind k, size_t offset)
{
  switch (k) {
  case HEAP_CONS: return offset / sizeof(struct cons);
  case HEAP_FLOAT: return offset / sizeof(double);
  case HEAP_SYMBOL: return offset / sizeof(struct symbol);
  default: return offset / sizeof(struct string);
  }
}

/* The bitmap word that holds OBJ's mark bit; *BIT is its position in
   the word (a shift count, so that tests and sets compile to bt/bts). */
static inline uint64_t *heap_fixed_mark_word(const void *obj, enum heap_kind k, size_t first,
                                             unsigned *bit)
{
  uintptr_t start = (uintptr_t)obj & ~(uintptr_t)(HEAP_FIXED_BLOCK_BYTES - 1);
  size_t i = heap_fixed_slot(k, (uintptr_t)obj - start - first);
  *bit = (unsigned)(i & 63);
  return (uint64_t *)(start + HEAP_FIXED_MARKS) + (i >> 6);
}

static inline bool heap_mark_fixed(const void *obj, enum heap_kind k, size_t first)
{
  unsigned bit;
  uint64_t *w = heap_fixed_mark_word(obj, k, first, &bit);
  uint64_t word = *w;
  if ((word >> bit) & 1)
    return false;
  *w = word | (uint64_t)1 << bit;
  return true;
}

static inline bool heap_marked_fixed(const void *obj, enum heap_kind k, size_t first)
{
  unsigned bit;
  const uint64_t *w = heap_fixed_mark_word(obj, k, first, &bit);
  return (*w >> bit) & 1;
}

static inline bool heap_age_bit(uint64_t *mark, uint64_t *age, unsigned bit)
{
  uint64_t m = (uint64_t)1 << bit;
  if (*age & m) {
    *age &= ~m;
    return true;
  }
  *age |= m;
  *mark &= ~m;
  return false;
}

/* heap_age for fixed kinds, inline: AGE_WORDS is heap_fixed_age_words
   (h, k), how far past its mark word an object's age word lies. */
size_t heap_fixed_age_words(const struct heap *h, enum heap_kind k);
static inline bool heap_age_fixed(const void *obj, enum heap_kind k, size_t first, size_t age_words)
{
  unsigned bit;
  uint64_t *mark = heap_fixed_mark_word(obj, k, first, &bit);
  return heap_age_bit(mark, mark + age_words, bit);
}

/* Calls FN on every allocated, unmarked object of fixed kind K: under
   sticky marks, the young generation.  FN may mark objects; one it
   marks before the walk comes to it is passed to FN anyway (same bitmap
   word) or skipped (a later word), so FN must take a marked one calmly. */
typedef void (*heap_object_fn)(void *obj, void *ud);
void heap_each_unmarked_fixed(struct heap *h, enum heap_kind k, heap_object_fn fn, void *ud);

/* Every object lies in [*LO, *HI): a word outside it points to none.
   Empty (LO > HI) before the first block. */
void heap_address_range(const struct heap *h, uintptr_t *lo, uintptr_t *hi);

/* Conservative lookup: the start of the allocated (not free) object
   that ADDR points into, or NULL.  Interior pointers count. */
void *heap_find_object(const struct heap *h, uintptr_t addr, enum heap_kind *kind_out);

/* Sweep: free every unmarked object, clear every mark bit (unless they
   are sticky), coalesce
   adjacent dead chunks, release empty blocks (keeping a small reserve),
   and rebuild the free lists, bitmap and hint. */
void heap_sweep(struct heap *h, heap_finalize_fn fin, void *ud,
                struct heap_sweep_result *out);

/* Statistics and introspection. */
void heap_kind_stats(const struct heap *h, enum heap_kind k, struct heap_kind_stats *out);
size_t heap_bytes_in_use(const struct heap *h); /* system memory the heap holds */

/* Chunk count on each vector free list; returns the number of lists.
   *hint is the hint (policy hint) or -1; bitmap words are copied to
   BITMAP when it is non-NULL. */
size_t heap_vector_free_lists(const struct heap *h, size_t *counts, size_t ncounts,
                              long *hint, uint64_t *bitmap, size_t nbitmap_words);

/* How small vector-likes were served, since the heap was made: the cost
   of the allocation step under the current policy. */
struct heap_vector_stats {
  uint64_t allocs;       /* small vector-likes allocated */
  uint64_t exact;        /* from the exact-size list */
  uint64_t splits;       /* by splitting a larger chunk */
  uint64_t new_blocks;   /* from a fresh block (no list could serve) */
  uint64_t lists_probed; /* lists examined (scan, hint) or bitmap words (bitmap) */
  uint64_t hint_misses;  /* hint: a usable chunk lay below the hint */
};
void heap_vector_stats(const struct heap *h, struct heap_vector_stats *out);

struct heap_block_info {
  enum heap_kind kind;
  const void *start;
  size_t size;
  size_t live_bytes;
  size_t free_bytes;
};
typedef void (*heap_block_fn)(const struct heap_block_info *b, void *ud);
void heap_foreach_block(const struct heap *h, heap_block_fn fn, void *ud);

/* Each chunk of a block in address order: live objects and free chunks,
   for heap maps.  For fixed kinds, chunk_type is 1 when live; for
   vectors it is the pvec type (PVEC_FREE for a free chunk). */
typedef void (*heap_chunk_fn)(const void *start, size_t nbytes, int chunk_type, void *ud);
void heap_foreach_chunk(const struct heap *h, const void *block_start, heap_chunk_fn fn, void *ud);

/* Checks every invariant: free lists and bitmap agree, no mark bit is
   set outside a collection, every free chunk lies inside its block,
   chunks do not overlap, counts are consistent.  Returns true when all
   hold; otherwise writes the first violation into ERR. */
bool heap_verify(const struct heap *h, char *err, size_t errlen);

#endif
