/*
** fns.c -- layer 5: list and sequence primitives, equality.
**
** Invariants of this module:
**   - No list walk can hang: every walk over a list that may be circular
**     goes through FOR_EACH_TAIL, which signals (circular-list LIST)
**     once it has gone round (Brent's cycle detection, O(1) space).
**   - No unbounded C recursion: equal recurses only on cars and vector
**     slots and stops at EQUAL_MAX_DEPTH, as Emacs does; copy-tree
**     stops at COPY_TREE_MAX_DEPTH.  Everything along cdrs is a loop.
**   - Intermediate results live in Lisp objects held by C locals (the
**     stack is scanned conservatively), never in malloc'd memory, so a
**     signal out of a Lisp callback (sort's predicate, mapcar's
**     function) leaks nothing.
**   - Error data match Emacs 28's, argument for argument.
*/
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fns.h"
#include "chartab.h"
#include "bignum.h"
#include "buffer.h"
#include "overlays.h"
#include "eval.h"
#include "arith.h"
#include "strfns.h"
#include "textprop.h"
#include "chartab.h"
#include "hashtab.h"
#include "data.h"
#include "printer.h"

#define EQUAL_MAX_DEPTH 200
#define COPY_TREE_MAX_DEPTH 10000

/* ================================================================== */
/* Walking lists safely                                               */
/* ================================================================== */

static inline void check_list_end(mrt *rt, mval tail, mval list)
{
  if (!NILP(tail))
    wrong_type_argument(rt, Qlistp, list);
}

int64_t list_length(mrt *rt, mval list)
{
  int64_t n = 0;
  mval tail = list;
  FOR_EACH_TAIL(rt, tail, list)
    n++;
  if (!NILP(tail))
    wrong_type_argument(rt, Qlistp, tail);
  return n;
}

mval nreverse_list(mrt *rt, mval list)
{
  mval prev = Qnil;
  rt->list_edits++;
  while (CONSP(list)) {
    mval next = XCDR(list);
    gc_setcdr(rt->gc, list, prev);
    prev = list;
    list = next;
  }
  return prev;
}

/* Building a list front to back: the head stays in a C local. */
struct list_builder {
  mval head, tail;
};

static void lb_add(mrt *rt, struct list_builder *b, mval x)
{
  mval cell = Fcons(rt, x, Qnil);
  if (NILP(b->head))
    b->head = cell;
  else
    gc_setcdr(rt->gc, b->tail, cell);
  b->tail = cell;
}

/* ================================================================== */
/* Argument checks                                                    */
/* ================================================================== */

int64_t check_fixnum(mrt *rt, mval x)
{
  CHECK_FIXNUM(rt, x);
  return XFIXNUM(x);
}

int64_t check_natnum(mrt *rt, mval x)
{
  CHECK_TYPE(rt, FIXNUMP(x) && XFIXNUM(x) >= 0, Qwholenump, x);
  return XFIXNUM(x);
}

/* An integer count where bignums only mean "very many". */
static int64_t check_count(mrt *rt, mval n)
{
  CHECK_INTEGER(rt, n);
  if (FIXNUMP(n))
    return XFIXNUM(n);
  return mpz_sgn(XBIGNUM_MPZ(n)) < 0 ? INT64_MIN : INT64_MAX;
}

static int64_t vl_length(mval v) { return (int64_t)vl_header_nlisp(XVL(v)->header); }

/* ================================================================== */
/* Equality                                                           */
/* ================================================================== */

static bool float_same(mval a, mval b)
{
  double x = XFLOAT(a), y = XFLOAT(b);
  return memcmp(&x, &y, sizeof x) == 0;
}

bool mrt_eql(mval a, mval b)
{
  if (a == b)
    return true;
  if (FLOATP(a) && FLOATP(b))
    return float_same(a, b);
  if (BIGNUMP(a) && BIGNUMP(b))
    return mpz_cmp(XBIGNUM_MPZ(a), XBIGNUM_MPZ(b)) == 0;
  return false;
}

static bool equal_rec(mrt *rt, mval a, mval b, int depth);

static bool equal_slots(mrt *rt, mval a, mval b, int depth)
{
  uint64_t ha = XVL(a)->header, hb = XVL(b)->header;
  if (vl_header_type(ha) != vl_header_type(hb) || vl_header_nlisp(ha) != vl_header_nlisp(hb))
    return false;
  int64_t n = vl_length(a);
  for (int64_t i = 0; i < n; i++)
    if (!equal_rec(rt, AREF(a, i), AREF(b, i), depth + 1))
      return false;
  return true;
}

/* Recurses on cars and slots, loops on cdrs, as Emacs's internal_equal. */
static bool equal_rec(mrt *rt, mval a, mval b, int depth)
{
  for (;;) {
    if (depth > EQUAL_MAX_DEPTH)
      mrt_error(rt, "Stack overflow in equal");
    if (a == b)
      return true;
    if (TAG_OF(a) != TAG_OF(b)) {
      if (!PVECP(a, PVEC_CLOSURE) && !PVECP(b, PVEC_CLOSURE))
        return false;
      a = closure_list_view(rt, a); /* a list may be equal to a closure */
      b = closure_list_view(rt, b);
      continue;
    }
    switch (TAG_OF(a)) {
    case TAG_FLOAT:
      return float_same(a, b);
    case TAG_STRING: {
      struct string *x = XSTRING(a), *y = XSTRING(b);
      return x->nbytes == y->nbytes && x->nchars == y->nchars &&
             memcmp(x->data, y->data, (size_t)x->nbytes) == 0;
    }
    case TAG_CONS: {
      mval tail = a;
      FOR_EACH_TAIL(rt, tail, a) {
        if (!CONSP(b) || !equal_rec(rt, XCAR(tail), XCAR(b), depth + 1))
          return false;
        b = XCDR(b);
        if (XCDR(tail) == b)
          return true;
      }
      a = tail;
      depth++;
      continue;
    }
    case TAG_VECTORLIKE:
      switch (PVEC_TYPE(a)) {
      case PVEC_BIGNUM:
        return BIGNUMP(b) && mpz_cmp(XBIGNUM_MPZ(a), XBIGNUM_MPZ(b)) == 0;
      case PVEC_VECTOR:
      case PVEC_RECORD:
      case PVEC_CHAR_TABLE:
      case PVEC_SUB_CHAR_TABLE:
      case PVEC_COMPILED:
        return equal_slots(rt, a, b, depth);
      case PVEC_BOOL_VECTOR:
        return BOOL_VECTOR_P(b) && BOOL_VECTOR_LENGTH(a) == BOOL_VECTOR_LENGTH(b) &&
               memcmp(BOOL_VECTOR_BITS(a), BOOL_VECTOR_BITS(b),
                      (size_t)bool_vector_words(BOOL_VECTOR_LENGTH(a)) * 8) == 0;
      case PVEC_MARKER: /* the same place, or both nowhere */
        return MARKERP(b) && XMARKER(a)->buffer == XMARKER(b)->buffer &&
               (NILP(XMARKER(a)->buffer) || XMARKER(a)->charpos == XMARKER(b)->charpos);
      case PVEC_OVERLAY:
        return overlays_equal(rt, a, b);
      case PVEC_CLOSURE: /* Emacs 28 closures are lists: compare those */
        if (!PVECP(b, PVEC_CLOSURE))
          return false;
        a = closure_as_list(rt, a);
        b = closure_as_list(rt, b);
        depth++;
        continue;
      default:
        return false;
      }
    default:
      return false;
    }
  }
}

