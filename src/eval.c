/*
** eval.c -- layer 5: the evaluator: special forms, closures,
** funcall/apply, macros and backquote.
**
** ==================================================================
** Design: analyse once, run a tree of C closures
** ==================================================================
**
** A form is never interpreted from its list structure twice.  Each
** function body (and each top-level form) is *analysed* once into a
** tree of nodes: a node is a small C struct whose first field is the C
** function that evaluates it (`ev`), in the manner of a "closure
** compiler".  Analysis does all the work an interpreter would repeat
** on every evaluation:
**
**   - macros are expanded (once);
**   - special forms are recognised and checked for shape;
**   - every lexical variable is resolved to a *frame slot*, every
**     special (defvar'd) variable to its symbol, so a variable
**     reference is one load: fp[slot];
**   - calls to the common primitives (+ - 1+ 1- < > = eq car cdr ...)
**     get nodes with a fixnum fast path, guarded by a check that the
**     symbol's function cell still holds the primitive (redefinition
**     works: the guard fails and the node makes an ordinary call).
**
** Frames.  A function's frame lives on rt->stack (a precise root):
**
**     fp[0 .. nparams)          the arguments (&rest as one list)
**     fp[nparams .. cap_base)   let-bound locals (slots reused by
**                               disjoint scopes; a let reserves its
**                               slots before analysing its inits, so
**                               an init's temporaries live above them)
**     fp[cap_base .. nslots)    values captured by this closure,
**                               copied in at entry
**
** A call evaluates its arguments straight onto the stack above the
** caller's frame; they become the callee's fp[0..], so calling a
** closure or binding a fixnum with `let` allocates nothing.  The stack
** is reserved once in eval_init and never moves, so fp stays valid;
** each function's analysis records how many slots it may need
** (`stack_need`: frame plus pending call arguments), checked once per
** call.
**
** Closures.  Inner lambdas are analysed together with their parent.
** A closure object (PVEC_CLOSURE) holds its PVEC_CODE and the values
** it captured.  Only variables that are captured by an inner closure
** and either mutated (setq) somewhere, shared by several closures or
** read after a call that follows the capture live in a box, the cons
** (NAME . VALUE) that Emacs's environment would hold; all others are
** copied by value.  Those shared by closures made in one function also
** get a spine cell, so that the closures share their environment list
** as in Emacs (see "Spines").  Whether a variable needs a box is only
** known at the end of its scope, so nodes that touch it are recorded
** on the variable during analysis and patched when the scope closes.
** For printing, a closure also keeps the values of the variables
** visible where it was made but not used by it (boxed if setq'd, so
** the current value shows), and the closure it was made in, so that
** it prints the environment Emacs would hold (its code records the
** names, in Emacs's order); copying them costs what dropping the
** lambda list and body from the closure (its code has them) saved.
** Top-level lambdas (no lexical environment) are macroexpanded when
** created in a form load evaluates (Emacs's eager expansion; eval's
** forms are not, as in Emacs) but analysed lazily at their first call,
** so a defvar or defmacro that follows a defun still takes effect in
** it, as in Emacs's interpreter.  A closure's
** parameters are always lexical, even when special (Emacs 28's
** interpreter does the same); `let' binds special variables
** dynamically.
**
** A call analysed as a function call whose function is a macro when
** it runs (defined later, as by a defmacro inside a defun) is expanded
** then, at each run, as Emacs's interpreter does; the expansion is
** analysed as a closure over the variables the call could see and
** cached on the node, to be analysed again only when a later
** expansion is not `equal' to it.  The variables a call sees whose
** function is a macro or none when it is analysed live in boxes, which
** the frame, the expansion and closures share (box_site_vars), so a
** late setq reaches a closure made before it.  Code analysed after its expansion
** (a top-level lambda at its first call, such an expansion) is
** "late": a macro met in it came after load's eager expansion, so its
** calls get those nodes too.  A fast primitive node checks its
** function cell before evaluating its operands, as Emacs's eval finds
** the function first; if the cell changed (the primitive redefined,
** even as a macro) the node runs as the plain call node of its form.
** Fast nodes have twins chosen by their operands' shape at analysis
** (see "Leaf twins"); any twin can hand over to its general node.
**
** Errors in analysis (a malformed special form, a failing macro) do
** not escape: the form analyses to a node that signals the same error
** when evaluated, so a condition-case around it catches it as in
** Emacs.  Errors name functions as Emacs does: the symbol when called
** by name from code, the object when called through funcall.
**
** Bignums without allocation.  Two-argument + - * nodes compute into
** a bignum that the node below has just made (a temporary nothing else
** can hold), and a statement (setq V (OP V X)) on a special variable
** overwrites V's bignum when the symbol's value_owned bit says nothing
** else holds it (see "(setq V (OP V X)) in place").  Arithmetic and
** comparisons read such a V without clearing the bit (ev_gpeek); a
** function whose body ends in such a setq updates in place when its
** caller throws the value away (run_code's value_unused); and the
** dividend of (truncate TEMP D) is recycled as rt->spare_bignum.  All
** are invisible: every other way to reach a value clears the bit.
**
** Storage.  A PVEC_CODE object owns an arena (gc_xmalloc'd) holding
** its nodes; its finalizer frees the arena.  Every Lisp value a node
** holds is also on the code object's constants list (a marked slot),
** so the arena never holds the only reference to anything.
**
** Special variables are bound with specbind and restored by
** unbind_to, also on non-local exits (handlers unwind the specpdl).
** The evaluation depth (max-lisp-eval-depth, 1600 as in Emacs 28.2)
** counts function calls and macro expansions; separately the C stack
** is measured at every call (against the deepest nesting its body can
** reach) and at every analysed form, against a limit found per thread,
** so deep recursion signals excessive-lisp-nesting instead of
** overflowing, whatever the depth limit is set to.  A backtrace of
** calls (rt->backtrace, records on the C stack) serves --debug.
**
** Backtrace forms.  Emacs's interpreter also shows each form being
** evaluated (special forms, calls whose arguments are pending) as a
** frame.  Those are recovered without cost to the calls: analysis
** gives each call node the chain of cons forms around it in its body
** (struct form_rec, in the arena, made only for forms with a call or a
** special variable inside: a void one's error shows them too), and a
** call passes its node's chain to the callee's record
** (bt_frame.site); mapbacktrace walks the chains.  Forms load expands
** eagerly show their expansion, as macroexpand-all would rebuild them;
** marrow's own Lisp library (which Emacs byte-compiles) records none.
**
** Backtrace arguments.  A call's record points at its frame's first
** slots, the parameters, as the arguments it shows.  Emacs shows the
** values the call was given, which a parameter stops holding once it
** is setq'd (or boxed: its slot then holds the box).  Analysis knows
** which parameters that happens to: only those functions reserve
** NPARAMS more slots (code's ARGS_COPY), copy the arguments there at
** entry and point the record at the copy; the others pay nothing.
** funcall's record shows the very slots its callee's frame starts
** with: such a callee gives it a copy of them too.
** A macro defined after the function was analysed, whose expansion
** setq's a parameter, boxes it for the expansion's run; before the
** box's value goes back to the frame, the record gets a copy of the
** arguments then (keep_args_shown), on that rare path alone.
**
** Invariants:
**   - rt->stack[0 .. stack_top) holds only valid values: a frame's
**     slots are initialised before stack_top covers them.
**   - rt->stack never moves after eval_init.
**   - nodes are immutable once analysis of their function ends.
*/
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pthread_getattr_np */
#endif
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "bytecode.h"
#include "compiled.h"
#include "sysfns.h"

#include "arith.h"
#include "fns.h"
#include "load.h"
#include "printer.h"
#include "reader.h"

/* ================================================================== */
/* Object layouts                                                     */
/* ================================================================== */

typedef struct node node;
typedef mval (*ev_fn)(mrt *rt, const node *n, mval *fp);

struct node {
  ev_fn ev;
  int32_t slot;   /* frame slot; or a count */
  int32_t count;  /* number of kids */
  mval k;         /* a constant, symbol, subr or code object */
  mval fk;        /* fast paths: the primitive the function cell must hold */
  struct symbol *sym;
  node *a, *b;
  union {
    node *c;
    /* call nodes, and special variables' (for a void one's error):
       the form around, for the backtrace */
    const struct form_rec *where;
  };
  node **kids;
  union {
    struct binding *binds;
    struct call_site *site; /* ev_call: for a macro met at run time */
  };
};

/* A form being evaluated, as the backtrace shows it: a call node's
   form and the forms around it in its body, up to the body's own
   (UP NULL).  They live in the code's arena and hold forms that the
   code keeps alive (its source, or the expansions it keeps). */
struct form_rec {
  mval form;
  const struct form_rec *up;
};

/* How a binding (a parameter or a let variable) is stored. */
/* BIND_DYNAMIC: a let analysed as lexical whose symbol became special
   while its code ran (eval_make_special): it binds dynamically now,
   and leaves Qunbound in its slot for its references to see. */
enum bind_mode { BIND_LEXICAL, BIND_BOXED, BIND_SPECIAL, BIND_DYNAMIC };

struct binding {
  mval sym;
  int32_t slot;
  uint8_t mode;
  bool assigned; /* setq'd somewhere in its scope */
  node *init;
  /* A boxed variable that closures made over one binding of it share
     (see "spines"): >= 0, the slot of its spine cell (BOX . REST),
     REST being what the node REST reads. */
  int32_t spine_slot;
  node *rest;
};

/* A let's lexical binding, kept for eval_make_special: should its
   symbol become special while the code runs, the let binds it
   dynamically from then on and its references look past it.  A code
   also keeps a record (B and LET NULL) of each variable it captured
   from another code's let, so that each code is patched from what its
   own arena holds: the other may be dead and freed by then. */
struct let_record {
  struct binding *b;
  struct var *v;
  node *let;
  struct let_record *next;
};

struct arena_chunk {
  struct arena_chunk *next;
  size_t used, cap;
  char data[];
};

/* PVEC_CODE: the analysed form of one body.  Lisp slots, then raw
   fields that the collector does not look at. */
struct code {
  uint64_t header;
  /* (ARGS . BODY): the cdr of the lambda form it was analysed from,
     the very cons a closure's list (closure ENV ARGS . BODY) shows, as
     in Emacs where closures share it with the code that made them. */
  const mval source;
  const mval snapshot; /* exposed: a copy of SOURCE to notice edits by */
  const mval consts;   /* every Lisp value the nodes refer to */
  const mval capnames; /* names of captured variables, in slot order */
  const mval env;      /* nested lambdas: the environment a printed closure shows */
  const mval lexicals; /* top level: the symbols its lets (and its lambdas') bind lexically */
  const mval stubs;    /* the stubs of the top-level lambdas in it */
  const mval declared; /* the bare (defvar SYM)s in force when analysed */
  /* raw */
  struct arena_chunk *arena;
  node *body_node;     /* NULL: a stub, a top-level lambda not analysed yet */
  struct binding *params;
  /* nparams = nreq + nopt + (rest ? 1 : 0) + the variables after the
     rest variable */
  int32_t nreq, nopt, nparams;
  int32_t rest;
  /* The argument count a call may take without the slow entry: -1 for
     a &rest list, a bad lambda list or exposed code. */
  int32_t fast_nargs;
  /* Lisp has seen SOURCE (a closure's list): a call compares it with
     SNAPSHOT after a list edit, and a changed one makes the closure run
     its list (STALE once that happened). */
  bool exposed, stale;
  bool late;           /* analysed after load's eager expansion */
  bool library;        /* marrow's own Lisp (fscope's LIBRARY) */
  uint64_t edits_seen; /* rt->list_edits when SOURCE last matched */
  int64_t epoch;       /* rt->eval->special_epoch when analysed */
  int32_t nslots, ncap, cap_base;
  int32_t stack_need;  /* frame + pending arguments, in slots */
  int32_t cdepth;      /* deepest node nesting, for the C stack guard */
  int32_t has_special; /* some parameter is dynamically bound */
  /* Work at entry past the fast path: a parameter to box or bind
     dynamically, or the arguments to keep (ARGS_COPY). */
  int32_t slow_entry;
  /* -1, or the first of NPARAMS slots that keep the arguments the
     call was given, for the backtrace, when a parameter is setq'd or
     boxed (see "Backtrace arguments"). */
  int32_t args_copy;
  int32_t invalid;     /* a bad lambda list: every call signals */
  int32_t unused_flag_slot; /* -1, or the slot that says the caller
                               throws the value away (t) */
  struct let_record *lets;  /* its lets' lexical bindings */
  struct let_record *captured_lets; /* its captures of other codes' */
};
#define CODE_NLISP 8
#define XCODE(x) ((struct code *)untag(x))

/* PVEC_CLOSURE: its code, its list, then the captured values.  A
   top-level lambda's CODE is nil until its first call analyses it, and
   its LIST slot holds a stub until then: the cons (SOURCE . STATE),
   shared by the closures its lambda makes, STATE being the code the
   first of them analysed (so they share it too) or, before that, the
   fixnum of its STUB_* flags.  Once there is code,
   LIST is nil until Lisp code looks at the closure as the list
   (closure ENV ARGS . BODY) that Emacs 28 makes; it is then made once
   and kept, so that its parts stay eq, and the closure is watched
   from then on (see "Closures seen as lists").  (A nil test of CODE on every
   call is one instruction cheaper than a type test.) */
enum { CL_CODE, CL_LIST, CL_CAPTURED };
#define CLOSURE_SLOTS(x) (XVL(x)->slots)

/* A closure whose list Lisp has seen is "watched": CODE is nil and
   LIST holds a vector, its list and what runs it (closure_as_list).
   LIBRARY is t for marrow's own library's code, whose analyses keep
   that mark. */
enum { W_LIST, W_CODE, W_HEAD, W_ENV, W_REST, W_EDITS, W_LIBRARY, W_SLOTS };
static bool is_watched(mval fn) { return VECTORP(CLOSURE_SLOTS(fn)[CL_LIST]); }

/* A box is the cons (NAME . VALUE), as the binding is in Emacs's
   environments: the entry a printed closure's environment shows, so
   closures that share the box share that entry, and a setcdr on it
   assigns the variable. */
#define BOX_VALUE(b) XCDR(b)

/* The backtrace: one record per function call, on the C stack
   (struct bt_frame, eval.h). */

/* Kept in a PVEC_OPAQUE object so that closing the runtime frees it. */
struct eval_state {
  void *opaque_reserved; /* zero: no host finalizer, whatever the API's layout */
  pthread_t thread;      /* the thread whose C stack limit is cached */
  bool have_thread;
  char *c_stack_limit;   /* signal when the stack grows below this */
  struct symbol *max_depth_sym;
  /* Evaluation steps (calls and loop iterations) left before the step
     limit signals; a fuzzer's guard against runaway programs. */
  int64_t steps_left;
  uint64_t step_limit; /* 0: none */
  /* A safe point asked for (eval_request_safe_point) banks steps_left
     here and zeroes it, so that the next step takes the slow path. */
  int64_t steps_banked;
  bool safe_point_wanted, at_safe_point;
  /* Symbols declared special by a bare (defvar SYM) at top level: as in
     Emacs's load, later bindings of SYM are dynamic (Emacs scopes this
     to the file; here it lasts, without making SYM special-variable-p). */
  mval declared_specials;
  bool toplevel_pending; /* the next analysis is of a top-level form */
  bool late_pending;     /* the next analysis is of a body expanded earlier */
  /* The next analysis is of a top-level lambda's body: 1 if it comes
     from marrow's own library, 0 if not; -1 otherwise. */
  int8_t library_pending;
  /* The next top-level analysis leaves macros to be expanded as they
     are met, as Emacs's interpreter does with a form load could not
     expand. */
  bool unexpanded_pending;
  /* While load analyses a top-level form: nil, or the error of the
     first eager expansion that failed in it; Qunbound otherwise. */
  mval eager_failure;
  int64_t var_seq;       /* variables declared so far, for struct var's seq */
  int64_t lambda_seq;    /* closure-making lambdas analysed so far */
  int64_t loop_seq;      /* while loops analysed so far */
  int64_t call_seq;      /* calls analysed so far */
  /* nil, or while an undoable load runs: what to restore should it
     fail, (SYMBOL . OLD-DEFINITION) and (0 . OLD-FEATURES) pushed on t. */
  mval autoload_queue;
  /* Code of functions sent back to their source by eval_make_special,
     kept alive in case it is running. */
  mval retired_codes;
  /* Counts the calls of eval_make_special that made a symbol special
     which some let had bound lexically: a stub's code analysed before
     the last one is analysed again. */
  int64_t special_epoch;
};

#define EVAL_STACK_SLOTS ((size_t)1 << 20)
#define C_STACK_MARGIN ((size_t)192 * 1024)
#define C_BYTES_PER_LEVEL 320 /* generous bound on C stack per node level */

/* ================================================================== */
/* Small helpers                                                      */
/* ================================================================== */

#define EV(rt, n, fp) ((n)->ev((rt), (n), (fp)))

static mval make_box(mrt *rt, mval name, mval v) { return Fcons(rt, name, v); }

/* Counts the conses of L.  Code and apply's last argument may be
   circular: Brent's check (compare with the tail saved at each power
   of two) turns a cycle into circular-list instead of a hang. */
static int64_t count_conses(mrt *rt, mval l)
{
  int64_t n = 0, power = 1;
  mval saved = Qnil;
  for (mval tail = l; CONSP(tail); tail = XCDR(tail)) {
    if (++n == power) {
      saved = tail;
      power <<= 1;
    } else if (tail == saved) {
      xsignal1(rt, Qcircular_list, l);
    }
  }
  return n;
}

static mval car_safe(mval x) { return CONSP(x) ? XCAR(x) : Qnil; }
static bool memq_list(mval x, mval list)
{
  for (; CONSP(list); list = XCDR(list))
    if (XCAR(list) == x)
      return true;
  return false;
}
static mval cdr_safe(mval x) { return CONSP(x) ? XCDR(x) : Qnil; }

static _Noreturn void nesting_error(mrt *rt)
{
  xsignal1(rt, Qexcessive_lisp_nesting, make_fixnum(rt->lisp_eval_depth));
}

/* ================================================================== */
/* C stack guard                                                      */
/* ================================================================== */

static void find_c_stack_limit(mrt *rt)
{
  struct eval_state *st = rt->eval;
  char here;
  char *sp = &here;
  char *lo = sp - ((size_t)8 << 20); /* fallback: assume 8 MiB */
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void *addr;
    size_t size;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0 && (char *)addr < sp &&
        (size_t)(sp - (char *)addr) < ((size_t)1 << 30))
      lo = addr;
    pthread_attr_destroy(&attr);
  }
  /* Room for signalling (and printing a backtrace) below the limit;
     a quarter of a small thread's stack. */
  size_t margin = (size_t)(sp - lo) / 4;
  if (margin > C_STACK_MARGIN)
    margin = C_STACK_MARGIN;
  st->c_stack_limit = lo + margin;
  st->thread = pthread_self();
  st->have_thread = true;
}

/* Called at the outermost entries: a runtime may move between threads. */
static void check_thread(mrt *rt)
{
  struct eval_state *st = rt->eval;
  if (!st->have_thread || !pthread_equal(st->thread, pthread_self()))
    find_c_stack_limit(rt);
}

static inline void check_c_stack(mrt *rt, size_t need)
{
  char here;
  if (&here < rt->eval->c_stack_limit + need)
    nesting_error(rt);
}

void eval_check_c_stack(mrt *rt, size_t need) { check_c_stack(rt, need); }

static _Noreturn void step_limit_hit(mrt *rt)
{
  struct eval_state *st = rt->eval;
  if (!st->step_limit) {
    st->steps_left = INT64_MAX;
    nesting_error(rt); /* not reached: 2^63 steps */
  }
  st->steps_left = (int64_t)st->step_limit;
  mrt_error(rt, "Evaluation step limit exceeded");
}

static void bank_steps(struct eval_state *st)
{
  st->steps_banked += st->steps_left;
  st->steps_left = 0;
}

static void unbank_steps(struct eval_state *st)
{
  st->steps_left += st->steps_banked;
  st->steps_banked = 0;
}

void eval_request_safe_point(mrt *rt)
{
  rt->eval->safe_point_wanted = true;
  bank_steps(rt->eval);
}

static void leave_safe_point(mrt *rt, mval unused) { rt->eval->at_safe_point = false; }

/* A finalizer's own steps are not safe points: the run in progress
   takes whatever is queued meanwhile.  A finalizer may throw to a
   catch of the code it interrupted (Emacs lets it), hence the unwind
   entry; the rest then wait for the next collection, as in Emacs. */
void eval_run_safe_point(mrt *rt)
{
  struct eval_state *st = rt->eval;
  if (st->at_safe_point)
    return;
  st->safe_point_wanted = false;
  st->at_safe_point = true;
  size_t count = rt->specpdl_depth;
  record_unwind(rt, leave_safe_point, Qnil);
  sysfns_run_finalizers(rt);
  unbind_to(rt, count);
}

/* The slow path of a step: a safe point asked for, or the limit. */
static __attribute__((noinline)) void out_of_steps(mrt *rt)
{
  unbank_steps(rt->eval);
  if (rt->eval->safe_point_wanted)
    eval_run_safe_point(rt);
  if (rt->eval->steps_left < 0)
    step_limit_hit(rt);
}

static inline void count_step(mrt *rt)
{
  if (--rt->eval->steps_left < 0)
    out_of_steps(rt);
}

void eval_set_step_limit(mrt *rt, uint64_t steps)
{
  struct eval_state *st = rt->eval;
  st->step_limit = steps;
  st->steps_left = steps ? (int64_t)steps : INT64_MAX;
  st->steps_banked = 0;
  if (st->safe_point_wanted)
    bank_steps(st);
}

/* Work charged from outside the evaluator (a regexp search) is no safe
   point: a wanted one waits for the next step. */
void eval_charge_steps(mrt *rt, int64_t steps)
{
  struct eval_state *st = rt->eval;
  if ((st->steps_left -= steps) >= 0)
    return;
  unbank_steps(st);
  if (st->steps_left < 0)
    step_limit_hit(rt);
  if (st->safe_point_wanted)
    bank_steps(st);
}

static inline void enter_depth(mrt *rt)
{
  mval max = rt->eval->max_depth_sym->value;
  int64_t limit = FIXNUMP(max) ? XFIXNUM(max) : 1600;
  if (limit < 100)
    limit = 100;
  if (++rt->lisp_eval_depth > limit)
    nesting_error(rt);
}

/* ================================================================== */
/* Function cells                                                     */
/* ================================================================== */

/* Follow the chain of aliases from DEF, a symbol's function cell; a
   cycle is named by DEF, as Emacs names it.  Returns Qnil for void. */
static mval follow_aliases(mrt *rt, mval def)
{
  mval f = def;
  for (int hops = 0; SYMBOLP(f) && !NILP(f); hops++) {
    if (hops > 100)
      xsignal1(rt, Qcyclic_function_indirection, def);
    f = XSYMBOL(rt, f)->function;
  }
  return f;
}

/* Follow symbol -> function cell chains.  Returns Qnil for void. */
static mval indirect_function(mrt *rt, mval f)
{
  return SYMBOLP(f) && !NILP(f) ? follow_aliases(rt, XSYMBOL(rt, f)->function) : f;
}

static bool is_macro(mval f) { return CONSP(f) && XCAR(f) == Qmacro; }

static bool is_autoload(mval f) { return CONSP(f) && XCAR(f) == Qautoload; }

/* The TYPE of (autoload FILE DOC INTERACTIVE TYPE), or nil. */
static mval autoload_type(mval f)
{
  for (int i = 0; i < 4 && CONSP(f); i++)
    f = XCDR(f);
  return CONSP(f) ? XCAR(f) : Qnil;
}

/* Macroexpansion loads an autoload of these types, as Emacs's does. */
static bool is_macro_autoload(mval f)
{
  return is_autoload(f) && (autoload_type(f) == Qmacro || autoload_type(f) == Qt);
}

/* Whether a call of the function FN (a symbol's function cell) may
   find a macro when it runs: FN is one already (late code, or a macro
   that failed to expand) or none yet (a defmacro may follow).  A cycle
   of aliases is left for the call to report. */
static __attribute__((noinline, cold)) bool may_run_as_macro(mrt *rt, mval fn)
{
  for (int hops = 0; SYMBOLP(fn) && !NILP(fn) && hops < 100; hops++)
    fn = XSYMBOL(rt, fn)->function;
  return NILP(fn) || is_macro(fn) || is_macro_autoload(fn);
}

/* Emacs's autoload-do-load: FUNDEF's file is loaded (unless MACRO_ONLY
   and it defines no macro), and FUNNAME's new definition returned. */
static void undo_failed_load(mrt *rt, mval saved_queue)
{
  mval q = rt->eval->autoload_queue;
  rt->eval->autoload_queue = saved_queue;
  for (; CONSP(q); q = XCDR(q)) {
    mval entry = XCAR(q);
    if (FIXNUMP(XCAR(entry)))
      set_symbol_value(rt, Qfeatures, XCDR(entry));
    else
      SYMBOL_SET(rt->gc, XSYMBOL(rt, XCAR(entry)), function, XCDR(entry));
  }
}

size_t eval_begin_undoable_load(mrt *rt)
{
  size_t count = rt->specpdl_depth;
  record_unwind(rt, undo_failed_load, rt->eval->autoload_queue);
  rt->eval->autoload_queue = Qt;
  return count;
}

void eval_end_undoable_load(mrt *rt, size_t count)
{
  rt->eval->autoload_queue = Qt; /* the load finished: nothing to undo */
  unbind_to(rt, count);
}

static void note_undo(mrt *rt, mval key, mval old)
{
  if (!NILP(rt->eval->autoload_queue))
    rt->eval->autoload_queue = Fcons(rt, Fcons(rt, key, old), rt->eval->autoload_queue);
}

void eval_note_fset(mrt *rt, mval sym)
{
  mval old = XSYMBOL(rt, sym)->function;
  if (!NILP(old))
    note_undo(rt, sym, old);
  /* As in Emacs: the autoload a definition replaces stays on the plist,
     where describe-function finds that the function was autoloaded. */
  if (is_autoload(old))
    put_prop(rt, sym, Qautoload, XCDR(old));
}

void eval_note_provide(mrt *rt, mval features) { note_undo(rt, make_fixnum(0), features); }

static mval autoload_do_load(mrt *rt, mval fundef, mval funname, bool macro_only)
{
  if (!is_autoload(fundef) || (macro_only && !is_macro_autoload(fundef)))
    return fundef;
  mval file = CONSP(XCDR(fundef)) ? XCAR(XCDR(fundef)) : Qnil;
  size_t count = eval_begin_undoable_load(rt);
  load_autoload_file(rt, file);
  eval_end_undoable_load(rt, count);
  if (NILP(funname))
    return Qnil;
  mval fun = indirect_function(rt, funname);
  if (is_autoload(fun)) {
    mval found = load_locate_file(rt, file);
    mrt_errorf(rt, "Autoloading file %s failed to define function %s",
               (const char *)XSTRING(NILP(found) ? file : found)->data, symbol_name(rt, funname));
  }
  return fun;
}

/* HEAD's definition, an autoloaded macro's file loaded first. */
static mval macro_definition(mrt *rt, mval head)
{
  mval f = indirect_function(rt, head);
  return is_macro_autoload(f) ? autoload_do_load(rt, f, head, true) : f;
}

static bool is_special_form(mval f)
{
  return PVECP(f, PVEC_SUBR) && XSUBR(f)->max_args == ARGS_UNEVALLED;
}

/* ================================================================== */
/* Calling                                                            */
/* ================================================================== */

/* The call's form, for the backtrace (struct bt_frame's SITE). */
#define SITE_PARAM const struct form_rec *site

static inline mval call_closure(mrt *rt, mval fn, mval name, int nargs, size_t base, SITE_PARAM,
                                bool value_unused);
static mval call_list_function(mrt *rt, mval fn, mval name, int nargs, size_t base, SITE_PARAM);
static mval analyse_closure(mrt *rt, mval fn);

static _Noreturn void wrong_args(mrt *rt, mval fn, int nargs)
{
  xsignal2(rt, Qwrong_number_of_arguments, fn, make_fixnum(nargs));
}

/* Emacs's funcall records the call before it checks the function and
   its arity, so their errors show the call, the arguments at BASE, as
   a frame of its own: CALL names it. */
static __attribute__((cold)) void push_refused_call(mrt *rt, struct bt_frame *bt, mval call,
                                                    int nargs, size_t base)
{
  eval_push_frame(rt, bt, call, nargs, rt->stack + base);
}

/* Whether Emacs 28 leaves SYM's function byte code, which checks its
   arity only after the arguments are evaluated and names itself in the
   error by (REQUIRED . REQUIRED+OPTIONAL): its inline functions
   (defsubst), generic functions, and what marrow's library marks with
   marrow--byte-code (Emacs's define-inline and generic functions that
   marrow writes as plain ones).  The rest of its library it compiles
   natively, into primitives. */
static bool byte_code_in_emacs(mrt *rt, mval sym)
{
  return SYMBOLP(sym) && !NILP(sym) &&
         (get_prop(rt, sym, Qbyte_optimizer) == Qbyte_compile_inline_expand ||
          !NILP(get_prop(rt, sym, Qcl_generic__generic)) ||
          !NILP(get_prop(rt, sym, Qmarrow__byte_code)));
}

static mval byte_code_arity(mrt *rt, int required, int nonrest)
{
  return Fcons(rt, make_fixnum(required), make_fixnum(nonrest));
}

/* The macros marrow writes in C are compiled Lisp macros in Emacs,
   which name themselves in arity errors by (REQUIRED . REQUIRED+OPTIONAL);
   nil for any other subr. */
static mval c_macro_arity(mrt *rt, struct subr *s)
{
  static const struct { const char *name; int required, nonrest; } arities[] = {
    {"`", 1, 1}, {"defun", 2, 3}, {"defmacro", 2, 3}, {"prog2", 2, 2},
  };
  for (size_t i = 0; i < sizeof arities / sizeof arities[0]; i++)
    if (s->name == intern(rt, arities[i].name))
      return byte_code_arity(rt, arities[i].required, arities[i].nonrest);
  return Qnil;
}

/* The arguments are rt->stack[base .. base+nargs) == the top of the
   stack.  ERR_FN names the function in arity errors. */
static mval call_subr(mrt *rt, mval fn, mval err_fn, int nargs, size_t base, SITE_PARAM)
{
  struct subr *s = XSUBR(fn);
  if (s->max_args == ARGS_UNEVALLED)
    xsignal1(rt, Qinvalid_function, fn);
  if (nargs < s->min_args || (s->max_args >= 0 && nargs > s->max_args)) {
    struct bt_frame bt;
    if (err_fn == fn) /* funcall's: the evaluator's call shows no frame */
      push_refused_call(rt, &bt, s->name, nargs, base);
    mval arity = c_macro_arity(rt, s);
    if (NILP(arity) && byte_code_in_emacs(rt, s->name))
      arity = byte_code_arity(rt, s->min_args, s->max_args >= 0 ? s->max_args : s->min_args);
    wrong_args(rt, NILP(arity) ? err_fn : arity, nargs);
  }
  if (s->max_args > nargs) {
    if (rt->stack_top + (size_t)(s->max_args - nargs) > rt->stack_cap)
      nesting_error(rt);
    for (int i = nargs; i < s->max_args; i++)
      rt->stack[rt->stack_top++] = Qnil;
  }
  mval *args = rt->stack + base;
  struct bt_frame bt = {rt->backtrace, s->name, args, nargs, site};
  rt->backtrace = &bt;
  mval r = s->fn ? s->fn(rt, nargs, args) : s->fn_data(rt, nargs, args, s->data);
  rt->backtrace = bt.prev;
  rt->stack_top = base + nargs;
  return r;
}

#define BYTECODE_C_STACK 4096 /* generous bound on the C stack a byte-code call uses */

/* Byte code runs in bytecode.c; the call counts as any other. */
static mval call_compiled(mrt *rt, mval fn, mval name, int nargs, size_t base, SITE_PARAM)
{
  enter_depth(rt);
  count_step(rt);
  check_c_stack(rt, BYTECODE_C_STACK);
  struct bt_frame bt = {rt->backtrace, name, rt->stack + base, nargs, site};
  rt->backtrace = &bt;
  mval r = bytecode_call(rt, fn, nargs, base);
  rt->backtrace = bt.prev;
  rt->lisp_eval_depth--;
  rt->stack_top = base;
  return r;
}

