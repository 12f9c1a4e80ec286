/*
** api.c -- layer 6: the public API (marrow.h) over the runtime.
**
** Invariants:
**   - No call made by a host ever longjmps into the host.  Every entry
**     point that can allocate or run Lisp either establishes a
**     HANDLER_CATCH_ALL (a "guard") or runs inside one that is already
**     established: M->nesting counts the guards in progress, and a
**     call made with nesting > 0 comes from a C primitive running
**     inside a protected call, where a Lisp error may propagate (as a
**     Lua error propagates out of a C function).
**   - kill-emacs throws to KILL_EMACS_TAG (sysfns.h).  The protected
**     calls catch that tag and return MARROW_EXIT.  A protected call
**     nested inside a primitive records the exit, and the primitive's
**     trampoline re-throws it, so the outermost caller sees it too.
**   - Every Lisp value the API keeps outside the C stack -- the last
**     error, the reference table -- is marked by mark_api_roots.
**   - mrt_current is restored on the way out, so a primitive of one
**     runtime may call into another.
*/
#include "config.h"

#include <gmp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MARROW_WITH_GMP 1
#include "marrow.h"

#include "bignum.h"
#include "data.h"
#include "arith.h"
#include "fns.h"
#include "strfns.h"
#include "hashtab.h"
#include "printer.h"
#include "reader.h"
#include "eval.h"
#include "load.h"
#include "sysfns.h"
#include "heapmap.h"
#include "lang.h"
#include "process.h"

/* A C function registered with marrow_defun; owned by the runtime. */
struct host_fn {
  struct host_fn *next;
  marrow *M;
  marrow_cfunction fn;
  void *userdata;
};

struct marrow {
  mrt *rt;
  mval error;          /* (ERROR-SYMBOL . DATA) of the last error, or nil */
  char *error_text;    /* its message, computed on demand */
  int exit_code;       /* of the last kill-emacs */
  int nesting;         /* guards in progress */
  bool exit_pending;   /* a nested protected call saw kill-emacs */
  bool printing_backtrace;
  int64_t debugger_entered_at; /* num-nonmacro-input-events then; -1: never */
  mval debug_on_error; /* the symbol, interned once */
  mval backtrace_on_error; /* backtrace-on-error-noninteractive */
  mval debug;              /* the symbol */
  bool batch_backtrace; /* the host asked for Emacs's batch backtraces */
  struct host_fn *host_fns;
  /* The reference table: refs[i] is live unless it is on the free
     list, which threads through free_next.  Index 0 is never used. */
  mval *refs;
  int *free_next;
  int refs_cap, refs_used, free_head;
  void *userdata;
};

const char *marrow_version(void) { return MARROW_VERSION; }

/* ================================================================== */
/* Roots                                                              */
/* ================================================================== */

static bool ref_is_live(const marrow *M, int i);

static void mark_api_roots(struct gc *g, void *ud)
{
  marrow *M = ud;
  gc_mark(g, M->error);
  for (int i = 1; i < M->refs_used; i++)
    if (ref_is_live(M, i))
      gc_mark(g, M->refs[i]);
}

/* ================================================================== */
/* Guards: catching every Lisp exit at the API boundary               */
/* ================================================================== */

struct guard {
  struct handler all;
  mrt *prev_current;
  int nesting;
};

static void clear_error(marrow *M)
{
  M->error = Qnil;
  free(M->error_text);
  M->error_text = NULL;
}

static void guard_enter(marrow *M, struct guard *g)
{
  g->prev_current = mrt_current;
  g->nesting = M->nesting;
  runtime_enter(M->rt);
  handler_push(M->rt, &g->all, HANDLER_CATCH_ALL, Qnil);
  M->nesting++;
}

static void guard_restore(marrow *M, struct guard *g)
{
  M->nesting = g->nesting;
  mrt_current = g->prev_current ? g->prev_current : M->rt;
}

static void guard_leave(marrow *M, struct guard *g)
{
  handler_pop(M->rt, &g->all);
  guard_restore(M, g);
}

/* The signal already popped the handler and unwound the specpdl. */
static void guard_failed(marrow *M, struct guard *g)
{
  guard_restore(M, g);
  clear_error(M);
  M->error = g->all.value;
}

/* Evaluates the mval expression EXPR, which may allocate or signal, and
   sets OK.  Inside a primitive (nesting > 0) a signal simply propagates
   to the enclosing protected call. */
#define GUARD(M, ok, var, expr)                 \
  do {                                          \
    if ((M)->nesting > 0) {                     \
      (var) = (expr);                           \
      (ok) = true;                              \
      break;                                    \
    }                                           \
    struct guard g_;                            \
    guard_enter((M), &g_);                      \
    if (setjmp(g_.all.jmp) == 0) {              \
      (var) = (expr);                           \
      guard_leave((M), &g_);                    \
      (ok) = true;                              \
    } else {                                    \
      guard_failed((M), &g_);                   \
      (ok) = false;                             \
    }                                           \
  } while (0)

#define RETURN_GUARDED(M, expr)                 \
  do {                                          \
    bool ok_;                                   \
    mval v_ = Qnil;                             \
    GUARD(M, ok_, v_, expr);                    \
    return ok_ ? v_ : Qnil;                     \
  } while (0)

/* A protected call: runs BODY(M, CTX) under a guard that also catches
   kill-emacs, and turns the outcome into a status.  Unlike GUARD it
   always protects, even inside a primitive: the host asked for a
   status. */
typedef void (*body_fn)(marrow *M, void *ctx);

