/*
** runtime.c -- layer 4: the runtime object, signals, throws and the
** specpdl (dynamic bindings and unwind-protect).
*/
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "runtime.h"
#include "bignum.h"

_Thread_local mrt *mrt_current;

/* ================================================================== */
/* Roots                                                              */
/* ================================================================== */

static void mark_runtime_roots(struct gc *g, void *ud)
{
  mrt *rt = ud;
  for (size_t i = 0; i < rt->specpdl_depth; i++) {
    gc_mark(g, rt->specpdl[i].symbol);
    gc_mark(g, rt->specpdl[i].old);
    gc_mark(g, rt->specpdl[i].where);
  }
  for (struct handler *h = rt->handlers; h; h = h->prev) {
    gc_mark(g, h->tag);
    gc_mark(g, h->value);
    gc_mark(g, h->throw_tag);
  }
  gc_mark_array(g, rt->stack, rt->stack_top);
  gc_mark(g, rt->spare_bignum);
  gc_mark(g, rt->empty_vector);
  gc_mark(g, rt->empty_unibyte);
  gc_mark(g, rt->empty_multibyte);
  gc_mark(g, rt->locals);
  gc_mark(g, rt->processes);
  gc_mark(g, rt->intervals_seen);
  gc_mark(g, rt->intervals_vector);
  gc_mark(g, rt->memory_full_error);
  gc_mark(g, rt->initial_obarray);
}

/* ================================================================== */
/* Life cycle                                                         */
/* ================================================================== */

static void runtime_memory_full(struct gc *g, void *ud)
{
  (void)g;
  memory_full(ud);
}

static void make_empty_sequences(mrt *rt)
{
  rt->empty_vector = gc_vectorlike(rt->gc, PVEC_VECTOR, 1, 0);
  rt->empty_unibyte = gc_string(rt->gc, 0);
  rt->empty_multibyte = gc_string(rt->gc, 0);
  XSTRING(rt->empty_multibyte)->flags = STRING_MULTIBYTE;
}

/* Running out of memory this early is an error status for the host,
   not a signal: nothing above can catch one yet. */
static bool init_layer4(mrt *rt)
{
  struct handler h;
  handler_push(rt, &h, HANDLER_CATCH_ALL, Qnil);
  if (setjmp(h.jmp) != 0)
    return false;
  gc_inhibit(rt->gc, true); /* the builtin symbols are not yet rooted */
  bool ok = symbols_init(rt);
  make_empty_sequences(rt);
  rt->memory_full_error = list2(rt, Qerror, make_cstring(rt, MEMORY_FULL_MESSAGE));
  gc_inhibit(rt->gc, false);
  if (ok)
    bignum_init(rt);
  handler_pop(rt, &h);
  return ok;
}

mrt *runtime_open(const struct gc_config *cfg)
{
  struct gc_config defaults;
  if (!cfg) {
    gc_config_defaults(&defaults);
    cfg = &defaults;
  }
  mrt *rt = calloc(1, sizeof *rt);
  if (!rt)
    return NULL;
  rt->gc = gc_new(cfg);
  if (!rt->gc) {
    free(rt);
    return NULL;
  }
  rt->symtab = gc_symtab(rt->gc);
  rt->processes = Qnil;
  rt->intervals_seen = rt->intervals_vector = Qnil;
  rt->memory_full_error = Qnil;
  rt->max_specpdl_size = 100000;
  rt->specpdl_cap = 256;
  rt->specpdl = calloc(rt->specpdl_cap, sizeof *rt->specpdl);
  rt->stack_cap = 4096;
  rt->stack = calloc(rt->stack_cap, sizeof *rt->stack);
  if (!rt->specpdl || !rt->stack) {
    runtime_close(rt);
    return NULL;
  }
  mrt *prev = mrt_current;
  runtime_enter(rt);
  gc_set_memory_full_handler(rt->gc, runtime_memory_full, rt);
  gc_add_roots(rt->gc, mark_runtime_roots, rt);
  bool ok = init_layer4(rt);
  if (prev)
    mrt_current = prev;
  if (!ok) {
    runtime_close(rt);
    return NULL;
  }
  return rt;
}

