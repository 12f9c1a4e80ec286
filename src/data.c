/*
** data.c -- layer 5: type predicates, type-of, symbols, vectors and
** records.
**
** Invariants of this module:
**   - A symbol's function cell holds nil when void (Emacs 28's
**     convention), so fboundp is a single comparison.  (Variables'
**     primitives are in variables.c.)
**   - A record is a PVEC_RECORD whose slot 0 is its type; aref and
**     aset reach every slot, type included, as in Emacs.
*/
#include "config.h"

#include <string.h>

#include "data.h"
#include "chartab.h"
#include "compiled.h"
#include "eval.h"
#include "fns.h"
#include "hashtab.h"
#include "load.h"
#include "strfns.h"

static mval bool_val(bool b) { return b ? Qt : Qnil; }

static int64_t vl_length(mval v) { return (int64_t)vl_header_nlisp(XVL(v)->header); }

/* ================================================================== */
/* Type predicates                                                    */
/* ================================================================== */

static bool ARRAYP(mval x)
{
  return VECTORP(x) || STRINGP(x) || BOOL_VECTOR_P(x) || CHAR_TABLE_P(x);
}

static mval Fnull(mrt *rt, int n, mval *a) { return bool_val(NILP(a[0])); }
/* Emacs 28's closures are lists. */
static bool cons_or_closure(mval x) { return CONSP(x) || PVECP(x, PVEC_CLOSURE); }

static mval Fatom(mrt *rt, int n, mval *a) { return bool_val(!cons_or_closure(a[0])); }
static mval Fconsp(mrt *rt, int n, mval *a) { return bool_val(cons_or_closure(a[0])); }
static mval Flistp(mrt *rt, int n, mval *a) { return bool_val(cons_or_closure(a[0]) || NILP(a[0])); }
static mval Fnlistp(mrt *rt, int n, mval *a) { return bool_val(!cons_or_closure(a[0]) && !NILP(a[0])); }
static mval Fsymbolp(mrt *rt, int n, mval *a) { return bool_val(SYMBOLP(a[0])); }
static mval Fkeywordp(mrt *rt, int n, mval *a) { return bool_val(keywordp(rt, a[0])); }
static mval Fstringp(mrt *rt, int n, mval *a) { return bool_val(STRINGP(a[0])); }
static mval Fvectorp(mrt *rt, int n, mval *a) { return bool_val(VECTORP(a[0])); }
static mval Farrayp(mrt *rt, int n, mval *a) { return bool_val(ARRAYP(a[0])); }
static mval Fsequencep(mrt *rt, int n, mval *a)
{
  return bool_val(cons_or_closure(a[0]) || NILP(a[0]) || ARRAYP(a[0]));
}
static mval Fcharacterp(mrt *rt, int n, mval *a) { return bool_val(CHARACTERP(a[0])); }
static mval Fbooleanp(mrt *rt, int n, mval *a) { return bool_val(NILP(a[0]) || a[0] == Qt); }
static mval Fchar_or_string_p(mrt *rt, int n, mval *a)
{
  return bool_val(CHARACTERP(a[0]) || STRINGP(a[0]));
}
static mval Fsubrp(mrt *rt, int n, mval *a) { return bool_val(PVECP(a[0], PVEC_SUBR)); }
static mval Frecordp(mrt *rt, int n, mval *a) { return bool_val(RECORDP(a[0])); }
static mval Fbool_vector_p(mrt *rt, int n, mval *a) { return bool_val(BOOL_VECTOR_P(a[0])); }

/* A record's type is its slot 0; when that is itself a record (a
   cl-defstruct class object), the type is that record's slot 1. */
static mval record_type(mval r)
{
  mval t = AREF(r, 0);
  if (RECORDP(t) && vl_length(t) > 1)
    return AREF(t, 1);
  return t;
}

