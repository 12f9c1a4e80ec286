/*
** symbol.c -- layer 4: the obarray, interning, property lists and the
** definition of primitives.
**
** Interned symbols are chained in a hash table of buckets (the obarray)
** and flagged `interned`, which makes the collector treat them as
** roots.  Symbols made with make-symbol are ordinary garbage.
*/
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "runtime.h"
#include "bignum.h"

static const char *const builtin_names[] = {
#define SYM(cname, lname) lname,
#include "symbols.def"
#undef SYM
};

static uint64_t hash_bytes(const char *s, size_t n)
{
  uint64_t h = 1469598103934665603u; /* FNV-1a */
  for (size_t i = 0; i < n; i++)
    h = (h ^ (uint8_t)s[i]) * 1099511628211u;
  return h;
}

static void obarray_grow(mrt *rt)
{
  struct obarray *ob = &rt->obarray;
  size_t n = ob->nbuckets ? ob->nbuckets * 2 : 1024;
  struct symbol **b = calloc(n, sizeof *b);
  if (!b)
    memory_full(rt);
  for (size_t i = 0; i < ob->nbuckets; i++) {
    struct symbol *s = ob->buckets[i];
    while (s) {
      struct symbol *next = s->next_in_bucket;
      struct string *name = XSTRING(s->name);
      size_t j = hash_bytes((char *)name->data, (size_t)name->nbytes) & (n - 1);
      s->next_in_bucket = b[j];
      b[j] = s;
      s = next;
    }
  }
  free(ob->buckets);
  ob->buckets = b;
  ob->nbuckets = n;
}

static struct symbol *obarray_lookup(mrt *rt, const char *name, size_t len, size_t *bucket)
{
  struct obarray *ob = &rt->obarray;
  if (!ob->nbuckets)
    obarray_grow(rt);
  *bucket = hash_bytes(name, len) & (ob->nbuckets - 1);
  for (struct symbol *s = ob->buckets[*bucket]; s; s = s->next_in_bucket) {
    struct string *n = XSTRING(s->name);
    if ((size_t)n->nbytes == len && memcmp(n->data, name, len) == 0)
      return s;
  }
  return NULL;
}

static void init_symbol(mrt *rt, mval sym, mval name)
{
  struct symbol *s = XSYMBOL(rt, sym);
  SYMBOL_SET(rt->gc, s, name, name);
  symbol_store(rt->gc, s, Qunbound);
  SYMBOL_SET(rt->gc, s, function, Qnil);
  SYMBOL_SET(rt->gc, s, plist, Qnil);
}

/* NAME is a string already holding the name, or Qnil to copy NAME_C. */
static mval intern_common(mrt *rt, const char *name_c, size_t len, mval name)
{
  size_t bucket;
  struct symbol *found = obarray_lookup(rt, name_c, len, &bucket);
  if (found)
    return MAKE_SYMBOL(found->index);
  if (NILP(name))
    name = make_string(rt, name_c, len);
  mval sym = gc_symbol(rt->gc);
  init_symbol(rt, sym, name);
  struct symbol *s = XSYMBOL(rt, sym);
  s->interned = 1;
  if (len > 0 && name_c[0] == ':') {
    symbol_store(rt->gc, s, sym);
    s->constant = 1;
  }
  /* The bucket may have moved if allocation grew nothing; recompute. */
  struct obarray *ob = &rt->obarray;
  if (ob->count >= ob->nbuckets)
    obarray_grow(rt);
  bucket = hash_bytes(name_c, len) & (ob->nbuckets - 1);
  s->next_in_bucket = ob->buckets[bucket];
  ob->buckets[bucket] = s;
  ob->count++;
  return sym;
}

mval intern_len(mrt *rt, const char *name, size_t len)
{
  return intern_common(rt, name, len, Qnil);
}

mval intern(mrt *rt, const char *name) { return intern_len(rt, name, strlen(name)); }

mval intern_string(mrt *rt, mval string)
{
  struct string *s = XSTRING(string);
  return intern_common(rt, (const char *)s->data, (size_t)s->nbytes, string);
}

mval intern_soft(mrt *rt, const char *name, size_t len)
{
  size_t bucket;
  struct symbol *s = obarray_lookup(rt, name, len, &bucket);
  return s ? MAKE_SYMBOL(s->index) : Qunbound;
}