void runtime_close(mrt *rt)
{
  if (!rt)
    return;
  if (rt->bignum)
    bignum_close(rt);
  if (rt->gc)
    gc_free(rt->gc);
  free(rt->obarray.buckets);
  free(rt->specpdl);
  free(rt->stack);
  if (mrt_current == rt)
    mrt_current = NULL;
  free(rt);
}

void runtime_enter(mrt *rt)
{
  mrt_current = rt;
  if (rt)
    gc_attach_thread(rt->gc);
}

/* ================================================================== */
/* Output                                                             */
/* ================================================================== */

void mrt_write_out(mrt *rt, const char *buf, size_t n)
{
  rt->message_needs_newline = !rt->write_out; /* batch Emacs's stdout and stderr */
  if (rt->write_out)
    rt->write_out(rt->write_ud, buf, n);
  else
    fwrite(buf, 1, n, stdout);
}

void mrt_write_err(mrt *rt, const char *buf, size_t n)
{
  if (rt->write_err)
    rt->write_err(rt->write_ud, buf, n);
  else
    fwrite(buf, 1, n, stderr);
}

/* ================================================================== */
/* The specpdl                                                        */
/* ================================================================== */

static struct specbinding *specpdl_push(mrt *rt)
{
  if (rt->specpdl_depth == rt->specpdl_cap) {
    if (rt->specpdl_cap >= rt->max_specpdl_size)
      xsignal1(rt, Qexcessive_variable_binding, Qnil);
    size_t cap = rt->specpdl_cap * 2;
    struct specbinding *p = realloc(rt->specpdl, cap * sizeof *p);
    if (!p)
      memory_full(rt);
    rt->specpdl = p;
    rt->specpdl_cap = cap;
  }
  struct specbinding *b = &rt->specpdl[rt->specpdl_depth];
  memset(b, 0, sizeof *b);
  b->symbol = Qnil;
  b->old = Qnil;
  b->where = Qnil;
  return b;
}

/* An alias, a constant, a buffer-local or a watched variable. */
static void specbind_redirected(mrt *rt, mval symbol, mval value)
{
  symbol = variable_base(rt, symbol);
  struct symbol *s = XSYMBOL(rt, symbol);
  if (s->constant)
    xsignal1(rt, Qsetting_constant, symbol);
  struct specbinding *b = specpdl_push(rt);
  b->kind = SPECPDL_LET;
  b->symbol = symbol;
  b->old = s->redirect == SYMBOL_COUNTED ? redirected_value(rt, symbol) : s->value;
  if (s->redirect == SYMBOL_LOCALIZED) {
    if (s->in_every_buffer) /* a let binds this buffer's own value */
      make_local_binding(rt, symbol);
    mval binding = local_binding(rt, symbol, rt->locals);
    b->kind = NILP(binding) ? SPECPDL_LET_DEFAULT : SPECPDL_LET_LOCAL;
    b->where = rt->locals;
    if (!NILP(binding))
      b->old = XCDR(binding);
  }
  rt->specpdl_depth++;
  set_internal(rt, symbol, value, Qnil, SET_BIND);
}

void specbind(mrt *rt, mval symbol, mval value)
{
  struct symbol *s = XSYMBOL(rt, symbol);
  if (__builtin_expect(s->redirect || s->constant || s->trapped_write, 0)) {
    specbind_redirected(rt, symbol, value);
    return;
  }
  struct specbinding *b = specpdl_push(rt);
  b->kind = SPECPDL_LET;
  b->symbol = symbol;
  b->old = s->value;
  rt->specpdl_depth++;
  symbol_store(rt->gc, s, value);
}

/* As Emacs: a buffer-local binding is restored in its buffer if it is
   still there; a variable made buffer-local during a plain let gets
   its default value back. */
static void unbind_redirected(mrt *rt, const struct specbinding *b)
{
  if (b->kind == SPECPDL_LET_LOCAL) {
    if (!NILP(local_binding(rt, b->symbol, b->where)))
      set_internal(rt, b->symbol, b->old, b->where, SET_UNBIND);
  } else if (b->kind == SPECPDL_LET_DEFAULT ||
             XSYMBOL(rt, b->symbol)->redirect == SYMBOL_LOCALIZED) {
    set_default(rt, b->symbol, b->old, SET_UNBIND);
  } else {
    set_internal(rt, b->symbol, b->old, Qnil, SET_UNBIND);
  }
}

