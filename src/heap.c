/*
** heap.c -- layer 2: blocks, free lists, mark bitmaps, sweeping.
**
** ==================================================================
** The design, in brief
** ==================================================================
**
** The heap hands out memory for five shapes of object and takes it
** back when the collector (gc.c) says an object is dead.  It knows
** sizes and mark bits, never what an object means.
**
** Blocks.  Every object lives in a block obtained from the host's
** allocator (struct heap_allocator).  Each block is aligned to its own
** size, and its first word points to the block's descriptor (struct
** hblock).  So "which block is this object in?" is one AND and one
** load, which is what marking needs, with no search:
**
**     desc = *(struct hblock **)(addr & ~(block_size - 1))
**
** Fixed-size kinds (conses, floats, symbols, string headers) live in
** 64 KiB blocks, the descriptor inline right after that first word,
** then the objects.  The descriptor holds two side bitmaps, one bit per
** object: `alloc` (the slot holds an object) and `mark`.  A sweep
** therefore never reads an object: for each bitmap word,
**
**     dead  = alloc & ~mark      (finalize these, if the kind needs it)
**     alloc = alloc &  mark      (the survivors)
**     mark  = 0
**
** so 64 objects are swept per instruction sequence, and a block of
** 4027 conses costs 64 word operations.  Marking a fixed object needs
** no load at all before the bitmap's: the descriptor sits at a known
** offset in the aligned block.
**
** The free "list" of a fixed block is the complement of its alloc
** bitmap.  Allocation keeps a cursor (block, word, cached free bits)
** and takes the lowest free bit with count-trailing-zeros.  In a fresh
** block every bit is free, so allocation bumps straight through it in
** address order; in a swept block it fills the holes in order.  Blocks
** with free slots are queued after each sweep, part-full ones before
** empty ones so that empty blocks stay empty and can be released.
**
** Vector-likes up to HEAP_VECTOR_SMALL_MAX bytes come from 4 KiB vector
** blocks (4088 bytes of chunks after the descriptor word).  A block is
** an exact tiling by chunks, live or free; a side bitmap with one bit
** per word marks where each chunk starts, and a second one holds mark
** bits (at a chunk's first word).  Free chunks carry a PVEC_FREE header
** and a link, and sit on the free list for their size:
**
**     VINDEX(nbytes) = (nbytes - 16) / 8,   16 <= nbytes <= 4088
**
** Allocation takes the exact list first.  Otherwise it takes a chunk at
** least 16 bytes bigger (so that the remainder can be a chunk), splits
** it, and puts the remainder on the list for its size.  Which bigger
** list is chosen is the search policy:
**
**     scan    upward from VINDEX(n + 16)                 (Emacs 28)
**     hint    upward from max(VINDEX(n + 16), hint), where the hint
**             is the index last inserted into            (Emacs 30)
**     bitmap  find-first-set in a bitmap of non-empty lists: exact;
**             a summary word, one bit per non-empty bitmap word,
**             finds the next word, so at most three words are read
**
** The hint can skip a fitting chunk below it and split a bigger one;
** the bitmap cannot.  The bitmap is kept up to date under every policy
** (a few bit operations per list push/pop), so switching is free and the
** verifier can check it.  Each sweep empties every list, resets the
** hint as Emacs does, and rebuilds both while coalescing: a run of dead
** chunks (dead objects and old free chunks) becomes one free chunk.
**
** Vector blocks come sixteen at a time from one 64 KiB allocation, a
** group, which also holds their descriptors: a 4 KiB block aligned to
** 4 KiB costs the C library about 8 KiB on its own.  A block released
** by a sweep goes back to its group; the group's memory goes back to
** the system when none of its blocks is in use, except for a few empty
** groups kept (reserve / 64 KiB) so that the next cycle does not take
** fresh pages from the system.
**
** Large vector-likes live alone, page aligned, with the descriptor word
** in front of them and the mark bit in the descriptor.
**
** Conservative lookup.  heap_find_object must be cheap, since it runs
** for every word of the C stack.  A word is first tested against the
** address range of all blocks, which rejects small integers, code
** addresses and most stack addresses; then a hash table keyed by 4 KiB
** page maps it to its block descriptor (every page of every block is in
** it).  Inside a block: fixed kinds divide by the object size and test
** the alloc bit; vector blocks find the nearest chunk start at or below
** the address in the start bitmap (at most eight words, using
** count-leading-zeros) and reject free chunks; large objects compare.
**
** Memory.  All system memory comes through the allocator, and any
** request may fail: the heap then returns NULL and stays consistent
** (nothing is linked in until every allocation for it has succeeded).
** Sweeping keeps a reserve of empty blocks (heap_set_reserve: bytes
** per block class, at least one block) instead of returning all of
** them, so that the allocation until the next collection does not
** malloc, fault in and free the same blocks every cycle.  When the
** allocator refuses, the reserve is given back and the request retried
** once, so an idle reserve never causes a failure under a memory limit.
**
** Invariants (heap_verify checks them all):
**   - every block's first word points to its descriptor, and every page
**     of every block maps to that descriptor in the page table;
**   - outside a collection no mark bit is set -- unless marks are
**     sticky (heap_set_sticky_marks), when they are set on allocated
**     objects only: the collector above's old generation;
**   - fixed: alloc bits exist only for real slots; the kind's live
**     count is the sum of the alloc bits;
**   - vector: each block is handed out by its group, and only those are;
**   - vector: bit 0 of the start bitmap is set and the chunks tile the
**     block exactly; a free chunk's header gives its exact size; each
**     free chunk is on exactly one list, the one for its VINDEX; list
**     counts, the non-empty bitmap, its summary word and the byte totals
**     agree; a chunk's finalization bit is set exactly when it holds an
**     object of a type with a finalizer (heap_set_finalize_types).
*/
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heap.h"

/* Dead memory is filled with 0xdb under --enable-gc-checks and made
   unaddressable under AddressSanitizer, so that a stale pointer fails
   loudly.  Free chunks keep their header and link addressable: the
   heap itself reads those. */
#if defined(__SANITIZE_ADDRESS__)
#define HEAP_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HEAP_ASAN 1
#endif
#endif
#ifdef HEAP_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) __asan_poison_memory_region((p), (n))
#define UNPOISON(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif
#if defined(HEAP_ASAN) || defined(MARROW_GC_CHECKS)
#define HEAP_BURIES_DEAD 1
#endif

/* ------------------------------------------------------------------ */
/* Constants                                                           */
/* ------------------------------------------------------------------ */

#define PAGE_SHIFT 12
#define VWORDS (HEAP_VECTOR_DATA_BYTES / HEAP_WORD) /* 511 */
#define VBITMAP_WORDS ((VWORDS + 63) / 64)          /* 8 */
#define NLISTS HEAP_VECTOR_LISTS
#define NO_HINT ((long)NLISTS) /* Emacs's "nothing inserted yet" */
#define DEFAULT_RESERVE (512 * 1024) /* bytes of empty blocks kept per class */
#define LARGE_OFFSET HEAP_WORD /* descriptor word before a large object */
#define GROUP_BLOCKS 16        /* vector blocks per system allocation */
#define GROUP_BYTES (GROUP_BLOCKS * HEAP_VECTOR_BLOCK_BYTES)
#define GROUP_FULL ((1u << GROUP_BLOCKS) - 1)

_Static_assert(HEAP_VECTOR_LISTS == 510, "VINDEX range as in Emacs");
_Static_assert(HEAP_VECTOR_SMALL_MAX % HEAP_WORD == 0, "word multiple");
_Static_assert(HEAP_FIXED_BLOCK_BYTES % HEAP_PAGE_BYTES == 0, "page multiple");

/* ------------------------------------------------------------------ */
/* Data structures                                                     */
/* ------------------------------------------------------------------ */

/* A block's descriptor.  Fixed blocks hold it inline (after the first
   word); vector blocks (in their group's record) and large objects have
   it apart so their data keeps its full size. */
struct hblock {
  enum heap_kind kind;
  bool large_marked;
  bool large_aged;
  bool doomed;          /* being released by release_reserve */
  bool may_finalize;    /* vector: a finalization bit may be set (VFINALS) */
  uint8_t *base;        /* what the allocator returned */
  size_t sys_bytes;     /* and how much */
  uint8_t *data;        /* first object or chunk */
  size_t data_bytes;
  struct hblock *next;  /* all blocks of this kind (or all large) */
  union {
    struct hblock *next_avail; /* fixed: queued for allocation */
    struct vgroup *group;      /* vector: the group the block came from */
  };
  uint64_t *mark;       /* one bit per slot (fixed) or word (vector) */
  uint64_t *alloc;      /* fixed: the slot holds an object */
  uint64_t *starts;     /* vector: a chunk starts at this word */
  uint64_t *age;        /* the object survived one collection unmarked */
  uint64_t bits[];
};

/* The side bitmaps in bits[], a block's word count each: marks first,
   then allocation (fixed) or chunk starts (vector), then ages.  An age
   bit lies AGE_OFFSET bitmaps past its object's mark bit. */
#define BITMAPS 3
#define AGE_OFFSET 2

/* A fixed block's mark bitmap (b->bits, first) where heap.h says it is. */
_Static_assert(HEAP_WORD + offsetof(struct hblock, bits) == HEAP_FIXED_MARKS,
               "HEAP_FIXED_MARKS must match the descriptor's layout");

