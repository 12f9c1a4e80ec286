/* fns.h -- layer 5: list and sequence primitives, equality. */
#ifndef MARROW_FNS_H
#define MARROW_FNS_H

#include "runtime.h"

/* Defines this module's primitives and variables in RT. */
void fns_init(mrt *rt);

/* Equality as eq, eql and equal.  mrt_equal signals circular-list on a
   cdr-circular list and (error "Stack overflow in equal") past a
   nesting depth of 200, as Emacs does. */
bool mrt_eql(mval a, mval b);
bool mrt_equal(mrt *rt, mval a, mval b);

/* Brent's algorithm, on Emacs's schedule (FOR_EACH_TAIL_INTERNAL): the
   tortoise jumps to the hare after 2, 4, 8, ... steps, and every other
   step compares them.  Meeting means the list is circular.  Following
   Emacs's schedule exactly makes safe-length and last agree with it on
   circular lists, and side effects stop at the same element. */
struct cycle_check {
  mval tortoise;
  uint64_t max, q;
};

static inline struct cycle_check cycle_start(mval list)
{
  return (struct cycle_check){ list, 2, 2 };
}

/* Called after each step to TAIL: true when TAIL closes a cycle. */
static inline bool cycle_seen(struct cycle_check *cc, mval tail)
{
  if (--cc->q != 0)
    return tail == cc->tortoise && CONSP(tail);
  cc->max <<= 1;
  cc->q = cc->max;
  cc->tortoise = tail;
  return false;
}

/* As in Emacs, the error's data is the tail where the cycle was seen,
   not the list's head: (circular-list (3 1 2 3 1 . #2)) for a cycle
   of 1, 2, 3. */
static inline void cycle_step(mrt *rt, struct cycle_check *cc, mval tail, mval list)
{
  (void)list;
  if (cycle_seen(cc, tail))
    xsignal1(rt, Qcircular_list, tail);
}

/* Runs the body with TAIL at each cons of LIST; afterwards TAIL is the
   first non-cons (nil for a proper list). */
#define FOR_EACH_TAIL(rt, tail, list)                                  \
  for (struct cycle_check cc_ = cycle_start(tail); CONSP(tail);        \
       tail = XCDR(tail), cycle_step((rt), &cc_, tail, (list)))

/* Length of a proper list; signals circular-list or
   (wrong-type-argument listp TAIL) otherwise. */
int64_t list_length(mrt *rt, mval list);
/* Signals (wrong-type-argument sequencep X) for the first of the N
   arguments A that append, vconcat and concat cannot walk. */
void check_sequences(mrt *rt, int n, const mval *a);
/* Length of a list, vector, string or record (as `length'). */
int64_t sequence_length(mrt *rt, mval seq);
/* (copy-tree TREE VECP), DEPTH levels down already. */
mval copy_tree(mrt *rt, mval tree, bool vecp, int depth);
/* Reverses a proper list in place (no checks: call list_length first). */
mval nreverse_list(mrt *rt, mval list);
/* (delq ELT LIST) and (delete ELT LIST) on a list. */
mval list_delq(mrt *rt, mval elt, mval list);
mval list_delete(mrt *rt, mval elt, mval list);
/* The elements of SEQ (list, vector, string, record) as a fresh vector. */
mval sequence_to_vector(mrt *rt, mval seq);

/* Property lists.  plist_get never signals (a malformed or circular
   plist just ends); plist_put signals (wrong-type-argument plistp PLIST)
   or circular-list, and returns the plist to store back. */
mval plist_get(mval plist, mval prop);
mval plist_put(mrt *rt, mval plist, mval prop, mval value);

/* An integer argument that must fit in int64 (fixnump otherwise). */
int64_t check_fixnum(mrt *rt, mval x);
/* A non-negative fixnum (wholenump otherwise). */
int64_t check_natnum(mrt *rt, mval x);

#endif