void record_unwind(mrt *rt, void (*fn)(mrt *rt, mval arg), mval arg)
{
  struct specbinding *b = specpdl_push(rt);
  b->kind = SPECPDL_UNWIND;
  b->fn = fn;
  b->old = arg;
  rt->specpdl_depth++;
}

/* Each entry is popped before it runs, so a cleanup that signals does
   not run again when that signal unwinds past it. */
void unbind_to(mrt *rt, size_t depth)
{
  while (rt->specpdl_depth > depth) {
    struct specbinding b = rt->specpdl[--rt->specpdl_depth];
    struct symbol *s = XSYMBOL(rt, b.symbol);
    if (b.kind == SPECPDL_UNWIND)
      b.fn(rt, b.old);
    else if (b.kind == SPECPDL_LET && !s->redirect && !s->trapped_write)
      symbol_store(rt->gc, s, b.old);
    else
      unbind_redirected(rt, &b);
  }
}

void stack_reserve(mrt *rt, size_t n)
{
  if (rt->stack_top + n <= rt->stack_cap)
    return;
  size_t cap = rt->stack_cap;
  while (cap < rt->stack_top + n)
    cap *= 2;
  if (cap > ((size_t)1 << 24))
    xsignal1(rt, Qexcessive_lisp_nesting, make_fixnum(rt->lisp_eval_depth));
  mval *p = realloc(rt->stack, cap * sizeof *p);
  if (!p)
    memory_full(rt);
  rt->stack = p;
  rt->stack_cap = cap;
}

/* ================================================================== */
/* Handlers, throw and signal                                         */
/* ================================================================== */

void handler_push(mrt *rt, struct handler *h, enum handler_type type, mval tag)
{
  h->type = type;
  h->tag = tag;
  h->value = Qnil;
  h->is_signal = false;
  h->throw_tag = Qnil;
  h->prev = rt->handlers;
  h->specpdl_depth = rt->specpdl_depth;
  h->lisp_eval_depth = rt->lisp_eval_depth;
  h->stack_top = rt->stack_top;
  h->backtrace = rt->backtrace;
  rt->handlers = h;
}

void handler_pop(mrt *rt, struct handler *h)
{
  rt->handlers = h->prev;
}

/* Cleanups run with H as the innermost handler: a signal inside one
   searches from H down, which is where control is going anyway. */
static _Noreturn void unwind_to_handler(mrt *rt, struct handler *h, mval value)
{
  rt->handlers = h;
  h->value = value;
  unbind_to(rt, h->specpdl_depth);
  rt->handlers = h->prev;
  rt->lisp_eval_depth = h->lisp_eval_depth;
  rt->stack_top = h->stack_top;
  rt->backtrace = h->backtrace;
  longjmp(h->jmp, 1);
}

_Noreturn void mrt_throw(mrt *rt, mval tag, mval value)
{
  for (struct handler *h = rt->handlers; h; h = h->prev) {
    if (h->type == HANDLER_CATCH && h->tag == tag)
      unwind_to_handler(rt, h, value);
  }
  rt->killing = false; /* a host of layer 4 without the API's catch */
  xsignal2(rt, Qno_catch, tag, value);
}

bool error_has_condition(mrt *rt, mval error_symbol, mval condition)
{
  if (!SYMBOLP(error_symbol))
    return false;
  mval conds = get_prop(rt, error_symbol, Qerror_conditions);
  for (; CONSP(conds); conds = XCDR(conds))
    if (XCAR(conds) == condition)
      return true;
  return false;
}

mval condition_clause_matching(mrt *rt, mval tag, mval error_symbol)
{
  if (!VECTORP(tag))
    return condition_spec_matches(rt, tag, error_symbol) ? tag : Qunbound;
  for (int64_t i = 0; i < VECTOR_LENGTH(tag); i++)
    if (condition_spec_matches(rt, AREF(tag, i), error_symbol))
      return AREF(tag, i);
  return Qunbound;
}

bool condition_spec_matches(mrt *rt, mval spec, mval error_symbol)
{
  if (spec == Qt)
    return true;
  if (VECTORP(spec))
    return condition_clause_matching(rt, spec, error_symbol) != Qunbound;
  if (SYMBOLP(spec))
    return error_has_condition(rt, error_symbol, spec);
  for (; CONSP(spec); spec = XCDR(spec))
    if (XCAR(spec) == Qt || error_has_condition(rt, error_symbol, XCAR(spec)))
      return true;
  return false;
}