/* A vector block's descriptor: the header, then four bitmaps of one
   cache line each (marks, chunk starts, ages, and the chunks that hold
   an object to finalize), each on a line of its own: a sweep reading
   the marks of a block, or a split setting a start bit, touches one
   line, not the two a bitmap straddling lines would cost.  The
   finalization bits let the sweep read the header of a dead chunk only
   when it may need finalizing, not of every dead vector in a block
   where some long-lived object (a function's code) needs it. */
#define CACHE_LINE 64
#define VBITMAP_BYTES (VBITMAP_WORDS * sizeof(uint64_t))
#define VMARK_OFFSET ((sizeof(struct hblock) + CACHE_LINE - 1) & ~(size_t)(CACHE_LINE - 1))
#define VDESC_BYTES (VMARK_OFFSET + 4 * VBITMAP_BYTES)
#define VDESC_WORDS (VDESC_BYTES / HEAP_WORD)
_Static_assert(VBITMAP_BYTES == CACHE_LINE && VDESC_BYTES % CACHE_LINE == 0,
               "vector bitmaps one line each, descriptors on line boundaries");
#define VMARKS(b) ((uint64_t *)((uint8_t *)(b) + VMARK_OFFSET))
#define VSTARTS(b) (VMARKS(b) + VBITMAP_WORDS)
#define VFINALS(b) (VMARKS(b) + 3 * VBITMAP_WORDS)

/* GROUP_BLOCKS vector blocks from one system allocation, and their
   descriptors: handing out a block or taking it back calls no
   allocator, and the memory goes back to the system when every block
   of the group is back. */
struct vgroup {
  uint8_t *base;             /* GROUP_BYTES, aligned to a block */
  unsigned used;             /* bit i: block i is handed out */
  struct vgroup *next;       /* all groups */
  struct vgroup *next_room;  /* groups that had a block to spare */
  _Alignas(CACHE_LINE) uint64_t descs[GROUP_BLOCKS][VDESC_WORDS];
};

/* A free chunk in a vector block. */
struct vchunk {
  uint64_t header; /* PVEC_FREE, size in words */
  struct vchunk *next;
};

struct fixed_space {
  size_t objsize, nslots, nwords; /* nwords: bitmap words per block */
  size_t zero_words;              /* cleared at allocation: see heap_alloc_fixed */
  size_t data_offset;
  uint64_t last_mask;             /* real slots in the last word */
  struct hblock *blocks;
  size_t nblocks;
  struct hblock *avail;           /* blocks that may have free slots */
  struct hblock *cur;             /* allocation cursor */
  long cur_word;
  uint64_t cur_free;              /* free bits of cur_word not yet taken */
  size_t live;
};

struct page_entry {
  uintptr_t page; /* 0: empty */
  struct hblock *block;
};

struct heap {
  struct heap_allocator a;
  enum vector_policy policy;
  uint64_t finalize_types;
  size_t sys_bytes;
  size_t reserve_bytes; /* empty blocks a sweep keeps, per block class */
  bool sticky_marks;    /* the sweep leaves the survivors' marks set */

  struct fixed_space fixed[HEAP_FIXED_KINDS];

  struct hblock *vblocks;
  size_t nvblocks;
  struct vgroup *vgroups, *room;
  struct vchunk *lists[NLISTS];
  size_t counts[NLISTS];
  uint64_t nonempty[HEAP_VECTOR_BITMAP_WORDS];
  uint64_t nonempty_words; /* bit w: nonempty[w] is not zero */
  long hint;
  struct heap_vector_stats vstats;
  size_t vec_live_chunks, vec_live_bytes, vec_free_bytes;

  struct hblock *large;
  size_t nlarge, large_bytes;

  struct page_entry *pages; /* open addressing, linear probing */
  size_t pages_cap, pages_count;
  unsigned pages_shift;     /* 64 - log2(pages_cap) */
  uintptr_t lo, hi;         /* bounds of every block ever added */
};

/* ------------------------------------------------------------------ */
/* Bits                                                                */
/* ------------------------------------------------------------------ */