static mval vectorlike_type(mrt *rt, mval x)
{
  switch (PVEC_TYPE(x)) {
  case PVEC_VECTOR: return Qvector;
  case PVEC_BIGNUM: return Qinteger;
  case PVEC_CLOSURE: return Qcons; /* Emacs 28's closures are lists */
  case PVEC_SUBR: return Qsubr;
  case PVEC_HASH_TABLE: return Qhash_table;
  case PVEC_RECORD: return record_type(x);
  case PVEC_OPAQUE: return Quser_ptr;
  case PVEC_BOOL_VECTOR: return intern(rt, "bool-vector");
  case PVEC_BUFFER: return Qbuffer;
  case PVEC_MARKER: return Qmarker;
  case PVEC_OVERLAY: return Qoverlay;
  case PVEC_WINDOW: return intern(rt, "window");
  case PVEC_FRAME: return intern(rt, "frame");
  case PVEC_WINDOW_CONFIGURATION: return intern(rt, "window-configuration");
  case PVEC_CHAR_TABLE: return intern(rt, "char-table");
  case PVEC_SUB_CHAR_TABLE: return intern(rt, "sub-char-table");
  case PVEC_COMPILED: return intern(rt, "compiled-function");
  case PVEC_FINALIZER: return intern(rt, "finalizer");
  case PVEC_PROCESS: return intern(rt, "process");
  default: return intern(rt, "internal");
  }
}

mval type_of(mrt *rt, mval x)
{
  switch (TAG_OF(x)) {
  case TAG_CONS: return Qcons;
  case TAG_SYMBOL: return Qsymbol;
  case TAG_STRING: return Qstring;
  case TAG_FLOAT: return Qfloat;
  case TAG_VECTORLIKE: return vectorlike_type(rt, x);
  case TAG_IMMEDIATE: return Qsymbol;
  default: return Qinteger; /* fixnum tags x00 */
  }
}

static mval Ftype_of(mrt *rt, int n, mval *a) { return type_of(rt, a[0]); }

/* ================================================================== */
/* Symbols                                                            */
/* ================================================================== */

static struct symbol *check_symbol(mrt *rt, mval x)
{
  CHECK_SYMBOL(rt, x);
  return XSYMBOL(rt, x);
}

/* ---- Obarrays ----
   The symbol table is the obarray: the vector `obarray' starts as
   stands for it.  Any other vector (obarray-make's) is an obarray of
   its own, as Emacs 28 keeps one: each slot 0, or the symbol interned
   last among those whose names hash there, the others chained from it
   through their obarray_next (a Lisp slot, so the collector follows
   the chain as it does any symbol's contents). */

/* OB, or `obarray''s value when OB is nil; nil for the symbol table. */
static mval own_obarray(mrt *rt, mval ob)
{
  if (NILP(ob))
    ob = find_symbol_value(rt, Qobarray);
  if (!VECTORP(ob) || VECTOR_LENGTH(ob) == 0)
    wrong_type_argument(rt, Qvectorp, ob);
  return ob == rt->initial_obarray ? Qnil : ob;
}

static int64_t obarray_slot(mval ob, mval name)
{
  struct string *s = XSTRING(name);
  return (int64_t)(hash_string_bits(s->data, (size_t)s->nbytes) % (uint64_t)VECTOR_LENGTH(ob));
}

/* The first symbol of OB's slot I, or nil when it has none (0, or
   nil, which make-vector's obarrays may hold).  Anything else is bad
   data: an error, unless SKIP_BAD (mapatoms skips it, as Emacs does). */
static mval bucket_head_or_skip(mrt *rt, mval ob, int64_t i, bool skip_bad)
{
  mval head = AREF(ob, i);
  if (head == make_fixnum(0) || NILP(head))
    return Qnil;
  if (!SYMBOLP(head)) {
    if (skip_bad)
      return Qnil;
    mrt_error(rt, "Bad data in guts of obarray");
  }
  return head;
}

static mval bucket_head(mrt *rt, mval ob, int64_t i) { return bucket_head_or_skip(rt, ob, i, false); }

/* The symbol after SYM in its bucket, or nil. */
static mval bucket_next(mrt *rt, mval sym)
{
  mval next = XSYMBOL(rt, sym)->obarray_next;
  return SYMBOLP(next) ? next : Qnil;
}