bool mrt_equal(mrt *rt, mval a, mval b) { return equal_rec(rt, a, b, 0); }

static mval bool_val(bool b) { return b ? Qt : Qnil; }

static mval Feq(mrt *rt, int n, mval *a) { return bool_val(a[0] == a[1]); }
static mval Feql(mrt *rt, int n, mval *a) { return bool_val(mrt_eql(a[0], a[1])); }
static mval Fequal(mrt *rt, int n, mval *a) { return bool_val(mrt_equal(rt, a[0], a[1])); }
static mval Fidentity(mrt *rt, int n, mval *a) { return a[0]; }
static mval Fignore(mrt *rt, int n, mval *a) { return Qnil; }

/* ================================================================== */
/* Conses                                                             */
/* ================================================================== */

static mval car_of(mrt *rt, mval x)
{
  if (CONSP(x))
    return XCAR(x);
  if (PVECP(x, PVEC_CLOSURE))
    return XCAR(closure_as_list(rt, x));
  CHECK_LIST(rt, x);
  return Qnil;
}

static mval cdr_of(mrt *rt, mval x)
{
  if (CONSP(x))
    return XCDR(x);
  if (PVECP(x, PVEC_CLOSURE))
    return XCDR(closure_as_list(rt, x));
  CHECK_LIST(rt, x);
  return Qnil;
}

/* caar ... cddddr: one primitive each, whose data is its name; the
   letters between c and r apply from the right. */
static const char *const cxr_names[] = {
  "caar",   "cadr",   "cdar",   "cddr",   "caaar",  "caadr",  "cadar",
  "caddr",  "cdaar",  "cdadr",  "cddar",  "cdddr",  "caaaar", "caaadr",
  "caadar", "caaddr", "cadaar", "cadadr", "caddar", "cadddr", "cdaaar",
  "cdaadr", "cdadar", "cdaddr", "cddaar", "cddadr", "cdddar", "cddddr",
};

static mval Fcxr(mrt *rt, int n, mval *a, void *data)
{
  const char *name = data;
  mval x = a[0];
  for (int i = (int)strlen(name) - 2; i >= 1; i--)
    x = name[i] == 'a' ? car_of(rt, x) : cdr_of(rt, x);
  return x;
}

static void define_cxrs(mrt *rt)
{
  for (size_t i = 0; i < sizeof cxr_names / sizeof cxr_names[0]; i++) {
    mval sym = intern(rt, cxr_names[i]);
    SYMBOL_SET(rt->gc, XSYMBOL(rt, sym), function, make_subr(rt, sym, NULL, Fcxr, (void *)cxr_names[i], 1, 1));
  }
}

static mval Fcons_(mrt *rt, int n, mval *a) { return Fcons(rt, a[0], a[1]); }
static mval Fcar(mrt *rt, int n, mval *a) { return car_of(rt, a[0]); }
static mval Fcdr(mrt *rt, int n, mval *a) { return cdr_of(rt, a[0]); }
static mval Fcar_safe(mrt *rt, int n, mval *a)
{
  mval x = closure_list_view(rt, a[0]);
  return CONSP(x) ? XCAR(x) : Qnil;
}

static mval Fcdr_safe(mrt *rt, int n, mval *a)
{
  mval x = closure_list_view(rt, a[0]);
  return CONSP(x) ? XCDR(x) : Qnil;
}

/* On a closure these change its kept list (see closure_as_list). */
static mval Fsetcar(mrt *rt, int n, mval *a)
{
  mval x = closure_list_view(rt, a[0]);
  CHECK_CONS(rt, x);
  rt->list_edits++;
  gc_setcar(rt->gc, x, a[1]);
  return a[1];
}

static mval Fsetcdr(mrt *rt, int n, mval *a)
{
  mval x = closure_list_view(rt, a[0]);
  CHECK_CONS(rt, x);
  rt->list_edits++;
  gc_setcdr(rt->gc, x, a[1]);
  return a[1];
}

static mval Flist(mrt *rt, int n, mval *a) { return listn(rt, (size_t)n, a); }

static mval Fmake_list(mrt *rt, int n, mval *a)
{
  int64_t len = check_natnum(rt, a[0]);
  mval r = Qnil;
  while (len-- > 0)
    r = Fcons(rt, a[1], r);
  return r;
}

/* ================================================================== */
/* Lengths                                                            */
/* ================================================================== */

int64_t sequence_length(mrt *rt, mval seq)
{
  seq = closure_list_view(rt, seq);
  if (CONSP(seq) || NILP(seq))
    return list_length(rt, seq);
  if (STRINGP(seq))
    return XSTRING(seq)->nchars;
  if (VECTORP(seq) || RECORDP(seq))
    return vl_length(seq);
  if (BOOL_VECTOR_P(seq))
    return BOOL_VECTOR_LENGTH(seq);
  if (CHAR_TABLE_P(seq))
    return MAX_CHAR; /* as Emacs 28 */
  if (PVECP(seq, PVEC_COMPILED))
    return vl_length(seq);
  wrong_type_argument(rt, Qsequencep, seq);
}

/* Conses before the end or until the cycle check fires (Emacs's
   FOR_EACH_TAIL_SAFE); sets *LAST to the tail after the last one. */
static int64_t safe_walk(mval list, mval *last)
{
  int64_t n = 0;
  struct cycle_check cc = cycle_start(list);
  mval tail = list;
  *last = list;
  while (CONSP(tail)) {
    n++;
    *last = tail = XCDR(tail);
    if (cycle_seen(&cc, tail))
      break;
  }
  return n;
}

static int64_t safe_length(mval list)
{
  mval last;
  return safe_walk(list, &last);
}

static mval Flength(mrt *rt, int n, mval *a) { return make_fixnum(sequence_length(rt, a[0])); }

/* Emacs 28's length_internal: LEN minus the conses of LIST, or -1 once
   LEN conses were seen.  Short limits need no cycle check (the count
   ends the walk); long ones signal circular-list. */
static int64_t length_internal(mrt *rt, mval list, int64_t len)
{
  mval tail = list;
  if (len < 0xffff) {
    for (; CONSP(tail); tail = XCDR(tail))
      if (--len <= 0)
        return -1;
    return len;
  }
  FOR_EACH_TAIL(rt, tail, list)
    if (--len <= 0)
      return -1;
  return len;
}

/* length<, length> and length=: compare without walking a long list. */
enum length_cmp { LENGTH_LESS, LENGTH_GREATER, LENGTH_EQUAL };

static mval length_compare(mrt *rt, mval seq, mval length, enum length_cmp op)
{
  int64_t len = check_fixnum(rt, length);
  if (op == LENGTH_EQUAL && len < 0)
    return Qnil;
  seq = closure_list_view(rt, seq);
  if (CONSP(seq)) {
    switch (op) {
    case LENGTH_LESS: return bool_val(length_internal(rt, seq, len) != -1);
    case LENGTH_GREATER: return bool_val(length_internal(rt, seq, len + 1) == -1);
    default: return bool_val(length_internal(rt, seq, len + 1) == 1);
    }
  }
  int64_t actual = sequence_length(rt, seq);
  return bool_val(op == LENGTH_LESS ? actual < len : op == LENGTH_GREATER ? actual > len : actual == len);
}