mval eval_call_compiled(mrt *rt, mval fn, mval name, int nargs, size_t base)
{
  return call_compiled(rt, fn, name, nargs, base, NULL);
}

/* Call FN with the arguments on top of the stack at BASE; SITE is the
   call's form when the evaluator makes it (NULL for funcall). */
static mval call_stack_at(mrt *rt, mval fn, int nargs, size_t base, SITE_PARAM)
{
  mval orig = fn;
  struct bt_frame bt;
  if (SYMBOLP(fn)) {
    fn = indirect_function(rt, fn);
    if (NILP(fn)) {
      push_refused_call(rt, &bt, orig, nargs, base);
      xsignal1(rt, Qvoid_function, orig);
    }
  }
  if (VECTORLIKEP(fn)) {
    if (PVEC_TYPE(fn) == PVEC_CLOSURE)
      return call_closure(rt, fn, orig, nargs, base, site, false);
    if (PVEC_TYPE(fn) == PVEC_SUBR) /* funcall names the subr itself */
      return call_subr(rt, fn, fn, nargs, base, site);
    if (PVEC_TYPE(fn) == PVEC_COMPILED)
      return call_compiled(rt, fn, orig, nargs, base, site);
  }
  if (CONSP(fn) && (XCAR(fn) == Qlambda || XCAR(fn) == Qclosure))
    return call_list_function(rt, fn, orig, nargs, base, site);
  if (is_autoload(fn) && SYMBOLP(orig)) { /* the frame names the symbol, as later calls do */
    mval loaded = autoload_do_load(rt, fn, orig, false);
    return call_stack_at(rt, indirect_function(rt, orig) == loaded ? orig : loaded, nargs, base, site);
  }
  push_refused_call(rt, &bt, orig, nargs, base);
  xsignal1(rt, Qinvalid_function, orig);
}

static mval call_stack(mrt *rt, mval fn, int nargs, size_t base)
{
  return call_stack_at(rt, fn, nargs, base, NULL);
}

mval funcall(mrt *rt, mval fn, int nargs, mval *args)
{
  if (rt->lisp_eval_depth == 0)
    check_thread(rt);
  size_t base = rt->stack_top;
  if (base + (size_t)nargs + 8 > rt->stack_cap)
    nesting_error(rt);
  for (int i = 0; i < nargs; i++)
    rt->stack[rt->stack_top++] = args[i];
  mval r = call_stack(rt, fn, nargs, base);
  rt->stack_top = base;
  return r;
}

mval call0(mrt *rt, mval fn) { return funcall(rt, fn, 0, NULL); }
mval call1(mrt *rt, mval fn, mval a) { return funcall(rt, fn, 1, &a); }
mval call2(mrt *rt, mval fn, mval a, mval b)
{
  mval v[2] = {a, b};
  return funcall(rt, fn, 2, v);
}
mval call3(mrt *rt, mval fn, mval a, mval b, mval c)
{
  mval v[3] = {a, b, c};
  return funcall(rt, fn, 3, v);
}

/* ================================================================== */
/* Analysis: scopes and variables                                     */
/* ================================================================== */

/* VAR_SELF: the closure running the function, a capture slot that
   closures made inside it read to show its environment as theirs. */
enum var_kind { VAR_LOCAL, VAR_CAPTURED, VAR_ALIST, VAR_SPECIAL_DECL, VAR_SELF };

struct ref {
  node *n;
  struct ref *next;
};

/* A printed closure's recorded environment entry (NAME . INDEX) for
   a variable, to be marked as naming a box should it need one; N
   makes the closure. */
struct entry_ref {
  mval entry;
  node *n;
  struct entry_ref *next;
};

struct var {
  mval name;
  enum var_kind kind;
  int32_t slot;
  bool captured, mutated; /* of the root variable */
  struct var *prev;       /* visibility chain, innermost first */
  struct var *spine_next;
  struct var *env_prev;   /* the variable before it in environments (not silent) */
  bool silent;            /* a (defvar NAME VALUE): special, but in no environment */
  struct var *origin;     /* VAR_CAPTURED: the variable in the parent */
  struct var *derived;    /* captured copies of this root, chained */
  struct var *next_derived;
  int64_t seq;            /* when declared: later is further in */
  bool boxed;             /* VAR_CAPTURED: its root turned out boxed;
                             mirroring a caller's variable: the caller boxed it */
  struct ref *refs;       /* nodes that read or write this variable */
  struct entry_ref *entries; /* its recorded environment entries */
  int64_t lambdas_at, loops_at; /* lambda_seq and loop_seq when declared */
  int64_t own_lambdas_at, own_loops_at; /* its function's counts of them then */
  int64_t captured_at;    /* call_seq when first captured */
  bool read_late;         /* read where a closure over it may have run Lisp */
  bool late_site;         /* seen by a call that may be a macro when it runs */
  bool spine_ok;          /* the variables outside it in its function can be spine cells */
  int32_t spine;          /* -1, or its index among its function's spine slots */
  struct ref *spine_refs; /* nodes that read its spine slot */
  uint8_t *mode;          /* the binding's mode, patched at scope end */
  struct binding *bind;   /* its binding: mode, spine slot, rest */
  struct var *shadowed;   /* a let's: the variable of that name it hides, or NULL */
  bool is_let;            /* bound by a let (not a parameter) */
  bool dynamic;           /* a capture whose references make_lets_dynamic patched */
  mval code;              /* the code whose analysis declared it */
  mval cell;              /* VAR_ALIST: the (NAME . VALUE) cons */
  struct fscope *owner;
};

/* One function being analysed. */
struct fscope {
  struct fscope *parent;
  struct var *vars;        /* visible variables, innermost first */
  struct var *captures;    /* VAR_CAPTURED vars, newest first */
  int32_t ncap;
  int32_t nslots, maxslots;
  int32_t push, maxpush;   /* pending call arguments */
  int32_t depth, maxdepth; /* node nesting */
  bool dynamic;            /* lexical-binding nil: everything special */
  int64_t lambdas, loops;  /* closure-making lambdas and loops analysed in it */
  int32_t nspine;          /* its variables with spine slots */
  struct var *spines;      /* those, chained by spine_next */
  mval t_tail;             /* the (t) that ends its closures' environments */
  bool toplevel;           /* a top-level form, as load evaluates it */
  /* In a form load evaluates: its lambdas' bodies are expanded when
     they are made, as Emacs's eager expansion leaves them.  What eval
     runs is not: its closures show their bodies as written. */
  bool eager;
  bool mirror;             /* a macro expansion's stand-in for its caller */
  /* Its body was macroexpanded before this analysis, so a macro met
     now was defined since: Emacs's interpreter expands such a call
     each time it runs, and so does the call node made for it. */
  bool late;
  /* Code of marrow's own Lisp library, which Emacs byte-compiles: its
     calls record no forms for the backtrace (see form_recs). */
  bool library;
  mval code;               /* the PVEC_CODE being filled */
  mval alist;              /* the alist environment it runs in, or nil */
  struct var *alist_vars;  /* the variables of that alist, at the chain's end */
  struct var *self;        /* VAR_SELF, once a closure made inside needs it */
  struct call_site *last_site; /* shared by calls that see the same variables */
  struct form_frame *forms; /* the cons forms being analysed, innermost first */
};

/* A cons form under analysis, on the C stack.  REC is its arena copy,
   made only when a call inside needs it (so forms without calls cost
   nothing); HIDDEN: a macro call that load's eager expansion replaces
   by its expansion, which Emacs's backtrace shows instead. */
struct form_frame {
  mval form;
  mval shown; /* FORM with the macro calls in it expanded, when eager */
  struct form_frame *up;
  const struct form_rec *rec;
  bool hidden;
};

/* The variables a call could see where it was analysed.  Should the
   function turn out to be a macro when the call runs, its expansion is
   analysed against these (they live in the caller's arena). */
struct call_site {
  struct var *vars, *captures;
  bool dynamic;
};

struct actx {
  mrt *rt;
  struct fscope *f;
};

/* ---- The arena ---- */

static void *arena_alloc(mrt *rt, mval code, size_t n)
{
  struct code *c = XCODE(code);
  n = (n + 7) & ~(size_t)7;
  struct arena_chunk *ch = c->arena;
  if (!ch || ch->used + n > ch->cap) {
    /* Most bodies are small: start small, then double. */
    size_t cap = ch ? ch->cap * 2 : 480;
    if (cap > 16384)
      cap = 16384;
    if (cap < n)
      cap = n;
    ch = gc_xmalloc_or_die(rt->gc, sizeof *ch + cap);
    ch->next = c->arena;
    ch->used = 0;
    ch->cap = cap;
    c->arena = ch;
  }
  void *p = ch->data + ch->used;
  ch->used += n;
  memset(p, 0, n);
  return p;
}

static void code_finalize(struct gc *g, struct vectorlike *obj, void *ud)
{
  struct code *c = (struct code *)obj;
  for (struct arena_chunk *ch = c->arena, *next; ch; ch = next) {
    next = ch->next;
    gc_xfree(g, ch, sizeof *ch + ch->cap);
  }
  c->arena = NULL;
}

/* SOURCE is (ARGS . BODY). */
static mval make_code(mrt *rt, mval source)
{
  size_t words = (sizeof(struct code) + 7) / 8;
  mval code = gc_vectorlike(rt->gc, PVEC_CODE, words, CODE_NLISP);
  struct code *c = XCODE(code);
  OBJ_INIT(c->source, source);
  OBJ_INIT(c->snapshot, Qnil);
  OBJ_INIT(c->lexicals, Qnil);
  OBJ_INIT(c->stubs, Qnil);
  OBJ_INIT(c->declared, rt->eval->declared_specials);
  c->unused_flag_slot = -1;
  c->args_copy = -1;
  c->epoch = rt->eval->special_epoch;
  return code;
}


static void *aalloc(struct actx *A, size_t n) { return arena_alloc(A->rt, A->f->code, n); }

/* Keep V alive as long as the code object. */
static mval keep(struct actx *A, mval v)
{
  if (CONSP(v) || STRINGP(v) || FLOATP(v) || VECTORLIKEP(v) || (SYMBOLP(v) && v != Qnil && v != Qt)) {
    mval c = Fcons(A->rt, v, XCODE(A->f->code)->consts);
    GC_STORE(A->rt->gc, A->f->code, XCODE(A->f->code)->consts, c);
  }
  return v;
}

static node *new_node(struct actx *A, ev_fn ev)
{
  node *n = aalloc(A, sizeof *n);
  n->ev = ev;
  return n;
}

static void add_ref(struct actx *A, struct var *v, node *n)
{
  struct ref *r = aalloc(A, sizeof *r);
  r->n = n;
  r->next = v->refs;
  v->refs = r;
  n->slot = v->slot; /* final for locals; captures are renumbered at function end */
}

static int32_t alloc_slot(struct fscope *f)
{
  int32_t s = f->nslots++;
  if (f->nslots > f->maxslots)
    f->maxslots = f->nslots;
  return s;
}

static bool symbol_special(mrt *rt, struct fscope *f, mval sym)
{
  struct symbol *s = XSYMBOL(rt, sym);
  if (s->special || s->constant || f->dynamic)
    return true;
  for (mval l = rt->eval->declared_specials; CONSP(l); l = XCDR(l))
    if (XCAR(l) == sym)
      return true;
  /* As Emacs's let: a (defvar SYM) anywhere in scope makes it special. */
  for (struct fscope *g = f; g; g = g->parent)
    for (struct var *v = g->vars; v; v = v->prev)
      if (v->name == sym && v->kind == VAR_SPECIAL_DECL)
        return true;
  return false;
}

static struct var *new_var(struct actx *A, mval name, enum var_kind kind)
{
  struct var *v = aalloc(A, sizeof *v);
  v->name = keep(A, name);
  v->seq = ++A->rt->eval->var_seq;
  v->lambdas_at = A->rt->eval->lambda_seq;
  v->loops_at = A->rt->eval->loop_seq;
  v->own_lambdas_at = A->f->lambdas;
  v->own_loops_at = A->f->loops;
  v->spine = -1;
  v->kind = kind;
  v->owner = A->f;
  v->code = A->f->code;
  v->cell = Qnil;
  return v;
}

/* ROOT is kept by a closure: from the next call analysed on, Lisp may
   run while that closure exists. */
static void note_captured(mrt *rt, struct var *root)
{
  if (!root->captured)
    root->captured_at = rt->eval->call_seq;
  root->captured = true;
}

static struct var *root_of(struct var *v)
{
  while (v->kind == VAR_CAPTURED)
    v = v->origin;
  return v;
}

/* Add R to the list AT of CODE's records.  eval_make_special must find
   every code that has some, even in the Boehm build. */
static void add_let_record(mrt *rt, mval code, struct let_record **at, struct let_record *r)
{
  const struct code *c = XCODE(code);
  if (!c->lets && !c->captured_lets)
    gc_make_findable(rt->gc, code);
  r->next = *at;
  *at = r;
}

/* Find NAME in function F's scope, capturing it from enclosing
   functions as needed.  NULL when it is not lexically bound. */
static struct var *lookup_in(struct actx *A, struct fscope *f, mval name)
{
  /* (defvar NAME) only affects later bindings, not references to an
     existing lexical binding. */
  for (struct var *v = f->vars; v; v = v->prev)
    if (v->name == name && v->kind != VAR_SPECIAL_DECL)
      return v;
  for (struct var *v = f->captures; v; v = v->prev)
    if (v->name == name)
      return v;
  if (!f->parent)
    return NULL;
  struct var *outer = lookup_in(A, f->parent, name);
  if (!outer || outer->kind == VAR_ALIST)
    return outer;
  /* Capture: a var record in F's arena pointing at the outer one. */
  struct fscope *saved = A->f;
  A->f = f;
  struct var *v = new_var(A, name, VAR_CAPTURED);
  A->f = saved;
  v->origin = outer;
  v->slot = f->ncap++;
  v->prev = f->captures;
  f->captures = v;
  struct var *root = root_of(outer);
  note_captured(A->rt, root);
  v->next_derived = root->derived;
  root->derived = v;
  if (root->is_let) { /* F's code gets a record of its own, see let_record */
    struct let_record *r = aalloc(A, sizeof *r);
    *r = (struct let_record){NULL, v, NULL, NULL};
    add_let_record(A->rt, f->code, &XCODE(f->code)->captured_lets, r);
  }
  return v;
}

/* ================================================================== */
/* Runtime nodes: constants and variables                             */
/* ================================================================== */

static mval ev_const(mrt *rt, const node *n, mval *fp) { return n->k; }
static mval ev_lref(mrt *rt, const node *n, mval *fp) { return fp[n->slot]; }
static mval ev_bref(mrt *rt, const node *n, mval *fp) { return BOX_VALUE(fp[n->slot]); }

static __attribute__((noinline, cold, noreturn)) void signal_in_form(mrt *rt, const node *n,
                                                                     mval error, mval data);

/* A special variable's value.  TAKE: the reader may keep it, so the
   value_owned bit goes; arithmetic that uses the value up (ev_gpeek,
   see "Reading a number without taking it") leaves it. */
static inline mval special_value(mrt *rt, const node *n, bool take)
{
  if (__builtin_expect(n->sym->redirect, 0))
    return symbol_value(rt, n->k);
  mval v = take ? symbol_fetch(n->sym) : n->sym->value;
  if (v == Qunbound)
    signal_in_form(rt, n, Qvoid_variable, list1(rt, n->k));
  return v;
}

static mval ev_gref(mrt *rt, const node *n, mval *fp) { return special_value(rt, n, true); }
static mval ev_gpeek(mrt *rt, const node *n, mval *fp) { return special_value(rt, n, false); }

static mval ev_aref(mrt *rt, const node *n, mval *fp) { return XCDR(n->k); }

/* Evaluate N, reading plain locals and constants directly: the
   commonest operands, and an indirect call costs more than a test. */
static inline mval operand(mrt *rt, const node *n, mval *fp)
{
  if (n->ev == ev_lref)
    return fp[n->slot];
  if (n->ev == ev_const)
    return n->k;
  return n->ev(rt, n, fp);
}

static mval ev_lset(mrt *rt, const node *n, mval *fp)
{
  mval v = operand(rt, n->a, fp);
  fp[n->slot] = v;
  return v;
}

/* (setq V (1+ V)) and (setq V (1- V)), the counter of every dotimes:
   one node, no call.  N->a stays the (1+ V) node, which runs instead
   when 1+ is redefined, V is no longer a fixnum in range, or V's read
   was made dynamic (make_refs_dynamic then unfuses N too). */
#define LSET_STEP(name, within, delta)                                  \
  static mval name(mrt *rt, const node *n, mval *fp)                    \
  {                                                                     \
    const node *op = n->a;                                              \
    mval x = fp[n->slot];                                               \
    if (op->sym->function == op->fk && op->kids[0]->ev == ev_lref &&    \
        FIXNUMP(x) && XFIXNUM(x) within)                                \
      return fp[n->slot] = x + (delta);                                 \
    return ev_lset(rt, n, fp);                                          \
  }
LSET_STEP(ev_lset_add1, < MOST_POSITIVE_FIXNUM, make_fixnum(1))
LSET_STEP(ev_lset_sub1, > MOST_NEGATIVE_FIXNUM, -make_fixnum(1))

static bool is_lset(const node *n)
{
  return n->ev == ev_lset || n->ev == ev_lset_add1 || n->ev == ev_lset_sub1;
}

static mval ev_bset(mrt *rt, const node *n, mval *fp)
{
  mval v = EV(rt, n->a, fp);
  gc_setcdr(rt->gc, fp[n->slot], v);
  return v;
}

static mval ev_gset(mrt *rt, const node *n, mval *fp)
{
  mval v = EV(rt, n->a, fp);
  set_symbol_value(rt, n->k, v); /* the runtime's way, should it ever watch */
  return v;
}

static mval ev_aset(mrt *rt, const node *n, mval *fp)
{
  mval v = EV(rt, n->a, fp);
  gc_setcdr(rt->gc, n->k, v);
  return v;
}

/* ================================================================== */
/* Runtime nodes: control                                             */
/* ================================================================== */

static mval ev_progn(mrt *rt, const node *n, mval *fp)
{
  int last = n->count - 1;
  for (int i = 0; i < last; i++)
    EV(rt, n->kids[i], fp);
  return EV(rt, n->kids[last], fp);
}

/* Short bodies, unrolled: most progns have two or three forms. */
static mval ev_progn2(mrt *rt, const node *n, mval *fp)
{
  EV(rt, n->a, fp);
  return EV(rt, n->b, fp);
}

static mval ev_progn3(mrt *rt, const node *n, mval *fp)
{
  EV(rt, n->a, fp);
  EV(rt, n->b, fp);
  return EV(rt, n->c, fp);
}

static mval ev_prog1(mrt *rt, const node *n, mval *fp)
{
  mval v = EV(rt, n->kids[0], fp);
  for (int i = 1; i < n->count; i++)
    EV(rt, n->kids[i], fp);
  return v;
}

static mval ev_if(mrt *rt, const node *n, mval *fp)
{
  return !NILP(operand(rt, n->a, fp)) ? EV(rt, n->b, fp) : EV(rt, n->c, fp);
}

/* A cond clause: a = test, b = body or NULL, c = the remaining clauses. */
static mval ev_cond(mrt *rt, const node *n, mval *fp)
{
  mval v = EV(rt, n->a, fp);
  if (!NILP(v))
    return n->b ? EV(rt, n->b, fp) : v;
  return EV(rt, n->c, fp);
}

static mval ev_and(mrt *rt, const node *n, mval *fp)
{
  mval v = Qt;
  for (int i = 0; i < n->count; i++)
    if (NILP(v = EV(rt, n->kids[i], fp)))
      return Qnil;
  return v;
}

static mval ev_or(mrt *rt, const node *n, mval *fp)
{
  for (int i = 0; i < n->count; i++) {
    mval v = EV(rt, n->kids[i], fp);
    if (!NILP(v))
      return v;
  }
  return Qnil;
}

static mval ev_while(mrt *rt, const node *n, mval *fp)
{
  while (!NILP(EV(rt, n->a, fp))) {
    EV(rt, n->b, fp);
    count_step(rt);
  }
  return Qnil;
}

/* ---- Binding ---- */

static void bind_one(mrt *rt, const struct binding *b, mval *fp)
{
  if (b->mode == BIND_BOXED) {
    fp[b->slot] = make_box(rt, b->sym, fp[b->slot]);
    if (b->rest)
      fp[b->spine_slot] = Fcons(rt, fp[b->slot], EV(rt, b->rest, fp));
  } else if (b->mode != BIND_LEXICAL) {
    specbind(rt, b->sym, fp[b->slot]);
    if (b->mode == BIND_DYNAMIC) {
      fp[b->slot] = Qunbound;
      if (b->rest) /* its spine goes on without it */
        fp[b->spine_slot] = EV(rt, b->rest, fp);
    }
  }
}

/* let: all values first, then the bindings. */
static mval ev_let(mrt *rt, const node *n, mval *fp)
{
  size_t count = rt->specpdl_depth;
  for (int i = 0; i < n->count; i++)
    fp[n->binds[i].slot] = operand(rt, n->binds[i].init, fp);
  for (int i = 0; i < n->count; i++)
    bind_one(rt, &n->binds[i], fp);
  mval v = EV(rt, n->a, fp);
  unbind_to(rt, count);
  return v;
}

static mval ev_letstar(mrt *rt, const node *n, mval *fp)
{
  size_t count = rt->specpdl_depth;
  for (int i = 0; i < n->count; i++) {
    fp[n->binds[i].slot] = operand(rt, n->binds[i].init, fp);
    bind_one(rt, &n->binds[i], fp);
  }
  mval v = EV(rt, n->a, fp);
  unbind_to(rt, count);
  return v;
}

/* The same without specials: the hot case of `let' over fixnums. */
static mval ev_let_lexical(mrt *rt, const node *n, mval *fp)
{
  for (int i = 0; i < n->count; i++)
    fp[n->binds[i].slot] = operand(rt, n->binds[i].init, fp);
  return EV(rt, n->a, fp);
}

/* let* without specials runs as let does (the analysis gave each init
   its scope), but stays a let* should a binding become dynamic
   (make_lets_dynamic): a later init must see the earlier binding. */
static mval ev_letstar_lexical(mrt *rt, const node *n, mval *fp) { return ev_let_lexical(rt, n, fp); }

/* One binding, let or let* alike: dotimes binds its variable so at
   every step.  No loop, and fewer registers to save. */
static mval ev_let_lexical1(mrt *rt, const node *n, mval *fp)
{
  fp[n->binds[0].slot] = operand(rt, n->binds[0].init, fp);
  return EV(rt, n->a, fp);
}

/* ---- defvar and defconst ---- */

/* k = symbol, a = value form or NULL, slot = 1 for defconst */
static mval ev_defvar(mrt *rt, const node *n, mval *fp)
{
  if (n->a && (n->slot || default_value(rt, n->k) == Qunbound)) {
    mval v = EV(rt, n->a, fp);
    set_default(rt, n->k, v, SET_SET);
  }
  if (n->a) {
    eval_make_special(rt, variable_base(rt, n->k));
    /* Emacs keeps a variable's documentation on its plist, where
       describe-variable and documentation-property look. */
    if (!NILP(n->fk))
      SYMBOL_SET(rt->gc, n->sym, plist,
                 plist_put(rt, n->sym->plist, Qvariable_documentation, n->fk));
    load_history_attach(rt, n->k);
  } else if (n->count) { /* a bare (defvar SYM) at top level */
    rt->eval->declared_specials = Fcons(rt, n->k, rt->eval->declared_specials);
  }
  return n->k;
}

static void restore_declared_specials(mrt *rt, mval saved)
{
  rt->eval->declared_specials = saved;
}

void eval_begin_declarations(mrt *rt)
{
  record_unwind(rt, restore_declared_specials, rt->eval->declared_specials);
  rt->eval->declared_specials = Qnil;
}

/* ---- Non-local exits ---- */

static mval ev_catch(mrt *rt, const node *n, mval *fp)
{
  mval tag = EV(rt, n->a, fp);
  struct handler h;
  handler_push(rt, &h, HANDLER_CATCH, tag);
  if (setjmp(h.jmp) == 0) {
    mval v = EV(rt, n->b, fp);
    handler_pop(rt, &h);
    return v;
  }
  return h.value;
}

struct unwind_ctx {
  mrt *rt;
  const node *cleanup;
  mval *fp;
};

/* Runs on top of the still-live C stack of ev_unwind_protect, so the
   context can be passed as a word that looks like a fixnum. */
static void run_cleanup(mrt *rt, mval arg)
{
  if (rt->killing)
    return;
  struct unwind_ctx *ctx = (struct unwind_ctx *)(uintptr_t)arg;
  EV(rt, ctx->cleanup, ctx->fp);
}

static mval ev_unwind_protect(mrt *rt, const node *n, mval *fp)
{
  struct unwind_ctx ctx = {rt, n->b, fp};
  size_t count = rt->specpdl_depth;
  record_unwind(rt, run_cleanup, (mval)(uintptr_t)&ctx);
  mval v = EV(rt, n->a, fp);
  unbind_to(rt, count);
  return v;
}

/* save-excursion, save-restriction and save-current-buffer, special
   forms as in Emacs (a macro's variable would show in the environment
   of a closure made inside): k = the primitive that takes the state,
   fk = the one that puts it back, a = the body. */
struct state_ctx {
  const node *n;
  mval state;
};

static void restore_state(mrt *rt, mval arg)
{
  struct state_ctx *ctx = (struct state_ctx *)(uintptr_t)arg;
  call1(rt, ctx->n->fk, ctx->state);
}

static mval ev_save_state(mrt *rt, const node *n, mval *fp)
{
  struct state_ctx ctx = {n, call0(rt, n->k)};
  size_t count = rt->specpdl_depth;
  record_unwind(rt, restore_state, (mval)(uintptr_t)&ctx);
  mval v = EV(rt, n->a, fp);
  unbind_to(rt, count);
  return v;
}

/* condition-case: a = body, kids = handler bodies, binds[0] = the
   variable (slot < 0: none), k = the list of condition specs, one per
   handler; slot = index of :success or -1. */
static mval run_handler(mrt *rt, const node *n, const node *body, mval val, mval *fp)
{
  const struct binding *b = &n->binds[0];
  if (b->slot < 0)
    return EV(rt, body, fp);
  size_t count = rt->specpdl_depth;
  fp[b->slot] = val;
  bind_one(rt, b, fp);
  mval v = EV(rt, body, fp);
  unbind_to(rt, count);
  return v;
}

/* The frames a signal unwound still hold their values in the C stack
   below this one, where the conservative scan of the handler's next
   collection may find them: after memory-full that can keep the very
   garbage (a half-built list) alive that exhausted the heap, and the
   handler fails again.  Clearing a few KiB below the handler's frame
   drops those stale pointers. */
static __attribute__((noinline)) void scrub_dead_stack(void)
{
  volatile char pad[8192];
  memset((char *)pad, 0, sizeof pad);
}

static mval ev_condition_case(mrt *rt, const node *n, mval *fp)
{
  struct handler h;
  handler_push(rt, &h, HANDLER_CONDITION_CASE, n->c->k);
  if (setjmp(h.jmp) == 0) {
    mval v = EV(rt, n->a, fp);
    handler_pop(rt, &h);
    if (n->slot >= 0)
      return run_handler(rt, n, n->kids[n->slot], v, fp);
    return v;
  }
  mval err = h.value;
  if (is_memory_full_error(rt, err))
    scrub_dead_stack();
  mval specs = n->k;
  for (int i = 0; i < n->count; i++, specs = XCDR(specs))
    if (XCAR(specs) != Qksuccess && condition_spec_matches(rt, XCAR(specs), car_safe(err)))
      return run_handler(rt, n, n->kids[i], err, fp);
  return Qnil; /* not reached: the handler matched one of the specs */
}

/* ================================================================== */
/* Runtime nodes: calls                                               */
/* ================================================================== */

/* Evaluate the kids onto the stack; returns the base. */
static inline size_t push_args(mrt *rt, const node *n, mval *fp)
{
  size_t base = rt->stack_top;
  for (int i = 0; i < n->count; i++) {
    mval v = EV(rt, n->kids[i], fp);
    rt->stack[rt->stack_top++] = v;
  }
  return base;
}

/* Call FN, the function of the symbol named by node N (k), with NARGS
   arguments at BASE.  Errors and the backtrace name the symbol, as
   Emacs's eval does. */
static inline mval call_fn(mrt *rt, const node *n, mval fn, int nargs, size_t base,
                           bool value_unused)
{
  mval r;
  if (PVECP(fn, PVEC_CLOSURE))
    r = call_closure(rt, fn, n->k, nargs, base, n->where, value_unused);
  else if (PVECP(fn, PVEC_SUBR))
    r = call_subr(rt, fn, n->k, nargs, base, n->where);
  else if (NILP(fn))
    xsignal1(rt, Qvoid_function, n->k);
  else if (is_macro(fn))
    xsignal1(rt, Qinvalid_function, n->k); /* became a macro after analysis */
  else
    r = call_stack_at(rt, n->k, nargs, base, n->where);
  rt->stack_top = base;
  return r;
}

static inline mval call_named(mrt *rt, const node *n, int nargs, size_t base)
{
  return call_fn(rt, n, n->sym->function, nargs, base, false);
}

/* Out of line and cold: ev_call's common path keeps its small frame. */
static __attribute__((noinline, cold)) mval run_macro_call(mrt *rt, const node *n, mval macro,
                                                         mval *fp);

/* As in Emacs's eval, the function is found, and a primitive's arity
   checked, before the arguments are evaluated.  A function cell that
   became a macro after the analysis is expanded now, as Emacs's
   interpreter would. */
/* Emacs's eval shows the call form being evaluated as a frame before
   it finds the function and checks its arity: an error then shows it,
   as a frame with no call of its own (ARGS NULL). */
static __attribute__((noinline, cold, noreturn)) void signal_in_form(mrt *rt, const node *n,
                                                                     mval error, mval data)
{
  struct bt_frame bt = {rt->backtrace, Qnil, NULL, 0, n->where};
  rt->backtrace = &bt;
  mrt_signal(rt, error, data);
}

/* Whether a call of FN with NARGS arguments is refused before they are
   evaluated.  Emacs's eval checks a primitive's arity first, and
   Debian's Emacs 28 compiles its Lisp library natively, into
   primitives: marrow's library functions are checked first too. */
static bool refused_before_args(mrt *rt, mval fn, mval name, int nargs)
{
  if (PVECP(fn, PVEC_SUBR)) {
    struct subr *s = XSUBR(fn);
    return s->max_args != ARGS_UNEVALLED &&
           (nargs < s->min_args || (s->max_args >= 0 && nargs > s->max_args)) &&
           !byte_code_in_emacs(rt, s->name);
  }
  if (!PVECP(fn, PVEC_CLOSURE))
    return false;
  mval code = CLOSURE_SLOTS(fn)[CL_CODE];
  if (NILP(code))
    code = analyse_closure(rt, fn);
  const struct code *c = XCODE(code);
  return nargs != c->fast_nargs && c->library && !c->invalid &&
         (nargs < c->nreq || (!c->rest && nargs > c->nreq + c->nopt)) &&
         !byte_code_in_emacs(rt, name);
}

static mval ev_call(mrt *rt, const node *n, mval *fp)
{
  mval fn = n->sym->function;
  mval f = fn;
  if (!VECTORLIKEP(fn)) {
    if (NILP(fn))
      signal_in_form(rt, n, Qvoid_function, list1(rt, n->k));
    f = follow_aliases(rt, fn);
    if (is_autoload(f)) {
      f = autoload_do_load(rt, f, n->k, false);
      fn = n->sym->function;
    }
    if (is_macro(f))
      return run_macro_call(rt, n, f, fp);
  }
  if (refused_before_args(rt, f, n->k, n->count))
    signal_in_form(rt, n, Qwrong_number_of_arguments, list2(rt, n->k, make_fixnum(n->count)));
  size_t base = push_args(rt, n, fp);
  return call_fn(rt, n, fn, n->count, base, n->slot); /* mark_value_unused set slot */
}