bool obarray_remove(mrt *rt, mval sym)
{
  struct obarray *ob = &rt->obarray;
  struct symbol *target = XSYMBOL(rt, sym);
  struct string *name = XSTRING(target->name);
  if (!ob->nbuckets || !target->interned)
    return false;
  size_t bucket = hash_bytes((const char *)name->data, (size_t)name->nbytes) & (ob->nbuckets - 1);
  for (struct symbol **link = &ob->buckets[bucket]; *link; link = &(*link)->next_in_bucket)
    if (*link == target) {
      *link = target->next_in_bucket;
      target->next_in_bucket = NULL;
      target->interned = 0;
      ob->count--;
      return true;
    }
  return false;
}

size_t obarray_symbols(mrt *rt, mval *out, size_t max)
{
  struct obarray *ob = &rt->obarray;
  size_t n = 0;
  for (size_t i = 0; i < ob->nbuckets; i++)
    for (struct symbol *s = ob->buckets[i]; s; s = s->next_in_bucket, n++)
      if (n < max)
        out[n] = MAKE_SYMBOL(s->index);
  return n;
}

mval make_symbol(mrt *rt, mval name)
{
  mval sym = gc_symbol(rt->gc);
  init_symbol(rt, sym, name);
  return sym;
}

const char *symbol_name(mrt *rt, mval sym)
{
  return (const char *)XSTRING(XSYMBOL(rt, sym)->name)->data;
}

bool keywordp(mrt *rt, mval x)
{
  if (!SYMBOLP(x))
    return false;
  struct symbol *s = XSYMBOL(rt, x);
  return s->interned && XSTRING(s->name)->nbytes > 0 && XSTRING(s->name)->data[0] == ':';
}

/* The builtin symbols must get indices 0, 1, 2... in symbols.def
   order: the collector hands out indices in allocation order in a
   fresh runtime.  False if they did not (symbols.def lists a name
   twice): then Qfoo constants would name the wrong symbols. */
bool symbols_init(mrt *rt)
{
  size_t n = sizeof builtin_names / sizeof builtin_names[0];
  for (size_t i = 0; i < n; i++) {
    mval sym = intern(rt, builtin_names[i]);
    if (sym != MAKE_SYMBOL(i)) {
      fprintf(stderr, "marrow: builtin symbol %s got index %llu, not %zu\n",
              builtin_names[i], (unsigned long long)SYMBOL_INDEX(sym), i);
      return false;
    }
  }
  struct symbol *nil = XSYMBOL(rt, Qnil), *t = XSYMBOL(rt, Qt);
  SYMBOL_SET(rt->gc, nil, value, Qnil);
  nil->constant = 1;
  nil->special = SYMBOL_SPECIAL;
  SYMBOL_SET(rt->gc, t, value, Qt);
  t->constant = 1;
  t->special = SYMBOL_SPECIAL;
  return true;
}

/* ================================================================== */
/* Values and properties                                              */
/* ================================================================== */

/* As in Emacs, defvaralias may close a cycle; using it signals.  The
   tortoise moves at half the hare's speed, so a cycle is found. */
mval variable_base(mrt *rt, mval sym)
{
  mval hare = sym, tortoise = sym;
  for (;;) {
    if (XSYMBOL(rt, hare)->redirect != SYMBOL_VARALIAS)
      return hare;
    hare = XSYMBOL(rt, hare)->value;
    if (XSYMBOL(rt, hare)->redirect != SYMBOL_VARALIAS)
      return hare;
    hare = XSYMBOL(rt, hare)->value;
    tortoise = XSYMBOL(rt, tortoise)->value;
    if (hare == tortoise)
      xsignal1(rt, Qcyclic_variable_indirection, sym);
  }
}

mval local_binding(mrt *rt, mval base, mval locals)
{
  if (!CONSP(locals))
    return Qnil;
  for (mval l = XCDR(locals); CONSP(l); l = XCDR(l))
    if (XCAR(XCAR(l)) == base)
      return XCAR(l);
  return Qnil;
}

static void add_local_binding(mrt *rt, mval locals, mval base, mval v)
{
  mval alist = Fcons(rt, Fcons(rt, base, v), XCDR(locals));
  gc_setcdr(rt->gc, locals, alist);
}

/* ---- Counted variables ---- */

static struct counted_variable *counted_variable(mrt *rt, mval base)
{
  for (int i = 0; i < rt->ncounted; i++)
    if (rt->counted[i].symbol == base)
      return &rt->counted[i];
  abort(); /* SYMBOL_COUNTED is set by defvar_counted only */
}