static inline bool bit_test(const uint64_t *w, size_t i) { return (w[i >> 6] >> (i & 63)) & 1; }
static inline void bit_set(uint64_t *w, size_t i) { w[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void bit_clear(uint64_t *w, size_t i) { w[i >> 6] &= ~((uint64_t)1 << (i & 63)); }
static inline unsigned ctz64(uint64_t x) { return (unsigned)__builtin_ctzll(x); }
static inline unsigned clz64(uint64_t x) { return (unsigned)__builtin_clzll(x); }
/* Without -mpopcnt the builtin is a libgcc call; the SWAR sum is inline. */
static inline unsigned popcount64(uint64_t x)
{
#ifdef __POPCNT__
  return (unsigned)__builtin_popcountll(x);
#else
  x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
  x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
  x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
  return (unsigned)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}

static bool any_set(const uint64_t *w, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (w[i])
      return true;
  return false;
}

/* The first set bit at or after FROM among NBITS, or NBITS. */
static size_t bit_next(const uint64_t *w, size_t from, size_t nbits)
{
  if (from >= nbits)
    return nbits;
  size_t i = from >> 6;
  uint64_t x = w[i] & (~(uint64_t)0 << (from & 63));
  size_t nw = (nbits + 63) >> 6;
  while (!x) {
    if (++i >= nw)
      return nbits;
    x = w[i];
  }
  size_t r = (i << 6) + ctz64(x);
  return r < nbits ? r : nbits;
}

/* The last set bit at or before AT; one must exist. */
static size_t bit_prev(const uint64_t *w, size_t at)
{
  size_t i = at >> 6;
  uint64_t x = w[i] & (~(uint64_t)0 >> (63 - (at & 63)));
  while (!x)
    x = w[--i];
  return (i << 6) + 63 - clz64(x);
}

/* ------------------------------------------------------------------ */
/* System memory                                                       */
/* ------------------------------------------------------------------ */

static void *libc_alloc(void *ud, size_t align, size_t n)
{
  void *p = NULL;
  if (align < sizeof(void *))
    align = sizeof(void *);
  return posix_memalign(&p, align, n) == 0 ? p : NULL;
}
static void libc_free(void *ud, void *p, size_t n) { free(p); }

static size_t release_reserve(struct heap *h);

/* When the allocator refuses, the empty blocks kept in reserve are given
   back and the request is tried once more: a reserve of cons blocks must
   not make a vector allocation fail under a host's memory limit. */
static void *sys_alloc(struct heap *h, size_t align, size_t n)
{
  void *p = h->a.alloc(h->a.ud, align, n);
  if (!p && release_reserve(h))
    p = h->a.alloc(h->a.ud, align, n);
  if (p)
    h->sys_bytes += n;
  return p;
}

static void sys_free(struct heap *h, void *p, size_t n)
{
  if (!p)
    return;
  h->a.free(h->a.ud, p, n);
  h->sys_bytes -= n;
}

/* ------------------------------------------------------------------ */
/* Page table: page number -> block descriptor                         */
/* ------------------------------------------------------------------ */

/* Fibonacci hashing: the top bits of the product are the well mixed ones. */
static inline size_t page_hash(const struct heap *h, uintptr_t page)
{
  return (size_t)(((uint64_t)page * UINT64_C(0x9E3779B97F4A7C15)) >> h->pages_shift);
}

static void page_put(struct heap *h, uintptr_t page, struct hblock *b)
{
  size_t i = page_hash(h, page);
  while (h->pages[i].page)
    i = (i + 1) & (h->pages_cap - 1);
  h->pages[i].page = page;
  h->pages[i].block = b;
  h->pages_count++;
}

/* Make room for N more entries at a load factor of at most one half. */
static bool page_reserve(struct heap *h, size_t n)
{
  if ((h->pages_count + n) * 2 <= h->pages_cap)
    return true;
  size_t cap = h->pages_cap ? h->pages_cap : 256;
  unsigned shift = h->pages_cap ? h->pages_shift : 64 - 8;
  while ((h->pages_count + n) * 2 > cap) {
    cap *= 2;
    shift--;
  }
  struct page_entry *fresh = sys_alloc(h, 16, cap * sizeof *fresh);
  if (!fresh)
    return false;
  memset(fresh, 0, cap * sizeof *fresh);
  struct page_entry *old = h->pages;
  size_t oldcap = h->pages_cap;
  h->pages = fresh;
  h->pages_cap = cap;
  h->pages_shift = shift;
  h->pages_count = 0;
  for (size_t i = 0; i < oldcap; i++)
    if (old[i].page)
      page_put(h, old[i].page, old[i].block);
  sys_free(h, old, oldcap * sizeof *old);
  return true;
}

static inline uintptr_t first_page(const struct hblock *b) { return (uintptr_t)b->base >> PAGE_SHIFT; }
static inline uintptr_t end_page(const struct hblock *b)
{
  return ((uintptr_t)b->base + b->sys_bytes + HEAP_PAGE_BYTES - 1) >> PAGE_SHIFT;
}

/* Registers every page of B; false (and nothing changed) on failure. */
static bool pages_add(struct heap *h, struct hblock *b)
{
  if (!page_reserve(h, end_page(b) - first_page(b)))
    return false;
  for (uintptr_t p = first_page(b); p < end_page(b); p++)
    page_put(h, p, b);
  uintptr_t lo = (uintptr_t)b->base, hi = lo + b->sys_bytes;
  if (lo < h->lo)
    h->lo = lo;
  if (hi > h->hi)
    h->hi = hi;
  return true;
}

/* Backward-shift deletion keeps probe chains intact without tombstones. */
static void page_remove(struct heap *h, uintptr_t page)
{
  size_t mask = h->pages_cap - 1, i = page_hash(h, page);
  while (h->pages[i].page != page)
    i = (i + 1) & mask;
  for (size_t j = (i + 1) & mask; h->pages[j].page; j = (j + 1) & mask) {
    size_t home = page_hash(h, h->pages[j].page);
    /* Move j into the hole at i unless its home lies cyclically in (i, j]. */
    bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
    if (!stays) {
      h->pages[i] = h->pages[j];
      i = j;
    }
  }
  h->pages[i].page = 0;
  h->pages[i].block = NULL;
  h->pages_count--;
}

static void pages_remove(struct heap *h, struct hblock *b)
{
  for (uintptr_t p = first_page(b); p < end_page(b); p++)
    page_remove(h, p);
}

static struct hblock *page_lookup(const struct heap *h, uintptr_t addr)
{
  if (addr < h->lo || addr >= h->hi)
    return NULL;
  uintptr_t page = addr >> PAGE_SHIFT;
  for (size_t i = page_hash(h, page);; i = (i + 1) & (h->pages_cap - 1)) {
    if (h->pages[i].page == page)
      return h->pages[i].block;
    if (!h->pages[i].page)
      return NULL;
  }
}

/* The descriptor of a block from an object's start: no search. */
static inline struct hblock *owner_of(const void *obj, enum heap_kind k)
{
  size_t align = k < HEAP_FIXED_KINDS ? HEAP_FIXED_BLOCK_BYTES : HEAP_PAGE_BYTES;
  return *(struct hblock **)((uintptr_t)obj & ~(uintptr_t)(align - 1));
}

/* ------------------------------------------------------------------ */
/* Life cycle and settings                                             */
/* ------------------------------------------------------------------ */

static size_t kind_objsize(enum heap_kind k)
{
  switch (k) {
  case HEAP_CONS: return sizeof(struct cons);
  case HEAP_FLOAT: return sizeof(double);
  case HEAP_SYMBOL: return sizeof(struct symbol);
  default: return sizeof(struct string);
  }
}

/* The largest slot count whose descriptor and objects fit a block. */
static void fixed_geometry(struct fixed_space *fs, enum heap_kind k)
{
  fs->objsize = kind_objsize(k);
  /* A cons or a float is written whole by its maker before anything
     else can run; a symbol or a string header is filled in steps, and
     a string whose data cannot be had must be left with none. */
  fs->zero_words = k == HEAP_CONS || k == HEAP_FLOAT ? 0 : fs->objsize / HEAP_WORD;
  size_t n = HEAP_FIXED_BLOCK_BYTES / fs->objsize;
  for (;; n--) {
    size_t nwords = (n + 63) / 64;
    size_t off = HEAP_WORD + sizeof(struct hblock) + BITMAPS * nwords * sizeof(uint64_t);
    off = (off + HEAP_WORD - 1) & ~(size_t)(HEAP_WORD - 1);
    if (off + n * fs->objsize <= HEAP_FIXED_BLOCK_BYTES) {
      fs->nslots = n;
      fs->nwords = nwords;
      fs->data_offset = off;
      break;
    }
  }
  size_t tail = fs->nslots & 63;
  fs->last_mask = tail ? ((uint64_t)1 << tail) - 1 : ~(uint64_t)0;
  fs->cur_word = -1;
}

struct heap *heap_new(const struct heap_allocator *allocator)
{
  struct heap_allocator a = {libc_alloc, libc_free, NULL};
  if (allocator)
    a = *allocator;
  struct heap *h = a.alloc(a.ud, 16, sizeof *h);
  if (!h)
    return NULL;
  memset(h, 0, sizeof *h);
  h->a = a;
  h->sys_bytes = sizeof *h;
  h->policy = VECTOR_POLICY_DEFAULT;
  h->reserve_bytes = DEFAULT_RESERVE;
  h->hint = NO_HINT;
  h->lo = UINTPTR_MAX;
  for (int k = 0; k < HEAP_FIXED_KINDS; k++)
    fixed_geometry(&h->fixed[k], (enum heap_kind)k);
  return h;
}

static inline unsigned group_bit(const struct vgroup *g, const uint8_t *base)
{
  return 1u << (size_t)(base - g->base) / HEAP_VECTOR_BLOCK_BYTES;
}

/* A vector block goes back to its group (release_empty_groups returns
   the group's memory); the others go back to the system. */
static void release_block(struct heap *h, struct hblock *b)
{
  pages_remove(h, b);
  uint8_t *base = b->base;
  size_t n = b->sys_bytes;
  if (b->kind == HEAP_VECTOR) {
    b->group->used &= ~group_bit(b->group, base);
    POISON(base, HEAP_VECTOR_BLOCK_BYTES); /* as free() would have */
    return;
  }
  if (b->kind == HEAP_LARGE)
    sys_free(h, b, sizeof *b);
  /* (a fixed block holds its descriptor) */
  sys_free(h, base, n);
}

/* Frees the groups with no block handed out but the first KEEP, and
   lists those that have a block to spare.  Run after blocks are
   released.  Returns how many it freed. */
static size_t release_empty_groups(struct heap *h, size_t keep)
{
  h->room = NULL;
  size_t kept = 0, freed = 0;
  for (struct vgroup **pp = &h->vgroups, *g; (g = *pp);) {
    if (!g->used && kept++ >= keep) {
      *pp = g->next;
      UNPOISON(g->base, GROUP_BYTES); /* the host's allocator owns it again */
      sys_free(h, g->base, GROUP_BYTES);
      sys_free(h, g, sizeof *g);
      freed++;
      continue;
    }
    if (g->used != GROUP_FULL) {
      g->next_room = h->room;
      h->room = g;
    }
    pp = &g->next;
  }
  return freed;
}

static void release_chain(struct heap *h, struct hblock *b)
{
  while (b) {
    struct hblock *next = b->next;
    release_block(h, b);
    b = next;
  }
}

void heap_free(struct heap *h)
{
  if (!h)
    return;
  for (int k = 0; k < HEAP_FIXED_KINDS; k++)
    release_chain(h, h->fixed[k].blocks);
  release_chain(h, h->vblocks);
  release_empty_groups(h, 0);
  release_chain(h, h->large);
  sys_free(h, h->pages, h->pages_cap * sizeof *h->pages);
  h->a.free(h->a.ud, h, sizeof *h);
}

static const char *const policy_names[VECTOR_POLICY_COUNT] = {"scan", "hint", "bitmap"};

const char *heap_policy_name(enum vector_policy p)
{
  return (unsigned)p < VECTOR_POLICY_COUNT ? policy_names[p] : "unknown";
}

bool heap_policy_parse(const char *name, enum vector_policy *out)
{
  for (int p = 0; name && p < VECTOR_POLICY_COUNT; p++)
    if (strcmp(name, policy_names[p]) == 0) {
      *out = (enum vector_policy)p;
      return true;
    }
  return false;
}

void heap_set_policy(struct heap *h, enum vector_policy p)
{
  if ((unsigned)p < VECTOR_POLICY_COUNT)
    h->policy = p;
}
enum vector_policy heap_policy(const struct heap *h) { return h->policy; }
void heap_set_finalize_types(struct heap *h, uint64_t mask) { h->finalize_types = mask; }
void heap_set_reserve(struct heap *h, size_t bytes) { h->reserve_bytes = bytes; }
void heap_set_sticky_marks(struct heap *h, bool on) { h->sticky_marks = on; }

/* How many empty blocks of BLOCK_BYTES a sweep keeps: at least one. */
static size_t reserve_blocks(const struct heap *h, size_t block_bytes)
{
  size_t n = h->reserve_bytes / block_bytes;
  return n ? n : 1;
}

/* ------------------------------------------------------------------ */
/* Fixed-size kinds                                                    */
/* ------------------------------------------------------------------ */

static struct hblock *new_fixed_block(struct heap *h, enum heap_kind k)
{
  struct fixed_space *fs = &h->fixed[k];
  uint8_t *base = sys_alloc(h, HEAP_FIXED_BLOCK_BYTES, HEAP_FIXED_BLOCK_BYTES);
  if (!base)
    return NULL;
  struct hblock *b = (struct hblock *)(base + HEAP_WORD);
  memset(b, 0, sizeof *b + BITMAPS * fs->nwords * sizeof(uint64_t));
  b->kind = k;
  b->base = base;
  b->sys_bytes = HEAP_FIXED_BLOCK_BYTES;
  b->data = base + fs->data_offset;
  b->data_bytes = fs->nslots * fs->objsize;
  b->mark = b->bits;
  b->alloc = b->bits + fs->nwords;
  b->age = b->bits + AGE_OFFSET * fs->nwords;
  *(struct hblock **)base = b;
  if (!pages_add(h, b)) {
    sys_free(h, base, HEAP_FIXED_BLOCK_BYTES);
    return NULL;
  }
  b->next = fs->blocks;
  fs->blocks = b;
  fs->nblocks++;
  return b;
}

static inline uint64_t free_bits(const struct fixed_space *fs, const struct hblock *b, size_t w)
{
  uint64_t f = ~b->alloc[w];
  return w == fs->nwords - 1 ? f & fs->last_mask : f;
}

/* Points the cursor at the next word with a free slot: in the current
   block, then the queued blocks, then a fresh block.  Out of line: the
   common path of heap_alloc_fixed then saves fewer registers. */
static __attribute__((noinline)) bool fixed_refill(struct heap *h, enum heap_kind k)
{
  struct fixed_space *fs = &h->fixed[k];
  for (;;) {
    if (fs->cur)
      while (++fs->cur_word < (long)fs->nwords) {
        fs->cur_free = free_bits(fs, fs->cur, (size_t)fs->cur_word);
        if (fs->cur_free)
          return true;
      }
    struct hblock *b = fs->avail;
    if (b)
      fs->avail = b->next_avail;
    else if (!(b = new_fixed_block(h, k)))
      return false;
    fs->cur = b;
    fs->cur_word = -1;
  }
}

void *heap_alloc_fixed(struct heap *h, enum heap_kind k)
{
  if ((unsigned)k >= HEAP_FIXED_KINDS)
    return NULL;
  struct fixed_space *fs = &h->fixed[k];
  if (!fs->cur_free && !fixed_refill(h, k))
    return NULL;
  unsigned bit = ctz64(fs->cur_free);
  fs->cur_free &= fs->cur_free - 1;
  fs->cur->alloc[fs->cur_word] |= (uint64_t)1 << bit;
  fs->live++;
  uint64_t *p = (uint64_t *)(fs->cur->data + ((size_t)fs->cur_word * 64 + bit) * fs->objsize);
  UNPOISON(p, fs->objsize);
  for (size_t i = 0; i < fs->zero_words; i++) /* 0 to 6 words: no memset call */
    p[i] = 0;
  return p;
}

/* ------------------------------------------------------------------ */
/* Vector free lists and the three search policies                     */
/* ------------------------------------------------------------------ */

static inline size_t chunk_bytes(const struct vchunk *c)
{
  return vl_header_words(c->header) * HEAP_WORD;
}

static inline __attribute__((always_inline)) void list_push(struct heap *h, struct vchunk *c, size_t nbytes)
{
  size_t i = HEAP_VINDEX(nbytes);
  UNPOISON(c, sizeof *c);
  POISON(c + 1, nbytes - sizeof *c);
  c->header = vl_make_header(PVEC_FREE, nbytes / HEAP_WORD, 0);
  c->next = h->lists[i];
  h->lists[i] = c;
  h->counts[i]++;
  bit_set(h->nonempty, i);
  h->nonempty_words |= (uint64_t)1 << (i >> 6);
  h->hint = (long)i; /* Emacs 30: the index last inserted into */
}

static inline __attribute__((always_inline)) struct vchunk *list_pop(struct heap *h, size_t i)
{
  struct vchunk *c = h->lists[i];
  h->lists[i] = c->next;
  if (--h->counts[i] == 0) {
    bit_clear(h->nonempty, i);
    if (!h->nonempty[i >> 6])
      h->nonempty_words &= ~((uint64_t)1 << (i >> 6));
  }
  return c;
}

/* Out of line and aligned to a cache line, so that where the rest of
   heap.c puts it never makes this loop, the scan policy's whole cost,
   straddle a 64-byte fetch block: one such placement made it 1.6 x
   slower (perf annotate; bench/PERF.md, session 8). */
static __attribute__((noinline, aligned(64))) size_t scan_from(const struct heap *h, size_t from)
{
  while (from < NLISTS && !h->lists[from])
    from++;
  return from;
}

/* The first non-empty list at or above FROM, or NLISTS: in FROM's
   word of the bitmap, or else in the first non-empty word above it,
   which the summary word names.  Counts the words read in *PROBED. */
static size_t first_nonempty(const struct heap *h, size_t from, uint64_t *probed)
{
  size_t w = from >> 6;
  uint64_t x = h->nonempty[w] & (~(uint64_t)0 << (from & 63));
  ++*probed;
  if (x)
    return (w << 6) + ctz64(x);
  uint64_t above = h->nonempty_words & (~(uint64_t)1 << w);
  ++*probed;
  if (!above)
    return NLISTS;
  w = ctz64(above);
  ++*probed;
  return (w << 6) + ctz64(h->nonempty[w]);
}

/* The list to split from for a request whose lists below FROM cannot
   serve it, or NLISTS when no list can. */
static size_t find_larger(struct heap *h, size_t from)
{
  struct heap_vector_stats *st = &h->vstats;
  size_t start = from, found;
  switch (h->policy) {
  case VECTOR_POLICY_HINT:
    if ((size_t)h->hint > from) {
      start = (size_t)h->hint;
      /* The bitmap is kept under every policy: count what the hint skips. */
      st->hint_misses += bit_next(h->nonempty, from, start) < start;
    }
    /* fall through */
  case VECTOR_POLICY_SCAN:
    found = scan_from(h, start);
    st->lists_probed += found - start + (found < NLISTS);
    return found;
  default:
    return first_nonempty(h, from, &st->lists_probed);
  }
}

/* ------------------------------------------------------------------ */
/* Vector blocks                                                       */
/* ------------------------------------------------------------------ */

static inline struct hblock *vblock_of(const void *p) { return owner_of(p, HEAP_VECTOR); }
static inline size_t word_in(const struct hblock *b, const void *p)
{
  return (size_t)((const uint8_t *)p - b->data) / HEAP_WORD;
}

/* A small vector block's bitmaps and data lie at fixed offsets, so
   that a split finds its start bit from the chunk's address and the
   descriptor pointer alone.  Reading b->starts and b->data first
   waited for one more cache line of the descriptor at every split. */
#define VDATA_OFFSET HEAP_WORD

static inline void set_chunk_start(const void *p)
{
  uintptr_t a = (uintptr_t)p, offset = a & (HEAP_VECTOR_BLOCK_BYTES - 1);
  struct hblock *b = *(struct hblock **)(a - offset);
  bit_set(VSTARTS(b), (offset - VDATA_OFFSET) / HEAP_WORD);
}

/* A group with a block to spare, new if none has one. */
static struct vgroup *group_with_room(struct heap *h)
{
  while (h->room && h->room->used == GROUP_FULL)
    h->room = h->room->next_room;
  if (h->room)
    return h->room;
  struct vgroup *g = sys_alloc(h, CACHE_LINE, sizeof *g);
  uint8_t *base = sys_alloc(h, HEAP_VECTOR_BLOCK_BYTES, GROUP_BYTES);
  if (!g || !base) {
    sys_free(h, base, GROUP_BYTES);
    sys_free(h, g, sizeof *g);
    return NULL;
  }
  g->base = base;
  g->used = 0;
  g->next = h->vgroups;
  h->vgroups = g;
  g->next_room = NULL;
  h->room = g;
  return g;
}

/* A new block, all one free chunk that is on no list yet. */
static struct vchunk *new_vector_block(struct heap *h)
{
  struct vgroup *g = group_with_room(h);
  if (!g)
    return NULL;
  unsigned i = ctz64(~(uint64_t)g->used);
  uint8_t *base = g->base + i * HEAP_VECTOR_BLOCK_BYTES;
  UNPOISON(base, HEAP_VECTOR_BLOCK_BYTES);
  struct hblock *b = (struct hblock *)g->descs[i];
  memset(b, 0, VDESC_BYTES);
  b->kind = HEAP_VECTOR;
  b->group = g;
  b->base = base;
  b->sys_bytes = HEAP_VECTOR_BLOCK_BYTES;
  b->data = base + VDATA_OFFSET;
  b->data_bytes = HEAP_VECTOR_DATA_BYTES;
  b->mark = VMARKS(b);
  b->starts = VSTARTS(b);
  b->age = b->mark + AGE_OFFSET * VBITMAP_WORDS;
  g->used |= 1u << i; /* first: pages_add may release empty groups */
  if (!pages_add(h, b)) {
    g->used &= ~(1u << i);
    POISON(base, HEAP_VECTOR_BLOCK_BYTES);
    return NULL;
  }
  *(struct hblock **)base = b;
  b->next = h->vblocks;
  h->vblocks = b;
  h->nvblocks++;
  bit_set(b->starts, 0);
  struct vchunk *c = (struct vchunk *)b->data;
  c->header = vl_make_header(PVEC_FREE, VWORDS, 0);
  h->vec_free_bytes += HEAP_VECTOR_DATA_BYTES;
  return c;
}

/* C is off every list; keep its first NBYTES and free the rest. */
static void split_chunk(struct heap *h, struct vchunk *c, size_t nbytes)
{
  size_t rest = chunk_bytes(c) - nbytes;
  if (rest) {
    struct vchunk *r = (struct vchunk *)((uint8_t *)c + nbytes);
    set_chunk_start(r);
    list_push(h, r, rest);
  }
}

static struct vchunk *take_chunk(struct heap *h, size_t nbytes)
{
  size_t exact = HEAP_VINDEX(nbytes);
  h->vstats.allocs++;
  if (h->lists[exact]) {
    h->vstats.exact++;
    struct vchunk *c = list_pop(h, exact);
    UNPOISON(c, nbytes);
    return c;
  }
  /* A remainder must itself be a chunk, hence the + 16. */
  size_t i = find_larger(h, HEAP_VINDEX(nbytes + HEAP_VECTOR_MIN_BYTES));
  struct vchunk *c;
  if (i < NLISTS) {
    c = list_pop(h, i);
  } else {
    h->vstats.new_blocks++;
    c = new_vector_block(h);
  }
  if (c) {
    UNPOISON(c, chunk_bytes(c));
    split_chunk(h, c, nbytes);
  }
  return c;
}

/* ------------------------------------------------------------------ */
/* Large objects                                                       */
/* ------------------------------------------------------------------ */

static void *alloc_large(struct heap *h, size_t nbytes)
{
  size_t n = LARGE_OFFSET + nbytes;
  uint8_t *base = sys_alloc(h, HEAP_PAGE_BYTES, n);
  struct hblock *b = sys_alloc(h, 16, sizeof *b);
  if (!base || !b) {
    sys_free(h, base, n);
    sys_free(h, b, sizeof *b);
    return NULL;
  }
  memset(b, 0, sizeof *b);
  b->kind = HEAP_LARGE;
  b->base = base;
  b->sys_bytes = n;
  b->data = base + LARGE_OFFSET;
  b->data_bytes = nbytes;
  if (!pages_add(h, b)) {
    sys_free(h, b, sizeof *b);
    sys_free(h, base, n);
    return NULL;
  }
  *(struct hblock **)base = b;
  b->next = h->large;
  h->large = b;
  h->nlarge++;
  h->large_bytes += nbytes;
  return b->data;
}

void heap_note_finalizable(struct heap *h, void *obj)
{
  struct hblock *b = owner_of(obj, HEAP_VECTOR);
  if (b->kind == HEAP_VECTOR) { /* large ones are always looked at */
    bit_set(VFINALS(b), word_in(b, obj));
    b->may_finalize = true;
  }
}

void *heap_alloc_vector(struct heap *h, size_t nbytes)
{
  if (nbytes > (SIZE_MAX >> 2))
    return NULL;
  nbytes = (nbytes + HEAP_WORD - 1) & ~(size_t)(HEAP_WORD - 1);
  if (nbytes < HEAP_VECTOR_MIN_BYTES)
    nbytes = HEAP_VECTOR_MIN_BYTES;
  struct vectorlike *v;
  if (nbytes > HEAP_VECTOR_SMALL_MAX) {
    v = alloc_large(h, nbytes);
  } else {
    v = (struct vectorlike *)take_chunk(h, nbytes);
    if (v) {
      h->vec_free_bytes -= nbytes;
      h->vec_live_bytes += nbytes;
      h->vec_live_chunks++;
    }
  }
  if (v)
    v->header = vl_make_header(PVEC_VECTOR, nbytes / HEAP_WORD, 0);
  return v;
}

/* ------------------------------------------------------------------ */
/* Marking and conservative lookup                                     */
/* ------------------------------------------------------------------ */

/* The mark bit of OBJ: word *W, bit *M; NULL W for large objects. */
static inline struct hblock *mark_slot(const struct heap *h, const void *obj, enum heap_kind k,
                                       uint64_t **w, unsigned *m)
{
  if (k < HEAP_FIXED_KINDS) {
    *w = heap_fixed_mark_word(obj, k, h->fixed[k].data_offset, m);
    return NULL;
  }
  struct hblock *b = owner_of(obj, k);
  if (b->kind == HEAP_LARGE) {
    *w = NULL;
    return b;
  }
  size_t i = word_in(b, obj);
  *w = &b->mark[i >> 6];
  *m = (unsigned)(i & 63);
  return b;
}

bool heap_mark(struct heap *h, const void *obj, enum heap_kind k)
{
  uint64_t *w;
  unsigned m = 0;
  struct hblock *b = mark_slot(h, obj, k, &w, &m);
  if (!w) {
    bool was = b->large_marked;
    b->large_marked = true;
    return !was;
  }
  if ((*w >> m) & 1)
    return false;
  *w |= (uint64_t)1 << m;
  return true;
}

size_t heap_fixed_first(const struct heap *h, enum heap_kind k) { return h->fixed[k].data_offset; }

void heap_unmark(struct heap *h, const void *obj, enum heap_kind k)
{
  uint64_t *w;
  unsigned m = 0;
  struct hblock *b = mark_slot(h, obj, k, &w, &m);
  if (w)
    *w &= ~((uint64_t)1 << m);
  else
    b->large_marked = false;
}

void heap_clear_marks(struct heap *h)
{
  for (int k = 0; k < HEAP_FIXED_KINDS; k++)
    for (struct hblock *b = h->fixed[k].blocks; b; b = b->next) {
      memset(b->mark, 0, h->fixed[k].nwords * sizeof(uint64_t));
      memset(b->age, 0, h->fixed[k].nwords * sizeof(uint64_t));
    }
  for (struct hblock *b = h->vblocks; b; b = b->next) {
    memset(b->mark, 0, VBITMAP_WORDS * sizeof(uint64_t));
    memset(b->age, 0, VBITMAP_WORDS * sizeof(uint64_t));
  }
  for (struct hblock *b = h->large; b; b = b->next)
    b->large_marked = b->large_aged = false;
}

/* OBJ's age bit: word *W, bit *M; NULL W for large objects (*LARGE). */
static uint64_t *age_slot(const struct heap *h, const void *obj, enum heap_kind k, unsigned *m,
                          struct hblock **large)
{
  uint64_t *w;
  struct hblock *b = mark_slot(h, obj, k, &w, m);
  *large = b;
  if (!w)
    return NULL;
  return w + AGE_OFFSET * (b ? VBITMAP_WORDS : h->fixed[k].nwords);
}

bool heap_aged(const struct heap *h, const void *obj, enum heap_kind k)
{
  unsigned m = 0;
  struct hblock *b;
  uint64_t *w = age_slot(h, obj, k, &m, &b);
  return w ? (*w >> m) & 1 : b->large_aged;
}

bool heap_age(struct heap *h, const void *obj, enum heap_kind k)
{
  uint64_t *mark;
  unsigned m = 0;
  struct hblock *b = mark_slot(h, obj, k, &mark, &m);
  if (mark)
    return heap_age_bit(mark, mark + AGE_OFFSET * (b ? VBITMAP_WORDS : h->fixed[k].nwords), m);
  b->large_marked = b->large_aged;
  b->large_aged = !b->large_aged;
  return b->large_marked;
}

void heap_each_unmarked_fixed(struct heap *h, enum heap_kind k, heap_object_fn fn, void *ud)
{
  struct fixed_space *fs = &h->fixed[k];
  for (struct hblock *b = fs->blocks; b; b = b->next)
    for (size_t w = 0; w < fs->nwords; w++)
      for (uint64_t young = b->alloc[w] & ~b->mark[w]; young; young &= young - 1)
        fn(b->data + (w * 64 + ctz64(young)) * fs->objsize, ud);
}

size_t heap_fixed_age_words(const struct heap *h, enum heap_kind k)
{
  return AGE_OFFSET * h->fixed[k].nwords;
}

bool heap_marked(const struct heap *h, const void *obj, enum heap_kind k)
{
  uint64_t *w;
  unsigned m = 0;
  struct hblock *b = mark_slot(h, obj, k, &w, &m);
  return w ? (*w >> m) & 1 : b->large_marked;
}

bool heap_marked_vectorlike(const void *obj)
{
  const struct hblock *b = owner_of(obj, HEAP_VECTOR);
  if (b->kind == HEAP_LARGE)
    return b->large_marked;
  size_t i = word_in(b, obj);
  return (b->mark[i >> 6] >> (i & 63)) & 1;
}

void heap_address_range(const struct heap *h, uintptr_t *lo, uintptr_t *hi)
{
  *lo = h->lo;
  *hi = h->hi;
}

void *heap_find_object(const struct heap *h, uintptr_t addr, enum heap_kind *kind_out)
{
  struct hblock *b = page_lookup(h, addr);
  if (!b || addr < (uintptr_t)b->data || addr >= (uintptr_t)b->data + b->data_bytes)
    return NULL;
  size_t off = addr - (uintptr_t)b->data;
  void *obj;
  switch (b->kind) {
  case HEAP_LARGE:
    obj = b->data;
    break;
  case HEAP_VECTOR:
    obj = b->data + bit_prev(b->starts, off / HEAP_WORD) * HEAP_WORD;
    if (vl_header_type(((struct vectorlike *)obj)->header) == PVEC_FREE)
      return NULL;
    break;
  default: {
    size_t i = heap_fixed_slot(b->kind, off);
    if (!bit_test(b->alloc, i))
      return NULL;
    obj = b->data + i * h->fixed[b->kind].objsize;
  }
  }
  if (kind_out)
    *kind_out = b->kind;
  return obj;
}

/* ------------------------------------------------------------------ */
/* Sweeping                                                            */
/* ------------------------------------------------------------------ */

#ifdef HEAP_BURIES_DEAD
static void bury(void *p, size_t n)
{
#ifdef MARROW_GC_CHECKS
  memset(p, 0xdb, n);
#endif
  POISON(p, n);
}
#endif

/* Most words of a swept block are all live or all free: those cost a
   compare, not a popcount (minor collections sweep every block). */
static inline unsigned live_slots_in_word(uint64_t x)
{
  return x == UINT64_MAX ? 64 : x ? popcount64(x) : 0;
}

static inline bool kind_finalizes(enum heap_kind k) { return k == HEAP_STRING || k == HEAP_SYMBOL; }

/* Sweeps one block a bitmap word at a time; returns its live count. */
static size_t sweep_fixed_block(struct heap *h, struct fixed_space *fs, struct hblock *b,
                                heap_finalize_fn fin, void *ud, struct heap_sweep_result *out)
{
  size_t live = 0;
  bool finalize = fin && kind_finalizes(b->kind);
  bool sticky = h->sticky_marks; /* read once: the stores below may alias it */
  for (size_t w = 0; w < fs->nwords; w++) {
    uint64_t dead = b->alloc[w] & ~b->mark[w];
    if (dead) {
      out->bytes_freed += popcount64(dead) * fs->objsize;
      for (uint64_t d = dead; finalize && d; d &= d - 1) {
        fin(b->data + (w * 64 + ctz64(d)) * fs->objsize, b->kind, ud);
        out->objects_finalized++;
      }
#ifdef HEAP_BURIES_DEAD
      for (uint64_t d = dead; d; d &= d - 1)
        bury(b->data + (w * 64 + ctz64(d)) * fs->objsize, fs->objsize);
#endif
    }
    b->alloc[w] &= b->mark[w];
    b->age[w] &= b->mark[w];
    if (!sticky)
      b->mark[w] = 0;
    live += live_slots_in_word(b->alloc[w]);
  }
  return live;
}

static void sweep_fixed(struct heap *h, enum heap_kind k, heap_finalize_fn fin, void *ud,
                        struct heap_sweep_result *out)
{
  struct fixed_space *fs = &h->fixed[k];
  struct hblock *part = NULL, **part_tail = &part, *empty = NULL, **empty_tail = &empty;
  size_t kept_empty = 0, live = 0, keep = reserve_blocks(h, HEAP_FIXED_BLOCK_BYTES);
  for (struct hblock **pp = &fs->blocks, *b; (b = *pp);) {
    size_t n = sweep_fixed_block(h, fs, b, fin, ud, out);
    live += n;
    if (n == 0 && kept_empty >= keep) {
      *pp = b->next;
      fs->nblocks--;
      out->blocks_freed++;
      release_block(h, b);
      continue;
    }
    /* Part-full blocks first, so that empty ones may stay empty. */
    b->next_avail = NULL;
    if (n == 0) {
      kept_empty++;
      *empty_tail = b;
      empty_tail = &b->next_avail;
    } else if (n < fs->nslots) {
      *part_tail = b;
      part_tail = &b->next_avail;
    }
    pp = &b->next;
  }
  *part_tail = empty;
  fs->avail = part;
  fs->live = live;
  fs->cur = NULL;
  fs->cur_word = -1;
  fs->cur_free = 0;
}

/* Turns words [from, to) of B into one free chunk. */
static void make_free_chunk(struct heap *h, struct hblock *b, size_t from, size_t to, bool push)
{
  struct vchunk *c = (struct vchunk *)(b->data + from * HEAP_WORD);
  size_t nbytes = (to - from) * HEAP_WORD;
  UNPOISON(c, nbytes); /* old free chunks in the run were poisoned */
#ifdef MARROW_GC_CHECKS
  memset(c, 0xdb, nbytes);
#endif
  c->header = vl_make_header(PVEC_FREE, nbytes / HEAP_WORD, 0);
  c->next = NULL;
  h->vec_free_bytes += nbytes;
  if (push)
    list_push(h, c, nbytes);
}

/* A dead chunk's header is read only here, and only for a chunk whose
   finalization bit is set: reading the header of every dead vector
   costs the sweep a cache miss each. */
static void finalize_chunk(struct heap *h, struct vectorlike *v, heap_finalize_fn fin, void *ud,
                           struct heap_sweep_result *out)
{
  enum pvec_type type = vl_header_type(v->header);
  if (type != PVEC_FREE && (h->finalize_types >> type & 1)) {
    fin(v, HEAP_VECTOR, ud);
    out->objects_finalized++;
  }
}

/* Sweeps one vector block, coalescing each run of unmarked chunks (dead
   objects and old free chunks) into one free chunk.  It visits only the
   unmarked chunks, a bitmap word at a time: live objects, most of an
   old block, cost a popcount per 64 words.  Returns true when the
   whole block is free (it is then one chunk on no list). */
/* A block with no mark and nothing to finalize is all garbage: it
   becomes one chunk without a visit to each of its dead chunks.  Most
   blocks of short-lived vectors end this way. */
static bool sweep_dead_vector_block(struct heap *h, struct hblock *b)
{
  uint64_t marks = 0;
  for (size_t w = 0; w < VBITMAP_WORDS; w++)
    marks |= b->mark[w];
  if (marks || b->may_finalize)
    return false;
  size_t chunks = 0;
  for (size_t w = 0; w < VBITMAP_WORDS; w++) {
    for (uint64_t x = b->starts[w]; x; x &= x - 1) /* a few bits: cheaper than a popcount */
      chunks++;
    b->starts[w] = 0;
    b->age[w] = 0; /* no mark: no survivor to age */
  }
  h->vec_live_chunks -= chunks; /* see sweep_vectors */
  bit_set(b->starts, 0);
  make_free_chunk(h, b, 0, VWORDS, false);
  return true;
}

static bool sweep_vector_block(struct heap *h, struct hblock *b, heap_finalize_fn fin, void *ud,
                               struct heap_sweep_result *out)
{
  if (sweep_dead_vector_block(h, b))
    return true;
  uint64_t *finals = VFINALS(b), finals_left = 0;
  size_t run = VWORDS, run_end = 0; /* the current unmarked run; VWORDS: none */
  size_t free_words = 0;
  for (size_t w = 0; w < VBITMAP_WORDS; w++) {
    uint64_t unmarked = b->starts[w] & ~b->mark[w];
    b->age[w] &= b->mark[w];
    for (; unmarked; unmarked &= unmarked - 1) {
      h->vec_live_chunks--; /* see sweep_vectors */
      size_t wi = w * 64 + ctz64(unmarked);
      size_t next = bit_next(b->starts, wi + 1, VWORDS);
      if (b->may_finalize && bit_test(finals, wi)) {
        bit_clear(finals, wi);
        if (fin)
          finalize_chunk(h, (struct vectorlike *)(b->data + wi * HEAP_WORD), fin, ud, out);
      }
      if (run < VWORDS && run_end == wi) {
        bit_clear(b->starts, wi); /* merged into the run */
      } else {
        if (run < VWORDS)
          make_free_chunk(h, b, run, run_end, true);
        run = wi;
      }
      run_end = next;
      free_words += next - wi;
    }
    if (b->may_finalize)
      finals_left |= finals[w];
  }
  b->may_finalize = finals_left != 0;
  h->vec_live_bytes += (VWORDS - free_words) * HEAP_WORD;
  if (!h->sticky_marks)
    memset(b->mark, 0, VBITMAP_WORDS * sizeof(uint64_t));
  bool empty = free_words == VWORDS;
  if (run < VWORDS)
    make_free_chunk(h, b, run, run_end, !empty);
  return empty;
}

static void sweep_vectors(struct heap *h, heap_finalize_fn fin, void *ud, struct heap_sweep_result *out)
{
  size_t live_before = h->vec_live_bytes; /* what was freed, without a header read */
  /* Every chunk counts as live, free ones too (they are all on lists),
     and each unmarked one the block sweeps meet is taken off: no
     popcount over live objects, which the sweep never visits. */
  for (size_t i = 0; i < NLISTS; i++)
    h->vec_live_chunks += h->counts[i];
  h->vec_live_bytes = h->vec_free_bytes = 0;
  memset(h->lists, 0, sizeof h->lists);
  memset(h->counts, 0, sizeof h->counts);
  memset(h->nonempty, 0, sizeof h->nonempty);
  h->nonempty_words = 0;
  h->hint = NO_HINT; /* as Emacs 30 resets it; the rebuild below sets it again */
  size_t kept_empty = 0, keep = reserve_blocks(h, HEAP_VECTOR_BLOCK_BYTES);
  for (struct hblock **pp = &h->vblocks, *b; (b = *pp);) {
    if (sweep_vector_block(h, b, fin, ud, out)) {
      if (kept_empty >= keep) {
        *pp = b->next;
        h->nvblocks--;
        h->vec_free_bytes -= HEAP_VECTOR_DATA_BYTES;
        out->blocks_freed++;
        release_block(h, b);
        continue;
      }
      kept_empty++;
      list_push(h, (struct vchunk *)b->data, HEAP_VECTOR_DATA_BYTES);
    }
    pp = &b->next;
  }
  out->bytes_freed += live_before - h->vec_live_bytes;
  release_empty_groups(h, h->reserve_bytes / GROUP_BYTES);
}

static void sweep_large(struct heap *h, heap_finalize_fn fin, void *ud, struct heap_sweep_result *out)
{
  for (struct hblock **pp = &h->large, *b; (b = *pp);) {
    if (b->large_marked) {
      b->large_marked = h->sticky_marks;
      pp = &b->next;
      continue;
    }
    struct vectorlike *v = (struct vectorlike *)b->data;
    if (fin && (h->finalize_types >> vl_header_type(v->header) & 1)) {
      fin(v, HEAP_LARGE, ud);
      out->objects_finalized++;
    }
    *pp = b->next;
    h->nlarge--;
    h->large_bytes -= b->data_bytes;
    out->bytes_freed += b->data_bytes;
    out->blocks_freed++;
    release_block(h, b);
  }
}

/* Unlinks and releases the blocks of CHAIN that are doomed; returns how many. */
static size_t release_doomed(struct heap *h, struct hblock **chain)
{
  size_t n = 0;
  for (struct hblock **pp = chain, *b; (b = *pp);) {
    if (b->doomed) {
      *pp = b->next;
      release_block(h, b);
      n++;
    } else {
      pp = &b->next;
    }
  }
  return n;
}

/* Releases every empty block kept in reserve: fixed blocks with no
   object (except the one under the allocation cursor), vector blocks
   that are one free chunk, i.e. the chunks on the last list, and then
   every empty group. */
static size_t release_reserve(struct heap *h)
{
  size_t n = 0;
  for (int k = 0; k < HEAP_FIXED_KINDS; k++) {
    struct fixed_space *fs = &h->fixed[k];
    for (struct hblock **pp = &fs->avail, *b; (b = *pp);) {
      b->doomed = b != fs->cur && !any_set(b->alloc, fs->nwords);
      if (b->doomed)
        *pp = b->next_avail;
      else
        pp = &b->next_avail;
    }
    size_t released = release_doomed(h, &fs->blocks);
    fs->nblocks -= released;
    n += released;
  }
  while (h->lists[NLISTS - 1]) {
    struct vchunk *c = list_pop(h, NLISTS - 1);
    vblock_of(c)->doomed = true;
    h->vec_free_bytes -= HEAP_VECTOR_DATA_BYTES;
  }
  size_t released = release_doomed(h, &h->vblocks);
  h->nvblocks -= released;
  return n + released + release_empty_groups(h, 0);
}

void heap_sweep(struct heap *h, heap_finalize_fn fin, void *ud, struct heap_sweep_result *out)
{
  struct heap_sweep_result r = {0};
  for (int k = 0; k < HEAP_FIXED_KINDS; k++)
    sweep_fixed(h, (enum heap_kind)k, fin, ud, &r);
  sweep_vectors(h, fin, ud, &r);
  sweep_large(h, fin, ud, &r);
  if (out)
    *out = r;
}

/* ------------------------------------------------------------------ */
/* Statistics and introspection                                        */
/* ------------------------------------------------------------------ */

void heap_kind_stats(const struct heap *h, enum heap_kind k, struct heap_kind_stats *out)
{
  memset(out, 0, sizeof *out);
  if ((unsigned)k < HEAP_FIXED_KINDS) {
    const struct fixed_space *fs = &h->fixed[k];
    out->object_size = fs->objsize;
    out->used = fs->live;
    out->free = fs->nblocks * fs->nslots - fs->live;
    out->blocks = fs->nblocks;
  } else if (k == HEAP_VECTOR) {
    out->object_size = HEAP_WORD;
    out->used = h->vec_live_chunks;
    out->free = h->vec_free_bytes / HEAP_WORD;
    out->used_bytes = h->vec_live_bytes;
    out->free_bytes = h->vec_free_bytes;
    out->blocks = h->nvblocks;
    return;
  } else if (k == HEAP_LARGE) {
    out->object_size = HEAP_WORD;
    out->used = h->nlarge;
    out->used_bytes = h->large_bytes;
    out->blocks = h->nlarge;
    return;
  }
  out->used_bytes = out->used * out->object_size;
  out->free_bytes = out->free * out->object_size;
}

size_t heap_bytes_in_use(const struct heap *h) { return h->sys_bytes; }
/* Every allocation is exact, a split or a new block: the splits are not
   counted on the way. */
void heap_vector_stats(const struct heap *h, struct heap_vector_stats *out)
{
  *out = h->vstats;
  out->splits = out->allocs - out->exact - out->new_blocks;
}

size_t heap_vector_free_lists(const struct heap *h, size_t *counts, size_t ncounts, long *hint,
                              uint64_t *bitmap, size_t nbitmap_words)
{
  for (size_t i = 0; counts && i < ncounts && i < NLISTS; i++)
    counts[i] = h->counts[i];
  if (hint)
    *hint = h->policy == VECTOR_POLICY_HINT ? h->hint : -1;
  for (size_t i = 0; bitmap && i < nbitmap_words && i < HEAP_VECTOR_BITMAP_WORDS; i++)
    bitmap[i] = h->nonempty[i];
  return NLISTS;
}

/* Calls FN for each chunk of vector block B, in address order. */
static void each_vector_chunk(const struct hblock *b, heap_chunk_fn fn, void *ud)
{
  for (size_t wi = 0; wi < VWORDS;) {
    size_t next = bit_next(b->starts, wi + 1, VWORDS);
    const struct vectorlike *v = (const struct vectorlike *)(b->data + wi * HEAP_WORD);
    fn(v, (next - wi) * HEAP_WORD, (int)vl_header_type(v->header), ud);
    wi = next;
  }
}

static void add_free_bytes(const void *start, size_t nbytes, int type, void *ud)
{
  if (type == PVEC_FREE)
    *(size_t *)ud += nbytes;
}

static void describe_block(const struct heap *h, const struct hblock *b, struct heap_block_info *info)
{
  info->kind = b->kind;
  info->start = b->data;
  info->size = b->data_bytes;
  if (b->kind == HEAP_LARGE) {
    info->live_bytes = b->data_bytes;
    info->free_bytes = 0;
  } else if (b->kind == HEAP_VECTOR) {
    size_t free_bytes = 0;
    each_vector_chunk(b, add_free_bytes, &free_bytes);
    info->free_bytes = free_bytes;
    info->live_bytes = b->data_bytes - free_bytes;
  } else {
    const struct fixed_space *fs = &h->fixed[b->kind];
    size_t live = 0;
    for (size_t w = 0; w < fs->nwords; w++)
      live += popcount64(b->alloc[w]);
    info->live_bytes = live * fs->objsize;
    info->free_bytes = (fs->nslots - live) * fs->objsize;
  }
}

void heap_foreach_block(const struct heap *h, heap_block_fn fn, void *ud)
{
  struct heap_block_info info;
  const struct hblock *chains[HEAP_FIXED_KINDS + 2];
  for (int k = 0; k < HEAP_FIXED_KINDS; k++)
    chains[k] = h->fixed[k].blocks;
  chains[HEAP_FIXED_KINDS] = h->vblocks;
  chains[HEAP_FIXED_KINDS + 1] = h->large;
  for (int c = 0; c < HEAP_FIXED_KINDS + 2; c++)
    for (const struct hblock *b = chains[c]; b; b = b->next) {
      describe_block(h, b, &info);
      fn(&info, ud);
    }
}

void heap_foreach_chunk(const struct heap *h, const void *block_start, heap_chunk_fn fn, void *ud)
{
  const struct hblock *b = page_lookup(h, (uintptr_t)block_start);
  if (!b)
    return;
  if (b->kind == HEAP_LARGE) {
    const struct vectorlike *v = (const struct vectorlike *)b->data;
    fn(v, b->data_bytes, (int)vl_header_type(v->header), ud);
  } else if (b->kind == HEAP_VECTOR) {
    each_vector_chunk(b, fn, ud);
  } else {
    const struct fixed_space *fs = &h->fixed[b->kind];
    for (size_t i = 0; i < fs->nslots; i++)
      fn(b->data + i * fs->objsize, fs->objsize, bit_test(b->alloc, i), ud);
  }
}

/* ------------------------------------------------------------------ */
/* Verification                                                        */
/* ------------------------------------------------------------------ */

#define NOTE(...) (err && errlen ? (void)snprintf(err, errlen, __VA_ARGS__) : (void)0)
#define FAIL(...) do { NOTE(__VA_ARGS__); return false; } while (0)


/* Every page of B maps to B, and B's first word points to B. */
static bool verify_block_frame(const struct heap *h, const struct hblock *b, size_t *pages,
                               char *err, size_t errlen)
{
  if (*(struct hblock **)b->base != b)
    FAIL("block %p: first word does not point to its descriptor", (void *)b->base);
  for (uintptr_t p = first_page(b); p < end_page(b); p++)
    if (page_lookup(h, p << PAGE_SHIFT) != b)
      FAIL("block %p: page %#lx not in the page table", (void *)b->base, (unsigned long)p);
  *pages += end_page(b) - first_page(b);
  return true;
}

static bool verify_fixed(const struct heap *h, enum heap_kind k, size_t *pages, char *err, size_t errlen)
{
  const struct fixed_space *fs = &h->fixed[k];
  size_t live = 0, nblocks = 0;
  for (const struct hblock *b = fs->blocks; b; b = b->next, nblocks++) {
    if (b->kind != k)
      FAIL("fixed kind %d: block of kind %d on its chain", (int)k, (int)b->kind);
    if (!verify_block_frame(h, b, pages, err, errlen))
      return false;
    if (!h->sticky_marks && any_set(b->mark, fs->nwords))
      FAIL("fixed kind %d: mark bit set outside a collection", (int)k);
    for (size_t w = 0; w < fs->nwords; w++)
      if (b->mark[w] & ~b->alloc[w])
        FAIL("fixed kind %d: a free slot is marked", (int)k);
    if (b->alloc[fs->nwords - 1] & ~fs->last_mask)
      FAIL("fixed kind %d: alloc bit beyond the last slot", (int)k);
    for (size_t w = 0; w < fs->nwords; w++)
      live += popcount64(b->alloc[w]);
  }
  if (nblocks != fs->nblocks)
    FAIL("fixed kind %d: %zu blocks counted, %zu recorded", (int)k, nblocks, fs->nblocks);
  if (live != fs->live)
    FAIL("fixed kind %d: %zu live by bitmap, %zu recorded", (int)k, live, fs->live);
  size_t queued = 0;
  for (const struct hblock *b = fs->avail; b; b = b->next_avail)
    if (b->kind != k || ++queued > nblocks)
      FAIL("fixed kind %d: allocation queue is corrupt", (int)k);
  if (fs->cur && (fs->cur->kind != k ||
                  (fs->cur_word >= 0 && fs->cur_word < (long)fs->nwords && (fs->cur_free & fs->cur->alloc[fs->cur_word]))))
    FAIL("fixed kind %d: cursor disagrees with the alloc bitmap", (int)k);
  return true;
}

struct vtally {
  size_t free_per_list[NLISTS];
  size_t live_chunks, live_bytes, free_bytes;
};

static bool verify_vector_block(const struct heap *h, const struct hblock *b, struct vtally *t,
                                char *err, size_t errlen)
{
  if (!bit_test(b->starts, 0))
    FAIL("vector block %p: no chunk at its start", (void *)b->base);
  if (!h->sticky_marks && any_set(b->mark, VBITMAP_WORDS))
    FAIL("vector block %p: mark bit set outside a collection", (void *)b->base);
  for (size_t w = 0; w < VBITMAP_WORDS; w++)
    if ((b->mark[w] | VFINALS(b)[w]) & ~b->starts[w])
      FAIL("vector block %p: a mark or finalization bit inside a chunk", (void *)b->base);
  if (!b->may_finalize && any_set(VFINALS(b), VBITMAP_WORDS))
    FAIL("vector block %p: a finalization bit its flag does not own", (void *)b->base);
  for (size_t wi = 0; wi < VWORDS;) {
    size_t next = bit_next(b->starts, wi + 1, VWORDS), nbytes = (next - wi) * HEAP_WORD;
    uint64_t hd = ((const struct vectorlike *)(b->data + wi * HEAP_WORD))->header;
    if (nbytes < HEAP_VECTOR_MIN_BYTES)
      FAIL("vector block %p: %zu-byte chunk at word %zu", (void *)b->base, nbytes, wi);
    bool finalizes = h->finalize_types >> vl_header_type(hd) & 1;
    if (finalizes != bit_test(VFINALS(b), wi))
      FAIL("vector block %p: chunk at word %zu %s", (void *)b->base, wi,
           finalizes ? "needs finalizing, its bit is clear" : "has a finalization bit");
    if (vl_header_type(hd) == PVEC_FREE) {
      if (bit_test(b->mark, wi))
        FAIL("vector block %p: free chunk at word %zu is marked", (void *)b->base, wi);
      if (vl_header_words(hd) * HEAP_WORD != nbytes)
        FAIL("vector block %p: free chunk at word %zu says %zu bytes, spans %zu", (void *)b->base,
             wi, (size_t)vl_header_words(hd) * HEAP_WORD, nbytes);
      t->free_per_list[HEAP_VINDEX(nbytes)]++;
      t->free_bytes += nbytes;
    } else {
      if (vl_header_words(hd) * HEAP_WORD > nbytes)
        FAIL("vector block %p: object at word %zu overlaps the next chunk", (void *)b->base, wi);
      t->live_chunks++;
      t->live_bytes += nbytes;
    }
    wi = next;
  }
  return true;
}

/* Walks list I: each element is a free chunk of the right size, inside
   a vector block, at a chunk start, seen once (visits use the mark
   bits, which are known to be clear, and are undone afterwards). */
static bool verify_list(const struct heap *h, size_t i, char *err, size_t errlen)
{
  size_t n = 0;
  bool ok = true;
  const struct vchunk *c;
  for (c = h->lists[i]; c && ok; c = c->next, n++) {
    struct hblock *b = page_lookup(h, (uintptr_t)c);
    size_t wi;
    if (n >= h->counts[i])
      ok = false, NOTE("list %zu: longer than its count %zu", i, h->counts[i]);
    else if (!b || b->kind != HEAP_VECTOR || (uint8_t *)c < b->data ||
             ((uintptr_t)c - (uintptr_t)b->data) % HEAP_WORD)
      ok = false, NOTE("list %zu: chunk %p outside every vector block", i, (void *)c);
    else if (!bit_test(b->starts, wi = word_in(b, c)) || vl_header_type(c->header) != PVEC_FREE ||
             HEAP_VINDEX(chunk_bytes(c)) != i)
      ok = false, NOTE("list %zu: %p is not a free chunk of this size", i, (void *)c);
    else if (bit_test(b->mark, wi))
      ok = false, NOTE("list %zu: chunk %p listed twice", i, (void *)c);
    else
      bit_set(b->mark, wi);
  }
  for (const struct vchunk *d = h->lists[i]; d != c; d = d->next) {
    struct hblock *b = page_lookup(h, (uintptr_t)d);
    if (b && b->kind == HEAP_VECTOR)
      bit_clear(b->mark, word_in(b, d));
  }
  if (ok && n != h->counts[i])
    ok = false, NOTE("list %zu: %zu chunks, count says %zu", i, n, h->counts[i]);
  return ok;
}

static bool verify_groups(const struct heap *h, size_t nblocks, char *err, size_t errlen);
static bool verify_lists(const struct heap *h, const struct vtally *t, char *err, size_t errlen);

static bool verify_vectors(const struct heap *h, size_t *pages, char *err, size_t errlen)
{
  struct vtally t;
  memset(&t, 0, sizeof t);
  size_t nblocks = 0;
  for (const struct hblock *b = h->vblocks; b; b = b->next, nblocks++) {
    if (b->kind != HEAP_VECTOR)
      FAIL("vector chain holds a block of kind %d", (int)b->kind);
    if (!verify_block_frame(h, b, pages, err, errlen) || !verify_vector_block(h, b, &t, err, errlen))
      return false;
  }
  if (nblocks != h->nvblocks)
    FAIL("vector blocks: %zu counted, %zu recorded", nblocks, h->nvblocks);
  return verify_groups(h, nblocks, err, errlen) && verify_lists(h, &t, err, errlen);
}

/* Each vector block lies in its group and is marked handed out there,
   and no other block is. */
static bool verify_groups(const struct heap *h, size_t nblocks, char *err, size_t errlen)
{
  for (const struct hblock *b = h->vblocks; b; b = b->next) {
    const struct vgroup *g = b->group;
    if (!g || b->base < g->base || b->base >= g->base + GROUP_BYTES ||
        !(g->used & group_bit(g, b->base)))
      FAIL("vector block %p: not handed out by its group", (void *)b->base);
  }
  size_t used = 0;
  for (const struct vgroup *g = h->vgroups; g; g = g->next)
    used += popcount64(g->used);
  if (used != nblocks)
    FAIL("vector groups: %zu blocks handed out, %zu in the chain", used, nblocks);
  return true;
}

static bool verify_lists(const struct heap *h, const struct vtally *t, char *err, size_t errlen)
{
  if (t->live_chunks != h->vec_live_chunks || t->live_bytes != h->vec_live_bytes ||
      t->free_bytes != h->vec_free_bytes)
    FAIL("vector totals disagree: live %zu/%zu chunks, %zu/%zu bytes, free %zu/%zu bytes",
         t->live_chunks, h->vec_live_chunks, t->live_bytes, h->vec_live_bytes, t->free_bytes,
         h->vec_free_bytes);
  for (size_t i = 0; i < NLISTS; i++) {
    if (t->free_per_list[i] != h->counts[i])
      FAIL("list %zu: %zu free chunks of its size in blocks, count says %zu", i,
           t->free_per_list[i], h->counts[i]);
    if (bit_test(h->nonempty, i) != (h->counts[i] != 0))
      FAIL("list %zu: bitmap bit disagrees with the list", i);
    if (((h->nonempty_words >> (i >> 6)) & 1) != (h->nonempty[i >> 6] != 0))
      FAIL("list %zu: summary bit disagrees with its bitmap word", i);
    if (!verify_list(h, i, err, errlen))
      return false;
  }
  if (any_set(h->nonempty, HEAP_VECTOR_BITMAP_WORDS) &&
      bit_next(h->nonempty, NLISTS, HEAP_VECTOR_BITMAP_WORDS * 64) < HEAP_VECTOR_BITMAP_WORDS * 64)
    FAIL("bitmap has bits beyond the last list");
  if (h->hint < 0 || h->hint > NO_HINT)
    FAIL("hint %ld out of range", h->hint);
  return true;
}

static bool verify_large(const struct heap *h, size_t *pages, char *err, size_t errlen)
{
  size_t n = 0, bytes = 0;
  for (const struct hblock *b = h->large; b; b = b->next, n++) {
    if (b->kind != HEAP_LARGE || (b->large_marked && !h->sticky_marks))
      FAIL("large object %p: wrong kind or mark left set", (void *)b->data);
    if (!verify_block_frame(h, b, pages, err, errlen))
      return false;
    bytes += b->data_bytes;
  }
  if (n != h->nlarge || bytes != h->large_bytes)
    FAIL("large objects: %zu/%zu counted, %zu/%zu bytes", n, h->nlarge, bytes, h->large_bytes);
  return true;
}

bool heap_verify(const struct heap *h, char *err, size_t errlen)
{
  size_t pages = 0;
  for (int k = 0; k < HEAP_FIXED_KINDS; k++)
    if (!verify_fixed(h, (enum heap_kind)k, &pages, err, errlen))
      return false;
  if (!verify_vectors(h, &pages, err, errlen) || !verify_large(h, &pages, err, errlen))
    return false;
  if (pages != h->pages_count)
    FAIL("page table holds %zu pages, blocks span %zu", h->pages_count, pages);
  if (h->policy >= VECTOR_POLICY_COUNT)
    FAIL("unknown policy %d", (int)h->policy);
  return true;
}
