/*
** object.h -- layer 1: the object model.
**
** A Lisp value (`mval`) is one tagged 64-bit word.  The low three bits
** say what it is:
**
**   x00  fixnum      the other 62 bits are a two's-complement integer,
**                    so a fixnum is n << 2 and fixnum addition is plain
**                    machine addition with an overflow check.
**   001  cons        pointer to struct cons (16 bytes, cons blocks)
**   010  symbol      index into the runtime's symbol table << 3; the
**                    builtin symbols therefore have compile-time
**                    constant values (Qnil == 2, Qt == 10)
**   011  string      pointer to struct string (header in string blocks)
**   101  float       pointer to a double (float blocks)
**   110  vectorlike  pointer to struct vectorlike (vector blocks or a
**                    large object): vectors, bignums, closures, subrs,
**                    hash tables, records
**   111  immediate   internal markers such as Qunbound; never visible
**                    to Lisp code
**
** Every heap object is 8-byte aligned, so the tag can be subtracted to
** recover the pointer.  A tagged pointer is an interior pointer of its
** object, which is why the conservative stack scan accepts interior
** pointers.
**
** This header knows nothing about runtimes, heaps or the collector.
*/
#ifndef MARROW_OBJECT_H
#define MARROW_OBJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t mval;

enum mtag {
  TAG_CONS = 1,
  TAG_SYMBOL = 2,
  TAG_STRING = 3,
  TAG_FLOAT = 5,
  TAG_VECTORLIKE = 6,
  TAG_IMMEDIATE = 7
};

#define TAG_BITS 3
#define TAG_MASK ((mval)7)
#define TAG_OF(x) ((unsigned)((x) & TAG_MASK))

/* ------------------------------------------------------------------ */
/* Fixnums                                                             */
/* ------------------------------------------------------------------ */

#define FIXNUM_BITS 62
#define MOST_POSITIVE_FIXNUM ((int64_t)((UINT64_C(1) << 61) - 1))
#define MOST_NEGATIVE_FIXNUM (-MOST_POSITIVE_FIXNUM - 1)

static inline bool FIXNUMP(mval x) { return (x & 3) == 0; }
static inline int64_t XFIXNUM(mval x) { return (int64_t)x >> 2; }
static inline mval make_fixnum(int64_t n) { return (mval)((uint64_t)n << 2); }
static inline bool fixnum_in_range(int64_t n)
{
  return n >= MOST_NEGATIVE_FIXNUM && n <= MOST_POSITIVE_FIXNUM;
}

/* ------------------------------------------------------------------ */
/* Pointer objects                                                     */
/* ------------------------------------------------------------------ */

static inline bool CONSP(mval x) { return TAG_OF(x) == TAG_CONS; }
static inline bool SYMBOLP(mval x) { return TAG_OF(x) == TAG_SYMBOL; }
static inline bool STRINGP(mval x) { return TAG_OF(x) == TAG_STRING; }
static inline bool FLOATP(mval x) { return TAG_OF(x) == TAG_FLOAT; }
static inline bool VECTORLIKEP(mval x) { return TAG_OF(x) == TAG_VECTORLIKE; }

static inline void *untag(mval x) { return (void *)(uintptr_t)(x & ~TAG_MASK); }
static inline mval tag_ptr(const void *p, enum mtag t)
{
  return (mval)(uintptr_t)p | (mval)t;
}

/* The Lisp fields of heap objects are const.  A store into an object
   that already exists must go through the collector's write barrier
   (gc.h: gc_setcar, gc_setcdr, gc_aset, GC_STORE): a generational
   collection does not look inside old objects again, so it must be told
   which ones were written since.  The const makes the compiler find
   every store that forgets.  OBJ_INIT is for an allocator's first
   stores into an object that no collection has seen yet. */
#define OBJ_INIT(field, v) (*(mval *)&(field) = (v))
/* A fixnum points to no object, so storing one needs no barrier. */
#define SET_FIXNUM_FIELD(field, v) OBJ_INIT(field, v)

struct cons {
  const mval car, cdr;
};