static int protect(marrow *M, body_fn body, void *ctx)
{
  mrt *rt = M->rt;
  struct guard g;
  struct handler exit_catch;
  volatile int status = MARROW_OK;
  clear_error(M);
  guard_enter(M, &g);
  if (setjmp(g.all.jmp) == 0) {
    handler_push(rt, &exit_catch, HANDLER_CATCH, KILL_EMACS_TAG);
    if (setjmp(exit_catch.jmp) == 0) {
      body(M, ctx);
      handler_pop(rt, &exit_catch);
    } else {
      rt->killing = false;
      status = MARROW_EXIT;
      M->exit_code = FIXNUMP(exit_catch.value) ? (int)XFIXNUM(exit_catch.value) : 0;
    }
    guard_leave(M, &g);
  } else {
    guard_failed(M, &g);
    status = MARROW_ERROR;
  }
  if (status == MARROW_OK)
    clear_error(M); /* left by a nested call that a primitive handled */
  if (status == MARROW_EXIT && M->nesting > 0)
    M->exit_pending = true;
  return status;
}

/* ================================================================== */
/* The debugger for errors nothing will catch                         */
/* ================================================================== */

/* The tag of the condition-case that will catch ERROR_SYMBOL, or nil
   when the signal reaches the API boundary (Emacs's top level). */
static mval catching_tag(mrt *rt, mval error_symbol)
{
  for (struct handler *h = rt->handlers; h; h = h->prev) {
    if (h->type == HANDLER_CATCH_ALL)
      return Qnil;
    if (h->type == HANDLER_CONDITION_CASE && condition_spec_matches(rt, h->tag, error_symbol))
      return h->tag;
  }
  return Qnil;
}

/* True when the clause of TAG that catches ERROR_SYMBOL is a list of
   conditions naming `debug', which lets debug-on-error enter the
   debugger though the error is caught (a clause whose condition is
   the symbol `debug' is no such clause, as in Emacs). */
static bool names_debug(mrt *rt, mval tag, mval error_symbol, mval debug)
{
  mval clause = condition_clause_matching(rt, tag, error_symbol);
  for (; CONSP(clause); clause = XCDR(clause))
    if (XCAR(clause) == debug)
      return true;
  return false;
}

static bool debug_on_error_matches(mrt *rt, mval flag, mval error_symbol)
{
  if (!CONSP(flag))
    return !NILP(flag) && flag != Qunbound;
  for (; CONSP(flag); flag = XCDR(flag))
    if (error_has_condition(rt, error_symbol, XCAR(flag)))
      return true;
  return false;
}

static mval global_value(mrt *rt, const char *name)
{
  mval v = find_symbol_value(rt, intern(rt, name));
  return v == Qunbound ? Qnil : v;
}

/* True when debug-ignored-errors lists a condition of the error, or a
   regexp its message matches (case counts, as in Emacs). */
static bool ignored_error(mrt *rt, mval error_symbol, mval data)
{
  mval message = Qnil;
  for (mval tail = global_value(rt, "debug-ignored-errors"); CONSP(tail); tail = XCDR(tail)) {
    mval entry = XCAR(tail);
    if (!STRINGP(entry)) {
      if (error_has_condition(rt, error_symbol, entry))
        return true;
      continue;
    }
    if (NILP(message))
      message = error_message_string(rt, Fcons(rt, error_symbol, data));
    size_t depth = rt->specpdl_depth;
    specbind(rt, intern(rt, "case-fold-search"), Qnil);
    mval args[2] = {entry, message};
    mval found = funcall(rt, intern(rt, "string-match-p"), 2, args);
    unbind_to(rt, depth);
    if (!NILP(found))
      return true;
  }
  return false;
}

/* Batch Emacs enters the debug-on-error debugger only while no input
   event has come since it last did (it counts none in batch, so once;
   ERT steps num-nonmacro-input-events to have it again).  Interactive,
   every command comes after input. */
static bool debugger_rested(marrow *M)
{
  if (NILP(global_value(M->rt, "noninteractive")))
    return true;
  mval events = global_value(M->rt, "num-nonmacro-input-events");
  return FIXNUMP(events) && M->debugger_entered_at < XFIXNUM(events);
}

/* debug-on-error's way in: the error is uncaught, or caught by a
   handler that names `debug', or debug-on-signal says to disregard
   handlers. */
static bool wants_debugger(mrt *rt, mval tag, mval error_symbol, mval data)
{
  marrow *M = rt->host;
  /* A quit asks debug-on-quit instead, as Emacs's signal does. */
  bool quit = error_symbol == Qquit ||
              error_has_condition(rt, error_symbol, intern(rt, "minibuffer-quit"));
  return (NILP(tag) || names_debug(rt, tag, error_symbol, M->debug) || !NILP(global_value(rt, "debug-on-signal"))) &&
         (quit ? !NILP(global_value(rt, "debug-on-quit"))
               : debug_on_error_matches(rt, find_symbol_value(rt, M->debug_on_error), error_symbol)) &&
         debugger_rested(M) && !ignored_error(rt, error_symbol, data);
}

/* The function to enter for this signal, or nil: `debugger' when
   debug-on-error asks for it, else `debug' for an uncaught error in
   batch when backtrace-on-error-noninteractive is set (Emacs's two
   ways in); neither under inhibit-debugger. */
