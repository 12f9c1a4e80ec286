/* textprop.c -- layer 5: text properties on strings and buffers, as
   interval lists (textprop.h).  A string's list is in its header
   (struct string's intervals), a buffer's in its intervals slot; nil
   for those that have none: they pay one word and nothing else.  The operations follow Emacs 28's textprop.c in
   where they split intervals, so that strings print as in Emacs. */
#include "textprop.h"

#include "buffer.h"
#include "fns.h"
#include "gc.h"
#include "strfns.h"

#define IV_START(iv) XFIXNUM(XCAR(iv))
#define IV_END(iv) XFIXNUM(XCAR(XCDR(iv)))
#define IV_PLIST(iv) XCDR(XCDR(iv))

static mval make_interval(mrt *rt, int64_t start, int64_t end, mval plist)
{
  return Fcons(rt, make_fixnum(start), Fcons(rt, make_fixnum(end), plist));
}

/* REV's elements, reversed, in front of TAIL: the lists here are built
   back to front without modifying a cons. */
static mval prepend_reversed(mrt *rt, mval rev, mval tail)
{
  for (; CONSP(rev); rev = XCDR(rev))
    tail = Fcons(rt, XCAR(rev), tail);
  return tail;
}

mval textprop_plist_at(mval ivs, int64_t pos)
{
  for (; CONSP(ivs); ivs = XCDR(ivs))
    if (IV_START(XCAR(ivs)) <= pos && pos < IV_END(XCAR(ivs)))
      return IV_PLIST(XCAR(ivs));
  return Qnil;
}

bool textprop_any(mval ivs)
{
  for (; CONSP(ivs); ivs = XCDR(ivs))
    if (!NILP(IV_PLIST(XCAR(ivs))))
      return true;
  return false;
}

/* The list's tail whose first interval holds POS (or the last one). */
static mval tail_at(mval ivs, int64_t pos)
{
  while (CONSP(XCDR(ivs)) && IV_END(XCAR(ivs)) <= pos)
    ivs = XCDR(ivs);
  return ivs;
}

/* IVS with an interval boundary at POS. */
static mval split_at(mrt *rt, mval ivs, int64_t pos)
{
  mval rev = Qnil;
  for (mval l = ivs; CONSP(l); l = XCDR(l)) {
    mval iv = XCAR(l);
    if (IV_START(iv) >= pos)
      return ivs;
    if (IV_END(iv) > pos) {
      mval right = make_interval(rt, pos, IV_END(iv), IV_PLIST(iv));
      mval tail = Fcons(rt, right, XCDR(l));
      tail = Fcons(rt, make_interval(rt, IV_START(iv), pos, IV_PLIST(iv)), tail);
      return prepend_reversed(rt, rev, tail);
    }
    rev = Fcons(rt, iv, rev);
  }
  return ivs;
}

static void store_intervals(mrt *rt, mval s, mval ivs)
{
  if (XSTRING(s)->intervals != ivs)
    GC_STORE(rt->gc, s, XSTRING(s)->intervals, ivs);
}

/* ---- Plists: a property is there when its key is (eq) ---- */

static bool plist_find(mval plist, mval prop, mval *value)
{
  for (; CONSP(plist) && CONSP(XCDR(plist)); plist = XCDR(XCDR(plist)))
    if (XCAR(plist) == prop) {
      *value = XCAR(XCDR(plist));
      return true;
    }
  return false;
}

static bool has_all(mval plist, mval props)
{
  for (; CONSP(props) && CONSP(XCDR(props)); props = XCDR(XCDR(props))) {
    mval v;
    if (!plist_find(plist, XCAR(props), &v) || v != XCAR(XCDR(props)))
      return false;
  }
  return true;
}

static bool has_none(mval plist, mval keys)
{
  mval v;
  for (; CONSP(keys); keys = XCDR(keys))
    if (plist_find(plist, XCAR(keys), &v))
      return false;
  return true;
}

/* PLIST with PROP's value VALUE: replaced where it is, in front where
   it is not, as Emacs's add_properties. */
static mval plist_with(mrt *rt, mval plist, mval prop, mval value)
{
  mval rev = Qnil, v;
  if (!plist_find(plist, prop, &v))
    return Fcons(rt, prop, Fcons(rt, value, plist));
  for (; CONSP(plist) && CONSP(XCDR(plist)); plist = XCDR(XCDR(plist))) {
    rev = Fcons(rt, XCAR(plist), rev);
    rev = Fcons(rt, XCAR(plist) == prop ? value : XCAR(XCDR(plist)), rev);
  }
  return prepend_reversed(rt, rev, Qnil);
}

static mval plist_add(mrt *rt, mval plist, mval props)
{
  for (; CONSP(props) && CONSP(XCDR(props)); props = XCDR(XCDR(props)))
    if (!has_all(plist, list2(rt, XCAR(props), XCAR(XCDR(props)))))
      plist = plist_with(rt, plist, XCAR(props), XCAR(XCDR(props)));
  return plist;
}

static bool memq_p(mval x, mval list)
{
  for (; CONSP(list); list = XCDR(list))
    if (XCAR(list) == x)
      return true;
  return false;
}

static mval plist_without(mrt *rt, mval plist, mval keys)
{
  mval rev = Qnil;
  for (; CONSP(plist) && CONSP(XCDR(plist)); plist = XCDR(XCDR(plist)))
    if (!memq_p(XCAR(plist), keys))
      rev = Fcons(rt, XCAR(XCDR(plist)), Fcons(rt, XCAR(plist), rev));
  return prepend_reversed(rt, rev, Qnil);
}

static mval copy_list(mrt *rt, mval list)
{
  mval rev = Qnil;
  for (; CONSP(list); list = XCDR(list))
    rev = Fcons(rt, XCAR(list), rev);
  return prepend_reversed(rt, rev, Qnil);
}

/* ---- Changing a range ---- */

struct change {
  bool (*done)(mval plist, mval props); /* nothing to do on PLIST */
  mval (*apply)(mrt *rt, mval plist, mval props);
  bool creates; /* may give properties to text that has none */
};

/* IVS with APPLY on every interval inside [START, END). */
static mval map_range(mrt *rt, mval ivs, int64_t start, int64_t end, const struct change *op,
                      mval props)
{
  mval rev = Qnil;
  for (; CONSP(ivs); ivs = XCDR(ivs)) {
    mval iv = XCAR(ivs);
    if (start <= IV_START(iv) && IV_END(iv) <= end && !op->done(IV_PLIST(iv), props))
      iv = make_interval(rt, IV_START(iv), IV_END(iv), op->apply(rt, IV_PLIST(iv), props));
    rev = Fcons(rt, iv, rev);
  }
  return prepend_reversed(rt, rev, Qnil);
}