static mval Flength_less(mrt *rt, int n, mval *a) { return length_compare(rt, a[0], a[1], LENGTH_LESS); }
static mval Flength_greater(mrt *rt, int n, mval *a) { return length_compare(rt, a[0], a[1], LENGTH_GREATER); }
static mval Flength_equal(mrt *rt, int n, mval *a) { return length_compare(rt, a[0], a[1], LENGTH_EQUAL); }
static mval Fsafe_length(mrt *rt, int n, mval *a)
{
  return make_fixnum(safe_length(closure_list_view(rt, a[0])));
}

static mval Fproper_list_p(mrt *rt, int n, mval *a)
{
  mval last;
  int64_t len = safe_walk(closure_list_view(rt, a[0]), &last);
  return NILP(last) ? make_fixnum(len) : Qnil;
}

/* ================================================================== */
/* Positions: nth, nthcdr, elt, last, butlast                         */
/* ================================================================== */

/* Walks N cdrs of LIST (N an integer; a negative one walks none).  A
   circular list is walked only until its cycle is known; the rest of N
   is then taken modulo the cycle's length, exactly even for bignums. */
static mval nthcdr(mrt *rt, mval n, mval list)
{
  int64_t count = check_count(rt, n);
  list = closure_list_view(rt, list);
  mval tail = list, tortoise = list;
  uint64_t steps = 0, power = 2;
  for (int64_t i = 0; i < count; i++) {
    if (!CONSP(tail)) {
      check_list_end(rt, tail, list);
      return Qnil;
    }
    tail = XCDR(tail);
    steps++;
    if (tail == tortoise) { /* a cycle of STEPS conses; I + 1 walked */
      int64_t rest;
      if (FIXNUMP(n))
        rest = (count - i - 1) % (int64_t)steps;
      else
        rest = (int64_t)((mpz_fdiv_ui(XBIGNUM_MPZ(n), steps) + steps - (uint64_t)(i + 1) % steps) % steps);
      while (rest-- > 0)
        tail = XCDR(tail);
      return tail;
    }
    if (steps == power) {
      tortoise = tail;
      power *= 2;
      steps = 0;
    }
  }
  return tail;
}

static mval Fnthcdr(mrt *rt, int n, mval *a) { return nthcdr(rt, a[0], a[1]); }
static mval Fnth(mrt *rt, int n, mval *a) { return car_of(rt, nthcdr(rt, a[0], a[1])); }

static mval aref_checked(mrt *rt, mval array, mval idx);

static mval Felt(mrt *rt, int n, mval *a)
{
  if (CONSP(a[0]) || NILP(a[0]) || PVECP(a[0], PVEC_CLOSURE))
    return car_of(rt, nthcdr(rt, a[1], a[0]));
  if (CHAR_TABLE_P(a[0])) { /* an array to Emacs's elt, indexed as aref does */
    check_fixnum(rt, a[1]);
    return chartab_ref(rt, a[0], a[1]);
  }
  CHECK_TYPE(rt, STRINGP(a[0]) || VECTORP(a[0]) || BOOL_VECTOR_P(a[0]), Qsequencep, a[0]);
  return aref_checked(rt, a[0], a[1]);
}

/* elt on arrays is aref: data.c owns aref, but a local copy of its
   checks avoids a dependency cycle between the two files. */
static mval aref_checked(mrt *rt, mval array, mval idx)
{
  int64_t i = check_fixnum(rt, idx);
  int64_t len = STRINGP(array)        ? XSTRING(array)->nchars
                : BOOL_VECTOR_P(array) ? BOOL_VECTOR_LENGTH(array)
                                       : vl_length(array);
  if (i < 0 || i >= len)
    args_out_of_range(rt, array, idx);
  if (BOOL_VECTOR_P(array))
    return bool_vector_ref(array, i) ? Qt : Qnil;
  return STRINGP(array) ? make_fixnum(string_char_at(array, i)) : AREF(array, i);
}

/* subr.el's last, butlast and nbutlast compare their count N with >= and
   <, so any number passes there; only nthcdr, reached with a float
   count, insists on an integer. */
static bool count_less(mrt *rt, mval a, mval b) { return arith_compare(rt, a, b) == -1; }
static bool count_positive(mrt *rt, mval n) { return arith_compare(rt, n, make_fixnum(0)) == 1; }

static mval Flast(mrt *rt, int n, mval *a)
{
  mval list = closure_list_view(rt, a[0]), count = a[1];
  if (NILP(count))
    return NILP(list) ? Qnil : nthcdr(rt, make_fixnum(safe_length(list) - 1), list);
  int sign = arith_compare(rt, count, make_fixnum(0));
  if (sign != 0 && sign != 1)
    return Qnil;
  mval m = make_fixnum(safe_length(list));
  return count_less(rt, count, m) ? nthcdr(rt, arith_sub2(rt, m, count), list) : list;
}

static mval nbutlast(mrt *rt, mval arg, mval count)
{
  mval list = closure_list_view(rt, arg);
  mval m = make_fixnum(sequence_length(rt, list));
  if (NILP(count))
    count = make_fixnum(1);
  if (!count_less(rt, count, m))
    return Qnil;
  rt->list_edits++;
  if (count_positive(rt, count)) {
    /* A string or vector reaches here when N leaves one element:
       nthcdr 0 hands it back whole. */
    mval cell = nthcdr(rt, arith_sub2(rt, arith_sub1(rt, m), count), list);
    CHECK_CONS(rt, cell);
    gc_setcdr(rt->gc, cell, Qnil);
  }
  return arg;
}

static mval copy_list(mrt *rt, mval list);
static mval Fcopy_sequence(mrt *rt, int n, mval *a);

static mval Fnbutlast(mrt *rt, int n, mval *a) { return nbutlast(rt, a[0], a[1]); }
static mval Fbutlast(mrt *rt, int n, mval *a)
{
  if (!NILP(a[1]) && !count_positive(rt, a[1]) && arith_compare(rt, a[1], make_fixnum(0)) != ARITH_UNORDERED)
    return a[0];
  return nbutlast(rt, Fcopy_sequence(rt, 1, a), a[1]);
}

/* ================================================================== */
/* Membership and association                                         */
/* ================================================================== */

enum test_kind { TEST_EQ, TEST_EQL, TEST_EQUAL };

static bool test_same(mrt *rt, enum test_kind k, mval a, mval b)
{
  switch (k) {
  case TEST_EQ: return a == b;
  case TEST_EQL: return mrt_eql(a, b);
  default: return mrt_equal(rt, a, b);
  }
}

static mval member_by(mrt *rt, enum test_kind k, mval elt, mval list)
{
  list = closure_list_view(rt, list);
  mval tail = list;
  FOR_EACH_TAIL(rt, tail, list)
    if (test_same(rt, k, XCAR(tail), elt))
      return tail;
  check_list_end(rt, tail, list);
  return Qnil;
}

static mval Fmemq(mrt *rt, int n, mval *a) { return member_by(rt, TEST_EQ, a[0], a[1]); }
static mval Fmemql(mrt *rt, int n, mval *a) { return member_by(rt, TEST_EQL, a[0], a[1]); }
static mval Fmember(mrt *rt, int n, mval *a) { return member_by(rt, TEST_EQUAL, a[0], a[1]); }

/* Finds the first cons element of ALIST whose car (or cdr, for rassq
   and rassoc) matches KEY by test K, or by calling TESTFN. */