static mval debugger_for(mrt *rt, mval error_symbol, mval data)
{
  marrow *M = rt->host;
  if (!NILP(global_value(rt, "inhibit-debugger")))
    return Qnil;
  mval tag = catching_tag(rt, error_symbol);
  mval debug = M->debug;
  if (wants_debugger(rt, tag, error_symbol, data)) {
    mval fn = find_symbol_value(rt, intern(rt, "debugger"));
    return fn == Qunbound || NILP(fn) ? debug : fn;
  }
  mval batch = find_symbol_value(rt, M->backtrace_on_error);
  if (NILP(tag) && M->batch_backtrace && batch != Qunbound && !NILP(batch) &&
      !NILP(find_symbol_value(rt, Qnoninteractive)))
    return debug;
  return Qnil;
}

static void debugger_left(mrt *rt, mval unused)
{
  (void)unused;
  ((marrow *)rt->host)->printing_backtrace = false;
}

/* Calls DEBUGGER as Emacs's signal does: (DEBUGGER 'error (SYM . DATA)).
   A failure inside it is dropped so that the original error goes on;
   its kill-emacs ends the program as any other, and a throw to a catch
   outside leaves it (ERT's ends the test so). */
static void enter_debugger(mrt *rt, mval debugger, mval error_symbol, mval data)
{
  marrow *M = rt->host;
  size_t depth = rt->specpdl_depth;
  M->printing_backtrace = true;
  record_unwind(rt, debugger_left, Qnil);
  mval events = global_value(rt, "num-nonmacro-input-events");
  M->debugger_entered_at = FIXNUMP(events) ? XFIXNUM(events) : 0;
  struct handler all, exit_catch;
  handler_push(rt, &all, HANDLER_CATCH_ALL, Qnil);
  if (setjmp(all.jmp) == 0) {
    handler_push(rt, &exit_catch, HANDLER_CATCH, KILL_EMACS_TAG);
    if (setjmp(exit_catch.jmp) == 0) {
      mval args[2] = {Qerror, Fcons(rt, error_symbol, data)};
      funcall(rt, debugger, 2, args);
      handler_pop(rt, &exit_catch);
      handler_pop(rt, &all);
    } else {
      handler_pop(rt, &all);
      unbind_to(rt, depth);
      throw_kill_emacs(rt, exit_catch.value);
    }
  }
  unbind_to(rt, depth);
}

/* rt->on_signal.  memory-full never comes here: it leaves no room for
   a debugger (memory_full skips the hook, as Emacs skips it). */
static void debug_on_signal(mrt *rt, mval error_symbol, mval data)
{
  marrow *M = rt->host;
  if (M->printing_backtrace)
    return;
  mval debugger = debugger_for(rt, error_symbol, data);
  if (!NILP(debugger))
    enter_debugger(rt, debugger, error_symbol, data);
}

/* ================================================================== */
/* Life cycle                                                         */
/* ================================================================== */

void marrow_options_init(marrow_options *opts) { memset(opts, 0, sizeof *opts); }