/* The symbol named NAME in own obarray OB, or nil. */
static mval obarray_find(mrt *rt, mval ob, mval name)
{
  struct string *want = XSTRING(name);
  for (mval sym = bucket_head(rt, ob, obarray_slot(ob, name)); !NILP(sym);
       sym = bucket_next(rt, sym)) {
    struct string *have = XSTRING(XSYMBOL(rt, sym)->name);
    if (have->nbytes == want->nbytes && memcmp(have->data, want->data, (size_t)want->nbytes) == 0)
      return sym;
  }
  return Qnil;
}

static mval intern_in(mrt *rt, mval ob, mval name)
{
  mval found = obarray_find(rt, ob, name);
  if (!NILP(found))
    return found;
  mval sym = make_symbol(rt, name);
  int64_t i = obarray_slot(ob, name);
  SYMBOL_SET(rt->gc, XSYMBOL(rt, sym), obarray_next, bucket_head(rt, ob, i));
  gc_aset(rt->gc, ob, i, sym);
  return sym;
}

mval current_obarray(mrt *rt)
{
  /* A runtime without this module's variables reads into the table. */
  mval ob = find_symbol_value(rt, Qobarray);
  return ob == Qunbound || ob == rt->initial_obarray ? Qnil : own_obarray(rt, ob);
}

mval intern_in_obarray(mrt *rt, mval ob, mval name)
{
  return NILP(ob) ? intern_string(rt, name) : intern_in(rt, ob, name);
}

/* NAME under Emacs 28's read-symbol-shorthands SHORTHANDS: the first
   (SHORTHAND . LONGHAND) whose SHORTHAND begins NAME has it replaced
   by LONGHAND; NAME itself when none does.  Other entries are passed
   over, as Emacs does. */
mval symbol_shorthand(mrt *rt, mval shorthands, mval name)
{
  struct string *n = XSTRING(name);
  for (; CONSP(shorthands); shorthands = XCDR(shorthands)) {
    mval pair = XCAR(shorthands);
    if (!CONSP(pair) || !STRINGP(XCAR(pair)) || !STRINGP(XCDR(pair)))
      continue;
    struct string *sh = XSTRING(XCAR(pair));
    if (sh->nbytes <= n->nbytes && memcmp(sh->data, n->data, (size_t)sh->nbytes) == 0) {
      mval parts[2] = {XCDR(pair), substring_bytes(rt, name, sh->nbytes, n->nbytes)};
      return concat_strings(rt, 2, parts);
    }
  }
  return name;
}

static mval shorthand_of(mrt *rt, mval name)
{
  mval shorthands = find_symbol_value(rt, Qread_symbol_shorthands);
  return CONSP(shorthands) ? symbol_shorthand(rt, shorthands, name) : name;
}

static mval Fintern(mrt *rt, int n, mval *a)
{
  mval ob = own_obarray(rt, a[1]); /* Emacs checks the obarray first */
  CHECK_STRING(rt, a[0]);
  return intern_in_obarray(rt, ob, shorthand_of(rt, a[0]));
}

/* The symbol NAME (a string, or a symbol standing for the one
   interned under its name) names in obarray OB (nil for the symbol
   table), or nil. */
static mval obarray_lookup(mrt *rt, mval ob, mval name)
{
  mval string = SYMBOLP(name) ? XSYMBOL(rt, name)->name : name;
  CHECK_STRING(rt, string);
  mval found = !NILP(ob) ? obarray_find(rt, ob, string)
                         : intern_soft(rt, (const char *)XSTRING(string)->data,
                                       (size_t)XSTRING(string)->nbytes);
  if (found == Qunbound || (SYMBOLP(name) && found != name))
    return Qnil;
  return found;
}

static mval Fintern_soft(mrt *rt, int n, mval *a)
{
  mval name = STRINGP(a[0]) ? shorthand_of(rt, a[0]) : a[0];
  return obarray_lookup(rt, own_obarray(rt, a[1]), name);
}

/* (unintern NAME-OR-SYMBOL OBARRAY): a symbol goes only if it is the
   one interned under its name. */
