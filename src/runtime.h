/*
** runtime.h -- layer 4: the runtime object, non-local exits and the
** dynamic-binding stack.
**
** Every piece of mutable state lives in one `mrt` (marrow runtime),
** passed as the first argument everywhere, as Lua passes lua_State.
** Several runtimes may live in one process; each is used by one thread
** at a time.  The only thread-local is `mrt_current`, which GMP's
** global memory hooks need to find the runtime they allocate for.
**
** Non-local exits.  A handler is a struct on the C stack of the
** function that establishes it:
**
**     struct handler h;
**     handler_push(rt, &h, HANDLER_CATCH, tag);
**     if (setjmp(h.jmp) == 0) {
**       result = ...body...;
**       handler_pop(rt, &h);
**     } else {
**       result = h.value;     (the throw or signal already popped h)
**     }
**
** A throw or signal first unwinds the specpdl down to the handler's
** depth -- running unwind-protect cleanups and restoring dynamic
** bindings on top of the still-live C stack -- and only then longjmps.
** Locals changed between setjmp and longjmp must be volatile.
*/
#ifndef MARROW_RUNTIME_H
#define MARROW_RUNTIME_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>

#include "object.h"
#include "gc.h"

typedef struct mrt mrt;

enum handler_type {
  HANDLER_CATCH,          /* tag: the catch tag (eq) */
  HANDLER_CONDITION_CASE, /* tag: a condition name or a list of them */
  HANDLER_CATCH_ALL       /* every throw and signal: protected calls */
};

struct handler {
  enum handler_type type;
  mval tag;
  mval value;   /* thrown value, or (ERROR-SYMBOL . DATA) for signals */
  bool is_signal; /* for CATCH_ALL: was it a signal or an uncaught throw? */
  mval throw_tag; /* for CATCH_ALL on a throw: its tag */
  jmp_buf jmp;
  struct handler *prev;
  size_t specpdl_depth;
  int lisp_eval_depth;
  size_t stack_top;  /* rt->stack_top to restore */
  void *backtrace;   /* rt->backtrace to restore */
};

enum specpdl_kind {
  SPECPDL_LET,         /* restore SYMBOL's value to OLD */
  /* SYMBOL had a buffer-local binding in the buffer of WHERE (a locals
     cons, see "Variables"): restore it there, if it still exists. */
  SPECPDL_LET_LOCAL,
  /* SYMBOL may be buffer-local but had no binding in WHERE's buffer:
     the let bound the default value, restored to OLD. */
  SPECPDL_LET_DEFAULT,
  SPECPDL_UNWIND       /* call FN(rt, ARG): unwind-protect cleanups */
};

struct specbinding {
  enum specpdl_kind kind;
  mval symbol;  /* LET* */
  mval old;     /* LET*: old value (may be Qunbound); UNWIND: ARG */
  mval where;   /* LET_LOCAL, LET_DEFAULT: the locals cons of the buffer */
  void (*fn)(mrt *rt, mval arg);
};

struct eval_state;     /* eval.c */
struct reader_stream;  /* reader.c */
struct printer_state;  /* printer.c */
struct bignum_state;   /* bignum.c */
struct buffer_state;   /* buffer.c */
struct bytecode_state; /* bytecode.c */

/* Where output goes: message and stderr output to `err`, standard
   output (princ, print, ...) to `out`.  Hosts may redirect both. */
typedef void (*mrt_write_fn)(void *ud, const char *buf, size_t n);

struct obarray {
  struct symbol **buckets;
  size_t nbuckets;
  size_t count;
};

/* A counter the runtime keeps, for defvar_counted. */
typedef uint64_t (*variable_count_fn)(mrt *rt);

struct mrt {
  struct gc *gc;
  struct symtab *symtab; /* == gc_symtab(gc), cached for XSYMBOL */
  struct obarray obarray;