/* Emacs's add_text_properties_1 and remove: the intervals from START
   that need nothing are skipped without a split, the first one that
   does is split at START, the last at END unless it needs nothing. */
static mval change_range(mrt *rt, mval ivs, int64_t len, int64_t start, int64_t end, mval props,
                         const struct change *op, bool *changed)
{
  *changed = false;
  if (start >= end || (NILP(ivs) && !op->creates))
    return ivs;
  mval work = NILP(ivs) ? list1(rt, make_interval(rt, 0, len, Qnil)) : ivs;
  mval l = tail_at(work, start);
  int64_t s = start;
  while (op->done(IV_PLIST(XCAR(l)), props)) {
    if (IV_END(XCAR(l)) >= end)
      return ivs;
    s = IV_END(XCAR(l));
    l = XCDR(l);
  }
  work = split_at(rt, work, s);
  mval last = XCAR(tail_at(work, end - 1));
  if (IV_END(last) > end && !op->done(IV_PLIST(last), props))
    work = split_at(rt, work, end);
  *changed = true;
  return map_range(rt, work, s, end, op, props);
}

static const struct change add_change = { has_all, plist_add, true };
static const struct change remove_change = { has_none, plist_without, false };

mval textprop_add(mrt *rt, mval ivs, int64_t len, int64_t start, int64_t end, mval props,
                  bool *changed)
{
  return change_range(rt, ivs, len, start, end, props, &add_change, changed);
}

mval textprop_remove(mrt *rt, mval ivs, int64_t start, int64_t end, mval keys, bool *changed)
{
  return change_range(rt, ivs, 0, start, end, keys, &remove_change, changed);
}

/* IVS with the intervals inside [START, END) (START < END) made one,
   whose plist is PLIST. */
static mval made_one(mrt *rt, mval ivs, int64_t start, int64_t end, mval plist)
{
  mval rev = Qnil;
  for (mval l = split_at(rt, split_at(rt, ivs, start), end); CONSP(l); l = XCDR(l)) {
    mval iv = XCAR(l);
    if (IV_START(iv) == start)
      rev = Fcons(rt, make_interval(rt, start, end, plist), rev);
    else if (IV_START(iv) < start || IV_START(iv) >= end)
      rev = Fcons(rt, iv, rev);
  }
  return prepend_reversed(rt, rev, Qnil);
}

/* The intervals inside [START, END) become one, with a copy of PROPS:
   a buffer's, even when that is none on all its text. */
static mval set_in_buffer(mrt *rt, mval ivs, int64_t len, int64_t start, int64_t end, mval props,
                          bool *changed)
{
  *changed = false;
  if (start >= end || (NILP(ivs) && NILP(props)))
    return ivs;
  mval work = NILP(ivs) ? list1(rt, make_interval(rt, 0, len, Qnil)) : ivs;
  *changed = true;
  return made_one(rt, work, start, end, copy_list(rt, props));
}

/* A string without properties on all its text has no intervals. */
mval textprop_set(mrt *rt, mval ivs, int64_t len, int64_t start, int64_t end, mval props,
                  bool *changed)
{
  if (NILP(props) && start == 0 && end == len) {
    *changed = !NILP(ivs);
    return Qnil;
  }
  return set_in_buffer(rt, ivs, len, start, end, props, changed);
}

/* ---- Copying between texts ---- */

mval textprop_pieces(mrt *rt, mval ivs, int64_t start, int64_t end, int64_t shift)
{
  mval rev = Qnil;
  for (; CONSP(ivs); ivs = XCDR(ivs)) {
    mval iv = XCAR(ivs);
    int64_t s = IV_START(iv) > start ? IV_START(iv) : start;
    int64_t e = IV_END(iv) < end ? IV_END(iv) : end;
    if (s < e && !NILP(IV_PLIST(iv)))
      rev = Fcons(rt, list3(rt, make_fixnum(s + shift), make_fixnum(e + shift), IV_PLIST(iv)), rev);
  }
  return prepend_reversed(rt, rev, Qnil);
}

/* The interval list of PIECES over LEN characters; each plist added to
   none (reversed, as Emacs copies properties) if ADD, else kept. */
static mval intervals_of_pieces(mrt *rt, mval pieces, int64_t len, bool add)
{
  if (NILP(pieces))
    return Qnil;
  mval rev = Qnil;
  int64_t pos = 0;
  for (; CONSP(pieces); pieces = XCDR(pieces)) {
    mval p = XCAR(pieces);
    int64_t s = XFIXNUM(XCAR(p)), e = XFIXNUM(XCAR(XCDR(p)));
    mval plist = XCAR(XCDR(XCDR(p)));
    if (s > pos)
      rev = Fcons(rt, make_interval(rt, pos, s, Qnil), rev);
    rev = Fcons(rt, make_interval(rt, s, e, add ? plist_add(rt, Qnil, plist) : plist), rev);
    pos = e;
  }
  if (pos < len)
    rev = Fcons(rt, make_interval(rt, pos, len, Qnil), rev);
  return prepend_reversed(rt, rev, Qnil);
}

mval textprop_from_pieces(mrt *rt, mval pieces, int64_t len)
{
  return intervals_of_pieces(rt, pieces, len, true);
}

mval textprop_copy_string(mrt *rt, mval s)
{
  mval copy = substring_bytes(rt, s, 0, XSTRING(s)->nbytes);
  int64_t len = XSTRING(s)->nchars;
  store_intervals(rt, copy, textprop_from_pieces(rt, textprop_pieces(rt, XSTRING(s)->intervals, 0, len, 0), len));
  return copy;
}

/* The pieces of the concatenation of ARGS, in order; *LEN its length.
   Nil when no string among them has properties. */
static mval concat_pieces(mrt *rt, int n, const mval *args, int64_t *len)
{
  bool any = false;
  for (int i = 0; i < n; i++)
    any |= STRINGP(args[i]) && !NILP(XSTRING(args[i])->intervals);
  if (!any)
    return Qnil;
  mval rev = Qnil;
  int64_t pos = 0;
  for (int i = 0; i < n; i++) {
    int64_t len = sequence_length(rt, args[i]);
    if (STRINGP(args[i]))
      for (mval p = textprop_pieces(rt, XSTRING(args[i])->intervals, 0, len, pos); CONSP(p); p = XCDR(p))
        rev = Fcons(rt, XCAR(p), rev);
    pos += len;
  }
  *len = pos;
  return prepend_reversed(rt, rev, Qnil);
}