static mval assoc_by(mrt *rt, enum test_kind k, mval testfn, bool by_cdr, mval key, mval alist)
{
  alist = closure_list_view(rt, alist);
  mval tail = alist;
  FOR_EACH_TAIL(rt, tail, alist) {
    mval elt = XCAR(tail);
    if (!CONSP(elt))
      continue;
    mval part = by_cdr ? XCDR(elt) : XCAR(elt);
    bool hit = NILP(testfn) ? test_same(rt, k, part, key) : !NILP(call2(rt, testfn, part, key));
    if (hit)
      return elt;
  }
  check_list_end(rt, tail, alist);
  return Qnil;
}

static mval Fassq(mrt *rt, int n, mval *a) { return assoc_by(rt, TEST_EQ, Qnil, false, a[0], a[1]); }
static mval Frassq(mrt *rt, int n, mval *a) { return assoc_by(rt, TEST_EQ, Qnil, true, a[0], a[1]); }
static mval Frassoc(mrt *rt, int n, mval *a) { return assoc_by(rt, TEST_EQUAL, Qnil, true, a[0], a[1]); }
static mval Fassoc(mrt *rt, int n, mval *a)
{
  mval testfn = a[2] == Qeq ? Qnil : a[2];
  return assoc_by(rt, a[2] == Qeq ? TEST_EQ : TEST_EQUAL, testfn, false, a[0], a[1]);
}

/* ================================================================== */
/* Deletion                                                           */
/* ================================================================== */

/* Unlinks the elements matching ELT from LIST in place.  The error
   datum is the list as far as it has been rebuilt, as in Emacs. */
static mval delete_from_list(mrt *rt, enum test_kind k, mval elt, mval arg)
{
  mval view = closure_list_view(rt, arg);
  mval list = view, prev = Qnil, tail = list;
  rt->list_edits++;
  FOR_EACH_TAIL(rt, tail, list) {
    if (test_same(rt, k, XCAR(tail), elt)) {
      if (NILP(prev))
        list = XCDR(tail);
      else
        gc_setcdr(rt->gc, prev, XCDR(tail));
    } else {
      prev = tail;
    }
  }
  check_list_end(rt, tail, list);
  return closure_same_head(arg, view, list);
}

/* A fresh array of ARRAY's type without the elements equal to ELT. */
static mval delete_from_array(mrt *rt, mval elt, mval array)
{
  mval v = sequence_to_vector(rt, array);
  int64_t n = VECTOR_LENGTH(v), kept = 0;
  for (int64_t i = 0; i < n; i++)
    if (!mrt_equal(rt, AREF(v, i), elt))
      gc_aset(rt->gc, v, kept++, AREF(v, i));
  if (kept == n)
    return array;
  mval r = make_vector(rt, (size_t)kept, Qnil);
  memcpy(gc_written_slots(rt->gc, r), VECTOR_SLOTS(v), (size_t)kept * sizeof(mval));
  return STRINGP(array) ? chars_to_string_like(rt, r, array) : r;
}

mval list_delq(mrt *rt, mval elt, mval list) { return delete_from_list(rt, TEST_EQ, elt, list); }
mval list_delete(mrt *rt, mval elt, mval list) { return delete_from_list(rt, TEST_EQUAL, elt, list); }

static mval Fdelq(mrt *rt, int n, mval *a) { return list_delq(rt, a[0], a[1]); }

static mval Fdelete(mrt *rt, int n, mval *a)
{
  if (VECTORP(a[1]) || STRINGP(a[1]))
    return delete_from_array(rt, a[0], a[1]);
  return delete_from_list(rt, TEST_EQUAL, a[0], a[1]);
}

static mval Fremove(mrt *rt, int n, mval *a)
{
  if (VECTORP(a[1]) || STRINGP(a[1]))
    return delete_from_array(rt, a[0], a[1]);
  return delete_from_list(rt, TEST_EQUAL, a[0], copy_list(rt, a[1]));
}

static mval Fremq(mrt *rt, int n, mval *a)
{
  mval view = closure_list_view(rt, a[1]), list = view;
  while (CONSP(list) && XCAR(list) == a[0])
    list = XCDR(list);
  if (NILP(member_by(rt, TEST_EQ, a[0], list)))
    return closure_same_head(a[1], view, list);
  return delete_from_list(rt, TEST_EQ, a[0], copy_list(rt, list));
}

/* ================================================================== */
/* Copying and joining                                                */
/* ================================================================== */

static mval copy_list(mrt *rt, mval list)
{
  list = closure_list_view(rt, list);
  struct list_builder b = { Qnil, Qnil };
  mval tail = list;
  FOR_EACH_TAIL(rt, tail, list)
    lb_add(rt, &b, XCAR(tail));
  if (!NILP(tail))
    wrong_type_argument(rt, Qlistp, tail);
  return b.head;
}

/* A vector, record or bool-vector: Lisp slots and raw words alike. */
static mval copy_vectorlike(mrt *rt, mval v)
{
  uint64_t h = XVL(v)->header;
  size_t words = vl_header_words(h);
  if (words == 1 && vl_header_type(h) == PVEC_VECTOR)
    return rt->empty_vector;
  mval r = gc_vectorlike(rt->gc, vl_header_type(h), words, vl_header_nlisp(h));
  memcpy(gc_written_slots(rt->gc, r), XVL(v)->slots, (words - 1) * sizeof(mval));
  return r;
}

static mval reverse_bool_vector(mrt *rt, mval v)
{
  int64_t n = BOOL_VECTOR_LENGTH(v);
  mval r = make_bool_vector(rt, (size_t)n, false);
  for (int64_t i = 0; i < n; i++)
    bool_vector_set(r, n - 1 - i, bool_vector_ref(v, i));
  return r;
}

mval sequence_to_vector(mrt *rt, mval seq)
{
  seq = closure_list_view(rt, seq);
  if (PVECP(seq, PVEC_COMPILED)) /* vconcat and append take its slots */
    return make_vector_from(rt, vl_length(seq), VECTOR_SLOTS(seq));
  int64_t n = sequence_length(rt, seq);
  if (VECTORP(seq) || RECORDP(seq)) {
    mval v = make_vector(rt, (size_t)n, Qnil);
    memcpy(gc_written_slots(rt->gc, v), VECTOR_SLOTS(seq), (size_t)n * sizeof(mval));
    return v;
  }
  mval v = make_vector(rt, (size_t)n, Qnil);
  if (STRINGP(seq)) {
    for (int64_t i = 0, off = 0; i < n && off < XSTRING(seq)->nbytes; i++) {
      int len;
      ASET_FIXNUM(v, i, make_fixnum(string_decode(seq, off, &len)));
      off += len;
    }
    return v;
  }
  if (BOOL_VECTOR_P(seq)) {
    for (int64_t i = 0; i < n; i++)
      gc_aset(rt->gc, v, i, bool_vector_ref(seq, i) ? Qt : Qnil);
    return v;
  }
  int64_t i = 0;
  for (mval tail = seq; CONSP(tail) && i < n; tail = XCDR(tail))
    gc_aset(rt->gc, v, i++, XCAR(tail));
  return v;
}