/* A call of an evaluated function value: a = the function form. */
static mval ev_call_value(mrt *rt, const node *n, mval *fp)
{
  mval fn = EV(rt, n->a, fp);
  size_t base = rt->stack_top;
  rt->stack[rt->stack_top++] = fn;
  for (int i = 0; i < n->count; i++) {
    mval v = EV(rt, n->kids[i], fp);
    rt->stack[rt->stack_top++] = v;
  }
  mval r = call_stack_at(rt, fn, n->count, base + 1, n->where);
  rt->stack_top = base;
  return r;
}

/* A special form implemented by another module: it gets the
   unevaluated argument list. */
static mval ev_call_unevalled(mrt *rt, const node *n, mval *fp)
{
  mval fn = n->sym->function;
  mval args = n->a->k;
  if (!PVECP(fn, PVEC_SUBR) || !XSUBR(fn)->fn)
    xsignal1(rt, Qinvalid_function, n->k);
  return XSUBR(fn)->fn(rt, 1, &args);
}

static mval ev_signal_invalid(mrt *rt, const node *n, mval *fp)
{
  xsignal1(rt, Qinvalid_function, n->k);
}

/* ---- Fixnum fast paths, guarded by the function cell ---- */

/* The values of N's ev_gpeek operands are about to go to a function
   that may keep them. */
static void disown_operands(const node *n)
{
  for (int i = 0; i < n->count; i++)
    if (n->kids[i]->ev == ev_gpeek)
      n->kids[i]->sym->value_owned = 0;
}

/* A fast node's function cell no longer holds its primitive: N->a is
   the plain call node of the same form, which also expands a macro
   now in the cell.  As in Emacs's eval, that is decided before the
   arguments are evaluated, and the function found then is the one
   called. */
static __attribute__((noinline, cold)) mval call_redefined(mrt *rt, const node *n, mval *fp)
{
  disown_operands(n); /* the call node shares N's operands, ev_gpeek reads among them */
  mval r = EV(rt, n->a, fp);
  rt->fresh_bignum = Qnil; /* the callee may keep what it returns */
  return r;
}

#define FAST_GUARD(rt, n, fp)                                           \
  do {                                                                  \
    if (__builtin_expect((n)->sym->function != (n)->fk, 0))             \
      return call_redefined((rt), (n), (fp));                           \
  } while (0)

/* The prologue of a two-operand fast node: the function cell is checked
   before the operands are evaluated (Emacs finds the function first). */
#define TWO_OPERANDS(rt, n, fp, x, y)                                   \
  FAST_GUARD(rt, n, fp);                                                \
  mval x = operand(rt, (n)->kids[0], fp);                               \
  mval y = operand(rt, (n)->kids[1], fp)

/* Leaf twins.  Most operands of the fast nodes below are locals and
   constants, which `operand' reads without a call; but a node that may
   call needs a stack frame, and saving and restoring its registers
   costs about as much as the operation.  So each fast node has a twin,
   chosen when every operand was a plain read at analysis, that reads
   them itself and makes calls only in tail position: it needs no frame.
   An operand changed since (a let made dynamic, eval_make_special)
   sends the twin to the general node. */
static inline bool read_plain(const node *k, mval *fp, mval *v)
{
  if (k->ev == ev_lref) {
    *v = fp[k->slot];
    return true;
  }
  if (k->ev == ev_const) {
    *v = k->k;
    return true;
  }
  return false;
}

static bool is_plain(const node *k) { return k->ev == ev_lref || k->ev == ev_const; }

/* NAME (general), NAME_leaf and NAME_k over NAME_on, the operation on
   the operands' values.  NAME_k is for a constant second operand after
   a first that calls: it reads the constant without a test. */
#define FAST2_NODES(name)                                               \
  static mval name(mrt *rt, const node *n, mval *fp)                    \
  {                                                                     \
    TWO_OPERANDS(rt, n, fp, x, y);                                      \
    return name##_on(rt, n, x, y);                                      \
  }                                                                     \
  static mval name##_leaf(mrt *rt, const node *n, mval *fp)             \
  {                                                                     \
    FAST_GUARD(rt, n, fp);                                              \
    mval x, y;                                                          \
    if (!read_plain(n->kids[0], fp, &x) || !read_plain(n->kids[1], fp, &y)) \
      return name(rt, n, fp);                                           \
    return name##_on(rt, n, x, y);                                      \
  }                                                                     \
  static mval name##_k(mrt *rt, const node *n, mval *fp)                \
  {                                                                     \
    FAST_GUARD(rt, n, fp);                                              \
    mval x = EV(rt, n->kids[0], fp);                                    \
    return name##_on(rt, n, x, n->kids[1]->k);                          \
  }

/* The slow path: an ordinary call with the operands pushed.  Not
   inline, so that the twins it is a tail call of stay frameless. */
static __attribute__((noinline)) mval slow_call(mrt *rt, const node *n, int nargs, mval x, mval y,
                                                mval z)
{
  size_t base = rt->stack_top;
  const mval args[3] = {x, y, z};
  for (int i = 0; i < nargs; i++)
    rt->stack[rt->stack_top++] = args[i];
  return call_named(rt, n, nargs, base);
}

static inline mval slow_call2(mrt *rt, const node *n, mval x, mval y, int nargs)
{
  return slow_call(rt, n, nargs, x, y, Qnil);
}

/* + - * with two arguments.  Besides the fixnum case, they call the
   arithmetic directly (not through the function cell) when the cell
   holds the primitive, and let a bignum operand that another of these
   nodes has just made be the result's storage: in (+ (* q k) r) the
   product is a temporary nothing else can hold, so the sum overwrites
   it instead of allocating.  A node ends by setting rt->fresh_bignum
   to its own result (new, or a temporary it consumed), or to nil after
   a call through the function cell, whose callee may have kept the
   value it returns; a fixnum result cannot be mistaken for a bignum.
   So an operand is a temporary when its node is one of these and it
   still equals rt->fresh_bignum: nothing has run since that node
   returned (the second operand), or only a read of a variable or a
   constant (the first). */
static mval ev_add(mrt *rt, const node *n, mval *fp);
static mval ev_sub(mrt *rt, const node *n, mval *fp);
static mval ev_mul(mrt *rt, const node *n, mval *fp);
static mval ev_add_leaf(mrt *rt, const node *n, mval *fp);
static mval ev_sub_leaf(mrt *rt, const node *n, mval *fp);
static mval ev_mul_leaf(mrt *rt, const node *n, mval *fp);
static mval ev_add_k(mrt *rt, const node *n, mval *fp);
static mval ev_sub_k(mrt *rt, const node *n, mval *fp);
static mval ev_mul_k(mrt *rt, const node *n, mval *fp);

/* ev_add, ev_sub or ev_mul when N is one of them or a twin, else NULL.
   Inline: the bignum paths ask it of their operands at every step. */
static inline __attribute__((always_inline)) ev_fn arith_op(const node *n)
{
  if (n->ev == ev_add || n->ev == ev_add_leaf || n->ev == ev_add_k)
    return ev_add;
  if (n->ev == ev_sub || n->ev == ev_sub_leaf || n->ev == ev_sub_k)
    return ev_sub;
  if (n->ev == ev_mul || n->ev == ev_mul_leaf || n->ev == ev_mul_k)
    return ev_mul;
  return NULL;
}

static inline __attribute__((always_inline)) bool made_by_arith_node(const node *n) { return arith_op(n) != NULL; }

/* Evaluating N cannot change rt->fresh_bignum. */
static bool plain_read(const node *n)
{
  return n->ev == ev_lref || n->ev == ev_const || n->ev == ev_gref || n->ev == ev_gpeek ||
         n->ev == ev_bref;
}

typedef mval (*arith_into_fn)(mrt *rt, mval a, mval b, mval dst);

/* Reading a number without taking it.  + - * and the comparisons use
   their operands up without keeping them, so a special variable they
   read keeps its value_owned bit: pidigits' (<= num acc) must not cost
   acc its next in-place update.  The analysis makes such reads
   ev_gpeek nodes (peek_operands).  That holds only while nothing runs
   between the read and the operation: the first operand is peeked
   only when the second is a plain read (anything else could update
   the variable in place), and a call through a redefined function
   cell disowns what was peeked.  (A wrong-type error names the
   operand that is no number, never a peeked bignum.) */
static void peek_operands(node *n)
{
  for (int i = n->count - 1; i >= 0; i--) {
    if (n->kids[i]->ev == ev_gref && (i == n->count - 1 || plain_read(n->kids[i + 1])))
      n->kids[i]->ev = ev_gpeek;
  }
}


/* X, N's first operand, is the temporary its + - * node just made:
   nothing has run since but a read of the second. */
static bool first_operand_is_temporary(mrt *rt, const node *n, mval x)
{
  return x == rt->fresh_bignum && made_by_arith_node(n->kids[0]) && plain_read(n->kids[1]);
}

/* Everything but fixnums, with the primitive in the function cell. */
static __attribute__((noinline)) mval arith2_general(mrt *rt, const node *n, mval x, mval y,
                                                     arith_into_fn into)
{
  mval dst = Qnil;
  if (y == rt->fresh_bignum && made_by_arith_node(n->kids[1]))
    dst = y;
  else if (first_operand_is_temporary(rt, n, x))
    dst = x;
  else if (BIGNUMP(rt->spare_bignum) && INTEGERP(x) && INTEGERP(y)) {
    dst = rt->spare_bignum;
    rt->spare_bignum = Qnil;
  }
  mval r = into(rt, x, y, dst);
  rt->fresh_bignum = r;
  return r;
}

#define ARITH2(name, fixnum_op, into)                                   \
  static inline mval name##_on(mrt *rt, const node *n, mval x, mval y)  \
  {                                                                     \
    mval r;                                                             \
    if (FIXNUMP(x) && FIXNUMP(y) && !fixnum_op(x, y, (int64_t *)&r))   \
      return r;                                                         \
    return arith2_general(rt, n, x, y, into);                           \
  }                                                                     \
  FAST2_NODES(name)

static bool fixnum_add(mval x, mval y, int64_t *r)
{
  return __builtin_add_overflow((int64_t)x, (int64_t)y, r);
}
static bool fixnum_sub(mval x, mval y, int64_t *r)
{
  return __builtin_sub_overflow((int64_t)x, (int64_t)y, r);
}
/* n * (m << 2) == (n * m) << 2, overflowing exactly when n * m does. */
static bool fixnum_mul(mval x, mval y, int64_t *r)
{
  return __builtin_mul_overflow(XFIXNUM(x), (int64_t)y, r);
}

ARITH2(ev_add, fixnum_add, arith_add2_into)
ARITH2(ev_sub, fixnum_sub, arith_sub2_into)
ARITH2(ev_mul, fixnum_mul, arith_mul2_into)

/* ---- (setq V (OP V X)) in place ---- */

/* A statement (its value unused) that sets a special variable V to an
   arithmetic node over V and X runs here (discard_value chose it).
   When V holds a bignum nothing else does (value_owned) and X runs no
   Lisp code, the result overwrites V's bignum: pidigits' (setq acc
   (* acc k2)) then allocates nothing.  Otherwise it is an ordinary
   setq, which marks V's new value owned when the arithmetic has just
   made it.  n->slot: which operand of n->a reads V; n->b: the other
   operand, X, when it is no call (see no_call_operand), else NULL.

   no_call_operand: X when it is a read or + - * of reads; then it runs
   no Lisp while the function cell of its operation holds the primitive
   (runs_no_lisp). */
static node *no_call_operand(node *x)
{
  bool reads = plain_read(x) ||
               (made_by_arith_node(x) && plain_read(x->kids[0]) && plain_read(x->kids[1]));
  return reads ? x : NULL;
}

/* (+ V (* A B)) and (- V (* A B)): GMP's addmul, no temporary. */
static bool is_multiply_add(const node *n)
{
  const node *op = n->a, *other = n->b;
  return other && arith_op(other) == ev_mul &&
         (arith_op(op) == ev_add || (arith_op(op) == ev_sub && n->slot == 0));
}

/* What the analysis found about an update node, kept in its fk as a
   fixnum: the run asks at every step, and the nodes do not change. */
enum {
  UPDATE_SUB = 1,         /* OP is -, else + or * as below */
  UPDATE_MUL = 2,
  UPDATE_FUSED = 4,       /* is_multiply_add */
  UPDATE_OTHER_ARITH = 8, /* X is itself + - * of reads */
};

static int64_t update_flags(const node *n)
{
  ev_fn k = arith_op(n->a);
  return (k == ev_sub ? UPDATE_SUB : 0) | (k == ev_mul ? UPDATE_MUL : 0) |
         (is_multiply_add(n) ? UPDATE_FUSED : 0) |
         (n->b && made_by_arith_node(n->b) ? UPDATE_OTHER_ARITH : 0);
}

static bool runs_no_lisp(const node *n, int64_t flags)
{
  const node *x = n->b;
  return x && (!(flags & UPDATE_OTHER_ARITH) || x->sym->function == x->fk);
}

static arith_into_fn into_of(int64_t flags)
{
  return flags & UPDATE_SUB ? arith_sub2_into : flags & UPDATE_MUL ? arith_mul2_into : arith_add2_into;
}

/* The update when V is owned and the other operand runs no Lisp;
   Qunbound when V is no longer an owned bignum.  An operand that is
   no number makes the arithmetic signal before it writes, and the
   error names that operand, not V. */
static mval update_in_place(mrt *rt, const node *n, mval *fp)
{
  struct symbol *s = n->sym;
  const node *other = n->b;
  int64_t flags = XFIXNUM(n->fk);
  mval x = Qnil, a = Qnil, b = Qnil;
  bool fused = flags & UPDATE_FUSED;
  if (fused) {
    a = operand(rt, other->kids[0], fp);
    b = operand(rt, other->kids[1], fp);
  } else {
    x = operand(rt, other, fp);
  }
  mval v = s->value;
  if (!s->value_owned || !BIGNUMP(v))
    return Qunbound;
  mval r = fused          ? arith_addmul_into(rt, v, a, b, flags & UPDATE_SUB)
           : n->slot == 0 ? into_of(flags)(rt, v, x, v)
                          : into_of(flags)(rt, x, v, v);
  if (r != v)
    symbol_store(rt->gc, s, r); /* a fixnum or a float now */
  return r;
}

static mval ev_gset_update(mrt *rt, const node *n, mval *fp)
{
  const node *op = n->a;
  struct symbol *s = n->sym;
  if (s->value_owned && op->sym->function == op->fk && runs_no_lisp(n, XFIXNUM(n->fk))) {
    mval r = update_in_place(rt, n, fp);
    if (r != Qunbound)
      return r;
  }
  mval r = EV(rt, op, fp);
  set_symbol_value(rt, n->k, r);
  if (r == rt->fresh_bignum && BIGNUMP(r) && !s->trapped_write && !s->redirect)
    s->value_owned = 1;
  return r;
}

/* A body's last form (setq V (OP V X)): in place when the caller
   throws the value away; n->count = the frame slot that says so. */
static mval ev_gset_update_tail(mrt *rt, const node *n, mval *fp)
{
  if (fp[n->count] == Qt)
    return ev_gset_update(rt, n, fp);
  return ev_gset(rt, n, fp);
}

/* VISIT each form whose value would be N's: N itself, or through
   progn (whose other forms seq_node and analyse_setq already
   discarded), let, if and cond, the forms they return. */
static bool each_value_form(node *n, bool (*visit)(node *, int32_t), int32_t arg)
{
  if (!n)
    return false;
  if (n->ev == ev_progn || n->ev == ev_progn2 || n->ev == ev_progn3)
    return each_value_form(n->kids[n->count - 1], visit, arg);
  if (n->ev == ev_let || n->ev == ev_letstar || n->ev == ev_let_lexical ||
      n->ev == ev_letstar_lexical || n->ev == ev_let_lexical1)
    return each_value_form(n->a, visit, arg);
  if (n->ev == ev_if || n->ev == ev_cond) {
    bool b = each_value_form(n->b, visit, arg);
    return each_value_form(n->c, visit, arg) | b;
  }
  return visit(n, arg);
}

/* N is (setq V (OP V X)) on a special variable V: which operand of OP
   reads V, or -1. */
static int updated_operand(const node *n)
{
  if (n->ev != ev_gset || !made_by_arith_node(n->a) || n->sym->constant)
    return -1;
  for (int i = 0; i < 2; i++) {
    const node *k = n->a->kids[i];
    if ((k->ev == ev_gref || k->ev == ev_gpeek) && k->sym == n->sym)
      return i;
  }
  return -1;
}

/* The value of N is thrown away: such a setq can update in place, and
   a call tells the closure it runs (run_code's value_unused) so that the
   setq its body ends with can too. */
static void make_update(node *n, int v_operand, ev_fn ev)
{
  n->slot = v_operand;
  n->b = no_call_operand(n->a->kids[1 - v_operand]);
  n->fk = make_fixnum(update_flags(n));
  n->ev = ev;
}

static bool mark_value_unused(node *n, int32_t unused_arg)
{
  (void)unused_arg;
  int i = updated_operand(n);
  if (i >= 0) {
    make_update(n, i, ev_gset_update);
  } else if (n->ev == ev_call) {
    n->slot = 1;
  }
  return true;
}
static void discard_value(node *n) { each_value_form(n, mark_value_unused, 0); }

/* N is a form a function body returns: such a setq updates in place
   when the frame's slot FLAG says the caller throws the value away. */
static bool update_if_caller_discards(node *n, int32_t flag)
{
  int i = updated_operand(n);
  if (i < 0)
    return false;
  make_update(n, i, ev_gset_update_tail);
  n->count = flag;
  return true;
}

/* Comparisons: any numbers, straight to arith (its fixnum case is
   inline), when the function cell holds the primitive. */
#define COMPARE2(name, test)                                            \
  static inline mval name##_on(mrt *rt, const node *n, mval x, mval y)  \
  {                                                                     \
    return test(rt, x, y) ? Qt : Qnil;                                  \
  }                                                                     \
  FAST2_NODES(name)

COMPARE2(ev_lt, arith_lt2)
COMPARE2(ev_gt, arith_gt2)
COMPARE2(ev_le, arith_le2)
COMPARE2(ev_ge, arith_ge2)
COMPARE2(ev_numeq, arith_eq2)

/* (truncate N D) and (floor N D).  A dividend that the + - * node
   below has just made is a temporary nothing else holds: once the
   quotient is made it becomes rt->spare_bignum, which the next
   arithmetic computes into, so pidigits' digit test (truncate (+ (* q
   k) r) t) stops allocating. */
#define ROUND2(name, divide)                                            \
  static mval name(mrt *rt, const node *n, mval *fp)                    \
  {                                                                     \
    TWO_OPERANDS(rt, n, fp, x, y);                                      \
    bool temporary = BIGNUMP(x) && first_operand_is_temporary(rt, n, x); \
    mval q = divide(rt, x, y);                                          \
    if (temporary)                                                      \
      rt->spare_bignum = x;                                             \
    return q;                                                           \
  }

ROUND2(ev_truncate2, arith_truncate2)
ROUND2(ev_floor2, arith_floor2)

/* The nodes whose operands peek_operands may make ev_gpeek. */
static bool consumes_numbers(const node *n)
{
  return made_by_arith_node(n) || n->ev == ev_lt || n->ev == ev_gt || n->ev == ev_le ||
         n->ev == ev_ge || n->ev == ev_numeq || n->ev == ev_truncate2 || n->ev == ev_floor2;
}

static inline mval ev_eq_on(mrt *rt, const node *n, mval x, mval y) { return x == y ? Qt : Qnil; }
FAST2_NODES(ev_eq)

/* (+ a b c): tree sums and counters. */
static mval ev_add3(mrt *rt, const node *n, mval *fp)
{
  TWO_OPERANDS(rt, n, fp, x, y);
  mval z = operand(rt, n->kids[2], fp);
  mval r;
  if (FIXNUMP(x) && FIXNUMP(y) && FIXNUMP(z) &&
      !__builtin_add_overflow((int64_t)x, (int64_t)y, (int64_t *)&r) &&
      !__builtin_add_overflow((int64_t)r, (int64_t)z, (int64_t *)&r))
    return r;
  return slow_call(rt, n, 3, x, y, z);
}

/* Integer and vector primitives of every loop: the fixnum or in-range
   vector case inline, anything else (bignums, strings, records, a bad
   index) through the primitive, which signals what Emacs signals. */
#define FAST2(name, test, expr)                                         \
  static inline mval name##_on(mrt *rt, const node *n, mval x, mval y)  \
  {                                                                     \
    if (test)                                                           \
      return (expr);                                                    \
    return slow_call2(rt, n, x, y, 2);                                  \
  }                                                                     \
  FAST2_NODES(name)

static bool vector_index_ok(mval v, mval i)
{
  return VECTORP(v) && FIXNUMP(i) && (uint64_t)XFIXNUM(i) < vl_header_nlisp(XVL(v)->header);
}

/* A fixnum shifted by a fixnum count, when the result is a fixnum too:
   any right shift, and a left one that loses no bits. */
static bool ash_stays_fixnum(mval x, mval count)
{
  if (!both_fixnums(x, count))
    return false;
  int64_t v = XFIXNUM(x), c = XFIXNUM(count);
  return c <= 0 || (c < FIXNUM_BITS && v >= MOST_NEGATIVE_FIXNUM >> c && v <= MOST_POSITIVE_FIXNUM >> c);
}

static mval ash_fixnum(mval x, mval count)
{
  int64_t v = XFIXNUM(x), c = XFIXNUM(count);
  if (c >= 0)
    return make_fixnum(v * ((int64_t)1 << c));
  return make_fixnum(v >> (c < -63 ? 63 : -c));
}

FAST2(ev_rem, both_fixnums(x, y) && y != make_fixnum(0), make_fixnum(XFIXNUM(x) % XFIXNUM(y)))
FAST2(ev_ash, ash_stays_fixnum(x, y), ash_fixnum(x, y))
FAST2(ev_make_vector, FIXNUMP(x) && XFIXNUM(x) >= 0, make_vector(rt, (size_t)XFIXNUM(x), y))
FAST2(ev_logand, both_fixnums(x, y), x & y) /* the tag bits are zero in both */
FAST2(ev_varef, vector_index_ok(x, y), XVL(x)->slots[XFIXNUM(y)])

static inline mval ev_vaset_on(mrt *rt, const node *n, mval v, mval i, mval x)
{
  if (!vector_index_ok(v, i))
    return slow_call(rt, n, 3, v, i, x);
  gc_aset(rt->gc, v, XFIXNUM(i), x);
  return x;
}

static mval ev_vaset(mrt *rt, const node *n, mval *fp)
{
  TWO_OPERANDS(rt, n, fp, v, i);
  mval x = operand(rt, n->kids[2], fp);
  return ev_vaset_on(rt, n, v, i, x);
}

static mval ev_vaset_leaf(mrt *rt, const node *n, mval *fp)
{
  FAST_GUARD(rt, n, fp);
  mval v, i, x;
  if (!read_plain(n->kids[0], fp, &v) || !read_plain(n->kids[1], fp, &i) ||
      !read_plain(n->kids[2], fp, &x))
    return ev_vaset(rt, n, fp);
  return ev_vaset_on(rt, n, v, i, x);
}

/* setcar and setcdr of a cons: (cl-incf (car x)) and (setf (cdr x) ..)
   in every loop that edits a list in place.  Closures seen as lists
   and non-lists take the call. */
static inline mval set_car_or_cdr(mrt *rt, mval c, mval v, bool car)
{
  rt->list_edits++;
  if (car)
    gc_setcar(rt->gc, c, v);
  else
    gc_setcdr(rt->gc, c, v);
  return v;
}
FAST2(ev_setcar, CONSP(x), set_car_or_cdr(rt, x, y, true))
FAST2(ev_setcdr, CONSP(x), set_car_or_cdr(rt, x, y, false))

/* cons is the allocation in every list-building loop. */
static mval ev_cons(mrt *rt, const node *n, mval *fp)
{
  TWO_OPERANDS(rt, n, fp, x, y);
  return Fcons(rt, x, y);
}

#define FAST1(name, expr)                                               \
  static inline mval name##_on(mrt *rt, const node *n, mval x)          \
  {                                                                     \
    expr                                                                \
    return slow_call2(rt, n, x, Qnil, 1);                               \
  }                                                                     \
  static mval name(mrt *rt, const node *n, mval *fp)                    \
  {                                                                     \
    FAST_GUARD(rt, n, fp);                                              \
    return name##_on(rt, n, operand(rt, n->kids[0], fp));               \
  }                                                                     \
  static mval name##_leaf(mrt *rt, const node *n, mval *fp)             \
  {                                                                     \
    FAST_GUARD(rt, n, fp);                                              \
    mval x;                                                             \
    if (!read_plain(n->kids[0], fp, &x))                                \
      return name(rt, n, fp);                                           \
    return name##_on(rt, n, x);                                         \
  }

FAST1(ev_add1, {
  if (FIXNUMP(x) && XFIXNUM(x) < MOST_POSITIVE_FIXNUM)
    return x + make_fixnum(1);
})
FAST1(ev_sub1, {
  if (FIXNUMP(x) && XFIXNUM(x) > MOST_NEGATIVE_FIXNUM)
    return x - make_fixnum(1);
})
FAST1(ev_car, {
  if (CONSP(x))
    return XCAR(x);
  if (NILP(x))
    return Qnil;
})
FAST1(ev_cdr, {
  if (CONSP(x))
    return XCDR(x);
  if (NILP(x))
    return Qnil;
})
FAST1(ev_vlength, {
  if (VECTORP(x))
    return make_fixnum((int64_t)vl_header_nlisp(XVL(x)->header));
})
FAST1(ev_not, { return NILP(x) ? Qt : Qnil; })
FAST1(ev_consp, { return CONSP(x) || PVECP(x, PVEC_CLOSURE) ? Qt : Qnil; })

struct fast_op {
  const char *name;
  int nargs;
  ev_fn ev, leaf, k; /* its twins, or NULL */
};
#define FAST_OP1(name, ev) {name, 1, ev, ev##_leaf, NULL}
#define FAST_OP2(name, ev) {name, 2, ev, ev##_leaf, ev##_k}
static const struct fast_op fast_ops[] = {
  FAST_OP2("+", ev_add),       FAST_OP2("-", ev_sub),        FAST_OP2("<", ev_lt),
  FAST_OP2(">", ev_gt),        FAST_OP2("<=", ev_le),        FAST_OP2(">=", ev_ge),
  FAST_OP2("=", ev_numeq),     FAST_OP2("eq", ev_eq),        FAST_OP1("1+", ev_add1),
  FAST_OP1("1-", ev_sub1),     FAST_OP1("car", ev_car),      FAST_OP1("cdr", ev_cdr),
  FAST_OP1("not", ev_not),     FAST_OP1("null", ev_not),     FAST_OP1("consp", ev_consp),
  FAST_OP2("*", ev_mul),       FAST_OP2("%", ev_rem),        FAST_OP2("logand", ev_logand),
  FAST_OP2("aref", ev_varef),  FAST_OP1("length", ev_vlength), FAST_OP2("ash", ev_ash),
  FAST_OP2("make-vector", ev_make_vector), {"aset", 3, ev_vaset, ev_vaset_leaf, NULL},
  FAST_OP2("setcar", ev_setcar), FAST_OP2("setcdr", ev_setcdr),
  {"cons", 2, ev_cons, NULL, NULL}, {"+", 3, ev_add3, NULL, NULL},
  {"truncate", 2, ev_truncate2, NULL, NULL}, {"floor", 2, ev_floor2, NULL, NULL},
};

/* Whether every operand of N is a plain read, so that its twin may run. */
static bool operands_plain(const node *n)
{
  for (int i = 0; i < n->count; i++)
    if (!is_plain(n->kids[i]))
      return false;
  return true;
}

/* The twin of fast node N made from OP, or N's own function. */
static ev_fn fast_twin(const struct fast_op *op, const node *n)
{
  if (op->leaf && operands_plain(n))
    return op->leaf;
  if (op->k && n->kids[1]->ev == ev_const)
    return op->k;
  return n->ev;
}

/* ---- Making closures ---- */

/* k = the inner code, kids = raw reads of the captured slots, then of
   what is kept only to be printed: the visible variables it does not
   use and the closure running this function. */
static inline mval make_closure(mrt *rt, const node *n, mval *fp, bool *unbound)
{
  mval code = n->k;
  mval cl = gc_vectorlike(rt->gc, PVEC_CLOSURE, 1 + CL_CAPTURED + (size_t)n->count,
                          CL_CAPTURED + (size_t)n->count);
  mval *s = gc_fresh_slots(XVL(cl));
  s[CL_CODE] = code;
  s[CL_LIST] = Qnil;
  for (int i = 0; i < n->count; i++) {
    mval v = fp[n->kids[i]->slot];
    *unbound |= v == Qunbound;
    s[CL_CAPTURED + i] = v;
  }
  return cl;
}

static void capture_hidden(mrt *rt, mval cl, const node *n, mval *fp);
static void watch_closure(mrt *rt, mval fn, mval list);

static mval ev_make_closure(mrt *rt, const node *n, mval *fp)
{
  bool unbound = false;
  mval cl = make_closure(rt, n, fp, &unbound);
  if (unbound)
    capture_hidden(rt, cl, n, fp);
  return cl;
}

/* The same, for inner code that wants the new closure itself (its
   VAR_SELF) among its values, at index slot. */
static mval ev_make_closure_self(mrt *rt, const node *n, mval *fp)
{
  bool unbound = false;
  mval cl = make_closure(rt, n, fp, &unbound);
  gc_fresh_slots(XVL(cl))[CL_CAPTURED + n->slot] = cl; /* nothing allocated since */
  if (unbound)
    capture_hidden(rt, cl, n, fp);
  return cl;
}

static void restore_declared_specials(mrt *rt, mval saved);

/* A stub's flags before its first analysis. */
enum { STUB_LATE = 1, STUB_EXPOSED = 2, STUB_LIBRARY = 4 };

/* The code a stub's closures share, or nil before the first call or
   once a symbol its lets bind lexically may have become special. */
static mval stub_analysed(mrt *rt, mval stub)
{
  mval code = XCDR(stub);
  return PVECP(code, PVEC_CODE) && XCODE(code)->epoch == rt->eval->special_epoch ? code : Qnil;
}

/* Whether STUB's code is analysed late, or exposed: from its flags, or
   from the code analysed before (when that is out of date). */
static bool stub_flag(mval stub, int flag)
{
  mval state = XCDR(stub);
  if (CONSP(state))
    state = XCAR(state);
  if (FIXNUMP(state))
    return XFIXNUM(state) & flag;
  return flag == STUB_LATE      ? XCODE(state)->late
         : flag == STUB_LIBRARY ? XCODE(state)->library
                                : XCODE(state)->exposed;
}

/* A top-level lambda: analysed at its first call.  k = its stub */
static mval ev_make_lazy_closure(mrt *rt, const node *n, mval *fp)
{
  mval code = stub_analysed(rt, n->k);
  mval cl = gc_vectorlike(rt->gc, PVEC_CLOSURE, 1 + CL_CAPTURED, CL_CAPTURED);
  mval *s = gc_fresh_slots(XVL(cl));
  s[CL_CODE] = code;
  s[CL_LIST] = NILP(code) ? n->k : Qnil;
  return cl;
}

/* ================================================================== */
/* Analysis of forms                                                  */
/* ================================================================== */

static node *analyse(struct actx *A, mval form);
static node *analyse_body(struct actx *A, mval body);
static mval analyse_function(mrt *rt, struct fscope *parent, mval source, bool dynamic,
                             mval env);
static mval macroexpand_1(mrt *rt, mval form, mval env, bool *expanded);
static mval macroexpand(mrt *rt, mval form, mval env);
static mval macroexpand_all(mrt *rt, mval form, mval env);
static void note_eager_expansion(mrt *rt, mval form);
static mval mexp_list(mrt *rt, mval list, mval env);
static mval compiler_macro_of(mrt *rt, mval head, mval env);
static mval mexp_compiler_macro(mrt *rt, mval form, mval handler, mval env);
static mval map_forms(mrt *rt, mval list, mval env, mval (*expand)(mrt *, mval, mval));
static mval macroexpand_all_or_defer(mrt *rt, mval form, mval env);
static mval unfold_lambda(mrt *rt, mval form);