mval textprop_concat(mrt *rt, int n, const mval *args)
{
  int64_t len = 0;
  mval pieces = concat_pieces(rt, n, args, &len);
  return intervals_of_pieces(rt, pieces, len, true);
}

mval textprop_join_kept(mrt *rt, int n, const mval *strings)
{
  int64_t len = 0;
  mval pieces = concat_pieces(rt, n, strings, &len);
  return intervals_of_pieces(rt, pieces, len, false);
}

/* ---- A buffer's text changing: the boundaries stay, as in Emacs ---- */

static mval shifted(mrt *rt, mval iv, int64_t delta)
{
  return delta ? make_interval(rt, IV_START(iv) + delta, IV_END(iv) + delta, IV_PLIST(iv)) : iv;
}

mval textprop_insert(mrt *rt, mval ivs, int64_t len, int64_t at, int64_t n, mval inserted)
{
  if (n == 0 || (NILP(ivs) && NILP(inserted)))
    return ivs;
  /* Text without intervals yet is one plain interval, split at AT too. */
  mval work = NILP(ivs) ? (len ? list1(rt, make_interval(rt, 0, len, Qnil)) : Qnil) : ivs;
  work = split_at(rt, work, at);
  mval rev = Qnil, l = work;
  for (; CONSP(l) && IV_START(XCAR(l)) < at; l = XCDR(l))
    rev = Fcons(rt, XCAR(l), rev);
  if (NILP(inserted))
    rev = Fcons(rt, make_interval(rt, at, at + n, Qnil), rev);
  for (mval i = inserted; CONSP(i); i = XCDR(i))
    rev = Fcons(rt, shifted(rt, XCAR(i), at), rev);
  for (; CONSP(l); l = XCDR(l))
    rev = Fcons(rt, shifted(rt, XCAR(l), n), rev);
  return prepend_reversed(rt, rev, Qnil);
}

/* IVS without [FROM, TO), which lies inside one interval with text of
   it on both sides: that interval shrinks, as Emacs's does. */
static mval shrink_interval(mrt *rt, mval ivs, int64_t from, int64_t to)
{
  mval rev = Qnil, l = ivs;
  for (; CONSP(l) && IV_END(XCAR(l)) <= from; l = XCDR(l))
    rev = Fcons(rt, XCAR(l), rev);
  mval iv = XCAR(l);
  rev = Fcons(rt, make_interval(rt, IV_START(iv), IV_END(iv) - (to - from), IV_PLIST(iv)), rev);
  for (l = XCDR(l); CONSP(l); l = XCDR(l))
    rev = Fcons(rt, shifted(rt, XCAR(l), from - to), rev);
  return prepend_reversed(rt, rev, Qnil);
}

mval textprop_delete(mrt *rt, mval ivs, int64_t from, int64_t to)
{
  if (NILP(ivs) || from >= to)
    return ivs;
  if (CONSP(ivs)) {
    mval around = XCAR(tail_at(ivs, from));
    if (IV_START(around) < from && IV_END(around) > to)
      return shrink_interval(rt, ivs, from, to);
  }
  mval rev = Qnil;
  for (mval l = split_at(rt, split_at(rt, ivs, from), to); CONSP(l); l = XCDR(l)) {
    mval iv = XCAR(l);
    if (IV_END(iv) <= from)
      rev = Fcons(rt, iv, rev);
    else if (IV_START(iv) >= to)
      rev = Fcons(rt, shifted(rt, iv, from - to), rev);
  }
  return prepend_reversed(rt, rev, Qnil);
}

mval textprop_copy_range(mrt *rt, mval ivs, int64_t from, int64_t to)
{
  if (NILP(ivs) || from >= to)
    return Qnil;
  mval rev = Qnil;
  for (mval l = split_at(rt, split_at(rt, ivs, from), to); CONSP(l); l = XCDR(l))
    if (IV_START(XCAR(l)) >= from && IV_END(XCAR(l)) <= to)
      rev = Fcons(rt, shifted(rt, XCAR(l), -from), rev);
  return prepend_reversed(rt, rev, Qnil);
}

mval textprop_slice(mrt *rt, mval ivs, int64_t from, int64_t to)
{
  /* As Emacs's, a text without properties takes no intervals along. */
  mval copy = textprop_copy_range(rt, ivs, from, to);
  return textprop_any(copy) ? copy : Qnil;
}

mval textprop_grown(mrt *rt, mval ivs, int64_t at, int64_t n)
{
  mval rev = Qnil;
  for (mval l = ivs; CONSP(l); l = XCDR(l)) {
    mval iv = XCAR(l);
    if (IV_START(iv) >= at && (at > 0 || IV_START(iv) > 0))
      iv = shifted(rt, iv, n);
    else if (IV_END(iv) >= at)
      iv = make_interval(rt, IV_START(iv), IV_END(iv) + n, IV_PLIST(iv));
    rev = Fcons(rt, iv, rev);
  }
  return prepend_reversed(rt, rev, Qnil);
}

/* ---- Moving text within a buffer: transpose-regions ---- */

/* What Emacs copies of [START, END) to move it: nil when the interval
   there has no properties and holds it all, else its pieces (their
   plists kept as they are) from 0. */
static mval moved_piece(mrt *rt, mval ivs, int64_t start, int64_t end)
{
  mval first = XCAR(tail_at(ivs, start));
  if (start >= end || (NILP(IV_PLIST(first)) && IV_END(first) >= end))
    return Qnil;
  mval rev = Qnil;
  for (mval l = tail_at(ivs, start); CONSP(l) && IV_START(XCAR(l)) < end; l = XCDR(l)) {
    mval iv = XCAR(l);
    int64_t s = IV_START(iv) > start ? IV_START(iv) : start;
    int64_t e = IV_END(iv) < end ? IV_END(iv) : end;
    rev = Fcons(rt, make_interval(rt, s - start, e - start, IV_PLIST(iv)), rev);
  }
  return prepend_reversed(rt, rev, Qnil);
}

/* IVS once the N characters at AT take PIECE's properties: the
   boundaries there stay, PIECE's are added, and PIECE's plists
   replace theirs; PIECE nil clears the text's properties into one
   interval. */