static mval Fcopy_sequence(mrt *rt, int n, mval *a)
{
  mval s = closure_list_view(rt, a[0]);
  if (NILP(s) || CONSP(s))
    return copy_list(rt, s);
  if (STRINGP(s))
    return textprop_copy_string(rt, s);
  if (CHAR_TABLE_P(s))
    return chartab_copy(rt, s);
  CHECK_TYPE(rt, VECTORP(s) || RECORDP(s) || BOOL_VECTOR_P(s), Qsequencep, s);
  return copy_vectorlike(rt, s);
}

mval copy_tree(mrt *rt, mval tree, bool vecp, int depth)
{
  if (depth > COPY_TREE_MAX_DEPTH)
    xsignal1(rt, Qexcessive_lisp_nesting, make_fixnum(depth));
  tree = closure_list_view(rt, tree);
  if (CONSP(tree)) {
    struct list_builder b = { Qnil, Qnil };
    mval tail = tree;
    FOR_EACH_TAIL(rt, tail, tree)
      lb_add(rt, &b, copy_tree(rt, XCAR(tail), vecp, depth + 1));
    gc_setcdr(rt->gc, b.tail, copy_tree(rt, tail, vecp, depth + 1));
    return b.head;
  }
  if (vecp && (VECTORP(tree) || RECORDP(tree))) {
    mval r = copy_vectorlike(rt, tree);
    for (int64_t i = 0; i < vl_length(r); i++)
      gc_aset(rt->gc, r, i, copy_tree(rt, AREF(r, i), vecp, depth + 1));
    return r;
  }
  return tree;
}

static mval Fcopy_tree(mrt *rt, int n, mval *a) { return copy_tree(rt, a[0], !NILP(a[1]), 0); }

static mval Fappend(mrt *rt, int n, mval *a);

/* Emacs 28 copies any sequence into a list here, so a vector of
   conses gives an alist; only a non-sequence is refused. */
static mval Fcopy_alist(mrt *rt, int n, mval *a)
{
  mval r;
  if (STRINGP(a[0]) || VECTORP(a[0]) || BOOL_VECTOR_P(a[0])) {
    mval args[2] = { a[0], Qnil };
    r = Fappend(rt, 2, args);
  } else {
    mval l = closure_list_view(rt, a[0]);
    CHECK_TYPE(rt, NILP(l) || CONSP(l), Qsequencep, a[0]);
    r = copy_list(rt, a[0]);
  }
  for (mval t = r; CONSP(t); t = XCDR(t))
    if (CONSP(XCAR(t)))
      gc_setcar(rt->gc, t, Fcons(rt, XCAR(XCAR(t)), XCDR(XCAR(t))));
  return r;
}

/* (append &rest SEQUENCES): all but the last are copied. */
/* Emacs checks every argument's type before walking any: (append
   '(1 . 2) 5 nil) signals (wrong-type-argument sequencep 5).  Records
   and char-tables are no sequences there. */
void check_sequences(mrt *rt, int n, const mval *a)
{
  for (int i = 0; i < n; i++) {
    mval s = closure_list_view(rt, a[i]);
    if (!(NILP(s) || CONSP(s) || STRINGP(s) || VECTORP(s) || BOOL_VECTOR_P(s)
          || PVECP(s, PVEC_COMPILED)))
      wrong_type_argument(rt, Qsequencep, a[i]);
  }
}

static mval Fappend(mrt *rt, int n, mval *a)
{
  if (n == 0)
    return Qnil;
  check_sequences(rt, n - 1, a);
  struct list_builder b = { Qnil, Qnil };
  for (int i = 0; i < n - 1; i++) {
    mval s = closure_list_view(rt, a[i]);
    if (CONSP(s) || NILP(s)) {
      mval tail = s;
      FOR_EACH_TAIL(rt, tail, s)
        lb_add(rt, &b, XCAR(tail));
      if (!NILP(tail))
        wrong_type_argument(rt, Qlistp, tail);
    } else {
      mval v = sequence_to_vector(rt, s);
      for (int64_t j = 0; j < VECTOR_LENGTH(v); j++)
        lb_add(rt, &b, AREF(v, j));
    }
  }
  if (NILP(b.head))
    return a[n - 1];
  gc_setcdr(rt->gc, b.tail, a[n - 1]);
  return b.head;
}

static mval Fnconc(mrt *rt, int n, mval *a)
{
  mval result = Qnil, last_cons = Qnil;
  rt->list_edits++;
  for (int i = 0; i < n; i++) {
    mval s = i < n - 1 ? closure_list_view(rt, a[i]) : a[i];
    if (NILP(s))
      continue;
    if (!NILP(last_cons))
      gc_setcdr(rt->gc, last_cons, s);
    else
      result = a[i];
    if (i == n - 1)
      break;
    CHECK_CONS(rt, s);
    mval tail = s;
    FOR_EACH_TAIL(rt, tail, s)
      last_cons = tail;
  }
  return result;
}

/* ================================================================== */
/* Reversing                                                          */
/* ================================================================== */

static mval reverse_vector_in_place(mrt *rt, mval v)
{
  int64_t n = VECTOR_LENGTH(v);
  for (int64_t i = 0, j = n - 1; i < j; i++, j--) {
    mval t = AREF(v, i);
    gc_aset(rt->gc, v, i, AREF(v, j));
    gc_aset(rt->gc, v, j, t);
  }
  return v;
}

static mval Freverse(mrt *rt, int n, mval *a)
{
  mval s = closure_list_view(rt, a[0]);
  if (NILP(s) || CONSP(s)) {
    mval r = Qnil, tail = s;
    FOR_EACH_TAIL(rt, tail, s)
      r = Fcons(rt, XCAR(tail), r);
    if (!NILP(tail))
      wrong_type_argument(rt, Qlistp, tail);
    return r;
  }
  CHECK_TYPE(rt, VECTORP(s) || STRINGP(s) || BOOL_VECTOR_P(s), Qsequencep, s);
  if (BOOL_VECTOR_P(s))
    return reverse_bool_vector(rt, s);
  mval v = reverse_vector_in_place(rt, sequence_to_vector(rt, s));
  return STRINGP(s) ? chars_to_string_like(rt, v, s) : v;
}

static mval Fnreverse(mrt *rt, int n, mval *a)
{
  mval s = closure_list_view(rt, a[0]);
  if (NILP(s) || CONSP(s)) {
    mval tail = s;
    FOR_EACH_TAIL(rt, tail, s)
      ;
    mval r = nreverse_list(rt, s);
    /* Emacs reverses a dotted list's conses before it notices the end,
       then names the list, its first cons now its last */
    if (!NILP(tail))
      wrong_type_argument(rt, Qlistp, s);
    return r;
  }
  if (VECTORP(s))
    return reverse_vector_in_place(rt, s);
  if (BOOL_VECTOR_P(s)) {
    mval r = reverse_bool_vector(rt, s);
    memcpy(BOOL_VECTOR_BITS(s), BOOL_VECTOR_BITS(r), (size_t)bool_vector_words(BOOL_VECTOR_LENGTH(s)) * 8);
    return s;
  }
  CHECK_TYPE(rt, STRINGP(s), Qarrayp, s);
  return Freverse(rt, n, a);
}

/* ================================================================== */
/* Mapping                                                            */
/* ================================================================== */

/* Calls FN on each element of SEQ; returns a vector of the results
   (or nil when KEEP is false). */