static node *const_node(struct actx *A, mval v)
{
  node *n = new_node(A, ev_const);
  n->k = keep(A, v);
  return n;
}

static node **kids_of(struct actx *A, mval forms, int *count)
{
  int64_t len = count_conses(A->rt, forms);
  node **kids = aalloc(A, sizeof(node *) * (size_t)(len ? len : 1));
  int i = 0;
  for (; CONSP(forms); forms = XCDR(forms))
    kids[i++] = analyse(A, XCAR(forms));
  *count = i;
  return kids;
}

static node *seq_node(struct actx *A, mval forms, ev_fn ev)
{
  node *n = new_node(A, ev);
  n->kids = kids_of(A, forms, &n->count);
  if (ev == ev_progn)
    for (int i = 0; i < n->count - 1; i++)
      discard_value(n->kids[i]);
  if (ev == ev_progn && (n->count == 2 || n->count == 3)) {
    n->ev = n->count == 2 ? ev_progn2 : ev_progn3;
    n->a = n->kids[0];
    n->b = n->kids[1];
    n->c = n->count == 3 ? n->kids[2] : NULL;
  }
  return n;
}

static node *analyse_body(struct actx *A, mval body)
{
  if (!CONSP(body))
    return const_node(A, Qnil);
  if (!CONSP(XCDR(body)))
    return analyse(A, XCAR(body));
  return seq_node(A, body, ev_progn);
}

static void check_nargs(struct actx *A, mval form, int64_t min, int64_t max)
{
  int64_t n = count_conses(A->rt, XCDR(form));
  if (n < min || (max >= 0 && n > max))
    xsignal2(A->rt, Qwrong_number_of_arguments, XCAR(form), make_fixnum(n));
}

/* ---- Variables ---- */

static const struct form_rec *form_recs(struct actx *A, struct form_frame *ff);

static node *var_node(struct actx *A, mval sym)
{
  mrt *rt = A->rt;
  struct symbol *s = XSYMBOL(rt, sym);
  if (NILP(sym) || sym == Qt || keywordp(rt, sym))
    return const_node(A, s->value == Qunbound ? sym : s->value);
  /* Lexical bindings win even for special variables: Emacs 28 binds a
     closure's parameters lexically whatever their names. */
  struct var *v = A->f->dynamic ? NULL : lookup_in(A, A->f, sym);
  node *n;
  if (!v) {
    n = new_node(A, ev_gref);
    n->k = keep(A, sym);
    n->sym = s;
    n->where = form_recs(A, A->f->forms);
  } else if (v->kind == VAR_ALIST) {
    n = new_node(A, ev_aref);
    n->k = v->cell;
  } else {
    n = new_node(A, ev_lref);
    add_ref(A, v, n);
    if (v->kind == VAR_LOCAL && v->captured && v->captured_at != rt->eval->call_seq)
      v->read_late = true; /* a closure's entry may have been set since */
  }
  return n;
}

/* ev_lset, or its fused form when VAL is (1+ V) or (1- V) of V itself. */
static ev_fn counter_step(const struct var *v, const node *val)
{
  bool up = val->ev == ev_add1_leaf, down = val->ev == ev_sub1_leaf;
  if (!(up || down) || val->kids[0]->ev != ev_lref)
    return ev_lset;
  for (const struct ref *r = v->refs; r; r = r->next)
    if (r->n == val->kids[0])
      return up ? ev_lset_add1 : ev_lset_sub1;
  return ev_lset;
}

static node *setq_one(struct actx *A, mval sym, mval valform)
{
  mrt *rt = A->rt;
  CHECK_SYMBOL(rt, sym);
  node *val = analyse(A, valform);
  struct symbol *s = XSYMBOL(rt, sym);
  struct var *v = A->f->dynamic ? NULL : lookup_in(A, A->f, sym);
  node *n;
  if (!v) {
    n = new_node(A, ev_gset);
    n->k = keep(A, sym);
    n->sym = s;
  } else if (v->kind == VAR_ALIST) {
    n = new_node(A, ev_aset);
    n->k = v->cell;
  } else {
    n = new_node(A, ev_lset);
    root_of(v)->mutated = true;
    add_ref(A, v, n);
    n->ev = counter_step(v, val);
  }
  n->a = val;
  return n;
}

static node *analyse_setq(struct actx *A, mval form)
{
  int64_t n = count_conses(A->rt, XCDR(form));
  if (n % 2)
    xsignal2(A->rt, Qwrong_number_of_arguments, Qsetq, make_fixnum(n));
  if (n == 0)
    return const_node(A, Qnil);
  node *seq = new_node(A, ev_progn);
  seq->kids = aalloc(A, sizeof(node *) * (size_t)(n / 2));
  for (mval p = XCDR(form); CONSP(p); p = XCDR(XCDR(p)))
    seq->kids[seq->count++] = setq_one(A, XCAR(p), XCAR(XCDR(p)));
  for (int i = 0; i < seq->count - 1; i++) /* only the last pair gives the value */
    discard_value(seq->kids[i]);
  if (seq->count == 2 || seq->count == 3) {
    seq->ev = seq->count == 2 ? ev_progn2 : ev_progn3;
    seq->a = seq->kids[0];
    seq->b = seq->kids[1];
    seq->c = seq->count == 3 ? seq->kids[2] : NULL;
  }
  return seq->count == 1 ? seq->kids[0] : seq;
}

/* ---- Scopes ---- */

/* Should NAME become special later, the functions being analysed
   (this one and those it is nested in) are analysed again
   (eval_make_special): each code lists NAME among its lexicals. */
static void note_lexical_let(struct actx *A, mval name)
{
  XSYMBOL(A->rt, name)->let_lexically = 1;
  for (struct fscope *f = A->f; f; f = f->parent) {
    struct code *c = XCODE(f->code);
    if (!memq_list(name, c->lexicals))
      GC_STORE(A->rt->gc, f->code, c->lexicals, Fcons(A->rt, name, c->lexicals));
  }
}

/* Bind NAME in the current function: a lexical variable, or a special
   binding.  B receives the mode; B->slot is its frame slot, allocated
   here unless already reserved (>= 0). */
static void declare_binding(struct actx *A, mval name, struct binding *b, bool param)
{
  mrt *rt = A->rt;
  CHECK_SYMBOL(rt, name);
  b->sym = keep(A, name);
  if (b->slot < 0)
    b->slot = alloc_slot(A->f);
  if (param ? A->f->dynamic : symbol_special(rt, A->f, name)) {
    b->mode = BIND_SPECIAL;
    return;
  }
  b->mode = BIND_LEXICAL;
  if (!param)
    note_lexical_let(A, name);
  struct var *v = new_var(A, name, VAR_LOCAL);
  v->slot = b->slot;
  v->mode = &b->mode;
  v->bind = b;
  v->prev = A->f->vars;
  struct var *prev = v->prev;
  while (prev && prev->silent)
    prev = prev->prev;
  v->env_prev = prev;
  v->spine_ok = prev == A->f->alist_vars ? !(A->f->parent && A->f->parent->mirror)
                                         : prev->kind == VAR_LOCAL && prev->spine_ok;
  A->f->vars = v;
}

/* The variable's scope has ended: every node that touches it (and its
   captured copies in inner functions) is known, so decide whether it
   needs a box and patch them. */
static void patch_refs(struct ref *r)
{
  for (; r; r = r->next) {
    if (r->n->ev == ev_lref)
      r->n->ev = ev_bref;
    else if (is_lset(r->n))
      r->n->ev = ev_bset;
  }
}

/* Whether more than one closure may be made over one binding of ROOT
   (two lambdas in its scope, or one in a loop there): in Emacs they
   share its cons, so here they share a box. */
static bool shared_by_closures(const mrt *rt, const struct var *root)
{
  int64_t lambdas = rt->eval->lambda_seq - root->lambdas_at;
  return lambdas > 1 || (lambdas == 1 && rt->eval->loop_seq != root->loops_at);
}

/* Recorded entries (NAME . INDEX) of a boxed variable become (NAME
   . -1-INDEX): the closure's value there is the box, the very entry. */
static void mark_boxed_entries(mrt *rt, struct entry_ref *e)
{
  for (; e; e = e->next)
    gc_setcdr(rt->gc, e->entry, make_fixnum(-1 - XFIXNUM(XCDR(e->entry))));
}

static bool runs_as_closure(const struct fscope *f);
static struct var *self_var(struct actx *A);

/* ---- Spines ----

   In Emacs each binding conses (NAME . VALUE) onto the environment,
   so closures made over one binding share the rest of the list from
   it outwards, spine and all: (eq (cadr f) (cadr g)) for two closures
   made in one scope.  Here a variable that more than one closure made
   directly in its function may see (two lambdas in its scope, or one
   in a loop there) is boxed and gets a second slot, its spine cell
   (BOX . REST): REST is the spine cell of the variable bound before it
   in the function, or, for the first, the environment the function
   runs in: a constant, or the closure running it, which stands for its
   environment until a printed closure's list replaces it (spine_env).
   The variables outside such a variable qualify too, so the cells
   form one chain; the closure keeps the innermost cell it sees, and
   its list conses its other entries (of variables no second closure
   shares) onto that.  A (defvar NAME) in between ends the chain. */

static void spine_index(struct actx *A, struct var *v)
{
  if (v->spine >= 0)
    return;
  v->spine = A->f->nspine++;
  v->spine_next = A->f->spines;
  A->f->spines = v;
}

/* A node reading V's spine cell; its slot is given at function end. */
static node *spine_read(struct actx *A, struct var *v)
{
  spine_index(A, v);
  node *n = new_node(A, ev_lref);
  struct ref *r = aalloc(A, sizeof *r);
  r->n = n;
  r->next = v->spine_refs;
  v->spine_refs = r;
  return n;
}

static bool shared_by_own_closures(const struct fscope *f, const struct var *v)
{
  int64_t lambdas = f->lambdas - v->own_lambdas_at;
  return lambdas > 1 || (lambdas == 1 && f->loops != v->own_loops_at);
}

/* The (t) that ends the environments of closures made in F. */
static mval t_tail(struct actx *A)
{
  if (!CONSP(A->f->t_tail))
    A->f->t_tail = keep(A, list1(A->rt, Qt));
  return A->f->t_tail;
}

/* The environment a function that runs as no closure runs in, which
   follows its own variables in the environments of closures made in
   it: an alist it was given, or (t). */
static mval constant_tail(struct actx *A)
{
  for (struct fscope *f = A->f; f; f = f->parent)
    if (CONSP(f->alist))
      return f->alist;
  return t_tail(A);
}

/* What follows V's box in its spine cell. */
static node *rest_node(struct actx *A, struct var *v)
{
  if (v->env_prev != A->f->alist_vars)
    return spine_read(A, v->env_prev);
  if (!runs_as_closure(A->f))
    return const_node(A, constant_tail(A));
  node *n = new_node(A, ev_lref);
  add_ref(A, self_var(A), n);
  return n;
}

/* Each closure that sees V and no spine variable inside it keeps V's
   spine cell: its entry becomes (NAME INDEX . LENGTH), INDEX that of
   the cell among its values, LENGTH the number of cells of the chain. */
static void make_spine(struct actx *A, struct var *v)
{
  spine_index(A, v);
  v->bind->rest = rest_node(A, v);
  int64_t length = 0;
  for (struct var *u = v; u != A->f->alist_vars; u = u->env_prev)
    length++;
  for (struct entry_ref *e = v->entries; e; e = e->next) {
    node *n = e->n;
    if (!n || n->a)
      continue;
    n->a = spine_read(A, v);
    int i = n->count++;
    n->kids[i] = n->a;
    gc_setcdr(A->rt->gc, e->entry, Fcons(A->rt, make_fixnum(i), make_fixnum(length)));
  }
}

/* The spine slots follow the function's other slots. */
static void number_spines(struct fscope *f)
{
  int32_t base = f->maxslots;
  f->maxslots += f->nspine;
  for (struct var *v = f->spines; v; v = v->spine_next) {
    v->bind->spine_slot = base + v->spine;
    for (struct ref *r = v->spine_refs; r; r = r->next)
      r->n->slot = base + v->spine;
  }
}

/* Whether ROOT lives in a box: kept by a closure, and setq'd, or
   shared by closures, or read where a closure's entry may have been
   set since (an unboxed entry is the closure's own); or seen by a call
   that may be a macro's when it runs (box_site_vars). */
static void finish_var(struct actx *A, struct var *root)
{
  mrt *rt = A->rt;
  bool spine = root->spine >= 0 || (root->spine_ok && root->captured &&
                                    shared_by_own_closures(A->f, root));
  bool boxed = spine || root->late_site ||
               (root->captured && (root->mutated || root->read_late || shared_by_closures(rt, root)));
  if (root->mode)
    *root->mode = boxed ? BIND_BOXED : BIND_LEXICAL;
  if (root->bind)
    root->bind->assigned = root->mutated;
  root->boxed = boxed;
  if (!boxed)
    return;
  mark_boxed_entries(rt, root->entries);
  patch_refs(root->refs);
  for (struct var *d = root->derived; d; d = d->next_derived) {
    d->boxed = true;
    patch_refs(d->refs);
  }
  if (spine)
    make_spine(A, root);
}

/* Close the scopes opened since SAVED: finish their variables and
   release their slots. */
static void close_scope(struct actx *A, struct var *saved, int32_t saved_slots)
{
  for (struct var *v = A->f->vars; v != saved; v = v->prev)
    if (v->kind == VAR_LOCAL)
      finish_var(A, v);
  A->f->vars = saved;
  A->f->nslots = saved_slots;
}

/* ---- let and let* ---- */

/* A binding of LET: recorded with the variable it hides, when lexical,
   in case NAME becomes special while the code runs. */
static void declare_let_binding(struct actx *A, node *let, mval name, struct binding *b)
{
  struct var *hidden = A->f->vars;
  while (hidden && hidden->name != name)
    hidden = hidden->prev;
  declare_binding(A, name, b, false);
  if (b->mode == BIND_SPECIAL)
    return;
  struct var *v = A->f->vars;
  v->is_let = true;
  v->shadowed = hidden && hidden->kind != VAR_SPECIAL_DECL ? hidden : NULL;
  struct let_record *r = aalloc(A, sizeof *r);
  *r = (struct let_record){b, v, let, NULL};
  add_let_record(A->rt, A->f->code, &XCODE(A->f->code)->lets, r);
}

static mval ev_resignal(mrt *rt, const node *n, mval *fp);

/* A node that signals ERR, a (SYMBOL . DATA) pair, when evaluated. */
static node *error_node(struct actx *A, mval err)
{
  node *n = new_node(A, ev_resignal);
  n->k = keep(A, err);
  return n;
}

/* The error Emacs's let signals for binding B, or nil if B is well formed:
   B is a symbol or a list (VAR [INIT]). */
static mval let_binding_error(mrt *rt, mval b)
{
  if (SYMBOLP(b))
    return Qnil;
  if (!CONSP(b))
    return list3(rt, Qwrong_type_argument, Qlistp, b);
  mval rest = XCDR(b);
  if (!NILP(rest) && !CONSP(rest))
    return list3(rt, Qwrong_type_argument, Qlistp, rest);
  if (CONSP(rest) && !NILP(XCDR(rest)))
    return Fcons(rt, Qerror, Fcons(rt, make_cstring(rt, "`let' bindings can have only one value-form"), b));
  return Qnil;
}

static node *analyse_let(struct actx *A, mval form, bool star)
{
  mrt *rt = A->rt;
  check_nargs(A, form, 1, -1);
  mval bindings = XCAR(XCDR(form));
  CHECK_LIST(rt, bindings);
  int64_t nb = count_conses(A->rt, bindings);
  node *n = new_node(A, star ? ev_letstar : ev_let);
  n->binds = aalloc(A, sizeof(struct binding) * (size_t)(nb ? nb : 1));
  struct var *saved = A->f->vars;
  int32_t saved_slots = A->f->nslots;
  /* let: every init is analysed outside the new scope, so declare the
     variables only after all of them. */
  mval names[64];
  mval *pending = nb <= 64 ? names : aalloc(A, sizeof(mval) * (size_t)nb);
  int i = 0;
  mval p = bindings;
  /* let measures its list first; let* finds a dotted end after binding. */
  if (!star)
    for (mval t = bindings; !NILP(t); t = XCDR(t))
      if (!CONSP(t))
        xsignal2(rt, Qwrong_type_argument, Qlistp, t);
  for (; CONSP(p); p = XCDR(p), i++) {
    mval b = XCAR(p);
    mval bad = let_binding_error(rt, b);
    /* A malformed binding binds nothing: its init signals first. */
    mval name = !NILP(bad) ? make_symbol(rt, make_cstring(rt, "unbound"))
                : CONSP(b) ? XCAR(b) : b;
    CHECK_SYMBOL(rt, name);
    /* The slot first, so that temporaries of this and later inits
       live above it and cannot clobber a value already computed. */
    n->binds[i].slot = alloc_slot(A->f);
    /* A malformed binding signals when its init would run, as Emacs's
       let evaluates the inits before it first. */
    n->binds[i].init = !NILP(bad) ? error_node(A, bad)
                       : analyse(A, CONSP(b) ? car_safe(XCDR(b)) : Qnil);
    if (star)
      declare_let_binding(A, n, name, &n->binds[i]);
    else
      pending[i] = name;
  }
  n->count = i;
  if (!star)
    for (i = 0; i < n->count; i++)
      declare_let_binding(A, n, pending[i], &n->binds[i]);
  n->a = NILP(p) ? analyse_body(A, XCDR(XCDR(form)))
                  : error_node(A, list3(rt, Qwrong_type_argument, Qlistp, bindings));
  close_scope(A, saved, saved_slots);
  bool plain = true;
  for (i = 0; i < n->count; i++)
    plain &= n->binds[i].mode == BIND_LEXICAL;
  if (plain)
    n->ev = n->count == 1 ? ev_let_lexical1 : star ? ev_letstar_lexical : ev_let_lexical;
  return n;
}

/* ---- Control ---- */

static node *analyse_if(struct actx *A, mval form)
{
  check_nargs(A, form, 2, -1);
  node *n = new_node(A, ev_if);
  mval args = XCDR(form);
  n->a = analyse(A, XCAR(args));
  n->b = analyse(A, XCAR(XCDR(args)));
  n->c = analyse_body(A, XCDR(XCDR(args)));
  return n;
}

static node *analyse_cond(struct actx *A, mval clauses)
{
  if (!CONSP(clauses))
    return const_node(A, Qnil);
  mval clause = XCAR(clauses);
  CHECK_LIST(A->rt, clause);
  if (NILP(clause))
    return analyse_cond(A, XCDR(clauses));
  node *n = new_node(A, ev_cond);
  n->a = analyse(A, XCAR(clause));
  /* A dotted clause (TEST . X) gives nil, as Emacs's progn of X does. */
  n->b = CONSP(XCDR(clause)) ? analyse_body(A, XCDR(clause))
         : !NILP(XCDR(clause)) ? const_node(A, Qnil) : NULL;
  n->c = analyse_cond(A, XCDR(clauses));
  return n;
}

static node *analyse_while(struct actx *A, mval form)
{
  check_nargs(A, form, 1, -1);
  A->rt->eval->loop_seq++;
  A->f->loops++;
  node *n = new_node(A, ev_while);
  n->a = analyse(A, XCAR(XCDR(form)));
  n->b = analyse_body(A, XCDR(XCDR(form)));
  discard_value(n->b);
  return n;
}

static node *analyse_prog1(struct actx *A, mval form)
{
  check_nargs(A, form, 1, -1);
  return seq_node(A, XCDR(form), ev_prog1);
}

static node *analyse_defvar(struct actx *A, mval form, bool is_const)
{
  mrt *rt = A->rt;
  check_nargs(A, form, is_const ? 2 : 1, -1);
  mval sym = XCAR(XCDR(form));
  CHECK_SYMBOL(rt, sym);
  if (count_conses(rt, XCDR(form)) > 3)
    mrt_error(rt, "Too many arguments");
  node *n = new_node(A, ev_defvar);
  n->k = keep(A, sym);
  n->sym = XSYMBOL(rt, sym);
  n->slot = is_const;
  if (CONSP(XCDR(XCDR(form)))) {
    n->a = analyse(A, XCAR(XCDR(XCDR(form))));
    mval doc_tail = XCDR(XCDR(XCDR(form)));
    n->fk = keep(A, CONSP(doc_tail) ? XCAR(doc_tail) : Qnil);
  } else
    n->count = A->f->toplevel && A->f->nslots == 0;
  /* The rest of this analysis binds SYM dynamically, as the byte
     compiler does; (defvar x) alone is only a local declaration, and
     only it shows in the environment, as in Emacs. */
  struct var *v = new_var(A, sym, VAR_SPECIAL_DECL);
  v->silent = n->a != NULL;
  v->prev = A->f->vars;
  A->f->vars = v;
  return n;
}

static node *analyse_catch(struct actx *A, mval form)
{
  check_nargs(A, form, 1, -1);
  node *n = new_node(A, ev_catch);
  n->a = analyse(A, XCAR(XCDR(form)));
  n->b = analyse_body(A, XCDR(XCDR(form)));
  return n;
}

static node *analyse_unwind_protect(struct actx *A, mval form)
{
  check_nargs(A, form, 1, -1);
  node *n = new_node(A, ev_unwind_protect);
  n->a = analyse(A, XCAR(XCDR(form)));
  n->b = analyse_body(A, XCDR(XCDR(form)));
  return n;
}

static node *analyse_save_state(struct actx *A, mval form, const char *save,
                                const char *restore)
{
  node *n = new_node(A, ev_save_state);
  n->k = keep(A, intern(A->rt, save));
  n->fk = keep(A, intern(A->rt, restore));
  n->a = analyse_body(A, XCDR(form));
  return n;
}

/* The handler's tag: a vector of the clauses' specs, REVERSED, in their
   order, so that the debugger can tell by the clause that catches an
   error whether it names `debug' (see api.c). */
static mval clause_specs_vector(mrt *rt, mval reversed)
{
  int64_t n = count_conses(rt, reversed);
  mval v = make_vector(rt, (size_t)n, Qnil);
  for (int64_t i = n - 1; i >= 0; i--, reversed = XCDR(reversed))
    gc_aset(rt->gc, v, i, XCAR(reversed));
  return v;
}

static node *analyse_condition_case(struct actx *A, mval form)
{
  mrt *rt = A->rt;
  check_nargs(A, form, 2, -1);
  mval var = XCAR(XCDR(form));
  CHECK_SYMBOL(rt, var);
  mval handlers = XCDR(XCDR(XCDR(form)));
  node *n = new_node(A, ev_condition_case);
  n->slot = -1;
  n->a = analyse(A, XCAR(XCDR(XCDR(form))));
  int64_t nh = count_conses(A->rt, handlers);
  n->kids = aalloc(A, sizeof(node *) * (size_t)(nh ? nh : 1));
  n->binds = aalloc(A, sizeof(struct binding));
  n->binds[0].slot = -1;
  struct var *saved = A->f->vars;
  int32_t saved_slots = A->f->nslots;
  if (!NILP(var))
    declare_binding(A, var, &n->binds[0], true); /* lexical even when special, as in Emacs */
  mval specs = Qnil, tags = Qnil;
  for (mval p = handlers; CONSP(p); p = XCDR(p)) {
    mval h = XCAR(p);
    /* Emacs wants a symbol or a list of them before the body: a vector
       there (which marrow's own clause vectors would match) is invalid */
    if (!NILP(h) && !(CONSP(h) && (SYMBOLP(XCAR(h)) || CONSP(XCAR(h)))))
      mrt_errorf(rt, "Invalid condition handler: %s",
                 (const char *)XSTRING(print_to_string(rt, h, false))->data);
    mval spec = car_safe(h);
    if (spec == Qksuccess) {
      /* Emacs 28 returns the body's value through an empty one */
      if (!NILP(cdr_safe(h)))
        n->slot = n->count;
    } else if (!NILP(spec))
      tags = Fcons(rt, spec, tags);
    specs = Fcons(rt, spec, specs);
    n->kids[n->count++] = analyse_body(A, cdr_safe(h));
  }
  close_scope(A, saved, saved_slots);
  mval rev = Qnil;
  for (; CONSP(specs); specs = XCDR(specs))
    rev = Fcons(rt, XCAR(specs), rev);
  n->k = keep(A, rev);
  n->c = const_node(A, clause_specs_vector(rt, tags));
  return n;
}

/* ---- function and lambda ---- */

static bool env_empty(struct fscope *f)
{
  for (; f; f = f->parent) {
    if (f->dynamic)
      return false;
    for (struct var *v = f->vars; v; v = v->prev)
      if (v->kind != VAR_SPECIAL_DECL)
        return false;
    if (f->ncap)
      return false;
  }
  return true;
}

static int capture_index(struct var *const *origins, int ncap, const struct var *v)
{
  for (int i = 0; i < ncap; i++)
    if (origins[i] == v)
      return i;
  return -1;
}

/* Whether closures made in F show, after F's own variables, the
   environment of the closure running F (as Emacs's closures share
   it): F is a nested closure.  A top-level function's environment is
   a constant, and a macro expansion run at a call is no closure. */
static bool runs_as_closure(const struct fscope *f)
{
  return f->parent && !f->parent->mirror;
}

/* The capture slot of the function being analysed that holds the
   closure running it. */
static struct var *self_var(struct actx *A)
{
  struct fscope *f = A->f;
  if (!f->self) {
    struct var *v = new_var(A, Qnil, VAR_SELF);
    v->slot = f->ncap++;
    v->prev = f->captures;
    f->captures = v;
    f->self = v;
  }
  return f->self;
}

/* Keep the value of V, which the closure made by N does not use, in
   that closure for printing; returns its index among the closure's
   values.  A variable of this function then lives in a box should it
   be setq'd, so that the closure shows its current value, as Emacs's
   shared binding would. */
static int kept_value(struct actx *A, node *n, struct var *v)
{
  node *r = new_node(A, ev_lref);
  add_ref(A, v, r);
  if (v->kind == VAR_LOCAL)
    note_captured(A->rt, v);
  int i = n->count++;
  n->kids[i] = r;
  return i;
}

/* One entry of a printed closure's environment: (NAME . INDEX) of its
   value among the closure's values, or NAME alone for (defvar NAME). */
static mval env_entry(struct actx *A, node *n, struct var *const *origins, int ncap,
                      struct var *v)
{
  if (v->kind == VAR_SPECIAL_DECL)
    return v->name;
  int i = capture_index(origins, ncap, v);
  if (i < 0)
    i = kept_value(A, n, v);
  mval entry = Fcons(A->rt, v->name, make_fixnum(i));
  struct var *root = root_of(v);
  struct entry_ref *e = aalloc(A, sizeof *e);
  e->entry = entry;
  e->n = v->kind == VAR_LOCAL && v->owner == A->f ? n : NULL;
  e->next = root->entries;
  root->entries = e;
  return entry;
}

/* Entries for the variables that a function which is no closure (a
   macro expansion) captured, innermost binding first, onto the
   reversed list ENV. */
static mval captures_env(struct actx *A, node *n, struct var *const *origins, int ncap,
                         mval env)
{
  int ncaptures = 0;
  for (struct var *v = A->f->captures; v; v = v->prev)
    ncaptures++;
  struct var **outer = aalloc(A, sizeof *outer * (size_t)(ncaptures + 1));
  int k = 0;
  for (struct var *v = A->f->captures; v; v = v->prev) {
    int j = k++;
    for (; j > 0 && root_of(outer[j - 1])->seq < root_of(v)->seq; j--)
      outer[j] = outer[j - 1];
    outer[j] = v;
  }
  for (int j = 0; j < k; j++)
    env = Fcons(A->rt, env_entry(A, n, origins, ncap, outer[j]), env);
  return env;
}

/* The environment Emacs would print for a closure made here, as
   (ENTRIES . TAIL): this function's variables visible there, innermost
   first, then TAIL: the index of the closure running this function
   among the new closure's values (its environment follows), or the
   alist environment this function runs in, or (t). */
static mval closure_env(struct actx *A, node *n, struct var *const *origins, int ncap)
{
  mval env = Qnil; /* built reversed */
  for (struct var *v = A->f->vars; v != A->f->alist_vars; v = v->prev)
    if (!v->silent)
      env = Fcons(A->rt, env_entry(A, n, origins, ncap, v), env);
  mval tail = t_tail(A);
  if (runs_as_closure(A->f)) {
    tail = make_fixnum(kept_value(A, n, self_var(A)));
  } else {
    env = captures_env(A, n, origins, ncap, env);
    for (struct fscope *f = A->f; f; f = f->parent)
      if (CONSP(f->alist)) {
        tail = f->alist;
        break;
      }
  }
  mval in_order = Qnil;
  for (; CONSP(env); env = XCDR(env))
    in_order = Fcons(A->rt, XCAR(env), in_order);
  return keep(A, Fcons(A->rt, in_order, tail));
}

/* A lambda in a file loaded with dynamic binding stays a list, its
   body expanded as load's eager expansion leaves it. */
static mval expanded_lambda(mrt *rt, mval lambda)
{
  mval body = cdr_safe(XCDR(lambda));
  return Fcons(rt, Qlambda, Fcons(rt, car_safe(XCDR(lambda)),
                                  map_forms(rt, body, Qnil, macroexpand_all_or_defer)));
}

/* The (ARGS . BODY) that closures made from LAMBDA show and run.  In a
   form load evaluates, the body is expanded first, as Emacs's eager
   expansion leaves it (late code was expanded before: a macro met in
   it now is expanded when it runs).  Elsewhere, as under Emacs's eval,
   it is the lambda's own cdr, as written; its macros are expanded as
   the analysis meets them. */
static mval lambda_source(struct actx *A, mval lambda)
{
  mval source = XCDR(lambda);
  if (!A->f->eager || A->f->late)
    return source;
  mval body = cdr_safe(source);
  mval expanded = map_forms(A->rt, body, Qnil, macroexpand_all_or_defer);
  return expanded == body ? source : Fcons(A->rt, car_safe(source), expanded);
}

/* A top-level lambda's code before its first call (see PVEC_CLOSURE);
   the code of its lambdas lists it, for expose. */
static mval make_stub(struct actx *A, mval source, bool late)
{
  mval flags = make_fixnum((late ? STUB_LATE : 0) | (A->f->library ? STUB_LIBRARY : 0));
  mval declared = A->rt->eval->declared_specials;
  /* The declarations its text makes hold in it when it is analysed. */
  mval stub = Fcons(A->rt, source, NILP(declared) ? flags : Fcons(A->rt, flags, declared));
  struct code *c = XCODE(A->f->code);
  GC_STORE(A->rt->gc, A->f->code, c->stubs, Fcons(A->rt, stub, c->stubs));
  return stub;
}

static node *analyse_lambda(struct actx *A, mval lambda)
{
  mrt *rt = A->rt;
  if (A->f->dynamic)
    return const_node(A, A->f->toplevel && A->f->eager ? keep(A, expanded_lambda(rt, lambda)) : lambda);
  mval source = lambda_source(A, lambda);
  if (env_empty(A->f)) { /* analysed at the first call */
    node *n = new_node(A, ev_make_lazy_closure);
    n->k = make_stub(A, source, A->f->eager || A->f->late);
    return n;
  }
  rt->eval->lambda_seq++;
  A->f->lambdas++;
  mval code = analyse_function(rt, A->f, source, false, Qnil);
  keep(A, code);
  node *n = new_node(A, ev_make_closure);
  n->k = code;
  struct code *c = XCODE(code);
  n->count = c->ncap;
  int32_t nvisible = 0;
  for (struct var *v = A->f->vars; v; v = v->prev)
    nvisible++;
  for (struct var *v = A->f->captures; v; v = v->prev)
    nvisible++;
  /* the values it uses, those it keeps to be printed, the closure
     running this function and a spine cell */
  n->kids = aalloc(A, sizeof(node *) * (size_t)(c->ncap + nvisible + 2));
  /* One raw read of the captured variable's slot per capture, in the
     order of the inner function's capture slots; the inner function's
     VAR_SELF (named nil) gets the new closure. */
  int i = 0;
  struct var **origins = aalloc(A, sizeof *origins * (size_t)(c->ncap + 1));
  for (mval p = c->capnames; CONSP(p); p = XCDR(p)) {
    if (NILP(XCAR(p))) {
      n->ev = ev_make_closure_self;
      n->slot = i;
      origins[i] = NULL;
      n->kids[i++] = const_node(A, Qnil); /* slot 0: a frame slot, overwritten */
      continue;
    }
    struct var *v = lookup_in(A, A->f, XCAR(p));
    node *r = new_node(A, ev_lref);
    add_ref(A, v, r);
    origins[i] = v;
    n->kids[i++] = r;
  }
  GC_STORE(rt->gc, code, c->env, closure_env(A, n, origins, c->ncap));
  return n;
}