static bool is_directory(const char *path)
{
  struct stat st;
  return path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The first that exists: the option, $MARROW_LISP_DIR, the source
   tree's lisp/ (an uninstalled build), the installed directory. */
static const char *find_lisp_dir(const marrow_options *opts)
{
  const char *candidates[] = {opts->lisp_dir, getenv("MARROW_LISP_DIR"), MARROW_SRC_LISPDIR,
                              MARROW_LISPDIR};
  for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
    if (is_directory(candidates[i]))
      return candidates[i];
  return MARROW_LISPDIR;
}

static void gc_config_from_options(struct gc_config *cfg, const marrow_options *opts)
{
  gc_config_defaults(cfg);
  if (opts->heap_limit)
    cfg->heap_limit = opts->heap_limit;
  if (opts->gc_threshold)
    cfg->cons_threshold = opts->gc_threshold;
  if (opts->gc_percentage > 0)
    cfg->cons_percentage = opts->gc_percentage;
  switch (opts->vector_policy) {
  case MARROW_POLICY_SCAN: cfg->policy = VECTOR_POLICY_SCAN; break;
  case MARROW_POLICY_HINT: cfg->policy = VECTOR_POLICY_HINT; break;
  case MARROW_POLICY_BITMAP: cfg->policy = VECTOR_POLICY_BITMAP; break;
  case MARROW_POLICY_DEFAULT: break;
  }
  cfg->log |= opts->gc_log != 0;
  cfg->stress |= opts->gc_stress != 0;
  if (opts->gc_generations)
    cfg->generational = opts->gc_generations > 0;
}

struct open_ctx {
  const marrow_options *opts;
  const struct gc_config *cfg;
};

/* Emacs's defaults. */
static void define_debugger_variables(mrt *rt)
{
  static const char *const ignored[] = {"beginning-of-line", "beginning-of-buffer", "end-of-line",
                                        "end-of-buffer", "end-of-file", "buffer-read-only",
                                        "file-supersession", "mark-inactive", "user-error"};
  mval list = Qnil;
  for (size_t i = sizeof ignored / sizeof ignored[0]; i-- > 0;)
    list = Fcons(rt, intern(rt, ignored[i]), list);
  defvar(rt, intern(rt, "debug-ignored-errors"), list);
  defvar(rt, intern(rt, "debug-on-signal"), Qnil);
  defvar(rt, intern(rt, "debug-on-quit"), Qnil);
  defvar(rt, intern(rt, "inhibit-debugger"), Qnil);
  defvar(rt, intern(rt, "num-nonmacro-input-events"), make_fixnum(0));
}

/* Layer 5 in dependency order (bignum was set up by runtime_open). */
static void init_language(marrow *M, void *ctx)
{
  const marrow_options *opts = ((struct open_ctx *)ctx)->opts;
  mrt *rt = M->rt;
  lang_init(rt, find_lisp_dir(opts));
  sysfns_sync_gc_config(rt, ((struct open_ctx *)ctx)->cfg);
  if (opts->interactive)
    set_symbol_value(rt, Qnoninteractive, Qnil);
  M->debug_on_error = intern(rt, "debug-on-error");
  if (find_symbol_value(rt, M->debug_on_error) == Qunbound)
    defvar(rt, M->debug_on_error, Qnil);
  if (opts->debug)
    set_symbol_value(rt, M->debug_on_error, Qt);
  M->backtrace_on_error = intern(rt, "backtrace-on-error-noninteractive");
  defvar(rt, M->backtrace_on_error, Qt);
  M->debug = intern(rt, "debug");
  define_debugger_variables(rt);
  M->batch_backtrace = opts->batch_backtrace != 0;
  rt->on_signal = debug_on_signal;
  if (!opts->no_lisp_library)
    load_file(rt, make_cstring(rt, "subr"), true, true);
}

marrow *marrow_open(const marrow_options *opts)
{
  marrow_options defaults;
  if (!opts) {
    marrow_options_init(&defaults);
    opts = &defaults;
  }
  struct gc_config cfg;
  gc_config_from_options(&cfg, opts);
  /* $MARROW_FAIL_ALLOC faults are armed once the runtime is up: a
     runtime cannot initialise under them (gc_set_fail_alloc). */
  unsigned long fail_alloc_every = cfg.fail_alloc_every;
  cfg.fail_alloc_every = 0;
  marrow *M = calloc(1, sizeof *M);
  if (!M)
    return NULL;
  M->error = Qnil;
  M->debugger_entered_at = -1;
  mrt *prev = mrt_current;
  M->rt = runtime_open(&cfg);
  mrt_current = prev;
  if (!M->rt) {
    free(M);
    return NULL;
  }
  mrt *rt = M->rt;
  rt->host = M;
  rt->write_out = opts->write_out;
  rt->write_err = opts->write_err;
  rt->write_ud = opts->write_userdata;
  gc_add_roots(rt->gc, mark_api_roots, M);
  struct open_ctx ctx = {opts, &cfg};
  if (protect(M, init_language, &ctx) != MARROW_OK) {
    const char *msg = marrow_error_message(M);
    mrt_write_err(rt, "marrow: initialisation failed: ", 31);
    mrt_write_err(rt, msg ? msg : "?", msg ? strlen(msg) : 1);
    mrt_write_err(rt, "\n", 1);
    marrow_close(M);
    return NULL;
  }
  gc_set_fail_alloc(rt->gc, fail_alloc_every);
  return M;
}

void marrow_close(marrow *M)
{
  if (!M)
    return;
  mrt *prev = mrt_current;
  runtime_enter(M->rt); /* GMP frees are charged to this runtime */
  if (M->rt && M->rt->gc)
    process_close(M->rt);
  runtime_close(M->rt);
  mrt_current = prev == M->rt ? NULL : prev;
  for (struct host_fn *h = M->host_fns, *next; h; h = next) {
    next = h->next;
    free(h);
  }
  free(M->refs);
  free(M->free_next);
  free(M->error_text);
  free(M);
}

/* ================================================================== */
/* Evaluation                                                         */
/* ================================================================== */

struct eval_ctx {
  const char *text;
  size_t len;
  const char *name;
  mval form, fn, result;
  int nargs;
  const mval *args;
};

static int finish(int status, struct eval_ctx *c, marrow_value *result)
{
  if (result)
    *result = status == MARROW_OK ? c->result : Qnil;
  return status;
}

/* A NULL where text is due is a host bug, but still only an error. */
static void check_text(marrow *M, const char *text)
{
  if (!text)
    wrong_type_argument(M->rt, Qstringp, Qnil);
}

static void eval_text_body(marrow *M, void *ctx)
{
  struct eval_ctx *c = ctx;
  check_text(M, c->text);
  c->result = load_eval_text(M->rt, c->text, c->len, c->name);
}

int marrow_eval_buffer(marrow *M, const char *code, size_t len, const char *name,
                       marrow_value *result)
{
  struct eval_ctx c = {.text = code, .len = len, .name = name, .result = Qnil};
  return finish(protect(M, eval_text_body, &c), &c, result);
}

int marrow_eval_string(marrow *M, const char *code, marrow_value *result)
{
  return marrow_eval_buffer(M, code, code ? strlen(code) : 0, NULL, result);
}

static void eval_form_body(marrow *M, void *ctx)
{
  struct eval_ctx *c = ctx;
  c->result = eval_form(M->rt, c->form);
}

int marrow_eval(marrow *M, marrow_value form, marrow_value *result)
{
  struct eval_ctx c = {.form = form, .result = Qnil};
  return finish(protect(M, eval_form_body, &c), &c, result);
}

static void eval_expression_body(marrow *M, void *ctx)
{
  struct eval_ctx *c = ctx;
  c->result = eval_expression(M->rt, c->form);
}

int marrow_eval_expression(marrow *M, marrow_value form, marrow_value *result)
{
  struct eval_ctx c = {.form = form, .result = Qnil};
  return finish(protect(M, eval_expression_body, &c), &c, result);
}

static void read_body(marrow *M, void *ctx)
{
  struct eval_ctx *c = ctx;
  check_text(M, c->text);
  size_t pos = 0;
  /* Emacs decodes its command line's --eval text: multibyte */
  mval obj = read_one(M->rt, c->text, c->len, &pos, NULL, true);
  if (obj == Qunbound)
    xsignal0(M->rt, Qend_of_file); /* as Emacs's read of "" */
  c->result = obj;
}

int marrow_read(marrow *M, const char *code, marrow_value *result)
{
  struct eval_ctx c = {.text = code, .len = code ? strlen(code) : 0, .result = Qnil};
  return finish(protect(M, read_body, &c), &c, result);
}

static void load_body(marrow *M, void *ctx)
{
  struct eval_ctx *c = ctx;
  check_text(M, c->text);
  load_command_line_file(M->rt, c->text);
  c->result = Qt;
}

int marrow_load_file(marrow *M, const char *file)
{
  struct eval_ctx c = {.text = file, .result = Qnil};
  return protect(M, load_body, &c);
}

/* The arguments are copied to the runtime's value stack, a precise
   root, because funcall may not keep the host's array alive. */
static size_t push_host_args(mrt *rt, int nargs, const marrow_value *args)
{
  if (nargs < 0 || (nargs > 0 && !args))
    args_out_of_range(rt, make_fixnum(nargs), make_fixnum(0));
  /* The evaluator keeps pointers into rt->stack: never grow it. */
  if (rt->stack_top + (size_t)nargs > rt->stack_cap)
    xsignal1(rt, Qexcessive_lisp_nesting, make_fixnum(nargs));
  size_t base = rt->stack_top;
  if (nargs > 0)
    memcpy(rt->stack + base, args, (size_t)nargs * sizeof *args);
  rt->stack_top += (size_t)nargs;
  return base;
}

static void call_body(marrow *M, void *ctx)
{
  struct eval_ctx *c = ctx;
  mrt *rt = M->rt;
  mval fn = c->name ? intern(rt, c->name) : c->fn;
  size_t base = push_host_args(rt, c->nargs, c->args);
  c->result = funcall(rt, fn, c->nargs, rt->stack + base);
  rt->stack_top = base;
}

int marrow_call(marrow *M, marrow_value fn, int nargs, const marrow_value *args,
                marrow_value *result)
{
  struct eval_ctx c = {.fn = fn, .nargs = nargs, .args = args, .result = Qnil};
  return finish(protect(M, call_body, &c), &c, result);
}

int marrow_call_named(marrow *M, const char *name, int nargs, const marrow_value *args,
                      marrow_value *result)
{
  if (!name)
    return marrow_call(M, Qnil, nargs, args, result); /* void-function nil */
  struct eval_ctx c = {.name = name, .nargs = nargs, .args = args, .result = Qnil};
  return finish(protect(M, call_body, &c), &c, result);
}

struct frame_ctx {
  const char *name;
  int nargs;
  const marrow_value *args;
  mval fn;
  size_t base;
};

/* The frame's arguments go on the value stack, a precise root, above
   whatever BODY's calls push. */
static void frame_setup(marrow *M, void *ctx)
{
  struct frame_ctx *c = ctx;
  if (!c->name)
    xsignal2(M->rt, Qwrong_type_argument, Qsymbolp, Qnil);
  c->fn = intern(M->rt, c->name);
  c->base = push_host_args(M->rt, c->nargs, c->args);
}

int marrow_in_frame(marrow *M, const char *name, int nargs, const marrow_value *args,
                    marrow_frame_body body, void *data)
{
  mrt *rt = M->rt;
  struct frame_ctx c = {.name = name, .nargs = nargs, .args = args};
  int status = protect(M, frame_setup, &c);
  if (status != MARROW_OK)
    return status;
  struct bt_frame frame;
  eval_push_frame(rt, &frame, c.fn, nargs, rt->stack + c.base);
  status = body(M, data);
  eval_pop_frame(rt, &frame);
  rt->stack_top = c.base;
  return status;
}

/* ================================================================== */
/* Errors                                                             */
/* ================================================================== */

marrow_value marrow_error_value(marrow *M) { return M->error; }

int marrow_error_is_memory_full(marrow *M) { return is_memory_full_error(M->rt, M->error); }

int marrow_exit_code(marrow *M) { return M->exit_code; }

static mval message_of(mrt *rt, mval err) { return error_message_string(rt, err); }

/* Computing the message may itself fail (memory-full); the error being
   described must survive that, so it is saved and put back. */
const char *marrow_error_message(marrow *M)
{
  if (NILP(M->error))
    return NULL;
  if (M->error_text)
    return M->error_text;
  mval err = M->error;
  bool ok;
  mval text = Qnil;
  GUARD(M, ok, text, message_of(M->rt, err));
  M->error = err;
  if (ok && STRINGP(text)) {
    struct string *s = XSTRING(text);
    M->error_text = malloc((size_t)s->nbytes + 1);
    if (M->error_text)
      memcpy(M->error_text, s->data, (size_t)s->nbytes + 1);
  } else if (CONSP(err) && SYMBOLP(XCAR(err))) {
    const char *name = symbol_name(M->rt, XCAR(err));
    M->error_text = strdup(name);
  }
  return M->error_text ? M->error_text : "error";
}

/* ================================================================== */
/* Values                                                             */
/* ================================================================== */

marrow_value marrow_nil(marrow *M) { return Qnil; }
marrow_value marrow_t(marrow *M) { return Qt; }
marrow_value marrow_bool(marrow *M, int truth) { return truth ? Qt : Qnil; }

marrow_value marrow_int(marrow *M, int64_t n)
{
  if (fixnum_in_range(n))
    return make_fixnum(n);
  RETURN_GUARDED(M, make_int(M->rt, n));
}

marrow_value marrow_uint(marrow *M, uint64_t n)
{
  if (n <= (uint64_t)MOST_POSITIVE_FIXNUM)
    return make_fixnum((int64_t)n);
  RETURN_GUARDED(M, make_uint(M->rt, n));
}

static mval parse_integer(mrt *rt, const char *text, int base)
{
  if (base < 2 || base > 36)
    args_out_of_range(rt, make_fixnum(base), make_fixnum(36));
  mval v = integer_from_string(rt, text, strlen(text), base);
  if (NILP(v))
    wrong_type_argument(rt, Qintegerp, make_cstring(rt, text));
  return v;
}

int marrow_parse_integer(marrow *M, const char *text, int base, marrow_value *result)
{
  bool ok;
  mval v = Qnil;
  GUARD(M, ok, v, parse_integer(M->rt, text, base));
  if (result)
    *result = ok ? v : Qnil;
  return ok ? MARROW_OK : MARROW_ERROR;
}

int marrow_get_int64(marrow *M, marrow_value v, int64_t *out)
{
  int64_t n;
  if (!INTEGERP(v) || !integer_to_int64(v, &n))
    return 0;
  if (out)
    *out = n;
  return 1;
}

/* GMP allocates through hooks that charge the current runtime. */
char *marrow_integer_to_string(marrow *M, marrow_value v, int base)
{
  if (!INTEGERP(v) || base < 2 || base > 36)
    return NULL;
  mrt *prev = mrt_current;
  runtime_enter(M->rt);
  mpz_t z;
  mpz_init(z);
  integer_to_mpz(v, z);
  char *text = malloc(mpz_sizeinbase(z, base) + 2);
  if (text)
    mpz_get_str(text, base, z);
  mpz_clear(z);
  mrt_current = prev ? prev : M->rt;
  return text;
}

marrow_value marrow_from_mpz(marrow *M, mpz_srcptr z)
{
  RETURN_GUARDED(M, make_integer_mpz(M->rt, z));
}

int marrow_get_mpz(marrow *M, marrow_value v, mpz_ptr out)
{
  if (!INTEGERP(v))
    return 0;
  mrt *prev = mrt_current;
  runtime_enter(M->rt);
  integer_to_mpz(v, out);
  mrt_current = prev ? prev : M->rt;
  return 1;
}

marrow_value marrow_float(marrow *M, double d) { RETURN_GUARDED(M, make_float(M->rt, d)); }

int marrow_get_double(marrow *M, marrow_value v, double *out)
{
  if (!NUMBERP(v))
    return 0;
  if (out)
    *out = FLOATP(v) ? XFLOAT(v) : integer_to_double(v);
  return 1;
}

static mval host_string(mrt *rt, const char *s, size_t len)
{
  return make_string(rt, s, s ? len : 0);
}

marrow_value marrow_string(marrow *M, const char *s, size_t len)
{
  RETURN_GUARDED(M, host_string(M->rt, s, len));
}

marrow_value marrow_cstring(marrow *M, const char *s)
{
  return s ? marrow_string(M, s, strlen(s)) : Qnil;
}

const char *marrow_string_data(marrow *M, marrow_value v, size_t *len)
{
  if (!STRINGP(v))
    return NULL;
  if (len)
    *len = (size_t)XSTRING(v)->nbytes;
  return (const char *)XSTRING(v)->data;
}

marrow_value marrow_intern(marrow *M, const char *name)
{
  if (!name)
    return Qnil;
  RETURN_GUARDED(M, intern(M->rt, name));
}

const char *marrow_symbol_name(marrow *M, marrow_value v)
{
  return SYMBOLP(v) ? symbol_name(M->rt, v) : NULL;
}

marrow_value marrow_cons(marrow *M, marrow_value car, marrow_value cdr)
{
  RETURN_GUARDED(M, Fcons(M->rt, car, cdr));
}

marrow_value marrow_car(marrow *M, marrow_value v) { return CONSP(v) ? XCAR(v) : Qnil; }
marrow_value marrow_cdr(marrow *M, marrow_value v) { return CONSP(v) ? XCDR(v) : Qnil; }

marrow_value marrow_list(marrow *M, size_t n, const marrow_value *items)
{
  RETURN_GUARDED(M, listn(M->rt, n, items));
}

marrow_value marrow_vector(marrow *M, size_t n, marrow_value init)
{
  RETURN_GUARDED(M, make_vector(M->rt, n, init));
}

size_t marrow_vector_length(marrow *M, marrow_value v)
{
  return VECTORP(v) ? (size_t)VECTOR_LENGTH(v) : 0;
}

marrow_value marrow_aref(marrow *M, marrow_value v, size_t i)
{
  return VECTORP(v) && i < (size_t)VECTOR_LENGTH(v) ? AREF(v, (int64_t)i) : Qnil;
}

int marrow_aset(marrow *M, marrow_value v, size_t i, marrow_value x)
{
  if (!VECTORP(v) || i >= (size_t)VECTOR_LENGTH(v))
    return 0;
  gc_aset(M->rt->gc, v, (int64_t)i, x);
  return 1;
}

static mval set_global(mrt *rt, const char *name, mval v)
{
  set_symbol_value(rt, intern(rt, name), v);
  return v;
}

int marrow_set_global(marrow *M, const char *name, marrow_value v)
{
  if (!name)
    return MARROW_ERROR;
  bool ok;
  mval r = Qnil;
  GUARD(M, ok, r, set_global(M->rt, name, v));
  (void)r;
  return ok ? MARROW_OK : MARROW_ERROR;
}

int marrow_get_global(marrow *M, const char *name, marrow_value *out)
{
  if (!name)
    return 0;
  mval sym = intern_soft(M->rt, name, strlen(name));
  if (sym == Qunbound || XSYMBOL(M->rt, sym)->value == Qunbound)
    return 0;
  if (out)
    *out = symbol_fetch(XSYMBOL(M->rt, sym));
  return 1;
}

/* ---- Predicates ---- */

enum marrow_type marrow_type_of(marrow *M, marrow_value v)
{
  switch (TAG_OF(v)) {
  case TAG_CONS: return MARROW_TCONS;
  case TAG_SYMBOL: return NILP(v) ? MARROW_TNIL : MARROW_TSYMBOL;
  case TAG_STRING: return MARROW_TSTRING;
  case TAG_FLOAT: return MARROW_TFLOAT;
  case TAG_IMMEDIATE: return MARROW_TOTHER;
  case TAG_VECTORLIKE:
    switch (PVEC_TYPE(v)) {
    case PVEC_VECTOR: return MARROW_TVECTOR;
    case PVEC_BIGNUM: return MARROW_TINTEGER;
    case PVEC_CLOSURE:
    case PVEC_SUBR: return MARROW_TFUNCTION;
    case PVEC_HASH_TABLE: return MARROW_THASH_TABLE;
    default: return MARROW_TOTHER;
    }
  default: return MARROW_TINTEGER; /* the fixnum tags */
  }
}

int marrow_is_nil(marrow_value v) { return NILP(v); }
int marrow_is_integer(marrow *M, marrow_value v) { return INTEGERP(v); }
int marrow_is_fixnum(marrow_value v) { return FIXNUMP(v); }
int marrow_is_float(marrow_value v) { return FLOATP(v); }
int marrow_is_number(marrow *M, marrow_value v) { return NUMBERP(v); }
int marrow_is_string(marrow_value v) { return STRINGP(v); }
int marrow_is_symbol(marrow_value v) { return SYMBOLP(v); }
int marrow_is_cons(marrow_value v) { return CONSP(v); }
int marrow_is_list(marrow_value v) { return CONSP(v) || NILP(v); }
int marrow_is_vector(marrow *M, marrow_value v) { return VECTORP(v); }
int marrow_eq(marrow_value a, marrow_value b) { return a == b; }

int marrow_is_function(marrow *M, marrow_value v)
{
  bool ok;
  mval r = Qnil;
  GUARD(M, ok, r, functionp(M->rt, v) ? Qt : Qnil);
  return ok && !NILP(r);
}

/* Lisp's own `equal' (fns.c), so that hosts and Lisp always agree. */
static mval lisp_equal(mrt *rt, mval a, mval b) { return call2(rt, Qequal, a, b); }

int marrow_equal(marrow *M, marrow_value a, marrow_value b)
{
  if (a == b)
    return 1;
  bool ok;
  mval r = Qnil;
  GUARD(M, ok, r, lisp_equal(M->rt, a, b));
  return ok && !NILP(r);
}

/* ---- Printing ---- */

marrow_value marrow_print(marrow *M, marrow_value v, int escape)
{
  RETURN_GUARDED(M, print_to_string(M->rt, v, escape != 0));
}

size_t marrow_print_buf(marrow *M, marrow_value v, int escape, char *buf, size_t size)
{
  mval s = marrow_print(M, v, escape);
  size_t len = STRINGP(s) ? (size_t)XSTRING(s)->nbytes : 0;
  if (size > 0) {
    size_t n = len < size - 1 ? len : size - 1;
    if (n)
      memcpy(buf, XSTRING(s)->data, n);
    buf[n] = '\0';
  }
  return len;
}

void marrow_free(void *p) { free(p); }

/* ================================================================== */
/* Primitives written in C                                            */
/* ================================================================== */

static mval host_trampoline(mrt *rt, int nargs, mval *args, void *data)
{
  struct host_fn *h = data;
  marrow *M = h->M;
  mval result = h->fn(M, nargs, args, h->userdata);
  if (M->exit_pending) {
    M->exit_pending = false;
    throw_kill_emacs(rt, make_fixnum(M->exit_code));
  }
  return result;
}

static mval define_host_fn(mrt *rt, const char *name, struct host_fn *h, int min_args,
                           int max_args)
{
  mval sym = intern(rt, name);
  mval subr = make_subr(rt, sym, NULL, host_trampoline, h, min_args,
                        max_args == MARROW_MANY ? ARGS_MANY : max_args);
  SYMBOL_SET(rt->gc, XSYMBOL(rt, sym), function, subr);
  return sym;
}

int marrow_defun(marrow *M, const char *name, marrow_cfunction fn, int min_args,
                 int max_args, void *userdata)
{
  if (!name || !fn || min_args < 0 || (max_args != MARROW_MANY && max_args < min_args))
    return MARROW_ERROR;
  struct host_fn *h = malloc(sizeof *h);
  if (!h)
    return MARROW_ERROR;
  *h = (struct host_fn){.next = M->host_fns, .M = M, .fn = fn, .userdata = userdata};
  M->host_fns = h; /* owned from here on, even if defining fails */
  bool ok;
  mval sym = Qnil;
  GUARD(M, ok, sym, define_host_fn(M->rt, name, h, min_args, max_args));
  (void)sym;
  return ok ? MARROW_OK : MARROW_ERROR;
}

void marrow_signal(marrow *M, marrow_value error_symbol, marrow_value data)
{
  mrt_signal(M->rt, error_symbol, data);
}

void marrow_error(marrow *M, const char *fmt, ...)
{
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  mrt_error(M->rt, buf);
}

void marrow_wrong_type(marrow *M, const char *predicate, marrow_value value)
{
  wrong_type_argument(M->rt, intern(M->rt, predicate), value);
}

static mval define_error_named(mrt *rt, const char *name, const char *message,
                               const char *parent)
{
  mval sym = intern(rt, name);
  define_error(rt, sym, message, parent ? intern(rt, parent) : Qerror);
  return sym;
}

int marrow_define_error(marrow *M, const char *name, const char *message, const char *parent)
{
  if (!name || !message)
    return MARROW_ERROR;
  bool ok;
  mval sym = Qnil;
  GUARD(M, ok, sym, define_error_named(M->rt, name, message, parent));
  (void)sym;
  return ok ? MARROW_OK : MARROW_ERROR;
}

/* ================================================================== */
/* References                                                         */
/* ================================================================== */

/* A slot is free when it is on the free list; free_next[i] is -1 for a
   live slot. */
static bool ref_is_live(const marrow *M, int i) { return M->free_next[i] < 0; }

static bool refs_grow(marrow *M)
{
  int cap = M->refs_cap ? M->refs_cap * 2 : 64;
  mval *refs = realloc(M->refs, (size_t)cap * sizeof *refs);
  if (!refs)
    return false;
  M->refs = refs;
  int *next = realloc(M->free_next, (size_t)cap * sizeof *next);
  if (!next)
    return false;
  M->free_next = next;
  M->refs_cap = cap;
  if (M->refs_used == 0)
    M->refs_used = 1; /* 0 means "no reference" */
  return true;
}

int marrow_ref(marrow *M, marrow_value v)
{
  int i = M->free_head;
  if (i > 0) {
    M->free_head = M->free_next[i];
  } else {
    if (M->refs_used >= M->refs_cap && !refs_grow(M))
      return 0;
    i = M->refs_used++;
  }
  M->refs[i] = v;
  M->free_next[i] = -1;
  return i;
}

marrow_value marrow_deref(marrow *M, int ref)
{
  if (ref <= 0 || ref >= M->refs_used || !ref_is_live(M, ref))
    return Qnil;
  return M->refs[ref];
}

void marrow_unref(marrow *M, int ref)
{
  if (ref <= 0 || ref >= M->refs_used || !ref_is_live(M, ref))
    return;
  M->refs[ref] = Qnil;
  M->free_next[ref] = M->free_head;
  M->free_head = ref;
}

/* ================================================================== */
/* The collector                                                      */
/* ================================================================== */

static mval collect_now(mrt *rt)
{
  gc_collect(rt->gc, "marrow_collect");
  return Qnil;
}

int marrow_collect(marrow *M)
{
  bool ok;
  mval r = Qnil;
  GUARD(M, ok, r, collect_now(M->rt));
  (void)r;
  return ok ? MARROW_OK : MARROW_ERROR;
}

static void copy_kind(marrow_kind_stats *out, const struct heap_kind_stats *k)
{
  out->used = k->used;
  out->free = k->free;
  out->used_bytes = k->used_bytes;
  out->free_bytes = k->free_bytes;
}

void marrow_get_stats(marrow *M, marrow_stats *out)
{
  struct gc_stats s;
  memset(&s, 0, sizeof s);
  gc_get_stats(M->rt->gc, &s);
  memset(out, 0, sizeof *out);
  out->gcs_done = s.gcs_done;
  out->gc_elapsed = s.gc_elapsed;
  out->mark_time = s.mark_time;
  out->sweep_time = s.sweep_time;
  out->heap_bytes = s.heap_bytes;
  out->live_bytes_after_gc = s.live_bytes_after_gc;
  out->bytes_since_gc = s.bytes_since_gc;
  out->external_bytes = s.external_bytes;
  out->gmp_bytes = s.gmp_bytes;
  copy_kind(&out->conses, &s.kinds[HEAP_CONS]);
  copy_kind(&out->floats, &s.kinds[HEAP_FLOAT]);
  copy_kind(&out->symbols, &s.kinds[HEAP_SYMBOL]);
  copy_kind(&out->strings, &s.kinds[HEAP_STRING]);
  copy_kind(&out->vectors, &s.kinds[HEAP_VECTOR]);
  copy_kind(&out->large, &s.kinds[HEAP_LARGE]);
}

void marrow_set_heap_limit(marrow *M, size_t bytes) { gc_set_heap_limit(M->rt->gc, bytes); }
/* The Lisp variable too, or the next collection would switch it back. */
void marrow_set_gc_log(marrow *M, int on)
{
  gc_set_log(M->rt->gc, on != 0);
  SYMBOL_SET(M->rt->gc, XSYMBOL(M->rt, Qgarbage_collection_messages), value, on ? Qt : Qnil);
}

void marrow_attach_thread(marrow *M)
{
  mrt *prev = mrt_current;
  runtime_enter(M->rt);
  mrt_current = prev ? prev : M->rt;
}

void marrow_set_userdata(marrow *M, void *p) { M->userdata = p; }
void *marrow_userdata(marrow *M) { return M->userdata; }
