/*
** variables.c -- layer 5: the primitives of variables: values, default
** values, buffer-local bindings and variable watchers.
**
** Hooks are run here too, as Emacs's eval.c runs them (add-hook and
** remove-hook are Lisp, in subr.el).
**
** The bindings themselves are layer 4's (runtime.h, "Variables"):
** a SYMBOL_LOCALIZED symbol's value cell is its default value, and
** each buffer's locals cons (BUFFER . ALIST) holds its bindings, the
** newest first.  This module adds what Emacs 28's data.c and buffer.c
** say of them, and runs the watchers layer 4 calls before a write.
**
** Invariants of this module:
**   - A symbol's trapped_write flag is set while its `watchers'
**     property may hold functions, and only on a base variable (not on
**     an alias): writes through an alias reach the base's watchers.
**   - While a variable's watchers run, its flag is clear, so a watcher
**     that sets the variable does not call them again.
**
** Known differences from Emacs 28:
**   - No variable forwards into C: the variables Emacs keeps in every
**     buffer's own slots (case-fold-search, fill-column, ...) are
**     buffer-local when set, as make-variable-buffer-local makes them,
**     and only those buffer.c lists appear in every buffer.
*/
#include "config.h"

#include <string.h>

#include "variables.h"
#include "buffer.h"
#include "eval.h"
#include "fns.h"
#include "load.h"

static mval bool_val(bool b) { return b ? Qt : Qnil; }

static mval check_symbol(mrt *rt, mval x)
{
  CHECK_SYMBOL(rt, x);
  return x;
}

/* The base variable of SYMBOL (no alias), after checking it is one. */
static mval base_of(mrt *rt, mval symbol)
{
  return variable_base(rt, check_symbol(rt, symbol));
}

static bool localized(mrt *rt, mval base) { return XSYMBOL(rt, base)->redirect == SYMBOL_LOCALIZED; }

static mval locals_of(mrt *rt, mval buffer) { return XBUFFER(buffer_or_current(rt, buffer))->locals; }

/* ================================================================== */
/* Values                                                             */
/* ================================================================== */

static mval Fsymbol_value(mrt *rt, int n, mval *a) { return symbol_value(rt, check_symbol(rt, a[0])); }

static mval Fset(mrt *rt, int n, mval *a)
{
  set_internal(rt, check_symbol(rt, a[0]), a[1], Qnil, SET_SET);
  return a[1];
}

static mval Fboundp(mrt *rt, int n, mval *a)
{
  return bool_val(find_symbol_value(rt, check_symbol(rt, a[0])) != Qunbound);
}

static mval Fmakunbound(mrt *rt, int n, mval *a)
{
  if (XSYMBOL(rt, check_symbol(rt, a[0]))->constant)
    xsignal1(rt, Qsetting_constant, a[0]);
  set_internal(rt, a[0], Qunbound, Qnil, SET_SET);
  return a[0];
}

static mval Fdefault_value(mrt *rt, int n, mval *a)
{
  mval v = default_value(rt, check_symbol(rt, a[0]));
  if (v == Qunbound)
    xsignal1(rt, Qvoid_variable, a[0]);
  return v;
}

static mval Fdefault_boundp(mrt *rt, int n, mval *a)
{
  return bool_val(default_value(rt, check_symbol(rt, a[0])) != Qunbound);
}

/* A variable every buffer has keeps its value in the buffers that saw
   the old default. */
static mval Fset_default(mrt *rt, int n, mval *a)
{
  mval base = base_of(rt, a[0]);
  if (XSYMBOL(rt, base)->in_every_buffer)
    buffer_materialize(rt, base);
  set_default(rt, a[0], a[1], SET_SET);
  return a[1];
}

/* The outermost let of BASE's default value, or NULL. */
static struct specbinding *toplevel_binding(mrt *rt, mval base)
{
  for (size_t i = 0; i < rt->specpdl_depth; i++) {
    struct specbinding *b = &rt->specpdl[i];
    if ((b->kind == SPECPDL_LET || b->kind == SPECPDL_LET_DEFAULT) && b->symbol == base)
      return b;
  }
  return NULL;
}