/* A closure whose docstring a (:documentation FORM) computed: a = FORM,
   b = the closure of the lambda with an empty docstring in its place.
   The new closure is seen as its list, with the string put there, so
   that it shows and runs what Emacs 28 makes of it. */
static mval ev_make_documented_closure(mrt *rt, const node *n, mval *fp)
{
  mval doc = EV(rt, n->a, fp);
  CHECK_STRING(rt, doc);
  mval cl = EV(rt, n->b, fp);
  mval list = closure_as_list(rt, cl);
  mval args_etc = XCDR(XCDR(list));
  mval rest = Fcons(rt, XCAR(args_etc), Fcons(rt, doc, XCDR(XCDR(args_etc))));
  watch_closure(rt, cl, Fcons(rt, Qclosure, Fcons(rt, XCAR(XCDR(list)), rest)));
  return cl;
}

/* (lambda ARGS (:documentation FORM) . BODY) under lexical binding: the
   docstring is FORM's value, computed each time a closure is made. */
static bool has_documentation_form(mval lambda)
{
  mval body = cdr_safe(XCDR(lambda));
  return CONSP(body) && CONSP(XCAR(body)) && XCAR(XCAR(body)) == Qkdocumentation;
}

static node *analyse_documented_lambda(struct actx *A, mval lambda)
{
  mrt *rt = A->rt;
  mval source = XCDR(lambda);
  mval body = XCDR(source);
  mval doc_args = XCDR(XCAR(body));
  CHECK_LIST(rt, doc_args); /* signalled when the form runs */
  mval doc_form = car_safe(doc_args);
  mval plain = keep(A, Fcons(rt, Qlambda, Fcons(rt, XCAR(source),
                                                Fcons(rt, make_string(rt, "", 0), XCDR(body)))));
  node *n = new_node(A, ev_make_documented_closure);
  n->a = analyse(A, doc_form);
  n->b = analyse_lambda(A, plain);
  return n;
}

static node *analyse_function_form(struct actx *A, mval form)
{
  check_nargs(A, form, 1, 1);
  mval f = XCAR(XCDR(form));
  if (CONSP(f) && XCAR(f) == Qlambda && !A->f->dynamic && has_documentation_form(f))
    return analyse_documented_lambda(A, f);
  if (CONSP(f) && XCAR(f) == Qlambda)
    return analyse_lambda(A, f);
  return const_node(A, f);
}

/* ---- Calls ---- */

/* The arguments of a call, counting how many values are pending on
   the stack at once (this call's and its enclosing calls'). */
static void analyse_args(struct actx *A, node *n, mval args)
{
  int64_t nargs = count_conses(A->rt, args);
  int32_t saved = A->f->push;
  n->kids = aalloc(A, sizeof(node *) * (size_t)(nargs ? nargs : 1));
  for (mval p = args; CONSP(p); p = XCDR(p)) {
    n->kids[n->count++] = analyse(A, XCAR(p));
    A->f->push++;
    if (A->f->push > A->f->maxpush)
      A->f->maxpush = A->f->push;
  }
  A->f->push = saved;
}

static struct call_site *call_site_here(struct actx *A)
{
  struct fscope *f = A->f;
  struct call_site *site = f->last_site;
  if (site && site->vars == f->vars && site->captures == f->captures)
    return site;
  site = aalloc(A, sizeof *site);
  site->vars = f->vars;
  site->captures = f->captures;
  site->dynamic = f->dynamic;
  f->last_site = site;
  return site;
}

/* A call of F that may be expanded when it runs (see "Macros met at
   run time") sees each variable through the box its frame and its
   closures share, as Emacs's closures share the binding's cons: the
   expansion may set a variable a closure holds, or make a closure
   over one that is set afterwards.  Cold: few calls find no function.
   Not in marrow's own library, which Emacs byte-compiles: its macros
   are expanded once and for all there. */
static __attribute__((noinline, cold)) void box_site_vars(struct fscope *f)
{
  for (struct var *v = f->vars; v; v = v->prev)
    if (v->kind == VAR_LOCAL)
      v->late_site = true;
  for (struct var *v = f->captures; v; v = v->prev)
    root_of(v)->late_site = true;
}

/* FF and the forms around it, copied into the arena once: what the
   backtrace shows around a call made inside FF. */
static const struct form_rec *form_recs(struct actx *A, struct form_frame *ff)
{
  if (A->f->library)
    return NULL;
  while (ff && ff->hidden)
    ff = ff->up;
  if (!ff)
    return NULL;
  if (!ff->rec) {
    struct form_rec *r = aalloc(A, sizeof *r);
    r->form = ff->shown;
    r->up = form_recs(A, ff->up);
    ff->rec = r;
  }
  return ff->rec;
}

/* Load's eager expansion replaces the form being analysed (a macro
   call) by its expansion EXP: the backtrace shows only the latter,
   and the forms around it show it in its place. */
static void hide_expanded_form(struct actx *A, mval exp)
{
  struct form_frame *ff = A->f->forms;
  if (A->f->eager && !A->f->late && !A->f->library && ff) {
    ff->hidden = true;
    ff->shown = exp;
  }
}

/* TREE with each OLD in it (by eq) replaced by NEW, sharing what has
   none; quoted data is left alone, and so is a tree too big (or
   circular) to walk within *BUDGET conses. */
static mval subst_form(mrt *rt, mval tree, mval old, mval new, int64_t *budget)
{
  if (tree == old)
    return new;
  if (!CONSP(tree) || XCAR(tree) == Qquote)
    return tree;
  /* Along the list (recursing only into its elements): cells up to the
     last changed element are copied, the rest shared. */
  mval copy = Qnil, last = Qnil, uncopied = tree, cell = tree;
  for (; CONSP(cell) && --*budget >= 0; cell = XCDR(cell)) {
    mval elt = subst_form(rt, XCAR(cell), old, new, budget);
    if (elt == XCAR(cell))
      continue;
    for (; uncopied != XCDR(cell); uncopied = XCDR(uncopied)) {
      mval c = Fcons(rt, uncopied == cell ? elt : XCAR(uncopied), Qnil);
      if (NILP(last))
        copy = c;
      else
        gc_setcdr(rt->gc, last, c);
      last = c;
    }
  }
  if (NILP(last))
    return tree;
  gc_setcdr(rt->gc, last, uncopied);
  return copy;
}

/* FF, done, was shown expanded: so is it in the form around it, as
   load's macroexpand-all would have rebuilt that. */
static void show_expanded(struct actx *A, struct form_frame *ff)
{
  if (ff->rec)
    ((struct form_rec *)ff->rec)->form = ff->shown;
  if (!ff->up)
    return;
  int64_t budget = 100000;
  mval shown = subst_form(A->rt, ff->up->shown, ff->form, ff->shown, &budget);
  if (budget >= 0 && shown != ff->up->shown)
    ff->up->shown = keep(A, shown);
}

static node *analyse_call_form(struct actx *A, mval form)
{
  mrt *rt = A->rt;
  mval head = XCAR(form);
  mval args = XCDR(form);
  if (CONSP(head) && XCAR(head) == Qlambda) {
    node *n = new_node(A, ev_call_value);
    n->where = form_recs(A, A->f->forms);
    n->a = analyse_lambda(A, head);
    A->f->push++;
    analyse_args(A, n, args);
    A->f->push--;
    return n;
  }
  if (CONSP(head) && XCAR(head) == Qclosure) {
    node *n = new_node(A, ev_call_value);
    n->where = form_recs(A, A->f->forms);
    n->a = const_node(A, head);
    A->f->push++;
    analyse_args(A, n, args);
    A->f->push--;
    return n;
  }
  if (!SYMBOLP(head)) {
    node *n = new_node(A, ev_signal_invalid);
    n->k = keep(A, head);
    return n;
  }
  struct symbol *s = XSYMBOL(rt, head);
  mval fn = s->function;
  if (is_special_form(fn)) {
    node *n = new_node(A, ev_call_unevalled);
    n->k = keep(A, head);
    n->sym = s;
    n->a = const_node(A, args);
    return n;
  }
  node *n = new_node(A, ev_call);
  n->k = keep(A, head);
  n->sym = s;
  n->where = form_recs(A, A->f->forms);
  analyse_args(A, n, args);
  /* (FORM . CACHE): the form, should it need expanding at run time,
     and the cached expansion. */
  n->fk = keep(A, Fcons(rt, form, Qnil));
  n->site = call_site_here(A);
  if (!A->f->library && !VECTORLIKEP(fn) && may_run_as_macro(rt, fn))
    box_site_vars(A->f);
  if (PVECP(fn, PVEC_SUBR) && XSUBR(fn)->name == head)
    for (size_t i = 0; i < sizeof fast_ops / sizeof fast_ops[0]; i++)
      if (fast_ops[i].nargs == n->count && !strcmp(fast_ops[i].name, symbol_name(rt, head))) {
        node *fast = new_node(A, fast_ops[i].ev);
        *fast = *n;
        fast->ev = fast_ops[i].ev;
        fast->fk = keep(A, fn);
        fast->a = n; /* for when the function cell changes */
        if (consumes_numbers(fast))
          peek_operands(fast);
        fast->ev = fast_twin(&fast_ops[i], fast);
        return fast;
      }
  return n;
}

static node *analyse_call(struct actx *A, mval form)
{
  node *n = analyse_call_form(A, form);
  A->rt->eval->call_seq++; /* from here on, Lisp may have run */
  return n;
}

static mval expand_or_keep(mrt *rt, mval form, mval env,
                           mval (*expand)(mrt *, mval, mval), mval *error);
static void note_eager_failure(mrt *rt, mval error);

static mval macroexpand_once(mrt *rt, mval form, mval env)
{
  bool expanded;
  return macroexpand_1(rt, form, env, &expanded);
}

/* Marks on the specpdl (unwinding them does nothing) that a top-level
   form or a macro call FORM is being expanded eagerly: the trail a
   cycle warning shows is made from them only when one is reported (see
   eager_trail), so that an expansion conses nothing for it. */
static void eager_toplevel_mark(mrt *rt, mval form) { (void)rt; (void)form; }
static void eager_expansion_mark(mrt *rt, mval form) { (void)rt; (void)form; }

/* Note on the trail an eager expansion's cycle warning shows that the
   macro call FORM is being expanded: (macroexpand (HEAD …)), as Emacs
   shows its macroexpand frame (undone by the caller's unbind_to). */
static void note_eager_expansion(mrt *rt, mval form)
{
  record_unwind(rt, eager_expansion_mark, form);
}

/* ACC with VALUE's frames before UNTIL pushed on it: VALUE is a value
   macroexp--eager-trail has had (load.c pushes its (load NAME) frames
   on it), UNTIL the value it had before. */
static mval push_trail_frames(mrt *rt, mval acc, mval value, mval until)
{
  for (; CONSP(value) && value != until; value = XCDR(value))
    acc = Fcons(rt, XCAR(value), acc);
  return acc;
}

static mval eager_trail_frame(mrt *rt, const struct specbinding *b)
{
  if (b->fn == eager_expansion_mark)
    return list2(rt, Qmacroexpand, list2(rt, XCAR(b->old), Qellipsis));
  return call1(rt, intern(rt, "macroexp--eager-frame"), b->old);
}

/* (macroexp--eager-trail-frames): what is being loaded and expanded
   eagerly, innermost first, as Emacs's warning about a cycle names it:
   (load NAME), (macroexpand-all FORM) and (macroexpand FORM) frames. */
static mval Fmacroexp__eager_trail_frames(mrt *rt, int nargs, mval *args)
{
  (void)nargs; (void)args;
  mval var = Qmacroexp__eager_trail;
  mval value = find_symbol_value(rt, var);
  value = value == Qunbound ? Qnil : value;
  mval acc = Qnil; /* outermost first: the specpdl is walked inside out */
  for (size_t i = rt->specpdl_depth; i-- > 0;) {
    const struct specbinding *b = &rt->specpdl[i];
    if (b->kind == SPECPDL_UNWIND
        && (b->fn == eager_expansion_mark || b->fn == eager_toplevel_mark))
      acc = Fcons(rt, eager_trail_frame(rt, b), acc);
    else if (b->kind != SPECPDL_UNWIND && b->symbol == var) {
      mval old = b->old == Qunbound ? Qnil : b->old;
      acc = push_trail_frames(rt, acc, value, old);
      value = old;
    }
  }
  return nreverse_list(rt, push_trail_frames(rt, acc, value, Qnil));
}

/* The definition of FORM's head, an autoloaded macro's file loaded
   first: under FORM's entry on the eager trail, as Emacs loads it
   from its macroexpand. */
static mval analysed_macro_definition(struct actx *A, mval form)
{
  mrt *rt = A->rt;
  size_t depth = rt->specpdl_depth;
  if (A->f->eager && is_macro_autoload(indirect_function(rt, XCAR(form))))
    note_eager_expansion(rt, form);
  mval f = macro_definition(rt, XCAR(form));
  unbind_to(rt, depth);
  return f;
}

/* A macro that fails now is called when the form runs, as Emacs's
   interpreter expands it then: an earlier form of the same body (a
   cl-defstruct its expansion needs) may have run by that time. */
static node *analyse_macro_call(struct actx *A, mval form)
{
  mrt *rt = A->rt;
  enter_depth(rt);
  mval error;
  size_t depth = rt->specpdl_depth;
  if (A->f->eager)
    note_eager_expansion(rt, form);
  /* As Emacs's eval binds it around a macro's expansion: the macro
     (dolist, say) may expand differently for dynamic binding. */
  specbind(rt, Qlexical_binding, A->f->dynamic ? Qnil : Qt);
  /* Expanded as eval meets it (not by load's eager expansion): the
     backtrace shows the call and the forms around it, as in Emacs */
  struct bt_frame bt = {rt->backtrace, Qnil, NULL, 0, NULL};
  if (!A->f->eager) {
    bt.site = form_recs(A, A->f->forms);
    rt->backtrace = &bt;
  }
  mval exp = expand_or_keep(rt, form, Qnil, macroexpand_once, &error);
  rt->backtrace = bt.prev;
  unbind_to(rt, depth);
  if (!NILP(error) && A->f->eager && !A->f->late)
    note_eager_failure(rt, error);
  if (NILP(error))
    hide_expanded_form(A, exp);
  node *n = NILP(error) ? analyse(A, keep(A, exp)) : analyse_call(A, form);
  rt->lisp_eval_depth--;
  return n;
}

static mval expand_compiler_macro_call(mrt *rt, mval form, mval handler)
{
  return mexp_compiler_macro(rt, form, handler, Qnil);
}

/* A call in a top-level form load expands, as Emacs's macroexpand-all
   leaves it, through its function's compiler macro HANDLER (the
   lambdas' bodies get theirs with the rest of their expansion). */
static node *analyse_compiler_macro_call(struct actx *A, mval form, mval handler)
{
  mval error;
  mval exp = call_or_fail(A->rt, expand_compiler_macro_call, form, handler, &error);
  if (!NILP(error)) {
    note_eager_failure(A->rt, error);
    return analyse_call(A, form);
  }
  if (exp == form)
    return analyse_call(A, form);
  hide_expanded_form(A, exp);
  return analyse(A, keep(A, exp));
}

static mval unfold_lambda_call(mrt *rt, mval form, mval ignored)
{
  return unfold_lambda(rt, form);
}

/* A call of a lambda in a top-level form load expands, opened into the
   let Emacs's macroexpand-all makes of it (with its warning when the
   numbers of arguments and values do not fit; a lambda's body gets
   that with the rest of its expansion). */
static node *analyse_lambda_call(struct actx *A, mval form)
{
  mval error;
  mval exp = call_or_fail(A->rt, unfold_lambda_call, form, Qnil, &error);
  if (!NILP(error)) {
    note_eager_failure(A->rt, error);
    return analyse_call(A, form);
  }
  if (exp == form)
    return analyse_call(A, form);
  hide_expanded_form(A, exp);
  return analyse(A, keep(A, exp));
}

/* (funcall #'F ARGS...) in a top-level form load expands: Emacs's
   macroexpand-all makes it (F ARGS...), even for a macro or special
   form F (as mexp_funcall does for the bodies of lambdas), so errors
   and the backtrace name F rather than funcall and F's definition. */
static node *analyse_funcall_call(struct actx *A, mval form)
{
  mrt *rt = A->rt;
  mval fn = car_safe(XCDR(form));
  mval f;
  if (CONSP(fn) && XCAR(fn) == Qlambda) /* the macro lambda makes it #'(lambda ...) */
    f = fn;
  else if (CONSP(fn) && XCAR(fn) == Qfunction && CONSP(XCDR(fn)) && NILP(XCDR(XCDR(fn))))
    f = XCAR(XCDR(fn));
  else
    return analyse_call(A, form);
  mval exp = keep(A, Fcons(rt, f, XCDR(XCDR(form))));
  hide_expanded_form(A, exp);
  return analyse(A, exp);
}

/* ---- The dispatcher ---- */

/* Emacs's eval counts a form's arguments before it looks at them (and
   applies a macro to them as a list): a dotted argument list is
   (wrong-type-argument listp TAIL), whatever the head. */
static void check_argument_list(struct actx *A, mval form)
{
  count_conses(A->rt, form); /* a circular form signals circular-list */
  mval tail = XCDR(form);
  while (CONSP(tail))
    tail = XCDR(tail);
  if (!NILP(tail))
    wrong_type_argument(A->rt, Qlistp, tail);
}

/* The special form HEAD names through its definition, as Emacs's
   `inline' names progn, or nil. */
static mval special_form_alias(mrt *rt, mval head)
{
  if (!SYMBOLP(head))
    return Qnil;
  mval fn = XSYMBOL(rt, head)->function;
  /* A chain too long (a cycle among them) is left for the call to report. */
  for (int hops = 0; SYMBOLP(fn) && !NILP(fn); hops++) {
    if (hops == 100)
      return Qnil;
    fn = XSYMBOL(rt, fn)->function;
  }
  return is_special_form(fn) && fn != XSYMBOL(rt, head)->function ? XSUBR(fn)->name : Qnil;
}

static node *analyse_cons(struct actx *A, mval form)
{
  mval head = XCAR(form);
  check_argument_list(A, form);
  mval target = special_form_alias(A->rt, head);
  if (!NILP(target)) {
    form = keep(A, Fcons(A->rt, target, XCDR(form)));
    head = target;
  }
  if (head == Qquote) {
    check_nargs(A, form, 1, 1);
    return const_node(A, XCAR(XCDR(form)));
  }
  if (head == Qfunction)
    return analyse_function_form(A, form);
  if (head == Qsetq)
    return analyse_setq(A, form);
  if (head == Qif)
    return analyse_if(A, form);
  if (head == Qcond)
    return analyse_cond(A, XCDR(form));
  if (head == Qand)
    return CONSP(XCDR(form)) ? seq_node(A, XCDR(form), ev_and) : const_node(A, Qt);
  if (head == Qor)
    return CONSP(XCDR(form)) ? seq_node(A, XCDR(form), ev_or) : const_node(A, Qnil);
  if (head == Qprogn)
    return analyse_body(A, XCDR(form));
  if (head == Qprog1)
    return analyse_prog1(A, form);
  if (head == Qlet || head == Qletstar)
    return analyse_let(A, form, head == Qletstar);
  if (head == Qwhile)
    return analyse_while(A, form);
  if (head == Qdefvar || head == Qdefconst)
    return analyse_defvar(A, form, head == Qdefconst);
  if (head == Qcatch)
    return analyse_catch(A, form);
  if (head == Qunwind_protect)
    return analyse_unwind_protect(A, form);
  if (head == Qcondition_case)
    return analyse_condition_case(A, form);
  if (head == Qinteractive)
    return const_node(A, Qnil);
  if (head == Qsave_excursion)
    return analyse_save_state(A, form, "internal--save-excursion", "internal--restore-excursion");
  if (head == Qsave_restriction)
    return analyse_save_state(A, form, "internal--save-restriction",
                              "internal--restore-restriction");
  if (head == Qsave_current_buffer)
    return analyse_save_state(A, form, "current-buffer", "internal--restore-buffer");
  if (SYMBOLP(head) && is_macro(analysed_macro_definition(A, form)))
    return A->f->late ? analyse_call(A, form) : analyse_macro_call(A, form);
  if (A->f->eager && !A->f->late && !A->f->parent && SYMBOLP(head)) {
    mval handler = compiler_macro_of(A->rt, head, Qnil);
    if (!NILP(handler))
      return analyse_compiler_macro_call(A, form, handler);
  }
  if (A->f->eager && !A->f->late && !A->f->parent && CONSP(head) && XCAR(head) == Qlambda)
    return analyse_lambda_call(A, form);
  if (A->f->eager && !A->f->late && !A->f->parent && head == Qfuncall)
    return analyse_funcall_call(A, form);
  return analyse_call(A, form);
}

static mval ev_resignal(mrt *rt, const node *n, mval *fp)
{
  mrt_signal(rt, XCAR(n->k), XCDR(n->k));
}

/* An error while analysing a form (bad syntax, a failing macro) is
   signalled when the form is *evaluated*, as in Emacs's interpreter:
   a condition-case around it can catch it. */
static node *analyse_cons_deferring_errors(struct actx *A, mval form)
{
  struct fscope *f = A->f;
  struct fscope saved = *f;
  struct form_frame here = {form, form, f->forms, NULL, false};
  f->forms = &here;
  struct handler h;
  handler_push(A->rt, &h, HANDLER_CONDITION_CASE, Qt);
  if (setjmp(h.jmp) == 0) {
    node *n = analyse_cons(A, form);
    handler_pop(A->rt, &h);
    f->forms = saved.forms;
    if (here.shown != form)
      show_expanded(A, &here);
    return n;
  }
  f->forms = saved.forms;
  /* Memory running out is no property of the form: a node that
     signalled it forever would make a retry loop around it endless. */
  if (is_memory_full_error(A->rt, h.value))
    mrt_signal_object(A->rt, h.value);
  f->vars = saved.vars;
  f->nslots = saved.nslots;
  f->push = saved.push;
  f->depth = saved.depth;
  node *n = new_node(A, ev_resignal);
  n->k = keep(A, h.value);
  return n;
}

static node *analyse(struct actx *A, mval form)
{
  struct fscope *f = A->f;
  if (++f->depth > f->maxdepth)
    f->maxdepth = f->depth;
  check_c_stack(A->rt, 0);
  node *n;
  if (SYMBOLP(form))
    n = var_node(A, form);
  else if (CONSP(form))
    n = analyse_cons_deferring_errors(A, form);
  else
    n = const_node(A, form);
  f->depth--;
  return n;
}

/* ================================================================== */
/* Analysis of functions                                              */
/* ================================================================== */

/* Parse the lambda list into C->params and declare the parameters. */
static void analyse_params(struct actx *A, mval args)
{
  struct code *c = XCODE(A->f->code);
  int64_t n = count_conses(A->rt, args);
  c->params = aalloc(A, sizeof(struct binding) * (size_t)(n ? n : 1));
  /* 0 required, 1 &optional, 2 &rest, 3 after the rest var: Emacs 28
     binds any more variables there to nil. */
  int state = 0;
  int i = 0;
  mval tail = args;
  for (; CONSP(tail); tail = XCDR(tail)) {
    mval a = XCAR(tail);
    if (a == Qand_optional) {
      if (state != 0)
        goto bad;
      state = 1;
      continue;
    }
    if (a == Qand_rest) {
      if (state >= 2)
        goto bad;
      state = 2;
      continue;
    }
    if (!SYMBOLP(a))
      goto bad;
    c->params[i].slot = -1;
    declare_binding(A, a, &c->params[i], true);
    if (state == 0)
      c->nreq++;
    else if (state == 1)
      c->nopt++;
    else if (state == 2) {
      c->rest = 1;
      state = 3;
    }
    i++;
  }
  if (state == 2 || !NILP(tail))
    goto bad;
  c->nparams = i;
  return;
bad:
  /* Signalled at each call, naming the function, as Emacs does; but as
     Emacs binds the arguments first, missing ones for the required
     parameters before the fault (still counted in nreq) come first. */
  c->invalid = 1;
  c->nparams = -1; /* never the argument count: calls take the slow path */
}

/* Give the captures of the function being analysed their final slots,
   outermost binding first: so a printed closure lists its environment
   innermost first, as Emacs does.  Returns their names in slot order. */
static mval number_captures(struct actx *A, int32_t cap_base)
{
  struct fscope *f = A->f;
  struct var **sorted = aalloc(A, sizeof *sorted * (size_t)(f->ncap ? f->ncap : 1));
  int n = 0;
  for (struct var *v = f->captures; v; v = v->prev) {
    int i = n++;
    for (; i > 0 && root_of(sorted[i - 1])->seq > root_of(v)->seq; i--)
      sorted[i] = sorted[i - 1];
    sorted[i] = v;
  }
  mval names = Qnil;
  for (int i = n; i-- > 0;) {
    struct var *v = sorted[i];
    v->slot = cap_base + i;
    for (struct ref *r = v->refs; r; r = r->next)
      r->n->slot = v->slot;
    names = Fcons(A->rt, v->name, names);
  }
  return names;
}

/* Whether the backtrace needs a copy of C's arguments: a parameter
   setq'd or boxed no longer holds the value the call passed. */
static bool keeps_args(const struct code *c)
{
  for (int i = 0; i < c->nparams; i++)
    if (c->params[i].assigned || c->params[i].mode == BIND_BOXED)
      return true;
  return false;
}

/* Analyse (lambda . SOURCE), SOURCE being (ARGS . BODY), as a function
   nested in PARENT (NULL at top level).  ENV, when a list, is an Emacs
   alist environment whose bindings are reached through their cons
   cells. */
/* Whether load is reading a file of marrow's own library now. */
static bool library_code_now(mrt *rt)
{
  mval v = find_symbol_value(rt, Qmarrow__library_load);
  return v != Qunbound && !NILP(v);
}

static mval analyse_function(mrt *rt, struct fscope *parent, mval source, bool dynamic,
                             mval env)
{
  mval args = car_safe(source), body = cdr_safe(source);
  struct fscope f = {0};
  f.parent = parent;
  f.dynamic = dynamic;
  f.toplevel = !parent && rt->eval->toplevel_pending;
  rt->eval->toplevel_pending = false; /* not for analyses this one starts */
  f.eager = parent ? parent->eager : f.toplevel && !rt->eval->unexpanded_pending;
  rt->eval->unexpanded_pending = false;
  f.late = parent ? parent->late : rt->eval->late_pending;
  rt->eval->late_pending = false;
  int8_t library = rt->eval->library_pending;
  rt->eval->library_pending = -1;
  f.library = parent ? parent->library
              : library >= 0 ? library
                             : library_code_now(rt);
  f.code = make_code(rt, source);
  XCODE(f.code)->library = f.library;
  struct actx A = {rt, &f};
  if (parent)
    check_c_stack(rt, 0);
  for (mval e = env; CONSP(e); e = XCDR(e)) {
    mval b = XCAR(e);
    struct var *v = NULL;
    if (CONSP(b) && SYMBOLP(XCAR(b))) {
      v = new_var(&A, XCAR(b), VAR_ALIST);
      v->cell = keep(&A, b);
    } else if (SYMBOLP(b) && b != Qt) {
      v = new_var(&A, b, VAR_SPECIAL_DECL);
    }
    if (v) {
      v->prev = f.vars;
      f.vars = v;
    }
  }
  /* Alist variables are found innermost first: reverse to env order. */
  struct var *rev = NULL;
  for (struct var *v = f.vars, *next; v; v = next) {
    next = v->prev;
    v->prev = rev;
    rev = v;
  }
  f.vars = rev;
  f.alist = env;
  f.alist_vars = f.vars;
  struct var *outer = f.vars;
  analyse_params(&A, args);
  struct code *c = XCODE(f.code);
  if (!CONSP(source)) { /* (lambda): Emacs signals invalid-function at each call */
    c->invalid = 1;
    c->nparams = -1;
  }
  /* Skip a docstring and declare forms only where they mean nothing. */
  c->body_node = analyse_body(&A, body);
  close_scope(&A, outer, 0);
  c = XCODE(f.code);
  number_spines(&f);
  c->args_copy = keeps_args(c) ? f.maxslots : -1;
  if (c->args_copy >= 0)
    f.maxslots += c->nparams;
  if (each_value_form(c->body_node, update_if_caller_discards, f.maxslots))
    c->unused_flag_slot = f.maxslots++;
  c->cap_base = f.maxslots;
  c->ncap = f.ncap;
  c->nslots = f.maxslots + f.ncap;
  c->stack_need = c->nslots + f.maxpush + 8;
  c->cdepth = f.maxdepth;
  GC_STORE(rt->gc, f.code, c->capnames, number_captures(&A, c->cap_base));
  for (int i = 0; i < c->nparams; i++) {
    c->has_special |= c->params[i].mode == BIND_SPECIAL;
    c->slow_entry |= c->params[i].mode == BIND_BOXED;
  }
  c->slow_entry |= c->has_special | (c->args_copy >= 0);
  c->late = f.late;
  c->fast_nargs = c->rest || c->invalid ? -1 : c->nparams;
  return f.code;
}

/* ================================================================== */
/* Running closures                                                   */
/* ================================================================== */

/* Send FN, a function analysed at top level whose lets bind SYM
   lexically, back to its source: its next call analyses it again. */
static void unanalyse_binding(mrt *rt, mval fn, mval sym)
{
  const mval *s = CLOSURE_SLOTS(fn);
  mval code = is_watched(fn) ? AREF(s[CL_LIST], W_CODE) : s[CL_CODE];
  if (NILP(code) || !memq_list(sym, XCODE(code)->lexicals))
    return;
  struct code *c = XCODE(code);
  rt->eval->retired_codes = Fcons(rt, code, rt->eval->retired_codes);
  if (!NILP(c->env)) { /* nested: its list, analysed now, runs it */
    closure_as_list(rt, fn);
  } else if (is_watched(fn)) { /* its next call analyses its list again */
    gc_aset(rt->gc, s[CL_LIST], W_CODE, Qnil);
    gc_aset(rt->gc, s[CL_LIST], W_EDITS, Qnil);
  } else {
    gc_aset(rt->gc, fn, CL_LIST, Fcons(rt, c->source, code)); /* a stub, its code out of date */
    gc_aset(rt->gc, fn, CL_CODE, Qnil);
  }
}

/* The closures or codes in the heap, dead ones not yet swept among
   them, for eval_make_special.  The Boehm build finds only the codes
   made findable (add_let_record) and no closures: there, closures
   are seen in function cells only, and running code is patched. */
static mval heap_objects(mrt *rt, int type)
{
  size_t n = gc_find_objects(rt->gc, type, NULL, 0);
  mval all = make_vector(rt, n, Qnil); /* a collection here only shortens the list */
  gc_find_objects(rt->gc, type, gc_written_slots(rt->gc, all), n);
  return all;
}

/* ---- A let's symbol made special while its code runs ----

   Emacs's interpreter decides at each let whether it binds
   dynamically, and at each reference whether the innermost binding of
   the name is lexical.  So once SYM is special, a let of it that had
   been analysed as lexical binds dynamically (BIND_DYNAMIC), leaving
   Qunbound in its slot, and its references (the *_dyn nodes) then
   look past it: to the lexical variable of that name it hides in the
   same function, or to the symbol.  A binding made before stays
   lexical for the references inside it, as in Emacs. */

static mval ev_lref_dyn(mrt *rt, const node *n, mval *fp)
{
  mval v = fp[n->slot];
  return v == Qunbound ? EV(rt, n->c, fp) : v;
}