static mval map_sequence(mrt *rt, mval fn, mval seq, bool keep)
{
  seq = closure_list_view(rt, seq);
  if (CHAR_TABLE_P(seq)) /* a sequence, but not one Emacs maps over */
    wrong_type_argument(rt, Qlistp, seq);
  if (RECORDP(seq)) /* Emacs walks it as a list that ends at once */
    return keep ? make_vector(rt, 0, Qnil) : Qnil;
  if (CONSP(seq) || NILP(seq)) {
    int64_t n = list_length(rt, seq);
    mval results = keep ? make_vector(rt, (size_t)n, Qnil) : Qnil;
    mval tail = seq;
    for (int64_t i = 0; i < n && CONSP(tail); i++, tail = XCDR(tail)) {
      mval r = call1(rt, fn, XCAR(tail));
      if (keep)
        gc_aset(rt->gc, results, i, r);
    }
    return results;
  }
  mval elts = sequence_to_vector(rt, seq);
  for (int64_t i = 0; i < VECTOR_LENGTH(elts); i++) {
    mval r = call1(rt, fn, AREF(elts, i));
    if (keep)
      gc_aset(rt->gc, elts, i, r);
  }
  return keep ? elts : Qnil;
}

static mval vector_to_list(mrt *rt, mval v)
{
  return listn(rt, (size_t)VECTOR_LENGTH(v), VECTOR_SLOTS(v));
}

static mval Fmapcar(mrt *rt, int n, mval *a)
{
  return vector_to_list(rt, map_sequence(rt, a[0], a[1], true));
}

static mval Fmapc(mrt *rt, int n, mval *a)
{
  map_sequence(rt, a[0], a[1], false);
  return a[1];
}

static mval Fmapcan(mrt *rt, int n, mval *a)
{
  mval v = map_sequence(rt, a[0], a[1], true);
  return Fnconc(rt, (int)VECTOR_LENGTH(v), VECTOR_ARGS(v));
}

static mval Fmapconcat(mrt *rt, int n, mval *a)
{
  mval v = map_sequence(rt, a[0], a[1], true);
  int64_t len = VECTOR_LENGTH(v);
  if (len == 0)
    return make_string(rt, "", 0);
  /* Interleave the separator: r0 sep r1 sep ... rN. */
  mval parts = make_vector(rt, (size_t)(2 * len - 1), a[2]);
  for (int64_t i = 0; i < len; i++)
    gc_aset(rt->gc, parts, 2 * i, AREF(v, i));
  return concat_strings(rt, (int)(2 * len - 1), VECTOR_SLOTS(parts));
}

/* ================================================================== */
/* Sorting: Emacs 28's stable top-down merge sort                     */
/* ================================================================== */

/* The predicate sees the same pairs in the same order as in Emacs 28,
   which matters when it signals, has side effects or is inconsistent:
   each range is split after its first half (rounded down), the halves
   sorted (a vector's left one first, a list's right one, as Emacs's
   compiled code happens to), then merged, asking PRED whether the right
   run's head comes strictly before the left one's.  A list is sorted as
   a vector of its conses: BY_CAR. */

/* Whether X may stay before Y.  BY_CAR compares the cars of conses. */
static bool sort_inorder(mrt *rt, mval pred, bool by_car, mval x, mval y)
{
  return NILP(call2(rt, pred, by_car ? XCAR(y) : y, by_car ? XCAR(x) : x));
}

/* When sorting a list's conses, links the cons merged at K after the
   one before it, as Emacs's merge relinks the list as it goes: a
   predicate that exits non-locally leaves the cells linked as in Emacs. */
static void sort_link(mrt *rt, bool by_car, mval v, int64_t lo, int64_t k, mval cell)
{
  if (by_car && k > lo)
    gc_setcdr(rt->gc, AREF(v, k - 1), cell);
}

/* Sorts V[lo,hi) in place; SCRATCH (as long as V) holds a left half
   while it is merged.  Both are Lisp vectors, so a predicate that
   signals or collects leaves nothing dangling. */
static void sort_range(mrt *rt, mval pred, bool by_car, mval v, mval scratch, int64_t lo,
                       int64_t hi)
{
  if (hi - lo < 2)
    return;
  int64_t mid = lo + (hi - lo) / 2;
  if (by_car) /* Emacs cuts the list in two before sorting either half */
    gc_setcdr(rt->gc, AREF(v, mid - 1), Qnil);
  if (by_car)
    sort_range(rt, pred, by_car, v, scratch, mid, hi);
  sort_range(rt, pred, by_car, v, scratch, lo, mid);
  if (!by_car)
    sort_range(rt, pred, by_car, v, scratch, mid, hi);
  for (int64_t i = lo; i < mid; i++)
    gc_aset(rt->gc, scratch, i, AREF(v, i));
  int64_t i = lo, j = mid, k = lo;
  while (i < mid && j < hi) {
    mval next = sort_inorder(rt, pred, by_car, AREF(scratch, i), AREF(v, j))
      ? AREF(scratch, i++) : AREF(v, j++);
    sort_link(rt, by_car, v, lo, k, next);
    gc_aset(rt->gc, v, k++, next);
  }
  if (i < mid)
    sort_link(rt, by_car, v, lo, k, AREF(scratch, i));
  else if (j < hi)
    sort_link(rt, by_car, v, lo, k, AREF(v, j));
  while (i < mid)
    gc_aset(rt->gc, v, k++, AREF(scratch, i++));
}

static void sort_vector(mrt *rt, mval v, mval pred, bool by_car)
{
  int64_t n = VECTOR_LENGTH(v);
  if (n >= 2)
    sort_range(rt, pred, by_car, v, make_vector(rt, (size_t)n, Qnil), 0, n);
}

/* (car-less-than-car A B): the usual predicate of sort on an alist
   keyed by numbers, compared as `<' compares, markers included. */
static mval Fcar_less_than_car(mrt *rt, int n, mval *a)
{
  /* B's car first: Emacs checks B before A, so (car-less-than-car 1 2)
     complains of 2 there too. */
  mval y = car_of(rt, a[1]);
  return bool_val(arith_lt2(rt, car_of(rt, a[0]), y));
}

/* A list is sorted as a vector of its conses, which are then relinked
   in order: each element keeps its cons, as with Emacs 28's merge sort,
   so a variable still holding the old first cons sees what Emacs shows. */
static mval Fsort(mrt *rt, int n, mval *a)
{
  mval seq = closure_list_view(rt, a[0]), pred = a[1];
  if (VECTORP(seq)) {
    sort_vector(rt, seq, pred, false);
    return seq;
  }
  CHECK_TYPE(rt, CONSP(seq) || NILP(seq), Qlist_or_vector_p, seq);
  int64_t len = list_length(rt, seq);
  mval cells = make_vector(rt, (size_t)len, Qnil);
  int64_t i = 0;
  for (mval t = seq; CONSP(t); t = XCDR(t))
    gc_aset(rt->gc, cells, i++, t);
  sort_vector(rt, cells, pred, true);
  rt->list_edits++;
  for (i = 0; i + 1 < len; i++)
    gc_setcdr(rt->gc, AREF(cells, i), AREF(cells, i + 1));
  if (len == 0)
    return Qnil;
  gc_setcdr(rt->gc, AREF(cells, len - 1), Qnil);
  return closure_same_head(a[0], seq, AREF(cells, 0));
}

/* ================================================================== */
/* Property lists                                                     */
/* ================================================================== */