/* (default-toplevel-value SYMBOL): its default value outside every let. */
static mval Fdefault_toplevel_value(mrt *rt, int n, mval *a)
{
  struct specbinding *b = toplevel_binding(rt, base_of(rt, a[0]));
  mval v = b ? b->old : default_value(rt, a[0]);
  if (v == Qunbound)
    xsignal1(rt, Qvoid_variable, a[0]);
  return v;
}

static mval Fset_default_toplevel_value(mrt *rt, int n, mval *a)
{
  struct specbinding *b = toplevel_binding(rt, base_of(rt, a[0]));
  if (b)
    b->old = a[1]; /* the specpdl is a root, outside the heap */
  else
    set_default(rt, a[0], a[1], SET_SET);
  return Qnil;
}

/* (indirect-variable OBJECT) */
static mval Findirect_variable(mrt *rt, int n, mval *a)
{
  return SYMBOLP(a[0]) ? variable_base(rt, a[0]) : a[0];
}

static bool let_bound(mrt *rt, mval symbol)
{
  for (size_t i = 0; i < rt->specpdl_depth; i++)
    if (rt->specpdl[i].kind != SPECPDL_UNWIND && rt->specpdl[i].symbol == symbol)
      return true;
  return false;
}

/* (error MESSAGE), its quotes styled as in Emacs's errors from C. */
static _Noreturn void styled_error(mrt *rt, const char *message)
{
  xsignal1(rt, Qerror, call1(rt, intern(rt, "format-message"), make_cstring(rt, message)));
}

static void check_aliasable(mrt *rt, mval alias)
{
  struct symbol *s = XSYMBOL(rt, alias);
  if (s->constant)
    mrt_error(rt, "Cannot make a constant an alias");
  if (s->redirect == SYMBOL_LOCALIZED)
    styled_error(rt, "Don't know how to make a localized variable an alias");
  if (let_bound(rt, alias))
    styled_error(rt, "Don't know how to make a let-bound variable an alias");
}

/* Emacs's warning when an alias hides the value its variable had. */
static void warn_losing_value(mrt *rt, mval alias, mval base)
{
  mval type = list3(rt, Qdefvaralias, intern(rt, "losing-value"), alias);
  mval text = call3(rt, intern(rt, "format-message"),
                    make_cstring(rt, "Overwriting value of `%s' by aliasing to `%s'"), alias, base);
  call2(rt, intern(rt, "display-warning"), type, text);
}

/* (defvaralias NEW-ALIAS BASE-VARIABLE &optional DOCSTRING) as Emacs:
   both become special, and a value NEW-ALIAS had passes to an unbound
   BASE-VARIABLE. */
static mval Fdefvaralias(mrt *rt, int n, mval *a)
{
  mval alias = check_symbol(rt, a[0]), base = check_symbol(rt, a[1]);
  struct symbol *s = XSYMBOL(rt, alias);
  check_aliasable(rt, alias);
  mval alias_value = find_symbol_value(rt, alias), base_value = find_symbol_value(rt, base);
  if (base_value == Qunbound)
    set_internal(rt, base, alias_value, Qnil, SET_BIND);
  else if (alias_value != Qunbound && alias_value != base_value)
    warn_losing_value(rt, alias, base);
  notify_watchers(rt, alias, base, Qdefvaralias, Qnil);
  eval_make_special(rt, variable_base(rt, base));
  eval_make_special(rt, alias);
  s->redirect = SYMBOL_VARALIAS;
  symbol_store(rt->gc, s, base);
  s->trapped_write = XSYMBOL(rt, base)->trapped_write;
  SYMBOL_SET(rt->gc, s, plist, plist_put(rt, s->plist, Qvariable_documentation, a[2]));
  load_history_attach(rt, alias);
  return base;
}