static mval Funintern(mrt *rt, int n, mval *a)
{
  mval ob = own_obarray(rt, a[1]), sym = obarray_lookup(rt, ob, a[0]);
  if (NILP(sym))
    return Qnil;
  if (NILP(ob))
    return bool_val(obarray_remove(rt, sym));
  int64_t i = obarray_slot(ob, XSYMBOL(rt, sym)->name);
  mval next = bucket_next(rt, sym);
  if (bucket_head(rt, ob, i) == sym) {
    gc_aset(rt->gc, ob, i, NILP(next) ? make_fixnum(0) : next);
  } else {
    mval prev = bucket_head(rt, ob, i);
    while (bucket_next(rt, prev) != sym)
      prev = bucket_next(rt, prev);
    SYMBOL_SET(rt->gc, XSYMBOL(rt, prev), obarray_next, next);
  }
  /* SYM keeps its link, as in Emacs: another vector's slot may hold
     SYM, and the symbols after it stay reachable from there. */
  return Qt;
}

/* The symbols of own obarray OB as Emacs walks them: each slot's from
   its head, the slots from the first (completion) or from the last
   (mapatoms). */
static mval obarray_symbols_in_order(mrt *rt, mval ob, bool first_slot_first)
{
  mval syms = Qnil;
  int64_t n = VECTOR_LENGTH(ob);
  for (int64_t k = 0; k < n; k++)
    for (mval sym = bucket_head_or_skip(rt, ob, first_slot_first ? k : n - 1 - k, true);
         !NILP(sym);
         sym = bucket_next(rt, sym))
      syms = Fcons(rt, sym, syms);
  return nreverse_list(rt, syms);
}

/* (marrow--obarray-symbols OBARRAY): its symbols in the order Emacs's
   completion functions meet them. */
static mval Fmarrow__obarray_symbols(mrt *rt, int n, mval *a)
{
  mval ob = own_obarray(rt, a[0]);
  if (NILP(ob))
    wrong_type_argument(rt, Qobarrayp, a[0]);
  return obarray_symbols_in_order(rt, ob, true);
}

/* (mapatoms FUNCTION &optional OBARRAY): over a snapshot, so that
   FUNCTION may intern and unintern freely. */
static mval Fmapatoms(mrt *rt, int n, mval *a)
{
  mval ob = own_obarray(rt, a[1]), all;
  if (NILP(ob)) {
    size_t count = obarray_symbols(rt, NULL, 0);
    all = make_vector(rt, count, Qnil);
    obarray_symbols(rt, gc_written_slots(rt->gc, all), count);
  } else {
    all = sequence_to_vector(rt, obarray_symbols_in_order(rt, ob, false));
  }
  for (int64_t i = 0; i < VECTOR_LENGTH(all); i++)
    call1(rt, a[0], AREF(all, i));
  return Qnil;
}

static mval Fmake_symbol(mrt *rt, int n, mval *a)
{
  CHECK_STRING(rt, a[0]);
  return make_symbol(rt, a[0]);
}

static mval Fsymbol_name(mrt *rt, int n, mval *a) { return check_symbol(rt, a[0])->name; }
static mval Fsubr_name(mrt *rt, int n, mval *a)
{
  if (!PVECP(a[0], PVEC_SUBR))
    wrong_type_argument(rt, intern(rt, "subrp"), a[0]);
  return check_symbol(rt, XSUBR(a[0])->name)->name;
}

static mval Fsymbol_function(mrt *rt, int n, mval *a) { return check_symbol(rt, a[0])->function; }
static mval Ffboundp(mrt *rt, int n, mval *a) { return bool_val(!NILP(check_symbol(rt, a[0])->function)); }

static mval Ffset(mrt *rt, int n, mval *a)
{
  struct symbol *s = check_symbol(rt, a[0]);
  if (NILP(a[0]) && !NILP(a[1]))
    xsignal1(rt, Qsetting_constant, a[0]);
  eval_note_fset(rt, a[0]);
  SYMBOL_SET(rt->gc, s, function, a[1]);
  return a[1];
}

static mval Ffmakunbound(mrt *rt, int n, mval *a)
{
  struct symbol *s = check_symbol(rt, a[0]);
  if (NILP(a[0]) || a[0] == Qt)
    xsignal1(rt, Qsetting_constant, a[0]);
  SYMBOL_SET(rt->gc, s, function, Qnil);
  return a[0];
}

/* Follows function cells through symbols.  The tortoise moves at half
   the hare's speed, so a cycle of aliases is found, not looped on.  As
   in Emacs 28, the error names the first alias, not OBJECT itself. */