  /* Non-local exits and dynamic binding */
  struct handler *handlers;
  struct specbinding *specpdl;
  size_t specpdl_depth, specpdl_cap, max_specpdl_size;
  int lisp_eval_depth;
  /* kill-emacs is unwinding to the host: Emacs exits at once, so no
     unwind-protect cleanup form runs, though bindings are still undone
     for a host that goes on using the runtime (sysfns.h). */
  bool killing;
  /* Destructive list operations (setcar, nconc, sort, ...) so far: a
     closure whose list Lisp has seen checks that list again after one
     (see closure_as_list). */
  uint64_t list_edits;

  /* A value stack the evaluator may use for arguments and locals; it is
     a precise root up to stack_top and is reset by non-local exits. */
  mval *stack;
  size_t stack_top, stack_cap;
  void *backtrace; /* the evaluator's, restored by non-local exits */

  /* The bignum the evaluator's last + - * fast path returned, when it
     was a new object (else anything but a bignum an expression could
     hold): the next operation may compute into it.  Compared, never
     followed, so not a root. */
  mval fresh_bignum;
  /* A temporary the evaluator has used up (the dividend of a quotient),
     kept for the next + - * that needs a bignum to compute into instead
     of allocating one; a root.  Anything but a bignum when none. */
  mval spare_bignum;
  /* As in Emacs, every vector of no elements is this one object, and
     every string of no bytes one of these two (roots). */
  mval empty_vector, empty_unibyte, empty_multibyte;
  /* The current buffer's locals cons (BUFFER . ALIST) (see "Variables"
     below), nil before buffer.c makes the first buffer; a root. */
  mval locals;
  /* window.c's one frame (nil before window_init); a root. */
  mval frame;
  /* The live processes, oldest first (process.c); a root. */
  mval processes;
  /* textprop.c's last interval list looked into, and the same as a
     vector for binary search (nil, nil at first); roots, so the list
     cannot die and its address name another. */
  mval intervals_seen, intervals_vector;
  /* The error object memory_full signals: memory-signal-data's value
     when it last ran, its initial value before; a root. */
  mval memory_full_error;
  mval initial_obarray; /* the vector `obarray' names the symbol table by */
  /* A collection has ended since post-gc-hook last ran (sysfns.c). */
  bool post_gc_pending;

  /* Subsystem states (layer 5 and up own their structs) */
  struct bignum_state *bignum;
  struct eval_state *eval;
  struct reader_stream *reader_stream; /* reader.c: a loading file's text, for (read) */
  struct printer_state *printer;
  struct buffer_state *buffers;
  struct syntax_state *syntax;
  struct bytecode_state *bytecode;
  void *host; /* the API layer's per-runtime data */

  mrt_write_fn write_out, write_err;
  void *write_ud;
  /* Standard output was written since the last message: as batch
     Emacs, the next message starts with a newline on stderr. */
  bool message_needs_newline;
  /* The last character the printer put on its own to standard output
     (terpri's ENSURE); 0 before any. */
  int stdout_last_char;

  /* Called before a write to a symbol whose trapped_write flag is set:
     the variable watchers (data.c).  OPERATION is set, let, unlet,
     makunbound, defvaralias or set-default; WHERE the buffer whose
     binding changes, or nil. */
  void (*on_trapped_write)(mrt *rt, mval symbol, mval newval, mval operation, mval where);
  /* What a write of NEWVAL to a checked symbol (to its default value
     if OF_DEFAULT) stores, or a signal (variables.c). */
  mval (*on_checked_write)(mrt *rt, mval symbol, mval newval, bool of_default);

  /* The counted variables (defvar_counted): few, and read seldom. */
  struct counted_variable {
    mval symbol;
    variable_count_fn count;
    int64_t offset; /* the value set minus the count then */
  } counted[8];
  int ncounted;

  /* Called by mrt_signal before unwinding, e.g. to print a backtrace
     with --debug.  May be NULL. */
  void (*on_signal)(mrt *rt, mval error_symbol, mval data);