/* ================================================================== */
/* Buffer-local bindings                                              */
/* ================================================================== */

static mval Fmake_variable_buffer_local(mrt *rt, int n, mval *a)
{
  mval base = base_of(rt, a[0]);
  struct symbol *s = XSYMBOL(rt, base);
  if (s->constant)
    xsignal1(rt, Qsetting_constant, a[0]);
  if (!localized(rt, base) && s->value == Qunbound)
    symbol_store(rt->gc, s, Qnil);
  localize_variable(rt, base);
  s->local_if_set = 1;
  return a[0];
}

static mval Fmake_local_variable(mrt *rt, int n, mval *a)
{
  mval base = base_of(rt, a[0]);
  struct symbol *s = XSYMBOL(rt, base);
  if (s->constant)
    xsignal1(rt, Qsetting_constant, a[0]);
  if (localized(rt, base) && s->local_if_set) {
    /* A binding as setting it makes, with the value it has. */
    set_internal(rt, base, find_symbol_value(rt, base), Qnil, SET_SET);
    return a[0];
  }
  if (localized(rt, base) && NILP(local_binding(rt, base, rt->locals)) &&
      let_shadows_buffer_binding(rt, base))
    call2(rt, intern(rt, "message"),
          make_cstring(rt, "Making %s buffer-local while locally let-bound!"), XSYMBOL(rt, base)->name);
  make_local_binding(rt, base);
  return a[0];
}

static mval Fkill_local_variable(mrt *rt, int n, mval *a)
{
  mval base = base_of(rt, a[0]);
  if (!localized(rt, base) || XSYMBOL(rt, base)->in_every_buffer)
    return a[0];
  notify_watchers(rt, base, Qnil, Qmakunbound, current_buffer(rt));
  mval binding = local_binding(rt, base, rt->locals);
  if (!NILP(binding))
    gc_setcdr(rt->gc, rt->locals, list_delq(rt, binding, XCDR(rt->locals)));
  return a[0];
}

static mval Flocal_variable_p(mrt *rt, int n, mval *a)
{
  mval base = base_of(rt, a[0]);
  mval locals = locals_of(rt, a[1]);
  return bool_val(localized(rt, base) &&
                  (XSYMBOL(rt, base)->in_every_buffer || !NILP(local_binding(rt, base, locals))));
}

static mval Flocal_variable_if_set_p(mrt *rt, int n, mval *a)
{
  mval base = base_of(rt, a[0]);
  if (localized(rt, base) && XSYMBOL(rt, base)->local_if_set)
    return Qt;
  return Flocal_variable_p(rt, n, a);
}

/* The buffer whose binding of VARIABLE is current, or nil. */
static mval Fvariable_binding_locus(mrt *rt, int n, mval *a)
{
  mval base = base_of(rt, a[0]);
  if (localized(rt, base) && !NILP(local_binding(rt, base, rt->locals)))
    return current_buffer(rt);
  return Qnil;
}

static mval buffer_value(mrt *rt, mval base, mval buffer)
{
  CHECK_TYPE(rt, BUFFERP(buffer), Qbufferp, buffer);
  mval binding = localized(rt, base) ? local_binding(rt, base, XBUFFER(buffer)->locals) : Qnil;
  return NILP(binding) ? default_value(rt, base) : XCDR(binding);
}

static mval Fbuffer_local_value(mrt *rt, int n, mval *a)
{
  mval v = buffer_value(rt, base_of(rt, a[0]), a[1]);
  if (v == Qunbound)
    xsignal1(rt, Qvoid_variable, a[0]);
  return v;
}

static mval local_entry(mrt *rt, mval symbol, mval value)
{
  return value == Qunbound ? symbol : Fcons(rt, symbol, value);
}

/* Whether buffer-local-variables lists SYMBOL's local binding: not
   when it is one of the buffer's own slots in Emacs (its local keymap,
   its case table), which marrow's Lisp keeps in a variable marked by
   an internal--buffer-slot property. */