static mval Findirect_function(mrt *rt, int n, mval *a)
{
  mval object = a[0];
  if (!SYMBOLP(object) || NILP(object))
    return object;
  object = XSYMBOL(rt, object)->function;
  mval hare = object, tortoise = object;
  for (;;) {
    if (!SYMBOLP(hare) || NILP(hare))
      return hare;
    hare = XSYMBOL(rt, hare)->function;
    if (!SYMBOLP(hare) || NILP(hare))
      return hare;
    hare = XSYMBOL(rt, hare)->function;
    tortoise = XSYMBOL(rt, tortoise)->function;
    if (hare == tortoise)
      xsignal1(rt, Qcyclic_function_indirection, object);
  }
}

static mval Fget(mrt *rt, int n, mval *a) { return plist_get(check_symbol(rt, a[0])->plist, a[1]); }

static mval Fput(mrt *rt, int n, mval *a)
{
  CHECK_SYMBOL(rt, a[0]);
  mval pl = plist_put(rt, XSYMBOL(rt, a[0])->plist, a[1], a[2]);
  SYMBOL_SET(rt->gc, XSYMBOL(rt, a[0]), plist, pl);
  return a[2];
}

static mval Fsymbol_plist(mrt *rt, int n, mval *a) { return check_symbol(rt, a[0])->plist; }

static mval Fsetplist(mrt *rt, int n, mval *a)
{
  SYMBOL_SET(rt->gc, check_symbol(rt, a[0]), plist, a[1]);
  return a[1];
}

/* ================================================================== */
/* Vectors and records                                                */
/* ================================================================== */

static mval Fmake_vector(mrt *rt, int n, mval *a)
{
  return make_vector(rt, (size_t)check_natnum(rt, a[0]), a[1]);
}

static mval Fvector(mrt *rt, int n, mval *a)
{
  return make_vector_from(rt, (size_t)n, a); /* A may be NULL when N is 0 */
}

static mval make_record(mrt *rt, mval type, int64_t nslots, mval init)
{
  if ((uint64_t)nslots >= VL_MAX_WORDS - 2)
    memory_full(rt);
  mval r = gc_vectorlike(rt->gc, PVEC_RECORD, (size_t)nslots + 2, (size_t)nslots + 1);
  gc_aset(rt->gc, r, 0, type);
  for (int64_t i = 1; i <= nslots; i++)
    gc_aset(rt->gc, r, i, init);
  return r;
}

/* Emacs's records share its pseudovector size field. */
enum { RECORD_MAX_SLOTS = 4095 };

static void check_record_slots(mrt *rt, int64_t slots)
{
  if (slots > RECORD_MAX_SLOTS)
    mrt_errorf(rt, "Attempt to allocate a record of %lld slots; max is %d", (long long)slots,
               RECORD_MAX_SLOTS);
}

static mval Frecord(mrt *rt, int n, mval *a)
{
  check_record_slots(rt, n);
  mval r = make_record(rt, a[0], n - 1, Qnil);
  memcpy(gc_written_slots(rt->gc, r) + 1, a + 1, (size_t)(n - 1) * sizeof(mval));
  return r;
}

static mval Fmake_record(mrt *rt, int n, mval *a)
{
  int64_t n_slots = check_natnum(rt, a[1]);
  check_record_slots(rt, n_slots + 1);
  return make_record(rt, a[0], n_slots, a[2]);
}

/* IDX, a slot of the vector-like V, or args-out-of-range. */
static int64_t check_slot_index(mrt *rt, mval v, mval idx)
{
  int64_t i = check_fixnum(rt, idx);
  if (i < 0 || i >= vl_length(v))
    args_out_of_range(rt, v, idx);
  return i;
}

/* The index of ARRAY[IDX] after checking both, as aref and aset do:
   the index first, so (aref 0 nil) names fixnump as in Emacs. */
static int64_t check_array_index(mrt *rt, mval array, mval idx)
{
  int64_t i = check_fixnum(rt, idx);
  CHECK_TYPE(rt, ARRAYP(array) || RECORDP(array), Qarrayp, array);
  int64_t len = STRINGP(array)        ? XSTRING(array)->nchars
                : BOOL_VECTOR_P(array) ? BOOL_VECTOR_LENGTH(array)
                                       : vl_length(array);
  if (i < 0 || i >= len)
    args_out_of_range(rt, array, idx);
  return i;
}