/* A string owns a separately allocated, NUL-terminated buffer (freed
   when the header is swept): bytes when unibyte, UTF-8 when
   STRING_MULTIBYTE (strfns.c).  nchars == nbytes for unibyte and for
   ASCII-only strings. */
struct string {
  int64_t nbytes;
  int64_t nchars;
  uint8_t *data;
  uint64_t flags; /* STRING_MULTIBYTE; bits 2.. hold strfns.c's position cache */
  const mval intervals; /* text properties: nil, or textprop.c's interval list */
};
#define STRING_MULTIBYTE 1u

static inline struct cons *XCONS(mval x) { return (struct cons *)untag(x); }
static inline struct string *XSTRING(mval x) { return (struct string *)untag(x); }
static inline double XFLOAT(mval x) { return *(double *)untag(x); }
static inline mval XCAR(mval x) { return XCONS(x)->car; }
static inline mval XCDR(mval x) { return XCONS(x)->cdr; }

/* ------------------------------------------------------------------ */
/* Symbols                                                             */
/* ------------------------------------------------------------------ */

/* Symbol values carry an index, not a pointer: see runtime.h for the
   table that maps it to a struct symbol. */
#define SYMBOL_INDEX(x) ((uint64_t)(x) >> TAG_BITS)
#define MAKE_SYMBOL(i) (((mval)(i) << TAG_BITS) | TAG_SYMBOL)

enum symbol_kind {
  SYMBOL_PLAIN = 0,    /* lexically bindable */
  SYMBOL_SPECIAL = 1,  /* defvar'd: always dynamically bound */
};

struct symbol {
  const mval name;      /* a string */
  const mval value;     /* global/dynamic value, or Qunbound */
  const mval function;  /* function cell, Qnil when unbound */
  const mval plist;
  /* The next symbol in its bucket of an obarray made by obarray-make
     (nil at the end), as Emacs chains them: the bucket holds the
     symbol interned last. */
  const mval obarray_next;
  struct symbol *next_in_bucket; /* the symbol table's chain */
  uint32_t index;                /* position in the symbol table */
  uint8_t special;               /* enum symbol_kind */
  uint8_t constant;              /* nil, t, keywords, defconst */
  uint8_t interned : 1;
  /* The value is a bignum that nothing else holds, stored by the
     evaluator's in-place update (eval.c), which may then overwrite it.
     Every other read and write of the value cell goes through
     symbol_fetch or symbol_store, which clear it. */
  uint8_t value_owned : 1;
  /* enum symbol_redirect: where the value is.  Anything but
     SYMBOL_PLAINVAL takes the slow paths of symbol.c, so the plain
     variable's read and write test this field only. */
  uint8_t redirect : 2;
  /* make-variable-buffer-local: setting it makes a buffer-local
     binding (SYMBOL_LOCALIZED only). */
  uint8_t local_if_set : 1;
  /* Every buffer has a binding, as of major-mode (buffer.c's
     per-buffer variables): made when it first differs from the default
     value (a buffer without one sees that), kept by
     kill-local-variable. */
  uint8_t in_every_buffer : 1;
  /* Some analysed code binds it with a lexical let: should it become
     special, eval_make_special has such functions analysed again. */
  uint8_t let_lexically : 1;
  /* A value set goes through rt->on_checked_write first: Emacs's
     DEFVAR_BOOL variables store t or nil, its typed per-buffer ones
     refuse a value of the wrong type.  Their writes are trapped
     (trapped_write stays set) to get there. */
  uint8_t checked : 1;
  /* Writes first call rt->on_trapped_write: the variable watchers. */
  uint8_t trapped_write;
};

enum symbol_redirect {
  SYMBOL_PLAINVAL = 0, /* the value cell holds the value */
  /* defvaralias made this symbol an alias: the value cell holds the
     symbol whose value it shares (variable_base). */
  SYMBOL_VARALIAS = 1,
  /* It may have buffer-local bindings, in the buffers' alists
     (rt->locals); the value cell holds the default value. */
  SYMBOL_LOCALIZED = 2,
  /* The runtime counts the value (Emacs's DEFVAR_INT counters such as
     cons-cells-consed): reads ask the counter, and the value cell only
     caches the last value read (symbol.c, "Counted variables"). */
  SYMBOL_COUNTED = 3
};