static bool listed_local(mrt *rt, mval symbol)
{
  return !XSYMBOL(rt, symbol)->in_every_buffer && NILP(get_prop(rt, symbol, Qinternal__buffer_slot));
}

/* The variables every buffer has first, then the other bindings, the
   oldest first; a locally void variable as its symbol. */
static mval Fbuffer_local_variables(mrt *rt, int n, mval *a)
{
  mval locals = locals_of(rt, a[0]), own = Qnil;
  for (mval l = XCDR(locals); CONSP(l); l = XCDR(l))
    if (listed_local(rt, XCAR(XCAR(l))))
      own = Fcons(rt, local_entry(rt, XCAR(XCAR(l)), XCDR(XCAR(l))), own);
  mval syms = buffer_per_buffer_symbols(rt);
  for (int64_t i = VECTOR_LENGTH(syms) - 1; i >= 0; i--) {
    mval sym = AREF(syms, i), binding = local_binding(rt, sym, locals);
    own = Fcons(rt, local_entry(rt, sym, CONSP(binding) ? XCDR(binding) : XSYMBOL(rt, sym)->value), own);
  }
  return own;
}

/* A permanent-local-hook variable's hook value keeps t and the
   functions whose symbols have a permanent-local-hook property. */
static mval permanent_hook_functions(mrt *rt, mval value)
{
  if (!CONSP(value))
    return value;
  mval kept = Qnil;
  for (; CONSP(value); value = XCDR(value)) {
    mval f = XCAR(value);
    if (f == Qt || (SYMBOLP(f) && !NILP(get_prop(rt, f, Qpermanent_local_hook))))
      kept = Fcons(rt, f, kept);
  }
  return nreverse_list(rt, kept);
}

/* Whether kill-all-local-variables keeps BINDING, updated. */
static bool keep_permanent(mrt *rt, mval binding)
{
  mval symbol = XCAR(binding), buffer = current_buffer(rt);
  mval prop = get_prop(rt, symbol, Qpermanent_local);
  notify_watchers(rt, symbol, Qnil, Qmakunbound, buffer);
  if (prop != Qpermanent_local_hook)
    return !NILP(prop);
  mval kept = permanent_hook_functions(rt, XCDR(binding));
  notify_watchers(rt, symbol, kept, Qmakunbound, buffer);
  gc_setcdr(rt->gc, binding, kept);
  return true;
}

static mval Fkill_all_local_variables(mrt *rt, int n, mval *a)
{
  run_hook(rt, Qchange_major_mode_hook);
  mval locals = rt->locals, last = locals;
  for (mval l = XCDR(locals); CONSP(l); l = XCDR(l)) {
    if (XSYMBOL(rt, XCAR(XCAR(l)))->in_every_buffer || keep_permanent(rt, XCAR(l)))
      last = l;
    else
      gc_setcdr(rt->gc, last, XCDR(l));
  }
  buffer_reset_mode(rt);
  return Qnil;
}

/* ================================================================== */
/* Hooks                                                              */
/* ================================================================== */

/* What a hook's run does with each function's value: go on (nil) or
   stop with it as the run's value. */
enum hook_mode { HOOK_ALL, HOOK_UNTIL_SUCCESS, HOOK_UNTIL_FAILURE, HOOK_WRAPPED };

struct hook_run {
  enum hook_mode mode;
  mval wrapper;  /* HOOK_WRAPPED: called with each function and ARGS */
  mval *call;    /* a slot for the function, then ARGS */
  int ncall;
};

static mval run_function(mrt *rt, struct hook_run *h, mval fn)
{
  h->call[0] = fn;
  if (h->mode == HOOK_WRAPPED)
    return funcall(rt, h->wrapper, h->ncall, h->call);
  mval v = funcall(rt, fn, h->ncall - 1, h->call + 1);
  return h->mode == HOOK_ALL ? Qnil : h->mode == HOOK_UNTIL_FAILURE ? bool_val(NILP(v)) : v;
}