static mval Faref(mrt *rt, int n, mval *a)
{
  check_fixnum(rt, a[1]);
  if (CHAR_TABLE_P(a[0]))
    return chartab_ref(rt, a[0], a[1]);
  if (COMPILEDP(a[0])) /* aref only: aset wants an array */
    return AREF(a[0], check_slot_index(rt, a[0], a[1]));
  int64_t i = check_array_index(rt, a[0], a[1]);
  if (BOOL_VECTOR_P(a[0]))
    return bool_val(bool_vector_ref(a[0], i));
  return STRINGP(a[0]) ? make_fixnum(string_char_at(a[0], i)) : AREF(a[0], i);
}

static mval Faset(mrt *rt, int n, mval *a)
{
  check_fixnum(rt, a[1]);
  if (CHAR_TABLE_P(a[0])) {
    chartab_set(rt, a[0], a[1], a[2]);
    return a[2];
  }
  int64_t i = check_array_index(rt, a[0], a[1]);
  if (STRINGP(a[0]))
    string_set_char(rt, a[0], i, check_char(rt, a[2]));
  else if (BOOL_VECTOR_P(a[0]))
    bool_vector_set(a[0], i, !NILP(a[2]));
  else
    gc_aset(rt->gc, a[0], i, a[2]);
  return a[2];
}

static mval Ffillarray(mrt *rt, int n, mval *a)
{
  mval array = a[0];
  CHECK_TYPE(rt, ARRAYP(array), Qarrayp, array);
  if (VECTORP(array)) {
    for (int64_t i = 0; i < VECTOR_LENGTH(array); i++)
      gc_aset(rt->gc, array, i, a[1]);
    return array;
  }
  if (BOOL_VECTOR_P(array)) {
    for (int64_t i = 0; i < BOOL_VECTOR_LENGTH(array); i++)
      bool_vector_set(array, i, !NILP(a[1]));
    return array;
  }
  if (CHAR_TABLE_P(array)) {
    chartab_fill(rt, array, a[1]);
    return array;
  }
  return string_fill(rt, array, check_char(rt, a[1]));
}

static mval Fvconcat(mrt *rt, int n, mval *a)
{
  check_sequences(rt, n, a);
  int64_t total = 0;
  for (int i = 0; i < n; i++)
    total += sequence_length(rt, a[i]);
  mval v = make_vector(rt, (size_t)total, Qnil);
  int64_t k = 0;
  for (int i = 0; i < n; i++) {
    mval elts = sequence_to_vector(rt, a[i]);
    int64_t len = VECTOR_LENGTH(elts);
    if (k + len > total) /* a sequence grew meanwhile: cannot, but be safe */
      len = total - k;
    memcpy(gc_written_slots(rt->gc, v) + k, VECTOR_SLOTS(elts), (size_t)len * sizeof(mval));
    k += len;
  }
  return v;
}

/* ---- Bool-vectors ---- */

static mval Fmake_bool_vector(mrt *rt, int n, mval *a)
{
  return make_bool_vector(rt, (size_t)check_natnum(rt, a[0]), !NILP(a[1]));
}

static mval Fbool_vector(mrt *rt, int n, mval *a)
{
  mval v = make_bool_vector(rt, (size_t)n, false);
  for (int i = 0; i < n; i++)
    bool_vector_set(v, i, !NILP(a[i]));
  return v;
}

static mval check_bool_vector(mrt *rt, mval x)
{
  CHECK_TYPE(rt, BOOL_VECTOR_P(x), intern(rt, "bool-vector-p"), x);
  return x;
}

static int64_t bool_vector_nwords(mval v) { return bool_vector_words(BOOL_VECTOR_LENGTH(v)); }

static mval Fbool_vector_count_population(mrt *rt, int n, mval *a)
{
  mval v = check_bool_vector(rt, a[0]);
  int64_t count = 0;
  for (int64_t w = 0; w < bool_vector_nwords(v); w++)
    count += __builtin_popcountll(BOOL_VECTOR_BITS(v)[w]);
  return make_fixnum(count);
}

