/*
** hashtab.h -- layer 5: hash tables.
**
** A hash table is a PVEC_HASH_TABLE vector-like whose slots are all
** Lisp values: the storage lives in ordinary Lisp vectors, so the
** collector marks it with no special code and a sweep frees it with
** the table.  Entries are stored in insertion order in KV (a removed
** entry's slot is reused first), which is the order maphash visits and
** the printer prints, as in Emacs.
*/
#ifndef MARROW_HASHTAB_H
#define MARROW_HASHTAB_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void hashtab_init(mrt *rt);

struct hash_table {
  uint64_t header;
  const mval test;      /* Qeq, Qeql, Qequal or a define-hash-table-test name */
  const mval weakness;  /* accepted and ignored: nil, key, value, ... */
  const mval kv;        /* vector of 2*size: key i at 2i, value at 2i+1;
                     a free entry's key is Qunbound */
  const mval hash;      /* vector of size: each entry's hash, a fixnum */
  const mval next;      /* vector of size: next entry in the bucket's chain,
                     or in the free list; -1 ends both */
  const mval index;     /* vector of buckets: first entry of each, or -1 */
  const mval count;     /* fixnum: entries in use */
  const mval next_free; /* fixnum: first free entry, or -1 */
  const mval user;      /* (TEST-FN HASH-FN) when TEST is define-hash-table-test's */
  /* What make-hash-table was given, as Emacs's accessors return it
     (nil: the default); growth always uses the defaults. */
  const mval rehash_size;
  const mval rehash_threshold;
  const mval purecopy;  /* t when asked for, printed as Emacs does */
};
#define HASH_TABLE_NLISP 12
static inline struct hash_table *XHASH_TABLE(mval x) { return (struct hash_table *)untag(x); }
static inline bool HASH_TABLE_P(mval x) { return PVECP(x, PVEC_HASH_TABLE); }

/* A new table with TEST (Qeq, Qeql, Qequal) and room for SIZE entries. */
mval make_hash_table(mrt *rt, mval test, int64_t size);
/* (make-hash-table ARGS...): keyword arguments checked as Emacs does. */
mval make_hash_table_from_args(mrt *rt, int n, mval *args);
/* hash-table-rehash-size and hash-table-rehash-threshold of TABLE. */
mval hash_table_rehash_size(mrt *rt, mval table);
mval hash_table_rehash_threshold(mrt *rt, mval table);
/* The entry index of KEY, or -1. */
int64_t hash_lookup(mrt *rt, mval table, mval key);
mval hash_get(mrt *rt, mval table, mval key, mval dflt);
void hash_put(mrt *rt, mval table, mval key, mval value);
bool hash_remove(mrt *rt, mval table, mval key);

/* For the printer: #s(hash-table size N test T [weakness W]
   rehash-size R rehash-threshold H [purecopy t] data (K V ...)).  Entries are read by index
   0 .. hash_table_size-1; hash_table_entry is false for a free one. */
int64_t hash_table_size(mval table);
int64_t hash_table_count(mval table);
bool hash_table_entry(mval table, int64_t i, mval *key, mval *value);

/* sxhash-equal: equal objects hash alike; bounded depth and length. */
uint64_t sxhash_equal(mrt *rt, mval x);
uint64_t sxhash_eql(mval x);
/* Emacs 28's hash of the bytes P[0,N), unreduced: obarrays use it. */
uint64_t hash_string_bits(const uint8_t *p, size_t n);

#endif