/* The value cell, for anyone who may keep the value. */
static inline mval symbol_fetch(struct symbol *s)
{
  if (__builtin_expect(s->value_owned, 0))
    s->value_owned = 0;
  return s->value;
}
/* (symbol_store, which writes the cell, is in gc.h: it passes the
   write barrier.) */

/* The builtin symbols: Qnil, Qt, Qquote, ...  Their order in the table
   of every runtime is the order of symbols.def. */
enum builtin_symbol {
#define SYM(cname, lname) SYMI_##cname,
#include "symbols.def"
#undef SYM
  SYMI_COUNT_
};
#define SYM(cname, lname) static const mval Q##cname = MAKE_SYMBOL(SYMI_##cname);
#include "symbols.def"
#undef SYM

static inline bool NILP(mval x) { return x == Qnil; }

/* Internal immediates (tag 111). */
#define MAKE_IMMEDIATE(n) (((mval)(n) << TAG_BITS) | TAG_IMMEDIATE)
#define Qunbound MAKE_IMMEDIATE(0)
#define IMMEDIATEP(x) (TAG_OF(x) == TAG_IMMEDIATE)

/* ------------------------------------------------------------------ */
/* Vector-like objects                                                 */
/* ------------------------------------------------------------------ */

/* One header word:
     bits  0..5   type (enum pvec_type)
     bits  6..34  total size in words, header included
     bits 35..63  how many mval slots follow the header; the collector
                  marks exactly those and treats the rest as raw bytes.
   The heap layer reads only the type and the size, so free chunks
   (PVEC_FREE) are walked with the same header. */
enum pvec_type {
  PVEC_FREE = 0,       /* owned by the heap layer: a free chunk */
  PVEC_VECTOR,
  PVEC_BIGNUM,         /* raw: an mpz_t; finalized with mpz_clear */
  PVEC_CLOSURE,        /* interpreted function */
  PVEC_SUBR,           /* primitive implemented in C */
  PVEC_HASH_TABLE,
  PVEC_RECORD,
  PVEC_CODE,           /* evaluator's analysed form of a body */
  PVEC_BOX,            /* mutable cell for captured variables */
  PVEC_OPAQUE,         /* host data: raw bytes, optional finalizer */
  PVEC_BOOL_VECTOR,    /* raw: a length, then the bits */
  PVEC_BUFFER,         /* buffer.h: name, locals, intervals, then raw state */
  PVEC_MARKER,         /* buffer.h: its buffer, then a raw position */
  PVEC_CHAR_TABLE,     /* chartab.h */
  PVEC_SUB_CHAR_TABLE,
  PVEC_COMPILED,       /* compiled.h: a byte-code function */
  PVEC_FINALIZER,      /* make-finalizer: its function, nil once run */
  PVEC_OVERLAY,        /* overlays.h: start and end markers, plist */
  PVEC_WINDOW,         /* window.h: Lisp slots only */
  PVEC_FRAME,          /* window.h: Lisp slots only */
  PVEC_WINDOW_CONFIGURATION, /* window.h: one Lisp slot, a snapshot */
  PVEC_PROCESS,        /* process.c: an asynchronous process, Lisp slots only */
  PVEC_TYPE_COUNT
};

#define VL_TYPE_BITS 6
#define VL_SIZE_BITS 29
#define VL_MAX_WORDS ((UINT64_C(1) << VL_SIZE_BITS) - 1)

struct vectorlike {
  uint64_t header;
  const mval slots[]; /* the first VL_NLISP() of them are Lisp values */
};

static inline uint64_t vl_make_header(enum pvec_type t, uint64_t nwords, uint64_t nlisp)
{
  return (uint64_t)t | (nwords << VL_TYPE_BITS) |
         (nlisp << (VL_TYPE_BITS + VL_SIZE_BITS));
}
static inline enum pvec_type vl_header_type(uint64_t h) { return (enum pvec_type)(h & 63); }
static inline uint64_t vl_header_words(uint64_t h) { return (h >> VL_TYPE_BITS) & VL_MAX_WORDS; }
static inline uint64_t vl_header_nlisp(uint64_t h) { return h >> (VL_TYPE_BITS + VL_SIZE_BITS); }