/* Signals unless the bool-vectors A, B (and C unless nil) have one
   length; the error data are the lengths, as in Emacs. */
static void check_same_lengths(mrt *rt, mval a, mval b, mval c)
{
  int64_t la = BOOL_VECTOR_LENGTH(check_bool_vector(rt, a));
  int64_t lb = BOOL_VECTOR_LENGTH(check_bool_vector(rt, b));
  int64_t lc = NILP(c) ? la : BOOL_VECTOR_LENGTH(check_bool_vector(rt, c));
  if (la != lb || la != lc) {
    mval lengths = list2(rt, make_fixnum(la), make_fixnum(lb));
    if (!NILP(c))
      lengths = list3(rt, make_fixnum(la), make_fixnum(lb), make_fixnum(lc));
    mrt_signal(rt, Qwrong_length_argument, lengths);
  }
}

enum bool_vector_op { BV_UNION, BV_INTERSECTION, BV_DIFFERENCE, BV_XOR };

static uint64_t bool_vector_word_op(enum bool_vector_op op, uint64_t x, uint64_t y)
{
  switch (op) {
  case BV_UNION: return x | y;
  case BV_INTERSECTION: return x & y;
  case BV_DIFFERENCE: return x & ~y;
  default: return x ^ y;
  }
}

/* A OP B into a new bool-vector, or into C: then C when that changed
   it, else nil. */
static mval bool_vector_set_op(mrt *rt, mval *a, enum bool_vector_op op)
{
  check_same_lengths(rt, a[0], a[1], a[2]);
  mval dest = NILP(a[2]) ? make_bool_vector(rt, (size_t)BOOL_VECTOR_LENGTH(a[0]), false) : a[2];
  bool changed = NILP(a[2]);
  for (int64_t w = 0; w < bool_vector_nwords(dest); w++) {
    uint64_t r = bool_vector_word_op(op, BOOL_VECTOR_BITS(a[0])[w], BOOL_VECTOR_BITS(a[1])[w]);
    changed |= BOOL_VECTOR_BITS(dest)[w] != r;
    BOOL_VECTOR_BITS(dest)[w] = r;
  }
  return changed ? dest : Qnil;
}

static mval Fbool_vector_union(mrt *rt, int n, mval *a) { return bool_vector_set_op(rt, a, BV_UNION); }
static mval Fbool_vector_intersection(mrt *rt, int n, mval *a)
{
  return bool_vector_set_op(rt, a, BV_INTERSECTION);
}
static mval Fbool_vector_set_difference(mrt *rt, int n, mval *a)
{
  return bool_vector_set_op(rt, a, BV_DIFFERENCE);
}
static mval Fbool_vector_exclusive_or(mrt *rt, int n, mval *a) { return bool_vector_set_op(rt, a, BV_XOR); }

/* (bool-vector-not A &optional B): the complement, into B if given. */
static mval Fbool_vector_not(mrt *rt, int n, mval *a)
{
  check_same_lengths(rt, a[0], NILP(a[1]) ? a[0] : a[1], Qnil);
  int64_t len = BOOL_VECTOR_LENGTH(a[0]);
  mval dest = NILP(a[1]) ? make_bool_vector(rt, (size_t)len, false) : a[1];
  for (int64_t i = 0; i < len; i++)
    bool_vector_set(dest, i, !bool_vector_ref(a[0], i));
  return dest;
}

/* (bool-vector-subsetp A B): every element set in A is set in B. */
static mval Fbool_vector_subsetp(mrt *rt, int n, mval *a)
{
  check_same_lengths(rt, a[0], a[1], a[1]);
  for (int64_t w = 0; w < bool_vector_nwords(a[0]); w++)
    if (BOOL_VECTOR_BITS(a[0])[w] & ~BOOL_VECTOR_BITS(a[1])[w])
      return Qnil;
  return Qt;
}

/* (bool-vector-count-consecutive A B I): how many elements equal to B
   follow from index I. */