/* FUNCTIONS, a hook's value: one function or a list of them, where a t
   in the current value (not the default one) stands for the default
   value's functions, as add-hook's LOCAL puts it there. */
static mval run_functions(mrt *rt, struct hook_run *h, mval hook, mval functions, bool current)
{
  if (NILP(functions))
    return Qnil;
  bool one = current ? functionp(rt, functions) : CONSP(functions) && XCAR(functions) == Qlambda;
  if (!CONSP(functions) || one)
    return run_function(rt, h, functions);
  mval ret = Qnil;
  for (; CONSP(functions) && NILP(ret); functions = XCDR(functions)) {
    mval f = XCAR(functions);
    if (f != Qt)
      ret = run_function(rt, h, f);
    else if (current)
      ret = run_functions(rt, h, hook, Fdefault_value(rt, 1, &hook), false);
  }
  return ret;
}

/* CALL[0] is where each function goes (it held HOOK or the wrapper,
   as in Emacs), before the NCALL - 1 arguments. */
static mval run_hook_as(mrt *rt, enum hook_mode mode, mval wrapper, mval hook, int ncall, mval *call)
{
  mval functions = find_symbol_value(rt, check_symbol(rt, hook));
  if (functions == Qunbound || NILP(functions))
    return Qnil;
  struct hook_run h = { mode, wrapper, call, ncall };
  return run_functions(rt, &h, hook, functions, true);
}

void run_hook(mrt *rt, mval hook)
{
  mval call[1] = { hook };
  run_hook_as(rt, HOOK_ALL, Qnil, hook, 1, call);
}

bool run_hook_until_failure(mrt *rt, mval hook)
{
  mval call[1] = { hook };
  return NILP(run_hook_as(rt, HOOK_UNTIL_FAILURE, Qnil, hook, 1, call));
}

void run_hook_with_args(mrt *rt, mval hook, int nargs, const mval *args)
{
  mval call[4] = { hook };
  for (int i = 0; i < nargs && i < 3; i++)
    call[i + 1] = args[i];
  run_hook_as(rt, HOOK_ALL, Qnil, hook, nargs + 1, call);
}

static mval Frun_hooks(mrt *rt, int n, mval *a)
{
  for (int i = 0; i < n; i++)
    run_hook(rt, a[i]);
  return Qnil;
}

static mval Frun_hook_with_args(mrt *rt, int n, mval *a)
{
  return run_hook_as(rt, HOOK_ALL, Qnil, a[0], n, a);
}

static mval Frun_hook_with_args_until_success(mrt *rt, int n, mval *a)
{
  return run_hook_as(rt, HOOK_UNTIL_SUCCESS, Qnil, a[0], n, a);
}

static mval Frun_hook_with_args_until_failure(mrt *rt, int n, mval *a)
{
  return bool_val(NILP(run_hook_as(rt, HOOK_UNTIL_FAILURE, Qnil, a[0], n, a)));
}

static mval Frun_hook_wrapped(mrt *rt, int n, mval *a)
{
  return run_hook_as(rt, HOOK_WRAPPED, a[1], a[0], n - 1, a + 1);
}

/* ================================================================== */
/* Watchers                                                           */
/* ================================================================== */

static void restore_trap(mrt *rt, mval symbol) { XSYMBOL(rt, symbol)->trapped_write = 1; }

/* The variables whose values Emacs checks, with the check: t for its
   DEFVAR_BOOL ones (any non-nil value is stored as t), else the type
   predicate of a per-buffer one (nil always passes). */