  /* How many groups Emacs's match registers have room for: the most a
     match so far set (at least 3, as in a fresh Emacs).  replace-match
     checks its SUBEXP and a buffer replacement's \N against it. */
  int64_t match_regs;
};

/* The runtime that GMP's allocation hooks charge on this thread. */
extern _Thread_local mrt *mrt_current;

/* ---- Life cycle (layer 4 only: the API layer adds layers 5+) ---- */
mrt *runtime_open(const struct gc_config *cfg);
void runtime_close(mrt *rt);
/* Make RT the current runtime of this thread (GMP hooks, stack scan). */
void runtime_enter(mrt *rt);

/* ---- Symbols (symbol.c) ---- */
static inline struct symbol *XSYMBOL(mrt *rt, mval x)
{
  return rt->symtab->at[SYMBOL_INDEX(x)];
}
mval intern(mrt *rt, const char *name);
mval intern_len(mrt *rt, const char *name, size_t len);
mval intern_string(mrt *rt, mval string);  /* string -> interned symbol */
mval intern_soft(mrt *rt, const char *name, size_t len); /* Qunbound if absent */
mval make_symbol(mrt *rt, mval name);      /* uninterned */
/* Takes interned SYM out of the obarray (it becomes ordinary garbage);
   false when it was not there. */
bool obarray_remove(mrt *rt, mval sym);
/* Stores up to MAX interned symbols in OUT, without allocating;
   returns how many there are. */
size_t obarray_symbols(mrt *rt, mval *out, size_t max);
const char *symbol_name(mrt *rt, mval sym);
bool symbols_init(mrt *rt);                /* interns symbols.def */
bool keywordp(mrt *rt, mval x);
mval get_prop(mrt *rt, mval sym, mval prop);
void put_prop(mrt *rt, mval sym, mval prop, mval val);
/* Define a table of primitives: each becomes a subr in its symbol's
   function cell. */
void defsubrs(mrt *rt, const struct subr_def *defs, size_t n);
mval make_subr(mrt *rt, mval name, subr_fn fn, subr_fn_data fnd, void *data,
               int min_args, int max_args);
/* defvar from C: make SYM special with VALUE. */
void defvar(mrt *rt, mval sym, mval value);
/* defvar of a counter the runtime keeps, read through COUNT at each
   read of SYM: setting SYM to N makes the next reads N plus what was
   counted since, as setting Emacs's DEFVAR_INT counters does. */
void defvar_counted(mrt *rt, mval sym, variable_count_fn count);

/* ---- Variables (symbol.c) ----
   A variable's value is its symbol's value cell unless the symbol's
   redirect says otherwise (object.h).  A SYMBOL_LOCALIZED variable's
   cell holds its default value, and its buffer-local bindings are
   conses (SYMBOL . VALUE), VALUE Qunbound when locally void, in the
   alists of *locals conses* (BUFFER . ALIST), one per buffer (its
   locals slot, buffer.h); rt->locals is the current buffer's.  As in
   Emacs, a let of such a variable binds the current buffer's binding
   if it has one, else the default value, and its end restores what it
   bound (specbind). */
enum set_kind { SET_SET, SET_BIND, SET_UNBIND }; /* the watchers' set, let, unlet */
/* The symbol holding SYM's value: SYM, or what defvaralias aliased it to. */
mval variable_base(mrt *rt, mval sym);
mval redirected_value(mrt *rt, mval sym);
/* SYM's value in the current buffer, Qunbound when void. */
static inline mval find_symbol_value(mrt *rt, mval sym)
{
  struct symbol *s = XSYMBOL(rt, sym);
  return __builtin_expect(s->redirect, 0) ? redirected_value(rt, sym) : s->value;
}
mval symbol_value(mrt *rt, mval sym);      /* signals void-variable */
/* setq: signals setting-constant, runs the watchers. */
void set_symbol_value(mrt *rt, mval sym, mval v);
/* Sets SYM to V (Qunbound: makunbound) in the buffer of locals cons
   WHERE, nil for the current one, as Emacs's set_internal. */