_Noreturn void mrt_signal(mrt *rt, mval error_symbol, mval data)
{
  if (rt->on_signal)
    rt->on_signal(rt, error_symbol, data);
  mrt_signal_object(rt, Fcons(rt, error_symbol, data));
}

_Noreturn void mrt_signal_object(mrt *rt, mval err)
{
  mval error_symbol = CONSP(err) ? XCAR(err) : Qnil;
  for (struct handler *h = rt->handlers; h; h = h->prev) {
    if (h->type == HANDLER_CATCH_ALL) {
      h->is_signal = true;
      unwind_to_handler(rt, h, err);
    }
    if (h->type == HANDLER_CONDITION_CASE && condition_spec_matches(rt, h->tag, error_symbol))
      unwind_to_handler(rt, h, err);
  }
  /* No handler at all: only a host that calls layer 4 directly gets
     here.  The API layer always establishes a catch-all. */
  fputs("marrow: uncaught signal outside any handler\n", stderr);
  _Exit(255);
}

mval runtime_protect(mrt *rt, mrt_thunk fn, const void *ud, bool *failed)
{
  struct handler h;
  volatile mval result = Qnil;
  handler_push(rt, &h, HANDLER_CATCH_ALL, Qnil);
  if (setjmp(h.jmp) == 0) {
    result = fn(rt, ud);
    handler_pop(rt, &h);
    *failed = false;
  } else {
    result = h.value;
    *failed = true;
  }
  return result;
}

_Noreturn void xsignal0(mrt *rt, mval err) { mrt_signal(rt, err, Qnil); }
_Noreturn void xsignal1(mrt *rt, mval err, mval a) { mrt_signal(rt, err, list1(rt, a)); }
_Noreturn void xsignal2(mrt *rt, mval err, mval a, mval b)
{
  mrt_signal(rt, err, list2(rt, a, b));
}
_Noreturn void xsignal3(mrt *rt, mval err, mval a, mval b, mval c)
{
  mrt_signal(rt, err, list3(rt, a, b, c));
}

_Noreturn void wrong_type_argument(mrt *rt, mval predicate, mval value)
{
  xsignal2(rt, Qwrong_type_argument, predicate, value);
}

_Noreturn void args_out_of_range(mrt *rt, mval a, mval b)
{
  xsignal2(rt, Qargs_out_of_range, a, b);
}

_Noreturn void mrt_error(mrt *rt, const char *msg)
{
  xsignal1(rt, Qerror, make_cstring(rt, msg));
}

_Noreturn void mrt_errorf(mrt *rt, const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  mrt_error(rt, buf);
}

/* As Emacs, (signal nil memory-signal-data): the error is the list
   itself, so signalling conses nothing, and no debugger runs (there is
   no room for one).  A value Lisp gave the variable that is no list
   cannot be signalled; the last good one is.  As in Emacs, the variable
   memory-full says t only when memory is really short, not when one
   large request failed while 16 KiB could still be had; a collection
   sets it back to nil. */
_Noreturn void memory_full(mrt *rt)
{
  if (!gc_can_spare(rt->gc, MEMORY_FULL_SPARE))
    symbol_store(rt->gc, XSYMBOL(rt, Qmemory_full), Qt);
  mval data = find_symbol_value(rt, Qmemory_signal_data);
  if (CONSP(data))
    rt->memory_full_error = data;
  mrt_signal_object(rt, rt->memory_full_error);
}

bool is_memory_full_error(mrt *rt, mval err)
{
  return CONSP(err) && err == rt->memory_full_error;
}

/* Appends X to the list from HEAD, whose last cons is *TAIL, unless
   the list holds it. */
static void add_condition(mrt *rt, mval head, mval *tail, mval x)
{
  for (mval c = head; CONSP(c); c = XCDR(c))
    if (XCAR(c) == x)
      return;
  gc_setcdr(rt->gc, *tail, Fcons(rt, x, Qnil));
  *tail = XCDR(*tail);
}

static void add_parent(mrt *rt, mval head, mval *tail, mval parent)
{
  add_condition(rt, head, tail, parent);
  for (mval c = get_prop(rt, parent, Qerror_conditions); CONSP(c); c = XCDR(c))
    add_condition(rt, head, tail, XCAR(c));
}