static const struct { const char *name, *check; } checked_variables[] = {
  {"print-quoted", "t"}, {"print-escape-newlines", "t"},
  {"print-escape-control-characters", "t"}, {"print-escape-nonascii", "t"},
  {"print-escape-multibyte", "t"}, {"print-integers-as-characters", "t"},
  {"noninteractive", "t"}, {"garbage-collection-messages", "t"},
  {"load-prefer-newer", "t"}, {"load-in-progress", "t"},
  {"inhibit-modification-hooks", "t"}, {"indent-tabs-mode", "t"},
  {"load-force-doc-strings", "t"}, {"display-hourglass", "t"},
  {"undo-inhibit-record-point", "t"}, {"words-include-escapes", "t"},
  {"backtrace-on-error-noninteractive", "t"}, {"debug-on-quit", "t"},
  {"parse-sexp-ignore-comments", "t"}, {"parse-sexp-lookup-properties", "t"},
  {"open-paren-in-column-0-is-defun-start", "t"}, {"comment-end-can-be-escaped", "t"},
  {"buffer-display-count", "integerp"}, {"buffer-saved-size", "integerp"},
  {"fill-column", "integerp"}, {"left-margin", "integerp"}, {"tab-width", "integerp"},
  {"buffer-file-name", "stringp"}, {"buffer-file-truename", "stringp"},
  {"buffer-auto-save-file-name", "stringp"}, {"default-directory", "stringp"},
  {"major-mode", "symbolp"}, {"line-spacing", "numberp"},
  {"overwrite-mode", "overwrite-mode"},
};

enum { CHECKED_COUNT = sizeof checked_variables / sizeof checked_variables[0] };

static void make_checked_variables(mrt *rt)
{
  for (size_t i = 0; i < CHECKED_COUNT; i++) {
    struct symbol *s = XSYMBOL(rt, intern(rt, checked_variables[i].name));
    s->checked = 1;
    s->trapped_write = 1;
  }
}

/* The check of SYMBOL, one of checked_variables: looked up by name, as
   it is only for the few writes to them. */
static mval check_of(mrt *rt, mval symbol)
{
  struct string *name = XSTRING(XSYMBOL(rt, symbol)->name);
  for (size_t i = 0; i < CHECKED_COUNT; i++)
    if (strlen(checked_variables[i].name) == (size_t)name->nbytes &&
        !memcmp(checked_variables[i].name, name->data, (size_t)name->nbytes))
      return intern(rt, checked_variables[i].check);
  return Qnil;
}

/* rt->on_checked_write.  As in Emacs, a per-buffer variable's default
   value is not checked. */
static mval checked_write(mrt *rt, mval symbol, mval v, bool of_default)
{
  mval check = check_of(rt, symbol);
  if (check == Qt)
    return NILP(v) ? Qnil : Qt;
  if (of_default)
    return v;
  if (check == symbol) { /* overwrite-mode */
    if (NILP(v) || v == intern(rt, "overwrite-mode-textual") ||
        v == intern(rt, "overwrite-mode-binary"))
      return v;
    xsignal2(rt, Qerror,
             make_cstring(rt, "One of nil, overwrite-mode-textual or overwrite-mode-binary "
                              "should be specified"),
             v);
  }
  if (!NILP(v) && !NILP(check) && NILP(call1(rt, check, v)))
    wrong_type_argument(rt, check, v);
  return v;
}

/* Layer 4's on_trapped_write.  As Emacs, a write with no WHERE to a
   variable local-if-set in the current buffer names that buffer. */
static void run_watchers(mrt *rt, mval symbol, mval newval, mval operation, mval where)
{
  size_t count = rt->specpdl_depth;
  record_unwind(rt, restore_trap, symbol);
  XSYMBOL(rt, symbol)->trapped_write = 0;
  mval args[2] = { symbol, Qnil };
  if (NILP(where) && operation != Qset_default && operation != Qmakunbound &&
      !NILP(Flocal_variable_if_set_p(rt, 2, args)))
    where = current_buffer(rt);
  if (operation == Qset_default)
    operation = Qset;
  for (mval w = get_prop(rt, symbol, Qwatchers); CONSP(w); w = XCDR(w)) {
    mval call[4] = { symbol, newval, operation, where };
    funcall(rt, XCAR(w), 4, call);
  }
  unbind_to(rt, count);
}