static mval counted_value(mrt *rt, mval base)
{
  struct counted_variable *c = counted_variable(rt, base);
  mval v = make_int(rt, (int64_t)c->count(rt) + c->offset);
  symbol_store(rt->gc, XSYMBOL(rt, base), v);
  return v;
}

/* As Emacs stores an integer into a C variable: other values are
   refused, and the count goes on from the value set. */
static void set_counted(mrt *rt, mval base, mval v)
{
  if (!INTEGERP(v))
    xsignal2(rt, Qwrong_type_argument, Qintegerp, v == Qunbound ? Qnil : v);
  if (!FIXNUMP(v))
    xsignal1(rt, Qoverflow_error, v);
  struct counted_variable *c = counted_variable(rt, base);
  c->offset = XFIXNUM(v) - (int64_t)c->count(rt);
  symbol_store(rt->gc, XSYMBOL(rt, base), v);
}

void defvar_counted(mrt *rt, mval sym, variable_count_fn count)
{
  if (rt->ncounted == (int)(sizeof rt->counted / sizeof rt->counted[0]))
    abort(); /* a fixed table: a new counter needs a bigger one */
  rt->counted[rt->ncounted++] = (struct counted_variable){sym, count, 0};
  defvar(rt, sym, make_int(rt, (int64_t)count(rt)));
  XSYMBOL(rt, sym)->redirect = SYMBOL_COUNTED;
}

mval redirected_value(mrt *rt, mval sym)
{
  mval base = variable_base(rt, sym);
  struct symbol *s = XSYMBOL(rt, base);
  if (s->redirect == SYMBOL_COUNTED)
    return counted_value(rt, base);
  if (s->redirect == SYMBOL_LOCALIZED) {
    mval binding = local_binding(rt, base, rt->locals);
    if (!NILP(binding))
      return XCDR(binding);
  }
  return symbol_fetch(s);
}

mval symbol_value(mrt *rt, mval sym)
{
  struct symbol *s = XSYMBOL(rt, sym);
  mval v = s->redirect ? redirected_value(rt, sym) : symbol_fetch(s);
  if (v == Qunbound)
    xsignal1(rt, Qvoid_variable, sym);
  return v;
}

/* Whether BASE may not be set to V; (setq :k :k) is allowed and does
   nothing. */
static bool refuse_write(mrt *rt, mval base, mval v)
{
  if (!XSYMBOL(rt, base)->constant)
    return false;
  if (v == base && keywordp(rt, base))
    return true;
  xsignal1(rt, Qsetting_constant, base);
}

static mval watched_operation(enum set_kind kind, mval v)
{
  return kind == SET_BIND     ? Qlet
         : kind == SET_UNBIND ? Qunlet
         : v == Qunbound      ? Qmakunbound
                              : Qset;
}

static mval locals_buffer(mval locals) { return CONSP(locals) ? XCAR(locals) : Qnil; }

static mval checked_value(mrt *rt, mval base, mval v, bool of_default)
{
  if (!XSYMBOL(rt, base)->checked || v == Qunbound || !rt->on_checked_write)
    return v;
  return rt->on_checked_write(rt, base, v, of_default);
}

void set_internal(mrt *rt, mval sym, mval v, mval where, enum set_kind kind)
{
  mval base = variable_base(rt, sym);
  struct symbol *s = XSYMBOL(rt, base);
  if (refuse_write(rt, base, v))
    return;
  notify_watchers(rt, base, v == Qunbound ? Qnil : v, watched_operation(kind, v),
                  locals_buffer(where));
  if (s->redirect != SYMBOL_LOCALIZED) {
    v = checked_value(rt, base, v, false);
    if (s->redirect == SYMBOL_COUNTED)
      set_counted(rt, base, v);
    else
      symbol_store(rt->gc, s, v);
    return;
  }
  mval locals = NILP(where) ? rt->locals : where;
  mval binding = local_binding(rt, base, locals);
  if (!NILP(binding))
    gc_setcdr(rt->gc, binding, checked_value(rt, base, v, false));
  else if (kind == SET_SET && s->local_if_set && CONSP(locals) &&
           !let_shadows_buffer_binding(rt, base))
    add_local_binding(rt, locals, base, checked_value(rt, base, v, false));
  else /* A let of a variable not local here binds its default, which
          Emacs does not check: (let ((overwrite-mode 1)) ...). */
    symbol_store(rt->gc, s, checked_value(rt, base, v, kind != SET_SET));
}