/* plist-get never signals: a malformed or circular plist just ends. */
mval plist_get(mval plist, mval prop)
{
  struct cycle_check cc = cycle_start(plist);
  for (mval tail = plist; CONSP(tail); tail = XCDR(tail)) {
    if (!CONSP(XCDR(tail)))
      break;
    if (XCAR(tail) == prop)
      return XCAR(XCDR(tail));
    tail = XCDR(tail);
    if (cycle_seen(&cc, XCDR(tail)))
      break;
  }
  return Qnil;
}

static mval Fplist_get(mrt *rt, int n, mval *a)
{
  return plist_get(closure_list_view(rt, a[0]), a[1]);
}

/* Walks PLIST two conses at a time and returns the tail whose car is
   PROP (eq, or equal when LAX), or nil; *LAST gets the last value cons
   seen. */
static mval plist_find(mrt *rt, mval plist, mval prop, bool lax, mval *last)
{
  mval tail = plist;
  *last = Qnil;
  FOR_EACH_TAIL(rt, tail, plist) {
    if (!CONSP(XCDR(tail)))
      wrong_type_argument(rt, Qplistp, plist);
    if (XCAR(tail) == prop || (lax && mrt_equal(rt, XCAR(tail), prop)))
      return tail;
    tail = XCDR(tail);
    *last = tail;
  }
  if (!NILP(tail))
    wrong_type_argument(rt, Qplistp, plist);
  return Qnil;
}

static mval plist_put_by(mrt *rt, mval plist, mval prop, mval value, bool lax)
{
  mval last;
  mval found = plist_find(rt, plist, prop, lax, &last);
  rt->list_edits++;
  if (!NILP(found)) {
    gc_setcar(rt->gc, XCDR(found), value);
    return plist;
  }
  mval cell = list2(rt, prop, value);
  if (NILP(last))
    return cell;
  gc_setcdr(rt->gc, last, cell);
  return plist;
}

mval plist_put(mrt *rt, mval plist, mval prop, mval value)
{
  return plist_put_by(rt, plist, prop, value, false);
}

static mval Fplist_put(mrt *rt, int n, mval *a)
{
  mval view = closure_list_view(rt, a[0]);
  return closure_same_head(a[0], view, plist_put(rt, view, a[1], a[2]));
}

/* Emacs 28's lax-plist-get and lax-plist-put compare with equal and,
   unlike plist-get, reject a malformed or circular list. */
static mval Flax_plist_get(mrt *rt, int n, mval *a)
{
  mval last;
  mval found = plist_find(rt, a[0], a[1], true, &last);
  return NILP(found) ? Qnil : XCAR(XCDR(found));
}

static mval Flax_plist_put(mrt *rt, int n, mval *a)
{
  return plist_put_by(rt, a[0], a[1], a[2], true);
}

static mval Fplist_member(mrt *rt, int n, mval *a)
{
  mval plist = closure_list_view(rt, a[0]);
  mval tail = plist;
  FOR_EACH_TAIL(rt, tail, plist) {
    if (XCAR(tail) == a[1])
      return tail;
    tail = XCDR(tail);
    if (!CONSP(tail))
      break;
  }
  if (!NILP(tail))
    wrong_type_argument(rt, Qplistp, a[0]);
  return Qnil;
}

/* ================================================================== */
/* Miscellaneous list functions from subr.el                          */
/* ================================================================== */

static mval call_arith(mrt *rt, const char *op, mval x, mval y)
{
  return call2(rt, intern(rt, op), x, y);
}

/* (number-sequence FROM &optional TO SEP), computing FROM + N*SEP each
   time as subr.el does, so float steps do not accumulate error. */
static mval Fnumber_sequence(mrt *rt, int n, mval *a)
{
  mval from = a[0], to = a[1], inc = NILP(a[2]) ? make_fixnum(1) : a[2];
  if (NILP(to) || arith_compare(rt, from, to) == 0)
    return list1(rt, from);
  if (arith_compare(rt, inc, make_fixnum(0)) == 0)
    mrt_error(rt, "The increment can not be zero");
  /* A NaN compares unordered: the sequence then ends, as subr.el's <= and >= do. */
  int past = arith_compare(rt, inc, make_fixnum(0)) == 1 ? 1 : -1;
  struct list_builder b = { Qnil, Qnil };
  mval next = from;
  for (int64_t k = 1; ; k++) {
    int c = arith_compare(rt, next, to);
    if (c == past || c == ARITH_UNORDERED)
      break;
    lb_add(rt, &b, next);
    int64_t step, sum;
    if (FIXNUMP(from) && FIXNUMP(inc) && !__builtin_mul_overflow(k, XFIXNUM(inc), &step) &&
        !__builtin_add_overflow(XFIXNUM(from), step, &sum) && fixnum_in_range(sum))
      next = make_fixnum(sum);
    else
      next = call_arith(rt, "+", from, call_arith(rt, "*", make_fixnum(k), inc));
  }
  return b.head;
}

/* flatten-tree keeps its pending subtrees in a Lisp list, not on the
   C stack. */
static mval Fflatten_tree(mrt *rt, int n, mval *a)
{
  mval tree = a[0], elems = Qnil;
  while (CONSP(tree)) {
    mval elem = XCAR(tree);
    tree = XCDR(tree);
    while (CONSP(elem)) {
      tree = Fcons(rt, XCDR(elem), tree);
      elem = XCAR(elem);
    }
    if (!NILP(elem))
      elems = Fcons(rt, elem, elems);
  }
  if (!NILP(tree))
    elems = Fcons(rt, tree, elems);
  return nreverse_list(rt, elems);
}

/* Keeps the first of each set of equal elements, in place.  Long lists
   use an equal hash table, short ones a quadratic scan, as subr.el. */
static mval Fdelete_dups(mrt *rt, int n, mval *a)
{
  mval list = closure_list_view(rt, a[0]);
  int64_t len = sequence_length(rt, list);
  CHECK_LIST(rt, list);
  rt->list_edits++;
  if (len <= 100) {
    for (mval t = list; CONSP(t); t = XCDR(t))
      gc_setcdr(rt->gc, t, delete_from_list(rt, TEST_EQUAL, XCAR(t), XCDR(t)));
    return a[0];
  }
  mval seen = make_hash_table(rt, Qequal, len);
  mval prev = Qnil;
  for (mval t = list; CONSP(t); t = XCDR(t)) {
    if (hash_lookup(rt, seen, XCAR(t)) >= 0) {
      gc_setcdr(rt->gc, prev, XCDR(t)); /* prev is set: the first is never seen */
    } else {
      hash_put(rt, seen, XCAR(t), Qt);
      prev = t;
    }
  }
  return a[0];
}

/* ================================================================== */
/* Registration                                                       */
/* ================================================================== */

/* ================================================================== */
/* Base64 (RFC 4648)                                                  */
/* ================================================================== */

static const char base64_std[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static const char base64_url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* STRING's bytes (malloc'd, length in *N): a unibyte string's own, or
   a multibyte string's characters below 256 and raw bytes; any other
   character signals, as in Emacs. */
static uint8_t *string_bytes(mrt *rt, mval string, size_t *n)
{
  CHECK_STRING(rt, string);
  uint8_t *out = malloc((size_t)XSTRING(string)->nbytes + 1);
  if (!out)
    memory_full(rt);
  size_t k = 0;
  for (int64_t off = 0; off < XSTRING(string)->nbytes;) {
    int len, c = string_decode(string, off, &len);
    off += len;
    if (CHAR_RAW_BYTE_P(c))
      c = CHAR_TO_RAW_BYTE(c);
    else if (c > 255) {
      free(out);
      mrt_error(rt, "Multibyte character in data for base64 encoding");
    }
    out[k++] = (uint8_t)c;
  }
  *n = k;
  return out;
}