static mval grafted(mrt *rt, mval ivs, int64_t at, int64_t n, mval piece)
{
  if (n <= 0)
    return ivs;
  if (NILP(piece))
    return made_one(rt, ivs, at, at + n, Qnil);
  for (mval p = piece; CONSP(p); p = XCDR(p))
    ivs = split_at(rt, ivs, IV_START(XCAR(p)) + at);
  ivs = split_at(rt, ivs, at + n);
  mval rev = Qnil;
  for (mval l = ivs; CONSP(l); l = XCDR(l)) {
    mval iv = XCAR(l);
    if (IV_START(iv) >= at && IV_START(iv) < at + n) {
      mval from = XCAR(tail_at(piece, IV_START(iv) - at));
      iv = make_interval(rt, IV_START(iv), IV_END(iv), copy_list(rt, IV_PLIST(from)));
    }
    rev = Fcons(rt, iv, rev);
  }
  return prepend_reversed(rt, rev, Qnil);
}

mval textprop_transposed(mrt *rt, mval ivs, int64_t s1, int64_t e1, int64_t s2, int64_t e2,
                         bool in_place)
{
  if (NILP(ivs))
    return ivs;
  int64_t len1 = e1 - s1, len2 = e2 - s2, mid = s2 - e1;
  mval first = moved_piece(rt, ivs, s1, e1), second = moved_piece(rt, ivs, s2, e2);
  mval between = moved_piece(rt, ivs, e1, s2);
  if (mid > 0 && in_place) {
    ivs = made_one(rt, made_one(rt, ivs, s1, e1, Qnil), s2, e2, Qnil);
    return grafted(rt, grafted(rt, ivs, s2, len1, first), s1, len2, second);
  }
  ivs = made_one(rt, ivs, s1, e2, Qnil);
  ivs = grafted(rt, ivs, s1 + len2 + mid, len1, first);
  ivs = grafted(rt, ivs, s1, len2, second);
  return grafted(rt, ivs, s1 + len2, mid, between);
}

mval textprop_replaced(mrt *rt, mval ivs, int64_t len, int64_t from, int64_t to, mval s)
{
  int64_t n = XSTRING(s)->nchars;
  mval own = XSTRING(s)->intervals;
  if (NILP(ivs))
    return textprop_insert(rt, Qnil, len - (to - from), from, n, own);
  if (n > to - from)
    ivs = textprop_grown(rt, ivs, from, n - (to - from));
  else
    ivs = textprop_delete(rt, ivs, from, from + (to - from - n));
  if (NILP(own))
    return n > 0 ? made_one(rt, ivs, from, from + n, Qnil) : ivs;
  if (from == 0 && to == len) /* the whole text: S's intervals */
    return own;
  return grafted(rt, ivs, from, n, own);
}

/* ---- Comparing ---- */

static int64_t plist_pairs(mval plist)
{
  int64_t n = 0;
  for (; CONSP(plist) && CONSP(XCDR(plist)); plist = XCDR(XCDR(plist)))
    n++;
  return n;
}

/* Emacs's intervals_equal: the same properties with eq values. */
static bool plists_match(mval a, mval b)
{
  return plist_pairs(a) == plist_pairs(b) && has_all(b, a);
}

static int64_t boundary_after(mval ivs, int64_t pos, int64_t len)
{
  for (; CONSP(ivs); ivs = XCDR(ivs))
    if (IV_END(XCAR(ivs)) > pos)
      return IV_END(XCAR(ivs));
  return len;
}

static bool intervals_match(mval a, mval b, int64_t len)
{
  for (int64_t pos = 0; pos < len;) {
    if (!plists_match(textprop_plist_at(a, pos), textprop_plist_at(b, pos)))
      return false;
    int64_t na = boundary_after(a, pos, len), nb = boundary_after(b, pos, len);
    pos = na < nb ? na : nb;
  }
  return true;
}

/* Deeper than mrt_equal goes without signalling. */
#define EQUAL_DEPTH_MAX 200

static bool equal_deep(mval a, mval b, int depth)
{
  if (depth > EQUAL_DEPTH_MAX || a == b)
    return true;
  for (; CONSP(a) && CONSP(b) && a != b; a = XCDR(a), b = XCDR(b))
    if (!equal_deep(XCAR(a), XCAR(b), depth + 1))
      return false;
  if (STRINGP(a) && STRINGP(b))
    return intervals_match(XSTRING(a)->intervals, XSTRING(b)->intervals, XSTRING(a)->nchars);
  if ((VECTORP(a) && VECTORP(b)) || (PVECP(a, PVEC_RECORD) && PVECP(b, PVEC_RECORD))) {
    size_t n = vl_header_nlisp(XVL(a)->header);
    for (size_t i = 0; i < n; i++)
      if (!equal_deep(XVL(a)->slots[i], XVL(b)->slots[i], depth + 1))
        return false;
  }
  return true;
}

bool textprop_equal_deep(mval a, mval b) { return equal_deep(a, b, 0); }

/* ---- Where properties change ---- */

/* The index in the vector IVS of the interval that holds POS, the last
   one at the end of the text: a binary search, the intervals being in
   order. */