void set_internal(mrt *rt, mval sym, mval v, mval where, enum set_kind kind);
mval default_value(mrt *rt, mval sym);     /* Qunbound when void */
void set_default(mrt *rt, mval sym, mval v, enum set_kind kind);
/* The buffer-local binding (BASE . VALUE) of variable BASE (no alias)
   in the buffer of locals cons LOCALS, or nil. */
mval local_binding(mrt *rt, mval base, mval locals);
/* Gives BASE a binding in the current buffer with its default value
   (make-local-variable), making it SYMBOL_LOCALIZED. */
void make_local_binding(mrt *rt, mval base);
/* Makes BASE SYMBOL_LOCALIZED, with no bindings yet. */
void localize_variable(mrt *rt, mval base);
/* Whether a let made in the current buffer binds BASE. */
bool let_shadows_buffer_binding(mrt *rt, mval base);
/* The watchers of BASE, if it has any, before a write. */
static inline void notify_watchers(mrt *rt, mval base, mval newval, mval operation, mval where)
{
  if (XSYMBOL(rt, base)->trapped_write && rt->on_trapped_write)
    rt->on_trapped_write(rt, base, newval, operation, where);
}

/* ---- Constructors ---- */
static inline mval Fcons(mrt *rt, mval a, mval b) { return gc_cons(rt->gc, a, b); }
static inline mval make_float(mrt *rt, double d) { return gc_float(rt->gc, d); }
mval make_string(mrt *rt, const char *s, size_t nbytes); /* UTF-8 */
mval make_cstring(mrt *rt, const char *s);
static inline mval empty_string(mrt *rt, bool multibyte)
{
  return multibyte ? rt->empty_multibyte : rt->empty_unibyte;
}
mval make_vector(mrt *rt, size_t n, mval init);
mval make_bool_vector(mrt *rt, size_t nbits, bool init);
/* A vector of N values copied from SRC (which may be NULL when N is 0). */
mval make_vector_from(mrt *rt, size_t n, const mval *src);
mval list1(mrt *rt, mval a);
mval list2(mrt *rt, mval a, mval b);
mval list3(mrt *rt, mval a, mval b, mval c);
mval list4(mrt *rt, mval a, mval b, mval c, mval d);
mval listn(mrt *rt, size_t n, const mval *v);
/* Count UTF-8 characters; sets *multibyte when any byte is >= 0x80. */
int64_t utf8_count_chars(const uint8_t *s, size_t n, bool *multibyte);

/* ---- Non-local exits ---- */
void handler_push(mrt *rt, struct handler *h, enum handler_type type, mval tag);
void handler_pop(mrt *rt, struct handler *h);
_Noreturn void mrt_signal(mrt *rt, mval error_symbol, mval data);
/* Signals ERR, the error object (ERROR-SYMBOL . DATA) itself, without
   rt->on_signal: no debugger and no batch backtrace, as Emacs's
   (signal nil ERR). */
_Noreturn void mrt_signal_object(mrt *rt, mval err);
/* A protected call, as lua_pcall: FN(RT, UD)'s value, or with *FAILED
   set the error object (ERROR-SYMBOL . DATA) of a signal or uncaught
   throw. */