void set_symbol_value(mrt *rt, mval sym, mval v)
{
  struct symbol *s = XSYMBOL(rt, sym);
  if (__builtin_expect(s->redirect || s->constant || s->trapped_write, 0))
    set_internal(rt, sym, v, Qnil, SET_SET);
  else
    symbol_store(rt->gc, s, v);
}

mval default_value(mrt *rt, mval sym)
{
  mval base = variable_base(rt, sym);
  struct symbol *s = XSYMBOL(rt, base);
  return s->redirect == SYMBOL_COUNTED ? counted_value(rt, base) : symbol_fetch(s);
}

void set_default(mrt *rt, mval sym, mval v, enum set_kind kind)
{
  mval base = variable_base(rt, sym);
  struct symbol *s = XSYMBOL(rt, base);
  if (s->redirect != SYMBOL_LOCALIZED) {
    set_internal(rt, base, v, Qnil, kind);
    return;
  }
  notify_watchers(rt, base, v, Qset_default, Qnil);
  symbol_store(rt->gc, s, checked_value(rt, base, v, true));
}

void localize_variable(mrt *rt, mval base)
{
  struct symbol *s = XSYMBOL(rt, base);
  /* The evaluator's in-place update is for plain values only. */
  symbol_fetch(s);
  s->redirect = SYMBOL_LOCALIZED;
}

void make_local_binding(mrt *rt, mval base)
{
  localize_variable(rt, base);
  if (CONSP(rt->locals) && NILP(local_binding(rt, base, rt->locals)))
    add_local_binding(rt, rt->locals, base, XSYMBOL(rt, base)->value);
}

bool let_shadows_buffer_binding(mrt *rt, mval base)
{
  for (size_t i = rt->specpdl_depth; i-- > 0;) {
    const struct specbinding *b = &rt->specpdl[i];
    if ((b->kind == SPECPDL_LET_LOCAL || b->kind == SPECPDL_LET_DEFAULT) &&
        b->symbol == base && b->where == rt->locals)
      return true;
  }
  return false;
}

mval get_prop(mrt *rt, mval sym, mval prop)
{
  mval pl = XSYMBOL(rt, sym)->plist;
  for (; CONSP(pl) && CONSP(XCDR(pl)); pl = XCDR(XCDR(pl)))
    if (XCAR(pl) == prop)
      return XCAR(XCDR(pl));
  return Qnil;
}

void put_prop(mrt *rt, mval sym, mval prop, mval val)
{
  struct symbol *s = XSYMBOL(rt, sym);
  for (mval pl = s->plist; CONSP(pl) && CONSP(XCDR(pl)); pl = XCDR(XCDR(pl)))
    if (XCAR(pl) == prop) {
      gc_setcar(rt->gc, XCDR(pl), val);
      return;
    }
  mval cell = Fcons(rt, prop, Fcons(rt, val, Qnil));
  gc_setcdr(rt->gc, XCDR(cell), s->plist);
  SYMBOL_SET(rt->gc, s, plist, cell);
}

void defvar(mrt *rt, mval sym, mval value)
{
  struct symbol *s = XSYMBOL(rt, sym);
  s->special = SYMBOL_SPECIAL;
  symbol_store(rt->gc, s, value);
}

/* ================================================================== */
/* Primitives                                                         */
/* ================================================================== */

mval make_subr(mrt *rt, mval name, subr_fn fn, subr_fn_data fnd, void *data,
               int min_args, int max_args)
{
  size_t words = (sizeof(struct subr) + 7) / 8;
  mval v = gc_vectorlike(rt->gc, PVEC_SUBR, words, 1);
  struct subr *s = XSUBR(v);
  s->name = name;
  s->fn = fn;
  s->fn_data = fnd;
  s->data = data;
  s->min_args = min_args;
  s->max_args = max_args;
  return v;
}

void defsubrs(mrt *rt, const struct subr_def *defs, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    mval sym = intern(rt, defs[i].name);
    mval subr = make_subr(rt, sym, defs[i].fn, NULL, NULL, defs[i].min_args, defs[i].max_args);
    SYMBOL_SET(rt->gc, XSYMBOL(rt, sym), function, subr);
  }
}