void variables_add_watcher(mrt *rt, mval symbol, mval function)
{
  mval base = base_of(rt, symbol);
  XSYMBOL(rt, base)->trapped_write = 1;
  mval watchers = get_prop(rt, base, Qwatchers);
  for (mval l = watchers; CONSP(l); l = XCDR(l))
    if (mrt_equal(rt, XCAR(l), function))
      return;
  put_prop(rt, base, Qwatchers, Fcons(rt, function, watchers));
}

static mval Fadd_variable_watcher(mrt *rt, int n, mval *a)
{
  variables_add_watcher(rt, a[0], a[1]);
  return Qnil;
}

static mval Fremove_variable_watcher(mrt *rt, int n, mval *a)
{
  mval base = base_of(rt, a[0]);
  mval watchers = list_delete(rt, a[1], get_prop(rt, base, Qwatchers));
  if (NILP(watchers) && !XSYMBOL(rt, base)->checked)
    XSYMBOL(rt, base)->trapped_write = 0;
  put_prop(rt, base, Qwatchers, watchers);
  return Qnil;
}

static mval Fget_variable_watchers(mrt *rt, int n, mval *a)
{
  mval base = base_of(rt, a[0]);
  return XSYMBOL(rt, base)->trapped_write ? get_prop(rt, base, Qwatchers) : Qnil;
}

static const struct subr_def variables_subrs[] = {
  { "symbol-value", Fsymbol_value, 1, 1 },
  { "set", Fset, 2, 2 },
  { "boundp", Fboundp, 1, 1 },
  { "makunbound", Fmakunbound, 1, 1 },
  { "default-value", Fdefault_value, 1, 1 },
  { "default-boundp", Fdefault_boundp, 1, 1 },
  { "set-default", Fset_default, 2, 2 },
  { "indirect-variable", Findirect_variable, 1, 1 },
  { "default-toplevel-value", Fdefault_toplevel_value, 1, 1 },
  { "set-default-toplevel-value", Fset_default_toplevel_value, 2, 2 },
  { "defvaralias", Fdefvaralias, 2, 3 },
  { "make-variable-buffer-local", Fmake_variable_buffer_local, 1, 1 },
  { "make-local-variable", Fmake_local_variable, 1, 1 },
  { "kill-local-variable", Fkill_local_variable, 1, 1 },
  { "local-variable-p", Flocal_variable_p, 1, 2 },
  { "local-variable-if-set-p", Flocal_variable_if_set_p, 1, 2 },
  { "variable-binding-locus", Fvariable_binding_locus, 1, 1 },
  { "buffer-local-value", Fbuffer_local_value, 2, 2 },
  { "buffer-local-variables", Fbuffer_local_variables, 0, 1 },
  { "kill-all-local-variables", Fkill_all_local_variables, 0, 0 },
  { "run-hooks", Frun_hooks, 0, ARGS_MANY },
  { "run-hook-with-args", Frun_hook_with_args, 1, ARGS_MANY },
  { "run-hook-with-args-until-success", Frun_hook_with_args_until_success, 1, ARGS_MANY },
  { "run-hook-with-args-until-failure", Frun_hook_with_args_until_failure, 1, ARGS_MANY },
  { "run-hook-wrapped", Frun_hook_wrapped, 2, ARGS_MANY },
  { "add-variable-watcher", Fadd_variable_watcher, 2, 2 },
  { "remove-variable-watcher", Fremove_variable_watcher, 2, 2 },
  { "get-variable-watchers", Fget_variable_watchers, 1, 1 },
};

void variables_init(mrt *rt)
{
  defsubrs(rt, variables_subrs, sizeof variables_subrs / sizeof variables_subrs[0]);
  rt->on_trapped_write = run_watchers;
  rt->on_checked_write = checked_write;
  make_checked_variables(rt);
}