/* Four characters for each three bytes; a newline after every 76 when
   LINES; '=' padding when PAD. */
static mval base64_encode(mrt *rt, mval string, const char *alphabet, bool lines, bool pad)
{
  size_t n, depth = rt->specpdl_depth;
  uint8_t *in = string_bytes(rt, string, &n);
  free_on_unwind(rt, in);
  struct strbuf b = {0};
  strbuf_protect(rt, &b);
  size_t column = 0;
  for (size_t i = 0; i < n; i += 3) {
    uint32_t group = (uint32_t)in[i] << 16 | (i + 1 < n ? (uint32_t)in[i + 1] << 8 : 0) |
                     (i + 2 < n ? in[i + 2] : 0);
    size_t chars = n - i >= 3 ? 4 : n - i + 1;
    if (lines && column == 76) {
      strbuf_put(&b, "\n", 1);
      column = 0;
    }
    for (size_t k = 0; k < 4; k++) {
      if (k < chars)
        strbuf_put(&b, &alphabet[(group >> (18 - 6 * k)) & 63], 1);
      else if (pad)
        strbuf_put(&b, "=", 1);
    }
    column += 4;
  }
  return strbuf_release(rt, &b, false, depth);
}

static mval Fbase64_encode_string(mrt *rt, int n, mval *a)
{
  return base64_encode(rt, a[0], base64_std, NILP(a[1]), true);
}

static mval Fbase64url_encode_string(mrt *rt, int n, mval *a)
{
  return base64_encode(rt, a[0], base64_url, false, NILP(a[1]));
}

static int base64_value(int c, bool url)
{
  const char *alphabet = url ? base64_url : base64_std;
  const char *hit = c ? strchr(alphabet, c) : NULL;
  return hit ? (int)(hit - alphabet) : -1;
}

/* The bytes STRING encodes, or false when it is not base64: padding is
   required unless URL, and whitespace is skipped. */
static bool base64_decode(mval string, bool url, struct strbuf *out)
{
  const uint8_t *p = XSTRING(string)->data, *end = p + XSTRING(string)->nbytes;
  uint32_t group = 0;
  size_t digits = 0, pads = 0;
  for (; p < end; p++) {
    if (strchr(" \t\n\r\f", *p) && *p)
      continue;
    if (*p == '=') {
      pads++;
      continue;
    }
    int v = base64_value(*p, url);
    if (v < 0 || pads)
      return false;
    group = group << 6 | (uint32_t)v;
    if (++digits % 4 == 0) {
      uint8_t bytes[3] = {(uint8_t)(group >> 16), (uint8_t)(group >> 8), (uint8_t)group};
      strbuf_put(out, (const char *)bytes, 3);
      group = 0;
    }
  }
  size_t left = digits % 4;
  if (left == 1 || (!url && (left + pads) % 4 != 0) || (left == 0 && pads) || pads > 2)
    return false;
  if (left >= 2) {
    group <<= 6 * (4 - left);
    uint8_t bytes[2] = {(uint8_t)(group >> 16), (uint8_t)(group >> 8)};
    strbuf_put(out, (const char *)bytes, left - 1);
  }
  return true;
}

/* (base64-decode-string STRING &optional BASE64URL) */
static mval Fbase64_decode_string(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  struct strbuf b = {0};
  size_t depth = strbuf_protect(rt, &b);
  if (!base64_decode(a[0], !NILP(a[1]), &b))
    mrt_error(rt, "Invalid base64 data");
  return strbuf_release(rt, &b, true, depth);
}

static const struct subr_def fns_subrs[] = {
  { "base64-encode-string", Fbase64_encode_string, 1, 2 },
  { "base64url-encode-string", Fbase64url_encode_string, 1, 2 },
  { "base64-decode-string", Fbase64_decode_string, 1, 2 },
  { "eq", Feq, 2, 2 },
  { "eql", Feql, 2, 2 },
  { "equal", Fequal, 2, 2 },
  { "identity", Fidentity, 1, 1 },
  { "ignore", Fignore, 0, ARGS_MANY },
  { "cons", Fcons_, 2, 2 },
  { "car", Fcar, 1, 1 },
  { "cdr", Fcdr, 1, 1 },
  { "car-safe", Fcar_safe, 1, 1 },
  { "cdr-safe", Fcdr_safe, 1, 1 },
  { "setcar", Fsetcar, 2, 2 },
  { "setcdr", Fsetcdr, 2, 2 },
  { "list", Flist, 0, ARGS_MANY },
  { "make-list", Fmake_list, 2, 2 },
  { "length", Flength, 1, 1 },
  { "safe-length", Fsafe_length, 1, 1 },
  { "length<", Flength_less, 2, 2 },
  { "length>", Flength_greater, 2, 2 },
  { "length=", Flength_equal, 2, 2 },
  { "proper-list-p", Fproper_list_p, 1, 1 },
  { "nth", Fnth, 2, 2 },
  { "nthcdr", Fnthcdr, 2, 2 },
  { "elt", Felt, 2, 2 },
  { "last", Flast, 1, 2 },
  { "butlast", Fbutlast, 1, 2 },
  { "nbutlast", Fnbutlast, 1, 2 },
  { "memq", Fmemq, 2, 2 },
  { "memql", Fmemql, 2, 2 },
  { "member", Fmember, 2, 2 },
  { "assq", Fassq, 2, 2 },
  { "assoc", Fassoc, 2, 3 },
  { "rassq", Frassq, 2, 2 },
  { "rassoc", Frassoc, 2, 2 },
  { "delq", Fdelq, 2, 2 },
  { "delete", Fdelete, 2, 2 },
  { "remove", Fremove, 2, 2 },
  { "remq", Fremq, 2, 2 },
  { "copy-sequence", Fcopy_sequence, 1, 1 },
  { "copy-tree", Fcopy_tree, 1, 2 },
  { "copy-alist", Fcopy_alist, 1, 1 },
  { "append", Fappend, 0, ARGS_MANY },
  { "nconc", Fnconc, 0, ARGS_MANY },
  { "reverse", Freverse, 1, 1 },
  { "nreverse", Fnreverse, 1, 1 },
  { "mapcar", Fmapcar, 2, 2 },
  { "mapc", Fmapc, 2, 2 },
  { "mapcan", Fmapcan, 2, 2 },
  { "mapconcat", Fmapconcat, 3, 3 },
  { "sort", Fsort, 2, 2 },
  { "car-less-than-car", Fcar_less_than_car, 2, 2 },
  { "plist-get", Fplist_get, 2, 2 },
  { "plist-put", Fplist_put, 3, 3 },
  { "lax-plist-get", Flax_plist_get, 2, 2 },
  { "lax-plist-put", Flax_plist_put, 3, 3 },
  { "plist-member", Fplist_member, 2, 2 },
  { "number-sequence", Fnumber_sequence, 1, 3 },
  { "flatten-tree", Fflatten_tree, 1, 1 },
  { "delete-dups", Fdelete_dups, 1, 1 },
};

void fns_init(mrt *rt)
{
  defsubrs(rt, fns_subrs, sizeof fns_subrs / sizeof fns_subrs[0]);
  define_cxrs(rt);
}