void define_error_object(mrt *rt, mval name, mval message, mval parents)
{
  mval conds = Fcons(rt, name, Qnil), tail = conds;
  if (CONSP(parents)) {
    for (mval l = parents; !NILP(l); l = XCDR(l)) {
      CHECK_LIST(rt, l);
      CHECK_SYMBOL(rt, XCAR(l));
      if (NILP(get_prop(rt, XCAR(l), Qerror_conditions)))
        mrt_errorf(rt, "Unknown signal \u2018%s\u2019", symbol_name(rt, XCAR(l)));
      add_parent(rt, conds, &tail, XCAR(l));
    }
  } else if (!NILP(parents)) { /* a lone parent need not be an error yet */
    CHECK_SYMBOL(rt, parents);
    add_parent(rt, conds, &tail, parents);
  }
  CHECK_SYMBOL(rt, name);
  put_prop(rt, name, Qerror_conditions, conds);
  if (!NILP(message)) /* no message of its own, as Emacs allows */
    put_prop(rt, name, Qerror_message, message);
}

void define_error(mrt *rt, mval name, const char *message, mval parents)
{
  define_error_object(rt, name, message ? make_cstring(rt, message) : Qnil, parents);
}

/* ================================================================== */
/* Constructors                                                       */
/* ================================================================== */

int64_t utf8_count_chars(const uint8_t *s, size_t n, bool *multibyte)
{
  int64_t count = 0;
  bool mb = false;
  for (size_t i = 0; i < n; i++) {
    mb |= s[i] >= 0x80;
    count += (s[i] & 0xC0) != 0x80;
  }
  if (multibyte)
    *multibyte = mb;
  return count;
}

mval make_string(mrt *rt, const char *s, size_t nbytes)
{
  if (nbytes == 0)
    return rt->empty_unibyte;
  mval str = gc_string(rt->gc, nbytes);
  struct string *p = XSTRING(str);
  if (nbytes)
    memcpy(p->data, s, nbytes);
  bool mb;
  p->nchars = utf8_count_chars(p->data, nbytes, &mb);
  p->flags = mb ? STRING_MULTIBYTE : 0;
  return str;
}

mval make_cstring(mrt *rt, const char *s) { return make_string(rt, s, strlen(s)); }

mval make_vector(mrt *rt, size_t n, mval init)
{
  if (n > VL_MAX_WORDS - 1)
    memory_full(rt);
  if (n == 0)
    return rt->empty_vector;
  return gc_vectorlike_fill(rt->gc, PVEC_VECTOR, n + 1, n, init);
}

mval make_vector_from(mrt *rt, size_t n, const mval *src)
{
  if (n > VL_MAX_WORDS - 1)
    memory_full(rt);
  if (n == 0)
    return rt->empty_vector;
  return gc_vectorlike_copy(rt->gc, PVEC_VECTOR, n + 1, n, src);
}

mval make_bool_vector(mrt *rt, size_t nbits, bool init)
{
  if (nbits / 64 > VL_MAX_WORDS - 3)
    memory_full(rt);
  size_t words = (size_t)bool_vector_words((int64_t)nbits);
  mval v = gc_vectorlike(rt->gc, PVEC_BOOL_VECTOR, words + 2, 0); /* zeroed */
  VL_RAW(v)[0] = nbits;
  if (init && words) {
    memset(BOOL_VECTOR_BITS(v), 0xff, words * 8);
    if (nbits % 64)
      BOOL_VECTOR_BITS(v)[words - 1] = (UINT64_C(1) << (nbits % 64)) - 1;
  }
  return v;
}

mval list1(mrt *rt, mval a) { return Fcons(rt, a, Qnil); }
mval list2(mrt *rt, mval a, mval b) { return Fcons(rt, a, list1(rt, b)); }
mval list3(mrt *rt, mval a, mval b, mval c) { return Fcons(rt, a, list2(rt, b, c)); }
mval list4(mrt *rt, mval a, mval b, mval c, mval d)
{
  return Fcons(rt, a, list3(rt, b, c, d));
}

mval listn(mrt *rt, size_t n, const mval *v)
{
  mval r = Qnil;
  while (n > 0)
    r = Fcons(rt, v[--n], r);
  return r;
}