typedef mval (*mrt_thunk)(mrt *rt, const void *ud);
mval runtime_protect(mrt *rt, mrt_thunk fn, const void *ud, bool *failed);
_Noreturn void mrt_throw(mrt *rt, mval tag, mval value);
_Noreturn void xsignal0(mrt *rt, mval err);
_Noreturn void xsignal1(mrt *rt, mval err, mval a);
_Noreturn void xsignal2(mrt *rt, mval err, mval a, mval b);
_Noreturn void xsignal3(mrt *rt, mval err, mval a, mval b, mval c);
_Noreturn void wrong_type_argument(mrt *rt, mval predicate, mval value);
_Noreturn void args_out_of_range(mrt *rt, mval a, mval b);
_Noreturn void mrt_error(mrt *rt, const char *msg); /* (error "MSG") */
_Noreturn void mrt_errorf(mrt *rt, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
/* Signals memory-signal-data's value, as Emacs's memory_full does. */
_Noreturn void memory_full(mrt *rt);
/* True when ERR, an error object a handler caught, is the one
   memory_full signalled: C recognises a memory-full by identity (the
   error symbol is plain `error'). */
bool is_memory_full_error(mrt *rt, mval err);
/* Bytes that must still be available for memory-full to be no shortage. */
#define MEMORY_FULL_SPARE (16 * 1024)
/* What batch Emacs prints for memory-full, memory-signal-data's text. */
#define MEMORY_FULL_MESSAGE "Memory exhausted--use C-x s then exit and restart Emacs"

/* True when ERROR_SYMBOL's error-conditions include CONDITION. */
bool error_has_condition(mrt *rt, mval error_symbol, mval condition);
/* True when a condition-case SPEC (t, a condition, or a list of them)
   catches ERROR_SYMBOL; SPEC may also be a vector of them, those of
   all an interpreted condition-case's clauses. */
bool condition_spec_matches(mrt *rt, mval spec, mval error_symbol);
/* The spec of TAG (a spec or a vector of them, as above) that catches
   ERROR_SYMBOL, the first in the vector; Qunbound when none does. */
mval condition_clause_matching(mrt *rt, mval tag, mval error_symbol);
void define_error(mrt *rt, mval name, const char *message, mval parents);

/* (define-error NAME MESSAGE PARENTS), checked as Emacs checks it:
   MESSAGE any value (nil for none), PARENTS nil (no parent: Lisp's nil
   means `error', which the caller passes), a symbol or a list of known
   errors. */
void define_error_object(mrt *rt, mval name, mval message, mval parents);

#define CHECK_TYPE(rt, ok, pred, x) \
  do { if (!(ok)) wrong_type_argument((rt), (pred), (x)); } while (0)
#define CHECK_LIST(rt, x) CHECK_TYPE(rt, CONSP(x) || NILP(x), Qlistp, x)
#define CHECK_CONS(rt, x) CHECK_TYPE(rt, CONSP(x), Qconsp, x)
#define CHECK_SYMBOL(rt, x) CHECK_TYPE(rt, SYMBOLP(x), Qsymbolp, x)
#define CHECK_STRING(rt, x) CHECK_TYPE(rt, STRINGP(x), Qstringp, x)
#define CHECK_FIXNUM(rt, x) CHECK_TYPE(rt, FIXNUMP(x), Qfixnump, x)
#define CHECK_INTEGER(rt, x) CHECK_TYPE(rt, INTEGERP(x), Qintegerp, x)
#define CHECK_NUMBER(rt, x) CHECK_TYPE(rt, NUMBERP(x), Qnumber_or_marker_p, x)
#define CHECK_VECTOR(rt, x) CHECK_TYPE(rt, VECTORP(x), Qvectorp, x)

/* ---- Dynamic binding and unwind-protect ---- */
void specbind(mrt *rt, mval symbol, mval value);
void record_unwind(mrt *rt, void (*fn)(mrt *rt, mval arg), mval arg);
void unbind_to(mrt *rt, size_t depth);

/* ---- Evaluator value stack ---- */
void stack_reserve(mrt *rt, size_t n); /* signals on overflow */

/* ---- Output ---- */
void mrt_write_out(mrt *rt, const char *buf, size_t n);
void mrt_write_err(mrt *rt, const char *buf, size_t n);

#endif