static int64_t index_at(mval ivs, int64_t pos)
{
  int64_t lo = 0, hi = VECTOR_LENGTH(ivs) - 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (IV_END(AREF(ivs, mid)) <= pos)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* IVS (a list) as a vector.  Lists of intervals never change, so the
   vector of the last one asked for serves again: a scan of a text's
   properties, one call per change, then costs a search each, not a
   copy of the whole list. */
static mval intervals_vector(mrt *rt, mval ivs)
{
  if (rt->intervals_seen != ivs) {
    mval v = sequence_to_vector(rt, ivs);
    rt->intervals_seen = ivs;
    rt->intervals_vector = v;
  }
  return rt->intervals_vector;
}

/* Whether intervals A and B look the same: all their properties, or
   PROP's value when PROP is not Qunbound. */
static bool same_props(mrt *rt, mval a, mval b, mval prop)
{
  if (prop == Qunbound)
    return plists_match(IV_PLIST(a), IV_PLIST(b));
  return textprop_get(rt, IV_PLIST(a), prop) == textprop_get(rt, IV_PLIST(b), prop);
}

/* Emacs's next-(single-)property-change on a text of LEN characters
   that has intervals; LIMIT is nil or a fixnum. */
static mval next_change(mrt *rt, mval ivs, int64_t pos, int64_t len, mval prop, mval limit)
{
  mval v = intervals_vector(rt, ivs);
  int64_t n = VECTOR_LENGTH(v), k = index_at(v, pos), next = k + 1;
  while (next < n && same_props(rt, AREF(v, k), AREF(v, next), prop) &&
         (NILP(limit) || IV_START(AREF(v, next)) < XFIXNUM(limit)))
    next++;
  if (next >= n || IV_START(AREF(v, next)) >= (NILP(limit) ? len : XFIXNUM(limit)))
    return limit;
  return make_fixnum(IV_START(AREF(v, next)));
}

/* The same backwards; LO is where the text starts. */
static mval previous_change(mrt *rt, mval ivs, int64_t pos, int64_t lo, mval prop, mval limit)
{
  mval v = intervals_vector(rt, ivs);
  int64_t k = index_at(v, pos);
  if (IV_START(AREF(v, k)) == pos)
    k--;
  if (k < 0)
    return limit;
  int64_t prev = k - 1;
  while (prev >= 0 && same_props(rt, AREF(v, prev), AREF(v, k), prop) &&
         (NILP(limit) || IV_END(AREF(v, prev)) > XFIXNUM(limit)))
    prev--;
  if (prev < 0 || IV_END(AREF(v, prev)) <= (NILP(limit) ? lo : XFIXNUM(limit)))
    return limit;
  return make_fixnum(IV_END(AREF(v, prev)));
}

/* ---- Strings and buffers ---- */

/* The text an operation works on: a string, or a buffer (nil: the
   current one), whose position 1 is its intervals' 0. */
struct text {
  mval object;
  mval ivs;
  int64_t len;      /* characters */
  int64_t origin;   /* the position of index 0 */
  int64_t lo, hi;   /* the positions it may name: a buffer's accessible ones */
};

static struct text text_of(mrt *rt, mval object)
{
  if (NILP(object))
    object = current_buffer(rt);
  if (BUFFERP(object)) {
    struct buffer *b = XBUFFER(object);
    return (struct text){ object, buffer_text_owner(b)->intervals, b->t->z, 1, b->begv, b->zv };
  }
  CHECK_TYPE(rt, STRINGP(object), Qbuffer_or_string_p, object);
  struct string *s = XSTRING(object);
  return (struct text){ object, s->intervals, s->nchars, 0, 0, s->nchars };
}

static void store_text(mrt *rt, const struct text *t, mval ivs)
{
  if (BUFFERP(t->object))
    buffer_set_intervals(rt, t->object, ivs);
  else
    store_intervals(rt, t->object, ivs);
}

/* A position: an integer or a marker, as Emacs's
   CHECK_FIXNUM_COERCE_MARKER. */
static int64_t check_position(mrt *rt, mval pos)
{
  if (MARKERP(pos))
    return buffer_marker_position(rt, pos);
  CHECK_TYPE(rt, FIXNUMP(pos), Qinteger_or_marker_p, pos);
  return XFIXNUM(pos);
}

/* START and END in order, within T, as indices of its intervals, or
   args-out-of-range.  As Emacs, an empty range is never out of range:
   it names no text, wherever it is. */
static void check_range_of(mrt *rt, const struct text *t, mval start, mval end, int64_t *b, int64_t *e)
{
  int64_t x = check_position(rt, start), y = check_position(rt, end);
  if (x == y)
    x = y = x < t->lo ? t->lo : x > t->hi ? t->hi : x;
  *b = x < y ? x : y;
  *e = x < y ? y : x;
  if (*b < t->lo || *e > t->hi)
    args_out_of_range(rt, start, end);
  *b -= t->origin;
  *e -= t->origin;
}

/* A position in T (its end included) as an index, or
   args-out-of-range (POS POS). */
static int64_t check_index(mrt *rt, const struct text *t, mval pos)
{
  int64_t p = check_position(rt, pos);
  if (p < t->lo || p > t->hi)
    args_out_of_range(rt, pos, pos);
  return p - t->origin;
}

/* Emacs's validate_plist: a non-list stands for (X nil). */
static mval check_plist(mrt *rt, mval plist)
{
  if (NILP(plist))
    return plist;
  if (!CONSP(plist))
    return list2(rt, plist, Qnil);
  /* As Emacs, a pair's key needs a cdr, the last cdr need not be nil;
     a cycle, on which Emacs would loop, is a circular-list here. */
  for (mval l = plist, slow = plist; CONSP(l); slow = XCDR(slow)) {
    if (!CONSP(XCDR(l)))
      mrt_error(rt, "Odd length text property list");
    l = XCDR(XCDR(l));
    if (l == XCDR(slow))
      xsignal1(rt, Qcircular_list, plist);
  }
  return plist;
}

typedef mval (*range_op)(mrt *rt, mval ivs, int64_t len, int64_t start, int64_t end, mval props,
                         bool *changed);

static mval remove_keys(mrt *rt, mval ivs, int64_t len, int64_t start, int64_t end, mval keys,
                        bool *changed);

/* The undo records of OP on one interval of PLIST over [S, E), as
   Emacs's add_properties, set_properties and remove_properties make
   them: each property it changes with the value it had (nil if none). */
static void record_interval(mrt *rt, range_op op, mval plist, int64_t s, int64_t e, mval props)
{
  mval v, w;
  if (op == remove_keys) {
    for (mval k = props; CONSP(k); k = XCDR(k))
      if (plist_find(plist, XCAR(k), &v))
        buffer_record_property_change(rt, s, e, XCAR(k), v);
    return;
  }
  bool set = op == textprop_set || op == set_in_buffer;
  if (set)
    for (mval l = plist; CONSP(l) && CONSP(XCDR(l)); l = XCDR(XCDR(l)))
      if (!plist_find(props, XCAR(l), &w) || w != XCAR(XCDR(l)))
        buffer_record_property_change(rt, s, e, XCAR(l), XCAR(XCDR(l)));
  for (mval l = props; CONSP(l) && CONSP(XCDR(l)); l = XCDR(XCDR(l))) {
    bool had = plist_find(plist, XCAR(l), &v);
    if (set ? !had : !had || v != XCAR(XCDR(l)))
      buffer_record_property_change(rt, s, e, XCAR(l), had ? v : Qnil);
  }
}

/* What OP over [B, E) of the current buffer's intervals IVS records for
   undo, interval by interval as Emacs splits them there. */
static void record_property_changes(mrt *rt, range_op op, const struct text *t, int64_t b, int64_t e,
                                    mval props)
{
  buffer_properties_changing(rt);
  if (!buffer_undo_recording(rt))
    return;
  mval l = NILP(t->ivs) ? list1(rt, make_interval(rt, 0, t->len, Qnil)) : t->ivs;
  for (l = split_at(rt, split_at(rt, l, b), e); CONSP(l); l = XCDR(l)) {
    mval iv = XCAR(l);
    if (IV_START(iv) >= b && IV_END(iv) <= e)
      record_interval(rt, op, IV_PLIST(iv), IV_START(iv) + t->origin, IV_END(iv) + t->origin, props);
  }
}

/* In a buffer, a change of properties is a change of the text for the
   change hooks and read-only buffers, run with the buffer current; OP
   runs again after the hooks, which may have changed the text. */
static mval change_buffer(mrt *rt, range_op op, struct text *t, int64_t b, int64_t e, mval props)
{
  size_t depth = buffer_enter(rt, t->object);
  int64_t hooks = buffer_change_begin(rt, b + t->origin, e + t->origin);
  *t = text_of(rt, t->object);
  b = b < t->len ? b : t->len;
  e = e < t->len ? e : t->len;
  bool changed;
  mval ivs = op(rt, t->ivs, t->len, b, e, props, &changed);
  if (changed)
    record_property_changes(rt, op, t, b, e, props);
  store_text(rt, t, ivs);
  buffer_change_end(rt, hooks, b + t->origin, e + t->origin, e - b);
  unbind_to(rt, depth);
  return Qt;
}

/* Runs OP over START..END of OBJECT; t when it changed. */
static mval change_text(mrt *rt, range_op op, mval start, mval end, mval props, mval object)
{
  struct text t = text_of(rt, object);
  int64_t b, e;
  check_range_of(rt, &t, start, end, &b, &e);
  bool changed;
  mval ivs = op(rt, t.ivs, t.len, b, e, props, &changed);
  if (changed && BUFFERP(t.object))
    return change_buffer(rt, op, &t, b, e, props);
  store_text(rt, &t, ivs);
  return changed ? Qt : Qnil;
}

static mval remove_keys(mrt *rt, mval ivs, int64_t len, int64_t start, int64_t end, mval keys,
                        bool *changed)
{
  (void)len;
  return textprop_remove(rt, ivs, start, end, keys, changed);
}

void textprop_string_set(mrt *rt, mval string, mval start, mval end, mval plist)
{
  change_text(rt, textprop_set, start, end, check_plist(rt, plist), string);
}

mval textprop_plist_lookup(mrt *rt, mval ivs, int64_t pos)
{
  if (!CONSP(ivs))
    return Qnil;
  mval v = intervals_vector(rt, ivs);
  mval iv = AREF(v, index_at(v, pos));
  return IV_START(iv) <= pos && pos < IV_END(iv) ? IV_PLIST(iv) : Qnil;
}

static mval plist_at(mrt *rt, mval pos, mval object)
{
  struct text t = text_of(rt, object);
  return textprop_plist_lookup(rt, t.ivs, check_index(rt, &t, pos));
}

/* ---- Read-only text ----
   Emacs's rules: a change of text fails where a character's read-only
   value is non-nil, unless inhibit-read-only is non-nil and not a
   list, or a list holding that value, or the character has a non-nil
   inhibit-read-only property.  An insertion fails where it would
   inherit read-only: from the character after when read-only is
   front-sticky there, from the one before unless it is rear-nonsticky
   there (with a non-nil non-list inhibit-read-only allowing all, and
   the property itself not consulted).  Values come through a category
   symbol when the plist lacks them. */

/* Emacs's lookup of a character's PROP in PLIST: its own value, else
   the value its category symbol holds, else that of the first of PROP's
   aliases in char-property-alias-alist that PLIST has, else (for text,
   not overlays) PROP's value in default-text-properties. */
static mval char_property(mrt *rt, mval plist, mval prop, bool text)
{
  mval fallback = Qnil;
  for (mval l = plist; CONSP(l) && CONSP(XCDR(l)); l = XCDR(XCDR(l))) {
    if (XCAR(l) == prop)
      return XCAR(XCDR(l));
    if (XCAR(l) == Qcategory && SYMBOLP(XCAR(XCDR(l))))
      fallback = get_prop(rt, XCAR(XCDR(l)), prop);
  }
  if (!NILP(fallback))
    return fallback;
  mval aliases = find_symbol_value(rt, Qchar_property_alias_alist);
  for (; CONSP(aliases); aliases = XCDR(aliases))
    if (CONSP(XCAR(aliases)) && XCAR(XCAR(aliases)) == prop) {
      for (mval l = XCDR(XCAR(aliases)); NILP(fallback) && CONSP(l); l = XCDR(l))
        fallback = plist_get(plist, XCAR(l));
      break;
    }
  if (text && NILP(fallback)) {
    mval defaults = find_symbol_value(rt, Qdefault_text_properties);
    if (CONSP(defaults))
      fallback = plist_get(defaults, prop);
  }
  return fallback;
}

mval textprop_get(mrt *rt, mval plist, mval prop) { return char_property(rt, plist, prop, true); }
mval textprop_overlay_get(mrt *rt, mval plist, mval prop) { return char_property(rt, plist, prop, false); }

/* Emacs's TMEM: a stickiness list names SYM, or is t-like. */
static bool names(mval sym, mval stickiness)
{
  return CONSP(stickiness) ? memq_p(sym, stickiness) : !NILP(stickiness);
}

/* Whether STICKINESS (PLIST's front-sticky or rear-nonsticky value)
   names its read-only property: by name, or by `category' when the
   value comes from the category. */
static bool names_read_only(mval plist, mval stickiness)
{
  return names(Qread_only, stickiness) ||
         (NILP(plist_get(plist, Qread_only)) && names(Qcategory, stickiness));
}

_Noreturn static void text_read_only(mrt *rt, mval value)
{
  if (STRINGP(value))
    xsignal1(rt, Qtext_read_only, value);
  xsignal0(rt, Qtext_read_only);
}

/* The read-only value of PLIST that INHIBIT (a list or nil) leaves. */
static mval unexcused_read_only(mrt *rt, mval plist, mval inhibit)
{
  mval value = textprop_get(rt, plist, Qread_only);
  return memq_p(value, inhibit) ? Qnil : value;
}

static void check_insertable(mrt *rt, mval ivs, struct buffer *b, int64_t pos, mval inhibit)
{
  if (CONSP(inhibit) || NILP(inhibit)) {
    mval after = pos < b->zv ? textprop_plist_at(ivs, pos - 1) : Qunbound;
    mval before = pos > b->begv ? textprop_plist_at(ivs, pos - 2) : Qunbound;
    mval value;
    if (after != Qunbound && !NILP(value = unexcused_read_only(rt, after, inhibit)) &&
        names_read_only(after, textprop_get(rt, after, Qfront_sticky)))
      text_read_only(rt, value);
    if (before != Qunbound && !NILP(value = unexcused_read_only(rt, before, inhibit)) &&
        !names_read_only(before, textprop_get(rt, before, Qrear_nonsticky)))
      text_read_only(rt, value);
  }
}

static bool writable(mrt *rt, mval plist, mval inhibit)
{
  mval value = textprop_get(rt, plist, Qread_only);
  return NILP(value) || !NILP(textprop_get(rt, plist, Qinhibit_read_only)) ||
         (CONSP(inhibit) ? memq_p(value, inhibit) : !NILP(inhibit));
}

void textprop_check_modifiable(mrt *rt, int64_t start, int64_t end)
{
  struct buffer *b = XBUFFER(current_buffer(rt));
  mval ivs = buffer_text_owner(b)->intervals;
  if (NILP(ivs))
    return;
  mval inhibit = find_symbol_value(rt, Qinhibit_read_only);
  inhibit = inhibit == Qunbound ? Qnil : inhibit;
  if (start == end) {
    check_insertable(rt, ivs, b, start, inhibit);
    return;
  }
  for (; CONSP(ivs) && IV_START(XCAR(ivs)) < end - 1; ivs = XCDR(ivs))
    if (IV_END(XCAR(ivs)) > start - 1 && !writable(rt, IV_PLIST(XCAR(ivs)), inhibit))
      text_read_only(rt, textprop_get(rt, IV_PLIST(XCAR(ivs)), Qread_only));
}

static mval Ftext_properties_at(mrt *rt, int n, mval *a) { return plist_at(rt, a[0], a[1]); }

static mval Fget_text_property(mrt *rt, int n, mval *a) { return textprop_get(rt, plist_at(rt, a[0], a[2]), a[1]); }

static mval Fput_text_property(mrt *rt, int n, mval *a)
{
  change_text(rt, textprop_add, a[0], a[1], list2(rt, a[2], a[3]), a[4]);
  return Qnil;
}

static mval Fadd_text_properties(mrt *rt, int n, mval *a)
{
  return change_text(rt, textprop_add, a[0], a[1], check_plist(rt, a[2]), a[3]);
}

static mval Fset_text_properties(mrt *rt, int n, mval *a)
{
  range_op op = STRINGP(a[3]) ? textprop_set : set_in_buffer;
  return change_text(rt, op, a[0], a[1], check_plist(rt, a[2]), a[3]);
}

/* PLIST's keys in order: undo records them so. */
static mval plist_keys(mrt *rt, mval plist)
{
  list_length(rt, plist); /* a cycle or a dotted end signals */
  mval rev = Qnil;
  for (; CONSP(plist); plist = CONSP(XCDR(plist)) ? XCDR(XCDR(plist)) : Qnil)
    rev = Fcons(rt, XCAR(plist), rev);
  return prepend_reversed(rt, rev, Qnil);
}

static mval Fremove_text_properties(mrt *rt, int n, mval *a)
{
  return change_text(rt, remove_keys, a[0], a[1], plist_keys(rt, a[2]), a[3]);
}

static mval Fremove_list_of_text_properties(mrt *rt, int n, mval *a)
{
  list_length(rt, a[2]);
  return change_text(rt, remove_keys, a[0], a[1], a[2], a[3]);
}

/* The four searches: PROP is Qunbound for any property.  A LIMIT and
   the answer are positions, the intervals' indices moved by origin. */
static mval find_change(mrt *rt, mval pos, mval prop, mval object, mval limit, bool forward)
{
  struct text t = text_of(rt, object);
  if (!NILP(limit))
    limit = make_fixnum(check_position(rt, limit) - t.origin);
  int64_t p = check_index(rt, &t, pos);
  mval r = limit;
  if (NILP(t.ivs))
    ;
  else if (forward)
    r = next_change(rt, t.ivs, p, t.hi - t.origin, prop, limit);
  else
    r = previous_change(rt, t.ivs, p, t.lo - t.origin, prop, limit);
  return NILP(r) ? r : make_fixnum(XFIXNUM(r) + t.origin);
}

static mval Fnext_property_change(mrt *rt, int n, mval *a)
{
  return find_change(rt, a[0], Qunbound, a[1], a[2], true);
}

static mval Fnext_single_property_change(mrt *rt, int n, mval *a)
{
  return find_change(rt, a[0], a[1], a[2], a[3], true);
}

static mval Fprevious_property_change(mrt *rt, int n, mval *a)
{
  return find_change(rt, a[0], Qunbound, a[1], a[2], false);
}

static mval Fprevious_single_property_change(mrt *rt, int n, mval *a)
{
  return find_change(rt, a[0], a[1], a[2], a[3], false);
}

/* text-property-any (WANT true) and text-property-not-all: the first
   position in [START, END) whose PROP is VALUE (eq), or is not. */
static mval find_value(mrt *rt, mval *a, bool want)
{
  struct text t = text_of(rt, a[4]);
  int64_t b, e;
  check_range_of(rt, &t, a[0], a[1], &b, &e);
  mval ivs = NILP(t.ivs) ? list1(rt, make_interval(rt, 0, t.len, Qnil)) : t.ivs;
  for (mval l = tail_at(ivs, b); CONSP(l) && IV_START(XCAR(l)) < e; l = XCDR(l))
    if ((textprop_get(rt, IV_PLIST(XCAR(l)), a[2]) == a[3]) == want && b < e)
      return make_fixnum((IV_START(XCAR(l)) > b ? IV_START(XCAR(l)) : b) + t.origin);
  return Qnil;
}

static mval Ftext_property_any(mrt *rt, int n, mval *a) { return find_value(rt, a, true); }
static mval Ftext_property_not_all(mrt *rt, int n, mval *a) { return find_value(rt, a, false); }

/* As Emacs: a copy of STRING (its properties kept), then PROPS added,
   the last of a property given twice losing to the first. */
static mval Fpropertize(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  if (n % 2 == 0)
    xsignal2(rt, Qwrong_number_of_arguments, intern(rt, "propertize"), make_fixnum(n));
  mval props = Qnil;
  for (int i = 1; i < n; i += 2)
    props = Fcons(rt, a[i], Fcons(rt, a[i + 1], props));
  mval s = textprop_copy_string(rt, a[0]);
  bool changed;
  store_intervals(rt, s, textprop_add(rt, XSTRING(s)->intervals, XSTRING(s)->nchars, 0,
                                      XSTRING(s)->nchars, props, &changed));
  return s;
}

/* ---- insert-and-inherit: text without properties of its own ---- */

/* Whether an interval of the current buffer starts at position POS or
   POS is at either end: text inserted there is not inside one. */
static mval Finterval_boundary_p(mrt *rt, int n, mval *a)
{
  struct text t = text_of(rt, Qnil);
  int64_t at = check_position(rt, a[0]) - 1;
  if (at <= 0 || at >= t.len || NILP(t.ivs))
    return Qt;
  return IV_START(XCAR(tail_at(t.ivs, at))) == at ? Qt : Qnil;
}

/* IVS with the intervals from the one starting at FROM to the one
   ending at TO made one, with the plist of KEEP (one of them). */
static mval joined(mrt *rt, mval ivs, int64_t from, int64_t to, mval keep)
{
  mval rev = Qnil, l = ivs;
  for (; CONSP(l) && IV_START(XCAR(l)) < from; l = XCDR(l))
    rev = Fcons(rt, XCAR(l), rev);
  while (CONSP(l) && IV_END(XCAR(l)) <= to)
    l = XCDR(l);
  return prepend_reversed(rt, rev, Fcons(rt, make_interval(rt, from, to, IV_PLIST(keep)), l));
}

/* After insert-and-inherit put text without properties of its own at
   [START, END), one interval: as Emacs's insertion grows the interval
   that the text's inherited properties match instead of making one,
   the text joins the interval before it if their plists match, else
   the one after it.  INSIDE: it went inside one interval whose
   properties are all sticky, which it simply extends. */
static mval Fjoin_inherited(mrt *rt, int n, mval *a)
{
  struct text t = text_of(rt, Qnil);
  int64_t s = check_position(rt, a[0]) - 1, e = check_position(rt, a[1]) - 1;
  if (!CONSP(t.ivs) || s >= e || e > t.len)
    return Qnil;
  mval left = Qnil, mid = Qnil, right = Qnil;
  for (mval l = t.ivs; CONSP(l); l = XCDR(l)) {
    mval iv = XCAR(l);
    if (IV_END(iv) == s)
      left = iv;
    else if (IV_START(iv) == s && IV_END(iv) == e)
      mid = iv;
    else if (IV_START(iv) == e)
      right = iv;
  }
  if (NILP(mid))
    return Qnil;
  bool lm = !NILP(left) && plists_match(IV_PLIST(left), IV_PLIST(mid));
  bool rm = !NILP(right) && plists_match(IV_PLIST(right), IV_PLIST(mid));
  mval ivs = t.ivs;
  if (!NILP(a[2]) && lm && rm)
    ivs = joined(rt, ivs, IV_START(left), IV_END(right), left);
  else if (lm)
    ivs = joined(rt, ivs, IV_START(left), e, left);
  else if (rm)
    ivs = joined(rt, ivs, s, IV_END(right), right);
  store_text(rt, &t, ivs);
  return Qnil;
}

/* Emacs's object-intervals: every interval, merging none, positions
   from 0 whatever the buffer's narrowing. */
static mval Fobject_intervals(mrt *rt, int n, mval *a)
{
  CHECK_TYPE(rt, STRINGP(a[0]) || BUFFERP(a[0]), Qbuffer_or_string_p, a[0]);
  struct text t = text_of(rt, a[0]);
  mval out = Qnil;
  for (mval l = t.ivs; CONSP(l); l = XCDR(l))
    out = Fcons(rt, list3(rt, XCAR(XCAR(l)), XCAR(XCDR(XCAR(l))), IV_PLIST(XCAR(l))), out);
  return nreverse_list(rt, out);
}

/* (internal--set-intervals IVS): the current buffer's intervals made
   IVS, as object-intervals lists them: (START END PLIST) in order from
   0 to the buffer's size, or nil for none.  For the case commands,
   which work out the intervals Emacs's leave in a copy of the text. */
static mval Fset_intervals(mrt *rt, int n, mval *a)
{
  struct text t = text_of(rt, Qnil);
  mval rev = Qnil;
  int64_t at = 0;
  for (mval l = a[0]; !NILP(l); l = XCDR(l)) {
    CHECK_TYPE(rt, CONSP(l), Qlistp, l);
    mval iv = XCAR(l);
    if (!(CONSP(iv) && FIXNUMP(XCAR(iv)) && XFIXNUM(XCAR(iv)) == at && CONSP(XCDR(iv)) &&
          FIXNUMP(XCAR(XCDR(iv))) && XFIXNUM(XCAR(XCDR(iv))) > at &&
          XFIXNUM(XCAR(XCDR(iv))) <= t.len && CONSP(XCDR(XCDR(iv)))))
      xsignal2(rt, Qerror, make_cstring(rt, "Bad interval"), iv);
    at = XFIXNUM(XCAR(XCDR(iv)));
    rev = Fcons(rt, make_interval(rt, XFIXNUM(XCAR(iv)), at, XCAR(XCDR(XCDR(iv)))), rev);
  }
  if (!NILP(a[0]) && at != t.len)
    xsignal2(rt, Qargs_out_of_range, make_fixnum(at), make_fixnum(t.len));
  store_text(rt, &t, prepend_reversed(rt, rev, Qnil));
  return Qnil;
}

static mval Fequal_including_properties(mrt *rt, int n, mval *a)
{
  return mrt_equal(rt, a[0], a[1]) && textprop_equal_deep(a[0], a[1]) ? Qt : Qnil;
}

static const struct subr_def textprop_subrs[] = {
  { "text-properties-at", Ftext_properties_at, 1, 2 },
  { "get-text-property", Fget_text_property, 2, 3 },
  { "put-text-property", Fput_text_property, 4, 5 },
  { "add-text-properties", Fadd_text_properties, 3, 4 },
  { "set-text-properties", Fset_text_properties, 3, 4 },
  { "remove-text-properties", Fremove_text_properties, 3, 4 },
  { "remove-list-of-text-properties", Fremove_list_of_text_properties, 3, 4 },
  { "next-property-change", Fnext_property_change, 1, 3 },
  { "next-single-property-change", Fnext_single_property_change, 2, 4 },
  { "previous-property-change", Fprevious_property_change, 1, 3 },
  { "previous-single-property-change", Fprevious_single_property_change, 2, 4 },
  { "text-property-any", Ftext_property_any, 4, 5 },
  { "text-property-not-all", Ftext_property_not_all, 4, 5 },
  { "propertize", Fpropertize, 1, ARGS_MANY },
  { "equal-including-properties", Fequal_including_properties, 2, 2 },
  { "object-intervals", Fobject_intervals, 1, 1 },
  { "internal--set-intervals", Fset_intervals, 1, 1 },
  { "internal--interval-boundary-p", Finterval_boundary_p, 1, 1 },
  { "internal--join-inherited", Fjoin_inherited, 3, 3 },
};

void textprop_init(mrt *rt)
{
  defvar(rt, Qchar_property_alias_alist, Qnil);
  defvar(rt, Qdefault_text_properties, Qnil);
  defsubrs(rt, textprop_subrs, sizeof textprop_subrs / sizeof textprop_subrs[0]);
}