static inline struct vectorlike *XVL(mval x) { return (struct vectorlike *)untag(x); }
static inline enum pvec_type PVEC_TYPE(mval x) { return vl_header_type(XVL(x)->header); }
static inline bool PVECP(mval x, enum pvec_type t)
{
  return VECTORLIKEP(x) && PVEC_TYPE(x) == t;
}
static inline bool VECTORP(mval x) { return PVECP(x, PVEC_VECTOR); }
static inline bool BIGNUMP(mval x) { return PVECP(x, PVEC_BIGNUM); }
static inline bool INTEGERP(mval x) { return FIXNUMP(x) || BIGNUMP(x); }
static inline bool NUMBERP(mval x) { return INTEGERP(x) || FLOATP(x); }

/* A plain vector: nlisp == number of elements. */
static inline int64_t VECTOR_LENGTH(mval v) { return (int64_t)vl_header_nlisp(XVL(v)->header); }
static inline const mval *VECTOR_SLOTS(mval v) { return XVL(v)->slots; }
static inline mval AREF(mval v, int64_t i) { return XVL(v)->slots[i]; }
static inline void ASET_FIXNUM(mval v, int64_t i, mval fixnum) { SET_FIXNUM_FIELD(XVL(v)->slots[i], fixnum); }
/* A vector's slots as the argument array of a primitive, which reads
   its arguments and never stores into them. */
static inline mval *VECTOR_ARGS(mval v) { return (mval *)XVL(v)->slots; }
/* Raw words of a vector-like that holds no Lisp values there. */
static inline uint64_t *VL_RAW(mval v) { return (uint64_t *)XVL(v)->slots; }

/* A bool-vector: no Lisp slots; the first raw word is the length in
   bits, the words after it the bits, element I being bit I % 64 of
   word I / 64.  Bits past the length stay zero, so that equal and
   sxhash may look at whole words. */
static inline bool BOOL_VECTOR_P(mval x) { return PVECP(x, PVEC_BOOL_VECTOR); }
static inline int64_t BOOL_VECTOR_LENGTH(mval v) { return (int64_t)XVL(v)->slots[0]; }
static inline uint64_t *BOOL_VECTOR_BITS(mval v) { return VL_RAW(v) + 1; }
static inline int64_t bool_vector_words(int64_t nbits) { return (nbits + 63) / 64; }
static inline bool bool_vector_ref(mval v, int64_t i)
{
  return (BOOL_VECTOR_BITS(v)[i / 64] >> (i % 64)) & 1;
}
static inline void bool_vector_set(mval v, int64_t i, bool b)
{
  uint64_t bit = UINT64_C(1) << (i % 64);
  uint64_t *w = &BOOL_VECTOR_BITS(v)[i / 64];
  *w = b ? *w | bit : *w & ~bit;
}

/* A primitive.  Every primitive takes its arguments as an array: the
   caller checks arity and pads missing &optional arguments with nil up
   to max_args, so a subr may always read args[0..max_args-1]. */
struct mrt;
typedef mval (*subr_fn)(struct mrt *rt, int nargs, mval *args);
typedef mval (*subr_fn_data)(struct mrt *rt, int nargs, mval *args, void *data);
#define ARGS_MANY (-1)      /* &rest: any number >= min_args */
#define ARGS_UNEVALLED (-2) /* special form: the evaluator handles it */

struct subr_def {
  const char *name;
  subr_fn fn;
  int min_args, max_args;
};

struct subr {
  uint64_t header;  /* nlisp = 1 */
  mval name;        /* symbol */
  subr_fn fn;       /* exactly one of fn and fn_data is set */
  subr_fn_data fn_data;
  void *data;
  int32_t min_args, max_args;
};
static inline struct subr *XSUBR(mval x) { return (struct subr *)untag(x); }

/* A bignum: header and mpz_t, kept opaque here so that this header
   does not need gmp.h (bignum.h has the accessor). */
#define BIGNUM_WORDS 3 /* header + sizeof(mpz_t) / 8 */

#endif