static mval ev_bref_dyn(mrt *rt, const node *n, mval *fp)
{
  mval box = fp[n->slot];
  return box == Qunbound ? EV(rt, n->c, fp) : BOX_VALUE(box);
}

/* Set what the reference N (of any kind the above fall back to) reads. */
static void assign_ref(mrt *rt, const node *n, mval v, mval *fp)
{
  if (n->ev == ev_aref)
    gc_setcdr(rt->gc, n->k, v);
  else if (n->ev == ev_gref)
    set_symbol_value(rt, n->k, v);
  else if (fp[n->slot] == Qunbound)
    assign_ref(rt, n->c, v, fp);
  else if (n->ev == ev_bref_dyn)
    gc_setcdr(rt->gc, fp[n->slot], v);
  else
    fp[n->slot] = v;
}

/* A setq: c = the reference it sets (an ev_lref_dyn or ev_bref_dyn). */
static mval ev_set_dyn(mrt *rt, const node *n, mval *fp)
{
  mval v = EV(rt, n->a, fp);
  assign_ref(rt, n->c, v, fp);
  return v;
}

/* What a reference to a dynamic binding of SYM reads instead: HIDDEN,
   the variable of that name its let hides, or SYM's value.  Made in
   CODE's arena, as the reference is. */
static node *fallback_ref(mrt *rt, mval code, struct var *hidden, mval sym)
{
  node *n = arena_alloc(rt, code, sizeof *n);
  if (hidden && hidden->kind == VAR_ALIST) {
    n->ev = ev_aref;
    n->k = hidden->cell;
  } else if (hidden) {
    n->ev = hidden->boxed ? ev_bref_dyn : ev_lref_dyn;
    n->slot = hidden->slot;
    n->k = sym;
    n->c = fallback_ref(rt, code, hidden->shadowed, sym);
  } else {
    n->ev = ev_gref;
    n->k = sym;
    n->sym = XSYMBOL(rt, sym);
  }
  return n;
}

/* What a closure made while KID's variable is bound dynamically keeps
   instead (as its environment would in Emacs): the binding of the
   variable of that name its let hides, a box if KID reads one, or
   Qunbound when there is none (its references then read the symbol). */
static mval hidden_capture(mrt *rt, const node *kid, mval *fp)
{
  const node *f = kid->c;
  while ((f->ev == ev_lref_dyn || f->ev == ev_bref_dyn) && fp[f->slot] == Qunbound)
    f = f->c;
  if (f->ev == ev_gref)
    return Qunbound;
  bool wants_box = kid->ev == ev_bref_dyn;
  if (f->ev == ev_lref_dyn)
    return wants_box ? make_box(rt, f->k, fp[f->slot]) : fp[f->slot];
  mval box = f->ev == ev_aref ? f->k : fp[f->slot];
  return wants_box ? box : BOX_VALUE(box);
}

static void capture_hidden(mrt *rt, mval cl, const node *n, mval *fp)
{
  for (int i = 0; i < n->count; i++)
    if (CLOSURE_SLOTS(cl)[CL_CAPTURED + i] == Qunbound)
      gc_aset(rt->gc, cl, CL_CAPTURED + i, hidden_capture(rt, n->kids[i], fp));
}

/* The references of V, a variable of CODE. */
static void make_refs_dynamic(mrt *rt, mval code, struct var *v, struct var *hidden)
{
  for (struct ref *r = v->refs; r; r = r->next) {
    node *n = r->n;
    if (n->ev == ev_lref || n->ev == ev_bref) {
      n->c = fallback_ref(rt, code, hidden, v->name);
      n->ev = n->ev == ev_lref ? ev_lref_dyn : ev_bref_dyn;
    } else if (is_lset(n) || n->ev == ev_bset) {
      node *ref = arena_alloc(rt, code, sizeof *ref);
      ref->ev = is_lset(n) ? ev_lref_dyn : ev_bref_dyn;
      ref->slot = n->slot;
      ref->c = fallback_ref(rt, code, hidden, v->name);
      n->c = ref;
      n->ev = ev_set_dyn;
    }
  }
}

/* CODE's lets of SYM bind it dynamically from now on. */
static void make_lets_dynamic(mrt *rt, mval code, mval sym)
{
  for (struct let_record *r = XCODE(code)->lets; r; r = r->next) {
    if (r->b->sym != sym || r->b->mode == BIND_DYNAMIC)
      continue;
    r->b->mode = BIND_DYNAMIC;
    if (r->let->ev == ev_let_lexical || r->let->ev == ev_let_lexical1)
      r->let->ev = ev_let;
    else if (r->let->ev == ev_letstar_lexical)
      r->let->ev = ev_letstar;
    make_refs_dynamic(rt, code, r->v, r->v->shadowed);
  }
  for (struct let_record *r = XCODE(code)->captured_lets; r; r = r->next)
    if (r->v->name == sym && !r->v->dynamic) {
      r->v->dynamic = true;
      make_refs_dynamic(rt, code, r->v, NULL);
    }
}

/* Emacs's interpreter decides at each let whether it binds
   dynamically; marrow decides once, at analysis.  So when SYM becomes
   special and some code has bound it lexically, the closures whose
   lets do (in function cells, and anywhere in the heap) are analysed
   again: at their next call, or now from their list when nested; and
   the code that may be running is patched (make_lets_dynamic). */
void eval_make_special(mrt *rt, mval sym)
{
  struct symbol *s = XSYMBOL(rt, sym);
  bool was_special = s->special == SYMBOL_SPECIAL;
  s->special = SYMBOL_SPECIAL;
  if (was_special || !s->let_lexically)
    return;
  rt->eval->special_epoch++;
  size_t count = obarray_symbols(rt, NULL, 0);
  mval all = make_vector(rt, count, Qnil);
  count = obarray_symbols(rt, gc_written_slots(rt->gc, all), count);
  for (size_t i = 0; i < count; i++) {
    mval fn = XSYMBOL(rt, AREF(all, (int64_t)i))->function;
    if (is_macro(fn))
      fn = XCDR(fn);
    if (PVECP(fn, PVEC_CLOSURE))
      unanalyse_binding(rt, fn, sym);
  }
  mval closures = heap_objects(rt, PVEC_CLOSURE);
  for (int64_t i = 0; i < VECTOR_LENGTH(closures); i++)
    if (PVECP(AREF(closures, i), PVEC_CLOSURE))
      unanalyse_binding(rt, AREF(closures, i), sym);
  mval codes = heap_objects(rt, PVEC_CODE);
  for (int64_t i = 0; i < VECTOR_LENGTH(codes); i++)
    if (PVECP(AREF(codes, i), PVEC_CODE))
      make_lets_dynamic(rt, AREF(codes, i), sym);
}

/* ---- Closures seen as lists ----

   In Emacs the list (closure ENV ARGS . BODY) is the code, so a
   closure whose list Lisp has seen runs what that list says:
   closure_as_list analyses the list (its environment's entries, boxes
   or fresh conses, are then the variables) and keeps a watch in the
   LIST slot: the list, that code, and copies to notice a change by.
   CODE is nil, so its calls come here; after a destructive list
   operation anywhere (rt->list_edits) the list is compared with the
   copies and analysed again if it differs. */
static mval list_function_code(mrt *rt, mval fn, int8_t library);

/* Lisp can reach CODE's source now: the calls of its closures compare
   it with a copy after a list edit (run_code's slow entry), and so do
   those of the lambdas in it, whose sources are parts of it. */
static void expose_nested(mrt *rt, mval code);

static mval copy_source(mrt *rt, mval source, mval unused) { return copy_tree(rt, source, false, 0); }

static mval same_source(mrt *rt, mval source, mval snapshot)
{
  return mrt_equal(rt, source, snapshot) ? Qt : Qnil;
}

static void expose(mrt *rt, mval code)
{
  struct code *c = XCODE(code);
  if (c->exposed)
    return;
  mval failed;
  mval copy = call_or_fail(rt, copy_source, c->source, Qnil, &failed);
  if (!NILP(failed)) /* a circular constant: its closures run what they run */
    return;
  c->exposed = true;
  c->fast_nargs = -1;
  GC_STORE(rt->gc, code, c->snapshot, copy);
  c->edits_seen = rt->list_edits;
  expose_nested(rt, code);
}

/* A stub's code once analysed is exposed, as its lambda's source is. */
static void expose_stub(mrt *rt, mval stub)
{
  mval state = XCDR(stub);
  if (FIXNUMP(state))
    gc_setcdr(rt->gc, stub, make_fixnum(XFIXNUM(state) | STUB_EXPOSED));
  else if (CONSP(state))
    gc_setcdr(rt->gc, stub, Fcons(rt, make_fixnum(XFIXNUM(XCAR(state)) | STUB_EXPOSED), XCDR(state)));
  else
    expose(rt, state);
}

/* The lambdas in CODE: their code, or their stubs. */
static void expose_nested(mrt *rt, mval code)
{
  for (mval p = XCODE(code)->consts; CONSP(p); p = XCDR(p))
    if (PVECP(XCAR(p), PVEC_CODE))
      expose(rt, XCAR(p));
  for (mval p = XCODE(code)->stubs; CONSP(p); p = XCDR(p))
    expose_stub(rt, XCAR(p));
}

/* Whether the exposed CODE's source was edited.  A closure analysed
   from a list (Emacs's code, which is that list) is told apart: its
   own source is compared by watched_code. */
static bool source_edited(mrt *rt, mval code)
{
  struct code *c = XCODE(code);
  if (!c->stale && c->edits_seen != rt->list_edits) {
    mval failed;
    if (call_or_fail(rt, same_source, c->source, c->snapshot, &failed) == Qt)
      c->edits_seen = rt->list_edits;
    else
      c->stale = true;
  }
  return c->stale;
}

/* ENV's elements as (ELEMENT . ITS-CAR), ending as ENV ends. */
static mval env_snapshot(mrt *rt, mval env)
{
  mval items = Qnil; /* reversed */
  mval end = env;
  for (; CONSP(end); end = XCDR(end))
    items = Fcons(rt, Fcons(rt, XCAR(end), car_safe(XCAR(end))), items);
  for (; CONSP(items); items = XCDR(items))
    end = Fcons(rt, XCAR(items), end);
  return end;
}

/* The same elements, named the same, in the same order: their values
   may change, as setq changes them. */
static bool env_unchanged(mval env, mval snapshot)
{
  for (; CONSP(snapshot); snapshot = XCDR(snapshot), env = XCDR(env)) {
    mval item = XCAR(snapshot);
    if (!CONSP(env) || XCAR(env) != XCAR(item) || car_safe(XCAR(env)) != XCDR(item))
      return false;
  }
  return env == snapshot;
}

/* Analyse W's list and take the copies it will be compared with. */
static void watch_list(mrt *rt, mval w)
{
  mval list = AREF(w, W_LIST);
  /* Code replaced while it runs stays alive: run_code holds it. */
  gc_aset(rt->gc, w, W_CODE, list_function_code(rt, list, !NILP(AREF(w, W_LIBRARY))));
  bool has_env = XCAR(list) == Qclosure;
  gc_aset(rt->gc, w, W_HEAD, XCAR(list));
  gc_aset(rt->gc, w, W_ENV, has_env ? env_snapshot(rt, XCAR(XCDR(list))) : Qnil);
  mval failed; /* a circular constant: Qunbound, compared with nothing */
  gc_aset(rt->gc, w, W_REST,
          call_or_fail(rt, copy_source, has_env ? XCDR(XCDR(list)) : XCDR(list), Qnil, &failed));
  ASET_FIXNUM(w, W_EDITS, make_fixnum((int64_t)rt->list_edits));
}

static bool list_unchanged(mrt *rt, mval w)
{
  mval list = AREF(w, W_LIST);
  if (!CONSP(list) || XCAR(list) != AREF(w, W_HEAD))
    return false;
  mval rest = XCDR(list);
  if (XCAR(list) == Qclosure) {
    if (!CONSP(rest) || !env_unchanged(XCAR(rest), AREF(w, W_ENV)))
      return false;
    rest = XCDR(rest);
  }
  mval failed;
  return AREF(w, W_REST) != Qunbound &&
         call_or_fail(rt, same_source, rest, AREF(w, W_REST), &failed) == Qt;
}

static mval watched_code(mrt *rt, mval w)
{
  if (AREF(w, W_EDITS) == make_fixnum((int64_t)rt->list_edits))
    return AREF(w, W_CODE);
  if (NILP(AREF(w, W_CODE)) || !list_unchanged(rt, w))
    watch_list(rt, w);
  else
    ASET_FIXNUM(w, W_EDITS, make_fixnum((int64_t)rt->list_edits));
  return AREF(w, W_CODE);
}

/* Whether FN is code of marrow's own library: its code says, or, once
   it is watched, its watcher. */
static bool closure_library_p(mval fn)
{
  const mval *slots = CLOSURE_SLOTS(fn);
  if (!NILP(slots[CL_CODE]))
    return XCODE(slots[CL_CODE])->library;
  return VECTORP(slots[CL_LIST]) && !NILP(AREF(slots[CL_LIST], W_LIBRARY));
}

/* Whether LIST has the shape of a function: printing a closure without
   an argument list must not signal; its first call will. */
static bool function_list_shape_p(mval list)
{
  mval rest = cdr_safe(list);
  if (car_safe(list) == Qclosure)
    rest = cdr_safe(rest);
  return CONSP(rest);
}

/* From now on FN runs its list LIST. */
static void watch_closure(mrt *rt, mval fn, mval list)
{
  mval w = make_vector(rt, W_SLOTS, Qnil);
  gc_aset(rt->gc, w, W_LIST, list);
  gc_aset(rt->gc, w, W_LIBRARY, closure_library_p(fn) ? Qt : Qnil);
  if (function_list_shape_p(list))
    watch_list(rt, w);
  gc_aset(rt->gc, fn, CL_LIST, w);
  gc_aset(rt->gc, fn, CL_CODE, Qnil);
}

/* The code of STUB's closures, analysed at the first call of one. */
static mval stub_code(mrt *rt, mval stub)
{
  mval code = stub_analysed(rt, stub);
  if (!NILP(code))
    return code;
  bool exposed = stub_flag(stub, STUB_EXPOSED);
  mval state = XCDR(stub);
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, restore_declared_specials, rt->eval->declared_specials);
  rt->eval->declared_specials = CONSP(state) ? XCDR(state)
                                : PVECP(state, PVEC_CODE) ? XCODE(state)->declared : Qnil;
  rt->eval->late_pending = stub_flag(stub, STUB_LATE);
  rt->eval->library_pending = stub_flag(stub, STUB_LIBRARY);
  code = analyse_function(rt, NULL, XCAR(stub), false, Qnil);
  unbind_to(rt, depth);
  gc_setcdr(rt->gc, stub, code);
  if (exposed)
    expose(rt, code);
  return code;
}

/* A top-level closure's first call analyses its body; a watched
   closure's call checks its list. */
static mval analyse_closure(mrt *rt, mval fn)
{
  mval source = CLOSURE_SLOTS(fn)[CL_LIST];
  if (VECTORP(source))
    return watched_code(rt, source);
  mval code = stub_code(rt, source);
  gc_aset(rt->gc, fn, CL_CODE, code);
  gc_aset(rt->gc, fn, CL_LIST, Qnil);
  return code;
}

/* The error data Emacs 28 gives for a closure: (ENV ARGS . BODY). */
static mval closure_error_form(mrt *rt, mval fn)
{
  return XCDR(closure_as_list(rt, fn));
}

/* A call of a primitive standing in for marrow's library function
   named by the symbol DATA: it calls the symbol's function, which
   must not be such a stand-in itself (that would call itself for
   ever; Emacs's primitive is the function itself). */
static mval call_library_standin(mrt *rt, int nargs, mval *args, void *data)
{
  mval sym = (mval)(uintptr_t)data;
  mval fn = indirect_function(rt, sym);
  if (PVECP(fn, PVEC_SUBR) && XSUBR(fn)->fn_data == call_library_standin)
    xsignal1(rt, Qinvalid_function, fn);
  return funcall(rt, sym, nargs, args);
}

/* What an arity error of marrow's library function FN (code C) names.
   Debian's Emacs 28 compiles its library's functions natively, into
   primitives, which funcall names as #<subr NAME>: a primitive that
   stands in for FN; its macros stay byte code, which names itself by
   (REQUIRED . REQUIRED+OPTIONAL), as does a function with no name. */
static mval library_error_name(mrt *rt, const struct code *c, mval fn, mval name)
{
  mval def = SYMBOLP(name) ? follow_aliases(rt, XSYMBOL(rt, name)->function) : Qnil;
  if (!SYMBOLP(name) || NILP(name) || def != fn || byte_code_in_emacs(rt, name))
    return byte_code_arity(rt, c->nreq, c->nreq + c->nopt);
  return make_subr(rt, name, NULL, call_library_standin, (void *)(uintptr_t)name, c->nreq,
                   c->rest ? ARGS_MANY : c->nreq + c->nopt);
}

/* How many arguments the record F shows (a negative count: &rest
   ones gathered into one list). */
static int args_shown(const struct bt_frame *f) { return f->nargs >= 0 ? f->nargs : -f->nargs; }

/* F's record shows a copy of the arguments it shows now, which are
   about to change.  The copy's only reference is the record's pointer
   into it, on the C stack, which the collector scans. */
static __attribute__((noinline, cold)) void show_args_copy(mrt *rt, struct bt_frame *f)
{
  f->args = (mval *)VECTOR_SLOTS(make_vector_from(rt, (size_t)args_shown(f), f->args));
}

/* Whether the record F (funcall's, whose arguments the callee's frame
   FP starts inside) shows slots of FP. */
static bool shows_frame_slots(const mrt *rt, const struct bt_frame *f, const mval *fp)
{
  return f->args >= rt->stack && f->args < fp && fp < f->args + args_shown(f);
}

/* The slow part of entering a function: arity errors, nil for missing
   &optional arguments and the &rest list.  Afterwards the parameters
   are fp[0 .. nparams).  NAME is what the backtrace shows (nil: no
   frame). */
static void setup_args(mrt *rt, struct code *c, mval fn, mval name, int nargs, size_t base)
{
  if (c->invalid || nargs < c->nreq || (!c->rest && nargs > c->nreq + c->nopt)) {
    struct bt_frame bt;
    if (!NILP(name))
      push_refused_call(rt, &bt, name, nargs, base);
    mval form = PVECP(fn, PVEC_CLOSURE) ? closure_error_form(rt, fn)
                : CONSP(fn) && XCAR(fn) == Qclosure ? XCDR(fn) : fn;
    if (c->invalid && nargs >= c->nreq)
      xsignal1(rt, Qinvalid_function, form);
    if (c->library && PVECP(fn, PVEC_CLOSURE))
      form = library_error_name(rt, c, fn, name);
    wrong_args(rt, form, nargs);
  }
  if (base + (size_t)c->stack_need > rt->stack_cap)
    nesting_error(rt);
  int fixed = c->nreq + c->nopt;
  /* Gathering the &rest list overwrites arguments that funcall's
     record may show: it keeps a copy of them, as Emacs shows them */
  if (c->rest && nargs > fixed && rt->backtrace &&
      shows_frame_slots(rt, rt->backtrace, rt->stack + base))
    show_args_copy(rt, rt->backtrace);
  mval rest = Qnil;
  for (int i = nargs; i-- > fixed;)
    rest = Fcons(rt, rt->stack[base + (size_t)i], rest);
  mval *fp = rt->stack + base;
  for (int i = nargs; i < fixed; i++)
    fp[i] = Qnil;
  if (c->rest)
    fp[fixed] = rest;
  for (int i = fixed + c->rest; i < c->nparams; i++)
    fp[i] = Qnil;
}

/* Box or bind C's parameters dynamically, keeping the arguments for
   the backtrace BT first when a parameter will not hold its own, and
   those of the call that passed them in its own (funcall's). */
static void bind_params(mrt *rt, const struct code *c, mval *fp, struct bt_frame *bt)
{
  if (c->args_copy >= 0) {
    memcpy(fp + c->args_copy, fp, sizeof *fp * (size_t)c->nparams);
    bt->args = fp + c->args_copy;
    if (bt->prev && shows_frame_slots(rt, bt->prev, fp))
      show_args_copy(rt, bt->prev);
  }
  for (int i = 0; i < c->nparams; i++)
    bind_one(rt, &c->params[i], fp);
}

/* FN's code is exposed and its source was edited (by way of another
   closure's list, as they share it): from now on FN runs its list. */
static __attribute__((noinline, cold)) mval run_edited(mrt *rt, mval fn, mval name, int nargs,
                                                       size_t base, SITE_PARAM, bool value_unused)
{
  closure_as_list(rt, fn);
  return call_closure(rt, fn, name, nargs, base, site, value_unused);
}

/* Run CODE with the arguments at rt->stack[base..] == the top of the
   stack.  CAPTURED are the values for the capture slots (NULL when
   there are none); FN is what errors name, NAME what the backtrace
   shows (nil: no frame). */
static mval run_code(mrt *rt, mval code, mval fn, mval name, int nargs, size_t base,
                     const mval *captured, SITE_PARAM, bool value_unused)
{
  struct code *c = XCODE(code);
  int shown_nargs = nargs;
  if (nargs != c->fast_nargs) {
    if (c->exposed && PVECP(fn, PVEC_CLOSURE) && source_edited(rt, code))
      return run_edited(rt, fn, name, nargs, base, site, value_unused);
    setup_args(rt, c, fn, name, nargs, base);
    if (c->rest && nargs > c->nreq + c->nopt)
      shown_nargs = -(c->nreq + c->nopt + 1);
  }
  if (base + (size_t)c->stack_need > rt->stack_cap)
    nesting_error(rt);
  enter_depth(rt);
  check_c_stack(rt, (size_t)c->cdepth * C_BYTES_PER_LEVEL);
  mval *fp = rt->stack + base;
  for (int i = c->nparams; i < c->cap_base; i++)
    fp[i] = Qnil;
  for (int i = 0; i < c->ncap; i++)
    fp[c->cap_base + i] = captured[i];
  if (c->unused_flag_slot >= 0)
    fp[c->unused_flag_slot] = value_unused ? Qt : Qnil;
  rt->stack_top = base + (size_t)c->nslots;
  /* Only now: the step may be a safe point, whose finalizers' frames
     go above stack_top, and setup_args wrote the missing optional and
     &rest arguments above base + nargs. */
  count_step(rt);
  struct bt_frame bt = {rt->backtrace, name, fp, shown_nargs, site};
  if (!NILP(name))
    rt->backtrace = &bt;
  size_t count = rt->specpdl_depth;
  if (c->slow_entry)
    bind_params(rt, c, fp, &bt);
  mval r = EV(rt, c->body_node, fp);
  if (c->has_special)
    unbind_to(rt, count);
  rt->backtrace = bt.prev;
  rt->lisp_eval_depth--;
  rt->stack_top = base;
  return r;
}

static inline __attribute__((always_inline)) mval
call_closure(mrt *rt, mval fn, mval name, int nargs, size_t base, SITE_PARAM, bool value_unused)
{
  mval code = CLOSURE_SLOTS(fn)[CL_CODE];
  if (NILP(code))
    code = analyse_closure(rt, fn);
  return run_code(rt, code, fn, name, nargs, base, CLOSURE_SLOTS(fn) + CL_CAPTURED, site,
                  value_unused);
}

/* The code of the list FN: (lambda ARGS . BODY) runs with dynamic
   binding, (closure ENV ARGS . BODY) in ENV, as Emacs 28 does.  The
   lambdas in it are parts of FN: their closures are exposed.  LIBRARY
   (1, 0, or -1 for "as load says now") marks code of marrow's library. */
static mval list_function_code(mrt *rt, mval fn, int8_t library)
{
  mval head = car_safe(fn);
  if (head != Qlambda && head != Qclosure)
    xsignal1(rt, Qinvalid_function, fn);
  mval rest = XCDR(fn);
  bool dynamic = head == Qlambda;
  mval env = Qnil;
  if (!dynamic) {
    if (!CONSP(rest))
      xsignal1(rt, Qinvalid_function, fn);
    env = XCAR(rest);
    count_conses(rt, env); /* a circular environment would hang lookups */
    rest = XCDR(rest);
  }
  /* Emacs names a closure without arguments by its (ENV . REST). */
  if (!CONSP(rest))
    xsignal1(rt, Qinvalid_function, dynamic ? fn : XCDR(fn));
  rt->eval->library_pending = library; /* set last: nothing above may leave it set */
  mval code = analyse_function(rt, NULL, rest, dynamic, env);
  expose_nested(rt, code);
  return code;
}

/* Analysed afresh at every call, as Emacs interprets it. */
static mval call_list_function(mrt *rt, mval fn, mval name, int nargs, size_t base, SITE_PARAM)
{
  return run_code(rt, list_function_code(rt, fn, -1), fn, name, nargs, base, NULL, site, false);
}

/* Analyse FORM as the body of a function of no arguments and run it:
   ENV is t (lexical), nil (dynamic) or an alist environment. */
static void restore_eager_failure(mrt *rt, mval outer) { rt->eval->eager_failure = outer; }

/* Whether FILE is among the files PENDING whose forms are being
   expanded eagerly. */
static bool loading_again(mrt *rt, mval file, mval pending)
{
  for (; CONSP(pending); pending = XCDR(pending))
    if (mrt_equal(rt, XCAR(pending), file))
      return true;
  return false;
}

static void eager_failure_message(mrt *rt, mval error)
{
  call2(rt, intern(rt, "message"), make_cstring(rt, "Eager macro-expansion failure: %S"), error);
}

/* Begin an eager expansion of the top-level FORM, as Emacs's
   internal-macroexpand-for-load does, binding what it binds (undone by
   the caller's unbind_to): false when it is skipped, a file having been
   loaded again while its own forms were being expanded (a cycle, which
   subr.el's macroexp--eager-cycle reports). */
static bool eager_begin(mrt *rt, mval form)
{
  mval report = Qmacroexp__eager_cycle;
  if (NILP(XSYMBOL(rt, report)->function))
    return true; /* preloading, before subr.el defines it */
  mval pending = Qmacroexp__pending_eager_loads;
  mval outer = find_symbol_value(rt, pending);
  outer = outer == Qunbound ? Qnil : outer;
  if (CONSP(outer) && XCAR(outer) == Qskip)
    return false;
  mval file = find_symbol_value(rt, Qload_file_name);
  file = file == Qunbound ? Qnil : file;
  if (!NILP(file) && loading_again(rt, file, outer)) {
    call0(rt, report);
    return false;
  }
  specbind(rt, pending, Fcons(rt, file, outer));
  record_unwind(rt, eager_toplevel_mark, form);
  return true;
}

/* Load's analysis of the top-level form SOURCE, its macros expanded
   eagerly unless EAGER is false.  Should an expansion fail, Emacs 28
   says so and runs the whole form as read, its macros expanded as they
   are met: so is it analysed again. */
static mval analyse_toplevel(mrt *rt, mval source, bool dynamic, mval env)
{
  size_t depth = rt->specpdl_depth;
  record_unwind(rt, restore_eager_failure, rt->eval->eager_failure);
  rt->eval->eager_failure = Qnil;
  mval code = Qnil;
  bool eager = eager_begin(rt, XCAR(XCDR(source)));
  if (eager) {
    rt->eval->toplevel_pending = true;
    code = analyse_function(rt, NULL, source, dynamic, env);
  }
  mval error = rt->eval->eager_failure;
  unbind_to(rt, depth);
  if (eager && NILP(error))
    return code;
  if (eager)
    eager_failure_message(rt, error);
  rt->eval->toplevel_pending = true;
  rt->eval->unexpanded_pending = true;
  return analyse_function(rt, NULL, source, dynamic, env);
}

static mval eval_in(mrt *rt, mval form, mval env, bool toplevel)
{
  if (rt->lisp_eval_depth == 0)
    check_thread(rt);
  count_conses(rt, env); /* a circular lexical environment would hang lookups */
  mval source = Fcons(rt, Qnil, list1(rt, form));
  bool dynamic = NILP(env);
  env = CONSP(env) ? env : Qnil;
  mval code;
  if (toplevel) {
    code = analyse_toplevel(rt, source, dynamic, env);
  } else {
    code = analyse_function(rt, NULL, source, dynamic, env);
    expose_nested(rt, code); /* eval's form is a list Lisp has */
  }
  return run_code(rt, code, Qnil, Qnil, 0, rt->stack_top, NULL, NULL, false);
}

mval eval_expression(mrt *rt, mval form)
{
  return eval_in(rt, form, Qt, false);
}

mval eval_form(mrt *rt, mval form)
{
  return eval_toplevel_form(rt, form, true);
}

mval eval_toplevel_form(mrt *rt, mval form, bool lexical)
{
  if (rt->lisp_eval_depth == 0)
    check_thread(rt);
  /* As load does: expand the top form, and treat a progn's subforms
     as top-level forms, so a defvar or defmacro in one affects the
     analysis of the next.  Emacs says so when that fails and goes on
     with the form as read. */
  mval error = Qnil;
  size_t depth = rt->specpdl_depth;
  if (eager_begin(rt, form))
    form = expand_or_keep(rt, form, Qnil, macroexpand, &error);
  unbind_to(rt, depth);
  if (!NILP(error))
    eager_failure_message(rt, error);
  if (CONSP(form) && XCAR(form) == Qprogn) {
    mval v = Qnil;
    for (mval p = XCDR(form); CONSP(p); p = XCDR(p))
      v = eval_toplevel_form(rt, XCAR(p), lexical);
    return v;
  }
  return eval_in(rt, form, lexical ? Qt : Qnil, true);
}

/* ================================================================== */
/* Macros met at run time                                             */
/* ================================================================== */

/* A call analysed as a function call whose function is a macro when it
   runs (defined since, as by a defmacro inside a defun) is expanded
   then, and the expansion analysed as a closure over the variables
   the call could see, capturing them from the running frame.  The
   analysed expansion is cached on the node with the macro it came
   from, so a loop expands once and a redefined macro expands again. */

static mval apply_list(mrt *rt, mval fn, mval args);

/* How a captured variable of the expansion reaches the caller's frame. */
enum site_mode {
  SITE_BOX_HERE = 1, /* boxed for the run, then copied back */
  SITE_SHARED_BOX    /* the caller's slot holds a box already */
};

static bool site_var_boxed(const struct var *v) { return v->boxed; }

static struct var *find_var(struct var *chain, mval name)
{
  for (struct var *v = chain; v; v = v->prev)
    if (v->name == name)
      return v;
  return NULL;
}

/* Declare, in the scratch parent scope P, a copy of caller variable V
   unless a nearer one of that name hides it. */
static void mirror_site_var(struct actx *A, struct fscope *p, const struct var *v)
{
  if (v->kind == VAR_SELF || find_var(p->vars, v->name))
    return;
  enum var_kind kind = v->kind == VAR_CAPTURED ? VAR_LOCAL : v->kind;
  struct var *m = new_var(A, v->name, kind);
  m->slot = v->slot;
  m->cell = v->kind == VAR_ALIST ? keep(A, v->cell) : Qnil;
  m->boxed = kind == VAR_LOCAL && site_var_boxed(v);
  m->prev = p->vars;
  p->vars = m;
}

/* The mirrored chain is innermost last; lookups want innermost first. */
static struct var *reverse_vars(struct var *v)
{
  struct var *rev = NULL;
  for (struct var *next; v; v = next) {
    next = v->prev;
    v->prev = rev;
    rev = v;
  }
  return rev;
}

/* [EXPANSION CODE SLOT0 MODE0 ...]: EXP analysed against SITE, with
   the caller's slot and mode of each of its captures. */