static mval Fbool_vector_count_consecutive(mrt *rt, int n, mval *a)
{
  int64_t len = BOOL_VECTOR_LENGTH(check_bool_vector(rt, a[0]));
  int64_t i = check_fixnum(rt, a[2]);
  if (i < 0 || i > len)
    args_out_of_range(rt, a[0], a[2]);
  int64_t start = i;
  while (i < len && bool_vector_ref(a[0], i) == !NILP(a[1]))
    i++;
  return make_fixnum(i - start);
}

/* ================================================================== */
/* Registration                                                       */
/* ================================================================== */

static const struct subr_def data_subrs[] = {
  { "null", Fnull, 1, 1 },
  { "not", Fnull, 1, 1 },
  { "atom", Fatom, 1, 1 },
  { "consp", Fconsp, 1, 1 },
  { "listp", Flistp, 1, 1 },
  { "nlistp", Fnlistp, 1, 1 },
  { "symbolp", Fsymbolp, 1, 1 },
  { "keywordp", Fkeywordp, 1, 1 },
  { "stringp", Fstringp, 1, 1 },
  { "vectorp", Fvectorp, 1, 1 },
  { "arrayp", Farrayp, 1, 1 },
  { "sequencep", Fsequencep, 1, 1 },
  { "characterp", Fcharacterp, 1, 2 },
  { "booleanp", Fbooleanp, 1, 1 },
  { "char-or-string-p", Fchar_or_string_p, 1, 1 },
  { "subrp", Fsubrp, 1, 1 },
  { "subr-name", Fsubr_name, 1, 1 },
  { "recordp", Frecordp, 1, 1 },
  { "type-of", Ftype_of, 1, 1 },
  { "intern", Fintern, 1, 2 },
  { "intern-soft", Fintern_soft, 1, 2 },
  { "unintern", Funintern, 1, 2 },
  { "bool-vector-p", Fbool_vector_p, 1, 1 },
  { "make-bool-vector", Fmake_bool_vector, 2, 2 },
  { "bool-vector", Fbool_vector, 0, ARGS_MANY },
  { "bool-vector-count-population", Fbool_vector_count_population, 1, 1 },
  { "bool-vector-union", Fbool_vector_union, 2, 3 },
  { "bool-vector-intersection", Fbool_vector_intersection, 2, 3 },
  { "bool-vector-set-difference", Fbool_vector_set_difference, 2, 3 },
  { "bool-vector-exclusive-or", Fbool_vector_exclusive_or, 2, 3 },
  { "bool-vector-not", Fbool_vector_not, 1, 2 },
  { "bool-vector-subsetp", Fbool_vector_subsetp, 2, 2 },
  { "bool-vector-count-consecutive", Fbool_vector_count_consecutive, 3, 3 },
  { "mapatoms", Fmapatoms, 1, 2 },
  { "marrow--obarray-symbols", Fmarrow__obarray_symbols, 1, 1 },
  { "make-symbol", Fmake_symbol, 1, 1 },
  { "symbol-name", Fsymbol_name, 1, 1 },
  { "symbol-function", Fsymbol_function, 1, 1 },
  { "fboundp", Ffboundp, 1, 1 },
  { "fset", Ffset, 2, 2 },
  { "fmakunbound", Ffmakunbound, 1, 1 },
  { "indirect-function", Findirect_function, 1, 2 },
  { "get", Fget, 2, 2 },
  { "put", Fput, 3, 3 },
  { "symbol-plist", Fsymbol_plist, 1, 1 },
  { "setplist", Fsetplist, 2, 2 },
  { "make-vector", Fmake_vector, 2, 2 },
  { "vector", Fvector, 0, ARGS_MANY },
  { "record", Frecord, 1, ARGS_MANY },
  { "make-record", Fmake_record, 3, 3 },
  { "aref", Faref, 2, 2 },
  { "aset", Faset, 3, 3 },
  { "vconcat", Fvconcat, 0, ARGS_MANY },
  { "fillarray", Ffillarray, 2, 2 },
};

void data_init(mrt *rt)
{
  defsubrs(rt, data_subrs, sizeof data_subrs / sizeof data_subrs[0]);
  rt->initial_obarray = make_vector(rt, 1, make_fixnum(0));
  defvar(rt, Qobarray, rt->initial_obarray);
}