static mval analyse_expansion(mrt *rt, const struct call_site *site, mval exp)
{
  mval body = list1(rt, exp);
  if (site->dynamic) {
    rt->eval->late_pending = true;
    mval code = analyse_function(rt, NULL, Fcons(rt, Qnil, body), true, Qnil);
    mval cache = make_vector(rt, 2, exp);
    gc_aset(rt->gc, cache, 1, code);
    return cache;
  }
  struct fscope p = {0};
  p.late = true;
  p.mirror = true;
  p.code = make_code(rt, Qnil); /* scratch: holds P's records while analysing */
  struct actx A = {rt, &p};
  for (const struct var *v = site->vars; v; v = v->prev)
    mirror_site_var(&A, &p, v);
  for (const struct var *v = site->captures; v; v = v->prev)
    mirror_site_var(&A, &p, v);
  p.vars = reverse_vars(p.vars);
  int64_t seq = 0;
  for (struct var *v = p.vars; v; v = v->prev)
    v->seq = --seq; /* outer than anything the expansion declares */
  mval code = analyse_function(rt, &p, Fcons(rt, Qnil, body), false, Qnil);
  struct code *c = XCODE(code);
  mval cache = make_vector(rt, 2 + 2 * (size_t)c->ncap, Qnil);
  gc_aset(rt->gc, cache, 0, exp);
  gc_aset(rt->gc, cache, 1, code);
  int i = 0;
  for (mval l = c->capnames; CONSP(l); l = XCDR(l), i++) {
    struct var *m = find_var(p.vars, XCAR(l));
    /* Boxed even when this analysis sees no setq: the expansion is late
       code, where a macro call is expanded only when it runs, and its
       expansion may set the variable (a push of a pop). */
    enum site_mode mode = m->boxed ? SITE_SHARED_BOX : SITE_BOX_HERE;
    m->captured = m->mutated = true;
    finish_var(&A, m); /* the expansion's references go through the box */
    ASET_FIXNUM(cache, 2 + 2 * i, make_fixnum(m->slot));
    ASET_FIXNUM(cache, 3 + 2 * i, make_fixnum(mode));
  }
  return cache;
}

/* Slot SLOT of the frame FP is about to change after a macro met at run
   time set it: if it holds an argument that FP's call shows in the
   backtrace from the frame itself (analysis saw no setq of it, so kept
   no copy: see "Backtrace arguments"), the record shows a copy of the
   arguments from now on. */
static __attribute__((cold)) void keep_args_shown(mrt *rt, mval *fp, int slot)
{
  for (struct bt_frame *f = rt->backtrace; f; f = f->prev) {
    if (f->args != fp)
      continue;
    if (slot < args_shown(f))
      show_args_copy(rt, f);
    return;
  }
}

/* Emacs's interpreter expands the call each time it runs it: so does
   this, but it analyses the expansion again only when it differs from
   the last one. */
static mval expansion_for(mrt *rt, const node *n, mval macro)
{
  mval cell = n->fk;
  enter_depth(rt);
  size_t depth = rt->specpdl_depth;
  specbind(rt, Qlexical_binding, n->site->dynamic ? Qnil : Qt); /* as analyse_macro_call */
  /* The backtrace shows the macro call and the forms around it below
     the expander, as Emacs's eval expanding it does */
  struct bt_frame bt = {rt->backtrace, Qnil, NULL, 0, n->where};
  rt->backtrace = &bt;
  mval exp = apply_list(rt, XCDR(macro), XCDR(XCAR(cell)));
  rt->backtrace = bt.prev;
  unbind_to(rt, depth);
  rt->lisp_eval_depth--;
  mval cache = XCDR(cell);
  if (VECTORP(cache) && mrt_equal(rt, AREF(cache, 0), exp))
    return cache;
  cache = analyse_expansion(rt, n->site, exp);
  gc_setcdr(rt->gc, cell, cache);
  return cache;
}

static mval run_macro_call(mrt *rt, const node *n, mval macro, mval *fp)
{
  mval cache = expansion_for(rt, n, macro);
  int ncap = XCODE(AREF(cache, 1))->ncap;
  mval captured[ncap ? ncap : 1];
  mval names = XCODE(AREF(cache, 1))->capnames;
  for (int i = 0; i < ncap; i++, names = XCDR(names)) {
    mval v = fp[XFIXNUM(AREF(cache, 2 + 2 * i))];
    captured[i] = XFIXNUM(AREF(cache, 3 + 2 * i)) == SITE_BOX_HERE ? make_box(rt, XCAR(names), v)
                                                                   : v;
  }
  mval r = run_code(rt, AREF(cache, 1), Qnil, Qnil, 0, rt->stack_top, captured, NULL, false);
  for (int i = 0; i < ncap; i++)
    if (XFIXNUM(AREF(cache, 3 + 2 * i)) == SITE_BOX_HERE) {
      int slot = (int)XFIXNUM(AREF(cache, 2 + 2 * i));
      if (fp[slot] != BOX_VALUE(captured[i])) {
        keep_args_shown(rt, fp, slot);
        fp[slot] = BOX_VALUE(captured[i]);
      }
    }
  return r;
}

/* ================================================================== */
/* Macros                                                             */
/* ================================================================== */

/* Call FN with the elements of the list ARGS. */
static mval apply_list(mrt *rt, mval fn, mval args)
{
  size_t base = rt->stack_top;
  int64_t n = count_conses(rt, args);
  if (base + (size_t)n + 8 > rt->stack_cap)
    nesting_error(rt);
  for (; CONSP(args); args = XCDR(args))
    rt->stack[rt->stack_top++] = XCAR(args);
  mval r = call_stack(rt, fn, (int)n, base);
  rt->stack_top = base;
  return r;
}

/* One expansion step.  ENV is an alist of (NAME . EXPANDER) that
   overrides the function cells; an EXPANDER of nil means "not a
   macro" (as cl-flet uses it). */
/* The (NAME . EXPANDER) of a macro environment ENV, or nil. */
static mval env_binding(mval env, mval name)
{
  for (mval e = env; CONSP(e); e = XCDR(e))
    if (CONSP(XCAR(e)) && XCAR(XCAR(e)) == name)
      return XCAR(e);
  return Qnil;
}

static mval macroexpand_1(mrt *rt, mval form, mval env, bool *expanded)
{
  *expanded = false;
  if (!CONSP(form) || !SYMBOLP(XCAR(form)))
    return form;
  mval head = XCAR(form);
  mval binding = env_binding(env, head);
  mval expander;
  if (CONSP(binding)) {
    expander = XCDR(binding);
    if (NILP(expander))
      return form;
  } else {
    mval f = macro_definition(rt, head);
    if (!is_macro(f))
      return form;
    expander = XCDR(f);
  }
  *expanded = true;
  return apply_list(rt, expander, XCDR(form));
}

static mval macroexpand(mrt *rt, mval form, mval env)
{
  size_t depth = rt->specpdl_depth;
  if (CONSP(form))
    note_eager_expansion(rt, form);
  bool expanded = true;
  for (int i = 0; expanded; i++) {
    if (i > 10000)
      nesting_error(rt);
    mval next = macroexpand_1(rt, form, env, &expanded);
    expanded &= next != form;
    form = next;
  }
  unbind_to(rt, depth);
  return form;
}

/* LIST with EXPAND applied to each element; LIST itself when that
   changes none, as Emacs's macroexpand-all keeps what it leaves alone
   (a closure's body can then be the very list of its source). */
static mval map_forms(mrt *rt, mval list, mval env, mval (*expand)(mrt *, mval, mval))
{
  if (!CONSP(list))
    return list;
  mval first = expand(rt, XCAR(list), env);
  bool same = first == XCAR(list);
  mval head = Fcons(rt, first, Qnil);
  mval tail = head, p = XCDR(list);
  for (; CONSP(p); p = XCDR(p)) {
    mval x = expand(rt, XCAR(p), env);
    same &= x == XCAR(p);
    gc_setcdr(rt->gc, tail, Fcons(rt, x, Qnil));
    tail = XCDR(tail);
  }
  gc_setcdr(rt->gc, tail, p);
  return same ? list : head;
}

/* (HEAD . REST), FORM itself when it is that. */
static mval reuse_cons(mrt *rt, mval form, mval head, mval rest)
{
  return XCAR(form) == head && XCDR(form) == rest ? form : Fcons(rt, head, rest);
}

static mval mexp_list(mrt *rt, mval list, mval env)
{
  return map_forms(rt, list, env, macroexpand_all);
}

/* FORM expanded, or FORM itself if a macro in it fails: Emacs 28's
   eager expansion falls back to expanding the form when it runs, so
   the error is signalled there, where a condition-case (should-error,
   for one) catches it, and not when the enclosing lambda is made. */
static mval macroexpand_all_or_defer(mrt *rt, mval form, mval env)
{
  mval error;
  mval r = expand_or_keep(rt, form, env, macroexpand_all, &error);
  if (!NILP(error))
    note_eager_failure(rt, error);
  return r;
}

/* FN(A, B), or Qunbound should it signal, its error then in *ERROR
   (else nil); memory running out is signalled on, being no property of
   A or B. */
mval call_or_fail(mrt *rt, mval (*fn)(mrt *, mval, mval), mval a, mval b, mval *error)
{
  struct handler h;
  handler_push(rt, &h, HANDLER_CONDITION_CASE, Qt);
  if (setjmp(h.jmp) != 0) {
    if (is_memory_full_error(rt, h.value))
      mrt_signal_object(rt, h.value);
    *error = h.value;
    return Qunbound;
  }
  mval r = fn(rt, a, b);
  handler_pop(rt, &h);
  *error = Qnil;
  return r;
}

/* EXPAND's expansion of FORM, or FORM itself should a macro signal, its
   error then in *ERROR (else nil). */
static mval expand_or_keep(mrt *rt, mval form, mval env,
                           mval (*expand)(mrt *, mval, mval), mval *error)
{
  mval expansion = call_or_fail(rt, expand, form, env, error);
  return NILP(*error) ? expansion : form;
}

/* While load analyses a top-level form, the first error of an eager
   expansion that failed in it is kept, for analyse_toplevel. */
static void note_eager_failure(mrt *rt, mval error)
{
  if (NILP(rt->eval->eager_failure))
    rt->eval->eager_failure = error;
}

/* (lambda ARGS . BODY) with BODY expanded. */
static mval mexp_lambda(mrt *rt, mval lambda, mval env)
{
  if (!CONSP(XCDR(lambda)))
    return lambda;
  mval source = XCDR(lambda);
  return reuse_cons(rt, lambda, Qlambda,
                    reuse_cons(rt, source, XCAR(source), mexp_list(rt, XCDR(source), env)));
}

/* A let binding (VAR INIT): its INIT expanded. */
static mval mexp_binding(mrt *rt, mval b, mval env)
{
  if (!CONSP(b) || !CONSP(XCDR(b)))
    return b;
  return reuse_cons(rt, b, XCAR(b), mexp_list(rt, XCDR(b), env));
}

/* A condition-case handler (CONDITION . BODY): its BODY expanded. */
static mval mexp_handler(mrt *rt, mval h, mval env)
{
  return CONSP(h) ? reuse_cons(rt, h, XCAR(h), mexp_list(rt, XCDR(h), env)) : h;
}

/* A cond clause: all its forms expanded. */
static mval mexp_clause(mrt *rt, mval c, mval env)
{
  return CONSP(c) ? mexp_list(rt, c, env) : c;
}

/* FORM, showing MSG as macroexp-warn-and-return does (once subr.el
   has defined it). */
static mval mexp_warn(mrt *rt, mval msg, mval form)
{
  mval warn = Qmacroexp_warn_and_return;
  if (!NILP(XSYMBOL(rt, warn)->function))
    call2(rt, warn, msg, form);
  return form;
}

/* HEAD's PROP, looked for along its aliases as function-get does. */
static mval function_prop(mrt *rt, mval head, mval prop)
{
  for (int i = 0; SYMBOLP(head) && !NILP(head); i++) {
    if (i > 10000)
      nesting_error(rt);
    mval value = get_prop(rt, head, prop);
    if (!NILP(value))
      return value;
    head = XSYMBOL(rt, head)->function;
  }
  return Qnil;
}

/* The compiler macro of the function HEAD calls; nil when it has none,
   or when ENV binds HEAD locally. */
static mval compiler_macro_of(mrt *rt, mval head, mval env)
{
  if (!SYMBOLP(head) || CONSP(env_binding(env, head)))
    return Qnil;
  return function_prop(rt, head, Qcompiler_macro);
}

/* Warn, as Emacs's macroexpand-all does, of each lambda quoted with '
   in FORM where its function takes a function (at the positions its
   funarg-positions property lists). */
static void warn_quoted_lambdas(mrt *rt, mval form)
{
  mval positions = function_prop(rt, XCAR(form), Qfunarg_positions);
  for (; CONSP(positions); positions = XCDR(positions)) {
    mval arg = form;
    for (int64_t i = FIXNUMP(XCAR(positions)) ? XFIXNUM(XCAR(positions)) : -1; i > 0; i--)
      arg = cdr_safe(arg);
    mval f = car_safe(cdr_safe(car_safe(arg)));
    if (car_safe(car_safe(arg)) != Qquote || car_safe(f) != Qlambda)
      continue;
    mval shown = list3(rt, Qlambda, car_safe(cdr_safe(f)), intern(rt, "..."));
    mval msg = call2(rt, intern(rt, "format"),
                     make_cstring(rt, "%S quoted with ' rather than with #'"), shown);
    mexp_warn(rt, msg, arg);
  }
}

static mval call_compiler_macro(mrt *rt, mval handler, mval form)
{
  return apply_list(rt, handler, Fcons(rt, form, XCDR(form)));
}

/* What HANDLER makes of FORM; FORM itself, said in a message, should
   it fail, as in Emacs. */
static mval apply_compiler_macro(mrt *rt, mval handler, mval form)
{
  mval error;
  mval r = call_or_fail(rt, call_compiler_macro, handler, form, &error);
  if (NILP(error))
    return r;
  call3(rt, intern(rt, "message"), make_cstring(rt, "Compiler-macro error for %S: %S"),
        XCAR(form), error);
  return form;
}

/* FORM, a call of a function with compiler macro HANDLER, as Emacs's
   macroexpand-all leaves it: what HANDLER rewrites it to, expanded;
   else with its arguments expanded, HANDLER being tried once more on
   the result should that change them. */
static mval mexp_compiler_macro(mrt *rt, mval form, mval handler, mval env)
{
  mval next = apply_compiler_macro(rt, handler, form);
  if (next != form)
    return macroexpand_all(rt, next, env);
  mval with_args = reuse_cons(rt, form, XCAR(form), mexp_list(rt, XCDR(form), env));
  if (mrt_equal(rt, with_args, form))
    return form;
  next = apply_compiler_macro(rt, handler, with_args);
  return next == with_args ? with_args : macroexpand_all(rt, next, env);
}

/* The body of LAMBDA that a call of it runs: a docstring (not the only
   form) and an interactive spec left out. */
static mval unfold_body(mval lambda)
{
  mval body = cdr_safe(cdr_safe(lambda));
  if (STRINGP(car_safe(body)) && CONSP(XCDR(body)))
    body = XCDR(body);
  if (car_safe(car_safe(body)) == Qinteractive)
    body = XCDR(body);
  return body;
}

/* FORM, a call ((lambda ARGS . BODY) VALUES...), as the let binding
   ARGS to VALUES (BODY itself, as a progn, when ARGS is empty) that
   Emacs's macroexpand-all opens it into; FORM itself, with a warning,
   when the numbers of arguments and values do not fit. */
static mval unfold_lambda(mrt *rt, mval form)
{
  mval lambda = XCAR(form), values = XCDR(form), args = car_safe(XCDR(lambda));
  count_conses(rt, args); /* circular lists are errors, not endless loops */
  count_conses(rt, values);
  mval bindings = Qnil;
  bool optional = false, rest = false, too_few = false;
  for (; !NILP(args); args = XCDR(args)) {
    if (!CONSP(args))
      wrong_type_argument(rt, Qlistp, args);
    mval a = XCAR(args);
    if (a == Qand_optional) {
      if (rest)
        mrt_error(rt, "&optional found after &rest in anonymous lambda");
      if (!CONSP(XCDR(args)))
        mrt_error(rt, "Nothing after &optional in anonymous lambda");
      optional = true;
    } else if (a == Qand_rest) {
      if (!CONSP(XCDR(args)))
        mrt_error(rt, "Nothing after &rest in anonymous lambda");
      if (!NILP(cdr_safe(XCDR(args))))
        mrt_error(rt, "Multiple vars after &rest in anonymous lambda");
      rest = true;
    } else if (rest) {
      mval all = NILP(values) ? Qnil : Fcons(rt, Qlist, values);
      bindings = Fcons(rt, list2(rt, a, all), bindings);
      values = Qnil;
    } else if (!optional && NILP(values)) {
      too_few = true;
      break;
    } else {
      bindings = Fcons(rt, list2(rt, a, car_safe(values)), bindings);
      values = cdr_safe(values);
    }
  }
  if (too_few || !NILP(values))
    return mexp_warn(rt, make_cstring(rt, too_few ? "attempt to open-code `anonymous lambda' "
                                                    "with too few arguments"
                                                  : "attempt to open-code `anonymous lambda' "
                                                    "with too many arguments"),
                     form);
  mval body = unfold_body(lambda);
  if (!NILP(bindings))
    return Fcons(rt, Qlet, Fcons(rt, nreverse_list(rt, bindings), body));
  return CONSP(body) && CONSP(XCDR(body)) ? Fcons(rt, Qprogn, body) : car_safe(body);
}

/* (let BINDINGS . BODY) or let*, its bindings' values and its body
   expanded; an empty body is (nil), as Emacs's macroexpand-all makes
   it, warning of it only when compiling. */
static mval mexp_let(mrt *rt, mval form, mval env)
{
  mval args = XCDR(form);
  mval bindings = map_forms(rt, car_safe(args), env, mexp_binding);
  mval body = cdr_safe(args);
  body = NILP(body) ? list1(rt, Qnil) : mexp_list(rt, body, env);
  return reuse_cons(rt, form, XCAR(form), CONSP(args) ? reuse_cons(rt, args, bindings, body)
                                                      : Fcons(rt, bindings, body));
}

/* (funcall F ARGS...): F and ARGS expanded; (G ARGS...), expanded, when
   F is #'G, so that G's compiler macro applies (or a lambda opens). */
static mval mexp_funcall(mrt *rt, mval form, mval env)
{
  mval args = XCDR(form);
  mval fn = macroexpand_all(rt, car_safe(args), env);
  mval rest = mexp_list(rt, cdr_safe(args), env);
  if (CONSP(fn) && XCAR(fn) == Qfunction && CONSP(XCDR(fn)) && NILP(XCDR(XCDR(fn))))
    return macroexpand_all(rt, Fcons(rt, XCAR(XCDR(fn)), rest), env);
  return Fcons(rt, XCAR(form), Fcons(rt, fn, rest));
}

static mval closure_source(mval fn);

/* In Emacs a closure is the list (closure ENV ARGS . BODY), which
   macroexpand-all walks as a call: its elements are expanded as forms.
   A closure whose ARGS and BODY expand to themselves (those load made
   were expanded already) stays as it is, seen as no list; any other
   becomes such a list, sharing the closure's environment entries.
   ENV's values are data: they are expanded only with such a body. */
static __attribute__((noinline, cold)) mval mexp_closure(mrt *rt, mval fn, mval env)
{
  mval source = closure_source(fn);
  mval expanded = mexp_list(rt, source, env);
  if (expanded == source)
    return fn;
  mval list = closure_as_list(rt, fn);
  return Fcons(rt, Qclosure, Fcons(rt, macroexpand_all(rt, car_safe(XCDR(list)), env), expanded));
}

static mval macroexpand_all(mrt *rt, mval form, mval env)
{
  check_c_stack(rt, 0);
  form = macroexpand(rt, form, env);
  if (!CONSP(form))
    return PVECP(form, PVEC_CLOSURE) ? mexp_closure(rt, form, env) : form;
  mval head = XCAR(form), args = XCDR(form);
  if (head == Qquote)
    return form;
  if (head == Qlet || head == Qletstar)
    return mexp_let(rt, form, env);
  if (CONSP(head) && XCAR(head) == Qlambda) {
    mval unfolded = unfold_lambda(rt, form);
    if (unfolded != form)
      return macroexpand_all(rt, unfolded, env);
    return reuse_cons(rt, form, mexp_lambda(rt, head, env), mexp_list(rt, args, env));
  }
  if (head == Qfuncall)
    return mexp_funcall(rt, form, env);
  warn_quoted_lambdas(rt, form);
  mval handler = compiler_macro_of(rt, head, env);
  if (!NILP(handler))
    return mexp_compiler_macro(rt, form, handler, env);
  if (!CONSP(args))
    return form;
  if (head == Qfunction) {
    mval f = XCAR(args);
    if (CONSP(f) && XCAR(f) == Qlambda)
      return reuse_cons(rt, form, head, reuse_cons(rt, args, mexp_lambda(rt, f, env), XCDR(args)));
    return form;
  }
  if (head == Qcond)
    return reuse_cons(rt, form, head, map_forms(rt, args, env, mexp_clause));
  if (head == Qcondition_case) {
    mval rest = XCDR(args);
    if (!CONSP(rest))
      return form;
    mval body = macroexpand_all(rt, XCAR(rest), env);
    mval handlers = map_forms(rt, XCDR(rest), env, mexp_handler);
    return reuse_cons(rt, form, head,
                      reuse_cons(rt, args, XCAR(args), reuse_cons(rt, rest, body, handlers)));
  }
  return reuse_cons(rt, form, head, mexp_list(rt, args, env));
}

/* ================================================================== */
/* Backquote                                                          */
/* ================================================================== */

static bool self_evaluating(mrt *rt, mval x)
{
  return !CONSP(x) && (!SYMBOLP(x) || NILP(x) || x == Qt || keywordp(rt, x));
}

static bool quoted(mval form) { return CONSP(form) && XCAR(form) == Qquote; }

static mval quote_value(mrt *rt, mval form)
{
  return quoted(form) ? XCAR(XCDR(form)) : form;
}

static bool constant_form(mrt *rt, mval form)
{
  return quoted(form) || self_evaluating(rt, form);
}

static mval bq_expand(mrt *rt, mval x, int depth);

/* (\, X) or (\,@ X) as a form that rebuilds it at DEPTH > 0. */
static mval bq_keep_unquote(mrt *rt, mval marker, mval x, int depth)
{
  mval inner = bq_expand(rt, car_safe(XCDR(x)), depth);
  if (constant_form(rt, inner))
    return list2(rt, Qquote, list2(rt, marker, quote_value(rt, inner)));
  return list3(rt, Qlist, list2(rt, Qquote, marker), inner);
}

/* Build a list form from ITEMS (reversed forms), SPLICES and TAIL. */
static mval bq_list(mrt *rt, mval x, int depth)
{
  mval parts = Qnil; /* reversed: each (list . FORMS-reversed) or (splice . FORM) */
  mval items = Qnil;
  bool all_const = true;
  mval p = x;
  for (; CONSP(p); p = XCDR(p)) {
    if (XCAR(p) == Qcomma && depth == 0) /* dotted ,tail */
      break;
    if (XCAR(p) == Qcomma || XCAR(p) == Qcomma_at || XCAR(p) == Qbackquote)
      break;
    mval e = XCAR(p);
    if (CONSP(e) && XCAR(e) == Qcomma_at && depth == 0) {
      if (!NILP(items))
        parts = Fcons(rt, Fcons(rt, Qt, items), parts);
      items = Qnil;
      parts = Fcons(rt, Fcons(rt, Qnil, car_safe(XCDR(e))), parts);
      all_const = false;
      continue;
    }
    mval f = bq_expand(rt, e, depth);
    all_const &= constant_form(rt, f);
    items = Fcons(rt, f, items);
  }
  /* A cons tail is (a . ,b), read as (a \, b); a vector tail may hold
     unquotes of its own. */
  mval tail = NILP(p) ? Qnil : bq_expand(rt, p, depth);
  if (all_const && constant_form(rt, tail))
    return list2(rt, Qquote, x);
  if (!NILP(items))
    parts = Fcons(rt, Fcons(rt, Qt, items), parts);
  /* Fold from the end: tail, then parts in reverse order. */
  mval form = tail;
  for (; CONSP(parts); parts = XCDR(parts)) {
    mval part = XCAR(parts);
    if (XCAR(part) == Qnil) { /* a splice */
      form = NILP(form) ? XCDR(part)
                        : list3(rt, Qappend, XCDR(part), form);
      continue;
    }
    for (mval f = XCDR(part); CONSP(f); f = XCDR(f)) {
      mval item = XCAR(f);
      if (constant_form(rt, item) && (NILP(form) || quoted(form)))
        form = list2(rt, Qquote, Fcons(rt, quote_value(rt, item), quote_value(rt, form)));
      else if (NILP(form))
        form = list2(rt, Qlist, item);
      else if (CONSP(form) && XCAR(form) == Qlist)
        form = Fcons(rt, XCAR(form), Fcons(rt, item, XCDR(form)));
      else
        form = list3(rt, Qcons, item, form);
    }
  }
  return form;
}

static mval bq_expand(mrt *rt, mval x, int depth)
{
  check_c_stack(rt, 0);
  if (VECTORP(x)) {
    mval l = Qnil;
    for (int64_t i = VECTOR_LENGTH(x); i-- > 0;)
      l = Fcons(rt, AREF(x, i), l);
    mval f = bq_list(rt, l, depth);
    if (constant_form(rt, f))
      return list2(rt, Qquote, x);
    if (CONSP(f) && XCAR(f) == Qlist)
      return Fcons(rt, Qvector, XCDR(f));
    return list2(rt, Qvconcat, f);
  }
  if (!CONSP(x))
    return self_evaluating(rt, x) ? x : list2(rt, Qquote, x);
  mval head = XCAR(x);
  if (head == Qcomma || head == Qcomma_at) {
    if (depth == 0)
      return car_safe(XCDR(x));
    return bq_keep_unquote(rt, head, x, depth - 1);
  }
  if (head == Qbackquote) {
    mval inner = bq_expand(rt, car_safe(XCDR(x)), depth + 1);
    if (constant_form(rt, inner))
      return list2(rt, Qquote, list2(rt, Qbackquote, quote_value(rt, inner)));
    return list3(rt, Qlist, list2(rt, Qquote, Qbackquote), inner);
  }
  return bq_list(rt, x, depth);
}

/* ================================================================== */
/* Printing support and introspection                                 */
/* ================================================================== */

/* FN's (ARGS . BODY): of its list once watched, else its code's or
   its stub's source. */
static mval closure_source(mval fn)
{
  const mval *s = CLOSURE_SLOTS(fn);
  if (is_watched(fn))
    return cdr_safe(cdr_safe(AREF(s[CL_LIST], W_LIST)));
  return NILP(s[CL_CODE]) ? XCAR(s[CL_LIST]) : XCODE(s[CL_CODE])->source;
}

/* (closure ENV ARGS . BODY) */
static mval closure_list(mrt *rt, mval fn, mval env)
{
  return Fcons(rt, Qclosure, Fcons(rt, env, closure_source(fn)));
}

/* The entry for recorded (NAME . INDEX): a boxed variable's is its
   box (INDEX -1-I), shared with every closure of that binding. */
static mval closure_entry(mrt *rt, mval fn, mval recorded_entry)
{
  int64_t i = XFIXNUM(XCDR(recorded_entry));
  const mval *values = CLOSURE_SLOTS(fn) + CL_CAPTURED;
  return i < 0 ? values[-1 - i] : Fcons(rt, XCAR(recorded_entry), values[i]);
}

/* The ENV of closure FN's list. */
static mval closure_env_list(mrt *rt, mval fn)
{
  return car_safe(cdr_safe(closure_as_list(rt, fn)));
}

/* The environment that follows FN's own entries, as closure_env
   recorded it in TAIL: a constant, or the very list of the closure FN
   was made in (kept among FN's values), shared as in Emacs. */
static mval env_tail(mrt *rt, mval fn, mval tail)
{
  if (!FIXNUMP(tail))
    return tail;
  return closure_env_list(rt, CLOSURE_SLOTS(fn)[CL_CAPTURED + XFIXNUM(tail)]);
}

/* The environment from a spine cell on, recorded as (INDEX . LENGTH):
   the chain's last cell first gets the environment of the closure that
   stood for it (see "Spines"). */
static mval spine_env(mrt *rt, mval fn, mval recorded)
{
  mval env = CLOSURE_SLOTS(fn)[CL_CAPTURED + XFIXNUM(XCAR(recorded))];
  mval last = env;
  for (int64_t i = 1; i < XFIXNUM(XCDR(recorded)) && CONSP(XCDR(last)); i++)
    last = XCDR(last);
  if (PVECP(XCDR(last), PVEC_CLOSURE))
    gc_setcdr(rt->gc, last, closure_env_list(rt, XCDR(last)));
  return env;
}

/* (closure ENV ARGS . BODY) from what closure_env recorded. */
static mval closure_with_env(mrt *rt, mval fn, mval recorded)
{
  mval items = Qnil; /* reversed */
  mval env = Qunbound;
  for (mval e = XCAR(recorded); CONSP(e) && env == Qunbound; e = XCDR(e)) {
    mval x = XCAR(e);
    if (CONSP(x) && CONSP(XCDR(x)))
      env = spine_env(rt, fn, XCDR(x));
    else
      items = Fcons(rt, CONSP(x) ? closure_entry(rt, fn, x) : x, items);
  }
  if (env == Qunbound)
    env = env_tail(rt, fn, XCDR(recorded));
  for (; CONSP(items); items = XCDR(items))
    env = Fcons(rt, XCAR(items), env);
  return closure_list(rt, fn, env);
}

/* What closure_env recorded for FN, analysed: (ENTRIES . TAIL). */
static mval closure_recorded_env(mrt *rt, mval fn)
{
  mval env = XCODE(CLOSURE_SLOTS(fn)[CL_CODE])->env;
  return NILP(env) ? list2(rt, Qnil, Qt) : env;
}

/* A top-level closure is analysed here if it has not run yet: its
   LIST slot then holds its source.  So a defvar evaluated after that
   and before its first call does not make its variable special in it. */
mval closure_as_list(mrt *rt, mval fn)
{
  const mval *s = CLOSURE_SLOTS(fn);
  if (is_watched(fn))
    return AREF(s[CL_LIST], W_LIST);
  if (NILP(s[CL_CODE]))
    analyse_closure(rt, fn);
  expose(rt, s[CL_CODE]); /* the closures sharing its source too */
  mval list = closure_with_env(rt, fn, closure_recorded_env(rt, fn));
  watch_closure(rt, fn, list);
  return list;
}

bool functionp(mrt *rt, mval fn)
{
  if (SYMBOLP(fn)) {
    if (NILP(fn))
      return false;
    fn = indirect_function(rt, fn);
  }
  if (PVECP(fn, PVEC_SUBR))
    return XSUBR(fn)->max_args != ARGS_UNEVALLED;
  if (PVECP(fn, PVEC_CLOSURE) || PVECP(fn, PVEC_COMPILED))
    return true;
  if (is_autoload(fn)) /* unless it loads a macro or keymap */
    return NILP(autoload_type(fn));
  return CONSP(fn) && (XCAR(fn) == Qlambda || XCAR(fn) == Qclosure);
}

/* The arguments F's call was given, as a list. */
static mval frame_args(mrt *rt, const struct bt_frame *f)
{
  if (f->nargs >= 0)
    return listn(rt, (size_t)f->nargs, f->args);
  size_t fixed = (size_t)(-f->nargs - 1);
  mval rest = f->args[fixed];
  for (size_t i = fixed; i-- > 0;)
    rest = Fcons(rt, f->args[i], rest);
  return rest;
}

mval eval_backtrace(mrt *rt)
{
  mval frames = Qnil, tail = Qnil;
  for (struct bt_frame *f = rt->backtrace; f; f = f->prev) {
    if (!f->args)
      continue; /* a form's, see signal_in_form */
    mval frame = Fcons(rt, f->fn, frame_args(rt, f));
    mval cell = Fcons(rt, frame, Qnil);
    if (NILP(frames))
      frames = cell;
    else
      gc_setcdr(rt->gc, tail, cell);
    tail = cell;
  }
  return frames;
}

/* ================================================================== */
/* Primitives                                                         */
/* ================================================================== */

/* True when ARGS[0..NARGS) is the top of the value stack, as it is
   when the evaluator called the primitive: then a call can reuse it. */
static bool args_on_stack_top(mrt *rt, int nargs, mval *args)
{
  return args >= rt->stack && args + nargs == rt->stack + rt->stack_top;
}

static mval Ffuncall(mrt *rt, int nargs, mval *args)
{
  if (args_on_stack_top(rt, nargs, args))
    return call_stack(rt, args[0], nargs - 1, (size_t)(args + 1 - rt->stack));
  return funcall(rt, args[0], nargs - 1, args + 1);
}

static mval Fapply(mrt *rt, int nargs, mval *args)
{
  mval last = args[nargs - 1];
  if (nargs == 1) { /* (apply '(f a b)); (apply nil) calls nil */
    CHECK_LIST(rt, last);
    return NILP(last) ? apply_list(rt, Qnil, Qnil) : apply_list(rt, XCAR(last), XCDR(last));
  }
  CHECK_LIST(rt, last);
  int64_t n = count_conses(rt, last);
  /* Emacs spreads a one-element list into apply's own last argument,
     which its backtrace then shows. */
  if (n == 1 && NILP(XCDR(last)))
    args[nargs - 1] = XCAR(last);
  size_t base = rt->stack_top;
  if (base + (size_t)(nargs + n) + 8 > rt->stack_cap)
    nesting_error(rt);
  for (int i = 1; i < nargs - 1; i++)
    rt->stack[rt->stack_top++] = args[i];
  for (; CONSP(last); last = XCDR(last))
    rt->stack[rt->stack_top++] = XCAR(last);
  if (!NILP(last)) {
    rt->stack_top = base;
    wrong_type_argument(rt, Qlistp, last);
  }
  mval r = call_stack(rt, args[0], (int)(rt->stack_top - base), base);
  rt->stack_top = base;
  return r;
}

static mval Feval(mrt *rt, int nargs, mval *args)
{
  return eval_in(rt, args[0], args[1], false);
}

static mval Fsignal(mrt *rt, int nargs, mval *args)
{
  /* An error symbol that is no symbol has no error-conditions to look
     up: Emacs signals that lookup's error instead, and no handler could
     match the original anyway. */
  mval sym = args[0];
  if (NILP(sym) && !NILP(args[1])) {
    if (!CONSP(args[1]))
      wrong_type_argument(rt, Qlistp, args[1]);
    sym = XCAR(args[1]);
  }
  if (!SYMBOLP(sym))
    wrong_type_argument(rt, Qsymbolp, sym);
  if (NILP(args[0]) && CONSP(args[1])) /* Emacs calls no debugger for these */
    mrt_signal_object(rt, args[1]);
  /* (signal nil nil) is a plain error in Emacs 28 */
  mrt_signal(rt, NILP(args[0]) && NILP(args[1]) ? Qerror : args[0], args[1]);
}

static mval Fthrow(mrt *rt, int nargs, mval *args)
{
  /* Emacs never finds a catch for the tag nil, even inside (catch nil) */
  if (NILP(args[0]))
    xsignal2(rt, Qno_catch, Qnil, args[1]);
  mrt_throw(rt, args[0], args[1]);
}

/* Signals, as Emacs's define-error would, for a parent list or a
   parent's error-conditions that is circular or dotted: the walk that
   merges them (define_error_object) trusts them to end. */
static void check_error_parents(mrt *rt, mval parents)
{
  mval one = list1(rt, parents);
  mval all = CONSP(parents) ? parents : one;
  list_length(rt, all);
  for (mval l = all; CONSP(l); l = XCDR(l)) {
    mval conds = SYMBOLP(XCAR(l)) ? get_prop(rt, XCAR(l), Qerror_conditions) : Qnil;
    if (CONSP(conds))
      list_length(rt, conds);
  }
}

static mval Fdefine_error(mrt *rt, int nargs, mval *args)
{
  check_error_parents(rt, args[2]);
  define_error_object(rt, args[0], args[1], NILP(args[2]) ? Qerror : args[2]);
  return args[1]; /* what Emacs's last `put' returns */
}

static mval Ffunctionp(mrt *rt, int nargs, mval *args)
{
  return functionp(rt, args[0]) ? Qt : Qnil;
}

/* (MIN . MAX), MAX being many or unevalled when not a number. */
static mval subr_arity(mrt *rt, mval fn)
{
  struct subr *s = XSUBR(fn);
  mval max = s->max_args == ARGS_MANY        ? Qmany
             : s->max_args == ARGS_UNEVALLED ? Qunevalled
                                             : make_fixnum(s->max_args);
  return Fcons(rt, make_fixnum(s->min_args), max);
}

static mval Fsubr_arity(mrt *rt, int nargs, mval *args)
{
  if (!PVECP(args[0], PVEC_SUBR))
    wrong_type_argument(rt, intern(rt, "subrp"), args[0]);
  return subr_arity(rt, args[0]);
}

/* A function's body, or Qunbound when FN is none we can look into. */
static mval function_body(mval fn)
{
  if (PVECP(fn, PVEC_CLOSURE))
    return cdr_safe(closure_source(fn));
  if (CONSP(fn) && XCAR(fn) == Qlambda)
    return cdr_safe(XCDR(fn));
  if (CONSP(fn) && XCAR(fn) == Qclosure)
    return cdr_safe(cdr_safe(XCDR(fn)));
  return Qunbound;
}

/* The primitives that are commands in Emacs 28 (some of them Lisp
   functions there), with their specs, so that commandp,
   interactive-form and call-interactively see them as in Emacs.  A
   spec opening with a parenthesis is a form, read when asked for. */
static const struct { const char *name, *spec; } primitive_commands[] = {
  { "forward-char", "^p" }, { "backward-char", "^p" }, { "forward-line", "^p" },
  { "beginning-of-line", "^p" }, { "end-of-line", "^p" }, { "delete-char", "p\nP" },
  { "delete-region", "r" }, { "narrow-to-region", "r" }, { "widen", "" },
  { "erase-buffer", "*" }, { "buffer-enable-undo", "" }, { "garbage-collect", "" },
  { "kill-buffer", "bKill buffer: " }, { "kill-emacs", "P" },
  { "kill-local-variable", "vKill Local Variable: " },
  { "make-local-variable", "vMake Local Variable: " },
  { "make-variable-buffer-local", "vMake Variable Buffer Local: " },
  { "make-indirect-buffer", "bMake indirect buffer (to buffer): \nBName of indirect buffer: " },
  { "make-symbolic-link", "FMake symbolic link to file: \nGMake symbolic link to file %s: \np" },
  { "rename-file", "fRename file: \nGRename %s to file: \np" },
  { "copy-file", "fCopy file: \nGCopy %s to file: \np\nP" },
  { "add-name-to-file", "fAdd name to file: \nGName to add to %s: \np" },
  { "modify-syntax-entry", "cSet syntax for character: \nsSet syntax for %s to: " },
  { "re-search-forward", "sRE search: " }, { "re-search-backward", "sRE search backward: " },
  { "search-forward", "MSearch: " }, { "search-backward", "MSearch backward: " },
  { "replace-buffer-contents", "bSource buffer: " },
  { "signal-process", "sProcess (name or number): \nnSignal code: " },
  { "write-region", "r\nFWrite region to file: \ni\ni\ni\np" },
  { "goto-char", "(goto-char--read-natnum-interactive \"Go to char: \")" },
  { "insert-char", "(list (read-char-by-name \"Insert character (Unicode name or hex): \")"
                   " (prefix-numeric-value current-prefix-arg) t)" },
  { "rename-buffer", "(list (read-string \"Rename buffer (to new name): \" nil 'buffer-name-history"
                     " (buffer-name (current-buffer))) current-prefix-arg)" },
  { "transpose-regions", "(if (< (length mark-ring) 2) (error \"Other region must be marked"
                         " before transposing two regions\") (let* ((num (if current-prefix-arg"
                         " (prefix-numeric-value current-prefix-arg) 0)) (ring-length (length"
                         " mark-ring)) (eltnum (mod num ring-length)) (eltnum2 (mod (1+ num)"
                         " ring-length))) (list (point) (mark) (elt mark-ring eltnum)"
                         " (elt mark-ring eltnum2))))" },
  { "delete-file", "(list (read-file-name (if (and delete-by-moving-to-trash (null"
                   " current-prefix-arg)) \"Move file to trash: \" \"Delete file: \") nil"
                   " default-directory (confirm-nonexistent-file-or-buffer)) (null current-prefix-arg))" },
  { "set-file-modes", "(let ((file (read-file-name \"File: \")))"
                      " (list file (read-file-modes nil file)))" },
  /* Lisp functions in Emacs, whose specs are compiled there. */
  { "delete-directory", "(callint--directory-to-delete)" },
  { "make-directory", "(list (read-file-name \"Make directory: \" default-directory"
                      " default-directory nil nil) t)" },
  { "getenv", "(list (read-envvar-name \"Get environment variable: \" t))" },
  { "setenv", "(callint--setenv-args)" },
};

static mval primitive_spec(mrt *rt, mval subr)
{
  mval name = XSYMBOL(rt, XSUBR(subr)->name)->name;
  for (size_t i = 0; i < sizeof primitive_commands / sizeof primitive_commands[0]; i++) {
    const char *spec = primitive_commands[i].spec;
    if (strcmp((const char *)XSTRING(name)->data, primitive_commands[i].name) != 0)
      continue;
    if (spec[0] != '(')
      return list2(rt, Qinteractive, make_cstring(rt, spec));
    size_t pos = 0;
    return list2(rt, Qinteractive, read_one(rt, spec, strlen(spec), &pos, NULL, false));
  }
  return Qnil;
}

/* The (interactive ...) form of FN (no symbol), or nil: the one in a
   function's body, or a byte-code function's spec slot made into one
   (of Emacs 28's [SPEC MODES], the SPEC); a primitive's from the table.  */
static mval interactive_spec(mrt *rt, mval fn)
{
  if (PVECP(fn, PVEC_SUBR))
    return primitive_spec(rt, fn);
  if (COMPILEDP(fn)) {
    if ((int64_t)vl_header_nlisp(XVL(fn)->header) <= COMPILED_INTERACTIVE)
      return Qnil;
    mval spec = AREF(fn, COMPILED_INTERACTIVE);
    if (VECTORP(spec) && VECTOR_LENGTH(spec) > 0)
      spec = AREF(spec, 0);
    return list2(rt, Qinteractive, spec);
  }
  for (mval body = function_body(fn); CONSP(body); body = XCDR(body))
    if (CONSP(XCAR(body)) && XCAR(XCAR(body)) == Qinteractive)
      return XCAR(body);
  return Qnil;
}

/* (commandp FUNCTION &optional FOR-CALL-INTERACTIVELY): a function
   with an interactive form, or a keyboard macro (a string or vector).
   As in Emacs a symbol on the chain with an interactive-form property
   is a command too (so is `ignore', given one in subr.el). */
static mval Fcommandp(mrt *rt, int nargs, mval *args)
{
  mval fn = args[0];
  for (int i = 0; SYMBOLP(fn) && !NILP(fn); i++) {
    if (i > 1000)
      xsignal1(rt, Qcyclic_function_indirection, args[0]);
    if (!NILP(plist_get(XSYMBOL(rt, fn)->plist, Qinteractive_form)))
      return Qt;
    fn = XSYMBOL(rt, fn)->function;
  }
  if (STRINGP(fn) || VECTORP(fn))
    return NILP(args[1]) ? Qt : Qnil;
  if (is_autoload(fn)) /* (autoload FILE DOC INTERACTIVE TYPE) */
    return NILP(car_safe(cdr_safe(cdr_safe(XCDR(fn))))) ? Qnil : Qt;
  return NILP(interactive_spec(rt, fn)) ? Qnil : Qt;
}

/* (interactive-form CMD): the interactive-form property of CMD or of
   a symbol on its chain of function cells, else its (interactive ...). */
static mval Finteractive_form(mrt *rt, int nargs, mval *args)
{
  mval fn = args[0];
  for (int i = 0; SYMBOLP(fn) && !NILP(fn); i++) {
    if (i > 1000)
      xsignal1(rt, Qcyclic_function_indirection, args[0]);
    mval prop = plist_get(XSYMBOL(rt, fn)->plist, Qinteractive_form);
    if (!NILP(prop))
      return prop;
    fn = XSYMBOL(rt, fn)->function;
  }
  if (is_autoload(fn) && SYMBOLP(args[0])) { /* as in Emacs, its file is loaded */
    fn = autoload_do_load(rt, fn, args[0], false);
    return is_autoload(fn) ? Qnil : Finteractive_form(rt, nargs, args);
  }
  return interactive_spec(rt, fn);
}

static mval Ffunc_arity(mrt *rt, int nargs, mval *args)
{
  mval fn = args[0];
  if (SYMBOLP(fn)) {
    fn = indirect_function(rt, fn);
    if (NILP(fn))
      xsignal1(rt, Qvoid_function, args[0]);
    if (is_autoload(fn)) /* as in Emacs, its file is loaded */
      return autoload_do_load(rt, fn, args[0], false), Ffunc_arity(rt, nargs, args);
  }
  if (CONSP(fn) && XCAR(fn) == Qmacro)
    fn = XCDR(fn);
  if (PVECP(fn, PVEC_SUBR))
    return subr_arity(rt, fn);
  if (PVECP(fn, PVEC_COMPILED))
    return compiled_arity(rt, fn);
  /* As Emacs, a function list without an argument list is invalid,
     named without its `closure'. */
  mval source;
  if (PVECP(fn, PVEC_CLOSURE)) {
    source = closure_source(fn);
    if (!CONSP(source))
      xsignal1(rt, Qinvalid_function, closure_error_form(rt, fn));
  } else if (CONSP(fn) && XCAR(fn) == Qlambda) {
    source = XCDR(fn);
    if (!CONSP(source))
      xsignal1(rt, Qinvalid_function, fn);
  } else if (CONSP(fn) && XCAR(fn) == Qclosure) {
    source = cdr_safe(XCDR(fn));
    if (!CONSP(source))
      xsignal1(rt, Qinvalid_function, XCDR(fn));
  } else {
    xsignal1(rt, Qinvalid_function, args[0]);
  }
  mval arglist = XCAR(source);
  int64_t min = 0, max = 0;
  bool opt = false;
  for (; CONSP(arglist); arglist = XCDR(arglist)) {
    mval a = XCAR(arglist);
    if (a == Qand_rest)
      return Fcons(rt, make_fixnum(min), Qmany);
    if (a == Qand_optional)
      opt = true;
    else {
      max++;
      min += !opt;
    }
  }
  return Fcons(rt, make_fixnum(min), make_fixnum(max));
}

static mval Fspecial_variable_p(mrt *rt, int nargs, mval *args)
{
  CHECK_SYMBOL(rt, args[0]);
  return XSYMBOL(rt, args[0])->special ? Qt : Qnil;
}

static mval Fspecial_form_p(mrt *rt, int nargs, mval *args)
{
  mval f = SYMBOLP(args[0]) ? indirect_function(rt, args[0]) : args[0];
  return is_special_form(f) ? Qt : Qnil;
}

static mval Fmacrop(mrt *rt, int nargs, mval *args)
{
  mval f = SYMBOLP(args[0]) ? indirect_function(rt, args[0]) : args[0];
  if (is_macro_autoload(f)) /* Emacs's macrop returns this (memq TYPE '(macro t)) */
    return autoload_type(f) == Qmacro ? list2(rt, Qmacro, Qt) : list1(rt, Qt);
  return is_macro(f) ? Qt : Qnil;
}

static mval Fmacroexpand_1(mrt *rt, int nargs, mval *args)
{
  bool expanded;
  return macroexpand_1(rt, args[0], args[1], &expanded);
}

static mval Fmacroexpand(mrt *rt, int nargs, mval *args)
{
  return macroexpand(rt, args[0], args[1]);
}

/* Expanders (cl-macrolet's, for one) read the environment from
   macroexpand-all-environment, as in Emacs. */
static mval Fmacroexpand_all(mrt *rt, int nargs, mval *args)
{
  size_t count = rt->specpdl_depth;
  specbind(rt, Qmacroexpand_all_environment, args[1]);
  mval r = macroexpand_all(rt, args[0], args[1]);
  unbind_to(rt, count);
  return r;
}

/* (autoload FUNCTION FILE &optional DOCSTRING INTERACTIVE TYPE):
   a function already defined is left alone. */
static mval Fautoload(mrt *rt, int nargs, mval *args)
{
  CHECK_SYMBOL(rt, args[0]);
  CHECK_STRING(rt, args[1]);
  struct symbol *s = XSYMBOL(rt, args[0]);
  if (!NILP(s->function) && !is_autoload(s->function))
    return Qnil;
  eval_note_fset(rt, args[0]);
  SYMBOL_SET(rt->gc, s, function, Fcons(rt, Qautoload, listn(rt, 4, args + 1)));
  load_history_attach(rt, Fcons(rt, Qautoload, args[0]));
  return args[0];
}

/* (autoload-do-load FUNDEF &optional FUNNAME MACRO-ONLY) */
static mval Fautoload_do_load(mrt *rt, int nargs, mval *args)
{
  return autoload_do_load(rt, args[0], args[1], args[2] == Qmacro);
}

/* As in Emacs, a symbol's `defalias-fset-function' property (nadvice
   sets it on advised functions) stores what defalias gives it. */
static mval Fdefalias(mrt *rt, int nargs, mval *args)
{
  CHECK_SYMBOL(rt, args[0]);
  if (NILP(args[0]))
    xsignal1(rt, Qsetting_constant, args[0]);
  mval old = XSYMBOL(rt, args[0])->function;
  if (CONSP(old) && XCAR(old) == Qautoload)
    load_history_attach(rt, Fcons(rt, Qt, args[0]));
  bool autoload = CONSP(args[1]) && XCAR(args[1]) == Qautoload;
  load_history_attach(rt, Fcons(rt, autoload ? Qautoload : Qdefun, args[0]));
  mval hook = get_prop(rt, args[0], Qdefalias_fset_function);
  if (!NILP(hook)) {
    call2(rt, hook, args[0], args[1]);
  } else {
    eval_note_fset(rt, args[0]);
    SYMBOL_SET(rt->gc, XSYMBOL(rt, args[0]), function, args[1]);
  }
  if (nargs > 2 && !NILP(args[2])) /* as Emacs keeps it, for `documentation' */
    put_prop(rt, args[0], intern(rt, "function-documentation"), args[2]);
  return args[0];
}

/* The innermost frame of a call to BASE (compared as Emacs does,
   through function indirection), or the innermost frame for nil.  A
   void BASE matches only its own frames: the startup functions'
   frames name functions marrow does not define. */
static struct bt_frame *frame_of(mrt *rt, mval base)
{
  struct bt_frame *f = rt->backtrace;
  if (NILP(base))
    return f;
  mval target = indirect_function(rt, base);
  while (f && f->fn != base && (NILP(target) || indirect_function(rt, f->fn) != target))
    f = f->prev;
  return f;
}

/* A place in the backtrace as Emacs shows it: the call F (FORM NULL),
   or FORM, one of the forms around F's call in its caller's body,
   which Emacs's interpreter shows as frames of their own: the special
   forms and the calls whose arguments are still being evaluated.
   Only these walks read the forms, so the calls pay nothing for them. */
struct bt_pos {
  struct bt_frame *f;
  const struct form_rec *form;
};

/* P, or where the walk goes on from it when it is a frame with no
   call of its own (signal_in_form's): at the form of its site. */
static struct bt_pos settle(struct bt_pos p)
{
  while (p.f && !p.form && !p.f->args) {
    p.form = p.f->site;
    if (!p.form)
      p.f = p.f->prev;
  }
  return p;
}

static struct bt_pos next_pos(struct bt_pos p)
{
  if (!p.form)
    p.form = p.f->site ? p.f->site->up : NULL;
  else
    p.form = p.form->up;
  if (!p.form)
    p.f = p.f->prev;
  return settle(p);
}

static struct bt_pos first_pos(mrt *rt, mval base)
{
  return settle((struct bt_pos){frame_of(rt, base), NULL});
}

/* Calls FUNCTION as Emacs's backtrace functions do: with EVALD (t: a
   call whose arguments are evaluated; nil: a form being evaluated),
   the function, the argument list and the frame's flags (none here). */
static mval apply_to_frame(mrt *rt, mval function, struct bt_pos p)
{
  mval call[5] = {function, Qt, p.f->fn, Qnil, Qnil};
  if (p.form) {
    call[1] = Qnil;
    call[2] = XCAR(p.form->form);
    call[3] = XCDR(p.form->form);
  } else {
    call[3] = frame_args(rt, p.f);
  }
  return funcall(rt, call[0], 4, call + 1);
}

/* (mapbacktrace FUNCTION &optional BASE): FUNCTION on each frame from
   BASE's (mapbacktrace's own by default) outwards.  Outer frames stay
   put while FUNCTION runs: they live on the C stack below this call. */
static mval Fmapbacktrace(mrt *rt, int nargs, mval *args)
{
  mval base = NILP(args[1]) ? intern(rt, "mapbacktrace") : args[1];
  for (struct bt_pos p = first_pos(rt, base); p.f; p = next_pos(p))
    apply_to_frame(rt, args[0], p);
  return Qnil;
}

/* (backtrace-frame--internal FUNCTION NFRAMES BASE): FUNCTION on the
   frame NFRAMES out from BASE's, or nil past the outermost. */
static mval Fbacktrace_frame_internal(mrt *rt, int nargs, mval *args)
{
  int64_t n = check_natnum(rt, args[1]);
  struct bt_pos p = first_pos(rt, args[2]);
  for (; p.f && n > 0; n--)
    p = next_pos(p);
  return p.f ? apply_to_frame(rt, args[0], p) : Qnil;
}

/* Special forms are analysed by the evaluator; these subrs exist so
   that special-form-p, fboundp and func-arity see them. */
static mval Fspecial_form(mrt *rt, int nargs, mval *args)
{
  xsignal1(rt, Qinvalid_function, Qnil);
  return Qnil;
}

/* ---- Macros written in C ---- */

static mval Fbackquote(mrt *rt, int nargs, mval *args)
{
  return bq_expand(rt, args[0], 0);
}

/* BODY without (declare ...) forms after the docstring. */
static mval strip_declare(mrt *rt, mval body)
{
  if (CONSP(body) && STRINGP(XCAR(body)) && CONSP(XCDR(body)))
    return Fcons(rt, XCAR(body), strip_declare(rt, XCDR(body)));
  while (CONSP(body) && CONSP(XCAR(body)) && XCAR(XCAR(body)) == Qdeclare)
    body = XCDR(body);
  return body;
}

static mval lambda_form(mrt *rt, mval args, mval body)
{
  return list2(rt, Qfunction, Fcons(rt, Qlambda, Fcons(rt, args, strip_declare(rt, body))));
}

/* The (declare ...) of a definition's BODY where Emacs looks for it:
   the first form, or the one after a docstring; else nil. */
static mval declare_form(mval body)
{
  if (CONSP(body) && STRINGP(XCAR(body)))
    body = XCDR(body);
  mval first = CONSP(body) ? XCAR(body) : Qnil;
  return CONSP(first) && XCAR(first) == Qdeclare ? first : Qnil;
}

/* DEF, the defalias of NAME, followed (in a prog1) by the forms its
   declarations ask for, as Emacs's byte-run expands them: EXPANDER,
   in lisp/subr.el, makes them from NAME, ARGLIST and the specs. */
static mval with_declarations(mrt *rt, mval expander, mval name, mval arglist, mval body,
                              mval def)
{
  mval decl = declare_form(body);
  if (NILP(decl) || NILP(XSYMBOL(rt, expander)->function))
    return def;
  mval forms = call3(rt, expander, name, arglist, XCDR(decl));
  return NILP(forms) ? def : Fcons(rt, Qprog1, Fcons(rt, def, forms));
}

/* As Emacs's defun macro: ARGLIST must be a list of symbols (a dotted
   one fails as mapcar fails on it). */
static void check_defun_arglist(mrt *rt, mval arglist)
{
  bool symbols = true;
  mval t = arglist;
  FOR_EACH_TAIL(rt, t, arglist)
    symbols &= SYMBOLP(XCAR(t));
  if (!NILP(t) && t != arglist)
    wrong_type_argument(rt, Qlistp, t);
  if (!symbols || !NILP(t))
    call2(rt, Qerror, make_cstring(rt, "Malformed arglist: %s"), arglist);
}

static mval Fdefun(mrt *rt, int nargs, mval *args)
{
  CHECK_SYMBOL(rt, args[0]);
  check_defun_arglist(rt, args[1]);
  mval rest = args[nargs - 1];
  mval def = list3(rt, Qdefalias, list2(rt, Qquote, args[0]), lambda_form(rt, args[1], rest));
  return with_declarations(rt, Qmarrow__defun_declarations, args[0], args[1], rest, def);
}

static mval Fdefmacro(mrt *rt, int nargs, mval *args)
{
  CHECK_SYMBOL(rt, args[0]);
  mval rest = args[nargs - 1];
  mval fn = list3(rt, Qcons, list2(rt, Qquote, Qmacro),
                  lambda_form(rt, args[1], rest));
  mval def = list3(rt, Qdefalias, list2(rt, Qquote, args[0]), fn);
  return with_declarations(rt, Qmarrow__macro_declarations, args[0], args[1], rest, def);
}

/* (lambda . CDR) is #'(lambda . CDR), even without an argument list. */
static mval Mlambda(mrt *rt, int nargs, mval *args)
{
  return list2(rt, Qfunction, Fcons(rt, Qlambda, listn(rt, (size_t)nargs, args)));
}

static mval Fdeclare(mrt *rt, int nargs, mval *args) { return Qnil; }

static mval Fprog2(mrt *rt, int nargs, mval *args)
{
  mval rest = args[nargs - 1];
  return list3(rt, Qprogn, args[0], Fcons(rt, Qprog1, Fcons(rt, args[1], rest)));
}

/* Subrs with &rest receive the rest as separate arguments; the macro
   wrappers want (A B . REST): these adapt. */
#define REST_MACRO(name, fixed, impl)                                   \
  static mval name(mrt *rt, int nargs, mval *args)                      \
  {                                                                     \
    mval v[fixed + 1];                                                  \
    for (int i = 0; i < fixed; i++)                                     \
      v[i] = i < nargs ? args[i] : Qnil;                                \
    v[fixed] = nargs > fixed ? listn(rt, (size_t)(nargs - fixed), args + fixed) : Qnil; \
    return impl(rt, fixed + 1, v);                                      \
  }
REST_MACRO(Mdefun, 2, Fdefun)
REST_MACRO(Mdefmacro, 2, Fdefmacro)
REST_MACRO(Mprog2, 2, Fprog2)

static const struct subr_def eval_subrs[] = {
  {"funcall", Ffuncall, 1, ARGS_MANY},
  {"apply", Fapply, 1, ARGS_MANY},
  {"eval", Feval, 1, 2},
  {"signal", Fsignal, 2, 2},
  {"throw", Fthrow, 2, 2},
  {"define-error", Fdefine_error, 2, 3},
  {"functionp", Ffunctionp, 1, 1},
  {"func-arity", Ffunc_arity, 1, 1},
  {"subr-arity", Fsubr_arity, 1, 1},
  {"commandp", Fcommandp, 1, 2},
  {"interactive-form", Finteractive_form, 1, 1},
  {"special-variable-p", Fspecial_variable_p, 1, 1},
  {"special-form-p", Fspecial_form_p, 1, 1},
  {"macrop", Fmacrop, 1, 1},
  {"macroexpand-1", Fmacroexpand_1, 1, 2},
  {"macroexpand", Fmacroexpand, 1, 2},
  {"macroexpand-all", Fmacroexpand_all, 1, 2},
  {"macroexp--eager-trail-frames", Fmacroexp__eager_trail_frames, 0, 0},
  {"defalias", Fdefalias, 2, 3},
  {"autoload", Fautoload, 2, 5},
  {"autoload-do-load", Fautoload_do_load, 1, 3},
  {"mapbacktrace", Fmapbacktrace, 1, 2},
  {"backtrace-frame--internal", Fbacktrace_frame_internal, 3, 3},
};

static const struct subr_def special_forms[] = {
  {"quote", Fspecial_form, 1, ARGS_UNEVALLED},
  {"function", Fspecial_form, 1, ARGS_UNEVALLED},
  {"setq", Fspecial_form, 0, ARGS_UNEVALLED},
  {"if", Fspecial_form, 2, ARGS_UNEVALLED},
  {"cond", Fspecial_form, 0, ARGS_UNEVALLED},
  {"and", Fspecial_form, 0, ARGS_UNEVALLED},
  {"or", Fspecial_form, 0, ARGS_UNEVALLED},
  {"progn", Fspecial_form, 0, ARGS_UNEVALLED},
  {"prog1", Fspecial_form, 1, ARGS_UNEVALLED},
  {"let", Fspecial_form, 1, ARGS_UNEVALLED},
  {"let*", Fspecial_form, 1, ARGS_UNEVALLED},
  {"while", Fspecial_form, 1, ARGS_UNEVALLED},
  {"defvar", Fspecial_form, 1, ARGS_UNEVALLED},
  {"defconst", Fspecial_form, 2, ARGS_UNEVALLED},
  {"catch", Fspecial_form, 1, ARGS_UNEVALLED},
  {"unwind-protect", Fspecial_form, 1, ARGS_UNEVALLED},
  {"condition-case", Fspecial_form, 2, ARGS_UNEVALLED},
  {"interactive", Fspecial_form, 0, ARGS_UNEVALLED},
  {"save-excursion", Fspecial_form, 0, ARGS_UNEVALLED},
  {"save-restriction", Fspecial_form, 0, ARGS_UNEVALLED},
  {"save-current-buffer", Fspecial_form, 0, ARGS_UNEVALLED},
};

static const struct subr_def c_macros[] = {
  {"`", Fbackquote, 1, 1},
  {"defun", Mdefun, 2, ARGS_MANY},
  {"defmacro", Mdefmacro, 2, ARGS_MANY},
  {"lambda", Mlambda, 0, ARGS_MANY},
  {"declare", Fdeclare, 0, ARGS_MANY},
  {"prog2", Mprog2, 2, ARGS_MANY},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void mark_eval_state(struct gc *g, void *ud)
{
  mrt *rt = ud;
  gc_mark(g, tag_ptr((char *)rt->eval - sizeof(uint64_t), TAG_VECTORLIKE));
  gc_mark(g, rt->eval->declared_specials);
  gc_mark(g, rt->eval->autoload_queue);
  gc_mark(g, rt->eval->retired_codes);
  gc_mark(g, rt->eval->eager_failure);
}

void eval_init(mrt *rt)
{
  /* The state lives in the heap, so runtime_close frees it. */
  size_t words = 1 + (sizeof(struct eval_state) + 7) / 8;
  mval obj = gc_vectorlike(rt->gc, PVEC_OPAQUE, words, 0);
  rt->eval = (struct eval_state *)(XVL(obj)->slots);
  gc_add_roots(rt->gc, mark_eval_state, rt);
  rt->eval->max_depth_sym = XSYMBOL(rt, Qmax_lisp_eval_depth);
  rt->eval->declared_specials = Qnil;
  rt->eval->autoload_queue = Qnil;
  rt->eval->retired_codes = Qnil;
  rt->eval->eager_failure = Qunbound;
  rt->eval->library_pending = -1;
  gc_set_finalizer(rt->gc, PVEC_CODE, code_finalize, NULL);
  /* Fixed capacity: frames hold raw pointers into the stack. */
  stack_reserve(rt, EVAL_STACK_SLOTS);

  defsubrs(rt, eval_subrs, COUNT(eval_subrs));
  defsubrs(rt, special_forms, COUNT(special_forms));
  defsubrs(rt, c_macros, COUNT(c_macros));
  for (size_t i = 0; i < COUNT(c_macros); i++) {
    struct symbol *s = XSYMBOL(rt, intern(rt, c_macros[i].name));
    SYMBOL_SET(rt->gc, s, function, Fcons(rt, Qmacro, s->function));
  }

  defvar(rt, Qmax_lisp_eval_depth, make_fixnum(1600)); /* Emacs 28.2's */
  defvar(rt, Qlexical_binding, Qt);
  defvar(rt, Qmacroexpand_all_environment, Qnil);
  /* As Emacs 29 names it; Emacs 28 signals a plain `error'. */
  mval recursion_error = intern(rt, "recursion-error");
  define_error(rt, recursion_error, "Excessive recursive calling error", Qerror);
  define_error(rt, Qexcessive_lisp_nesting, "Lisp nesting exceeds \u2018max-lisp-eval-depth\u2019",
               recursion_error);
  find_c_stack_limit(rt);
  eval_set_step_limit(rt, 0);
}
